//! `sprouts draw`: a position or a game as an SVG picture.

use super::Output;
use clap::Args;
use super::args::{json, read_text};
use sprouts::board::{SvgOptions, TidyOptions};
use sprouts::game::Game;
use sprouts::reading::Reading;

/// The board the CLI draws on, in board units (the page's CSS pixels).
const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 600.0;

/// Draw a position (laid out) or a game (its moves routed) as an SVG picture.
#[derive(Args)]
#[command(after_help = "Examples:\n  sprouts draw '0*2.AB.}AB.}]!' --svg position.svg\n  \
                        sprouts draw '2+ 1(3)2 1(4)2 1(5)4 2(6)3' --move 2 --svg - --legend")]
pub struct DrawArgs {
    /// A WGOSA record when the text reads as one, otherwise a position (GLOP
    /// string, spots dialect, Hoey list)
    #[arg(value_name = "POSITION|RECORD", required_unless_present = "spots")]
    text: Option<String>,
    /// The N-spot start position (instead of <POSITION|RECORD>)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=40), conflicts_with = "text")]
    spots: Option<u64>,
    /// Where to write the picture (`-`: standard output)
    #[arg(long, value_name = "FILE")]
    svg: String,
    /// Draw the game after move K (records only)
    #[arg(long = "move", value_name = "K")]
    upto: Option<usize>,
    /// A key to the spot shapes under the board
    #[arg(long)]
    legend: bool,
    /// Leave out the spot numbers
    #[arg(long)]
    no_labels: bool,
    /// Leave the drawing as routed; by default it is tidied first, as the
    /// page tidies a game it reads (curves spread, fans opened; what it
    /// shows stays the same)
    #[arg(long, overrides_with = "tidy")]
    no_tidy: bool,
    /// Tidy the drawing first: the default (kept for scripts written when
    /// it was not)
    #[arg(long, hide = true, overrides_with = "no_tidy")]
    tidy: bool,
    #[command(flatten)]
    surface: super::surfaces::SurfaceArgs,
    #[command(flatten)]
    variant: super::variants::VariantArgs,
}

/// Measure the drawing as the page shows it: random 20-spot games at
/// 1280×800 and 390×844, gaps, overlapping numbers and numbers across a
/// curve from their spot, before and after tidying; then the spot
/// numbers (nearer another spot, over a curve, worst gap) in the page at
/// both sizes and in embeds of 480×320 and 320×240, on the random games
/// and on real records.
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts bench layout --games 10 --json")]
pub struct BenchLayoutArgs {
    /// Games per page size
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    games: u64,
    /// Spots at the start of each game
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=40))]
    spots: u64,
    /// Seed of the random moves (game g uses seed + g)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once [default: the machine's cores]
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Real records whose numbers are checked too (each at its middle
    /// move and its end): files of records (one a line, `#` comments) or
    /// folders of such files
    #[arg(long, value_name = "PATH", default_value = "tests/data/records")]
    records: Vec<std::path::PathBuf>,
    /// One JSON object: {"sizes": [{"width", "height", "before", "after", "zoom", "failures"}],
    /// "numbers": [{"view", "drawn", "tidied", "drawings", "numbers", "nearer_other", "over_curve", "across", "worst_gap_px", "on_spot", "over_curve_box", "beside_nearer_other", "beside_over_curve", "covering"}]}
    #[arg(long)]
    json: bool,
}

/// The records (non-empty lines not starting with `#`) of the files
/// and folders given; a path that does not exist is skipped unless it
/// was named explicitly.
fn read_records(paths: &[std::path::PathBuf]) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut here: Vec<_> = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?.filter_map(|e| e.ok().map(|e| e.path())).filter(|f| f.is_file()).collect();
            here.sort();
            files.extend(here);
        } else if p.exists() || p.as_os_str() != "tests/data/records" {
            files.push(p.clone());
        }
    }
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        out.extend(text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from));
    }
    Ok(out)
}

pub fn bench_layout(args: &BenchLayoutArgs) -> Output {
    let jobs = args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
    let records = read_records(&args.records)?;
    let report = sprouts::board::bench_layout(args.games as usize, args.spots as usize, args.seed, jobs, &records);
    Ok(if args.json { json(&report) } else { report.to_string() })
}

/// `draw --rules pq:P,Q --spots N`: the start of (p, q) Sprouts (its
/// games are drawn from their records, `{pq:P,Q} N+ ...`).
fn draw_pq(args: &DrawArgs, rules: sprouts::variants::pq::PqRules) -> Output {
    if args.variant.start.is_some() {
        return Err(format!("--start: (p, q) Sprouts starts with points (--rules {rules} --spots N)").into());
    }
    let Some(n) = args.spots else {
        return Err(format!("--rules {rules} draws a --spots N start (a game: its record, `sprouts draw '{{{rules}}} 3+ ...'`)").into());
    };
    if args.text.is_some() || args.upto.is_some() {
        return Err(format!("--rules {rules} draws a --spots N start, not a position or record").into());
    }
    let n = usize::try_from(n).ok().filter(|&n| (1..=sprouts::limits::MAX_GAME_SPOTS).contains(&n)).ok_or_else(|| {
        format!("--spots {n}: between 1 and {}", sprouts::limits::MAX_GAME_SPOTS)
    })?;
    let board = sprouts::board::Board::pq_start(rules, n, WIDTH, HEIGHT).map_err(|e| e.to_string())?;
    let opts = SvgOptions { legend: args.legend, labels: !args.no_labels };
    let picture = sprouts::board::svg_pq(&board, rules, &opts).map_err(|e| e.to_string())?;
    if args.svg == "-" {
        return Ok(picture);
    }
    std::fs::write(&args.svg, &picture).map_err(|e| format!("{}: {e}", args.svg))?;
    Ok(format!("{}: {} spots, {} lines\n", args.svg, board.spot_count(), board.edges().len()))
}

pub fn draw(args: &DrawArgs) -> Output {
    if args.surface.surface != super::surfaces::SurfaceArg::Plane {
        if args.variant.is_variant() {
            return Err("--rules and --start with --surface: only plain Sprouts is played on a surface".into());
        }
        return super::surfaces::draw(&args.surface, args.spots, args.text.as_deref(), &args.svg);
    }
    if let Some(rules) = args.variant.pq() {
        return draw_pq(args, rules);
    }
    if let Some(text) = args.text.as_deref().filter(|t| t.trim_start().starts_with("{pq:")) {
        if args.variant.is_variant() {
            return Err("--rules with a record: its tag names the rules ({pq:4,3} 3+ ...)".into());
        }
        let opts = SvgOptions { legend: args.legend, labels: !args.no_labels };
        let (picture, spots, lines) = super::pq::draw_record(text, args.upto, &opts, WIDTH, HEIGHT)?;
        if args.svg == "-" {
            return Ok(picture);
        }
        std::fs::write(&args.svg, &picture).map_err(|e| format!("{}: {e}", args.svg))?;
        return Ok(format!("{}: {spots} spots, {lines} lines\n", args.svg));
    }
    let tagged = args.text.as_deref().is_some_and(|t| t.trim_start().starts_with('{'));
    if args.variant.is_variant() && args.spots.is_none() && !tagged {
        return Err("--rules and --start draw a --spots N start; a record under other rules names them in its tag ({brussels} 2+ ...)".into());
    }
    let game = match (&args.text, args.spots) {
        (_, Some(n)) if args.variant.is_variant() => {
            Game::new_variant(args.variant.variant()?, n as usize, false, WIDTH, HEIGHT).map_err(|e| e.to_string())?
        }
        (_, Some(n)) => Game::new(n as usize, false, WIDTH, HEIGHT).map_err(|e| e.to_string())?,
        // A record under other rules: its tag names them (replay reads it
        // the same way).
        (Some(text), None) if tagged => {
            let mut g = Game::from_tagged_record(text, Some((WIDTH, HEIGHT))).map_err(|e| e.to_string())?;
            if args.variant.is_variant() && args.variant.variant()? != g.variant() {
                return Err(format!("--rules {}: the record's tag says {}", args.variant.rules(), g.variant().rules).into());
            }
            if let Some(k) = args.upto {
                if !g.go_to(k) {
                    return Err(format!("--move {k}: the record ends after move {}", g.all_moves().len()).into());
                }
                g.drop_redo();
            }
            g
        }
        // Read as every command reads it: a record when it reads as one,
        // otherwise a position.
        (Some(text), None) => match read_text(text)? {
            Reading::Record(mut rec) => {
                if let Some(k) = args.upto {
                    if k > rec.moves.len() {
                        return Err(format!("--move {k}: the record ends after move {}", rec.moves.len()).into());
                    }
                    // Only the moves shown are drawn.
                    rec.moves.truncate(k);
                }
                Game::replay(&rec, Some((WIDTH, HEIGHT))).map_err(|e| e.to_string())?
            }
            Reading::Position(_) => {
                if args.upto.is_some() {
                    return Err("--move needs a record, not a position".into());
                }
                Game::from_text(text, false, WIDTH, HEIGHT).map_err(|e| e.to_string())?
            }
        },
        (None, None) => return Err("missing <POSITION|RECORD> (or --spots N)".into()),
    };
    let mut game = game;
    if !args.no_tidy {
        // The CLI's board units are the page's CSS pixels at zoom 1.
        while game.tidy(&TidyOptions::default(), 64).map_err(|e| e.to_string())? {}
    }
    let opts = SvgOptions { legend: args.legend, labels: !args.no_labels };
    let picture = game.svg(&opts).map_err(|e| e.to_string())?;
    if args.svg == "-" {
        return Ok(picture);
    }
    std::fs::write(&args.svg, &picture).map_err(|e| format!("{}: {e}", args.svg))?;
    let board = game.board().ok_or("no drawing")?;
    Ok(format!("{}: {} spots, {} lines\n", args.svg, board.spot_count(), board.edges().len()))
}
