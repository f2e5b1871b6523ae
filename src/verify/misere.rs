//! Checks a misère certificate: trees, the tree of each land, lost sums.
//!
//! Its own arena of games, built from the certificate's trees by its own
//! reduction (Conway's misère simplification, the reversibility rule with
//! the proviso through 0, written again here from ONAG ch. 12, not taken
//! from the solver) with each game's misère outcome computed from its
//! options, alone and plus `*1`. Then:
//! - `M t L`: the children of L (from the move generator), each a sum of
//!   lands with an `M` fact, give games by summing their trees; reducing
//!   the game with those options must give tree t. Equal reduced trees
//!   are equal games, so L = t.
//! - `L s ids lands`: the sum (lands with an `M` fact become their trees)
//!   is a loss: every move from it (in a land, in a tree, or taking the
//!   `*1`) leads to a sum shown won, by the rules below or by a move to a
//!   sum listed lost or shown lost by the rules.
//! - Rules: nothing left is a win unless a `*1` is left (a loss); one
//!   tree and a parity: the tree's outcome; only nim heaps: the misère
//!   nim rule (some heap 2 or more: win iff the nim-sum is not 0).
//!
//! The root's outcome follows the same way: decided by the rules, listed
//! lost, or a move to a sum listed lost; or lost when it has moves and
//! every one leads to a sum shown won (so that a certificate merged from
//! the proofs of a start's children decides the start without the
//! start's own fact).
//!
//! Under a variant's rules (the header's `rules=`) the children come from
//! that variant's move generator; its solve writes no trees, only the
//! positions it proved lost (`L 0 - LAND…`), which the same checks cover.
//! On a surface (the header's `surface=`) they come from the surfaces'
//! move generator; the facts are those of the plane's (trees, lands'
//! trees, lost sums), the lands surfaces' forms.
//!
//! Lands are looked up by their canonical forms, not as the solver wrote
//! them: the plain solver keys lands by [`Canon::quick`], which may write
//! one land two ways, and its misère search tries one move per class of
//! moves alike by a symmetry, so it may never meet the writing of a child
//! that the verifier's generator (every move, [`Position::for_each_quick_child`])
//! gives. Each land of a fact and of the root is renamed by
//! [`Canon::of_within`] once ([`Checker::name`], memoised by the
//! writing), and the generated children are named exactly from the land
//! and the move ([`Position::children_limited`]): two lands with one
//! canonical form are the same game, so a fact read under its canonical
//! name is a fact about the land looked for. Where the naming search
//! would pass `CANON_STEPS` the writing is kept as it is (it still names
//! exactly its land: at worst a fact is missed and the certificate
//! refused, never a wrong one accepted).
//! Surfaces' forms are canonical already, and a variant's solver and
//! verifier name children with one generator, so those are read as
//! written.
//!
//! [`Position::for_each_quick_child`]: crate::Position::for_each_quick_child
//! [`Position::children_limited`]: crate::Position::children_limited

use super::{fact, show, Refusal, Refusals, Root, Verdict};
use crate::certificate::{Certificate, Fact};
use crate::surfaces::Surface;
use crate::topology::{Canon, T_LAND};
use crate::variants::Rules;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

struct Game {
    /// Sorted, distinct.
    options: Vec<u32>,
    /// Misère win for the player to move: alone, and plus `*1`.
    win: [bool; 2],
    /// n when the game is the nim heap `*n`.
    heap: Option<u32>,
}

const ZERO: u32 = 0;
const STAR: u32 = 1;

#[derive(Default)]
struct Arena {
    games: Vec<Game>,
    ids: HashMap<Vec<u32>, u32>,
    sums: HashMap<Vec<u32>, u32>,
}

impl Arena {
    fn new() -> Arena {
        let mut a = Arena::default();
        a.make(Vec::new());
        a.make(vec![ZERO]);
        a
    }

    /// The game with exactly these options (sorted, distinct).
    fn make(&mut self, options: Vec<u32>) -> u32 {
        if let Some(&id) = self.ids.get(&options) {
            return id;
        }
        let g = |o: u32| &self.games[o as usize];
        let alone = options.is_empty() || options.iter().any(|&o| !g(o).win[0]);
        // Plus *1: take it (then the opponent faces the game alone) or
        // move in the game keeping it.
        let star = !alone || options.iter().any(|&o| !g(o).win[1]);
        let n = options.len() as u32;
        let heap = options.iter().all(|&o| g(o).heap.is_some_and(|h| h < n)).then_some(n);
        let id = self.games.len() as u32;
        self.games.push(Game { options: options.clone(), win: [alone, star], heap });
        self.ids.insert(options, id);
        id
    }

    fn options(&self, id: u32) -> &[u32] {
        &self.games[id as usize].options
    }

    /// The simplest game with these options (each already simplest):
    /// G equals a game g two moves down when g's options are all options
    /// of G, every other option of G has g as an option, and g has an
    /// option or G is a misère win (the proviso through 0).
    fn reduce(&mut self, mut options: Vec<u32>) -> u32 {
        options.sort_unstable();
        options.dedup();
        let win = options.is_empty() || options.iter().any(|&o| !self.games[o as usize].win[0]);
        for &a in &options {
            for &g in self.options(a) {
                let gs = self.options(g);
                if gs.is_empty() && !win {
                    continue;
                }
                let within = gs.iter().all(|x| options.binary_search(x).is_ok());
                if within && options.iter().all(|&b| gs.binary_search(&b).is_ok() || self.options(b).binary_search(&g).is_ok()) {
                    return g;
                }
            }
        }
        self.make(options)
    }

    /// `0`s dropped, `*1`s paired off, sorted.
    fn normalise(ids: &mut Vec<u32>) {
        let stars = ids.iter().filter(|&&i| i == STAR).count();
        ids.retain(|&i| i != ZERO && i != STAR);
        if stars % 2 == 1 {
            ids.push(STAR);
        }
        ids.sort_unstable();
    }

    /// The simplest game equal to the sum of `ids` (normalised).
    fn sum(&mut self, ids: &[u32]) -> u32 {
        match ids {
            [] => return ZERO,
            [one] => return *one,
            _ => {}
        }
        if let Some(&s) = self.sums.get(ids) {
            return s;
        }
        let mut options = Vec::new();
        for i in 0..ids.len() {
            for j in 0..self.options(ids[i]).len() {
                let mut next = ids.to_vec();
                next[i] = self.options(ids[i])[j];
                Arena::normalise(&mut next);
                options.push(self.sum(&next));
            }
        }
        let s = self.reduce(options);
        self.sums.insert(ids.to_vec(), s);
        s
    }
}

/// A sum: lands without a tree (sorted), the `*1` parity, games (sorted,
/// no `0` or `*1`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Sum {
    lands: Vec<Canon>,
    star: bool,
    games: Vec<u32>,
}

struct Checker {
    arena: Arena,
    /// Land -> its game, from the `M` facts.
    land_games: HashMap<Canon, u32>,
    lost: HashSet<Sum>,
    children: HashMap<Canon, Vec<Canon>>,
    generated: u64,
    /// Whose move generator gives the children.
    rules: Rules,
    /// The lands are surfaces' forms, expanded by the surfaces' moves.
    surface: bool,
    /// A plane land as written -> its canonical form (see the top).
    names: HashMap<Canon, Canon>,
}

impl Checker {
    /// A checker with nothing loaded yet.
    fn new(rules: Rules, surface: bool) -> Checker {
        Checker {
            arena: Arena::new(),
            land_games: HashMap::new(),
            lost: HashSet::new(),
            children: HashMap::new(),
            generated: 0,
            rules,
            surface,
            names: HashMap::new(),
        }
    }

    /// The land's canonical form (plain Sprouts on the plane; other games'
    /// lands are read as written, see the top).
    fn name(&mut self, land: Canon) -> Canon {
        if self.surface || self.rules != Rules::Sprouts {
            return land;
        }
        if let Some(c) = self.names.get(&land) {
            return c.clone();
        }
        let c = Canon::of_within(&land.position(), crate::limits::CANON_STEPS).0;
        self.names.insert(land, c.clone());
        c
    }

    /// The canonical forms of these lands, sorted (a sum's lands).
    fn names(&mut self, lands: impl IntoIterator<Item = Canon>) -> Vec<Canon> {
        let mut out: Vec<Canon> = lands.into_iter().flat_map(|l| self.name(l).lands()).collect();
        out.sort();
        out
    }

    /// The distinct children of a land (canonically named: each child's
    /// lands as [`Checker::name`] names them, sorted).
    fn children(&mut self, land: &Canon) -> Vec<Canon> {
        if let Some(c) = self.children.get(land) {
            return c.clone();
        }
        let out = if self.surface {
            // Every land named was checked not too wide when loaded.
            crate::surfaces::child_forms(land)
        } else if self.rules == Rules::Sprouts {
            // Each child named exactly at once, from the land and the move
            // (the lands of a canonical form are canonical forms): writing
            // it the quick way and renaming its lands cost 40 % more time
            // and half as much memory again (docs/benchmarks.md, sessions
            // 29 and 30). Past the naming steps, renamed land by land.
            match land.position().children_limited() {
                Ok(named) => sorted_lands(named),
                Err(_) => self.renamed_children(land),
            }
        } else {
            crate::variants::child_keys(land, self.rules)
        };
        self.generated += out.len() as u64;
        self.children.insert(land.clone(), out.clone());
        out
    }

    /// The children written the quick way, each land renamed by
    /// [`Checker::name`] (a land too hard to name keeps its writing).
    fn renamed_children(&mut self, land: &Canon) -> Vec<Canon> {
        let mut written = Vec::new();
        land.position().for_each_quick_child(&mut |c| {
            written.push(c);
            ControlFlow::Continue(())
        });
        written.sort_unstable();
        written.dedup();
        let mut out = Vec::new();
        for c in written {
            let lands = self.names(c.lands());
            out.push(Canon::concat(&lands));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The sum of these lands (those with a tree become games), parity and
    /// games, normalised.
    fn sum_of(&self, lands: impl IntoIterator<Item = Canon>, star: bool, mut games: Vec<u32>) -> Sum {
        let mut left = Vec::new();
        for l in lands {
            match self.land_games.get(&l) {
                Some(&g) => games.push(g),
                None => left.push(l),
            }
        }
        if star {
            games.push(STAR);
        }
        Arena::normalise(&mut games);
        let star = games.contains(&STAR);
        games.retain(|&g| g != STAR);
        left.sort();
        Sum { lands: left, star, games }
    }

    /// Decided by the rules alone.
    fn settled(&self, s: &Sum) -> Option<bool> {
        if !s.lands.is_empty() {
            return None;
        }
        match s.games[..] {
            [] => return Some(!s.star),
            [g] => return Some(self.arena.games[g as usize].win[s.star as usize]),
            _ => {}
        }
        let mut x = s.star as u32;
        for &g in &s.games {
            x ^= self.arena.games[g as usize].heap?;
        }
        Some(x != 0)
    }

    /// The sums one move away.
    fn moves(&mut self, s: &Sum) -> Vec<Sum> {
        let mut out = Vec::new();
        if s.star {
            out.push(Sum { star: false, ..s.clone() });
        }
        for i in 0..s.games.len() {
            for &o in self.arena.options(s.games[i]).to_vec().iter() {
                let mut games = s.games.clone();
                games[i] = o;
                out.push(self.sum_of(s.lands.iter().cloned(), s.star, games));
            }
        }
        for i in 0..s.lands.len() {
            let mut rest = s.lands.clone();
            let land = rest.remove(i);
            for c in self.children(&land) {
                let lands = rest.iter().cloned().chain(c.lands());
                out.push(self.sum_of(lands, s.star, s.games.clone()));
            }
        }
        out
    }

    fn shown_lost(&self, s: &Sum) -> bool {
        self.settled(s).map_or_else(|| self.lost.contains(s), |w| !w)
    }

    /// Shown won: by the rules, or by a move to a sum shown lost.
    fn shown_won(&mut self, s: &Sum) -> bool {
        if let Some(w) = self.settled(s) {
            return w;
        }
        let next = self.moves(s);
        next.iter().any(|n| self.shown_lost(n))
    }
}

/// A checker loaded with a certificate's facts: its trees as games of
/// the checker's own arena, the lands' games, the lost sums (by line,
/// in the order of `facts`).
struct Loaded<'a> {
    c: Checker,
    /// The certificate's tree ids -> games of this arena.
    games: Vec<u32>,
    /// The facts, trees first (in order), then land trees, then lost sums.
    facts: Vec<&'a (usize, Fact)>,
    lost_sums: HashMap<usize, Sum>,
}

/// (The root, if any, was checked by the caller, `super::check_root`.)
fn load(cert: &Certificate) -> Result<Loaded<'_>, Refusals> {
    let one = |line: usize, message: String| Refusals(vec![Refusal { line, message }]);
    let surface = cert.surface != Surface::Plane;
    let mut c = Checker::new(cert.rules, surface);
    let mut games: Vec<u32> = vec![ZERO, STAR];
    let mut facts: Vec<&(usize, Fact)> = cert.facts.iter().collect();
    facts.sort_by_key(|(_, f)| match f {
        Fact::Tree { id, .. } => (0, *id),
        Fact::LandTree { .. } => (1, 0),
        _ => (2, 0),
    });
    let game = |games: &Vec<u32>, line: usize, id: u32| {
        games.get(id as usize).copied().ok_or_else(|| one(line, format!("unknown tree {id}")))
    };
    // A land too wide to expand is refused rather than tried for hours
    // (children are smaller, so checking the lands named is enough), and
    // before it is named.
    for (line, f) in &facts {
        let named: Vec<&Canon> = match f {
            Fact::LandTree { land, .. } => vec![land],
            Fact::Lost { lands, .. } => lands.iter().collect(),
            _ => Vec::new(),
        };
        for l in named {
            let wide = if surface {
                crate::surfaces::position_of(l).check_moves()
            } else {
                crate::limits::check_moves(&l.position())
            };
            wide.map_err(|e| one(*line, format!("`{}`: {e}", fact(f, surface))))?;
        }
    }
    for (line, f) in &facts {
        match f {
            Fact::Tree { id, options } => {
                if *id as usize != games.len() || options.iter().any(|o| o >= id) {
                    return Err(one(*line, format!("`{}`: trees are numbered 2, 3, … in order, options first", fact(f, surface))));
                }
                let opts = options.iter().map(|&o| games[o as usize]).collect();
                games.push(c.arena.reduce(opts));
            }
            Fact::LandTree { land, tree } => {
                let g = game(&games, *line, *tree)?;
                // Two writings of one land (the solver's quick names) may
                // each have a fact: the first is read, and each is checked
                // against the land's children below, so two different
                // trees cannot both pass.
                let name = c.name(land.clone());
                c.land_games.entry(name).or_insert(g);
            }
            Fact::Lost { trees, .. } => {
                // Read once the land trees are all known (below).
                for &t in trees {
                    game(&games, *line, t)?;
                }
            }
            _ => return Err(one(*line, format!("`{}` is a normal-play fact, in a misère certificate", fact(f, surface)))),
        }
    }
    let mut lost_sums = HashMap::new();
    for (line, f) in &facts {
        if let Fact::Lost { star, trees, lands } = f {
            let gs = trees.iter().map(|&t| games[t as usize]).collect();
            let lands = c.names(lands.iter().cloned());
            let s = c.sum_of(lands, *star, gs);
            lost_sums.insert(*line, s.clone());
            c.lost.insert(s);
        }
    }
    Ok(Loaded { c, games, facts, lost_sums })
}

/// The forms the root may be listed under: a variant's solve keys its
/// root by the exact form, plain Sprouts' by the quick one; either names
/// the same game. On a surface, its one canonical form.
fn root_forms(cert: &Certificate, root: Root) -> Vec<Canon> {
    match root {
        Root::Surface(p) => vec![crate::surfaces::canon_of(p)],
        Root::Plane(p) => {
            let mut forms = vec![Canon::quick(p)];
            if cert.rules != Rules::Sprouts {
                forms.push(Canon::of_within(p, crate::limits::CANON_STEPS).0);
            }
            forms
        }
    }
}

/// The sum of a root position's lands.
fn root_sum(c: &mut Checker, root_canon: &Canon) -> Sum {
    let lands = c.names(root_canon.tokens().split_inclusive(|&t| t == T_LAND).map(|l| Canon::from_tokens(l.to_vec())));
    c.sum_of(lands, false, Vec::new())
}

pub(super) fn verify(cert: &Certificate, root: Option<Root>, mut tick: impl FnMut(usize)) -> Result<Verdict, Refusals> {
    let one = |line: usize, message: String| Refusals(vec![Refusal { line, message }]);
    let Loaded { mut c, games, facts, lost_sums } = load(cert)?;
    let surface = c.surface;
    let mut verdict = Verdict { checked: 0, children: 0, root_wins: None, root_nimber: None, derived: 0 };
    let mut refused: Vec<(usize, Refusal)> = Vec::new();
    for (line, f) in &facts {
        let why = match f {
            Fact::Tree { .. } => None,
            Fact::LandTree { land, tree } => {
                let mut options = Vec::new();
                let mut missing = None;
                let land = c.name(land.clone());
                for child in c.children(&land) {
                    let mut gs = Vec::new();
                    for l in child.lands() {
                        match c.land_games.get(&l) {
                            Some(&g) => gs.push(g),
                            None => missing = Some(l),
                        }
                    }
                    Arena::normalise(&mut gs);
                    options.push(c.arena.sum(&gs));
                }
                match missing {
                    Some(l) => Some(format!("no tree for the land {} of a child", show(&l, surface))),
                    None => (c.arena.reduce(options) != games[*tree as usize])
                        .then(|| format!("its children make another tree than {tree}")),
                }
            }
            Fact::Lost { .. } => {
                let s = &lost_sums[line];
                if c.settled(s) == Some(true) {
                    Some("the rules make it a win".into())
                } else {
                    let next = c.moves(s);
                    next.iter().find(|n| !c.shown_won(n)).map(|n| {
                        format!("no fact shows that the move to {} is answered", describe(n, surface))
                    })
                }
            }
            _ => None,
        };
        if let Some(why) = why {
            refused.push((*line, Refusal { line: *line, message: format!("`{}` refused: {why}", fact(f, surface)) }));
        }
        verdict.checked += 1;
        tick(verdict.checked);
    }
    verdict.children = c.generated;
    if !refused.is_empty() {
        refused.sort_by_key(|r| r.0);
        return Err(Refusals(refused.into_iter().map(|r| r.1).collect()));
    }
    if let Some(p) = root {
        let forms = root_forms(cert, p);
        let root_canon = forms[0].clone();
        let mut decided = None;
        for form in &forms {
            let s = root_sum(&mut c, form);
            if c.shown_lost(&s) {
                decided = Some(false);
            } else if c.shown_won(&s) {
                decided = Some(true);
            } else if every_move_shown_won(&mut c, &s) {
                decided = Some(false);
            }
            if decided.is_some() {
                break;
            }
        }
        verdict.root_wins = Some(decided.ok_or_else(|| one(0, format!("the facts do not decide the position {}", show(&root_canon, surface))))?);
    }
    Ok(verdict)
}

/// Whether a sum the rules do not decide has moves and every one leads
/// to a sum shown won: then it is lost.
fn every_move_shown_won(c: &mut Checker, s: &Sum) -> bool {
    let next = c.moves(s);
    !next.is_empty() && next.iter().all(|n| c.shown_won(n))
}

/// A sum, for a message.
fn describe(s: &Sum, surface: bool) -> String {
    let mut parts: Vec<String> = s.lands.iter().map(|l| show(l, surface)).collect();
    parts.extend(s.games.iter().map(|g| format!("game #{g}")));
    if s.star {
        parts.push("*1".into());
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(" + ")
    }
}

/// The facts of a misère certificate that the proof of the root uses:
/// every tree and land-tree fact (the trees name each other, and the
/// lands' trees are cheap), and the lost sums found by walking the proof
/// from the root: a lost sum's fact, then for each move from it, one
/// move on to a sum shown lost (by the rules, or listed: that fact is
/// kept and walked in turn). Nothing is checked (a false fact reached is
/// kept, and refused by [`verify`] later).
pub(super) fn prune(cert: &Certificate, root: Root) -> Result<Certificate, Refusals> {
    let one = |message: String| Refusals(vec![Refusal { line: 0, message }]);
    let Loaded { mut c, lost_sums, .. } = load(cert)?;
    let mut index: HashMap<Sum, usize> = HashMap::new();
    for (i, (line, _)) in cert.facts.iter().enumerate() {
        if let Some(s) = lost_sums.get(line) {
            index.entry(s.clone()).or_insert(i);
        }
    }
    let mut keep: Vec<bool> = cert.facts.iter().map(|(_, f)| !matches!(f, Fact::Lost { .. })).collect();
    let mut todo: Vec<Sum> = Vec::new();
    // Keeps the fact of a lost sum (none when the rules decide it).
    let mark = |s: &Sum, c: &Checker, keep: &mut Vec<bool>, todo: &mut Vec<Sum>| {
        if c.settled(s).is_none() {
            if let Some(&i) = index.get(s) {
                if !keep[i] {
                    keep[i] = true;
                    todo.push(s.clone());
                }
            }
        }
    };
    let forms = root_forms(cert, root);
    let root_canon = forms[0].clone();
    // The first form the facts decide, walked as verify decides it.
    let mut decided = false;
    for form in forms {
        let s = root_sum(&mut c, &form);
        if c.settled(&s).is_some() {
            decided = true;
        } else if c.lost.contains(&s) {
            mark(&s, &c, &mut keep, &mut todo);
            decided = true;
        } else if let Some(n) = c.moves(&s).into_iter().find(|n| c.shown_lost(n)) {
            mark(&n, &c, &mut keep, &mut todo);
            decided = true;
        } else if every_move_shown_won(&mut c, &s) {
            // Lost without its own fact: walked as a listed lost sum is.
            todo.push(s);
            decided = true;
        }
        if decided {
            break;
        }
    }
    if !decided {
        return Err(one(format!("the facts do not decide the position {}", show(&root_canon, c.surface))));
    }
    while let Some(s) = todo.pop() {
        for n in c.moves(&s) {
            if c.settled(&n).is_some() {
                continue;
            }
            let answer = c.moves(&n).into_iter().find(|m| c.shown_lost(m));
            if let Some(m) = answer {
                mark(&m, &c, &mut keep, &mut todo);
            }
        }
    }
    let facts = cert.facts.iter().zip(&keep).filter(|(_, &k)| k).map(|(f, _)| f.clone()).collect();
    Ok(Certificate { misere: true, rules: cert.rules, surface: cert.surface, facts })
}

/// Each child with its lands in the order of a sum's lands, the list
/// sorted and without repeats.
fn sorted_lands(children: Vec<Canon>) -> Vec<Canon> {
    let mut out: Vec<Canon> = children
        .into_iter()
        .map(|c| {
            let mut lands = c.lands();
            lands.sort();
            Canon::concat(&lands)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// The children named at once are those named land by land (which
    /// session 29's certificates were checked with), along random games.
    #[test]
    fn children_named_at_once_are_the_renamed_ones() {
        let mut c = Checker::new(Rules::Sprouts, false);
        let (mut x, mut lands) = (7u64, 0);
        for n in (5..=9).cycle().take(15) {
            let mut p = Canon::of(&Position::start(n).unwrap());
            while !p.is_empty() {
                let land = p.lands().swap_remove(0);
                let at_once = sorted_lands(land.position().children_limited().unwrap());
                assert_eq!(at_once, c.renamed_children(&land), "{land}");
                lands += 1;
                if at_once.is_empty() {
                    break;
                }
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                p = at_once[(x >> 33) as usize % at_once.len()].clone();
            }
        }
        assert!(lands > 100, "{lands} lands");
    }
}
