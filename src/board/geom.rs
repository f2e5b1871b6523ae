//! Geometry primitives: points, exact orientation, segment tests, distances.
//!
//! Coordinates are screen coordinates (y grows downwards). All predicates
//! are written in the raw coordinates, where `orient(a, b, c) > 0` means
//! that c lies to the *left* of a→b in the mathematical sense; on a screen
//! with y pointing down that is the visual *right*. Decisions (crossings,
//! sides, angular order) use the exact adaptive predicate of the `robust`
//! crate; only distances (clearances) are plain floating point.

/// A point of the board.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    pub fn minus(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }

    pub fn plus(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }

    pub fn scale(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }

    pub fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    pub fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// Not `hypot`: its overflow guard made it most of a tidy's time, and
    /// coordinates are at most `MAX_COORD` (1e9), far from overflowing.
    pub fn norm(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    pub fn dist(self, o: Point) -> f64 {
        self.minus(o).norm()
    }

    /// The point a fraction `t` of the way from `self` to `o`.
    pub fn lerp(self, o: Point, t: f64) -> Point {
        Point::new(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// Exact sign of the orientation of (a, b, c): positive when c is left of
/// a→b (counter-clockwise in raw coordinates), zero when collinear.
pub fn orient(a: Point, b: Point, c: Point) -> f64 {
    robust::orient2d(
        robust::Coord { x: a.x, y: a.y },
        robust::Coord { x: b.x, y: b.y },
        robust::Coord { x: c.x, y: c.y },
    )
}

/// Whether p (known collinear with a, b) lies on the closed segment a–b.
fn on_collinear(a: Point, b: Point, p: Point) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether the closed segments a–b and c–d share a point (exact).
pub fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    // Quick exact rejections first (most pairs the tidy and the checks ask
    // about are near misses): boxes apart, or one segment strictly on one
    // side of the other's line.
    if a.x.max(b.x) < c.x.min(d.x)
        || c.x.max(d.x) < a.x.min(b.x)
        || a.y.max(b.y) < c.y.min(d.y)
        || c.y.max(d.y) < a.y.min(b.y)
    {
        return false;
    }
    let o1 = orient(a, b, c);
    let o2 = orient(a, b, d);
    if (o1 > 0.0 && o2 > 0.0) || (o1 < 0.0 && o2 < 0.0) {
        return false;
    }
    let o3 = orient(c, d, a);
    let o4 = orient(c, d, b);
    if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
    {
        return true;
    }
    (o1 == 0.0 && on_collinear(a, b, c))
        || (o2 == 0.0 && on_collinear(a, b, d))
        || (o3 == 0.0 && on_collinear(c, d, a))
        || (o4 == 0.0 && on_collinear(c, d, b))
}

/// Whether segments a–b and a–d, which share the end a, meet anywhere else
/// (they overlap along a common direction).
pub fn fans_overlap(a: Point, b: Point, d: Point) -> bool {
    orient(a, b, d) == 0.0 && b.minus(a).dot(d.minus(a)) > 0.0
}

/// Whether the closed segment s0–s1 meets the closed triangle t anywhere
/// but at a point that is both an end of the segment and a corner of the
/// triangle (exact). A segment of zero length tests a point. The corners
/// must be distinct.
pub fn segment_hits_triangle(s0: Point, s1: Point, t: [Point; 3]) -> bool {
    let o = orient(t[0], t[1], t[2]);
    let t = if o < 0.0 { [t[0], t[2], t[1]] } else { t };
    let flat = o == 0.0;
    let inside = |p: Point| {
        !flat
            && orient(t[0], t[1], p) >= 0.0
            && orient(t[1], t[2], p) >= 0.0
            && orient(t[2], t[0], p) >= 0.0
    };
    let Some(k) = t.iter().position(|&c| c == s0 || c == s1) else {
        return inside(s0)
            || inside(s1)
            || (0..3).any(|k| segments_meet(s0, s1, t[k], t[(k + 1) % 3]));
    };
    let v = t[k];
    let w = if v == s0 { s1 } else { s0 };
    if w == v {
        return false;
    }
    let (e1, e2) = (t[(k + 1) % 3], t[(k + 2) % 3]);
    // From the shared corner the segment may only leave the triangle: not
    // end inside it, reach the far edge, run along a side or into the angle.
    inside(w)
        || segments_meet(v, w, e1, e2)
        || fans_overlap(v, w, e1)
        || fans_overlap(v, w, e2)
        || (!flat && orient(v, e1, w) > 0.0 && orient(v, e2, w) < 0.0)
}

/// Distance from p to the segment a–b.
pub fn point_segment_dist(p: Point, a: Point, b: Point) -> f64 {
    p.dist(closest_on_segment(p, a, b))
}

/// The point of segment a–b nearest to p.
pub fn closest_on_segment(p: Point, a: Point, b: Point) -> Point {
    let d = b.minus(a);
    let l2 = d.dot(d);
    if l2 <= 0.0 {
        return a;
    }
    let t = (p.minus(a).dot(d) / l2).clamp(0.0, 1.0);
    a.lerp(b, t)
}

/// Distance between segments a–b and c–d (0 when they meet).
pub fn segment_dist(a: Point, b: Point, c: Point, d: Point) -> f64 {
    if segments_meet(a, b, c, d) {
        return 0.0;
    }
    point_segment_dist(a, c, d)
        .min(point_segment_dist(b, c, d))
        .min(point_segment_dist(c, a, b))
        .min(point_segment_dist(d, a, b))
}

/// The parts of segment a–b outside the open disc (center, r): at most two
/// sub-segments.
pub fn outside_disc(a: Point, b: Point, center: Point, r: f64) -> [Option<(Point, Point)>; 2] {
    let d = b.minus(a);
    let f = a.minus(center);
    let qa = d.dot(d);
    let qb = 2.0 * f.dot(d);
    let qc = f.dot(f) - r * r;
    let disc = qb * qb - 4.0 * qa * qc;
    if qa <= 0.0 {
        return [if qc >= 0.0 { Some((a, b)) } else { None }, None];
    }
    if disc <= 0.0 {
        return [Some((a, b)), None];
    }
    let s = disc.sqrt();
    let t1 = (-qb - s) / (2.0 * qa);
    let t2 = (-qb + s) / (2.0 * qa);
    let first = if t1 > 0.0 {
        Some((a, a.lerp(b, t1.min(1.0))))
    } else {
        None
    };
    let second = if t2 < 1.0 {
        Some((a.lerp(b, t2.max(0.0)), b))
    } else {
        None
    };
    [first, second]
}

/// Winding number of a closed polygon around p (exact; 0 for points on it
/// is not guaranteed, callers never ask about such points).
pub fn winding(poly: &[Point], p: Point) -> i32 {
    let n = poly.len();
    let mut w = 0;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if a.y <= p.y {
            if b.y > p.y && orient(a, b, p) > 0.0 {
                w += 1;
            }
        } else if b.y <= p.y && orient(a, b, p) < 0.0 {
            w -= 1;
        }
    }
    w
}

/// Compares directions a→p and a→q by angle, counter-clockwise (raw
/// coordinates) from the positive x axis, exactly.
pub fn angle_cmp(a: Point, p: Point, q: Point) -> std::cmp::Ordering {
    // Upper half (angle in [0, π)) before lower half.
    let half = |v: Point| !(v.y > a.y || (v.y == a.y && v.x > a.x));
    half(p).cmp(&half(q)).then_with(|| {
        let o = orient(a, p, q);
        if o > 0.0 {
            std::cmp::Ordering::Less
        } else if o < 0.0 {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    })
}

/// Whether direction a→p lies strictly inside the counter-clockwise sector
/// from direction a→from to direction a→to (the whole turn, minus that one
/// direction, when `from` and `to` point the same way). Exact.
pub fn in_sector(a: Point, from: Point, to: Point, p: Point) -> bool {
    // Which half turn, counter-clockwise from `from`, a direction lies in:
    // 0 for angles in [0, π), 1 for [π, 2π).
    let half = |v: Point| -> u8 {
        let o = orient(a, from, v);
        u8::from(o < 0.0 || (o == 0.0 && from.minus(a).dot(v.minus(a)) < 0.0))
    };
    if fans_overlap(a, from, p) {
        return false;
    }
    if fans_overlap(a, from, to) {
        return true;
    }
    let (hp, ht) = (half(p), half(to));
    // Within one half turn, orient decides; collinear there means equal.
    hp < ht || (hp == ht && orient(a, p, to) > 0.0)
}

/// Length of a polyline.
pub fn length(poly: &[Point]) -> f64 {
    poly.windows(2).map(|w| w[0].dist(w[1])).sum()
}

/// Splits a polyline at arc length `s` (clamped): the point there and the
/// index of the segment it lies on.
pub fn point_at(poly: &[Point], s: f64) -> (Point, usize) {
    let mut acc = 0.0;
    for i in 0..poly.len().saturating_sub(1) {
        let l = poly[i].dist(poly[i + 1]);
        if acc + l >= s && l > 0.0 {
            return (
                poly[i].lerp(poly[i + 1], ((s - acc) / l).clamp(0.0, 1.0)),
                i,
            );
        }
        acc += l;
    }
    let last = poly.len().saturating_sub(1);
    (
        poly.get(last).copied().unwrap_or_default(),
        last.saturating_sub(1),
    )
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub min: Point,
    pub max: Point,
}

impl Rect {
    pub fn empty() -> Rect {
        Rect {
            min: Point::new(f64::INFINITY, f64::INFINITY),
            max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        }
    }

    pub fn of(points: &[Point]) -> Rect {
        let mut r = Rect::empty();
        for &p in points {
            r.add(p);
        }
        r
    }

    pub fn add(&mut self, p: Point) {
        self.min.x = self.min.x.min(p.x);
        self.min.y = self.min.y.min(p.y);
        self.max.x = self.max.x.max(p.x);
        self.max.y = self.max.y.max(p.y);
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    pub fn grow(&self, m: f64) -> Rect {
        Rect {
            min: Point::new(self.min.x - m, self.min.y - m),
            max: Point::new(self.max.x + m, self.max.y + m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sectors() {
        let a = Point::new(0.0, 0.0);
        let e = Point::new(1.0, 0.0);
        let n = Point::new(0.0, 1.0);
        let w = Point::new(-1.0, 0.0);
        let s = Point::new(0.0, -1.0);
        assert!(in_sector(a, e, w, n));
        assert!(!in_sector(a, e, w, s));
        assert!(in_sector(a, w, e, s));
        assert!(!in_sector(a, w, e, n));
        // Full turn.
        assert!(in_sector(a, e, e.scale(2.0), w));
        assert!(!in_sector(a, e, e.scale(2.0), e.scale(3.0)));
        // A quarter turn, and the reflex rest.
        assert!(in_sector(a, e, n, Point::new(1.0, 1.0)));
        assert!(!in_sector(a, e, n, w));
        assert!(in_sector(a, n, e, w));
        assert!(in_sector(a, n, e, s));
        assert!(!in_sector(a, n, e, Point::new(1.0, 1.0)));
    }

    #[test]
    fn meets() {
        let p = Point::new;
        assert!(segments_meet(p(0., 0.), p(2., 2.), p(0., 2.), p(2., 0.)));
        assert!(segments_meet(p(0., 0.), p(2., 0.), p(2., 0.), p(3., 1.)));
        assert!(!segments_meet(p(0., 0.), p(2., 0.), p(2.1, 0.), p(3., 1.)));
        assert!(segments_meet(p(0., 0.), p(2., 0.), p(1., 0.), p(3., 0.)));
    }

    /// The quick rejections change no answer: against the four
    /// orientations alone, on small grids (many touching and collinear
    /// pairs) and on random points.
    #[test]
    fn quick_rejections_keep_every_answer() {
        fn plain(a: Point, b: Point, c: Point, d: Point) -> bool {
            let (o1, o2, o3, o4) = (
                orient(a, b, c),
                orient(a, b, d),
                orient(c, d, a),
                orient(c, d, b),
            );
            let apart = |x: f64, y: f64| (x > 0.0 && y < 0.0) || (x < 0.0 && y > 0.0);
            (apart(o1, o2) && apart(o3, o4))
                || (o1 == 0.0 && on_collinear(a, b, c))
                || (o2 == 0.0 && on_collinear(a, b, d))
                || (o3 == 0.0 && on_collinear(c, d, a))
                || (o4 == 0.0 && on_collinear(c, d, b))
        }
        let mut x: u64 = 7;
        let mut next = |m: f64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64 * m
        };
        let (mut met, mut pairs) = (0, 0);
        for k in 0..200_000 {
            let grid = k % 2 == 0;
            let mut pt = || {
                if grid {
                    Point::new(next(5.0).floor(), next(5.0).floor())
                } else {
                    Point::new(next(10.0), next(10.0))
                }
            };
            let (a, b, c, d) = (pt(), pt(), pt(), pt());
            let want = plain(a, b, c, d);
            assert_eq!(segments_meet(a, b, c, d), want, "{a:?} {b:?} {c:?} {d:?}");
            met += usize::from(want);
            pairs += 1;
        }
        // Both answers occur often.
        assert!(met > pairs / 10 && met < pairs * 9 / 10, "{met} of {pairs}");
    }
}
