//! JavaScript facade of the engine, compiled only for wasm32.
//!
//! Conversion only: JS values in, plain data out; the game is
//! [`crate::game::Game`], the worker's requests [`crate::service`], the
//! outputs' shapes [`crate::report`]; JS objects coming in are read by
//! `from_js` (the plane's module). Bad input from JavaScript gives a
//! `JsError` with a lowercase message; no input may panic (a panic would
//! trap the whole wasm instance).
//!
//! Two wasm modules are built from this crate, each exporting one part
//! (Cargo features; docs/release.md gives their sizes), so that a page
//! downloads only what it plays:
//!
//! - [`plane`] (feature `plane-module`, the default): the main page, the
//!   embed's plane boards, their workers (`www/pkg/sprouts*`).
//! - [`surface`] and [`pq`] (feature `surface-module`): the module fetched
//!   on demand, which carries the surface board (`surface.html`, its
//!   worker, `<sprouts-board surface>`) and (p, q) Sprouts (the page's and
//!   the embed's `pq:P,Q` games, their drawing and their analysis;
//!   `www/pkg/sprouts_surface*`). Its tracing, router and search, the
//!   (p, q) game, notation and solver, and the JSON parser of the surface's
//!   saved games, are in no plane page's download: a plane page fetches it
//!   only when a (p, q) game is made or analysed (www/engine.js).
//!
//! Both features together (additive) give one module with everything.

use crate::board::Point;
use serde::Serialize;
use wasm_bindgen::prelude::*;
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
use crate::{report::ProgressReport, service::{Options, Tell}};
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
use std::{ops::ControlFlow, rc::Rc};

/// The methods that the plane's `Game` and the on-demand module's
/// `PqGame` share, so that the page plays either through one set of names:
/// each calls the game's method of the same name (`crate::game::Game`,
/// `crate::game::PqGame`). A macro, because `#[wasm_bindgen]` exports no
/// generic or trait method; each module expands it for its own type only.
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
macro_rules! shared_game_methods {
    ($game:ident) => {
        #[wasm_bindgen]
        impl $game {
            /// The game as a saved-game file (JSON text).
            #[wasm_bindgen(js_name = toJson)]
            pub fn to_json(&self) -> String {
                let file = super::to_js(&self.0.to_file());
                js_sys::JSON::stringify(&file).ok().and_then(|s| s.as_string()).unwrap_or_default()
            }

            /// Sets the distances (board units) that decide what a stroke
            /// touches: the snap radius around spots, the clearance around
            /// spots, and around lines. The page scales them with the zoom.
            #[wasm_bindgen(js_name = setRules)]
            pub fn set_rules(&mut self, snap: f64, spot_clearance: f64, edge_clearance: f64) -> Result<(), JsError> {
                self.0.set_rules(crate::board::StrokeRules { snap, spot_clearance, edge_clearance }).map_err(super::err)
            }

            #[wasm_bindgen(getter)]
            pub fn spots(&self) -> u32 {
                self.0.spots() as u32
            }

            #[wasm_bindgen(getter)]
            pub fn misere(&self) -> bool {
                self.0.misere()
            }

            #[wasm_bindgen(getter)]
            pub fn width(&self) -> f64 {
                self.0.size().0
            }

            #[wasm_bindgen(getter)]
            pub fn height(&self) -> f64 {
                self.0.size().1
            }

            /// Moves shown (the undo cursor).
            #[wasm_bindgen(getter, js_name = moveCount)]
            pub fn move_count(&self) -> u32 {
                self.0.cursor() as u32
            }

            /// The moves played, in WGOSA notation.
            pub fn moves(&self) -> Vec<String> {
                self.0.moves().to_vec()
            }

            /// The drawing shown, as an SVG document (with a key to the spot
            /// shapes under it when `legend`).
            pub fn svg(&self, legend: bool) -> Result<String, JsError> {
                self.0.svg(&crate::board::SvgOptions { legend, ..crate::board::SvgOptions::default() }).map_err(super::err)
            }

            /// The game as a WGOSA record: `3+ 1(4)2 ... I` (the result once over).
            pub fn record(&self) -> String {
                self.0.record()
            }

            /// Render data: `[{n, x, y, lives}]`.
            #[wasm_bindgen(js_name = spotList)]
            pub fn spot_list(&self) -> JsValue {
                super::to_js(&self.0.spot_views())
            }

            /// Render data: `[{ends: [a, b], points: [x0, y0, x1, y1, ...]}]`.
            #[wasm_bindgen(js_name = edgeList)]
            pub fn edge_list(&self) -> JsValue {
                super::to_js(&self.0.edge_views())
            }

            /// `{moveNumber, toMove, over, winner, lastMover, misere, lives,
            /// liveSpots, why, canUndo, canRedo}` (a (p, q) game's has
            /// `linesLeft`, `newSpot`, `minMoves`, `maxMoves` too).
            pub fn status(&self) -> JsValue {
                super::to_js(&self.0.status())
            }

            #[wasm_bindgen(js_name = isOver)]
            pub fn is_over(&self) -> bool {
                self.0.is_over()
            }

            /// 1 or 2: the player to move.
            #[wasm_bindgen(js_name = toMove)]
            pub fn to_move(&self) -> u8 {
                self.0.to_move()
            }

            /// 1 or 2 once the game is over, else `undefined`.
            pub fn winner(&self) -> Option<u8> {
                self.0.winner()
            }

            /// Plays a move written in WGOSA notation; returns its shortest text.
            #[wasm_bindgen(js_name = playText)]
            pub fn play_text(&mut self, text: &str) -> Result<String, JsError> {
                self.0.play_text(text).map_err(super::err)
            }

            /// Takes back the last move (a (p, q) game: the line being
            /// drawn, or else the last move); false if there is none.
            pub fn undo(&mut self) -> bool {
                self.0.undo()
            }

            /// Plays again the last move taken back; false if there is none.
            pub fn redo(&mut self) -> bool {
                self.0.redo()
            }

            /// Forgets the moves after the one shown ("continue from here").
            #[wasm_bindgen(js_name = dropRedo)]
            pub fn drop_redo(&mut self) {
                self.0.drop_redo()
            }

            /// Shows the game after `k` moves (undone ones included); false
            /// past the last move made.
            #[wasm_bindgen(js_name = goTo)]
            pub fn go_to(&mut self, k: u32) -> bool {
                self.0.go_to(k as usize)
            }
        }
    };
}

/// Points come as x, y pairs: an odd count of numbers is an error.
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
fn check_pairs(points: &[f64]) -> Result<(), JsError> {
    if points.len() % 2 != 0 {
        return Err(err(format!("points come as x, y pairs: {} numbers", points.len())));
    }
    Ok(())
}

// The options reader is shared: the on-demand module's (p, q) analysis
// reads a request's options too.
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
#[cfg_attr(not(feature = "plane-module"), allow(dead_code))]
mod from_js;
#[cfg(feature = "plane-module")]
mod plane;
#[cfg(feature = "plane-module")]
pub use plane::*;
#[cfg(feature = "surface-module")]
mod pq;
#[cfg(feature = "surface-module")]
pub use pq::*;
#[cfg(feature = "surface-module")]
mod surface;
#[cfg(feature = "surface-module")]
pub use surface::*;

/// The crate version, so the page can show which engine it runs.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

/// Reports Rust panics (bugs) on the console before the instance traps, so
/// that a crash says where it happened. Runs once, when the module starts.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("sprouts engine panic: {info}"))));
}

#[cfg_attr(not(any(feature = "plane-module", feature = "surface-module")), allow(dead_code))]
fn err(msg: impl std::fmt::Display) -> JsError {
    JsError::new(&msg.to_string())
}

/// Plain data to a JS value: structs become objects, `None` becomes `null`.
#[cfg_attr(not(any(feature = "plane-module", feature = "surface-module")), allow(dead_code))]
fn to_js<T: Serialize>(v: &T) -> JsValue {
    let s = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    v.serialize(&s).unwrap_or(JsValue::NULL)
}

/// A flat `[x0, y0, x1, y1, ...]` array to points.
#[cfg_attr(not(any(feature = "plane-module", feature = "surface-module")), allow(dead_code))]
fn points_of(flat: &[f64]) -> Vec<Point> {
    flat.chunks_exact(2).map(|c| Point::new(c[0], c[1])).collect()
}

/// A request's options (`{maxNodes, maxMillis, tableMb, strength, seed,
/// only}`); none given: the defaults.
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
fn options(v: JsValue) -> Result<Options, JsError> {
    if v.is_undefined() || v.is_null() {
        return Ok(Options::default());
    }
    from_js::options(&v).map_err(|e| err(format!("bad options: {e}")))
}

/// The page's progress callback: `{nodes, tableBytes, found}` (see
/// `analyse`); a truthy return value stops.
#[cfg(any(feature = "plane-module", feature = "surface-module"))]
fn report(progress: Option<js_sys::Function>) -> Option<Tell> {
    let cb = progress?;
    Some(Rc::new(move |p: &ProgressReport| match cb.call1(&JsValue::NULL, &to_js(p)) {
        Ok(v) if v.is_truthy() => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    }))
}
