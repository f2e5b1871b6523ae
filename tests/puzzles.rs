//! The shipped puzzle file (www/puzzles.json) against the solver: every
//! puzzle's position is its record's, its winning moves are exactly the
//! solver's (compared as canonical children, recomputed here), its counts
//! and difficulty are what `sprouts::puzzle::difficulty` gives, and the
//! checking logic accepts its solutions and refutes the other moves with a
//! reply that wins.

use sprouts::notation::{resolve, write_move, MoveText, Record};
use sprouts::puzzle::{self, PuzzleFile};
use sprouts::solver::{Config, Convention, Outcome, Solver};
use sprouts::text::parse_position;
use sprouts::{Canon, Position};
use std::collections::BTreeSet;

fn file() -> PuzzleFile {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/puzzles.json")).expect("www/puzzles.json");
    serde_json::from_str(&text).expect("the puzzle file reads")
}

fn solver(misere: bool) -> Solver {
    Solver::new(if misere { Convention::Misere } else { Convention::Normal }, Config::default())
}

#[test]
fn the_file_has_at_least_30_distinct_puzzles_from_records_and_random_games() {
    let f = file();
    assert_eq!((f.format.as_str(), f.version), ("sprouts-puzzles", 1));
    assert!(f.puzzles.len() >= 30, "{} puzzles", f.puzzles.len());
    let ids: BTreeSet<&str> = f.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), f.puzzles.len(), "ids are unique");
    assert!(f.puzzles.iter().any(|p| p.source.starts_with("tests/data/records/")));
    assert!(f.puzzles.iter().any(|p| p.source.starts_with("random game")));
    assert!(f.puzzles.iter().any(|p| p.convention == "misere"));
}

#[test]
fn every_puzzle_is_what_the_solver_says() {
    for z in file().puzzles {
        let misere = z.convention == "misere";
        // The record leads to the position.
        let rec = Record::parse(&z.record).unwrap_or_else(|e| panic!("{}: {e}", z.id));
        assert_eq!(rec.misere, misere, "{}", z.id);
        assert_eq!(rec.moves.len(), z.move_number, "{}", z.id);
        let steps = rec.replay().unwrap_or_else(|e| panic!("{}: {e}", z.id));
        let p = steps.last().map(|s| s.1.clone()).unwrap_or_else(|| Position::start(rec.spots).unwrap());
        let labelled = parse_position(&z.position).unwrap_or_else(|e| panic!("{}: {e}", z.id));
        assert_eq!(Canon::of(&labelled), Canon::of(&p), "{}", z.id);
        assert_eq!(Canon::of(&p).to_string(), z.canonical, "{}", z.id);
        assert_eq!(z.to_move, if z.move_number % 2 == 0 { 1 } else { 2 }, "{}", z.id);
        assert_eq!(z.lives, p.total_lives(), "{}", z.id);

        // The winning moves, recomputed: each distinct child solved.
        let mut s = solver(misere);
        assert_eq!(s.outcome(&p).unwrap(), Outcome::Win, "{}", z.id);
        let children = p.representative_moves();
        let mut winning = BTreeSet::new();
        for (_, c) in &children {
            if s.outcome(&c.position()).unwrap() == Outcome::Loss {
                winning.insert(c.to_string());
            }
        }
        let shipped: BTreeSet<String> = z.winning_children.iter().cloned().collect();
        assert_eq!(shipped, winning, "{}: winning children", z.id);
        assert_eq!(z.moves, children.len(), "{}", z.id);
        assert_eq!(z.winning_moves, winning.len(), "{}", z.id);
        assert!(z.moves >= puzzle::MIN_MOVES && z.winning_moves as f64 <= puzzle::MAX_WIN_SHARE * z.moves as f64, "{}", z.id);
        assert_eq!(z.difficulty, puzzle::difficulty(z.moves, z.winning_moves, z.lives), "{}", z.id);

        // The solutions are one per winning child, and the checker agrees.
        let mut solved = BTreeSet::new();
        for text in &z.solutions {
            let (_, child) = resolve(&labelled, &MoveText::parse(text).unwrap()).unwrap_or_else(|e| panic!("{}: {text}: {e}", z.id));
            solved.insert(Canon::of(&child).to_string());
            assert!(puzzle::check(&mut s, &labelled, text).unwrap().correct, "{}: {text}", z.id);
        }
        assert_eq!(solved, winning, "{}: solutions", z.id);
    }
}

#[test]
fn a_wrong_move_is_refuted_by_a_winning_reply_and_a_hint_points_to_a_solution() {
    // The smallest puzzles: every distinct move checked.
    let mut small: Vec<_> = file().puzzles.into_iter().filter(|z| z.lives <= 12).collect();
    small.truncate(6);
    assert!(!small.is_empty());
    for z in small {
        let misere = z.convention == "misere";
        let p = parse_position(&z.position).unwrap();
        let mut s = solver(misere);
        for (mv, c) in p.representative_moves() {
            let text = write_move(&p, &mv);
            let a = puzzle::check(&mut s, &p, &text).unwrap();
            assert_eq!(a.child, c.to_string());
            assert_eq!(a.correct, z.winning_children.contains(&a.child), "{}: {text}", z.id);
            if let Some(reply) = &a.reply {
                // The reply leaves us, to move, lost.
                let child = c.position();
                let mut labelled = p.play(&mv).unwrap();
                labelled.normalize();
                let (_, after) = resolve(&labelled, &MoveText::parse(reply).unwrap()).unwrap();
                assert_eq!(Canon::of(&labelled), Canon::of(&child));
                assert_eq!(s.outcome(&after).unwrap(), Outcome::Loss, "{}: {text} {reply}", z.id);
            } else {
                assert!(a.correct);
            }
        }
        let h = puzzle::hint(&mut s, &p).unwrap().expect("a puzzle has a winning move");
        assert!(puzzle::check(&mut s, &p, &h.text).unwrap().correct);
        assert!(h.land.contains(&h.spots[0]) && h.land.contains(&h.spots[1]), "{}: {h:?}", z.id);
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let p = parse_position("0*3").unwrap();
    let mut s = solver(false);
    assert!(puzzle::check(&mut s, &p, "").is_err());
    assert!(puzzle::check(&mut s, &p, "1(9)2").is_err());
    assert!(puzzle::check(&mut s, &p, "7(4)8").is_err());
    assert!(puzzle::read_position("(((").is_err());
    // A lost position has no hint.
    assert!(puzzle::hint(&mut s, &parse_position("0*2").unwrap()).unwrap().is_none());
}

#[test]
fn the_generator_is_deterministic_and_keeps_only_puzzles() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/wgosa-2006-peltier-8plus.txt")).unwrap();
    let src = puzzle::Sources {
        records: vec![("wgosa-2006-peltier-8plus.txt".into(), text)],
        random_games: 2,
        seed: 10,
        max_lives: 16,
    };
    // Node budgets only (no clock), so two runs agree.
    let make = |c: Convention| {
        let mut s = Solver::new(c, Config { table_bytes: 16 << 20, progress_every: 64 });
        s.on_progress(|p| if p.nodes > 20_000 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) });
        s
    };
    let a = puzzle::generate(&src, 6, make);
    let b = puzzle::generate(&src, 6, make);
    assert_eq!(a, b);
    assert!(!a.is_empty() && a.len() <= 6);
    for z in &a {
        assert!(z.lives <= 16 && z.winning_moves >= 1, "{}", z.id);
        assert!(z.moves >= puzzle::MIN_MOVES && z.winning_moves as f64 <= puzzle::MAX_WIN_SHARE * z.moves as f64, "{}", z.id);
    }
    assert!(a.iter().all(|z| z.id.starts_with("2006-peltier-8plus-g1-") || z.id.starts_with("random-1")));
    assert!(a.iter().any(|z| z.id.starts_with("random-10-")), "the 5-spot start of seed 10 is a puzzle");
}
