//! The solver: who wins a position, with which moves, and (in normal play)
//! its nimber.
//!
//! Normal play uses Sprague–Grundy theory the way Lemoine and Viennot's GLOP
//! does ("Nimbers are inevitable", arXiv 1011.5841): a position is a sum of
//! independent lands, so its nimber is the XOR of theirs, and the basic
//! question asked of a land L is "is L + *k a win?" — which a single good
//! move answers, where the nimber of L needs every child. See `normal.rs`.
//!
//! Misère play has no such theory for sums: the misère value of a land is
//! a whole game tree, not a number. Small lands are replaced by their
//! reduced misère canonical trees (`trees.rs`), and sums of trees and
//! large lands are searched (`rct.rs`). The plain search of whole
//! positions (`misere.rs`) is kept as the slow reference
//! ([`Solver::whole_position_misere`]).
//!
//! Both decide wins and losses by depth-first proof-number search (`pns.rs`),
//! share a transposition table keyed by canonical forms with a memory cap
//! (`table.rs`) and a cache of children lists (`cache.rs`), and call a
//! progress callback that may stop the search. The core has no threads,
//! clocks or I/O: the caller supplies time through the callback.
//!
//! Nearly all the time goes into generating children (playing every move
//! and canonicalising the result), so "nodes" (positions expanded) is the
//! measure of work.

mod cache;
mod misere;
mod normal;
mod pns;
mod proofs;
mod rct;
mod table;
mod trees;

use crate::limits::{check, check_moves, LimitError, MAX_EXPANSION_BYTES};
pub(crate) use crate::topology::lives;
use crate::topology::{Canon, Move, Position};
use cache::ChildCache;
use std::fmt;
use std::ops::ControlFlow;
use table::Table;
use trees::Trees;
use proofs::Proofs;
pub use proofs::LoadError;

/// Maps and sets keyed by short strings of bytes or tree ids, hashed fast
/// (fixed seed: the solver's order never depends on a hash anyway).
/// Natively only: in wasm a second hasher type is a second copy of every
/// table's code (about 3 kB gzipped of the page's download, docs/release.md).
#[cfg(not(target_arch = "wasm32"))]
type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
#[cfg(not(target_arch = "wasm32"))]
type FastSet<K> = std::collections::HashSet<K, foldhash::fast::FixedState>;
#[cfg(target_arch = "wasm32")]
type FastMap<K, V> = std::collections::HashMap<K, V>;
#[cfg(target_arch = "wasm32")]
type FastSet<K> = std::collections::HashSet<K>;

/// Who wins when the last move wins (normal play) or loses (misère).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    Normal,
    Misere,
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::Normal => "normal",
            Convention::Misere => "misère",
        })
    }
}

/// The outcome for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
}

impl Outcome {
    fn from_win(win: bool) -> Outcome {
        if win {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        })
    }
}

/// Settings of a [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Memory cap in bytes of the transposition table and of the cache of
    /// children lists (a sixteenth). Below 32 KiB the table is disabled
    /// (correct, much slower). At most [`MAX_TABLE_BYTES`] is used (see
    /// [`Solver::table_cap`]); the children lists of the positions being
    /// searched take at most [`MAX_EXPANSION_BYTES`] more.
    pub table_bytes: usize,
    /// Nodes between two calls of the progress callback.
    pub progress_every: u64,
}

impl Default for Config {
    /// 128 MiB of table (fits a browser tab), progress every 4096 nodes.
    fn default() -> Config {
        Config {
            table_bytes: 128 << 20,
            progress_every: 4096,
        }
    }
}

/// Counters, as of now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions expanded (children generated) since the solver was made.
    pub nodes: u64,
    pub table_entries: usize,
    pub table_bytes: usize,
    pub peak_table_bytes: usize,
    /// How many times the full table forgot its cheapest half (or, in
    /// misère play, the memos of trees were emptied).
    pub evictions: u64,
    /// Misère play: reduced canonical trees in the arena.
    pub trees: usize,
}

/// Why the solver gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The progress callback asked to stop. The solver stays usable and
    /// keeps what it learnt.
    Stopped,
    /// More lives than the search may recurse through (its depth is the
    /// number of lives; no one can solve such positions anyway).
    TooLarge { lives: u32, max: u32 },
    /// A position met in the search is too wide: more moves than
    /// [`crate::limits::MAX_MOVES`], or children that need more than
    /// [`MAX_EXPANSION_BYTES`]. The solver stays usable.
    Limit(LimitError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Stopped => write!(f, "stopped before an answer"),
            SolveError::TooLarge { lives, max } => {
                write!(
                    f,
                    "the position has {lives} lives; the solver takes at most {max}"
                )
            }
            SolveError::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Most lives of a position the solver accepts: the search goes at most
/// about two levels deep per life (moves, and heap moves or the smaller
/// lands' nimbers), some 400 bytes of stack each, so 600 levels stay well
/// inside a 1 MiB wasm stack.
pub const MAX_LIVES: u32 = 300;

pub use crate::limits::MAX_TABLE_BYTES;

/// Children generated between two calls of the progress callback within
/// one expansion, so that time limits hold in positions with many moves.
const POLL_EVERY: u64 = 256;

/// What [`MAX_EXPANSION_BYTES`] counts.
const EXPANSION: &str = "bytes of children lists being searched";

/// A full answer about a position.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub outcome: Outcome,
    /// Normal play only.
    pub nimber: Option<u32>,
    /// Moves of the given (labelled) position after which the opponent,
    /// to move, loses; one per distinct resulting position, with it. None
    /// when the game is over (in misère play the player to move has won).
    pub winning_moves: Vec<(Move, Canon)>,
    pub stats: Stats,
}

/// What [`Solver::analyse_with`] tells as soon as it is proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The outcome for the player to move (always the first event).
    Outcome(Outcome),
    /// A move after which the opponent loses, and the position it leaves.
    WinningMove { mv: Move, child: Canon },
    /// `checked` of the `total` distinct moves examined (wins only).
    MovesChecked { checked: usize, total: usize },
    /// The nimber (normal play only; the last event).
    Nimber(u32),
}

/// What [`Solver::analyse_with`] proved before it finished or was stopped.
#[derive(Clone, Debug, Default)]
pub struct PartialAnalysis {
    /// `None` if stopped before it was known.
    pub outcome: Option<Outcome>,
    /// The winning moves proved so far (all of them once
    /// `moves_complete`), in the order of [`Position::representative_moves`].
    pub winning_moves: Vec<(Move, Canon)>,
    /// Every move was examined.
    pub moves_complete: bool,
    /// Normal play, once known.
    pub nimber: Option<u32>,
    /// Nothing is missing.
    pub complete: bool,
    pub stats: Stats,
}

/// A summary of the reduced misère canonical tree of a position (see
/// [`Solver::misere_form`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MisereForm {
    /// n when the position is misère-equal to the nim heap `*n`.
    pub heap: Option<u32>,
    /// Options of the reduced tree (distinct, none reversible).
    pub options: usize,
    /// Longest play in the reduced tree.
    pub birthday: u32,
}

/// What the progress callback is told.
pub type Progress = Stats;

type Callback = Box<dyn FnMut(&Progress) -> ControlFlow<()>>;

/// The game a solver plays: plain Sprouts on the plane, or on compact
/// surfaces (`src/surfaces`, whose forms carry each region's genus). Only
/// the children of a land differ; lands, nimbers, misère trees, the table
/// and the search are the same theory on every surface (a line never
/// leaves its region, so lands are independent games).
///
/// The surfaces' two operations are function pointers, set only by
/// [`Solver::on_surfaces`], rather than calls in a `match`: a program that
/// never builds a surface solver (the plane's wasm module, src/wasm/)
/// then links none of `src/surfaces` (about 12 kB of its download).
#[derive(Clone, Copy)]
pub(crate) enum Game {
    Plane,
    Surface(SurfaceOps),
}

/// What differs on compact surfaces (see [`Game`]).
#[derive(Clone, Copy)]
pub(crate) struct SurfaceOps {
    /// A plane form as a surface form: every region of genus 0.
    from_plane: fn(&Canon) -> Canon,
    /// Calls `f` on each child of a land until it breaks.
    children: fn(&Canon, &mut dyn FnMut(Canon) -> ControlFlow<()>),
}

impl SurfaceOps {
    const OPS: SurfaceOps = SurfaceOps {
        from_plane: |c| crate::surfaces::canon_of(&crate::surfaces::SurfacePosition::from_plane(&c.position())),
        children: |land, f| {
            // Children once broken are not named: naming is the cost.
            let mut stop = false;
            crate::surfaces::position_of(land).for_each_child(&mut |c| {
                if !stop {
                    stop = f(crate::surfaces::canon_of(&c)).is_break();
                }
            });
        },
    };
}

/// A solver for one convention. Its table persists between questions, so
/// asking about related positions gets cheaper.
pub struct Solver {
    convention: Convention,
    game: Game,
    table: Table,
    cache: ChildCache,
    nodes: u64,
    progress_every: u64,
    next_report: u64,
    progress: Option<Callback>,
    /// Misère play: the trees of small lands (empty in normal play).
    trees: Trees,
    /// Lands of at most this many lives become trees.
    tree_lives: u32,
    /// Whether `tree_lives` is settled: by [`Solver::set_tree_lives`] or by
    /// the first misère position solved ([`tree_lives_for`], brought within
    /// `tree_lives_allowed`). One solver never mixes two limits: its
    /// certificate would not verify.
    tree_lives_fixed: bool,
    /// The limits a loaded database allows (`Solver::add_facts`): at least
    /// the lives of its largest land written as a tree, fewer than those of
    /// its smallest land past [`TREE_LIVES_BEFORE`] lives written as a land
    /// in a lost sum.
    tree_lives_allowed: (u32, u32),
    /// Misère play by the whole-position search instead of trees.
    whole_positions: bool,
    /// The memory cap after clamping ([`Solver::table_cap`]).
    cap: usize,
    /// Children generated, for [`POLL_EVERY`].
    generated: u64,
    /// Estimated bytes of the children lists held by the expansions in
    /// progress, against [`MAX_EXPANSION_BYTES`].
    held: usize,
    /// Every fact proved, when a proof database is kept (normal play).
    proofs: Option<Proofs>,
    /// Called at each progress report (see [`Solver::on_checkpoint`]).
    checkpoint: Option<Box<dyn FnMut(&Solver)>>,
}

/// Lands of at most this many lives are reduced to trees when the first
/// position solved has at least [`TREE_LIVES_FROM`] lives (and fewer than
/// [`TREE_LIVES_LARGE_FROM`]). 10 rather than 9 since session 32: a quarter
/// fewer nodes at misère 15 and a fifth at 14; 8 and 11 took more at 14
/// (docs/benchmarks.md, "Misère speed, session 32").
pub const TREE_LIVES: u32 = 10;
/// The limit for smaller positions (and before session 32): 10-life trees
/// made misère 9 to 12 slower (12: 205,422 nodes against 163,542). A
/// database whose lost sums hold lands of 10 lives is continued with it
/// (`Solver::add_facts`).
pub(super) const TREE_LIVES_BEFORE: u32 = 9;
/// Positions of at least this many lives (the 13-spot start) get
/// [`TREE_LIVES`]; smaller ones [`TREE_LIVES_BEFORE`].
pub const TREE_LIVES_FROM: u32 = 39;
/// The limit for the largest positions, from [`TREE_LIVES_LARGE_FROM`]
/// lives (docs/benchmarks.md, "Misère speed, session 33: 11-life trees at
/// 15 to 17").
pub const TREE_LIVES_LARGE: u32 = 11;
/// Positions of at least this many lives (the 15-spot start) get
/// [`TREE_LIVES_LARGE`]: 11 took 0.59 the nodes of 10 at 15 spots, 0.70 at
/// 16, but more at 14 (218,546 against 184,660).
pub const TREE_LIVES_LARGE_FROM: u32 = 45;

/// The tree limit a solver settles on for its first misère position (when
/// no database's facts bound it: `Solver::add_facts`).
pub fn tree_lives_for(position_lives: u32) -> u32 {
    match position_lives {
        l if l >= TREE_LIVES_LARGE_FROM => TREE_LIVES_LARGE,
        l if l >= TREE_LIVES_FROM => TREE_LIVES,
        _ => TREE_LIVES_BEFORE,
    }
}

impl Solver {
    pub fn new(convention: Convention, config: Config) -> Solver {
        let every = config.progress_every.max(1);
        let config = Config { table_bytes: config.table_bytes.min(MAX_TABLE_BYTES), ..config };
        // A sixteenth of the memory for recent children lists, when that is
        // enough to be useful; a quarter in misère play, whose search comes
        // back to the same large lands across many sums (its table rarely
        // fills, and a list is a whole expansion's canonical forms).
        let share = if convention == Convention::Misere { 4 } else { 16 };
        let cache = ChildCache::new(config.table_bytes / share);
        // Misère play: a quarter for the trees and their memos.
        // (None below 64 KiB: see `Trees::new`.)
        let trees = match convention {
            Convention::Misere if config.table_bytes / 4 >= 64 << 10 => config.table_bytes / 4,
            _ => 0,
        };
        Solver {
            convention,
            game: Game::Plane,
            table: Table::new(config.table_bytes - cache.cap() - trees),
            cache,
            nodes: 0,
            progress_every: every,
            next_report: every,
            progress: None,
            trees: Trees::new(trees),
            tree_lives: TREE_LIVES,
            tree_lives_fixed: false,
            tree_lives_allowed: (0, MAX_LIVES),
            whole_positions: false,
            cap: config.table_bytes,
            generated: 0,
            held: 0,
            proofs: None,
            checkpoint: None,
        }
    }

    /// A solver of Sprouts on compact surfaces: its positions are the
    /// forms of [`crate::surfaces::canon_of`], asked through
    /// [`Solver::wins_form`] and [`Solver::nimber_of_form`]. Its facts
    /// ([`Solver::keep_proofs`], [`Solver::facts`]) are about surfaces'
    /// forms, which a certificate writes with the header `surface=`.
    pub fn on_surfaces(convention: Convention, config: Config) -> Solver {
        Solver { game: Game::Surface(SurfaceOps::OPS), ..Solver::new(convention, config) }
    }

    /// Whether the player to move wins the position of form `c`, a form of
    /// the solver's game (for [`Solver::on_surfaces`], of
    /// [`crate::surfaces::canon_of`]; for the plane, of [`Canon::quick`]).
    pub fn wins_form(&mut self, c: &Canon) -> Result<bool, SolveError> {
        check_lives(c)?;
        self.canon_wins(c)
    }

    /// The nimber of the position of form `c` (as [`Solver::wins_form`];
    /// `None` in misère play).
    pub fn nimber_of_form(&mut self, c: &Canon) -> Result<Option<u32>, SolveError> {
        check_lives(c)?;
        match self.convention {
            Convention::Normal => self.sum_nimber(c.lands()).map(Some),
            Convention::Misere => Ok(None),
        }
    }

    /// The memory cap in use: [`Config::table_bytes`], clamped to
    /// [`MAX_TABLE_BYTES`].
    pub fn table_cap(&self) -> usize {
        self.cap
    }

    /// A misère solver that searches whole positions, all lands together,
    /// without trees: much slower, kept as the reference the tree search
    /// is tested against.
    pub fn whole_position_misere(config: Config) -> Solver {
        Solver {
            whole_positions: true,
            ..Solver::new(Convention::Misere, config)
        }
    }

    /// Misère play: reduce lands of at most `lives` lives to trees (0: no
    /// trees, lands are searched move by move), instead of the limit chosen
    /// by the first position's size ([`tree_lives_for`]).
    pub fn set_tree_lives(&mut self, lives: u32) {
        self.tree_lives = lives;
        self.tree_lives_fixed = true;
    }

    /// The tree limit in use, once settled (see [`Solver::set_tree_lives`]).
    pub fn tree_lives(&self) -> Option<u32> {
        self.tree_lives_fixed.then_some(self.tree_lives)
    }

    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Calls `f` every `progress_every` nodes, and every 256 children
    /// generated within one expansion (so that time limits hold in
    /// positions with many moves); `ControlFlow::Break` stops the search
    /// with [`SolveError::Stopped`].
    pub fn on_progress(&mut self, f: impl FnMut(&Progress) -> ControlFlow<()> + 'static) {
        self.progress = Some(Box::new(f));
    }

    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            table_entries: self.table.entries(),
            table_bytes: self.table.bytes() + self.cache.bytes() + self.trees.bytes(),
            peak_table_bytes: self.table.peak_bytes()
                + self.cache.peak_bytes()
                + self.trees.peak_bytes(),
            evictions: self.table.evictions() + self.trees.clears(),
            trees: self.trees.len(),
        }
    }

    /// The outcome for the player to move.
    pub fn outcome(&mut self, p: &Position) -> Result<Outcome, SolveError> {
        let c = self.checked_canon(p)?;
        self.canon_wins(&c).map(Outcome::from_win)
    }

    /// The nimber (normal play; `None` in misère, where sums have none).
    pub fn nimber(&mut self, p: &Position) -> Result<Option<u32>, SolveError> {
        let c = self.checked_canon(p)?;
        match self.convention {
            Convention::Normal => self.sum_nimber(c.lands()).map(Some),
            Convention::Misere => Ok(None),
        }
    }

    /// The reduced misère canonical tree of the whole position (every land
    /// reduced, then their sum), whatever its size; `None` if the memory
    /// cap does not leave room for it, or in normal play.
    pub fn misere_form(&mut self, p: &Position) -> Result<Option<MisereForm>, SolveError> {
        let c = self.checked_canon(p)?;
        if self.convention == Convention::Normal {
            return Ok(None);
        }
        let limit = std::mem::replace(&mut self.tree_lives, MAX_LIVES);
        let id = self.position_tree(&c);
        self.tree_lives = limit;
        Ok(id?.map(|id| MisereForm {
            heap: self.trees.heap(id),
            options: self.trees.options(id).len(),
            birthday: self.trees.birthday(id),
        }))
    }

    /// Outcome, nimber and winning moves of a labelled position; stopped
    /// by the progress callback, [`SolveError::Stopped`] (see
    /// [`Solver::analyse_with`] to keep what was proved).
    pub fn analyse(&mut self, p: &Position) -> Result<Analysis, SolveError> {
        let a = self.analyse_with(p, |_| ControlFlow::Continue(()))?;
        match (a.complete, a.outcome) {
            (true, Some(outcome)) => Ok(Analysis {
                outcome,
                nimber: a.nimber,
                winning_moves: a.winning_moves,
                stats: a.stats,
            }),
            _ => Err(SolveError::Stopped),
        }
    }

    /// The analysis of a labelled position, told to `on` as it is proved:
    /// the outcome first (as fast as [`Solver::outcome`]), then each
    /// winning move as soon as it is shown to win (with progress through
    /// the moves), then the nimber (normal play). `on` may stop the
    /// analysis by returning `ControlFlow::Break` (say, once it has the
    /// outcome); so may the progress callback. Either way the answer holds
    /// what was proved, with `complete` false. Errors only for a position
    /// too large.
    pub fn analyse_with(
        &mut self,
        p: &Position,
        mut on: impl FnMut(&Event) -> ControlFlow<()>,
    ) -> Result<PartialAnalysis, SolveError> {
        let c = self.checked_canon(p)?;
        // The winning moves are listed from the labelled position.
        check_moves(p).map_err(SolveError::Limit)?;
        let mut a = PartialAnalysis::default();
        let r = self.prove_each(p, &c, &mut a, &mut on);
        a.stats = self.stats();
        match r {
            Ok(()) => a.complete = true,
            Err(SolveError::Stopped) => {}
            Err(e) => return Err(e),
        }
        Ok(a)
    }

    /// The steps of [`Solver::analyse_with`], recording into `a`; a stop
    /// by `on` comes out as [`SolveError::Stopped`].
    fn prove_each(
        &mut self,
        p: &Position,
        c: &Canon,
        a: &mut PartialAnalysis,
        on: &mut impl FnMut(&Event) -> ControlFlow<()>,
    ) -> Result<(), SolveError> {
        let mut tell = |e: Event| match on(&e) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(SolveError::Stopped),
        };
        let win = self.canon_wins(c)?;
        a.outcome = Some(Outcome::from_win(win));
        tell(Event::Outcome(Outcome::from_win(win)))?;
        // Exact naming of the children can be exponential (see
        // `Canon::of_within`); past the budget they are named as search keys.
        let moves = if win { p.representative_moves_within(crate::limits::CANON_STEPS).0 } else { Vec::new() };
        let total = moves.len();
        for (checked, (mv, child)) in moves.into_iter().enumerate() {
            if !self.canon_wins(&self.in_game(child.clone()))? {
                // Kept before it is told: a stop by `on` keeps it.
                a.winning_moves.push((mv.clone(), child.clone()));
                tell(Event::WinningMove { mv, child })?;
            }
            tell(Event::MovesChecked { checked: checked + 1, total })?;
        }
        a.moves_complete = true;
        if self.convention == Convention::Normal {
            let g = if win { self.sum_nimber(c.lands())? } else { 0 };
            a.nimber = Some(g);
            tell(Event::Nimber(g))?;
        }
        Ok(())
    }

    /// Whether the player to move wins the position `c`.
    fn canon_wins(&mut self, c: &Canon) -> Result<bool, SolveError> {
        match self.convention {
            Convention::Normal => self.sum_wins(c.lands(), 0),
            Convention::Misere if self.whole_positions => self.misere_wins(c),
            Convention::Misere => {
                if !self.tree_lives_fixed {
                    // Within a database's limits; if they disagree (facts
                    // of two limits mixed), its lost sums win, as in 9.
                    let (least, most) = self.tree_lives_allowed;
                    self.tree_lives = tree_lives_for(lives(c.tokens())).max(least).min(most);
                    self.tree_lives_fixed = true;
                }
                self.rct_wins(c)
            }
        }
    }

    /// Counts a node and calls the progress callback when it is due.
    fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if self.nodes >= self.next_report {
            self.next_report = self.nodes + self.progress_every;
            self.report()?;
        }
        Ok(())
    }

    /// Calls the progress callback now.
    fn report(&mut self) -> Result<(), SolveError> {
        if let Some(mut f) = self.checkpoint.take() {
            f(self);
            self.checkpoint = Some(f);
        }
        let stats = self.stats();
        match self.progress.as_mut().map(|f| f(&stats)) {
            Some(ControlFlow::Break(())) => Err(SolveError::Stopped),
            _ => Ok(()),
        }
    }

    /// The key of a plane position (a labelled one, as the methods taking
    /// a [`Position`] are given).
    fn checked_canon(&self, p: &Position) -> Result<Canon, SolveError> {
        // The search's own key: exact naming can be exponential (see
        // `Canon::of_within`), and the table is keyed by `quick` anyway.
        let c = self.in_game(Canon::quick(p));
        check_lives(&c)?;
        Ok(c)
    }

    /// A plane form as the solver's game names it: on surfaces, the
    /// same position with every region of genus 0.
    fn in_game(&self, c: Canon) -> Canon {
        match self.game {
            Game::Plane => c,
            Game::Surface(ops) => (ops.from_plane)(&c),
        }
    }

    /// Calls `f` on each child of `land` in `game` (duplicates possible)
    /// until it breaks. A plane land's moves must be within
    /// [`crate::limits::MAX_MOVES`]; a surface's positions are small
    /// (the command line takes at most 40 live spots).
    /// With `fold` (the misère searches), moves alike by a turn or a
    /// reflection of one boundary are tried once
    /// ([`Position::for_each_quick_child_folded`]).
    fn land_children(game: Game, land: &Canon, fold: bool, f: &mut dyn FnMut(Canon) -> ControlFlow<()>) -> Result<(), SolveError> {
        match game {
            Game::Plane => {
                let p = land.position();
                check_moves(&p).map_err(SolveError::Limit)?;
                if fold {
                    p.for_each_quick_child_folded(f);
                } else {
                    p.for_each_quick_child(f);
                }
            }
            Game::Surface(ops) => (ops.children)(land, f),
        }
        Ok(())
    }

    /// Called for each child generated, with the estimated bytes of the
    /// list being built for it: the progress callback every
    /// [`POLL_EVERY`] children (time limits hold inside one expansion),
    /// and the memory of the lists in progress against
    /// [`MAX_EXPANSION_BYTES`].
    fn generated(&mut self, building: usize) -> Result<(), SolveError> {
        self.generated += 1;
        let bytes = self.held.saturating_add(building);
        check(EXPANSION, bytes as u64, MAX_EXPANSION_BYTES as u64).map_err(SolveError::Limit)?;
        if self.generated % POLL_EVERY == 0 {
            self.report()?;
        }
        Ok(())
    }

    /// Calls `visit` on each child of `land` until it returns true, and
    /// says whether it did. The children come from the cache, or are
    /// generated one at a time (a search that stops at a good child saves
    /// canonicalising the rest) and cached once all are seen.
    fn each_child(
        &mut self,
        land: &Canon,
        visit: &mut dyn FnMut(&mut Solver, &Canon) -> Result<bool, SolveError>,
    ) -> Result<bool, SolveError> {
        let k = key(land.tokens());
        if let Some(kids) = self.cache.get(k.as_deref()) {
            for c in kids.iter() {
                if visit(self, c)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        let mut kids: Vec<Canon> = Vec::with_capacity(32);
        // A third of the children generated repeat one generated before
        // (moves alike by a symmetry of the land that the move generator
        // does not see): a repeat is not visited again (each visit splits
        // the child into lands and looks them and the child up, and gives
        // what the first visit gave). Found by a hash of its tokens per
        // child, compared exactly.
        let mut hashes: Vec<u64> = Vec::with_capacity(32);
        let mut bytes = 0;
        let mut result = Ok(false);
        let game = self.game;
        let fold = self.convention == Convention::Misere;
        Solver::land_children(game, land, fold, &mut |c| {
            let h = token_hash(c.tokens());
            let seen = hashes.iter().zip(&kids).any(|(&g, k)| g == h && *k == c);
            if seen {
                // Still counted: time limits hold within an expansion.
                result = self.generated(0).map(|()| false);
                return if result.is_ok() { ControlFlow::Continue(()) } else { ControlFlow::Break(()) };
            }
            hashes.push(h);
            // Held while the children are visited (searched below).
            let b = child_bytes(&c);
            bytes += b;
            self.held += b;
            result = self.generated(0).and_then(|()| visit(self, &c));
            kids.push(c);
            if matches!(result, Ok(false)) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })?;
        self.held -= bytes;
        if matches!(result, Ok(false)) {
            crate::sort::sort_short(&mut kids);
            kids.dedup();
            self.cache.put(k.as_deref(), kids);
        }
        result
    }

    /// log2 of the nodes spent since `start`: how much a result cost.
    fn work_since(&self, start: u64) -> u8 {
        (64 - (self.nodes - start).leading_zeros()) as u8
    }
}

/// A hash of a token string, to find repeated children fast (FNV-1a
/// style, one token a step; exact comparison decides).
pub(super) fn token_hash(t: &[u16]) -> u64 {
    t.iter().fold(0xcbf2_9ce4_8422_2325, |h, &x| (h ^ x as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Estimated bytes of a child kept in a list (its tokens, the list's
/// share, a copy in the option): what [`MAX_EXPANSION_BYTES`] counts.
fn child_bytes(c: &Canon) -> usize {
    96 + 4 * c.tokens().len()
}


fn check_lives(c: &Canon) -> Result<(), SolveError> {
    let lives = lives(c.tokens());
    if lives > MAX_LIVES {
        return Err(SolveError::TooLarge {
            lives,
            max: MAX_LIVES,
        });
    }
    Ok(())
}

/// Keys up to this length live on the stack (nearly all of them).
const INLINE_KEY: usize = 62;

/// A table key: one byte per token. Keys are made for every child looked
/// up, so allocating them cost more than the lookups.
pub(crate) enum Key {
    Inline { len: u8, bytes: [u8; INLINE_KEY] },
    Heap(Vec<u8>),
}

impl std::ops::Deref for Key {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Key::Inline { len, bytes } => &bytes[..*len as usize],
            Key::Heap(v) => v,
        }
    }
}

impl Key {
    /// This key followed by the byte `k`: the key of an open entry.
    fn with(&self, k: u8) -> Key {
        match self {
            Key::Inline { len, bytes } if (*len as usize) < INLINE_KEY => {
                let mut bytes = *bytes;
                bytes[*len as usize] = k;
                Key::Inline { len: len + 1, bytes }
            }
            _ => {
                let mut v = self.to_vec();
                v.push(k);
                Key::Heap(v)
            }
        }
    }
}

/// The table key of a token string, `None` when a letter is beyond what a
/// byte can name (such positions are not cached).
fn key(tokens: &[u16]) -> Option<Key> {
    let byte = key_byte;
    if tokens.len() > INLINE_KEY {
        return tokens.iter().map(|&t| byte(t)).collect::<Option<Vec<u8>>>().map(Key::Heap);
    }
    let mut bytes = [0; INLINE_KEY];
    for (b, &t) in bytes.iter_mut().zip(tokens) {
        *b = byte(t)?;
    }
    Some(Key::Inline { len: tokens.len() as u8, bytes })
}

/// A token's byte in a key; `None` past the letters a byte can name.
fn key_byte(t: u16) -> Option<u8> {
    use crate::topology::{T_GENUS, T_LOWER, T_UPPER};
    match t {
        // A genus (surfaces' forms, which have no lowercase letters):
        // g + 192, among the plane's lowercase bytes, which never meet it.
        t if (T_GENUS..T_LOWER).contains(&t) => {
            u8::try_from(t as i32 - T_GENUS as i32 - 128 + 192).ok().filter(|b| (128..=255).contains(b))
        }
        t if t >= T_LOWER => u8::try_from(t - T_LOWER).ok().filter(|&j| j < 128).map(|j| 128 + j),
        t if t >= T_UPPER => u8::try_from(t - T_UPPER).ok().filter(|&i| i < 120).map(|i| 8 + i),
        t => u8::try_from(t).ok(),
    }
}

/// The published outcomes of the n-spot starts (shared/docs/sprouts.md):
/// normal play computed for n <= 44 and 46, 47, 53; misère for n <= 20.
pub fn published_outcome(convention: Convention, n: usize) -> Option<Outcome> {
    match convention {
        Convention::Normal if n >= 1 && (n <= 44 || [46, 47, 53].contains(&n)) => {
            Some(Outcome::from_win(matches!(n % 6, 3..=5)))
        }
        Convention::Misere if (1..=20).contains(&n) => Some(Outcome::from_win(
            n == 1 || (n != 4 && matches!(n % 6, 0 | 4 | 5)),
        )),
        _ => None,
    }
}
