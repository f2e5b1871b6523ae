//! A game under other rules (issue 37): Brussels Sprouts, dots-or-crosses
//! and Weeds on a drawn board (see `crate::variants` for the rules and
//! `crate::board::crosses` for how crosses are drawn).
//!
//! A variant move is a plane move (the same stroke checks, the same
//! router) whose new spot is then kept (a dot), made a cross-bar or taken
//! out (Weeds). Its text is the plane move's WGOSA text, with `x` after it
//! for a cross-bar and `n` for no dot, where the rules leave a choice
//! (Brussels Sprouts: every move is a cross-bar, no mark). A cross-bar
//! move `a(c)b` adds spots `c` to `c + 3` (see
//! [`crate::board::Board::put_cross_bar`]).
//!
//! A record of a game under other rules starts with a tag naming them,
//! `{brussels}`, `{dots-or-crosses}`, `{weeds}`, with the start after the
//! name where it is not the rules' own (`{dots-or-crosses crosses}`);
//! `N+`/`N-` then counts crosses or dots. A plain Sprouts record has no
//! tag and is unchanged.

use super::{Game, GameError, Start};
use crate::board::{arm_length, Board, Point};
use crate::text::quote_around;
use crate::variants::{NewSpot, Rules, StartKind};

/// The rules of a game and what it started from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub rules: Rules,
    pub start: StartKind,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant { rules: Rules::Sprouts, start: StartKind::Dots }
    }
}

impl Variant {
    /// The rules with their own start (crosses for Brussels Sprouts, dots
    /// otherwise) unless `start` says otherwise. Brussels Sprouts from
    /// dots and plain Sprouts from crosses are not games here.
    pub fn new(rules: Rules, start: Option<StartKind>) -> Result<Variant, String> {
        let start = start.unwrap_or(rules.default_start());
        if start != rules.default_start() && rules != Rules::DotsOrCrosses {
            return Err(format!("{rules} starts from {} only", start_name(rules.default_start())));
        }
        Ok(Variant { rules, start })
    }

    /// Whether this is plain Sprouts (no tag, no marks).
    pub fn is_plain(self) -> bool {
        self.rules == Rules::Sprouts
    }

    /// The record tag, `{brussels}`; empty for plain Sprouts.
    pub fn tag(self) -> String {
        if self.is_plain() {
            String::new()
        } else if self.start == self.rules.default_start() {
            format!("{{{}}}", self.rules)
        } else {
            format!("{{{} {}}}", self.rules, start_name(self.start))
        }
    }

    /// Reads a tag's inside (`brussels`, `dots-or-crosses crosses`).
    pub fn parse_tag(text: &str) -> Result<Variant, String> {
        let mut words = text.split_whitespace();
        let rules: Rules = words.next().unwrap_or_default().parse()?;
        let start = match words.next() {
            None => None,
            Some(w) => Some(parse_start(w)?),
        };
        if let Some(w) = words.next() {
            return Err(format!("unexpected {w:?} after the start"));
        }
        Variant::new(rules, start)
    }

    /// What an unmarked move puts on its line.
    fn default_spot(self) -> NewSpot {
        self.rules.new_spots()[0]
    }

    /// A move's text with its mark (none for the rules' default).
    pub fn mark(self, text: &str, what: NewSpot) -> String {
        if what == self.default_spot() {
            return text.to_string();
        }
        format!("{text}{}", if what == NewSpot::Cross { 'x' } else { 'n' })
    }

    /// A move's text without its mark, and what the mark asks for.
    pub fn unmark(self, text: &str) -> Result<(String, NewSpot), String> {
        let t = text.trim_end();
        let (plain, what) = match t.as_bytes().last() {
            Some(b'x') => (&t[..t.len() - 1], NewSpot::Cross),
            Some(b'n') => (&t[..t.len() - 1], NewSpot::Nothing),
            _ => (t, self.default_spot()),
        };
        self.check(what)?;
        Ok((plain.to_string(), what))
    }

    /// Whether the rules allow `what` on a new line.
    pub fn check(self, what: NewSpot) -> Result<(), String> {
        if self.rules.new_spots().contains(&what) {
            Ok(())
        } else {
            let allowed: Vec<&str> = self.rules.new_spots().iter().map(|w| w.name()).collect();
            Err(format!("{} puts {} on a new line, not {}", self.rules, allowed.join(" or "), what.name()))
        }
    }
}

/// `dots` or `crosses`.
pub fn parse_start(s: &str) -> Result<StartKind, String> {
    match s {
        "dots" => Ok(StartKind::Dots),
        "crosses" => Ok(StartKind::Crosses),
        _ => Err(format!("unknown start {s:?} (dots or crosses)")),
    }
}

pub fn start_name(k: StartKind) -> &'static str {
    match k {
        StartKind::Dots => "dots",
        StartKind::Crosses => "crosses",
    }
}

/// A record's tag and the rest: `({rules}, rest, offset of rest)`; no tag:
/// plain Sprouts.
pub fn split_tag(record: &str) -> Result<(Variant, usize), GameError> {
    let body = record.trim_start();
    let at = record.len() - body.len();
    if !body.starts_with('{') {
        return Ok((Variant::default(), 0));
    }
    let Some(end) = body.find('}') else {
        return Err(GameError::Start(format!("not a game record: `{{` without `}}` at offset {at}")));
    };
    let v = Variant::parse_tag(&body[1..end])
        .map_err(|e| GameError::Start(format!("not a game record: {e}, in {}", quote_around(record, at + 1))))?;
    Ok((v, at + end + 1))
}

/// A record's words with their offsets: split at spaces outside
/// brackets and parentheses (`1(4)2[ 1 ]` is one move, `(A - B)` one
/// word).
pub(super) fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut from) = (0i32, None);
    for (i, ch) in s.char_indices() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if ch.is_whitespace() && depth <= 0 {
            if let Some(f) = from.take() {
                out.push((f, &s[f..i]));
            }
        } else if from.is_none() {
            from = Some(i);
        }
    }
    if let Some(f) = from {
        out.push((f, &s[f..]));
    }
    out
}

impl Game {
    /// A new game under `variant` of `n` dots or crosses on a `width` ×
    /// `height` board.
    pub fn new_variant(variant: Variant, n: usize, misere: bool, width: f64, height: f64) -> Result<Game, GameError> {
        if variant.start == StartKind::Dots {
            let mut g = Game::new(n, misere, width, height)?;
            g.variant = variant;
            return Ok(g);
        }
        super::check_spots(n)?;
        super::check_size(width, height)?;
        let board = Board::crosses_start(n, width, height).map_err(super::board_error)?;
        let position = board.position().map_err(|e| GameError::Internal(e.to_string()))?;
        let mut g = Game::with(Start::Spots(n), position, Some(board), misere);
        g.variant = variant;
        Ok(g)
    }

    /// What a finished game's end means under its rules, for the status:
    /// `live` spots are left with a life (free arms, under crosses).
    pub(super) fn end_words(&self, live: usize) -> String {
        let moves = self.cursor;
        let s = |k: usize| if k == 1 { "" } else { "s" };
        match self.variant.rules {
            Rules::Sprouts => format!("{live} spot{} survive{}", s(live), if live == 1 { "s" } else { "" }),
            Rules::Brussels => format!(
                "{live} free arm{} left, no two of them can be joined; {moves} moves, as every game of n crosses lasts 5n − 2",
                s(live)
            ),
            Rules::DotsOrCrosses => format!("{live} free end{} left, no two of them can be joined; {moves} moves", s(live)),
            Rules::Weeds => format!("{live} spot{} with a life left, no two of them can be joined; {moves} moves", s(live)),
        }
    }

    /// The rules and the start.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// A game from a record, with or without a rules tag (see the module
    /// doc), drawn on a `width` × `height` board (a game under other rules
    /// is always drawn: its spot numbers come from the drawing).
    pub fn from_tagged_record(record: &str, size: Option<(f64, f64)>) -> Result<Game, GameError> {
        let (v, at) = split_tag(record)?;
        if v.is_plain() {
            return Game::from_record(record, size);
        }
        let (w, h) = size.unwrap_or((800.0, 600.0));
        // WGOSA's reader bounds a game's length by 3n − 1 moves, which
        // the variants exceed: the header and moves are split here, and
        // each move read by the game (marks included).
        let tokens = tokens(&record[at..]);
        let bad = |off: usize, m: &str| GameError::Start(format!("not a game record: {m}, in {}", quote_around(record, at + off)));
        let Some(&(off, head)) = tokens.first() else { return Err(bad(0, "no `N+` or `N-` after the rules")) };
        let (num, misere) = match head.as_bytes().last() {
            Some(b'+') => (&head[..head.len() - 1], false),
            Some(b'-') => (&head[..head.len() - 1], true),
            _ => return Err(bad(off, "expected `N+` (normal play) or `N-` (misère) after the rules")),
        };
        let n: usize = num.parse().map_err(|_| bad(off, "expected the number of dots or crosses"))?;
        let mut g = Game::new_variant(v, n, misere, w, h)?;
        for &(off, text) in &tokens[1..] {
            if text.starts_with('(') || text == "I" || text == "II" {
                continue; // players, result
            }
            g.play_text(text).map_err(|e| bad(off, &e.to_string()))?;
        }
        Ok(g)
    }

    /// Puts what the rules ask on the last move's new spot (a cross-bar, or
    /// nothing), on the board routed or drawn for the plane move.
    pub(super) fn finish_variant(&self, board: Board, what: NewSpot) -> Result<(Board, crate::Position), GameError> {
        let board = match what {
            NewSpot::Dot => board,
            NewSpot::Nothing => board.put_nothing(),
            NewSpot::Cross => {
                let (w, h) = (board.width(), board.height());
                board
                    .put_cross_bar(arm_length(self.spots_at_start(), w, h))
                    .map_err(|e| GameError::Move {
                        number: self.cursor + 1,
                        text: String::new(),
                        message: format!("no room for the cross-bar's arms here ({e})"),
                    })?
            }
        };
        let p = board.position().map_err(|e| GameError::Internal(e.to_string()))?;
        Ok((board, p))
    }

    /// n of an n-dot or n-cross start (the spot count for a position start).
    fn spots_at_start(&self) -> usize {
        match self.start {
            Start::Spots(n) => n,
            Start::Position(_) => self.positions[0].spot_count(),
        }
    }

    /// Plays a drawn stroke with `what` on its line (see
    /// [`Game::play_stroke`]). Returns the move's text with its mark.
    pub fn play_stroke_as(&mut self, points: &[Point], t: f64, what: NewSpot) -> Result<String, GameError> {
        self.variant.check(what).map_err(|m| GameError::Move { number: self.cursor + 1, text: String::new(), message: m })?;
        self.play_stroke_with(points, t, what)
    }
}
