//! `--surface` of `solve`, `moves` and `random`: plain Sprouts on the
//! torus, the projective plane or the Klein bottle (src/surfaces). The
//! plane never comes here; its commands are unchanged.

use super::args::{json, PositionArgs};
use super::game::Rng;
use super::search::{print, random_result, Found, Kind, Saved};
use super::{Failure, Output};
use clap::Args;
use sprouts::solver::{Convention, SolveError, Solver};
use sprouts::surfaces::{self, Surface, SurfacePosition};
use sprouts::text::quote_around;
use sprouts::Canon;

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

impl SurfaceArg {
    pub fn surface(self) -> Surface {
        match self {
            SurfaceArg::Plane => Surface::Plane,
            SurfaceArg::Torus => Surface::Torus,
            SurfaceArg::Klein => Surface::Klein,
            SurfaceArg::Projective => Surface::Projective,
        }
    }
}

impl SurfaceArgs {
    fn surface(&self) -> Surface {
        self.surface.surface()
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

/// `sprouts solve --surface S`: outcome and winning moves (the outcome
/// only with `outcome_only`), within `--max-seconds`, `--max-nodes` and
/// `--table-mb`, by the plane's solver (proof-number search, lands and
/// nimbers in normal play, reduced misère trees) playing the surfaces'
/// moves.
///
/// With `database` (FILE and seconds between saves), the certificate of
/// docs/certificates.md on this surface (header `surface=S`): loaded
/// first, saved at the end, on a stop or Ctrl-C, and every so often, as
/// on the plane. Only for the `--spots N` start: the header names the
/// surface of the start, which a position does not tell.
pub fn solve(
    s: &SurfaceArgs,
    pos: &PositionArgs,
    misere: bool,
    as_json: bool,
    limits: &super::solve::Limits,
    outcome_only: bool,
    database: Option<(&std::path::Path, u64)>,
) -> Output {
    let p = s.read(pos)?;
    check_size(&p)?;
    let surface = s.surface();
    if database.is_some() && (pos.spots.is_none() || surface == Surface::Plane) {
        return Err(Failure::from(
            "--database on a surface: for the start, `--surface torus|klein|projective --spots N` (a certificate's header names the surface of its start)".to_string(),
        ));
    }
    let root = surfaces::canon_of(&p);
    let start = std::time::Instant::now();
    let conv = if misere { Convention::Misere } else { Convention::Normal };
    let mut solver = Solver::on_surfaces(conv, super::solve::config(limits));
    let format = super::database::Format::Sprouts;
    let loaded = match database {
        Some((path, every)) => Some(super::solve::open_database(path, &mut solver, every, format, surface)?),
        None => None,
    };
    let bar = super::solve::watch(&mut solver, start, limits.max_seconds, limits.max_nodes);
    let result = outcome_and_moves(&mut solver, &root, outcome_only);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    // Saved whatever happened, so that the next run resumes from here.
    let saved = match database {
        Some((path, _)) => Some((path, super::database::save(path, conv, &solver, format, surface)?)),
        None => None,
    };
    let (win, winning) = result.map_err(|e| {
        let mut f = super::solve::stopped(e, limits, &solver, start);
        if let Some((path, bytes)) = saved {
            f.message += &format!("; {} facts saved to {} ({bytes} bytes): run again to resume", solver.fact_count(), path.display());
        }
        f
    })?;
    let st = solver.stats();
    let found = Found {
        win,
        winning,
        nodes: st.nodes,
        entries: st.table_entries,
        seconds: start.elapsed().as_secs_f64(),
        database: saved.zip(loaded).map(|((path, bytes), loaded)| Saved {
            path: path.display().to_string(),
            loaded,
            facts: solver.fact_count(),
            bytes,
        }),
    };
    Ok(print(&Kind::Surface(surface.to_string()), &surfaces::text(&root), misere, as_json, found))
}

/// Whether the player to move wins `root`, and (unless `outcome_only`)
/// the children that win, as text.
fn outcome_and_moves(solver: &mut Solver, root: &Canon, outcome_only: bool) -> Result<(bool, Option<Vec<String>>), SolveError> {
    let win = solver.wins_form(root)?;
    if outcome_only {
        return Ok((win, None));
    }
    let mut winning = Vec::new();
    if win {
        for c in surfaces::child_forms(root) {
            if !solver.wins_form(&c)? {
                winning.push(surfaces::text(&c));
            }
        }
    }
    Ok((win, Some(winning)))
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
    out.push_str(&random_result(count, misere));
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
