//! Canonical forms: one token string per class of equivalent positions.
//!
//! A reduced position is read as Lemoine–Viennot tokens: `0` (3 lives),
//! `1` (2 lives), `2` (1 life, one corner left), a lowercase letter (1 life,
//! both corners in one region) or an uppercase letter (1 life, corners in
//! two regions). Writing a position means choosing
//! - an order of lands, of regions in a land, of boundaries in a region,
//! - a starting corner for each boundary,
//! - a reading direction for each region on its own (mirror image),
//! - letter names, given in order of first appearance (uppercase per land,
//!   lowercase per boundary).
//!
//! The canonical writing is chosen in two steps, so that the expensive part
//! is done once per region rather than once per arrangement:
//! 1. the *shape*: every uppercase letter is written as its colour (an
//!    invariant: which kinds of region it joins); regions, boundaries,
//!    rotations and directions are chosen to make the shape smallest;
//! 2. the *names*: among the arrangements with that smallest shape (they
//!    differ only where shapes tie), the one whose sequence of uppercase
//!    names is smallest.
//! The result is written with names only; it still describes the position
//! completely, so different classes never share it.
//!
//! Why each freedom keeps the game the same: spot names are not part of the
//! game; boundaries are cyclic; boundaries, regions and lands are sets; and a
//! region interacts with the rest of the position only through the lives of
//! its spots, so reflecting one region alone (reading all its boundaries
//! backwards) changes neither its moves nor what they do to other regions.
//!
//! Both minimisations are greedy, branching only on exact ties: every region
//! ends with `}` and every boundary with `.`, so the smallest writing starts
//! with the smallest region (then boundary) that can come first.

use super::position::{Position, Region, Spot};

/// Token values, in the order that defines "smallest".
pub(crate) const T_DOT: u16 = 0;
pub(crate) const T_REGION: u16 = 1;
pub(crate) const T_ZERO: u16 = 2;
pub(crate) const T_ONE: u16 = 3;
pub(crate) const T_TWO: u16 = 4;
pub(crate) const T_UPPER: u16 = 8;
pub(crate) const T_LOWER: u16 = 0x8000;
/// Ends a land in [`Canon`] token strings.
pub(crate) const T_LAND: u16 = 5;

/// The canonical form of a position: its lands' token strings, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Canon {
    /// Concatenated land strings, each ended by `T_LAND`.
    tokens: Box<[u16]>,
}

/// How one spot is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Digit(u16),
    Lower,
    /// With its colour token (see [`color_letters`]).
    Upper(u16),
}

struct Classes {
    kind: Vec<Kind>,
}

fn classify(p: &Position, regions: &[Region]) -> Classes {
    let n = p.spot_count();
    let mut count = vec![0u8; n + 1];
    let mut region_of = vec![usize::MAX; n + 1];
    let mut split = vec![false; n + 1];
    for (ri, r) in regions.iter().enumerate() {
        for &s in r.iter().flatten() {
            let i = s as usize;
            count[i] += 1;
            if region_of[i] == usize::MAX {
                region_of[i] = ri;
            } else if region_of[i] != ri {
                split[i] = true;
            }
        }
    }
    let kind = (0..=n)
        .map(|i| match p.lives(i as Spot) {
            3 => Kind::Digit(T_ZERO),
            2 => Kind::Digit(T_ONE),
            _ if count[i] >= 2 && split[i] => Kind::Upper(T_COLOR),
            _ if count[i] >= 2 => Kind::Lower,
            _ => Kind::Digit(T_TWO),
        })
        .collect();
    Classes { kind }
}

impl Canon {
    /// The canonical form of `p` (reduced first).
    pub fn of(p: &Position) -> Canon {
        let regions = p.reduced_regions();
        let classes = classify(p, &regions);
        let mut lands: Vec<Vec<u16>> = p
            .land_groups(&regions)
            .into_iter()
            .map(|g| {
                let land: Vec<&Region> = g.into_iter().map(|ri| &regions[ri]).collect();
                canon_land(&land, &classes, p.spot_count())
            })
            .collect();
        lands.sort();
        let mut tokens = Vec::with_capacity(lands.iter().map(|l| l.len() + 1).sum());
        for l in lands {
            tokens.extend(l);
            tokens.push(T_LAND);
        }
        Canon { tokens: tokens.into_boxed_slice() }
    }

    pub(crate) fn tokens(&self) -> &[u16] {
        &self.tokens
    }

    /// Rebuilds a form from tokens that came from [`Canon::tokens`].
    pub(crate) fn from_tokens(tokens: Vec<u16>) -> Canon {
        Canon { tokens: tokens.into_boxed_slice() }
    }

    /// Whether the game is over (no land left).
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The lands, each as its own canonical form.
    pub fn lands(&self) -> Vec<Canon> {
        self.tokens
            .split_inclusive(|&t| t == T_LAND)
            .map(|l| Canon { tokens: l.into() })
            .collect()
    }
}

/// Colours of uppercase letters (`T_COLOR + rank`) appear only in shapes.
const T_COLOR: u16 = 0x4000;

const UNNAMED: u16 = u16::MAX;

/// One boundary in a region's best shape.
struct BoundaryForm {
    shape: Vec<u16>,
    /// The boundary's spots in the region's reading direction.
    spots: Vec<Spot>,
    /// Every start (index into `spots`) that gives `shape`.
    starts: Vec<usize>,
    has_upper: bool,
}

impl BoundaryForm {
    fn reading(&self, k: usize) -> impl Iterator<Item = Spot> + '_ {
        let s = self.starts[k];
        self.spots[s..].iter().chain(&self.spots[..s]).copied()
    }
}

/// A region's best shape, and every reading direction that gives it, each
/// with its boundaries sorted by shape.
struct RegionForm {
    shape: Vec<u16>,
    variants: Vec<Vec<BoundaryForm>>,
    has_upper: bool,
}

fn region_form(r: &Region, classes: &Classes) -> RegionForm {
    let mut best: Option<RegionForm> = None;
    let mut t = Vec::new();
    let mut lower = Vec::new();
    for mirrored in [false, true] {
        let mut bounds: Vec<BoundaryForm> = r
            .iter()
            .map(|b| {
                let spots: Vec<Spot> = if mirrored { b.iter().rev().copied().collect() } else { b.clone() };
                boundary_form(spots, classes, &mut t, &mut lower)
            })
            .collect();
        bounds.sort_by(|x, y| x.shape.cmp(&y.shape));
        let mut shape: Vec<u16> = Vec::with_capacity(bounds.iter().map(|b| b.shape.len()).sum::<usize>() + 1);
        for b in &bounds {
            shape.extend_from_slice(&b.shape);
        }
        shape.push(T_REGION);
        let has_upper = bounds.iter().any(|b| b.has_upper);
        match best.as_mut() {
            Some(f) if f.shape == shape => {
                // A mirror-symmetric shape: names may still differ.
                if has_upper {
                    f.variants.push(bounds);
                }
            }
            Some(f) if f.shape < shape => {}
            _ => best = Some(RegionForm { shape, variants: vec![bounds], has_upper }),
        }
    }
    best.unwrap_or(RegionForm { shape: vec![T_REGION], variants: vec![Vec::new()], has_upper: false })
}

fn boundary_form(spots: Vec<Spot>, classes: &Classes, t: &mut Vec<u16>, lower: &mut Vec<Spot>) -> BoundaryForm {
    let head = |s: Spot| match classes.kind[s as usize] {
        Kind::Digit(d) => d,
        Kind::Lower => T_LOWER,
        Kind::Upper(color) => color,
    };
    let min_head = spots.iter().map(|&s| head(s)).min().unwrap_or(0);
    let has_upper = spots.iter().any(|&s| matches!(classes.kind[s as usize], Kind::Upper(_)));
    let mut shape: Vec<u16> = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    for k in 0..spots.len() {
        if head(spots[k]) != min_head {
            continue;
        }
        write_shape(&spots, k, classes, t, lower);
        match t[..].cmp(&shape[..]) {
            _ if starts.is_empty() => {
                shape.clone_from(t);
                starts.push(k);
            }
            std::cmp::Ordering::Less => {
                shape.clone_from(t);
                starts.clear();
                starts.push(k);
            }
            // Equal shapes from two starts (a periodic boundary) matter only
            // when letters could be named differently.
            std::cmp::Ordering::Equal if has_upper => starts.push(k),
            _ => {}
        }
    }
    BoundaryForm { shape, spots, starts, has_upper }
}

/// The shape of boundary `b` read from corner `k`, ended by `.`.
fn write_shape(b: &[Spot], k: usize, classes: &Classes, t: &mut Vec<u16>, lower: &mut Vec<Spot>) {
    t.clear();
    lower.clear();
    for i in 0..b.len() {
        let s = b[(k + i) % b.len()];
        t.push(match classes.kind[s as usize] {
            Kind::Digit(d) => d,
            Kind::Upper(color) => color,
            Kind::Lower => {
                let j = lower.iter().position(|&x| x == s).unwrap_or_else(|| {
                    lower.push(s);
                    lower.len() - 1
                });
                T_LOWER + j as u16
            }
        });
    }
    t.push(T_DOT);
}

fn canon_land(regions: &[&Region], classes: &Classes, n: usize) -> Vec<u16> {
    let colored;
    let classes = if regions.len() > 1 {
        colored = color_letters(regions, classes);
        &colored
    } else {
        classes
    };
    let mut forms: Vec<RegionForm> = regions.iter().map(|&r| region_form(r, classes)).collect();
    forms.sort_by(|a, b| a.shape.cmp(&b.shape));
    if !forms.iter().any(|f| f.has_upper) {
        // Nothing to name: the shape is the writing.
        return forms.into_iter().flat_map(|f| f.shape).collect();
    }
    let mut namer = Namer {
        forms: &forms,
        classes,
        name: vec![UNNAMED; n + 1],
        next: 0,
        used: vec![false; forms.len()],
        names: Vec::new(),
        choice: Vec::new(),
        best: None,
    };
    namer.search(0);
    let (_, choice) = namer.best.unwrap_or_default();
    // Write the chosen arrangement with names.
    let mut name = vec![UNNAMED; n + 1];
    let mut next = 0u16;
    let mut out = Vec::new();
    for (ri, variant, picks) in choice {
        let bounds = &forms[ri].variants[variant];
        for (bi, k) in picks {
            let mut lower: Vec<Spot> = Vec::new();
            for s in bounds[bi].reading(k) {
                out.push(match classes.kind[s as usize] {
                    Kind::Digit(d) => d,
                    Kind::Lower => {
                        let j = lower.iter().position(|&x| x == s).unwrap_or_else(|| {
                            lower.push(s);
                            lower.len() - 1
                        });
                        T_LOWER + j as u16
                    }
                    Kind::Upper(_) => {
                        if name[s as usize] == UNNAMED {
                            name[s as usize] = next;
                            next += 1;
                        }
                        T_UPPER + name[s as usize]
                    }
                });
            }
            out.push(T_DOT);
        }
        out.push(T_REGION);
    }
    out
}

/// An arrangement: for each region in order, which region, which reading
/// direction, and which (boundary, reading) in order.
type Arrangement = Vec<(usize, usize, Vec<(usize, usize)>)>;

/// Step 2: among arrangements of the smallest shape, the smallest sequence
/// of uppercase names.
struct Namer<'a> {
    forms: &'a [RegionForm],
    classes: &'a Classes,
    name: Vec<u16>,
    next: u16,
    used: Vec<bool>,
    /// Names written so far.
    names: Vec<u16>,
    choice: Arrangement,
    best: Option<(Vec<u16>, Arrangement)>,
}

/// One way to write a region: the names it writes, the spots it names,
/// and its reading direction and (boundary, reading) picks.
struct RegionNames {
    names: Vec<u16>,
    named: Vec<Spot>,
    variant: usize,
    picks: Vec<(usize, usize)>,
}

impl RegionNames {
    fn snapshot(&self) -> RegionNames {
        RegionNames { names: self.names.clone(), named: self.named.clone(), variant: self.variant, picks: self.picks.clone() }
    }
}

impl Namer<'_> {
    fn search(&mut self, slot: usize) {
        if slot == self.forms.len() {
            if self.best.as_ref().map_or(true, |b| self.names < b.0) {
                self.best = Some((self.names.clone(), self.choice.clone()));
            }
            return;
        }
        // Regions that can fill this slot: the unused ones of the slot's shape.
        let shape = &self.forms[slot].shape;
        let mut cands: Vec<(usize, RegionNames)> = Vec::new();
        for ri in 0..self.forms.len() {
            if self.used[ri] || self.forms[ri].shape != *shape {
                continue;
            }
            let f = &self.forms[ri];
            if !f.has_upper {
                // Interchangeable with any other letter-free region of this
                // shape; its readings name nothing.
                if cands.is_empty() {
                    let picks = (0..f.variants[0].len()).map(|bi| (bi, 0)).collect();
                    cands.push((ri, RegionNames { names: Vec::new(), named: Vec::new(), variant: 0, picks }));
                }
                break;
            }
            for (vi, variant) in f.variants.iter().enumerate() {
                let mut found = Vec::new();
                let mut used = vec![false; variant.len()];
                let mut acc = RegionNames { names: Vec::new(), named: Vec::new(), variant: vi, picks: Vec::new() };
                self.boundaries(variant, &mut used, &mut acc, &mut found);
                for w in found {
                    match cands.first().map(|c| w.names.cmp(&c.1.names)) {
                        Some(std::cmp::Ordering::Greater) => {}
                        Some(std::cmp::Ordering::Equal) => {
                            if !cands.iter().any(|c| c.0 == ri && c.1.named == w.named) {
                                cands.push((ri, w));
                            }
                        }
                        _ => {
                            cands.clear();
                            cands.push((ri, w));
                        }
                    }
                }
            }
        }
        // Prune when the names so far equal the best's and these are larger.
        if let (Some(b), Some(c)) = (self.best.as_ref(), cands.first()) {
            let start = self.names.len();
            let end = (start + c.1.names.len()).min(b.0.len());
            if b.0[..start] == self.names[..] && b.0[start..end] < c.1.names[..] {
                return;
            }
        }
        for (ri, w) in cands {
            let len = self.names.len();
            self.names.extend_from_slice(&w.names);
            for &s in &w.named {
                self.name[s as usize] = self.next;
                self.next += 1;
            }
            self.used[ri] = true;
            self.choice.push((ri, w.variant, w.picks));
            self.search(slot + 1);
            self.choice.pop();
            self.used[ri] = false;
            for &s in &w.named {
                self.name[s as usize] = UNNAMED;
            }
            self.next -= w.named.len() as u16;
            self.names.truncate(len);
        }
    }

    /// Every smallest naming of one region variant: boundaries in shape
    /// order, choosing among equal shapes and equal-shape readings.
    fn boundaries(&self, variant: &[BoundaryForm], used: &mut [bool], acc: &mut RegionNames, out: &mut Vec<RegionNames>) {
        let Some(first) = used.iter().position(|&u| !u) else {
            match out.first().map(|o| acc.names.cmp(&o.names)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => {
                    if !out.iter().any(|o| o.named == acc.named) {
                        out.push(acc.snapshot());
                    }
                }
                _ => {
                    out.clear();
                    out.push(acc.snapshot());
                }
            }
            return;
        };
        let shape = &variant[first].shape;
        let next = self.next + acc.named.len() as u16;
        // Candidate (boundary, reading) pairs with their names.
        let mut best: Vec<(usize, usize, Vec<u16>, Vec<Spot>)> = Vec::new();
        for bi in first..variant.len() {
            if used[bi] || variant[bi].shape != *shape {
                continue;
            }
            if !variant[bi].has_upper {
                best.push((bi, 0, Vec::new(), Vec::new()));
                break;
            }
            for k in 0..variant[bi].starts.len() {
                let mut names = Vec::new();
                let mut fresh: Vec<Spot> = Vec::new();
                for s in variant[bi].reading(k) {
                    if let Kind::Upper(_) = self.classes.kind[s as usize] {
                        let nm = self.name[s as usize];
                        names.push(if nm != UNNAMED {
                            nm
                        } else if let Some(j) = acc.named.iter().position(|&x| x == s) {
                            self.next + j as u16
                        } else {
                            let j = fresh.iter().position(|&x| x == s).unwrap_or_else(|| {
                                fresh.push(s);
                                fresh.len() - 1
                            });
                            next + j as u16
                        });
                    }
                }
                match best.first().map(|x| names.cmp(&x.2)) {
                    Some(std::cmp::Ordering::Greater) => {}
                    Some(std::cmp::Ordering::Equal) => {
                        if !best.iter().any(|x| x.3 == fresh) {
                            best.push((bi, k, names, fresh));
                        }
                    }
                    _ => {
                        best.clear();
                        best.push((bi, k, names, fresh));
                    }
                }
            }
        }
        for (bi, k, names, fresh) in best {
            let (nl, ml) = (acc.names.len(), acc.named.len());
            acc.names.extend_from_slice(&names);
            acc.named.extend_from_slice(&fresh);
            acc.picks.push((bi, k));
            used[bi] = true;
            self.boundaries(variant, used, acc, out);
            used[bi] = false;
            acc.picks.pop();
            acc.names.truncate(nl);
            acc.named.truncate(ml);
        }
    }
}

/// Gives every uppercase spot of the land a colour: the rank of the pair of
/// summaries of the two regions it lies in. A summary is cheap and
/// invariant (per boundary: its length and how many symbols of each kind it
/// has, sorted); it need not tell every shape apart, only most.
fn color_letters(regions: &[&Region], classes: &Classes) -> Classes {
    let summary = |r: &Region| -> Vec<u64> {
        let mut v: Vec<u64> = r
            .iter()
            .map(|b| {
                let mut c = [0u64; 6];
                for &s in b {
                    let i = match classes.kind[s as usize] {
                        Kind::Digit(d) => (d - T_ZERO) as usize,
                        Kind::Lower => 3,
                        Kind::Upper(_) => 4,
                    };
                    c[i] += 1;
                }
                c[5] = b.len() as u64;
                c.iter().fold(0u64, |acc, &x| acc.wrapping_mul(1_000_003).wrapping_add(x))
            })
            .collect();
        v.sort_unstable();
        v
    };
    let shapes: Vec<Vec<u64>> = regions.iter().map(|&r| summary(r)).collect();
    let mut pairs: Vec<(Spot, usize, usize)> = Vec::new();
    for (ri, r) in regions.iter().enumerate() {
        for &s in r.iter().flatten() {
            if let Kind::Upper(_) = classes.kind[s as usize] {
                match pairs.iter_mut().find(|e| e.0 == s) {
                    Some(e) => e.2 = ri,
                    None => pairs.push((s, ri, ri)),
                }
            }
        }
    }
    let key = |e: &(Spot, usize, usize)| {
        let (a, b) = (&shapes[e.1], &shapes[e.2]);
        if a <= b { (a, b) } else { (b, a) }
    };
    let mut keys: Vec<(&Vec<u64>, &Vec<u64>)> = pairs.iter().map(key).collect();
    keys.sort();
    keys.dedup();
    let mut kind = classes.kind.clone();
    for e in &pairs {
        let c = keys.binary_search(&key(e)).unwrap_or(0);
        kind[e.0 as usize] = Kind::Upper(T_COLOR + c.min(0x3fff) as u16);
    }
    Classes { kind }
}
