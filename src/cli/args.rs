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

/// One JSON document and a newline.
pub fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).map_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"), |s| s + "\n")
}

/// `x` to `digits` decimals, as the outputs print times.
pub fn round(x: f64, digits: i32) -> f64 {
    let k = 10f64.powi(digits);
    (x * k).round() / k
}
