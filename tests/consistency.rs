//! What we print, our parsers read back the same way, whatever order it is
//! written in (issue 13, "consistency").

mod common;

use common::{random_positions, Rng};
use sprouts::text::{parse_hoey, HoeyDisplay};

/// A Hoey list as regions of boundaries of spot numbers.
fn split(text: &str) -> Vec<Vec<Vec<String>>> {
    text.split('/')
        .map(|r| r.split(';').map(|b| b.split(',').map(str::to_string).collect()).collect())
        .collect()
}

fn join(regions: &[Vec<Vec<String>>]) -> String {
    regions
        .iter()
        .map(|r| r.iter().map(|b| b.join(",")).collect::<Vec<_>>().join(";"))
        .collect::<Vec<_>>()
        .join("/")
}

/// The same list with its regions, the boundaries of each region and the
/// corners of each boundary (turned, not reversed) in another order.
fn shuffled(regions: &[Vec<Vec<String>>], rng: &mut Rng) -> Vec<Vec<Vec<String>>> {
    let mut out = regions.to_vec();
    rng.shuffle(&mut out);
    for r in &mut out {
        rng.shuffle(r);
        for b in r.iter_mut() {
            let k = rng.below(b.len());
            b.rotate_left(k);
        }
    }
    out
}

#[test]
fn the_issue_list_is_refused_in_every_order() {
    // Spot 1 lies twice in the second region, on two boundaries.
    for text in ["1,7;2,8;3/1,7;1;5;6/4,8", "1,7;1;5;6/1,7;2,8;3/4,8", "4,8/1,7;1;5;6/1,7;2,8;3"] {
        assert!(parse_hoey(text).is_err(), "{text} accepted");
    }
}

/// Positions of random games, and those lists with two corners swapped or
/// one corner moved (mostly not drawings any more): each one is accepted in
/// every order exactly when it is accepted as written.
#[test]
fn hoey_planarity_does_not_depend_on_the_order() {
    let count: usize = std::env::var("SPROUTS_ORDER_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let mut rng = Rng::new(13);
    let (mut accepted, mut refused) = (0, 0);
    for p in random_positions(31, count, 9, 24) {
        let base = split(&HoeyDisplay(&p).to_string());
        let mut cases = vec![base.clone()];
        for _ in 0..4 {
            let mut m = base.clone();
            let corners: Vec<(usize, usize, usize)> = m
                .iter()
                .enumerate()
                .flat_map(|(ri, r)| {
                    r.iter().enumerate().flat_map(move |(bi, b)| (0..b.len()).map(move |ci| (ri, bi, ci)))
                })
                .collect();
            let (a, b) = (*rng.pick(&corners), *rng.pick(&corners));
            if rng.coin() {
                let t = m[a.0][a.1][a.2].clone();
                m[a.0][a.1][a.2] = m[b.0][b.1][b.2].clone();
                m[b.0][b.1][b.2] = t;
            } else if m[a.0][a.1].len() > 1 {
                let s = m[a.0][a.1].remove(a.2);
                let r = rng.below(m.len());
                let bi = rng.below(m[r].len());
                m[r][bi].push(s);
            }
            cases.push(m);
        }
        for (k, case) in cases.iter().enumerate() {
            let written = join(case);
            let ok = parse_hoey(&written).is_ok();
            if k == 0 {
                assert!(ok, "a position of a game refused: {written}");
            }
            if ok {
                accepted += 1;
            } else {
                refused += 1;
            }
            for _ in 0..6 {
                let other = join(&shuffled(case, &mut rng));
                assert_eq!(parse_hoey(&other).is_ok(), ok, "{written} and {other}");
            }
        }
    }
    assert!(accepted > count && refused > count / 2, "{accepted} accepted, {refused} refused");
}
