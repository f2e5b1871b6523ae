//! What a lesson shows (src/teach.rs): the drawing's counts, the bounds on
//! the moves still to come, and the explorer's children.
//!
//! The faces are checked against the drawing itself: the test traces the
//! faces of the board's lines (each spot's lines sorted by angle, each face
//! walked with the next line round its corner), which knows nothing of the
//! engine's regions, and Euler's V − E + F = 1 + C is checked on both.

mod common;

use common::{random_game, Rng};
use sprouts::board::Board;
use sprouts::teach::{bounds, counts, explore, level_counts, pieces};


/// Faces of the plane cut out by the board's lines, traced from the
/// geometry alone.
fn traced_faces(b: &Board) -> usize {
    let edges = b.edges();
    let v = b.spot_count();
    // Half-edge 2e leaves ends[0], 2e + 1 leaves ends[1].
    let mut out: Vec<Vec<(f64, usize)>> = vec![Vec::new(); v + 1];
    for (i, e) in edges.iter().enumerate() {
        let n = e.points.len();
        let (a0, a1) = (e.points[0], e.points[1]);
        let (b0, b1) = (e.points[n - 1], e.points[n - 2]);
        out[e.ends[0] as usize].push(((a1.y - a0.y).atan2(a1.x - a0.x), 2 * i));
        out[e.ends[1] as usize].push(((b1.y - b0.y).atan2(b1.x - b0.x), 2 * i + 1));
    }
    for o in &mut out {
        o.sort_by(|x, y| x.0.partial_cmp(&y.0).unwrap());
    }
    let head = |h: usize| edges[h / 2].ends[1 - h % 2] as usize;
    let mut seen = vec![false; 2 * edges.len()];
    let ends: Vec<[u32; 2]> = edges.iter().map(|e| e.ends).collect();
    // Cycles per piece: union–find roots via pieces() would lose the map,
    // so label pieces by a flood over the lines.
    let mut piece = vec![usize::MAX; v + 1];
    let mut next_piece = 0;
    for s in 1..=v {
        if piece[s] != usize::MAX {
            continue;
        }
        let mut stack = vec![s];
        piece[s] = next_piece;
        while let Some(x) = stack.pop() {
            for &[a, c] in &ends {
                let (a, c) = (a as usize, c as usize);
                for (p, q) in [(a, c), (c, a)] {
                    if p == x && piece[q] == usize::MAX {
                        piece[q] = next_piece;
                        stack.push(q);
                    }
                }
            }
        }
        next_piece += 1;
    }
    let mut cycles = vec![0usize; next_piece];
    for start in 0..seen.len() {
        if seen[start] {
            continue;
        }
        let mut h = start;
        while !seen[h] {
            seen[h] = true;
            // Arrive at the head, leave by the line after the twin, round the spot.
            let at = head(h);
            let twin = h ^ 1;
            let round = &out[at];
            let k = round.iter().position(|&(_, x)| x == twin).unwrap();
            h = round[(k + 1) % round.len()].1;
        }
        cycles[piece[edges[start / 2].ends[0] as usize]] += 1;
    }
    // Each piece with lines has its own outer walk; the plane has one outer face.
    1 + cycles.iter().filter(|&&c| c > 0).map(|c| c - 1).sum::<usize>()
}

#[test]
fn euler_holds_on_finished_random_games() {
    let mut rng = Rng::new(35);
    let games = std::env::var("SPROUTS_TEACH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    for i in 0..games {
        let n = 1 + i % 5;
        let g = random_game(n, false, usize::MAX, &mut rng);
        assert!(g.is_over());
        let c = counts(&g);
        let b = g.board().unwrap();
        let ends: Vec<[u32; 2]> = b.edges().iter().map(|e| e.ends).collect();
        assert_eq!(c.vertices, n + g.cursor(), "game {i}: a move adds one spot");
        assert_eq!(c.edges, 2 * g.cursor(), "game {i}: a move draws two lines");
        assert_eq!(c.pieces, pieces(c.vertices, &ends));
        assert_eq!(c.faces, traced_faces(b), "game {i} ({}): the engine's regions are the drawing's faces", g.record());
        assert_eq!(
            c.vertices as i64 - c.edges as i64 + c.faces as i64,
            1 + c.pieces as i64,
            "game {i} ({}): V - E + F = 1 + C",
            g.record()
        );
        // The game's length is within the bounds, and the survivors decide it.
        assert!(2 * n <= g.cursor() && g.cursor() < 3 * n, "game {i}: {} moves from {n} spots", g.cursor());
        assert_eq!(c.live_spots as u32, c.lives, "game {i}: every survivor has one life");
        assert_eq!(g.cursor(), 3 * n - c.live_spots, "game {i}: moves = 3n - survivors");
    }
}

#[test]
fn euler_holds_mid_game_too() {
    let mut rng = Rng::new(36);
    for i in 0..100 {
        let n = 1 + i % 4;
        let g = random_game(n, false, rng.range(0, 3 * n), &mut rng);
        let c = counts(&g);
        assert_eq!(c.faces, traced_faces(g.board().unwrap()), "game {i} ({})", g.record());
        assert_eq!(c.vertices + c.faces, c.edges + 1 + c.pieces, "game {i} ({})", g.record());
    }
}

/// The bounds shown on the board hold at every position of random games:
/// the moves still to come lie between them.
#[test]
fn bounds_hold_along_random_games() {
    let mut rng = Rng::new(37);
    let mut checked = 0;
    for i in 0..300 {
        let n = 1 + i % 6;
        let mut g = random_game(n, false, usize::MAX, &mut rng);
        let total = g.cursor();
        for k in 0..=total {
            g.go_to(k);
            let c = counts(&g);
            let left = (total - k) as u32;
            let min = c.moves_left_min.unwrap();
            assert!(min <= left && left <= c.moves_left_max, "{} after {k} moves: {left} left, bounds {min}..{}", g.record(), c.moves_left_max);
            checked += 1;
        }
    }
    assert!(checked > 1000);
    assert_eq!(bounds(2, 5, true), (0, 0));
}

/// The whole 2-spot tree (normal and misère): every node's outcome agrees
/// with its children's (a win has a losing child, a loss none).
#[test]
fn the_two_spot_tree_is_consistent() {
    for misere in [false, true] {
        let mut stack = vec!["0*2".to_string()];
        let mut nodes = 0;
        while let Some(text) = stack.pop() {
            let e = explore(&text, misere).unwrap();
            nodes += 1;
            let any_loss = e.children.iter().any(|c| c.outcome == "loss");
            if e.children.is_empty() {
                assert_eq!(e.outcome, if misere { "win" } else { "loss" }, "{text}");
            } else {
                assert_eq!(e.outcome == "win", any_loss, "{text} ({misere})");
            }
            if !misere && !e.children.is_empty() {
                // The nimber is the mex of the children's.
                let kids: Vec<u32> = e.children.iter().map(|c| c.nimber.unwrap()).collect();
                let mex = (0..).find(|k| !kids.contains(k)).unwrap();
                assert_eq!(e.nimber, Some(mex), "{text}");
            }
            stack.extend(e.children.into_iter().map(|c| c.position));
        }
        assert!(nodes > 5, "{nodes} nodes");
    }
    let top = explore("0*2", false).unwrap();
    assert_eq!(top.children.len(), 2);
    assert_eq!(top.outcome, "loss", "2 spots: a second-player win");
}

/// Every position the explorer gives reads back as the same drawing, so
/// the page lays out what the engine solved (a lone spot's Hoey list `1`
/// does not: it is given as GLOP).
#[test]
fn explored_positions_read_back() {
    use sprouts::text::parse_position;
    use sprouts::Canon;
    for start in ["0*1", "0*2", "0*3"] {
        let e = explore(start, false).unwrap();
        let back = parse_position(&e.position).unwrap();
        assert_eq!(Canon::of(&back).to_string(), e.canonical, "{start} as {}", e.position);
        for c in e.children {
            let p = parse_position(&c.position).unwrap();
            assert_eq!(Canon::of(&p).to_string(), c.canonical, "{}", c.position);
        }
    }
    assert_eq!(parse_position(&explore("0*1", false).unwrap().position).unwrap().spot_count(), 1);
}

#[test]
fn explore_refuses_big_positions_and_bad_text() {
    let e = explore("0*5", false).unwrap_err();
    assert!(e.contains("too big"), "{e}");
    assert!(explore("nonsense(", false).is_err());
    assert!(explore("0*4", false).is_ok());
}

/// Children per level as the explorer shows them (distinct positions at
/// each depth), printed for the lesson notes; run with --nocapture.
#[test]
fn children_per_level() {
    let one = level_counts("0*1", 10).unwrap();
    let two = level_counts("0*2", 10).unwrap();
    let three = level_counts("0*3", 10).unwrap();
    println!("1 spot: {one:?}\n2 spots: {two:?}\n3 spots: {three:?}");
    assert_eq!(one, [1, 1], "1 spot: a loop, then one move");
    assert_eq!(two[0], 2, "2 spots: a loop or a join");
    assert!(two.len() >= 4 && two.len() <= 5, "2 spots last 4 or 5 moves");
    assert!(three.len() >= 6 && three.len() <= 8, "3 spots last 6 to 8 moves");
}

/// The tree the explorer lets students walk (each node's distinct
/// children, one card each) has, at each depth, as many nodes as the
/// reference generator's perft counts (tests/data/perft.txt, written by
/// tests/reference, independent of the engine): whole for 1 and 2 spots,
/// to depth 3 for 3 spots. Printed with the distinct positions per level.
#[test]
fn explorer_tree_matches_reference_perft() {
    let data = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt")).unwrap();
    let perft = |glop: &str, d: usize| -> u64 {
        data.lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() == 3 && f[0] == glop && f[1] == d.to_string()).then(|| f[2].parse().unwrap())
            })
            .next()
            .unwrap_or(0)
    };
    for (start, glop, depth) in [("0*1", "0.}]!", 3), ("0*2", "0*2.}]!", 6), ("0*3", "0*3.}]!", 3)] {
        let mut level = vec![start.to_string()];
        let mut walked = Vec::new();
        for d in 1..=depth {
            let mut next = Vec::new();
            for p in &level {
                next.extend(explore(p, false).unwrap().children.into_iter().map(|c| c.position));
            }
            assert_eq!(next.len() as u64, perft(glop, d), "{start}: nodes at depth {d}");
            walked.push(next.len());
            level = next;
        }
        println!("{start}: explorer nodes per depth {walked:?}");
    }
}

/// The moves still to come under other rules use each rule set's own
/// bounds (issue 37): Brussels Sprouts exactly 5n − 2, dots-or-crosses
/// within [2n, 5n − 2], Weeds at least n and at most L − 1; the status of
/// a finished Brussels game speaks of free arms and 5n − 2, not of
/// surviving spots.
#[test]
fn variant_counts_use_their_own_bounds() {
    use sprouts::game::{Game, Variant};
    use sprouts::variants::{Rules, StartKind};
    let new = |r: Rules, s: Option<StartKind>, n: usize| Game::new_variant(Variant::new(r, s).unwrap(), n, false, 800.0, 560.0).unwrap();
    let mut g = new(Rules::Brussels, None, 2);
    let c = sprouts::teach::counts(&g);
    assert_eq!((c.moves_left_min, c.moves_left_max, c.game_min, c.game_max), (Some(8), 8, Some(8), Some(8)));
    assert_eq!(c.rules, "brussels");
    let mut played = 0;
    while !g.is_over() {
        let c = sprouts::teach::counts(&g);
        assert_eq!((c.moves_left_min, c.moves_left_max), (Some(8 - played), 8 - played), "after {played} moves");
        let first = sprouts::variants::children(g.position(), Rules::Brussels)[0].clone();
        let text = g.variant().mark(&sprouts::notation::write_move(g.position(), &first.0), first.1);
        g.play_text(&text).unwrap();
        played += 1;
    }
    assert_eq!(played, 8);
    let why = g.status().why.unwrap();
    assert!(why.contains("free arms left, no two of them can be joined") && why.contains("5n − 2"), "{why}");
    assert!(!why.contains("survive"), "{why}");

    let c = sprouts::teach::counts(&new(Rules::DotsOrCrosses, Some(StartKind::Crosses), 2));
    assert_eq!((c.moves_left_min, c.moves_left_max), (Some(4), 8));
    let c = sprouts::teach::counts(&new(Rules::Weeds, None, 3));
    assert_eq!((c.moves_left_min, c.moves_left_max, c.game_min, c.game_max), (Some(3), 8, Some(3), Some(8)));
    // Plain Sprouts keeps its counts, with its whole-game bounds beside them.
    let c = sprouts::teach::counts(&Game::new(3, false, 800.0, 560.0).unwrap());
    assert_eq!((c.moves_left_min, c.moves_left_max, c.game_min, c.game_max), (Some(6), 8, Some(6), Some(8)));
}
