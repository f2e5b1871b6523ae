//! Times the surface board's analysis (`surfaces::analysis::analyse`, the
//! search of its perfect computer and Analyse button) on starts, natively,
//! within the page's caps (the computer: 200,000 positions and 4 s):
//! `cargo run --release --example surface_analysis_bench [max_n]`.
//! The wasm counterpart is examples/surface_wasm_bench.mjs.

use sprouts::surfaces::{analysis, canon_of, Surface, SurfacePosition};
use std::time::Instant;

fn main() {
    let max_n = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(8usize);
    println!("| surface | n | normal | s | nodes | misère | s | nodes |\n| --- | ---: | --- | ---: | ---: | --- | ---: | ---: |");
    for surface in [Surface::Torus, Surface::Projective, Surface::Klein] {
        for n in 3..=max_n {
            let root = canon_of(&SurfacePosition::start(n, surface.genus()).unwrap());
            let mut row = format!("| {surface} | {n} |");
            for misere in [false, true] {
                let start = Instant::now();
                let out_of_time = move || start.elapsed().as_secs_f64() > 4.0;
                let a = analysis::analyse(&root, misere, 200_000, &out_of_time);
                let s = start.elapsed().as_secs_f64();
                row += &match a {
                    Ok(a) => format!(" {} ({} winning) | {s:.2} | {} |", if a.wins { "win" } else { "loss" }, a.winning.len(), a.nodes),
                    Err(e) => format!(" stopped: {e} | {s:.2} | |"),
                };
            }
            println!("{row}");
        }
    }
}
