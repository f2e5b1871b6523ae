//! Engine subcommands: moves, canon, perft, replay, random, bench movegen.

use super::args::{argument_text, json, read_text, PositionArgs};
use super::Output;
use clap::Args;
use sprouts::game::Game;
use sprouts::limits::{check_moves, LimitError};
use sprouts::notation::{MoveText, Record, Winner};
use sprouts::reading::Reading;
use sprouts::report::{PerftReport, RecordHeader, ReplayReport, ReplayStep};
use sprouts::text::HoeyDisplay;
use sprouts::{Canon, Position};
use std::time::Instant;

/// The distinct children of a position, canonical GLOP strings.
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts moves 0*2")]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// An array of strings ([] when the game is over)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    variant: super::variants::VariantArgs,
    #[command(flatten)]
    surface: super::surfaces::SurfaceArgs,
}

pub fn moves(args: &MovesArgs) -> Output {
    if args.surface.is_surface(&args.position) {
        super::surfaces::refuse_rules(args.variant.is_variant())?;
        return super::surfaces::moves(&args.surface, &args.position, args.json);
    }
    if args.variant.is_variant() {
        return super::variants::moves(&args.variant, &args.position, args.json);
    }
    let p = args.position.read()?;
    check_moves(&p.reduced()).map_err(|e| e.to_string())?;
    let children = p.children_text().map_err(|e| e.to_string())?;
    Ok(if args.json { json(&children) } else { children.iter().map(|c| format!("{c}\n")).collect() })
}

/// The canonical GLOP string of a position.
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts canon '1,2,3;4/1,4,2,3'")]
pub struct CanonArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// A JSON string
    #[arg(long)]
    json: bool,
}

pub fn canon(args: &CanonArgs) -> Output {
    let c = Canon::of_limited(&args.position.read()?).map_err(|e| e.to_string())?.to_string();
    Ok(if args.json { json(&c) } else { format!("{c}\n") })
}

/// Nodes of the tree of distinct canonical children, to a depth.
#[derive(Args)]
#[command(after_help = "Examples:\n  sprouts perft 0*3 4\n  sprouts perft --spots 6 4 --json")]
pub struct PerftArgs {
    /// A GLOP string, a spots-dialect string, a Hoey list or a WGOSA record (left out with --spots)
    #[arg(value_name = "POSITION")]
    position: Option<String>,
    /// Plies to count, at most 64
    #[arg(value_name = "DEPTH")]
    depth: Option<String>,
    /// The N-spot start position (instead of <POSITION>)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    spots: Option<u64>,
    /// {"position", "depth", "nodes"}
    #[arg(long)]
    json: bool,
}

/// Nodes of the tree whose children are the distinct canonical children;
/// an error for a position with too many moves to list, or children that
/// take too many steps to name.
pub fn perft_count(c: &Canon, depth: u32) -> Result<u64, LimitError> {
    if depth == 0 {
        return Ok(1);
    }
    let p = c.position();
    check_moves(&p)?;
    let kids = p.children_limited()?;
    if depth == 1 {
        return Ok(kids.len() as u64);
    }
    kids.iter().map(|k| perft_count(k, depth - 1)).sum()
}

pub fn perft(args: &PerftArgs) -> Output {
    // With --spots the one positional is the depth.
    let (position, depth) = match (args.spots, &args.position, &args.depth) {
        (Some(_), Some(d), None) => (None, Some(d)),
        (Some(_), Some(_), Some(extra)) => return Err(format!("unexpected argument '{extra}' found").into()),
        (_, p, d) => (p.clone(), d.as_ref()),
    };
    let p = PositionArgs { position, spots: args.spots }.read()?;
    let d = depth.ok_or("the following required argument was not provided: <DEPTH>")?;
    let depth: u32 = d.parse().map_err(|_| format!("<DEPTH> {d:?} is not a number"))?;
    if depth > 64 {
        return Err(format!("<DEPTH> {depth}: at most 64").into());
    }
    let c = Canon::of_limited(&p).map_err(|e| e.to_string())?;
    let nodes = perft_count(&c, depth).map_err(|e| e.to_string())?;
    Ok(if args.json {
        json(&PerftReport { position: c.to_string(), depth, nodes })
    } else {
        format!("{nodes}\n")
    })
}

/// Replay a WGOSA record: each move, the canonical position and the Hoey list after it.
///
/// With --surface (or a saved game or link that names its surface): a surface board's game,
/// every stroke checked, each move and the position after it.
#[derive(Args)]
#[command(after_help = "Examples:\n  sprouts replay '2+ 1(3)2 1(4)2 1(5)!2 II'\n  sprouts replay game.txt\n  sprouts replay --json --header '2+ (A - B*) 1(3)2 1(4)2 II'\n  \
                        sprouts replay --surface torus game.sprouts.json\n  \
                        sprouts replay --surface torus 'surface.html#surface=torus&n=1&s=200,200,212.5,179.2,220.8,187.5,220.8,404.2,187.5,579.2,200,600'")]
pub struct ReplayArgs {
    /// A WGOSA game record: 2+ 1(3)2 1(4)2 ..., or a file holding one (lines starting with # are
    /// comments, as in the association's record files; - reads standard input). With --surface: the surface board's saved game
    /// (its JSON text or a .sprouts.json file) or its share link (surface.html#surface=...)
    #[arg(value_name = "RECORD")]
    record: String,
    /// A surface board's game on this surface (docs/formats.md, "Games on a surface"); a saved game
    /// or link names its surface, and replay reads it as one without --surface
    #[arg(long, value_enum, value_name = "SURFACE", default_value = "plane")]
    surface: super::surfaces::SurfaceArg,
    /// [{"move", "position", "hoey", "written"}]; with --surface: [{"move", "position", "crossings", "taken_back"}]
    #[arg(long)]
    json: bool,
    /// With --json: {"header": {"spots", "convention", "players", "result"}, "moves": [...]}
    /// (the array alone stays the default: it is a stable interface);
    /// without: the header's lines (`# players: ...`) before the moves. With --surface:
    /// {"header": {"surface", "spots", "convention", "cursor", "result"}, "moves": [...]}
    #[arg(long)]
    header: bool,
}

pub fn replay(args: &ReplayArgs) -> Output {
    if super::surface_game::is_surface_record(args.surface, &args.record) {
        return super::surface_game::replay(args.surface, &args.record, args.json, args.header);
    }
    // A file named (or `-`): its record, or the saved game it holds.
    let (text, reading) = argument_text(&args.record)?;
    let record: &str = &text;
    if super::surface_game::is_surface_record(args.surface, record) {
        return super::surface_game::replay(args.surface, record, args.json, args.header);
    }
    // The lines of `random --rules pq:P,Q` ((p, q) Sprouts has no record).
    if record.trim_start().starts_with("# rules: pq:") {
        return super::pq::replay(record);
    }
    if record.trim_start().starts_with("{pq:") {
        return super::pq::replay_record(record, args.json);
    }
    if record.trim_start().starts_with('{') {
        return replay_variant(record, args.json);
    }
    let reading = match reading {
        Some(r) => r,
        None => read_text(record)?,
    };
    let rec = match reading {
        Reading::Record(r) => r,
        Reading::Position(_) => {
            return Err(format!(
                "{} reads as a position, not a game record: replay needs a record (2+ 1(3)2 ...); \
                 canon, moves, solve and draw take a position",
                sprouts::text::quote_around(record, 0)
            )
            .into())
        }
    };
    // The moves as written, beside the engine's reading of them.
    let (_, written) = Record::parse_written(record)
        .map_err(|e| format!("record: {e}, in {}", sprouts::text::quote_around(record, e.offset)))?;
    let g = Game::replay(&rec, None).map_err(|e| e.to_string())?;
    let mut steps: Vec<ReplayStep> = Vec::new();
    for ((m, k), w) in g.all_moves().iter().zip(1..).zip(written) {
        let Some(p) = g.position_at(k) else { continue };
        let position = Canon::of_limited(p).map_err(|e| format!("move {k} `{m}`: {e}"))?.to_string();
        steps.push(ReplayStep { text: m.clone(), position, hoey: HoeyDisplay(p).to_string(), written: w });
    }
    let header = RecordHeader::of(&rec);
    Ok(match (args.json, args.header) {
        (true, true) => json(&ReplayReport { header, moves: steps }),
        (true, false) => json(&steps),
        (false, with_header) => {
            let mut out = String::new();
            if with_header {
                out.push_str(&header_lines(&header));
            }
            for s in &steps {
                out.push_str(&format!("{}\t{}\t{}\n", s.text, s.position, s.hoey));
            }
            out
        }
    })
}

/// A record under other rules (`{brussels} 2+ ...`, see
/// `sprouts::game::Variant`): the same lines as a plain record's (each move
/// as the game writes it, with its mark), the game drawn by the router.
fn replay_variant(record: &str, as_json: bool) -> Output {
    let g = Game::from_tagged_record(record, None).map_err(|e| e.to_string())?;
    let mut steps: Vec<ReplayStep> = Vec::new();
    for (m, k) in g.all_moves().iter().zip(1..) {
        let Some(p) = g.position_at(k) else { continue };
        let position = Canon::of_limited(p).map_err(|e| format!("move {k} `{m}`: {e}"))?.to_string();
        steps.push(ReplayStep { text: m.clone(), position, hoey: HoeyDisplay(p).to_string(), written: m.clone() });
    }
    if as_json {
        return Ok(json(&steps));
    }
    let mut out = format!("# rules: {}\n", g.variant().rules);
    for st in &steps {
        out.push_str(&format!("{}\t{}\t{}\n", st.text, st.position, st.hoey));
    }
    if let Some(w) = g.status().winner {
        out.push_str(&format!("# result: {} (player {w} won)\n", if w == 1 { "I" } else { "II" }));
    }
    Ok(out)
}

/// The header as comment lines: `# spots: 26`, `# convention: misere`,
/// `# players: AuntBeast - Khorkov*`, `# note: …`, `# result: II (player 2 won)`.
fn header_lines(h: &RecordHeader) -> String {
    let mut out = format!("# spots: {}\n# convention: {}\n", h.spots, h.convention);
    if let Some(p) = &h.players {
        let star = |k| if p.chooser == Some(k) { "*" } else { "" };
        out.push_str(&format!("# players: {}{} - {}{}\n", p.first, star(1), p.second, star(2)));
        if let Some(n) = &p.note {
            out.push_str(&format!("# note: {n}\n"));
        }
    }
    if let Some(r) = h.result {
        out.push_str(&format!("# result: {} (player {r} won)\n", if r == 1 { "I" } else { "II" }));
    }
    out
}

/// A small deterministic generator (SplitMix64): the CLI needs repeatable
/// games from a seed, nothing more.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Play a random game to its end and print its WGOSA record.
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts random --spots 5 --seed 7 --misere")]
pub struct RandomArgs {
    /// Spots at the start, 1 to 100
    #[arg(long, value_name = "N", required = true, value_parser = clap::value_parser!(u64).range(1..=100))]
    spots: Option<u64>,
    /// Seed of the random choices
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
    /// Misère play (the record's header and result)
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    variant: super::variants::VariantArgs,
    #[command(flatten)]
    surface: super::surfaces::SurfaceArgs,
}

pub fn random(args: &RandomArgs) -> Output {
    let n = args.spots.ok_or("random needs --spots N")? as usize;
    if args.surface.surface != super::surfaces::SurfaceArg::Plane {
        super::surfaces::refuse_rules(args.variant.is_variant())?;
        return super::surfaces::random(&args.surface, n, args.seed, args.misere);
    }
    if args.variant.is_variant() {
        return super::variants::random(&args.variant, n, args.seed, args.misere);
    }
    let mut rng = Rng::new(args.seed);
    let mut g = Game::undrawn(n, args.misere).map_err(|e| e.to_string())?;
    loop {
        let options = g.position().representative_moves();
        if options.is_empty() {
            break;
        }
        let (mv, _) = &options[rng.below(options.len())];
        g.play_move(mv).map_err(|e| e.to_string())?;
    }
    let moves = g.moves().iter().map(|m| MoveText::parse(m)).collect::<Result<Vec<_>, _>>();
    let moves = moves.map_err(|e| format!("internal error: {e}"))?;
    let result = if g.winner() == Some(1) { Winner::First } else { Winner::Second };
    let rec = Record { spots: n, misere: args.misere, players: None, moves, result: Some(result) };
    Ok(format!("{rec}\n"))
}

/// Perft to depth 4 from 6, 8 and 10 spots: children generated per second.
#[derive(Args)]
#[command(after_help = "Example:\n  sprouts bench movegen")]
pub struct BenchMovegenArgs {}

pub fn bench_movegen(_args: &BenchMovegenArgs) -> Output {
    let mut out = String::from("start  depth  nodes       seconds  children/s\n");
    for (n, depth) in [(6usize, 4u32), (8, 4), (10, 4)] {
        let start = Canon::of(&Position::start(n).map_err(|e| e.to_string())?);
        let t = Instant::now();
        let nodes = perft_count(&start, depth).map_err(|e| e.to_string())?;
        let secs = t.elapsed().as_secs_f64();
        out.push_str(&format!("{n:>5}  {depth:>5}  {nodes:>10}  {secs:>7.3}  {:>10.0}\n", nodes as f64 / secs));
    }
    Ok(out)
}
