//! Legal moves in boundary terms, and playing them.
//!
//! Inside one region R (see `docs` in the README and seed 000 §2, seed 004):
//! 1. join corners a, b of two different boundaries: they merge into one,
//!    `(a x.. a c b y.. b c)` (an isolated spot is not doubled);
//! 2. join corners a, b of one boundary `(a x.. b y..)`: R splits into
//!    R1 `(a x.. b c)` and R2 `(b y.. a c)`;
//! 3. a loop at corner a (2 lives needed): R1 `(a c)`, R2 `(a x.. a c)`.
//!
//! In 2 and 3 every other boundary of R goes to R1 or to R2; each sharing
//! is a different move.

use super::position::{Boundary, Position, Region, Spot};
use std::fmt;

/// A corner: boundary index within the region, and index along the boundary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Corner {
    pub boundary: usize,
    pub index: usize,
}

/// A move of a (normalised) position, by indices into its regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub region: usize,
    pub from: Corner,
    pub to: Corner,
    /// For splits and loops: the other boundaries of the region that end up
    /// in R1, the region whose boundary runs from `from` to `to` (sorted).
    /// Empty for joins.
    pub inside: Vec<usize>,
}

/// The three kinds of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Join,
    Split,
    Loop,
}

impl Move {
    pub fn kind(&self) -> MoveKind {
        if self.from == self.to {
            MoveKind::Loop
        } else if self.from.boundary == self.to.boundary {
            MoveKind::Split
        } else {
            MoveKind::Join
        }
    }
}

impl Move {
    /// Which new region (0 or 1, as in [`Position::redraw`]) each of the
    /// `n` boundaries of the move's region ends up in, in order; `None` for
    /// the boundaries the move redraws. One walk along the sorted `inside`
    /// (a binary search per boundary made a move in a region of n
    /// boundaries cost n log n).
    pub(crate) fn sides(&self, n: usize) -> impl Iterator<Item = Option<usize>> + '_ {
        let join = self.kind() == MoveKind::Join;
        let mut inside = self.inside.iter().peekable();
        (0..n).map(move |i| {
            while inside.next_if(|&&x| x < i).is_some() {}
            let listed = inside.next_if_eq(&&i).is_some();
            if i == self.from.boundary || i == self.to.boundary {
                None
            } else if join || listed {
                Some(0)
            } else {
                Some(1)
            }
        })
    }
}

/// Why a move cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    NoSuchRegion { region: usize },
    NoSuchCorner { region: usize, corner: Corner },
    NoLives { spot: Spot },
    LoopNeedsTwoLives { spot: Spot },
    BadSharing { boundary: usize },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoSuchRegion { region } => write!(f, "there is no region {region}"),
            IllegalMove::NoSuchCorner { region, corner } => write!(
                f,
                "region {region} has no corner {} on boundary {}",
                corner.index, corner.boundary
            ),
            IllegalMove::NoLives { spot } => write!(f, "spot {spot} has no lives left"),
            IllegalMove::LoopNeedsTwoLives { spot } => {
                write!(f, "a loop at spot {spot} needs 2 lives")
            }
            IllegalMove::BadSharing { boundary } => {
                write!(f, "boundary {boundary} cannot be shared out by this move")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Plays `mv`, returning the new (normalised) position; the new spot is
    /// numbered `spot_count() + 1`. `self` is never changed.
    ///
    /// ```
    /// use sprouts::notation::{resolve, MoveText};
    /// use sprouts::text::HoeyDisplay;
    /// use sprouts::Position;
    ///
    /// let p = Position::start(2).unwrap();
    /// let (mv, _) = resolve(&p, &MoveText::parse("1(3)2").unwrap()).unwrap();
    /// let child = p.play(&mv).unwrap();
    /// assert_eq!(HoeyDisplay(&child).to_string(), "1,3,2,3");
    /// let elsewhere = sprouts::Move { region: 7, ..mv };
    /// assert!(p.play(&elsewhere).is_err());
    /// ```
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        self.check_move(mv)?;
        let mut p = self.apply(mv);
        p.normalize();
        Ok(p)
    }

    fn check_move(&self, mv: &Move) -> Result<(), IllegalMove> {
        let region = self
            .regions()
            .get(mv.region)
            .ok_or(IllegalMove::NoSuchRegion { region: mv.region })?;
        let spot_at = |c: Corner| -> Result<Spot, IllegalMove> {
            region
                .get(c.boundary)
                .and_then(|b| b.get(c.index))
                .copied()
                .ok_or(IllegalMove::NoSuchCorner { region: mv.region, corner: c })
        };
        let (a, b) = (spot_at(mv.from)?, spot_at(mv.to)?);
        for s in [a, b] {
            if self.lives(s) == 0 {
                return Err(IllegalMove::NoLives { spot: s });
            }
        }
        let kind = mv.kind();
        if kind == MoveKind::Loop && self.lives(a) < 2 {
            return Err(IllegalMove::LoopNeedsTwoLives { spot: a });
        }
        if kind != MoveKind::Loop && a == b {
            // Two corners of one spot: a loop from a 1-life spot.
            return Err(IllegalMove::LoopNeedsTwoLives { spot: a });
        }
        let mut prev = None;
        for &i in &mv.inside {
            if kind == MoveKind::Join
                || i >= region.len()
                || i == mv.from.boundary
                || prev.is_some_and(|p| p >= i)
            {
                return Err(IllegalMove::BadSharing { boundary: i });
            }
            prev = Some(i);
        }
        Ok(())
    }

    /// Plays a checked move without normalising.
    pub(crate) fn apply(&self, mv: &Move) -> Position {
        let mut drawn = [Vec::new(), Vec::new()];
        let kind = self.redraw(mv, &mut drawn);
        let mut lives = self.lives_slice().to_vec();
        lives.push(1);
        for end in self.ends(mv) {
            lives[end as usize - 1] -= 1;
        }
        let mut regions: Vec<Region> = Vec::with_capacity(self.regions().len() + 1);
        for (ri, r) in self.regions().iter().enumerate() {
            if ri != mv.region {
                regions.push(r.clone());
            }
        }
        let parts = if kind == MoveKind::Join { 1 } else { 2 };
        let mut new: Vec<Region> = drawn.into_iter().take(parts).map(|d| vec![d]).collect();
        let region = &self.regions()[mv.region];
        for (b, side) in region.iter().zip(mv.sides(region.len())) {
            if let Some(side) = side {
                new[side].push(b.clone());
            }
        }
        regions.extend(new);
        Position::from_raw(lives, regions)
    }

    /// The two spots a move joins (the same one twice for a loop): each
    /// loses a life, and the new spot, numbered `spot_count() + 1`, has one.
    pub(crate) fn ends(&self, mv: &Move) -> [Spot; 2] {
        let region = &self.regions()[mv.region];
        [region[mv.from.boundary][mv.from.index], region[mv.to.boundary][mv.to.index]]
    }

    /// The boundaries a checked move draws in its region, in `drawn`: the
    /// merged boundary of a join, or the two sides' new boundaries of a
    /// split or a loop. The region's other boundaries stay as they are
    /// (see [`Move::sides`]); the rest of the position does not change.
    pub(crate) fn redraw(&self, mv: &Move, drawn: &mut [Boundary; 2]) -> MoveKind {
        let region = &self.regions()[mv.region];
        let c = self.spot_count() as Spot + 1;
        let [a, b] = self.ends(mv);
        let fb = &region[mv.from.boundary];
        let n = fb.len();
        // Boundary `x` read from corner `k`.
        let rotated = |out: &mut Boundary, x: &Boundary, k: usize| {
            out.extend_from_slice(&x[k..]);
            out.extend_from_slice(&x[..k]);
        };
        for d in drawn.iter_mut() {
            d.clear();
        }
        let kind = mv.kind();
        match kind {
            MoveKind::Join => {
                let merged = &mut drawn[0];
                rotated(merged, fb, mv.from.index);
                if n > 1 {
                    merged.push(a);
                }
                merged.push(c);
                let tb = &region[mv.to.boundary];
                rotated(merged, tb, mv.to.index);
                if tb.len() > 1 {
                    merged.push(b);
                }
                merged.push(c);
            }
            MoveKind::Loop => {
                drawn[0].extend_from_slice(&[a, c]);
                let outer = &mut drawn[1];
                rotated(outer, fb, mv.from.index);
                if n > 1 {
                    outer.push(a);
                }
                outer.push(c);
            }
            MoveKind::Split => {
                let j = (mv.to.index + n - mv.from.index) % n;
                let (b1, b2) = drawn.split_at_mut(1);
                let (b1, b2) = (&mut b1[0], &mut b2[0]);
                for x in 0..=j {
                    b1.push(fb[(mv.from.index + x) % n]);
                }
                b1.push(c);
                for x in j..n {
                    b2.push(fb[(mv.from.index + x) % n]);
                }
                b2.push(a);
                b2.push(c);
            }
        }
        kind
    }

    /// Every legal move of a labelled position, one per distinct resulting
    /// drawing, with that drawing. Splits and loops try every sharing of the
    /// region's other boundaries, so this is exponential in the number of
    /// boundaries of a region: use it on positions of real games, not on
    /// a 30-spot start.
    pub fn legal_moves(&self) -> Vec<(Move, Position)> {
        let mut out: Vec<(Move, Position)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        self.for_each_move(&mut |mv| {
            let mut child = self.apply(&mv);
            child.normalize();
            if seen.insert(child.clone()) {
                out.push((mv, child));
            }
        });
        out
    }

    /// Up to `limit` moves from spot `a` to spot `b` (either way round;
    /// `a == b`: loops), duplicates included: every pair of their corners in
    /// a common region and, for splits and loops, the ways of sharing out
    /// the region's other boundaries. This is how a player who picked two
    /// spots is offered the moves between them.
    pub fn moves_with_ends(&self, a: Spot, b: Spot, limit: usize) -> Vec<Move> {
        let mut out = Vec::new();
        if self.lives(a) == 0 || self.lives(b) == 0 || (a == b && self.lives(a) < 2) {
            return out;
        }
        for (ri, region) in self.regions().iter().enumerate() {
            let at = |s: Spot| -> Vec<Corner> {
                region
                    .iter()
                    .enumerate()
                    .flat_map(|(bi, bd)| {
                        bd.iter()
                            .enumerate()
                            .filter(move |&(_, &x)| x == s)
                            .map(move |(ci, _)| Corner { boundary: bi, index: ci })
                    })
                    .collect()
            };
            let (ca, cb) = (at(a), at(b));
            for &f in &ca {
                for &h in &cb {
                    if a == b && f != h {
                        continue;
                    }
                    if f.boundary != h.boundary {
                        out.push(Move { region: ri, from: f, to: h, inside: Vec::new() });
                    } else {
                        let others: Vec<usize> = (0..region.len()).filter(|&i| i != f.boundary).collect();
                        let n = others.len().min(20);
                        for mask in 0u32..(1u32 << n) {
                            if out.len() >= limit {
                                return out;
                            }
                            let inside = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| others[i]).collect();
                            out.push(Move { region: ri, from: f, to: h, inside });
                        }
                    }
                    if out.len() >= limit {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// Calls `f` with every move (corner pairs and sharings), duplicates
    /// included.
    pub fn for_each_move(&self, f: &mut dyn FnMut(Move)) {
        for (ri, region) in self.regions().iter().enumerate() {
            let corners: Vec<Corner> = region
                .iter()
                .enumerate()
                .flat_map(|(bi, b)| {
                    b.iter().enumerate().map(move |(ci, _)| Corner { boundary: bi, index: ci })
                })
                .filter(|c| self.lives(region[c.boundary][c.index]) > 0)
                .collect();
            for (x, &p) in corners.iter().enumerate() {
                let sp = region[p.boundary][p.index];
                for &q in &corners[x..] {
                    let sq = region[q.boundary][q.index];
                    if p == q {
                        if self.lives(sp) < 2 {
                            continue;
                        }
                    } else if sp == sq {
                        continue;
                    }
                    if p.boundary != q.boundary {
                        f(Move { region: ri, from: p, to: q, inside: Vec::new() });
                        continue;
                    }
                    let others: Vec<usize> =
                        (0..region.len()).filter(|&i| i != p.boundary).collect();
                    for_each_subset(&others, &mut |inside| {
                        f(Move { region: ri, from: p, to: q, inside })
                    });
                }
            }
        }
    }
}

/// Every subset of `items`. More than 63 items could never be listed
/// (2^63 sharings) and none are: callers bound the region size first.
fn for_each_subset(items: &[usize], f: &mut dyn FnMut(Vec<usize>)) {
    let n = items.len();
    if n >= 64 {
        return;
    }
    for mask in 0u64..(1u64 << n) {
        f((0..n).filter(|i| mask >> i & 1 == 1).map(|i| items[i]).collect());
    }
}
