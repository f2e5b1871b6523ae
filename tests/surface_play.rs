//! Playing on the surface board (src/board/surface/game.rs and route.rs):
//! the computer's strokes, undo and redo, and the saved-game file.

use sprouts::board::{surface_analysis, SurfaceGame, SurfaceStrength};
use sprouts::surfaces::{self, analysis, Surface, SurfacePosition};

const S: f64 = 400.0;

/// Computer against computer: every stroke the computer draws is a legal
/// move the board accepts (its position one of the engine's children),
/// and a game lasts at most 3n − 1 moves. Its routes do not reach every
/// move: where none is found it says so (the page then lets the player
/// draw the computer's move); the 2-spot torus and projective games of
/// these seeds all reach their end.
#[test]
fn the_computer_draws_legal_moves() {
    let (mut ended, mut stuck) = (0, 0);
    for (surface, n) in [(Surface::Torus, 2), (Surface::Klein, 2), (Surface::Projective, 2), (Surface::Torus, 3)] {
        for seed in 0..3u64 {
            let mut g = SurfaceGame::new(surface, n, S, false).unwrap();
            let mut moves = 0;
            while !g.is_over().unwrap() {
                let before = g.board().position().unwrap().children();
                let c = match g.computer_stroke(SurfaceStrength::Random, seed * 1000 + moves, 0, &|| false) {
                    Ok(c) => c,
                    Err(e) => {
                        assert!(e.starts_with("no stroke found"), "{e}");
                        assert!(!matches!((surface, n), (Surface::Torus | Surface::Projective, 2)), "{surface} n={n} seed={seed}: stuck at move {}", moves + 1);
                        stuck += 1;
                        break;
                    }
                };
                let p = g.play(&c.stroke).unwrap();
                assert!(before.contains(&g.canon().unwrap()), "{surface}: {} is a child", p.position);
                assert_eq!(format!("{}({}){}", p.from, p.new_spot, p.to), c.name);
                moves += 1;
                assert!(moves < 3 * n as u64, "{surface} n={n}: too many moves");
            }
            ended += g.is_over().unwrap() as u32;
        }
    }
    eprintln!("{ended} games ended, {stuck} stopped with no stroke found");
    assert!(ended >= 6);
}

/// The perfect player, moving first from a start the search says is a
/// win, wins against the random player (normal and misère).
#[test]
fn the_perfect_player_wins_a_won_start() {
    for misere in [false, true] {
        // A start that is a first-player win in this convention.
        let (surface, n) = [(Surface::Torus, 1), (Surface::Torus, 2), (Surface::Projective, 1), (Surface::Projective, 2), (Surface::Klein, 1), (Surface::Klein, 2)]
            .into_iter()
            .find(|&(s, n)| {
                let root = surfaces::canon_of(&SurfacePosition::start(n, s.genus()).unwrap());
                analysis::analyse(&root, misere, 0, &|| false).unwrap().wins
            })
            .expect("a won start");
        let mut finished = 0;
        for seed in 0..4u64 {
            let mut g = SurfaceGame::new(surface, n, S, misere).unwrap();
            let mut k = 0u64;
            while !g.is_over().unwrap() {
                let strength = if k % 2 == 0 { SurfaceStrength::Perfect } else { SurfaceStrength::Random };
                // Where the routes find no stroke, this game proves nothing.
                let Ok(c) = g.computer_stroke(strength, seed + 7 * k, 0, &|| false) else { break };
                if k % 2 == 0 {
                    assert_eq!((c.outcome, c.method), ("win", "winning"), "{surface} n={n} misère={misere} move {}", k + 1);
                }
                g.play(&c.stroke).unwrap();
                k += 1;
            }
            if !g.is_over().unwrap() {
                continue;
            }
            finished += 1;
            // Normal play: the last mover (odd k: player 1) wins; misère: loses.
            assert_eq!(k % 2 == 1, !misere, "{surface} n={n} misère={misere} seed {seed}: player 1 lost after {k} moves");
        }
        assert!(finished >= 2, "{surface} n={n} misère={misere}: {finished} games finished");
    }
}

#[test]
fn undo_redo_and_a_new_move_after_undo() {
    let mut g = SurfaceGame::new(Surface::Torus, 2, S, false).unwrap();
    let start = g.canon().unwrap();
    let a = g.computer_stroke(SurfaceStrength::Random, 1, 0, &|| false).unwrap();
    g.play(&a.stroke).unwrap();
    let after = g.canon().unwrap();
    assert!(g.undo());
    assert_eq!(g.canon().unwrap(), start);
    assert!(!g.undo());
    assert!(g.redo());
    assert_eq!(g.canon().unwrap(), after);
    assert!(!g.redo());
    g.restart();
    assert_eq!((g.cursor(), g.played().len()), (0, 1));
    // A move after taking back drops the moves taken back.
    let b = g.computer_stroke(SurfaceStrength::Random, 2, 0, &|| false).unwrap();
    g.play(&b.stroke).unwrap();
    assert_eq!((g.cursor(), g.played().len()), (1, 1));
}

#[test]
fn saved_games_reload_and_bad_files_are_refused() {
    let mut g = SurfaceGame::new(Surface::Klein, 2, S, true).unwrap();
    for k in 0..3 {
        let c = g.computer_stroke(SurfaceStrength::Random, k, 0, &|| false).unwrap();
        g.play(&c.stroke).unwrap();
    }
    g.undo();
    let text = g.to_json();
    let back = SurfaceGame::from_json(&text).unwrap();
    assert_eq!(back.to_json(), text);
    assert_eq!(back.canon().unwrap(), g.canon().unwrap());
    assert!(back.misere());
    assert_eq!((back.cursor(), back.played().len()), (2, 3));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["surface"], "klein");
    assert_eq!(v["start"]["spots"], 2);

    // A move name that is not what its stroke draws: refused, with its number.
    let mut bad: serde_json::Value = v.clone();
    bad["moves"][1] = "9(9)9".into();
    let e = SurfaceGame::from_json(&bad.to_string()).unwrap_err();
    assert!(e.contains("stroke 2 draws") && e.contains("not 9(9)9"), "{e}");
    // A stroke moved off its spots.
    let mut bad = v.clone();
    bad["strokes"][0][0] = serde_json::json!([200.0, 1.0]);
    let e = SurfaceGame::from_json(&bad.to_string()).unwrap_err();
    assert!(e.contains("stroke 1") && e.contains("is not a move"), "{e}");
    for (field, value, want) in [
        ("surface", serde_json::json!("sphere"), "surface \"sphere\""),
        ("cursor", serde_json::json!(9), "cursor 9"),
        ("convention", serde_json::json!("both"), "convention"),
        ("format", serde_json::json!(7), "format 7"),
    ] {
        let mut bad = v.clone();
        bad[field] = value;
        let e = SurfaceGame::from_json(&bad.to_string()).unwrap_err();
        assert!(e.contains(want), "{field}: {e}");
    }
    assert!(SurfaceGame::from_json("{").unwrap_err().starts_with("saved game:"));
    // The plane's loader refuses a surface file rather than misreading it.
    let e = sprouts::game::Game::from_json(&text, Some((800.0, 600.0))).unwrap_err().to_string();
    assert!(e.contains("surface board"), "{e}");
}

#[test]
fn the_analysis_names_drawable_winning_moves() {
    let g = SurfaceGame::new(Surface::Torus, 2, S, false).unwrap();
    let a = surface_analysis(&g, 0, &|| false).unwrap();
    let root = surfaces::canon_of(&SurfacePosition::start(2, 1).unwrap());
    for (conv, misere) in [(&a.normal, false), (&a.misere, true)] {
        let want = analysis::analyse(&root, misere, 0, &|| false).unwrap();
        assert_eq!(conv.outcome, if want.wins { "win" } else { "loss" });
        assert_eq!(conv.winning.len(), want.winning.len());
    }
    let limited = surface_analysis(&SurfaceGame::new(Surface::Torus, 5, S, false).unwrap(), 10, &|| false).unwrap();
    assert_eq!(limited.normal.outcome, "unknown");
    assert!(limited.normal.stopped.is_some());
}

/// The analysis's searches (lands and nimbers in normal play) agree with
/// a plain search of the whole position, winning moves included.
#[test]
fn the_analysis_agrees_with_the_plain_search() {
    use sprouts::variants::solve::Search;
    for (n, g) in [(1, 1), (2, 1), (1, -1), (2, -2), (3, -1), (3, 1)] {
        let root = surfaces::canon_of(&SurfacePosition::start(n, g).unwrap());
        for misere in [false, true] {
            let a = analysis::analyse(&root, misere, 0, &|| false).unwrap();
            let mut plain = Search::new(misere, surfaces::child_forms);
            assert_eq!(a.wins, plain.wins(&root), "n={n} genus={g} misère={misere}");
            for c in surfaces::child_forms(&root) {
                assert_eq!(a.winning.contains(&c), a.wins && !plain.wins(&c), "n={n} genus={g} misère={misere}");
            }
        }
    }
    let root = surfaces::canon_of(&SurfacePosition::start(4, 1).unwrap());
    assert!(analysis::analyse(&root, false, 5, &|| false).unwrap_err().contains("limit of 5"));
    assert!(analysis::analyse(&root, false, 0, &|| true).unwrap_err().contains("ran out of time"));
}
