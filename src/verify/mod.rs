//! Checks a certificate (see [`crate::certificate`]) from scratch, with
//! none of the solver's search, tables or move ordering: only the move
//! generator and the rules of Sprague–Grundy theory.
//!
//! Normal play. Write `S + *k` for a sum of lands S plus a nim heap. Its
//! status, from the facts alone: identical lands cancel in pairs, lands
//! with a nimber fact fold into the heap by nim-addition; then with no land
//! left it is a loss iff the heap is 0, with one land L left it is a win if
//! `W heap L` is a fact, and otherwise it is unknown. Each fact is checked
//! against the others:
//! - `N g L`: every child C of L has `C + *g` a win (no child of nimber g),
//!   and for each m < g some child C has `C + *m` a loss (a child of
//!   nimber m);
//! - `W k L`: some child C has `C + *k` a loss, or L has a nimber fact
//!   other than k (then move in the heap, or in L to a child of nimber k).
//!
//! Children are smaller than their parent, so by induction on the size of
//! the land every fact that passes is true. The root's outcome is then its
//! status with heap 0, which must be known.
//!
//! The children come from the move generator of the certificate's game
//! (its header's `rules=` and `surface=`): plain Sprouts'
//! ([`Position::for_each_quick_child`]), a variant's
//! (`crate::variants::child_keys`: each Sprouts move with what the rules
//! put on its line) or the surfaces' ([`SurfacePosition::children`]: every
//! cut of a region of any genus, canonical forms with the genus), never
//! from a search.
//!
//! Databases written by SPOTS hold nimbers only, and not those of the small
//! lands it settles on the fly, so [`verify_deriving`] may work out the
//! nimber of a small land that has no fact, by the mex rule over all its
//! children (plain recursion, memoised): slower than a fact, as sure.

use crate::certificate::{Certificate, Fact, FactText, LandText};
use crate::surfaces::{Surface, SurfacePosition};
use crate::topology::{lives, Canon, Position, T_LAND};
use crate::variants::Rules;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;

mod misere;

/// What `verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Facts checked (all of them, when none is refused).
    pub checked: usize,
    /// Children generated.
    pub children: u64,
    /// The root's outcome (`Some(true)`: a win for the player to move),
    /// when a root was given.
    pub root_wins: Option<bool>,
    /// The root's nimber, when every land of it has one.
    pub root_nimber: Option<u32>,
    /// Lands without a fact whose nimber was worked out by the mex rule
    /// ([`verify_deriving`]).
    pub derived: usize,
}

/// A fact that does not hold, or a root the facts do not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The line of the fact (0 for the root).
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

/// Everything refused, smallest land first: a false fact is refused
/// itself, and so may be the facts that lean on it, which are about
/// larger lands; the first refusal is where to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusals(pub Vec<Refusal>);

impl std::fmt::Display for Refusals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, r) in self.0.iter().take(5).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{r}")?;
        }
        if self.0.len() > 5 {
            write!(f, "; and {} more", self.0.len() - 5)?;
        }
        Ok(())
    }
}

/// The position whose outcome the facts must decide: on the plane (plain
/// Sprouts or a variant), or on a surface (a surface certificate).
#[derive(Clone, Copy, Debug)]
pub enum Root<'a> {
    Plane(&'a Position),
    Surface(&'a SurfacePosition),
}

/// A certificate's root checked against its game: a plane position for a
/// plane certificate, a surface position for a surface one, and not too
/// wide to expand. Its form, as the solver keys it, is made by the caller.
fn check_root(cert: &Certificate, root: Root) -> Result<(), Refusals> {
    let one = |message: String| Refusals(vec![Refusal { line: 0, message }]);
    match (root, cert.surface) {
        (Root::Plane(p), Surface::Plane) => crate::limits::check_moves(p).map_err(|e| one(format!("the position: {e}"))),
        (Root::Surface(p), s) if s != Surface::Plane => p.reduced().check_moves().map_err(|e| one(format!("the position: {e}"))),
        (Root::Plane(_), s) => Err(one(format!("a certificate of Sprouts on the {s}, asked about a position on the plane"))),
        (Root::Surface(_), _) => Err(one("a certificate of the plane, asked about a position on a surface".into())),
    }
}

/// A land as the certificate writes it.
pub(crate) fn show(land: &Canon, surface: bool) -> String {
    LandText { land, surface }.to_string()
}

/// A fact as the certificate writes it.
pub(crate) fn fact(fact: &Fact, surface: bool) -> String {
    FactText { fact, surface }.to_string()
}

#[derive(Default)]
struct Known {
    nimber: Option<u32>,
    wins: Vec<u32>,
}

/// Status of a sum plus a heap.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    Win,
    Loss,
    Unknown,
}

struct Facts {
    lands: HashMap<Box<[u16]>, Known>,
    /// Whose move generator gives the children.
    rules: Rules,
    /// The lands are surfaces' forms, expanded by the surfaces' moves.
    surface: bool,
    /// Lands of at most this many lives without a nimber fact get one by
    /// the mex rule (0: never).
    derive: u32,
    derived: RefCell<HashMap<Box<[u16]>, u32>>,
}

impl Facts {
    /// The nimber of a land (ending with `T_LAND`): its fact, or worked out
    /// from all its children when the land is small enough.
    fn nimber(&self, land: &[u16]) -> Option<u32> {
        if let Some(g) = self.lands.get(land).and_then(|f| f.nimber) {
            return Some(g);
        }
        if self.derive == 0 || lives(land) > self.derive {
            return None;
        }
        if let Some(&g) = self.derived.borrow().get(land) {
            return Some(g);
        }
        let kids = children(&Canon::from_tokens(land.to_vec()), self.rules, self.surface).ok()?;
        let mut seen = Vec::with_capacity(kids.len());
        for c in &kids {
            let mut x = 0;
            for l in lands(c) {
                x ^= self.nimber(l)?;
            }
            seen.push(x);
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
        self.derived.borrow_mut().insert(land.into(), g);
        Some(g)
    }

    /// The status of the lands `lands` (each ending with `T_LAND`) plus `*k`.
    fn status(&self, lands: &[&[u16]], k: u32) -> Status {
        self.status_noting(lands, k, None)
    }

    /// [`Facts::status`], with the facts it read: `(land, true, g)` for a
    /// nimber fact, `(land, false, k)` for a win.
    fn status_used(&self, lands: &[&[u16]], k: u32) -> (Status, Vec<(Box<[u16]>, bool, u32)>) {
        let mut used = Vec::new();
        let s = self.status_noting(lands, k, Some(&mut used));
        (s, used)
    }

    /// Identical lands cancel in pairs, known nimbers add into `k`; what is
    /// left must be nothing or one land with a win fact for `*k`.
    fn status_noting(&self, lands: &[&[u16]], mut k: u32, mut used: Option<&mut Vec<(Box<[u16]>, bool, u32)>>) -> Status {
        let mut sorted: Vec<&[u16]> = lands.to_vec();
        sorted.sort_unstable();
        let mut left: Vec<&[u16]> = Vec::new();
        let mut i = 0;
        while i < sorted.len() {
            if i + 1 < sorted.len() && sorted[i] == sorted[i + 1] {
                i += 2;
                continue;
            }
            match self.nimber(sorted[i]) {
                Some(g) => {
                    k ^= g;
                    if let Some(u) = used.as_mut() {
                        u.push((sorted[i].into(), true, g));
                    }
                }
                None => left.push(sorted[i]),
            }
            i += 1;
        }
        match left[..] {
            [] if k == 0 => Status::Loss,
            [] => Status::Win,
            [l] => match self.lands.get(l) {
                Some(f) if f.wins.contains(&k) => {
                    if let Some(u) = used {
                        u.push((l.into(), false, k));
                    }
                    Status::Win
                }
                _ => Status::Unknown,
            },
            _ => Status::Unknown,
        }
    }
}

/// The lands of a child, as token slices.
fn lands(c: &Canon) -> Vec<&[u16]> {
    c.tokens().split_inclusive(|&t| t == T_LAND).collect()
}

/// The distinct children of a land under `rules` (or on surfaces),
/// written as the solver keys them.
fn children(land: &Canon, rules: Rules, surface: bool) -> Result<Vec<Canon>, String> {
    if surface {
        // A land too wide to expand is refused rather than tried for hours.
        let p = crate::surfaces::position_of(land);
        p.check_moves().map_err(|e| e.to_string())?;
        return Ok(p.children());
    }
    let p = land.position();
    // A land too wide to expand is refused rather than tried for hours.
    crate::limits::check_moves(&p).map_err(|e| e.to_string())?;
    if rules != Rules::Sprouts {
        return Ok(crate::variants::child_keys(land, rules));
    }
    let mut out = Vec::new();
    p.for_each_quick_child(&mut |c| {
        out.push(c);
        ControlFlow::Continue(())
    });
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Checks every fact of a normal-play certificate, then (if given) that
/// the facts decide the root. `tick(checked)` is called after each fact.
pub fn verify(cert: &Certificate, root: Option<&Position>, tick: impl FnMut(usize)) -> Result<Verdict, Refusals> {
    verify_deriving(cert, root, 0, tick)
}

/// [`verify`], where a land of at most `derive_lives` lives that has no
/// nimber fact gets its nimber by the mex rule over all its children (for
/// databases that leave small lands out, as SPOTS' do). Normal play only.
pub fn verify_deriving(cert: &Certificate, root: Option<&Position>, derive_lives: u32, tick: impl FnMut(usize)) -> Result<Verdict, Refusals> {
    verify_root(cert, root.map(Root::Plane), derive_lives, tick)
}

/// [`verify_deriving`] of a certificate of any game: its root on the
/// plane, or (a certificate with `surface=`) on a surface.
pub fn verify_root(cert: &Certificate, root: Option<Root>, derive_lives: u32, mut tick: impl FnMut(usize)) -> Result<Verdict, Refusals> {
    let one = |line: usize, message: String| Refusals(vec![Refusal { line, message }]);
    if let Some(r) = root {
        check_root(cert, r)?;
    }
    if cert.misere {
        return misere::verify(cert, root, tick);
    }
    let surface = cert.surface != Surface::Plane;
    let mut facts = Facts { lands: HashMap::new(), rules: cert.rules, surface, derive: derive_lives, derived: RefCell::new(HashMap::new()) };
    let mut lines: HashMap<(Canon, bool, u32), usize> = HashMap::new();
    for (line, f) in &cert.facts {
        let refuse = |message: String| Err(one(*line, message));
        match f {
            Fact::Nimber { land, nimber } => {
                let known = facts.lands.entry(land.tokens().into()).or_default();
                match known.nimber {
                    Some(g) if g != *nimber => {
                        return refuse(format!("`{}` contradicts the nimber {g} given on line {}", fact(f, surface), lines.get(&(land.clone(), true, g)).copied().unwrap_or(0)))
                    }
                    _ => known.nimber = Some(*nimber),
                }
                lines.insert((land.clone(), true, *nimber), *line);
            }
            Fact::Win { land, heap } => {
                facts.lands.entry(land.tokens().into()).or_default().wins.push(*heap);
                lines.insert((land.clone(), false, *heap), *line);
            }
            _ => return refuse(format!("`{}` is a misère fact, in a normal-play certificate", fact(f, surface))),
        }
    }
    let mut verdict = Verdict { checked: 0, children: 0, root_wins: None, root_nimber: None, derived: 0 };
    let mut refused: Vec<(usize, Refusal)> = Vec::new();
    for (line, f) in &cert.facts {
        if let Err(why) = check(&facts, &lines, f, &mut verdict) {
            let size = match f {
                Fact::Nimber { land, .. } | Fact::Win { land, .. } => land.tokens().len(),
                _ => 0,
            };
            refused.push((size, Refusal { line: *line, message: format!("`{}` refused: {why}", fact(f, surface)) }));
        }
        verdict.checked += 1;
        tick(verdict.checked);
    }
    if !refused.is_empty() {
        refused.sort_by_key(|r| (r.0, r.1.line));
        return Err(Refusals(refused.into_iter().map(|r| r.1).collect()));
    }
    if let Some(p) = root {
        let c = root_key(&facts, p);
        let ls = lands(&c);
        verdict.root_wins = match facts.status(&ls, 0) {
            Status::Win => Some(true),
            Status::Loss => Some(false),
            Status::Unknown => return Err(one(0, format!("the facts do not decide the position {}", show(&c, surface)))),
        };
        verdict.root_nimber = (0..64).find(|&g| facts.status(&ls, g) == Status::Loss);
    }
    verdict.derived = facts.derived.borrow().len();
    Ok(verdict)
}

/// The form of the root that the facts are read for: [`Canon::quick`],
/// as the plain solver keys it. A variant's solve keys its root by the
/// exact form (`solve --rules` prints that one) and its children by the
/// quick one, so under other rules the exact form is taken when only it is
/// decided: both name the same game. On a surface: its canonical form,
/// as `solve --surface` keys it.
fn root_key(facts: &Facts, root: Root) -> Canon {
    let p = match root {
        Root::Plane(p) => p,
        Root::Surface(p) => return crate::surfaces::canon_of(p),
    };
    let quick = Canon::quick(p);
    if facts.rules == Rules::Sprouts || facts.status(&lands(&quick), 0) != Status::Unknown {
        return quick;
    }
    let exact = Canon::of_within(p, crate::limits::CANON_STEPS).0;
    if facts.status(&lands(&exact), 0) != Status::Unknown {
        exact
    } else {
        quick
    }
}

/// Checks one fact against the others: why not, if it does not hold.
fn check(facts: &Facts, lines: &HashMap<(Canon, bool, u32), usize>, f: &Fact, verdict: &mut Verdict) -> Result<(), String> {
    let refuse = |why: String| Err(why);
    let surface = facts.surface;
    match f {
        Fact::Nimber { land, nimber } => {
            let kids = children(land, facts.rules, surface)?;
            verdict.children += kids.len() as u64;
            for c in &kids {
                match facts.status(&lands(c), *nimber) {
                    Status::Win => {}
                    Status::Loss => return refuse(format!("the child {} has nimber {nimber} too", show(c, surface))),
                    Status::Unknown => {
                        return refuse(format!("no fact shows that the child {} has a nimber other than {nimber}", show(c, surface)))
                    }
                }
            }
            for m in 0..*nimber {
                if !kids.iter().any(|c| facts.status(&lands(c), m) == Status::Loss) {
                    return refuse(format!("no child is shown to have nimber {m}"));
                }
            }
        }
        Fact::Win { land, heap } => {
            let other = facts.lands.get(land.tokens()).and_then(|k| k.nimber);
            if other == Some(*heap) {
                return refuse(format!("the land has nimber {heap} (line {})", lines.get(&(land.clone(), true, *heap)).copied().unwrap_or(0)));
            }
            if other.is_none() {
                let kids = children(land, facts.rules, surface)?;
                verdict.children += kids.len() as u64;
                if !kids.iter().any(|c| facts.status(&lands(c), *heap) == Status::Loss) {
                    return refuse(format!("no child C is shown to make C + *{heap} a loss"));
                }
            }
        }
        _ => return refuse("not a normal-play fact".into()),
    }
    Ok(())
}

/// The facts of a normal-play certificate that the proof of the root uses,
/// found by walking it from the root: the facts the root's status reads;
/// for `N g L`, those that show each child's `C + *g` a win and, for each
/// m < g, one child's `C + *m` a loss; for `W k L`, L's nimber fact if it
/// has another, else one child's `C + *k` a loss. Nothing is checked here
/// (a fact that does not hold is kept and refused by [`verify`] later): a
/// solve keeps the facts of lines it abandoned, which the proof does not
/// need. Misère certificates keep their trees and lands' trees and the
/// lost sums the root's proof walks through (see `misere.rs`). Always
/// `Some` (the `Option` is kept for callers of the time when misère
/// certificates were not pruned).
pub fn prune(cert: &Certificate, root: &Position) -> Result<Option<Certificate>, Refusals> {
    prune_root(cert, Root::Plane(root))
}

/// [`prune`] of a certificate of any game (see [`verify_root`]).
pub fn prune_root(cert: &Certificate, root: Root) -> Result<Option<Certificate>, Refusals> {
    let one = |message: String| Refusals(vec![Refusal { line: 0, message }]);
    check_root(cert, root)?;
    if cert.misere {
        return misere::prune(cert, root).map(Some);
    }
    let surface = cert.surface != Surface::Plane;
    let mut facts = Facts { lands: HashMap::new(), rules: cert.rules, surface, derive: 0, derived: RefCell::new(HashMap::new()) };
    let mut index: HashMap<(Box<[u16]>, bool, u32), usize> = HashMap::new();
    for (i, (_, f)) in cert.facts.iter().enumerate() {
        match f {
            Fact::Nimber { land, nimber } => {
                facts.lands.entry(land.tokens().into()).or_default().nimber.get_or_insert(*nimber);
                index.entry((land.tokens().into(), true, *nimber)).or_insert(i);
            }
            Fact::Win { land, heap } => {
                facts.lands.entry(land.tokens().into()).or_default().wins.push(*heap);
                index.entry((land.tokens().into(), false, *heap)).or_insert(i);
            }
            _ => return Err(one(format!("`{}` is a misère fact, in a normal-play certificate", fact(f, surface)))),
        }
    }
    let c = root_key(&facts, root);
    let mut keep = vec![false; cert.facts.len()];
    let mut todo: Vec<usize> = Vec::new();
    // Marks the facts `status(lands, k)` reads; whether it came out `want`.
    let reach = |ls: &[&[u16]], k: u32, want: Status, keep: &mut Vec<bool>, todo: &mut Vec<usize>| -> bool {
        let (s, used) = facts.status_used(ls, k);
        if s != want {
            return false;
        }
        for key in used {
            if let Some(&i) = index.get(&key) {
                if !keep[i] {
                    keep[i] = true;
                    todo.push(i);
                }
            }
        }
        true
    };
    let ls = lands(&c);
    if !reach(&ls, 0, Status::Win, &mut keep, &mut todo) && !reach(&ls, 0, Status::Loss, &mut keep, &mut todo) {
        return Err(one(format!("the facts do not decide the position {}", show(&c, surface))));
    }
    while let Some(i) = todo.pop() {
        match &cert.facts[i].1 {
            Fact::Nimber { land, nimber } => {
                let kids = children(land, cert.rules, surface).map_err(one)?;
                for ch in &kids {
                    reach(&lands(ch), *nimber, Status::Win, &mut keep, &mut todo);
                }
                for m in 0..*nimber {
                    kids.iter().any(|ch| reach(&lands(ch), m, Status::Loss, &mut keep, &mut todo));
                }
            }
            Fact::Win { land, heap } => {
                let other = facts.lands.get(land.tokens()).and_then(|k| k.nimber);
                match other {
                    Some(g) if g != *heap => {
                        if let Some(&j) = index.get(&(land.tokens().into(), true, g)) {
                            if !keep[j] {
                                keep[j] = true;
                                todo.push(j);
                            }
                        }
                    }
                    _ => {
                        let kids = children(land, cert.rules, surface).map_err(one)?;
                        kids.iter().any(|ch| reach(&lands(ch), *heap, Status::Loss, &mut keep, &mut todo));
                    }
                }
            }
            _ => {}
        }
    }
    let facts = cert.facts.iter().zip(&keep).filter(|(_, &k)| k).map(|(f, _)| f.clone()).collect();
    Ok(Some(Certificate { misere: false, rules: cert.rules, surface: cert.surface, facts }))
}
