//! Games under other rules on a drawn board (issue 37): every move of a
//! random game is routed and drawn, and the drawing's traced position is
//! checked against the variants engine (`sprouts::variants::play`) class
//! for class; records and saved games keep the rules.

use sprouts::game::{Game, Variant};
use sprouts::variants::{self, NewSpot, Rules, StartKind};
use sprouts::Canon;

/// A tiny deterministic generator (no dependency needed for a test).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays a random game by typed moves (routed), checking each drawn
/// position against the engine's child; returns the game.
fn random_game(v: Variant, n: usize, seed: u64) -> Game {
    let mut g = Game::new_variant(v, n, false, 800.0, 600.0).unwrap();
    let mut rng = Rng(seed);
    let start = variants::start_of(v.start, n).unwrap();
    assert_eq!(Canon::of(g.position()), Canon::of(&start), "the drawn start is the engine's");
    while !g.is_over() {
        let p = g.position().clone();
        let moves = p.legal_moves();
        assert!(!moves.is_empty());
        let mv = &moves[rng.below(moves.len())].0;
        let what = v.rules.new_spots()[rng.below(v.rules.new_spots().len())];
        let text = v.mark(&sprouts::notation::write_move(&p, mv), what);
        g.play_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let want = Canon::of(&variants::play(&p, mv, what));
        assert_eq!(Canon::of(g.position()), want, "move {text} drawn as the engine plays it");
    }
    g
}

#[test]
fn brussels_games_last_5n_minus_2_moves_when_drawn() {
    for n in 1..=3 {
        for seed in 0..4 {
            let g = random_game(Variant::new(Rules::Brussels, None).unwrap(), n, seed);
            assert_eq!(g.moves().len(), 5 * n - 2, "n = {n}, seed {seed}");
            let s = g.status();
            assert!(s.over);
            // Normal play: the last mover wins; 5n − 2 is odd exactly when n is.
            assert_eq!(s.winner, Some(if n % 2 == 1 { 1 } else { 2 }));
        }
    }
}

#[test]
fn dots_or_crosses_and_weeds_games_stay_within_bounds() {
    for (rules, start) in [(Rules::DotsOrCrosses, StartKind::Dots), (Rules::DotsOrCrosses, StartKind::Crosses), (Rules::Weeds, StartKind::Dots)] {
        for n in 1..=3 {
            for seed in 0..3 {
                let v = Variant::new(rules, Some(start)).unwrap();
                let g = random_game(v, n, seed + 10);
                let m = g.moves().len();
                let (lo, hi) = if rules == Rules::Weeds { (n, 3 * n - 1) } else { (2 * n, 5 * n - 2) };
                assert!((lo..=hi).contains(&m), "{rules:?} {start:?} n = {n}: {m} moves");
            }
        }
    }
}

#[test]
fn records_and_saved_games_keep_the_rules() {
    let v = Variant::new(Rules::DotsOrCrosses, Some(StartKind::Crosses)).unwrap();
    let g = random_game(v, 2, 3);
    let rec = g.record();
    assert!(rec.starts_with("{dots-or-crosses crosses} 2+ "), "{rec}");
    let back = Game::from_tagged_record(&rec, Some((800.0, 600.0))).unwrap();
    assert_eq!(back.record(), rec);
    assert_eq!(back.variant(), v);
    let file = Game::from_json(&g.to_json(), Some((800.0, 600.0))).unwrap();
    assert_eq!(file.record(), rec);
    assert!(g.to_json().contains("\"rules\":\"dots-or-crosses\""));
    assert!(g.to_json().contains("\"crosses\":2"));

    // Brussels: no marks, the tag only.
    let b = random_game(Variant::new(Rules::Brussels, None).unwrap(), 1, 0);
    assert!(b.record().starts_with("{brussels} 1+ "), "{}", b.record());
    assert!(!b.record()[10..].contains('x'));
    assert_eq!(Game::from_tagged_record(&b.record(), None).unwrap().record(), b.record());

    // A plain record is unchanged.
    let mut p = Game::new(2, false, 800.0, 600.0).unwrap();
    p.play_text("1(3)2").unwrap();
    assert_eq!(p.record(), "2+ 1(3)2");
    assert!(!p.to_json().contains("rules"));
}

#[test]
fn bad_rules_are_refused_clearly() {
    let e = Game::from_tagged_record("{brusels} 2+ 1(9)5", None).unwrap_err().to_string();
    assert!(e.contains("unknown rules \"brusels\""), "{e}");
    // (p, q) Sprouts is a game of its own (PqGame): a plain game refuses its name with the reason.
    let e = Game::from_tagged_record("{pq:4,3} 2+", None).unwrap_err().to_string();
    assert!(e.contains("unknown rules \"pq:4,3\" for a game of Sprouts or its variants: (p, q) Sprouts is a game of its own"), "{e}");
    let e = Game::from_tagged_record("{brussels dots} 2+", None).unwrap_err().to_string();
    assert!(e.contains("starts from crosses only"), "{e}");
    let e = Game::from_tagged_record("{weeds 2+", None).unwrap_err().to_string();
    assert!(e.contains("without"), "{e}");
    // A mark the rules do not allow.
    let mut g = Game::new_variant(Variant::new(Rules::Weeds, None).unwrap(), 2, false, 800.0, 600.0).unwrap();
    let e = g.play_text("1(3)2x").unwrap_err().to_string();
    assert!(e.contains("weeds puts dot or nothing on a new line, not cross"), "{e}");
    assert_eq!(g.moves().len(), 0);
    let json = r#"{"format":1,"convention":"normal","start":{"crosses":2},"moves":[],"cursor":0,"rules":"bruxelles"}"#;
    let e = Game::from_json(json, None).unwrap_err().to_string();
    assert!(e.contains("unknown rules"), "{e}");
    let json = r#"{"format":1,"convention":"normal","start":{"crosses":2},"moves":[],"cursor":0}"#;
    assert!(Game::from_json(json, None).unwrap_err().to_string().contains("needs \"rules\""));
}

#[test]
fn a_cross_bar_move_adds_a_tip_on_each_side() {
    let mut g = Game::new_variant(Variant::new(Rules::Brussels, None).unwrap(), 1, false, 800.0, 600.0).unwrap();
    // Tips 1 (up) and 3 (down) of the cross: the new line splits the plane.
    let t = g.play_text("1(7)3[2]").unwrap();
    assert_eq!(t, "1(7)3[2]");
    let b = g.board().unwrap();
    assert_eq!(b.spot_count(), 10);
    assert!(b.is_tip(9) && b.is_tip(10) && !b.is_tip(7) && !b.is_tip(8));
    // The two new tips lie in different regions: two lands, G + G.
    let p = g.position();
    let region_of = |s| p.regions().iter().position(|r| r.iter().flatten().any(|&x| x == s)).unwrap();
    assert_ne!(region_of(9), region_of(10));
    let _ = NewSpot::Cross;
}

#[test]
fn a_page_game_reads_back_from_its_file() {
    let rec = "{brussels} 2+ 1(13)2[5] 3(17)16 5(21)6[15] 7(25)24 8(29)27 15(33)23 35(37)36 4(41)19 II";
    let g = Game::from_tagged_record(rec, Some((800.0, 600.0))).unwrap();
    assert_eq!(g.record(), rec);
    let back = Game::from_json(&g.to_json(), Some((800.0, 533.0))).unwrap();
    assert_eq!(back.record(), rec, "{}", g.to_json());
}
