//! `sprouts solve` and `sprouts bench solve`. The solver core has no clock:
//! time limits are enforced here, through its progress callback.

use super::args::{json_str, Args};
use sprouts::notation::write_move;
use sprouts::solver::{
    published_outcome, Config, Convention, Outcome, Progress, SolveError, Solver,
};
use sprouts::{Canon, Position};
use std::ops::ControlFlow;
use std::time::Instant;

/// The solver settings: `--table-mb`, and progress (time checks) every 256
/// nodes, a few times a second even on large positions.
fn config(args: &Args) -> Result<Config, String> {
    let mut config = Config {
        progress_every: 256,
        ..Config::default()
    };
    if let Some(mb) = args.number("--table-mb")? {
        config.table_bytes = usize::try_from(mb)
            .ok()
            .and_then(|mb| mb.checked_mul(1 << 20))
            .unwrap_or(usize::MAX);
    }
    Ok(config)
}

/// A progress callback that stops the search after `max_seconds` from
/// `start` or `max_nodes` nodes.
fn limit(
    start: Instant,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
) -> impl FnMut(&Progress) -> ControlFlow<()> {
    move |p| {
        let late = max_seconds.is_some_and(|m| start.elapsed().as_secs_f64() > m as f64);
        if late || max_nodes.is_some_and(|m| p.nodes >= m) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

fn convention(args: &Args) -> Convention {
    if args.flag("--misere") {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

fn stopped(e: SolveError, args: &Args) -> String {
    match e {
        SolveError::Stopped => format!(
            "stopped by the limit (--max-seconds {}, --max-nodes {})",
            args.value("--max-seconds").unwrap_or("none"),
            args.value("--max-nodes").unwrap_or("none")
        ),
        e => e.to_string(),
    }
}

pub fn solve(args: &Args) -> Result<String, String> {
    let p = args.position()?;
    let conv = convention(args);
    let start = Instant::now();
    let mut s = Solver::new(conv, config(args)?);
    s.on_progress(limit(
        start,
        args.number("--max-seconds")?,
        args.number("--max-nodes")?,
    ));
    let a = s.analyse(&p).map_err(|e| stopped(e, args))?;
    let seconds = start.elapsed().as_secs_f64();
    let moves: Vec<(String, String)> = a
        .winning_moves
        .iter()
        .map(|(mv, child)| (write_move(&p, mv), child.to_string()))
        .collect();
    let position = Canon::of(&p).to_string();
    let st = a.stats;
    if args.json() {
        let nimber = a.nimber.map_or("null".to_string(), |g| g.to_string());
        let list: Vec<String> = moves
            .iter()
            .map(|(m, c)| format!("{{\"move\":{},\"position\":{}}}", json_str(m), json_str(c)))
            .collect();
        return Ok(format!(
            "{{\"position\":{},\"convention\":{},\"outcome\":\"{}\",\"nimber\":{nimber},\
             \"winning_moves\":[{}],\"nodes\":{},\"table_entries\":{},\"table_bytes\":{},\
             \"peak_table_bytes\":{},\"seconds\":{seconds:.3}}}\n",
            json_str(&position),
            json_str(&conv.to_string()),
            a.outcome,
            list.join(","),
            st.nodes,
            st.table_entries,
            st.table_bytes,
            st.peak_table_bytes,
        ));
    }
    let mut out = format!(
        "position: {position}\nconvention: {conv}\noutcome: {} for the player to move\n",
        a.outcome
    );
    if let Some(g) = a.nimber {
        out += &format!("nimber: {g}\n");
    }
    if a.outcome == Outcome::Win {
        out += &format!("winning moves ({}):\n", moves.len());
        for (m, c) in &moves {
            out += &format!("  {m}  -> {c}\n");
        }
    }
    out += &format!(
        "nodes: {}, table: {} entries, {:.1} MB (peak {:.1} MB), {seconds:.3} s\n",
        st.nodes,
        st.table_entries,
        mb(st.table_bytes),
        mb(st.peak_table_bytes)
    );
    Ok(out)
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// Largest n benchmarked by default.
const NORMAL_MAX: usize = 14;
const MISERE_MAX: usize = 11;

/// `bench solve [--normal|--misere] [--spots N] [--max-seconds S]
/// [--table-mb M]`: the n-spot starts, n = 1.. up to 14 (normal) and 11
/// (misère) or N, each checked against the published outcome. A solve is
/// stopped after S seconds (default 600), and a convention ends after a
/// solve that took more than S/5 (the next would likely not fit).
pub fn bench(args: &Args) -> Result<String, String> {
    let budget = args.number("--max-seconds")?.unwrap_or(600);
    let config = config(args)?;
    let top = args.number("--spots")?.map(|n| n as usize);
    let mut conventions = Vec::new();
    if !args.flag("--misere") {
        conventions.push((Convention::Normal, top.unwrap_or(NORMAL_MAX)));
    }
    if !args.flag("--normal") {
        conventions.push((Convention::Misere, top.unwrap_or(MISERE_MAX)));
    }
    let mut table = String::from(
        "| convention | n | outcome | published | seconds | nodes | peak table MB |\n\
         |---|---|---|---|---|---|---|\n",
    );
    let mut mismatches = Vec::new();
    for (conv, max_n) in conventions {
        for n in 1..=max_n {
            let p = Position::start(n).map_err(|e| e.to_string())?;
            let start = Instant::now();
            let mut s = Solver::new(conv, config);
            s.on_progress(limit(start, Some(budget), None));
            let result = s.outcome(&p);
            let seconds = start.elapsed().as_secs_f64();
            let st = s.stats();
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
                Err(e) => return Err(e.to_string()),
            };
            let row = format!(
                "| {conv} | {n} | {got}{verdict} | {} | {seconds:.3} | {} | {:.1} |\n",
                published.map_or("?".into(), |q| q.to_string()),
                st.nodes,
                mb(st.peak_table_bytes)
            );
            eprint!("{row}");
            table += &row;
            if result.is_err() || seconds > budget as f64 / 5.0 {
                break;
            }
        }
    }
    if mismatches.is_empty() {
        Ok(table)
    } else {
        Err(format!(
            "{table}\nMISMATCH with the published results:\n{}\n",
            mismatches.join("\n")
        ))
    }
}
