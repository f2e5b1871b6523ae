//! `sprouts verify`: checks a certificate with the independent checker
//! (`sprouts::verify`), and that it decides a position.

use super::args::{json, round};
use super::Output;
use clap::Args;
use serde::Serialize;
use sprouts::surfaces::{self, Surface, SurfacePosition};
use sprouts::text::parse_position;
use sprouts::verify::Root;
use sprouts::Position;
use std::path::PathBuf;
use std::time::Instant;

/// Check a proof database (certificate) from scratch, without the solver
#[derive(Args)]
#[command(after_help = "Examples:\n  sprouts solve --spots 12 --database p12.txt && sprouts verify p12.txt --spots 12\n  \
                        sprouts solve --rules dots-or-crosses --spots 4 --database d4.txt\n  \
                        sprouts verify d4.txt --rules dots-or-crosses --spots 4\n  \
                        sprouts solve --surface klein --spots 6 --database k6.txt\n  \
                        sprouts verify k6.txt --surface klein --spots 6\n\n\
                        Every fact is checked against the others by generating the land's children;\n\
                        a fact that does not hold is refused by its line (exit status 1).")]
pub struct VerifyArgs {
    /// The certificate (as `sprouts solve --database` writes it)
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// A position the facts must decide (GLOP, spots dialect or Hoey)
    #[arg(value_name = "POSITION", conflicts_with = "spots")]
    position: Option<String>,
    /// The N-spot start as the position to decide
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    spots: Option<u64>,
    /// The certificate is for misère play
    #[arg(long)]
    misere: bool,
    /// One JSON object
    #[arg(long)]
    json: bool,
    /// `sprouts` (this program's certificates) or `spots` (SPOTS'
    /// `[Positions+Nimber]`, nimber facts only)
    #[arg(long, value_enum, default_value_t)]
    format: super::database::Format,
    /// Write to OUT only the facts the proof of the position uses (walked
    /// from it), then check OUT instead of FILE (misère: every tree and
    /// land's tree kept, lost sums pruned)
    #[arg(long, value_name = "OUT")]
    prune: Option<PathBuf>,
    /// `--rules` must be the certificate's own (its header's `rules=`);
    /// `--start` says what --spots N starts with
    #[command(flatten)]
    variant: super::variants::VariantArgs,
    /// The certificate's surface (its header's `surface=`): --spots N
    /// starts on it, and a POSITION may give each region's genus (`@1`)
    #[arg(long, value_enum, value_name = "SURFACE", default_value = "plane")]
    surface: super::surfaces::SurfaceArg,
}

/// `sprouts verify --json`.
#[derive(Serialize)]
struct VerifyReport {
    file: String,
    convention: String,
    /// The certificate's game: `sprouts`, `brussels`, `dots-or-crosses`
    /// or `weeds`.
    rules: String,
    /// The surface of its start: `plane`, `torus`, `klein` or
    /// `projective`.
    surface: String,
    facts: usize,
    checked: usize,
    children: u64,
    /// `"win"` or `"loss"` when a position was given.
    outcome: Option<String>,
    nimber: Option<u32>,
    /// Lands without a fact whose nimber was worked out (`--format spots`).
    derived: usize,
    /// `--prune`: the facts of FILE (`facts` is then those of OUT).
    pruned_from: Option<usize>,
    seconds: f64,
    facts_per_second: f64,
}

/// Lands of at most this many lives may lack a fact in a SPOTS database.
const SPOTS_DERIVE_LIVES: u32 = 15;

/// The position to decide, on the plane or on a surface.
enum Asked {
    Plane(Position),
    Surface(SurfacePosition),
}

impl Asked {
    fn root(&self) -> Root<'_> {
        match self {
            Asked::Plane(p) => Root::Plane(p),
            Asked::Surface(p) => Root::Surface(p),
        }
    }
}

pub fn verify(args: &VerifyArgs) -> Output {
    let asked_surface = args.surface.surface();
    let root: Option<Asked> = match (&args.position, args.spots) {
        (None, Some(n)) if asked_surface != Surface::Plane => {
            Some(Asked::Surface(SurfacePosition::start(n as usize, asked_surface.genus())?))
        }
        (Some(s), _) if asked_surface != Surface::Plane => Some(Asked::Surface(
            surfaces::parse_surface_glop(s).map_err(|e| format!("position {}: {e}", sprouts::text::quote_around(s, e.offset)))?,
        )),
        // Under other rules the start is n dots or n crosses (--start).
        (None, Some(n)) if args.variant.is_variant() => Some(Asked::Plane(args.variant.start_position(n as usize)?)),
        (Some(s), _) => Some(Asked::Plane(parse_position(s).map_err(|e| format!("position {s:?}: {e}"))?)),
        (None, Some(n)) => Some(Asked::Plane(Position::start(n as usize).map_err(|e| e.to_string())?)),
        (None, None) => None,
    };
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let cert = super::database::read(&text, args.format).map_err(|e| format!("{}: {e}", args.file.display()))?;
    if cert.misere != args.misere {
        let (has, asked) = if cert.misere { ("misère", "normal") } else { ("normal", "misère") };
        return Err(format!("{}: a {has}-play certificate, checked as {asked} play (use --misere to match)", args.file.display()).into());
    }
    // The rules are said on both sides, as the convention is: the facts
    // are about the header's game, and --spots N means that game's start.
    let asked = args.variant.rules();
    if cert.rules != asked {
        return Err(format!(
            "{}: a certificate of {} (header `rules={}`), checked as {asked} (use --rules {} to match)",
            args.file.display(),
            cert.rules,
            cert.rules,
            cert.rules
        )
        .into());
    }
    // And the surface: the facts' lands carry their regions' genus, and
    // --spots N means the start on that surface.
    if cert.surface != asked_surface {
        let file = args.file.display();
        return Err(match (cert.surface, asked_surface) {
            (Surface::Plane, asked) => format!("{file}: a certificate of the plane (no `surface=` in its header), checked on the {asked} (leave out --surface)"),
            (has, Surface::Plane) => format!("{file}: a certificate of Sprouts on the {has} (header `surface={has}`), checked on the plane (use --surface {has} to match)"),
            (has, asked) => format!("{file}: a certificate of Sprouts on the {has} (header `surface={has}`), checked on the {asked} (use --surface {has} to match)"),
        }
        .into());
    }
    let mut pruned_from = None;
    let cert = match &args.prune {
        None => cert,
        Some(out) => {
            let p = root.as_ref().ok_or("--prune needs the position (POSITION or --spots)")?;
            let pruned = sprouts::verify::prune_root(&cert, p.root())
                .map_err(|r| super::Failure { message: format!("{}: REFUSED {r}", args.file.display()), status: 1 })?
                .ok_or("--prune: this certificate cannot be pruned")?;
            let mut facts: Vec<_> = pruned.facts.iter().map(|(_, f)| f.clone()).collect();
            let text = sprouts::certificate::Certificate::write_game(cert.convention(), pruned.rules, pruned.surface, &mut facts);
            std::fs::write(out, &text).map_err(|e| format!("{}: {e}", out.display()))?;
            pruned_from = Some(cert.facts.len());
            // Checked as read back, lines and all.
            super::database::read(&text, super::database::Format::Sprouts).map_err(|e| format!("{}: {e}", out.display()))?
        }
    };
    let start = Instant::now();
    // SPOTS' databases leave out the small lands it settles on the fly:
    // their nimbers are worked out by the mex rule.
    let derive = match args.format {
        super::database::Format::Spots => SPOTS_DERIVE_LIVES,
        _ => 0,
    };
    let v = sprouts::verify::verify_root(&cert, root.as_ref().map(Asked::root), derive, |_| {})
        .map_err(|r| super::Failure { message: format!("{}: REFUSED {r}", args.file.display()), status: 1 })?;
    let seconds = start.elapsed().as_secs_f64();
    let rate = v.checked as f64 / seconds.max(1e-9);
    let outcome = v.root_wins.map(|w| if w { "win" } else { "loss" }.to_string());
    if args.json {
        return Ok(json(&VerifyReport {
            file: args.file.display().to_string(),
            convention: cert.convention().to_string(),
            rules: cert.rules.to_string(),
            surface: cert.surface.to_string(),
            facts: cert.facts.len(),
            checked: v.checked,
            children: v.children,
            outcome,
            nimber: v.root_nimber,
            derived: v.derived,
            pruned_from,
            seconds: round(seconds, 3),
            facts_per_second: round(rate, 1),
        }));
    }
    let mut out = format!(
        "{}: {} facts checked, all hold ({} children, {seconds:.3} s, {rate:.0} facts/s)\n",
        args.file.display(),
        v.checked,
        v.children
    );
    if cert.rules != sprouts::variants::Rules::Sprouts {
        out += &format!("rules: {}\n", cert.rules);
    }
    if cert.surface != Surface::Plane {
        out += &format!("surface: {}\n", cert.surface);
    }
    if let Some(o) = outcome {
        out += &format!("position: {o} for the player to move");
        if let Some(g) = v.root_nimber {
            out += &format!(", nimber {g}");
        }
        out.push('\n');
    }
    Ok(out)
}
