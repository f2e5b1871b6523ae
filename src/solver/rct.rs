//! Misère play by reduced canonical trees (Lemoine and Viennot's method).
//!
//! A position is a sum of lands. Every land of at most `tree_lives` lives
//! is replaced by its misère canonical tree (see `trees.rs`: an exact
//! replacement, since equal games are interchangeable in any sum), so a
//! search state is
//! - the lands still too large to reduce (canonical strings, sorted),
//! - a parity bit for `*1` (`*1 + *1 = 0`),
//! - a multiset of tree ids (`0` dropped: it has no move),
//!
//! and its moves are a Sprouts move in a land (whose small resulting lands
//! become trees in turn), a move in one tree (to one of its options), or
//! taking the `*1`. Many different positions share a state, which is what
//! makes this fast.
//!
//! States are decided without search when nothing is left but
//! - one tree and the parity: the tree records both outcomes;
//! - nim heaps and the parity: the misère nim rule (Bouton) — if some heap
//!   is 2 or more the mover wins iff the nim-sum is not 0, otherwise iff
//!   it is 0 (an even number of `*1`s; nothing at all is a win, since the
//!   opponent moved last).
//!
//! The search is a depth-first search that first looks every child up
//! (a child known lost decides the state at once) and then searches them
//! in order. Decided states are stored, won and lost. Table entries cost what
//! their search did, so the table's replacement policy keeps the costly
//! ones; a forgotten state is simply searched again.

use super::pns::{self, Numbers, INF};
use super::table::Value;
use super::trees::{Trees, STAR, ZERO};
use super::{key, key_byte, lives, SolveError, Solver};
use crate::topology::Canon;
use smallvec::SmallVec;
use std::ops::ControlFlow;
use std::rc::Rc;

/// A sum: large lands, the `*1` parity, trees. The lands are shared:
/// every child of a state starts as a copy of the state's other lands.
/// Both lists are inline up to a size that nearly every state fits (a
/// state is made for every child generated, and their allocations were a
/// fifth of the time).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    /// Token strings of lands, as in [`Canon::land_tokens`] (one
    /// allocation each; a form is made only to expand one).
    lands: SmallVec<[Rc<[u16]>; 2]>,
    star: bool,
    ids: SmallVec<[u32; 6]>,
}

/// Table values of a state: lost, won, or open (its proof and disproof
/// numbers in the data). One record per state, so that looking a child up
/// is one probe of the table.
const LOST: u8 = 0;
const WON: u8 = 1;
const OPEN: u8 = 2;

/// Separates the lands from the trees in a state key (no token byte is 6).
pub(super) const SEP: u8 = 6;

impl Solver {
    /// Whether the player to move wins the misère position `c`.
    pub(super) fn rct_wins(&mut self, c: &Canon) -> Result<bool, SolveError> {
        let mut st = State { lands: SmallVec::new(), star: false, ids: SmallVec::new() };
        self.add_lands(&mut st, c)?;
        self.state_wins(&st)
    }

    /// The reduced tree of a whole position (the sum of its lands' trees).
    pub(super) fn position_tree(&mut self, c: &Canon) -> Result<Option<u32>, SolveError> {
        let mut ids = Vec::new();
        for l in c.land_tokens() {
            match self.land_tree(l)? {
                Some(t) => ids.push(t),
                None => return Ok(None),
            }
        }
        Trees::normalise(&mut ids);
        Ok(self.trees.sum(&ids))
    }

    /// The reduced tree of a land, `None` if it has more than `tree_lives`
    /// lives or the arena is full.
    pub(super) fn land_tree(&mut self, land: &[u16]) -> Result<Option<u32>, SolveError> {
        if lives(land) > self.tree_lives || self.trees.full() {
            return Ok(None);
        }
        let Some(k) = key(land) else { return Ok(None) };
        if let Some(id) = self.trees.land(&k) {
            return Ok(id);
        }
        if let Some(&id) = self.proofs.as_ref().and_then(|p| p.land_trees.get(&k[..])) {
            self.trees.remember_land(&k, Some(id));
            return Ok(Some(id));
        }
        self.tick()?;
        let mut options = Vec::new();
        // The children are visited as they are generated and not put in
        // the children cache: the land's tree is remembered, so its list
        // would never be asked for again, and it would push out the lists
        // of large lands, which the search does come back to.
        let (mut failed, mut err) = (false, None);
        let game = self.game;
        // Repeated children are passed over, as in `each_child`: the
        // tree's options are a set.
        let mut seen: Vec<(u64, Canon)> = Vec::with_capacity(32);
        Solver::land_children(game, &Canon::of_land_tokens(land), true, &mut |c| {
            let h = super::token_hash(c.tokens());
            let repeat = seen.iter().any(|(g, k)| *g == h && *k == c);
            let step = self.generated(0).and_then(|()| {
                if repeat {
                    return Ok(Some(ZERO));
                }
                let t = self.position_tree(&c);
                seen.push((h, c));
                t
            });
            match step {
                Ok(Some(_)) if repeat => return ControlFlow::Continue(()),
                Ok(Some(t)) => {
                    options.push(t);
                    return ControlFlow::Continue(());
                }
                // Stops when a child has no tree.
                Ok(None) => failed = true,
                Err(e) => err = Some(e),
            }
            ControlFlow::Break(())
        })?;
        if let Some(e) = err {
            return Err(e);
        }
        let id = if failed { None } else { self.trees.reduce(options) };
        self.trees.remember_land(&k, id);
        if let (Some(p), Some(id)) = (self.proofs.as_mut(), id) {
            p.land_trees.insert(k.to_vec().into(), id);
        }
        Ok(id)
    }

    /// Adds the lands of a position to a state, as trees where they can
    /// be, and puts the state back in normal form.
    fn add_lands(&mut self, st: &mut State, c: &Canon) -> Result<(), SolveError> {
        for l in c.land_tokens() {
            match self.land_tree(l)? {
                Some(id) => st.ids.push(id),
                None => st.lands.push(Rc::from(l)),
            }
        }
        crate::sort::sort_short(&mut st.lands);
        normalise(st);
        Ok(())
    }

    /// The outcome of a state when it is decided without search.
    fn settled(&self, st: &State) -> Option<bool> {
        if !st.lands.is_empty() {
            return None;
        }
        match st.ids[..] {
            [] => return Some(!st.star),
            [one] => return Some(self.trees.wins(one, st.star)),
            _ => {}
        }
        let mut xor = st.star as u32;
        for &id in &st.ids {
            // (Heaps 0 and 1 are not in `ids`, so some heap is >= 2.)
            xor ^= self.trees.heap(id)?;
        }
        Some(xor != 0)
    }

    /// The numbers of a state as its table entry gives them.
    fn state_numbers(&self, st: &State, k: Option<&[u8]>) -> Numbers {
        if let Some(w) = self.settled(st) {
            return if w { pns::WIN } else { pns::LOSS };
        }
        let Some(k) = k else { return self.fresh(st) };
        let v = self.table.get(k);
        match v {
            Some(v) if v.value == WON => return pns::WIN,
            Some(v) if v.value == LOST => return pns::LOSS,
            _ => {}
        }
        if self.proofs.as_ref().is_some_and(|p| p.lost.contains(k)) {
            return pns::LOSS;
        }
        v.map_or_else(|| self.fresh(st), |v| pns::unpack(v.data))
    }

    /// Numbers of a state before any search: proof 1 (one good move
    /// wins), disproof 1 + what is left (every move must be refuted).
    fn fresh(&self, st: &State) -> Numbers {
        Numbers { proof: 1, disproof: 1 + self.size(st) }
    }

    fn numbers_of(&self, st: &State) -> Numbers {
        if let Some(w) = self.settled(st) {
            return if w { pns::WIN } else { pns::LOSS };
        }
        // Keys of children looked up are built in one buffer, reused.
        thread_local! {
            static BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        BUF.with(|b| match b.try_borrow_mut() {
            Ok(mut buf) => {
                let ok = state_key_into(st, &mut buf);
                self.state_numbers(st, ok.then_some(&buf[..]))
            }
            Err(_) => self.state_numbers(st, state_key(st).as_deref()),
        })
    }

    fn state_wins(&mut self, st: &State) -> Result<bool, SolveError> {
        Ok(self.state_mid(st, INF, INF)? == pns::WIN)
    }

    /// Proof-number search of a state until it is decided or its numbers
    /// reach a threshold.
    fn state_mid(&mut self, st: &State, th_proof: u32, th_disproof: u32) -> Result<Numbers, SolveError> {
        let own = state_key(st);
        let k = own.as_deref();
        let n = self.state_numbers(st, k);
        if n.decided() || n.proof >= th_proof || n.disproof >= th_disproof {
            return Ok(n);
        }
        let start = self.nodes;
        self.tick()?;
        let mut options = Options::take();
        // Moves in trees and of the *1 first: they cost no canonical form.
        self.tree_children(st, &mut options);
        for o in options.iter_mut() {
            o.1 = self.numbers_of(&o.0);
            if o.1 == pns::LOSS {
                return Ok(self.record_state(k, pns::WIN, start));
            }
        }
        for i in 0..st.lands.len() {
            // Identical lands have the same moves.
            if i > 0 && st.lands[i] == st.lands[i - 1] {
                continue;
            }
            let mut rest = st.clone();
            rest.lands.remove(i);
            let won = self.each_child(&Canon::of_land_tokens(&st.lands[i]), &mut |this, c| {
                let mut next = rest.clone();
                this.add_lands(&mut next, c)?;
                let n = this.numbers_of(&next);
                options.push((next, n));
                Ok(n == pns::LOSS)
            })?;
            if won {
                return Ok(self.record_state(k, pns::WIN, start));
            }
        }
        crate::sort::sort_short_by(&mut options, |a, b| a.0.cmp(&b.0));
        options.dedup_by(|a, b| a.0 == b.0);
        let n = pns::search(&mut options, th_proof, th_disproof, |c, thp, thd| {
            self.state_mid(c, thp, thd)
        })?;
        Ok(self.record_state(k, n, start))
    }

    /// Stores what the search learnt under the state's key: decided
    /// (won states too: finding their lost child again means generating
    /// the children again, and proof-number search comes back to won
    /// children of open states often), or open with its numbers.
    fn record_state(&mut self, k: Option<&[u8]>, n: Numbers, start: u64) -> Numbers {
        let Some(k) = k else { return n };
        if let (Some(p), true) = (self.proofs.as_mut(), n == pns::LOSS) {
            p.lost.insert(k.into());
        }
        let v = if n == pns::LOSS {
            Value { value: LOST, data: 0 }
        } else if n == pns::WIN {
            Value { value: WON, data: 0 }
        } else {
            Value { value: OPEN, data: pns::pack(n) }
        };
        let work = self.work_since(start);
        self.table.update(k, v, work, |_, new| new);
        n
    }

    /// How much is left in a state, to order the search.
    fn size(&self, st: &State) -> u32 {
        st.lands.iter().map(|l| lives(l)).sum::<u32>()
            + st.ids.iter().map(|&id| self.trees.birthday(id)).sum::<u32>()
            + st.star as u32
    }

    /// Adds the states after a move in a tree or of the `*1` to `out`
    /// (numbers to be looked up).
    fn tree_children(&self, st: &State, out: &mut Vec<(State, Numbers)>) {
        for i in 0..st.ids.len() {
            if i > 0 && st.ids[i] == st.ids[i - 1] {
                continue;
            }
            for &o in self.trees.options(st.ids[i]) {
                let mut next = st.clone();
                next.ids[i] = o;
                normalise(&mut next);
                out.push((next, pns::LOSS));
            }
        }
        if st.star {
            let mut next = st.clone();
            next.star = false;
            out.push((next, pns::LOSS));
        }
    }
}

/// The options of a state being searched, in a vector taken from a pool
/// and given back emptied when done: one is filled at every expansion,
/// and growing a fresh one each time was a tenth of the time in malloc.
struct Options(Vec<(State, Numbers)>);

thread_local! {
    static POOL: std::cell::RefCell<Vec<Vec<(State, Numbers)>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Options {
    fn take() -> Options {
        Options(POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default())
    }
}

impl std::ops::Deref for Options {
    type Target = Vec<(State, Numbers)>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Options {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Drop for Options {
    fn drop(&mut self) {
        let mut v = std::mem::take(&mut self.0);
        v.clear();
        // Pooled vectors are never shrunk; a very wide one is let go.
        if v.capacity() <= 4096 {
            POOL.with(|p| p.borrow_mut().push(v));
        }
    }
}

/// The key of the state of these lands (sorted, none a tree), parity and
/// trees (normalised), for facts read back from a database.
pub(super) fn lost_key(lands: &[Canon], star: bool, trees: &[u32]) -> Option<Vec<u8>> {
    let lands = lands.iter().map(|l| Rc::from(l.tokens())).collect();
    let mut st = State { lands, star, ids: trees.iter().copied().collect() };
    crate::sort::sort_short(&mut st.lands);
    normalise(&mut st);
    state_key(&st)
}

/// Folds the `*1`s of `ids` into the parity and drops the `0`s.
fn normalise(st: &mut State) {
    let stars = st.ids.iter().filter(|&&i| i == STAR).count();
    st.star ^= stars % 2 == 1;
    st.ids.retain(|i| *i != ZERO && *i != STAR);
    crate::sort::sort_short(&mut st.ids);
}

/// The table key of a state: its lands' keys, a separator, the parity and
/// the tree ids (7 bits a byte, high bit for "more"); `None` when a land
/// has more letters than a byte can name (such states are not stored).
fn state_key(st: &State) -> Option<Vec<u8>> {
    let mut k = Vec::new();
    state_key_into(st, &mut k).then_some(k)
}

/// [`state_key`] written into `k` (emptied first); false when the state
/// has no key.
fn state_key_into(st: &State, k: &mut Vec<u8>) -> bool {
    k.clear();
    let len = st.lands.iter().map(|l| l.len()).sum::<usize>() + 2 + 5 * st.ids.len();
    k.reserve(len);
    for l in &st.lands {
        for &t in l.iter() {
            match key_byte(t) {
                Some(b) => k.push(b),
                None => return false,
            }
        }
    }
    k.push(SEP);
    k.push(st.star as u8);
    for &id in &st.ids {
        let mut x = id;
        while x >= 0x80 {
            k.push(x as u8 | 0x80);
            x >>= 7;
        }
        k.push(x as u8);
    }
    true
}
