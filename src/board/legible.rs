//! How readable a drawing is on a screen, and `sprouts bench layout`:
//! random games (20 spots by default) drawn as the page draws them, measured before and
//! after tidying.
//!
//! Readings are in CSS pixels: the smallest gap between two distinct
//! curves (ignoring where curves meet at a shared spot: within
//! [`SHARED_SPOT_PX`] of it), the smallest gap between a spot and a curve
//! not on it, how many spot numbers overlap a curve, a spot or another
//! number, how many of those cover a spot or another number, and how many
//! numbers have a curve between them and their spot.

use super::geom::{outside_disc, point_segment_dist, segment_dist, Point};
use super::index::SegmentIndex;
use super::labels::{across, covering, gaps, nearer_other, on_spots, onto_spots, over_curve, over_curve_box, overlapping, place_labels, place_labels_beside};
use super::model::Board;
use super::route::RouteOptions;
use super::tidy::TidyOptions;
use crate::player::Rng;
use crate::report::{LayoutBenchReport, LayoutReadings, LayoutSize, MedianWorst, NumberRow};

/// Curves meeting at a spot are not "close" within this many CSS px of it
/// (the spot is drawn 7 px wide there).
pub const SHARED_SPOT_PX: f64 = 10.0;

/// Gaps are looked for up to this far (CSS px); farther counts as this.
const FAR_PX: f64 = 200.0;

/// The page's board margin (board units kept round the extent).
const MARGIN: f64 = 24.0;
/// CSS px at the top of the board kept for a line of message and the zoom buttons.
const MESSAGE_BAND: f64 = 30.0;
/// The least margin (CSS px) round a fitted drawing (`MIN_MARGIN_PX` in
/// `www/board.js`): at an embed's small scales [`MARGIN`] is less than a
/// spot's mark, which the board's edge cut.
const MIN_MARGIN_PX: f64 = 10.0;

/// A drawing's readings at `scale` CSS px per board unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Legibility {
    pub min_curve_gap_px: f64,
    pub min_spot_gap_px: f64,
    pub overlapping_labels: usize,
    /// Of those, the numbers over a spot or another number.
    pub covering_labels: usize,
    /// Numbers with a curve between them and their spot.
    pub across_labels: usize,
}

/// Measures `board` as shown at `scale` CSS px per board unit.
pub fn legibility(board: &Board, scale: f64) -> Legibility {
    let px = 1.0 / scale;
    let far = FAR_PX * px;
    let index = SegmentIndex::new(board, None);
    let edges = board.edges();
    let spots = board.spots();
    let mut curve = far;
    for (ei, e) in edges.iter().enumerate() {
        for w in e.points.windows(2) {
            index.for_each_near(w[0], w[1], curve, &mut |s| {
                if s.edge <= ei {
                    return;
                }
                let other = &edges[s.edge];
                let shared: Vec<Point> = other
                    .ends
                    .iter()
                    .filter(|t| e.ends.contains(t))
                    .filter_map(|&t| board.spot(t))
                    .collect();
                let d = if shared.is_empty() {
                    segment_dist(w[0], w[1], s.a, s.b)
                } else {
                    clipped_dist((w[0], w[1]), (s.a, s.b), &shared, SHARED_SPOT_PX * px)
                };
                curve = curve.min(d);
            });
        }
    }
    let mut spot = far;
    for (si, &p) in spots.iter().enumerate() {
        let sp = si as crate::Spot + 1;
        index.for_each_near(p, p, spot, &mut |s| {
            if !edges[s.edge].ends.contains(&sp) {
                spot = spot.min(point_segment_dist(p, s.a, s.b));
            }
        });
    }
    let labels = place_labels(board, px, MARGIN);
    Legibility {
        min_curve_gap_px: curve * scale,
        min_spot_gap_px: spot * scale,
        overlapping_labels: overlapping(board, px, &labels).iter().filter(|&&b| b).count(),
        covering_labels: covering(board, px, &labels).iter().filter(|&&b| b).count(),
        across_labels: across(board, px, &labels).iter().filter(|&&b| b).count(),
    }
}

/// Distance between two segments, leaving out their parts within `r` of
/// any of the `shared` points.
fn clipped_dist(a: (Point, Point), b: (Point, Point), shared: &[Point], r: f64) -> f64 {
    let mut pa = vec![a];
    let mut pb = vec![b];
    for &c in shared {
        pa = pa.into_iter().flat_map(|(x, y)| outside_disc(x, y, c, r)).flatten().collect();
        pb = pb.into_iter().flat_map(|(x, y)| outside_disc(x, y, c, r)).flatten().collect();
    }
    let mut m = f64::INFINITY;
    for &(x, y) in &pa {
        for &(u, v) in &pb {
            m = m.min(segment_dist(x, y, u, v));
        }
    }
    m
}

/// A page size and how the page draws a new game there: the board
/// element's size (CSS px, measured on the page) and the board area in
/// board units (`boardShape()` in `www/board.js`: 800 wide, as tall as
/// fills the element when fitted, 450 to 1400).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageSize {
    pub width: f64,
    pub height: f64,
    pub element: (f64, f64),
}

impl PageSize {
    /// The sizes `sprouts bench layout` measures: a desktop and a phone
    /// (tests/browser/layout.test.mjs checks the elements against the page's).
    pub const ALL: [PageSize; 2] = [
        PageSize { width: 1280.0, height: 800.0, element: (880.0, 678.7) },
        PageSize { width: 390.0, height: 844.0, element: (374.0, 472.6) },
    ];

    /// The board area of a new game: fitted, it fills the element below
    /// the message line.
    pub fn board(&self) -> (f64, f64) {
        board_shape(self.element, 450.0, MESSAGE_BAND)
    }

    /// The page's zoom to fit: CSS px per board unit so that everything
    /// drawn and the margin fit in the element below the line kept for a
    /// message (`MESSAGE_BAND` in `www/board.js`).
    /// The margin is at least [`MIN_MARGIN_PX`], as `fitScale()` in
    /// `www/board.js` fits it.
    pub fn zoom(&self, board: &Board) -> f64 {
        fit_zoom(self.element, MESSAGE_BAND, board)
    }
}

/// The zoom that fits `board`'s drawing into `element` (CSS px) below a
/// band of `band` CSS px (see [`PageSize::zoom`]).
fn fit_zoom(element: (f64, f64), band: f64, board: &Board) -> f64 {
    let r = board.extent();
    let (ew, eh) = ((r.max.x - r.min.x).max(1e-9), (r.max.y - r.min.y).max(1e-9));
    let tall = element.1 - band.min(element.1 / 4.0);
    let zoom = (element.0 / (ew + 2.0 * MARGIN)).min(tall / (eh + 2.0 * MARGIN));
    let least = ((element.0 - 2.0 * MIN_MARGIN_PX) / ew).min((tall - 2.0 * MIN_MARGIN_PX) / eh);
    if MARGIN * zoom >= MIN_MARGIN_PX || least.is_nan() || least <= 0.0 {
        zoom
    } else {
        least
    }
}

/// The board area (board units) of a new game in a board element of
/// `element` CSS px, as `boardShape()` in `www/board.js` chooses it: 800
/// wide, as tall as fills the element below the message line when
/// fitted, `min_height` to 1400 units.
fn board_shape(element: (f64, f64), min_height: f64, band: f64) -> (f64, f64) {
    let tall = element.1 - band.min(element.1 / 4.0);
    let h = tall / element.0 * (800.0 + 2.0 * MARGIN) - 2.0 * MARGIN;
    (800.0, h.clamp(min_height, 1400.0).round())
}

/// The page's tidy at `zoom` CSS px per board unit.
pub fn page_tidy(zoom: f64) -> TidyOptions {
    TidyOptions { px: 1.0 / zoom, ..TidyOptions::default() }
}

/// Plays one random game from `spots` spots by routing, on the page's
/// board for `size`; with `tidy`, tidies after every move until the tidy
/// settles, as the page does when nothing interrupts it (a person's
/// moves; the computer's next move can cut a tidy short). Returns the
/// last drawing, or `None` if a move could not be routed.
pub fn play_game(size: &PageSize, spots: usize, seed: u64, tidy: bool) -> Option<Board> {
    play_on(size.board(), &|b| size.zoom(b), spots, seed, tidy)
}

/// As [`play_game`], on a board of `area` (board units) shown at
/// `zoom(drawing)` CSS px per board unit.
fn play_on(area: (f64, f64), zoom: &dyn Fn(&Board) -> f64, spots: usize, seed: u64, tidy: bool) -> Option<Board> {
    let mut rng = Rng::new(seed);
    let mut board = Board::start(spots, area.0, area.1).ok()?;
    let mut pos = board.position().ok()?;
    let opts = RouteOptions::default();
    loop {
        let moves = pos.representative_moves();
        if moves.is_empty() {
            break;
        }
        let mv = &moves[rng.below(moves.len())].0;
        let routed = board.route(&pos, mv, &opts).ok()?;
        board = routed.board;
        pos = routed.position;
        if tidy {
            board.tidy(&page_tidy(zoom(&board)), usize::MAX).ok()?;
        }
    }
    Some(board)
}

/// Where a board is shown, for the checks of its numbers: the page at a
/// window size, or a `<sprouts-board>` element of a size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// "page 390x844", "embed 480x320".
    pub name: &'static str,
    /// The board's element, CSS px (an embed's: the element less its
    /// bar of buttons and its border, measured in Chromium).
    pub element: (f64, f64),
    /// The board area of a new game (board units): the page's from
    /// [`PageSize::board`], an embed's as `read()` in `www/embed.js`
    /// chooses it (`boardShape()` of its board area).
    pub board: (f64, f64),
    /// CSS px kept free above the fitted drawing (the message line and
    /// the zoom buttons): 30, or 0 in an embed shorter than 280 px
    /// (`SHORT_PX` in www/embed.js), where the buttons sit over the
    /// drawing's corner.
    pub band: f64,
}

impl View {
    /// The page at 1280×800 and 390×844, embeds of 480×320 (the
    /// default) and 320×240, and the same embeds showing a record with
    /// `readonly controls="replay"`: header, replay bar and status take
    /// part of their height (board areas measured in Chromium on the 14-
    /// and 26-spot records, docs/labels.md).
    pub fn all() -> [View; 6] {
        let page = |name, p: PageSize| View { name, element: p.element, board: p.board(), band: MESSAGE_BAND };
        // (Down to 300 units tall, as `EMBED_LEAST_HEIGHT` in www/embed.js;
        // the band as `short()` there: under 280 px, none.)
        let embed = |name, element, height: f64| {
            let band = if height < 280.0 { 0.0 } else { MESSAGE_BAND };
            View { name, element, board: board_shape(element, 300.0, band), band }
        };
        [
            page("page 1280x800", PageSize::ALL[0]),
            page("page 390x844", PageSize::ALL[1]),
            embed("embed 480x320", (478.0, 292.8), 320.0),
            embed("embed 320x240", (318.0, 212.8), 240.0),
            embed("replay embed 480x320", (478.0, 234.8), 320.0),
            embed("replay embed 320x240", (318.0, 173.0), 240.0),
        ]
    }

    /// CSS px per board unit with the drawing fitted (as [`PageSize::zoom`]).
    pub fn zoom(&self, board: &Board) -> f64 {
        fit_zoom(self.element, self.band, board)
    }

    /// A random game played on this view's board (see [`play_game`]).
    pub fn play(&self, spots: usize, seed: u64, tidy: bool) -> Option<Board> {
        play_on(self.board, &|b| self.zoom(b), spots, seed, tidy)
    }

    /// A record's drawing after `upto` moves (all if `None`), read on this
    /// view's board and, with `tidy`, tidied at its zoom as the page and
    /// the element tidy a game they read.
    pub fn record(&self, text: &str, upto: Option<usize>, tidy: bool) -> Result<Board, String> {
        let mut rec = crate::notation::Record::parse(text).map_err(|e| e.to_string())?;
        if let Some(k) = upto {
            rec.moves.truncate(k);
        }
        let game = crate::game::Game::replay(&rec, Some(self.board)).map_err(|e| e.to_string())?;
        let mut board = game.board().ok_or("no drawing")?.clone();
        if tidy {
            board.tidy(&page_tidy(self.zoom(&board)), usize::MAX).map_err(|e| e.to_string())?;
        }
        Ok(board)
    }
}

/// How a drawing's numbers read at a zoom: how many there are, how many
/// have their centre nearer another spot than their own, lie over a
/// curve, or have a curve between them and their spot, and the largest
/// gap (CSS px) between a number's box and its spot's disc.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NumberCheck {
    pub numbers: usize,
    pub nearer_other: usize,
    pub over_curve: usize,
    pub across: usize,
    pub worst_gap_px: f64,
    /// Numbers drawn on their own spot ([`onto_spots`]).
    pub on_spot: usize,
    /// Numbers over a curve by their box alone (the definition before
    /// numbers were drawn on spots).
    pub over_curve_box: usize,
    /// With every number beside its spot (the placement before): nearer
    /// another spot, and over a curve.
    pub beside_nearer_other: usize,
    pub beside_over_curve: usize,
    /// Numbers covering another spot or number ([`covering`]: a number
    /// on its spot whose disc overlaps a neighbour's, "3521").
    pub covering: usize,
}

impl NumberCheck {
    /// The numbers of `board` placed as the page places them at `zoom`
    /// CSS px per board unit, checked.
    pub fn of(board: &Board, zoom: f64) -> NumberCheck {
        let px = 1.0 / zoom;
        let beside = place_labels_beside(board, px, MARGIN);
        let mut labels = beside.clone();
        onto_spots(board, px, &mut labels);
        let count = |v: Vec<bool>| v.into_iter().filter(|&b| b).count();
        NumberCheck {
            numbers: labels.len(),
            nearer_other: count(nearer_other(board, &labels)),
            over_curve: count(over_curve(board, px, &labels)),
            across: count(across(board, px, &labels)),
            worst_gap_px: gaps(board, px, &labels).into_iter().fold(0.0, f64::max) * zoom,
            on_spot: count(on_spots(board, &labels)),
            over_curve_box: count(over_curve_box(board, px, &labels)),
            beside_nearer_other: count(nearer_other(board, &beside)),
            beside_over_curve: count(over_curve(board, px, &beside)),
            covering: count(covering(board, px, &labels)),
        }
    }

    /// Both checks' totals (the worst gap the larger).
    pub fn add(self, o: NumberCheck) -> NumberCheck {
        NumberCheck {
            numbers: self.numbers + o.numbers,
            nearer_other: self.nearer_other + o.nearer_other,
            over_curve: self.over_curve + o.over_curve,
            across: self.across + o.across,
            worst_gap_px: self.worst_gap_px.max(o.worst_gap_px),
            on_spot: self.on_spot + o.on_spot,
            over_curve_box: self.over_curve_box + o.over_curve_box,
            beside_nearer_other: self.beside_nearer_other + o.beside_nearer_other,
            beside_over_curve: self.beside_over_curve + o.beside_over_curve,
            covering: self.covering + o.covering,
        }
    }
}

fn number_row(view: &View, drawn: &str, tidied: bool, drawings: usize, c: NumberCheck) -> NumberRow {
    NumberRow {
        view: view.name.to_string(),
        drawn: drawn.to_string(),
        tidied,
        drawings,
        numbers: c.numbers,
        nearer_other: c.nearer_other,
        over_curve: c.over_curve,
        across: c.across,
        worst_gap_px: c.worst_gap_px,
        on_spot: c.on_spot,
        over_curve_box: c.over_curve_box,
        beside_nearer_other: c.beside_nearer_other,
        beside_over_curve: c.beside_over_curve,
        covering: c.covering,
    }
}

fn stat(v: Vec<f64>, worst_is_max: bool) -> MedianWorst {
    let (median, lo, hi) = super::bench::median_range(v);
    MedianWorst { median, worst: if worst_is_max { hi } else { lo } }
}

fn readings(v: &[Legibility]) -> LayoutReadings {
    LayoutReadings {
        min_curve_gap_px: stat(v.iter().map(|l| l.min_curve_gap_px).collect(), false),
        min_spot_gap_px: stat(v.iter().map(|l| l.min_spot_gap_px).collect(), false),
        overlapping_labels: stat(v.iter().map(|l| l.overlapping_labels as f64).collect(), true),
        covering_labels: stat(v.iter().map(|l| l.covering_labels as f64).collect(), true),
        across_labels: stat(v.iter().map(|l| l.across_labels as f64).collect(), true),
    }
}

/// `sprouts bench layout`: `games` random games from `spots` spots
/// (seeded) played to the end at each [`PageSize`], measured untidied and
/// tidied, `workers` games at a time (each takes up to half a minute);
/// and the numbers of those games' last drawings and of `records` (each
/// at its middle move and its end) checked in each [`View`].
pub fn bench_layout(games: usize, spots: usize, seed: u64, workers: usize, records: &[String]) -> LayoutBenchReport {
    let mut sizes = Vec::new();
    let mut numbers = Vec::new();
    for view in View::all() {
        let played = on_workers(games, workers, |g| {
            let s = seed.wrapping_add(g as u64);
            Some((view.play(spots, s, false)?, view.play(spots, s, true)?))
        });
        if let Some(size) = PageSize::ALL.iter().find(|p| p.element == view.element) {
            let read: Vec<(Legibility, Legibility, f64)> = played
                .iter()
                .map(|(b, a)| {
                    let za = size.zoom(a);
                    (legibility(b, size.zoom(b)), legibility(a, za), za)
                })
                .collect();
            sizes.push(LayoutSize {
                width: size.width,
                height: size.height,
                before: readings(&read.iter().map(|p| p.0).collect::<Vec<_>>()),
                after: readings(&read.iter().map(|p| p.1).collect::<Vec<_>>()),
                zoom: stat(read.iter().map(|p| p.2).collect(), false),
                failures: games - played.len(),
            });
        }
        let drawn = format!("random {spots}-spot");
        for (tidied, k) in [(false, 0), (true, 1)] {
            let c = played.iter().map(|p| if k == 0 { &p.0 } else { &p.1 }).map(|b| NumberCheck::of(b, view.zoom(b))).fold(NumberCheck::default(), NumberCheck::add);
            numbers.push(number_row(&view, &drawn, tidied, played.len(), c));
        }
        if !records.is_empty() {
            for tidied in [false, true] {
                let checks = on_workers(records.len() * 2, workers, |i| {
                    let text = &records[i / 2];
                    let upto = (i % 2 == 0).then(|| crate::notation::Record::parse(text).map_or(0, |r| r.moves.len() / 2));
                    let b = view.record(text, upto, tidied).ok()?;
                    Some(NumberCheck::of(&b, view.zoom(&b)))
                });
                let n = checks.len();
                numbers.push(number_row(&view, "records (middle, end)", tidied, n, checks.into_iter().fold(NumberCheck::default(), NumberCheck::add)));
            }
        }
    }
    LayoutBenchReport { games, spots, sizes, numbers }
}

/// The `Some` results of `f(0)`, …, `f(n - 1)`, in order, computed on
/// `workers` threads.
fn on_workers<T: Send>(n: usize, workers: usize, f: impl Fn(usize) -> Option<T> + Sync) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..workers.clamp(1, n.max(1)))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            break mine;
                        }
                        if let Some(v) = f(i) {
                            mine.push((i, v));
                        }
                    }
                })
            })
            .collect();
        // A thread that panicked loses its games: they count as failures.
        threads.into_iter().flat_map(|t| t.join().unwrap_or_default()).collect()
    });
    crate::sort::sort_by_key(&mut done, |&(i, _)| i);
    done.into_iter().map(|(_, v)| v).collect()
}
