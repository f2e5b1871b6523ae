#!/usr/bin/env python3
"""The test command's cache of passed test units (scripts/test.sh).

A unit (one native test binary, one browser test file, the doc examples,
the wasm tests, the Python tests) that passed on exactly the same inputs
is not run again, as build systems cache test results (Bazel, Nx). A
unit's key is the SHA-256 of everything that can change its result: its
test binary or file, the binaries it runs (target/release/sprouts, the
wasm, dist/, the Python package), the data it reads, the tools'
versions and the SPROUTS_* variables. Only passing units are stored
(target/test-cache/passed/UNIT); a unit that runs loses its entry until
it passes again. docs/contributing.md ("session 29: the test cache").

Python, not bash: the keys hash one tree many times over (www/ for every
browser file, every test binary) and parse nextest's JSON list; one
process hashes each file once.

  test-cache.py plan NEXTEST_LIST_JSON WASM_TEST_BINARY BROWSER_FILE...
      writes target/test-cache/plan.json (every unit's key) and, under
      target/test-cache/run/, what to run: native (nextest binary ids),
      browser (files), other (doc, wasm, python); prints the units not run.
  test-cache.py record-native NEXTEST_LOG      stores the binaries all of whose tests passed
  test-cache.py record-browser REPORT          stores the files with no failure (report: see below)
  test-cache.py record UNIT...                 stores these units (they passed)
  test-cache.py forget UNIT...                 drops these units (they are about to run)

SPROUTS_TEST_CACHE=0: plan runs every unit (and still records passes).
"""
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "target" / "test-cache"
PASSED = CACHE / "passed"
# Never part of a key: generated, or the cache's own switch, or an
# address that changes every run.
SKIP_DIRS = {"target", "target-wasm", "node_modules", "__pycache__", ".git", ".pytest_cache"}
ENV_IGNORED = {"SPROUTS_TEST_CACHE", "SPROUTS_BROWSER_WS"}

_file_hashes = {}


def file_hash(p: Path) -> str:
    if p not in _file_hashes:
        h = hashlib.sha256()
        with open(p, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        _file_hashes[p] = h.hexdigest()
    return _file_hashes[p]


def walk(rel: str):
    """Files under ROOT/rel (a file or a folder), sorted, less generated folders."""
    base = ROOT / rel
    if base.is_file():
        return [base]
    out = []
    for d, dirs, files in os.walk(base):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not (d == str(ROOT / "python") and x == "target"))
        out += [Path(d) / f for f in sorted(files)]
    return out


_tree_hashes = {}


def tree_hash(rel: str) -> str:
    """Content and names of every file under rel; 'absent' if there is none."""
    if rel not in _tree_hashes:
        h = hashlib.sha256()
        files = walk(rel) if (ROOT / rel).exists() else []
        for p in files:
            h.update(f"{p.relative_to(ROOT)}\0{file_hash(p)}\n".encode())
        _tree_hashes[rel] = h.hexdigest() if files else "absent"
    return _tree_hashes[rel]


def names_hash() -> str:
    """The names of every file in the tree (not their contents): tests/docs.rs
    checks that relative links resolve anywhere in it."""
    if "names" not in _tree_hashes:
        names = sorted(str(p.relative_to(ROOT)) for p in walk("."))
        _tree_hashes["names"] = hashlib.sha256("\n".join(names).encode()).hexdigest()
    return _tree_hashes["names"]


def command(*args) -> str:
    try:
        return subprocess.run(args, capture_output=True, text=True, timeout=60, cwd=ROOT).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "absent"


_tools = {}


def tool(name: str) -> str:
    """A tool's version, asked once."""
    if name not in _tools:
        _tools[name] = {
            "rustc": lambda: command("rustc", "-vV"),
            "nextest": lambda: command("cargo", "nextest", "--version").split("\n")[0],
            "node": lambda: command("node", "-v"),
            "chromium": lambda: command("chromium", "--version"),
            "wasm-bindgen": lambda: command("wasm-bindgen", "--version"),
            "python": lambda: command(str(ROOT / "target/pyenv/bin/python"), "-VV"),
            # Ray, pytest and the rest, as installed: their dist-info folders
            # name each package and version (`pip freeze` takes seconds).
            "pip": lambda: sorted(p.name for p in (ROOT / "target/pyenv").glob("lib/python*/site-packages/*.dist-info")),
        }[name]()
    return str(_tools[name])


# Where tests read files: the data every unit of a kind may read (small,
# rarely changed) is in all its keys; folders that change often (docs/,
# www/, scripts/, dist/, python/) only in the keys of units whose sources
# name them in a string literal, so that a change to www/ does not rerun
# the native tests, nor one to docs/ every browser file.
NATIVE_BASE = ["tests/data", "tests/reference", "certificates", "examples", "Cargo.toml", "Cargo.lock", ".config", "target/release/sprouts"]
BROWSER_BASE = ["www", "tests/data", "certificates", "examples", "tests/browser/package.json", "tests/browser/package-lock.json",
                "package.json", "package-lock.json", "types", "scripts/serve.mjs", "scripts/build-docs.mjs", "scripts/release.mjs",
                "scripts/docs/package-lock.json"]
# A path component named in a literal -> what it brings into the key.
NAMED = {
    "docs": ["docs", "README.md"], "README.md": ["docs", "README.md"],
    "www": ["www"], "scripts": ["scripts"], "dist": ["dist"], "python": ["python"],
    "target": ["target/release/sprouts"],
}
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')
# Rust: "..." only ('x' is a char or a lifetime, `x` Markdown in a comment).
RUST_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def named_in(paths) -> list:
    """Folders NAMED by a path component of a string literal in these files.
    Apostrophes in comments open false literals, which can only add folders."""
    found = []
    for p in paths:
        text = p.read_text(errors="replace")
        for lit in (RUST_LITERAL if p.suffix == ".rs" else LITERAL).findall(text):
            for part in re.split(r"[^\w.-]+", lit):
                found += NAMED.get(part, [])
    return sorted(set(found))


def env_key() -> str:
    keep = {k: v for k, v in os.environ.items() if (k.startswith("SPROUTS_") and k not in ENV_IGNORED) or k == "CI"}
    return json.dumps(keep, sort_keys=True)


def key(parts: dict) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def native_sources(binary_id: str) -> list:
    """The source files of a nextest binary id: sprouts (the library's unit
    tests) and sprouts::bin/sprouts read src/; sprouts::NAME reads
    tests/NAME.rs or tests/NAME/, and tests/common/ when it uses it."""
    name = binary_id.split("::", 1)[1] if "::" in binary_id else ""
    if name == "" or name.startswith("bin/"):
        return walk("src")
    if name.startswith("example/"):
        name = name[len("example/"):]
        return walk(f"examples/{name}.rs") if (ROOT / f"examples/{name}.rs").exists() else walk(f"examples/{name}")
    files = walk(f"tests/{name}.rs") if (ROOT / f"tests/{name}.rs").exists() else walk(f"tests/{name}")
    if any("mod common" in f.read_text(errors="replace") for f in files):
        files += walk("tests/common")
    return files


def native_key(binary_id: str, path: str) -> dict:
    inputs = sorted(set(NATIVE_BASE + named_in(native_sources(binary_id))))
    parts = {"binary": file_hash(Path(path)), "inputs": {i: tree_hash(i) for i in inputs},
             "rustc": tool("rustc"), "nextest": tool("nextest"), "env": env_key()}
    if binary_id == "sprouts::docs":
        parts["names"] = names_hash()
    return parts


def browser_key(rel: str) -> dict:
    helpers = [p for p in walk("tests/browser") if p.suffix == ".mjs" and not p.name.endswith(".test.mjs")]
    inputs = sorted(set(BROWSER_BASE + named_in([ROOT / rel] + helpers)))
    return {"file": file_hash(ROOT / rel), "helpers": {str(h.relative_to(ROOT)): file_hash(h) for h in helpers},
            "inputs": {i: tree_hash(i) for i in inputs}, "node": tool("node"), "chromium": tool("chromium"), "env": env_key()}


def plan(args):
    list_json, wasm_binary, browser_files = args[0], args[1], args[2:]
    suites = json.loads(Path(list_json).read_text())["rust-suites"]
    units = {}
    for bid, suite in suites.items():
        # A binary with no test to run (the examples, tests/wasm.rs natively) is no unit.
        if any(not t.get("ignored") for t in suite.get("testcases", {}).values()):
            units[f"native:{bid}"] = native_key(bid, suite["binary-path"])
    for f in browser_files:
        units[f"browser:{f}"] = browser_key(f)
    src_inputs = sorted(set(["src", "Cargo.toml", "Cargo.lock", "tests/data", "certificates", "examples"] + named_in(walk("src"))))
    units["doc"] = {"inputs": {i: tree_hash(i) for i in src_inputs}, "rustc": tool("rustc"), "env": env_key()}
    # No test binary found: a key of its own, so that it runs.
    wasm_hash = file_hash(Path(wasm_binary)) if wasm_binary and Path(wasm_binary).is_file() else os.urandom(16).hex()
    wasm_inputs = sorted(set(["tests/data", "Cargo.toml", "Cargo.lock"] + named_in(walk("tests/wasm.rs"))))
    units["wasm"] = {"binary": wasm_hash, "inputs": {i: tree_hash(i) for i in wasm_inputs},
                     "wasm-bindgen": tool("wasm-bindgen"), "node": tool("node"), "env": env_key()}
    # The installed package is python/ + src/ + manifests (its stamp,
    # scripts/test-python.sh); pytest also reads docs/python.md and README.md.
    py_inputs = sorted(set(["python", "src", "Cargo.toml", "Cargo.lock", "docs", "README.md", "target/release/sprouts",
                            "scripts/test-python.sh", "tests/data", "certificates", "examples"]))
    units["python"] = {"inputs": {i: tree_hash(i) for i in py_inputs}, "python": tool("python"), "pip": tool("pip"),
                       "rustc": tool("rustc"), "env": env_key()}
    keys = {u: key(p) for u, p in units.items()}
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "plan.json").write_text(json.dumps(keys, indent=1, sort_keys=True))
    use = os.environ.get("SPROUTS_TEST_CACHE", "1") != "0"
    run = {"native": [], "browser": [], "other": []}
    skipped = 0
    for u, k in keys.items():
        entry = stored(u)
        if use and entry and entry["key"] == k:
            print(f"   {u}: passed on these inputs at {entry['date']}; not run again")
            skipped += 1
            continue
        forget([u])  # about to run: stored again only if it passes
        kind, _, name = u.partition(":")
        run["native" if kind == "native" else "browser" if kind == "browser" else "other"].append(name or kind)
    rundir = CACHE / "run"
    rundir.mkdir(exist_ok=True)
    for kind, names in run.items():
        (rundir / kind).write_text("".join(n + "\n" for n in names))
    (rundir / "skipped").write_text(f"{skipped} {len(keys)}\n")
    # Per kind: units run and units in all, for the summary.
    total = {k: sum(1 for u in keys if (u.partition(":")[0] if ":" in u else "other") == k) for k in run}
    (rundir / "counts").write_text("".join(f"{k} {len(run[k])} {total[k]}\n" for k in run))
    print(f"   {skipped} of {len(keys)} units not run (passed on the same inputs before)" + ("" if use else "; SPROUTS_TEST_CACHE=0: all run"))


def entry_path(unit: str) -> Path:
    return PASSED / re.sub(r"[^\w.-]", "_", unit)


def stored(unit: str):
    try:
        return json.loads(entry_path(unit).read_text())
    except (OSError, ValueError):
        return None


def record(units):
    keys = json.loads((CACHE / "plan.json").read_text())
    PASSED.mkdir(parents=True, exist_ok=True)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    for u in units:
        if u in keys:
            entry_path(u).write_text(json.dumps({"unit": u, "key": keys[u], "date": date}) + "\n")


def forget(units):
    for u in units:
        entry_path(u).unlink(missing_ok=True)


def record_native(log: str, list_json: str):
    """Binaries whose every test (not ignored) has a PASS line in the log:
    a failure, a timeout or a run cut short by fail-fast leaves one short."""
    suites = json.loads(Path(list_json).read_text())["rust-suites"]
    want = {bid: {n for n, t in s["testcases"].items() if not t.get("ignored") and t.get("filter-match", {}).get("status") == "matches"}
            for bid, s in suites.items()}
    seen = {bid: set() for bid in want}
    bad = set()
    line_re = re.compile(r"^\s*(PASS|FAIL|SIGSEGV|SIGABRT|SIGKILL|TIMEOUT|LEAK|LEAK-FAIL|ABORT|FLAKY)\b.*?\] (?:\(\s*\d+/\d+\) )?(\S+) (.+?)\s*$")
    for line in Path(log).read_text(errors="replace").splitlines():
        m = line_re.match(line)
        if not m or m.group(2) not in want:
            continue
        if m.group(1) == "PASS":
            seen[m.group(2)].add(m.group(3))
        else:
            bad.add(m.group(2))
    record([f"native:{b}" for b in want if b not in bad and want[b] and seen[b] >= want[b]])


def record_browser(report: str):
    """REPORT: lines 'pass FILE' / 'fail FILE' (tests/browser/cache-reporter.mjs)."""
    passed, failed = set(), set()
    for line in Path(report).read_text().splitlines():
        status, _, f = line.partition(" ")
        (passed if status == "pass" else failed).add(os.path.relpath(f, ROOT))
    record([f"browser:{f}" for f in passed - failed])


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "plan":
        plan(args)
    elif cmd == "record":
        record(args)
    elif cmd == "forget":
        forget(args)
    elif cmd == "record-native":
        record_native(args[0], args[1])
    elif cmd == "record-browser":
        record_browser(args[0])
    else:
        sys.exit(f"usage: see the top of {sys.argv[0]}")


if __name__ == "__main__":
    main()
