//! The game itself: positions, moves, canonical forms.

mod canon;
mod children;
mod moves;
mod position;

pub use canon::Canon;
pub(crate) use canon::{canon_limit, lives, T_DOT, T_GENUS, T_LAND, T_LOWER, T_ONE, T_REGION, T_TWO, T_UPPER, T_ZERO};
pub use moves::{Corner, IllegalMove, Move, MoveKind};
pub use position::{Boundary, Position, PositionError, Region, Spot};
// The board puts traced drawings in the same normal form.
pub(crate) use position::min_rotation;

/// The chain found by fuzzing (tests/data/fuzz/glop/canon-hang-1b919c18.txt)
/// with `links` links: regions of two shapes alike, named exactly at any
/// length the spot limit allows (1,900 links).
#[cfg(test)]
pub(crate) fn alike_chain(links: usize) -> Position {
    let text = format!("0*2.A.1}}{}2ABC.}}BC.}}]!", "2ABC.}BCA.1}".repeat(links));
    crate::text::parse_position(&text).unwrap()
}

/// Random games (a fixed generator from `seed`) from the starts `sizes`:
/// `f` sees every position on the way, with its grouped moves, before one
/// of them is played.
#[cfg(test)]
pub(crate) fn random_games(mut x: u64, sizes: impl Iterator<Item = usize>, f: &mut dyn FnMut(&Position, &[Move])) {
    for n in sizes {
        let mut p = Position::start(n).unwrap();
        loop {
            let mut all = Vec::new();
            p.for_each_grouped_move(&mut |mv| all.push(mv));
            f(&p, &all);
            if all.is_empty() {
                break;
            }
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            p = p.play(&all[(x >> 33) as usize % all.len()]).unwrap();
        }
    }
}
