//! Development tool: compares our band and `contains` with the reference cards.
//!
//! cargo run --release -p pencilmark --example compare_reference -- [MAX_BAND] [FILE] [--uses]
//!
//! MAX_BAND (default 4) routes up to that band even where the engine does not yet search every
//! technique below it; FILE defaults to the repository's data/fixtures/reference-cards-7band.jsonl
//! (the licence-filtered 197 cards; ../shared/data/reference-cards/classic-7band.jsonl has all 250). Prints one line per disagreement and a
//! summary per band. `--uses` also compares the uses counts of non-single techniques; `--steps`
//! counts the cards whose route (its steps other than singles: code, placement, eliminations) is
//! the reference's, and the steps before the first difference.

use pencilmark::{RateOptions, rate_str};
use serde_json::Value;

/// "CHIP" or "CHIP:uses" per contains entry.
fn chips(card: &Value, with_uses: bool) -> Vec<String> {
    card["contains"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    let chip = e["chip"].as_str().unwrap_or("?").to_string();
                    match e.get("uses") {
                        Some(u)
                            if with_uses
                                && !["HSI", "NSI", "FHS"].contains(&e["code"].as_str().unwrap_or("")) =>
                        {
                            format!("{chip}:{u}")
                        }
                        _ => chip,
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The route's steps other than singles, as comparable text.
fn route_moves(card: &Value) -> Vec<String> {
    card["steps"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|s| !["HSI", "NSI", "FHS"].contains(&s["code"].as_str().unwrap_or("")))
                .map(|s| {
                    let mut el: Vec<String> = s["eliminations"]
                        .as_array()
                        .map(|e| e.iter().map(|x| x.as_str().unwrap_or("").to_string()).collect())
                        .unwrap_or_default();
                    el.sort();
                    format!("{} {} {}", s["code"], s["placement"], el.join(","))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let with_uses = args.iter().any(|a| a == "--uses");
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let max_band: u8 = positional.first().map(|a| a.parse().expect("MAX_BAND")).unwrap_or(4);
    let file = positional
        .get(1)
        .map(|s| s.as_str())
        .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/fixtures/reference-cards-7band.jsonl"));
    let text = std::fs::read_to_string(file).expect("reference file");
    let with_steps = args.iter().any(|a| a == "--steps");
    let fields: &[&str] = if with_steps { &["band", "contains", "steps"] } else { &["band", "contains"] };
    let mut opts = RateOptions::with_fields(fields).unwrap();
    // (identical routes, cards, common steps, reference steps)
    let mut routes = (0usize, 0usize, 0usize, 0usize);
    opts.max_band_override = Some(max_band);
    // (agree, total) per reference band
    let mut per_band = [(0usize, 0usize); 7];
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let card = &v["card"];
        let band = card["band_index"].as_u64().unwrap() as usize;
        if band > max_band as usize {
            continue;
        }
        per_band[band].1 += 1;
        let reference = chips(card, with_uses);
        match rate_str(v["puzzle"].as_str().unwrap(), &opts) {
            Ok(c) => {
                let ours: Value = serde_json::from_str(&c.to_json()).unwrap();
                if with_steps {
                    let (a, b) = (route_moves(&ours), route_moves(card));
                    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
                    routes.0 += usize::from(a == b);
                    routes.1 += 1;
                    routes.2 += common;
                    routes.3 += b.len();
                    if a != b && std::env::var("PM_DIFF").is_ok() {
                        println!(
                            "{} route differs at move {}: ours {:?}, reference {:?}",
                            v["source"].as_str().unwrap(),
                            common + 1,
                            a.get(common),
                            b.get(common)
                        );
                    }
                }
                if ours["band"] == card["band"] && chips(&ours, with_uses) == reference {
                    per_band[band].0 += 1;
                } else {
                    println!(
                        "{}: ours {} {:?}, reference {} {:?}",
                        v["source"].as_str().unwrap(),
                        ours["band"],
                        chips(&ours, with_uses),
                        card["band"],
                        reference
                    );
                }
            }
            Err(e) => println!(
                "{}: error {e}; reference {} {:?}",
                v["source"].as_str().unwrap(),
                card["band"],
                reference
            ),
        }
    }
    let (mut agree, mut total) = (0, 0);
    for (b, (a, t)) in per_band.iter().enumerate() {
        if *t > 0 {
            println!("band {b}: {a}/{t}");
        }
        agree += a;
        total += t;
    }
    println!("all: {agree}/{total}");
    if with_steps {
        println!(
            "routes (steps other than singles): {}/{} identical, {}/{} steps before the first difference",
            routes.0, routes.1, routes.2, routes.3
        );
    }
}
