//! Dan Hoey's boundary lists for labelled positions: spot numbers in
//! left-hand order separated by `,`, boundaries by `;`, regions by `/`, an
//! optional final `.` (seed 004 prints `5,1,3,2,4/5,4,1/4,2,3,1`). Every
//! spot is listed at each of its corners, dead ones too, so lives follow
//! from the counts: once and alone, 3 lives; once, 2; twice, 1; three
//! times, 0.

use super::{char_at, text_limit, ParseError, Syntax};
use crate::limits::{check, MAX_SPOTS, SPOTS};
use crate::topology::{Position, Region, Spot};
use std::fmt;

/// Prints a labelled position as a Hoey list.
pub struct HoeyDisplay<'a>(pub &'a Position);

impl fmt::Display for HoeyDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (ri, r) in self.0.regions().iter().enumerate() {
            if ri > 0 {
                f.write_str("/")?;
            }
            for (bi, b) in r.iter().enumerate() {
                if bi > 0 {
                    f.write_str(";")?;
                }
                for (ci, s) in b.iter().enumerate() {
                    if ci > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{s}")?;
                }
            }
        }
        Ok(())
    }
}

/// Parses a Hoey list into a labelled position.
pub fn parse_hoey(s: &str) -> Result<Position, ParseError> {
    text_limit(s)?;
    let bytes = s.as_bytes();
    let mut regions: Vec<Region> = vec![vec![vec![]]];
    let mut i = 0;
    let mut expect_spot = true;
    let mut max: u32 = 0;
    let mut done = false;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if done {
            return Err(ParseError { offset: i, what: Syntax::TrailingInput });
        }
        if expect_spot {
            if !c.is_ascii_digit() {
                return Err(ParseError { offset: i, what: Syntax::Unexpected(char_at(s, i)) });
            }
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            // A spot numbered n means n spots.
            let n: u64 = match s[start..i].parse() {
                Ok(n) if n >= 1 => n,
                _ => return Err(ParseError { offset: start, what: Syntax::BadNumber }),
            };
            check(SPOTS, n, MAX_SPOTS as u64).map_err(|e| ParseError { offset: start, what: Syntax::Limit(e) })?;
            let n = n as u32;
            max = max.max(n);
            regions.last_mut().and_then(|r| r.last_mut()).map(|b| b.push(n));
            expect_spot = false;
            continue;
        }
        match c {
            b',' => {}
            b';' => regions.last_mut().map(|r| r.push(vec![])).unwrap_or(()),
            b'/' => regions.push(vec![vec![]]),
            b'.' => done = true,
            _ => return Err(ParseError { offset: i, what: Syntax::Unexpected(char_at(s, i)) }),
        }
        expect_spot = c != b'.';
        i += 1;
    }
    if expect_spot {
        return Err(ParseError {
            offset: bytes.len(),
            what: if max == 0 { Syntax::Empty } else { Syntax::EmptyBoundary },
        });
    }
    let mut count = vec![0usize; max as usize];
    let mut alone = vec![false; max as usize];
    for b in regions.iter().flatten() {
        for &x in b {
            count[x as usize - 1] += 1;
            alone[x as usize - 1] = b.len() == 1;
        }
    }
    let mut lives = Vec::with_capacity(max as usize);
    for (i, &c) in count.iter().enumerate() {
        lives.push(match c {
            0 => return Err(ParseError { offset: bytes.len(), what: Syntax::MissingSpot(i as Spot + 1) }),
            1 if alone[i] => 3,
            1 => 2,
            2 => 1,
            _ => 0,
        });
    }
    Position::new_labelled(lives, regions)
        .map_err(|e| ParseError { offset: bytes.len(), what: Syntax::Position(e) })
}
