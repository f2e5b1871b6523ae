//! Writing a move: the shortest text that reads back as exactly that move.

use super::read::{matches, reaches, split_pieces, unexpected};
use super::MoveText;
use crate::topology::{Move, MoveKind, Position, Spot};

/// The shortest text that reads back as exactly `mv` in `p`.
pub fn write_move(p: &Position, mv: &Move) -> String {
    move_text(p, mv).to_string()
}

/// The spot that names a piece in `[L]`: its lowest live spot (a dead one
/// if it has none).
fn name_of(p: &Position, b: &[Spot]) -> Spot {
    let live = b.iter().copied().filter(|&s| p.lives(s) > 0).min();
    live.or_else(|| b.iter().copied().min()).unwrap_or(0)
}

/// The lists `[L]` that may describe the sharing of `mv`: for each side,
/// one spot per piece on it (other boundaries, pieces of the redrawn one)
/// with and without the pieces that have no live spot, and every live spot
/// of them; and the empty list.
fn lists(p: &Position, mv: &Move) -> Vec<Vec<Spot>> {
    let region = &p.regions()[mv.region];
    let pieces = split_pieces(p, mv);
    let mut out = vec![Vec::new()];
    for (side, own) in pieces.iter().enumerate() {
        let all: Vec<&[Spot]> = (0..region.len())
            .filter(|&bi| bi != mv.from.boundary && (mv.inside.binary_search(&bi).is_ok() == (side == 0)))
            .map(|bi| region[bi].as_slice())
            .chain(own.iter().map(|q| q.as_slice()))
            .collect();
        let live = |q: &&&[Spot]| q.iter().any(|&s| p.lives(s) > 0);
        let one: Vec<Spot> = all.iter().filter(live).map(|q| name_of(p, q)).collect();
        let with_dead: Vec<Spot> = all.iter().map(|q| name_of(p, q)).collect();
        // Players often list every live spot of what they separate.
        let every: Vec<Spot> =
            all.iter().flat_map(|q| q.iter().copied()).filter(|&s| p.lives(s) > 0).collect();
        for mut named in [one, with_dead, every] {
            crate::sort::sort(&mut named);
            named.dedup();
            out.push(named);
        }
    }
    out.dedup();
    out
}

/// Like [`write_move`], as a [`MoveText`].
pub fn move_text(p: &Position, mv: &Move) -> MoveText {
    let Ok(target) = p.play(mv) else {
        return MoveText::default();
    };
    let g = p.spot_count() as Spot + 1;
    let region = &p.regions()[mv.region];
    let spot = |c: crate::Corner| region[c.boundary][c.index];
    // Spots that g reaches, live ones first: candidates for `@`.
    let mut ats: Vec<Spot> = (1..g).filter(|&i| reaches(&target, g, i)).collect();
    crate::sort::sort_by_key(&mut ats, |&i| (p.lives(i) == 0, i));
    let lists = if mv.kind() == MoveKind::Join { vec![Vec::new()] } else { lists(p, mv) };
    let ends = if mv.from == mv.to { vec![(mv.from, mv.to)] } else { vec![(mv.from, mv.to), (mv.to, mv.from)] };
    let mut texts: Vec<MoveText> = Vec::new();
    for (cf, ch) in ends {
        for listed in &lists {
            for side_flip in [false, true] {
                if side_flip && mv.kind() == MoveKind::Join {
                    continue;
                }
                for from_flip in [false, true] {
                    if from_flip && !unexpected(p, mv.region, cf) {
                        continue;
                    }
                    for to_flip in [false, true] {
                        if to_flip && !unexpected(p, mv.region, ch) {
                            continue;
                        }
                        for at in std::iter::once(None).chain(ats.iter().map(|&i| Some(i))) {
                            texts.push(MoveText {
                                from: spot(cf),
                                new: g,
                                at,
                                to: spot(ch),
                                from_flip,
                                to_flip,
                                side_flip,
                                listed: listed.clone(),
                            });
                        }
                    }
                }
            }
        }
    }
    // Shortest first; among equals, as players tend to write: the lower
    // spot first, more of the separated spots listed.
    crate::sort::sort_by_cached_key(&mut texts, |t| {
        let s = t.to_string();
        (s.len(), t.from > t.to, std::cmp::Reverse(t.listed.len()), s)
    });
    texts.dedup();
    let mut fallback = None;
    for t in &texts {
        if let Ok(c) = matches(p, t) {
            if c.iter().any(|c| c.child == target) {
                if c.len() == 1 {
                    return t.clone();
                }
                fallback.get_or_insert_with(|| t.clone());
            }
        }
    }
    fallback.unwrap_or_else(|| texts.swap_remove(0))
}
