//! wasm32 tests of the JavaScript facade, run in node by wasm-bindgen-test-runner
//! (`scripts/test.sh`). Native test runs compile this file to nothing.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn engine_version_is_the_crate_version() {
    assert_eq!(sprouts::wasm::engine_version(), env!("CARGO_PKG_VERSION"));
}
