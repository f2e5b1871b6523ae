//! Crosses on the board (issue 37: Brussels Sprouts, dots-or-crosses,
//! Weeds): the drawing side of `crate::variants`.
//!
//! A board has only spots of at most three lines, so a cross (a dead
//! centre with four free arms) is drawn as two dead centre spots `c`, `c'`
//! a hair apart, joined by a short line, each with two arms; an arm ends
//! at a *tip*, a spot of capacity 2 ([`Board::with_capacities`]): one line
//! (its arm) and one life, so a tip is joined at most once and never by a
//! loop. The traced position is then exactly the engine's model (a tip:
//! one life, one corner; the centres dead), so strokes are checked and
//! played by the plane's own [`super::StrokeChecker`], and a variant move
//! is the plane move followed by [`Board::put_cross_bar`] or
//! [`Board::put_nothing`] on its new spot.

use super::{Board, BoardError, Edge, Point};
use crate::topology::Spot;

/// Length of a start cross's arm on a `width` × `height` board of `n`
/// crosses: a fifth of the smaller side of a cell of the start layout (an
/// eighth made crosses whose tips overlapped in a 480 × 320 embed).
pub fn arm_length(n: usize, width: f64, height: f64) -> f64 {
    let cells = (n.max(1) as f64).sqrt().ceil();
    width.min(height) / cells / 5.0
}

/// Half the gap between a cross's two centre spots, as a part of its arm.
const CENTRE_GAP: f64 = 0.06;

impl Board {
    /// The start of `n` crosses on a `width` × `height` board, at the
    /// places of an n-spot start. Spots: the tips first, four a cross
    /// (cross k, from 0: `4k + 1` up, `4k + 2` right, `4k + 3` down,
    /// `4k + 4` left), then the centres, two a cross (`4n + 2k + 1` with
    /// the up and left arms, `4n + 2k + 2` with the right and down ones).
    pub fn crosses_start(n: usize, width: f64, height: f64) -> Result<Board, BoardError> {
        let centres = super::start_layout(n, width, height);
        let l = arm_length(n, width, height);
        let d = CENTRE_GAP * l;
        let mut spots = Vec::with_capacity(6 * n);
        for p in &centres {
            spots.push(Point::new(p.x - d, p.y - l));
            spots.push(Point::new(p.x + l, p.y));
            spots.push(Point::new(p.x + d, p.y + l));
            spots.push(Point::new(p.x - l, p.y));
        }
        for p in &centres {
            spots.push(Point::new(p.x - d, p.y));
            spots.push(Point::new(p.x + d, p.y));
        }
        let mut edges = Vec::with_capacity(5 * n);
        let at = |s: Spot| spots[s as usize - 1];
        for k in 0..n as Spot {
            let (t, c) = (4 * k, 4 * n as Spot + 2 * k);
            let (c1, c2) = (c + 1, c + 2);
            for (a, b) in [(c1, c2), (c1, t + 1), (c2, t + 2), (c2, t + 3), (c1, t + 4)] {
                edges.push(Edge { ends: [a, b], points: vec![at(a), at(b)] });
            }
        }
        let mut caps = vec![2u8; 4 * n];
        caps.extend(std::iter::repeat_n(3u8, 2 * n));
        Board::from_parts(width, height, spots, edges)?.with_capacities(caps)
    }

    /// Whether spot `s` is a free arm's tip (capacity 2, one line).
    pub fn is_tip(&self, s: Spot) -> bool {
        self.capacities().get((s as usize).wrapping_sub(1)) == Some(&2) && self.degree(s) <= 1
    }

    /// Puts a cross-bar on the line of the last move, whose new spot `c` is
    /// the last spot with the last two lines `a–c`, `c–b`: `c` and a new
    /// centre `c + 1` a hair further along the line become dead, with a
    /// free arm each, `c + 2` at `c` on the right of the line as drawn from
    /// its first spot (screen coordinates) and `c + 3` at `c + 1` on its
    /// left. The arms are `arm` long, or shorter where
    /// that would touch something; an error when even a short one would.
    pub fn put_cross_bar(&self, arm: f64) -> Result<Board, BoardError> {
        let c = self.spot_count() as Spot;
        let n = self.edges().len();
        let bad = || BoardError::BadEdge { edge: n.saturating_sub(1) };
        if n < 2 || self.edges()[n - 1].ends[0] != c || self.degree(c) != 2 {
            return Err(bad());
        }
        let second = &self.edges()[n - 1];
        let pc = self.spots()[c as usize - 1];
        let q = second.points[1];
        let seg = q.dist(pc);
        if seg <= 0.0 {
            return Err(bad());
        }
        let u = q.minus(pc).scale(1.0 / seg);
        let normal = Point::new(-u.y, u.x);
        // The arm at `c` halves the angle the line makes there on its side
        // (the line may bend at `c`); the one at `c + 1` is square to it.
        let first = &self.edges()[n - 2].points;
        let prev = first[first.len() - 2];
        let v = prev.minus(pc).scale(1.0 / prev.dist(pc).max(f64::MIN_POSITIVE));
        let mid = v.plus(u);
        let arm1 = if mid.norm() < 1e-6 {
            normal
        } else {
            let m = mid.scale(1.0 / mid.norm());
            if m.x * normal.x + m.y * normal.y >= 0.0 { m } else { m.scale(-1.0) }
        };
        let mut last = bad();
        let mut l = arm;
        for _ in 0..12 {
            let gap = (CENTRE_GAP * l).min(0.3 * seg);
            let pc2 = pc.plus(u.scale(gap));
            let mut b = self.clone();
            let c2 = b.push_spot(pc2, 3);
            let t1 = b.push_spot(pc.plus(arm1.scale(l)), 2);
            let t2 = b.push_spot(pc2.minus(normal.scale(l)), 2);
            let mut rest = second.points.clone();
            rest[0] = pc2;
            b.set_edge(n - 1, Edge { ends: [c, c2], points: vec![pc, pc2] });
            b.push_edge(Edge { ends: [c2, second.ends[1]], points: rest });
            b.push_edge(Edge { ends: [c, t1], points: vec![pc, b.spots()[t1 as usize - 1]] });
            b.push_edge(Edge { ends: [c2, t2], points: vec![pc2, b.spots()[t2 as usize - 1]] });
            match b.checked() {
                Ok(b) => return Ok(b),
                Err(e) => last = e,
            }
            l /= 2.0;
        }
        Err(last)
    }

    /// Takes the last move's new spot (the last spot) out of play: a Weeds
    /// line without a dot. It stays a point of the drawing, dead.
    pub fn put_nothing(&self) -> Board {
        let mut b = self.clone();
        b.set_capacity(self.spot_count() as Spot, 2);
        b
    }
}
