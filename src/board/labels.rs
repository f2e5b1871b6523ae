//! Where the spots' numbers go: for each spot, the first of a ring of
//! places around it where the number overlaps no curve, spot or number
//! placed before it (else the place with the fewest overlaps).

use super::geom::{point_segment_dist, segments_meet, Point, Rect};
use super::index::SegmentIndex;
use super::model::Board;

/// Drawn sizes in CSS px, as the page draws them: spot radius, half the
/// width of a curve, the height of a number (its font size) and the width
/// of one digit (12 px system-ui digits are at most 7 px wide).
const SPOT_R: f64 = 7.0;
/// The radius (CSS px) of a dead spot's dot, drawn smaller (0.55 of a
/// spot's, `spotShape()` in `www/board.js`): its number goes beside the
/// dot, not beside a disc that is not drawn, where it looked as if it
/// floated.
const DEAD_R: f64 = SPOT_R * 0.55;
const HALF_LINE: f64 = 1.2;
const TEXT_H: f64 = 12.0;

/// Below this scale (CSS px per board unit) spots and curves are drawn
/// smaller, in proportion ([`mark_scale`]), down to [`MARK_LEAST`] of
/// their size: at an embed's small scales a curve between two spots
/// 10-16 px apart could not clear both 7 px discs (issue 34, item 2,
/// docs/labels.md). The page (0.45 CSS px per unit on a phone and more)
/// and the 480×320 embed draw them full size.
const MARK_FULL_ZOOM: f64 = 0.4;
const MARK_LEAST: f64 = 0.7;

/// The size of spots, curves' widths and numbers drawn on spots, as a
/// fraction of their full size, at `px` board units per CSS px (the
/// inverse of the scale shown). `markScale()` in `www/board.js` is the
/// same.
pub fn mark_scale(px: f64) -> f64 {
    let zoom = 1.0 / px;
    if zoom.is_finite() && zoom > 0.0 {
        (zoom / MARK_FULL_ZOOM).clamp(MARK_LEAST, 1.0)
    } else {
        1.0
    }
}

/// Half a curve's width as drawn at `px` (board units).
fn half_line(px: f64) -> f64 {
    HALF_LINE * mark_scale(px) * px
}
const DIGIT_W: f64 = 7.0;

/// Smaller font sizes (CSS px) tried, in turn, for a number that finds no
/// clear place at [`TEXT_H`]: over 100 tidied 20-spot phone ends, numbers
/// left over something 114 → 47 with 11 and 10 px, 107 of 6,771 numbers
/// drawn smaller. 9 and 8 px (see [`font_cost`]) took the last 5 numbers
/// over a curve in those ends to 0: in a bundle of curves 10 px apart no
/// 12 px box fits between two curves.
const SMALLER: [f64; 4] = [11.0, 10.0, 9.0, 8.0];

/// How far (CSS px) a place's room is measured.
const ROOM: f64 = 20.0;

/// How much farther than next to the spot (CSS px) a number may go, ring
/// by ring: a number farther out still reads as its spot's when the near
/// places are taken.
const RINGS: [f64; 7] = [0.0, 4.0, 8.0, 13.0, 19.0, 26.0, 34.0];

/// Thirty-two directions (cos, sin; y down): above right first, then the
/// other diagonals and sides, then the directions between them (22.5°
/// off), then those between all these (11.25° off). The last sixteen
/// find a free place for about a quarter of the numbers that had none
/// in a crowded phone-size end (442 → 316 over 40 tidied games).
const DIRECTIONS: [(f64, f64); 32] = {
    const H: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const C: f64 = 0.923_879_532_511_286_7; // cos 22.5°
    const S: f64 = 0.382_683_432_365_089_8; // sin 22.5°
    const C1: f64 = 0.980_785_280_403_230_4; // cos 11.25°
    const S1: f64 = 0.195_090_322_016_128_3; // sin 11.25°
    const C3: f64 = 0.831_469_612_302_545_2; // cos 33.75°
    const S3: f64 = 0.555_570_233_019_602_2; // sin 33.75°
    [
        (H, -H), (0.0, -1.0), (-H, -H), (-1.0, 0.0), (-H, H), (0.0, 1.0), (H, H), (1.0, 0.0),
        (C, -S), (S, -C), (-S, -C), (-C, -S), (-C, S), (-S, C), (S, C), (C, S),
        (C3, -S3), (S3, -C3), (S1, -C1), (-S1, -C1), (-S3, -C3), (-C3, -S3), (-C1, -S1), (-C1, S1),
        (-C3, S3), (-S3, C3), (-S1, C1), (S1, C1), (S3, C3), (C3, S3), (C1, S1), (C1, -S1),
    ]
};

/// A spot's number: the centre of its box and the box's half sizes
/// (board units), and the font size it is drawn at (CSS px).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    pub x: f64,
    pub y: f64,
    pub half_w: f64,
    pub half_h: f64,
    pub font: f64,
}

impl Label {
    fn rect(&self) -> Rect {
        Rect {
            min: Point::new(self.x - self.half_w, self.y - self.half_h),
            max: Point::new(self.x + self.half_w, self.y + self.half_h),
        }
    }

    /// Whether the whole box is inside `shown`.
    fn inside(&self, shown: &Rect) -> bool {
        let r = self.rect();
        shown.contains(r.min) && shown.contains(r.max)
    }

    /// The box grown by [`NUMBER_GAP`]: another number meeting it is in
    /// this one's way.
    fn spaced(&self, px: f64) -> Rect {
        self.rect().grow(NUMBER_GAP * px)
    }
}

/// A spot as drawn: its centre (board units) and radius (CSS px).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Disc {
    c: Point,
    r: f64,
}

/// Every spot of `board` as drawn: dead spots as their smaller dot.
fn discs(board: &Board, px: f64) -> Vec<Disc> {
    let m = mark_scale(px);
    let mut degree = vec![0usize; board.spot_count()];
    for e in board.edges() {
        for &t in &e.ends {
            if let Some(d) = (t as usize).checked_sub(1).and_then(|i| degree.get_mut(i)) {
                *d += 1;
            }
        }
    }
    board
        .spots()
        .iter()
        .zip(board.capacities())
        .zip(degree)
        .map(|((&c, &cap), d)| Disc { c, r: m * if d >= cap as usize { DEAD_R } else { SPOT_R } })
        .collect()
}

fn rects_meet(a: &Rect, b: &Rect) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

/// Whether segment a–b meets the box `r`.
fn segment_meets_rect(a: Point, b: Point, r: &Rect) -> bool {
    if r.contains(a) || r.contains(b) {
        return true;
    }
    let c = [r.min, Point::new(r.max.x, r.min.y), r.max, Point::new(r.min.x, r.max.y)];
    (0..4).any(|k| segments_meet(a, b, c[k], c[(k + 1) % 4]))
}

/// Distance from p to the box (0 inside).
fn rect_dist(r: &Rect, p: Point) -> f64 {
    let dx = (r.min.x - p.x).max(p.x - r.max.x).max(0.0);
    let dy = (r.min.y - p.y).max(p.y - r.max.y).max(0.0);
    Point::new(dx, dy).norm()
}

/// A number over a curve still reads (it has a halo of paper); over a
/// spot or another number it does not: each of those counts this many
/// times a curve.
const COVERS: usize = 3;

/// How badly a number at `l` overlaps: curves (as drawn, `HALF_LINE` wide),
/// spots (their discs) and the numbers in `others`. `px` is one CSS pixel
/// in board units.
/// `spots` may leave out spots too far from `l` to matter.
fn overlaps(spots: &[Disc], index: &SegmentIndex, px: f64, l: &Label, others: &[Label]) -> usize {
    let grown = l.rect().grow(half_line(px));
    let mut hit = false;
    index.for_each_near(grown.min, grown.max, 0.0, &mut |s| {
        hit = hit || segment_meets_rect(s.a, s.b, &grown);
    });
    usize::from(hit) + COVERS * covers(spots, px, l, others)
}

/// Room (CSS px) kept between two numbers' boxes: two numbers closer
/// than a space read as one ("21" beside "4" reads "214").
const NUMBER_GAP: f64 = 4.0;

/// How many spots and numbers of `others` a number at `l` covers (or runs
/// into: closer than [`NUMBER_GAP`]).
fn covers(spots: &[Disc], px: f64, l: &Label, others: &[Label]) -> usize {
    let r = l.rect();
    let spaced = l.spaced(px);
    // (A number drawn on its spot does not cover that spot.)
    spots.iter().filter(|q| !is_on_spot(q.c, l) && rect_dist(&r, q.c) < q.r * px).count() + others.iter().filter(|o| rects_meet(&o.rect(), &spaced)).count()
}

/// The numbers of every spot, `px` being one CSS pixel in board units,
/// kept inside the board's extent grown by `margin` (board units: what the
/// page shows). Placed spot by spot, then the numbers that still overlap
/// something are placed again among all the others, then a number
/// still overlapping takes a place clear of curves and spots where
/// numbers in its way can make way for it ([`make_room`]), then a
/// number still overlapping is drawn smaller if that finds it a clear
/// place ([`SMALLER`]), and last the numbers still overlapping something
/// or across a curve from their spot settle together ([`settle`]).
/// The same drawing always gets the same numbers.
/// Last, a number that still reads badly beside its spot is drawn on it
/// ([`onto_spots`]).
pub fn place_labels(board: &Board, px: f64, margin: f64) -> Vec<Label> {
    let mut placed = place_labels_beside(board, px, margin);
    onto_spots(board, px, &mut placed);
    placed
}

/// As [`place_labels`], every number beside its spot (the placement
/// before numbers were drawn on spots; `sprouts bench layout` prints
/// both).
pub fn place_labels_beside(board: &Board, px: f64, margin: f64) -> Vec<Label> {
    arrange(board, px, margin, true)
}

/// The font sizes (CSS px) of a number drawn on its spot, by digits:
/// its box fits inside the spot's disc (radius [`SPOT_R`]: a 2-digit
/// box at 9 px is 10.5 × 9 px, its corners 6.9 px from the centre),
/// smaller with the spot at small scales ([`mark_scale`]).
fn on_spot_font(i: usize, px: f64) -> f64 {
    mark_scale(px)
        * match digits(i) {
            1 => 10.0,
            2 => 9.0,
            _ => 7.0,
        }
}

/// Whether a number is drawn on the spot at `s` (centred on it).
fn is_on_spot(s: Point, l: &Label) -> bool {
    l.x == s.x && l.y == s.y
}

/// Which numbers are drawn on their own spot.
pub fn on_spots(board: &Board, labels: &[Label]) -> Vec<bool> {
    labels.iter().zip(board.spots()).map(|(l, &s)| is_on_spot(s, l)).collect()
}

/// Each number that, beside its spot, has its centre nearer another
/// spot, lies over a curve, covers a spot or another number, or has a
/// curve between it and its spot is drawn on its own spot instead, small
/// enough to fit in the spot's disc (a numbered stone): there it can only
/// read as its own spot's, and the curves ending at the spot end under
/// it. At an embed's zoom (0.375 CSS px per board unit at 320×240) a
/// crowded drawing has no place beside some spots that reads; there the
/// only clear places were often beyond a bundle of curves, where a number
/// floated away from its spot (docs/labels.md).
pub fn onto_spots(board: &Board, px: f64, labels: &mut [Label]) {
    let px = if px.is_finite() && px > 0.0 { px } else { 1.0 };
    let index = SegmentIndex::new(board, None);
    let spots = board.spots();
    let drawn = discs(board, px);
    // Rounds: a number beside its spot that runs into one just put on a
    // spot goes on its own spot in the next round. Each round moves at
    // least one number onto its spot, so this ends within n rounds.
    loop {
        let bad: Vec<usize> = (0..labels.len().min(spots.len()))
            .filter(|&i| {
                let l = &labels[i];
                !is_on_spot(spots[i], l)
                    && (reads_as_other(spots, spots[i], l) || on_curve(&index, px, l) || covers(&drawn, px, l, &all_but(labels, i)) > 0 || is_across(&index, px, spots[i], l))
            })
            .collect();
        if bad.is_empty() {
            return;
        }
        for i in bad {
            labels[i] = on_spot_label(board, &index, px, i);
        }
    }
}

/// Spot `i`'s number drawn on its spot: at [`on_spot_font`], or, where
/// a curve not ending at the spot clips that box's corner (the box is
/// wider than the disc is round: a 2-digit box at 9 px reaches 8.6 px
/// from the centre grown by half a curve's width, the disc 8.2 px), the
/// largest font down to [`ON_SPOT_LEAST`] whose box it clears. Seen in
/// the 480×320 embed: a curve 8.3 px from spot 42 of the 2011 Clash of
/// the Titans game 2 (docs/labels.md, session 30).
fn on_spot_label(board: &Board, index: &SegmentIndex, px: f64, i: usize) -> Label {
    let s = board.spots()[i];
    let at = |font: f64| {
        let (half_w, half_h) = half_size(px, i, font);
        Label { x: s.x, y: s.y, half_w, half_h, font }
    };
    let (full, step) = (on_spot_font(i, px), 0.5 * mark_scale(px));
    let least = ON_SPOT_LEAST * mark_scale(px) - 1e-9;
    let mut font = full;
    // The box alone: a disc of radius 0 meets no curve.
    while font >= least && crosses(board, index, px, i, &at(font), 0.0) {
        font -= step;
    }
    at(if font >= least { font } else { full })
}

/// The smallest font (CSS px, at full scale) of a number on its spot: a
/// three-digit number's ([`on_spot_font`]).
const ON_SPOT_LEAST: f64 = 7.0;

/// Whether a curve other than those ending at spot `i` passes under
/// its number `l` drawn on it: through the spot's mark as drawn (a live
/// spot's 7 px disc, which holds the number's box; a dead spot's
/// 3.85 px dot) or through the number's box (both grown by
/// [`HALF_LINE`]). The curves ending at the spot end under its mark, as
/// they do under every spot. (A dead spot's number is larger than its
/// dot: it used to count a 7 px disc that is not drawn, so a curve
/// passing 6 px from a dot, clear of its number, counted as under it.)
fn crosses_mark(board: &Board, drawn: &[Disc], index: &SegmentIndex, px: f64, i: usize, l: &Label) -> bool {
    crosses(board, index, px, i, l, drawn[i].r * px + half_line(px))
}

/// Whether a curve not ending at spot `i` passes within `r` of the spot
/// or through its number's box `l` grown by half a curve's width.
fn crosses(board: &Board, index: &SegmentIndex, px: f64, i: usize, l: &Label, r: f64) -> bool {
    let s = board.spots()[i];
    let grown = l.rect().grow(half_line(px));
    let spot = (i + 1) as crate::topology::Spot;
    let mut hit = false;
    index.for_each_near(grown.min, grown.max, r, &mut |g| {
        hit = hit || (!board.edges()[g.edge].ends.contains(&spot) && (point_segment_dist(s, g.a, g.b) < r || segment_meets_rect(g.a, g.b, &grown)));
    });
    hit
}

/// Whether spot `i`'s number `l` lies over a curve: its box (grown by
/// half a curve's width) meets one, or, drawn on its spot, a curve not
/// ending at the spot passes under it ([`crosses_mark`]).
fn over_a_curve(board: &Board, drawn: &[Disc], index: &SegmentIndex, px: f64, i: usize, l: &Label) -> bool {
    if is_on_spot(board.spots()[i], l) {
        crosses_mark(board, drawn, index, px, i, l)
    } else {
        on_curve(index, px, l)
    }
}

/// As [`place_labels`], without the settling: the tidy pushes curves out
/// of the boxes of the numbers this leaves over something. (Pushing only
/// out of those a settling of the overlapping numbers leaves, more stay
/// over a curve in the end: over 100 tidied 20-spot phone ends, 14 in 8
/// games rather than 5 in 4; and the full settling made 6 phone games'
/// tidies take 104 s instead of 72.)
pub(super) fn place_labels_unsettled(board: &Board, px: f64, margin: f64) -> Vec<Label> {
    arrange(board, px, margin, false)
}

fn arrange(board: &Board, px: f64, margin: f64, settled: bool) -> Vec<Label> {
    let px = if px.is_finite() && px > 0.0 { px } else { 1.0 };
    let index = SegmentIndex::new(board, None);
    let shown = board.extent().grow(margin);
    let drawn = discs(board, px);
    let mut placed = made_room(board, &drawn, &index, px, &shown);
    if settled {
        settle(board, &drawn, &index, px, &shown, &mut placed);
    }
    placed
}

/// The numbers placed first, then room made and numbers drawn smaller
/// while that frees any.
fn made_room(board: &Board, drawn: &[Disc], index: &SegmentIndex, px: f64, shown: &Rect) -> Vec<Label> {
    let mut placed = first_places(board, drawn, index, px, shown);
    // Each room made, and each number drawn smaller, leaves one number
    // fewer overlapping, so this ends within n rounds.
    let mut clean = Clean::new(board, drawn, index, px, *shown);
    let mut moved = true;
    while moved {
        moved = false;
        for i in 0..placed.len() {
            if overlaps(drawn, index, px, &placed[i], &all_but(&placed, i)) > 0 {
                moved |= make_room(&mut clean, i, &mut placed);
            }
        }
        if !moved {
            moved = smaller(drawn, index, px, shown, &mut placed);
        }
    }
    placed
}

/// Steps of the settling per number taking part.
const SETTLE_STEPS: usize = 3000;
/// What a place costs in the settling beyond what it overlaps (a curve
/// 1, a spot or number [`COVERS`]): per CSS px of font below [`TEXT_H`],
/// and for being across a curve from its spot.
const FONT_COST: f64 = 0.05;
const ACROSS_COST: f64 = 0.3;
/// What a place nearer another spot than its own costs in the settling:
/// more than being across a curve, less than lying over one.
const OTHER_COST: f64 = 0.6;
/// Each px of font below [`TINY`] costs this more: more than being
/// across a curve, so that 9 and 8 px numbers are drawn only where no
/// place at 10 px or more is clear. (At 0.05 a px throughout they also
/// took the place of numbers across a curve: 57 of the 100 phone ends'
/// 6,771 numbers at 9 or 8 px, against 12.)
const TINY_COST: f64 = 0.3;
/// The font size (CSS px, one of [`SMALLER`]) under which a number is
/// drawn only where nothing larger is clear.
const TINY: f64 = 10.0;

/// What drawing a number at `font` CSS px costs in the settling.
fn font_cost(font: f64) -> f64 {
    FONT_COST * (TEXT_H - font) + TINY_COST * (TINY - font).max(0.0)
}
/// The settling's last temperature (its first is 1: a curve's cost).
const FROZEN: f64 = 0.005;

/// How far from spot `i` its number's box can reach (board units).
fn reach(px: f64, i: usize) -> f64 {
    let (hw, hh) = half_size(px, i, TEXT_H);
    (SPOT_R + 2.0 + RINGS[RINGS.len() - 1]) * px + 2.0 * (hw + hh)
}

/// Last, for the numbers still overlapping something or across a curve
/// from their spot: a seeded annealing
/// (Metropolis, cooling geometrically) over them and the numbers whose
/// places can meet theirs, each taking its present place or any place
/// clear of curves and spots, at any of the font sizes. In a crowded end
/// most numbers left over a curve have clear places, all taken by numbers
/// that would have to move several at once, which chains of making way
/// do not find: over 100 tidied 20-spot phone ends, numbers over a curve
/// 35 → 5, across a curve 674 → 46 (and 116 → 412 of their 6,771
/// numbers drawn smaller). The result is kept only if no more numbers
/// overlap, cover or sit across a curve than before.
fn settle(board: &Board, drawn: &[Disc], index: &SegmentIndex, px: f64, shown: &Rect, placed: &mut [Label]) {
    let n = placed.len();
    let spots = board.spots();
    let over = overlapping_with(board, drawn, index, px, placed);
    let seeds: Vec<bool> = (0..n).map(|i| over[i] || is_across(index, px, spots[i], &placed[i]) || reads_as_other(spots, spots[i], &placed[i])).collect();
    if !seeds.contains(&true) {
        return;
    }
    let reaches: Vec<f64> = (0..n).map(|i| reach(px, i)).collect();
    let meet = |i: usize, j: usize| spots[i].dist(spots[j]) <= reaches[i] + reaches[j] + NUMBER_GAP * px;
    let active: Vec<bool> = (0..n).map(|j| (0..n).any(|i| seeds[i] && (i == j || meet(i, j)))).collect();
    let members: Vec<usize> = (0..n).filter(|&i| active[i]).collect();
    let fixed: Vec<Label> = (0..n).filter(|&i| !active[i]).map(|i| placed[i]).collect();
    // Each member's places and what each costs by itself.
    let looks = |i: usize, l: &Label| {
        font_cost(l.font)
            + if is_across(index, px, spots[i], l) { ACROSS_COST } else { 0.0 }
            + if reads_as_other(spots, spots[i], l) { OTHER_COST } else { 0.0 }
    };
    let places_of: Vec<Vec<(Label, f64)>> = members
        .iter()
        .map(|&i| {
            let (_, near) = near_spots(drawn, px, i);
            let fixed_near = within(&fixed, spots[i], reaches[i], px);
            let mut v = vec![(placed[i], overlaps(&near, index, px, &placed[i], &fixed_near) as f64 + looks(i, &placed[i]))];
            for font in std::iter::once(TEXT_H).chain(SMALLER) {
                // Clear places only: what they cost is the font and being across.
                for l in places(drawn, px, i, font).filter(|l| l.inside(shown) && overlaps(&near, index, px, l, &fixed_near) == 0) {
                    v.push((l, looks(i, &l)));
                }
            }
            v
        })
        .collect();
    let m = members.len();
    let rects: Vec<Vec<Rect>> = places_of.iter().map(|v| v.iter().map(|(l, _)| l.rect()).collect()).collect();
    // Two members are neighbours if any of their places can meet.
    let bounds: Vec<Rect> = rects.iter().map(|v| Rect::of(&v.iter().flat_map(|r| [r.min, r.max]).collect::<Vec<_>>())).collect();
    let neighbours: Vec<Vec<usize>> = (0..m).map(|a| (0..m).filter(|&b| b != a && rects_meet(&bounds[a].grow(NUMBER_GAP * px), &bounds[b])).collect()).collect();
    let mut at = vec![0usize; m];
    let clash = |a: usize, k: usize, b: usize, at: &[usize]| rects_meet(&rects[a][k].grow(NUMBER_GAP * px), &rects[b][at[b]]);
    // Each member's numbers in its way where it is, kept up to date.
    let mut clashes: Vec<usize> = (0..m).map(|a| neighbours[a].iter().filter(|&&b| clash(a, 0, b, &at)).count()).collect();
    let mut rng = crate::player::Rng::new(n as u64);
    let steps = SETTLE_STEPS * m;
    let cooling = FROZEN.powf(1.0 / steps as f64);
    let (mut temperature, mut energy, mut best, mut best_at) = (1.0, 0.0, 0.0, at.clone());
    for _ in 0..steps {
        temperature *= cooling;
        let a = rng.below(m);
        let k = rng.below(places_of[a].len());
        if k == at[a] {
            continue;
        }
        let there = neighbours[a].iter().filter(|&&b| clash(a, k, b, &at)).count();
        let d = places_of[a][k].1 - places_of[a][at[a]].1 + COVERS as f64 * (there as f64 - clashes[a] as f64);
        if d <= 0.0 || (rng.below(1 << 30) as f64) < (1u64 << 30) as f64 * (-d / temperature).exp() {
            for &b in &neighbours[a] {
                clashes[b] -= usize::from(clash(a, at[a], b, &at));
                clashes[b] += usize::from(clash(a, k, b, &at));
            }
            at[a] = k;
            clashes[a] = there;
            energy += d;
            if energy < best - 1e-9 {
                best = energy;
                best_at.clone_from(&at);
            }
        }
    }
    let was: Vec<Label> = placed.to_vec();
    for (a, &i) in members.iter().enumerate() {
        placed[i] = places_of[a][best_at[a]].0;
    }
    let count = |v: &[bool]| v.iter().filter(|&&b| b).count();
    let worse = |now: &[Label], was: &[Label]| {
        count(&overlapping_with(board, drawn, index, px, now)) > count(&over)
            || count(&covering(board, px, now)) > count(&covering(board, px, was))
            || count(&across_with(index, spots, px, now)) > count(&across_with(index, spots, px, was))
            || count(&nearer_other(board, now)) > count(&nearer_other(board, was))
    };
    if worse(placed, &was) {
        placed.copy_from_slice(&was);
    }
}

/// Draws smaller ([`SMALLER`], largest first) each number that overlaps
/// something and is clear of everything at a smaller size in one of its
/// places. Returns whether any was.
fn smaller(drawn: &[Disc], index: &SegmentIndex, px: f64, shown: &Rect, placed: &mut [Label]) -> bool {
    let mut any = false;
    for font in SMALLER {
        for i in 0..placed.len() {
            let others = all_but(placed, i);
            if overlaps(drawn, index, px, &placed[i], &others) > 0 {
                let (_, spots) = near_spots(drawn, px, i);
                if let Some(l) = places(drawn, px, i, font).find(|l| l.inside(shown) && overlaps(&spots, index, px, l, &others) == 0) {
                    placed[i] = l;
                    any = true;
                }
            }
        }
    }
    any
}

/// The numbers placed spot by spot, then those still overlapping placed
/// again among all the others (twice).
fn first_places(board: &Board, drawn: &[Disc], index: &SegmentIndex, px: f64, shown: &Rect) -> Vec<Label> {
    let n = board.spot_count();
    // The spots with the fewest free places choose first (a crowded
    // spot's number then finds the one place left before another takes it).
    let mut order: Vec<(usize, usize)> = (0..n).map(|i| (free_places(drawn, index, px, shown, i), i)).collect();
    crate::sort::sort(&mut order);
    let mut placed: Vec<Label> = vec![Label { x: f64::INFINITY, y: f64::INFINITY, half_w: 0.0, half_h: 0.0, font: TEXT_H }; n];
    for &(_, i) in &order {
        placed[i] = choose(drawn, index, px, shown, i, &placed).0;
    }
    for _ in 0..2 {
        for i in 0..n {
            let others = all_but(&placed, i);
            if overlaps(drawn, index, px, &placed[i], &others) > 0 {
                placed[i] = choose(drawn, index, px, shown, i, &others).0;
            }
        }
    }
    placed
}

/// Half the width and height of spot `i`'s number at `font` CSS px
/// (board units).
fn half_size(px: f64, i: usize, font: f64) -> (f64, f64) {
    let k = font / TEXT_H;
    (k * DIGIT_W * digits(i) as f64 * px / 2.0, k * TEXT_H * px / 2.0)
}

/// How many digits spot `i`'s number (`i + 1`) has: counted, not written
/// out with `to_string` (an allocation in every box measured, and more
/// wasm; docs/release.md, session 31).
fn digits(i: usize) -> usize {
    let (mut n, mut d) = (i + 1, 1);
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// How far from spot `i` its number's places reach, and the spots near
/// enough to touch a place (or, for a spot, to count in its 20 px room):
/// only those are looked at. This keeps a late game's labels at a few ms
/// rather than ~100 ms in wasm (each place looked at all spots).
fn near_spots(drawn: &[Disc], px: f64, i: usize) -> (f64, Vec<Disc>) {
    let s = drawn[i].c;
    let far = reach(px, i);
    (far, drawn.iter().copied().filter(|q| q.c.dist(s) <= far + ROOM.max(SPOT_R) * px + px).collect())
}

/// The places tried for spot `i`'s number drawn at `font` CSS px, in
/// order: above right first (the usual place), then round the spot, then
/// farther out; and after all those, the places whose centre is nearer
/// another spot than spot `i` (such a number reads as that spot's: on
/// a phone, 11 beside 32 read as 32's), tried only where every other
/// place is taken or over something.
fn places(drawn: &[Disc], px: f64, i: usize, font: f64) -> impl Iterator<Item = Label> {
    let Disc { c: s, r } = drawn[i];
    let (hw, hh) = half_size(px, i, font);
    let near: Vec<Point> = near_spots(drawn, px, i).1.iter().map(|d| d.c).collect();
    let all = RINGS.iter().flat_map(move |&ring| {
        let reach = (r + 2.0 + ring) * px;
        DIRECTIONS.iter().map(move |&(c, s_)| {
            // The box `reach` from the spot's centre in that direction,
            // its near side or corner towards the spot.
            let dx = reach * c + hw * (2.0 * c).clamp(-1.0, 1.0);
            let dy = reach * s_ + hh * (2.0 * s_).clamp(-1.0, 1.0);
            Label { x: s.x + dx, y: s.y + dy, half_w: hw, half_h: hh, font }
        })
    });
    let (plain, ambiguous): (Vec<Label>, Vec<Label>) = all.partition(|l| !reads_as_other(&near, s, l));
    plain.into_iter().chain(ambiguous)
}

/// Whether a spot of `spots` other than the one at `own` is nearer the
/// centre of `l` than `own`.
fn reads_as_other(spots: &[Point], own: Point, l: &Label) -> bool {
    let c = Point::new(l.x, l.y);
    let d = own.dist(c);
    spots.iter().any(|&q| q != own && q.dist(c) < d)
}

/// The best place for spot `i`'s number among `others`, and how many
/// things it overlaps there.
fn choose(drawn: &[Disc], index: &SegmentIndex, px: f64, shown: &Rect, i: usize, others: &[Label]) -> (Label, usize) {
    let s = drawn[i].c;
    let (hw, hh) = half_size(px, i, TEXT_H);
    let (far, near_spots) = near_spots(drawn, px, i);
    let near_others = within(others, s, far, px);
    let mut best: Option<(usize, f64, Label)> = None;
    for l in places(drawn, px, i, TEXT_H) {
        let n = overlaps(&near_spots, index, px, &l, &near_others) + usize::from(!l.inside(shown)) * 100;
        if n == 0 {
            return (l, 0);
        }
        // The room (a tie-breaker) only where it can decide.
        if best.as_ref().is_some_and(|(bn, _, _)| n > *bn) {
            continue;
        }
        let room = clearance(&near_spots, index, &l, px);
        if best.as_ref().is_none_or(|(bn, br, _)| n < *bn || (n == *bn && room > *br)) {
            best = Some((n, room, l));
        }
    }
    best.map(|(n, _, l)| (l, n)).unwrap_or((Label { x: s.x, y: s.y, half_w: hw, half_h: hh, font: TEXT_H }, 1))
}

/// The numbers among `others` that a box within `far` of `s` can meet
/// or come closer to than [`NUMBER_GAP`]: only those are looked at.
fn within(others: &[Label], s: Point, far: f64, px: f64) -> Vec<Label> {
    others.iter().copied().filter(|o| Point::new(o.x, o.y).dist(s) <= far + o.half_w + o.half_h + (1.0 + NUMBER_GAP) * px).collect()
}

/// Each number's places clear of every curve and spot and inside what
/// is shown, and the spots near enough to matter to its places, worked
/// out when first asked for.
struct Clean<'a> {
    drawn: &'a [Disc],
    index: &'a SegmentIndex,
    px: f64,
    shown: Rect,
    near: Vec<Option<(Vec<Disc>, Vec<Label>)>>,
}

impl<'a> Clean<'a> {
    fn new(board: &'a Board, drawn: &'a [Disc], index: &'a SegmentIndex, px: f64, shown: Rect) -> Self {
        Clean { drawn, index, px, shown, near: vec![None; board.spot_count()] }
    }

    /// Number `j`'s near spots and clear places.
    fn entry(&mut self, j: usize) -> &(Vec<Disc>, Vec<Label>) {
        let (drawn, index, px, shown) = (self.drawn, self.index, self.px, self.shown);
        self.near[j].get_or_insert_with(|| {
            let (_, spots) = near_spots(drawn, px, j);
            let clean = places(drawn, px, j, TEXT_H).filter(|l| l.inside(&shown) && overlaps(&spots, index, px, l, &[]) == 0).collect();
            (spots, clean)
        })
    }

    fn of(&mut self, j: usize) -> Vec<Label> {
        self.entry(j).1.clone()
    }

    /// For number `j` when it is already over something: a place no other
    /// number is in the way of, over no more curves and spots than where
    /// it is (it stays over something, but out of another's way).
    fn aside(&mut self, j: usize, placed: &[Label]) -> Option<Label> {
        let (drawn, index, px, shown) = (self.drawn, self.index, self.px, self.shown);
        let spots = &self.entry(j).0;
        let here = overlaps(spots, index, px, &placed[j], &[]);
        if here == 0 {
            // Clear of curves and spots: it may only go to another such
            // place, which make_way looked for first.
            return None;
        }
        places(drawn, px, j, TEXT_H).find(|l| l.inside(&shown) && in_the_way(placed, j, l, px).is_empty() && overlaps(spots, index, px, l, &[]) <= here)
    }
}

/// How deep a chain of numbers making way for each other goes: a number
/// in the way moves to a place where at most one more is in its way, and
/// so on this many times.
const CHAIN: usize = 2;

/// The numbers other than `j` in the way of a number at `l`.
fn in_the_way(placed: &[Label], j: usize, l: &Label, px: f64) -> Vec<usize> {
    let spaced = l.spaced(px);
    (0..placed.len()).filter(|&k| k != j && rects_meet(&placed[k].rect(), &spaced)).collect()
}

/// Makes room for spot `i`'s number, which overlaps something: it takes
/// a place clear of curves and spots where at most two other numbers are
/// in the way, and those make way ([`make_way`]). A number moved ends
/// clear of everything, or, if it was over a curve or spot already, out
/// of every number's way and over no more than before; so each room made
/// leaves one number fewer overlapping and none covering more. Returns
/// whether it did; if not, nothing moved.
fn make_room(clean: &mut Clean, i: usize, placed: &mut [Label]) -> bool {
    let px = clean.px;
    let was = placed.to_vec();
    let mine = clean.of(i);
    for l in mine {
        let blockers = in_the_way(placed, i, &l, px);
        if blockers.len() > 2 {
            continue;
        }
        placed[i] = l;
        let mut moved = vec![i];
        moved.extend(&blockers);
        if blockers.iter().all(|&b| make_way(clean, b, placed, CHAIN, &mut moved)) {
            return true;
        }
        placed.copy_from_slice(&was);
    }
    false
}

/// Moves number `j` to a clear place no other number is in the way of,
/// or aside ([`Clean::aside`]), or (`depth` > 0) to a clear place where
/// exactly one number not yet moved is in the way, which makes way in
/// turn. `moved` lists the numbers this chain has placed (they stay).
/// On failure `placed` may be changed: the caller restores it.
fn make_way(clean: &mut Clean, j: usize, placed: &mut [Label], depth: usize, moved: &mut Vec<usize>) -> bool {
    let px = clean.px;
    let mine = clean.of(j);
    if let Some(l) = mine.iter().find(|l| in_the_way(placed, j, l, px).is_empty()) {
        placed[j] = *l;
        return true;
    }
    if let Some(l) = clean.aside(j, placed) {
        placed[j] = l;
        return true;
    }
    if depth == 0 {
        return false;
    }
    for l in mine {
        let blockers = in_the_way(placed, j, &l, px);
        let [k] = blockers[..] else { continue };
        if moved.contains(&k) {
            continue;
        }
        let (was, len) = (placed[j], moved.len());
        placed[j] = l;
        moved.push(k);
        if make_way(clean, k, placed, depth - 1, moved) {
            return true;
        }
        placed[j] = was;
        moved.truncate(len);
    }
    false
}

/// How many of spot `i`'s places overlap no curve or spot (up to 4: more
/// is plenty).
fn free_places(drawn: &[Disc], index: &SegmentIndex, px: f64, shown: &Rect, i: usize) -> usize {
    let mut free = 0;
    let mut others: Vec<Label> = Vec::new();
    while free < 4 {
        let (l, n) = choose(drawn, index, px, shown, i, &others);
        if n > 0 {
            break;
        }
        // Block that place and look again.
        others.push(l);
        free += 1;
    }
    free
}

/// Room around a number: distance to the nearest curve point or spot
/// within `ROOM` CSS px (a tie-breaker among overlapping places). `spots`
/// may leave out spots farther than that.
fn clearance(spots: &[Disc], index: &SegmentIndex, l: &Label, px: f64) -> f64 {
    let r = l.rect();
    let c = Point::new(l.x, l.y);
    let mut m = ROOM * px;
    index.for_each_near(r.min, r.max, m, &mut |s| m = m.min(point_segment_dist(c, s.a, s.b)));
    for q in spots {
        m = m.min(q.c.dist(c));
    }
    m
}

/// Which of the numbers overlap a curve, a spot or another number.
pub fn overlapping(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    overlapping_with(board, &discs(board, px), &SegmentIndex::new(board, None), px, labels)
}

fn overlapping_with(board: &Board, drawn: &[Disc], index: &SegmentIndex, px: f64, labels: &[Label]) -> Vec<bool> {
    (0..labels.len())
        .map(|i| {
            let l = &labels[i];
            if is_on_spot(board.spots()[i], l) {
                crosses_mark(board, drawn, index, px, i, l) || covers(drawn, px, l, &all_but(labels, i)) > 0
            } else {
                overlaps(drawn, index, px, l, &all_but(labels, i)) > 0
            }
        })
        .collect()
}

/// Which of the numbers cover a spot or another number (the worst
/// overlaps: a number over a curve still reads).
pub fn covering(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    let drawn = discs(board, px);
    each_among_others(labels, |l, others| covers(&drawn, px, l, others) > 0)
}

/// Which of the numbers sit across a curve from their spot: a curve runs
/// between the spot's disc and the nearest point of the number's box (in
/// a bundle of curves such a number can read as a neighbour's).
pub fn across(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    across_with(&SegmentIndex::new(board, None), board.spots(), px, labels)
}

fn across_with(index: &SegmentIndex, spots: &[Point], px: f64, labels: &[Label]) -> Vec<bool> {
    labels.iter().zip(spots).map(|(l, &s)| is_across(index, px, s, l)).collect()
}

/// Whether a curve runs between the disc of the spot at `s` and the
/// nearest point of its number's box `l`.
fn is_across(index: &SegmentIndex, px: f64, s: Point, l: &Label) -> bool {
    let r = l.rect();
    // (max/min rather than clamp: no panic on a NaN box.)
    let near = Point::new(s.x.max(r.min.x).min(r.max.x), s.y.max(r.min.y).min(r.max.y));
    let d = near.dist(s);
    let disc = SPOT_R * mark_scale(px) * px;
    if d <= disc {
        return false;
    }
    let from = s.lerp(near, disc / d);
    let mut hit = false;
    index.for_each_near(from, near, 0.0, &mut |g| hit = hit || segments_meet(from, near, g.a, g.b));
    hit
}

/// Which of the numbers lie over a curve (their box, grown by half a
/// curve's width, meets one): the halo keeps them legible, but the curve
/// is hidden there. A number drawn on its spot lies over a curve if a
/// curve that does not end at the spot crosses the spot's disc.
pub fn over_curve(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    let (index, drawn) = (SegmentIndex::new(board, None), discs(board, px));
    labels.iter().enumerate().map(|(i, l)| over_a_curve(board, &drawn, &index, px, i, l)).collect()
}

/// As [`over_curve`], by the box alone for every number (the definition
/// before numbers were drawn on spots: one on its spot then counts the
/// curves ending at the spot).
pub fn over_curve_box(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    let index = SegmentIndex::new(board, None);
    labels.iter().map(|l| on_curve(&index, px, l)).collect()
}

fn on_curve(index: &SegmentIndex, px: f64, l: &Label) -> bool {
    let grown = l.rect().grow(half_line(px));
    let mut hit = false;
    index.for_each_near(grown.min, grown.max, 0.0, &mut |s| hit = hit || segment_meets_rect(s.a, s.b, &grown));
    hit
}

/// Which of the numbers have their centre nearer another spot than their
/// own: such a number reads as that spot's.
pub fn nearer_other(board: &Board, labels: &[Label]) -> Vec<bool> {
    let spots = board.spots();
    labels.iter().zip(spots).map(|(l, &s)| reads_as_other(spots, s, l)).collect()
}

/// How far each number's box is from its spot's disc, in board units (0
/// where they touch).
pub fn gaps(board: &Board, px: f64, labels: &[Label]) -> Vec<f64> {
    labels.iter().zip(discs(board, px)).map(|(l, s)| (rect_dist(&l.rect(), s.c) - s.r * px).max(0.0)).collect()
}

fn each_among_others(labels: &[Label], f: impl Fn(&Label, &[Label]) -> bool) -> Vec<bool> {
    (0..labels.len()).map(|i| f(&labels[i], &all_but(labels, i))).collect()
}

/// The numbers but the `i`th.
fn all_but(labels: &[Label], i: usize) -> Vec<Label> {
    labels.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, o)| *o).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{play_game, Edge, PageSize};

    type Ends = Vec<(u64, Board, f64, Vec<Label>)>;

    /// `digits` counts what `to_string` writes, at every change of length.
    #[test]
    fn digits_are_those_written() {
        for i in (0..1100).chain([9_998, 9_999, 99_999, 999_999]) {
            assert_eq!(digits(i), (i + 1).to_string().len(), "spot {}", i + 1);
        }
    }

    /// The four checks on the crowded ends below share one set of them:
    /// playing the four 20-spot games was most of each check's time
    /// (tests run in processes of their own under nextest, so a shared
    /// static would not be shared).
    #[test]
    fn crowded_ends_are_numbered_well() {
        let ends = crowded_ends();
        making_room_frees_one_number_and_spoils_none(&ends);
        settling_frees_numbers_and_spoils_none(&ends);
        smaller_numbers_are_clear(&ends);
        no_number_is_one_chain_from_a_free_place(&ends);
    }

    /// Crowded phone-size ends (as routed, before any tidy) with their
    /// numbers as first placed.
    fn crowded_ends() -> Ends {
        let size = PageSize::ALL[1];
        [16, 17, 18, 19]
            .into_iter()
            .map(|seed| {
                let board = play_game(&size, 20, seed, false).unwrap();
                let px = 1.0 / size.zoom(&board);
                let index = SegmentIndex::new(&board, None);
                let first = first_places(&board, &discs(&board, px), &index, px, &board.extent().grow(24.0));
                (seed, board, px, first)
            })
            .collect()
    }

    /// A spot alone in a lane 12 px wide, in a bundle of such lanes: no
    /// box of 10 px or more fits between two curves (a 10 px number and
    /// the curves' half widths take 12.4 px), and beyond the bundle is
    /// out of its number's reach. Its number is drawn at 9 px in its own
    /// lane, over nothing and not across a curve.
    #[test]
    fn a_number_in_a_narrow_lane_is_drawn_small() {
        let mut spots = Vec::new();
        let mut edges = Vec::new();
        for k in 0..5 {
            for side in [-1.0, 1.0] {
                let y = 100.0 + side * (6.0 + 12.0 * k as f64);
                let (a, b) = (Point::new(20.0, y), Point::new(380.0, y));
                spots.extend([a, b]);
                let n = spots.len() as crate::topology::Spot;
                edges.push(Edge { ends: [n - 1, n], points: (0..=36).map(|i| a.lerp(b, i as f64 / 36.0)).collect() });
            }
        }
        spots.push(Point::new(200.0, 100.0));
        let board = Board::from_parts(400.0, 200.0, spots, edges).unwrap();
        let placed = place_labels(&board, 1.0, 24.0);
        let (i, l) = (placed.len() - 1, placed[placed.len() - 1]);
        assert!((l.font - 9.0).abs() < 1e-9, "{l:?}");
        assert!(!overlapping(&board, 1.0, &placed)[i], "{l:?}");
        assert!(!across(&board, 1.0, &placed)[i], "{l:?}");
        assert!((l.y - 100.0).abs() < 6.0, "{l:?}");
    }

    /// Marks are full size from 0.4 CSS px per board unit up (the page,
    /// the 480×320 embed), smaller in proportion below, to 0.7 of it.
    #[test]
    fn marks_are_smaller_at_small_scales() {
        for (zoom, want) in [(1.0, 1.0), (0.4, 1.0), (0.32, 0.8), (0.28, 0.7), (0.1, 0.7), (0.0, 1.0), (f64::NAN, 1.0)] {
            assert!((mark_scale(1.0 / zoom) - want).abs() < 1e-9, "zoom {zoom}: {}", mark_scale(1.0 / zoom));
        }
        // A number on its spot at 0.28 CSS px per unit fits the smaller disc.
        let px = 1.0 / 0.28;
        let (hw, hh) = half_size(px, 11, on_spot_font(11, px));
        assert!(hw.hypot(hh) / px <= SPOT_R * 0.7 + 1e-9, "{}", hw.hypot(hh) / px);
    }

    /// A curve 8.3 px from spot 12's centre, clear of its disc (7 px and
    /// half a curve's width) but across the corner of its number's 9 px
    /// box on the spot: the number on the spot is drawn smaller, as large
    /// as clears the curve; a curve through the disc, which no font
    /// clears, leaves it at 9 px.
    #[test]
    fn a_number_on_its_spot_shrinks_off_a_curve_at_its_corner() {
        let at = |d: f64| {
            // Spot 12 at (100, 100); spots 10 and 11 on the line x + y =
            // 200 + d√2, d from spot 12, far from it; the rest far away.
            let mut spots: Vec<Point> = (0..9).map(|k| Point::new(20.0 + 30.0 * k as f64, 280.0)).collect();
            let c = 200.0 + d * std::f64::consts::SQRT_2;
            spots.extend([Point::new(c - 20.0, 20.0), Point::new(c - 180.0, 180.0), Point::new(100.0, 100.0)]);
            let line = Edge { ends: [10, 11], points: vec![spots[9], spots[10]] };
            Board::from_parts(300.0, 300.0, spots, vec![line]).unwrap()
        };
        let board = at(8.3);
        let l = on_spot_label(&board, &SegmentIndex::new(&board, None), 1.0, 11);
        assert!(l.font < 9.0 && l.font >= ON_SPOT_LEAST, "{l:?}");
        let full = on_spot_font(11, 1.0);
        let (hw, hh) = half_size(1.0, 11, full);
        let mut labels: Vec<Label> = board.spots().iter().map(|s| Label { x: s.x, y: s.y, half_w: 0.0, half_h: 0.0, font: full }).collect();
        labels[11] = Label { half_w: hw, half_h: hh, ..labels[11] };
        assert!(over_curve(&board, 1.0, &labels)[11], "at 9 px the box's corner is over the curve");
        labels[11] = l;
        assert!(!over_curve(&board, 1.0, &labels)[11], "{l:?}");
        let board = at(5.0);
        let l = on_spot_label(&board, &SegmentIndex::new(&board, None), 1.0, 11);
        assert_eq!(l.font, full, "{l:?}");
    }

    /// Two spots 20 px apart side by side, nothing else: the usual place
    /// (above right) of the left one's number is nearer the right spot
    /// than its own, so neither number goes towards the other spot: each
    /// reads as its own spot's.
    #[test]
    fn a_number_is_not_placed_nearer_a_neighbour() {
        let spots = vec![Point::new(100.0, 100.0), Point::new(120.0, 100.0)];
        let board = Board::from_parts(300.0, 200.0, spots, Vec::new()).unwrap();
        let placed = place_labels(&board, 1.0, 24.0);
        assert_eq!(nearer_other(&board, &placed), [false, false], "{placed:?}");
        assert!(placed[0].x < 110.0 && placed[1].x > 110.0, "{placed:?}");
    }

    /// A dead spot is drawn as a small dot ([`DEAD_R`]): its number goes
    /// next to the dot (2 px from it, above right), not 2 px beyond a
    /// 7 px disc that is not drawn, where it seemed to float; a live
    /// spot's number keeps clear of its disc.
    #[test]
    fn a_dead_spots_number_sits_by_its_dot() {
        let spots = vec![Point::new(100.0, 100.0), Point::new(100.0, 180.0), Point::new(20.0, 100.0), Point::new(180.0, 100.0)];
        let line = |b: usize| Edge { ends: [1, b as crate::topology::Spot], points: vec![spots[0], spots[b - 1]] };
        let board = Board::from_parts(300.0, 300.0, spots.clone(), vec![line(2), line(3), line(4)]).unwrap();
        assert_eq!(board.lives(1), 0);
        let placed = place_labels(&board, 1.0, 24.0);
        let r = placed[0].rect();
        assert!(r.min.x > 100.0 && r.max.y < 100.0, "above right: {:?}", placed[0]);
        let from_centre = rect_dist(&r, spots[0]);
        assert!((from_centre - (DEAD_R + 2.0)).abs() < 1e-9, "{from_centre} px from the dot's centre");
        assert!(gaps(&board, 1.0, &placed)[0] < 2.0 + 1e-9);
        assert!(!overlapping(&board, 1.0, &placed)[0]);
        // Spot 2 lives (one end): its number clears its 7 px disc.
        assert!(rect_dist(&placed[1].rect(), spots[1]) >= SPOT_R + 2.0 - 1e-9, "{:?}", placed[1]);
    }

    /// A number drawn on its spot: nearer its own spot than any other,
    /// covering nothing, and not over the curve that ends at the spot
    /// (the box alone meets it); a curve through the spot's disc that does
    /// not end there is counted as under it.
    #[test]
    fn a_number_on_its_spot_reads_as_its_own() {
        let spots = vec![Point::new(100.0, 100.0), Point::new(40.0, 100.0), Point::new(104.0, 40.0), Point::new(104.0, 160.0)];
        let ending = Edge { ends: [1, 2], points: vec![spots[0], spots[1]] };
        let board = Board::from_parts(300.0, 200.0, spots.clone(), vec![ending.clone()]).unwrap();
        let (hw, hh) = half_size(1.0, 0, on_spot_font(0, 1.0));
        let on = Label { x: 100.0, y: 100.0, half_w: hw, half_h: hh, font: on_spot_font(0, 1.0) };
        let beside = |i: usize| Label { x: spots[i].x + 12.0, y: spots[i].y - 12.0, half_w: 3.5, half_h: 6.0, font: TEXT_H };
        let labels = [on, beside(1), beside(2), beside(3)];
        assert_eq!(on_spots(&board, &labels), [true, false, false, false]);
        assert!(!nearer_other(&board, &labels)[0]);
        assert!(!over_curve(&board, 1.0, &labels)[0], "the curve ending at the spot counts");
        assert!(over_curve_box(&board, 1.0, &labels)[0], "by its box alone it is over that curve");
        assert!(!covering(&board, 1.0, &labels)[0] && !overlapping(&board, 1.0, &labels)[0]);
        // A curve from spot 3 to spot 4 passing 4 px from spot 1's centre.
        let through = Edge { ends: [3, 4], points: vec![spots[2], spots[3]] };
        let board = Board::from_parts(300.0, 200.0, spots, vec![ending, through]).unwrap();
        assert!(over_curve(&board, 1.0, &labels)[0] && overlapping(&board, 1.0, &labels)[0]);
    }

    /// The same crowded phone ends (untidied: spots may nearly touch)
    /// fully placed: no number nearer another spot; none beside its spot
    /// covering a spot or number, over a curve or across one; every number over a
    /// curve is on its own spot with a curve through its disc; every one
    /// whose place beside was bad is on its spot, and the others beside
    /// it where they were; and some are on their spots.
    #[test]
    fn numbers_that_read_badly_beside_go_on_their_spots() {
        let mut on = 0;
        for (seed, board, px, _) in crowded_ends() {
            let beside = place_labels_beside(&board, px, 24.0);
            let placed = place_labels(&board, px, 24.0);
            let index = SegmentIndex::new(&board, None);
            let (near, over, cover, at) = (nearer_other(&board, &placed), over_curve(&board, px, &placed), covering(&board, px, &placed), on_spots(&board, &placed));
            let was_bad = |i: usize| nearer_other(&board, &beside)[i] || over_curve(&board, px, &beside)[i] || covering(&board, px, &beside)[i] || across(&board, px, &beside)[i];
            for i in 0..placed.len() {
                assert!(!near[i], "seed {seed}: spot {}'s number {:?}", i + 1, placed[i]);
                assert!(at[i] || !cover[i], "seed {seed}: spot {}'s number covers, beside its spot", i + 1);
                assert!(at[i] || !across(&board, px, &placed)[i], "seed {seed}: spot {}'s number is across a curve", i + 1);
                assert!(!over[i] || (at[i] && crosses_mark(&board, &discs(&board, px), &index, px, i, &placed[i])), "seed {seed}: spot {}'s number over a curve", i + 1);
                assert!(at[i] || !was_bad(i), "seed {seed}: spot {}'s number reads badly beside and stays", i + 1);
                if at[i] {
                    on += 1;
                    assert_eq!((placed[i].x, placed[i].y), (board.spots()[i].x, board.spots()[i].y));
                    let (hw, hh) = (placed[i].half_w / px, placed[i].half_h / px);
                    assert!(hw.hypot(hh) <= SPOT_R * mark_scale(px) + 0.1, "seed {seed}: spot {}'s number is larger than its disc", i + 1);
                } else {
                    assert_eq!(placed[i], beside[i]);
                }
            }
        }
        assert!(on > 0, "no number on its spot: nothing tested");
    }

    /// Which numbers overlap something and which cover a spot or number.
    fn state(board: &Board, px: f64, placed: &[Label]) -> (Vec<bool>, Vec<bool>) {
        (overlapping(board, px, placed), covering(board, px, placed))
    }

    /// Each room made, from the first placement on: one number fewer
    /// overlapping, the number made room for now clear, no number clear
    /// before over something now, none covering that did not; and a room
    /// not made moves nothing.
    fn making_room_frees_one_number_and_spoils_none(ends: &Ends) {
        let mut made = 0;
        for (seed, board, px, mut placed) in ends.iter().cloned() {
            let index = SegmentIndex::new(&board, None);
            let drawn = discs(&board, px);
            let mut clean = Clean::new(&board, &drawn, &index, px, board.extent().grow(24.0));
            for i in 0..placed.len() {
                let (over, cover) = state(&board, px, &placed);
                if !over[i] {
                    continue;
                }
                let was = placed.clone();
                if !make_room(&mut clean, i, &mut placed) {
                    assert_eq!(placed, was, "seed {seed}: no room for spot {}, yet numbers moved", i + 1);
                    continue;
                }
                made += 1;
                let (now, now_cover) = state(&board, px, &placed);
                assert!(!now[i], "seed {seed}: spot {}'s number still overlaps", i + 1);
                assert_eq!(now.iter().filter(|&&o| o).count() + 1, over.iter().filter(|&&o| o).count(), "seed {seed}, spot {}", i + 1);
                for j in 0..placed.len() {
                    assert!(over[j] || !now[j], "seed {seed}: making room for {} spoiled {}", i + 1, j + 1);
                    assert!(cover[j] || !now_cover[j], "seed {seed}: making room for {} made {} cover", i + 1, j + 1);
                }
            }
        }
        assert!(made > 0, "no room made: nothing tested");
    }

    /// A number beyond a curve from its spot is across it; one on the
    /// spot's side, or touching the spot's disc, is not.
    #[test]
    fn a_curve_between_number_and_spot_is_across() {
        let spots = vec![Point::new(0.0, 0.0), Point::new(40.0, -60.0), Point::new(40.0, 60.0)];
        let line = crate::board::Edge { ends: [2, 3], points: vec![spots[1], spots[2]] };
        let board = Board::from_parts(200.0, 200.0, spots, vec![line]).unwrap();
        let at = |x: f64| Label { x, y: 0.0, half_w: 7.0, half_h: 6.0, font: TEXT_H };
        let others = [at(-100.0), at(-100.0)];
        for (x, want) in [(55.0, true), (20.0, false), (8.0, false), (-20.0, false)] {
            let labels = [at(x), others[0], others[1]];
            assert_eq!(across(&board, 1.0, &labels)[0], want, "number at x = {x}");
        }
    }

    /// The settling on the same ends, after room is made: it leaves no
    /// end with more numbers overlapping something, covering a spot or
    /// number, or across a curve, and frees some in all; each number stays
    /// beside its spot (in one of its places); and it is deterministic.
    fn settling_frees_numbers_and_spoils_none(ends: &Ends) {
        let count = |v: Vec<bool>| v.iter().filter(|&&b| b).count();
        let (mut over_before, mut over_after, mut across_before, mut across_after) = (0, 0, 0, 0);
        for (seed, board, px, _) in ends.iter().cloned() {
            let index = SegmentIndex::new(&board, None);
            let shown = board.extent().grow(24.0);
            let drawn = discs(&board, px);
            let before = made_room(&board, &drawn, &index, px, &shown);
            let mut after = before.clone();
            settle(&board, &drawn, &index, px, &shown, &mut after);
            let (o0, o1) = (count(overlapping(&board, px, &before)), count(overlapping(&board, px, &after)));
            let (c0, c1) = (count(covering(&board, px, &before)), count(covering(&board, px, &after)));
            let (a0, a1) = (count(across(&board, px, &before)), count(across(&board, px, &after)));
            assert!(o1 <= o0 && c1 <= c0 && a1 <= a0, "seed {seed}: overlapping {o0} → {o1}, covering {c0} → {c1}, across {a0} → {a1}");
            (over_before, over_after, across_before, across_after) = (over_before + o0, over_after + o1, across_before + a0, across_after + a1);
            for (i, l) in after.iter().enumerate() {
                assert!(places(&drawn, px, i, l.font).any(|p| p == *l), "seed {seed}: spot {}'s number is not in one of its places", i + 1);
            }
            assert_eq!(place_labels(&board, px, 24.0), place_labels(&board, px, 24.0), "seed {seed}");
        }
        assert!(over_after < over_before && across_after < across_before, "overlapping {over_before} → {over_after}, across {across_before} → {across_after}");
    }

    /// The same ends fully placed: numbers are 12 px, or one of the
    /// smaller sizes where that is clear of every curve, spot and number.
    fn smaller_numbers_are_clear(ends: &Ends) {
        let mut small = 0;
        for (seed, board, px, _) in ends.iter().cloned() {
            let placed = place_labels_beside(&board, px, 24.0);
            let over = overlapping(&board, px, &placed);
            for (i, l) in placed.iter().enumerate() {
                let font = l.font;
                assert!(std::iter::once(TEXT_H).chain(SMALLER).any(|f| (f - font).abs() < 1e-9), "seed {seed}: spot {}'s number at {font} px", i + 1);
                if font < TEXT_H - 1e-9 {
                    small += 1;
                    assert!(!over[i], "seed {seed}: spot {}'s number is smaller and still overlaps", i + 1);
                }
            }
        }
        assert!(small > 0, "no smaller number: nothing tested");
    }

    /// The same ends with room made: no number left over something could
    /// be freed by a chain of numbers making way. (Checked before the
    /// settling: since dead spots' numbers sit by their small dot, the
    /// settling left one number, seed 17's spot 43, that a chain could
    /// free afterwards.)
    fn no_number_is_one_chain_from_a_free_place(ends: &Ends) {
        let mut crowded = 0;
        for (seed, board, px, _) in ends.iter().cloned() {
            let index = SegmentIndex::new(&board, None);
            let drawn = discs(&board, px);
            let placed = made_room(&board, &drawn, &index, px, &board.extent().grow(24.0));
            let mut clean = Clean::new(&board, &drawn, &index, px, board.extent().grow(24.0));
            for i in 0..placed.len() {
                if overlaps(&drawn, &index, px, &placed[i], &all_but(&placed, i)) > 0 {
                    crowded += 1;
                    let mut tried = placed.clone();
                    assert!(!make_room(&mut clean, i, &mut tried), "seed {seed}: spot {}'s number could be freed", i + 1);
                }
            }
        }
        assert!(crowded > 0, "no crowded number to look at");
    }
}
