//! Misère play: outcome search on whole positions.
//!
//! Sprague–Grundy theory does not hold in misère play (the outcome of a sum
//! is not a function of the parts' outcomes or nimbers), so the key is the
//! canonical form of the whole position, all lands together. The only
//! simplifications are those built into canonical forms — dead spots and
//! regions with fewer than 2 lives dropped, relabelling, rotation,
//! reordering and mirror images — and they are sound in any convention
//! because they map a position to one with an isomorphic game tree. The
//! player to move in a position with no move wins (the opponent moved
//! last). The search is the same proof-number search as in normal play.
//!
//! Table entries: a position's key holds 1 (win) or 0 (loss) once decided;
//! the key followed by the byte 0 holds its proof and disproof numbers
//! while it is open.

use super::pns::{self, Numbers, INF};
use super::table::{Learnt, Value};
use super::{key, lives, Key, SolveError, Solver};
use crate::topology::{Canon, T_LAND};

const LOSS: u8 = 0;
const WIN: u8 = 1;

impl Solver {
    /// Whether the player to move wins the position `p`.
    pub(super) fn misere_wins(&mut self, p: &Canon) -> Result<bool, SolveError> {
        Ok(self.misere_mid(p, INF, INF)? == pns::WIN)
    }

    fn misere_mid(
        &mut self,
        p: &Canon,
        th_proof: u32,
        th_disproof: u32,
    ) -> Result<Numbers, SolveError> {
        let key = key(p.tokens());
        let open_key = key.as_ref().map(|k| k.with(0));
        let n = self.misere_numbers(p, key.as_deref(), open_key.as_deref());
        if n.decided() || n.proof >= th_proof || n.disproof >= th_disproof {
            return Ok(n);
        }
        let start = self.nodes;
        self.tick()?;
        // Children land by land: a move changes one land and leaves the
        // others as they are, so each land's children are generated (and
        // cached) on their own, which is much cheaper than generating and
        // canonicalising whole positions. A land not in the cache is
        // expanded one child at a time, so that a child known to be lost
        // for the opponent saves the rest.
        let lands = p.lands();
        let mut options: Vec<(Canon, Numbers)> = Vec::new();
        for (i, land) in lands.iter().enumerate() {
            // Identical lands have the same children.
            if i > 0 && lands[i - 1] == *land {
                continue;
            }
            let won = self.each_child(land, &mut |this, c| {
                let whole = with_land_replaced(&lands, i, c);
                let wk = super::key(whole.tokens());
                let ok = wk.as_ref().map(|k| k.with(0));
                let n = this.misere_numbers(&whole, wk.as_deref(), ok.as_deref());
                options.push((whole, n));
                Ok(n == pns::LOSS)
            })?;
            if won {
                return Ok(self.record_misere(key, open_key, pns::WIN, start));
            }
        }
        // Lands expanded one child at a time may repeat children.
        crate::sort::sort_short_by(&mut options, |a, b| a.0.cmp(&b.0));
        options.dedup_by(|a, b| a.0 == b.0);
        let n = pns::search(&mut options, th_proof, th_disproof, |c, thp, thd| {
            self.misere_mid(c, thp, thd)
        })?;
        Ok(self.record_misere(key, open_key, n, start))
    }

    /// The numbers of a position as its table entries give them.
    fn misere_numbers(&self, p: &Canon, key: Option<&[u8]>, open_key: Option<&[u8]>) -> Numbers {
        if p.is_empty() {
            // No move: the opponent made the last one.
            return pns::WIN;
        }
        if let Some(v) = key.and_then(|k| self.table.get(k)) {
            return if v.value == WIN { pns::WIN } else { pns::LOSS };
        }
        open_key
            .and_then(|k| self.table.get(k))
            .map_or_else(|| fresh(p), |v| pns::unpack(v.data))
    }

    fn record_misere(&mut self, key: Option<Key>, open_key: Option<Key>, n: Numbers, start: u64) -> Numbers {
        let learnt = if n.decided() {
            let value = if n == pns::WIN { WIN } else { LOSS };
            Learnt::Decided(Some(Value { value, data: 0 }))
        } else {
            Learnt::Open(pns::pack(n))
        };
        let work = self.work_since(start);
        self.table.learn(key.as_deref(), open_key.as_deref(), learnt, work, |_, new| new);
        n
    }
}

/// The position `lands` with land `i` replaced by `child` (one of its
/// children, itself a list of lands), in canonical form: the lands' strings
/// in the order of `Canon::of`, by land string, terminators aside.
fn with_land_replaced(lands: &[Canon], i: usize, child: &Canon) -> Canon {
    let mut parts: Vec<&[u16]> = lands
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, l)| l.tokens())
        .chain(child.tokens().split_inclusive(|&t| t == T_LAND))
        .collect();
    crate::sort::sort_short_by(&mut parts, |a, b| a[..a.len() - 1].cmp(&b[..b.len() - 1]));
    Canon::from_tokens(parts.concat())
}

/// Numbers of a position before any search: as in normal play, proof 1
/// (one good move wins), disproof 1 + lives (every move must be refuted).
/// Measured: 66,856 nodes at 8 spots, against 162,448 with 1 + lives both
/// ways.
fn fresh(p: &Canon) -> Numbers {
    Numbers {
        proof: 1,
        disproof: 1 + lives(p.tokens()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn children_land_by_land_are_the_engines_children() {
        let mut seen = 0;
        let mut x: u64 = 1;
        // Every position of a few pseudo-random games from 4 to 7 spots.
        for n in (4..=7).cycle().take(20) {
            let mut p = Canon::of(&Position::start(n).unwrap());
            while !p.is_empty() {
                let lands = p.lands();
                let mut mine: Vec<Canon> = (0..lands.len())
                    .flat_map(|i| {
                        let kids = lands[i].position().children();
                        kids.iter()
                            .map(|c| with_land_replaced(&lands, i, c))
                            .collect::<Vec<_>>()
                    })
                    .collect();
                mine.sort();
                mine.dedup();
                let theirs = p.position().children();
                assert_eq!(mine, theirs, "{p}");
                seen += (p.lands().len() > 1) as usize;
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                p = theirs[(x >> 33) as usize % theirs.len()].clone();
            }
        }
        assert!(seen > 20, "{seen} positions with several lands");
    }
}
