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
    Upper,
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
            _ if count[i] >= 2 && split[i] => Kind::Upper,
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

fn canon_land(regions: &[Region], classes: &Classes, n: usize) -> Vec<u16> {
    let mut naming = Naming { name: vec![UNNAMED; n + 1], next: 0 };
    let mut remaining: Vec<bool> = vec![true; regions.len()];
    let mut best: Option<Vec<u16>> = None;
    let mut prefix = Vec::new();
    search(regions, classes, &mut remaining, &mut naming, &mut prefix, &mut best);
    best.unwrap_or_default()
}

/// One way to write a region: its tokens and the names it gives.
struct Writing {
    tokens: Vec<u16>,
    named: Vec<Spot>,
}

fn search(
    regions: &[Region],
    classes: &Classes,
    remaining: &mut [bool],
    naming: &mut Naming,
    prefix: &mut Vec<u16>,
    best: &mut Option<Vec<u16>>,
) {
    if !remaining.iter().any(|&x| x) {
        if best.as_ref().map_or(true, |b| &prefix[..] < &b[..]) {
            *best = Some(prefix.clone());
        }
        return;
    }
    // Smallest writing of any remaining region, with all tied variants.
    let mut cands: Vec<(usize, Writing)> = Vec::new();
    for (ri, r) in regions.iter().enumerate() {
        if !remaining[ri] {
            continue;
        }
        for mirrored in [false, true] {
            for w in region_writings(r, mirrored, classes, naming) {
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
    }
    if let Some(b) = best.as_ref() {
        let start = prefix.len();
        let t = &cands[0].1.tokens;
        if b[start..start + t.len()] < t[..] {
            return;
        }
    }
    // Branches that give the same names to the same spots lead to the same
    // completions; keep one of each.
    let mut tried: Vec<(usize, Vec<Spot>)> = Vec::new();
    for (ri, w) in cands {
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

/// The smallest writings of one region (in one reading direction) given the
/// names already fixed; several only when ties name letters differently.
fn region_writings(r: &Region, mirrored: bool, classes: &Classes, naming: &Naming) -> Vec<Writing> {
    let bounds: Vec<Vec<Spot>> = r
        .iter()
        .map(|b| {
            let mut b = b.clone();
            if mirrored {
                b.reverse();
            }
            b
        })
        .collect();
    let mut out = Vec::new();
    let mut used = vec![false; bounds.len()];
    let mut acc = Writing { tokens: Vec::new(), named: Vec::new() };
    boundary_search(&bounds, classes, naming, &mut used, &mut acc, &mut out);
    out
}

fn boundary_search(
    bounds: &[Vec<Spot>],
    classes: &Classes,
    naming: &Naming,
    used: &mut [bool],
    acc: &mut Writing,
    out: &mut Vec<Writing>,
) {
    if used.iter().all(|&u| u) {
        let mut tokens = acc.tokens.clone();
        tokens.push(T_REGION);
        out.push(Writing { tokens, named: acc.named.clone() });
        return;
    }
    let next = naming.next + acc.named.len() as u16;
    let mut best: Vec<(usize, Vec<u16>, Vec<Spot>)> = Vec::new();
    for (bi, b) in bounds.iter().enumerate() {
        if used[bi] {
            continue;
        }
        for k in 0..b.len() {
            let (t, fresh) = write_boundary(b, k, classes, naming, &acc.named, next);
            match best.first().map(|x| t.cmp(&x.1)) {
                Some(std::cmp::Ordering::Greater) => {}
                Some(std::cmp::Ordering::Equal) => {
                    // Without new names, tied choices are interchangeable.
                    if !fresh.is_empty() && !best.iter().any(|x| x.2 == fresh) {
                        best.push((bi, t, fresh));
                    }
                }
                _ => {
                    best.clear();
                    best.push((bi, t, fresh));
                }
            }
        }
    }
    for (bi, t, fresh) in best {
        let (tl, nl) = (acc.tokens.len(), acc.named.len());
        acc.tokens.extend_from_slice(&t);
        acc.named.extend_from_slice(&fresh);
        used[bi] = true;
        boundary_search(bounds, classes, naming, used, acc, out);
        used[bi] = false;
        acc.tokens.truncate(tl);
        acc.named.truncate(nl);
    }
}

/// Tokens of boundary `b` read from corner `k`, ended by `.`; and the
/// uppercase spots it names for the first time, in order.
fn write_boundary(
    b: &[Spot],
    k: usize,
    classes: &Classes,
    naming: &Naming,
    pending: &[Spot],
    next: u16,
) -> (Vec<u16>, Vec<Spot>) {
    let mut t = Vec::with_capacity(b.len() + 1);
    let mut fresh: Vec<Spot> = Vec::new();
    let mut lower: Vec<Spot> = Vec::new();
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
            Kind::Upper => {
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
    (t, fresh)
}
