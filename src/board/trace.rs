//! Tracing a drawing into a position.
//!
//! Around each spot the edge ends are ordered by the angle at which their
//! polylines leave it (the rotation system). A face walk arrives along an
//! edge and leaves by the next edge end clockwise, which keeps the face on
//! the left in raw coordinates — on the visual right on a screen whose y
//! axis points down, which is Dan Hoey's left-hand order used by
//! [`Position`]. Each walk is one boundary. By signed area a walk is the
//! outer walk of a bounded face (positive) or a hole (a component seen from
//! outside); a hole, like an isolated spot, belongs to the innermost outer
//! walk of another component that contains it, or to the unbounded face.
//!
//! The result is put in the engine's normal form while keeping, for every
//! corner, which edge ends it lies between, so that the engine's move
//! indices (region, boundary, index) point straight into the drawing.

use super::geom::{angle_cmp, winding, Point, Rect};
use super::model::Board;
use crate::topology::{min_rotation, Position, PositionError, Spot};
use std::fmt;

/// A half-edge: edge `h / 2`, walked forwards (`h` even) or backwards.
pub(crate) type Half = usize;

/// Why a drawing does not trace into a position.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceError {
    /// More edge ends at a spot than it takes (three for a dot).
    TooManyEnds { spot: Spot },
    /// The faces found are not a Sprouts position (the drawing is broken,
    /// e.g. edges cross).
    NotAPosition(PositionError),
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::TooManyEnds { spot } => {
                write!(f, "more lines end at spot {spot} than it takes")
            }
            TraceError::NotAPosition(e) => write!(f, "the drawing is not a position: {e}"),
        }
    }
}

impl std::error::Error for TraceError {}

/// One corner of a boundary: a spot, with the edge ends it lies between.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CornerAt {
    pub spot: Spot,
    /// The half-edge the walk arrives by and the one it leaves by (none for
    /// an isolated spot). The corner's sector is counter-clockwise from
    /// `out`'s direction to the reverse of `into`'s.
    pub into: Option<Half>,
    pub out: Option<Half>,
}

/// The faces of a drawing, indexed exactly like the regions of its
/// (normalised) position.
pub(crate) struct Faces {
    /// The position drawn. On a wide board (a spot of more than three
    /// lines, [`Board::is_wide`]) it is no Sprouts position: lives and
    /// regions as drawn, unchecked, read only for its regions by the
    /// (p, q) stroke checks (`super::pq`), never played.
    pub position: Position,
    /// `regions[r][b][i]` is corner i of boundary b of region r.
    pub regions: Vec<Vec<Vec<CornerAt>>>,
    /// The boundary of region r that is its outer walk (none for the
    /// unbounded region).
    pub outer: Vec<Option<usize>>,
}

impl Board {
    pub(crate) fn half_origin(&self, h: Half) -> Spot {
        self.edges()[h / 2].ends[h % 2]
    }

    /// The half-edge's polyline, from its origin.
    pub(crate) fn half_points(&self, h: Half) -> Vec<Point> {
        let mut p = self.edges()[h / 2].points.clone();
        if h % 2 == 1 {
            p.reverse();
        }
        p
    }

    /// The point after the origin: it gives the direction the half-edge
    /// leaves its spot in.
    pub(crate) fn half_second(&self, h: Half) -> Point {
        let p = &self.edges()[h / 2].points;
        if h.is_multiple_of(2) {
            p[1]
        } else {
            p[p.len() - 2]
        }
    }

    /// The position this drawing shows: lives from degrees, regions from
    /// the faces.
    pub fn position(&self) -> Result<Position, TraceError> {
        Ok(self.faces()?.position)
    }

    pub(crate) fn faces(&self) -> Result<Faces, TraceError> {
        self.faces_with(|lives, plain| Position::new(lives, plain).map_err(TraceError::NotAPosition))
    }

    /// The faces of a wide board too ((p, q) Sprouts): see [`Faces::position`].
    pub(crate) fn wide_faces(&self) -> Result<Faces, TraceError> {
        if !self.is_wide() {
            return self.faces();
        }
        self.faces_with(|lives, plain| Ok(Position::from_raw(lives, plain)))
    }

    /// The (p, q) position this drawing shows (spot s of the board is
    /// spot s − 1 there), unreduced.
    pub fn pq_position(&self) -> Result<crate::variants::pq::PqPos, TraceError> {
        let f = self.wide_faces()?;
        let regions = f.regions.iter().map(|r| r.iter().map(|b| b.iter().map(|c| c.spot - 1).collect()).collect()).collect();
        let lives = (1..=self.spot_count() as Spot).map(|s| self.lives(s)).collect();
        Ok(crate::variants::pq::PqPos::from_parts(lives, regions))
    }

    fn faces_with(&self, build: impl FnOnce(Vec<u8>, Vec<Vec<Vec<Spot>>>) -> Result<Position, TraceError>) -> Result<Faces, TraceError> {
        let n = self.spot_count();
        let halves = 2 * self.edges().len();
        // Rotation system: edge ends counter-clockwise around each spot.
        let mut rot: Vec<Vec<Half>> = vec![Vec::new(); n];
        for h in 0..halves {
            rot[self.half_origin(h) as usize - 1].push(h);
        }
        for (i, r) in rot.iter_mut().enumerate() {
            if r.len() > self.capacities()[i] as usize {
                return Err(TraceError::TooManyEnds {
                    spot: i as Spot + 1,
                });
            }
            let c = self.spots()[i];
            crate::sort::sort_by(r, |&g, &h| angle_cmp(c, self.half_second(g), self.half_second(h)));
        }
        let mut place = vec![0usize; halves];
        for r in &rot {
            for (k, &h) in r.iter().enumerate() {
                place[h] = k;
            }
        }
        // Arrive by h, leave by the next end clockwise from the way back.
        let next = |h: Half| -> Half {
            let t = h ^ 1;
            let r = &rot[self.half_origin(t) as usize - 1];
            r[(place[t] + r.len() - 1) % r.len()]
        };

        let mut seen = vec![false; halves];
        let mut walks: Vec<Vec<Half>> = Vec::new();
        for h in 0..halves {
            if seen[h] {
                continue;
            }
            let mut w = Vec::new();
            let mut g = h;
            while !seen[g] {
                seen[g] = true;
                w.push(g);
                g = next(g);
            }
            walks.push(w);
        }

        // Components, to keep a hole from being tested against its own walks.
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for e in self.edges() {
            let (a, b) = (
                find(&mut parent, e.ends[0] as usize - 1),
                find(&mut parent, e.ends[1] as usize - 1),
            );
            parent[a] = b;
        }

        struct Outer {
            poly: Vec<Point>,
            area: f64,
            bbox: Rect,
            comp: usize,
        }
        let mut outers: Vec<(usize, Outer)> = Vec::new();
        // Holes: (walk or isolated spot, test point, component).
        enum Hole {
            Walk(usize),
            Spot(Spot),
        }
        let mut holes: Vec<(Hole, Point, usize)> = Vec::new();
        for (wi, w) in walks.iter().enumerate() {
            let mut poly = Vec::new();
            let mut area = 0.0;
            for &h in w {
                let p = self.half_points(h);
                // An edge walked both ways (a tree part) adds nothing: leave
                // it out so that rounding cannot make a tree look like a cycle.
                if !w.contains(&(h ^ 1)) {
                    area += p.windows(2).map(|s| s[0].cross(s[1])).sum::<f64>();
                }
                poly.extend_from_slice(&p[..p.len() - 1]);
            }
            let origin = self.half_origin(w[0]);
            let comp = find(&mut parent, origin as usize - 1);
            if area > 0.0 {
                let bbox = Rect::of(&poly);
                outers.push((
                    wi,
                    Outer {
                        poly,
                        area,
                        bbox,
                        comp,
                    },
                ));
            } else {
                holes.push((Hole::Walk(wi), self.spots()[origin as usize - 1], comp));
            }
        }
        for s in 1..=n as Spot {
            if rot[s as usize - 1].is_empty() {
                let comp = find(&mut parent, s as usize - 1);
                holes.push((Hole::Spot(s), self.spots()[s as usize - 1], comp));
            }
        }

        let corners_of = |w: &[Half]| -> Vec<CornerAt> {
            (0..w.len())
                .map(|i| CornerAt {
                    spot: self.half_origin(w[i]),
                    into: Some(w[(i + w.len() - 1) % w.len()]),
                    out: Some(w[i]),
                })
                .collect()
        };
        // Face k < outers.len() is bounded by outer walk k; the last is unbounded.
        let mut faces: Vec<(bool, Vec<Vec<CornerAt>>)> = outers
            .iter()
            .map(|(wi, _)| (true, vec![corners_of(&walks[*wi])]))
            .collect();
        faces.push((false, Vec::new()));
        for (hole, p, comp) in holes {
            let mut best: Option<(f64, usize)> = None;
            for (k, (_, o)) in outers.iter().enumerate() {
                if o.comp == comp || !o.bbox.contains(p) || best.is_some_and(|(a, _)| a <= o.area) {
                    continue;
                }
                if winding(&o.poly, p) != 0 {
                    best = Some((o.area, k));
                }
            }
            let k = best.map_or(outers.len(), |(_, k)| k);
            faces[k].1.push(match hole {
                Hole::Walk(wi) => corners_of(&walks[wi]),
                Hole::Spot(s) => vec![CornerAt {
                    spot: s,
                    into: None,
                    out: None,
                }],
            });
        }

        // The engine's normal form: each boundary at its smallest rotation,
        // boundaries sorted within a region, regions sorted.
        let spots_of = |b: &Vec<CornerAt>| -> Vec<Spot> { b.iter().map(|c| c.spot).collect() };
        let mut sorted: Vec<(Option<usize>, Vec<Vec<CornerAt>>)> = faces
            .into_iter()
            .map(|(bounded, mut f)| {
                for b in f.iter_mut() {
                    let k = min_rotation(&spots_of(b));
                    b.rotate_left(k);
                }
                // The outer walk, if any, came first; find it after sorting.
                let outer = bounded.then(|| spots_of(&f[0]));
                crate::sort::sort_by_cached_key(&mut f, |b| spots_of(b));
                (
                    outer.and_then(|o| f.iter().position(|b| spots_of(b) == o)),
                    f,
                )
            })
            .collect();
        crate::sort::sort_by_cached_key(&mut sorted, |(_, f)| {
            f.iter().map(&spots_of).collect::<Vec<_>>()
        });
        let (outer, regions): (Vec<Option<usize>>, Vec<Vec<Vec<CornerAt>>>) =
            sorted.into_iter().unzip();
        let lives: Vec<u8> = rot.iter().zip(self.capacities()).map(|(r, &c)| c.saturating_sub(r.len() as u8)).collect();
        let plain: Vec<Vec<Vec<Spot>>> = regions
            .iter()
            .map(|f| f.iter().map(&spots_of).collect())
            .collect();
        let position = build(lives, plain.clone())?;
        debug_assert_eq!(position.regions(), &plain[..]);
        Ok(Faces {
            position,
            regions,
            outer,
        })
    }
}
