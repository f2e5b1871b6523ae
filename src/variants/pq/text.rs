//! Reading the text of a (p, q) position, as [`super::PqCanon`] writes
//! it: per land, each region's boundaries (a spot is its lives, one
//! digit, followed by a letter `A`–`Z`, `a`–`z` or `#k;` when it appears
//! more than once in its land; a boundary ends with `.`), `}` after a
//! region, `]` after a land, `!` at the end. Letters name spots within
//! one land only. Any writing is read, not only the canonical one, so a
//! hand-written position works too; what no position can be is refused
//! with the offset of the fault.

use super::{PqPos, PqRules, PqSpot};

/// The position a text writes, checked against the rules: lives at most
/// p, a repeated spot the same lives at each corner and no more corners
/// than lines (a spot of degree d has max(d, 1) corners), a point with
/// no line alone on its boundary, no empty boundary or region.
pub fn parse(text: &str, rules: PqRules) -> Result<PqPos, String> {
    let p = rules.p();
    let bytes = text.trim().as_bytes();
    let at = |i: usize, why: String| format!("(p, q) position, offset {i}: {why}");
    let mut lives: Vec<u8> = Vec::new();
    let mut corners: Vec<u32> = Vec::new();
    // Spot of each letter in the current land.
    let mut named: Vec<(u32, PqSpot)> = Vec::new();
    let mut regions: Vec<Vec<Vec<PqSpot>>> = Vec::new();
    let (mut region, mut boundary): (Vec<Vec<PqSpot>>, Vec<PqSpot>) = (Vec::new(), Vec::new());
    let mut land_regions = 0usize;
    let mut i = 0;
    let mut ended = false;
    while i < bytes.len() {
        if ended {
            return Err(at(i, "text after the closing `!`".into()));
        }
        let c = bytes[i];
        match c {
            b'0'..=b'9' => {
                let start = i;
                let l = c - b'0';
                if l > p {
                    return Err(at(i, format!("{l} lives: a point has at most p = {p} under {rules}")));
                }
                i += 1;
                let letter = match bytes.get(i) {
                    Some(&b) if b.is_ascii_uppercase() => {
                        i += 1;
                        Some((b - b'A') as u32)
                    }
                    Some(&b) if b.is_ascii_lowercase() => {
                        i += 1;
                        Some((b - b'a') as u32 + 26)
                    }
                    Some(b'#') => {
                        let end = bytes[i..].iter().position(|&b| b == b';').map(|k| i + k);
                        let k = end
                            .and_then(|e| std::str::from_utf8(&bytes[i + 1..e]).ok())
                            .and_then(|s| s.parse::<u32>().ok())
                            .ok_or_else(|| at(i, "expected `#k;` (a spot's number) after a digit".into()))?;
                        i = end.map_or(i, |e| e + 1);
                        Some(k)
                    }
                    _ => None,
                };
                let spot = match letter.and_then(|k| named.iter().find(|n| n.0 == k)) {
                    Some(&(_, s)) => {
                        if lives[s as usize] != l {
                            return Err(at(
                                start,
                                format!("a named spot has {} lives elsewhere and {l} here", lives[s as usize]),
                            ));
                        }
                        s
                    }
                    None => {
                        let s = lives.len() as PqSpot;
                        lives.push(l);
                        corners.push(0);
                        if let Some(k) = letter {
                            named.push((k, s));
                        }
                        s
                    }
                };
                corners[spot as usize] += 1;
                let degree = (p - l) as u32;
                if corners[spot as usize] > degree.max(1) {
                    return Err(at(
                        start,
                        format!(
                            "a spot with {l} lives has degree {degree} under {rules}: at most {} corners",
                            degree.max(1)
                        ),
                    ));
                }
                boundary.push(spot);
            }
            b'.' => {
                if boundary.is_empty() {
                    return Err(at(i, "an empty boundary (`.` with no spot before it)".into()));
                }
                if boundary.len() > 1 {
                    if boundary.iter().any(|&s| lives[s as usize] == p) {
                        return Err(at(
                            i,
                            format!("a point with {p} lives has no line, so it is alone on its boundary"),
                        ));
                    }
                }
                region.push(std::mem::take(&mut boundary));
                i += 1;
            }
            b'}' => {
                if !boundary.is_empty() {
                    return Err(at(i, "a boundary not closed by `.`".into()));
                }
                if region.is_empty() {
                    return Err(at(i, "an empty region (`}` with no boundary before it)".into()));
                }
                regions.push(std::mem::take(&mut region));
                land_regions += 1;
                i += 1;
            }
            b']' => {
                if !boundary.is_empty() || !region.is_empty() {
                    return Err(at(i, "a region not closed by `}`".into()));
                }
                if land_regions == 0 {
                    return Err(at(i, "an empty land (`]` with no region before it)".into()));
                }
                land_regions = 0;
                named.clear();
                i += 1;
            }
            b'!' => {
                if !boundary.is_empty() || !region.is_empty() || land_regions > 0 {
                    return Err(at(i, "a land not closed by `]`".into()));
                }
                ended = true;
                i += 1;
            }
            _ => {
                let ch = text.trim()[i..].chars().next().unwrap_or('?');
                return Err(at(i, format!("unexpected {ch:?} (digits, letters, `.`, `}}`, `]`, `!`)")));
            }
        }
    }
    if !ended {
        return Err(at(bytes.len(), "expected `!` at the end (a position with no move left is `!`)".into()));
    }
    Ok(PqPos::from_parts(lives, regions))
}
