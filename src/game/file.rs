//! The saved-game file (`.sprouts.json`): the start, the convention, every
//! move made (undone ones too), the move shown, and the drawing. The schema
//! is a stable interface, documented in the README ("Saved games"): fields
//! may be added, never renamed or removed; readers ignore fields they do not
//! know.
//!
//! Loading trusts nothing: every move is read against the position before
//! it, and the drawing after every move must trace to exactly the position
//! the moves give. Without a drawing the moves are routed. The page's
//! earlier format (`{"version": 1, "spots", "misere", "width", "height",
//! "moves", "cursor", "drawing"}`) still loads.

use super::{check_size, check_start, Game, GameError, Start, Variant, MAX_SPOTS};
use crate::variants::{Rules, StartKind};
use crate::limits::{check, MAX_FILE_BYTES};
use crate::board::{Board, Edge, Point};
use crate::text::{parse_hoey, HoeyDisplay};
use crate::{Position, Spot};
use serde::{Deserialize, Serialize};

/// The format number written in [`GameFile::format`]; readers refuse
/// larger numbers.
pub const FORMAT: u32 = 1;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameFile {
    /// Always [`FORMAT`] (1) for now.
    pub format: u32,
    /// `"normal"` or `"misere"`.
    pub convention: String,
    pub start: StartFile,
    /// Every move made in WGOSA notation, including those undone (after
    /// `cursor`).
    pub moves: Vec<String>,
    /// Moves shown (0 to the number of moves).
    pub cursor: usize,
    /// The drawing after all of `moves`; without it the moves are routed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing: Option<DrawingFile>,
    /// The rules (`brussels`, `dots-or-crosses`, `weeds`; absent: plain
    /// Sprouts). A game under other rules keeps its moves (with their
    /// marks, see `crate::game::Variant`) and no drawing: it is routed
    /// again when loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// The start: exactly one of the fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StartFile {
    /// n isolated spots numbered 1..=n.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spots: Option<usize>,
    /// A labelled position as a Hoey list (`1,3,2,4/1,4,2,3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// n isolated crosses (Brussels Sprouts, dots-or-crosses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crosses: Option<usize>,
}

/// The drawing: board size, spots `[x, y]` in number order (spot k is
/// `spots[k - 1]`), and lines as polylines. Each move adds one spot and two
/// lines (from its first spot to the new one, then on to its last spot), so
/// the drawing after the first k moves is a prefix of both lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrawingFile {
    pub width: f64,
    pub height: f64,
    pub spots: Vec<[f64; 2]>,
    pub edges: Vec<EdgeFile>,
}

/// One line: its end spots and its points, from `ends[0]` to `ends[1]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EdgeFile {
    pub ends: [Spot; 2],
    pub points: Vec<[f64; 2]>,
}

/// A saved game in either format as read, before its checks: this
/// format ([`GameFile`], with `format`) or the page's earlier one
/// (localStorage `version` 1: `spots`, `misere`, `width`, `height`, and a
/// drawing without its size). Any serde data format can produce it (JSON
/// text natively: [`Game::from_json`]); the page's wasm reads it from a JS
/// object field by field (`src/wasm/from_js.rs`, with serde's messages).
/// Then [`Game::from_any`].
#[derive(Clone, Debug, Default, Deserialize)]
pub struct AnyGameFile {
    pub(crate) format: Option<u32>,
    pub(crate) convention: Option<String>,
    pub(crate) start: Option<StartFile>,
    pub(crate) version: Option<u32>,
    pub(crate) spots: Option<usize>,
    pub(crate) misere: Option<bool>,
    pub(crate) width: Option<f64>,
    pub(crate) height: Option<f64>,
    pub(crate) moves: Option<Vec<String>>,
    pub(crate) cursor: Option<usize>,
    pub(crate) drawing: Option<AnyDrawing>,
    pub(crate) rules: Option<String>,
    /// A game on a surface (the surface board's file): refused here.
    pub(crate) surface: Option<String>,
}

/// A saved game's drawing as read (an earlier format's has no size).
#[derive(Clone, Debug, Deserialize)]
pub struct AnyDrawing {
    pub(crate) width: Option<f64>,
    pub(crate) height: Option<f64>,
    pub(crate) spots: Vec<[f64; 2]>,
    pub(crate) edges: Vec<EdgeFile>,
}

fn missing(field: &str) -> GameError {
    file_error(format!("missing field `{field}`"))
}

impl AnyGameFile {
    /// The file in this format, and for an earlier one its board size.
    fn upgrade(self) -> Result<(GameFile, Option<(f64, f64)>), GameError> {
        if let Some(s) = self.surface.as_deref().filter(|&s| s != "plane") {
            return Err(file_error(format!("a game on the surface {s:?}: open it on the surface board (surface.html)")));
        }
        let (format, convention, start, size) = match (self.format, self.version) {
            (Some(format), _) => (
                format,
                self.convention.ok_or_else(|| missing("convention"))?,
                self.start.ok_or_else(|| missing("start"))?,
                None,
            ),
            (None, Some(1)) => {
                let size = (self.width.ok_or_else(|| missing("width"))?, self.height.ok_or_else(|| missing("height"))?);
                let misere = self.misere.ok_or_else(|| missing("misere"))?;
                let start = StartFile { spots: Some(self.spots.ok_or_else(|| missing("spots"))?), ..Default::default() };
                (FORMAT, if misere { "misere" } else { "normal" }.to_string(), start, Some(size))
            }
            (None, Some(v)) => return Err(file_error(format!("unknown version {v}"))),
            (None, None) => return Err(file_error("no \"format\" field: not a sprouts game file")),
        };
        let drawing = match self.drawing {
            None => None,
            Some(d) => {
                let (width, height) = match (d.width, d.height, size) {
                    (Some(w), Some(h), _) => (w, h),
                    (_, _, Some(wh)) => wh,
                    _ => return Err(missing("drawing.width")),
                };
                Some(DrawingFile { width, height, spots: d.spots, edges: d.edges })
            }
        };
        let moves = self.moves.ok_or_else(|| missing("moves"))?;
        let cursor = self.cursor.ok_or_else(|| missing("cursor"))?;
        Ok((GameFile { format, convention, start, moves, cursor, drawing, rules: self.rules }, size))
    }
}

fn file_error(m: impl std::fmt::Display) -> GameError {
    GameError::File(m.to_string())
}

fn point(p: &[f64; 2]) -> Point {
    Point::new(p[0], p[1])
}

impl DrawingFile {
    fn of(board: &Board) -> DrawingFile {
        DrawingFile {
            width: board.width(),
            height: board.height(),
            spots: board.spots().iter().map(|p| [p.x, p.y]).collect(),
            edges: board
                .edges()
                .iter()
                .map(|e| EdgeFile { ends: e.ends, points: e.points.iter().map(|p| [p.x, p.y]).collect() })
                .collect(),
        }
    }

    /// The drawing of its first `spots` spots and `edges` lines.
    fn prefix(&self, spots: usize, edges: usize) -> Result<Board, GameError> {
        let s = self.spots.get(..spots).ok_or_else(|| file_error("the drawing has too few spots"))?;
        let e = self.edges.get(..edges).ok_or_else(|| file_error("the drawing has too few lines"))?;
        Board::from_parts(
            self.width,
            self.height,
            s.iter().map(point).collect(),
            e.iter().map(|e| Edge { ends: e.ends, points: e.points.iter().map(point).collect() }).collect(),
        )
        .map_err(|e| file_error(format!("the drawing is broken: {e}")))
    }
}

/// Lines in a drawing of a labelled position: half the sum of the degrees.
fn edge_count(p: &Position) -> usize {
    (1..=p.spot_count() as Spot).map(|s| 3 - p.lives(s) as usize).sum::<usize>() / 2
}

impl Game {
    /// The game as a saved-game file.
    pub fn to_file(&self) -> GameFile {
        let plain = self.variant.is_plain();
        let start = match &self.start {
            Start::Spots(n) if self.variant.start == StartKind::Crosses => {
                StartFile { crosses: Some(*n), ..Default::default() }
            }
            Start::Spots(n) => StartFile { spots: Some(*n), ..Default::default() },
            Start::Position(p) => StartFile { position: Some(HoeyDisplay(p).to_string()), ..Default::default() },
        };
        GameFile {
            format: FORMAT,
            convention: if self.misere { "misere" } else { "normal" }.to_string(),
            start,
            moves: self.moves.clone(),
            cursor: self.cursor,
            drawing: if plain { self.boards.last().map(DrawingFile::of) } else { None },
            rules: (!plain).then(|| self.variant.rules.name().to_string()),
        }
    }

    /// The drawing after the last move, as the saved file keeps it.
    pub fn drawing_file(&self) -> Option<DrawingFile> {
        self.boards.last().map(DrawingFile::of)
    }

    /// Takes `d` as the drawing after the last move, in place of the one
    /// there: a tidy of [`Game::drawing_file`] done elsewhere (the page's
    /// drawing worker). It must be a drawing of the same spots and lines on the
    /// same board that traces to the same position; otherwise nothing
    /// changes. With `settled`, every earlier drawing becomes its prefix at
    /// once; without, only the one shown does, the others when a later
    /// call settles or the move shown changes (as [`Game::tidy`]).
    pub fn adopt_drawing(&mut self, d: &DrawingFile, settled: bool) -> Result<(), GameError> {
        let last = self.boards.last().ok_or(GameError::NoDrawing)?;
        let not_ours = || file_error("the drawing is not this game's");
        if d.spots.len() != last.spot_count() || d.edges.len() != last.edges().len() {
            return Err(not_ours());
        }
        if (d.width, d.height) != (last.width(), last.height()) {
            return Err(not_ours());
        }
        let board = d
            .prefix(d.spots.len(), d.edges.len())?
            .with_capacities(last.capacities().to_vec())
            .map_err(|e| file_error(format!("the drawing is broken: {e}")))?;
        let traced = board.position().map_err(|e| file_error(format!("the drawing is broken: {e}")))?;
        if self.positions.last() != Some(&traced) {
            return Err(file_error("the drawing does not show this game's position"));
        }
        if let Some(b) = self.boards.last_mut() {
            *b = board;
        }
        self.tidying = None;
        self.unsynced = true;
        self.stale_stroke();
        self.follow_last(settled);
        Ok(())
    }

    /// The saved-game file as JSON text (one line).
    ///
    /// ```
    /// use sprouts::game::Game;
    ///
    /// let mut g = Game::new(3, true, 800.0, 600.0).unwrap();
    /// g.play_text("1(4)2").unwrap();
    /// g.play_text("3(5)3").unwrap();
    /// g.undo();
    /// let copy = Game::from_json(&g.to_json(), None).unwrap();
    /// assert_eq!(copy.all_moves(), ["1(4)2", "3(5)3"]);
    /// assert_eq!(copy.cursor(), 1);
    /// assert_eq!(copy.board_at(2), g.board_at(2));
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_file()).unwrap_or_default()
    }

    /// A saved game from JSON text: this format or the page's earlier one.
    /// A file without a drawing is routed on a `size` board (the earlier
    /// format: on its own board size), or loaded undrawn when `size` is
    /// `None`.
    pub fn from_json(text: &str, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        check("bytes in a saved game", text.len() as u64, MAX_FILE_BYTES as u64).map_err(GameError::Limit)?;
        let any: AnyGameFile = serde_json::from_str(text).map_err(|e| file_error(format!("not a game file: {e}")))?;
        Game::from_any(any, size)
    }

    /// A saved game in either format (see [`Game::from_json`]).
    pub fn from_any(any: AnyGameFile, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        let (file, own_size) = any.upgrade()?;
        // An earlier file is routed on its own board size when a drawn game
        // is asked for.
        Game::from_file(&file, size.and(own_size).or(size))
    }

    /// A game from a saved-game file, every part checked (see
    /// [`Game::from_json`]).
    pub fn from_file(file: &GameFile, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        if file.format != FORMAT {
            return Err(file_error(format!("format {} is not one this engine reads (it reads {FORMAT})", file.format)));
        }
        let misere = match file.convention.as_str() {
            "normal" => false,
            "misere" => true,
            c => return Err(file_error(format!("convention {c:?}: \"normal\" or \"misere\""))),
        };
        if file.cursor > file.moves.len() {
            return Err(file_error(format!("the cursor {} is past the last move ({})", file.cursor, file.moves.len())));
        }
        if let Some(r) = &file.rules {
            return Game::from_variant_file(file, r, misere, size);
        }
        if file.start.crosses.is_some() {
            return Err(file_error("a start of crosses needs \"rules\" (brussels or dots-or-crosses)"));
        }
        let start = match (&file.start.spots, &file.start.position) {
            (Some(n), None) => {
                if !(1..=MAX_SPOTS).contains(n) {
                    return Err(file_error(format!("a game starts with 1 to {MAX_SPOTS} spots")));
                }
                Start::Spots(*n)
            }
            (None, Some(text)) => {
                let p = parse_hoey(text).map_err(|e| file_error(format!("start position: {e}")))?;
                check_start(&p)?;
                Start::Position(p)
            }
            _ => return Err(file_error("the start needs exactly one of \"spots\" and \"position\"")),
        };
        // Each move takes a life: more moves than lives cannot be a game.
        let lives = match &start {
            Start::Spots(n) => 3 * n,
            Start::Position(p) => p.total_lives() as usize,
        };
        if file.moves.len() > lives {
            return Err(file_error(format!("{} moves, but the start has only {lives} lives", file.moves.len())));
        }
        let mut g = match (&file.drawing, &start, size) {
            (Some(d), _, _) => Game::drawn_start(&start, d, misere)?,
            (None, Start::Spots(n), Some((w, h))) => Game::new(*n, misere, w, h)?,
            (None, Start::Spots(n), None) => Game::undrawn(*n, misere)?,
            (None, Start::Position(p), _) => Game::with(start.clone(), normalized(p), None, misere),
        };
        match &file.drawing {
            None => {
                for text in &file.moves {
                    g.play_text(text).map_err(file_error)?;
                }
            }
            Some(d) => g.replay_drawn(&file.moves, d)?,
        }
        g.cursor = file.cursor;
        Ok(g)
    }

    /// A game under other rules (see [`GameFile::rules`]): its moves
    /// routed again on a `size` board (800 × 600 without one).
    fn from_variant_file(file: &GameFile, rules: &str, misere: bool, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        let rules: Rules = rules.parse().map_err(file_error)?;
        let (n, kind) = match (&file.start.spots, &file.start.crosses, &file.start.position) {
            (Some(n), None, None) => (*n, StartKind::Dots),
            (None, Some(n), None) => (*n, StartKind::Crosses),
            (None, None, Some(_)) => return Err(file_error("a game under other rules starts from dots or crosses, not a position")),
            _ => return Err(file_error("the start needs exactly one of \"spots\" and \"crosses\"")),
        };
        if !(1..=MAX_SPOTS).contains(&n) {
            return Err(file_error(format!("a game starts with 1 to {MAX_SPOTS} spots")));
        }
        let variant = Variant::new(rules, Some(kind)).map_err(file_error)?;
        // Each move takes two lives or arms and gives back at most two.
        if file.moves.len() > 5 * n {
            return Err(file_error(format!("{} moves, but a game of {n} lasts at most {} moves", file.moves.len(), 5 * n)));
        }
        let (w, h) = size.unwrap_or((800.0, 600.0));
        let mut g = Game::new_variant(variant, n, misere, w, h)?;
        for (k, text) in file.moves.iter().enumerate() {
            g.play_text(text).map_err(|e| file_error(format!("move {}: {e}", k + 1)))?;
        }
        g.cursor = file.cursor;
        Ok(g)
    }

    /// The start of a game whose drawing is saved: the drawing's first
    /// spots and lines must show the start position.
    fn drawn_start(start: &Start, d: &DrawingFile, misere: bool) -> Result<Game, GameError> {
        check_size(d.width, d.height).map_err(file_error)?;
        let p = match start {
            Start::Spots(n) => Position::start(*n).map_err(file_error)?,
            Start::Position(p) => p.clone(),
        };
        let board = d.prefix(p.spot_count(), edge_count(&p))?;
        let traced = board.position().map_err(|e| file_error(format!("the drawing is broken: {e}")))?;
        if traced != normalized(&p) {
            return Err(file_error("the drawing does not show the start position"));
        }
        Ok(Game::with(start.clone(), normalized(&p), Some(board), misere))
    }

    /// Plays the saved moves, checking the saved drawing after each.
    fn replay_drawn(&mut self, moves: &[String], d: &DrawingFile) -> Result<(), GameError> {
        let (spots0, edges0) = (self.spots(), self.boards[0].edges().len());
        if d.spots.len() != spots0 + moves.len() || d.edges.len() != edges0 + 2 * moves.len() {
            return Err(file_error(format!(
                "the drawing does not have one curve per move ({} moves, {} spots, {} lines)",
                moves.len(),
                d.spots.len(),
                d.edges.len()
            )));
        }
        // The whole drawing is checked once (crossings: the costly part);
        // each move's drawing is a prefix of it, so crossing-free as well.
        // Checking every prefix instead took 0.66 s in the page for a
        // 40-spot game of 96 moves, on the page's main thread.
        let whole = d.prefix(d.spots.len(), d.edges.len())?;
        for (k, text) in moves.iter().enumerate() {
            let (_, short, child) = self.read(text).map_err(file_error)?;
            let board = whole
                .prefix(spots0 + k + 1, edges0 + 2 * (k + 1))
                .ok_or_else(|| file_error(format!("the drawing is broken: move {} has a line to a later spot", k + 1)))?;
            let traced = board.position().map_err(|e| file_error(format!("move {}: {e}", k + 1)))?;
            if traced != child {
                return Err(file_error(format!("the drawing does not show move {} `{}`", k + 1, text.trim())));
            }
            self.push(short, child, Some(board));
        }
        Ok(())
    }
}

fn normalized(p: &Position) -> Position {
    let mut q = p.clone();
    q.normalize();
    q
}
