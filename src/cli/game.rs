//! Engine subcommands: moves, canon, perft, replay, random, bench movegen.

use super::args::{json_str, Args};
use sprouts::notation::{write_move, Record, Winner};
use sprouts::text::HoeyDisplay;
use sprouts::{Canon, Position};
use std::time::Instant;

pub fn moves(args: &Args) -> Result<String, String> {
    let p = args.position()?;
    let children: Vec<String> = p.children().iter().map(|c| c.to_string()).collect();
    Ok(if args.json() {
        format!("[{}]\n", children.iter().map(|c| json_str(c)).collect::<Vec<_>>().join(","))
    } else {
        children.iter().map(|c| format!("{c}\n")).collect()
    })
}

pub fn canon(args: &Args) -> Result<String, String> {
    let c = Canon::of(&args.position()?).to_string();
    Ok(if args.json() { format!("{}\n", json_str(&c)) } else { format!("{c}\n") })
}

/// Nodes of the tree whose children are the distinct canonical children.
pub fn perft_count(c: &Canon, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let kids = c.position().children();
    if depth == 1 {
        return kids.len() as u64;
    }
    kids.iter().map(|k| perft_count(k, depth - 1)).sum()
}

pub fn perft(args: &Args) -> Result<String, String> {
    let p = args.position()?;
    let d = args.after_position(0)?;
    let depth: u32 = d.parse().map_err(|_| format!("depth {d:?} is not a number"))?;
    if depth > 64 {
        return Err(format!("depth {depth}: at most 64"));
    }
    let n = perft_count(&Canon::of(&p), depth);
    Ok(if args.json() {
        format!("{{\"position\":{},\"depth\":{depth},\"nodes\":{n}}}\n", json_str(&Canon::of(&p).to_string()))
    } else {
        format!("{n}\n")
    })
}

pub fn replay(args: &Args) -> Result<String, String> {
    let text = args.positional(0).map_err(|_| "missing record".to_string())?;
    let rec = Record::parse(text).map_err(|e| format!("record: {e}"))?;
    let steps = rec.replay().map_err(|e| e.to_string())?;
    let mut p = Position::start(rec.spots).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for (mv, child) in steps {
        rows.push((write_move(&p, &mv), Canon::of(&child).to_string(), HoeyDisplay(&child).to_string()));
        p = child;
    }
    Ok(if args.json() {
        let items: Vec<String> = rows
            .iter()
            .map(|(m, c, h)| format!("{{\"move\":{},\"position\":{},\"hoey\":{}}}", json_str(m), json_str(c), json_str(h)))
            .collect();
        format!("[{}]\n", items.join(","))
    } else {
        rows.iter().map(|(m, c, h)| format!("{m}\t{c}\t{h}\n")).collect()
    })
}

/// A small deterministic generator (SplitMix64): the CLI needs repeatable
/// games from a seed, nothing more.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn random(args: &Args) -> Result<String, String> {
    let n = args.number("--spots")?.ok_or("random needs --spots N")?;
    if !(1..=100).contains(&n) {
        return Err(format!("--spots {n}: choose 1 to 100 spots"));
    }
    let seed = args.number("--seed")?.unwrap_or(1);
    let misere = args.flag("--misere");
    let mut rng = Rng::new(seed);
    let mut p = Position::start(n as usize).map_err(|e| e.to_string())?;
    let mut moves = Vec::new();
    loop {
        let options = p.representative_moves();
        if options.is_empty() {
            break;
        }
        let (mv, _) = &options[rng.below(options.len())];
        let text = sprouts::notation::move_text(&p, mv);
        p = p.play(mv).map_err(|e| e.to_string())?;
        moves.push(text);
    }
    let last_mover_first = moves.len() % 2 == 1;
    let result = if last_mover_first != misere { Winner::First } else { Winner::Second };
    let rec = Record { spots: n as usize, misere, players: None, moves, result: Some(result) };
    Ok(format!("{rec}\n"))
}

pub fn bench_movegen(_args: &Args) -> Result<String, String> {
    let mut out = String::from("start  depth  nodes       seconds  children/s\n");
    for (n, depth) in [(6usize, 4u32), (8, 4), (10, 4)] {
        let start = Canon::of(&Position::start(n).map_err(|e| e.to_string())?);
        let t = Instant::now();
        let nodes = perft_count(&start, depth);
        let secs = t.elapsed().as_secs_f64();
        out.push_str(&format!("{n:>5}  {depth:>5}  {nodes:>10}  {secs:>7.3}  {:>10.0}\n", nodes as f64 / secs));
    }
    Ok(out)
}
