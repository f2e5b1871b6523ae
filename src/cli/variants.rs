//! `--rules` and `--start` of `solve`, `moves` and `random`: positions
//! under the variants' rules (src/variants). Plain Sprouts never comes
//! here; its commands are unchanged.

use super::args::{json, round, PositionArgs};
use super::game::Rng;
use super::{Failure, Output};
use clap::Args;
use serde::Serialize;
use sprouts::text::{parse_position, quote_around};
use sprouts::variants::solve::{NormalSum, Search};
use sprouts::variants::{self, Rules, StartKind};
use sprouts::{Canon, Position};
use std::cell::Cell;
use std::time::Instant;

/// The rule set on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Default, PartialEq, Eq)]
pub enum RulesArg {
    /// Plain Sprouts
    #[default]
    Sprouts,
    /// Brussels Sprouts: crosses, a cross-bar on every line
    Brussels,
    /// A dot or a cross-bar on every line, as the player chooses
    DotsOrCrosses,
    /// Black-and-white Sprouts: the new dot is optional
    Weeds,
}

/// What `--spots N` starts with.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum StartArg {
    Dots,
    Crosses,
}

/// `--rules` and `--start`, flattened into a command's arguments.
#[derive(Args, Clone, Copy)]
pub struct VariantArgs {
    /// Rule set (docs/variants.md)
    #[arg(long, value_enum, value_name = "RULES", default_value = "sprouts")]
    pub rules: RulesArg,
    /// What --spots N starts with under --rules [default: crosses for brussels, dots otherwise]
    #[arg(long, value_enum, value_name = "KIND")]
    pub start: Option<StartArg>,
}

impl VariantArgs {
    /// Whether the command leaves plain Sprouts (then it comes here).
    pub fn is_variant(&self) -> bool {
        self.rules != RulesArg::Sprouts || self.start == Some(StartArg::Crosses)
    }

    pub fn rules(&self) -> Rules {
        match self.rules {
            RulesArg::Sprouts => Rules::Sprouts,
            RulesArg::Brussels => Rules::Brussels,
            RulesArg::DotsOrCrosses => Rules::DotsOrCrosses,
            RulesArg::Weeds => Rules::Weeds,
        }
    }

    fn start_kind(&self) -> StartKind {
        match self.start {
            Some(StartArg::Dots) => StartKind::Dots,
            Some(StartArg::Crosses) => StartKind::Crosses,
            None => self.rules().default_start(),
        }
    }

    /// The start of `n` dots or crosses.
    fn start_position(&self, n: usize) -> Result<Position, String> {
        variants::start_of(self.start_kind(), n)
    }

    /// `<POSITION>` (its `2`s may be free arms) or the `--spots N` start.
    fn read(&self, pos: &PositionArgs) -> Result<Position, String> {
        if let Some(n) = pos.spots {
            return self.start_position(n as usize);
        }
        let s = pos.position.as_deref().ok_or("missing <POSITION> (or --spots N)")?;
        parse_position(s).map_err(|e| format!("position {}: {e}", quote_around(s, e.offset)))
    }
}

/// Positions past this many live spots are refused: the variants' search
/// has no limits of its own yet.
const MAX_LIVE: usize = 40;

fn check_size(p: &Position) -> Result<(), String> {
    let live = p.reduced().spot_count();
    if live > MAX_LIVE {
        return Err(format!("{live} live spots: the variants' engine takes at most {MAX_LIVE}"));
    }
    Ok(())
}

/// `sprouts moves --rules R`: the distinct children, canonical GLOP.
pub fn moves(v: &VariantArgs, pos: &PositionArgs, as_json: bool) -> Output {
    let p = v.read(pos)?;
    check_size(&p)?;
    let children: Vec<String> =
        variants::children(&p, v.rules()).into_iter().map(|(_, _, c)| c.to_string()).collect();
    Ok(if as_json { json(&children) } else { children.iter().map(|c| format!("{c}\n")).collect() })
}

#[derive(Serialize)]
struct VariantSolve {
    rules: String,
    position: String,
    convention: String,
    outcome: String,
    /// Canonical forms of the children that win for the player to move.
    winning_moves: Vec<String>,
    nodes: u64,
    table_entries: usize,
    seconds: f64,
}

/// `sprouts solve --rules R`: outcome and winning
/// moves, within `--max-seconds` and `--max-nodes` (`--table-mb` does not
/// apply: the table grows as needed).
pub fn solve(
    v: &VariantArgs,
    pos: &PositionArgs,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
) -> Output {
    let p = v.read(pos)?;
    check_size(&p)?;
    let rules = v.rules();
    let t = Instant::now();
    let root = Canon::of(&p);
    // Past a limit every position reads as having no move, so the search
    // unwinds at once; its answer is then thrown away.
    let (expanded, stopped) = (Cell::new(0u64), Cell::new(false));
    let kids = |c: &Canon| {
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
        variants::child_keys(c, rules)
    };
    // Normal play: the largest land plus a nim heap for the others (the
    // plain search over whole positions, tested against it, was slower);
    // misère, where sums have no nimbers: the plain search.
    let (win, winning, nodes, entries) = if misere {
        let mut s = Search::new(true, kids);
        let win = s.wins(&root);
        let winning: Vec<Canon> =
            if win { variants::child_forms(&root, rules).into_iter().filter(|c| !s.wins(c)).collect() } else { vec![] };
        (win, winning, s.nodes, s.table_len())
    } else {
        let mut s = NormalSum::new(kids);
        let win = s.wins(&root);
        let winning: Vec<Canon> =
            if win { variants::child_forms(&root, rules).into_iter().filter(|c| !s.wins(c)).collect() } else { vec![] };
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
    let r = VariantSolve {
        rules: rules.to_string(),
        position: root.to_string(),
        convention: if misere { "misère" } else { "normal" }.to_string(),
        outcome: if win { "win" } else { "loss" }.to_string(),
        winning_moves: winning.iter().map(|c| c.to_string()).collect(),
        nodes,
        table_entries: entries,
        seconds: round(t.elapsed().as_secs_f64(), 3),
    };
    if as_json {
        return Ok(json(&r));
    }
    let mut out = format!(
        "rules: {}\nposition: {}\nconvention: {}\noutcome: {} for the player to move\n",
        r.rules, r.position, r.convention, r.outcome
    );
    if win {
        out.push_str(&format!("winning moves: {}\n", r.winning_moves.join(" ")));
    }
    out.push_str(&format!("{} nodes, table: {} entries, {:.3} s\n", r.nodes, r.table_entries, r.seconds));
    Ok(out)
}

/// `sprouts random --rules R`: a random game, one line per move (what
/// the move put on its line, the canonical position after it).
pub fn random(v: &VariantArgs, n: usize, seed: u64, misere: bool) -> Output {
    let rules = v.rules();
    let mut p = v.start_position(n)?;
    check_size(&p)?;
    let mut rng = Rng::new(seed);
    let mut out = format!("# rules: {rules}\n# start: {}\n", Canon::of(&p));
    let mut count = 0usize;
    loop {
        let options = variants::children(&p, rules);
        if options.is_empty() {
            break;
        }
        let (mv, what, c) = &options[rng.below(options.len())];
        p = variants::play(&p, mv, *what);
        count += 1;
        out.push_str(&format!("{count}. {} {c}\n", what.name()));
    }
    // Normal play: the last mover wins; misère: loses.
    let first_moved_last = count % 2 == 1;
    let first_wins = first_moved_last != misere;
    out.push_str(&format!(
        "# moves: {count}\n# result: {} (player {} won, {} play)\n",
        if first_wins { "I" } else { "II" },
        if first_wins { 1 } else { 2 },
        if misere { "misère" } else { "normal" }
    ));
    Ok(out)
}
