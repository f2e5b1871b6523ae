//! What the page's worker answers, in plain Rust: analyses and computer
//! moves for the position after a WGOSA record, within node and time
//! budgets. One solver per convention keeps its table between requests (so
//! results are cached per position), and the computer player keeps what it
//! learnt. The wasm facade only converts options and callbacks.

use crate::game::{Game, MAX_SPOTS};
use crate::limits::{table_mb, MAX_TABLE_BYTES, WASM_MEMORY};
use crate::notation::{write_move, Record};
use crate::player::{limit_solver, random_choice, Clock, Computer, Report, Request, Strength};
use crate::report::{Analysis, ComputerMove, Found, ProgressReport};
use crate::solver::{Config, Convention, Event, Progress, Solver};
use crate::Position;
use crate::puzzle::{self, Attempt, Hint};
use serde::Deserialize;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::rc::Rc;

/// Nodes of a request when the options give none.
pub const DEFAULT_BUDGET: u64 = 20_000_000;
/// Nodes between two looks at the budget and the clock: the solver expands
/// a few thousand nodes a second, and the heuristic player asks it small
/// questions, so this is often.
const PROGRESS_EVERY: u64 = 16;
/// Nodes between two counts told to the host (its callback may be costly:
/// the page posts a message each time).
const REPORT_EVERY: u64 = 64;

/// The host's progress callback (the page's worker): counts, and the parts
/// of an analysis as they are proved; `Break` stops the request.
pub type Tell = Rc<dyn Fn(&ProgressReport) -> ControlFlow<()>>;

/// Options of a request, as the worker receives them (camelCase; every
/// field optional).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Options {
    /// Node budget of this request (0 or absent: [`DEFAULT_BUDGET`]).
    pub max_nodes: f64,
    /// Transposition table cap, in MiB (used when the solver is created;
    /// default 128, at least 1, at most 2048: half of wasm32's memory).
    pub table_mb: f64,
    /// "random", "heuristic" or "perfect" (default).
    pub strength: Option<String>,
    /// Seed of the random choices.
    pub seed: f64,
    /// Time budget of this request in milliseconds (0 or absent: none).
    pub max_millis: f64,
    /// An analysis: "outcome" stops once the outcome is proved.
    pub only: Option<String>,
}

impl Options {
    pub(crate) fn budget(&self) -> u64 {
        if self.max_nodes.is_finite() && self.max_nodes >= 1.0 {
            self.max_nodes.min(1e15) as u64
        } else {
            DEFAULT_BUDGET
        }
    }

    /// The time budget in milliseconds (infinite when absent).
    pub(crate) fn millis(&self) -> f64 {
        if self.max_millis.is_finite() && self.max_millis > 0.0 {
            self.max_millis
        } else {
            f64::INFINITY
        }
    }
}

/// `report` called at most once every `every` nodes (the host's callback
/// may be costly: the page posts a message each time).
fn throttle(every: u64, report: Report) -> Report {
    let last = Cell::new(0u64);
    Rc::new(move |p: &Progress| {
        if p.nodes < last.get() + every {
            return ControlFlow::Continue(());
        }
        last.set(p.nodes);
        report(p)
    })
}

/// The solver's counts told to the host every [`REPORT_EVERY`] nodes, as
/// nodes since `start`.
fn counts(tell: Tell, start: u64) -> Report {
    throttle(REPORT_EVERY, Rc::new(move |p: &Progress| tell(&ProgressReport::new(p, start, None))))
}

/// The worker's state: solvers and the computer player.
pub struct Service {
    solvers: [Option<Solver>; 2],
    computer: Computer,
    clock: Clock,
}

/// The labelled position after a record, and its convention.
fn replay(record: &str) -> Result<(Position, bool), String> {
    let rec = Record::parse(record)
        .map_err(|e| format!("not a game record: {e}, in {}", crate::text::quote_around(record, e.offset)))?;
    if !(1..=MAX_SPOTS).contains(&rec.spots) {
        return Err(format!("a game starts with 1 to {MAX_SPOTS} spots"));
    }
    let g = Game::replay(&rec, None).map_err(|e| e.to_string())?;
    Ok((g.position().clone(), g.misere()))
}

/// The solver of the convention, made on first use.
fn solver<'a>(solvers: &'a mut [Option<Solver>; 2], misere: bool, opts: &Options) -> &'a mut Solver {
    solvers[usize::from(misere)].get_or_insert_with(|| {
        let asked = if opts.table_mb.is_finite() && opts.table_mb > 0.0 { opts.table_mb.min(1e15) as u64 } else { 128 };
        let mb = table_mb(asked, Some(WASM_MEMORY));
        let conv = if misere { Convention::Misere } else { Convention::Normal };
        let bytes = usize::try_from(mb << 20).unwrap_or(MAX_TABLE_BYTES);
        Solver::new(conv, Config { table_bytes: bytes, progress_every: PROGRESS_EVERY })
    })
}

impl Service {
    /// A service whose time budgets are read on `clock` (milliseconds).
    pub fn new(clock: Clock) -> Service {
        Service { solvers: [None, None], computer: Computer::new(), clock }
    }

    /// Solves the position after a WGOSA record (whose header says normal
    /// or misère), telling `tell` each part as soon as it is proved (the
    /// outcome first) and the counts every [`REPORT_EVERY`] nodes. When the
    /// budget runs out or `tell` says stop, the answer holds what was
    /// proved, with `complete` false and `stopped` saying why.
    pub fn analyse(&mut self, record: &str, opts: &Options, tell: Option<Tell>) -> Result<Analysis, String> {
        let (p, misere) = replay(record)?;
        self.analyse_at(&p, misere, opts, tell)
    }

    /// As [`Service::analyse`], for a position given as text (GLOP, spots
    /// dialect or Hoey list: a game that started from a position sends its
    /// labelled Hoey list, so the moves name its spots as drawn).
    pub fn analyse_position(&mut self, position: &str, misere: bool, opts: &Options, tell: Option<Tell>) -> Result<Analysis, String> {
        let p = puzzle::read_position(position)?;
        self.analyse_at(&p, misere, opts, tell)
    }

    fn analyse_at(&mut self, p: &Position, misere: bool, opts: &Options, tell: Option<Tell>) -> Result<Analysis, String> {
        let budget = opts.budget();
        let deadline = (self.clock)() + opts.millis();
        let solver = solver(&mut self.solvers, misere, opts);
        let start = solver.stats().nodes;
        // The events carry the latest counts the solver gave.
        let seen = Rc::new(Cell::new(solver.stats()));
        let report = tell.clone().map(|t| {
            let seen = seen.clone();
            let every = counts(t, start);
            Rc::new(move |p: &Progress| {
                seen.set(*p);
                every(p)
            }) as Report
        });
        limit_solver(solver, start.saturating_add(budget), deadline, &self.clock, &report);
        let outcome_only = opts.only.as_deref() == Some("outcome");
        let on = |e: &Event| {
            let told = match &tell {
                Some(t) => t(&ProgressReport::new(&seen.get(), start, Some(Found::of(p, e)))),
                None => ControlFlow::Continue(()),
            };
            match e {
                Event::Outcome(_) if outcome_only => ControlFlow::Break(()),
                _ => told,
            }
        };
        let mut a = Analysis::solve_with(solver, p, misere, on).map_err(|e| e.to_string())?;
        if !a.complete {
            a.stopped = Some(if outcome_only && a.outcome.is_some() {
                "only the outcome was asked".to_string()
            } else if a.nodes >= budget as f64 {
                format!("not solved within the budget of {budget} nodes")
            } else if (self.clock)() > deadline {
                format!("not solved within {} ms", opts.millis())
            } else {
                "stopped".to_string()
            });
        }
        Ok(a)
    }

    /// A move for the computer in the position after a WGOSA record, by
    /// the player of `opts.strength` (see [`crate::player`]).
    pub fn computer_move(&mut self, record: &str, opts: &Options, tell: Option<Tell>) -> Result<ComputerMove, String> {
        let (p, misere) = replay(record)?;
        self.computer_move_at(&p, misere, opts, tell)
    }

    /// As [`Service::computer_move`], for a position given as text (see
    /// [`Service::analyse_position`]).
    pub fn computer_move_position(&mut self, position: &str, misere: bool, opts: &Options, tell: Option<Tell>) -> Result<ComputerMove, String> {
        let p = puzzle::read_position(position)?;
        self.computer_move_at(&p, misere, opts, tell)
    }

    fn computer_move_at(&mut self, p: &Position, misere: bool, opts: &Options, tell: Option<Tell>) -> Result<ComputerMove, String> {
        let p = p.clone();
        crate::limits::check_moves(&p).map_err(|e| e.to_string())?;
        let strength = opts.strength.as_deref().unwrap_or("perfect").parse::<Strength>().map_err(|e| e.to_string())?;
        let seed = if opts.seed.is_finite() { opts.seed.abs().min(1.8e19) as u64 } else { 0 };
        let choice = if strength == Strength::Random {
            random_choice(&p, seed)
        } else {
            let solver = solver(&mut self.solvers, misere, opts);
            let start = solver.stats().nodes;
            let req = Request {
                strength,
                max_nodes: opts.budget(),
                max_millis: opts.millis(),
                seed,
                clock: self.clock.clone(),
                report: tell.map(|t| counts(t, start)),
            };
            self.computer.choose(&p, solver, &req)
        };
        let c = choice.ok_or("the game is over")?;
        Ok(ComputerMove {
            text: write_move(&p, &c.mv),
            method: c.method.name(),
            outcome: c.outcome.map(|o| o.to_string()),
            nodes: c.nodes as f64,
        })
    }

    /// The solver of the convention, limited to the request's budget.
    fn budgeted(&mut self, misere: bool, opts: &Options) -> &mut Solver {
        let deadline = (self.clock)() + opts.millis();
        let solver = solver(&mut self.solvers, misere, opts);
        let start = solver.stats().nodes;
        limit_solver(solver, start.saturating_add(opts.budget()), deadline, &self.clock, &None);
        solver
    }

    /// Checks a puzzle's move (see [`puzzle::check`]): `position` the
    /// puzzle's position (a Hoey list keeps its spot numbers), `text` the
    /// move in WGOSA notation.
    pub fn puzzle_check(&mut self, position: &str, misere: bool, text: &str, opts: &Options) -> Result<Attempt, String> {
        let p = puzzle::read_position(position)?;
        puzzle::check(self.budgeted(misere, opts), &p, text)
    }

    /// Where a winning move of a puzzle is (see [`puzzle::hint`]); an
    /// error when the position has none.
    pub fn puzzle_hint(&mut self, position: &str, misere: bool, opts: &Options) -> Result<Hint, String> {
        let p = puzzle::read_position(position)?;
        puzzle::hint(self.budgeted(misere, opts), &p)?.ok_or_else(|| "no move wins this position".to_string())
    }
}
