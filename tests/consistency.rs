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

/// Every legal move, printed, reads back as exactly that move: on positions
/// of games from the start and on positions parsed from GLOP strings,
/// whose spots are numbered as the parser meets them (where `solve` once
/// printed `4(11)5` for a move that text could not tell apart from another).
#[test]
fn every_printed_move_reads_back_as_that_move() {
    use sprouts::notation::{resolve, write_move, MoveText};
    use sprouts::text::parse_position;
    use sprouts::Canon;
    let count: usize = std::env::var("SPROUTS_READBACK_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(150);
    let mut positions = random_positions(17, count, 8, 20);
    // The same positions written canonically and parsed: other numberings.
    let parsed: Vec<_> = positions.iter().map(|p| parse_position(&Canon::of(p).to_string()).unwrap()).collect();
    positions.extend(parsed);
    positions.push(parse_position("0+12+1a1a2+1a1a").unwrap());
    let mut checked = 0;
    for p in &positions {
        let moves = if p.regions().iter().all(|r| r.len() <= 6) { p.legal_moves() } else { Vec::new() };
        for (mv, child) in moves {
            let text = write_move(p, &mv);
            let m = MoveText::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            match resolve(p, &m) {
                Ok((_, got)) => assert_eq!(got, child, "{text} in {} reads as another move", HoeyDisplay(p)),
                Err(e) => panic!("{text} in {}: {e}", HoeyDisplay(p)),
            }
            checked += 1;
        }
    }
    assert!(checked > 20 * count, "only {checked} moves");
}

/// Error text shows characters as they are, quotes at most about 80
/// characters of the input, and always says why.
#[test]
fn error_text() {
    use sprouts::game::Game;
    use sprouts::text::{parse_position, quote_around};
    let e = parse_position("0.0.é").unwrap_err();
    assert!(e.to_string().contains("'é'"), "{e}");
    // Below the spot limit (10,000), so that the error is the `x`.
    let long = format!("{}x{}", "0.".repeat(4_000), "0.".repeat(4_000));
    let e = parse_position(&long).unwrap_err();
    let q = quote_around(&long, e.offset);
    assert!(q.chars().count() <= 84 && q.contains('x'), "{q}");
    let e = Game::from_text(&long, false, 800.0, 600.0).err().unwrap().to_string();
    assert!(e.len() < 300 && e.contains("offset 800"), "{e}");
    let e = Game::from_record("3+ 1(5)2", None).err().unwrap().to_string();
    assert!(e.contains("move 1") && e.contains("numbered 4"), "{e}");
    let e = Game::from_record(&format!("3+ 1(4)2[{}]", "1,".repeat(40_000) + "1"), None).err().unwrap().to_string();
    assert!(e.len() < 300, "{e}");
}
