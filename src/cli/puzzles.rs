//! `sprouts puzzles generate` (the puzzle file of the page) and `sprouts
//! puzzles check` (is a move a solution?). The logic is
//! [`sprouts::puzzle`]; this file reads files and applies budgets.

use super::args::json;
use super::Output;
use clap::{Args, Subcommand};
use sprouts::puzzle::{self, PuzzleFile, Sources};
use sprouts::solver::{Config, Convention, Solver};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Make or use puzzles: positions where the player to move must find a winning move.
#[derive(Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    which: Which,
}

#[derive(Subcommand)]
enum Which {
    Generate(GenerateArgs),
    Check(CheckArgs),
}

/// Find puzzles in real records and random games, verified by the solver,
/// and write the puzzle file (format in docs/puzzles.md).
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts puzzles generate --out www/puzzles.json --count 40 --seed 1")]
pub struct GenerateArgs {
    /// The puzzle file to write
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Most puzzles to keep
    #[arg(long, value_name = "N", default_value_t = 40)]
    count: usize,
    /// First seed of the random games
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random games to look through, after the records
    #[arg(long, value_name = "G", default_value_t = 40)]
    random_games: u64,
    /// Folder of record files (one WGOSA record a line, `#` comments)
    #[arg(long, value_name = "DIR", default_value = "tests/data/records")]
    records: PathBuf,
    /// Node budget of each position's solve (harder positions are skipped)
    #[arg(long, value_name = "NODES", default_value_t = 200_000)]
    max_nodes: u64,
    /// Time budget of each position's solve, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    max_seconds: f64,
    /// Positions with more lives are passed over
    #[arg(long, value_name = "LIVES", default_value_t = 40)]
    max_lives: u32,
}

/// Check a move of a puzzle: does it leave the opponent lost? If not, a winning reply.
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts puzzles check '1,2;3' '1(4)2' --json")]
pub struct CheckArgs {
    /// The position (a Hoey list keeps the spot numbers the move names)
    position: String,
    /// The move, in WGOSA notation
    #[arg(name = "MOVE")]
    mv: String,
    /// Misère play
    #[arg(long)]
    misere: bool,
    /// One JSON object
    #[arg(long)]
    json: bool,
}

pub fn puzzles(args: &PuzzlesArgs) -> Output {
    match &args.which {
        Which::Generate(a) => generate(a),
        Which::Check(a) => check(a),
    }
}

/// A fresh solver (so that each puzzle's solve does not depend on the
/// others) stopped after `max_nodes` or `seconds`.
fn budgeted(conv: Convention, max_nodes: u64, seconds: f64) -> Solver {
    let mut s = Solver::new(conv, Config { table_bytes: 64 << 20, progress_every: 64 });
    let deadline = Instant::now() + Duration::from_secs_f64(seconds.clamp(0.0, 1e6));
    s.on_progress(move |p| {
        if p.nodes > max_nodes || Instant::now() > deadline {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    s
}

fn generate(a: &GenerateArgs) -> Output {
    let mut names: Vec<PathBuf> = std::fs::read_dir(&a.records)
        .map_err(|e| format!("cannot read {}: {e}", a.records.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    let mut records = Vec::new();
    for path in names {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        records.push((name, text));
    }
    let src = Sources { records, random_games: a.random_games, seed: a.seed, max_lives: a.max_lives };
    let (max, secs) = (a.max_nodes, a.max_seconds);
    let puzzles = puzzle::generate(&src, a.count, |conv| budgeted(conv, max, secs));
    let file = PuzzleFile {
        format: "sprouts-puzzles".into(),
        version: 1,
        generator: format!(
            "sprouts puzzles generate --count {} --seed {} --random-games {} --records {} --max-nodes {} --max-seconds {} --max-lives {}",
            a.count,
            a.seed,
            a.random_games,
            a.records.display(),
            a.max_nodes,
            a.max_seconds,
            a.max_lives
        ),
        puzzles,
    };
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())? + "\n";
    std::fs::write(&a.out, text).map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    let mut levels = [0usize; 5];
    for p in &file.puzzles {
        levels[usize::from(p.difficulty.clamp(1, 5) - 1)] += 1;
    }
    let misere = file.puzzles.iter().filter(|p| p.convention == "misere").count();
    Ok(format!(
        "{} puzzles ({} misère) written to {}; by difficulty 1-5: {:?}\n",
        file.puzzles.len(),
        misere,
        a.out.display(),
        levels
    ))
}

fn check(a: &CheckArgs) -> Output {
    let p = puzzle::read_position(&a.position)?;
    let conv = if a.misere { Convention::Misere } else { Convention::Normal };
    let mut solver = Solver::new(conv, Config::default());
    let at = puzzle::check(&mut solver, &p, &a.mv)?;
    if a.json {
        return Ok(json(&at));
    }
    Ok(match &at.reply {
        None => format!("{}: correct, it leaves {} lost for the opponent\n", at.text, at.child),
        Some(r) => format!("{}: wrong, it leaves {} won for the opponent, who replies {r}\n", at.text, at.child),
    })
}
