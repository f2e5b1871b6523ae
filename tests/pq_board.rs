//! (p, q) Sprouts on a drawn board (issue 37): the moves drawn line by
//! line are exactly the engine's moves (`sprouts::variants::pq`), and a
//! hand-drawn stroke is checked as the plane's are.

use sprouts::board::{Board, BoardError, Point, PqStrokeError, PqTurn, RouteOptions, StrokeError, StrokeRules};
use sprouts::variants::pq::{child_keys, PqCanon, PqRules};
use std::collections::BTreeSet;

/// A tiny deterministic generator (no dependency needed for a test).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Every move drawn from `board` (each line routed every way the router
/// is offered it); the canonical forms reached, and how many lines found
/// no room.
fn drawn_children(board: &Board, rules: PqRules) -> (BTreeSet<PqCanon>, usize) {
    let (mut out, mut no_room) = (BTreeSet::new(), 0);
    let mut stack = vec![PqTurn::new(board.clone(), rules)];
    while let Some(t) = stack.pop() {
        if t.is_complete() {
            let (_, _, c) = t.finish().unwrap_or_else(|e| panic!("a drawn move is a child: {e}"));
            out.insert(c);
            continue;
        }
        for mv in t.next_lines().unwrap() {
            let mut next = t.clone();
            match next.route(&mv, &RouteOptions::default()) {
                Ok(_) => stack.push(next),
                Err(PqStrokeError::NoRoute) => no_room += 1,
                Err(PqStrokeError::CannotFinish { .. }) => {}
                Err(e) => panic!("{mv:?}: {e}"),
            }
        }
    }
    (out, no_room)
}

fn engine_children(board: &Board, rules: PqRules) -> BTreeSet<PqCanon> {
    let p = board.pq_position().unwrap();
    child_keys(&p.canon(rules), rules).into_iter().collect()
}

/// Plays a random move by routed lines.
fn random_move(board: &Board, rules: PqRules, rng: &mut Rng) -> Board {
    let mut t = PqTurn::new(board.clone(), rules);
    while !t.is_complete() {
        let lines = t.next_lines().unwrap();
        assert!(!lines.is_empty());
        let mv = &lines[rng.below(lines.len())];
        let mut next = t.clone();
        if next.route(mv, &RouteOptions::default()).is_ok() {
            t = next;
        }
    }
    t.finish().unwrap().0
}

#[test]
fn moves_drawn_are_the_moves_generated() {
    for (p, q, n, depth) in [(4, 3, 1, 1), (4, 3, 2, 2), (4, 3, 3, 1), (5, 3, 1, 2), (5, 3, 2, 1)] {
        let rules = PqRules::new(p, q).unwrap();
        let mut rng = Rng(p as u64 * 100 + n as u64);
        let mut board = Board::pq_start(rules, n, 800.0, 600.0).unwrap();
        for k in 0..depth {
            let want = engine_children(&board, rules);
            if want.is_empty() {
                break;
            }
            let (got, no_room) = drawn_children(&board, rules);
            assert_eq!(got, want, "{rules} n = {n}, after {k} moves: drawn children = engine children");
            assert_eq!(no_room, 0, "{rules} n = {n}, after {k} moves: every line routed");
            board = random_move(&board, rules, &mut rng);
        }
    }
}

/// Random games by hand-drawn strokes: each line is the router's curve
/// given to the stroke checker as pointer samples; every finished move is
/// a child, and games stay within the rules' bounds. A routed curve is
/// exact but may pass nearer the drawing than a hand's clearances allow
/// (or than the snap disc's straight piece into a busy spot does): such a
/// line is played routed, and counted; most lines must go through the
/// checker.
#[test]
fn random_games_by_strokes_stay_within_bounds() {
    let strokes = StrokeRules::default();
    let (mut drawn_lines, mut routed_lines) = (0, 0);
    for (p, q, n) in [(4, 3, 2), (4, 3, 3), (5, 3, 2)] {
        let rules = PqRules::new(p, q).unwrap();
        for seed in 0..2 {
            let mut rng = Rng(seed + 7);
            let mut board = Board::pq_start(rules, n, 800.0, 600.0).unwrap();
            let mut moves = 0;
            while !engine_children(&board, rules).is_empty() {
                let mut t = PqTurn::new(board.clone(), rules);
                while !t.is_complete() {
                    let lines = t.next_lines().unwrap();
                    let mv = &lines[rng.below(lines.len())];
                    let mut routed = t.clone();
                    // A line after which the move cannot be finished is refused.
                    let Ok(points) = routed.route(mv, &RouteOptions::default()) else { continue };
                    let mut drawn = t.clone();
                    match drawn.stroke(&points, 0.5, strokes) {
                        Ok(()) => {
                            assert_eq!(drawn.lines_left(), routed.lines_left());
                            drawn_lines += 1;
                            t = drawn;
                        }
                        Err(PqStrokeError::Stroke(
                            StrokeError::TouchesEdge { .. } | StrokeError::TouchesSpot { .. } | StrokeError::Crosses { .. },
                        )) => {
                            assert_eq!(drawn.board(), t.board(), "a refused stroke changes nothing");
                            routed_lines += 1;
                            t = routed;
                        }
                        Err(e) => panic!("{rules} n = {n}: the routed line {mv:?} drawn: {e}"),
                    }
                }
                board = t.finish().unwrap_or_else(|e| panic!("{rules}: {e}")).0;
                moves += 1;
            }
            let n = n as u32;
            assert!((rules.min_moves(n)..=rules.max_moves(n)).contains(&moves), "{rules} n = {n}: {moves} moves");
            // The end: no point has q lives (a new point could be joined q times to it).
            assert!(board.pq_position().unwrap().lives().iter().all(|&l| l < q as u8));
            // Scaled by a power of two (exact), the drawing is the same.
            let canon = board.pq_position().unwrap().canon(rules);
            assert_eq!(board.scaled(2.0).unwrap().pq_position().unwrap().canon(rules), canon);
            // The picture: one element per spot with its real lives.
            let svg = sprouts::board::svg_pq(&board, rules, &Default::default()).unwrap();
            for s in 1..=board.spot_count() as u32 {
                let want = format!(r#"data-lives="{}" data-spot="{s}""#, board.lives(s));
                assert!(svg.contains(&want), "{want}");
            }
            if let Some(dir) = std::env::var_os("SPROUTS_PQ_SVG") {
                // To look at: SPROUTS_PQ_SVG=/tmp cargo test --test pq_board
                std::fs::write(std::path::Path::new(&dir).join(format!("pq-{p}-{q}-n{n}-{seed}.svg")), svg).unwrap();
            }
        }
    }
    println!("lines drawn through the stroke checker: {drawn_lines}, routed only: {routed_lines}");
    assert!(drawn_lines > 2 * routed_lines, "{drawn_lines} drawn, {routed_lines} routed only");
}

#[test]
fn bad_strokes_change_nothing() {
    let rules = PqRules::new(4, 3).unwrap();
    let strokes = StrokeRules::default();
    let board = Board::pq_start(rules, 2, 800.0, 600.0).unwrap();
    let (a, b) = (board.spot(1).unwrap(), board.spot(2).unwrap());
    let mut t = PqTurn::new(board.clone(), rules);
    assert_eq!(t.finish().unwrap_err(), PqStrokeError::Incomplete { lines_left: 3 });
    assert!(matches!(t.stroke(&[], 0.5, strokes), Err(PqStrokeError::Stroke(StrokeError::Empty))));
    let off = Point::new(a.x, a.y - 100.0);
    assert!(matches!(t.stroke(&[a, off], 0.5, strokes), Err(PqStrokeError::Stroke(StrokeError::NotOnSpot { .. }))));
    assert!(t.is_empty());
    // The first line: 1 to 2, straight.
    t.stroke(&[a, b], 0.5, strokes).unwrap();
    let x = t.new_spot().unwrap();
    assert_eq!((x, t.lines_left()), (3, 1));
    let kept = t.board().clone();
    // Not from the new spot.
    let below = |p: Point| Point::new(p.x, p.y + 150.0);
    let around = [a, below(a), below(b), b];
    assert_eq!(
        t.stroke(&around, 0.5, strokes).unwrap_err(),
        PqStrokeError::NotFromNewSpot { new_spot: 3, lines_left: 1 }
    );
    // Crossing the first line.
    let m = t.board().spot(x).unwrap();
    let cross = [m, Point::new(m.x + 30.0, m.y - 80.0), Point::new(m.x + 60.0, m.y + 80.0), b];
    assert!(matches!(t.stroke(&cross, 0.5, strokes), Err(PqStrokeError::Stroke(StrokeError::Crosses { .. }))));
    assert_eq!(t.board(), &kept);
    assert_eq!(t.lines_left(), 1);
    // A legal third line, from x down and round to 2.
    t.stroke(&[m, below(m), below(b), b], 0.5, strokes).unwrap();
    assert!(t.is_complete());
    assert_eq!(t.stroke(&[m, b], 0.5, strokes).unwrap_err(), PqStrokeError::Complete);
    let (done, _, canon) = t.finish().unwrap();
    assert!(engine_children(&board, rules).contains(&canon));
    assert_eq!(done.lives(1), 3);
    assert_eq!((done.lives(2), done.lives(3)), (2, 1));
}

#[test]
fn capacities_above_nine_are_refused() {
    let rules = PqRules::new(9, 5).unwrap();
    let board = Board::pq_start(rules, 1, 400.0, 300.0).unwrap();
    assert_eq!(board.lives(1), 9);
    assert_eq!(board.clone().with_capacities(vec![10]).unwrap_err(), BoardError::BadCapacities);
    assert_eq!(board.with_capacities(vec![0]).unwrap_err(), BoardError::BadCapacities);
}
