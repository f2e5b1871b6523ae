//! WGOSA notation over random games: every move, printed and read back, is
//! the same move; records print and parse back unchanged.

use sprouts::notation::{move_text, resolve, MoveText, Record, Winner};
use sprouts::Position;

/// SplitMix64: a deterministic stream for reproducible random games.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn every_move_reads_back_as_itself() {
    let mut rng = Rng(7);
    let mut checked = 0usize;
    for game in 0..300 {
        let n = 1 + game % 8;
        let mut p = Position::start(n).unwrap();
        let mut moves = Vec::new();
        loop {
            // All labelled moves while regions are small, else one per class.
            let options: Vec<_> = if n <= 5 {
                p.legal_moves()
            } else {
                p.representative_moves().into_iter().map(|(m, _)| {
                    let c = p.play(&m).unwrap();
                    (m, c)
                }).collect()
            };
            if options.is_empty() {
                break;
            }
            for (mv, child) in &options {
                let text = move_text(&p, mv);
                let reread = MoveText::parse(&text.to_string()).unwrap();
                assert_eq!(reread, text);
                let (_, got) = resolve(&p, &reread)
                    .unwrap_or_else(|e| panic!("{n}+ {} then {text}: {e}", moves.iter().map(|m: &MoveText| m.to_string()).collect::<Vec<_>>().join(" ")));
                assert_eq!(&got, child, "{text}");
                checked += 1;
            }
            let (mv, child) = &options[rng.below(options.len())];
            moves.push(move_text(&p, mv));
            p = child.clone();
        }
        let winner = if moves.len() % 2 == 1 { Winner::First } else { Winner::Second };
        let rec = Record { spots: n, misere: false, players: None, moves, result: Some(winner) };
        let text = rec.to_string();
        let back = Record::parse(&text).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.replay().unwrap().last().map(|s| &s.1), Some(&p));
    }
    assert!(checked > 10_000, "only {checked} moves checked");
    eprintln!("{checked} moves read back");
}

#[test]
fn record_syntax() {
    let r = Record::parse("8+ (Danny Purvis* - Josh Purinton) 1(9)2 1(10)2[3-5] 9!(11)!10![6,7] II").unwrap();
    assert_eq!(r.spots, 8);
    assert!(!r.misere);
    let pl = r.players.as_ref().unwrap();
    assert_eq!((pl.first.as_str(), pl.second.as_str(), pl.chooser), ("Danny Purvis", "Josh Purinton", Some(Winner::First)));
    assert_eq!(r.moves[1].listed, vec![3, 4, 5]);
    assert!(r.moves[2].from_flip && r.moves[2].to_flip && r.moves[2].side_flip);
    assert_eq!(r.result, Some(Winner::Second));
    assert_eq!(r.to_string(), "8+ (Danny Purvis* - Josh Purinton) 1(9)2 1(10)2[3-5] 9!(11)!10![6,7] II");
    assert!(Record::parse("5- 1(6@3)2").unwrap().misere);
    for bad in ["", "+", "3", "0+", "0+ 1(2)1", "3* 1(4)2", "3+ 1(4", "3+ 1(4)2[", "3+ 1(4)2[5-2]", "3+ 1(4)2 III", "3+ 1(4)2 I 2(5)3", "3+ (A* - B*)", "3+ 1(x)2", "3+ 1(4)2[1-100000,1-100000]"] {
        let e = Record::parse(bad).unwrap_err();
        assert!(e.offset <= bad.len(), "{bad}: {e}");
    }
}

#[test]
fn a_loop_at_an_isolated_spot_prints_without_sides() {
    // Both sides of such a loop are alike, so which side holds the other
    // spots is the same drawing: the shortest text lists nothing.
    let p = Record::parse("3+ 1(4)2").unwrap().replay().unwrap().pop().unwrap().1;
    for text in ["3(5)3[1]", "3(5)3![1]", "3(5)3", "3(5)3!"] {
        let (mv, child) = resolve(&p, &MoveText::parse(text).unwrap()).unwrap();
        assert_eq!(move_text(&p, &mv).to_string(), "3(5)3", "{text}");
        assert_eq!(resolve(&p, &MoveText::parse("3(5)3").unwrap()).unwrap().1, child);
    }
}

/// A random labelled move of `p`: any two corners of a region (the same one
/// for a loop) and, for a split or a loop, a random sharing of the region's
/// other boundaries. `None` when the game is over.
fn random_move(p: &Position, rng: &mut Rng) -> Option<(sprouts::Move, Position)> {
    let mut ends = Vec::new();
    for (ri, r) in p.regions().iter().enumerate() {
        let corners: Vec<sprouts::Corner> = r
            .iter()
            .enumerate()
            .flat_map(|(bi, b)| (0..b.len()).map(move |ci| sprouts::Corner { boundary: bi, index: ci }))
            .filter(|c| p.lives(r[c.boundary][c.index]) > 0)
            .collect();
        for &a in &corners {
            for &b in &corners {
                ends.push((ri, a, b));
            }
        }
    }
    for _ in 0..200 {
        if ends.is_empty() {
            return None;
        }
        let (region, from, to) = ends[rng.below(ends.len())];
        let mut mv = sprouts::Move { region, from, to, inside: Vec::new() };
        if mv.kind() != sprouts::MoveKind::Join {
            mv.inside = (0..p.regions()[region].len()).filter(|&b| b != from.boundary && rng.below(2) == 0).collect();
        }
        if let Ok(child) = p.play(&mv) {
            return Some((mv, child));
        }
    }
    p.legal_moves().into_iter().next()
}

/// Print → parse identity on whole random games: every move printed with
/// `move_text` in its position, the record printed, read back and replayed
/// gives the same position after every move. 2,000 games by default;
/// `SPROUTS_NOTATION_GAMES=10000` for the long run.
#[test]
fn random_games_print_and_read_back() {
    let games: usize = std::env::var("SPROUTS_NOTATION_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let mut rng = Rng(2026);
    let mut moves_checked = 0;
    for game in 0..games {
        let n = 2 + rng.below(11);
        let mut p = Position::start(n).unwrap();
        let (mut texts, mut positions) = (Vec::new(), Vec::new());
        while let Some((mv, child)) = random_move(&p, &mut rng) {
            texts.push(move_text(&p, &mv));
            positions.push(child.clone());
            p = child;
        }
        let misere = game % 2 == 1;
        let rec = Record { spots: n, misere, players: None, moves: texts, result: Some(Winner::First) };
        let text = rec.to_string();
        let back = Record::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let steps = back.replay().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(steps.len(), positions.len());
        for (k, ((_, got), want)) in steps.iter().zip(&positions).enumerate() {
            assert_eq!(got, want, "{text}: move {}", k + 1);
        }
        moves_checked += positions.len();
    }
    eprintln!("{games} random games, {moves_checked} moves printed and read back");
}
