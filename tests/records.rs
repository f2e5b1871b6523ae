//! Real game records (tests/data/records, each file names its source):
//! every one replays with every move legal, and printing each move with
//! `write_move` and re-reading the printed record gives the same positions.
//! Then records written by hand for each tricky case of the reading.

use sprouts::notation::{resolve, write_move, MoveError, MoveText, Players, Record, Winner};
use sprouts::text::parse_hoey;
use sprouts::{Move, MoveKind, Position};
mod common;


/// Whether `[L]` names a spot of the boundary the move redraws (other than
/// its ends): a loop around a path hanging from its own spot, say.
fn lists_own_boundary(p: &Position, mv: &Move, m: &MoveText) -> bool {
    let b = &p.regions()[mv.region][mv.from.boundary];
    mv.kind() != MoveKind::Join && m.listed.iter().any(|s| b.contains(s) && *s != m.from && *s != m.to)
}

#[test]
fn every_real_record_replays() {
    let records = common::record_corpus();
    let (mut moves, mut at, mut bang, mut own) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for (file, line, text) in &records {
        let rec = Record::parse(text).unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
        let steps = match rec.replay() {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{file}:{line}: {e}"));
                continue;
            }
        };
        let mut p = Position::start(rec.spots).unwrap();
        for (m, (mv, child)) in rec.moves.iter().zip(&steps) {
            moves += 1;
            at += usize::from(m.at.is_some());
            own += usize::from(lists_own_boundary(&p, mv, m));
            // The clockwise expectation chose the drawing when a `!` at
            // either end would have meant another one.
            let flipped = |from_flip, to_flip| {
                let t = MoveText { from_flip, to_flip, ..m.clone() };
                resolve(&p, &t).is_ok_and(|(_, c)| &c != child)
            };
            bang += usize::from(m.from_flip || m.to_flip || flipped(true, false) || flipped(false, true));
            p = child.clone();
        }
    }
    assert!(failures.is_empty(), "{} of {} records fail:\n{}", failures.len(), records.len(), failures.join("\n"));
    eprintln!(
        "{} records, {moves} moves; {at} with `@`, {bang} where the clockwise expectation (`!`) chose the drawing, {own} with `[L]` naming a spot of the boundary the move redraws",
        records.len()
    );
    assert!(records.len() >= 13 && at > 0 && bang > 0 && own > 0);
}

#[test]
fn real_records_print_and_read_back() {
    let (mut same, mut total) = (0, 0);
    for (file, line, text) in common::record_corpus() {
        let rec = Record::parse(&text).unwrap();
        // The text itself: printing the parsed record and reading it again.
        assert_eq!(Record::parse(&rec.to_string()).unwrap(), rec, "{file}:{line}");
        let steps = rec.replay().unwrap();
        let mut p = Position::start(rec.spots).unwrap();
        let mut printed = Vec::new();
        for ((mv, child), written) in steps.iter().zip(&rec.moves) {
            let text = write_move(&p, mv);
            total += 1;
            same += usize::from(text == written.to_string());
            printed.push(MoveText::parse(&text).unwrap());
            p = child.clone();
        }
        let again = Record { moves: printed, ..rec.clone() };
        let back = Record::parse(&again.to_string()).unwrap();
        let replayed = back.replay().unwrap_or_else(|e| panic!("{file}:{line}: printed as {again}: {e}"));
        for (k, (a, b)) in replayed.iter().zip(&steps).enumerate() {
            assert_eq!(a.1, b.1, "{file}:{line}: move {} printed as {}", k + 1, back.moves[k]);
        }
    }
    eprintln!("{same} of {total} moves print exactly as the players wrote them");
}

#[test]
fn headers_as_players_wrote_them() {
    let moves = " 1(22)2 1(23)1[2,3] II";
    let cases: [(&str, Players); 6] = [
        ("21- (P-Q*)", Players { first: "P".into(), second: "Q".into(), chooser: Some(Winner::Second), note: None }),
        // Only the last `*` marks the chooser; the name keeps the others.
        ("21- (P** - Q)", Players { first: "P*".into(), second: "Q".into(), chooser: Some(Winner::First), note: None }),
        ("21- (P - Q* * *)", Players { first: "P".into(), second: "Q* *".into(), chooser: Some(Winner::Second), note: None }),
        ("21- (P - Q+R*)", Players { first: "P".into(), second: "Q+R".into(), chooser: Some(Winner::Second), note: None }),
        (
            "21-(P* - Q, 2010-06-03)",
            Players { first: "P".into(), second: "Q".into(), chooser: Some(Winner::First), note: Some("2010-06-03".into()) },
        ),
        (
            "21- (Jordan+Aunt Beast - Khorkov*, 2011 Clash of the Titans Game 1)",
            Players {
                first: "Jordan+Aunt Beast".into(),
                second: "Khorkov".into(),
                chooser: Some(Winner::Second),
                note: Some("2011 Clash of the Titans Game 1".into()),
            },
        ),
    ];
    for (header, players) in cases {
        let rec = Record::parse(&format!("{header}{moves}")).unwrap_or_else(|e| panic!("{header}: {e}"));
        assert_eq!(rec.players.as_ref(), Some(&players), "{header}");
        // Two moves and the second player wins: the result need not be the
        // last mover's (games end by concession).
        assert_eq!(rec.result, Some(Winner::Second));
        assert!(rec.replay().is_ok());
        assert_eq!(Record::parse(&rec.to_string()).unwrap(), rec);
    }
    for bad in ["3+ (A-B-C) 1(4)2", "3+ (A - ) 1(4)2", "3+ (A* - B*) 1(4)2", "3+ (A - B 1(4)2"] {
        let e = Record::parse(bad).unwrap_err();
        assert!(e.offset > 0 && e.offset <= bad.len(), "{bad}: {e}");
    }
}

/// The position after a record, or the error.
fn play(record: &str) -> Result<Position, String> {
    let rec = Record::parse(record).map_err(|e| e.to_string())?;
    rec.replay().map(|s| s.last().map(|x| x.1.clone()).unwrap_or(Position::start(rec.spots).unwrap())).map_err(|e| e.to_string())
}

/// Whether spots `a` and `b` share a region.
fn together(p: &Position, a: u32, b: u32) -> bool {
    p.regions().iter().any(|r| r.iter().flatten().any(|&s| s == a) && r.iter().flatten().any(|&s| s == b))
}

#[test]
fn a_loop_around_a_path_of_its_own_boundary() {
    // 1(6)2 leaves the path 1-6-2; a loop at 1 may enclose it (then 2, on
    // the boundary the loop redraws, is listed) or not (as in the 2006
    // game `21- 1(22)2 1(23)1[2,3]`, kept small here).
    let around = play("5- 1(6)2 1(7)1[2,3]").unwrap();
    assert!(together(&around, 2, 3) && together(&around, 6, 3) && !together(&around, 3, 4));
    let beside = play("5- 1(6)2 1(7)1[3]").unwrap();
    assert!(!together(&beside, 2, 3) && together(&beside, 2, 4));
    // Any spot of the path names it; more spots than needed are fine.
    assert_eq!(play("5- 1(6)2 1(7)1[6,3]").unwrap(), around);
    assert_eq!(play("5- 1(6)2 1(7)1[2,3,6]").unwrap(), around);
    // Listing the loop's own spot names nothing; a `!` after h is redundant
    // when a listed spot of the path already says which side is L.
    assert_eq!(play("5- 1(6)2 1(7)1[1,2,3]").unwrap(), around);
    assert_eq!(play("5- 1(6)2 1(7)1![2,3]").unwrap(), around);
    // The path alone, and the printed forms.
    let path = play("5- 1(6)2 1(7)1[2]").unwrap();
    assert!(together(&path, 2, 7) && !together(&path, 2, 3));
    let p = play("5- 1(6)2").unwrap();
    for want in [&around, &beside, &path] {
        let (mv, _) = p.legal_moves().into_iter().find(|(_, c)| c == want).unwrap();
        let text = write_move(&p, &mv);
        assert_eq!(&resolve(&p, &MoveText::parse(&text).unwrap()).unwrap().1, want, "{text}");
    }
    // The 2006 game's 16(29)17 16(30)16[17,18]: a loop at 16 around the
    // path 16-29-17 and spot 18.
    let q = play("26- 1(27)1[2-15] 1(28)27[2-5] 16(29)17 16(30)16[17,18]").unwrap();
    assert!(together(&q, 17, 18) && !together(&q, 18, 19));
}

#[test]
fn a_listed_spot_beyond_a_pier_spot() {
    // 4+ 1(5)2 2(6)3: 2 has two corners; the path 2-6-3 hangs from 2 and
    // 6 is a pier spot. A line from 1 to 2 puts that path on one side: 3,
    // beyond the pier 6, says which, as 6 itself would.
    let with3 = play("4+ 1(5)2 2(6)3 1(7)2[3]").unwrap();
    assert!(together(&with3, 3, 7) && !together(&with3, 3, 4));
    assert_eq!(play("4+ 1(5)2 2(6)3 1(7)2[6]").unwrap(), with3);
    let both = play("4+ 1(5)2 2(6)3 1(7)2[3,4]").unwrap();
    assert!(together(&both, 3, 4));
    // Nothing listed: the line 1-7-2 goes round the edge 1-5-2 only, and
    // the path stays with 4.
    let none = play("4+ 1(5)2 2(6)3 1(7)2").unwrap();
    assert!(together(&none, 3, 4));
}

#[test]
fn bangs_at_either_end() {
    // 3+ 1(4)2: 4 is a pier spot with two corners in one region; a line
    // from 3 to 4 can enter either. The ant coming into 4 sees 1 on one
    // side and 2 on the other: the expected corner has the higher number
    // on its left.
    let p = play("3+ 1(4)2").unwrap();
    let read = |t: &str| resolve(&p, &MoveText::parse(t).unwrap()).unwrap().1;
    let (plain, bang) = (read("3(5)4"), read("3(5)!4"));
    assert_ne!(plain, bang);
    assert_eq!(read("4(5)3"), plain);
    assert_eq!(read("4!(5)3"), bang);
    // The card position: 3,5,4,1 then 2 — the expected corner of 4 lies
    // between 2 (before, on the left) and 1.
    assert_eq!(plain, parse_hoey("1,4,2,4,5,3,5,4").unwrap());
    // A `!` where no drawing breaks the expectation is redundant.
    assert_eq!(read("3!(5)4"), plain);
    let moves = p.legal_moves();
    let text = |c: &Position| write_move(&p, &moves.iter().find(|(_, x)| x == c).unwrap().0);
    assert_eq!((text(&plain).as_str(), text(&bang).as_str()), ("3(5)4", "3(5)!4"));
}

#[test]
fn at_names_the_region_of_the_new_spot() {
    let inside = play("3+ 1(4)1[2] 1(5@2)4").unwrap();
    let outside = play("3+ 1(4)1[2] 1(5@3)4").unwrap();
    assert!(together(&inside, 5, 2) && !together(&inside, 5, 3));
    assert!(together(&outside, 5, 3) && !together(&outside, 5, 2));
    let e = play("3+ 1(4)1[2] 1(5@7)4").unwrap_err();
    assert_eq!(e, "move 2 `1(5@7)4`: illegal, the new spot cannot reach spot 7 after this move");
}

#[test]
fn listings_that_fit_no_drawing_say_why() {
    let cases = [
        ("21- 1(22)2 1(23)1[2,3] 1(24)23", "move 3 `1(24)23`: illegal, spot 1 has no lives left"),
        ("4+ 1(5)2 2(6)3 1(7)2[3,8]", "move 3 `1(7)2[3,8]`: illegal, spot 8 is not in the region the move is drawn in"),
        ("2+ 1(3)2 1(4)2 1(5)2", "move 3 `1(5)2`: illegal, the move separates spot 3 from spot 4: list the spots of one side"),
        ("2+ 1(3)2 1(4)2 1(5)2[3,4]", "move 3 `1(5)2[3,4]`: illegal, spots 3 and 4 end up on different sides of the move"),
        ("3+ 1(4)2 3(5)1[2]", "move 2 `3(5)1[2]`: illegal, 3(…)1 joins two boundaries, it separates nothing"),
    ];
    for (record, want) in cases {
        assert_eq!(play(record).unwrap_err(), want, "{record}");
    }
    match Record::parse("3+ 1(4)1[2] 1(5)4").unwrap().replay().unwrap_err().error {
        MoveError::Ambiguous(alts) => assert_eq!(alts.len(), 2),
        other => panic!("{other:?}"),
    }
}

/// Real records with random small edits: reading and replaying never
/// panics, errors point inside the text or at one of its moves, and every
/// move of an edited record that still replays prints and reads back.
#[test]
fn edited_records_fail_cleanly() {
    let alphabet = b"0123456789()[]!@,- +*I";
    let mut state = 0x5eed_u64;
    let mut next = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let (mut tried, mut replayed) = (0, 0);
    for (_, _, text) in common::record_corpus() {
        for _ in 0..100 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + next(3) {
                let at = next(bytes.len());
                match next(3) {
                    0 => bytes[at] = alphabet[next(alphabet.len())],
                    1 => bytes.insert(at, alphabet[next(alphabet.len())]),
                    _ => {
                        bytes.remove(at);
                    }
                }
            }
            let edited = String::from_utf8(bytes).unwrap();
            tried += 1;
            let rec = match Record::parse(&edited) {
                Ok(r) => r,
                Err(e) => {
                    assert!(e.offset <= edited.len(), "{edited}: {e}");
                    continue;
                }
            };
            match rec.replay() {
                Ok(steps) => {
                    replayed += 1;
                    let mut p = Position::start(rec.spots).unwrap();
                    for (mv, child) in &steps {
                        let t = MoveText::parse(&write_move(&p, mv)).unwrap();
                        assert_eq!(&resolve(&p, &t).unwrap().1, child, "{edited}");
                        p = child.clone();
                    }
                }
                Err(e) => assert!((1..=rec.moves.len()).contains(&e.number), "{edited}: {e}"),
            }
        }
    }
    eprintln!("{tried} edited records, {replayed} still replay");
}

/// `sprouts replay --json --header` on every real record: the header as
/// the record wrote it (spots, convention, players, result), and each move
/// as written, found in the record's text in order, and reading back (in
/// the position before it) to the position the step shows; the plain
/// `--json` array has the same steps.
#[test]
fn replay_json_keeps_the_header_and_the_moves_as_written() {
    use sprouts::text::HoeyDisplay;
    let run = |args: &[&str]| -> serde_json::Value {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_sprouts")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let (mut moves, mut differ) = (0, 0);
    for (file, line, text) in common::record_corpus() {
        let at = format!("{file}:{line}");
        let v = run(&["replay", "--json", "--header", &text]);
        let plain = run(&["replay", "--json", &text]);
        assert_eq!(v["moves"], plain, "{at}");
        let rec = Record::parse(&text).unwrap();
        let h = &v["header"];
        assert_eq!(h["spots"], rec.spots, "{at}");
        assert_eq!(h["convention"], if rec.misere { "misere" } else { "normal" }, "{at}");
        // The result as the last word of the line says it.
        let last = text.split_whitespace().last().unwrap();
        let result = match last {
            "I" => serde_json::json!(1),
            "II" => serde_json::json!(2),
            _ => serde_json::Value::Null,
        };
        assert_eq!(h["result"], result, "{at}");
        match &rec.players {
            Some(p) => {
                assert_eq!(h["players"]["first"], p.first.as_str(), "{at}");
                assert_eq!(h["players"]["second"], p.second.as_str(), "{at}");
                assert!(text.contains(&p.first) && text.contains(&p.second), "{at}");
            }
            None => assert!(h["players"].is_null(), "{at}"),
        }
        let steps = v["moves"].as_array().unwrap();
        assert_eq!(steps.len(), rec.moves.len(), "{at}");
        let mut p = Position::start(rec.spots).unwrap();
        let mut from = text.find(')').filter(|_| rec.players.is_some()).unwrap_or(0);
        for (k, step) in steps.iter().enumerate() {
            let written = step["written"].as_str().unwrap();
            let engine = step["move"].as_str().unwrap();
            // Found in the line, after the move before it.
            let found = text[from..].find(written).unwrap_or_else(|| panic!("{at}: move {} `{written}` not in the text", k + 1));
            from += found + written.len();
            // The written text and the engine's both read back to the position shown.
            let want = step["hoey"].as_str().unwrap();
            for t in [written, engine] {
                let (_, child) = resolve(&p, &MoveText::parse(t).unwrap()).unwrap_or_else(|e| panic!("{at}: move {} `{t}`: {e}", k + 1));
                let mut c = child.clone();
                c.normalize();
                assert_eq!(HoeyDisplay(&c).to_string(), want, "{at}: move {} `{t}`", k + 1);
            }
            moves += 1;
            differ += usize::from(written != engine);
            p = parse_hoey(want).unwrap();
        }
    }
    assert!(moves > 200, "{moves} moves");
    eprintln!("{moves} moves, {differ} written otherwise than the engine's shortest form");
}
