//! Subcommands. Each returns its whole output as a string, or a one-line
//! error (exit status 2).

mod args;
mod draw;
mod game;
mod play;
mod solve;

pub use args::Args;

const USAGE: &str = "usage: sprouts <command> [options]
commands:
  moves <POSITION> [--json]          distinct children, canonical
  canon <POSITION> [--json]          canonical form
  perft <POSITION> <DEPTH> [--json]  count distinct children to a depth
  replay <RECORD> [--json]           replay a WGOSA record
  random --spots N [--seed S] [--misere]   play a random game, print its record
  solve <POSITION> [--misere] [--json] [--table-mb M] [--max-seconds S] [--max-nodes N]
                                     outcome, nimber, winning moves
  bench movegen|solve [--normal|--misere] [--spots N] [--max-seconds S]
                                     print benchmark tables
  play --spots N|A-B [--first P] [--second P] [--games G] [--misere] [--seed S]
       [--max-seconds S] [--max-nodes N] [--json]
                                     computer players (random, heuristic,
                                     perfect) against each other: wins, times
  draw <POSITION|RECORD> --svg FILE [--move K] [--legend] [--no-labels]
                                     the board as an SVG picture (a record
                                     up to move K, or a position laid out)
POSITION: a GLOP string (0*5.}]!), a spots-dialect string (0*5|), a Hoey list
(1,3,2,3;4), or --spots N for the N-spot start.
";

pub fn run(argv: &[String]) -> Result<String, String> {
    let Some((cmd, rest)) = argv.split_first() else {
        return Err("no command (try `sprouts help`)".to_string());
    };
    let args = Args::parse(rest)?;
    match cmd.as_str() {
        "moves" => game::moves(&args),
        "canon" => game::canon(&args),
        "perft" => game::perft(&args),
        "replay" => game::replay(&args),
        "random" => game::random(&args),
        "solve" => solve::solve(&args),
        "play" => play::play(&args),
        "draw" => draw::draw(&args),
        "bench" => match args.positional(0)? {
            "movegen" => game::bench_movegen(&args),
            "solve" => solve::bench(&args),
            other => Err(format!("unknown benchmark {other:?} (movegen, solve)")),
        },
        "help" | "--help" | "-h" => Ok(USAGE.to_string()),
        other => Err(format!("unknown command {other:?} (try `sprouts help`)")),
    }
}
