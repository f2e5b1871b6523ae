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

use super::{key, Solver};
use crate::certificate::Fact;
use crate::topology::{Canon, T_LOWER, T_UPPER};
use std::collections::HashMap;

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
}

impl Proofs {
    pub(crate) fn get(&self, key: &[u8]) -> Option<Proved> {
        self.facts.get(key).copied()
    }

    /// Adds what is known of a land (merged with what was).
    pub(crate) fn learn(&mut self, key: &[u8], nimber: Option<u8>, wins: u64) {
        let e = self.facts.entry(key.into()).or_insert(Proved { nimber: UNKNOWN, wins: 0 });
        if let Some(g) = nimber {
            e.nimber = g;
        }
        e.wins |= wins;
    }

    /// Facts (a land with a nimber needs no win facts: its nimber says them all).
    pub(crate) fn len(&self) -> usize {
        self.facts
            .values()
            .map(|p| if p.nimber != UNKNOWN { 1 } else { p.wins.count_ones() as usize })
            .sum()
    }

    pub(crate) fn facts(&self) -> Vec<Fact> {
        let mut out = Vec::with_capacity(self.facts.len());
        for (k, p) in &self.facts {
            let land = Canon::from_tokens(k.iter().map(|&b| token(b)).collect());
            if p.nimber != UNKNOWN {
                out.push(Fact::Nimber { land, nimber: p.nimber as u32 });
            } else {
                for h in (0..64).filter(|h| p.wins >> h & 1 == 1) {
                    out.push(Fact::Win { land: land.clone(), heap: h });
                }
            }
        }
        out
    }
}

/// The token of a key byte (the inverse of [`super::key`]).
fn token(b: u8) -> u16 {
    match b {
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
        if self.convention != super::Convention::Normal {
            return Err(LoadError("facts of this kind are for normal play".into()));
        }
        let proofs = self.proofs.get_or_insert_with(Proofs::default);
        for f in facts {
            let (land, nimber, wins) = match f {
                Fact::Nimber { land, nimber } => (land, Some(*nimber), 0),
                Fact::Win { land, heap } if *heap < 64 => (land, None, 1u64 << heap),
                Fact::Win { .. } => continue,
            };
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

    /// The facts kept (see [`Solver::keep_proofs`]); empty if none are.
    pub fn facts(&self) -> Vec<Fact> {
        self.proofs.as_ref().map_or_else(Vec::new, Proofs::facts)
    }

    /// How many facts [`Solver::facts`] would give.
    pub fn fact_count(&self) -> usize {
        self.proofs.as_ref().map_or(0, Proofs::len)
    }

    /// Calls `f` with the solver at each progress report (every
    /// `progress_every` nodes): for saving the facts now and then. `f`
    /// keeps its own clock.
    pub fn on_checkpoint(&mut self, f: impl FnMut(&Solver) + 'static) {
        self.checkpoint = Some(Box::new(f));
    }
}
