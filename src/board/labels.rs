//! Where the spots' numbers go: for each spot, the first of a ring of
//! places around it where the number overlaps no curve, spot or number
//! placed before it (else the place with the fewest overlaps).

use super::geom::{point_segment_dist, segments_meet, Point, Rect};
use super::index::SegmentIndex;
use super::model::Board;

/// Drawn sizes in CSS px, as the page draws them: spot radius, half the
/// width of a curve, the height of a number and the width of one digit
/// (12 px system-ui digits are at most 7 px wide).
const SPOT_R: f64 = 7.0;
const HALF_LINE: f64 = 1.2;
const TEXT_H: f64 = 12.0;
const DIGIT_W: f64 = 7.0;

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
/// (board units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    pub x: f64,
    pub y: f64,
    pub half_w: f64,
    pub half_h: f64,
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
fn overlaps(spots: &[Point], index: &SegmentIndex, px: f64, l: &Label, others: &[Label]) -> usize {
    let grown = l.rect().grow(HALF_LINE * px);
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
fn covers(spots: &[Point], px: f64, l: &Label, others: &[Label]) -> usize {
    let r = l.rect();
    let spaced = l.spaced(px);
    spots.iter().filter(|&&q| rect_dist(&r, q) < SPOT_R * px).count() + others.iter().filter(|o| rects_meet(&o.rect(), &spaced)).count()
}

/// The numbers of every spot, `px` being one CSS pixel in board units,
/// kept inside the board's extent grown by `margin` (board units: what the
/// page shows). Placed spot by spot, then the numbers that still overlap
/// something are placed again among all the others, and last a number
/// still overlapping takes a place where only one other number was in the
/// way, if that number has a free place elsewhere.
pub fn place_labels(board: &Board, px: f64, margin: f64) -> Vec<Label> {
    let px = if px.is_finite() && px > 0.0 { px } else { 1.0 };
    let index = SegmentIndex::new(board, None);
    let shown = board.extent().grow(margin);
    let n = board.spot_count();
    // The spots with the fewest free places choose first (a crowded
    // spot's number then finds the one place left before another takes it).
    let mut order: Vec<(usize, usize)> = (0..n).map(|i| (free_places(board, &index, px, &shown, i), i)).collect();
    order.sort();
    let mut placed: Vec<Label> = vec![Label { x: f64::INFINITY, y: f64::INFINITY, half_w: 0.0, half_h: 0.0 }; n];
    for &(_, i) in &order {
        placed[i] = choose(board, &index, px, &shown, i, &placed).0;
    }
    for _ in 0..2 {
        for i in 0..n {
            let others = all_but(&placed, i);
            if overlaps(board.spots(), &index, px, &placed[i], &others) > 0 {
                placed[i] = choose(board, &index, px, &shown, i, &others).0;
            }
        }
    }
    // Each room made frees one more number and leaves the moved one free,
    // so this ends within n rounds.
    let mut moved = true;
    while moved {
        moved = false;
        for i in 0..n {
            if overlaps(board.spots(), &index, px, &placed[i], &all_but(&placed, i)) > 0 {
                moved |= make_room(board, &index, px, &shown, i, &mut placed);
            }
        }
    }
    placed
}

/// Half the width and height of spot `i`'s number (board units).
fn half_size(px: f64, i: usize) -> (f64, f64) {
    let digits = (i + 1).to_string().len() as f64;
    (DIGIT_W * digits * px / 2.0, TEXT_H * px / 2.0)
}

/// How far from spot `i` its number's places reach, and the spots near
/// enough to touch a place (or, for a spot, to count in its 20 px room):
/// only those are looked at. This keeps a late game's labels at a few ms
/// rather than ~100 ms in wasm (each place looked at all spots).
fn near_spots(board: &Board, px: f64, i: usize) -> (f64, Vec<Point>) {
    let s = board.spots()[i];
    let (hw, hh) = half_size(px, i);
    let far = (SPOT_R + 2.0 + RINGS[RINGS.len() - 1]) * px + 2.0 * (hw + hh);
    (far, board.spots().iter().copied().filter(|q| q.dist(s) <= far + ROOM.max(SPOT_R) * px + px).collect())
}

/// The places tried for spot `i`'s number, in order: above right first
/// (the usual place), then round the spot, then farther out.
fn places(board: &Board, px: f64, i: usize) -> impl Iterator<Item = Label> {
    let s = board.spots()[i];
    let (hw, hh) = half_size(px, i);
    RINGS.iter().flat_map(move |&ring| {
        let reach = (SPOT_R + 2.0 + ring) * px;
        DIRECTIONS.iter().map(move |&(c, s_)| {
            // The box `reach` from the spot's centre in that direction,
            // its near side or corner towards the spot.
            let dx = reach * c + hw * (2.0 * c).clamp(-1.0, 1.0);
            let dy = reach * s_ + hh * (2.0 * s_).clamp(-1.0, 1.0);
            Label { x: s.x + dx, y: s.y + dy, half_w: hw, half_h: hh }
        })
    })
}

/// The best place for spot `i`'s number among `others`, and how many
/// things it overlaps there.
fn choose(board: &Board, index: &SegmentIndex, px: f64, shown: &Rect, i: usize, others: &[Label]) -> (Label, usize) {
    let s = board.spots()[i];
    let (hw, hh) = half_size(px, i);
    let (far, near_spots) = near_spots(board, px, i);
    let near_others: Vec<Label> =
        others.iter().copied().filter(|o| Point::new(o.x, o.y).dist(s) <= far + o.half_w + o.half_h + (1.0 + NUMBER_GAP) * px).collect();
    let mut best: Option<(usize, f64, Label)> = None;
    for l in places(board, px, i) {
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
    best.map(|(n, _, l)| (l, n)).unwrap_or((Label { x: s.x, y: s.y, half_w: hw, half_h: hh }, 1))
}

/// Makes room for spot `i`'s number, which overlaps something, when one
/// of its places is clear of curves and spots and only one other number
/// is in the way there: that number moves to a free place of its own.
/// Returns whether it did.
fn make_room(board: &Board, index: &SegmentIndex, px: f64, shown: &Rect, i: usize, placed: &mut [Label]) -> bool {
    let (_, spots) = near_spots(board, px, i);
    for l in places(board, px, i) {
        if !l.inside(shown) || overlaps(&spots, index, px, &l, &[]) > 0 {
            continue;
        }
        let spaced = l.spaced(px);
        let mut blockers = (0..placed.len()).filter(|&j| j != i && rects_meet(&placed[j].rect(), &spaced));
        let (Some(j), None) = (blockers.next(), blockers.next()) else { continue };
        let was = placed[i];
        placed[i] = l;
        let (moved, n) = choose(board, index, px, shown, j, &all_but(placed, j));
        if n == 0 {
            placed[j] = moved;
            return true;
        }
        placed[i] = was;
    }
    false
}

/// How many of spot `i`'s places overlap no curve or spot (up to 4: more
/// is plenty).
fn free_places(board: &Board, index: &SegmentIndex, px: f64, shown: &Rect, i: usize) -> usize {
    let mut free = 0;
    let mut others: Vec<Label> = Vec::new();
    while free < 4 {
        let (l, n) = choose(board, index, px, shown, i, &others);
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
fn clearance(spots: &[Point], index: &SegmentIndex, l: &Label, px: f64) -> f64 {
    let r = l.rect();
    let c = Point::new(l.x, l.y);
    let mut m = ROOM * px;
    index.for_each_near(r.min, r.max, m, &mut |s| m = m.min(point_segment_dist(c, s.a, s.b)));
    for &q in spots {
        m = m.min(q.dist(c));
    }
    m
}

/// Which of the numbers overlap a curve, a spot or another number.
pub fn overlapping(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    let index = SegmentIndex::new(board, None);
    each_among_others(labels, |l, others| overlaps(board.spots(), &index, px, l, others) > 0)
}

/// Which of the numbers cover a spot or another number (the worst
/// overlaps: a number over a curve still reads).
pub fn covering(board: &Board, px: f64, labels: &[Label]) -> Vec<bool> {
    each_among_others(labels, |l, others| covers(board.spots(), px, l, others) > 0)
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
    use crate::board::{play_game, PageSize};

    /// Crowded phone-size ends (as routed, before any tidy): no number
    /// left over something could be freed by moving one other number to a
    /// free place of its own.
    #[test]
    fn no_number_is_one_move_from_a_free_place() {
        let size = PageSize::ALL[1];
        let mut crowded = 0;
        for seed in [16, 17, 18, 19] {
            let board = play_game(&size, 20, seed, false).unwrap();
            let px = 1.0 / size.zoom(&board);
            let placed = place_labels(&board, px, 24.0);
            let index = SegmentIndex::new(&board, None);
            let shown = board.extent().grow(24.0);
            for i in 0..placed.len() {
                if overlaps(board.spots(), &index, px, &placed[i], &all_but(&placed, i)) > 0 {
                    crowded += 1;
                    let mut tried = placed.clone();
                    assert!(!make_room(&board, &index, px, &shown, i, &mut tried), "seed {seed}: spot {}'s number could be freed", i + 1);
                }
            }
        }
        assert!(crowded > 0, "no crowded number to look at");
    }
}
