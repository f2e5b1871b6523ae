//! The input limits, in one place. Every text, file, list and stroke that
//! comes in is checked against them where it enters (the parsers, the
//! saved-game reader, the stroke checks, the command line and the wasm
//! facade), before anything is built from it, so that no input allocates
//! gigabytes or runs for minutes first; the solver checks its budget while
//! it generates children. Each limit is far above real games (a 40-spot
//! game record is about 1 KB and has at most 119 moves); docs/limits.md's
//! "Limits" section lists them. Beyond a limit the error names it and the
//! value: "too large: 35552 spots in a position (the limit is 10000)".

use crate::Position;
use std::fmt;

/// Bytes of a position, record or move written as text.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// Bytes of a saved game (`.sprouts.json`, with its drawing).
pub const MAX_FILE_BYTES: usize = 32 << 20;

/// Spots of a position read from text, counting those that `*k`
/// repetitions produce; also the largest `k` of `0*k`, the largest letter
/// number (`<k>`, `(k)`) and the largest spot number in a Hoey list or a
/// move. A canonical form never has more spots than the position it came
/// from, so whatever we print, our parsers read back. (Canonical tokens
/// name letters in 14 bits, so this must stay below 16,000.)
pub const MAX_SPOTS: usize = 10_000;

/// Spots of an n-spot game drawn on the board (the page, the worker, the
/// saved-game file); larger starts are for the solver, not for drawing.
pub const MAX_GAME_SPOTS: usize = 40;

/// Spots plus lives of a position laid out on the board from text (the
/// page's Open box and `position=` links, `sprouts draw`): what a game of
/// [`MAX_GAME_SPOTS`] spots has all through, since each move adds a spot
/// and takes a life. The layout routes every line, with retries; a 231-line
/// position found by fuzzing took minutes.
pub const MAX_DRAWN: usize = 4 * MAX_GAME_SPOTS;

/// Points of the meshes that the router builds laying out one position
/// (each line that finds no room is tried on finer meshes, relaxed, from
/// both ends, and the whole drawing again larger or in another order).
/// Every drawing that succeeded among 44 random game positions of 10 to
/// 40 spots took under 3.3 M (a 30-spot Hoey list: 26 s); positions that
/// find no room ran for minutes.
pub const MAX_LAYOUT_MESH_POINTS: u64 = 4_000_000;

/// Spots listed in the `[L]` lists of one record or move, ranges expanded.
pub const MAX_LISTED: usize = 100_000;

/// Moves of one position that are listed (`sprouts moves`, winning moves)
/// or searched (one expansion of the solver), counted before any is made.
pub const MAX_MOVES: u64 = 1 << 20;

/// Steps of the exact naming search of a canonical form (the search is
/// exponential on rare chains of 30 to 40 spots, which no other limit
/// would stop): `sprouts canon`, `moves`, `perft`, `replay` and the page's
/// `canonical` refuse a position that needs more, with this limit in the
/// error; `sprouts solve`, the solver's report, the page's GLOP field and
/// an SVG's title write it as [`crate::Canon::quick`] does instead.
pub const CANON_STEPS: u64 = 1 << 20;

/// Most lines routed to list the moves of one (p, q) position
/// (`crate::game::PqGame::move_choices`, which the page's worker runs
/// before analysing or moving): each is routed and traced, about 5 ms
/// natively. (4, 3) starts route 470 lines at 4 points, 1,600 at 5 (8 s
/// of CPU natively), about 6,500 at 6: a start of 6 points or more is
/// refused (`PQ_LIST=4,3,N cargo test --release --test pq_game listing
/// -- --ignored --nocapture`).
pub const MAX_PQ_LINES: u64 = 2_000;

/// What [`MAX_PQ_LINES`] counts.
pub const PQ_LINES: &str = "lines routed to list the moves of a (p, q) position";

/// Points of one stroke drawn on the board.
pub const MAX_STROKE_POINTS: usize = 100_000;

/// Memory of the children lists being built during a search, on top of
/// the transposition table (a position with more children than fit is too
/// wide to search within the cap).
pub const MAX_EXPANSION_BYTES: usize = 48 << 20;

/// Smallest transposition table (`--table-mb`, the worker's `tableMb`):
/// below this the table is too small to keep a search from repeating
/// itself (9 spots took more than 300 s with no table at all).
pub const MIN_TABLE_MB: u64 = 1;

/// Largest memory cap of a solver, in bytes (the table's record positions
/// are 32-bit); `Config::table_bytes` is clamped to it.
pub const MAX_TABLE_BYTES: usize = 3 << 30;

/// Memory of a wasm32 instance at most: the worker's table is clamped to
/// half of it, as a native one is to half of the machine's.
pub const WASM_MEMORY: u64 = 4 << 30;

/// A value over one of the limits: what was counted, how many, the limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitError {
    /// What was counted, plural ("spots in a position").
    pub what: &'static str,
    pub value: u64,
    pub max: u64,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "too large: {} {} (the limit is {})", self.value, self.what, self.max)
    }
}

impl std::error::Error for LimitError {}

/// `Err` when `value` is over `max`.
pub fn check(what: &'static str, value: u64, max: u64) -> Result<(), LimitError> {
    if value > max {
        return Err(LimitError { what, value, max });
    }
    Ok(())
}

/// The length of a text (position, record, move) against [`MAX_TEXT_BYTES`].
pub fn check_text(text: &str) -> Result<(), LimitError> {
    check("bytes of text", text.len() as u64, MAX_TEXT_BYTES as u64)
}

/// What [`MAX_SPOTS`] counts.
pub const SPOTS: &str = "spots in a position";

/// Spots of a position against [`MAX_SPOTS`].
pub fn check_spots(spots: usize) -> Result<(), LimitError> {
    check(SPOTS, spots as u64, MAX_SPOTS as u64)
}

/// A position to lay out against [`MAX_DRAWN`].
pub fn check_drawn(p: &Position) -> Result<(), LimitError> {
    let n = p.spot_count() as u64 + p.total_lives() as u64;
    check("spots and lives in a position to draw", n, MAX_DRAWN as u64)
}

/// What [`MAX_MOVES`] counts.
pub const MOVES: &str = "moves of one position";

/// The moves that listing every move of `p` would make, against
/// [`MAX_MOVES`], counted before any is made: give the position whose
/// moves are listed (`p.reduced()` for [`Position::children`], `p` for
/// [`Position::representative_moves`]).
pub fn check_moves(p: &Position) -> Result<(), LimitError> {
    check(MOVES, p.move_count(), MAX_MOVES)
}

/// The table to use, in MiB, when `mb` is asked for on a machine (or a
/// wasm heap) of `memory` bytes (`None`: unknown): at least
/// [`MIN_TABLE_MB`], at most half the memory (so that the process, the
/// children lists and the rest of the machine fit) and
/// [`MAX_TABLE_BYTES`].
pub fn table_mb(mb: u64, memory: Option<u64>) -> u64 {
    let most = memory.map_or(u64::MAX, |m| (m / 2) >> 20).min(MAX_TABLE_BYTES as u64 >> 20).max(MIN_TABLE_MB);
    mb.clamp(MIN_TABLE_MB, most)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_limit_and_the_value() {
        assert!(check_spots(MAX_SPOTS).is_ok());
        let e = check_spots(35_552).unwrap_err();
        assert_eq!(e.to_string(), "too large: 35552 spots in a position (the limit is 10000)");
        assert!(check_text(&"x".repeat(MAX_TEXT_BYTES + 1)).is_err());
    }

    #[test]
    fn the_table_is_clamped_to_half_the_memory() {
        assert_eq!(table_mb(u64::MAX, Some(4 << 30)), 2 << 10);
        assert_eq!(table_mb(u64::MAX, Some(64 << 30)), 3 << 10);
        assert_eq!(table_mb(128, Some(16 << 30)), 128);
        assert_eq!(table_mb(0, None), MIN_TABLE_MB);
        assert_eq!(table_mb(u64::MAX, None), 3 << 10);
        assert_eq!(table_mb(u64::MAX, Some(WASM_MEMORY)), 2048);
    }
}
