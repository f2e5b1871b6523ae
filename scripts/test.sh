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
echo "   clone (plus 4 min, once, building wasm-bindgen-cli; measured on 2026-11-29"
echo "   on two machines); later runs skip the units that passed on the same inputs"
echo "   (SPROUTS_TEST_CACHE=0 runs all): with nothing changed, the build checks and"
echo "   the plan only (7 s); after a change to www/, the browser tests (about 10 min);"
echo "   to src/, everything (docs/contributing.md, \"session 29: the test cache\")"
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
# Its path (cargo prints "Executable tests/wasm.rs (PATH)"), for the cache's key.
# (Not `tee /dev/stderr`: with stderr sent to a file, that opens the file
# anew and writes over the log from its start.)
wasm_tests --no-run 2>"$logs/wasm-build" || { cat "$logs/wasm-build" >&2; exit 1; }
cat "$logs/wasm-build" >&2
wasm_bin=$(sed -n 's/.*Executable .*(\(.*\.wasm\))$/\1/p' "$logs/wasm-build" | tail -1)
# The page's wasm: the tests' build turned on the same features, so this is
# a copy and the JS glue; with src/ unchanged since www/pkg was made,
# nothing at all (scripts/build-wasm.sh keeps the inputs' hashes).
bash scripts/build-wasm.sh
# dist/ for tests/browser/release.test.mjs (packed with the page's wasm; docs/release.md)
SPROUTS_RELEASE_QUICK=1 bash scripts/release.sh
# pip install './python[ray,test]' into target/pyenv, when its inputs changed.
bash scripts/test-python.sh --install-only
took; summary+=("build:    test binaries, wasm, dist/, Python package ($took)")

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
# The cache (scripts/test-cache.py; docs/contributing.md, "session 29: the
# test cache"): a unit (a native test binary, a browser test file, the doc
# examples, the wasm tests, the Python tests) that passed on exactly these
# inputs (its binary or file, what it runs and reads, the tools' versions,
# the SPROUTS_* variables) is not run again. SPROUTS_TEST_CACHE=0 runs all.
echo "== the test cache: units that passed on the same inputs are not run again (SPROUTS_TEST_CACHE=0 runs all)"
if [ "${native[1]}" = nextest ]; then
  cargo nextest list --release "${unwind[@]}" --all-targets --message-format json >"$logs/list.json" 2>"$logs/list.err" \
    || { cat "$logs/list.err" >&2; exit 1; }
else
  echo '{"rust-suites": {}}' >"$logs/list.json"  # cargo test: no cache for the native tests
fi
python3 scripts/test-cache.py plan "$logs/list.json" "$wasm_bin" "${browser[@]}"
mapfile -t run_native <target/test-cache/run/native
mapfile -t run_browser <target/test-cache/run/browser
mapfile -t run_other <target/test-cache/run/other
read -r not_run units <target/test-cache/run/skipped
declare -A unit_runs=() unit_all=()
while read -r kind r t; do unit_runs[$kind]=$r; unit_all[$kind]=$t; done <target/test-cache/run/counts
# `runs UNIT`: whether the plan runs the doc, wasm or python unit.
runs() { case " ${run_other[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
# The nextest filter for the native binaries to run (none when all run).
filter=()
if [ "${native[1]}" = nextest ] && [ ${#run_native[@]} -gt 0 ]; then
  expr=$(printf ' | binary_id(=%s)' "${run_native[@]}")
  filter=(-E "${expr# | }")
fi
took; summary+=("cache:    $not_run of $units units not run: they passed on these inputs before ($took)")

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
# One Chromium for all files (each works in a fresh context of it):
# tests/browser/shared-browser.mjs prints its address on its first line.
# `skip NAME`: a step not run (every unit of it passed on these inputs).
skip() { echo "(not run: passed on these inputs before; the units are listed above)" >"$logs/$1"; echo "0 0 0" >"$logs/$1.end"; }
declare -A group=()
shared_pid=
if [ ${#run_browser[@]} -gt 0 ]; then
  coproc SHARED_BROWSER { exec node tests/browser/shared-browser.mjs; }
  shared_pid=$SHARED_BROWSER_PID
  read -r -t 60 ws <&"${SHARED_BROWSER[0]}" || { echo "the shared Chromium did not start" >&2; exit 1; }
  # `|| true`: under `set -e` a failing kill in the trap (Chromium already
  # gone) made the whole run exit 1 after every test had passed.
  trap 'kill "$shared_pid" 2>/dev/null || true; rm -rf "$logs"' EXIT
  # Two reporters: TAP for the log, and one line per test and file for
  # the cache (scripts/test-cache-reporter.mjs).
  { step browser env SPROUTS_BROWSER_WS="$ws" node --test --test-concurrency="${SPROUTS_BROWSER_JOBS:-3}" \
      --test-reporter=tap --test-reporter-destination=stdout \
      --test-reporter=./scripts/test-cache-reporter.mjs --test-reporter-destination="$logs/browser.cache" "${run_browser[@]}" || true
    python3 scripts/test-cache.py record-browser "$logs/browser.cache"; } &
  group[$!]=browser
else
  skip browser
fi
if [ "${native[1]}" != nextest ] || [ ${#run_native[@]} -gt 0 ]; then
  { step native nice -n 10 "${native[@]}" --release "${unwind[@]}" --all-targets "${filter[@]}" || true
    python3 scripts/test-cache.py record-native "$logs/native" "$logs/list.json"; } &
  group[$!]=native
else
  skip native
fi

# The doc examples, the wasm tests in node, then the package's tests, its
# doctests, the docs' examples and a local Ray run (scripts/test-python.sh;
# docs/python.md): one after the other, each short; a failure does not
# stop the next (the summary names it).
# `unit NAME COMMAND...`: the step if the plan runs it (stored as passed
# when it does), else its skip.
unit() {
  local name=$1; shift
  if runs "$name"; then
    step "$name" "$@" && python3 scripts/test-cache.py record "$name"
  else
    skip "$name"
  fi
}
if [ ${#run_other[@]} -gt 0 ]; then
  {
    unit doc cargo test --release "${unwind[@]}" --doc || true
    unit wasm wasm_tests || true
    unit python bash scripts/test-python.sh || true
  } &
  group[$!]=doc-wasm-python
else
  skip doc; skip wasm; skip python
fi

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
# `notrun NAME`: whether the cache skipped the step.
notrun() { grep -q '^(not run: passed on these inputs' "$logs/$1" 2>/dev/null; }
cached="not run: passed on these inputs before"
if [ "${native[1]}" = nextest ]; then
  end native
  n_skip=$((unit_all[native] - unit_runs[native]))
  if notrun native; then summary+=("native:   $cached (all ${unit_all[native]} test binaries)")
  else summary+=("native:   $(grep -Eo '[0-9]+ tests run: [0-9]+ passed' "$logs/native" | tail -1) in ${unit_runs[native]} test binaries, $n_skip not run (passed on these inputs before) (cargo nextest; $took)"); fi
else
  end native; summary+=("native:   $(passed "$logs/native") ($took)")
fi
end doc; if notrun doc; then summary+=("doc:      $cached"); else summary+=("doc:      $(passed "$logs/doc" | sed 's/ in 1 test binaries//') ($took)"); fi
end wasm; if notrun wasm; then summary+=("wasm:     $cached"); else summary+=("wasm:     $(passed "$logs/wasm" | sed 's/ in 1 test binaries//') (tests/wasm.rs in node; $took)"); fi
end browser
if notrun browser; then summary+=("browser:  $cached (all ${unit_all[browser]} files)")
else summary+=("browser:  $(awk '/^# pass/ { p = $3 } /^# tests/ { t = $3 } END { printf "%d of %d tests passed", p, t }' "$logs/browser") in ${unit_runs[browser]} files, $((unit_all[browser] - unit_runs[browser])) not run (passed on these inputs before) (tests/browser in Chromium; $took)"); fi
end python; if notrun python; then summary+=("python:   $cached"); else summary+=("python:   $(grep -Eo '[0-9]+ passed' "$logs/python" | tail -1) (python/tests, doctests, docs/python.md; $took)"); fi
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
