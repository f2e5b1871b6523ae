//! Strokes the computer draws on the surface board. There is no layout
//! that places a line to realise a given abstract move on a surface, so
//! the computer routes candidate strokes on a grid over the square and
//! keeps those the board accepts: each is checked and traced exactly as a
//! hand-drawn stroke is ([`SurfaceBoard::play_among`]), so every move it
//! offers is a legal child, drawn.
//!
//! A route is a breadth-first search from a cell beside a live spot to the
//! cells beside the live spots, through cells clear of every line and spot
//! (in the square and its glued copies). Its state carries the sides
//! crossed so far (a reduced word of at most two), so the same pair of
//! spots is joined straight, across one side and across two: the ways
//! round a handle or through a crosscap. Start cells in four directions
//! around each spot choose the corner the line leaves from. Not every
//! child is reached this way (a loop round a chosen set of spots is not
//! looked for); what is reached is a fair sample, and enough for the
//! computer to find a winning move in the positions the tests play.

use super::{Side, SurfaceBoard, SurfacePlayed};
use crate::board::geom::{point_segment_dist, Point};
use crate::player::Rng;
use crate::topology::Spot;
use crate::Canon;
use std::collections::{HashSet, VecDeque};

/// Cells per side of the grids tried, coarse first: the fine one finds
/// the way into narrow places the coarse one misses.
const GRIDS: [usize; 2] = [48, 120];
/// Reduced words of at most two sides: the empty word, 4 letters, 16 pairs.
const WORDS: usize = 21;

/// A move the computer can draw: the stroke (unfolded, as a pointer would
/// give it), the move it is, and the board after it.
#[derive(Clone, Debug)]
pub struct DrawnMove {
    pub stroke: Vec<Point>,
    pub played: SurfacePlayed,
    pub canon: Canon,
    pub board: SurfaceBoard,
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Left => 0,
        Side::Right => 1,
        Side::Top => 2,
        Side::Bottom => 3,
    }
}

const BY_INDEX: [Side; 4] = [Side::Left, Side::Right, Side::Top, Side::Bottom];

/// The sides of word `w`.
fn word_sides(w: usize) -> Vec<Side> {
    match w {
        0 => vec![],
        1..=4 => vec![BY_INDEX[w - 1]],
        _ => vec![BY_INDEX[(w - 5) / 4], BY_INDEX[(w - 5) % 4]],
    }
}

/// Word `w` followed by crossing `s`, or None past two sides.
fn extend(w: usize, s: Side) -> Option<usize> {
    let si = side_index(s);
    // Leaving through the side just entered by goes back.
    let undo = |last: usize| (last ^ 1) == si;
    match w {
        0 => Some(1 + si),
        1..=4 => Some(if undo(w - 1) { 0 } else { 5 + 4 * (w - 1) + si }),
        _ => {
            let (first, last) = ((w - 5) / 4, (w - 5) % 4);
            undo(last).then_some(1 + first)
        }
    }
}

/// One grid over the square: which cells are free, and which are beside
/// which spots.
struct Router<'a> {
    b: &'a SurfaceBoard,
    /// Cells per side, and a cell's side.
    g: usize,
    h: f64,
    free: Vec<bool>,
    beside: Vec<Vec<Spot>>,
}

impl<'a> Router<'a> {
    /// Cells a route may pass through: clear of every line and spot, in
    /// the square and in the neighbouring copies, and not at a corner;
    /// and the free cells beside each live spot, where a route may turn in.
    fn new(b: &'a SurfaceBoard, g: usize) -> Router<'a> {
        let h = b.size / g as f64;
        let r = b.rules;
        // Wide on the coarse grid, so that its routes leave room for later ones.
        let line_clear = (1.6 * r.edge_clearance).max(if g <= 64 { 1.0 } else { 0.6 } * h);
        let copies = b.copies();
        let segs: Vec<(Point, Point)> = b
            .edges
            .iter()
            .flat_map(|e| e.pieces.iter())
            .flat_map(|p| p.windows(2).map(|w| (w[0], w[1])))
            .flat_map(|(a, c)| copies.iter().map(move |m| (m.apply(a), m.apply(c))))
            .collect();
        let spots: Vec<Point> = b.spots.iter().flat_map(|&p| copies.iter().map(move |m| m.apply(p))).collect();
        let mut router = Router { b, g, h, free: vec![false; g * g], beside: vec![Vec::new(); g * g] };
        for j in 0..g {
            for i in 0..g {
                if (i == 0 || i == g - 1) && (j == 0 || j == g - 1) {
                    continue;
                }
                let c = router.centre(j * g + i);
                // Coarse box test first: most segments are far away.
                let near = |&(a, d): &(Point, Point)| {
                    let m = line_clear;
                    c.x >= a.x.min(d.x) - m && c.x <= a.x.max(d.x) + m && c.y >= a.y.min(d.y) - m && c.y <= a.y.max(d.y) + m
                };
                let clear = spots.iter().all(|&s| s.dist(c) > r.snap)
                    && segs.iter().filter(|x| near(x)).all(|&(a, d)| point_segment_dist(c, a, d) > line_clear);
                router.free[j * g + i] = clear;
                if clear {
                    for (k, &s) in b.spots.iter().enumerate() {
                        if s.dist(c) <= r.snap + 1.6 * h && b.lives(k as Spot + 1) > 0 {
                            router.beside[j * g + i].push(k as Spot + 1);
                        }
                    }
                }
            }
        }
        router
    }

    fn centre(&self, cell: usize) -> Point {
        Point::new((cell % self.g) as f64 * self.h + 0.5 * self.h, (cell / self.g) as f64 * self.h + 0.5 * self.h)
    }

    /// The cell a step from `cell` in direction (di, dj) reaches, and the
    /// side crossed on the way, if any.
    fn step(&self, cell: usize, di: i32, dj: i32) -> Option<(usize, Option<Side>)> {
        let g = self.g;
        let (i, j) = (cell % g, cell / g);
        let (ni, nj) = (i as i32 + di, j as i32 + dj);
        let inside = |v: i32| (0..g as i32).contains(&v);
        if inside(ni) && inside(nj) {
            return Some((nj as usize * g + ni as usize, None));
        }
        // Across a side: straight steps only, so no corner is crossed.
        if di != 0 && dj != 0 {
            return None;
        }
        let flip = |v: usize| g - 1 - v;
        let f = |s: Side| self.b.flipped(s);
        let (side, ci, cj) = if ni < 0 {
            (Side::Left, g - 1, if f(Side::Left) { flip(j) } else { j })
        } else if ni >= g as i32 {
            (Side::Right, 0, if f(Side::Right) { flip(j) } else { j })
        } else if nj < 0 {
            (Side::Top, if f(Side::Top) { flip(i) } else { i }, g - 1)
        } else {
            (Side::Bottom, if f(Side::Bottom) { flip(i) } else { i }, 0)
        };
        Some((cj * g + ci, Some(side)))
    }

    /// Candidate strokes: for every live spot, four start directions, a
    /// route to each spot (itself too, for a loop) by each word of sides.
    fn candidates(&self, out: &mut Vec<Vec<Point>>) {
        for (k, &a) in self.b.spots.iter().enumerate() {
            let from = k as Spot + 1;
            if self.b.lives(from) == 0 {
                continue;
            }
            for dir in 0..4 {
                let angle = 0.4 + dir as f64 * std::f64::consts::FRAC_PI_2;
                let d = Point::new(angle.cos(), angle.sin());
                // The free cell beside `a` nearest that direction.
                let cos = |c: usize| {
                    let v = self.centre(c).minus(a);
                    v.dot(d) / v.norm()
                };
                let start = (0..self.g * self.g).filter(|&c| self.beside[c].contains(&from)).max_by(|&x, &y| cos(x).total_cmp(&cos(y)));
                match start {
                    Some(s) if cos(s) > 0.0 => self.routes_from(from, s, out),
                    _ => {}
                }
            }
        }
    }

    /// Breadth-first routes from cell `start` beside spot `from`; one
    /// stroke per (spot reached, word of sides).
    fn routes_from(&self, from: Spot, start: usize, out: &mut Vec<Vec<Point>>) {
        const NONE: u32 = u32::MAX;
        let a = self.b.spots[from as usize - 1];
        let start_dir = self.centre(start).minus(a);
        let mut parent = vec![NONE; self.g * self.g * WORDS];
        let key = |cell: usize, w: usize| (cell * WORDS + w) as u32;
        let s0 = key(start, 0);
        parent[s0 as usize] = s0;
        let mut queue = VecDeque::from([s0]);
        let mut found: HashSet<(Spot, usize)> = HashSet::new();
        let two_lives = self.b.lives(from) >= 2;
        while let Some(st) = queue.pop_front() {
            let (cell, w) = (st as usize / WORDS, st as usize % WORDS);
            for &to in &self.beside[cell] {
                if found.contains(&(to, w)) {
                    continue;
                }
                if to == from {
                    // A loop needs two lives and must come back to the
                    // spot from another direction than it left by (round
                    // nothing: from the other side), or it would touch
                    // itself.
                    let c = self.centre(cell).minus(a);
                    let cos = c.dot(start_dir) / (c.norm() * start_dir.norm());
                    if !two_lives || cos > if w == 0 { 0.0 } else { 0.7 } {
                        continue;
                    }
                }
                found.insert((to, w));
                out.push(self.stroke_of(from, to, st, &parent, w));
            }
            for (di, dj) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let Some((nc, side)) = self.step(cell, di, dj) else { continue };
                if !self.free[nc] {
                    continue;
                }
                // A diagonal step only between free cells (no corner cut).
                if di != 0 && dj != 0 {
                    let (i, j) = ((cell % self.g) as i32, (cell / self.g) as i32);
                    let g = self.g as i32;
                    if !(self.free[(j * g + i + di) as usize] && self.free[((j + dj) * g + i) as usize]) {
                        continue;
                    }
                }
                let nw = match side {
                    None => Some(w),
                    Some(s) => extend(w, s),
                };
                let Some(nw) = nw else { continue };
                let ns = key(nc, nw);
                if parent[ns as usize] == NONE {
                    parent[ns as usize] = st;
                    queue.push_back(ns);
                }
            }
        }
    }

    /// The unfolded stroke of a route ending in state `end` (word `w`):
    /// within each run between side crossings the route is pulled
    /// straight where the straight line stays in free cells (fewer
    /// corners to draw and to check).
    fn stroke_of(&self, from: Spot, to: Spot, end: u32, parent: &[u32], w: usize) -> Vec<Point> {
        let mut states = vec![end];
        let mut s = end;
        while parent[s as usize] != s {
            s = parent[s as usize];
            states.push(s);
        }
        states.reverse();
        let cell = |st: u32| st as usize / WORDS;
        let word = |st: u32| st as usize % WORDS;
        let mut kept: Vec<u32> = Vec::new();
        let mut i = 0;
        while i < states.len() {
            kept.push(states[i]);
            // The farthest state of the same run in sight of state i.
            let mut j = i + 1;
            while j + 1 < states.len() && word(states[j + 1]) == word(states[i]) && self.in_sight(cell(states[i]), cell(states[j + 1])) {
                j += 1;
            }
            i = j;
        }
        let b = self.b;
        let mut pts = vec![b.spots[from as usize - 1]];
        for st in kept {
            pts.push(b.unfold(self.centre(cell(st)), &word_sides(word(st))));
        }
        pts.push(b.unfold(b.spots[to as usize - 1], &word_sides(w)));
        simplify(pts)
    }

    /// Whether the straight line between two cells' centres stays in free
    /// cells (each with its neighbours: a point of a free cell may lie
    /// nearer a line than the cell's centre).
    fn in_sight(&self, a: usize, c: usize) -> bool {
        let g = self.g;
        let (p, q) = (self.centre(a), self.centre(c));
        let n = (p.dist(q) / (self.h / 4.0)).ceil() as usize;
        let ok = |i: usize, j: usize| i >= g || j >= g || self.free[j * g + i];
        (1..n).all(|k| {
            let x = p.lerp(q, k as f64 / n as f64);
            let (i, j) = ((x.x / self.h) as usize, (x.y / self.h) as usize);
            i < g && j < g && ok(i, j) && ok(i + 1, j) && ok(i, j + 1) && (i == 0 || ok(i - 1, j)) && (j == 0 || ok(i, j - 1))
        })
    }
}

impl SurfaceBoard {
    /// Candidate strokes on a grid of `g` cells a side.
    pub fn candidate_strokes(&self, g: usize) -> Vec<Vec<Point>> {
        let mut out = Vec::new();
        Router::new(self, g.clamp(8, 400)).candidates(&mut out);
        out
    }

    /// The moves the computer can draw, one per distinct child reached,
    /// in an order shuffled by `seed`: the coarse grid's routes, then the
    /// fine grid's where the coarse found none (or none `wanted`); at most
    /// `limit` strokes are tried on each.
    pub fn drawable_moves(&self, seed: u64, limit: usize, wanted: &dyn Fn(&Canon) -> bool) -> Result<Vec<DrawnMove>, String> {
        let children = self.position()?.children();
        let mut seen: HashSet<Canon> = HashSet::new();
        let mut out = Vec::new();
        for g in GRIDS {
            let mut strokes = self.candidate_strokes(g);
            Rng::new(seed ^ g as u64).shuffle(&mut strokes);
            for stroke in strokes.into_iter().take(limit) {
                if let Ok((board, played)) = self.play_among(&stroke, &children) {
                    let canon = board.canon()?;
                    if seen.insert(canon.clone()) {
                        out.push(DrawnMove { stroke, played, canon, board });
                    }
                }
            }
            if out.iter().any(|m| wanted(&m.canon)) {
                break;
            }
        }
        Ok(out)
    }
}

/// Drops the points in the middle of straight runs.
fn simplify(pts: Vec<Point>) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::with_capacity(pts.len());
    for p in pts {
        if out.last() == Some(&p) {
            continue;
        }
        if out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            let (u, v) = (b.minus(a), p.minus(b));
            if u.cross(v).abs() < 1e-9 && u.dot(v) > 0.0 {
                out.pop();
            }
        }
        out.push(p);
    }
    out
}
