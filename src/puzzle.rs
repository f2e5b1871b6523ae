//! Puzzles: a position where the player to move must find a winning move.
//!
//! Three parts, all on the exact solver:
//! - [`check`]: is a move (WGOSA text) a winning one? Winning means the
//!   position it leaves is a loss for the opponent, so every spelling of
//!   every move to a winning child counts. A wrong move comes back with
//!   its reason: the opponent's winning reply.
//! - [`hint`]: the land to play in, then the spots, of a winning move.
//! - [`generate`]: positions of real records and random games where few
//!   distinct moves win, rated by [`difficulty`]; the file format
//!   ([`PuzzleFile`]) is documented in docs/puzzles.md.
//!
//! The caller supplies the solver (with its budget), so the page's worker
//! and the command line share this code.

use crate::notation::{move_text, resolve, write_move, MoveText, Record};
use crate::player::random_choice;
use crate::solver::{Convention, Event, Outcome, SolveError, Solver};
use crate::text::{parse_position, quote_around, HoeyDisplay};
use crate::topology::{Canon, Position, Spot};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The answer to one attempt (see [`check`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Attempt {
    /// The move leaves the opponent lost.
    pub correct: bool,
    /// The move as the engine writes it (its shortest text).
    #[serde(rename = "move")]
    pub text: String,
    /// Canonical GLOP string of the position the move leaves.
    pub child: String,
    /// `"win"` or `"loss"`: the outcome of that position for the
    /// opponent, who moves next.
    pub opponent: String,
    /// A wrong move: a winning reply for the opponent (WGOSA text in the
    /// position after the move); `None` when the move is correct.
    pub reply: Option<String>,
}

/// Where a winning move is (see [`hint`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hint {
    /// The live spots of the land the move is played in (the first hint).
    pub land: Vec<Spot>,
    /// The spots the line joins (equal for a loop): the second hint.
    pub spots: [Spot; 2],
    /// The move itself (what "show" plays).
    #[serde(rename = "move")]
    pub text: String,
}

/// Reads a position (GLOP, spots dialect or Hoey list: a Hoey list keeps
/// the spot numbers that moves name).
pub fn read_position(text: &str) -> Result<Position, String> {
    parse_position(text).map_err(|e| format!("not a position: {e}, in {}", quote_around(text, e.offset)))
}

/// The first winning move of `p` the solver proves, with the position
/// it leaves; `None` when `p` is lost (or over).
fn first_win(solver: &mut Solver, p: &Position) -> Result<Option<(crate::Move, Canon)>, SolveError> {
    let a = solver.analyse_with(p, |e| match e {
        Event::WinningMove { .. } => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    })?;
    if a.outcome.is_none() {
        return Err(SolveError::Stopped);
    }
    Ok(a.winning_moves.into_iter().next())
}

/// Checks a move of a puzzle: `p` the puzzle's position (labelled: the
/// move's spot numbers are its own), `text` the move in WGOSA notation.
/// Errors for a move that is not legal there, or when the solver is
/// stopped.
pub fn check(solver: &mut Solver, p: &Position, text: &str) -> Result<Attempt, String> {
    let m = MoveText::parse(text).map_err(|e| format!("not a move: {e}"))?;
    let (mv, mut child) = resolve(p, &m).map_err(|e| format!("{text}: {e}"))?;
    child.normalize();
    let opponent = solver.outcome(&child).map_err(|e| e.to_string())?;
    let reply = match opponent {
        Outcome::Loss => None,
        Outcome::Win => first_win(solver, &child).map_err(|e| e.to_string())?.map(|(r, _)| write_move(&child, &r)),
    };
    Ok(Attempt {
        correct: opponent == Outcome::Loss,
        text: write_move(p, &mv),
        child: Canon::of(&child).to_string(),
        opponent: opponent.to_string(),
        reply,
    })
}

/// A winning move of `p` and where it is; `None` when `p` has none (a
/// lost position). Always the same move for the same position and solver
/// answers: the first the solver proves in the order of
/// [`Position::representative_moves`].
pub fn hint(solver: &mut Solver, p: &Position) -> Result<Option<Hint>, String> {
    let Some((mv, _)) = first_win(solver, p).map_err(|e| e.to_string())? else { return Ok(None) };
    let t = move_text(p, &mv);
    let land = p.land_spots().into_iter().find(|l| l.contains(&t.from)).unwrap_or_default();
    Ok(Some(Hint { land, spots: [t.from, t.to], text: write_move(p, &mv) }))
}

// ---------------------------------------------------------------------------
// The puzzle file

/// The puzzle file (`www/puzzles.json`): see docs/puzzles.md.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleFile {
    /// Always `"sprouts-puzzles"`.
    pub format: String,
    /// 1.
    pub version: u32,
    /// How the file was made: `sprouts puzzles generate` and its options.
    pub generator: String,
    pub puzzles: Vec<Puzzle>,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Puzzle {
    /// Stable name, from the source (`peltier-8plus-g1-m4`, `random-7-m9`).
    pub id: String,
    /// The game up to the puzzle: a WGOSA record (header and the moves
    /// played, no result).
    pub record: String,
    /// Moves played before the puzzle (the record's moves).
    pub move_number: usize,
    /// The puzzle's position as a Hoey list (spot numbers as in the record).
    pub position: String,
    /// Its canonical GLOP string.
    pub canonical: String,
    /// `"normal"` or `"misere"`.
    pub convention: String,
    /// The player to move, 1 or 2.
    pub to_move: u8,
    /// Distinct moves (moves to different canonical children).
    pub moves: usize,
    /// Distinct winning moves.
    pub winning_moves: usize,
    /// One winning move per winning child (WGOSA text), solver order.
    pub solutions: Vec<String>,
    /// The canonical GLOP string of each winning child, sorted.
    pub winning_children: Vec<String>,
    /// Lives left in the position.
    pub lives: u32,
    /// 1 (easiest) to 5: see [`difficulty`].
    pub difficulty: u8,
    /// Where it comes from, in words: `tests/data/records/F game G, before
    /// move K` or `random game, seed S, N spots, before move K`.
    pub source: String,
}

/// Names of the difficulty levels, 1 to 5.
pub const LEVELS: [&str; 5] = ["very easy", "easy", "medium", "hard", "very hard"];

/// The difficulty of a puzzle, 1 to 5, from what makes it hard to find:
/// how rare the winning moves are (`r` = distinct moves per winning move:
/// a point from r ≥ 4, another from r ≥ 8, a third from r ≥ 16), and how
/// far ahead one must read, measured by the lives left, which bound the
/// moves still to come (a point from 12 lives, another from 20). The sum,
/// at least 1 and at most 5, is the level.
pub fn difficulty(moves: usize, winning: usize, lives: u32) -> u8 {
    let r = moves as f64 / winning.max(1) as f64;
    let points = u8::from(r >= 4.0) + u8::from(r >= 8.0) + u8::from(r >= 16.0) + u8::from(lives >= 12) + u8::from(lives >= 20);
    points.clamp(1, 5)
}

/// What makes a position a puzzle: at least this many distinct moves...
pub const MIN_MOVES: usize = 3;
/// ... and winning moves at most this share of them ("few moves win").
pub const MAX_WIN_SHARE: f64 = 0.34;
/// Most puzzles taken from one game (the next positions of a game are
/// much alike).
pub const PER_GAME: usize = 2;

/// A position's distinct moves and winning ones, solved exactly; `None`
/// when it is not a win, over, or stopped by the solver's budget.
pub fn solve(solver: &mut Solver, p: &Position) -> Option<(usize, Vec<(crate::Move, Canon)>)> {
    let a = solver.analyse(p).ok()?;
    if a.outcome != Outcome::Win {
        return None;
    }
    let moves = p.representative_moves().len();
    Some((moves, a.winning_moves))
}

/// A puzzle of `p` if it is one (see [`MIN_MOVES`], [`MAX_WIN_SHARE`]).
fn make(solver: &mut Solver, rec: &Record, k: usize, p: &Position, id: String, source: String) -> Option<Puzzle> {
    if p.is_over() {
        return None;
    }
    let (moves, wins) = solve(solver, p)?;
    if moves < MIN_MOVES || wins.len() as f64 > MAX_WIN_SHARE * moves as f64 {
        return None;
    }
    let prefix = Record { players: None, moves: rec.moves[..k].to_vec(), result: None, ..rec.clone() };
    let mut children: Vec<String> = wins.iter().map(|(_, c)| c.to_string()).collect();
    crate::sort::sort(&mut children);
    let lives = p.total_lives();
    Some(Puzzle {
        id,
        record: prefix.to_string(),
        move_number: k,
        position: HoeyDisplay(p).to_string(),
        canonical: Canon::of(p).to_string(),
        convention: if rec.misere { "misere" } else { "normal" }.to_string(),
        to_move: if k % 2 == 0 { 1 } else { 2 },
        moves,
        winning_moves: wins.len(),
        solutions: wins.iter().map(|(mv, _)| write_move(p, mv)).collect(),
        winning_children: children,
        lives,
        difficulty: difficulty(moves, wins.len(), lives),
        source,
    })
}

/// Where the generator looks.
pub struct Sources {
    /// Record files: (name, text); one record per line, `#` comments.
    pub records: Vec<(String, String)>,
    /// Random games to play: their count, from `seed`, seed, seed + 1, ...
    pub random_games: u64,
    pub seed: u64,
    /// Positions with more lives are passed over (their solves take long).
    pub max_lives: u32,
}

/// Puzzles from real records and random games, at most `count`, no two
/// of the same canonical position and convention. Records first, in file
/// and move order, then random games of 5 to 9 spots (normal play for
/// even seeds, misère for odd ones). `solver_for` gives a solver for each
/// position, with the caller's budget (positions it stops are skipped).
pub fn generate(src: &Sources, count: usize, mut solver_for: impl FnMut(Convention) -> Solver) -> Vec<Puzzle> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen: HashSet<(String, bool)> = HashSet::new();
    // Puzzles taken from the game being read.
    let mut taken: usize;
    let mut consider = |out: &mut Vec<Puzzle>, taken: &mut usize, rec: &Record, k: usize, p: &Position, id: String, source: String| {
        if out.len() >= count || *taken >= PER_GAME || p.total_lives() > src.max_lives {
            return;
        }
        if !seen.insert((Canon::of(p).to_string(), rec.misere)) {
            return;
        }
        let conv = if rec.misere { Convention::Misere } else { Convention::Normal };
        let mut solver = solver_for(conv);
        if let Some(z) = make(&mut solver, rec, k, p, id, source) {
            out.push(z);
            *taken += 1;
        }
    };
    for (name, text) in &src.records {
        let stem = name.trim_end_matches(".txt");
        let short = stem.strip_prefix("wgosa-").unwrap_or(stem);
        for (g, line) in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).enumerate() {
            let Ok(rec) = Record::parse(line) else { continue };
            let (Ok(steps), Ok(mut p)) = (rec.replay(), Position::start(rec.spots)) else { continue };
            taken = 0;
            for k in 0..=steps.len() {
                let id = format!("{short}-g{}-m{k}", g + 1);
                let source = format!("tests/data/records/{name}, game {}, before move {}", g + 1, k + 1);
                consider(&mut out, &mut taken, &rec, k, &p, id, source);
                if let Some((_, next)) = steps.get(k) {
                    p = next.clone();
                }
            }
        }
    }
    for s in src.seed..src.seed.saturating_add(src.random_games) {
        let spots = 5 + (s % 5) as usize;
        let misere = s % 2 == 1;
        let mut rec = Record { spots, misere, players: None, moves: Vec::new(), result: None };
        let Ok(mut p) = Position::start(spots) else { continue };
        taken = 0;
        let mut k = 0;
        loop {
            let id = format!("random-{s}-m{k}");
            let source = format!("random game, seed {s}, {spots} spots, before move {}", k + 1);
            consider(&mut out, &mut taken, &rec, k, &p, id, source);
            let Some(c) = random_choice(&p, s.wrapping_mul(1000).wrapping_add(k as u64)) else { break };
            let text = write_move(&p, &c.mv);
            let Ok(m) = MoveText::parse(&text) else { break };
            let Ok((_, next)) = resolve(&p, &m) else { break };
            rec.moves.push(m);
            p = next;
            k += 1;
        }
    }
    out
}
