//! Misère canonical forms ("reduced canonical trees", Conway, ONAG ch. 12;
//! as Lemoine and Viennot's GLOP uses them) of lands and of sums of them.
//!
//! Two games are misère-equal when adding either to any third game gives
//! the same misère outcome. A finished land can therefore be replaced, in
//! any sum, by the simplest game equal to it. Such games are kept in an
//! arena, hash-consed: a tree is the sorted list of its options' ids, and
//! a map from that list to the id finds equal trees, so "identical" is a
//! comparison of ids.
//!
//! A tree is built bottom-up from its options (each already reduced), by
//! these rules; each is sound whatever else is done, and a rule that does
//! not fire only leaves a tree larger than need be:
//! 1. Equal options are merged (a set of options is the same game).
//! 2. Reversible options are bypassed. If a tree `g`, an option of an
//!    option of G, satisfies (a) every option of `g` is an option of G,
//!    (b) every other option of G has `g` as an option, and (c) `g` has an
//!    option or G is a misère win (the proviso through 0), then G = `g`.
//!    Proof, by induction on X: G + X and g + X have the same outcome.
//!    If g + X is lost for the mover, every move of G + X is answered: a
//!    move to g' + X or to G + X' (= g + X') as in g + X, a move to
//!    A + X with A not an option of g by A -> g, back to g + X. If g + X
//!    is won by a move, G + X has the same move. If g + X has no move at
//!    all (won in misère play), then g and X have no options, so X = 0 and
//!    (c) says G is a win too. Nim heaps come out of this rule (`{0, *2}`
//!    reduces to `*1` through `*1`), so they need no rule of their own.
//! 3. In sums, `0` is dropped (it has no move) and `*1 + *1 = 0` (by 2:
//!    `*1 + *1` has the one option `*1`, reversible through `0`, and is a
//!    win), so a sum keeps at most one `*1`; the search keeps it as a
//!    parity bit.
//!
//! Each tree records its misère outcome alone and plus `*1` (so sums of
//! one tree and a parity are decided at once), whether it is a nim heap
//! (sums of heaps are decided by the misère nim rule) and its birthday.
//!
//! Memory: the arena only grows (ids must stay valid while the search
//! holds them). When it reaches its budget no new tree is made and the
//! land that needed it stays a land, searched move by move: slower, just
//! as correct. The memos (land -> tree, sum -> tree) are caches, emptied
//! when they reach their budget.

use super::FastMap as HashMap;

/// The tree of the game with no move.
pub(crate) const ZERO: u32 = 0;
/// The tree of `*1`.
pub(crate) const STAR: u32 = 1;
/// "No tree" in the land memo: the land was too costly to reduce.
const FAILED: u32 = u32::MAX;
/// Not a nim heap.
const NO_HEAP: u32 = u32::MAX;

struct Node {
    /// Sorted ids of the options.
    options: Box<[u32]>,
    /// Misère outcome for the player to move: `[alone, plus *1]`.
    win: [bool; 2],
    /// n when the tree is the nim heap `*n`.
    heap: u32,
    birthday: u32,
}

pub(crate) struct Trees {
    nodes: Vec<Node>,
    ids: HashMap<Box<[u32]>, u32>,
    lands: HashMap<Box<[u8]>, u32>,
    sums: HashMap<Box<[u32]>, u32>,
    arena_bytes: usize,
    /// Bytes of both memos, and of the sums memo alone.
    memo_bytes: usize,
    sum_bytes: usize,
    clears: u64,
    /// Budgets of the arena and of the memos.
    arena_cap: usize,
    memo_cap: usize,
    peak_memo_bytes: usize,
}

/// Estimated bytes of a node with `n` options (node, map key and slot).
fn node_cost(n: usize) -> usize {
    8 * n + 96
}

impl Trees {
    /// Trees within about `cap` bytes: three quarters for the arena, a
    /// quarter for the memos. The solver gives none or at least 64 KiB:
    /// memos much smaller would be emptied so often that every land would
    /// be reduced again and again.
    pub(crate) fn new(cap: usize) -> Trees {
        debug_assert!(cap == 0 || cap >= 64 << 10);
        let mut t = Trees {
            nodes: Vec::new(),
            ids: HashMap::default(),
            lands: HashMap::default(),
            sums: HashMap::default(),
            arena_bytes: 0,
            memo_bytes: 0,
            sum_bytes: 0,
            clears: 0,
            arena_cap: cap / 4 * 3,
            memo_cap: cap / 4,
            peak_memo_bytes: 0,
        };
        // 0 and *1 always exist (the search relies on their ids), outside
        // the budget.
        t.arena_cap += node_cost(0) + node_cost(1);
        let zero = t.intern(Vec::new());
        let star = t.intern(vec![ZERO]);
        debug_assert_eq!((zero, star), (Some(ZERO), Some(STAR)));
        t.arena_cap -= node_cost(0) + node_cost(1);
        t.arena_bytes = 0;
        t
    }

    /// Whether the arena has no room left for a new tree (then reducing a
    /// land would be wasted work).
    pub(crate) fn full(&self) -> bool {
        self.arena_bytes + node_cost(0) > self.arena_cap
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn bytes(&self) -> usize {
        self.arena_bytes + self.memo_bytes
    }

    pub(crate) fn peak_bytes(&self) -> usize {
        self.arena_bytes + self.peak_memo_bytes
    }

    pub(crate) fn options(&self, id: u32) -> &[u32] {
        &self.nodes[id as usize].options
    }

    /// Misère outcome of the tree plus `*1` if `star`.
    pub(crate) fn wins(&self, id: u32, star: bool) -> bool {
        self.nodes[id as usize].win[star as usize]
    }

    pub(crate) fn heap(&self, id: u32) -> Option<u32> {
        let h = self.nodes[id as usize].heap;
        (h != NO_HEAP).then_some(h)
    }

    pub(crate) fn birthday(&self, id: u32) -> u32 {
        self.nodes[id as usize].birthday
    }

    /// The tree with these options (sorted, distinct), made if new; `None`
    /// when the arena is full.
    fn intern(&mut self, options: Vec<u32>) -> Option<u32> {
        if let Some(&id) = self.ids.get(options.as_slice()) {
            return Some(id);
        }
        let cost = node_cost(options.len());
        if self.arena_bytes + cost > self.arena_cap {
            return None;
        }
        self.arena_bytes += cost;
        let n = |o: u32| &self.nodes[o as usize];
        // No move: the opponent moved last and lost.
        let alone = options.is_empty() || options.iter().any(|&o| !n(o).win[0]);
        // Plus *1: take the *1, or move in the tree keeping the *1.
        let with_star = !alone || options.iter().any(|&o| !n(o).win[1]);
        let birthday = options.iter().map(|&o| n(o).birthday + 1).max().unwrap_or(0);
        // *n has exactly the heaps 0..n-1 as options.
        let heap = if options.iter().all(|&o| (n(o).heap as usize) < options.len()) {
            options.len() as u32
        } else {
            NO_HEAP
        };
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            options: options.clone().into_boxed_slice(),
            win: [alone, with_star],
            heap,
            birthday,
        });
        self.ids.insert(options.into_boxed_slice(), id);
        Some(id)
    }

    /// A tree read back from a proof database (options sorted, distinct,
    /// already in the arena), made as it was: its id, `None` if full.
    pub(crate) fn load(&mut self, options: Vec<u32>) -> Option<u32> {
        self.intern(options)
    }

    /// The reduced tree of the game whose options are `options` (reduced
    /// trees, in any order, repeats allowed): rules 1 and 2.
    pub(crate) fn reduce(&mut self, mut options: Vec<u32>) -> Option<u32> {
        crate::sort::sort_short(&mut options);
        options.dedup();
        let win = options.is_empty() || options.iter().any(|&o| !self.wins(o, false));
        let has = |set: &[u32], x: u32| set.binary_search(&x).is_ok();
        for &a in &options {
            for &g in self.options(a) {
                if g == ZERO && !win {
                    continue;
                }
                let gs = self.options(g);
                if gs.iter().all(|&x| has(&options, x))
                    && options
                        .iter()
                        .all(|&b| has(gs, b) || has(self.options(b), g))
                {
                    return Some(g);
                }
            }
        }
        self.intern(options)
    }

    /// Puts a multiset of trees in the form sums are keyed by: `0` dropped,
    /// `*1`s paired off (rule 3), sorted.
    pub(crate) fn normalise(ids: &mut Vec<u32>) {
        let stars = ids.iter().filter(|&&i| i == STAR).count();
        ids.retain(|&i| i != ZERO && i != STAR);
        if stars % 2 == 1 {
            ids.push(STAR);
        }
        crate::sort::sort_short(ids);
    }

    /// The reduced tree of the sum of a normalised multiset of trees.
    pub(crate) fn sum(&mut self, ids: &[u32]) -> Option<u32> {
        match ids {
            [] => return Some(ZERO),
            [one] => return Some(*one),
            _ => {}
        }
        if let Some(&id) = self.sums.get(ids) {
            return Some(id);
        }
        let mut options = Vec::new();
        for i in 0..ids.len() {
            if i > 0 && ids[i] == ids[i - 1] {
                continue;
            }
            for j in 0..self.options(ids[i]).len() {
                let mut next = ids.to_vec();
                next[i] = self.options(ids[i])[j];
                Trees::normalise(&mut next);
                options.push(self.sum(&next)?);
            }
        }
        let id = self.reduce(options)?;
        self.remember_sum(ids, id);
        Some(id)
    }

    fn remember_sum(&mut self, ids: &[u32], id: u32) {
        let cost = 64 + 4 * ids.len();
        self.make_memo_room(cost);
        self.sum_bytes += cost;
        self.sums.insert(ids.into(), id);
    }

    /// The memoised tree of the land with table key `key`: `Some(None)`
    /// if it was found too costly before.
    pub(crate) fn land(&self, key: &[u8]) -> Option<Option<u32>> {
        self.lands.get(key).map(|&id| (id != FAILED).then_some(id))
    }

    pub(crate) fn remember_land(&mut self, key: &[u8], id: Option<u32>) {
        self.make_memo_room(64 + key.len());
        self.lands.insert(key.into(), id.unwrap_or(FAILED));
    }

    /// Empties the memos if `more` bytes would not fit: they are caches
    /// (the trees they name stay in the arena), so this only costs time.
    /// Sums go first: a land's tree costs a whole subtree to rebuild, a
    /// sum's tree only sums of smaller trees.
    fn make_memo_room(&mut self, more: usize) {
        if self.memo_bytes + more > self.memo_cap {
            self.clears += 1;
            self.memo_bytes -= self.sum_bytes;
            self.sum_bytes = 0;
            self.sums.clear();
            if self.memo_bytes + more > self.memo_cap {
                self.lands.clear();
                self.memo_bytes = 0;
            }
        }
        self.memo_bytes += more;
        self.peak_memo_bytes = self.peak_memo_bytes.max(self.memo_bytes);
    }

    /// How many times the memos had to forget.
    pub(crate) fn clears(&self) -> u64 {
        self.clears
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heap(t: &mut Trees, n: u32) -> u32 {
        let opts: Vec<u32> = (0..n).map(|k| heap(t, k)).collect();
        t.reduce(opts).unwrap()
    }

    #[test]
    fn heaps_and_the_mex_rule() {
        let mut t = Trees::new(1 << 20);
        let h: Vec<u32> = (0..5).map(|n| heap(&mut t, n)).collect();
        assert_eq!((h[0], h[1]), (ZERO, STAR));
        for (n, &id) in h.iter().enumerate() {
            assert_eq!(t.heap(id), Some(n as u32));
        }
        // The mex rule: options all heaps, one of them 0 or *1.
        assert_eq!(t.reduce(vec![h[0], h[2]]), Some(h[1]));
        assert_eq!(t.reduce(vec![h[1], h[3]]), Some(h[0]));
        // {*2} alone is not 0: it is a misère loss, 0 a win.
        let only2 = t.reduce(vec![h[2]]).unwrap();
        assert!(only2 != ZERO && !t.wins(only2, false));
        // *1 + *1 = 0, but *2 + *2 is not 0 (a loss, where 0 is a win).
        assert_eq!(t.sum(&[STAR, STAR]), Some(ZERO));
        let two_twos = t.sum(&[h[2], h[2]]).unwrap();
        assert!(two_twos != ZERO && !t.wins(two_twos, false));
        // Misère nim: *2 + *3 is a win, *2 + *3 + *1 a loss.
        let s = t.sum(&[h[2], h[3]]).unwrap();
        assert!(t.wins(s, false) && !t.wins(s, true));
    }
}
