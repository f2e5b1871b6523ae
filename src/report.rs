//! Every JSON output, one type each: the command line's `--json` outputs
//! and the objects the wasm facade hands to JavaScript. Both serialise these
//! types with serde, so the field names have one definition. They are
//! stable interfaces, documented in docs/cli.md: fields may be added, never
//! renamed or removed.
//!
//! The command line's outputs keep their historical snake_case names
//! (`winning_moves`, `table_bytes`); the page's are camelCase.

use crate::limits::CANON_STEPS;
use crate::notation::{write_move, Record, Winner};
use crate::solver::{Event, SolveError, Solver, Stats};
use std::ops::ControlFlow;
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
    /// With `--database`: facts loaded from it, facts in it once saved,
    /// and its size in bytes (absent without `--database`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_loaded: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_facts: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_bytes: Option<u64>,
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
    /// The move as the record wrote it (`30(31)19` where `move` is
    /// `19(31)30`); the same as `move` where they agree.
    pub written: String,
}

/// A record's header as written: `26- (AuntBeast - Khorkov*, 2006) … II`
/// (`sprouts replay --json --header`, and the page's `readRecord`). The
/// field names are single words, the same in both.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordHeader {
    pub spots: usize,
    /// `"normal"` or `"misere"`.
    pub convention: String,
    /// `null` when the record names no players.
    pub players: Option<RecordPlayers>,
    /// Who won by the record (`I`: 1, `II`: 2; `null` without a result).
    /// Not necessarily who made the last move: most tournament games end
    /// by concession.
    pub result: Option<u8>,
}

/// The players of a record's header, first mover first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordPlayers {
    pub first: String,
    pub second: String,
    /// 1 or 2: the player marked `*`, who chose the game; `null` if none.
    pub chooser: Option<u8>,
    /// What follows a comma after the names: a date or the event.
    pub note: Option<String>,
}

impl RecordHeader {
    pub fn of(rec: &Record) -> RecordHeader {
        let num = |w: Winner| if w == Winner::First { 1 } else { 2 };
        RecordHeader {
            spots: rec.spots,
            convention: if rec.misere { "misere" } else { "normal" }.into(),
            players: rec.players.as_ref().map(|p| RecordPlayers {
                first: p.first.clone(),
                second: p.second.clone(),
                chooser: p.chooser.map(num),
                note: p.note.clone(),
            }),
            result: rec.result.map(num),
        }
    }
}

/// `sprouts replay --json --header`: the header and every move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    pub header: RecordHeader,
    pub moves: Vec<ReplayStep>,
}

/// One move of a record for the page: as written and as the engine
/// writes it (shortest form).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WrittenMove {
    #[serde(rename = "move")]
    pub text: String,
    pub written: String,
}

/// A record read for the page (`readRecord` in the wasm facade): its
/// header and each move as written beside the engine's form. Reading
/// checks every move (the error names the first that does not play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordReading {
    pub header: RecordHeader,
    pub moves: Vec<WrittenMove>,
}

impl RecordReading {
    pub fn of(text: &str) -> Result<RecordReading, String> {
        let (rec, written) = Record::parse_written(text)
            .map_err(|e| format!("not a game record: {e}, in {}", crate::text::quote_around(text, e.offset)))?;
        let g = crate::game::Game::replay(&rec, None).map_err(|e| e.to_string())?;
        let moves = g.all_moves().iter().zip(written).map(|(m, w)| WrittenMove { text: m.clone(), written: w }).collect();
        Ok(RecordReading { header: RecordHeader::of(&rec), moves })
    }
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
    /// Solved within the budget: nothing below is missing.
    pub complete: bool,
    /// `"win"` or `"loss"` for the player to move (null if not reached).
    pub outcome: Option<String>,
    /// Normal play, once reached.
    pub nimber: Option<u32>,
    /// Each land with a move left (their nimbers null if not reached).
    pub lands: Vec<LandReport>,
    /// The winning moves proved (all of them once `movesComplete`).
    pub winning_moves: Vec<WinningMove>,
    /// Every move was examined: `winningMoves` is the full list.
    pub moves_complete: bool,
    /// Distinct moves in the position.
    pub moves: usize,
    pub nodes: f64,
    /// Why it is not complete.
    pub stopped: Option<String>,
}

impl Analysis {
    /// Solves `p` with `solver` (whose convention is `misere`'s), telling
    /// `on` each part as soon as it is proved (see
    /// [`Solver::analyse_with`]): outcome, winning moves, nimber, then each
    /// land's nimber. A stop (by `on` or the solver's progress callback)
    /// keeps what was proved, with `complete` false and `stopped` unset
    /// (the caller knows why). Errors only for a position too large.
    pub fn solve_with(
        solver: &mut Solver,
        p: &Position,
        misere: bool,
        on: impl FnMut(&Event) -> ControlFlow<()>,
    ) -> Result<Analysis, SolveError> {
        let start = solver.stats().nodes;
        let a = solver.analyse_with(p, on)?;
        let mut complete = a.complete;
        let all = p.lands();
        let mut lands = Vec::new();
        for spots in p.land_spots() {
            let land = all.iter().find(|l| l.regions().iter().flatten().flatten().any(|&x| spots.first() == Some(&x)));
            let Some(land) = land else { continue };
            let nimber = if misere || !complete {
                None
            } else {
                match solver.nimber(land) {
                    Ok(n) => n,
                    Err(SolveError::Stopped) => {
                        complete = false;
                        None
                    }
                    Err(e) => return Err(e),
                }
            };
            lands.push(LandReport { spots, position: Canon::of_within(land, CANON_STEPS).0.to_string(), nimber });
        }
        Ok(Analysis {
            position: Canon::of_within(p, CANON_STEPS).0.to_string(),
            misere,
            complete,
            outcome: a.outcome.map(|o| o.to_string()),
            nimber: a.nimber,
            lands,
            winning_moves: WinningMove::list(p, &a.winning_moves),
            moves_complete: a.moves_complete,
            moves: p.representative_moves_within(CANON_STEPS).0.len(),
            nodes: (solver.stats().nodes - start) as f64,
            stopped: None,
        })
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

/// The worker's progress callbacks: counts every so many nodes, and each
/// part of an analysis as soon as it is proved.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressReport {
    pub nodes: f64,
    pub table_bytes: f64,
    /// What was just proved (null in a plain count).
    pub found: Option<Found>,
}

impl ProgressReport {
    /// `nodes` counted from `start`, and what was found if anything.
    pub fn new(stats: &Stats, start: u64, found: Option<Found>) -> ProgressReport {
        ProgressReport {
            nodes: stats.nodes.saturating_sub(start) as f64,
            table_bytes: stats.table_bytes as f64,
            found,
        }
    }
}

/// A part of an analysis, as soon as it is proved: `{outcome: "win"}`,
/// `{winningMove: {move, position}}`, `{movesChecked: {checked, total}}`,
/// `{nimber: 2}` (the outcome always comes first, the nimber last).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Found {
    Outcome(String),
    WinningMove(WinningMove),
    MovesChecked { checked: usize, total: usize },
    Nimber(u32),
}

impl Found {
    /// The solver's event about (labelled) `p`.
    pub fn of(p: &Position, e: &Event) -> Found {
        match e {
            Event::Outcome(o) => Found::Outcome(o.to_string()),
            Event::WinningMove { mv, child } => Found::WinningMove(WinningMove { text: write_move(p, mv), position: child.to_string() }),
            Event::MovesChecked { checked, total } => Found::MovesChecked { checked: *checked, total: *total },
            Event::Nimber(g) => Found::Nimber(*g),
        }
    }
}

/// `sprouts bench layout --json`: `{"sizes": [...]}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayoutBenchReport {
    /// Games played per size (text output only).
    #[serde(skip)]
    pub games: usize,
    /// Spots at the start of each game (text output only).
    #[serde(skip)]
    pub spots: usize,
    pub sizes: Vec<LayoutSize>,
    /// How the spot numbers read in each view (page sizes and embeds),
    /// on the random games and on real records.
    pub numbers: Vec<NumberRow>,
}

/// The spot numbers of a set of drawings in one view, placed as the page
/// places them: totals over the drawings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NumberRow {
    /// "page 390x844", "embed 480x320".
    pub view: String,
    /// "random 20-spot" games' last drawings, or "records (middle, end)".
    pub drawn: String,
    pub tidied: bool,
    pub drawings: usize,
    pub numbers: usize,
    /// Numbers whose centre is nearer another spot than their own.
    pub nearer_other: usize,
    /// Numbers over a curve.
    pub over_curve: usize,
    /// Numbers with a curve between them and their spot.
    pub across: usize,
    /// The largest gap between a number's box and its spot's disc (CSS px).
    pub worst_gap_px: f64,
    /// Numbers drawn on their own spot (where no place beside it reads).
    pub on_spot: usize,
    /// Numbers over a curve by their box alone (the definition before
    /// numbers were drawn on spots: one on its spot counts the curves
    /// ending there).
    pub over_curve_box: usize,
    /// Every number beside its spot (the placement before): nearer
    /// another spot, over a curve.
    pub beside_nearer_other: usize,
    pub beside_over_curve: usize,
    /// Numbers covering another spot or another number (closer than a
    /// space to it: "35" and "21" on overlapping discs read "3521").
    pub covering: usize,
}

/// One page size of `sprouts bench layout`: readings over the games'
/// last drawings, untidied (`before`) and tidied (`after`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayoutSize {
    /// The page's size in CSS px.
    pub width: f64,
    pub height: f64,
    pub before: LayoutReadings,
    pub after: LayoutReadings,
    /// The page's zoom to fit after tidying, CSS px per board unit (the
    /// worst is the smallest).
    pub zoom: MedianWorst,
    /// Games whose moves could not all be routed (left out of the readings).
    pub failures: usize,
}

/// Readings of a set of drawings, in CSS px (gaps: the worst is the
/// smallest; overlapping labels: the largest count).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayoutReadings {
    pub min_curve_gap_px: MedianWorst,
    pub min_spot_gap_px: MedianWorst,
    pub overlapping_labels: MedianWorst,
    /// Of those, the numbers over a spot or another number.
    pub covering_labels: MedianWorst,
    /// Numbers with a curve between them and their spot.
    pub across_labels: MedianWorst,
}

/// The median and the worst of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MedianWorst {
    pub median: f64,
    pub worst: f64,
}

impl std::fmt::Display for LayoutBenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "layout benchmark: {} random {}-spot games per size, as the page draws them", self.games, self.spots)?;
        writeln!(
            f,
            "{:<9} {:>6} {:<7} {:>16} {:>16} {:>16} {:>16} {:>16}",
            "page", "zoom", "tidied", "curve gap px", "spot gap px", "labels overlap", "on spot/label", "across a curve"
        )?;
        let mw = "median / worst";
        writeln!(f, "{:<9} {:>6} {:<7} {mw:>16} {mw:>16} {mw:>16} {mw:>16} {mw:>16}", "", "", "")?;
        for s in &self.sizes {
            for (tidied, r) in [("no", &s.before), ("yes", &s.after)] {
                writeln!(
                    f,
                    "{:<9} {:>6.3} {:<7} {:>7.1} / {:>6.1} {:>7.1} / {:>6.1} {:>7} / {:>6} {:>7} / {:>6} {:>7} / {:>6}",
                    format!("{}x{}", s.width, s.height),
                    s.zoom.median,
                    tidied,
                    r.min_curve_gap_px.median,
                    r.min_curve_gap_px.worst,
                    r.min_spot_gap_px.median,
                    r.min_spot_gap_px.worst,
                    r.overlapping_labels.median,
                    r.overlapping_labels.worst,
                    r.covering_labels.median,
                    r.covering_labels.worst,
                    r.across_labels.median,
                    r.across_labels.worst,
                )?;
            }
            if s.failures > 0 {
                writeln!(f, "{}x{}: {} games could not be routed to the end", s.width, s.height, s.failures)?;
            }
        }
        writeln!(f, "\nspot numbers: every number nearer its own spot than any other spot, none over a curve")?;
        writeln!(
            f,
            "{:<20} {:<22} {:<6} {:>8} {:>7} {:>13} {:>12} {:>14} {:>12} {:>7} {:>9} {:>14} {:>8}",
            "view", "drawings", "tidied", "count", "numbers", "nearer other", "over a curve", "across a curve", "worst gap px", "on spot", "over box", "beside: n / o", "covering"
        )?;
        for r in &self.numbers {
            writeln!(
                f,
                "{:<20} {:<22} {:<6} {:>8} {:>7} {:>13} {:>12} {:>14} {:>12.1} {:>7} {:>9} {:>14} {:>8}",
                r.view,
                r.drawn,
                if r.tidied { "yes" } else { "no" },
                r.drawings,
                r.numbers,
                r.nearer_other,
                r.over_curve,
                r.across,
                r.worst_gap_px,
                r.on_spot,
                r.over_curve_box,
                format!("{} / {}", r.beside_nearer_other, r.beside_over_curve),
                r.covering
            )?;
        }
        Ok(())
    }
}
