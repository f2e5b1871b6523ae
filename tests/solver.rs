//! The solver against the published results and against a plain minimax
//! that uses none of its shortcuts (no reduction, no canonical form, no
//! lands, no nimbers, no proof numbers).

mod common;

use sprouts::solver::{published_outcome, Config, Convention, Event, Outcome, PartialAnalysis, SolveError, Solver};
use sprouts::text::parse_position;
use sprouts::{Canon, Position};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// The published outcomes of the n-spot starts, n = 1.. (shared/docs/
/// sprouts.md), written out here independently of `published_outcome`.
const NORMAL: &str = "LLWWWLLLW";
const MISERE: &str = "WLLLWWL";

fn outcome(c: char) -> Outcome {
    if c == 'W' {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}

fn solver(conv: Convention) -> Solver {
    Solver::new(conv, Config::default())
}

fn start(n: usize) -> Position {
    Position::start(n).unwrap()
}

#[test]
fn normal_starts_match_the_published_table() {
    for (i, c) in NORMAL.chars().enumerate() {
        let n = i + 1;
        let got = solver(Convention::Normal).outcome(&start(n)).unwrap();
        assert_eq!(got, outcome(c), "normal, {n} spots");
        assert_eq!(published_outcome(Convention::Normal, n), Some(outcome(c)));
    }
}

/// n = 10 to 14 (W W L L L), each a fresh solver: the starts where the
/// weight of a sum's smaller lands in its proof numbers (`normal.rs`,
/// `smaller_weight`) moves the node count most; a change there that broke the
/// search would show here.
#[test]
fn normal_starts_10_to_14_match_the_published_table() {
    for (n, c) in (10..=14).zip("WWLLL".chars()) {
        let got = solver(Convention::Normal).outcome(&start(n)).unwrap();
        assert_eq!(got, outcome(c), "normal, {n} spots");
        assert_eq!(published_outcome(Convention::Normal, n), Some(outcome(c)));
    }
}

#[test]
fn misere_starts_match_the_published_table() {
    for (i, c) in MISERE.chars().enumerate() {
        let n = i + 1;
        let got = solver(Convention::Misere).outcome(&start(n)).unwrap();
        assert_eq!(got, outcome(c), "misère, {n} spots");
        assert_eq!(published_outcome(Convention::Misere, n), Some(outcome(c)));
    }
}

#[test]
fn start_nimbers_match_the_published_ones() {
    // 0 when n mod 6 is 0, 1 or 2; else 1.
    for n in 1..=7 {
        let want = if n % 6 <= 2 { 0 } else { 1 };
        assert_eq!(
            solver(Convention::Normal).nimber(&start(n)).unwrap(),
            Some(want),
            "{n} spots"
        );
    }
    assert_eq!(solver(Convention::Misere).nimber(&start(3)).unwrap(), None);
}

/// Positions of random games from starts of 1 to 6 spots.
fn random_positions(seed: u64, count: usize, max_lives: u32) -> Vec<Position> {
    common::random_positions(seed, count, 6, max_lives)
}

/// Whether the player to move wins, by trying every legal move of the
/// labelled drawing. Only identical drawings share a memo entry.
fn plain_wins(p: &Position, misere: bool, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let moves = p.legal_moves();
    // No move: in misère play the opponent moved last and lost.
    let w = if moves.is_empty() {
        misere
    } else {
        moves.iter().any(|(_, c)| !plain_wins(c, misere, memo))
    };
    memo.insert(p.clone(), w);
    w
}

/// The nimber by the definition: the least number that no child has.
fn plain_nimber(p: &Position, memo: &mut HashMap<Position, u32>) -> u32 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let mut seen: Vec<u32> = p
        .legal_moves()
        .iter()
        .map(|(_, c)| plain_nimber(c, memo))
        .collect();
    seen.sort_unstable();
    let mut g = 0;
    for x in seen {
        if x == g {
            g += 1;
        }
    }
    memo.insert(p.clone(), g);
    g
}

#[test]
fn plain_minimax_agrees_on_random_positions_in_both_conventions() {
    let positions = random_positions(1, 1500, 7);
    let mut plain_normal = HashMap::new();
    let mut plain_misere = HashMap::new();
    let mut nimbers = HashMap::new();
    // One solver per convention for all positions, with a small table, so
    // that reuse and replacement are exercised too.
    let config = Config {
        table_bytes: 1 << 20,
        ..Config::default()
    };
    let mut normal = Solver::new(Convention::Normal, config);
    let mut misere = Solver::new(Convention::Misere, config);
    let (mut wins, mut misere_wins, mut nimbers_checked, mut big_nimbers) = (0, 0, 0, 0);
    for p in &positions {
        let w = plain_wins(p, false, &mut plain_normal);
        assert_eq!(
            normal.outcome(p).unwrap() == Outcome::Win,
            w,
            "normal play, {}",
            Canon::of(p)
        );
        let m = plain_wins(p, true, &mut plain_misere);
        assert_eq!(
            misere.outcome(p).unwrap() == Outcome::Win,
            m,
            "misère, {}",
            Canon::of(p)
        );
        wins += w as usize;
        misere_wins += m as usize;
        // Nimbers by the definition cost much more: smaller positions only.
        if p.total_lives() <= 6 {
            let g = plain_nimber(p, &mut nimbers);
            assert_eq!(
                normal.nimber(p).unwrap(),
                Some(g),
                "nimber, {}",
                Canon::of(p)
            );
            nimbers_checked += 1;
            big_nimbers += (g > 1) as usize;
        }
    }
    // The sample is not lopsided.
    assert!(wins > 300 && wins < 1200, "{wins} normal wins");
    assert!(
        misere_wins > 300 && misere_wins < 1200,
        "{misere_wins} misère wins"
    );
    assert!(
        nimbers_checked > 500 && big_nimbers > 20,
        "{nimbers_checked} nimbers, {big_nimbers} above 1"
    );
}

/// A position that is the sum of `a` and `b` (their lands side by side).
fn sum(a: &Position, b: &Position) -> Position {
    let a = Canon::of(a).to_string();
    let b = Canon::of(b).to_string();
    parse_position(&format!("{}{}", a.trim_end_matches('!'), b)).unwrap()
}

#[test]
fn the_nimber_of_a_sum_is_the_xor_of_the_nimbers() {
    let positions: Vec<Position> = random_positions(2, 200, 5)
        .into_iter()
        .filter(|p| !Canon::of(p).is_empty())
        .collect();
    let mut memo = HashMap::new();
    let (mut seen_nonzero, mut plain_checked) = (false, 0);
    for pair in positions.chunks(2) {
        let [a, b] = pair else { continue };
        let s = sum(a, b);
        assert!(Canon::of(&s).lands().len() >= 2);
        // Separate solvers: nothing learnt about a part is reused.
        let ga = solver(Convention::Normal).nimber(a).unwrap().unwrap();
        let gb = solver(Convention::Normal).nimber(b).unwrap().unwrap();
        let gs = solver(Convention::Normal).nimber(&s).unwrap().unwrap();
        assert_eq!(gs, ga ^ gb, "{} + {}", Canon::of(a), Canon::of(b));
        // And by the definition, on the whole sum when that is cheap.
        if s.total_lives() <= 7 {
            assert_eq!(plain_nimber(&s, &mut memo), gs, "{}", Canon::of(&s));
            plain_checked += 1;
        }
        seen_nonzero |= ga > 1 || gb > 1;
    }
    assert!(seen_nonzero, "the sample has nimbers above 1");
    assert!(
        plain_checked > 20,
        "{plain_checked} sums checked by the definition"
    );
}

/// Outcome, nimber and the children of the winning moves.
fn answer(s: &mut Solver, p: &Position) -> (Outcome, Option<u32>, Vec<Canon>) {
    let a = s.analyse(p).unwrap();
    (
        a.outcome,
        a.nimber,
        a.winning_moves.into_iter().map(|(_, c)| c).collect(),
    )
}

// One test per convention (was one test over both, 49 s under the second
// run's load), so nextest runs them on both cores.
#[test]
fn answers_do_not_depend_on_the_table_size_normal() {
    answers_do_not_depend_on_the_table_size(Convention::Normal);
}

#[test]
fn answers_do_not_depend_on_the_table_size_misere() {
    answers_do_not_depend_on_the_table_size(Convention::Misere);
}

fn answers_do_not_depend_on_the_table_size(conv: Convention) {
    let mut positions: Vec<Position> = (1..=4).map(start).collect();
    positions.extend(random_positions(3, 60, 8));
    {
        let mut tiny = Solver::new(
            conv,
            Config {
                table_bytes: 32 << 10,
                ..Config::default()
            },
        );
        for p in &positions {
            let full = answer(&mut solver(conv), p);
            assert_eq!(
                answer(&mut tiny, p),
                full,
                "{conv}, tiny table, {}",
                Canon::of(p)
            );
            // Without a table the search forgets everything: small ones.
            if p.total_lives() <= 6 {
                let none = answer(
                    &mut Solver::new(
                        conv,
                        Config {
                            table_bytes: 0,
                            ..Config::default()
                        },
                    ),
                    p,
                );
                assert_eq!(none, full, "{conv}, no table, {}", Canon::of(p));
            }
        }
        // Bigger positions through the tiny table: it must forget. The
        // 6-spot misère start (solved twice: 18 of the test's 19 s of CPU)
        // with `SPROUTS_SOLVER=full`; 5 spots already fill the tiny table.
        let full_run = std::env::var("SPROUTS_SOLVER").as_deref() == Ok("full");
        let top = if conv == Convention::Normal { 7 } else if full_run { 6 } else { 5 };
        for n in 5..=top {
            let p = start(n);
            assert_eq!(
                answer(&mut tiny, &p),
                answer(&mut solver(conv), &p),
                "{conv}, {n} spots"
            );
        }
        let st = tiny.stats();
        assert!(st.evictions > 0, "{conv}: the tiny table never filled up");
        assert!(
            st.peak_table_bytes <= 32 << 10,
            "{conv}: {} bytes",
            st.peak_table_bytes
        );
        assert_eq!(
            Solver::new(
                conv,
                Config {
                    table_bytes: 0,
                    ..Config::default()
                }
            )
            .stats()
            .table_bytes,
            0
        );
    }
}

#[test]
fn winning_moves_leave_the_opponent_lost_and_the_others_do_not() {
    let mut positions: Vec<Position> = (1..=6).map(start).collect();
    positions.extend(random_positions(4, 40, 12));
    for conv in [Convention::Normal, Convention::Misere] {
        for p in positions
            .iter()
            .filter(|p| conv == Convention::Normal || p.total_lives() <= 15)
        {
            let a = solver(conv).analyse(p).unwrap();
            // (In misère play a finished game is won, with no move.)
            let over = Canon::of(p).is_empty();
            assert_eq!(
                a.outcome == Outcome::Win && !over,
                !a.winning_moves.is_empty(),
                "{conv}, {}",
                Canon::of(p)
            );
            for (mv, child) in &a.winning_moves {
                assert_eq!(&Canon::of(&p.play(mv).unwrap()), child);
            }
            for (_, child) in p.representative_moves() {
                let listed = a.winning_moves.iter().any(|(_, c)| *c == child);
                // A fresh solver: nothing carried over from the analysis.
                let reply = solver(conv).outcome(&child.position()).unwrap();
                assert_eq!(
                    listed,
                    reply == Outcome::Loss,
                    "{conv}, {} then {child}",
                    Canon::of(p)
                );
            }
        }
    }
}

#[test]
fn progress_can_stop_the_search_and_the_solver_goes_on_afterwards() {
    let mut s = Solver::new(
        Convention::Normal,
        Config {
            progress_every: 10,
            ..Config::default()
        },
    );
    // Called every 10 nodes (and every 256 children generated): the
    // first call from the 30th node on stops, once.
    let mut stopped = false;
    s.on_progress(move |p| {
        if p.nodes >= 30 && !stopped {
            stopped = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(s.outcome(&start(7)), Err(SolveError::Stopped));
    let stopped_at = s.stats().nodes;
    assert!((30..40).contains(&stopped_at), "{stopped_at} nodes");
    assert_eq!(s.outcome(&start(7)), Ok(Outcome::Loss));
}

#[test]
fn positions_too_large_to_search_are_refused() {
    let p = start(101);
    assert!(matches!(
        solver(Convention::Normal).outcome(&p),
        Err(SolveError::TooLarge { lives: 303, .. })
    ));
    assert!(matches!(
        solver(Convention::Misere).analyse(&p),
        Err(SolveError::TooLarge { .. })
    ));
}

/// Every event of an analysis, in order, and the final answer.
fn events(s: &mut Solver, p: &Position) -> (Vec<Event>, PartialAnalysis) {
    let mut seen = Vec::new();
    let a = s
        .analyse_with(p, |e| {
            seen.push(e.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
    (seen, a)
}

#[test]
fn analysis_tells_the_outcome_first_then_each_winning_move_then_the_nimber() {
    let mut positions: Vec<Position> = (1..=7).map(start).collect();
    positions.extend(random_positions(5, 30, 12));
    for conv in [Convention::Normal, Convention::Misere] {
        for p in &positions {
            let full = solver(conv).analyse(p).unwrap();
            let (seen, a) = events(&mut solver(conv), p);
            let c = Canon::of(p);
            assert!(a.complete && a.moves_complete, "{conv}, {c}");
            assert_eq!(seen.first(), Some(&Event::Outcome(full.outcome)), "{conv}, {c}");
            let told: Vec<Canon> = seen
                .iter()
                .filter_map(|e| match e {
                    Event::WinningMove { child, .. } => Some(child.clone()),
                    _ => None,
                })
                .collect();
            let listed: Vec<Canon> = full.winning_moves.iter().map(|(_, c)| c.clone()).collect();
            assert_eq!(told, listed, "{conv}, {c}");
            let checked: Vec<usize> = seen
                .iter()
                .filter_map(|e| match e {
                    Event::MovesChecked { checked, .. } => Some(*checked),
                    _ => None,
                })
                .collect();
            let total = if full.outcome == Outcome::Win { p.representative_moves().len() } else { 0 };
            assert_eq!(checked, (1..=total).collect::<Vec<_>>(), "{conv}, {c}");
            match full.nimber {
                Some(g) => assert_eq!(seen.last(), Some(&Event::Nimber(g)), "{c}"),
                None => assert!(!seen.iter().any(|e| matches!(e, Event::Nimber(_)))),
            }
            assert_eq!((a.outcome, a.nimber), (Some(full.outcome), full.nimber));
        }
    }
}

#[test]
fn the_outcome_costs_what_an_outcome_only_solve_costs() {
    for conv in [Convention::Normal, Convention::Misere] {
        for n in [5, 7, 8] {
            let p = start(n);
            let mut alone = solver(conv);
            alone.outcome(&p).unwrap();
            let mut s = solver(conv);
            let a = s.analyse_with(&p, |e| match e {
                Event::Outcome(_) => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            });
            let a = a.unwrap();
            assert!(!a.complete && a.outcome.is_some() && a.nimber.is_none());
            assert_eq!(a.stats.nodes, alone.stats().nodes, "{conv}, {n} spots");
        }
    }
}

#[test]
fn a_stopped_analysis_keeps_what_it_proved() {
    let p = start(9);
    let full = solver(Convention::Normal).analyse(&p).unwrap();
    assert_eq!(full.outcome, Outcome::Win);
    let total = full.stats.nodes;
    let mut kinds = [0; 3];
    // Stopped at several points: before the outcome, and after it.
    for stop in [16].into_iter().chain((1..8).map(|i| total * i / 8)) {
        let mut s = Solver::new(Convention::Normal, Config { progress_every: 16, ..Config::default() });
        s.on_progress(move |st| if st.nodes >= stop { ControlFlow::Break(()) } else { ControlFlow::Continue(()) });
        let a = s.analyse_with(&p, |_| ControlFlow::Continue(())).unwrap();
        assert!(!a.complete, "stopped at {stop}");
        if let Some(o) = a.outcome {
            assert_eq!(o, full.outcome);
        }
        let proved: Vec<_> = a.winning_moves.iter().map(|(_, c)| c.clone()).collect();
        let listed: Vec<_> = full.winning_moves.iter().map(|(_, c)| c.clone()).collect();
        assert!(listed.starts_with(&proved), "stopped at {stop}");
        if a.moves_complete {
            assert_eq!(proved, listed, "stopped at {stop}");
        }
        assert!(a.nimber.is_none());
        kinds[usize::from(a.outcome.is_some()) + usize::from(a.moves_complete)] += 1;
    }
    assert!(kinds[0] > 0 && kinds[1] > 0, "{kinds:?}");
}

/// Handing facts on between solvers (the Python package's `new_facts`)
/// gives each new fact, and costs what changed: nothing new, nothing given.
#[test]
fn new_facts_are_handed_on_once_and_cover_every_fact() {
    use std::collections::HashSet;
    let mut s = solver(Convention::Normal);
    assert!(s.take_new_facts().is_empty(), "nothing proved yet");
    s.analyse(&parse_position("0*7").unwrap()).unwrap();
    let first: HashSet<String> = s.take_new_facts().iter().map(|f| f.to_string()).collect();
    let all: HashSet<String> = s.facts().iter().map(|f| f.to_string()).collect();
    assert!(!first.is_empty());
    assert_eq!(first, all, "after one solve, the new facts are all the facts");
    assert!(s.take_new_facts().is_empty(), "nothing proved since");
    s.analyse(&parse_position("0*9").unwrap()).unwrap();
    let second: HashSet<String> = s.take_new_facts().iter().map(|f| f.to_string()).collect();
    let all: HashSet<String> = s.facts().iter().map(|f| f.to_string()).collect();
    assert!(second.is_subset(&all));
    assert!(!second.is_subset(&first), "the second solve proved something new");
    let given: HashSet<String> = first.union(&second).cloned().collect();
    // A land whose wins grew into a nimber replaces its win facts: what was
    // handed on is then implied by the nimber, which was handed on too.
    for f in &all {
        assert!(given.contains(f), "{f} was never handed on");
    }
}
