//! The command line, on clap: each subcommand's arguments and logic live in
//! its own file and return the whole output as a string, or a one-line
//! error (exit status 2).

mod args;
mod database;
mod draw;
mod game;
mod merge;
mod play;
mod pq;
mod puzzles;
mod rule_set;
mod solve;
mod verify;
mod variants;
mod search;
mod surfaces;
mod surface_game;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// An exact engine, solver and board for the game of Sprouts.
#[derive(Parser)]
#[command(
    name = "sprouts",
    version,
    propagate_version = true,
    arg_required_else_help = true,
    after_help = "A <POSITION> is a GLOP string (0*5.}]!), a spots-dialect string (0*5|), a Hoey list\n\
                  (1,3,2,3;4), or a WGOSA record (2+ 1(3)2) for the position after its\n\
                  moves, or a file holding one (- reads standard input); --spots N gives\n\
                  the N-spot start instead.\n\n\
                  Example:\n  sprouts solve --spots 5 --misere"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Moves(game::MovesArgs),
    Canon(game::CanonArgs),
    Perft(game::PerftArgs),
    Replay(game::ReplayArgs),
    Random(game::RandomArgs),
    Draw(draw::DrawArgs),
    Solve(solve::SolveArgs),
    Verify(verify::VerifyArgs),
    Merge(merge::MergeArgs),
    Bench(BenchArgs),
    Play(play::PlayArgs),
    Puzzles(puzzles::PuzzlesArgs),
}

/// Print benchmark tables.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  sprouts bench solve --normal --spots 10")]
struct BenchArgs {
    #[command(subcommand)]
    which: Bench,
}

#[derive(Subcommand)]
enum Bench {
    Movegen(game::BenchMovegenArgs),
    Solve(solve::BenchSolveArgs),
    Layout(draw::BenchLayoutArgs),
}

/// Exit status of a command interrupted by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

/// Exit status when standard output was closed early (`sprouts moves … |
/// head`): 128 + SIGPIPE, as a command killed by the signal reports, but
/// quietly.
pub const BROKEN_PIPE: u8 = 141;

/// Writes `text` to standard output (locked, flushed). A closed pipe is an
/// error of kind `BrokenPipe`, which callers take as the end of the output.
pub fn write_out(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// A line on standard error; a closed standard error is ignored (nowhere
/// is left to say anything).
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// A failed command: its one-line message and exit status.
pub struct Failure {
    pub message: String,
    pub status: u8,
}

impl Failure {
    /// Standard output was closed: stop without a word.
    pub fn broken_pipe() -> Failure {
        Failure { message: String::new(), status: BROKEN_PIPE }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { message, status: 2 }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_string())
    }
}

pub type Output = Result<String, Failure>;

fn dispatch(command: Command) -> Output {
    match command {
        Command::Moves(a) => game::moves(&a),
        Command::Canon(a) => game::canon(&a),
        Command::Perft(a) => game::perft(&a),
        Command::Replay(a) => game::replay(&a),
        Command::Random(a) => game::random(&a),
        Command::Draw(a) => draw::draw(&a),
        Command::Solve(a) => solve::solve(&a),
        Command::Verify(a) => verify::verify(&a),
        Command::Merge(a) => merge::merge(&a),
        Command::Bench(BenchArgs { which: Bench::Movegen(a) }) => game::bench_movegen(&a),
        Command::Bench(BenchArgs { which: Bench::Solve(a) }) => solve::bench(&a),
        Command::Bench(BenchArgs { which: Bench::Layout(a) }) => draw::bench_layout(&a),
        Command::Play(a) => play::play(&a),
        Command::Puzzles(a) => puzzles::puzzles(&a),
    }
}

/// clap's error as one line: the message and its tip ("a similar argument
/// exists"), without the usage block.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(|l| l.strip_prefix("error: ").unwrap_or(l))
        .collect();
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    line
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            say(&format!("sprouts: {} (see --help)", one_line(&e)));
            return ExitCode::from(2);
        }
    };
    match dispatch(cli.command) {
        Ok(out) => match write_out(&out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(BROKEN_PIPE),
            Err(e) => {
                say(&format!("sprouts: cannot write the output: {e}"));
                ExitCode::from(2)
            }
        },
        Err(f) => {
            if !f.message.is_empty() {
                say(&format!("sprouts: {}", f.message.trim_end_matches('\n')));
            }
            ExitCode::from(f.status)
        }
    }
}
