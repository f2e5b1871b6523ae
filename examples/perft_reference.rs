//! Writes tests/data/perft.txt with the slow reference generator
//! (tests/reference), which `tests/perft.rs` then checks the engine against.
//! `cargo run --release --example perft_reference` (minutes).

#[path = "../tests/reference/mod.rs"]
mod reference;

use reference::Map;
use sprouts::{Canon, Position};
use std::collections::HashMap;
use std::time::Instant;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// The deepest depth written for each start size (index n): whole games up
/// to 5 spots.
const DEPTHS: [u32; 7] = [0, 2, 5, 8, 11, 14, 7];

/// Children of each canonical class as the reference draws them (one map
/// per class), memoised.
struct Reference {
    children: HashMap<Canon, Vec<(Canon, Map)>>,
    counts: HashMap<(Canon, u32), u128>,
}

impl Reference {
    fn perft(&mut self, c: &Canon, map: &Map, depth: u32) -> u128 {
        if depth == 0 {
            return 1;
        }
        if let Some(&n) = self.counts.get(&(c.clone(), depth)) {
            return n;
        }
        if !self.children.contains_key(c) {
            let kids = map.canonical_children().into_iter().collect();
            self.children.insert(c.clone(), kids);
        }
        let kids = self.children[c].clone();
        let n = kids.iter().map(|(k, m)| self.perft(k, m, depth - 1)).sum();
        self.counts.insert((c.clone(), depth), n);
        n
    }
}

fn main() {
    let t0 = Instant::now();
    let mut out = String::from(
        "# Perft counts from the n-spot starts, written by the reference generator\n\
         # (tests/reference, `cargo run --release --example perft_reference`).\n\
         # Line: <GLOP position> <depth> <count>, where count = perft(position, depth),\n\
         # perft(p, 0) = 1, perft(p, d) = sum of perft(c, d - 1) over the distinct\n\
         # canonical children c of p: the nodes at depth d of the tree whose children\n\
         # are the distinct canonical children (a game that ends sooner adds nothing).\n",
    );
    let mut r = Reference { children: HashMap::new(), counts: HashMap::new() };
    for (n, &deepest) in DEPTHS.iter().enumerate().skip(1) {
        let map = Map::start(n);
        let c = Canon::of(&Position::start(n).expect("a start of 1 to 6 spots"));
        for depth in 1..=deepest {
            let count = r.perft(&c, &map, depth);
            out += &format!("{c} {depth} {count}\n");
            eprintln!("{c} {depth} {count} ({} classes expanded, {:.1?})", r.children.len(), t0.elapsed());
        }
    }
    if let Err(e) = std::fs::write(DATA, out) {
        eprintln!("cannot write {DATA}: {e}");
        std::process::exit(1);
    }
}
