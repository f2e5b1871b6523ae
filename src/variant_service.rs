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
use crate::variants::solve::{LandKey, NormalSum, Search};
use crate::variants::{self, NewSpot, Rules};
use crate::Position;
use std::cell::Cell;
use std::ops::ControlFlow;

/// A replayed game as the worker solves it: the form shown, its moves
/// (each one's text and the form it leaves) and its rules' children.
/// [`Plain`] here and `crate::pq_service`'s (p, q) game implement it, so
/// that the budgets, the analysis and the computer's choice are written
/// once; generic, so the plane's module holds only the plain rules' copy.
pub(crate) trait Solvable {
    /// A canonical form.
    type Key: LandKey + std::fmt::Display;
    /// Nodes between two looks at the clock and two counts told to the host.
    const CHECK_EVERY: u64;
    fn misere(&self) -> bool;
    /// The form of the position shown.
    fn root(&self) -> Self::Key;
    fn move_count(&self) -> usize;
    /// The form move `i` leaves.
    fn child(&self, i: usize) -> &Self::Key;
    /// Move `i`'s text as the page plays it.
    fn text(&self, i: usize) -> String;
    /// The children of a form (the search's).
    fn children(&self, k: &Self::Key) -> Vec<Self::Key>;
}

/// The position after a tagged record under plain Sprouts' or its
/// variants' rules, and its moves.
struct Plain {
    p: Position,
    rules: Rules,
    misere: bool,
    moves: Vec<(crate::Move, NewSpot, Canon)>,
}

impl Solvable for Plain {
    type Key = Canon;
    const CHECK_EVERY: u64 = 64;
    fn misere(&self) -> bool {
        self.misere
    }
    fn root(&self) -> Canon {
        Canon::of(&self.p)
    }
    fn move_count(&self) -> usize {
        self.moves.len()
    }
    fn child(&self, i: usize) -> &Canon {
        &self.moves[i].2
    }
    /// The move's text with the mark of what it puts on its line, where
    /// the rules leave a choice.
    fn text(&self, i: usize) -> String {
        let (mv, what, _) = &self.moves[i];
        let v = crate::game::Variant { rules: self.rules, start: self.rules.default_start() };
        v.mark(&write_move(&self.p, mv), *what)
    }
    fn children(&self, c: &Canon) -> Vec<Canon> {
        variants::child_keys(c, self.rules)
    }
}

/// A search of one convention over canonical forms, whichever kind.
enum Solve<K, F: FnMut(&K) -> Vec<K>> {
    Normal(NormalSum<F, K>),
    Misere(Search<K, F>),
}

impl<K: LandKey, F: FnMut(&K) -> Vec<K>> Solve<K, F> {
    fn wins(&mut self, c: &K) -> bool {
        match self {
            Solve::Normal(s) => s.wins(c),
            Solve::Misere(s) => s.wins(c),
        }
    }
}

/// The position after a tagged record drawn on a `width` × `height`
/// board (the page's size, so that the spot numbers are the page's), its
/// rules, convention and moves.
fn replay(record: &str, width: f64, height: f64) -> Result<Plain, String> {
    let size = (width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0).then_some((width, height));
    let g = Game::from_tagged_record(record, size).map_err(|e| e.to_string())?;
    let rules = g.variant().rules;
    crate::limits::check_moves(g.position()).map_err(|e| e.to_string())?;
    let p = g.position().clone();
    let moves = variants::children(&p, rules);
    Ok(Plain { p, rules, misere: g.misere(), moves })
}

/// Runs `f` with a search of `s`'s convention and rules that stops (every
/// position past the limit reads as having no move, and `stopped` is set)
/// once `budget` nodes are expanded or the clock passes `deadline`; `tell`
/// hears the counts.
fn with_search<S: Solvable, T>(
    s: &S,
    budget: u64,
    deadline: f64,
    clock: &Clock,
    tell: &Option<Tell>,
    f: impl FnOnce(&mut dyn FnMut(&S::Key) -> bool, &dyn Fn() -> (u64, Option<String>)) -> T,
) -> T {
    let expanded = Cell::new(0u64);
    let stopped: Cell<Option<String>> = Cell::new(None);
    let halted = Cell::new(false);
    let kids = |c: &S::Key| {
        if halted.get() {
            return Vec::new();
        }
        let n = expanded.get() + 1;
        expanded.set(n);
        let why = if n > budget {
            Some(format!("not solved within the budget of {budget} nodes"))
        } else if n % S::CHECK_EVERY == 0 && clock() > deadline {
            Some("not solved within the time allowed".to_string())
        } else {
            None
        };
        if n % S::CHECK_EVERY == 0 {
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
        s.children(c)
    };
    let mut search = if s.misere() { Solve::Misere(Search::new(true, kids)) } else { Solve::Normal(NormalSum::new(kids)) };
    let mut wins = |c: &S::Key| search.wins(c);
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
    Ok(analysis(&replay(record, width, height)?, opts, clock, tell))
}

/// The analysis of a replayed game (see [`analyse`]).
pub(crate) fn analysis<S: Solvable>(s: &S, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Analysis {
    let deadline = clock() + opts.millis();
    let root = s.root();
    let outcome_only = opts.only.as_deref() == Some("outcome");
    let say = |found: Found, nodes: u64| match &tell {
        Some(t) => t(&ProgressReport { nodes: nodes as f64, table_bytes: 0.0, found: Some(found) }),
        None => ControlFlow::Continue(()),
    };
    with_search(s, opts.budget(), deadline, clock, &tell, |wins, state| {
        let mut a = Analysis {
            position: root.to_string(),
            misere: s.misere(),
            complete: false,
            outcome: None,
            nimber: None,
            lands: Vec::new(),
            winning_moves: Vec::new(),
            moves_complete: false,
            moves: s.move_count(),
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
            for i in 0..s.move_count() {
                let child = s.child(i);
                let child_wins = wins(child);
                let (nodes, why) = state();
                a.nodes = nodes as f64;
                if why.is_some() {
                    a.stopped = why;
                    return a;
                }
                if !child_wins {
                    let w = WinningMove { text: s.text(i), position: child.to_string() };
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
    })
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
    choice(&replay(record, width, height)?, opts, clock, tell)
}

/// The computer's move in a replayed game (see [`computer_move`]).
pub(crate) fn choice<S: Solvable>(s: &S, opts: &Options, clock: &Clock, tell: Option<Tell>) -> Result<ComputerMove, String> {
    let count = s.move_count();
    if count == 0 {
        return Err("the game is over".into());
    }
    let seed = if opts.seed.is_finite() { opts.seed.abs().min(1.8e19) as u64 } else { 0 };
    let mut rng = Rng::new(seed);
    let strength = opts.strength.as_deref().unwrap_or("perfect");
    let pick = |i: usize, method: &'static str, outcome: Option<&str>, nodes: u64| ComputerMove {
        text: s.text(i),
        method,
        outcome: outcome.map(str::to_string),
        nodes: nodes as f64,
    };
    if strength == "random" {
        return Ok(pick(rng.below(count), "random", None, 0));
    }
    if !matches!(strength, "heuristic" | "perfect") {
        return Err(format!("unknown strength {strength:?} (random, heuristic or perfect)"));
    }
    let deadline = clock() + opts.millis();
    Ok(with_search(s, opts.budget(), deadline, clock, &tell, |wins, state| {
        // Children in a random order, so that equal games differ.
        let mut order: Vec<usize> = (0..count).collect();
        rng.shuffle(&mut order);
        for &i in &order {
            let child_wins = wins(s.child(i));
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
