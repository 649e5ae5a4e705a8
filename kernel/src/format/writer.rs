//! The canonical writer (puzzle-format.md 5.3-5.4), following the reference release's
//! normalisation: a document read into the engine model and written back with one spelling per
//! mechanic. It never searches: a unique solution, when the export holds one, is proved by the
//! caller (`crate::export`) and handed in.

use super::canonical::{META_ORDER, order_keys};
use super::describe::describe_doc;
use super::document::{Area, Document, PairOp, Pos, Rule, RuleKind, Side, parse_cell_name};
use super::geometry::{adjacent, evenly_stepped, is_block, outside_fault, step, touching_path};
use super::houses::{grid_units, set_of};
use super::json::Json;
use super::rule_json::names;
use crate::board::standard_box;
use std::collections::{HashMap, HashSet};

fn rule(t: &str, members: Vec<(&str, Json)>) -> Json {
    let mut v = vec![("type".to_string(), Json::str(t))];
    v.extend(members.into_iter().map(|(k, x)| (k.to_string(), x)));
    Json::Obj(v)
}

/// An engine group (reference `read_houses`): kind row/col/box/diag/window/region/cage.
struct Group {
    kind: &'static str,
    cells: Vec<Pos>,
    total: Option<i64>,
    complete: bool,
}

fn engine_groups(doc: &Document) -> Vec<Group> {
    let d = doc.digits;
    let mut out: Vec<Group> = Vec::new();
    let mut seen: HashSet<Vec<Pos>> = HashSet::new();
    let mut add = |kind: &'static str, cells: Vec<Pos>, total: Option<i64>, out: &mut Vec<Group>| {
        if matches!(kind, "row" | "col" | "box") && !seen.insert(set_of(&cells)) {
            return;
        }
        let complete = cells.len() == d;
        out.push(Group { kind, cells, total, complete });
    };
    for r in &doc.rules {
        match &r.kind {
            RuleKind::Grid { origin } | RuleKind::BoxGrid { origin, .. } => {
                let shape = match r.kind {
                    RuleKind::BoxGrid { box_h, box_w, .. } => Some((box_h, box_w)),
                    _ => None,
                };
                for (k, cells) in
                    grid_units(doc, origin.r as isize, origin.c as isize, shape).expect("checked")
                {
                    add(k, cells, None, &mut out);
                }
            }
            RuleKind::Row { cells } => add("row", cells.clone(), None, &mut out),
            RuleKind::Column { cells } => add("col", cells.clone(), None, &mut out),
            RuleKind::Box { cells } => add("box", cells.clone(), None, &mut out),
            RuleKind::Region { kind, cells } => {
                let k = match kind.as_str() {
                    "diagonal" => "diag",
                    "window" => "window",
                    _ => "region",
                };
                add(k, cells.clone(), None, &mut out)
            }
            RuleKind::Cage { cells, sum } => add("cage", cells.clone(), *sum, &mut out),
            _ => {}
        }
    }
    out
}

fn straight(cells: &[Pos]) -> Option<&'static str> {
    let f = cells[0];
    if cells.iter().enumerate().all(|(i, p)| p.r == f.r && p.c == f.c + i) {
        return Some("row");
    }
    if cells.iter().enumerate().all(|(i, p)| p.c == f.c && p.r == f.r + i) {
        return Some("col");
    }
    None
}

fn factor_shapes(d: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if let Some((h, w)) = standard_box(d) {
        out.push((h, w));
        out.push((w, h));
    }
    for h in 2..d {
        if d.is_multiple_of(h) && !out.contains(&(h, d / h)) {
            out.push((h, d / h));
        }
    }
    out
}

struct Writer<'a> {
    doc: &'a Document,
    d: usize,
    /// (origin, cells) of the written grids.
    grid_areas: Vec<(Pos, HashSet<Pos>)>,
    /// Houses for "share a house" (rows, columns, boxes, diagonals, windows, regions).
    share: Vec<HashSet<Pos>>,
    /// Whether the text must read back: a relation pair outside an edge clue's bounds stays a
    /// relation. The fingerprint keeps the reference's spelling (an edge of value 0, which no
    /// reader accepts), so that fingerprints agree with the reference's.
    readable: bool,
}

impl Writer<'_> {
    fn is_disjoint(&self, cells: &[Pos]) -> bool {
        let d = self.d;
        let Some((bh, bw)) = standard_box(d) else { return false };
        if cells.len() != d || self.doc.rows != d || self.doc.cols != d {
            return false;
        }
        let inner: HashSet<(usize, usize)> = cells.iter().map(|p| (p.r % bh, p.c % bw)).collect();
        let boxes: HashSet<(usize, usize)> = cells.iter().map(|p| (p.r / bh, p.c / bw)).collect();
        inner.len() == 1 && boxes.len() == d
    }

    fn write_groups(&mut self) -> Vec<Json> {
        let doc = self.doc;
        let d = self.d;
        let gs = engine_groups(doc);
        let ncells = doc.cells().len();
        // eff_groups: jigsaw pieces stored as regions become boxes.
        let cand: Vec<usize> = (0..gs.len())
            .filter(|&k| {
                let g = &gs[k];
                g.kind == "region"
                    && g.complete
                    && g.total.is_none()
                    && g.cells.len() == d
                    && straight(&g.cells).is_none()
            })
            .collect();
        let mut piece: HashSet<usize> = HashSet::new();
        if !cand.is_empty() {
            let cover: Vec<Pos> = gs
                .iter()
                .enumerate()
                .filter(|(k, g)| g.kind == "box" || cand.contains(k))
                .flat_map(|(_, g)| g.cells.iter().copied())
                .collect();
            let uniq: HashSet<Pos> = cover.iter().copied().collect();
            if cover.len() == uniq.len() && uniq.len() == ncells {
                piece = cand.iter().copied().collect();
            }
        }
        let eff: Vec<(&'static str, &Group)> = gs
            .iter()
            .enumerate()
            .map(|(k, g)| {
                let mut kind = if piece.contains(&k) { "box" } else { g.kind };
                if g.total.is_some() && kind != "cage" {
                    kind = "cage";
                }
                (kind, g)
            })
            .collect();
        for g in &eff {
            if matches!(g.0, "row" | "col" | "box" | "diag" | "window" | "region") {
                self.share.push(g.1.cells.iter().copied().collect());
            }
        }
        let mut where_: HashMap<(&str, Vec<Pos>), Vec<usize>> = HashMap::new();
        let mut where_keys: Vec<(&str, Vec<Pos>)> = Vec::new();
        for (k, (kind, g)) in eff.iter().enumerate() {
            if matches!(*kind, "row" | "col" | "box") && g.total.is_none() && g.complete && g.cells.len() == d
            {
                let key = (*kind, set_of(&g.cells));
                if !where_.contains_key(&key) {
                    where_keys.push(key.clone());
                }
                where_.entry(key).or_default().push(k);
            }
        }
        let mut cands: Vec<(isize, isize)> = Vec::new();
        for (kind, fs) in &where_keys {
            if *kind == "row" {
                let m = fs.iter().min().expect("non-empty");
                for k in 0..d {
                    let c = (m.r as isize - k as isize, m.c as isize);
                    if !cands.contains(&c) {
                        cands.push(c);
                    }
                }
            }
        }
        struct GridItem {
            first: usize,
            r0: usize,
            c0: usize,
            shape: Option<(usize, usize)>,
            units: Vec<(&'static str, Vec<Pos>)>,
        }
        let mut grids: Vec<GridItem> = Vec::new();
        for (r0, c0) in cands {
            let Some(mut units) = grid_units(doc, r0, c0, None) else { continue };
            if !units.iter().all(|(k, c)| where_.contains_key(&(*k, set_of(c)))) {
                continue;
            }
            let mut shape = None;
            for s in factor_shapes(d) {
                let bu = grid_units(doc, r0, c0, Some(s)).expect("the area exists")[2 * d..].to_vec();
                if bu.iter().all(|(k, c)| where_.contains_key(&(*k, set_of(c)))) {
                    shape = Some(s);
                    units.extend(bu);
                    break;
                }
            }
            grids.push(GridItem { first: 0, r0: r0 as usize, c0: c0 as usize, shape, units });
        }
        let mut share_count: HashMap<Vec<Pos>, usize> = HashMap::new();
        for g in &grids {
            for (_, c) in &g.units {
                *share_count.entry(set_of(c)).or_default() += 1;
            }
        }
        for g in grids.iter_mut() {
            let own: Vec<&(&str, Vec<Pos>)> =
                g.units.iter().filter(|(_, c)| share_count[&set_of(c)] == 1).collect();
            let own: Vec<&(&str, Vec<Pos>)> = if own.is_empty() { g.units.iter().collect() } else { own };
            g.first = own.iter().map(|(k, c)| where_[&(*k, set_of(c))][0]).min().expect("units");
        }
        grids.sort_by_key(|g| (g.first, g.r0, g.c0));
        let mut items: Vec<(usize, Json)> = Vec::new();
        let mut covered: HashSet<Vec<Pos>> = HashSet::new();
        let mut used: HashSet<usize> = HashSet::new();
        for g in &grids {
            if g.units.iter().all(|(_, c)| covered.contains(&set_of(c))) {
                continue;
            }
            for (k, c) in &g.units {
                covered.insert(set_of(c));
                for &i in &where_[&(*k, set_of(c))] {
                    used.insert(i);
                }
            }
            let origin = Pos::new(g.r0, g.c0);
            let r = match g.shape {
                Some((h, w)) => rule(
                    "box_grid",
                    vec![("origin", Json::str(origin.name())), ("box", Json::ints([h as i64, w as i64]))],
                ),
                None => rule("grid", vec![("origin", Json::str(origin.name()))]),
            };
            self.grid_areas.push((origin, doc.grid_cells(origin).expect("exists").into_iter().collect()));
            items.push((g.first, r));
        }
        let mut seen = covered;
        for (k, (kind, g)) in eff.iter().enumerate() {
            if used.contains(&k) {
                continue;
            }
            if matches!(*kind, "row" | "col" | "box") && !seen.insert(set_of(&g.cells)) {
                continue;
            }
            let r = match *kind {
                "cage" => {
                    let mut m = Vec::new();
                    if let Some(s) = g.total {
                        m.push(("sum", Json::Int(s)));
                    }
                    m.push(("cells", names(&g.cells)));
                    rule("cage", m)
                }
                "row" | "box" => rule(kind, vec![("cells", names(&g.cells))]),
                "col" => rule("column", vec![("cells", names(&g.cells))]),
                "diag" => rule("region", vec![("kind", Json::str("diagonal")), ("cells", names(&g.cells))]),
                "window" => rule("region", vec![("kind", Json::str("window")), ("cells", names(&g.cells))]),
                _ => {
                    let k = if self.is_disjoint(&g.cells) { "disjoint" } else { "extra" };
                    rule("region", vec![("kind", Json::str(k)), ("cells", names(&g.cells))])
                }
            };
            items.push((k, r));
        }
        items.sort_by_key(|(k, _)| *k);
        // Grid areas in the written order.
        let order: Vec<Pos> = items
            .iter()
            .filter_map(|(_, r)| r.get("origin").and_then(Json::as_str).and_then(parse_cell_name))
            .collect();
        self.grid_areas.sort_by_key(|(o, _)| order.iter().position(|x| x == o));
        items.into_iter().map(|(_, r)| r).collect()
    }

    fn all_mask(&self) -> u64 {
        (1u64 << self.d) - 1
    }

    fn mask_of(vals: impl IntoIterator<Item = i64>) -> u64 {
        vals.into_iter().filter(|v| (1..=63).contains(v)).fold(0, |m, v| m | 1 << (v - 1))
    }

    fn parity_mask(&self, odd: bool) -> u64 {
        Self::mask_of((1..=self.d as i64).filter(|v| (v % 2 == 1) == odd))
    }

    /// Cell marks (5.3 "Cell marks") and the candidates they imply.
    fn cell_clues(&self) -> (Vec<Json>, HashMap<Pos, u64>) {
        let doc = self.doc;
        let d = self.d as i64;
        let mut implied: HashMap<Pos, u64> = HashMap::new();
        let mut out = Vec::new();
        let mut done: HashSet<usize> = HashSet::new();
        let imply = |cells: &[Pos], m: u64, implied: &mut HashMap<Pos, u64>| {
            for c in cells {
                *implied.entry(*c).or_insert(self.all_mask()) &= m;
            }
        };
        let all_cells = doc.cells();
        for (i, r) in doc.rules.iter().enumerate() {
            if done.contains(&i) {
                continue;
            }
            match &r.kind {
                RuleKind::Cell { kind, cells, .. } | RuleKind::Corner { kind, cells, .. }
                    if matches!(kind.as_str(), "odd" | "even")
                        || matches!(&r.kind, RuleKind::Corner { op: Some(o), .. } if o == "odd" || o == "even") =>
                {
                    let par = match &r.kind {
                        RuleKind::Corner { op: Some(o), .. } => o.clone(),
                        _ => kind.clone(),
                    };
                    imply(cells, self.parity_mask(par == "odd"), &mut implied);
                    out.push(self.parity_rule(&par, cells));
                }
                RuleKind::Cell { kind, cells, values, .. } if kind == "set" => {
                    imply(cells, Self::mask_of(values.iter().copied()), &mut implied);
                    out.push(rule(
                        "cell",
                        vec![
                            ("kind", Json::str("set")),
                            ("values", Json::ints(values.iter().copied())),
                            ("cells", names(cells)),
                        ],
                    ));
                }
                RuleKind::Cell { kind, cells, values, .. } if kind == "exclude" => {
                    for &v in values {
                        imply(cells, self.all_mask() & !Self::mask_of([v]), &mut implied);
                        out.push(self.exclude_rule(v, cells));
                    }
                }
                RuleKind::Corner { kind, cells, value: Some(v), .. } if kind == "exclude" => {
                    imply(cells, self.all_mask() & !Self::mask_of([*v]), &mut implied);
                    out.push(self.exclude_rule(*v, cells));
                }
                RuleKind::Cell { kind, split: Some(split), .. }
                | RuleKind::Negative { of: _, selector: Some(Json::Str(kind)), split: Some(split), .. }
                    if matches!(kind.as_str(), "low" | "high")
                        && (matches!(&r.kind, RuleKind::Cell { .. })
                            || matches!(&r.kind, RuleKind::Negative { of, .. } if of == "cell")) =>
                {
                    let split = *split;
                    let lh = |x: &RuleKind| matches!(x, RuleKind::Cell { kind, split: Some(s), .. } if (kind == "low" || kind == "high") && *s == split);
                    let hi_rules: Vec<usize> =
                        (0..doc.rules.len()).filter(|&j| lh(&doc.rules[j].kind)).collect();
                    let negs: Vec<usize> = (0..doc.rules.len())
                        .filter(|&j| matches!(&doc.rules[j].kind, RuleKind::Negative { of, selector: Some(Json::Str(k)), split: Some(s), .. } if of == "cell" && (k == "low" || k == "high") && *s == split))
                        .collect();
                    let low_mask = Self::mask_of(1..=split);
                    let high_mask = Self::mask_of(split + 1..=d);
                    if negs.is_empty() {
                        if let RuleKind::Cell { kind, cells, .. } = &r.kind {
                            let (vals, m): (Vec<i64>, u64) = if kind == "low" {
                                ((1..=split).collect(), low_mask)
                            } else {
                                ((split + 1..=d).collect(), high_mask)
                            };
                            imply(cells, m, &mut implied);
                            out.push(rule(
                                "cell",
                                vec![
                                    ("kind", Json::str("set")),
                                    ("values", Json::ints(vals)),
                                    ("cells", names(cells)),
                                ],
                            ));
                        }
                        continue;
                    }
                    let RuleKind::Negative { selector: Some(Json::Str(nk)), .. } = &doc.rules[negs[0]].kind
                    else {
                        unreachable!()
                    };
                    done.extend(hi_rules.iter().copied());
                    done.extend(negs.iter().copied());
                    let marked: HashSet<Pos> = hi_rules
                        .iter()
                        .filter_map(|&j| match &doc.rules[j].kind {
                            RuleKind::Cell { kind, cells, .. } if kind == nk => Some(cells.clone()),
                            _ => None,
                        })
                        .flatten()
                        .collect();
                    let high: Vec<Pos> = if nk == "high" {
                        let mut v: Vec<Pos> = marked.iter().copied().collect();
                        v.sort();
                        v
                    } else {
                        all_cells.iter().copied().filter(|c| !marked.contains(c)).collect()
                    };
                    let low: Vec<Pos> = all_cells.iter().copied().filter(|c| !high.contains(c)).collect();
                    imply(&high, high_mask, &mut implied);
                    imply(&low, low_mask, &mut implied);
                    out.push(rule(
                        "cell",
                        vec![
                            ("kind", Json::str("high")),
                            ("split", Json::Int(split)),
                            ("cells", names(&high)),
                        ],
                    ));
                    out.push(rule(
                        "negative",
                        vec![
                            ("of", Json::str("cell")),
                            ("kind", Json::str("high")),
                            ("split", Json::Int(split)),
                        ],
                    ));
                }
                RuleKind::Negative { of, selector: Some(Json::Str(k)), area, .. }
                    if of == "cell" && (k == "odd" || k == "even") =>
                {
                    let marked: HashSet<Pos> = doc
                        .rules
                        .iter()
                        .filter_map(|x| match &x.kind {
                            RuleKind::Cell { kind, cells, .. } if kind == k => Some(cells.clone()),
                            _ => None,
                        })
                        .flatten()
                        .collect();
                    let scope: Option<HashSet<Pos>> =
                        area.as_ref().map(|a| doc.area_cells(a).into_iter().collect());
                    let rest: Vec<Pos> = all_cells
                        .iter()
                        .copied()
                        .filter(|c| scope.as_ref().is_none_or(|s| s.contains(c)) && !marked.contains(c))
                        .collect();
                    if !rest.is_empty() {
                        let other = if k == "odd" { "even" } else { "odd" };
                        imply(&rest, self.parity_mask(other == "odd"), &mut implied);
                        out.push(self.parity_rule(other, &rest));
                    }
                }
                _ => {}
            }
        }
        (out, implied)
    }

    fn parity_rule(&self, par: &str, cells: &[Pos]) -> Json {
        if is_block(cells) {
            rule(
                "corner",
                vec![("kind", Json::str("mathrax")), ("op", Json::str(par)), ("cells", names(cells))],
            )
        } else {
            rule("cell", vec![("kind", Json::str(par)), ("cells", names(cells))])
        }
    }

    fn exclude_rule(&self, v: i64, cells: &[Pos]) -> Json {
        if is_block(cells) {
            rule(
                "corner",
                vec![("kind", Json::str("exclude")), ("value", Json::Int(v)), ("cells", names(cells))],
            )
        } else {
            rule(
                "cell",
                vec![("kind", Json::str("exclude")), ("values", Json::ints([v])), ("cells", names(cells))],
            )
        }
    }

    fn share_house(&self, a: Pos, b: Pos) -> bool {
        self.share.iter().any(|h| h.contains(&a) && h.contains(&b))
    }

    /// The allowed ordered pairs of a numbered pair clue between two cells.
    fn pair_table(&self, a: Pos, b: Pos, ok: &dyn Fn(i64, i64) -> bool) -> HashSet<(i64, i64)> {
        let same = self.share_house(a, b);
        let d = self.d as i64;
        let mut out = HashSet::new();
        for u in 1..=d {
            for v in 1..=d {
                if (u != v || !same) && ok(u, v) {
                    out.insert((u, v));
                }
            }
        }
        out
    }

    /// The first (kind, value) of the numbered clue search whose pair set equals `table`
    /// (with or without the u = v pairs).
    fn recognise(&self, table: &HashSet<(i64, i64)>) -> Option<(&'static str, i64)> {
        let d = self.d as i64;
        let no_eq: HashSet<(i64, i64)> = table.iter().copied().filter(|(u, v)| u != v).collect();
        type Test = fn(i64, i64, i64) -> bool;
        let kinds: [(&str, i64, Test); 4] = [
            ("difference", 2 * d, |u, v, k| (u - v).abs() == k),
            ("sum", 2 * d, |u, v, k| u + v == k),
            ("ratio", 2 * d, |u, v, k| u == k * v || v == k * u),
            ("product", d * d, |u, v, k| u * v == k),
        ];
        for (kind, max, f) in kinds {
            for k in 1..=max {
                let mut full = HashSet::new();
                for u in 1..=d {
                    for v in 1..=d {
                        if f(u, v, k) {
                            full.insert((u, v));
                        }
                    }
                }
                let full_no_eq: HashSet<(i64, i64)> = full.iter().copied().filter(|(u, v)| u != v).collect();
                if full == *table || full_no_eq == *table || full == no_eq {
                    return Some((kind, k));
                }
            }
        }
        None
    }

    fn numbered_ok(kind: &str, k: i64) -> Box<dyn Fn(i64, i64) -> bool> {
        match kind {
            "difference" | "-" => Box::new(move |u, v| (u - v).abs() == k),
            "sum" | "+" => Box::new(move |u, v| u + v == k),
            "ratio" | "/" => Box::new(move |u, v| u == k * v || v == k * u),
            _ => Box::new(move |u, v| u * v == k),
        }
    }

    fn numbered_edge(&self, a: Pos, b: Pos, kind: &str, k: i64) -> Json {
        let t = self.pair_table(a, b, &*Self::numbered_ok(kind, k));
        if t.is_empty() {
            // A clue no digit pair satisfies: the reference writes its (empty) table.
            return rule("table", vec![("cells", names(&[a, b])), ("allowed", Json::Arr(vec![]))]);
        }
        let (kind, v) = self.recognise(&t).unwrap_or(match kind {
            "difference" => ("difference", k),
            "sum" => ("sum", k),
            "ratio" => ("ratio", k),
            _ => ("product", k),
        });
        let key = if kind == "sum" { "sum" } else { "value" };
        rule("edge", vec![("kind", Json::str(kind)), (key, Json::Int(v)), ("cells", names(&[a, b]))])
    }

    fn outside_side(&self, cells: &[Pos], _diagonal: bool) -> Option<Side> {
        let doc = self.doc;
        let p = cells[0];
        let cand: Vec<(Side, (isize, isize))> = if cells.len() == 1 {
            Side::ALL.iter().map(|s| (*s, s.step())).collect()
        } else {
            let (dr, dc) = step(p, cells[1]);
            if !evenly_stepped(cells) {
                return None;
            }
            let v = if dr == 1 { Side::Top } else { Side::Bottom };
            let h = if dc == 1 { Side::Left } else { Side::Right };
            if dc == 0 && dr.abs() == 1 {
                vec![(v, (-dr, 0))]
            } else if dr == 0 && dc.abs() == 1 {
                vec![(h, (0, -dc))]
            } else if dr.abs() == 1 && dc.abs() == 1 {
                // The reference recomputes diagonal sides the same way for every clue kind.
                vec![(v, (-dr, 0)), (h, (0, -dc))]
            } else {
                vec![]
            }
        };
        cand.into_iter()
            .find(|(_, (sr, sc))| !doc.is_cell_at(p.r as isize + sr, p.c as isize + sc))
            .map(|(s, _)| s)
    }

    /// Orthogonal pairs (reading order, steps right then down) kept inside one grid area.
    fn ortho_pairs(&self, scope: Option<&HashSet<Pos>>) -> Vec<(Pos, Pos)> {
        let doc = self.doc;
        let mut out = Vec::new();
        for p in doc.cells() {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let q = Pos::new(p.r + dr, p.c + dc);
                if !doc.is_cell(q) {
                    continue;
                }
                if let Some(s) = scope
                    && !(s.contains(&p) && s.contains(&q))
                {
                    continue;
                }
                if !self.grid_areas.is_empty()
                    && !self.grid_areas.iter().any(|(_, a)| a.contains(&p) && a.contains(&q))
                {
                    continue;
                }
                out.push((p, q));
            }
        }
        out
    }

    /// Pair-clue rules and constraint rules, each in file order; and the rossini group with the
    /// lengths of both streams where it stands (and whether it has its negative).
    fn write_rules(&self) -> (Vec<Json>, Vec<Json>, Option<RossiniGroup>) {
        let doc = self.doc;
        let mut pairs: Vec<PairEntry> = Vec::new();
        let mut cons: Vec<Json> = Vec::new();
        let family_edges = |fam: &str| -> HashSet<(Pos, Pos)> {
            doc.rules
                .iter()
                .filter_map(|r| match &r.kind {
                    RuleKind::Edge { kind, cells, .. } if kind == fam => {
                        Some((cells[0].min(cells[1]), cells[0].max(cells[1])))
                    }
                    _ => None,
                })
                .collect()
        };
        let mut rossini: Option<RossiniGroup> = None;
        let mut battenburg_done = false;
        let mut aside: HashMap<usize, Aside> = HashMap::new();
        for r in &doc.rules {
            match &r.kind {
                RuleKind::Rossini { .. } | RuleKind::Negative { .. }
                    if matches!(&r.kind, RuleKind::Rossini { .. })
                        || matches!(&r.kind, RuleKind::Negative { of, .. } if of == "rossini") =>
                {
                    if rossini.is_none() {
                        rossini = Some(self.rossini_group(pairs.len(), cons.len()));
                    }
                    continue;
                }
                RuleKind::Corner { .. } | RuleKind::Negative { .. }
                    if matches!(&r.kind, RuleKind::Corner { kind, .. } if kind == "battenburg")
                        || matches!(&r.kind, RuleKind::Negative { of, .. } if of == "battenburg") =>
                {
                    if !battenburg_done {
                        battenburg_done = true;
                        let (group, whole) = self.battenburg_group();
                        if whole {
                            aside.extend((cons.len()..cons.len() + group.len()).map(|i| (i, Aside::Whole)));
                        }
                        cons.extend(group);
                    }
                    continue;
                }
                RuleKind::Edge { kind, cells, value, .. } => match kind.as_str() {
                    "kropki" | "xv" | "less" => pairs.push(PairEntry::Rule(r.kind.to_json())),
                    _ => cons.push(self.numbered_edge(cells[0], cells[1], kind, value.unwrap_or(0))),
                },
                RuleKind::Corner { kind, cells, op: Some(op), value: Some(v) } if kind == "mathrax" => {
                    let ok = Self::numbered_ok(op, *v);
                    let t1 = self.pair_table(cells[0], cells[3], &*ok);
                    let t2 = self.pair_table(cells[1], cells[2], &*ok);
                    let (a, b) = (self.recognise(&t1), self.recognise(&t2));
                    let (o, val) = match (a, b) {
                        (Some(x), Some(y)) if x == y => {
                            let o = match x.0 {
                                "difference" => "-",
                                "sum" => "+",
                                "ratio" => "/",
                                _ => "x",
                            };
                            (o.to_string(), x.1)
                        }
                        _ => (op.clone(), *v),
                    };
                    cons.push(rule(
                        "corner",
                        vec![
                            ("kind", Json::str("mathrax")),
                            ("op", Json::str(o)),
                            ("value", Json::Int(val)),
                            ("cells", names(cells)),
                        ],
                    ));
                }
                RuleKind::Relation { op, pairs: prs } => {
                    let prs: Vec<(Pos, Pos)> = prs.iter().map(|pr| (pr[0], pr[1])).collect();
                    push_run(&mut pairs, &op.op, &op.params, prs);
                }
                RuleKind::Neighbours { .. } => {
                    if let Some(entry) = self.neighbours(&r.kind) {
                        match entry {
                            PairEntry::Run { op, params, pairs: prs } => {
                                push_run(&mut pairs, &op, &params, prs)
                            }
                            kept => pairs.push(kept),
                        }
                    }
                }
                RuleKind::Negative { of, selector, area, .. }
                    if matches!(of.as_str(), "kropki" | "xv" | "difference" | "ratio" | "sum") =>
                {
                    // The relations an uncovered pair gets, in the reference's expansion order.
                    let rels: Vec<(&str, Json)> =
                        match (of.as_str(), selector.as_ref().and_then(Json::as_str)) {
                            ("kropki", Some("white")) => vec![("not_consecutive", Json::Arr(vec![]))],
                            ("kropki", Some(_)) => vec![("not_ratio", Json::ints([2]))],
                            ("kropki", None) => {
                                vec![("not_consecutive", Json::Arr(vec![])), ("not_ratio", Json::ints([2]))]
                            }
                            ("xv", Some("X")) => vec![("not_sum", Json::ints([10]))],
                            ("xv", Some(_)) => vec![("not_sum", Json::ints([5]))],
                            ("xv", None) => vec![("not_sum", Json::ints([10])), ("not_sum", Json::ints([5]))],
                            (o, _) => {
                                let v = selector.as_ref().and_then(Json::as_int).unwrap_or(0);
                                let name = match o {
                                    "difference" => "not_difference",
                                    "ratio" => "not_ratio",
                                    _ => "not_sum",
                                };
                                vec![(name, Json::ints([v]))]
                            }
                        };
                    let exempt = family_edges(of);
                    let scope: Option<HashSet<Pos>> =
                        area.as_ref().map(|a| doc.area_cells(a).into_iter().collect());
                    let prs: Vec<(Pos, Pos)> = self
                        .ortho_pairs(scope.as_ref())
                        .into_iter()
                        .filter(|(a, b)| !exempt.contains(&((*a).min(*b), (*a).max(*b))))
                        .collect();
                    if prs.is_empty() {
                        continue;
                    }
                    for (op_name, params) in rels {
                        push_run(&mut pairs, op_name, &params, prs.clone());
                    }
                }
                RuleKind::Negative { of, selector, area, .. } if of == "product" => {
                    let fam = if of == "sum" { "sum".to_string() } else { of.clone() };
                    let exempt = family_edges(&fam);
                    let scope: Option<HashSet<Pos>> =
                        area.as_ref().map(|a| doc.area_cells(a).into_iter().collect());
                    let uncovered =
                        self.ortho_pairs(scope.as_ref()).into_iter().filter(|p| !exempt.contains(p)).count();
                    if uncovered == 0 {
                        continue;
                    }
                    let (of2, sel) = match (of.as_str(), selector) {
                        ("difference", Some(Json::Int(1))) => ("kropki", Some(("color", Json::str("white")))),
                        ("kropki", Some(s)) => ("kropki", Some(("color", s.clone()))),
                        ("xv", Some(s)) => ("xv", Some(("letter", s.clone()))),
                        ("sum", Some(s)) => ("sum", Some(("sum", s.clone()))),
                        (o, Some(s)) if o != "kropki" && o != "xv" => (o, Some(("value", s.clone()))),
                        (o, _) => (o, None),
                    };
                    let no_dots = family_edges("kropki").is_empty();
                    if of2 == "kropki"
                        && sel.as_ref().is_some_and(|(_, v)| v.as_str() == Some("white"))
                        && no_dots
                        && self.grid_areas.len() <= 1
                        && area.is_none()
                    {
                        pairs.push(PairEntry::Rule(rule(
                            "neighbours",
                            vec![("kind", Json::str("nonconsecutive"))],
                        )));
                        continue;
                    }
                    let mut m = vec![("of", Json::str(of2))];
                    if let Some(s) = sel {
                        m.push(s);
                    }
                    if let Some(a) = area {
                        match a {
                            Area::Origin(o) => m.push(("area", Json::str(o.name()))),
                            Area::Cells(c) => {
                                let cs: HashSet<Pos> = c.iter().copied().collect();
                                if let Some((o, _)) = self.grid_areas.iter().find(|(_, g)| *g == cs) {
                                    if self.grid_areas.len() > 1 {
                                        m.push(("area", Json::str(o.name())));
                                    }
                                } else {
                                    m.push(("area", names(c)));
                                }
                            }
                        }
                    }
                    pairs.push(PairEntry::Rule(rule("negative", m)));
                }
                RuleKind::Line { kind, cells, closed, value, groups } => {
                    let d = self.d;
                    match kind.as_str() {
                        "lockout" => {
                            let k = value.unwrap_or(4);
                            let (a, b) = (cells[0], cells[cells.len() - 1]);
                            push_run(&mut pairs, "difference_at_least", &Json::ints([k]), vec![(a, b)]);
                            let d = d as i64;
                            let mut tab = Vec::new();
                            for x in 1..=d {
                                for y in 1..=d {
                                    if (x - y).abs() < k {
                                        continue;
                                    }
                                    for z in 1..=d {
                                        if z < x.min(y) || z > x.max(y) {
                                            tab.push(Json::ints([x, y, z]));
                                        }
                                    }
                                }
                            }
                            for &c in &cells[1..cells.len() - 1] {
                                cons.push(rule(
                                    "table",
                                    vec![("cells", names(&[a, b, c])), ("allowed", Json::Arr(tab.clone()))],
                                ));
                            }
                        }
                        "double_arrow" if cells.len() <= 4 => cons
                            .push(rule("line", vec![("kind", Json::str("zipper")), ("cells", names(cells))])),
                        _ => {
                            let mut m = vec![("kind", Json::str(kind))];
                            if kind == "whisper" && (value.is_some() || d != 9) {
                                m.push(("value", Json::Int(value.unwrap_or(5))));
                            }
                            if kind == "modular" && d != 9 {
                                m.push(("value", Json::Int(3)));
                            }
                            if kind == "entropic" && d != 9 {
                                let third = |v: usize| {
                                    if d.is_multiple_of(3) { (v - 1) * 3 / d } else { (v - 1) / 3 }
                                };
                                let gs: Vec<Json> = (0..3)
                                    .map(|g| Json::ints((1..=d).filter(|&v| third(v) == g).map(|v| v as i64)))
                                    .collect();
                                m.push(("groups", Json::Arr(gs)));
                            }
                            let _ = groups;
                            if *closed && (kind == "whisper" || kind == "parity") {
                                m.push(("closed", Json::Bool(true)));
                            }
                            m.push(("cells", names(cells)));
                            cons.push(rule("line", m));
                        }
                    }
                }
                RuleKind::Arrow { bulb, lines } => {
                    let merged = cons.last_mut().is_some_and(|l| {
                        l.get("type").and_then(Json::as_str) == Some("arrow")
                            && l.get("bulb") == Some(&names(bulb))
                    });
                    if merged {
                        if let Some(Json::Obj(m)) = cons.last_mut()
                            && let Some((_, Json::Arr(ls))) = m.iter_mut().find(|(k, _)| k == "lines")
                        {
                            ls.extend(lines.iter().map(|l| names(l)));
                        }
                    } else {
                        cons.push(rule(
                            "arrow",
                            vec![
                                ("bulb", names(bulb)),
                                ("lines", Json::Arr(lines.iter().map(|l| names(l)).collect())),
                            ],
                        ));
                    }
                }
                RuleKind::Sum { kind, sum, cells, .. } => {
                    let k = if kind == "little_killer" {
                        "little_killer"
                    } else if cells.len() >= 2
                        && cells.len() < self.d
                        && self
                            .outside_side(cells, false)
                            .is_some_and(|s| outside_fault(self.doc, s, cells, false).is_none())
                    {
                        "frame"
                    } else if is_block(cells) {
                        "corner"
                    } else {
                        "group"
                    };
                    let mut m = vec![("kind", Json::str(k)), ("sum", Json::Int(*sum))];
                    if k == "little_killer" || k == "frame" {
                        let s = self.outside_side(cells, k == "little_killer").map_or("top", Side::name);
                        m.push(("side", Json::str(s)));
                    }
                    m.push(("cells", names(cells)));
                    cons.push(rule("sum", m));
                }
                RuleKind::Sandwich { cells, .. }
                | RuleKind::Xsum { cells, .. }
                | RuleKind::Skyscraper { cells, .. } => {
                    cons.push(self.with_side(&r.kind, cells, false));
                }
                RuleKind::FirstSeen { cells, digits, .. } => {
                    let mut m = self.with_side(&r.kind, cells, false);
                    if digits.is_empty()
                        && let Json::Obj(o) = &mut m
                    {
                        o.retain(|(k, _)| k != "digits");
                        o.push(("digits".into(), Json::ints([1, 2, 3])));
                    }
                    cons.push(m);
                }
                RuleKind::DistinctCount { value, cells, .. } => {
                    let mut m = vec![("value", Json::Int(*value))];
                    if cells.len() >= 2
                        && let Some(s) = self
                            .outside_side(cells, true)
                            .filter(|s| outside_fault(self.doc, *s, cells, true).is_none())
                    {
                        m.push(("side", Json::str(s.name())));
                    }
                    m.push(("cells", names(cells)));
                    cons.push(rule("distinct_count", m));
                }
                RuleKind::Count { cells, counts: Some(cs), .. } => {
                    let mut by: Vec<(i64, i64)> = Vec::new();
                    for &(dg, n) in cs {
                        if let Some(e) = by.iter_mut().find(|e| e.0 == dg) {
                            e.1 = n;
                        } else {
                            by.push((dg, n));
                        }
                    }
                    by.sort();
                    cons.push(rule(
                        "count",
                        vec![
                            ("counts", Json::Arr(by.into_iter().map(|(a, b)| Json::ints([a, b])).collect())),
                            ("cells", names(cells)),
                        ],
                    ));
                }
                RuleKind::EqualSum { segments } => cons.push(self.equal_sum(segments)),
                RuleKind::Table { allowed, offsets, cells } => {
                    let placements: Vec<Vec<Pos>> = match (offsets, cells) {
                        (Some(offs), _) => doc
                            .cells()
                            .into_iter()
                            .filter_map(|p| {
                                offs.iter()
                                    .map(|(dr, dc)| {
                                        let (r, c) = (p.r as i64 + dr, p.c as i64 + dc);
                                        (r >= 0 && c >= 0 && doc.is_cell(Pos::new(r as usize, c as usize)))
                                            .then(|| Pos::new(r as usize, c as usize))
                                    })
                                    .collect::<Option<Vec<Pos>>>()
                            })
                            .collect(),
                        (None, Some(cs)) => vec![cs.clone()],
                        (None, None) => Vec::new(),
                    };
                    for cs in placements {
                        self.push_table(&mut cons, &cs, allowed);
                    }
                }
                RuleKind::Rossini { .. }
                | RuleKind::Corner { kind: _, op: None, value: None, .. }
                | RuleKind::Contains { .. }
                | RuleKind::Appears { .. }
                | RuleKind::Clone { .. }
                | RuleKind::Isomorphic { .. }
                | RuleKind::Count { .. }
                | RuleKind::GlobalEntropy
                | RuleKind::Vudoku { .. } => {
                    if matches!(&r.kind, RuleKind::Corner { kind, .. } if kind != "battenburg") {
                        continue;
                    }
                    if matches!(
                        &r.kind,
                        RuleKind::Contains { .. }
                            | RuleKind::Vudoku { .. }
                            | RuleKind::Isomorphic { .. }
                            | RuleKind::GlobalEntropy
                    ) {
                        aside.insert(cons.len(), Aside::Named);
                    }
                    cons.push(r.kind.to_json())
                }
                RuleKind::Negative { of, .. } if of == "rossini" => cons.push(r.kind.to_json()),
                _ => {}
            }
        }
        // The relation runs re-recognised; the rossini group's place moves with them.
        let rossini_at = rossini.as_ref().map(|g| g.pairs_at);
        let mut out = Vec::new();
        let mut out_at = None;
        for (i, entry) in pairs.into_iter().enumerate() {
            if rossini_at == Some(i) {
                out_at = Some(out.len());
            }
            match entry {
                PairEntry::Rule(r) => out.push(r),
                PairEntry::Run { op, params, pairs: prs } => {
                    out.extend(self.pair_rules(&op, &params, &prs, &family_edges))
                }
            }
        }
        let (cons, cons_at) = self.window_sets(cons, &aside);
        if let Some(g) = rossini.as_mut() {
            g.pairs_at = out_at.unwrap_or(out.len());
            g.cons_at = cons_at[g.cons_at.min(cons_at.len() - 1)];
        }
        (out, cons, rossini)
    }

    /// The reference's pair clue of a 2-cell table: ("-" | "+" | "/" | "x", value) when its allowed
    /// pairs are exactly one clue's (with or without equal digits), first difference, then sum,
    /// ratio and product, each by value.
    fn pair_clue(&self, allowed: &[Vec<i64>]) -> Option<(&'static str, i64)> {
        if allowed.iter().any(|t| t.len() != 2) {
            return None;
        }
        let table: HashSet<(i64, i64)> = allowed.iter().map(|t| (t[0], t[1])).collect();
        let d = self.d as i64;
        type Test = fn(i64, i64, i64) -> bool;
        let kinds: [(&str, i64, Test); 4] = [
            ("-", 2 * d, |u, v, k| (u - v).abs() == k),
            ("+", 2 * d, |u, v, k| u + v == k),
            ("/", 2 * d, |u, v, k| u == k * v || v == k * u),
            ("x", d * d, |u, v, k| u * v == k),
        ];
        for (op, max, f) in kinds {
            for k in 1..=max {
                let full: HashSet<(i64, i64)> =
                    (1..=d).flat_map(|u| (1..=d).map(move |v| (u, v))).filter(|&(u, v)| f(u, v, k)).collect();
                let no_eq: HashSet<(i64, i64)> = full.iter().copied().filter(|(u, v)| u != v).collect();
                if (!full.is_empty() && full == table) || (!no_eq.is_empty() && no_eq == table) {
                    return Some((op, k));
                }
            }
        }
        None
    }

    /// A table (one placement) as the reference writes it back: a 2-cell table on adjacent cells
    /// that is a numbered pair clue becomes that edge; two 2-cell tables on the diagonals TL-BR then
    /// TR-BL of a 2x2 block with the same clue become a mathrax corner; the marked battenburg table
    /// on a 2x2 block its corner; a 2x2 quadruple table `contains`; anything else a table. (Whole
    /// sets of window tables are found afterwards, see [`Self::window_sets`].)
    fn push_table(&self, cons: &mut Vec<Json>, cs: &[Pos], allowed: &[Vec<i64>]) {
        let clue = if cs.len() == 2 { self.pair_clue(allowed) } else { None };
        if let Some((op, v)) = clue {
            if adjacent(cs[0], cs[1]) {
                let (kind, key) = match op {
                    "-" => ("difference", "value"),
                    "+" => ("sum", "sum"),
                    "/" => ("ratio", "value"),
                    _ => ("product", "value"),
                };
                cons.push(rule(
                    "edge",
                    vec![("kind", Json::str(kind)), (key, Json::Int(v)), ("cells", names(cs))],
                ));
                return;
            }
            let prev = cons.last().and_then(|l| {
                if l.get("type").and_then(Json::as_str) != Some("table") {
                    return None;
                }
                let cells: Vec<Pos> = l
                    .get("cells")?
                    .as_arr()?
                    .iter()
                    .map(|c| c.as_str().and_then(parse_cell_name))
                    .collect::<Option<Vec<Pos>>>()?;
                let al: Vec<Vec<i64>> = l
                    .get("allowed")?
                    .as_arr()?
                    .iter()
                    .map(|t| t.as_arr().map(|x| x.iter().filter_map(Json::as_int).collect()))
                    .collect::<Option<Vec<Vec<i64>>>>()?;
                Some((cells, al))
            });
            if let Some((pc, pa)) = prev
                && pc.len() == 2
            {
                let blk = [pc[0], cs[0], cs[1], pc[1]];
                if is_block(&blk) && self.pair_clue(&pa) == Some((op, v)) {
                    cons.pop();
                    cons.push(rule(
                        "corner",
                        vec![
                            ("kind", Json::str("mathrax")),
                            ("op", Json::str(op)),
                            ("value", Json::Int(v)),
                            ("cells", names(&blk)),
                        ],
                    ));
                    return;
                }
            }
        }
        if is_block(cs) && allowed == self.battenburg_rows(true) {
            cons.push(battenburg_corner(cs));
            return;
        }
        if let Some(digits) = self.quadruple_digits(cs, allowed) {
            cons.push(rule("contains", vec![("digits", Json::ints(digits)), ("cells", names(cs))]));
            return;
        }
        cons.push(rule("table", vec![("cells", names(cs)), ("allowed", rows_json(allowed))]));
    }

    /// The quadruple clue a table is the expansion of, as the reference re-recognises it: a table
    /// on a 2x2 block (TL, TR, BL, BR) whose allowed rows are exactly, in lexicographic order, every
    /// row holding some non-empty multiset of digits. The multiset (ascending) is read off the table
    /// as each digit's fewest occurrences in a row, then checked by regenerating the rows.
    fn quadruple_digits(&self, cs: &[Pos], allowed: &[Vec<i64>]) -> Option<Vec<i64>> {
        if cs.len() != 4 || !is_block(cs) || allowed.is_empty() || allowed.iter().any(|t| t.len() != 4) {
            return None;
        }
        let d = self.d as i64;
        let count = |t: &[i64], v: i64| t.iter().filter(|&&x| x == v).count();
        let digits: Vec<i64> = (1..=d)
            .flat_map(|v| {
                let least = allowed.iter().map(|t| count(t, v)).min().unwrap_or(0);
                std::iter::repeat_n(v, least)
            })
            .collect();
        if digits.is_empty() {
            return None;
        }
        let holds = |t: &[i64]| digits.iter().all(|&v| count(t, v) >= count(&digits, v));
        let mut rows = allowed.iter();
        for a in 1..=d {
            for b in 1..=d {
                for c in 1..=d {
                    for e in 1..=d {
                        let t = [a, b, c, e];
                        if holds(&t) && rows.next().map(Vec::as_slice) != Some(&t[..]) {
                            return None;
                        }
                    }
                }
            }
        }
        rows.next().is_none().then_some(digits)
    }

    /// Every rossini arrow (file order) with its cells recomputed as the first three of its row or
    /// column from its side, then the rossini negative when there is one.
    fn rossini_group(&self, pairs_at: usize, cons_at: usize) -> RossiniGroup {
        let doc = self.doc;
        let d = self.d;
        let plain = doc.rows == d && doc.cols == d && doc.cells().len() == d * d;
        let mut rules = Vec::new();
        let mut negative = false;
        for r in &doc.rules {
            match &r.kind {
                RuleKind::Rossini { arrow, side, cells } => {
                    let f = cells[0];
                    let cs: Vec<Pos> = if plain && d >= 3 {
                        match side.name() {
                            "top" => (0..3).map(|i| Pos::new(i, f.c)).collect(),
                            "bottom" => (0..3).map(|i| Pos::new(d - 1 - i, f.c)).collect(),
                            "left" => (0..3).map(|i| Pos::new(f.r, i)).collect(),
                            _ => (0..3).map(|i| Pos::new(f.r, d - 1 - i)).collect(),
                        }
                    } else {
                        cells.clone()
                    };
                    rules.push(rule(
                        "rossini",
                        vec![
                            ("arrow", Json::str(arrow)),
                            ("side", Json::str(side.name())),
                            ("cells", names(&cs)),
                        ],
                    ));
                }
                RuleKind::Negative { of, .. } if of == "rossini" => negative = true,
                _ => {}
            }
        }
        if negative {
            rules.push(rule("negative", vec![("of", Json::str("rossini"))]));
        }
        RossiniGroup { pairs_at, cons_at, negative, rules }
    }

    /// Battenburg corners and negatives, written together at the first of them. Without a
    /// negative: the corners in file order. The reference keeps only the last negative: without an
    /// `area` (or with one holding every window) the marked windows in window order, then the
    /// negative; with a smaller `area` only the windows inside it, in window order, each marked one
    /// as its corner and every other one as its "not a checkerboard" table (the marked corners
    /// outside the area are lost, as in the reference). Also says whether the group is written
    /// whole (as the negative).
    fn battenburg_group(&self) -> (Vec<Json>, bool) {
        let doc = self.doc;
        let marked: Vec<&Vec<Pos>> = doc
            .rules
            .iter()
            .filter_map(|r| match &r.kind {
                RuleKind::Corner { kind, cells, .. } if kind == "battenburg" => Some(cells),
                _ => None,
            })
            .collect();
        let negative = doc.rules.iter().rev().find_map(|r| match &r.kind {
            RuleKind::Negative { of, area, .. } if of == "battenburg" => Some(area),
            _ => None,
        });
        let Some(area) = negative else {
            return (marked.iter().map(|cs| battenburg_corner(cs)).collect(), false);
        };
        let windows = self.battenburg_windows();
        let scope: Option<HashSet<Pos>> = area.as_ref().map(|a| doc.area_cells(a).into_iter().collect());
        let inside = |w: &[Pos; 4]| scope.as_ref().is_none_or(|s| w.iter().all(|q| s.contains(q)));
        let mut out = Vec::new();
        if windows.iter().all(inside) {
            out.extend(
                windows
                    .iter()
                    .filter(|w| marked.iter().any(|m| m.as_slice() == *w))
                    .map(|w| battenburg_corner(w)),
            );
            out.push(rule("negative", vec![("of", Json::str("battenburg"))]));
            return (out, true);
        }
        let table = rows_json(&self.battenburg_rows(false));
        for w in windows.iter().filter(|w| inside(w)) {
            if marked.iter().any(|m| m.as_slice() == w) {
                out.push(battenburg_corner(w));
            } else {
                out.push(rule("table", vec![("cells", names(w)), ("allowed", table.clone())]));
            }
        }
        (out, false)
    }

    /// Every 2x2 block of cells (the windows of a global entropy), by top-left cell in reading
    /// order, cells TL, TR, BL, BR.
    fn cell_windows(&self) -> Vec<[Pos; 4]> {
        let doc = self.doc;
        doc.cells()
            .into_iter()
            .map(|p| [p, Pos::new(p.r, p.c + 1), Pos::new(p.r + 1, p.c), Pos::new(p.r + 1, p.c + 1)])
            .filter(|w| w.iter().all(|q| doc.is_cell(*q)))
            .collect()
    }

    /// The 2x2 windows a battenburg negative covers, in the same order: every block of cells
    /// inside one grid area (any block of cells when there is none).
    fn battenburg_windows(&self) -> Vec<[Pos; 4]> {
        self.cell_windows()
            .into_iter()
            .filter(|w| {
                self.grid_areas.is_empty()
                    || self.grid_areas.iter().any(|(_, a)| w.iter().all(|q| a.contains(q)))
            })
            .collect()
    }

    /// The allowed digits (TL, TR, BL, BR) of a battenburg window: orthogonal neighbours differ
    /// and the four are (`marked`) or are not a parity checkerboard; in lexicographic order, as the
    /// reference writes it.
    fn battenburg_rows(&self, marked: bool) -> Vec<Vec<i64>> {
        let d = self.d as i64;
        let mut rows = Vec::new();
        for a in 1..=d {
            for b in (1..=d).filter(|&b| b != a) {
                for c in (1..=d).filter(|&c| c != a) {
                    for e in (1..=d).filter(|&e| e != b && e != c) {
                        let checkerboard = a % 2 == e % 2 && b % 2 == c % 2 && a % 2 != b % 2;
                        if checkerboard == marked {
                            rows.push(vec![a, b, c, e]);
                        }
                    }
                }
            }
        }
        rows
    }

    /// The allowed digits (TL, TR, BL, BR) of a global-entropy window (D divisible by 3): a digit
    /// of each third of 1..D; in lexicographic order, as the reference writes it.
    fn entropy_rows(&self) -> Vec<Vec<i64>> {
        let d = self.d as i64;
        let third = |v: i64| (v - 1) * 3 / d;
        let mut rows = Vec::new();
        for a in 1..=d {
            for b in 1..=d {
                for c in 1..=d {
                    for e in 1..=d {
                        let t = [a, b, c, e];
                        if (0..3).all(|g| t.iter().any(|&v| third(v) == g)) {
                            rows.push(t.to_vec());
                        }
                    }
                }
            }
        }
        rows
    }

    /// The whole sets of window tables written back as their rules, as the reference finds them
    /// in its stream of constraints, first to last: from a table on the first window, one table on
    /// each window in window order. Named rules between them are not in that stream; any other
    /// constraint rule, or a battenburg group already written whole, breaks the set. The entropy
    /// table on every 2x2 block of cells (D divisible by 3) is `global_entropy`; the battenburg
    /// tables, marked or not, on every window a negative covers are the marked corners then the
    /// negative. Each table is compared as [`Self::push_table`] writes it (a marked one as its
    /// corner, an entropy one on D = 3 as `contains`). Also returns where each rule of `cons` (and
    /// its end) went.
    fn window_sets(&self, cons: Vec<Json>, aside: &HashMap<usize, Aside>) -> (Vec<Json>, Vec<usize>) {
        let all = self.cell_windows();
        let bat = self.battenburg_windows();
        let firsts: Vec<Json> = [all.first(), bat.first()].into_iter().flatten().map(|w| names(w)).collect();
        if !cons.iter().any(|r| r.get("cells").is_some_and(|c| firsts.contains(c))) {
            let at = (0..=cons.len()).collect();
            return (cons, at);
        }
        let written = |cells: &[Pos], rows: &[Vec<i64>]| {
            let mut one = Vec::new();
            self.push_table(&mut one, cells, rows);
            one.pop()
        };
        let entropy =
            all.first().filter(|_| self.d.is_multiple_of(3)).and_then(|w| written(w, &self.entropy_rows()));
        let battenburg = bat.first().and_then(|w| {
            Some([written(w, &self.battenburg_rows(true))?, written(w, &self.battenburg_rows(false))?])
        });
        let live: Vec<usize> = (0..cons.len()).filter(|i| aside.get(i) != Some(&Aside::Named)).collect();
        // Which of `protos` each window of a set from live[i] is written as.
        let set = |i: usize, windows: &[[Pos; 4]], protos: &[Json]| -> Option<Vec<usize>> {
            let run = live.get(i..i + windows.len()).filter(|r| !r.is_empty())?;
            run.iter()
                .zip(windows)
                .map(|(&j, w)| {
                    if aside.contains_key(&j) {
                        return None;
                    }
                    protos.iter().position(|p| is_on(&cons[j], p, w))
                })
                .collect()
        };
        let mut sets: HashMap<usize, Vec<Json>> = HashMap::new();
        let mut dropped: HashSet<usize> = HashSet::new();
        let mut i = 0;
        while i < live.len() {
            let found = if let Some(e) = &entropy
                && set(i, &all, std::slice::from_ref(e)).is_some()
            {
                Some((vec![rule("global_entropy", vec![])], all.len()))
            } else if let Some(protos) = &battenburg
                && let Some(kinds) = set(i, &bat, protos)
            {
                let mut rules: Vec<Json> = bat
                    .iter()
                    .zip(kinds)
                    .filter(|(_, k)| *k == 0)
                    .map(|(w, _)| battenburg_corner(w))
                    .collect();
                rules.push(rule("negative", vec![("of", Json::str("battenburg"))]));
                Some((rules, bat.len()))
            } else {
                None
            };
            match found {
                Some((rules, n)) => {
                    sets.insert(live[i], rules);
                    dropped.extend(&live[i..i + n]);
                    i += n;
                }
                None => i += 1,
            }
        }
        let mut out = Vec::new();
        let mut at = Vec::with_capacity(cons.len() + 1);
        for (j, r) in cons.into_iter().enumerate() {
            at.push(out.len());
            if let Some(rules) = sets.remove(&j) {
                out.extend(rules);
            } else if !dropped.contains(&j) {
                out.push(r);
            }
        }
        at.push(out.len());
        (out, at)
    }

    /// Forward neighbour pairs in the reference engine's order: by cell (reading order), then by
    /// step; only pairs inside `scope` when given.
    fn board_pairs(&self, steps: &[(isize, isize)], scope: Option<&HashSet<Pos>>) -> Vec<(Pos, Pos)> {
        let doc = self.doc;
        let mut out = Vec::new();
        for p in doc.cells() {
            for &(dr, dc) in steps {
                let (r, c) = (p.r as isize + dr, p.c as isize + dc);
                if !doc.is_cell_at(r, c) {
                    continue;
                }
                let q = Pos::new(r as usize, c as usize);
                if scope.is_none_or(|s| s.contains(&p) && s.contains(&q)) {
                    out.push((p, q));
                }
            }
        }
        out
    }

    /// The engine groups of one kind family: boxes (`within: box`) or regions (`within: region`).
    fn scope_groups(&self, boxes: bool) -> Vec<HashSet<Pos>> {
        engine_groups(self.doc)
            .into_iter()
            .filter(|g| if boxes { g.kind == "box" } else { matches!(g.kind, "diag" | "window" | "region") })
            .map(|g| g.cells.into_iter().collect())
            .collect()
    }

    /// Whether a pair operator is symmetric over 1..D (the reference tests it by evaluation; it has
    /// no evaluator for `different`, `any_of` or the directional ones, so those never are).
    fn op_symmetric(&self, op: &str, params: &Json) -> bool {
        let k = params.as_arr().and_then(|a| a.first()).and_then(Json::as_int).unwrap_or(0);
        let allowed: HashSet<(i64, i64)> = if op == "allowed" {
            params
                .as_arr()
                .and_then(|a| a.first())
                .and_then(Json::as_arr)
                .map(|ts| {
                    ts.iter()
                        .filter_map(|t| {
                            let t = t.as_arr()?;
                            Some((t.first()?.as_int()?, t.get(1)?.as_int()?))
                        })
                        .collect()
                })
                .unwrap_or_default()
        } else {
            HashSet::new()
        };
        let f = |v: i64, w: i64| -> Option<bool> {
            Some(match op {
                "equal" => v == w,
                "difference" => (v - w).abs() == k,
                "not_difference" => (v - w).abs() != k,
                "not_consecutive" => (v - w).abs() != 1,
                "difference_at_least" => (v - w).abs() >= k,
                "difference_at_most" => (v - w).abs() <= k,
                "ratio" => v == k * w || w == k * v,
                "not_ratio" => v != k * w && w != k * v,
                "sum" => v + w == k,
                "not_sum" => v + w != k,
                "parity_differs" => (v - w).rem_euclid(2) == 1,
                "same_third" => (v - 1).div_euclid(3) == (w - 1).div_euclid(3),
                "different_third" => (v - 1).div_euclid(3) != (w - 1).div_euclid(3),
                "same_mod3" => (v - w).rem_euclid(3) == 0,
                "different_mod3" => (v - w).rem_euclid(3) != 0,
                "allowed" => allowed.contains(&(v, w)),
                _ => return None,
            })
        };
        let d = self.d as i64;
        (1..=d).all(|v| (1..=d).all(|w| matches!((f(v, w), f(w, v)), (Some(a), Some(b)) if a == b)))
    }

    /// A `neighbours` rule in the pair-clue stream: an unscoped kind as it is; anything else as its
    /// engine relation pairs, re-recognised later with their run (`pair_rules`).
    fn neighbours(&self, kind: &RuleKind) -> Option<PairEntry> {
        const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];
        const KING_DIAG: [(isize, isize); 2] = [(1, 1), (1, -1)];
        const ORTHO: [(isize, isize); 2] = [(0, 1), (1, 0)];
        const WHERE: [(&str, &[(isize, isize)]); 4] = [
            ("orthogonal", &ORTHO),
            ("diagonal", &KING_DIAG),
            ("king", &[(0, 1), (1, 0), (1, 1), (1, -1)]),
            ("knight", &KNIGHT),
        ];
        let RuleKind::Neighbours { kind, op, step, within, area, except } = kind else { return None };
        let doc = self.doc;
        if let Some(k) = kind
            && within.is_none()
            && area.is_none()
            && except.is_empty()
        {
            return Some(PairEntry::Rule(rule("neighbours", vec![("kind", Json::str(k))])));
        }
        // The engine relation: (op, params) and its pairs.
        let (op_name, params, steps): (String, Json, &[(isize, isize)]) = match (kind.as_deref(), op) {
            (Some("antiknight"), _) => ("different".into(), Json::Arr(vec![]), &KNIGHT),
            (Some("antiking"), _) => ("different".into(), Json::Arr(vec![]), &KING_DIAG),
            (Some(_), _) => ("not_consecutive".into(), Json::Arr(vec![]), &ORTHO),
            (None, Some(o)) => {
                let st = WHERE.iter().find(|w| Some(w.0) == step.as_deref()).map_or(&ORTHO[..], |w| w.1);
                (o.op.clone(), o.params.clone(), st)
            }
            (None, None) => return None,
        };
        let scope: Option<HashSet<Pos>> = area.as_ref().map(|a| doc.area_cells(a).into_iter().collect());
        let mut prs = self.board_pairs(steps, scope.as_ref());
        if let Some(w) = within {
            let groups = self.scope_groups(w == "box");
            prs.retain(|(a, b)| groups.iter().any(|g| g.contains(a) && g.contains(b)));
        }
        let skip: HashSet<(Pos, Pos)> = except.iter().map(|[a, b]| ((*a).min(*b), (*a).max(*b))).collect();
        prs.retain(|(a, b)| !skip.contains(&((*a).min(*b), (*a).max(*b))));
        Some(PairEntry::Run { op: op_name, params, pairs: prs })
    }

    /// Engine pair relations (one operator, pairs in the engine's order) written back as the
    /// reference does: whole rules (neighbours kinds, per box, per grid, negatives) where a run of
    /// the pairs is exactly one, the op form with `except`, else edge clues and relations.
    fn pair_rules(
        &self,
        op_name: &str,
        params: &Json,
        prs: &[(Pos, Pos)],
        family_edges: &dyn Fn(&str) -> HashSet<(Pos, Pos)>,
    ) -> Vec<Json> {
        const KNIGHT: [(isize, isize); 4] = [(1, 2), (2, 1), (1, -2), (2, -1)];
        const KING_DIAG: [(isize, isize); 2] = [(1, 1), (1, -1)];
        const ORTHO: [(isize, isize); 2] = [(0, 1), (1, 0)];
        const WHERE: [(&str, &[(isize, isize)]); 4] = [
            ("orthogonal", &ORTHO),
            ("diagonal", &KING_DIAG),
            ("king", &[(0, 1), (1, 0), (1, 1), (1, -1)]),
            ("knight", &KNIGHT),
        ];
        let op_name = op_name.to_string();
        let params = params.clone();
        let k = params.as_arr().and_then(|a| a.first()).and_then(Json::as_int);
        let plain = params.as_arr().is_some_and(|a| a.is_empty());
        let key = |p: &(Pos, Pos)| (p.0.min(p.1), p.0.max(p.1));
        let set = |v: &[(Pos, Pos)]| v.iter().map(key).collect::<HashSet<_>>();
        // Candidate whole rules, in the reference's order.
        let mut cands: Vec<(Json, Vec<(Pos, Pos)>)> = Vec::new();
        let nb = |k: &str, extra: Option<(&str, Json)>| {
            let mut m = vec![("kind", Json::str(k))];
            m.extend(extra);
            rule("neighbours", m)
        };
        let multi = self.grid_areas.len() > 1;
        if op_name == "different" && plain {
            cands.push((nb("antiknight", None), self.board_pairs(&KNIGHT, None)));
            cands.push((nb("antiking", None), self.board_pairs(&KING_DIAG, None)));
            let boxes = self.scope_groups(true);
            if !boxes.is_empty() {
                for (name, st) in [("antiknight", &KNIGHT[..]), ("antiking", &KING_DIAG[..])] {
                    let mut v = self.board_pairs(st, None);
                    v.retain(|(a, b)| boxes.iter().any(|g| g.contains(a) && g.contains(b)));
                    cands.push((nb(name, Some(("within", Json::str("box")))), v));
                }
            }
        }
        if op_name == "not_consecutive" {
            cands.push((nb("nonconsecutive", None), self.board_pairs(&ORTHO, None)));
        }
        if multi && plain && (op_name == "different" || op_name == "not_consecutive") {
            let kinds: &[(&str, &[(isize, isize)])] = if op_name == "different" {
                &[("antiknight", &KNIGHT), ("antiking", &KING_DIAG)]
            } else {
                &[("nonconsecutive", &ORTHO)]
            };
            for (name, st) in kinds {
                for (o, a) in &self.grid_areas {
                    cands
                        .push((nb(name, Some(("area", Json::str(o.name())))), self.board_pairs(st, Some(a))));
                }
            }
        }
        let neg: Option<(&str, Json)> = match (op_name.as_str(), k) {
            ("not_consecutive", _) | ("not_difference", Some(1)) => Some(("kropki", Json::str("white"))),
            ("not_ratio", Some(2)) => Some(("kropki", Json::str("black"))),
            ("not_sum", Some(10)) => Some(("xv", Json::str("X"))),
            ("not_sum", Some(5)) => Some(("xv", Json::str("V"))),
            ("not_difference", Some(v)) => Some(("difference", Json::Int(v))),
            ("not_sum", Some(v)) => Some(("sum", Json::Int(v))),
            ("not_ratio", Some(v)) => Some(("ratio", Json::Int(v))),
            _ => None,
        };
        if let Some((of, sel)) = neg {
            let exempt = family_edges(of);
            let exp: Vec<(Pos, Pos)> =
                self.ortho_pairs(None).into_iter().filter(|p| !exempt.contains(&key(p))).collect();
            let selk = match of {
                "kropki" => "color",
                "xv" => "letter",
                "sum" => "sum",
                _ => "value",
            };
            let r = rule("negative", vec![("of", Json::str(of)), (selk, sel.clone())]);
            let all_ortho = set(&self.board_pairs(&ORTHO, None));
            if !(op_name == "not_consecutive" && exempt.is_empty() && set(&exp) == all_ortho) {
                cands.push((r, exp.clone()));
            }
            if multi {
                for (o, a) in &self.grid_areas {
                    let v: Vec<(Pos, Pos)> =
                        exp.iter().copied().filter(|(x, y)| a.contains(x) && a.contains(y)).collect();
                    let r = rule(
                        "negative",
                        vec![("of", Json::str(of)), (selk, sel.clone()), ("area", Json::str(o.name()))],
                    );
                    cands.push((r, v));
                }
            }
        }
        let op = PairOp { op: op_name.clone(), params: params.clone() };
        let mut out: Vec<Json> = Vec::new();
        let mut pos = 0;
        while pos < prs.len() {
            let rest = &prs[pos..];
            let first = key(&rest[0]);
            let hit = cands.iter().find(|(_, exp)| {
                let n = exp.len();
                n > 0 && n <= rest.len() && set(exp).contains(&first) && set(&rest[..n]) == set(exp)
            });
            if let Some((r, exp)) = hit {
                out.push(r.clone());
                pos += exp.len();
                continue;
            }
            // The op form with `except` (symmetric operators, at least 12 distinct pairs, more than
            // half of one `where`, in that where's order).
            if pos == 0 && prs.len() >= 12 && op_name != "any_of" && self.op_symmetric(&op_name, &params) {
                let have = set(prs);
                if have.len() == prs.len() {
                    let mut found = None;
                    for (wname, st) in WHERE {
                        let alln = self.board_pairs(st, None);
                        let all_set = set(&alln);
                        if have.is_subset(&all_set) && have.len() * 2 > all_set.len() {
                            let exp: Vec<(Pos, Pos)> =
                                alln.iter().copied().filter(|p| have.contains(&key(p))).collect();
                            if exp.iter().map(key).eq(prs.iter().map(key)) {
                                let missing: Vec<Json> = alln
                                    .iter()
                                    .filter(|p| !have.contains(&key(p)))
                                    .map(|(a, b)| names(&[*a, *b]))
                                    .collect();
                                let mut m = vec![
                                    ("op", Json::str(&op_name)),
                                    ("params", params.clone()),
                                    ("where", Json::str(wname)),
                                ];
                                if !missing.is_empty() {
                                    m.push(("except", Json::Arr(missing)));
                                }
                                found = Some(rule("neighbours", m));
                                break;
                            }
                        }
                    }
                    if let Some(r) = found {
                        out.push(r);
                        break;
                    }
                }
            }
            let (a, b) = rest[0];
            let edge = if adjacent(a, b) { self.relation_edge(&op, a, b) } else { None };
            match edge {
                Some(e) => out.push(e),
                None => {
                    let merged = out.last_mut().is_some_and(|l| {
                        l.get("type").and_then(Json::as_str) == Some("relation")
                            && l.get("op").and_then(Json::as_str) == Some(op_name.as_str())
                    });
                    if merged {
                        if let Some(Json::Obj(m)) = out.last_mut()
                            && let Some((_, Json::Arr(ps))) = m.iter_mut().find(|(k, _)| k == "pairs")
                        {
                            ps.push(names(&[a, b]));
                        }
                    } else {
                        out.push(rule(
                            "relation",
                            vec![
                                ("op", Json::str(&op_name)),
                                ("params", params.clone()),
                                ("pairs", Json::Arr(vec![names(&[a, b])])),
                            ],
                        ));
                    }
                }
            }
            pos += 1;
        }
        out
    }

    /// A relation pair on adjacent cells that is an edge clue: the edge rule.
    fn relation_edge(&self, op: &PairOp, a: Pos, b: Pos) -> Option<Json> {
        let k = op.params.as_arr().and_then(|x| x.first()).and_then(Json::as_int);
        let edge = |kind: &str, key: &str, v: Json| {
            rule("edge", vec![("kind", Json::str(kind)), (key, v), ("cells", names(&[a, b]))])
        };
        match (op.op.as_str(), k) {
            ("difference", Some(1)) => Some(edge("kropki", "color", Json::str("white"))),
            ("ratio", Some(2)) => Some(edge("kropki", "color", Json::str("black"))),
            ("sum", Some(10)) => Some(edge("xv", "letter", Json::str("X"))),
            ("sum", Some(5)) => Some(edge("xv", "letter", Json::str("V"))),
            ("less", _) => Some(rule("edge", vec![("kind", Json::str("less")), ("cells", names(&[a, b]))])),
            // An edge's value is at least 1 and its sum at least 0 (the reader's bounds).
            ("difference" | "ratio", Some(v)) if v >= 1 || !self.readable => {
                Some(edge(&op.op, "value", Json::Int(v)))
            }
            ("sum", Some(v)) if v >= 0 || !self.readable => Some(edge("sum", "sum", Json::Int(v))),
            _ => None,
        }
    }

    fn with_side(&self, rule: &RuleKind, cells: &[Pos], diagonal: bool) -> Json {
        let mut m = rule.to_json();
        if let Some(s) = self.outside_side(cells, diagonal)
            && let Json::Obj(o) = &mut m
            && let Some((_, v)) = o.iter_mut().find(|(k, _)| k == "side")
        {
            *v = Json::str(s.name());
        }
        m
    }

    fn equal_sum(&self, segs: &[Vec<Pos>]) -> Json {
        // zipper: n//2 two-cell segments, then (n odd) one one-cell segment.
        let n: usize = segs.iter().map(Vec::len).sum();
        let all: Vec<Pos> = segs.iter().flatten().copied().collect();
        let distinct = set_of(&all).len() == all.len();
        let pairs_n = n / 2;
        let shape_ok = segs.len() == pairs_n + n % 2
            && segs[..pairs_n].iter().all(|s| s.len() == 2)
            && (n.is_multiple_of(2) || segs[pairs_n].len() == 1);
        if distinct && shape_ok && n >= 2 {
            let mut path = vec![Pos::new(0, 0); n];
            for (k, s) in segs[..pairs_n].iter().enumerate() {
                path[k] = s[0];
                path[n - 1 - k] = s[1];
            }
            if n % 2 == 1 {
                path[pairs_n] = segs[pairs_n][0];
            }
            if touching_path(&path) {
                return rule("line", vec![("kind", Json::str("zipper")), ("cells", names(&path))]);
            }
        }
        if segs.len() == 2 && segs[0].len() == 2 && !segs[1].is_empty() {
            let mut path = vec![segs[0][0]];
            path.extend(segs[1].iter().copied());
            path.push(segs[0][1]);
            if touching_path(&path) {
                return rule("line", vec![("kind", Json::str("double_arrow")), ("cells", names(&path))]);
            }
        }
        // region sum: the segments are the path cut where the "box" changes, the box of a cell
        // being the last complete box or region group holding it (puzzle-format.md A.9).
        if distinct && !all.is_empty() && touching_path(&all) {
            let mut box_of: HashMap<Pos, usize> = HashMap::new();
            for (gi, g) in engine_groups(self.doc).iter().enumerate() {
                if g.complete && matches!(g.kind, "box" | "region") {
                    for &c in &g.cells {
                        box_of.insert(c, gi);
                    }
                }
            }
            let mut cut: Vec<Vec<Pos>> = vec![vec![all[0]]];
            for &x in &all[1..] {
                let cur = cut.last_mut().expect("non-empty");
                if box_of.get(&x) == box_of.get(cur.last().expect("non-empty")) {
                    cur.push(x);
                } else {
                    cut.push(vec![x]);
                }
            }
            if cut == segs {
                return rule("line", vec![("kind", Json::str("region_sum")), ("cells", names(&all))]);
            }
        }
        RuleKind::EqualSum { segments: segs.to_vec() }.to_json()
    }
}

/// One entry of the pair-clue stream: a finished rule, or engine relation pairs of one operator.
/// The reference merges consecutive relation pairs of the same operator (whatever rules they came
/// from: relations, scoped neighbours, negatives, lockout lines) before it re-recognises them.
enum PairEntry {
    Rule(Json),
    Run { op: String, params: Json, pairs: Vec<(Pos, Pos)> },
}

/// Appends relation pairs to the pair-clue stream, joining them to the run just before when it has
/// the same operator; no pairs add nothing (and so do not break a run).
fn push_run(stream: &mut Vec<PairEntry>, op: &str, params: &Json, pairs: Vec<(Pos, Pos)>) {
    if pairs.is_empty() {
        return;
    }
    if let Some(PairEntry::Run { op: o, params: p, pairs: run }) = stream.last_mut()
        && o == op
        && p == params
    {
        run.extend(pairs);
        return;
    }
    stream.push(PairEntry::Run { op: op.to_string(), params: params.clone(), pairs });
}

/// A constraint rule that is not one of the reference's constraints in its place.
#[derive(Clone, Copy, PartialEq)]
enum Aside {
    /// A named rule (contains, vudoku, isomorphic, global_entropy): the reference keeps its
    /// constraints apart, so they never break a set of window tables.
    Named,
    /// A battenburg group written whole (its corners, then the negative): its windows are a set
    /// of their own and join no tables around them.
    Whole,
}

/// A battenburg mark on a 2x2 block.
fn battenburg_corner(cells: &[Pos]) -> Json {
    rule("corner", vec![("kind", Json::str("battenburg")), ("cells", names(cells))])
}

/// A table's allowed rows as written.
fn rows_json(rows: &[Vec<i64>]) -> Json {
    Json::Arr(rows.iter().map(|t| Json::ints(t.iter().copied())).collect())
}

/// Whether a written rule is `proto` with `cells` in place of its cells.
fn is_on(r: &Json, proto: &Json, cells: &[Pos]) -> bool {
    let (Json::Obj(a), Json::Obj(b)) = (r, proto) else { return false };
    a.len() == b.len()
        && a.iter().zip(b).all(|((ka, va), (kb, vb))| {
            ka == kb && if ka == "cells" { *va == names(cells) } else { va == vb }
        })
}

/// The rossini arrows and their negative, written together where the first of them stands.
struct RossiniGroup {
    pairs_at: usize,
    cons_at: usize,
    negative: bool,
    rules: Vec<Json>,
}

fn meta_out(meta: Option<&Json>) -> Vec<(String, Json)> {
    let Some(m) = meta.and_then(Json::as_obj) else { return Vec::new() };
    let kept: Vec<(String, Json)> = m
        .iter()
        .filter(|(_, v)| {
            !matches!(v, Json::Null)
                && *v != Json::str("")
                && *v != Json::Arr(vec![])
                && *v != Json::Obj(vec![])
        })
        .cloned()
        .collect();
    order_keys(&kept, &META_ORDER)
}

/// The reference's `to_export`: the document read into the engine model and written back in one
/// spelling per mechanic (5.3), rules in the order of 5.4. `solution` is the unique solution in
/// reading order, written when given (the caller proves it); `describe` fills an empty
/// `meta.type` / `meta.rules_text` (section 7).
pub fn write_export(doc: &Document, solution: Option<&[u8]>, describe: bool) -> Json {
    write(doc, solution, describe, true)
}

/// The export the fingerprint hashes: as [`write_export`], with the reference's spelling where
/// that spelling does not read back.
pub fn write_fingerprinted(doc: &Document) -> Json {
    write(doc, None, false, false)
}

fn write(doc: &Document, solution: Option<&[u8]>, describe: bool, readable: bool) -> Json {
    let implied_doc = with_implied_houses(doc);
    let doc = implied_doc.as_ref().unwrap_or(doc);
    let mut w = Writer { doc, d: doc.digits, grid_areas: Vec::new(), share: Vec::new(), readable };
    let mut rules = w.write_groups();
    let (clues, implied) = w.cell_clues();
    rules.extend(clues);
    let (mut pairs, mut cons, rossini) = w.write_rules();
    let mut tail = Vec::new();
    if let Some(g) = rossini {
        // The pair clues before the group, then the constraints before it (all of them when the
        // group has no negative, which brings no constraint of its own), the group, the rest.
        let ci = if g.negative { g.cons_at.min(cons.len()) } else { cons.len() };
        tail.extend(g.rules);
        tail.extend(pairs.split_off(g.pairs_at.min(pairs.len())));
        tail.extend(cons.split_off(ci));
    }
    let mut stream = pairs;
    stream.extend(cons);
    stream.extend(tail);
    rules.extend(merge_negatives(stream));
    let mut out: Vec<(String, Json)> =
        vec![("format".into(), Json::str("sudoku-puzzle")), ("format_version".into(), Json::Int(1))];
    let mut meta = meta_out(doc.meta.as_ref());
    let givens =
        Json::Arr(doc.givens.iter().map(|g| g.map_or(Json::Null, |v| Json::Int(v as i64))).collect());
    let mut body: Vec<(String, Json)> = vec![
        (
            "board".into(),
            Json::obj([("rows", Json::Int(doc.rows as i64)), ("cols", Json::Int(doc.cols as i64))]),
        ),
        ("digits".into(), Json::Int(doc.digits as i64)),
        ("givens".into(), givens),
    ];
    if let Some(sol) = solution {
        let mut it = sol.iter().copied();
        let s = doc
            .givens
            .iter()
            .map(|g| if g.is_some() { Json::Int(it.next().unwrap_or(0) as i64) } else { Json::Null });
        body.push(("solution".into(), Json::Arr(s.collect())));
    }
    if let Some(c) = &doc.candidates {
        let all = (1u64 << doc.digits) - 1;
        let mut cm: Vec<(String, Json)> = Vec::new();
        for (p, vals) in c {
            let imp = implied.get(p).copied().unwrap_or(all);
            let mask = vals.iter().fold(0u64, |m, &v| m | 1 << (v - 1)) & imp;
            if mask == imp {
                continue;
            }
            let list = Json::ints((1..=doc.digits as i64).filter(|v| mask >> (v - 1) & 1 == 1));
            cm.retain(|(k, _)| *k != p.name());
            cm.push((p.name(), list));
        }
        if !cm.is_empty() {
            body.push(("candidates".into(), Json::Obj(cm)));
        }
    }
    body.push(("rules".into(), Json::Arr(rules)));
    if describe {
        let draft = Json::Obj(out.iter().chain(body.iter()).cloned().collect());
        let description = describe_doc(doc, &draft);
        let (typ, text) = (description.type_name.clone(), description.rules_text());
        let empty = |k: &str, meta: &Vec<(String, Json)>| !meta.iter().any(|(x, _)| x == k);
        if empty("rules_text", &meta) {
            meta.push(("rules_text".into(), Json::Str(text)));
        }
        if empty("type", &meta) {
            meta.push(("type".into(), Json::Str(typ)));
        }
        meta = order_keys(&meta, &META_ORDER);
    }
    if !meta.is_empty() {
        out.push(("meta".into(), Json::Obj(meta)));
    }
    out.extend(body);
    Json::Obj(out)
}

/// The reference's quirk for a gap-free D x D board without any house, region or cage rule: its
/// engine gives such a board the classic rows, columns and standard boxes (rows and columns alone
/// when D has no standard box shape), so the canonical text and the fingerprint have them.
pub(crate) fn with_implied_houses(doc: &Document) -> Option<Document> {
    let d = doc.digits;
    let plain = doc.rows == d && doc.cols == d && doc.givens.iter().all(Option::is_some);
    let housed = doc.rules.iter().any(|r| {
        matches!(
            r.kind,
            RuleKind::Grid { .. }
                | RuleKind::BoxGrid { .. }
                | RuleKind::Box { .. }
                | RuleKind::Row { .. }
                | RuleKind::Column { .. }
                | RuleKind::Region { .. }
                | RuleKind::Cage { .. }
        )
    });
    if !plain || housed {
        return None;
    }
    let origin = Pos::new(0, 0);
    let kind = match standard_box(d) {
        Some((h, w)) => RuleKind::BoxGrid { origin, box_h: h, box_w: w },
        None => RuleKind::Grid { origin },
    };
    let mut out = doc.clone();
    out.rules.insert(0, Rule { index: 0, kind, id: None });
    Some(out)
}

/// Adjacent negatives of both kropki colours (white then black) or both XV letters (X then V), with
/// the same other members, merge into one without selector.
fn merge_negatives(rules: Vec<Json>) -> Vec<Json> {
    let mut out: Vec<Json> = Vec::new();
    for r in rules {
        let is_neg = |x: &Json, of: &str| {
            x.get("type").and_then(Json::as_str) == Some("negative")
                && x.get("of").and_then(Json::as_str) == Some(of)
        };
        let mut merged = false;
        for (of, key, first, second) in [("kropki", "color", "white", "black"), ("xv", "letter", "X", "V")] {
            let without = |x: &Json| match x {
                Json::Obj(m) => m.iter().filter(|(k, _)| k != key).cloned().collect::<Vec<_>>(),
                _ => Vec::new(),
            };
            if let Some(last) = out.last_mut()
                && is_neg(last, of)
                && is_neg(&r, of)
                && last.get(key).and_then(Json::as_str) == Some(first)
                && r.get(key).and_then(Json::as_str) == Some(second)
                && without(last) == without(&r)
            {
                *last = Json::Obj(without(&r));
                merged = true;
                break;
            }
        }
        if !merged {
            out.push(r);
        }
    }
    out
}
