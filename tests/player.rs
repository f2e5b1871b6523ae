//! The computer players: survivor counting's bounds hold on real games, the
//! heuristic beats the random player, every player always answers with a
//! legal move and never panics.

mod common;

use common::Rng;
use sprouts::player::{
    chance, mover_wins, random_choice, Computer, LandCount, Lengths, Method, Request, Span, Strength,
};
use sprouts::solver::{Config, Convention, Outcome, Progress, Solver};
use sprouts::{Canon, Position};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

fn solver(conv: Convention) -> Solver {
    Solver::new(
        conv,
        Config {
            table_bytes: 32 << 20,
            progress_every: 16,
        },
    )
}

/// A random game from the n-spot start to its end: every position on the
/// way, the start included.
fn random_game(n: usize, rng: &mut Rng) -> Vec<Position> {
    let mut p = Position::start(n).unwrap();
    let mut out = vec![p.clone()];
    loop {
        let moves = p.representative_moves();
        if moves.is_empty() {
            return out;
        }
        p = p.play(&rng.pick(&moves).0).unwrap();
        out.push(p.clone());
    }
}

/// The span from the counts alone, land by land.
fn counted_span(c: &Canon) -> Span {
    c.lands().iter().fold(Span::ZERO, |s, l| s.plus(LandCount::of(&l.position()).span()))
}

#[test]
fn bounds_bracket_the_length_of_random_games() {
    // The moves actually left at every position of random games lie within
    // the bounds: the counted ones (certain survivors, one survivor per
    // live spot at most) and the exact ones of small lands.
    let mut rng = Rng::new(5);
    let mut lengths = Lengths::new();
    let (mut positions, mut exact, mut tight) = (0, 0, 0);
    for game in 0..400 {
        let n = 1 + game % 12;
        let line = random_game(n, &mut rng);
        let total = line.len() - 1;
        // The whole game: between 2n and 3n - 1 moves.
        assert!((2 * n..3 * n).contains(&total), "{n} spots, {total} moves");
        for (k, p) in line.iter().enumerate() {
            let left = (total - k) as u32;
            let c = Canon::of(p);
            let counted = counted_span(&c);
            let mut work = 50;
            let span = lengths.span(&c, &mut work);
            for s in [counted, span] {
                assert!(s.lo <= left && left <= s.hi, "{c}: {left} moves left, bounds {s:?}");
            }
            // Exact searches only narrow the counted bounds.
            assert!(counted.lo <= span.lo && span.hi <= counted.hi, "{c}");
            // Every game ends with a survivor.
            assert!(p.total_lives() > left);
            positions += 1;
            exact += usize::from(span.exact().is_some());
            tight += usize::from(counted.exact().is_some());
        }
    }
    eprintln!("{positions} positions, length known exactly in {exact} (from the counts alone in {tight})");
    assert!(positions >= 5000);
    assert!(exact > positions / 5);
}

/// Fewest and most moves left in a labelled position, by plain search over
/// every legal move (no reduction, no canonical form, no lands).
fn brute_span(p: &Position, memo: &mut HashMap<Position, Span>) -> Span {
    if let Some(&s) = memo.get(p) {
        return s;
    }
    let mut best: Option<Span> = None;
    for (_, child) in p.legal_moves() {
        let s = brute_span(&child, memo);
        best = Some(best.map_or(s, |b| b.either(s)));
    }
    let s = best.map_or(Span::ZERO, Span::after_move);
    memo.insert(p.clone(), s);
    s
}

// The 150 games in four tests of 38, 38, 37 and 37 games (was one test,
// 193 s under the second run's load: the second longest native test), so
// nextest runs them on both cores. Each part replays the same games and
// the same exact searches in the same order (the random games and the
// `Lengths` cache evolve as in one test, so every span is the one the
// single test compared), and runs the plain search only on its games.
#[test]
fn exact_spans_of_small_positions_match_a_plain_search_games_0_to_37() {
    exact_spans_match_a_plain_search(0..38);
}

#[test]
fn exact_spans_of_small_positions_match_a_plain_search_games_38_to_75() {
    exact_spans_match_a_plain_search(38..76);
}

#[test]
fn exact_spans_of_small_positions_match_a_plain_search_games_76_to_112() {
    exact_spans_match_a_plain_search(76..113);
}

#[test]
fn exact_spans_of_small_positions_match_a_plain_search_games_113_to_149() {
    exact_spans_match_a_plain_search(113..150);
}

fn exact_spans_match_a_plain_search(games: std::ops::Range<usize>) {
    let mut rng = Rng::new(17);
    let mut lengths = Lengths::new();
    let mut memo = HashMap::new();
    let mut checked = 0;
    let mut all_checked = 0;
    // A labelled position met again (the starts, above all: 25 games
    // each) is the same check again, both searches being deterministic.
    let mut seen = std::collections::HashSet::new();
    let mut repeats = 0;
    for game in 0..150 {
        // The plain search's memo, game by game: labelled positions of two
        // random games are hardly ever the same drawing, and one memo for
        // all 150 grew to 1.7 GB (0.6 GB now), its growth and freeing a
        // fifth of this test's CPU (perf: malloc_consolidate; 24.4 s to
        // 19.3 s of CPU).
        memo.clear();
        for p in random_game(1 + game % 6, &mut rng) {
            if p.total_lives() > 7 {
                continue;
            }
            if !seen.insert(p.clone()) {
                repeats += 1;
                continue;
            }
            let mut work = 10_000;
            let span = lengths.span(&Canon::of(&p), &mut work);
            all_checked += 1;
            if games.contains(&game) {
                assert_eq!(span, brute_span(&p, &mut memo), "{}", Canon::of(&p));
                checked += 1;
            }
        }
    }
    eprintln!("games {games:?}: {checked} positions checked; {all_checked} over all 150 games, {repeats} repeats skipped");
    assert!(all_checked >= 500, "{all_checked}");
    assert!(checked >= all_checked / 8, "{checked} of {all_checked}");
}

#[test]
fn known_lengths_decide_the_outcome() {
    // When the bounds meet, the parity of the length is the outcome, and
    // the solver agrees; `chance` says 1 or 0 exactly then.
    let mut rng = Rng::new(23);
    let mut lengths = Lengths::new();
    for conv in CONVENTIONS {
        let mut s = solver(conv);
        let mut decided = 0;
        for game in 0..60 {
            for p in random_game(2 + game % 5, &mut rng) {
                let c = Canon::of(&p);
                let mut work = 200;
                let span = lengths.span(&c, &mut work);
                let ch = chance(conv, span);
                match span.exact() {
                    Some(m) => {
                        let win = s.outcome(&p).unwrap() == Outcome::Win;
                        assert_eq!(win, mover_wins(conv, m), "{conv} {c}: {m} moves left");
                        assert_eq!(ch, if win { 1.0 } else { 0.0 });
                        decided += 1;
                    }
                    None => assert!(ch > 0.0 && ch < 1.0),
                }
            }
        }
        assert!(decided >= 150, "{decided}");
    }
    // The game is over: the player to move lost normal play, won misère.
    assert!(!mover_wins(Convention::Normal, 0));
    assert!(mover_wins(Convention::Misere, 0));
}

/// Plays one game; returns whether `strength` (moving first when
/// `first`) won against the random player.
fn beats_random(
    strength: Strength,
    n: usize,
    first: bool,
    conv: Convention,
    computer: &mut Computer,
    s: &mut Solver,
    seed: u64,
) -> bool {
    let mut p = Position::start(n).unwrap();
    let mut ply = 0u64;
    loop {
        let ours = ply.is_multiple_of(2) == first;
        let req = Request::new(if ours { strength } else { Strength::Random }, seed * 1000 + ply);
        let Some(c) = computer.choose(&p, s, &req) else { break };
        p = p.play(&c.mv).unwrap();
        ply += 1;
    }
    let we_moved_last = (ply - 1).is_multiple_of(2) == first;
    we_moved_last == (conv == Convention::Normal)
}

#[test]
fn the_heuristic_beats_the_random_player() {
    // 200 games per convention, 4 to 7 spots, the first player drawn at
    // random. The random player wins about half of the games against
    // itself; the heuristic wins about 97 % (measured: 98.5 % normal,
    // 96.5 % misère).
    for conv in CONVENTIONS {
        let mut rng = Rng::new(31);
        let mut computer = Computer::new();
        let mut s = solver(conv);
        let mut wins = 0;
        let games = 200;
        for g in 0..games {
            let n = 4 + g % 4;
            if beats_random(
                Strength::Heuristic,
                n,
                rng.coin(),
                conv,
                &mut computer,
                &mut s,
                g as u64,
            ) {
                wins += 1;
            }
        }
        eprintln!("{conv}: heuristic won {wins} of {games} against random");
        assert!(wins * 100 > games * 85, "{conv}: {wins} of {games}");
    }
}

#[test]
fn every_player_answers_with_a_legal_move() {
    let mut rng = Rng::new(41);
    for conv in CONVENTIONS {
        let mut computer = Computer::new();
        let mut s = solver(conv);
        for game in 0..30 {
            for (k, p) in random_game(1 + game % 9, &mut rng).iter().enumerate() {
                let over = p.representative_moves().is_empty();
                for strength in [Strength::Random, Strength::Heuristic, Strength::Perfect] {
                    let mut req = Request::new(strength, (game * 100 + k) as u64);
                    // Perfect play within a small budget, so that larger
                    // positions fall back to the heuristic.
                    req.max_nodes = 2000;
                    match computer.choose(p, &mut s, &req) {
                        None => assert!(over, "{strength}: no move in {}", Canon::of(p)),
                        Some(c) => {
                            assert!(!over);
                            // Checks below solve without the request's limits.
                            s.on_progress(|_| ControlFlow::Continue(()));
                            let child = p.play(&c.mv).expect("a legal move");
                            assert_eq!(Canon::of(&child), c.child);
                            if c.method == Method::Winning {
                                assert_eq!(s.outcome(&child).unwrap(), Outcome::Loss, "{strength} {conv}");
                            }
                            if c.method == Method::ProvenLoss {
                                assert_eq!(s.outcome(p).unwrap(), Outcome::Loss, "{strength} {conv}");
                            }
                            assert_eq!(
                                c.outcome.is_some(),
                                matches!(c.method, Method::Winning | Method::ProvenLoss)
                            );
                        }
                    }
                }
                assert_eq!(random_choice(p, 7).is_none(), over);
            }
        }
    }
}

#[test]
fn tiny_and_finished_positions() {
    for conv in CONVENTIONS {
        let mut computer = Computer::new();
        let mut s = solver(conv);
        // One spot: a loop, then a join of the two 1-life spots... each
        // player answers while there is a move.
        let mut p = Position::start(1).unwrap();
        let mut moves = 0;
        while let Some(c) = computer.choose(&p, &mut s, &Request::new(Strength::Heuristic, 1)) {
            p = p.play(&c.mv).unwrap();
            moves += 1;
        }
        assert_eq!(moves, 2);
        assert!(p.is_over());
        for strength in [Strength::Random, Strength::Heuristic, Strength::Perfect] {
            assert!(computer.choose(&p, &mut s, &Request::new(strength, 3)).is_none());
        }
        assert_eq!(computer.span(&Canon::of(&p)), Span::ZERO);
        // One spot: two moves whatever happens, so the first player loses
        // normal play and wins misère.
        let c = computer
            .choose(
                &Position::start(1).unwrap(),
                &mut s,
                &Request::new(Strength::Perfect, 1),
            )
            .unwrap();
        let want = if conv == Convention::Normal {
            Method::ProvenLoss
        } else {
            Method::Winning
        };
        assert_eq!(c.method, want, "{conv}");
    }
}

#[test]
fn the_perfect_player_knows_the_small_starts() {
    // n = 1..5: it wins exactly where the published tables say the first
    // player wins.
    let normal = "LLWWW";
    let misere = "WLLLW";
    for (conv, table) in [(Convention::Normal, normal), (Convention::Misere, misere)] {
        let mut s = solver(conv);
        let mut computer = Computer::new();
        for (i, w) in table.chars().enumerate() {
            let p = Position::start(i + 1).unwrap();
            let c = computer
                .choose(&p, &mut s, &Request::new(Strength::Perfect, 9))
                .unwrap();
            let want = if w == 'W' { Method::Winning } else { Method::ProvenLoss };
            assert_eq!(c.method, want, "{conv}, {} spots", i + 1);
        }
    }
}

#[test]
fn budgets_and_stops_are_respected() {
    let p = Position::start(11).unwrap();
    for conv in CONVENTIONS {
        let mut computer = Computer::new();
        // A tiny node budget: the perfect player falls back to a guess.
        let mut s = solver(conv);
        let mut req = Request::new(Strength::Perfect, 5);
        req.max_nodes = 50;
        let c = computer.choose(&p, &mut s, &req).unwrap();
        assert_eq!(c.method, Method::Guess);
        assert!(s.stats().nodes <= 50 + 16, "{}", s.stats().nodes);
        assert!(p.play(&c.mv).is_ok());
        // The host stops the search at its first report: still a move.
        let mut s = solver(conv);
        let mut req = Request::new(Strength::Perfect, 5);
        let calls = Rc::new(std::cell::Cell::new(0));
        let k = calls.clone();
        req.report = Some(Rc::new(move |_: &Progress| {
            k.set(k.get() + 1);
            ControlFlow::Break(())
        }));
        let c = computer.choose(&p, &mut s, &req).unwrap();
        assert_eq!(c.method, Method::Guess);
        assert_eq!(calls.get(), 1);
        assert!(s.stats().nodes <= 16, "{}", s.stats().nodes);
        // A clock that runs fast: the time limit stops everything at once.
        let mut s = solver(conv);
        let mut req = Request::new(Strength::Perfect, 5);
        let t = Rc::new(std::cell::Cell::new(0.0));
        let t2 = t.clone();
        req.clock = Rc::new(move || {
            t2.set(t2.get() + 1000.0);
            t2.get()
        });
        req.max_millis = 1500.0;
        let c = computer.choose(&p, &mut s, &req).unwrap();
        assert_eq!(c.method, Method::Guess);
        assert!(p.play(&c.mv).is_ok());
    }
}

#[test]
fn strengths_read_and_print() {
    for s in [Strength::Random, Strength::Heuristic, Strength::Perfect] {
        assert_eq!(s.name().parse::<Strength>(), Ok(s));
    }
    assert!("strong".parse::<Strength>().is_err());
    let names: Vec<&str> = [Method::Random, Method::Winning, Method::ProvenLoss, Method::Guess]
        .iter()
        .map(|m| m.name())
        .collect();
    assert_eq!(names, ["random", "winning", "proven-loss", "guess"]);
}
