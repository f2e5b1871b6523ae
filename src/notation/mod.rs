//! PLACEHOLDER DOC

mod read;
mod record;
mod text;
mod write;

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
    pub result: Option<Winner>,
}

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
        write!(f, "move {} `{}`: {}", self.number, self.text, self.error)
    }
}

impl std::error::Error for ReplayError {}

