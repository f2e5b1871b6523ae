//! The solve and random-game output shared by `--rules` (src/cli/variants.rs)
//! and `--surface` (src/cli/surfaces.rs): both print the same lines; only
//! the key naming the game (`rules:` or `surface:`) and the text of a form
//! differ. The rule sets are searched here (plain search, lands summed by
//! nimbers in normal play); surfaces by the plane's solver
//! (`Solver::on_surfaces`), which needs their moves only.

use super::args::{json, round};
use super::{Failure, Output, INTERRUPTED};
use serde::Serialize;
use sprouts::certificate::{Certificate, Fact};
use sprouts::solver::Convention;
use sprouts::variants::solve::{LandKey, NormalSum, Search};
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
    /// Canonical forms of the children that win for the player to move
    /// (`null` when not listed: `solve --surface S --only outcome`).
    winning_moves: Option<Vec<String>>,
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

/// A search's children function: boxed, so that either search has a type
/// that can be named (and given the certificate methods over [`Canon`]).
type Kids<'a, K> = Box<dyn FnMut(&K) -> Vec<K> + 'a>;

/// Either search, as the solve uses it.
pub(super) enum Searcher<'a, K> {
    Normal(NormalSum<Kids<'a, K>, K>),
    Misere(Search<K, Kids<'a, K>>),
}

impl<K: LandKey> Searcher<'_, K> {
    fn wins(&mut self, c: &K) -> bool {
        match self {
            Searcher::Normal(s) => s.wins(c),
            Searcher::Misere(s) => s.wins(c),
        }
    }
    fn nodes(&self) -> u64 {
        match self {
            Searcher::Normal(s) => s.nodes,
            Searcher::Misere(s) => s.nodes,
        }
    }
    fn entries(&self) -> usize {
        match self {
            Searcher::Normal(s) => s.table_len(),
            Searcher::Misere(s) => s.table_len(),
        }
    }
}

/// Certificates are written for [`Canon`] keys (Brussels, dots-or-crosses,
/// Weeds); (p, q)'s form has no certificate format yet.
impl Searcher<'_, Canon> {
    fn facts(&self) -> Vec<Fact> {
        match self {
            Searcher::Normal(s) => s.facts(),
            Searcher::Misere(s) => s.lost_facts(),
        }
    }
    fn add_facts(&mut self, facts: &[(usize, Fact)]) -> Result<(), String> {
        match self {
            Searcher::Normal(s) => s.add_facts(facts.iter().map(|f| &f.1)),
            Searcher::Misere(s) => s.add_lost_facts(facts.iter().map(|f| &f.1)),
        }
    }
}

/// Where a search's facts are loaded from and saved to.
pub(super) trait Store<K> {
    fn path(&self) -> &Path;
    /// Seconds between saves.
    fn save_every(&self) -> u64;
    /// Facts read (none when the file does not exist yet).
    fn load(&self, misere: bool, s: &mut Searcher<'_, K>) -> Result<usize, String>;
    /// Facts and bytes written.
    fn save(&self, misere: bool, s: &Searcher<'_, K>) -> Result<(usize, u64), String>;
}

impl Store<Canon> for Database<'_> {
    fn path(&self) -> &Path {
        self.path
    }

    fn save_every(&self) -> u64 {
        self.save_every
    }

    fn save(&self, misere: bool, s: &Searcher<'_, Canon>) -> Result<(usize, u64), String> {
        let mut facts = s.facts();
        let conv = if misere { Convention::Misere } else { Convention::Normal };
        let text = Certificate::write_rules(conv, self.rules, &mut facts);
        Ok((facts.len(), super::database::write_atomic(self.path, &text)?))
    }

    fn load(&self, misere: bool, s: &mut Searcher<'_, Canon>) -> Result<usize, String> {
        let text = match std::fs::read_to_string(self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(e) => return Err(format!("database {}: {e}", self.path.display())),
        };
        let cert = Certificate::parse(&text).map_err(|e| format!("database {}: {e}", self.path.display()))?;
        if cert.misere != misere || cert.rules != self.rules {
            return Err(format!(
                "database {} holds {} facts of {}; this solve is {} under {}",
                self.path.display(),
                cert.convention(),
                cert.rules,
                if misere { Convention::Misere } else { Convention::Normal },
                self.rules
            ));
        }
        s.add_facts(&cert.facts).map_err(|e| format!("database {}: {e}", self.path.display()))?;
        Ok(cert.facts.len())
    }
}

/// Solves `root` within `--max-seconds` and `--max-nodes`. `keys` gives a
/// form's children as search keys, `forms` its distinct children (for the
/// winning moves), `text` writes a form. Normal play: the largest land
/// plus a nim heap for the others (a line never leaves its region, so
/// lands are independent games under every rule set); misère, where sums have no nimbers: the plain search.
///
/// With a `database` its facts are loaded first and every fact decided is
/// saved (at the end, on a stop or Ctrl-C, every `save_every` seconds):
/// `solve --rules R --database FILE`.
#[allow(clippy::too_many_arguments)]
pub fn solve<K: LandKey>(
    kind: Kind,
    root: &K,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
    database: Option<&dyn Store<K>>,
    keys: impl Fn(&K) -> Vec<K>,
    forms: impl Fn(&K) -> Vec<K>,
    text: impl Fn(&K) -> String,
) -> Output {
    let t = Instant::now();
    // Past a limit every position reads as having no move, and the search
    // keeps nothing it decides from then on (`stop_on`), so it unwinds at
    // once with its table still true.
    let (expanded, why) = (Cell::new(0u64), Cell::new(None::<Stop>));
    let halt = Rc::new(Cell::new(false));
    let ctrl_c = database.map(|_| super::solve::interrupted());
    let last_save = Cell::new(Instant::now());
    let save_every = database.map(|d| d.save_every());
    let kids = |c: &K| {
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
    let kids: Kids<K> = Box::new(kids);
    let mut s = if misere {
        Searcher::Misere(Search::new(true, kids).stop_on(halt.clone()))
    } else {
        Searcher::Normal(NormalSum::new(kids).stop_on(halt.clone()))
    };
    let loaded = match &database {
        Some(db) => {
            let n = db.load(misere, &mut s)?;
            // Before any search: a long solve must not find out at its
            // first save that its database cannot be written.
            db.save(misere, &s)?;
            Some(n)
        }
        None => None,
    };
    // Whether the player to move wins `c`; a save goes on where it was.
    let decide = |s: &mut Searcher<K>, c: &K| -> Result<bool, Failure> {
        loop {
            let w = s.wins(c);
            match why.take() {
                None => return Ok(w),
                Some(Stop::Save) => {
                    if let Some(db) = &database {
                        if let Err(e) = db.save(misere, s) {
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
                        let (facts, bytes) = db.save(misere, s)?;
                        message += &format!("; {facts} facts saved to {} ({bytes} bytes): run again to resume", db.path().display());
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
        Some(db) => Some(db.save(misere, &s)?),
        None => None,
    };
    let found = Found {
        win,
        winning: Some(winning.iter().map(&text).collect()),
        nodes: s.nodes(),
        entries: s.entries(),
        seconds: t.elapsed().as_secs_f64(),
        database: database.zip(loaded).zip(saved).map(|((db, loaded), (facts, bytes))| Saved {
            path: db.path().display().to_string(),
            loaded,
            facts,
            bytes,
        }),
    };
    Ok(print(&kind, &text(root), misere, as_json, found))
}

/// What a solve found: the outcome, the winning moves' text, its work.
pub struct Found {
    pub win: bool,
    /// `None`: not listed (`--only outcome`).
    pub winning: Option<Vec<String>>,
    pub nodes: u64,
    pub entries: usize,
    pub seconds: f64,
    /// `--database`: what was loaded and saved.
    pub database: Option<Saved>,
}

/// A database's line of a finished solve.
pub struct Saved {
    pub path: String,
    pub loaded: usize,
    pub facts: usize,
    pub bytes: u64,
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
        database_loaded: f.database.as_ref().map(|d| d.loaded),
        database_facts: f.database.as_ref().map(|d| d.facts),
        database_bytes: f.database.as_ref().map(|d| d.bytes),
    };
    if as_json {
        return json(&r);
    }
    let mut out = format!(
        "{key}: {name}\nposition: {}\nconvention: {}\noutcome: {} for the player to move\n",
        r.position, r.convention, r.outcome
    );
    match &r.winning_moves {
        Some(moves) if win => out.push_str(&format!("winning moves: {}\n", moves.join(" "))),
        _ => {}
    }
    out.push_str(&format!("{} nodes, table: {} entries, {:.3} s\n", r.nodes, r.table_entries, r.seconds));
    if let Some(d) = &f.database {
        out.push_str(&format!("database {}: {} facts loaded, {} saved ({} bytes)\n", d.path, d.loaded, d.facts, d.bytes));
    }
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
