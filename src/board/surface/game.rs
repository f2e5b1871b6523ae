//! A game on the surface board: the strokes played (with undo and redo),
//! the convention, the computer's move, and the saved-game file.
//!
//! The file is the page's `.sprouts.json` (docs/formats.md) with fields
//! added: `"surface"` names the surface, `"square"` the side of the
//! fundamental square, and `"strokes"` every stroke as drawn (unfolded:
//! points past a side go on through its partner), taken back or not;
//! `moves` names each stroke's move `a(c)b` (its ends and new spot). A
//! surface game has no WGOSA record and no plane drawing, so `drawing` is
//! absent. Loading replays every stroke through the board's checks and
//! compares each with its move: a file that does not replay is refused
//! with the stroke's number and nothing is loaded.

use super::{SurfaceBoard, SurfacePlayed, SurfaceStrokeError};
use crate::board::geom::Point;
use crate::surfaces::{self, analysis, Surface};
use crate::Canon;
use serde::{Deserialize, Serialize};

/// Longest saved surface game read, in bytes.
const MAX_FILE_BYTES: usize = 4 << 20;
/// Most points in one saved stroke.
const MAX_STROKE_POINTS: usize = 20_000;

/// A game on a surface, with its history.
#[derive(Clone, Debug)]
pub struct SurfaceGame {
    misere: bool,
    /// `boards[k]`: the board after the first k strokes (all strokes, also
    /// those taken back).
    boards: Vec<SurfaceBoard>,
    strokes: Vec<Vec<Point>>,
    played: Vec<SurfacePlayed>,
    cursor: usize,
}

/// The saved-game file of a surface game (see the module notes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SurfaceFile {
    pub format: u32,
    pub surface: String,
    pub convention: String,
    pub start: SurfaceStart,
    pub moves: Vec<String>,
    pub cursor: usize,
    pub square: f64,
    pub strokes: Vec<Vec<[f64; 2]>>,
}

/// `{"spots": n}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SurfaceStart {
    pub spots: usize,
}

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurfaceStrength {
    /// Any move it can draw.
    Random,
    /// A winning move when a quick search (`HEURISTIC_NODES`) finds one.
    Heuristic,
    /// A winning move whenever the search (within its limit) finds one
    /// that it can draw.
    Perfect,
}

impl std::str::FromStr for SurfaceStrength {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(SurfaceStrength::Random),
            "heuristic" => Ok(SurfaceStrength::Heuristic),
            "perfect" => Ok(SurfaceStrength::Perfect),
            o => Err(format!("unknown strength {o:?} (random, heuristic or perfect)")),
        }
    }
}

/// Positions the heuristic player searches before it guesses.
const HEURISTIC_NODES: u64 = 300;
/// Candidate strokes the computer tries at most.
const STROKES_TRIED: usize = 600;

/// The computer's move: the stroke to play, and how it was chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerStroke {
    pub stroke: Vec<Point>,
    /// `a(c)b` of the move.
    pub name: String,
    /// `"winning"` (a proven winning move), `"random"` (none was proven
    /// or drawable, or the player is random).
    pub method: &'static str,
    /// `"win"`, `"loss"` for the player to move, or `"unknown"` (not
    /// searched or past the limit).
    pub outcome: &'static str,
    /// Distinct moves the computer could draw.
    pub drawable: usize,
}

fn name_of(p: &SurfacePlayed) -> String {
    format!("{}({}){}", p.from, p.new_spot, p.to)
}

/// The surface board's surfaces by name (`torus`, `klein`, `projective`).
pub fn surface_named(name: &str) -> Result<Surface, String> {
    match name {
        "torus" => Ok(Surface::Torus),
        "klein" => Ok(Surface::Klein),
        "projective" => Ok(Surface::Projective),
        other => Err(format!("surface {other:?}: torus, klein or projective")),
    }
}

impl SurfaceGame {
    pub fn new(surface: Surface, spots: usize, size: f64, misere: bool) -> Result<SurfaceGame, String> {
        let b = SurfaceBoard::start(surface, spots, size)?;
        Ok(SurfaceGame { misere, boards: vec![b], strokes: Vec::new(), played: Vec::new(), cursor: 0 })
    }

    /// The board shown (after `cursor` strokes).
    pub fn board(&self) -> &SurfaceBoard {
        &self.boards[self.cursor]
    }
    pub fn misere(&self) -> bool {
        self.misere
    }
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// Every move made, also those taken back.
    pub fn played(&self) -> &[SurfacePlayed] {
        &self.played
    }
    pub fn spots(&self) -> usize {
        self.boards[0].spots().len()
    }

    /// Plays a stroke after the moves shown (the moves taken back are
    /// dropped). Nothing changes on an error.
    pub fn play(&mut self, points: &[Point]) -> Result<SurfacePlayed, SurfaceStrokeError> {
        let mut next = self.board().clone();
        let p = next.play(points)?;
        self.boards.truncate(self.cursor + 1);
        self.strokes.truncate(self.cursor);
        self.played.truncate(self.cursor);
        self.boards.push(next);
        self.strokes.push(points.to_vec());
        self.played.push(p.clone());
        self.cursor += 1;
        Ok(p)
    }

    pub fn undo(&mut self) -> bool {
        let ok = self.cursor > 0;
        if ok {
            self.cursor -= 1;
        }
        ok
    }
    pub fn redo(&mut self) -> bool {
        let ok = self.cursor < self.strokes.len();
        if ok {
            self.cursor += 1;
        }
        ok
    }
    /// Back to the start; the moves stay for redo.
    pub fn restart(&mut self) {
        self.cursor = 0;
    }

    /// The canonical position shown.
    pub fn canon(&self) -> Result<Canon, String> {
        self.board().canon()
    }

    pub fn is_over(&self) -> Result<bool, String> {
        Ok(self.board().position()?.is_over())
    }

    /// The computer's move (`seed` chooses among equals); an error when
    /// the game is over or no stroke could be drawn.
    /// `out_of_time` stops the search (then a random move is played).
    pub fn computer_stroke(&self, strength: SurfaceStrength, seed: u64, max_nodes: u64, out_of_time: &dyn Fn() -> bool) -> Result<ComputerStroke, String> {
        if self.is_over()? {
            return Err("the game is over".into());
        }
        let limit = match strength {
            SurfaceStrength::Random => None,
            SurfaceStrength::Heuristic => Some(HEURISTIC_NODES),
            SurfaceStrength::Perfect => Some(max_nodes),
        };
        let root = self.canon()?;
        let solved = limit.and_then(|n| analysis::analyse(&root, self.misere, n, out_of_time).ok());
        let winning: &[Canon] = solved.as_ref().map_or(&[], |a| &a.winning);
        let moves = self.board().drawable_moves(seed, STROKES_TRIED, &|c| winning.is_empty() || winning.contains(c))?;
        if moves.is_empty() {
            return Err("no stroke found that draws a legal move (the computer's routes missed every one)".into());
        }
        let outcome = match &solved {
            Some(a) if a.wins => "win",
            Some(_) => "loss",
            None => "unknown",
        };
        // The moves are in an order shuffled by the seed.
        let (i, method) = match moves.iter().position(|m| winning.contains(&m.canon)) {
            Some(i) => (i, "winning"),
            None => (0, "random"),
        };
        let m = &moves[i];
        Ok(ComputerStroke { stroke: m.stroke.clone(), name: name_of(&m.played), method, outcome, drawable: moves.len() })
    }

    /// The saved-game file.
    pub fn to_file(&self) -> SurfaceFile {
        let b = &self.boards[0];
        SurfaceFile {
            format: crate::game::FORMAT,
            surface: b.surface().name().to_string(),
            convention: if self.misere { "misere" } else { "normal" }.to_string(),
            start: SurfaceStart { spots: b.spots().len() },
            moves: self.played.iter().map(name_of).collect(),
            cursor: self.cursor,
            square: b.size(),
            strokes: self.strokes.iter().map(|s| s.iter().map(|p| [p.x, p.y]).collect()).collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_file()).unwrap_or_default()
    }

    /// A game from its file, every stroke replayed and checked.
    pub fn from_file(f: &SurfaceFile) -> Result<SurfaceGame, String> {
        let e = |m: String| format!("saved game: {m}");
        if f.format != crate::game::FORMAT {
            return Err(e(format!("format {} is not one this engine reads (it reads {})", f.format, crate::game::FORMAT)));
        }
        let surface = surface_named(&f.surface).map_err(e)?;
        let misere = match f.convention.as_str() {
            "normal" => false,
            "misere" => true,
            c => return Err(e(format!("convention {c:?}: \"normal\" or \"misere\""))),
        };
        if f.moves.len() != f.strokes.len() {
            return Err(e(format!("{} moves but {} strokes", f.moves.len(), f.strokes.len())));
        }
        if f.cursor > f.strokes.len() {
            return Err(e(format!("cursor {} is past the {} moves", f.cursor, f.strokes.len())));
        }
        let mut g = SurfaceGame::new(surface, f.start.spots, f.square, misere).map_err(e)?;
        for (k, (s, name)) in f.strokes.iter().zip(&f.moves).enumerate() {
            if s.len() > MAX_STROKE_POINTS {
                return Err(e(format!("stroke {} has {} points (at most {MAX_STROKE_POINTS})", k + 1, s.len())));
            }
            let pts: Vec<Point> = s.iter().map(|p| Point::new(p[0], p[1])).collect();
            let p = g.play(&pts).map_err(|x| e(format!("stroke {} ({name}) is not a move: {x}", k + 1)))?;
            if name_of(&p) != *name {
                return Err(e(format!("stroke {} draws {}, not {name}", k + 1, name_of(&p))));
            }
        }
        g.cursor = f.cursor;
        Ok(g)
    }

    pub fn from_json(text: &str) -> Result<SurfaceGame, String> {
        if text.len() > MAX_FILE_BYTES {
            return Err(format!("saved game: {} bytes (at most {MAX_FILE_BYTES})", text.len()));
        }
        let f: SurfaceFile = serde_json::from_str(text).map_err(|x| format!("saved game: not a surface game file: {x}"))?;
        SurfaceGame::from_file(&f)
    }
}

/// One convention's answer in [`SurfaceAnalysisReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConventionAnalysis {
    /// `"win"` or `"loss"` for the player to move, `"unknown"` past the limit.
    pub outcome: &'static str,
    pub winning: Vec<WinningMove>,
    pub nodes: u64,
    /// Why the outcome is unknown.
    pub stopped: Option<String>,
}

/// A winning move: the position it leaves and, where the computer can
/// draw it, the move `a(c)b` of such a stroke.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinningMove {
    pub position: String,
    #[serde(rename = "move")]
    pub drawn: Option<String>,
}

/// The analysis button's answer: the position and both conventions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SurfaceAnalysisReport {
    pub position: String,
    pub over: bool,
    pub normal: ConventionAnalysis,
    pub misere: ConventionAnalysis,
}

/// Outcome and winning moves of the position shown, normal and misère,
/// each search within `max_nodes` positions (0: no limit) and `out_of_time`.
pub fn surface_analysis(g: &SurfaceGame, max_nodes: u64, out_of_time: &dyn Fn() -> bool) -> Result<SurfaceAnalysisReport, String> {
    let root = g.canon()?;
    let over = g.is_over()?;
    let solved = [false, true].map(|misere| analysis::analyse(&root, misere, max_nodes, out_of_time));
    let wanted: Vec<Canon> = solved.iter().flat_map(|a| a.as_ref().map_or(&[][..], |a| &a.winning[..])).cloned().collect();
    let drawn = if over { Vec::new() } else { g.board().drawable_moves(0, STROKES_TRIED, &|c| wanted.contains(c))? };
    let one = |misere: bool| match &solved[misere as usize] {
        Ok(a) => ConventionAnalysis {
            outcome: if a.wins { "win" } else { "loss" },
            winning: a
                .winning
                .iter()
                .map(|c| WinningMove { position: surfaces::text(c), drawn: drawn.iter().find(|m| m.canon == *c).map(|m| name_of(&m.played)) })
                .collect(),
            nodes: a.nodes,
            stopped: None,
        },
        Err(e) => ConventionAnalysis { outcome: "unknown", winning: Vec::new(), nodes: max_nodes, stopped: Some(e.clone()) },
    };
    Ok(SurfaceAnalysisReport { position: surfaces::text(&root), over, normal: one(false), misere: one(true) })
}
