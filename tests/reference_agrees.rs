//! The engine's move generator against the reference planar-map generator
//! (tests/reference) on every position of random games from 1 to 8 spots.
//! Both walk the same games: the reference picks a move and the engine plays
//! its move that draws the same labelled position, so the two stay equal as
//! labelled drawings and every comparison is exact:
//! - labelled children: reference = `legal_moves()`;
//! - canonical children: reference = `children()` = `Canon::of` over
//!   `legal_moves()` = `representative_moves()`.

mod common;
mod reference;

use common::Rng;
use reference::Map;
use sprouts::text::HoeyDisplay;
use sprouts::{Canon, Move, Position};
use std::collections::{BTreeSet, HashSet};
use std::time::Instant;

/// Games per start size n = 1..=8.
const GAMES_PER_SIZE: usize = 60;

fn hoey_list<'a>(ps: impl Iterator<Item = &'a Position>) -> String {
    let mut v: Vec<String> = ps.map(|p| HoeyDisplay(p).to_string()).collect();
    v.sort();
    v.join("\n  ")
}

/// Compares everything at one position; returns the engine's legal moves
/// and the number of distinct canonical children.
fn compare(map: &Map, pos: &Position, ref_children: &[(Position, Map)]) -> (Vec<(Move, Position)>, usize) {
    let here = format!("at {} ({})", HoeyDisplay(pos), Canon::of(pos));
    assert_eq!(&map.position(), pos, "the two games diverged {here}");
    let legal = pos.legal_moves();
    let eng: HashSet<Position> = legal.iter().map(|(_, p)| p.clone()).collect();
    assert_eq!(eng.len(), legal.len(), "legal_moves lists a drawing twice {here}");
    let reference: HashSet<Position> = ref_children.iter().map(|(p, _)| p.clone()).collect();
    assert!(
        eng == reference,
        "labelled children differ {here}\nonly engine:\n  {}\nonly reference:\n  {}",
        hoey_list(eng.difference(&reference)),
        hoey_list(reference.difference(&eng)),
    );
    for (mv, child) in &legal {
        assert_eq!(pos.play(mv).as_ref(), Ok(child), "play({mv:?}) differs from legal_moves {here}");
    }

    // The labelled sets are equal, so this is also `Canon::of` over `legal_moves()`.
    let ref_canon: BTreeSet<Canon> = reference.iter().map(Canon::of).collect();
    let children = pos.children();
    assert!(children.windows(2).all(|w| w[0] < w[1]), "children() not sorted and distinct {here}");
    let children: BTreeSet<Canon> = children.into_iter().collect();
    let show = |s: &BTreeSet<Canon>| s.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    assert!(
        children == ref_canon,
        "children() differs {here}\nonly engine: {}\nonly reference: {}",
        show(&children.difference(&ref_canon).cloned().collect()),
        show(&ref_canon.difference(&children).cloned().collect()),
    );
    let reps = pos.representative_moves();
    for (mv, c) in &reps {
        let child = pos.play(mv).unwrap_or_else(|e| panic!("representative move {mv:?} illegal: {e} {here}"));
        assert_eq!(&Canon::of(&child), c, "representative move {mv:?} {here}");
    }
    let reps: BTreeSet<Canon> = reps.into_iter().map(|(_, c)| c).collect();
    assert_eq!(reps, ref_canon, "representative_moves differs {here}");
    assert_eq!(pos.is_over(), ref_canon.is_empty(), "is_over {here}");
    (legal, ref_canon.len())
}

#[test]
fn engine_moves_agree_with_the_reference() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0001);
    let (mut games, mut positions, mut labelled, mut canonical) = (0, 0, 0, 0);
    for n in 1..=8 {
        for _ in 0..GAMES_PER_SIZE {
            let mut map = Map::start(n);
            let mut pos = Position::start(n).unwrap();
            loop {
                let ref_children = map.labelled_children();
                let (legal, k) = compare(&map, &pos, &ref_children);
                canonical += k;
                positions += 1;
                labelled += ref_children.len();
                if ref_children.is_empty() {
                    break;
                }
                let (target, next) = ref_children[rng.below(ref_children.len())].clone();
                let (mv, _) = legal
                    .into_iter()
                    .find(|(_, p)| *p == target)
                    .expect("the labelled sets were equal");
                pos = pos.play(&mv).unwrap();
                map = next;
            }
            games += 1;
        }
    }
    eprintln!(
        "reference_agrees: {games} games, {positions} positions, {labelled} labelled and \
         {canonical} canonical children compared in {:.1?}",
        t0.elapsed()
    );
}
