//! `sprouts replay --surface` and `sprouts play --surface` (src/cli/surface_game.rs):
//! the surface board's saved games and links replayed with every stroke
//! checked, and computer players against each other on a surface.

use serde_json::Value;
use sprouts::board::{SurfaceGame, SurfaceStrength};
use sprouts::surfaces::{self, analysis, Surface, SurfacePosition};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// A failure: exit status 2, nothing on standard output, the one-line error.
fn fails(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&o.stdout));
    assert!(o.stdout.is_empty(), "{args:?} printed {}", String::from_utf8_lossy(&o.stdout));
    String::from_utf8(o.stderr).unwrap()
}

/// A game the surface board's computer draws (random strokes) until it
/// ends or `most` moves (the seeds of tests/surface_play.rs, whose 2-spot
/// torus and projective games reach their end): the page's saved game.
fn drawn_game(surface: Surface, n: usize, misere: bool, seed: u64, most: usize) -> SurfaceGame {
    let mut g = SurfaceGame::new(surface, n, 400.0, misere).unwrap();
    for k in 0..most as u64 {
        if g.is_over().unwrap() {
            break;
        }
        let c = g.computer_stroke(SurfaceStrength::Random, seed * 1000 + k, 0, &|| false).unwrap();
        g.play(&c.stroke).unwrap();
    }
    g
}

/// A whole game replayed: each line the move and the position the board
/// reached, then the result by the convention; the JSON the same.
#[test]
fn replay_reads_a_saved_game_to_its_end() {
    for (surface, misere) in [(Surface::Torus, false), (Surface::Projective, true)] {
        let g = drawn_game(surface, 2, misere, 1, 20);
        assert!(g.is_over().unwrap(), "{surface}: the 2-spot game ends");
        let file = g.to_json();
        let moves = g.played().len();
        let name = surface.name();
        let text = ok(&["replay", "--surface", name, &file]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("# surface: {name}"));
        let start = surfaces::text(&surfaces::canon_of(&SurfacePosition::start(2, surface.genus()).unwrap()));
        assert_eq!(lines[1], format!("# start: {start}"));
        for (k, p) in g.played().iter().enumerate() {
            assert_eq!(lines[2 + k], format!("{}. {}({}){}\t{}", k + 1, p.from, p.new_spot, p.to, p.position));
        }
        // Normal play: the last mover wins; misère: loses.
        let last = if moves % 2 == 1 { 1 } else { 2 };
        let w = if misere { 3 - last } else { last };
        assert_eq!(lines[2 + moves], format!("# result: {} (player {w} won)", if w == 1 { "I" } else { "II" }));
        assert_eq!(lines.len(), 3 + moves);

        // Without --surface the file's own "surface" field says it.
        assert_eq!(ok(&["replay", &file]), text);

        let v: Value = serde_json::from_str(&ok(&["replay", "--surface", name, "--json", &file])).unwrap();
        let steps = v.as_array().unwrap();
        assert_eq!(steps.len(), moves);
        for (s, p) in steps.iter().zip(g.played()) {
            assert_eq!(s["position"], p.position.as_str());
            assert_eq!(s["crossings"], p.crossings);
            assert_eq!(s["taken_back"], false);
        }
        let v: Value = serde_json::from_str(&ok(&["replay", "--surface", name, "--json", "--header", &file])).unwrap();
        assert_eq!(v["header"]["surface"], name);
        assert_eq!(v["header"]["result"], w);
        assert_eq!(v["header"]["convention"], if misere { "misere" } else { "normal" });
        assert_eq!(v["moves"].as_array().unwrap().len(), moves);
    }
}

/// A game with a move taken back, from a file on disk and from its share
/// link: the moves past the cursor are checked and marked, the game is
/// not over at the cursor.
#[test]
fn replay_reads_files_links_and_moves_taken_back() {
    let mut g = drawn_game(Surface::Klein, 2, false, 3, 3);
    assert_eq!(g.played().len(), 3);
    g.undo();
    let file = g.to_json();
    let path = std::env::temp_dir().join(format!("sprouts-cli-surface-{}.sprouts.json", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let text = ok(&["replay", "--surface", "klein", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    let p = &g.played()[2];
    assert!(text.contains(&format!("# taken back: 3. {}({}){}\t{}\n", p.from, p.new_spot, p.to, p.position)), "{text}");
    assert!(text.ends_with("# to move: player 1 (the game is not over)\n"), "{text}");

    // The link the page writes: surface, spots, convention, strokes, move shown.
    let f: Value = serde_json::from_str(&file).unwrap();
    let strokes: Vec<String> = f["strokes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_array().unwrap().iter().flat_map(|p| p.as_array().unwrap().iter().map(|x| x.as_f64().unwrap().to_string())).collect::<Vec<_>>().join(","))
        .collect();
    let link = format!("http://localhost/surface.html#surface=klein&n=2&c=normal&s={}&m=2", strokes.join(";"));
    assert_eq!(ok(&["replay", &link]), text);
}

/// A record that is not one, and a stroke that is no move at move k: exit
/// status 2, the move named, nothing printed as if it had worked.
#[test]
fn replay_refuses_bad_records_naming_the_move() {
    let g = drawn_game(Surface::Torus, 2, false, 2, 3);
    let f: Value = serde_json::from_str(&g.to_json()).unwrap();

    let mut bad = f.clone();
    bad["strokes"][1][0] = serde_json::json!([200.0, 1.0]);
    let e = fails(&["replay", "--surface", "torus", &bad.to_string()]);
    assert!(e.contains("move 2 (") && e.contains("not a move"), "{e}");

    let mut bad = f.clone();
    bad["moves"][2] = "9(9)9".into();
    let e = fails(&["replay", "--surface", "torus", &bad.to_string()]);
    assert!(e.contains("move 3: the stroke draws") && e.contains("not 9(9)9"), "{e}");

    let e = fails(&["replay", "--surface", "klein", &f.to_string()]);
    assert!(e.contains("a game on the torus, not the klein"), "{e}");
    let e = fails(&["replay", "--surface", "torus", "{\"format\":1,"]);
    assert!(e.contains("not a surface game file"), "{e}");
    let e = fails(&["replay", "--surface", "torus", "2+ 1(3)2"]);
    assert!(e.contains("neither a surface game file"), "{e}");
    let e = fails(&["replay", "surface.html#surface=torus&n=2&s=1,2,3"]);
    assert!(e.contains("stroke 1 (move 1) is not a list of x,y pairs"), "{e}");
    let e = fails(&["replay", "surface.html#surface=sphere&n=2"]);
    assert!(e.contains("surface \"sphere\""), "{e}");
    let e = fails(&["replay", "--surface", "torus", "surface.html#surface=torus&n=2&s=&m=4"]);
    assert!(e.contains("m=4 is past its 0 moves"), "{e}");
    let e = fails(&["replay", "--surface", "toruss", "x"]);
    assert!(e.contains("invalid value 'toruss'"), "{e}");
}

/// Perfect players against each other: the seat the search says wins the
/// start wins every game, normal and misère; against the random player
/// the perfect first player wins a won start.
#[test]
fn play_on_a_surface_follows_the_solver() {
    for (surface, n) in [(Surface::Torus, 2), (Surface::Klein, 3), (Surface::Projective, 2)] {
        for misere in [false, true] {
            let root = surfaces::canon_of(&SurfacePosition::start(n, surface.genus()).unwrap());
            let first_wins = analysis::analyse(&root, misere, 0, &|| false).unwrap().wins;
            let spots = n.to_string();
            let mut args = vec!["play", "--surface", surface.name(), "--spots", &spots, "--first", "perfect", "--second", "perfect", "--games", "3", "--json"];
            if misere {
                args.push("--misere");
            }
            let v: Value = serde_json::from_str(&ok(&args)).unwrap();
            assert_eq!(v["surface"], surface.name());
            assert_eq!(v["convention"], if misere { "misere" } else { "normal" });
            let (w1, w2) = (v["first"]["wins"].as_u64().unwrap(), v["second"]["wins"].as_u64().unwrap());
            assert_eq!((w1, w2), if first_wins { (3, 0) } else { (0, 3) }, "{surface} n={n} misère={misere}");
            let len = v["meanLength"].as_f64().unwrap();
            assert!(len >= 2.0 * n as f64 && len <= 3.0 * n as f64 - 1.0, "{surface} n={n}: {len} moves");
        }
    }
    let text = ok(&["play", "--surface", "torus", "--spots", "3-4", "--games", "4", "--first", "random", "--second", "heuristic"]);
    assert!(text.starts_with("4 games, 3-4 spots on the torus, normal play, "), "{text}");
    assert!(text.contains("\nfirst   random ") && text.contains("\nsecond  heuristic "), "{text}");
}

/// A node budget too small for the perfect player: it plays on (a random
/// move) rather than stopping the game; bad arguments are refused.
#[test]
fn play_on_a_surface_limits_and_bad_arguments() {
    let v: Value =
        serde_json::from_str(&ok(&["play", "--surface", "klein", "--spots", "6", "--first", "perfect", "--max-nodes", "5", "--games", "2", "--json"])).unwrap();
    assert_eq!(v["first"]["wins"].as_u64().unwrap() + v["second"]["wins"].as_u64().unwrap(), 2);
    let e = fails(&["play", "--surface", "torus", "--spots", "0"]);
    assert!(e.contains("choose 1 to 40 spots"), "{e}");
    let e = fails(&["play", "--surface", "torus", "--spots", "3", "--rules", "brussels"]);
    assert!(e.contains("--surface plays plain Sprouts"), "{e}");
    let e = fails(&["play", "--surface", "torus", "--spots", "3", "--first", "perfekt"]);
    assert!(e.contains("perfekt"), "{e}");
}

/// `--help` of both commands says what --surface does.
#[test]
fn help_names_the_surface_forms() {
    let replay = ok(&["replay", "--help"]);
    assert!(replay.contains("--surface <SURFACE>") && replay.contains("surface.html#surface="), "{replay}");
    assert!(replay.contains("taken_back"), "{replay}");
    // The help's example link is a real game: one move across a glued side.
    let link = replay.lines().find_map(|l| l.trim().strip_prefix("sprouts replay --surface torus '")).expect("an example link");
    let text = ok(&["replay", "--surface", "torus", link.trim_end_matches('\'')]);
    assert!(text.contains("\n1. 1(2)1\t") && text.ends_with("# to move: player 2 (the game is not over)\n"), "{text}");
    let v: Value = serde_json::from_str(&ok(&["replay", "--json", link.trim_end_matches('\'')])).unwrap();
    assert_eq!(v[0]["crossings"], 1);
    let play = ok(&["play", "--help"]);
    assert!(play.contains("--surface <SURFACE>") && play.contains("play --surface torus"), "{play}");
}
