//! The solve and random-game output shared by `--rules` (src/cli/variants.rs)
//! and `--surface` (src/cli/surfaces.rs): both search canonical forms with
//! the same solvers and limits, and print the same lines; only the key
//! naming the game (`rules:` or `surface:`) and the text of a form differ.

use super::args::{json, round};
use super::{Failure, Output, INTERRUPTED};
use serde::Serialize;
use sprouts::certificate::{Certificate, Fact};
use sprouts::solver::Convention;
use sprouts::variants::solve::{NormalSum, Search};
use sprouts::variants::Rules;
use sprouts::Canon;
use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::Ordering;
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
    /// `--database`: facts read, facts saved, bytes written (absent
    /// without it), as for plain Sprouts.
    #[serde(skip_serializing_if = "Option::is_none")]
    database_loaded: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    database_facts: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    database_bytes: Option<u64>,
}

/// `--database FILE` of a solve under other rules: the certificate it
/// loads and saves (docs/certificates.md), every `save_every` seconds too.
pub struct Database<'a> {
    pub path: &'a Path,
    pub save_every: u64,
    pub rules: Rules,
}

/// Why a search stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// `--max-seconds` or `--max-nodes`.
    Limit,
    /// Ctrl-C (watched only with a database, which it saves).
    Interrupted,
    /// Time to save the database; the search then goes on.
    Save,
}

/// Either search, as the solve uses it.
trait Outcomes {
    fn wins(&mut self, c: &Canon) -> bool;
    fn facts(&self) -> Vec<Fact>;
    fn add_facts(&mut self, facts: &[(usize, Fact)]) -> Result<(), String>;
    fn nodes(&self) -> u64;
    fn entries(&self) -> usize;
}

impl<F: FnMut(&Canon) -> Vec<Canon>> Outcomes for NormalSum<F> {
    fn wins(&mut self, c: &Canon) -> bool {
        NormalSum::wins(self, c)
    }
    fn facts(&self) -> Vec<Fact> {
        NormalSum::facts(self)
    }
    fn add_facts(&mut self, facts: &[(usize, Fact)]) -> Result<(), String> {
        NormalSum::add_facts(self, facts.iter().map(|f| &f.1))
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn entries(&self) -> usize {
        self.table_len()
    }
}

impl<F: FnMut(&Canon) -> Vec<Canon>> Outcomes for Search<Canon, F> {
    fn wins(&mut self, c: &Canon) -> bool {
        Search::wins(self, c)
    }
    fn facts(&self) -> Vec<Fact> {
        self.lost_facts()
    }
    fn add_facts(&mut self, facts: &[(usize, Fact)]) -> Result<(), String> {
        self.add_lost_facts(facts.iter().map(|f| &f.1))
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn entries(&self) -> usize {
        self.table_len()
    }
}

/// Writes the search's facts to the database: (facts, bytes).
fn save(db: &Database, misere: bool, s: &dyn Outcomes) -> Result<(usize, u64), String> {
    let mut facts = s.facts();
    let conv = if misere { Convention::Misere } else { Convention::Normal };
    let text = Certificate::write_rules(conv, db.rules, &mut facts);
    Ok((facts.len(), super::database::write_atomic(db.path, &text)?))
}

/// Loads the database into the search, if the file exists: facts read.
fn load(db: &Database, misere: bool, s: &mut dyn Outcomes) -> Result<usize, String> {
    let text = match std::fs::read_to_string(db.path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(format!("database {}: {e}", db.path.display())),
    };
    let cert = Certificate::parse(&text).map_err(|e| format!("database {}: {e}", db.path.display()))?;
    if cert.misere != misere || cert.rules != db.rules {
        return Err(format!(
            "database {} holds {} facts of {}; this solve is {} under {}",
            db.path.display(),
            cert.convention(),
            cert.rules,
            if misere { Convention::Misere } else { Convention::Normal },
            db.rules
        ));
    }
    s.add_facts(&cert.facts).map_err(|e| format!("database {}: {e}", db.path.display()))?;
    Ok(cert.facts.len())
}

/// Solves `root` within `--max-seconds` and `--max-nodes`. `keys` gives a
/// form's children as search keys, `forms` its distinct children (for the
/// winning moves), `text` writes a form. Normal play: the largest land
/// plus a nim heap for the others (a line never leaves its region, so
/// lands are independent games under every rule set and on every
/// surface); misère, where sums have no nimbers: the plain search.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    kind: Kind,
    root: &Canon,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
    keys: impl Fn(&Canon) -> Vec<Canon>,
    forms: impl Fn(&Canon) -> Vec<Canon>,
    text: impl Fn(&Canon) -> String,
) -> Output {
    solve_with_database(kind, root, misere, as_json, max_seconds, max_nodes, None, keys, forms, text)
}

/// [`solve`], and with a database its facts are loaded first and every
/// fact decided is saved (at the end, on a stop or Ctrl-C, every
/// `save_every` seconds): `solve --rules R --database FILE`.
#[allow(clippy::too_many_arguments)]
pub fn solve_with_database(
    kind: Kind,
    root: &Canon,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
    database: Option<Database>,
    keys: impl Fn(&Canon) -> Vec<Canon>,
    forms: impl Fn(&Canon) -> Vec<Canon>,
    text: impl Fn(&Canon) -> String,
) -> Output {
    let t = Instant::now();
    // Past a limit every position reads as having no move, and the search
    // keeps nothing it decides from then on (`stop_on`), so it unwinds at
    // once with its table still true.
    let (expanded, why) = (Cell::new(0u64), Cell::new(None::<Stop>));
    let halt = Rc::new(Cell::new(false));
    let ctrl_c = database.as_ref().map(|_| super::solve::interrupted());
    let last_save = Cell::new(Instant::now());
    let save_every = database.as_ref().map(|d| d.save_every);
    let kids = |c: &Canon| {
        if halt.get() {
            return Vec::new();
        }
        let n = expanded.get() + 1;
        expanded.set(n);
        let mut stop = None;
        if n % 64 == 0 {
            if ctrl_c.as_ref().is_some_and(|f| f.load(Ordering::SeqCst)) {
                stop = Some(Stop::Interrupted);
            } else if max_seconds.is_some_and(|m| t.elapsed().as_secs_f64() > m as f64) {
                stop = Some(Stop::Limit);
            } else if save_every.is_some_and(|e| last_save.get().elapsed().as_secs() >= e) {
                stop = Some(Stop::Save);
            }
        }
        if max_nodes.is_some_and(|m| n > m) {
            stop = Some(Stop::Limit);
        }
        if stop.is_some() {
            why.set(stop);
            halt.set(true);
            return Vec::new();
        }
        keys(c)
    };
    let mut s: Box<dyn Outcomes + '_> = if misere {
        Box::new(Search::new(true, kids).stop_on(halt.clone()))
    } else {
        Box::new(NormalSum::new(kids).stop_on(halt.clone()))
    };
    let loaded = match &database {
        Some(db) => {
            let n = load(db, misere, s.as_mut())?;
            // Before any search: a long solve must not find out at its
            // first save that its database cannot be written.
            save(db, misere, s.as_ref())?;
            Some(n)
        }
        None => None,
    };
    // Whether the player to move wins `c`; a save goes on where it was.
    let decide = |s: &mut Box<dyn Outcomes + '_>, c: &Canon| -> Result<bool, Failure> {
        loop {
            let w = s.wins(c);
            match why.take() {
                None => return Ok(w),
                Some(Stop::Save) => {
                    if let Some(db) = &database {
                        if let Err(e) = save(db, misere, s.as_ref()) {
                            super::say(&format!("sprouts: {e}"));
                        }
                    }
                    last_save.set(Instant::now());
                    halt.set(false);
                }
                Some(stop) => {
                    let mut message = format!(
                        "{} after {} nodes, {:.3} s",
                        if stop == Stop::Interrupted {
                            "interrupted".to_string()
                        } else {
                            format!(
                                "stopped by the limit (--max-seconds {}, --max-nodes {})",
                                max_seconds.map_or("none".into(), |v| v.to_string()),
                                max_nodes.map_or("none".into(), |v| v.to_string())
                            )
                        },
                        expanded.get(),
                        t.elapsed().as_secs_f64()
                    );
                    if let Some(db) = &database {
                        let (facts, bytes) = save(db, misere, s.as_ref())?;
                        message += &format!("; {facts} facts saved to {} ({bytes} bytes): run again to resume", db.path.display());
                    }
                    let status = if stop == Stop::Interrupted { INTERRUPTED } else { 2 };
                    return Err(Failure { message, status });
                }
            }
        }
    };
    let win = decide(&mut s, root)?;
    let mut winning = Vec::new();
    if win {
        for c in forms(root) {
            if !decide(&mut s, &c)? {
                winning.push(c);
            }
        }
    }
    let saved = match &database {
        Some(db) => Some(save(db, misere, s.as_ref())?),
        None => None,
    };
    let (key, name) = match &kind {
        Kind::Rules(r) => ("rules", r.clone()),
        Kind::Surface(s) => ("surface", s.clone()),
    };
    let r = Solve {
        rules: matches!(kind, Kind::Rules(_)).then(|| name.clone()),
        surface: matches!(kind, Kind::Surface(_)).then(|| name.clone()),
        position: text(root),
        convention: if misere { "misère" } else { "normal" }.to_string(),
        outcome: if win { "win" } else { "loss" }.to_string(),
        winning_moves: winning.iter().map(&text).collect(),
        nodes: s.nodes(),
        table_entries: s.entries(),
        seconds: round(t.elapsed().as_secs_f64(), 3),
        database_loaded: loaded,
        database_facts: saved.map(|s| s.0),
        database_bytes: saved.map(|s| s.1),
    };
    if as_json {
        return Ok(json(&r));
    }
    let mut out = format!(
        "{key}: {name}\nposition: {}\nconvention: {}\noutcome: {} for the player to move\n",
        r.position, r.convention, r.outcome
    );
    if win {
        out.push_str(&format!("winning moves: {}\n", r.winning_moves.join(" ")));
    }
    out.push_str(&format!("{} nodes, table: {} entries, {:.3} s\n", r.nodes, r.table_entries, r.seconds));
    if let (Some(db), Some(loaded), Some((facts, bytes))) = (&database, loaded, saved) {
        out.push_str(&format!("database {}: {loaded} facts loaded, {facts} saved ({bytes} bytes)\n", db.path.display()));
    }
    Ok(out)
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
