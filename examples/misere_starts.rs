//! Misère n-spot starts by reduced canonical trees, one at a time, with
//! the numbers the tables of docs/benchmarks.md report.
//!
//! cargo run --release --example misere_starts -- FROM TO [TREE_LIVES]
//! [TABLE_MB] [MAX_SECONDS]

use sprouts::solver::{published_outcome, Config, Convention, Solver, TREE_LIVES};
use sprouts::Position;
use std::ops::ControlFlow;
use std::time::Instant;

fn arg(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let (from, to) = (arg(1, 1) as usize, arg(2, 12) as usize);
    let lives = arg(3, TREE_LIVES as u64) as u32;
    let mb = arg(4, 1024) as usize;
    let max = arg(5, 3600) as f64;
    println!("| n | outcome | published | seconds | nodes | trees | table entries | peak MB |");
    println!("|---|---|---|---|---|---|---|---|");
    for n in from..=to {
        let Ok(p) = Position::start(n) else { return };
        let mut s = Solver::new(
            Convention::Misere,
            Config { table_bytes: mb << 20, ..Config::default() },
        );
        s.set_tree_lives(lives);
        let t = Instant::now();
        s.on_progress(move |_| {
            if t.elapsed().as_secs_f64() > max {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let got = s.outcome(&p);
        let st = s.stats();
        let published = published_outcome(Convention::Misere, n).map_or("?".into(), |o| o.to_string());
        let got = got.map_or_else(|e| e.to_string(), |o| o.to_string());
        println!(
            "| {n} | {got} | {published} | {:.2} | {} | {} | {} | {:.1} |",
            t.elapsed().as_secs_f64(),
            st.nodes,
            st.trees,
            st.table_entries,
            st.peak_table_bytes as f64 / (1 << 20) as f64
        );
    }
}
