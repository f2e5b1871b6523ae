//! Variants of Sprouts on the plane (issue 37): Brussels Sprouts,
//! dots-or-crosses and Weeds, beside plain Sprouts.
//!
//! # The model: every live thing is a spot with lives
//! A variant differs from Sprouts only in what a move puts on its new
//! line; the line itself (which free ends it joins, which way round, which
//! boundaries it encloses) is a Sprouts line. So a variant position is a
//! Sprouts position of regions and boundaries ([`Position`]) in which
//! - a **dot** is a Sprouts spot: 3 − degree lives, usable at any of its
//!   corners;
//! - a **free arm** of a cross is a spot of its own with one life and one
//!   corner, placed on the boundary where the arm sticks out. A cross
//!   centre is dead (its arms carry its lives), so an isolated cross is the
//!   boundary `(t1 t2 t3 t4)` of its four arm tips, in rotation order.
//!   Arms are thus local to one corner of their cross, unlike a dot's lives.
//!   In a reduced position a tip reads as GLOP's `2` (one life, one corner
//!   left), which is exactly how it plays: it can be joined once, from that
//!   region.
//!
//! A move of any rule set is a Sprouts move ([`Move`]: corners and the
//! sharing of the region's other boundaries) with the new spot `c` of the
//! Sprouts move (one life, one corner on each side of the line) replaced
//! by what the rules put there ([`NewSpot`]):
//! - [`NewSpot::Dot`]: `c` itself (Sprouts);
//! - [`NewSpot::Cross`]: a cross-bar, i.e. `c`'s two corners become two
//!   different tips, one free arm on each side of the line;
//! - [`NewSpot::Nothing`] (Weeds): `c` is dead, so the line joins its ends
//!   directly.
//!
//! Every move of a variant arises this way (put a dot where the cross-bar
//! is, or on the bare line, and it is a Sprouts move), and canonical forms
//! ([`Canon`]) stay valid: they rely only on spots' lives and the regions'
//! boundaries, and a region's mirror image plays the same under every rule
//! set here. `reference` is an independent, slow implementation of the
//! same rules (its own move generator and a brute-force canonical form);
//! the tests and `docs/variants.md` compare the two.
//!
//! (p, q) Sprouts ([`pq`]) needs more than 3 lives per spot, so it has
//! its own position type and canonical form there.

pub mod pq;
pub mod reference;
pub mod solve;

use crate::topology::{Canon, Move, Position, Spot};
use std::collections::HashMap;
use std::fmt;

/// The rule set of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Plain Sprouts: a dot on every new line.
    #[default]
    Sprouts,
    /// Brussels Sprouts: a cross-bar on every new line.
    Brussels,
    /// Each move puts a dot or a cross-bar on its line, as the player likes.
    DotsOrCrosses,
    /// Black-and-white Sprouts: the new dot is optional.
    Weeds,
}

impl Rules {
    pub const ALL: [Rules; 4] = [Rules::Sprouts, Rules::Brussels, Rules::DotsOrCrosses, Rules::Weeds];

    /// What a move may put on its new line.
    pub fn new_spots(self) -> &'static [NewSpot] {
        match self {
            Rules::Sprouts => &[NewSpot::Dot],
            Rules::Brussels => &[NewSpot::Cross],
            Rules::DotsOrCrosses => &[NewSpot::Dot, NewSpot::Cross],
            Rules::Weeds => &[NewSpot::Dot, NewSpot::Nothing],
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Sprouts => "sprouts",
            Rules::Brussels => "brussels",
            Rules::DotsOrCrosses => "dots-or-crosses",
            Rules::Weeds => "weeds",
        }
    }

    /// What `--spots N` starts with: crosses for Brussels Sprouts, dots
    /// otherwise.
    pub fn default_start(self) -> StartKind {
        if self == Rules::Brussels {
            StartKind::Crosses
        } else {
            StartKind::Dots
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rules {
    type Err = String;
    fn from_str(s: &str) -> Result<Rules, String> {
        Rules::ALL.into_iter().find(|r| r.name() == s).ok_or_else(|| {
            if s.starts_with("pq:") {
                // (p, q) Sprouts is a game of its own (`crate::game::PqGame`,
                // which the page, the embed and `sprouts replay` use for
                // `{pq:P,Q}` records); a plain game's rules never are.
                format!(
                    "unknown rules {s:?} for a game of Sprouts or its variants: (p, q) Sprouts is a game of its own \
                     (its records, saved games and links are read as such), not one of sprouts, brussels, \
                     dots-or-crosses or weeds"
                )
            } else {
                format!("unknown rules {s:?} (sprouts, brussels, dots-or-crosses or weeds)")
            }
        })
    }
}

/// What a move puts on its new line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NewSpot {
    /// A Sprouts spot with one life left, usable on either side.
    Dot,
    /// A cross-bar: one free arm on each side of the line.
    Cross,
    /// Nothing (Weeds): the line joins its two ends.
    Nothing,
}

impl NewSpot {
    pub fn name(self) -> &'static str {
        match self {
            NewSpot::Dot => "dot",
            NewSpot::Cross => "cross",
            NewSpot::Nothing => "nothing",
        }
    }
}

/// What the start position is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StartKind {
    Dots,
    Crosses,
}

/// A start of `dots` isolated dots and `crosses` isolated crosses (each
/// the boundary of its four arm tips), all in one region.
pub fn start(dots: usize, crosses: usize) -> Result<Position, String> {
    if dots + crosses == 0 {
        return Err("a start needs at least one dot or cross".into());
    }
    let mut lives = vec![3u8; dots];
    let mut region: Vec<Vec<Spot>> = (1..=dots as Spot).map(|s| vec![s]).collect();
    for _ in 0..crosses {
        let first = lives.len() as Spot + 1;
        lives.extend([1, 1, 1, 1]);
        region.push((first..first + 4).collect());
    }
    let mut p = Position::from_raw(lives, vec![region]);
    p.normalize();
    Ok(p)
}

/// The `n`-start of a kind.
pub fn start_of(kind: StartKind, n: usize) -> Result<Position, String> {
    match kind {
        StartKind::Dots => start(n, 0),
        StartKind::Crosses => start(0, n),
    }
}

/// Plays the Sprouts move `mv` of `p` (a move [`Position::for_each_move`]
/// lists) and puts `what` on its line. New spots are numbered after
/// `p`'s; `p` is not changed.
pub fn play(p: &Position, mv: &Move, what: NewSpot) -> Position {
    let q = p.apply(mv);
    let c = p.spot_count() as Spot + 1;
    let mut lives = q.lives_slice().to_vec();
    let mut regions = q.regions().to_vec();
    match what {
        NewSpot::Dot => {}
        // A dead spot of degree 2 on a line is no spot at all.
        NewSpot::Nothing => lives[c as usize - 1] = 0,
        NewSpot::Cross => {
            // `c` has exactly two corners, one on each side of the line:
            // the second becomes the other arm's tip.
            let d = c + 1;
            lives.push(1);
            let mut seen = false;
            for s in regions.iter_mut().flatten().flatten() {
                if *s == c {
                    if seen {
                        *s = d;
                    }
                    seen = true;
                }
            }
        }
    }
    let mut child = Position::from_raw(lives, regions);
    child.normalize();
    child
}

/// The distinct moves of `p` under `rules`: one (move, new spot, child's
/// canonical form) per class of equal children, sorted by canonical form.
pub fn children(p: &Position, rules: Rules) -> Vec<(Move, NewSpot, Canon)> {
    let mut seen: HashMap<Canon, (Move, NewSpot)> = HashMap::new();
    p.for_each_move(&mut |mv| {
        for &what in rules.new_spots() {
            let c = Canon::of(&play(p, &mv, what));
            seen.entry(c).or_insert_with(|| (mv.clone(), what));
        }
    });
    let mut out: Vec<(Move, NewSpot, Canon)> = seen.into_iter().map(|(c, (m, w))| (m, w, c)).collect();
    crate::sort::sort_by(&mut out, |a, b| a.2.cmp(&b.2));
    out
}

/// The distinct children of a canonical form.
pub fn child_forms(c: &Canon, rules: Rules) -> Vec<Canon> {
    children(&c.position(), rules).into_iter().map(|(_, _, c)| c).collect()
}

/// The children of a canonical form as search keys ([`Canon::quick`]:
/// each key still names exactly its position, so a table keyed by it is
/// exact; equal positions may at worst get two keys).
pub fn child_keys(c: &Canon, rules: Rules) -> Vec<Canon> {
    let p = c.position();
    let mut out = Vec::new();
    p.for_each_move(&mut |mv| {
        for &what in rules.new_spots() {
            out.push(Canon::quick(&play(&p, &mv, what)));
        }
    });
    crate::sort::sort(&mut out);
    out.dedup();
    out
}
