//! Tracing a drawing on the fundamental square into the engine's
//! position on the surface (the method is in the parent module's notes).

use super::{Side, SurfaceBoard, SIDES};
use crate::board::geom::{angle_cmp, winding, Point};
use crate::surfaces::{self, Surface, SurfacePosition, SurfaceRegion};
use crate::topology::Spot;

impl SurfaceBoard {
    /// The position the drawing shows, traced exactly (see the module notes).
    pub fn position(&self) -> Result<SurfacePosition, String> {
        let s = self.size;
        let n = self.spots.len();
        // Plane graph G′: spots, side points, corners; pieces and side pieces.
        let mut verts: Vec<Point> = self.spots.clone();
        #[derive(Clone, Copy, PartialEq)]
        enum Kind {
            Piece { edge: usize, forward_first: bool, forward_last: bool },
            Side(Side),
        }
        let mut pedges: Vec<(usize, usize, Vec<Point>, Kind)> = Vec::new();
        let mut on_side: Vec<Vec<(f64, usize)>> = vec![Vec::new(); 4];
        let side_index = |x: Side| SIDES.iter().position(|&y| y == x).expect("a side");
        let vertex_at = |verts: &mut Vec<Point>, on_side: &mut Vec<Vec<(f64, usize)>>, p: Point| -> Result<usize, String> {
            match self.side_of(p) {
                None => Err("a piece of a line ends inside the square".to_string()),
                Some(side) => {
                    verts.push(p);
                    let along = if matches!(side, Side::Left | Side::Right) { p.y } else { p.x };
                    on_side[side_index(side)].push((along, verts.len() - 1));
                    Ok(verts.len() - 1)
                }
            }
        };
        for (ei, e) in self.edges.iter().enumerate() {
            let m = e.pieces.len();
            for (k, p) in e.pieces.iter().enumerate() {
                let u = if k == 0 { e.ends[0] as usize - 1 } else { vertex_at(&mut verts, &mut on_side, p[0])? };
                let v = if k == m - 1 { e.ends[1] as usize - 1 } else { vertex_at(&mut verts, &mut on_side, p[p.len() - 1])? };
                pedges.push((u, v, p.clone(), Kind::Piece { edge: ei, forward_first: k == 0, forward_last: k == m - 1 }));
            }
        }
        let corners = [Point::new(0.0, 0.0), Point::new(s, 0.0), Point::new(0.0, s), Point::new(s, s)];
        let corner_v: Vec<usize> = corners
            .iter()
            .map(|&c| {
                verts.push(c);
                verts.len() - 1
            })
            .collect();
        for side in SIDES {
            let (a, b) = match side {
                Side::Left => (corner_v[0], corner_v[2]),
                Side::Right => (corner_v[1], corner_v[3]),
                Side::Top => (corner_v[0], corner_v[1]),
                Side::Bottom => (corner_v[2], corner_v[3]),
            };
            let list = &mut on_side[side_index(side)];
            list.sort_by(|x, y| x.0.total_cmp(&y.0));
            let mut chain = vec![a];
            chain.extend(list.iter().map(|x| x.1));
            chain.push(b);
            for w in chain.windows(2) {
                pedges.push((w[0], w[1], vec![verts[w[0]], verts[w[1]]], Kind::Side(side)));
            }
        }
        let nv = verts.len();
        let halves = 2 * pedges.len();
        let origin = |h: usize| if h.is_multiple_of(2) { pedges[h / 2].0 } else { pedges[h / 2].1 };
        let pts = |h: usize| -> Vec<Point> {
            let mut p = pedges[h / 2].2.clone();
            if h % 2 == 1 {
                p.reverse();
            }
            p
        };
        let second = |h: usize| {
            let p = &pedges[h / 2].2;
            if h.is_multiple_of(2) {
                p[1]
            } else {
                p[p.len() - 2]
            }
        };
        let mut rot: Vec<Vec<usize>> = vec![Vec::new(); nv];
        for h in 0..halves {
            rot[origin(h)].push(h);
        }
        for (v, r) in rot.iter_mut().enumerate() {
            let c = verts[v];
            r.sort_by(|&g, &h| angle_cmp(c, second(g), second(h)));
            if v < n && r.len() > 3 {
                return Err(format!("more than three lines end at spot {}", v + 1));
            }
        }
        let mut place = vec![0usize; halves];
        for r in &rot {
            for (k, &h) in r.iter().enumerate() {
                place[h] = k;
            }
        }
        let next = |h: usize| {
            let t = h ^ 1;
            let r = &rot[origin(t)];
            r[(place[t] + r.len() - 1) % r.len()]
        };
        let mut walk_of = vec![usize::MAX; halves];
        let mut walks: Vec<Vec<usize>> = Vec::new();
        for h in 0..halves {
            if walk_of[h] != usize::MAX {
                continue;
            }
            let mut w = Vec::new();
            let mut g = h;
            while walk_of[g] == usize::MAX {
                walk_of[g] = walks.len();
                w.push(g);
                g = next(g);
            }
            walks.push(w);
        }
        // Components of G′, so that a hole is not tested against its own walks.
        let mut comp: Vec<usize> = (0..nv).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for e in &pedges {
            let (a, b) = (find(&mut comp, e.0), find(&mut comp, e.1));
            comp[a] = b;
        }
        // Faces: one per walk of positive area (bounded), plus the outside.
        let mut outers: Vec<(usize, Vec<Point>, f64, usize)> = Vec::new();
        let mut holes: Vec<(Option<usize>, Point, usize)> = Vec::new();
        for (wi, w) in walks.iter().enumerate() {
            let mut poly = Vec::new();
            let mut area = 0.0;
            for &h in w {
                let p = pts(h);
                if !w.contains(&(h ^ 1)) {
                    area += p.windows(2).map(|x| x[0].cross(x[1])).sum::<f64>();
                }
                poly.extend_from_slice(&p[..p.len() - 1]);
            }
            let c = find(&mut comp, origin(w[0]));
            if area > 0.0 {
                outers.push((wi, poly, area, c));
            } else {
                holes.push((Some(wi), verts[origin(w[0])], c));
            }
        }
        for v in 0..n {
            if rot[v].is_empty() {
                let c = find(&mut comp, v);
                holes.push((None, verts[v], c));
            }
        }
        let outside = outers.len();
        let mut face_of_walk = vec![outside; walks.len()];
        let mut face_walks = vec![1usize; outers.len() + 1];
        face_walks[outside] = 0;
        let mut spot_face = vec![usize::MAX; n];
        for (k, o) in outers.iter().enumerate() {
            face_of_walk[o.0] = k;
        }
        for (hole, p, c) in holes {
            let mut best: Option<(f64, usize)> = None;
            for (k, o) in outers.iter().enumerate() {
                if o.3 == c || best.is_some_and(|(a, _)| a <= o.2) {
                    continue;
                }
                if winding(&o.1, p) != 0 {
                    best = Some((o.2, k));
                }
            }
            let k = best.map_or(outside, |b| b.1);
            face_walks[k] += 1;
            match hole {
                Some(wi) => face_of_walk[wi] = k,
                None => {
                    let v = verts.iter().position(|&q| q == p).unwrap_or(0);
                    spot_face[v] = k;
                }
            }
        }
        // Regions: faces glued across side pieces, with parity for orientation.
        let nf = outers.len() + 1;
        let mut parent: Vec<usize> = (0..nf).collect();
        let mut parity = vec![false; nf];
        let mut twisted = vec![false; nf];
        fn root(parent: &mut [usize], parity: &mut [bool], x: usize) -> (usize, bool) {
            if parent[x] == x {
                return (x, false);
            }
            let (r, p) = root(parent, parity, parent[x]);
            parent[x] = r;
            parity[x] ^= p;
            (r, parity[x])
        }
        let inner_face = |h: usize| {
            let (a, b) = (face_of_walk[walk_of[h]], face_of_walk[walk_of[h ^ 1]]);
            if a == outside {
                b
            } else {
                a
            }
        };
        let mut glued = vec![0usize; nf];
        for (i, e) in pedges.iter().enumerate() {
            let Kind::Side(side) = e.3 else { continue };
            if !matches!(side, Side::Left | Side::Top) {
                continue;
            }
            let mid = e.2[0].lerp(e.2[1], 0.5);
            let g = self.glue(side, mid);
            let partner = pedges
                .iter()
                .position(|f| {
                    matches!(f.3, Kind::Side(x) if x != side && self.side_of(g) == Some(x))
                        && between(g, f.2[0], f.2[1])
                })
                .ok_or("a glued side does not match its partner")?;
            let (fa, fb) = (inner_face(2 * i), inner_face(2 * partner));
            let flip = self.flipped(side);
            let (ra, pa) = root(&mut parent, &mut parity, fa);
            let (rb, pb) = root(&mut parent, &mut parity, fb);
            if ra == rb {
                if pa ^ pb ^ flip {
                    twisted[ra] = true;
                }
            } else {
                parent[ra] = rb;
                parity[ra] = pa ^ pb ^ flip;
                twisted[rb] |= twisted[ra];
            }
            glued[fa] += 1;
        }
        let mut corner_count = vec![0usize; nf];
        let classes: Vec<Vec<usize>> = if self.surface == Surface::Projective { vec![vec![0, 3], vec![1, 2]] } else { vec![vec![0, 1, 2, 3]] };
        for class in classes {
            let v = corner_v[class[0]];
            corner_count[inner_face(rot[v][0])] += 1;
        }
        // Boundaries: the drawing's face walks on the surface, signed.
        let ne = self.edges.len();
        let sigma: Vec<bool> = self
            .edges
            .iter()
            .map(|e| {
                e.pieces[..e.pieces.len() - 1]
                    .iter()
                    .filter(|p| self.side_of(p[p.len() - 1]).is_some_and(|x| self.flipped(x)))
                    .count()
                    % 2
                    == 1
            })
            .collect();
        // Surface darts at spots, in the planar rotation: 2e forward, 2e+1 back.
        let mut srot: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut plane_of_sdart = vec![usize::MAX; 2 * ne];
        for (v, r) in rot.iter().enumerate().take(n) {
            for &h in r {
                if let Kind::Piece { edge, forward_first, forward_last } = pedges[h / 2].3 {
                    let d = if h % 2 == 0 && forward_first {
                        2 * edge
                    } else if h % 2 == 1 && forward_last {
                        2 * edge + 1
                    } else {
                        continue;
                    };
                    plane_of_sdart[d] = h;
                    srot[v].push(d);
                }
            }
        }
        let mut splace = vec![0usize; 2 * ne];
        for r in &srot {
            for (k, &d) in r.iter().enumerate() {
                splace[d] = k;
            }
        }
        let sorigin = |d: usize| self.edges[d / 2].ends[d % 2] as usize - 1;
        // The planar face of the sector at v between rot[k] and rot[k+1]:
        // the walk that leaves by rot[k].
        let sector_face = |v: usize, k: usize| face_of_walk[walk_of[plane_of_sdart[srot[v][k]]]];
        let mut seen = vec![[false; 2]; 2 * ne];
        // Per region: each boundary's word and its least sector (for a stable order).
        type Bound = (Vec<Spot>, (usize, usize));
        let mut region_bounds: Vec<Vec<Bound>> = vec![Vec::new(); nf];
        let mut taken: std::collections::HashSet<(usize, usize)> = Default::default();
        for d0 in 0..2 * ne {
            for f0 in [true, false] {
                if seen[d0][usize::from(!f0)] {
                    continue;
                }
                // Orbit of (dart, flag): flag true turns clockwise (face on the left).
                let (mut d, mut f) = (d0, f0);
                let mut word = Vec::new();
                let mut sectors = Vec::new();
                let mut first: Option<(usize, usize, bool)> = None;
                while !seen[d][usize::from(!f)] {
                    seen[d][usize::from(!f)] = true;
                    let v = sorigin(d);
                    word.push(v as Spot + 1);
                    let t = d ^ 1;
                    let f2 = f ^ sigma[d / 2];
                    let w = sorigin(t);
                    let r = &srot[w];
                    let len = r.len();
                    let (nd, k) = if f2 { (r[(splace[t] + len - 1) % len], (splace[t] + len - 1) % len) } else { (r[(splace[t] + 1) % len], splace[t]) };
                    sectors.push((w, k));
                    if first.is_none() {
                        first = Some((w, k, f2));
                    }
                    d = nd;
                    f = f2;
                }
                // The word lists the spots left from; rotate it so the
                // visits line up (each spot is left right after its sector).
                let key = *sectors.iter().min().expect("a sector");
                if taken.contains(&key) {
                    continue;
                }
                let (w, k, flag) = first.expect("a visit");
                let face = sector_face(w, k);
                let (r, p) = root(&mut parent, &mut parity, face);
                if !twisted[r] && flag == p {
                    // The other direction of this boundary keeps the region's orientation.
                    continue;
                }
                taken.insert(key);
                region_bounds[r].push((word, key));
            }
        }
        for v in 0..n {
            if rot[v].is_empty() {
                let (r, _) = root(&mut parent, &mut parity, spot_face[v]);
                region_bounds[r].push((vec![v as Spot + 1], (v, usize::MAX)));
            }
        }
        let mut chi = vec![0i64; nf];
        for fc in 0..nf {
            if fc == outside {
                continue;
            }
            let (r, _) = root(&mut parent, &mut parity, fc);
            chi[r] += 2 - face_walks[fc] as i64 - glued[fc] as i64 + corner_count[fc] as i64;
        }
        let mut regions = Vec::new();
        for r in 0..nf {
            if r == outside || root(&mut parent, &mut parity, r).0 != r {
                continue;
            }
            let b = region_bounds[r].len() as i64;
            if b == 0 {
                return Err("a region with no boundary".into());
            }
            let e = 2 - chi[r] - b;
            let genus = if twisted[r] {
                -e
            } else if e % 2 == 0 {
                e / 2
            } else {
                return Err(format!("an orientable region of odd Euler genus {e}"));
            };
            if e < 0 || genus.abs() > surfaces::MAX_GENUS as i64 {
                return Err(format!("a region of Euler genus {e}"));
            }
            let mut bs: Vec<Bound> = std::mem::take(&mut region_bounds[r]);
            bs.sort_by_key(|x| x.1);
            regions.push(SurfaceRegion { genus: genus as i8, boundaries: bs.into_iter().map(|x| x.0).collect() });
        }
        let lives = (1..=n as Spot).map(|s| self.lives(s)).collect();
        Ok(SurfacePosition { lives, regions })
    }
}

/// Whether p lies on the axis-parallel segment a–b.
fn between(p: Point, a: Point, b: Point) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

