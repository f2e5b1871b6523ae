//! Text that may be a game or a position, read one way everywhere: a WGOSA
//! record when it reads as one (`2+ 1(3)2 1(4)2`), otherwise a position
//! (GLOP string, spots dialect, Hoey list). Every command that takes a
//! position or a record reads its text here, so `0+12` (two lands in the
//! spots dialect) is the same position for `draw` as for `solve`.
//!
//! "Reads as one" means the record's syntax: a record whose moves are not
//! legal is still a record, and its error is the move's. No text reads both
//! ways (a record needs a header `N+` / `N-` with N ≥ 1 and then moves,
//! which no position format writes), so the order only decides which error
//! to give, and when neither reading works the error names both.

use crate::notation::{ParseRecordError, Record, ReplayError};
use crate::text::{parse_position, quote_around, ParseError, Syntax};
use crate::topology::Position;
use std::fmt;

/// What a text reads as.
#[derive(Clone, Debug)]
pub enum Reading {
    /// A game record (its moves not yet checked: see [`Reading::position`]).
    Record(Record),
    /// A position, as written (labelled when it was a Hoey list).
    Position(Position),
}

impl Reading {
    /// The position the text stands for: the record's position after its
    /// last move, or the position itself. A record with an illegal move
    /// gives that move's error.
    pub fn position(&self) -> Result<Position, ReplayError> {
        match self {
            Reading::Position(p) => Ok(p.clone()),
            Reading::Record(r) => {
                let steps = r.replay()?;
                match steps.last() {
                    Some((_, p)) => Ok(p.clone()),
                    None => Position::start(r.spots).map_err(|e| ReplayError {
                        number: 0,
                        text: String::new(),
                        error: crate::notation::MoveError::Illegal(e.to_string()),
                    }),
                }
            }
        }
    }

    /// Whether the text says misère play: a record's header does (`4-`);
    /// a position says nothing (`None`).
    pub fn misere(&self) -> Option<bool> {
        match self {
            Reading::Record(r) => Some(r.misere),
            Reading::Position(_) => None,
        }
    }
}

/// Text that is neither a record nor a position: both readings' errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingError {
    /// Why it is not a record.
    pub record: ParseRecordError,
    /// Why it is not a position.
    pub position: ParseError,
    /// The text, quoted around the offset of the reading that went further.
    quoted: String,
}

impl ReadingError {
    /// The offset of the reading that went further (the likelier meaning).
    pub fn offset(&self) -> usize {
        self.record.offset.max(self.position.offset)
    }
}

impl fmt::Display for ReadingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Syntax::Limit(_) = &self.position.what {
            if self.position.offset == 0 && self.record.offset == 0 {
                // Too long to read either way: one reason is enough.
                return write!(f, "{}: {}", self.quoted, self.position);
            }
        }
        write!(f, "{} is neither a game record ({}) nor a position ({})", self.quoted, self.record, self.position)
    }
}

impl std::error::Error for ReadingError {}

/// Reads `text` as a record when it reads as one, otherwise as a position.
///
/// ```
/// use sprouts::reading::{read, Reading};
///
/// assert!(matches!(read("2+ 1(3)2 1(4)2").unwrap(), Reading::Record(_)));
/// // Not a record (a game has at least one spot): two lands, spots dialect.
/// let p = read("0+12").unwrap().position().unwrap();
/// assert_eq!(p.spot_count(), 3);
/// let e = read("2+ 1(3)2 x").unwrap_err().to_string();
/// assert!(e.contains("neither a game record (at offset 9: ") && e.contains("nor a position (at offset 2: "), "{e}");
/// ```
pub fn read(text: &str) -> Result<Reading, ReadingError> {
    let record = match Record::parse(text) {
        Ok(r) => return Ok(Reading::Record(r)),
        Err(e) => e,
    };
    match parse_position(text) {
        Ok(p) => Ok(Reading::Position(p)),
        Err(position) => {
            let at = record.offset.max(position.offset);
            Err(ReadingError { record, position, quoted: quote_around(text, at) })
        }
    }
}
