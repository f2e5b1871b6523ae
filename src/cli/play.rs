//! `sprouts play`: computer players against each other, with win counts and
//! thinking times.

use super::args::{json, round};
use super::rule_set::{Player, RuleSet};
use super::Output;
use clap::Args;
use sprouts::player::{Clock, Computer, Request, Strength};
use sprouts::report::{PlayReport, SeatReport};
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
    times: MoveTimes,
}

/// A seat's thinking time per move (`play`, on the plane and on surfaces).
#[derive(Default)]
pub(super) struct MoveTimes {
    millis: Vec<f64>,
    /// Time of its first move of the first game.
    first_ms: Option<f64>,
}

impl MoveTimes {
    /// Counts a move whose thinking began at `t`.
    pub(super) fn took(&mut self, t: Instant) {
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        self.millis.push(ms);
        self.first_ms.get_or_insert(ms);
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

    /// Time of the first move of the first game (0 before any).
    fn first_ms(&self) -> f64 {
        self.first_ms.unwrap_or(0.0)
    }

    /// The seat's part of `--json`.
    pub(super) fn report(&self, strength: Strength, wins: u64) -> SeatReport {
        let (median, mean, worst) = self.times();
        SeatReport {
            strength: strength.name().to_string(),
            wins,
            moves: self.millis.len(),
            median_ms: round(median, 3),
            mean_ms: round(mean, 3),
            worst_ms: round(worst, 3),
            first_move_ms: round(self.first_ms(), 3),
        }
    }

    /// The seat's row of the table [`SEAT_HEADER`] heads.
    pub(super) fn row(&self, seat: &str, strength: Strength, wins: u64, games: u64) -> String {
        let (median, mean, worst) = self.times();
        format!(
            "{seat:<7} {:<10} {wins:>5}  {:>5.1}   {median:>13.2}  {mean:>6.2}  {worst:>7.1}  {:>8.1}\n",
            strength.name(),
            100.0 * wins as f64 / games as f64,
            self.first_ms()
        )
    }
}

/// The head of the table of seats `play` prints.
pub(super) const SEAT_HEADER: &str = "seat    player     wins   win %   ms/move median  mean    worst   first move\n";

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
            times: MoveTimes::default(),
        }
    }
}

/// Computer players against each other: wins of each seat and thinking time per move.
#[derive(Args)]
#[command(after_help = "Examples:\n  sprouts play --spots 6 --games 100\n  \
                        sprouts play --spots 4-7 --first perfect --second heuristic --misere --json\n  \
                        sprouts play --surface torus --spots 5 --first perfect --games 20")]
pub struct PlayArgs {
    /// Spots at the start, N or a range A-B (games go round the sizes), 1 to 40
    #[arg(long, value_name = "N|A-B", required = true)]
    spots: Option<String>,
    /// Play on this surface (docs/variants.md, "Surfaces"): the computer players search the
    /// surface's moves
    #[arg(long, value_enum, value_name = "SURFACE", default_value = "plane")]
    surface: super::surfaces::SurfaceArg,
    /// The first player: random, heuristic or perfect
    #[arg(long, value_name = "PLAYER", default_value = "heuristic", value_parser = strength)]
    first: Strength,
    /// The second player: random, heuristic or perfect
    #[arg(long, value_name = "PLAYER", default_value = "random", value_parser = strength)]
    second: Strength,
    /// Games to play, 1 to 1000000
    #[arg(long, value_name = "G", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Misère play (the last move loses)
    #[arg(long)]
    misere: bool,
    /// Seed of the random choices
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
    /// Time limit of the perfect player per move
    #[arg(long, value_name = "SECONDS")]
    max_seconds: Option<u64>,
    /// Node budget of the perfect player per move
    #[arg(long, value_name = "NODES", default_value_t = 20_000_000)]
    max_nodes: u64,
    /// Transposition table cap in MiB, at least 1, clamped to half of the machine's memory
    #[arg(long, value_name = "MB", default_value_t = 128, value_parser = super::args::table_mb_parser())]
    table_mb: u64,
    /// One JSON object (fields in docs/cli.md)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    variant: super::variants::VariantArgs,
}

fn strength(s: &str) -> Result<Strength, String> {
    s.parse()
}

/// `--spots N` or `--spots A-B` (games go round the sizes).
fn sizes(v: &str) -> Result<Vec<usize>, String> {
    let num = |s: &str| s.trim().parse::<usize>().map_err(|_| format!("--spots {v:?}: not a number or range"));
    let (a, b) = match v.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (num(v)?, num(v)?),
    };
    if a == 0 || b > 40 || a > b {
        return Err(format!("--spots {v}: choose 1 to 40 spots"));
    }
    Ok((a..=b).collect())
}

/// The two seats' players under `rules` (the second's seed another).
fn players<R: RuleSet>(rules: R, args: &PlayArgs) -> Result<[Player<R>; 2], String> {
    let (misere, seed) = (args.misere, args.seed);
    Ok([Player::new(rules, args.first, misere, seed)?, Player::new(rules, args.second, misere, seed.wrapping_add(7))?])
}

/// One game under other rules from `p`, the seats' players taking turns;
/// its number of moves.
fn play_out<R: RuleSet>(players: &mut [Player<R>; 2], seats: &mut [Seat; 2], mut p: R::Pos) -> usize {
    let mut ply = 0;
    loop {
        let t = Instant::now();
        let Some(next) = players[ply % 2].choose(&p) else { return ply };
        seats[ply % 2].times.took(t);
        p = next;
        ply += 1;
    }
}

pub fn play(args: &PlayArgs) -> Output {
    let spots = args.spots.as_deref().unwrap_or("");
    let sizes = sizes(spots)?;
    if args.surface != super::surfaces::SurfaceArg::Plane {
        super::surfaces::refuse_rules(args.variant.is_variant())?;
        return super::surface_game::play(&super::surface_game::PlayOptions {
            surface: args.surface.surface(),
            spots,
            sizes,
            first: args.first,
            second: args.second,
            games: args.games,
            misere: args.misere,
            seed: args.seed,
            max_seconds: args.max_seconds,
            max_nodes: args.max_nodes,
            table_bytes: super::args::table_bytes(args.table_mb),
            as_json: args.json,
        });
    }
    let games = args.games;
    let misere = args.misere;
    let conv = if misere { Convention::Misere } else { Convention::Normal };
    let seed = args.seed;
    let max_millis = args.max_seconds.map_or(f64::INFINITY, |s| s as f64 * 1000.0);
    let max_nodes = args.max_nodes;
    let table = super::args::table_bytes(args.table_mb);
    let mut seats = [Seat::new(args.first, conv, table), Seat::new(args.second, conv, table)];
    let start = Instant::now();
    let clock: Clock = Rc::new(move || start.elapsed().as_secs_f64() * 1000.0);
    let pq = args.variant.pq();
    let rules = (args.variant.is_variant() && pq.is_none()).then(|| args.variant.rules());
    // Under other rules: the rule sets' players (their tables kept from
    // game to game, as the plain solvers' are).
    let mut pq_players = match pq {
        Some(r) => Some(players(r, args)?),
        None => None,
    };
    let mut others = match rules {
        Some(r) => Some(players(r, args)?),
        None => None,
    };
    let mut lengths = Vec::new();
    let mut k = seed.wrapping_mul(1_000_003);
    for g in 0..games {
        let n = sizes[(g % sizes.len() as u64) as usize];
        let perfect = args.first == Strength::Perfect || args.second == Strength::Perfect;
        let ply = if let (Some(r), Some(players)) = (pq, &mut pq_players) {
            play_out(players, &mut seats, super::pq::play_start(r, &args.variant, n, perfect)?)
        } else if let Some(players) = &mut others {
            play_out(players, &mut seats, super::variants::play_start(&args.variant, n, perfect)?)
        } else {
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
                seat.times.took(t);
                p = p
                    .play(&choice.mv)
                    .map_err(|e| format!("illegal move from the {} player: {e}", seat.strength))?;
                ply += 1;
            }
            ply
        };
        lengths.push(ply);
        // The player who moved last (the first if the game had an odd
        // number of moves) wins normal play and loses misère.
        let last = (ply + 1) % 2;
        let winner = if misere { 1 - last } else { last };
        seats[winner].wins += 1;
    }
    let mean_len = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    if args.json {
        let seat = |s: &Seat| s.times.report(s.strength, s.wins);
        return Ok(json(&PlayReport {
            spots: spots.to_string(),
            convention: if misere { "misere" } else { "normal" }.to_string(),
            games,
            mean_length: round(mean_len, 2),
            first: seat(&seats[0]),
            second: seat(&seats[1]),
        }));
    }
    let under = match pq.map(|r| r.to_string()).or(rules.map(|r| r.to_string())) {
        Some(r) => format!(" under {r} rules"),
        None => String::new(),
    };
    let mut out = format!("{games} games, {spots} spots{under}, {conv} play, {mean_len:.1} moves on average\n");
    out.push_str(SEAT_HEADER);
    for (name, s) in ["first", "second"].iter().zip(&seats) {
        out.push_str(&s.times.row(name, s.strength, s.wins, games));
    }
    Ok(out)
}
