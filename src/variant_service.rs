//! What the page's worker answers for a game under other rules (issue 37:
//! Brussels Sprouts, dots-or-crosses, Weeds): the analysis (outcome and
//! winning moves) and the computer's move, for the position after a
//! tagged record (`{brussels} 2+ ...`), within node and time budgets.
//!
//! The solving is `crate::variants::solve`'s, as `sprouts solve --rules`
//! does it (normal play: the largest land plus a nim heap; misère: the
//! plain search); this module only replays the record, names the moves as
//! the page's board numbers its spots (WGOSA text with the variant's
//! mark, which `Game::play_text` reads back) and keeps to the budgets.
//! The tables are made afresh for each request: a search stopped by a
//! budget leaves wrong entries behind (every position past the limit reads
//! as having no move), and the variants the page plays are small.

use crate::game::Game;
use crate::notation::write_move;
use crate::player::{Clock, Rng};
use crate::report::{Analysis, ComputerMove, Found, ProgressReport, WinningMove};
use crate::service::{Options, Tell};
use crate::topology::Canon;
use crate::variants::solve::{NormalSum, Search};
use crate::variants::{self, NewSpot, Rules};
use crate::Position;
use std::cell::Cell;
use std::ops::ControlFlow;

/// Nodes between two looks at the clock and two counts told to the host.
const CHECK_EVERY: u64 = 64;

/// A search of one convention over canonical forms, whichever kind.
enum Solve<F: FnMut(&Canon) -> Vec<Canon>> {
    Normal(NormalSum<F>),
    Misere(Search<Canon, F>),
}

impl<F: FnMut(&Canon) -> Vec<Canon>> Solve<F> {
    fn wins(&mut self, c: &Canon) -> bool {
        match self {
            Solve::Normal(s) => s.wins(c),
            Solve::Misere(s) => s.wins(c),
        }
    }
}

/// The position after a tagged record drawn on a `width` × `height`
/// board (the page's size, so that the spot numbers are the page's), its
/// rules and convention.
fn replay(record: &str, width: f64, height: f64) -> Result<(Position, Rules, bool), String> {
    let size = (width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0).then_some((width, height));
    let g = Game::from_tagged_record(record, size).map_err(|e| e.to_string())?;
    let rules = g.variant().rules;
    crate::limits::check_moves(g.position()).map_err(|e| e.to_string())?;
    Ok((g.position().clone(), rules, g.misere()))
}

/// A move's text as the page plays it (the mark of what it puts on its
/// line, where the rules leave a choice).
fn text(p: &Position, rules: Rules, mv: &crate::Move, what: NewSpot) -> String {
    let v = crate::game::Variant { rules, start: rules.default_start() };
    v.mark(&write_move(p, mv), what)
}

/// Runs `f` with a search of `misere`'s convention under `rules` that
/// stops (every position past the limit reads as having no move, and
/// `stopped` is set) once `budget` nodes are expanded or the clock passes
/// `deadline`; `tell` hears the counts.
fn with_search<T>(
    rules: Rules,
    misere: bool,
    budget: u64,
    deadline: f64,
    clock: &Clock,
    tell: &Option<Tell>,
    f: impl FnOnce(&mut dyn FnMut(&Canon) -> bool, &dyn Fn() -> (u64, Option<String>)) -> T,
) -> T {
    let expanded = Cell::new(0u64);
    let stopped: Cell<Option<String>> = Cell::new(None);
    let halted = Cell::new(false);
    let kids = |c: &Canon| {
        if halted.get() {
            return Vec::new();
        }
        let n = expanded.get() + 1;
        expanded.set(n);
        let why = if n > budget {
            Some(format!("not solved within the budget of {budget} nodes"))
        } else if n % CHECK_EVERY == 0 && clock() > deadline {
            Some("not solved within the time allowed".to_string())
        } else {
            None
        };
        if n % CHECK_EVERY == 0 {
            if let Some(t) = tell {
                let r = ProgressReport { nodes: n as f64, table_bytes: 0.0, found: None };
                if t(&r).is_break() && why.is_none() {
                    stopped.set(Some("stopped".into()));
                    halted.set(true);
                    return Vec::new();
                }
            }
        }
        if let Some(w) = why {
            stopped.set(Some(w));
            halted.set(true);
            return Vec::new();
        }
        variants::child_keys(c, rules)
    };
    let mut s = if misere { Solve::Misere(Search::new(true, kids)) } else { Solve::Normal(NormalSum::new(kids)) };
    let mut wins = |c: &Canon| s.wins(c);
    let state = || {
        let why = stopped.take();
        stopped.set(why.clone());
        (expanded.get(), why)
    };
    f(&mut wins, &state)
}

/// The analysis of the position after a tagged record: outcome and
/// winning moves (no nimbers: the lands of a variant are not reported),
/// each part told to `tell` as soon as it is proved.
pub fn analyse(record: &str, width: f64, height: f64, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<Analysis, String> {
    // (p, q) Sprouts: `crate::pq_service`, which the plane's wasm module
    // does not carry (it is in the one fetched on demand, src/wasm/mod.rs);
    // there `replay` refuses the `{pq:P,Q}` tag as another game's rules.
    #[cfg(any(not(target_arch = "wasm32"), feature = "surface-module"))]
    if record.trim_start().starts_with("{pq:") {
        return crate::pq_service::analyse(record, width, height, opts, clock, tell);
    }
    let (p, rules, misere) = replay(record, width, height)?;
    let deadline = clock() + opts.millis();
    let budget = opts.budget();
    let root = Canon::of(&p);
    let moves = variants::children(&p, rules);
    let outcome_only = opts.only.as_deref() == Some("outcome");
    let say = |found: Found, nodes: u64| match &tell {
        Some(t) => t(&ProgressReport { nodes: nodes as f64, table_bytes: 0.0, found: Some(found) }),
        None => ControlFlow::Continue(()),
    };
    Ok(with_search(rules, misere, budget, deadline, clock, &tell, |wins, state| {
        let mut a = Analysis {
            position: root.to_string(),
            misere,
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
            for (mv, what, child) in &moves {
                let child_wins = wins(child);
                let (nodes, why) = state();
                a.nodes = nodes as f64;
                if why.is_some() {
                    a.stopped = why;
                    return a;
                }
                if !child_wins {
                    let w = WinningMove { text: text(&p, rules, mv, *what), position: child.to_string() };
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

/// The computer's move after a tagged record: a winning move when the
/// search finds one within the budget, else a random one (`method`:
/// "winning", "proven-loss", "guess" or "random", as for plain Sprouts).
pub fn computer_move(record: &str, width: f64, height: f64, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<ComputerMove, String> {
    // (p, q) Sprouts: `crate::pq_service`, which the plane's wasm module
    // does not carry (it is in the one fetched on demand, src/wasm/mod.rs);
    // there `replay` refuses the `{pq:P,Q}` tag as another game's rules.
    #[cfg(any(not(target_arch = "wasm32"), feature = "surface-module"))]
    if record.trim_start().starts_with("{pq:") {
        return crate::pq_service::computer_move(record, width, height, opts, clock, tell);
    }
    let (p, rules, misere) = replay(record, width, height)?;
    let moves = variants::children(&p, rules);
    if moves.is_empty() {
        return Err("the game is over".into());
    }
    let seed = if opts.seed.is_finite() { opts.seed.abs().min(1.8e19) as u64 } else { 0 };
    let mut rng = Rng::new(seed);
    let strength = opts.strength.as_deref().unwrap_or("perfect");
    let pick = |i: usize, method: &'static str, outcome: Option<&str>, nodes: u64| {
        let (mv, what, _) = &moves[i];
        ComputerMove { text: text(&p, rules, mv, *what), method, outcome: outcome.map(str::to_string), nodes: nodes as f64 }
    };
    if strength == "random" {
        return Ok(pick(rng.below(moves.len()), "random", None, 0));
    }
    if !matches!(strength, "heuristic" | "perfect") {
        return Err(format!("unknown strength {strength:?} (random, heuristic or perfect)"));
    }
    let deadline = clock() + opts.millis();
    Ok(with_search(rules, misere, opts.budget(), deadline, clock, &tell, |wins, state| {
        // Children in a random order, so that equal games differ.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        rng.shuffle(&mut order);
        for &i in &order {
            let child_wins = wins(&moves[i].2);
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
