//! Properties every Sprouts position and game must have, checked over
//! random games from 1 to 15 spots:
//! - the rules: a game lasts 2n to 3n − 1 moves, each move removes one
//!   life, the last position has no move and every surviving spot one life;
//! - the canonical form ignores spot names, boundary rotation, the order of
//!   boundaries and regions, the mirror image of the whole position and of
//!   any single region, and prints what it printed when first written; so
//!   it does on long chains of alike regions, named within the step limit;
//! - `Canon::quick` (the solver's key) always writes the position itself;
//! - printing then parsing is the identity for GLOP strings, the spots
//!   dialect and Hoey lists;
//! - the n-spot start has floor((n − 1) / 2) + 2 distinct children (n ≥ 2).

mod common;

use common::Rng;
use sprouts::text::{parse_glop, parse_hoey, parse_position, parse_spots, HoeyDisplay, SpotsDisplay};
use sprouts::{Canon, Corner, Move, Position, Spot};
use std::time::Instant;

/// Up to this size games pick among all labelled moves (`legal_moves()`,
/// exponential in the boundaries of a region); above it they draw a random
/// pair of corners and a random sharing, much cheaper than listing moves.
const ALL_MOVES_UP_TO: usize = 6;

/// A random legal move: two corners of one region (a corner with itself for
/// a loop) and, for a split or a loop, a random set of the region's other
/// boundaries on the `from`–`to` side. None when the game is over.
fn random_move(p: &Position, rng: &mut Rng) -> Option<Move> {
    let mut pairs = Vec::new();
    for (ri, r) in p.regions().iter().enumerate() {
        let corners: Vec<Corner> = r
            .iter()
            .enumerate()
            .flat_map(|(bi, b)| (0..b.len()).map(move |ci| Corner { boundary: bi, index: ci }))
            .filter(|c| p.lives(r[c.boundary][c.index]) > 0)
            .collect();
        for (i, &x) in corners.iter().enumerate() {
            for &y in &corners[i..] {
                let (a, b) = (r[x.boundary][x.index], r[y.boundary][y.index]);
                if (x == y && p.lives(a) >= 2) || (x != y && a != b) {
                    pairs.push((ri, x, y));
                }
            }
        }
    }
    if pairs.is_empty() {
        return None;
    }
    let (region, from, to) = pairs[rng.below(pairs.len())];
    let inside = if from.boundary == to.boundary {
        (0..p.regions()[region].len()).filter(|&i| i != from.boundary && rng.coin()).collect()
    } else {
        Vec::new()
    };
    Some(Move { region, from, to, inside })
}

/// Every position of one random game from the n-spot start, start included.
fn random_game(n: usize, rng: &mut Rng) -> Vec<Position> {
    let mut game = vec![Position::start(n).unwrap()];
    loop {
        let p = game.last().unwrap();
        let next = if n <= ALL_MOVES_UP_TO {
            let moves = p.legal_moves();
            if moves.is_empty() {
                return game;
            }
            moves[rng.below(moves.len())].1.clone()
        } else {
            match random_move(p, rng) {
                None => return game,
                Some(mv) => p.play(&mv).unwrap_or_else(|e| panic!("{mv:?} is legal in {}: {e}", HoeyDisplay(p))),
            }
        };
        game.push(next);
    }
}

#[test]
fn games_obey_the_rules() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0002);
    let mut games = 0;
    for n in 1..=15 {
        for _ in 0..if n <= 10 { 300 } else { 100 } {
            let game = random_game(n, &mut rng);
            let moves = game.len() - 1;
            assert!((2 * n..3 * n).contains(&moves), "{n}-spot game lasted {moves} moves");
            for w in game.windows(2) {
                assert_eq!(w[1].total_lives() + 1, w[0].total_lives(), "a move must remove one life");
                assert_eq!(w[1].spot_count(), w[0].spot_count() + 1, "a move adds one spot");
            }
            let end = game.last().unwrap();
            assert!(end.is_over());
            assert!(end.children().is_empty());
            assert!(end.representative_moves().is_empty());
            assert!(end.legal_moves().is_empty());
            for s in 1..=end.spot_count() as Spot {
                assert!(end.lives(s) <= 1, "spot {s} has {} lives at the end: {}", end.lives(s), HoeyDisplay(end));
            }
            games += 1;
        }
    }
    eprintln!("properties: {games} games obey the rules ({:.1?})", t0.elapsed());
}

/// `p` rewritten: boundaries rotated, boundaries and regions shuffled, and
/// the regions in `mirrored` read backwards.
fn rewritten(p: &Position, rng: &mut Rng, mirrored: &[bool]) -> Position {
    let mut regions: Vec<Vec<Vec<Spot>>> = p.regions().to_vec();
    for (r, &m) in regions.iter_mut().zip(mirrored) {
        for b in r.iter_mut() {
            let k = rng.below(b.len());
            b.rotate_left(k);
            if m {
                b.reverse();
            }
        }
        rng.shuffle(r);
    }
    rng.shuffle(&mut regions);
    let lives = (1..=p.spot_count() as Spot).map(|s| p.lives(s)).collect();
    Position::new(lives, regions).unwrap()
}

#[test]
fn canonical_form_is_invariant() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0003);
    let (mut games, mut positions) = (0, 0);
    for n in 1..=15 {
        for _ in 0..if n <= 10 { 120 } else { 30 } {
            for p in random_game(n, &mut rng) {
                let c = Canon::of(&p).to_string();
                let here = || format!("{} ({c})", HoeyDisplay(&p));
                let canon = |q: &Position| Canon::of(q).to_string();
                let mut perm: Vec<Spot> = (1..=p.spot_count() as Spot).collect();
                rng.shuffle(&mut perm);
                assert_eq!(canon(&p.relabel(&perm)), c, "relabelling {perm:?} changes {}", here());
                let none = vec![false; p.regions().len()];
                let shuffled = rewritten(&p, &mut rng, &none);
                assert_eq!(shuffled, p, "rotating and reordering changes the normal form of {}", here());
                assert_eq!(canon(&shuffled), c, "rotating and reordering changes {}", here());
                assert_eq!(canon(&p.mirror()), c, "mirroring changes {}", here());
                let some: Vec<bool> = none.iter().map(|_| rng.coin()).collect();
                let one_side = rewritten(&p, &mut rng, &some);
                assert_eq!(
                    canon(&one_side),
                    c,
                    "mirroring regions {some:?} alone changes {} to {}",
                    here(),
                    HoeyDisplay(&one_side)
                );
                positions += 1;
            }
            games += 1;
        }
    }
    eprintln!("properties: canonical form invariant on {positions} positions of {games} games ({:.1?})", t0.elapsed());
}

/// A chain of many regions of few shapes, the kind the naming search
/// breaks its ties in by refined colours: link i is a region of a `2` and
/// letters a_i (from the link before), b_i and c_i, then a region of b_i,
/// c_i and a_(i+1); every boundary in a random order, some regions with a
/// `1.` as well. Nearly all such chains have no symmetry that would prune
/// the search, and their regions fall into a few groups of equal shape.
/// One in three is closed into a ring (a_0 is the last link's), and half
/// of those keep every boundary in one order: rings with a symmetry for
/// every rotation, which refinement cannot split.
fn alike_chain(rng: &mut Rng) -> String {
    let name = |n: usize| format!("<{}>", n + 1);
    let links = rng.range(3, 24);
    let ring = rng.below(3) == 0;
    let plain = ring && rng.coin();
    let mut text = if ring { String::new() } else { format!("0*2.{}.1.}}", name(0)) };
    for i in 0..links {
        let mut x = vec!["2".to_string(), name(3 * i), name(3 * i + 1), name(3 * i + 2)];
        let mut y = vec![name(3 * i + 1), name(3 * i + 2)];
        if i + 1 < links {
            y.push(name(3 * i + 3));
        } else if ring {
            y.push(name(0));
        }
        for mut b in [x.split_off(0), y.split_off(0)] {
            if !plain {
                rng.shuffle(&mut b);
            }
            text += &b.concat();
            text += if !plain && rng.below(4) == 0 { ".1.}" } else { ".}" };
        }
    }
    text + "]!"
}

/// Chains of regions alike (above): named exactly within the step budget
/// (the plain search tried every order of the alike regions: 5 links past
/// 2^20 steps), and the form still ignores names, order, rotation and
/// mirror images, and reads back as itself.
#[test]
fn canonical_form_is_invariant_on_chains_of_alike_regions() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0021);
    let canon = |q: &Position, what: &str| {
        let (c, exact) = Canon::of_within(q, sprouts::limits::CANON_STEPS);
        assert!(exact, "the naming search ran out on {what}: {}", HoeyDisplay(q));
        c.to_string()
    };
    let mut forms = std::collections::HashSet::new();
    for _ in 0..150 {
        let text = alike_chain(&mut rng);
        let p = parse_position(&text).unwrap();
        let c = canon(&p, &text);
        let mut perm: Vec<Spot> = (1..=p.spot_count() as Spot).collect();
        rng.shuffle(&mut perm);
        assert_eq!(canon(&p.relabel(&perm), &text), c, "relabelling changes {text}");
        let none = vec![false; p.regions().len()];
        assert_eq!(canon(&rewritten(&p, &mut rng, &none), &text), c, "reordering changes {text}");
        assert_eq!(canon(&p.mirror(), &text), c, "mirroring changes {text}");
        let some: Vec<bool> = none.iter().map(|_| rng.coin()).collect();
        assert_eq!(canon(&rewritten(&p, &mut rng, &some), &text), c, "mirroring regions {some:?} changes {text}");
        assert_eq!(canon(&parse_position(&c).unwrap(), &c), c, "{text} prints as {c}, which reads back differently");
        forms.insert(c);
    }
    assert!(forms.len() > 120, "only {} distinct chains", forms.len());
    eprintln!("properties: 150 chains of alike regions named exactly and invariantly ({:.1?})", t0.elapsed());
}

/// `Canon::quick`, the solver's key, skips the naming search where letters
/// tie: it must still write exactly the position (else the solver would
/// answer for another one), and should mostly agree with `Canon::of`.
#[test]
fn quick_writings_describe_their_position() {
    let mut rng = Rng::new(0x5EED_0013);
    let (mut positions, mut canonical) = (0, 0);
    for n in 1..=14 {
        for _ in 0..if n <= 10 { 40 } else { 15 } {
            for p in random_game(n, &mut rng) {
                let some: Vec<bool> = p.regions().iter().map(|_| rng.coin()).collect();
                for q in [p.clone(), rewritten(&p, &mut rng, &some)] {
                    let (quick, exact) = (Canon::quick(&q), Canon::of(&q));
                    assert_eq!(Canon::of(&quick.position()), exact, "quick `{quick}` of {}", HoeyDisplay(&q));
                    positions += 1;
                    canonical += (quick == exact) as usize;
                }
            }
        }
    }
    let share = canonical as f64 / positions as f64;
    eprintln!("properties: Canon::quick is canonical on {canonical} of {positions} positions ({:.1} %)", 100.0 * share);
    assert!(share > 0.9, "Canon::quick canonical on only {:.1} %", 100.0 * share);
}

/// The canonical strings printed for 298 positions of random games when
/// canonical forms were first written (tests/data/canonical.txt): the
/// canonicaliser has been rewritten for speed since, and what `sprouts
/// canon` prints is an interface.
#[test]
fn canonical_strings_do_not_drift() {
    let data = include_str!("data/canonical.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (hoey, glop) = line.split_once('\t').expect("a tab");
        let p = parse_hoey(hoey).unwrap_or_else(|e| panic!("{hoey}: {e}"));
        assert_eq!(Canon::of(&p).to_string(), glop, "canonical string of {hoey}");
        checked += 1;
    }
    assert_eq!(checked, 298);
}

/// Found by tests/reference_agrees.rs: the two strings are one position
/// (reverse the first region of the first one: `ACB` read backwards is
/// `BCA`, the rotation `ABC`), but they were given different canonical forms.
#[test]
fn canonical_form_of_a_mirrored_region() {
    let a = parse_glop("ACB.}ABDE.}CDE.}]!").unwrap();
    let b = parse_glop("ABC.}ABDE.}CDE.}]!").unwrap();
    assert_eq!(Canon::of(&a).to_string(), Canon::of(&b).to_string());
}


#[test]
fn text_formats_round_trip() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0004);
    let (mut games, mut positions) = (0, 0);
    for n in 1..=15 {
        for _ in 0..if n <= 10 { 120 } else { 30 } {
            for p in random_game(n, &mut rng) {
                let c = Canon::of(&p);
                let glop = c.to_string();
                for q in [parse_glop(&glop), parse_position(&glop)] {
                    let q = q.unwrap_or_else(|e| panic!("GLOP `{glop}` does not parse: {e}"));
                    assert_eq!(Canon::of(&q).to_string(), glop, "GLOP `{glop}` read back differently");
                }
                assert_eq!(Canon::of(&c.position()), c, "Canon::position of `{glop}`");
                let spots = SpotsDisplay(&c).to_string();
                for q in [parse_spots(&spots), parse_position(&spots)] {
                    let q = q.unwrap_or_else(|e| panic!("spots `{spots}` does not parse: {e}"));
                    assert_eq!(Canon::of(&q), c, "spots `{spots}` read back differently (GLOP `{glop}`)");
                }
                let hoey = HoeyDisplay(&p).to_string();
                let mut readers = vec![parse_hoey(&hoey)];
                // parse_position takes text with a separator as Hoey; the
                // one-spot list `1` reads as GLOP there, by design.
                if hoey.contains([',', ';', '/']) {
                    readers.push(parse_position(&hoey));
                }
                for q in readers {
                    let q = q.unwrap_or_else(|e| panic!("Hoey `{hoey}` does not parse: {e}"));
                    assert_eq!(q, p, "Hoey `{hoey}` read back differently");
                }
                positions += 1;
            }
            games += 1;
        }
    }
    eprintln!("properties: text round trips on {positions} positions of {games} games ({:.1?})", t0.elapsed());
}

/// From n isolated spots: joining two spots (one child), or a loop at one
/// spot that encloses k of the other n − 1 (k and n − 1 − k are the same
/// position on the sphere: floor((n − 1) / 2) + 1 children).
#[test]
fn start_positions_have_the_counted_children() {
    let t0 = Instant::now();
    for n in 1..=100 {
        let expected = if n == 1 { 1 } else { (n - 1) / 2 + 2 };
        let children = Position::start(n).unwrap().children();
        assert_eq!(children.len(), expected, "{n}-spot start");
    }
    eprintln!("properties: starts 1..=100 counted ({:.1?})", t0.elapsed());
}
