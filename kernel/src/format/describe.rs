//! The English describer (puzzle-format.md section 7): a puzzle type name and the rules text a
//! person reads, made from the written rules of an export when the document's `meta` has none.

use super::document::{Document, Pos, parse_cell_name};
use super::houses::{rule_houses, set_of};
use super::json::Json;
use crate::board::standard_box;
use std::collections::HashSet;

/// A placement variant: name, sentence, its regions (kind, cells).
type Placement = (&'static str, String, Vec<(&'static str, Vec<Pos>)>);

struct GridView {
    n: usize,
    r0: usize,
    c0: usize,
    shape: Option<(usize, usize)>,
}

impl GridView {
    fn cell(&self, r: usize, c: usize) -> Pos {
        Pos::new(self.r0 + r, self.c0 + c)
    }

    fn block(&self, r: usize, c: usize, h: usize, w: usize) -> Vec<Pos> {
        (0..h).flat_map(|a| (0..w).map(move |b| (a, b))).map(|(a, b)| self.cell(r + a, c + b)).collect()
    }

    fn boxes(&self) -> Vec<(usize, usize)> {
        let Some((bh, bw)) = self.shape else { return vec![] };
        (0..self.n).step_by(bh).flat_map(|br| (0..self.n).step_by(bw).map(move |bc| (br, bc))).collect()
    }

    fn line(&self, r: usize, c: usize, dr: isize, dc: isize, len: usize) -> Vec<Pos> {
        (0..len as isize)
            .map(|k| self.cell((r as isize + k * dr) as usize, (c as isize + k * dc) as usize))
            .collect()
    }

    /// (name, text, regions as (kind, cells)) of each placement variant defined for this grid.
    fn placements(&self) -> Vec<Placement> {
        let n = self.n;
        let mut out = Vec::new();
        out.push((
            "X",
            "Digits don't repeat on either of the two main diagonals.".to_string(),
            vec![
                ("diagonal", (0..n).map(|i| self.cell(i, i)).collect()),
                ("diagonal", (0..n).map(|i| self.cell(i, n - 1 - i)).collect()),
            ],
        ));
        if let Some((bh, bw)) = self.shape {
            let mut starts = Vec::new();
            for i in 0..(n / bh).saturating_sub(1) {
                for j in 0..(n / bw).saturating_sub(1) {
                    let (r, c) = (1 + i * (bh + 1), 1 + j * (bw + 1));
                    if r + bh < n && c + bw < n {
                        starts.push((r, c));
                    }
                }
            }
            if !starts.is_empty() {
                out.push((
                    "Windoku",
                    format!("Digits don't repeat in any of the shaded {bh}×{bw} windows."),
                    starts.iter().map(|&(r, c)| ("window", self.block(r, c, bh, bw))).collect(),
                ));
            }
        }
        if n == 9 {
            out.push((
                "Argyle",
                "Digits don't repeat on any of the eight marked diagonals.".into(),
                vec![
                    ("diagonal", self.line(0, 1, 1, 1, 8)),
                    ("diagonal", self.line(1, 0, 1, 1, 8)),
                    ("diagonal", self.line(0, 7, 1, -1, 8)),
                    ("diagonal", self.line(1, 8, 1, -1, 8)),
                    ("diagonal", self.line(0, 4, 1, -1, 5)),
                    ("diagonal", self.line(0, 4, 1, 1, 5)),
                    ("diagonal", self.line(4, 0, 1, 1, 5)),
                    ("diagonal", self.line(4, 8, 1, -1, 5)),
                ],
            ));
            let pts = |ps: &[(usize, usize)]| ps.iter().map(|&(r, c)| self.cell(r, c)).collect::<Vec<_>>();
            out.push((
                "Asterisk",
                "Digits don't repeat in the nine shaded cells forming an asterisk.".into(),
                vec![(
                    "extra",
                    pts(&[(1, 4), (2, 2), (2, 6), (4, 1), (4, 4), (4, 7), (6, 2), (6, 6), (7, 4)]),
                )],
            ));
        }
        if let Some((bh, bw)) = self.shape
            && bh % 2 == 1
            && bw % 2 == 1
        {
            out.push((
                "Centre-dot",
                "Digits don't repeat among the centre cells of the boxes.".into(),
                vec![(
                    "extra",
                    self.boxes().iter().map(|&(br, bc)| self.cell(br + bh / 2, bc + bw / 2)).collect(),
                )],
            ));
        }
        if n == 9 {
            let pts = |ps: &[(usize, usize)]| ps.iter().map(|&(r, c)| self.cell(r, c)).collect::<Vec<_>>();
            out.push((
                "Girandola",
                "Digits don't repeat in the nine shaded cells of the girandola pattern.".into(),
                vec![(
                    "extra",
                    pts(&[(0, 0), (0, 8), (1, 4), (4, 1), (4, 4), (4, 7), (7, 4), (8, 0), (8, 8)]),
                )],
            ));
        }
        if let Some((bh, bw)) = self.shape {
            let mut rs = Vec::new();
            for a in 0..bh {
                for b in 0..bw {
                    rs.push((
                        "disjoint",
                        self.boxes().iter().map(|&(br, bc)| self.cell(br + a, bc + b)).collect(),
                    ));
                }
            }
            out.push((
                "Disjoint Groups",
                format!("Cells in the same position in each {bh}×{bw} box contain different digits."),
                rs,
            ));
        }
        out
    }
}

fn grid_names(grids: &[GridView]) -> Vec<String> {
    let mut rs: Vec<usize> = grids.iter().map(|g| g.r0).collect();
    rs.sort();
    rs.dedup();
    let mut cs: Vec<usize> = grids.iter().map(|g| g.c0).collect();
    cs.sort();
    cs.dedup();
    let pos = |g: &GridView| -> String {
        let v = if g.r0 == rs[0] {
            "top"
        } else if g.r0 == *rs.last().expect("rows") {
            "bottom"
        } else {
            "middle"
        };
        let h = if g.c0 == cs[0] {
            "left"
        } else if g.c0 == *cs.last().expect("cols") {
            "right"
        } else {
            "centre"
        };
        match (v, h) {
            ("middle", "centre") => "centre".into(),
            ("middle", "left") => "left".into(),
            ("middle", "right") => "right".into(),
            ("top", "centre") => "top".into(),
            ("bottom", "centre") => "bottom".into(),
            _ => format!("{v}-{h}"),
        }
    };
    let names: Vec<String> = grids.iter().map(pos).collect();
    let uniq: HashSet<&String> = names.iter().collect();
    if uniq.len() < names.len() {
        grids.iter().map(|g| format!("grid at r{}c{}", g.r0 + 1, g.c0 + 1)).collect()
    } else {
        names.into_iter().map(|n| n + " grid").collect()
    }
}

fn where_text(gi: &[usize], grids: &[GridView]) -> String {
    if grids.len() < 2 || gi.is_empty() || gi.len() == grids.len() {
        return String::new();
    }
    let names = grid_names(grids);
    let mut idx = gi.to_vec();
    idx.sort();
    let mut ns: Vec<String> = idx.iter().map(|&i| names[i].clone()).collect();
    if ns.iter().all(|n| n.ends_with(" grid")) && ns.len() > 1 {
        ns = ns.iter().map(|n| n[..n.len() - 5].to_string()).collect();
        return format!(" Only in the {} and {} grids.", ns[..ns.len() - 1].join(", "), ns[ns.len() - 1]);
    }
    if ns.len() > 1 {
        format!(" Only in the {} and {}.", ns[..ns.len() - 1].join(", "), ns[ns.len() - 1])
    } else {
        format!(" Only in the {}.", ns[0])
    }
}

const LAYOUTS: [(&str, &[(usize, usize)]); 15] = [
    ("Twodoku", &[(0, 0), (6, 6)]),
    ("Doubledoku", &[(0, 0), (3, 3)]),
    ("Twin", &[(0, 0), (0, 10)]),
    ("Tridoku", &[(0, 3), (3, 6), (6, 0)]),
    ("Gattai-3", &[(0, 0), (0, 12), (6, 6)]),
    ("Butterfly", &[(0, 0), (0, 3), (3, 0), (3, 3)]),
    ("Flower", &[(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)]),
    ("Sohei", &[(0, 6), (6, 0), (6, 12), (12, 6)]),
    ("Samurai", &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]),
    ("Windmill", &[(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)]),
    ("Super Samurai", &[(0, 0), (0, 12), (0, 24), (6, 6), (6, 18), (12, 0), (12, 12), (12, 24)]),
    ("Clueless", &[(0, 0), (0, 9), (0, 18), (9, 0), (9, 9), (9, 18), (18, 0), (18, 9), (18, 18)]),
    (
        "Shogun",
        &[(0, 0), (0, 12), (0, 24), (0, 36), (6, 6), (6, 18), (6, 30), (12, 0), (12, 12), (12, 24), (12, 36)],
    ),
    (
        "Sumo",
        &[
            (0, 0),
            (0, 12),
            (0, 24),
            (6, 6),
            (6, 18),
            (12, 0),
            (12, 12),
            (12, 24),
            (18, 6),
            (18, 18),
            (24, 0),
            (24, 12),
            (24, 24),
        ],
    ),
    ("Sensei", &[(0, 0), (6, 3)]),
];

fn layout_name(grids: &[GridView]) -> Option<&'static str> {
    let r0 = grids.iter().map(|g| g.r0).min()?;
    let c0 = grids.iter().map(|g| g.c0).min()?;
    let mut norm: Vec<(usize, usize)> = grids.iter().map(|g| (g.r0 - r0, g.c0 - c0)).collect();
    norm.sort();
    LAYOUTS.iter().find(|(_, o)| o.to_vec() == norm).map(|(n, _)| *n)
}

/// A family sentence for rule list `rs` (section 7, families in registry order).
fn family_of(r: &Json) -> Option<&'static str> {
    let t = r.get("type").and_then(Json::as_str).unwrap_or("");
    let k = r.get("kind").and_then(Json::as_str);
    let of = r.get("of").and_then(Json::as_str);
    Some(match (t, k, of) {
        ("cage", _, _) => "Killer",
        ("sum", Some("little_killer"), _) => "Little Killer",
        ("sum", Some("frame"), _) => "Sum Frame",
        ("sum", Some("group" | "corner"), _) => "Sum",
        ("sandwich", _, _) => "Sandwich",
        ("xsum", _, _) => "X-Sums",
        ("skyscraper", _, _) => "Skyscrapers",
        ("rossini", _, _) | ("negative", _, Some("rossini")) => "Rossini",
        ("first_seen", _, _) => "123",
        ("distinct_count", _, _) if r.get("side").is_some() => "Count Different",
        ("arrow", _, _) => "Arrow",
        ("line", Some("thermo"), _) => "Thermo",
        ("line", Some("slow_thermo"), _) => "Slow Thermo",
        ("line", Some("whisper"), _) => "Whispers",
        ("line", Some("renban"), _) => "Renban",
        ("line", Some("region_sum"), _) => "Region Sum",
        ("line", Some("palindrome"), _) => "Palindrome",
        ("line", Some("entropic"), _) => "Entropic",
        ("line", Some("modular"), _) => "Modular",
        ("line", Some("parity"), _) => "Parity",
        ("line", Some("zipper"), _) => "Zipper",
        ("line", Some("between"), _) => "Between Lines",
        ("line", Some("lockout"), _) => "Lockout",
        ("line", Some("double_arrow"), _) => "Double Arrow",
        ("edge", Some("kropki"), _) | ("negative", _, Some("kropki")) => "Kropki",
        ("edge", Some("xv"), _) | ("negative", _, Some("xv")) => "XV",
        ("edge", Some("difference"), _) | ("negative", _, Some("difference")) => "Difference",
        ("edge", Some("sum"), _) | ("negative", _, Some("sum")) => "Sum Pairs",
        ("edge", Some("product"), _) | ("negative", _, Some("product")) => "Product",
        ("edge", Some("ratio"), _) | ("negative", _, Some("ratio")) => "Ratio",
        ("edge", Some("less"), _) => "Greater-Than",
        ("corner", Some("battenburg"), _) | ("negative", _, Some("battenburg")) => "Battenburg",
        ("corner", Some("mathrax"), _) => "Mathrax",
        ("corner", Some("exclude"), _) | ("cell", Some("exclude"), _) => "Exclusion",
        ("contains", _, _) => "Quadruple",
        ("appears", _, _) => "Cupid",
        ("clone", _, _) => "Clone",
        ("isomorphic", _, _) => "Twin",
        ("cell", Some("odd" | "even"), _) => "Odd-Even",
        ("negative", Some("odd" | "even"), Some("cell")) => "Odd-Even",
        ("cell", Some("low" | "high"), _) => "Low-High",
        ("negative", Some("low" | "high"), Some("cell")) => "Low-High",
        ("cell", Some("set"), _) => "Digit Class",
        ("count", _, _) if r.get("each").is_some() => "Double",
        ("count", Some("circles"), _) => "Counting Circles",
        ("count", _, _) if r.get("counts").is_some() => "Count",
        ("distinct_count", _, _) => "Distinct Count",
        ("equal_sum", _, _) => "Equal Sums",
        ("vudoku", _, _) => "Vudoku",
        ("global_entropy", _, _) => "Entropy",
        ("neighbours", Some("antiknight"), _) => "Anti-Knight",
        ("neighbours", Some("antiking"), _) => "Anti-King",
        ("neighbours", Some("nonconsecutive"), _) => "Non-Consecutive",
        ("neighbours", None, _) => "Neighbours",
        ("relation", _, _) => "Relation",
        ("table", _, _) => "Custom",
        _ => return None,
    })
}

const FAMILY_ORDER: [&str; 58] = [
    "Killer",
    "Little Killer",
    "Sum Frame",
    "Sum",
    "Sandwich",
    "X-Sums",
    "Skyscrapers",
    "Rossini",
    "123",
    "Count Different",
    "Arrow",
    "Thermo",
    "Slow Thermo",
    "Whispers",
    "Renban",
    "Region Sum",
    "Palindrome",
    "Entropic",
    "Modular",
    "Parity",
    "Zipper",
    "Between Lines",
    "Lockout",
    "Double Arrow",
    "Kropki",
    "XV",
    "Difference",
    "Sum Pairs",
    "Product",
    "Ratio",
    "Greater-Than",
    "Battenburg",
    "Mathrax",
    "Exclusion",
    "Quadruple",
    "Cupid",
    "Clone",
    "Twin",
    "Odd-Even",
    "Low-High",
    "Digit Class",
    "Double",
    "Counting Circles",
    "Count",
    "Distinct Count",
    "Equal Sums",
    "Vudoku",
    "Entropy",
    "Anti-Knight",
    "Anti-King",
    "Non-Consecutive",
    "Neighbours",
    "Relation",
    "Custom",
    "",
    "",
    "",
    "",
];

fn scope_text(r: &Json) -> String {
    let mut s = match r.get("within").and_then(Json::as_str) {
        Some("box") => " within the same box".to_string(),
        Some("region") => " within the same region".to_string(),
        _ => String::new(),
    };
    if r.get("cells").is_some() {
        s += " inside the shaded area";
    }
    if r.get("except").and_then(Json::as_arr).is_some_and(|a| !a.is_empty()) {
        s += ", except where marked";
    }
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn family_text(name: &str, rs: &[&Json], d: usize) -> (String, String) {
    let vals = |key: &str| -> Vec<i64> {
        let mut v: Vec<i64> = rs.iter().filter_map(|r| r.get(key).and_then(Json::as_int)).collect();
        v.sort();
        v.dedup();
        v
    };
    let typ = |r: &&Json| r.get("type").and_then(Json::as_str).unwrap_or("").to_string();
    let has_neg = rs.iter().any(|r| typ(r) == "negative");
    let mut name = name.to_string();
    let text = match name.as_str() {
        "Killer" => {
            if rs.iter().all(|r| r.get("sum").is_some()) {
                "Digits in a cage sum to its small clue and don't repeat within the cage.".to_string()
            } else {
                "Digits don't repeat within a cage; a small clue gives the cage's sum.".to_string()
            }
        }
        "Little Killer" => "Clues outside the grid give the sum of the digits along the indicated diagonal; digits may repeat.".into(),
        "Sum Frame" => format!(
            "Clues outside the grid give the sum of the first {} digits in that direction.",
            rs[0].get("cells").and_then(Json::as_arr).map_or(0, <[Json]>::len)
        ),
        "Sum" => "A number gives the sum of the cells it marks; digits may repeat.".into(),
        "Sandwich" => format!("Clues outside the grid give the sum of the digits between the 1 and the {d} in that row or column."),
        "X-Sums" => "Clues outside the grid give the sum of the first X digits in that direction, where X is the first of those digits.".into(),
        "Skyscrapers" => "Clues outside the grid count the digits visible from that side; larger digits hide smaller ones.".into(),
        "Rossini" => format!(
            "An arrow outside the grid means the first three digits from that side increase in its direction{}",
            if has_neg { "; where there is no arrow they neither increase nor decrease." } else { "." }
        ),
        "123" => "A clue outside the grid is the first of the digits 1, 2, 3 met from that side.".into(),
        "Count Different" => "A clue outside the grid counts the different digits on the indicated diagonal.".into(),
        "Arrow" => "Digits along an arrow sum to the number in its circle.".into(),
        "Thermo" => "Digits strictly increase along a thermometer from the bulb.".into(),
        "Slow Thermo" => "Digits increase or stay equal along a thermometer from the bulb.".into(),
        "Whispers" => {
            let v = vals("value");
            let v0 = v.first().copied().unwrap_or(5);
            name = if v.len() <= 1 {
                match v0 {
                    5 => "German Whispers".into(),
                    4 => "Dutch Whispers".into(),
                    _ => "Whispers".into(),
                }
            } else {
                "Whispers".into()
            };
            if v.len() <= 1 {
                format!("Adjacent digits on a whisper line differ by at least {v0}.")
            } else {
                "Adjacent digits on a whisper line differ by at least the line's number.".into()
            }
        }
        "Renban" => "A renban line holds a set of consecutive digits in any order, without repeats.".into(),
        "Region Sum" => "A region sum line has the same sum in every box it passes through.".into(),
        "Palindrome" => "A palindrome line reads the same from either end.".into(),
        "Entropic" => "Any three consecutive cells on an entropic line hold a low, a middle and a high digit.".into(),
        "Modular" => "Any three consecutive cells on a modular line hold different remainders modulo 3.".into(),
        "Parity" => "Adjacent digits on a parity line alternate between odd and even.".into(),
        "Zipper" => "Digits equally far from the centre of a zipper line sum to the same total.".into(),
        "Between Lines" => "Digits on a between line lie strictly between the digits in its end circles.".into(),
        "Lockout" => "The ends of a lockout line differ by at least 4 and no digit on the line lies between them.".into(),
        "Double Arrow" => "The two circled ends of a double arrow sum to the digits between them.".into(),
        "Kropki" => {
            let cols: HashSet<String> =
                rs.iter().filter(|r| typ(r) == "edge").filter_map(|r| r.get("color").and_then(Json::as_str).map(String::from)).collect();
            if cols.len() == 1 && cols.contains("white") {
                name = "Consecutive".into();
            }
            if !rs.iter().any(|r| typ(r) == "edge") {
                name = "Non-Kropki".into();
            }
            let mut parts = Vec::new();
            if cols.contains("white") || cols.is_empty() {
                parts.push("digits separated by a white dot are consecutive");
            }
            if cols.contains("black") || cols.is_empty() {
                parts.push("digits separated by a black dot are in a 1:2 ratio");
            }
            let mut s = capitalise(&parts.join("; ")) + ".";
            let negs: Vec<Option<String>> =
                rs.iter().filter(|r| typ(r) == "negative").map(|r| r.get("color").and_then(Json::as_str).map(String::from)).collect();
            if !negs.is_empty() {
                let cov: HashSet<Option<String>> = negs.into_iter().collect();
                if cov.contains(&None) || cov.len() == 2 {
                    s += " All dots are given.";
                } else {
                    let mut c: Vec<String> = cov.into_iter().flatten().collect();
                    c.sort();
                    s += &format!(" All {} dots are given.", c.join("/"));
                }
            }
            s
        }
        "XV" => {
            let lets: HashSet<String> =
                rs.iter().filter(|r| typ(r) == "edge").filter_map(|r| r.get("letter").and_then(Json::as_str).map(String::from)).collect();
            let negs: HashSet<Option<String>> =
                rs.iter().filter(|r| typ(r) == "negative").map(|r| r.get("letter").and_then(Json::as_str).map(String::from)).collect();
            if !rs.iter().any(|r| typ(r) == "edge") {
                name = "Non-XV".into();
            }
            if lets.is_empty() {
                let sums = if negs.contains(&None) || negs.len() == 2 {
                    "10 or 5"
                } else if negs.contains(&Some("X".into())) {
                    "10"
                } else {
                    "5"
                };
                format!("No two orthogonally adjacent digits sum to {sums}.")
            } else {
                let mut parts = Vec::new();
                if lets.contains("X") {
                    parts.push("digits separated by an X sum to 10");
                }
                if lets.contains("V") {
                    parts.push("digits separated by a V sum to 5");
                }
                let mut s = capitalise(&parts.join("; ")) + ".";
                if !negs.is_empty() {
                    if negs.contains(&None) || negs.len() == 2 {
                        s += " All X's and V's are given.";
                    } else {
                        s += &format!(" All {}'s are given.", negs.iter().flatten().next().cloned().unwrap_or_default());
                    }
                }
                s
            }
        }
        "Difference" => "Digits separated by a numbered circle differ by that number.".into(),
        "Sum Pairs" => "Digits separated by a numbered circle sum to that number.".into(),
        "Product" => "Digits separated by a numbered circle multiply to that number.".into(),
        "Ratio" => "Of two digits separated by a ratio clue k:1, one is k times the other.".into(),
        "Greater-Than" => "An inequality sign points to the smaller of the two digits it separates.".into(),
        "Battenburg" => format!(
            "A battenburg mark means the four cells around it form an odd / even checkerboard{}",
            if has_neg { "; no other 2×2 area does." } else { "." }
        ),
        "Mathrax" => "A corner clue applies to both diagonal pairs around it (10+: sum, 2−: difference, 12×: product, 2÷: quotient; E / O: all even / odd).".into(),
        "Exclusion" => "A circled digit does not appear in the cells it touches.".into(),
        "Quadruple" => "Digits in a circle appear at least once among the cells around it.".into(),
        "Cupid" => "The digit in a cell with an arrow appears again in the direction of the arrow.".into(),
        "Clone" => "Shaded shapes of the same colour hold the same digits in corresponding cells.".into(),
        "Twin" => "The two grids are the same solution with the digits relabelled.".into(),
        "Odd-Even" => {
            let ks: HashSet<String> =
                rs.iter().filter(|r| typ(r) == "cell").filter_map(|r| r.get("kind").and_then(Json::as_str).map(String::from)).collect();
            let mut parts = Vec::new();
            if ks.contains("odd") {
                parts.push("a digit in a grey circle is odd");
            }
            if ks.contains("even") {
                parts.push("a digit in a grey square is even");
            }
            let s = if parts.is_empty() { "shaded cells have a fixed parity".to_string() } else { parts.join("; ") };
            let mut s = capitalise(&s) + ".";
            if has_neg {
                s += " Every unmarked cell has the other parity.";
            }
            s
        }
        "Low-High" => {
            let sp = vals("split").first().copied().unwrap_or(d as i64 / 2);
            let mut s = format!("A cell with a light diamond holds 1–{sp}; a cell with a dark diamond holds {}–{d}.", sp + 1);
            if let Some(n) = rs.iter().find(|r| typ(r) == "negative") {
                let high = n.get("kind").and_then(Json::as_str) == Some("high");
                s += &format!(" Every unmarked cell holds {}.", if high { format!("1–{sp}") } else { format!("{}–{d}", sp + 1) });
            }
            s
        }
        "Digit Class" => "A cell marked with small digits contains one of them.".into(),
        "Double" => format!("Each digit appears exactly {} times in every marked group.", rs[0].get("each").and_then(Json::as_int).unwrap_or(0)),
        "Counting Circles" => "A digit in a circle appears in exactly as many circles as its value.".into(),
        "Count" => "The marked cells hold the listed digits the listed number of times.".into(),
        "Distinct Count" => "The marked cells hold exactly the given number of different digits.".into(),
        "Equal Sums" => "The marked groups of cells all have the same sum.".into(),
        "Vudoku" => "The digit at the point of a V is the sum or difference of the digits at its arms.".into(),
        "Entropy" => "Every 2×2 area holds a low, a middle and a high digit.".into(),
        "Anti-Knight" => format!("Cells a knight's move apart don't contain the same digit{}.", scope_text(rs[0])),
        "Anti-King" => format!("Cells a king's move apart don't contain the same digit{}.", scope_text(rs[0])),
        "Non-Consecutive" => format!("Orthogonally adjacent cells don't contain consecutive digits{}.", scope_text(rs[0])),
        "Neighbours" => format!("Neighbouring cells follow the marked pair rule{}.", scope_text(rs[0])),
        "Relation" => "Linked pairs of cells follow the marked pair rule.".into(),
        _ => format!("{}: see the setter's rules.", rs[0].get("label").and_then(Json::as_str).unwrap_or("Custom rule")),
    };
    (name, text)
}

fn rule_cells(r: &Json) -> Vec<Pos> {
    fn walk(x: &Json, out: &mut Vec<Pos>) {
        match x {
            Json::Str(s) => {
                if let Some(p) = parse_cell_name(s) {
                    out.push(p)
                }
            }
            Json::Arr(a) => a.iter().for_each(|y| walk(y, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for k in ["cells", "bulb", "lines", "pairs", "regions", "segments", "source"] {
        if let Some(v) = r.get(k) {
            walk(v, &mut out);
        }
    }
    if let Some(a @ Json::Arr(_)) = r.get("area") {
        walk(a, &mut out);
    }
    out
}

/// What the describer says of a puzzle: its variant name and, per rule family, the rule as a
/// person reads it (the base grid first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// "Sudoku", "Jigsaw Sudoku", "Killer Sudoku", "Samurai Sudoku", ...
    pub type_name: String,
    /// (family name, its rule sentence), in the order a rules text lists them.
    pub rules: Vec<(String, String)>,
}

impl Description {
    /// The rules as one text, a "Name: sentence" line per family (an export's `meta.rules_text`).
    pub fn rules_text(&self) -> String {
        self.rules.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("\n")
    }
}

/// `{"type": ..., "rules": {family: sentence, ...}}`, the families in order (the card's `describe`).
impl serde::Serialize for Description {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Rules<'a>(&'a [(String, String)]);
        impl serde::Serialize for Rules<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (k, v) in self.0 {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("type", &self.type_name)?;
        m.serialize_entry("rules", &Rules(&self.rules))?;
        m.end()
    }
}

/// The variant name and rules of a document (section 7), made from its rules as the canonical
/// export writes them.
pub fn describe(doc: &Document) -> Description {
    describe_doc(doc, &super::writer::write_export(doc, None, false))
}

/// `describe()` of an exported document (section 7).
pub(super) fn describe_doc(doc: &Document, ex: &Json) -> Description {
    let d = doc.digits;
    let rules: Vec<&Json> =
        ex.get("rules").and_then(Json::as_arr).map(|a| a.iter().collect()).unwrap_or_default();
    // Houses the rules state (any spelling).
    let mut hset: HashSet<(&str, Vec<Pos>)> = HashSet::new();
    let house_list = rules.iter().filter_map(|r| rule_houses(doc, r)).flatten();
    let mut seen_sets: HashSet<Vec<Pos>> = HashSet::new();
    let mut houses: Vec<(&str, Vec<Pos>)> = Vec::new();
    for (k, c) in house_list {
        if seen_sets.insert(set_of(&c)) {
            hset.insert((k, set_of(&c)));
            houses.push((k, c));
        }
    }
    let mut origins: Vec<(usize, usize)> = Vec::new();
    for (k, cells) in &houses {
        if *k != "row" || cells.len() != d {
            continue;
        }
        let (r, c0) = (cells[0].r, cells[0].c);
        if !cells.iter().enumerate().all(|(j, p)| *p == Pos::new(r, c0 + j)) {
            continue;
        }
        for r0 in (r as isize - d as isize + 1)..=(r as isize) {
            if r0 < 0 || origins.contains(&(r0 as usize, c0)) {
                continue;
            }
            let g = GridView { n: d, r0: r0 as usize, c0, shape: None };
            let ok = (0..d).all(|i| hset.contains(&("row", set_of(&g.block(i, 0, 1, d)))))
                && (0..d).all(|j| hset.contains(&("col", set_of(&g.block(0, j, d, 1)))));
            if ok {
                origins.push((r0 as usize, c0));
            }
        }
    }
    origins.sort();
    let mut grids: Vec<GridView> = Vec::new();
    let mut tiled: HashSet<Vec<Pos>> = HashSet::new();
    for &(r0, c0) in &origins {
        let mut g = GridView { n: d, r0, c0, shape: None };
        let mut shapes: Vec<(usize, usize)> = standard_box(d).into_iter().collect();
        shapes.extend((2..d).filter(|h| d.is_multiple_of(*h)).map(|h| (h, d / h)));
        for s in shapes {
            let gg = GridView { n: d, r0, c0, shape: Some(s) };
            let tiles: Vec<Vec<Pos>> =
                gg.boxes().iter().map(|&(br, bc)| set_of(&gg.block(br, bc, s.0, s.1))).collect();
            if tiles.iter().all(|t| hset.contains(&("box", t.clone()))) {
                tiled.extend(tiles);
                g = gg;
                break;
            }
        }
        grids.push(g);
    }
    let typ_of = |r: &Json| r.get("type").and_then(Json::as_str).unwrap_or("").to_string();
    let mut explained: Vec<bool> = rules
        .iter()
        .map(|r| {
            let t = typ_of(r);
            matches!(t.as_str(), "grid" | "box_grid" | "row" | "column")
                || (t == "box" && tiled.contains(&set_of(&rule_cells(r))))
        })
        .collect();
    // Signatures: regions by cell set only.
    let sig = |r: &Json| -> String {
        if typ_of(r) == "region" {
            format!("region:{:?}", set_of(&rule_cells(r)))
        } else {
            format!("{}:{:?}:{:?}", typ_of(r), r.get("kind"), set_of(&rule_cells(r)))
        }
    };
    let sigs: Vec<String> = rules.iter().map(|r| sig(r)).collect();
    let mut found: Vec<(String, String)> = Vec::new();
    let n_placements = grids.first().map_or(0, |g| g.placements().len()).max(7);
    for vi in 0..n_placements {
        let mut hit_grids = Vec::new();
        let mut vname = String::new();
        for (gi, g) in grids.iter().enumerate() {
            let ps = g.placements();
            let names_all =
                ["X", "Windoku", "Argyle", "Asterisk", "Centre-dot", "Girandola", "Disjoint Groups"];
            let Some((name, text, rs)) =
                ps.into_iter().find(|p| p.0 == names_all.get(vi).copied().unwrap_or(""))
            else {
                continue;
            };
            let mut idx = Vec::new();
            let mut ok = true;
            for (_, cells) in &rs {
                let s = format!("region:{:?}", set_of(cells));
                match (0..rules.len()).find(|&i| sigs[i] == s && !explained[i] && !idx.contains(&i)) {
                    Some(i) => idx.push(i),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                for i in idx {
                    explained[i] = true;
                }
                if hit_grids.is_empty() {
                    found.push((name.to_string(), text));
                }
                vname = name.to_string();
                hit_grids.push(gi);
            }
        }
        if !hit_grids.is_empty() {
            let w = where_text(&hit_grids, &grids);
            if let Some(f) = found.iter_mut().rev().find(|f| f.0 == vname) {
                f.1 += &w;
            }
        }
    }
    let boxes: Vec<usize> =
        (0..rules.len()).filter(|&i| typ_of(rules[i]) == "box" && !explained[i]).collect();
    let loose = hset.iter().any(|(k, c)| *k == "box" && !tiled.contains(c));
    if !boxes.is_empty() || loose {
        for &i in &boxes {
            explained[i] = true;
        }
        found.push(("Jigsaw".into(), format!("Digits 1–{d} appear once in every bold-outlined region.")));
    }
    for fam in FAMILY_ORDER.iter().filter(|f| !f.is_empty()) {
        let idx: Vec<usize> =
            (0..rules.len()).filter(|&i| !explained[i] && family_of(rules[i]) == Some(*fam)).collect();
        if idx.is_empty() {
            continue;
        }
        for &i in &idx {
            explained[i] = true;
        }
        let rs: Vec<&Json> = idx.iter().map(|&i| rules[i]).collect();
        let (name, mut txt) = family_text(fam, &rs, d);
        if grids.len() > 1 {
            let areas: Vec<HashSet<Pos>> =
                grids.iter().map(|g| g.block(0, 0, g.n, g.n).into_iter().collect()).collect();
            let cells: Vec<HashSet<Pos>> = rs
                .iter()
                .map(|r| match r.get("area") {
                    Some(Json::Str(s)) => parse_cell_name(s)
                        .and_then(|o| grids.iter().position(|g| g.r0 == o.r && g.c0 == o.c))
                        .map(|i| areas[i].clone())
                        .unwrap_or_default(),
                    _ => rule_cells(r).into_iter().collect(),
                })
                .collect();
            let gi: Vec<usize> = (0..areas.len())
                .filter(|&k| cells.iter().any(|c| !c.is_empty() && c.is_subset(&areas[k])))
                .collect();
            if cells.iter().all(|c| !c.is_empty() && gi.iter().any(|&k| c.is_subset(&areas[k]))) {
                txt += &where_text(&gi, &grids);
            }
        }
        found.push((name, txt));
    }
    for (i, r) in rules.iter().enumerate() {
        if explained[i] {
            continue;
        }
        let t = typ_of(r);
        let (nm, txt) = if t == "region" {
            match r.get("kind").and_then(Json::as_str) {
                Some("diagonal") => {
                    ("Diagonals".to_string(), "Digits don't repeat along a marked diagonal.".to_string())
                }
                Some("window") => ("Windows".into(), "Digits don't repeat in a shaded window.".into()),
                Some("disjoint") => (
                    "Disjoint Groups".into(),
                    "Digits don't repeat in a group of cells in the same box position.".into(),
                ),
                Some("colour") => {
                    ("Colour Groups".into(), "Cells of the same colour contain different digits.".into())
                }
                _ => ("Extra Regions".into(), "Digits don't repeat in a shaded region.".into()),
            }
        } else if t == "row" || t == "column" {
            continue;
        } else {
            let title: Vec<String> = t.split('_').map(capitalise).collect();
            (title.join(" "), "See the setter's rules.".into())
        };
        if !found.iter().any(|f| f.0 == nm) {
            found.push((nm, txt));
        }
    }
    if ex.get("candidates").is_some() {
        found.push((
            "Sukaku".into(),
            "The small digits in a cell are all the digits that cell may contain.".into(),
        ));
    }
    let sw = match d {
        4 => "Tiny".to_string(),
        6 => "Mini".to_string(),
        9 => String::new(),
        _ => format!("{d}x{d}"),
    };
    let layout = if grids.len() > 1 { layout_name(&grids) } else { None };
    let (base_key, base) = if grids.len() > 1 {
        (
            layout.unwrap_or("Multi-Grid").to_string(),
            format!(
                "Each {d}×{d} grid follows normal sudoku rules: place 1–{d} in every row, column and box; shared cells belong to both grids."
            ),
        )
    } else if grids.len() == 1 {
        let key = format!("{sw} Sudoku").trim().to_string();
        match grids[0].shape {
            Some((h, w)) => (key, format!("Place 1–{d} in every row, column and {h}×{w} box.")),
            None => (key, format!("Place 1–{d} in every row and column.")),
        }
    } else {
        (format!("{sw} Sudoku").trim().to_string(), format!("Place 1–{d} in every outlined region."))
    };
    let mut lines: Vec<(String, String)> = vec![(base_key, base)];
    for (nm, txt) in &found {
        if let Some(e) = lines.iter_mut().find(|e| e.0 == *nm) {
            e.1 = txt.clone();
        } else {
            lines.push((nm.clone(), txt.clone()));
        }
    }
    let names: Vec<&String> = found.iter().map(|f| &f.0).collect();
    let typ =
        if grids.len() == 1 && grids[0].shape.is_none() && boxes.is_empty() && !loose && names.is_empty() {
            format!("{sw} Latin Square").trim().to_string()
        } else if grids.len() > 1 {
            let lay = layout.unwrap_or("Multi-Grid");
            let lay =
                if lay.to_lowercase().ends_with("doku") { lay.to_string() } else { format!("{lay} Sudoku") };
            let pre = if names.len() > 1 {
                "Variant ".to_string()
            } else {
                names.first().map_or(String::new(), |n| format!("{n} "))
            };
            format!("{pre}{lay}").trim().to_string()
        } else {
            let mid = if names.len() > 1 {
                "Variant".to_string()
            } else {
                names.first().map_or(String::new(), |n| n.to_string())
            };
            [sw.as_str(), mid.as_str(), "Sudoku"]
                .iter()
                .filter(|x| !x.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        };
    Description { type_name: typ, rules: lines }
}
