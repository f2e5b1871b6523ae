//! The `sprouts` binary as a user meets it: help and version for every
//! command, misuse is exit status 2 with one line naming the problem, and
//! every JSON output parses and has exactly the fields the table of
//! docs/cli.md lists (the page's objects too, built natively from the same types).

use serde_json::Value;
use sprouts::board::Point;
use sprouts::game::Game;
use sprouts::service::{Options, Service};
use std::collections::BTreeSet;
use std::process::{Command, Output};
use std::rc::Rc;

/// Every command as typed after `sprouts`.
const COMMANDS: &[&[&str]] = &[
    &["moves"],
    &["canon"],
    &["perft"],
    &["replay"],
    &["random"],
    &["solve"],
    &["verify"],
    &["bench"],
    &["bench", "movegen"],
    &["bench", "solve"],
    &["play"],
];

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a command that must succeed; its standard output.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Runs a command that must fail with exit status 2 and one line.
fn misuse(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{args:?}: one line, got {e:?}");
    assert!(e.starts_with("sprouts: "), "{e}");
    assert!(stdout(&o).is_empty());
    e
}

#[test]
fn help_and_version_for_every_command() {
    let version = env!("CARGO_PKG_VERSION");
    assert!(ok(&["--version"]).contains(version));
    assert!(ok(&["--help"]).contains("Example"));
    for cmd in COMMANDS {
        let help = ok(&[cmd, &["--help"][..]].concat());
        assert!(help.contains(&format!("Usage: sprouts {}", cmd.join(" "))), "{cmd:?}: {help}");
        assert!(help.contains("Example"), "{cmd:?} has no example: {help}");
        let v = ok(&[cmd, &["--version"][..]].concat());
        assert!(v.contains(version), "{cmd:?}: {v}");
    }
    // Options show their value names.
    assert!(ok(&["solve", "--help"]).contains("--max-nodes <NODES>"));
    assert!(ok(&["perft", "--help"]).contains("[DEPTH]"));
}

#[test]
fn misspelled_flags_and_extra_arguments_are_errors() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["solve", "--spots", "4", "--misre"], "--misre", "--misere"),
        (&["solve", "0*3", "--jsn"], "--jsn", "--json"),
        (&["moves", "0*3", "--jsno"], "--jsno", "--json"),
        (&["canon", "0*3", "--jsn"], "--jsn", "--json"),
        (&["perft", "0*3", "2", "--jsn"], "--jsn", "--json"),
        (&["replay", "1+", "--jsn"], "--jsn", "--json"),
        (&["random", "--spots", "3", "--misre"], "--misre", "--misere"),
        (&["play", "--spots", "3", "--gams", "2"], "--gams", "--games"),
        (&["bench", "solve", "--nromal"], "--nromal", "--normal"),
        (&["sovle", "0*3"], "sovle", "solve"),
    ];
    for (args, wrong, right) in cases {
        let e = misuse(args);
        assert!(e.contains(&format!("'{wrong}'")), "{args:?}: {e}");
        assert!(e.contains(&format!("'{right}'")), "{args:?} suggests {right}: {e}");
    }
    assert!(misuse(&["canon", "0*3", "extra"]).contains("'extra'"));
    assert!(misuse(&["solve", "0*3", "0*4"]).contains("'0*4'"));
    assert!(misuse(&["perft", "--spots", "3", "2", "9"]).contains("'9'"));
    assert!(misuse(&["solve", "--max-nodes", "lots", "0*3"]).contains("<NODES>"));
    assert!(misuse(&["perft", "0*3"]).contains("<DEPTH>"));
    assert!(misuse(&["solve"]).contains("<POSITION>"));
    assert!(misuse(&["solve", "--spots", "0"]).contains("--spots <N>"));
    assert!(misuse(&["play", "--spots", "3", "--first", "perfekt"]).contains("unknown strength"));
    assert!(misuse(&["replay", "2+ 1(3)2 1(4)2 1(5)2"]).contains("move 3 `1(5)2`: illegal"));
    assert!(misuse(&["moves", "0*3.x"]).contains("offset"));
    // No command at all: the help, as an error.
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Usage: sprouts <COMMAND>"));
}

#[test]
fn limits_stop_with_statistics_and_piped_runs_show_no_progress() {
    let e = misuse(&["solve", "--spots", "9", "--max-nodes", "100"]);
    assert!(e.contains("stopped by the limit") && e.contains("nodes, table:"), "{e}");
    let o = run(&["solve", "--spots", "6"]);
    assert!(o.status.success());
    assert_eq!(stderr(&o), "", "no progress line when standard error is not a terminal");
}

/// The keys found at `at` (comma-separated paths; `a.b` walks into
/// objects, `[]` into every element of an array) in `v`.
fn keys_at(v: &Value, at: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for path in at.split(',').map(str::trim) {
        let mut nodes = vec![v];
        let steps = path.replace("[]", ".[]");
        for step in steps.split('.').filter(|s| !s.is_empty()) {
            nodes = nodes
                .into_iter()
                .flat_map(|n| match step {
                    "[]" => n.as_array().map(|a| a.iter().collect()).unwrap_or_default(),
                    key => n.get(key).into_iter().collect::<Vec<_>>(),
                })
                .collect();
        }
        assert!(!nodes.is_empty(), "nothing at {path:?} in {v}");
        for n in nodes {
            let obj = n.as_object().unwrap_or_else(|| panic!("{path:?} is not an object in {v}"));
            out.extend(obj.keys().cloned());
        }
    }
    out
}

/// The JSON table of docs/cli.md: (output, at, fields).
fn readme_table() -> Vec<(String, String, BTreeSet<String>)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md")).unwrap();
    let section = readme.split("## JSON outputs").nth(1).expect("a JSON outputs section");
    let unquote = |s: &str| s.trim().replace('`', "");
    section
        .lines()
        .skip_while(|l| !l.starts_with("| output |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').collect();
            assert_eq!(cells.len(), 3, "{l}");
            let at = cells[1].split(',').map(unquote).collect::<Vec<_>>().join(",");
            let fields = cells[2].split(',').map(unquote).collect();
            (unquote(cells[0]), at, fields)
        })
        .collect()
}

/// Each output of the docs' table, produced for real.
fn produce(output: &str) -> Value {
    let cli = |args: &[&str]| -> Value {
        let text = ok(args);
        assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"))
    };
    let json = |v: &dyn erased::Ser| v.value();
    let mut g = Game::new(3, false, 800.0, 600.0).unwrap();
    g.play_text("1(4)2").unwrap();
    let service = || Service::new(Rc::new(|| 0.0));
    match output {
        "sprouts perft --json" => cli(&["perft", "--spots", "3", "2", "--json"]),
        "sprouts replay --json" => cli(&["replay", "2+ 1(3)2 1(4)2", "--json"]),
        "sprouts solve --json" => cli(&["solve", "--spots", "5", "--json"]),
        "sprouts solve --rules R --json" => cli(&["solve", "--rules", "brussels", "--spots", "2", "--json"]),
        "sprouts solve --rules R --database FILE --json" | "sprouts verify --json" => {
            let db = std::env::temp_dir().join(format!("sprouts-cli-table-{}.txt", std::process::id()));
            let db = db.to_str().unwrap();
            let _ = std::fs::remove_file(db);
            let solved = cli(&["solve", "--rules", "weeds", "--spots", "3", "--json", "--database", db]);
            let verified = cli(&["verify", db, "--rules", "weeds", "--spots", "3", "--json"]);
            let _ = std::fs::remove_file(db);
            if output.starts_with("sprouts verify") { verified } else { solved }
        }
        "sprouts merge --json" => {
            let dir = std::env::temp_dir();
            let db = |n: &str| dir.join(format!("sprouts-cli-table-merge-{n}-{}.txt", std::process::id())).to_str().unwrap().to_string();
            let (a, b, out) = (db("a"), db("b"), db("out"));
            cli(&["solve", "--spots", "4", "--misere", "--json", "--database", &a]);
            cli(&["solve", "--spots", "5", "--misere", "--json", "--database", &b]);
            let merged = cli(&["merge", &a, &b, "--output", &out, "--json"]);
            for f in [a, b, out] {
                let _ = std::fs::remove_file(f);
            }
            merged
        }
        "sprouts solve --surface S --database FILE --json" => {
            let db = std::env::temp_dir().join(format!("sprouts-cli-table-surface-{}.txt", std::process::id()));
            let db = db.to_str().unwrap();
            let _ = std::fs::remove_file(db);
            let solved = cli(&["solve", "--surface", "torus", "--spots", "3", "--json", "--database", db]);
            let _ = std::fs::remove_file(db);
            solved
        }
        "sprouts play --json" => cli(&["play", "--spots", "3", "--games", "2", "--json"]),
        // The example link of docs/cli.md, "On a surface": one move on the torus.
        "sprouts replay --surface S --json" | "sprouts replay --surface S --json --header" => {
            let link = "surface.html#surface=torus&n=1&s=200,200,212.5,179.2,220.8,187.5,220.8,404.2,187.5,579.2,200,600";
            let mut args = vec!["replay", "--surface", "torus", link, "--json"];
            if output.ends_with("--header") {
                args.push("--header");
            }
            cli(&args)
        }
        "sprouts play --surface S --json" => cli(&["play", "--surface", "klein", "--spots", "2", "--games", "2", "--json"]),
        // One short real record for the rows of records: with the default
        // (every record of tests/data/records, at its middle and end, tidied
        // and not, in every view) this test took 47 s of the native tests'
        // wall time for the fields that one record shows; tests/labels.rs
        // checks the numbers on every record.
        "sprouts bench layout --json" => {
            cli(&["bench", "layout", "--games", "1", "--spots", "4", "--records", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/wgosa-2006-peltier-8plus.txt"), "--json"])
        }
        "Game.status()" => json(&g.status()),
        "Game.checkStroke()" => {
            let pts: Vec<Point> = (0..10).map(|i| Point::new(100.0 + i as f64, 150.0)).collect();
            json(&g.check_stroke(&pts).unwrap())
        }
        "Game.extendStroke()" => {
            g.begin_stroke().unwrap();
            let pts: Vec<Point> = (0..10).map(|i| Point::new(100.0 + i as f64, 150.0)).collect();
            json(&g.extend_stroke(&pts).unwrap())
        }
        "Game.previewText()" => json(&g.preview_text("3(5)3").unwrap()),
        "Game.spotList()" => json(&g.spot_views()),
        "Game.edgeList()" => json(&g.edge_views()),
        "Game.extent()" => json(&g.extent()),
        "Game.toJson()" => serde_json::from_str(&g.to_json()).unwrap(),
        "analyse (worker)" => json(&service().analyse("4+ 1(5)2", &Options::default(), None).unwrap()),
        "computerMove (worker)" => json(&service().computer_move("4+", &Options::default(), None).unwrap()),
        "analyseVariant (worker)" => {
            let clock: sprouts::player::Clock = Rc::new(|| 0.0);
            json(&sprouts::variant_service::analyse("{dots-or-crosses} 2+", 800.0, 600.0, &Options::default(), &clock, None).unwrap())
        }
        "computerMoveVariant (worker)" => {
            let clock: sprouts::player::Clock = Rc::new(|| 0.0);
            json(&sprouts::variant_service::computer_move("{brussels} 2+", 800.0, 600.0, &Options::default(), &clock, None).unwrap())
        }
        "progress (worker)" => json(&sprouts::report::ProgressReport { nodes: 64.0, table_bytes: 1024.0, found: None }),
        other => panic!("docs/cli.md lists an output the test does not know: {other}"),
    }
}

/// `serde_json::to_value` behind a trait object, so that `produce` can
/// take any of the report types.
mod erased {
    pub trait Ser {
        fn value(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Ser for T {
        fn value(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap()
        }
    }
}

#[test]
fn json_outputs_have_the_readme_fields() {
    let table = readme_table();
    assert!(table.len() >= 20, "the table has {} rows", table.len());
    // Each output produced once for all its rows (`bench layout` has five,
    // and routes and tidies a game at every page size each time).
    let mut produced: std::collections::HashMap<&str, Value> = std::collections::HashMap::new();
    for (output, at, fields) in &table {
        let v = produced.entry(output.as_str()).or_insert_with(|| produce(output));
        let found = keys_at(v, at);
        assert_eq!(&found, fields, "{output} at {at:?}: docs/cli.md and the type disagree");
    }
    // The array and string outputs.
    let moves: Value = serde_json::from_str(&ok(&["moves", "0*2", "--json"])).unwrap();
    assert!(moves.as_array().unwrap().iter().all(Value::is_string));
    let end: Value = serde_json::from_str(&ok(&["moves", "2", "--json"])).unwrap();
    assert_eq!(end, Value::Array(vec![]));
    let canon: Value = serde_json::from_str(&ok(&["canon", "0*5", "--json"])).unwrap();
    assert_eq!(canon, Value::String("0*5.}]!".into()));
}

/// Ctrl-C (SIGINT) stops a long solve with its statistics so far.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_solve_cleanly() {
    use std::process::Stdio;
    let child = Command::new(env!("CARGO_BIN_EXE_sprouts"))
        .args(["solve", "--spots", "14", "--misere"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.starts_with("sprouts: interrupted after ") && e.contains(" nodes, table: "), "{e}");
    assert_eq!(e.lines().count(), 1);
    assert!(stdout(&o).is_empty());
}

/// Standard output closed before anything is written (`sprouts … | head`
/// once head has gone): every printing command stops quietly, with the
/// status of a broken pipe and nothing on standard error, not a panic.
#[test]
fn closed_standard_output_stops_quietly() {
    let commands: &[&[&str]] = &[
        &["moves", "0*300"],
        &["moves", "0*300", "--json"],
        &["canon", "0*5"],
        &["perft", "--spots", "3", "3"],
        &["replay", "2+ 1(3)2 1(4)2"],
        &["random", "--spots", "20"],
        // Text lines are printed as they are proved: the solve stops at the first.
        &["solve", "--spots", "5"],
        &["solve", "--spots", "5", "--json"],
        &["play", "--spots", "3"],
        &["draw", "--spots", "3", "--svg", "-"],
    ];
    for args in commands {
        // The reading end is gone before the command starts, so its first
        // write fails however fast it runs.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o = Command::new(env!("CARGO_BIN_EXE_sprouts")).args(*args).stdout(writer).output().expect("the binary runs");
        let e = stderr(&o);
        assert!(!e.contains("panicked") && e.is_empty(), "{args:?}: {e}");
        assert_eq!(o.status.code(), Some(141), "{args:?}: {e}");
    }
}

/// The `<title>` of an SVG picture: the canonical GLOP string drawn.
fn svg_title(svg: &str) -> &str {
    let start = svg.find("<title>").expect("a title") + "<title>".len();
    let end = svg[start..].find("</title>").expect("a closed title") + start;
    &svg[start..end]
}

/// Issue 33: every command that takes a position or a record reads its
/// text one way (`sprouts::reading::read`): a record when it reads as one,
/// otherwise a position. `draw` used to take any text starting `N+` for a
/// record, so it refused `0+12`, which `canon` read as two lands.
#[test]
fn every_command_reads_a_record_or_a_position_the_same_way() {
    for (text, canon) in [("0+12", "0.}]12.}]!"), ("0+2AB|AB", "0.}]2AB.}AB.}]!"), ("0+1ab2ba", "0.}]1ab2ba.}]!")] {
        assert_eq!(ok(&["canon", text]).trim(), canon, "{text}");
        let svg = ok(&["draw", text, "--svg", "-"]);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{text}");
        assert_eq!(svg_title(&svg), canon, "{text}: the picture shows that position");
        // The position has its spots: the lands' spots, each drawn once.
        assert!(svg.matches("data-spot=").count() >= 3, "{text}");
        assert_eq!(ok(&["moves", text]), ok(&["moves", canon]), "{text}");
        ok(&["solve", text, "--only", "outcome"]);
        assert!(misuse(&["draw", text, "--svg", "-", "--move", "1"]).contains("--move needs a record"));
        assert!(misuse(&["replay", text]).contains("reads as a position, not a game record"));
    }
    // A record stands for the position after its moves, for every command.
    let record = "2+ 1(3)2 1(4)2";
    let after = ok(&["canon", "1,3,2,4/1,4,2,3"]);
    assert_eq!(ok(&["canon", record]), after);
    assert_eq!(ok(&["moves", record]), ok(&["moves", after.trim()]));
    assert_eq!(ok(&["perft", record, "2"]), ok(&["perft", after.trim(), "2"]));
    assert_eq!(svg_title(&ok(&["draw", record, "--svg", "-"])), after.trim());
    // Its header sets the convention of a solve.
    let v: Value = serde_json::from_str(&ok(&["solve", "3- 1(4)2", "--json"])).unwrap();
    assert_eq!(v["convention"], "misère");
    let v: Value = serde_json::from_str(&ok(&["solve", "3+ 1(4)2", "--json"])).unwrap();
    assert_eq!(v["convention"], "normal");
    // A record with an illegal move is still a record: the move's error.
    for cmd in ["canon", "moves", "replay"] {
        assert!(misuse(&[cmd, "2+ 1(3)2 1(4)2 1(5)2"]).contains("move 3 `1(5)2`: illegal"), "{cmd}");
    }
    // Neither: the error names both readings, each with its offset.
    for args in [
        &["draw", "0+12x", "--svg", "-"][..],
        &["canon", "0+12x"],
        &["moves", "2+ 1(3)2 x"],
        &["solve", "0+12x"],
        &["perft", "0+12x", "1"],
        &["replay", "2+ 1(3)2 x"],
    ] {
        let e = misuse(args);
        assert!(e.contains("is neither a game record (at offset ") && e.contains(") nor a position (at offset "), "{args:?}: {e}");
    }
}

/// A record file as the association's pages give it (`#` lines are
/// comments), `sprouts random > game.txt`, or `-` for standard input: every
/// command that takes a record or a position reads the one record in it,
/// as if its text had been given. A file of several, an empty one, a
/// folder or a missing file is a one-line error that names it.
#[test]
fn a_record_or_position_may_be_given_as_a_file_or_standard_input() {
    let dir = std::env::temp_dir().join(format!("sprouts-cli-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let real = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/wgosa-2006-recent-game.txt");
    let line = std::fs::read_to_string(real).unwrap().lines().find(|l| !l.trim().is_empty() && !l.starts_with('#')).unwrap().trim().to_string();
    assert_eq!(ok(&["replay", real]), ok(&["replay", &line]));
    assert_eq!(ok(&["replay", real, "--json", "--header"]), ok(&["replay", &line, "--json", "--header"]));
    for cmd in ["canon", "moves"] {
        assert_eq!(ok(&[cmd, real]), ok(&[cmd, &line]), "{cmd}");
    }
    assert_eq!(svg_title(&ok(&["draw", real, "--svg", "-"])), svg_title(&ok(&["draw", &line, "--svg", "-"])));
    // A position in a file, with a comment and blank lines around it.
    std::fs::write(path("pos.txt"), "# two lands\n\n0+12\n\n").unwrap();
    assert_eq!(ok(&["canon", &path("pos.txt")]).trim(), "0.}]12.}]!");
    // Standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprouts"))
        .args(["replay", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(format!("# a comment\n{line}\n").as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(stdout(&o), ok(&["replay", &line]));
    // Errors name the file.
    std::fs::write(path("two.txt"), format!("{line}\n# and\n2+ 1(3)2\n")).unwrap();
    let e = misuse(&["replay", &path("two.txt")]);
    assert!(e.contains("two.txt: 2 records or positions (lines 1, 3)"), "{e}");
    std::fs::write(path("empty.txt"), "# nothing here\n\n").unwrap();
    assert!(misuse(&["solve", &path("empty.txt")]).contains("empty.txt: no record or position in it"));
    assert!(misuse(&["replay", &path("missing.txt")]).contains("missing.txt: no such file"));
    assert!(misuse(&["canon", &dir.to_string_lossy()]).contains("is a folder"));
    // A file whose one line is not a record: the reading's error, as for the text.
    std::fs::write(path("bad.txt"), "2+ 1(3)2 x\n").unwrap();
    assert!(misuse(&["replay", &path("bad.txt")]).contains("is neither a game record (at offset 9"));
    std::fs::remove_dir_all(&dir).unwrap();
}
