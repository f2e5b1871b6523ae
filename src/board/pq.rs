//! (p, q) Sprouts on the board (issue 37; the rules and the engine are
//! `crate::variants::pq`).
//!
//! A spot takes up to p lines (its capacity, [`Board::with_capacities`]),
//! so the board is *wide* when p ≥ 4 and its drawing traces to a
//! [`PqPos`] ([`Board::pq_position`]) rather than a plain position. A
//! move is drawn as the engine builds it, stroke by stroke: one Sprouts
//! stroke a–x–b puts the new spot x on its line (x takes p lines), then
//! q − 2 bare strokes each join x to a spot with a life (Weeds' bare
//! line: nothing on it). Every stroke is checked by the plane's
//! [`StrokeChecker`] (the same geometry and lives; x may not be joined to
//! itself), and the finished move's traced position must be one of the
//! engine's children ([`PqTurn::finish`]), so a drawn move is exactly one
//! of [`crate::variants::pq::children`]. A routed line ([`PqTurn::route`])
//! draws the engine's choice of corners and sides with the plane's
//! router.

use super::trace::{Faces, TraceError};
use super::{Board, BoardError, Point, RouteOptions, StrokeChecker, StrokeError, StrokeRules};
use crate::topology::{Corner, Move, Spot};
use crate::variants::pq::{child_keys, PqCanon, PqPos, PqRules};
use std::fmt;

impl Board {
    /// The start of `n` points of p lives on a `width` × `height` board.
    pub fn pq_start(rules: PqRules, n: usize, width: f64, height: f64) -> Result<Board, BoardError> {
        let spots = super::start_layout(n, width, height);
        Board::with_spots(width, height, spots)?.with_capacities(vec![rules.p(); n])
    }
}

/// Why a stroke is not (part of) a (p, q) move.
#[derive(Clone, Debug, PartialEq)]
pub enum PqStrokeError {
    /// The stroke itself is not a line (crossing, no lives, …).
    Stroke(StrokeError),
    /// A further line must start or end at the new spot.
    NotFromNewSpot { new_spot: Spot, lines_left: u8 },
    /// The new spot may not be joined to itself.
    LoopAtNewSpot { new_spot: Spot },
    /// The move has its q lines already.
    Complete,
    /// After this line the new spot could not get its q lines: the spots
    /// it shares a region with have too few lives left.
    CannotFinish { lines_left: u8 },
    /// The move is not complete yet.
    Incomplete { lines_left: u8 },
    /// A routed move found no room.
    NoRoute,
    /// The drawing does not trace (internal: checked strokes cannot
    /// cause it).
    Trace(TraceError),
    /// The drawn move is none of the engine's moves (internal: a stroke
    /// checker and engine disagreement).
    Mismatch,
}

impl fmt::Display for PqStrokeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = |k: u8| {
            if k == 1 {
                "1 more line".to_string()
            } else {
                format!("{k} more lines")
            }
        };
        match self {
            PqStrokeError::Stroke(e) => write!(f, "{e}"),
            PqStrokeError::NotFromNewSpot { new_spot, lines_left } => {
                write!(f, "draw {} from the new spot {new_spot} (a line must start or end there)", lines(*lines_left))
            }
            PqStrokeError::LoopAtNewSpot { new_spot } => {
                write!(f, "the new spot {new_spot} cannot be joined to itself")
            }
            PqStrokeError::Complete => write!(f, "the move has all its lines"),
            PqStrokeError::CannotFinish { lines_left } => {
                write!(f, "the new spot could not get its {} there: too few lives around it", lines(*lines_left).replace("more ", ""))
            }
            PqStrokeError::Incomplete { lines_left } => {
                write!(f, "the move needs {} from the new spot", lines(*lines_left))
            }
            PqStrokeError::NoRoute => write!(f, "no room to draw that line"),
            PqStrokeError::Trace(e) => write!(f, "{e}"),
            PqStrokeError::Mismatch => write!(f, "the drawing is none of the engine's moves (an internal error)"),
        }
    }
}

impl std::error::Error for PqStrokeError {}

/// A (p, q) move being drawn: the board before it and the lines so far.
#[derive(Clone, Debug)]
pub struct PqTurn {
    pub(super) rules: PqRules,
    before: Board,
    pub(super) board: Board,
    pub(super) new_spot: Option<Spot>,
    lines: u8,
    /// The first line's two edges (a to x, x to b), once drawn: the later
    /// lines' sides are named from them (`super::pq_text`).
    pub(super) first_edges: Option<(usize, usize)>,
    /// The text read walks the first line the other way from its drawing
    /// (`super::pq_text`).
    pub(super) text_flip: bool,
}

impl PqTurn {
    /// A move to draw on `board` (a drawing of a (p, q) position).
    pub fn new(board: Board, rules: PqRules) -> PqTurn {
        PqTurn { rules, before: board.clone(), board, new_spot: None, lines: 0, first_edges: None, text_flip: false }
    }

    /// The drawing so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The drawing before the move.
    pub fn before(&self) -> &Board {
        &self.before
    }

    /// The move's new spot, once its first stroke is drawn.
    pub fn new_spot(&self) -> Option<Spot> {
        self.new_spot
    }

    /// Lines still to draw from the new spot (q before the first stroke).
    pub fn lines_left(&self) -> u8 {
        self.rules.q() - self.lines
    }

    pub fn is_complete(&self) -> bool {
        self.lines >= self.rules.q()
    }

    /// Whether no stroke is drawn yet.
    pub fn is_empty(&self) -> bool {
        self.lines == 0
    }

    /// Checks a drawn stroke (pointer samples) as the move's next line
    /// and draws it: the first puts the new spot at fraction `t` of its
    /// length, a later one must start or end at the new spot. Nothing
    /// changes on an error.
    pub fn stroke(&mut self, points: &[Point], t: f64, strokes: StrokeRules) -> Result<(), PqStrokeError> {
        if self.is_complete() {
            return Err(PqStrokeError::Complete);
        }
        let checker = StrokeChecker::new(&self.board, strokes).map_err(PqStrokeError::Trace)?;
        let s = checker.check(points, t).map_err(PqStrokeError::Stroke)?;
        let mut board = self.board.clone();
        match self.new_spot {
            None => {
                let e = board.edges().len();
                let x = board.add_curve(s.from, s.to, &s.points, s.segment, s.new_spot);
                board.set_capacity(x, self.rules.p());
                self.new_spot = Some(x);
                self.first_edges = Some((e, e + 1));
                self.lines = 2;
            }
            Some(x) => {
                self.bare_ends(x, s.from, s.to)?;
                let c = board.add_curve(s.from, s.to, &s.points, s.segment, s.new_spot);
                debug_assert_eq!(c as usize, board.spot_count());
                board.dissolve_last();
                self.lines += 1;
            }
        }
        self.commit(board)
    }

    /// Takes `board` (this move's drawing with one more line, the new spot
    /// and the count already set) when the move can still be finished;
    /// otherwise undoes the count and refuses.
    fn commit(&mut self, board: Board) -> Result<(), PqStrokeError> {
        let left = self.lines_left();
        if left > 0 && !can_finish(&board, self.new_spot, left)? {
            self.lines = if self.lines == 2 { 0 } else { self.lines - 1 };
            if self.lines == 0 {
                self.new_spot = None;
                self.first_edges = None;
            }
            return Err(PqStrokeError::CannotFinish { lines_left: left });
        }
        self.board = board;
        Ok(())
    }

    /// Whether a later line from `a` to `b` is one from the new spot `x`.
    fn bare_ends(&self, x: Spot, a: Spot, b: Spot) -> Result<(), PqStrokeError> {
        if a == x && b == x {
            return Err(PqStrokeError::LoopAtNewSpot { new_spot: x });
        }
        if a != x && b != x {
            return Err(PqStrokeError::NotFromNewSpot { new_spot: x, lines_left: self.lines_left() });
        }
        Ok(())
    }

    /// Every line the move may draw next, as the plane router's moves on
    /// the drawing so far: the first stroke a–x–b between any two corners
    /// of one region (a loop or a split with each way of sharing out the
    /// other boundaries), then lines from a corner of x to a corner of a
    /// live spot of its region. Empty once complete.
    pub fn next_lines(&self) -> Result<Vec<Move>, PqStrokeError> {
        if self.is_complete() {
            return Ok(Vec::new());
        }
        Ok(self.next_lines_on()?.1)
    }

    /// [`PqTurn::next_lines`] with the faces they were found on, for
    /// [`PqTurn::route_on`]: listing a position's moves routes every line
    /// of one drawing without tracing it again for each.
    pub(crate) fn next_lines_on(&self) -> Result<(Faces, Vec<Move>), PqStrokeError> {
        if self.is_complete() {
            return Err(PqStrokeError::Complete);
        }
        let faces = self.board.wide_faces().map_err(PqStrokeError::Trace)?;
        let lines = line_moves(&self.board, &faces, self.new_spot);
        Ok((faces, lines))
    }

    /// Routes `mv` (one of [`PqTurn::next_lines`]) as the next line.
    pub fn route(&mut self, mv: &Move, opts: &RouteOptions) -> Result<Vec<Point>, PqStrokeError> {
        if self.is_complete() {
            return Err(PqStrokeError::Complete);
        }
        let faces = self.board.wide_faces().map_err(PqStrokeError::Trace)?;
        self.route_on(&faces, mv, opts)
    }

    /// [`PqTurn::route`] on this drawing's `faces` (from
    /// [`PqTurn::next_lines_on`]).
    pub(crate) fn route_on(&mut self, faces: &Faces, mv: &Move, opts: &RouteOptions) -> Result<Vec<Point>, PqStrokeError> {
        if self.is_complete() {
            return Err(PqStrokeError::Complete);
        }
        let region = faces.regions.get(mv.region).ok_or(PqStrokeError::NoRoute)?;
        let at = |c: Corner| region.get(c.boundary).and_then(|b| b.get(c.index)).map(|k| k.spot);
        let (a, b) = (at(mv.from).ok_or(PqStrokeError::NoRoute)?, at(mv.to).ok_or(PqStrokeError::NoRoute)?);
        if let Some(x) = self.new_spot {
            self.bare_ends(x, a, b)?;
        }
        if self.board.lives(a) == 0 || self.board.lives(b) == 0 || (a == b && self.board.lives(a) < 2) {
            return Err(PqStrokeError::Stroke(StrokeError::NoLives { spot: if self.board.lives(a) == 0 { a } else { b } }));
        }
        let fits = |b: &Board| b.pq_position().is_ok();
        let routed = self.board.route_in(faces, mv, opts, &fits, &faces.position, &mut 0).ok_or(PqStrokeError::NoRoute)?;
        let e = self.board.edges().len();
        let mut board = routed.board;
        match self.new_spot {
            None => {
                board.set_capacity(routed.new_spot, self.rules.p());
                self.new_spot = Some(routed.new_spot);
                self.first_edges = Some((e, e + 1));
                self.lines = 2;
            }
            Some(_) => {
                board.dissolve_last();
                self.lines += 1;
            }
        }
        self.commit(board)?;
        Ok(routed.points)
    }

    /// The finished move: its drawing, its traced position (reduced) and
    /// that position's canonical form, checked to be a child of the
    /// position before the move.
    pub fn finish(&self) -> Result<(Board, PqPos, PqCanon), PqStrokeError> {
        if !self.is_complete() {
            return Err(PqStrokeError::Incomplete { lines_left: self.lines_left() });
        }
        let before = self.before.pq_position().map_err(PqStrokeError::Trace)?;
        let after = self.board.pq_position().map_err(PqStrokeError::Trace)?.reduced(self.rules);
        let canon = PqCanon::of(&after);
        if !child_keys(&before.canon(self.rules), self.rules).contains(&canon) {
            return Err(PqStrokeError::Mismatch);
        }
        Ok((self.board.clone(), after, canon))
    }
}

/// Whether `k` more lines can be drawn from `x` on `board`: the other
/// live spots sharing a region with x have k lives together. Enough, as a
/// line from x to t leaves a corner of x beside t on each side, so every
/// spot of the region stays reachable (x joined to one spot again and
/// again is a move); necessary, as each line uses one of those lives.
fn can_finish(board: &Board, x: Option<Spot>, k: u8) -> Result<bool, PqStrokeError> {
    let Some(x) = x else { return Ok(true) };
    let faces = board.wide_faces().map_err(PqStrokeError::Trace)?;
    let mut near: Vec<Spot> = Vec::new();
    for region in &faces.regions {
        if region.iter().flatten().any(|c| c.spot == x) {
            near.extend(region.iter().flatten().map(|c| c.spot).filter(|&s| s != x));
        }
    }
    crate::sort::sort(&mut near);
    near.dedup();
    Ok(near.iter().map(|&s| board.lives(s) as u32).sum::<u32>() >= k as u32)
}

/// The plane moves that draw a line of a (p, q) move on `board` (see
/// [`PqTurn::next_lines`]); `x` is the move's new spot once drawn.
fn line_moves(board: &Board, faces: &Faces, x: Option<Spot>) -> Vec<Move> {
    let mut out = Vec::new();
    for (r, region) in faces.regions.iter().enumerate() {
        let corners: Vec<(Corner, Spot)> =
            region.iter().enumerate().flat_map(|(bi, b)| b.iter().enumerate().map(move |(i, k)| (Corner { boundary: bi, index: i }, k.spot))).collect();
        for (ia, &(ca, a)) in corners.iter().enumerate() {
            for &(cb, b) in &corners[ia..] {
                let ok = match x {
                    None => board.lives(a) > (a == b) as u8 && board.lives(b) >= 1,
                    Some(x) => (a == x) != (b == x) && board.lives(a) >= 1 && board.lives(b) >= 1,
                };
                if !ok {
                    continue;
                }
                // With x second, draw from x: the same line either way.
                let (from, to) = if Some(b) == x { (cb, ca) } else { (ca, cb) };
                if from.boundary != to.boundary {
                    out.push(Move { region: r, from, to, inside: Vec::new() });
                    continue;
                }
                let others: Vec<usize> = (0..region.len()).filter(|&k| k != from.boundary).collect();
                if others.len() > 20 {
                    continue; // more ways than anyone will route; never reached by a game
                }
                for mask in 0u64..1 << others.len() {
                    let inside = others.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1).map(|(_, &o)| o).collect();
                    out.push(Move { region: r, from, to, inside });
                }
            }
        }
    }
    out
}
