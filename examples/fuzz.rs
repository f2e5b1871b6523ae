//! Long fuzzing runs of the targets in tests/fuzz, on stable Rust.
//!
//! ```sh
//! cargo run --release --example fuzz -- all --inputs 10000000 --save target/fuzz
//! cargo run --release --example fuzz -- glop hoey --seconds 600
//! ```
//!
//! Each target runs in a child process of this one, so that an input that
//! hangs (`--hang-s`, default 120) or wants more heap than `--heap-mb`
//! (default 2048) ends only that child: its input is printed and saved, the
//! crash counted, and a new child goes on with the inputs left (another
//! seed). Panics and broken properties are caught in process and counted.
//! Prints one line per target: inputs, rate, accepted, panics, property
//! failures, slow inputs (over `--slow-ms`, default 1000), crashes, the
//! slowest input and the most heap one input took. Findings (the first 20
//! distinct ones of each kind) and the slowest input are saved under
//! `--save DIR/<target>/` (default `target/fuzz`).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fuzz/harness.rs"]
mod harness;
#[path = "../tests/reference/mod.rs"]
mod reference;
#[path = "../tests/fuzz/targets.rs"]
mod targets;

use harness::{fuzz, quote, Counting, Options, Report};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{exit, Command, Stdio};

#[global_allocator]
static HEAP: Counting = Counting;

struct Args {
    targets: Vec<&'static str>,
    opts: Options,
    heap_mb: usize,
    child: bool,
}

const USAGE: &str = "usage: fuzz [all | TARGET...] [--inputs N] [--seconds S] [--seed S] [--save DIR] [--slow-ms MS] [--hang-s S] [--heap-mb MB]";

fn target_names() -> String {
    targets::TARGETS.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
}

fn usage(why: &str) -> ! {
    eprintln!("fuzz: {why}");
    eprintln!("{USAGE}");
    eprintln!("targets: {}", target_names());
    exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        targets: Vec::new(),
        opts: Options::new(1_000_000, 1),
        heap_mb: 2048,
        child: false,
    };
    a.opts.save = Some(PathBuf::from("target/fuzz"));
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().unwrap_or_else(|| usage(&format!("{name} needs a value")));
        let number = |name: &str, v: String| v.parse::<f64>().ok().filter(|x| *x >= 0.0).unwrap_or_else(|| usage(&format!("{name}: not a number: {v}")));
        match arg.as_str() {
            "--inputs" => a.opts.inputs = number("--inputs", value("--inputs")) as u64,
            "--seconds" => a.opts.seconds = Some(number("--seconds", value("--seconds"))),
            "--seed" => a.opts.seed = number("--seed", value("--seed")) as u64,
            "--save" => a.opts.save = Some(PathBuf::from(value("--save"))),
            "--slow-ms" => a.opts.slow_ms = number("--slow-ms", value("--slow-ms")),
            "--hang-s" => a.opts.hang_ms = (number("--hang-s", value("--hang-s")) * 1e3) as u64,
            "--heap-mb" => a.heap_mb = number("--heap-mb", value("--heap-mb")) as usize,
            "--child" => a.child = true,
            "--help" | "-h" => {
                println!("{USAGE}\ntargets: {}\n(see docs/limits.md, Fuzzing)", target_names());
                exit(0)
            }
            "all" => a.targets.extend(targets::TARGETS.iter().map(|t| t.name)),
            name => match targets::target(name) {
                Some(t) => a.targets.push(t.name),
                None => usage(&format!("unknown target or option `{name}`")),
            },
        }
    }
    if a.targets.is_empty() {
        usage("name a target, or all");
    }
    a
}

/// The numbers a child prints for its parent, one line.
fn numbers(r: &Report) -> String {
    format!(
        "R {} {} {} {} {} {} {} {} {} {}",
        r.inputs,
        r.accepted,
        r.panics,
        r.properties,
        r.slow,
        r.seconds,
        r.slowest_ms,
        r.peak_bytes,
        r.corpus,
        r.slowest.iter().map(|b| format!("{b:02x}")).collect::<String>()
    )
}

fn read_numbers(line: &str) -> Option<Report> {
    let mut w = line.strip_prefix("R ")?.splitn(10, ' ');
    let mut n = || w.next()?.parse::<f64>().ok();
    let mut r = Report {
        inputs: n()? as u64,
        accepted: n()? as u64,
        panics: n()? as u64,
        properties: n()? as u64,
        slow: n()? as u64,
        seconds: n()?,
        slowest_ms: n()?,
        peak_bytes: n()? as usize,
        corpus: n()? as usize,
        ..Report::default()
    };
    let hex = w.next().unwrap_or_default().as_bytes();
    r.slowest = hex.chunks(2).filter_map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok()).collect();
    Some(r)
}

fn progress(r: &Report) {
    println!("{}", numbers(r));
}

/// Runs one target in this process (the child's side).
fn child(a: &Args) {
    harness::set_heap_cap(a.heap_mb << 20);
    let t = targets::target(a.targets[0]).expect("a target");
    let mut opts = a.opts.clone();
    opts.save = opts.save.map(|d| d.join(t.name));
    opts.progress = Some(progress);
    let r = fuzz(t, &opts);
    for f in &r.findings {
        eprintln!("fuzz {}: {} {} (input {})", t.name, f.kind.name(), f.message, quote(&f.input, 200));
    }
    println!("{}", numbers(&r));
}

/// Runs `target` in children until its inputs are done; a child that dies
/// counts as a crash, and the next one goes on with another seed. Rates are
/// of the children's own time (not counting their start).
fn parent(a: &Args, target: &'static str) -> Report {
    let mut total = Report { target, ..Report::default() };
    let mut seed = a.opts.seed;
    let started = std::time::Instant::now();
    while total.inputs < a.opts.inputs {
        let left = a.opts.seconds.map(|s| s - started.elapsed().as_secs_f64());
        if left.is_some_and(|s| s <= 0.0) {
            break;
        }
        let mut cmd = Command::new(std::env::current_exe().expect("this program"));
        cmd.args([target, "--child", "--inputs", &(a.opts.inputs - total.inputs).to_string(), "--seed", &seed.to_string()]);
        cmd.args(["--slow-ms", &a.opts.slow_ms.to_string(), "--hang-s", &(a.opts.hang_ms as f64 / 1e3).to_string()]);
        cmd.args(["--heap-mb", &a.heap_mb.to_string()]);
        if let Some(s) = left {
            cmd.args(["--seconds", &s.to_string()]);
        }
        if let Some(d) = &a.opts.save {
            cmd.arg("--save").arg(d);
        }
        let mut ch = cmd.stdout(Stdio::piped()).spawn().expect("a child process");
        let mut last = Report::default();
        for line in BufReader::new(ch.stdout.take().expect("its output")).lines().map_while(Result::ok) {
            if let Some(r) = read_numbers(&line) {
                last = r;
                let sofar = total.inputs + last.inputs;
                say(&format!(
                    "fuzz {target}: {sofar} inputs, {:.0}/s",
                    last.rate()
                ));
            }
        }
        let status = ch.wait().expect("the child ends");
        total.inputs += last.inputs;
        total.accepted += last.accepted;
        total.panics += last.panics;
        total.properties += last.properties;
        total.slow += last.slow;
        total.seconds += last.seconds;
        total.peak_bytes = total.peak_bytes.max(last.peak_bytes);
        total.corpus = total.corpus.max(last.corpus);
        if last.slowest_ms > total.slowest_ms {
            total.slowest_ms = last.slowest_ms;
            total.slowest = last.slowest;
        }
        if stopped(&status) {
            // Someone stopped the run (`kill -TERM` the child): it is no
            // crash, and the totals up to its last progress line print.
            say(&format!(
                "fuzz {target}: stopped ({status}) after {} inputs",
                total.inputs
            ));
            break;
        }
        if !status.success() {
            total.crashes += 1;
            say(&format!("fuzz {target}: the child ended with {status} after {} inputs; going on with another seed", last.inputs));
            // The crashing input itself ran but was not counted.
            total.inputs += 1;
        }
        seed += 1;
    }
    if let Some(dir) = &a.opts.save {
        harness::save(&dir.join(target), "slowest", &total.slowest);
    }
    // Not `println!`: a closed standard output must not panic the parent
    // at the end of a long run.
    let _ = writeln!(std::io::stdout(), "{}", total.line());
    total
}

/// A progress line on standard error; a closed one is not an error.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether the child was stopped from outside (SIGINT, SIGTERM, SIGHUP)
/// rather than crashing (a hang or the heap cap aborts it: SIGABRT).
#[cfg(unix)]
fn stopped(status: &std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    matches!(status.signal(), Some(1 | 2 | 15))
}

#[cfg(not(unix))]
fn stopped(_: &std::process::ExitStatus) -> bool {
    false
}

fn main() {
    let a = parse_args();
    if a.child {
        child(&a);
        return;
    }
    let mut bad = false;
    for &t in &a.targets {
        let r = parent(&a, t);
        bad |= r.panics + r.properties + r.crashes > 0;
    }
    exit(bad as i32)
}
