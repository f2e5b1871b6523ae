//! Layout of any position: a drawing for a position that was never drawn.
//!
//! The position is reduced first, and a labelled position that reduces to
//! it is chosen as a plane map (spots, edges, the order of the edges round
//! each spot, and which component lies in which face):
//!
//! - the boundaries joined by uppercase letters make one component; a
//!   region's components and the components' faces form a tree, and the
//!   further trees hang in the inner faces of dead `K4`s (four dead spots,
//!   four dead triangles), three to a `K4`;
//! - a lowercase letter is a spot on a bridge: its boundary is cut there
//!   into the two sides' walks;
//! - what is left of a component are cycles through its uppercase letters:
//!   where such lines meet (a face of the dual), a dead spot joins three, a
//!   path of dead spots joins more, and two just continue into each other;
//!   `1` is a line's free end, `2` a spot on a small loop hanging from a
//!   dead spot (its other corner is in that loop, a region with one life),
//!   and a dead end (a bridge with nothing live beyond) is a dead triangle
//!   with a doubled side;
//! - regions may be mirrored one by one (the canonical form does not see
//!   it); the first choice of mirrors whose cycles close up on the sphere
//!   (Euler's formula, component by component) is taken.
//!
//! The map is then drawn by the router: every spot starts isolated on a
//! grid (components depth first through the nesting), and each edge is
//! routed as a move between its corners, with every other boundary of the
//! face sent to the side where the map has it; the move's new spot is then
//! dissolved into the line (clear joins are drawn straight). Cramped
//! drawings are redone larger or in another order. The traced result is
//! compared with the input's canonical form before it is returned.

use super::geom::{fans_overlap, in_sector, point_segment_dist, segment_dist, Point};
use super::index::SegmentIndex;
use super::layout::start_layout;
use super::model::{Board, Edge};
use super::route::{RouteError, RouteOptions};
use super::trace::{CornerAt, Faces, Half, TraceError};
use crate::topology::{Canon, Corner, Move, Position, Spot};
use std::fmt;

mod labelled;

/// Why a position was not laid out.
#[derive(Clone, Debug, PartialEq)]
pub enum LayoutError {
    /// The width or height is not a positive size.
    BadArea,
    /// No plane drawing has these regions (letters link boundaries of one
    /// region, the regions do not nest, or the cycles cannot close up on
    /// the sphere).
    NotPlanar,
    /// The router found no room for line `edge` of `edges`.
    NoRoute {
        edge: usize,
        edges: usize,
        why: RouteError,
    },
    /// The drawing did not come out as the position (a bug; the message
    /// says what was drawn).
    Mismatch(String),
    /// Past a limit: larger than a drawn game can be
    /// ([`crate::limits::MAX_DRAWN`]), more routing than
    /// [`crate::limits::MAX_LAYOUT_MESH_POINTS`], or a check past
    /// [`crate::limits::CANON_STEPS`].
    Limit(crate::limits::LimitError),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::BadArea => write!(f, "the board needs a positive width and height"),
            LayoutError::NotPlanar => write!(f, "no plane drawing has these regions"),
            LayoutError::NoRoute { edge, edges, why } => {
                write!(f, "line {} of {edges} could not be drawn: {why}", edge + 1)
            }
            LayoutError::Mismatch(s) => write!(f, "the drawing came out as {s}, not the position"),
            LayoutError::Limit(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LayoutError {}

impl From<TraceError> for LayoutError {
    fn from(e: TraceError) -> Self {
        LayoutError::Mismatch(e.to_string())
    }
}

impl Board {
    /// A drawing of `p` (any position: labelled or reduced) in a `width` ×
    /// `height` area, and the labelled position it shows: its canonical
    /// form is `p`'s, and it is exactly what the drawing traces to. A
    /// complete labelled position (every corner listed, as in a Hoey list)
    /// comes back as itself, spot numbers included, when it can be drawn so.
    pub fn layout(p: &Position, width: f64, height: f64) -> Result<(Position, Board), LayoutError> {
        if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
            return Err(LayoutError::BadArea);
        }
        crate::limits::check_drawn(p).map_err(LayoutError::Limit)?;
        let work = &mut 0;
        if p.is_complete() {
            // A reduced string that happens to list every corner is not
            // always one drawing (it can be a forest of lands): then the
            // reduced position is laid out as usual.
            match Board::labelled_within(p, width, height, work) {
                Ok(board) => {
                    let mut want = p.clone();
                    want.normalize();
                    return Ok((want, board));
                }
                Err(e @ LayoutError::Limit(_)) => return Err(e),
                Err(_) => {}
            }
        }
        let t = p.reduced();
        let map = Map::of(&t)?;
        let board = map.draw(width, height, work)?;
        let drawn = board.position()?;
        // Bounded (an input from outside could make the exact naming
        // search run for minutes); past the bound the check fails cleanly.
        let of = |p: &Position| Canon::of_within(p, crate::limits::CANON_STEPS);
        match (of(&drawn), of(&t)) {
            ((a, true), (b, true)) if a == b => {}
            // Past the naming budget the check cannot be made: say so.
            ((_, false), _) | (_, (_, false)) => return Err(LayoutError::Limit(crate::topology::canon_limit())),
            ((a, _), _) => return Err(LayoutError::Mismatch(a.to_string())),
        }
        Ok((drawn, board))
    }

    /// A drawing of the complete labelled position `p` (every corner
    /// listed, as in a Hoey list) with its own spot numbers: it traces to
    /// exactly `p`, normalised.
    pub fn layout_labelled(p: &Position, width: f64, height: f64) -> Result<Board, LayoutError> {
        if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
            return Err(LayoutError::BadArea);
        }
        crate::limits::check_drawn(p).map_err(LayoutError::Limit)?;
        Board::labelled_within(p, width, height, &mut 0)
    }

    /// [`Board::layout_labelled`] adding the routing it does to `work`.
    fn labelled_within(p: &Position, width: f64, height: f64, work: &mut u64) -> Result<Board, LayoutError> {
        if !p.is_complete() {
            return Err(LayoutError::NotPlanar);
        }
        let map = Map::of_labelled(p)?;
        // Numbered as a game numbers its spots: drawn move by move, as the
        // game would be (on a twice larger area, scaled back exactly, when
        // the moves find no room); else as a plane map.
        let mut history = None;
        for scale in [1.0, 2.0] {
            let mut b = match map.draw_history(width * scale, height * scale, work) {
                Ok(b) if scale == 1.0 => b,
                Ok(b) => match b.scaled(1.0 / scale) {
                    Ok(b) => b,
                    Err(_) => continue,
                },
                Err(e @ LayoutError::Limit(_)) => return Err(e),
                Err(_) => continue,
            };
            if !spread(&b) {
                // Spots the router put too close or off the board: a tidy
                // (same position) spreads them and keeps them on it,
                // stopped as soon as it has.
                let mut t = super::tidy::Tidy::new(&b, super::tidy::TidyOptions::default())?;
                while !spread(&b) && !t.is_done() {
                    t.run(&mut b, SPREAD_SWEEPS);
                }
            }
            if spread(&b) && b.position().as_ref().is_ok_and(|q| equal_normalised(q, p)) {
                history = Some(b);
                break;
            }
        }
        let board = match history {
            Some(b) => b,
            None => map.draw(width, height, work)?,
        };
        let mut want = p.clone();
        want.normalize();
        let drawn = board.position()?;
        if drawn != want {
            return Err(LayoutError::Mismatch(crate::text::HoeyDisplay(&drawn).to_string()));
        }
        Ok(board)
    }
}

/// What a live spot of the reduced position is, by its lives and corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Zero,
    One,
    Upper,
    Lower,
    Two,
}

/// A token of a walk: a live spot of the position, or the place where a
/// bridge through lowercase spot `s` leaves this side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    S(Spot),
    Port(Spot),
}

/// A walk round one side of a component: tokens and the boundary (flat
/// index) it reads.
#[derive(Clone, Debug)]
struct Walk {
    toks: Vec<Tok>,
    bid: usize,
}

/// Where a component lies: in the unbounded region, or in the face of
/// another component that holds dart `d`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Parent {
    Root,
    Face(usize),
}

/// A plane map: edge `e` has darts `2e` (from `ends[e][0]`) and `2e + 1`;
/// `rot[v]` lists the darts leaving v in clockwise order; the face walk
/// arriving by dart d leaves by the dart after `d ^ 1` in its head's list,
/// as the tracer does.
struct Map {
    ends: Vec<[usize; 2]>,
    rot: Vec<Vec<usize>>,
    comp: Vec<usize>,
    parent: Vec<Parent>,
    /// A dart of each component's face that lies in its parent's region
    /// (none for an isolated spot).
    outer: Vec<Option<usize>>,
}

impl Map {
    fn new() -> Map {
        Map {
            ends: Vec::new(),
            rot: Vec::new(),
            comp: Vec::new(),
            parent: Vec::new(),
            outer: Vec::new(),
        }
    }

    fn head(&self, d: usize) -> usize {
        self.ends[d / 2][1 - d % 2]
    }

    fn tail(&self, d: usize) -> usize {
        self.ends[d / 2][d % 2]
    }

    fn vertex(&mut self, comp: usize) -> usize {
        self.rot.push(Vec::new());
        self.comp.push(comp);
        self.rot.len() - 1
    }

    /// An edge a–b; returns its dart from a. Rotations are set by callers.
    fn edge(&mut self, a: usize, b: usize) -> usize {
        self.ends.push([a, b]);
        2 * (self.ends.len() - 1)
    }

    /// An edge a–b appended to both rotations; returns its dart from a.
    fn link(&mut self, a: usize, b: usize) -> usize {
        let d = self.edge(a, b);
        self.rot[a].push(d);
        self.rot[b].push(d ^ 1);
        d
    }

    /// The dart after `d ^ 1` round d's head, among the darts `on` keeps.
    fn next(&self, d: usize, on: &dyn Fn(usize) -> bool) -> usize {
        let r = &self.rot[self.head(d)];
        let k = r.iter().position(|&x| x == d ^ 1).unwrap_or(0);
        (1..=r.len())
            .map(|i| r[(k + i) % r.len()])
            .find(|&x| on(x))
            .unwrap_or(d ^ 1)
    }

    /// Face number of every dart of the finished map.
    fn faces(&self) -> (Vec<usize>, usize) {
        let mut face = vec![usize::MAX; 2 * self.ends.len()];
        let mut n = 0;
        for d in 0..face.len() {
            let mut g = d;
            while face[g] == usize::MAX {
                face[g] = n;
                g = self.next(g, &|_| true);
            }
            if face[d] == n {
                n += 1;
            }
        }
        (face, n)
    }

    /// A junction: the dead spots where the lines to `att` meet, in that
    /// order round it. Two lines just join (or, to one spot twice, meet at
    /// a dead spot with a dead end); three or more meet on a path of dead
    /// spots, two lines at each end and one at each inner spot; one line
    /// ends in a dead triangle with a doubled side. Returns for each
    /// attachment t a dart of the face that holds the corner between
    /// attachments t - 1 and t.
    fn junction(&mut self, comp: usize, att: &[usize]) -> Vec<usize> {
        let k = att.len();
        match k {
            0 => return Vec::new(),
            1 => {
                let ring: Vec<usize> = (0..3).map(|_| self.vertex(comp)).collect();
                let out = self.edge(ring[0], att[0]);
                self.rot[att[0]].push(out ^ 1);
                let around: Vec<usize> = (0..3)
                    .map(|t| self.edge(ring[t], ring[(t + 1) % 3]))
                    .collect();
                let chord = self.edge(ring[1], ring[2]);
                self.rot[ring[0]] = vec![out, around[0], around[2] ^ 1];
                self.rot[ring[1]] = vec![chord, around[1], around[0] ^ 1];
                self.rot[ring[2]] = vec![chord ^ 1, around[2], around[1] ^ 1];
                return vec![out];
            }
            2 if att[0] != att[1] => {
                let d = self.link(att[0], att[1]);
                return vec![d ^ 1, d];
            }
            2 => {
                let j = self.vertex(comp);
                let out = vec![self.link(j, att[0]), self.link(j, att[1])];
                self.junction(comp, &[j]);
                return out;
            }
            _ => {}
        }
        let path: Vec<usize> = (0..k - 2).map(|_| self.vertex(comp)).collect();
        let mut out = Vec::with_capacity(k);
        for t in 0..k {
            let v = path[t.saturating_sub(1).min(k - 3)];
            let d = self.edge(v, att[t]);
            self.rot[att[t]].push(d ^ 1);
            out.push(d);
        }
        let links: Vec<usize> = (0..k - 3)
            .map(|i| self.edge(path[i], path[i + 1]))
            .collect();
        for (i, &v) in path.iter().enumerate() {
            self.rot[v] = if k == 3 {
                vec![out[0], out[1], out[2]]
            } else if i == 0 {
                vec![out[0], out[1], links[0]]
            } else if i == k - 3 {
                vec![links[i - 1] ^ 1, out[k - 2], out[k - 1]]
            } else {
                vec![links[i - 1] ^ 1, out[i + 1], links[i]]
            };
        }
        out
    }

    /// Four dead spots, all joined: returns a dart of each of its four
    /// faces (the first is the outer one).
    fn k4(&mut self, comp: usize) -> [usize; 4] {
        let v: Vec<usize> = (0..4).map(|_| self.vertex(comp)).collect();
        let mut e = std::collections::HashMap::new();
        for a in 0..4 {
            for b in a + 1..4 {
                e.insert((a, b), self.edge(v[a], v[b]));
            }
        }
        let dart = |a: usize, b: usize| if a < b { e[&(a, b)] } else { e[&(b, a)] ^ 1 };
        // Spot 3 in the middle of triangle 0 1 2.
        for (a, order) in [
            (0, [1, 3, 2]),
            (1, [2, 3, 0]),
            (2, [0, 3, 1]),
            (3, [0, 1, 2]),
        ] {
            self.rot[v[a]] = order.iter().map(|&b| dart(a, b)).collect();
        }
        [dart(0, 1), dart(1, 0), dart(2, 1), dart(0, 2)]
    }
}

/// The reduced position read as walks.
struct Reading<'a> {
    t: &'a Position,
    /// Flat boundary index of (region, boundary).
    first: Vec<usize>,
    /// Region of each flat boundary.
    region_of: Vec<usize>,
    kind: Vec<Kind>,
}

impl<'a> Reading<'a> {
    fn new(t: &'a Position) -> Reading<'a> {
        let mut first = Vec::new();
        let mut region_of = Vec::new();
        for (ri, r) in t.regions().iter().enumerate() {
            first.push(region_of.len());
            region_of.extend(std::iter::repeat_n(ri, r.len()));
        }
        let kind = (1..=t.spot_count() as Spot)
            .map(|s| {
                let c = t.corners_of(s);
                match (t.lives(s), c.len()) {
                    (3, _) => Kind::Zero,
                    (2, _) => Kind::One,
                    (_, 1) => Kind::Two,
                    _ if c[0].0 == c[1].0 => Kind::Lower,
                    _ => Kind::Upper,
                }
            })
            .collect();
        Reading {
            t,
            first,
            region_of,
            kind,
        }
    }

    fn kind(&self, s: Spot) -> Kind {
        self.kind[s as usize - 1]
    }

    fn boundary(&self, bid: usize) -> &[Spot] {
        let r = self.region_of[bid];
        &self.t.regions()[r][bid - self.first[r]]
    }

    /// The walks of one component's boundaries, mirrored where asked, cut
    /// at lowercase spots and grouped into pieces joined by uppercase ones.
    fn pieces(&self, bids: &[usize], flip: &[bool]) -> Vec<Vec<Walk>> {
        let mut todo: Vec<Walk> = bids
            .iter()
            .map(|&bid| {
                let mut toks: Vec<Tok> = self.boundary(bid).iter().map(|&s| Tok::S(s)).collect();
                if flip[self.region_of[bid]] {
                    toks.reverse();
                }
                Walk { toks, bid }
            })
            .collect();
        let mut done: Vec<Walk> = Vec::new();
        while let Some(w) = todo.pop() {
            let cut = w
                .toks
                .iter()
                .position(|&x| matches!(x, Tok::S(s) if self.kind(s) == Kind::Lower));
            let Some(i) = cut else {
                done.push(w);
                continue;
            };
            let a = w.toks[i];
            let Some(j) = w.toks[i + 1..]
                .iter()
                .position(|&x| x == a)
                .map(|j| j + i + 1)
            else {
                done.push(w);
                continue;
            };
            let Tok::S(s) = a else { unreachable!() };
            // `a U a V`: the far side reads U then the bridge, the near side V then the bridge.
            let mut far: Vec<Tok> = w.toks[i + 1..j].to_vec();
            far.push(Tok::Port(s));
            let mut near: Vec<Tok> = w.toks[j + 1..].to_vec();
            near.extend_from_slice(&w.toks[..i]);
            near.push(Tok::Port(s));
            todo.push(Walk {
                toks: far,
                bid: w.bid,
            });
            todo.push(Walk {
                toks: near,
                bid: w.bid,
            });
        }
        // Pieces: walks joined by uppercase spots.
        let n = done.len();
        let mut uf: Vec<usize> = (0..n).collect();
        let mut seen: std::collections::HashMap<Spot, usize> = Default::default();
        for (wi, w) in done.iter().enumerate() {
            for &x in &w.toks {
                if let Tok::S(s) = x {
                    if self.kind(s) == Kind::Upper {
                        if let Some(&o) = seen.get(&s) {
                            let (a, b) = (find(&mut uf, o), find(&mut uf, wi));
                            uf[a] = b;
                        } else {
                            seen.insert(s, wi);
                        }
                    }
                }
            }
        }
        let mut groups: Vec<Vec<Walk>> = Vec::new();
        let mut index = vec![usize::MAX; n];
        for (wi, w) in done.into_iter().enumerate() {
            let r = find(&mut uf, wi);
            if index[r] == usize::MAX {
                index[r] = groups.len();
                groups.push(Vec::new());
            }
            groups[index[r]].push(w);
        }
        groups
    }

    /// The junctions of a piece: each is a list of (token, walk) where the
    /// walk is the one holding the corner before that attachment. None
    /// when the piece's cycles do not close up on the sphere.
    fn junctions(&self, piece: &[Walk]) -> Option<Vec<Vec<(Tok, usize)>>> {
        let upper = |x: &Tok| matches!(x, Tok::S(s) if self.kind(*s) == Kind::Upper);
        let ups: Vec<Vec<usize>> = piece
            .iter()
            .map(|w| (0..w.toks.len()).filter(|&i| upper(&w.toks[i])).collect())
            .collect();
        let edges: usize = ups.iter().map(|u| u.len()).sum::<usize>() / 2;
        if edges == 0 {
            if piece.len() != 1 {
                return None;
            }
            return Some(vec![piece[0].toks.iter().map(|&x| (x, 0)).collect()]);
        }
        // Where each uppercase spot is: (walk, index among the walk's uppercase).
        let mut at: std::collections::HashMap<Spot, Vec<(usize, usize)>> = Default::default();
        for (wi, u) in ups.iter().enumerate() {
            for (k, &i) in u.iter().enumerate() {
                let Tok::S(s) = piece[wi].toks[i] else {
                    unreachable!()
                };
                at.entry(s).or_default().push((wi, k));
            }
        }
        if at.values().any(|v| v.len() != 2 || v[0].0 == v[1].0) {
            return None;
        }
        let mut seen: Vec<Vec<bool>> = ups.iter().map(|u| vec![false; u.len()]).collect();
        let mut out = Vec::new();
        for wi in 0..piece.len() {
            for k in 0..ups[wi].len() {
                let (mut w, mut s) = (wi, k);
                let mut junction = Vec::new();
                while !seen[w][s] {
                    seen[w][s] = true;
                    let u = &ups[w];
                    let (from, to) = (u[s], u[(s + 1) % u.len()]);
                    let toks = &piece[w].toks;
                    let mut i = (from + 1) % toks.len();
                    while i != to {
                        junction.push((toks[i], w));
                        i = (i + 1) % toks.len();
                    }
                    junction.push((toks[to], w));
                    let Tok::S(x) = toks[to] else { unreachable!() };
                    let other = at[&x].iter().copied().find(|&(ow, _)| ow != w)?;
                    (w, s) = other;
                }
                if !junction.is_empty() {
                    out.push(junction);
                }
            }
        }
        (piece.len() + out.len() == edges + 2).then_some(out)
    }
}

fn find(p: &mut [usize], mut x: usize) -> usize {
    while p[x] != x {
        p[x] = p[p[x]];
        x = p[x];
    }
    x
}

impl Map {
    /// The plane map chosen for the reduced position `t`.
    fn of(t: &Position) -> Result<Map, LayoutError> {
        let rd = Reading::new(t);
        let nb = rd.region_of.len();
        let nr = t.regions().len();
        // Components: boundaries joined by uppercase spots.
        let mut uf: Vec<usize> = (0..nb).collect();
        let mut where_: Vec<Option<usize>> = vec![None; t.spot_count() + 1];
        for bid in 0..nb {
            for &s in rd.boundary(bid) {
                if rd.kind(s) == Kind::Upper {
                    match where_[s as usize] {
                        Some(o) => {
                            let (a, b) = (find(&mut uf, o), find(&mut uf, bid));
                            uf[a] = b;
                        }
                        None => where_[s as usize] = Some(bid),
                    }
                }
            }
        }
        let mut group_of = vec![usize::MAX; nb];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for bid in 0..nb {
            let r = find(&mut uf, bid);
            if group_of[r] == usize::MAX {
                group_of[r] = groups.len();
                groups.push(Vec::new());
            }
            group_of[bid] = group_of[r];
            groups[group_of[bid]].push(bid);
        }
        let ng = groups.len();
        // Regions and components must form a forest.
        let mut tree: Vec<usize> = (0..nr + ng).collect();
        for bid in 0..nb {
            let (a, b) = (
                find(&mut tree, rd.region_of[bid]),
                find(&mut tree, nr + group_of[bid]),
            );
            if a == b {
                return Err(LayoutError::NotPlanar);
            }
            tree[a] = b;
        }
        // Root each tree at a region; walk it breadth first.
        let mut region_parent: Vec<Option<usize>> = vec![None; nr]; // the group owning it
        let mut group_parent = vec![usize::MAX; ng]; // the region holding it
        let mut root_of = vec![usize::MAX; nr]; // tree number of root regions
        let mut order: Vec<usize> = Vec::new(); // regions, breadth first
        let mut group_order: Vec<usize> = Vec::new();
        let mut visited = vec![false; nr];
        let mut trees = 0;
        for r0 in 0..nr {
            if visited[r0] {
                continue;
            }
            visited[r0] = true;
            root_of[r0] = trees;
            trees += 1;
            let mut queue = std::collections::VecDeque::from([r0]);
            while let Some(r) = queue.pop_front() {
                order.push(r);
                for b in rd.first[r]..rd.first[r] + t.regions()[r].len() {
                    let g = group_of[b];
                    if Some(g) == region_parent[r] {
                        continue;
                    }
                    group_parent[g] = r;
                    group_order.push(g);
                    for &ob in &groups[g] {
                        let orr = rd.region_of[ob];
                        if orr != r && !visited[orr] {
                            visited[orr] = true;
                            region_parent[orr] = Some(g);
                            queue.push_back(orr);
                        }
                    }
                }
            }
        }
        let flip = orient(&rd, &groups, &order)?;

        let mut m = Map::new();
        let mut vert: Vec<Option<usize>> = vec![None; t.spot_count() + 1];
        let mut face_dart: Vec<Option<usize>> = vec![None; nb];
        // Components are numbered as `group_order`, then the K4s.
        let mut comp_of_group = vec![usize::MAX; ng];
        for (ci, &g) in group_order.iter().enumerate() {
            comp_of_group[g] = ci;
            let pieces = rd.pieces(&groups[g], &flip);
            for piece in &pieces {
                let js = rd.junctions(piece).ok_or(LayoutError::NotPlanar)?;
                for j in js {
                    let mut att = Vec::with_capacity(j.len());
                    for &(tok, _) in &j {
                        let s = match tok {
                            Tok::S(s) | Tok::Port(s) => s,
                        };
                        let v = *vert[s as usize].get_or_insert_with(|| m.vertex(ci));
                        if matches!(tok, Tok::S(_)) && rd.kind(s) == Kind::Two {
                            // A stub to a dead spot with a loop through the `2`.
                            let g = m.vertex(ci);
                            m.link(g, v);
                            m.link(g, v);
                            att.push(g);
                        } else {
                            att.push(v);
                        }
                    }
                    if j.len() == 1 && matches!(j[0].0, Tok::S(s) if rd.kind(s) == Kind::Zero) {
                        continue;
                    }
                    let darts = m.junction(ci, &att);
                    for (t, &(_, w)) in j.iter().enumerate() {
                        face_dart[piece[w].bid].get_or_insert(darts[t]);
                    }
                }
            }
        }
        let nc = group_order.len();
        m.parent = vec![Parent::Root; nc];
        m.outer = vec![None; nc];
        for &g in &group_order {
            let r = group_parent[g];
            let here = groups[g].iter().copied().find(|&b| rd.region_of[b] == r);
            m.outer[comp_of_group[g]] = here.and_then(|b| face_dart[b]);
        }
        // Extra trees hang in the inner faces of K4s, three to a K4.
        let mut host = vec![Parent::Root; trees];
        let mut faces = [0; 4];
        for t in 1..trees.max(1 + usize::from(nr == 0)) {
            if (t - 1) % 3 == 0 {
                let c = m.parent.len();
                faces = m.k4(c);
                m.parent.push(Parent::Root);
                m.outer.push(Some(faces[0]));
            }
            if t < trees {
                host[t] = Parent::Face(faces[1 + (t - 1) % 3]);
            }
        }
        for &g in &group_order {
            let r = group_parent[g];
            m.parent[comp_of_group[g]] = match region_parent[r] {
                None => host[root_of[r]],
                Some(owner) => {
                    let b = groups[owner]
                        .iter()
                        .copied()
                        .find(|&b| rd.region_of[b] == r);
                    Parent::Face(b.and_then(|b| face_dart[b]).ok_or(LayoutError::NotPlanar)?)
                }
            };
        }
        Ok(m)
    }
}

/// Mirrors of regions under which every component's cycles close up on
/// the sphere: a search over regions in `order`, checking each component
/// once all its regions are set.
fn orient(rd: &Reading, groups: &[Vec<usize>], order: &[usize]) -> Result<Vec<bool>, LayoutError> {
    let nr = order.len();
    let mut pos = vec![0; nr];
    for (i, &r) in order.iter().enumerate() {
        pos[r] = i;
    }
    // Components to check when the region at each step is set.
    let mut due: Vec<Vec<usize>> = vec![Vec::new(); nr];
    for (g, bids) in groups.iter().enumerate() {
        if bids.len() > 1 {
            let last = bids
                .iter()
                .map(|&b| pos[rd.region_of[b]])
                .max()
                .unwrap_or(0);
            due[last].push(g);
        }
    }
    let mut flip = vec![false; nr];
    let mut budget = 200_000usize;
    fn go(
        i: usize,
        rd: &Reading,
        groups: &[Vec<usize>],
        order: &[usize],
        due: &[Vec<usize>],
        flip: &mut Vec<bool>,
        budget: &mut usize,
    ) -> bool {
        if i == order.len() {
            return true;
        }
        // The first region's mirror is free: mirroring everything is the same drawing.
        let choices: &[bool] = if i == 0 { &[false] } else { &[false, true] };
        for &f in choices {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            flip[order[i]] = f;
            let ok = due[i].iter().all(|&g| {
                rd.pieces(&groups[g], flip)
                    .iter()
                    .all(|p| rd.junctions(p).is_some())
            });
            if ok && go(i + 1, rd, groups, order, due, flip, budget) {
                return true;
            }
        }
        false
    }
    if go(0, rd, groups, order, &due, &mut flip, &mut budget) {
        Ok(flip)
    } else {
        Err(LayoutError::NotPlanar)
    }
}

impl Map {
    /// The face of component `k` that holds component `other`.
    fn face_holding(&self, k: usize, other: usize) -> Option<usize> {
        let mut c = other;
        for _ in 0..=self.parent.len() {
            match self.parent[c] {
                Parent::Root => return self.outer[k],
                Parent::Face(d) => {
                    let owner = self.comp[self.tail(d)];
                    if owner == k {
                        return Some(d);
                    }
                    c = owner;
                }
            }
        }
        None
    }

    /// Draws the map: spots on a grid, component by component, then every
    /// edge routed as a move whose new spot is dissolved.
    fn draw(&self, width: f64, height: f64, work: &mut u64) -> Result<Board, LayoutError> {
        // A larger area is scaled back down by a power of two at the end
        // (exact, so the topology cannot change).
        let mut last = None;
        // Many spots start on a larger area (curves need room between
        // them); the first try that routes every line is kept.
        // Variants from 5 on shuffle which spot starts in which cell (a
        // fixed seed each, so the same position is always drawn the same).
        let tries: &[(usize, f64)] = if self.rot.len() <= 16 {
            &[(0, 1.0), (0, 2.0), (3, 1.0), (4, 2.0), (1, 2.0), (2, 4.0), (5, 2.0), (6, 2.0), (7, 4.0), (8, 4.0)]
        } else {
            &[(0, 2.0), (0, 4.0), (3, 2.0), (4, 2.0), (1, 4.0), (2, 8.0), (5, 4.0), (6, 4.0), (7, 8.0), (8, 8.0)]
        };
        for &(variant, scale) in tries {
            match self.draw_at(width * scale, height * scale, variant, work) {
                Ok(board) if scale == 1.0 => return Ok(board),
                Ok(board) => {
                    return board
                        .scaled(1.0 / scale)
                        .map_err(|e| LayoutError::Mismatch(e.to_string()));
                }
                Err(e @ LayoutError::NoRoute { .. }) => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or(LayoutError::BadArea))
    }

    fn draw_at(&self, width: f64, height: f64, variant: usize, work: &mut u64) -> Result<Board, LayoutError> {
        let nv = self.rot.len();
        // Components depth first through the nesting: what lies in a
        // component's faces comes right after it, in nearby cells, so that
        // the lines closing those faces have little to go round.
        let nc = self.parent.len();
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); nc];
        let mut roots = Vec::new();
        for c in 0..nc {
            match self.parent[c] {
                Parent::Root => roots.push(c),
                Parent::Face(d) => kids[self.comp[self.tail(d)]].push(c),
            }
        }
        let mut rank = vec![usize::MAX; nc];
        let mut stack: Vec<usize> = roots.into_iter().rev().collect();
        let mut next = 0;
        while let Some(c) = stack.pop() {
            if rank[c] != usize::MAX {
                continue;
            }
            rank[c] = next;
            next += 1;
            stack.extend(kids[c].iter().rev());
        }
        let mut byc: Vec<usize> = (0..nv).collect();
        crate::sort::sort_by_key(&mut byc, |&v| (rank[self.comp[v]], v));
        // Breadth first through each component: spots in the order reached
        // (neighbours land in nearby cells), lines in the order met, so a
        // cycle closes as soon as it can, while little is in the way.
        let mut order: Vec<usize> = Vec::new();
        let mut placed: Vec<usize> = Vec::with_capacity(nv);
        let mut reached = vec![false; nv];
        let mut used = vec![false; self.ends.len()];
        // Variant 4 starts each component from its last spot instead.
        let starts: Vec<usize> = if variant == 4 {
            let mut r = byc.clone();
            crate::sort::sort_by_key(&mut r, |&v| (rank[self.comp[v]], std::cmp::Reverse(v)));
            r
        } else {
            byc.clone()
        };
        for &v0 in &starts {
            if reached[v0] {
                continue;
            }
            reached[v0] = true;
            placed.push(v0);
            let mut queue = std::collections::VecDeque::from([v0]);
            while let Some(v) = queue.pop_front() {
                for &d in &self.rot[v] {
                    let w = self.head(d);
                    if !used[d / 2] {
                        used[d / 2] = true;
                        order.push(d / 2);
                    }
                    if !reached[w] {
                        reached[w] = true;
                        placed.push(w);
                        queue.push_back(w);
                    }
                }
            }
        }
        let mut grid = start_layout(nv, width, height);
        match variant {
            1 => grid.reverse(),
            5.. => shuffle(&mut grid, variant as u64),
            2 => {
                // Columns first instead of rows.
                crate::sort::sort_by(&mut grid, |p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
            }
            _ => {}
        }
        let mut spots = vec![grid[0]; nv];
        for (i, &v) in placed.iter().enumerate() {
            spots[v] = grid[i];
        }
        let mut board = Board::with_spots(width, height, spots)
            .map_err(|e| LayoutError::Mismatch(e.to_string()))?;
        let (face, nf) = self.faces();
        let mut half: Vec<Option<Half>> = vec![None; 2 * self.ends.len()];
        let mut inserted = vec![false; self.ends.len()];
        let opts = RouteOptions::default();
        let gap = opts.clearance / 2.0;
        for (step, &e) in order.iter().enumerate() {
            let faces = board.faces()?;
            let u = self.ends[e][0];
            let mismatch = || LayoutError::Mismatch(format!("no corner for line {}", step + 1));
            let (ra, ba, ca) = self.corner_at(&faces, &half, &inserted, 2 * e).ok_or_else(mismatch)?;
            let (rb, bb, cb) = self.corner_at(&faces, &half, &inserted, 2 * e + 1).ok_or_else(mismatch)?;
            if ra != rb {
                return Err(mismatch());
            }
            if ba != bb
                && variant < 3
                && straight(
                    &board,
                    &faces.regions[ra][ba][ca],
                    &faces.regions[ra][bb][cb],
                    gap,
                )
            {
                // A join needs no sides: a clear straight line is enough.
                let (pu, pv) = (board.spots()[u], board.spots()[self.ends[e][1]]);
                board.push_edge(Edge {
                    ends: [u as Spot + 1, self.ends[e][1] as Spot + 1],
                    points: vec![pu, pv],
                });
            } else {
                let inside = if ba == bb {
                    self.inside(&faces, &face, nf, &half, &[e], 2 * e + 1, ra, ba)
                } else {
                    Vec::new()
                };
                let at = (step, order.len());
                let (routed, _) = route_either_way(&board, &faces, ra, (ba, ca), (bb, cb), inside, at, work)?;
                board = routed.board;
                board.dissolve_last();
            }
            let be = board.edges().len() - 1;
            let forward = board.edges()[be].ends[0] as usize == u + 1;
            half[2 * e] = Some(2 * be + usize::from(!forward));
            half[2 * e + 1] = Some(2 * be + usize::from(forward));
            inserted[e] = true;
        }
        Ok(board)
    }
}

impl Map {
    /// The corner of the drawing where dart `d` goes in: between the darts
    /// round its tail that are drawn already (`half` maps them to the
    /// board's half-edges). Returns (region, boundary, index).
    fn corner_at(&self, faces: &Faces, half: &[Option<Half>], inserted: &[bool], d: usize) -> Option<(usize, usize, usize)> {
        let on = |x: usize| inserted[x / 2];
        let x = self.tail(d);
        let r = &self.rot[x];
        let k = r.iter().position(|&y| y == d)?;
        let after = (1..r.len()).map(|i| r[(k + i) % r.len()]).find(|&y| on(y));
        let before = (1..r.len()).map(|i| r[(k + r.len() - i) % r.len()]).find(|&y| on(y));
        let want = (before.and_then(|p| half[p ^ 1]), after.and_then(|q| half[q]));
        for (ri, reg) in faces.regions.iter().enumerate() {
            for (bi, b) in reg.iter().enumerate() {
                for (ci, c) in b.iter().enumerate() {
                    if c.spot as usize == x + 1 && (c.into, c.out) == want {
                        return Some((ri, bi, ci));
                    }
                }
            }
        }
        None
    }

    /// For a line drawn from a boundary back to itself: the other
    /// boundaries of its region that end up on the side of dart `side`
    /// (the finished map's faces `face`, merged across the lines still to
    /// come other than `drawing`).
    #[allow(clippy::too_many_arguments)]
    fn inside(&self, faces: &Faces, face: &[usize], nf: usize, half: &[Option<Half>], drawing: &[usize], side: usize, ra: usize, ba: usize) -> Vec<usize> {
        let inserted = |x: usize| half[2 * x].is_some();
        let k = self.comp[self.tail(side)];
        let mut uf: Vec<usize> = (0..nf).collect();
        for x in 0..self.ends.len() {
            if !inserted(x) && !drawing.contains(&x) && self.comp[self.ends[x][0]] == k {
                let (a, b) = (find(&mut uf, face[2 * x]), find(&mut uf, face[2 * x + 1]));
                uf[a] = b;
            }
        }
        let side = find(&mut uf, face[side]);
        let mut inside = Vec::new();
        for (j, b) in faces.regions[ra].iter().enumerate() {
            if j == ba {
                continue;
            }
            let w = b[0].spot as usize - 1;
            let target = if self.comp[w] == k {
                // The dart that leaves w along this boundary (w's lines
                // drawn so far can part faces that its first dart would
                // not tell apart); any dart of a spot with no line yet.
                match b[0].out {
                    Some(h) => half.iter().position(|&x| x == Some(h)),
                    None => self.rot[w].first().copied(),
                }
            } else {
                self.face_holding(k, self.comp[w])
            };
            if target.is_some_and(|d| find(&mut uf, face[d]) == side) {
                inside.push(j);
            }
        }
        inside
    }
}

/// Routes `mv`, or the same line from its other end (the router sometimes
/// finds one direction but not the other; the sides swap, so the other
/// boundaries do too). Also says whether it was drawn the other way.
/// The line runs in `region` from corner (boundary, index) `from` to `to`,
/// with the boundaries `inside` on its first side (see `Move::inside`).
/// `at`: (line, lines) for the error; the meshes built are added to
/// `work`, and past [`crate::limits::MAX_LAYOUT_MESH_POINTS`] the layout stops.
#[allow(clippy::too_many_arguments)]
fn route_either_way(
    board: &Board,
    faces: &Faces,
    region: usize,
    from: (usize, usize),
    to: (usize, usize),
    inside: Vec<usize>,
    at: (usize, usize),
    work: &mut u64,
) -> Result<(super::route::Routed, bool), LayoutError> {
    use crate::limits::{check, MAX_LAYOUT_MESH_POINTS};
    check("mesh points routing the lines of a drawing", *work, MAX_LAYOUT_MESH_POINTS).map_err(LayoutError::Limit)?;
    let opts = &RouteOptions::default();
    let mv = Move {
        region,
        from: Corner { boundary: from.0, index: from.1 },
        to: Corner { boundary: to.0, index: to.1 },
        inside,
    };
    let same = mv.from.boundary == mv.to.boundary;
    let swapped = Move {
        region: mv.region,
        from: mv.to,
        to: mv.from,
        inside: if same {
            (0..faces.regions[mv.region].len())
                .filter(|&j| j != mv.from.boundary && !mv.inside.contains(&j))
                .collect()
        } else {
            Vec::new()
        },
    };
    match board.route_untidied(&faces.position, &mv, opts, work) {
        Ok(r) => Ok((r, false)),
        Err(_) => board.route_untidied(&faces.position, &swapped, opts, work).map(|r| (r, true)),
    }
    .map_err(|why| LayoutError::NoRoute { edge: at.0, edges: at.1, why })
}

/// Tidy sweeps between two looks at whether a drawn history whose spots
/// were cramped or off the board is spread yet (30 spread the random
/// 10-spot games tried, in under 1 s; a 20-spot end can take a whole tidy).
const SPREAD_SWEEPS: usize = 30;

/// Whether a game-like drawing keeps its spots on the board and apart
/// (new spots go where the router puts them, which can be cramped); else
/// the plane-map drawing, whose spots start on a grid, is used.
fn spread(b: &Board) -> bool {
    let s = b.spots();
    s.iter().all(|p| (0.0..=b.width()).contains(&p.x) && (0.0..=b.height()).contains(&p.y))
        && s.iter().enumerate().all(|(i, a)| s[i + 1..].iter().all(|c| a.dist(*c) >= 8.0))
}

/// Whether `q` (normalised, as traced) is `p` normalised.
fn equal_normalised(q: &Position, p: &Position) -> bool {
    let mut p = p.clone();
    p.normalize();
    *q == p
}

/// A fixed shuffle (xorshift from `seed`): the same order every time.
fn shuffle<T>(v: &mut [T], seed: u64) {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in (1..v.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
}

/// Whether a straight line from corner `a` to corner `b` leaves and enters
/// both inside their sectors and keeps `gap` from every other spot and line.
fn straight(board: &Board, a: &CornerAt, b: &CornerAt, gap: f64) -> bool {
    let (Some(pa), Some(pb)) = (board.spot(a.spot), board.spot(b.spot)) else {
        return false;
    };
    let inside = |c: &CornerAt, at: Point, to: Point| match (c.into, c.out) {
        (Some(i), Some(o)) => in_sector(at, board.half_second(o), board.half_second(i ^ 1), to),
        _ => true,
    };
    if pa == pb || !inside(a, pa, pb) || !inside(b, pb, pa) {
        return false;
    }
    let index = SegmentIndex::new(board, None);
    let mut clear = true;
    index.for_each_near(pa, pb, gap, &mut |seg| {
        let at_end = |p: Point| p == pa || p == pb;
        if clear && !(at_end(seg.a) || at_end(seg.b)) && segment_dist(pa, pb, seg.a, seg.b) < gap {
            clear = false;
        }
        if clear && (at_end(seg.a) || at_end(seg.b)) && segments_meet_away(pa, pb, seg.a, seg.b) {
            clear = false;
        }
    });
    clear
        && board
            .spots()
            .iter()
            .all(|&p| p == pa || p == pb || point_segment_dist(p, pa, pb) >= gap)
}

/// Whether two segments sharing an end meet anywhere else.
fn segments_meet_away(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (s, x, y) = if a == c || a == d {
        (a, b, if a == c { d } else { c })
    } else {
        (b, a, if b == c { d } else { c })
    };
    fans_overlap(s, x, y)
}
