//! Canonical forms: one token string per class of equivalent positions.
//!
//! A reduced position is read as Lemoine–Viennot tokens: `0` (3 lives),
//! `1` (2 lives), `2` (1 life, one corner left), a lowercase letter (1 life,
//! both corners in one region) or an uppercase letter (1 life, corners in
//! two regions). The canonical form is the smallest token string over every
//! way of writing the position, where writing it means choosing
//! - an order of lands, of regions in a land, of boundaries in a region,
//! - a starting corner for each boundary,
//! - a reading direction for each region on its own (mirror image),
//! - letter names, given in order of first appearance (uppercase per land,
//!   lowercase per boundary).
//!
//! Why each freedom keeps the game the same: spot names are not part of the
//! game; boundaries are cyclic; boundaries, regions and lands are sets; and a
//! region interacts with the rest of the position only through the lives of
//! its spots, so reflecting one region alone (reading all its boundaries
//! backwards) changes neither its moves nor what they do to other regions.
//!
//! The smallest string is found greedily, branching only on exact ties:
//! every region ends with `}` and every boundary with `.`, so the smallest
//! writing starts with the smallest region (then boundary) that can come
//! first. Ties that rename letters differently are all explored.

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

fn classify(p: &Position) -> Classes {
    let n = p.spot_count();
    let mut count = vec![0u8; n + 1];
    let mut region_of = vec![usize::MAX; n + 1];
    let mut split = vec![false; n + 1];
    for (ri, r) in p.regions().iter().enumerate() {
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
        let r = p.reduced();
        let classes = classify(&r);
        let mut lands: Vec<Vec<u16>> =
            r.lands().iter().map(|land| canon_land(land.regions(), &classes, r.spot_count())).collect();
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

/// Search state: names given to uppercase spots so far.
struct Naming {
    name: Vec<u16>,
    next: u16,
}

const UNNAMED: u16 = u16::MAX;

/// A region prepared for the search, in both reading directions: the
/// boundaries without uppercase letters already written (their best
/// writing depends on nothing else) and sorted, and the others as spots.
/// When the region has no uppercase letter at all, `fixed` is its one best
/// writing.
struct Prepared {
    sides: [Side; 2],
    fixed: Option<Vec<u16>>,
}

struct Side {
    written: Vec<Vec<u16>>,
    open: Vec<Vec<Spot>>,
}

impl Prepared {
    fn new(r: &Region, classes: &Classes) -> Prepared {
        let naming = Naming { name: Vec::new(), next: 0 };
        let side = |mirrored: bool| {
            let mut written = Vec::new();
            let mut open = Vec::new();
            let (mut t, mut fresh, mut lower) = (Vec::new(), Vec::new(), Vec::new());
            for b in r {
                let b: Vec<Spot> = if mirrored { b.iter().rev().copied().collect() } else { b.clone() };
                if b.iter().any(|&s| matches!(classes.kind[s as usize], Kind::Upper(_))) {
                    open.push(b);
                    continue;
                }
                let mut best: Option<Vec<u16>> = None;
                for k in 0..b.len() {
                    write_boundary(&b, k, classes, &naming, &[], 0, &mut t, &mut fresh, &mut lower);
                    if best.as_ref().map_or(true, |x| t < *x) {
                        best = Some(t.clone());
                    }
                }
                written.extend(best);
            }
            written.sort();
            Side { written, open }
        };
        let mut p = Prepared { sides: [side(false), side(true)], fixed: None };
        if p.sides.iter().all(|s| s.open.is_empty()) {
            let mut out = Vec::new();
            region_writings(&p, classes, &naming, &mut out);
            p.fixed = out.into_iter().map(|w| w.tokens).min();
        }
        p
    }
}

/// Colours of uppercase letters live in this token range during the search
/// only: each letter is written as its colour, then its name. Colours are
/// invariants (which kinds of region the letter joins), so letters of
/// different colours never tie and the search rarely branches. They are
/// removed from the result, which still names every letter.
const T_COLOR: u16 = 0x4000;

fn canon_land(regions: &[Region], classes: &Classes, n: usize) -> Vec<u16> {
    let colored;
    let classes = if regions.len() > 1 {
        colored = color_letters(regions, classes);
        &colored
    } else {
        classes
    };
    let mut naming = Naming { name: vec![UNNAMED; n + 1], next: 0 };
    let prepared: Vec<Prepared> = regions.iter().map(|r| Prepared::new(r, classes)).collect();
    let mut remaining: Vec<bool> = vec![true; regions.len()];
    let mut best: Option<Vec<u16>> = None;
    let mut prefix = Vec::new();
    search(&prepared, classes, &mut remaining, &mut naming, &mut prefix, &mut best);
    let mut best = best.unwrap_or_default();
    best.retain(|&t| !(T_COLOR..T_LOWER).contains(&t));
    best
}

/// Gives every uppercase spot of the land a colour: the rank of the pair of
/// shapes of the two regions it lies in (letters written as one symbol).
fn color_letters(regions: &[Region], classes: &Classes) -> Classes {
    let blind = Classes {
        kind: classes
            .kind
            .iter()
            .map(|&k| if let Kind::Upper(_) = k { Kind::Digit(T_UPPER) } else { k })
            .collect(),
    };
    let naming = Naming { name: Vec::new(), next: 0 };
    let shapes: Vec<Vec<u16>> = regions
        .iter()
        .map(|r| {
            let p = Prepared::new(r, &blind);
            if let Some(t) = p.fixed {
                return t;
            }
            let mut out = Vec::new();
            region_writings(&p, &blind, &naming, &mut out);
            out.into_iter().map(|w| w.tokens).min().unwrap_or_default()
        })
        .collect();
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
        if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) }
    };
    let mut keys: Vec<(Vec<u16>, Vec<u16>)> = pairs.iter().map(key).collect();
    keys.sort();
    keys.dedup();
    let mut kind = classes.kind.clone();
    for e in &pairs {
        let c = keys.binary_search(&key(e)).unwrap_or(0);
        kind[e.0 as usize] = Kind::Upper(T_COLOR + c.min(0x3fff) as u16);
    }
    Classes { kind }
}

/// One way to write a region: its tokens and the names it gives.
struct Writing {
    tokens: Vec<u16>,
    named: Vec<Spot>,
}

fn search(
    regions: &[Prepared],
    classes: &Classes,
    remaining: &mut [bool],
    naming: &mut Naming,
    prefix: &mut Vec<u16>,
    best: &mut Option<Vec<u16>>,
) {
    if !remaining.iter().any(|&x| x) {
        if best.as_ref().map_or(true, |b| prefix[..] < b[..]) {
            *best = Some(prefix.clone());
        }
        return;
    }
    // Smallest writing of any remaining region, with all tied variants.
    let mut cands: Vec<(usize, Writing)> = Vec::new();
    let mut scratch: Vec<Writing> = Vec::new();
    for (ri, r) in regions.iter().enumerate() {
        if !remaining[ri] {
            continue;
        }
        scratch.clear();
        match &r.fixed {
            Some(t) => {
                if cands.first().is_some_and(|c| c.1.tokens[..] < t[..]) {
                    continue;
                }
                scratch.push(Writing { tokens: t.clone(), named: Vec::new() })
            }
            None => region_writings(r, classes, naming, &mut scratch),
        }
        for w in scratch.drain(..) {
            match cands.first().map(|c| w.tokens.cmp(&c.1.tokens)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => cands.push((ri, w)),
                _ => {
                    cands.clear();
                    cands.push((ri, w));
                }
            }
        }
    }
    // Prune when this branch can no longer beat the best writing found: its
    // prefix so far equals the best's, and its next region is larger.
    if let Some(b) = best.as_ref() {
        let start = prefix.len();
        let t = &cands[0].1.tokens;
        if b[..start] == prefix[..] && b[start..start + t.len()] < t[..] {
            return;
        }
    }
    // Branches that give the same names to the same spots lead to the same
    // completions; keep one of each. Regions without letters to name are
    // interchangeable when their writings tie.
    let mut tried: Vec<(usize, Vec<Spot>)> = Vec::new();
    for (ri, w) in cands {
        if w.named.is_empty() && !tried.is_empty() && regions[ri].fixed.is_some() {
            continue;
        }
        let key = (ri, w.named.clone());
        if tried.contains(&key) {
            continue;
        }
        tried.push(key);
        let len = prefix.len();
        prefix.extend_from_slice(&w.tokens);
        for &s in &w.named {
            naming.name[s as usize] = naming.next;
            naming.next += 1;
        }
        remaining[ri] = false;
        search(regions, classes, remaining, naming, prefix, best);
        remaining[ri] = true;
        for &s in &w.named {
            naming.name[s as usize] = UNNAMED;
        }
        naming.next -= w.named.len() as u16;
        prefix.truncate(len);
    }
}

/// The smallest writings of one region given the names already fixed;
/// several only when ties name letters differently.
fn region_writings(r: &Prepared, classes: &Classes, naming: &Naming, out: &mut Vec<Writing>) {
    let start = out.len();
    let mut mine = Vec::new();
    let mut sc = Scratch::default();
    for side in &r.sides {
        let mut used = vec![false; side.open.len()];
        let mut acc = Writing { tokens: Vec::new(), named: Vec::new() };
        mine.clear();
        boundary_search(side, 0, classes, naming, &mut used, &mut acc, &mut mine, &mut sc);
        for w in mine.drain(..) {
            match out[start..].first().map(|c| w.tokens.cmp(&c.tokens)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => out.push(w),
                _ => {
                    out.truncate(start);
                    out.push(w);
                }
            }
        }
    }
}

/// Buffers reused across one region's search (allocation dominated the
/// profile before).
#[derive(Default)]
struct Scratch {
    t: Vec<u16>,
    fresh: Vec<Spot>,
    lower: Vec<Spot>,
    best: Vec<u16>,
    /// Tied (boundary, rotation) choices of every level, as a stack.
    ties: Vec<(usize, usize)>,
    /// The new names of each tie at the current level, for de-duplication.
    tie_names: Vec<Vec<Spot>>,
}

/// Writes the rest of a region: the smallest next boundary each time
/// (a written one, `side.written[wi]`, or an open one), branching on ties
/// that name letters differently.
#[allow(clippy::too_many_arguments)]
fn boundary_search(
    side: &Side,
    wi: usize,
    classes: &Classes,
    naming: &Naming,
    used: &mut [bool],
    acc: &mut Writing,
    out: &mut Vec<Writing>,
    sc: &mut Scratch,
) {
    let next = naming.next + acc.named.len() as u16;
    let level = sc.ties.len();
    sc.best.clear();
    sc.tie_names.clear();
    let head = |s: Spot| match classes.kind[s as usize] {
        Kind::Digit(d) => d,
        Kind::Lower => T_LOWER,
        Kind::Upper(color) => color,
    };
    for (bi, b) in side.open.iter().enumerate() {
        if used[bi] {
            continue;
        }
        // Only corners whose own token is the smallest can start the best
        // reading of this boundary.
        let min_head = b.iter().map(|&s| head(s)).min().unwrap_or(0);
        if sc.best.first().is_some_and(|&x| min_head > x) {
            continue;
        }
        for k in 0..b.len() {
            if head(b[k]) != min_head {
                continue;
            }
            write_boundary(b, k, classes, naming, &acc.named, next, &mut sc.t, &mut sc.fresh, &mut sc.lower);
            let ord = if sc.ties.len() == level { std::cmp::Ordering::Less } else { sc.t.cmp(&sc.best) };
            match ord {
                std::cmp::Ordering::Greater => {}
                std::cmp::Ordering::Equal => {
                    // Without new names, tied choices are interchangeable.
                    if !sc.fresh.is_empty() && !sc.tie_names.contains(&sc.fresh) {
                        sc.ties.push((bi, k));
                        sc.tie_names.push(sc.fresh.clone());
                    }
                }
                std::cmp::Ordering::Less => {
                    sc.ties.truncate(level);
                    sc.tie_names.clear();
                    sc.ties.push((bi, k));
                    sc.tie_names.push(sc.fresh.clone());
                    std::mem::swap(&mut sc.best, &mut sc.t);
                }
            }
        }
    }
    // A written boundary never ties with an open one (those hold letters).
    if let Some(w) = side.written.get(wi) {
        if sc.ties.len() == level || w[..] < sc.best[..] {
            sc.ties.truncate(level);
            let tl = acc.tokens.len();
            acc.tokens.extend_from_slice(w);
            boundary_search(side, wi + 1, classes, naming, used, acc, out, sc);
            acc.tokens.truncate(tl);
            return;
        }
    }
    if sc.ties.len() == level {
        let mut tokens = Vec::with_capacity(acc.tokens.len() + 1);
        tokens.extend_from_slice(&acc.tokens);
        tokens.push(T_REGION);
        out.push(Writing { tokens, named: acc.named.clone() });
        return;
    }
    let end = sc.ties.len();
    for x in level..end {
        let (bi, k) = sc.ties[x];
        let b = &side.open[bi];
        write_boundary(b, k, classes, naming, &acc.named, next, &mut sc.t, &mut sc.fresh, &mut sc.lower);
        let (tl, nl) = (acc.tokens.len(), acc.named.len());
        acc.tokens.extend_from_slice(&sc.t);
        acc.named.extend_from_slice(&sc.fresh);
        used[bi] = true;
        boundary_search(side, wi, classes, naming, used, acc, out, sc);
        used[bi] = false;
        acc.tokens.truncate(tl);
        acc.named.truncate(nl);
        sc.ties.truncate(end);
    }
    sc.ties.truncate(level);
}

/// Writes boundary `b` read from corner `k`, ended by `.`, into `t`, and
/// the uppercase spots it names for the first time, in order, into `fresh`.
#[allow(clippy::too_many_arguments)]
fn write_boundary(
    b: &[Spot],
    k: usize,
    classes: &Classes,
    naming: &Naming,
    pending: &[Spot],
    next: u16,
    t: &mut Vec<u16>,
    fresh: &mut Vec<Spot>,
    lower: &mut Vec<Spot>,
) {
    t.clear();
    fresh.clear();
    lower.clear();
    for i in 0..b.len() {
        let s = b[(k + i) % b.len()];
        let tok = match classes.kind[s as usize] {
            Kind::Digit(d) => d,
            Kind::Lower => {
                let j = match lower.iter().position(|&x| x == s) {
                    Some(j) => j,
                    None => {
                        lower.push(s);
                        lower.len() - 1
                    }
                };
                T_LOWER + j as u16
            }
            Kind::Upper(color) => {
                t.push(color);
                let nm = naming.name[s as usize];
                if nm != UNNAMED {
                    T_UPPER + nm
                } else if let Some(j) = pending.iter().position(|&x| x == s) {
                    T_UPPER + naming.next + j as u16
                } else {
                    let j = match fresh.iter().position(|&x| x == s) {
                        Some(j) => j,
                        None => {
                            fresh.push(s);
                            fresh.len() - 1
                        }
                    };
                    T_UPPER + next + j as u16
                }
            }
        };
        t.push(tok);
    }
    t.push(T_DOT);
}
