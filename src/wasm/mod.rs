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
