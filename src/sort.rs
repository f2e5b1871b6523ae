//! Sorts that cost one copy of the standard library's sort for the whole
//! crate, not one per element type and comparison.
//!
//! `slice::sort_by` is generic: each call site with its own closure gets
//! its own copy of driftsort or ipnsort (3 to 8 kB of wasm each; 25
//! copies were a fifth of the engine's code, docs/release.md). Here the
//! standard sort runs once, on indices with a `dyn` comparison, and the
//! slice is then permuted in place ([`sort_by`]). The solver's sorts, on
//! every node, are of short slices (a position's lands, regions,
//! boundaries, children): [`sort_short_by`] sorts those by insertion in
//! place, a few hundred bytes per call site (solving 0-4 % slower than
//! with the standard sort, docs/benchmarks.md), and longer ones as
//! [`sort_by`] does.

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stably, as `v.sort_by(cmp)` does.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    sort_indices(&mut order, &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, &mut order);
}

/// Sorts `v` by `key`, stably, as `v.sort_by_key(key)` does.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v`, stably, as `v.sort()` does.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// Sorts `v` by `key`, stably, computing each key once, as
/// `v.sort_by_cached_key(key)` does.
pub fn sort_by_cached_key<T, K: Ord>(v: &mut [T], key: impl FnMut(&T) -> K) {
    if v.len() < 2 {
        return;
    }
    let keys: Vec<K> = v.iter().map(key).collect();
    let mut order: Vec<usize> = (0..v.len()).collect();
    sort_indices(&mut order, &mut |a, b| keys[a].cmp(&keys[b]));
    permute(v, &mut order);
}

/// Longest slice that [`sort_short_by`] sorts by insertion: below about
/// 20 insertion makes no more comparisons than a merge sort (the standard
/// sort's own small-slice sort is an insertion sort up to 20 too).
const SHORT: usize = 20;

/// Sorts `v` by `cmp`, stably, as `v.sort_by(cmp)` does: by insertion
/// when short, else as [`sort_by`]. For the solver's hot sorts.
#[inline]
pub fn sort_short_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() > SHORT {
        return sort_by(v, cmp);
    }
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v` by `key`, stably, as `v.sort_by_key(key)` does (see [`sort_short_by`]).
#[inline]
pub fn sort_short_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_short_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v`, stably, as `v.sort()` does (see [`sort_short_by`]).
#[inline]
pub fn sort_short<T: Ord>(v: &mut [T]) {
    sort_short_by(v, T::cmp);
}

/// The one instance of the standard sort.
fn sort_indices(order: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| cmp(a, b));
}

/// Puts `v[order[i]]` at `i`, following each cycle of the permutation
/// (`order` is used up: each entry is set to its own index once placed).
fn permute<T>(v: &mut [T], order: &mut [usize]) {
    for start in 0..v.len() {
        let mut at = start;
        while order[at] != at {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agrees with the standard stable sort on random inputs with ties.
    #[test]
    fn same_as_std() {
        let mut seed = 7u64;
        for len in 0..80 {
            let mut v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut want = v.clone();
            want.sort_by_key(|x| x.0);
            sort_by_key(&mut v, |x| x.0);
            assert_eq!(v, want, "length {len}");
            let mut short = want.clone();
            short.reverse();
            let mut want = short.clone();
            want.sort_by_key(|x| x.0);
            sort_short_by_key(&mut short, |x| x.0);
            assert_eq!(short, want, "short sort, length {len}");
            let mut cached = short.clone();
            cached.reverse();
            let mut want = cached.clone();
            want.sort_by_cached_key(|x| x.0 / 2);
            sort_by_cached_key(&mut cached, |x| x.0 / 2);
            assert_eq!(cached, want, "cached key, length {len}");
        }
    }
}
