//! A uniform grid over the board's segments, so that checking a stroke or a
//! route against the drawing does not test every segment.

use super::geom::{Point, Rect};
use super::model::Board;

/// One segment of an edge.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seg {
    pub edge: usize,
    /// Segment `index` runs from point `index` to `index + 1` of the edge.
    pub index: usize,
    pub a: Point,
    pub b: Point,
}

pub(crate) struct SegmentIndex {
    origin: Point,
    cell: f64,
    nx: usize,
    ny: usize,
    /// Cell `c` (row by row) holds `items[start[c]..start[c + 1]]`: one
    /// flat list, so that the cells of a row of a query are one run of
    /// memory (a list per cell made the tidy wait on memory).
    start: Vec<usize>,
    items: Vec<Seg>,
}

impl SegmentIndex {
    /// Indexes every segment of the board's edges (or only of `only`).
    pub fn new(board: &Board, only: Option<&[usize]>) -> SegmentIndex {
        let mut segs = Vec::new();
        let mut push_edge = |ei: usize| {
            let e = &board.edges()[ei];
            for (k, w) in e.points.windows(2).enumerate() {
                segs.push(Seg {
                    edge: ei,
                    index: k,
                    a: w[0],
                    b: w[1],
                });
            }
        };
        match only {
            Some(list) => list.iter().for_each(|&e| push_edge(e)),
            None => (0..board.edges().len()).for_each(&mut push_edge),
        }
        let mut r = Rect::empty();
        for s in &segs {
            r.add(s.a);
            r.add(s.b);
        }
        if segs.is_empty() {
            r = Rect {
                min: Point::default(),
                max: Point::new(1.0, 1.0),
            };
        }
        let w = (r.max.x - r.min.x).max(1e-9);
        let h = (r.max.y - r.min.y).max(1e-9);
        // About one segment per cell, at most 128 cells a side.
        let cell = ((w * h) / segs.len().max(1) as f64)
            .sqrt()
            .max(w.max(h) / 128.0)
            .max(1e-9);
        let nx = ((w / cell) as usize + 1).min(129);
        let ny = ((h / cell) as usize + 1).min(129);
        let mut idx = SegmentIndex {
            origin: r.min,
            cell,
            nx,
            ny,
            start: vec![0; nx * ny + 1],
            items: Vec::new(),
        };
        // A counting sort by cell: count, then place.
        let ranges: Vec<_> = segs.iter().map(|s| idx.range(s.a, s.b, 0.0)).collect();
        for &(x0, y0, x1, y1) in &ranges {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    idx.start[y * nx + x + 1] += 1;
                }
            }
        }
        for c in 0..nx * ny {
            idx.start[c + 1] += idx.start[c];
        }
        let mut fill = idx.start.clone();
        let mut items = vec![
            segs.first().copied().unwrap_or(Seg {
                edge: 0,
                index: 0,
                a: r.min,
                b: r.min
            });
            idx.start[nx * ny]
        ];
        for (s, &(x0, y0, x1, y1)) in segs.iter().zip(&ranges) {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    items[fill[y * nx + x]] = *s;
                    fill[y * nx + x] += 1;
                }
            }
        }
        idx.items = items;
        idx
    }

    fn clamp_cell(&self, v: f64, n: usize) -> usize {
        if v.is_nan() || v <= 0.0 {
            0
        } else {
            (v as usize).min(n - 1)
        }
    }

    /// The cells covering the box of a–b grown by r.
    fn range(&self, a: Point, b: Point, r: f64) -> (usize, usize, usize, usize) {
        let fx = |x: f64| (x - self.origin.x) / self.cell;
        let fy = |y: f64| (y - self.origin.y) / self.cell;
        (
            self.clamp_cell(fx(a.x.min(b.x) - r), self.nx),
            self.clamp_cell(fy(a.y.min(b.y) - r), self.ny),
            self.clamp_cell(fx(a.x.max(b.x) + r), self.nx),
            self.clamp_cell(fy(a.y.max(b.y) + r), self.ny),
        )
    }

    /// Calls `f` with every segment whose cells meet the box of a–b grown
    /// by r (a superset of the segments within distance r; a segment may
    /// come more than once).
    pub fn for_each_near(&self, a: Point, b: Point, r: f64, f: &mut dyn FnMut(&Seg)) {
        let (x0, y0, x1, y1) = self.range(a, b, r);
        for y in y0..=y1 {
            let row = y * self.nx;
            for s in &self.items[self.start[row + x0]..self.start[row + x1 + 1]] {
                f(s);
            }
        }
    }
}
