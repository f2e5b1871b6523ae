//! `sprouts solve` and `sprouts bench solve`. The solver core has no clock:
//! time limits, Ctrl-C and the progress line are handled here, through its
//! progress callback.

use super::args::{json, round, table_bytes, table_mb_parser, PositionArgs};
use super::{write_out, Failure, Output, INTERRUPTED};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprouts::limits::CANON_STEPS;
use sprouts::report::{SolveReport, WinningMove};
use sprouts::notation::write_move;
use sprouts::solver::{published_outcome, Config, Convention, Event, Outcome, Progress, SolveError, Solver, Stats};
use sprouts::certificate::Certificate;
use sprouts::surfaces::Surface;
use sprouts::{Canon, Position};
use std::cell::Cell;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Outcome, nimber and winning moves of a position.
#[derive(Args)]
#[command(after_help = "Examples:\n  sprouts solve --spots 5\n  sprouts solve 0*6 --misere --json\n  \
                        sprouts solve --spots 12 --max-seconds 60 --table-mb 512\n\n\
                        On a terminal a progress line shows on standard error; Ctrl-C stops\n\
                        with the statistics so far (exit status 130).")]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Misère play (the last move loses); normal play otherwise, unless the
    /// text is a misère record (`4- ...`)
    #[arg(long)]
    misere: bool,
    /// One JSON object (fields in docs/cli.md)
    #[arg(long)]
    json: bool,
    /// Stop once this is known: `outcome`, or `moves` (outcome and winning
    /// moves, no nimber)
    #[arg(long, value_enum, value_name = "PART")]
    only: Option<Only>,
    #[command(flatten)]
    limits: Limits,
    /// Proof database: facts proved by earlier runs are
    /// loaded from FILE if it exists, and all facts are saved to it (at the
    /// end, on a stop or Ctrl-C, and every --save-every seconds); a
    /// certificate `sprouts verify` checks
    #[arg(long, value_name = "FILE")]
    database: Option<std::path::PathBuf>,
    /// Seconds between two saves of --database
    #[arg(long, value_name = "SECONDS", default_value_t = 300, requires = "database")]
    save_every: u64,
    /// Format of --database: `sprouts` (a full certificate) or `spots`
    /// (SPOTS' `[Positions+Nimber]`: normal play, nimber facts only)
    #[arg(long, value_enum, default_value_t, requires = "database")]
    format: super::database::Format,
    #[command(flatten)]
    variant: super::variants::VariantArgs,
    #[command(flatten)]
    surface: super::surfaces::SurfaceArgs,
}

/// What `--only` keeps.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum Only {
    Outcome,
    Moves,
}

/// Options every solve takes.
#[derive(Args, Clone)]
pub(super) struct Limits {
    /// Transposition table cap in MiB, at least 1, clamped to half of the machine's memory [default: 128]
    #[arg(long, value_name = "MB", value_parser = table_mb_parser())]
    table_mb: Option<u64>,
    /// Stop after this many seconds (exit status 2)
    #[arg(long, value_name = "SECONDS")]
    pub(super) max_seconds: Option<u64>,
    /// Stop after this many nodes (exit status 2)
    #[arg(long, value_name = "NODES")]
    pub(super) max_nodes: Option<u64>,
}

/// The solver settings: `--table-mb`, and progress (time checks) every 256
/// nodes, a few times a second even on large positions.
pub(super) fn config(limits: &Limits) -> Config {
    let mut config = Config { progress_every: 256, ..Config::default() };
    if let Some(mb) = limits.table_mb {
        config.table_bytes = table_bytes(mb);
    }
    config
}

/// Set by Ctrl-C (the handler is installed on first use).
pub(super) fn interrupted() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // Without a handler Ctrl-C still ends the process, only abruptly.
        let _ = ctrlc::set_handler(move || f.store(true, Ordering::SeqCst));
        flag
    })
    .clone()
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// The statistics of a (partial) solve on one line.
fn summary(st: &Stats, seconds: f64) -> String {
    format!(
        "{} nodes, table: {} entries, {:.1} MB (peak {:.1} MB), {seconds:.3} s",
        st.nodes,
        st.table_entries,
        mb(st.table_bytes),
        mb(st.peak_table_bytes)
    )
}

/// A line on standard error with nodes, rate, table size and elapsed time,
/// drawn only on a terminal.
fn progress_bar() -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").ok()?);
    Some(bar)
}

/// Installs on `s` the limits, Ctrl-C and the progress line.
pub(super) fn watch(s: &mut Solver, start: Instant, max_seconds: Option<u64>, max_nodes: Option<u64>) -> Option<ProgressBar> {
    let stop = interrupted();
    let bar = progress_bar();
    let shown = bar.clone();
    let mut last = Instant::now();
    s.on_progress(move |p: &Progress| {
        if let Some(bar) = &shown {
            if last.elapsed() > Duration::from_millis(100) {
                last = Instant::now();
                let rate = p.nodes as f64 / start.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!(
                    "{} nodes, {rate:.0} nodes/s, table {} entries, {:.1} MB",
                    p.nodes,
                    p.table_entries,
                    mb(p.table_bytes)
                ));
                bar.tick();
            }
        }
        let late = max_seconds.is_some_and(|m| start.elapsed().as_secs_f64() > m as f64);
        if stop.load(Ordering::SeqCst) || late || max_nodes.is_some_and(|m| p.nodes >= m) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    bar
}

/// Why a solve stopped, with its statistics so far.
pub(super) fn stopped(e: SolveError, limits: &Limits, s: &Solver, start: Instant) -> Failure {
    let stats = summary(&s.stats(), start.elapsed().as_secs_f64());
    match e {
        SolveError::Stopped if interrupted().load(Ordering::SeqCst) => {
            Failure { message: format!("interrupted after {stats}"), status: INTERRUPTED }
        }
        SolveError::Stopped => Failure::from(format!(
            "stopped by the limit (--max-seconds {}, --max-nodes {}) after {stats}",
            limits.max_seconds.map_or("none".into(), |v| v.to_string()),
            limits.max_nodes.map_or("none".into(), |v| v.to_string())
        )),
        e => Failure::from(e.to_string()),
    }
}

fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

pub fn solve(args: &SolveArgs) -> Output {
    if args.surface.is_surface(&args.position) {
        super::surfaces::refuse_rules(args.variant.is_variant())?;
        if args.format == super::database::Format::Spots {
            return Err("--format spots: SPOTS' databases hold plain Sprouts on the plane; on a surface the database is this program's format".into());
        }
        let db = args.database.as_deref().map(|p| (p, args.save_every));
        let outcome_only = args.only == Some(Only::Outcome);
        return super::surfaces::solve(&args.surface, &args.position, args.misere, args.json, &args.limits, outcome_only, db);
    }
    if args.variant.is_variant() {
        let (secs, nodes) = (args.limits.max_seconds, args.limits.max_nodes);
        if args.format == super::database::Format::Spots {
            return Err("--format spots: SPOTS' databases hold plain Sprouts nimbers; under --rules the database is this program's format".into());
        }
        let db = args.database.as_deref().map(|p| (p, args.save_every));
        return super::variants::solve(&args.variant, &args.position, args.misere, args.json, secs, nodes, db);
    }
    // A misère record (`4- ...`) is solved in misère play, as its header says.
    let (p, record_misere) = args.position.read_game()?;
    let conv = convention(args.misere || record_misere == Some(true));
    let start = Instant::now();
    let mut s = Solver::new(conv, config(&args.limits));
    let loaded = match &args.database {
        Some(path) => Some(open_database(path, &mut s, args.save_every, args.format, Surface::Plane)?),
        None => None,
    };
    let bar = watch(&mut s, start, args.limits.max_seconds, args.limits.max_nodes);
    let position = Canon::of_within(&p, CANON_STEPS).0.to_string();
    // Text: each line as soon as it is proved (the progress line, on
    // standard error, steps aside for it). JSON: one object at the end.
    // Set once standard output is closed (`| head`): the solve stops.
    let closed = Cell::new(false);
    let show = |line: String| {
        if args.json || closed.get() {
            return;
        }
        let print = || write_out(&format!("{line}\n"));
        let written = match &bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        };
        // Any other write error would recur on every line; the result is
        // lost either way, so both end the solve.
        if written.is_err() {
            closed.set(true);
        }
    };
    let only = args.only;
    let mut enough = false;
    let result = s.analyse_with(&p, |e| {
        match e {
            Event::Outcome(o) => {
                show(format!("position: {position}\nconvention: {conv}\noutcome: {o} for the player to move"));
                if only == Some(Only::Outcome) {
                    enough = true;
                    return ControlFlow::Break(());
                }
                if *o == Outcome::Win {
                    show("winning moves:".into());
                }
            }
            Event::WinningMove { mv, child } => show(format!("  {}  -> {child}", write_move(&p, mv))),
            Event::MovesChecked { .. } => {}
            Event::Nimber(g) => show(format!("nimber: {g}")),
        }
        if closed.get() {
            return ControlFlow::Break(());
        }
        if only == Some(Only::Moves) && matches!(e, Event::MovesChecked { checked, total } if checked == total) {
            enough = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    // Saved whatever happened, so that the next run resumes from here.
    let saved = match &args.database {
        Some(path) => Some(super::database::save(path, conv, &s, args.format, Surface::Plane)?),
        None => None,
    };
    if closed.get() {
        return Err(Failure::broken_pipe());
    }
    let a = result.map_err(|e| stopped(e, &args.limits, &s, start))?;
    let seconds = start.elapsed().as_secs_f64();
    let st = a.stats;
    // Stopped by a limit or Ctrl-C, not by --only.
    let cut_short = !a.complete && !enough;
    if args.json {
        if cut_short && interrupted().load(Ordering::SeqCst) {
            return Err(stopped(SolveError::Stopped, &args.limits, &s, start));
        }
        return Ok(json(&SolveReport {
            position,
            convention: conv.to_string(),
            complete: a.complete,
            outcome: a.outcome.map(|o| o.to_string()),
            nimber: a.nimber,
            winning_moves: a.outcome.map(|_| WinningMove::list(&p, &a.winning_moves)),
            moves_complete: a.moves_complete,
            nodes: st.nodes,
            table_entries: st.table_entries,
            table_bytes: st.table_bytes,
            peak_table_bytes: st.peak_table_bytes,
            seconds: round(seconds, 3),
            database_loaded: loaded,
            database_facts: saved.map(|_| s.fact_count()),
            database_bytes: saved,
        }));
    }
    if cut_short {
        let mut f = stopped(SolveError::Stopped, &args.limits, &s, start);
        if let (Some(path), Some(bytes)) = (&args.database, saved) {
            f.message += &format!("; {} facts saved to {} ({bytes} bytes): run again to resume", s.fact_count(), path.display());
        }
        return Err(f);
    }
    let mut out = format!("{}\n", summary(&st, seconds));
    if let (Some(path), Some(loaded), Some(bytes)) = (&args.database, loaded, saved) {
        out += &format!(
            "database {}: {loaded} facts loaded, {} saved ({bytes} bytes)\n",
            path.display(),
            s.fact_count()
        );
    }
    Ok(out)
}

/// Loads `--database` into `s`, a solver of plain Sprouts on `surface`
/// (facts loaded), and saves it again every `every` seconds while the
/// search runs.
pub(super) fn open_database(path: &std::path::Path, s: &mut Solver, every: u64, format: super::database::Format, surface: Surface) -> Result<usize, Failure> {
    if format == super::database::Format::Spots && s.convention() == Convention::Misere {
        return Err("--format spots: SPOTS' nimber databases are for normal play".into());
    }
    let loaded = super::database::load(path, s, format, surface)?;
    // Before any search: a long solve must not find out at its first save
    // that its database cannot be written.
    super::database::save(path, s.convention(), s, format, surface)?;
    let path = path.to_path_buf();
    let conv = s.convention();
    let mut last = Instant::now();
    s.on_checkpoint(move |s| {
        if last.elapsed().as_secs() >= every {
            if let Err(e) = super::database::save(&path, conv, s, format, surface) {
                super::say(&format!("sprouts: {e}"));
            }
            last = Instant::now();
        }
    });
    Ok(loaded)
}

/// Largest n benchmarked by default.
const NORMAL_MAX: usize = 14;
const MISERE_MAX: usize = 11;

/// Solve the n-spot starts, n = 1.. up to 14 (normal) and 11 (misère), each checked against the published outcome;
/// times the outcome alone and the full analysis (outcome, winning moves, nimber) separately, and checks the
/// certificate of each outcome-only solve with `sprouts verify`'s checker (facts, size, seconds).
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts bench solve --normal --spots 10 --max-seconds 60\n\n\
                        A solve is stopped after --max-seconds (default 600), and a convention ends\n\
                        after a solve that took more than a fifth of it.")]
pub struct BenchSolveArgs {
    /// Normal play only
    #[arg(long, conflicts_with = "misere")]
    normal: bool,
    /// Misère play only
    #[arg(long)]
    misere: bool,
    /// Largest start to solve [default: 14 normal, 11 misère]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100))]
    spots: Option<u64>,
    /// Seconds each solve may take
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    max_seconds: u64,
    /// Transposition table cap in MiB, at least 1, clamped to half of the machine's memory [default: 128]
    #[arg(long, value_name = "MB", value_parser = table_mb_parser())]
    table_mb: Option<u64>,
    /// Skip the full analyses (outcome-only columns only)
    #[arg(long)]
    outcome_only: bool,
}

/// A full analysis of `p` by a fresh solver within `budget` seconds:
/// seconds to the outcome, total seconds and nodes (`None` if stopped).
fn timed_analysis(p: &Position, conv: Convention, config: Config, budget: u64) -> (f64, Option<(f64, u64)>) {
    let start = Instant::now();
    let mut s = Solver::new(conv, config);
    let bar = watch(&mut s, start, Some(budget), None);
    let mut outcome_at = f64::NAN;
    let a = s.analyse_with(p, |e| {
        if matches!(e, Event::Outcome(_)) {
            outcome_at = start.elapsed().as_secs_f64();
        }
        ControlFlow::Continue(())
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let done = a.ok().filter(|a| a.complete).map(|a| (start.elapsed().as_secs_f64(), a.stats.nodes));
    (outcome_at, done)
}

/// The certificate columns of a bench row: facts, KB written, and the
/// seconds `sprouts verify` takes to check it and the outcome ("-" when
/// the solve stopped). A certificate refused is an error.
fn certify(s: &Solver, p: &Position, outcome: Option<Outcome>) -> Result<String, Failure> {
    let Some(outcome) = outcome else {
        return Ok("- | - | -".into());
    };
    let mut facts = s.facts();
    let text = Certificate::write(s.convention(), &mut facts);
    let start = Instant::now();
    let cert = Certificate::parse(&text).map_err(|e| format!("the certificate written does not read back: {e}"))?;
    let v = sprouts::verify::verify(&cert, Some(p), |_| {}).map_err(|e| format!("certificate refused: {e}"))?;
    if v.root_wins != Some(outcome == Outcome::Win) {
        return Err(format!("the certificate proves {:?}, the solver said {outcome}", v.root_wins).into());
    }
    Ok(format!("{} | {:.1} | {:.3}", facts.len(), text.len() as f64 / 1024.0, start.elapsed().as_secs_f64()))
}

pub fn bench(args: &BenchSolveArgs) -> Output {
    let budget = args.max_seconds;
    let limits = Limits { table_mb: args.table_mb, max_seconds: Some(budget), max_nodes: None };
    let config = config(&limits);
    let top = args.spots.map(|n| n as usize);
    let mut conventions = Vec::new();
    if !args.misere {
        conventions.push((Convention::Normal, top.unwrap_or(NORMAL_MAX)));
    }
    if !args.normal {
        conventions.push((Convention::Misere, top.unwrap_or(MISERE_MAX)));
    }
    let mut table = String::from(
        "| convention | n | outcome | published | outcome-only s | nodes | peak table MB \
         | certificate facts | certificate KB | verify s \
         | analysis: outcome s | analysis s | analysis nodes |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let mut mismatches = Vec::new();
    for (conv, max_n) in conventions {
        for n in 1..=max_n {
            let p = Position::start(n).map_err(|e| e.to_string())?;
            let start = Instant::now();
            let mut s = Solver::new(conv, config);
            s.keep_proofs();
            let bar = watch(&mut s, start, Some(budget), None);
            let result = s.outcome(&p);
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            let seconds = start.elapsed().as_secs_f64();
            let st = s.stats();
            if interrupted().load(Ordering::SeqCst) {
                let message = format!("{table}interrupted at {conv} n={n} after {}", summary(&st, seconds));
                return Err(Failure { message, status: INTERRUPTED });
            }
            let published = published_outcome(conv, n);
            let (got, verdict) = match result {
                Ok(o) if published.is_some_and(|q| q != o) => {
                    mismatches.push(format!(
                        "{conv} n={n}: solver says {o}, published {}",
                        published.map_or("?".into(), |q| q.to_string())
                    ));
                    (o.to_string(), " MISMATCH")
                }
                Ok(o) => (o.to_string(), ""),
                Err(SolveError::Stopped) => (format!("timeout ({budget} s)"), ""),
                Err(e) => return Err(e.to_string().into()),
            };
            let (first, full) = if args.outcome_only || result.is_err() {
                (f64::NAN, None)
            } else {
                timed_analysis(&p, conv, config, budget)
            };
            let (full_s, full_nodes) = match full {
                Some((t, nodes)) => (format!("{t:.3}"), nodes.to_string()),
                None if args.outcome_only || result.is_err() => ("-".into(), "-".into()),
                None => (format!("timeout ({budget} s)"), "-".into()),
            };
            let first = if first.is_nan() { "-".into() } else { format!("{first:.3}") };
            let cert = certify(&s, &p, result.as_ref().ok().copied())?;
            let row = format!(
                "| {conv} | {n} | {got}{verdict} | {} | {seconds:.3} | {} | {:.1} | {cert} | {first} | {full_s} | {full_nodes} |\n",
                published.map_or("?".into(), |q| q.to_string()),
                st.nodes,
                mb(st.peak_table_bytes)
            );
            super::say(row.trim_end());
            table += &row;
            if result.is_err() || seconds > budget as f64 / 5.0 {
                break;
            }
        }
    }
    if mismatches.is_empty() {
        Ok(table)
    } else {
        Err(format!("{table}\nMISMATCH with the published results:\n{}\n", mismatches.join("\n")).into())
    }
}
