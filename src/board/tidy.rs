//! Tidying a drawing without changing what it shows: a relaxation that
//! moves spots and reshapes curves so that curves spread apart, fans at
//! busy spots open up, spots keep clear of curves, and the idle parts (no
//! move left there) shrink so that the live ones get the room.
//!
//! Each sweep moves every point at once, each by less than 0.45 of the
//! clearance of its segments (the distance from a segment to everything
//! it does not share a point with, and from the far end of a neighbour
//! segment to it): two segments moving linearly then never meet, so the
//! drawing is deformed without anything passing over anything. Once the
//! spreading has cooled down, a polish pushes apart only what is still
//! too close. The result
//! of every sweep is still checked exactly ([`Board::from_parts`]); a
//! refused sweep is dropped and the next one moves half as far. Every
//! chunk of sweeps ends by tracing the drawing; a chunk whose trace is not
//! the position it started from (it cannot happen, but the check is cheap)
//! is undone. So the traced position never changes, by construction and by
//! check.

use super::geom::{closest_on_segment, point_segment_dist, segment_dist, segment_hits_triangle, Point, Rect};
use super::index::SegmentIndex;
use super::labels::{mark_scale, overlapping, place_labels_unsettled, Label};
use super::model::{Board, Edge};
use super::smooth::{subdivide, Grid};
use super::trace::TraceError;
use crate::topology::{Position, Spot};

/// What a tidy aims for, in CSS pixels of the view (`px` converts).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TidyOptions {
    /// One CSS pixel in board units (the inverse of the page's scale).
    pub px: f64,
    /// Room sought between two curves (CSS px).
    pub curve_gap: f64,
    /// Room sought between a spot and a curve not on it, and between two
    /// spots (CSS px).
    pub spot_gap: f64,
}

impl Default for TidyOptions {
    fn default() -> Self {
        TidyOptions { px: 1.0, curve_gap: 14.0, spot_gap: 17.0 }
    }
}

/// Sweeps after which the spreading stops even if points still move (the
/// polish follows).
const MAX_SWEEPS: usize = 300;

/// Sweeps at full step; after them every sweep takes `COOLING` of the
/// step before, so the tidy settles (after about 160 sweeps) even where
/// the drawing has no room for the gaps sought: there the forces never
/// balance and points went on swinging 3.5 px a sweep to `MAX_SWEEPS`.
const WARM_SWEEPS: usize = 100;
const COOLING: f64 = 0.93;

/// Room sought between two curves near a spot they share, per unit of
/// distance from it (curves about 70 degrees apart).
const FAN_OPENING: f64 = 1.15;

/// Below this gap (CSS px) a curve pushes another curve, or a spot, away
/// with `BARRIER` more per unit closer than its linear push (0.5): about
/// seven times as steeply. The linear push from a spot differs across a
/// thin lens by half its width, so a few spots on either side pressed
/// dead lenses to 4 px on phones; the steeper push holds them near this
/// gap (20 phone games: worst gap 4.1 -> 6.8 px; numbers left over
/// something 18 -> 20 in all, 12 -> 5 at most).
const BARRIER_PX: f64 = 8.0;
const BARRIER: f64 = 3.0;

/// How hard curves and spots are pushed out of a crowded number's box,
/// per unit of depth: held apart by the barrier above, curves need more
/// than the curves' own push to make room for a number.
const OUT_OF_LABELS: f64 = 1.5;

/// Sweeps of the polish that ends a tidy. The spreading stops by cooling
/// (see `COOLING`), and where it had no room for its gaps it stops with
/// curves wherever the swinging left them (on phones, 5.5 px apart).
/// The polish then pushes apart only what is too close (curves closer
/// than `BARRIER_PX`, a curve and a spot closer than `SPOT_FLOOR_PX`),
/// and curves and spots out of crowded numbers' boxes; nothing is pulled
/// in, shortened or kept inside the margin, so nothing else moves.
/// (100 phone games: worst curve gap 5.5 -> 6.0 px, median 7.0 -> 8.0;
/// worst spot gap 14.2 -> 10.6 px; numbers over a curve 47 -> 35 in all.
/// Without the push out of numbers' boxes: 6.1 px but 67 numbers; with
/// 30 sweeps: one game at 5.3 px.)
const POLISH_SWEEPS: usize = 60;
/// The fraction of each push the polish takes: small enough that two
/// curves pushed apart by the barrier (3.5 per unit on each) do not
/// overshoot and swing, as the spreading does at full step.
const POLISH_STEP: f64 = 0.1;
/// In the polish, a curve and a spot not on it closer than this (CSS
/// px) are pushed apart: further than curves (`BARRIER_PX`), so that a
/// curve squeezed between a spot and a curve is not pushed onto the spot.
const SPOT_FLOOR_PX: f64 = 14.0;

/// A curve not ending at a spot and closer to it than this (CSS px: the
/// spot's 7 px disc, half a curve's width and some room) passes under,
/// or too near, the spot's disc, hiding itself and any number drawn on
/// the spot: both are pushed apart far more steeply than by the other
/// pushes (`DISC_BARRIER` per unit closer), in the spreading and in the
/// polish, a curve by the nearest point of its segments to the spot (not
/// of its points: a segment up to 17 px long passed 7.7 px from a spot
/// with both its points 9-10 px away, clear of a push by points). At an
/// embed's zoom the other pushes balance with curves inside discs. (10 px
/// and 6, pushed by points: 67 numbers on a disc a curve crossed at
/// 320x240 in the real records; by segments 64; 12 px and 18, by
/// segments: 4, and 18 with the fitted margin of 10 px at least, which
/// shows the drawing a little smaller; docs/labels.md.)
/// Both scale with the spots drawn (`mark_scale`: smaller at an embed's
/// small scales).
const DISC_PX: f64 = 12.0;
const DISC_BARRIER: f64 = 18.0;

/// Two spots closer than this (CSS px, centre to centre: two discs and
/// a little, scaled as the spots are drawn) are pushed apart as steeply
/// as a curve from under a disc, in the spreading and in the polish:
/// numbers drawn on two such spots ran together ("35" and "21" read
/// "3521" in an embed of 320×240, docs/labels.md). A cross's two centres,
/// joined by a straight bar a hair long, are left together.
const SPOT_APART_PX: f64 = 16.0;

/// A tidy in progress: [`Tidy::run`] does a bounded number of sweeps per
/// call, so that a page can animate it a frame at a time.
#[derive(Clone, Debug)]
pub struct Tidy {
    opts: TidyOptions,
    /// What the drawing must keep showing.
    position: Position,
    /// Spots in no land with a move left.
    dead: Idle,
    /// Fraction of each computed step taken (halved when a sweep is refused).
    factor: f64,
    sweeps: usize,
    /// Sweeps in a row that moved nothing visible.
    still: usize,
    /// In the polish (see `POLISH_SWEEPS`), and its sweeps so far.
    polish: Option<usize>,
    /// Boxes of spot numbers that found no free place (refreshed every few
    /// sweeps): the curves and spots in them are pushed out.
    crowded: Vec<Label>,
}

impl Tidy {
    /// A tidy of `board`, which must trace.
    pub fn new(board: &Board, opts: TidyOptions) -> Result<Tidy, TraceError> {
        let position = board.position()?;
        let dead = Idle::of(&position, board.spot_count());
        let ok = |v: f64| v.is_finite() && v > 0.0;
        let opts = if ok(opts.px) && ok(opts.curve_gap) && ok(opts.spot_gap) {
            opts
        } else {
            TidyOptions::default()
        };
        Ok(Tidy { opts, position, dead, factor: 1.0, sweeps: 0, still: 0, polish: None, crowded: Vec::new() })
    }

    /// Nothing more to do: the drawing has settled (or the sweeps are used up).
    pub fn is_done(&self) -> bool {
        matches!(self.polish, Some(n) if n >= POLISH_SWEEPS || self.settled())
    }

    /// The current phase has nothing more to do: nothing moved visibly
    /// for three sweeps, or the steps have shrunk to nothing.
    fn settled(&self) -> bool {
        self.still >= 3 || self.factor < 1.0 / 64.0
    }

    /// What this tidy aims at.
    pub fn options(&self) -> &TidyOptions {
        &self.opts
    }

    /// Sweeps done so far.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// Runs at most `sweeps` sweeps on `board` (the board this tidy was
    /// made for, or what earlier calls left of it; any other board is
    /// left alone). Returns whether the drawing changed.
    pub fn run(&mut self, board: &mut Board, sweeps: usize) -> bool {
        if board.spot_count() != self.dead.spot_count() {
            return false;
        }
        let before = board.clone();
        let mut changed = false;
        for _ in 0..sweeps {
            if self.polish.is_none() && (self.settled() || self.sweeps >= MAX_SWEEPS) {
                self.polish = Some(0);
                self.factor = POLISH_STEP;
                self.still = 0;
            }
            if self.is_done() {
                break;
            }
            if let Some(n) = self.polish.as_mut() {
                *n += 1;
            }
            if self.sweeps % 8 == 0 {
                self.crowded = crowded_labels(board, self.opts.px);
            }
            self.sweeps += 1;
            match self.sweep(board) {
                Some((next, moved)) => {
                    *board = next;
                    changed = true;
                    self.still = if moved < 0.05 * self.opts.px { self.still + 1 } else { 0 };
                    if self.sweeps > WARM_SWEEPS && self.polish.is_none() {
                        self.factor *= COOLING;
                    }
                }
                None => self.factor /= 2.0,
            }
        }
        if changed && board.position().as_ref() != Ok(&self.position) {
            *board = before;
            self.factor /= 2.0;
            return false;
        }
        changed
    }

    /// A push out of the crowded numbers' boxes (a spot is not pushed out
    /// of its own number's box: it cannot be there).
    fn out_of_labels(&self, p: Point, spot: Option<usize>) -> Point {
        let margin = 3.0 * self.opts.px;
        let mut f = Point::default();
        for (i, l) in self.crowded.iter().enumerate() {
            let (dx, dy) = (p.x - l.x, p.y - l.y);
            let (ox, oy) = (l.half_w + margin - dx.abs(), l.half_h + margin - dy.abs());
            if ox > 0.0 && oy > 0.0 && spot != Some(i) {
                // Out the short way.
                let out = if ox < oy { Point::new(ox.copysign(dx), 0.0) } else { Point::new(0.0, oy.copysign(dy)) };
                f = f.plus(out.scale(OUT_OF_LABELS));
            }
        }
        f
    }

    /// One sweep: the board after it and the largest move (board units),
    /// or `None` if the exact check refused it.
    fn sweep(&self, board: &Board) -> Option<(Board, f64)> {
        let px = self.opts.px;
        let polish = self.polish.is_some();
        // In the polish only the barrier pushes: below `BARRIER_PX`, as
        // steeply as the barrier and the linear push together.
        let (linear, barrier) = if polish { (0.0, BARRIER + 0.5) } else { (0.5, BARRIER) };
        let floor_r = BARRIER_PX * px;
        let spot_floor = SPOT_FLOOR_PX * px;
        let disc = DISC_PX * mark_scale(px) * px;
        let apart = SPOT_APART_PX * mark_scale(px) * px;
        let rc = self.opts.curve_gap * px;
        let rs = self.opts.spot_gap * px;
        let reach = 2.0 * rc.max(rs);
        let spots = board.spots();
        let edges = board.edges();
        let index = SegmentIndex::new(board, None);
        // A point moves at most `max_step`, so clearances matter only up
        // to what allows it.
        let max_step = 0.25 * rc;
        let clr = clearances(board, &index, max_step / 0.45);
        let spot_grid = Grid::new(spots, reach);
        // Arc length at each point, to tell a curve's far parts from its
        // neighbourhood.
        let cum: Vec<Vec<f64>> = edges
            .iter()
            .map(|e| {
                let mut c = vec![0.0];
                for w in e.points.windows(2) {
                    c.push(c[c.len() - 1] + w[0].dist(w[1]));
                }
                c
            })
            .collect();
        // While the game goes on, idle parts (no move left round them)
        // seek less room, so that they shrink and the live parts take the
        // room: an idle curve half a live curve's, an idle spot half its
        // room from curves (not from other spots: idle spots drawn
        // together pressed the lenses between them shut, down to 0.0003 px
        // in a desktop game's end). Once the game is over everything is
        // idle, and curves seek 0.7 of the room. (20 phone games at move
        // 30: room round idle spots 29.4 -> 17.4 px, round live ones
        // 27.2 -> 30.0 px.)
        let all_idle = self.dead.all();
        let weight = |dead: bool| match (dead, all_idle) {
            (false, _) => 1.0,
            (true, false) => 0.5,
            (true, true) => 0.7,
        };
        let spot_weight = |si: usize| if self.dead.spot(si as Spot + 1) && !all_idle { 0.5 } else { 1.0 };
        let (w, h) = (board.width(), board.height());
        let inside = |p: Point, m: f64| -> Point {
            let m = m.min(w / 4.0).min(h / 4.0);
            Point::new(
                (m - p.x).max(0.0) - (p.x - (w - m)).max(0.0),
                (m - p.y).max(0.0) - (p.y - (h - m)).max(0.0),
            )
            .scale(0.5)
        };

        // The nearest point of each other curve within `r` of p, and the
        // push away from them; `reach(edge, segment, q)` may shorten `r`
        // for a curve (0: leave it out).
        let push_from_curves = |p: Point, r: f64, reach: &dyn Fn(usize, usize, Point) -> f64| -> Point {
            let mut near: Vec<(usize, f64, Point, f64)> = Vec::new();
            index.for_each_near(p, p, r, &mut |s| {
                let q = closest_on_segment(p, s.a, s.b);
                let d = q.dist(p);
                if d >= r || d <= 0.0 {
                    return;
                }
                let r = reach(s.edge, s.index, q).min(r);
                if d >= r {
                    return;
                }
                match near.iter_mut().find(|x| x.0 == s.edge) {
                    Some(x) if x.1 > d => *x = (s.edge, d, q, r),
                    Some(_) => {}
                    None => near.push((s.edge, d, q, r)),
                }
            });
            near.iter().fold(Point::default(), |f, &(e, d, q, r)| {
                let k = weight(self.dead.edge(&edges[e]));
                let floor = floor_r.min(r);
                f.plus(p.minus(q).scale((linear * k * (r - d) + barrier * (floor - d).max(0.0)) / d))
            })
        };

        // Spots.
        let mut spot_step = vec![Point::default(); spots.len()];
        // Pairs of spots joined by a straight bar (a cross's centres).
        let bars: Vec<(usize, usize)> = edges
            .iter()
            .filter(|e| e.points.len() == 2 && e.ends[0] != e.ends[1])
            .map(|e| {
                let (a, b) = (e.ends[0] as usize - 1, e.ends[1] as usize - 1);
                (a.min(b), a.max(b))
            })
            .collect();
        let mut ends_at: Vec<Vec<(usize, bool)>> = vec![Vec::new(); spots.len()];
        for (ei, e) in edges.iter().enumerate() {
            ends_at[e.ends[0] as usize - 1].push((ei, true));
            ends_at[e.ends[1] as usize - 1].push((ei, false));
        }
        // The point after the spot along an end, and its index.
        let second = |ei: usize, first: bool| -> (Point, usize) {
            let p = &edges[ei].points;
            if first {
                (p[1], 1)
            } else {
                (p[p.len() - 2], p.len() - 2)
            }
        };
        for (si, &p) in spots.iter().enumerate() {
            let sp = si as Spot + 1;
            let r = if polish { spot_floor } else { 2.0 * rs };
            let from_curves = if polish { r } else { r * spot_weight(si) };
            let mut f = push_from_curves(p, from_curves, &|e, k, _| {
                // Not a curve's own end at this spot, nor its parts near it.
                let ed = &edges[e];
                let c = &cum[e];
                let total = c[c.len() - 1];
                let own = (ed.ends[0] == sp && c[k] < 2.0 * rs) || (ed.ends[1] == sp && total - c[k + 1] < 2.0 * rs);
                if own { 0.0 } else { from_curves }
            });
            spot_grid.for_each_near(p, &mut |j| {
                let d = spots[j].dist(p);
                if !polish && j != si && d < r && d > 0.0 {
                    f = f.plus(p.minus(spots[j]).scale(0.5 * (r - d) / d));
                }
                if j != si && d < apart && d > 0.0 && !bars.contains(&(si.min(j), si.max(j))) {
                    f = f.plus(p.minus(spots[j]).scale(DISC_BARRIER * (apart - d) / d));
                }
            });
            let ends = &ends_at[si];
            if ends.len() >= 2 && !polish {
                let mean = ends
                    .iter()
                    .fold(Point::default(), |m, &(e, first)| m.plus(second(e, first).0))
                    .scale(1.0 / ends.len() as f64);
                f = f.plus(mean.minus(p).scale(0.2));
            }
            // Out of the curves under its disc (the nearest point of each).
            let mut under: Vec<(usize, Point, f64)> = Vec::new();
            index.for_each_near(p, p, disc, &mut |s| {
                let q = closest_on_segment(p, s.a, s.b);
                let d = q.dist(p);
                if edges[s.edge].ends.contains(&sp) || d >= disc || d <= 0.0 {
                    return;
                }
                match under.iter_mut().find(|x| x.0 == s.edge) {
                    Some(x) if x.2 > d => *x = (s.edge, q, d),
                    Some(_) => {}
                    None => under.push((s.edge, q, d)),
                }
            });
            for &(_, q, d) in &under {
                f = f.plus(p.minus(q).scale(DISC_BARRIER * (disc - d) / d));
            }
            f = f.plus(self.out_of_labels(p, Some(si)));
            // Not in the polish: there nothing pushes out against it, and
            // the margin's push alone pressed the edges of the drawing in.
            if !polish {
                f = f.plus(inside(p, rs + 2.0 * px));
            }
            spot_step[si] = f;
        }

        // Fans: the points after a busy spot turn away from each other.
        let mut fan: Vec<Vec<Point>> = edges.iter().map(|e| vec![Point::default(); e.points.len()]).collect();
        for (si, ends) in ends_at.iter().enumerate() {
            if ends.len() < 2 || polish {
                continue;
            }
            let p = spots[si];
            let want = (2.0 * std::f64::consts::PI / ends.len() as f64).min(2.0) * 0.8;
            for (i, &(eu, fu)) in ends.iter().enumerate() {
                let (qu, ku) = second(eu, fu);
                let u = qu.minus(p);
                for (j, &(ev, fv)) in ends.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    let v = second(ev, fv).0.minus(p);
                    let angle = u.cross(v).atan2(u.dot(v));
                    if angle.abs() >= want {
                        continue;
                    }
                    // Turn u away from v: clockwise (raw) if v is counter-clockwise of it.
                    let perp = if angle > 0.0 { Point::new(u.y, -u.x) } else { Point::new(-u.y, u.x) };
                    let len = perp.norm();
                    if len > 0.0 {
                        fan[eu][ku] = fan[eu][ku].plus(perp.scale(0.3 * (want - angle.abs()) / len * u.norm().min(reach)));
                    }
                }
            }
        }

        // Curve points.
        let mut new_edges: Vec<Vec<Point>> = Vec::with_capacity(edges.len());
        let mut moved = 0.0f64;
        let cap_step = |step: Point, cap: f64| -> Point {
            let limit = (0.45 * cap).min(max_step) * self.factor;
            let len = step.norm();
            if len > limit && len > 0.0 {
                step.scale(limit / len)
            } else {
                step.scale(self.factor.min(1.0))
            }
        };
        for (ei, e) in edges.iter().enumerate() {
            let pts = &e.points;
            let n = pts.len();
            let dead = self.dead.edge(e);
            let r = if polish { floor_r } else { 2.0 * rc * weight(dead) };
            let c = &cum[ei];
            let mut out = pts.clone();
            for i in 1..n - 1 {
                let p = pts[i];
                // Along the curve the points even out; across it they only
                // straighten a little (a curve-shortening flow would shrink
                // loops to nothing).
                let lap = pts[i - 1].lerp(pts[i + 1], 0.5).minus(p);
                let dir = pts[i + 1].minus(pts[i - 1]);
                let along = if dir.norm() > 0.0 { dir.scale(lap.dot(dir) / dir.dot(dir)) } else { Point::default() };
                // (Not across in the polish: with nothing holding them out,
                // curves round spots shrank onto them.)
                let mut f = along.scale(0.5).plus(lap.minus(along).scale(if polish { 0.0 } else { 0.25 }));
                f = f.plus(push_from_curves(p, r, &|oe, k, q| {
                    if oe == ei {
                        // Not its own neighbourhood along the curve.
                        let (lo, hi) = (c[k], c[k + 1]);
                        return if (lo - c[i]).max(c[i] - hi).max(0.0) < 2.0 * rc { 0.0 } else { r };
                    }
                    // Curves that meet at a spot must come together there:
                    // the room sought between them grows with the distance
                    // from the spot (about 70 degrees apart), so that fans
                    // open all the way out, not only at the first point.
                    edges[oe]
                        .ends
                        .iter()
                        .filter(|t| e.ends.contains(t))
                        .map(|&t| {
                            let s = spots[t as usize - 1];
                            (FAN_OPENING * s.dist(p).min(s.dist(q))).max(0.3 * rc)
                        })
                        .fold(r, f64::min)
                }));
                spot_grid.for_each_near(p, &mut |j| {
                    let s = spots[j];
                    let sp = j as Spot + 1;
                    let d = s.dist(p);
                    let own = (e.ends[0] == sp && c[i] < 2.0 * rs) || (e.ends[1] == sp && c[n - 1] - c[i] < 2.0 * rs);
                    // The room the livelier of spot and curve seeks.
                    let rr = if polish { spot_floor } else { 2.0 * rs * spot_weight(j).max(weight(dead)) };
                    if !own && d < rr && d > 0.0 {
                        f = f.plus(p.minus(s).scale((if polish { barrier } else { 0.5 }) * (rr - d) / d));
                    }
                    if !e.ends.contains(&sp) {
                        // Out from under the disc: of each segment at p,
                        // the push on its point nearest the spot, p's share
                        // of it (the larger of the two).
                        let mut push = Point::default();
                        for (a, b, at_a) in [(pts[i - 1], p, false), (p, pts[i + 1], true)] {
                            let q = closest_on_segment(s, a, b);
                            let dq = q.dist(s);
                            if dq < disc && dq > 0.0 {
                                let ab = b.minus(a);
                                let t = if ab.dot(ab) > 0.0 { q.minus(a).dot(ab) / ab.dot(ab) } else { 0.5 };
                                let share = if at_a { 1.0 - t } else { t };
                                let g = q.minus(s).scale(share * DISC_BARRIER * (disc - dq) / dq);
                                if g.norm() > push.norm() {
                                    push = g;
                                }
                            }
                        }
                        f = f.plus(push);
                    }
                });
                f = f.plus(self.out_of_labels(p, None));
                if !polish {
                    f = f.plus(fan[ei][i]).plus(inside(p, rc));
                }
                let cap = clr[ei][i - 1].min(clr[ei][i]);
                let step = cap_step(f, cap);
                moved = moved.max(step.norm());
                out[i] = p.plus(step);
            }
            new_edges.push(out);
        }
        let mut new_spots = spots.to_vec();
        for (si, &p) in spots.iter().enumerate() {
            let mut cap = clr_spot(board, &index, &spot_grid, si, max_step / 0.45);
            for &(e, first) in &ends_at[si] {
                let k = if first { 0 } else { edges[e].points.len() - 2 };
                cap = cap.min(clr[e][k]);
            }
            let step = cap_step(spot_step[si], cap);
            moved = moved.max(step.norm());
            let q = p.plus(step);
            new_spots[si] = q;
            for &(e, first) in &ends_at[si] {
                let pts = &mut new_edges[e];
                let k = if first { 0 } else { pts.len() - 1 };
                pts[k] = q;
            }
        }
        let parts: Vec<Edge> = edges
            .iter()
            .zip(new_edges)
            .map(|(e, points)| Edge { ends: e.ends, points })
            .collect();
        let moved_board = Board::from_parts_capped(w, h, new_spots, parts, board.capacities().to_vec()).ok()?;
        let spacing = 0.6 * rc;
        let board = if self.sweeps % 4 == 0 && !polish { resample(&moved_board, spacing).unwrap_or(moved_board) } else { moved_board };
        Some((board, moved))
    }
}

/// The boxes of the numbers that overlap something where they are placed;
/// the others are left as empty boxes far away (so `crowded[i]` is spot
/// i + 1's).
fn crowded_labels(board: &Board, px: f64) -> Vec<Label> {
    let labels = place_labels_unsettled(board, px, 24.0);
    let bad = overlapping(board, px, &labels);
    labels
        .into_iter()
        .zip(bad)
        .map(|(l, b)| if b { l } else { Label { x: f64::INFINITY, y: f64::INFINITY, half_w: 0.0, half_h: 0.0, font: 0.0 } })
        .collect()
}

/// For every segment: how far it is (up to `reach`) from every segment it
/// shares no point with and every spot not on it, and, for a segment
/// sharing a point with it, from that segment's far end (both ways).
fn clearances(board: &Board, index: &SegmentIndex, reach: f64) -> Vec<Vec<f64>> {
    let spots = board.spots();
    board
        .edges()
        .iter()
        .enumerate()
        .map(|(ei, e)| {
            e.points
                .windows(2)
                .enumerate()
                .map(|(k, w)| {
                    let (a, b) = (w[0], w[1]);
                    let mut m = reach;
                    index.for_each_near(a, b, reach, &mut |t| {
                        if t.edge == ei && t.index == k {
                            return;
                        }
                        let shared = [a, b].into_iter().find(|&x| x == t.a || x == t.b);
                        let d = match shared {
                            Some(x) => {
                                let far_s = if x == a { b } else { a };
                                let far_t = if x == t.a { t.b } else { t.a };
                                point_segment_dist(far_s, t.a, t.b).min(point_segment_dist(far_t, a, b))
                            }
                            None => segment_dist(a, b, t.a, t.b),
                        };
                        m = m.min(d);
                    });
                    let bbox = Rect::of(&[a, b]).grow(reach);
                    for &s in spots {
                        if s != a && s != b && bbox.contains(s) {
                            m = m.min(point_segment_dist(s, a, b));
                        }
                    }
                    m
                })
                .collect()
        })
        .collect()
}

/// How far spot `si` is (up to `reach`) from other spots and from the
/// segments that do not end at it.
fn clr_spot(board: &Board, index: &SegmentIndex, grid: &Grid, si: usize, reach: f64) -> f64 {
    let p = board.spots()[si];
    let mut m = reach;
    index.for_each_near(p, p, reach, &mut |t| {
        if t.a != p && t.b != p {
            m = m.min(point_segment_dist(p, t.a, t.b));
        }
    });
    grid.for_each_near(p, &mut |j| {
        if j != si {
            m = m.min(board.spots()[j].dist(p));
        }
    });
    m
}

/// Evens out the points of every curve: long segments are split, points
/// crowded together dropped where the corner they cut off holds nothing.
/// `None` if the result is not a drawing (then the caller keeps its own).
fn resample(board: &Board, spacing: f64) -> Option<Board> {
    let index = SegmentIndex::new(board, None);
    let spots = board.spots();
    let edges: Vec<Edge> = board
        .edges()
        .iter()
        .enumerate()
        .map(|(ei, e)| {
            let p = &e.points;
            let mut keep = vec![true; p.len()];
            let mut i = 1;
            while i + 1 < p.len() {
                let t = [p[i - 1], p[i], p[i + 1]];
                if p[i - 1].dist(p[i + 1]) < spacing && corner_is_empty(&index, spots, ei, i, t) {
                    keep[i] = false;
                    i += 2;
                } else {
                    i += 1;
                }
            }
            let kept: Vec<Point> = p.iter().zip(&keep).filter(|(_, &k)| k).map(|(q, _)| *q).collect();
            let mut points = subdivide(&kept, 2.0 * spacing);
            points.dedup();
            Edge { ends: e.ends, points }
        })
        .collect();
    Board::from_parts_capped(board.width(), board.height(), spots.to_vec(), edges, board.capacities().to_vec()).ok()
}

/// Whether cutting the corner at point `i` of edge `ei` (triangle `t`)
/// sweeps over nothing: no spot, no segment but the corner's own two.
fn corner_is_empty(index: &SegmentIndex, spots: &[Point], ei: usize, i: usize, t: [Point; 3]) -> bool {
    if t[0] == t[2] {
        return false;
    }
    let bbox = Rect::of(&t);
    let mut clear = true;
    index.for_each_near(bbox.min, bbox.max, 0.0, &mut |s| {
        if clear && !(s.edge == ei && (s.index + 1 == i || s.index == i)) && segment_hits_triangle(s.a, s.b, t) {
            clear = false;
        }
    });
    clear && spots.iter().all(|&q| !bbox.contains(q) || !segment_hits_triangle(q, q, t))
}

/// The idle parts of a drawing: spots in no land of the position with a
/// move left (dead, or alive only where nothing can be played), and the
/// curves joining two such spots, which are part of no move. Tidying gives
/// them less room; the page and the SVG picture draw them faded.
#[derive(Clone, Debug)]
pub struct Idle(Vec<bool>);

impl Idle {
    /// For spots 1 to `spots` of a drawing of `position`.
    pub fn of(position: &Position, spots: usize) -> Idle {
        let mut idle = vec![true; spots];
        for land in position.land_spots() {
            for s in land {
                if let Some(d) = (s as usize).checked_sub(1).and_then(|i| idle.get_mut(i)) {
                    *d = false;
                }
            }
        }
        Idle(idle)
    }

    /// Spot `i + 1` idle when `flags[i]` ((p, q) Sprouts: `super::svg_pq`).
    pub(crate) fn from_flags(flags: Vec<bool>) -> Idle {
        Idle(flags)
    }

    /// Whether spot `n` is idle (false for a spot it does not know).
    pub fn spot(&self, n: Spot) -> bool {
        (n as usize).checked_sub(1).and_then(|i| self.0.get(i)).copied().unwrap_or(false)
    }

    /// Whether a curve is idle: both its ends are.
    pub fn edge(&self, e: &Edge) -> bool {
        e.ends.iter().all(|&n| self.spot(n))
    }

    /// How many spots it knows.
    pub fn spot_count(&self) -> usize {
        self.0.len()
    }

    /// Whether every spot is idle (the game is over).
    pub fn all(&self) -> bool {
        self.0.iter().all(|&d| d)
    }
}

impl Board {
    /// Tidies the drawing by at most `sweeps` sweeps of a [`Tidy`] (all of
    /// it: [`usize::MAX`]); what it shows stays the same. Returns the
    /// sweeps done.
    pub fn tidy(&mut self, opts: &TidyOptions, sweeps: usize) -> Result<usize, TraceError> {
        let mut t = Tidy::new(self, *opts)?;
        while t.sweeps() < sweeps && !t.is_done() {
            t.run(self, 8.min(sweeps - t.sweeps()));
        }
        Ok(t.sweeps())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::legibility;

    /// Two curves bowed towards each other, `gap` apart in the middle,
    /// between spots far from both: what the spreading can leave where it
    /// cooled down in a tight spot.
    fn squeezed(gap: f64) -> Board {
        let spots: Vec<Point> = [(100.0, 150.0), (300.0, 150.0), (100.0, 250.0), (300.0, 250.0)]
            .into_iter()
            .map(|(x, y)| Point::new(x, y))
            .collect();
        let bow = |a: usize, b: usize, y: f64| {
            let (pa, pb) = (spots[a - 1], spots[b - 1]);
            let mut points = vec![pa, Point::new(110.0, (pa.y + y) / 2.0)];
            points.extend((0..=8).map(|i| Point::new(120.0 + 20.0 * i as f64, y)));
            points.extend([Point::new(290.0, (pb.y + y) / 2.0), pb]);
            Edge { ends: [a as Spot, b as Spot], points }
        };
        let edges = vec![bow(1, 2, 200.0 - gap / 2.0), bow(3, 4, 200.0 + gap / 2.0)];
        Board::from_parts(400.0, 400.0, spots, edges).unwrap()
    }

    /// The polish alone pushes two curves 5 px apart to about `BARRIER_PX`,
    /// moves no spot (all are further than `SPOT_FLOOR_PX` from the other
    /// curve) and keeps the position.
    #[test]
    fn the_polish_opens_a_gap_the_spreading_left() {
        let board = squeezed(5.0);
        let before = legibility(&board, 1.0);
        assert!((before.min_curve_gap_px - 5.0).abs() < 1e-9, "{before:?}");
        let mut t = Tidy::new(&board, TidyOptions::default()).unwrap();
        t.polish = Some(0);
        t.factor = POLISH_STEP;
        let mut b = board.clone();
        while !t.is_done() {
            t.run(&mut b, 1);
        }
        let after = legibility(&b, 1.0);
        assert!(after.min_curve_gap_px > 7.0 && after.min_curve_gap_px < BARRIER_PX + 0.5, "{after:?}");
        assert_eq!(b.spots(), board.spots());
        assert_eq!(b.position(), board.position());
        assert!(t.sweeps() <= POLISH_SWEEPS);
    }

    /// The polish alone (no other push between spots) takes two spots
    /// 8 px apart to about `SPOT_APART_PX` (two discs and a little), and
    /// at a quarter of a CSS px per board unit to that scaled as the
    /// spots are drawn (`mark_scale`); a cross's two centres, joined by
    /// a straight bar, stay where they are.
    #[test]
    fn the_polish_keeps_spots_a_disc_apart() {
        for (px, bar) in [(1.0, false), (4.0, false), (1.0, true)] {
            let spots = vec![Point::new(200.0 - 4.0 * px, 200.0), Point::new(200.0 + 4.0 * px, 200.0)];
            let edges = if bar { vec![Edge { ends: [1, 2], points: spots.clone() }] } else { Vec::new() };
            let board = Board::from_parts(400.0 * px, 400.0 * px, spots, edges).unwrap();
            let mut t = Tidy::new(&board, TidyOptions { px, ..TidyOptions::default() }).unwrap();
            t.polish = Some(0);
            t.factor = POLISH_STEP;
            let mut b = board.clone();
            while !t.is_done() {
                t.run(&mut b, 1);
            }
            let d = b.spots()[0].dist(b.spots()[1]) / px;
            let want = if bar { 8.0 } else { SPOT_APART_PX * mark_scale(px) };
            assert!((d - want).abs() < 1.0, "px {px}, bar {bar}: {d} px apart, want {want}");
            assert_eq!(b.position(), board.position());
        }
    }

    /// A whole tidy ends with the polish: not done before it has run.
    #[test]
    fn a_tidy_ends_with_the_polish() {
        let mut b = squeezed(5.0);
        let mut t = Tidy::new(&b, TidyOptions::default()).unwrap();
        while !t.is_done() {
            assert!(t.sweeps() <= MAX_SWEEPS + POLISH_SWEEPS);
            t.run(&mut b, 1);
        }
        assert!(matches!(t.polish, Some(n) if n > 0), "{:?}", t.polish);
    }
}
