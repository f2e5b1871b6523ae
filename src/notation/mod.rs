//! WGOSA game records: `2+ 1(3)2 1(4)2 1(5)4 2(6@5)3 II`.
//!
//! A move `f(g)h` draws a line from spot f to spot h (f = h for a loop)
//! with new spot g. The WGOSA "Sprouts Notation" page says what the
//! optional parts are for; this is exactly how we read them (docs/notation.md,
//! "WGOSA game records", has worked examples):
//!
//! - `[L]` (commas and ranges, `[5,7,10-12]`), for a move that splits a
//!   region, lists spots the move separates from the others. A line drawn
//!   between two spots of one boundary (or a loop) cuts that boundary into
//!   two sides; what stays connected on one side once f, h and the spots
//!   with corners on both sides are taken away is a *piece* (a path
//!   hanging from f, say). A listed spot names its piece, or the other
//!   boundary of the region it lies on; listed ends and two-sided spots
//!   name nothing, so naming more spots than needed is fine. The named
//!   pieces make up the side of L: named pieces of the redrawn boundary
//!   must all lie on one side, every piece with a live spot on that side
//!   must be named, named boundaries go to that side and the others to the
//!   other side. When no piece of the redrawn boundary is named, L is the
//!   side that has no live piece of it; when neither side has one, L is on
//!   the right of the line drawn from f to h (inside a loop, which is drawn
//!   clockwise around what it separates), and `!` after h puts it on the
//!   left. Pieces without live spots need not be listed.
//! - `@i`: after the move, the new spot g and spot i share a region.
//! - `!` after f (or before h): that end uses the corner that breaks the
//!   "clockwise expectation". An ant walking along the new line from g
//!   into f has f's two neighbours on its left and right; the expected
//!   corner has the higher-numbered neighbour on the left (in left-hand
//!   order, as Hoey lists are written: the neighbour before the corner is
//!   higher than the one after). f decides first, then h: among the
//!   drawings left, an end with `!` takes its unexpected corner (a `!` that
//!   no drawing needs changes nothing), an end without `!` prefers its
//!   expected corner.
//! - Without `@`, among several drawings those that some `@i` singles out
//!   are not meant (WGOSA: "for a move for which there is no such spot i,
//!   the string f(g)h is used").
//!
//! One drawing left is the move; several is an ambiguity (the error says
//! how to write each); none is illegal, with the reason. Printing a move
//! gives the shortest text that reads back as exactly that move.

mod read;
mod pq;
mod record;
mod text;
mod write;

pub use pq::{PqBare, PqMoveText, PqSelect, PqSide};
pub use read::resolve;
pub use write::{move_text, write_move};

use crate::topology::Spot;
use std::fmt;

/// A move as written: `f!(g@i)!h![L]`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveText {
    pub from: Spot,
    pub new: Spot,
    pub at: Option<Spot>,
    pub to: Spot,
    pub from_flip: bool,
    pub to_flip: bool,
    pub side_flip: bool,
    pub listed: Vec<Spot>,
}

/// Which player won: `I` (the first to move) or `II`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    First,
    Second,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub spots: usize,
    pub misere: bool,
    /// Player names, first mover first, and which one chose the game (`*`).
    pub players: Option<Players>,
    pub moves: Vec<MoveText>,
    /// Who won, as written: not necessarily the last mover (most
    /// tournament games end by concession).
    pub result: Option<Winner>,
}

/// The players of a record, `(First* - Second, note)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    pub first: String,
    pub second: String,
    pub chooser: Option<Winner>,
    /// What follows a comma after the names: a date or the event
    /// (`(P* - Q, 2010-06-03)`).
    pub note: Option<String>,
}

/// Text that is not a record, with the byte offset where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRecordError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at offset {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseRecordError {}

/// A well-formed move that is not a move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The new spot must get the next number.
    WrongNewSpot { expected: Spot },
    /// No legal move fits the text; the reason.
    Illegal(String),
    /// Several moves fit; how to write each.
    Ambiguous(Vec<String>),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::WrongNewSpot { expected } => {
                write!(f, "the new spot must be numbered {expected}")
            }
            MoveError::Illegal(why) => write!(f, "illegal, {why}"),
            MoveError::Ambiguous(alts) => {
                let mut distinct = alts.clone();
                crate::sort::sort(&mut distinct);
                distinct.dedup();
                if distinct.len() < alts.len() {
                    // Two drawings with one text: naming them would only
                    // repeat the question.
                    return write!(f, "ambiguous, the move can be drawn {} ways that this notation does not tell apart", alts.len());
                }
                write!(f, "ambiguous, the move can be drawn {} ways (write ", alts.len())?;
                for (i, a) in alts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == alts.len() { " or " } else { ", " })?;
                    }
                    f.write_str(a)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A move of a record that cannot be played: which one and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based move number.
    pub number: usize,
    pub text: String,
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} `{}`: {}", self.number, crate::text::clip(&self.text), self.error)
    }
}

impl std::error::Error for ReplayError {}

