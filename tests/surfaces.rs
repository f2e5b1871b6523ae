//! Sprouts on surfaces (src/surfaces): the greedy canonical form against
//! the brute-force reference, invariance under relabelling, agreement with
//! the plane engine on genus 0, game lengths within 3n − 1.

use sprouts::surfaces::{self, reference, SurfacePosition, SurfaceRegion};
use sprouts::variants::solve::length_range;
use sprouts::{Canon, Position};
use std::collections::HashMap;

const GENERA: [i8; 5] = [0, 1, -1, -2, -3];

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// Every position of random games from n spots on genus g, with its raw children.
fn random_games(n: usize, g: i8, games: usize, seed: u64, f: &mut dyn FnMut(&SurfacePosition, &[SurfacePosition])) {
    let mut rng = Rng(seed);
    for _ in 0..games {
        let mut p = SurfacePosition::start(n, g).unwrap();
        loop {
            let r = p.reduced();
            let mut kids = Vec::new();
            r.for_each_child(&mut |c| kids.push(c));
            f(&r, &kids);
            if kids.is_empty() {
                break;
            }
            p = kids[rng.below(kids.len())].clone();
        }
    }
}

/// A random relabelling, rotation and reordering, every orientable region
/// possibly mirrored and every boundary of a non-orientable one possibly
/// reversed: the same game.
fn scramble(p: &SurfacePosition, rng: &mut Rng) -> SurfacePosition {
    let n = p.lives.len();
    let mut perm: Vec<u32> = (1..=n as u32).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i + 1));
    }
    let mut lives = vec![0; n];
    for i in 0..n {
        lives[perm[i] as usize - 1] = p.lives[i];
    }
    let mut regions: Vec<SurfaceRegion> = p
        .regions
        .iter()
        .map(|r| {
            let mirror = rng.below(2) == 1;
            let mut bs: Vec<Vec<u32>> = r
                .boundaries
                .iter()
                .map(|b| {
                    let mut b: Vec<u32> = b.iter().map(|&s| perm[s as usize - 1]).collect();
                    let k = rng.below(b.len());
                    b.rotate_left(k);
                    if (r.genus >= 0 && mirror) || (r.genus < 0 && rng.below(2) == 1) {
                        b.reverse();
                    }
                    b
                })
                .collect();
            for i in (1..bs.len()).rev() {
                bs.swap(i, rng.below(i + 1));
            }
            SurfaceRegion { genus: r.genus, boundaries: bs }
        })
        .collect();
    for i in (1..regions.len()).rev() {
        regions.swap(i, rng.below(i + 1));
    }
    SurfacePosition { lives, regions }
}

#[test]
fn canonical_forms_are_invariant_and_round_trip() {
    let mut rng = Rng(7);
    let mut checked = 0;
    for g in GENERA {
        for n in 1..=4 {
            random_games(n, g, 6, 11 + n as u64, &mut |_, kids| {
                for k in kids {
                    let c = surfaces::canon_of(k);
                    let sc = scramble(k, &mut rng);
                    assert_eq!(surfaces::canon_of(&sc), c, "{k:?} {sc:?} {:?}", k.reduced());
                    // The form names its position, and its text reads back.
                    assert_eq!(surfaces::canon_of(&surfaces::position_of(&c)), c, "{k:?} {:?}", k.reduced());
                    let t = surfaces::text(&c);
                    let back = surfaces::parse_surface_glop(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
                    assert_eq!(surfaces::canon_of(&back), c, "{t}");
                    checked += 1;
                }
            });
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The greedy canonical form makes the same classes as the brute-force
/// reference on every child of small games.
#[test]
fn canonical_classes_match_the_reference() {
    let (mut compared, mut skipped) = (0, 0);
    for g in GENERA {
        for n in 1..=2 {
            random_games(n, g, 8, 3 + n as u64, &mut |_, kids| {
                let mut fast: HashMap<Canon, Vec<i32>> = HashMap::new();
                let mut slow: HashMap<Vec<i32>, Canon> = HashMap::new();
                for k in kids {
                    let Some(b) = reference::brute_canon(k, 200_000) else {
                        skipped += 1;
                        continue;
                    };
                    let c = surfaces::canon_of(k);
                    assert_eq!(fast.entry(c.clone()).or_insert(b.clone()), &b, "{}", surfaces::text(&c));
                    assert_eq!(slow.entry(b).or_insert(c.clone()), &c);
                    compared += 1;
                }
            });
        }
    }
    assert!(compared > 10 * skipped.max(1), "{compared} compared, {skipped} skipped");
}

/// On genus 0 the surface engine is the plane engine: the same number of
/// distinct children at every position of random plane games.
#[test]
fn genus_zero_is_the_plane() {
    let mut rng = Rng(5);
    for n in 1..=5 {
        for _ in 0..5 {
            let mut p = Position::start(n).unwrap();
            loop {
                let plane = p.children();
                let surf = SurfacePosition::from_plane(&p).children();
                assert_eq!(plane.len(), surf.len(), "{}", Canon::of(&p));
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = moves[rng.below(moves.len())].1.clone();
            }
        }
    }
}

/// Every game from n ≤ 2 spots, on every surface here, lasts at most
/// 3n − 1 moves (each move takes one life; the last spot made keeps its
/// own): the shortest and longest found, and random games to n = 5.
#[test]
fn game_lengths_within_3n_minus_1() {
    for g in GENERA {
        for n in 1..=2usize {
            let root = surfaces::canon_of(&SurfacePosition::start(n, g).unwrap());
            let (lo, hi) = length_range(&root, &mut |c: &Canon| surfaces::child_forms(c));
            println!("genus {g}, n = {n}: {lo}..{hi}");
            assert!((hi as usize) < 3 * n && lo >= 1, "at most 3n − 1");
        }
        for n in 3..=5 {
            let mut moves = 0;
            random_games(n, g, 1, 99 + n as u64, &mut |_, kids| {
                if !kids.is_empty() {
                    moves += 1;
                }
            });
            assert!(moves < 3 * n, "genus {g}, n = {n}: {moves} moves");
        }
    }
}

/// The torus adds moves the plane lacks: from one spot, the loop around a
/// handle (an annulus, `ab.ab.}`); the projective plane's one-sided loop
/// leaves a disc bounded by the loop run twice (`abab.}`).
#[test]
fn one_spot_children() {
    let kids = |g: i8| -> Vec<String> {
        SurfacePosition::start(1, g).unwrap().children().iter().map(surfaces::text).collect()
    };
    assert_eq!(kids(0), ["AB.}AB.}]!"]);
    assert_eq!(kids(1), ["AB.}AB.@1}]!", "ab.ab.}]!"]);
    assert_eq!(kids(-1), ["AB.}AB.@-1}]!", "abab.}]!"]);
    assert_eq!(kids(-2), ["AB.}AB.@-2}]!", "ab.ab.}]!", "AB.@-1}AB.@-1}]!", "abab.@-1}]!"]);
}

/// Every child keeps every live spot at no more corners than its degree
/// (caught a sharing that put one isolated spot on both sides).
#[test]
fn no_spot_gets_more_corners_than_its_degree() {
    for g in GENERA {
        for n in 1..=4 {
            random_games(n, g, 6, 11 + n as u64, &mut |p, kids| {
                for k in kids {
                    let mut occ = vec![0; k.lives.len() + 1];
                    for s in k.regions.iter().flat_map(|r| r.boundaries.iter()).flatten() {
                        occ[*s as usize] += 1;
                    }
                    for (i, &l) in k.lives.iter().enumerate() {
                        if l > 0 {
                            assert!(occ[i + 1] <= (3 - l as usize).max(1), "{p:?} -> {k:?}");
                        }
                    }
                }
            });
        }
    }
}

/// A move takes exactly one life: every child of a start keeps all but
/// one (caught a handle cut that dropped the region's other spots).
#[test]
fn every_child_has_one_life_less() {
    for g in GENERA {
        for n in 1..=4 {
            random_games(n, g, 4, 21 + n as u64, &mut |p, kids| {
                for k in kids {
                    assert_eq!(drawn_lives(k) + 1, drawn_lives(p), "genus {g}: {p:?} -> {k:?}");
                }
            });
        }
    }
}

/// Lives of the spots that some region still lists.
fn drawn_lives(p: &SurfacePosition) -> u32 {
    let mut spots: Vec<u32> = p.regions.iter().flat_map(|r| r.boundaries.iter()).flatten().copied().collect();
    spots.sort_unstable();
    spots.dedup();
    spots.iter().map(|&s| p.lives[s as usize - 1] as u32).sum()
}

fn run(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// `--surface` on the command line: moves, solve (both conventions, and
/// the torus agreeing with the plane for n ≤ 5), random; bad input is a
/// clear error.
#[test]
fn command_line() {
    let (ok, text) = run(&["moves", "--surface", "torus", "--spots", "2"]);
    assert!(ok);
    assert_eq!(text, "0.AB.}AB.@1}]!\n0.ab.ab.}]!\nAB.}0.AB.@1}]!\n1a1a.@1}]!\n");
    assert_eq!(run(&["moves", "0*2.@1}]!"]).1, text);
    for (n, plane) in [(1, "loss"), (2, "loss"), (3, "win"), (4, "win"), (5, "win")] {
        let (ok, out) = run(&["solve", "--surface", "torus", "--spots", &n.to_string(), "--json"]);
        assert!(ok, "{out}");
        assert!(out.contains(&format!("\"outcome\":\"{plane}\"")), "torus n = {n}: {out}");
    }
    let (ok, out) = run(&["solve", "--surface", "projective", "--spots", "2", "--misere"]);
    assert!(ok && out.contains("convention: misère"), "{out}");
    let (ok, out) = run(&["random", "--surface", "klein", "--spots", "3", "--seed", "4"]);
    assert!(ok && out.starts_with("# surface: klein\n# start: 0*3.@-2}]!\n"), "{out}");
    for bad in [&["moves", "0*2.@x}"][..], &["moves", "0.@1@2}"], &["moves", "0.@99}"], &["solve", "--surface", "torus", "--rules", "brussels", "--spots", "2"], &["moves", "--surface", "torus", "0*2"]] {
        let (ok, out) = run(bad);
        assert!(!ok && !out.contains("panicked"), "{bad:?}: {out}");
    }
}

/// The plane's solver playing the surfaces' moves (`Solver::on_surfaces`:
/// proof-number search, lands, nimbers, reduced misère trees) against the
/// plain whole-position search (`variants::solve::Search`: no lands, no
/// nimbers, no trees) and the plain mex of children (`Nimbers`), at every
/// position of random games on the torus, the projective plane, the Klein
/// bottle, two handles and three crosscaps.
// One test per surface, so that the test runner spreads their CPU over
// the cores (docs/contributing.md).
#[test]
fn solver_matches_the_plain_search_torus() {
    solver_matches_the_plain_search(1);
}

#[test]
fn solver_matches_the_plain_search_projective_plane() {
    solver_matches_the_plain_search(-1);
}

#[test]
fn solver_matches_the_plain_search_klein_bottle() {
    solver_matches_the_plain_search(-2);
}

#[test]
fn solver_matches_the_plain_search_two_handles() {
    solver_matches_the_plain_search(2);
}

#[test]
fn solver_matches_the_plain_search_three_crosscaps() {
    solver_matches_the_plain_search(-3);
}

/// The spots of the biggest games `solver_matches_the_plain_search` plays
/// on genus g: 4 on the torus and the projective plane; on the Klein
/// bottle, two handles and three crosscaps 3, and 4 with
/// `SPROUTS_SURFACES=full`: their 4-spot starts (the plain search of the
/// whole 4-spot tree, once per surface) were 71.8 s of the five tests'
/// 82.4 s of CPU (`cargo nextest run` of all native tests, per-test
/// `/usr/bin/time`, testspeed8).
fn surface_spots(g: i8) -> usize {
    if g.abs() <= 1 || std::env::var("SPROUTS_SURFACES").as_deref() == Ok("full") {
        4
    } else {
        3
    }
}

fn solver_matches_the_plain_search(g: i8) {
    use sprouts::solver::{Config, Convention, Solver};
    use sprouts::variants::solve::{Nimbers, Search};
    let config = Config { table_bytes: 16 << 20, progress_every: 4096 };
    let (mut compared, mut wins, mut lands) = (0, [0; 2], 0);
    for n in 2..=surface_spots(g) {
        // One solver per game kind, shared by the positions (its table
        // keeps what earlier ones proved, as in a real solve).
        let mut normal = Solver::on_surfaces(Convention::Normal, config);
        let mut misere = Solver::on_surfaces(Convention::Misere, config);
        // The plain searches keep their memos across the positions too:
        // the later positions of a game are among the earlier ones'
        // descendants, which a fresh search would solve again.
        let mut plains = [Search::new(false, surfaces::child_forms), Search::new(true, surfaces::child_forms)];
        let mut nimbers = Nimbers::new(surfaces::child_forms, |c: &Canon| c.lands());
        // 24 games below 4 spots (the first 3 are the ones the test
        // always played): their positions cost little, and they make up
        // for the 4-spot games left to the opt-in run on the bigger surfaces.
        let games = if n <= 3 { 24 } else { 3 };
        random_games(n, g, games, 17 + n as u64, &mut |p, _| {
            let c = surfaces::canon_of(p);
            for (i, s) in [&mut normal, &mut misere].into_iter().enumerate() {
                let plain = plains[i].wins(&c);
                assert_eq!(s.wins_form(&c).unwrap(), plain, "{} {}", surfaces::text(&c), ["normal", "misère"][i]);
                wins[plain as usize] += 1;
            }
            let mex = nimbers.of(&c);
            assert_eq!(normal.nimber_of_form(&c).unwrap(), Some(mex), "{}", surfaces::text(&c));
            lands += (c.lands().len() > 1) as usize;
            compared += 1;
        });
    }
    eprintln!("genus {g}: {compared} compared, wins {wins:?}, {lands} with several lands");
    // Each surface (24 games of 2 and 3 spots, 3 of 4 where they run):
    // 320-365 positions, 260-310 lost and 380-420 won (both conventions),
    // 16-29 of several lands.
    assert!(compared > 60 && wins[0] > 40 && wins[1] > 70 && lands > 8, "genus {g}: {compared} {wins:?} {lands}");
}

/// The n-spot starts for n ≤ 6 keep the outcomes the plain search found
/// (docs/variants.md, "Results": n ≤ 7 solved by it, 7 by the command
/// line): the torus as the plane; the projective plane and the Klein bottle
/// alike.
#[test]
fn start_outcomes_unchanged() {
    use sprouts::solver::{Config, Convention, Solver};
    let config = Config { table_bytes: 64 << 20, progress_every: 4096 };
    // (genus, normal n = 1..6, misère n = 1..6), W = win for the first player.
    let rows: [(i8, &str, &str); 3] = [(1, "LLWWWL", "WLLLWW"), (-1, "LWWWLL", "WLLWWW"), (-2, "LWWWLL", "WLLWWW")];
    for (g, normal, misere) in rows {
        for (conv, want) in [(Convention::Normal, normal), (Convention::Misere, misere)] {
            let mut s = Solver::on_surfaces(conv, config);
            for (i, w) in want.chars().enumerate() {
                let c = surfaces::canon_of(&SurfacePosition::start(i + 1, g).unwrap());
                assert_eq!(s.wins_form(&c).unwrap(), w == 'W', "genus {g}, {conv}, n = {}", i + 1);
            }
        }
    }
}

/// The published finding for orientable surfaces (Lemoine and Viennot,
/// arXiv 0812.0081, as the Encyclopedia of Mathematics summarises it:
/// every start of n ≤ 14 spots on genus g ≤ 9 they solved follows the
/// plane's pattern, the first player wins iff n mod 6 ∈ {3, 4, 5}), checked
/// in normal play on 1, 2 and 3 handles as far as it is cheap. Independent
/// of our solver: the values come from their program (GLOP), not ours.
/// docs/variants.md, "Compared with Lemoine–Viennot", has the sources.
#[test]
fn orientable_starts_match_the_published_finding() {
    use sprouts::solver::{Config, Convention, Solver};
    let config = Config { table_bytes: 64 << 20, progress_every: 4096 };
    let mut s = Solver::on_surfaces(Convention::Normal, config);
    for (g, top) in [(1i8, 7usize), (2, 6), (3, 5)] {
        for n in 1..=top {
            let c = surfaces::canon_of(&SurfacePosition::start(n, g).unwrap());
            assert_eq!(s.wins_form(&c).unwrap(), matches!(n % 6, 3..=5), "{g} handles, n = {n}");
        }
    }
}

/// On genus 0 a surface solver is the plane's: the same outcomes, nimbers
/// and winning moves for the plane starts of 1 to 6 spots, asked through
/// the methods that take a plane `Position`.
#[test]
fn genus_zero_solves_as_the_plane() {
    use sprouts::solver::{Config, Convention, Solver};
    let config = Config { table_bytes: 16 << 20, progress_every: 4096 };
    for conv in [Convention::Normal, Convention::Misere] {
        let mut plane = Solver::new(conv, config);
        let mut surface = Solver::on_surfaces(conv, config);
        for n in 1..=6 {
            let p = Position::start(n).unwrap();
            let (a, b) = (plane.analyse(&p).unwrap(), surface.analyse(&p).unwrap());
            assert_eq!((a.outcome, a.nimber), (b.outcome, b.nimber), "{conv} n = {n}");
            let moves = |x: &sprouts::solver::Analysis| x.winning_moves.iter().map(|m| m.1.clone()).collect::<Vec<_>>();
            assert_eq!(moves(&a), moves(&b), "{conv} n = {n}");
        }
    }
}

/// An uppercase letter names one spot seen in two regions of a land; twice
/// in one region it is refused at its second sight. GLOP and the surfaces'
/// text read letters with the same code (`text::glop::upper_letter`).
#[test]
fn an_uppercase_letter_twice_in_one_region_is_refused_at_the_second() {
    use sprouts::text::{parse_glop, Syntax};
    for (text, offset) in [("AA.}]!", 1), ("A.A.}]!", 2), ("1.}2A.A.}]!", 6)] {
        let e = parse_glop(text).unwrap_err();
        assert_eq!((e.offset, e.what), (offset, Syntax::UpperInOneRegion), "{text}");
    }
    for (text, offset) in [("AB.AB.@1}]!", 3), ("A<2>.A<2>.@1}]!", 5)] {
        let e = surfaces::parse_surface_glop(text).unwrap_err();
        assert_eq!((e.offset, e.what), (offset, Syntax::UpperInOneRegion), "{text}");
    }
    // In two regions: one spot of two corners (one life left), named once.
    assert_eq!(Canon::of(&parse_glop("1A.}1A.}]!").unwrap()).to_string(), "1A.}1A.}]!");
    let p = surfaces::parse_surface_glop("AB.}0.AB.@1}]!").unwrap();
    assert_eq!(surfaces::text(&surfaces::canon_of(&p)), "AB.}0.AB.@1}]!");
}
