//! Every JSON output, one type each: the command line's `--json` outputs
//! and the objects the wasm facade hands to JavaScript. Both serialise these
//! types with serde, so the field names have one definition. They are
//! stable interfaces, documented in the README: fields may be added, never
//! renamed or removed.
//!
//! The command line's outputs keep their historical snake_case names
//! (`winning_moves`, `table_bytes`); the page's are camelCase.

use crate::notation::write_move;
use crate::solver::{SolveError, Solver};
use crate::{Canon, Position, Spot};
use serde::Serialize;

/// A winning move and the canonical position after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// WGOSA notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Canonical GLOP string of the child.
    pub position: String,
}

impl WinningMove {
    /// The winning moves of a solver analysis of `p`.
    pub fn list(p: &Position, moves: &[(crate::Move, Canon)]) -> Vec<WinningMove> {
        moves.iter().map(|(mv, c)| WinningMove { text: write_move(p, mv), position: c.to_string() }).collect()
    }
}

/// `sprouts solve --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    pub position: String,
    /// `"normal"` or `"misere"`.
    pub convention: String,
    /// Everything below was found (false when a limit stopped the solve).
    pub complete: bool,
    /// `"win"` or `"loss"` for the player to move (`null` if not reached).
    pub outcome: Option<String>,
    /// Normal play only (`null` in misère, or if not reached).
    pub nimber: Option<u32>,
    /// The winning moves proved (`null` before the outcome is known).
    pub winning_moves: Option<Vec<WinningMove>>,
    /// Every move was examined: `winning_moves` is the full list.
    pub moves_complete: bool,
    pub nodes: u64,
    pub table_entries: usize,
    pub table_bytes: usize,
    pub peak_table_bytes: usize,
    pub seconds: f64,
}

/// `sprouts perft --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftReport {
    /// Canonical GLOP string.
    pub position: String,
    pub depth: u32,
    pub nodes: u64,
}

/// `sprouts replay --json`: one per move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayStep {
    /// The move's shortest WGOSA text.
    #[serde(rename = "move")]
    pub text: String,
    /// Canonical GLOP string after the move.
    pub position: String,
    /// Hoey list (labelled) after the move.
    pub hoey: String,
}

/// `sprouts play --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayReport {
    /// As given: `"6"` or `"4-7"`.
    pub spots: String,
    /// `"normal"` or `"misere"`.
    pub convention: String,
    pub games: u64,
    pub mean_length: f64,
    pub first: SeatReport,
    pub second: SeatReport,
}

/// One seat of [`PlayReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatReport {
    /// `"random"`, `"heuristic"` or `"perfect"`.
    pub strength: String,
    pub wins: u64,
    /// Moves it made.
    pub moves: usize,
    pub median_ms: f64,
    pub mean_ms: f64,
    pub worst_ms: f64,
    pub first_move_ms: f64,
}

/// A land of [`Analysis`]: its live spots, canonical form and nimber.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LandReport {
    pub spots: Vec<Spot>,
    pub position: String,
    /// Normal play only.
    pub nimber: Option<u32>,
}

/// The page's analysis (`analyse` in the worker).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// Canonical GLOP string of the position.
    pub position: String,
    pub misere: bool,
    /// Solved within the budget.
    pub complete: bool,
    /// `"win"` or `"loss"` for the player to move (null when not complete).
    pub outcome: Option<String>,
    pub nimber: Option<u32>,
    pub lands: Vec<LandReport>,
    pub winning_moves: Vec<WinningMove>,
    /// Distinct moves in the position.
    pub moves: usize,
    pub nodes: f64,
    /// Why it is not complete.
    pub stopped: Option<String>,
}

impl Analysis {
    /// Solves `p` with `solver` (whose convention is `misere`'s): outcome,
    /// nimber, winning moves, and each land with a move left.
    pub fn solve(solver: &mut Solver, p: &Position, misere: bool) -> Result<Analysis, SolveError> {
        let start = solver.stats().nodes;
        let a = solver.analyse(p)?;
        let mut lands = Vec::new();
        let all = p.lands();
        for spots in p.land_spots() {
            let land = all.iter().find(|l| l.regions().iter().flatten().flatten().any(|&x| spots.first() == Some(&x)));
            let Some(land) = land else { continue };
            let nimber = if misere { None } else { solver.nimber(land)? };
            lands.push(LandReport { spots, position: Canon::of(land).to_string(), nimber });
        }
        Ok(Analysis {
            position: Canon::of(p).to_string(),
            misere,
            complete: true,
            outcome: Some(a.outcome.to_string()),
            nimber: a.nimber,
            lands,
            winning_moves: WinningMove::list(p, &a.winning_moves),
            moves: p.representative_moves().len(),
            nodes: (solver.stats().nodes - start) as f64,
            stopped: None,
        })
    }

    /// The answer when the solver stopped: `nodes` spent, and why.
    pub fn incomplete(p: &Position, misere: bool, nodes: u64, why: String) -> Analysis {
        Analysis {
            position: Canon::of(p).to_string(),
            misere,
            complete: false,
            outcome: None,
            nimber: None,
            lands: Vec::new(),
            winning_moves: Vec::new(),
            moves: p.representative_moves().len(),
            nodes: nodes as f64,
            stopped: Some(why),
        }
    }
}

/// The computer's move (`computerMove` in the worker).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComputerMove {
    #[serde(rename = "move")]
    pub text: String,
    /// How it was chosen: "random", "winning", "proven-loss" (every move
    /// loses against perfect play), "guess" (not solved within the budget).
    pub method: &'static str,
    /// The outcome for the mover when it is known.
    pub outcome: Option<String>,
    pub nodes: f64,
}

/// The worker's progress callbacks.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressReport {
    pub nodes: f64,
    pub table_bytes: f64,
}
