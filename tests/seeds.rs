//! Worked examples from the seeds (shared/seeds): seed 004's card game and
//! seed 000's Figure 3.

use sprouts::notation::{resolve, write_move, MoveError, MoveText, Record};
use sprouts::text::{parse_hoey, HoeyDisplay};
use sprouts::{Canon, Position};

/// The card page prints the position after each move of
/// `2+ 1(3)2 1(4)2 1(5)4 2(6)3` in Hoey's notation.
const CARD: [&str; 4] = [
    "1,3,2,3",
    "4,1,3,2/4,2,3,1",
    "5,1,3,2,4/5,4,1/4,2,3,1",
    "5,1,3,2,4/5,4,1/6,2,3/6,3,1,4,2",
];

#[test]
fn seed_004_card_game_gives_the_printed_positions() {
    let rec = Record::parse("2+ 1(3)2 1(4)2 1(5)4 2(6)3").unwrap();
    let steps = rec.replay().unwrap();
    assert_eq!(steps.len(), 4);
    for (k, ((_, got), want)) in steps.iter().zip(CARD).enumerate() {
        assert_eq!(got, &parse_hoey(want).unwrap(), "after move {}", k + 1);
    }
}

#[test]
fn seed_004_last_move_has_two_regions_and_at_picks_the_other() {
    let rec = Record::parse("2+ 1(3)2 1(4)2 1(5)4").unwrap();
    let p = rec.replay().unwrap().pop().unwrap().1;
    // 2 and 3 meet in two regions; the card draws it in the one where the
    // new spot cannot reach spot 5. WGOSA writes that one without `@` and
    // the other one `2(6@5)3`.
    let card = parse_hoey(CARD[3]).unwrap();
    let (_, bare) = resolve(&p, &MoveText::parse("2(6)3").unwrap()).unwrap();
    assert_eq!(bare, card);
    let (_, other) = resolve(&p, &MoveText::parse("2(6@5)3").unwrap()).unwrap();
    assert_ne!(other, card);
    assert!(other.regions().iter().any(|r| {
        let spots: Vec<u32> = r.iter().flatten().copied().collect();
        spots.contains(&6) && spots.contains(&5)
    }));
    // Both are written back as they were read, shortest form.
    let moves = p.legal_moves();
    let text_of = |child: &Position| {
        let (mv, _) = moves.iter().find(|(_, c)| c == child).unwrap();
        write_move(&p, mv)
    };
    assert_eq!(text_of(&card), "2(6)3");
    assert_eq!(resolve(&p, &MoveText::parse(&text_of(&other)).unwrap()).unwrap().1, other);
}

#[test]
fn the_first_end_decides_between_two_regions() {
    // After 1(3)2 1(4)2 the two regions are mirror images and 1, 2, 3, 4
    // lie on both. A line from 1 to 2 separates 3 from 4, so it lists one
    // of them. In each region one end is at its expected corner and the
    // other is not: the ant at f decides, so `1(5)2[3]` is drawn where 1's
    // corner is expected, `1!(5)2[3]` in the other region, and a `!` before
    // 2 that only repeats what f chose is redundant.
    let p = Record::parse("2+ 1(3)2 1(4)2").unwrap().replay().unwrap().pop().unwrap().1;
    let read = |t: &str| resolve(&p, &MoveText::parse(t).unwrap()).unwrap().1;
    let (bare, flipped) = (read("1(5)2[3]"), read("1!(5)2[3]"));
    assert_ne!(bare, flipped);
    assert_eq!(read("1(5)!2[3]"), bare);
    assert_eq!(read("2!(5)1[3]"), bare, "written from 2, the other corner of 2 is the same drawing");
    assert_eq!(read("2(5)1[3]"), flipped);
    let moves = p.legal_moves();
    let text_of = |child: &Position| write_move(&p, &moves.iter().find(|(_, c)| c == child).unwrap().0);
    assert_eq!(text_of(&bare), "1(5)2[3]");
    assert_eq!(text_of(&flipped), "2(5)1[3]");
}

#[test]
fn a_move_that_fits_two_regions_equally_is_ambiguous() {
    // A loop at 1 around 2 (3 outside), then a line from 1 to the loop's
    // spot 4: inside or outside, and no corner has an expectation (both
    // neighbours are the same spot). Each drawing reaches a spot the other
    // does not, so only `@` tells them apart.
    let rec = Record::parse("3+ 1(4)1[2] 1(5)4").unwrap();
    let err = rec.replay().unwrap_err();
    assert_eq!(err.number, 2);
    match &err.error {
        MoveError::Ambiguous(alts) => assert_eq!(alts, &vec!["1(5@2)4".to_string(), "1(5@3)4".to_string()]),
        other => panic!("expected an ambiguity, got {other:?}"),
    }
    assert_eq!(err.to_string(), "move 2 `1(5)4`: ambiguous, the move can be drawn 2 ways (write 1(5@2)4 or 1(5@3)4)");
    assert!(Record::parse("3+ 1(4)1[2] 1(5@2)4").unwrap().replay().is_ok());
}

#[test]
fn seed_004_errors_name_the_move() {
    let e = Record::parse("2+ 1(3)2 1(4)2 1(5)1").unwrap().replay().unwrap_err();
    assert_eq!(e.number, 3);
    assert!(e.to_string().contains("needs 2 lives"), "{e}");
    let e = Record::parse("2+ 1(3)2 1(5)2").unwrap().replay().unwrap_err();
    assert_eq!(e.to_string(), "move 2 `1(5)2`: the new spot must be numbered 4");
    let e = Record::parse("2+ 1(3)2 1(4)2 2(5)2").unwrap().replay().unwrap_err();
    assert!(e.to_string().contains("needs 2 lives"), "{e}");
    let e = Record::parse("2+ 1(3)7").unwrap().replay().unwrap_err();
    assert!(e.to_string().contains("spot 7 does not exist"), "{e}");
}

/// Seed 000, Figure 3: in the component (5 8 2 8 7 3 7 4), joining 4 to the
/// two occurrences of 8 gives different positions: (2 7 3 7 9)+(5 9) and
/// (7 3 7 9)+(5 2 9) after dead spots are deleted.
#[test]
fn seed_000_figure_3_two_joins_of_4_and_8() {
    // Spots 1 and 6 are dead; 4 and 8 die in the move; 7 and 8 are listed
    // twice (one life each); 2, 3, 5 have one life with a corner elsewhere.
    let lives = vec![0, 1, 1, 1, 1, 0, 1, 1];
    let p = Position::new(lives.clone(), vec![vec![vec![5, 8, 2, 8, 7, 3, 7, 4]]]).unwrap();
    let region = &p.regions()[0];
    let b = &region[0];
    let four = b.iter().position(|&s| s == 4).unwrap();
    let eights: Vec<usize> = b.iter().enumerate().filter(|e| *e.1 == 8).map(|e| e.0).collect();
    assert_eq!(eights.len(), 2);
    let mut got = Vec::new();
    for &e in &eights {
        let mv = sprouts::Move {
            region: 0,
            from: sprouts::Corner { boundary: 0, index: four },
            to: sprouts::Corner { boundary: 0, index: e },
            inside: vec![],
        };
        got.push(Canon::of(&p.play(&mv).unwrap()));
    }
    let mut l9 = lives.clone();
    l9.push(1);
    let expect = |a: Vec<u32>, b: Vec<u32>| {
        Canon::of(&Position::new(l9.clone(), vec![vec![a], vec![b]]).unwrap())
    };
    let first = expect(vec![2, 7, 3, 7, 9], vec![5, 9]);
    let second = expect(vec![7, 3, 7, 9], vec![5, 2, 9]);
    assert_ne!(first, second);
    got.sort();
    let mut want = vec![first, second];
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn hoey_lists_print_and_parse_back() {
    for s in CARD {
        let p = parse_hoey(s).unwrap();
        assert_eq!(parse_hoey(&HoeyDisplay(&p).to_string()).unwrap(), p);
    }
}
