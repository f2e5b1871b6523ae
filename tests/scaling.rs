//! The inputs of issue 13 that took quadratic or worse time, with their
//! outputs checked (times are in `examples/scaling_bench.rs`, not here).

mod common;

use common::random_positions;
use sprouts::text::parse_position;
use sprouts::{Canon, Position};

/// Children the slow way: every labelled move played and canonicalised.
fn slow_children(p: &Position) -> Vec<Canon> {
    let mut out: Vec<Canon> = p.legal_moves().iter().map(|(_, c)| Canon::of(c)).collect();
    out.sort();
    out.dedup();
    out
}

/// Move generation tries a periodic boundary's moves once per period and
/// skips letter-free boundaries when naming: the children are still those
/// of every labelled move, on game positions and on periodic ones.
#[test]
fn children_agree_with_every_labelled_move() {
    let mut positions = random_positions(5, 150, 7, 18);
    for text in [
        "0*6", "1111.}]!", "111111.}]!", "1212.}]!", "121212.}]!", "1.1.1.1.}]!", "12.12.12.}]!",
        "1a1a1b1b.}]!", "0*3.1111.}]!", "1122.}]!", "2a2a2b2b.}]!",
    ] {
        positions.push(parse_position(text).unwrap());
    }
    for p in &positions {
        assert_eq!(p.children(), slow_children(p), "{}", Canon::of(p));
    }
}

/// `moves 0*N`: a loop around k of the other N − 1 spots is the loop
/// around the N − 1 − k others, so N/2 distinct loops and one join.
#[test]
fn many_isolated_spots() {
    let n = 2000;
    let kids = parse_position(&format!("0*{n}")).unwrap().children();
    assert_eq!(kids.len(), n / 2 + 1);
    let text: Vec<String> = kids.iter().map(|c| c.to_string()).collect();
    assert!(text.contains(&format!("0*{}.AB.}}AB.}}]!", n - 1)), "{:?}", &text[..3]);
    assert!(text.contains(&format!("0*{}.1a1a.}}]!", n - 2)), "{:?}", &text[..3]);
}

/// `moves` on 400 two-life spots on one boundary: a line between spots k
/// apart, for k = 1 … 200, and nothing else.
#[test]
fn many_two_life_spots_on_one_boundary() {
    let p = parse_position(&format!("{}.}}]!", "1".repeat(400))).unwrap();
    assert_eq!(p.children().len(), 201);
}

/// `canon` on a long chain of nested loops: relabelled, rotated and
/// mirrored writings of it get one canonical form.
#[test]
fn long_chains_of_loops() {
    let n = 400;
    let letter = |k: usize| if k < 26 { ((b'a' + k as u8) as char).to_string() } else { format!("({})", k + 1) };
    let tokens: Vec<String> = (0..n)
        .flat_map(|k| ["1".to_string(), letter(k)])
        .chain((0..n).rev().flat_map(|k| [letter(k), "1".to_string()]))
        .collect();
    let canon = |t: &[String]| Canon::of(&parse_position(&format!("{}.}}]!", t.concat())).unwrap());
    let c = canon(&tokens);
    let mut turned = tokens.clone();
    turned.rotate_left(401);
    let mut mirrored = tokens.clone();
    mirrored.reverse();
    assert_eq!(canon(&turned), c);
    assert_eq!(canon(&mirrored), c);
    assert_eq!(Canon::of(&parse_position(&c.to_string()).unwrap()), c, "the form reads back");
}
