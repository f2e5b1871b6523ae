//! One move as written, `f!(g@i)!h![L]`: reading and printing the text
//! (what it means in a position is [`super::read`]).

use super::{MoveText, ParseRecordError};
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
fn ranges(spots: &[Spot]) -> String {
    let mut v = spots.to_vec();
    v.sort_unstable();
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
}

impl Cursor<'_> {
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
        match std::str::from_utf8(&self.s[start..self.i]).ok().and_then(|t| t.parse::<u32>().ok()) {
            Some(n) if (1..=1_000_000).contains(&n) => Ok(n),
            _ => Err(ParseRecordError { offset: start, message: "spot number out of range".into() }),
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
        let mut c = Cursor { s: s.trim().as_bytes(), i: 0 };
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
            let a = c.number()?;
            let b = if c.eat(b'-') { c.number()? } else { a };
            if b < a || b - a > 100_000 {
                return c.err("bad range");
            }
            m.listed.extend(a..=b);
            if m.listed.len() > 100_000 {
                return c.err("too many listed spots");
            }
            c.skip_space();
            if c.eat(b']') {
                break;
            }
            if !c.eat(b',') {
                return c.err("expected `,` or `]` in the list of spots");
            }
        }
        m.listed.sort_unstable();
        m.listed.dedup();
    }
    Ok(m)
}
