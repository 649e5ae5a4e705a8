//! Development tool: the band route of one puzzle with some techniques banned.
//!
//! cargo run --release -p pencilmark --example banned_route -- PUZZLE [CODE,CODE,...] [MAX_BAND]
//!
//! Prints each step's notation. With `AT=K` in the environment, also the position before step K
//! (as the unit tests write positions: "=d" placed, else the candidates) and every move of band
//! Hard or above on offer there, with its cost. The shrink and the alternatives of `contains` run
//! such routes; `tools/rc1-oracle/trace7.py` shows the reference's.
use pencilmark::format::read_classic;
use pencilmark::route::band_path;
use pencilmark::solve::AnyGeometry;
use pencilmark::techniques::{SearchContext, State, Tech};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let p = read_classic(&args[0]).unwrap();
    let banned: Vec<Tech> = args
        .get(1)
        .map(|s| s.split(',').filter(|c| !c.is_empty()).map(|c| Tech::from_code(c).expect("code")).collect())
        .unwrap_or_default();
    let max_band: u8 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(4);
    let geometry = AnyGeometry::new(p.board()).unwrap();
    pencilmark::on_geometry!(&geometry, geo => {
        let st = State::new(geo, p.givens()).unwrap();
        let path = band_path(&pencilmark::route::RouteContext::plain(geo), &st, &banned, max_band);
        let show: Option<usize> = std::env::var("AT").ok().map(|v| v.parse().unwrap());
        let mut at = st.clone();
        let notes = pencilmark::card::notation::route_notations(p.board(), p.givens(), &path.steps, pencilmark::budget::Budget::UNLIMITED);
        for (i, s) in path.steps.iter().enumerate() {
            if show == Some(i + 1) {
                let cells: Vec<String> = (0..at.values.len())
                    .map(|c| match at.values[c] {
                        0 => (1..=9u8).filter(|&d| at.cell_mask(geo, c) >> (d - 1) & 1 == 1).map(|d| d.to_string()).collect(),
                        v => format!("={v}"),
                    })
                    .collect();
                println!("  position {}", cells.join(" "));
                let route_prices = &pencilmark::price::GraderModel::shipped().route;
                for ds in pencilmark::price::features::direct_singles(geo, &at.placed_view(geo)) {
                    let d = pencilmark::price::price(route_prices, &ds.feat);
                    println!("  direct {} r{}c{}={} price {:.4} {:?} {:?}", ds.tech.code(), ds.cell / 9 + 1, ds.cell % 9 + 1, ds.digit, d, ds.feat.x, ds.feat.cover);
                }
                // MINBAND=b lists moves of band b and above (default Hard).
                let min_band: u8 = std::env::var("MINBAND").ok().map_or(3, |v| v.parse().unwrap());
                let pos = pencilmark::price::features::notes_position(geo, &at);
                let mut offer = pencilmark::techniques::all_moves(&SearchContext::plain(geo), &at, max_band);
                pencilmark::price::band_order::price_moves(geo, route_prices, &at, &mut offer);
                for m in offer {
                    if m.tech.band() >= min_band {
                        let step = pencilmark::route::Step::from(m.clone());
                        let patterned = SearchContext::plain(geo).building_patterns();
                        let text = pencilmark::card::notation::step_notation(p.board(), &patterned, &at, &step);
                        let d = pencilmark::price::features::notes_readings(geo, &at, &pos, &m)
                            .iter()
                            .map(|f| pencilmark::price::price(route_prices, f))
                            .fold(f64::INFINITY, f64::min);
                        println!("  offer {} cost {} price {:.4} {}", m.tech.code(), m.cost, d, text);
                    }
                }
            }
            println!("{} {}", i + 1, notes[i]);
            at.apply_step(geo, &s.placements, &s.eliminations);
        }
        println!("solved {} band {:?} stop {:?}", path.solved, path.band(), path.stop);
    });
}
