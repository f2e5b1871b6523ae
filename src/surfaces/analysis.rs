//! Outcome and winning moves of a surface position within a node limit:
//! what the surface board's analysis button and computer players ask.
//! The same search as `sprouts solve --surface`: the plane's solver
//! (`Solver::on_surfaces`: proof-number search, lands and nimbers in normal
//! play, reduced misère trees) playing the surfaces' moves, stopped cleanly
//! at the limit through its progress callback.

use super::child_forms;
use crate::solver::{Config, Convention, SolveError, Solver};
use crate::Canon;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::rc::Rc;

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

/// The solver's memory cap: a browser worker's share (the table grows as
/// it fills; a few seconds of surface search use a few MB).
const TABLE_BYTES: usize = 64 << 20;

/// Solves `root` (a canonical surface form) for the player to move, in
/// normal play or misère, expanding at most `max_nodes` positions (0: no
/// limit) and stopping when `out_of_time` says so (asked every 16
/// positions, and every 256 children within one); past a limit, an error
/// saying which. `out_of_time` is cloned into the solver's progress
/// callback, which must own it.
pub fn analyse(
    root: &Canon,
    misere: bool,
    max_nodes: u64,
    out_of_time: &(impl Fn() -> bool + Clone + 'static),
) -> Result<SurfaceAnalysis, String> {
    let convention = if misere { Convention::Misere } else { Convention::Normal };
    // A report every node, so that the node limit is exact; the clock is
    // asked every 16 reports.
    let mut solver = Solver::on_surfaces(convention, Config { table_bytes: TABLE_BYTES, progress_every: 1 });
    let late = Rc::new(Cell::new(false));
    let (flag, clock, mut calls) = (late.clone(), out_of_time.clone(), 0u64);
    solver.on_progress(move |p| {
        calls += 1;
        if max_nodes > 0 && p.nodes > max_nodes {
            return ControlFlow::Break(());
        }
        if calls % 16 == 0 && clock() {
            flag.set(true);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    let nodes_now = |s: &Solver| s.stats().nodes;
    let why = |e: SolveError, s: &Solver| match e {
        SolveError::Stopped if late.get() => format!("the search ran out of time after {} positions", nodes_now(s)),
        SolveError::Stopped => format!("the search stopped at its limit of {max_nodes} positions"),
        e => format!("the search gave up: {e}"),
    };
    let wins = solver.wins_form(root).map_err(|e| why(e, &solver))?;
    let mut winning = Vec::new();
    if wins {
        // The root's proof left its children in the table: these are cheap.
        for c in child_forms(root) {
            if !solver.wins_form(&c).map_err(|e| why(e, &solver))? {
                winning.push(c);
            }
        }
    }
    Ok(SurfaceAnalysis { wins, winning, nodes: nodes_now(&solver) })
}
