//! Times routing and stroke checking on late 20-spot games:
//! `cargo run --release --example board_bench [games] [seed]`.

use std::time::Instant;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().unwrap_or(0));
    let games = args.next().unwrap_or(5) as usize;
    let seed = args.next().unwrap_or(1);
    let start = Instant::now();
    let mut now = || start.elapsed().as_secs_f64() * 1e3;
    print!("{}", sprouts::board::bench(games, seed, &mut now));
}
