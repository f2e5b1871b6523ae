//! The Python facade of the engine: it only converts. Positions, records,
//! solving and drawing all live in the `sprouts` crate; this module turns
//! their values and errors into Python objects and exceptions.
//!
//! A solver runs on a thread of its own (its progress callback and tables
//! are not `Send`, so the thread owns them for their whole life); the
//! calling Python thread waits for the answer with the GIL released and
//! looks at pending signals every 50 ms, so other Python threads run during
//! a solve and Ctrl-C stops it.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprouts::game::Game;
use sprouts::limits::{check_moves, CANON_STEPS, MIN_TABLE_MB};
use sprouts::notation::{resolve, write_move, MoveText, Record as RecordText, Winner};
use sprouts::solver::{Config, Convention, Event, Outcome, SolveError, Solver as Core};
use sprouts::text::{parse_position, quote_around, HoeyDisplay};
use sprouts::{Canon, Position as Core_Position};
use sprouts::certificate::{Certificate, Fact, MAGIC, VERSION as CERT_VERSION};
use std::cell::Cell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

create_exception!(
    _sprouts,
    SproutsError,
    PyValueError,
    "Text that does not read, a move that is not legal, or a position past a limit; the message names where."
);

fn err(e: impl std::fmt::Display) -> PyErr {
    SproutsError::new_err(e.to_string())
}

fn read_position(text: &str) -> PyResult<Core_Position> {
    parse_position(text).map_err(|e| err(format_args!("position {}: {e}", quote_around(text, e.offset))))
}

/// A position of Sprouts: regions and boundaries, with spots numbered.
#[pyclass(frozen, module = "sprouts", name = "Position")]
#[derive(Clone)]
struct Position {
    inner: Core_Position,
}

#[pymethods]
impl Position {
    /// Reads a GLOP string (`0*5`, `0.1a2a.}]!`), the spots dialect or a Hoey list.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Position> {
        Ok(Position { inner: read_position(text)? })
    }

    /// The start of an n-spot game.
    #[staticmethod]
    fn start(n: usize) -> PyResult<Position> {
        Ok(Position { inner: Core_Position::start(n).map_err(err)? })
    }

    /// The canonical GLOP string: equal for positions that differ only by
    /// drawing, numbering or mirror image.
    fn canonical(&self) -> PyResult<String> {
        Ok(Canon::of_limited(&self.inner).map_err(err)?.to_string())
    }

    /// The distinct positions one move away, as canonical GLOP strings.
    fn children(&self) -> PyResult<Vec<String>> {
        check_moves(&self.inner.reduced()).map_err(err)?;
        self.inner.children_text().map_err(err)
    }

    /// One move per distinct child: `(move in WGOSA notation, child's canonical string)`.
    fn moves(&self) -> PyResult<Vec<(String, String)>> {
        check_moves(&self.inner).map_err(err)?;
        let (moves, _) = self.inner.representative_moves_within(CANON_STEPS);
        Ok(moves.iter().map(|(m, c)| (write_move(&self.inner, m), c.to_string())).collect())
    }

    /// The position after a move written in WGOSA notation (`1(6)2`, `3(7)3[1,2]`).
    fn play(&self, mv: &str) -> PyResult<Position> {
        let text = MoveText::parse(mv).map_err(|e| err(format_args!("move {}: {e}", quote_around(mv, e.offset))))?;
        let (_, child) = resolve(&self.inner, &text).map_err(|e| err(format_args!("move `{mv}`: {e}")))?;
        Ok(Position { inner: child })
    }

    /// The independent parts of the position (its lands), each a position
    /// of its own spots only (read back from its canonical string).
    fn lands(&self) -> PyResult<Vec<Position>> {
        let lands = Canon::of_limited(&self.inner).map_err(err)?.lands();
        lands.iter().map(|c| Ok(Position { inner: read_position(&c.to_string())? })).collect()
    }

    /// Dan Hoey's boundary list of the position as numbered.
    fn hoey(&self) -> String {
        HoeyDisplay(&self.inner).to_string()
    }

    /// Spots with lives left... and without: every spot of the position.
    #[getter]
    fn spots(&self) -> usize {
        self.inner.spot_count()
    }

    /// Lives left in all: each move takes one, so at most this many moves remain.
    #[getter]
    fn lives(&self) -> u32 {
        self.inner.total_lives()
    }

    /// No move is left.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    fn __str__(&self) -> PyResult<String> {
        self.canonical()
    }

    fn __repr__(&self) -> String {
        match Canon::of_limited(&self.inner) {
            Ok(c) => format!("Position.parse({:?})", c.to_string()),
            Err(_) => format!("<Position of {} spots>", self.inner.spot_count()),
        }
    }

    /// Positions are equal when their canonical forms are.
    fn __eq__(&self, other: &Position) -> PyResult<bool> {
        Ok(self.canonical()? == other.canonical()?)
    }

    fn __hash__(&self) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.canonical()?.hash(&mut h);
        Ok(h.finish())
    }
}

/// A game record in WGOSA notation: `5+ (A* - B) 1(6)2 ... II`.
#[pyclass(frozen, module = "sprouts", name = "Record")]
struct Record {
    inner: RecordText,
}

#[pymethods]
impl Record {
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Record> {
        let inner = RecordText::parse(text).map_err(|e| err(format_args!("record {}: {e}", quote_around(text, e.offset))))?;
        Ok(Record { inner })
    }

    #[getter]
    fn spots(&self) -> usize {
        self.inner.spots
    }

    #[getter]
    fn misere(&self) -> bool {
        self.inner.misere
    }

    /// `(first player, second player)` as written, or None.
    #[getter]
    fn players(&self) -> Option<(String, String)> {
        self.inner.players.as_ref().map(|p| (p.first.clone(), p.second.clone()))
    }

    /// `1` or `2` as the record says who won, or None.
    #[getter]
    fn result(&self) -> Option<u8> {
        self.inner.result.map(|w| match w {
            Winner::First => 1,
            Winner::Second => 2,
        })
    }

    /// The moves as text.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves.iter().map(|m| m.to_string()).collect()
    }

    /// The position after each move, in order; an illegal move raises
    /// SproutsError naming its number.
    fn replay(&self) -> PyResult<Vec<Position>> {
        let steps = self.inner.replay().map_err(err)?;
        Ok(steps.into_iter().map(|(_, inner)| Position { inner }).collect())
    }

    /// The position after the whole record (the start if it has no move).
    fn position(&self) -> PyResult<Position> {
        match self.replay()?.pop() {
            Some(p) => Ok(p),
            None => Ok(Position { inner: Core_Position::start(self.inner.spots).map_err(err)? }),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Record of {} spots, {} moves>", self.inner.spots, self.inner.moves.len())
    }
}

/// What a solve proved.
#[pyclass(frozen, get_all, module = "sprouts", name = "Solution")]
struct Solution {
    /// "win" or "loss" for the player to move, or None if stopped first.
    outcome: Option<String>,
    /// Normal play, once known (None in misère play).
    nimber: Option<u32>,
    /// `(move, child)` pairs after which the opponent loses (all of them once `moves_complete`).
    winning_moves: Vec<(String, String)>,
    /// Every move was examined.
    moves_complete: bool,
    /// Everything asked was proved (False when a limit stopped the solve).
    complete: bool,
    /// Positions expanded by this solve.
    nodes: u64,
    /// Peak bytes of the solver's tables.
    peak_table_bytes: usize,
    seconds: f64,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        // Python's spelling: 'win', None, True.
        let outcome = self.outcome.as_deref().map_or("None".to_string(), |o| format!("'{o}'"));
        let nimber = self.nimber.map_or("None".to_string(), |g| g.to_string());
        let complete = if self.complete { "True" } else { "False" };
        format!(
            "Solution(outcome={outcome}, nimber={nimber}, winning_moves={}, complete={complete}, nodes={})",
            self.winning_moves.len(),
            self.nodes
        )
    }
}

/// What `only` keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    All,
    Outcome,
    Moves,
}

/// What a solver's thread is asked: a solve, or its proved facts.
enum Task {
    Solve(Job),
    /// Facts proved since the last `NewFacts` (and not imported).
    NewFacts(mpsc::Sender<Vec<String>>),
    /// Facts proved elsewhere, as certificate lines; the reply is how many
    /// were new here, or why they do not read.
    AddFacts(Vec<String>, mpsc::Sender<Result<usize, String>>),
}

/// One question for a solver's thread.
struct Job {
    position: Core_Position,
    only: Only,
    max_nodes: Option<u64>,
    max_seconds: Option<f64>,
    reply: mpsc::Sender<Result<Solution, String>>,
}

/// A job's limits, seen by the progress callback on the solver's thread.
#[derive(Clone, Copy)]
struct Limits {
    deadline: Option<Instant>,
    last_node: Option<u64>,
}

/// The solver's thread: answers jobs until its handle is dropped.
fn serve(convention: Convention, config: Config, jobs: mpsc::Receiver<Task>, stop: Arc<AtomicBool>) {
    let mut s = Core::new(convention, config);
    // The facts already handed out or taken in, so that each goes out once.
    let mut shared: HashSet<Fact> = HashSet::new();
    let limits = Rc::new(Cell::new(Limits { deadline: None, last_node: None }));
    let seen = limits.clone();
    let halt = stop.clone();
    s.on_progress(move |p| {
        let l = seen.get();
        let late = l.deadline.is_some_and(|d| Instant::now() >= d);
        if halt.load(Ordering::SeqCst) || late || l.last_node.is_some_and(|n| p.nodes >= n) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    for task in jobs {
        let job = match task {
            Task::Solve(job) => job,
            Task::NewFacts(reply) => {
                let new: Vec<String> =
                    s.take_new_facts().into_iter().filter(|f| shared.insert(f.clone())).map(|f| f.to_string()).collect();
                let _ = reply.send(new);
                continue;
            }
            Task::AddFacts(lines, reply) => {
                let _ = reply.send(add_facts(&mut s, convention, &mut shared, &lines));
                continue;
            }
        };
        let start = Instant::now();
        let before = s.stats().nodes;
        limits.set(Limits {
            deadline: job.max_seconds.map(|t| start + Duration::from_secs_f64(t)),
            last_node: job.max_nodes.map(|n| before.saturating_add(n)),
        });
        let answer = solve_one(&mut s, &job, before, start);
        stop.store(false, Ordering::SeqCst);
        // The caller may have gone (Ctrl-C): nothing to tell then.
        let _ = job.reply.send(answer);
    }
}

/// Reads certificate lines and gives the new ones to the solver.
fn add_facts(s: &mut Core, convention: Convention, shared: &mut HashSet<Fact>, lines: &[String]) -> Result<usize, String> {
    if convention == Convention::Misere {
        // Misère facts name trees by the numbers one solver gave them.
        return Err("facts are shared in normal play only (misère facts number their trees per solver)".into());
    }
    let mut text = format!("{MAGIC} {CERT_VERSION} normal\n");
    for l in lines {
        if l.contains('\n') {
            return Err(format!("one fact a line: {l:?}"));
        }
        text.push_str(l);
        text.push('\n');
    }
    let cert = Certificate::parse(&text).map_err(|e| format!("fact {}: {}", e.line - 1, e.message))?;
    let new: Vec<Fact> = cert.facts.into_iter().map(|(_, f)| f).filter(|f| shared.insert(f.clone())).collect();
    s.add_facts(&new).map_err(|e| e.to_string())?;
    Ok(new.len())
}

fn solve_one(s: &mut Core, job: &Job, before: u64, start: Instant) -> Result<Solution, String> {
    let p = &job.position;
    let only = job.only;
    let a = s
        .analyse_with(p, |e| match e {
            Event::Outcome(_) if only == Only::Outcome => ControlFlow::Break(()),
            Event::MovesChecked { checked, total } if only == Only::Moves && checked == total => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .map_err(|e: SolveError| e.to_string())?;
    let st = a.stats;
    let done = match only {
        Only::All => a.complete,
        Only::Outcome => a.outcome.is_some(),
        Only::Moves => a.moves_complete,
    };
    Ok(Solution {
        outcome: a.outcome.map(|o| if o == Outcome::Win { "win" } else { "loss" }.to_string()),
        nimber: a.nimber,
        winning_moves: a.winning_moves.iter().map(|(m, c)| (write_move(p, m), c.to_string())).collect(),
        moves_complete: a.moves_complete,
        complete: done,
        nodes: st.nodes - before,
        peak_table_bytes: st.peak_table_bytes,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A solver of one convention whose tables persist between questions, so
/// that asking about related positions gets cheaper.
#[pyclass(module = "sprouts", name = "Solver")]
struct Solver {
    jobs: mpsc::Sender<Task>,
    stop: Arc<AtomicBool>,
    misere: bool,
}

fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

fn to_position(obj: &Bound<'_, PyAny>) -> PyResult<Core_Position> {
    if let Ok(p) = obj.cast::<Position>() {
        return Ok(p.get().inner.clone());
    }
    if let Ok(text) = obj.extract::<String>() {
        return read_position(&text);
    }
    Err(pyo3::exceptions::PyTypeError::new_err("expected a Position or a position's text"))
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (misere = false, table_mb = 128))]
    fn new(misere: bool, table_mb: u64) -> PyResult<Solver> {
        if table_mb < MIN_TABLE_MB {
            return Err(err(format_args!("table_mb: at least {MIN_TABLE_MB}")));
        }
        let config = Config { table_bytes: (table_mb.min(1 << 20) as usize) << 20, progress_every: 256 };
        let (jobs, rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let halt = stop.clone();
        let conv = convention(misere);
        std::thread::Builder::new()
            .name("sprouts-solver".into())
            // The search recurses about two levels per life (MAX_LIVES 300).
            .stack_size(64 << 20)
            .spawn(move || serve(conv, config, rx, halt))
            .map_err(err)?;
        Ok(Solver { jobs, stop, misere })
    }

    #[getter]
    fn misere(&self) -> bool {
        self.misere
    }

    /// The facts about lands this solver proved since the last call and
    /// did not get from `add_facts`, as certificate lines (`N 2 LAND`: the
    /// land's nimber; `W 3 LAND`: land + *3 is a win). The first call
    /// starts keeping facts: call it once before solving. Normal play
    /// only (empty in misère).
    fn new_facts(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        if self.misere {
            return Ok(Vec::new());
        }
        let (reply, answer) = mpsc::channel();
        self.jobs.send(Task::NewFacts(reply)).map_err(|_| err("the solver's thread has ended"))?;
        py.detach(move || answer.recv()).map_err(|_| err("the solver's thread has ended"))
    }

    /// Takes facts proved by another solver (lines from its `new_facts`,
    /// or of a certificate) as known; how many were new. They are trusted.
    fn add_facts(&self, py: Python<'_>, lines: Vec<String>) -> PyResult<usize> {
        let (reply, answer) = mpsc::channel();
        self.jobs.send(Task::AddFacts(lines, reply)).map_err(|_| err("the solver's thread has ended"))?;
        py.detach(move || answer.recv()).map_err(|_| err("the solver's thread has ended"))?.map_err(err)
    }

    /// Outcome, winning moves and nimber of a position (a Position or its
    /// text). `only="outcome"` stops once the outcome is known, `"moves"`
    /// once the winning moves are; `max_seconds` and `max_nodes` stop it
    /// early (the answer then says `complete=False`). The GIL is released
    /// while it runs; Ctrl-C stops it with KeyboardInterrupt.
    #[pyo3(signature = (position, only = None, max_seconds = None, max_nodes = None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        only: Option<&str>,
        max_seconds: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Solution> {
        let position = to_position(position)?;
        let only = match only {
            None => Only::All,
            Some("outcome") => Only::Outcome,
            Some("moves") => Only::Moves,
            Some(other) => return Err(err(format_args!("only: {other:?} is not \"outcome\" or \"moves\""))),
        };
        if let Some(t) = max_seconds {
            if !(t.is_finite() && t >= 0.0) {
                return Err(err("max_seconds: a number of seconds, at least 0"));
            }
        }
        let (reply, answer) = mpsc::channel();
        self.jobs
            .send(Task::Solve(Job { position, only, max_nodes, max_seconds, reply }))
            .map_err(|_| err("the solver's thread has ended"))?;
        // The receiver is moved into each wait and back (it is not Sync).
        let mut answer = answer;
        loop {
            let (got, back) = py.detach(move || (answer.recv_timeout(Duration::from_millis(50)), answer));
            answer = back;
            match got {
                Ok(result) => return result.map_err(err),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.stop.store(true, Ordering::SeqCst);
                        // Wait for the stop so the next question starts clean.
                        let _ = py.detach(move || answer.recv());
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(err("the solver's thread has ended")),
            }
        }
    }
}

/// Solves one position with a fresh solver (see `Solver.solve`).
#[pyfunction]
#[pyo3(signature = (position, misere = false, only = None, max_seconds = None, max_nodes = None, table_mb = 128))]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    misere: bool,
    only: Option<&str>,
    max_seconds: Option<f64>,
    max_nodes: Option<u64>,
    table_mb: u64,
) -> PyResult<Solution> {
    Solver::new(misere, table_mb)?.solve(py, position, only, max_seconds, max_nodes)
}

/// An SVG picture of a position (laid out by the engine) or of a record's
/// game (drawn move by move). Text that reads as a record is one;
/// otherwise it is read as a position.
#[pyfunction]
#[pyo3(signature = (position_or_record, legend = false, labels = true, tidy = true))]
fn draw_svg(position_or_record: &Bound<'_, PyAny>, legend: bool, labels: bool, tidy: bool) -> PyResult<String> {
    const WIDTH: f64 = 640.0;
    const HEIGHT: f64 = 480.0;
    let mut game = if let Ok(p) = position_or_record.cast::<Position>() {
        let text = Canon::of_limited(&p.get().inner).map_err(err)?.to_string();
        Game::from_text(&text, false, WIDTH, HEIGHT).map_err(err)?
    } else if let Ok(r) = position_or_record.cast::<Record>() {
        Game::replay(&r.get().inner, Some((WIDTH, HEIGHT))).map_err(err)?
    } else {
        let text: String = position_or_record.extract()?;
        match RecordText::parse(&text) {
            Ok(rec) => Game::replay(&rec, Some((WIDTH, HEIGHT))).map_err(err)?,
            Err(as_record) => Game::from_text(&text, false, WIDTH, HEIGHT).map_err(|as_position| {
                err(format_args!(
                    "neither a record ({as_record}) nor a position ({as_position}): {}",
                    quote_around(&text, as_record.offset)
                ))
            })?,
        }
    };
    if tidy {
        while game.tidy(&Default::default(), 64).map_err(err)? {}
    }
    let opts = sprouts::board::SvgOptions { legend, labels };
    game.svg(&opts).map_err(err)
}

/// The engine's version (the crate's).
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[pymodule]
fn _sprouts(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SproutsError", m.py().get_type::<SproutsError>())?;
    m.add("__version__", VERSION)?;
    m.add_class::<Position>()?;
    m.add_class::<Record>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Solver>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(draw_svg, m)?)?;
    Ok(())
}
