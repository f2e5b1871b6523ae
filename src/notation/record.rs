//! A whole record: `N+` or `N-`, optional players `(First* - Second, note)`,
//! the moves, an optional result `I` / `II`; reading, printing, replaying.

use super::read::resolve;
use super::text::{parse_move, Cursor};
use super::{MoveError, ParseRecordError, Players, Record, ReplayError, Winner};
use crate::topology::{Move, Position};
use std::fmt;

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.spots, if self.misere { '-' } else { '+' })?;
        if let Some(p) = &self.players {
            let star = |w| if p.chooser == Some(w) { "*" } else { "" };
            write!(f, " ({}{} - {}{}", p.first, star(Winner::First), p.second, star(Winner::Second))?;
            if let Some(note) = &p.note {
                write!(f, ", {note}")?;
            }
            f.write_str(")")?;
        }
        for m in &self.moves {
            write!(f, " {m}")?;
        }
        match self.result {
            Some(Winner::First) => f.write_str(" I"),
            Some(Winner::Second) => f.write_str(" II"),
            None => Ok(()),
        }
    }
}

/// The text between the parentheses of a header: `First* - Second` or
/// `First-Second*`, then optionally `, note` (a date or the event).
fn parse_players(text: &str, offset: usize) -> Result<Players, ParseRecordError> {
    let err = |message: &str| Err(ParseRecordError { offset, message: message.into() });
    let (names, note) = match text.split_once(',') {
        Some((n, rest)) => (n, Some(rest.trim()).filter(|r| !r.is_empty()).map(str::to_string)),
        None => (text, None),
    };
    // ` - ` separates the names; without spaces the only `-` does.
    let (a, b) = match names.split_once(" - ") {
        Some(pair) => pair,
        None if names.matches('-').count() == 1 => names.split_once('-').unwrap_or_default(),
        None => return err("players are written `(First - Second)`"),
    };
    let (a, b) = (a.trim(), b.trim());
    let chooser = match (a.ends_with('*'), b.ends_with('*')) {
        (true, false) => Some(Winner::First),
        (false, true) => Some(Winner::Second),
        (false, false) => None,
        (true, true) => return err("only one player chooses the game"),
    };
    // Only the last `*` marks the chooser: a name may itself end in `*`
    // (`A** - B` is `A*`, who chose), so that every name prints back.
    let name = |s: &'_ str| s.strip_suffix('*').unwrap_or(s).trim().to_string();
    let (first, second) = (name(a), name(b));
    if first.is_empty() || second.is_empty() {
        return err("a player's name is empty");
    }
    Ok(Players { first, second, chooser, note })
}

impl Record {
    /// Parses a whole record: header, optional players, moves, result.
    pub fn parse(s: &str) -> Result<Record, ParseRecordError> {
        Record::parse_spans(s).map(|(rec, _)| rec)
    }

    /// Parses a record and keeps each move's text exactly as written
    /// (`30(31)19`, `11(46)11[12-15]`), which the parsed [`MoveText`]s
    /// print in their own order (`[12-15]` stays, but spacing and the
    /// engine's shortest form do not): a replay shows what players wrote.
    ///
    /// ```
    /// use sprouts::notation::Record;
    ///
    /// let (rec, written) = Record::parse_written("2+ (A - B*) 1(3)2 1(4)2[ 1 ] II").unwrap();
    /// assert_eq!(written, ["1(3)2", "1(4)2[ 1 ]"]);
    /// assert_eq!(rec.moves.len(), 2);
    /// ```
    pub fn parse_written(s: &str) -> Result<(Record, Vec<String>), ParseRecordError> {
        let (rec, spans) = Record::parse_spans(s)?;
        let written = spans.into_iter().map(|r| s.get(r).unwrap_or_default().to_string()).collect();
        Ok((rec, written))
    }

    /// The record and the byte range of each move in `s`.
    fn parse_spans(s: &str) -> Result<(Record, Vec<std::ops::Range<usize>>), ParseRecordError> {
        let mut spans = Vec::new();
        let mut c = Cursor::new(s)?;
        c.skip_space();
        let start = c.i;
        let spots = c.number()? as usize;
        if !(1..=1000).contains(&spots) {
            return Err(ParseRecordError { offset: start, message: "a game has 1 to 1000 spots".into() });
        }
        let misere = match c.peek() {
            Some(b'+') => false,
            Some(b'-') => true,
            _ => return c.err("expected `+` (normal play) or `-` (misère) after the number of spots"),
        };
        c.i += 1;
        let mut rec = Record { spots, misere, players: None, moves: Vec::new(), result: None };
        c.skip_space();
        if c.eat(b'(') {
            let start = c.i;
            let Some(len) = c.s[start..].iter().position(|&b| b == b')') else {
                return c.err("expected `)` after the players");
            };
            let text = String::from_utf8_lossy(&c.s[start..start + len]).into_owned();
            c.i = start + len + 1;
            rec.players = Some(parse_players(&text, start)?);
        }
        loop {
            c.skip_space();
            match c.peek() {
                None => break,
                Some(b'I') => {
                    let start = c.i;
                    let mut n = 0;
                    while c.eat(b'I') {
                        n += 1;
                    }
                    rec.result = match n {
                        1 => Some(Winner::First),
                        2 => Some(Winner::Second),
                        _ => return Err(ParseRecordError { offset: start, message: "the result is `I` or `II`".into() }),
                    };
                    c.skip_space();
                    if c.peek().is_some() {
                        return c.err("unexpected text after the result");
                    }
                    break;
                }
                Some(_) => {
                    // Each move takes a life and a game ends with one left.
                    if rec.moves.len() + 1 > 3 * spots - 1 {
                        return c.err(format!("a {spots}-spot game has at most {} moves", 3 * spots - 1));
                    }
                    let start = c.i;
                    let m = parse_move(&mut c)?;
                    if c.peek().is_some_and(|b| !b.is_ascii_whitespace()) {
                        return c.err("expected a space after the move");
                    }
                    rec.moves.push(m);
                    spans.push(start..c.i);
                }
            }
        }
        Ok((rec, spans))
    }

    /// Plays the record from its start position; every position after each
    /// move, and the moves as the engine resolved them.
    pub fn replay(&self) -> Result<Vec<(Move, Position)>, ReplayError> {
        let mut p = Position::start(self.spots).map_err(|e| ReplayError {
            number: 0,
            text: String::new(),
            error: MoveError::Illegal(e.to_string()),
        })?;
        let mut out = Vec::with_capacity(self.moves.len());
        for (k, m) in self.moves.iter().enumerate() {
            let (mv, child) = resolve(&p, m).map_err(|error| ReplayError { number: k + 1, text: m.to_string(), error })?;
            out.push((mv, child.clone()));
            p = child;
        }
        Ok(out)
    }
}
