//! Makes data/samples/variants-9x9.jsonl: unique 9x9 variant puzzles of many kinds, for the
//! count-to-2 bench (`count2-variants/<kind>`) and the CP-SAT script beside it
//! (tools/cpsat/count_cpsat.py). Each puzzle starts from a random solution grid (obeying the
//! kind's global rules), gets clues read off that grid, then loses givens in random order for as
//! long as the puzzle stays unique, so every clue is true and the givens are minimal.
//!
//! `cargo run --release -p pencilmark-benches --example variant_set [PER_KIND [KIND]] > data/samples/variants-9x9.jsonl`
//! Fixed seeds: the same build writes the same file.

use pencilmark::{CountOptions, count_str};
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

type Grid = [u8; 81];

fn name(i: usize) -> String {
    format!("r{}c{}", i / 9 + 1, i % 9 + 1)
}

fn names(cells: &[usize]) -> String {
    cells.iter().map(|&c| format!("\"{}\"", name(c))).collect::<Vec<_>>().join(",")
}

fn touching(a: usize, b: usize) -> bool {
    let (dr, dc) = ((a / 9).abs_diff(b / 9), (a % 9).abs_diff(b % 9));
    a != b && dr <= 1 && dc <= 1
}

fn orthogonal(a: usize, b: usize) -> bool {
    (a / 9).abs_diff(b / 9) + (a % 9).abs_diff(b % 9) == 1
}

fn box_of(c: usize) -> usize {
    c / 27 * 3 + c % 9 / 3
}

/// A document of the classic grid with `rules` after the box_grid, with its solution if given.
fn document(givens: &Grid, solution: Option<&Grid>, rules: &[String]) -> String {
    let list = |g: &Grid| g.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let mut all = vec![r#"{"type":"box_grid","origin":"r1c1","box":[3,3]}"#.to_string()];
    all.extend(rules.iter().cloned());
    let solution = solution.map(|s| format!(r#","solution":[{}]"#, list(s))).unwrap_or_default();
    format!(
        r#"{{"format":"sudoku-puzzle","format_version":1,"board":{{"rows":9,"cols":9}},"digits":9,"givens":[{}]{solution},"rules":[{}]}}"#,
        list(givens),
        all.join(",")
    )
}

/// Count up to 2 with a time limit; None when undecided or refused.
fn count(givens: &Grid, rules: &[String]) -> Option<(u32, Option<Grid>)> {
    let opts = CountOptions { limit: 2, solution: true, max_seconds: Some(5.0) };
    let c = count_str(&document(givens, None, rules), &opts);
    let c = c.ok()?;
    Some((c.count, c.solution.map(|s| s.try_into().unwrap())))
}

/// A random solution grid that obeys `global` rules: a few random givens, the solver's first
/// solution (retried when the seeds contradict).
fn random_grid(rng: &mut StdRng, global: &[String]) -> Grid {
    loop {
        let mut seeds = [0u8; 81];
        for _ in 0..10 {
            seeds[rng.random_range(0..81)] = rng.random_range(1..=9);
        }
        let opts = CountOptions { limit: 1, solution: true, max_seconds: Some(5.0) };
        let text = document(&seeds, None, global);
        if let Ok(c) = count_str(&text, &opts)
            && let Some(s) = c.solution
        {
            return s.try_into().unwrap();
        }
    }
}

/// A path of `len` cells, each touching the one before (orthogonally with `ortho`), avoiding
/// `used`, whose every prefix passes `ok`; None after many tries.
fn path(
    rng: &mut StdRng,
    len: usize,
    ortho: bool,
    used: &BTreeSet<usize>,
    ok: &dyn Fn(&[usize]) -> bool,
) -> Option<Vec<usize>> {
    for _ in 0..2000 {
        let mut p = vec![rng.random_range(0..81)];
        if used.contains(&p[0]) || !ok(&p) {
            continue;
        }
        while p.len() < len {
            let last = *p.last().unwrap();
            let next: Vec<usize> = (0..81)
                .filter(|&n| if ortho { orthogonal(last, n) } else { touching(last, n) })
                .filter(|n| !p.contains(n) && !used.contains(n))
                .filter(|&n| {
                    let mut q = p.clone();
                    q.push(n);
                    ok(&q)
                })
                .collect();
            let Some(&n) = next.choose(rng) else { break };
            p.push(n);
        }
        if p.len() == len {
            return Some(p);
        }
    }
    None
}

/// `n` paths of lengths lo..=hi that pass `ok` on the prefix, or at the end with `whole`.
fn lines(
    rng: &mut StdRng,
    n: usize,
    (lo, hi): (usize, usize),
    ortho: bool,
    ok: &dyn Fn(&[usize]) -> bool,
    whole: &dyn Fn(&[usize]) -> bool,
) -> Vec<Vec<usize>> {
    let mut used = BTreeSet::new();
    let mut out = Vec::new();
    for _ in 0..n * 200 {
        if out.len() == n {
            break;
        }
        let len = rng.random_range(lo..=hi);
        if let Some(p) = path(rng, len, ortho, &used, ok)
            && whole(&p)
        {
            used.extend(p.iter().copied());
            out.push(p);
        }
    }
    out
}

fn line_rules(kind: &str, extra: &str, paths: &[Vec<usize>]) -> Vec<String> {
    paths
        .iter()
        .map(|p| format!(r#"{{"type":"line","kind":"{kind}","cells":[{}]{extra}}}"#, names(p)))
        .collect()
}

/// Every orthogonal pair of cells, each once (lower index first).
fn pairs() -> Vec<(usize, usize)> {
    (0..81)
        .flat_map(|a| {
            [a + 1, a + 9].into_iter().filter(move |&b| b < 81 && orthogonal(a, b)).map(move |b| (a, b))
        })
        .collect()
}

/// The 36 outside clue positions: side and cells inwards.
fn outside() -> Vec<(&'static str, Vec<usize>)> {
    let mut out = Vec::new();
    for i in 0..9 {
        out.push(("left", (0..9).map(|c| i * 9 + c).collect()));
        out.push(("right", (0..9).rev().map(|c| i * 9 + c).collect()));
        out.push(("top", (0..9).map(|r| r * 9 + i).collect()));
        out.push(("bottom", (0..9).rev().map(|r| r * 9 + i).collect()));
    }
    out
}

fn sum(g: &Grid, cells: &[usize]) -> u32 {
    cells.iter().map(|&c| u32::from(g[c])).sum()
}

/// The clues of one kind read off `g` (and the global rules the grid was made with).
fn clues(kind: &str, rng: &mut StdRng, g: &Grid) -> Vec<String> {
    let d = |a: usize, b: usize| g[a].abs_diff(g[b]);
    match kind {
        "killer" => {
            // Cages grown from random cells over the whole grid, 2 to 5 cells, no repeated digit.
            let mut order: Vec<usize> = (0..81).collect();
            order.shuffle(rng);
            let mut taken = [false; 81];
            let mut out = Vec::new();
            for start in order {
                if taken[start] {
                    continue;
                }
                let want = rng.random_range(2..=5);
                let mut cage = vec![start];
                taken[start] = true;
                while cage.len() < want {
                    let next: Vec<usize> = (0..81)
                        .filter(|&n| !taken[n] && cage.iter().any(|&c| orthogonal(c, n)))
                        .filter(|&n| cage.iter().all(|&c| g[c] != g[n]))
                        .collect();
                    let Some(&n) = next.choose(rng) else { break };
                    taken[n] = true;
                    cage.push(n);
                }
                cage.sort_unstable();
                out.push(format!(r#"{{"type":"cage","cells":[{}],"sum":{}}}"#, names(&cage), sum(g, &cage)));
            }
            out
        }
        "thermo" => line_rules(
            "thermo",
            "",
            &lines(rng, 6, (3, 6), false, &|p| p.windows(2).all(|w| g[w[0]] < g[w[1]]), &|_| true),
        ),
        "slow_thermo" => line_rules(
            "slow_thermo",
            "",
            &lines(rng, 7, (4, 7), false, &|p| p.windows(2).all(|w| g[w[0]] <= g[w[1]]), &|p| {
                p.windows(2).any(|w| g[w[0]] == g[w[1]]) || p.len() > 4
            }),
        ),
        "whisper" => line_rules(
            "whisper",
            "",
            &lines(rng, 6, (4, 8), false, &|p| p.windows(2).all(|w| d(w[0], w[1]) >= 5), &|_| true),
        ),
        "dutch_whisper" => line_rules(
            "whisper",
            r#","value":4"#,
            &lines(rng, 6, (4, 8), false, &|p| p.windows(2).all(|w| d(w[0], w[1]) >= 4), &|_| true),
        ),
        "renban" => line_rules(
            "renban",
            "",
            &lines(
                rng,
                7,
                (3, 6),
                false,
                &|p| {
                    let mut v: Vec<u8> = p.iter().map(|&c| g[c]).collect();
                    v.sort_unstable();
                    v.windows(2).all(|w| w[0] != w[1])
                },
                &|p| {
                    let mut v: Vec<u8> = p.iter().map(|&c| g[c]).collect();
                    v.sort_unstable();
                    v.windows(2).all(|w| w[1] == w[0] + 1)
                },
            ),
        ),
        "region_sum" => line_rules(
            "region_sum",
            "",
            &lines(rng, 5, (4, 7), false, &|_| true, &|p| {
                let runs: Vec<u32> = p.chunk_by(|a, b| box_of(*a) == box_of(*b)).map(|r| sum(g, r)).collect();
                runs.len() >= 2 && runs.windows(2).all(|w| w[0] == w[1])
            }),
        ),
        "palindrome" => line_rules(
            "palindrome",
            "",
            &lines(rng, 5, (3, 7), false, &|_| true, &|p| {
                (0..p.len()).all(|i| g[p[i]] == g[p[p.len() - 1 - i]])
            }),
        ),
        "entropic" => line_rules(
            "entropic",
            "",
            &lines(
                rng,
                6,
                (4, 8),
                false,
                &|p| {
                    let t = |c: usize| (g[c] - 1) / 3;
                    (1..p.len()).all(|i| t(p[i]) != t(p[i - 1]) && (i < 2 || t(p[i]) != t(p[i - 2])))
                },
                &|_| true,
            ),
        ),
        "modular" => line_rules(
            "modular",
            "",
            &lines(
                rng,
                6,
                (4, 8),
                false,
                &|p| {
                    let m = |c: usize| g[c] % 3;
                    (1..p.len()).all(|i| m(p[i]) != m(p[i - 1]) && (i < 2 || m(p[i]) != m(p[i - 2])))
                },
                &|_| true,
            ),
        ),
        "parity" => line_rules(
            "parity",
            "",
            &lines(rng, 6, (4, 8), false, &|p| p.windows(2).all(|w| (g[w[0]] + g[w[1]]) % 2 == 1), &|_| true),
        ),
        "zipper" => line_rules(
            "zipper",
            "",
            &lines(rng, 6, (3, 7), false, &|_| true, &|p| {
                let n = p.len();
                let s = u32::from(g[p[0]] + g[p[n - 1]]);
                (0..n / 2).all(|i| u32::from(g[p[i]] + g[p[n - 1 - i]]) == s)
                    && (n % 2 == 0 || u32::from(g[p[n / 2]]) == s)
            }),
        ),
        "between" => line_rules(
            "between",
            "",
            &lines(rng, 6, (3, 6), false, &|_| true, &|p| {
                let (a, b) = (g[p[0]].min(g[p[p.len() - 1]]), g[p[0]].max(g[p[p.len() - 1]]));
                p[1..p.len() - 1].iter().all(|&c| a < g[c] && g[c] < b)
            }),
        ),
        "lockout" => line_rules(
            "lockout",
            "",
            &lines(rng, 5, (3, 6), false, &|_| true, &|p| {
                let (a, b) = (g[p[0]].min(g[p[p.len() - 1]]), g[p[0]].max(g[p[p.len() - 1]]));
                b - a >= 4 && p[1..p.len() - 1].iter().all(|&c| g[c] < a || g[c] > b)
            }),
        ),
        "arrow" => {
            // A one-cell bulb and one shaft summing to it.
            let shafts = lines(rng, 7, (3, 5), false, &|p| sum(g, &p[1..]) <= u32::from(g[p[0]]), &|p| {
                sum(g, &p[1..]) == u32::from(g[p[0]])
            });
            shafts
                .iter()
                .map(|p| {
                    format!(r#"{{"type":"arrow","bulb":["{}"],"lines":[[{}]]}}"#, name(p[0]), names(&p[1..]))
                })
                .collect()
        }
        "kropki" => {
            let mut out: Vec<String> = pairs()
                .into_iter()
                .filter_map(|(a, b)| {
                    let color = if d(a, b) == 1 {
                        "white"
                    } else if g[a] == 2 * g[b] || g[b] == 2 * g[a] {
                        "black"
                    } else {
                        return None;
                    };
                    Some(format!(
                        r#"{{"type":"edge","kind":"kropki","cells":["{}","{}"],"color":"{color}"}}"#,
                        name(a),
                        name(b)
                    ))
                })
                .collect();
            out.push(r#"{"type":"negative","of":"kropki"}"#.into());
            out
        }
        "xv" => {
            let mut out: Vec<String> = pairs()
                .into_iter()
                .filter_map(|(a, b)| {
                    let letter = match g[a] + g[b] {
                        10 => "X",
                        5 => "V",
                        _ => return None,
                    };
                    Some(format!(
                        r#"{{"type":"edge","kind":"xv","cells":["{}","{}"],"letter":"{letter}"}}"#,
                        name(a),
                        name(b)
                    ))
                })
                .collect();
            out.push(r#"{"type":"negative","of":"xv"}"#.into());
            out
        }
        "difference" => {
            let mut p = pairs();
            p.shuffle(rng);
            p.truncate(40);
            p.sort_unstable();
            p.iter()
                .map(|&(a, b)| {
                    format!(
                        r#"{{"type":"edge","kind":"difference","cells":["{}","{}"],"value":{}}}"#,
                        name(a),
                        name(b),
                        d(a, b)
                    )
                })
                .collect()
        }
        "ratio" => {
            let mut out: Vec<String> = pairs()
                .into_iter()
                .filter_map(|(a, b)| {
                    let (lo, hi) = (g[a].min(g[b]), g[a].max(g[b]));
                    (hi % lo == 0 && hi / lo >= 3).then(|| {
                        format!(
                            r#"{{"type":"edge","kind":"ratio","cells":["{}","{}"],"value":{}}}"#,
                            name(a),
                            name(b),
                            hi / lo
                        )
                    })
                })
                .collect();
            let mut p = pairs();
            p.shuffle(rng);
            p.truncate(25);
            p.sort_unstable();
            out.extend(p.iter().map(|&(a, b)| {
                format!(
                    r#"{{"type":"edge","kind":"product","cells":["{}","{}"],"value":{}}}"#,
                    name(a),
                    name(b),
                    u32::from(g[a]) * u32::from(g[b])
                )
            }));
            out
        }
        "greater_than" => {
            let mut p = pairs();
            p.shuffle(rng);
            p.truncate(60);
            p.sort_unstable();
            p.iter()
                .map(|&(a, b)| {
                    let (lo, hi) = if g[a] < g[b] { (a, b) } else { (b, a) };
                    format!(r#"{{"type":"edge","kind":"less","cells":["{}","{}"]}}"#, name(lo), name(hi))
                })
                .collect()
        }
        "little_killer" => {
            // Diagonals from the top and left edges, 3 to 9 cells.
            let mut out = Vec::new();
            for start in 0..7usize {
                let down_right: Vec<usize> = (0..9 - start).map(|k| k * 9 + start + k).collect();
                let down_left: Vec<usize> = (0..=8 - start).map(|k| k * 9 + (8 - start) - k).collect();
                for (side, cells) in [("top", down_right), ("top", down_left)] {
                    if rng.random_bool(0.6) {
                        out.push(format!(r#"{{"type":"sum","kind":"little_killer","side":"{side}","cells":[{}],"sum":{}}}"#, names(&cells), sum(g, &cells)));
                    }
                }
            }
            out
        }
        "sandwich" | "xsum" | "skyscraper" => outside()
            .into_iter()
            .filter(|_| rng.random_bool(0.7))
            .map(|(side, cells)| {
                let v = match kind {
                    "sandwich" => {
                        let (i, j) = (
                            cells.iter().position(|&c| g[c] == 1).unwrap(),
                            cells.iter().position(|&c| g[c] == 9).unwrap(),
                        );
                        sum(g, &cells[i.min(j) + 1..i.max(j)])
                    }
                    "xsum" => sum(g, &cells[..usize::from(g[cells[0]])]),
                    _ => {
                        let mut top = 0;
                        let mut seen = 0;
                        for &c in &cells {
                            if g[c] > top {
                                top = g[c];
                                seen += 1;
                            }
                        }
                        seen
                    }
                };
                let key = if kind == "skyscraper" { "value" } else { "sum" };
                format!(r#"{{"type":"{kind}","side":"{side}","cells":[{}],"{key}":{v}}}"#, names(&cells))
            })
            .collect(),
        "rossini" => outside()
            .into_iter()
            .filter_map(|(side, cells)| {
                let c = &cells[..3];
                let arrow = if g[c[0]] < g[c[1]] && g[c[1]] < g[c[2]] {
                    "in"
                } else if g[c[0]] > g[c[1]] && g[c[1]] > g[c[2]] {
                    "out"
                } else {
                    return None;
                };
                Some(format!(
                    r#"{{"type":"rossini","side":"{side}","cells":[{}],"arrow":"{arrow}"}}"#,
                    names(c)
                ))
            })
            .chain(std::iter::once(r#"{"type":"negative","of":"rossini"}"#.to_string()))
            .collect(),
        "first_seen" => outside()
            .into_iter()
            .map(|(side, cells)| {
                let v = cells.iter().map(|&c| g[c]).find(|&v| v <= 3).unwrap();
                format!(
                    r#"{{"type":"first_seen","side":"{side}","cells":[{}],"value":{v},"digits":[1,2,3]}}"#,
                    names(&cells)
                )
            })
            .collect(),
        "odd_even" => {
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(rng);
            cells.truncate(30);
            let (odd, even): (Vec<usize>, Vec<usize>) = cells.iter().partition(|&&c| g[c] % 2 == 1);
            let (mut odd, mut even) = (odd, even);
            odd.sort_unstable();
            even.sort_unstable();
            vec![
                format!(r#"{{"type":"cell","kind":"odd","cells":[{}]}}"#, names(&odd)),
                format!(r#"{{"type":"cell","kind":"even","cells":[{}]}}"#, names(&even)),
            ]
        }
        // The global kinds: the grid already obeys them, the rule is the whole clue.
        _ => Vec::new(),
    }
}

/// Rules a kind's grid must obey before clues are read off it.
fn global_rules(kind: &str) -> Vec<String> {
    let diag =
        |cells: Vec<usize>| format!(r#"{{"type":"region","kind":"diagonal","cells":[{}]}}"#, names(&cells));
    match kind {
        "antiknight" | "antiking" | "nonconsecutive" => {
            vec![format!(r#"{{"type":"neighbours","kind":"{kind}"}}"#)]
        }
        "x_sudoku" => {
            vec![diag((0..9).map(|i| i * 10).collect()), diag((0..9).map(|i| i * 9 + 8 - i).collect())]
        }
        "windoku" => [10, 14, 46, 50]
            .iter()
            .map(|&o| {
                let cells: Vec<usize> = (0..9).map(|k| o + k / 3 * 9 + k % 3).collect();
                format!(r#"{{"type":"region","kind":"window","cells":[{}]}}"#, names(&cells))
            })
            .collect(),
        _ => Vec::new(),
    }
}

const KINDS: &[&str] = &[
    "killer",
    "thermo",
    "slow_thermo",
    "whisper",
    "dutch_whisper",
    "renban",
    "region_sum",
    "palindrome",
    "entropic",
    "modular",
    "parity",
    "zipper",
    "between",
    "lockout",
    "arrow",
    "kropki",
    "xv",
    "difference",
    "ratio",
    "greater_than",
    "little_killer",
    "sandwich",
    "xsum",
    "skyscraper",
    "rossini",
    "first_seen",
    "odd_even",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "x_sudoku",
    "windoku",
];

fn main() {
    let per_kind: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(6);
    let only: Option<String> = std::env::args().nth(2);
    for (k, kind) in KINDS.iter().enumerate() {
        if only.as_deref().is_some_and(|o| o != *kind) {
            continue;
        }
        let mut made = 0;
        let mut seed = 0u64;
        while made < per_kind {
            seed += 1;
            let mut rng = StdRng::seed_from_u64(1000 * k as u64 + seed);
            let mut rules = global_rules(kind);
            let grid = random_grid(&mut rng, &rules);
            rules.extend(clues(kind, &mut rng, &grid));
            // Givens leave in random order while the puzzle stays unique.
            let mut givens = grid;
            let mut order: Vec<usize> = (0..81).collect();
            order.shuffle(&mut rng);
            let mut decided = true;
            for c in order {
                let keep = givens[c];
                givens[c] = 0;
                match count(&givens, &rules) {
                    Some((1, _)) => {}
                    Some(_) => givens[c] = keep,
                    None => {
                        if std::env::var_os("VARIANT_SET_DEBUG").is_some() {
                            eprintln!("undecided: {}", document(&givens, None, &rules));
                        }
                        decided = false;
                        givens[c] = keep;
                    }
                }
            }
            // A puzzle whose givens could not all be tried, or that kept the solution grid's
            // every digit, is no bench puzzle.
            if !decided
                || givens.iter().all(|&v| v != 0)
                || count(&givens, &rules).map(|c| c.1) != Some(Some(grid))
            {
                eprintln!("{kind} seed {seed}: skipped");
                continue;
            }
            made += 1;
            let open = givens.iter().filter(|&&v| v == 0).count();
            eprintln!("{kind} seed {seed}: {} givens, {} rules", 81 - open, rules.len());
            println!(
                r#"{{"kind":"{kind}","seed":{seed},"document":{}}}"#,
                document(&givens, Some(&grid), &rules)
            );
        }
    }
}
