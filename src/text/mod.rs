//! Text formats for positions: one module per format.

mod glop;
mod hoey;

pub use glop::{parse_glop, parse_spots, SpotsDisplay};
pub(crate) use glop::{letter, upper_letter};
pub use hoey::{parse_hoey, HoeyDisplay};

use crate::limits::{check_text, LimitError};
use crate::topology::{Position, PositionError};
use std::fmt;

/// Text that is not a position, with the byte offset where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub offset: usize,
    pub what: Syntax,
}

/// What was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    Empty,
    Unexpected(char),
    TrailingInput,
    BadNumber,
    EmptyBoundary,
    EmptyRegion,
    EmptyLand,
    ZeroNotAlone,
    UnpairedLetter,
    LetterThrice,
    UpperInOneRegion,
    MissingSpot(u32),
    Position(PositionError),
    /// Over one of the input limits (`crate::limits`).
    Limit(LimitError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at offset {}: ", self.offset)?;
        match &self.what {
            Syntax::Empty => write!(f, "empty position"),
            Syntax::Unexpected(c) => write!(f, "unexpected {c:?}"),
            Syntax::TrailingInput => write!(f, "text after the end of the position"),
            Syntax::BadNumber => write!(f, "bad number"),
            Syntax::EmptyBoundary => write!(f, "empty boundary"),
            Syntax::EmptyRegion => write!(f, "empty region"),
            Syntax::EmptyLand => write!(f, "empty land"),
            Syntax::ZeroNotAlone => write!(f, "a `0` spot must be alone on its boundary"),
            Syntax::UnpairedLetter => {
                write!(f, "letter appears once (uppercase: twice in one land; lowercase: twice on one boundary)")
            }
            Syntax::LetterThrice => write!(f, "letter appears more than twice"),
            Syntax::UpperInOneRegion => {
                write!(f, "uppercase letter twice in one region (use lowercase)")
            }
            Syntax::MissingSpot(s) => write!(f, "spot {s} is missing"),
            Syntax::Position(e) => write!(f, "{e}"),
            Syntax::Limit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Whether [`parse_position`] reads `s` as a Hoey list (a labelled
/// position, spot numbers that matter) rather than a reduced string.
pub fn is_hoey(s: &str) -> bool {
    s.contains([',', ';', '/'])
}

/// The text's length against [`crate::limits::MAX_TEXT_BYTES`], before
/// anything is read.
fn text_limit(s: &str) -> Result<(), ParseError> {
    check_text(s).map_err(|e| ParseError { offset: 0, what: Syntax::Limit(e) })
}

/// The character that starts at byte `i` of `s` (offsets are bytes; a byte
/// in the middle of `é` is not a character of the text).
pub(crate) fn char_at(s: &str, i: usize) -> char {
    s.get(i..).and_then(|t| t.chars().next()).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// A move's text as error messages show it: at most 80 characters (a
/// move may list 100 KB of spots in `[L]`).
pub(crate) fn clip(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(79) {
        Some((k, _)) => format!("{}…", &s[..k]).into(),
        None => s.into(),
    }
}

/// How error messages quote the input: at most about 80 characters around
/// byte `offset`, `…` where text is left out, escaped to stay on one line
/// (a whole 100 KB position repeated in a message helps nobody).
///
/// ```
/// use sprouts::text::quote_around;
///
/// assert_eq!(quote_around("0*5.x", 4), "\"0*5.x\"");
/// let long = format!("{}é{}", "0.".repeat(100), "0.".repeat(100));
/// let q = quote_around(&long, 200);
/// assert!(q.chars().count() < 90 && q.contains('é'), "{q}");
/// ```
pub fn quote_around(s: &str, offset: usize) -> String {
    const SIDE: usize = 38;
    let mut at = offset.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    let before: Vec<(usize, char)> = s[..at].char_indices().rev().take(SIDE + 1).collect();
    let start = if before.len() > SIDE { before[SIDE - 1].0 } else { 0 };
    let end = s[at..].char_indices().nth(SIDE).map_or(s.len(), |(k, _)| at + k);
    let body = format!("{:?}", &s[start..end]);
    let body = &body[1..body.len() - 1];
    format!(
        "\"{}{body}{}\"",
        if start > 0 { "…" } else { "" },
        if end < s.len() { "…" } else { "" }
    )
}

/// Reads a position in any of the formats: a Hoey list (it has `,`, `;` or
/// `/`), the spots dialect (`|` or `+`), or a GLOP string. Digits alone
/// read as GLOP (`12` is a 2-life and a 1-life spot), so the one-spot Hoey
/// list `1` must be given to [`parse_hoey`] directly.
///
/// ```
/// use sprouts::text::parse_position;
///
/// let start = parse_position("0*2").unwrap(); // two isolated spots (GLOP)
/// let later = parse_position("1,3,2,4/1,4,2,3").unwrap(); // after 2+ 1(3)2 1(4)2 (Hoey)
/// assert_eq!((start.spot_count(), later.spot_count()), (2, 4));
/// assert_eq!(later.lives(3), 1);
/// let e = parse_position("0*2.x").unwrap_err();
/// assert_eq!(e.offset, 4);
/// ```
pub fn parse_position(s: &str) -> Result<Position, ParseError> {
    text_limit(s)?;
    let t = s.trim();
    if is_hoey(s) {
        parse_hoey(s)
    } else if t.contains(['|', '+']) {
        parse_spots(s)
    } else {
        parse_glop(s)
    }
}
