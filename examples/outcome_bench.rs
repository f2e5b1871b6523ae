//! Outcome-only normal-play solves of n-spot starts, one fresh solver each:
//! `cargo run --release --example outcome_bench FROM [TO] [TABLE_MB]`.
//! Prints nodes (deterministic, the measure of search work) and seconds.

use sprouts::solver::{published_outcome, Config, Convention, Solver};
use sprouts::topology::Position;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let from = args.first().copied().unwrap_or(11);
    let to = args.get(1).copied().unwrap_or(from);
    let mut config = Config::default();
    if let Some(&mb) = args.get(2) {
        config.table_bytes = mb << 20;
    }
    println!("| n | outcome | published | nodes | seconds |");
    for n in from..=to {
        let p = Position::start(n).expect("a start position");
        let start = Instant::now();
        let mut s = Solver::new(Convention::Normal, config);
        let o = s.outcome(&p).expect("no limit set");
        let published =
            published_outcome(Convention::Normal, n).map_or("?".into(), |q| q.to_string());
        println!(
            "| {n} | {o} | {published} | {} | {:.2} |",
            s.stats().nodes,
            start.elapsed().as_secs_f64()
        );
    }
}
