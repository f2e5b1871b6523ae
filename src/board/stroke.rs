//! Checking a drawn stroke and playing it.
//!
//! A stroke (pointer samples) is legal when it starts and ends on spots that
//! have the lives for it and touches or crosses neither itself, nor any
//! edge, nor any spot other than its ends. "Touches" means "comes closer
//! than a clearance": what looks separate on screen must be separate in the
//! model. Near its own end spots a stroke necessarily meets the edges that
//! end there, so inside the snap discs around them only exact crossings
//! count (a corner narrower than about 2·asin(edge_clearance / snap) is
//! then too narrow to draw into).
//!
//! The samples within `snap` of the end spots are replaced by a straight
//! piece to the spot's centre; the result is the curve that is drawn.

use super::geom::{
    fans_overlap, in_sector, outside_disc, point_segment_dist, segment_dist, segments_meet, Point,
};
use super::index::{Seg, SegmentIndex};
use super::model::{place_spot, Board, MAX_COORD};
use super::trace::{CornerAt, Faces, TraceError};
use crate::topology::{Corner, Move, Position, Spot};
use std::borrow::Cow;
use std::fmt;

mod live;
pub use live::LiveStroke;

/// The distances, in board units, that decide what touches what.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrokeRules {
    /// A stroke starts (ends) on a spot when its first (last) point is at
    /// most this far from the spot's centre; within this radius of its end
    /// spots only exact crossings count.
    pub snap: f64,
    /// How far a stroke must stay from spots other than its ends (and from
    /// its ends in between).
    pub spot_clearance: f64,
    /// How far a stroke must stay from edges and from itself.
    pub edge_clearance: f64,
}

impl Default for StrokeRules {
    /// Values for CSS pixels: spots drawn with a radius of about 6.
    fn default() -> Self {
        StrokeRules {
            snap: 16.0,
            spot_clearance: 8.0,
            edge_clearance: 3.0,
        }
    }
}

/// Why a stroke is not a move. `at` is the index of the stroke point where
/// the offending piece starts.
#[derive(Clone, Debug, PartialEq)]
pub enum StrokeError {
    /// No points.
    Empty,
    /// A point is not a finite, reasonable coordinate.
    BadPoint { at: usize },
    /// The stroke does not start (`at` = 0) or end (`at` = last) on a spot.
    NotOnSpot { at: usize },
    /// The spot has no lives left.
    NoLives { spot: Spot },
    /// A loop needs a spot with two lives.
    LoopNeedsTwoLives { spot: Spot },
    /// A loop must leave the spot before coming back.
    TooShort,
    /// The stroke crosses or touches an edge exactly.
    Crosses { edge: usize, at: usize },
    /// The stroke comes closer than the clearance to an edge.
    TouchesEdge { edge: usize, at: usize },
    /// The stroke runs through or too close to a spot.
    TouchesSpot { spot: Spot, at: usize },
    /// The stroke crosses itself (`other` is where the other piece starts).
    SelfIntersects { at: usize, other: usize },
    /// The stroke comes closer than the clearance to itself.
    TouchesItself { at: usize, other: usize },
}

impl fmt::Display for StrokeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrokeError::Empty => write!(f, "nothing was drawn"),
            StrokeError::BadPoint { at } => write!(f, "point {at} is not a usable position"),
            StrokeError::NotOnSpot { at: 0 } => write!(f, "a line must start on a spot"),
            StrokeError::NotOnSpot { .. } => write!(f, "a line must end on a spot"),
            StrokeError::NoLives { spot } => write!(f, "spot {spot} has no lives left"),
            StrokeError::LoopNeedsTwoLives { spot } => {
                write!(f, "a loop at spot {spot} needs 2 lives")
            }
            StrokeError::TooShort => write!(f, "a loop must go around something"),
            StrokeError::Crosses { .. } => write!(f, "the line crosses another line"),
            StrokeError::TouchesEdge { .. } => write!(f, "the line touches another line"),
            StrokeError::TouchesSpot { spot, .. } => write!(f, "the line touches spot {spot}"),
            StrokeError::SelfIntersects { .. } => write!(f, "the line crosses itself"),
            StrokeError::TouchesItself { .. } => write!(f, "the line touches itself"),
        }
    }
}

impl std::error::Error for StrokeError {}

/// A legal stroke, as it will be drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub from: Spot,
    pub to: Spot,
    /// The curve, from the centre of `from` to the centre of `to`.
    pub points: Vec<Point>,
    /// Where the new spot goes, on segment `segment` of `points`.
    pub new_spot: Point,
    pub segment: usize,
    /// The new spot's position as a fraction of the curve's length.
    pub t: f64,
}

/// What a stroke being drawn may still become.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefix {
    /// The spot it starts on, if any.
    pub from: Option<Spot>,
    /// Why it is already illegal, if it is.
    pub error: Option<StrokeError>,
    /// The spot the stroke would end on if released now, when that is legal.
    pub ends_at: Option<Spot>,
    /// The spots it may still end on (sorted).
    pub targets: Vec<Spot>,
}

/// A stroke played: the engine's move, the new position and drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub mv: Move,
    pub position: Position,
    pub board: Board,
    pub new_spot: Spot,
}

/// Why a legal stroke could not be played.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    Stroke(StrokeError),
    /// The drawing could not be traced.
    Trace(TraceError),
    /// Tracing disagrees with the engine (a bug; the board is unchanged).
    Mismatch,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Stroke(e) => e.fmt(f),
            PlayError::Trace(e) => e.fmt(f),
            PlayError::Mismatch => write!(f, "the drawing and the engine disagree about this move"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Checks strokes against one state of the board; build it once per move
/// and call it on every pointer event (or feed a [`LiveStroke`] with it).
pub struct StrokeChecker<'a> {
    /// Borrowed, or owned by a checker kept with the game (see
    /// [`StrokeChecker::owned`]).
    board: Cow<'a, Board>,
    faces: Faces,
    index: SegmentIndex,
    rules: StrokeRules,
}

/// A stroke reduced to the curve it stands for.
struct Curve {
    points: Vec<Point>,
    /// Index in the input of each curve point.
    origin: Vec<usize>,
    from: Spot,
    /// The end spot, for a finished stroke.
    to: Option<Spot>,
}

impl<'a> StrokeChecker<'a> {
    pub fn new(board: &'a Board, rules: StrokeRules) -> Result<StrokeChecker<'a>, TraceError> {
        Self::with(Cow::Borrowed(board), rules)
    }

    /// A checker that owns its board, so that it can live as long as a
    /// stroke being drawn does.
    pub fn owned(board: Board, rules: StrokeRules) -> Result<StrokeChecker<'static>, TraceError> {
        StrokeChecker::with(Cow::Owned(board), rules)
    }

    fn with(board: Cow<'a, Board>, rules: StrokeRules) -> Result<StrokeChecker<'a>, TraceError> {
        // A wide board ((p, q) Sprouts) is checked by the same geometry;
        // its strokes are played by `super::pq`, not by [`Self::play`].
        let faces = board.wide_faces()?;
        let index = SegmentIndex::new(&board, None);
        Ok(StrokeChecker {
            board,
            faces,
            index,
            rules,
        })
    }

    /// The position the board shows (on a wide board, (p, q) Sprouts,
    /// only its regions mean anything: `Board::pq_position` is the position).
    pub fn position(&self) -> &Position {
        &self.faces.position
    }

    /// The spot whose centre is nearest to p, within the snap radius.
    fn spot_at(&self, p: Point) -> Option<Spot> {
        let mut best: Option<(f64, Spot)> = None;
        for (i, &s) in self.board.spots().iter().enumerate() {
            let d = s.dist(p);
            if d <= self.rules.snap && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, i as Spot + 1));
            }
        }
        best.map(|(_, s)| s)
    }

    fn validate_points(points: &[Point]) -> Result<(), StrokeError> {
        if points.is_empty() {
            return Err(StrokeError::Empty);
        }
        match points.iter().position(|&p| !usable_point(p)) {
            Some(at) => Err(StrokeError::BadPoint { at }),
            None => Ok(()),
        }
    }

    fn start(&self, points: &[Point]) -> Result<Spot, StrokeError> {
        Self::validate_points(points)?;
        let a = self
            .spot_at(points[0])
            .ok_or(StrokeError::NotOnSpot { at: 0 })?;
        if self.board.lives(a) == 0 {
            return Err(StrokeError::NoLives { spot: a });
        }
        Ok(a)
    }

    /// Builds the curve: centre of `from`, the samples outside the snap
    /// discs of the ends, centre of `to` (if given).
    fn curve(&self, points: &[Point], from: Spot, to: Option<Spot>) -> Curve {
        let pa = self.board.spot(from).unwrap_or_default();
        let snap = self.rules.snap;
        let first = points.iter().position(|p| p.dist(pa) > snap);
        let mut c = Curve {
            points: vec![pa],
            origin: vec![0],
            from,
            to,
        };
        let last_index = points.len() - 1;
        let end = match to {
            Some(b) => {
                let pb = self.board.spot(b).unwrap_or_default();
                points.iter().rposition(|p| p.dist(pb) > snap)
            }
            None => Some(last_index),
        };
        if let (Some(i), Some(j)) = (first, end) {
            for (k, &p) in points.iter().enumerate().take(j + 1).skip(i) {
                if c.points.last() != Some(&p) {
                    c.points.push(p);
                    c.origin.push(k);
                }
            }
        }
        if let Some(b) = to {
            let pb = self.board.spot(b).unwrap_or_default();
            if c.points.last() != Some(&pb) {
                c.points.push(pb);
                c.origin.push(last_index);
            }
        }
        c
    }

    /// Checks a finished stroke; the new spot goes at fraction `t` of its
    /// length (moved along it if that place is too crowded).
    pub fn check(&self, points: &[Point], t: f64) -> Result<Stroke, StrokeError> {
        let a = self.start(points)?;
        let last = points.len() - 1;
        let b = self
            .spot_at(points[last])
            .ok_or(StrokeError::NotOnSpot { at: last })?;
        self.check_end(a, b)?;
        let c = self.curve(points, a, Some(b));
        if c.points.len() < 3 && a == b {
            return Err(StrokeError::TooShort);
        }
        self.check_curve(&c)?;
        Ok(self.stroke_of(c.points, a, b, t))
    }

    /// Whether a stroke from spot a may end on spot b.
    fn check_end(&self, a: Spot, b: Spot) -> Result<(), StrokeError> {
        if self.board.lives(b) == 0 {
            return Err(StrokeError::NoLives { spot: b });
        }
        if a == b && self.board.lives(a) < 2 {
            return Err(StrokeError::LoopNeedsTwoLives { spot: a });
        }
        Ok(())
    }

    /// The stroke along a checked curve, its new spot at fraction `t`.
    fn stroke_of(&self, points: Vec<Point>, from: Spot, to: Spot, t: f64) -> Stroke {
        let sc = self.rules.spot_clearance;
        let (new_spot, segment, t) = place_spot(&points, t, self.board.spots(), &self.index, 2.0 * sc, sc);
        Stroke { from, to, points, new_spot, segment, t }
    }

    /// Checks a stroke still being drawn: whether it is legal so far, and
    /// where it may end.
    pub fn check_prefix(&self, points: &[Point]) -> Prefix {
        let a = match self.start(points) {
            Ok(a) => a,
            Err(error) => {
                let from = points.first().and_then(|&p| self.spot_at(p));
                return Prefix {
                    from,
                    error: Some(error),
                    ends_at: None,
                    targets: Vec::new(),
                };
            }
        };
        // Released now, would it be a move?
        let ends_at = self.check(points, 0.5).ok().map(|s| s.to);
        let c = self.curve(points, a, None);
        let error = if ends_at.is_some() {
            None
        } else {
            self.check_curve(&c).err()
        };
        let targets = if error.is_some() {
            Vec::new()
        } else {
            self.targets(&c)
        };
        Prefix {
            from: Some(a),
            error,
            ends_at,
            targets,
        }
    }

    /// Live spots of the region the curve runs in (every region at its
    /// start spot while it has not left the snap disc).
    fn targets(&self, c: &Curve) -> Vec<Spot> {
        let regions: Vec<usize> = match c.points.get(1) {
            Some(&q) => self
                .corner_toward(c.from, q)
                .map(|(r, _)| r)
                .into_iter()
                .collect(),
            None => (0..self.faces.regions.len()).collect(),
        };
        let mut out: Vec<Spot> = Vec::new();
        for r in regions {
            let spots: Vec<Spot> = self.faces.regions[r]
                .iter()
                .flatten()
                .map(|k| k.spot)
                .collect();
            if !spots.contains(&c.from) {
                continue;
            }
            for s in spots {
                let need = if s == c.from { 2 } else { 1 };
                if self.board.lives(s) >= need {
                    out.push(s);
                }
            }
        }
        crate::sort::sort(&mut out);
        out.dedup();
        out
    }

    /// The corner of spot s whose sector contains the direction toward q:
    /// (region, corner).
    pub(crate) fn corner_toward(&self, s: Spot, q: Point) -> Option<(usize, Corner)> {
        let p = self.board.spot(s)?;
        for (r, region) in self.faces.regions.iter().enumerate() {
            for (bi, b) in region.iter().enumerate() {
                for (i, k) in b.iter().enumerate() {
                    if k.spot == s && sector_contains(&self.board, p, k, q) {
                        return Some((
                            r,
                            Corner {
                                boundary: bi,
                                index: i,
                            },
                        ));
                    }
                }
            }
        }
        None
    }

    /// Piece `k` of the curve against the spots other than its ends.
    fn spot_error(&self, c: &Curve, k: usize) -> Option<StrokeError> {
        let pts = &c.points;
        let last_seg = pts.len() - 2;
        let (p, q) = (pts[k], pts[k + 1]);
        self.board.spots().iter().enumerate().find_map(|(i, &s)| {
            let spot = i as Spot + 1;
            let touches_end = (k == 0 && s == p && spot == c.from) || (k == last_seg && c.to == Some(spot) && s == q);
            (!touches_end && point_segment_dist(s, p, q) < self.rules.spot_clearance)
                .then_some(StrokeError::TouchesSpot { spot, at: c.origin[k] })
        })
    }

    fn check_curve(&self, c: &Curve) -> Result<(), StrokeError> {
        let pts = &c.points;
        let n = pts.len();
        if n < 2 {
            return Ok(());
        }
        let rules = &self.rules;
        let pb = c.to.map(|_| pts[n - 1]);
        // Discs around the ends where only exact crossings count.
        let discs: Vec<Point> = std::iter::once(pts[0]).chain(pb).collect();
        let last_seg = n - 2;

        if let Some(e) = (0..=last_seg).find_map(|k| self.spot_error(c, k)) {
            return Err(e);
        }

        // Exact meetings first: they say more than a lack of clearance.
        for exact in [true, false] {
            self.check_edges(c, &discs, exact)?;
            check_itself(c, &discs, rules, exact)?;
        }
        Ok(())
    }

    /// The curve against the edges: exact meetings (allowed only at an end
    /// spot, without running along an edge there), or clearance.
    fn check_edges(&self, c: &Curve, discs: &[Point], exact: bool) -> Result<(), StrokeError> {
        match (0..c.points.len() - 1).find_map(|k| self.edge_error(c, k, discs, exact)) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Piece `k` of the curve against the edges (see [`Self::check_edges`]):
    /// the first fault.
    fn edge_error(&self, c: &Curve, k: usize, discs: &[Point], exact: bool) -> Option<StrokeError> {
        let mut err = None;
        self.edge_faults(c, k, discs, exact, &mut |_, e| {
            err = Some(e);
            true
        });
        err
    }

    /// Calls `found` with each fault of piece `k` against the edges, in
    /// the index's order, until it returns true.
    fn edge_faults(
        &self,
        c: &Curve,
        k: usize,
        discs: &[Point],
        exact: bool,
        found: &mut dyn FnMut(&Seg, StrokeError) -> bool,
    ) {
        let pts = &c.points;
        let last_seg = pts.len() - 2;
        let rules = &self.rules;
        let (p, q) = (pts[k], pts[k + 1]);
        let at = c.origin[k];
        let mut done = false;
        self.index.for_each_near(p, q, rules.edge_clearance, &mut |seg| {
            if done {
                return;
            }
            let mut err = None;
            if segments_meet(p, q, seg.a, seg.b) {
                let shared = [(k == 0, p), (k == last_seg && c.to.is_some(), q)]
                    .into_iter()
                    .find(|&(ok, x)| ok && (x == seg.a || x == seg.b));
                let fine = shared.is_some_and(|(_, x)| {
                    let mine = if x == p { q } else { p };
                    let theirs = if x == seg.a { seg.b } else { seg.a };
                    !fans_overlap(x, mine, theirs)
                });
                if exact && !fine {
                    err = Some(StrokeError::Crosses { edge: seg.edge, at });
                }
            } else if !exact
                && segment_dist(p, q, seg.a, seg.b) < rules.edge_clearance
                && clipped_dist(p, q, seg.a, seg.b, discs, rules.snap) < rules.edge_clearance
            {
                err = Some(StrokeError::TouchesEdge { edge: seg.edge, at });
            }
            if let Some(e) = err {
                done = found(seg, e);
            }
        });
    }

    /// Plays a checked stroke: draws it, traces the new drawing and names
    /// the engine's move that gives the same position.
    pub fn play(&self, stroke: &Stroke) -> Result<Played, PlayError> {
        let n = stroke.points.len();
        if self.board.is_wide() || n < 2 || stroke.segment + 1 >= n {
            return Err(PlayError::Mismatch);
        }
        let (r, from) = self
            .corner_toward(stroke.from, stroke.points[1])
            .ok_or(PlayError::Mismatch)?;
        let (r2, to) = self
            .corner_toward(stroke.to, stroke.points[n - 2])
            .ok_or(PlayError::Mismatch)?;
        if r != r2 {
            return Err(PlayError::Mismatch);
        }
        let mut board = self.board.clone().into_owned();
        let c = board.add_curve(
            stroke.from,
            stroke.to,
            &stroke.points,
            stroke.segment,
            stroke.new_spot,
        );
        let child = board.faces().map_err(PlayError::Trace)?;
        let inside = if from.boundary == to.boundary {
            sides(
                &self.faces,
                r,
                from.boundary,
                &child,
                c,
                stroke.from,
                stroke.to,
                from == to,
            )
        } else {
            Vec::new()
        };
        let mv = Move {
            region: r,
            from,
            to,
            inside,
        };
        match self.faces.position.play(&mv) {
            Ok(p) if p == child.position => Ok(Played {
                mv,
                position: p,
                board,
                new_spot: c,
            }),
            _ => Err(PlayError::Mismatch),
        }
    }
}

/// The curve against itself: pieces meeting (a loop's first and last
/// pieces may share its spot, and only that), or pieces far apart along the
/// curve that come closer than the clearance. Each piece is tested only
/// against the earlier pieces near it (see [`Pieces`]): linear for a stroke
/// that does not pile up on itself (sorting by x and sweeping was quadratic
/// for a stroke drawn mostly up or down).
fn check_itself(
    c: &Curve,
    discs: &[Point],
    rules: &StrokeRules,
    exact: bool,
) -> Result<(), StrokeError> {
    let pts = &c.points;
    let n = pts.len();
    let cum = lengths(pts);
    let mut pieces = Pieces::new(rules);
    for j in 0..n - 1 {
        let mut found = None;
        pieces.add(pts, j, &mut |i| {
            if found.is_none() {
                found = pair(c, &cum, discs, rules, exact, i, j).err();
            }
        });
        if let Some(e) = found {
            return Err(e);
        }
    }
    Ok(())
}

/// The length of the curve up to each of its points.
fn lengths(pts: &[Point]) -> Vec<f64> {
    let mut cum = vec![0.0; pts.len()];
    for k in 1..pts.len() {
        cum[k] = cum[k - 1] + pts[k - 1].dist(pts[k]);
    }
    cum
}

/// The pieces of a curve so far in a grid of cells, so that a new piece
/// meets only the earlier pieces near it. The cells have a fixed size, so
/// the pieces met, and their order, do not depend on how long the curve
/// is: checking a curve at once and point by point find the same errors.
struct Pieces {
    cell: f64,
    clearance: f64,
    grid: std::collections::HashMap<(i64, i64), Vec<u32>>,
    /// Pieces spanning more than `MAX_CELLS` cells (one long straight
    /// piece among short ones): met by every later piece.
    long: Vec<usize>,
    /// The last piece each piece was met by.
    met: Vec<usize>,
}

impl Pieces {
    const MAX_CELLS: i64 = 1024;

    fn new(rules: &StrokeRules) -> Pieces {
        let clearance = rules.edge_clearance.max(0.0);
        Pieces { cell: (2.0 * clearance).max(4.0), clearance, grid: Default::default(), long: Vec::new(), met: Vec::new() }
    }

    /// The cells of piece `k` grown by `grow`, and how many there are.
    fn cells(&self, pts: &[Point], k: usize, grow: f64) -> ((i64, i64, i64, i64), i64) {
        let (p, q) = (pts[k], pts[k + 1]);
        let f = |v: f64| (v / self.cell).floor() as i64;
        let r = (f(p.x.min(q.x) - grow), f(p.y.min(q.y) - grow), f(p.x.max(q.x) + grow), f(p.y.max(q.y) + grow));
        (r, (r.2 - r.0 + 1).saturating_mul(r.3 - r.1 + 1))
    }

    /// Calls `meet(i)` once for every earlier piece `i` near piece `j`
    /// (pieces are added in order), then adds piece `j`.
    fn add(&mut self, pts: &[Point], j: usize, meet: &mut dyn FnMut(usize)) {
        self.near(pts, j, j, j, meet);
        self.insert(pts, j);
    }

    /// Calls `meet(i)` once for every piece `i` < `below` near piece `j`
    /// of `pts`, in the order [`Self::add`] meets them; `stamp` marks the
    /// pieces met and must differ from every earlier call's.
    fn near(&mut self, pts: &[Point], j: usize, below: usize, stamp: usize, meet: &mut dyn FnMut(usize)) {
        let ((x0, y0, x1, y1), area) = self.cells(pts, j, self.clearance);
        if area > Self::MAX_CELLS {
            (0..below).for_each(&mut *meet);
            return;
        }
        // Pieces are pushed in order, so each list stops at `below`.
        for &i in self.long.iter().take_while(|&&i| i < below) {
            self.met[i] = stamp;
            meet(i);
        }
        for gx in x0..=x1 {
            for gy in y0..=y1 {
                for &i in self.grid.get(&(gx, gy)).map_or(&[][..], |v| &v[..]) {
                    let i = i as usize;
                    if i >= below {
                        break;
                    }
                    if self.met[i] != stamp {
                        self.met[i] = stamp;
                        meet(i);
                    }
                }
            }
        }
    }

    /// Adds piece `j` (the next one) to the grid.
    fn insert(&mut self, pts: &[Point], j: usize) {
        self.met.push(usize::MAX);
        let ((x0, y0, x1, y1), area) = self.cells(pts, j, 0.0);
        if area > Self::MAX_CELLS {
            self.long.push(j);
        } else {
            for gx in x0..=x1 {
                for gy in y0..=y1 {
                    self.grid.entry((gx, gy)).or_default().push(j as u32);
                }
            }
        }
    }
}

/// Pieces `i` < `j` of the curve against each other (see [`check_itself`];
/// `cum` is the length of the curve up to each point).
fn pair(
    c: &Curve,
    cum: &[f64],
    discs: &[Point],
    rules: &StrokeRules,
    exact: bool,
    i: usize,
    j: usize,
) -> Result<(), StrokeError> {
    let pts = &c.points;
    let (p, q, r, s) = (pts[i], pts[i + 1], pts[j], pts[j + 1]);
    let (at, other) = (c.origin[j], c.origin[i]);
    if j == i + 1 {
        // Neighbours share q; they must not fold back onto each other.
        if exact && fans_overlap(q, p, s) {
            return Err(StrokeError::SelfIntersects { at, other });
        }
        return Ok(());
    }
    if segments_meet(p, q, r, s) {
        let closed = c.to == Some(c.from);
        let wraps = closed && i == 0 && j == pts.len() - 2 && !fans_overlap(p, q, r);
        if exact && !wraps {
            return Err(StrokeError::SelfIntersects { at, other });
        }
        return Ok(());
    }
    if !exact
        && cum[j] - cum[i + 1] > 2.0 * rules.edge_clearance
        && segment_dist(p, q, r, s) < rules.edge_clearance
        && clipped_dist(p, q, r, s, discs, rules.snap) < rules.edge_clearance
    {
        return Err(StrokeError::TouchesItself { at, other });
    }
    Ok(())
}

/// The other boundaries of region `r` that end up in R1 — the region whose
/// boundary is `(a x.. b c)` (for a loop, `(a c)`) — after splitting
/// boundary `split` with new spot c.
#[allow(clippy::too_many_arguments)]
pub(crate) fn sides(
    before: &Faces,
    r: usize,
    split: usize,
    after: &Faces,
    c: Spot,
    a: Spot,
    b: Spot,
    is_loop: bool,
) -> Vec<usize> {
    let spots = |bd: &Vec<CornerAt>| -> Vec<Spot> { bd.iter().map(|k| k.spot).collect() };
    let r1 = after.regions.iter().find(|region| {
        region.iter().any(|bd| {
            let s = spots(bd);
            let m = s.len();
            (0..m).any(|i| {
                s[i] == c
                    && if is_loop {
                        m == 2
                    } else {
                        s[(i + m - 1) % m] == b && s[(i + 1) % m] == a
                    }
            })
        })
    });
    let Some(r1) = r1 else { return Vec::new() };
    let in_r1: Vec<Vec<Spot>> = r1.iter().map(spots).collect();
    before.regions[r]
        .iter()
        .enumerate()
        .filter(|&(bi, bd)| bi != split && in_r1.contains(&spots(bd)))
        .map(|(bi, _)| bi)
        .collect()
}

/// Whether the direction from p (spot of corner k) toward q lies in the
/// corner's sector.
pub(crate) fn sector_contains(board: &Board, p: Point, k: &CornerAt, q: Point) -> bool {
    match (k.out, k.into) {
        (Some(out), Some(into)) => {
            in_sector(p, board.half_second(out), board.half_second(into ^ 1), q)
        }
        _ => true,
    }
}

/// Whether a stroke point is a finite, reasonable coordinate.
pub fn usable_point(p: Point) -> bool {
    p.is_finite() && p.x.abs() <= MAX_COORD && p.y.abs() <= MAX_COORD
}

/// Distance between segments p–q and r–s, ignoring their parts inside the
/// discs of radius `radius` around `centres`.
fn clipped_dist(p: Point, q: Point, r: Point, s: Point, centres: &[Point], radius: f64) -> f64 {
    let clip = |a: Point, b: Point| -> Vec<(Point, Point)> {
        let mut parts = vec![(a, b)];
        for &c in centres {
            parts = parts
                .into_iter()
                .flat_map(|(x, y)| outside_disc(x, y, c, radius))
                .flatten()
                .collect();
        }
        parts
    };
    let mut d = f64::INFINITY;
    for (a, b) in clip(p, q) {
        for &(c, e) in &clip(r, s) {
            d = d.min(segment_dist(a, b, c, e));
        }
    }
    d
}

impl Board {
    /// Checks a finished stroke with the given rules (builds a
    /// [`StrokeChecker`]; keep one instead when checking many strokes).
    pub fn check_stroke(&self, points: &[Point], rules: StrokeRules) -> Result<Stroke, PlayError> {
        let checker = StrokeChecker::new(self, rules).map_err(PlayError::Trace)?;
        checker.check(points, 0.5).map_err(PlayError::Stroke)
    }

    /// Checks and plays a stroke in one go.
    pub fn play_stroke(&self, points: &[Point], rules: StrokeRules) -> Result<Played, PlayError> {
        let checker = StrokeChecker::new(self, rules).map_err(PlayError::Trace)?;
        let stroke = checker.check(points, 0.5).map_err(PlayError::Stroke)?;
        checker.play(&stroke)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid finds a meeting or a touch exactly when testing every pair
    /// of pieces does, on random walks (which often cross themselves) with
    /// pieces short and long.
    #[test]
    fn self_check_agrees_with_every_pair() {
        let mut x: u64 = 5;
        let mut rnd = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let rules = StrokeRules::default();
        let (mut ok, mut bad) = (0, 0);
        for case in 0..400 {
            let n = 3 + (rnd() * 60.0) as usize;
            let step = if case % 3 == 0 { 40.0 } else { 6.0 };
            let mut p = Point::new(400.0, 300.0);
            let mut points = vec![p];
            let mut heading = rnd() * 6.3;
            for _ in 1..n {
                heading += (rnd() - 0.5) * 3.0;
                let len = step * (0.2 + rnd()) * if rnd() < 0.05 { 30.0 } else { 1.0 };
                p = Point::new(p.x + len * heading.cos(), p.y + len * heading.sin());
                points.push(p);
            }
            let closed = case % 5 == 0;
            if closed {
                points.push(points[0]);
            }
            let m = points.len();
            let c = Curve { origin: (0..m).collect(), points, from: 1, to: closed.then_some(1) };
            let discs: Vec<Point> = std::iter::once(c.points[0]).chain(c.to.map(|_| c.points[m - 1])).collect();
            let mut cum = vec![0.0; m];
            for k in 1..m {
                cum[k] = cum[k - 1] + c.points[k - 1].dist(c.points[k]);
            }
            for exact in [true, false] {
                let grid = check_itself(&c, &discs, &rules, exact).is_ok();
                let every = (1..m - 1).all(|j| (0..j).all(|i| pair(&c, &cum, &discs, &rules, exact, i, j).is_ok()));
                assert_eq!(grid, every, "case {case}, exact {exact}: {:?}", c.points);
                if every {
                    ok += 1;
                } else {
                    bad += 1;
                }
            }
        }
        assert!(ok > 100 && bad > 100, "{ok} clean, {bad} with a meeting or touch");
    }
}
