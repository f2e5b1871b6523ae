//! Timing the board on late 20-spot games: routing a move, and checking a
//! stroke on every pointer move while it is drawn.
//!
//! The core has no clock (it runs in a Web Worker as wasm), so the caller
//! passes one: `now()` in milliseconds.

use super::geom::{length, point_at, Point};
use super::model::Board;
use super::route::RouteOptions;
use super::stroke::{StrokeChecker, StrokeRules};
use std::fmt;

/// Timings in milliseconds.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    pub games: usize,
    /// Moves routed in the late part of the games (move 41 on).
    pub late_moves: usize,
    pub route_median: f64,
    pub route_worst: f64,
    /// Pointer events checked (prefix checks of strokes along routed
    /// curves, on late positions).
    pub pointer_moves: usize,
    pub stroke_median: f64,
    pub stroke_worst: f64,
    /// Moves that could not be routed (should be none).
    pub failures: usize,
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "board benchmark: {} random 20-spot games, late = move 41 on",
            self.games
        )?;
        writeln!(
            f,
            "{:<34} {:>8} {:>10} {:>10}",
            "what", "count", "median ms", "worst ms"
        )?;
        writeln!(
            f,
            "{:<34} {:>8} {:>10.3} {:>10.3}",
            "route a move (late)", self.late_moves, self.route_median, self.route_worst
        )?;
        writeln!(
            f,
            "{:<34} {:>8} {:>10.3} {:>10.3}",
            "check stroke per pointer move",
            self.pointer_moves,
            self.stroke_median,
            self.stroke_worst
        )?;
        writeln!(f, "routing failures: {}", self.failures)
    }
}

/// SplitMix64, to pick moves reproducibly.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Median, least and greatest of the values (zeros when there are none).
pub(crate) fn median_range(mut v: Vec<f64>) -> (f64, f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn median_worst(v: Vec<f64>) -> (f64, f64) {
    let (median, _, worst) = median_range(v);
    (median, worst)
}

/// Plays `games` random 20-spot games by routing (on an 800 × 600 board)
/// and times the late moves; on each late position, draws the next routed
/// curve as a pointer stroke (a sample every 3 units) and times the prefix
/// check after each sample.
pub fn bench(games: usize, seed: u64, now: &mut dyn FnMut() -> f64) -> BenchReport {
    let mut rng = Rng(seed);
    let opts = RouteOptions::default();
    let rules = StrokeRules::default();
    let (mut route_ms, mut stroke_ms) = (Vec::new(), Vec::new());
    let mut failures = 0;
    for _ in 0..games {
        let Ok(mut board) = Board::start(20, 800.0, 600.0) else {
            break;
        };
        let Ok(mut pos) = board.position() else { break };
        let mut played = 0;
        loop {
            let moves = pos.representative_moves();
            if moves.is_empty() {
                break;
            }
            let mv = &moves[rng.below(moves.len())].0;
            let late = played >= 40;
            let t = now();
            let routed = board.route(&pos, mv, &opts);
            let ms = now() - t;
            let Ok(routed) = routed else {
                failures += 1;
                break;
            };
            if late {
                route_ms.push(ms);
                if let Ok(checker) = StrokeChecker::new(&board, rules) {
                    let curve = &routed.points;
                    let total = length(curve);
                    let samples: Vec<Point> = (0..=(total / 3.0) as usize)
                        .map(|i| point_at(curve, i as f64 * 3.0).0)
                        .collect();
                    for k in 1..=samples.len() {
                        let t = now();
                        let _ = checker.check_prefix(&samples[..k]);
                        stroke_ms.push(now() - t);
                    }
                }
            }
            board = routed.board;
            pos = routed.position;
            played += 1;
        }
    }
    let (route_median, route_worst) = median_worst(route_ms.clone());
    let (stroke_median, stroke_worst) = median_worst(stroke_ms.clone());
    BenchReport {
        games,
        late_moves: route_ms.len(),
        route_median,
        route_worst,
        pointer_moves: stroke_ms.len(),
        stroke_median,
        stroke_worst,
        failures,
    }
}
