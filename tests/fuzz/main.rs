//! Fuzzing, the short run of CI: every target of `targets.rs` (each parser,
//! the record reader, the game file, move generation against the reference
//! generator, the solver under a small node budget, the stroke checker, the
//! router)
//! gets its seeds and then mutated and random inputs; none may panic or
//! break a property. `SPROUTS_FUZZ=N` runs N inputs per target (default
//! below); `cargo run --release --example fuzz` runs long, with reports.

#[path = "../common/mod.rs"]
mod common;
mod harness;
#[path = "../reference/mod.rs"]
mod reference;
mod targets;

use harness::{fuzz, quote, run_input, Counting, Options};
use std::path::Path;

#[global_allocator]
static HEAP: Counting = Counting;

/// Inputs per target by default: a few seconds each on the loaded 2-core
/// machine (the costly targets run fewer).
fn inputs(name: &str) -> u64 {
    let scale = std::env::var("SPROUTS_FUZZ").ok().and_then(|s| s.parse::<u64>().ok());
    let default = match name {
        "glop" | "spots" | "hoey" | "move" => 10_000,
        "record" | "gamefile" => 5_000,
        "stroke" => 500,
        "moves" => 300,
        "route" => 20,
        _ => 200,
    };
    scale.unwrap_or(default)
}

/// Findings in code that other branches of issue 13 are changing, each
/// fixed there (target, words of the message): printed, not failed. Delete
/// a line once its fix is merged.
const OPEN: &[(&str, &str)] = &[];

fn run(name: &str) {
    let t = targets::target(name).expect("a target");
    // 2 GiB: far above what any input should take, below what hurts.
    harness::set_heap_cap(2 << 30);
    let r = fuzz(t, &Options::new(inputs(name), 0x5EED_F022));
    eprintln!("fuzz {}", r.line());
    for f in &r.findings {
        eprintln!("fuzz {name}: {}: {} (input {})", f.kind.name(), f.message, quote(&f.input, 300));
    }
    let broken: Vec<String> = r
        .findings
        .iter()
        .filter(|f| f.kind != harness::Kind::Slow)
        .filter(|f| !OPEN.iter().any(|(t, words)| *t == name && f.message.contains(words)))
        .map(|f| format!("  {}: {} (input {})", f.kind.name(), f.message, quote(&f.input, 300)))
        .collect();
    assert!(broken.is_empty(), "fuzz {name}: {} panics, {} property failures:\n{}", r.panics, r.properties, broken.join("\n"));
    assert!(r.accepted > 0, "fuzz {name}: no input was accepted, so the checks after parsing never ran");
}

#[test]
fn glop() {
    run("glop");
}

#[test]
fn spots() {
    run("spots");
}

#[test]
fn hoey() {
    run("hoey");
}

#[test]
fn move_text() {
    run("move");
}

#[test]
fn record() {
    run("record");
}

#[test]
fn gamefile() {
    run("gamefile");
}

#[test]
fn moves() {
    run("moves");
}

#[test]
fn solve() {
    run("solve");
}

#[test]
fn stroke() {
    run("stroke");
}

#[test]
fn route() {
    run("route");
}

/// Every input a fuzz run found, kept as a regression test once fixed:
/// `tests/data/fuzz/<target>/*`, each run through its target. (`layout/`
/// holds a position for the router, tested in `src/board/route.rs`.)
#[test]
fn findings_stay_fixed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let mut ran = 0;
    for t in targets::TARGETS {
        for entry in std::fs::read_dir(root.join(t.name)).into_iter().flatten() {
            let path = entry.expect("a directory entry").path();
            let input = std::fs::read(&path).expect("a finding");
            if let Err((kind, why)) = run_input(t, &input) {
                panic!("{}: {}: {why}", path.display(), kind.name());
            }
            ran += 1;
        }
    }
    eprintln!("fuzz findings: {ran} inputs replayed");
}
