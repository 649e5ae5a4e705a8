//! Development tool: our SE way against Sudoku Explainer's ratings, one line per puzzle.
//!
//! cargo run --release -p pencilmark --example se_compare -- classic-se-rated.tsv STEP [LO HI]
use pencilmark::board::{Board, Geometry};
use pencilmark::card::se;
use pencilmark::techniques::{SearchContext, State};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("tsv");
    let step: usize = args[2].parse().unwrap();
    let lo: f64 = args.get(3).map_or(0.0, |s| s.parse().unwrap());
    let hi: f64 = args.get(4).map_or(99.0, |s| s.parse().unwrap());
    let board = Board::classic(9, 3, 3).unwrap();
    let geo: Geometry<2> = Geometry::new(&board);
    let cx = SearchContext::plain(&geo).building_patterns();
    for line in text.lines().skip(1).step_by(step) {
        let f: Vec<&str> = line.split('\t').collect();
        let (a, b): (f64, f64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        if a < lo || a > hi {
            continue;
        }
        let givens: Vec<u8> = f[0].bytes().map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 }).collect();
        let st = State::new(&geo, &givens).unwrap();
        let Some(path) = se::se_path(&cx, &board, &st) else { continue };
        let r = se::ratings(&board, true, &path).unwrap();
        let sol = pencilmark::solve::Solver::new(&board).unwrap().count(&givens, 2).solution.unwrap();
        for (s, _) in &path {
            for e in &s.eliminations {
                assert!(sol[e.cell] != e.digit, "{} wrong elimination in {}", s.tech.info().code, f[0]);
            }
            for p in &s.placements {
                assert!(sol[p.cell] == p.digit, "{} wrong placement in {}", s.tech.info().code, f[0]);
            }
        }
        let ok = r.er >= a - 0.301 && r.er <= b + 0.301;
        let hard: Vec<String> = path
            .iter()
            .filter(|(_, v)| *v > 3.8)
            .map(|(s, v)| format!("{}:{v}", s.tech.info().code))
            .collect();
        println!("{}\t{a}\t{}\t{}\t{}", if ok { "ok" } else { "MISS" }, r.er, hard.join(" "), f[0]);
    }
}
