//! Arguments several commands share, and JSON output.

use clap::Args;
use serde::Serialize;
use sprouts::text::{parse_position, quote_around};
use sprouts::Position;

/// `<POSITION>` or `--spots N`.
#[derive(Args)]
pub struct PositionArgs {
    /// A GLOP string (0*5.}]!), a spots-dialect string (0*5|) or a Hoey list (1,3,2,3;4)
    #[arg(value_name = "POSITION", required_unless_present = "spots")]
    pub position: Option<String>,
    /// The N-spot start position (instead of <POSITION>)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000), conflicts_with = "position")]
    pub spots: Option<u64>,
}

impl PositionArgs {
    pub fn read(&self) -> Result<Position, String> {
        if let Some(n) = self.spots {
            return Position::start(n as usize).map_err(|e| e.to_string());
        }
        let s = self.position.as_deref().ok_or("missing <POSITION> (or --spots N)")?;
        // Quoted with escapes so that the error stays on one line.
        parse_position(s).map_err(|e| format!("position {}: {e}", quote_around(s, e.offset)))
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
