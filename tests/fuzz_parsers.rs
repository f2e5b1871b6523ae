//! No panic on any input. Random strings over each format's alphabet and
//! random mutations (insert, delete, replace, duplicate) of valid strings go
//! to every parser; whatever parses must canonicalise, list its children
//! and print text that parses back to the same position. The CLI gets
//! mutated positions too and must exit 0 or 2 (one line on stderr), never
//! crash.

mod common;

use common::Rng;
use sprouts::text::{parse_glop, parse_hoey, parse_position, parse_spots, HoeyDisplay};
use sprouts::{Canon, Position};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::Command;
use std::time::Instant;

const GLOP_ALPHABET: &[u8] = b"0000111222aabbcAABBC..}}]]!*<>()9";
const SPOTS_ALPHABET: &[u8] = b"0000111222aabbcAABBC...||++!*3";
const HOEY_ALPHABET: &[u8] = b"1122334455667890,,,,;;//. ";

/// Text from the documents and seeds, and positions of random games in
/// every format.
fn valid_strings(rng: &mut Rng) -> Vec<String> {
    let mut out: Vec<String> = [
        "0*5.}]!",
        "0.0.0.0.0.}]!",
        "1aa.AB.}AB.}]0.aaABC.}0.1ab1bcDca.ACB.}D.}]!",
        "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!",
        "0*18|1a1a",
        "<27>1.}<27>2.}]!",
        "(27)1(27).}]!",
        "1;2",
        "1,3,2,3",
        "5,1,3,2,4/5,4,1/4,2,3,1",
        "5,1,3,2,4/5,4,1/6,2,3/6,3,1,4,2.",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for n in 1..=6 {
        for _ in 0..4 {
            let mut p = Position::start(n).unwrap();
            loop {
                let glop = Canon::of(&p).to_string();
                out.push(glop.replace(".}]", "+").replace(".}", "|"));
                out.push(glop);
                out.push(HoeyDisplay(&p).to_string());
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = moves[rng.below(moves.len())].1.clone();
            }
        }
    }
    out
}

fn random_string(rng: &mut Rng, alphabet: &[u8]) -> String {
    let len = rng.range(0, 24);
    (0..len).map(|_| *rng.pick(alphabet) as char).collect()
}

/// One to four random edits; any byte may be inserted, not only ASCII.
fn mutate(rng: &mut Rng, s: &str) -> String {
    const EXTRA: &[char] = &['é', '∗', '\u{0}', '\n', '-', ' '];
    let mut v: Vec<char> = s.chars().collect();
    let any_char = |rng: &mut Rng| {
        if rng.below(8) == 0 {
            *rng.pick(EXTRA)
        } else {
            *rng.pick(b"0123456789abzABZ.}]!|+*<>(),;/") as char
        }
    };
    for _ in 0..rng.range(1, 4) {
        let i = rng.below(v.len() + 1);
        match rng.below(4) {
            0 => v.insert(i, any_char(rng)),
            1 if i < v.len() => {
                v.remove(i);
            }
            2 if i < v.len() => v[i] = any_char(rng),
            _ if i < v.len() => {
                let j = rng.range(i, v.len().min(i + 6));
                let piece: Vec<char> = v[i..j].to_vec();
                v.splice(j..j, piece);
            }
            _ => v.push(any_char(rng)),
        }
    }
    v.into_iter().collect()
}

/// The canonicaliser's cost (not its correctness) grows with the size of a
/// position; `0*9999` parses, but listing its children would take long.
const MAX_SPOTS: usize = 40;

/// Whatever a parser accepted must canonicalise, move and print back.
fn check_parsed(s: &str, p: &Position, from_hoey: bool) {
    if p.spot_count() > MAX_SPOTS {
        return;
    }
    let c = Canon::of(p);
    let glop = c.to_string();
    let q = parse_glop(&glop).unwrap_or_else(|e| panic!("`{s}` prints as `{glop}`, which does not parse: {e}"));
    assert_eq!(Canon::of(&q), c, "`{s}` prints as `{glop}`, which reads back differently");
    assert_eq!(Canon::of(&c.position()), c, "Canon::position of `{glop}`");
    if p.total_lives() <= 24 {
        for child in p.children() {
            assert!(parse_glop(&child.to_string()).is_ok(), "child `{child}` of `{s}` does not parse");
        }
    }
    if from_hoey {
        let h = HoeyDisplay(p).to_string();
        assert_eq!(parse_hoey(&h).as_ref(), Ok(p), "`{s}` prints as Hoey `{h}`, which reads back differently");
    }
}

/// Feeds `s` to every parser; returns how many accepted it.
fn feed(s: &str) -> usize {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut accepted = 0;
        for (r, from_hoey) in [(parse_glop(s), false), (parse_spots(s), false), (parse_hoey(s), true), (parse_position(s), false)] {
            if let Ok(p) = r {
                check_parsed(s, &p, from_hoey);
                accepted += 1;
            }
        }
        accepted
    }));
    result.unwrap_or_else(|_| panic!("input {s:?} made the library panic (message above)"))
}

#[test]
fn parsers_never_panic() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0005);
    let valid = valid_strings(&mut rng);
    let (mut inputs, mut accepted) = (0, 0);
    for s in &valid {
        assert!(feed(s) > 0, "valid input `{s}` was rejected by every parser");
        inputs += 1;
    }
    for alphabet in [GLOP_ALPHABET, SPOTS_ALPHABET, HOEY_ALPHABET] {
        for _ in 0..6000 {
            accepted += feed(&random_string(&mut rng, alphabet)).min(1);
            inputs += 1;
        }
    }
    for _ in 0..30000 {
        let seed = rng.pick(&valid).clone();
        let s = mutate(&mut rng, &seed);
        accepted += feed(&s).min(1);
        inputs += 1;
    }
    eprintln!(
        "fuzz_parsers: {inputs} inputs ({} valid), {accepted} random or mutated ones accepted by a parser ({:.1?})",
        valid.len(),
        t0.elapsed()
    );
}

#[test]
fn cli_never_crashes() {
    let t0 = Instant::now();
    let mut rng = Rng::new(0x5EED_0006);
    let valid = valid_strings(&mut rng);
    let mut runs = 0;
    let mut exits = [0usize; 2];
    while runs < 300 {
        // A third valid, so that both exits are well exercised.
        let seed = rng.pick(&valid).clone();
        let input = if rng.below(3) == 0 { seed } else { mutate(&mut rng, &seed) };
        if input.contains('\u{0}') {
            continue; // not representable as a process argument
        }
        if parse_position(&input).is_ok_and(|p| p.spot_count() > MAX_SPOTS) {
            continue;
        }
        let cmd = if rng.coin() { "canon" } else { "moves" };
        let mut args = vec![cmd, input.as_str()];
        if rng.below(4) == 0 {
            args.push("--json");
        }
        let out = Command::new(env!("CARGO_BIN_EXE_sprouts")).args(&args).output().expect("the CLI runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => {
                exits[0] += 1;
                let stdout = String::from_utf8_lossy(&out.stdout);
                if args.contains(&"--json") {
                    let (open, close) = if cmd == "canon" { ('"', '"') } else { ('[', ']') };
                    let t = stdout.trim();
                    assert!(t.starts_with(open) && t.ends_with(close), "sprouts {args:?} printed {t:?}");
                } else {
                    for line in stdout.lines() {
                        assert!(parse_glop(line).is_ok(), "sprouts {args:?} printed `{line}`, not a position");
                    }
                }
            }
            Some(2) => {
                exits[1] += 1;
                assert!(
                    stderr.ends_with('\n') && stderr.matches('\n').count() == 1,
                    "sprouts {args:?}: the error must be one line, got {stderr:?}"
                );
            }
            other => panic!("sprouts {args:?} ended with {other:?} ({:?}): {stderr}", out.status),
        }
        runs += 1;
    }
    eprintln!(
        "fuzz_parsers: {runs} CLI runs, {} exit 0, {} exit 2 ({:.1?})",
        exits[0],
        exits[1],
        t0.elapsed()
    );
}

/// Minimal case of what `cli_never_crashes` found: the error message quotes
/// the input as it is, so an input with a line break gives a two-line error.
#[test]
fn cli_error_is_one_line_for_input_with_a_line_break() {
    let out = Command::new(env!("CARGO_BIN_EXE_sprouts")).args(["canon", "0\n1"]).output().expect("the CLI runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches('\n').count(), 1, "stderr: {stderr:?}");
}
