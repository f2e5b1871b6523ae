//! Making a routed path look drawn: an elastic band that shortens the path
//! and pushes it away from the drawing (and from itself), then corner
//! cutting and simplification.
//!
//! The band moves each point by less than its distance to the nearest
//! obstacle, so the curve is deformed without jumping over anything; the
//! router still checks every result exactly and traces it.

use super::geom::{closest_on_segment, length, point_segment_dist, segment_hits_triangle, Point};
use super::index::SegmentIndex;
use super::model::Board;

/// What the band keeps away from: segments of the drawing and lone spots.
pub(crate) struct Obstacles<'a> {
    pub index: &'a SegmentIndex,
    pub spots: &'a [Point],
    /// An edge of the index that is the curve itself (when relaxing it).
    pub skip: Option<usize>,
    /// Every spot near the curve, with edges or without: the band keeps
    /// [`SPOT_MARGIN`] from those that are not the curve's ends.
    pub discs: &'a [Point],
}

/// How far (board units) the band keeps a curve from a spot it does not
/// end at: a spot's disc and half a curve's width at one CSS px per unit
/// (7 + 1.2). Pulled taut round a spot, the band left a loop 0.015 units
/// from spot 19 in `17(35)17[18,19]` (2011 Clash of the Titans game 2,
/// move 13, docs/labels.md): drawn through the spot, and too close for the
/// tidy's push from under a disc to have a direction.
pub(crate) const SPOT_MARGIN: f64 = 8.2;

/// What lies near a point of a path and across its two segments.
struct Near {
    /// The nearest obstacle point within the room of the path's point.
    point: Option<Point>,
    /// For each segment at the point (from the previous point, and from
    /// the next): the obstacle point (a spot, or a corner of a segment)
    /// nearest to its inside within the room, the nearest point of the
    /// segment to it, and how far along from the neighbour that is (0 to 1,
    /// ends left out). The point's own nearest obstacle alone misses them:
    /// a segment between two points can lie across a spot while both are
    /// pushed along it.
    across: [Option<(Point, Point, f64)>; 2],
}

impl Obstacles<'_> {
    /// Obstacles near point q of a path whose neighbours are `nbs`, within
    /// `r` (one query of the index for all three questions).
    fn near(&self, q: Point, nbs: [Point; 2], r: f64) -> Near {
        let mut point: Option<(f64, Point)> = None;
        let mut across: [Option<(f64, Point, Point, f64)>; 2] = [None, None];
        let segs = nbs.map(|a| (a, q.minus(a), q.minus(a).dot(q.minus(a))));
        let corner = |o: Point, across: &mut [Option<(f64, Point, Point, f64)>; 2]| {
            for (k, &(a, ab, len2)) in segs.iter().enumerate() {
                if !(len2 > 0.0) {
                    continue;
                }
                let t = o.minus(a).dot(ab) / len2;
                if t <= 0.0 || t >= 1.0 {
                    continue;
                }
                let c = a.plus(ab.scale(t));
                let d = c.dist(o);
                if d > 0.0 && d < r && across[k].is_none_or(|(bd, ..)| d < bd) {
                    across[k] = Some((d, o, c, t));
                }
            }
        };
        let nearest = |o: Point, point: &mut Option<(f64, Point)>| {
            let d = o.dist(q);
            if d < r && point.is_none_or(|(bd, _)| d < bd) {
                *point = Some((d, o));
            }
        };
        // A corner within r of a segment is within r plus its length of q.
        let reach = r + nbs.iter().map(|&a| a.dist(q)).fold(0.0, f64::max);
        self.index.for_each_near(q, q, reach, &mut |s| {
            if Some(s.edge) != self.skip {
                nearest(closest_on_segment(q, s.a, s.b), &mut point);
                corner(s.a, &mut across);
                corner(s.b, &mut across);
            }
        });
        for &o in self.spots {
            nearest(o, &mut point);
            corner(o, &mut across);
        }
        Near { point: point.map(|(_, o)| o), across: across.map(|a| a.map(|(_, o, c, t)| (o, c, t))) }
    }
}

/// Relaxes the path (end points fixed; points within `keep` of either end
/// are left alone, they sit in the right corner of their spot) so that it
/// keeps about `room` from obstacles and from its own distant parts.
///
/// A point moves only if the two triangles its segments sweep meet no
/// obstacle and no other part of the curve (exact test): the curve is
/// deformed without passing over anything, so it realises the same move.
pub(crate) fn band(path: &[Point], obstacles: &Obstacles, room: f64, keep: [f64; 2]) -> Vec<Point> {
    let total = length(path);
    if path.len() < 2 || total.is_nan() || total <= 0.0 || room.is_nan() || room <= 0.0 {
        return path.to_vec();
    }
    let (a, b) = (path[0], path[path.len() - 1]);
    let spacing = (room / 2.0).max(total / 150.0);
    let mut p: Vec<Point> = path.to_vec();
    let fixed = |q: Point| q.dist(a) < keep[0] || q.dist(b) < keep[1];
    let cell = 2.0 * room.max(spacing);
    // Push and smooth until settled (12 rounds at most), then only smooth
    // for 4 rounds: pushes from both sides leave zigzags.
    let mut push_until = 12;
    for round in 0..push_until + 4 {
        if round >= push_until + 4 {
            break;
        }
        let pushing = round < push_until;
        let n = p.len();
        let mut moved = 0.0f64;
        // Whether the curve is still within the margin of a spot: then
        // the pushes go on (a point near a spot moves slowly, by a share
        // of its distance).
        let mut tight = false;
        let mut cum = vec![0.0; n];
        for i in 1..n {
            cum[i] = cum[i - 1] + p[i - 1].dist(p[i]);
        }
        let grid = Grid::new(&p, cell);
        for i in 1..n - 1 {
            let q = p[i];
            if fixed(q) {
                continue;
            }
            let mut step = p[i - 1].lerp(p[i + 1], 0.5).minus(q).scale(0.5);
            let mut clear = room;
            let near = obstacles.near(q, [p[i - 1], p[i + 1]], room);
            if let Some(o) = near.point {
                clear = o.dist(q);
                if pushing {
                    step = step.plus(away(q, o, room));
                }
            }
            // The segments at q are lifted off what lies across them (q
            // takes the share of the push of its end of each); without
            // pushes, smoothing may not bring them closer to it.
            for (o, c, t) in near.across.into_iter().flatten() {
                let off = c.minus(o);
                if pushing {
                    step = step.plus(away(c, o, room).scale(t));
                } else if step.dot(off) < 0.0 {
                    step = step.minus(off.scale(step.dot(off) / off.dot(off)));
                }
            }
            grid.for_each_near(q, &mut |j| {
                let d = p[j].dist(q);
                if (cum[j] - cum[i]).abs() > 2.0 * room && d < room {
                    clear = clear.min(d);
                    if pushing {
                        step = step.plus(away(q, p[j], room).scale(0.5));
                    }
                }
            });
            let len = step.norm();
            if len > 0.3 * clear {
                step = step.scale(0.3 * clear / len);
            }
            let to = q.plus(step);
            if to != q && keeps_off(obstacles.discs, [a, b], &p, i, to) && safe(&p, i, to, obstacles, &grid) {
                p[i] = to;
                moved = moved.max(step.norm());
            }
            tight |= near_disc(obstacles.discs, [a, b], p[i - 1], p[i], p[i + 1]) < SPOT_MARGIN;
        }
        // Thin out crowded points where that sweeps over nothing, and fill
        // in where points drifted apart.
        // (No two neighbours go in one pass: the triangles swept are then
        // disjoint, so checking each against the old curve is enough.)
        let grid = Grid::new(&p, cell);
        let mut drop = vec![false; p.len()];
        let mut i = 1;
        while i + 1 < p.len() {
            if p[i - 1].dist(p[i + 1]) < spacing
                && !fixed(p[i])
                && keeps_off(obstacles.discs, [a, b], &p, i, p[i + 1])
                && safe(&p, i, p[i + 1], obstacles, &grid)
            {
                drop[i] = true;
                i += 2;
            } else {
                i += 1;
            }
        }
        let mut k = 0;
        p.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
        p = subdivide(&p, spacing);
        if p.len() > 600 {
            break;
        }
        if pushing && moved < 0.05 * spacing && !tight {
            push_until = round + 1;
        }
    }
    p
}

/// The distance from the path a–b–c to the nearest of `discs` (but the
/// curve's `ends`) within [`SPOT_MARGIN`] of it (that margin if none is).
/// Plain loops, not inlined (called five times in the band): the margin's
/// cost in the wasm module (docs/release.md, session 31).
#[inline(never)]
fn near_disc(discs: &[Point], ends: [Point; 2], a: Point, b: Point, c: Point) -> f64 {
    let (lo_x, hi_x) = (a.x.min(b.x).min(c.x) - SPOT_MARGIN, a.x.max(b.x).max(c.x) + SPOT_MARGIN);
    let (lo_y, hi_y) = (a.y.min(b.y).min(c.y) - SPOT_MARGIN, a.y.max(b.y).max(c.y) + SPOT_MARGIN);
    let mut near = SPOT_MARGIN;
    for &o in discs {
        if o != ends[0] && o != ends[1] && o.x > lo_x && o.x < hi_x && o.y > lo_y && o.y < hi_y {
            near = near.min(point_segment_dist(o, a, b).min(point_segment_dist(o, b, c)));
        }
    }
    near
}

/// Whether moving point i of the curve `p` to `to` keeps its two segments
/// off the spots' discs: no closer than [`SPOT_MARGIN`] to any, or no
/// closer than they were. (The band may start inside the margin, from a
/// planned path through a fine mesh; it then works its way out.)
fn keeps_off(discs: &[Point], ends: [Point; 2], p: &[Point], i: usize, to: Point) -> bool {
    let after = near_disc(discs, ends, p[i - 1], to, p[i + 1]);
    after >= SPOT_MARGIN || after >= near_disc(discs, ends, p[i - 1], p[i], p[i + 1])
}

/// Whether moving point i of the curve to `to` sweeps over nothing.
fn safe(p: &[Point], i: usize, to: Point, obstacles: &Obstacles, grid: &Grid) -> bool {
    // A triangle with a repeated corner sweeps nothing.
    let tris: Vec<[Point; 3]> = [[p[i - 1], p[i], to], [p[i], p[i + 1], to]]
        .into_iter()
        .filter(|t| t[0] != t[1] && t[1] != t[2] && t[2] != t[0])
        .collect();
    let bbox = super::geom::Rect::of(&[p[i - 1], p[i], p[i + 1], to]);
    let mut hit = false;
    obstacles
        .index
        .for_each_near(bbox.min, bbox.max, 0.0, &mut |s| {
            let apart = s.a.x.max(s.b.x) < bbox.min.x
                || s.a.x.min(s.b.x) > bbox.max.x
                || s.a.y.max(s.b.y) < bbox.min.y
                || s.a.y.min(s.b.y) > bbox.max.y;
            let mine = Some(s.edge) == obstacles.skip;
            hit = hit
                || (!apart && !mine && tris.iter().any(|&t| segment_hits_triangle(s.a, s.b, t)));
        });
    if hit
        || obstacles
            .spots
            .iter()
            .any(|&q| bbox.contains(q) && tris.iter().any(|&t| segment_hits_triangle(q, q, t)))
    {
        return false;
    }
    // The curve's other segments (its own two move with the point).
    let mut ok = true;
    grid.for_each_near(p[i], &mut |j| {
        for k in [j.checked_sub(1), Some(j)].into_iter().flatten() {
            if ok && k != i - 1 && k != i && k + 1 < p.len() {
                let (s0, s1) = (p[k], p[k + 1]);
                let apart = s0.x.max(s1.x) < bbox.min.x
                    || s0.x.min(s1.x) > bbox.max.x
                    || s0.y.max(s1.y) < bbox.min.y
                    || s0.y.min(s1.y) > bbox.max.y;
                ok = apart || !tris.iter().any(|&t| segment_hits_triangle(s0, s1, t));
            }
        }
    });
    ok
}

/// Points bucketed by cell: a curve's, for its repulsion from itself, or
/// spots (tidying).
pub(crate) struct Grid {
    cell: f64,
    buckets: std::collections::HashMap<(i64, i64), Vec<usize>>,
}

impl Grid {
    pub(crate) fn new(p: &[Point], cell: f64) -> Grid {
        let mut buckets: std::collections::HashMap<(i64, i64), Vec<usize>> =
            std::collections::HashMap::new();
        for (i, q) in p.iter().enumerate() {
            buckets.entry(Grid::key(*q, cell)).or_default().push(i);
        }
        Grid { cell, buckets }
    }

    fn key(q: Point, cell: f64) -> (i64, i64) {
        ((q.x / cell).floor() as i64, (q.y / cell).floor() as i64)
    }

    /// Calls `f` with the index of every point in q's cell and the eight
    /// around it.
    pub(crate) fn for_each_near(&self, q: Point, f: &mut dyn FnMut(usize)) {
        let (x, y) = Grid::key(q, self.cell);
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(v) = self.buckets.get(&(x + dx, y + dy)) {
                    v.iter().for_each(|&j| f(j));
                }
            }
        }
    }
}

impl Board {
    /// Nudges edges (all, or those listed) so that they keep about `room`
    /// from the rest of the drawing and from themselves, without passing
    /// over anything: the drawing keeps its topology. Spots stay put.
    pub fn relax(&mut self, edges: Option<&[usize]>, room: f64) {
        let list: Vec<usize> = match edges {
            Some(l) => l
                .iter()
                .copied()
                .filter(|&e| e < self.edges().len())
                .collect(),
            None => (0..self.edges().len()).collect(),
        };
        if !(room > 0.0 && room.is_finite()) {
            return;
        }
        let spots = self.spots().to_vec();
        for e in list {
            let index = SegmentIndex::new(self, None);
            let obstacles = Obstacles {
                index: &index,
                spots: &spots,
                skip: Some(e),
                discs: &spots,
            };
            let relaxed = band(&self.edges()[e].points, &obstacles, room, [room / 4.0; 2]);
            if relaxed.windows(2).all(|w| w[0] != w[1]) {
                self.set_points(e, relaxed);
            }
        }
    }
}

/// A push from o away from q, growing as q gets closer than `room`.
fn away(q: Point, o: Point, room: f64) -> Point {
    let d = q.dist(o);
    if d <= 0.0 {
        return Point::default();
    }
    q.minus(o).scale(0.5 * (room - d) / d)
}

/// The polyline with every segment longer than `spacing` cut into equal
/// pieces no longer than it (at most 8).
pub(crate) fn subdivide(p: &[Point], spacing: f64) -> Vec<Point> {
    let mut out = p[..p.len().min(1)].to_vec();
    for w in p.windows(2) {
        let k = ((w[0].dist(w[1]) / spacing).ceil() as usize).clamp(1, 8);
        for j in 1..k {
            out.push(w[0].lerp(w[1], j as f64 / k as f64));
        }
        out.push(w[1]);
    }
    out
}

/// One round of Chaikin corner cutting; the end points stay.
pub(crate) fn chaikin(p: &[Point]) -> Vec<Point> {
    if p.len() < 3 {
        return p.to_vec();
    }
    let mut out = Vec::with_capacity(2 * p.len());
    out.push(p[0]);
    for w in p.windows(2) {
        out.push(w[0].lerp(w[1], 0.25));
        out.push(w[0].lerp(w[1], 0.75));
    }
    out.push(p[p.len() - 1]);
    out
}

/// Douglas–Peucker simplification with tolerance `tol`.
pub(crate) fn simplify(p: &[Point], tol: f64) -> Vec<Point> {
    if p.len() < 3 {
        return p.to_vec();
    }
    let mut keep = vec![false; p.len()];
    keep[0] = true;
    keep[p.len() - 1] = true;
    let mut stack = vec![(0, p.len() - 1)];
    while let Some((i, j)) = stack.pop() {
        let mut best = (0.0, 0);
        for k in i + 1..j {
            let d = point_segment_dist(p[k], p[i], p[j]);
            if d > best.0 {
                best = (d, k);
            }
        }
        if best.0 > tol {
            keep[best.1] = true;
            stack.push((i, best.1));
            stack.push((best.1, j));
        }
    }
    p.iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(q, _)| *q)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_straightens_a_zigzag() {
        let board = Board::with_spots(
            200.0,
            200.0,
            vec![Point::new(0.0, 0.0), Point::new(100.0, 50.0)],
        )
        .unwrap();
        let index = SegmentIndex::new(&board, None);
        let spots = [Point::new(50.0, 30.0)];
        let obstacles = Obstacles {
            index: &index,
            spots: &spots,
            skip: None,
            discs: &spots,
        };
        let zig: Vec<Point> = (0..=100)
            .map(|i| Point::new(i as f64, if i % 2 == 0 { 0.0 } else { 2.0 }))
            .collect();
        let out = band(&zig, &obstacles, 10.0, [1.0, 1.0]);
        assert!(out.len() < 30, "{}", out.len());
        assert_eq!(out[0], zig[0]);
        assert_eq!(out[out.len() - 1], zig[100]);
        // Pushed away from the spot above the line.
        assert!(out.iter().all(|p| p.dist(spots[0]) > 5.0));
    }

    /// A path whose segment lies across a spot (both its points well
    /// away from it) is lifted off the spot, not left 0.02 from it.
    #[test]
    fn band_lifts_a_segment_off_a_spot() {
        let board = Board::with_spots(200.0, 100.0, vec![Point::new(0.0, 50.0), Point::new(200.0, 50.0)]).unwrap();
        let index = SegmentIndex::new(&board, None);
        let spots = [Point::new(100.0, 49.98)];
        let obstacles = Obstacles { index: &index, spots: &spots, skip: None, discs: &spots };
        let path = [Point::new(0.0, 50.0), Point::new(94.0, 50.0), Point::new(106.0, 50.0), Point::new(200.0, 50.0)];
        let out = band(&path, &obstacles, 24.0, [1.0, 1.0]);
        let gap = out.windows(2).map(|w| point_segment_dist(spots[0], w[0], w[1])).fold(f64::INFINITY, f64::min);
        assert!(gap > 6.0, "the curve passes {gap} from the spot");
        assert!(out.iter().all(|p| p.y >= 50.0), "it went round the spot's other side");
    }
}
