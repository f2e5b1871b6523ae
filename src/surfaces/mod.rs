//! Sprouts on compact surfaces (issue 37; Lemoine–Viennot, "Sprouts game
//! on compact surfaces", arXiv 0812.0081): the torus, the projective plane,
//! the Klein bottle, and any number of handles or crosscaps.
//!
//! # The model
//! A position is the plane model of `src/topology` (regions, boundaries of
//! corners, lives) in which every region also carries its surface type, its
//! **genus** as GLOP writes it: `0` a sphere with holes (a plane region),
//! `g > 0` g handles, `g < 0` −g crosscaps (non-orientable). Cut along
//! the drawing, a region is a compact surface with boundary; by the
//! classification of surfaces it is known, up to homeomorphism, by its
//! genus, its boundaries (cyclic words of corners) and, where it is
//! orientable, which way each boundary runs. In a non-orientable region a
//! boundary has no way round: sliding it once around a crosscap reverses
//! it and changes nothing else. So
//! - in an orientable region (genus ≥ 0) boundaries are read with the
//!   region on one side, as on the plane, and the whole region may be
//!   read backwards (its mirror image);
//! - in a non-orientable region each boundary may be read either way.
//!
//! # Moves
//! A line in region R (Euler genus e: 2g for g handles, k for k
//! crosscaps) joins corner a to corner b. Cutting R along it:
//! - **a and b on two boundaries**: they merge into `(a X a c b Y b c)`
//!   as on the plane, R keeps its genus (the cut surface has one
//!   boundary less and the same Euler characteristic + 1). Non-orientable
//!   R: the second boundary may also be met backwards, `(a X a c b Ȳ b c)`.
//! - **a and b on one boundary** `(a X b Y)` (a = b: a loop), the line
//!   two-sided: its sides are `(a X b c)` and `(b Y a c)`; either
//!   - it **separates** R into two regions, the other boundaries and the
//!     Euler genus shared out (e1 + e2 = e; a non-orientable R gives at
//!     least one non-orientable part), or
//!   - it **does not**: one region with both sides as boundaries and Euler
//!     genus e − 2 (a handle cut; from k crosscaps, k − 2 crosscaps, or
//!     (k − 2)/2 handles when k is even, the second side then read
//!     backwards);
//! - **one-sided** (through a crosscap; non-orientable R only): one
//!   boundary `(a X b c a Ȳ b c)` and Euler genus e − 1 (k − 1
//!   crosscaps, or (k − 1)/2 handles when k is odd).
//!
//! Where a non-orientable R leaves an orientable part, each other boundary
//! that goes to that part may arrive either way round (slide it around a
//! crosscap first): every choice is a move. Each count follows from χ = 2 − e −
//! (boundaries), which a cut along an arc raises by one; the
//! realisability of each case from the classification (see
//! docs/variants.md, "Surfaces").
//!
//! A **land** is still a set of regions sharing live spots: a line stays in
//! one region, so lands are independent games on any surface, and normal
//! play sums them by nimbers as on the plane.
//!
//! `reference` is an independent slow program for the same rules; the
//! tests compare the two.

pub mod analysis;
mod canon;
pub mod reference;

pub use canon::{parse_surface_glop, SurfaceDisplay};

use crate::topology::{Canon, Position, Spot};
use std::collections::HashMap;
use std::fmt;

/// A region's genus: 0 a sphere with holes, g > 0 g handles, g < 0 −g crosscaps.
pub type Genus = i8;

/// Largest |genus| accepted from outside (the paper needs no more than a
/// few; it keeps the move lists finite and small).
pub const MAX_GENUS: i8 = 20;

/// A named closed surface, for `--surface`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Surface {
    #[default]
    Plane,
    Torus,
    Projective,
    Klein,
}

impl Surface {
    pub const ALL: [Surface; 4] = [Surface::Plane, Surface::Torus, Surface::Projective, Surface::Klein];

    /// GLOP's genus: the torus is orientable genus 1 (`@1`), the projective
    /// plane one crosscap (`@-1`), the Klein bottle two crosscaps (`@-2`).
    pub fn genus(self) -> Genus {
        match self {
            Surface::Plane => 0,
            Surface::Torus => 1,
            Surface::Projective => -1,
            Surface::Klein => -2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Surface::Plane => "plane",
            Surface::Torus => "torus",
            Surface::Projective => "projective",
            Surface::Klein => "klein",
        }
    }
}

impl fmt::Display for Surface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Surface {
    type Err = String;
    /// The names of [`Surface::name`] (a certificate's `surface=`).
    fn from_str(s: &str) -> Result<Surface, String> {
        Surface::ALL.into_iter().find(|x| x.name() == s).ok_or_else(|| format!("unknown surface {s:?} (plane, torus, klein or projective)"))
    }
}

/// Most children a position's move generator may be asked to list when
/// the position comes from outside (a certificate's land, the root of
/// `verify`): [`SurfacePosition::move_bound`] above it is refused rather
/// than expanded for hours. The solver's own positions stay far below
/// (its roots have at most 40 live spots and one region).
pub const MAX_MOVES: u64 = 1 << 24;

/// One region: its genus and its boundaries (cyclic words of corners).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SurfaceRegion {
    pub genus: Genus,
    pub boundaries: Vec<Vec<Spot>>,
}

/// A Sprouts position on a surface: lives of every spot and the regions,
/// each with its genus.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SurfacePosition {
    /// `lives[s - 1]`: lives of spot `s`.
    pub lives: Vec<u8>,
    pub regions: Vec<SurfaceRegion>,
}

/// Euler genus of a genus: 2g for g handles, k for k crosscaps.
pub fn euler_genus(g: Genus) -> i32 {
    if g >= 0 {
        2 * g as i32
    } else {
        -(g as i32)
    }
}

impl SurfacePosition {
    /// `n` isolated spots on a closed surface of genus `genus`.
    pub fn start(n: usize, genus: Genus) -> Result<SurfacePosition, String> {
        if n == 0 {
            return Err("a position needs at least one spot".into());
        }
        check_genus(genus)?;
        let boundaries = (1..=n as Spot).map(|s| vec![s]).collect();
        Ok(SurfacePosition { lives: vec![3; n], regions: vec![SurfaceRegion { genus, boundaries }] })
    }

    /// A plane position with every region of genus 0.
    pub fn from_plane(p: &Position) -> SurfacePosition {
        SurfacePosition {
            lives: p.lives_slice().to_vec(),
            regions: p.regions().iter().map(|r| SurfaceRegion { genus: 0, boundaries: r.clone() }).collect(),
        }
    }

    fn lives_of(&self, s: Spot) -> u8 {
        self.lives.get(s as usize - 1).copied().unwrap_or(0)
    }

    /// Total lives: every move removes exactly one, so a game from n spots
    /// lasts at most 3n − 1 moves on any surface.
    pub fn total_lives(&self) -> u32 {
        self.lives.iter().map(|&l| l as u32).sum()
    }

    /// What can still matter: dead spots dropped, a spot met twice in a
    /// row kept once, empty boundaries and regions with fewer than 2 lives
    /// dropped, spots renumbered in order of appearance. The same
    /// reductions as on the plane, and for the same reasons: a dead spot
    /// is a mark no line can end on, and two neighbouring corners of a
    /// 1-life spot are used up by any line ending at either.
    pub fn reduced(&self) -> SurfacePosition {
        let mut map = vec![0 as Spot; self.lives.len() + 1];
        let mut lives = Vec::new();
        let mut regions = Vec::new();
        for r in &self.regions {
            let mut bs: Vec<Vec<Spot>> = Vec::new();
            let mut spots: Vec<Spot> = Vec::new();
            for b in &r.boundaries {
                let mut nb: Vec<Spot> = b.iter().copied().filter(|&s| self.lives_of(s) > 0).collect();
                nb.dedup();
                while nb.len() > 1 && nb[0] == nb[nb.len() - 1] {
                    nb.pop();
                }
                spots.extend_from_slice(&nb);
                if !nb.is_empty() {
                    bs.push(nb);
                }
            }
            spots.sort_unstable();
            spots.dedup();
            let l: u32 = spots.iter().map(|&s| self.lives_of(s) as u32).sum();
            if l < 2 {
                continue;
            }
            for s in bs.iter_mut().flatten() {
                let i = *s as usize;
                if map[i] == 0 {
                    lives.push(self.lives[i - 1]);
                    map[i] = lives.len() as Spot;
                }
                *s = map[i];
            }
            regions.push(SurfaceRegion { genus: r.genus, boundaries: bs });
        }
        SurfacePosition { lives, regions }
    }

    /// An upper bound on the children [`SurfacePosition::for_each_child`]
    /// lists (duplicates included), counted without making any: for each
    /// region, every pair of corners, times the ways a line between them
    /// can cut the region (genus splits, the non-separating cuts) and
    /// share out the other boundaries (how many of each interchangeable
    /// group go to each side, and in a non-orientable region how many
    /// arrive backwards).
    pub fn move_bound(&self) -> u64 {
        let counts = self.occurrences();
        let mut total: u64 = 0;
        for r in &self.regions {
            let corners: u64 = r.boundaries.iter().map(|b| b.len() as u64).sum();
            let pairs = corners.saturating_mul(corners + 1) / 2;
            let all: Vec<usize> = (0..r.boundaries.len()).collect();
            let mut shares: u64 = 1;
            for g in group_boundaries(&r.boundaries, &all, &counts, &self.lives, r.genus < 0) {
                let c = g.count as u64 + 1;
                let ways = if r.genus < 0 && g.chiral { c.saturating_mul(c).saturating_mul(c) } else { c };
                shares = shares.saturating_mul(ways);
            }
            let cuts = (genus_splits(r.genus).len() as u64 + 4).saturating_mul(shares).saturating_add(2);
            total = total.saturating_add(pairs.saturating_mul(cuts));
        }
        total
    }

    /// [`SurfacePosition::move_bound`] against [`MAX_MOVES`].
    pub fn check_moves(&self) -> Result<(), crate::limits::LimitError> {
        crate::limits::check("moves of a position on a surface (an upper bound)", self.move_bound(), MAX_MOVES)
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        self.reduced().regions.is_empty()
    }

    /// Every move's resulting position (spots of `self` kept, the new spot
    /// numbered after them), duplicates included. Interchangeable
    /// boundaries (the same word of spots met nowhere else) are shared out
    /// by how many go to each side, as `src/topology` does.
    pub fn for_each_child(&self, f: &mut dyn FnMut(SurfacePosition)) {
        for ri in 0..self.regions.len() {
            self.region_children(ri, true, f);
        }
    }

    /// The distinct children, canonical and sorted.
    pub fn children(&self) -> Vec<Canon> {
        let r = self.reduced();
        let mut out = Vec::new();
        r.for_each_child(&mut |c| out.push(canon_of(&c)));
        out.sort();
        out.dedup();
        out
    }

    /// The children of a move in region `ri`. `once`: a line from one of
    /// several interchangeable boundaries (the same word of lives, spots
    /// met nowhere else) is drawn from the first of them only, to the
    /// first (or second) of another kind (or its own): the others give the
    /// same children up to names, and naming every child is the solver's
    /// cost (the start of 10 spots has 55 pairs and one class of joins).
    fn region_children(&self, ri: usize, once: bool, f: &mut dyn FnMut(SurfacePosition)) {
        let region = &self.regions[ri];
        let g = region.genus;
        let c = self.lives.len() as Spot + 1;
        let counts = self.occurrences();
        // rank[b]: how many interchangeable boundaries come before b.
        let mut rank = vec![0usize; region.boundaries.len()];
        let mut kind: Vec<Option<Vec<u8>>> = vec![None; region.boundaries.len()];
        if once {
            for (bi, b) in region.boundaries.iter().enumerate() {
                if b.iter().all(|&s| counts[s as usize] == 1) {
                    let key = lives_key(b, &self.lives, g < 0);
                    rank[bi] = kind[..bi].iter().filter(|k| k.as_ref() == Some(&key)).count();
                    kind[bi] = Some(key);
                }
            }
        }
        let drawn = |a: usize, b: usize| {
            if a == b {
                rank[a] == 0
            } else if kind[a].is_some() && kind[a] == kind[b] {
                rank[a].min(rank[b]) == 0 && rank[a].max(rank[b]) == 1
            } else {
                rank[a] == 0 && rank[b] == 0
            }
        };
        let corners: Vec<(usize, usize)> = region
            .boundaries
            .iter()
            .enumerate()
            .flat_map(|(bi, b)| (0..b.len()).map(move |ci| (bi, ci)))
            .filter(|&(bi, ci)| self.lives_of(region.boundaries[bi][ci]) > 0)
            .collect();
        for (x, &p) in corners.iter().enumerate() {
            let a = region.boundaries[p.0][p.1];
            for &q in &corners[x..] {
                if !drawn(p.0, q.0) {
                    continue;
                }
                let b = region.boundaries[q.0][q.1];
                if p == q {
                    if self.lives_of(a) < 2 {
                        continue;
                    }
                } else if a == b {
                    continue;
                }
                let mut lives = self.lives.clone();
                lives[a as usize - 1] -= 1;
                lives[b as usize - 1] -= 1;
                lives.push(1);
                let emit = &mut |parts: Vec<SurfaceRegion>| {
                    let mut regions: Vec<SurfaceRegion> = Vec::with_capacity(self.regions.len() + 1);
                    regions.extend(self.regions.iter().enumerate().filter(|&(i, _)| i != ri).map(|(_, r)| r.clone()));
                    regions.extend(parts);
                    f(SurfacePosition { lives: lives.clone(), regions });
                };
                let others: Vec<usize> = (0..region.boundaries.len()).filter(|&i| i != p.0 && i != q.0).collect();
                let groups = group_boundaries(&region.boundaries, &others, &counts, &self.lives, g < 0);
                if p.0 != q.0 {
                    let fb = &region.boundaries[p.0];
                    let tb = &region.boundaries[q.0];
                    let mut ways = vec![joined(fb, p.1, tb, q.1, false, c)];
                    // Met backwards, a boundary of one or two corners
                    // reads the same from its corner.
                    if g < 0 && tb.len() > 2 {
                        ways.push(joined(fb, p.1, tb, q.1, true, c));
                    }
                    for m in ways {
                        let mut bs = vec![m];
                        bs.extend(others.iter().map(|&i| region.boundaries[i].clone()));
                        emit(vec![SurfaceRegion { genus: g, boundaries: bs }]);
                    }
                    continue;
                }
                let b0 = &region.boundaries[p.0];
                let (pp, qq) = paths(b0, p.1, q.1);
                let side1 = [pp.as_slice(), &[c]].concat();
                let side2 = [qq.as_slice(), &[c]].concat();
                // Separating lines: genus and boundaries shared out.
                for (g1, g2) in genus_splits(g) {
                    let orient1 = g < 0 && g1 >= 0;
                    let orient2 = g < 0 && g2 >= 0;
                    share(&groups, orient1, orient2, &mut |s1, s2| {
                        let mut r1 = vec![side1.clone()];
                        r1.extend(s1);
                        let mut r2 = vec![side2.clone()];
                        r2.extend(s2);
                        emit(vec![
                            SurfaceRegion { genus: g1, boundaries: r1 },
                            SurfaceRegion { genus: g2, boundaries: r2 },
                        ]);
                    });
                }
                // Two-sided, not separating: Euler genus − 2.
                let rest = |first: Vec<Vec<Spot>>, orient: bool, emit: &mut dyn FnMut(Vec<SurfaceRegion>), genus: Genus| {
                    share(&groups, orient, false, &mut |s1, s2| {
                        // One region: every other boundary stays in it.
                        if !s2.is_empty() {
                            return;
                        }
                        let mut bs = first.clone();
                        bs.extend(s1);
                        emit(vec![SurfaceRegion { genus, boundaries: bs }]);
                    });
                };
                if g > 0 {
                    rest(vec![side1.clone(), side2.clone()], false, emit, g - 1);
                } else if g < 0 {
                    let k = -g;
                    if k >= 3 {
                        rest(vec![side1.clone(), side2.clone()], false, emit, g + 2);
                    }
                    if k % 2 == 0 {
                        let mut back = side2.clone();
                        back.reverse();
                        rest(vec![side1.clone(), back], true, emit, (k - 2) / 2);
                    }
                    // One-sided: Euler genus − 1.
                    let mut one = pp.clone();
                    one.push(c);
                    one.extend(qq.iter().rev());
                    one.push(c);
                    if k >= 2 {
                        rest(vec![one.clone()], false, emit, g + 1);
                    }
                    if k % 2 == 1 {
                        rest(vec![one], true, emit, (k - 1) / 2);
                    }
                }
            }
        }
    }

    /// How many corners each spot has (index s).
    fn occurrences(&self) -> Vec<u32> {
        let mut n = vec![0u32; self.lives.len() + 1];
        for s in self.regions.iter().flat_map(|r| r.boundaries.iter()).flatten() {
            n[*s as usize] += 1;
        }
        n
    }
}

pub(crate) fn check_genus(g: Genus) -> Result<(), String> {
    if !(-MAX_GENUS..=MAX_GENUS).contains(&g) {
        return Err(format!("genus {g}: at most {MAX_GENUS} handles or crosscaps"));
    }
    Ok(())
}

/// The two walks along boundary `b` between corners `i` and `j`, ends
/// included: from i forwards to j (`(a X b)`), and from j forwards to i
/// (`(b Y a)`). A loop (i = j) has `(a)` on one side and the whole
/// boundary, a met again at the end, on the other.
fn paths(b: &[Spot], i: usize, j: usize) -> (Vec<Spot>, Vec<Spot>) {
    let n = b.len();
    let d = (j + n - i) % n;
    let p: Vec<Spot> = (0..=d).map(|x| b[(i + x) % n]).collect();
    let mut q: Vec<Spot> = (d..n).map(|x| b[(i + x) % n]).collect();
    if n > 1 || i != j {
        q.push(b[i]);
    }
    (p, q)
}

/// The boundary made by joining `fb` at corner `i` to `tb` at corner `j`
/// with new spot `c`; `back`: `tb` met backwards.
fn joined(fb: &[Spot], i: usize, tb: &[Spot], j: usize, back: bool, c: Spot) -> Vec<Spot> {
    let mut m: Vec<Spot> = fb[i..].iter().chain(&fb[..i]).copied().collect();
    if fb.len() > 1 {
        m.push(fb[i]);
    }
    m.push(c);
    let n = tb.len();
    if back {
        m.extend((0..n).map(|x| tb[(j + n - x) % n]));
    } else {
        m.extend(tb[j..].iter().chain(&tb[..j]));
    }
    if n > 1 {
        m.push(tb[j]);
    }
    m.push(c);
    m
}

/// Every (genus of the side of `(a X b c)`, genus of the other side) of a
/// separating line in a region of genus `g`.
pub fn genus_splits(g: Genus) -> Vec<(Genus, Genus)> {
    let mut out = Vec::new();
    if g >= 0 {
        for h in 0..=g {
            out.push((h, g - h));
        }
    } else {
        let k = -g;
        for c1 in 1..k {
            out.push((-c1, -(k - c1)));
        }
        let mut h = 0;
        while 2 * h < k {
            out.push((h, -(k - 2 * h)));
            out.push((-(k - 2 * h), h));
            h += 1;
        }
    }
    out
}

/// Boundaries of a region to share out, grouped: a group is a boundary
/// and how many copies of it there are (copies: the same word of lives
/// and no spot met anywhere else, so interchangeable).
struct Group {
    /// The interchangeable boundaries themselves (distinct spots).
    members: Vec<Vec<Spot>>,
    count: usize,
    /// Whether reading it backwards could change anything.
    chiral: bool,
}

fn group_boundaries(bs: &[Vec<Spot>], idx: &[usize], counts: &[u32], lives: &[u8], free_way: bool) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    let mut by_key: HashMap<Vec<u8>, usize> = HashMap::new();
    for &i in idx {
        let b = &bs[i];
        let chiral = !is_rotation(b, &b.iter().rev().copied().collect::<Vec<_>>());
        let alone = b.iter().all(|&s| counts[s as usize] == 1);
        if alone {
            // Spots met once are told apart only by their lives.
            let key = lives_key(b, lives, free_way);
            if let Some(&g) = by_key.get(&key) {
                out[g].count += 1;
                out[g].members.push(b.clone());
                continue;
            }
            by_key.insert(key, out.len());
        }
        out.push(Group { members: vec![b.clone()], count: 1, chiral });
    }
    out
}

/// Key of a boundary of spots met nowhere else: its word of lives, least
/// rotation (and least direction where directions are free).
fn lives_key(b: &[Spot], lives: &[u8], free_way: bool) -> Vec<u8> {
    let word: Vec<u8> = b.iter().map(|&s| lives[s as usize - 1]).collect();
    let mut best = least_rotation(&word);
    if free_way {
        let mut w = word;
        w.reverse();
        best = best.min(least_rotation(&w));
    }
    best
}

fn least_rotation(w: &[u8]) -> Vec<u8> {
    (0..w.len()).map(|k| w[k..].iter().chain(&w[..k]).copied().collect()).min().unwrap_or_default()
}

fn is_rotation(a: &[Spot], b: &[Spot]) -> bool {
    a.len() == b.len() && (a.is_empty() || (0..a.len()).any(|k| a[k..].iter().chain(&a[..k]).eq(b.iter())))
}

/// Every way of sending the groups' boundaries to side 1 or side 2: how
/// many of each group go to side 1, and, where a side is an orientable
/// part cut from a non-orientable region (`orient1`, `orient2`), how many
/// of those arrive backwards.
fn share(groups: &[Group], orient1: bool, orient2: bool, f: &mut dyn FnMut(Vec<Vec<Spot>>, Vec<Vec<Spot>>)) {
    fn go(
        groups: &[Group],
        orient: [bool; 2],
        i: usize,
        s: &mut [Vec<Vec<Spot>>; 2],
        f: &mut dyn FnMut(Vec<Vec<Spot>>, Vec<Vec<Spot>>),
    ) {
        if i == groups.len() {
            f(s[0].clone(), s[1].clone());
            return;
        }
        let g = &groups[i];
        let back = |b: &Vec<Spot>| -> Vec<Spot> { b.iter().rev().copied().collect() };
        for x in 0..=g.count {
            let ways = |side: usize, m: usize| if orient[side] && g.chiral { m } else { 0 };
            for r1 in 0..=ways(0, x) {
                for r2 in 0..=ways(1, g.count - x) {
                    let (l0, l1) = (s[0].len(), s[1].len());
                    for (t, b) in g.members[..x].iter().enumerate() {
                        s[0].push(if t < r1 { back(b) } else { b.clone() });
                    }
                    for (t, b) in g.members[x..].iter().enumerate() {
                        s[1].push(if t < r2 { back(b) } else { b.clone() });
                    }
                    go(groups, orient, i + 1, s, f);
                    s[0].truncate(l0);
                    s[1].truncate(l1);
                }
            }
        }
    }
    go(groups, [orient1, orient2], 0, &mut [Vec::new(), Vec::new()], f);
}

/// The canonical form of a surface position (reduced first): equal
/// exactly when the positions are the same game up to relabelling,
/// rotation and reordering of boundaries, regions and lands, reading an
/// orientable region backwards and any boundary of a non-orientable
/// region backwards. Plane regions write no genus, so a plane position's
/// form names the same class as [`Canon::of`] (not always the same text).
pub fn canon_of(p: &SurfacePosition) -> Canon {
    canon::canon(&p.reduced())
}

/// The position a canonical form names (spots numbered in order).
pub fn position_of(c: &Canon) -> SurfacePosition {
    canon::decode(c)
}

/// The distinct children of a canonical form.
pub fn child_forms(c: &Canon) -> Vec<Canon> {
    position_of(c).children()
}

/// `sprouts`-style text of a canonical form: GLOP with `@g` after each
/// region of genus g ≠ 0.
pub fn text(c: &Canon) -> String {
    SurfaceDisplay(c).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drawing lines from the first of interchangeable boundaries only
    /// loses no child: the same classes as every pair of corners, at every
    /// position of random games on five surfaces.
    #[test]
    fn interchangeable_boundaries_once_lose_no_child() {
        let mut x: u64 = 9;
        let mut saved = 0;
        for g in [0, 1, -1, -2, 2, -3] {
            for n in [2, 3, 5, 6] {
                let mut p = SurfacePosition::start(n, g).unwrap().reduced();
                loop {
                    let (mut all, mut once) = (Vec::new(), Vec::new());
                    for ri in 0..p.regions.len() {
                        p.region_children(ri, false, &mut |c| all.push(canon_of(&c)));
                        p.region_children(ri, true, &mut |c| once.push(canon_of(&c)));
                    }
                    saved += all.len() - once.len();
                    let raw = all.clone();
                    for v in [&mut all, &mut once] {
                        v.sort();
                        v.dedup();
                    }
                    assert_eq!(all, once, "{}", text(&canon_of(&p)));
                    if raw.is_empty() {
                        break;
                    }
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let pick = (x >> 33) as usize % all.len();
                    p = position_of(&all[pick]);
                }
            }
        }
        assert!(saved > 1000, "{saved} children saved");
    }
}
