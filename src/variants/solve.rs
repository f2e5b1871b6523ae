//! Outcomes of variant positions: exhaustive search with a transposition
//! table keyed by canonical forms, normal and misère play.
//!
//! Generic over the key and the move generator, so that the fast engine
//! ([`super::child_forms`]) and the slow reference
//! ([`super::reference`]) are solved by the same few lines and their
//! answers can be compared. No land decomposition and no nimbers: the
//! variants' games are short enough at the sizes reached (5n − 2 moves at
//! most), and a plain search is the easiest to trust for new results.

use std::collections::HashMap;
use std::hash::Hash;

/// A solver of one convention over keys `K` with children `F`.
pub struct Search<K, F> {
    misere: bool,
    children: F,
    table: HashMap<K, bool>,
    /// Positions expanded (table misses).
    pub nodes: u64,
}

impl<K: Clone + Eq + Hash, F: FnMut(&K) -> Vec<K>> Search<K, F> {
    pub fn new(misere: bool, children: F) -> Self {
        Search { misere, children, table: HashMap::new(), nodes: 0 }
    }

    /// Whether the player to move wins `k`. A position with no move is a
    /// loss for the player to move in normal play and a win in misère
    /// play (the opponent made the last move).
    pub fn wins(&mut self, k: &K) -> bool {
        if let Some(&w) = self.table.get(k) {
            return w;
        }
        self.nodes += 1;
        let kids = (self.children)(k);
        let w = if kids.is_empty() {
            self.misere
        } else {
            // Children already known to lose first: no search needed.
            kids.iter().any(|c| self.table.get(c) == Some(&false)) || kids.iter().any(|c| !self.wins(c))
        };
        self.table.insert(k.clone(), w);
        w
    }

    /// Entries in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }
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
        seen.sort_unstable();
        seen.dedup();
        let mex = seen.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(seen.len(), |(i, _)| i) as u32;
        self.table.insert(k.clone(), mex);
        mex
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
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
