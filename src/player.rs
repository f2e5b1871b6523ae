//! Computer players: how the computer chooses its move.
//!
//! Three strengths:
//! - **random**: any distinct move, uniformly.
//! - **heuristic**: survivor counting and a shallow search. Every move
//!   removes one life, so a position with `L` lives that ends with `s`
//!   survivors lasts exactly `L - s` more moves, and the parity of that
//!   number decides the game (the last mover wins normal play and loses
//!   misère). [`Lengths`] bounds the moves left from the reduced position:
//!   land by land, exactly for small lands (searched once and remembered),
//!   else by counting certain survivors (one per land, one per region with
//!   two lives of its own) and the most survivors there can be (one per
//!   live spot, the pharisee argument). When the bounds meet, the outcome is
//!   known. The player then asks the exact solver, with small budgets that
//!   grow while its time lasts, about the position and each of its moves
//!   (it takes proven wins and avoids proven losses), and searches two or
//!   more plies (alpha-beta, within a budget of expansions), scoring
//!   positions whose length is known as won or lost, small ones by the
//!   solver, and the others by how likely the mover is to win given the
//!   bounds ([`chance`]).
//! - **perfect**: the exact solver within the request's budget (nodes and
//!   time), falling back to the heuristic with what is left when the
//!   solver runs out, so it never stalls.
//!
//! Pure Rust: the host (the wasm facade, the CLI, tests) supplies the clock
//! and the progress callback, so the same code runs natively and in the
//! browser's worker.

use crate::limits::CANON_STEPS;
use crate::solver::{Convention, Outcome, Progress, SolveError, Solver};
use crate::topology::{Canon, Move, Position, Spot};
use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::str::FromStr;

// ---------------------------------------------------------------------------
// Survivor counting

/// Bounds on the number of moves left: `lo <= moves <= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub const ZERO: Span = Span { lo: 0, hi: 0 };

    /// The number of moves left, when the bounds meet.
    pub fn exact(&self) -> Option<u32> {
        (self.lo == self.hi).then_some(self.lo)
    }

    /// Two independent games (lands) played to the end.
    pub fn plus(self, o: Span) -> Span {
        Span {
            lo: self.lo + o.lo,
            hi: self.hi + o.hi,
        }
    }

    /// A choice between two continuations.
    pub fn either(self, o: Span) -> Span {
        Span {
            lo: self.lo.min(o.lo),
            hi: self.hi.max(o.hi),
        }
    }

    /// One move, then this.
    pub fn after_move(self) -> Span {
        Span {
            lo: self.lo + 1,
            hi: self.hi + 1,
        }
    }
}

/// What survivor counting needs to know about one land (one land of a
/// reduced position).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LandCount {
    pub lives: u32,
    /// Live spots.
    pub spots: u32,
    /// Regions with at least 2 lives on spots that have no corner in any
    /// other region.
    pub closed: u32,
}

impl LandCount {
    /// Counts a reduced position (all its lands together, which is right
    /// for `lives` and `spots`, and for `closed` per region).
    pub fn of(p: &Position) -> LandCount {
        let n = p.spot_count();
        // Region of each spot's first corner, and whether it has corners in
        // two regions.
        let mut home = vec![usize::MAX; n + 1];
        let mut shared = vec![false; n + 1];
        for (ri, r) in p.regions().iter().enumerate() {
            for &s in r.iter().flatten() {
                let i = s as usize;
                if home[i] == usize::MAX {
                    home[i] = ri;
                } else if home[i] != ri {
                    shared[i] = true;
                }
            }
        }
        let mut own = vec![0u32; p.regions().len()];
        let mut c = LandCount::default();
        for s in 1..=n {
            let l = p.lives(s as Spot) as u32;
            if l == 0 || home[s] == usize::MAX {
                continue;
            }
            c.lives += l;
            c.spots += 1;
            if !shared[s] {
                own[home[s]] += l;
            }
        }
        c.closed = own.iter().filter(|&&l| l >= 2).count() as u32;
        c
    }

    /// Bounds on the moves left in the land, from the counts alone.
    ///
    /// A land with `L` lives that ends with `s` survivors lasts `L - s`
    /// more moves (each move removes one life; at the end every live spot
    /// has one life).
    /// - Fewest survivors: one, since the spot made by the land's last move
    ///   survives; and one for each region with 2 lives of its own: only
    ///   moves inside it can use them, so a move is made there, and the spot
    ///   made by the last move inside it survives (nothing outside can
    ///   reach it).
    /// - Most survivors: one per live spot. The pharisee argument: at the
    ///   end, every survivor has two dead neighbours (along its two lines,
    ///   or its loop's spot and that spot's third neighbour) that belong to
    ///   no other survivor (else the two survivors could be joined). Lines
    ///   drawn from now on join a spot to a new spot, so a survivor that is
    ///   new or now has 3 lives has both neighbours among the live and new
    ///   spots, one that now has 2 lives at least one, and only a loop at a
    ///   2-life spot (at most one per such spot, which then dies) gives a
    ///   new survivor a neighbour that is dead already. Counting the live
    ///   and new spots (`spots + moves`) against survivors and their
    ///   neighbours gives `survivors <= spots`.
    pub fn span(&self) -> Span {
        if self.lives < 2 {
            return Span::ZERO;
        }
        Span {
            lo: self.lives.saturating_sub(self.spots).max(1),
            hi: self.lives - self.closed.max(1).min(self.lives),
        }
    }
}

/// Lands with at most this many lives are searched exactly (and the
/// result remembered): the 3-spot start has 9.
pub const EXACT_LIVES: u32 = 9;

/// Spans of positions, land by land: exact for small lands (searched once,
/// remembered), [`LandCount::span`] for the others.
pub struct Lengths {
    memo: HashMap<Canon, Span>,
    exact_lives: u32,
}

impl Default for Lengths {
    fn default() -> Lengths {
        Lengths {
            memo: HashMap::new(),
            exact_lives: EXACT_LIVES,
        }
    }
}

/// Most lands remembered; past it the memory starts again.
const MEMO_CAP: usize = 200_000;

impl Lengths {
    pub fn new() -> Lengths {
        Lengths::default()
    }

    /// Searches lands with up to `lives` lives exactly (the default is
    /// [`EXACT_LIVES`]).
    pub fn with_exact_lives(lives: u32) -> Lengths {
        Lengths {
            memo: HashMap::new(),
            exact_lives: lives,
        }
    }

    /// Lands remembered.
    pub fn remembered(&self) -> usize {
        self.memo.len()
    }

    /// Bounds on the moves left in `c`, spending at most `work` expansions
    /// (children lists) on exact searches of small lands.
    pub fn span(&mut self, c: &Canon, work: &mut u64) -> Span {
        let mut total = Span::ZERO;
        for land in c.lands() {
            total = total.plus(self.land_span(&land, work));
        }
        total
    }

    fn land_span(&mut self, land: &Canon, work: &mut u64) -> Span {
        if let Some(&s) = self.memo.get(land) {
            return s;
        }
        let count = LandCount::of(&land.position());
        let b = count.span();
        if b.exact().is_none() && count.lives <= self.exact_lives {
            if let Some(s) = self.exact(land, work) {
                return s;
            }
        }
        b
    }

    /// The exact span of a land, or `None` when `work` runs out.
    fn exact(&mut self, land: &Canon, work: &mut u64) -> Option<Span> {
        if let Some(&s) = self.memo.get(land) {
            return Some(s);
        }
        if *work == 0 {
            return None;
        }
        *work -= 1;
        let mut best: Option<Span> = None;
        for child in land.position().children() {
            let mut s = Span::ZERO;
            for l in child.lands() {
                s = s.plus(self.exact(&l, work)?);
            }
            best = Some(best.map_or(s, |b| b.either(s)));
        }
        let s = best.map_or(Span::ZERO, Span::after_move);
        if self.memo.len() >= MEMO_CAP {
            self.memo.clear();
        }
        self.memo.insert(land.clone(), s);
        Some(s)
    }
}

/// Whether the player to move wins when exactly `moves` moves are left.
pub fn mover_wins(convention: Convention, moves: u32) -> bool {
    // The mover makes moves 1, 3, 5, ...: the last one when `moves` is odd.
    (moves % 2 == 1) == (convention == Convention::Normal)
}

/// How likely the player to move is to win, judged from the span alone:
/// 0 or 1 when the length is known, else strictly between.
///
/// Calibrated on 6,000 positions of random 5- to 9-spot games solved
/// exactly (both conventions; the mover won about 70 % of those whose
/// length was not known). When the span is 1 wide, the mover won about 90 %
/// of them if the longer game suits the mover and 60 % if the shorter one
/// does: the player who wants the extra move (a pharisee rather than a
/// survivor) usually gets it. At width 2 or 3 the middle length is the
/// likelier one; wider spans say little.
pub fn chance(convention: Convention, span: Span) -> f64 {
    if let Some(m) = span.exact() {
        return if mover_wins(convention, m) { 1.0 } else { 0.0 };
    }
    let width = span.hi - span.lo;
    let middle = span.lo + width.div_ceil(2);
    let (suits, other) = match width {
        1 => (0.9, 0.6),
        2 => (0.74, 0.68),
        3 => (0.8, 0.6),
        _ => (0.7, 0.7),
    };
    if mover_wins(convention, middle) {
        suits
    } else {
        other
    }
}

// ---------------------------------------------------------------------------
// Players

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    Random,
    Heuristic,
    Perfect,
}

impl Strength {
    pub fn name(self) -> &'static str {
        match self {
            Strength::Random => "random",
            Strength::Heuristic => "heuristic",
            Strength::Perfect => "perfect",
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strength {
    type Err = String;
    fn from_str(s: &str) -> Result<Strength, String> {
        match s {
            "random" => Ok(Strength::Random),
            "heuristic" => Ok(Strength::Heuristic),
            "perfect" => Ok(Strength::Perfect),
            other => Err(format!("unknown strength `{other}` (random, heuristic or perfect)")),
        }
    }
}

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// At random (the random player).
    Random,
    /// Proven to win.
    Winning,
    /// Every move is proven to lose against perfect play.
    ProvenLoss,
    /// Not proven either way: the heuristic's best guess.
    Guess,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Random => "random",
            Method::Winning => "winning",
            Method::ProvenLoss => "proven-loss",
            Method::Guess => "guess",
        }
    }
}

/// The computer's move.
#[derive(Clone, Debug)]
pub struct Choice {
    /// A move of the position asked about (labelled as it was).
    pub mv: Move,
    /// The position after it.
    pub child: Canon,
    pub method: Method,
    /// The outcome for the mover, when proven.
    pub outcome: Option<Outcome>,
    /// Work done: solver nodes and the heuristic's expansions.
    pub nodes: u64,
}

/// Milliseconds on some clock (only differences matter).
pub type Clock = Rc<dyn Fn() -> f64>;
/// Called with the solver's counters now and then; `Break` stops the
/// request (the player then answers with what it has).
pub type Report = Rc<dyn Fn(&Progress) -> ControlFlow<()>>;

/// What the host gives a request: budgets, randomness, a clock, progress.
#[derive(Clone)]
pub struct Request {
    pub strength: Strength,
    /// Solver nodes for the whole request (the perfect player's budget).
    pub max_nodes: u64,
    /// Milliseconds for the whole request (`INFINITY`: no limit).
    pub max_millis: f64,
    pub seed: u64,
    pub clock: Clock,
    pub report: Option<Report>,
}

impl Request {
    /// A request without a clock (no time limit) or progress reports.
    pub fn new(strength: Strength, seed: u64) -> Request {
        Request {
            strength,
            max_nodes: 20_000_000,
            max_millis: f64::INFINITY,
            seed,
            clock: Rc::new(|| 0.0),
            report: None,
        }
    }
}

/// The heuristic's budgets for one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Children lists the search may generate.
    pub expansions: u64,
    /// Solver nodes for the whole move, and per question.
    pub solver_nodes: u64,
    pub solver_nodes_each: u64,
    /// Positions with at most this many lives are put to the solver.
    pub solve_lives: u32,
    /// Expansions for exact spans of small lands.
    pub span_work: u64,
    /// Milliseconds (on the request's clock) for the move.
    pub millis: f64,
}

impl Default for Effort {
    /// About 90 ms of thinking a move at most on the request's clock (a
    /// 12-spot game on one native core reaches the cap in its middle game,
    /// and the last question asked may overrun it by a few ms). Without a
    /// clock the node budgets alone bound it: up to a second or so.
    fn default() -> Effort {
        Effort {
            expansions: 40,
            solver_nodes: 8000,
            solver_nodes_each: 200,
            solve_lives: 30,
            span_work: 200,
            millis: 90.0,
        }
    }
}

/// A small deterministic generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        if n == 0 {
            0
        } else {
            ((r >> 32) % n as u64) as usize
        }
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            items.swap(k, self.below(k + 1));
        }
    }
}

/// Limits a solver to node `stop_at` and clock time `deadline`, passing
/// progress on to `report` (which may stop it too).
pub fn limit_solver(solver: &mut Solver, stop_at: u64, deadline: f64, clock: &Clock, report: &Option<Report>) {
    let clock = clock.clone();
    let report = report.clone();
    solver.on_progress(move |p| {
        if p.nodes >= stop_at || clock() > deadline {
            return ControlFlow::Break(());
        }
        match &report {
            Some(r) => r(p),
            None => ControlFlow::Continue(()),
        }
    });
}

/// A computer player: keeps what it learnt (spans of small lands) from one
/// move to the next. The solver is the caller's, so that its table serves
/// analysis too; its convention is the game's.
#[derive(Default)]
pub struct Computer {
    lengths: Lengths,
    effort: Effort,
}

/// One request in progress.
struct Turn<'a> {
    solver: &'a mut Solver,
    lengths: &'a mut Lengths,
    convention: Convention,
    clock: Clock,
    report: Option<Report>,
    /// Solver node count at which the request stops.
    hard_stop: u64,
    /// Clock time at which the request stops.
    deadline: f64,
    start_nodes: u64,
    expansions: u64,
    /// Set when the host's progress callback asked to stop.
    stopped: bool,
}

impl Turn<'_> {
    fn now(&self) -> f64 {
        (self.clock)()
    }

    fn out_of_time(&self) -> bool {
        self.stopped || self.now() > self.deadline || self.solver.stats().nodes >= self.hard_stop
    }

    /// Asks the solver whether the player to move in `c` wins, within
    /// `nodes` more nodes and `deadline` (and the request's limits).
    fn solve(&mut self, c: &Position, nodes: u64, deadline: f64) -> Option<Outcome> {
        if self.out_of_time() || self.now() > deadline {
            return None;
        }
        let now = self.solver.stats().nodes;
        let stop = now.saturating_add(nodes).min(self.hard_stop);
        limit_solver(
            self.solver,
            stop,
            deadline.min(self.deadline),
            &self.clock,
            &self.report,
        );
        match self.solver.outcome(c) {
            Ok(o) => Some(o),
            Err(SolveError::Stopped) => {
                // Stopped by the host rather than by our limits?
                let after = self.solver.stats().nodes;
                if after < stop && self.now() <= deadline.min(self.deadline) {
                    self.stopped = true;
                }
                None
            }
            Err(_) => None,
        }
    }

    fn spent(&self) -> u64 {
        self.solver.stats().nodes - self.start_nodes + self.expansions
    }
}

impl Computer {
    pub fn new() -> Computer {
        Computer::default()
    }

    /// A computer with other budgets for the heuristic.
    pub fn with_effort(effort: Effort) -> Computer {
        Computer {
            lengths: Lengths::new(),
            effort,
        }
    }

    pub fn effort(&self) -> Effort {
        self.effort
    }

    /// Survivor counting's bounds on the moves left in `c`.
    pub fn span(&mut self, c: &Canon) -> Span {
        let mut work = self.effort.span_work;
        self.lengths.span(c, &mut work)
    }

    /// The computer's move in `p` (a labelled position), or `None` when the
    /// game is over. The solver's convention is the game's.
    pub fn choose(&mut self, p: &Position, solver: &mut Solver, req: &Request) -> Option<Choice> {
        let moves = p.representative_moves_within(CANON_STEPS).0;
        if moves.is_empty() {
            return None;
        }
        if req.strength == Strength::Random {
            return random_choice(p, req.seed);
        }
        let mut rng = Rng::new(req.seed);
        let start_nodes = solver.stats().nodes;
        let now = (req.clock)();
        let deadline = if req.max_millis.is_finite() && req.max_millis > 0.0 {
            now + req.max_millis
        } else {
            f64::INFINITY
        };
        let convention = solver.convention();
        let mut turn = Turn {
            solver,
            lengths: &mut self.lengths,
            convention,
            clock: req.clock.clone(),
            report: req.report.clone(),
            hard_stop: start_nodes.saturating_add(req.max_nodes.max(1)),
            deadline,
            start_nodes,
            expansions: 0,
            stopped: false,
        };
        let mut order: Vec<usize> = (0..moves.len()).collect();
        rng.shuffle(&mut order);
        if req.strength == Strength::Perfect {
            if let Some(i) = perfect(&mut turn, &moves, &mut order, &mut rng) {
                return Some(i);
            }
        }
        let effort = self.effort;
        let (i, method, outcome) = heuristic(&mut turn, p, &moves, &order, &effort, &mut rng);
        let (mv, child) = moves[i].clone();
        Some(Choice {
            mv,
            child,
            method,
            outcome,
            nodes: turn.spent(),
        })
    }
}

/// The random player's move (it needs no solver), `None` when the game is
/// over.
pub fn random_choice(p: &Position, seed: u64) -> Option<Choice> {
    let moves = p.representative_moves_within(CANON_STEPS).0;
    if moves.is_empty() {
        return None;
    }
    let (mv, child) = moves[Rng::new(seed).below(moves.len())].clone();
    Some(Choice {
        mv,
        child,
        method: Method::Random,
        outcome: None,
        nodes: 0,
    })
}

/// The perfect player: the first move found to leave the opponent lost
/// wins; three quarters of the request's budget (nodes and time) go to
/// looking for it, the rest stays for the heuristic. `None` when the solver
/// ran out before an answer.
fn perfect(turn: &mut Turn, moves: &[(Move, Canon)], order: &mut [usize], rng: &mut Rng) -> Option<Choice> {
    // Children that survivor counting likes best first: a win is often
    // among them.
    let mut work = 100;
    let conv = turn.convention;
    let mut scored: Vec<(f64, usize)> = order
        .iter()
        .map(|&i| (chance(conv, turn.lengths.span(&moves[i].1, &mut work)), i))
        .collect();
    crate::sort::sort_by(&mut scored, |a, b| a.0.total_cmp(&b.0));
    for (k, &(_, i)) in scored.iter().enumerate() {
        order[k] = i;
    }
    let total = turn.hard_stop - turn.start_nodes;
    let stop = turn.start_nodes + (total - total / 4);
    let deadline = if turn.deadline.is_finite() {
        turn.now() + (turn.deadline - turn.now()) * 0.75
    } else {
        f64::INFINITY
    };
    for &i in order.iter() {
        let c = moves[i].1.position();
        let nodes = stop.saturating_sub(turn.solver.stats().nodes);
        if nodes == 0 {
            return None;
        }
        match turn.solve(&c, nodes, deadline)? {
            Outcome::Loss => {
                return Some(Choice {
                    mv: moves[i].0.clone(),
                    child: moves[i].1.clone(),
                    method: Method::Winning,
                    outcome: Some(Outcome::Win),
                    nodes: turn.spent(),
                });
            }
            Outcome::Win => {}
        }
    }
    // Every move loses: make the opponent work, leaving the most choices.
    let mut best: Vec<usize> = Vec::new();
    let mut most = 0;
    for (i, (_, c)) in moves.iter().enumerate() {
        // A child too wide to list has at least that many choices.
        let p = c.position();
        let k = match crate::limits::check_moves(&p) {
            Ok(()) => p.children().len() as u64,
            Err(e) => e.value,
        };
        if k > most {
            most = k;
            best.clear();
        }
        if k == most {
            best.push(i);
        }
    }
    let i = best.get(rng.below(best.len())).copied().unwrap_or(0);
    Some(Choice {
        mv: moves[i].0.clone(),
        child: moves[i].1.clone(),
        method: Method::ProvenLoss,
        outcome: Some(Outcome::Loss),
        nodes: turn.spent(),
    })
}

/// What the search knows of a position, for the player to move in it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Value(f64);

impl Value {
    const WIN: Value = Value(1.0);
    const LOSS: Value = Value(0.0);
    fn proven(self) -> bool {
        self.0 == 0.0 || self.0 == 1.0
    }
    /// The same position seen by the other player.
    fn flip(self) -> Value {
        Value(1.0 - self.0)
    }
}

/// The heuristic's search state for one move.
struct Search<'t, 'a> {
    turn: &'t mut Turn<'a>,
    effort: Effort,
    /// Children lists generated during this move.
    children: HashMap<Canon, Vec<Canon>>,
    /// Static values (for the mover) of positions seen.
    statics: HashMap<Canon, Value>,
    /// Solver answers (for the mover) during this move, or the largest
    /// budget that gave none.
    solved: HashMap<Canon, Result<Value, u64>>,
    span_work: u64,
    solver_stop: u64,
    deadline: f64,
    /// The budget ran out during the last iteration.
    exhausted: bool,
}

impl Search<'_, '_> {
    fn out(&mut self) -> bool {
        if self.turn.expansions >= self.effort.expansions || self.turn.now() > self.deadline || self.turn.stopped {
            self.exhausted = true;
            return true;
        }
        false
    }

    /// The value of `c` for its mover from survivor counting (and the
    /// solver, for small positions).
    fn statically(&mut self, c: &Canon) -> Value {
        if let Some(&v) = self.statics.get(c) {
            return v;
        }
        let span = self.turn.lengths.span(c, &mut self.span_work);
        let v = Value(chance(self.turn.convention, span));
        self.statics.insert(c.clone(), v);
        v
    }

    /// The solver's answer about `c`, within the move's solver budget.
    fn solved(&mut self, c: &Canon) -> Option<Value> {
        self.solved_within(c, self.effort.solver_nodes_each, self.deadline)
    }

    /// The solver's answer about `c` within `nodes` nodes (and what is
    /// left of the move's solver budget) and `deadline`.
    fn solved_within(&mut self, c: &Canon, nodes: u64, deadline: f64) -> Option<Value> {
        match self.solved.get(c) {
            Some(Ok(v)) => return Some(*v),
            Some(Err(tried)) if *tried >= nodes => return None,
            _ => {}
        }
        let p = c.position();
        if p.total_lives() > self.effort.solve_lives {
            return None;
        }
        let now = self.turn.solver.stats().nodes;
        if now >= self.solver_stop {
            return None;
        }
        let nodes = nodes.min(self.solver_stop - now);
        let v = self
            .turn
            .solve(&p, nodes, deadline)
            .map(|o| if o == Outcome::Win { Value::WIN } else { Value::LOSS });
        self.solved.insert(c.clone(), v.ok_or(nodes));
        v
    }

    fn children(&mut self, c: &Canon) -> Option<Vec<Canon>> {
        if let Some(k) = self.children.get(c) {
            return Some(k.clone());
        }
        if self.out() {
            return None;
        }
        self.turn.expansions += 1;
        let p = c.position();
        crate::limits::check_moves(&p).ok()?;
        let k = p.children();
        self.children.insert(c.clone(), k.clone());
        Some(k)
    }

    /// Alpha-beta (negamax) value of `c` for its mover, `depth` plies deep.
    fn value(&mut self, c: &Canon, depth: u32, mut alpha: f64, beta: f64) -> Value {
        let v = self.statically(c);
        if v.proven() {
            return v;
        }
        if let Some(v) = self.solved(c) {
            return v;
        }
        if depth == 0 {
            return v;
        }
        let Some(kids) = self.children(c) else { return v };
        if kids.is_empty() {
            // Over: the mover has lost normal play, won misère.
            return if self.turn.convention == Convention::Normal {
                Value::LOSS
            } else {
                Value::WIN
            };
        }
        // Replies the static values like best (for us, worst for the
        // opponent) first.
        let mut order: Vec<(f64, Canon)> = kids.into_iter().map(|k| (self.statically(&k).0, k)).collect();
        crate::sort::sort_by(&mut order, |a, b| a.0.total_cmp(&b.0));
        let mut best = Value(-1.0);
        for (_, k) in order {
            let w = self.value(&k, depth - 1, 1.0 - beta, 1.0 - alpha).flip();
            if w.0 > best.0 {
                best = w;
            }
            if best.0 > alpha {
                alpha = best.0;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The heuristic player: returns the index of the move, how it was chosen
/// and the outcome when proven.
fn heuristic(
    turn: &mut Turn,
    root: &Position,
    moves: &[(Move, Canon)],
    order: &[usize],
    effort: &Effort,
    rng: &mut Rng,
) -> (usize, Method, Option<Outcome>) {
    let deadline = turn.deadline.min(turn.now() + effort.millis);
    let solver_stop = turn
        .solver
        .stats()
        .nodes
        .saturating_add(effort.solver_nodes)
        .min(turn.hard_stop);
    let expansions_budget = turn.expansions + effort.expansions;
    let mut search = Search {
        turn,
        effort: Effort {
            expansions: expansions_budget,
            ..*effort
        },
        children: HashMap::new(),
        statics: HashMap::new(),
        solved: HashMap::new(),
        span_work: effort.span_work,
        solver_stop,
        deadline,
        exhausted: false,
    };
    // Values of the children for us (the player to move now): survivor
    // counting first, then the solver on the small ones, the most
    // promising first.
    let mut values: Vec<Value> = vec![Value(0.5); moves.len()];
    for &i in order {
        values[i] = search.statically(&moves[i].1).flip();
        if values[i] == Value::WIN {
            return (i, Method::Winning, Some(Outcome::Win));
        }
    }
    // The solver on every child with a small budget, then on those left
    // with four times as much, ..., within most of the move's time.
    let mut by_value: Vec<usize> = order.to_vec();
    crate::sort::sort_by(&mut by_value, |&a, &b| values[b].0.total_cmp(&values[a].0));
    let solver_deadline = search.deadline.min(search.turn.now() + effort.millis * 0.85);
    // First the question about the position itself: proof-number search
    // spends the budget where a proof is nearest, across all the moves. A
    // win then shows as a child that the solver's table already knows lost.
    if root.total_lives() <= effort.solve_lives {
        let nodes = search.solver_stop.saturating_sub(search.turn.solver.stats().nodes);
        match search.turn.solve(root, nodes, solver_deadline) {
            Some(Outcome::Win) => {
                for &i in &by_value {
                    if search.solved_within(&moves[i].1, 16, search.deadline) == Some(Value::LOSS) {
                        return (i, Method::Winning, Some(Outcome::Win));
                    }
                }
            }
            Some(Outcome::Loss) => values.iter_mut().for_each(|v| *v = Value::LOSS),
            None => {}
        }
    }
    let mut each = (effort.solver_nodes_each / 16).max(16);
    loop {
        for &i in &by_value {
            if values[i].proven() {
                continue;
            }
            if let Some(v) = search.solved_within(&moves[i].1, each, solver_deadline) {
                values[i] = v.flip();
                if values[i] == Value::WIN {
                    return (i, Method::Winning, Some(Outcome::Win));
                }
            }
        }
        each *= 4;
        let left = search.turn.solver.stats().nodes < search.solver_stop && search.turn.now() <= solver_deadline;
        if each > effort.solver_nodes_each * 16 || !left || search.turn.stopped {
            break;
        }
    }
    // Deeper and deeper while the budget lasts; each finished iteration
    // replaces the values.
    for depth in 1..=8 {
        search.exhausted = false;
        let mut next = values.clone();
        // Best first, so that proven wins come early.
        let mut by_value: Vec<usize> = order.to_vec();
        crate::sort::sort_by(&mut by_value, |&a, &b| values[b].0.total_cmp(&values[a].0));
        for &i in &by_value {
            if values[i].proven() {
                continue;
            }
            next[i] = search.value(&moves[i].1, depth, 0.0, 1.0).flip();
            if next[i] == Value::WIN {
                return (i, Method::Winning, Some(Outcome::Win));
            }
        }
        let complete = !search.exhausted;
        if complete {
            values = next;
        } else {
            // Keep what was proven in the unfinished iteration.
            for i in 0..values.len() {
                if next[i].proven() {
                    values[i] = next[i];
                }
            }
        }
        if !complete {
            break;
        }
    }
    let best = values.iter().map(|v| v.0).fold(f64::MIN, f64::max);
    let pool: Vec<usize> = order.iter().copied().filter(|&i| values[i].0 == best).collect();
    let i = pool[rng.below(pool.len())];
    if values[i] == Value::LOSS {
        (i, Method::ProvenLoss, Some(Outcome::Loss))
    } else if values[i] == Value::WIN {
        (i, Method::Winning, Some(Outcome::Win))
    } else {
        (i, Method::Guess, None)
    }
}
