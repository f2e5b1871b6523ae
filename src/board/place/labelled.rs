//! The plane map of a complete labelled position (a Hoey list, or any
//! position that lists every corner of every spot): its boundaries are
//! already the faces, so the map is read off them and keeps the position's
//! own spot numbers, instead of being chosen for the reduced position.
//!
//! Each boundary is a closed walk; consecutive corners are joined by one
//! side of a line. Sides are paired into lines (a → b with b → a) so that
//! the corners round every spot close up into one cycle, every component
//! satisfies Euler's formula for the sphere, and regions and components
//! form one tree. Parallel lines make the pairing ambiguous; a small
//! search tries the choices (a spot has at most three lines).

use super::{find, route_either_way, LayoutError, Map, Parent};
use crate::board::layout::start_layout;
use crate::board::trace::Half;
use crate::board::Board;
use crate::topology::{Position, Spot};

/// One side of a line: walk `walk` going from `from` to `to`.
#[derive(Clone, Copy)]
struct Side {
    from: usize,
    to: usize,
}

impl Map {
    /// The map of a complete labelled position; vertex v is spot v + 1.
    pub(super) fn of_labelled(p: &Position) -> Result<Map, LayoutError> {
        let nv = p.spot_count();
        // Walks: (region, sides); sides[i] leaves corner i.
        let mut sides: Vec<Side> = Vec::new();
        // For each walk: its region and the index of its first side (None
        // for an isolated spot).
        let mut walks: Vec<(usize, Spot, Option<usize>)> = Vec::new();
        // Corners: (spot, side in, side out).
        let mut corners: Vec<(usize, usize, usize)> = Vec::new();
        for (ri, r) in p.regions().iter().enumerate() {
            for b in r {
                if b.len() == 1 && p.lives(b[0]) == 3 {
                    walks.push((ri, b[0], None));
                    continue;
                }
                let first = sides.len();
                let k = b.len();
                for i in 0..k {
                    sides.push(Side {
                        from: b[i] as usize - 1,
                        to: b[(i + 1) % k] as usize - 1,
                    });
                }
                for i in 0..k {
                    corners.push((b[i] as usize - 1, first + (i + k - 1) % k, first + i));
                }
                walks.push((ri, b[0], Some(first)));
            }
        }
        // Groups of sides to pair: for each pair of spots, the sides one
        // way and the sides the other way.
        let mut groups: std::collections::BTreeMap<(usize, usize), (Vec<usize>, Vec<usize>)> = Default::default();
        for (i, s) in sides.iter().enumerate() {
            // A line from a spot back to itself with no spot on it: no
            // move draws that (every move puts a spot on its line).
            if s.from == s.to {
                return Err(LayoutError::NotPlanar);
            }
            let g = groups.entry((s.from.min(s.to), s.from.max(s.to))).or_default();
            if s.from <= s.to {
                g.0.push(i);
            } else {
                g.1.push(i);
            }
        }
        let groups: Vec<(Vec<usize>, Vec<usize>)> = groups.into_values().collect();
        if groups.iter().any(|g| g.0.len() != g.1.len()) {
            return Err(LayoutError::NotPlanar);
        }
        // Where the search can check a spot: after the last group touching it.
        let mut last_group = vec![usize::MAX; nv];
        for (gi, g) in groups.iter().enumerate() {
            let s = sides[g.0[0]];
            last_group[s.from] = gi;
            last_group[s.to] = gi;
        }
        let mut by_spot: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nv];
        for &(v, i, o) in &corners {
            by_spot[v].push((i, o));
        }
        let mut mate = vec![usize::MAX; sides.len()];
        let mut search = Search {
            groups: &groups,
            by_spot: &by_spot,
            last_group: &last_group,
            mate: &mut mate,
            tries: 0,
        };
        if !search.pair(0, p, &sides, &walks)? {
            return Err(LayoutError::NotPlanar);
        }
        build(p, &sides, &walks, &by_spot, &mate)
    }
}

/// The search over pairings of parallel sides.
struct Search<'a> {
    groups: &'a [(Vec<usize>, Vec<usize>)],
    by_spot: &'a [Vec<(usize, usize)>],
    last_group: &'a [usize],
    mate: &'a mut Vec<usize>,
    tries: usize,
}

/// More pairings than any drawable position needs (a spot has at most
/// three lines): beyond it the list is refused rather than searched.
const MAX_TRIES: usize = 100_000;

impl Search<'_> {
    fn pair(&mut self, gi: usize, p: &Position, sides: &[Side], walks: &[(usize, Spot, Option<usize>)]) -> Result<bool, LayoutError> {
        self.tries += 1;
        if self.tries > MAX_TRIES {
            return Err(LayoutError::NotPlanar);
        }
        if gi == self.groups.len() {
            return Ok(build(p, sides, walks, self.by_spot, self.mate).is_ok());
        }
        let (a, b) = &self.groups[gi];
        let mut perm: Vec<usize> = (0..b.len()).collect();
        loop {
            for (k, &x) in a.iter().enumerate() {
                let y = b[perm[k]];
                self.mate[x] = y;
                self.mate[y] = x;
            }
            let s = sides[a[0]];
            let ok = [s.from, s.to]
                .iter()
                .all(|&v| self.last_group[v] != gi || one_cycle(&self.by_spot[v], self.mate));
            if ok && self.pair(gi + 1, p, sides, walks)? {
                return Ok(true);
            }
            if !next_permutation(&mut perm) {
                return Ok(false);
            }
        }
    }
}

/// Whether the corners round a spot close up into one cycle: each corner
/// leads from the line it arrives by to the line it leaves by.
fn one_cycle(corners: &[(usize, usize)], mate: &[usize]) -> bool {
    let Some(&(_, start)) = corners.first() else {
        return true;
    };
    let mut out = start;
    for step in 1..=corners.len() {
        // The corner whose incoming side is the mate of `out`.
        let Some(&(_, o)) = corners.iter().find(|&&(i, _)| mate[i] == out) else {
            return false;
        };
        out = o;
        if out == start {
            return step == corners.len();
        }
    }
    false
}

/// Lexicographically next permutation; false after the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let n = v.len();
    let Some(i) = (1..n).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..n).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The map for a full pairing, or NotPlanar when it is not a sphere drawing.
fn build(
    p: &Position,
    sides: &[Side],
    walks: &[(usize, Spot, Option<usize>)],
    by_spot: &[Vec<(usize, usize)>],
    mate: &[usize],
) -> Result<Map, LayoutError> {
    let nv = p.spot_count();
    let mut m = Map::new();
    // Darts: side x with x < mate[x] is dart 2e, its mate 2e + 1.
    let mut dart = vec![usize::MAX; sides.len()];
    for x in 0..sides.len() {
        if x < mate[x] {
            let d = m.edge(sides[x].from, sides[x].to);
            dart[x] = d;
            dart[mate[x]] = d ^ 1;
        }
    }
    m.rot = vec![Vec::new(); nv];
    m.comp = vec![usize::MAX; nv];
    // Round each spot: the face walk arriving by d leaves by the dart after
    // d ^ 1, so the dart leaving by a corner follows the mate of the side
    // that arrived.
    for (v, cs) in by_spot.iter().enumerate() {
        if let Some(&(_, start)) = cs.first() {
            let mut out = start;
            loop {
                m.rot[v].push(dart[out]);
                let &(_, o) = cs
                    .iter()
                    .find(|&&(i, _)| mate[i] == out)
                    .ok_or(LayoutError::NotPlanar)?;
                out = o;
                if out == start {
                    break;
                }
            }
            if m.rot[v].len() != cs.len() {
                return Err(LayoutError::NotPlanar);
            }
        }
    }
    // Components, and Euler's formula for each: V - E + F = 2.
    let mut uf: Vec<usize> = (0..nv).collect();
    for e in &m.ends {
        let (a, b) = (find(&mut uf, e[0]), find(&mut uf, e[1]));
        uf[a] = b;
    }
    let mut comp_of_root = vec![usize::MAX; nv];
    let mut nc = 0;
    for v in 0..nv {
        let r = find(&mut uf, v);
        if comp_of_root[r] == usize::MAX {
            comp_of_root[r] = nc;
            nc += 1;
        }
        m.comp[v] = comp_of_root[r];
    }
    let mut euler = vec![0i64; nc];
    for v in 0..nv {
        euler[m.comp[v]] += 1;
    }
    for e in &m.ends {
        euler[m.comp[e[0]]] -= 1;
    }
    // Faces: the walks, each in one region.
    let nr = p.regions().len();
    let walk_comp: Vec<usize> = walks.iter().map(|&(_, s, _)| m.comp[s as usize - 1]).collect();
    for &c in &walk_comp {
        euler[c] += 1;
    }
    if euler.iter().any(|&x| x != 2) {
        return Err(LayoutError::NotPlanar);
    }
    // Regions and components: one tree, rooted at the region with the most
    // boundaries (for a game from n spots, the region they all start in).
    let mut tree: Vec<usize> = (0..nr + nc).collect();
    for (wi, &(r, _, _)) in walks.iter().enumerate() {
        let (a, b) = (find(&mut tree, r), find(&mut tree, nr + walk_comp[wi]));
        if a == b {
            return Err(LayoutError::NotPlanar);
        }
        tree[a] = b;
    }
    if walks.len() + 1 != nr + nc {
        return Err(LayoutError::NotPlanar);
    }
    let root = (0..nr).max_by_key(|&r| (p.regions()[r].len(), std::cmp::Reverse(r))).unwrap_or(0);
    let face_dart = |wi: usize| walks[wi].2.map(|x| dart[x]);
    m.parent = vec![Parent::Root; nc];
    m.outer = vec![None; nc];
    let mut done = vec![false; nc];
    // Breadth first from the root: (region, the face of its owner holding it).
    let mut queue = std::collections::VecDeque::from([(root, Parent::Root)]);
    while let Some((r, holder)) = queue.pop_front() {
        for (wi, &(wr, _, _)) in walks.iter().enumerate() {
            let c = walk_comp[wi];
            if wr != r || done[c] {
                continue;
            }
            done[c] = true;
            m.parent[c] = holder;
            m.outer[c] = face_dart(wi);
            for (wj, &(r2, _, _)) in walks.iter().enumerate() {
                if walk_comp[wj] == c && wj != wi {
                    let d = face_dart(wj).ok_or(LayoutError::NotPlanar)?;
                    queue.push_back((r2, Parent::Face(d)));
                }
            }
        }
    }
    Ok(m)
}

impl Map {
    /// When the spot numbers are a game's (spots 1..=n alone at the start,
    /// and every later spot z joined to smaller numbers by exactly the two
    /// lines of the move that made it), the n spots at the start and, in
    /// order, the move that made each later spot: (n, for each z the darts
    /// a → z and z → b).
    fn history(&self) -> Option<(usize, Vec<(usize, usize)>)> {
        let nv = self.rot.len();
        let lower: Vec<Vec<usize>> = (0..nv)
            .map(|v| self.rot[v].iter().copied().filter(|&d| self.head(d) < v).collect())
            .collect();
        let n = lower.iter().position(|l| !l.is_empty()).unwrap_or(nv);
        let mut moves = Vec::with_capacity(nv - n);
        for l in lower.iter().skip(n) {
            let [x, y] = l[..] else { return None };
            // z's two older lines, in the order the move runs: from a, into
            // z, on to b, with z's corner of that side between them.
            let (into, out) = if self.next(x ^ 1, &|d| d == y || d == x) == y { (x, y) } else { (y, x) };
            moves.push((into ^ 1, out));
        }
        (n > 0).then_some((n, moves))
    }

    /// Draws the map as the game that numbered its spots would have: the
    /// start spots where a new game puts them, then each move routed, its
    /// new spot placed by the router.
    pub(super) fn draw_history(&self, width: f64, height: f64, work: &mut u64) -> Result<Board, LayoutError> {
        let (n, moves) = self.history().ok_or(LayoutError::NotPlanar)?;
        let mut board = Board::with_spots(width, height, start_layout(n, width, height))
            .map_err(|e| LayoutError::Mismatch(e.to_string()))?;
        let (face, nf) = self.faces();
        let mut half: Vec<Option<Half>> = vec![None; 2 * self.ends.len()];
        let mut inserted = vec![false; self.ends.len()];
        for (step, &(d1, d2)) in moves.iter().enumerate() {
            let faces = board.faces()?;
            let mismatch = || LayoutError::Mismatch(format!("no corner for move {}", step + 1));
            let (ra, ba, ca) = self.corner_at(&faces, &half, &inserted, d1).ok_or_else(mismatch)?;
            let (rb, bb, cb) = self.corner_at(&faces, &half, &inserted, d2 ^ 1).ok_or_else(mismatch)?;
            if ra != rb {
                return Err(mismatch());
            }
            // The move's first region (see `Move::inside`) holds the walk
            // back from b through the new spot to a; for a loop, the bare
            // side a → z → a.
            let side = if (ba, ca) != (bb, cb) {
                d2 ^ 1
            } else {
                // Which of the loop's two sides is bare depends on where
                // a's other drawn line (if any) leaves: the face walk that
                // comes back by d2 and leaves again by d1 is the bare one.
                let drawn = |x: usize| inserted[x / 2] || x / 2 == d1 / 2 || x / 2 == d2 / 2;
                if self.next(d2, &drawn) == d1 {
                    d1
                } else {
                    d2 ^ 1
                }
            };
            let inside = if ba == bb {
                self.inside(&faces, &face, nf, &half, &[d1 / 2, d2 / 2], side, ra, ba)
            } else {
                Vec::new()
            };
            // A spot of the region that the move's first region must hold
            // (or must not): it tells a loop's two sides apart.
            let spot_of = |j: usize| faces.regions[ra][j][0].spot;
            let witness = match inside.first() {
                Some(&j) => Some((spot_of(j), true)),
                None => (0..faces.regions[ra].len()).find(|&j| j != ba).map(|j| (spot_of(j), false)),
            };
            let at = (step, moves.len());
            let (routed, swapped) = route_either_way(&board, &faces, ra, (ba, ca), (bb, cb), inside, at, work)?;
            board = routed.board;
            // The move's two new lines: into its new spot, then out of it.
            let be = board.edges().len() - 2;
            let (first, second) = if (ba, ca) == (bb, cb) {
                loop_darts(&board, self.tail(d1), [d1, d2], side, be, witness).ok_or_else(mismatch)?
            } else if swapped {
                (d2 ^ 1, d1 ^ 1)
            } else {
                (d1, d2)
            };
            for (d, b) in [(first, be), (second, be + 1)] {
                half[d] = Some(2 * b);
                half[d ^ 1] = Some(2 * b + 1);
                inserted[d / 2] = true;
            }
        }
        Ok(board)
    }
}

/// Which darts of the map a loop a → z → a just drawn is, as board edges
/// `be` (a → z) and `be + 1` (z → a): `[d1, d2]` (a → z, z → a) or the
/// other way round, `[d2 ^ 1, d1 ^ 1]`. The router may run a loop either
/// way round, so the drawing decides: the map's side `side` (the walk
/// through z that holds the move's first region) must be a face of the
/// drawing at a, and hold `witness` (a spot, and whether it is on that side).
fn loop_darts(board: &Board, a: usize, [d1, d2]: [usize; 2], side: usize, be: usize, witness: Option<(Spot, bool)>) -> Option<(usize, usize)> {
    let faces = board.faces().ok()?;
    [(d1, d2), (d2 ^ 1, d1 ^ 1)].into_iter().find(|&(first, second)| {
        let h = |d: usize| match d {
            _ if d == first => 2 * be,
            _ if d == first ^ 1 => 2 * be + 1,
            _ if d == second => 2 * be + 2,
            _ => 2 * be + 3,
        };
        // The corner at a of the walk that comes back by one line and
        // leaves by the other.
        let want = if side == d1 { (h(d2), h(d1)) } else { (h(d1 ^ 1), h(d2 ^ 1)) };
        faces.regions.iter().any(|region| {
            let here = region
                .iter()
                .flatten()
                .any(|c| c.spot as usize == a + 1 && (c.into, c.out) == (Some(want.0), Some(want.1)));
            here && witness.is_none_or(|(w, on)| region.iter().flatten().any(|c| c.spot == w) == on)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_hoey;

    /// Hoey lists of real game positions are drawn move by move with their
    /// own numbers, loops included: a loop round its spot's own outer
    /// boundary, and loops from isolated spots (which the router may run
    /// either way round).
    #[test]
    fn game_histories_are_drawn_move_by_move() {
        for text in [
            // 4+ 1(5)1[2-4] 2(6)3 2(7)2[1]
            "1,5/1,5;2,7/2,6,3,6,2,7;4",
            // 10+ 1(11)1[2-5] 2(12)2 2(13)3 6(14)6[7-9] 12(15)!13 6(16)7 3(17)3[1] 1(18)10
            "1,11;3,17/1,11,1,18,10,18;6,14/2,12/2,12,15,13,3,17,3,13;4;5/2,13,15,12/6,14,6,16,7,16;8;9",
            // The ends of `sprouts random --spots 10 --seed 1` and `--seed 2`.
            "1,11;3,17/1,11,32,35,10,18/1,18,20,22,32,11/2,12/2,12,15,19,23,30,31,28,24,5,28,31,30,29,4,23,19,17,3,13/2,13,15,12/3,17,19,15,13/4,29/4,29,30,23/5,24/5,24,28/6,14,6,16,21,7,16/6,14,22,20,10,35,32,22,14/7,21,25/7,25,27,34,36,37,8,26,27,25,21,16/8,36,34,33,9,26/8,37,36/9,33/9,33,34,27,26/10,20,18",
            "1,11;2,25,24,3,31,3,24/1,11,12,28,22,20,5,22,28,12/1,12,11;7,17,21,32,15/2,24,25,26/2,26,25;4,27/3,31/4,27,29/4,29,27/5,20/5,20,22/6,13/6,13,18;8,23,16,14/6,18,19,33,30,10,19,18,13/7,14,16,8,14,7,15,9,17/8,16,23/9,15,32,21/9,21,17/10,30/10,30,33,19",
        ] {
            let p = parse_hoey(text).unwrap();
            let map = Map::of_labelled(&p).unwrap();
            let board = map.draw_history(800.0, 600.0, &mut 0).unwrap_or_else(|e| panic!("{text}: {e}"));
            let mut want = p.clone();
            want.normalize();
            assert_eq!(board.position().unwrap(), want, "{text}");
        }
    }
}
