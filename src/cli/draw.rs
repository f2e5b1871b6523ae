//! `sprouts draw`: a position or a game as an SVG picture.

use super::args::Args;
use sprouts::board::{svg, Board, SvgOptions};
use sprouts::notation::Record;
use sprouts::text::parse_position;

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 600.0;

/// `draw <POSITION|RECORD> --svg FILE [--move K] [--legend] [--no-labels]`:
/// a record is drawn move by move (up to move K), a position is laid out.
/// `--svg -` prints the picture.
pub fn draw(args: &Args) -> Result<String, String> {
    let out = args
        .value("--svg")
        .ok_or("draw needs --svg FILE (or --svg - for standard output)")?;
    let upto = args.number("--move")?;
    let (pos, board) = if let Some(n) = args.number("--spots")? {
        if !(1..=1000).contains(&n) {
            return Err(format!("--spots {n}: choose 1 to 1000 spots"));
        }
        game(&format!("{n}+"), upto)?
    } else {
        let text = args
            .positional(0)
            .map_err(|_| "missing position or record".to_string())?;
        match parse_position(text) {
            Ok(p) if upto.is_none() => {
                Board::layout(&p, WIDTH, HEIGHT).map_err(|e| format!("position {text:?}: {e}"))?
            }
            Ok(_) => return Err("--move needs a record, not a position".to_string()),
            Err(pe) => match Record::parse(text) {
                Ok(_) => game(text, upto)?,
                Err(re) if looks_like_record(text) => return Err(format!("record {text:?}: {re}")),
                Err(_) => return Err(format!("position {text:?}: {pe}")),
            },
        }
    };
    let opts = SvgOptions {
        legend: args.flag("--legend"),
        labels: !args.flag("--no-labels"),
    };
    let picture = svg(&board, &pos, &opts);
    if out == "-" {
        return Ok(picture);
    }
    std::fs::write(out, &picture).map_err(|e| format!("{out}: {e}"))?;
    Ok(format!(
        "{out}: {} spots, {} lines\n",
        board.spot_count(),
        board.edges().len()
    ))
}

/// The board after move `upto` (all moves by default) of the record.
fn game(text: &str, upto: Option<u64>) -> Result<(sprouts::Position, Board), String> {
    let record = Record::parse(text).map_err(|e| format!("record {text:?}: {e}"))?;
    let moves = record.replay().map_err(|e| e.to_string())?;
    let k = match upto {
        None => moves.len(),
        Some(k) if k as usize <= moves.len() => k as usize,
        Some(k) => {
            return Err(format!(
                "--move {k}: the record ends after move {}",
                moves.len()
            ))
        }
    };
    Board::of_game(record.spots, &moves[..k], WIDTH, HEIGHT)
        .map_err(|(m, e)| format!("move {m}: {e}"))
}

/// `N+` or `N-` at the start: a record header.
fn looks_like_record(text: &str) -> bool {
    let t = text.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && matches!(t.as_bytes().get(digits), Some(b'+' | b'-'))
}
