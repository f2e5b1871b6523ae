//! Sprouts: an exact engine, a solver and a board.
//!
//! Positions ([`Position`]) are read from text ([`text::parse_position`]),
//! have moves ([`Position::representative_moves`]) and canonical forms
//! ([`Canon`]); [`solver::Solver`] decides them; [`game::Game`] is a game
//! being played, with its drawing ([`board`]).
//!
//! ```
//! use sprouts::game::Game;
//! use sprouts::solver::{Config, Convention, Outcome, Solver};
//! use sprouts::text::parse_position;
//! use sprouts::Canon;
//!
//! // Solve the 5-spot start: a first-player win in both conventions.
//! let p = parse_position("0*5").unwrap();
//! let mut normal = Solver::new(Convention::Normal, Config::default());
//! let a = normal.analyse(&p).unwrap();
//! assert_eq!((a.outcome, a.nimber), (Outcome::Win, Some(1)));
//! let mut misere = Solver::new(Convention::Misere, Config::default());
//! assert_eq!(misere.outcome(&p).unwrap(), Outcome::Win);
//!
//! // Replay a record; the position after it has the winning move's child.
//! let g = Game::from_record("5+ 1(6)1[2,3]", None).unwrap();
//! assert_eq!(Canon::of(g.position()), a.winning_moves[0].1);
//! assert_eq!(g.status().to_move, 2);
//! ```

pub mod topology;
pub mod limits;
pub mod sort;

pub use topology::{Canon, Corner, IllegalMove, Move, MoveKind, Position, PositionError, Spot};
pub mod notation;
pub mod reading;
pub mod text;
pub mod solver;
pub mod certificate;
pub mod verify;
pub mod board;
pub mod player;
pub mod puzzle;
pub mod game;
pub mod teach;
pub mod report;
pub mod service;
pub mod variant_service;
pub mod pq_service;
pub mod variants;
pub mod surfaces;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
