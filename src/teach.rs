//! What a lesson shows about a game: the counts of its drawing (V, E, F
//! and connected pieces), the lives left and the bounds on the moves still
//! to come, and the children of a small position for the game-tree
//! explorer. Plain data for the page (see `src/wasm/plane.rs`); no drawing here.
//!
//! The bounds: every move takes one life from the total, and a game ends
//! with at least one life left, so from a position with L lives at most
//! L − 1 moves remain. At the end every surviving spot has one life and
//! two dead neighbours of its own (its "pharisees"), so a finished drawing
//! of N spots has at most N / 3 survivors; with k more moves the drawing
//! has N + k spots and ends with L − k lives, one per survivor, hence
//! 3(L − k) ≤ N + k, k ≥ (3L − N) / 4. From n spots (L = 3n, N = n) that is
//! the classic 2n ≤ moves ≤ 3n − 1.

use crate::game::{Game, Start};
use crate::notation::write_move;
use crate::solver::{Config, Convention, Outcome, Solver};
use crate::text::{parse_position, HoeyDisplay};
use crate::topology::{Position, Spot};
use crate::variants::Rules;
use crate::Canon;
use serde::Serialize;

/// The counts of a drawing and the bounds on the rest of its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// V: spots drawn, dead ones included.
    pub vertices: usize,
    /// E: lines; a move draws one curve through its new spot, two lines.
    pub edges: usize,
    /// F: regions (faces) of the plane the drawing cuts out, the outer one
    /// included.
    pub faces: usize,
    /// C: connected pieces of the drawing (a lone spot is one).
    pub pieces: usize,
    /// Lives left in all.
    pub lives: u32,
    /// Spots with a life left (the survivors, once the game is over).
    pub live_spots: usize,
    /// Moves played so far.
    pub moves: usize,
    /// At least this many moves are still to come (None for a game
    /// opened from a position, whose drawing may lack the dead spots the
    /// argument counts).
    pub moves_left_min: Option<u32>,
    /// At most this many moves are still to come.
    pub moves_left_max: u32,
    /// Spots at the start when the game started from n spots.
    pub start_spots: Option<usize>,
    /// The rules (`sprouts`, `brussels`, `dots-or-crosses`, `weeds`).
    pub rules: String,
    /// Shortest and longest whole game from the start (None for a game
    /// opened from a position): 2n and 3n − 1 for Sprouts, 5n − 2 twice
    /// for Brussels Sprouts, 2n and 5n − 2 for dots-or-crosses, n and
    /// 3n − 1 for Weeds (docs/variants.md).
    pub game_min: Option<u32>,
    pub game_max: Option<u32>,
}

/// The counts of the drawing shown in `g`: V and E from the drawing (the
/// board), F from the labelled position (its regions), C from the board's
/// lines; V − E + F = 1 + C holds for every plane drawing.
pub fn counts(g: &Game) -> Counts {
    let p = g.position();
    let (vertices, edges, pieces) = match g.board() {
        Some(b) => {
            let ends: Vec<[Spot; 2]> = b.edges().iter().map(|e| e.ends).collect();
            (b.spot_count(), ends.len(), pieces(b.spot_count(), &ends))
        }
        // An undrawn game: the position's numbers (every move, two lines).
        None => (p.spot_count(), 2 * g.cursor(), pieces_of_position(p)),
    };
    let lives = p.total_lives();
    let live_spots = (1..=p.spot_count() as Spot).filter(|&s| p.lives(s) > 0).count();
    let from_spots = match g.start() {
        Start::Spots(n) => Some(*n),
        Start::Position(_) => None,
    };
    let rules = g.variant().rules;
    let (mut min, mut max) = bounds(lives, p.spot_count(), p.is_over());
    let game = from_spots.map(|n| game_bounds(rules, n as u32));
    if let (Some((lo, hi)), false, false) = (game, rules == Rules::Sprouts, p.is_over()) {
        // The whole game's bounds less the moves played; Weeds' upper
        // bound is the lives' (L − 1), as in Sprouts.
        let done = g.cursor() as u32;
        let hi = if rules == Rules::Weeds { max } else { hi.saturating_sub(done).max(1) };
        (min, max) = (lo.saturating_sub(done).clamp(1, hi), hi);
    }
    Counts {
        vertices,
        edges,
        faces: p.regions().len(),
        pieces,
        lives,
        live_spots,
        moves: g.cursor(),
        moves_left_min: from_spots.map(|_| min),
        moves_left_max: max,
        start_spots: from_spots,
        rules: rules.name().to_string(),
        game_min: game.map(|b| b.0),
        game_max: game.map(|b| b.1),
    }
}

/// Shortest and longest game from `n` dots or crosses under `rules`
/// (the variants' bounds are tested in tests/variants.rs).
pub fn game_bounds(rules: Rules, n: u32) -> (u32, u32) {
    match rules {
        Rules::Sprouts => (2 * n, (3 * n).saturating_sub(1)),
        Rules::Brussels => ((5 * n).saturating_sub(2), (5 * n).saturating_sub(2)),
        Rules::DotsOrCrosses => (2 * n, (5 * n).saturating_sub(2)),
        Rules::Weeds => (n, (3 * n).saturating_sub(1)),
    }
}

/// Bounds on the moves still to come from a position with `lives` lives
/// and `spots` spots drawn (see the module comment): (at least, at most).
pub fn bounds(lives: u32, spots: usize, over: bool) -> (u32, u32) {
    if over {
        return (0, 0);
    }
    let max = lives.saturating_sub(1);
    let need = (3 * lives as i64 - spots as i64).max(0);
    let min = ((need + 3) / 4) as u32;
    // A game not over has a move left.
    (min.clamp(1, max.max(1)), max.max(1))
}

/// Connected pieces of `spots` spots joined by lines `ends` (union–find).
pub fn pieces(spots: usize, ends: &[[Spot; 2]]) -> usize {
    let mut parent: Vec<usize> = (0..=spots).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut count = spots;
    for &[a, b] in ends {
        let (a, b) = (a as usize, b as usize);
        if a == 0 || b == 0 || a > spots || b > spots {
            continue;
        }
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb {
            parent[ra] = rb;
            count -= 1;
        }
    }
    count
}

/// Pieces of a labelled position without a drawing: spots on a common
/// boundary are joined.
fn pieces_of_position(p: &Position) -> usize {
    let mut ends = Vec::new();
    for b in p.regions().iter().flatten() {
        for w in b.windows(2) {
            ends.push([w[0], w[1]]);
        }
    }
    pieces(p.spot_count(), &ends)
}

/// One child of a position in the explorer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Child {
    /// The move from the parent, in WGOSA notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The child as a labelled Hoey list (the whole drawing: every spot,
    /// dead ones too), to lay out and to explore further.
    pub position: String,
    /// Its canonical GLOP string.
    pub canonical: String,
    /// For the player to move in the child.
    pub outcome: &'static str,
    /// Normal play only.
    pub nimber: Option<u32>,
    /// Whether no move is left in the child.
    pub over: bool,
}

/// A position and its distinct children, solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explore {
    pub position: String,
    pub canonical: String,
    pub outcome: &'static str,
    pub nimber: Option<u32>,
    pub lives: u32,
    pub children: Vec<Child>,
}

/// The explorer's size limit: positions with more lives than this are
/// refused (the 4-spot start has 12; its children are solved at once).
pub const EXPLORE_MAX_LIVES: u32 = 12;

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
    }
}

/// The distinct children of a position (text: GLOP, spots dialect or
/// Hoey list; a labelled Hoey list keeps its drawing), one move each,
/// solved in `misere` or normal play. An error for a position past
/// [`EXPLORE_MAX_LIVES`] lives, saying so.
pub fn explore(text: &str, misere: bool) -> Result<Explore, String> {
    let p = parse_position(text).map_err(|e| format!("not a position: {e}"))?;
    let lives = p.total_lives();
    if lives > EXPLORE_MAX_LIVES {
        return Err(format!(
            "too big to explore: {lives} lives (at most {EXPLORE_MAX_LIVES}); use the analysis instead"
        ));
    }
    let convention = if misere { Convention::Misere } else { Convention::Normal };
    let mut solver = Solver::new(convention, Config { table_bytes: 4 << 20, ..Config::default() });
    let mut solve = |q: &Position| -> Result<(&'static str, Option<u32>), String> {
        let o = solver.outcome(q).map_err(|e| e.to_string())?;
        let n = if misere { None } else { solver.nimber(q).map_err(|e| e.to_string())? };
        Ok((outcome_word(o), n))
    };
    let (outcome, nimber) = solve(&p)?;
    let mut children = Vec::new();
    for (mv, canon) in p.representative_moves() {
        let mut child = p.play(&mv).map_err(|e| e.to_string())?;
        child.normalize();
        let (outcome, nimber) = solve(&child)?;
        children.push(Child {
            mv: write_move(&p, &mv),
            position: readable(&child),
            canonical: canon.to_string(),
            outcome,
            nimber,
            over: child.is_over(),
        });
    }
    Ok(Explore {
        position: readable(&p),
        canonical: Canon::of(&p).to_string(),
        outcome,
        nimber,
        lives,
        children,
    })
}

/// The position as a Hoey list (the whole drawing) where that reads back
/// as the same drawing; else its canonical GLOP string (a lone spot's Hoey
/// list, `1`, reads as something else).
fn readable(p: &Position) -> String {
    let hoey = HoeyDisplay(p).to_string();
    if let Ok(mut q) = parse_position(&hoey) {
        q.normalize();
        let mut same = p.clone();
        same.normalize();
        if q == same {
            return hoey;
        }
    }
    Canon::of(p).to_string()
}

/// Distinct positions at each depth below `text` (depth 1: its children),
/// as the explorer walks them: canonical forms, duplicates from different
/// parents counted once. For the lesson notes (children per level).
pub fn level_counts(text: &str, depth: usize) -> Result<Vec<usize>, String> {
    let p = parse_position(text).map_err(|e| format!("not a position: {e}"))?;
    let mut level: Vec<Position> = vec![p];
    let mut out = Vec::new();
    for _ in 0..depth {
        let mut seen = std::collections::HashSet::new();
        let mut next = Vec::new();
        for q in &level {
            for (mv, canon) in q.representative_moves() {
                if seen.insert(canon.to_string()) {
                    let mut c = q.play(&mv).map_err(|e| e.to_string())?;
                    c.normalize();
                    next.push(c);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        out.push(next.len());
        level = next;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_from_n_spots_are_2n_and_3n_minus_1() {
        for n in 1..=20u32 {
            let (min, max) = bounds(3 * n, n as usize, false);
            assert_eq!((min, max), (2 * n, 3 * n - 1), "n = {n}");
        }
    }

    #[test]
    fn pieces_counts_components() {
        assert_eq!(pieces(3, &[]), 3);
        assert_eq!(pieces(4, &[[1, 3], [3, 2]]), 2);
        assert_eq!(pieces(2, &[[1, 2], [2, 1]]), 1);
    }
}
