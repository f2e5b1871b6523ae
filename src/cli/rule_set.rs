//! What `play --rules` and `random --rules` need of a rule set: its
//! distinct moves, their children as search keys and how a move is named.
//! The variants of plain Sprouts (src/cli/variants.rs) and (p, q) Sprouts
//! (src/cli/pq.rs) each implement [`RuleSet`], so the computer player and
//! the random game are written once for both.

use super::game::Rng;
use super::search::random_result;
use sprouts::player::Strength;
use sprouts::variants::solve::{LandKey, NormalSum, Search};
use std::fmt::Display;

/// A rule set other than plain Sprouts, as the players see it.
pub trait RuleSet: Copy + Display + 'static {
    /// A position under these rules.
    type Pos;
    /// One move of [`RuleSet::moves`], played by [`RuleSet::play`].
    type Move;
    /// A canonical form: the searches' key and what a random game prints.
    type Key: LandKey + Display + 'static;
    /// The distinct moves of `p`, one per class of equal children, each
    /// with its child's canonical form, sorted by that form.
    fn moves(self, p: &Self::Pos) -> Vec<(Self::Move, Self::Key)>;
    /// The position after `mv`.
    fn play(self, p: &Self::Pos, mv: Self::Move) -> Self::Pos;
    /// The children of a canonical form as search keys.
    fn child_keys(self, k: &Self::Key) -> Vec<Self::Key>;
    /// The canonical form of `p`.
    fn canon(self, p: &Self::Pos) -> Self::Key;
    /// What a random game's line names the move by (its new spot).
    fn move_name(mv: &Self::Move) -> &'static str;
}

/// A random game of `random --rules` from `p`: `# rules:`, `# start:`,
/// one line per move `k. <move name> <form after it>`, then `# moves:` and
/// `# result:`.
pub fn random_game<R: RuleSet>(rules: R, mut p: R::Pos, seed: u64, misere: bool) -> String {
    let mut rng = Rng::new(seed);
    let mut out = format!("# rules: {rules}\n# start: {}\n", rules.canon(&p));
    let mut count = 0usize;
    loop {
        let mut options = rules.moves(&p);
        if options.is_empty() {
            break;
        }
        let (mv, c) = options.swap_remove(rng.below(options.len()));
        count += 1;
        out.push_str(&format!("{count}. {} {c}\n", R::move_name(&mv)));
        p = rules.play(&p, mv);
    }
    out.push_str(&random_result(count, misere));
    out
}

/// The player's children function, boxed so that its searches can be kept.
type Children<K> = Box<dyn FnMut(&K) -> Vec<K>>;

/// A computer player of `play --rules`: random, or perfect by the same
/// solvers as `solve --rules` (normal play: the largest land plus a nim
/// heap; misère: the plain search), its tables kept from move to move and
/// game to game. The heuristic player knows plain Sprouts only.
pub struct Player<R: RuleSet> {
    rules: R,
    perfect: bool,
    rng: Rng,
    normal: NormalSum<Children<R::Key>, R::Key>,
    misere: Option<Search<R::Key, Children<R::Key>>>,
}

impl<R: RuleSet> Player<R> {
    pub fn new(rules: R, strength: Strength, misere: bool, seed: u64) -> Result<Player<R>, String> {
        if strength == Strength::Heuristic {
            return Err(format!("the heuristic player plays plain Sprouts only: under --rules {rules} choose random or perfect"));
        }
        let keys = move |k: &R::Key| rules.child_keys(k);
        Ok(Player {
            rules,
            perfect: strength == Strength::Perfect,
            rng: Rng::new(seed),
            normal: NormalSum::new(Box::new(keys)),
            misere: misere.then(|| Search::new(true, Box::new(keys) as Children<R::Key>)),
        })
    }

    /// The position after this player's move, or None when `p` has no move.
    pub fn choose(&mut self, p: &R::Pos) -> Option<R::Pos> {
        let mut options = self.rules.moves(p);
        if options.is_empty() {
            return None;
        }
        let winning = if self.perfect {
            options.iter().position(|(_, c)| match &mut self.misere {
                Some(s) => !s.wins(c),
                None => !self.normal.wins(c),
            })
        } else {
            None
        };
        let i = winning.unwrap_or_else(|| self.rng.below(options.len()));
        Some(self.rules.play(p, options.swap_remove(i).0))
    }
}
