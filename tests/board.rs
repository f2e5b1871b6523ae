//! The board: tracing drawings, checking strokes, playing hand-drawn moves.

use sprouts::board::{Board, PlayError, Point, StrokeChecker, StrokeError, StrokeRules};
use sprouts::notation::{resolve, write_move, MoveText};
use sprouts::Position;

/// A pointer stroke through the waypoints, sampled every 2 units.
fn stroke(way: &[(f64, f64)]) -> Vec<Point> {
    let mut out = vec![Point::new(way[0].0, way[0].1)];
    for w in way.windows(2) {
        let (a, b) = (Point::new(w[0].0, w[0].1), Point::new(w[1].0, w[1].1));
        let n = (a.dist(b) / 2.0).ceil().max(1.0) as usize;
        for k in 1..=n {
            out.push(a.lerp(b, k as f64 / n as f64));
        }
    }
    out
}

fn board(spots: &[(f64, f64)]) -> Board {
    Board::with_spots(
        400.0,
        300.0,
        spots.iter().map(|&(x, y)| Point::new(x, y)).collect(),
    )
    .unwrap()
}

/// Plays a hand-drawn stroke, checks it against the engine, and returns
/// the new board and the move's WGOSA text.
fn play(b: &Board, way: &[(f64, f64)]) -> (Board, String) {
    let pos = b.position().unwrap();
    let played = b.play_stroke(&stroke(way), StrokeRules::default()).unwrap();
    assert_eq!(pos.play(&played.mv).unwrap(), played.position);
    assert_eq!(played.board.position().unwrap(), played.position);
    (played.board, write_move(&pos, &played.mv))
}

/// The child that WGOSA text names in the board's position.
fn named(b: &Board, text: &str) -> Position {
    let pos = b.position().unwrap();
    resolve(&pos, &MoveText::parse(text).unwrap()).unwrap().1
}

#[test]
fn start_traces_to_start() {
    for n in 1..=25 {
        let b = Board::start(n, 800.0, 600.0).unwrap();
        assert_eq!(b.position().unwrap(), Position::start(n).unwrap());
        for p in b.spots() {
            assert!(p.x > 0.0 && p.x < 800.0 && p.y > 0.0 && p.y < 600.0);
        }
    }
}

#[test]
fn simple_join() {
    let b = board(&[(100.0, 100.0), (300.0, 100.0)]);
    let (b, text) = play(&b, &[(101.0, 99.0), (200.0, 60.0), (299.0, 101.0)]);
    assert_eq!(text, "1(3)2");
    assert_eq!(b.spot_count(), 3);
}

#[test]
fn sides_follow_the_screen() {
    // 1 ---4--- 2 along y = 100, spot 3 below it (larger y).
    let b = board(&[(100.0, 100.0), (300.0, 100.0), (200.0, 200.0)]);
    let (b, _) = play(&b, &[(100.0, 100.0), (300.0, 100.0)]);
    // A second curve 1→2 above the line: on its visual right (below it) is
    // the empty lens between it and the line, so 3 is on its left.
    let above = &[(100.0, 100.0), (150.0, 40.0), (250.0, 40.0), (300.0, 100.0)];
    let played = b
        .play_stroke(&stroke(above), StrokeRules::default())
        .unwrap();
    assert_eq!(played.position, named(&b, "1(5)2![3]"));
    assert_eq!(played.position, named(&b, "2(5)1[3]"));
    // Below spot 3: 3 lies between the curve and the line, again on the
    // visual left of the curve drawn eastwards (y grows downwards). On the
    // sphere this is the same drawing.
    let below = &[
        (100.0, 100.0),
        (120.0, 260.0),
        (280.0, 260.0),
        (300.0, 100.0),
    ];
    let played2 = b
        .play_stroke(&stroke(below), StrokeRules::default())
        .unwrap();
    assert_eq!(played2.position, played.position);
    // Between the line and 3: now 3 is on the visual right.
    let between = &[
        (100.0, 100.0),
        (150.0, 150.0),
        (250.0, 150.0),
        (300.0, 100.0),
    ];
    let played3 = b
        .play_stroke(&stroke(between), StrokeRules::default())
        .unwrap();
    assert_eq!(played3.position, named(&b, "1(5)2[3]"));
    assert_ne!(played3.position, played.position);
}

#[test]
fn loop_clockwise_encloses() {
    let b = board(&[(100.0, 150.0), (200.0, 150.0)]);
    // Clockwise on screen (y down): right, down, left, up.
    let way = &[
        (100.0, 150.0),
        (150.0, 80.0),
        (260.0, 150.0),
        (150.0, 220.0),
        (100.0, 150.0),
    ];
    let (b2, text) = play(&b, way);
    assert_eq!(b2.position().unwrap(), named(&b, "1(3)1[2]"));
    assert!(text.starts_with("1(3)1"), "{text}");
}

#[test]
fn refusals() {
    let b = board(&[(100.0, 100.0), (300.0, 100.0), (200.0, 220.0)]);
    let (b, _) = play(&b, &[(100.0, 100.0), (300.0, 100.0)]);
    let ch = StrokeChecker::new(&b, StrokeRules::default()).unwrap();
    let check = |way: &[(f64, f64)]| ch.check(&stroke(way), 0.5).map(|_| ());
    // Through the edge 1–4 (edge 0).
    let e = check(&[(200.0, 220.0), (150.0, 20.0), (300.0, 100.0)]);
    assert!(
        matches!(e, Err(StrokeError::Crosses { edge: 0, .. })),
        "{e:?}"
    );
    // Through spot 4 (at 200,100).
    assert!(matches!(
        check(&[(200.0, 220.0), (200.0, 20.0), (300.0, 100.0)]),
        Err(StrokeError::TouchesSpot { spot: 4, .. })
    ));
    // Too close to the edge 4–2 (edge 1), without touching it.
    assert!(matches!(
        check(&[(200.0, 220.0), (250.0, 102.0), (300.0, 100.0)]),
        Err(StrokeError::TouchesEdge { edge: 1, .. })
    ));
    assert!(matches!(
        check(&[
            (300.0, 100.0),
            (250.0, 160.0),
            (170.0, 40.0),
            (100.0, 100.0)
        ]),
        Err(StrokeError::Crosses { .. })
    ));
    // Too close to spot 3 on the way from 1 to 2 below the line.
    let way = &[(100.0, 100.0), (195.0, 222.0), (300.0, 100.0)];
    match check(way) {
        // The point where it comes too close is near the corner at (195, 222).
        Err(StrokeError::TouchesSpot { spot: 3, at }) => {
            assert!(stroke(way)[at].dist(Point::new(195.0, 222.0)) < 15.0)
        }
        e => panic!("{e:?}"),
    }
    // Self-crossing.
    assert!(matches!(
        check(&[
            (200.0, 220.0),
            (260.0, 280.0),
            (300.0, 200.0),
            (200.0, 280.0),
            (120.0, 200.0),
            (100.0, 100.0)
        ]),
        Err(StrokeError::SelfIntersects { .. })
    ));
    // Ending nowhere, starting nowhere.
    assert_eq!(
        check(&[(200.0, 220.0), (50.0, 250.0)]),
        Err(StrokeError::NotOnSpot {
            at: stroke(&[(200.0, 220.0), (50.0, 250.0)]).len() - 1
        })
    );
    assert_eq!(
        check(&[(30.0, 30.0), (200.0, 220.0)]),
        Err(StrokeError::NotOnSpot { at: 0 })
    );
    // A loop from a 1-life spot (1 has 2 lives: fine; 4 has 1).
    let lp = |s: (f64, f64)| vec![s, (s.0 + 30.0, s.1 - 60.0), (s.0 - 30.0, s.1 - 60.0), s];
    assert!(check(&lp((100.0, 100.0))).is_ok());
    assert_eq!(
        check(&lp((200.0, 100.0))),
        Err(StrokeError::LoopNeedsTwoLives { spot: 4 })
    );
    // Play spots 1 and 2 down to no lives, then start from a dead spot.
    let (b, _) = play(&b, &[(100.0, 100.0), (200.0, 40.0), (300.0, 100.0)]);
    let (b, _) = play(&b, &[(100.0, 100.0), (200.0, 160.0), (300.0, 100.0)]);
    let ch = StrokeChecker::new(&b, StrokeRules::default()).unwrap();
    assert_eq!(
        ch.check(
            &stroke(&[(100.0, 100.0), (150.0, 250.0), (200.0, 220.0)]),
            0.5
        )
        .unwrap_err(),
        StrokeError::NoLives { spot: 1 }
    );
    assert!(matches!(
        b.play_stroke(&[], StrokeRules::default()),
        Err(PlayError::Stroke(StrokeError::Empty))
    ));
}

#[test]
fn junk_input_is_refused() {
    let b = board(&[(100.0, 100.0), (300.0, 100.0)]);
    let ch = StrokeChecker::new(&b, StrokeRules::default()).unwrap();
    let nan = Point::new(f64::NAN, 1.0);
    assert_eq!(
        ch.check(&[Point::new(100.0, 100.0), nan], 0.5),
        Err(StrokeError::BadPoint { at: 1 })
    );
    let huge = Point::new(1e300, -1e300);
    assert_eq!(ch.check(&[huge], 0.5), Err(StrokeError::BadPoint { at: 0 }));
    assert!(ch.check(&[Point::new(100.0, 100.0)], f64::NAN).is_err());
    assert!(ch
        .check(
            &[Point::new(100.0, 100.0), Point::new(300.0, 100.0)],
            f64::INFINITY
        )
        .is_ok());
    let p = ch.check_prefix(&[Point::new(100.0, 100.0), Point::new(150.0, 120.0)]);
    assert_eq!(p.from, Some(1));
    assert_eq!(p.error, None);
    assert_eq!(p.targets, vec![1, 2]);
}

/// The WGOSA page's example game, drawn by hand the way a player would:
/// each curve reads back as the record's move, and the drawing traces to
/// the record's positions.
#[test]
fn seed_game_drawn_by_hand() {
    use sprouts::notation::Record;
    let record = Record::parse("2+ 1(3)2 1(4)2 1(5)4 2(6)3").unwrap();
    let positions: Vec<Position> = record
        .replay()
        .unwrap()
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let mut b = board(&[(100.0, 150.0), (300.0, 150.0)]);
    let strokes: [&[(f64, f64)]; 4] = [
        // 1 to 2 straight: 3 lands at (200, 150).
        &[(100.0, 150.0), (300.0, 150.0)],
        // 1 to 2 over the top: 4 lands at (200, 60).
        &[(100.0, 150.0), (200.0, 60.0), (300.0, 150.0)],
        // 1 round the outside of the lens to 4, arriving from above.
        &[
            (100.0, 150.0),
            (80.0, 60.0),
            (150.0, 15.0),
            (200.0, 30.0),
            (200.0, 60.0),
        ],
        // 2 to 3 inside the lens.
        &[
            (300.0, 150.0),
            (250.0, 128.0),
            (215.0, 118.0),
            (200.0, 150.0),
        ],
    ];
    for (k, s) in strokes.iter().enumerate() {
        let (next, text) = play(&b, s);
        assert_eq!(text, record.moves[k].to_string());
        assert_eq!(next.position().unwrap(), positions[k]);
        b = next;
    }
}

#[test]
fn prefix_feedback() {
    let b = board(&[(100.0, 100.0), (300.0, 100.0), (200.0, 220.0)]);
    let (b, _) = play(&b, &[(100.0, 100.0), (300.0, 100.0)]);
    let ch = StrokeChecker::new(&b, StrokeRules::default()).unwrap();
    // Still inside the snap disc of 1: any region of 1 will do.
    let p = ch.check_prefix(&stroke(&[(100.0, 100.0), (104.0, 103.0)]));
    assert_eq!((p.from, p.error.clone(), p.ends_at), (Some(1), None, None));
    assert_eq!(p.targets, vec![1, 2, 3, 4]);
    // Heading for 3, arrived: releasing now is a move.
    let p = ch.check_prefix(&stroke(&[(100.0, 100.0), (150.0, 180.0), (195.0, 212.0)]));
    assert_eq!((p.error.clone(), p.ends_at), (None, Some(3)));
    // Through the line: already illegal.
    let p = ch.check_prefix(&stroke(&[(100.0, 100.0), (150.0, 180.0), (160.0, 50.0)]));
    assert!(matches!(p.error, Some(StrokeError::Crosses { .. })));
    assert!(p.targets.is_empty());
    // Not from a spot.
    let p = ch.check_prefix(&stroke(&[(30.0, 30.0), (60.0, 60.0)]));
    assert_eq!(
        (p.from, p.error),
        (None, Some(StrokeError::NotOnSpot { at: 0 }))
    );
}

#[test]
fn sliding_the_new_spot() {
    let b = board(&[(100.0, 100.0), (300.0, 100.0)]);
    let ch = StrokeChecker::new(&b, StrokeRules::default()).unwrap();
    let s = stroke(&[(100.0, 100.0), (300.0, 100.0)]);
    let quarter = ch.check(&s, 0.25).unwrap();
    assert!((quarter.new_spot.x - 150.0).abs() < 4.0 && quarter.new_spot.y == 100.0);
    let played = ch.play(&quarter).unwrap();
    assert_eq!(played.board.spot(3), Some(quarter.new_spot));
    assert_eq!(played.board.position().unwrap(), played.position);
}

#[test]
fn boards_from_plain_data_are_checked() {
    use sprouts::board::{BoardError, Edge};
    let spots = vec![
        Point::new(0.0, 0.0),
        Point::new(100.0, 0.0),
        Point::new(50.0, 50.0),
        Point::new(50.0, -50.0),
    ];
    let edge = |a: u32, b: u32, pts: &[(f64, f64)]| Edge {
        ends: [a, b],
        points: pts.iter().map(|&(x, y)| Point::new(x, y)).collect(),
    };
    let ok = Board::from_parts(
        200.0,
        200.0,
        spots.clone(),
        vec![edge(1, 2, &[(0.0, 0.0), (100.0, 0.0)])],
    );
    assert!(ok.is_ok());
    let crossing = vec![
        edge(1, 2, &[(0.0, 0.0), (100.0, 0.0)]),
        edge(3, 4, &[(50.0, 50.0), (50.0, -50.0)]),
    ];
    assert!(matches!(
        Board::from_parts(200.0, 200.0, spots.clone(), crossing),
        Err(BoardError::Crossing { .. })
    ));
    let off_spot = vec![edge(1, 2, &[(0.0, 1.0), (100.0, 0.0)])];
    assert_eq!(
        Board::from_parts(200.0, 200.0, spots.clone(), off_spot),
        Err(BoardError::BadEdge { edge: 0 })
    );
    let unknown = vec![edge(1, 9, &[(0.0, 0.0), (100.0, 0.0)])];
    assert!(matches!(
        Board::from_parts(200.0, 200.0, spots.clone(), unknown),
        Err(BoardError::UnknownSpot { .. })
    ));
    let nan = vec![Point::new(f64::NAN, 0.0)];
    assert_eq!(
        Board::from_parts(200.0, 200.0, nan, vec![]),
        Err(BoardError::BadCoordinate)
    );
    assert!(Board::from_parts(200.0, 200.0, vec![], vec![]).is_err());
}

mod common;

/// Random strokes, sensible and not, on boards from random routed games:
/// nothing panics, and every stroke accepted plays as the engine's move.
#[test]
fn random_strokes() {
    use sprouts::board::RouteOptions;
    let mut rng = common::Rng::new(0x57_0c4e);
    let (mut accepted, mut tried) = (0, 0);
    for round in 0..12 {
        let n = 2 + round % 6;
        let mut b = Board::start(n, 400.0, 300.0).unwrap();
        let mut pos = b.position().unwrap();
        for _ in 0..rng.below(2 * n) {
            let moves = pos.representative_moves();
            if moves.is_empty() {
                break;
            }
            let mv = &rng.pick(&moves).0;
            let r = b.route(&pos, mv, &RouteOptions::default()).unwrap();
            (b, pos) = (r.board, r.position);
        }
        let ch = StrokeChecker::new(&b, StrokeRules::default()).unwrap();
        let spots = b.spots().to_vec();
        for _ in 0..150 {
            tried += 1;
            let mut way = vec![*rng.pick(&spots)];
            for _ in 0..rng.range(0, 3) {
                way.push(Point::new(rng.below(400) as f64, rng.below(300) as f64));
            }
            way.push(*rng.pick(&spots));
            let way: Vec<(f64, f64)> = way.iter().map(|p| (p.x, p.y)).collect();
            let mut pts = stroke(&way);
            let at = rng.below(pts.len());
            match rng.below(8) {
                0 => pts[at] = Point::new(f64::NAN, 3.0),
                1 => pts[at] = Point::new(1e308, -1e308),
                2 => pts.truncate(at),
                3 => pts.reverse(),
                _ => {}
            }
            let _ = ch.check_prefix(&pts);
            if let Ok(s) = ch.check(&pts, rng.below(100) as f64 / 100.0) {
                let played = ch.play(&s).unwrap();
                assert_eq!(pos.play(&played.mv).unwrap(), played.position);
                assert_eq!(played.board.position().unwrap(), played.position);
                accepted += 1;
            }
        }
    }
    println!("random strokes: {accepted} of {tried} accepted and played");
    assert!(accepted > 50, "{accepted}");
}
