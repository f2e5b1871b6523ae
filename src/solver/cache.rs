//! The children of recently expanded positions.
//!
//! Proof-number search comes back to the same position many times (about
//! 40% of expansions at 11 spots), and generating children (every move
//! played and canonicalised) is nearly all the cost of an expansion. A
//! direct-mapped cache keeps the last children list seen in each slot.

use super::table::hash;
use crate::topology::Canon;
use std::rc::Rc;

/// Estimated bytes of a cached list, for the memory cap.
fn cost(key: &[u8], children: &[Canon]) -> usize {
    64 + key.len()
        + children
            .iter()
            .map(|c| 32 + 2 * c.tokens().len())
            .sum::<usize>()
}

/// A position's key and its children.
type Entry = (Box<[u8]>, Rc<[Canon]>);

pub(crate) struct ChildCache {
    slots: Vec<Option<Entry>>,
    bytes: usize,
    peak: usize,
    cap: usize,
    /// The next slot to empty when a new list needs room (a clock hand).
    hand: usize,
}

impl ChildCache {
    /// A cache of about `cap` bytes (none below 64 KiB).
    pub(crate) fn new(cap: usize) -> ChildCache {
        let cap = if cap < 64 << 10 { 0 } else { cap };
        // About 2 KiB per list (20 children of 40 tokens).
        let slots = if cap == 0 {
            0
        } else {
            (cap / 2048).next_power_of_two() / 2
        };
        let bytes = slots * std::mem::size_of::<Option<Entry>>();
        ChildCache {
            slots: (0..slots).map(|_| None).collect(),
            bytes,
            peak: bytes,
            cap,
            hand: 0,
        }
    }

    /// The memory this cache may use.
    pub(crate) fn cap(&self) -> usize {
        self.cap
    }

    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    pub(crate) fn peak_bytes(&self) -> usize {
        self.peak
    }

    /// The cached children of the position with this key.
    pub(crate) fn get(&self, key: Option<&[u8]>) -> Option<Rc<[Canon]>> {
        let key = key?;
        let (k, children) = self.slots.get(self.slot(key)?)?.as_ref()?;
        (&k[..] == key).then(|| Rc::clone(children))
    }

    /// Caches the children of the position with this key.
    pub(crate) fn put(&mut self, key: Option<&[u8]>, children: Vec<Canon>) -> Rc<[Canon]> {
        let children: Rc<[Canon]> = children.into();
        let (Some(key), Some(i)) = (key, key.and_then(|k| self.slot(k))) else {
            return children;
        };
        let add = cost(key, &children);
        if add > self.cap / 8 {
            return children;
        }
        if let Some((k, c)) = self.slots[i].take() {
            self.bytes -= cost(&k, &c);
        }
        // A full cache makes room by emptying slots in turn, so the recent
        // lists (which the search comes back to) replace old ones.
        while self.bytes + add > self.cap {
            if let Some((k, c)) = self.slots[self.hand].take() {
                self.bytes -= cost(&k, &c);
            }
            self.hand = (self.hand + 1) % self.slots.len();
        }
        self.bytes += add;
        self.peak = self.peak.max(self.bytes);
        self.slots[i] = Some((key.into(), Rc::clone(&children)));
        children
    }

    fn slot(&self, key: &[u8]) -> Option<usize> {
        (!self.slots.is_empty()).then(|| hash(key) as usize & (self.slots.len() - 1))
    }
}
