//! The fuzzing loop, on stable Rust: inputs are bytes, mutated from a seed
//! corpus (insert, delete, replace, duplicate, repeat, splice, dictionary
//! tokens, interesting numbers) or generated at random; each runs under
//! `catch_unwind` with its time measured and its heap counted; accepted
//! inputs join the corpus, so mutation goes deeper than the seeds.
//!
//! Shared by the short run in CI (`tests/fuzz/main.rs`) and the long runs
//! (`examples/fuzz.rs`).

use crate::common::Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

/// One fuzz target.
pub struct Target {
    pub name: &'static str,
    /// Inputs to start from (text of real records, positions, ...).
    pub seeds: fn() -> Vec<Vec<u8>>,
    /// Tokens the mutator inserts whole.
    pub dictionary: &'static [&'static str],
    /// Bytes of randomly generated inputs (empty: any byte).
    pub alphabet: &'static [u8],
    /// Runs one input: `Ok(true)` if it was accepted (it then joins the
    /// corpus), `Ok(false)` if it was refused cleanly, `Err` with what is
    /// wrong when a property fails.
    pub run: fn(&[u8]) -> Result<bool, String>,
}

/// How long and how hard to fuzz.
#[derive(Clone, Debug)]
pub struct Options {
    pub inputs: u64,
    /// Stop after this long even if fewer inputs ran.
    pub seconds: Option<f64>,
    pub seed: u64,
    pub max_len: usize,
    /// An input slower than this is recorded as slow (it still counts).
    pub slow_ms: f64,
    /// An input still running after this long stops the process, after
    /// printing (and saving) it: the only way out of a hang in process.
    pub hang_ms: u64,
    /// Findings are written here, one file per input.
    pub save: Option<PathBuf>,
    /// Called every few seconds with the report so far.
    pub progress: Option<fn(&Report)>,
}

impl Options {
    pub fn new(inputs: u64, seed: u64) -> Options {
        Options {
            inputs,
            seconds: None,
            seed,
            max_len: 4096,
            slow_ms: 1000.0,
            hang_ms: 120_000,
            save: None,
            progress: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Panic,
    Property,
    Slow,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Panic => "panic",
            Kind::Property => "property",
            Kind::Slow => "slow",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Finding {
    pub kind: Kind,
    pub message: String,
    pub input: Vec<u8>,
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub target: &'static str,
    pub inputs: u64,
    pub accepted: u64,
    pub panics: u64,
    pub properties: u64,
    pub slow: u64,
    /// Processes ended by an input that hung or wanted too much heap
    /// (long runs only: in process, that ends the run).
    pub crashes: u64,
    pub seconds: f64,
    pub slowest_ms: f64,
    pub slowest: Vec<u8>,
    /// Most heap bytes in use during one input (the whole process's heap,
    /// so only exact when one target runs at a time).
    pub peak_bytes: usize,
    pub corpus: usize,
    /// Distinct findings (by kind and message), the first input of each.
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn rate(&self) -> f64 {
        self.inputs as f64 / self.seconds.max(1e-9)
    }

    pub fn line(&self) -> String {
        format!(
            "{}: {} inputs in {:.1} s ({:.0}/s), {} accepted, {} panics, {} property failures, {} slow, {} crashes; slowest {:.1} ms {}; peak heap {:.1} MB; corpus {}",
            self.target,
            self.inputs,
            self.seconds,
            self.rate(),
            self.accepted,
            self.panics,
            self.properties,
            self.slow,
            self.crashes,
            self.slowest_ms,
            quote(&self.slowest, 80),
            self.peak_bytes as f64 / 1e6,
            self.corpus,
        )
    }
}

/// An input for one line of a report: escaped, at most `max` bytes.
pub fn quote(input: &[u8], max: usize) -> String {
    let cut = &input[..input.len().min(max)];
    let s = format!("{:?}", String::from_utf8_lossy(cut));
    if input.len() > max {
        format!("{s}… ({} bytes)", input.len())
    } else {
        s
    }
}

// ---- the heap, counted -------------------------------------------------

/// The global allocator of the fuzz binaries: the system's, counting the
/// bytes in use, and refusing (after saying which input asked) to go past
/// [`set_heap_cap`], so that an input that wants gigabytes ends the run
/// cleanly instead of taking the machine.
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static CAP: AtomicUsize = AtomicUsize::new(usize::MAX);
static OVER: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The input this thread is running, for the over-the-cap message.
    static RUNNING: Cell<Option<&'static Mutex<Vec<u8>>>> = const { Cell::new(None) };
    static SAVE_DIR: Cell<Option<&'static PathBuf>> = const { Cell::new(None) };
}

pub fn set_heap_cap(bytes: usize) {
    CAP.store(bytes, Ordering::Relaxed);
}

fn grew(size: usize) {
    let now = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(now, Ordering::Relaxed);
    if now > CAP.load(Ordering::Relaxed) && !OVER.swap(true, Ordering::SeqCst) {
        over_cap(now);
    }
}

#[cold]
fn over_cap(now: usize) -> ! {
    // OVER is set: allocations below go through uncounted-against-the-cap.
    let input = RUNNING.with(|r| r.get()).and_then(|m| m.try_lock().ok().map(|v| v.clone()));
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "fuzz: heap above the cap ({now} bytes); input: {}", input.as_deref().map_or("unknown".into(), |i| quote(i, 200)));
    if let (Some(i), Some(dir)) = (&input, SAVE_DIR.with(|d| d.get())) {
        save(dir, "memory", i);
    }
    std::process::abort();
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        if new > layout.size() {
            grew(new - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new)
    }
}

// ---- panics ------------------------------------------------------------

thread_local! {
    static FUZZING: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: Cell<Option<String>> = const { Cell::new(None) };
}

/// Panics inside an input are recorded, not printed (a run may see
/// thousands); every other panic goes to the default hook.
fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if FUZZING.with(|f| f.get()) {
                let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                LAST_PANIC.with(|p| p.set(Some(format!("{msg}{at}"))));
            } else {
                default(info);
            }
        }));
    });
}

// ---- mutation ----------------------------------------------------------

/// Numbers where limits and off-by-ones live.
const NUMBERS: &[&str] = &[
    "0", "1", "2", "3", "4", "9", "10", "26", "27", "40", "41", "100", "255", "256", "1000", "9999", "10000", "10001",
    "65535", "65536", "100000", "100001", "2147483647", "4294967295", "4294967296", "18446744073709551615", "1e308",
    "-1", "1.5",
];

fn random_byte(rng: &mut Rng, t: &Target) -> u8 {
    if t.alphabet.is_empty() || rng.below(8) == 0 {
        rng.next_u64() as u8
    } else {
        t.alphabet[rng.below(t.alphabet.len())]
    }
}

/// One to four edits of `data`.
pub fn mutate(rng: &mut Rng, data: &[u8], corpus: &[Vec<u8>], t: &Target, max_len: usize) -> Vec<u8> {
    let mut v = data.to_vec();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(v.len() + 1);
        let span = |rng: &mut Rng, v: &Vec<u8>| (i + 1 + rng.below(16)).min(v.len());
        match rng.below(10) {
            0 => v.insert(i, random_byte(rng, t)),
            1 if i < v.len() => {
                let j = span(rng, &v);
                v.drain(i..j);
            }
            2 if i < v.len() => v[i] = random_byte(rng, t),
            3 if i < v.len() => v[i] ^= 1 << rng.below(8),
            4 if i < v.len() => {
                let j = span(rng, &v);
                let piece = v[i..j].to_vec();
                let at = rng.below(v.len() + 1);
                v.splice(at..at, piece);
            }
            // Many copies of a piece: where sizes and repetition blow up.
            5 if i < v.len() => {
                let j = span(rng, &v);
                let piece = v[i..j].to_vec();
                let most = if rng.below(4) == 0 { 1000 } else { 16 };
                let times = 2 + rng.below(most);
                let many: Vec<u8> = piece.iter().copied().cycle().take(piece.len() * times).collect();
                v.splice(j..j, many);
            }
            6 if !t.dictionary.is_empty() => {
                let w = t.dictionary[rng.below(t.dictionary.len())];
                v.splice(i..i, w.bytes());
            }
            // A number replaced by an interesting one.
            7 => {
                let w = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
                let start = (0..v.len()).filter(|&k| v[k].is_ascii_digit()).nth(rng.below(8));
                match start {
                    Some(s) => {
                        let e = (s..v.len()).find(|&k| !v[k].is_ascii_digit()).unwrap_or(v.len());
                        v.splice(s..e, w.iter().copied());
                    }
                    None => {
                        v.splice(i..i, w.iter().copied());
                    }
                }
            }
            8 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len())];
                let k = rng.below(other.len() + 1);
                v.truncate(i);
                v.extend_from_slice(&other[k..]);
            }
            _ => v.push(random_byte(rng, t)),
        }
    }
    v.truncate(max_len);
    v
}

fn generate(rng: &mut Rng, t: &Target) -> Vec<u8> {
    let most = if rng.below(8) == 0 { 512 } else { 48 };
    let len = rng.below(most);
    (0..len).map(|_| random_byte(rng, t)).collect()
}

fn hash(data: &[u8]) -> u64 {
    let mut h = DefaultHasher::new();
    data.hash(&mut h);
    h.finish()
}

/// Writes a finding's input to `dir/<kind>-<hash>.txt` (once per input).
pub fn save(dir: &PathBuf, kind: &str, input: &[u8]) {
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(dir.join(format!("{kind}-{:016x}.txt", hash(input))), input);
}

/// Corpus entries kept at most (accepted inputs beyond it are dropped).
const MAX_CORPUS: usize = 20_000;
/// Distinct findings of each kind kept in a report (and saved).
const MAX_FINDINGS: usize = 20;

/// Runs one input, recorded in `report`.
fn run_one(t: &Target, input: &[u8], opts: &Options, report: &mut Report) -> bool {
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    let base = LIVE.load(Ordering::Relaxed);
    let t0 = Instant::now();
    let result = run_input(t, input);
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    report.inputs += 1;
    report.peak_bytes = report.peak_bytes.max(PEAK.load(Ordering::Relaxed).saturating_sub(base));
    if ms > report.slowest_ms {
        report.slowest_ms = ms;
        report.slowest = input.to_vec();
    }
    let mut found = |kind: Kind, message: String| {
        match kind {
            Kind::Panic => report.panics += 1,
            Kind::Property => report.properties += 1,
            Kind::Slow => report.slow += 1,
        }
        let known = report.findings.iter().any(|f| f.kind == kind && (kind == Kind::Slow || f.message == message));
        if !known && report.findings.iter().filter(|f| f.kind == kind).count() < MAX_FINDINGS {
            if let Some(dir) = &opts.save {
                save(dir, kind.name(), input);
            }
            report.findings.push(Finding { kind, message, input: input.to_vec() });
        }
    };
    if ms > opts.slow_ms {
        found(Kind::Slow, format!("{ms:.0} ms"));
    }
    match result {
        Ok(accepted) => {
            report.accepted += accepted as u64;
            accepted
        }
        Err((kind, why)) => {
            found(kind, why);
            false
        }
    }
}

/// Runs one input of `t`, its panic caught: whether it was accepted, or
/// what went wrong (a panic or a broken property).
pub fn run_input(t: &Target, input: &[u8]) -> Result<bool, (Kind, String)> {
    quiet_panics();
    LAST_PANIC.with(|p| p.take());
    FUZZING.with(|f| f.set(true));
    let result = catch_unwind(AssertUnwindSafe(|| (t.run)(input)));
    FUZZING.with(|f| f.set(false));
    // A panic the code caught itself (the router catches spade's) still
    // counts: in wasm it would have trapped.
    let caught = LAST_PANIC.with(|p| p.take());
    match result {
        Ok(_) if caught.is_some() => Err((Kind::Panic, format!("caught inside: {}", caught.unwrap_or_default()))),
        Ok(Ok(accepted)) => Ok(accepted),
        Ok(Err(why)) => Err((Kind::Property, why)),
        Err(_) => Err((Kind::Panic, caught.unwrap_or_else(|| "panic".into()))),
    }
}

/// Watches the input being run; past `hang_ms` prints it and ends the
/// process (a hang cannot be caught in process).
fn watchdog(target: &'static str, running: &'static Mutex<Vec<u8>>, since: Arc<AtomicU64>, opts: &Options) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let (stop, hang_ms, save_dir) = (done.clone(), opts.hang_ms, opts.save.clone());
    let origin = Instant::now();
    since.store(u64::MAX, Ordering::Relaxed);
    let started = since.clone();
    let epoch = origin;
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            let s = started.load(Ordering::Relaxed);
            let now = epoch.elapsed().as_millis() as u64;
            if s != u64::MAX && now.saturating_sub(s) > hang_ms {
                let input = running.lock().map(|v| v.clone()).unwrap_or_default();
                eprintln!("fuzz {target}: an input ran over {hang_ms} ms: {}", quote(&input, 200));
                if let Some(dir) = &save_dir {
                    save(dir, "hang", &input);
                }
                std::process::exit(70);
            }
        }
    });
    done
}

/// Fuzzes `t`: the seeds first, then mutated and generated inputs.
pub fn fuzz(t: &Target, opts: &Options) -> Report {
    quiet_panics();
    let mut rng = Rng::new(opts.seed ^ hash(t.name.as_bytes()));
    let mut report = Report { target: t.name, ..Report::default() };
    let seeds = (t.seeds)();
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    let mut seen: HashSet<u64> = HashSet::new();
    // Leaked once per run: the allocator and the watchdog may look at it
    // from anywhere, at any time.
    let running: &'static Mutex<Vec<u8>> = Box::leak(Box::new(Mutex::new(Vec::with_capacity(opts.max_len * 2))));
    let save_dir: Option<&'static PathBuf> = opts.save.clone().map(|d| &*Box::leak(Box::new(d)));
    RUNNING.with(|r| r.set(Some(running)));
    SAVE_DIR.with(|d| d.set(save_dir));
    let since = Arc::new(AtomicU64::new(u64::MAX));
    let stop = watchdog(t.name, running, since.clone(), opts);
    let epoch = Instant::now();
    let t0 = Instant::now();
    let mut last_progress = Instant::now();
    let mut k = 0usize;
    while report.inputs < opts.inputs {
        let input = if k < seeds.len() {
            seeds[k].clone()
        } else if corpus.is_empty() || rng.below(10) == 0 {
            generate(&mut rng, t)
        } else {
            let base = &corpus[rng.below(corpus.len())];
            mutate(&mut rng, base, &corpus, t, opts.max_len)
        };
        k += 1;
        {
            let mut r = running.lock().unwrap_or_else(|e| e.into_inner());
            r.clear();
            r.extend_from_slice(&input);
        }
        since.store(epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
        let accepted = run_one(t, &input, opts, &mut report);
        since.store(u64::MAX, Ordering::Relaxed);
        if (accepted || k <= seeds.len()) && corpus.len() < MAX_CORPUS && seen.insert(hash(&input)) {
            corpus.push(input);
        }
        if report.inputs % 256 == 0 {
            if opts.seconds.is_some_and(|s| t0.elapsed().as_secs_f64() > s) {
                break;
            }
            if let Some(p) = opts.progress {
                if last_progress.elapsed() > Duration::from_secs(5) {
                    last_progress = Instant::now();
                    report.seconds = t0.elapsed().as_secs_f64();
                    report.corpus = corpus.len();
                    p(&report);
                }
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    RUNNING.with(|r| r.set(None));
    report.seconds = t0.elapsed().as_secs_f64();
    report.corpus = corpus.len();
    report
}
