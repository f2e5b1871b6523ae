//! Answers about strokes being drawn, for live feedback: is it legal so
//! far, where may it end, what would releasing it do.

use super::{check_stroke_count, check_stroke_points, flat, Game, GameError};
use crate::board::{usable_point, Board, LiveStroke, Point, Prefix, Stroke, StrokeChecker, StrokeError};
use crate::Spot;
use serde::Serialize;

/// What a stroke (being drawn or finished) would do.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Check {
    /// Nothing wrong so far.
    pub ok: bool,
    /// Released now, the stroke would be a move.
    pub complete: bool,
    pub from: Option<Spot>,
    pub to: Option<Spot>,
    /// Spots the stroke may still end on.
    pub targets: Vec<Spot>,
    /// Why the stroke is not (or cannot become) a move.
    pub reason: Option<String>,
    /// A short machine-readable name of the reason.
    pub code: Option<&'static str>,
    /// Index of the input point where the offending piece starts.
    pub at: Option<usize>,
    /// The spot that the reason is about, if any.
    pub spot: Option<Spot>,
    /// Where the new spot would go, for a complete stroke: `[x, y]`.
    pub new_spot: Option<[f64; 2]>,
    /// Fraction of the curve's length where the new spot would go.
    pub t: Option<f64>,
    /// The curve that would be drawn (flat points), for a complete stroke.
    pub curve: Option<Vec<f64>>,
    /// Why releasing the stroke here (on a spot) would not make a move,
    /// when the stroke so far is fine.
    pub release: Option<String>,
}

/// Where a typed move would be drawn: its shortest text, the whole curve
/// (flat points) and the new spot.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    pub text: String,
    pub points: Vec<f64>,
    pub new_spot: [f64; 2],
}

impl Preview {
    /// The last move drawn on `board` (its two last edges and last spot).
    pub(super) fn of(text: String, board: &Board) -> Result<Preview, GameError> {
        let edges = board.edges();
        let k = edges.len();
        let (Some(first), Some(second)) = (edges.get(k.wrapping_sub(2)), edges.get(k.wrapping_sub(1))) else {
            return Err(GameError::Internal("no curve".into()));
        };
        let mut points = first.points.clone();
        points.extend_from_slice(second.points.get(1..).unwrap_or(&[]));
        let at = board.spot(board.spot_count() as Spot).unwrap_or_default();
        Ok(Preview { text, points: flat(&points), new_spot: [at.x, at.y] })
    }
}

fn stroke_code(e: &StrokeError) -> (&'static str, Option<usize>, Option<Spot>) {
    match *e {
        StrokeError::Empty => ("empty", None, None),
        StrokeError::BadPoint { at } => ("bad-point", Some(at), None),
        StrokeError::NotOnSpot { at } => (if at == 0 { "not-from-spot" } else { "not-on-spot" }, Some(at), None),
        StrokeError::NoLives { spot } => ("no-lives", None, Some(spot)),
        StrokeError::LoopNeedsTwoLives { spot } => ("loop-needs-two-lives", None, Some(spot)),
        StrokeError::TooShort => ("too-short", None, None),
        StrokeError::Crosses { at, .. } => ("crosses", Some(at), None),
        StrokeError::TouchesEdge { at, .. } => ("touches-line", Some(at), None),
        StrokeError::TouchesSpot { spot, at } => ("touches-spot", Some(at), Some(spot)),
        StrokeError::SelfIntersects { at, .. } => ("crosses-itself", Some(at), None),
        StrokeError::TouchesItself { at, .. } => ("touches-itself", Some(at), None),
    }
}

/// A stroke that makes a move.
fn accepted(s: &Stroke) -> Check {
    Check {
        ok: true,
        complete: true,
        from: Some(s.from),
        to: Some(s.to),
        targets: vec![s.to],
        new_spot: Some([s.new_spot.x, s.new_spot.y]),
        t: Some(s.t),
        curve: Some(flat(&s.points)),
        ..Check::default()
    }
}

fn failed(e: &StrokeError, from: Option<Spot>) -> Check {
    let (code, at, spot) = stroke_code(e);
    Check { ok: false, from, reason: Some(e.to_string()), code: Some(code), at, spot, ..Check::default() }
}

/// What a stroke says, from the whole-stroke check (`full`, the stroke
/// released now) and, unless that is a move, the prefix check.
pub(super) fn answer(full: Result<&Stroke, StrokeError>, prefix: impl FnOnce() -> Prefix) -> Check {
    let e = match full {
        Ok(s) => return accepted(s),
        Err(e) => e,
    };
    let pre = prefix();
    // Where the stroke is on a spot now, releasing it is what counts:
    // the prefix check sees that spot as one it runs into.
    let on_spot = !matches!(e, StrokeError::NotOnSpot { at } if at != 0);
    match pre.error {
        Some(StrokeError::TouchesSpot { .. }) if on_spot => failed(&e, pre.from),
        Some(p) => failed(&p, pre.from),
        None => Check {
            ok: true,
            from: pre.from,
            targets: pre.targets,
            release: on_spot.then(|| e.to_string()),
            ..Check::default()
        },
    }
}

/// A stroke being drawn: its points, and the checker and checked stroke
/// they were fed to (none after the drawing or the rules changed).
#[derive(Default)]
pub(super) struct Live {
    points: Vec<Point>,
    fed: Option<(StrokeChecker<'static>, LiveStroke)>,
}

/// A copy has the points; its checks are redone at its next points.
impl Clone for Live {
    fn clone(&self) -> Live {
        Live { points: self.points.clone(), fed: None }
    }
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Live {{ {} points }}", self.points.len())
    }
}

impl Game {
    /// The stroke checker, once the stroke is within the points limit.
    fn checker(&self, points: &[Point]) -> Result<StrokeChecker<'_>, GameError> {
        check_stroke_points(points)?;
        let board = self.board().ok_or(GameError::NoDrawing)?;
        StrokeChecker::new(board, self.rules).map_err(|e| GameError::Internal(e.to_string()))
    }

    /// Checks a stroke being drawn (board units): whether it is legal so
    /// far and why not, which spots it may end on, and, if releasing it now
    /// would make a move, where the new spot would go. For a stroke fed
    /// point by point, [`Game::extend_stroke`] answers the same in time
    /// proportional to the new points.
    pub fn check_stroke(&self, points: &[Point]) -> Result<Check, GameError> {
        let checker = self.checker(points)?;
        Ok(answer(checker.check(points, 0.5).as_ref().map_err(Clone::clone), || checker.check_prefix(points)))
    }

    /// Starts a new stroke (forgetting the one being drawn, if any); feed
    /// it with [`Game::extend_stroke`].
    pub fn begin_stroke(&mut self) -> Result<(), GameError> {
        self.board().ok_or(GameError::NoDrawing)?;
        self.live = Some(Live::default());
        Ok(())
    }

    /// Appends points to the stroke begun with [`Game::begin_stroke`] and
    /// answers what [`Game::check_stroke`] would of all its points. Points
    /// over the stroke limit, or one that is not a usable position, are an
    /// error and change nothing.
    pub fn extend_stroke(&mut self, points: &[Point]) -> Result<Check, GameError> {
        let live = self.live.as_ref().ok_or(GameError::NoStroke)?;
        let before = live.points.len();
        check_stroke_count(before + points.len())?;
        if let Some(k) = points.iter().position(|&p| !usable_point(p)) {
            return Err(GameError::Stroke(StrokeError::BadPoint { at: before + k }));
        }
        let fresh = match live.fed {
            Some(_) => None,
            None => {
                let board = self.board().ok_or(GameError::NoDrawing)?;
                Some(StrokeChecker::owned(board.clone(), self.rules).map_err(|e| GameError::Internal(e.to_string()))?)
            }
        };
        let live = self.live.as_mut().ok_or(GameError::NoStroke)?;
        if let Some(checker) = fresh {
            let mut stroke = LiveStroke::new();
            stroke.extend(&checker, &live.points);
            live.fed = Some((checker, stroke));
        }
        live.points.extend_from_slice(points);
        let Some((checker, stroke)) = &mut live.fed else { return Err(GameError::NoStroke) };
        stroke.extend(checker, points);
        Ok(answer(stroke.release(), || stroke.prefix()))
    }

    /// The checks of the stroke being drawn are for another drawing or
    /// other rules: they are redone at the next points.
    pub(super) fn stale_stroke(&mut self) {
        if let Some(live) = &mut self.live {
            live.fed = None;
        }
    }

    /// Checks a finished stroke with the new spot at fraction `t` of the
    /// curve (or the nearest clear place).
    pub fn check_finished(&self, points: &[Point], t: f64) -> Result<Check, GameError> {
        Ok(match self.checker(points)?.check(points, t) {
            Ok(s) => accepted(&s),
            Err(e) => failed(&e, None),
        })
    }
}
