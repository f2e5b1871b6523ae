//! Routing: every engine move drawn on the board traces back to the
//! engine's own child position.
//!
//! Random games are played by routing random moves (one per distinct child,
//! and for small games any labelled move); from random positions of random
//! games every legal move is routed. After each move the drawing is traced
//! from scratch and compared with `pos.play(mv)`. The counts are printed
//! (`--nocapture`); each test runs until its own minimum (by default
//! 1200 + 800 + 1100 + a 20-spot game; with `SPROUTS_ROUTING=full`
//! 4000 + 2500 + 3600, so that together they route more than 10^4 moves).

mod common;

use common::Rng;

/// The minimum number of moves a test routes: `full` with
/// `SPROUTS_ROUTING=full`, else `default` (the test command's size).
fn at_least(default: usize, full: usize) -> usize {
    if std::env::var("SPROUTS_ROUTING").as_deref() == Ok("full") {
        full
    } else {
        default
    }
}
use sprouts::board::{play_game, Board, PageSize, RouteOptions};
use sprouts::{Move, Position};

/// Routes `mv` and checks the new drawing independently; returns it.
fn route(board: &Board, pos: &Position, mv: &Move) -> (Board, Position) {
    let routed = board
        .route(pos, mv, &RouteOptions::default())
        .unwrap_or_else(|e| panic!("{e}: {mv:?} in {:?}", pos.regions()));
    let child = pos.play(mv).unwrap();
    assert_eq!(routed.position, child);
    assert_eq!(
        routed.board.position().unwrap(),
        child,
        "{mv:?} in {:?}",
        pos.regions()
    );
    assert_eq!(routed.new_spot as usize, pos.spot_count() + 1);
    (routed.board, routed.position)
}

/// Plays a random game by routing; `labelled` picks among every labelled
/// move instead of one move per distinct child. Returns the moves routed.
fn game(n: usize, rng: &mut Rng, labelled: bool) -> usize {
    let mut board = Board::start(n, 800.0, 600.0).unwrap();
    let mut pos = board.position().unwrap();
    assert_eq!(pos, Position::start(n).unwrap());
    let mut moves = 0;
    loop {
        let options: Vec<Move> = if labelled {
            pos.legal_moves().into_iter().map(|(m, _)| m).collect()
        } else {
            pos.representative_moves()
                .into_iter()
                .map(|(m, _)| m)
                .collect()
        };
        if options.is_empty() {
            return moves;
        }
        let mv = rng.pick(&options).clone();
        (board, pos) = route(&board, &pos, &mv);
        moves += 1;
    }
}

#[test]
fn random_games_up_to_12_spots() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut routed = 0;
    let mut games = 0;
    let want = at_least(1200, 4000);
    while routed < want {
        for n in 1..=12 {
            routed += game(n, &mut rng, false);
            games += 1;
        }
    }
    println!("random games (one move per child): {games} games, {routed} moves routed");
}

#[test]
fn random_labelled_games_small() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut routed = 0;
    let mut games = 0;
    let want = at_least(800, 2500);
    while routed < want {
        let n = rng.range(1, 5);
        routed += game(n, &mut rng, true);
        games += 1;
    }
    println!("random games (any labelled move): {games} games, {routed} moves routed");
}

#[test]
fn every_legal_move_of_random_positions() {
    let mut rng = Rng::new(0x5eed_0003);
    let mut routed = 0;
    let mut positions = 0;
    let want = at_least(1100, 3600);
    while routed < want {
        // A random position of a random game, reached by routing.
        let n = rng.range(2, 7);
        let mut board = Board::start(n, 800.0, 600.0).unwrap();
        let mut pos = board.position().unwrap();
        let depth = rng.below(2 * n);
        for _ in 0..depth {
            let options = pos.representative_moves();
            if options.is_empty() {
                break;
            }
            let mv = rng.pick(&options).0.clone();
            (board, pos) = route(&board, &pos, &mv);
        }
        let all = pos.legal_moves();
        if all.len() > 300 {
            continue;
        }
        for (mv, child) in &all {
            let (b, p) = route(&board, &pos, mv);
            assert_eq!(&p, child);
            assert_eq!(b.spot_count(), pos.spot_count() + 1);
        }
        routed += all.len();
        positions += 1;
    }
    println!("every legal move: {positions} positions, {routed} moves routed");
}

#[test]
fn late_twenty_spot_game() {
    let mut rng = Rng::new(0x5eed_0004);
    let moves = game(20, &mut rng, false);
    println!("20-spot game: {moves} moves routed");
    assert!(moves >= 40);
}

#[test]
fn wrong_inputs_are_errors() {
    let board = Board::start(3, 800.0, 600.0).unwrap();
    let pos = board.position().unwrap();
    let other = Position::start(4).unwrap();
    let mv = pos.representative_moves()[0].0.clone();
    assert!(board.route(&other, &mv, &RouteOptions::default()).is_err());
    let bad = Move {
        region: 7,
        ..mv.clone()
    };
    assert!(board.route(&pos, &bad, &RouteOptions::default()).is_err());
}

/// `sprouts random --spots 9 --seed 4`: move 8 finds no room in the routed
/// drawing, nor after relaxing it; the router then tidies the drawing and
/// routes there. The earlier drawings follow (each the last one's
/// prefix), so the saved game reads back to what was shown.
#[test]
fn a_cramped_move_is_routed_on_the_tidied_drawing() {
    let record = "9+ 1(10)1[5-9] 5(11)5[1] 2(12)2 12(13)2[3] 5(14)6 4(15)13 6(16)11[7] 8(17)8[6] 3(18)3 \
                  17(19@9)8 7(20)14 18(21@2)3 1(22)4 6(23)20[7] 9(24)9 9(25)24 4(26)10 22!(27)26 7(28)7 16(29)23";
    let g = sprouts::game::Game::from_record(record, Some((800.0, 600.0))).unwrap();
    assert_eq!(g.cursor(), 20);
    let copy = sprouts::game::Game::from_json(&g.to_json(), None).unwrap();
    for k in 0..=20 {
        assert_eq!(copy.board_at(k), g.board_at(k), "drawing {k}");
        assert_eq!(g.board_at(k).unwrap().position().as_ref(), Ok(g.position_at(k).unwrap()), "drawing {k}");
    }
}

/// Game 65 of `sprouts bench layout` (seed 65, 1280×800 with the board
/// element it had then, not tidied): move 31 `43(51)50[17]` found no room
/// in the drawing, relaxed or tidied; the router now also relaxes the
/// tidied drawing, and the game is drawn to its end (game 36, move 29, was
/// the same).
#[test]
fn a_move_with_no_room_after_tidying_is_routed_on_the_tidied_drawing_relaxed() {
    let size = PageSize { width: 1280.0, height: 800.0, element: (878.0, 574.0) };
    let end = play_game(&size, 20, 65, false).expect("routed to the end");
    assert!(end.position().unwrap().representative_moves().is_empty(), "the game is over");
}

/// Game 99 of `sprouts bench layout` (1280×800, board element 880×679, not
/// tidied): move 26 `11(46)11`, a loop with nothing inside at an isolated
/// spot, found no room in any mesh, relaxed or tidied: curves routed
/// earlier passed within 0.0001 units of the spot (the elastic band kept
/// its points, not its segments, off spots). The game now routes to its end
/// with no spot that close to a curve.
#[test]
fn an_empty_loop_at_a_hemmed_in_spot_is_drawn() {
    let size = PageSize { width: 1280.0, height: 800.0, element: (880.0, 678.7) };
    let end = play_game(&size, 20, 99, false).expect("routed to the end");
    assert!(end.position().unwrap().representative_moves().is_empty(), "the game is over");
    let gap = sprouts::board::legibility(&end, 1.0).min_spot_gap_px;
    println!("closest spot to a curve not on it: {gap} units");
    assert!(gap > 1.0, "a spot {gap} units from a curve");
}
