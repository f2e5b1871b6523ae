//! WGOSA game records: `2+ 1(3)2 1(4)2 1(5)4 2(6@5)3 II`.
//!
//! A move `f(g)h` draws a curve from spot f to spot h (f = h for a loop)
//! with new spot g. How we read the optional parts (the WGOSA page says what
//! they are for; this is the exact meaning we give them):
//! - `[L]`, for a move that splits a region: the listed spots (commas and
//!   ranges, `[5,7,10-12]`) name the other boundaries of the region that end
//!   up on the right of the curve drawn from f to h (a loop is drawn
//!   clockwise around what it encloses, so `1(3)1[2]` encloses spot 2). A
//!   boundary is named by any of its spots. No `[L]` means nothing on that
//!   side.
//! - `!` after h (before `[L]`) puts the listed boundaries on the left
//!   instead.
//! - `!` after f, or before h: that end uses the corner that breaks the
//!   "clockwise expectation" about its two neighbours. In a boundary read in
//!   left-hand order (as Hoey lists are), the expected corner of a 1-life
//!   spot is the one whose neighbour before it has the higher number than
//!   the neighbour after it. We calibrated the direction on seed 004: with
//!   it, every move of `2+ 1(3)2 1(4)2 1(5)4 2(6)3` gives the card's
//!   position without any `!`. A spot with one corner, or with the same
//!   neighbour on both sides, has no unexpected corner.
//! - `@i`: after the move, the new spot g and spot i share a region. (WGOSA
//!   names live spots; we accept any spot, which only matters to tell apart
//!   drawings that differ in where dead lines lie.)
//!
//! Reading a move: every legal move with those ends that satisfies what is
//! written (`!` ends use their unexpected corner, `@i`, `[L]`) is a
//! candidate; among several, those whose other ends use their expected
//! corners are preferred, and without `@` those that no `@i` could single
//! out (WGOSA: "for a move for which there is no such spot i, the string
//! f(g)h is used"). More than one distinct drawing left is an ambiguity. Printing a move gives the shortest text that reads back as
//! exactly that move.

use crate::topology::{Corner, Move, MoveKind, Position, Spot};
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

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        if self.from_flip {
            f.write_str("!")?;
        }
        write!(f, "({}", self.new)?;
        if let Some(i) = self.at {
            write!(f, "@{i}")?;
        }
        f.write_str(")")?;
        if self.to_flip {
            f.write_str("!")?;
        }
        write!(f, "{}", self.to)?;
        if self.side_flip {
            f.write_str("!")?;
        }
        if !self.listed.is_empty() {
            write!(f, "[{}]", ranges(&self.listed))?;
        }
        Ok(())
    }
}

/// `[3,4,5,7]` as `3-5,7`.
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

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.spots, if self.misere { '-' } else { '+' })?;
        if let Some(p) = &self.players {
            let star = |w| if p.chooser == Some(w) { "*" } else { "" };
            write!(f, " ({}{} - {}{})", p.first, star(Winner::First), p.second, star(Winner::Second))?;
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

struct Cursor<'a> {
    s: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseRecordError> {
        Err(ParseRecordError { offset: self.i, message: message.into() })
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn number(&mut self) -> Result<u32, ParseRecordError> {
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
    fn skip_space(&mut self) {
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

fn parse_move(c: &mut Cursor) -> Result<MoveText, ParseRecordError> {
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
            let a = c.number()?;
            let b = if c.eat(b'-') { c.number()? } else { a };
            if b < a || b - a > 100_000 {
                return c.err("bad range");
            }
            m.listed.extend(a..=b);
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

impl Record {
    /// Parses a whole record: header, optional players, moves, result.
    pub fn parse(s: &str) -> Result<Record, ParseRecordError> {
        let mut c = Cursor { s: s.as_bytes(), i: 0 };
        c.skip_space();
        let spots = c.number()? as usize;
        if !(1..=1000).contains(&spots) {
            return Err(ParseRecordError { offset: 0, message: "a game has 1 to 1000 spots".into() });
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
            let Some((a, b)) = text.split_once(" - ") else {
                return Err(ParseRecordError { offset: start, message: "players are written `(First - Second)`".into() });
            };
            let (a, b) = (a.trim(), b.trim());
            let chooser = match (a.ends_with('*'), b.ends_with('*')) {
                (true, false) => Some(Winner::First),
                (false, true) => Some(Winner::Second),
                (false, false) => None,
                (true, true) => return Err(ParseRecordError { offset: start, message: "only one player chooses the game".into() }),
            };
            rec.players = Some(Players {
                first: a.trim_end_matches('*').trim().to_string(),
                second: b.trim_end_matches('*').trim().to_string(),
                chooser,
            });
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
                    let m = parse_move(&mut c)?;
                    if c.peek().is_some_and(|b| !b.is_ascii_whitespace()) {
                        return c.err("expected a space after the move");
                    }
                    rec.moves.push(m);
                }
            }
        }
        Ok(rec)
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
            let (mv, child) = resolve(&p, m).map_err(|error| ReplayError {
                number: k + 1,
                text: m.to_string(),
                error,
            })?;
            out.push((mv, child.clone()));
            p = child;
        }
        Ok(out)
    }
}

/// One way of drawing a move with its ends at given corners.
struct Candidate {
    mv: Move,
    child: Position,
    /// Whether each end uses its unexpected corner.
    from_flipped: bool,
    to_flipped: bool,
}

impl Candidate {
    /// Whether the ends written without `!` use their expected corners.
    fn expected(&self, m: &MoveText) -> bool {
        (m.from_flip || !self.from_flipped) && (m.to_flip || !self.to_flipped)
    }
}

/// The corner's neighbours (before, after) on its boundary.
fn neighbours(p: &Position, region: usize, c: Corner) -> (Spot, Spot) {
    let b = &p.regions()[region][c.boundary];
    let n = b.len();
    (b[(c.index + n - 1) % n], b[(c.index + 1) % n])
}

/// Whether the corner breaks the clockwise expectation (the neighbour
/// before it has the lower number). Corners with one neighbour on both
/// sides, or none, never do.
fn unexpected(p: &Position, region: usize, c: Corner) -> bool {
    let (before, after) = neighbours(p, region, c);
    before < after
}

fn corners_in_region(p: &Position, region: usize, s: Spot) -> Vec<Corner> {
    let mut out = Vec::new();
    for (bi, b) in p.regions()[region].iter().enumerate() {
        for (ci, &t) in b.iter().enumerate() {
            if t == s {
                out.push(Corner { boundary: bi, index: ci });
            }
        }
    }
    out
}

/// Every way to draw a curve from spot `f` to spot `h` with the listed side
/// given as boundaries named by `listed` (on the right unless `side_flip`).
fn candidates(p: &Position, m: &MoveText) -> Result<Vec<Candidate>, String> {
    let (f, h) = (m.from, m.to);
    for s in [f, h] {
        if s == 0 || s as usize > p.spot_count() {
            return Err(format!("spot {s} does not exist"));
        }
        if p.lives(s) == 0 {
            return Err(format!("spot {s} has no lives left"));
        }
    }
    if f == h && p.lives(f) < 2 {
        return Err(format!("a loop at spot {f} needs 2 lives, it has 1"));
    }
    let mut out: Vec<Candidate> = Vec::new();
    let mut why = format!("spots {f} and {h} do not share a region");
    for region in 0..p.regions().len() {
        let cf = corners_in_region(p, region, f);
        let ch = if f == h { cf.clone() } else { corners_in_region(p, region, h) };
        for &a in &cf {
            for &b in &ch {
                if f == h && a != b {
                    continue;
                }
                let mut mv = Move { region, from: a, to: b, inside: Vec::new() };
                let kind = mv.kind();
                if kind == MoveKind::Join {
                    if !m.listed.is_empty() {
                        why = format!("{f}(…){h} joins two boundaries, it separates nothing");
                        continue;
                    }
                } else {
                    let r = &p.regions()[region];
                    let mut named = vec![false; r.len()];
                    for &s in &m.listed {
                        match r.iter().position(|bd| bd.contains(&s)) {
                            Some(bi) if bi != a.boundary => named[bi] = true,
                            _ => {
                                why = format!("spot {s} is not on another boundary of the region the move splits");
                                named.clear();
                                break;
                            }
                        }
                    }
                    if named.is_empty() {
                        continue;
                    }
                    // R1 (`inside`) is on the right for loops, on the left for splits.
                    let listed_is_r1 = (kind == MoveKind::Loop) != m.side_flip;
                    mv.inside = (0..r.len())
                        .filter(|&bi| bi != a.boundary && named[bi] == listed_is_r1)
                        .collect();
                }
                let Ok(child) = p.play(&mv) else { continue };
                out.push(Candidate {
                    from_flipped: unexpected(p, region, a),
                    to_flipped: unexpected(p, region, b),
                    mv,
                    child,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(why);
    }
    Ok(out)
}

/// Whether spot `i` shares a region with new spot `g` in `child`.
fn reaches(child: &Position, g: Spot, i: Spot) -> bool {
    i != g
        && child.regions().iter().any(|r| r.iter().flatten().any(|&s| s == g) && r.iter().flatten().any(|&s| s == i))
}

/// The moves that `m` can mean here, one per distinct drawing.
fn matches(p: &Position, m: &MoveText) -> Result<Vec<Candidate>, String> {
    let mut cands: Vec<Candidate> = candidates(p, m)?
        .into_iter()
        .filter(|c| (!m.from_flip || c.from_flipped) && (!m.to_flip || c.to_flipped))
        .collect();
    if cands.is_empty() {
        return Err("no corner of that spot breaks the clockwise expectation (remove the `!`)".into());
    }
    let g = p.spot_count() as Spot + 1;
    if let Some(i) = m.at {
        cands.retain(|c| reaches(&c.child, g, i));
        if cands.is_empty() {
            return Err(format!("the new spot cannot reach spot {i} after this move"));
        }
    }
    // An end without `!` prefers its expected corner.
    if cands.iter().any(|c| c.expected(m)) {
        cands.retain(|c| c.expected(m));
    }
    let mut seen: Vec<Position> = Vec::new();
    cands.retain(|c| {
        if seen.contains(&c.child) {
            false
        } else {
            seen.push(c.child.clone());
            true
        }
    });
    // WGOSA: a move that some `@i` singles out is written with it, so the
    // form without `@` means one that no `@i` singles out.
    if m.at.is_none() && cands.len() > 1 {
        let reach: Vec<Vec<Spot>> =
            cands.iter().map(|c| (1..g).filter(|&i| reaches(&c.child, g, i)).collect()).collect();
        let singled = |k: usize| {
            reach[k].iter().any(|i| (0..cands.len()).all(|j| j == k || !reach[j].contains(i)))
        };
        let keep: Vec<bool> = (0..cands.len()).map(|k| !singled(k)).collect();
        if keep.iter().any(|&x| x) {
            let mut k = 0;
            cands.retain(|_| {
                k += 1;
                keep[k - 1]
            });
        }
    }
    Ok(cands)
}

/// Finds the move that `m` names in `p`.
pub fn resolve(p: &Position, m: &MoveText) -> Result<(Move, Position), MoveError> {
    let expected = p.spot_count() as Spot + 1;
    if m.new != expected {
        return Err(MoveError::WrongNewSpot { expected });
    }
    let cands = matches(p, m).map_err(MoveError::Illegal)?;
    if cands.len() == 1 {
        let c = cands.into_iter().next().unwrap_or_else(|| unreachable!());
        return Ok((c.mv, c.child));
    }
    Err(MoveError::Ambiguous(cands.iter().map(|c| write_move(p, &c.mv)).collect()))
}

/// The shortest text that reads back as exactly `mv` in `p`.
pub fn write_move(p: &Position, mv: &Move) -> String {
    move_text(p, mv).to_string()
}

/// Like [`write_move`], as a [`MoveText`].
pub fn move_text(p: &Position, mv: &Move) -> MoveText {
    let Ok(target) = p.play(mv) else {
        return MoveText::default();
    };
    let g = p.spot_count() as Spot + 1;
    let region = &p.regions()[mv.region];
    let a = region[mv.from.boundary][mv.from.index];
    let b = region[mv.to.boundary][mv.to.index];
    let kind = mv.kind();
    // Spots that g reaches, live ones first: candidates for `@`.
    let mut ats: Vec<Spot> = (1..g).filter(|&i| reaches(&target, g, i)).collect();
    ats.sort_by_key(|&i| (p.lives(i) == 0, i));
    let mut texts: Vec<MoveText> = Vec::new();
    let ends = if a == b { vec![(mv.from, mv.to)] } else { vec![(mv.from, mv.to), (mv.to, mv.from)] };
    for (cf, ch) in ends {
        let (f, h) = (region[cf.boundary][cf.index], region[ch.boundary][ch.index]);
        // Spots naming each other boundary, by the side it ends on.
        let reversed = cf != mv.from;
        for side_flip in [false, true] {
            let mut listed = Vec::new();
            if kind != MoveKind::Join {
                // Seen from the written direction, R1 is `inside` unless the
                // curve is written backwards (then the sides swap).
                let listed_is_r1 = (kind == MoveKind::Loop) != side_flip;
                for (bi, bd) in region.iter().enumerate() {
                    if bi == mv.from.boundary {
                        continue;
                    }
                    let in_r1 = mv.inside.binary_search(&bi).is_ok() != (reversed && kind == MoveKind::Split);
                    if in_r1 == listed_is_r1 {
                        let live: Vec<Spot> = bd.iter().copied().filter(|&s| p.lives(s) > 0).collect();
                        if live.is_empty() {
                            listed.push(*bd.iter().min().unwrap_or(&bd[0]));
                        } else {
                            listed.extend(live);
                        }
                    }
                }
            } else if side_flip {
                continue;
            }
            listed.sort_unstable();
            listed.dedup();
            for from_flip in [false, true] {
                if from_flip && !unexpected(p, mv.region, cf) {
                    continue;
                }
                for to_flip in [false, true] {
                    if to_flip && !unexpected(p, mv.region, ch) {
                        continue;
                    }
                    for at in std::iter::once(None).chain(ats.iter().map(|&i| Some(i))) {
                        texts.push(MoveText {
                            from: f,
                            new: g,
                            at,
                            to: h,
                            from_flip,
                            to_flip,
                            side_flip,
                            listed: listed.clone(),
                        });
                    }
                }
            }
        }
    }
    // A loop at an isolated spot has the same two sides: the sharing may
    // then read back the same with nothing listed.
    let bare: Vec<MoveText> = texts
        .iter()
        .map(|t| MoveText { listed: Vec::new(), side_flip: false, ..t.clone() })
        .collect();
    texts.extend(bare);
    texts.sort_by_key(|t| {
        let s = t.to_string();
        (s.len(), s)
    });
    let mut fallback = None;
    for t in &texts {
        if let Ok(c) = matches(p, t) {
            if c.iter().any(|c| c.child == target) {
                if c.len() == 1 {
                    return t.clone();
                }
                fallback.get_or_insert_with(|| t.clone());
            }
        }
    }
    fallback.unwrap_or_else(|| texts.swap_remove(0))
}
