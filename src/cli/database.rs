//! `--database FILE`: the proof database a solve loads and saves (a
//! certificate, see docs/certificates.md), written atomically so that a
//! stop at any moment leaves the old file or the new one, never half.

use sprouts::certificate::Certificate;

/// How a database file is written.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Format {
    /// This program's certificates (docs/certificates.md)
    #[default]
    Sprouts,
    /// SPOTS' `[Positions+Nimber]` (normal play; nimber facts only)
    Spots,
}

/// Reads a database file in `format`.
pub fn read(text: &str, format: Format) -> Result<Certificate, String> {
    match format {
        Format::Sprouts => Certificate::parse(text).map_err(|e| e.to_string()),
        Format::Spots => Certificate::parse_spots(text).map(|(c, _)| c).map_err(|e| e.to_string()),
    }
}
use sprouts::solver::{Convention, Solver};
use sprouts::surfaces::Surface;
use sprouts::variants::Rules;
use std::io::Write;
use std::path::Path;

/// Reads the database at `path` into `s`, a solver of plain Sprouts on
/// `surface` (the plane, or `Solver::on_surfaces` from a start on that
/// surface); `Ok(0)` if there is no file yet. Returns the facts loaded.
pub fn load(path: &Path, s: &mut Solver, format: Format, surface: Surface) -> Result<usize, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            s.keep_proofs();
            return Ok(0);
        }
        Err(e) => return Err(format!("database {}: {e}", path.display())),
    };
    let cert = read(&text, format).map_err(|e| format!("database {}: {e}", path.display()))?;
    if cert.convention() != s.convention() {
        return Err(format!(
            "database {} holds {} facts; this solve is {}",
            path.display(),
            cert.convention(),
            s.convention()
        ));
    }
    // Facts of another game would be trusted as this one's.
    if cert.rules != Rules::Sprouts || cert.surface != surface {
        return Err(format!(
            "database {} holds facts of {} on the {}; this solve is of sprouts on the {surface}",
            path.display(),
            cert.rules,
            cert.surface
        ));
    }
    s.add_facts(cert.facts.iter().map(|f| &f.1)).map_err(|e| format!("database {}: {e}", path.display()))?;
    Ok(cert.facts.len())
}

/// Writes the solver's facts to `path` (a temporary file beside it, then
/// renamed over it), a certificate of plain Sprouts on `surface`. Returns
/// the bytes written.
pub fn save(path: &Path, convention: Convention, s: &Solver, format: Format, surface: Surface) -> Result<u64, String> {
    let mut facts = s.facts();
    let text = match format {
        Format::Sprouts => Certificate::write_game(convention, Rules::Sprouts, surface, &mut facts),
        Format::Spots => Certificate::write_spots(&facts),
    };
    write_atomic(path, &text)
}

/// Writes `text` to `path` through a temporary file beside it, synced,
/// then renamed over it. Returns the bytes written.
pub fn write_atomic(path: &Path, text: &str) -> Result<u64, String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = Path::new(&tmp);
    let err = |e: std::io::Error| format!("database {}: {e}", path.display());
    let mut f = std::fs::File::create(tmp).map_err(err)?;
    f.write_all(text.as_bytes()).map_err(err)?;
    f.sync_all().map_err(err)?;
    drop(f);
    std::fs::rename(tmp, path).map_err(err)?;
    Ok(text.len() as u64)
}
