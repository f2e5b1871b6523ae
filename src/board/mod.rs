//! The drawing: spot coordinates and edge polylines, and the geometry that
//! ties it to the engine.
//!
//! - [`Board`] holds the drawing; [`Board::position`] traces its faces into
//!   the engine's labelled [`Position`](crate::Position).
//! - [`StrokeChecker`] decides whether a drawn stroke is a legal curve, says
//!   why not, and plays it, naming the engine's [`Move`](crate::Move).
//! - [`Board::route`] draws a curve for any legal move of the engine.
//! - [`start_layout`] places the spots of a new game; [`Board::relax`]
//!   spreads a cramped drawing without changing its topology.
//! - [`Board::layout`] draws any position that has no drawing yet (a
//!   GLOP string, a Hoey list); [`crate::game::Game`] draws a game move by move.
//! - [`svg()`] renders a board as an SVG picture.
//! - [`bench`] times routing and stroke checking on late 20-spot games.
//!
//! Coordinates are screen coordinates (y down). A traced boundary keeps its
//! region on the *visual* right, as in Dan Hoey's lists, so a loop drawn
//! clockwise on screen around spot 2 is `1(3)1[2]` in WGOSA notation.

mod bench;
mod crosses;
mod geom;
mod index;
mod labels;
mod layout;
mod legible;
mod model;
mod place;
mod pq;
mod pq_text;
mod route;
mod smooth;
mod stroke;
mod surface;
mod svg;
mod tidy;
mod trace;

pub use bench::{bench, BenchReport};
pub use crosses::arm_length;
pub use geom::Point;
pub use labels::{covering, gaps, nearer_other, on_spots, onto_spots, over_curve, over_curve_box, place_labels, place_labels_beside, Label};
pub use layout::start_layout;
pub use legible::{bench_layout, legibility, page_tidy, play_game, Legibility, NumberCheck, PageSize, View};
pub use model::{Board, BoardError, Edge, MAX_CAPACITY};
pub use place::LayoutError;
pub use pq::{PqStrokeError, PqTurn};
pub use pq_text::{PqTextError, PqWays, PqWriter};
pub use route::{RouteError, RouteOptions, Routed};
pub use stroke::{usable_point, LiveStroke, PlayError, Played, Prefix, Stroke, StrokeChecker, StrokeError, StrokeRules};
pub use surface::{
    surface_analysis, surface_named, ComputerStroke, ConventionAnalysis, DrawnMove, Side, SurfaceAnalysisReport, SurfaceBoard, SurfaceEdge, SurfaceFile, SurfaceGame,
    SurfacePlayed, SurfaceStart, SurfaceStrength, WinningMove,
    SurfaceStrokeError,
};
pub use svg::{svg, svg_pq, SvgOptions};
pub use tidy::{Idle, Tidy, TidyOptions};
pub use trace::TraceError;
