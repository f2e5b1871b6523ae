//! The children of recently expanded positions.
//!
//! Proof-number search comes back to the same position many times (about
//! 40% of expansions at 11 spots), and generating children (every move
//! played and canonicalised) is nearly all the cost of an expansion. A
//! direct-mapped cache keeps the last children list seen in each slot.
//! Its children are canonical forms, or (the misère tree search) what the
//! search makes of them ([`Cost`]).

use super::table::hash;
use crate::topology::Canon;
use std::rc::Rc;

/// What a cached child costs in memory, estimated, for the cap.
pub(crate) trait Cost {
    fn cost(&self) -> usize;
}

impl Cost for Canon {
    fn cost(&self) -> usize {
        32 + 2 * self.tokens().len()
    }
}

/// Estimated bytes of a cached list, for the memory cap.
fn cost<T: Cost>(key: &[u8], children: &[T]) -> usize {
    64 + key.len() + children.iter().map(Cost::cost).sum::<usize>()
}

/// A position's key and its children.
type Entry<T> = (Box<[u8]>, Rc<[T]>);

pub(crate) struct ChildCache<T = Canon> {
    slots: Vec<Option<Entry<T>>>,
    bytes: usize,
    peak: usize,
    cap: usize,
    /// The next slot to empty when a new list needs room (a clock hand).
    hand: usize,
}

impl<T: Cost> ChildCache<T> {
    /// A cache of about `cap` bytes (none below 64 KiB).
    pub(crate) fn new(cap: usize) -> ChildCache<T> {
        let cap = if cap < 64 << 10 { 0 } else { cap };
        // About 2 KiB per list (20 children of 40 tokens).
        let slots = if cap == 0 {
            0
        } else {
            (cap / 2048).next_power_of_two() / 2
        };
        let bytes = slots * std::mem::size_of::<Option<Entry<T>>>();
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
    pub(crate) fn get(&self, key: Option<&[u8]>) -> Option<Rc<[T]>> {
        let key = key?;
        let (k, children) = self.slots.get(self.slot(key)?)?.as_ref()?;
        (&k[..] == key).then(|| Rc::clone(children))
    }

    /// Caches the children of the position with this key.
    pub(crate) fn put(&mut self, key: Option<&[u8]>, children: Vec<T>) -> Rc<[T]> {
        let children: Rc<[T]> = children.into();
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
