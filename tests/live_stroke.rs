//! The stroke checked point by point (`LiveStroke`, `Game::extend_stroke`)
//! against the slow reference: after every batch of points it must answer
//! exactly what `check_prefix` and `check` (and `Game::check_stroke`) answer
//! for the whole stroke so far. Random drawn games, random strokes: planned
//! from spot to spot (some overshooting the end and coming back, some
//! loops), wandering near spots and lines, circling a spot on its snap
//! circle, with now and then a wild value. `SPROUTS_LIVE_STROKES=N` draws N
//! strokes (default 240).

mod common;

use common::Rng;
use sprouts::board::{LiveStroke, Point, StrokeChecker, StrokeError};
use sprouts::game::Game;

fn f(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Points from a to b every `step` units (a included, b not).
fn line(out: &mut Vec<Point>, a: Point, b: Point, step: f64) {
    let k = (a.dist(b) / step).ceil().max(1.0) as usize;
    out.extend((0..k).map(|i| a.lerp(b, i as f64 / k as f64)));
}

/// From `start` into spot b along its line toward `next` (on the left or
/// right), close enough to touch the line inside b's snap disc only, out
/// of the disc and back to b.
fn along_into(start: Point, b: Point, next: Point, left: bool, snap: f64, step: f64) -> Vec<Point> {
    let u = Point::new(next.x - b.x, next.y - b.y);
    let len = (u.x * u.x + u.y * u.y).sqrt().max(1e-9);
    let (u, side) = (Point::new(u.x / len, u.y / len), if left { 1.0 } else { -1.0 });
    let at = |a: f64, p: f64| Point::new(b.x + (a * u.x - p * side * u.y) * snap, b.y + (a * u.y + p * side * u.x) * snap);
    let stops = [start, at(2.0, 1.6), at(0.9, 0.1), at(0.6, 0.1), at(0.6, 1.1), at(0.1, 1.2), b];
    let mut pts = Vec::new();
    for w in stops.windows(2) {
        line(&mut pts, w[0], w[1], step);
    }
    pts.push(b);
    pts
}

fn stroke(rng: &mut Rng, g: &Game) -> Vec<Point> {
    let board = g.board().expect("drawn");
    let spots = board.spots();
    // Strokes start and end mostly on live spots, so that many are moves.
    let live: Vec<Point> = (1..=spots.len()).filter(|&s| g.position().lives(s as u32) > 0).map(|s| spots[s - 1]).collect();
    let ends = if live.is_empty() || rng.below(8) == 0 { spots } else { &live[..] };
    let snap = g.rules().snap;
    let mut pts = Vec::new();
    match rng.below(5) {
        // Into an end spot of a line, running along the line inside the
        // spot's snap disc (a touch that disc hides), out and back in.
        4 if !board.edges().is_empty() => {
            // Mostly a line that ends at a live spot.
            let ends_of = |e: &sprouts::board::Edge| [(e.points[0], e.points[1]), (e.points[e.points.len() - 1], e.points[e.points.len() - 2])];
            let mut lines: Vec<(Point, Point)> = board.edges().iter().flat_map(ends_of).filter(|(b, _)| ends.contains(b)).collect();
            if lines.is_empty() {
                lines = board.edges().iter().flat_map(ends_of).collect();
            }
            let (b, next) = *rng.pick(&lines);
            let far = ends.iter().copied().fold(b, |m, s| if s.dist(b) > m.dist(b) { s } else { m });
            pts = along_into(far, b, next, rng.coin(), snap, f(rng, 1.0, 4.0));
        }
        // Planned, possibly overshooting the end spot and coming back.
        0 | 1 => {
            let mut stops = vec![*rng.pick(ends)];
            for _ in 0..rng.below(4) {
                stops.push(Point::new(f(rng, 0.0, 800.0), f(rng, 0.0, 600.0)));
            }
            let end = *rng.pick(ends);
            stops.push(end);
            if rng.coin() {
                let a = f(rng, 0.0, 6.3);
                let r = f(rng, 0.5, 2.5) * snap;
                stops.push(Point::new(end.x + r * a.cos(), end.y + r * a.sin()));
                stops.push(end);
            }
            let step = f(rng, 1.0, 12.0);
            for w in stops.windows(2) {
                line(&mut pts, w[0], w[1], step);
            }
            pts.push(*stops.last().unwrap_or(&end));
        }
        // Round a spot near its snap circle, in and out of the disc, from
        // a spot nearby.
        3 => {
            let s = *rng.pick(spots);
            let start = *rng.pick(ends);
            let (a0, r0) = (f(rng, 0.0, 6.3), snap * f(rng, 0.9, 1.1));
            let first = Point::new(s.x + r0 * a0.cos(), s.y + r0 * a0.sin());
            line(&mut pts, start, first, 4.0);
            let turns = f(rng, 0.2, 1.0) * 6.3;
            let n = rng.range(10, 200);
            for i in 0..=n {
                let a = a0 + turns * i as f64 / n as f64;
                let r = snap * (1.0 + if i % 2 == 0 { 0.05 } else { -0.05 } * f(rng, 0.5, 1.5));
                pts.push(Point::new(s.x + r * a.cos(), s.y + r * a.sin()));
            }
            if rng.coin() {
                pts.push(s);
            }
        }
        // Wandering near spots and lines.
        _ => {
            let edges = board.edges();
            let mut at = *rng.pick(spots);
            pts.push(at);
            for _ in 0..rng.range(1, 120) {
                at = match rng.below(10) {
                    0..=2 => {
                        let s = *rng.pick(spots);
                        Point::new(s.x + f(rng, -1.2, 1.2) * snap, s.y + f(rng, -1.2, 1.2) * snap)
                    }
                    3 if !edges.is_empty() => {
                        let e = rng.pick(edges);
                        let q = *rng.pick(&e.points);
                        Point::new(q.x + f(rng, -4.0, 4.0), q.y + f(rng, -4.0, 4.0))
                    }
                    4 if rng.below(8) == 0 => *rng.pick(&[Point::new(f64::NAN, 1.0), Point::new(1e300, 0.0)]),
                    _ => Point::new(at.x + f(rng, -30.0, 30.0), at.y + f(rng, -30.0, 30.0)),
                };
                if rng.coin() {
                    let last = *pts.last().unwrap_or(&at);
                    if last.is_finite() && at.is_finite() && last.dist(at) < 400.0 {
                        line(&mut pts, last, at, f(rng, 2.0, 8.0));
                    }
                }
                pts.push(at);
            }
        }
    }
    pts
}

fn count() -> usize {
    std::env::var("SPROUTS_LIVE_STROKES").ok().and_then(|s| s.parse().ok()).unwrap_or(240)
}

/// What the strokes went through, so that the test shows it saw the
/// cases that matter.
#[derive(Default)]
struct Seen {
    prefixes: usize,
    complete: usize,
    faulty: usize,
    recovered: usize,
    bad: usize,
    kinds: std::collections::HashSet<std::mem::Discriminant<StrokeError>>,
}

/// Feeds the stroke in random batches; after each, the live answers must
/// be the reference's for the whole stroke so far.
fn agrees(checker: &StrokeChecker, pts: &[Point], rng: &mut Rng, seen: &mut Seen, case: &str) {
    let mut live = LiveStroke::new();
    let mut n = 0;
    let mut was_faulty = false;
    while n < pts.len() {
        let k = if rng.below(3) == 0 { rng.range(1, 8) } else { 1 };
        let next = (n + k).min(pts.len());
        live.extend(checker, &pts[n..next]);
        n = next;
        let want = checker.check_prefix(&pts[..n]);
        assert_eq!(live.prefix(), want, "{case}: prefix of {n} points of {pts:?}");
        let full = checker.check(&pts[..n], 0.5);
        assert_eq!(live.release().map(Clone::clone), full, "{case}: release after {n} points of {pts:?}");
        seen.prefixes += 1;
        seen.complete += usize::from(full.is_ok());
        if let Some(e) = &want.error {
            seen.faulty += 1;
            seen.bad += usize::from(matches!(e, StrokeError::BadPoint { .. }));
            seen.kinds.insert(std::mem::discriminant(e));
            was_faulty = true;
        } else if was_faulty && want.from.is_some() {
            seen.recovered += 1;
        }
    }
}

#[test]
fn live_stroke_answers_as_the_whole_stroke_check_after_every_batch() {
    let mut rng = Rng::new(0x11FE_5720);
    let games = common::drawn_games(&mut rng, &[0, 3, 8]);
    let mut seen = Seen::default();
    for case in 0..count() {
        let g = &games[rng.below(games.len())];
        let checker = StrokeChecker::new(g.board().expect("drawn"), g.rules()).expect("a checker");
        let pts = stroke(&mut rng, g);
        agrees(&checker, &pts, &mut rng, &mut seen, &format!("case {case}"));
    }
    // Along each line of a small game into its ends: the touch inside the
    // end's disc is a fault once the stroke leaves the disc, and hidden
    // again when it comes back.
    let mut g = Game::new(2, false, 800.0, 600.0).expect("a start");
    g.play_text("1(3)2").expect("a move");
    let board = g.board().expect("drawn");
    let checker = StrokeChecker::new(board, g.rules()).expect("a checker");
    for e in board.edges() {
        let m = e.points.len();
        for (b, next) in [(e.points[0], e.points[1]), (e.points[m - 1], e.points[m - 2])] {
            let far = board.spots().iter().copied().fold(b, |m, s| if s.dist(b) > m.dist(b) { s } else { m });
            for left in [true, false] {
                let pts = along_into(far, b, next, left, g.rules().snap, 2.0);
                agrees(&checker, &pts, &mut rng, &mut seen, "along a line");
            }
        }
    }
    let Seen { prefixes, complete, faulty, recovered, bad, kinds } = seen;
    eprintln!(
        "{prefixes} prefixes: {complete} complete, {faulty} with a fault ({} kinds, {bad} bad points), {recovered} fine again after a fault",
        kinds.len()
    );
    assert!(complete > 50 && faulty > 100 && recovered > 0 && bad > 0 && kinds.len() >= 6);
}

/// The game's stroke being drawn answers as `check_stroke` of all its
/// points, also after the rules or the drawing shown change mid-stroke; a
/// bad point or too many points is an error that changes nothing.
#[test]
fn game_extend_stroke_answers_as_check_stroke() {
    let mut rng = Rng::new(0x5EED_11FE);
    let games = common::drawn_games(&mut rng, &[0, 3, 8]);
    let mut moves = 0;
    for case in 0..count() / 2 {
        let mut g = games[rng.below(games.len())].clone();
        assert!(matches!(g.extend_stroke(&[Point::new(1.0, 1.0)]), Err(sprouts::game::GameError::NoStroke)));
        let pts: Vec<Point> = stroke(&mut rng, &g).into_iter().filter(|&p| sprouts::board::usable_point(p)).collect();
        g.begin_stroke().expect("a drawn game");
        let mut n = 0;
        while n < pts.len() {
            let next = (n + rng.range(1, 6)).min(pts.len());
            if rng.below(40) == 0 {
                let mut r = g.rules();
                r.snap = if r.snap > 20.0 { 16.0 } else { 24.0 };
                g.set_rules(r).expect("rules");
            }
            if rng.below(60) == 0 && g.undo() {
                moves += 1;
            }
            let got = g.extend_stroke(&pts[n..next]).expect("an answer");
            n = next;
            assert_eq!(got, g.check_stroke(&pts[..n]).expect("an answer"), "case {case}: {n} points of {pts:?}");
            let e = g.extend_stroke(&[Point::new(3.0, f64::NAN)]).expect_err("a bad point");
            assert!(e.to_string().contains(&format!("point {n} ")), "{e}");
            assert_eq!(g.extend_stroke(&[]).expect("an answer"), got, "case {case}: the bad point changed the stroke");
        }
    }
    assert!(moves > 0, "no stroke saw the drawing change");
    let mut g = games[0].clone();
    g.begin_stroke().expect("a drawn game");
    let many = vec![Point::new(1.0, 1.0); sprouts::limits::MAX_STROKE_POINTS];
    g.extend_stroke(&many).expect("at the limit");
    let e = g.extend_stroke(&many[..1]).expect_err("over the limit");
    assert!(e.to_string().contains("points in a stroke"), "{e}");
}
