//! Lemoine–Viennot (GLOP) position strings.
//!
//! Vertex symbols: `0` (3 lives), `1` (2 lives), `2` (1 life, one corner),
//! an uppercase letter (1 life, corners in two regions of one land), a
//! lowercase letter (1 life, both corners on one boundary). `.` ends a
//! boundary, `}` a region, `]` a land, `!` the position; `0*k` is k isolated
//! spots. Letters past the 26th are written `<27>` (uppercase kind) and
//! `(27)` (lowercase kind): our extension, GLOP never needs it.
//!
//! Printing is canonical: `Canon::of(p).to_string()`.

use super::{char_at, text_limit, ParseError, Syntax};
use crate::limits::check_spots;
use crate::topology::{Canon, Position, Region, Spot};
use crate::topology::{T_DOT, T_LAND, T_LOWER, T_ONE, T_REGION, T_TWO, T_UPPER, T_ZERO};
use std::collections::HashMap;
use std::fmt;

impl fmt::Display for Canon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tokens(f, self.tokens(), &GLOP, true)?;
        f.write_str("!")
    }
}

/// Prints a canonical form in the "spots" dialect, with separators rather
/// than terminators: `0*18|1a1a`; the finished game is `!`.
pub struct SpotsDisplay<'a>(pub &'a Canon);

impl fmt::Display for SpotsDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("!");
        }
        write_tokens(f, self.0.tokens(), &SPOTS, false)
    }
}

/// Writes tokens with the dialect's marks, as terminators (GLOP) or as
/// separators (spots).
fn write_tokens(
    f: &mut fmt::Formatter<'_>,
    t: &[u16],
    d: &Dialect,
    terminate: bool,
) -> fmt::Result {
    let ends = |i: usize| terminate || i + 1 < t.len() && !matches!(t[i + 1], T_REGION | T_LAND);
    {
        let mut i = 0;
        while i < t.len() {
            match t[i] {
                T_ZERO => {
                    // A run of isolated spots: `0.0.0.` is `0*3.`.
                    let k = t[i..]
                        .chunks_exact(2)
                        .take_while(|c| *c == [T_ZERO, T_DOT])
                        .count()
                        .max(1);
                    if k > 1 {
                        write!(f, "0*{k}")?;
                        i += 2 * k - 1;
                        continue;
                    }
                    f.write_str("0")?;
                }
                T_DOT if ends(i) => write!(f, "{}", d.boundary as char)?,
                T_REGION if ends(i) => write!(f, "{}", d.region as char)?,
                T_LAND if terminate || i + 1 < t.len() => write!(f, "{}", d.land as char)?,
                T_DOT | T_REGION | T_LAND => {}
                T_ONE => f.write_str("1")?,
                T_TWO => f.write_str("2")?,
                x if x >= T_LOWER => letter(f, x - T_LOWER, b'a', '(', ')')?,
                x if x >= T_UPPER => letter(f, x - T_UPPER, b'A', '<', '>')?,
                _ => {}
            }
            i += 1;
        }
    }
    Ok(())
}

/// Letter `k` from `base` (`a` or `A`), past `z` its number in `open`/`close`
/// (shared with the surfaces' writer).
pub(crate) fn letter(f: &mut fmt::Formatter<'_>, k: u16, base: u8, open: char, close: char) -> fmt::Result {
    if k < 26 {
        write!(f, "{}", (base + k as u8) as char)
    } else {
        write!(f, "{open}{}{close}", k + 1)
    }
}

/// Separators of one dialect.
struct Dialect {
    boundary: u8,
    region: u8,
    land: u8,
}

const GLOP: Dialect = Dialect {
    boundary: b'.',
    region: b'}',
    land: b']',
};
const SPOTS: Dialect = Dialect {
    boundary: b'.',
    region: b'|',
    land: b'+',
};

/// Parses a GLOP string (`0*5.}]!`, `12.AB.}AB.}]!`). Trailing terminators
/// may be left out (`0*5` is the 5-spot start).
pub fn parse_glop(s: &str) -> Result<Position, ParseError> {
    parse_with(s, &GLOP)
}

/// Parses the 2025 "spots" solver dialect: `.` boundary, `|` region, `+`
/// land, `!` end, `*` repetition (`0*18|1a1a`).
pub fn parse_spots(s: &str) -> Result<Position, ParseError> {
    parse_with(s, &SPOTS)
}

/// A repetition count or a letter's number, `digits` at `offset`: 1 to
/// [`crate::limits::MAX_SPOTS`]; a larger one is an error naming the
/// limit, as a spot number in a Hoey list is.
fn number(digits: &[u8], offset: usize) -> Result<u32, ParseError> {
    let bad = |what| ParseError { offset, what };
    let k = std::str::from_utf8(digits)
        .ok()
        .and_then(|x| x.parse::<u64>().ok())
        .filter(|&k| k >= 1)
        .ok_or(bad(Syntax::BadNumber))?;
    check_spots(k.min(usize::MAX as u64) as usize).map_err(|e| bad(Syntax::Limit(e)))?;
    Ok(k as u32)
}

enum Sym {
    Digit(u8),
    Upper(u32),
    Lower(u32),
}

fn parse_with(s: &str, d: &Dialect) -> Result<Position, ParseError> {
    text_limit(s)?;
    let bytes = s.trim_end().as_bytes();
    let err = |offset: usize, what: Syntax| Err(ParseError { offset, what });
    let mut lives: Vec<u8> = Vec::new();
    let mut regions: Vec<Region> = Vec::new();
    let mut region: Region = Vec::new();
    let mut boundary: Vec<Spot> = Vec::new();
    // Letter -> (spot, region index, offset) for the land / region in progress.
    let mut upper: HashMap<u32, (Spot, usize, usize)> = HashMap::new();
    let mut lower: HashMap<u32, (Spot, usize)> = HashMap::new();
    let mut land_start = 0usize;
    let mut i = 0;
    let mut ended = false;
    let leading = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    i += leading;
    let close_land = |upper: &mut HashMap<u32, (Spot, usize, usize)>| -> Result<(), ParseError> {
        if let Some((&k, &(_, _, off))) = upper.iter().min_by_key(|e| e.1 .2) {
            let _ = k;
            return Err(ParseError {
                offset: off,
                what: Syntax::UnpairedLetter,
            });
        }
        Ok(())
    };
    while i < bytes.len() {
        let c = bytes[i];
        if ended {
            return err(i, Syntax::TrailingInput);
        }
        let start = i;
        let sym = match c {
            b'0' | b'1' | b'2' => {
                i += 1;
                Sym::Digit(c - b'0')
            }
            b'A'..=b'Z' => {
                i += 1;
                Sym::Upper((c - b'A') as u32)
            }
            b'a'..=b'z' => {
                i += 1;
                Sym::Lower((c - b'a') as u32)
            }
            b'<' | b'(' => {
                let close = if c == b'<' { b'>' } else { b')' };
                let end = match bytes[i + 1..].iter().position(|&x| x == close) {
                    Some(e) => i + 1 + e,
                    None => return err(i, Syntax::Unexpected(c as char)),
                };
                let k = number(&bytes[i + 1..end], i + 1)? - 1;
                i = end + 1;
                if c == b'<' {
                    Sym::Upper(k)
                } else {
                    Sym::Lower(k)
                }
            }
            x if x == d.boundary => {
                if boundary.is_empty() {
                    return err(i, Syntax::EmptyBoundary);
                }
                region.push(std::mem::take(&mut boundary));
                lower_done(&mut lower, i)?;
                i += 1;
                continue;
            }
            x if x == d.region => {
                if !boundary.is_empty() {
                    region.push(std::mem::take(&mut boundary));
                    lower_done(&mut lower, i)?;
                }
                if region.is_empty() {
                    return err(i, Syntax::EmptyRegion);
                }
                regions.push(std::mem::take(&mut region));
                i += 1;
                continue;
            }
            x if x == d.land || x == b'!' => {
                if !boundary.is_empty() {
                    region.push(std::mem::take(&mut boundary));
                    lower_done(&mut lower, i)?;
                }
                if !region.is_empty() {
                    regions.push(std::mem::take(&mut region));
                }
                if regions.len() == land_start && x == d.land {
                    return err(i, Syntax::EmptyLand);
                }
                close_land(&mut upper)?;
                land_start = regions.len();
                ended = x == b'!';
                i += 1;
                continue;
            }
            b'*' => return err(i, Syntax::Unexpected('*')),
            _ => return err(i, Syntax::Unexpected(char_at(s, i))),
        };
        // Optional repetition `*k`: the boundary so far, k times (only for a
        // boundary made of this one symbol, as in `0*5`).
        let mut times = 1usize;
        if bytes.get(i) == Some(&b'*') {
            let ds = i + 1;
            let mut e = ds;
            while e < bytes.len() && bytes[e].is_ascii_digit() {
                e += 1;
            }
            times = number(&bytes[ds..e], ds)? as usize;
            if !boundary.is_empty() || !matches!(sym, Sym::Digit(_)) {
                return err(i, Syntax::Unexpected('*'));
            }
            i = e;
        }
        // Every symbol makes at most `times` new spots: counted before
        // they are made, so that repetitions cannot run away.
        check_spots(lives.len() + times).map_err(|e| ParseError {
            offset: start,
            what: Syntax::Limit(e),
        })?;
        let ri = regions.len();
        match sym {
            Sym::Digit(dg) => {
                if dg == 0 && !boundary.is_empty() {
                    return err(start, Syntax::ZeroNotAlone);
                }
                if boundary.len() == 1 && lives[boundary[0] as usize - 1] == 3 {
                    return err(start, Syntax::ZeroNotAlone);
                }
                for t in 0..times {
                    lives.push(3 - dg);
                    boundary.push(lives.len() as Spot);
                    if t + 1 < times {
                        region.push(std::mem::take(&mut boundary));
                    }
                }
            }
            Sym::Upper(k) => {
                zero_check(&boundary, &lives, start)?;
                boundary.push(upper_letter(&mut upper, k, ri, start, &mut lives)?);
            }
            Sym::Lower(k) => {
                zero_check(&boundary, &lives, start)?;
                match lower.get_mut(&k) {
                    Some(e) if e.1 != usize::MAX => {
                        boundary.push(e.0);
                        e.1 = usize::MAX;
                    }
                    Some(_) => return err(start, Syntax::LetterThrice),
                    None => {
                        lives.push(1);
                        lower.insert(k, (lives.len() as Spot, start));
                        boundary.push(lives.len() as Spot);
                    }
                }
            }
        }
    }
    if !boundary.is_empty() {
        region.push(std::mem::take(&mut boundary));
        lower_done(&mut lower, bytes.len())?;
    }
    if !region.is_empty() {
        regions.push(region);
    }
    close_land(&mut upper)?;
    if regions.is_empty() && lives.is_empty() && !ended {
        return err(0, Syntax::Empty);
    }
    Position::new(lives, regions).map_err(|e| ParseError {
        offset: bytes.len(),
        what: Syntax::Position(e),
    })
}

/// The spot of uppercase letter `k` met at `offset` in region `ri`: at
/// its first sight a new spot of one life, at its second (which must be
/// in another region) that spot again. GLOP and the surfaces' text
/// (`crate::surfaces::canon`) read a letter alike.
pub(crate) fn upper_letter(
    upper: &mut HashMap<u32, (Spot, usize, usize)>,
    k: u32,
    ri: usize,
    offset: usize,
    lives: &mut Vec<u8>,
) -> Result<Spot, ParseError> {
    match upper.remove(&k) {
        Some((_, r0, _)) if r0 == ri => Err(ParseError { offset, what: Syntax::UpperInOneRegion }),
        Some((spot, _, _)) => Ok(spot),
        None => {
            lives.push(1);
            let spot = lives.len() as Spot;
            upper.insert(k, (spot, ri, offset));
            Ok(spot)
        }
    }
}

fn zero_check(boundary: &[Spot], lives: &[u8], offset: usize) -> Result<(), ParseError> {
    if boundary.len() == 1 && lives[boundary[0] as usize - 1] == 3 {
        return Err(ParseError {
            offset,
            what: Syntax::ZeroNotAlone,
        });
    }
    Ok(())
}

/// At the end of a boundary every lowercase letter must have been seen twice.
fn lower_done(lower: &mut HashMap<u32, (Spot, usize)>, _offset: usize) -> Result<(), ParseError> {
    let open = lower
        .values()
        .filter(|e| e.1 != usize::MAX)
        .map(|e| e.1)
        .min();
    lower.clear();
    match open {
        Some(off) => Err(ParseError {
            offset: off,
            what: Syntax::UnpairedLetter,
        }),
        None => Ok(()),
    }
}
