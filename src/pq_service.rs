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
//! move per class), which the page plays as a typed move.

use crate::game::PqGame;
use crate::player::{Clock, Rng};
use crate::report::{Analysis, ComputerMove, Found, ProgressReport, WinningMove};
use crate::service::{Options, Tell};
use crate::variants::pq::{child_keys, PqCanon, PqRules};
use crate::variants::solve::{NormalSum, Search};
use std::cell::Cell;
use std::ops::ControlFlow;

const CHECK_EVERY: u64 = 16;

/// The game after a record, its moves (text, form after) and its root form.
/// A replayed game, its moves (text, form after) and the form it shows.
type Replayed = (PqGame, Vec<(String, PqCanon)>, PqCanon);

fn replay(record: &str, width: f64, height: f64) -> Result<Replayed, String> {
    let (w, h) = if width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0 { (width, height) } else { (800.0, 600.0) };
    let g = PqGame::from_record(record, w, h).map_err(|e| e.to_string())?;
    let moves = g.move_choices().map_err(|e| e.to_string())?;
    let root = g.board().pq_position().map_err(|e| e.to_string())?.canon(g.rules());
    Ok((g, moves, root))
}

/// `f` with a search of the convention that stops at the budget or the
/// deadline (then every position past it reads as having no move).
fn with_search<T>(
    rules: PqRules,
    misere: bool,
    budget: u64,
    deadline: f64,
    clock: &Clock,
    tell: &Option<Tell>,
    f: impl FnOnce(&mut dyn FnMut(&PqCanon) -> bool, &dyn Fn() -> (u64, Option<String>)) -> T,
) -> T {
    let expanded = Cell::new(0u64);
    let stopped: Cell<Option<String>> = Cell::new(None);
    let kids = |c: &PqCanon| {
        if stopped.take().map(|w| stopped.set(Some(w))).is_some() {
            return Vec::new();
        }
        let n = expanded.get() + 1;
        expanded.set(n);
        let mut why = if n > budget {
            Some(format!("not solved within the budget of {budget} nodes"))
        } else if n.is_multiple_of(CHECK_EVERY) && clock() > deadline {
            Some("not solved within the time allowed".to_string())
        } else {
            None
        };
        if let (Some(t), true, None) = (tell, n.is_multiple_of(CHECK_EVERY), &why) {
            if t(&ProgressReport { nodes: n as f64, table_bytes: 0.0, found: None }).is_break() {
                why = Some("stopped".into());
            }
        }
        if let Some(w) = why {
            stopped.set(Some(w));
            return Vec::new();
        }
        child_keys(c, rules)
    };
    let (mut normal, mut misere_search) = (None, None);
    if misere {
        misere_search = Some(Search::new(true, kids));
    } else {
        normal = Some(NormalSum::new(kids));
    }
    let mut wins = |c: &PqCanon| match (&mut normal, &mut misere_search) {
        (Some(s), _) => s.wins(c),
        (_, Some(s)) => s.wins(c),
        _ => false,
    };
    let state = || {
        let why = stopped.take();
        stopped.set(why.clone());
        (expanded.get(), why)
    };
    f(&mut wins, &state)
}

/// The analysis after a `{pq:P,Q}` record: outcome and winning moves.
pub fn analyse(record: &str, width: f64, height: f64, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<Analysis, String> {
    let (g, moves, root) = replay(record, width, height)?;
    let deadline = clock() + opts.millis();
    let outcome_only = opts.only.as_deref() == Some("outcome");
    let say = |found: Found, nodes: u64| match &tell {
        Some(t) => t(&ProgressReport { nodes: nodes as f64, table_bytes: 0.0, found: Some(found) }),
        None => ControlFlow::Continue(()),
    };
    Ok(with_search(g.rules(), g.misere(), opts.budget(), deadline, clock, &tell, |wins, state| {
        let mut a = Analysis {
            position: root.to_string(),
            misere: g.misere(),
            complete: false,
            outcome: None,
            nimber: None,
            lands: Vec::new(),
            winning_moves: Vec::new(),
            moves_complete: false,
            moves: moves.len(),
            nodes: 0.0,
            stopped: None,
        };
        let win = wins(&root);
        let (nodes, why) = state();
        a.nodes = nodes as f64;
        if why.is_some() {
            a.stopped = why;
            return a;
        }
        a.outcome = Some(if win { "win" } else { "loss" }.to_string());
        if say(Found::Outcome(a.outcome.clone().unwrap_or_default()), nodes).is_break() || outcome_only {
            a.stopped = Some(if outcome_only { "only the outcome was asked" } else { "stopped" }.to_string());
            return a;
        }
        if win {
            for (text, child) in &moves {
                let child_wins = wins(child);
                let (nodes, why) = state();
                a.nodes = nodes as f64;
                if why.is_some() {
                    a.stopped = why;
                    return a;
                }
                if !child_wins {
                    let w = WinningMove { text: text.clone(), position: child.to_string() };
                    a.winning_moves.push(w.clone());
                    if say(Found::WinningMove(w), nodes).is_break() {
                        a.stopped = Some("stopped".into());
                        return a;
                    }
                }
            }
        }
        a.moves_complete = true;
        a.complete = true;
        a
    }))
}

/// The computer's move after a `{pq:P,Q}` record: a winning move when one
/// is proved within the budget, else one at random (`method` as for
/// plain Sprouts: winning, proven-loss, guess, random).
pub fn computer_move(record: &str, width: f64, height: f64, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<ComputerMove, String> {
    let (g, moves, _) = replay(record, width, height)?;
    if moves.is_empty() {
        return Err("the game is over".into());
    }
    let seed = if opts.seed.is_finite() { opts.seed.abs().min(1.8e19) as u64 } else { 0 };
    let mut rng = Rng::new(seed);
    let strength = opts.strength.as_deref().unwrap_or("perfect");
    let pick = |i: usize, method: &'static str, outcome: Option<&str>, nodes: u64| ComputerMove {
        text: moves[i].0.clone(),
        method,
        outcome: outcome.map(str::to_string),
        nodes: nodes as f64,
    };
    if strength == "random" {
        return Ok(pick(rng.below(moves.len()), "random", None, 0));
    }
    if !matches!(strength, "heuristic" | "perfect") {
        return Err(format!("unknown strength {strength:?} (random, heuristic or perfect)"));
    }
    let deadline = clock() + opts.millis();
    Ok(with_search(g.rules(), g.misere(), opts.budget(), deadline, clock, &tell, |wins, state| {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        rng.shuffle(&mut order);
        for &i in &order {
            let child_wins = wins(&moves[i].1);
            let (nodes, why) = state();
            if why.is_some() {
                return pick(order[0], "guess", None, nodes);
            }
            if !child_wins {
                return pick(i, "winning", Some("win"), nodes);
            }
        }
        let (nodes, _) = state();
        pick(order[0], "proven-loss", Some("loss"), nodes)
    }))
}
