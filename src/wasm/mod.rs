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
//! - [`surface`] (feature `surface-module`): the surface board
//!   (`surface.html`, its worker, `<sprouts-board surface>`;
//!   `www/pkg/sprouts_surface*`). Its tracing, router and search, and the
//!   JSON parser of its saved games, are in no other page's download.
//!
//! Both features together (additive) give one module with everything.

use crate::board::Point;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "plane-module")]
mod from_js;
#[cfg(feature = "plane-module")]
mod plane;
#[cfg(feature = "plane-module")]
pub use plane::*;
#[cfg(feature = "plane-module")]
mod pq;
#[cfg(feature = "plane-module")]
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
