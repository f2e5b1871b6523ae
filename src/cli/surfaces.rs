//! `--surface` of `solve`, `moves` and `random`: plain Sprouts on the
//! torus, the projective plane or the Klein bottle (src/surfaces). The
//! plane never comes here; its commands are unchanged.

use super::args::{json, round, PositionArgs};
use super::game::Rng;
use super::{Failure, Output};
use clap::Args;
use serde::Serialize;
use sprouts::surfaces::{self, Surface, SurfacePosition};
use sprouts::text::quote_around;
use sprouts::variants::solve::{NormalSum, Search};
use sprouts::Canon;
use std::cell::Cell;
use std::time::Instant;

/// The surface on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Default, PartialEq, Eq)]
pub enum SurfaceArg {
    /// The plane (the sphere)
    #[default]
    Plane,
    /// The torus: one handle (GLOP `@1`)
    Torus,
    /// The Klein bottle: two crosscaps (`@-2`)
    Klein,
    /// The projective plane: one crosscap (`@-1`)
    Projective,
}

/// `--surface`, flattened into a command's arguments.
#[derive(Args, Clone, Copy)]
pub struct SurfaceArgs {
    /// Surface of the --spots N start (docs/variants.md, "Surfaces"); a
    /// <POSITION> gives each region's genus itself (`@1`, `@-2`)
    #[arg(long, value_enum, value_name = "SURFACE", default_value = "plane")]
    pub surface: SurfaceArg,
}

impl SurfaceArgs {
    fn surface(&self) -> Surface {
        match self.surface {
            SurfaceArg::Plane => Surface::Plane,
            SurfaceArg::Torus => Surface::Torus,
            SurfaceArg::Klein => Surface::Klein,
            SurfaceArg::Projective => Surface::Projective,
        }
    }

    /// Whether the command leaves the plane: a surface named, or a
    /// position with a region of genus ≠ 0 (`@g`).
    pub fn is_surface(&self, pos: &PositionArgs) -> bool {
        self.surface != SurfaceArg::Plane || pos.position.as_deref().is_some_and(|s| s.contains('@'))
    }

    fn read(&self, pos: &PositionArgs) -> Result<SurfacePosition, String> {
        if let Some(n) = pos.spots {
            return SurfacePosition::start(n as usize, self.surface().genus());
        }
        let s = pos.position.as_deref().ok_or("missing <POSITION> (or --spots N)")?;
        if self.surface != SurfaceArg::Plane {
            return Err("--surface is for --spots N; a <POSITION> gives each region's genus (`@1`, `@-2`)".into());
        }
        surfaces::parse_surface_glop(s).map_err(|e| format!("position {}: {e}", quote_around(s, e.offset)))
    }
}

/// Positions past this many live spots are refused: the surfaces' search
/// has no limits of its own.
const MAX_LIVE: usize = 40;

fn check_size(p: &SurfacePosition) -> Result<(), String> {
    let live = p.reduced().lives.len();
    if live > MAX_LIVE {
        return Err(format!("{live} live spots: the surfaces' engine takes at most {MAX_LIVE}"));
    }
    Ok(())
}

/// `--rules` other than sprouts cannot be combined with a surface yet.
pub fn refuse_rules(is_variant: bool) -> Result<(), Failure> {
    if is_variant {
        return Err(Failure::from("--surface plays plain Sprouts: --rules and --start crosses are for the plane".to_string()));
    }
    Ok(())
}

/// `sprouts moves --surface S`: the distinct children, GLOP with `@g`.
pub fn moves(s: &SurfaceArgs, pos: &PositionArgs, as_json: bool) -> Output {
    let p = s.read(pos)?;
    check_size(&p)?;
    let children: Vec<String> = p.children().iter().map(surfaces::text).collect();
    Ok(if as_json { json(&children) } else { children.iter().map(|c| format!("{c}\n")).collect() })
}

#[derive(Serialize)]
struct SurfaceSolve {
    surface: String,
    position: String,
    convention: String,
    outcome: String,
    /// Canonical forms of the children that win for the player to move.
    winning_moves: Vec<String>,
    nodes: u64,
    table_entries: usize,
    seconds: f64,
}

/// `sprouts solve --surface S`: outcome and winning moves, within
/// `--max-seconds` and `--max-nodes`. Normal play: the largest land plus a
/// nim heap for the others, as on the plane (a line never leaves its
/// region, so lands stay independent on any surface); misère: the plain
/// search over whole positions.
pub fn solve(
    s: &SurfaceArgs,
    pos: &PositionArgs,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
) -> Output {
    let p = s.read(pos)?;
    check_size(&p)?;
    let t = Instant::now();
    let root = surfaces::canon_of(&p);
    // Past a limit every position reads as having no move, so the search
    // unwinds at once; its answer is then thrown away.
    let (expanded, stopped) = (Cell::new(0u64), Cell::new(false));
    let kids = |c: &Canon| {
        if stopped.get() {
            return Vec::new();
        }
        let n = expanded.get() + 1;
        expanded.set(n);
        let late = n % 64 == 0 && max_seconds.is_some_and(|m| t.elapsed().as_secs_f64() > m as f64);
        if late || max_nodes.is_some_and(|m| n > m) {
            stopped.set(true);
            return Vec::new();
        }
        surfaces::child_forms(c)
    };
    let (win, winning, nodes, entries) = if misere {
        let mut search = Search::new(true, kids);
        let win = search.wins(&root);
        let winning: Vec<Canon> =
            if win { surfaces::child_forms(&root).into_iter().filter(|c| !search.wins(c)).collect() } else { vec![] };
        (win, winning, search.nodes, search.table_len())
    } else {
        let mut search = NormalSum::new(kids);
        let win = search.wins(&root);
        let winning: Vec<Canon> =
            if win { surfaces::child_forms(&root).into_iter().filter(|c| !search.wins(c)).collect() } else { vec![] };
        (win, winning, search.nodes, search.table_len())
    };
    if stopped.get() {
        return Err(Failure::from(format!(
            "stopped by the limit (--max-seconds {}, --max-nodes {}) after {} nodes, {:.3} s",
            max_seconds.map_or("none".into(), |v| v.to_string()),
            max_nodes.map_or("none".into(), |v| v.to_string()),
            expanded.get(),
            t.elapsed().as_secs_f64()
        )));
    }
    let r = SurfaceSolve {
        surface: s.surface().to_string(),
        position: surfaces::text(&root),
        convention: if misere { "misère" } else { "normal" }.to_string(),
        outcome: if win { "win" } else { "loss" }.to_string(),
        winning_moves: winning.iter().map(surfaces::text).collect(),
        nodes,
        table_entries: entries,
        seconds: round(t.elapsed().as_secs_f64(), 3),
    };
    if as_json {
        return Ok(json(&r));
    }
    let mut out = format!(
        "surface: {}\nposition: {}\nconvention: {}\noutcome: {} for the player to move\n",
        r.surface, r.position, r.convention, r.outcome
    );
    if win {
        out.push_str(&format!("winning moves: {}\n", r.winning_moves.join(" ")));
    }
    out.push_str(&format!("{} nodes, table: {} entries, {:.3} s\n", r.nodes, r.table_entries, r.seconds));
    Ok(out)
}

/// `sprouts random --surface S`: a random game, one line per move (the
/// canonical position after it).
pub fn random(s: &SurfaceArgs, n: usize, seed: u64, misere: bool) -> Output {
    let surface = s.surface();
    let mut p = SurfacePosition::start(n, surface.genus())?;
    check_size(&p)?;
    let mut rng = Rng::new(seed);
    let mut out = format!("# surface: {surface}\n# start: {}\n", surfaces::text(&surfaces::canon_of(&p)));
    let mut count = 0usize;
    loop {
        let r = p.reduced();
        let mut options = Vec::new();
        r.for_each_child(&mut |c| options.push(c));
        // One child per class, in canonical order, so that a seed names a game.
        let mut classes: Vec<(Canon, SurfacePosition)> =
            options.into_iter().map(|c| (surfaces::canon_of(&c), c)).collect();
        classes.sort_by(|a, b| a.0.cmp(&b.0));
        classes.dedup_by(|a, b| a.0 == b.0);
        if classes.is_empty() {
            break;
        }
        let (c, next) = classes.swap_remove(rng.below(classes.len()));
        p = next;
        count += 1;
        out.push_str(&format!("{count}. {}\n", surfaces::text(&c)));
    }
    let first_moved_last = count % 2 == 1;
    let first_wins = first_moved_last != misere;
    out.push_str(&format!(
        "# moves: {count}\n# result: {} (player {} won, {} play)\n",
        if first_wins { "I" } else { "II" },
        if first_wins { 1 } else { 2 },
        if misere { "misère" } else { "normal" }
    ));
    Ok(out)
}

/// `sprouts draw --surface S --spots N`: the start drawn as the surface's
/// fundamental square, its glued sides marked by arrows. Positions and
/// records on a surface have no drawing yet (no layout places a line that
/// wraps around a handle), so they are refused with a clear error.
pub fn draw(s: &SurfaceArgs, spots: Option<u64>, text: Option<&str>, svg: &str) -> Output {
    let surface = s.surface();
    let Some(n) = spots else {
        return Err(Failure::from(format!(
            "draw --surface {surface}: only the --spots N start is drawn (as the fundamental square); a position{} on a surface has no drawing yet",
            if text.is_some() { " or record" } else { "" }
        )));
    };
    let board = sprouts::board::SurfaceBoard::start(surface, n as usize, 400.0)?;
    let picture = board.svg(40.0);
    if svg == "-" {
        return Ok(picture);
    }
    std::fs::write(svg, &picture).map_err(|e| format!("{svg}: {e}"))?;
    Ok(format!("{svg}: {n} spots on the {surface}, its fundamental square\n"))
}

/// `--surface` on a command that plays on the plane only (`replay`,
/// `play`): a clear error naming what does work on a surface.
pub fn refuse(s: &SurfaceArgs, command: &str) -> Result<(), Failure> {
    if s.surface == SurfaceArg::Plane {
        return Ok(());
    }
    Err(Failure::from(format!(
        "{command} --surface {}: not supported (WGOSA records and the computer players are for the plane); \
         on a surface use `sprouts random --surface S`, `solve`/`moves --surface S`, `draw --surface S --spots N`, or the surface board (www/surface.html)",
        s.surface()
    )))
}
