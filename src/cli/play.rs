//! `sprouts play`: computer players against each other, with win counts and
//! thinking times.

use super::args::{json_str, Args};
use sprouts::player::{Clock, Computer, Request, Strength};
use sprouts::solver::{Config, Convention, Solver};
use sprouts::Position;
use std::rc::Rc;
use std::time::Instant;

/// One seat's player and what it did.
struct Seat {
    strength: Strength,
    computer: Computer,
    solver: Solver,
    wins: u64,
    millis: Vec<f64>,
    /// Time of its first move of the first game.
    first_ms: Option<f64>,
}

impl Seat {
    fn new(strength: Strength, conv: Convention, table_bytes: usize) -> Seat {
        Seat {
            strength,
            computer: Computer::new(),
            solver: Solver::new(
                conv,
                Config {
                    table_bytes,
                    progress_every: 16,
                },
            ),
            wins: 0,
            millis: Vec::new(),
            first_ms: None,
        }
    }

    /// Median, mean and worst time per move in milliseconds.
    fn times(&self) -> (f64, f64, f64) {
        let mut t = self.millis.clone();
        if t.is_empty() {
            return (0.0, 0.0, 0.0);
        }
        t.sort_by(f64::total_cmp);
        let mean = t.iter().sum::<f64>() / t.len() as f64;
        (t[t.len() / 2], mean, t[t.len() - 1])
    }
}

/// `--spots N` or `--spots A-B` (games go round the sizes).
fn sizes(args: &Args) -> Result<Vec<usize>, String> {
    let v = args.value("--spots").ok_or("play needs --spots N (or A-B)")?;
    let num = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("--spots {v:?}: not a number or range"))
    };
    let (a, b) = match v.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (num(v)?, num(v)?),
    };
    if a == 0 || b > 40 || a > b {
        return Err(format!("--spots {v}: choose 1 to 40 spots"));
    }
    Ok((a..=b).collect())
}

fn strength(args: &Args, name: &str, default: Strength) -> Result<Strength, String> {
    match args.value(name) {
        None => Ok(default),
        Some(s) => s.parse().map_err(|e| format!("{name}: {e}")),
    }
}

pub fn play(args: &Args) -> Result<String, String> {
    let sizes = sizes(args)?;
    let games = args.number("--games")?.unwrap_or(1);
    if games == 0 || games > 1_000_000 {
        return Err(format!("--games {games}: choose 1 to 1000000"));
    }
    let misere = args.flag("--misere");
    let conv = if misere { Convention::Misere } else { Convention::Normal };
    let seed = args.number("--seed")?.unwrap_or(1);
    let max_millis = args
        .number("--max-seconds")?
        .map_or(f64::INFINITY, |s| s as f64 * 1000.0);
    let max_nodes = args.number("--max-nodes")?.unwrap_or(20_000_000);
    let table = args.number("--table-mb")?.unwrap_or(128).min(4096) as usize * (1 << 20);
    let mut seats = [
        Seat::new(strength(args, "--first", Strength::Heuristic)?, conv, table),
        Seat::new(strength(args, "--second", Strength::Random)?, conv, table),
    ];
    let start = Instant::now();
    let clock: Clock = Rc::new(move || start.elapsed().as_secs_f64() * 1000.0);
    let mut lengths = Vec::new();
    let mut k = seed.wrapping_mul(1_000_003);
    for g in 0..games {
        let n = sizes[(g % sizes.len() as u64) as usize];
        let mut p = Position::start(n).map_err(|e| e.to_string())?;
        let mut ply = 0usize;
        loop {
            let seat = &mut seats[ply % 2];
            k = k.wrapping_add(1);
            let req = Request {
                strength: seat.strength,
                max_nodes,
                max_millis,
                seed: k,
                clock: clock.clone(),
                report: None,
            };
            let t = Instant::now();
            let Some(choice) = seat.computer.choose(&p, &mut seat.solver, &req) else {
                break;
            };
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            seat.millis.push(ms);
            seat.first_ms.get_or_insert(ms);
            p = p
                .play(&choice.mv)
                .map_err(|e| format!("illegal move from the {} player: {e}", seat.strength))?;
            ply += 1;
        }
        lengths.push(ply);
        // The player who moved last (the first if the game had an odd
        // number of moves) wins normal play and loses misère.
        let last = (ply + 1) % 2;
        let winner = if misere { 1 - last } else { last };
        seats[winner].wins += 1;
    }
    let mean_len = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    let spots = args.value("--spots").unwrap_or("");
    if args.json() {
        let seat = |s: &Seat| {
            let (median, mean, worst) = s.times();
            format!(
                "{{\"strength\":{},\"wins\":{},\"moves\":{},\"medianMs\":{median:.3},\"meanMs\":{mean:.3},\"worstMs\":{worst:.3},\"firstMoveMs\":{:.3}}}",
                json_str(s.strength.name()),
                s.wins,
                s.millis.len(),
                s.first_ms.unwrap_or(0.0)
            )
        };
        return Ok(format!(
            "{{\"spots\":{},\"convention\":{},\"games\":{games},\"meanLength\":{mean_len:.2},\"first\":{},\"second\":{}}}\n",
            json_str(spots),
            json_str(if misere { "misere" } else { "normal" }),
            seat(&seats[0]),
            seat(&seats[1])
        ));
    }
    let mut out = format!("{games} games, {spots} spots, {conv} play, {mean_len:.1} moves on average\n");
    out.push_str("seat    player     wins   win %   ms/move median  mean    worst   first move\n");
    for (name, s) in ["first", "second"].iter().zip(&seats) {
        let (median, mean, worst) = s.times();
        out.push_str(&format!(
            "{name:<7} {:<10} {:>5}  {:>5.1}   {median:>13.2}  {mean:>6.2}  {worst:>7.1}  {:>8.1}\n",
            s.strength.name(),
            s.wins,
            100.0 * s.wins as f64 / games as f64,
            s.first_ms.unwrap_or(0.0)
        ));
    }
    Ok(out)
}
