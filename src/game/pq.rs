//! A game of (p, q) Sprouts on a drawing (issue 37; the rules are
//! `crate::variants::pq`, a move drawn line by line is
//! `crate::board::PqTurn`, its text `crate::notation::PqMoveText`).
//!
//! Its own type, beside [`super::Game`]: a (p, q) position holds up to p
//! lives a spot and is no plain `Position`, and a move takes q strokes.
//! It keeps the drawing after every move, a cursor for undo and redo, and
//! the move being drawn. Its record is tagged `{pq:P,Q}` (`{pq:4,3} 3+
//! 1(4)2>3 ...`), its saved file has `"rules": "pq:P,Q"` and no drawing
//! (the moves are routed again when it is read, as for the other rules).

use super::{flat, EdgeView, GameError, GameFile, SpotView, StartFile, FORMAT};
use crate::board::{Board, Point, PqTurn, PqWays, PqWriter, RouteOptions, StrokeRules};
use crate::limits;
use crate::notation::PqMoveText;
use crate::text::quote_around;
use crate::variants::pq::{child_keys, PqCanon, PqRules};
use crate::Spot;
use serde::Serialize;
use std::collections::HashSet;

/// Most points a (p, q) game starts with on the board.
pub const MAX_PQ_SPOTS: usize = 12;

/// The move being drawn: the turn after each line so far (the first is
/// the empty turn), the writer and the text so far.
#[derive(Clone)]
struct Drawing {
    turns: Vec<PqTurn>,
    writer: Option<PqWriter>,
    text: String,
}

/// A (p, q) game.
#[derive(Clone)]
pub struct PqGame {
    rules: PqRules,
    spots: usize,
    misere: bool,
    strokes: StrokeRules,
    route: RouteOptions,
    moves: Vec<String>,
    boards: Vec<Board>,
    /// Whether the position after k moves has no move left.
    over: Vec<bool>,
    cursor: usize,
    drawing: Option<Drawing>,
}

/// What a stroke did: one line of a move, and the whole move once its q
/// lines are drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PqStroke {
    /// The line's text (`1(4)2`, `>3`).
    pub line: String,
    /// Lines still to draw from the new spot (0: the move is played).
    pub lines_left: u8,
    /// The move's text once played.
    pub played: Option<String>,
    /// The new spot, once the first line is drawn.
    pub new_spot: Option<Spot>,
}

/// Whose turn and how the game stands (as [`super::Status`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PqStatus {
    pub move_number: usize,
    pub to_move: u8,
    pub over: bool,
    pub winner: Option<u8>,
    pub last_mover: Option<u8>,
    pub misere: bool,
    pub lives: u32,
    pub live_spots: usize,
    pub why: Option<String>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Lines still to draw in the move being drawn (0: none begun).
    pub lines_left: u8,
    /// The new spot of the move being drawn.
    pub new_spot: Option<Spot>,
    /// The rules' bounds on the game's length.
    pub min_moves: u32,
    pub max_moves: u32,
}

fn internal(e: impl std::fmt::Display) -> GameError {
    GameError::Internal(e.to_string())
}

impl PqGame {
    /// `n` points (1 to [`MAX_PQ_SPOTS`]) on a `width` × `height` board.
    pub fn new(rules: PqRules, n: usize, misere: bool, width: f64, height: f64) -> Result<PqGame, GameError> {
        if !(1..=MAX_PQ_SPOTS).contains(&n) {
            return Err(GameError::Start(format!("a game of {rules} starts with 1 to {MAX_PQ_SPOTS} points")));
        }
        super::check_size(width, height)?;
        let board = Board::pq_start(rules, n, width, height).map_err(super::board_error)?;
        let over = is_over(&board, rules)?;
        Ok(PqGame {
            rules,
            spots: n,
            misere,
            strokes: StrokeRules::default(),
            route: RouteOptions::default(),
            moves: Vec::new(),
            boards: vec![board],
            over: vec![over],
            cursor: 0,
            drawing: None,
        })
    }

    /// A game from its record, `{pq:4,3} 3+ 1(4)2>3 ... I` (players and
    /// the result are skipped), routed on a `width` × `height` board.
    pub fn from_record(record: &str, width: f64, height: f64) -> Result<PqGame, GameError> {
        let body = record.trim_start();
        let lead = record.len() - body.len();
        let bad = |off: usize, m: &str| GameError::Start(format!("not a game record: {m}, in {}", quote_around(record, off)));
        let Some(rest) = body.strip_prefix("{pq:") else {
            return Err(bad(lead, "a (p, q) record starts with `{pq:P,Q}`"));
        };
        let Some(end) = rest.find('}') else {
            return Err(bad(lead, "`{` without `}`"));
        };
        let rules: PqRules = format!("pq:{}", &rest[..end]).parse().map_err(|e: String| bad(lead + 1, &e))?;
        let at = lead + 4 + end + 1;
        let tokens = super::variant::tokens(&record[at..]);
        let Some(&(off, head)) = tokens.first() else {
            return Err(bad(at, "no `N+` or `N-` after the rules"));
        };
        let (num, misere) = match head.as_bytes().last() {
            Some(b'+') => (&head[..head.len() - 1], false),
            Some(b'-') => (&head[..head.len() - 1], true),
            _ => return Err(bad(at + off, "expected `N+` (normal play) or `N-` (misère) after the rules")),
        };
        let n: usize = num.parse().map_err(|_| bad(at + off, "expected the number of points"))?;
        let mut g = PqGame::new(rules, n, misere, width, height)?;
        for &(off, text) in &tokens[1..] {
            if text.starts_with('(') || text == "I" || text == "II" {
                continue;
            }
            let m = PqMoveText::parse(text).map_err(|e| bad(at + off + e.offset, &format!("at offset {}: {}", at + off + e.offset, e.message)))?;
            g.play_parsed(&m, text)?;
        }
        Ok(g)
    }

    pub fn rules(&self) -> PqRules {
        self.rules
    }

    pub fn spots(&self) -> usize {
        self.spots
    }

    pub fn misere(&self) -> bool {
        self.misere
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The moves shown (up to the cursor).
    pub fn moves(&self) -> &[String] {
        &self.moves[..self.cursor]
    }

    /// Every move made, undone ones included.
    pub fn all_moves(&self) -> &[String] {
        &self.moves
    }

    /// The drawing shown: the move being drawn, or the one after the
    /// cursor's move.
    pub fn board(&self) -> &Board {
        match &self.drawing {
            Some(d) => d.turns.last().map_or(&self.boards[self.cursor], |t| t.board()),
            None => &self.boards[self.cursor],
        }
    }

    /// The drawing after `k` moves.
    pub fn board_at(&self, k: usize) -> Option<&Board> {
        self.boards.get(k)
    }

    pub fn size(&self) -> (f64, f64) {
        (self.boards[0].width(), self.boards[0].height())
    }

    /// The record: `{pq:4,3} 3+ 1(4)2>3 ...`, with the result once over.
    pub fn record(&self) -> String {
        let mut parts = vec![format!("{{{}}}", self.rules), format!("{}{}", self.spots, if self.misere { '-' } else { '+' })];
        parts.extend(self.moves().iter().cloned());
        if let Some(w) = self.winner() {
            parts.push(super::result_word(w).to_string());
        }
        parts.join(" ")
    }

    /// The canonical form of the position shown ((p, q) text, `4.4.}]!`).
    pub fn canonical(&self) -> Result<String, GameError> {
        let p = self.boards[self.cursor].pq_position().map_err(internal)?;
        Ok(p.canon(self.rules).to_string())
    }

    pub fn is_over(&self) -> bool {
        self.over[self.cursor]
    }

    pub fn to_move(&self) -> u8 {
        super::mover(self.cursor)
    }

    pub fn winner(&self) -> Option<u8> {
        super::winner_after(self.is_over(), self.cursor, self.misere)
    }

    pub fn status(&self) -> PqStatus {
        let b = &self.boards[self.cursor];
        let n = self.cursor;
        let live: Vec<Spot> = (1..=b.spot_count() as Spot).filter(|&s| b.lives(s) > 0).collect();
        let lives: u32 = live.iter().map(|&s| b.lives(s) as u32).sum();
        let winner = self.winner();
        let (lo, hi) = (self.rules.min_moves(self.spots as u32), self.rules.max_moves(self.spots as u32));
        let end = format!(
            "no new point can get its {} lines; {n} moves, within the {}..{} of every {} game of {} points",
            self.rules.q(),
            lo,
            hi,
            self.rules,
            self.spots
        );
        let last_mover = super::last_mover_after(n);
        let why = winner.map(|_| super::why_won(last_mover, self.misere, &end));
        let (lines_left, new_spot) = match self.drawing.as_ref().and_then(|d| d.turns.last()) {
            Some(t) if !t.is_empty() => (t.lines_left(), t.new_spot()),
            _ => (0, None),
        };
        PqStatus {
            move_number: n,
            to_move: self.to_move(),
            over: self.is_over(),
            winner,
            last_mover,
            misere: self.misere,
            lives,
            live_spots: live.len(),
            why,
            can_undo: self.cursor > 0 || lines_left > 0,
            can_redo: self.cursor < self.moves.len(),
            lines_left,
            new_spot,
            min_moves: lo,
            max_moves: hi,
        }
    }

    /// Sets the stroke distances (as [`super::Game::set_rules`]).
    pub fn set_rules(&mut self, rules: StrokeRules) -> Result<(), GameError> {
        if !super::stroke_rules_ok(&rules) {
            return Err(GameError::Start("stroke distances must be positive numbers".into()));
        }
        self.strokes = rules;
        Ok(())
    }

    fn move_error(&self, text: &str, message: impl std::fmt::Display) -> GameError {
        GameError::Move { number: self.cursor + 1, text: text.trim().to_string(), message: message.to_string() }
    }

    /// Plays a move from its text (each line routed); returns its
    /// shortest text. Nothing changes on an error.
    pub fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        let m = PqMoveText::parse(text).map_err(|e| self.move_error(text, format!("not a move: {e}")))?;
        self.play_parsed(&m, text)
    }

    fn play_parsed(&mut self, m: &PqMoveText, text: &str) -> Result<String, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        let mut turn = PqTurn::new(self.boards[self.cursor].clone(), self.rules);
        let mut turns = vec![turn.clone()];
        // Line by line, so that each line is printed from the turn before it.
        let q = self.rules.q() as usize;
        if m.bare.len() + 2 != q {
            return Err(self.move_error(text, format!("a move of {} draws the first line and {} more (`>t` or `<t`)", self.rules, q - 2)));
        }
        let first = PqMoveText { bare: Vec::new(), ..m.clone() };
        turn.play_first(&first, &self.route).map_err(|e| self.move_error(text, e))?;
        turns.push(turn.clone());
        for line in &m.bare {
            turn.play_later(m, line, &self.route).map_err(|e| self.move_error(text, e))?;
            turns.push(turn.clone());
        }
        let short = self.describe(&turns)?;
        self.finish(&turn, short)
    }

    /// The shortest text of a move drawn as `turns` (after each line).
    fn describe(&self, turns: &[PqTurn]) -> Result<String, GameError> {
        self.describe_with(turns, &mut PqWays::default())
    }

    /// As [`PqGame::describe`], keeping the first lines' ways in `ways`.
    fn describe_with(&self, turns: &[PqTurn], ways: &mut PqWays) -> Result<String, GameError> {
        let (w, mut text) = PqWriter::first_with(&turns[0], &turns[1], &self.route, ways).map_err(internal)?;
        for k in 2..turns.len() {
            text.push_str(&w.later(&turns[k - 1], &turns[k], &self.route).map_err(internal)?);
        }
        Ok(text)
    }

    fn finish(&mut self, turn: &PqTurn, text: String) -> Result<String, GameError> {
        let (board, _, _) = turn.finish().map_err(|e| self.move_error(&text, e))?;
        let over = is_over(&board, self.rules)?;
        self.drawing = None;
        self.moves.truncate(self.cursor);
        self.boards.truncate(self.cursor + 1);
        self.over.truncate(self.cursor + 1);
        self.moves.push(text.clone());
        self.boards.push(board);
        self.over.push(over);
        self.cursor += 1;
        Ok(text)
    }

    /// Plays a hand-drawn stroke as the next line of the move (the first
    /// line puts the new spot at fraction `t` of its length). The move is
    /// played once its q lines are drawn. Nothing changes on an error.
    pub fn play_stroke(&mut self, points: &[Point], t: f64) -> Result<PqStroke, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        super::check_stroke_points(points)?;
        let mut d = self.drawing.clone().unwrap_or_else(|| Drawing {
            turns: vec![PqTurn::new(self.boards[self.cursor].clone(), self.rules)],
            writer: None,
            text: String::new(),
        });
        let before = d.turns.last().cloned().ok_or_else(|| internal("no turn"))?;
        let mut turn = before.clone();
        turn.stroke(points, t, self.strokes).map_err(|e| self.move_error("", e))?;
        let line = match &d.writer {
            None => {
                let (w, text) = PqWriter::first(&before, &turn, &self.route).map_err(internal)?;
                d.writer = Some(w);
                text
            }
            Some(w) => w.later(&before, &turn, &self.route).map_err(internal)?,
        };
        d.text.push_str(&line);
        d.turns.push(turn.clone());
        let (lines_left, new_spot) = (turn.lines_left(), turn.new_spot());
        if turn.is_complete() {
            let text = d.text.clone();
            let played = self.finish(&turn, text)?;
            return Ok(PqStroke { line, lines_left: 0, played: Some(played), new_spot });
        }
        self.drawing = Some(d);
        Ok(PqStroke { line, lines_left, played: None, new_spot })
    }

    /// Checks a stroke being drawn (or drawn) as the plane's are (see
    /// [`super::Check`]); whether it is the move's next line is known when
    /// it is played ([`PqGame::play_stroke`]).
    pub fn check_stroke(&self, points: &[Point], t: f64) -> Result<super::Check, GameError> {
        super::check_stroke_points(points)?;
        let checker = crate::board::StrokeChecker::new(self.board(), self.strokes).map_err(internal)?;
        Ok(super::check::answer(checker.check(points, t).as_ref().map_err(Clone::clone), || checker.check_prefix(points)))
    }

    /// The curves the router draws for the move's next line, every way it
    /// may go (board units, flat `[x0, y0, ...]`; at most `limit`): what a
    /// test draws by hand, and a hint of where lines can go.
    pub fn next_line_curves(&self, limit: usize) -> Vec<Vec<f64>> {
        let turn = match self.drawing.as_ref().and_then(|d| d.turns.last()) {
            Some(t) => t.clone(),
            None => PqTurn::new(self.boards[self.cursor].clone(), self.rules),
        };
        let mut out = Vec::new();
        for mv in turn.next_lines().unwrap_or_default() {
            if out.len() >= limit {
                break;
            }
            let mut next = turn.clone();
            if let Ok(points) = next.route(&mv, &self.route) {
                out.push(flat(&points));
            }
        }
        out
    }

    /// The text of the move being drawn so far (empty when none is).
    pub fn partial(&self) -> &str {
        self.drawing.as_ref().map_or("", |d| d.text.as_str())
    }

    /// Takes back the last line of the move being drawn, or else the last
    /// move; false when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        if self.drawing.is_some() {
            self.drawing = None;
            return true;
        }
        self.go_to(self.cursor.wrapping_sub(1))
    }

    pub fn redo(&mut self) -> bool {
        self.go_to(self.cursor + 1)
    }

    /// Shows the game after `k` moves (the move being drawn is dropped,
    /// unless `k` is the move shown: the page steps to the end and back
    /// to read the whole record while a move is being drawn).
    pub fn go_to(&mut self, k: usize) -> bool {
        if k > self.moves.len() {
            return false;
        }
        if k == self.cursor {
            return true;
        }
        self.drawing = None;
        self.cursor = k;
        true
    }

    /// Forgets the moves after the cursor.
    pub fn drop_redo(&mut self) {
        self.moves.truncate(self.cursor);
        self.boards.truncate(self.cursor + 1);
        self.over.truncate(self.cursor + 1);
    }

    /// The spots of the drawing shown, with their lives.
    pub fn spot_views(&self) -> Vec<SpotView> {
        let b = self.board();
        b.spots().iter().zip(1..).map(|(at, n)| SpotView { n, x: at.x, y: at.y, lives: b.lives(n), idle: false }).collect()
    }

    /// The lines of the drawing shown.
    pub fn edge_views(&self) -> Vec<EdgeView> {
        self.board().edges().iter().map(|e| EdgeView { ends: e.ends, points: flat(&e.points), idle: false }).collect()
    }

    /// The drawing shown as SVG ([`crate::board::svg_pq`]).
    pub fn svg(&self, opts: &crate::board::SvgOptions) -> Result<String, GameError> {
        crate::board::svg_pq(self.board(), self.rules, opts).map_err(internal)
    }

    /// The saved file: `"rules": "pq:P,Q"`, the start's points, the
    /// moves, the cursor; no drawing (routed again when read).
    pub fn to_file(&self) -> GameFile {
        GameFile {
            format: FORMAT,
            convention: if self.misere { "misere" } else { "normal" }.to_string(),
            start: StartFile { spots: Some(self.spots), ..Default::default() },
            moves: self.moves.clone(),
            cursor: self.cursor,
            drawing: None,
            rules: Some(self.rules.to_string()),
        }
    }

    /// A game from its saved file (every move read and routed again).
    pub fn from_file(file: &GameFile, width: f64, height: f64) -> Result<PqGame, GameError> {
        let bad = |m: String| GameError::File(m);
        if file.format != FORMAT {
            return Err(bad(format!("format {} is not one this engine reads (it reads {FORMAT})", file.format)));
        }
        let rules: PqRules = file.rules.as_deref().unwrap_or_default().parse().map_err(|e: String| bad(e))?;
        let misere = match file.convention.as_str() {
            "normal" => false,
            "misere" => true,
            c => return Err(bad(format!("convention {c:?}: \"normal\" or \"misere\""))),
        };
        let (Some(n), None, None) = (file.start.spots, &file.start.position, file.start.crosses) else {
            return Err(bad(format!("a game of {rules} starts with points: \"start\": {{\"spots\": n}}")));
        };
        if file.cursor > file.moves.len() {
            return Err(bad(format!("the cursor {} is past the last move ({})", file.cursor, file.moves.len())));
        }
        let mut g = PqGame::new(rules, n, misere, width, height).map_err(|e| bad(e.to_string()))?;
        for m in &file.moves {
            g.play_text(m).map_err(|e| bad(e.to_string()))?;
        }
        g.go_to(file.cursor);
        Ok(g)
    }
}

impl PqGame {
    /// One move of each class of the position shown (every way to draw
    /// each line routed, [`limits::MAX_PQ_LINES`] lines at most): its
    /// text and the canonical form it leaves, sorted by that form.
    ///
    /// The turns are kept once each with their parent's index (a branch
    /// is its chain), each drawing traced once for all its next lines.
    pub fn move_choices(&self) -> Result<Vec<(String, PqCanon)>, GameError> {
        if self.is_over() {
            return Ok(Vec::new());
        }
        let mut out: Vec<(String, PqCanon)> = Vec::new();
        let mut seen: HashSet<PqCanon> = HashSet::new();
        // (turn, parent index); the empty turn has none.
        let mut turns: Vec<(PqTurn, Option<usize>)> = vec![(PqTurn::new(self.boards[self.cursor].clone(), self.rules), None)];
        let mut stack = vec![0usize];
        let mut routed = 0u64;
        let mut ways = PqWays::default();
        while let Some(i) = stack.pop() {
            let t = &turns[i].0;
            if t.is_complete() {
                // As `PqTurn::finish` names it, without its check against
                // every child (tests/pq_game.rs checks drawn = generated).
                let canon = PqCanon::of(&t.board().pq_position().map_err(internal)?.reduced(self.rules));
                if seen.insert(canon.clone()) {
                    let mut chain = vec![i];
                    while let Some(parent) = turns[chain[chain.len() - 1]].1 {
                        chain.push(parent);
                    }
                    let drawn: Vec<PqTurn> = chain.iter().rev().map(|&k| turns[k].0.clone()).collect();
                    out.push((self.describe_with(&drawn, &mut ways)?, canon));
                }
                continue;
            }
            let (faces, lines) = t.next_lines_on().map_err(internal)?;
            let t = t.clone();
            for mv in lines {
                routed += 1;
                limits::check(limits::PQ_LINES, routed, limits::MAX_PQ_LINES)
                    .map_err(|e| GameError::Start(format!("listing the moves after move {}: {e}", self.cursor)))?;
                let mut next = t.clone();
                if next.route_on(&faces, &mv, &self.route).is_ok() {
                    turns.push((next, Some(i)));
                    stack.push(turns.len() - 1);
                }
            }
        }
        out.sort_by(|a, b| a.1.cmp(&b.1));
        Ok(out)
    }
}

fn is_over(board: &Board, rules: PqRules) -> Result<bool, GameError> {
    let p = board.pq_position().map_err(internal)?;
    Ok(child_keys(&p.canon(rules), rules).is_empty())
}
