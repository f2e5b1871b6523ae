//! A slow, independent reference for the variants: its own position type,
//! its own move generator written from the boundary rules, and a
//! brute-force canonical form (the smallest encoding over every order of
//! regions and boundaries, every starting corner and both directions of
//! each region). Nothing here uses `crate::topology`, so where the fast
//! engine and this one agree (children, outcomes), two separate programs
//! agree. Exponential in the size of a land: for small starts only.
//!
//! It also plays (p, q) Sprouts ([`RefPos::pq_children`]), independently
//! of `super::pq`: a move there is a Sprouts line a–x–b whose point x
//! keeps p − 2 lives, then q − 2 bare lines from x (the engine hangs x on
//! one corner and draws q − 1 bare lines; its canonical form is greedy,
//! this one brute force).

use super::NewSpot;
use super::Rules;

/// A reduced position: lives of each spot (0-based) and regions of
/// boundaries (cyclic lists of spots), only live spots kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefPos {
    pub lives: Vec<u8>,
    pub regions: Vec<Vec<Vec<usize>>>,
}

/// The canonical key: each land's smallest encoding, sorted.
pub type Key = Vec<Vec<u32>>;

impl RefPos {
    /// `dots` isolated dots and `crosses` crosses (four tips each).
    pub fn start(dots: usize, crosses: usize) -> RefPos {
        let mut lives = Vec::new();
        let mut region = Vec::new();
        for _ in 0..dots {
            lives.push(3);
            region.push(vec![lives.len() - 1]);
        }
        for _ in 0..crosses {
            let b: Vec<usize> = (lives.len()..lives.len() + 4).collect();
            lives.extend([1, 1, 1, 1]);
            region.push(b);
        }
        RefPos { lives, regions: vec![region] }
    }

    /// Every child (duplicates included) under `rules`.
    pub fn children(&self, rules: Rules) -> Vec<RefPos> {
        let mut out = Vec::new();
        for ri in 0..self.regions.len() {
            for (p, q) in self.line_ends(ri) {
                let region = &self.regions[ri];
                if p != q && region[p.0][p.1] == region[q.0][q.1] {
                    continue; // two corners of a 1-life spot
                }
                for &what in rules.new_spots() {
                    self.line(ri, p, q, what, 1, &mut out);
                }
            }
        }
        out
    }

    /// The corners of region `ri` a line may join (corner indices, a
    /// corner with itself too): both live, and a spot joined to itself
    /// has two lives or more.
    fn line_ends(&self, ri: usize) -> Vec<((usize, usize), (usize, usize))> {
        let region = &self.regions[ri];
        let corners: Vec<(usize, usize)> = region
            .iter()
            .enumerate()
            .flat_map(|(bi, b)| (0..b.len()).map(move |i| (bi, i)))
            .filter(|&(bi, i)| self.lives[region[bi][i]] > 0)
            .collect();
        let mut out = Vec::new();
        for x in 0..corners.len() {
            for y in x..corners.len() {
                let (c, d) = (corners[x], corners[y]);
                let s = region[c.0][c.1];
                if s != region[d.0][d.1] || self.lives[s] >= 2 {
                    out.push((c, d));
                }
            }
        }
        out
    }

    /// `n` isolated points of `p` lives ((p, q) Sprouts).
    pub fn pq_start(n: usize, p: u8) -> RefPos {
        RefPos { lives: vec![p; n], regions: vec![(0..n).map(|s| vec![s]).collect()] }
    }

    /// Every (p, q) child (duplicates included, unreduced): a Sprouts line
    /// a–x–b (a = b allowed: two corners, or a loop, of a spot with two
    /// lives), x of degree 2, then q − 2 bare lines from a corner of x to
    /// a live spot other than x.
    pub fn pq_children(&self, p: u8, q: u8) -> Vec<RefPos> {
        let mut out = Vec::new();
        for ri in 0..self.regions.len() {
            for (c, d) in self.line_ends(ri) {
                let mut first = Vec::new();
                self.line(ri, c, d, NewSpot::Dot, p - 2, &mut first);
                for f in first {
                    let x = f.lives.len() - 1;
                    f.more_edges(x, q - 2, &mut out);
                }
            }
        }
        out
    }

    /// `k` more bare lines from `x`, every way.
    fn more_edges(&self, x: usize, k: u8, out: &mut Vec<RefPos>) {
        if k == 0 {
            out.push(self.clone());
            return;
        }
        for ri in 0..self.regions.len() {
            let region = &self.regions[ri];
            for (bi, b) in region.iter().enumerate() {
                for i in (0..b.len()).filter(|&i| b[i] == x) {
                    for (bj, c) in region.iter().enumerate() {
                        for j in (0..c.len()).filter(|&j| c[j] != x && self.lives[c[j]] > 0) {
                            let mut next = Vec::new();
                            self.line(ri, (bi, i), (bj, j), NewSpot::Nothing, 0, &mut next);
                            for n in next {
                                n.more_edges(x, k - 1, out);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The distinct (p, q) children's keys.
    pub fn pq_child_keys(&self, p: u8, q: u8) -> Vec<(Key, RefPos)> {
        let mut seen = std::collections::HashMap::new();
        for c in self.pq_children(p, q) {
            let c = c.reduce_min(q as u32);
            seen.entry(c.key_min(q as u32)).or_insert(c);
        }
        seen.into_iter().collect()
    }

    /// All children of the line from corner `p` to corner `q` of region
    /// `ri` carrying `what` (a dot gets `dot_lives`).
    fn line(
        &self,
        ri: usize,
        p: (usize, usize),
        q: (usize, usize),
        what: NewSpot,
        dot_lives: u8,
        out: &mut Vec<RefPos>,
    ) {
        let region = &self.regions[ri];
        let (a, b) = (region[p.0][p.1], region[q.0][q.1]);
        let mut lives = self.lives.clone();
        lives[a] -= 1;
        lives[b] -= 1;
        // The new line's two sides: what each side's boundary gets where
        // the line's middle is.
        let (side1, side2): (Vec<usize>, Vec<usize>) = match what {
            NewSpot::Dot => {
                lives.push(dot_lives);
                (vec![lives.len() - 1], vec![lives.len() - 1])
            }
            NewSpot::Cross => {
                lives.extend([1, 1]);
                (vec![lives.len() - 2], vec![lives.len() - 1])
            }
            NewSpot::Nothing => (vec![], vec![]),
        };
        let from = |bi: usize, i: usize| -> Vec<usize> {
            let bd = &region[bi];
            (0..bd.len()).map(|k| bd[(i + k) % bd.len()]).collect()
        };
        let others: Vec<usize> = (0..region.len()).filter(|&i| i != p.0 && i != q.0).collect();
        let rest: Vec<Vec<Vec<usize>>> =
            self.regions.iter().enumerate().filter(|&(i, _)| i != ri).map(|(_, r)| r.clone()).collect();
        if p.0 != q.0 {
            // Two boundaries merge: a x.. a | c | b y.. b | c.
            let mut m = from(p.0, p.1);
            if region[p.0].len() > 1 {
                m.push(a);
            }
            m.extend(&side1);
            m.extend(from(q.0, q.1));
            if region[q.0].len() > 1 {
                m.push(b);
            }
            m.extend(&side2);
            let mut r: Vec<Vec<usize>> = others.iter().map(|&i| region[i].clone()).collect();
            r.push(m);
            let mut regions = rest;
            regions.push(r);
            out.push(RefPos { lives, regions });
            return;
        }
        let (r1, r2) = if p == q {
            // A loop: inside (a c), outside the boundary with a doubled.
            let mut outer = from(p.0, p.1);
            if region[p.0].len() > 1 {
                outer.push(a);
            }
            outer.extend(&side2);
            let mut inner = vec![a];
            inner.extend(&side1);
            (inner, outer)
        } else {
            // One boundary (a x.. b y..) splits: (a x.. b c) and (b y.. a c).
            let whole = from(p.0, p.1);
            let j = (q.1 + whole.len() - p.1) % whole.len();
            let mut r1: Vec<usize> = whole[..=j].to_vec();
            r1.extend(&side1);
            let mut r2: Vec<usize> = whole[j..].to_vec();
            r2.push(a);
            r2.extend(&side2);
            (r1, r2)
        };
        for mask in 0u64..(1u64 << others.len()) {
            let mut in1 = vec![r1.clone()];
            let mut in2 = vec![r2.clone()];
            for (k, &i) in others.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    in1.push(region[i].clone());
                } else {
                    in2.push(region[i].clone());
                }
            }
            let mut regions = rest.clone();
            regions.push(in1);
            regions.push(in2);
            out.push(RefPos { lives: lives.clone(), regions });
        }
    }

    /// Drops what no move can use: dead spots, a spot's second corner
    /// right after its first (only dead lines between them), empty
    /// boundaries, regions with fewer than two lives; renumbers the spots.
    pub fn reduce(&self) -> RefPos {
        self.reduce_min(2)
    }

    /// [`RefPos::reduce`] dropping regions with fewer than `min` lives (a
    /// move uses q of them in (p, q) Sprouts).
    pub fn reduce_min(&self, min: u32) -> RefPos {
        let mut regions = Vec::new();
        for r in &self.regions {
            let mut nr = Vec::new();
            let mut spots = Vec::new();
            for b in r {
                let mut nb: Vec<usize> = b.iter().copied().filter(|&s| self.lives[s] > 0).collect();
                nb.dedup();
                while nb.len() > 1 && nb[0] == nb[nb.len() - 1] {
                    nb.pop();
                }
                spots.extend(nb.iter().copied());
                if !nb.is_empty() {
                    nr.push(nb);
                }
            }
            crate::sort::sort(&mut spots);
            spots.dedup();
            if spots.iter().map(|&s| self.lives[s] as u32).sum::<u32>() >= min {
                regions.push(nr);
            }
        }
        let mut map = vec![usize::MAX; self.lives.len()];
        let mut lives = Vec::new();
        for s in regions.iter_mut().flatten().flatten() {
            if map[*s] == usize::MAX {
                map[*s] = lives.len();
                lives.push(self.lives[*s]);
            }
            *s = map[*s];
        }
        RefPos { lives, regions }
    }

    /// The canonical key of the reduced position.
    pub fn key(&self) -> Key {
        self.key_min(2)
    }

    /// The canonical key reduced by [`RefPos::reduce_min`].
    pub fn key_min(&self, min: u32) -> Key {
        let p = self.reduce_min(min);
        let mut lands: Key = lands(&p).iter().map(|l| encode_land(&p, l)).collect();
        crate::sort::sort(&mut lands);
        lands
    }

    /// The distinct children's keys.
    pub fn child_keys(&self, rules: Rules) -> Vec<(Key, RefPos)> {
        let mut seen = std::collections::HashMap::new();
        for c in self.children(rules) {
            let c = c.reduce();
            seen.entry(c.key()).or_insert(c);
        }
        seen.into_iter().collect()
    }
}

/// Region indices grouped by shared spots (union-find over spots).
// `pq::canon` began as a copy of this and of `reduce_min`; kept apart on purpose: the reference shares no code with the engine it checks.
fn lands(p: &RefPos) -> Vec<Vec<usize>> {
    let n = p.regions.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        if p[x] == x {
            x
        } else {
            let r = find(p, p[x]);
            p[x] = r;
            r
        }
    }
    let mut owner = vec![usize::MAX; p.lives.len()];
    for (ri, r) in p.regions.iter().enumerate() {
        for &s in r.iter().flatten() {
            if owner[s] == usize::MAX {
                owner[s] = ri;
            } else {
                let (x, y) = (find(&mut parent, owner[s]), find(&mut parent, ri));
                parent[x] = y;
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for ri in 0..n {
        let root = find(&mut parent, ri);
        groups.entry(root).or_default().push(ri);
    }
    groups.into_values().collect()
}

/// Marks in an encoding (spots are `2 + 16·label + lives`).
const END_REGION: u32 = 0;
const END_BOUNDARY: u32 = 1;

/// The smallest encoding of one land over every writing of it.
fn encode_land(p: &RefPos, land: &[usize]) -> Vec<u32> {
    let regions: Vec<&Vec<Vec<usize>>> = land.iter().map(|&i| &p.regions[i]).collect();
    let mut st = Enc {
        p,
        regions,
        best: None,
        cur: Vec::new(),
        label: vec![u32::MAX; p.lives.len()],
        next: 0,
        generation: 0,
    };
    let used = vec![false; st.regions.len()];
    st.regions_from(used, true);
    st.best.unwrap_or_default()
}

struct Enc<'a> {
    p: &'a RefPos,
    regions: Vec<&'a Vec<Vec<usize>>>,
    best: Option<Vec<u32>>,
    cur: Vec<u32>,
    label: Vec<u32>,
    next: u32,
    /// Bumped whenever `best` is replaced. A node whose subtree replaced
    /// it is then a prefix of the new best, so its "tied" flag (kept
    /// relative to the old best) becomes true again.
    generation: u64,
}

impl Enc<'_> {
    /// Appends `t`; false when the writing so far is already larger than
    /// the best (`tied`: equal to the best's prefix up to here).
    fn push(&mut self, t: u32, tied: &mut bool) -> bool {
        if *tied {
            if let Some(b) = &self.best {
                let bt = b[self.cur.len()];
                if t > bt {
                    return false;
                }
                if t < bt {
                    *tied = false;
                }
            } else {
                *tied = false;
            }
        }
        self.cur.push(t);
        true
    }

    fn spot_token(&mut self, s: usize) -> (u32, bool) {
        let fresh = self.label[s] == u32::MAX;
        if fresh {
            self.label[s] = self.next;
            self.next += 1;
        }
        (2 + 16 * self.label[s] + self.p.lives[s] as u32, fresh)
    }

    /// Every order of the regions not yet written.
    fn regions_from(&mut self, used: Vec<bool>, tied: bool) {
        if used.iter().all(|&u| u) {
            if tied && self.best.is_some() {
                return;
            }
            self.best = Some(self.cur.clone());
            self.generation += 1;
            return;
        }
        let mut tied = tied;
        for ri in 0..self.regions.len() {
            if used[ri] {
                continue;
            }
            for reverse in [false, true] {
                let mut u = used.clone();
                u[ri] = true;
                let bused = vec![false; self.regions[ri].len()];
                let g = self.generation;
                self.boundaries_from(ri, reverse, bused, &u, tied);
                tied |= g != self.generation;
            }
        }
    }

    /// Every order and rotation of region `ri`'s boundaries not yet written.
    fn boundaries_from(&mut self, ri: usize, reverse: bool, bused: Vec<bool>, used: &[bool], tied: bool) {
        if bused.iter().all(|&u| u) {
            let len = self.cur.len();
            let mut t = tied;
            if self.push(END_REGION, &mut t) {
                self.regions_from(used.to_vec(), t);
            }
            // (The caller notices a new best by the generation.)
            self.cur.truncate(len);
            return;
        }
        let region = self.regions[ri];
        let mut tied = tied;
        for bi in 0..region.len() {
            if bused[bi] {
                continue;
            }
            let mut b = region[bi].clone();
            if reverse {
                b.reverse();
            }
            for start in 0..b.len() {
                let len = self.cur.len();
                let (next, mut fresh) = (self.next, Vec::new());
                let mut t = tied;
                let mut ok = true;
                for k in 0..b.len() {
                    let s = b[(start + k) % b.len()];
                    let (tok, f) = self.spot_token(s);
                    if f {
                        fresh.push(s);
                    }
                    if !self.push(tok, &mut t) {
                        ok = false;
                        break;
                    }
                }
                if ok && self.push(END_BOUNDARY, &mut t) {
                    let mut bu = bused.clone();
                    bu[bi] = true;
                    let g = self.generation;
                    self.boundaries_from(ri, reverse, bu, used, t);
                    tied |= g != self.generation;
                }
                for s in fresh {
                    self.label[s] = u32::MAX;
                }
                self.next = next;
                self.cur.truncate(len);
            }
        }
    }
}
