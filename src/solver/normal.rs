//! Normal play: nimbers of lands, and "land + *k" searches.
//!
//! "L + *k" is a win when some child C of L (a sum of lands) makes
//! "C + *k" a loss, or when "L + *m" is a loss for some m < k (take the
//! heap down to m); it is a loss exactly when the nimber of L is k.
//!
//! A sum of lands plus *k: identical lands cancel in pairs, known nimbers
//! fold into the heap, the nimbers of all remaining lands but the largest
//! are computed, and the largest is searched with the resulting heap. This
//! is Lemoine and Viennot's scheme: full nimbers only for the smaller
//! lands, where they are cheap, and one winning line for the largest land
//! when it is a win. A sum met as an option inside the search is searched
//! under thresholds like any option (`sum_mid`): its smaller nimbers are
//! asked one question "A + *j" at a time, which stops when it looks dearer
//! than the sum's siblings and resumes from the table.
//!
//! "L + *k" itself is decided by depth-first proof-number search (see
//! [`super::pns`]): it explores first the lines that look cheapest to
//! settle, which matters more than anything else here because a win needs
//! one good move and a bad first guess costs a whole refutation.
//!
//! Table entries: a land's key holds its nimber once known ([`UNKNOWN`]
//! before that) and, as a bit mask, the k < 64 for which "L + *k" is known
//! to be a win. The key followed by the byte k holds the proof and disproof
//! numbers of "L + *k" while it is open.

use super::pns::{self, Numbers, INF};
use super::table::{Learnt, Value};
use super::{child_bytes, key, lives, Key, SolveError, Solver};
use crate::topology::{Canon, T_LAND};
use std::ops::ControlFlow;

/// Value of a land entry with no nimber known yet.
const UNKNOWN: u8 = u8::MAX;
/// Mask bits cover k < 64.
const MASK_BITS: u32 = 64;
/// Calls on a sum's open question per visit, beyond which the sum gives up
/// waiting for both its numbers to reach the threshold (see `sum_mid`).
const MAX_CALLS: u32 = 8;

fn merge(old: Value, new: Value) -> Value {
    Value {
        value: if new.value != UNKNOWN {
            new.value
        } else {
            old.value
        },
        data: old.data | new.data,
    }
}

/// An option of "L + *k", seen from the opponent who then moves.
enum Choice {
    /// Decided: the opponent wins (true) or loses.
    Known(bool),
    /// "land + *heap".
    Land(Canon, u32),
    /// Several lands of unknown nimber plus *heap: the smaller lands'
    /// nimbers are searched under thresholds, like any option.
    Sum(Vec<Canon>, u32),
}

impl Choice {
    /// Estimated bytes held by the option (for the expansion memory cap).
    fn bytes(&self) -> usize {
        match self {
            Choice::Known(_) => 32,
            Choice::Land(c, _) => child_bytes(c),
            Choice::Sum(ls, _) => ls.iter().map(child_bytes).sum(),
        }
    }
}

/// See [`Solver::sum_state`].
enum SumState {
    /// At most one land of unknown nimber is left: the option it became.
    Reduced(Choice),
    /// The question "land + *j" asked next about a smaller land, with its
    /// numbers; the sum's numbers are `base` plus the lesser of them.
    Open {
        land: Canon,
        j: u32,
        base: u32,
        question: Numbers,
        numbers: Numbers,
    },
}

impl Solver {
    /// What the table knows about "land + *k": its numbers if decided.
    fn known(&self, key: Option<&[u8]>, k: u32) -> Option<Numbers> {
        let v = self.land_value(key?)?;
        if v.value != UNKNOWN {
            Some(if v.value as u32 == k {
                pns::LOSS
            } else {
                pns::WIN
            })
        } else if k < MASK_BITS && v.data >> k & 1 == 1 {
            Some(pns::WIN)
        } else {
            None
        }
    }

    fn known_nimber(&self, land: &[u16]) -> Option<u32> {
        let v = self.land_value(&key(land)?)?;
        (v.value != UNKNOWN).then_some(v.value as u32)
    }

    /// What the table, and the facts kept for a database (which the
    /// table may have forgotten, or which were loaded), know of a land.
    fn land_value(&self, key: &[u8]) -> Option<Value> {
        let t = self.table.get(key);
        let Some(p) = self.proofs.as_ref().and_then(|p| p.get(key)) else { return t };
        let p = Value { value: p.nimber, data: p.wins };
        Some(t.map_or(p, |t| merge(t, p)))
    }

    /// Cancels identical lands in pairs and folds the known nimbers into
    /// `k`: the rest of the sum, and the new heap.
    fn fold<'a>(&self, lands: impl Iterator<Item = &'a [u16]>, mut k: u32) -> (Vec<Canon>, u32) {
        let mut rest = Vec::new();
        let mut it = lands.peekable();
        while let Some(l) = it.next() {
            // Lands come sorted, so equal ones are neighbours.
            if it.peek() == Some(&l) {
                it.next();
                continue;
            }
            match self.known_nimber(l) {
                Some(g) => k ^= g,
                None => rest.push(Canon::from_tokens(l.to_vec())),
            }
        }
        (rest, k)
    }

    /// Whether the sum of `lands` plus *k is a win for the player to move.
    pub(super) fn sum_wins(&mut self, lands: Vec<Canon>, k: u32) -> Result<bool, SolveError> {
        let (rest, k) = self.fold(lands.iter().map(|l| l.tokens()), k);
        match self.reduce_sum(rest, k)? {
            None => Ok(k != 0),
            Some((big, x)) => self.land_wins(&big, x),
        }
    }

    /// Replaces every land but the largest by its nimber: the largest land
    /// and the heap, or `None` if no land remains (then the heap is `k`).
    fn reduce_sum(
        &mut self,
        mut rest: Vec<Canon>,
        mut k: u32,
    ) -> Result<Option<(Canon, u32)>, SolveError> {
        let Some(i) =
            (0..rest.len()).max_by_key(|&i| (lives(rest[i].tokens()), rest[i].tokens().len()))
        else {
            return Ok(None);
        };
        let big = rest.swap_remove(i);
        for land in rest {
            k ^= self.land_nimber(&land)?;
        }
        Ok(Some((big, k)))
    }

    /// The nimber of a sum of lands.
    pub(super) fn sum_nimber(&mut self, lands: Vec<Canon>) -> Result<u32, SolveError> {
        let (rest, mut g) = self.fold(lands.iter().map(|l| l.tokens()), 0);
        for land in rest {
            g ^= self.land_nimber(&land)?;
        }
        Ok(g)
    }

    /// The nimber of a land: the first k for which "land + *k" is a loss.
    fn land_nimber(&mut self, land: &Canon) -> Result<u32, SolveError> {
        let mut k = 0;
        while self.land_wins(land, k)? {
            k += 1;
        }
        Ok(k)
    }

    /// Whether "land + *k" is a win for the player to move.
    fn land_wins(&mut self, land: &Canon, k: u32) -> Result<bool, SolveError> {
        Ok(self.land_mid(land, k, INF, INF)? == pns::WIN)
    }

    /// The proof-number search of "land + *k" until it is decided or its
    /// numbers reach a threshold; returns its numbers.
    fn land_mid(
        &mut self,
        land: &Canon,
        k: u32,
        th_proof: u32,
        th_disproof: u32,
    ) -> Result<Numbers, SolveError> {
        let key = key(land.tokens());
        if let Some(n) = self.known(key.as_deref(), k) {
            return Ok(n);
        }
        let open_key = key.as_ref().and_then(|key| open_key(key, k));
        if let Some(n) = open_key
            .as_deref()
            .and_then(|ok| self.table.get(ok))
            .map(|v| pns::unpack(v.data))
        {
            if n.proof >= th_proof || n.disproof >= th_disproof {
                return Ok(n);
            }
        }
        let start = self.nodes;
        self.tick()?;
        let mut options: Vec<(Choice, Numbers)> = Vec::new();
        if let Some(children) = self.cache.get(key.as_deref()) {
            for c in children.iter() {
                let o = self.choice(c, k);
                let n = self.option_numbers(&o);
                if n == pns::LOSS {
                    return Ok(self.record_land(key, open_key, k, pns::WIN, start));
                }
                options.push((o, n));
            }
        } else {
            // Children one at a time, so that a child the opponent is known
            // to lose saves canonicalising the rest.
            let mut found: Vec<(Canon, Choice, Numbers)> = Vec::new();
            let mut won = false;
            let mut bytes = 0;
            let mut stop = Ok(());
            let game = self.game;
            Solver::land_children(game, land, false, &mut |c| {
                bytes += child_bytes(&c);
                stop = self.generated(bytes);
                if stop.is_err() {
                    return ControlFlow::Break(());
                }
                let o = self.choice(&c, k);
                let n = self.option_numbers(&o);
                if n == pns::LOSS {
                    won = true;
                    return ControlFlow::Break(());
                }
                found.push((c, o, n));
                ControlFlow::Continue(())
            })?;
            stop?;
            if won {
                return Ok(self.record_land(key, open_key, k, pns::WIN, start));
            }
            crate::sort::sort_short_by(&mut found, |a, b| a.0.cmp(&b.0));
            found.dedup_by(|a, b| a.0 == b.0);
            let mut children = Vec::with_capacity(found.len());
            for (c, o, n) in found {
                children.push(c);
                options.push((o, n));
            }
            self.cache.put(key.as_deref(), children);
        }
        for m in 0..k {
            let o = Choice::Land(land.clone(), m);
            let n = self.option_numbers(&o);
            options.push((o, n));
        }
        // The options are held while their searches go on below.
        let held = options.iter().map(|(o, _)| o.bytes()).sum::<usize>();
        self.held += held;
        let n = pns::search(&mut options, th_proof, th_disproof, |o, thp, thd| {
            self.option_mid(o, thp, thd)
        });
        self.held -= held;
        Ok(self.record_land(key, open_key, k, n?, start))
    }

    /// A child of "land + *k" as an option: its lands folded.
    fn choice(&self, c: &Canon, k: u32) -> Choice {
        let (mut rest, x) = self.fold(c.tokens().split_inclusive(|&t| t == T_LAND), k);
        if rest.len() > 1 {
            Choice::Sum(rest, x)
        } else if let Some(l) = rest.pop() {
            Choice::Land(l, x)
        } else {
            Choice::Known(x != 0)
        }
    }

    /// The numbers of an option as its table entries give them.
    fn option_numbers(&self, o: &Choice) -> Numbers {
        match o {
            Choice::Known(true) => pns::WIN,
            Choice::Known(false) => pns::LOSS,
            Choice::Land(l, x) => {
                let key = key(l.tokens());
                self.known(key.as_deref(), *x)
                    .unwrap_or_else(|| self.open_numbers(key.as_ref(), l, *x))
            }
            Choice::Sum(ls, x) => match self.sum_state(ls, *x) {
                SumState::Reduced(o) => self.option_numbers(&o),
                SumState::Open { numbers, .. } => numbers,
            },
        }
    }

    /// Where the search of "lands + *x" stands: the smaller lands' nimbers
    /// are asked one question "A + *j" at a time (j the least not known to
    /// be a win), each searched only up to thresholds and resumed from the
    /// table, so that a sum whose smaller nimbers turn out costly does not
    /// hold the search while its siblings are cheaper.
    fn sum_state(&self, lands: &[Canon], x: u32) -> SumState {
        let (mut rest, x) = self.fold(lands.iter().map(|l| l.tokens()), x);
        let Some(b) =
            (0..rest.len()).max_by_key(|&i| (lives(rest[i].tokens()), rest[i].tokens().len()))
        else {
            return SumState::Reduced(Choice::Known(x != 0));
        };
        let big = rest.swap_remove(b);
        if rest.is_empty() {
            return SumState::Reduced(Choice::Land(big, x));
        }
        // The cheapest smaller land first.
        let a = (0..rest.len())
            .min_by_key(|&i| (lives(rest[i].tokens()), rest[i].tokens().len()))
            .unwrap_or(0);
        // Each smaller land counts `smaller_weight` of its lives plus the
        // lesser number of its open question (what deciding it should cost,
        // either way), which starts at 1: with the big land's 1 + lives, the
        // estimate tuned for sums before (1 + all lives + 4 per life of the
        // smaller lands). It grows as the question does. Measured against
        // the greater number and 4 per life: 202,516 nodes instead of
        // 221,590 at 18 spots, 213,327 instead of 483,552 at 19.
        let mut rest_cost = 1 + lives(big.tokens());
        let mut current = None;
        for (i, l) in rest.iter().enumerate() {
            let key = key(l.tokens());
            let mut j = 0;
            while j < MASK_BITS && self.known(key.as_deref(), j) == Some(pns::WIN) {
                j += 1;
            }
            let open = self.open_numbers(key.as_ref(), l, j);
            let cost = open.proof.min(open.disproof);
            if i == a {
                current = Some((j, cost, open));
            } else {
                rest_cost = rest_cost.saturating_add(smaller_weight(lives(l.tokens()))).saturating_add(cost);
            }
        }
        let (j, cost, question) = current.unwrap_or((0, 0, pns::LOSS));
        let base = rest_cost.saturating_add(smaller_weight(lives(rest[a].tokens())));
        let n = base.saturating_add(cost).min(INF - 1);
        SumState::Open {
            land: rest.swap_remove(a),
            j,
            base,
            question,
            numbers: Numbers {
                proof: n,
                disproof: n,
            },
        }
    }

    /// The numbers of "land + *x" while it is open: its table entry's, or
    /// the first estimate.
    fn open_numbers(&self, key: Option<&Key>, land: &Canon, x: u32) -> Numbers {
        key.and_then(|key| open_key(key, x))
            .and_then(|ok| self.table.get(&ok))
            .map_or_else(|| fresh(land), |v| pns::unpack(v.data))
    }

    /// Searches an option until it is decided or its numbers reach the
    /// thresholds; returns its numbers.
    fn option_mid(&mut self, o: &mut Choice, thp: u32, thd: u32) -> Result<Numbers, SolveError> {
        match o {
            Choice::Known(w) => Ok(if *w { pns::WIN } else { pns::LOSS }),
            Choice::Land(l, x) => self.land_mid(l, *x, thp, thd),
            Choice::Sum(ls, x) => match self.sum_mid(ls, x, thp, thd)? {
                Ok(n) => Ok(n),
                Err(reduced) => {
                    *o = reduced;
                    self.option_mid(o, thp, thd)
                }
            },
        }
    }

    /// Searches the sum "ls + *x" until its numbers reach the thresholds
    /// (`Ok`), or until at most one land of unknown nimber is left: then
    /// the option it became (`Err`), "largest land + *heap" or decided.
    fn sum_mid(
        &mut self,
        ls: &mut Vec<Canon>,
        x: &mut u32,
        thp: u32,
        thd: u32,
    ) -> Result<Result<Numbers, Choice>, SolveError> {
        loop {
            let (land, j, base, mut q) = match self.sum_state(ls, *x) {
                SumState::Reduced(r) => return Ok(Err(r)),
                SumState::Open { numbers, .. } if numbers.proof >= thp || numbers.disproof >= thd => {
                    return Ok(Ok(numbers))
                }
                SumState::Open { land, j, base, question, .. } => (land, j, base, question),
            };
            // The question is searched until both its numbers make the
            // sum's reach a threshold, each call pushing the ones below it.
            // A table too small to keep the question's numbers could make
            // the calls undo each other forever: after a few, its greater
            // number (at least t after any call) stands for the sum's.
            let t = thp.min(thd) - base;
            let mut calls = 0;
            while !q.decided() && q.proof.min(q.disproof) < t {
                if calls == MAX_CALLS {
                    let m = base.saturating_add(q.proof.max(q.disproof)).min(INF - 1);
                    return Ok(Ok(Numbers { proof: m, disproof: m }));
                }
                let tp = if q.proof < t { t } else { INF };
                let td = if q.disproof < t { t } else { INF };
                q = self.land_mid(&land, j, tp, td)?;
                calls += 1;
            }
            // What is learnt is used here, not only through the table,
            // which may have forgotten it (or be disabled).
            let g = if q == pns::LOSS {
                j
            } else if q == pns::WIN {
                if self.known(key(land.tokens()).as_deref(), j) == Some(pns::WIN) {
                    continue;
                }
                self.land_nimber(&land)?
            } else {
                let m = base.saturating_add(q.proof.min(q.disproof)).min(INF - 1);
                return Ok(Ok(Numbers { proof: m, disproof: m }));
            };
            if let Some(i) = ls.iter().position(|l| *l == land) {
                ls.swap_remove(i);
                *x ^= g;
            }
        }
    }

    /// Stores what the search learnt about "land + *k" and returns `n`.
    fn record_land(
        &mut self,
        key: Option<Key>,
        open_key: Option<Key>,
        k: u32,
        n: Numbers,
        start: u64,
    ) -> Numbers {
        let learnt = if n == pns::WIN {
            Learnt::Decided((k < MASK_BITS).then(|| Value {
                value: UNKNOWN,
                data: 1u64 << k,
            }))
        } else if n == pns::LOSS {
            let g = u8::try_from(k).ok().filter(|&g| g != UNKNOWN);
            Learnt::Decided(g.map(|g| Value { value: g, data: 0 }))
        } else {
            Learnt::Open(pns::pack(n))
        };
        if let (Some(p), Some(key)) = (self.proofs.as_mut(), key.as_deref()) {
            if n == pns::WIN && k < MASK_BITS {
                p.learn(key, None, 1u64 << k);
            } else if n == pns::LOSS {
                if let Ok(g) = u8::try_from(k) {
                    p.learn(key, (g != UNKNOWN).then_some(g), 0);
                }
            }
        }
        let work = self.work_since(start);
        self.table
            .learn(key.as_deref(), open_key.as_deref(), learnt, work, merge);
        n
    }
}

/// The key of the open entry of "land + *k": the land's key (which ends
/// with the land terminator, and has no other) followed by k.
fn open_key(key: &Key, k: u32) -> Option<Key> {
    u8::try_from(k).ok().map(|k| key.with(k))
}

/// Numbers of "land + *x" before any search. A win needs one good move, a
/// loss every move refuted, and larger lands have more moves: proof 1,
/// disproof 1 + lives. Measured against 1 + lives both ways: 2,674 nodes
/// instead of 15,408 at 11 spots, 216,267 instead of about 430,000 at 14.
fn fresh(land: &Canon) -> Numbers {
    Numbers {
        proof: 1,
        disproof: 1 + lives(land.tokens()),
    }
}

/// Lives up to which a smaller land of a sum counts 3 per life (see
/// [`smaller_weight`]).
const SMALL_LIVES: u32 = 9;

/// What a smaller land of a sum adds to the sum's proof numbers for its
/// lives: 3 per life up to [`SMALL_LIVES`], 5 per life beyond. A nimber of
/// a land that small (3 spots' worth of lives) is cheap to settle, so at 5
/// per life its sums looked dearer than their siblings and were put off
/// (13 spots: 80,451 nodes at 5, 21,187 with this rule); 3 for every land
/// made 21 spots take 2.2 times the nodes, so the larger lands keep 5
/// (docs/benchmarks.md, session 29).
fn smaller_weight(lives: u32) -> u32 {
    if lives <= SMALL_LIVES {
        3 * lives
    } else {
        3 * SMALL_LIVES + 5 * (lives - SMALL_LIVES)
    }
}
