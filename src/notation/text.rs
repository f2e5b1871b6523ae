//! One move as written, `f!(g@i)!h![L]`: reading and printing the text
//! (what it means in a position is [`super::read`]).

use super::{MoveText, ParseRecordError};
use crate::limits::{check, check_text, MAX_LISTED, MAX_SPOTS, SPOTS};
use crate::topology::Spot;
use std::fmt;

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bang = |on: bool| if on { "!" } else { "" };
        write!(f, "{}{}({}", self.from, bang(self.from_flip), self.new)?;
        if let Some(i) = self.at {
            write!(f, "@{i}")?;
        }
        write!(f, "){}{}{}", bang(self.to_flip), self.to, bang(self.side_flip))?;
        if !self.listed.is_empty() {
            write!(f, "[{}]", ranges(&self.listed))?;
        }
        Ok(())
    }
}

/// `[3,4,5,7]` as `3-5,7` (a run of two stays `3,4`, as players write it).
pub(super) fn ranges(spots: &[Spot]) -> String {
    let mut v = spots.to_vec();
    crate::sort::sort(&mut v);
    v.dedup();
    let mut out = String::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        if !out.is_empty() {
            out.push(',');
        }
        if j >= i + 2 {
            out.push_str(&format!("{}-{}", v[i], v[j]));
        } else {
            out.push_str(&v[i..=j].iter().map(|s| s.to_string()).collect::<Vec<_>>().join(","));
        }
        i = j + 1;
    }
    out
}

/// A byte cursor over record text; errors carry the byte offset.
pub(super) struct Cursor<'a> {
    pub s: &'a [u8],
    pub i: usize,
    /// Spots listed in `[L]` so far (ranges expanded), against
    /// [`MAX_LISTED`] for the whole text.
    pub listed: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `s`, once its length is within
    /// [`crate::limits::MAX_TEXT_BYTES`].
    pub fn new(s: &'a str) -> Result<Cursor<'a>, ParseRecordError> {
        check_text(s).map_err(|e| ParseRecordError { offset: 0, message: e.to_string() })?;
        Ok(Cursor { s: s.as_bytes(), i: 0, listed: 0 })
    }

    /// An error at `offset`.
    pub fn err_at<T>(&self, offset: usize, message: impl ToString) -> Result<T, ParseRecordError> {
        Err(ParseRecordError { offset, message: message.to_string() })
    }

    pub fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseRecordError> {
        Err(ParseRecordError { offset: self.i, message: message.into() })
    }
    pub fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    pub fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    pub fn number(&mut self) -> Result<u32, ParseRecordError> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        if start == self.i {
            return self.err("expected a spot number");
        }
        // A spot numbered n means n spots.
        match std::str::from_utf8(&self.s[start..self.i]).ok().and_then(|t| t.parse::<u64>().ok()) {
            Some(n) if n >= 1 => match check(SPOTS, n, MAX_SPOTS as u64) {
                Ok(()) => Ok(n as u32),
                Err(e) => self.err_at(start, e),
            },
            _ => self.err_at(start, "spot number out of range"),
        }
    }
    pub fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }
}

impl MoveText {
    /// Parses one move, `f!(g@i)!h![L]`.
    pub fn parse(s: &str) -> Result<MoveText, ParseRecordError> {
        let mut c = Cursor::new(s.trim())?;
        let m = parse_move(&mut c)?;
        if c.peek().is_some() {
            return c.err("unexpected text after the move");
        }
        Ok(m)
    }
}

pub(super) fn parse_move(c: &mut Cursor) -> Result<MoveText, ParseRecordError> {
    let mut m = MoveText { from: c.number()?, ..MoveText::default() };
    m.from_flip = c.eat(b'!');
    if !c.eat(b'(') {
        return c.err("expected `(` before the new spot");
    }
    m.new = c.number()?;
    if c.eat(b'@') {
        m.at = Some(c.number()?);
    }
    if !c.eat(b')') {
        return c.err("expected `)` after the new spot");
    }
    m.to_flip = c.eat(b'!');
    m.to = c.number()?;
    m.side_flip = c.eat(b'!');
    if c.eat(b'[') {
        loop {
            c.skip_space();
            let start = c.i;
            let a = c.number()?;
            let b = if c.eat(b'-') { c.number()? } else { a };
            if b < a {
                return c.err("bad range");
            }
            // Counted before the range is expanded.
            c.listed += (b - a) as usize + 1;
            if let Err(e) = check("spots listed in [L] lists", c.listed as u64, MAX_LISTED as u64) {
                return c.err_at(start, e);
            }
            m.listed.extend(a..=b);
            c.skip_space();
            if c.eat(b']') {
                break;
            }
            if !c.eat(b',') {
                return c.err("expected `,` or `]` in the list of spots");
            }
        }
        crate::sort::sort(&mut m.listed);
        m.listed.dedup();
    }
    Ok(m)
}
