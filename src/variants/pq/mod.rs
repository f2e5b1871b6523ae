//! (p, q) Sprouts (issue 37), from seed 002 ("Another generalization"):
//! "A move in Sprouts consists of adding a new point and connecting it
//! with the already existing points using 2 edges. A possible
//! generalization is to use always q edges, q ≥ 2, instead of
//! specifically q = 2, and allow graphs of maximum degree p." Plain
//! Sprouts is (3, 2).
//!
//! # Why its own position type
//! The plain engine (`src/topology`) and its canonical forms hold at most
//! 3 lives per spot (GLOP's tokens `0`, `1`, `2` and letters), and p = 4
//! starts with 4. Widening them would touch plain Sprouts' hot path, so
//! (p, q) positions live here: the same model of regions and boundaries
//! (a boundary is the cyclic list of corners met walking along it, a spot
//! of degree d has max(d, 1) corners), lives 0..=p, and a canonical form
//! of their own ([`PqCanon`]). Plain Sprouts' speed is untouched.
//!
//! # A move
//! A new point x in a region R, joined by q edges to existing points
//! (several edges may end at one point, one life each; no edge from x to
//! x). The q edges leave x in some cyclic order, so the move is drawn edge
//! by edge: the first edge hangs x on a corner c of R (x is a spur on
//! c's boundary, `… c x c …`), and each further edge is a line with
//! nothing on it from a corner of x to a corner of a live spot in the
//! region that corner of x lies in (Weeds' bare line: it merges two
//! boundaries, or splits the region and shares out its other
//! boundaries). Every star arises this way (draw its edges in any order),
//! and every sequence draws a star; duplicates are merged by the
//! canonical form. x ends with degree q and p − q lives.
//!
//! # Reduction
//! Dead spots are dropped, so are two corners of one spot next to each
//! other on a boundary (only dead lines between them: a line to either
//! plays the same), empty boundaries, and regions whose live spots have
//! fewer than q lives together (no star fits there, and a region only
//! ever gains lives from a move made in it). A region with q lives can
//! always be played: x joined q times to corners of its spots.
//!
//! `super::reference` is the independent slow version (its own position
//! type, a Sprouts line a–x–b then q − 2 bare lines, a brute-force
//! canonical form); `tests/pq.rs` compares the two.

mod canon;
mod text;

pub use canon::PqCanon;
pub use text::parse;

use std::fmt;

/// A spot (0-based here; positions are never shown as Hoey lists).
pub type PqSpot = u32;

/// The rules (p, q): degree at most p, a move adds a point of degree q.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PqRules {
    p: u8,
    q: u8,
}

impl PqRules {
    /// Lives are written as one digit.
    pub const MAX_P: u32 = 9;

    /// Checks 2 ≤ q ≤ p < 2q and p ≤ 9.
    pub fn new(p: u32, q: u32) -> Result<PqRules, String> {
        let name = format!("pq:{p},{q}");
        if q < 2 {
            return Err(format!("{name}: q must be at least 2 (the new point is joined by q edges)"));
        }
        if p < q {
            return Err(format!("{name}: p must be at least q (the new point has degree q, at most p)"));
        }
        if p >= 2 * q {
            return Err(format!(
                "{name}: p must be below 2q: each move uses q lives and gives back p − q, so with p ≥ 2q a game \
                 need not end (pq:4,2: join a new point twice to the last one, again and again)"
            ));
        }
        if p > Self::MAX_P {
            return Err(format!("{name}: p must be at most {}", Self::MAX_P));
        }
        Ok(PqRules { p: p as u8, q: q as u8 })
    }

    pub fn p(self) -> u8 {
        self.p
    }

    pub fn q(self) -> u8 {
        self.q
    }

    /// The name on the command line: `pq:P,Q`.
    pub fn name(self) -> String {
        format!("pq:{},{}", self.p, self.q)
    }

    /// The longest a game from `n` points can last: a move uses q lives
    /// and its point brings p − q, so m moves leave pn − (2q − p)m lives,
    /// at least the last point's p − q: m ≤ (pn − p + q)/(2q − p).
    /// (3, 2): 3n − 1; (4, 3): 2n − 1; (5, 3): 5n − 2.
    pub fn max_moves(self, n: u32) -> u32 {
        let (p, q) = (self.p as u32, self.q as u32);
        (p * n).saturating_sub(p - q) / (2 * q - p)
    }

    /// The shortest: at the end every point has fewer than q lives (with
    /// q it could be joined q times to a new point), so each of the n
    /// first points has degree at least p − q + 1, and a move adds q to
    /// the degrees of the points already there: m ≥ n(p − q + 1)/q.
    pub fn min_moves(self, n: u32) -> u32 {
        let (p, q) = (self.p as u32, self.q as u32);
        (n * (p - q + 1)).div_ceil(q)
    }

    /// `n` isolated points of p lives.
    pub fn start(self, n: usize) -> Result<PqPos, String> {
        if n == 0 {
            return Err("a start needs at least one point".into());
        }
        let region = (0..n as PqSpot).map(|s| vec![s]).collect();
        Ok(PqPos { lives: vec![self.p; n], regions: vec![region] })
    }
}

impl fmt::Display for PqRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pq:{},{}", self.p, self.q)
    }
}

impl std::str::FromStr for PqRules {
    type Err = String;
    fn from_str(s: &str) -> Result<PqRules, String> {
        let bad = || format!("rules {s:?}: write pq:P,Q, e.g. pq:4,3");
        let (p, q) = s.strip_prefix("pq:").and_then(|r| r.split_once(',')).ok_or_else(bad)?;
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        PqRules::new(num(p)?, num(q)?)
    }
}

/// A (p, q) position: lives of each spot and regions of boundaries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PqPos {
    lives: Vec<u8>,
    regions: Vec<Vec<Vec<PqSpot>>>,
}

/// A corner: (boundary, index in it) within one region.
type At = (usize, usize);

impl PqPos {
    /// A position from its parts, unchecked (tests build relabelled and
    /// converted positions; the engine's own come from [`PqRules::start`]
    /// and moves).
    pub fn from_parts(lives: Vec<u8>, regions: Vec<Vec<Vec<PqSpot>>>) -> PqPos {
        PqPos { lives, regions }
    }

    pub fn lives(&self) -> &[u8] {
        &self.lives
    }

    pub fn regions(&self) -> &[Vec<Vec<PqSpot>>] {
        &self.regions
    }

    /// Every move's position, unreduced (the same child may come several
    /// times).
    pub fn children(&self, rules: PqRules) -> Vec<PqPos> {
        let mut out = Vec::new();
        for (ri, region) in self.regions.iter().enumerate() {
            for (bi, b) in region.iter().enumerate() {
                for (i, &s) in b.iter().enumerate() {
                    if self.lives[s as usize] == 0 {
                        continue;
                    }
                    // The first edge: x hangs on the corner of s.
                    let mut next = self.clone();
                    let x = next.lives.len() as PqSpot;
                    next.lives.push(rules.p - 1);
                    next.lives[s as usize] -= 1;
                    let bd = &mut next.regions[ri][bi];
                    if bd.len() == 1 {
                        bd.push(x);
                    } else {
                        bd.insert(i + 1, s);
                        bd.insert(i + 1, x);
                    }
                    next.edges_from(x, rules.q - 1, &mut out);
                }
            }
        }
        out
    }

    /// Draws `k` more edges from `x`, every way.
    fn edges_from(&self, x: PqSpot, k: u8, out: &mut Vec<PqPos>) {
        if k == 0 {
            out.push(self.clone());
            return;
        }
        for (ri, region) in self.regions.iter().enumerate() {
            for (bi, b) in region.iter().enumerate() {
                for (i, &s) in b.iter().enumerate() {
                    if s != x {
                        continue;
                    }
                    for (bj, c) in region.iter().enumerate() {
                        for (j, &t) in c.iter().enumerate() {
                            if t == x || self.lives[t as usize] == 0 {
                                continue;
                            }
                            for child in self.bare_line(ri, (bi, i), (bj, j)) {
                                child.edges_from(x, k - 1, out);
                            }
                        }
                    }
                }
            }
        }
    }

    /// A line with nothing on it from corner `a` to corner `b` (different
    /// corners) of region `ri`: every way of sharing out the region's
    /// other boundaries when it splits.
    fn bare_line(&self, ri: usize, a: At, b: At) -> Vec<PqPos> {
        let region = &self.regions[ri];
        let (sa, sb) = (region[a.0][a.1], region[b.0][b.1]);
        let mut lives = self.lives.clone();
        lives[sa as usize] -= 1;
        lives[sb as usize] -= 1;
        let turn = |bi: usize, i: usize| -> Vec<PqSpot> {
            let bd = &region[bi];
            bd[i..].iter().chain(&bd[..i]).copied().collect()
        };
        let with_regions = |new: Vec<Vec<Vec<PqSpot>>>| {
            let mut regions: Vec<Vec<Vec<PqSpot>>> =
                self.regions.iter().enumerate().filter(|&(k, _)| k != ri).map(|(_, r)| r.clone()).collect();
            regions.extend(new);
            PqPos { lives: lives.clone(), regions }
        };
        if a.0 != b.0 {
            // Two boundaries become one: a … a b … b (a spot alone on
            // its boundary is met once).
            let mut m = turn(a.0, a.1);
            if region[a.0].len() > 1 {
                m.push(sa);
            }
            m.extend(turn(b.0, b.1));
            if region[b.0].len() > 1 {
                m.push(sb);
            }
            let mut r: Vec<Vec<PqSpot>> =
                region.iter().enumerate().filter(|&(k, _)| k != a.0 && k != b.0).map(|(_, bd)| bd.clone()).collect();
            r.push(m);
            return vec![with_regions(vec![r])];
        }
        // One boundary (a u… b w…) splits into (a u… b) and (b w… a).
        let whole = turn(a.0, a.1);
        let j = (b.1 + whole.len() - a.1) % whole.len();
        let one: Vec<PqSpot> = whole[..=j].to_vec();
        let mut two: Vec<PqSpot> = whole[j..].to_vec();
        two.push(sa);
        let others: Vec<&Vec<PqSpot>> =
            region.iter().enumerate().filter(|&(k, _)| k != a.0).map(|(_, bd)| bd).collect();
        (0u64..1 << others.len())
            .map(|mask| {
                let (mut r1, mut r2) = (vec![one.clone()], vec![two.clone()]);
                for (k, bd) in others.iter().enumerate() {
                    (if mask >> k & 1 == 1 { &mut r1 } else { &mut r2 }).push((*bd).clone());
                }
                with_regions(vec![r1, r2])
            })
            .collect()
    }

    /// What can still matter (see the module comment), spots renumbered
    /// in order of appearance.
    // Alike `RefPos::reduce_min` on purpose: that one is the independent check, so neither uses the other.
    pub fn reduced(&self, rules: PqRules) -> PqPos {
        let mut regions = Vec::new();
        for r in &self.regions {
            let mut nr = Vec::new();
            let mut spots = Vec::new();
            for b in r {
                let mut nb: Vec<PqSpot> = b.iter().copied().filter(|&s| self.lives[s as usize] > 0).collect();
                nb.dedup();
                while nb.len() > 1 && nb[0] == nb[nb.len() - 1] {
                    nb.pop();
                }
                if !nb.is_empty() {
                    spots.extend(nb.iter().copied());
                    nr.push(nb);
                }
            }
            crate::sort::sort(&mut spots);
            spots.dedup();
            if spots.iter().map(|&s| self.lives[s as usize] as u32).sum::<u32>() >= rules.q as u32 {
                regions.push(nr);
            }
        }
        let mut map = vec![PqSpot::MAX; self.lives.len()];
        let mut lives = Vec::new();
        for s in regions.iter_mut().flatten().flatten() {
            if map[*s as usize] == PqSpot::MAX {
                map[*s as usize] = lives.len() as PqSpot;
                lives.push(self.lives[*s as usize]);
            }
            *s = map[*s as usize];
        }
        PqPos { lives, regions }
    }

    /// The same drawing with each boundary turned to its smallest
    /// rotation and the boundaries and regions sorted: the q! orders of
    /// drawing one star's edges give the same spots, so this merges them
    /// cheaply before the canonical form.
    fn normalized(mut self) -> PqPos {
        for r in &mut self.regions {
            for b in r.iter_mut() {
                let k = (0..b.len()).min_by(|&i, &j| b[i..].iter().chain(&b[..i]).cmp(b[j..].iter().chain(&b[..j])));
                b.rotate_left(k.unwrap_or(0));
            }
            crate::sort::sort(r);
        }
        crate::sort::sort(&mut self.regions);
        self
    }

    /// Every move's position once per drawing (see
    /// [`PqPos::normalized`]), unreduced.
    fn drawings(&self, rules: PqRules) -> Vec<PqPos> {
        let mut seen = std::collections::HashSet::new();
        self.children(rules).into_iter().map(PqPos::normalized).filter(|c| seen.insert(c.clone())).collect()
    }

    /// The canonical form of the reduced position.
    pub fn canon(&self, rules: PqRules) -> PqCanon {
        PqCanon::of(&self.reduced(rules))
    }
}

/// The distinct moves of `p`: one (reduced child, canonical form) per
/// class, sorted by canonical form.
pub fn children(p: &PqPos, rules: PqRules) -> Vec<(PqPos, PqCanon)> {
    let mut seen = std::collections::HashMap::new();
    for c in p.drawings(rules) {
        let c = c.reduced(rules);
        seen.entry(PqCanon::of(&c)).or_insert(c);
    }
    let mut out: Vec<(PqPos, PqCanon)> = seen.into_iter().map(|(k, c)| (c, k)).collect();
    crate::sort::sort_by(&mut out, |a, b| a.1.cmp(&b.1));
    out
}

/// The distinct children of a canonical form, as canonical forms (the
/// solver's keys: each names exactly its class).
pub fn child_keys(c: &PqCanon, rules: PqRules) -> Vec<PqCanon> {
    let mut out: Vec<PqCanon> = c.position().drawings(rules).iter().map(|k| k.canon(rules)).collect();
    crate::sort::sort(&mut out);
    out.dedup();
    out
}
