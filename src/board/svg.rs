//! The board as an SVG picture, drawn from the board's own geometry the
//! way the page draws it (www/board.js): curves smoothed through the
//! midpoints of their polylines, spots shaped and coloured by lives
//! (● 3, ■ 2, ▲ 1, a faded dot when dead; Okabe–Ito colours), numbers
//! beside them, and optionally a legend under the board.

use super::geom::Point;
use super::labels::{on_spots, place_labels};
use super::model::Board;
use super::tidy::Idle;
use super::trace::TraceError;
use crate::variants::pq::PqRules;
use crate::topology::{Canon, Position};
use std::fmt::Write;

/// What the picture shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvgOptions {
    /// A key to the spot shapes under the board.
    pub legend: bool,
    /// Spot numbers beside the spots.
    pub labels: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            legend: false,
            labels: true,
        }
    }
}

/// A curve between two idle spots (no move left there): lighter, as on
/// the page.
const IDLE_CURVE: &str = r##" class="idle" stroke="#b8b8b8""##;
/// A spot with lives where no move is left: half transparent.
const IDLE_SPOT: &str = r#" opacity="0.5""#;

/// The page's colours by lives (0 to 3).
const LIFE_COLOUR: [&str; 4] = ["#8a8a8a", "#cc79a7", "#e69f00", "#0072b2"];
const NAMES: [&str; 4] = ["dead", "1 life", "2 lives", "3 lives"];
/// Spot radius and margins, in board units (the page's CSS pixels at scale 1).
const R: f64 = 7.0;
const MARGIN: f64 = 16.0;
const LEGEND_HEIGHT: f64 = 28.0;

/// An SVG document of `board` showing `position` (the position it traces
/// to: it gives every spot's lives and the title). The view box fits the
/// board's extent with a margin. Every spot with lives gets one element
/// with class `spot` and a `data-lives` attribute; dead spots have class
/// `dead`.
pub fn svg(board: &Board, position: &Position, opts: &SvgOptions) -> String {
    let title = Canon::of_within(position, crate::limits::CANON_STEPS).0.to_string();
    let idle = Idle::of(position, board.spot_count());
    let lives_of = |n: u32| if (n as usize) <= position.spot_count() { position.lives(n) } else { board.lives(n) };
    picture(board, &title, &idle, &lives_of, opts)
}

/// An SVG document of a (p, q) Sprouts board (a spot of more than three
/// lives is drawn as a spot of three, its `data-lives` the real count;
/// the title is the position's (p, q) canonical form).
pub fn svg_pq(board: &Board, rules: PqRules, opts: &SvgOptions) -> Result<String, TraceError> {
    let pos = board.pq_position()?;
    let title = pos.canon(rules).to_string();
    // Idle: no move can reach it (no region round it with q lives).
    let mut idle = vec![true; board.spot_count()];
    for region in pos.regions() {
        let mut spots: Vec<u32> = region.iter().flatten().copied().collect();
        crate::sort::sort(&mut spots);
        spots.dedup();
        if spots.iter().map(|&s| pos.lives()[s as usize] as u32).sum::<u32>() >= rules.q() as u32 {
            for s in spots {
                idle[s as usize] = false;
            }
        }
    }
    Ok(picture(board, &title, &Idle::from_flags(idle), &|n| board.lives(n), opts))
}

fn picture(board: &Board, title: &str, idle: &Idle, lives_of: &dyn Fn(u32) -> u8, opts: &SvgOptions) -> String {
    let ext = board.extent();
    let (x0, y0) = (ext.min.x - MARGIN, ext.min.y - MARGIN);
    let w = ext.max.x - ext.min.x + 2.0 * MARGIN;
    let h = ext.max.y - ext.min.y + 2.0 * MARGIN + if opts.legend { LEGEND_HEIGHT } else { 0.0 };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}" font-family="system-ui, sans-serif">"#,
        num(x0),
        num(y0),
        num(w),
        num(h),
        num(w),
        num(h)
    );
    let _ = write!(
        s,
        "<title>{}</title>",
        escape(title)
    );
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#fffdf8"/>"##,
        num(x0),
        num(y0),
        num(w),
        num(h)
    );
    // Curves and spots where no move is left are drawn faded (class
    // `idle`), so the eye goes to the live parts.
    s.push_str(r##"<g fill="none" stroke="#3b3b3b" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">"##);
    for e in board.edges() {
        let faded = if idle.edge(e) { IDLE_CURVE } else { "" };
        let _ = write!(s, r#"<path{faded} d="{}"/>"#, path(&e.points));
    }
    s.push_str("</g>");
    for (i, &p) in board.spots().iter().enumerate() {
        let n = i as u32 + 1;
        let lives = lives_of(n);
        let faded = if idle.spot(n) && lives > 0 { IDLE_SPOT } else { "" };
        spot(&mut s, p, lives, &format!(r#" data-spot="{n}"{faded}"#));
    }
    // The numbers go where the page puts them (`place_labels`, one board
    // unit per pixel), on a halo of paper so that they read over lines.
    if opts.labels {
        let labels = place_labels(board, 1.0, MARGIN);
        let on = on_spots(board, &labels);
        for (i, l) in labels.iter().enumerate() {
            let n = i as u32 + 1;
            let fill = if lives_of(n) == 0 || idle.spot(n) { "#6a6a6a" } else { "#1a1a1a" };
            // A number on its spot (as on the page): bold, a thin halo.
            let (weight, halo) = if on[i] { (r#" font-weight="700""#, 2) } else { ("", 3) };
            let _ = write!(
                s,
                r##"<text data-label="{n}" x="{}" y="{}" font-size="{}"{weight} text-anchor="middle" dominant-baseline="central" fill="{fill}" stroke="#fffdf8" stroke-width="{halo}" paint-order="stroke">{n}</text>"##,
                num(l.x),
                num(l.y),
                num(l.font)
            );
        }
    }
    if opts.legend {
        let y = ext.max.y + MARGIN + LEGEND_HEIGHT / 2.0;
        for lives in (0..4u8).rev() {
            let x = x0 + MARGIN + (3 - lives) as f64 * 80.0;
            spot(&mut s, Point::new(x, y), lives, r#" data-legend="1""#);
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="12" fill="#1a1a1a">{}</text>"##,
                num(x + 12.0),
                num(y + 4.0),
                NAMES[lives as usize]
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// One spot's mark; `extra` adds attributes.
/// A spot of `lives` (drawn as 3 when more: (p, q) Sprouts).
fn spot(s: &mut String, p: Point, lives: u8, extra: &str) {
    let c = LIFE_COLOUR[lives.min(3) as usize];
    let class = if lives == 0 { "dead" } else { "spot" };
    let look = if lives == 0 {
        format!(r#"fill="{c}""#)
    } else {
        format!(r##"fill="{c}" stroke="#1a1a1a" stroke-width="1.5""##)
    };
    let attrs = format!(r#"class="{class}" data-lives="{lives}"{extra} {look}"#);
    let (x, y) = (p.x, p.y);
    let _ = match lives {
        3.. => write!(
            s,
            r#"<circle {attrs} cx="{}" cy="{}" r="{}"/>"#,
            num(x),
            num(y),
            num(R)
        ),
        2 => write!(
            s,
            r#"<rect {attrs} x="{}" y="{}" width="{}" height="{}"/>"#,
            num(x - R * 0.88),
            num(y - R * 0.88),
            num(R * 1.76),
            num(R * 1.76)
        ),
        1 => write!(
            s,
            r#"<polygon {attrs} points="{},{} {},{} {},{}"/>"#,
            num(x),
            num(y - R * 1.15),
            num(x + R * 1.05),
            num(y + R * 0.7),
            num(x - R * 1.05),
            num(y + R * 0.7)
        ),
        _ => write!(
            s,
            r#"<circle {attrs} cx="{}" cy="{}" r="{}"/>"#,
            num(x),
            num(y),
            num(R * 0.55)
        ),
    };
}

/// The page's curve: straight for two points, else quadratic pieces
/// through the midpoints of the polyline.
fn path(p: &[Point]) -> String {
    let mut d = String::new();
    let Some(first) = p.first() else { return d };
    let _ = write!(d, "M{} {}", num(first.x), num(first.y));
    let n = p.len();
    if n < 3 {
        for q in &p[1..] {
            let _ = write!(d, "L{} {}", num(q.x), num(q.y));
        }
        return d;
    }
    for i in 1..n - 1 {
        let m = p[i].lerp(p[i + 1], 0.5);
        let _ = write!(
            d,
            "Q{} {} {} {}",
            num(p[i].x),
            num(p[i].y),
            num(m.x),
            num(m.y)
        );
    }
    let _ = write!(d, "L{} {}", num(p[n - 1].x), num(p[n - 1].y));
    d
}

/// A coordinate with two decimals, no trailing zeros. Written with integers:
/// `format!("{:.2}")` wrote the same, but its exact mode (Grisu, Dragon,
/// about 7 kB) linked for this alone; exact decimals of the binary value
/// would cost 350 B here (docs/release.md, "session 30"). One difference:
/// where x · 100 is a half in f64 (0.125, 0.015) this rounds away from
/// zero, the formatting to the even hundredth of the exact binary value.
fn num(x: f64) -> String {
    // Finite coordinates only; `as` saturates, and a NaN would be 0.
    let c = (x * 100.0).round() as i64;
    let (int, frac) = (c.unsigned_abs() / 100, c.unsigned_abs() % 100);
    let sign = if c < 0 { "-" } else { "" };
    match frac {
        0 => format!("{sign}{int}"),
        f if f % 10 == 0 => format!("{sign}{int}.{}", f / 10),
        f => format!("{sign}{int}.{f:02}"),
    }
}

/// Text as XML character data or an attribute value.
fn escape(t: &str) -> String {
    let mut o = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::num;

    /// The writing `num` replaced, through core's float formatting.
    fn formatted(x: f64) -> String {
        let s = format!("{:.2}", x);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s == "-0" { "0".to_string() } else { s.to_string() }
    }

    #[test]
    fn num_writes_what_the_float_formatting_wrote() {
        // Equal, except where x · 100 is a half in f64: then rounded away
        // from zero (f64's rounding is monotonic, so nowhere else).
        let check = |x: f64| {
            let t = x * 100.0;
            if t.fract().abs() == 0.5 {
                assert_eq!(num(x), formatted((t + 0.5 * t.signum()) / 100.0), "{x}");
            } else {
                assert_eq!(num(x), formatted(x), "{x}");
            }
        };
        let mut seed = 29u64;
        for i in 0..200_000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let x = ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 4000.0;
            check(match i % 4 {
                0 => (x * 100.0).round() / 100.0,
                1 => (x * 10.0).round() / 10.0,
                2 => ((x * 100.0).trunc() + 0.5) / 100.0,
                _ => x,
            });
        }
        for x in [0.125, 0.375, -0.625, 1.125, 0.0025, 0.005, 0.015, 0.0075, 2.675, 1e-300, 123456789.125, 1e12 + 0.5] {
            check(x);
        }
        for (x, w) in [(0.0, "0"), (-0.0, "0"), (-0.001, "0"), (-0.5, "-0.5"), (12.0, "12"), (1.23456, "1.23"), (-2.005001, "-2.01"), (0.1, "0.1"), (100.07, "100.07"), (0.125, "0.13"), (-0.015, "-0.02")] {
            assert_eq!(num(x), w, "{x}");
        }
    }
}
