//! `--rules pq:P,Q` ((p, q) Sprouts, src/variants/pq) on `solve`, `moves`,
//! `random` and `play`, and `replay` of a `random` game's lines. A start
//! is `--spots N` points or a (p, q) position's own text (`4.4.}]!`,
//! src/variants/pq/text.rs) as `<POSITION>` on `moves` and `solve`.

use super::args::{json, PositionArgs};
use super::rule_set::{random_game, RuleSet};
use super::search::{random_result, Kind};
use super::variants::VariantArgs;
use super::Output;
use sprouts::variants::pq::{self, PqCanon, PqPos, PqRules};

/// Positions past this many live spots are refused (as under the other
/// rules: the search has no limits of its own).
const MAX_LIVE: usize = 40;

/// The `--spots N` start (`--start crosses` and a `<POSITION>` refused).
fn start(r: PqRules, v: &VariantArgs, n: Option<usize>) -> Result<PqPos, String> {
    if v.start.is_some() {
        return Err(format!("--start: (p, q) Sprouts starts with points (--rules {r} --spots N)"));
    }
    let n = n.ok_or_else(|| format!("--rules {r} takes --spots N or a (p, q) position (`4.4.}}]!`)"))?;
    if n > MAX_LIVE {
        return Err(format!("--spots {n}: (p, q) Sprouts takes at most {MAX_LIVE} points"));
    }
    r.start(n)
}

fn read(r: PqRules, v: &VariantArgs, pos: &PositionArgs) -> Result<PqPos, String> {
    if let Some(text) = &pos.position {
        if v.start.is_some() {
            return Err(format!("--start: (p, q) Sprouts starts with points (--rules {r} --spots N)"));
        }
        let p = pq::parse(text, r)?;
        let live = p.lives().iter().filter(|&&l| l > 0).count();
        if live > MAX_LIVE {
            return Err(format!("{live} live points: (p, q) Sprouts takes at most {MAX_LIVE}"));
        }
        return Ok(p);
    }
    start(r, v, pos.spots.map(|n| n as usize))
}

/// `sprouts moves --rules pq:P,Q`: the distinct children, one form a line.
pub fn moves(r: PqRules, v: &VariantArgs, pos: &PositionArgs, as_json: bool) -> Output {
    let p = read(r, v, pos)?;
    let children: Vec<String> = pq::children(&p, r).into_iter().map(|(_, c)| c.to_string()).collect();
    Ok(if as_json { json(&children) } else { children.iter().map(|c| format!("{c}\n")).collect() })
}

/// `sprouts solve --rules pq:P,Q`: outcome and winning moves, the same
/// lines and limits as under the other rules (normal play: the largest
/// land plus a nim heap; misère: the plain search).
pub fn solve(
    r: PqRules,
    v: &VariantArgs,
    pos: &PositionArgs,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
) -> Output {
    let p = read(r, v, pos)?;
    super::search::solve(
        Kind::Rules(r.to_string()),
        &p.canon(r),
        misere,
        as_json,
        max_seconds,
        max_nodes,
        None,
        |c| pq::child_keys(c, r),
        |c| pq::child_keys(c, r),
        |c| c.to_string(),
    )
}

/// `sprouts random --rules pq:P,Q`: `# rules:`, `# start:`, one line per
/// move `k. point <form after it>`, then `# moves:` and `# result:`.
pub fn random(r: PqRules, v: &VariantArgs, n: usize, seed: u64, misere: bool) -> Output {
    Ok(random_game(r, start(r, v, Some(n))?, seed, misere))
}

/// (p, q) Sprouts for the player and the random game: a move is the
/// reduced child itself.
impl RuleSet for PqRules {
    type Pos = PqPos;
    type Move = PqPos;
    type Key = PqCanon;

    fn moves(self, p: &PqPos) -> Vec<(PqPos, PqCanon)> {
        pq::children(p, self)
    }

    fn play(self, _: &PqPos, child: PqPos) -> PqPos {
        child
    }

    fn child_keys(self, k: &PqCanon) -> Vec<PqCanon> {
        pq::child_keys(k, self)
    }

    fn canon(self, p: &PqPos) -> PqCanon {
        p.canon(self)
    }

    fn move_name(_: &PqPos) -> &'static str {
        "point"
    }
}

/// `sprouts replay` of `random --rules pq:P,Q`'s lines: each move's form
/// must be a child of the position before. Prints `k. <form>` and the
/// result (normal play, or misère when the `# result:` line says so).
pub fn replay(text: &str) -> Output {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty()).enumerate();
    let bad = |k: usize, why: String| format!("line {}: {why}", k + 1);
    let (k, first) = lines.next().ok_or("empty game")?;
    let rules: PqRules = first
        .strip_prefix("# rules:")
        .ok_or_else(|| bad(k, "expected `# rules: pq:P,Q`".into()))?
        .trim()
        .parse()
        .map_err(|e| bad(k, e))?;
    let (k, second) = lines.next().ok_or("no `# start:` line")?;
    let form = second.strip_prefix("# start:").ok_or_else(|| bad(k, "expected `# start: <form>`".into()))?.trim();
    // The start is n points: find n from its form.
    let n = (1..=MAX_LIVE)
        .find(|&n| rules.start(n).is_ok_and(|p| p.canon(rules).to_string() == form))
        .ok_or_else(|| bad(k, format!("{form:?} is not a start of 1 to {MAX_LIVE} points under {rules}")))?;
    let mut p = rules.start(n)?;
    let mut out = format!("# rules: {rules}\n# start: {form}\n");
    let mut count = 0usize;
    let mut misere = false;
    for (k, line) in lines {
        if let Some(rest) = line.strip_prefix('#') {
            misere |= rest.contains("misère");
            continue;
        }
        let (num, mv) = line.split_once(". ").ok_or_else(|| bad(k, format!("{line:?}: expected `k. point <form>`")))?;
        if num.parse::<usize>().ok() != Some(count + 1) {
            return Err(bad(k, format!("{line:?}: expected move {}", count + 1)).into());
        }
        let form = mv.strip_prefix("point ").unwrap_or(mv).trim();
        let (child, _) = pq::children(&p, rules)
            .into_iter()
            .find(|(_, c)| c.to_string() == form)
            .ok_or_else(|| bad(k, format!("move {}: {form:?} is not a move from {}", count + 1, p.canon(rules))))?;
        p = child;
        count += 1;
        out.push_str(&format!("{count}. {form}\n"));
    }
    let left = pq::children(&p, rules).len();
    if left > 0 {
        out.push_str(&format!("# not over: {left} moves left to choose from\n"));
        return Ok(out);
    }
    out.push_str(&random_result(count, misere));
    Ok(out)
}

/// The most points `play --rules pq:P,Q` lets the perfect player solve
/// (no node or time limit; see docs/variants.md for the times).
pub const MAX_PERFECT_SPOTS: usize = 4;

/// The start of `play --rules pq:P,Q` (the perfect player's size checked).
pub fn play_start(r: PqRules, v: &VariantArgs, n: usize, perfect: bool) -> Result<PqPos, String> {
    if perfect && n > MAX_PERFECT_SPOTS {
        return Err(format!(
            "--spots {n}: the perfect player under --rules {r} solves the whole game without limits, \
             at most {MAX_PERFECT_SPOTS} points"
        ));
    }
    start(r, v, Some(n))
}

/// A replayed move of a `{pq:P,Q}` record: its shortest text and the
/// canonical form after it (`replay --json`).
#[derive(serde::Serialize)]
struct PqStep {
    #[serde(rename = "move")]
    text: String,
    position: String,
}

/// `sprouts replay '{pq:4,3} 3+ 1(4)2>3 ...'`: the rules, then each move's
/// shortest text and the canonical form after it, then the result once
/// over (`--json`: `[{"move", "position"}]`). Each move is drawn (routed)
/// on an 800 × 600 board, as the page reads the record.
pub fn replay_record(record: &str, as_json: bool) -> Output {
    let mut g = sprouts::game::PqGame::from_record(record, 800.0, 600.0).map_err(|e| e.to_string())?;
    let total = g.cursor();
    let mut steps = Vec::new();
    for k in 1..=total {
        g.go_to(k);
        let position = g.canonical().map_err(|e| e.to_string())?;
        steps.push(PqStep { text: g.all_moves()[k - 1].clone(), position });
    }
    if as_json {
        return Ok(json(&steps));
    }
    let mut out = format!("# rules: {}\n", g.rules());
    for st in &steps {
        out.push_str(&format!("{}\t{}\n", st.text, st.position));
    }
    if let Some(w) = g.winner() {
        out.push_str(&format!("# result: {} (player {w} won)\n", if w == 1 { "I" } else { "II" }));
    }
    Ok(out)
}

/// `sprouts draw '{pq:4,3} 3+ ...' [--move K]`: the game's drawing after
/// K moves (all by default), as SVG.
pub fn draw_record(record: &str, upto: Option<usize>, opts: &sprouts::board::SvgOptions, width: f64, height: f64) -> Result<(String, usize, usize), String> {
    let mut g = sprouts::game::PqGame::from_record(record, width, height).map_err(|e| e.to_string())?;
    if let Some(k) = upto {
        if !g.go_to(k) {
            return Err(format!("--move {k}: the record has {} moves", g.all_moves().len()));
        }
    }
    let svg = g.svg(opts).map_err(|e| e.to_string())?;
    Ok((svg, g.board().spot_count(), g.board().edges().len()))
}
