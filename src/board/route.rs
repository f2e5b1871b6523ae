//! Routing: drawing a curve for any legal move of the engine.
//!
//! The face of the move is triangulated (constrained Delaunay, `spade`),
//! with its boundaries as constraints, and refined so that triangles are
//! well shaped. Every triangle corner at a drawn point is labelled with the
//! piece of boundary whose side it is on: the corner sector of the move's
//! start (`Start`) and end (`End`), the two arcs of a split boundary, the
//! other boundaries (`Comp`). The curve is a path in the dual graph from a
//! `Start` triangle to an `End` triangle, drawn through triangle centroids
//! and shared-edge midpoints, so it stays inside the face and leaves and
//! enters the spots through the right corners.
//!
//! Splits and loops must also put each other boundary on a given side.
//! Each such boundary first gets a "tether": a path along triangulation
//! edges, through Steiner points only, from it to something already on its
//! side (the arc of that side, or a boundary or tether already tied to it),
//! sharing no point with the other side. The curve may not cross tethers,
//! so a boundary ends up on its tether's side. For a loop, the boundaries
//! that go inside are tied to the loop's spot by one edge of its corner's
//! fan (with nothing inside, that edge is a stub to a Steiner point); the
//! loop leaves through the triangle on one side of that edge and comes back
//! through the one on the other side, so the tethers end up inside.
//!
//! The path is then relaxed as an elastic band (see [`super::smooth`]) to
//! keep clear of the drawing, smoothed and simplified. Every candidate is
//! checked exactly against the drawing and the new drawing is traced and
//! compared with the engine's child before it is returned; if no candidate
//! fits, a finer mesh is tried.

use super::geom::{
    fans_overlap, in_sector, orient, point_segment_dist, segments_meet, Point, Rect,
};
use super::index::SegmentIndex;
use super::model::{place_spot, Board};
use super::smooth::{band, chaikin, simplify, Obstacles};
use super::trace::{CornerAt, Faces, TraceError};
use crate::topology::{IllegalMove, Move, MoveKind, Position, Spot};
use spade::handles::{FixedDirectedEdgeHandle, FixedVertexHandle};
use spade::{
    AngleLimit, ConstrainedDelaunayTriangulation, HasPosition, Point2, RefinementParameters,
    Triangulation,
};
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::fmt;

/// How routed curves should look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RouteOptions {
    /// Clearance (board units) beyond which more space is not sought: paths
    /// closer than this to the drawing cost more.
    pub clearance: f64,
}

impl Default for RouteOptions {
    fn default() -> Self {
        RouteOptions { clearance: 24.0 }
    }
}

/// Why no curve was drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteError {
    /// The board does not trace.
    Trace(TraceError),
    /// The board does not show the position the move belongs to.
    NotThisPosition,
    /// The move is not legal in the position.
    Illegal(IllegalMove),
    /// No curve was found (the drawing is too cramped for the mesh).
    NoRoute,
}

impl fmt::Display for RouteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouteError::Trace(e) => e.fmt(f),
            RouteError::NotThisPosition => write!(f, "the board does not show this position"),
            RouteError::Illegal(e) => e.fmt(f),
            RouteError::NoRoute => write!(f, "no room to draw this move"),
        }
    }
}

impl std::error::Error for RouteError {}

/// A move drawn on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Routed {
    /// The board with the new curve.
    pub board: Board,
    /// The position after the move (equal to `pos.play(mv)`).
    pub position: Position,
    pub new_spot: Spot,
    /// The curve, from the move's first spot to its second.
    pub points: Vec<Point>,
}

impl Board {
    /// Draws a curve for `mv`, a legal move of `pos` (the position this
    /// board shows), so that the new drawing traces to `pos.play(mv)`.
    pub fn route(
        &self,
        pos: &Position,
        mv: &Move,
        opts: &RouteOptions,
    ) -> Result<Routed, RouteError> {
        let child = match self.route_untidied(pos, mv, opts, &mut 0) {
            Err(RouteError::NoRoute) => pos.play(mv).map_err(RouteError::Illegal)?,
            done => return done,
        };
        // Still no room: tidy the drawing (curves spread apart, spots
        // clear of curves; same position by construction) and try again,
        // as it is and relaxed; then once more after a second tidy (a tidy
        // settles after about 160 to 220 sweeps, and some moves need more room
        // than one gives: seed 99 of `sprouts bench layout` on the desktop).
        let mut tidied = self.clone();
        for _ in 0..2 {
            if tidied.tidy(&super::tidy::TidyOptions::default(), usize::MAX).is_err() {
                break;
            }
            let Ok(f) = tidied.faces() else { break };
            if f.position != *pos {
                break;
            }
            let work = &mut 0;
            if let Some(r) = tidied.route_in(&f, mv, opts, &is_child(&child), &child, work) {
                return Ok(r);
            }
            if let Some(r) = tidied.relaxed_route(pos, mv, opts, &child, work) {
                return Ok(r);
            }
        }
        Err(RouteError::NoRoute)
    }

    /// As [`Board::route`], without the last resort of tidying the whole
    /// drawing: for the layout, which has retries of its own (on a large
    /// drawing a tidy per line that found no room took minutes). Adds the
    /// points of the meshes it builds to `work`.
    pub(crate) fn route_untidied(
        &self,
        pos: &Position,
        mv: &Move,
        opts: &RouteOptions,
        work: &mut u64,
    ) -> Result<Routed, RouteError> {
        let faces = self.faces().map_err(RouteError::Trace)?;
        if faces.position != *pos {
            return Err(RouteError::NotThisPosition);
        }
        let child = pos.play(mv).map_err(RouteError::Illegal)?;
        if let Some(r) = self.route_in(&faces, mv, opts, &is_child(&child), &child, work) {
            return Ok(r);
        }
        // Too cramped: relax the whole drawing (same topology) and try again.
        self.relaxed_route(pos, mv, opts, &child, work).ok_or(RouteError::NoRoute)
    }

    /// Routes `mv` on a relaxed copy of this drawing (the same position).
    fn relaxed_route(
        &self,
        pos: &Position,
        mv: &Move,
        opts: &RouteOptions,
        child: &Position,
        work: &mut u64,
    ) -> Option<Routed> {
        let mut relaxed = self.clone();
        relaxed.relax(None, opts.clearance);
        let f = relaxed.faces().ok().filter(|f| f.position == *pos)?;
        relaxed.route_in(&f, mv, opts, &is_child(child), child, work)
    }

    /// Routes `mv` on `faces` (this board's): the first candidate whose
    /// drawing `fits` (traces to the engine's child), with `child` as its
    /// [`Routed::position`].
    pub(crate) fn route_in(
        &self,
        faces: &Faces,
        mv: &Move,
        opts: &RouteOptions,
        fits: &dyn Fn(&Board) -> bool,
        child: &Position,
        work: &mut u64,
    ) -> Option<Routed> {
        let region = &faces.regions[mv.region];
        let corner = |c: crate::Corner| region[c.boundary][c.index];
        let (a, b) = (corner(mv.from), corner(mv.to));
        let face = FaceGeometry::new(self, faces, mv);
        // Coarse meshes first (fast); finer ones when tethers do not fit.
        for level in 0..4 {
            for reverse in [false, true] {
                // spade 2.15 panicked locating the free points added after
                // refinement (tests/data/fuzz/layout and
                // tests/data/layout/spade-locate-mesh-2.txt; `triangulate`
                // now loads the mesh again with them). Its refinement walks
                // the same way, so a panic there stays, natively, a mesh
                // not built; none has been seen (in wasm it would abort;
                // the `route` fuzz target counts one caught here as a
                // panic: none in 25,600 games).
                let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Mesh::build(self, &face, level)));
                let Some(mut mesh) = built.ok().flatten() else {
                    continue;
                };
                *work += mesh.verts.len() as u64;
                let Some(raw) = mesh.plan(&face, reverse, opts) else {
                    continue;
                };
                for points in mesh.candidates(&face, raw, opts) {
                    if !face.clear(&points) {
                        continue;
                    }
                    let mut board = self.clone();
                    let (at, segment, _) = place_spot(
                        &points,
                        0.5,
                        self.spots(),
                        &face.index,
                        opts.clearance,
                        opts.clearance / 3.0,
                    );
                    let c = board.add_curve(a.spot, b.spot, &points, segment, at);
                    if fits(&board) {
                        face.make_room(&mut board, &points, opts, fits);
                        return Some(Routed {
                            board,
                            position: child.clone(),
                            new_spot: c,
                            points,
                        });
                    }
                }
            }
        }
        None
    }
}

/// Whether a drawing traces to `child` (the plain router's test).
fn is_child(child: &Position) -> impl Fn(&Board) -> bool + '_ {
    move |b: &Board| b.position().is_ok_and(|p| p == *child)
}

/// What a triangle corner at a drawn point lies against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lab {
    /// A point of the triangulation that is not drawn (a Steiner point).
    Free,
    /// The corner sector the curve leaves from / arrives at.
    Start,
    End,
    /// The boundary being split: 0 for the arc from the move's first corner
    /// to its second (it ends up in R1), 1 for the other; for a loop the
    /// whole boundary is 1.
    Arc(u8),
    /// Another boundary of the face.
    Comp(usize),
    /// Anything of a join's two boundaries (joins need no sides).
    Wall,
}

/// A point met walking a boundary: the label of its sector there, and the
/// label of the piece of boundary that follows it.
#[derive(Clone, Copy, Debug)]
struct Pass {
    p: Point,
    lab: Lab,
    along: Lab,
    spot: bool,
}

/// The face of the move, as labelled point sequences (one per boundary).
struct FaceGeometry {
    kind: MoveKind,
    /// Side of each boundary (0 = R1, 1 = R2); the split one has none.
    side: Vec<Option<u8>>,
    /// Each boundary as the points met walking it.
    walks: Vec<Vec<Pass>>,
    /// Start and end spots, with their corner's sector directions.
    start: (Point, Option<(Point, Point)>),
    end: (Point, Option<(Point, Point)>),
    /// Whether the face is bounded (it has an outer walk).
    bounded: bool,
    /// The edges of the face, and an index of them for exact checks and
    /// clearances.
    edges: Vec<usize>,
    index: SegmentIndex,
    /// Spots of the face without edges.
    lone: Vec<Point>,
}

impl FaceGeometry {
    fn new(board: &Board, faces: &Faces, mv: &Move) -> FaceGeometry {
        let region = &faces.regions[mv.region];
        let kind = mv.kind();
        let w = mv.from.boundary;
        let n_w = region[w].len();
        // Forward distance along the split boundary from the first corner.
        let fwd = |i: usize| (i + n_w - mv.from.index) % n_w;
        let span = fwd(mv.to.index);
        // The label of the pass along half-edge i of boundary bi (or, with
        // `at_corner`, of corner i).
        let pass_lab = |bi: usize, i: usize, at_corner: bool| -> Lab {
            match kind {
                MoveKind::Join if bi == mv.from.boundary || bi == mv.to.boundary => Lab::Wall,
                _ if bi != w => Lab::Comp(bi),
                MoveKind::Loop => Lab::Arc(1),
                _ => {
                    let f = fwd(i);
                    let on_first = if at_corner {
                        f > 0 && f < span
                    } else {
                        f < span
                    };
                    Lab::Arc(if on_first { 0 } else { 1 })
                }
            }
        };
        let corner_lab = |bi: usize, i: usize| -> Lab {
            if bi == mv.from.boundary && i == mv.from.index {
                Lab::Start
            } else if bi == mv.to.boundary && i == mv.to.index {
                Lab::End
            } else {
                pass_lab(bi, i, true)
            }
        };
        let mut edges_in_face: Vec<usize> = Vec::new();
        let mut lone = Vec::new();
        let mut walks = Vec::with_capacity(region.len());
        for (bi, bd) in region.iter().enumerate() {
            let mut seq: Vec<Pass> = Vec::new();
            for (i, k) in bd.iter().enumerate() {
                let p = board.spot(k.spot).unwrap_or_default();
                let along = pass_lab(bi, i, false);
                seq.push(Pass {
                    p,
                    lab: corner_lab(bi, i),
                    along,
                    spot: true,
                });
                match k.out {
                    Some(h) => {
                        edges_in_face.push(h / 2);
                        let pts = board.half_points(h);
                        for &q in &pts[1..pts.len() - 1] {
                            seq.push(Pass {
                                p: q,
                                lab: along,
                                along,
                                spot: false,
                            });
                        }
                    }
                    None => lone.push(p),
                }
            }
            walks.push(seq);
        }
        crate::sort::sort(&mut edges_in_face);
        edges_in_face.dedup();
        let sector = |k: &CornerAt| -> (Point, Option<(Point, Point)>) {
            let p = board.spot(k.spot).unwrap_or_default();
            match (k.out, k.into) {
                (Some(o), Some(i)) => (p, Some((board.half_second(o), board.half_second(i ^ 1)))),
                _ => (p, None),
            }
        };
        let outer = faces.outer[mv.region];
        // A loop at an isolated spot has (a c) on both sides, so either side
        // may be the inside; the outer walk of the face must be outside
        // (the loop cannot go round it).
        let swap = kind == MoveKind::Loop
            && region[w].len() == 1
            && outer.is_some_and(|o| mv.inside.binary_search(&o).is_ok());
        let side = (0..region.len())
            .map(|bi| match kind {
                MoveKind::Join => None,
                _ if bi == w => None,
                _ => Some(u8::from(mv.inside.binary_search(&bi).is_ok() == swap)),
            })
            .collect();
        FaceGeometry {
            kind,
            side,
            walks,
            start: sector(&region[mv.from.boundary][mv.from.index]),
            end: sector(&region[mv.to.boundary][mv.to.index]),
            bounded: outer.is_some(),
            index: SegmentIndex::new(board, Some(&edges_in_face)),
            edges: edges_in_face,
            lone,
        }
    }

    /// Distance from p to the drawing of the face, capped at `cap`.
    fn clearance(&self, p: Point, cap: f64) -> f64 {
        let mut d = cap;
        self.index.for_each_near(p, p, cap, &mut |s| {
            d = d.min(point_segment_dist(p, s.a, s.b))
        });
        for &q in &self.lone {
            d = d.min(q.dist(p));
        }
        d
    }

    /// Room around spot c: distance to the drawing of the face, where the
    /// segments that end at c count by their length (beyond that they may
    /// bend), capped at `cap`.
    fn room_at(&self, c: Point, cap: f64) -> f64 {
        let mut d = cap;
        self.index.for_each_near(c, c, cap, &mut |s| {
            d = d.min(if s.a == c {
                s.b.dist(c)
            } else if s.b == c {
                s.a.dist(c)
            } else {
                point_segment_dist(c, s.a, s.b)
            });
        });
        for &q in &self.lone {
            if q != c {
                d = d.min(q.dist(c));
            }
        }
        d
    }

    /// When the new curve runs closer than half the clearance to the
    /// drawing, relaxes the edges of the face and the new ones (keeping the
    /// drawing only if it still traces to the same position).
    fn make_room(&self, board: &mut Board, curve: &[Point], opts: &RouteOptions, fits: &dyn Fn(&Board) -> bool) {
        let r = opts.clearance;
        let (a, b) = (curve[0], curve[curve.len() - 1]);
        let tight = curve
            .iter()
            .filter(|p| p.dist(a) > r && p.dist(b) > r)
            .any(|&p| self.clearance(p, r) < r / 2.0);
        if !tight {
            return;
        }
        let n = board.edges().len();
        let mut edges = self.edges.clone();
        edges.extend([n - 2, n - 1]);
        let mut relaxed = board.clone();
        relaxed.relax(Some(&edges), r);
        if fits(&relaxed) {
            *board = relaxed;
        }
    }

    /// Whether a curve from the start spot to the end spot meets the
    /// drawing only at its ends, and itself not at all (a loop's ends
    /// excepted). Exact.
    fn clear(&self, pts: &[Point]) -> bool {
        let n = pts.len();
        if n < 2 || pts.windows(2).any(|w| w[0] == w[1]) {
            return false;
        }
        let last = n - 2;
        for k in 0..=last {
            let (p, q) = (pts[k], pts[k + 1]);
            let mut ok = true;
            self.index.for_each_near(p, q, 0.0, &mut |s| {
                if !ok || !segments_meet(p, q, s.a, s.b) {
                    return;
                }
                let shared = [(k == 0, p), (k == last, q)]
                    .into_iter()
                    .find(|&(e, x)| e && (x == s.a || x == s.b));
                ok = shared.is_some_and(|(_, x)| {
                    let mine = if x == p { q } else { p };
                    let theirs = if x == s.a { s.b } else { s.a };
                    !fans_overlap(x, mine, theirs)
                });
            });
            if !ok {
                return false;
            }
            for &s in &self.lone {
                let end = (k == 0 && s == p) || (k == last && s == q);
                if !end && segments_meet(p, q, s, s) {
                    return false;
                }
            }
        }
        // Itself: every pair, after a cheap test of their boxes.
        let closed = pts[0] == pts[n - 1];
        for i in 0..=last {
            for j in i + 1..=last {
                let (p, q, r, s) = (pts[i], pts[i + 1], pts[j], pts[j + 1]);
                if p.x.max(q.x) < r.x.min(s.x)
                    || r.x.max(s.x) < p.x.min(q.x)
                    || p.y.max(q.y) < r.y.min(s.y)
                    || r.y.max(s.y) < p.y.min(q.y)
                {
                    continue;
                }
                if j == i + 1 {
                    if fans_overlap(q, p, s) {
                        return false;
                    }
                } else if segments_meet(p, q, r, s)
                    && !(closed && i == 0 && j == last && !fans_overlap(p, q, r))
                {
                    return false;
                }
            }
        }
        true
    }
}

/// A triangulation vertex: drawn points keep their place.
#[derive(Clone, Copy, Debug)]
struct V {
    p: Point2<f64>,
}

impl HasPosition for V {
    type Scalar = f64;
    fn position(&self) -> Point2<f64> {
        self.p
    }
}

impl From<Point2<f64>> for V {
    fn from(p: Point2<f64>) -> V {
        V { p }
    }
}

type Cdt = ConstrainedDelaunayTriangulation<V>;

/// The triangulated face with labels, ready for tethers and paths.
struct Mesh {
    cdt: Cdt,
    /// Per triangle (spade face index): its vertices (counter-clockwise),
    /// the label of each corner, and the neighbour across edge k (from
    /// vertex k to k + 1) unless that edge is drawn.
    verts: Vec<[usize; 3]>,
    labs: Vec<[Lab; 3]>,
    nbr: Vec<[Option<usize>; 3]>,
    inside: Vec<bool>,
    centre: Vec<Point>,
    /// Whether each vertex is drawn (else a Steiner point), and which side
    /// a tether has claimed a Steiner point for.
    drawn: Vec<bool>,
    claimed: Vec<Option<u8>>,
    /// Triangles at the start spot in its corner's sector, counter-clockwise
    /// (a full circle when `circular`).
    start_fan: Vec<usize>,
    circular: bool,
    /// Tether edges (vertex pairs, smaller first): the curve may not cross.
    walls: HashSet<(usize, usize)>,
    /// The triangles the curve may leave its first spot through, and those
    /// it may arrive at its last spot through.
    exits: Vec<usize>,
    entries: Vec<usize>,
    /// The points of an empty loop's stub: the band keeps the loop round them.
    stub_points: Vec<Point>,
}

/// The pseudo-side of frame points, which no strip may touch.
const FRAME: u8 = 2;

fn key(p: Point) -> (u64, u64) {
    (p.x.to_bits(), p.y.to_bits())
}

fn p2(p: Point) -> Point2<f64> {
    Point2::new(p.x, p.y)
}

fn pt(p: Point2<f64>) -> Point {
    Point::new(p.x, p.y)
}

/// The constrained Delaunay triangulation of a face: its points (the
/// first `drawn_count` drawn) and drawn edges, refined for `size` and
/// `level`, with free points added in corridors between close curves.
/// `None` if the edges cross.
fn triangulate(vertices: Vec<V>, edges: Vec<[usize; 2]>, drawn_count: usize, size: f64, level: u32) -> Option<Cdt> {
    let fine = f64::from(level + 1);
    let mut conflict = false;
    let mut cdt = Cdt::try_bulk_load_cdt(vertices, edges.clone(), |_| conflict = true).ok()?;
    if conflict {
        return None;
    }
    let min_area = (size * 1e-4).powi(2);
    let params = RefinementParameters::<f64>::new()
        .keep_constraint_edges()
        .with_angle_limit(AngleLimit::from_deg(22.0))
        .with_min_required_area(min_area)
        .with_max_allowed_area((size / (10.0 * fine)).powi(2))
        .with_max_additional_vertices(20 * drawn_count + 2000);
    cdt.refine(params);
    // Refinement keeps the drawn edges whole, so a corridor between two
    // close curves may be spanned by triangles with drawn corners only;
    // tethers need free points to pass: add the centroids of such
    // triangles (of all those touching the drawing twice, on finer
    // levels).
    for round in 0..=level {
        let need = if round == 0 { 3 } else { 2 };
        let centroids: Vec<V> = cdt
            .inner_faces()
            .filter(|f| {
                f.vertices()
                    .iter()
                    .filter(|v| v.fix().index() < drawn_count)
                    .count()
                    >= need
            })
            // Slivers' centroids lie almost on an edge, too close to it
            // for a path to pass: skip them.
            .filter(|f| {
                let ps = f.positions();
                let (a, b, c) = (pt(ps[0]), pt(ps[1]), pt(ps[2]));
                let area = b.minus(a).cross(c.minus(a)).abs() / 2.0;
                let longest = a.dist(b).max(b.dist(c)).max(c.dist(a));
                area > min_area && 2.0 * area / longest > size * 1e-5
            })
            .map(|f| {
                let ps = f.positions();
                V { p: Point2::new((ps[0].x + ps[1].x + ps[2].x) / 3.0, (ps[0].y + ps[1].y + ps[2].y) / 3.0) }
            })
            .collect();
        if centroids.is_empty() {
            continue;
        }
        // The mesh is loaded again with them rather than given them one
        // by one: spade's walk to a point inserted into a constrained
        // mesh can go round in circles until it panics ("Failed to
        // locate position", fatal in wasm), from the last point inserted
        // (tests/data/fuzz/layout) and from a corner of the point's own
        // triangle alike (tests/data/layout/spade-locate-mesh-2.txt). A
        // bulk load keeps every point at its index and walks no mesh.
        let mut all: Vec<V> = cdt.vertices().map(|v| V { p: v.position() }).collect();
        all.extend(centroids);
        cdt = Cdt::try_bulk_load_cdt(all, edges.clone(), |_| conflict = true).ok()?;
        if conflict {
            return None;
        }
    }
    Some(cdt)
}

impl Mesh {
    /// Triangulates the face. `level` makes the mesh finer.
    fn build(board: &Board, face: &FaceGeometry, level: u32) -> Option<Mesh> {
        let ext: Rect = board.extent();
        let size = (ext.max.x - ext.min.x).max(ext.max.y - ext.min.y).max(1.0);
        let fine = f64::from(level + 1);
        let max_seg = size / (32.0 * fine);
        let mut vertices: Vec<V> = Vec::new();
        let mut ids: HashMap<(u64, u64), usize> = HashMap::new();
        let mut id = |p: Point, vertices: &mut Vec<V>| -> usize {
            *ids.entry(key(p)).or_insert_with(|| {
                vertices.push(V { p: p2(p) });
                vertices.len() - 1
            })
        };
        // Each boundary as vertex ids with labels; long segments subdivided
        // the same way whichever side walks them.
        let mut seqs: Vec<Vec<(usize, Lab)>> = Vec::new();
        let mut edges: Vec<[usize; 2]> = Vec::new();
        let mut seen_edges: HashMap<(usize, usize), ()> = HashMap::new();
        for walk in &face.walks {
            let mut seq = Vec::new();
            let m = walk.len();
            for k in 0..m {
                let Pass {
                    p,
                    lab,
                    along,
                    spot,
                } = walk[k];
                seq.push((id(p, &mut vertices), lab));
                if m == 1 {
                    break;
                }
                let next = walk[(k + 1) % m];
                let q = next.p;
                // A straight edge between two spots gets a point in the middle
                // at least, so that strips can reach its side.
                let least = if spot && next.spot { 2.0 } else { 1.0 };
                let pieces = (p.dist(q) / max_seg).ceil().clamp(least, 64.0) as usize;
                // Subdivide from the smaller end so both sides agree.
                let (lo, hi) = if key(p) < key(q) { (p, q) } else { (q, p) };
                for j in 1..pieces {
                    let k = if lo == p { j } else { pieces - j };
                    let x = lo.lerp(hi, k as f64 / pieces as f64);
                    seq.push((id(x, &mut vertices), along));
                }
            }
            let n = seq.len();
            if n > 1 {
                for k in 0..n {
                    let (u, v) = (seq[k].0, seq[(k + 1) % n].0);
                    if seen_edges.insert((u.min(v), u.max(v)), ()).is_none() {
                        edges.push([u, v]);
                    }
                }
            }
            seqs.push(seq);
        }
        let drawn_count = vertices.len();
        // A collar of Steiner points around the start and end spots, inside
        // their corners' sectors: the curve leaves through the middle of the
        // sector, and a loop finds room next to its spot.
        for &(c, sector) in [&face.start, &face.end] {
            let r = 0.4 * face.room_at(c, size);
            if r.is_nan() || r <= 0.0 {
                continue;
            }
            let (a0, sweep) = match sector {
                Some((from, to)) => {
                    let a0 = (from.y - c.y).atan2(from.x - c.x);
                    let a1 = (to.y - c.y).atan2(to.x - c.x);
                    let mut s = a1 - a0;
                    if s <= 1e-12 {
                        s += std::f64::consts::TAU;
                    }
                    (a0, s)
                }
                None => (0.0, std::f64::consts::TAU),
            };
            let k = ((sweep / (std::f64::consts::PI / 6.0)).ceil() as usize).clamp(5, 12);
            for j in 0..k {
                let ang = a0 + sweep * (j as f64 + 0.5) / k as f64;
                let q = Point::new(c.x + r * ang.cos(), c.y + r * ang.sin());
                if sector.is_none_or(|(from, to)| in_sector(c, from, to, q)) {
                    id(q, &mut vertices);
                }
            }
        }
        if !face.bounded {
            let f = ext.grow(0.04 * size + 20.0);
            let corners = [
                f.min,
                Point::new(f.max.x, f.min.y),
                f.max,
                Point::new(f.min.x, f.max.y),
            ];
            for (i, &p) in corners.iter().enumerate() {
                let q = corners[(i + 1) % 4];
                let pieces = (p.dist(q) / (max_seg * 2.0)).ceil().max(1.0) as usize;
                for j in 0..pieces {
                    id(p.lerp(q, j as f64 / pieces as f64), &mut vertices);
                }
            }
        }
        let cdt = triangulate(vertices, edges, drawn_count, size, level)?;

        let nf = cdt.num_all_faces();
        let nv = cdt.num_vertices();
        let mut mesh = Mesh {
            verts: vec![[0; 3]; nf],
            labs: vec![[Lab::Free; 3]; nf],
            nbr: vec![[None; 3]; nf],
            inside: vec![false; nf],
            centre: vec![Point::default(); nf],
            drawn: (0..nv).map(|i| i < drawn_count).collect(),
            claimed: vec![None; nv],
            start_fan: Vec::new(),
            circular: false,
            walls: HashSet::new(),
            exits: Vec::new(),
            entries: Vec::new(),
            stub_points: Vec::new(),
            cdt,
        };
        // Strips must not touch the frame: it is no boundary of the game, and
        // a strip tied to it would wall off the way round.
        for e in mesh.cdt.convex_hull() {
            for v in [e.from().fix().index(), e.to().fix().index()] {
                if !mesh.drawn[v] {
                    mesh.claimed[v] = Some(FRAME);
                }
            }
        }
        for f in mesh.cdt.inner_faces() {
            let i = f.fix().index();
            let vs = f.vertices();
            mesh.verts[i] = [
                vs[0].fix().index(),
                vs[1].fix().index(),
                vs[2].fix().index(),
            ];
            let ps = f.positions();
            mesh.centre[i] = Point::new(
                (ps[0].x + ps[1].x + ps[2].x) / 3.0,
                (ps[0].y + ps[1].y + ps[2].y) / 3.0,
            );
            for (k, e) in f.adjacent_edges().iter().enumerate() {
                if !e.is_constraint_edge() {
                    mesh.nbr[i][k] = e.rev().face().as_inner().map(|g| g.index());
                }
            }
        }
        // Label each pass's sector: from the edge to the next point, turn
        // counter-clockwise until a drawn edge.
        for seq in &seqs {
            let n = seq.len();
            for k in 0..n {
                let (v, lab) = seq[k];
                let first = if n == 1 {
                    mesh.cdt
                        .vertex(FixedVertexHandle::from_index(v))
                        .out_edge()?
                        .fix()
                } else {
                    let w = seq[(k + 1) % n].0;
                    mesh.cdt
                        .get_edge_from_neighbors(
                            FixedVertexHandle::from_index(v),
                            FixedVertexHandle::from_index(w),
                        )?
                        .fix()
                };
                let fan = mesh.sweep(first, v, lab, n == 1);
                if lab == Lab::Start {
                    mesh.start_fan = fan;
                    mesh.circular = n == 1;
                }
            }
        }
        // The face: everything reachable from a labelled triangle.
        let mut stack: Vec<usize> = (0..nf)
            .filter(|&i| mesh.labs[i].iter().any(|&l| l != Lab::Free))
            .collect();
        for &i in &stack {
            mesh.inside[i] = true;
        }
        while let Some(i) = stack.pop() {
            for j in mesh.nbr[i].into_iter().flatten() {
                if !mesh.inside[j] {
                    mesh.inside[j] = true;
                    stack.push(j);
                }
            }
        }
        if mesh.start_fan.is_empty() {
            return None;
        }
        Some(mesh)
    }

    /// Labels the corners at vertex v of the triangles counter-clockwise
    /// from edge `first` up to the next drawn edge; returns them in order.
    fn sweep(
        &mut self,
        first: FixedDirectedEdgeHandle,
        v: usize,
        lab: Lab,
        full: bool,
    ) -> Vec<usize> {
        let mut fan = Vec::new();
        let mut e = self.cdt.directed_edge(first);
        while let Some(f) = e.face().as_inner() {
            let i = f.index();
            if let Some(k) = self.verts[i].iter().position(|&x| x == v) {
                self.labs[i][k] = lab;
            }
            fan.push(i);
            e = e.ccw();
            if e.fix() == first || (!full && e.is_constraint_edge()) || fan.len() > 10_000 {
                break;
            }
        }
        fan
    }

    fn vertex(&self, v: usize) -> Point {
        pt(self.cdt.vertex(FixedVertexHandle::from_index(v)).position())
    }

    /// Whether the edge from vertex u to vertex v may be crossed.
    fn open(&self, u: usize, v: usize) -> bool {
        !self.walls.contains(&(u.min(v), u.max(v)))
    }

    /// Plans the raw curve (through centroids and edge midpoints).
    fn plan(
        &mut self,
        face: &FaceGeometry,
        reverse: bool,
        opts: &RouteOptions,
    ) -> Option<Vec<Point>> {
        let n_b = face.walks.len();
        let mut tethered: Vec<Option<u8>> = vec![None; n_b];
        let mut order: Vec<usize> = (0..n_b).filter(|&b| face.side[b].is_some()).collect();
        if reverse {
            order.reverse();
        }
        // For a loop, what goes inside first: it fixes the fan edge.
        crate::sort::sort_by_key(&mut order, |&b| face.kind == MoveKind::Loop && face.side[b] != Some(0));
        let mut door = None;
        if face.kind == MoveKind::Loop {
            let spot = face.start.0;
            let first_inside = order.first().copied().filter(|&b| face.side[b] == Some(0));
            let edge = match first_inside {
                Some(b) => {
                    let path = self.tether(face, b, 0, &tethered, true)?;
                    tethered[b] = Some(0);
                    let n = path.len();
                    (path[n - 1], path[n - 2])
                }
                None => self.stub(face, 2.0 * opts.clearance)?,
            };
            debug_assert!(self.vertex(edge.0) == spot);
            door = Some(self.door(edge)?);
        }
        for &b in &order {
            if tethered[b].is_none() {
                let s = face.side[b]?;
                self.tether(face, b, s, &tethered, false)?;
                tethered[b] = Some(s);
            }
        }
        match door {
            Some((x, y)) => (self.exits, self.entries) = (vec![x], vec![y]),
            None => {
                self.exits = self.start_fan.clone();
                self.entries = (0..self.verts.len())
                    .filter(|&i| self.inside[i] && self.labs[i].contains(&Lab::End))
                    .collect();
            }
        }
        // The curve: clear space costs less.
        let r = opts.clearance.max(1e-9);
        let weight: Vec<f64> = (0..self.verts.len())
            .map(|i| {
                if self.inside[i] {
                    (r / face.clearance(self.centre[i], r).clamp(r * 1e-3, r)).powi(2)
                } else {
                    0.0
                }
            })
            .collect();
        let entries = self.entries.clone();
        let path = self.search(&self.exits.clone(), |i| entries.contains(&i), |i| weight[i])?;
        // Leave the start spot from the last exit triangle on the path and
        // arrive by the first entry after it (a loop uses its door).
        let (s, e) = if door.is_some() {
            (0, path.len() - 1)
        } else {
            let s = path.iter().rposition(|i| self.exits.contains(i))?;
            let e = s + path[s..].iter().position(|i| entries.contains(i))?;
            (s, e)
        };
        let path = &path[s..=e];
        let mut pts = vec![face.start.0, self.centre[path[0]]];
        for w in path.windows(2) {
            let k = self.nbr[w[0]].iter().position(|&x| x == Some(w[1]))?;
            let (u, v) = (self.verts[w[0]][k], self.verts[w[0]][(k + 1) % 3]);
            pts.push(self.vertex(u).lerp(self.vertex(v), 0.5));
            pts.push(self.centre[w[1]]);
        }
        pts.push(face.end.0);
        Some(pts)
    }

    /// The triangles on either side of the fan edge (spot, x) of a loop: the
    /// one clockwise of it (where the loop leaves) and the one
    /// counter-clockwise (where it returns), so that what is tied to the
    /// edge ends up inside.
    fn door(&self, (a, x): (usize, usize)) -> Option<(usize, usize)> {
        let m = self.start_fan.len();
        let holds_edge = |t: usize| {
            let vs = self.verts[t];
            (0..3).any(|k| vs[k] == a && vs[(k + 1) % 3] == x)
        };
        // Fan triangle j lies counter-clockwise of its edge a→vs[k+1].
        let j = (0..m).find(|&j| holds_edge(self.start_fan[j]))?;
        let before = if j > 0 {
            j - 1
        } else if self.circular {
            m - 1
        } else {
            return None;
        };
        Some((self.start_fan[before], self.start_fan[j]))
    }

    /// For a loop with nothing inside: a wall from the spot through free
    /// Steiner points to the roomiest one within `reach`, for the loop to go
    /// round. Returns the wall's first edge.
    fn stub(&mut self, face: &FaceGeometry, reach: f64) -> Option<(usize, usize)> {
        let adj = self.adjacency();
        let t = *self.start_fan.first()?;
        let a = self.verts[t][self.labs[t].iter().position(|&l| l == Lab::Start)?];
        let free = |m: &Mesh, v: usize| !m.drawn[v] && m.claimed[v].is_none();
        let n = self.drawn.len();
        let mut dist = vec![f64::INFINITY; n];
        let mut prev = vec![usize::MAX; n];
        let mut heap = BinaryHeap::new();
        for &(x, la, _) in &adj[a] {
            if la == Lab::Start && free(self, x) && self.door_ok(a, x) {
                dist[x] = self.vertex(a).dist(self.vertex(x));
                prev[x] = a;
                heap.push(Item(dist[x], x));
            }
        }
        let mut best: Option<(f64, usize)> = None;
        while let Some(Item(d, v)) = heap.pop() {
            if d > dist[v] {
                continue;
            }
            let room = face.clearance(self.vertex(v), reach);
            if best.is_none_or(|(r, _)| room > r) {
                best = Some((room, v));
            }
            for &(w, _, _) in &adj[v] {
                let nd = d + self.vertex(v).dist(self.vertex(w));
                if free(self, w) && nd < dist[w] && nd <= reach {
                    dist[w] = nd;
                    prev[w] = v;
                    heap.push(Item(nd, w));
                }
            }
        }
        let (_, mut v) = best?;
        let mut first = v;
        while v != a {
            let u = prev[v];
            self.claimed[v] = Some(0);
            self.stub_points.push(self.vertex(v));
            self.walls.insert((u.min(v), u.max(v)));
            first = v;
            v = u;
        }
        Some((a, first))
    }

    /// The triangulation edges inside the face, from each vertex, with the
    /// labels of the sectors of both ends that they lie in.
    fn adjacency(&self) -> Vec<Vec<(usize, Lab, Lab)>> {
        let mut adj: Vec<Vec<(usize, Lab, Lab)>> = vec![Vec::new(); self.drawn.len()];
        for t in 0..self.verts.len() {
            if !self.inside[t] {
                continue;
            }
            for k in 0..3 {
                let Some(o) = self.nbr[t][k] else { continue };
                if !self.inside[o] {
                    continue;
                }
                let (u, v) = (self.verts[t][k], self.verts[t][(k + 1) % 3]);
                adj[u].push((v, self.labs[t][k], self.labs[t][(k + 1) % 3]));
            }
        }
        adj
    }

    /// Whether the fan edge a→x has a fan triangle on both sides.
    fn door_ok(&self, a: usize, x: usize) -> bool {
        self.door((a, x)).is_some()
    }

    /// Ties boundary b to side s by a path of edges through free Steiner
    /// points, ending at something already on side s. `to_spot`: a loop's
    /// first inside boundary, tied to the loop's spot. Returns the path's
    /// vertices, from b to the anchor.
    fn tether(
        &mut self,
        face: &FaceGeometry,
        b: usize,
        s: u8,
        tethered: &[Option<u8>],
        to_spot: bool,
    ) -> Option<Vec<usize>> {
        let loop_move = face.kind == MoveKind::Loop;
        // A drawn vertex, reached along an edge in sector `lab`, ends the
        // path if it is on side s.
        let anchor = |lab: Lab| match lab {
            Lab::Comp(x) => x != b && tethered[x] == Some(s),
            Lab::Arc(x) => x == s,
            Lab::Start => loop_move && (to_spot || s == 1),
            _ => false,
        };
        let adj = self.adjacency();
        let free = |m: &Mesh, v: usize| !m.drawn[v] && m.claimed[v].is_none();
        let joins = |m: &Mesh, v: usize| !m.drawn[v] && m.claimed[v] == Some(s);
        // Dijkstra over vertices; drawn vertices only at the two ends.
        let n = self.drawn.len();
        let mut dist = vec![f64::INFINITY; n];
        let mut prev = vec![usize::MAX; n];
        let mut heap = BinaryHeap::new();
        let mut found: Option<(usize, usize)> = None;
        'sources: for (u, edges) in adj.iter().enumerate() {
            if !self.drawn[u] {
                continue;
            }
            for &(v, lu, lv) in edges {
                if lu != Lab::Comp(b) {
                    continue;
                }
                let d = self.vertex(u).dist(self.vertex(v));
                if (self.drawn[v] && anchor(lv)) || joins(self, v) {
                    found = Some((u, v));
                    break 'sources;
                }
                if free(self, v) && d < dist[v] {
                    dist[v] = d;
                    prev[v] = u;
                    heap.push(Item(d, v));
                }
            }
        }
        while found.is_none() {
            let Some(Item(d, v)) = heap.pop() else { break };
            if d > dist[v] {
                continue;
            }
            for &(w, _, lw) in &adj[v] {
                if (self.drawn[w] && anchor(lw)) || joins(self, w) {
                    found = Some((v, w));
                    break;
                }
                if !free(self, w) {
                    continue;
                }
                let nd = d + self.vertex(v).dist(self.vertex(w));
                if nd < dist[w] {
                    dist[w] = nd;
                    prev[w] = v;
                    heap.push(Item(nd, w));
                }
            }
        }
        let (last, end) = found?;
        let mut path = vec![end, last];
        let mut v = last;
        while prev[v] != usize::MAX {
            v = prev[v];
            path.push(v);
        }
        path.reverse();
        for w in path.windows(2) {
            self.walls.insert((w[0].min(w[1]), w[0].max(w[1])));
        }
        for &v in &path {
            if !self.drawn[v] {
                self.claimed[v] = Some(s);
            }
        }
        Some(path)
    }

    /// Shortest path in the dual graph (centroid distances times the weight
    /// of the triangle entered), crossing no drawn edge and no tether.
    fn search(
        &self,
        sources: &[usize],
        is_target: impl Fn(usize) -> bool,
        weight: impl Fn(usize) -> f64,
    ) -> Option<Vec<usize>> {
        let n = self.verts.len();
        let mut dist = vec![f64::INFINITY; n];
        let mut prev = vec![usize::MAX; n];
        let mut heap = BinaryHeap::new();
        for &s in sources {
            if s < n && self.inside[s] {
                dist[s] = 0.0;
                heap.push(Item(0.0, s));
            }
        }
        while let Some(Item(d, i)) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            if is_target(i) {
                let mut path = vec![i];
                let mut j = i;
                while prev[j] != usize::MAX {
                    j = prev[j];
                    path.push(j);
                }
                path.reverse();
                return Some(path);
            }
            for k in 0..3 {
                let Some(j) = self.nbr[i][k] else { continue };
                if !self.inside[j] || !self.open(self.verts[i][k], self.verts[i][(k + 1) % 3]) {
                    continue;
                }
                let nd = d + self.centre[i].dist(self.centre[j]) * weight(j);
                if nd < dist[j] {
                    dist[j] = nd;
                    prev[j] = i;
                    heap.push(Item(nd, j));
                }
            }
        }
        None
    }

    /// Whether q lies in triangle t (or on its edges).
    fn holds(&self, t: usize, q: Point) -> bool {
        let [a, b, c] = self.verts[t].map(|v| self.vertex(v));
        orient(a, b, q) >= 0.0 && orient(b, c, q) >= 0.0 && orient(c, a, q) >= 0.0
    }

    /// Whether a curve from the start spot to the end spot runs through the
    /// face crossing no drawn edge and no tether: it leaves through an exit
    /// triangle and arrives through an entry one. Such a curve puts every
    /// boundary on the same side as the planned one.
    fn follows(&self, pts: &[Point]) -> bool {
        let n = pts.len();
        if n < 2 {
            return false;
        }
        // The exit triangle whose angle at the start spot holds the first
        // direction.
        let a = pts[0];
        let wedge = |t: usize| {
            let vs = self.verts[t].map(|v| self.vertex(v));
            (0..3).any(|k| {
                vs[k] == a
                    && orient(a, vs[(k + 1) % 3], pts[1]) > 0.0
                    && orient(vs[(k + 2) % 3], a, pts[1]) > 0.0
            })
        };
        let Some(mut t) = self.exits.iter().copied().find(|&t| wedge(t)) else {
            return false;
        };
        for w in pts.windows(2) {
            let (p, q) = (w[0], w[1]);
            let mut steps = 0;
            while !self.holds(t, q) {
                steps += 1;
                if steps > self.verts.len() {
                    return false;
                }
                // The edge the segment leaves t through.
                let vs = self.verts[t].map(|v| self.vertex(v));
                let mut next = None;
                for k in 0..3 {
                    let (u, v) = (vs[k], vs[(k + 1) % 3]);
                    if orient(u, v, q) < 0.0 {
                        let (ou, ov) = (orient(p, q, u), orient(p, q, v));
                        if (ou == 0.0 && u != p) || (ov == 0.0 && v != p) {
                            return false; // through a vertex: refuse rather than decide
                        }
                        if (ou > 0.0 && ov < 0.0) || (ou < 0.0 && ov > 0.0) {
                            next = Some(k);
                        }
                    }
                }
                let Some(k) = next else { return false };
                match self.nbr[t][k] {
                    Some(u)
                        if self.inside[u]
                            && self.open(self.verts[t][k], self.verts[t][(k + 1) % 3]) =>
                    {
                        t = u
                    }
                    _ => return false,
                }
            }
        }
        self.entries.contains(&t)
    }

    /// Curves to try, best first: the planned path relaxed as an elastic
    /// band (simplified, then as it is); failing those, the planned path
    /// smoothed within its triangles, then the planned path itself.
    fn candidates<'c>(
        &'c self,
        face: &'c FaceGeometry,
        raw: Vec<Point>,
        opts: &RouteOptions,
    ) -> impl Iterator<Item = Vec<Point>> + 'c {
        let mut spots = face.lone.clone();
        spots.extend_from_slice(&self.stub_points);
        // Every spot of the face, with edges or without, for the band's
        // margin from spots (plain loops: smaller in wasm than an iterator
        // chain, docs/release.md session 31).
        let mut discs = Vec::new();
        for walk in &face.walks {
            for w in walk {
                if w.spot {
                    discs.push(w.p);
                }
            }
        }
        let obstacles = Obstacles {
            index: &face.index,
            spots: &spots,
            skip: None,
            discs: &discs,
        };
        // Near its ends the path sits in the right corner; leave it there.
        let keep = [
            0.5 * face.room_at(face.start.0, opts.clearance),
            0.5 * face.room_at(face.end.0, opts.clearance),
        ];
        // The band deforms its start without passing over anything, so it
        // may start from a simpler path if that one is equivalent.
        let start = Some(simplify(&raw, 1.0))
            .filter(|c| self.follows(c))
            .unwrap_or_else(|| raw.clone());
        let relaxed = band(&start, &obstacles, opts.clearance, keep);
        let fallback = move || {
            let smooth = chaikin(&chaikin(&chaikin(&raw)));
            [simplify(&smooth, 0.25), smooth, raw]
                .into_iter()
                .filter(|c| self.follows(c))
        };
        [simplify(&relaxed, 0.2), relaxed]
            .into_iter()
            .chain(std::iter::once(fallback).flat_map(|f| f()))
    }
}

#[derive(PartialEq)]
struct Item(f64, usize);

impl Eq for Item {}

impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

/// Reversed, so that `BinaryHeap` pops the smallest distance first.
impl Ord for Item {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.0.total_cmp(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The faces on which spade 2.15 panicked adding free points one by
    /// one (tests/data/layout/spade-locate-mesh.txt, from a fuzzed
    /// labelled position, with spade's own start for each walk;
    /// spade-locate-mesh-2.txt, from a random game, with each walk
    /// started next to its point): they triangulate now, with every drawn
    /// point kept at its index, every drawn edge still an edge, and free
    /// points added.
    #[test]
    fn faces_that_made_spade_panic_triangulate() {
        for (name, count) in [("spade-locate-mesh.txt", 4934), ("spade-locate-mesh-2.txt", 569)] {
            let path = format!("{}/tests/data/layout/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).expect("the mesh file");
            let mut lines = text.lines().filter(|l| !l.starts_with('#'));
            let head: Vec<&str> = lines.next().expect("a header").split(' ').collect();
            let (level, size, drawn): (u32, f64, usize) =
                (head[0].parse().unwrap(), head[1].parse().unwrap(), head[2].parse().unwrap());
            let (mut vertices, mut edges) = (Vec::new(), Vec::new());
            for line in lines {
                let w: Vec<&str> = line.split(' ').collect();
                match w[0] {
                    "v" => vertices.push(V { p: Point2::new(w[1].parse().unwrap(), w[2].parse().unwrap()) }),
                    "e" => edges.push([w[1].parse::<usize>().unwrap(), w[2].parse().unwrap()]),
                    other => panic!("unexpected line kind {other}"),
                }
            }
            assert_eq!(vertices.len(), count, "{name}");
            let points: Vec<Point2<f64>> = vertices.iter().map(|v| v.p).collect();
            let cdt = triangulate(vertices, edges.clone(), drawn, size, level).expect("a mesh");
            assert!(cdt.num_vertices() > points.len(), "{name}: free points were added");
            for (i, (v, p)) in cdt.vertices().zip(&points).enumerate() {
                assert_eq!(v.position(), *p, "{name}: point {i} moved");
            }
            let handles: Vec<FixedVertexHandle> = cdt.fixed_vertices().collect();
            for [a, b] in edges {
                let e = cdt.get_edge_from_neighbors(handles[a], handles[b]);
                assert!(e.is_some_and(|e| e.is_constraint_edge()), "{name}: drawn edge {a}-{b} lost");
            }
        }
    }
}
