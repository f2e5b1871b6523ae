#!/usr/bin/env bash
# Runs every test: native (unit, integration, doc), wasm32 in node, and the
# page in headless Chromium. Exits non-zero if anything fails; at the end it
# says what ran, how many tests passed in each step and how long it took.
# The long property runs stay behind their opt-in variables (SPROUTS_*, see
# docs/contributing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
began=$SECONDS
echo "== expected time on a 2-core machine: about 14 min the first time on a fresh"
echo "   machine (4 min of it building wasm-bindgen-cli); later, with nothing"
echo "   changed, about 7 min on a quiet machine (6 min 38 s measured on"
echo "   2026-11-28; much longer when it is busy with other work;"
echo "   docs/contributing.md)"
bash scripts/setup.sh --browser
# shellcheck source=scripts/env.sh
. scripts/env.sh

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
summary=()
step_began=$SECONDS
# `took`: sets $took to the time since the last call, for the summary (not
# in a subshell: it moves the start of the next step).
took() {
  local t=$((SECONDS - step_began))
  step_began=$SECONDS
  took="$((t / 60)) min $((t % 60)) s"
}

# `passed LOG`: tests passed and test binaries in a cargo test log.
passed() {
  awk '/^test result: ok\./ { n += $4; b++ } END { printf "%d tests passed in %d test binaries", n, b }' "$1"
}

echo "== native tests (unit, integration, CLI)"
# Guard: test harnesses always unwind. If the release profile ever sets
# panic = "abort", the cdylib's unhashed output names (cargo#6313) make cargo
# build the lib both ways under one file name and the link fails.
unwind=(--config 'profile.release.panic="unwind"')
if cargo nextest --version >/dev/null 2>&1; then
  # cargo-nextest (on these machines beside cargo) runs every test in a
  # process of its own across all test files at once, so the long property
  # tests of different files share the cores instead of queueing file after
  # file as `cargo test` does. Doc examples are the next step's.
  cargo nextest run --release "${unwind[@]}" --all-targets 2>&1 | tee "$logs/native"
  took; summary+=("native:   $(grep -Eo '[0-9]+ tests run: [0-9]+ passed' "$logs/native" | tail -1) (cargo nextest; $took)")
else
  cargo test --release "${unwind[@]}" --all-targets 2>&1 | tee "$logs/native"
  took; summary+=("native:   $(passed "$logs/native") ($took)")
fi

echo "== doc examples"
cargo test --release "${unwind[@]}" --doc 2>&1 | tee "$logs/doc"
took; summary+=("doc:      $(passed "$logs/doc" | sed 's/ in 1 test binaries//') ($took)")

echo "== wasm32 tests (node, via wasm-bindgen-test-runner)"
# Only tests/wasm.rs has wasm tests (the other targets would each print "no
# tests to run!"); doctests already ran natively. --release shares the
# (fallback: self-built) std and deps with build-wasm.sh.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  wasm_cargo test --release --test wasm 2>&1 | tee "$logs/wasm"
took; summary+=("wasm:     $(passed "$logs/wasm" | sed 's/ in 1 test binaries//') (tests/wasm.rs in node; $took)")

echo "== browser tests (headless Chromium)"
# The wasm tests above built the library with the same features, so this
# is a copy and the JS glue; with src/ unchanged since www/pkg was made,
# nothing at all (scripts/build-wasm.sh keeps the inputs' hashes).
bash scripts/build-wasm.sh
# release: dist/ for tests/browser/release.test.mjs (packed with the page's wasm; docs/release.md)
SPROUTS_RELEASE_QUICK=1 bash scripts/release.sh
# Three test files at a time (node's default on 2 cores is one): a file
# keeps about half a core busy (the rest is waiting on Chromium, workers
# and the page's timers), so three fill two cores; SPROUTS_BROWSER_JOBS
# sets another number. The longest files first (CPU seconds measured in
# docs/contributing.md), so that the last to start is a short one and the
# step does not end on one long file running alone.
browser=()
for f in lost layout embed variants app teach share; do browser+=("tests/browser/$f.test.mjs"); done
for f in tests/browser/*.test.mjs; do
  case " ${browser[*]} " in *" $f "*) ;; *) browser+=("$f") ;; esac
done
# One Chromium for all files (each works in a fresh context of it):
# tests/browser/shared-browser.mjs prints its address on its first line.
coproc SHARED_BROWSER { exec node tests/browser/shared-browser.mjs; }
shared_pid=$SHARED_BROWSER_PID
read -r -t 60 ws <&"${SHARED_BROWSER[0]}" || { echo "the shared Chromium did not start" >&2; exit 1; }
# `|| true`: under `set -e` a failing kill in the trap (Chromium already
# gone) made the whole run exit 1 after every test had passed.
trap 'kill "$shared_pid" 2>/dev/null || true; rm -rf "$logs"' EXIT
SPROUTS_BROWSER_WS="$ws" node --test --test-concurrency="${SPROUTS_BROWSER_JOBS:-3}" "${browser[@]}" 2>&1 | tee "$logs/browser"
kill "$shared_pid" 2>/dev/null || true
took; summary+=("browser:  $(awk '/^# pass/ { p = $3 } /^# tests/ { t = $3 } END { printf "%d of %d tests passed", p, t }' "$logs/browser") (tests/browser in Chromium; $took)")

echo "== Python tests (pip install './python[ray,test]' in target/pyenv, then pytest)"
# The package, its doctests, the docs' examples and a local Ray run
# (scripts/test-python.sh; docs/python.md).
bash scripts/test-python.sh 2>&1 | tee "$logs/python"
took; summary+=("python:   $(grep -Eo '[0-9]+ passed' "$logs/python" | tail -1) (python/tests, doctests, docs/python.md; $took)")

echo "== all tests passed in $(( (SECONDS - began) / 60 )) min $(( (SECONDS - began) % 60 )) s"
printf '  %s\n' "${summary[@]}"
