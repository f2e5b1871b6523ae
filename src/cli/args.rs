//! Arguments several commands share, and JSON output.

use clap::Args;
use serde::Serialize;
use sprouts::limits::MAX_FILE_BYTES;
use sprouts::reading::{read, Reading};
use sprouts::Position;
use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

/// `<POSITION>` or `--spots N`.
#[derive(Args)]
pub struct PositionArgs {
    /// A GLOP string (0*5.}]!), a spots-dialect string (0*5|), a Hoey list (1,3,2,3;4), a
    /// WGOSA record (2+ 1(3)2: the position after its moves), or a file holding one (lines
    /// starting with # are comments; - reads standard input)
    #[arg(value_name = "POSITION", required_unless_present = "spots")]
    pub position: Option<String>,
    /// The N-spot start position (instead of <POSITION>)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000), conflicts_with = "position")]
    pub spots: Option<u64>,
}

impl PositionArgs {
    /// The position: the N-spot start, or the text read as every command
    /// reads it ([`read_text`]; a record stands for the position after its
    /// moves), with the record's convention (`Some(true)`: misère).
    pub fn read_game(&self) -> Result<(Position, Option<bool>), String> {
        if let Some(n) = self.spots {
            return Position::start(n as usize).map(|p| (p, None)).map_err(|e| e.to_string());
        }
        let s = self.position.as_deref().ok_or("missing <POSITION> (or --spots N)")?;
        let reading = read_text(s)?;
        let p = reading.position().map_err(|e| e.to_string())?;
        Ok((p, reading.misere()))
    }

    pub fn read(&self) -> Result<Position, String> {
        self.read_game().map(|(p, _)| p)
    }
}

/// A command's text as a record when it reads as one, otherwise as a
/// position ([`sprouts::reading::read`]); the error, one line, names both
/// readings and quotes the text with escapes. Text that reads neither way
/// but names a file, or `-`, is read from there ([`file_text`]).
pub fn read_text(s: &str) -> Result<Reading, String> {
    let first = match read(s) {
        Ok(r) => return Ok(r),
        Err(e) => e,
    };
    if let Some(text) = file_text(s)? {
        return read(&text).map_err(|e| e.to_string());
    }
    // No text of a game looks like this: it was meant as a file.
    let path = [".txt", ".json", ".sprouts"].iter().any(|x| s.ends_with(x)) || ["/", "./", "../", "~"].iter().any(|x| s.starts_with(x));
    Err(if Path::new(s).is_dir() {
        format!("{s} is a folder: give one file in it")
    } else if path {
        format!("{s}: no such file (and the text is neither a game record nor a position)")
    } else {
        first.to_string()
    })
}

/// The text of a `<POSITION>` or `<RECORD>` argument: the argument itself
/// when it reads as a record or a position (with that reading, so that it
/// is parsed once), or names no file; otherwise what [`file_text`] finds in
/// the file (or standard input, `-`), not yet read.
pub fn argument_text(s: &str) -> Result<(Cow<'_, str>, Option<Reading>), String> {
    if let Ok(reading) = read(s) {
        return Ok((Cow::Borrowed(s), Some(reading)));
    }
    Ok((file_text(s)?.map_or(Cow::Borrowed(s), Cow::Owned), None))
}

/// When `s` is `-` or names a file: the one record or position in it, as
/// a record file from the association's pages (`tests/data/records/`) or
/// `sprouts random > game.txt` holds it: lines starting with `#` are
/// comments. A file whose text is JSON or a tagged record (`{`), or a
/// `random --rules pq:P,Q` listing, is given whole. `None` for any other `s`.
fn file_text(s: &str) -> Result<Option<String>, String> {
    if s != "-" && !Path::new(s).is_file() {
        return Ok(None);
    }
    let (name, from): (String, Box<dyn Read>) = if s == "-" {
        ("standard input".to_string(), Box::new(std::io::stdin()))
    } else {
        (s.to_string(), Box::new(std::fs::File::open(s).map_err(|e| format!("{s}: {e}"))?))
    };
    let mut content = String::new();
    from.take(MAX_FILE_BYTES as u64 + 1).read_to_string(&mut content).map_err(|e| format!("{name}: {e}"))?;
    if content.len() > MAX_FILE_BYTES {
        return Err(format!("{name}: more than {MAX_FILE_BYTES} bytes (the most a game file may have)"));
    }
    let whole = content.trim();
    if whole.starts_with('{') || whole.starts_with("# rules: pq:") {
        return Ok(Some(whole.to_string()));
    }
    let lines: Vec<(usize, &str)> =
        content.lines().zip(1..).map(|(l, k)| (k, l.trim())).filter(|(_, l)| !l.is_empty() && !l.starts_with('#')).collect();
    match lines.as_slice() {
        [] => Err(format!("{name}: no record or position in it (lines starting with # are comments)")),
        [(_, line)] => Ok(Some(line.to_string())),
        more => {
            let at: Vec<String> = more.iter().take(5).map(|(k, _)| k.to_string()).collect();
            Err(format!(
                "{name}: {} records or positions (lines {}{}); a command takes one: put it in a file of its own or give its text",
                more.len(),
                at.join(", "),
                if more.len() > 5 { ", ..." } else { "" }
            ))
        }
    }
}

/// `--table-mb`: a number of MiB, at least [`sprouts::limits::MIN_TABLE_MB`].
pub fn table_mb_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(sprouts::limits::MIN_TABLE_MB..)
}

/// This machine's memory in bytes (`MemTotal` of /proc/meminfo; `None`
/// elsewhere).
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The table cap in bytes for `--table-mb mb`, clamped to what this
/// machine holds; a clamp is said on standard error.
pub fn table_bytes(mb: u64) -> usize {
    let memory = machine_memory();
    let used = sprouts::limits::table_mb(mb, memory);
    if used != mb {
        let most = sprouts::limits::MAX_TABLE_BYTES >> 20;
        let why = match memory {
            Some(m) => format!("the table takes at most half of this machine's {} MiB and at most {most} MiB", m >> 20),
            None => format!("the table takes at most {most} MiB"),
        };
        super::say(&format!("sprouts: --table-mb {mb} clamped to {used} ({why})"));
    }
    usize::try_from(used << 20).unwrap_or(sprouts::limits::MAX_TABLE_BYTES)
}

/// One JSON document and a newline.
pub fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).map_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"), |s| s + "\n")
}

/// `x` to `digits` decimals, as the outputs print times.
pub fn round(x: f64, digits: i32) -> f64 {
    let k = 10f64.powi(digits);
    (x * k).round() / k
}
