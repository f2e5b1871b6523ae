//! What a written move means in a position: the legal moves with those ends
//! that fit `[L]`, `@i` and the `!`s (see the module documentation).

use super::{MoveError, MoveText};
use crate::topology::{Corner, Move, MoveKind, Position, Spot};

/// One way of drawing a move with its ends at given corners.
pub(super) struct Candidate {
    pub mv: Move,
    pub child: Position,
    /// Whether each end uses its unexpected corner.
    pub from_flipped: bool,
    pub to_flipped: bool,
    /// How expected each end's corner is, to break ties (see [`expectation`]).
    from_key: (bool, Spot, Spot),
    to_key: (bool, Spot, Spot),
}

/// Whether the corner breaks the clockwise expectation. An ant walking
/// along the new line into the corner has the corner's neighbour before it
/// (in left-hand order) on its left and the one after it on its right; the
/// expectation is that the left one has the higher number. Corners with
/// the same neighbour on both sides, or none, never break it.
pub(super) fn unexpected(p: &Position, region: usize, c: Corner) -> bool {
    let b = &p.regions()[region][c.boundary];
    let n = b.len();
    b[(c.index + n - 1) % n] < b[(c.index + 1) % n]
}

/// How well a corner fits the clockwise expectation, for ties that
/// [`unexpected`] leaves (both corners of an end break it, or both keep
/// it): larger is more expected. Keeping it comes first, then a higher
/// neighbour on the left, then a lower one on the right.
fn expectation(p: &Position, region: usize, c: Corner) -> (bool, Spot, Spot) {
    let b = &p.regions()[region][c.boundary];
    let n = b.len();
    let (left, right) = (b[(c.index + n - 1) % n], b[(c.index + 1) % n]);
    (left >= right, left, Spot::MAX - right)
}

fn corners_in_region(p: &Position, region: usize, s: Spot) -> Vec<Corner> {
    let mut out = Vec::new();
    for (bi, b) in p.regions()[region].iter().enumerate() {
        for (ci, &t) in b.iter().enumerate() {
            if t == s {
                out.push(Corner { boundary: bi, index: ci });
            }
        }
    }
    out
}

/// The pieces of the boundary a split or loop redraws that end up on one
/// side only, as spot lists: (side R1, side R2), as in [`Move::inside`]. A
/// piece is what stays connected once the ends, and spots with corners on
/// both sides, are taken away (a path hanging from an end, say).
pub(super) fn split_pieces(p: &Position, mv: &Move) -> [Vec<Vec<Spot>>; 2] {
    let b = &p.regions()[mv.region][mv.from.boundary];
    let n = b.len();
    let (i, j) = (mv.from.index, mv.to.index);
    let walk = |from: usize, to: usize| -> Vec<Spot> {
        let mut out = Vec::new();
        let mut k = (from + 1) % n;
        while k != to {
            out.push(b[k]);
            k = (k + 1) % n;
        }
        out
    };
    // A loop keeps the whole boundary on the R2 side.
    let sides = if i == j { [Vec::new(), walk(i, i)] } else { [walk(i, j), walk(j, i)] };
    let neutral = |s: Spot| s == b[i] || s == b[j] || (sides[0].contains(&s) && sides[1].contains(&s));
    [&sides[0], &sides[1]].map(|walk| {
        // Runs of consecutive one-side spots, merged when they share a spot.
        let mut pieces: Vec<Vec<Spot>> = Vec::new();
        for run in walk.split(|&s| neutral(s)).filter(|r| !r.is_empty()) {
            let mut piece: Vec<Spot> = run.to_vec();
            pieces.retain(|q| {
                if q.iter().any(|s| piece.contains(s)) {
                    piece.extend_from_slice(q);
                    false
                } else {
                    true
                }
            });
            crate::sort::sort(&mut piece);
            piece.dedup();
            pieces.push(piece);
        }
        crate::sort::sort(&mut pieces);
        pieces
    })
}

/// The sharing of the region's other boundaries that `[L]` (and a `!`
/// after h) asks of a split or loop with these ends; `Err` says why none.
/// Listed spots name pieces: another boundary, or a piece of the redrawn
/// boundary (see [`split_pieces`]); the named pieces make up one side, the
/// side of L, and everything else is on the other.
fn sharing(p: &Position, mv: &Move, m: &MoveText) -> Result<Vec<usize>, String> {
    let r = &p.regions()[mv.region];
    let pieces = split_pieces(p, mv);
    let mut named = vec![false; r.len()];
    let mut piece_named = [vec![false; pieces[0].len()], vec![false; pieces[1].len()]];
    // A listed spot on each side, if any.
    let mut on_side: [Option<Spot>; 2] = [None, None];
    for &s in &m.listed {
        let hit = (0..2).find_map(|side| pieces[side].iter().position(|q| q.contains(&s)).map(|k| (side, k)));
        if let Some((side, k)) = hit {
            piece_named[side][k] = true;
            on_side[side].get_or_insert(s);
            continue;
        }
        match r.iter().position(|bd| bd.contains(&s)) {
            Some(bi) if bi != mv.from.boundary => named[bi] = true,
            // An end, or a spot with corners on both sides: it names no side.
            Some(_) => {}
            None => return Err(format!("spot {s} is not in the region the move is drawn in")),
        }
    }
    // Pieces with no live spot change nothing in the game: nobody lists
    // them, and they never have to be listed.
    let is_live = |q: &Vec<Spot>| q.iter().any(|&s| p.lives(s) > 0);
    let live = [0, 1].map(|side| pieces[side].iter().flatten().copied().find(|&s| p.lives(s) > 0));
    let side_of_l = match on_side {
        [Some(s), Some(t)] => {
            return Err(format!("spots {} and {} end up on different sides of the move", s.min(t), s.max(t)))
        }
        [Some(_), None] => 0,
        [None, Some(_)] => 1,
        // Nothing of the redrawn boundary listed: L is the side without any
        // of it. If both sides are bare, L is on the right of the line
        // drawn from f to h (inside a loop: a loop is drawn clockwise
        // around what it separates), and a `!` after h puts it on the left.
        [None, None] => match (live[0].is_none(), live[1].is_none()) {
            (true, true) => usize::from((mv.kind() == MoveKind::Loop) == m.side_flip),
            (true, false) => 0,
            (false, true) => 1,
            (false, false) => {
                let (s, t) = (live[0].unwrap_or(0), live[1].unwrap_or(0));
                return Err(format!(
                    "the move separates spot {} from spot {}: list the spots of one side",
                    s.min(t),
                    s.max(t)
                ));
            }
        },
    };
    let unnamed = (0..pieces[side_of_l].len()).find(|&k| !piece_named[side_of_l][k] && is_live(&pieces[side_of_l][k]));
    if let Some(k) = unnamed {
        return Err(format!("the move also separates spot {}, which is not listed", pieces[side_of_l][k][0]));
    }
    Ok((0..r.len()).filter(|&bi| bi != mv.from.boundary && named[bi] == (side_of_l == 0)).collect())
}

/// Every way to draw a curve from spot `f` to spot `h` that fits `[L]`.
fn candidates(p: &Position, m: &MoveText) -> Result<Vec<Candidate>, String> {
    let (f, h) = (m.from, m.to);
    for s in [f, h] {
        if s == 0 || s as usize > p.spot_count() {
            return Err(format!("spot {s} does not exist"));
        }
        if p.lives(s) == 0 {
            return Err(format!("spot {s} has no lives left"));
        }
    }
    if f == h && p.lives(f) < 2 {
        return Err(format!("a loop at spot {f} needs 2 lives, it has 1"));
    }
    let mut out: Vec<Candidate> = Vec::new();
    let mut why = format!("spots {f} and {h} do not share a region");
    for region in 0..p.regions().len() {
        let cf = corners_in_region(p, region, f);
        let ch = if f == h { cf.clone() } else { corners_in_region(p, region, h) };
        for &a in &cf {
            for &b in &ch {
                if f == h && a != b {
                    continue;
                }
                let mut mv = Move { region, from: a, to: b, inside: Vec::new() };
                if mv.kind() == MoveKind::Join {
                    if !m.listed.is_empty() {
                        why = format!("{f}(…){h} joins two boundaries, it separates nothing");
                        continue;
                    }
                } else {
                    match sharing(p, &mv, m) {
                        Ok(inside) => mv.inside = inside,
                        Err(e) => {
                            why = e;
                            continue;
                        }
                    }
                }
                let Ok(child) = p.play(&mv) else { continue };
                out.push(Candidate {
                    from_flipped: unexpected(p, region, a),
                    to_flipped: unexpected(p, region, b),
                    from_key: expectation(p, region, a),
                    to_key: expectation(p, region, b),
                    mv,
                    child,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(why);
    }
    Ok(out)
}

/// Whether spot `i` shares a region with new spot `g` in `child`.
pub(super) fn reaches(child: &Position, g: Spot, i: Spot) -> bool {
    i != g
        && child.regions().iter().any(|r| r.iter().flatten().any(|&s| s == g) && r.iter().flatten().any(|&s| s == i))
}

/// The moves that `m` can mean here, one per distinct drawing.
pub(super) fn matches(p: &Position, m: &MoveText) -> Result<Vec<Candidate>, String> {
    let mut cands = candidates(p, m)?;
    let g = p.spot_count() as Spot + 1;
    if let Some(i) = m.at {
        cands.retain(|c| reaches(&c.child, g, i));
        if cands.is_empty() {
            return Err(format!("the new spot cannot reach spot {i} after this move"));
        }
    }
    // A `!` at an end picks its unexpected corner; where no drawing uses
    // one, the `!` is redundant and changes nothing.
    if m.from_flip && cands.iter().any(|c| c.from_flipped) {
        cands.retain(|c| c.from_flipped);
    }
    if m.to_flip && cands.iter().any(|c| c.to_flipped) {
        cands.retain(|c| c.to_flipped);
    }
    // An end without `!` prefers its expected corner, f first.
    if !m.from_flip && cands.iter().any(|c| !c.from_flipped) {
        cands.retain(|c| !c.from_flipped);
    }
    if !m.to_flip && cands.iter().any(|c| !c.to_flipped) {
        cands.retain(|c| !c.to_flipped);
    }
    let mut seen: Vec<Position> = Vec::new();
    cands.retain(|c| {
        if seen.contains(&c.child) {
            false
        } else {
            seen.push(c.child.clone());
            true
        }
    });
    // WGOSA: a move that some `@i` singles out is written with it, so the
    // form without `@` means one that no `@i` singles out.
    if m.at.is_none() && cands.len() > 1 {
        let reach: Vec<Vec<Spot>> =
            cands.iter().map(|c| (1..g).filter(|&i| reaches(&c.child, g, i)).collect()).collect();
        let singled = |k: usize| reach[k].iter().any(|i| (0..cands.len()).all(|j| j == k || !reach[j].contains(i)));
        let keep: Vec<bool> = (0..cands.len()).map(|k| !singled(k)).collect();
        if keep.iter().any(|&x| x) {
            let mut k = 0;
            cands.retain(|_| {
                k += 1;
                keep[k - 1]
            });
        }
    }
    // Where an end still has several corners (both break the expectation,
    // or both keep it), the more expected one is meant, and with `!` the
    // less expected one: f first, then h. Without this, some moves (a line
    // from a spot to either side of the line hanging from it, say) could
    // not be written at all.
    for (flip, key) in [
        (m.from_flip, (|c: &Candidate| c.from_key) as fn(&Candidate) -> (bool, Spot, Spot)),
        (m.to_flip, |c: &Candidate| c.to_key),
    ] {
        let keys = cands.iter().map(key);
        if let Some(best) = if flip { keys.min() } else { keys.max() } {
            cands.retain(|c| key(c) == best);
        }
    }
    Ok(cands)
}

/// Finds the move that `m` names in `p`.
pub fn resolve(p: &Position, m: &MoveText) -> Result<(Move, Position), MoveError> {
    let expected = p.spot_count() as Spot + 1;
    if m.new != expected {
        return Err(MoveError::WrongNewSpot { expected });
    }
    let mut cands = matches(p, m).map_err(MoveError::Illegal)?;
    if cands.len() == 1 {
        if let Some(c) = cands.pop() {
            return Ok((c.mv, c.child));
        }
    }
    Err(MoveError::Ambiguous(cands.iter().map(|c| super::write_move(p, &c.mv)).collect()))
}
