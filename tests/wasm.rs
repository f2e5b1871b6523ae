//! wasm32 tests of the JavaScript facade, run in node by wasm-bindgen-test-runner
//! (`scripts/test.sh`). Native test runs compile this file to nothing.
#![cfg(target_arch = "wasm32")]

use sprouts::wasm::{
    analyse, analyse_variant, canonical, computer_move, computer_move_variant, engine_version, explore, read_record, reading_of, Game,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key).as_f64().unwrap_or_else(|| panic!("{key} is not a number"))
}

fn text(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_else(|| panic!("{key} is not a string"))
}

fn array(v: &JsValue, key: &str) -> js_sys::Array {
    get(v, key).dyn_into::<js_sys::Array>().unwrap_or_else(|_| panic!("{key} is not an array"))
}

fn message(e: JsError) -> String {
    let v: JsValue = e.into();
    js_sys::Reflect::get(&v, &"message".into()).unwrap().as_string().unwrap()
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Spot `n`'s coordinates.
fn spot(g: &Game, n: u32) -> (f64, f64) {
    let s = js_sys::Array::from(&g.spot_list()).get(n - 1);
    (num(&s, "x"), num(&s, "y"))
}

/// A pointer stroke through the waypoints, sampled every 2 units, flat.
fn stroke(way: &[(f64, f64)]) -> Vec<f64> {
    let mut out = vec![way[0].0, way[0].1];
    for w in way.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        let n = (((x1 - x0).hypot(y1 - y0)) / 2.0).ceil().max(1.0) as usize;
        for k in 1..=n {
            let t = k as f64 / n as f64;
            out.push(x0 + (x1 - x0) * t);
            out.push(y0 + (y1 - y0) * t);
        }
    }
    out
}

fn opts(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        js_sys::Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

#[wasm_bindgen_test]
fn engine_version_is_the_crate_version() {
    assert_eq!(engine_version(), env!("CARGO_PKG_VERSION"));
}

/// (p, q) Sprouts is in the module fetched on demand (src/wasm/pq.rs,
/// feature `surface-module`): this plane module's variant analysis and
/// computer refuse its record with the reason, and trap on nothing.
#[cfg(not(feature = "surface-module"))]
#[wasm_bindgen_test]
fn the_plane_module_refuses_a_pq_record() {
    let answers = [
        analyse_variant("{pq:4,3} 2+", 800.0, 600.0, JsValue::NULL, None),
        computer_move_variant("{pq:4,3} 2+", 800.0, 600.0, JsValue::NULL, None),
    ];
    for a in answers {
        let m = message(a.err().unwrap());
        assert!(m.contains("(p, q) Sprouts is a game of its own"), "{m}");
    }
}

#[wasm_bindgen_test]
fn a_new_game() {
    let g = Game::new(3, false, 800.0, 600.0).unwrap();
    assert_eq!(g.spots(), 3);
    assert_eq!(g.glop(), canonical("0*3").unwrap());
    assert_eq!(g.record(), "3+");
    let st = g.status();
    assert_eq!(num(&st, "toMove"), 1.0);
    assert_eq!(get(&st, "over"), JsValue::FALSE);
    assert!(get(&st, "winner").is_null());
    assert_eq!(js_sys::Array::from(&g.spot_list()).length(), 3);
    assert_eq!(js_sys::Array::from(&g.edge_list()).length(), 0);
    assert_eq!(js_sys::Array::from(&g.lands()).length(), 1);
}

/// Every error says why, and quotes characters as they are, briefly.
#[wasm_bindgen_test]
fn errors_carry_their_reason() {
    let m = message(Game::from_record("3+ 1(5)2", 800.0, 600.0).err().unwrap());
    assert!(m.contains("move 1") && m.contains("numbered 4"), "{m}");
    let m = message(canonical("0.0.é").unwrap_err());
    assert!(m.contains("'é'"), "{m}");
    // Below the spot limit (10,000), so that the error is the `x`.
    let long = format!("{}x", "0.".repeat(4_000));
    let m = message(canonical(&long).unwrap_err());
    assert!(m.len() < 300 && m.contains("offset 8000"), "{m}");
}

#[wasm_bindgen_test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(Game::new(0, false, 800.0, 600.0).is_err());
    assert!(Game::new(1000, false, 800.0, 600.0).is_err());
    assert!(Game::new(3, false, f64::NAN, 600.0).is_err());
    assert!(Game::new(3, false, 800.0, -1.0).is_err());
    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    assert!(message(g.play_text("garbage").unwrap_err()).contains("not a move"));
    assert!(message(g.play_text("1(4)2").unwrap_err()).contains("numbered 3"));
    assert!(g.play_text("1(3)7").is_err());
    assert!(g.play_stroke(&[], 0.5).is_err());
    assert!(g.play_stroke(&[f64::NAN, 1.0, 2.0], 0.5).is_err());
    assert!(g.play_stroke(&[1e300, 1e300, 5.0, 5.0], f64::INFINITY).is_err());
    assert!(g.set_rules(-1.0, 2.0, 3.0).is_err());
    let c = g.check_stroke(&[1.0, 2.0, 3.0]).unwrap();
    assert_eq!(get(&c, "ok"), JsValue::FALSE);
    assert!(Game::from_json("{").is_err());
    assert!(Game::from_json("{\"version\": 1}").is_err());
    assert!(Game::from_json("null").is_err());
    assert!(Game::from_record("2+ 1(3)2 1(3)2", 800.0, 600.0).is_err());
    assert!(canonical("0..").is_err());
    assert!(analyse("x", JsValue::UNDEFINED, None).is_err());
    assert!(computer_move("2+", opts(&[("strength", "strong".into())]), None).is_err());
    assert_eq!(g.moves().len(), 0);
    assert!(!g.undo());
    assert!(!g.redo());
}

#[wasm_bindgen_test]
fn a_drawn_stroke_is_a_move() {
    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    let (a, b) = (spot(&g, 1), spot(&g, 2));
    let s = stroke(&[a, ((a.0 + b.0) / 2.0, a.1 - 80.0), b]);
    let c = g.check_stroke(&s).unwrap();
    assert_eq!(get(&c, "complete"), JsValue::TRUE);
    assert_eq!(num(&c, "to"), 2.0);
    // Halfway, it may end on either spot (or loop back to 1).
    let half = g.check_stroke(&s[..s.len() / 2 & !1]).unwrap();
    assert_eq!(get(&half, "ok"), JsValue::TRUE);
    assert_eq!(get(&half, "complete"), JsValue::FALSE);
    assert_eq!(array(&half, "targets").length(), 2);
    let f = g.check_finished(&s, 0.25).unwrap();
    assert_eq!(get(&f, "complete"), JsValue::TRUE);
    assert!((num(&f, "t") - 0.25).abs() < 0.05);
    assert_eq!(g.play_stroke(&s, 0.5).unwrap(), "1(3)2");
    assert_eq!(g.moves(), vec!["1(3)2".to_string()]);
    assert_eq!(g.record(), "2+ 1(3)2");
    assert_eq!(num(&g.status(), "toMove"), 2.0);
    assert_eq!(js_sys::Array::from(&g.edge_list()).length(), 2);
    assert_eq!(g.lives(3), 1);
}

/// JSON text of a JS value, to compare answers.
fn json(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

#[wasm_bindgen_test]
fn a_stroke_fed_point_by_point_answers_as_the_whole_stroke() {
    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    let (a, b) = (spot(&g, 1), spot(&g, 2));
    assert!(message(g.extend_stroke(&[1.0, 2.0]).unwrap_err()).contains("no stroke"));
    // A move, then (begun anew) a stroke that crosses itself.
    let good = stroke(&[a, ((a.0 + b.0) / 2.0, a.1 - 80.0), b]);
    let mid = ((a.0 + b.0) / 2.0, a.1);
    let bad = stroke(&[a, (mid.0, mid.1 - 60.0), (mid.0 + 30.0, mid.1 - 30.0), (mid.0 - 30.0, mid.1 - 30.0), b]);
    let (mut complete, mut faulty) = (0, 0);
    for s in [&bad, &good] {
        g.begin_stroke().unwrap();
        let mut n = 0;
        while n < s.len() {
            let next = (n + 2 * (1 + n % 3)).min(s.len());
            let c = g.extend_stroke(&s[n..next]).unwrap();
            n = next;
            assert_eq!(json(&c), json(&g.check_stroke(&s[..n]).unwrap()), "after {} points", n / 2);
            complete += usize::from(get(&c, "complete") == JsValue::TRUE);
            faulty += usize::from(get(&c, "ok") == JsValue::FALSE);
            // Hostile points are an error and change nothing.
            assert!(message(g.extend_stroke(&[1.0, f64::NAN]).unwrap_err()).contains(&format!("point {} ", n / 2)));
            assert!(message(g.extend_stroke(&[1e300, 5.0]).unwrap_err()).contains("not a usable position"));
            assert!(message(g.extend_stroke(&[1.0, 2.0, 3.0]).unwrap_err()).contains("3 numbers"));
            assert_eq!(json(&g.extend_stroke(&[]).unwrap()), json(&c));
        }
    }
    assert!(complete > 0 && faulty > 0, "{complete} complete, {faulty} with a fault");
    let s = good;
    let long = vec![100.0; 2 * 100_001];
    let e = message(g.extend_stroke(&long).unwrap_err());
    assert!(e.contains("points in a stroke"), "{e}");
    assert_eq!(g.play_stroke(&s, 0.5).unwrap(), "1(3)2");
}

#[wasm_bindgen_test]
fn a_crossing_stroke_is_refused_with_the_reason() {
    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    let (a, b) = (spot(&g, 1), spot(&g, 2));
    g.play_stroke(&stroke(&[a, b]), 0.5).unwrap();
    let mid = ((a.0 + b.0) / 2.0 - 60.0, a.1);
    let s = stroke(&[a, (mid.0, mid.1 + 100.0), (mid.0, mid.1 - 100.0), b]);
    let c = g.check_stroke(&s).unwrap();
    assert_eq!(get(&c, "ok"), JsValue::FALSE);
    assert_eq!(text(&c, "code"), "crosses");
    assert!(num(&c, "at") > 0.0);
    let e = message(g.play_stroke(&s, 0.5).unwrap_err());
    assert!(e.contains("crosses"), "{e}");
    assert_eq!(g.moves().len(), 1);
}

#[wasm_bindgen_test]
fn typed_moves_undo_redo_and_saving() {
    let mut g = Game::new(3, true, 800.0, 600.0).unwrap();
    assert_eq!(g.play_text(" 1(4)2 ").unwrap(), "1(4)2");
    let loop_text = g.play_text("3(5)3[1]").unwrap();
    assert!(loop_text.starts_with("3(5)3"), "{loop_text}");
    let hoey = g.hoey();
    assert!(g.undo());
    assert_eq!(g.moves().len(), 1);
    assert!(g.redo());
    assert_eq!(g.hoey(), hoey);
    assert!(g.undo());
    let json = g.to_json();
    let h = Game::from_json(&json).unwrap();
    assert_eq!(h.to_json(), json);
    assert_eq!(h.record(), "3- 1(4)2");
    assert_eq!(get(&h.status(), "canRedo"), JsValue::TRUE);
    // A new move drops what could be redone.
    assert_eq!(g.play_text("3(5)3").unwrap(), "3(5)3");
    assert!(!g.redo());
    // A drawing that does not show the moves is refused.
    let broken = json.replace("1(4)2", "1(4)3");
    assert!(Game::from_json(&broken).is_err());
    // Without a drawing, the moves are routed again.
    let v = js_sys::JSON::parse(&json).unwrap();
    js_sys::Reflect::delete_property(v.dyn_ref::<js_sys::Object>().unwrap(), &"drawing".into()).unwrap();
    let plain = js_sys::JSON::stringify(&v).unwrap().as_string().unwrap();
    assert_eq!(Game::from_json(&plain).unwrap().hoey(), Game::from_json(&json).unwrap().hoey());
}

#[wasm_bindgen_test]
fn records_previews_and_moves_between_spots() {
    let g = Game::from_record("3+ 1(4)1[2] 2(5)4", 800.0, 600.0).unwrap();
    assert_eq!(g.moves(), vec!["1(4)1[2]".to_string(), "2(5)4".to_string()]);
    let p = g.preview_text("3(6)3").unwrap();
    assert_eq!(text(&p, "text"), "3(6)3");
    assert!(array(&p, "points").length() >= 6);
    assert_eq!(g.moves().len(), 2, "a preview plays nothing");
    // Spot 3 is alone outside the loop: it joins 1 or 4 there, or loops.
    assert_eq!(g.moves_between(3, 1, None), vec!["1(6)3".to_string()]);
    assert!(g.moves_between(3, 2, None).is_empty());
    assert_eq!(g.moves_between(3, 3, None).len(), 1);
    assert!(g.moves_between(0, 99, None).is_empty());
    // 6 isolated spots: a loop at 1 splits the 5 others into two sets; on
    // the sphere, enclosing a set or its complement is the same drawing.
    let h = Game::new(6, false, 800.0, 600.0).unwrap();
    assert_eq!(h.moves_between(1, 1, Some(1000)).len(), 16);
    assert_eq!(h.moves_between(1, 1, Some(10)).len(), 10);
}

#[wasm_bindgen_test]
fn tidying_in_chunks_keeps_the_position() {
    let mut g = Game::new(5, false, 800.0, 600.0).unwrap();
    for m in ["1(6)2", "2(7)3", "6(8)7", "4(9)4", "3(10)5"] {
        g.play_text(m).unwrap();
    }
    let (hoey, record, edges) = (g.hoey(), g.record(), js_sys::JSON::stringify(&g.edge_list()).unwrap());
    let mut chunks = 0;
    while g.tidy(1.0, 2).unwrap() {
        chunks += 1;
        assert!(chunks < 1000, "a tidy ends");
    }
    assert!(chunks > 0);
    assert_eq!(g.hoey(), hoey, "the labelled position is the same");
    assert_eq!(g.record(), record);
    assert_ne!(js_sys::JSON::stringify(&g.edge_list()).unwrap(), edges, "the drawing moved");
    // One number per spot, each a box centre near its spot.
    let places = g.label_places(1.0, 24.0);
    assert_eq!(places.len(), 20);
    for n in 1..=10u32 {
        let (x, y) = spot(&g, n);
        let (lx, ly) = (places[2 * n as usize - 2], places[2 * n as usize - 1]);
        assert!((lx - x).hypot(ly - y) < 40.0, "spot {n} at {x},{y}, its number at {lx},{ly}");
    }
    // The same places with each number's font size (CSS px).
    let boxes = g.label_boxes(1.0, 24.0);
    assert_eq!(boxes.len(), 30);
    for (k, b) in boxes.chunks(3).enumerate() {
        assert_eq!([b[0], b[1]], [places[2 * k], places[2 * k + 1]]);
        assert!([12.0, 11.0, 10.0, 9.0, 8.0].iter().any(|f| (f - b[2]).abs() < 1e-9), "spot {}: font {}", k + 1, b[2]);
    }
    // Nonsense scales are no panic.
    assert!(g.tidy(f64::NAN, 1).is_ok());
    assert!(g.label_places(0.0, -1.0).len() == 20);
    assert!(g.label_boxes(f64::NAN, -1.0).chunks(3).all(|b| b[2] == 12.0 || b[2] == 11.0 || b[2] == 10.0));
}

/// The page's tidy worker: a copy made from the saved game is tidied and
/// its drawing taken back; junk from JavaScript is refused without a trap.
#[wasm_bindgen_test]
fn a_drawing_tidied_in_a_copy_is_taken_back() {
    let mut g = Game::new(5, false, 800.0, 600.0).unwrap();
    for m in ["1(6)2", "2(7)3", "6(8)7", "4(9)4", "3(10)5"] {
        g.play_text(m).unwrap();
    }
    let (hoey, edges) = (g.hoey(), js_sys::JSON::stringify(&g.edge_list()).unwrap());
    let mut copy = Game::from_json(&g.to_json()).unwrap();
    while copy.tidy(1.0, 4).unwrap() {
        g.adopt_drawing(copy.drawing(), false).unwrap();
    }
    g.adopt_drawing(copy.drawing(), true).unwrap();
    assert_eq!(g.hoey(), hoey);
    assert_eq!(js_sys::JSON::stringify(&g.edge_list()).unwrap(), js_sys::JSON::stringify(&copy.edge_list()).unwrap());
    assert_ne!(js_sys::JSON::stringify(&g.edge_list()).unwrap(), edges, "the drawing moved");
    let now = g.to_json();
    for junk in [JsValue::NULL, JsValue::from_str("drawing"), js_sys::JSON::parse(r#"{"width":800,"height":600,"spots":[[1,2]],"edges":[]}"#).unwrap()] {
        assert!(g.adopt_drawing(junk, true).is_err());
        assert_eq!(g.to_json(), now, "nothing changed");
    }
}

#[wasm_bindgen_test]
fn a_whole_game_ends_with_the_right_winner() {
    for misere in [false, true] {
        for seed in 0..6 {
            let mut g = Game::new(2, misere, 800.0, 600.0).unwrap();
            while !g.is_over() {
                let o = opts(&[("strength", "random".into()), ("seed", (seed as f64 * 7.0 + 1.0).into())]);
                let m = text(&computer_move(&g.record(), o, None).unwrap(), "move");
                g.play_text(&m).unwrap();
            }
            let n = g.moves().len();
            assert!((4..=5).contains(&n));
            let last = if n % 2 == 1 { 1 } else { 2 };
            let winner = if misere { 3 - last } else { last };
            assert_eq!(g.winner(), Some(winner));
            assert!(text(&g.status(), "why").contains("last move"));
            assert!(g.record().ends_with(if winner == 1 { " I" } else { " II" }));
            assert!(g.play_text("1(9)1").is_err());
        }
    }
}

#[wasm_bindgen_test]
fn analysis_agrees_with_the_published_results() {
    let a = analyse("3+", JsValue::UNDEFINED, None).unwrap();
    assert_eq!(text(&a, "outcome"), "win");
    assert_eq!(num(&a, "nimber"), 1.0);
    assert!(array(&a, "winningMoves").length() > 0);
    let a = analyse("2+", JsValue::UNDEFINED, None).unwrap();
    assert_eq!(text(&a, "outcome"), "loss");
    assert_eq!(num(&a, "nimber"), 0.0);
    assert_eq!(array(&a, "winningMoves").length(), 0);
    let a = analyse("5-", JsValue::UNDEFINED, None).unwrap();
    assert_eq!(text(&a, "outcome"), "win");
    assert!(get(&a, "nimber").is_null());
    // Two lands after `2+ 1(3)1[2]`... are reported with their spots.
    let a = analyse("2+ 1(3)1", JsValue::UNDEFINED, None).unwrap();
    assert!(array(&a, "lands").length() >= 1);
    // A tiny budget stops the search.
    let a = analyse("9+", opts(&[("maxNodes", 100.into())]), None).unwrap();
    assert_eq!(get(&a, "complete"), JsValue::FALSE);
    assert!(text(&a, "stopped").contains("budget"));
}

#[wasm_bindgen_test]
fn progress_is_reported_and_can_stop() {
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let c = calls.clone();
    let f = Closure::<dyn FnMut(JsValue) -> bool>::new(move |_p: JsValue| {
        c.set(c.get() + 1);
        true
    });
    let fun: &js_sys::Function = f.as_ref().unchecked_ref();
    let a = analyse("11+", JsValue::UNDEFINED, Some(fun.clone())).unwrap();
    assert_eq!(get(&a, "complete"), JsValue::FALSE);
    assert_eq!(calls.get(), 1);
}

/// `analyse` with a progress callback that keeps every `found` part and
/// says stop once `stop` holds of one.
fn analyse_told(record: &str, options: JsValue, stop: fn(&JsValue) -> bool) -> (JsValue, Vec<JsValue>) {
    let found = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let keep = found.clone();
    let f = Closure::<dyn FnMut(JsValue) -> bool>::new(move |p: JsValue| {
        let part = get(&p, "found");
        if part.is_null() {
            return false;
        }
        let halt = stop(&part);
        keep.borrow_mut().push(part);
        halt
    });
    let a = analyse(record, options, Some(f.as_ref().unchecked_ref::<js_sys::Function>().clone())).unwrap();
    let parts = found.borrow().clone();
    (a, parts)
}

#[wasm_bindgen_test]
fn the_analysis_tells_the_outcome_first_and_ends_as_the_solver_does() {
    use sprouts::report::WinningMove;
    use sprouts::solver::{Config, Convention, Solver};
    for (record, misere) in [("7+", false), ("5+", false), ("2+", false), ("5+ 1(6)2", false), ("6-", true), ("4-", true)] {
        let (a, parts) = analyse_told(record, JsValue::UNDEFINED, |_| false);
        let conv = if misere { Convention::Misere } else { Convention::Normal };
        let rec = sprouts::notation::Record::parse(record).unwrap();
        let g = sprouts::game::Game::replay(&rec, None).unwrap();
        let want = Solver::new(conv, Config::default()).analyse(g.position()).unwrap();
        // The first part is the outcome, the nimber (normal play) the last.
        assert_eq!(text(&parts[0], "outcome"), want.outcome.to_string(), "{record}");
        if misere {
            assert!(parts.iter().all(|f| get(f, "nimber").is_undefined()), "{record}");
        } else {
            assert_eq!(num(parts.last().unwrap(), "nimber"), want.nimber.unwrap() as f64, "{record}");
        }
        // The answer agrees with the solver, and with the parts told.
        assert_eq!(get(&a, "complete"), JsValue::TRUE);
        assert_eq!(get(&a, "movesComplete"), JsValue::TRUE);
        assert_eq!(text(&a, "outcome"), want.outcome.to_string());
        assert_eq!(get(&a, "nimber").as_f64(), want.nimber.map(f64::from));
        let moves = |list: Vec<JsValue>| list.iter().map(|m| text(m, "move")).collect::<Vec<_>>();
        let expected: Vec<String> = WinningMove::list(g.position(), &want.winning_moves).into_iter().map(|m| m.text).collect();
        assert_eq!(moves(array(&a, "winningMoves").to_vec()), expected, "{record}");
        let told: Vec<JsValue> = parts.iter().map(|f| get(f, "winningMove")).filter(|m| !m.is_undefined()).collect();
        assert_eq!(moves(told), expected, "{record}");
        let checks = parts.iter().filter(|f| !get(f, "movesChecked").is_undefined()).count();
        assert_eq!(checks, if want.outcome.to_string() == "win" { num(&a, "moves") as usize } else { 0 }, "{record}");
    }
}

#[wasm_bindgen_test]
fn a_stopped_analysis_keeps_what_it_proved() {
    // Stopped at the first winning move: the outcome and that move stay.
    let (a, parts) = analyse_told("4+ 1(5)2", JsValue::UNDEFINED, |f| !get(f, "winningMove").is_undefined());
    assert_eq!(get(&a, "complete"), JsValue::FALSE);
    assert_eq!(text(&a, "outcome"), "win");
    assert_eq!(get(&a, "movesComplete"), JsValue::FALSE);
    assert!(get(&a, "nimber").is_null());
    let moves = array(&a, "winningMoves");
    assert_eq!(moves.length(), 1);
    assert_eq!(text(&moves.get(0), "move"), text(&get(parts.last().unwrap(), "winningMove"), "move"));
    assert_eq!(text(&a, "stopped"), "stopped");
    // `only: "outcome"` stops there.
    let (a, parts) = analyse_told("9+", opts(&[("only", "outcome".into())]), |_| false);
    assert_eq!(parts.len(), 1);
    assert_eq!(text(&a, "outcome"), "win");
    assert_eq!(array(&a, "winningMoves").length(), 0);
    assert!(text(&a, "stopped").contains("only the outcome"));
}

#[wasm_bindgen_test]
fn the_perfect_computer_wins_the_two_spot_game_moving_second() {
    for misere in [false, true] {
        for seed in 0..5 {
            let mut g = Game::new(2, misere, 800.0, 600.0).unwrap();
            while !g.is_over() {
                let strength = if g.to_move() == 1 { "random" } else { "perfect" };
                let o = opts(&[("strength", strength.into()), ("seed", (seed as f64 + 1.0).into())]);
                let m = text(&computer_move(&g.record(), o, None).unwrap(), "move");
                g.play_text(&m).unwrap();
            }
            // 2 spots: the second player wins normal play and misère.
            assert_eq!(g.winner(), Some(2), "{}", g.record());
        }
    }
}

#[wasm_bindgen_test]
fn the_heuristic_computer_answers_with_legal_moves_and_says_how() {
    for misere in [false, true] {
        for seed in 0..4 {
            let mut g = Game::new(5, misere, 800.0, 600.0).unwrap();
            let side = 1 + seed % 2;
            while !g.is_over() {
                let strength = if g.to_move() == side { "heuristic" } else { "random" };
                let o = opts(&[("strength", strength.into()), ("seed", (seed as f64 + 1.0).into())]);
                let t0 = now();
                let r = computer_move(&g.record(), o, None).unwrap();
                // A tenth of a second natively; slack for wasm and load.
                assert!(now() - t0 < 3000.0);
                let method = text(&r, "method");
                let outcome = get(&r, "outcome");
                match method.as_str() {
                    "random" | "guess" => assert!(outcome.is_null()),
                    "winning" => assert_eq!(outcome.as_string().as_deref(), Some("win")),
                    "proven-loss" => assert_eq!(outcome.as_string().as_deref(), Some("loss")),
                    other => panic!("method {other}"),
                }
                assert_eq!(method == "random", strength == "random");
                assert!(num(&r, "nodes") >= 0.0);
                g.play_text(&text(&r, "move")).unwrap();
            }
        }
    }
    assert!(message(computer_move("1+ 1(2)1 1(3)2", JsValue::UNDEFINED, None).unwrap_err()).contains("over"));
}

/// Measurements for docs/benchmarks.md: a late 20-spot game built by routed random
/// moves; time of one stroke check (a pointer move) and of routing.
#[wasm_bindgen_test]
fn timing_on_a_late_twenty_spot_game() {
    let mut g = Game::new(20, false, 800.0, 600.0).unwrap();
    let mut route_ms = Vec::new();
    let mut seed = 1.0;
    let mut failures = Vec::new();
    while g.moves().len() < 40 && !g.is_over() && seed < 200.0 {
        let o = opts(&[("strength", "random".into()), ("seed", seed.into())]);
        seed += 1.0;
        let m = text(&computer_move(&g.record(), o, None).unwrap(), "move");
        let t0 = now();
        match g.play_text(&m) {
            Ok(_) => route_ms.push(now() - t0),
            Err(e) => failures.push(format!("{} {m}: {}", g.record(), message(e))),
        }
    }
    console_log!("routing failures: {}", failures.len());
    for f in &failures {
        console_log!("  {f}");
    }
    route_ms.sort_by(f64::total_cmp);
    // A stroke from a live spot wandering through the board, 300 samples.
    let spots = js_sys::Array::from(&g.spot_list());
    let live = spots.iter().find(|s| num(s, "lives") > 0.0).unwrap();
    let (x, y) = (num(&live, "x"), num(&live, "y"));
    let mut s = vec![x, y];
    for k in 1..300 {
        let t = k as f64 / 300.0;
        s.push(x + 120.0 * t * (t * 9.0).cos());
        s.push(y + 120.0 * t * (t * 9.0).sin());
    }
    let reps = 50;
    let t0 = now();
    for _ in 0..reps {
        g.check_stroke(&s).unwrap();
    }
    let check_ms = (now() - t0) / reps as f64;
    let short = &s[..40];
    let t0 = now();
    for _ in 0..reps {
        g.check_stroke(short).unwrap();
    }
    let short_ms = (now() - t0) / reps as f64;
    console_log!(
        "late 20-spot game ({} moves, {} edges): checkStroke {:.2} ms (300 points), {:.2} ms (20 points); routing median {:.1} ms, worst {:.1} ms",
        g.moves().len(),
        js_sys::Array::from(&g.edge_list()).length(),
        check_ms,
        short_ms,
        route_ms[route_ms.len() / 2],
        route_ms[route_ms.len() - 1]
    );
    assert!(check_ms < 100.0);
}

#[wasm_bindgen_test]
fn jumps_and_the_saved_game_formats() {
    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    g.play_text("1(3)2").unwrap();
    g.play_text("1(4)2").unwrap();
    let hoey = g.hoey();
    assert!(g.go_to(0));
    assert_eq!(g.move_count(), 0);
    assert_eq!(g.hoey(), "1;2");
    assert!(!g.go_to(3));
    assert!(g.go_to(2));
    assert_eq!(g.hoey(), hoey);
    // The saved game is format 1; the page's earlier format still loads.
    let saved = js_sys::JSON::parse(&g.to_json()).unwrap();
    assert_eq!(num(&saved, "format"), 1.0);
    assert_eq!(text(&saved, "convention"), "normal");
    let drawing = get(&saved, "drawing");
    let old = opts(&[
        ("version", 1.into()),
        ("spots", 2.into()),
        ("misere", false.into()),
        ("width", 800.into()),
        ("height", 600.into()),
        ("moves", get(&saved, "moves")),
        ("cursor", 1.into()),
        ("drawing", opts(&[("spots", get(&drawing, "spots")), ("edges", get(&drawing, "edges"))])),
    ]);
    let h = Game::from_json(&js_sys::JSON::stringify(&old).unwrap().as_string().unwrap()).unwrap();
    assert_eq!(h.record(), "2+ 1(3)2");
    assert_eq!(get(&h.status(), "canRedo"), JsValue::TRUE);
}

/// Issue 13: huge `[L]` ranges trapped the instance ("capacity overflow")
/// from the move field, a saved game and the worker, and GLOP repetitions
/// made `canonical` take 3.4 GB. Each is now an error naming the limit.
#[wasm_bindgen_test]
fn inputs_past_a_limit_are_errors_naming_it() {
    let huge = format!("3+ {}", vec!["1(4)2[1-100000]"; 7800].join(" "));
    let e = message(Game::from_record(&huge, 800.0, 600.0).err().unwrap());
    assert!(e.contains("too large: 100000 spots in a position"), "{e}");
    let mut g = Game::new(3, false, 800.0, 600.0).unwrap();
    let e = message(g.play_text("1(4)2[1-10000,1-10000,1-10000,1-10000,1-10000,1-10000,1-10000,1-10000,1-10000,1-10000,1-10000]").unwrap_err());
    assert!(e.contains("spots listed in [L] lists (the limit is 100000)"), "{e}");
    let file = format!(
        "{{\"format\":1,\"convention\":\"normal\",\"start\":{{\"spots\":3}},\"cursor\":0,\"moves\":[{}]}}",
        vec!["\"1(4)2[1-100000]\""; 14_000].join(",")
    );
    let e = message(Game::from_json(&file).err().unwrap());
    assert!(e.contains("14000 moves, but the start has only 9 lives"), "{e}");
    let e = message(analyse(&huge, JsValue::UNDEFINED, None).unwrap_err());
    assert!(e.contains("too large"), "{e}");
    let e = message(canonical(&"0*10000.".repeat(11_000)).unwrap_err());
    assert!(e.contains("too large: 20000 spots in a position (the limit is 10000)"), "{e}");
    let long: Vec<f64> = (0..200_002).map(|i| 100.0 + (i % 400) as f64).collect();
    let e = message(g.check_stroke(&long).unwrap_err());
    assert!(e.contains("points in a stroke"), "{e}");
    // A table larger than the heap is clamped, not a trap.
    let a = analyse("2-", opts(&[("tableMb", 1e30.into())]), None).unwrap();
    assert_eq!(text(&a, "outcome"), "loss");
}

#[wasm_bindgen_test]
fn a_record_read_as_written() {
    let r = read_record("26- (AuntBeast - Khorkov*) 1(27)1[2-15] 1(28)27[2-5] 16(29)17 16(30)16[17,18] 30(31)19 II").unwrap();
    let header = get(&r, "header");
    assert_eq!(num(&header, "spots"), 26.0);
    assert_eq!(text(&header, "convention"), "misere");
    assert_eq!(num(&header, "result"), 2.0);
    let players = get(&header, "players");
    assert_eq!(text(&players, "first"), "AuntBeast");
    assert_eq!(text(&players, "second"), "Khorkov");
    assert_eq!(num(&players, "chooser"), 2.0);
    assert!(get(&players, "note").is_null());
    let moves = array(&r, "moves");
    assert_eq!(moves.length(), 5);
    let fifth = moves.get(4);
    assert_eq!(text(&fifth, "written"), "30(31)19");
    assert_eq!(text(&fifth, "move"), "19(31)30");
    // A record that does not read says which move, and is no panic.
    let e = read_record("2+ 1(3)2 1(4)2 1(5)2").unwrap_err();
    assert!(message(e).starts_with("move 3 `1(5)2`"));
    assert!(read_record("not a record").is_err());
}

/// The Open box reads a text as the CLI does (src/reading.rs): a record
/// when it reads as one, else a position; `0+12` is two lands, not a record.
#[wasm_bindgen_test]
fn a_text_reads_as_the_cli_reads_it() {
    assert_eq!(reading_of("2+ 1(3)2 1(4)2").unwrap(), "record");
    assert_eq!(reading_of("{brussels} 2+ 1(3)2").unwrap(), "record");
    assert_eq!(reading_of("0*2.AB.}AB.}]!").unwrap(), "position");
    assert_eq!(reading_of("0+12").unwrap(), "position");
    assert_eq!(reading_of("0+1ab2ba").unwrap(), "position");
    let e = message(reading_of("2+ 1(3)2 x").unwrap_err());
    assert!(e.contains("neither a game record") && e.contains("nor a position"), "{e}");
}

/// The lesson's facade (src/teach.rs): a game's counts and the explorer's
/// children come out as the page reads them; a position past the limit is
/// an error that says so.
#[wasm_bindgen_test]
fn counts_and_explore_cross_the_facade() {
    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    g.play_text("1(3)2").unwrap();
    let c = g.counts();
    assert_eq!((num(&c, "vertices"), num(&c, "edges"), num(&c, "faces"), num(&c, "pieces")), (3.0, 2.0, 1.0, 1.0));
    assert_eq!((num(&c, "lives"), num(&c, "moves"), num(&c, "startSpots")), (5.0, 1.0, 2.0));
    assert_eq!((num(&c, "movesLeftMin"), num(&c, "movesLeftMax")), (3.0, 4.0));
    let e = explore("0*2", false).unwrap();
    assert_eq!(text(&e, "outcome"), "loss");
    let kids = js_sys::Array::from(&get(&e, "children"));
    assert_eq!(kids.length(), 2);
    assert_eq!(text(&kids.get(0), "outcome"), "win");
    let e = message(explore("0*5", false).unwrap_err());
    assert!(e.contains("too big to explore: 15 lives"), "{e}");
}

/// The facade reads the saved game, a drawing and the options with
/// getters of its own (src/wasm/from_js.rs), not serde: every bad value
/// must get serde-wasm-bindgen's message, word for word, and every value
/// serde takes must be taken.
#[wasm_bindgen_test]
fn js_values_are_read_with_serdes_messages() {
    use sprouts::game::{AnyGameFile, DrawingFile};
    use sprouts::service::Options;
    fn serde<T: serde::de::DeserializeOwned>(v: &JsValue) -> Result<(), String> {
        serde_wasm_bindgen::from_value::<T>(v.clone()).map(|_| ()).map_err(|e| e.to_string())
    }
    /// Ours fails with serde's message under `prefix`, or both pass it.
    fn same(what: &str, ours: Result<(), String>, serde: Result<(), String>, prefix: &str) {
        match (ours, serde) {
            // A string where a list goes: serde-wasm-bindgen iterated it
            // (from_js.rs says why ours does not), failing in JS.
            (Err(o), Err(s)) if s.starts_with("TypeError: Reflect.get called on non-object") => {
                assert!(o.starts_with(&format!("{prefix}Error: invalid type: string ")) && o.ends_with("expected a sequence"), "{what}: {o}")
            }
            (Err(o), Err(s)) => assert_eq!(o, format!("{prefix}{s}"), "{what}"),
            (Ok(()), Ok(())) => {}
            (Err(o), Ok(())) => assert!(!o.starts_with(prefix), "{what}: serde takes it, ours says {o}"),
            (Ok(()), Err(s)) => panic!("{what}: serde refuses it ({s}), ours takes it"),
        }
    }
    let with_undefined = |json: &str, key: &str| {
        let v = js_sys::JSON::parse(json).unwrap();
        js_sys::Reflect::set(&v, &key.into(), &JsValue::UNDEFINED).unwrap();
        v
    };

    let good = Game::new(3, false, 800.0, 600.0).unwrap().to_json();
    let files = [
        "null", "1", "\"x\"", "true", "[]", "{}", &good,
        r#"{"format": "1"}"#, r#"{"format": 1.5}"#, r#"{"format": -1}"#, r#"{"format": -0}"#,
        r#"{"format": 5000000000}"#, r#"{"format": 1e300}"#, r#"{"format": true}"#, r#"{"format": {}}"#,
        r#"{"format": [1]}"#, r#"{"format": 1, "moves": [1]}"#, r#"{"moves": "abc"}"#, r#"{"moves": {"0": "1(4)2"}}"#,
        r#"{"start": 3}"#, r#"{"start": {"spots": "3"}}"#, r#"{"start": {"position": 7, "spots": -2}}"#,
        r#"{"misere": 0}"#, r#"{"width": "1"}"#, r#"{"cursor": 1e20}"#, r#"{"convention": null, "format": 1}"#,
        r#"{"rules": "é\n\"", "convention": 5}"#, r#"{"surface": false}"#, r#"{"version": 2.0, "spots": 1.25}"#,
        r#"{"drawing": 4}"#, r#"{"drawing": {}}"#, r#"{"drawing": {"spots": []}}"#, r#"{"drawing": {"edges": [], "spots": "no"}}"#,
        r#"{"drawing": {"spots": [[1]], "edges": []}}"#, r#"{"drawing": {"spots": [[1, 2, 3]], "edges": [{"ends": [1], "points": []}]}}"#,
        r#"{"drawing": {"spots": [], "edges": [{"ends": [1, 2]}]}}"#, r#"{"drawing": {"spots": [], "edges": [{"points": [], "ends": [1, 2.5]}]}}"#,
        r#"{"drawing": {"spots": [[0, 0]], "edges": [{"points": [[0, "0"]], "ends": [1, 1]}], "width": null, "height": "x"}}"#,
    ];
    for text in files {
        let value = js_sys::JSON::parse(text).unwrap();
        let ours = Game::from_json(text).map(|_| ()).map_err(message);
        same(text, ours, serde::<AnyGameFile>(&value), "saved game: not a game file: ");
    }
    let undefined_width = with_undefined(&good, "width");
    let ours = Game::from_json(&js_sys::JSON::stringify(&undefined_width).unwrap().as_string().unwrap()).map(|_| ());
    assert!(ours.is_ok(), "JSON has no undefined: the field is gone");

    let mut g = Game::new(2, false, 800.0, 600.0).unwrap();
    g.play_text("1(3)2").unwrap();
    let drawing = js_sys::JSON::stringify(&g.drawing()).unwrap().as_string().unwrap();
    let drawings = [
        JsValue::NULL, JsValue::UNDEFINED, "drawing".into(), 5.into(), js_sys::Array::new().into(),
        js_sys::JSON::parse(&drawing).unwrap(),
        js_sys::JSON::parse(r#"{"width": "800"}"#).unwrap(),
        js_sys::JSON::parse(r#"{"width": 800, "height": 600, "spots": [[1, "2"]], "edges": []}"#).unwrap(),
        js_sys::JSON::parse(r#"{"width": 800, "height": 600, "spots": [], "edges": [{"ends": [1, 2], "points": [[0, 0]], "x": 1}]}"#).unwrap(),
        js_sys::JSON::parse(r#"{"width": 800, "height": 600, "spots": [], "edges": [{"ends": [-1, 2], "points": []}]}"#).unwrap(),
        js_sys::JSON::parse(r#"{"height": 600, "spots": [[1]], "edges": 3}"#).unwrap(),
        with_undefined(&drawing, "width"),
    ];
    for d in drawings {
        let what = format!("{d:?}");
        let serde_said = serde::<DrawingFile>(&d);
        let ours = g.adopt_drawing(d, false).map_err(message);
        same(&what, ours, serde_said, "not a drawing: ");
    }

    let options = [
        JsValue::NULL, JsValue::UNDEFINED, 3.into(), "x".into(), js_sys::Array::new().into(),
        js_sys::JSON::parse(r#"{"maxNodes": "5"}"#).unwrap(),
        js_sys::JSON::parse(r#"{"seed": null}"#).unwrap(),
        js_sys::JSON::parse(r#"{"strength": 5}"#).unwrap(),
        js_sys::JSON::parse(r#"{"only": null, "strength": null, "maxNodes": 10, "tableMb": 1.5}"#).unwrap(),
        js_sys::JSON::parse(r#"{"tableMb": true, "maxMillis": []}"#).unwrap(),
        with_undefined(r#"{"strength": "random"}"#, "maxNodes"),
        with_undefined(r#"{"maxNodes": 5}"#, "only"),
    ];
    for o in options {
        let what = format!("{o:?}");
        let serde_said = if o.is_null() || o.is_undefined() { Ok(()) } else { serde::<Options>(&o) };
        let ours = analyse("2+", o, None).map(|_| ()).map_err(message);
        same(&what, ours, serde_said, "bad options: ");
    }
}
