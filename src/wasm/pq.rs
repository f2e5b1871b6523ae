//! (p, q) Sprouts for the page and the embed (issue 37): one game on one
//! drawing ([`crate::game::PqGame`]), with the method names of the plane
//! module's `Game` that the page calls, so that it plays either. Its
//! computer and analysis are `analysePq` / `computerMovePq` with the
//! `{pq:P,Q}` record (`crate::pq_service`). In the module fetched on
//! demand (feature `surface-module`), not the plane's: a plane page
//! downloads it only when a (p, q) game is played (www/engine.js).

use super::{check_pairs, err, options, points_of, report, to_js};
use crate::game;
use wasm_bindgen::prelude::*;

/// A (p, q) game (see [`game::PqGame`]).
#[wasm_bindgen]
pub struct PqGame(game::PqGame, Vec<[f64; 2]>);

#[wasm_bindgen]
impl PqGame {
    /// `n` points under `rules` (`pq:4,3`) on a `width` × `height` board.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, n: u32, misere: bool, width: f64, height: f64) -> Result<PqGame, JsError> {
        let r = rules.parse().map_err(err)?;
        game::PqGame::new(r, n as usize, misere, width, height).map(|g| PqGame(g, Vec::new())).map_err(err)
    }

    /// A game from its record (`{pq:4,3} 3+ 1(4)2>3 ...`).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &str, width: f64, height: f64) -> Result<PqGame, JsError> {
        game::PqGame::from_record(record, width, height).map(|g| PqGame(g, Vec::new())).map_err(err)
    }

    /// A saved game (`"rules": "pq:P,Q"`), routed on an 800 × 600 board.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(json: &str) -> Result<PqGame, JsError> {
        let value = js_sys::JSON::parse(json).map_err(|_| err("saved game: not JSON"))?;
        let file: game::GameFile =
            serde_wasm_bindgen::from_value(value).map_err(|e| err(format!("saved game: not a game file: {e}")))?;
        game::PqGame::from_file(&file, 800.0, 600.0).map(|g| PqGame(g, Vec::new())).map_err(err)
    }

    /// `pq:P,Q`.
    #[wasm_bindgen(getter, js_name = rulesName)]
    pub fn rules_name(&self) -> String {
        self.0.rules().to_string()
    }

    #[wasm_bindgen(getter, js_name = startKind)]
    pub fn start_kind(&self) -> String {
        "dots".into()
    }

    /// Nothing to choose: the first line of a move gets the new spot.
    #[wasm_bindgen(js_name = newSpotChoices)]
    pub fn new_spot_choices(&self) -> Vec<String> {
        Vec::new()
    }

    #[wasm_bindgen(js_name = isTip)]
    pub fn is_tip(&self, _s: u32) -> bool {
        false
    }

    /// Lines still to draw in the move being drawn (0: none begun).
    #[wasm_bindgen(getter, js_name = linesLeft)]
    pub fn lines_left(&self) -> u8 {
        self.0.status().lines_left
    }

    /// The router's curves for the next line (at most `limit`), each flat
    /// `[x0, y0, ...]` in board units.
    #[wasm_bindgen(js_name = nextLineCurves)]
    pub fn next_line_curves(&self, limit: u32) -> JsValue {
        to_js(&self.0.next_line_curves(limit.min(500) as usize))
    }

    /// The text of the move being drawn so far (`1(4)2`).
    pub fn partial(&self) -> String {
        self.0.partial().to_string()
    }

    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> Option<String> {
        None
    }

    /// The (p, q) canonical form of the position shown (`4.4.}]!`).
    pub fn glop(&self) -> String {
        self.0.canonical().unwrap_or_default()
    }

    /// No Hoey list for (p, q) positions: the canonical form.
    pub fn hoey(&self) -> String {
        self.glop()
    }

    pub fn lives(&self, s: u32) -> u8 {
        if s == 0 || s as usize > self.0.board().spot_count() {
            return 0;
        }
        self.0.board().lives(s)
    }

    /// (p, q) drawings are not tidied (the tidy compares plain positions).
    pub fn tidy(&mut self, _scale: f64, _sweeps: u32) -> bool {
        false
    }

    pub fn drawing(&self) -> JsValue {
        JsValue::UNDEFINED
    }

    #[wasm_bindgen(js_name = labelPlaces)]
    pub fn label_places(&self, scale: f64, margin: f64) -> Vec<f64> {
        self.label_boxes(scale, margin).chunks(3).flat_map(|c| [c[0], c[1]]).collect()
    }

    #[wasm_bindgen(js_name = labelBoxes)]
    pub fn label_boxes(&self, scale: f64, margin: f64) -> Vec<f64> {
        crate::board::place_labels(self.0.board(), 1.0 / scale, margin).iter().flat_map(|l| [l.x, l.y, l.font]).collect()
    }

    pub fn extent(&self) -> JsValue {
        let r = self.0.board().extent();
        to_js(&game::Extent { min_x: r.min.x, min_y: r.min.y, max_x: r.max.x, max_y: r.max.y })
    }

    /// Lands are not reported for (p, q) positions.
    pub fn lands(&self) -> JsValue {
        to_js(&Vec::<Vec<u32>>::new())
    }

    #[wasm_bindgen(js_name = checkStroke)]
    pub fn check_stroke(&self, points: &[f64]) -> Result<JsValue, JsError> {
        self.0.check_stroke(&points_of(points), 0.5).map(|c| to_js(&c)).map_err(err)
    }

    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) {
        self.1.clear();
    }

    /// As `Game.extendStroke` (the whole stroke is checked again).
    #[wasm_bindgen(js_name = extendStroke)]
    pub fn extend_stroke(&mut self, points: &[f64]) -> Result<JsValue, JsError> {
        check_pairs(points)?;
        let before = self.1.len();
        self.1.extend(points.chunks_exact(2).map(|c| [c[0], c[1]]));
        let all: Vec<f64> = self.1.iter().flatten().copied().collect();
        match self.0.check_stroke(&points_of(&all), 0.5) {
            Ok(c) => Ok(to_js(&c)),
            Err(e) => {
                self.1.truncate(before);
                Err(err(e))
            }
        }
    }

    #[wasm_bindgen(js_name = checkFinished)]
    pub fn check_finished(&self, points: &[f64], t: f64) -> Result<JsValue, JsError> {
        self.0.check_stroke(&points_of(points), t).map(|c| to_js(&c)).map_err(err)
    }

    /// Draws a stroke as the move's next line; returns the line's text
    /// (`linesLeft` says whether the move is complete).
    #[wasm_bindgen(js_name = playStroke)]
    pub fn play_stroke(&mut self, points: &[f64], t: f64) -> Result<String, JsError> {
        self.0.play_stroke(&points_of(points), t).map(|s| s.played.unwrap_or(s.line)).map_err(err)
    }

    #[wasm_bindgen(js_name = movesBetween)]
    pub fn moves_between(&self, _a: u32, _b: u32, _limit: Option<u32>) -> Vec<String> {
        Vec::new()
    }

    /// How many distinct moves (resulting positions) there are.
    #[wasm_bindgen(js_name = moveChoices)]
    pub fn move_choices(&self) -> Result<u32, JsError> {
        self.0.move_choices().map(|m| m.len() as u32).map_err(err)
    }
}

shared_game_methods!(PqGame);

/// The analysis of the position after a `{pq:P,Q}` record replayed on a
/// `width` × `height` board (the page's, so the moves name its points):
/// the plane module's `analyseVariant` answer, `options` and `progress` as
/// for it.
#[wasm_bindgen(js_name = analysePq)]
pub fn analyse_pq(record: &str, width: f64, height: f64, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    let clock: crate::player::Clock = std::rc::Rc::new(js_sys::Date::now);
    crate::pq_service::analyse(record, width, height, &opts, &clock, report(progress)).map(|a| to_js(&a)).map_err(err)
}

/// The computer's move after a `{pq:P,Q}` record (see [`analyse_pq`]):
/// `{move, method, outcome, nodes}` as the plane module's
/// `computerMoveVariant`.
#[wasm_bindgen(js_name = computerMovePq)]
pub fn computer_move_pq(record: &str, width: f64, height: f64, options_: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let opts = options(options_)?;
    let clock: crate::player::Clock = std::rc::Rc::new(js_sys::Date::now);
    crate::pq_service::computer_move(record, width, height, &opts, &clock, report(progress)).map(|a| to_js(&a)).map_err(err)
}
