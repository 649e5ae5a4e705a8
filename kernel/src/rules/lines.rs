//! `line` (4.4): thermo, slow_thermo, whisper, renban, region_sum, palindrome, entropic, modular,
//! parity, zipper, between, lockout, double_arrow; closed whisper/renban/parity lines.

use super::{Constraint, Digits, Family, Layout};
use crate::format::RuleKind;

pub struct Lines;

/// A line's parameters with the spec's D = 9 defaults filled in.
struct Params<'a> {
    kind: &'a str,
    closed: bool,
    value: i64,
    groups: Vec<Vec<i64>>,
}

fn params<'a>(rule: &'a RuleKind, d: usize) -> Option<(Params<'a>, &'a [crate::format::Pos])> {
    let RuleKind::Line { kind, cells, closed, value, groups } = rule else { return None };
    let default_value = match kind.as_str() {
        "whisper" => 5,
        "modular" => 3,
        "lockout" => 4,
        _ => 0,
    };
    let default_groups = if d == 9 { vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]] } else { Vec::new() };
    Some((
        Params {
            kind,
            closed: *closed,
            value: value.unwrap_or(default_value),
            groups: groups.clone().unwrap_or(default_groups),
        },
        cells,
    ))
}

/// The group index of a digit in an entropic line (None when no group lists it).
fn group_of(groups: &[Vec<i64>], v: i64) -> Option<usize> {
    groups.iter().position(|g| g.contains(&v))
}

/// The spec's meaning of each kind on the digits x₀ … x_{n−1}.
fn holds(p: &Params, xs: &[i64], regions: &[Option<usize>]) -> bool {
    let n = xs.len();
    let pairs = || {
        let mut v: Vec<(i64, i64)> = xs.windows(2).map(|w| (w[0], w[1])).collect();
        if p.closed && n > 2 {
            v.push((xs[n - 1], xs[0]));
        }
        v
    };
    match p.kind {
        "thermo" => xs.windows(2).all(|w| w[0] < w[1]),
        "slow_thermo" => xs.windows(2).all(|w| w[0] <= w[1]),
        "whisper" => pairs().iter().all(|(a, b)| (a - b).abs() >= p.value),
        "parity" => pairs().iter().all(|(a, b)| (a - b).rem_euclid(2) == 1),
        "renban" => {
            let distinct = xs.iter().enumerate().all(|(i, x)| !xs[..i].contains(x));
            let (lo, hi) = (xs.iter().min().copied().unwrap_or(0), xs.iter().max().copied().unwrap_or(0));
            distinct && hi - lo == n as i64 - 1
        }
        "region_sum" => {
            let mut sums: Vec<i64> = Vec::new();
            for (i, &x) in xs.iter().enumerate() {
                if i > 0 && regions[i] == regions[i - 1] {
                    *sums.last_mut().expect("a run is open") += x;
                } else {
                    sums.push(x);
                }
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        "palindrome" => (0..n).all(|i| xs[i] == xs[n - 1 - i]),
        "entropic" => xs.windows(3.min(n)).all(|w| {
            let gs: Vec<Option<usize>> = w.iter().map(|&v| group_of(&p.groups, v)).collect();
            gs.iter().all(Option::is_some) && gs.iter().enumerate().all(|(i, g)| !gs[..i].contains(g))
        }),
        "modular" => {
            let m = p.value.max(1) as usize;
            xs.windows(m.min(n)).all(|w| {
                let rs: Vec<i64> = w.iter().map(|v| v.rem_euclid(p.value)).collect();
                rs.iter().enumerate().all(|(i, r)| !rs[..i].contains(r))
            })
        }
        "zipper" => {
            let target = xs[0] + xs[n - 1];
            (0..n / 2).all(|i| xs[i] + xs[n - 1 - i] == target)
                && (n.is_multiple_of(2) || xs[n / 2] == target)
        }
        "between" => {
            let (lo, hi) = (xs[0].min(xs[n - 1]), xs[0].max(xs[n - 1]));
            xs[1..n - 1].iter().all(|&x| lo < x && x < hi)
        }
        "lockout" => {
            let (lo, hi) = (xs[0].min(xs[n - 1]), xs[0].max(xs[n - 1]));
            hi - lo >= p.value && xs[1..n - 1].iter().all(|&x| x < lo || x > hi)
        }
        "double_arrow" => xs[0] + xs[n - 1] == xs[1..n - 1].iter().sum::<i64>(),
        _ => false,
    }
}

impl Family for Lines {
    fn satisfied(&self, rule: &RuleKind, digits: &Digits) -> bool {
        let Some((p, cells)) = params(rule, digits.layout.digits) else { return false };
        let regions: Vec<Option<usize>> =
            cells.iter().map(|&c| digits.layout.region_of[digits.layout.cell(c)]).collect();
        holds(&p, &digits.xs(cells), &regions)
    }

    fn compile(&self, rule: &RuleKind, layout: &Layout) -> Result<Vec<Constraint>, String> {
        let Some((p, cells)) = params(rule, layout.digits) else { return Ok(Vec::new()) };
        let ids = layout.cells(cells);
        let n = ids.len();
        let d = layout.digits;
        let mut out = Vec::new();
        let chain = |out: &mut Vec<Constraint>, closed: bool, test: &dyn Fn(i64, i64) -> bool| {
            for w in ids.windows(2) {
                out.push(Constraint::pair(w[0], w[1], d, test));
            }
            if closed && n > 2 {
                out.push(Constraint::pair(ids[n - 1], ids[0], d, test));
            }
        };
        // Lines on which cells k apart relate by a class (entropic groups, residues).
        let classes = |out: &mut Vec<Constraint>, period: usize, class: &dyn Fn(i64) -> Option<i64>| {
            for i in 0..n {
                for k in 1..=period {
                    if i + k < n {
                        let same = k == period;
                        out.push(Constraint::pair(
                            ids[i],
                            ids[i + k],
                            d,
                            |a, b| matches!((class(a), class(b)), (Some(x), Some(y)) if (x == y) == same),
                        ));
                    }
                }
            }
        };
        match p.kind {
            "thermo" => chain(&mut out, false, &|a, b| a < b),
            "slow_thermo" => chain(&mut out, false, &|a, b| a <= b),
            "whisper" => chain(&mut out, p.closed, &|a, b| (a - b).abs() >= p.value),
            "parity" => chain(&mut out, p.closed, &|a, b| (a - b).rem_euclid(2) == 1),
            "renban" => {
                out.push(Constraint::Distinct { cells: ids.clone() });
                out.push(Constraint::Window { cells: ids.clone() });
            }
            "palindrome" => {
                for i in 0..n / 2 {
                    out.push(Constraint::pair(ids[i], ids[n - 1 - i], d, |a, b| a == b));
                }
            }
            "entropic" => {
                // With three groups a window of three holds one of each, so the line repeats
                // its groups with period 3.
                if p.groups.len() == 3 {
                    let groups = p.groups.clone();
                    classes(&mut out, 3, &|v| group_of(&groups, v).map(|g| g as i64));
                }
            }
            "modular" => {
                let m = p.value;
                if m < 1 {
                    return Err("a modular line needs a value of at least 1".into());
                }
                classes(&mut out, m as usize, &|v| Some(v.rem_euclid(m)));
            }
            "zipper" => {
                // Every pair (i, n-1-i), and an odd line's middle, matches the outer pair.
                for i in 1..n / 2 {
                    out.push(Constraint::Linear {
                        terms: vec![(ids[0], 1), (ids[n - 1], 1), (ids[i], -1), (ids[n - 1 - i], -1)],
                        total: 0,
                    });
                }
                if n % 2 == 1 && n > 1 {
                    out.push(Constraint::Linear {
                        terms: vec![(ids[0], 1), (ids[n - 1], 1), (ids[n / 2], -1)],
                        total: 0,
                    });
                }
            }
            "between" => {
                out.push(Constraint::Between { ends: [ids[0], ids[n - 1]], middle: ids[1..n - 1].to_vec() })
            }
            "lockout" => {
                out.push(Constraint::pair(ids[0], ids[n - 1], d, |a, b| (a - b).abs() >= p.value));
                // Each middle cell against the two ends: the triples that keep it outside their
                // interval, so that a placed end narrows the middle at once.
                let span = |a: i64, b: i64| (a - b).abs() >= p.value;
                let mut triples = Vec::new();
                for a in 1..=d as i64 {
                    for b in (1..=d as i64).filter(|&b| span(a, b)) {
                        triples.extend(
                            (1..=d as i64)
                                .filter(|&x| x < a.min(b) || x > a.max(b))
                                .map(|x| vec![a as u8, b as u8, x as u8]),
                        );
                    }
                }
                for &m in &ids[1..n - 1] {
                    out.push(Constraint::Tuples {
                        cells: vec![ids[0], ids[n - 1], m],
                        tuples: triples.clone(),
                    });
                }
            }
            "double_arrow" => {
                let mut terms = vec![(ids[0], 1), (ids[n - 1], 1)];
                terms.extend(ids[1..n - 1].iter().map(|&c| (c, -1)));
                out.push(Constraint::Linear { terms, total: 0 });
            }
            "region_sum" => {
                // Runs of the path inside one region (the placed check's cut); neighbouring runs
                // have equal sums.
                let regions: Vec<Option<usize>> =
                    cells.iter().map(|&c| layout.region_of[layout.cell(c)]).collect();
                let mut runs: Vec<Vec<usize>> = Vec::new();
                for (i, &id) in ids.iter().enumerate() {
                    match runs.last_mut() {
                        Some(run) if regions[i] == regions[i - 1] => run.push(id),
                        _ => runs.push(vec![id]),
                    }
                }
                for w in runs.windows(2) {
                    let mut terms: Vec<(usize, i64)> = w[0].iter().map(|&c| (c, 1)).collect();
                    terms.extend(w[1].iter().map(|&c| (c, -1)));
                    out.push(Constraint::Linear { terms, total: 0 });
                }
            }
            other => return Err(format!("unknown line kind {other:?}")),
        }
        Ok(out)
    }

    /// The technique its deductions are named by (kernel/data/techniques.csv).
    fn technique(&self, rule: &RuleKind) -> &'static str {
        let RuleKind::Line { kind, .. } = rule else { return "TBL" };
        match kind.as_str() {
            "thermo" | "slow_thermo" | "whisper" | "between" | "lockout" => "LNR",
            "renban" => "RNB",
            "region_sum" | "zipper" => "EQS",
            "palindrome" => "EQD",
            "entropic" | "modular" | "parity" => "LNC",
            "double_arrow" => "ARW",
            _ => "TBL",
        }
    }

    fn scope(&self, rule: &RuleKind, layout: &Layout) -> Option<Vec<usize>> {
        let RuleKind::Line { cells, .. } = rule else { return None };
        Some(layout.cells(cells))
    }
}
