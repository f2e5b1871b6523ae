//! A stable sort that costs one copy of the standard library's sort for
//! the whole crate, not one per element type and comparison.
//!
//! `slice::sort_by` is generic: each call site with its own closure gets
//! its own copy of driftsort (about 8 kB of wasm each; 25 copies were a
//! fifth of the engine's code, docs/release.md). Here the standard sort
//! runs once, on indices with a `dyn` comparison, and the slice is then
//! permuted in place. The indirection costs time, so the solver's hot
//! sorts (topology/, solver/) keep the standard sort: there it made
//! solving about 8 % slower (docs/release.md).

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
        }
    }
}
