//! A slow, obviously correct reference move generator, independent of the
//! engine's (it never calls `play`, `legal_moves`, `children` or
//! `representative_moves`; it uses `Position::new_labelled` and `Canon::of`
//! only to compare its results with the engine's).
//!
//! The drawing is an explicit planar map given by a rotation system:
//! - every edge is two darts (half-edges) `d` and `d ^ 1`, one leaving each
//!   end; `org[d]` is the vertex `d` leaves;
//! - every vertex lists the darts leaving it in counter-clockwise order
//!   (`rot`); sigma(e) is the dart after `e` in that order;
//! - a face walk goes from dart `d` to `next(d) = sigma(d ^ 1)`: arrive at a
//!   vertex and leave by the next edge counter-clockwise from the one you came
//!   in on, i.e. the sharpest right turn, which keeps the face on the right
//!   (Dan Hoey's left-hand order);
//! - a *corner* is the angle between a dart and the next one in rotation
//!   order (an isolated vertex has one corner); the walk through it leaves by
//!   that next dart.
//!
//! There are no coordinates, so which walks bound the same face cannot be
//! recomputed from the rotation system when the map is disconnected: every
//! dart remembers the face on its right (`face`), every isolated vertex its
//! face (`iso_face`), and each move updates them explicitly. A move draws a
//! path a–c–b inside a face between two of its corners (or a loop at one
//! corner); the walks are then traced again from the rotation system. If one
//! walk now carries the new path, two components were joined and the face
//! stays one face. If two walks carry it, the path closed a curve (Jordan):
//! the face splits in two, and every other boundary of the old face may lie
//! on either side, so every one of the 2^k sharings is a move.

// Each test crate uses part of this module.
#![allow(dead_code)]

use sprouts::{Canon, Position, Spot};
use std::collections::{BTreeMap, HashSet};

/// A Sprouts drawing on the sphere as a planar map with faces.
#[derive(Clone, Debug)]
pub struct Map {
    /// `lives[v - 1]`: 3 minus the degree of vertex `v`.
    lives: Vec<u8>,
    /// `rot[v - 1]`: darts leaving `v`, counter-clockwise.
    rot: Vec<Vec<usize>>,
    /// `org[d]`: the vertex dart `d` leaves.
    org: Vec<Spot>,
    /// `face[d]`: the face on the right of dart `d`.
    face: Vec<usize>,
    /// `iso_face[v - 1]`: the face an isolated vertex lies in.
    iso_face: Vec<usize>,
    /// Number of faces (ids 0..faces).
    faces: usize,
}

/// A corner: the angle of `v` after dart `rot[v][slot]` (slot 0 of an
/// isolated vertex).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Corner {
    v: Spot,
    slot: usize,
}

/// A boundary: a face walk, or an isolated vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Walk {
    Darts(Vec<usize>),
    Vertex(Spot),
}

impl Map {
    /// `n` isolated vertices in one face.
    pub fn start(n: usize) -> Map {
        Map {
            lives: vec![3; n],
            rot: vec![Vec::new(); n],
            org: Vec::new(),
            face: Vec::new(),
            iso_face: vec![0; n],
            faces: 1,
        }
    }

    fn rot(&self, v: Spot) -> &Vec<usize> {
        &self.rot[v as usize - 1]
    }

    fn sigma(&self, e: usize) -> usize {
        let r = self.rot(self.org[e]);
        let i = r.iter().position(|&x| x == e).expect("dart in its vertex's rotation");
        r[(i + 1) % r.len()]
    }

    fn next(&self, d: usize) -> usize {
        self.sigma(d ^ 1)
    }

    /// Every boundary of every face: the orbits of `next`, then the
    /// isolated vertices.
    fn walks(&self) -> Vec<Walk> {
        let mut seen = vec![false; self.org.len()];
        let mut out = Vec::new();
        for d0 in 0..self.org.len() {
            if seen[d0] {
                continue;
            }
            let mut w = Vec::new();
            let mut d = d0;
            loop {
                seen[d] = true;
                w.push(d);
                d = self.next(d);
                if d == d0 {
                    break;
                }
            }
            out.push(Walk::Darts(w));
        }
        for v in 1..=self.lives.len() as Spot {
            if self.rot(v).is_empty() {
                out.push(Walk::Vertex(v));
            }
        }
        out
    }

    fn walk_face(&self, w: &Walk) -> usize {
        match w {
            Walk::Darts(ds) => self.face[ds[0]],
            Walk::Vertex(v) => self.iso_face[*v as usize - 1],
        }
    }

    fn set_face(&mut self, w: &Walk, f: usize) {
        match w {
            Walk::Darts(ds) => ds.iter().for_each(|&d| self.face[d] = f),
            Walk::Vertex(v) => self.iso_face[*v as usize - 1] = f,
        }
    }

    /// Every corner of every vertex that has a life.
    fn corners(&self) -> Vec<Corner> {
        let mut out = Vec::new();
        for v in 1..=self.lives.len() as Spot {
            if self.lives[v as usize - 1] > 0 {
                let slots = self.rot(v).len().max(1);
                out.extend((0..slots).map(|slot| Corner { v, slot }));
            }
        }
        out
    }

    fn corner_face(&self, c: Corner) -> usize {
        let r = self.rot(c.v);
        if r.is_empty() {
            self.iso_face[c.v as usize - 1]
        } else {
            // The walk through the corner leaves by the next dart.
            self.face[r[(c.slot + 1) % r.len()]]
        }
    }

    /// Every legal move, played: all pairs of corners of one face (distinct
    /// vertices; a path is not directed, so each pair once), every loop at a
    /// corner of a vertex with 2 lives (both orders of the two new darts in
    /// the corner), and for moves that split the face every sharing of its
    /// other boundaries. Duplicates included.
    pub fn children(&self) -> Vec<Map> {
        let corners = self.corners();
        let mut out = Vec::new();
        for (i, &x) in corners.iter().enumerate() {
            for &y in &corners[i..] {
                if self.corner_face(x) != self.corner_face(y) {
                    continue;
                }
                if x == y {
                    if self.lives[x.v as usize - 1] < 2 {
                        continue;
                    }
                    for flip in [false, true] {
                        out.extend(self.draw(x, y, flip));
                    }
                } else if x.v != y.v {
                    out.extend(self.draw(x, y, false));
                }
            }
        }
        out
    }

    /// Draws the path x–c–y (c the new vertex) and returns the map for each
    /// way of sharing out the face's other boundaries.
    fn draw(&self, x: Corner, y: Corner, flip: bool) -> Vec<Map> {
        let f = self.corner_face(x);
        let mut m = self.clone();
        let c = m.lives.len() as Spot + 1;
        m.lives.push(1);
        m.rot.push(Vec::new());
        m.iso_face.push(usize::MAX);
        m.lives[x.v as usize - 1] -= 1;
        m.lives[y.v as usize - 1] -= 1;
        // Darts d: x→c, d+1: c→x, d+2: c→y, d+3: y→c.
        let d = m.org.len();
        m.org.extend([x.v, c, c, y.v]);
        m.face.extend([usize::MAX; 4]);
        m.rot[c as usize - 1] = vec![d + 1, d + 2];
        insert_in_corner(&mut m.rot[x.v as usize - 1], x.slot, d);
        if x == y {
            // Both ends in the same corner, x→c on one side of y→c or the other.
            let r = &mut m.rot[x.v as usize - 1];
            let at = r.iter().position(|&e| e == d).expect("just inserted");
            r.insert(if flip { at } else { at + 1 }, d + 3);
        } else {
            insert_in_corner(&mut m.rot[y.v as usize - 1], y.slot, d + 3);
        }
        // Walks that carry the new path; the old face's other boundaries.
        let (mut new, mut others) = (Vec::new(), Vec::new());
        for w in m.walks() {
            if matches!(&w, Walk::Darts(ds) if ds.iter().any(|&e| e >= d)) {
                new.push(w);
            } else if m.walk_face(&w) == f {
                others.push(w);
            }
        }
        let out = match new.len() {
            1 => {
                m.set_face(&new[0], f);
                vec![m]
            }
            2 => {
                assert!(others.len() < 20, "too many boundaries to share out");
                (0u32..1 << others.len())
                    .map(|mask| {
                        let mut s = m.clone();
                        let g = s.faces;
                        s.faces += 1;
                        s.set_face(&new[0], f);
                        s.set_face(&new[1], g);
                        for (k, w) in others.iter().enumerate() {
                            if mask >> k & 1 == 1 {
                                s.set_face(w, g);
                            }
                        }
                        s
                    })
                    .collect()
            }
            k => panic!("a new path lies on {k} walks"),
        };
        for s in &out {
            s.check();
        }
        out
    }

    /// Sanity of the map: faces constant along walks, every face bounded,
    /// and Euler's formula V − E + F = 1 + C for C components.
    fn check(&self) {
        let walks = self.walks();
        let mut bounded = vec![false; self.faces];
        for w in &walks {
            let f = self.walk_face(w);
            if let Walk::Darts(ds) = w {
                assert!(ds.iter().all(|&d| self.face[d] == f), "face changes along a walk");
            }
            bounded[f] = true;
        }
        assert!(bounded.iter().all(|&b| b), "a face without boundary");
        let n = self.lives.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                x = p[x];
            }
            x
        }
        for d in (0..self.org.len()).step_by(2) {
            let (a, b) = (find(&mut parent, self.org[d] as usize - 1), find(&mut parent, self.org[d + 1] as usize - 1));
            parent[a] = b;
        }
        let comps = (0..n).filter(|&v| find(&mut parent, v) == v).count();
        let (v, e, f) = (n as i64, self.org.len() as i64 / 2, self.faces as i64);
        assert_eq!(v - e + f, 1 + comps as i64, "Euler's formula fails");
        for (i, r) in self.rot.iter().enumerate() {
            assert_eq!(r.len() + self.lives[i] as usize, 3, "degree and lives disagree");
        }
    }

    /// The drawing as a labelled engine position: one region per face, one
    /// boundary per walk (the vertices the walk leaves, in order).
    pub fn position(&self) -> Position {
        let mut regions: Vec<Vec<Vec<Spot>>> = vec![Vec::new(); self.faces];
        for w in self.walks() {
            let spots = match &w {
                Walk::Darts(ds) => ds.iter().map(|&d| self.org[d]).collect(),
                Walk::Vertex(v) => vec![*v],
            };
            regions[self.walk_face(&w)].push(spots);
        }
        Position::new_labelled(self.lives.clone(), regions)
            .unwrap_or_else(|e| panic!("reference map is not a valid position: {e}\n{self:?}"))
    }

    /// The distinct labelled children, each with one map drawing it.
    pub fn labelled_children(&self) -> Vec<(Position, Map)> {
        let mut seen = HashSet::new();
        self.children()
            .into_iter()
            .map(|m| (m.position(), m))
            .filter(|(p, _)| seen.insert(p.clone()))
            .collect()
    }

    /// The distinct canonical children, each with one map drawing it.
    pub fn canonical_children(&self) -> BTreeMap<Canon, Map> {
        let mut out = BTreeMap::new();
        for (p, m) in self.labelled_children() {
            out.entry(Canon::of(&p)).or_insert(m);
        }
        out
    }
}

/// Puts dart `d` into the corner after `rot[slot]` (or as the only dart).
fn insert_in_corner(rot: &mut Vec<usize>, slot: usize, d: usize) {
    if rot.is_empty() {
        rot.push(d);
    } else {
        rot.insert(slot + 1, d);
    }
}
