//! The board of Sprouts on a closed surface (issue 37): the surface drawn
//! as its fundamental square, the torus with both pairs of opposite sides
//! glued straight, the Klein bottle with the top/bottom pair glued with a
//! flip, the projective plane with both pairs flipped.
//!
//! A stroke is given in *unfolded* coordinates: the pointer may leave the
//! square; where it crosses a side the stroke is cut and goes on from the
//! partner point ([`SurfaceBoard::fold`]), so an edge is a list of pieces
//! in the closed square, each ending on a side where the next begins.
//!
//! The position is traced exactly from the drawing ([`SurfaceBoard::position`]):
//! 1. the square's frame (its sides cut at every crossing) and the pieces
//!    form a plane graph; its faces inside the square are traced as on the
//!    plane (rotation by angle, holes by winding);
//! 2. a surface region is a class of those faces under the gluing of
//!    side pieces; with the corners (one point on the torus and the Klein
//!    bottle, two on the projective plane) its Euler characteristic is
//!    Σ(2 − walks of each face) − (glued side pieces) + (corner points),
//!    and it is orientable unless the gluings give a face both
//!    orientations (parity union-find);
//! 3. its boundaries are the face walks of the drawing on the surface,
//!    traced with a signed rotation system (an edge that crosses a flipped
//!    pair an odd number of times reverses the turning), so its Euler
//!    genus is 2 − χ − (boundaries).
//!
//! A stroke is legal when it crosses nothing (exactly: in the square, and
//! no two curves through one point of a side) and its ends have the
//! lives; the traced position after it must then be one of the engine's
//! children of the position before it (`src/surfaces`), or it is refused.
//! Clearances are checked in the square and its neighbouring copies, so
//! what looks apart across a glued side is apart.

use super::geom::{fans_overlap, length, point_at, point_segment_dist, segment_dist, segments_meet, Point};
use super::stroke::StrokeRules;
use crate::surfaces::{self, Surface};
use crate::topology::Spot;
use crate::Canon;
use std::fmt;

mod game;
mod route;
mod svg;
mod trace;

pub use game::{surface_analysis, surface_named, ComputerStroke, ConventionAnalysis, SurfaceAnalysisReport, SurfaceFile, SurfaceGame, SurfaceStart, SurfaceStrength, WinningMove};
pub use route::DrawnMove;

/// A side of the square: left (x = 0), right (x = S), top (y = 0), bottom (y = S).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
    Top,
    Bottom,
}

const SIDES: [Side; 4] = [Side::Left, Side::Right, Side::Top, Side::Bottom];

/// One drawn line on the surface: pieces in the closed square; piece k
/// ends on a side and piece k + 1 starts at the glued point.
#[derive(Clone, Debug, PartialEq)]
pub struct SurfaceEdge {
    pub ends: [Spot; 2],
    pub pieces: Vec<Vec<Point>>,
}

/// Why a stroke is not a move on the surface.
#[derive(Clone, Debug, PartialEq)]
pub enum SurfaceStrokeError {
    Empty,
    BadPoint { at: usize },
    NotOnSpot { start: bool },
    NoLives { spot: Spot },
    LoopNeedsTwoLives { spot: Spot },
    TooShort,
    /// The stroke goes through a corner of the square (where four copies meet).
    ThroughCorner,
    /// The stroke runs along a side instead of crossing it.
    AlongSide,
    Crosses { edge: usize },
    TouchesEdge { edge: usize },
    TouchesSpot { spot: Spot },
    SelfIntersects,
    /// Two lines cross a glued side too close together (or at one point).
    CrowdedSide,
    /// The drawing traced to a position the engine does not list as a child.
    NotAMove { traced: String },
    /// The game is over or the drawing could not be traced.
    Trace(String),
}

impl fmt::Display for SurfaceStrokeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SurfaceStrokeError::*;
        match self {
            Empty => write!(f, "nothing was drawn"),
            BadPoint { at } => write!(f, "point {at} is not a usable position"),
            NotOnSpot { start: true } => write!(f, "a line must start on a spot"),
            NotOnSpot { start: false } => write!(f, "a line must end on a spot"),
            NoLives { spot } => write!(f, "spot {spot} has no lives left"),
            LoopNeedsTwoLives { spot } => write!(f, "a loop at spot {spot} needs 2 lives"),
            TooShort => write!(f, "a loop must go around something"),
            ThroughCorner => write!(f, "the line passes through a corner of the square; cross a side instead"),
            AlongSide => write!(f, "the line runs along a side of the square; cross it instead"),
            Crosses { .. } => write!(f, "the line crosses another line"),
            TouchesEdge { .. } => write!(f, "the line touches another line"),
            TouchesSpot { spot } => write!(f, "the line touches spot {spot}"),
            SelfIntersects => write!(f, "the line crosses itself"),
            CrowdedSide => write!(f, "the line crosses a side too close to where another line crosses it"),
            NotAMove { traced } => write!(f, "the drawing gives {traced}, which is not a legal move of the engine"),
            Trace(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SurfaceStrokeError {}

/// A played stroke: its ends, the new spot, and the position after it.
#[derive(Clone, Debug, PartialEq)]
pub struct SurfacePlayed {
    pub from: Spot,
    pub to: Spot,
    pub new_spot: Spot,
    /// How many times the line crosses a glued side.
    pub crossings: usize,
    /// Canonical form of the position after the move (GLOP with `@g`).
    pub position: String,
}

/// Sprouts drawn on the fundamental square of a surface.
#[derive(Clone, Debug)]
pub struct SurfaceBoard {
    surface: Surface,
    size: f64,
    spots: Vec<Point>,
    edges: Vec<SurfaceEdge>,
    rules: StrokeRules,
}

/// A map x → sx·x + tx, y → sy·y + ty (every gluing is one).
#[derive(Clone, Copy, Debug)]
struct Map {
    sx: f64,
    tx: f64,
    sy: f64,
    ty: f64,
}

impl Map {
    const ID: Map = Map { sx: 1.0, tx: 0.0, sy: 1.0, ty: 0.0 };
    fn apply(self, p: Point) -> Point {
        Point::new(self.sx * p.x + self.tx, self.sy * p.y + self.ty)
    }
    /// self after m.
    fn after(self, m: Map) -> Map {
        Map { sx: self.sx * m.sx, tx: self.sx * m.tx + self.tx, sy: self.sy * m.sy, ty: self.sy * m.ty + self.ty }
    }
}

/// Most crossings of glued sides one stroke may make.
const MAX_CROSSINGS: usize = 32;

impl SurfaceBoard {
    /// `n` spots on `surface` (not the plane), in a square of side `size`.
    pub fn start(surface: Surface, n: usize, size: f64) -> Result<SurfaceBoard, String> {
        if surface == Surface::Plane {
            return Err("the plane has no fundamental square; use the plane board".into());
        }
        if n == 0 || n > 20 {
            return Err(format!("{n} spots: the surface board takes 1 to 20"));
        }
        if !(size.is_finite() && (50.0..=1e6).contains(&size)) {
            return Err(format!("square size {size}: must be between 50 and 1000000"));
        }
        let c = Point::new(size / 2.0, size / 2.0);
        let spots = if n == 1 {
            vec![c]
        } else {
            // On a circle, turned so that no spot sits on a line of symmetry
            // of the square (the gluings map those onto themselves).
            (0..n)
                .map(|i| {
                    let a = 0.3 + std::f64::consts::TAU * i as f64 / n as f64;
                    Point::new(c.x + 0.28 * size * a.cos(), c.y + 0.28 * size * a.sin())
                })
                .collect()
        };
        Ok(SurfaceBoard { surface, size, spots, edges: Vec::new(), rules: StrokeRules { snap: 0.04 * size, spot_clearance: 0.02 * size, edge_clearance: 0.0075 * size } })
    }

    pub fn surface(&self) -> Surface {
        self.surface
    }
    pub fn size(&self) -> f64 {
        self.size
    }
    pub fn spots(&self) -> &[Point] {
        &self.spots
    }
    pub fn edges(&self) -> &[SurfaceEdge] {
        &self.edges
    }
    pub fn rules(&self) -> StrokeRules {
        self.rules
    }

    fn flipped(&self, side: Side) -> bool {
        match side {
            Side::Left | Side::Right => self.surface == Surface::Projective,
            Side::Top | Side::Bottom => matches!(self.surface, Surface::Projective | Surface::Klein),
        }
    }

    /// The partner side's point glued to `p` on `side`.
    pub fn glue(&self, side: Side, p: Point) -> Point {
        let s = self.size;
        let f = self.flipped(side);
        match side {
            Side::Left => Point::new(s, if f { s - p.y } else { p.y }),
            Side::Right => Point::new(0.0, if f { s - p.y } else { p.y }),
            Side::Top => Point::new(if f { s - p.x } else { p.x }, s),
            Side::Bottom => Point::new(if f { s - p.x } else { p.x }, 0.0),
        }
    }

    /// The map taking a point just beyond `side` to the square.
    fn exit_map(&self, side: Side) -> Map {
        let s = self.size;
        let (fs, ft) = if self.flipped(side) { (-1.0, s) } else { (1.0, 0.0) };
        match side {
            Side::Right => Map { sx: 1.0, tx: -s, sy: fs, ty: ft },
            Side::Left => Map { sx: 1.0, tx: s, sy: fs, ty: ft },
            Side::Bottom => Map { sx: fs, tx: ft, sy: 1.0, ty: -s },
            Side::Top => Map { sx: fs, tx: ft, sy: 1.0, ty: s },
        }
    }

    /// The maps taking the square to itself and to its neighbouring copies
    /// (near a corner of a non-orientable square both orders of gluing).
    fn copies(&self) -> Vec<Map> {
        let inv = |m: Map| Map { sx: m.sx, tx: -m.sx * m.tx, sy: m.sy, ty: -m.sy * m.ty };
        let mut out = vec![Map::ID];
        for s in SIDES {
            out.push(inv(self.exit_map(s)));
        }
        for a in [Side::Left, Side::Right] {
            for b in [Side::Top, Side::Bottom] {
                let (ma, mb) = (inv(self.exit_map(a)), inv(self.exit_map(b)));
                out.push(ma.after(mb));
                out.push(mb.after(ma));
            }
        }
        out
    }

    /// The image of `p` in the copy of the square reached by crossing
    /// `sides` in turn (each named in the frame of the copy it leaves):
    /// where a stroke drawn past those sides must end to reach `p`.
    pub fn unfold(&self, p: Point, sides: &[Side]) -> Point {
        let inv = |m: Map| Map { sx: m.sx, tx: -m.sx * m.tx, sy: m.sy, ty: -m.sy * m.ty };
        sides.iter().rev().fold(p, |q, &s| inv(self.exit_map(s)).apply(q))
    }

    fn side_of(&self, p: Point) -> Option<Side> {
        let s = self.size;
        if p.x == 0.0 {
            Some(Side::Left)
        } else if p.x == s {
            Some(Side::Right)
        } else if p.y == 0.0 {
            Some(Side::Top)
        } else if p.y == s {
            Some(Side::Bottom)
        } else {
            None
        }
    }

    fn inside_open(&self, p: Point) -> bool {
        p.x > 0.0 && p.x < self.size && p.y > 0.0 && p.y < self.size
    }

    /// Lives of spot `s` (3 less its degree).
    pub fn lives(&self, s: Spot) -> u8 {
        let d = self.edges.iter().map(|e| e.ends.iter().filter(|&&x| x == s).count()).sum::<usize>();
        3u8.saturating_sub(d as u8)
    }

    /// Cuts an unfolded stroke at every side it crosses: pieces in the
    /// closed square, each but the last ending on a side, the next one
    /// starting at the glued point.
    pub fn fold(&self, points: &[Point]) -> Result<Vec<Vec<Point>>, SurfaceStrokeError> {
        let s = self.size;
        if points.is_empty() {
            return Err(SurfaceStrokeError::Empty);
        }
        for (i, p) in points.iter().enumerate() {
            if !p.is_finite() || p.x.abs() > 1e3 * s || p.y.abs() > 1e3 * s {
                return Err(SurfaceStrokeError::BadPoint { at: i });
            }
        }
        let inside = |p: Point| p.x >= 0.0 && p.x <= s && p.y >= 0.0 && p.y <= s;
        if !inside(points[0]) {
            return Err(SurfaceStrokeError::NotOnSpot { start: true });
        }
        let mut map = Map::ID;
        let mut pieces = vec![vec![points[0]]];
        let mut crossings = 0;
        for &raw in &points[1..] {
            let mut q = map.apply(raw);
            loop {
                let piece = pieces.last_mut().expect("a piece");
                let a = *piece.last().expect("a point");
                if inside(q) {
                    if q != a {
                        piece.push(q);
                    }
                    break;
                }
                // The first side the segment a→q leaves by.
                let mut best: Option<(f64, Side)> = None;
                let mut tie = false;
                let cands = [
                    (Side::Left, q.x < 0.0, (0.0 - a.x) / (q.x - a.x)),
                    (Side::Right, q.x > s, (s - a.x) / (q.x - a.x)),
                    (Side::Top, q.y < 0.0, (0.0 - a.y) / (q.y - a.y)),
                    (Side::Bottom, q.y > s, (s - a.y) / (q.y - a.y)),
                ];
                for (side, out, t) in cands {
                    if !out {
                        continue;
                    }
                    match best {
                        Some((bt, _)) if t > bt => {}
                        Some((bt, _)) if t == bt => tie = true,
                        _ => {
                            best = Some((t, side));
                            tie = false;
                        }
                    }
                }
                let (t, side) = best.expect("q is outside");
                if tie {
                    return Err(SurfaceStrokeError::ThroughCorner);
                }
                let mut c = a.lerp(q, t.clamp(0.0, 1.0));
                match side {
                    Side::Left => c.x = 0.0,
                    Side::Right => c.x = s,
                    Side::Top => c.y = 0.0,
                    Side::Bottom => c.y = s,
                }
                c.x = c.x.clamp(0.0, s);
                c.y = c.y.clamp(0.0, s);
                let along = if matches!(side, Side::Left | Side::Right) { c.y } else { c.x };
                if along.min(s - along) < self.rules.edge_clearance {
                    return Err(SurfaceStrokeError::ThroughCorner);
                }
                if c != a {
                    piece.push(c);
                }
                crossings += 1;
                if crossings > MAX_CROSSINGS {
                    return Err(SurfaceStrokeError::BadPoint { at: 0 });
                }
                let m = self.exit_map(side);
                map = m.after(map);
                q = m.apply(q);
                pieces.push(vec![self.glue(side, c)]);
            }
        }
        Ok(pieces)
    }

    fn nearest_spot(&self, p: Point) -> Option<Spot> {
        let (i, d) = self
            .spots
            .iter()
            .enumerate()
            .map(|(i, q)| (i, q.dist(p)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        (d <= self.rules.snap).then_some(i as Spot + 1)
    }

    /// Checks a stroke (unfolded pointer samples) and returns the edge it
    /// draws, with its ends snapped to the spots' centres.
    pub fn check(&self, points: &[Point]) -> Result<SurfaceEdge, SurfaceStrokeError> {
        use SurfaceStrokeError::*;
        let mut pieces = self.fold(points)?;
        let first = pieces[0][0];
        let last = *pieces.last().and_then(|p| p.last()).ok_or(Empty)?;
        let from = self.nearest_spot(first).ok_or(NotOnSpot { start: true })?;
        let to = self.nearest_spot(last).ok_or(NotOnSpot { start: false })?;
        if from == to {
            if self.lives(from) < 2 {
                return Err(if self.lives(from) == 0 { NoLives { spot: from } } else { LoopNeedsTwoLives { spot: from } });
            }
        } else {
            for sp in [from, to] {
                if self.lives(sp) == 0 {
                    return Err(NoLives { spot: sp });
                }
            }
        }
        let (cf, ct) = (self.spots[from as usize - 1], self.spots[to as usize - 1]);
        let snap = self.rules.snap;
        // Snap the ends: drop the samples inside the end spots' discs.
        {
            let p0 = &mut pieces[0];
            let keep_last = p0.len() - 1;
            let mut k = 0;
            while k < keep_last && p0[k].dist(cf) <= snap {
                k += 1;
            }
            p0.drain(..k);
            p0.insert(0, cf);
        }
        {
            let pl = pieces.last_mut().expect("a piece");
            let lo = if pl.len() > 1 && pl[0] == cf { 1 } else { 0 };
            while pl.len() > lo + 1 && pl[pl.len() - 1].dist(ct) <= snap {
                pl.pop();
            }
            if pl.last() != Some(&ct) {
                pl.push(ct);
            }
            pl.dedup();
        }
        for p in &pieces {
            if p.len() < 2 {
                return Err(TooShort);
            }
            for (i, &q) in p.iter().enumerate() {
                let end = i == 0 || i == p.len() - 1;
                if !end && !self.inside_open(q) {
                    return Err(AlongSide);
                }
            }
        }
        if from == to && pieces.len() == 1 && pieces[0].len() <= 3 {
            return Err(TooShort);
        }
        let edge = SurfaceEdge { ends: [from, to], pieces };
        self.check_geometry(&edge)?;
        Ok(edge)
    }

    /// Exact crossings in the square, crossings of a side kept apart, and
    /// the clearances in the square and its neighbouring copies.
    fn check_geometry(&self, e: &SurfaceEdge) -> Result<(), SurfaceStrokeError> {
        use SurfaceStrokeError::*;
        let r = self.rules;
        let [from, to] = e.ends;
        let ends = [self.spots[from as usize - 1], self.spots[to as usize - 1]];
        // The stroke's segments, numbered along it (a crossing keeps the
        // numbering going, so neighbours across a side are neighbours).
        let segs: Vec<(usize, Point, Point)> = {
            let mut out = Vec::new();
            let mut k = 0;
            for p in &e.pieces {
                for w in p.windows(2) {
                    out.push((k, w[0], w[1]));
                    k += 1;
                }
                k += 1;
            }
            out
        };
        let copies = self.copies();
        // Within the snap discs of the end spots (and of their copies across
        // a side) only exact crossings count, as on the plane.
        let end_copies: Vec<Point> = copies.iter().flat_map(|m| ends.map(|c| m.apply(c))).collect();
        let near_end = |a: Point, b: Point| end_copies.iter().any(|&c| a.dist(c) <= r.snap || b.dist(c) <= r.snap);
        // Segments meeting only at a shared spot centre do not cross.
        let meet = |a: Point, b: Point, c: Point, d: Point| -> bool {
            for &o in &ends {
                let ab = if a == o { Some(b) } else if b == o { Some(a) } else { None };
                let cd = if c == o { Some(d) } else if d == o { Some(c) } else { None };
                if let (Some(x), Some(y)) = (ab, cd) {
                    return fans_overlap(o, x, y) || (segments_meet(a, b, c, d) && !shares_only(o, a, b, c, d));
                }
            }
            segments_meet(a, b, c, d)
        };
        // Exact crossings first, so that a crossing is named as one.
        for (ei, other) in self.edges.iter().enumerate() {
            for p in &other.pieces {
                for w in p.windows(2) {
                    if segs.iter().any(|&(_, a, b)| meet(a, b, w[0], w[1])) {
                        return Err(Crosses { edge: ei });
                    }
                }
            }
        }
        for (x, &(i, a, b)) in segs.iter().enumerate() {
            for &(j, c, d) in &segs[x + 1..] {
                if j > i + 1 && meet(a, b, c, d) {
                    return Err(SelfIntersects);
                }
            }
        }
        for (ei, other) in self.edges.iter().enumerate() {
            for p in &other.pieces {
                for w in p.windows(2) {
                    for &(_, a, b) in &segs {
                        if near_end(a, b) {
                            continue;
                        }
                        for m in &copies {
                            if segment_dist(a, b, m.apply(w[0]), m.apply(w[1])) < r.edge_clearance {
                                return Err(TouchesEdge { edge: ei });
                            }
                        }
                    }
                }
            }
        }
        for (i, &sp) in self.spots.iter().enumerate() {
            let s = i as Spot + 1;
            let is_end = s == from || s == to;
            for &(k, a, b) in &segs {
                for (mi, m) in copies.iter().enumerate() {
                    let c = m.apply(sp);
                    if is_end && mi == 0 && (k == 0 || k == segs.last().map_or(0, |x| x.0)) {
                        continue;
                    }
                    if is_end && near_end(a, b) {
                        continue;
                    }
                    if point_segment_dist(c, a, b) < r.spot_clearance {
                        return Err(TouchesSpot { spot: s });
                    }
                }
            }
        }
        // Crossing points of each side, old and new, kept apart.
        let mut on_side: Vec<(Side, f64, bool)> = Vec::new();
        for (new, ed) in self.edges.iter().map(|x| (false, x)).chain([(true, e)]) {
            for p in &ed.pieces {
                for q in [p[0], p[p.len() - 1]] {
                    if let Some(side) = self.side_of(q) {
                        let along = if matches!(side, Side::Left | Side::Right) { q.y } else { q.x };
                        on_side.push((side, along, new));
                    }
                }
            }
        }
        for (i, a) in on_side.iter().enumerate() {
            for b in &on_side[i + 1..] {
                if a.0 == b.0 && (a.2 || b.2) && (a.1 - b.1).abs() < r.edge_clearance {
                    return Err(CrowdedSide);
                }
            }
        }
        Ok(())
    }

    /// Plays a stroke: checked, split at a new spot, traced, and compared
    /// with the engine's children of the position before it. Nothing
    /// changes on an error.
    pub fn play(&mut self, points: &[Point]) -> Result<SurfacePlayed, SurfaceStrokeError> {
        let before = self.position().map_err(SurfaceStrokeError::Trace)?;
        let (next, played) = self.play_among(points, &before.children())?;
        *self = next;
        Ok(played)
    }

    /// The board after a stroke and the move it is, checked against
    /// `children`, the sorted canonical children of the position drawn now
    /// (known once when many strokes are tried, as the computer does).
    pub(crate) fn play_among(&self, points: &[Point], children: &[Canon]) -> Result<(SurfaceBoard, SurfacePlayed), SurfaceStrokeError> {
        let edge = self.check(points)?;
        let crossings = edge.pieces.len() - 1;
        // The new spot: the middle of the longest piece.
        let (k, _) = edge
            .pieces
            .iter()
            .enumerate()
            .map(|(k, p)| (k, length(p)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("a piece");
        let piece = &edge.pieces[k];
        let (mid, seg) = point_at(piece, length(piece) / 2.0);
        let c = self.spots.len() as Spot + 1;
        let mut first: Vec<Vec<Point>> = edge.pieces[..k].to_vec();
        let mut head: Vec<Point> = piece[..=seg].to_vec();
        if head.last() != Some(&mid) {
            head.push(mid);
        }
        first.push(head);
        let mut tail = vec![mid];
        tail.extend(piece[seg + 1..].iter().copied().filter(|&p| p != mid));
        let mut second = vec![tail];
        second.extend(edge.pieces[k + 1..].iter().cloned());
        let mut next = self.clone();
        next.spots.push(mid);
        next.edges.push(SurfaceEdge { ends: [edge.ends[0], c], pieces: first });
        next.edges.push(SurfaceEdge { ends: [c, edge.ends[1]], pieces: second });
        let after = next.position().map_err(SurfaceStrokeError::Trace)?;
        let canon = surfaces::canon_of(&after);
        if children.binary_search(&canon).is_err() {
            return Err(SurfaceStrokeError::NotAMove { traced: surfaces::text(&canon) });
        }
        Ok((next, SurfacePlayed { from: edge.ends[0], to: edge.ends[1], new_spot: c, crossings, position: surfaces::text(&canon) }))
    }

    /// The canonical form of the drawn position.
    pub fn canon(&self) -> Result<Canon, String> {
        Ok(surfaces::canon_of(&self.position()?))
    }
}

/// Whether segments a–b and c–d, each with an end at o, meet only at o.
fn shares_only(o: Point, a: Point, b: Point, c: Point, d: Point) -> bool {
    let x = if a == o { b } else { a };
    let y = if c == o { d } else { c };
    !fans_overlap(o, x, y)
}

