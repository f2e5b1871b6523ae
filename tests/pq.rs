//! (p, q) Sprouts (src/variants/pq, issue 37): the engine against the
//! independent reference (src/variants/reference.rs), canonical forms
//! under relabelling, game-length bounds, (3, 2) against plain Sprouts,
//! and the command line.

mod common;

use common::Rng;
use sprouts::variants::pq::{self, PqCanon, PqPos, PqRules};
use sprouts::variants::reference::{Key, RefPos};
use sprouts::variants::solve::{length_range, NormalSum, Search};
use sprouts::variants::{self, Rules};
use sprouts::{Canon, Position};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::process::Command;

fn rules(p: u32, q: u32) -> PqRules {
    PqRules::new(p, q).unwrap()
}

fn to_ref(p: &PqPos) -> RefPos {
    RefPos {
        lives: p.lives().to_vec(),
        regions: p
            .regions()
            .iter()
            .map(|r| r.iter().map(|b| b.iter().map(|&s| s as usize).collect()).collect())
            .collect(),
    }
}

/// Every position reachable from the n-start (canonical forms), at most
/// `cap` of them, breadth first.
fn reachable(r: PqRules, n: usize, cap: usize) -> Vec<PqCanon> {
    let root = r.start(n).unwrap().canon(r);
    let mut seen: HashSet<PqCanon> = HashSet::from([root.clone()]);
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() && order.len() < cap {
        for c in pq::child_keys(&order[i], r) {
            if seen.insert(c.clone()) {
                order.push(c);
            }
        }
        i += 1;
    }
    order
}

/// The small rule sets and starts the reference can follow.
const SMALL: [(u32, u32, usize); 8] =
    [(3, 2, 2), (4, 3, 3), (5, 3, 2), (3, 3, 3), (4, 4, 3), (5, 4, 2), (6, 4, 2), (2, 2, 3)];

#[test]
fn engine_and_reference_give_the_same_children() {
    for (p, q, max_n) in SMALL {
        let r = rules(p, q);
        let mut checked = 0;
        for n in 1..=max_n {
            for c in reachable(r, n, 60) {
                let pos = c.position();
                // The engine's classes, each named by the reference's key.
                let kids = pq::children(&pos, r);
                let named: BTreeSet<Key> = kids.iter().map(|(k, _)| to_ref(k).key_min(q)).collect();
                let reference: BTreeSet<Key> =
                    to_ref(&pos).pq_child_keys(p as u8, q as u8).into_iter().map(|(k, _)| k).collect();
                assert_eq!(named.len(), kids.len(), "pq:{p},{q} {c}: the engine splits a reference class");
                assert_eq!(named, reference, "pq:{p},{q} {c}: the two engines' children differ");
                checked += 1;
            }
        }
        assert!(checked > 3, "pq:{p},{q}: only {checked} positions");
    }
}

/// `p` renamed, its regions and boundaries reordered, each boundary
/// turned, and some regions mirrored.
fn scrambled(p: &PqPos, rng: &mut Rng) -> PqPos {
    let n = p.lives().len();
    let mut perm: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut perm);
    let mut lives = vec![0; n];
    for (s, &t) in perm.iter().enumerate() {
        lives[t as usize] = p.lives()[s];
    }
    let mut regions: Vec<Vec<Vec<u32>>> = p
        .regions()
        .iter()
        .map(|r| {
            let mirror = rng.coin();
            let mut r: Vec<Vec<u32>> = r
                .iter()
                .map(|b| {
                    let mut b: Vec<u32> = b.iter().map(|&s| perm[s as usize]).collect();
                    if mirror {
                        b.reverse();
                    }
                    let k = rng.below(b.len());
                    b.rotate_left(k);
                    b
                })
                .collect();
            rng.shuffle(&mut r);
            r
        })
        .collect();
    rng.shuffle(&mut regions);
    PqPos::from_parts(lives, regions)
}

#[test]
fn canonical_forms_do_not_change_under_relabelling() {
    let mut rng = Rng::new(37);
    for (p, q, max_n) in [(4, 3, 4), (5, 3, 3), (3, 2, 4), (7, 4, 2)] {
        let r = rules(p, q);
        for n in 1..=max_n {
            for c in reachable(r, n, 150) {
                let pos = c.position();
                // The form reads back to a position of the same form.
                assert_eq!(pos.canon(r), c, "pq:{p},{q}: {c} reads back differently");
                for _ in 0..4 {
                    let s = scrambled(&pos, &mut rng);
                    assert_eq!(s.canon(r), c, "pq:{p},{q}: {c} changed when relabelled");
                }
            }
        }
    }
}

#[test]
fn the_reference_key_does_not_change_either() {
    let mut rng = Rng::new(5);
    let r = rules(4, 3);
    for c in reachable(r, 3, 80) {
        let pos = c.position();
        let k = to_ref(&pos).key_min(3);
        for _ in 0..3 {
            assert_eq!(to_ref(&scrambled(&pos, &mut rng)).key_min(3), k, "{c}");
        }
    }
}

/// Shortest and longest game from n points, over every game.
fn lengths(r: PqRules, n: usize) -> (u32, u32) {
    length_range(&r.start(n).unwrap().canon(r), &mut |c: &PqCanon| pq::child_keys(c, r))
}

#[test]
fn game_lengths_within_bounds() {
    // (p, q, n, shortest, longest) over every game, measured.
    let measured: &[(u32, u32, u32, u32, u32)] = &[
        (4, 3, 1, 1, 1),
        (4, 3, 2, 3, 3),
        (4, 3, 3, 4, 5),
        (4, 3, 4, 5, 7),
        (5, 3, 1, 3, 3),
        (5, 3, 2, 5, 8),
        (3, 2, 1, 2, 2),
        (3, 2, 2, 4, 5),
        (3, 2, 3, 6, 8),
        (3, 3, 1, 1, 1),
        (3, 3, 2, 2, 2),
        (5, 4, 1, 1, 1),
        (5, 4, 2, 2, 3),
        (6, 4, 1, 2, 2),
        (6, 4, 2, 3, 5),
    ];
    let mut found = Vec::new();
    for &(p, q, n, _, _) in measured {
        let r = rules(p, q);
        let (a, b) = lengths(r, n as usize);
        println!("pq:{p},{q} n = {n}: {a}..{b} (bounds {}..{})", r.min_moves(n), r.max_moves(n));
        assert!(r.min_moves(n) <= a && b <= r.max_moves(n), "pq:{p},{q} n = {n}: {a}..{b} out of bounds");
        found.push((p, q, n, a, b));
    }
    assert_eq!(found, measured);
    // The longest games reach the bound here: 2n − 1, 5n − 2, 3n − 1.
    for &(p, q, n, _, hi) in measured {
        assert_eq!(hi, rules(p, q).max_moves(n), "pq:{p},{q} n = {n}");
    }
    assert_eq!(rules(4, 3).max_moves(5), 9, "2n − 1");
    assert_eq!(rules(5, 3).max_moves(5), 23, "5n − 2");
    assert_eq!(rules(3, 2).max_moves(5), 14, "3n − 1");
}

#[test]
fn random_games_within_bounds() {
    let mut rng = Rng::new(11);
    for (p, q, max_n) in [(4, 3, 6), (5, 3, 3), (3, 2, 5), (7, 4, 2), (5, 4, 4)] {
        let r = rules(p, q);
        for n in 1..=max_n {
            for _ in 0..2 {
                let mut pos = r.start(n).unwrap();
                let mut m = 0;
                loop {
                    let mut kids = pq::children(&pos, r);
                    if kids.is_empty() {
                        break;
                    }
                    pos = kids.swap_remove(rng.below(kids.len())).0;
                    m += 1;
                }
                let n = n as u32;
                assert!(
                    r.min_moves(n) <= m && m <= r.max_moves(n),
                    "pq:{p},{q} n = {n}: {m} moves, bounds {}..{}",
                    r.min_moves(n),
                    r.max_moves(n)
                );
            }
        }
    }
}

fn wins(r: PqRules, c: &PqCanon, misere: bool) -> bool {
    if misere {
        Search::new(true, |c: &PqCanon| pq::child_keys(c, r)).wins(c)
    } else {
        NormalSum::new(|c: &PqCanon| pq::child_keys(c, r)).wins(c)
    }
}

#[test]
fn three_two_is_plain_sprouts() {
    // The published outcomes of plain Sprouts, n = 1..5.
    let normal = [false, false, true, true, true];
    let misere = [true, false, false, false, true];
    let r = rules(3, 2);
    for n in 1..=5 {
        let c = r.start(n).unwrap().canon(r);
        assert_eq!(wins(r, &c, false), normal[n - 1], "normal, n = {n}");
        assert_eq!(wins(r, &c, true), misere[n - 1], "misère, n = {n}");
    }
}

#[test]
fn three_two_agrees_with_the_plain_engine_along_random_games() {
    // Every position of random plain games, through both engines.
    let r = rules(3, 2);
    let mut rng = Rng::new(3);
    let mut plain = Search::new(false, |c: &Canon| variants::child_keys(c, Rules::Sprouts));
    let mut plain_m = Search::new(true, |c: &Canon| variants::child_keys(c, Rules::Sprouts));
    let mut ours = NormalSum::new(|c: &PqCanon| pq::child_keys(c, r));
    let mut ours_m = Search::new(true, |c: &PqCanon| pq::child_keys(c, r));
    let mut checked = 0;
    for n in 1..=4 {
        for _ in 0..4 {
            let mut p = Position::start(n).unwrap();
            loop {
                let q = PqPos::from_parts(
                    (1..=p.spot_count() as u32).map(|s| p.lives(s)).collect(),
                    p.regions()
                        .iter()
                        .map(|reg| reg.iter().map(|b| b.iter().map(|&s| s - 1).collect()).collect())
                        .collect(),
                );
                let (c, k) = (Canon::of(&p), q.canon(r));
                assert_eq!(plain.wins(&c), ours.wins(&k), "normal: {c} / {k}");
                assert_eq!(plain_m.wins(&c), ours_m.wins(&k), "misère: {c} / {k}");
                // Same number of moves left in a game, both ways.
                assert_eq!(variants::child_forms(&c, Rules::Sprouts).is_empty(), pq::child_keys(&k, r).is_empty());
                checked += 1;
                let mut moves = Vec::new();
                p.for_each_move(&mut |m| moves.push(m));
                if moves.is_empty() {
                    break;
                }
                p = p.play(&moves[rng.below(moves.len())]).unwrap();
            }
        }
    }
    assert!(checked > 40);
}

fn ref_wins(p: u8, q: u8, k: &Key, misere: bool, pos: &mut HashMap<Key, RefPos>) -> bool {
    let mut s = Search::new(misere, |k: &Key| {
        let kids = pos[k].pq_child_keys(p, q);
        let mut out = Vec::new();
        for (kk, c) in kids {
            pos.entry(kk.clone()).or_insert(c);
            out.push(kk);
        }
        out
    });
    s.wins(k)
}

#[test]
fn outcomes_agree_with_the_reference() {
    for (p, q, max_n) in [(4, 3, 3), (5, 3, 2), (3, 3, 4), (5, 4, 2)] {
        let r = rules(p, q);
        for n in 1..=max_n {
            let start = RefPos::pq_start(n, p as u8).reduce_min(q);
            let k = start.key_min(q);
            let c = r.start(n).unwrap().canon(r);
            for misere in [false, true] {
                let mut pos = HashMap::from([(k.clone(), start.clone())]);
                assert_eq!(
                    wins(r, &c, misere),
                    ref_wins(p as u8, q as u8, &k, misere, &mut pos),
                    "pq:{p},{q} n = {n} misère {misere}"
                );
            }
        }
    }
}

#[test]
fn rules_are_checked() {
    for bad in ["pq:4,2", "pq:2,3", "pq:1,1", "pq:x", "pq:4", "pq:12,7", "pq:6,3", "pq:3,-2"] {
        assert!(bad.parse::<PqRules>().is_err(), "{bad}");
    }
    for good in ["pq:3,2", "pq:4,3", "pq:5,3", "pq:2,2", "pq:9,5"] {
        assert_eq!(good.parse::<PqRules>().unwrap().to_string(), good);
    }
}

#[test]
fn text_of_a_start() {
    assert_eq!(rules(4, 3).start(2).unwrap().canon(rules(4, 3)).to_string(), "4.4.}]!");
    // One point of (4, 3): one move, and nothing left.
    let r = rules(4, 3);
    let kids = pq::children(&r.start(1).unwrap(), r);
    assert_eq!(kids.len(), 1);
    assert_eq!(kids[0].1.to_string(), "!");
}

#[test]
fn positions_are_read_back() {
    // Every form reached reads back to a position with the same form.
    for (p, q, n) in [(4, 3, 4), (5, 3, 2), (3, 2, 3), (5, 4, 3), (7, 4, 2)] {
        let r = rules(p, q);
        for c in reachable(r, n, 200) {
            let text = c.to_string();
            let read = pq::parse(&text, r).unwrap_or_else(|e| panic!("pq:{p},{q} {text}: {e}"));
            assert_eq!(read.canon(r), c, "pq:{p},{q} {text}");
        }
    }
    // A hand-written order of the same position gives the same form, and
    // its moves are the engine's.
    let r = rules(4, 3);
    let start = r.start(2).unwrap();
    let kid = pq::children(&start, r)[1].1.clone();
    assert_eq!(kid.to_string(), "1A2B.}1A2B1A3.}]!");
    let other = pq::parse("1Y31Y2X.}2X1Y.}]!", r).unwrap();
    assert_eq!(other.canon(r), kid);
    // What no position can be is refused, with the offset of the fault.
    for (bad, offset) in [
        ("5.4.}]!", 0),    // more lives than p = 4
        ("4.4.}", 5),      // no `]` and `!`
        ("4.4.}]!x", 7),   // text after the end
        ("44.}]!", 2),     // a point with no line shares a boundary
        ("1A.}2A.}]!", 4), // one spot, two lives counts
        ("3A3A.}]!", 2),   // 3 lives = degree 1: one corner only
        (".}]!", 0),       // an empty boundary
        ("4.]!", 2),       // a region not closed
        ("4.}]", 4),       // no `!`
        ("4?.}]!", 1),     // not a token
        ("4#x;.}]!", 1),   // a bad spot number
    ] {
        let e = pq::parse(bad, r).expect_err(bad);
        assert!(e.contains(&format!("offset {offset}:")), "{bad}: {e}");
    }
    assert_eq!(pq::parse("!", r).unwrap().canon(r).to_string(), "!");
}

fn run(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().expect("the binary runs");
    (o.status.success(), String::from_utf8_lossy(&o.stdout).into(), String::from_utf8_lossy(&o.stderr).into())
}

#[test]
fn command_line() {
    let (ok, out, _) = run(&["solve", "--rules", "pq:4,3", "--spots", "2", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rules"], "pq:4,3");
    assert_eq!(v["position"], "4.4.}]!");
    let (ok, out, _) = run(&["solve", "--rules", "pq:3,2", "--spots", "3"]);
    assert!(ok && out.contains("outcome: win"), "{out}");
    let (ok, out, _) = run(&["moves", "--rules", "pq:4,3", "--spots", "1"]);
    assert!(ok && out == "!\n", "{out}");
    // A position's text: the same moves and outcome as its --spots start.
    let (ok, by_text, _) = run(&["moves", "--rules", "pq:4,3", "4.4.}]!"]);
    let (_, by_spots, _) = run(&["moves", "--rules", "pq:4,3", "--spots", "2"]);
    assert!(ok && by_text == by_spots && by_text.lines().count() == 2, "{by_text}");
    let (ok, out, _) = run(&["solve", "--rules", "pq:4,3", "1A2B.}1A2B1A3.}]!", "--json"]);
    assert!(ok, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["position"], "1A2B.}1A2B1A3.}]!");
    assert_eq!(v["outcome"], "loss", "a winning move of the 2-start leaves a loss");
    // A random game replays.
    let (ok, game, _) = run(&["random", "--rules", "pq:4,3", "--spots", "4", "--seed", "9"]);
    assert!(ok && game.starts_with("# rules: pq:4,3\n# start: "), "{game}");
    let (ok, out, err) = run(&["replay", &game]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().last(), game.lines().last());
    // A changed move is refused with its line.
    let broken = game.replacen("1. point ", "1. point 9", 1);
    let (ok, _, err) = run(&["replay", &broken]);
    assert!(!ok && err.contains("line 3"), "{err}");
    let (ok, out, _) = run(&["play", "--rules", "pq:4,3", "--spots", "3", "--first", "perfect", "--second", "random"]);
    assert!(ok && out.contains("under pq:4,3 rules"), "{out}");
    for bad in [
        vec!["solve", "--rules", "pq:4,2", "--spots", "2"],
        vec!["solve", "--rules", "pq:4,3", "5.4.}]!"],
        vec!["moves", "--rules", "pq:4,3", "4.4.}"],
        vec!["moves", "--rules", "pq:4,3", "--start", "crosses", "--spots", "2"],
        vec!["draw", "--rules", "pq:4,3", "--start", "crosses", "--spots", "2", "--svg", "-"],
        vec!["draw", "--rules", "pq:4,3", "4.4.}]!", "--svg", "-"],
        vec!["draw", "--rules", "pq:4,10", "--spots", "2", "--svg", "-"],
        vec!["play", "--rules", "pq:4,3", "--spots", "2", "--first", "heuristic", "--second", "random"],
        vec!["solve", "--rules", "pq:4,3", "--surface", "torus", "--spots", "2"],
    ] {
        let (ok, _, err) = run(&bad);
        assert!(!ok && (err.starts_with("sprouts: ") || err.contains("error")), "{bad:?}: {err}");
    }
    // The drawn start: n points of p lives, its title the start's form.
    let (ok, out, err) = run(&["draw", "--rules", "pq:5,3", "--spots", "3", "--svg", "-"]);
    assert!(ok, "{err}");
    assert!(out.contains("<title>5.5.5.}]!</title>"), "{out}");
    assert_eq!(out.matches(r#"data-lives="5""#).count(), 3);
}
