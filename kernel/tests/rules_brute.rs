//! The rule layer against brute force: for every family, hundreds of small random puzzles (4x4
//! and 6x6) whose solver count must equal the number of house-valid fillings of the givens that
//! every rule's `satisfied` accepts.

use pencilmark::format::{Puzzle, read};
use pencilmark::rules::{Digits, Layout, satisfied};
use pencilmark::solve::count;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A solved grid of size d (box h x w) shuffled by a digit permutation.
fn random_grid(rng: &mut StdRng, d: usize, h: usize, w: usize) -> Vec<u8> {
    let mut perm: Vec<u8> = (1..=d as u8).collect();
    for i in (1..d).rev() {
        perm.swap(i, rng.random_range(0..=i));
    }
    // The pattern grid: (r*w + r/h + c) mod d, a valid sudoku for boxes h x w.
    let shift = rng.random_range(0..d);
    (0..d * d)
        .map(|i| {
            let (r, c) = (i / d, i % d);
            perm[(r * w + r / h + c + shift) % d]
        })
        .collect()
}

fn name(i: usize, d: usize) -> String {
    format!("\"r{}c{}\"", i / d + 1, i % d + 1)
}

fn names(cells: &[usize], d: usize) -> String {
    cells.iter().map(|&c| name(c, d)).collect::<Vec<_>>().join(",")
}

/// A random orthogonal path of `len` distinct cells (shorter when it gets stuck).
fn path(rng: &mut StdRng, d: usize, len: usize) -> Vec<usize> {
    let mut out = vec![rng.random_range(0..d * d)];
    while out.len() < len {
        let c = *out.last().unwrap();
        let (r, k) = ((c / d) as isize, (c % d) as isize);
        let steps: Vec<usize> = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|(dr, dc)| (r + dr, k + dc))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < d as isize && b < d as isize)
            .map(|(a, b)| a as usize * d + b as usize)
            .filter(|x| !out.contains(x))
            .collect();
        if steps.is_empty() {
            break;
        }
        out.push(steps[rng.random_range(0..steps.len())]);
    }
    out
}

/// One random rule of a family, its parameters often read off `grid` so that counts vary.
fn random_rule(rng: &mut StdRng, family: &str, d: usize, grid: &[u8]) -> String {
    let sum_of = |cs: &[usize]| cs.iter().map(|&c| u32::from(grid[c])).sum::<u32>();
    match family {
        "cage" => {
            let len = rng.random_range(1..=4);
            let cs = path(rng, d, len);
            let s = if rng.random_bool(0.8) { sum_of(&cs) } else { rng.random_range(1..=20) };
            if rng.random_bool(0.15) {
                format!("{{\"type\":\"cage\",\"cells\":[{}]}}", names(&cs, d))
            } else {
                format!("{{\"type\":\"cage\",\"cells\":[{}],\"sum\":{s}}}", names(&cs, d))
            }
        }
        "lines" => {
            let kinds = pencilmark::format::LINE_KINDS;
            let kind = kinds[rng.random_range(0..kinds.len())];
            let len = rng.random_range(2..=5);
            let cs = path(rng, d, len);
            let extra = match kind {
                "whisper" => format!(",\"value\":{}", rng.random_range(1..=d / 2)),
                "lockout" => format!(",\"value\":{}", rng.random_range(1..=d / 2)),
                "modular" => ",\"value\":3".to_string(),
                "entropic" if d == 6 => ",\"groups\":[[1,2],[3,4],[5,6]]".to_string(),
                "entropic" => return random_rule(rng, family, d, grid),
                _ => String::new(),
            };
            let closed = if matches!(kind, "whisper" | "parity" | "renban") && rng.random_bool(0.3) {
                ",\"closed\":true"
            } else {
                ""
            };
            format!("{{\"type\":\"line\",\"kind\":\"{kind}\",\"cells\":[{}]{extra}{closed}}}", names(&cs, d))
        }
        "arrow" => {
            let len = rng.random_range(2..=5);
            let cs = path(rng, d, len);
            let bulb_len = if cs.len() >= 4 && rng.random_bool(0.2) { 2 } else { 1 };
            let (bulb, shaft) = cs.split_at(bulb_len);
            format!("{{\"type\":\"arrow\",\"bulb\":[{}],\"lines\":[[{}]]}}", names(bulb, d), names(shaft, d))
        }
        "edges" => {
            let cs = path(rng, d, 2);
            if cs.len() < 2 {
                return random_rule(rng, family, d, grid);
            }
            let (a, b) = (i64::from(grid[cs[0]]), i64::from(grid[cs[1]]));
            let truthful = rng.random_bool(0.7);
            let pick = rng.random_range(0..7);
            let cells = names(&cs, d);
            match pick {
                0 => {
                    let color = if (truthful && (a == 2 * b || b == 2 * a)) || rng.random_bool(0.5) {
                        "black"
                    } else {
                        "white"
                    };
                    format!(
                        "{{\"type\":\"edge\",\"kind\":\"kropki\",\"cells\":[{cells}],\"color\":\"{color}\"}}"
                    )
                }
                1 => {
                    let letter = if rng.random_bool(0.5) { "X" } else { "V" };
                    format!(
                        "{{\"type\":\"edge\",\"kind\":\"xv\",\"cells\":[{cells}],\"letter\":\"{letter}\"}}"
                    )
                }
                2 => {
                    let k = if truthful { (a - b).abs() } else { rng.random_range(1..d as i64) };
                    format!(
                        "{{\"type\":\"edge\",\"kind\":\"difference\",\"cells\":[{cells}],\"value\":{}}}",
                        k.max(1)
                    )
                }
                3 => {
                    let s = if truthful { a + b } else { rng.random_range(3..=2 * d as i64) };
                    format!("{{\"type\":\"edge\",\"kind\":\"sum\",\"cells\":[{cells}],\"sum\":{s}}}")
                }
                4 => {
                    let p = if truthful { a * b } else { rng.random_range(2..=20) };
                    format!("{{\"type\":\"edge\",\"kind\":\"product\",\"cells\":[{cells}],\"value\":{p}}}")
                }
                5 => format!(
                    "{{\"type\":\"edge\",\"kind\":\"ratio\",\"cells\":[{cells}],\"value\":{}}}",
                    rng.random_range(2..=3)
                ),
                _ => format!("{{\"type\":\"edge\",\"kind\":\"less\",\"cells\":[{cells}]}}"),
            }
        }
        "corner" => {
            let (r, c) = (rng.random_range(0..d - 1), rng.random_range(0..d - 1));
            let cs = [r * d + c, r * d + c + 1, (r + 1) * d + c, (r + 1) * d + c + 1];
            let cells = names(&cs, d);
            match rng.random_range(0..4) {
                0 => format!("{{\"type\":\"corner\",\"kind\":\"battenburg\",\"cells\":[{cells}]}}"),
                1 => format!(
                    "{{\"type\":\"corner\",\"kind\":\"exclude\",\"cells\":[{cells}],\"value\":{}}}",
                    rng.random_range(1..=d)
                ),
                2 => {
                    let op = ["even", "odd"][rng.random_range(0..2)];
                    format!(
                        "{{\"type\":\"corner\",\"kind\":\"mathrax\",\"cells\":[{cells}],\"op\":\"{op}\"}}"
                    )
                }
                _ => {
                    let op = ["+", "-", "x", "/"][rng.random_range(0..4)];
                    let (a, b) = (u32::from(grid[cs[0]]), u32::from(grid[cs[3]]));
                    let v = match op {
                        "+" => a + b,
                        "-" => a.abs_diff(b),
                        "x" => a * b,
                        _ => rng.random_range(2..=3),
                    };
                    format!(
                        "{{\"type\":\"corner\",\"kind\":\"mathrax\",\"cells\":[{cells}],\"op\":\"{op}\",\"value\":{v}}}"
                    )
                }
            }
        }
        "sums" => {
            if rng.random_bool(0.5) {
                let (r, c) = (rng.random_range(0..d - 1), rng.random_range(0..d - 1));
                let cs = [r * d + c, r * d + c + 1, (r + 1) * d + c, (r + 1) * d + c + 1];
                let s = if rng.random_bool(0.8) { sum_of(&cs) } else { rng.random_range(4..=20) };
                format!("{{\"type\":\"sum\",\"kind\":\"corner\",\"sum\":{s},\"cells\":[{}]}}", names(&cs, d))
            } else {
                let cs: Vec<usize> = (0..rng.random_range(1..=5))
                    .map(|_| rng.random_range(0..d * d))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                let s = if rng.random_bool(0.8) { sum_of(&cs) } else { rng.random_range(1..=25) };
                format!("{{\"type\":\"sum\",\"kind\":\"group\",\"sum\":{s},\"cells\":[{}]}}", names(&cs, d))
            }
        }
        "relation" => {
            let ops = [
                ("different", "[]"),
                ("equal", "[]"),
                ("less", "[]"),
                ("less_equal", "[]"),
                ("difference", "[2]"),
                ("not_difference", "[1]"),
                ("not_consecutive", "[]"),
                ("difference_at_least", "[3]"),
                ("difference_at_most", "[1]"),
                ("ratio", "[2]"),
                ("not_ratio", "[2]"),
                ("sum", "[7]"),
                ("not_sum", "[5]"),
                ("parity_differs", "[]"),
                ("same_third", "[]"),
                ("different_third", "[]"),
                ("same_mod3", "[]"),
                ("different_mod3", "[]"),
                ("allowed", "[[[1,2],[2,3],[3,1],[4,4]]]"),
                ("any_of", "[[\"sum\",[5]],[\"equal\",[]]]"),
            ];
            let (op, params) = ops[rng.random_range(0..ops.len())];
            let pairs: Vec<String> = (0..rng.random_range(1..=3))
                .map(|_| {
                    let a = rng.random_range(0..d * d);
                    let mut b = rng.random_range(0..d * d);
                    while b == a {
                        b = rng.random_range(0..d * d);
                    }
                    format!("[{},{}]", name(a, d), name(b, d))
                })
                .collect();
            format!(
                "{{\"type\":\"relation\",\"op\":\"{op}\",\"params\":{params},\"pairs\":[{}]}}",
                pairs.join(",")
            )
        }
        "cells" => {
            let cs: Vec<usize> = (0..rng.random_range(1..=3))
                .map(|_| rng.random_range(0..d * d))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let cells = names(&cs, d);
            match rng.random_range(0..6) {
                0 => format!("{{\"type\":\"cell\",\"kind\":\"odd\",\"cells\":[{cells}]}}"),
                1 => format!("{{\"type\":\"cell\",\"kind\":\"even\",\"cells\":[{cells}]}}"),
                2 => {
                    format!("{{\"type\":\"cell\",\"kind\":\"low\",\"cells\":[{cells}],\"split\":{}}}", d / 2)
                }
                3 => {
                    format!("{{\"type\":\"cell\",\"kind\":\"high\",\"cells\":[{cells}],\"split\":{}}}", d / 2)
                }
                4 => {
                    format!("{{\"type\":\"cell\",\"kind\":\"set\",\"cells\":[{cells}],\"values\":[1,{}]}}", d)
                }
                _ => format!("{{\"type\":\"cell\",\"kind\":\"exclude\",\"cells\":[{cells}],\"values\":[2]}}"),
            }
        }
        "contains" => {
            let cs = if rng.random_bool(0.4) {
                let (r, c) = (rng.random_range(0..d - 1), rng.random_range(0..d - 1));
                vec![r * d + c, r * d + c + 1, (r + 1) * d + c, (r + 1) * d + c + 1]
            } else {
                random_set(rng, d, 1, 4)
            };
            let listed: Vec<u8> = if rng.random_bool(0.8) {
                // A sub-multiset of the grid's digits there.
                cs.iter().filter(|_| rng.random_bool(0.6)).map(|&c| grid[c]).collect()
            } else {
                (0..rng.random_range(1..=cs.len())).map(|_| rng.random_range(1..=d as u8)).collect()
            };
            let listed = if listed.is_empty() { vec![grid[cs[0]]] } else { listed };
            let ds = listed.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            format!("{{\"type\":\"contains\",\"digits\":[{ds}],\"cells\":[{}]}}", names(&cs, d))
        }
        "appears" => {
            let source = rng.random_range(0..d * d);
            let mut cs = random_set(rng, d, 1, 3);
            if rng.random_bool(0.6) {
                // A cell holding the source's digit in the grid.
                let same: Vec<usize> =
                    (0..d * d).filter(|&c| grid[c] == grid[source] && c != source).collect();
                cs.push(same[rng.random_range(0..same.len())]);
            }
            cs.sort_unstable();
            cs.dedup();
            format!("{{\"type\":\"appears\",\"source\":{},\"cells\":[{}]}}", name(source, d), names(&cs, d))
        }
        "clone" => {
            let len = rng.random_range(1..=3);
            let first = random_set(rng, d, len, len);
            let mut regions = vec![first.clone()];
            for _ in 0..rng.random_range(1..=2) {
                let truthful = rng.random_bool(0.7);
                regions.push(
                    first
                        .iter()
                        .map(|&c| {
                            let same: Vec<usize> = (0..d * d).filter(|&x| grid[x] == grid[c]).collect();
                            if truthful {
                                same[rng.random_range(0..same.len())]
                            } else {
                                rng.random_range(0..d * d)
                            }
                        })
                        .collect(),
                );
            }
            let rs: Vec<String> = regions.iter().map(|g| format!("[{}]", names(g, d))).collect();
            format!("{{\"type\":\"clone\",\"regions\":[{}]}}", rs.join(","))
        }
        "isomorphic" => {
            let len = rng.random_range(1..=5);
            let first: Vec<usize> = (0..len).map(|_| rng.random_range(0..d * d)).collect();
            // The image of each digit under a random bijection, read off the grid.
            let mut sigma: Vec<u8> = (1..=d as u8).collect();
            for i in (1..d).rev() {
                sigma.swap(i, rng.random_range(0..=i));
            }
            let truthful = rng.random_bool(0.7);
            let second: Vec<usize> = first
                .iter()
                .map(|&c| {
                    let image: Vec<usize> =
                        (0..d * d).filter(|&x| grid[x] == sigma[usize::from(grid[c]) - 1]).collect();
                    if truthful {
                        image[rng.random_range(0..image.len())]
                    } else {
                        rng.random_range(0..d * d)
                    }
                })
                .collect();
            format!(
                "{{\"type\":\"isomorphic\",\"regions\":[[{}],[{}]]}}",
                names(&first, d),
                names(&second, d)
            )
        }
        "count" => {
            let holding =
                |v: usize| -> Vec<usize> { (0..d * d).filter(|&x| usize::from(grid[x]) == v).collect() };
            match rng.random_range(0..3) {
                0 => {
                    // each k: k cells of every digit (from the grid, or at random).
                    let k = rng.random_range(1..=2);
                    let mut cs: Vec<usize> = if rng.random_bool(0.7) {
                        (1..=d)
                            .flat_map(|v| {
                                let mut h = holding(v);
                                for i in (1..h.len()).rev() {
                                    h.swap(i, rng.random_range(0..=i));
                                }
                                h.truncate(k);
                                h
                            })
                            .collect()
                    } else {
                        random_set(rng, d, k * d, k * d)
                    };
                    cs.sort_unstable();
                    cs.dedup();
                    format!("{{\"type\":\"count\",\"each\":{k},\"cells\":[{}]}}", names(&cs, d))
                }
                1 => {
                    let cs = random_set(rng, d, 2, 6);
                    let pairs: Vec<String> = (0..rng.random_range(1..=2))
                        .map(|_| {
                            let v = rng.random_range(1..=d as u8);
                            let t = if rng.random_bool(0.8) {
                                cs.iter().filter(|&&c| grid[c] == v).count()
                            } else {
                                rng.random_range(0..=2)
                            };
                            format!("[{v},{t}]")
                        })
                        .collect();
                    format!(
                        "{{\"type\":\"count\",\"counts\":[{}],\"cells\":[{}]}}",
                        pairs.join(","),
                        names(&cs, d)
                    )
                }
                _ => {
                    // circles: v cells holding v for a few small digits v.
                    let mut cs: Vec<usize> = if rng.random_bool(0.8) {
                        let chosen: Vec<usize> = (1..=3).filter(|_| rng.random_bool(0.5)).collect();
                        chosen
                            .into_iter()
                            .flat_map(|v| {
                                let mut h = holding(v);
                                for i in (1..h.len()).rev() {
                                    h.swap(i, rng.random_range(0..=i));
                                }
                                h.truncate(v);
                                h
                            })
                            .collect()
                    } else {
                        random_set(rng, d, 1, 4)
                    };
                    if cs.is_empty() {
                        cs.push(rng.random_range(0..d * d));
                    }
                    cs.sort_unstable();
                    cs.dedup();
                    format!("{{\"type\":\"count\",\"kind\":\"circles\",\"cells\":[{}]}}", names(&cs, d))
                }
            }
        }
        "distinct_count" => {
            let (cs, side) = if rng.random_bool(0.3) {
                // An outside clue from the left along a row.
                let r = rng.random_range(0..d);
                let len = rng.random_range(2..=d);
                ((0..len).map(|c| r * d + c).collect::<Vec<_>>(), ",\"side\":\"left\"")
            } else {
                (random_set(rng, d, 1, 5), "")
            };
            let mut ds: Vec<u8> = cs.iter().map(|&c| grid[c]).collect();
            ds.sort_unstable();
            ds.dedup();
            let value = if rng.random_bool(0.8) { ds.len() } else { rng.random_range(1..=4) };
            format!("{{\"type\":\"distinct_count\",\"value\":{value},\"cells\":[{}]{side}}}", names(&cs, d))
        }
        "global_entropy" => "{\"type\":\"global_entropy\"}".to_string(),
        "equal_sum" => {
            let first = random_set(rng, d, 1, 3);
            let mut segments = vec![first.clone()];
            for _ in 0..rng.random_range(1..=2) {
                let mut s = random_set(rng, d, 1, 3);
                if rng.random_bool(0.7) {
                    // Tries for a segment with the first one's sum in the grid.
                    for _ in 0..50 {
                        if sum_of(&s) == sum_of(&first) {
                            break;
                        }
                        s = random_set(rng, d, 1, 3);
                    }
                }
                segments.push(s);
            }
            let ss: Vec<String> = segments.iter().map(|g| format!("[{}]", names(g, d))).collect();
            format!("{{\"type\":\"equal_sum\",\"segments\":[{}]}}", ss.join(","))
        }
        "vudoku" => {
            let mut arms = random_set(rng, d, 2, 2);
            while arms.len() < 2 {
                arms = random_set(rng, d, 2, 2);
            }
            let (a, b) = (grid[arms[0]], grid[arms[1]]);
            let wanted = if rng.random_bool(0.5) { a + b } else { a.abs_diff(b) };
            let fits: Vec<usize> = (0..d * d).filter(|&x| grid[x] == wanted && !arms.contains(&x)).collect();
            let vertex = if !fits.is_empty() && rng.random_bool(0.8) {
                fits[rng.random_range(0..fits.len())]
            } else {
                rng.random_range(0..d * d)
            };
            format!(
                "{{\"type\":\"vudoku\",\"cells\":[{},{},{}]}}",
                name(vertex, d),
                name(arms[0], d),
                name(arms[1], d)
            )
        }
        "table" => {
            let tuple_text =
                |t: &[u8]| format!("[{}]", t.iter().map(u8::to_string).collect::<Vec<_>>().join(","));
            if rng.random_bool(0.5) {
                let width = rng.random_range(1..=3);
                let cs: Vec<usize> = (0..width).map(|_| rng.random_range(0..d * d)).collect();
                let mut rows: Vec<Vec<u8>> = (0..rng.random_range(0..=4))
                    .map(|_| (0..width).map(|_| rng.random_range(0..=d as u8 + 1)).collect())
                    .collect();
                if rng.random_bool(0.7) {
                    rows.push(cs.iter().map(|&c| grid[c]).collect());
                }
                let allowed: Vec<String> = rows.iter().map(|t| tuple_text(t)).collect();
                format!(
                    "{{\"type\":\"table\",\"cells\":[{}],\"allowed\":[{}]}}",
                    names(&cs, d),
                    allowed.join(",")
                )
            } else {
                // Offsets; the table lists the tuples the grid shows at every placement, less one
                // at times.
                let offs: Vec<(isize, isize)> = (0..rng.random_range(1..=3))
                    .map(|_| (rng.random_range(-1i64..=1) as isize, rng.random_range(-1i64..=1) as isize))
                    .collect();
                let mut rows: Vec<Vec<u8>> = Vec::new();
                for r in 0..d as isize {
                    for c in 0..d as isize {
                        let at: Option<Vec<u8>> = offs
                            .iter()
                            .map(|&(dr, dc)| {
                                let (a, b) = (r + dr, c + dc);
                                (a >= 0 && b >= 0 && a < d as isize && b < d as isize)
                                    .then(|| grid[a as usize * d + b as usize])
                            })
                            .collect();
                        if let Some(t) = at
                            && !rows.contains(&t)
                        {
                            rows.push(t);
                        }
                    }
                }
                if !rows.is_empty() && rng.random_bool(0.3) {
                    rows.remove(rng.random_range(0..rows.len()));
                }
                let allowed: Vec<String> = rows.iter().map(|t| tuple_text(t)).collect();
                let wh: Vec<String> = offs.iter().map(|(a, b)| format!("[{a},{b}]")).collect();
                format!(
                    "{{\"type\":\"table\",\"where\":[{}],\"allowed\":[{}]}}",
                    wh.join(","),
                    allowed.join(",")
                )
            }
        }
        "sandwich" | "xsum" | "skyscraper" | "rossini" | "first_seen" => outside_rule(rng, family, d, grid),
        "neighbours" => neighbours_rule(rng, d, grid),
        "negative" => negative_rules(rng, d, grid),
        other => panic!("no generator for {other}"),
    }
}

/// Every house-valid filling of the givens that all rules accept, counted (up to `cap`).
fn brute_count(p: &Puzzle, cap: u64) -> u64 {
    let doc = p.document().expect("a document");
    let layout = Layout::new(doc, p.board());
    let n = p.board().cell_count();
    let d = p.board().digits as u8;
    let mut peers = vec![Vec::new(); n];
    for h in &p.board().houses {
        for &a in &h.cells {
            peers[a].extend(h.cells.iter().copied().filter(|&b| b != a));
        }
    }
    let mut values = p.givens().to_vec();
    for c in 0..n {
        if values[c] != 0 && peers[c].iter().any(|&q| values[q] == values[c]) {
            return 0;
        }
    }
    let open: Vec<usize> = (0..n).filter(|&c| values[c] == 0).collect();
    // Given candidates (1.5): each listed cell holds one of its listed digits.
    let marks: Vec<(usize, Vec<u8>)> =
        doc.candidates.iter().flatten().map(|(p, ds)| (layout.cell(*p), ds.clone())).collect();
    let check = |vals: &[u8]| {
        let digits = Digits { layout: &layout, values: vals };
        marks.iter().all(|(c, ds)| ds.contains(&vals[*c]))
            && doc.rules.iter().all(|r| r.kind.is_house() || satisfied(&r.kind, &digits))
    };
    let mut brute = Brute { open: &open, peers: &peers, d, check: &check, found: 0, cap };
    brute.fill(0, &mut values);
    brute.found
}

/// A plain backtracking over the open cells in reading order.
struct Brute<'a> {
    open: &'a [usize],
    peers: &'a [Vec<usize>],
    d: u8,
    check: &'a dyn Fn(&[u8]) -> bool,
    found: u64,
    cap: u64,
}

impl Brute<'_> {
    fn fill(&mut self, k: usize, values: &mut [u8]) {
        if self.found >= self.cap {
            return;
        }
        if k == self.open.len() {
            if (self.check)(values) {
                self.found += 1;
            }
            return;
        }
        let c = self.open[k];
        for v in 1..=self.d {
            if self.peers[c].iter().all(|&q| values[q] != v) {
                values[c] = v;
                self.fill(k + 1, values);
                values[c] = 0;
            }
        }
    }
}

fn run_family(family: &str, seed: u64, puzzles: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = [0usize; 3];
    for i in 0..puzzles {
        let (d, h, w) = if i % 2 == 0 { (4, 2, 2) } else { (6, 2, 3) };
        let grid = random_grid(&mut rng, d, h, w);
        let shown = if d == 4 { rng.random_range(0..=4) } else { rng.random_range(12..=20) };
        let mut givens = vec![0u8; d * d];
        for _ in 0..shown {
            let c = rng.random_range(0..d * d);
            givens[c] = grid[c];
        }
        let rules: Vec<String> =
            (0..rng.random_range(1..=4)).map(|_| random_rule(&mut rng, family, d, &grid)).collect();
        let text = format!(
            "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":{d},\"cols\":{d}}},\"digits\":{d},\"givens\":[{}],\"rules\":[{{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[{h},{w}]}},{}]}}",
            givens.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
            rules.join(",")
        );
        seen[check_puzzle(&text).min(2) as usize] += 1;
    }
    // The generator must exercise all three answers for the test to mean something.
    assert!(seen.iter().all(|&n| n > 0), "{family}: counts 0/1/2+ seen {seen:?}");
}

/// The solver's counts (limit 2 and a full count) against brute force on one document; the
/// brute-force count (capped at 1000).
fn check_puzzle(text: &str) -> u64 {
    let p = match read(text) {
        Ok(p) => p,
        Err(e) => panic!("generated document rejected: {e}\n{text}"),
    };
    let brute = brute_count(&p, 1000);
    let two = count(&p, 2).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(u64::from(two.count), brute.min(2), "{text}");
    if let Some(sol) = &two.solution {
        let doc = p.document().unwrap();
        let layout = Layout::new(doc, p.board());
        let digits = Digits { layout: &layout, values: sol };
        assert!(doc.rules.iter().all(|r| r.kind.is_house() || satisfied(&r.kind, &digits)), "{text}");
        assert!(doc.candidates.iter().flatten().all(|(q, ds)| ds.contains(&sol[layout.cell(*q)])), "{text}");
    }
    if brute < 1000 {
        assert_eq!(u64::from(count(&p, 1000).unwrap().count), brute, "{text}");
    }
    brute
}

#[test]
fn cages_match_brute_force() {
    run_family("cage", 1, 300);
}

#[test]
fn lines_match_brute_force() {
    run_family("lines", 2, 600);
}

#[test]
fn arrows_match_brute_force() {
    run_family("arrow", 3, 300);
}

#[test]
fn edges_match_brute_force() {
    run_family("edges", 4, 300);
}

#[test]
fn corners_match_brute_force() {
    run_family("corner", 5, 300);
}

#[test]
fn sums_match_brute_force() {
    run_family("sums", 6, 300);
}

#[test]
fn relations_match_brute_force() {
    run_family("relation", 7, 400);
}

#[test]
fn cell_marks_match_brute_force() {
    run_family("cells", 8, 300);
}

#[test]
fn sandwiches_match_brute_force() {
    run_family("sandwich", 9, 400);
}

#[test]
fn xsums_match_brute_force() {
    run_family("xsum", 10, 400);
}

#[test]
fn skyscrapers_match_brute_force() {
    run_family("skyscraper", 11, 400);
}

#[test]
fn rossinis_match_brute_force() {
    run_family("rossini", 12, 300);
}

#[test]
fn first_seen_match_brute_force() {
    run_family("first_seen", 13, 400);
}

#[test]
fn neighbours_match_brute_force() {
    run_family("neighbours", 14, 500);
}

#[test]
fn negatives_match_brute_force() {
    run_family("negative", 15, 600);
}

/// A random straight outside clue: its side and cells from the clue inwards (`len` cells, the
/// whole row or column when `None`).
fn outside_cells(rng: &mut StdRng, d: usize, len: Option<usize>) -> (&'static str, Vec<usize>) {
    let line = rng.random_range(0..d);
    let len = len.unwrap_or_else(|| if rng.random_bool(0.7) { d } else { rng.random_range(1..=d) });
    let side = ["top", "bottom", "left", "right"][rng.random_range(0..4)];
    let cells = (0..len)
        .map(|k| match side {
            "top" => k * d + line,
            "bottom" => (d - 1 - k) * d + line,
            "left" => line * d + k,
            _ => line * d + d - 1 - k,
        })
        .collect();
    (side, cells)
}

/// One outside clue, its number read off `grid` most of the time.
fn outside_rule(rng: &mut StdRng, family: &str, d: usize, grid: &[u8]) -> String {
    let len = if family == "rossini" { Some(3) } else { None };
    let (side, cs) = outside_cells(rng, d, len);
    let x: Vec<i64> = cs.iter().map(|&c| i64::from(grid[c])).collect();
    let truthful = rng.random_bool(0.8);
    let cells = names(&cs, d);
    let head = format!("\"type\":\"{family}\",\"side\":\"{side}\",\"cells\":[{cells}]");
    match family {
        "sandwich" => {
            let (one, top) = (x.iter().position(|&v| v == 1), x.iter().position(|&v| v == d as i64));
            let sum = match (one, top) {
                (Some(i), Some(j)) if truthful => x[i.min(j) + 1..i.max(j)].iter().sum(),
                _ => rng.random_range(0..=(d * (d - 1) / 2) as i64),
            };
            format!("{{{head},\"sum\":{sum}}}")
        }
        "xsum" => {
            let first = x[0] as usize;
            let sum = if truthful && first <= x.len() {
                x[..first].iter().sum()
            } else {
                rng.random_range(1..=(d * (d + 1) / 2) as i64)
            };
            format!("{{{head},\"sum\":{sum}}}")
        }
        "skyscraper" => {
            let seen = (0..x.len()).filter(|&i| x[..i].iter().all(|&b| x[i] > b)).count();
            let value = if truthful { seen } else { rng.random_range(0..=d + 1) };
            format!("{{{head},\"value\":{value}}}")
        }
        "rossini" => {
            let arrow = if truthful && x[0] < x[1] && x[1] < x[2] {
                "in"
            } else if truthful && x[0] > x[1] && x[1] > x[2] {
                "out"
            } else {
                ["in", "out"][rng.random_range(0..2)]
            };
            format!("{{{head},\"arrow\":\"{arrow}\"}}")
        }
        _ => {
            let listed: Vec<i64> = (1..=d as i64).filter(|_| rng.random_bool(0.4)).collect();
            let listed = if listed.is_empty() { vec![rng.random_range(1..=d as i64)] } else { listed };
            let first = x.iter().find(|v| listed.contains(v));
            let value = match first {
                Some(&v) if truthful => v,
                _ => rng.random_range(1..=d as i64),
            };
            let digits = listed.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            format!("{{{head},\"value\":{value},\"digits\":[{digits}]}}")
        }
    }
}

/// A random neighbours rule (a kind, or an operator with steps, scope, area and exempt pairs);
/// `within: region` comes with the region rules it reads. Often every pair `grid` breaks is
/// exempt, so that the grid stays a solution.
fn neighbours_rule(rng: &mut StdRng, d: usize, grid: &[u8]) -> String {
    type Test = fn(i64, i64) -> bool;
    let ops: [(&str, &str, Test); 15] = [
        ("different", "[]", |a, b| a != b),
        ("equal", "[]", |a, b| a == b),
        ("not_consecutive", "[]", |a, b| (a - b).abs() != 1),
        ("difference", "[1]", |a, b| (a - b).abs() == 1),
        ("not_difference", "[2]", |a, b| (a - b).abs() != 2),
        ("difference_at_least", "[2]", |a, b| (a - b).abs() >= 2),
        ("difference_at_most", "[2]", |a, b| (a - b).abs() <= 2),
        ("not_ratio", "[2]", |a, b| a != 2 * b && b != 2 * a),
        ("sum", "[5]", |a, b| a + b == 5),
        ("not_sum", "[5]", |a, b| a + b != 5),
        ("parity_differs", "[]", |a, b| (a - b) % 2 != 0),
        ("different_third", "[]", |a, b| (a - 1) / 3 != (b - 1) / 3),
        ("same_mod3", "[]", |a, b| a % 3 == b % 3),
        ("allowed", "[[[1,2],[2,1],[1,3],[3,4],[4,2],[2,4]]]", |a, b| {
            [(1, 2), (2, 1), (1, 3), (3, 4), (4, 2), (2, 4)].contains(&(a, b))
        }),
        ("any_of", "[[\"difference\",[2]],[\"sum\",[7]]]", |a, b| (a - b).abs() == 2 || a + b == 7),
    ];
    let kinds: [(&str, &str, Test); 3] = [
        ("antiknight", "knight", |a, b| a != b),
        ("antiking", "diagonal", |a, b| a != b),
        ("nonconsecutive", "orthogonal", |a, b| (a - b).abs() != 1),
    ];
    let (head, step, test) = if rng.random_bool(0.25) {
        let (kind, step, test) = kinds[rng.random_range(0..3)];
        (format!("\"kind\":\"{kind}\""), step, test)
    } else {
        let (op, params, test) = ops[rng.random_range(0..ops.len())];
        let step = ["orthogonal", "diagonal", "king", "knight"][rng.random_range(0..4)];
        (format!("\"op\":\"{op}\",\"params\":{params},\"where\":\"{step}\""), step, test)
    };
    let mut extra = String::new();
    let mut regions = String::new();
    match rng.random_range(0..4) {
        0 => extra.push_str(",\"within\":\"box\""),
        1 => {
            extra.push_str(",\"within\":\"region\"");
            for _ in 0..rng.random_range(1..=2) {
                let len = rng.random_range(2..=d);
                let cs = path(rng, d, len);
                regions.push_str(&format!(
                    "{{\"type\":\"region\",\"kind\":\"extra\",\"cells\":[{}]}},",
                    names(&cs, d)
                ));
            }
        }
        _ => {}
    }
    match rng.random_range(0..4) {
        0 => extra.push_str(",\"area\":\"r1c1\""),
        1 => {
            let (r, c) = (rng.random_range(0..d - 2), rng.random_range(0..d - 2));
            let cs: Vec<usize> = (0..9).map(|k| (r + k / 3) * d + c + k % 3).collect();
            extra.push_str(&format!(",\"area\":[{}]", names(&cs, d)));
        }
        _ => {}
    }
    let offsets: &[(isize, isize)] = match step {
        "orthogonal" => &[(0, 1), (1, 0)],
        "diagonal" => &[(1, 1), (1, -1)],
        "king" => &[(0, 1), (1, 0), (1, 1), (1, -1)],
        _ => &[(1, 2), (2, 1), (1, -2), (2, -1)],
    };
    let mut except = Vec::new();
    let exempt_broken = rng.random_bool(0.6);
    for a in 0..d * d {
        for &(dr, dc) in offsets {
            let (r, c) = ((a / d) as isize + dr, (a % d) as isize + dc);
            if r < 0 || c < 0 || r >= d as isize || c >= d as isize {
                continue;
            }
            let b = r as usize * d + c as usize;
            let broken = !test(i64::from(grid[a]), i64::from(grid[b]));
            // Either order: except pairs are unordered.
            let (p, q) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
            if (broken && exempt_broken && rng.random_bool(0.95)) || rng.random_bool(0.05) {
                except.push(format!("[{},{}]", name(p, d), name(q, d)));
            }
        }
    }
    if !except.is_empty() {
        extra.push_str(&format!(",\"except\":[{}]", except.join(",")));
    }
    format!("{regions}{{\"type\":\"neighbours\",{head}{extra}}}")
}

/// A random negative rule with most of the clues of its family that `grid` satisfies (so that
/// counts vary): the clue rules first, then the negative.
fn negative_rules(rng: &mut StdRng, d: usize, grid: &[u8]) -> String {
    let of = ["kropki", "xv", "difference", "ratio", "product", "sum", "rossini", "battenburg", "cell"]
        [rng.random_range(0..9)];
    let mark = 0.93;
    let mut rules: Vec<String> = Vec::new();
    let pairs: Vec<(usize, usize)> = (0..d * d)
        .flat_map(|a| [(a, a + 1, a % d + 1 < d), (a, a + d, a + d < d * d)])
        .filter(|&(_, _, ok)| ok)
        .map(|(a, b, _)| (a, b))
        .collect();
    let value = |a: usize, b: usize| (i64::from(grid[a]), i64::from(grid[b]));
    let mut selector = String::new();
    match of {
        "kropki" | "xv" => {
            type Marks = [(&'static str, fn(i64, i64) -> bool); 2];
            let (tests, key): (Marks, &str) = if of == "kropki" {
                ([("white", |a, b| (a - b).abs() == 1), ("black", |a, b| a == 2 * b || b == 2 * a)], "color")
            } else {
                ([("X", |a, b| a + b == 10), ("V", |a, b| a + b == 5)], "letter")
            };
            let pick = rng.random_range(0..3);
            if pick < 2 {
                selector = format!(",\"{key}\":\"{}\"", tests[pick].0);
            }
            for &(a, b) in &pairs {
                let (x, y) = value(a, b);
                if let Some((label, _)) = tests.iter().find(|(_, t)| t(x, y))
                    && rng.random_bool(mark)
                {
                    rules.push(format!(
                        "{{\"type\":\"edge\",\"kind\":\"{of}\",\"cells\":[{},{}],\"{key}\":\"{label}\"}}",
                        name(a, d),
                        name(b, d)
                    ));
                }
            }
        }
        "difference" | "ratio" | "product" | "sum" => {
            let (x, y) = value(pairs[0].0, pairs[0].1);
            let k = match of {
                "difference" => rng.random_range(1..d as i64),
                "ratio" => rng.random_range(2..=3),
                "product" => x * y,
                _ => rng.random_range(3..2 * d as i64),
            };
            let key = if of == "sum" { "sum" } else { "value" };
            selector = format!(",\"{key}\":{k}");
            for &(a, b) in &pairs {
                let (x, y) = value(a, b);
                let holds = match of {
                    "difference" => (x - y).abs() == k,
                    "ratio" => x == k * y || y == k * x,
                    "product" => x * y == k,
                    _ => x + y == k,
                };
                if holds && rng.random_bool(mark) {
                    rules.push(format!(
                        "{{\"type\":\"edge\",\"kind\":\"{of}\",\"cells\":[{},{}],\"{key}\":{k}}}",
                        name(a, d),
                        name(b, d)
                    ));
                }
            }
        }
        "rossini" => {
            for line in 0..d {
                let ends = [
                    ("left", [line * d, line * d + 1, line * d + 2]),
                    ("right", [line * d + d - 1, line * d + d - 2, line * d + d - 3]),
                    ("top", [line, d + line, 2 * d + line]),
                    ("bottom", [(d - 1) * d + line, (d - 2) * d + line, (d - 3) * d + line]),
                ];
                for (side, cs) in ends {
                    let x: Vec<u8> = cs.iter().map(|&c| grid[c]).collect();
                    let arrow = if x[0] < x[1] && x[1] < x[2] {
                        "in"
                    } else if x[0] > x[1] && x[1] > x[2] {
                        "out"
                    } else {
                        continue;
                    };
                    if rng.random_bool(mark) {
                        rules.push(format!(
                            "{{\"type\":\"rossini\",\"side\":\"{side}\",\"cells\":[{}],\"arrow\":\"{arrow}\"}}",
                            names(&cs, d)
                        ));
                    }
                }
            }
        }
        "battenburg" => {
            for r in 0..d - 1 {
                for c in 0..d - 1 {
                    let cs = [r * d + c, r * d + c + 1, (r + 1) * d + c, (r + 1) * d + c + 1];
                    let p: Vec<u8> = cs.iter().map(|&k| grid[k] % 2).collect();
                    if p[0] == p[3] && p[1] == p[2] && p[0] != p[1] && rng.random_bool(mark) {
                        rules.push(format!(
                            "{{\"type\":\"corner\",\"kind\":\"battenburg\",\"cells\":[{}]}}",
                            names(&cs, d)
                        ));
                    }
                }
            }
        }
        _ => {
            let kind = ["odd", "even", "low", "high"][rng.random_range(0..4)];
            let split = rng.random_range(1..d);
            let class = |v: usize| match kind {
                "odd" => v % 2 == 1,
                "even" => v.is_multiple_of(2),
                "low" => v <= split,
                _ => v > split,
            };
            let marked: Vec<usize> =
                (0..d * d).filter(|&c| class(usize::from(grid[c])) && rng.random_bool(mark)).collect();
            let split_key =
                if matches!(kind, "low" | "high") { format!(",\"split\":{split}") } else { String::new() };
            if !marked.is_empty() {
                rules.push(format!(
                    "{{\"type\":\"cell\",\"kind\":\"{kind}\",\"cells\":[{}]{split_key}}}",
                    names(&marked, d)
                ));
            }
            selector = format!(",\"kind\":\"{kind}\"{split_key}");
        }
    }
    let area = match rng.random_range(0..5) {
        0 => ",\"area\":\"r1c1\"".to_string(),
        1 => {
            let cs: Vec<usize> = (0..d * d).filter(|_| rng.random_bool(0.6)).collect();
            if cs.is_empty() { String::new() } else { format!(",\"area\":[{}]", names(&cs, d)) }
        }
        _ => String::new(),
    };
    rules.push(format!("{{\"type\":\"negative\",\"of\":\"{of}\"{selector}{area}}}"));
    rules.join(",")
}

#[test]
fn contains_matches_brute_force() {
    run_family("contains", 101, 300);
}

#[test]
fn appears_matches_brute_force() {
    run_family("appears", 102, 300);
}

#[test]
fn clone_matches_brute_force() {
    run_family("clone", 103, 300);
}

#[test]
fn isomorphic_matches_brute_force() {
    run_family("isomorphic", 104, 300);
}

#[test]
fn count_matches_brute_force() {
    run_family("count", 105, 450);
}

#[test]
fn distinct_count_matches_brute_force() {
    run_family("distinct_count", 106, 300);
}

#[test]
fn equal_sum_matches_brute_force() {
    run_family("equal_sum", 107, 300);
}

#[test]
fn vudoku_matches_brute_force() {
    run_family("vudoku", 108, 300);
}

#[test]
fn table_matches_brute_force() {
    run_family("table", 109, 400);
}

/// A random set of lo..=hi different cells (fewer when a draw repeats), in reading order.
fn random_set(rng: &mut StdRng, d: usize, lo: usize, hi: usize) -> Vec<usize> {
    let n = rng.random_range(lo..=hi);
    let mut out: Vec<usize> = (0..n).map(|_| rng.random_range(0..d * d)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A document on a d x d board with boxes h x w: givens, rules after the box_grid, and more
/// top-level members (`extra`, with its leading comma).
fn document(d: usize, h: usize, w: usize, givens: &[u8], rules: &[String], extra: &str) -> String {
    let mut all = vec![format!("{{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[{h},{w}]}}")];
    all.extend(rules.iter().cloned());
    format!(
        "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":{d},\"cols\":{d}}},\"digits\":{d},\"givens\":[{}],\"rules\":[{}]{extra}}}",
        givens.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
        all.join(",")
    )
}

/// Global entropy on 6x6 (it needs D divisible by 3): grids that obey it come from the solver
/// (a random first row completed), the givens from them (one of them wrong at times).
#[test]
fn global_entropy_matches_brute_force() {
    let mut rng = StdRng::seed_from_u64(110);
    let rule = vec!["{\"type\":\"global_entropy\"}".to_string()];
    let mut seen = [0usize; 3];
    let mut puzzles = 0;
    while puzzles < 150 {
        let mut row: Vec<u8> = (1..=6).collect();
        for i in (1..6).rev() {
            row.swap(i, rng.random_range(0..=i));
        }
        let mut seed_givens = vec![0u8; 36];
        seed_givens[..6].copy_from_slice(&row);
        let seeded = read(&document(6, 2, 3, &seed_givens, &rule, "")).unwrap();
        let Some(grid) = count(&seeded, 1).unwrap().solution else { continue };
        let mut givens = vec![0u8; 36];
        for _ in 0..rng.random_range(10..=18) {
            let c = rng.random_range(0..36);
            givens[c] = grid[c];
        }
        if rng.random_bool(0.15) {
            let c = rng.random_range(0..36);
            givens[c] = rng.random_range(1..=6);
        }
        seen[check_puzzle(&document(6, 2, 3, &givens, &rule, "")).min(2) as usize] += 1;
        puzzles += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "global_entropy: counts 0/1/2+ seen {seen:?}");
}

/// Random pencil marks: about half the cells get a list holding the grid's digit and some
/// others; a few lists leave the grid's digit out (or are empty).
fn random_candidates(rng: &mut StdRng, d: usize, grid: &[u8]) -> String {
    let mut members = Vec::new();
    for (c, &g) in grid.iter().enumerate() {
        if !rng.random_bool(0.5) {
            continue;
        }
        let keep_own = rng.random_bool(0.93);
        let ds: Vec<String> = (1..=d as u8)
            .filter(|&v| if v == g { keep_own } else { rng.random_bool(0.35) })
            .map(|v| v.to_string())
            .collect();
        members.push(format!("{}:[{}]", name(c, d), ds.join(",")));
    }
    format!(",\"candidates\":{{{}}}", members.join(","))
}

/// Given candidates, alone with the houses (the house solvers know nothing of them) and with
/// rules of the rule layer.
#[test]
fn candidates_match_brute_force() {
    let mut rng = StdRng::seed_from_u64(111);
    let mut seen = [0usize; 3];
    for i in 0..400 {
        let (d, h, w) = if i % 2 == 0 { (4, 2, 2) } else { (6, 2, 3) };
        let grid = random_grid(&mut rng, d, h, w);
        let shown = if d == 4 { rng.random_range(0..=3) } else { rng.random_range(6..=14) };
        let mut givens = vec![0u8; d * d];
        for _ in 0..shown {
            let c = rng.random_range(0..d * d);
            givens[c] = grid[c];
        }
        let families = ["cage", "cells", "contains", "table"];
        let rules: Vec<String> = if rng.random_bool(0.5) {
            Vec::new()
        } else {
            let f = families[rng.random_range(0..families.len())];
            vec![random_rule(&mut rng, f, d, &grid)]
        };
        let marks = random_candidates(&mut rng, d, &grid);
        seen[check_puzzle(&document(d, h, w, &givens, &rules, &marks)).min(2) as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "candidates: counts 0/1/2+ seen {seen:?}");
}

/// Parameters no filling meets count 0; a rule the engine cannot build is an error, not a panic.
#[test]
fn global_rules_edge_cases() {
    let empty = [0u8; 16];
    let zero = |rules: &[&str], extra: &str| {
        let rules: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
        let text = document(4, 2, 2, &empty, &rules, extra);
        assert_eq!(count(&read(&text).unwrap(), 2).unwrap().count, 0, "{text}");
    };
    zero(&[r#"{"type":"contains","digits":[1,1],"cells":["r1c1","r1c2"]}"#], "");
    zero(&[r#"{"type":"contains","digits":[1,2,3],"cells":["r1c1","r2c3"]}"#], "");
    zero(&[r#"{"type":"count","each":2,"cells":["r1c1","r2c3","r3c2"]}"#], "");
    zero(&[r#"{"type":"count","counts":[[1,1],[1,2]],"cells":["r1c1","r2c3","r3c2"]}"#], "");
    zero(&[r#"{"type":"distinct_count","value":5,"cells":["r1c1","r1c2","r1c3","r1c4","r2c1"]}"#], "");
    zero(&[r#"{"type":"clone","regions":[["r1c1"],["r1c2"]]}"#], "");
    zero(&[r#"{"type":"isomorphic","regions":[["r1c1","r1c2"],["r2c1","r2c1"]]}"#], "");
    zero(&[r#"{"type":"vudoku","cells":["r1c1","r1c1","r1c1"]}"#], "");
    zero(&[r#"{"type":"table","cells":["r1c1","r1c2"],"allowed":[[1,1],[0,2],[2,5]]}"#], "");
    zero(&[r#"{"type":"table","where":[[0,0]],"allowed":[[1],[2],[3]]}"#], "");
    zero(&[r#"{"type":"equal_sum","segments":[["r1c1"],["r1c2","r1c3","r1c4"]]}"#], "");
    zero(&[], r#","candidates":{"r2c2":[]}"#);
    zero(&[], r#","candidates":{"r1c1":[1],"r1c2":[1,2],"r2c1":[1,2],"r2c2":[2]}"#);
    // A given outside its own candidates.
    let mut givens = empty;
    givens[0] = 3;
    let text = document(4, 2, 2, &givens, &[], r#","candidates":{"r1c1":[1,2]}"#);
    assert_eq!(count(&read(&text).unwrap(), 2).unwrap().count, 0, "{text}");
    // The reference refuses global entropy when 3 does not divide D.
    let text = document(4, 2, 2, &empty, &["{\"type\":\"global_entropy\"}".to_string()], "");
    let e = count(&read(&text).unwrap(), 2).unwrap_err();
    assert!(e.to_string().contains("divisible by 3") && e.kind() == pencilmark::ErrorKind::Invalid, "{e}");
    // Candidates alone on a classic board: a sukaku with a unique answer is solved.
    let text = document(
        4,
        2,
        2,
        &empty,
        &[],
        r#","candidates":{"r1c1":[1],"r1c2":[2],"r1c3":[3],"r1c4":[2,4],"r2c1":[3],"r3c1":[2],"r3c3":[4],"r4c4":[1]}"#,
    );
    let c = count(&read(&text).unwrap(), 2).unwrap();
    assert_eq!(
        (c.count, c.solution.as_ref().map(|s| s[..4].to_vec())),
        (1, Some(vec![1, 2, 3, 4])),
        "{text}"
    );
    assert_eq!(c.count as u64, check_puzzle(&text));
}

/// Rules no filling can meet give a count of 0, never a panic or a hang.
#[test]
fn impossible_rules_count_zero() {
    let doc = |givens: &str, rule: &str| {
        format!(
            "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":4,\"cols\":4}},\"digits\":4,\"givens\":[{givens}],\"rules\":[{{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}},{rule}]}}"
        )
    };
    let empty = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
    let cases = [
        doc(empty, r#"{"type":"cage","cells":["r1c1","r1c2"],"sum":100}"#),
        doc(empty, r#"{"type":"line","kind":"renban","cells":["r1c1","r1c2","r1c3","r1c4","r2c4"]}"#),
        doc(empty, r#"{"type":"arrow","bulb":["r1c1"],"lines":[["r1c2","r1c3","r1c4"]]}"#),
        doc("4,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", r#"{"type":"line","kind":"thermo","cells":["r1c1","r1c2"]}"#),
        doc(empty, r#"{"type":"sandwich","side":"left","cells":["r1c1","r1c2","r1c3","r1c4"],"sum":6}"#),
        doc(empty, r#"{"type":"skyscraper","side":"top","cells":["r1c1","r2c1","r3c1","r4c1"],"value":5}"#),
        doc(empty, r#"{"type":"xsum","side":"left","cells":["r1c1","r1c2","r1c3","r1c4"],"sum":11}"#),
        doc(
            empty,
            r#"{"type":"first_seen","side":"left","cells":["r1c1","r1c2"],"value":4,"digits":[1,2,3]}"#,
        ),
        doc(
            empty,
            r#"{"type":"negative","of":"cell","kind":"odd"},{"type":"negative","of":"cell","kind":"even"}"#,
        ),
    ];
    for text in &cases {
        let p = read(text).unwrap();
        assert_eq!(count(&p, 2).unwrap().count, 0, "{text}");
    }
}
