use sprouts::board::Board;
use sprouts::text::parse_position;
use std::time::Instant;
fn main() {
    for s in std::env::args().skip(1) {
        let p = parse_position(&s).unwrap();
        let t = Instant::now();
        let r = Board::layout(&p, 800.0, 600.0);
        match r {
            Ok((_, b)) => println!(
                "{s}: {} spots {} edges {:.1} ms",
                b.spot_count(),
                b.edges().len(),
                t.elapsed().as_secs_f64() * 1e3
            ),
            Err(e) => println!("{s}: {e}"),
        }
    }
}
