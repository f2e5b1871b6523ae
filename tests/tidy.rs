//! Tidying never changes what a drawing shows: random drawings (games
//! routed move by move, layouts of random positions) tidied in random
//! chunks with random aims trace to the same labelled position after
//! every chunk, and stay drawings (the exact crossing check).
//!
//! `SPROUTS_TIDY_RUNS` sets the number of runs (default 60; docs/drawing.md's
//! long run is 10^4).

mod common;

use common::Rng;
use sprouts::board::{covering, legibility, on_spots, place_labels, play_game, Board, PageSize, RouteOptions, Tidy, TidyOptions};
use sprouts::Position;

fn runs() -> usize {
    std::env::var("SPROUTS_TIDY_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(60)
}

/// A drawing: a game of 1 to 9 spots routed for a random number of moves
/// on a random board, or the layout of a random position.
fn random_board(rng: &mut Rng, seed: u64) -> Board {
    if rng.below(4) == 0 {
        let p = &common::random_positions(seed, 1, 6, 12)[0];
        if let Ok((_, board)) = Board::layout(p, 800.0, 600.0) {
            return board;
        }
    }
    let n = rng.range(1, 9);
    let (w, h) = (rng.range(250, 900) as f64, rng.range(250, 900) as f64);
    let mut board = Board::start(n, w, h).unwrap();
    let mut pos: Position = board.position().unwrap();
    let moves = rng.range(0, 3 * n);
    for _ in 0..moves {
        let options = pos.representative_moves();
        if options.is_empty() {
            break;
        }
        let mv = &rng.pick(&options).0;
        let Ok(routed) = board.route(&pos, mv, &RouteOptions::default()) else { break };
        board = routed.board;
        pos = routed.position;
    }
    board
}

#[test]
fn tidying_keeps_the_position() {
    let runs = runs();
    let (mut changed, mut failures) = (0, Vec::new());
    for run in 0..runs as u64 {
        let mut rng = Rng::new(0x7157 + run);
        let mut board = random_board(&mut rng, run);
        let before = board.position().unwrap();
        let opts = TidyOptions {
            px: [0.5, 1.0, 1.5, 2.4][rng.below(4)],
            curve_gap: rng.range(4, 20) as f64,
            spot_gap: rng.range(6, 24) as f64,
        };
        let start = board.clone();
        let mut tidy = Tidy::new(&board, opts).unwrap();
        let sweeps = rng.range(1, 60);
        while tidy.sweeps() < sweeps && !tidy.is_done() {
            tidy.run(&mut board, rng.range(1, 8));
            let again = Board::from_parts(
                board.width(),
                board.height(),
                board.spots().to_vec(),
                board.edges().to_vec(),
            );
            if again.is_err() || board.position().as_ref() != Ok(&before) {
                failures.push(run);
                break;
            }
        }
        changed += usize::from(board != start);
    }
    assert!(failures.is_empty(), "runs {failures:?} changed the position");
    // The property is not vacuous: most drawings did move.
    assert!(changed * 2 > runs, "only {changed} of {runs} drawings changed");
    eprintln!("{runs} tidy runs, {changed} drawings changed, 0 failures");
}

/// A full 12-spot game as the page plays it at 1280×800 ends with curves
/// and spots apart after tidying (to the end after every move, as the
/// page does), where routing alone leaves them closer.
#[test]
fn tidying_makes_room() {
    let size = PageSize::ALL[0];
    let before = play_game(&size, 12, 3, false).unwrap();
    let after = play_game(&size, 12, 3, true).unwrap();
    let (lb, la) = (legibility(&before, size.zoom(&before)), legibility(&after, size.zoom(&after)));
    assert_eq!(before.position(), after.position(), "the same game");
    assert!(la.min_spot_gap_px >= 8.0, "{la:?}");
    // The aims of the layout bench (6 px between curves, no number over
    // anything), met here: 5.5 → 11.1 px, 0 numbers.
    assert!(la.min_curve_gap_px >= 6.0 && la.min_curve_gap_px > lb.min_curve_gap_px, "{lb:?} → {la:?}");
    assert_eq!(la.overlapping_labels, 0, "{la:?}");
}

/// On a phone, the tidied end of a 20-spot game keeps its curves 6 px
/// apart: here the narrowest gap was a thin empty lens between two dead
/// spots, pressed to 4.1 px by the spots on either side until curves held
/// a gap of 8 px more stiffly (6.9 px then; 6.2 px since numbers make way
/// for each other in chains and are drawn smaller where that clears them,
/// which moves where the tidy pushes curves; 8.0 px since the tidy ends
/// with a polish that pushes apart only what is still too close).
#[test]
fn phone_lenses_stay_open() {
    let size = PageSize::ALL[1];
    let board = play_game(&size, 20, 19, true).unwrap();
    let l = legibility(&board, size.zoom(&board));
    assert!(l.min_curve_gap_px >= 6.0 && l.min_spot_gap_px >= 8.0, "{l:?}");
}

/// On a phone a 20-spot game's end is crowded (here as routed, before
/// any tidy, spots a hair apart): some numbers find no free place beside
/// their spot. Beside it, a number never covers a spot or another number;
/// one with no such place is drawn on its own spot (docs/labels.md), where
/// a spot that nearly touches its own may lie under it.
#[test]
fn crowded_numbers_cover_no_spot_or_number() {
    let size = PageSize::ALL[1];
    let board = play_game(&size, 20, 16, false).unwrap();
    let l = legibility(&board, size.zoom(&board));
    assert!(l.overlapping_labels > 0, "not crowded: {l:?}");
    let px = 1.0 / size.zoom(&board);
    let placed = place_labels(&board, px, 24.0);
    let (cover, at) = (covering(&board, px, &placed), on_spots(&board, &placed));
    let beside_covering = (0..placed.len()).filter(|&i| cover[i] && !at[i]).count();
    assert_eq!(beside_covering, 0, "{l:?}");
    assert!(at.iter().any(|&b| b), "no number on its spot: {l:?}");
}

/// A game's tidy moves the drawing after its last move, and every earlier
/// drawing is its prefix: undo shows the tidied lines, and the saved file
/// reads back to the same drawing at every move.
#[test]
fn a_tidied_game_saves_and_undoes_what_it_shows() {
    use sprouts::game::Game;
    let mut g = Game::from_record("5+ 1(6)2 2(7)3 6(8)7 4(9)4 3(10)5 1(11)9", Some((400.0, 300.0))).unwrap();
    let routed: Vec<Board> = (0..=6).map(|k| g.board_at(k).unwrap().clone()).collect();
    g.go_to(4);
    let opts = TidyOptions { px: 1.0, curve_gap: 14.0, spot_gap: 17.0 };
    let mut calls = 0;
    while g.tidy(&opts, 3).unwrap() {
        calls += 1;
        // The drawing shown follows the tidy at once.
        assert_eq!(Some(g.board().unwrap()), g.board_at(6).unwrap().prefix(9, 8).as_ref());
    }
    assert!(calls > 0);
    assert_ne!(g.board_at(6), Some(&routed[6]), "the last drawing was tidied");
    let copy = Game::from_json(&g.to_json(), None).unwrap();
    for k in 0..=6 {
        let b = g.board_at(k).unwrap();
        assert_ne!(b, &routed[k], "drawing {k} follows the tidy");
        assert_eq!(b.position(), routed[k].position(), "drawing {k} shows the same position");
        assert_eq!(copy.board_at(k), Some(b), "drawing {k} reads back the same");
    }
    assert_eq!(copy.cursor(), 4);
}

/// Random games played and tidied in turns (a tidy of a few sweeps, or to
/// the end, between moves, as the page does): after each tidy, every
/// drawing of the game traces to the position the game had at that move,
/// and the saved file reads back to the same drawings.
/// `SPROUTS_TIDY_RUNS` / 30 games, at least 2 (2 by default).
#[test]
fn tidying_between_moves_keeps_every_move_of_the_game() {
    use sprouts::game::Game;
    let games = (runs() / 30).max(2);
    let (mut tidied, mut read_back) = (0, 0);
    for run in 0..games as u64 {
        let mut rng = Rng::new(0x7A1D + run);
        let n = rng.range(1, 8);
        let (w, h) = (rng.range(300, 900) as f64, rng.range(300, 900) as f64);
        let mut g = Game::new(n, false, w, h).unwrap();
        let mut positions = vec![g.position().clone()];
        let opts = TidyOptions { px: [0.5, 1.0, 2.0][rng.below(3)], curve_gap: rng.range(6, 16) as f64, spot_gap: rng.range(8, 20) as f64 };
        loop {
            let moves = g.position().representative_moves();
            if moves.is_empty() {
                break;
            }
            let mv = &rng.pick(&moves).0;
            if g.play_move(mv).is_err() {
                break; // no room to route it: the game ends here
            }
            positions.push(g.position().clone());
            // A few sweeps, or to the end.
            let sweeps = if rng.below(3) == 0 { usize::MAX } else { rng.range(1, 12) };
            let (mut done, mut settled) = (0, false);
            while done < sweeps {
                done += 1;
                if !g.tidy(&opts, 1).unwrap() {
                    settled = true;
                    break;
                }
            }
            tidied += 1;
            // Mid-tidy only the drawing shown follows (the others are made
            // its prefixes when it settles or another move is shown).
            assert_eq!(g.board(), g.board_at(positions.len() - 1), "game {run}: the last move is shown");
            let copy = Game::from_json(&g.to_json(), None).unwrap();
            for (k, p) in positions.iter().enumerate() {
                let b = g.board_at(k).unwrap();
                assert_eq!(b.position().as_ref(), Ok(p), "game {run}, drawing {k} of {}", positions.len() - 1);
                if settled {
                    assert_eq!(copy.board_at(k), Some(b), "game {run}, drawing {k} reads back");
                }
            }
            read_back += usize::from(settled);
        }
    }
    assert!(tidied > games && read_back > 0, "only {tidied} tidies ({read_back} settled) in {games} games");
    eprintln!("{games} games, {tidied} tidies between moves ({read_back} settled and read back), every drawing checked after each");
}

/// The page tidies a copy of its game in a worker and takes the copy's
/// drawing after each step (`Game::adopt_drawing`): the game then shows
/// exactly the copy's drawing, earlier drawings follow it when it settles
/// (as a tidy of the game itself would leave them), and a drawing that is
/// not this game's (another game's, the move before's, one with a curve
/// moved across another) is refused and changes nothing.
#[test]
fn a_drawing_tidied_elsewhere_is_adopted_only_if_it_shows_the_game() {
    use sprouts::game::{DrawingFile, Game};
    let mut g = Game::new(4, false, 600.0, 500.0).unwrap();
    for m in ["1(5)2", "2(6)3", "5(7)6", "4(8)4"] {
        g.play_text(m).unwrap();
    }
    g.undo(); // the tidy is of the last drawing; the one shown follows it
    let before = g.to_json();
    let opts = TidyOptions::default();
    let mut copy = Game::from_json(&before, None).unwrap();
    let mut steps = 0;
    while copy.tidy(&opts, 3).unwrap() {
        steps += 1;
        g.adopt_drawing(&copy.drawing_file().unwrap(), false).unwrap();
        assert_eq!(g.board_at(4), copy.board_at(4), "step {steps}: the last drawing is the copy's");
        assert_eq!(g.board(), copy.board(), "step {steps}: the drawing shown follows");
    }
    g.adopt_drawing(&copy.drawing_file().unwrap(), true).unwrap();
    assert!(steps > 0);
    for k in 0..=4 {
        assert_eq!(g.board_at(k), copy.board_at(k), "drawing {k} after the tidy settled");
    }
    assert_ne!(g.to_json(), before, "the drawing moved");
    assert_eq!(g.record(), Game::from_json(&before, None).unwrap().record());

    // Refused, nothing changed.
    let now = g.to_json();
    let mut other = Game::new(4, false, 600.0, 500.0).unwrap();
    for m in ["1(5)2", "2(6)3", "5(7)6", "3(8)4"] {
        other.play_text(m).unwrap();
    }
    let mut shorter = Game::from_json(&now, None).unwrap();
    shorter.go_to(3);
    shorter.drop_redo();
    let mut crossed: DrawingFile = g.drawing_file().unwrap();
    // The last curve's middle point moved far outside: it crosses others.
    let last = crossed.edges.last_mut().unwrap();
    let mid = last.points.len() / 2;
    last.points[mid] = [-50.0, 250.0];
    let mut resized = g.drawing_file().unwrap();
    resized.width += 1.0;
    for (what, d) in [
        ("another game's", other.drawing_file().unwrap()),
        ("the move before's", shorter.drawing_file().unwrap()),
        ("a curve moved across others", crossed),
        ("on another board size", resized),
    ] {
        assert!(g.adopt_drawing(&d, true).is_err(), "{what} drawing refused");
        assert_eq!(g.to_json(), now, "{what} drawing changed nothing");
    }
}
