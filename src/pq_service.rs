//! What the page's worker answers for a (p, q) Sprouts game (issue 37):
//! the analysis (outcome and winning moves) and the computer's move after
//! a `{pq:P,Q}` record, within node and time budgets, as
//! `crate::variant_service` does for the other rules.
//!
//! The record is replayed on the page's board size (so the moves name the
//! page's spots), the position solved by `crate::variants::solve` on
//! (p, q) canonical forms as `sprouts solve --rules pq:P,Q` does (normal
//! play: the largest land plus a nim heap; misère: the plain search), and
//! each move named by its (p, q) text (`PqGame::move_choices`: one drawn
//! move per class), which the page plays as a typed move. The budgets,
//! the analysis and the computer's choice are `crate::variant_service`'s
//! (its `Solvable`), written once for both.

use crate::game::PqGame;
use crate::player::Clock;
use crate::report::{Analysis, ComputerMove};
use crate::service::{Options, Tell};
use crate::variant_service::{analysis, choice, Solvable};
use crate::variants::pq::{child_keys, PqCanon, PqRules};

/// A replayed (p, q) game: its rules and convention, its moves (text,
/// form after) and the form it shows.
struct Replayed {
    rules: PqRules,
    misere: bool,
    moves: Vec<(String, PqCanon)>,
    root: PqCanon,
}

impl Solvable for Replayed {
    type Key = PqCanon;
    // A (p, q) node costs more than a plain one: the clock is read oftener.
    const CHECK_EVERY: u64 = 16;
    fn misere(&self) -> bool {
        self.misere
    }
    fn root(&self) -> PqCanon {
        self.root.clone()
    }
    fn move_count(&self) -> usize {
        self.moves.len()
    }
    fn child(&self, i: usize) -> &PqCanon {
        &self.moves[i].1
    }
    fn text(&self, i: usize) -> String {
        self.moves[i].0.clone()
    }
    fn children(&self, c: &PqCanon) -> Vec<PqCanon> {
        child_keys(c, self.rules)
    }
}

fn replay(record: &str, width: f64, height: f64) -> Result<Replayed, String> {
    let (w, h) = if width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0 { (width, height) } else { (800.0, 600.0) };
    let g = PqGame::from_record(record, w, h).map_err(|e| e.to_string())?;
    let moves = g.move_choices().map_err(|e| e.to_string())?;
    let root = g.board().pq_position().map_err(|e| e.to_string())?.canon(g.rules());
    Ok(Replayed { rules: g.rules(), misere: g.misere(), moves, root })
}

/// The analysis after a `{pq:P,Q}` record: outcome and winning moves.
pub fn analyse(record: &str, width: f64, height: f64, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<Analysis, String> {
    Ok(analysis(&replay(record, width, height)?, opts, clock, tell))
}

/// The computer's move after a `{pq:P,Q}` record: a winning move when one
/// is proved within the budget, else one at random (`method` as for
/// plain Sprouts: winning, proven-loss, guess, random).
pub fn computer_move(record: &str, width: f64, height: f64, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<ComputerMove, String> {
    choice(&replay(record, width, height)?, opts, clock, tell)
}
