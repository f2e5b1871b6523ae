//! (p, q) Sprouts as a game (issue 37): records of (p, q) moves
//! (`{pq:4,3} 3+ 1(4)2>3 ...`) replay exactly, every move drawn has a
//! text that reads back as that very drawing, and games stay within the
//! rules' bounds.

use sprouts::board::{Board, PqTurn, PqWriter, RouteOptions, StrokeRules};
use sprouts::game::PqGame;
use sprouts::variants::pq::{child_keys, PqCanon, PqRules};
use std::collections::BTreeSet;

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The labelled drawing, up to geometry: each boundary's spots from its
/// smallest rotation, boundaries and regions sorted.
fn labelled(b: &Board) -> Vec<Vec<Vec<u32>>> {
    let p = b.pq_position().unwrap();
    let mut regions: Vec<Vec<Vec<u32>>> = p
        .regions()
        .iter()
        .map(|r| {
            let mut bs: Vec<Vec<u32>> = r
                .iter()
                .map(|bd| {
                    let s: Vec<u32> = bd.to_vec();
                    (0..s.len()).map(|k| s[k..].iter().chain(&s[..k]).copied().collect::<Vec<u32>>()).min().unwrap_or_default()
                })
                .collect();
            bs.sort();
            bs
        })
        .collect();
    regions.sort();
    regions
}

/// Every complete move from `board` drawn line by line (each line every
/// way the router is offered), each as the turns after each line.
fn every_move(board: &Board, rules: PqRules) -> Vec<Vec<PqTurn>> {
    let mut out = Vec::new();
    let mut stack = vec![vec![PqTurn::new(board.clone(), rules)]];
    while let Some(turns) = stack.pop() {
        let t = turns.last().unwrap();
        if t.is_complete() {
            out.push(turns);
            continue;
        }
        for mv in t.next_lines().unwrap() {
            let mut next = t.clone();
            if next.route(&mv, &RouteOptions::default()).is_ok() {
                let mut more = turns.clone();
                more.push(next);
                stack.push(more);
            }
        }
    }
    out
}

/// The text of a move drawn as `turns`.
fn text_of(turns: &[PqTurn]) -> String {
    let opts = RouteOptions::default();
    let (w, mut text) = PqWriter::first(&turns[0], &turns[1], &opts).unwrap();
    for k in 2..turns.len() {
        text.push_str(&w.later(&turns[k - 1], &turns[k], &opts).unwrap());
    }
    text
}

#[test]
fn every_move_drawn_has_a_text_that_draws_it_again() {
    // Moves generated = moves drawn = moves read from their texts.
    for (p, q, n, depth) in [(4, 3, 1, 1), (4, 3, 2, 2), (4, 3, 3, 1), (5, 3, 1, 2), (5, 4, 1, 1)] {
        let rules = PqRules::new(p, q).unwrap();
        let mut rng = Rng(n as u64 * 31 + p as u64);
        let mut game = PqGame::new(rules, n, false, 800.0, 600.0).unwrap();
        for _ in 0..depth {
            let board = game.board().clone();
            let want: BTreeSet<PqCanon> = child_keys(&board.pq_position().unwrap().canon(rules), rules).into_iter().collect();
            if want.is_empty() {
                break;
            }
            let moves = every_move(&board, rules);
            let mut got = BTreeSet::new();
            for turns in &moves {
                let text = text_of(turns);
                let mut g = game.clone();
                let short = g.play_text(&text).unwrap_or_else(|e| panic!("{rules}: {text} from {}: {e}", game.record()));
                assert_eq!(short, text, "{rules}: the shortest text reads back as itself");
                assert_eq!(labelled(g.board()), labelled(turns.last().unwrap().board()), "{rules}: {text} draws the same move");
                got.insert(g.board().pq_position().unwrap().reduced(rules).canon(rules));
            }
            assert_eq!(got, want, "{rules} n = {n}: the moves read from texts are the engine's children");
            let pick = &moves[rng.below(moves.len())];
            game.play_text(&text_of(pick)).unwrap();
        }
    }
}

#[test]
fn random_games_by_strokes_replay_from_their_records() {
    let strokes = StrokeRules::default();
    let (mut drawn_lines, mut routed_moves) = (0, 0);
    for (p, q, n, seeds) in [(4, 3, 2, 3), (4, 3, 3, 3), (4, 3, 4, 1), (5, 3, 2, 1)] {
        let rules = PqRules::new(p, q).unwrap();
        for seed in 0..seeds {
            let mut rng = Rng(seed * 17 + n as u64);
            let mut game = PqGame::new(rules, n, seed % 2 == 1, 800.0, 600.0).unwrap();
            let mut labels = vec![labelled(game.board())];
            while !game.is_over() {
                let mut t = PqTurn::new(game.board().clone(), rules);
                let mut tries = 0;
                while !t.is_complete() {
                    tries += 1;
                    if tries > 60 {
                        // Routed curves too near the drawing for a hand's
                        // clearance: play a routed move by its text instead.
                        if game.status().lines_left > 0 {
                            assert!(game.undo());
                        }
                        let moves = every_move(game.board(), rules);
                        let text = text_of(&moves[rng.below(moves.len())]);
                        game.play_text(&text).unwrap_or_else(|e| panic!("{rules}: {text}: {e}"));
                        routed_moves += 1;
                        break;
                    }
                    let lines = t.next_lines().unwrap();
                    let mv = &lines[rng.below(lines.len())];
                    let mut routed = t.clone();
                    let Ok(points) = routed.route(mv, &RouteOptions::default()) else {
                        continue;
                    };
                    let mut drawn = t.clone();
                    if drawn.stroke(&points, 0.5, strokes).is_err() {
                        continue; // a routed curve nearer the drawing than a hand's clearance
                    }
                    let before = game.status();
                    let s = game.play_stroke(&points, 0.5).unwrap_or_else(|e| panic!("{rules}: {e}"));
                    assert_eq!(s.lines_left, drawn.lines_left());
                    assert_eq!(game.status().move_number, before.move_number + drawn.is_complete() as usize);
                    t = drawn;
                    drawn_lines += 1;
                }
                labels.push(labelled(game.board()));
            }
            let moves = game.cursor() as u32;
            assert!((rules.min_moves(n as u32)..=rules.max_moves(n as u32)).contains(&moves), "{rules} n = {n}: {moves} moves");
            let record = game.record();
            assert!(record.starts_with(&format!("{{{rules}}} {n}")), "{record}");
            // The record replays exactly: the same labelled drawing after every move.
            let mut again = PqGame::from_record(&record, 640.0, 480.0).unwrap_or_else(|e| panic!("{record}: {e}"));
            assert_eq!(again.record(), record);
            for k in (0..=moves as usize).rev() {
                assert!(again.go_to(k));
                assert_eq!(labelled(again.board()), labels[k], "{record}: move {k}");
            }
            // The saved file too.
            game.go_to(1);
            let file = game.to_file();
            assert_eq!(file.rules.as_deref(), Some(rules.to_string().as_str()));
            let back = PqGame::from_file(&file, 800.0, 600.0).unwrap();
            assert_eq!(back.cursor(), 1);
            assert_eq!(back.all_moves(), game.all_moves());
        }
    }
    println!("lines drawn as strokes: {drawn_lines}, moves played routed: {routed_moves}");
    assert!(drawn_lines > 4 * routed_moves, "{drawn_lines} strokes, {routed_moves} routed moves");
}

#[test]
fn bad_records_are_refused_with_their_offset() {
    let cases = [
        ("{pq:4,3} 2+ 1(3)2>1 1(4)2<", "at offset 26"),
        ("{pq:4,3} 2+ 1(3)2>1 1(4", "at offset 23"),
        ("{pq:4,3} 2+ 1(3)2>><1", "at offset 19"),
        ("{pq:4,3} 2+ 1(3)2[1-]", "at offset 20"),
        ("{pq:4,3} 2+ 1(3)2#0", "at offset 18"),
        ("{pq:4,9} 2+", "pq:4,9"),
        ("{pq:4,3} x+", "expected the number of points"),
        ("{pq:4,3} 2+ 1(4)2>1", "move 1 `1(4)2>1`: the new spot must be numbered 3"),
        ("{pq:4,3} 2+ 1(3)2", "move 1 `1(3)2`: a move of pq:4,3 draws the first line and 1 more"),
        ("{pq:4,3} 2+ 1(3)2>3", "move 1 `1(3)2>3`: illegal"),
        ("{pq:4,3} 2+ 1(3)2>1#5", "move 1 `1(3)2>1#5`: illegal"),
    ];
    for (record, want) in cases {
        let err = PqGame::from_record(record, 800.0, 600.0).err().unwrap_or_else(|| panic!("{record} read"));
        assert!(err.to_string().contains(want), "{record}: {err}");
    }
}

#[test]
fn replay_and_draw_read_pq_records() {
    let run = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().unwrap();
        (o.status.success(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let record = "{pq:4,3} 3+ 3(4)3[2]>2 3(5)3[1]>1 2(6)4[]>2 1(7)5[]>1 II";
    let (ok, out, err) = run(&["replay", record]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "# rules: pq:4,3");
    assert_eq!(lines[1], "3(4)3[2]>2\t1A2B.4.}1A2B1A3.}]!");
    assert_eq!(lines[4], "1(7)5[]>1\t!");
    assert_eq!(lines[5], "# result: II (player 2 won)");
    // Each form is a child of the one before (the engine's own moves).
    let rules = PqRules::new(4, 3).unwrap();
    let mut before = rules.start(3).unwrap().canon(rules);
    for l in &lines[1..5] {
        let form = l.split('\t').nth(1).unwrap();
        let kids = child_keys(&before, rules);
        let next = kids.iter().find(|c| c.to_string() == form).unwrap_or_else(|| panic!("{form} is a child of {before}"));
        before = next.clone();
    }
    let (ok, out, _) = run(&["replay", record, "--json"]);
    assert!(ok);
    assert!(out.contains(r#"{"move":"3(4)3[2]>2","position":"1A2B.4.}1A2B1A3.}]!"}"#), "{out}");
    let (ok, svg, err) = run(&["draw", record, "--move", "2", "--svg", "-"]);
    assert!(ok, "{err}");
    assert_eq!(svg.matches("data-spot=").count(), 5, "3 points and 2 new spots after 2 moves");
    let (ok, _, err) = run(&["replay", "{pq:4,3} 3+ 3(4)3[2]>2 3(5"]);
    assert!(!ok && err.contains("at offset 26"), "{err}");
    let (ok, _, err) = run(&["draw", record, "--move", "9", "--svg", "-"]);
    assert!(!ok && err.contains("--move 9: the record has 4 moves"), "{err}");
}

/// How long the notation takes natively: `cargo test --release --test
/// pq_game timings -- --ignored --nocapture` (docs/variants.md quotes it).
#[test]
#[ignore]
fn timings() {
    for (p, q, n) in [(4, 3, 3), (4, 3, 4), (4, 3, 5), (5, 3, 2)] {
        let rules = PqRules::new(p, q).unwrap();
        let mut g = PqGame::new(rules, n, false, 800.0, 600.0).unwrap();
        let (mut choices_s, mut play_s, mut moves, mut choices) = (0.0, 0.0, 0, 0);
        let mut k = 0usize;
        while !g.is_over() {
            let t = std::time::Instant::now();
            let m = g.move_choices().unwrap();
            choices_s += t.elapsed().as_secs_f64();
            choices += m.len();
            let text = m[(k * 7 + 3) % m.len()].0.clone();
            let t = std::time::Instant::now();
            g.play_text(&text).unwrap();
            play_s += t.elapsed().as_secs_f64();
            moves += 1;
            k += 1;
        }
        let t = std::time::Instant::now();
        PqGame::from_record(&g.record(), 800.0, 600.0).unwrap();
        let replay_s = t.elapsed().as_secs_f64();
        println!(
            "{rules} n = {n}: {moves} moves, {choices} classes listed; move_choices {:.3} s a move, play_text {:.3} s a move, the whole record read in {replay_s:.3} s",
            choices_s / moves as f64,
            play_s / moves as f64
        );
    }
}

/// The moves of a start listed once, for CPU time under `/usr/bin/time`
/// (docs/variants.md quotes it): `PQ_LIST=4,3,6 cargo test --release
/// --test pq_game listing -- --ignored --nocapture`.
#[test]
#[ignore]
fn listing() {
    let spec = std::env::var("PQ_LIST").unwrap_or_else(|_| "4,3,4".into());
    let v: Vec<u32> = spec.split(',').map(|s| s.trim().parse().unwrap()).collect();
    let rules = PqRules::new(v[0], v[1]).unwrap();
    let g = PqGame::new(rules, v[2] as usize, false, 800.0, 600.0).unwrap();
    let t = std::time::Instant::now();
    match g.move_choices() {
        Ok(m) => println!("{rules} n = {}: {} moves listed in {:.3} s", v[2], m.len(), t.elapsed().as_secs_f64()),
        Err(e) => println!("{rules} n = {}: {e} after {:.3} s", v[2], t.elapsed().as_secs_f64()),
    }
}

/// Listing the moves is bounded (src/limits.rs `MAX_PQ_LINES`): 6 points
/// of (4, 3) route more lines than the limit, and the error says so.
#[test]
fn listing_the_moves_is_bounded() {
    let rules = PqRules::new(4, 3).unwrap();
    let g = PqGame::new(rules, 6, false, 800.0, 600.0).unwrap();
    let e = g.move_choices().unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "listing the moves after move 0: too large: {} lines routed to list the moves of a (p, q) position (the limit is {})",
            sprouts::limits::MAX_PQ_LINES + 1,
            sprouts::limits::MAX_PQ_LINES
        )
    );
    // 2 points list within it.
    assert_eq!(PqGame::new(rules, 2, false, 800.0, 600.0).unwrap().move_choices().unwrap().len(), 2);
}
