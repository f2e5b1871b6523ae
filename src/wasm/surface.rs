//! The surface board's module (feature `surface-module`): what
//! `surface.html`, its worker (`www/surface-worker.js`) and
//! `<sprouts-board surface>` call. The plane's pages never download it.

use super::{err, points_of, to_js};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Sprouts on the torus, the Klein bottle or the projective plane, drawn
/// on the fundamental square ([`crate::board::SurfaceGame`]): the strokes
/// played, undo and redo, and the saved-game file.
#[wasm_bindgen]
pub struct SurfaceGame(crate::board::SurfaceGame);

/// A played surface move as the page shows it.
#[derive(Serialize)]
struct SurfaceMoveJs {
    from: u32,
    to: u32,
    new_spot: u32,
    crossings: usize,
    position: String,
}

fn surface_move_js(p: &crate::board::SurfacePlayed) -> SurfaceMoveJs {
    SurfaceMoveJs { from: p.from as u32, to: p.to as u32, new_spot: p.new_spot as u32, crossings: p.crossings, position: p.position.clone() }
}

#[wasm_bindgen]
impl SurfaceGame {
    /// `surface`: `torus`, `klein` or `projective`; a square of side
    /// `size`; `misere` (absent: normal play).
    #[wasm_bindgen(constructor)]
    pub fn new(surface: &str, spots: u32, size: f64, misere: Option<bool>) -> Result<SurfaceGame, JsError> {
        let s = crate::board::surface_named(surface).map_err(err)?;
        crate::board::SurfaceGame::new(s, spots as usize, size, misere.unwrap_or(false)).map(SurfaceGame).map_err(err)
    }

    /// A game from its saved-game file (docs/formats.md, "Games on a
    /// surface"); every stroke is replayed and checked.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(text: &str) -> Result<SurfaceGame, JsError> {
        crate::board::SurfaceGame::from_json(text).map(SurfaceGame).map_err(err)
    }

    /// The saved-game file, JSON text.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// Plays a stroke, flat `[x0, y0, ...]` in the square's units (points
    /// outside the square continue through the glued side): `{from, to,
    /// new_spot, crossings, position}`, or an error saying why it is no move.
    pub fn play(&mut self, flat: &[f64]) -> Result<JsValue, JsError> {
        let p = self.0.play(&points_of(flat)).map_err(err)?;
        Ok(to_js(&surface_move_js(&p)))
    }

    /// Takes back the last move shown; false at the start.
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }
    /// Plays again the next move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.0.redo()
    }
    /// Back to the start (the moves stay for redo).
    pub fn restart(&mut self) {
        self.0.restart()
    }

    /// Moves shown.
    #[wasm_bindgen(getter)]
    pub fn cursor(&self) -> u32 {
        self.0.cursor() as u32
    }
    /// Moves made, also those taken back.
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> u32 {
        self.0.played().len() as u32
    }
    #[wasm_bindgen(getter)]
    pub fn misere(&self) -> bool {
        self.0.misere()
    }
    /// `torus`, `klein` or `projective`.
    #[wasm_bindgen(getter)]
    pub fn surface(&self) -> String {
        self.0.board().surface().name().to_string()
    }
    /// Spots at the start.
    #[wasm_bindgen(getter)]
    pub fn spots(&self) -> u32 {
        self.0.spots() as u32
    }

    /// The moves shown, each `{from, to, new_spot, crossings, position}`.
    pub fn moves(&self) -> JsValue {
        let v: Vec<SurfaceMoveJs> = self.0.played()[..self.0.cursor()].iter().map(surface_move_js).collect();
        to_js(&v)
    }

    /// The canonical position (GLOP with `@g`), the engine's.
    pub fn position(&self) -> Result<String, JsError> {
        self.0.canon().map(|c| crate::surfaces::text(&c)).map_err(err)
    }

    /// Whether the game is over (no legal move left).
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> Result<bool, JsError> {
        self.0.is_over().map_err(err)
    }

    /// The board as SVG, with `margin` room around the square.
    pub fn svg(&self, margin: f64) -> String {
        self.0.board().svg(margin)
    }
}

/// A clock test that is true `millis` from now (never, for 0 or less).
fn deadline(millis: f64) -> impl Fn() -> bool + Clone + 'static {
    let end = if millis.is_finite() && millis > 0.0 { js_sys::Date::now() + millis } else { f64::INFINITY };
    move || js_sys::Date::now() > end
}

/// The computer's move in a surface game given as its saved-game JSON
/// (the worker's request): `{stroke: [x0, y0, ...], move, method,
/// outcome, drawable}` ([`crate::board::ComputerStroke`]). `strength`:
/// random, heuristic or perfect; `maxNodes` and `maxMillis` bound the
/// search (0: none).
#[wasm_bindgen(js_name = surfaceComputerMove)]
pub fn surface_computer_move(game_json: &str, strength: &str, seed: f64, max_nodes: f64, max_millis: f64) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Out {
        stroke: Vec<f64>,
        r#move: String,
        method: &'static str,
        outcome: &'static str,
        drawable: usize,
    }
    let g = crate::board::SurfaceGame::from_json(game_json).map_err(err)?;
    let strength: crate::board::SurfaceStrength = strength.parse().map_err(err)?;
    let seed = if seed.is_finite() { seed.abs() as u64 } else { 0 };
    let nodes = if max_nodes.is_finite() && max_nodes > 0.0 { max_nodes as u64 } else { 0 };
    let c = g.computer_stroke(strength, seed, nodes, &deadline(max_millis)).map_err(err)?;
    let stroke = c.stroke.iter().flat_map(|p| [p.x, p.y]).collect();
    Ok(to_js(&Out { stroke, r#move: c.name, method: c.method, outcome: c.outcome, drawable: c.drawable }))
}

/// The analysis of the position shown in a surface game (its saved-game
/// JSON): for each convention `{outcome: "win" | "loss" | "unknown",
/// winning: [{position, move}], nodes}`, `move` being `a(c)b` of a stroke
/// the computer can draw for it, or null. `maxNodes` and `maxMillis`
/// bound each search.
#[wasm_bindgen(js_name = surfaceAnalyse)]
pub fn surface_analyse(game_json: &str, max_nodes: f64, max_millis: f64) -> Result<JsValue, JsError> {
    let g = crate::board::SurfaceGame::from_json(game_json).map_err(err)?;
    let nodes = if max_nodes.is_finite() && max_nodes > 0.0 { max_nodes as u64 } else { 0 };
    let a = crate::board::surface_analysis(&g, nodes, &deadline(max_millis)).map_err(err)?;
    Ok(to_js(&a))
}
