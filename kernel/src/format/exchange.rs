//! The strict reader of the `sudoku-puzzle` exchange format, format_version 1
//! (puzzle-format.md sections 1-4). Every check of section 3 is made; a file that fails one is
//! refused whole, with the JSON path of the offending member and the reason.

use super::FormatError;
use super::document::{Area, Document, Pos, Rule, RuleKind};
use super::json::{self, Json};
use super::rule_reader::Ctx;

/// Reads and checks a `sudoku-puzzle` document.
pub fn read_document(text: &str) -> Result<Document, FormatError> {
    super::check_size(text)?;
    let v = json::parse(text).map_err(|m| FormatError { message: m, column: None })?;
    from_json(&v)
}

pub(super) fn fail<T>(path: &str, msg: impl AsRef<str>) -> Result<T, FormatError> {
    Err(FormatError { message: format!("{path}: {}", msg.as_ref()), column: None })
}

/// The top-level members a document may have, in the canonical order (puzzle-format.md 1.1, 5.1).
pub(crate) const TOP_KEYS: [&str; 13] = [
    "format",
    "format_version",
    "$schema",
    "meta",
    "board",
    "digits",
    "givens",
    "solution",
    "candidates",
    "rules",
    "decorations",
    "style",
    "ext",
];

/// Checks a parsed JSON value as a `sudoku-puzzle` document.
pub fn from_json(v: &Json) -> Result<Document, FormatError> {
    let Some(top) = v.as_obj() else {
        return fail("$", format!("a sudoku-puzzle document is a JSON object, not {}", v.type_name()));
    };
    match v.get("format") {
        None => {
            return fail(
                "$",
                "missing \"format\" (a sudoku-puzzle document starts {\"format\": \"sudoku-puzzle\", ...)",
            );
        }
        Some(Json::Str(s)) if s == "sudoku-puzzle" => {}
        Some(other) => {
            return fail("format", format!("expected \"sudoku-puzzle\", found {}", other.dumps(", ", ": ")));
        }
    }
    match v.get("format_version") {
        None => return fail("$", "missing \"format_version\""),
        Some(Json::Int(1)) => {}
        Some(Json::Int(n)) if *n > 1 => {
            return fail(
                "format_version",
                format!("version {n} is newer than this reader (it reads version 1)"),
            );
        }
        Some(other) => {
            return fail(
                "format_version",
                format!("expected the integer 1, found {}", other.dumps(", ", ": ")),
            );
        }
    }
    for (k, _) in top {
        if !TOP_KEYS.contains(&k.as_str()) {
            return fail(
                &format!("$.{k}"),
                format!("unknown top-level member \"{k}\" (allowed: {})", TOP_KEYS.join(", ")),
            );
        }
    }
    for k in ["board", "digits", "givens", "rules"] {
        if v.get(k).is_none() {
            return fail("$", format!("missing required member \"{k}\""));
        }
    }
    let board = v.get("board").expect("checked");
    let Some(bm) = board.as_obj() else {
        return fail(
            "board",
            format!("expected an object {{\"rows\": R, \"cols\": C}}, found {}", board.type_name()),
        );
    };
    for (k, _) in bm {
        if k != "rows" && k != "cols" {
            return fail(&format!("board.{k}"), "unknown member (board has only \"rows\" and \"cols\")");
        }
    }
    let dim = |k: &str| -> Result<usize, FormatError> {
        match board.get(k) {
            None => fail("board", format!("missing \"{k}\"")),
            Some(Json::Int(n)) if *n >= 1 && *n <= 1000 => Ok(*n as usize),
            Some(Json::Int(n)) if *n >= 1 => {
                fail(&format!("board.{k}"), format!("{n} is larger than this reader allows (1000)"))
            }
            Some(x) => fail(
                &format!("board.{k}"),
                format!("expected an integer >= 1, found {}", x.dumps(", ", ": ")),
            ),
        }
    };
    let rows = dim("rows")?;
    let cols = dim("cols")?;
    let digits = match v.get("digits").expect("checked") {
        Json::Int(n) if (1..=99).contains(n) => *n as usize,
        Json::Int(n) if *n >= 1 => {
            return fail("digits", format!("{n} digits is more than this reader allows (99)"));
        }
        x => return fail("digits", format!("expected an integer >= 1, found {}", x.dumps(", ", ": "))),
    };
    let givens_v = v.get("givens").expect("checked");
    let Some(ga) = givens_v.as_arr() else {
        return fail(
            "givens",
            format!("expected an array of {} entries, found {}", rows * cols, givens_v.type_name()),
        );
    };
    if ga.len() != rows * cols {
        return fail(
            "givens",
            format!(
                "{} entries, but the {rows}x{cols} board needs {} (one per position, row by row)",
                ga.len(),
                rows * cols
            ),
        );
    }
    let mut givens = Vec::with_capacity(ga.len());
    for (i, g) in ga.iter().enumerate() {
        let (r, c) = (i / cols + 1, i % cols + 1);
        match g {
            Json::Null => givens.push(None),
            Json::Int(n) if *n >= 0 && *n as usize <= digits => givens.push(Some(*n as u8)),
            Json::Int(n) => {
                return fail(
                    &format!("givens[{i}]"),
                    format!("r{r}c{c} holds {n}; digits are 1..{digits} (0 = empty, null = no cell)"),
                );
            }
            x => {
                return fail(
                    &format!("givens[{i}]"),
                    format!(
                        "r{r}c{c}: expected an integer 0..{digits} or null, found {}",
                        x.dumps(", ", ": ")
                    ),
                );
            }
        }
    }
    if givens.iter().all(Option::is_none) {
        return fail("givens", "every entry is null: the board has no cell");
    }
    if (0..cols).all(|c| givens[(rows - 1) * cols + c].is_none()) {
        return fail(
            "givens",
            format!("the last row (row {rows}) holds no cell: the board ends at its last row with a cell"),
        );
    }
    if (0..rows).all(|r| givens[r * cols + cols - 1].is_none()) {
        return fail(
            "givens",
            format!(
                "the last column (column {cols}) holds no cell: the board ends at its last column with a cell"
            ),
        );
    }
    let mut doc = Document {
        meta: None,
        rows,
        cols,
        digits,
        givens,
        solution: None,
        candidates: None,
        rules: Vec::new(),
        schema: None,
        decorations: None,
        style: None,
        ext: None,
    };
    if let Some(s) = v.get("solution") {
        let Some(sa) = s.as_arr() else {
            return fail(
                "solution",
                format!("expected an array of {} entries, found {}", rows * cols, s.type_name()),
            );
        };
        if sa.len() != rows * cols {
            return fail("solution", format!("{} entries, but the board needs {}", sa.len(), rows * cols));
        }
        let mut sol = Vec::with_capacity(sa.len());
        for (i, x) in sa.iter().enumerate() {
            let gap = doc.givens[i].is_none();
            match (x, gap) {
                (Json::Null, true) => sol.push(None),
                (Json::Null, false) => {
                    return fail(
                        &format!("solution[{i}]"),
                        format!("null at r{}c{}, which is a cell", i / cols + 1, i % cols + 1),
                    );
                }
                (_, true) => {
                    return fail(
                        &format!("solution[{i}]"),
                        format!("r{}c{} is a gap: its entry must be null", i / cols + 1, i % cols + 1),
                    );
                }
                (Json::Int(n), false) if *n >= 1 && *n as usize <= digits => sol.push(Some(*n as u8)),
                (x, false) => {
                    return fail(
                        &format!("solution[{i}]"),
                        format!("expected a digit 1..{digits}, found {}", x.dumps(", ", ": ")),
                    );
                }
            }
        }
        doc.solution = Some(sol);
    }
    for (k, slot) in [("meta", 0), ("style", 1), ("ext", 2)] {
        if let Some(x) = v.get(k) {
            let Some(m) = x.as_obj() else {
                return fail(k, format!("expected an object, found {}", x.type_name()));
            };
            if k == "ext" {
                for (name, _) in m {
                    if !reverse_dns(name) {
                        return fail(
                            &format!("ext.{name}"),
                            "vendor data keys are reverse-DNS names such as \"com.example\"",
                        );
                    }
                }
            }
            match slot {
                0 => doc.meta = Some(x.clone()),
                1 => doc.style = Some(x.clone()),
                _ => doc.ext = Some(x.clone()),
            }
        }
    }
    if let Some(x) = v.get("$schema") {
        if x.as_str().is_none() {
            return fail("$schema", format!("expected a string, found {}", x.type_name()));
        }
        doc.schema = Some(x.clone());
    }
    if let Some(x) = v.get("decorations") {
        let Some(a) = x.as_arr() else {
            return fail("decorations", format!("expected an array, found {}", x.type_name()));
        };
        for (i, d) in a.iter().enumerate() {
            let ok = d.as_obj().is_some()
                && matches!(
                    d.get("kind").and_then(Json::as_str),
                    Some("line" | "arrow" | "rect" | "circle" | "text")
                );
            if !ok {
                return fail(
                    &format!("decorations[{i}]"),
                    "expected an object with \"kind\" line, arrow, rect, circle or text",
                );
            }
        }
        doc.decorations = Some(x.clone());
    }
    let ctx = Ctx { doc: &doc };
    let mut candidates = None;
    if let Some(x) = v.get("candidates") {
        let Some(m) = x.as_obj() else {
            return fail(
                "candidates",
                format!("expected an object (cell name -> digits), found {}", x.type_name()),
            );
        };
        let mut out = Vec::with_capacity(m.len());
        for (k, vals) in m {
            let path = format!("candidates.{k}");
            let p = ctx.cell_name(&path, k)?;
            let ds = ctx.digit_list(&path, vals, 0)?;
            let mut seen = ds.clone();
            seen.sort_unstable();
            if seen.windows(2).any(|w| w[0] == w[1]) {
                return fail(&path, "a digit is listed twice");
            }
            out.push((p, ds.into_iter().map(|d| d as u8).collect()));
        }
        candidates = Some(out);
    }
    let rules_v = v.get("rules").expect("checked");
    let Some(ra) = rules_v.as_arr() else {
        return fail("rules", format!("expected an array of rule objects, found {}", rules_v.type_name()));
    };
    let mut rules = Vec::with_capacity(ra.len());
    for (i, r) in ra.iter().enumerate() {
        let id = r.get("id").and_then(Json::as_str).map(str::to_string);
        rules.push(Rule { index: i, kind: ctx.rule(i, r)?, id });
    }
    // Areas given as an origin must name a grid of the file.
    let origins: Vec<Pos> = rules
        .iter()
        .filter_map(|r| match r.kind {
            RuleKind::Grid { origin } | RuleKind::BoxGrid { origin, .. } => Some(origin),
            _ => None,
        })
        .collect();
    for r in &rules {
        let area = match &r.kind {
            RuleKind::Neighbours { area, .. } | RuleKind::Negative { area, .. } => area,
            _ => continue,
        };
        if let Some(Area::Origin(o)) = area
            && !origins.contains(o)
        {
            return fail(
                &format!("rules[{}] ({}).area", r.index, r.type_name()),
                format!("\"{}\" is not the origin of a grid or box_grid rule of this file", o.name()),
            );
        }
    }
    doc.rules = rules;
    doc.candidates = candidates;
    Ok(doc)
}

fn reverse_dns(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}
