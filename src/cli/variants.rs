//! `--rules` and `--start` of `solve`, `moves` and `random`: positions
//! under the variants' rules (src/variants). Plain Sprouts never comes
//! here; its commands are unchanged. `--rules pq:P,Q` goes on to
//! src/cli/pq.rs.

use super::args::{json, PositionArgs};
use super::rule_set::{random_game, RuleSet};
use super::search::{Database, Kind, Store};
use super::Output;
use clap::Args;
use sprouts::game::Variant;
use sprouts::text::{parse_position, quote_around};
use sprouts::variants::pq::PqRules;
use sprouts::variants::{self, NewSpot, Rules, StartKind};
use sprouts::{Canon, Move, Position};

/// The rule set on the command line: a name, or `pq:P,Q`.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub enum RulesArg {
    /// Plain Sprouts
    #[default]
    Sprouts,
    /// Brussels Sprouts: crosses, a cross-bar on every line
    Brussels,
    /// A dot or a cross-bar on every line, as the player chooses
    DotsOrCrosses,
    /// Black-and-white Sprouts: the new dot is optional
    Weeds,
    /// (p, q) Sprouts: a new point joined by q edges, degree at most p
    Pq(PqRules),
}

fn parse_rules(s: &str) -> Result<RulesArg, String> {
    if s.starts_with("pq:") {
        return s.parse().map(RulesArg::Pq);
    }
    match s.parse::<Rules>() {
        Ok(Rules::Sprouts) => Ok(RulesArg::Sprouts),
        Ok(Rules::Brussels) => Ok(RulesArg::Brussels),
        Ok(Rules::DotsOrCrosses) => Ok(RulesArg::DotsOrCrosses),
        Ok(Rules::Weeds) => Ok(RulesArg::Weeds),
        Err(_) => Err(format!("unknown rules {s:?} (sprouts, brussels, dots-or-crosses, weeds or pq:P,Q)")),
    }
}

/// What `--spots N` starts with.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum StartArg {
    Dots,
    Crosses,
}

/// `--rules` and `--start`, flattened into a command's arguments.
#[derive(Args, Clone, Copy)]
pub struct VariantArgs {
    /// Rule set (docs/variants.md): sprouts, brussels, dots-or-crosses, weeds, or pq:P,Q
    /// ((p, q) Sprouts: a new point joined by Q edges, degree at most P; 2 ≤ Q ≤ P < 2Q)
    #[arg(long, value_parser = parse_rules, value_name = "RULES", default_value = "sprouts")]
    pub rules: RulesArg,
    /// What --spots N starts with under --rules [default: crosses for brussels, dots otherwise]
    #[arg(long, value_enum, value_name = "KIND")]
    pub start: Option<StartArg>,
}

impl VariantArgs {
    /// Whether the command leaves plain Sprouts (then it comes here).
    pub fn is_variant(&self) -> bool {
        self.rules != RulesArg::Sprouts || self.start == Some(StartArg::Crosses)
    }

    /// The (p, q) rules, when chosen (each command asks this first).
    pub fn pq(&self) -> Option<PqRules> {
        match self.rules {
            RulesArg::Pq(r) => Some(r),
            _ => None,
        }
    }

    /// The rules other than (p, q) (which [`VariantArgs::pq`] catches
    /// before: it reads as plain Sprouts here).
    pub fn rules(&self) -> Rules {
        match self.rules {
            RulesArg::Sprouts | RulesArg::Pq(_) => Rules::Sprouts,
            RulesArg::Brussels => Rules::Brussels,
            RulesArg::DotsOrCrosses => Rules::DotsOrCrosses,
            RulesArg::Weeds => Rules::Weeds,
        }
    }

    /// The rules and start of a drawn game (Brussels Sprouts from dots
    /// and plain Sprouts from crosses are refused).
    pub fn variant(&self) -> Result<Variant, String> {
        if let Some(r) = self.pq() {
            return Err(format!(
                "--rules {r}: (p, q) Sprouts has no record or saved game yet; \
                 solve, moves, random, play and replay play it, draw draws its --spots N start"
            ));
        }
        Variant::new(self.rules(), self.start.map(|_| self.start_kind()))
    }

    fn start_kind(&self) -> StartKind {
        match self.start {
            Some(StartArg::Dots) => StartKind::Dots,
            Some(StartArg::Crosses) => StartKind::Crosses,
            None => self.rules().default_start(),
        }
    }

    /// The start of `n` dots or crosses.
    pub fn start_position(&self, n: usize) -> Result<Position, String> {
        variants::start_of(self.start_kind(), n)
    }

    /// `<POSITION>` (its `2`s may be free arms) or the `--spots N` start.
    pub fn read(&self, pos: &PositionArgs) -> Result<Position, String> {
        if let Some(n) = pos.spots {
            return self.start_position(n as usize);
        }
        let s = pos.position.as_deref().ok_or("missing <POSITION> (or --spots N)")?;
        parse_position(s).map_err(|e| format!("position {}: {e}", quote_around(s, e.offset)))
    }
}

/// Positions past this many live spots are refused: the variants' search
/// has no limits of its own yet.
const MAX_LIVE: usize = 40;

fn check_size(p: &Position) -> Result<(), String> {
    let live = p.reduced().spot_count();
    if live > MAX_LIVE {
        return Err(format!("{live} live spots: the variants' engine takes at most {MAX_LIVE}"));
    }
    Ok(())
}

/// `sprouts moves --rules R`: the distinct children, canonical GLOP.
pub fn moves(v: &VariantArgs, pos: &PositionArgs, as_json: bool) -> Output {
    if let Some(r) = v.pq() {
        return super::pq::moves(r, v, pos, as_json);
    }
    let p = v.read(pos)?;
    check_size(&p)?;
    let children: Vec<String> =
        variants::children(&p, v.rules()).into_iter().map(|(_, _, c)| c.to_string()).collect();
    Ok(if as_json { json(&children) } else { children.iter().map(|c| format!("{c}\n")).collect() })
}

/// `sprouts solve --rules R`: outcome and winning moves, within
/// `--max-seconds` and `--max-nodes` (`--table-mb` does not apply: the
/// table grows as needed).
///
/// With `database` (FILE and seconds between saves), the certificate of
/// docs/certificates.md under these rules (header `rules=R`): loaded
/// first, saved at the end, on a stop and every so often.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    v: &VariantArgs,
    pos: &PositionArgs,
    misere: bool,
    as_json: bool,
    max_seconds: Option<u64>,
    max_nodes: Option<u64>,
    database: Option<(&std::path::Path, u64)>,
) -> Output {
    if let Some(r) = v.pq() {
        if database.is_some() {
            // Its forms are not plain Sprouts' lands, which a certificate's
            // lines name, and verify has no (p, q) checker.
            return Err(format!("--database: certificates of (p, q) Sprouts ({r}) are not written yet; solve it without --database").into());
        }
        return super::pq::solve(r, v, pos, misere, as_json, max_seconds, max_nodes);
    }
    let p = v.read(pos)?;
    check_size(&p)?;
    let rules = v.rules();
    let database = database.map(|(path, save_every)| Database { path, save_every, rules });
    super::search::solve(
        Kind::Rules(rules.to_string()),
        &Canon::of(&p),
        misere,
        as_json,
        max_seconds,
        max_nodes,
        database.as_ref().map(|d| d as &dyn Store<Canon>),
        // Misère searches whole positions: their children are made land
        // by land (a move in one land, the others kept as written), as
        // `verify` makes them, so that the lost positions a certificate
        // lists are written as the checker writes the sums it meets (the
        // quick form of a whole position may name a land's letters
        // otherwise than the land alone).
        |c| if misere { land_by_land_keys(c, rules) } else { variants::child_keys(c, rules) },
        |c| variants::child_forms(c, rules),
        |c| c.to_string(),
    )
}

/// The children of a position as search keys, one land at a time: each
/// child of one land ([`variants::child_keys`]) with the other lands as
/// they are, the lands sorted.
fn land_by_land_keys(c: &Canon, rules: Rules) -> Vec<Canon> {
    let lands = c.lands();
    let mut out = Vec::new();
    for (i, land) in lands.iter().enumerate() {
        for child in variants::child_keys(land, rules) {
            let mut ls: Vec<Canon> = lands.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, l)| l.clone()).collect();
            ls.extend(child.lands());
            ls.sort();
            out.push(Canon::concat(&ls));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// `sprouts random --rules R`: a random game, one line per move (what
/// the move put on its line, the canonical position after it).
pub fn random(v: &VariantArgs, n: usize, seed: u64, misere: bool) -> Output {
    if let Some(r) = v.pq() {
        return super::pq::random(r, v, n, seed, misere);
    }
    let p = v.start_position(n)?;
    check_size(&p)?;
    Ok(random_game(v.rules(), p, seed, misere))
}

/// The variants of plain Sprouts for the player and the random game: a
/// move is a Sprouts line and what it puts on it.
impl RuleSet for Rules {
    type Pos = Position;
    type Move = (Move, NewSpot);
    type Key = Canon;

    fn moves(self, p: &Position) -> Vec<((Move, NewSpot), Canon)> {
        variants::children(p, self).into_iter().map(|(mv, what, c)| ((mv, what), c)).collect()
    }

    fn play(self, p: &Position, (mv, what): (Move, NewSpot)) -> Position {
        variants::play(p, &mv, what)
    }

    fn child_keys(self, k: &Canon) -> Vec<Canon> {
        variants::child_keys(k, self)
    }

    fn canon(self, p: &Position) -> Canon {
        Canon::of(p)
    }

    fn move_name((_, what): &(Move, NewSpot)) -> &'static str {
        what.name()
    }
}

/// The most spots `play --rules` lets the perfect player solve: it has no
/// node or time limit (dots-or-crosses from 5 crosses took 65 s, see
/// docs/variants.md).
pub const MAX_PERFECT_SPOTS: usize = 5;

/// The start of `n` dots or crosses for `play --rules` (the perfect
/// player's size checked).
pub fn play_start(v: &VariantArgs, n: usize, perfect: bool) -> Result<Position, String> {
    if perfect && n > MAX_PERFECT_SPOTS {
        return Err(format!(
            "--spots {n}: the perfect player under --rules solves the whole game without limits, at most {MAX_PERFECT_SPOTS} spots"
        ));
    }
    v.variant()?;
    v.start_position(n)
}
