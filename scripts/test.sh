#!/usr/bin/env bash
# Runs every test: native (unit, integration, doc), wasm32 in node, and the
# page in headless Chromium. Exits non-zero if anything fails; at the end it
# says what ran and how many tests passed in each step.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
# shellcheck source=scripts/env.sh
. scripts/env.sh

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
summary=()

# `passed LOG`: tests passed and test binaries in a cargo test log.
passed() {
  awk '/^test result: ok\./ { n += $4; b++ } END { printf "%d tests passed in %d test binaries", n, b }' "$1"
}

echo "== native tests (unit, integration, CLI)"
# Guard: test harnesses always unwind. If the release profile ever sets
# panic = "abort", the cdylib's unhashed output names (cargo#6313) make cargo
# build the lib both ways under one file name and the link fails.
unwind=(--config 'profile.release.panic="unwind"')
cargo test --release "${unwind[@]}" --all-targets 2>&1 | tee "$logs/native"
summary+=("native:   $(passed "$logs/native")")

echo "== doc examples"
cargo test --release "${unwind[@]}" --doc 2>&1 | tee "$logs/doc"
summary+=("doc:      $(passed "$logs/doc" | sed 's/ in 1 test binaries//')")

echo "== wasm32 tests (node, via wasm-bindgen-test-runner)"
# Only tests/wasm.rs has wasm tests (the other targets would each print "no
# tests to run!"); doctests already ran natively. --release shares the
# (fallback: self-built) std and deps with build-wasm.sh.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  wasm_cargo test --release --test wasm 2>&1 | tee "$logs/wasm"
summary+=("wasm:     $(passed "$logs/wasm" | sed 's/ in 1 test binaries//') (tests/wasm.rs in node)")

echo "== browser tests (headless Chromium)"
bash scripts/build-wasm.sh
# release: dist/ for tests/browser/release.test.mjs (packed with the page's wasm; docs/release.md)
SPROUTS_RELEASE_QUICK=1 bash scripts/release.sh
node --test tests/browser/ 2>&1 | tee "$logs/browser"
summary+=("browser:  $(awk '/^# pass/ { p = $3 } /^# tests/ { t = $3 } END { printf "%d of %d tests passed", p, t }' "$logs/browser") (tests/browser in Chromium)")

echo "== all tests passed"
printf '  %s\n' "${summary[@]}"
