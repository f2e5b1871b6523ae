#!/usr/bin/env bash
# Runs every test: native (unit, integration, doc), wasm32 in node, and the
# page in headless Chromium. Exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
# shellcheck source=scripts/env.sh
. scripts/env.sh

echo "== native tests"
# Guard: test harnesses always unwind. If the release profile ever sets
# panic = "abort", the cdylib's unhashed output names (cargo#6313) make cargo
# build the lib both ways under one file name and the link fails.
unwind=(--config 'profile.release.panic="unwind"')
cargo test --release "${unwind[@]}" --all-targets
cargo test --release "${unwind[@]}" --doc

echo "== wasm32 tests (node, via wasm-bindgen-test-runner)"
# Only tests/wasm.rs has wasm tests (the other targets would each print "no
# tests to run!"); doctests already ran natively. --release shares the
# (fallback: self-built) std and deps with build-wasm.sh.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  wasm_cargo test --release --test wasm

echo "== browser tests (headless Chromium)"
bash scripts/build-wasm.sh
node --test tests/browser/
