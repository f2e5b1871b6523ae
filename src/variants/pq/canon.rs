//! Canonical forms of (p, q) positions: equal exactly when the positions
//! are the same up to renaming spots, the order of regions and of a
//! region's boundaries, where a boundary starts, and the mirror image of
//! each region (a region's mirror plays the same: moves stay inside one
//! region, and regions share only their spots' lives).
//!
//! Each land (regions linked by shared spots) is written as a sequence of
//! steps, each step one boundary followed by an end mark (a new region
//! chooses its direction at its first boundary; a finished region writes
//! its own end mark). Spots are numbered in order of first appearance; a
//! spot's token is `2 + 16 · number + lives`, and the end marks (0 for a
//! region, 1 for a boundary) are below every spot's token, so no step's
//! text is a prefix of another's and the smallest writing takes a
//! smallest step at every step. The form is that writing, found greedily;
//! steps that tie are each followed (exact), except boundaries of the
//! current region whose spots appear nowhere else: any of those leads to
//! the same writing, so the first is enough. The lands' writings are
//! sorted.

use super::PqPos;
use std::cmp::Ordering;
use std::fmt;

const END_REGION: u16 = 0;
const END_BOUNDARY: u16 = 1;
/// Ends a land in the flattened form.
const END_LAND: u16 = u16::MAX;

/// The canonical form of a reduced (p, q) position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PqCanon(Vec<u16>);

impl PqCanon {
    /// The form of a reduced position ([`PqPos::reduced`]).
    pub fn of(p: &PqPos) -> PqCanon {
        let mut lands: Vec<Vec<u16>> = lands(p).iter().map(|l| Land::new(p, l).write()).collect();
        crate::sort::sort(&mut lands);
        let mut t = Vec::new();
        for l in lands {
            t.extend(l);
            t.push(END_LAND);
        }
        PqCanon(t)
    }

    /// No land left: no move.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Its lands, each a form of its own.
    pub fn lands(&self) -> Vec<PqCanon> {
        self.0
            .split(|&t| t == END_LAND)
            .filter(|l| !l.is_empty())
            .map(|l| {
                let mut v = l.to_vec();
                v.push(END_LAND);
                PqCanon(v)
            })
            .collect()
    }

    /// Its length in tokens (the largest land is the longest).
    pub fn size(&self) -> usize {
        self.0.len()
    }

    /// The position it writes (spots numbered land by land).
    pub fn position(&self) -> PqPos {
        let (mut lives, mut regions) = (Vec::new(), Vec::new());
        for land in self.0.split(|&t| t == END_LAND) {
            let base = lives.len() as u32;
            let (mut region, mut boundary) = (Vec::new(), Vec::new());
            for &t in land {
                match t {
                    END_REGION => regions.push(std::mem::take(&mut region)),
                    END_BOUNDARY => region.push(std::mem::take(&mut boundary)),
                    _ => {
                        let (label, l) = ((t as u32 - 2) / 16, ((t - 2) % 16) as u8);
                        if base + label == lives.len() as u32 {
                            lives.push(l);
                        }
                        boundary.push(base + label);
                    }
                }
            }
        }
        PqPos::from_parts(lives, regions)
    }
}

impl crate::variants::solve::LandKey for PqCanon {
    fn lands(&self) -> Vec<PqCanon> {
        PqCanon::lands(self)
    }
    fn size(&self) -> usize {
        PqCanon::size(self)
    }
    fn is_empty(&self) -> bool {
        PqCanon::is_empty(self)
    }
    fn empty() -> PqCanon {
        PqCanon(Vec::new())
    }
}

/// Text: per land, each region's boundaries (each spot its lives, with a
/// letter when it appears more than once in its land; a boundary ends
/// with `.`), `}` after a region, `]` after a land, `!` at the end. The
/// 2-point start of (4, 3) is `4.4.}]!`.
impl fmt::Display for PqCanon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for land in self.0.split(|&t| t == END_LAND).filter(|l| !l.is_empty()) {
            let label = |t: u16| ((t - 2) / 16) as usize;
            let mut count = Vec::new();
            for &t in land.iter().filter(|&&t| t > END_BOUNDARY) {
                let k = label(t);
                if count.len() <= k {
                    count.resize(k + 1, 0u32);
                }
                count[k] += 1;
            }
            // Letters in order of first appearance of the repeated spots.
            let mut letter = vec![usize::MAX; count.len()];
            let mut next = 0;
            for &t in land.iter().filter(|&&t| t > END_BOUNDARY) {
                let k = label(t);
                if count[k] > 1 && letter[k] == usize::MAX {
                    letter[k] = next;
                    next += 1;
                }
            }
            for &t in land {
                match t {
                    END_REGION => f.write_str("}")?,
                    END_BOUNDARY => f.write_str(".")?,
                    _ => {
                        write!(f, "{}", (t - 2) % 16)?;
                        match letter[label(t)] {
                            usize::MAX => {}
                            l if l < 26 => write!(f, "{}", (b'A' + l as u8) as char)?,
                            l if l < 52 => write!(f, "{}", (b'a' + (l - 26) as u8) as char)?,
                            l => write!(f, "#{l};")?,
                        }
                    }
                }
            }
            f.write_str("]")?;
        }
        f.write_str("!")
    }
}

/// Region indices grouped into lands (regions sharing a spot).
// Alike `super::super::reference`'s on purpose: that one is the independent check, so neither uses the other.
fn lands(p: &PqPos) -> Vec<Vec<usize>> {
    let n = p.regions().len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut owner = vec![usize::MAX; p.lives().len()];
    for (ri, r) in p.regions().iter().enumerate() {
        for &s in r.iter().flatten() {
            let s = s as usize;
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

/// One land being written.
struct Land<'a> {
    lives: &'a [u8],
    regions: Vec<&'a Vec<Vec<u32>>>,
    /// Whether each boundary's spots appear in no other boundary.
    alone: Vec<Vec<bool>>,
}

/// A partial writing.
#[derive(Clone)]
struct State {
    label: Vec<u32>,
    next: u32,
    cur: Vec<u16>,
    used: Vec<bool>,
    /// The region being written: its index, direction, boundaries done.
    open: Option<(usize, bool, Vec<bool>)>,
}

impl<'a> Land<'a> {
    fn new(p: &'a PqPos, land: &[usize]) -> Land<'a> {
        let regions: Vec<&Vec<Vec<u32>>> = land.iter().map(|&i| &p.regions()[i]).collect();
        // In how many boundaries each spot appears.
        let mut seen: Vec<(usize, usize, u32)> = vec![(usize::MAX, usize::MAX, 0); p.lives().len()];
        for (ri, r) in regions.iter().enumerate() {
            for (bi, b) in r.iter().enumerate() {
                for &s in b {
                    let e = &mut seen[s as usize];
                    if (e.0, e.1) != (ri, bi) {
                        *e = (ri, bi, e.2 + 1);
                    }
                }
            }
        }
        let alone: Vec<Vec<bool>> =
            regions.iter().map(|r| r.iter().map(|b| b.iter().all(|&s| seen[s as usize].2 == 1)).collect()).collect();
        Land { lives: p.lives(), regions, alone }
    }

    fn write(&self) -> Vec<u16> {
        let st = State {
            label: vec![u32::MAX; self.lives.len()],
            next: 0,
            cur: Vec::new(),
            used: vec![false; self.regions.len()],
            open: None,
        };
        let mut best = None;
        self.go(st, &mut best);
        best.unwrap_or_default()
    }

    /// Writes boundary `bi` of region `ri` from corner `start`, backwards
    /// if `rev`, then its end mark, into `out` (new spots numbered from
    /// `st.next`, listed in `fresh`), stopping early once it is above
    /// `min` (when given). Returns how it compares with `min`.
    fn step(
        &self,
        st: &State,
        (ri, rev, bi, start): Choice,
        min: Option<&[u16]>,
        out: &mut Vec<u16>,
        fresh: &mut Vec<u32>,
    ) -> Ordering {
        let b = &self.regions[ri][bi];
        let n = b.len();
        out.clear();
        fresh.clear();
        let mut ord = if min.is_some() { Ordering::Equal } else { Ordering::Less };
        for k in 0..=n {
            let t = if k == n {
                END_BOUNDARY
            } else {
                let s = b[if rev { (start + n - k) % n } else { (start + k) % n }];
                let label = match st.label[s as usize] {
                    u32::MAX => match fresh.iter().position(|&f| f == s) {
                        Some(i) => st.next + i as u32,
                        None => {
                            fresh.push(s);
                            st.next + fresh.len() as u32 - 1
                        }
                    },
                    l => l,
                };
                (2 + 16 * label + self.lives[s as usize] as u32) as u16
            };
            if ord == Ordering::Equal {
                if let Some(m) = min {
                    ord = t.cmp(&m[k]);
                    if ord == Ordering::Greater {
                        return ord;
                    }
                }
            }
            out.push(t);
        }
        ord
    }

    fn go(&self, mut st: State, best: &mut Option<Vec<u16>>) {
        if st.open.as_ref().is_some_and(|(_, _, done)| done.iter().all(|&d| d)) {
            st.cur.push(END_REGION);
            st.open = None;
            if worse(&st.cur, best) {
                return;
            }
        }
        if st.open.is_none() && st.used.iter().all(|&u| u) {
            if best.as_ref().is_none_or(|b| st.cur < *b) {
                *best = Some(st.cur);
            }
            return;
        }
        // Every possible next step; only the smallest are kept.
        let mut choices: Vec<Choice> = Vec::new();
        match &st.open {
            Some((ri, rev, done)) => {
                for bi in (0..done.len()).filter(|&bi| !done[bi]) {
                    for start in 0..self.regions[*ri][bi].len() {
                        choices.push((*ri, *rev, bi, start));
                    }
                }
            }
            None => {
                for ri in (0..self.regions.len()).filter(|&ri| !st.used[ri]) {
                    for rev in [false, true] {
                        for bi in 0..self.regions[ri].len() {
                            for start in 0..self.regions[ri][bi].len() {
                                choices.push((ri, rev, bi, start));
                            }
                        }
                    }
                }
            }
        }
        let (mut min, mut buf, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
        let mut ties: Vec<Choice> = Vec::new();
        for &c in &choices {
            let m = if ties.is_empty() { None } else { Some(min.as_slice()) };
            match self.step(&st, c, m, &mut buf, &mut fresh) {
                Ordering::Less => {
                    std::mem::swap(&mut min, &mut buf);
                    ties.clear();
                    ties.push(c);
                }
                Ordering::Equal => ties.push(c),
                Ordering::Greater => {}
            }
        }
        // (region, direction) whose lone boundaries have been followed once.
        let mut lone_done: Vec<(usize, bool)> = Vec::new();
        for c @ (ri, rev, bi, _) in ties {
            if self.alone[ri][bi] {
                if lone_done.contains(&(ri, rev)) {
                    continue;
                }
                lone_done.push((ri, rev));
            }
            self.step(&st, c, None, &mut buf, &mut fresh);
            let mut s2 = st.clone();
            for (i, &f) in fresh.iter().enumerate() {
                s2.label[f as usize] = st.next + i as u32;
            }
            s2.next += fresh.len() as u32;
            s2.cur.extend(&buf);
            let mut done = match &st.open {
                Some((_, _, done)) => done.clone(),
                None => {
                    s2.used[ri] = true;
                    vec![false; self.regions[ri].len()]
                }
            };
            done[bi] = true;
            s2.open = Some((ri, rev, done));
            if !worse(&s2.cur, best) {
                self.go(s2, best);
            }
        }
    }
}

/// One next step: region, direction, boundary, starting corner.
type Choice = (usize, bool, usize, usize);

/// Whether a partial writing is already above the best one.
fn worse(cur: &[u16], best: &Option<Vec<u16>>) -> bool {
    best.as_ref().is_some_and(|b| cur > &b[..cur.len().min(b.len())])
}
