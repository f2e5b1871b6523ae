//! Times `Board::layout` on positions of random games: every third
//! position met in random games of 5, 10, 15 and 20 spots (in turn) is
//! reduced and laid out, and the median and worst milliseconds are printed
//! by total lives, up to 60 (20 spots' worth).
//!
//! `cargo run --release --example layout_bench [GAMES] [SEED]`

use sprouts::board::Board;
use sprouts::Position;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let mut seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rand = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    // Buckets of lives: 1-10, 11-20, ... 51-60.
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); 6];
    let mut spots: Vec<usize> = vec![0; 6];
    let mut fails = 0;
    for g in 0..games {
        let n = [5, 10, 15, 20][g % 4];
        let mut p = Position::start(n).unwrap();
        let mut step = 0;
        loop {
            let lives = p.total_lives() as usize;
            step += 1;
            if lives > 0 && step % 3 == 0 {
                let t = Instant::now();
                match Board::layout(&p.reduced(), 800.0, 600.0) {
                    Ok((_, board)) => {
                        let b = (lives - 1) / 10;
                        times[b].push(t.elapsed().as_secs_f64() * 1e3);
                        spots[b] = spots[b].max(board.spot_count());
                    }
                    Err(e) => {
                        fails += 1;
                        eprintln!("{e}: {}", sprouts::Canon::of(&p));
                    }
                }
            }
            let moves = p.representative_moves();
            if moves.is_empty() {
                break;
            }
            p = p.play(&moves[rand(moves.len())].0).unwrap();
        }
    }
    println!("| lives | layouts | median ms | worst ms | most spots drawn |");
    println!("| --- | --- | --- | --- | --- |");
    for (b, t) in times.iter_mut().enumerate() {
        if t.is_empty() {
            continue;
        }
        t.sort_by(|a, b| a.total_cmp(b));
        println!(
            "| {}-{} | {} | {:.1} | {:.1} | {} |",
            10 * b + 1,
            10 * b + 10,
            t.len(),
            t[t.len() / 2],
            t[t.len() - 1],
            spots[b]
        );
    }
    println!("failures: {fails}");
}
