//! The move generator tries one move per class of moves that a symmetry of
//! the land maps onto each other (turns of a boundary, a region read
//! backwards): the children it names must be exactly those of every legal
//! move, played and named one by one (the slow path).

mod common;

use sprouts::{Canon, Position};
use std::collections::BTreeSet;

/// Canonical names of the children of every legal move.
fn all_children(p: &Position) -> BTreeSet<Canon> {
    p.legal_moves()
        .iter()
        .map(|(_, child)| Canon::of(child))
        .collect()
}

/// The children the misère search generates, named canonically.
fn kept_children(p: &Position) -> BTreeSet<Canon> {
    let mut kept = BTreeSet::new();
    p.for_each_quick_child_folded(&mut |c| {
        kept.insert(Canon::of(&c.position()));
        std::ops::ControlFlow::Continue(())
    });
    kept
}

/// The position as drawn and reduced (dead spots and regions dropped: what
/// the solver generates from).
fn check(p: &Position) {
    for q in [p.clone(), p.reduced()] {
        let (all, kept) = (all_children(&q), kept_children(&q));
        assert_eq!(kept, all, "children of {:?}", Canon::of(&q));
    }
}

#[test]
fn symmetric_moves_skipped_give_the_children_of_all_moves_on_random_lands() {
    // Early positions of small starts (rings of spots around isolated
    // ones, where reflections are common) and random later ones.
    let mut checked = 0;
    for n in 1..=7 {
        let p = Position::start(n).unwrap();
        check(&p);
        for (mv, _) in p.representative_moves() {
            let q = p.play(&mv).unwrap();
            check(&q);
            for (mv2, _) in q.representative_moves().into_iter().take(6) {
                check(&q.play(&mv2).unwrap());
                checked += 1;
            }
        }
    }
    for p in common::random_positions(71, 400, 7, 14) {
        if p.regions()
            .iter()
            .all(|r| r.iter().map(|b| b.len()).sum::<usize>() <= 14)
        {
            check(&p);
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} positions checked");
}

/// Lands whose children the misère 9 certificate's verification missed.
#[test]
fn lands_of_the_misere_9_certificate() {
    for text in ["0.1a2a.22.}]!", "0.1ab2ba.2.}]!", "1.11a1a.}]!", "11aAa.}2.B.}BA.}]!", "11ab2ba.2.}]!"] {
        check(&sprouts::text::parse_position(text).unwrap());
    }
}
