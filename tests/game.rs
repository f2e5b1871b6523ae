//! The game model (src/game): history, status, the ways of playing, and
//! the saved-game file.
//!
//! Random games are played by routing random distinct moves; the saved-game
//! round trip checks `SPROUTS_GAME_FILES` of them (default 300, 1–4 spots,
//! a random number of moves undone), each loaded back with its drawing and
//! again without (routed anew).

mod common;

use common::{random_game, Rng};
use sprouts::board::Board;
use sprouts::game::{Game, GameError, GameFile, Start};
use sprouts::notation::{Record, Winner};
use sprouts::text::parse_hoey;
use sprouts::{Position, Spot};


fn count(var: &str, default: usize) -> usize {
    std::env::var(var).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn undo_redo_and_jumps() {
    let mut g = Game::new(3, false, 800.0, 600.0).unwrap();
    assert!(!g.undo(), "nothing to undo at the start");
    assert!(!g.redo());
    let texts = ["1(4)2", "3(5)3[1]", "4(6)5"];
    let short = ["1(4)2", "3(5)3", "4(6)5"];
    for (t, s) in texts.iter().zip(short) {
        assert_eq!(g.play_text(t).unwrap(), s, "the shortest text");
    }
    let after: Vec<Position> = (0..=3).map(|k| g.position_at(k).unwrap().clone()).collect();
    let boards: Vec<Board> = (0..=3).map(|k| g.board_at(k).unwrap().clone()).collect();
    assert_eq!(after[0], Position::start(3).unwrap());
    for k in [0, 2, 1, 3, 0] {
        assert!(g.go_to(k));
        assert_eq!(g.cursor(), k);
        assert_eq!(g.position(), &after[k]);
        assert_eq!(g.board(), Some(&boards[k]));
        assert_eq!(g.moves(), &short[..k]);
        assert_eq!(g.all_moves(), short, "jumping keeps every move");
        assert_eq!(g.status().can_undo, k > 0);
        assert_eq!(g.status().can_redo, k < 3);
    }
    assert!(!g.go_to(4), "no move 4");
    assert_eq!(g.cursor(), 0, "a refused jump changes nothing");
    assert!(g.redo() && g.redo());
    assert_eq!(g.position(), &after[2]);
    assert!(g.undo());
    assert_eq!(g.position(), &after[1]);
    // A new move after an undo drops what could be redone.
    assert_eq!(g.play_text("3(5)1").unwrap(), "1(5)3");
    assert_eq!(g.all_moves(), ["1(4)2", "1(5)3"]);
    assert!(!g.redo());
    assert_eq!(g.record(), "3+ 1(4)2 1(5)3");
}

#[test]
fn moves_by_text_engine_move_and_stroke_agree() {
    let mut rng = Rng::new(7);
    for _ in 0..30 {
        let n = rng.range(1, 4);
        let g = random_game(n, false, rng.range(0, 5), &mut rng);
        let options = g.position().representative_moves();
        if options.is_empty() {
            continue;
        }
        let (mv, child) = rng.pick(&options).clone();
        let mut by_move = g.clone();
        let text = by_move.play_move(&mv).unwrap();
        let mut by_text = g.clone();
        assert_eq!(by_text.play_text(&text).unwrap(), text);
        assert_eq!(by_text.position(), by_move.position());
        assert_eq!(sprouts::Canon::of(by_text.position()), child);
        // The routed curve, drawn as a stroke, is the same move.
        let preview = g.preview_text(&text).unwrap();
        assert_eq!(g.cursor(), by_text.cursor() - 1, "a preview plays nothing");
        let points: Vec<_> = preview.points.chunks(2).map(|c| sprouts::board::Point::new(c[0], c[1])).collect();
        let mut by_stroke = g.clone();
        match by_stroke.play_stroke(&points, 0.5) {
            Ok(t) => {
                // The new spot may sit elsewhere on the curve, never on a
                // different move.
                assert_eq!(by_stroke.position(), by_text.position(), "{t} vs {text}");
            }
            // A routed curve may pass closer to a line than a hand's
            // clearance allows; that is a refusal, never another move.
            Err(GameError::Stroke(_)) => assert_eq!(by_stroke.cursor(), g.cursor()),
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn status_at_the_end_in_both_conventions() {
    let mut rng = Rng::new(11);
    for i in 0..60 {
        let n = rng.range(1, 6);
        let misere = i % 2 == 1;
        let g = random_game(n, misere, usize::MAX, &mut rng);
        let st = g.status();
        assert!(st.over && g.is_over());
        let moves = g.cursor();
        // Every move uses 2 lives and adds a spot with 1: a game of n spots
        // with s survivors lasts 3n - s moves.
        let survivors = (1..=g.position().spot_count() as Spot).filter(|&s| g.position().lives(s) > 0).count();
        assert_eq!(st.live_spots, survivors);
        assert_eq!(moves, 3 * n - survivors);
        let last = if moves % 2 == 1 { 1 } else { 2 };
        assert_eq!(st.last_mover, Some(last));
        assert_eq!(st.winner, Some(if misere { 3 - last } else { last }));
        assert_eq!(st.to_move, 3 - last);
        let why = st.why.unwrap();
        assert!(why.contains(&format!("player {last} made the last move")), "{why}");
        assert!(why.contains(if misere { "misère" } else { "normal" }), "{why}");
        // The record ends with the winner and replays to the same position.
        let rec = Record::parse(&g.record()).unwrap();
        assert_eq!(rec.misere, misere);
        let winner = if st.winner == Some(1) { Winner::First } else { Winner::Second };
        assert_eq!(rec.result, Some(winner));
        assert!(g.record().ends_with(if st.winner == Some(1) { " I" } else { " II" }));
        let replayed = rec.replay().unwrap();
        assert_eq!(&replayed.last().unwrap().1, g.position());
        // Before the end nobody has won.
        let mut h = g.clone();
        h.undo();
        assert_eq!(h.status().winner, None);
        assert!(!h.status().over && h.status().why.is_none());
        assert!(h.redo());
        let mut over = g.clone();
        assert_eq!(over.play_text("1(99)1"), Err(GameError::Over));
    }
}

/// Everything a saved game must give back.
fn assert_same(a: &Game, b: &Game) {
    assert_eq!(a.all_moves(), b.all_moves());
    assert_eq!(a.cursor(), b.cursor());
    assert_eq!(a.misere(), b.misere());
    assert_eq!(a.record(), b.record());
    assert_eq!(a.status(), b.status());
    for k in 0..=a.all_moves().len() {
        assert_eq!(a.position_at(k), b.position_at(k), "position after {k} moves");
    }
}

#[test]
fn saved_games_round_trip_with_their_drawings() {
    let games = count("SPROUTS_GAME_FILES", 300);
    let reroute_every = if games >= 1000 { 25 } else { 8 };
    let mut rng = Rng::new(2024);
    let mut moves = 0;
    for i in 0..games {
        let n = rng.range(1, 4);
        let mut g = random_game(n, i % 3 == 0, usize::MAX, &mut rng);
        moves += g.all_moves().len();
        g.go_to(rng.range(0, g.all_moves().len()));
        let json = g.to_json();
        let back = Game::from_json(&json, None).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_same(&g, &back);
        // The file holds the last drawing; earlier ones are its prefixes
        // (routing may have smoothed earlier lines since, never moved a
        // spot), and the loader checked that each shows its position.
        let last = g.all_moves().len();
        assert_eq!(g.board_at(last), back.board_at(last));
        for k in 0..last {
            let (a, b) = (g.board_at(k).unwrap(), back.board_at(k).unwrap());
            assert_eq!(a.spots(), b.spots(), "spots after {k} moves");
            assert_eq!(a.edges().len(), b.edges().len());
        }
        assert_eq!(back.to_json(), json, "saving again gives the same file");
        // Without the drawing the moves are routed again (every 25th game
        // when 1000 or more are checked, else every 8th: routing is the
        // slow part, and the default run keeps as many routed reloads).
        if i % reroute_every == 0 {
            let mut file: GameFile = serde_json::from_str(&json).unwrap();
            file.drawing = None;
            let routed = Game::from_file(&file, Some((800.0, 600.0))).unwrap();
            assert_same(&g, &routed);
            let undrawn = Game::from_file(&file, None).unwrap();
            assert!(!undrawn.is_drawn());
            assert_same(&g, &undrawn);
        }
    }
    println!("{games} saved games, {moves} moves, loaded back");
}

#[test]
fn the_pages_earlier_format_still_loads() {
    let mut rng = Rng::new(5);
    let mut g = random_game(4, true, 6, &mut rng);
    g.undo();
    let file = g.to_file();
    let d = file.drawing.as_ref().unwrap();
    let old = serde_json::json!({
        "version": 1, "spots": 4, "misere": true, "width": d.width, "height": d.height,
        "moves": file.moves, "cursor": file.cursor,
        "drawing": {"spots": d.spots, "edges": d.edges},
    });
    let back = Game::from_json(&old.to_string(), None).unwrap();
    assert_same(&g, &back);
    assert_eq!(back.board_at(6), g.board_at(6), "the last drawing");
    // Without its drawing it is routed on its own board size.
    let mut plain = old.clone();
    plain.as_object_mut().unwrap().remove("drawing");
    let routed = Game::from_json(&plain.to_string(), Some((1000.0, 1000.0))).unwrap();
    assert_same(&g, &routed);
    assert_eq!(routed.size(), (800.0, 600.0));
    assert!(!Game::from_json(&plain.to_string(), None).unwrap().is_drawn());
    plain["version"] = 2.into();
    assert!(Game::from_json(&plain.to_string(), None).unwrap_err().to_string().contains("unknown version 2"));
}

/// The error loading `json` (which must fail).
fn load_error(json: &str) -> String {
    match Game::from_json(json, None) {
        Ok(_) => panic!("loaded: {json}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn broken_files_are_refused_with_reasons() {
    let mut rng = Rng::new(9);
    let g = random_game(3, false, 5, &mut rng);
    let good: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
    let with = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        load_error(&v.to_string())
    };
    assert!(load_error("{").starts_with("saved game: not a game file: EOF"));
    assert!(load_error("[]").starts_with("saved game: not a game file"));
    assert!(load_error("{}").contains("no \"format\" field"));
    assert!(with(&|v| {
        v.as_object_mut().unwrap().remove("moves");
    })
    .contains("missing field `moves`"));
    assert!(with(&|v| v["format"] = 2.into()).contains("format 2"));
    assert!(with(&|v| v["convention"] = "misère".into()).contains("convention"));
    assert!(with(&|v| v["cursor"] = 9.into()).contains("cursor 9 is past the last move (5)"));
    assert!(with(&|v| v["start"]["position"] = "1;2".into()).contains("exactly one"));
    assert!(with(&|v| v["start"] = serde_json::json!({"spots": 0})).contains("1 to 40 spots"));
    assert!(with(&|v| v["moves"][2] = "1(9)9".into()).starts_with("saved game: move 3 `1(9)9`"));
    assert!(with(&|v| v["drawing"]["spots"].as_array_mut().unwrap().truncate(7)).contains("one curve per move"));
    assert!(with(&|v| v["drawing"]["width"] = 1.into()).contains("board size"));
    // Spots 1 and 2 swapped: each move's lines no longer end on its spots.
    assert!(with(&|v| v["drawing"]["spots"].as_array_mut().unwrap().swap(0, 2)).starts_with("saved game: "));
    // The same drawing under other moves.
    let other = random_game(3, false, 5, &mut Rng::new(10));
    if other.all_moves() != g.all_moves() {
        let moves = serde_json::to_value(other.all_moves()).unwrap();
        assert!(with(&|v| v["moves"] = moves.clone()).contains("the drawing does not show move"));
    }
    // No corruption of the text panics.
    let text = g.to_json();
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let mut bytes = text.clone().into_bytes();
        for _ in 0..rng.range(1, 4) {
            let i = rng.below(bytes.len());
            bytes[i] = b"0123456789,[]{}\":-e.x "[rng.below(22)];
        }
        let _ = Game::from_json(&String::from_utf8_lossy(&bytes), None);
    }
}

#[test]
fn games_from_a_position() {
    // The drawing of a game in progress is the start of a new game.
    let mut rng = Rng::new(21);
    let before = random_game(4, false, 3, &mut rng);
    let start = parse_hoey(&before.hoey()).unwrap();
    let board = before.board().unwrap().clone();
    let mut g = Game::from_position(start.clone(), board.clone(), true).unwrap();
    assert!(matches!(g.start(), Start::Position(_)));
    assert_eq!(g.spots(), 7);
    assert_eq!(g.record(), "", "no moves yet, no header");
    let options = g.position().representative_moves();
    let text = g.play_move(&options[0].0).unwrap();
    assert!(text.contains("(8)"), "new spots continue from the start's labels: {text}");
    assert_eq!(g.record(), text);
    assert_eq!(g.status().to_move, 2);
    // Round trip: the start is saved as a Hoey list.
    let json = g.to_json();
    assert!(json.contains(&format!("\"position\":\"{}\"", before.hoey())), "{json}");
    let back = Game::from_json(&json, None).unwrap();
    assert_same(&g, &back);
    assert_eq!(back.board_at(1), g.board_at(1));
    // A drawing of another position is refused.
    let other = Board::start(7, 800.0, 600.0).unwrap();
    let e = Game::from_position(start, other, false).unwrap_err();
    assert!(e.to_string().contains("does not show the start position"), "{e}");
    // A finished position: player 1 cannot move.
    let end = random_game(2, false, usize::MAX, &mut rng);
    let p = parse_hoey(&end.hoey()).unwrap();
    for misere in [false, true] {
        let g = Game::from_position(p.clone(), end.board().unwrap().clone(), misere).unwrap();
        let st = g.status();
        assert!(st.over);
        assert_eq!(st.winner, Some(if misere { 1 } else { 2 }));
        assert!(st.why.unwrap().contains("player 1 cannot move"));
    }
}

#[test]
fn records_load_drawn_or_not() {
    let g = Game::from_record("2+ 1(3)2 1(4)2 1(5)2[3]", Some((800.0, 600.0))).unwrap();
    let h = Game::from_record("2+ 1(3)2 1(4)2 1(5)2[3]", None).unwrap();
    assert!(g.is_drawn() && !h.is_drawn());
    assert_same(&g, &h);
    let e = Game::from_record("2+ 1(3)2 1(4)2 1(5)2", None).unwrap_err();
    assert!(e.to_string().starts_with("move 3 `1(5)2`: illegal, the move separates spot 3 from spot 4"), "{e}");
    assert!(Game::from_record("hello", None).unwrap_err().to_string().starts_with("not a game record"));
    assert_eq!(h.moves_between(1, 2, 64).len(), g.moves_between(1, 2, 64).len());
    assert_eq!(h.spot_views(), vec![]);
}
