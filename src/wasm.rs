//! JavaScript facade of the engine, compiled only for wasm32.
//!
//! Thin on purpose: text and plain data go in and out, every rule and every
//! piece of geometry stays in the Rust modules. Two kinds of export:
//!
//! - [`Game`], used by the page's main thread: one game on one drawing, with
//!   undo/redo, stroke checking for live feedback, hand-drawn and typed
//!   moves, render data and JSON for persistence.
//! - Free functions for the Web Worker ([`analyse`], [`computer_move`],
//!   [`canonical`]): they take WGOSA records or position strings, never wasm
//!   objects, so that only text crosses `postMessage`.
//!
//! Bad input from JavaScript gives a `JsError` with a lowercase message; no
//! input may panic (a panic would trap the whole wasm instance).

use crate::board::{Board, Edge, Point, PlayError, RouteOptions, Stroke, StrokeChecker, StrokeError, StrokeRules};
use crate::notation::{resolve, write_move, MoveError, MoveText, Record};
use crate::player::{limit_solver, random_choice, Clock, Computer, Report, Request, Strength};
use crate::solver::{Config, Convention, Progress, SolveError, Solver};
use crate::text::{parse_position, HoeyDisplay};
use crate::{Canon, Position, Spot};
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The crate version, so the page can show which engine it runs.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

/// Reports Rust panics (bugs) on the console before the instance traps, so
/// that a crash says where it happened. Runs once, when the module starts.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("sprouts engine panic: {info}"))));
}

/// Most spots a game may start with.
pub const MAX_SPOTS: usize = 40;

fn err(msg: impl std::fmt::Display) -> JsError {
    JsError::new(&msg.to_string())
}

/// Plain data to a JS value: structs become objects, `None` becomes `null`.
fn to_js<T: Serialize>(v: &T) -> JsValue {
    let s = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    v.serialize(&s).unwrap_or(JsValue::NULL)
}

/// A flat `[x0, y0, x1, y1, ...]` array to points.
fn points_of(flat: &[f64]) -> Vec<Point> {
    flat.chunks_exact(2).map(|c| Point::new(c[0], c[1])).collect()
}

fn flat(points: &[Point]) -> Vec<f64> {
    points.iter().flat_map(|p| [p.x, p.y]).collect()
}

// ---------------------------------------------------------------------------
// Game

/// One game: the labelled positions and drawings after every move, the move
/// texts, and a cursor (moves after it can be redone).
#[wasm_bindgen]
pub struct Game {
    spots: usize,
    misere: bool,
    width: f64,
    height: f64,
    rules: StrokeRules,
    route: RouteOptions,
    /// Every move made, including those undone (redo).
    moves: Vec<String>,
    /// `positions[k]` and `boards[k]`: after k moves; one more than `moves`.
    positions: Vec<Position>,
    boards: Vec<Board>,
    cursor: usize,
}

/// Saved form of a game (`toJson` / `fromJson`).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Saved {
    version: u32,
    spots: usize,
    misere: bool,
    width: f64,
    height: f64,
    /// Every move, including undone ones after `cursor`.
    moves: Vec<String>,
    cursor: usize,
    /// The drawing after all of `moves`; optional (moves are then routed).
    #[serde(default)]
    drawing: Option<Drawing>,
}

#[derive(Serialize, Deserialize)]
struct Drawing {
    spots: Vec<[f64; 2]>,
    edges: Vec<SavedEdge>,
}

#[derive(Serialize, Deserialize)]
struct SavedEdge {
    ends: [Spot; 2],
    points: Vec<[f64; 2]>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SpotView {
    n: Spot,
    x: f64,
    y: f64,
    lives: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EdgeView {
    ends: [Spot; 2],
    /// Flat `[x0, y0, x1, y1, ...]`.
    points: Vec<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Extent {
    min_x: f64,
    min_y: f64,
    max_x: f64,
    max_y: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    /// Moves played (the cursor).
    move_number: usize,
    /// 1 or 2: who moves next (or would, when the game is over).
    to_move: u8,
    over: bool,
    /// 1 or 2 when the game is over.
    winner: Option<u8>,
    /// Who made the last move, 1 or 2 (none before the first move).
    last_mover: Option<u8>,
    misere: bool,
    /// Lives left in the whole drawing.
    lives: u32,
    /// Spots with lives left (at the end: the survivors).
    live_spots: usize,
    /// Why the game ended, in words ("player 1" / "player 2").
    why: Option<String>,
    can_undo: bool,
    can_redo: bool,
}

/// The answer to `checkStroke`.
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct Check {
    /// Nothing wrong so far.
    ok: bool,
    /// Released now, the stroke would be a move.
    complete: bool,
    from: Option<Spot>,
    to: Option<Spot>,
    /// Spots the stroke may still end on.
    targets: Vec<Spot>,
    /// Why the stroke is not (or cannot become) a move.
    reason: Option<String>,
    /// A short machine-readable name of the reason.
    code: Option<&'static str>,
    /// Index of the input point where the offending piece starts.
    at: Option<usize>,
    /// The spot that the reason is about, if any.
    spot: Option<Spot>,
    /// Where the new spot would go, for a complete stroke: `[x, y]`.
    new_spot: Option<[f64; 2]>,
    /// Fraction of the curve's length where the new spot would go.
    t: Option<f64>,
    /// The curve that would be drawn (flat points), for a complete stroke.
    curve: Option<Vec<f64>>,
    /// Why releasing the stroke here (on a spot) would not make a move,
    /// when the stroke so far is fine.
    release: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Preview {
    text: String,
    points: Vec<f64>,
    new_spot: [f64; 2],
}

fn stroke_code(e: &StrokeError) -> (&'static str, Option<usize>, Option<Spot>) {
    match *e {
        StrokeError::Empty => ("empty", None, None),
        StrokeError::BadPoint { at } => ("bad-point", Some(at), None),
        StrokeError::NotOnSpot { at } => (if at == 0 { "not-from-spot" } else { "not-on-spot" }, Some(at), None),
        StrokeError::NoLives { spot } => ("no-lives", None, Some(spot)),
        StrokeError::LoopNeedsTwoLives { spot } => ("loop-needs-two-lives", None, Some(spot)),
        StrokeError::TooShort => ("too-short", None, None),
        StrokeError::Crosses { at, .. } => ("crosses", Some(at), None),
        StrokeError::TouchesEdge { at, .. } => ("touches-line", Some(at), None),
        StrokeError::TouchesSpot { spot, at } => ("touches-spot", Some(at), Some(spot)),
        StrokeError::SelfIntersects { at, .. } => ("crosses-itself", Some(at), None),
        StrokeError::TouchesItself { at, .. } => ("touches-itself", Some(at), None),
    }
}

/// A stroke that makes a move.
fn accepted(s: &Stroke) -> Check {
    Check {
        ok: true,
        complete: true,
        from: Some(s.from),
        to: Some(s.to),
        targets: vec![s.to],
        new_spot: Some([s.new_spot.x, s.new_spot.y]),
        t: Some(s.t),
        curve: Some(flat(&s.points)),
        ..Check::default()
    }
}

fn failed(e: &StrokeError, from: Option<Spot>, targets: Vec<Spot>) -> Check {
    let (code, at, spot) = stroke_code(e);
    Check {
        ok: false,
        from,
        targets,
        reason: Some(e.to_string()),
        code: Some(code),
        at,
        spot,
        ..Check::default()
    }
}

fn move_error(text: &str, e: MoveError) -> JsError {
    err(format!("`{text}`: {e}"))
}

fn drawing_of(board: &Board) -> Drawing {
    Drawing {
        spots: board.spots().iter().map(|p| [p.x, p.y]).collect(),
        edges: board
            .edges()
            .iter()
            .map(|e| SavedEdge { ends: e.ends, points: e.points.iter().map(|p| [p.x, p.y]).collect() })
            .collect(),
    }
}

/// The drawing after the first `k` moves of a full drawing: every move adds
/// one spot and two edges, so it is a prefix of both lists.
fn prefix_board(full: &Drawing, w: f64, h: f64, n: usize, k: usize) -> Result<Board, String> {
    let spots = full.spots.get(..n + k).ok_or("the saved drawing has too few spots")?;
    let edges = full.edges.get(..2 * k).ok_or("the saved drawing has too few lines")?;
    Board::from_parts(
        w,
        h,
        spots.iter().map(|p| Point::new(p[0], p[1])).collect(),
        edges
            .iter()
            .map(|e| Edge { ends: e.ends, points: e.points.iter().map(|p| Point::new(p[0], p[1])).collect() })
            .collect(),
    )
    .map_err(|e| format!("the saved drawing is broken: {e}"))
}

fn check_size(width: f64, height: f64) -> Result<(), JsError> {
    if !(width.is_finite() && height.is_finite() && (10.0..=100_000.0).contains(&width) && (10.0..=100_000.0).contains(&height)) {
        return Err(err("the board size must be between 10 and 100000 units each way"));
    }
    Ok(())
}

fn check_spots(spots: usize) -> Result<(), JsError> {
    if !(1..=MAX_SPOTS).contains(&spots) {
        return Err(err(format!("a game starts with 1 to {MAX_SPOTS} spots")));
    }
    Ok(())
}

#[wasm_bindgen]
impl Game {
    /// A new game of `spots` spots laid out on a `width` × `height` board.
    #[wasm_bindgen(constructor)]
    pub fn new(spots: u32, misere: bool, width: f64, height: f64) -> Result<Game, JsError> {
        let spots = spots as usize;
        check_spots(spots)?;
        check_size(width, height)?;
        let board = Board::start(spots, width, height).map_err(err)?;
        let position = Position::start(spots).map_err(err)?;
        Ok(Game {
            spots,
            misere,
            width,
            height,
            rules: StrokeRules::default(),
            route: RouteOptions::default(),
            moves: Vec::new(),
            positions: vec![position],
            boards: vec![board],
            cursor: 0,
        })
    }

    /// A game from a WGOSA record (`3+ 1(4)2 ...`): its moves are replayed
    /// and drawn by the router. The result (`I`/`II`) is ignored.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &str, width: f64, height: f64) -> Result<Game, JsError> {
        let rec = Record::parse(record).map_err(|e| err(format!("not a game record: {e}")))?;
        let mut g = Game::new(rec.spots as u32, rec.misere, width, height)?;
        for (i, m) in rec.moves.iter().enumerate() {
            g.play_text(&m.to_string()).map_err(|e| {
                let msg: String = JsValue::from(e).as_string().unwrap_or_default();
                err(format!("move {}: {msg}", i + 1))
            })?;
        }
        Ok(g)
    }

    /// A saved game (from [`Game::to_json`]). The drawing is checked
    /// against the moves; without a drawing the moves are routed.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(json: &str) -> Result<Game, JsError> {
        let value = js_sys::JSON::parse(json).map_err(|_| err("saved game: not JSON"))?;
        let saved: Saved =
            serde_wasm_bindgen::from_value(value).map_err(|e| err(format!("saved game: {e}")))?;
        if saved.version != 1 {
            return Err(err(format!("saved game: unknown version {}", saved.version)));
        }
        if saved.cursor > saved.moves.len() {
            return Err(err("saved game: the cursor is past the last move"));
        }
        let mut g = Game::new(saved.spots as u32, saved.misere, saved.width, saved.height)?;
        let Some(drawing) = saved.drawing else {
            for m in &saved.moves {
                g.play_text(m)?;
            }
            while g.cursor > saved.cursor {
                g.undo();
            }
            return Ok(g);
        };
        if drawing.spots.len() != g.spots + saved.moves.len() || drawing.edges.len() != 2 * saved.moves.len() {
            return Err(err("saved game: the drawing does not have one curve per move"));
        }
        for (k, text) in saved.moves.iter().enumerate() {
            let p = &g.positions[k];
            let m = MoveText::parse(text).map_err(|e| err(format!("saved game: move {}: {e}", k + 1)))?;
            let (mv, child) = resolve(p, &m).map_err(|e| move_error(text, e))?;
            let board = prefix_board(&drawing, g.width, g.height, g.spots, k + 1).map_err(err)?;
            let traced = board.position().map_err(|e| err(format!("saved game: {e}")))?;
            if traced != child {
                return Err(err(format!("saved game: the drawing does not show move {} `{text}`", k + 1)));
            }
            g.moves.push(write_move(p, &mv));
            g.positions.push(child);
            g.boards.push(board);
        }
        g.cursor = saved.cursor;
        Ok(g)
    }

    /// The game as JSON: spots, convention, moves (WGOSA), cursor, drawing.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        let saved = Saved {
            version: 1,
            spots: self.spots,
            misere: self.misere,
            width: self.width,
            height: self.height,
            moves: self.moves.clone(),
            cursor: self.cursor,
            drawing: self.boards.last().map(drawing_of),
        };
        js_sys::JSON::stringify(&to_js(&saved)).ok().and_then(|s| s.as_string()).unwrap_or_default()
    }

    /// Sets the distances (board units) that decide what a stroke touches:
    /// the snap radius around spots, the clearance around spots, and around
    /// lines. The page scales them with the zoom so that they are constant
    /// on screen.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(&mut self, snap: f64, spot_clearance: f64, edge_clearance: f64) -> Result<(), JsError> {
        let ok = |v: f64| v.is_finite() && v > 0.0 && v < 1e4;
        if !(ok(snap) && ok(spot_clearance) && ok(edge_clearance)) {
            return Err(err("stroke distances must be positive numbers"));
        }
        self.rules = StrokeRules { snap, spot_clearance, edge_clearance };
        Ok(())
    }

    #[wasm_bindgen(getter)]
    pub fn spots(&self) -> u32 {
        self.spots as u32
    }

    #[wasm_bindgen(getter)]
    pub fn misere(&self) -> bool {
        self.misere
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> f64 {
        self.width
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> f64 {
        self.height
    }

    /// Moves played so far (the undo cursor).
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> u32 {
        self.cursor as u32
    }

    fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    fn board(&self) -> &Board {
        &self.boards[self.cursor]
    }

    /// The moves played, in WGOSA notation.
    pub fn moves(&self) -> Vec<String> {
        self.moves[..self.cursor].to_vec()
    }

    /// The game as a WGOSA record: `3+ 1(4)2 ... I` (the result once over).
    pub fn record(&self) -> String {
        let mut s = format!("{}{}", self.spots, if self.misere { '-' } else { '+' });
        for m in self.moves() {
            s.push(' ');
            s.push_str(&m);
        }
        if let Some(w) = self.winner() {
            s.push_str(if w == 1 { " I" } else { " II" });
        }
        s
    }

    /// The position as a canonical GLOP string.
    pub fn glop(&self) -> String {
        Canon::of(self.position()).to_string()
    }

    /// The position as a Hoey list (labelled: spot numbers as drawn).
    pub fn hoey(&self) -> String {
        HoeyDisplay(self.position()).to_string()
    }

    /// Lives of spot `s` (0 for no such spot).
    pub fn lives(&self, s: u32) -> u8 {
        self.position().lives(s)
    }

    /// Render data: `[{n, x, y, lives}]`.
    #[wasm_bindgen(js_name = spotList)]
    pub fn spot_list(&self) -> JsValue {
        let b = self.board();
        let v: Vec<SpotView> = b
            .spots()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let n = i as Spot + 1;
                SpotView { n, x: p.x, y: p.y, lives: self.position().lives(n) }
            })
            .collect();
        to_js(&v)
    }

    /// Render data: `[{ends: [a, b], points: [x0, y0, x1, y1, ...]}]`; a
    /// move adds two edges (from its first spot to the new one, and on).
    #[wasm_bindgen(js_name = edgeList)]
    pub fn edge_list(&self) -> JsValue {
        let v: Vec<EdgeView> =
            self.board().edges().iter().map(|e| EdgeView { ends: e.ends, points: flat(&e.points) }).collect();
        to_js(&v)
    }

    /// The box around the board area and everything drawn:
    /// `{minX, minY, maxX, maxY}`.
    pub fn extent(&self) -> JsValue {
        let r = self.board().extent();
        to_js(&Extent { min_x: r.min.x, min_y: r.min.y, max_x: r.max.x, max_y: r.max.y })
    }

    /// Lands with at least one move left, each as its live spots (sorted):
    /// different lands are independent games.
    pub fn lands(&self) -> JsValue {
        to_js(&land_spots(self.position()))
    }

    /// Whose turn, whether the game is over, who won and why.
    pub fn status(&self) -> JsValue {
        let p = self.position();
        let over = p.is_over();
        let n = self.cursor;
        let last_mover = (n > 0).then(|| if n % 2 == 1 { 1u8 } else { 2 });
        let winner = self.winner();
        let live_spots = (1..=p.spot_count() as Spot).filter(|&s| p.lives(s) > 0).count();
        let why = match (winner, last_mover) {
            (Some(_), Some(l)) => Some(if self.misere {
                format!(
                    "player {l} made the last move, and in misère play the last move loses ({live_spots} spots survive)"
                )
            } else {
                format!("player {l} made the last move, and in normal play the last move wins ({live_spots} spots survive)")
            }),
            _ => None,
        };
        to_js(&Status {
            move_number: n,
            to_move: if n % 2 == 0 { 1 } else { 2 },
            over,
            winner,
            last_mover,
            misere: self.misere,
            lives: p.total_lives(),
            live_spots,
            why,
            can_undo: self.cursor > 0,
            can_redo: self.cursor < self.moves.len(),
        })
    }

    /// Whether no move is left.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }

    /// 1 or 2: the player to move.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> u8 {
        if self.cursor % 2 == 0 {
            1
        } else {
            2
        }
    }

    /// 1 or 2 once the game is over, else `undefined`.
    pub fn winner(&self) -> Option<u8> {
        if !self.position().is_over() || self.cursor == 0 {
            return None;
        }
        let last = if self.cursor % 2 == 1 { 1 } else { 2 };
        Some(if self.misere { 3 - last } else { last })
    }

    /// Checks a stroke being drawn (flat `[x0, y0, x1, y1, ...]`, board
    /// units): whether it is legal so far and why not, which spots it may
    /// end on, and, if released now would make a move, where the new spot
    /// would go.
    #[wasm_bindgen(js_name = checkStroke)]
    pub fn check_stroke(&self, points: &[f64]) -> Result<JsValue, JsError> {
        let pts = points_of(points);
        let checker = StrokeChecker::new(self.board(), self.rules).map_err(err)?;
        if let Ok(s) = checker.check(&pts, 0.5) {
            return Ok(to_js(&accepted(&s)));
        }
        let full = checker.check(&pts, 0.5);
        let pre = checker.check_prefix(&pts);
        // Where the stroke is on a spot now, releasing it is what counts:
        // the prefix check sees that spot as one it runs into.
        let on_spot = match &full {
            Err(StrokeError::NotOnSpot { at }) => *at == 0,
            _ => true,
        };
        Ok(to_js(&match (&pre.error, full) {
            (Some(StrokeError::TouchesSpot { .. }), Err(e)) if on_spot => failed(&e, pre.from, Vec::new()),
            (Some(e), _) => failed(e, pre.from, Vec::new()),
            (None, full) => Check {
                ok: true,
                from: pre.from,
                targets: pre.targets,
                release: full.err().filter(|_| on_spot).map(|e| e.to_string()),
                ..Check::default()
            },
        }))
    }

    /// Checks a finished stroke: `{ok, reason, code, at, from, to, newSpot,
    /// t, curve}` with the new spot at fraction `t` of the curve (or the
    /// nearest clear place).
    #[wasm_bindgen(js_name = checkFinished)]
    pub fn check_finished(&self, points: &[f64], t: f64) -> Result<JsValue, JsError> {
        let pts = points_of(points);
        let checker = StrokeChecker::new(self.board(), self.rules).map_err(err)?;
        Ok(to_js(&match checker.check(&pts, t) {
            Ok(s) => accepted(&s),
            Err(e) => failed(&e, None, Vec::new()),
        }))
    }

    /// Plays a hand-drawn stroke with the new spot at fraction `t` of its
    /// length. Returns the move in WGOSA notation; throws why it is not a
    /// move (the game is unchanged then).
    #[wasm_bindgen(js_name = playStroke)]
    pub fn play_stroke(&mut self, points: &[f64], t: f64) -> Result<String, JsError> {
        if self.is_over() {
            return Err(err("the game is over"));
        }
        let pts = points_of(points);
        let played = {
            let checker = StrokeChecker::new(self.board(), self.rules).map_err(err)?;
            let stroke = checker.check(&pts, t).map_err(err)?;
            checker.play(&stroke).map_err(|e| match e {
                PlayError::Stroke(e) => err(e),
                e => err(format!("internal error: {e}")),
            })?
        };
        let text = write_move(self.position(), &played.mv);
        self.push(text.clone(), played.position, played.board);
        Ok(text)
    }

    /// Plays a move written in WGOSA notation (`1(4)2`, `3(5)3[1]`, ...),
    /// drawing a curve for it. Returns its shortest text.
    #[wasm_bindgen(js_name = playText)]
    pub fn play_text(&mut self, text: &str) -> Result<String, JsError> {
        let (canonical, position, board) = self.routed(text)?;
        self.push(canonical.clone(), position, board);
        Ok(canonical)
    }

    /// Where a move written in WGOSA notation would be drawn, without
    /// playing it: `{text, points, newSpot}`.
    #[wasm_bindgen(js_name = previewText)]
    pub fn preview_text(&self, text: &str) -> Result<JsValue, JsError> {
        let (canonical, _, board) = self.routed(text)?;
        let c = board.spot_count() as Spot;
        let edges = board.edges();
        let k = edges.len();
        let (Some(first), Some(second)) = (edges.get(k.wrapping_sub(2)), edges.get(k.wrapping_sub(1))) else {
            return Err(err("internal error: no curve"));
        };
        let mut points = first.points.clone();
        points.extend_from_slice(second.points.get(1..).unwrap_or(&[]));
        let at = board.spot(c).unwrap_or_default();
        Ok(to_js(&Preview { text: canonical, points: flat(&points), new_spot: [at.x, at.y] }))
    }

    fn routed(&self, text: &str) -> Result<(String, Position, Board), JsError> {
        if self.is_over() {
            return Err(err("the game is over"));
        }
        let m = MoveText::parse(text).map_err(|e| err(format!("`{}` is not a move: {e}", text.trim())))?;
        let p = self.position();
        let (mv, child) = resolve(p, &m).map_err(|e| move_error(text.trim(), e))?;
        let routed = self.board().route(p, &mv, &self.route).map_err(err)?;
        if routed.position != child {
            return Err(err("internal error: the routed curve is not the move"));
        }
        Ok((write_move(p, &mv), child, routed.board))
    }

    fn push(&mut self, text: String, position: Position, board: Board) {
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.boards.truncate(self.cursor + 1);
        self.moves.push(text);
        self.positions.push(position);
        self.boards.push(board);
        self.cursor += 1;
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Plays again the last move taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        if self.cursor >= self.moves.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// The moves between spots `a` and `b` (`a == b`: loops), in WGOSA
    /// notation, one per resulting drawing; at most `limit` of them.
    #[wasm_bindgen(js_name = movesBetween)]
    pub fn moves_between(&self, a: u32, b: u32, limit: Option<u32>) -> Vec<String> {
        let limit = limit.unwrap_or(64).clamp(1, 4096) as usize;
        let p = self.position();
        let mut out: Vec<String> = Vec::new();
        let mut seen: Vec<Position> = Vec::new();
        for mv in moves_with_ends(p, a, b, limit) {
            if let Ok(mut child) = p.play(&mv) {
                child.normalize();
                if !seen.contains(&child) {
                    seen.push(child);
                    out.push(write_move(p, &mv));
                }
            }
        }
        out
    }

    /// How many distinct moves (resulting positions) there are.
    #[wasm_bindgen(js_name = moveChoices)]
    pub fn move_choices(&self) -> u32 {
        self.position().representative_moves().len() as u32
    }
}

/// Up to `limit` moves of `p` from spot a to spot b (either way round):
/// every pair of their corners in a common region and, for splits and
/// loops, the ways of sharing out the region's other boundaries.
fn moves_with_ends(p: &Position, a: Spot, b: Spot, limit: usize) -> Vec<crate::Move> {
    use crate::{Corner, Move};
    let mut out = Vec::new();
    if p.lives(a) == 0 || p.lives(b) == 0 || (a == b && p.lives(a) < 2) {
        return out;
    }
    for (ri, region) in p.regions().iter().enumerate() {
        let at = |s: Spot| -> Vec<Corner> {
            region
                .iter()
                .enumerate()
                .flat_map(|(bi, bd)| {
                    bd.iter().enumerate().filter(move |&(_, &x)| x == s).map(move |(ci, _)| Corner { boundary: bi, index: ci })
                })
                .collect()
        };
        let (ca, cb) = (at(a), at(b));
        for &f in &ca {
            for &h in &cb {
                if a == b && f != h {
                    continue;
                }
                if f.boundary != h.boundary {
                    out.push(Move { region: ri, from: f, to: h, inside: Vec::new() });
                } else {
                    let others: Vec<usize> = (0..region.len()).filter(|&i| i != f.boundary).collect();
                    let n = others.len().min(20);
                    for mask in 0u32..(1u32 << n) {
                        if out.len() >= limit {
                            return out;
                        }
                        let inside = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| others[i]).collect();
                        out.push(Move { region: ri, from: f, to: h, inside });
                    }
                }
                if out.len() >= limit {
                    return out;
                }
            }
        }
    }
    out
}

/// Live spots of each land that still has a move.
fn land_spots(p: &Position) -> Vec<Vec<Spot>> {
    let mut out: Vec<Vec<Spot>> = p
        .lands()
        .into_iter()
        .filter(|land| !land.is_over())
        .map(|land| {
            let mut s: Vec<Spot> = land.regions().iter().flatten().flatten().copied().filter(|&s| p.lives(s) > 0).collect();
            s.sort_unstable();
            s.dedup();
            s
        })
        .collect();
    out.sort();
    out
}

// ---------------------------------------------------------------------------
// Worker functions: text in, plain data out.

/// The canonical GLOP string of a position given as GLOP, spots dialect or
/// Hoey list.
#[wasm_bindgen]
pub fn canonical(position: &str) -> Result<String, JsError> {
    let p = parse_position(position).map_err(|e| err(format!("not a position: {e}")))?;
    Ok(Canon::of(&p).to_string())
}

/// The labelled position after a record, and its convention.
fn replay(record: &str) -> Result<(Position, bool), JsError> {
    let rec = Record::parse(record).map_err(|e| err(format!("not a game record: {e}")))?;
    if !(1..=MAX_SPOTS).contains(&rec.spots) {
        return Err(err(format!("a game starts with 1 to {MAX_SPOTS} spots")));
    }
    let p = match rec.replay().map_err(err)?.pop() {
        Some((_, p)) => p,
        None => Position::start(rec.spots).map_err(err)?,
    };
    Ok((p, rec.misere))
}

thread_local! {
    /// One solver per convention; their tables persist between requests,
    /// so results are cached per position.
    static SOLVERS: RefCell<[Option<Solver>; 2]> = const { RefCell::new([None, None]) };
}

/// Options of [`analyse`] and [`computer_move`].
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct SolveOptions {
    /// Node budget of this request (0 or absent: a default).
    max_nodes: f64,
    /// Transposition table cap, in MiB (used when the solver is created).
    table_mb: f64,
    /// "random", "heuristic" or "perfect".
    strength: Option<String>,
    /// Seed of the random choices.
    seed: f64,
    /// Time budget of this request in milliseconds (0 or absent: none).
    max_millis: f64,
}

fn options(v: JsValue) -> Result<SolveOptions, JsError> {
    if v.is_undefined() || v.is_null() {
        return Ok(SolveOptions::default());
    }
    serde_wasm_bindgen::from_value(v).map_err(|e| err(format!("bad options: {e}")))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProgressReport {
    nodes: f64,
    table_bytes: f64,
}

/// The page's clock, in milliseconds.
fn clock() -> Clock {
    Rc::new(js_sys::Date::now)
}

/// The progress callback as the players and the solver take it: called with
/// `{nodes, tableBytes}` at most every [`REPORT_EVERY`] nodes; a truthy
/// return value stops.
fn report(progress: Option<js_sys::Function>) -> Option<Report> {
    let cb = progress?;
    let last = Cell::new(0u64);
    Some(Rc::new(move |p: &Progress| {
        if p.nodes < last.get() + REPORT_EVERY {
            return ControlFlow::Continue(());
        }
        last.set(p.nodes);
        let report = to_js(&ProgressReport { nodes: p.nodes as f64, table_bytes: p.table_bytes as f64 });
        match cb.call1(&JsValue::NULL, &report) {
            Ok(v) if v.is_truthy() => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }))
}

/// The time budget of a request in milliseconds (infinite when absent).
fn millis(opts: &SolveOptions) -> f64 {
    if opts.max_millis.is_finite() && opts.max_millis > 0.0 {
        opts.max_millis
    } else {
        f64::INFINITY
    }
}

/// Runs `f` with the solver of the convention.
fn with_solver<T>(misere: bool, opts: &SolveOptions, f: impl FnOnce(&mut Solver) -> T) -> Result<T, JsError> {
    SOLVERS.with(|cell| {
        let mut solvers = cell.try_borrow_mut().map_err(|_| err("the solver is busy"))?;
        let slot = &mut solvers[usize::from(misere)];
        let solver = slot.get_or_insert_with(|| {
            let mb = if opts.table_mb > 0.0 { opts.table_mb.min(2048.0) } else { 128.0 };
            let conv = if misere { Convention::Misere } else { Convention::Normal };
            Solver::new(conv, Config { table_bytes: (mb * 1048576.0) as usize, progress_every: PROGRESS_EVERY })
        });
        Ok(f(solver))
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WinningMove {
    #[serde(rename = "move")]
    text: String,
    position: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LandReport {
    spots: Vec<Spot>,
    position: String,
    nimber: Option<u32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnalysisReport {
    /// Canonical GLOP string of the position.
    position: String,
    misere: bool,
    /// Solved within the budget.
    complete: bool,
    /// "win" or "loss" for the player to move (null when not complete).
    outcome: Option<String>,
    nimber: Option<u32>,
    lands: Vec<LandReport>,
    winning_moves: Vec<WinningMove>,
    /// Distinct moves in the position.
    moves: usize,
    nodes: f64,
    /// Why it is not complete.
    stopped: Option<String>,
}

const DEFAULT_BUDGET: u64 = 20_000_000;
/// Nodes between two looks at the budget and the clock: the solver expands
/// a few thousand nodes a second, and the heuristic player asks it small
/// questions, so this is often.
const PROGRESS_EVERY: u64 = 16;
/// Nodes between two calls of the page's progress callback.
const REPORT_EVERY: u64 = 64;

fn budget(opts: &SolveOptions) -> u64 {
    if opts.max_nodes.is_finite() && opts.max_nodes >= 1.0 {
        opts.max_nodes.min(1e15) as u64
    } else {
        DEFAULT_BUDGET
    }
}

/// Solves the position after a WGOSA record (whose header says normal or
/// misère): `{position, complete, outcome, nimber, lands: [{spots,
/// position, nimber}], winningMoves: [{move, position}], moves, nodes,
/// stopped}`. `options`: `{maxNodes, maxMillis, tableMb}`. `progress` is
/// called every 64 nodes with `{nodes, tableBytes}`; returning a truthy value stops.
#[wasm_bindgen]
pub fn analyse(record: &str, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let (p, misere) = replay(record)?;
    let opts = options(options_)?;
    let budget = budget(&opts);
    let hook = report(progress);
    let report = with_solver(misere, &opts, |solver| -> Result<AnalysisReport, SolveError> {
        let start = solver.stats().nodes;
        limit_solver(solver, start.saturating_add(budget), js_sys::Date::now() + millis(&opts), &clock(), &hook);
        let a = solver.analyse(&p)?;
        let mut lands = Vec::new();
        for spots in land_spots(&p) {
            let land = p
                .lands()
                .into_iter()
                .find(|l| l.regions().iter().flatten().flatten().any(|&x| spots.first() == Some(&x)));
            let Some(land) = land else { continue };
            let nimber = if misere { None } else { solver.nimber(&land)? };
            lands.push(LandReport { spots, position: Canon::of(&land).to_string(), nimber });
        }
        Ok(AnalysisReport {
            position: Canon::of(&p).to_string(),
            misere,
            complete: true,
            outcome: Some(a.outcome.to_string()),
            nimber: a.nimber,
            lands,
            winning_moves: a
                .winning_moves
                .iter()
                .map(|(mv, c)| WinningMove { text: write_move(&p, mv), position: c.to_string() })
                .collect(),
            moves: p.representative_moves().len(),
            nodes: (solver.stats().nodes - start) as f64,
            stopped: None,
        })
    })?;
    let report = report.unwrap_or_else(|e| AnalysisReport {
        position: Canon::of(&p).to_string(),
        misere,
        complete: false,
        outcome: None,
        nimber: None,
        lands: Vec::new(),
        winning_moves: Vec::new(),
        moves: p.representative_moves().len(),
        nodes: budget as f64,
        stopped: Some(match e {
            SolveError::Stopped => format!("not solved within the budget of {budget} nodes"),
            e => e.to_string(),
        }),
    });
    Ok(to_js(&report))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ComputerMove {
    #[serde(rename = "move")]
    text: String,
    /// How it was chosen: "random", "winning", "proven-loss" (every move
    /// loses against perfect play), "guess" (not solved within the budget).
    method: &'static str,
    /// The outcome for the mover when it is known.
    outcome: Option<String>,
    nodes: f64,
}

thread_local! {
    /// The computer player: what it learnt (lengths of small lands) serves
    /// the next moves.
    static COMPUTER: RefCell<Computer> = RefCell::new(Computer::new());
}

/// A move for the computer in the position after a WGOSA record.
/// `options`: `{strength: "random" | "heuristic" | "perfect", maxNodes,
/// maxMillis, seed, tableMb}`; the result is `{move, method, outcome,
/// nodes}`. The players are those of [`crate::player`]: random; heuristic
/// (survivor counting and a shallow search with small solver budgets, about
/// a tenth of a second a move); perfect (the solver within the node and time
/// budgets, falling back to the heuristic). `progress` as for [`analyse`].
#[wasm_bindgen(js_name = computerMove)]
pub fn computer_move(record: &str, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let (p, misere) = replay(record)?;
    let opts = options(options_)?;
    let strength: Strength = opts.strength.as_deref().unwrap_or("perfect").parse().map_err(err)?;
    let seed = if opts.seed.is_finite() { opts.seed.abs().min(1.8e19) as u64 } else { 0 };
    let choice = if strength == Strength::Random {
        random_choice(&p, seed)
    } else {
        let req = Request {
            strength,
            max_nodes: budget(&opts),
            max_millis: millis(&opts),
            seed,
            clock: clock(),
            report: report(progress),
        };
        with_solver(misere, &opts, |solver| {
            COMPUTER.with(|c| match c.try_borrow_mut() {
                Ok(mut c) => Ok(c.choose(&p, solver, &req)),
                Err(_) => Err(err("the computer is busy")),
            })
        })??
    };
    let c = choice.ok_or_else(|| err("the game is over"))?;
    Ok(to_js(&ComputerMove {
        text: write_move(&p, &c.mv),
        method: c.method.name(),
        outcome: c.outcome.map(|o| o.to_string()),
        nodes: c.nodes as f64,
    }))
}
