//! The game being played: the start, the moves, the labelled position and
//! the drawing after each of them, a cursor for undo/redo and for showing
//! any earlier move, and the status (who moves, who won and why).
//!
//! Plain Rust: the wasm facade (`src/wasm/`) only converts to and from
//! JavaScript, and the command line uses the same type (`sprouts replay`).
//! A game is *drawn* (every position has its [`Board`], moves can be played
//! by hand-drawn strokes and are routed when typed) or *undrawn* (positions
//! only, for replaying records without geometry).
//!
//! Past 800 lines as one file: `Game` and its methods; its saved files,
//! stroke checks, other rules and the (p, q) game are submodules, and the
//! few words and checks the plane and (p, q) games share sit here, beside
//! both.
//!
//! ```
//! use sprouts::game::Game;
//!
//! let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
//! g.play_text("1(3)2").unwrap();
//! g.play_text("1(4)2").unwrap();
//! assert_eq!(g.record(), "2+ 1(3)2 1(4)2");
//! assert!(g.undo());
//! assert_eq!(g.status().to_move, 2);
//! assert!(g.go_to(2));
//! assert_eq!(g.hoey(), "1,3,2,4/1,4,2,3");
//! ```

mod check;
mod file;
mod pq;
mod variant;

pub use check::{Check, Preview};
use check::Live;
pub use variant::{parse_start, split_tag, start_name, Variant};
pub use pq::{PqGame, PqStatus, PqStroke, MAX_PQ_SPOTS};
pub use file::{AnyDrawing, AnyGameFile, DrawingFile, EdgeFile, GameFile, StartFile, FORMAT};

use crate::limits::{check, LimitError, MAX_STROKE_POINTS};
use crate::board::{
    Board, BoardError, Idle, PlayError, Point, RouteOptions, StrokeChecker, StrokeError, StrokeRules, Tidy, TidyOptions,
};
use crate::notation::{resolve, write_move, MoveText, Record};
use crate::text::{clip, quote_around, HoeyDisplay};
use crate::variants::NewSpot;
use crate::{Canon, Move, Position, Spot};
use serde::Serialize;
use std::fmt;

/// Most spots an n-spot game may start with (the page and the worker take
/// no more; larger starts are for the solver, not for drawing).
pub use crate::limits::MAX_GAME_SPOTS as MAX_SPOTS;

/// The smallest and largest board side, in board units.
const SIDE: std::ops::RangeInclusive<f64> = 10.0..=100_000.0;

/// Why a game could not be started, loaded or played on.
#[derive(Clone, Debug, PartialEq)]
pub enum GameError {
    /// The start is not a game (spot count, board size, a drawing that does
    /// not show the start position).
    Start(String),
    /// No move is left.
    Over,
    /// Text that is not a legal move here (`number` counts from 1).
    Move { number: usize, text: String, message: String },
    /// A stroke that is not a legal curve.
    Stroke(StrokeError),
    /// The game has no drawing (an undrawn game cannot take strokes).
    NoDrawing,
    /// Points for a stroke that was not begun.
    NoStroke,
    /// A saved game that cannot be loaded.
    File(String),
    /// A bug: the router or the tracer disagrees with the engine.
    Internal(String),
    /// Input over one of the limits of `crate::limits`.
    Limit(LimitError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Start(m) => f.write_str(m),
            GameError::Over => f.write_str("the game is over"),
            GameError::Move { number, text, message } => write!(f, "move {number} `{}`: {message}", clip(text)),
            GameError::Stroke(e) => write!(f, "{e}"),
            GameError::NoDrawing => f.write_str("this game has no drawing"),
            GameError::NoStroke => f.write_str("no stroke is being drawn (begin one first)"),
            GameError::File(m) => write!(f, "saved game: {m}"),
            GameError::Internal(m) => write!(f, "internal error: {m}"),
            GameError::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GameError {}

/// How the game started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// n isolated spots, numbered 1..=n.
    Spots(usize),
    /// Any labelled position; new spots are numbered after its spots.
    Position(Position),
}

/// Whose turn, whether the game is over, who won and why (the facade's
/// `status()`; field names are the page's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// Moves played (the cursor).
    pub move_number: usize,
    /// 1 or 2: who moves next (or would, when the game is over).
    pub to_move: u8,
    pub over: bool,
    /// 1 or 2 when the game is over.
    pub winner: Option<u8>,
    /// Who made the last move, 1 or 2 (none before the first move).
    pub last_mover: Option<u8>,
    pub misere: bool,
    /// Lives left in the whole drawing.
    pub lives: u32,
    /// Spots with lives left (at the end: the survivors).
    pub live_spots: usize,
    /// Why the game ended, in words ("player 1" / "player 2").
    pub why: Option<String>,
    pub can_undo: bool,
    pub can_redo: bool,
}

/// A spot to draw: its number, coordinates and lives.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpotView {
    pub n: Spot,
    pub x: f64,
    pub y: f64,
    pub lives: u8,
    /// In no land with a move left (drawn faded).
    pub idle: bool,
}

/// A line to draw: its end spots and its points, flat `[x0, y0, x1, ...]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EdgeView {
    pub ends: [Spot; 2],
    pub points: Vec<f64>,
    /// Joins two idle spots: part of no move (drawn faded).
    pub idle: bool,
}

/// The box around the board area and everything drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extent {
    pub min_x: f64,
    pub min_y: f64,
    pub max_x: f64,
    pub max_y: f64,
}

/// One game: the labelled positions (and drawings) after every move, the
/// move texts, and a cursor; moves after the cursor can be redone.
#[derive(Clone, Debug)]
pub struct Game {
    start: Start,
    misere: bool,
    /// The rules of the game (plain Sprouts, Brussels Sprouts, ...).
    variant: Variant,
    rules: StrokeRules,
    route: RouteOptions,
    /// Every move made, including those undone (redo), shortest WGOSA text.
    moves: Vec<String>,
    /// `positions[k]`: after k moves; one more than `moves`.
    positions: Vec<Position>,
    /// `boards[k]`: the drawing after k moves; empty for an undrawn game.
    boards: Vec<Board>,
    cursor: usize,
    /// A tidy of the last drawing, in progress (forgotten when the last
    /// drawing changes).
    tidying: Option<Tidy>,
    /// The stroke being drawn (its checks are redone when the drawing
    /// shown or the rules change).
    live: Option<Live>,
    /// The tidy moved the last drawing since the earlier ones were made
    /// its prefixes.
    unsynced: bool,
}

fn check_size(width: f64, height: f64) -> Result<(), GameError> {
    if !(SIDE.contains(&width) && SIDE.contains(&height)) {
        return Err(GameError::Start("the board size must be between 10 and 100000 units each way".into()));
    }
    Ok(())
}

fn check_spots(spots: usize) -> Result<(), GameError> {
    if !(1..=MAX_SPOTS).contains(&spots) {
        return Err(GameError::Start(format!("a game starts with 1 to {MAX_SPOTS} spots")));
    }
    Ok(())
}

/// A labelled start: its spots and every spot its moves could add (one
/// per life at most) within [`crate::limits::MAX_SPOTS`], so that every
/// position of the game prints as a Hoey list our parser reads.
fn check_start(p: &Position) -> Result<(), GameError> {
    crate::limits::check_spots(p.spot_count() + p.total_lives() as usize).map_err(GameError::Limit)
}

/// A stroke's length against [`MAX_STROKE_POINTS`].
fn check_stroke_points(points: &[Point]) -> Result<(), GameError> {
    check_stroke_count(points.len())
}

fn check_stroke_count(n: usize) -> Result<(), GameError> {
    check("points in a stroke", n as u64, MAX_STROKE_POINTS as u64).map_err(GameError::Limit)
}

fn board_error(e: BoardError) -> GameError {
    GameError::Start(e.to_string())
}

/// Flat `[x0, y0, x1, y1, ...]` of points.
pub fn flat(points: &[Point]) -> Vec<f64> {
    points.iter().flat_map(|p| [p.x, p.y]).collect()
}

// What the plane's game and the (p, q) game ([`PqGame`]) say alike.

/// Stroke distances (board units): positive and below 10,000 each.
fn stroke_rules_ok(rules: &StrokeRules) -> bool {
    let ok = |v: f64| v.is_finite() && v > 0.0 && v < 1e4;
    ok(rules.snap) && ok(rules.spot_clearance) && ok(rules.edge_clearance)
}

/// 1 or 2: the player to move after `moves` moves (player 1 moves first).
fn mover(moves: usize) -> u8 {
    if moves.is_multiple_of(2) {
        1
    } else {
        2
    }
}

/// 1 or 2 once the game is `over` after `moves` moves: the player who
/// cannot move loses normal play and wins misère play.
fn winner_after(over: bool, moves: usize, misere: bool) -> Option<u8> {
    if !over {
        return None;
    }
    let stuck = mover(moves);
    Some(if misere { stuck } else { 3 - stuck })
}

/// The player who made the last of `moves` moves (none at the start).
fn last_mover_after(moves: usize) -> Option<u8> {
    (moves > 0).then_some(if moves % 2 == 1 { 1u8 } else { 2 })
}

/// Why the game is won, `last_mover` having made the last move (`end`:
/// how the game ended, in the rules' words).
fn why_won(last_mover: Option<u8>, misere: bool, end: &str) -> String {
    let rule = if misere { "in misère play the last move loses" } else { "in normal play the last move wins" };
    match last_mover {
        Some(l) => format!("player {l} made the last move, and {rule} ({end})"),
        None => format!("player 1 cannot move at the start, and {rule} ({end})"),
    }
}

/// A record's last word once player `winner` has won: `I` or `II`.
fn result_word(winner: u8) -> &'static str {
    if winner == 1 {
        "I"
    } else {
        "II"
    }
}

impl Game {
    fn with(start: Start, first: Position, board: Option<Board>, misere: bool) -> Game {
        Game {
            start,
            misere,
            variant: Variant::default(),
            rules: StrokeRules::default(),
            route: RouteOptions::default(),
            moves: Vec::new(),
            positions: vec![first],
            boards: board.into_iter().collect(),
            cursor: 0,
            tidying: None,
            live: None,
            unsynced: false,
        }
    }

    /// A new game of `spots` spots (1 to [`MAX_SPOTS`]) laid out on a
    /// `width` × `height` board.
    pub fn new(spots: usize, misere: bool, width: f64, height: f64) -> Result<Game, GameError> {
        check_spots(spots)?;
        check_size(width, height)?;
        let board = Board::start(spots, width, height).map_err(board_error)?;
        let position = Position::start(spots).map_err(|e| GameError::Start(e.to_string()))?;
        Ok(Game::with(Start::Spots(spots), position, Some(board), misere))
    }

    /// A game without a drawing from the n-spot start (any n ≥ 1): moves are
    /// played by text or as engine moves only.
    pub fn undrawn(spots: usize, misere: bool) -> Result<Game, GameError> {
        let position = Position::start(spots).map_err(|e| GameError::Start(e.to_string()))?;
        Ok(Game::with(Start::Spots(spots), position, None, misere))
    }

    /// A game from any labelled position, drawn as `board` (which must
    /// trace to exactly that position). Moves number their new spots after
    /// the position's spots.
    pub fn from_position(start: Position, board: Board, misere: bool) -> Result<Game, GameError> {
        check_size(board.width(), board.height())?;
        check_start(&start)?;
        let mut want = start.clone();
        want.normalize();
        let traced = board.position().map_err(|e| GameError::Start(format!("the drawing is broken: {e}")))?;
        if traced != want {
            return Err(GameError::Start("the drawing does not show the start position".into()));
        }
        Ok(Game::with(Start::Position(start), want, Some(board), misere))
    }

    /// A game from any position written as text (GLOP, spots dialect or
    /// Hoey list), drawn by [`Board::layout`] on a `width` × `height`
    /// board. A Hoey list is drawn with its own spot numbers; a reduced
    /// string starts from the labelled position the layout chose (see the
    /// README, "Layout of any position").
    pub fn from_text(text: &str, misere: bool, width: f64, height: f64) -> Result<Game, GameError> {
        check_size(width, height)?;
        let p = crate::text::parse_position(text)
            .map_err(|e| GameError::Start(format!("not a position: {e}, in {}", quote_around(text, e.offset))))?;
        check_start(&p)?;
        if crate::text::is_hoey(text) {
            // Its spot numbers are what moves (and share links) name: the
            // drawing must keep them.
            let board = Board::layout_labelled(&p, width, height).map_err(|e| {
                GameError::Start(format!("the position cannot be drawn with its own spot numbers: {e}"))
            })?;
            return Game::from_position(p, board, misere);
        }
        let (labelled, board) =
            Board::layout(&p, width, height).map_err(|e| GameError::Start(format!("the position cannot be drawn: {e}")))?;
        Game::from_position(labelled, board, misere)
    }

    /// A game from a WGOSA record (`3+ 1(4)2 ...`; the result is ignored),
    /// drawn by the router on a `width` × `height` board when `size` is
    /// given, undrawn otherwise.
    ///
    /// ```
    /// use sprouts::game::Game;
    ///
    /// let g = Game::from_record("2+ 1(3)2 1(4)2 1(5)2[3] II", None).unwrap();
    /// assert_eq!(g.moves(), ["1(3)2", "1(4)2", "1(5)2[3]"]);
    /// assert_eq!(g.status().winner, None); // a 2-spot game lasts 4 to 5 moves
    /// let err = Game::from_record("2+ 1(3)2 1(4)2 1(5)2", None).unwrap_err();
    /// assert!(err.to_string().starts_with("move 3 `1(5)2`: illegal"));
    /// ```
    pub fn from_record(record: &str, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        let rec = Record::parse(record)
            .map_err(|e| GameError::Start(format!("not a game record: {e}, in {}", quote_around(record, e.offset))))?;
        Game::replay(&rec, size)
    }

    /// A game from a parsed record (see [`Game::from_record`]).
    pub fn replay(rec: &Record, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        let mut g = match size {
            Some((w, h)) => Game::new(rec.spots, rec.misere, w, h)?,
            None => Game::undrawn(rec.spots, rec.misere)?,
        };
        for m in &rec.moves {
            g.play_text(&m.to_string())?;
        }
        Ok(g)
    }

    /// How the game started.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// Spots at the start: n for an n-spot (or n-cross) start.
    pub fn spots(&self) -> usize {
        match self.start {
            Start::Spots(n) => n,
            Start::Position(_) => self.positions[0].spot_count(),
        }
    }

    pub fn misere(&self) -> bool {
        self.misere
    }

    /// Whether every position has its drawing.
    pub fn is_drawn(&self) -> bool {
        !self.boards.is_empty()
    }

    /// The board size (0 × 0 for an undrawn game).
    pub fn size(&self) -> (f64, f64) {
        self.boards.first().map_or((0.0, 0.0), |b| (b.width(), b.height()))
    }

    /// Moves shown (played and not undone).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every move made, including undone ones after the cursor.
    pub fn all_moves(&self) -> &[String] {
        &self.moves
    }

    /// The moves played up to the cursor.
    pub fn moves(&self) -> &[String] {
        &self.moves[..self.cursor]
    }

    /// The labelled position shown (after [`Game::cursor`] moves).
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The labelled position after `k` moves (of all made, undone included).
    pub fn position_at(&self, k: usize) -> Option<&Position> {
        self.positions.get(k)
    }

    /// The drawing shown; `None` for an undrawn game.
    pub fn board(&self) -> Option<&Board> {
        self.boards.get(self.cursor)
    }

    /// The drawing after `k` moves.
    pub fn board_at(&self, k: usize) -> Option<&Board> {
        self.boards.get(k)
    }

    /// The stroke rules in use (see [`Game::set_rules`]).
    pub fn rules(&self) -> StrokeRules {
        self.rules
    }

    /// Sets the distances (board units) that decide what a stroke touches:
    /// positive and below 10,000 each.
    pub fn set_rules(&mut self, rules: StrokeRules) -> Result<(), GameError> {
        if !stroke_rules_ok(&rules) {
            return Err(GameError::Start("stroke distances must be positive numbers".into()));
        }
        self.rules = rules;
        self.stale_stroke();
        Ok(())
    }

    /// The game as a WGOSA record, `3+ 1(4)2 ... I` (with the result once
    /// over). A game from a position has no WGOSA header: its record is the
    /// moves (spot numbers continuing from the position's) and the result.
    pub fn record(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if !self.variant.is_plain() {
            parts.push(self.variant.tag());
        }
        if let Start::Spots(n) = self.start {
            parts.push(format!("{n}{}", if self.misere { '-' } else { '+' }));
        }
        parts.extend(self.moves().iter().cloned());
        if let Some(w) = self.winner() {
            parts.push(result_word(w).to_string());
        }
        parts.join(" ")
    }

    /// The position shown as a canonical GLOP string (as
    /// [`Canon::quick`] writes it where naming its letters exactly would
    /// take more than [`crate::limits::CANON_STEPS`] steps: it is shown,
    /// it must not stall the page).
    pub fn glop(&self) -> String {
        Canon::of_within(self.position(), crate::limits::CANON_STEPS).0.to_string()
    }

    /// The position shown as a Hoey list (labelled: spot numbers as drawn).
    pub fn hoey(&self) -> String {
        HoeyDisplay(self.position()).to_string()
    }

    /// Whether no move is left in the position shown.
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }

    /// 1 or 2: the player to move (player 1 moves first from the start).
    pub fn to_move(&self) -> u8 {
        mover(self.cursor)
    }

    /// 1 or 2 once the game is over: the player who cannot move loses
    /// normal play and wins misère play.
    pub fn winner(&self) -> Option<u8> {
        winner_after(self.is_over(), self.cursor, self.misere)
    }

    /// Whose turn, whether the game is over, who won and why.
    pub fn status(&self) -> Status {
        let p = self.position();
        let n = self.cursor;
        let winner = self.winner();
        let live_spots = (1..=p.spot_count() as Spot).filter(|&s| p.lives(s) > 0).count();
        let last_mover = last_mover_after(n);
        let why = winner.map(|_| why_won(last_mover, self.misere, &self.end_words(live_spots)));
        Status {
            move_number: n,
            to_move: self.to_move(),
            over: p.is_over(),
            winner,
            last_mover,
            misere: self.misere,
            lives: p.total_lives(),
            live_spots,
            why,
            can_undo: self.cursor > 0,
            can_redo: self.cursor < self.moves.len(),
        }
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.go_to(self.cursor.wrapping_sub(1))
    }

    /// Plays again the last move taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.go_to(self.cursor + 1)
    }

    /// Shows the game after `k` moves (0 to every move made, undone ones
    /// included); false, and nothing changes, past that.
    pub fn go_to(&mut self, k: usize) -> bool {
        if k > self.moves.len() {
            return false;
        }
        self.sync_prefixes();
        self.cursor = k;
        self.stale_stroke();
        true
    }

    /// Forgets the moves after the cursor (what a new move does anyway).
    pub fn drop_redo(&mut self) {
        self.sync_prefixes();
        if self.cursor < self.moves.len() {
            self.tidying = None;
        }
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.boards.truncate(if self.is_drawn() { self.cursor + 1 } else { 0 });
    }

    fn push(&mut self, text: String, position: Position, board: Option<Board>) {
        self.drop_redo();
        self.moves.push(text);
        self.positions.push(position);
        self.boards.extend(board);
        self.cursor += 1;
        self.tidying = None;
        self.stale_stroke();
        // A router that found no room spread the drawing first: the
        // earlier drawings follow it (each is the new one's prefix).
        let k = self.cursor - 1;
        if self.boards.len() > k + 1 && self.prefix_of_last(k).as_ref() != self.boards.get(k) {
            self.unsynced = true;
            self.sync_prefixes();
        }
    }

    /// Tidies the drawing by at most `sweeps` sweeps (see [`Tidy`]),
    /// aiming at gaps of `opts`; a later call goes on where this one
    /// stopped, until a move is played (after a finished tidy, a call
    /// starts another). The position is unchanged. Returns whether
    /// more is to be done.
    ///
    /// What is tidied is the drawing after the last move (the one the
    /// saved file keeps); every earlier drawing becomes its prefix, as a
    /// saved file reads back, so undo, the replay bar and a reloaded game
    /// show the same lines. The drawing shown follows every call; the
    /// others are brought in line when the tidy settles or the move shown
    /// changes.
    pub fn tidy(&mut self, opts: &TidyOptions, sweeps: usize) -> Result<bool, GameError> {
        let board = self.boards.last_mut().ok_or(GameError::NoDrawing)?;
        let mut t = match self.tidying.take() {
            Some(t) if t.options() == opts && !t.is_done() => t,
            _ => Tidy::new(board, *opts).map_err(|e| GameError::Internal(e.to_string()))?,
        };
        self.unsynced |= t.run(board, sweeps);
        self.stale_stroke();
        let more = !t.is_done();
        self.tidying = more.then_some(t);
        self.follow_last(!more);
        Ok(more)
    }

    /// After the last drawing moved: with `settled`, every earlier drawing
    /// becomes its prefix; otherwise only the one shown does (the others
    /// when it settles or the move shown changes).
    fn follow_last(&mut self, settled: bool) {
        if settled {
            self.sync_prefixes();
        } else if let Some(b) = self.prefix_of_last(self.cursor) {
            self.boards[self.cursor] = b;
        }
    }

    /// The drawing after `k` moves as a prefix of the last one.
    fn prefix_of_last(&self, k: usize) -> Option<Board> {
        // A move adds 1 spot and 2 lines, a cross-bar 4 and 5: the counts
        // are the drawing's own.
        let b = self.boards.get(k)?;
        self.boards.last()?.prefix(b.spot_count(), b.edges().len())
    }

    /// After a tidy: every earlier drawing made the prefix of the last
    /// one (see [`Game::tidy`]); nothing to do when no tidy moved it.
    fn sync_prefixes(&mut self) {
        if !std::mem::take(&mut self.unsynced) {
            return;
        }
        for k in 0..self.boards.len().saturating_sub(1) {
            if let Some(b) = self.prefix_of_last(k) {
                self.boards[k] = b;
            }
        }
    }

    fn move_error(&self, text: &str, message: impl fmt::Display) -> GameError {
        GameError::Move { number: self.cursor + 1, text: text.trim().to_string(), message: message.to_string() }
    }

    /// The move a text names here (without its variant mark), its shortest
    /// text and the child.
    fn read(&self, text: &str) -> Result<(Move, String, Position), GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        let m = MoveText::parse(text).map_err(|e| self.move_error(text, format!("not a move: {e}")))?;
        let p = self.position();
        let (mv, child) = resolve(p, &m).map_err(|e| self.move_error(text, e))?;
        Ok((mv.clone(), write_move(p, &mv), child))
    }

    /// The drawing after an engine move, by the router (`None` when
    /// undrawn).
    fn route(&self, mv: &Move, child: &Position) -> Result<Option<Board>, GameError> {
        let Some(board) = self.board() else { return Ok(None) };
        let routed = board.route(self.position(), mv, &self.route).map_err(|e| GameError::Internal(e.to_string()))?;
        if &routed.position != child {
            return Err(GameError::Internal("the routed curve is not the move".into()));
        }
        Ok(Some(routed.board))
    }

    /// Plays a move written in WGOSA notation (`1(4)2`, `3(5)3[1]`, ...),
    /// routing a curve for it in a drawn game. Returns its shortest text.
    pub fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        let (plain, what) = self.variant.unmark(text).map_err(|m| self.move_error(text, m))?;
        let (mv, short, child) = self.read(&plain)?;
        let board = self.route(&mv, &child)?;
        let (board, child) = match board {
            Some(b) if what != NewSpot::Dot => {
                let (b, p) = self.finish_variant(b, what)?;
                (Some(b), p)
            }
            None if what != NewSpot::Dot => return Err(GameError::NoDrawing),
            b => (b, child),
        };
        let short = self.variant.mark(&short, what);
        self.push(short.clone(), child, board);
        Ok(short)
    }

    /// Plays an engine move of the position shown (as from
    /// [`Position::legal_moves`] or a computer player). Returns its text.
    pub fn play_move(&mut self, mv: &Move) -> Result<String, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        let p = self.position();
        let text = write_move(p, mv);
        let mut child = p.play(mv).map_err(|e| self.move_error(&text, e))?;
        child.normalize();
        if !self.variant.is_plain() {
            return self.play_text(&text);
        }
        let board = self.route(mv, &child)?;
        self.push(text.clone(), child, board);
        Ok(text)
    }

    /// Plays a hand-drawn stroke (board units) with the new spot at
    /// fraction `t` of its length. Returns the move in WGOSA notation; the
    /// game is unchanged on error.
    pub fn play_stroke(&mut self, points: &[Point], t: f64) -> Result<String, GameError> {
        let what = self.variant.rules.new_spots()[0];
        self.play_stroke_with(points, t, what)
    }

    fn play_stroke_with(&mut self, points: &[Point], t: f64, what: NewSpot) -> Result<String, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        check_stroke_points(points)?;
        let board = self.board().ok_or(GameError::NoDrawing)?;
        let played = {
            let checker = StrokeChecker::new(board, self.rules).map_err(|e| GameError::Internal(e.to_string()))?;
            let stroke = checker.check(points, t).map_err(GameError::Stroke)?;
            checker.play(&stroke).map_err(|e| match e {
                PlayError::Stroke(e) => GameError::Stroke(e),
                e => GameError::Internal(e.to_string()),
            })?
        };
        let text = self.variant.mark(&write_move(self.position(), &played.mv), what);
        let (board, position) = match what {
            NewSpot::Dot => (played.board, played.position),
            _ => self.finish_variant(played.board, what)?,
        };
        self.push(text.clone(), position, Some(board));
        Ok(text)
    }

    /// Where a move written in WGOSA notation would be drawn, without
    /// playing it.
    pub fn preview_text(&self, text: &str) -> Result<Preview, GameError> {
        // A variant's mark (`x`, `n`) says what goes on the line, not where.
        let (plain, _) = self.variant.unmark(text).map_err(|m| self.move_error(text, m))?;
        let (mv, short, child) = self.read(&plain)?;
        let board = self.route(&mv, &child)?.ok_or(GameError::NoDrawing)?;
        Preview::of(short, &board)
    }

    /// The distinct moves between spots `a` and `b` (`a == b`: loops) in
    /// the position shown, in WGOSA notation, one per resulting position;
    /// at most `limit` candidates are looked at.
    pub fn moves_between(&self, a: Spot, b: Spot, limit: usize) -> Vec<String> {
        let p = self.position();
        let mut out: Vec<String> = Vec::new();
        let mut seen: Vec<Position> = Vec::new();
        for mv in p.moves_with_ends(a, b, limit) {
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

    /// How many distinct moves (resulting positions) the position shown
    /// has; a position with more moves than [`crate::limits::MAX_MOVES`]
    /// is refused before they are made.
    pub fn move_choices(&self) -> Result<usize, GameError> {
        let p = self.position();
        crate::limits::check_moves(p).map_err(GameError::Limit)?;
        Ok(p.representative_moves_within(crate::limits::CANON_STEPS).0.len())
    }

    /// The spots of the drawing shown, with their lives.
    pub fn spot_views(&self) -> Vec<SpotView> {
        let Some(b) = self.board() else { return Vec::new() };
        let p = self.position();
        let idle = Idle::of(p, b.spot_count());
        b.spots()
            .iter()
            .zip(1..)
            .map(|(at, n)| SpotView { n, x: at.x, y: at.y, lives: p.lives(n), idle: idle.spot(n) })
            .collect()
    }

    /// The lines of the drawing shown; a move adds two (from its first spot
    /// to the new one, and on).
    pub fn edge_views(&self) -> Vec<EdgeView> {
        let Some(b) = self.board() else { return Vec::new() };
        let idle = Idle::of(self.position(), b.spot_count());
        b.edges()
            .iter()
            .map(|e| EdgeView { ends: e.ends, points: flat(&e.points), idle: idle.edge(e) })
            .collect()
    }

    /// Where the spot numbers of the drawing shown go in a view of `scale`
    /// CSS px per board unit that shows `margin` board units round the
    /// drawing: the centre of each number's box, flat `[x0, y0, x1, ...]`.
    pub fn label_places(&self, scale: f64, margin: f64) -> Vec<f64> {
        self.label_boxes(scale, margin).chunks(3).flat_map(|c| [c[0], c[1]]).collect()
    }

    /// Where the spot numbers go and their font sizes: flat
    /// `[x0, y0, font0, x1, ...]` (box centres, CSS px).
    pub fn label_boxes(&self, scale: f64, margin: f64) -> Vec<f64> {
        let Some(b) = self.board() else { return Vec::new() };
        let labels = crate::board::place_labels(b, 1.0 / scale, margin);
        labels.iter().flat_map(|l| [l.x, l.y, l.font]).collect()
    }

    /// The drawing shown as an SVG document (see [`crate::board::svg`]).
    pub fn svg(&self, opts: &crate::board::SvgOptions) -> Result<String, GameError> {
        let board = self.board().ok_or(GameError::NoDrawing)?;
        Ok(crate::board::svg(board, self.position(), opts))
    }

    /// The box around the board area and everything drawn.
    pub fn extent(&self) -> Extent {
        let (w, h) = self.size();
        match self.board() {
            Some(b) => {
                let r = b.extent();
                Extent { min_x: r.min.x, min_y: r.min.y, max_x: r.max.x, max_y: r.max.y }
            }
            None => Extent { min_x: 0.0, min_y: 0.0, max_x: w, max_y: h },
        }
    }
}
