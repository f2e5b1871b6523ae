//! The facts a solve proved, kept apart from the transposition table
//! (which forgets) when a proof database is asked for: what `sprouts solve
//! --database` saves and loads, and a certificate `sprouts verify` checks.
//!
//! Normal play only: for each land, its nimber once known and the heaps k
//! (< 64) for which "land + *k" was shown to be a win. Every decision of
//! the search is recorded here as it is made, and a decision only ever
//! rests on decisions made before it, so the facts always form a closed
//! proof (each is justified by the others and the rules of the game), even
//! when the solve is stopped half way.

use super::{key, Game, Solver};
use crate::certificate::Fact;
use crate::topology::{Canon, T_GENUS, T_LOWER, T_UPPER};
use super::{FastMap as HashMap, FastSet as HashSet};

/// No nimber known.
const UNKNOWN: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Proved {
    /// The nimber, or [`UNKNOWN`].
    pub(crate) nimber: u8,
    /// Bit k: "land + *k" is a win.
    pub(crate) wins: u64,
}

#[derive(Default)]
pub(crate) struct Proofs {
    facts: HashMap<Box<[u8]>, Proved>,
    /// Misère: keys of the states shown lost (see `rct.rs`).
    pub(crate) lost: HashSet<Box<[u8]>>,
    /// Misère: land key -> tree id.
    pub(crate) land_trees: HashMap<Box<[u8]>, u32>,
    /// Lands whose facts grew since [`Solver::take_new_facts`] last ran
    /// (kept only once it has been called), so that handing facts on costs
    /// what is new, not what is known.
    changed: Option<Vec<Box<[u8]>>>,
}

impl Proofs {
    pub(crate) fn get(&self, key: &[u8]) -> Option<Proved> {
        self.facts.get(key).copied()
    }

    /// Adds what is known of a land (merged with what was).
    pub(crate) fn learn(&mut self, key: &[u8], nimber: Option<u8>, wins: u64) {
        let e = self.facts.entry(key.into()).or_insert(Proved { nimber: UNKNOWN, wins: 0 });
        let before = *e;
        if let Some(g) = nimber {
            e.nimber = g;
        }
        e.wins |= wins;
        if let Some(changed) = &mut self.changed {
            if (e.nimber, e.wins) != (before.nimber, before.wins) {
                changed.push(key.into());
            }
        }
    }

    /// Facts (a land with a nimber needs no win facts: its nimber says them all).
    pub(crate) fn len(&self) -> usize {
        self.lost.len()
            + self.land_trees.len()
            + self.facts
            .values()
            .map(|p| if p.nimber != UNKNOWN { 1 } else { p.wins.count_ones() as usize })
            .sum::<usize>()
    }

    /// The facts, their lands decoded for `game` (whose keys give a
    /// genus the bytes the plane gives lowercase letters).
    pub(crate) fn facts(&self, game: Game) -> Vec<Fact> {
        let mut out = Vec::with_capacity(self.facts.len());
        for (k, &tree) in &self.land_trees {
            out.push(Fact::LandTree { land: land_of(k, game), tree });
        }
        for k in &self.lost {
            if let Some(f) = lost_fact(k, game) {
                out.push(f);
            }
        }
        for (k, p) in &self.facts {
            land_facts(k, p, game, &mut out);
        }
        out
    }
}

/// The facts of one land: its nimber, else its wins.
fn land_facts(k: &[u8], p: &Proved, game: Game, out: &mut Vec<Fact>) {
    let land = land_of(k, game);
    if p.nimber != UNKNOWN {
        out.push(Fact::Nimber { land, nimber: p.nimber as u32 });
    } else {
        for h in (0..64).filter(|h| p.wins >> h & 1 == 1) {
            out.push(Fact::Win { land: land.clone(), heap: h });
        }
    }
}

/// The land of a key.
fn land_of(k: &[u8], game: Game) -> Canon {
    Canon::from_tokens(k.iter().map(|&b| token(b, game)).collect())
}

/// The fact of a lost state's key (see `rct::state_key`): lands' keys, a
/// separator, the parity, tree ids as varints.
fn lost_fact(k: &[u8], game: Game) -> Option<Fact> {
    let sep = k.iter().position(|&b| b == super::rct::SEP)?;
    let lands = k[..sep]
        .split_inclusive(|&b| b == token_byte_land())
        .map(|l| land_of(l, game))
        .collect();
    let star = *k.get(sep + 1)? == 1;
    let mut trees = Vec::new();
    let (mut x, mut shift) = (0u32, 0);
    for &b in &k[sep + 2..] {
        x |= ((b & 0x7f) as u32) << shift;
        if b & 0x80 == 0 {
            trees.push(x);
            x = 0;
            shift = 0;
        } else {
            shift += 7;
        }
    }
    Some(Fact::Lost { star, trees, lands })
}

/// The key byte that ends a land.
fn token_byte_land() -> u8 {
    crate::topology::T_LAND as u8
}

/// The token of a key byte (the inverse of [`super::key`]): on surfaces
/// the bytes from 128 are genus tokens (`key_byte` writes g + 192), on
/// the plane lowercase letters.
fn token(b: u8, game: Game) -> u16 {
    match b {
        128.. if matches!(game, Game::Surface(_)) => T_GENUS + b as u16 - 64,
        128.. => T_LOWER + (b - 128) as u16,
        8.. => T_UPPER + (b - 8) as u16,
        b => b as u16,
    }
}

/// Why facts could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError(pub String);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Solver {
    /// Keeps every fact the search proves from now on (normal play), for
    /// [`Solver::facts`]: memory grows with them, beyond the table's cap.
    pub fn keep_proofs(&mut self) {
        self.proofs.get_or_insert_with(Proofs::default);
    }

    /// Takes facts proved before (a database loaded again) as known. They
    /// are trusted: check a file from elsewhere with `sprouts verify` first.
    pub fn add_facts<'a>(&mut self, facts: impl IntoIterator<Item = &'a Fact>) -> Result<(), LoadError> {
        let normal = self.convention == super::Convention::Normal;
        self.proofs.get_or_insert_with(Proofs::default);
        for f in facts {
            let (land, nimber, wins) = match f {
                Fact::Nimber { land, nimber } if normal => (land, Some(*nimber), 0),
                Fact::Win { land, heap } if normal && *heap < 64 => (land, None, 1u64 << heap),
                Fact::Win { .. } if normal => continue,
                Fact::Tree { .. } | Fact::LandTree { .. } | Fact::Lost { .. } if !normal => {
                    self.add_misere_fact(f)?;
                    continue;
                }
                _ => return Err(LoadError(format!("`{f}` is not a fact of {} play", self.convention))),
            };
            let proofs = self.proofs.get_or_insert_with(Proofs::default);
            let nimber = match nimber.map(u8::try_from) {
                Some(Ok(g)) if g != UNKNOWN => Some(g),
                Some(_) => return Err(LoadError(format!("nimber too large in `{f}`"))),
                None => None,
            };
            let Some(k) = key(land.tokens()) else {
                return Err(LoadError(format!("land with too many letters in `{f}`")));
            };
            proofs.learn(&k, nimber, wins);
        }
        Ok(())
    }

    /// Misère: a tree (ids must come in order, as they were made), a
    /// land's tree, or a lost state.
    fn add_misere_fact(&mut self, f: &Fact) -> Result<(), LoadError> {
        let bad = |why: &str| LoadError(format!("`{f}`: {why}"));
        match f {
            Fact::Tree { id, options } => {
                if options.iter().any(|&o| o >= *id) || *id as usize != self.trees.len() {
                    return Err(bad("trees must be numbered 2, 3, … in order, options before the tree"));
                }
                let mut sorted = options.clone();
                crate::sort::sort_short(&mut sorted);
                sorted.dedup();
                match self.trees.load(sorted) {
                    Some(got) if got == *id => {}
                    Some(_) => return Err(bad("the same tree twice")),
                    None => return Err(bad("no room for the trees: raise --table-mb")),
                }
            }
            Fact::LandTree { land, tree } => {
                let Some(k) = key(land.tokens()) else { return Err(bad("too many letters")) };
                if *tree as usize >= self.trees.len() {
                    return Err(bad("unknown tree"));
                }
                self.proofs.get_or_insert_with(Proofs::default).land_trees.insert(k.to_vec().into(), *tree);
                // A tree of a land: the database was written with trees of
                // at least its lives, and is continued so whatever the
                // first position asks (or this solver's new trees would
                // meet its lost sums holding the same lands as lands).
                let lv = super::lives(land.tokens());
                self.tree_lives_allowed.0 = self.tree_lives_allowed.0.max(lv);
            }
            Fact::Lost { star, trees, lands } => {
                if trees.iter().any(|&t| t as usize >= self.trees.len()) {
                    return Err(bad("unknown tree"));
                }
                let Some(k) = super::rct::lost_key(lands, *star, trees) else { return Err(bad("too many letters")) };
                self.proofs.get_or_insert_with(Proofs::default).lost.insert(k.into());
                // A land written as a land: the database was written with
                // a lower limit than its lives (9 before session 32, 10
                // below 15 spots). Its facts are continued with that
                // limit, or `verify` would read such a land as its tree,
                // whose reduced options the facts do not answer. (Lands
                // of at most 9 lives are lands only when the trees were
                // full.)
                for l in lands {
                    let lv = super::lives(l.tokens());
                    if lv > super::TREE_LIVES_BEFORE {
                        self.tree_lives_allowed.1 = self.tree_lives_allowed.1.min(lv - 1);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The facts kept (see [`Solver::keep_proofs`]); empty if none are.
    pub fn facts(&self) -> Vec<Fact> {
        let Some(p) = &self.proofs else { return Vec::new() };
        let mut out = p.facts(self.game);
        if self.convention == super::Convention::Misere {
            for id in 2..self.trees.len() as u32 {
                out.push(Fact::Tree { id, options: self.trees.options(id).to_vec() });
            }
        }
        out
    }

    /// Normal play: the facts of the lands whose facts grew since the last
    /// call (a land's nimber, else all its wins, so some may repeat); the
    /// first call keeps proofs and gives every fact known so far. Costs what
    /// changed, not what is known: for handing facts on between solvers.
    pub fn take_new_facts(&mut self) -> Vec<Fact> {
        let game = self.game;
        let p = self.proofs.get_or_insert_with(Proofs::default);
        let Some(changed) = p.changed.replace(Vec::new()) else {
            return p.facts(game);
        };
        let mut keys = changed;
        crate::sort::sort(&mut keys);
        keys.dedup();
        let mut out = Vec::with_capacity(keys.len());
        for k in &keys {
            if let Some(f) = p.facts.get(k) {
                land_facts(k, f, game, &mut out);
            }
        }
        out
    }

    /// How many facts [`Solver::facts`] would give.
    pub fn fact_count(&self) -> usize {
        let trees = if self.convention == super::Convention::Misere { self.trees.len().saturating_sub(2) } else { 0 };
        self.proofs.as_ref().map_or(0, |p| p.len() + trees)
    }

    /// Calls `f` with the solver at each progress report (every
    /// `progress_every` nodes): for saving the facts now and then. `f`
    /// keeps its own clock.
    pub fn on_checkpoint(&mut self, f: impl FnMut(&Solver) + 'static) {
        self.checkpoint = Some(Box::new(f));
    }
}
