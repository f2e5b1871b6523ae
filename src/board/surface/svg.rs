//! The surface board as an SVG picture (the page and `sprouts draw --surface`).

use super::{Side, SurfaceBoard, SIDES};
use crate::board::geom::Point;
use crate::topology::Spot;

impl SurfaceBoard {
    /// The board as an SVG picture: the square with its glued sides marked
    /// by arrows as on paper (one arrowhead for the left/right pair, two for
    /// top/bottom; partners point the same way when glued straight,
    /// opposite ways when glued with a flip), the lines, and the spots with
    /// their numbers. `margin` is the room left around the square, where a
    /// stroke may go before it comes back through the partner side.
    pub fn svg(&self, margin: f64) -> String {
        let s = self.size;
        let m = margin.max(0.0);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"surface-board\" viewBox=\"{} {} {} {}\" data-surface=\"{}\">",
            -m,
            -m,
            s + 2.0 * m,
            s + 2.0 * m,
            self.surface
        );
        out.push_str(&format!("<rect class=\"square\" x=\"0\" y=\"0\" width=\"{s}\" height=\"{s}\" fill=\"#fffdf6\" stroke=\"none\"/>"));
        let w = s * 0.006;
        // Side, its ends in the direction of its arrow, colour, arrowheads.
        let arrows = |side: Side| -> (Point, Point, &'static str, usize) {
            let (a, b) = match side {
                Side::Left => (Point::new(0.0, 0.0), Point::new(0.0, s)),
                Side::Top => (Point::new(0.0, 0.0), Point::new(s, 0.0)),
                Side::Right if self.flipped(side) => (Point::new(s, s), Point::new(s, 0.0)),
                Side::Right => (Point::new(s, 0.0), Point::new(s, s)),
                Side::Bottom if self.flipped(side) => (Point::new(s, s), Point::new(0.0, s)),
                Side::Bottom => (Point::new(0.0, s), Point::new(s, s)),
            };
            match side {
                Side::Left | Side::Right => (a, b, "#c0392b", 1),
                _ => (a, b, "#2e6fba", 2),
            }
        };
        for side in SIDES {
            let (a, b, colour, heads) = arrows(side);
            out.push_str(&format!(
                "<line class=\"side side-{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"{}\"/>",
                format!("{side:?}").to_lowercase(),
                a.x,
                a.y,
                b.x,
                b.y,
                2.0 * w
            ));
            let d = b.minus(a).scale(1.0 / s);
            let n = Point::new(-d.y, d.x);
            let h = s * 0.035;
            for k in 0..heads {
                let tip = a.lerp(b, 0.5).plus(d.scale(h * (0.5 + k as f64 * 0.9 - 0.45 * (heads - 1) as f64)));
                let l = tip.minus(d.scale(h)).plus(n.scale(h * 0.6));
                let r = tip.minus(d.scale(h)).minus(n.scale(h * 0.6));
                out.push_str(&format!(
                    "<polyline class=\"arrow\" points=\"{:.2},{:.2} {:.2},{:.2} {:.2},{:.2}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                    l.x, l.y, tip.x, tip.y, r.x, r.y, 1.5 * w
                ));
            }
        }
        for (i, e) in self.edges.iter().enumerate() {
            for p in &e.pieces {
                let pts: Vec<String> = p.iter().map(|q| format!("{:.2},{:.2}", q.x, q.y)).collect();
                out.push_str(&format!(
                    "<polyline class=\"edge\" data-edge=\"{}\" points=\"{}\" fill=\"none\" stroke=\"#222\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                    i,
                    pts.join(" "),
                    1.5 * w
                ));
            }
        }
        let r = s * 0.018;
        for (i, p) in self.spots.iter().enumerate() {
            let spot = i as Spot + 1;
            let lives = self.lives(spot);
            let fill = if lives == 0 { "#999" } else { "#222" };
            out.push_str(&format!(
                "<circle class=\"spot\" data-spot=\"{spot}\" data-lives=\"{lives}\" cx=\"{:.2}\" cy=\"{:.2}\" r=\"{r:.2}\" fill=\"{fill}\"/>",
                p.x, p.y
            ));
            // Large, with a halo of the square's colour, so that a number
            // reads on a phone (the square is drawn about 360 px wide there)
            // and over a line passing behind it.
            out.push_str(&format!(
                "<text class=\"spot-label\" x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.1}\" font-family=\"sans-serif\" font-weight=\"bold\" fill=\"#333\" stroke=\"#fffdf6\" stroke-width=\"{:.1}\" paint-order=\"stroke\" stroke-linejoin=\"round\">{spot}</text>",
                p.x + 1.2 * r,
                p.y - 1.2 * r,
                3.2 * r,
                0.9 * r
            ));
        }
        out.push_str("</svg>");
        out
    }
}
