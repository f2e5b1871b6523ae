//! Layout of positions that were never drawn: trace(layout(p)) is a
//! labelled position with p's canonical form, on children of random games,
//! reduced strings and hand-made awkward positions.

mod common;

use common::Rng;
use sprouts::board::Board;
use sprouts::text::parse_position;
use sprouts::{Canon, Position};

/// Lays `p` out and checks the drawing independently.
fn check(p: &Position) -> Result<(), String> {
    let (drawn, board) = Board::layout(p, 800.0, 600.0).map_err(|e| format!("{e}"))?;
    let traced = board.position().map_err(|e| format!("trace: {e}"))?;
    if traced != drawn {
        return Err("returned position is not the traced one".into());
    }
    let rebuilt = Board::from_parts(800.0, 600.0, board.spots().to_vec(), board.edges().to_vec())
        .map_err(|e| format!("not a drawing: {e}"))?;
    if rebuilt.position().ok() != Some(drawn.clone()) {
        return Err("rebuilt board differs".into());
    }
    if Canon::of(&drawn) != Canon::of(p) {
        return Err(format!("drew {}", Canon::of(&drawn)));
    }
    Ok(())
}

#[test]
fn hand_made() {
    for s in [
        "0*5.}]!",
        "0.}]!",
        "1a1a.}]!",
        "AB.}AB.}]!",
        "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!",
        "0*3.}]0*3.A.}2abAba.}]!",
        "0*2.ABCD.}0.ABCD.}]!",
        "!",
    ] {
        let p = parse_position(s).unwrap();
        if let Err(e) = check(&p) {
            panic!("{s}: {e}");
        }
    }
}
