//! Development tool: replays the reference release's written routes and compares, at each step
//! with notes, its moves on offer with ours (and, with `PM_DIRECT=1`, our placements without notes
//! around its pick; `PM_DATA=1` prints them as JSON lines, with both price sets and the features;
//! `PM_NDATA=1` prints, per step with notes, our moves on offer with their price, first cell and
//! whether it is rc1's move; `PM_VERBOSE=K` lists our moves at its step K; `PM_OURS=1` prints
//! our whole written route beside rc1's).
//!
//! cargo run --release -p pencilmark --example replay_written -- ROUTES [D|T] [ID,ID,...]
//!
//! ROUTES: JSON lines of the reference's routes as `tools/rc1-oracle/dumproutes.py` writes them
//! (D: difficulty prices, T: the route prices); IDs pick puzzles by their source line.
use pencilmark::board::Geometry;
use pencilmark::model::{GraderModel, written};
use pencilmark::techniques::SearchContext;
use pencilmark::techniques::{Candidate, State};
use serde_json::Value;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = &args[0];
    let which = args.get(1).map(String::as_str).unwrap_or("D");
    let only: Option<Vec<String>> = args.get(2).map(|s| s.split(',').map(String::from).collect());
    let m = GraderModel::shipped();
    let set = if which == "D" { &m.price } else { &m.route };
    let text = std::fs::read_to_string(file).unwrap();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let src = v["src"].as_str().unwrap();
        let id = src.split(':').nth(1).unwrap().split(' ').next().unwrap();
        if only.as_ref().is_some_and(|o| !o.iter().any(|x| x == id)) {
            continue;
        }
        let p = pencilmark::format::read(v["puzzle"].as_str().unwrap()).unwrap();
        let geo = Geometry::<2>::new(p.board());
        let mut st = State::new(&geo, p.givens()).unwrap();
        if std::env::var("PM_TIME").is_ok() {
            // Time (T) or difficulty effort (D) from rc1's own route (its prices, candidates and
            // moves on offer) and from ours: is a difference the route or the formula?
            let beta = if which == "D" { m.score.beta } else { m.score.beta_time };
            let empty = st.open_cells(&geo).len() as usize;
            let value = |steps: &mut dyn Iterator<Item = (f64, usize, usize)>| -> f64 {
                steps
                    .map(|(d, c, n)| {
                        (beta * d.max(1e-3).ln()).exp() * written::density(&geo, c) / n.max(1) as f64
                    })
                    .sum()
            };
            let theirs = v["steps"].as_array().unwrap();
            let v_rc1 = value(&mut theirs.iter().map(|s| {
                (
                    s["d"].as_f64().unwrap_or(0.0),
                    s["n_cands"].as_u64().unwrap_or(0) as usize,
                    s["alts"].as_array().map_or(1, Vec::len),
                )
            }));
            let ours = written::route(&SearchContext::plain(&geo), &st, set, false).unwrap_or_default();
            let v_ours = value(&mut ours.iter().map(|s| (s.price, s.candidates, s.on_offer)));
            if std::env::var("PM_TIME").is_ok_and(|x| x == "steps") {
                for (k, o) in ours.iter().enumerate() {
                    let r = theirs.get(k);
                    println!(
                        "  {k:>3} ours {:>4} {:.3} c {:>3} offer {:>3} | rc1 {:<22} {:.3} c {:>3} offer {:>3}",
                        o.tech.map_or("note", |t| t.code()),
                        o.price,
                        o.candidates,
                        o.on_offer,
                        r.and_then(|s| s["tech"].as_str()).unwrap_or(""),
                        r.and_then(|s| s["d"].as_f64()).unwrap_or(0.0),
                        r.and_then(|s| s["n_cands"].as_u64()).unwrap_or(0),
                        r.and_then(|s| s["alts"].as_array()).map_or(0, Vec::len)
                    );
                }
            }
            if which == "D" {
                let solution = pencilmark::solve(&p, None).unwrap();
                let n = pencilmark::model::compute(&SearchContext::plain(&geo), p.board(), &st, &solution, m)
                    .unwrap();
                if std::env::var("PM_TIME").is_ok_and(|x| x == "refute") {
                    let pts = pencilmark::model::refute::profile(
                        &geo,
                        pencilmark::budget::Budget::UNLIMITED,
                        &st,
                        &solution,
                        400,
                    );
                    println!(
                        "{id} profile {:?}",
                        pts.iter().map(|p| (p.candidates, p.shortest, p.length)).collect::<Vec<_>>()
                    );
                }
                let l =
                    |v: f64| (v / empty.max(1) as f64).max(1e-9).ln() + m.score.refute_w * n.search_effort;
                println!(
                    "{id} search_effort {:.4} difficulty {:.3}; from rc1's route {:.3}",
                    n.search_effort,
                    n.difficulty,
                    pencilmark::model::difficulty_from_effort(m, l(v_rc1))
                );
            }
            let t = |v: f64| {
                pencilmark::model::time_units(m, v.max(1e-9).ln(), empty, (0.0, 0.0))
                    * m.time.minutes_per_unit
            };
            println!(
                "{id} steps rc1 {} ours {} value rc1 {v_rc1:.4} ours {v_ours:.4} time rc1-route {:.2} ours {:.2}",
                theirs.len(),
                ours.len(),
                t(v_rc1),
                t(v_ours)
            );
            continue;
        }
        if std::env::var("PM_OURS").is_ok() {
            // Our whole written route beside rc1's: step, technique and price.
            let ours = written::route(&SearchContext::plain(&geo), &st, set, false).unwrap_or_default();
            let theirs = v["steps"].as_array().unwrap();
            for k in 0..ours.len().max(theirs.len()) {
                let o = ours.get(k).map(|s| (s.tech.map_or("notes", |t| t.code()), s.price));
                let t =
                    theirs.get(k).map(|s| (s["tech"].as_str().unwrap_or(""), s["d"].as_f64().unwrap_or(0.0)));
                println!("{id} {k:>3} ours {o:?} rc1 {t:?}");
            }
            continue;
        }
        let mut last: Option<usize> = None;
        let mut last_digit: Option<u8> = None;
        let mut last_place: Option<usize> = None;
        for (k, s) in v["steps"].as_array().unwrap().iter().enumerate() {
            let tech = s["tech"].as_str().unwrap();
            let place: Vec<Candidate> = s["place"]
                .as_array()
                .map(|a| {
                    vec![Candidate {
                        cell: a[0].as_u64().unwrap() as usize,
                        digit: a[1].as_u64().unwrap() as u8,
                    }]
                })
                .unwrap_or_default();
            let elim: Vec<Candidate> = s["elim"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| Candidate {
                    cell: a[0].as_u64().unwrap() as usize,
                    digit: a[1].as_u64().unwrap() as u8,
                })
                .collect();
            let notes = s["mode"].as_str() == Some("notes") && tech != "TakeNotes";
            if notes && !tech.contains("Single") {
                let (moves, on_offer) = written::notes_offer(&SearchContext::plain(&geo), &st);
                let pick = written::pick_notes_move(&geo, &st, set, &moves, last);
                let mut ours: BTreeMap<String, usize> = BTreeMap::new();
                for (k, mv) in moves.iter().enumerate() {
                    if moves[..k].iter().any(|m| {
                        (m.tech == mv.tech || (xf(m.tech) && xf(mv.tech)))
                            && m.placements == mv.placements
                            && m.eliminations == mv.eliminations
                    }) {
                        continue;
                    }
                    *ours.entry(mv.tech.code().to_string()).or_default() += 1;
                }
                let mut theirs: BTreeMap<String, usize> = BTreeMap::new();
                for a in s["alts"].as_array().unwrap() {
                    *theirs.entry(a[0].as_str().unwrap().to_string()).or_default() += 1;
                }
                let same = moves.iter().position(|mv| {
                    let mut e = mv.eliminations.clone();
                    e.sort_by_key(|c| (c.cell, c.digit));
                    let mut pl = mv.placements.clone();
                    pl.truncate(1);
                    e == elim && pl == place
                });
                let (ptech, pd) =
                    pick.map(|(i, d, _)| (moves[i].tech.code().to_string(), d)).unwrap_or(("-".into(), 0.0));
                println!(
                    "{id} step {k} C {} | rc1 {tech} d={:.2} offer {} {:?} | ours {ptech} d={pd:.2} offer {on_offer} {:?} | rc1 move in ours: {}",
                    s["n_cands"],
                    s["d"].as_f64().unwrap(),
                    s["alts"].as_array().unwrap().len(),
                    theirs,
                    ours,
                    same.map(|i| format!(
                        "yes ({}, d={:.2})",
                        moves[i].tech.code(),
                        written::pick_notes_move(&geo, &st, set, &moves[i..=i], last)
                            .map(|x| x.1)
                            .unwrap_or(0.0)
                    ))
                    .unwrap_or("no".into())
                );
            }
            if s["mode"].as_str() == Some("direct")
                && std::env::var("PM_DIRECT").is_ok()
                && tech != "TakeNotes"
            {
                let found = pencilmark::price::features::direct_singles(&geo, &st);
                let pos = |c: usize| (c / 9, c % 9);
                let dist = |a: usize, b: usize| {
                    let (x, y) = (pos(a), pos(b));
                    x.0.abs_diff(y.0).max(x.1.abs_diff(y.1))
                };
                let mut rows: Vec<(f64, String)> = found
                    .iter()
                    .map(|f| {
                        let p = pencilmark::price::price(set, &f.feat);
                        let dd = last.map(|l| dist(l, f.cell)).unwrap_or(0);
                        let chosen = place.first().is_some_and(|c| c.cell == f.cell && c.digit == f.digit);
                        (
                            p * (set.locality * (1.0 + dd as f64).log2()).exp(),
                            format!(
                                "{}{} r{}c{}={} d={:.3} dist {}",
                                if chosen { "*" } else { " " },
                                f.tech.code(),
                                f.cell / 9 + 1,
                                f.cell % 9 + 1,
                                f.digit,
                                p,
                                dd
                            ),
                        )
                    })
                    .collect();
                rows.sort_by(|a, b| a.0.total_cmp(&b.0));
                println!(
                    "{id} direct step {k} rc1 {tech} d={:.3} last {:?}",
                    s["d"].as_f64().unwrap(),
                    last.map(pos)
                );
                for (key, r) in rows.iter().take(6) {
                    println!("      key {key:.3} {r}");
                }
            }
            if s["mode"].as_str() == Some("direct")
                && std::env::var("PM_DATA").is_ok()
                && tech != "TakeNotes"
                && !place.is_empty()
            {
                let found = pencilmark::price::features::direct_singles(&geo, &st);
                let rows: Vec<serde_json::Value> = found
                    .iter()
                    .map(|f| {
                        let p = pencilmark::price::price(set, &f.feat);
                        let other = if which == "D" { &m.route } else { &m.price };
                        let q = pencilmark::price::price(other, &f.feat);
                        let chosen = place[0].cell == f.cell && place[0].digit == f.digit;
                        serde_json::json!([
                            f.tech.code(),
                            f.cell,
                            f.digit,
                            p,
                            chosen,
                            q,
                            format!("{:?}", f.feat)
                        ])
                    })
                    .collect();
                let ours = written::pick_direct(&geo, &st, set, &found, last).map(|x| x.0);
                println!(
                    "{}",
                    serde_json::json!({"id": id, "k": k, "last": last, "lastd": last_digit, "rc1d": s["d"], "rc1meta": s["meta"], "c": rows, "ours": ours})
                );
            }
            if notes && std::env::var("PM_NDATA").is_ok() {
                let (moves, _) = written::notes_offer(&SearchContext::plain(&geo), &st);
                let rows: Vec<serde_json::Value> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, mv)| {
                        let mut e = mv.eliminations.clone();
                        e.sort_by_key(|c| (c.cell, c.digit));
                        let mut pl = mv.placements.clone();
                        pl.truncate(1);
                        let chosen = if place.is_empty() { e == elim } else { pl == place };
                        let picked = written::pick_notes_move(&geo, &st, set, &moves[i..=i], None);
                        let p = picked.as_ref().map(|x| x.1).unwrap_or(0.0);
                        let fx: Vec<f64> = match (&picked, chosen) {
                            (Some(x), true) => x.2.x.to_vec(),
                            _ => Vec::new(),
                        };
                        let first = mv.placements.first().or(mv.eliminations.first()).map(|c| c.cell);
                        let cells: Vec<usize> =
                            mv.placements.iter().chain(mv.eliminations.iter()).map(|c| c.cell).collect();
                        serde_json::json!([mv.tech.code(), first, p, chosen, cells, fx])
                    })
                    .collect();
                let ours = written::pick_notes_move(&geo, &st, set, &moves, last).map(|x| x.0);
                println!(
                    "{}",
                    serde_json::json!({"id": id, "k": k, "last": last, "lastp": last_place, "c": rows, "rc1tech": tech, "ours": ours, "rc1d": s["d"], "rc1meta": s["meta"]})
                );
            }
            if notes && std::env::var("PM_VERBOSE").is_ok_and(|x| x == k.to_string()) {
                let (moves, _) = written::notes_offer(&SearchContext::plain(&geo), &st);
                for mv in &moves {
                    let el: Vec<String> = mv
                        .eliminations
                        .iter()
                        .map(|c| format!("r{}c{}#{}", c.cell / 9 + 1, c.cell % 9 + 1, c.digit))
                        .collect();
                    println!("    {} {:?} cost {}", mv.tech.code(), el, mv.cost);
                }
                println!(
                    "    rc1 elim {:?}",
                    elim.iter()
                        .map(|c| format!("r{}c{}#{}", c.cell / 9 + 1, c.cell % 9 + 1, c.digit))
                        .collect::<Vec<_>>()
                );
            }
            if tech != "TakeNotes" {
                st.apply_step(&geo, &place, &elim);
                last = place.first().or(elim.first()).map(|c| c.cell).or(last);
                last_digit = place.first().map(|c| c.digit).or(last_digit);
                last_place = place.first().map(|c| c.cell).or(last_place);
            }
        }
    }
}

fn xf(t: pencilmark::techniques::Tech) -> bool {
    ["SKY", "KTE", "TUR", "XCL"].contains(&t.code())
}
