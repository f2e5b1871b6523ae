//! Times `Board::layout` on positions of random games: every third
//! position met in random games of 5, 10, 15 and 20 spots (in turn) is
//! laid out twice, reduced (as from a GLOP string) and labelled (as from
//! its Hoey list, keeping its spot numbers), and the median and worst
//! milliseconds are printed by total lives, up to 60 (20 spots' worth).
//!
//! `cargo run --release --example layout_bench [GAMES] [SEED]`
//! (`LB_TRACE=1` prints each input before it is laid out, to name the one
//! that fails).

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
    // Buckets of lives: 1-10, 11-20, ... 51-60; reduced, then labelled.
    let mut times: [Vec<Vec<f64>>; 2] = [vec![Vec::new(); 6], vec![Vec::new(); 6]];
    let mut spots = [vec![0usize; 6], vec![0usize; 6]];
    let mut fails = [0, 0];
    for g in 0..games {
        let n = [5, 10, 15, 20][g % 4];
        let mut p = Position::start(n).unwrap();
        let mut step = 0;
        loop {
            let lives = p.total_lives() as usize;
            step += 1;
            if lives > 0 && step % 3 == 0 {
                for (k, input) in [p.reduced(), p.clone()].iter().enumerate() {
                    if std::env::var("LB_TRACE").is_ok() { eprintln!("TRY {k} {}", sprouts::text::HoeyDisplay(input)); }
                    let t = Instant::now();
                    match Board::layout(input, 800.0, 600.0) {
                        Ok((drawn, board)) => {
                            if k == 1 && drawn != p {
                                fails[k] += 1;
                                eprintln!("relabelled: {}", sprouts::text::HoeyDisplay(&p));
                            }
                            let b = (lives - 1) / 10;
                            times[k][b].push(t.elapsed().as_secs_f64() * 1e3);
                            spots[k][b] = spots[k][b].max(board.spot_count());
                        }
                        Err(e) => {
                            fails[k] += 1;
                            eprintln!("{e}: {}", sprouts::Canon::of(&p));
                        }
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
    for (k, name) in ["reduced (GLOP)", "labelled (Hoey list)"].iter().enumerate() {
        println!("{name}:");
        println!("| lives | layouts | median ms | worst ms | most spots drawn |");
        println!("| --- | --- | --- | --- | --- |");
        for (b, t) in times[k].iter_mut().enumerate() {
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
                spots[k][b]
            );
        }
        println!("failures: {}", fails[k]);
    }
}
