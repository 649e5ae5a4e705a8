//! The canonical text (puzzle-format.md 5.1-5.2: key order and layout of a written document) and
//! the fingerprint (5.5: SHA-256 of the JCS text of the semantic subset of the export).

use super::FormatError;
use super::document::{Document, Pos, parse_cell_name};
use super::exchange::TOP_KEYS;
use super::houses::{rule_houses, set_of};
use super::json::Json;
use super::rule_json::names;
use super::rule_reader::directed_op;
use super::writer::write_fingerprinted;
use std::collections::HashSet;

pub(super) const RULE_ORDER: [&str; 37] = [
    "type", "kind", "of", "op", "params", "color", "letter", "value", "sum", "split", "values", "digits",
    "groups", "each", "counts", "arrow", "size", "repeat", "box", "where", "within", "area", "closed",
    "side", "origin", "source", "bulb", "lines", "cells", "regions", "segments", "pairs", "except",
    "allowed", "id", "label", "style",
];

pub(super) const META_ORDER: [&str; 10] =
    ["title", "author", "source", "id", "url", "date", "rules_text", "type", "license", "tags"];

pub(super) fn order_keys(m: &[(String, Json)], order: &[&str]) -> Vec<(String, Json)> {
    let mut v: Vec<(String, Json)> = m.to_vec();
    v.sort_by(|a, b| {
        let pa = order.iter().position(|k| *k == a.0).unwrap_or(order.len());
        let pb = order.iter().position(|k| *k == b.0).unwrap_or(order.len());
        (pa, &a.0).cmp(&(pb, &b.0))
    });
    v
}

fn name_key(s: &str) -> (usize, usize) {
    parse_cell_name(s).map_or((usize::MAX, usize::MAX), |p| (p.r, p.c))
}

/// The canonical key order (5.1), content unchanged.
pub fn canonical_order(doc: &Json) -> Json {
    let Some(m) = doc.as_obj() else { return doc.clone() };
    let mut out = order_keys(m, &TOP_KEYS);
    for (k, v) in out.iter_mut() {
        if k == "rules"
            && let Json::Arr(rules) = v
        {
            for r in rules.iter_mut() {
                if let Json::Obj(rm) = r {
                    *rm = order_keys(rm, &RULE_ORDER);
                }
            }
        }
        if k == "candidates"
            && let Json::Obj(cm) = v
        {
            cm.sort_by_key(|(n, _)| name_key(n));
            for (_, list) in cm.iter_mut() {
                if let Json::Arr(a) = list {
                    a.sort_by_key(|x| x.as_int().unwrap_or(0));
                }
            }
        }
    }
    Json::Obj(out)
}

/// The canonical text of a document object: pretty (one member per line, grids row by row, one
/// rule per line, final LF) or compact (JSON Lines).
pub fn dumps(doc: &Json, pretty: bool) -> String {
    let d = canonical_order(doc);
    if !pretty {
        return d.dumps(",", ":");
    }
    let m = d.as_obj().expect("an object");
    let cols = d.get("board").and_then(|b| b.get("cols")).and_then(Json::as_int).unwrap_or(1).max(1) as usize;
    let mut lines = Vec::new();
    for (n, (k, v)) in m.iter().enumerate() {
        let end = if n + 1 < m.len() { "," } else { "}" };
        let pre = if n == 0 { "{" } else { " " };
        let key = Json::Str(k.clone()).dumps(", ", ": ");
        match (k.as_str(), v) {
            ("givens" | "solution", Json::Arr(a)) => {
                let rows: Vec<String> = a
                    .chunks(cols)
                    .map(|row| {
                        format!(
                            "    {}",
                            row.iter().map(|x| x.dumps(", ", ": ")).collect::<Vec<_>>().join(", ")
                        )
                    })
                    .collect();
                lines.push(format!("{pre}{key}: [\n{}]{end}", rows.join(",\n")));
            }
            ("rules", Json::Arr(a)) => {
                let body = if a.is_empty() {
                    String::new()
                } else {
                    format!(
                        "\n{}",
                        a.iter()
                            .map(|r| format!("  {}", r.dumps(", ", ": ")))
                            .collect::<Vec<_>>()
                            .join(",\n")
                    )
                };
                lines.push(format!("{pre}{key}: [{body}]{end}"));
            }
            _ => lines.push(format!("{pre}{key}: {}{end}", v.dumps(", ", ": "))),
        }
    }
    lines.join("\n") + "\n"
}

/// The fingerprint of a document: `sha256:` and the hex SHA-256 of the JCS text of its semantic
/// subset (5.5).
pub fn fingerprint(doc: &Document) -> Result<String, FormatError> {
    use sha2::{Digest, Sha256};
    let j = fingerprint_text(doc)?;
    let h = Sha256::digest(j.as_bytes());
    Ok(format!("sha256:{}", h.iter().map(|b| format!("{b:02x}")).collect::<String>()))
}

/// The JCS text the fingerprint hashes.
pub fn fingerprint_text(doc: &Document) -> Result<String, FormatError> {
    let ex = write_fingerprinted(doc);
    Ok(semantic_subset(doc, &ex).jcs())
}

/// The fingerprinted content of an exported document (5.5 steps 2-5).
fn semantic_subset(doc: &Document, ex: &Json) -> Json {
    let mut keep: Vec<(String, Json)> = Vec::new();
    for k in ["format", "format_version", "digits", "givens", "candidates"] {
        if let Some(v) = ex.get(k) {
            keep.push((k.into(), v.clone()));
        }
    }
    keep.push((
        "board".into(),
        Json::obj([("rows", Json::Int(doc.rows as i64)), ("cols", Json::Int(doc.cols as i64))]),
    ));
    let rules = ex.get("rules").and_then(Json::as_arr).unwrap_or(&[]);
    let d = doc.digits;
    let origin_cells =
        |s: &str| -> Vec<Pos> { parse_cell_name(s).and_then(|o| doc.grid_cells(o)).unwrap_or_default() };
    let mut houses: Vec<(&str, Vec<Pos>)> = Vec::new();
    let mut seen: HashSet<Vec<Pos>> = HashSet::new();
    let mut out: Vec<Json> = Vec::new();
    for r in rules {
        let t = r.get("type").and_then(Json::as_str).unwrap_or("");
        match rule_houses(doc, r) {
            Some(hs) => {
                for (k, cs) in hs {
                    if seen.insert(set_of(&cs)) {
                        houses.push((if k == "col" { "column" } else { k }, cs));
                    }
                }
            }
            None => {
                let mut m: Vec<(String, Json)> = r
                    .as_obj()
                    .unwrap_or(&[])
                    .iter()
                    .filter(|(k, _)| !matches!(k.as_str(), "id" | "label" | "style"))
                    .cloned()
                    .collect();
                if let Some(pos) = m.iter().position(|(k, _)| k == "area") {
                    let (_, a) = m.remove(pos);
                    let cs = match &a {
                        Json::Str(s) => names(&origin_cells(s)),
                        other => other.clone(),
                    };
                    m.push(("cells".into(), cs));
                }
                let sort_list = |v: &Json| -> Json {
                    let mut ns: Vec<String> = v
                        .as_arr()
                        .unwrap_or(&[])
                        .iter()
                        .filter_map(|x| x.as_str().map(str::to_lowercase))
                        .collect();
                    ns.sort_by_key(|n| name_key(n));
                    Json::strs(ns)
                };
                let kind = r.get("kind").and_then(Json::as_str);
                let set_type = matches!(
                    t,
                    "region" | "cage" | "cell" | "contains" | "appears" | "count" | "negative" | "neighbours"
                ) || (t == "sum" && matches!(kind, Some("group" | "corner")))
                    || (t == "distinct_count" && r.get("side").is_none())
                    || (t == "edge" && kind != Some("less"));
                let key_of = |v: &Json| -> Vec<(usize, usize)> {
                    v.as_arr().unwrap_or(&[]).iter().filter_map(|x| x.as_str()).map(name_key).collect()
                };
                for (k, v) in m.iter_mut() {
                    if k == "cells" && set_type {
                        *v = sort_list(v);
                    }
                    let pair_lists = (k == "segments" && t == "equal_sum")
                        || k == "except"
                        || (k == "pairs"
                            && t == "relation"
                            && !directed_op(r.get("op").and_then(Json::as_str).unwrap_or("")));
                    if pair_lists && let Json::Arr(a) = v {
                        let mut items: Vec<Json> = a.iter().map(sort_list).collect();
                        items.sort_by_key(key_of);
                        *v = Json::Arr(items);
                    }
                }
                out.push(Json::Obj(m));
            }
        }
    }
    let _ = d;
    let mut hs: Vec<(String, Vec<String>)> = Vec::new();
    for (k, cs) in houses {
        let mut c = cs.clone();
        c.sort();
        let entry = (k.to_string(), c.iter().map(|p| p.name()).collect::<Vec<_>>());
        if !hs.contains(&entry) {
            hs.push(entry);
        }
    }
    out.extend(hs.into_iter().map(|(k, cs)| Json::obj([("type", Json::Str(k)), ("cells", Json::strs(cs))])));
    let mut keyed: Vec<(String, Json)> = out.into_iter().map(|r| (r.jcs(), r)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keep.push(("rules".into(), Json::Arr(keyed.into_iter().map(|(_, r)| r).collect())));
    Json::Obj(keep)
}
