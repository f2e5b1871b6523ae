//! The surface board (src/board/surface.rs): drawings on the fundamental
//! square traced to the engine's positions on the torus, the Klein bottle
//! and the projective plane, checked against the engine's children.

use sprouts::board::{Point, Side, SurfaceBoard, SurfaceStrokeError};
use sprouts::surfaces::{self, Surface, SurfacePosition};

const S: f64 = 400.0;

/// Samples of the polyline through `pts`, about every 2 units.
fn line(pts: &[Point]) -> Vec<Point> {
    let mut out = vec![pts[0]];
    for w in pts.windows(2) {
        let n = (w[0].dist(w[1]) / 2.0).ceil().max(1.0) as usize;
        out.extend((1..=n).map(|i| w[0].lerp(w[1], i as f64 / n as f64)));
    }
    out
}

fn spot(b: &SurfaceBoard, s: usize) -> Point {
    b.spots()[s - 1]
}

fn canon(p: &SurfacePosition) -> String {
    surfaces::text(&surfaces::canon_of(p))
}

#[test]
fn start_traces_to_the_engine_start() {
    for surface in [Surface::Torus, Surface::Klein, Surface::Projective] {
        for n in 1..=5 {
            let b = SurfaceBoard::start(surface, n, S).unwrap();
            let want = SurfacePosition::start(n, surface.genus()).unwrap();
            assert_eq!(canon(&b.position().unwrap()), canon(&want), "{surface} n={n}");
        }
    }
    assert!(SurfaceBoard::start(Surface::Plane, 2, S).is_err());
}

/// One region of genus `g` with `b` boundaries.
fn one_region(p: &SurfacePosition, g: i8, b: usize) {
    assert_eq!(p.regions.len(), 1, "{p:?}");
    assert_eq!(p.regions[0].genus, g, "{p:?}");
    assert_eq!(p.regions[0].boundaries.len(), b, "{p:?}");
}

#[test]
fn torus_loop_around_the_handle_does_not_split() {
    let mut b = SurfaceBoard::start(Surface::Torus, 1, S).unwrap();
    let c = spot(&b, 1);
    // Out through the right side, back in through the left: a meridian.
    let played = b.play(&line(&[c, c.plus(Point::new(S, 0.0))])).unwrap();
    assert_eq!(played.crossings, 1);
    one_region(&b.position().unwrap(), 0, 2);
    // A small loop in the plane part splits off a disc instead.
    let mut d = SurfaceBoard::start(Surface::Torus, 1, S).unwrap();
    d.play(&line(&[c, c.plus(Point::new(60.0, 0.0)), c.plus(Point::new(60.0, 60.0)), c])).unwrap();
    let p = d.position().unwrap();
    assert_eq!(p.regions.len(), 2);
    let mut genera: Vec<i8> = p.regions.iter().map(|r| r.genus).collect();
    genera.sort();
    assert_eq!(genera, vec![0, 1]);
    assert_ne!(played.position, canon(&p));
}

#[test]
fn torus_line_across_a_side_between_two_spots() {
    let mut b = SurfaceBoard::start(Surface::Torus, 2, S).unwrap();
    let (p1, p2) = (spot(&b, 1), spot(&b, 2));
    // Spot 2 reached leftwards through the left side (its copy one square left).
    let target = b.unfold(p2, &[Side::Left]);
    assert_eq!(target, p2.minus(Point::new(S, 0.0)));
    let played = b.play(&line(&[p1, target])).unwrap();
    assert_eq!((played.from, played.to, played.crossings), (1, 2, 1));
    // Joining two boundaries keeps the handle.
    one_region(&b.position().unwrap(), 1, 1);
    // The same two spots joined again the other way round the torus (straight,
    // in the square) closes a loop that goes around the handle: still one region.
    b.play(&line(&[p1, p2])).unwrap();
    one_region(&b.position().unwrap(), 0, 2);
}

#[test]
fn projective_line_through_the_crosscap_is_one_sided() {
    let mut b = SurfaceBoard::start(Surface::Projective, 1, S).unwrap();
    let c = spot(&b, 1);
    let target = b.unfold(c, &[Side::Right]);
    assert_eq!(target, Point::new(c.x + S, S - c.y));
    b.play(&line(&[c, target])).unwrap();
    // One crosscap less: a disc, its one boundary the loop met twice.
    one_region(&b.position().unwrap(), 0, 1);
}

#[test]
fn klein_bottle_straight_and_flipped_pairs() {
    let mut b = SurfaceBoard::start(Surface::Klein, 1, S).unwrap();
    let c = spot(&b, 1);
    // Left/right are glued straight: a two-sided loop, two boundaries.
    b.play(&line(&[c, b.unfold(c, &[Side::Right])])).unwrap();
    one_region(&b.position().unwrap(), 0, 2);
    let mut f = SurfaceBoard::start(Surface::Klein, 1, S).unwrap();
    // Top/bottom are glued with a flip: a one-sided loop, one crosscap left.
    f.play(&line(&[c, f.unfold(c, &[Side::Bottom])])).unwrap();
    one_region(&f.position().unwrap(), -1, 1);
}

#[test]
fn strokes_that_are_not_moves_are_refused_and_change_nothing() {
    let mut b = SurfaceBoard::start(Surface::Torus, 2, S).unwrap();
    let (p1, p2) = (spot(&b, 1), spot(&b, 2));
    let before = canon(&b.position().unwrap());
    let centre = Point::new(S / 2.0, S / 2.0);
    assert_eq!(b.play(&line(&[centre, p1])), Err(SurfaceStrokeError::NotOnSpot { start: true }));
    // Exactly through a corner of the square.
    let corner = Point::new(S, S);
    let r = b.play(&line(&[p1, corner, corner.plus(corner.minus(p1))]));
    assert!(matches!(r, Err(SurfaceStrokeError::ThroughCorner) | Err(SurfaceStrokeError::NotOnSpot { .. })), "{r:?}");
    let r = b.play(&line(&[p1, p1.lerp(corner, 1.0), corner.plus(Point::new(10.0, 10.0))]));
    assert_eq!(r, Err(SurfaceStrokeError::ThroughCorner));
    b.play(&line(&[p1, p2])).unwrap();
    let after = canon(&b.position().unwrap());
    assert_ne!(before, after);
    // Crossing the line just drawn.
    let mid = p1.lerp(p2, 0.3);
    let n = mid.minus(p1);
    let side = Point::new(-n.y, n.x).scale(0.5);
    let r = b.play(&line(&[p1, mid.plus(side), mid.minus(side), p2]));
    assert!(matches!(r, Err(SurfaceStrokeError::Crosses { .. }) | Err(SurfaceStrokeError::SelfIntersects)), "{r:?}");
    assert_eq!(canon(&b.position().unwrap()), after);
}

/// Random straight strokes between spots, through up to two sides: every
/// stroke the geometry accepts must trace to one of the engine's children
/// (play refuses with NotAMove otherwise), and the games change genus.
#[test]
fn random_strokes_trace_to_engine_children() {
    let sides = [Side::Left, Side::Right, Side::Top, Side::Bottom];
    for surface in [Surface::Torus, Surface::Klein, Surface::Projective] {
        let mut played = 0;
        let mut genus_drops = 0;
        for seed in 0..12u64 {
            let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut rnd = |m: usize| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % m as u64) as usize
            };
            let n = 1 + seed as usize % 3;
            let mut b = SurfaceBoard::start(surface, n, S).unwrap();
            for _ in 0..60 {
                let k = b.spots().len();
                let (a, c) = (1 + rnd(k), 1 + rnd(k));
                let path: Vec<Side> = (0..rnd(3)).map(|_| sides[rnd(4)]).collect();
                let from = spot(&b, a);
                let to = b.unfold(spot(&b, c), &path);
                if from.dist(to) < 30.0 {
                    continue;
                }
                // A bend, so that loops around nothing are drawn too.
                let bend = from.lerp(to, 0.5).plus(Point::new(rnd(81) as f64 - 40.0, rnd(81) as f64 - 40.0));
                let before = b.position().unwrap();
                let max_before: i32 = before.regions.iter().map(|r| surfaces::euler_genus(r.genus)).sum();
                match b.play(&line(&[from, bend, to])) {
                    Ok(p) => {
                        played += 1;
                        let after = b.position().unwrap();
                        assert_eq!(p.position, canon(&after));
                        let sum: i32 = after.regions.iter().map(|r| surfaces::euler_genus(r.genus)).sum();
                        assert!(sum <= max_before);
                        if sum < max_before {
                            genus_drops += 1;
                        }
                    }
                    Err(SurfaceStrokeError::NotAMove { traced }) => {
                        panic!("{surface} seed {seed}: a drawn stroke traced to {traced}, not an engine move")
                    }
                    Err(SurfaceStrokeError::Trace(e)) => panic!("{surface} seed {seed}: {e}"),
                    Err(_) => {}
                }
            }
        }
        eprintln!("{surface}: {played} strokes played, {genus_drops} lowered the genus");
        assert!(played >= 40, "{surface}: only {played} strokes played");
        assert!(genus_drops >= 5, "{surface}: only {genus_drops} strokes lowered the genus");
    }
}

/// `draw --surface` draws the start as the square; positions and records
/// on a surface are refused with a reason (`replay` and `play --surface`:
/// tests/cli_surface.rs).
#[test]
fn cli_draw_and_refusals() {
    let bin = env!("CARGO_BIN_EXE_sprouts");
    let run = |args: &[&str]| std::process::Command::new(bin).args(args).output().unwrap();
    let out = run(&["draw", "--surface", "klein", "--spots", "3", "--svg", "-"]);
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("data-surface=\"klein\""));
    assert_eq!(svg.matches("class=\"spot\"").count(), 3);
    assert_eq!(svg.matches("class=\"arrow\"").count(), 6);
    for (args, want) in [
        (&["draw", "--surface", "torus", "0*2.}]!", "--svg", "-"][..], "only the --spots N start is drawn"),
    ] {
        let out = run(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
