//! Perft counts: the engine's `children()` against tests/data/perft.txt,
//! which the reference generator (tests/reference) wrote. To write it again:
//! `cargo run --release --example perft_reference`. The default run checks
//! the shallower counts (seconds); `SPROUTS_PERFT=all` checks every line
//! (about 6 s more).
//!
//! perft(p, 0) = 1 and perft(p, d) = the sum of perft(c, d − 1) over the
//! distinct canonical children c of p: the number of nodes at depth d of the
//! tree whose children are the distinct canonical children (a game that
//! ends sooner adds nothing). Counts are memoised by canonical form, which
//! determines the children.

use sprouts::text::parse_glop;
use sprouts::Canon;
use std::collections::HashMap;
use std::time::Instant;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// The deepest depth the default run checks for each start size.
const QUICK_DEPTHS: [u32; 7] = [0, 2, 5, 8, 11, 6, 4];

/// The engine's side: children of each canonical class and counts,
/// memoised.
#[derive(Default)]
struct Engine {
    children: HashMap<Canon, Vec<Canon>>,
    counts: HashMap<(Canon, u32), u128>,
}

impl Engine {
    fn perft(&mut self, c: &Canon, depth: u32) -> u128 {
        if depth == 0 {
            return 1;
        }
        if let Some(&n) = self.counts.get(&(c.clone(), depth)) {
            return n;
        }
        let kids = self.children.entry(c.clone()).or_insert_with(|| c.position().children()).clone();
        let n = kids.iter().map(|k| self.perft(k, depth - 1)).sum();
        self.counts.insert((c.clone(), depth), n);
        n
    }
}

/// Checks the lines of the data file that `keep(n, depth)` selects;
/// returns how many.
fn check_perft_data(keep: impl Fn(usize, u32) -> bool) -> usize {
    let t0 = Instant::now();
    let text = std::fs::read_to_string(DATA).expect("tests/data/perft.txt");
    let mut engine = Engine::default();
    let mut lines = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [pos, depth, count] = f[..] else { panic!("bad line `{line}`") };
        let p = parse_glop(pos).unwrap_or_else(|e| panic!("`{pos}`: {e}"));
        let depth: u32 = depth.parse().unwrap();
        if !keep(p.spot_count(), depth) {
            continue;
        }
        let count: u128 = count.parse().unwrap();
        assert_eq!(engine.perft(&Canon::of(&p), depth), count, "perft({pos}, {depth})");
        lines += 1;
    }
    eprintln!("perft: {lines} counts checked, {} positions expanded ({:.1?})", engine.children.len(), t0.elapsed());
    lines
}

#[test]
fn engine_children_match_the_perft_data() {
    // SPROUTS_PERFT=all checks every line instead of the quick depths.
    if std::env::var("SPROUTS_PERFT").is_ok_and(|v| v == "all") {
        let all = std::fs::read_to_string(DATA).expect("tests/data/perft.txt");
        let written = all.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
        assert_eq!(check_perft_data(|_, _| true), written);
        return;
    }
    let lines = check_perft_data(|n, depth| QUICK_DEPTHS.get(n).is_some_and(|&d| depth <= d));
    assert_eq!(lines, QUICK_DEPTHS.iter().sum::<u32>() as usize, "lines missing from the data");
}
