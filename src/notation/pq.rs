//! A (p, q) Sprouts move as written (issue 37): `1(5)2>3`, `1(6)1[2]<4#2`.
//!
//! A (p, q) move is drawn line by line (`crate::board::PqTurn`): first a
//! Sprouts line `a(x)b` with the new spot x on it, then q − 2 bare lines,
//! each from x to a spot t. The first line is written as a WGOSA move's
//! spots, `a(x)b`; each later line as `>t` or `<t`: it leaves x on the
//! right (`>`) or the left (`<`) of the first line walked from a to b
//! (for a loop `a(x)a`: `>` inside, as a loop is written clockwise round
//! what it separates). `>>t` is the second corner of x on the right,
//! counting from a's end (q ≥ 4 only: a corner of x lies between two of
//! its lines). After any line, optional selectors name the line exactly:
//! - `[L]` (commas and ranges): the spots that, after the line, lie only
//!   in the region on its right (walked from a to b, or from x to t;
//!   inside a loop): exactly those. Only for a line that splits a region;
//! - `#k`: the k-th (from 1) of the lines that fit the rest of the text,
//!   in the order of the labelled positions they leave (each region's
//!   boundaries as lists of spot numbers, each list from its smallest
//!   rotation, sorted; then the regions sorted).
//!
//! What a text means on a drawing is `crate::board::pq_text`; printing
//! gives the shortest text that reads back as exactly that line (the side
//! is always written). A plain WGOSA move (`src/notation/text.rs`) is
//! unchanged: this syntax is read only in a record tagged `{pq:P,Q}`.

use super::text::{ranges, Cursor};
use super::ParseRecordError;
use crate::topology::Spot;
use std::fmt;

/// Which corner of the new spot a later line leaves from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PqSide {
    /// On the right of the first line walked from a to b (inside a loop).
    pub right: bool,
    /// 1 for the corner nearest a's end of the first line, and on.
    pub rank: usize,
}

/// What names one line beyond its ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PqSelect {
    /// `[L]`: the spots only on the line's right (inside a loop).
    pub right_only: Option<Vec<Spot>>,
    /// `#k`, from 1.
    pub index: Option<usize>,
}

/// A later line of a move: `>t[L]#k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PqBare {
    pub side: PqSide,
    pub to: Spot,
    pub select: PqSelect,
}

/// A whole (p, q) move: `a(x)b[L]#k` and its later lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PqMoveText {
    pub from: Spot,
    pub new: Spot,
    pub to: Spot,
    pub select: PqSelect,
    pub bare: Vec<PqBare>,
}

impl fmt::Display for PqSelect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(l) = &self.right_only {
            write!(f, "[{}]", ranges(l))?;
        }
        if let Some(k) = self.index {
            write!(f, "#{k}")?;
        }
        Ok(())
    }
}

impl fmt::Display for PqBare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = if self.side.right { ">" } else { "<" };
        write!(f, "{}{}{}", c.repeat(self.side.rank.max(1)), self.to, self.select)
    }
}

impl fmt::Display for PqMoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({}){}{}", self.from, self.new, self.to, self.select)?;
        for b in &self.bare {
            write!(f, "{b}")?;
        }
        Ok(())
    }
}

impl PqMoveText {
    /// Parses one move; an error gives the byte offset in `s`.
    pub fn parse(s: &str) -> Result<PqMoveText, ParseRecordError> {
        let mut c = Cursor::new(s)?;
        c.skip_space();
        let from = c.number()?;
        if !c.eat(b'(') {
            return c.err("expected `(` before the new spot");
        }
        let new = c.number()?;
        if !c.eat(b')') {
            return c.err("expected `)` after the new spot");
        }
        let to = c.number()?;
        let select = read_select(&mut c)?;
        let mut bare = Vec::new();
        while let Some(ch @ (b'>' | b'<')) = c.peek() {
            let mut rank = 0;
            while c.eat(ch) {
                rank += 1;
            }
            if c.peek().is_some_and(|b| b == b'>' || b == b'<') {
                return c.err("a line leaves the new spot on one side: `>` or `<`, not both");
            }
            let to = c.number()?;
            let select = read_select(&mut c)?;
            bare.push(PqBare { side: PqSide { right: ch == b'>', rank }, to, select });
        }
        c.skip_space();
        if c.peek().is_some() {
            return c.err("unexpected text after the move (a later line is `>t` or `<t`)");
        }
        Ok(PqMoveText { from, new, to, select, bare })
    }
}

/// `[L]` and `#k`, each optional.
fn read_select(c: &mut Cursor) -> Result<PqSelect, ParseRecordError> {
    let mut out = PqSelect::default();
    if c.eat(b'[') {
        let mut listed = Vec::new();
        c.skip_space();
        if !c.eat(b']') {
            loop {
                c.skip_space();
                let start = c.i;
                let a = c.number()?;
                let b = if c.eat(b'-') { c.number()? } else { a };
                if b < a {
                    return c.err_at(start, "bad range");
                }
                c.listed += (b - a) as usize + 1;
                if let Err(e) = crate::limits::check("spots listed in [L] lists", c.listed as u64, crate::limits::MAX_LISTED as u64) {
                    return c.err_at(start, e);
                }
                listed.extend(a..=b);
                c.skip_space();
                if c.eat(b']') {
                    break;
                }
                if !c.eat(b',') {
                    return c.err("expected `,` or `]` in the list of spots");
                }
            }
        }
        crate::sort::sort(&mut listed);
        listed.dedup();
        out.right_only = Some(listed);
    }
    if c.eat(b'#') {
        let start = c.i;
        let k = c.number()? as usize;
        if k == 0 {
            return c.err_at(start, "`#k` counts from 1");
        }
        out.index = Some(k);
    }
    Ok(out)
}
