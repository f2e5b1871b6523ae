//! Sprouts: an exact engine, a solver and a board.

pub mod topology;

pub use topology::{Canon, Corner, IllegalMove, Move, MoveKind, Position, PositionError, Spot};
pub mod notation;
pub mod text;
pub mod solver;
pub mod board;
pub mod player;
pub mod game;
pub mod report;
pub mod service;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
