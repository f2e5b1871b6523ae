//! The fuzz targets: one per text format, the record reader, the game
//! file, move generation (against the reference generator), the solver
//! under a small node budget, the stroke checker and the router. Each
//! checks more than "no panic": what a parser accepts must print and read
//! back, the engine's children must be the reference's, a solved outcome
//! must agree with its children's, a stroke the checker accepts must play
//! as a legal move, a routed move's drawing must trace to the position it
//! makes.

use super::harness::Target;
use super::reference::Map;
use arbitrary::{Result as ArbResult, Unstructured};
use sprouts::board::{usable_point, Point};
use sprouts::game::Game;
use sprouts::limits::CANON_STEPS;
use sprouts::notation::{resolve, write_move, MoveText, Record};
use sprouts::solver::{Config, Convention, Outcome, SolveError, Solver};
use sprouts::text::{parse_glop, parse_hoey, parse_position, parse_spots, HoeyDisplay, SpotsDisplay};
use sprouts::{Canon, Position};
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::OnceLock;

pub const TARGETS: &[Target] = &[
    Target { name: "glop", seeds: position_seeds, dictionary: GLOP_WORDS, alphabet: GLOP_BYTES, run: glop },
    Target { name: "spots", seeds: spots_seeds, dictionary: SPOTS_WORDS, alphabet: SPOTS_BYTES, run: spots },
    Target { name: "hoey", seeds: hoey_seeds, dictionary: HOEY_WORDS, alphabet: HOEY_BYTES, run: hoey },
    Target { name: "move", seeds: move_seeds, dictionary: MOVE_WORDS, alphabet: MOVE_BYTES, run: move_text },
    Target { name: "record", seeds: record_seeds, dictionary: MOVE_WORDS, alphabet: MOVE_BYTES, run: record },
    Target { name: "gamefile", seeds: gamefile_seeds, dictionary: JSON_WORDS, alphabet: JSON_BYTES, run: gamefile },
    Target { name: "moves", seeds: no_seeds, dictionary: &[], alphabet: &[], run: moves },
    Target { name: "solve", seeds: solve_seeds, dictionary: GLOP_WORDS, alphabet: &[], run: solve },
    Target { name: "stroke", seeds: stroke_seeds, dictionary: &[], alphabet: &[], run: stroke },
    Target { name: "route", seeds: no_seeds, dictionary: &[], alphabet: &[], run: route },
];

pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

const GLOP_BYTES: &[u8] = b"0000111222aabbcAABBC..}}]]!*<>()9";
const GLOP_WORDS: &[&str] = &["0*", ".}", ".}]", ".}]!", "<27>", "(27)", "aa", "AB", "*10000", "\u{e9}", "\u{2217}"];
const SPOTS_BYTES: &[u8] = b"0000111222aabbcAABBC...||++!*3";
const SPOTS_WORDS: &[&str] = &["0*", "|", "+", "!", "*9999", "1a1a", "AB.AB"];
const HOEY_BYTES: &[u8] = b"1122334455667890,,,,;;//. ";
const HOEY_WORDS: &[&str] = &[",", ";", "/", "1,2", "4294967296", "1,3,2,4/1,4,2,3"];
const MOVE_BYTES: &[u8] = b"0123456789()[]@!,-+ I*";
const MOVE_WORDS: &[&str] = &["1(3)2", "(", ")", "[", "]", "@", "!", "-", "[1-100000]", " II", "(A* - B, note)", "12+ ", "3- "];
const JSON_BYTES: &[u8] = b"{}[]\":,0123456789.-eE truefalsnl";
const JSON_WORDS: &[&str] = &[
    "\"format\":1",
    "\"convention\":\"misere\"",
    "\"start\":{\"spots\":3}",
    "\"start\":{\"position\":\"1,3,2,4/1,4,2,3\"}",
    "\"moves\":[\"1(3)2\"]",
    "\"cursor\":",
    "\"drawing\":",
    "[1e308,-1e308]",
    "null",
    "\"version\":1",
];

/// Positions larger than this are parsed but not canonicalised: the
/// canonical form's cost, not its correctness, grows with size, and some
/// chains of 40 to 80 spots take minutes today (tests/data/fuzz/*hang*).
const ROUND_TRIP_SPOTS: usize = 40;
/// Positions with at most this many lives also list their children.
const CHILDREN_LIVES: u32 = 24;

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn check(ok: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(why())
    }
}

fn data_file(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_default()
}

/// The real tournament records, one per line.
fn real_records() -> Vec<String> {
    let dir = format!("{}/tests/data/records", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let body = std::fs::read_to_string(entry.path()).unwrap_or_default();
        out.extend(body.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(str::to_string));
    }
    out.sort();
    out
}

/// Positions of random games (labelled), from 1 to 8 spots.
fn game_positions() -> &'static [Position] {
    static P: OnceLock<Vec<Position>> = OnceLock::new();
    P.get_or_init(|| {
        let mut rng = crate::common::Rng::new(0x5EED_F022);
        let mut out = Vec::new();
        for n in 1..=8 {
            for _ in 0..3 {
                let mut p = Position::start(n).unwrap();
                loop {
                    out.push(p.clone());
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p = moves[rng.below(moves.len())].1.clone();
                }
            }
        }
        out
    })
}

fn lines(v: impl IntoIterator<Item = String>) -> Vec<Vec<u8>> {
    v.into_iter().map(String::into_bytes).collect()
}

fn no_seeds() -> Vec<Vec<u8>> {
    Vec::new()
}

/// No seeds; draws the boards first, so that no input's time includes it.
fn stroke_seeds() -> Vec<Vec<u8>> {
    boards();
    Vec::new()
}

fn position_seeds() -> Vec<Vec<u8>> {
    let mut v: Vec<String> = data_file("canonical.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(1).map(str::to_string))
        .collect();
    v.extend(data_file("perft.txt").lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split(' ').next().map(str::to_string)));
    v.extend(game_positions().iter().map(|p| Canon::of(p).to_string()));
    lines(v)
}

fn spots_seeds() -> Vec<Vec<u8>> {
    let mut v: Vec<String> = vec!["0*18|1a1a".into(), "!".into()];
    v.extend(game_positions().iter().map(|p| SpotsDisplay(&Canon::of(p)).to_string()));
    lines(v)
}

fn hoey_seeds() -> Vec<Vec<u8>> {
    let mut v: Vec<String> =
        data_file("canonical.txt").lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split('\t').next().map(str::to_string)).collect();
    v.extend(game_positions().iter().map(|p| HoeyDisplay(p).to_string()));
    lines(v)
}

/// The moves of the real records, after a byte that picks the position
/// they are read against.
fn move_seeds() -> Vec<Vec<u8>> {
    game_positions();
    let mut out = Vec::new();
    for (k, r) in real_records().iter().enumerate() {
        for m in r.split(' ').filter(|w| w.contains('(')) {
            let mut v = vec![k as u8];
            v.extend_from_slice(m.as_bytes());
            out.push(v);
        }
    }
    out
}

fn record_seeds() -> Vec<Vec<u8>> {
    let mut v = real_records();
    v.extend(["2+ 1(3)2 1(4)2 1(5)4 2(6)3".into(), "3+ 1(4)1[2] 1(5@2)4".into(), "1- 1(2)1 II".into()]);
    lines(v)
}

fn gamefile_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for r in ["2+ 1(3)2 1(4)2 1(5)4 2(6)3", "3- 1(4)1[2] 1(5@2)4"] {
        let mut g = Game::from_record(r, Some((800.0, 600.0))).expect("a seed record");
        out.push(g.to_json());
        g.go_to(1);
        out.push(g.to_json());
        out.push(Game::from_record(r, None).expect("a seed record").to_json());
    }
    let drawn = Game::from_text("0.AB.}AB.}]!", false, 800.0, 600.0).expect("a seed position");
    out.push(drawn.to_json());
    out.push(r#"{"version":1,"spots":2,"misere":false,"width":800,"height":600,"moves":["1(3)2"],"cursor":1}"#.into());
    lines(out)
}

fn solve_seeds() -> Vec<Vec<u8>> {
    // A leading 0 byte: the rest is a position as text.
    position_seeds()
        .into_iter()
        .filter(|s| s.len() < 40)
        .map(|s| {
            let mut v = vec![0u8];
            v.extend(s);
            v
        })
        .collect()
}

// ---- text formats ----------------------------------------------------------

/// What any parser accepted must canonicalise, print in every format, read
/// back to the same canonical form, and list children that parse.
fn round_trip(input: &str, p: &Position) -> Result<(), String> {
    if p.spot_count() > ROUND_TRIP_SPOTS {
        return Ok(());
    }
    // Positions whose exact naming passes the step limit (rings of
    // thousands of alike regions, say) are what `sprouts canon` refuses:
    // nothing to round-trip. Read-backs get a larger budget (another
    // labelling may search in another order) and count only if exact.
    let Ok(c) = Canon::of_limited(p) else { return Ok(()) };
    let same = |q: &Position| match Canon::of_within(q, 16 * CANON_STEPS) {
        (d, true) => d == c,
        (_, false) => true,
    };
    let glop = c.to_string();
    let q = parse_glop(&glop).map_err(|e| format!("`{input}` prints as `{glop}`, which does not parse: {e}"))?;
    check(same(&q), || format!("`{input}` prints as `{glop}`, which reads back differently"))?;
    check(same(&c.position()), || format!("Canon::position of `{glop}` is another position"))?;
    let spots = SpotsDisplay(&c).to_string();
    let r = parse_spots(&spots).map_err(|e| format!("`{input}` prints as `{spots}` (spots), which does not parse: {e}"))?;
    check(same(&r), || format!("`{input}` prints as `{spots}` (spots), which reads back differently"))?;
    let quick = Canon::quick(p).to_string();
    let s = parse_glop(&quick).map_err(|e| format!("the quick key `{quick}` of `{input}` does not parse: {e}"))?;
    check(same(&s), || format!("the quick key `{quick}` of `{input}` is another position"))?;
    if p.total_lives() <= CHILDREN_LIVES {
        for child in p.children_text().unwrap_or_default() {
            check(parse_glop(&child).is_ok(), || format!("child `{child}` of `{input}` does not parse"))?;
        }
    }
    Ok(())
}

fn parsed(input: &str, r: Result<Position, sprouts::text::ParseError>) -> Result<bool, String> {
    match r {
        Ok(p) => round_trip(input, &p).map(|()| true),
        Err(e) => {
            check(e.offset <= input.len(), || format!("`{input}`: error offset {} past the end ({e})", e.offset))?;
            Ok(false)
        }
    }
}

fn glop(data: &[u8]) -> Result<bool, String> {
    let s = text(data);
    // The auto-detecting reader sees every input too.
    let _ = parse_position(&s);
    parsed(&s, parse_glop(&s))
}

fn spots(data: &[u8]) -> Result<bool, String> {
    let s = text(data);
    parsed(&s, parse_spots(&s))
}

fn hoey(data: &[u8]) -> Result<bool, String> {
    let s = text(data);
    let r = parse_hoey(&s);
    if let Ok(p) = &r {
        if p.spot_count() <= ROUND_TRIP_SPOTS {
            let h = HoeyDisplay(p).to_string();
            check(parse_hoey(&h).as_ref() == Ok(p), || format!("`{s}` prints as Hoey `{h}`, which reads back differently"))?;
        }
    }
    parsed(&s, r)
}

// ---- moves and records -------------------------------------------------

/// A move's shortest text must read back as that very move.
fn reads_back(p: &Position, child: &Position, mv: &sprouts::Move, what: &str) -> Result<(), String> {
    let short = write_move(p, mv);
    let hoey = HoeyDisplay(p).to_string();
    let m = MoveText::parse(&short).map_err(|e| format!("{what}: `{short}` (printed) does not parse in {hoey}: {e}"))?;
    match resolve(p, &m) {
        Ok((_, c)) if &c == child => Ok(()),
        Ok(_) => Err(format!("{what}: `{short}` reads back as another move in {hoey}")),
        Err(e) => Err(format!("{what}: `{short}` does not read back in {hoey}: {e}")),
    }
}

/// First byte: the position (of random games) the move is read in; the
/// rest: the move's text.
fn move_text(data: &[u8]) -> Result<bool, String> {
    let Some((&pick, rest)) = data.split_first() else { return Ok(false) };
    let positions = game_positions();
    let p = &positions[pick as usize * 7 % positions.len()];
    let s = text(rest);
    let Ok(m) = MoveText::parse(&s) else { return Ok(false) };
    let again = MoveText::parse(&m.to_string());
    check(again.as_ref() == Ok(&m), || format!("move `{s}` prints as `{m}`, which reads back as {again:?}"))?;
    match resolve(p, &m) {
        Ok((mv, child)) => {
            let mut played = p.play(&mv).map_err(|e| format!("`{s}` resolved to a move that does not play: {e}"))?;
            played.normalize();
            check(played == child, || format!("`{s}` resolved to a child that is not its move's"))?;
            reads_back(p, &child, &mv, &format!("move `{s}`"))?;
            Ok(true)
        }
        Err(_) => Ok(true),
    }
}

/// A record that reads must print and read back; one that replays must
/// replay the same from its printed moves.
fn record(data: &[u8]) -> Result<bool, String> {
    let s = text(data);
    let rec = match Record::parse(&s) {
        Ok(r) => r,
        Err(e) => {
            check(e.offset <= s.len(), || format!("`{s}`: error offset {} past the end ({e})", e.offset))?;
            return Ok(false);
        }
    };
    let printed = rec.to_string();
    let again = Record::parse(&printed);
    check(again.as_ref() == Ok(&rec), || format!("record `{s}` prints as `{printed}`, which reads back as {again:?}"))?;
    let Ok(plays) = rec.replay() else { return Ok(true) };
    let mut p = Position::start(rec.spots).map_err(|e| format!("`{s}` replayed from no start: {e}"))?;
    for (k, (mv, child)) in plays.iter().enumerate() {
        reads_back(&p, child, mv, &format!("move {} of `{s}`", k + 1))?;
        p = child.clone();
    }
    Ok(true)
}

/// A game file that loads must save and load back as the same game.
fn gamefile(data: &[u8]) -> Result<bool, String> {
    let s = text(data);
    let Ok(g) = Game::from_json(&s, None) else { return Ok(false) };
    let saved = g.to_json();
    let h = Game::from_json(&saved, None).map_err(|e| format!("`{s}` saves as `{saved}`, which does not load: {e}"))?;
    check(
        h.all_moves() == g.all_moves() && h.cursor() == g.cursor() && h.position() == g.position() && h.misere() == g.misere(),
        || format!("`{s}` saves as `{saved}`, which loads as another game"),
    )?;
    Ok(true)
}

// ---- move generation and the solver -----------------------------------------

/// A drawing reached by moves the input picks, by the reference generator.
fn reference_walk(u: &mut Unstructured, max_spots: usize, max_moves: usize) -> ArbResult<Map> {
    let mut map = Map::start(u.int_in_range(1..=max_spots)?);
    for _ in 0..u.int_in_range(0..=max_moves)? {
        let mut kids = map.children();
        if kids.is_empty() {
            break;
        }
        let k = u.choose_index(kids.len())?;
        map = kids.swap_remove(k);
    }
    Ok(map)
}

/// The engine's children of a position the reference generator drew,
/// against the reference's; every labelled move reads back as itself.
fn moves(data: &[u8]) -> Result<bool, String> {
    let mut u = Unstructured::new(data);
    let Ok(map) = reference_walk(&mut u, 5, 14) else { return Ok(false) };
    let p = map.position();
    let hoey = HoeyDisplay(&p).to_string();
    let reference: BTreeSet<Canon> = map.canonical_children().into_keys().collect();
    let children: BTreeSet<Canon> = p.children().into_iter().collect();
    check(children == reference, || format!("{hoey}: children {} but the reference has {}", children.len(), reference.len()))?;
    let representative: BTreeSet<Canon> = p.representative_moves().into_iter().map(|(_, c)| c).collect();
    check(representative == reference, || format!("{hoey}: representative moves differ from the reference"))?;
    let legal = p.legal_moves();
    let labelled: BTreeSet<Canon> = legal.iter().map(|(_, c)| Canon::of(c)).collect();
    check(labelled == reference, || format!("{hoey}: legal moves differ from the reference"))?;
    if let Ok(k) = u.choose_index(legal.len().max(1)) {
        if let Some((mv, child)) = legal.get(k) {
            reads_back(&p, child, mv, &format!("a legal move of {hoey}"))?;
        }
    }
    Ok(true)
}

/// Node budget of one solve in the `solve` target.
const SOLVE_NODES: u64 = 400;

fn budgeted(convention: Convention) -> Solver {
    let mut s = Solver::new(convention, Config { table_bytes: 256 << 10, progress_every: 16 });
    s.on_progress(|p| if p.nodes > SOLVE_NODES { ControlFlow::Break(()) } else { ControlFlow::Continue(()) });
    s
}

/// The position of a `solve` input: a 0 byte then text, or moves picked
/// by the input from a start.
fn solve_position(u: &mut Unstructured, data: &[u8]) -> ArbResult<Option<Position>> {
    if data.first() == Some(&0) {
        return Ok(parse_position(&text(&data[1..])).ok());
    }
    let mut p = Position::start(u.int_in_range(1..=11)?).map_err(|_| arbitrary::Error::IncorrectFormat)?;
    for _ in 0..u.int_in_range(0..=30)? {
        let moves = p.representative_moves();
        if moves.is_empty() {
            break;
        }
        let k = u.choose_index(moves.len())?;
        p = p.play(&moves[k].0).map_err(|_| arbitrary::Error::IncorrectFormat)?;
    }
    Ok(Some(p))
}

/// Under a small node budget the solver must stop cleanly or answer; an
/// answer must agree with its children's (each solved by a fresh solver),
/// and every winning move must lead to a lost child and read back.
fn solve(data: &[u8]) -> Result<bool, String> {
    let mut u = Unstructured::new(data);
    let Ok(Some(p)) = solve_position(&mut u, data) else { return Ok(false) };
    if p.spot_count() > ROUND_TRIP_SPOTS || p.total_lives() > 2 * CHILDREN_LIVES {
        return Ok(false);
    }
    let convention = if data.len() % 2 == 0 { Convention::Normal } else { Convention::Misere };
    // A position whose exact naming is past the step limit (symmetric
    // chains) is what the commands refuse to name; `Canon::of` would run
    // for minutes on it (a hang this target found, tests/data/fuzz/solve/).
    let Ok(glop) = Canon::of_limited(&p).map(|c| c.to_string()) else { return Ok(true) };
    let analysis = match budgeted(convention).analyse(&p) {
        Ok(a) => a,
        Err(SolveError::Stopped | SolveError::TooLarge { .. } | SolveError::Limit(_)) => return Ok(true),
    };
    let (children, exact) = p.representative_moves_within(CANON_STEPS);
    if !exact {
        return Ok(true);
    }
    let mut outcomes = Vec::new();
    for (_, c) in &children {
        match budgeted(convention).outcome(&c.position()) {
            Ok(o) => outcomes.push(o),
            Err(_) => return Ok(true),
        }
    }
    let wins = outcomes.iter().any(|&o| o == Outcome::Loss);
    let expected = match (wins, children.is_empty(), convention) {
        (_, true, Convention::Normal) => Outcome::Loss,
        (_, true, Convention::Misere) => Outcome::Win,
        (true, false, _) => Outcome::Win,
        (false, false, _) => Outcome::Loss,
    };
    check(analysis.outcome == expected, || format!("{convention} `{glop}`: {} but its children say {expected}", analysis.outcome))?;
    let losing: BTreeSet<&Canon> = children.iter().zip(&outcomes).filter(|(_, &o)| o == Outcome::Loss).map(|((_, c), _)| c).collect();
    let winning: BTreeSet<&Canon> = analysis.winning_moves.iter().map(|(_, c)| c).collect();
    check(winning == losing, || format!("{convention} `{glop}`: {} winning moves, {} lost children", winning.len(), losing.len()))?;
    for (mv, child) in &analysis.winning_moves {
        let mut labelled = p.play(mv).map_err(|e| format!("`{glop}`: a winning move does not play: {e}"))?;
        labelled.normalize();
        if let Ok(named) = Canon::of_limited(&labelled) {
            check(&named == child, || format!("`{glop}`: a winning move's child is not its move's"))?;
        }
        reads_back(&p, &labelled, mv, &format!("a winning move of {convention} `{glop}`"))?;
    }
    Ok(true)
}

// ---- strokes -------------------------------------------------------------------

/// Drawn games to draw strokes on: starts of 1 to 6 spots and random
/// games of them, a few moves in.
fn boards() -> &'static [Game] {
    static G: OnceLock<Vec<Game>> = OnceLock::new();
    G.get_or_init(|| crate::common::drawn_games(&mut crate::common::Rng::new(0x5EED_5720), &[0, 2, 5, 9]))
}

/// Points of a stroke. Half the strokes are planned: from a spot through
/// a few waypoints to a spot, a point every few units, so that many are
/// moves; the others wander: near spots, along lines, random steps, and
/// now and then a wild value (NaN, infinities, huge).
fn stroke_points(u: &mut Unstructured, g: &Game) -> ArbResult<Vec<Point>> {
    let board = g.board().expect("a drawn game");
    let spots = board.spots();
    let edges = board.edges();
    let mut pts: Vec<Point> = Vec::new();
    if u.arbitrary()? {
        let mut stops = vec![spots[u.choose_index(spots.len())?]];
        for _ in 0..u.int_in_range(0..=3)? {
            stops.push(Point::new(u.int_in_range(0..=800i16)? as f64, u.int_in_range(0..=600i16)? as f64));
        }
        stops.push(spots[u.choose_index(spots.len())?]);
        let step = u.int_in_range(2..=12u8)? as f64;
        for w in stops.windows(2) {
            let k = (w[0].dist(w[1]) / step).ceil().max(1.0) as usize;
            pts.extend((0..k).map(|i| {
                let f = i as f64 / k as f64;
                Point::new(w[0].x + (w[1].x - w[0].x) * f, w[0].y + (w[1].y - w[0].y) * f)
            }));
        }
        pts.push(stops[stops.len() - 1]);
        return Ok(pts);
    }
    let most = if u.ratio(1, 16)? { 600 } else { 40 };
    let n = u.int_in_range(0..=most)?;
    let mut at = Point::new(400.0, 300.0);
    for _ in 0..n {
        at = match u.int_in_range(0..=9u8)? {
            0..=2 => {
                let s = spots[u.choose_index(spots.len())?];
                Point::new(s.x + u.int_in_range(-12..=12i8)? as f64, s.y + u.int_in_range(-12..=12i8)? as f64)
            }
            3 if !edges.is_empty() => {
                let e = &edges[u.choose_index(edges.len())?];
                let q = e.points[u.choose_index(e.points.len())?];
                Point::new(q.x + u.int_in_range(-3..=3i8)? as f64, q.y + u.int_in_range(-3..=3i8)? as f64)
            }
            4 => Point::new(u.arbitrary()?, u.arbitrary()?),
            5 => Point::new(u.int_in_range(-100..=900i16)? as f64, u.int_in_range(-100..=700i16)? as f64),
            _ => Point::new(at.x + u.int_in_range(-40..=40i8)? as f64, at.y + u.int_in_range(-40..=40i8)? as f64),
        };
        pts.push(at);
    }
    Ok(pts)
}

/// A stroke the checker calls complete must play, as a legal move of the
/// position; a stroke that plays must have been complete.
fn stroke(data: &[u8]) -> Result<bool, String> {
    let mut u = Unstructured::new(data);
    let games = boards();
    let Ok(k) = u.choose_index(games.len()) else { return Ok(false) };
    let g = &games[k];
    let Ok(points) = stroke_points(&mut u, g) else { return Ok(false) };
    let t = if u.ratio(1, 8).unwrap_or(false) { u.arbitrary().unwrap_or(0.5) } else { 0.5 };
    let where_ = || format!("stroke of {} points on `{}` (game {k})", points.len(), g.record());
    let checked = g.check_stroke(&points).map_err(|e| format!("{}: check_stroke failed: {e}", where_()))?;
    let _ = g.check_finished(&points, t);
    let mut h = g.clone();
    // Fed in a few batches, the stroke being drawn answers as the whole
    // stroke so far (a batch with an unusable point is refused whole).
    // Once the input runs out the rest is one batch: a point at a time,
    // each prefix checked whole made the target quadratic in the stroke.
    h.begin_stroke().map_err(|e| format!("{}: begin_stroke failed: {e}", where_()))?;
    let (mut n, mut fed) = (0, Vec::new());
    while n < points.len() {
        let more = if u.is_empty() { points.len() } else { u.int_in_range(0..=points.len() / 3).unwrap_or(points.len()) };
        let next = (n + 1 + more).min(points.len());
        let batch = &points[n..next];
        n = next;
        match h.extend_stroke(batch) {
            Ok(live) => {
                fed.extend_from_slice(batch);
                let whole = g.check_stroke(&fed).map_err(|e| format!("{}: check_stroke failed: {e}", where_()))?;
                check(live == whole, || format!("{}: after {} points, fed in batches {live:?}, whole {whole:?}", where_(), fed.len()))?;
            }
            Err(e) => check(batch.iter().any(|&p| !usable_point(p)), || format!("{}: extend_stroke refused {e}", where_()))?,
        }
    }
    let played = h.play_stroke(&points, 0.5);
    check(checked.complete == played.is_ok(), || format!("{}: complete {} but playing it gives {played:?}", where_(), checked.complete))?;
    if played.is_err() {
        return Ok(false);
    }
    let children: BTreeSet<Canon> = g.position().children().into_iter().collect();
    check(children.contains(&Canon::of(h.position())), || format!("{}: played a position that is no child", where_()))?;
    Ok(true)
}

/// Games drawn by the router (every move the computer plays or a person
/// types, and `sprouts draw`) on boards of any size, tidied a few sweeps
/// now and then: each drawing traces to the game's position, a move that
/// is refused changes nothing, and nothing panics, not even inside the
/// mesh library, where the router catches it natively but wasm would trap.
fn route(data: &[u8]) -> Result<bool, String> {
    let mut u = Unstructured::new(data);
    let (Ok(n), Ok(w), Ok(h)) = (u.int_in_range(1..=7usize), u.int_in_range(60..=4000u16), u.int_in_range(60..=4000u16)) else {
        return Ok(false);
    };
    let Ok(mut g) = Game::new(n, false, f64::from(w), f64::from(h)) else { return Ok(false) };
    let mut played = 0;
    while let Ok(pick) = u.arbitrary::<u16>() {
        let moves = g.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let (mv, _) = &moves[usize::from(pick) % moves.len()];
        let before = g.record();
        let text = write_move(g.position(), mv);
        let at = || format!("{n} spots on {w}x{h}, after `{before}`, move {text}");
        match g.play_move(mv) {
            Ok(_) => played += 1,
            Err(e) => check(g.record() == before, || format!("{}: refused ({e}) but the game changed", at()))?,
        }
        let traced = g.board().map(|b| b.position());
        check(matches!(&traced, Some(Ok(p)) if p == g.position()), || format!("{}: the drawing traces to {traced:?}", at()))?;
        if u.ratio(1, 4).unwrap_or(false) {
            let px = f64::from(u.int_in_range(1..=40u8).unwrap_or(10)) / 10.0;
            let opts = sprouts::board::TidyOptions { px, ..Default::default() };
            let sweeps = usize::from(u.int_in_range(1..=24u8).unwrap_or(1));
            let position = g.position().clone();
            g.tidy(&opts, sweeps).map_err(|e| format!("{}: tidy failed: {e}", at()))?;
            let traced = g.board().map(|b| b.position());
            check(matches!(&traced, Some(Ok(p)) if *p == position), || format!("{}: after {sweeps} tidy sweeps the drawing traces to {traced:?}", at()))?;
        }
    }
    Ok(played > 0)
}
