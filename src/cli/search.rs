//! The solve and random-game output shared by `--rules` (src/cli/variants.rs)
//! and `--surface` (src/cli/surfaces.rs): both print the same lines; only
//! the key naming the game (`rules:` or `surface:`) and the text of a form
//! differ. The rule sets are searched here (plain search, lands summed by
//! nimbers in normal play); surfaces by the plane's solver
//! (`Solver::on_surfaces`), which needs their moves only.

use super::args::{json, round};
use super::{Failure, Output};
use serde::Serialize;
use sprouts::variants::solve::{LandKey, NormalSum, Search};
use std::cell::Cell;
use std::time::Instant;

/// What a solve is of: its `rules` or its `surface` (one of the two),
/// printed first.
pub enum Kind {
    Rules(String),
    Surface(String),
}

#[derive(Serialize)]
struct Solve {
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    surface: Option<String>,
    position: String,
    convention: String,
    outcome: String,
    /// Canonical forms of the children that win for the player to move.
    winning_moves: Vec<String>,
    nodes: u64,
    table_entries: usize,
    seconds: f64,
}

/// Solves `root` within `--max-seconds` and `--max-nodes`. `keys` gives a
/// form's children as search keys, `forms` its distinct children (for the
/// winning moves), `text` writes a form. Normal play: the largest land
/// plus a nim heap for the others (a line never leaves its region, so
/// lands are independent games under every rule set); misère, where sums
/// have no nimbers: the plain search.
#[allow(clippy::too_many_arguments)]
pub fn solve<K: LandKey>(
    kind: Kind,
    root: &K,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
    keys: impl Fn(&K) -> Vec<K>,
    forms: impl Fn(&K) -> Vec<K>,
    text: impl Fn(&K) -> String,
) -> Output {
    let t = Instant::now();
    // Past a limit every position reads as having no move, so the search
    // unwinds at once; its answer is then thrown away.
    let (expanded, stopped) = (Cell::new(0u64), Cell::new(false));
    let kids = |c: &K| {
        if stopped.get() {
            return Vec::new();
        }
        let n = expanded.get() + 1;
        expanded.set(n);
        let late = n % 64 == 0 && max_seconds.is_some_and(|m| t.elapsed().as_secs_f64() > m as f64);
        if late || max_nodes.is_some_and(|m| n > m) {
            stopped.set(true);
            return Vec::new();
        }
        keys(c)
    };
    let (win, winning, nodes, entries) = if misere {
        let mut s = Search::new(true, kids);
        let win = s.wins(root);
        let winning: Vec<K> = if win { forms(root).into_iter().filter(|c| !s.wins(c)).collect() } else { vec![] };
        (win, winning, s.nodes, s.table_len())
    } else {
        let mut s = NormalSum::new(kids);
        let win = s.wins(root);
        let winning: Vec<K> = if win { forms(root).into_iter().filter(|c| !s.wins(c)).collect() } else { vec![] };
        (win, winning, s.nodes, s.table_len())
    };
    if stopped.get() {
        return Err(Failure::from(format!(
            "stopped by the limit (--max-seconds {}, --max-nodes {}) after {} nodes, {:.3} s",
            max_seconds.map_or("none".into(), |v| v.to_string()),
            max_nodes.map_or("none".into(), |v| v.to_string()),
            expanded.get(),
            t.elapsed().as_secs_f64()
        )));
    }
    let found = Found { win, winning: winning.iter().map(&text).collect(), nodes, entries, seconds: t.elapsed().as_secs_f64() };
    Ok(print(&kind, &text(root), misere, as_json, found))
}

/// What a solve found: the outcome, the winning moves' text, its work.
pub struct Found {
    pub win: bool,
    pub winning: Vec<String>,
    pub nodes: u64,
    pub entries: usize,
    pub seconds: f64,
}

/// The lines (or the JSON object) of a finished solve of `root`.
pub fn print(kind: &Kind, root: &str, misere: bool, as_json: bool, f: Found) -> String {
    let win = f.win;
    let (key, name) = match kind {
        Kind::Rules(r) => ("rules", r.clone()),
        Kind::Surface(s) => ("surface", s.clone()),
    };
    let r = Solve {
        rules: matches!(kind, Kind::Rules(_)).then(|| name.clone()),
        surface: matches!(kind, Kind::Surface(_)).then(|| name.clone()),
        position: root.to_string(),
        convention: if misere { "misère" } else { "normal" }.to_string(),
        outcome: if win { "win" } else { "loss" }.to_string(),
        winning_moves: f.winning,
        nodes: f.nodes,
        table_entries: f.entries,
        seconds: round(f.seconds, 3),
    };
    if as_json {
        return json(&r);
    }
    let mut out = format!(
        "{key}: {name}\nposition: {}\nconvention: {}\noutcome: {} for the player to move\n",
        r.position, r.convention, r.outcome
    );
    if win {
        out.push_str(&format!("winning moves: {}\n", r.winning_moves.join(" ")));
    }
    out.push_str(&format!("{} nodes, table: {} entries, {:.3} s\n", r.nodes, r.table_entries, r.seconds));
    out
}

/// The last lines of a random game of `count` moves: normal play, the
/// last mover wins; misère, loses.
pub fn random_result(count: usize, misere: bool) -> String {
    let first_moved_last = count % 2 == 1;
    let first_wins = first_moved_last != misere;
    format!(
        "# moves: {count}\n# result: {} (player {} won, {} play)\n",
        if first_wins { "I" } else { "II" },
        if first_wins { 1 } else { 2 },
        if misere { "misère" } else { "normal" }
    )
}
