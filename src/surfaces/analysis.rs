//! Outcome and winning moves of a surface position within a node limit:
//! what the surface board's analysis button and computer players ask.
//! The same searches as `sprouts solve --surface` (normal play by lands
//! and nimbers, misère by the plain search), stopped cleanly at the limit.

use super::child_forms;
use crate::variants::solve::{NormalSum, Search};
use crate::Canon;
use std::cell::Cell;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurfaceAnalysis {
    /// Whether the player to move wins.
    pub wins: bool,
    /// The children (canonical forms) that win for the player to move:
    /// those that are a loss for the opponent. Empty when `wins` is false.
    pub winning: Vec<Canon>,
    /// Positions expanded.
    pub nodes: u64,
}

/// Solves `root` (a canonical surface form) for the player to move, in
/// normal play or misère, expanding at most `max_nodes` positions (0: no
/// limit) and stopping when `out_of_time` says so (asked every 16
/// positions); past a limit, an error saying which.
pub fn analyse(root: &Canon, misere: bool, max_nodes: u64, out_of_time: &dyn Fn() -> bool) -> Result<SurfaceAnalysis, String> {
    // Past the limit every position reads as having no move, so the search
    // unwinds at once; its answer is then thrown away.
    let (expanded, stopped, late) = (Cell::new(0u64), Cell::new(false), Cell::new(false));
    let kids = |c: &Canon| {
        if stopped.get() {
            return Vec::new();
        }
        expanded.set(expanded.get() + 1);
        if max_nodes > 0 && expanded.get() > max_nodes {
            stopped.set(true);
            return Vec::new();
        }
        if expanded.get() % 16 == 0 && out_of_time() {
            stopped.set(true);
            late.set(true);
            return Vec::new();
        }
        child_forms(c)
    };
    let (wins, winning, nodes) = if misere {
        let mut s = Search::new(true, kids);
        let w = s.wins(root);
        let winning = if w { child_forms(root).into_iter().filter(|c| !s.wins(c)).collect() } else { Vec::new() };
        (w, winning, s.nodes)
    } else {
        let mut s = NormalSum::new(kids);
        let w = s.wins(root);
        let winning = if w { child_forms(root).into_iter().filter(|c| !s.wins(c)).collect() } else { Vec::new() };
        (w, winning, s.nodes)
    };
    if late.get() {
        return Err(format!("the search ran out of time after {} positions", expanded.get()));
    }
    if stopped.get() {
        return Err(format!("the search stopped at its limit of {max_nodes} positions"));
    }
    Ok(SurfaceAnalysis { wins, winning, nodes })
}
