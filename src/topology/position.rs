//! Positions as regions and boundaries.
//!
//! A [`Position`] is the face structure of a Sprouts drawing on the sphere:
//! every region (face) lists its boundaries, and every boundary is the cyclic
//! sequence of corners met when walking along it with the left hand on the
//! drawing (Dan Hoey's "left-hand order": the region is on the right). A spot
//! of degree d has max(d, 1) corners.
//!
//! The same type serves two purposes:
//! - a *labelled* position keeps every spot (numbered 1..N as in a game
//!   record), every dead spot and every region, so that it is exactly the
//!   drawing and can be printed as a Hoey list;
//! - a *reduced* position ([`Position::reduced`]) keeps only what can still
//!   matter to the game; spot numbers are then just identities.

use std::fmt;

/// A spot's number (1-based, as in WGOSA records).
pub type Spot = u32;

/// One boundary: the cyclic sequence of corners, named by their spots.
pub type Boundary = Vec<Spot>;

/// One region (face): its boundaries.
pub type Region = Vec<Boundary>;

/// Why a set of regions and lives is not a Sprouts position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A start position needs at least one spot.
    NoSpots,
    /// A corner names a spot that does not exist.
    UnknownSpot { spot: Spot },
    /// A spot's lives are outside 0..=3.
    BadLives { spot: Spot, lives: u8 },
    /// A spot has more corners than its degree allows.
    TooManyCorners { spot: Spot, corners: usize },
    /// A spot with 3 lives must be alone on its boundary.
    NotIsolated { spot: Spot },
    /// A spot's two corners in one region lie on different boundaries, or
    /// interleave with another spot's: no plane drawing looks like that.
    NotPlanar { spot: Spot },
    /// An empty boundary.
    EmptyBoundary,
    /// The number of regions breaks Euler's formula for this many spots,
    /// lines and separate pieces of drawing.
    NotDrawable { regions: usize, pieces: usize, lines: usize },
    /// A labelled position must list every corner of every spot.
    MissingCorner { spot: Spot, corners: usize, expected: usize },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoSpots => write!(f, "a position needs at least one spot"),
            PositionError::UnknownSpot { spot } => write!(f, "spot {spot} does not exist"),
            PositionError::BadLives { spot, lives } => {
                write!(f, "spot {spot} has {lives} lives (at most 3)")
            }
            PositionError::TooManyCorners { spot, corners } => {
                write!(f, "spot {spot} appears {corners} times, more than its lives allow")
            }
            PositionError::NotIsolated { spot } => {
                write!(f, "spot {spot} has 3 lives but is not alone on its boundary")
            }
            PositionError::NotPlanar { spot } => {
                write!(f, "spot {spot}: its corners cannot be drawn in the plane like this")
            }
            PositionError::EmptyBoundary => write!(f, "empty boundary"),
            PositionError::NotDrawable { regions, pieces, lines } => write!(
                f,
                "{regions} regions cannot be drawn with {lines} lines in {pieces} pieces (Euler's formula)"
            ),
            PositionError::MissingCorner { spot, corners, expected } => write!(
                f,
                "spot {spot} appears {corners} times but a spot with its lives has {expected} corners"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A Sprouts position: lives of every spot and the regions of the drawing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `lives[s - 1]` is the number of lives of spot `s` (3 - degree).
    lives: Vec<u8>,
    regions: Vec<Region>,
}

impl Position {
    /// The start position with `n` isolated spots, numbered 1..=n.
    pub fn start(n: usize) -> Result<Position, PositionError> {
        if n == 0 {
            return Err(PositionError::NoSpots);
        }
        let region: Region = (1..=n as Spot).map(|s| vec![s]).collect();
        Ok(Position { lives: vec![3; n], regions: vec![region] })
    }

    /// Builds a position from lives (`lives[s-1]` for spot `s`) and regions,
    /// checking what a plane drawing requires of each spot. The result is
    /// normalised (see [`Position::normalize`]).
    pub fn new(lives: Vec<u8>, regions: Vec<Region>) -> Result<Position, PositionError> {
        let mut p = Position { lives, regions };
        p.check()?;
        p.normalize();
        Ok(p)
    }

    /// Like [`Position::new`], and also requires a complete drawing: every
    /// spot of degree d listed max(d, 1) times (nothing dropped).
    pub fn new_labelled(lives: Vec<u8>, regions: Vec<Region>) -> Result<Position, PositionError> {
        let p = Position::new(lives, regions)?;
        let counts = p.corner_counts();
        for (i, &l) in p.lives.iter().enumerate() {
            let expected = (3 - l as usize).max(1);
            if counts[i] != expected {
                return Err(PositionError::MissingCorner {
                    spot: i as Spot + 1,
                    corners: counts[i],
                    expected,
                });
            }
        }
        p.check_euler()?;
        Ok(p)
    }

    /// Whether every spot is listed at all its corners (max(degree, 1) of
    /// them), as in a labelled position: then it is a whole drawing.
    pub fn is_complete(&self) -> bool {
        let counts = self.corner_counts();
        self.lives.iter().zip(counts).all(|(&l, c)| c == (3 - l as usize).max(1))
    }

    /// Euler's formula for a drawing on the sphere with C pieces:
    /// V − E + F = 1 + C. Every corner check above is local; this one ties
    /// the number of regions to the rest, so that no list of regions that
    /// cannot be drawn is accepted, whatever order it is written in.
    fn check_euler(&self) -> Result<(), PositionError> {
        let n = self.lives.len();
        let degree: usize = self.lives.iter().map(|&l| 3 - l as usize).sum();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for b in self.regions.iter().flatten() {
            for w in b.windows(2) {
                let (x, y) = (find(&mut parent, w[0] as usize - 1), find(&mut parent, w[1] as usize - 1));
                parent[x] = y;
            }
        }
        let pieces = (0..n).filter(|&i| find(&mut parent, i) == i).count();
        let (v, e, f) = (n as i64, (degree / 2) as i64, self.regions.len() as i64);
        if degree % 2 == 1 || v - e + f != 1 + pieces as i64 {
            return Err(PositionError::NotDrawable { regions: self.regions.len(), pieces, lines: degree / 2 });
        }
        Ok(())
    }

    pub(crate) fn from_raw(lives: Vec<u8>, regions: Vec<Region>) -> Position {
        Position { lives, regions }
    }

    fn corner_counts(&self) -> Vec<usize> {
        let mut counts = vec![0usize; self.lives.len()];
        for r in &self.regions {
            for b in r {
                for &s in b {
                    counts[s as usize - 1] += 1;
                }
            }
        }
        counts
    }

    fn check(&self) -> Result<(), PositionError> {
        let n = self.lives.len();
        for (i, &l) in self.lives.iter().enumerate() {
            if l > 3 {
                return Err(PositionError::BadLives { spot: i as Spot + 1, lives: l });
            }
        }
        // (region, boundary) of every corner seen of each spot (at most 3):
        // two corners of a spot in one region must be on one boundary,
        // whichever order the regions are listed in.
        let mut seen: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        let mut counts = vec![0usize; n];
        for (ri, r) in self.regions.iter().enumerate() {
            for (bi, b) in r.iter().enumerate() {
                if b.is_empty() {
                    return Err(PositionError::EmptyBoundary);
                }
                for &s in b {
                    if s == 0 || s as usize > n {
                        return Err(PositionError::UnknownSpot { spot: s });
                    }
                    let i = s as usize - 1;
                    counts[i] += 1;
                    let max = (3 - self.lives[i] as usize).max(1);
                    if counts[i] > max {
                        return Err(PositionError::TooManyCorners { spot: s, corners: counts[i] });
                    }
                    if self.lives[i] == 3 && b.len() != 1 {
                        return Err(PositionError::NotIsolated { spot: s });
                    }
                    if seen[i].iter().any(|&(r0, b0)| r0 == ri && b0 != bi) {
                        return Err(PositionError::NotPlanar { spot: s });
                    }
                    seen[i].push((ri, bi));
                }
                check_nesting(b)?;
            }
        }
        Ok(())
    }

    /// Puts the position in a standard form without changing what it means:
    /// each boundary starts at its smallest rotation, boundaries and regions
    /// are sorted. Two labelled positions are the same drawing (up to
    /// homeomorphism keeping orientation) exactly when their normal forms are
    /// equal.
    pub fn normalize(&mut self) {
        for r in &mut self.regions {
            for b in r.iter_mut() {
                let k = min_rotation(b);
                b.rotate_left(k);
            }
            crate::sort::sort_short(r);
        }
        crate::sort::sort_short(&mut self.regions);
    }

    /// Number of spots ever created (the largest spot number).
    pub fn spot_count(&self) -> usize {
        self.lives.len()
    }

    /// Lives of spot `s` (0 if `s` does not exist).
    pub fn lives(&self, s: Spot) -> u8 {
        if s == 0 {
            return 0;
        }
        self.lives.get(s as usize - 1).copied().unwrap_or(0)
    }

    pub(crate) fn lives_slice(&self) -> &[u8] {
        &self.lives
    }

    /// The regions, each a list of boundaries.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Total lives left: every move removes exactly one.
    pub fn total_lives(&self) -> u32 {
        self.lives.iter().map(|&l| l as u32).sum()
    }

    /// Lives available in one region: each distinct spot counted once.
    pub fn region_lives(&self, region: &Region) -> u32 {
        let mut spots: Vec<Spot> = region.iter().flatten().copied().collect();
        crate::sort::sort_short(&mut spots);
        spots.dedup();
        spots.iter().map(|&s| self.lives(s) as u32).sum()
    }

    /// The reduced position: what can still matter to the game. Dead spots
    /// are removed from their boundaries (no move can end on them, and a move
    /// next to them reads the same without them); a 1-life spot listed twice
    /// in a row keeps one corner (the two corners are separated only by dead
    /// lines, so joining either gives the same game); empty boundaries go;
    /// regions with fewer than 2 lives go (no move can be made in them).
    /// Spots are renumbered 1..=k in order of first appearance.
    pub fn reduced(&self) -> Position {
        let mut regions = self.reduced_regions();
        let mut map = vec![0 as Spot; self.lives.len() + 1];
        let mut lives = Vec::new();
        for r in regions.iter_mut() {
            for b in r.iter_mut() {
                for s in b.iter_mut() {
                    let i = *s as usize;
                    if map[i] == 0 {
                        lives.push(self.lives[i - 1]);
                        map[i] = lives.len() as Spot;
                    }
                    *s = map[i];
                }
            }
        }
        let mut p = Position { lives, regions };
        p.normalize();
        p
    }

    /// The regions of [`Position::reduced`], with the spot numbers of
    /// `self` and in no particular order (the canonical form needs no more).
    pub(crate) fn reduced_regions(&self) -> Vec<Region> {
        let mut regions: Vec<Region> = Vec::with_capacity(self.regions.len());
        // Stamps mark spots already counted in the region being summed.
        let mut stamp = vec![usize::MAX; self.lives.len() + 1];
        for (ri, r) in self.regions.iter().enumerate() {
            let mut nr: Region = Vec::with_capacity(r.len());
            let mut lives = 0u32;
            for b in r {
                let mut nb: Boundary = Vec::with_capacity(b.len());
                for &s in b {
                    let l = self.lives(s);
                    if l > 0 {
                        nb.push(s);
                        if stamp[s as usize] != ri {
                            stamp[s as usize] = ri;
                            lives += l as u32;
                        }
                    }
                }
                dedup_cyclic(&mut nb);
                if !nb.is_empty() {
                    nr.push(nb);
                }
            }
            if lives >= 2 {
                regions.push(nr);
            }
        }
        regions
    }

    /// Groups of region indices that share live spots (lands).
    pub(crate) fn land_groups(&self, regions: &[Region]) -> Vec<Vec<usize>> {
        let k = regions.len();
        let mut parent: Vec<usize> = (0..k).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        let mut owner: Vec<usize> = vec![usize::MAX; self.lives.len() + 1];
        for (ri, r) in regions.iter().enumerate() {
            for &s in r.iter().flatten() {
                if self.lives(s) == 0 {
                    continue;
                }
                match owner[s as usize] {
                    usize::MAX => owner[s as usize] = ri,
                    o => {
                        let (a, b) = (find(&mut parent, o), find(&mut parent, ri));
                        parent[a] = b;
                    }
                }
            }
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut index: Vec<usize> = vec![usize::MAX; k];
        for ri in 0..k {
            let root = find(&mut parent, ri);
            if index[root] == usize::MAX {
                groups.push(Vec::new());
                index[root] = groups.len() - 1;
            }
            groups[index[root]].push(ri);
        }
        groups
    }

    /// Whether no move is left: no region has 2 lives.
    pub fn is_over(&self) -> bool {
        !self.regions.iter().any(|r| self.region_lives(r) >= 2)
    }

    /// Splits the position into lands: groups of regions that share live
    /// spots. Different lands are independent games. Each land keeps the
    /// full spot numbering of `self`.
    pub fn lands(&self) -> Vec<Position> {
        self.land_groups(&self.regions)
            .into_iter()
            .map(|g| Position {
                lives: self.lives.clone(),
                regions: g.into_iter().map(|ri| self.regions[ri].clone()).collect(),
            })
            .collect()
    }

    /// The live spots (sorted) of each land that still has a move, lands in
    /// sorted order: different lands are independent games.
    pub fn land_spots(&self) -> Vec<Vec<Spot>> {
        let mut out: Vec<Vec<Spot>> = self
            .lands()
            .into_iter()
            .filter(|land| !land.is_over())
            .map(|land| {
                let mut s: Vec<Spot> =
                    land.regions().iter().flatten().flatten().copied().filter(|&s| self.lives(s) > 0).collect();
                crate::sort::sort_short(&mut s);
                s.dedup();
                s
            })
            .collect();
        crate::sort::sort_short(&mut out);
        out
    }

    /// Every spot's corners: (region, boundary, index) triples.
    pub fn corners_of(&self, s: Spot) -> Vec<(usize, usize, usize)> {
        let mut out = Vec::new();
        for (ri, r) in self.regions.iter().enumerate() {
            for (bi, b) in r.iter().enumerate() {
                for (ci, &t) in b.iter().enumerate() {
                    if t == s {
                        out.push((ri, bi, ci));
                    }
                }
            }
        }
        out
    }

    /// Renames spots by `f` (a bijection on 1..=N) — used by tests of the
    /// canonical form.
    pub fn relabel(&self, perm: &[Spot]) -> Position {
        let mut lives = vec![0; self.lives.len()];
        for (i, &l) in self.lives.iter().enumerate() {
            lives[perm[i] as usize - 1] = l;
        }
        let regions = self
            .regions
            .iter()
            .map(|r| r.iter().map(|b| b.iter().map(|&s| perm[s as usize - 1]).collect()).collect())
            .collect();
        Position { lives, regions }
    }

    /// The mirror image: every boundary read backwards.
    pub fn mirror(&self) -> Position {
        let regions = self
            .regions
            .iter()
            .map(|r| {
                r.iter()
                    .map(|b| {
                        let mut b = b.clone();
                        b.reverse();
                        b
                    })
                    .collect()
            })
            .collect();
        let mut p = Position { lives: self.lives.clone(), regions };
        p.normalize();
        p
    }
}

/// Removes repeated neighbours in a cyclic sequence: `a a` becomes `a`.
fn dedup_cyclic(b: &mut Boundary) {
    b.dedup();
    while b.len() > 1 && b[0] == b[b.len() - 1] {
        b.pop();
    }
}

/// Index of the lexicographically smallest rotation, the first if several:
/// the two-pointer "minimum expression" scan, linear (comparing every
/// rotation was quadratic on long periodic boundaries such as `1111…`).
pub(crate) fn min_rotation<T: Ord>(b: &[T]) -> usize {
    let n = b.len();
    let (mut i, mut j, mut k) = (0, 1, 0);
    while i < n && j < n && k < n {
        match b[(i + k) % n].cmp(&b[(j + k) % n]) {
            std::cmp::Ordering::Equal => k += 1,
            o => {
                if o == std::cmp::Ordering::Greater {
                    i += k + 1;
                } else {
                    j += k + 1;
                }
                if i == j {
                    j += 1;
                }
                k = 0;
            }
        }
    }
    match cyclic_period(b) {
        0 => 0,
        p => i.min(j) % p,
    }
}

/// The smallest turn that maps the cyclic sequence `b` onto itself (its
/// length if none, 0 if empty), from the Knuth–Morris–Pratt border.
pub(crate) fn cyclic_period<T: Eq>(b: &[T]) -> usize {
    let n = b.len();
    // On the stack when short (nearly always): this runs for every
    // boundary of every child canonicalised, and the allocation was 5 % of
    // a misère solve (perf, 13 spots).
    let mut short = [0usize; 64];
    let mut long = Vec::new();
    let fail: &mut [usize] = if n <= short.len() {
        &mut short[..n]
    } else {
        long.resize(n, 0);
        &mut long
    };
    let mut k = 0;
    for i in 1..n {
        while k > 0 && b[i] != b[k] {
            k = fail[k - 1];
        }
        if b[i] == b[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let shift = n - fail.last().copied().unwrap_or(0);
    if shift > 0 && n % shift == 0 {
        shift
    } else {
        n
    }
}

/// The corners of a boundary must nest: the occurrences of two spots never
/// interleave (`a b a b`), as the occurrences of cut vertices do not in a
/// plane drawing. One scan with a stack of the spots still to be met again
/// (non-crossing is the same from any starting corner, so the check does
/// not depend on how the boundary is rotated, and a spot met three times is
/// checked like one met twice).
fn check_nesting(b: &Boundary) -> Result<(), PositionError> {
    let mut left: std::collections::HashMap<Spot, usize> = std::collections::HashMap::new();
    for &s in b {
        *left.entry(s).or_insert(0) += 1;
    }
    let mut open: Vec<Spot> = Vec::new();
    let mut is_open: std::collections::HashSet<Spot> = std::collections::HashSet::new();
    for &s in b {
        let k = left.get_mut(&s).map(|k| {
            *k -= 1;
            *k
        });
        let more = k.unwrap_or(0) > 0;
        if open.last() == Some(&s) {
            if !more {
                open.pop();
                is_open.remove(&s);
            }
        } else if is_open.contains(&s) {
            // A spot opened after s is still to be met again: they cross.
            return Err(PositionError::NotPlanar { spot: s });
        } else if more {
            open.push(s);
            is_open.insert(s);
        }
    }
    Ok(())
}
