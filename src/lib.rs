//! Sprouts: an exact engine, a solver and a board.

pub mod board;
pub mod notation;
pub mod text;
pub mod topology;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use topology::{Canon, Corner, IllegalMove, Move, MoveKind, Position, PositionError, Spot};
