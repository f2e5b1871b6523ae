//! JavaScript facade of the engine, compiled only for wasm32.
//!
//! Placeholder for now: the board in `www/` only needs to know that the module
//! loads. The real API (positions, moves, solver) will be exported from here.

use wasm_bindgen::prelude::*;

/// The crate version, so the page can show which engine it runs.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
