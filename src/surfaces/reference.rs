//! A slow reference for surface positions: the brute-force canonical
//! form (every order of regions and boundaries, every starting corner and
//! every direction the surface allows), for checking the greedy one on
//! small positions.

use super::SurfacePosition;
use crate::topology::Spot;

/// The smallest writing of `p` (reduced) as a list of numbers: per region
/// its genus, then its boundaries (spots named by first appearance,
/// 1000 + lives for a spot met once), with separators. `None` past
/// `budget` writings.
pub fn brute_canon(p: &SurfacePosition, budget: u64) -> Option<Vec<i32>> {
    let p = p.reduced();
    let mut occ = vec![0u32; p.lives.len() + 1];
    for s in p.regions.iter().flat_map(|r| r.boundaries.iter()).flatten() {
        occ[*s as usize] += 1;
    }
    // Every writing of every region on its own (boundary orders, rotations,
    // directions), as spot lists.
    let mut per_region: Vec<Vec<Vec<Vec<Spot>>>> = Vec::new();
    for r in &p.regions {
        let mut ws = Vec::new();
        let idx: Vec<usize> = (0..r.boundaries.len()).collect();
        for perm in permutations(&idx) {
            let region_dirs: &[bool] = if r.genus >= 0 { &[false, true] } else { &[false] };
            for &rd in region_dirs {
                let mut acc: Vec<Vec<Vec<Spot>>> = vec![Vec::new()];
                for &bi in &perm {
                    let b = &r.boundaries[bi];
                    let dirs: Vec<bool> = if r.genus >= 0 { vec![rd] } else { vec![false, true] };
                    let mut nacc = Vec::new();
                    for a in &acc {
                        for &d in &dirs {
                            for k in 0..b.len() {
                                let n = b.len();
                                let w: Vec<Spot> =
                                    (0..n).map(|x| if d { b[(k + n - x) % n] } else { b[(k + x) % n] }).collect();
                                let mut a2 = a.clone();
                                a2.push(w);
                                nacc.push(a2);
                            }
                        }
                    }
                    acc = nacc;
                    if acc.len() as u64 > budget {
                        return None;
                    }
                }
                ws.extend(acc);
            }
        }
        per_region.push(ws);
    }
    let ridx: Vec<usize> = (0..p.regions.len()).collect();
    let mut best: Option<Vec<i32>> = None;
    let mut count = 0u64;
    for perm in permutations(&ridx) {
        // Every combination of the regions' writings, in this order.
        let mut choice = vec![0usize; perm.len()];
        loop {
            count += 1;
            if count > budget {
                return None;
            }
            let mut names = vec![0i32; p.lives.len() + 1];
            let mut next = 1;
            let mut w = Vec::new();
            for (x, &ri) in perm.iter().enumerate() {
                w.push(-1000 - p.regions[ri].genus as i32);
                for b in &per_region[ri][choice[x]] {
                    for &s in b {
                        if occ[s as usize] == 1 {
                            w.push(1000 + p.lives[s as usize - 1] as i32);
                        } else {
                            if names[s as usize] == 0 {
                                names[s as usize] = next;
                                next += 1;
                            }
                            w.push(names[s as usize]);
                        }
                    }
                    w.push(-1);
                }
                w.push(-2);
            }
            if best.as_ref().is_none_or(|b| w < *b) {
                best = Some(w);
            }
            let mut x = 0;
            while x < perm.len() {
                choice[x] += 1;
                if choice[x] < per_region[perm[x]].len() {
                    break;
                }
                choice[x] = 0;
                x += 1;
            }
            if x == perm.len() {
                break;
            }
        }
    }
    Some(best.unwrap_or_default())
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let x = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, x);
            out.push(p);
        }
    }
    out
}
