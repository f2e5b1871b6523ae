//! Helpers shared by the integration tests: a deterministic PRNG (no
//! external crates, so every run checks the same positions).
// Each test crate uses part of this module.
#![allow(dead_code)]

/// SplitMix64: tiny, fast, and good enough to pick moves and mutate text.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in lo..=hi.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }
}

/// Labelled positions met in random games from starts of 1 to `max_spots`
/// spots, each game stopped once at most `stop` lives are left (random, 2
/// to `max_lives`).
pub fn random_positions(seed: u64, count: usize, max_spots: usize, max_lives: u32) -> Vec<sprouts::Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = sprouts::Position::start(rng.range(1, max_spots)).unwrap();
        let stop = rng.range(2, max_lives as usize) as u32;
        loop {
            let moves = p.representative_moves();
            if moves.is_empty() || p.total_lives() <= stop {
                break;
            }
            let (mv, _) = rng.pick(&moves);
            p = p.play(mv).unwrap();
        }
        out.push(p);
    }
    out
}

/// Drawn games to draw strokes on: starts of 1 to 6 spots and, for each
/// count in `stops`, a random game of that many moves (fewer if it ends).
pub fn drawn_games(rng: &mut Rng, stops: &[usize]) -> Vec<sprouts::game::Game> {
    let mut out = Vec::new();
    for n in 1..=6 {
        for &stop in stops {
            let mut g = sprouts::game::Game::new(n, false, 800.0, 600.0).expect("a start");
            for _ in 0..stop {
                let moves = g.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                let (mv, _) = &moves[rng.below(moves.len())];
                if g.play_move(mv).is_err() {
                    break;
                }
            }
            out.push(g);
        }
    }
    out
}

/// A random game from `n` spots: random distinct moves, routed, to the end
/// or until `max` moves.
pub fn random_game(n: usize, misere: bool, max: usize, rng: &mut Rng) -> sprouts::game::Game {
    let mut g = sprouts::game::Game::new(n, misere, 800.0, 600.0).unwrap();
    while g.cursor() < max {
        let options = g.position().representative_moves();
        if options.is_empty() {
            break;
        }
        let (mv, _) = rng.pick(&options);
        g.play_move(mv).unwrap();
    }
    g
}

/// Every record of tests/data/records: (file name, line number, text),
/// skipping blank lines and `#` comments.
pub fn record_corpus() -> Vec<(String, usize, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                out.push((name.clone(), k + 1, line.to_string()));
            }
        }
    }
    out
}
