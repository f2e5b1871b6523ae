//! The (p, q) move notation on a drawing (`crate::notation::PqMoveText`
//! gives the syntax and its meaning): which line a text names, and the
//! shortest text of a line drawn.
//!
//! Everything a text says is read off the drawing after the line, so a
//! hand-drawn line and a routed one are named alike: the regions on the
//! line's two sides (the traced walk along a half-edge keeps its region
//! on the visual right), the corner of the new spot a later line leaves
//! from (the order of the lines round the new spot), and the labelled
//! faces for `#k`. To read a text, every way to draw the line between its
//! ends is routed and the ones that fit are kept.

use super::geom::in_sector;
use super::pq::{PqStrokeError, PqTurn};
use super::trace::{Faces, Half};
use super::RouteOptions;
use crate::notation::{PqBare, PqMoveText, PqSelect, PqSide};
use crate::topology::{min_rotation, Spot};
use std::collections::BTreeSet;
use std::fmt;

/// Why a line's text names no line (or several) here.
#[derive(Clone, Debug, PartialEq)]
pub enum PqTextError {
    /// The text's new spot is not the next number.
    WrongNewSpot { expected: Spot },
    /// No line fits the text; why.
    Illegal(String),
    /// Several lines fit; how to write each.
    Ambiguous(Vec<String>),
    /// Drawing or routing failed.
    Stroke(PqStrokeError),
}

impl fmt::Display for PqTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PqTextError::WrongNewSpot { expected } => write!(f, "the new spot must be numbered {expected}"),
            PqTextError::Illegal(m) => write!(f, "illegal, {m}"),
            PqTextError::Ambiguous(alts) => write!(f, "ambiguous, the line can be drawn {} ways (write {})", alts.len(), alts.join(" or ")),
            PqTextError::Stroke(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PqTextError {}

/// The labelled faces after a line: each boundary's spots from its
/// smallest rotation, boundaries sorted, regions sorted.
type Key = Vec<Vec<Vec<Spot>>>;

/// What the text of a line can say about it, in the frame it was drawn in
/// (the first line from its first edge's start to its second's end).
#[derive(Clone, Debug, PartialEq)]
struct Facts {
    /// The line's ends as drawn (first line: a, b; later line: x, t).
    ends: (Spot, Spot),
    /// Spots only on the right / only on the left (None: no split).
    right_only: Option<Vec<Spot>>,
    left_only: Option<Vec<Spot>>,
    /// A loop walked counter-clockwise on screen (its inside on its left).
    loop_ccw: bool,
    /// A later line: right of the first line as drawn, its rank from the
    /// first edge's end, and how many corners x had on that side.
    side: Option<(bool, usize, usize)>,
    key: Key,
}

/// What tells two ways to draw a line apart, in a frame of their own
/// (a first line from its lower end, a loop from inside): the labelled
/// faces, then the sides (two drawings may have the same labelled faces,
/// one inside a loop and one outside).
type Order = (Key, Option<Vec<Spot>>, Option<Vec<Spot>>, Option<(bool, usize)>);

impl Facts {
    fn order(&self) -> Order {
        let flip = match self.side {
            Some(_) => false,
            None if self.ends.0 == self.ends.1 => self.loop_ccw,
            None => self.ends.0 > self.ends.1,
        };
        let (r, l) = if flip { (&self.left_only, &self.right_only) } else { (&self.right_only, &self.left_only) };
        (self.key.clone(), r.clone(), l.clone(), self.side.map(|(right, rank, _)| (right, rank)))
    }
}

fn key_of(faces: &Faces) -> Key {
    let mut regions: Key = faces
        .regions
        .iter()
        .map(|r| {
            let mut bs: Vec<Vec<Spot>> = r
                .iter()
                .map(|b| {
                    let s: Vec<Spot> = b.iter().map(|c| c.spot).collect();
                    let k = min_rotation(&s);
                    s[k..].iter().chain(&s[..k]).copied().collect()
                })
                .collect();
            crate::sort::sort(&mut bs);
            bs
        })
        .collect();
    crate::sort::sort(&mut regions);
    regions
}

/// The region whose walk goes along half-edge `h` (on its visual right).
fn region_along(faces: &Faces, h: Half) -> Option<usize> {
    faces.regions.iter().position(|r| r.iter().flatten().any(|c| c.into == Some(h)))
}

fn spots_in(faces: &Faces, r: usize) -> BTreeSet<Spot> {
    faces.regions[r].iter().flatten().map(|c| c.spot).collect()
}

/// Spots only on the right and only on the left of half-edge `h`.
fn sides(faces: &Faces, h: Half) -> (Option<Vec<Spot>>, Option<Vec<Spot>>) {
    match (region_along(faces, h), region_along(faces, h ^ 1)) {
        (Some(r), Some(l)) if r != l => {
            let (rs, ls) = (spots_in(faces, r), spots_in(faces, l));
            (Some(rs.difference(&ls).copied().collect()), Some(ls.difference(&rs).copied().collect()))
        }
        _ => (None, None),
    }
}

impl PqTurn {
    /// The facts of the last line drawn.
    fn last_facts(&self) -> Result<Facts, PqStrokeError> {
        let (b, x) = (&self.board, self.new_spot.ok_or(PqStrokeError::Incomplete { lines_left: self.lines_left() })?);
        let (e1, e2) = self.first_edges.ok_or(PqStrokeError::Incomplete { lines_left: self.lines_left() })?;
        let faces = b.wide_faces().map_err(PqStrokeError::Trace)?;
        let key = key_of(&faces);
        let last = b.edges().len() - 1;
        if last == e2 {
            let (a, bb) = (b.edges()[e1].ends[0], b.edges()[e2].ends[1]);
            let (right_only, left_only) = sides(&faces, 2 * e1);
            let loop_ccw = a == bb && {
                let pts: Vec<_> = b.edges()[e1].points.iter().chain(&b.edges()[e2].points).copied().collect();
                let area: f64 = pts.windows(2).map(|w| w[0].x * w[1].y - w[1].x * w[0].y).sum();
                area < 0.0
            };
            return Ok(Facts { ends: (a, bb), right_only, left_only, loop_ccw, side: None, key });
        }
        let e = &b.edges()[last];
        let h = if e.ends[0] == x { 2 * last } else { 2 * last + 1 };
        let t = if e.ends[0] == x { e.ends[1] } else { e.ends[0] };
        let (right_only, left_only) = sides(&faces, h);
        // Round x: the first line's halves leaving x (towards a, towards b).
        let at = b.spot(x).unwrap_or_default();
        let dir = |g: Half| b.half_second(g);
        let (ha, hb) = (2 * e1 + 1, 2 * e2);
        let right = |g: Half| in_sector(at, dir(hb), dir(ha), dir(g));
        let others: Vec<Half> = (0..b.edges().len())
            .filter(|&k| k != e1 && k != e2 && k != last)
            .filter_map(|k| {
                let ends = b.edges()[k].ends;
                (ends[0] == x).then_some(2 * k).or((ends[1] == x).then_some(2 * k + 1))
            })
            .collect();
        let is_right = right(h);
        let same: Vec<Half> = others.into_iter().filter(|&g| right(g) == is_right).collect();
        // Nearer a's end: between h and the half towards a.
        let nearer = |g: Half| if is_right { in_sector(at, dir(h), dir(ha), dir(g)) } else { in_sector(at, dir(ha), dir(h), dir(g)) };
        let rank = 1 + same.iter().filter(|&&g| nearer(g)).count();
        Ok(Facts { ends: (x, t), right_only, left_only, loop_ccw: false, side: Some((is_right, rank, same.len() + 1)), key })
    }

    /// Every way to draw the next line between `a` and `b` (a later line:
    /// `a` is the new spot), each as the turn after it with its facts.
    fn ways(&self, a: Spot, b: Spot, opts: &RouteOptions) -> Result<Vec<(PqTurn, Facts)>, PqStrokeError> {
        let faces = self.board.wide_faces().map_err(PqStrokeError::Trace)?;
        let mut out: Vec<(PqTurn, Facts)> = Vec::new();
        for mv in self.next_lines()? {
            let region = &faces.regions[mv.region];
            let spot = |c: crate::Corner| region[c.boundary][c.index].spot;
            let (s, t) = (spot(mv.from), spot(mv.to));
            if !((s, t) == (a, b) || (s, t) == (b, a)) {
                continue;
            }
            let mut next = self.clone();
            match next.route(&mv, opts) {
                Ok(_) => {}
                Err(PqStrokeError::CannotFinish { .. } | PqStrokeError::NoRoute) => continue,
                Err(e) => return Err(e),
            }
            let f = next.last_facts()?;
            if !out.iter().any(|(_, g)| g.order() == f.order()) {
                out.push((next, f));
            }
        }
        out.sort_by_key(|x| x.1.order());
        Ok(out)
    }
}

/// The facts of a line in the text's frame: `flip` when the text walks
/// the first line the other way round (or names a loop, whose right is
/// its inside).
fn text_frame(f: &Facts, flip: bool) -> (Option<Vec<Spot>>, Option<PqSide>) {
    let only = if flip { f.left_only.clone() } else { f.right_only.clone() };
    let side = f.side.map(|(right, rank, n)| if flip { PqSide { right: !right, rank: n + 1 - rank } } else { PqSide { right, rank } });
    (only, side)
}

/// Whether the facts fit a selector (and a side), in the text's frame.
fn fits(only: &Option<Vec<Spot>>, side: Option<PqSide>, want_side: Option<PqSide>, sel: &PqSelect) -> bool {
    if want_side.is_some() && side != want_side {
        return false;
    }
    match &sel.right_only {
        None => true,
        Some(l) => only.as_ref() == Some(l),
    }
}

/// The ways to draw each first line from one position, kept between
/// the moves named from it ([`PqWriter::first_with`]).
#[derive(Clone, Debug, Default)]
pub struct PqWays(Vec<((Spot, Spot), Vec<Facts>)>);

/// How the later lines of a move are written (see [`PqWriter::first`]).
#[derive(Clone, Copy, Debug)]
pub struct PqWriter {
    /// Whether the text walks the first line the other way from the
    /// drawing (`b(x)a` for a line drawn from a), or names a loop drawn
    /// counter-clockwise.
    flip: bool,
}

impl PqTurn {
    /// Draws the line a text names (see [`crate::notation::PqMoveText`]):
    /// `first` for the first line, or a later line's side and end.
    fn play_named(
        &mut self,
        a: Spot,
        b: Spot,
        side: Option<PqSide>,
        sel: &PqSelect,
        flip_of: &dyn Fn(&Facts) -> bool,
        opts: &RouteOptions,
    ) -> Result<Facts, PqTextError> {
        let ways = self.ways(a, b, opts).map_err(PqTextError::Stroke)?;
        let fitting: Vec<&(PqTurn, Facts)> = ways
            .iter()
            .filter(|(_, f)| {
                let (only, s) = text_frame(f, flip_of(f));
                fits(&only, s, side, sel)
            })
            .collect();
        let chosen = match sel.index {
            Some(k) => fitting.get(k - 1).copied(),
            None if fitting.len() == 1 => Some(fitting[0]),
            None if fitting.is_empty() => None,
            None => {
                let alts = (1..=fitting.len()).map(|k| format!("#{k}")).collect();
                return Err(PqTextError::Ambiguous(alts));
            }
        };
        let Some((turn, facts)) = chosen else {
            let why = if ways.is_empty() {
                format!("no line can be drawn from {a} to {b} here")
            } else if sel.index.is_some() && !fitting.is_empty() {
                format!("only {} lines fit before `#`", fitting.len())
            } else {
                format!("none of the {} ways to draw a line from {a} to {b} fits", ways.len())
            };
            return Err(PqTextError::Illegal(why));
        };
        let facts = facts.clone();
        *self = turn.clone();
        Ok(facts)
    }

    /// Draws the first line a move's text names (its `bare` lines are
    /// not read here: see [`PqTurn::play_later`]).
    pub fn play_first(&mut self, m: &PqMoveText, opts: &RouteOptions) -> Result<(), PqTextError> {
        if self.new_spot.is_some() {
            return Err(PqTextError::Illegal("a move is already begun".into()));
        }
        let expected = self.board.spot_count() as Spot + 1;
        if m.new != expected {
            return Err(PqTextError::WrongNewSpot { expected });
        }
        let (a, b) = (m.from, m.to);
        let first = self.play_named(a, b, None, &m.select, &|f: &Facts| if a == b { f.loop_ccw } else { f.ends.0 != a }, opts)?;
        self.text_flip = if a == b { first.loop_ccw } else { first.ends.0 != a };
        Ok(())
    }

    /// Draws a later line of the move `m` (after [`PqTurn::play_first`]).
    pub fn play_later(&mut self, m: &PqMoveText, line: &PqBare, opts: &RouteOptions) -> Result<(), PqTextError> {
        if self.new_spot != Some(m.new) {
            return Err(PqTextError::Illegal("the first line is not drawn".into()));
        }
        let flip = self.text_flip;
        self.play_named(m.new, line.to, Some(line.side), &line.select, &|_| flip, opts)?;
        self.text_flip = flip;
        Ok(())
    }
}

impl PqWriter {
    /// The shortest text of the first line of `turn` (its last line),
    /// drawn from `before`: the lower end first, then as few selectors as
    /// name it.
    pub fn first(before: &PqTurn, turn: &PqTurn, opts: &RouteOptions) -> Result<(PqWriter, String), PqStrokeError> {
        PqWriter::first_with(before, turn, opts, &mut PqWays::default())
    }

    /// As [`PqWriter::first`], keeping the ways to draw each first line
    /// from `before` in `ways` for the next move named from the same
    /// position (listing every move names many).
    pub fn first_with(before: &PqTurn, turn: &PqTurn, opts: &RouteOptions, ways: &mut PqWays) -> Result<(PqWriter, String), PqStrokeError> {
        let f = turn.last_facts()?;
        let (a, b) = (f.ends.0.min(f.ends.1), f.ends.0.max(f.ends.1));
        let flip_of = |g: &Facts| if a == b { g.loop_ccw } else { g.ends.0 != a };
        let known = match ways.0.iter().position(|(e, _)| *e == (a, b)) {
            Some(k) => k,
            None => {
                let all = before.ways(a, b, opts)?.into_iter().map(|(_, g)| g).collect();
                ways.0.push(((a, b), all));
                ways.0.len() - 1
            }
        };
        let sel = shortest(&ways.0[known].1, None, &f, &flip_of);
        let x = turn.new_spot.unwrap_or_default();
        Ok((PqWriter { flip: flip_of(&f) }, format!("{a}({x}){b}{sel}")))
    }

    /// The shortest text of a later line (the last of `turn`).
    pub fn later(&self, before: &PqTurn, turn: &PqTurn, opts: &RouteOptions) -> Result<String, PqStrokeError> {
        let f = turn.last_facts()?;
        let (_, side) = text_frame(&f, self.flip);
        let side = side.ok_or(PqStrokeError::Mismatch)?;
        let flip = self.flip;
        let ways: Vec<Facts> = before.ways(f.ends.0, f.ends.1, opts)?.into_iter().map(|(_, g)| g).collect();
        let sel = shortest(&ways, Some(side), &f, &|_| flip);
        Ok(PqBare { side, to: f.ends.1, select: sel }.to_string())
    }
}

/// The fewest selectors that name the line with facts `f` among the ways
/// to draw it from `before`.
fn shortest(ways: &[Facts], side: Option<PqSide>, f: &Facts, flip_of: &dyn Fn(&Facts) -> bool) -> PqSelect {
    let (only, _) = text_frame(f, flip_of(f));
    for with_list in [false, true] {
        if with_list && only.is_none() {
            continue;
        }
        let sel = PqSelect { right_only: if with_list { only.clone() } else { None }, index: None };
        let fitting: Vec<Order> = ways
            .iter()
            .filter(|g| {
                let (o, s) = text_frame(g, flip_of(g));
                fits(&o, s, side, &sel)
            })
            .map(|g| g.order())
            .collect();
        let me = f.order();
        if fitting.len() == 1 && fitting[0] == me {
            return sel;
        }
        if with_list || only.is_none() {
            if let Some(k) = fitting.iter().position(|k| k == &me) {
                return PqSelect { index: Some(k + 1), ..sel };
            }
        }
    }
    // The line drawn is none of the routed ways (a hand-drawn line where
    // the router found no room for that way): name it by its list alone.
    PqSelect { right_only: only, index: None }
}

