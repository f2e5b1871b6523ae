//! `replay --surface` and `play --surface`: a game on the torus, the Klein
//! bottle or the projective plane as the surface board saves and links it
//! (docs/formats.md, "Games on a surface"), and computer players against
//! each other there, as `play` on the plane.

use super::args::{json, round};
use super::game::Rng;
use super::surfaces::SurfaceArg;
use super::{Failure, Output};
use serde::Serialize;
use sprouts::board::{surface_named, Point, SurfaceFile, SurfaceGame, SurfaceStart};
use sprouts::player::Strength;
use sprouts::report::{PlayReport, SeatReport};
use sprouts::solver::{Config, Convention, SolveError, Solver};
use sprouts::surfaces::{self, Surface, SurfacePosition};
use sprouts::Canon;
use std::cell::Cell;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::time::Instant;

/// The square's side of a share link: the surface page's (www/surface-board.js, `SIZE`).
const LINK_SQUARE: f64 = 400.0;
/// Longest link read, as the page (www/surface-link.js).
const MAX_LINK: usize = 60_000;
/// Most points in one stroke, as a saved game.
const MAX_STROKE_POINTS: usize = 20_000;

/// Whether `replay` reads `record` as a surface game: `--surface` named,
/// a saved game with a `"surface"` field, or a surface page's link.
pub fn is_surface_record(s: SurfaceArg, record: &str) -> bool {
    let t = record.trim_start();
    s != SurfaceArg::Plane
        || (t.starts_with("{\"") && serde_json::from_str::<serde_json::Value>(t).is_ok_and(|v| v.get("surface").is_some()))
        || t.contains("surface=")
}

/// One move of a replayed surface game.
#[derive(Serialize)]
struct Step {
    /// `a(c)b`: its end spots and new spot.
    #[serde(rename = "move")]
    name: String,
    /// The canonical position after it (GLOP with `@g`).
    position: String,
    /// How many times its line crosses a glued side.
    crossings: usize,
    /// A move past the game's cursor: taken back, kept for redo (checked too).
    taken_back: bool,
}

#[derive(Serialize)]
struct Header {
    surface: String,
    spots: usize,
    convention: String,
    /// Moves shown (the game's cursor).
    cursor: usize,
    /// 1 or 2 when the game is over at the cursor.
    result: Option<u8>,
}

#[derive(Serialize)]
struct Report<'a> {
    header: &'a Header,
    moves: &'a [Step],
}

/// A share link's game as its saved-game file (www/surface-link.js reads
/// it the same way).
fn file_of_link(text: &str) -> Result<SurfaceFile, String> {
    let frag = text.split_once('#').map_or(text, |(_, f)| f);
    if frag.len() > MAX_LINK {
        return Err(format!("the link is too long ({} characters; at most {MAX_LINK})", frag.len()));
    }
    let mut v: std::collections::HashMap<&str, &str> = Default::default();
    for part in frag.split('&') {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        v.insert(key, value);
    }
    let surface = v.get("surface").ok_or("the link has no surface=")?;
    surface_named(surface).map_err(|e| format!("the link's {e}"))?;
    let spots: usize = v.get("n").and_then(|n| n.parse().ok()).filter(|n| (1..=20).contains(n)).ok_or("the link's spots n= is not a number from 1 to 20")?;
    let convention = match v.get("c").copied().unwrap_or("normal") {
        c @ ("normal" | "misere") => c.to_string(),
        _ => return Err("the link's convention c= is neither normal nor misere".into()),
    };
    let raw = v.get("s").copied().unwrap_or("");
    let mut strokes = Vec::new();
    for (k, st) in raw.split(';').filter(|_| !raw.is_empty()).enumerate() {
        let nums: Result<Vec<f64>, _> = st.split(',').map(str::parse::<f64>).collect();
        match nums {
            Ok(n) if n.len() >= 4 && n.len() % 2 == 0 && n.iter().all(|x| x.is_finite()) => strokes.push(n.chunks(2).map(|p| [p[0], p[1]]).collect::<Vec<_>>()),
            _ => return Err(format!("the link's stroke {} (move {}) is not a list of x,y pairs", k + 1, k + 1)),
        }
    }
    let cursor = match v.get("m") {
        None => strokes.len(),
        Some(m) => {
            let m: usize = m.parse().map_err(|_| "the link's move number m= is not a number")?;
            if m > strokes.len() {
                return Err(format!("the link's move number m={m} is past its {} moves", strokes.len()));
            }
            m
        }
    };
    Ok(SurfaceFile {
        format: sprouts::game::FORMAT,
        surface: surface.to_string(),
        convention,
        start: SurfaceStart { spots },
        // A link does not name its moves: the strokes say them.
        moves: Vec::new(),
        cursor,
        square: LINK_SQUARE,
        strokes,
    })
}

/// The saved game or link of `record`: the text itself, or the file it names.
fn read_file(s: SurfaceArg, record: &str) -> Result<SurfaceFile, String> {
    let t = record.trim();
    let f = if t.starts_with('{') {
        serde_json::from_str::<SurfaceFile>(t)
            .map_err(|e| format!("record: not a surface game file ({e}); replay --surface reads the surface board's saved game or link"))?
    } else if t.contains("surface=") {
        file_of_link(t).map_err(|e| format!("record: {e}"))?
    } else if std::path::Path::new(t).is_file() {
        let text = std::fs::read_to_string(t).map_err(|e| format!("{t}: {e}"))?;
        return read_file(s, &text).map_err(|e| format!("{t}: {e}"));
    } else {
        return Err(format!(
            "record: {} is neither a surface game file ({{\"format\":1,\"surface\":...}}), a surface page link (surface.html#surface=...) nor a file",
            sprouts::text::quote_around(t, 0)
        ));
    };
    let named = surface_named(&f.surface).map_err(|e| format!("record: {e}"))?;
    if s != SurfaceArg::Plane && named != s.surface() {
        return Err(format!("record: a game on the {named}, not the {} (--surface)", s.surface()));
    }
    Ok(f)
}

/// Player 1 or 2 who won a game over after `moves` moves.
fn winner(moves: usize, misere: bool) -> u8 {
    let last_mover = if moves % 2 == 1 { 1 } else { 2 };
    match (misere, last_mover) {
        (false, w) => w,
        (true, 1) => 2,
        (true, _) => 1,
    }
}

/// `sprouts replay --surface S RECORD`: every stroke replayed through the
/// surface board's checks (the error names the move), one line per move.
pub fn replay(s: SurfaceArg, record: &str, as_json: bool, with_header: bool) -> Output {
    let f = read_file(s, record)?;
    let surface = surface_named(&f.surface)?;
    let misere = match f.convention.as_str() {
        "normal" => false,
        "misere" => true,
        c => return Err(format!("record: convention {c:?}: \"normal\" or \"misere\"").into()),
    };
    if !f.moves.is_empty() && f.moves.len() != f.strokes.len() {
        return Err(format!("record: {} moves but {} strokes", f.moves.len(), f.strokes.len()).into());
    }
    if f.cursor > f.strokes.len() {
        return Err(format!("record: cursor {} is past the {} moves", f.cursor, f.strokes.len()).into());
    }
    if !(f.square.is_finite() && f.square > 0.0) {
        return Err(format!("record: square {} is not a positive size", f.square).into());
    }
    let mut g = SurfaceGame::new(surface, f.start.spots, f.square, misere).map_err(|e| format!("record: {e}"))?;
    let mut steps = Vec::new();
    for (i, st) in f.strokes.iter().enumerate() {
        let k = i + 1;
        if st.len() > MAX_STROKE_POINTS {
            return Err(format!("move {k}: its stroke has {} points (at most {MAX_STROKE_POINTS})", st.len()).into());
        }
        let named = f.moves.get(i);
        let pts: Vec<Point> = st.iter().map(|p| Point::new(p[0], p[1])).collect();
        let p = g.play(&pts).map_err(|e| match named {
            Some(m) => format!("move {k} ({m}): not a move: {e}"),
            None => format!("move {k}: not a move: {e}"),
        })?;
        let name = format!("{}({}){}", p.from, p.new_spot, p.to);
        if let Some(m) = named.filter(|m| **m != name) {
            return Err(format!("move {k}: the stroke draws {name}, not {m}").into());
        }
        steps.push(Step { name, position: p.position, crossings: p.crossings, taken_back: k > f.cursor });
    }
    // The outcome at the cursor: the moves past it were taken back.
    while g.cursor() > f.cursor {
        g.undo();
    }
    let result = if g.is_over()? { Some(winner(f.cursor, misere)) } else { None };
    let header = Header { surface: surface.to_string(), spots: f.start.spots, convention: f.convention.clone(), cursor: f.cursor, result };
    if as_json {
        return Ok(if with_header { json(&Report { header: &header, moves: &steps }) } else { json(&steps) });
    }
    let start = surfaces::canon_of(&SurfacePosition::start(f.start.spots, surface.genus())?);
    let mut out = format!("# surface: {surface}\n# start: {}\n", surfaces::text(&start));
    if with_header {
        out.push_str(&format!("# spots: {}\n# convention: {}\n", header.spots, header.convention));
    }
    for (k, st) in steps.iter().enumerate() {
        let mark = if st.taken_back { "# taken back: " } else { "" };
        out.push_str(&format!("{mark}{}. {}\t{}\n", k + 1, st.name, st.position));
    }
    out.push_str(&match result {
        Some(w) => format!("# result: {} (player {w} won)\n", if w == 1 { "I" } else { "II" }),
        None => format!("# to move: player {} (the game is not over)\n", f.cursor % 2 + 1),
    });
    Ok(out)
}

/// Positions the heuristic player searches before it guesses, as the
/// surface board's (`HEURISTIC_NODES` of src/board/surface/game.rs).
const HEURISTIC_NODES: u64 = 300;

/// One seat of `play --surface`: its strength, its solver (kept from move
/// to move and game to game, as the plane seats' are) and what it did.
struct Seat {
    strength: Strength,
    solver: Solver,
    /// The solver's node count at which this move's search stops.
    stop_at: Rc<Cell<u64>>,
    /// When this move's search stops.
    deadline: Rc<Cell<Option<Instant>>>,
    rng: Rng,
    wins: u64,
    times: super::play::MoveTimes,
}

impl Seat {
    fn new(strength: Strength, conv: Convention, table_bytes: usize, seed: u64) -> Seat {
        let mut solver = Solver::on_surfaces(conv, Config { table_bytes, progress_every: 16 });
        let stop_at = Rc::new(Cell::new(0));
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let (at, late) = (stop_at.clone(), deadline.clone());
        solver.on_progress(move |p| {
            if p.nodes > at.get() || late.get().is_some_and(|d| Instant::now() > d) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Seat { strength, solver, stop_at, deadline, rng: Rng::new(seed), wins: 0, times: Default::default() }
    }

    /// The position after this seat's move from `p`, or None when the game
    /// is over: a winning move when the search (within this move's budget)
    /// finds one, otherwise a random one.
    fn choose(&mut self, p: &SurfacePosition, max_nodes: u64, max_seconds: Option<u64>) -> Result<Option<SurfacePosition>, String> {
        let mut options = Vec::new();
        p.reduced().for_each_child(&mut |c| options.push(c));
        // One child per class, in canonical order, so that a seed names a game.
        let mut classes: Vec<(Canon, SurfacePosition)> = options.into_iter().map(|c| (surfaces::canon_of(&c), c)).collect();
        classes.sort_by(|a, b| a.0.cmp(&b.0));
        classes.dedup_by(|a, b| a.0 == b.0);
        if classes.is_empty() {
            return Ok(None);
        }
        let budget = match self.strength {
            Strength::Random => None,
            Strength::Heuristic => Some(HEURISTIC_NODES),
            Strength::Perfect => Some(max_nodes),
        };
        // From a random place in the list, so that equal players vary.
        let from = self.rng.below(classes.len());
        let mut pick = from;
        if let Some(budget) = budget {
            self.stop_at.set(self.solver.stats().nodes.saturating_add(budget));
            self.deadline.set(max_seconds.map(|s| Instant::now() + std::time::Duration::from_secs(s)));
            match self.winning(&surfaces::canon_of(p), &classes, from) {
                Ok(Some(i)) => pick = i,
                Ok(None) | Err(SolveError::Stopped) => {}
                Err(e) => return Err(format!("the {} player's search: {e}", self.strength.name())),
            }
        }
        Ok(Some(classes.swap_remove(pick).1))
    }

    /// The first winning child from `from` on (round the list), if the
    /// player to move wins.
    fn winning(&mut self, root: &Canon, classes: &[(Canon, SurfacePosition)], from: usize) -> Result<Option<usize>, SolveError> {
        if !self.solver.wins_form(root)? {
            return Ok(None);
        }
        for i in (from..classes.len()).chain(0..from) {
            if !self.solver.wins_form(&classes[i].0)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }


    fn report(&self) -> SeatReport {
        self.times.report(self.strength, self.wins)
    }
}

/// `play --surface --json`: the plane's report with the surface added.
#[derive(Serialize)]
struct SurfacePlayReport {
    surface: String,
    #[serde(flatten)]
    play: PlayReport,
}

/// What `play --surface` takes from `play`'s arguments.
pub struct PlayOptions<'a> {
    pub surface: Surface,
    pub spots: &'a str,
    pub sizes: Vec<usize>,
    pub first: Strength,
    pub second: Strength,
    pub games: u64,
    pub misere: bool,
    pub seed: u64,
    pub max_seconds: Option<u64>,
    pub max_nodes: u64,
    pub table_bytes: usize,
    pub as_json: bool,
}

/// `sprouts play --surface S`: computer players against each other on the
/// surface, their wins and thinking times, as `play` on the plane.
pub fn play(o: &PlayOptions) -> Output {
    let conv = if o.misere { Convention::Misere } else { Convention::Normal };
    // Two tables of the plane seats' size: --table-mb is per seat there too.
    let mut seats = [Seat::new(o.first, conv, o.table_bytes, o.seed), Seat::new(o.second, conv, o.table_bytes, o.seed.wrapping_add(7))];
    let mut lengths = Vec::new();
    for g in 0..o.games {
        let n = o.sizes[(g % o.sizes.len() as u64) as usize];
        let mut p = SurfacePosition::start(n, o.surface.genus()).map_err(Failure::from)?;
        let mut ply = 0usize;
        loop {
            let seat = &mut seats[ply % 2];
            let t = Instant::now();
            let Some(next) = seat.choose(&p, o.max_nodes, o.max_seconds)? else {
                break;
            };
            seat.times.took(t);
            p = next;
            ply += 1;
        }
        lengths.push(ply);
        seats[winner(ply, o.misere) as usize - 1].wins += 1;
    }
    let mean_len = lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64;
    if o.as_json {
        return Ok(json(&SurfacePlayReport {
            surface: o.surface.to_string(),
            play: PlayReport {
                spots: o.spots.to_string(),
                convention: if o.misere { "misere" } else { "normal" }.to_string(),
                games: o.games,
                mean_length: round(mean_len, 2),
                first: seats[0].report(),
                second: seats[1].report(),
            },
        }));
    }
    let mut out = format!("{} games, {} spots on the {}, {conv} play, {mean_len:.1} moves on average\n", o.games, o.spots, o.surface);
    out.push_str(super::play::SEAT_HEADER);
    for (name, s) in ["first", "second"].iter().zip(&seats) {
        out.push_str(&s.times.row(name, s.strength, s.wins, o.games));
    }
    Ok(out)
}
