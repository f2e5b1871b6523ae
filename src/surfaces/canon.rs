//! Canonical forms of surface positions, and their GLOP text with `@g`
//! (written just before the region's `}`: `0*3.@1}]!`).
//!
//! Tokens as in `src/topology/canon.rs` (`.` < `}` < `0` < `1` < `2` <
//! letters; `]` ends a land) plus one genus token at the start of every
//! region of genus g ≠ 0. Letters (1-life spots met twice) are named in
//! order of first appearance in their land. The writing chosen is the
//! smallest over every order of lands, regions and boundaries, every
//! starting corner, and the directions the surface allows (one per
//! orientable region, one per boundary of a non-orientable region).
//!
//! Every region ends with `}` and every boundary with `.`, the two
//! smallest tokens, so the smallest writing starts with the smallest
//! region (then boundary) that can come first: the search is greedy,
//! level by level, and keeps every tied choice that names new letters
//! (ties that name nothing new leave the same rest, so one is kept).
//! Simpler than the plane's two-step search and fast enough for the
//! small positions the surfaces are solved at (n ≤ 10).

use super::{check_genus, Genus, SurfacePosition, SurfaceRegion};
use crate::text::{letter, upper_letter, ParseError, Syntax};
use crate::topology::{Canon, Spot};
use crate::topology::{T_DOT, T_GENUS, T_LAND, T_ONE, T_REGION, T_TWO, T_UPPER, T_ZERO};
use std::fmt;

const UNNAMED: u16 = u16::MAX;

fn genus_token(g: Genus) -> u16 {
    T_GENUS + (g as i16 + 128) as u16
}

/// How a region's writing starts, in token order: no genus token (a
/// plane region) before every genus token, and these in genus order.
fn genus_key(g: Genus) -> i16 {
    if g == 0 {
        i16::MIN
    } else {
        g as i16
    }
}

/// Canonical form of a reduced position.
pub(super) fn canon(p: &SurfacePosition) -> Canon {
    let n = p.lives.len();
    let mut occ = vec![0u32; n + 1];
    for s in p.regions.iter().flat_map(|r| r.boundaries.iter()).flatten() {
        occ[*s as usize] += 1;
    }
    // Lands: regions joined by a spot met in both.
    let k = p.regions.len();
    let mut parent: Vec<usize> = (0..k).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut owner = vec![usize::MAX; n + 1];
    for (ri, r) in p.regions.iter().enumerate() {
        for &s in r.boundaries.iter().flatten() {
            match owner[s as usize] {
                usize::MAX => owner[s as usize] = ri,
                o => {
                    let (a, b) = (find(&mut parent, o), find(&mut parent, ri));
                    parent[a] = b;
                }
            }
        }
    }
    let mut lands: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; k];
    for ri in 0..k {
        let root = find(&mut parent, ri);
        if index[root] == usize::MAX {
            index[root] = lands.len();
            lands.push(Vec::new());
        }
        lands[index[root]].push(ri);
    }
    let ctx = Ctx { p, occ: &occ };
    let mut forms: Vec<Vec<u16>> = lands.iter().map(|l| ctx.land(l)).collect();
    forms.sort();
    Canon::from_tokens(forms.concat())
}

struct Ctx<'a> {
    p: &'a SurfacePosition,
    occ: &'a [u32],
}

/// Letter names given so far (by spot) and the next free name.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Names {
    of: Vec<u16>,
    next: u16,
}

impl Ctx<'_> {
    fn land(&self, regions: &[usize]) -> Vec<u16> {
        let start = Names { of: vec![UNNAMED; self.p.lives.len() + 1], next: 0 };
        let mut frontier: Vec<(Vec<bool>, Names)> = vec![(vec![false; regions.len()], start)];
        let mut out = Vec::new();
        for _ in 0..regions.len() {
            let mut best: Option<Vec<u16>> = None;
            let mut next: Vec<(Vec<bool>, Names)> = Vec::new();
            for (used, names) in &frontier {
                let mut mine: Vec<(Vec<bool>, Names)> = Vec::new();
                let mut settled = false;
                // A region's writing starts with its genus token, after
                // every other token, so only the unused regions of least
                // genus key (plane regions first) can come next.
                let first = (0..regions.len()).filter(|&i| !used[i]).map(|i| genus_key(self.p.regions[regions[i]].genus)).min();
                for (i, &ri) in regions.iter().enumerate() {
                    if used[i] || Some(genus_key(self.p.regions[ri].genus)) != first {
                        continue;
                    }
                    let (tok, outs) = self.region(&self.p.regions[ri], names);
                    match best.as_ref().map(|b| tok.cmp(b)) {
                        Some(std::cmp::Ordering::Greater) => continue,
                        Some(std::cmp::Ordering::Less) | None => {
                            best = Some(tok);
                            next.clear();
                            mine.clear();
                            settled = false;
                        }
                        Some(std::cmp::Ordering::Equal) => {}
                    }
                    if settled {
                        continue;
                    }
                    let mut u = used.clone();
                    u[i] = true;
                    for o in outs {
                        if o.next == names.next {
                            // Nothing new named: every tie leaves the same rest.
                            mine.clear();
                            mine.push((u.clone(), o));
                            settled = true;
                            break;
                        }
                        mine.push((u.clone(), o));
                    }
                }
                next.extend(mine);
            }
            next.sort_unstable();
            next.dedup();
            out.extend(best.unwrap_or_default());
            frontier = next;
        }
        out.push(T_LAND);
        out
    }

    /// The smallest writing of one region given the names so far, and the
    /// names after each writing that reaches it.
    fn region(&self, r: &SurfaceRegion, names: &Names) -> (Vec<u16>, Vec<Names>) {
        let nb = r.boundaries.len();
        let orientable = r.genus >= 0;
        let mut out: Vec<u16> = Vec::new();
        if r.genus != 0 {
            out.push(genus_token(r.genus));
        }
        // State: boundaries used, names, the region's direction (orientable).
        let dirs: &[bool] = if orientable { &[false, true] } else { &[false] };
        let mut frontier: Vec<(Vec<bool>, Names, bool)> =
            dirs.iter().map(|&d| (vec![false; nb], names.clone(), d)).collect();
        let (mut fresh, mut tok): (Vec<Spot>, Vec<u16>) = (Vec::new(), Vec::new());
        for _ in 0..nb {
            let mut best: Option<Vec<u16>> = None;
            let mut next: Vec<(Vec<bool>, Names, bool)> = Vec::new();
            for (used, nm, dir) in &frontier {
                let mut mine: Vec<(Vec<bool>, Names, bool)> = Vec::new();
                let mut settled = false;
                for (bi, b) in r.boundaries.iter().enumerate() {
                    if used[bi] {
                        continue;
                    }
                    let ways: &[bool] = if orientable { std::slice::from_ref(dir) } else { &[false, true] };
                    for &back in ways {
                        for k in 0..b.len() {
                            if !self.boundary(b, k, back, nm, &mut fresh, best.as_deref(), &mut tok) {
                                continue;
                            }
                            match best.as_ref().map(|x| tok.cmp(x)) {
                                Some(std::cmp::Ordering::Greater) => continue,
                                Some(std::cmp::Ordering::Less) | None => {
                                    best = Some(tok.clone());
                                    next.clear();
                                    mine.clear();
                                    settled = false;
                                }
                                Some(std::cmp::Ordering::Equal) => {}
                            }
                            if settled {
                                continue;
                            }
                            let mut u = used.clone();
                            u[bi] = true;
                            let n2 = nm.with(&fresh);
                            if fresh.is_empty() {
                                // Nothing new named: every tie leaves the same rest.
                                mine.clear();
                                settled = true;
                            }
                            mine.push((u, n2, *dir));
                        }
                    }
                }
                next.extend(mine);
            }
            next.sort_unstable();
            next.dedup();
            out.extend(best.unwrap_or_default());
            frontier = next;
        }
        out.push(T_REGION);
        let mut names: Vec<Names> = frontier.into_iter().map(|(_, n, _)| n).collect();
        names.sort_unstable();
        names.dedup();
        (out, names)
    }

    /// Boundary `b` read from corner `k`, backwards if `back`, then `.`;
    /// the spots it names first (in order) go to `fresh`, `names` itself
    /// unchanged (most readings lose to a smaller one, so names are cloned
    /// only for those kept).
    /// Gives up (false) as soon as the reading is sure to be greater than
    /// `best`, the smallest so far.
    fn boundary(&self, b: &[Spot], k: usize, back: bool, names: &Names, fresh: &mut Vec<Spot>, best: Option<&[u16]>, out: &mut Vec<u16>) -> bool {
        let n = b.len();
        fresh.clear();
        out.clear();
        // Whether the reading so far equals `best`'s start.
        let mut tied = best.is_some();
        for x in 0..n {
            let s = if back { b[(k + n - x) % n] } else { b[(k + x) % n] };
            let t = if self.occ[s as usize] == 1 {
                match self.p.lives[s as usize - 1] {
                    3 => T_ZERO,
                    2 => T_ONE,
                    _ => T_TWO,
                }
            } else {
                let i = s as usize;
                let name = if names.of[i] != UNNAMED {
                    names.of[i]
                } else if let Some(j) = fresh.iter().position(|&f| f == s) {
                    names.next + j as u16
                } else {
                    fresh.push(s);
                    names.next + fresh.len() as u16 - 1
                };
                T_UPPER + name
            };
            out.push(t);
            if tied {
                match best.and_then(|b| b.get(x)).map(|&bt| t.cmp(&bt)) {
                    None | Some(std::cmp::Ordering::Greater) => return false,
                    Some(std::cmp::Ordering::Less) => tied = false,
                    Some(std::cmp::Ordering::Equal) => {}
                }
            }
        }
        out.push(T_DOT);
        true
    }
}

impl Names {
    /// These names and then `fresh`, named in order.
    fn with(&self, fresh: &[Spot]) -> Names {
        let mut n = self.clone();
        for &s in fresh {
            n.of[s as usize] = n.next;
            n.next += 1;
        }
        n
    }
}

/// The position a canonical form's tokens name.
pub(super) fn decode(c: &Canon) -> SurfacePosition {
    let mut lives: Vec<u8> = Vec::new();
    let mut regions: Vec<SurfaceRegion> = Vec::new();
    let mut bs: Vec<Vec<Spot>> = Vec::new();
    let mut b: Vec<Spot> = Vec::new();
    let mut genus: Genus = 0;
    let mut letters: Vec<Spot> = Vec::new();
    for &t in c.tokens() {
        match t {
            T_DOT => bs.push(std::mem::take(&mut b)),
            T_REGION => {
                regions.push(SurfaceRegion { genus, boundaries: std::mem::take(&mut bs) });
                genus = 0;
            }
            T_LAND => letters.clear(),
            T_ZERO | T_ONE | T_TWO => {
                lives.push(3 - (t - T_ZERO) as u8);
                b.push(lives.len() as Spot);
            }
            x if x >= T_GENUS => genus = ((x - T_GENUS) as i16 - 128) as Genus,
            x => {
                let k = (x - T_UPPER) as usize;
                if k >= letters.len() {
                    lives.push(1);
                    letters.push(lives.len() as Spot);
                }
                b.push(letters[k]);
            }
        }
    }
    SurfacePosition { lives, regions }
}

/// GLOP text of a surface canonical form: `0*3.@1}]!` (three spots on the
/// torus). Letters as on the plane: uppercase for a spot in two regions
/// (named per land), lowercase for both corners in one region (named per
/// region, since on a surface they may lie on two of its boundaries).
pub struct SurfaceDisplay<'a>(pub &'a Canon);

impl fmt::Display for SurfaceDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = decode(self.0);
        let n = p.lives.len();
        let mut region_of: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (ri, r) in p.regions.iter().enumerate() {
            for &s in r.boundaries.iter().flatten() {
                region_of[s as usize].push(ri);
            }
        }
        // Lands end where the tokens say.
        let mut ends = Vec::new();
        let mut ri = 0;
        for &t in self.0.tokens() {
            match t {
                T_REGION => ri += 1,
                T_LAND => ends.push(ri),
                _ => {}
            }
        }
        let mut upper = vec![u32::MAX; n + 1];
        let mut next_upper = 0;
        let mut ri = 0;
        for &end in &ends {
            while ri < end {
                let r = &p.regions[ri];
                let mut lower = vec![u32::MAX; n + 1];
                let mut next_lower = 0;
                let mut zeros = 0;
                let flush = |f: &mut fmt::Formatter<'_>, z: &mut usize| -> fmt::Result {
                    match *z {
                        0 => Ok(()),
                        1 => {
                            *z = 0;
                            f.write_str("0.")
                        }
                        k => {
                            *z = 0;
                            write!(f, "0*{k}.")
                        }
                    }
                };
                for b in &r.boundaries {
                    if b.len() == 1 && p.lives[b[0] as usize - 1] == 3 {
                        zeros += 1;
                        continue;
                    }
                    flush(f, &mut zeros)?;
                    for &s in b {
                        let i = s as usize;
                        let two = region_of[i].len() == 2;
                        if !two {
                            write!(f, "{}", 3 - p.lives[i - 1])?;
                        } else if region_of[i][0] != region_of[i][1] {
                            if upper[i] == u32::MAX {
                                upper[i] = next_upper;
                                next_upper += 1;
                            }
                            letter(f, upper[i] as u16, b'A', '<', '>')?;
                        } else {
                            if lower[i] == u32::MAX {
                                lower[i] = next_lower;
                                next_lower += 1;
                            }
                            letter(f, lower[i] as u16, b'a', '(', ')')?;
                        }
                    }
                    f.write_str(".")?;
                }
                flush(f, &mut zeros)?;
                // Before the `}`: after it, `@-1` then `0.` would read as `@-10`.
                if r.genus != 0 {
                    write!(f, "@{}", r.genus)?;
                }
                f.write_str("}")?;
                ri += 1;
            }
            f.write_str("]")?;
            next_upper = 0;
            upper.iter_mut().for_each(|u| *u = u32::MAX);
        }
        f.write_str("!")
    }
}

/// Reads GLOP with surfaces: `@g` (g handles) or `@-g` (g crosscaps)
/// just before a region's `}` (or after it: the digits then run to the
/// first non-digit, or at the end of the text) gives
/// that region's genus; a region without one is a plane region, so plain
/// GLOP reads as on the plane. A lowercase letter pairs with the last
/// unpaired one of its name in the same region (the plane's writing names
/// them per boundary, ours per region: both read). `0*k` repeats an
/// isolated spot.
pub fn parse_surface_glop(s: &str) -> Result<SurfacePosition, ParseError> {
    let bytes = s.trim_end().as_bytes();
    let err = |offset: usize, what: Syntax| Err(ParseError { offset, what });
    crate::limits::check_text(s).map_err(|e| ParseError { offset: 0, what: Syntax::Limit(e) })?;
    let mut lives: Vec<u8> = Vec::new();
    let mut regions: Vec<SurfaceRegion> = Vec::new();
    let mut region: Vec<Vec<Spot>> = Vec::new();
    let mut boundary: Vec<Spot> = Vec::new();
    let mut genus: Option<Genus> = None;
    let mut upper: std::collections::HashMap<u32, (Spot, usize, usize)> = Default::default();
    let mut lower: std::collections::HashMap<u32, (Spot, usize)> = Default::default();
    let mut i = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let mut ended = false;
    let close_region = |region: &mut Vec<Vec<Spot>>,
                            boundary: &mut Vec<Spot>,
                            genus: &mut Option<Genus>,
                            regions: &mut Vec<SurfaceRegion>,
                            lower: &mut std::collections::HashMap<u32, (Spot, usize)>|
     -> Result<bool, ParseError> {
        if !boundary.is_empty() {
            region.push(std::mem::take(boundary));
        }
        if let Some(&(_, off)) = lower.values().min_by_key(|e| e.1) {
            return Err(ParseError { offset: off, what: Syntax::UnpairedLetter });
        }
        if region.is_empty() {
            return Ok(false);
        }
        regions.push(SurfaceRegion { genus: genus.take().unwrap_or(0), boundaries: std::mem::take(region) });
        Ok(true)
    };
    let mut land_start = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        if ended {
            return err(i, Syntax::TrailingInput);
        }
        let start = i;
        let ri = regions.len();
        match c {
            b'@' => {
                let mut e = i + 1;
                if bytes.get(e) == Some(&b'-') {
                    e += 1;
                }
                let ds = e;
                while e < bytes.len() && bytes[e].is_ascii_digit() {
                    e += 1;
                }
                let g: Option<i64> = std::str::from_utf8(&bytes[i + 1..e]).ok().and_then(|x| x.parse().ok());
                let g = match g {
                    Some(g) if e > ds && g.unsigned_abs() <= super::MAX_GENUS as u64 => g as Genus,
                    _ => return err(i + 1, Syntax::BadNumber),
                };
                if !region.is_empty() || !boundary.is_empty() {
                    if genus.is_some() {
                        return err(i, Syntax::Unexpected('@'));
                    }
                    genus = Some(g);
                } else {
                    // After `}`: the region just closed.
                    let open = regions.len() > land_start;
                    match regions.last_mut() {
                        Some(r) if r.genus == 0 && open => r.genus = g,
                        _ => return err(i, Syntax::Unexpected('@')),
                    }
                }
                check_genus(g).map_err(|_| ParseError { offset: i + 1, what: Syntax::BadNumber })?;
                i = e;
                continue;
            }
            b'.' => {
                if boundary.is_empty() {
                    return err(i, Syntax::EmptyBoundary);
                }
                region.push(std::mem::take(&mut boundary));
                i += 1;
                continue;
            }
            b'}' => {
                if !close_region(&mut region, &mut boundary, &mut genus, &mut regions, &mut lower)? {
                    return err(i, Syntax::EmptyRegion);
                }
                i += 1;
                continue;
            }
            b']' | b'!' => {
                close_region(&mut region, &mut boundary, &mut genus, &mut regions, &mut lower)?;
                if regions.len() == land_start && c == b']' {
                    return err(i, Syntax::EmptyLand);
                }
                if let Some(&(_, _, off)) = upper.values().min_by_key(|e| e.2) {
                    return err(off, Syntax::UnpairedLetter);
                }
                land_start = regions.len();
                ended = c == b'!';
                i += 1;
                continue;
            }
            b'0' | b'1' | b'2' => {
                i += 1;
                let mut times = 1usize;
                if bytes.get(i) == Some(&b'*') {
                    let ds = i + 1;
                    let mut e = ds;
                    while e < bytes.len() && bytes[e].is_ascii_digit() {
                        e += 1;
                    }
                    times = std::str::from_utf8(&bytes[ds..e])
                        .ok()
                        .and_then(|x| x.parse::<usize>().ok())
                        .filter(|k| (1..=crate::limits::MAX_SPOTS).contains(k))
                        .ok_or(ParseError { offset: ds, what: Syntax::BadNumber })?;
                    if !boundary.is_empty() || c != b'0' {
                        return err(i, Syntax::Unexpected('*'));
                    }
                    i = e;
                }
                crate::limits::check_spots(lives.len() + times)
                    .map_err(|e| ParseError { offset: start, what: Syntax::Limit(e) })?;
                if (c == b'0' && !boundary.is_empty())
                    || (boundary.len() == 1 && lives[boundary[0] as usize - 1] == 3)
                {
                    return err(start, Syntax::ZeroNotAlone);
                }
                for t in 0..times {
                    lives.push(3 - (c - b'0'));
                    boundary.push(lives.len() as Spot);
                    if t + 1 < times {
                        region.push(std::mem::take(&mut boundary));
                    }
                }
                continue;
            }
            b'A'..=b'Z' | b'a'..=b'z' | b'<' | b'(' => {
                let (k, up) = if c.is_ascii_alphabetic() {
                    i += 1;
                    (c.to_ascii_uppercase() as u32 - b'A' as u32, c.is_ascii_uppercase())
                } else {
                    let close = if c == b'<' { b'>' } else { b')' };
                    let end = match bytes[i + 1..].iter().position(|&x| x == close) {
                        Some(e) => i + 1 + e,
                        None => return err(i, Syntax::Unexpected(c as char)),
                    };
                    let k = std::str::from_utf8(&bytes[i + 1..end])
                        .ok()
                        .and_then(|x| x.parse::<u32>().ok())
                        .filter(|&k| (1..=crate::limits::MAX_SPOTS).contains(&(k as usize)))
                        .ok_or(ParseError { offset: i + 1, what: Syntax::BadNumber })?;
                    i = end + 1;
                    (k - 1, c == b'<')
                };
                if boundary.len() == 1 && lives[boundary[0] as usize - 1] == 3 {
                    return err(start, Syntax::ZeroNotAlone);
                }
                crate::limits::check_spots(lives.len() + 1)
                    .map_err(|e| ParseError { offset: start, what: Syntax::Limit(e) })?;
                if up {
                    boundary.push(upper_letter(&mut upper, k, ri, start, &mut lives)?);
                } else {
                    match lower.remove(&k) {
                        Some((spot, _)) => boundary.push(spot),
                        None => {
                            lives.push(1);
                            lower.insert(k, (lives.len() as Spot, start));
                            boundary.push(lives.len() as Spot);
                        }
                    }
                }
                continue;
            }
            _ => return err(i, Syntax::Unexpected(crate::text::char_at(s, i))),
        }
    }
    close_region(&mut region, &mut boundary, &mut genus, &mut regions, &mut lower)?;
    if let Some(&(_, _, off)) = upper.values().min_by_key(|e| e.2) {
        return err(off, Syntax::UnpairedLetter);
    }
    if regions.is_empty() && lives.is_empty() && !ended {
        return err(0, Syntax::Empty);
    }
    Ok(SurfacePosition { lives, regions })
}
