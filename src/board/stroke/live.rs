//! A stroke being drawn, checked as its points come: after each batch it
//! answers exactly what [`StrokeChecker::check_prefix`] and
//! [`StrokeChecker::check`] answer for the whole stroke so far, with work in
//! proportion to the new points (amortised), where checking every prefix
//! anew costs the square of the stroke's length.
//!
//! Why that is possible: the curve of an unfinished stroke only grows (the
//! samples from the first one outside the start's snap disc on), and the
//! faults of a piece against the spots, the edges and the earlier pieces do
//! not depend on what comes after it. So each piece is checked once, when
//! it comes, against the board's segment index and a grid of the pieces
//! before it, and its faults are kept by kind, in the order the whole-curve
//! check looks for them. Released on spot b, the stroke is the curve up to
//! its last point outside b's snap disc, then b's centre: the pieces before
//! that are the curve's, with the same exact faults and the same clearance
//! faults except those b's disc hides (which spots' discs hide a fault is
//! worked out when it is kept); only the last piece is new. That answer is
//! kept until the stroke leaves the disc. Once a fault that no disc hides
//! is kept, the later faults of its kind and of the kinds it outranks are
//! not looked for any more.
//!
//! What a new point costs does not grow with the stroke's length, but (as
//! for the whole-stroke check) with how many of its earlier pieces lie in
//! the grid cells near it. One assumption: an end spot's disc only takes
//! clearance faults away (clipping a segment by a disc gives parts of it;
//! were rounding to bring a part closer than the segment by an ulp, right
//! at the clearance, the two checks could differ).

use super::{clipped_dist, pair, usable_point, Curve, Pieces, Prefix, Stroke, StrokeChecker, StrokeError};
use crate::board::geom::Point;
use crate::topology::Spot;

/// Kinds of fault, in the order `check_curve` looks for them: against the
/// spots, exact meetings with edges, with itself, then clearance to edges,
/// to itself.
const KINDS: usize = 5;
const SPOT: usize = 0;
const EXACT_EDGE: usize = 1;
const EXACT_SELF: usize = 2;
const NEAR_EDGE: usize = 3;
const NEAR_SELF: usize = 4;

/// A fault of piece `key` of the curve (of two pieces, the later one).
#[derive(Clone, Debug)]
struct Fault {
    key: usize,
    error: StrokeError,
    /// The end spots whose snap disc hides it (only clearance faults have
    /// any).
    hidden_by: Vec<Spot>,
}

/// The stroke released now, on spot `to`.
#[derive(Clone, Debug)]
struct Release {
    to: Spot,
    /// The last point outside `to`'s snap disc: with `to`, all the answer
    /// depends on.
    last_out: Option<usize>,
    result: Result<Stroke, StrokeError>,
}

/// The curve of a stroke that started well, and its faults so far.
struct Open {
    curve: Curve,
    /// Length of the curve up to each point.
    cum: Vec<f64>,
    pieces: Pieces,
    /// Whether a point has left the start's snap disc.
    left: bool,
    faults: [Vec<Fault>; KINDS],
    /// Kinds with a fault that no disc hides: later faults of these kinds,
    /// and of every kind after them, can never be the answer.
    settled: [bool; KINDS],
    /// Spots the stroke may end on (they depend on its second curve point).
    targets: Vec<Spot>,
    /// Marks for the grid queries of released curves (counting down, apart
    /// from the piece numbers the grid uses).
    stamp: usize,
}

/// A stroke being drawn: feed it the points as they come
/// ([`LiveStroke::extend`], always with the same checker) and ask after
/// each batch what the stroke so far is ([`LiveStroke::prefix`]) and what
/// releasing it now would do ([`LiveStroke::release`]). A new stroke is a
/// new `LiveStroke`.
pub struct LiveStroke {
    points: Vec<Point>,
    /// The first point that is not a usable_point position.
    bad: Option<usize>,
    /// The spot at the first point, whatever its lives.
    at_first: Option<Spot>,
    /// The start spot, or why the first point is not one.
    start: Result<Spot, StrokeError>,
    open: Option<Open>,
    /// Per spot: how many points were looked at, and the last of them
    /// outside its snap disc.
    outside: Vec<(usize, Option<usize>)>,
    release: Option<Release>,
}

impl Default for LiveStroke {
    fn default() -> Self {
        LiveStroke::new()
    }
}

impl LiveStroke {
    /// A stroke with no points yet.
    pub fn new() -> LiveStroke {
        LiveStroke {
            points: Vec::new(),
            bad: None,
            at_first: None,
            start: Err(StrokeError::Empty),
            open: None,
            outside: Vec::new(),
            release: None,
        }
    }

    /// Appends points and checks them.
    pub fn extend(&mut self, checker: &StrokeChecker, points: &[Point]) {
        for &p in points {
            self.push(checker, p);
        }
        self.settle_release(checker);
    }

    fn push(&mut self, ck: &StrokeChecker, p: Point) {
        let k = self.points.len();
        self.points.push(p);
        if k == 0 {
            self.at_first = ck.spot_at(p);
        }
        if self.bad.is_some() {
            return;
        }
        if !usable_point(p) {
            // A stroke with a point like this is that and nothing else.
            self.bad = Some(k);
            self.open = None;
            self.release = None;
            return;
        }
        if k == 0 {
            self.start = match self.at_first {
                None => Err(StrokeError::NotOnSpot { at: 0 }),
                Some(a) if ck.board.lives(a) == 0 => Err(StrokeError::NoLives { spot: a }),
                Some(a) => Ok(a),
            };
            if let Ok(a) = self.start {
                self.open = Some(Open::new(ck, a));
            }
        } else if let Some(open) = &mut self.open {
            open.push(ck, k, p);
        }
    }

    fn start(&self) -> Result<Spot, StrokeError> {
        match self.bad {
            Some(at) => Err(StrokeError::BadPoint { at }),
            None => self.start.clone(),
        }
    }

    /// What [`StrokeChecker::check_prefix`] says of the points so far.
    pub fn prefix(&self) -> Prefix {
        let (a, open) = match (self.start(), &self.open) {
            (Ok(a), Some(open)) => (a, open),
            (start, _) => {
                return Prefix {
                    from: self.at_first,
                    error: Some(start.err().unwrap_or(StrokeError::Empty)),
                    ends_at: None,
                    targets: Vec::new(),
                }
            }
        };
        let ends_at = self.release.as_ref().filter(|r| r.result.is_ok()).map(|r| r.to);
        let error = match ends_at {
            Some(_) => None,
            None => open.faults.iter().find_map(|f| f.first()).map(|f| f.error.clone()),
        };
        let targets = if error.is_some() { Vec::new() } else { open.targets.clone() };
        Prefix { from: Some(a), error, ends_at, targets }
    }

    /// What [`StrokeChecker::check`] says of the points so far with the new
    /// spot halfway (`t` = 0.5): the stroke released now.
    pub fn release(&self) -> Result<&Stroke, StrokeError> {
        self.start()?;
        match &self.release {
            Some(r) => r.result.as_ref().map_err(Clone::clone),
            None => Err(StrokeError::NotOnSpot { at: self.points.len().saturating_sub(1) }),
        }
    }

    /// Works out the release on the spot the last point is on, unless that
    /// spot and the last point outside its disc are those of the last time.
    fn settle_release(&mut self, ck: &StrokeChecker) {
        let b = match (&self.open, self.bad, self.points.last()) {
            (Some(_), None, Some(&p)) => ck.spot_at(p),
            _ => None,
        };
        let Some(b) = b else {
            self.release = None;
            return;
        };
        let last_out = self.last_outside(ck, b);
        if self.release.as_ref().is_some_and(|r| r.to == b && r.last_out == last_out) {
            return;
        }
        let last = self.points.len() - 1;
        if let Some(open) = &mut self.open {
            let result = open.release(ck, b, last_out, last);
            self.release = Some(Release { to: b, last_out, result });
        }
    }

    /// The last point outside spot b's snap disc (looking only at the
    /// points that came since the last time b was asked about).
    fn last_outside(&mut self, ck: &StrokeChecker, b: Spot) -> Option<usize> {
        let pb = ck.board.spot(b).unwrap_or_default();
        let i = (b as usize).saturating_sub(1);
        if self.outside.len() <= i {
            self.outside.resize(i + 1, (0, None));
        }
        let (seen, mut last) = self.outside[i];
        for (k, p) in self.points.iter().enumerate().skip(seen) {
            if p.dist(pb) > ck.rules.snap {
                last = Some(k);
            }
        }
        self.outside[i] = (self.points.len(), last);
        last
    }
}

impl Open {
    fn new(ck: &StrokeChecker, a: Spot) -> Open {
        let pa = ck.board.spot(a).unwrap_or_default();
        let curve = Curve { points: vec![pa], origin: vec![0], from: a, to: None };
        let targets = ck.targets(&curve);
        Open {
            curve,
            cum: vec![0.0],
            pieces: Pieces::new(&ck.rules),
            left: false,
            faults: Default::default(),
            settled: [false; KINDS],
            targets,
            stamp: usize::MAX - 1,
        }
    }

    /// Input point `k`: a new curve point (and piece) once the stroke has
    /// left the start's snap disc, unless it repeats the last one.
    fn push(&mut self, ck: &StrokeChecker, k: usize, p: Point) {
        let c = &mut self.curve;
        if !self.left {
            if p.dist(c.points[0]) <= ck.rules.snap {
                return;
            }
            self.left = true;
        }
        let Some(&last) = c.points.last() else { return };
        if last == p {
            return;
        }
        let j = c.points.len() - 1;
        self.cum.push(self.cum[j] + last.dist(p));
        c.points.push(p);
        c.origin.push(k);
        if j == 0 {
            self.targets = ck.targets(c);
        }
        self.piece(ck, j);
    }

    /// Whether faults of `kind` may still be the answer.
    fn open(&self, kind: usize) -> bool {
        !self.settled[..=kind].contains(&true)
    }

    fn keep(&mut self, kind: usize, fault: Fault) {
        self.settled[kind] |= fault.hidden_by.is_empty();
        self.faults[kind].push(fault);
    }

    /// Checks the new piece `j` of the open curve, then adds it to the grid.
    fn piece(&mut self, ck: &StrokeChecker, j: usize) {
        let discs = [self.curve.points[0]];
        let rules = &ck.rules;
        let exact = |key, error| Fault { key, error, hidden_by: Vec::new() };
        if self.open(SPOT) {
            if let Some(e) = ck.spot_error(&self.curve, j) {
                self.keep(SPOT, exact(j, e));
            }
        }
        if self.open(EXACT_EDGE) {
            if let Some(e) = ck.edge_error(&self.curve, j, &discs, true) {
                self.keep(EXACT_EDGE, exact(j, e));
            }
        }
        let mut near = Vec::new();
        if self.open(EXACT_SELF) {
            self.pieces.near(&self.curve.points, j, j, j, &mut |i| near.push(i));
            let c = &self.curve;
            if let Some(e) = near.iter().find_map(|&i| pair(c, &self.cum, &discs, rules, true, i, j).err()) {
                self.keep(EXACT_SELF, exact(j, e));
            }
        }
        let (p, q) = (self.curve.points[j], self.curve.points[j + 1]);
        if self.open(NEAR_EDGE) {
            let mut kept = Vec::new();
            ck.edge_faults(&self.curve, j, &discs, false, &mut |seg, error| {
                let hidden_by = hidden_by(ck, &self.curve, [p, q, seg.a, seg.b]);
                let all = hidden_by.is_empty();
                kept.push(Fault { key: j, error, hidden_by });
                all
            });
            kept.into_iter().for_each(|f| self.keep(NEAR_EDGE, f));
        }
        if self.open(NEAR_SELF) {
            let mut kept = Vec::new();
            for &i in &near {
                if let Err(error) = pair(&self.curve, &self.cum, &discs, rules, false, i, j) {
                    let pts = &self.curve.points;
                    let hidden_by = hidden_by(ck, &self.curve, [p, q, pts[i], pts[i + 1]]);
                    let all = hidden_by.is_empty();
                    kept.push(Fault { key: j, error, hidden_by });
                    if all {
                        break;
                    }
                }
            }
            kept.into_iter().for_each(|f| self.keep(NEAR_SELF, f));
        }
        self.pieces.insert(&self.curve.points, j);
    }

    /// The stroke released on spot b: the curve up to input point
    /// `last_out`, then b's centre (`last`: the last input point). The
    /// curve is cut and restored in place, so that only the new last piece
    /// costs anything.
    fn release(&mut self, ck: &StrokeChecker, b: Spot, last_out: Option<usize>, last: usize) -> Result<Stroke, StrokeError> {
        let a = self.curve.from;
        ck.check_end(a, b)?;
        let m = last_out.map_or(0, |k| self.curve.origin.partition_point(|&o| o <= k).saturating_sub(1));
        let pb = ck.board.spot(b).unwrap_or_default();
        let tail = (self.curve.points.split_off(m + 1), self.curve.origin.split_off(m + 1));
        let pushed = self.curve.points.last() != Some(&pb);
        if pushed {
            self.curve.points.push(pb);
            self.curve.origin.push(last);
        }
        self.curve.to = Some(b);
        let result = if self.curve.points.len() < 3 && a == b {
            Err(StrokeError::TooShort)
        } else {
            self.released_faults(ck, b).map(|()| ck.stroke_of(self.curve.points.clone(), a, b, 0.5))
        };
        self.curve.to = None;
        if pushed {
            self.curve.points.pop();
            self.curve.origin.pop();
        }
        self.curve.points.extend(tail.0);
        self.curve.origin.extend(tail.1);
        result
    }

    /// The first fault of the released curve (in `self.curve`), as
    /// `check_curve` finds it: per kind, the kept ones of the pieces before
    /// the last that b's disc does not hide, then the last piece's.
    fn released_faults(&mut self, ck: &StrokeChecker, b: Spot) -> Result<(), StrokeError> {
        let n = self.curve.points.len();
        if n < 2 {
            return Ok(());
        }
        let j = n - 2;
        let discs = [self.curve.points[0], self.curve.points[n - 1]];
        let mut near: Option<Vec<usize>> = None;
        for kind in 0..KINDS {
            let kept = self.faults[kind].iter().take_while(|f| f.key < j).find(|f| !f.hidden_by.contains(&b));
            if let Some(f) = kept {
                return Err(f.error.clone());
            }
            let c = &self.curve;
            let fault = match kind {
                SPOT => ck.spot_error(c, j),
                EXACT_EDGE | NEAR_EDGE => ck.edge_error(c, j, &discs, kind == EXACT_EDGE),
                _ => {
                    let near = near.get_or_insert_with(|| {
                        let mut v = Vec::new();
                        self.stamp -= 1;
                        self.pieces.near(&c.points, j, j, self.stamp, &mut |i| v.push(i));
                        v
                    });
                    let exact = kind == EXACT_SELF;
                    near.iter().find_map(|&i| pair(c, &self.cum, &discs, &ck.rules, exact, i, j).err())
                }
            };
            if let Some(e) = fault {
                return Err(e);
            }
        }
        Ok(())
    }
}

/// The spots whose snap disc, as the end's, hides the clearance fault
/// between segments `s[0]`–`s[1]` and `s[2]`–`s[3]` of curve c.
fn hidden_by(ck: &StrokeChecker, c: &Curve, s: [Point; 4]) -> Vec<Spot> {
    let pa = c.points[0];
    let rules = &ck.rules;
    (1..=ck.board.spots().len() as Spot)
        .filter(|&b| {
            let pb = ck.board.spot(b).unwrap_or_default();
            !(clipped_dist(s[0], s[1], s[2], s[3], &[pa, pb], rules.snap) < rules.edge_clearance)
        })
        .collect()
}
