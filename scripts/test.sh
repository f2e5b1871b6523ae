#!/usr/bin/env bash
# Runs every test: native (unit, integration, doc), wasm32 in node, the
# page in headless Chromium and the Python package; builds first, then
# runs the three groups at once. Exits non-zero if anything fails; at the
# end it says what ran, how many tests passed in each step and how long
# it took (wall and CPU).
# The long property runs stay behind their opt-in variables (SPROUTS_*, see
# docs/contributing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
began=$SECONDS
echo "== expected time on a 2-core machine: 11 to 24 min the first time in a fresh"
echo "   clone (plus 4 min, once, building wasm-bindgen-cli); later, with nothing"
echo "   changed, 7.5 to 14 min on a quiet machine (measured on 2026-11-29 on two"
echo "   machines); much longer when it is busy with other work (docs/contributing.md)"
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

echo "== build (test binaries, the wasm, the release's files, the Python package; nothing when nothing changed)"
# Everything the tests run is built first, so that no build competes with
# the tests, which then run at once.
# Guard: test harnesses always unwind. If the release profile ever sets
# panic = "abort", the cdylib's unhashed output names (cargo#6313) make cargo
# build the lib both ways under one file name and the link fails.
unwind=(--config 'profile.release.panic="unwind"')
# cargo-nextest (on these machines beside cargo) runs every test in a
# process of its own across all test files at once, so the long property
# tests of different files share the cores instead of queueing file after
# file as `cargo test` does. Doc examples are a step of their own.
if cargo nextest --version >/dev/null 2>&1; then native=(cargo nextest run); else native=(cargo test); fi
# Also target/release/sprouts, which the CLI and Python tests run.
"${native[@]}" --release "${unwind[@]}" --all-targets --no-run
# Only tests/wasm.rs has wasm tests (the other targets would each print "no
# tests to run!"); doctests run natively. --release shares the (fallback:
# self-built) std and deps with build-wasm.sh.
wasm_tests() {
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner wasm_cargo test --release --test wasm "$@"
}
wasm_tests --no-run
# The page's wasm: the tests' build turned on the same features, so this is
# a copy and the JS glue; with src/ unchanged since www/pkg was made,
# nothing at all (scripts/build-wasm.sh keeps the inputs' hashes).
bash scripts/build-wasm.sh
# dist/ for tests/browser/release.test.mjs (packed with the page's wasm; docs/release.md)
SPROUTS_RELEASE_QUICK=1 bash scripts/release.sh
# pip install './python[ray,test]' into target/pyenv, when its inputs changed.
bash scripts/test-python.sh --install-only
took; summary+=("build:    test binaries, wasm, dist/, Python package ($took)")

# The tests, in three groups at once: most of the browser tests' time and
# of the Python tests' (Ray starting) is waiting on Chromium, the page's
# timers and other processes, and the native tests keep both cores busy
# in those gaps. The native tests run at a lower priority (nice 10), so
# that the browser tests and Python, which time their waits, get a core
# when they need one. Each group's output goes to a file, printed when
# the group ends.
echo "== native, browser, and doc + wasm + Python tests, at once (output below as each group ends)"
# `cpu`: sets $cpu to the CPU seconds (user + system) of the processes
# this shell has waited for (bash's `times`, in this shell: in $(...) it
# would count a new one's), which depend less than wall time on other
# load. Chromium's processes are the shared browser's, counted in the
# run's total only.
cpu() {
  local f="$logs/times.$BASHPID"
  times >"$f"
  cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$f")
}
# `step NAME COMMAND...`: runs the command with its output in $logs/NAME,
# and writes its exit status, wall seconds and CPU seconds to $logs/NAME.end.
step() {
  local name=$1 t=$SECONDS c rc=0
  cpu; c=$cpu
  shift
  "$@" >"$logs/$name" 2>&1 </dev/null || rc=$?
  cpu
  echo "$rc $((SECONDS - t)) $((cpu - c))" >"$logs/$name.end"
  return "$rc"
}
# The browser files three at a time (node's default on 2 cores is one):
# a file keeps about half a core busy (the rest is waiting on Chromium,
# workers and the page's timers); SPROUTS_BROWSER_JOBS sets another
# number. Each file serves www/ on a port of its own and works in a
# context of its own. The longest files first (CPU seconds measured in
# docs/contributing.md), so that the step does not end on one long file
# running alone.
browser=()
for f in lost layout variants embed embed-fit teach app share; do browser+=("tests/browser/$f.test.mjs"); done
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
declare -A group=()
step native nice -n 10 "${native[@]}" --release "${unwind[@]}" --all-targets &
group[$!]=native
step browser env SPROUTS_BROWSER_WS="$ws" node --test --test-concurrency="${SPROUTS_BROWSER_JOBS:-3}" "${browser[@]}" &
group[$!]=browser

# The doc examples, the wasm tests in node, then the package's tests, its
# doctests, the docs' examples and a local Ray run (scripts/test-python.sh;
# docs/python.md): one after the other, each short; a failure does not
# stop the next (the summary names it).
{
  step doc cargo test --release "${unwind[@]}" --doc || true
  step wasm wasm_tests || true
  step python bash scripts/test-python.sh || true
} &
group[$!]=doc-wasm-python

# `show NAME HEADING`: a step's output, under its heading.
show() {
  echo "== $2"
  cat "$logs/$1" 2>/dev/null || echo "(did not run)"
}
failed=()
while [ ${#group[@]} -gt 0 ]; do
  wait -n -p done_pid "${!group[@]}" || true
  case "${group[$done_pid]}" in
    native) show native "native tests (unit, integration, CLI)" ;;
    browser)
      kill "$shared_pid" 2>/dev/null || true
      wait "$shared_pid" 2>/dev/null || true
      show browser "browser tests (headless Chromium)" ;;
    doc-wasm-python)
      show doc "doc examples"
      show wasm "wasm32 tests (node, via wasm-bindgen-test-runner)"
      show python "Python tests (pytest in target/pyenv)" ;;
  esac
  unset "group[$done_pid]"
done

# The summary reads logs that a failed step may have left short.
set +e
# `end NAME`: "took" for a step, from its .end file; records a failure.
end() {
  local rc secs used
  read -r rc secs used <"$logs/$1.end" 2>/dev/null || { failed+=("$1 (did not run)"); took="not run"; return; }
  [ "$rc" = 0 ] || failed+=("$1 (exit $rc)")
  took="$((secs / 60)) min $((secs % 60)) s, CPU $((used / 60)) min $((used % 60)) s"
}
if [ "${native[1]}" = nextest ]; then
  end native; summary+=("native:   $(grep -Eo '[0-9]+ tests run: [0-9]+ passed' "$logs/native" | tail -1) (cargo nextest; $took)")
else
  end native; summary+=("native:   $(passed "$logs/native") ($took)")
fi
end doc; summary+=("doc:      $(passed "$logs/doc" | sed 's/ in 1 test binaries//') ($took)")
end wasm; summary+=("wasm:     $(passed "$logs/wasm" | sed 's/ in 1 test binaries//') (tests/wasm.rs in node; $took)")
end browser; summary+=("browser:  $(awk '/^# pass/ { p = $3 } /^# tests/ { t = $3 } END { printf "%d of %d tests passed", p, t }' "$logs/browser") (tests/browser in Chromium; $took)")
end python; summary+=("python:   $(grep -Eo '[0-9]+ passed' "$logs/python" | tail -1) (python/tests, doctests, docs/python.md; $took)")
took; summary+=("at once:  the three groups above ($took)")
cpu; used=$cpu
total=$((SECONDS - began))
if [ ${#failed[@]} -gt 0 ]; then
  echo "== FAILED: ${failed[*]} (after $((total / 60)) min $((total % 60)) s; the output of each step is above)"
  printf '  %s\n' "${summary[@]}"
  exit 1
fi
echo "== all tests passed in $((total / 60)) min $((total % 60)) s ($((used / 60)) min $((used % 60)) s of CPU)"
printf '  %s\n' "${summary[@]}"
