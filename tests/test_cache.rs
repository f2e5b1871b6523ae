//! The test command's cache (scripts/test-cache.py, run by scripts/test.sh):
//! a unit is skipped only when every input of its key is unchanged. Each
//! test copies the script into a small tree of its own (a fake crate, docs,
//! www/ and browser tests, a nextest list naming fake test binaries), lets
//! every unit pass once, changes one input and checks which units the plan
//! runs again: the changed one's, and no other.

use std::path::{Path, PathBuf};
use std::process::Command;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/test-cache.py");

/// A tree with two native test binaries (`a` reads docs/, `b` nothing
/// outside tests/data), two browser test files and their helper, docs/, www/.
fn tree(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("sprouts-test-cache-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let files: &[(&str, &str)] = &[
        ("src/lib.rs", "pub fn f() {}\n"),
        ("Cargo.toml", "[package]\n"),
        ("tests/a.rs", "#[test] fn a() { std::fs::read_to_string(\"docs/guide.md\").unwrap(); }\n"),
        ("tests/b.rs", "// reads docs/guide.md? No: a comment names no input.\n#[test] fn b() {}\n"),
        ("tests/data/perft.txt", "1 2\n"),
        ("docs/guide.md", "# Guide\n"),
        ("README.md", "# Read me\n"),
        ("www/index.html", "<p>page</p>\n"),
        ("tests/browser/helpers.mjs", "export const x = 1;\n"),
        ("tests/browser/one.test.mjs", "import test from 'node:test';\n"),
        ("tests/browser/two.test.mjs", "const doc = 'docs/guide.md';\n"),
        ("bin/a", "binary a v1"),
        ("bin/b", "binary b v1"),
        ("bin/wasm.wasm", "wasm v1"),
        ("target/release/sprouts", "cli v1"),
    ];
    for (path, text) in files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
    }
    std::fs::create_dir_all(root.join("scripts")).unwrap();
    std::fs::copy(SCRIPT, root.join("scripts/test-cache.py")).unwrap();
    let suite = |id: &str, bin: &str, tests: &[&str]| {
        let cases: Vec<String> =
            tests.iter().map(|t| format!("\"{t}\": {{\"ignored\": false, \"filter-match\": {{\"status\": \"matches\"}}}}")).collect();
        format!("\"{id}\": {{\"binary-path\": \"{}\", \"testcases\": {{{}}}}}", root.join(bin).display(), cases.join(", "))
    };
    let list = format!(
        "{{\"rust-suites\": {{{}, {}}}}}",
        suite("sprouts::a", "bin/a", &["a", "a2"]),
        suite("sprouts::b", "bin/b", &["b"])
    );
    std::fs::write(root.join("list.json"), list).unwrap();
    root
}

fn cache(root: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = Command::new("python3");
    cmd.current_dir(root).arg(root.join("scripts/test-cache.py")).args(args).env_remove("SPROUTS_TEST_CACHE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("python3 runs");
    assert!(out.status.success(), "test-cache.py {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The units the plan runs, sorted: "native:ID", "browser:FILE" and doc, wasm, python.
fn plan(root: &Path, env: &[(&str, &str)]) -> Vec<String> {
    let wasm = root.join("bin/wasm.wasm");
    cache(root, &["plan", "list.json", wasm.to_str().unwrap(), "tests/browser/one.test.mjs", "tests/browser/two.test.mjs"], env);
    let read = |kind: &str| std::fs::read_to_string(root.join("target/test-cache/run").join(kind)).unwrap();
    let mut units: Vec<String> = read("native").lines().map(|l| format!("native:{l}")).collect();
    units.extend(read("browser").lines().map(|l| format!("browser:{l}")));
    units.extend(read("other").lines().map(String::from));
    units.sort();
    units
}

/// Every unit of the last plan passes: a nextest log, a browser report, the rest.
fn all_pass(root: &Path) {
    let log = "        PASS [   0.010s] (1/3) sprouts::a a\n        PASS [   0.010s] (2/3) sprouts::a a2\n        PASS [   0.020s] (3/3) sprouts::b b\n";
    std::fs::write(root.join("native.log"), log).unwrap();
    cache(root, &["record-native", "native.log", "list.json"], &[]);
    let report = format!(
        "pass {}\npass {}\n",
        root.join("tests/browser/one.test.mjs").display(),
        root.join("tests/browser/two.test.mjs").display()
    );
    std::fs::write(root.join("browser.report"), report).unwrap();
    cache(root, &["record-browser", "browser.report"], &[]);
    cache(root, &["record", "doc", "wasm", "python"], &[]);
}

const ALL: [&str; 7] =
    ["browser:tests/browser/one.test.mjs", "browser:tests/browser/two.test.mjs", "doc", "native:sprouts::a", "native:sprouts::b", "python", "wasm"];

/// Changes one file's content and checks what reruns; then restores it:
/// the same units run again (a unit keeps the key of its last pass only).
fn change(root: &Path, file: &str, reruns: &[&str]) {
    let p = root.join(file);
    let before = std::fs::read(&p).unwrap();
    let mut after = before.clone();
    after.extend_from_slice(b"\n// changed\n");
    std::fs::write(&p, &after).unwrap();
    assert_eq!(plan(root, &[]), reruns, "after changing {file}");
    all_pass(root);
    std::fs::write(&p, &before).unwrap();
    assert_eq!(plan(root, &[]), reruns, "with {file} as it was");
    all_pass(root);
}

#[test]
fn a_changed_input_reruns_its_units_and_no_other() {
    let root = tree("inputs");
    assert_eq!(plan(&root, &[]), ALL, "a new tree runs everything");
    all_pass(&root);
    let second = cache(&root, &["plan", "list.json", root.join("bin/wasm.wasm").to_str().unwrap(), "tests/browser/one.test.mjs", "tests/browser/two.test.mjs"], &[]);
    assert!(second.contains("native:sprouts::b: passed on these inputs at ") && second.contains("; not run again"), "{second}");
    assert!(second.contains("7 of 7 units not run"), "{second}");
    // A browser test file: that file only.
    change(&root, "tests/browser/one.test.mjs", &["browser:tests/browser/one.test.mjs"]);
    // www/: every browser file, nothing native.
    change(&root, "www/index.html", &["browser:tests/browser/one.test.mjs", "browser:tests/browser/two.test.mjs"]);
    // A doc: the units whose sources name docs/ in a string (a.rs, two.test.mjs) and Python (pytest reads docs/python.md).
    change(&root, "docs/guide.md", &["browser:tests/browser/two.test.mjs", "native:sprouts::a", "python"]);
    // A test binary: that binary only.
    change(&root, "bin/b", &["native:sprouts::b"]);
    // src/: the doc examples and the Python package (built from it); the
    // native binaries and the wasm rerun through their rebuilt files.
    change(&root, "src/lib.rs", &["doc", "python"]);
    change(&root, "target/release/sprouts", &["native:sprouts::a", "native:sprouts::b", "python"]);
    change(&root, "bin/wasm.wasm", &["wasm"]);
    // Test data: every unit (any may read it).
    change(&root, "tests/data/perft.txt", &ALL);
    // A browser helper: every browser file.
    change(&root, "tests/browser/helpers.mjs", &["browser:tests/browser/one.test.mjs", "browser:tests/browser/two.test.mjs"]);
}

#[test]
fn variables_and_the_switch() {
    let root = tree("env");
    plan(&root, &[]);
    all_pass(&root);
    // A SPROUTS_* variable is an input of every unit.
    assert_eq!(plan(&root, &[("SPROUTS_TIDY_RUNS", "7")]), ALL);
    // SPROUTS_TEST_CACHE=0 runs everything, and drops what was stored.
    assert_eq!(plan(&root, &[]), ALL, "the plan above dropped the stored passes of the units it ran");
    all_pass(&root);
    assert_eq!(plan(&root, &[("SPROUTS_TEST_CACHE", "0")]), ALL);
    all_pass(&root);
    assert_eq!(plan(&root, &[]), Vec::<String>::new());
}

#[test]
fn a_failed_unit_is_run_again() {
    let root = tree("failed");
    plan(&root, &[]);
    // a2 fails, b passes: a is not stored. A run cut short (a2 has no line) neither.
    for log in ["        PASS [   0.010s] (1/3) sprouts::a a\n        FAIL [   0.010s] (2/3) sprouts::a a2\n        PASS [   0.020s] (3/3) sprouts::b b\n",
                "        PASS [   0.010s] (1/3) sprouts::a a\n        PASS [   0.020s] (3/3) sprouts::b b\n"] {
        std::fs::write(root.join("native.log"), log).unwrap();
        cache(&root, &["record-native", "native.log", "list.json"], &[]);
        // One test of two.test.mjs failed, the others passed.
        let two = root.join("tests/browser/two.test.mjs");
        let report = format!("pass {}\npass {}\nfail {}\n", root.join("tests/browser/one.test.mjs").display(), two.display(), two.display());
        std::fs::write(root.join("browser.report"), report).unwrap();
        cache(&root, &["record-browser", "browser.report"], &[]);
        // doc passed; wasm and python failed (scripts/test.sh records a step only on exit 0).
        cache(&root, &["record", "doc"], &[]);
        assert_eq!(plan(&root, &[]), ["browser:tests/browser/two.test.mjs", "native:sprouts::a", "python", "wasm"]);
    }
}
