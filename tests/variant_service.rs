//! The worker's answers for games under other rules (src/variant_service.rs):
//! the analysis agrees with `sprouts solve --rules` and its winning moves,
//! played on the game, lead to losses for the opponent; the computer's
//! move plays.

use sprouts::game::Game;
use sprouts::player::Clock;
use sprouts::service::Options;
use sprouts::variant_service::{analyse, computer_move};
use std::rc::Rc;

fn clock() -> Clock {
    Rc::new(|| 0.0)
}

#[test]
fn brussels_outcomes_follow_five_n_minus_two() {
    for n in 1..=3u32 {
        let rec = format!("{{brussels}} {n}+");
        let a = analyse(&rec, 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
        assert!(a.complete);
        // 5n − 2 moves: the first player makes the last move iff n is odd.
        assert_eq!(a.outcome.as_deref(), Some(if n % 2 == 1 { "win" } else { "loss" }), "n = {n}");
        assert_eq!(a.winning_moves.is_empty(), n % 2 == 0);
        for w in &a.winning_moves {
            let mut g = Game::from_tagged_record(&rec, Some((800.0, 600.0))).unwrap();
            g.play_text(&w.text).unwrap();
            let b = analyse(&g.record(), 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
            assert_eq!(b.outcome.as_deref(), Some("loss"), "after {}", w.text);
        }
    }
}

#[test]
fn dots_or_crosses_winning_moves_are_marked_and_play() {
    // 2 crosses, normal play: W (docs/variants.md).
    let rec = "{dots-or-crosses crosses} 2+";
    let a = analyse(rec, 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
    assert_eq!(a.outcome.as_deref(), Some("win"));
    assert!(!a.winning_moves.is_empty());
    for w in &a.winning_moves {
        let mut g = Game::from_tagged_record(rec, Some((800.0, 600.0))).unwrap();
        g.play_text(&w.text).unwrap_or_else(|e| panic!("{}: {e}", w.text));
    }
    // Misère from 2 crosses: a win too (docs/variants.md).
    let m = analyse("{dots-or-crosses crosses} 2-", 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
    assert_eq!(m.outcome.as_deref(), Some("win"));
}

#[test]
fn a_budget_stops_without_an_outcome() {
    let opts = Options { max_nodes: 5.0, ..Options::default() };
    let a = analyse("{dots-or-crosses} 5+", 800.0, 600.0, &opts, &clock(), None).unwrap();
    assert!(!a.complete);
    assert_eq!(a.outcome, None);
    assert!(a.stopped.unwrap().contains("budget"));
}

#[test]
fn the_computer_plays_a_whole_weeds_game() {
    let mut g = Game::new_variant(sprouts::game::Variant::new(sprouts::variants::Rules::Weeds, None).unwrap(), 3, false, 800.0, 600.0).unwrap();
    let mut seed = 1.0;
    while !g.is_over() {
        let opts = Options { seed, ..Options::default() };
        let m = computer_move(&g.record(), 800.0, 600.0, &opts, &clock(), None).unwrap();
        g.play_text(&m.text).unwrap_or_else(|e| panic!("{}: {e}", m.text));
        seed += 1.0;
    }
    // Weeds from 3 dots is a first-player win (docs/variants.md): the
    // perfect computer playing both sides makes player 1 win.
    assert_eq!(g.winner(), Some(1));
    assert!(computer_move(&g.record(), 800.0, 600.0, &Options::default(), &clock(), None).is_err());
}

#[test]
fn bad_records_are_errors() {
    assert!(analyse("{brussels} 2+ 1(9)99x", 800.0, 600.0, &Options::default(), &clock(), None).is_err());
    assert!(analyse("{chess} 2+", 800.0, 600.0, &Options::default(), &clock(), None).is_err());
}

#[test]
fn pq_records_are_solved_by_the_shared_search() {
    // `{pq:P,Q}` goes to crate::pq_service, whose budgets, analysis and
    // computer's choice are variant_service's (its `Solvable`).
    use sprouts::game::PqGame;
    for rec in ["{pq:4,3} 2+", "{pq:4,3} 2-"] {
        let a = analyse(rec, 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
        assert!(a.complete, "{rec}");
        let win = a.outcome.as_deref() == Some("win");
        assert_eq!(win, !a.winning_moves.is_empty(), "{rec}");
        for w in &a.winning_moves {
            let mut g = PqGame::from_record(rec, 800.0, 600.0).unwrap();
            g.play_text(&w.text).unwrap_or_else(|e| panic!("{}: {e}", w.text));
            let b = analyse(&g.record(), 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
            assert_eq!(b.outcome.as_deref(), Some("loss"), "{rec} after {}", w.text);
        }
        // The computer's perfect move is one of the winning moves.
        let m = computer_move(rec, 800.0, 600.0, &Options::default(), &clock(), None).unwrap();
        assert_eq!(m.method, if win { "winning" } else { "proven-loss" }, "{rec}");
        assert!(!win || a.winning_moves.iter().any(|w| w.text == m.text), "{rec}: {}", m.text);
    }
    let tight = Options { max_nodes: 1.0, ..Options::default() };
    let s = analyse("{pq:4,3} 3+", 800.0, 600.0, &tight, &clock(), None).unwrap();
    assert!(!s.complete && s.stopped.unwrap().contains("budget"));
}
