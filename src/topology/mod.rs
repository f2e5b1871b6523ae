//! The game itself: positions, moves, canonical forms.

mod canon;
mod children;
mod moves;
mod position;

pub use canon::Canon;
pub(crate) use canon::{T_DOT, T_LAND, T_LOWER, T_ONE, T_REGION, T_TWO, T_UPPER, T_ZERO};
pub use moves::{Corner, IllegalMove, Move, MoveKind};
pub use position::{Boundary, Position, PositionError, Region, Spot};
// The board puts traced drawings in the same normal form.
pub(crate) use position::min_rotation;
