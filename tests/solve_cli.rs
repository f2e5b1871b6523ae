//! `sprouts solve` tells each part as it is proved, and a stopped solve
//! still reports what it proved.

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn only_outcome_stops_after_the_outcome_line() {
    let o = run(&["solve", "--spots", "11", "--only", "outcome"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["position: 0*11.}]!", "convention: normal", "outcome: win for the player to move"]);
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[3].contains(" nodes, table: "), "{out}");
}

#[test]
fn a_full_solve_lists_moves_then_the_nimber() {
    let o = run(&["solve", "--spots", "5"]);
    let out = String::from_utf8_lossy(&o.stdout);
    let at = |s: &str| out.find(s).unwrap_or_else(|| panic!("{s:?} in {out}"));
    assert!(at("outcome: win") < at("winning moves:"));
    assert!(at("  1(6)1[2,3]  -> 0*2.AB.}0*2.AB.}]!") < at("nimber: 1"));
}

#[test]
fn a_limit_keeps_what_was_proved() {
    // Stopped after the outcome (3,805 nodes), before the rest (35,228).
    let v = json(&["solve", "--spots", "11", "--max-nodes", "10000", "--json"]);
    assert_eq!(v["complete"], false);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["nimber"], Value::Null);
    assert_eq!(v["moves_complete"], false);
    assert!(v["winning_moves"].is_array());
    // Stopped before the outcome.
    let v = json(&["solve", "--spots", "11", "--max-nodes", "30", "--json"]);
    assert_eq!((v["complete"].clone(), v["outcome"].clone()), (Value::Bool(false), Value::Null));
    assert_eq!(v["winning_moves"], Value::Null);
    // Complete.
    let v = json(&["solve", "--spots", "5", "--json"]);
    assert_eq!((v["complete"].clone(), v["nimber"].clone()), (Value::Bool(true), Value::from(1)));
    // Text: the lines proved, then the reason on standard error.
    let o = run(&["solve", "--spots", "11", "--max-nodes", "10000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stdout).contains("outcome: win for the player to move"));
    assert!(String::from_utf8_lossy(&o.stderr).contains("stopped by the limit"));
}
