//! Where the spots of a new game go.

use super::geom::Point;
use super::model::{Board, BoardError};

/// `n` spots spread over a `width` × `height` area: rows of a staggered
/// grid whose cells are about as wide as they are high, the last row
/// centred, with a margin of half a cell all round.
pub fn start_layout(n: usize, width: f64, height: f64) -> Vec<Point> {
    if n == 0 || !(width > 0.0 && height > 0.0) {
        return Vec::new();
    }
    let aspect = width / height;
    let cols = ((n as f64 * aspect).sqrt().ceil() as usize).clamp(1, n);
    let rows = n.div_ceil(cols);
    let cols = n.div_ceil(rows);
    let (dx, dy) = (width / cols as f64, height / rows as f64);
    let mut out = Vec::with_capacity(n);
    for r in 0..rows {
        let in_row = (n - r * cols).min(cols);
        // Stagger alternate rows by a quarter cell so no three spots line up
        // across rows; centre a short last row.
        let shift = (cols - in_row) as f64 * dx / 2.0
            + if r % 2 == 1 { dx / 4.0 } else { -dx / 4.0 }
                * f64::from(u8::from(rows > 1 && cols > 1));
        for c in 0..in_row {
            out.push(Point::new(
                shift + (c as f64 + 0.5) * dx,
                (r as f64 + 0.5) * dy,
            ));
        }
    }
    out
}

impl Board {
    /// The start of an n-spot game laid out by [`start_layout`].
    pub fn start(n: usize, width: f64, height: f64) -> Result<Board, BoardError> {
        Board::with_spots(width, height, start_layout(n, width, height))
    }
}

impl Board {
    /// The drawing of a game from the n-spot start: each move of `moves`
    /// (as [`crate::notation::Record::replay`] gives them) routed in turn.
    /// Returns the position and the board after the last one, or the
    /// 1-based number of the move that could not be drawn and why.
    pub fn of_game(
        n: usize,
        moves: &[(crate::Move, crate::Position)],
        width: f64,
        height: f64,
    ) -> Result<(crate::Position, Board), (usize, super::RouteError)> {
        let mut board = Board::start(n, width, height).map_err(|_| (0, super::RouteError::NoRoute))?;
        let mut pos = board.position().map_err(|e| (0, super::RouteError::Trace(e)))?;
        let opts = super::RouteOptions::default();
        for (k, (mv, _)) in moves.iter().enumerate() {
            let routed = board.route(&pos, mv, &opts).map_err(|e| (k + 1, e))?;
            (board, pos) = (routed.board, routed.position);
        }
        Ok((pos, board))
    }
}
