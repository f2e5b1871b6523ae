//! The distinct children of a position, as a solver needs them: every move
//! of the reduced position, played, reduced and canonicalised, duplicates
//! removed. Interchangeable boundaries (identical, and sharing no spot with
//! another region) are treated as a multiset so that a 30-spot start does
//! not try 2^29 sharings: only how many of each kind go to each side.

use super::canon::{Canon, T_DOT, T_LAND, T_LOWER, T_ONE, T_REGION, T_TWO, T_UPPER, T_ZERO};
use super::moves::{Corner, Move};
use super::position::{cyclic_period, Boundary, Position, Region, Spot};
use crate::limits::{LimitError, CANON_STEPS};
use std::collections::HashMap;
use std::ops::ControlFlow;

impl Position {
    /// The distinct children, canonical and sorted.
    ///
    /// ```
    /// use sprouts::Position;
    ///
    /// let kids = Position::start(2).unwrap().children();
    /// let text: Vec<String> = kids.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(text, ["0.AB.}AB.}]!", "1a1a.}]!"]); // a loop, or a join
    /// ```
    pub fn children(&self) -> Vec<Canon> {
        let r = self.reduced();
        let mut out: Vec<Canon> = Vec::new();
        r.for_each_grouped_move(&mut |mv| out.push(Canon::of_child(&r, &mv)));
        crate::sort::sort_short(&mut out);
        out.dedup();
        out
    }

    /// [`Position::children`], naming their letters in at most
    /// [`CANON_STEPS`] steps in all (as `sprouts moves` does): an error past
    /// them, where each child named in full could take a while (a chain of
    /// 1,900 alike links has 32,325 moves, and is named in some 40 ms).
    pub fn children_limited(&self) -> Result<Vec<Canon>, LimitError> {
        let r = self.reduced();
        let (mut out, mut steps, mut exact) = (Vec::new(), CANON_STEPS, true);
        r.for_each_grouped_move(&mut |mv| {
            if exact {
                let (c, ok) = Canon::of_child_within(&r, &mv, &mut steps);
                exact = ok;
                out.push(c);
            }
        });
        if !exact {
            return Err(super::canon::canon_limit());
        }
        crate::sort::sort_short(&mut out);
        out.dedup();
        Ok(out)
    }

    /// The distinct children as canonical GLOP strings, in the order of
    /// [`Position::children`]. Each child is kept only as its text and its
    /// tokens run-length encoded (a child of `0*10000` is a few runs, where
    /// its tokens are 10,000), found again by a hash of its runs and
    /// compared exactly, and sorted by runs: memory and the sort stay
    /// linear in the number of children, not in children × spots. An
    /// error where naming the children's letters would take more than
    /// [`CANON_STEPS`] steps in all (see [`Canon::of_limited`]).
    ///
    /// ```
    /// use sprouts::Position;
    ///
    /// let p = Position::start(2).unwrap();
    /// let kids: Vec<String> = p.children().iter().map(|c| c.to_string()).collect();
    /// assert_eq!(p.children_text().unwrap(), kids);
    /// ```
    pub fn children_text(&self) -> Result<Vec<String>, LimitError> {
        let r = self.reduced();
        let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
        let mut kept: Vec<(Vec<Run>, String)> = Vec::new();
        let (mut steps, mut exact) = (CANON_STEPS, true);
        r.for_each_grouped_move(&mut |mv| {
            if !exact {
                return;
            }
            let (c, ok) = Canon::of_child_within(&r, &mv, &mut steps);
            exact = ok;
            // The runs are short where the tokens are long (`0*5000.`).
            let runs = runs(c.tokens());
            let mut h = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(&runs, &mut h);
            let same = seen.entry(std::hash::Hasher::finish(&h)).or_default();
            if !same.iter().any(|&i| kept[i].0 == runs) {
                same.push(kept.len());
                kept.push((runs, c.to_string()));
            }
        });
        if !exact {
            return Err(super::canon::canon_limit());
        }
        crate::sort::sort_short_by(&mut kept, |a, b| cmp_runs(&a.0, &b.0));
        Ok(kept.into_iter().map(|(_, text)| text).collect())
    }

    /// The children one at a time, as [`Canon::quick`] writes them (search
    /// keys: possibly repeated, or two writings of one child), until `f`
    /// breaks: for searches that stop at the first good child (the solver
    /// often does, and canonicalising is nearly all the cost).
    pub fn for_each_quick_child(&self, f: &mut dyn FnMut(Canon) -> ControlFlow<()>) {
        self.quick_children(false, f)
    }

    /// [`Position::for_each_quick_child`], skipping moves that a turn of a
    /// boundary by its period or a reflection of its region maps onto a
    /// move also tried (the same children, fewer of them named twice).
    /// For the misère search, where it saves 4–32 % of the time (misère
    /// 12–15, docs/benchmarks.md); the normal search keeps every move,
    /// because the changed order of its children cost it up to 20 % at
    /// 12, 13 and 15 spots.
    pub fn for_each_quick_child_folded(&self, f: &mut dyn FnMut(Canon) -> ControlFlow<()>) {
        self.quick_children(true, f)
    }

    fn quick_children(&self, fold: bool, f: &mut dyn FnMut(Canon) -> ControlFlow<()>) {
        let r = self.reduced();
        let mut stop = false;
        r.grouped_moves(fold, &mut |mv| {
            if !stop {
                stop = f(Canon::quick_child(&r, &mv)).is_break();
            }
        });
    }

    /// One move for each distinct child, with that child's canonical form,
    /// sorted by it. Works on labelled positions (the moves are theirs), and
    /// stays small where [`Position::legal_moves`] explodes.
    ///
    /// ```
    /// use sprouts::notation::write_move;
    /// use sprouts::{Canon, Position};
    ///
    /// let p = Position::start(2).unwrap();
    /// let moves = p.representative_moves();
    /// assert_eq!(moves.len(), 2);
    /// let texts: Vec<String> = moves.iter().map(|(mv, _)| write_move(&p, mv)).collect();
    /// assert!(texts.contains(&"1(3)2".to_string()));
    /// let (mv, canon) = &moves[0];
    /// let child = p.play(mv).unwrap();
    /// assert_eq!(&Canon::of(&child), canon);
    /// ```
    pub fn representative_moves(&self) -> Vec<(Move, Canon)> {
        self.representative_moves_within(u64::MAX).0
    }

    /// [`Position::representative_moves`] if naming the children takes at
    /// most `steps` steps of the exact search in all (see
    /// [`Canon::of_within`]); else the moves of distinct [`Canon::quick`]
    /// children (`false`), where two moves may lead to one child.
    pub fn representative_moves_within(&self, steps: u64) -> (Vec<(Move, Canon)>, bool) {
        let mut out: Vec<(Move, Canon)> = Vec::new();
        let (mut left, mut exact) = (steps, true);
        self.for_each_grouped_move(&mut |mv| {
            let c = if exact {
                let (c, ok) = Canon::of_child_within(self, &mv, &mut left);
                exact = ok;
                c
            } else {
                Canon::quick_child(self, &mv)
            };
            out.push((mv, c));
        });
        if !exact {
            // One kind of writing for all, so that equal children compare equal.
            for (mv, c) in &mut out {
                *c = Canon::quick_child(self, mv);
            }
        }
        crate::sort::sort_short_by(&mut out, |a, b| a.1.cmp(&b.1));
        out.dedup_by(|a, b| a.1 == b.1);
        (out, exact)
    }

    /// Calls `f` with at least one move of every class of equivalent moves
    /// (fewer than [`Position::for_each_move`] lists).
    pub(crate) fn for_each_grouped_move(&self, f: &mut dyn FnMut(Move)) {
        self.grouped_moves(false, f)
    }

    /// [`Position::for_each_grouped_move`]; with `fold`, also one move per
    /// class of moves that a turn or a reflection of one boundary maps onto
    /// each other ([`Symmetry`]).
    fn grouped_moves(&self, fold: bool, f: &mut dyn FnMut(Move)) {
        let count = occurrences(self);
        for (ri, region) in self.regions().iter().enumerate() {
            let groups = group_boundaries(self, region, &count);
            let period: Vec<usize> = region.iter().map(|b| period(self, b, &count)).collect();
            let mirror_at = if fold { reflection(self, region, &count) } else { None };
            for (bi, b) in region.iter().enumerate() {
                if groups.rank[bi] != 0 {
                    continue;
                }
                // Turning a periodic boundary by its period maps the
                // position onto itself: a move from a later corner is a move
                // from one of the first `period` corners, turned.
                for ci in 0..period[bi] {
                    let sa = b[ci];
                    if self.lives(sa) == 0 {
                        continue;
                    }
                    let sym_i = Symmetry::of(
                        b.len(),
                        period[bi],
                        mirror_at.filter(|m| m.0 == bi).map(|m| m.1),
                    );
                    let p = Corner {
                        boundary: bi,
                        index: ci,
                    };
                    for (bj, bb) in region.iter().enumerate() {
                        let ok = bj == bi
                            || (bj > bi && groups.rank[bj] == 0)
                            || (groups.group[bj] == groups.group[bi] && groups.rank[bj] == 1);
                        if !ok {
                            continue;
                        }
                        let (start, end) = if bj == bi {
                            (ci, bb.len())
                        } else {
                            (0, period[bj])
                        };
                        for cj in start..end {
                            let sb = bb[cj];
                            if self.lives(sb) == 0 {
                                continue;
                            }
                            let q = Corner {
                                boundary: bj,
                                index: cj,
                            };
                            if p == q && self.lives(sa) < 2 {
                                continue;
                            }
                            if p != q && sa == sb {
                                continue;
                            }
                            // A symmetry of the land maps this move onto one
                            // tried already or to come: same children.
                            let sym_j = Symmetry::of(
                                bb.len(),
                                period[bj],
                                mirror_at.filter(|m| m.0 == bj).map(|m| m.1),
                            );
                            let repeat = if bj == bi {
                                !sym_i.first_pair(ci, cj)
                            } else {
                                !sym_i.first_corner(ci) || !sym_j.first_corner(cj)
                            };
                            if fold && repeat {
                                continue;
                            }
                            if bj != bi {
                                f(Move {
                                    region: ri,
                                    from: p,
                                    to: q,
                                    inside: Vec::new(),
                                });
                            } else {
                                // A loop from an isolated spot leaves the
                                // same boundary (spot, new spot) on both
                                // sides: the other boundaries inside or
                                // outside it give the same position.
                                let mirror = b.len() == 1;
                                for_each_sharing(&groups, bi, mirror, &mut |inside| {
                                    f(Move {
                                        region: ri,
                                        from: p,
                                        to: q,
                                        inside,
                                    })
                                });
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A run: `count` times a unit of one or two tokens.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Run {
    unit: [u16; 2],
    len: u8,
    count: u32,
}

/// Tokens as runs of units, a token followed by `.` being one unit (a
/// boundary of one spot, as in `0*10000.`), read left to right: equal
/// prefixes encode alike, up to their last run.
fn runs(tokens: &[u16]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let pair = tokens[i] != T_DOT && tokens.get(i + 1) == Some(&T_DOT);
        let (unit, len, count) = if pair {
            let unit = [tokens[i], T_DOT];
            // The whole run at once: a region of 10,000 isolated spots is
            // one run of 10,000 units.
            let count = tokens[i..]
                .chunks_exact(2)
                .take_while(|c| *c == unit)
                .count();
            (unit, 2, count)
        } else {
            ([tokens[i], 0], 1, 1)
        };
        i += len as usize * count;
        match out.last_mut() {
            Some(r) if r.unit == unit && r.len == len => r.count += count as u32,
            _ => out.push(Run {
                unit,
                len,
                count: count as u32,
            }),
        }
    }
    out
}

/// Where a reading of runs stands: run, units left in it, token in the unit.
#[derive(Clone, Copy)]
struct Cursor {
    run: usize,
    left: u32,
    at: u8,
}

impl Cursor {
    fn new(r: &[Run]) -> Cursor {
        Cursor {
            run: 0,
            left: r.first().map_or(0, |x| x.count),
            at: 0,
        }
    }

    fn token(&self, r: &[Run]) -> Option<u16> {
        r.get(self.run).map(|x| x.unit[self.at as usize])
    }

    /// Moves on by `units` whole units (at the start of one) or one token.
    fn advance(&mut self, r: &[Run], units: u32) {
        if units > 0 {
            self.left -= units;
        } else {
            self.at += 1;
            if self.at < r[self.run].len {
                return;
            }
            self.at = 0;
            self.left -= 1;
        }
        if self.left == 0 {
            self.run += 1;
            self.left = r.get(self.run).map_or(0, |x| x.count);
        }
    }
}

/// The order of the token strings that `a` and `b` encode: equal runs
/// read side by side are passed over whole.
fn cmp_runs(a: &[Run], b: &[Run]) -> std::cmp::Ordering {
    let (mut x, mut y) = (Cursor::new(a), Cursor::new(b));
    loop {
        let (s, t) = (x.token(a), y.token(b));
        match (s, t) {
            (None, None) => return std::cmp::Ordering::Equal,
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some(s), Some(t)) if s != t => return s.cmp(&t),
            _ => {}
        }
        let same = x.at == 0
            && y.at == 0
            && a[x.run].unit == b[y.run].unit
            && a[x.run].len == b[y.run].len;
        let units = if same { x.left.min(y.left) } else { 0 };
        x.advance(a, units);
        y.advance(b, units);
    }
}

fn occurrences(p: &Position) -> Vec<u8> {
    let mut count = vec![0u8; p.spot_count() + 1];
    for &s in p.regions().iter().flatten().flatten() {
        count[s as usize] += 1;
    }
    count
}

/// The smallest turn of boundary `b` that maps the position onto itself
/// (its length if none): its corners read as tokens, a spot that appears
/// nowhere else by its lives, any other by its own number (such a spot
/// cannot move without changing the drawing elsewhere). 400 two-life spots
/// on one boundary then give 400 moves to try rather than 80,000.
fn period(p: &Position, b: &Boundary, count: &[u8]) -> usize {
    cyclic_period(&tokens(p, b, count))
}

/// A boundary's corners as `period` reads them: a spot that appears nowhere
/// else by its lives, any other by its own number.
fn tokens(p: &Position, b: &Boundary, count: &[u8]) -> Vec<u64> {
    b.iter().map(|&s| if count[s as usize] == 1 { p.lives(s) as u64 } else { 4 + s as u64 }).collect()
}

/// The corners a boundary's corner is mapped to by the symmetries of the
/// position that move only this boundary's spots: turns by its period and,
/// where the region may be read backwards onto itself, a reflection
/// (corner `c` to `k - c`). [`Position::for_each_grouped_move`] tries a
/// corner, or a pair of corners of one boundary, only if no image it
/// also tries comes first: the images lead to the same children, and
/// naming a child is nearly all the cost of generating it.
#[derive(Clone, Copy)]
struct Symmetry {
    len: usize,
    period: usize,
    mirror: Option<usize>,
}

impl Symmetry {
    fn of(len: usize, period: usize, mirror: Option<usize>) -> Symmetry {
        Symmetry {
            len,
            period,
            mirror,
        }
    }

    /// Whether corner `c` (below the period: the corners tried) is the
    /// first of its images that is tried.
    fn first_corner(&self, c: usize) -> bool {
        match self.mirror {
            Some(k) => (k + self.len - c) % self.len % self.period >= c,
            None => true,
        }
    }

    /// Whether the pair of corners `a <= b` (`a` below the period) is the
    /// first of its images that is tried (a pair `x <= y` with `x` below
    /// the period).
    fn first_pair(&self, a: usize, b: usize) -> bool {
        let (n, p) = (self.len, self.period);
        let mirrored = self.mirror.map(|k| ((k + n - a) % n, (k + n - b) % n));
        for (x0, y0) in std::iter::once((a, b)).chain(mirrored) {
            for m in (0..n).step_by(p) {
                let (x, y) = ((x0 + m) % n, (y0 + m) % n);
                let (x, y) = (x.min(y), x.max(y));
                if x < p && (x, y) < (a, b) {
                    return false;
                }
            }
        }
        true
    }
}

/// A reflection of a region onto itself, as (boundary, `k`): reading the
/// region backwards (which changes no move's effect, see `canon.rs`) with
/// corner `c` of that boundary read as corner `k - c`. Looked for only where
/// one boundary has more than two corners and the others at most two (such
/// boundaries read the same backwards), and only among maps that move no
/// spot found elsewhere (as [`period`]): the common large land of a misère
/// search, a ring of spots around isolated ones.
fn reflection(p: &Position, region: &Region, count: &[u8]) -> Option<(usize, usize)> {
    let mut long = region.iter().enumerate().filter(|(_, b)| b.len() > 2);
    let (bi, b) = long.next()?;
    if long.next().is_some() {
        return None;
    }
    let tok = tokens(p, b, count);
    let n = tok.len();
    (0..n)
        .find(|&k| (0..n).all(|i| tok[i] == tok[(k + n - i) % n]))
        .map(|k| (bi, k))
}

/// Boundaries of one region sorted into classes of interchangeable ones.
struct Groups {
    /// Class of each boundary.
    group: Vec<usize>,
    /// Position of each boundary within its class.
    rank: Vec<usize>,
    /// Members of each class, in order.
    members: Vec<Vec<usize>>,
}

fn group_boundaries(p: &Position, region: &Region, count: &[u8]) -> Groups {
    let mut by_key: HashMap<Vec<u16>, usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut group = Vec::with_capacity(region.len());
    let mut rank = Vec::with_capacity(region.len());
    for (bi, b) in region.iter().enumerate() {
        let g = match local_key(p, b, count) {
            Some(key) => *by_key.entry(key).or_insert_with(|| {
                members.push(Vec::new());
                members.len() - 1
            }),
            None => {
                members.push(Vec::new());
                members.len() - 1
            }
        };
        rank.push(members[g].len());
        members[g].push(bi);
        group.push(g);
    }
    Groups {
        group,
        rank,
        members,
    }
}

/// A boundary's shape when it shares no spot with anything else: its
/// smallest rotation as tokens, lowercase letters named in order.
fn local_key(p: &Position, b: &Boundary, count: &[u8]) -> Option<Vec<u16>> {
    let mut t = Vec::with_capacity(b.len());
    let mut lower: Vec<Spot> = Vec::new();
    for &s in b {
        let tok = match p.lives(s) {
            // Dead spots do not matter to the game.
            0 => continue,
            3 => T_ZERO,
            2 => T_ONE,
            _ if count[s as usize] >= 2 => {
                // Both corners must be on this boundary.
                if b.iter().filter(|&&x| x == s).count() < 2 {
                    return None;
                }
                let j = lower.iter().position(|&x| x == s).unwrap_or_else(|| {
                    lower.push(s);
                    lower.len() - 1
                });
                T_LOWER + j as u16
            }
            _ => T_TWO,
        };
        t.push(tok);
    }
    // Lowercase names depend on the starting corner: compare every rotation
    // renamed from its own start.
    let n = t.len();
    let mut best: Option<Vec<u16>> = None;
    for k in 0..n {
        let mut rot: Vec<u16> = (0..n).map(|i| t[(k + i) % n]).collect();
        let mut map: Vec<(u16, u16)> = Vec::new();
        for x in rot.iter_mut() {
            if *x >= T_LOWER {
                let m = match map.iter().find(|e| e.0 == *x) {
                    Some(e) => e.1,
                    None => {
                        map.push((*x, T_LOWER + map.len() as u16));
                        T_LOWER + map.len() as u16 - 1
                    }
                };
                *x = m;
            }
        }
        if best.as_ref().map_or(true, |b| rot < *b) {
            best = Some(rot);
        }
    }
    best
}

/// Every sharing of the other boundaries of the region between the two
/// sides, up to interchangeable boundaries: for each class, how many of its
/// members (the first ones) go inside.
fn for_each_sharing(groups: &Groups, split: usize, mirror: bool, f: &mut dyn FnMut(Vec<usize>)) {
    let classes: Vec<Vec<usize>> = groups
        .members
        .iter()
        .map(|m| {
            m.iter()
                .copied()
                .filter(|&b| b != split)
                .collect::<Vec<_>>()
        })
        .filter(|m| !m.is_empty())
        .collect();
    let mut counts = vec![0usize; classes.len()];
    loop {
        // With `mirror`, of each sharing and its complement (which gives
        // the same position) only the one whose counts come first.
        let complement = classes.iter().zip(&counts).map(|(m, &c)| m.len() - c);
        if mirror && complement.cmp(counts.iter().copied()) == std::cmp::Ordering::Less {
            if !next_counts(&classes, &mut counts) {
                return;
            }
            continue;
        }
        let mut inside: Vec<usize> = classes
            .iter()
            .zip(&counts)
            .flat_map(|(m, &c)| m[..c].iter().copied())
            .collect();
        crate::sort::sort_short(&mut inside);
        f(inside);
        if !next_counts(&classes, &mut counts) {
            return;
        }
    }
}

/// The next combination of counts, `counts[i]` in `0..=classes[i].len()`
/// (an odometer); false after the last.
fn next_counts(classes: &[Vec<usize>], counts: &mut [usize]) -> bool {
    for (c, m) in counts.iter_mut().zip(classes) {
        if *c < m.len() {
            *c += 1;
            return true;
        }
        *c = 0;
    }
    false
}

impl Canon {
    /// A reduced position with this canonical form.
    pub fn position(&self) -> Position {
        let mut lives: Vec<u8> = Vec::new();
        let mut regions: Vec<Region> = Vec::new();
        let mut upper: HashMap<u16, Spot> = HashMap::new();
        let mut region: Region = Vec::new();
        let mut boundary: Boundary = Vec::new();
        let mut lower: HashMap<u16, Spot> = HashMap::new();
        let new_spot = |lives: &mut Vec<u8>, l: u8| -> Spot {
            lives.push(l);
            lives.len() as Spot
        };
        for &t in self.tokens() {
            match t {
                T_DOT => {
                    region.push(std::mem::take(&mut boundary));
                    lower.clear();
                }
                T_REGION => regions.push(std::mem::take(&mut region)),
                T_LAND => upper.clear(),
                T_ZERO => boundary.push(new_spot(&mut lives, 3)),
                T_ONE => boundary.push(new_spot(&mut lives, 2)),
                T_TWO => boundary.push(new_spot(&mut lives, 1)),
                t if t >= T_LOWER => {
                    let s = *lower.entry(t).or_insert_with(|| new_spot(&mut lives, 1));
                    boundary.push(s);
                }
                t if t >= T_UPPER => {
                    let s = *upper.entry(t).or_insert_with(|| new_spot(&mut lives, 1));
                    boundary.push(s);
                }
                _ => {}
            }
        }
        let mut p = Position::from_raw(lives, regions);
        p.normalize();
        p
    }
}

impl Position {
    /// At least as many moves as [`Position::children`] and the solver
    /// generate here (one per class of equivalent moves, before duplicates
    /// are removed; exactly that many unless a boundary repeats itself,
    /// whose moves are then generated once per period), counted without
    /// making any (saturating): so that a
    /// position too wide to expand is refused before the work starts
    /// (`crate::limits::MAX_MOVES`). Linear in the size of the position.
    pub fn move_count(&self) -> u64 {
        let count = occurrences(self);
        let mut total: u64 = 0;
        // Corners of each spot seen so far, from the end of a boundary.
        let mut after = vec![0u32; self.spot_count() + 1];
        for region in self.regions() {
            let groups = group_boundaries(self, region, &count);
            let live: Vec<u64> = region
                .iter()
                .map(|b| b.iter().filter(|&&s| self.lives(s) > 0).count() as u64)
                .collect();
            for (bi, b) in region.iter().enumerate() {
                if groups.rank[bi] != 0 {
                    continue;
                }
                // Joins to the other boundaries a move from here may reach
                // (a spot lies on one boundary of a region).
                let reach: u64 = (0..region.len())
                    .filter(|&bj| {
                        bj != bi
                            && ((bj > bi && groups.rank[bj] == 0)
                                || (groups.group[bj] == groups.group[bi] && groups.rank[bj] == 1))
                    })
                    .map(|bj| live[bj])
                    .fold(0u64, u64::saturating_add);
                total = total.saturating_add(live[bi].saturating_mul(reach));
                // Moves within the boundary: live corners from ci on, but a
                // 1-life spot cannot loop and a spot's other corners are
                // the same move; each with every sharing of the others.
                let mut pairs: u64 = 0;
                let mut live_after: u64 = 0;
                for &s in b.iter().rev() {
                    if self.lives(s) == 0 {
                        continue;
                    }
                    live_after += 1;
                    let looping = u64::from(self.lives(s) < 2);
                    pairs += live_after - looping - u64::from(after[s as usize]);
                    after[s as usize] += 1;
                }
                for &s in b.iter() {
                    after[s as usize] = 0;
                }
                total = total.saturating_add(pairs.saturating_mul(sharings(&groups, bi)));
            }
        }
        total
    }
}

/// How many sharings [`for_each_sharing`] makes (saturating).
fn sharings(groups: &Groups, split: usize) -> u64 {
    groups
        .members
        .iter()
        .map(|m| m.iter().filter(|&&b| b != split).count() as u64)
        .fold(1u64, |n, k| n.saturating_mul(k + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Comparing runs orders token strings as comparing the tokens does,
    /// on random strings of few kinds of token (long runs, pairs, and
    /// strings that are prefixes of others).
    #[test]
    fn runs_compare_as_their_tokens() {
        let mut x: u64 = 5;
        let mut rand = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        let kinds = [T_DOT, T_ZERO, T_ONE, T_REGION];
        let mut orders = [0; 3];
        for _ in 0..20_000 {
            let a: Vec<u16> = (0..rand(12)).map(|_| kinds[rand(4) as usize]).collect();
            let mut b = a.clone();
            b.truncate(rand(a.len() as u64 + 1) as usize);
            b.extend((0..rand(6)).map(|_| kinds[rand(4) as usize]));
            let ord = a.cmp(&b);
            assert_eq!(cmp_runs(&runs(&a), &runs(&b)), ord, "{a:?} {b:?}");
            assert_eq!(cmp_runs(&runs(&b), &runs(&a)), ord.reverse(), "{b:?} {a:?}");
            orders[(ord as i8 + 1) as usize] += 1;
        }
        assert!(orders.iter().all(|&k| k > 1000), "{orders:?}");
    }

    /// The children as text are the children, printed, along random games
    /// and on starts whose children differ only in counts.
    #[test]
    fn children_text_is_the_children() {
        let mut checked = 0;
        super::super::random_games(3, (1..=12).cycle().take(36), &mut |p, _| {
            let text: Vec<String> = p.children().iter().map(|c| c.to_string()).collect();
            assert_eq!(p.children_text().unwrap(), text, "{p:?}");
            checked += 1;
        });
        for text in ["0*300", "0*40.}0*41.}]!", "1*30.2*30.0*30."] {
            let p = crate::text::parse_position(text).unwrap();
            let kids: Vec<String> = p.children().iter().map(|c| c.to_string()).collect();
            assert!(kids.len() > 20, "{text}");
            assert_eq!(p.children_text().unwrap(), kids, "{text}");
        }
        assert!(checked > 300, "only {checked} positions");
    }

    /// The count bounds what the generation makes (closely: periodic
    /// boundaries are generated once per period), along random games and
    /// on one region of wide boundaries.
    #[test]
    fn move_count_counts_the_generated_moves() {
        let made = |p: &Position| {
            let mut n = 0u64;
            p.for_each_grouped_move(&mut |_| n += 1);
            n
        };
        let mut x: u64 = 11;
        for n in (1..=9).cycle().take(36) {
            let mut p = Position::start(n).unwrap().reduced();
            loop {
                let (count, made) = (p.move_count(), made(&p));
                assert!(
                    count >= made && count <= 2 * made.max(1),
                    "{p:?}: counted {count}, made {made}"
                );
                let mut all = Vec::new();
                p.for_each_grouped_move(&mut |mv| all.push(mv));
                if all.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                p = p
                    .play(&all[(x >> 33) as usize % all.len()])
                    .unwrap()
                    .reduced();
            }
        }
        let wide = crate::text::parse_position("1.2.22.222.2222.22222.222222.2222222.")
            .unwrap()
            .reduced();
        assert!(wide.move_count() >= made(&wide));
    }

    /// The solver lists winning moves by `representative_moves_within`: on
    /// a chain of 100 alike links, whose 1,725 moves' children take more
    /// steps to name than the budget together (19 links do too; 18 not),
    /// it ends inexact with the moves of distinct quick children; within
    /// the budget, on random games, it is `representative_moves` exactly.
    #[test]
    fn representative_moves_share_one_step_budget() {
        let p = super::super::alike_chain(100);
        let t0 = std::time::Instant::now();
        let (moves, exact) = p.representative_moves_within(crate::limits::CANON_STEPS);
        eprintln!("gave up after {:.1?}", t0.elapsed());
        assert!(!exact);
        let mut quick: Vec<Canon> = Vec::new();
        p.for_each_grouped_move(&mut |mv| quick.push(Canon::quick_child(&p, &mv)));
        quick.sort();
        quick.dedup();
        assert_eq!(moves.into_iter().map(|(_, c)| c).collect::<Vec<_>>(), quick);
        let mut n = 0;
        super::super::random_games(5, (2..=9).cycle().take(24), &mut |p, _| {
            assert_eq!(
                p.representative_moves_within(crate::limits::CANON_STEPS),
                (p.representative_moves(), true),
                "{p:?}"
            );
            assert_eq!(p.children_limited(), Ok(p.children()), "{p:?}");
            n += 1;
        });
        assert!(n > 200, "only {n} positions");
    }

    /// A loop from an isolated spot with the other boundaries inside, or
    /// outside, is one position: only one of the two is generated, so on
    /// `0*n` every grouped move gives another child.
    #[test]
    fn a_loop_from_an_isolated_spot_is_generated_once_per_sharing_and_complement() {
        for n in 2..=12 {
            let p = Position::start(n).unwrap();
            let mut grouped = 0;
            p.for_each_grouped_move(&mut |_| grouped += 1);
            // Loops with 0..=(n-1)/2 of the other spots on one side, and a join.
            assert_eq!(grouped, (n - 1) / 2 + 2, "0*{n}");
            assert_eq!(p.children().len(), grouped, "0*{n}");
        }
    }
}
