//! Proof databases: `sprouts solve --database` writes a certificate that
//! `sprouts verify` accepts, refuses it altered in one fact, and a stopped
//! solve resumed from its database finishes with the same answer and less
//! work.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A fresh file path in a directory of its own: the counter keeps two
/// tests of one process (`cargo test` threads) calling with one name apart.
fn scratch(name: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Under target/tmp (cargo's per-target scratch folder), not /tmp: these
    // folders are kept for a failing run's files and piled up in /tmp.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("sprouts-cert-{}-{k}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("db.txt");
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs `verify` on `text` written to a file: its exit status and stderr.
fn verify_text(name: &str, text: &str, root: &[&str]) -> (bool, String) {
    let p = scratch(name);
    std::fs::write(&p, text).unwrap();
    let mut args = vec!["verify", p.to_str().unwrap()];
    args.extend_from_slice(root);
    let o = run(&args);
    (o.status.success(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// The 9-spot certificate of a full analysis (outcome, moves, nimber).
fn nine() -> (String, Value) {
    let p = scratch("nine");
    let v = json(&["solve", "--spots", "9", "--json", "--database", p.to_str().unwrap()]);
    (std::fs::read_to_string(&p).unwrap(), v)
}

#[test]
fn a_solve_writes_a_certificate_that_verify_accepts() {
    let (text, solved) = nine();
    assert!(text.starts_with("sprouts-certificate 1 normal\n"), "{}", &text[..40]);
    assert_eq!(solved["database_loaded"], 0);
    let facts = text.lines().count() - 1;
    assert_eq!(solved["database_facts"], facts);
    let p = scratch("nine-verify");
    std::fs::write(&p, &text).unwrap();
    let v = json(&["verify", p.to_str().unwrap(), "--spots", "9", "--json"]);
    assert_eq!(v["checked"], facts);
    assert_eq!(v["outcome"], solved["outcome"]);
    assert_eq!(v["outcome"], "win"); // published: n = 9 is a win (9 mod 6 = 3)
    assert_eq!(v["nimber"], solved["nimber"]);
    // The facts do not decide a position they say nothing about.
    let (ok, err) = verify_text("nine-other", &text, &["0*30"]);
    assert!(!ok && err.contains("do not decide"), "{err}");
}

/// The lines of the certificate, and the index of the first line matching.
fn find(lines: &[String], pred: impl Fn(&str) -> bool) -> usize {
    lines.iter().position(|l| pred(l)).expect("a fact of that kind")
}

#[test]
fn a_certificate_altered_in_one_fact_is_refused_naming_it() {
    let (text, _) = nine();
    let lines: Vec<String> = text.lines().map(String::from).collect();
    // A nimber changed: refused, and the changed fact is named.
    for (from, to) in [("N 1 ", "N 2 "), ("N 2 ", "N 0 "), ("N 0 0*", "N 3 0*")] {
        let i = find(&lines, |l| l.starts_with(from));
        let mut altered = lines.clone();
        altered[i] = altered[i].replacen(from, to, 1);
        let (ok, err) = verify_text("nimber", &(altered.join("\n") + "\n"), &["--spots", "9"]);
        assert!(!ok, "{} accepted", altered[i]);
        assert!(err.contains(&format!("line {}: `{}` refused", i + 1, altered[i])), "{}: {err}", altered[i]);
    }
    // A win changed to another heap: refused, named.
    if let Some(i) = lines.iter().position(|l| l.starts_with("W 0 ")) {
        let mut altered = lines.clone();
        altered[i] = altered[i].replacen("W 0 ", "W 5 ", 1);
        let (ok, err) = verify_text("win", &(altered.join("\n") + "\n"), &["--spots", "9"]);
        assert!(!ok && err.contains(&format!("`{}` refused", altered[i])), "{err}");
    }
    // The root's fact removed: the root is no longer decided.
    let root = find(&lines, |l| l.ends_with(" 0*9.}]!"));
    let mut cut = lines.clone();
    cut.remove(root);
    let (ok, err) = verify_text("root", &(cut.join("\n") + "\n"), &["--spots", "9"]);
    assert!(!ok && err.contains("do not decide"), "{err}");
    // A child's facts removed: the root's fact leans on every child of
    // the root (one land each, after the first move), so it is refused.
    let o = run(&["moves", "--spots", "9"]);
    let kids = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut tried = 0;
    for kid in kids.lines().filter(|k| k.matches(']').count() == 1) {
        let cut: Vec<&String> = lines.iter().filter(|l| !l.ends_with(&format!(" {kid}"))).collect();
        if cut.len() == lines.len() {
            continue;
        }
        let cut: Vec<&str> = cut.iter().map(|l| l.as_str()).collect();
        let (ok, err) = verify_text("child", &(cut.join("\n") + "\n"), &["--spots", "9"]);
        assert!(!ok, "accepted without the facts of {kid}");
        assert!(err.contains(&format!("`{}` refused", lines[root])), "{kid}: {err}");
        tried += 1;
    }
    assert!(tried >= 3, "{tried} children tried");
}

#[test]
fn a_stopped_solve_resumed_from_its_database_gives_the_same_answer_with_fewer_nodes() {
    let fresh = json(&["solve", "--spots", "12", "--only", "outcome", "--json"]);
    assert_eq!(fresh["outcome"], "loss"); // published: 12 mod 6 = 0
    let fresh_nodes = fresh["nodes"].as_u64().unwrap();
    let p = scratch("resume");
    let db = p.to_str().unwrap();
    let first = ["solve", "--spots", "12", "--only", "outcome", "--database", db, "--max-nodes"];
    let stop = (fresh_nodes / 2).to_string();
    let mut args = first.to_vec();
    args.extend([stop.as_str(), "--json"]);
    let stopped = json(&args);
    assert_eq!(stopped["outcome"], Value::Null, "stopped before the outcome");
    let saved = stopped["database_facts"].as_u64().unwrap();
    assert!(saved > 0);
    let resumed = json(&["solve", "--spots", "12", "--only", "outcome", "--database", db, "--json"]);
    assert_eq!(resumed["database_loaded"], saved);
    assert_eq!(resumed["outcome"], fresh["outcome"]);
    let nodes = resumed["nodes"].as_u64().unwrap();
    assert!(nodes < fresh_nodes, "resumed {nodes} nodes, fresh {fresh_nodes}");
    // Run again, it proves nothing new: no node at all.
    let again = json(&["solve", "--spots", "12", "--only", "outcome", "--database", db, "--json"]);
    assert_eq!(again["nodes"], 0);
    // And what the two runs proved together is a certificate.
    let v = json(&["verify", db, "--spots", "12", "--json"]);
    assert_eq!(v["outcome"], "loss");
}

#[test]
fn files_that_are_not_certificates_are_refused_with_their_line() {
    let (ok, err) = verify_text("empty", "", &[]);
    assert!(!ok && err.contains("line 1"), "{err}");
    let (ok, err) = verify_text("version", "sprouts-certificate 9 normal\n", &[]);
    assert!(!ok && err.contains("version"), "{err}");
    let (ok, err) = verify_text("land", "sprouts-certificate 1 normal\nN 0 0.}]!\nN 1 0*2.}]\n", &[]);
    assert!(!ok && err.contains("line 3"), "{err}");
    let (ok, err) = verify_text("kind", "sprouts-certificate 1 normal\nN 0 0.}]!\n", &["--misere"]);
    assert!(!ok && err.contains("misère"), "{err}");
    // Contradicting facts.
    let (ok, err) = verify_text("twice", "sprouts-certificate 1 normal\nN 0 0.}]!\nN 1 0.}]!\n", &[]);
    assert!(!ok && err.contains("line 3"), "{err}");
}

#[test]
fn misere_certificates_verify_and_refuse_an_altered_fact() {
    let p = scratch("misere");
    let db = p.to_str().unwrap();
    let solved = json(&["solve", "--spots", "9", "--misere", "--only", "outcome", "--json", "--database", db]);
    assert_eq!(solved["outcome"], "loss"); // A164950: n = 9 is a misère loss
    let v = json(&["verify", db, "--spots", "9", "--misere", "--json"]);
    assert_eq!(v["outcome"], "loss");
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.starts_with("sprouts-certificate 1 misere\n"));
    let lines: Vec<String> = text.lines().map(String::from).collect();
    // A land's tree changed to another: refused, named.
    let i = find(&lines, |l| l.starts_with("M 2 "));
    let mut altered = lines.clone();
    altered[i] = altered[i].replacen("M 2 ", "M 3 ", 1);
    let (ok, err) = verify_text("m-tree", &(altered.join("\n") + "\n"), &["--spots", "9", "--misere"]);
    assert!(!ok && err.contains(&format!("`{}` refused", altered[i])), "{err}");
    // A lost sum's parity flipped: a sum and that sum plus *1 are never
    // both lost (taking the *1 moves from one to the other).
    let i = find(&lines, |l| l.starts_with("L 0 "));
    let mut altered = lines.clone();
    altered[i] = altered[i].replacen("L 0 ", "L 1 ", 1);
    let (ok, err) = verify_text("m-parity", &(altered.join("\n") + "\n"), &["--spots", "9", "--misere"]);
    assert!(!ok && err.contains("REFUSED"), "{err}");
    // The root's lost fact removed: still a loss, derived from the
    // children's facts (each child won by a move to a listed lost sum);
    // without the lost sums too, undecided (`a_pruned_misere_…`).
    let root = find(&lines, |l| l == "L 0 - 0*9.}]!");
    let mut cut = lines.clone();
    cut.remove(root);
    let no_root = scratch("m-root");
    std::fs::write(&no_root, cut.join("\n") + "\n").unwrap();
    assert_eq!(json(&["verify", no_root.to_str().unwrap(), "--spots", "9", "--misere", "--json"])["outcome"], "loss");
    // Checked as normal play: refused.
    let (ok, err) = verify_text("m-normal", &text, &["--spots", "9"]);
    assert!(!ok && err.contains("misère"), "{err}");
}

/// Misère certificates are pruned too: trees and lands' trees kept, lost
/// sums only where the root's proof walks; fewer facts, the same outcome,
/// and the root's fact still needed.
#[test]
fn a_pruned_misere_certificate_verifies() {
    let p = scratch("m-prune-full");
    let out = scratch("m-prune-out");
    let (db, pruned) = (p.to_str().unwrap(), out.to_str().unwrap());
    json(&["solve", "--spots", "9", "--misere", "--only", "outcome", "--json", "--database", db]);
    let v = json(&["verify", db, "--spots", "9", "--misere", "--json", "--prune", pruned]);
    let (kept, all) = (v["facts"].as_u64().unwrap(), v["pruned_from"].as_u64().unwrap());
    assert!(kept > 0 && kept < all, "{v}");
    assert_eq!(v["outcome"], "loss"); // A164950: n = 9 is a misère loss
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("sprouts-certificate 1 misere\n"), "{}", &text[..40]);
    let full = std::fs::read_to_string(&p).unwrap();
    let trees = |t: &str| t.lines().filter(|l| l.starts_with("T ") || l.starts_with("M ")).count();
    assert_eq!(trees(&text), trees(&full));
    let again = json(&["verify", pruned, "--spots", "9", "--misere", "--json"]);
    assert_eq!((again["facts"].as_u64(), &again["outcome"]), (Some(kept), &v["outcome"]));
    // The root's lost fact is kept; without it the loss still follows
    // from the kept answers to its moves (each move leads to a sum one
    // move from a listed lost sum), and without those too, nothing does.
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let root = find(&lines, |l| l == "L 0 - 0*9.}]!");
    let mut cut = lines.clone();
    cut.remove(root);
    let no_root = scratch("m-prune-root");
    std::fs::write(&no_root, cut.join("\n") + "\n").unwrap();
    let v = json(&["verify", no_root.to_str().unwrap(), "--spots", "9", "--misere", "--json"]);
    assert_eq!(v["outcome"], "loss", "{v}");
    cut.retain(|l| !l.starts_with("L "));
    let (ok, err) = verify_text("m-prune-lost", &(cut.join("\n") + "\n"), &["--spots", "9", "--misere"]);
    assert!(!ok && err.contains("do not decide"), "{err}");
}

/// Every land of a misère certificate written in its exact canonical form
/// instead of the solver's quick one: `verify` looks lands up by their
/// canonical forms, so the facts still prove the root, however written
/// (the solver's misère search tries one move per class of symmetric
/// moves, and may meet another writing of a child than the checker's
/// generator); and a land's tree altered is still refused, named.
#[test]
fn a_misere_certificate_verifies_however_its_lands_are_written() {
    let p = scratch("m-rewritten");
    let db = p.to_str().unwrap();
    json(&["solve", "--spots", "10", "--misere", "--only", "outcome", "--json", "--database", db]);
    let text = std::fs::read_to_string(&p).unwrap();
    let exact = |land: &str| sprouts::Canon::of(&sprouts::text::parse_position(land).unwrap()).to_string();
    let mut changed = 0;
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            let first_land = match words[0] {
                "M" => 2,
                "L" => 3,
                _ => return l.to_string(),
            };
            let mut out: Vec<String> = words[..first_land].iter().map(|w| w.to_string()).collect();
            for w in &words[first_land..] {
                let e = exact(w);
                changed += usize::from(e != *w);
                out.push(e);
            }
            out.join(" ")
        })
        .collect();
    assert!(changed > 0, "no land of the certificate is written otherwise than its canonical form");
    let (ok, err) = verify_text("m-rewritten-v", &(lines.join("\n") + "\n"), &["--spots", "10", "--misere"]);
    assert!(ok, "{err}");
    let i = find(&lines, |l| l.starts_with("M 2 "));
    let mut altered = lines.clone();
    altered[i] = altered[i].replacen("M 2 ", "M 3 ", 1);
    let (ok, err) = verify_text("m-rewritten-a", &(altered.join("\n") + "\n"), &["--spots", "10", "--misere"]);
    assert!(!ok && err.contains(&format!("`{}` refused", altered[i])), "{err}");
}

#[test]
fn a_stopped_misere_solve_resumes_with_fewer_nodes() {
    let fresh = json(&["solve", "--spots", "10", "--misere", "--only", "outcome", "--json"]);
    assert_eq!(fresh["outcome"], "win"); // A164950
    let fresh_nodes = fresh["nodes"].as_u64().unwrap();
    let p = scratch("misere-resume");
    let db = p.to_str().unwrap();
    let stop = (fresh_nodes / 2).to_string();
    let base = ["solve", "--spots", "10", "--misere", "--only", "outcome", "--json", "--database", db];
    let mut args = base.to_vec();
    args.extend(["--max-nodes", stop.as_str()]);
    assert_eq!(json(&args)["outcome"], Value::Null);
    let resumed = json(&base);
    assert_eq!(resumed["outcome"], "win");
    assert!(resumed["nodes"].as_u64().unwrap() < fresh_nodes, "{resumed}");
    let v = json(&["verify", db, "--spots", "10", "--misere", "--json"]);
    assert_eq!(v["outcome"], "win");
}

#[test]
fn spots_databases_are_written_and_read_back() {
    let p = scratch("spots");
    let db = p.to_str().unwrap();
    let base = ["solve", "--spots", "9", "--json", "--database", db, "--format", "spots"];
    let first = json(&base);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.starts_with("[Positions+Nimber]\n0 0\n"), "{}", &text[..40]);
    // Lands in SPOTS' dialect with their nimbers: the 9-spot start's among them.
    assert!(text.lines().any(|l| l == format!("0*9 {}", first["nimber"])), "no line for 0*9");
    let again = json(&base);
    assert!(again["database_loaded"].as_u64().unwrap() > 100);
    assert!(again["nodes"].as_u64().unwrap() < first["nodes"].as_u64().unwrap() / 10, "{again}");
    assert_eq!(again["nimber"], first["nimber"]);
    // Misère has no SPOTS format.
    let o = run(&["solve", "--spots", "5", "--misere", "--database", db, "--format", "spots"]);
    assert!(!o.status.success());
}

/// A database that cannot be written is refused before the search starts
/// (a long solve must not learn it at its first save).
#[test]
fn an_unwritable_database_is_refused_before_solving() {
    let dir = scratch("unwritable");
    let path = dir.parent().unwrap().join("no-such-folder").join("db.txt");
    let out = run(&["solve", "--spots", "30", "--only", "outcome", "--database", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("database") && err.contains("no-such-folder"), "{err}");
    // Nothing was solved: 30 spots would take minutes.
    assert!(String::from_utf8_lossy(&out.stdout).is_empty());
}

/// SPOTS leaves the small lands it settles on the fly out of its
/// databases: `verify --format spots` works their nimbers out by the mex
/// rule, and still refuses a wrong nimber; our own format does not (there
/// a missing fact is an error in the certificate).
#[test]
fn spots_databases_without_their_small_lands_verify_by_the_mex_rule() {
    let spots = ["--spots", "4", "--format", "spots", "--json"];
    // 0*4 has nimber 1 (`sprouts solve --spots 4`); no other line.
    let p = scratch("spots-root-only");
    std::fs::write(&p, "[Positions+Nimber]\n0*4 1\n").unwrap();
    let mut args = vec!["verify", p.to_str().unwrap()];
    args.extend_from_slice(&spots);
    let v = json(&args);
    assert_eq!(v["outcome"], "win", "{v}");
    assert_eq!(v["nimber"], 1, "{v}");
    assert!(v["derived"].as_u64().unwrap() > 5, "{v}");
    // A wrong nimber is refused, naming the fact.
    let (ok, err) = verify_text("spots-wrong", "[Positions+Nimber]\n0*4 2\n", &spots[..4]);
    assert!(!ok && err.contains("`N 2 0*4.}]!` refused"), "{err}");
    // Our format keeps requiring every fact.
    let (ok, err) = verify_text("spots-ours", "sprouts-certificate 1 normal\nN 1 0*4.}]!\n", &["--spots", "4"]);
    assert!(!ok && err.contains("refused"), "{err}");
}

/// `verify --prune OUT` keeps only the facts of the root's proof: fewer
/// facts, the same outcome, and the pruned certificate still refuses an
/// altered or a removed fact.
#[test]
fn a_pruned_certificate_verifies_and_refuses_an_altered_fact() {
    let p = scratch("prune-full");
    let out = scratch("prune-out");
    let (db, pruned) = (p.to_str().unwrap(), out.to_str().unwrap());
    json(&["solve", "--spots", "9", "--only", "outcome", "--json", "--database", db]);
    let v = json(&["verify", db, "--spots", "9", "--json", "--prune", pruned]);
    let (kept, all) = (v["facts"].as_u64().unwrap(), v["pruned_from"].as_u64().unwrap());
    assert!(kept > 0 && kept < all, "{v}");
    assert_eq!(v["outcome"], "win");
    let again = json(&["verify", pruned, "--spots", "9", "--json"]);
    assert_eq!((again["facts"].as_u64(), &again["outcome"]), (Some(kept), &v["outcome"]));
    let lines: Vec<String> = std::fs::read_to_string(&out).unwrap().lines().map(String::from).collect();
    // The root's fact removed.
    let root = find(&lines, |l| l.ends_with(" 0*9.}]!"));
    let mut cut = lines.clone();
    cut.remove(root);
    let (ok, err) = verify_text("prune-root", &(cut.join("\n") + "\n"), &["--spots", "9"]);
    assert!(!ok && err.contains("do not decide"), "{err}");
    // A nimber altered.
    let i = find(&lines, |l| l.starts_with("N 1 "));
    let mut altered = lines.clone();
    altered[i] = altered[i].replacen("N 1 ", "N 2 ", 1);
    let (ok, err) = verify_text("prune-nimber", &(altered.join("\n") + "\n"), &["--spots", "9"]);
    assert!(!ok && err.contains("refused"), "{err}");
}

/// Solves the n-spot start with a database under `option value`
/// (`--rules brussels`, `--surface klein`): (its path, the certificate's
/// text, the solve's JSON). `extra`: `--misere`, `--start crosses`, ...
fn solve_under(option: &str, value: &str, name: &str, n: u32, extra: &[&str]) -> (PathBuf, String, Value) {
    let p = scratch(name);
    let spots = n.to_string();
    let mut args = vec!["solve", option, value, "--spots", spots.as_str(), "--json", "--database", p.to_str().unwrap()];
    args.extend_from_slice(extra);
    let v = json(&args);
    (p.clone(), std::fs::read_to_string(&p).unwrap(), v)
}

/// `verify FILE option value --spots N --json`: (accepted, stdout JSON or stderr).
fn verify_under(path: &std::path::Path, option: &str, value: &str, n: u32, extra: &[&str]) -> (bool, String) {
    let spots = n.to_string();
    let mut args = vec!["verify", path.to_str().unwrap(), option, value, "--spots", spots.as_str(), "--json"];
    args.extend_from_slice(extra);
    let o = run(&args);
    let text = if o.status.success() { &o.stdout } else { &o.stderr };
    (o.status.success(), String::from_utf8_lossy(text).into_owned())
}

/// A variant start solved with a database (see [`solve_under`]).
fn variant(name: &str, rules: &str, n: u32, extra: &[&str]) -> (PathBuf, String, Value) {
    solve_under("--rules", rules, name, n, extra)
}

/// `verify` of a variant certificate (see [`verify_under`]).
fn verify_variant(path: &std::path::Path, rules: &str, n: u32, extra: &[&str]) -> (bool, String) {
    verify_under(path, "--rules", rules, n, extra)
}

/// Certificates under other rules (issue 37): the header names the rules,
/// `verify` checks every fact with that variant's move generator and finds
/// the solve's outcome, which is also the one known independently
/// (Brussels Sprouts: 5n − 2 moves, so normal play is a win exactly when
/// n is odd and misère exactly when n is even; the others as the
/// reference engine found them, docs/variants.md).
#[test]
fn variant_certificates_name_their_rules_and_verify() {
    let cases: [(&str, u32, &[&str], &str); 9] = [
        ("brussels", 3, &[], "win"),
        ("brussels", 2, &[], "loss"),
        ("brussels", 2, &["--misere"], "win"),
        ("dots-or-crosses", 3, &[], "win"),
        ("dots-or-crosses", 4, &[], "loss"),
        ("dots-or-crosses", 4, &["--misere"], "loss"),
        ("dots-or-crosses", 3, &["--start", "crosses", "--misere"], "win"),
        ("weeds", 4, &[], "loss"),
        ("weeds", 3, &["--misere"], "loss"),
    ];
    for (rules, n, extra, outcome) in cases {
        let (path, text, solved) = variant(rules, rules, n, extra);
        let conv = if extra.contains(&"--misere") { "misere" } else { "normal" };
        assert!(text.starts_with(&format!("sprouts-certificate 1 {conv} rules={rules}\n")), "{}", &text[..60.min(text.len())]);
        assert_eq!(solved["outcome"], outcome, "{rules} {n} {extra:?}: {solved}");
        assert_eq!(solved["database_facts"], text.lines().count() - 1);
        let (ok, out) = verify_variant(&path, rules, n, extra);
        assert!(ok, "{rules} {n} {extra:?}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!((v["outcome"].as_str(), v["rules"].as_str()), (Some(outcome), Some(rules)), "{rules} {n} {extra:?}: {v}");
        assert_eq!(v["checked"], solved["database_facts"]);
    }
}

#[test]
fn a_variant_certificate_is_checked_under_its_own_rules_and_refuses_an_altered_fact() {
    let (path, text, _) = variant("doc4", "dots-or-crosses", 4, &[]);
    let lines: Vec<String> = text.lines().map(String::from).collect();
    // Without --rules (plain Sprouts asked) or with others: refused, saying why.
    let (ok, err) = verify_text("doc4-plain", &text, &["--spots", "4"]);
    assert!(!ok && err.contains("--rules dots-or-crosses"), "{err}");
    let (ok, err) = verify_variant(&path, "weeds", 4, &[]);
    assert!(!ok && err.contains("--rules dots-or-crosses"), "{err}");
    // The same facts said to be Weeds': checked with Weeds' moves, refused.
    let weeds = text.replacen("rules=dots-or-crosses", "rules=weeds", 1);
    let (ok, err) = verify_text("doc4-weeds", &weeds, &["--rules", "weeds", "--spots", "4"]);
    assert!(!ok && err.contains("REFUSED") && err.contains("refused"), "{err}");
    let at = ["--rules", "dots-or-crosses", "--spots", "4"];
    // A nimber changed: refused, the fact named by its line.
    for (from, to) in [("N 1 ", "N 2 "), ("N 0 ", "N 1 ")] {
        let i = find(&lines, |l| l.starts_with(from));
        let mut altered = lines.clone();
        altered[i] = altered[i].replacen(from, to, 1);
        let (ok, err) = verify_text("doc4-nimber", &(altered.join("\n") + "\n"), &at);
        assert!(!ok && err.contains(&format!("line {}: `{}` refused", i + 1, altered[i])), "{}: {err}", altered[i]);
    }
    // The root's fact removed: undecided.
    let root = find(&lines, |l| l.ends_with(" 0*4.}]!"));
    let mut cut = lines.clone();
    cut.remove(root);
    let (ok, err) = verify_text("doc4-root", &(cut.join("\n") + "\n"), &at);
    assert!(!ok && err.contains("do not decide"), "{err}");
    // A child's facts removed: the root's fact leans on every child.
    let o = run(&["moves", "--rules", "dots-or-crosses", "--spots", "4"]);
    let kids = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut tried = 0;
    for kid in kids.lines().filter(|k| k.matches(']').count() == 1) {
        let cut: Vec<&str> = lines.iter().filter(|l| !l.ends_with(&format!(" {kid}"))).map(|l| l.as_str()).collect();
        if cut.len() == lines.len() {
            continue;
        }
        let (ok, err) = verify_text("doc4-child", &(cut.join("\n") + "\n"), &at);
        assert!(!ok && err.contains(&format!("`{}` refused", lines[root])), "{kid}: {err}");
        tried += 1;
    }
    assert!(tried >= 3, "{tried} children tried");
}

/// The lands of a lost fact (`0.}]! 0*2.}]!`) as one position (`0.}]0*2.}]!`).
fn as_position(lands: &str) -> String {
    lands.split(' ').map(|l| l.trim_end_matches('!')).collect::<String>() + "!"
}

#[test]
fn a_variant_misere_certificate_refuses_a_false_loss() {
    // Dots-or-crosses from 3 dots, misère: a win (docs/variants.md).
    let (path, text, solved) = variant("doc3m", "dots-or-crosses", 3, &["--misere"]);
    assert_eq!(solved["outcome"], "win");
    let at = ["--rules", "dots-or-crosses", "--spots", "3", "--misere"];
    assert!(verify_variant(&path, "dots-or-crosses", 3, &["--misere"]).0);
    let lines: Vec<String> = text.lines().map(String::from).collect();
    assert!(lines[1..].iter().all(|l| l.starts_with("L 0 - ")), "lost positions only");
    // The start said lost: refused, named (it has a move to a lost position).
    let mut added = lines.clone();
    added.push("L 0 - 0*3.}]!".into());
    let (ok, err) = verify_text("doc3m-false", &(added.join("\n") + "\n"), &at);
    assert!(!ok && err.contains(&format!("line {}: `L 0 - 0*3.}}]!` refused", added.len())), "{err}");
    // The lost positions the winning moves reach removed: undecided.
    let winning: Vec<String> = solved["winning_moves"].as_array().unwrap().iter().map(|w| w.as_str().unwrap().to_string()).collect();
    assert!(!winning.is_empty());
    let cut: Vec<&str> = lines
        .iter()
        .filter(|l| !winning.iter().any(|w| l.strip_prefix("L 0 - ").is_some_and(|ls| as_position(ls) == *w)))
        .map(|l| l.as_str())
        .collect();
    assert!(cut.len() < lines.len(), "the winning moves' facts are there");
    let (ok, err) = verify_text("doc3m-cut", &(cut.join("\n") + "\n"), &at);
    assert!(!ok && (err.contains("do not decide") || err.contains("refused")), "{err}");
}

/// Solves `base` (a `solve … --json` command line) fresh, then again with
/// a database stopped at half the fresh nodes (exit 2, facts saved), then
/// resumed from it: the same outcome and winning moves in fewer nodes, and
/// the facts of the two runs together pass `verify` with `verify_args`
/// (the database's path is put after `verify`). Returns the database.
fn stop_and_resume(name: &str, base: &[&str], verify_args: &[&str]) -> PathBuf {
    let fresh = json(base);
    let fresh_nodes = fresh["nodes"].as_u64().unwrap();
    let p = scratch(name);
    let db = p.to_str().unwrap();
    let stop = (fresh_nodes / 2).to_string();
    let mut args = base.to_vec();
    args.extend(["--database", db, "--max-nodes", stop.as_str()]);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2), "stopped by the limit");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("facts saved") && err.contains("run again to resume"), "{err}");
    let saved = std::fs::read_to_string(&p).unwrap().lines().count() - 1;
    assert!(saved > 0);
    let mut args = base.to_vec();
    args.extend(["--database", db]);
    let resumed = json(&args);
    assert_eq!(resumed["database_loaded"], saved);
    assert_eq!(resumed["outcome"], fresh["outcome"]);
    assert_eq!(resumed["winning_moves"], fresh["winning_moves"]);
    let nodes = resumed["nodes"].as_u64().unwrap();
    assert!(nodes < fresh_nodes, "{base:?}: resumed {nodes} nodes, fresh {fresh_nodes}");
    // The facts of the two runs together are a certificate.
    let mut v = vec!["verify", db];
    v.extend_from_slice(verify_args);
    assert_eq!(json(&v)["outcome"], fresh["outcome"]);
    p
}

#[test]
fn a_stopped_variant_solve_resumes_from_its_database_with_fewer_nodes() {
    for extra in [&[][..], &["--misere"][..]] {
        let rules = ["--rules", "dots-or-crosses", "--start", "crosses", "--spots", "4", "--json"];
        let mut base = vec!["solve"];
        base.extend_from_slice(&rules);
        base.extend_from_slice(extra);
        let mut v = rules.to_vec();
        v.extend_from_slice(extra);
        stop_and_resume("doc-resume", &base, &v);
    }
}

#[test]
fn databases_that_cannot_hold_the_game_are_refused() {
    let p = scratch("refused");
    let db = p.to_str().unwrap();
    // A database of other rules or the other convention.
    json(&["solve", "--rules", "weeds", "--spots", "3", "--json", "--database", db]);
    for other in [&["--rules", "brussels", "--spots", "2"][..], &["--rules", "weeds", "--spots", "3", "--misere"][..]] {
        let mut args = vec!["solve", "--database", db];
        args.extend_from_slice(other);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{other:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("holds"), "{}", String::from_utf8_lossy(&o.stderr));
    }
    // SPOTS' format under other rules, surfaces and (p, q): not written,
    // and the database is left as it was.
    let before = std::fs::read(&p).unwrap();
    let o = run(&["solve", "--rules", "weeds", "--spots", "3", "--database", db, "--format", "spots"]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--format spots"));
    let o = run(&["solve", "--surface", "torus", "--spots", "2", "--database", db]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("holds facts of weeds"), "{}", String::from_utf8_lossy(&o.stderr));
    // On a surface: a position (the header names the start's surface,
    // which a position does not tell) and SPOTS' format.
    let o = run(&["solve", "0*3.@1}]!", "--database", db]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--spots N"), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["solve", "--surface", "klein", "--spots", "2", "--database", db, "--format", "spots"]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--format spots"), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["solve", "--rules", "pq:3,2", "--spots", "2", "--database", db]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("(p, q) Sprouts"), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&p).unwrap(), before);
    // A header field this build does not know.
    let (ok, err) = verify_text("field", "sprouts-certificate 1 normal colour=red\nN 0 0.}]!\n", &[]);
    assert!(!ok && err.contains("unknown header field"), "{err}");
}

/// From an odd number of crosses the first player wins normal play by
/// splitting the crosses into two equal lands G + G and copying
/// (docs/variants.md). The checker sees it with one fact: `W 0` of the
/// start holds because one child is two identical lands, which cancel.
/// The same line for an even n is refused, and so is a mirror claimed for
/// a plain Sprouts start.
#[test]
fn one_fact_certifies_an_odd_number_of_crosses() {
    let crosses = |n: usize| "2222.".repeat(n) + "}]!";
    for (rules, n, ok) in [("dots-or-crosses", 7, true), ("brussels", 7, true), ("dots-or-crosses", 6, false)] {
        let text = format!("sprouts-certificate 1 normal rules={rules}\nW 0 {}\n", crosses(n));
        let spots = n.to_string();
        let (accepted, out) = verify_text("mirror", &text, &["--rules", rules, "--start", "crosses", "--spots", &spots, "--json"]);
        assert_eq!(accepted, ok, "{rules} {n}: {out}");
        if !ok {
            assert!(out.contains(&format!("line 2: `W 0 {}` refused", crosses(n))), "{out}");
        }
    }
    let (accepted, out) = verify_text("mirror-plain", "sprouts-certificate 1 normal\nW 0 0*3.}]!\n", &["--spots", "3"]);
    assert!(!accepted && out.contains("refused"), "{out}");
}

/// The n-spot start on a surface solved with a database (see [`solve_under`]).
fn on_surface(name: &str, surface: &str, n: u32, extra: &[&str]) -> (PathBuf, String, Value) {
    solve_under("--surface", surface, name, n, extra)
}

/// `verify FILE --surface S --spots N --json` (see [`verify_under`]).
fn verify_surface(path: &std::path::Path, surface: &str, n: u32, extra: &[&str]) -> (bool, String) {
    verify_under(path, "--surface", surface, n, extra)
}

/// Certificates of Sprouts on surfaces (issue 37): the header names the
/// surface, the lands carry their regions' genus, and `verify` checks
/// every fact with the surfaces' move generator and finds the solve's
/// outcome. The outcomes are known independently: on the torus the
/// plane's published ones (Lemoine and Viennot found orientable surfaces
/// to play as the plane), elsewhere those of the plain whole-position
/// search (tests/surfaces.rs, `start_outcomes_unchanged`).
#[test]
fn surface_certificates_name_their_surface_and_verify() {
    let cases: [(&str, u32, &[&str], &str); 7] = [
        ("torus", 5, &[], "win"),
        ("torus", 6, &[], "loss"),
        ("projective", 5, &[], "loss"),
        ("klein", 5, &[], "loss"),
        ("torus", 4, &["--misere"], "loss"),
        ("projective", 4, &["--misere"], "win"),
        ("klein", 5, &["--misere"], "win"),
    ];
    for (surface, n, extra, outcome) in cases {
        let (path, text, solved) = on_surface(surface, surface, n, extra);
        let conv = if extra.contains(&"--misere") { "misere" } else { "normal" };
        assert!(text.starts_with(&format!("sprouts-certificate 1 {conv} surface={surface}\n")), "{}", &text[..60.min(text.len())]);
        let genus = match surface {
            "torus" => "@1}",
            "projective" => "@-1}",
            _ => "@-2}",
        };
        assert!(text.contains(&format!("{genus}]!")), "lands written with their genus: {surface} {n}");
        assert_eq!(solved["outcome"], outcome, "{surface} {n} {extra:?}: {solved}");
        assert_eq!(solved["database_facts"], text.lines().count() - 1);
        let (ok, out) = verify_surface(&path, surface, n, extra);
        assert!(ok, "{surface} {n} {extra:?}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!((v["outcome"].as_str(), v["surface"].as_str()), (Some(outcome), Some(surface)), "{surface} {n} {extra:?}: {v}");
        assert_eq!(v["checked"], solved["database_facts"]);
    }
}

#[test]
fn a_surface_certificate_is_checked_on_its_own_surface_and_refuses_an_altered_fact() {
    let (path, text, _) = on_surface("t5", "torus", 5, &[]);
    let lines: Vec<String> = text.lines().map(String::from).collect();
    // Checked on the plane or on another surface: refused, saying why.
    let (ok, err) = verify_text("t5-plane", &text, &["--spots", "5"]);
    assert!(!ok && err.contains("checked on the plane") && err.contains("--surface torus"), "{err}");
    let (ok, err) = verify_surface(&path, "klein", 5, &[]);
    assert!(!ok && err.contains("--surface torus"), "{err}");
    // The same facts with the header of the plane: their lands are not
    // plane lands, refused by line.
    let plane = text.replacen(" surface=torus", "", 1);
    let (ok, err) = verify_text("t5-as-plane", &plane, &["--spots", "5"]);
    assert!(!ok && err.contains(": line "), "{err}");
    // Said to be the Klein bottle's: the torus start is not a fact about it.
    let klein = text.replacen("surface=torus", "surface=klein", 1);
    let (ok, err) = verify_text("t5-klein", &klein, &["--surface", "klein", "--spots", "5"]);
    assert!(!ok && err.contains("do not decide"), "{err}");
    // A plane certificate checked on a surface: refused.
    let plane_cert = scratch("p5");
    json(&["solve", "--spots", "5", "--json", "--database", plane_cert.to_str().unwrap()]);
    let (ok, err) = verify_surface(&plane_cert, "torus", 5, &[]);
    assert!(!ok && err.contains("a certificate of the plane"), "{err}");
    let at = ["--surface", "torus", "--spots", "5"];
    // A nimber changed: refused, the fact named by its line.
    let mut tried = 0;
    for (from, to) in [("N 1 ", "N 2 "), ("N 0 ", "N 1 "), ("N 2 ", "N 0 ")] {
        let Some(i) = lines.iter().position(|l| l.starts_with(from)) else { continue };
        let mut altered = lines.clone();
        altered[i] = altered[i].replacen(from, to, 1);
        let (ok, err) = verify_text("t5-nimber", &(altered.join("\n") + "\n"), &at);
        assert!(!ok && err.contains(&format!("line {}: `{}` refused", i + 1, altered[i])), "{}: {err}", altered[i]);
        tried += 1;
    }
    assert!(tried >= 2, "{tried} nimbers changed");
    // The root's fact removed: undecided.
    let root = find(&lines, |l| l.ends_with(" 0*5.@1}]!"));
    let mut cut = lines.clone();
    cut.remove(root);
    let (ok, err) = verify_text("t5-root", &(cut.join("\n") + "\n"), &at);
    assert!(!ok && err.contains("do not decide"), "{err}");
    // A child's facts removed: the root's fact leans on its children
    // (a win on one that is lost, or, for a nimber, on all of them).
    let o = run(&["moves", "--surface", "torus", "--spots", "5"]);
    let kids = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(kids.lines().count() > 3, "{kids}");
    let mut refused = 0;
    for kid in kids.lines().filter(|k| k.matches(']').count() == 1) {
        let cut: Vec<&str> = lines.iter().filter(|l| !l.ends_with(&format!(" {kid}"))).map(|l| l.as_str()).collect();
        if cut.len() == lines.len() {
            continue;
        }
        let (ok, err) = verify_text("t5-child", &(cut.join("\n") + "\n"), &at);
        if !ok {
            assert!(err.contains("refused") || err.contains("do not decide"), "{kid}: {err}");
            refused += 1;
        }
    }
    assert!(refused >= 1, "no child's facts were needed");
}

#[test]
fn a_surface_misere_certificate_refuses_an_altered_fact() {
    let (_, text, solved) = on_surface("k5m", "klein", 5, &["--misere"]);
    assert_eq!(solved["outcome"], "win");
    let at = ["--surface", "klein", "--spots", "5", "--misere"];
    let lines: Vec<String> = text.lines().map(String::from).collect();
    // A land's tree changed to another: refused, named.
    let i = find(&lines, |l| l.starts_with("M 2 "));
    let mut altered = lines.clone();
    altered[i] = altered[i].replacen("M 2 ", "M 3 ", 1);
    let (ok, err) = verify_text("k5m-tree", &(altered.join("\n") + "\n"), &at);
    assert!(!ok && err.contains(&format!("`{}` refused", altered[i])), "{err}");
    // Checked as normal play: refused.
    let (ok, err) = verify_text("k5m-normal", &text, &["--surface", "klein", "--spots", "5"]);
    assert!(!ok && err.contains("misère"), "{err}");
    // The start said lost: refused (it is a win), named by its line.
    let mut added = lines.clone();
    added.push("L 0 - 0*5.@-2}]!".into());
    let (ok, err) = verify_text("k5m-false", &(added.join("\n") + "\n"), &at);
    assert!(!ok && err.contains(&format!("line {}: `L 0 - 0*5.@-2}}]!` refused", added.len())), "{err}");
}

#[test]
fn a_stopped_surface_solve_resumes_from_its_database_with_fewer_nodes() {
    for (surface, n, extra) in [("klein", "6", &[][..]), ("projective", "5", &["--misere"][..])] {
        let game = ["--surface", surface, "--spots", n, "--json"];
        let mut base = vec!["solve"];
        base.extend_from_slice(&game);
        base.extend_from_slice(extra);
        let mut v = game.to_vec();
        v.extend_from_slice(extra);
        let p = stop_and_resume("surface-resume", &base, &v);
        let db = p.to_str().unwrap();
        // A database of this surface is refused by another surface's solve.
        let o = run(&["solve", "--surface", "torus", "--spots", n, "--database", db]);
        assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("holds"), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

/// The children of a start solved one by one, each with its own database,
/// merge (`sprouts merge`) into a certificate of the start that `verify`
/// accepts, and from which the start is solved in a few nodes.
fn children_merge(n: &str, misere: bool, outcome: &str) {
    let conv: &[&str] = if misere { &["--misere"] } else { &[] };
    let o = run(&["moves", "--spots", n]);
    let children: Vec<String> = String::from_utf8(o.stdout).unwrap().lines().map(String::from).collect();
    assert!(children.len() > 3, "{children:?}");
    let mut parts = Vec::new();
    for (i, c) in children.iter().enumerate() {
        let p = scratch(&format!("child-{n}-{i}"));
        let mut args = vec!["solve", c.as_str(), "--only", "outcome", "--json", "--database", p.to_str().unwrap()];
        args.extend(conv);
        json(&args);
        parts.push(p);
    }
    let out = scratch(&format!("merged-{n}"));
    let mut args: Vec<&str> = vec!["merge", "--json", "-o", out.to_str().unwrap()];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    let m = json(&args);
    let each: Vec<u64> = m["facts_in"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    let facts = m["facts"].as_u64().unwrap();
    // Shared facts (the small lands every child meets) are kept once.
    assert!(facts < each.iter().sum::<u64>() && facts >= *each.iter().max().unwrap(), "{m}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count() as u64, facts + 1);
    // Every child is decided by the merged facts (as a win: the start is
    // a loss).
    for c in &children {
        let mut args = vec!["verify", out.to_str().unwrap(), c.as_str(), "--json"];
        args.extend(conv);
        assert_eq!(json(&args)["outcome"], "win", "{c}");
    }
    if misere {
        // Misère: verify derives the start's loss from the children's
        // proofs alone (every move leads to a sum shown won), and a pruned
        // copy keeps what that takes.
        let v = json(&["verify", out.to_str().unwrap(), "--spots", n, "--misere", "--json"]);
        assert_eq!(v["outcome"], outcome, "{v}");
        let pruned = scratch(&format!("merged-{n}-pruned"));
        let v = json(&["verify", out.to_str().unwrap(), "--spots", n, "--misere", "--json", "--prune", pruned.to_str().unwrap()]);
        assert!(v["facts"].as_u64().unwrap() < facts, "{v}");
        assert_eq!(json(&["verify", pruned.to_str().unwrap(), "--spots", n, "--misere", "--json"])["outcome"], outcome);
        // Without one child's part the start is not decided.
        let short = scratch(&format!("merged-{n}-short"));
        let mut args: Vec<&str> = vec!["merge", "-o", short.to_str().unwrap()];
        args.extend(parts[1..].iter().map(|p| p.to_str().unwrap()));
        assert!(run(&args).status.success());
        let o = run(&["verify", short.to_str().unwrap(), "--spots", n, "--misere"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains("do not decide"), "{err}");
    }
    // The start itself from them: a handful of nodes, and the certificate
    // then decides it.
    let mut args = vec!["solve", "--spots", n, "--only", "outcome", "--json", "--database", out.to_str().unwrap()];
    args.extend(conv);
    let s = json(&args);
    assert_eq!(s["outcome"], outcome);
    assert!(s["nodes"].as_u64().unwrap() <= children.len() as u64 + 1, "{s}");
    let mut args = vec!["verify", out.to_str().unwrap(), "--spots", n, "--json"];
    args.extend(conv);
    assert_eq!(json(&args)["outcome"], outcome);
}

#[test]
fn the_children_of_a_start_solved_apart_merge_into_its_certificate() {
    children_merge("8", true, "loss"); // A164950
    children_merge("7", false, "loss"); // 7 mod 6 = 1
}

#[test]
fn merge_refuses_certificates_of_other_games_and_writes_nothing() {
    let a = scratch("merge-normal");
    let b = scratch("merge-misere");
    json(&["solve", "--spots", "4", "--only", "outcome", "--json", "--database", a.to_str().unwrap()]);
    json(&["solve", "--spots", "4", "--misere", "--only", "outcome", "--json", "--database", b.to_str().unwrap()]);
    let out = scratch("merge-out");
    let o = run(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains(b.to_str().unwrap()) && err.contains("line 1"), "{err}");
    assert!(!out.exists());
    // A contradiction names both files and lines.
    let text = std::fs::read_to_string(&a).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let i = lines.iter().position(|l| l.starts_with("N 0 ")).unwrap();
    let altered = text.replacen(lines[i], &lines[i].replacen("N 0 ", "N 5 ", 1), 1);
    std::fs::write(&b, altered).unwrap();
    let o = run(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    let at = format!("{}, line {}", a.display(), i + 1);
    assert!(!o.status.success() && err.contains(&format!("line {}", i + 1)) && err.contains(&at), "{err}");
    assert!(!out.exists());
}
