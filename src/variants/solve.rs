//! Outcomes of variant positions: exhaustive search with a transposition
//! table keyed by canonical forms, normal and misère play.
//!
//! Generic over the key and the move generator, so that the fast engine
//! ([`super::child_forms`]) and the slow reference
//! ([`super::reference`]) are solved by the same few lines and their
//! answers can be compared. No land decomposition and no nimbers: the
//! variants' games are short enough at the sizes reached (5n − 2 moves at
//! most), and a plain search is the easiest to trust for new results.
//!
//! A search may be stopped (a budget, Ctrl-C, a save): the caller sets
//! the flag given to `stop_on`, and its children function answers no
//! move from then on. Nothing decided after the flag is set is kept, so
//! the table holds only decided facts, and a search started again on the
//! same table goes on where it was. Those facts are the certificates of
//! `sprouts solve --rules … --database` (`facts`, `add_facts`; checked by
//! `crate::verify` with the variant's move generator).

use crate::certificate::Fact;
use crate::topology::Canon;
use std::cell::Cell;
use std::collections::HashMap;
use std::hash::Hash;
use std::rc::Rc;

/// A solver of one convention over keys `K` with children `F`.
pub struct Search<K, F> {
    misere: bool,
    children: F,
    table: HashMap<K, bool>,
    stop: Option<Rc<Cell<bool>>>,
    /// Positions expanded (table misses).
    pub nodes: u64,
}

impl<K: Clone + Eq + Hash, F: FnMut(&K) -> Vec<K>> Search<K, F> {
    pub fn new(misere: bool, children: F) -> Self {
        Search { misere, children, table: HashMap::new(), stop: None, nodes: 0 }
    }

    /// Stops deciding once `flag` is set (see the module's comment).
    pub fn stop_on(mut self, flag: Rc<Cell<bool>>) -> Self {
        self.stop = Some(flag);
        self
    }

    fn halted(&self) -> bool {
        self.stop.as_ref().is_some_and(|f| f.get())
    }

    /// Whether the player to move wins `k`. A position with no move is a
    /// loss for the player to move in normal play and a win in misère
    /// play (the opponent made the last move). Meaningless once stopped.
    pub fn wins(&mut self, k: &K) -> bool {
        if let Some(&w) = self.table.get(k) {
            return w;
        }
        if self.halted() {
            return false;
        }
        self.nodes += 1;
        let kids = (self.children)(k);
        if self.halted() {
            return false;
        }
        let w = if kids.is_empty() {
            self.misere
        } else {
            // Children already known to lose first: no search needed.
            kids.iter().any(|c| self.table.get(c) == Some(&false)) || kids.iter().any(|c| !self.wins(c))
        };
        // A child's answer after a stop means nothing.
        if !self.halted() {
            self.table.insert(k.clone(), w);
        }
        w
    }

    /// Entries in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }
}

impl<F: FnMut(&Canon) -> Vec<Canon>> Search<Canon, F> {
    /// Misère play: the positions decided lost, as `L 0 - LAND…` facts (a
    /// win is shown by a move to one of them, so wins are not written).
    pub fn lost_facts(&self) -> Vec<Fact> {
        self.table
            .iter()
            .filter(|(_, &w)| !w)
            .map(|(k, _)| Fact::Lost { star: false, trees: Vec::new(), lands: k.lands() })
            .collect()
    }

    /// Takes the lost positions of `facts` as decided (a database read
    /// back; `sprouts verify` checks them). Other facts are not this
    /// search's and are refused.
    pub fn add_lost_facts<'a>(&mut self, facts: impl IntoIterator<Item = &'a Fact>) -> Result<(), String> {
        for f in facts {
            match f {
                Fact::Lost { star: false, trees, lands } if trees.is_empty() => {
                    self.table.insert(position_of_lands(lands), false);
                }
                _ => return Err(format!("`{f}` is not a fact of a variant's misère search (lost positions `L 0 - LAND…` only)")),
            }
        }
        Ok(())
    }
}

/// The key of the position made of these lands: their token strings,
/// sorted, as a canonical form writes them.
fn position_of_lands(lands: &[Canon]) -> Canon {
    let mut ls: Vec<&Canon> = lands.iter().collect();
    ls.sort();
    Canon::from_tokens(ls.iter().flat_map(|l| l.tokens().iter().copied()).collect())
}

/// Normal play only: the nimber of a position is the XOR of its lands'
/// (Sprague–Grundy), and a land's is the mex of its children's. Keys are
/// lands; `lands` splits a child into its lands.
pub struct Nimbers<K, F, L> {
    children: F,
    lands: L,
    table: HashMap<K, u32>,
    /// Lands expanded (table misses).
    pub nodes: u64,
}

impl<K: Clone + Eq + Hash, F: FnMut(&K) -> Vec<K>, L: FnMut(&K) -> Vec<K>> Nimbers<K, F, L> {
    pub fn new(children: F, lands: L) -> Self {
        Nimbers { children, lands, table: HashMap::new(), nodes: 0 }
    }

    /// The nimber of a position (any number of lands).
    pub fn of(&mut self, k: &K) -> u32 {
        let lands = (self.lands)(k);
        lands.iter().fold(0, |x, l| x ^ self.land(l))
    }

    fn land(&mut self, k: &K) -> u32 {
        if let Some(&v) = self.table.get(k) {
            return v;
        }
        self.nodes += 1;
        let kids = (self.children)(k);
        let mut seen: Vec<u32> = kids.iter().map(|c| self.of(c)).collect();
        crate::sort::sort(&mut seen);
        seen.dedup();
        let mex = seen.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(seen.len(), |(i, _)| i) as u32;
        self.table.insert(k.clone(), mex);
        mex
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
    }
}

/// Normal play over lands, as GLOP does: a position is kept as its
/// largest land plus a nim heap `*k` standing for all its other lands
/// (Sprague–Grundy: a sum of lands plays as the sum of their nimbers). The
/// nimber of a land L is the k for which L + *k is a loss, found by the
/// same search, so small lands are solved once and big ones are searched
/// only as far as the outcome needs.
pub struct NormalSum<F, K = Canon> {
    children: F,
    table: HashMap<(K, u32), bool>,
    nimbers: HashMap<K, u32>,
    stop: Option<Rc<Cell<bool>>>,
    /// Positions expanded (table misses).
    pub nodes: u64,
}

/// A canonical form made of lands (plain Sprouts' [`Canon`], (p, q)'s
/// [`super::pq::PqCanon`]), for [`NormalSum`].
pub trait LandKey: Clone + Eq + Hash + Ord {
    /// Its lands, each a key of its own.
    fn lands(&self) -> Vec<Self>;
    /// A measure of size: the largest land is searched, the others are
    /// nimbers.
    fn size(&self) -> usize;
    /// No land left.
    fn is_empty(&self) -> bool;
    /// The key of no land.
    fn empty() -> Self;
}

impl LandKey for Canon {
    fn lands(&self) -> Vec<Canon> {
        Canon::lands(self)
    }
    fn size(&self) -> usize {
        self.tokens().len()
    }
    fn is_empty(&self) -> bool {
        Canon::is_empty(self)
    }
    fn empty() -> Canon {
        Canon::from_tokens(Vec::new())
    }
}

impl<K: LandKey, F: FnMut(&K) -> Vec<K>> NormalSum<F, K> {
    /// `children` of a land (its children may have several lands).
    pub fn new(children: F) -> Self {
        NormalSum { children, table: HashMap::new(), nimbers: HashMap::new(), stop: None, nodes: 0 }
    }

    /// Stops deciding once `flag` is set (see the module's comment).
    pub fn stop_on(mut self, flag: Rc<Cell<bool>>) -> Self {
        self.stop = Some(flag);
        self
    }

    fn halted(&self) -> bool {
        self.stop.as_ref().is_some_and(|f| f.get())
    }

    /// Whether the player to move wins `c` in normal play.
    pub fn wins(&mut self, c: &K) -> bool {
        let (land, k) = self.split(c, 0);
        self.wins_plus(&land, k)
    }

    /// The largest land of `c` and `k` XOR the other lands' nimbers.
    fn split(&mut self, c: &K, k: u32) -> (K, u32) {
        let lands = c.lands();
        let Some(big) = (0..lands.len()).max_by_key(|&i| (lands[i].size(), &lands[i])) else {
            return (K::empty(), k);
        };
        let mut k = k;
        for (i, l) in lands.iter().enumerate() {
            if i != big {
                k ^= self.nimber(l);
            }
        }
        (lands[big].clone(), k)
    }

    /// The nimber of one land.
    pub fn nimber(&mut self, land: &K) -> u32 {
        if let Some(&v) = self.nimbers.get(land) {
            return v;
        }
        let mut k = 0;
        while self.wins_plus(land, k) {
            k += 1;
        }
        if !self.halted() {
            self.nimbers.insert(land.clone(), k);
        }
        k
    }

    /// Whether the player to move wins `land` + `*k`.
    fn wins_plus(&mut self, land: &K, k: u32) -> bool {
        if land.is_empty() {
            return k != 0;
        }
        if let Some(&w) = self.table.get(&(land.clone(), k)) {
            return w;
        }
        if self.halted() {
            return false;
        }
        self.nodes += 1;
        // Moves in the heap first: cheap, and their positions are known
        // soon.
        let mut w = (0..k).any(|j| !self.wins_plus(land, j));
        if !w {
            for c in (self.children)(land) {
                let (l, j) = self.split(&c, k);
                if !self.wins_plus(&l, j) {
                    w = true;
                    break;
                }
            }
        }
        if !self.halted() {
            self.table.insert((land.clone(), k), w);
        }
        w
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
    }
}

/// Certificates are written for plain Sprouts' form (the rule sets over
/// [`Canon`]); (p, q)'s form has no certificate format yet.
impl<F: FnMut(&Canon) -> Vec<Canon>> NormalSum<F, Canon> {
    /// The facts decided, as a certificate holds them: `N g L` for each
    /// land whose nimber is known (a loss of L + `*g` says it is g), `W k
    /// L` for each win of L + `*k` of a land without one.
    pub fn facts(&self) -> Vec<Fact> {
        let mut nimbers: HashMap<&Canon, u32> = self.nimbers.iter().map(|(l, &g)| (l, g)).collect();
        for ((land, k), &w) in &self.table {
            if !w {
                nimbers.entry(land).or_insert(*k);
            }
        }
        let wins = self
            .table
            .iter()
            .filter(|((land, _), &w)| w && !nimbers.contains_key(land))
            .map(|((land, k), _)| Fact::Win { land: land.clone(), heap: *k });
        nimbers.iter().map(|(&land, &nimber)| Fact::Nimber { land: land.clone(), nimber }).chain(wins).collect()
    }

    /// Takes the facts of a database read back as decided (`sprouts
    /// verify` checks them). Facts of misère play are refused.
    pub fn add_facts<'a>(&mut self, facts: impl IntoIterator<Item = &'a Fact>) -> Result<(), String> {
        for f in facts {
            match f {
                Fact::Nimber { land, nimber } => {
                    self.nimbers.insert(land.clone(), *nimber);
                    self.table.insert((land.clone(), *nimber), false);
                }
                Fact::Win { land, heap } => {
                    self.table.insert((land.clone(), *heap), true);
                }
                _ => return Err(format!("`{f}` is a misère fact, not one of normal play")),
            }
        }
        Ok(())
    }
}

/// Shortest and longest number of moves left in every game from `k`
/// (memoised on the key).
pub fn length_range<K: Clone + Eq + Hash>(k: &K, children: &mut dyn FnMut(&K) -> Vec<K>) -> (u32, u32) {
    fn go<K: Clone + Eq + Hash>(
        k: &K,
        children: &mut dyn FnMut(&K) -> Vec<K>,
        memo: &mut HashMap<K, (u32, u32)>,
    ) -> (u32, u32) {
        if let Some(&r) = memo.get(k) {
            return r;
        }
        let kids = children(k);
        let r = if kids.is_empty() {
            (0, 0)
        } else {
            let mut r = (u32::MAX, 0);
            for c in &kids {
                let (lo, hi) = go(c, children, memo);
                r = (r.0.min(lo + 1), r.1.max(hi + 1));
            }
            r
        };
        memo.insert(k.clone(), r);
        r
    }
    go(k, children, &mut HashMap::new())
}
