//! `sprouts merge`: one proof database from several of the same game
//! (`Certificate::merge`), for solves of different positions or of one
//! position's children run side by side, each with its own `--database`.

use super::args::json;
use super::Output;
use clap::Args;
use serde::Serialize;
use sprouts::certificate::Certificate;
use std::path::PathBuf;

/// Merge proof databases (certificates) of one game into one
#[derive(Args)]
#[command(after_help = "Example (two children of the 8-spot start, solved apart):\n  \
                        sprouts solve '0*7.AB.}AB.}]!' --misere --only outcome --database a.txt\n  \
                        sprouts solve '0*6.1a1a.}]!' --misere --only outcome --database b.txt\n  \
                        sprouts merge a.txt b.txt --output both.txt\n  \
                        sprouts verify both.txt --misere\n\n\
                        Every fact of every FILE is kept once; misère trees are renumbered.\n\
                        OUT may be one of the FILEs (all are read first); it is written\n\
                        atomically. Check the result with `sprouts verify`.")]
pub struct MergeArgs {
    /// The certificates (as `sprouts solve --database` writes them)
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Where to write the merged certificate
    #[arg(long, short, value_name = "OUT")]
    output: PathBuf,
    /// One JSON object
    #[arg(long)]
    json: bool,
}

/// `sprouts merge --json`.
#[derive(Serialize)]
struct MergeReport {
    output: String,
    convention: String,
    rules: String,
    surface: String,
    /// Facts of each FILE, in the order given.
    facts_in: Vec<usize>,
    /// Facts written (each kept once).
    facts: usize,
    bytes: u64,
}

pub fn merge(args: &MergeArgs) -> Output {
    let mut parts = Vec::with_capacity(args.files.len());
    for f in &args.files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        parts.push(Certificate::parse(&text).map_err(|e| format!("{}: {e}", f.display()))?);
    }
    let merged = Certificate::merge(&parts).map_err(|e| {
        let mut m = format!("{}: {}", args.files[e.part].display(), e.error);
        if let Some((part, line)) = e.other {
            m += &format!(" {}, line {line}", args.files[part].display());
        }
        m
    })?;
    let convention = merged.convention();
    let mut facts: Vec<_> = merged.facts.into_iter().map(|(_, f)| f).collect();
    let text = Certificate::write_game(convention, merged.rules, merged.surface, &mut facts);
    let bytes = super::database::write_atomic(&args.output, &text)?;
    let facts_in: Vec<usize> = parts.iter().map(|p| p.facts.len()).collect();
    if args.json {
        return Ok(json(&MergeReport {
            output: args.output.display().to_string(),
            convention: convention.to_string(),
            rules: merged.rules.to_string(),
            surface: merged.surface.to_string(),
            facts_in,
            facts: facts.len(),
            bytes,
        }));
    }
    let ins: Vec<String> = args.files.iter().zip(&facts_in).map(|(f, n)| format!("{} ({n})", f.display())).collect();
    Ok(format!("{}: {} facts ({bytes} bytes) from {}\n", args.output.display(), facts.len(), ins.join(", ")))
}
