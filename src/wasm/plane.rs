//! The plane's module (feature `plane-module`, the default): what the
//! main page, the embed's plane boards and their workers call.
//!
//! - [`Game`], used by the page's main thread: one game on one drawing.
//! - Free functions for the Web Worker ([`analyse`], [`computer_move`],
//!   [`canonical`]): they take WGOSA records or position strings, never wasm
//!   objects, so that only text crosses `postMessage`.

use super::{check_pairs, err, from_js, options, points_of, report, to_js};
use crate::board::page_tidy;
use crate::game;
use crate::service::Service;
use crate::text::{parse_position, HoeyDisplay};
use crate::Canon;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Board size for saved games that have no drawing (the moves are routed).
const DEFAULT_SIZE: (f64, f64) = (800.0, 600.0);

/// Rules and start from their names (empty start: the rules' own).
fn variant_of(rules: &str, start: &str) -> Result<game::Variant, JsError> {
    let rules: crate::variants::Rules = rules.parse().map_err(err)?;
    let start = if start.is_empty() { None } else { Some(game::parse_start(start).map_err(err)?) };
    game::Variant::new(rules, start).map_err(err)
}

/// One game on one drawing (see [`game::Game`]).
#[wasm_bindgen]
pub struct Game(game::Game);

/// A game for the page: one with a drawing.
fn drawn(g: game::Game) -> Result<Game, JsError> {
    if g.is_drawn() {
        Ok(Game(g))
    } else {
        Err(err("a game from a position needs its drawing"))
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game of `spots` spots laid out on a `width` × `height` board.
    #[wasm_bindgen(constructor)]
    pub fn new(spots: u32, misere: bool, width: f64, height: f64) -> Result<Game, JsError> {
        game::Game::new(spots as usize, misere, width, height).map(Game).map_err(err)
    }

    /// A game from a WGOSA record (`3+ 1(4)2 ...`): its moves are replayed
    /// and drawn by the router. The result (`I`/`II`) is ignored.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &str, width: f64, height: f64) -> Result<Game, JsError> {
        game::Game::from_tagged_record(record, Some((width, height))).map(Game).map_err(err)
    }

    /// A new game under other rules (issue 37): `rules` is `sprouts`,
    /// `brussels`, `dots-or-crosses` or `weeds`; `start` is `dots`,
    /// `crosses` or empty for the rules' own.
    #[wasm_bindgen(js_name = newVariant)]
    pub fn new_variant(rules: &str, start: &str, spots: u32, misere: bool, width: f64, height: f64) -> Result<Game, JsError> {
        let v = variant_of(rules, start)?;
        game::Game::new_variant(v, spots as usize, misere, width, height).map(Game).map_err(err)
    }

    /// The rules: `sprouts`, `brussels`, `dots-or-crosses` or `weeds`.
    #[wasm_bindgen(getter, js_name = rulesName)]
    pub fn rules_name(&self) -> String {
        self.0.variant().rules.name().to_string()
    }

    /// What the start was made of: `dots` or `crosses`.
    #[wasm_bindgen(getter, js_name = startKind)]
    pub fn start_kind(&self) -> String {
        game::start_name(self.0.variant().start).to_string()
    }

    /// What a move may put on its line under these rules: `["dot"]`,
    /// `["cross"]`, `["dot", "cross"]` or `["dot", "nothing"]` (the first
    /// is what a plain stroke puts).
    #[wasm_bindgen(js_name = newSpotChoices)]
    pub fn new_spot_choices(&self) -> Vec<String> {
        self.0.variant().rules.new_spots().iter().map(|w| w.name().to_string()).collect()
    }

    /// Plays a hand-drawn stroke with `what` (`dot`, `cross`, `nothing`)
    /// on its line; returns the move's text with its mark.
    #[wasm_bindgen(js_name = playStrokeAs)]
    pub fn play_stroke_as(&mut self, points: &[f64], t: f64, what: &str) -> Result<String, JsError> {
        let what = match what {
            "dot" => crate::variants::NewSpot::Dot,
            "cross" => crate::variants::NewSpot::Cross,
            "nothing" => crate::variants::NewSpot::Nothing,
            w => return Err(err(format!("unknown new spot {w:?} (dot, cross or nothing)"))),
        };
        self.0.play_stroke_as(&points_of(points), t, what).map_err(err)
    }

    /// Whether spot `s` is a free arm's tip of a cross.
    #[wasm_bindgen(js_name = isTip)]
    pub fn is_tip(&self, s: u32) -> bool {
        self.0.board().is_some_and(|b| b.is_tip(s))
    }

    /// A game from any position (GLOP, spots dialect or Hoey list), laid
    /// out on a `width` × `height` board; play continues from it.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(text: &str, misere: bool, width: f64, height: f64) -> Result<Game, JsError> {
        game::Game::from_text(text, misere, width, height).map(Game).map_err(err)
    }

    /// A saved game (`.sprouts.json`, or the page's earlier format). The
    /// drawing is checked against the moves; without one the moves are
    /// routed.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(json: &str) -> Result<Game, JsError> {
        // The browser's JSON and the getters of `from_js` keep serde_json's
        // parser (about 50 kB gzipped) out of the page.
        let value = js_sys::JSON::parse(json).map_err(|_| err("saved game: not JSON"))?;
        let any = from_js::game_file(&value).map_err(|e| err(format!("saved game: not a game file: {e}")))?;
        drawn(game::Game::from_any(any, Some(DEFAULT_SIZE)).map_err(err)?)
    }

    /// The start position as a Hoey list when the game started from a
    /// position (`fromPosition`), `undefined` for an n-spot start.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> Option<String> {
        match self.0.start() {
            game::Start::Position(p) => Some(HoeyDisplay(p).to_string()),
            game::Start::Spots(_) => None,
        }
    }

    /// The position as a canonical GLOP string.
    pub fn glop(&self) -> String {
        self.0.glop()
    }

    /// The position as a Hoey list (labelled: spot numbers as drawn).
    pub fn hoey(&self) -> String {
        self.0.hoey()
    }

    /// Lives of spot `s` (0 for no such spot).
    pub fn lives(&self, s: u32) -> u8 {
        self.0.position().lives(s)
    }

    /// Tidies the drawing shown by at most `sweeps` sweeps (curves spread
    /// apart, fans open, spots keep clear; the position stays the same),
    /// aiming at gaps that look right at `scale` CSS px per board unit.
    /// Returns whether more is to be done (call again, e.g. next frame).
    pub fn tidy(&mut self, scale: f64, sweeps: u32) -> Result<bool, JsError> {
        self.0.tidy(&page_tidy(scale), sweeps as usize).map_err(err)
    }

    /// The drawing after the last move, `{width, height, spots, edges}` as
    /// in the saved game (`undefined` for an undrawn game): what the page's
    /// tidy worker tidies.
    pub fn drawing(&self) -> JsValue {
        self.0.drawing_file().map_or(JsValue::UNDEFINED, |d| to_js(&d))
    }

    /// Takes a drawing from [`Game::drawing`] of a copy of this game (say,
    /// tidied in a worker) as the drawing after the last move; it must show
    /// the same position, else an error and nothing changes. `settled`:
    /// the tidy is over (the earlier drawings follow it now).
    #[wasm_bindgen(js_name = adoptDrawing)]
    pub fn adopt_drawing(&mut self, drawing: JsValue, settled: bool) -> Result<(), JsError> {
        let d = from_js::drawing(&drawing).map_err(|e| err(format!("not a drawing: {e}")))?;
        self.0.adopt_drawing(&d, settled).map_err(err)
    }

    /// Where the spot numbers go at `scale` CSS px per board unit with
    /// `margin` board units shown round the drawing: box centres, flat
    /// `[x0, y0, x1, y1, ...]`.
    #[wasm_bindgen(js_name = labelPlaces)]
    pub fn label_places(&self, scale: f64, margin: f64) -> Vec<f64> {
        self.0.label_places(scale, margin)
    }

    /// As `labelPlaces`, with each number's font size (CSS px: 12, or 11
    /// down to 8 where only a smaller number finds a clear place): flat
    /// `[x0, y0, font0, x1, ...]`.
    #[wasm_bindgen(js_name = labelBoxes)]
    pub fn label_boxes(&self, scale: f64, margin: f64) -> Vec<f64> {
        self.0.label_boxes(scale, margin)
    }

    /// `{minX, minY, maxX, maxY}`: the board area and everything drawn.
    pub fn extent(&self) -> JsValue {
        to_js(&self.0.extent())
    }

    /// Lands with at least one move left, each as its live spots (sorted).
    pub fn lands(&self) -> JsValue {
        to_js(&self.0.position().land_spots())
    }

    /// Checks a stroke being drawn (flat points, board units): see
    /// [`game::Check`].
    #[wasm_bindgen(js_name = checkStroke)]
    pub fn check_stroke(&self, points: &[f64]) -> Result<JsValue, JsError> {
        self.0.check_stroke(&points_of(points)).map(|c| to_js(&c)).map_err(err)
    }

    /// Starts a new stroke being drawn (forgetting any other); feed it with
    /// `extendStroke`.
    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) -> Result<(), JsError> {
        self.0.begin_stroke().map_err(err)
    }

    /// Appends points (flat, board units) to the stroke begun with
    /// `beginStroke` and answers as `checkStroke` of all its points, in
    /// time proportional to the new ones. An odd count of numbers, a point
    /// that is not a usable position, or too many points in all is an error
    /// and changes nothing.
    #[wasm_bindgen(js_name = extendStroke)]
    pub fn extend_stroke(&mut self, points: &[f64]) -> Result<JsValue, JsError> {
        check_pairs(points)?;
        self.0.extend_stroke(&points_of(points)).map(|c| to_js(&c)).map_err(err)
    }

    /// Checks a finished stroke with the new spot at fraction `t`.
    #[wasm_bindgen(js_name = checkFinished)]
    pub fn check_finished(&self, points: &[f64], t: f64) -> Result<JsValue, JsError> {
        self.0.check_finished(&points_of(points), t).map(|c| to_js(&c)).map_err(err)
    }

    /// Plays a hand-drawn stroke; returns the move in WGOSA notation.
    #[wasm_bindgen(js_name = playStroke)]
    pub fn play_stroke(&mut self, points: &[f64], t: f64) -> Result<String, JsError> {
        self.0.play_stroke(&points_of(points), t).map_err(err)
    }

    /// Where a typed move would be drawn: `{text, points, newSpot}`.
    #[wasm_bindgen(js_name = previewText)]
    pub fn preview_text(&self, text: &str) -> Result<JsValue, JsError> {
        self.0.preview_text(text).map(|p| to_js(&p)).map_err(err)
    }

    /// The moves between spots `a` and `b` (`a == b`: loops), one per
    /// resulting position, from at most `limit` (default 64) candidates.
    #[wasm_bindgen(js_name = movesBetween)]
    pub fn moves_between(&self, a: u32, b: u32, limit: Option<u32>) -> Vec<String> {
        self.0.moves_between(a, b, limit.unwrap_or(64).clamp(1, 4096) as usize)
    }

    /// The drawing's counts for a lesson: `{vertices, edges, faces,
    /// pieces, lives, liveSpots, moves, movesLeftMin, movesLeftMax,
    /// startSpots}` ([`crate::teach::Counts`]).
    pub fn counts(&self) -> JsValue {
        to_js(&crate::teach::counts(&self.0))
    }

    /// How many distinct moves (resulting positions) there are.
    #[wasm_bindgen(js_name = moveChoices)]
    pub fn move_choices(&self) -> Result<u32, JsError> {
        self.0.move_choices().map(|n| n as u32).map_err(err)
    }
}

shared_game_methods!(Game);

// Worker functions: text in, plain data out.

/// The canonical GLOP string of a position given as GLOP, spots dialect or
/// Hoey list.
#[wasm_bindgen]
pub fn canonical(position: &str) -> Result<String, JsError> {
    let p = parse_position(position)
        .map_err(|e| err(format!("not a position: {e}, in {}", crate::text::quote_around(position, e.offset))))?;
    Ok(Canon::of_limited(&p).map_err(err)?.to_string())
}

/// What a pasted text reads as, the way every command of the CLI reads it
/// ([`crate::reading::read`]): `"record"` when it reads as a WGOSA record
/// (a `{rules}` tag first makes one too), otherwise `"position"`; an error
/// naming both readings when it is neither. The page's Open box asks this
/// rather than guessing, so `0+12` is a position there as for `sprouts draw`.
#[wasm_bindgen(js_name = readingOf)]
pub fn reading_of(text: &str) -> Result<String, JsError> {
    if text.trim_start().starts_with('{') {
        return Ok("record".into());
    }
    Ok(match crate::reading::read(text).map_err(err)? {
        crate::reading::Reading::Record(_) => "record",
        crate::reading::Reading::Position(_) => "position",
    }
    .into())
}

/// A WGOSA record as written, for the replay: `{header: {spots,
/// convention, players: {first, second, chooser, note} | null, result},
/// moves: [{move, written}]}` ([`crate::report::RecordReading`]): each
/// move as the record wrote it beside the engine's shortest form. Checks
/// every move (undrawn, so quick); the error names the first bad one.
#[wasm_bindgen(js_name = readRecord)]
pub fn read_record(record: &str) -> Result<JsValue, JsError> {
    crate::report::RecordReading::of(record).map(|r| to_js(&r)).map_err(err)
}

/// A small position and its distinct children, solved, for the game-tree
/// explorer: `{position, canonical, outcome, nimber, lives, children:
/// [{move, position, canonical, outcome, nimber, over}]}`
/// ([`crate::teach::Explore`]); positions are labelled Hoey lists. An error
/// past [`crate::teach::EXPLORE_MAX_LIVES`] lives.
#[wasm_bindgen]
pub fn explore(position: &str, misere: bool) -> Result<JsValue, JsError> {
    crate::teach::explore(position, misere).map(|e| to_js(&e)).map_err(err)
}

thread_local! {
    /// The worker's solvers and computer player, kept between requests.
    static SERVICE: RefCell<Service> = RefCell::new(Service::new(Rc::new(js_sys::Date::now)));
}

/// Runs a request on the service.
fn serve<T: Serialize>(f: impl FnOnce(&mut Service) -> Result<T, String>) -> Result<JsValue, JsError> {
    SERVICE.with(|cell| {
        let mut service = cell.try_borrow_mut().map_err(|_| err("the solver is busy"))?;
        f(&mut service).map(|v| to_js(&v)).map_err(err)
    })
}

/// Solves the position after a WGOSA record (whose header says normal or
/// misère): `{position, misere, complete, outcome, nimber, lands: [{spots,
/// position, nimber}], winningMoves: [{move, position}], movesComplete,
/// moves, nodes, stopped}` ([`crate::report::Analysis`]); when stopped, what
/// was proved. `options`: `{maxNodes, maxMillis, tableMb, only}` (`only:
/// "outcome"` stops once the outcome is proved). `progress` is
/// called with `{nodes, tableBytes, found}`: every 64 nodes with `found`
/// null, and as soon as each part is proved with `found` one of
/// `{outcome}` (always first), `{winningMove: {move, position}}`,
/// `{movesChecked: {checked, total}}`, `{nimber}` (last); returning a
/// truthy value stops.
#[wasm_bindgen]
pub fn analyse(record: &str, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    serve(|s| s.analyse(record, &opts, report(progress)))
}

/// As [`analyse`], for a position (GLOP, spots dialect or Hoey list; a
/// labelled Hoey list keeps its spot numbers in the moves) in the given
/// convention: what a game that started from a position sends.
#[wasm_bindgen(js_name = analysePosition)]
pub fn analyse_position(position: &str, misere: bool, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    serve(|s| s.analyse_position(position, misere, &opts, report(progress)))
}

/// A move for the computer in the position after a WGOSA record.
/// `options`: `{strength: "random" | "heuristic" | "perfect", maxNodes,
/// maxMillis, seed, tableMb}`; the result is `{move, method, outcome,
/// nodes}` ([`crate::report::ComputerMove`]). `progress` as for
/// [`analyse`].
#[wasm_bindgen(js_name = computerMove)]
pub fn computer_move(record: &str, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    serve(|s| s.computer_move(record, &opts, report(progress)))
}

/// As [`computer_move`], for a position (see [`analyse_position`]).
#[wasm_bindgen(js_name = computerMovePosition)]
pub fn computer_move_position(position: &str, misere: bool, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    serve(|s| s.computer_move_position(position, misere, &opts, report(progress)))
}

/// Checks a move of a puzzle: `position` (a Hoey list keeps the spot
/// numbers the move names), `misere`, `move` in WGOSA notation. The
/// result is `{correct, move, child, opponent, reply}`
/// ([`crate::puzzle::Attempt`]): `opponent` is `"win"` or `"loss"`, the
/// outcome for the opponent after the move, and `reply` a winning reply
/// when the move is wrong. `options`: `{maxNodes, maxMillis, tableMb}`.
#[wasm_bindgen(js_name = puzzleCheck)]
pub fn puzzle_check(position: &str, misere: bool, move_: &str, options_: JsValue) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    serve(|s| s.puzzle_check(position, misere, move_, &opts))
}

/// Where a winning move of a puzzle is: `{land: [spots], spots: [a, b],
/// move}` ([`crate::puzzle::Hint`]); an error when none wins.
#[wasm_bindgen(js_name = puzzleHint)]
pub fn puzzle_hint(position: &str, misere: bool, options_: JsValue) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    serve(|s| s.puzzle_hint(position, misere, &opts))
}

/// The analysis of the position after a tagged record of a game under
/// other rules (`{brussels} 2+ ...`, issue 37), replayed on a `width` ×
/// `height` board (the page's, so the moves name its spots): the fields
/// of [`analyse`]'s answer, with no nimbers or lands, and winning moves
/// carrying their mark (`x` a cross-bar, `n` no dot). `options` and
/// `progress` as for [`analyse`] (`tableMb` does not apply).
#[wasm_bindgen(js_name = analyseVariant)]
pub fn analyse_variant(record: &str, width: f64, height: f64, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    let clock: crate::player::Clock = Rc::new(js_sys::Date::now);
    crate::variant_service::analyse(record, width, height, &opts, &clock, report(progress)).map(|a| to_js(&a)).map_err(err)
}

/// The computer's move after a tagged record of a game under other rules
/// (see [`analyse_variant`]): `{move, method, outcome, nodes}` as
/// [`computer_move`]'s, the move with its mark.
#[wasm_bindgen(js_name = computerMoveVariant)]
pub fn computer_move_variant(record: &str, width: f64, height: f64, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    let clock: crate::player::Clock = Rc::new(js_sys::Date::now);
    crate::variant_service::computer_move(record, width, height, &opts, &clock, report(progress)).map(|a| to_js(&a)).map_err(err)
}
