//! The board: where the spots are and how the edges run.
//!
//! Every move draws one curve from spot a to spot b with a new spot c on
//! it, so the board stores two edges a–c and c–b. An edge is a polyline
//! whose first and last points are exactly its spots' coordinates.

use super::geom::{length, point_at, point_segment_dist, segments_meet, Point, Rect};
use super::index::SegmentIndex;
use crate::topology::Spot;
use std::fmt;

/// One edge: a polyline from spot `ends[0]` to spot `ends[1]` (they are
/// equal for no edge: a loop is two edges through its new spot).
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub ends: [Spot; 2],
    pub points: Vec<Point>,
}

/// A drawing: spots (spot `s` at index `s - 1`) and edges, in a
/// `width` × `height` area (screen coordinates, y down). The area only
/// bounds where new curves are routed; nothing is clipped to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    width: f64,
    height: f64,
    spots: Vec<Point>,
    edges: Vec<Edge>,
    /// Most edge ends each spot may have (lives = capacity − degree): 3
    /// for a Sprouts dot; 2 for a free arm's tip and for the dead spot of
    /// a Weeds line without a dot (see [`Board::with_capacities`]).
    capacities: Vec<u8>,
}

/// Why data is not a drawing.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardError {
    /// A board needs at least one spot.
    NoSpots,
    /// A coordinate is not finite or absurdly large.
    BadCoordinate,
    /// An edge names a spot that does not exist.
    UnknownSpot { edge: usize, spot: Spot },
    /// An edge does not start or end exactly at its spots, or has fewer
    /// than two points, or a zero-length segment.
    BadEdge { edge: usize },
    /// Two edges (or one edge with itself) touch or cross away from a
    /// shared spot, or an edge runs through a spot.
    Crossing { edge: usize, other: usize },
    /// More than three edge ends at a spot.
    TooManyEnds { spot: Spot },
    /// Capacities that are not one of 1 to [`MAX_CAPACITY`] for each spot.
    BadCapacities,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::NoSpots => write!(f, "a board needs at least one spot"),
            BoardError::BadCoordinate => write!(f, "a coordinate is not a usable number"),
            BoardError::UnknownSpot { edge, spot } => {
                write!(f, "edge {edge} names spot {spot}, which does not exist")
            }
            BoardError::BadEdge { edge } => {
                write!(f, "edge {edge} is not a polyline between its spots")
            }
            BoardError::Crossing { edge, other } => {
                write!(f, "edges {edge} and {other} touch or cross")
            }
            BoardError::TooManyEnds { spot } => {
                write!(f, "more lines end at spot {spot} than it takes")
            }
            BoardError::BadCapacities => write!(f, "spot capacities must be 1 to {MAX_CAPACITY}, one for each spot"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Coordinates beyond this are refused: products of differences must stay
/// far from overflow in the predicates.
pub const MAX_COORD: f64 = 1e9;

/// The most lines a spot may take: p of (p, q) Sprouts, at most 9
/// (`crate::variants::pq::PqRules::MAX_P`); a Sprouts dot takes 3.
pub const MAX_CAPACITY: u8 = 9;

/// One capacity of 1 to [`MAX_CAPACITY`] for each of `spots` spots.
fn check_capacities(capacities: &[u8], spots: usize) -> Result<(), BoardError> {
    if capacities.len() != spots || capacities.iter().any(|c| !(1..=MAX_CAPACITY).contains(c)) {
        return Err(BoardError::BadCapacities);
    }
    Ok(())
}

impl Board {
    /// A board with spots and no edges.
    pub fn with_spots(width: f64, height: f64, spots: Vec<Point>) -> Result<Board, BoardError> {
        Board::from_parts(width, height, spots, Vec::new())
    }

    /// The same drawing with every coordinate and the area multiplied by
    /// `k`. For a power of two this is exact, so the topology is the same.
    pub fn scaled(&self, k: f64) -> Result<Board, BoardError> {
        let spots = self.spots().iter().map(|p| p.scale(k)).collect();
        let edges = self
            .edges()
            .iter()
            .map(|e| Edge { ends: e.ends, points: e.points.iter().map(|p| p.scale(k)).collect() })
            .collect();
        Board::from_parts_capped(self.width() * k, self.height() * k, spots, edges, self.capacities.clone())
    }

    /// The same drawing with these capacities (most edge ends per spot,
    /// 1 to [`MAX_CAPACITY`] each; see `crate::variants` for the free arms
    /// of crosses, `super::pq` for the p lines of (p, q) Sprouts): a
    /// spot's lives are its capacity minus its degree.
    pub fn with_capacities(mut self, capacities: Vec<u8>) -> Result<Board, BoardError> {
        check_capacities(&capacities, self.spots.len())?;
        for (i, &c) in capacities.iter().enumerate() {
            let s = i as Spot + 1;
            if self.degree(s) > c as usize {
                return Err(BoardError::TooManyEnds { spot: s });
            }
        }
        self.capacities = capacities;
        Ok(self)
    }

    /// Most edge ends each spot may have (3 for every Sprouts spot).
    pub fn capacities(&self) -> &[u8] {
        &self.capacities
    }

    /// Whether every spot is a Sprouts dot (capacity 3).
    pub fn is_plain(&self) -> bool {
        self.capacities.iter().all(|&c| c == 3)
    }

    /// Changes spot `s`'s capacity (a move's new spot becoming a cross-bar
    /// centre or a Weeds line without a dot). Not checked: the caller
    /// traces the board afterwards.
    pub(crate) fn set_capacity(&mut self, s: Spot, c: u8) {
        if let Some(x) = self.capacities.get_mut((s as usize).wrapping_sub(1)) {
            *x = c;
        }
    }

    /// Adds a spot with capacity `c`; returns its number.
    pub(crate) fn push_spot(&mut self, at: Point, c: u8) -> Spot {
        self.spots.push(at);
        self.capacities.push(c);
        self.spots.len() as Spot
    }

    /// Replaces edge `i` (not checked, as [`Board::push_edge`]).
    pub(crate) fn set_edge(&mut self, i: usize, e: Edge) {
        self.edges[i] = e;
    }

    /// Whether a spot takes more than three lines ((p, q) Sprouts with
    /// p ≥ 4): its drawing is then no plain [`crate::Position`].
    pub fn is_wide(&self) -> bool {
        self.capacities.iter().any(|&c| c > 3)
    }

    /// This board checked again as [`Board::from_parts`] checks a saved one.
    pub fn checked(self) -> Result<Board, BoardError> {
        let caps = self.capacities.clone();
        Board::from_parts_capped(self.width, self.height, self.spots, self.edges, caps)
    }

    /// [`Board::from_parts`] with these capacities (at most that many
    /// lines at each spot).
    pub fn from_parts_capped(
        width: f64,
        height: f64,
        spots: Vec<Point>,
        edges: Vec<Edge>,
        capacities: Vec<u8>,
    ) -> Result<Board, BoardError> {
        check_capacities(&capacities, spots.len())?;
        Board::build(width, height, spots, edges, capacities)
    }

    /// Builds a board from plain data (a saved game), checking that it is a
    /// drawing: edges join existing spots, end exactly on them, and neither
    /// touch nor cross each other or other spots.
    pub fn from_parts(
        width: f64,
        height: f64,
        spots: Vec<Point>,
        edges: Vec<Edge>,
    ) -> Result<Board, BoardError> {
        let caps = vec![3; spots.len()];
        Board::build(width, height, spots, edges, caps)
    }

    fn build(width: f64, height: f64, spots: Vec<Point>, edges: Vec<Edge>, capacities: Vec<u8>) -> Result<Board, BoardError> {
        let ok = |p: &Point| p.is_finite() && p.x.abs() <= MAX_COORD && p.y.abs() <= MAX_COORD;
        if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0)
            || width > MAX_COORD
            || height > MAX_COORD
            || !spots.iter().all(ok)
            || !edges.iter().all(|e| e.points.iter().all(ok))
        {
            return Err(BoardError::BadCoordinate);
        }
        if spots.is_empty() {
            return Err(BoardError::NoSpots);
        }
        let n = spots.len() as Spot;
        let mut degree = vec![0usize; spots.len()];
        for (i, e) in edges.iter().enumerate() {
            for &s in &e.ends {
                if s == 0 || s > n {
                    return Err(BoardError::UnknownSpot { edge: i, spot: s });
                }
                degree[s as usize - 1] += 1;
            }
            let p = &e.points;
            if p.len() < 2
                || e.ends[0] == e.ends[1]
                || p[0] != spots[e.ends[0] as usize - 1]
                || p[p.len() - 1] != spots[e.ends[1] as usize - 1]
                || p.windows(2).any(|w| w[0] == w[1])
            {
                return Err(BoardError::BadEdge { edge: i });
            }
        }
        if let Some(i) = degree.iter().zip(&capacities).position(|(&d, &c)| d > c as usize) {
            return Err(BoardError::TooManyEnds {
                spot: i as Spot + 1,
            });
        }
        let board = Board {
            width,
            height,
            spots,
            edges,
            capacities,
        };
        board.check_crossings()?;
        Ok(board)
    }

    /// Every pair of segments meets only where a drawing allows: neighbours
    /// along one edge at their shared point, and edges at a shared spot.
    fn check_crossings(&self) -> Result<(), BoardError> {
        let index = SegmentIndex::new(self, None);
        for (ei, e) in self.edges.iter().enumerate() {
            for k in 0..e.points.len() - 1 {
                let (a, b) = (e.points[k], e.points[k + 1]);
                let mut bad = None;
                index.for_each_near(a, b, 0.0, &mut |seg| {
                    if bad.is_some() || (seg.edge == ei && seg.index == k) {
                        return;
                    }
                    let (c, d) = (seg.a, seg.b);
                    if !segments_meet(a, b, c, d) {
                        return;
                    }
                    if seg.edge == ei && seg.index.abs_diff(k) == 1 {
                        // Neighbours: they share one point and must not fold back.
                        let shared = if seg.index == k + 1 { b } else { a };
                        let (x, y) = if seg.index == k + 1 { (a, d) } else { (b, c) };
                        if !super::geom::fans_overlap(shared, x, y) {
                            return;
                        }
                    } else if let Some(s) = self.shared_spot(a, b, c, d) {
                        let (x, y) = (if a == s { b } else { a }, if c == s { d } else { c });
                        if !super::geom::fans_overlap(s, x, y) {
                            return;
                        }
                    }
                    bad = Some(seg.edge);
                });
                if let Some(other) = bad {
                    return Err(BoardError::Crossing { edge: ei, other });
                }
            }
        }
        // Edges must not run through spots other than their ends.
        for (si, &s) in self.spots.iter().enumerate() {
            let sp = si as Spot + 1;
            let mut bad = None;
            index.for_each_near(s, s, 0.0, &mut |seg| {
                let e = &self.edges[seg.edge];
                let end_here = (seg.index == 0 && e.ends[0] == sp)
                    || (seg.index + 2 == e.points.len() && e.ends[1] == sp);
                if !end_here && segments_meet(seg.a, seg.b, s, s) {
                    bad = Some(seg.edge);
                }
            });
            if let Some(edge) = bad {
                return Err(BoardError::Crossing { edge, other: edge });
            }
        }
        Ok(())
    }

    /// The spot both segments end at, if they are end segments meeting there.
    fn shared_spot(&self, a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
        [a, b]
            .into_iter()
            .find(|&p| (p == c || p == d) && self.spots.contains(&p))
    }

    /// The drawing of the first `spots` spots and `edges` edges: this
    /// drawing before its later moves (each move adds one spot and two
    /// edges). Part of a drawing is a drawing, so only that the kept edges
    /// end at kept spots is checked; `None` otherwise.
    pub fn prefix(&self, spots: usize, edges: usize) -> Option<Board> {
        let s = self.spots.get(..spots).filter(|s| !s.is_empty())?;
        let e = self.edges.get(..edges)?;
        if e.iter().flat_map(|e| e.ends).any(|t| t == 0 || t as usize > spots) {
            return None;
        }
        Some(Board {
            width: self.width,
            height: self.height,
            spots: s.to_vec(),
            edges: e.to_vec(),
            capacities: self.capacities[..spots].to_vec(),
        })
    }

    pub fn width(&self) -> f64 {
        self.width
    }

    pub fn height(&self) -> f64 {
        self.height
    }

    /// Spot coordinates: spot `s` is `spots()[s - 1]`.
    pub fn spots(&self) -> &[Point] {
        &self.spots
    }

    /// Where spot `s` is.
    pub fn spot(&self, s: Spot) -> Option<Point> {
        self.spots.get((s as usize).wrapping_sub(1)).copied()
    }

    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Number of spots (the largest spot number).
    pub fn spot_count(&self) -> usize {
        self.spots.len()
    }

    /// Number of edge ends at spot `s`.
    pub fn degree(&self, s: Spot) -> usize {
        self.edges
            .iter()
            .flat_map(|e| e.ends)
            .filter(|&t| t == s)
            .count()
    }

    /// Lives of spot `s`: its capacity (3 for a dot) minus its degree.
    pub fn lives(&self, s: Spot) -> u8 {
        let cap = self.capacities.get((s as usize).wrapping_sub(1)).copied().unwrap_or(3);
        cap.saturating_sub(self.degree(s) as u8)
    }

    /// The bounding box of everything drawn and of the area.
    pub(crate) fn extent(&self) -> Rect {
        let mut r = Rect::of(&self.spots);
        r.add(Point::new(0.0, 0.0));
        r.add(Point::new(self.width, self.height));
        for e in &self.edges {
            for &p in &e.points {
                r.add(p);
            }
        }
        r
    }

    /// Adds the curve `points` (from spot a to spot b, already checked) with
    /// the new spot at `at`, on segment `segment` of the curve. Returns the
    /// new spot's number.
    pub(crate) fn add_curve(
        &mut self,
        a: Spot,
        b: Spot,
        points: &[Point],
        segment: usize,
        at: Point,
    ) -> Spot {
        let c = self.push_spot(at, 3);
        let mut first: Vec<Point> = points[..=segment].to_vec();
        let mut second: Vec<Point> = points[segment + 1..].to_vec();
        if first.last() == Some(&at) {
            first.pop();
        }
        if second.first() == Some(&at) {
            second.remove(0);
        }
        first.push(at);
        second.insert(0, at);
        self.edges.push(Edge {
            ends: [a, c],
            points: first,
        });
        self.edges.push(Edge {
            ends: [c, b],
            points: second,
        });
        c
    }

    /// Removes the last spot, which must have exactly the last two edges
    /// (a routed move's new spot), joining them into one edge from the
    /// first's other end to the second's: the line stays where it was.
    pub(crate) fn dissolve_last(&mut self) {
        let n = self.edges.len();
        let c = self.spots.len() as Spot;
        if n < 2
            || self.edges[n - 2].ends[1] != c
            || self.edges[n - 1].ends[0] != c
            || self.degree(c) != 2
        {
            return;
        }
        let Some(second) = self.edges.pop() else {
            return;
        };
        let first = &mut self.edges[n - 2];
        first.ends[1] = second.ends[1];
        first.points.extend_from_slice(&second.points[1..]);
        self.spots.pop();
        self.capacities.pop();
    }

    /// Adds an edge (checked by the caller: the router checks it before,
    /// `crosses` with [`Board::checked`] after).
    pub(crate) fn push_edge(&mut self, e: Edge) {
        self.edges.push(e);
    }

    /// Replaces the inner points of edge e (its ends stay on its spots).
    pub(crate) fn set_points(&mut self, e: usize, points: Vec<Point>) {
        let edge = &mut self.edges[e];
        if points.len() >= 2
            && points[0] == edge.points[0]
            && points[points.len() - 1] == edge.points[edge.points.len() - 1]
        {
            edge.points = points;
        }
    }
}

/// Where a new spot goes on a curve: at fraction t of its length if that
/// place is `need_spot` from every spot and `need_edge` from every indexed
/// segment, else at the nearest such place, else at the roomiest place.
/// Returns the point, the curve segment it is on and its fraction.
pub(crate) fn place_spot(
    curve: &[Point],
    t: f64,
    spots: &[Point],
    index: &SegmentIndex,
    need_spot: f64,
    need_edge: f64,
) -> (Point, usize, f64) {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let total = length(curve);
    let room = |p: Point| -> f64 {
        let mut m = f64::INFINITY;
        for &s in spots {
            m = m.min(s.dist(p) / need_spot);
        }
        index.for_each_near(p, p, need_edge, &mut |seg| {
            m = m.min(point_segment_dist(p, seg.a, seg.b) / need_edge);
        });
        m
    };
    const STEPS: usize = 64;
    let mut best: Option<(f64, f64)> = None;
    for k in 0..=STEPS {
        // Alternate around t: t, t + d, t - d, t + 2d, ...
        let d = k.div_ceil(2);
        let sign = if k % 2 == 1 { 1.0 } else { -1.0 };
        let u = t + sign * d as f64 / STEPS as f64;
        if !(0.02..=0.98).contains(&u) {
            continue;
        }
        let r = room(point_at(curve, u * total).0);
        if r >= 1.0 {
            best = Some((r, u));
            break;
        }
        if best.is_none_or(|(br, _)| r > br) {
            best = Some((r, u));
        }
    }
    let u = best.map_or(0.5, |(_, u)| u);
    let (p, seg) = point_at(curve, u * total);
    (p, seg, u)
}
