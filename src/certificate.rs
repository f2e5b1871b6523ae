//! Proof databases (certificates): the text format that `sprouts solve
//! --database` writes and reads and `sprouts verify` checks. Described in
//! docs/certificates.md; version 1:
//!
//! ```text
//! sprouts-certificate 1 normal
//! N 0 0.}]!
//! W 0 0*2.}]!
//! ```
//!
//! After the header line, one fact a line (blank lines and lines starting
//! with `#` are skipped): `N g LAND` says the land's nimber is g (normal
//! play), `W k LAND` that the land plus the nim heap `*k` is a win for the
//! player to move. A land is written as its GLOP canonical string as the
//! solver keys it ([`Canon::quick`]), one land, ending in `]!`.
//!
//! Lands are read back token by token (not through a position and a new
//! canonical form, which could name letters otherwise), then checked to be
//! a valid position that prints back to the same text.
//!
//! The header may end with fields `key=value`, added over time and never
//! renamed: `rules=brussels` (or `dots-or-crosses`, `weeds`) says the facts
//! are about that variant's game (src/variants), whose move generator the
//! checker then uses. A header without it means plain Sprouts, as every
//! file written before the field existed does; plain Sprouts is written
//! without it, so its files are unchanged. `surface=torus` (or `klein`,
//! `projective`) says the facts are about plain Sprouts on compact
//! surfaces (src/surfaces) and names the surface of the start: each land
//! is then written as `sprouts solve --surface` prints it, GLOP with each
//! region's genus (`0*3.@1}]!`), read back through the surfaces' reader
//! and canonical form, which must give the same text. A field this build
//! does not know is refused (it would change what the facts mean).

use crate::solver::Convention;
use crate::surfaces::{Surface, SurfaceDisplay};
use crate::text::parse_glop;
use crate::variants::Rules;
use crate::topology::{Canon, T_DOT, T_LAND, T_LOWER, T_ONE, T_REGION, T_TWO, T_UPPER, T_ZERO};
use std::fmt;

/// The first word of a certificate.
pub const MAGIC: &str = "sprouts-certificate";
/// The format version written (and the only one read).
pub const VERSION: u32 = 1;

/// One proved fact about a land.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fact {
    /// Normal play: the land's nimber.
    Nimber { land: Canon, nimber: u32 },
    /// Normal play: the land plus `*heap` is a win for the player to move.
    Win { land: Canon, heap: u32 },
    /// Misère play: tree number `id` is the game whose options are the
    /// trees `options` (ids 0, the game with no move, and 1, `*1`, are
    /// implicit; the others are numbered 2, 3, … in order).
    Tree { id: u32, options: Vec<u32> },
    /// Misère play: the land equals tree `tree` (its reduced canonical
    /// tree).
    LandTree { land: Canon, tree: u32 },
    /// Misère play: the sum of `lands`, of the trees `trees` and, if
    /// `star`, of `*1` is a loss for the player to move.
    Lost { star: bool, trees: Vec<u32>, lands: Vec<Canon> },
}

/// Ids as written: `-` for none, else comma-separated.
fn write_ids(ids: &[u32]) -> String {
    if ids.is_empty() {
        "-".into()
    } else {
        ids.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(",")
    }
}

fn parse_ids(s: &str) -> Result<Vec<u32>, String> {
    if s == "-" {
        return Ok(Vec::new());
    }
    s.split(',').map(|x| x.parse::<u32>().map_err(|_| format!("bad tree id {x:?}"))).collect()
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", FactText { fact: self, surface: false })
    }
}

/// A land as a certificate writes it: plane GLOP as the solver keys it,
/// or (`surface`) the surfaces' GLOP with each region's genus.
pub struct LandText<'a> {
    pub land: &'a Canon,
    pub surface: bool,
}

impl fmt::Display for LandText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.surface {
            write!(f, "{}", SurfaceDisplay(self.land))
        } else {
            write!(f, "{}", self.land)
        }
    }
}

/// A fact as a certificate's line, its lands as [`LandText`] writes them.
pub struct FactText<'a> {
    pub fact: &'a Fact,
    pub surface: bool,
}

impl fmt::Display for FactText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let surface = self.surface;
        fn land(land: &Canon, surface: bool) -> LandText<'_> {
            LandText { land, surface }
        }
        match self.fact {
            Fact::Nimber { land: l, nimber } => write!(f, "N {nimber} {}", land(l, surface)),
            Fact::Win { land: l, heap } => write!(f, "W {heap} {}", land(l, surface)),
            Fact::Tree { id, options } => write!(f, "T {id} {}", write_ids(options)),
            Fact::LandTree { land: l, tree } => write!(f, "M {tree} {}", land(l, surface)),
            Fact::Lost { star, trees, lands } => {
                write!(f, "L {} {}", *star as u8, write_ids(trees))?;
                for l in lands {
                    write!(f, " {}", land(l, surface))?;
                }
                Ok(())
            }
        }
    }
}

/// A certificate: its convention, the rules of its game and its facts,
/// each with the line it was read from (0 for facts not read from a file).
#[derive(Clone, Debug, Default)]
pub struct Certificate {
    pub misere: bool,
    /// The game the facts are about (header field `rules=`; plain Sprouts
    /// when absent).
    pub rules: Rules,
    /// The surface of the start (header field `surface=`; the plane when
    /// absent). Other than the plane, the lands are surfaces' forms
    /// (`crate::surfaces::canon_of`), each region with its genus.
    pub surface: Surface,
    pub facts: Vec<(usize, Fact)>,
}

/// A certificate that could not be read: the line (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FormatError {}

impl Certificate {
    pub fn convention(&self) -> Convention {
        if self.misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// Reads a certificate of version [`VERSION`].
    pub fn parse(text: &str) -> Result<Certificate, FormatError> {
        let bad = |line: usize, message: String| FormatError { line, message };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let (n, header) = lines
            .by_ref()
            .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .ok_or_else(|| bad(1, format!("empty: a certificate starts with `{MAGIC} {VERSION} normal`")))?;
        let words: Vec<&str> = header.split_whitespace().collect();
        let misere = match words[..] {
            [MAGIC, v, conv, ..] if v == VERSION.to_string() => match conv {
                "normal" => false,
                "misere" | "misère" => true,
                _ => return Err(bad(n, format!("unknown convention {conv:?} (normal or misere)"))),
            },
            [MAGIC, v, ..] => return Err(bad(n, format!("version {v:?} is not supported (this build reads {VERSION})"))),
            _ => return Err(bad(n, format!("not a certificate: the first line should be `{MAGIC} {VERSION} normal`"))),
        };
        let mut rules = Rules::Sprouts;
        let mut surface = Surface::Plane;
        for field in &words[3..] {
            match field.split_once('=') {
                Some(("rules", r)) => rules = r.parse().map_err(|e: String| bad(n, format!("header field {field:?}: {e}")))?,
                // The plane is written without the field, so it has one
                // writing only.
                Some(("surface", s)) => {
                    surface = s
                        .parse::<Surface>()
                        .ok()
                        .filter(|&named| named != Surface::Plane)
                        .ok_or_else(|| bad(n, format!("header field {field:?}: a surface is torus, klein or projective (the plane has no field)")))?
                }
                _ => return Err(bad(n, format!("unknown header field {field:?} (this build knows `rules=` and `surface=`)"))),
            }
        }
        if surface != Surface::Plane && rules != Rules::Sprouts {
            return Err(bad(n, format!("rules={rules} with surface={surface}: surfaces are played under plain Sprouts' rules only")));
        }
        let land_of: fn(&str) -> Result<Canon, String> = if surface == Surface::Plane { parse_land } else { parse_surface_land };
        let mut facts = Vec::new();
        for (n, l) in lines {
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if misere {
                facts.push((n, parse_misere(l, land_of).map_err(|m| bad(n, m))?));
                continue;
            }
            let mut w = l.split_whitespace();
            let (Some(kind), Some(num), Some(land), None) = (w.next(), w.next(), w.next(), w.next()) else {
                return Err(bad(n, format!("expected `N nimber LAND` or `W heap LAND`, found {l:?}")));
            };
            let num: u32 = num
                .parse()
                .ok()
                .filter(|&k| k < 1 << 16)
                .ok_or_else(|| bad(n, format!("bad number {num:?}")))?;
            let land = land_of(land).map_err(|m| bad(n, m))?;
            facts.push((
                n,
                match kind {
                    "N" => Fact::Nimber { land, nimber: num },
                    "W" => Fact::Win { land, heap: num },
                    _ => return Err(bad(n, format!("unknown fact kind {kind:?} (N or W)"))),
                },
            ));
        }
        Ok(Certificate { misere, rules, surface, facts })
    }

    /// The text of a plain Sprouts certificate with these facts (sorted,
    /// so that equal certificates are equal files).
    pub fn write(convention: Convention, facts: &mut [Fact]) -> String {
        Certificate::write_rules(convention, Rules::Sprouts, facts)
    }

    /// [`Certificate::write`] for the game of `rules` (its header says
    /// `rules=…` unless they are plain Sprouts').
    pub fn write_rules(convention: Convention, rules: Rules, facts: &mut [Fact]) -> String {
        Certificate::write_game(convention, rules, Surface::Plane, facts)
    }

    /// [`Certificate::write_rules`] on `surface` (its header says
    /// `surface=…` unless it is the plane; the facts' lands are then
    /// surfaces' forms, written with their genus).
    pub fn write_game(convention: Convention, rules: Rules, surface: Surface, facts: &mut [Fact]) -> String {
        use std::fmt::Write;
        facts.sort_unstable();
        let conv = match convention {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        };
        let mut out = String::with_capacity(32 * facts.len() + 64);
        out.push_str(&format!("{MAGIC} {VERSION} {conv}"));
        if rules != Rules::Sprouts {
            out.push_str(&format!(" rules={rules}"));
        }
        if surface != Surface::Plane {
            out.push_str(&format!(" surface={surface}"));
        }
        out.push('\n');
        let on_surface = surface != Surface::Plane;
        for f in facts.iter() {
            // Writing to a String cannot fail.
            let _ = writeln!(out, "{}", FactText { fact: f, surface: on_surface });
        }
        out
    }
}

/// A merge refused: the part (0-based, in the order given), its line and
/// why; `other` is the (part, line) of the fact it contradicts, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError {
    pub part: usize,
    pub error: FormatError,
    pub other: Option<(usize, usize)>,
}

impl Certificate {
    /// The union of the facts of `parts`, certificates of one game (the
    /// same convention, rules and surface): each part's trees are
    /// renumbered into one arena (a tree whose options are an earlier
    /// tree's is that tree), and a fact two parts both have is kept once.
    /// Two solves of different positions (or of the children of one, run
    /// side by side) so give one database. Each part's facts are closed
    /// (each justified by facts of the same part), so the union is too.
    ///
    /// Refused, naming the part and line (and those of the fact it
    /// contradicts, whose message ends in "in"): another game; trees not
    /// numbered in order; two parts that give one land two nimbers or two
    /// trees; a land written as a land in one part's lost sum while
    /// another part gives it a tree (parts written with different tree
    /// limits, which `verify` could not check together). Lands are
    /// compared as written, so `verify` is still the check of the result.
    pub fn merge(parts: &[Certificate]) -> Result<Certificate, MergeError> {
        use std::collections::{BTreeSet, HashMap};
        let err = |part: usize, line: usize, message: String| MergeError { part, error: FormatError { line, message }, other: None };
        let clash = |part: usize, line: usize, message: String, other: (usize, usize)| MergeError {
            part,
            error: FormatError { line, message },
            other: Some(other),
        };
        let Some(first) = parts.first() else {
            return Ok(Certificate::default());
        };
        // Lands in messages as the files write them (with their genus on a surface).
        let on_surface = first.surface != Surface::Plane;
        let show = |land: &Canon| LandText { land, surface: on_surface }.to_string();
        let mut trees: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut tree_facts: Vec<Fact> = Vec::new();
        // Each fact about a land with where it was read: (part, line).
        let mut nimbers: HashMap<Canon, (u32, (usize, usize))> = HashMap::new();
        let mut wins: BTreeSet<(Canon, u32)> = BTreeSet::new();
        let mut land_trees: HashMap<Canon, (u32, (usize, usize))> = HashMap::new();
        let mut lost: BTreeSet<(bool, Vec<u32>, Vec<Canon>)> = BTreeSet::new();
        // Where each land first written as a land in a lost sum was.
        let mut in_lost: HashMap<Canon, (usize, usize)> = HashMap::new();
        for (i, part) in parts.iter().enumerate() {
            if (part.misere, part.rules, part.surface) != (first.misere, first.rules, first.surface) {
                return Err(err(
                    i,
                    1,
                    format!(
                        "a certificate of {} {} on the {}, the first is of {} {} on the {}",
                        part.convention(),
                        part.rules,
                        part.surface,
                        first.convention(),
                        first.rules,
                        first.surface
                    ),
                ));
            }
            // This part's tree ids -> merged ids (0 and *1 are implicit).
            let mut ids: Vec<u32> = vec![0, 1];
            let mut part_trees: Vec<&(usize, Fact)> = part.facts.iter().filter(|f| matches!(f.1, Fact::Tree { .. })).collect();
            part_trees.sort_by_key(|f| match f.1 {
                Fact::Tree { id, .. } => id,
                _ => 0,
            });
            for (line, f) in part_trees {
                let Fact::Tree { id, options } = f else { continue };
                if *id as usize != ids.len() || options.iter().any(|o| o >= id) {
                    return Err(err(i, *line, "trees are numbered 2, 3, … in order, options first".into()));
                }
                let mut mapped: Vec<u32> = options.iter().map(|&o| ids[o as usize]).collect();
                mapped.sort_unstable();
                mapped.dedup();
                let next = trees.len() as u32 + 2;
                let id = *trees.entry(mapped.clone()).or_insert_with(|| {
                    tree_facts.push(Fact::Tree { id: next, options: mapped });
                    next
                });
                ids.push(id);
            }
            let tree = |line: usize, t: u32| ids.get(t as usize).copied().ok_or_else(|| err(i, line, format!("unknown tree {t}")));
            for (line, f) in &part.facts {
                match f {
                    Fact::Tree { .. } => {}
                    Fact::Nimber { land, nimber } => match nimbers.get(land) {
                        Some(&(g, at)) if g != *nimber => {
                            return Err(clash(i, *line, format!("the land {} has nimber {nimber} here and {g} in", show(land)), at))
                        }
                        Some(_) => {}
                        None => {
                            nimbers.insert(land.clone(), (*nimber, (i, *line)));
                        }
                    },
                    Fact::Win { land, heap } => {
                        wins.insert((land.clone(), *heap));
                    }
                    Fact::LandTree { land, tree: t } => {
                        let t = tree(*line, *t)?;
                        if let Some(&at) = in_lost.get(land).filter(|&&(p, _)| p != i) {
                            let why = "parts written with different tree limits";
                            return Err(clash(i, *line, format!("the land {} has a tree here ({why}) but is a land in a lost sum in", show(land)), at));
                        }
                        match land_trees.get(land) {
                            Some(&(u, at)) if u != t => {
                                return Err(clash(i, *line, format!("the land {} has another tree here than in", show(land)), at))
                            }
                            Some(_) => {}
                            None => {
                                land_trees.insert(land.clone(), (t, (i, *line)));
                            }
                        }
                    }
                    Fact::Lost { star, trees: ts, lands } => {
                        let mut mapped = ts.iter().map(|&t| tree(*line, t)).collect::<Result<Vec<u32>, _>>()?;
                        mapped.sort_unstable();
                        for land in lands {
                            if let Some(&(_, at)) = land_trees.get(land).filter(|&&(_, (p, _))| p != i) {
                                let why = "parts written with different tree limits";
                                return Err(clash(i, *line, format!("the land {} is a land in this lost sum ({why}) but has a tree in", show(land)), at));
                            }
                            in_lost.entry(land.clone()).or_insert((i, *line));
                        }
                        lost.insert((*star, mapped, lands.clone()));
                    }
                }
            }
        }
        let mut facts = tree_facts;
        // A win is written only for a land without a nimber (which says more).
        facts.extend(wins.into_iter().filter(|(l, _)| !nimbers.contains_key(l)).map(|(land, heap)| Fact::Win { land, heap }));
        facts.extend(nimbers.into_iter().map(|(land, (nimber, _))| Fact::Nimber { land, nimber }));
        facts.extend(land_trees.into_iter().map(|(land, (tree, _))| Fact::LandTree { land, tree }));
        facts.extend(lost.into_iter().map(|(star, trees, lands)| Fact::Lost { star, trees, lands }));
        facts.sort_unstable();
        Ok(Certificate {
            misere: first.misere,
            rules: first.rules,
            surface: first.surface,
            facts: facts.into_iter().map(|f| (0, f)).collect(),
        })
    }
}

/// The header of a SPOTS nimber database.
pub const SPOTS_HEADER: &str = "[Positions+Nimber]";

impl Certificate {
    /// Reads a SPOTS database (`[Positions+Nimber]`, then `POSITION
    /// NIMBER` lines, positions in its dialect `0*5|…`): nimber facts of
    /// normal play. A position of several lands says nothing about any one
    /// of them and is skipped; the second number counts those.
    pub fn parse_spots(text: &str) -> Result<(Certificate, usize), FormatError> {
        let bad = |line: usize, message: String| FormatError { line, message };
        let mut facts = Vec::new();
        let mut skipped = 0;
        let mut header = false;
        for (i, l) in text.lines().enumerate() {
            let (n, l) = (i + 1, l.trim());
            if l.is_empty() {
                continue;
            }
            if l == SPOTS_HEADER {
                header = true;
                continue;
            }
            if !header {
                return Err(bad(n, format!("not a SPOTS nimber database: it starts with `{SPOTS_HEADER}`")));
            }
            let (Some((pos, num)), true) = (l.split_once(' '), l.split(' ').count() == 2) else {
                return Err(bad(n, format!("expected `POSITION NIMBER`, found {l:?}")));
            };
            let nimber: u32 = num.parse().ok().filter(|&g| g < 256).ok_or_else(|| bad(n, format!("bad nimber {num:?}")))?;
            let p = crate::text::parse_spots(pos).map_err(|e| bad(n, format!("position {pos:?}: {e}")))?;
            let mut lands = Canon::quick(&p).lands();
            match (lands.pop(), lands.is_empty()) {
                (Some(land), true) => facts.push((n, Fact::Nimber { land, nimber })),
                _ => skipped += 1,
            }
        }
        if !header {
            return Err(bad(1, format!("empty: a SPOTS nimber database starts with `{SPOTS_HEADER}`")));
        }
        Ok((Certificate { misere: false, rules: Rules::Sprouts, surface: Surface::Plane, facts }, skipped))
    }

    /// A SPOTS database of the nimber facts among `facts` (its format has
    /// no place for the others).
    pub fn write_spots(facts: &[Fact]) -> String {
        let mut lines: Vec<String> = facts
            .iter()
            .filter_map(|f| match f {
                Fact::Nimber { land, nimber } => Some(format!("{} {nimber}", crate::text::SpotsDisplay(land))),
                _ => None,
            })
            .collect();
        lines.sort_unstable();
        let mut out = format!("{SPOTS_HEADER}\n");
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}

/// A misère fact: `T id options`, `M tree LAND` or `L star trees LAND…`,
/// its lands read by `parse_land`.
fn parse_misere(l: &str, parse_land: fn(&str) -> Result<Canon, String>) -> Result<Fact, String> {
    let w: Vec<&str> = l.split_whitespace().collect();
    let num = |x: &str| x.parse::<u32>().map_err(|_| format!("bad number {x:?}"));
    match w[..] {
        ["T", id, opts] => Ok(Fact::Tree { id: num(id)?, options: parse_ids(opts)? }),
        ["M", tree, land] => Ok(Fact::LandTree { tree: num(tree)?, land: parse_land(land)? }),
        ["L", star, trees, ref lands @ ..] => Ok(Fact::Lost {
            star: match star {
                "0" => false,
                "1" => true,
                _ => return Err(format!("bad parity {star:?} (0 or 1)")),
            },
            trees: parse_ids(trees)?,
            lands: lands.iter().map(|x| parse_land(x)).collect::<Result<_, _>>()?,
        }),
        _ => Err(format!("expected `T id options`, `M tree LAND` or `L parity trees LAND…`, found {l:?}")),
    }
}

/// The tokens of one land written as a GLOP canonical string (`0*2.}]!`),
/// which must print back the same and be a position.
pub fn parse_land(s: &str) -> Result<Canon, String> {
    let b = s.as_bytes();
    let mut t: Vec<u16> = Vec::with_capacity(b.len());
    let mut i = 0;
    let bad = |i: usize| format!("land {s:?}: unexpected text at offset {i}");
    // A number up to `close` starting at `i`: (value, index after it).
    let number = |i: usize, close: u8| -> Option<(u32, usize)> {
        let end = i + b[i..].iter().position(|&c| c == close)?;
        let k: u32 = std::str::from_utf8(&b[i..end]).ok()?.parse().ok()?;
        (1..=10_000).contains(&k).then_some((k, end + 1))
    };
    let mut ended = false;
    while i < b.len() {
        if ended {
            return Err(bad(i));
        }
        let c = b[i];
        i += 1;
        match c {
            b'0' if b.get(i) == Some(&b'*') => {
                let end = i + 1 + b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                let k: usize = std::str::from_utf8(&b[i + 1..end])
                    .ok()
                    .and_then(|x| x.parse().ok())
                    .filter(|k| (2..=10_000).contains(k))
                    .ok_or_else(|| bad(i))?;
                for _ in 1..k {
                    t.extend([T_ZERO, T_DOT]);
                }
                t.push(T_ZERO);
                i = end;
            }
            b'0' => t.push(T_ZERO),
            b'1' => t.push(T_ONE),
            b'2' => t.push(T_TWO),
            b'.' => t.push(T_DOT),
            b'}' => t.push(T_REGION),
            b']' => t.push(T_LAND),
            b'!' => ended = true,
            b'a'..=b'z' => t.push(T_LOWER + (c - b'a') as u16),
            b'A'..=b'Z' => t.push(T_UPPER + (c - b'A') as u16),
            b'(' | b'<' => {
                let (k, next) = number(i, if c == b'(' { b')' } else { b'>' }).ok_or_else(|| bad(i))?;
                t.push(if c == b'(' { T_LOWER } else { T_UPPER } + (k - 1) as u16);
                i = next;
            }
            _ => return Err(bad(i - 1)),
        }
    }
    if !ended || t.last() != Some(&T_LAND) || t.iter().filter(|&&x| x == T_LAND).count() != 1 {
        return Err(format!("land {s:?}: one land, ending in `]!`"));
    }
    let canon = Canon::from_tokens(t);
    if canon.to_string() != s {
        return Err(format!("land {s:?} is not written as the solver writes it ({canon})"));
    }
    parse_glop(s).map_err(|e| format!("land {s:?}: {e}"))?;
    Ok(canon)
}

/// One land of Sprouts on a surface, written as `sprouts solve --surface`
/// writes it (GLOP with `@g` before a region's `}`, `0*3.@1}]!`): read by
/// the surfaces' reader, refused if its moves would be too many to list,
/// and refused unless its canonical form writes back the same text (so
/// the checker's children, also canonical forms, meet it by its tokens).
pub fn parse_surface_land(s: &str) -> Result<Canon, String> {
    if !s.ends_with("]!") || s.matches(']').count() != 1 {
        return Err(format!("land {s:?}: one land, ending in `]!`"));
    }
    let p = crate::surfaces::parse_surface_glop(s).map_err(|e| format!("land {s:?}: {e}"))?;
    // Before the canonical form, whose search grows with the land.
    p.reduced().check_moves().map_err(|e| format!("land {s:?}: {e}"))?;
    let canon = crate::surfaces::canon_of(&p);
    let back = SurfaceDisplay(&canon).to_string();
    if back != s {
        return Err(format!("land {s:?} is not written as the solver writes it ({back})"));
    }
    Ok(canon)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn lands_read_back_as_written() {
        for n in 1..8 {
            let p = Position::start(n).unwrap();
            for c in p.children().into_iter().chain(std::iter::once(Canon::quick(&p))) {
                for land in c.lands() {
                    assert_eq!(parse_land(&land.to_string()).unwrap(), land);
                }
            }
        }
        assert!(parse_land("0*2.}]").is_err());
        assert!(parse_land("0.}]0.}]!").is_err());
        assert!(parse_land("a.}]!").is_err());
    }

    #[test]
    fn certificates_read_back() {
        let land = parse_land("0*2.}]!").unwrap();
        let mut facts = vec![
            Fact::Win { land: land.clone(), heap: 0 },
            Fact::Nimber { land, nimber: 0 },
        ];
        let text = Certificate::write(Convention::Normal, &mut facts);
        let c = Certificate::parse(&text).unwrap();
        assert_eq!(c.facts.iter().map(|f| f.1.clone()).collect::<Vec<_>>(), facts);
        let e = Certificate::parse(&text.replace("W 0", "X 0")).unwrap_err();
        assert!(e.line > 1, "{e}");
    }

    #[test]
    fn the_header_names_the_rules_and_old_headers_mean_plain_sprouts() {
        let land = parse_land("2222.}]!").unwrap();
        let mut facts = vec![Fact::Nimber { land, nimber: 1 }];
        let text = Certificate::write_rules(Convention::Normal, Rules::Brussels, &mut facts);
        assert!(text.starts_with("sprouts-certificate 1 normal rules=brussels\n"), "{text}");
        let c = Certificate::parse(&text).unwrap();
        assert_eq!((c.rules, c.facts.len()), (Rules::Brussels, 1));
        // Plain Sprouts is written without the field, and read without it.
        let plain = Certificate::write(Convention::Misere, &mut []);
        assert_eq!(plain, "sprouts-certificate 1 misere\n");
        assert_eq!(Certificate::parse(&plain).unwrap().rules, Rules::Sprouts);
        for bad in ["rules=chess", "surface=sphere", "surface=plane", "rules=weeds surface=torus", "colour=red", "rules"] {
            let e = Certificate::parse(&format!("sprouts-certificate 1 normal {bad}\n")).unwrap_err();
            assert_eq!(e.line, 1, "{e}");
        }
    }

    /// Each part's trees are renumbered into one arena: a tree with an
    /// earlier tree's options is that tree, lands' trees and lost sums
    /// follow, and a fact two parts share is kept once.
    #[test]
    fn merged_trees_are_renumbered_and_shared() {
        let a = Certificate::parse("sprouts-certificate 1 misere\nT 2 0\nT 3 0,2\nM 3 0*2.}]!\nL 0 2,3 0.}]!\n").unwrap();
        let b = Certificate::parse("sprouts-certificate 1 misere\nT 2 0,1\nT 3 0\nT 4 3\nM 4 0*3.}]!\nL 0 3,2 0.}]!\nL 0 2,3 0.}]!\n").unwrap();
        let m = Certificate::merge(&[a.clone(), b]).unwrap();
        let text = Certificate::write(Convention::Misere, &mut m.facts.into_iter().map(|f| f.1).collect::<Vec<_>>());
        // b's 3 is a's 2; b's 2 ({0, *1}) is new (4), b's 4 ({b's 3}) is {2}, new (5).
        assert_eq!(
            text,
            "sprouts-certificate 1 misere\nT 2 0\nT 3 0,2\nT 4 0,1\nT 5 2\nM 3 0*2.}]!\nM 5 0*3.}]!\nL 0 2,3 0.}]!\nL 0 2,4 0.}]!\n"
        );
        // A part merged with itself is itself.
        let m = Certificate::merge(&[a.clone(), a.clone()]).unwrap();
        assert_eq!(m.facts.iter().map(|f| &f.1).collect::<Vec<_>>(), a.facts.iter().map(|f| &f.1).collect::<Vec<_>>());
    }

    /// Parts that contradict each other, or are of other games, are
    /// refused by part and line, and by the line they contradict.
    #[test]
    fn merges_that_contradict_are_refused_by_line() {
        let parse = |t: &str| Certificate::parse(t).unwrap();
        let n0 = parse("sprouts-certificate 1 normal\nN 0 0*2.}]!\n");
        let n1 = parse("sprouts-certificate 1 normal\nW 0 0.}]!\nN 1 0*2.}]!\n");
        let e = Certificate::merge(&[n0.clone(), n1]).unwrap_err();
        assert_eq!((e.part, e.error.line, e.other), (1, 3, Some((0, 2))), "{e:?}");
        let mis = parse("sprouts-certificate 1 misere\n");
        assert_eq!(Certificate::merge(&[n0.clone(), mis]).unwrap_err().part, 1);
        let brussels = parse("sprouts-certificate 1 normal rules=brussels\n");
        assert_eq!(Certificate::merge(&[n0, brussels]).unwrap_err().part, 1);
        // A land with a tree in one part, a land in another's lost sum.
        let tree = parse("sprouts-certificate 1 misere\nT 2 0\nM 2 0*2.}]!\n");
        let land = parse("sprouts-certificate 1 misere\nL 0 - 0*2.}]! 0*2.}]!\n");
        let e = Certificate::merge(&[tree.clone(), land.clone()]).unwrap_err();
        assert_eq!((e.part, e.error.line, e.other), (1, 2, Some((0, 3))), "{e:?}");
        assert!(e.error.message.contains("different tree limits"), "{e:?}");
        let e = Certificate::merge(&[land, tree.clone()]).unwrap_err();
        assert_eq!((e.part, e.error.line, e.other), (1, 3, Some((0, 2))), "{e:?}");
        // On a surface the land is named with its genus, as written.
        let t0 = parse("sprouts-certificate 1 normal surface=torus\nN 1 0*3.@1}]!\n");
        let t1 = parse("sprouts-certificate 1 normal surface=torus\nN 0 0*3.@1}]!\n");
        let e = Certificate::merge(&[t0, t1]).unwrap_err();
        assert!(e.error.message.contains("the land 0*3.@1}]! has nimber 0"), "{e:?}");
        // Two trees for one land; trees out of order; an unknown tree.
        let other = parse("sprouts-certificate 1 misere\nM 1 0*2.}]!\n");
        assert_eq!(Certificate::merge(&[tree.clone(), other]).unwrap_err().other, Some((0, 3)));
        for bad in ["T 3 0\n", "T 2 2\n", "M 2 0*2.}]!\n", "L 1 7 0.}]!\n"] {
            let e = Certificate::merge(&[tree.clone(), parse(&format!("sprouts-certificate 1 misere\n{bad}"))]).unwrap_err();
            assert_eq!((e.part, e.error.line), (1, 2), "{bad}: {e:?}");
        }
    }

    /// A surface certificate names its surface, writes its lands with
    /// their genus, and reads them back to the same forms; lands the
    /// solver would not write so, or plane lands, are refused by line.
    #[test]
    fn surface_certificates_read_back() {
        use crate::surfaces::{canon_of, SurfacePosition};
        let start = canon_of(&SurfacePosition::start(3, -2).unwrap());
        let mut facts: Vec<Fact> = vec![Fact::Nimber { land: start.clone(), nimber: 1 }];
        for c in SurfacePosition::start(3, -2).unwrap().children() {
            for land in c.lands() {
                facts.push(Fact::Win { land, heap: 2 });
            }
        }
        facts.dedup();
        let text = Certificate::write_game(Convention::Normal, Rules::Sprouts, Surface::Klein, &mut facts);
        assert!(text.starts_with("sprouts-certificate 1 normal surface=klein\nN 1 0*3.@-2}]!\n") || text.contains("\nN 1 0*3.@-2}]!\n"), "{text}");
        assert!(text.contains("@-1}"), "a child with a one-sided cut: {text}");
        let c = Certificate::parse(&text).unwrap();
        assert_eq!(c.surface, Surface::Klein);
        assert_eq!(c.facts.iter().map(|f| f.1.clone()).collect::<Vec<_>>(), facts);
        // Not the solver's writing (the same land, boundaries in another
        // order), a plane land on a surface, a surface land on the plane.
        for (header, line) in [
            ("surface=torus", "N 0 1a1a.0.@1}]!"),
            ("surface=torus", "N 0 0*2.}]"),
            ("", "N 0 0*3.@1}]!"),
        ] {
            let e = Certificate::parse(&format!("sprouts-certificate 1 normal {header}\nN 1 0*3.@1}}]!\n{line}\n")).unwrap_err();
            assert_eq!(e.line, if header.is_empty() { 2 } else { 3 }, "{line}: {e}");
        }
    }
}
