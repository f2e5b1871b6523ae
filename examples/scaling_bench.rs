//! Times the inputs of issue 13 that were quadratic or worse, at growing
//! sizes, so that the growth shows: `cargo run --release --example
//! scaling_bench`. Prints milliseconds per size; docs/benchmarks.md quotes them.

use sprouts::board::{Board, LiveStroke, Point, StrokeChecker, StrokeRules};
use sprouts::game::Game;
use sprouts::text::parse_position;
use sprouts::Canon;
use std::time::Instant;

fn ms(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64() * 1e3
}

/// A stroke of `n` points from spot 1 of a 2-spot board: out of the snap
/// disc, then up and down in a zigzag 1 unit apart (a stroke drawn mostly
/// up or down defeated the old sweep).
fn stroke(board: &Board, n: usize) -> Vec<Point> {
    let a = board.spots()[0];
    let mut pts = vec![a];
    let (mut x, mut y, mut dir) = (a.x + 20.0, a.y, 1.0);
    let top = a.y - 100.0;
    let bottom = a.y + 100.0;
    while pts.len() < n {
        pts.push(Point::new(x, y));
        y += dir;
        if y > bottom || y < top {
            dir = -dir;
            x += 7.0;
            y += dir;
        }
    }
    pts
}

fn main() {
    println!("{:<44} {:>8} {:>10}", "what", "size", "ms");
    for n in [1000, 2000, 4000, 10_000] {
        let p = parse_position(&format!("0*{n}")).unwrap();
        // What `sprouts moves` runs.
        let t = ms(|| drop(p.children_text().unwrap()));
        println!("{:<44} {:>8} {:>10.1}", "moves 0*N (children_text)", n, t);
    }
    for n in [100, 200, 400] {
        let p = parse_position(&format!("{}.}}]!", "1".repeat(n))).unwrap();
        let t = ms(|| drop(p.children()));
        println!("{:<44} {:>8} {:>10.1}", "moves on N two-life spots of one boundary", n, t);
    }
    for n in [200, 400, 800] {
        let letter = |k: usize| if k < 26 { ((b'a' + k as u8) as char).to_string() } else { format!("({})", k + 1) };
        let text: String = (0..n).map(|k| format!("1{}", letter(k))).chain((0..n).rev().map(|k| format!("{}1", letter(k)))).collect();
        let p = parse_position(&format!("{text}.}}]!")).unwrap();
        let t = ms(|| drop(Canon::of(&p)));
        println!("{:<44} {:>8} {:>10.1}", "canon of a chain of N nested loops", n, t);
    }
    let board = Board::start(2, 800.0, 600.0).unwrap();
    let rules = StrokeRules::default();
    let checker = StrokeChecker::new(&board, rules).unwrap();
    for n in [1000, 2000, 4000, 10_000] {
        let pts = stroke(&board, n);
        let one = ms(|| drop(checker.check_prefix(&pts)));
        println!("{:<44} {:>8} {:>10.2}", "check one stroke of N points (prefix check)", n, one);
    }
    for n in [1000, 2000, 4000] {
        let pts = stroke(&board, n);
        let all = ms(|| {
            for k in 1..=n {
                drop(checker.check_prefix(&pts[..k]));
            }
        });
        println!("{:<44} {:>8} {:>10.1}", "check every prefix of a stroke of N points", n, all);
    }
    for n in [1000, 2000, 4000, 10_000] {
        let pts = stroke(&board, n);
        let all = ms(|| {
            let mut live = LiveStroke::new();
            for p in pts.chunks(1) {
                live.extend(&checker, p);
                drop(live.prefix());
            }
        });
        println!("{:<44} {:>8} {:>10.1}", "check every prefix incrementally (LiveStroke)", n, all);
    }
    // The page's path: one point per frame through the game.
    let mut game = Game::new(2, false, 800.0, 600.0).unwrap();
    for n in [1000, 10_000] {
        let pts = stroke(game.board().unwrap(), n);
        let all = ms(|| {
            game.begin_stroke().unwrap();
            for p in pts.chunks(1) {
                drop(game.extend_stroke(p).unwrap());
            }
        });
        println!("{:<44} {:>8} {:>10.1}", "the same, by Game::extend_stroke", n, all);
    }
}
