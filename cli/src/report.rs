//! `rate --report`: a card as a person reads it (the grid, band, difficulty, time and its spread,
//! techniques with their stand-ins, symmetry, the publishing issues and, with --explain, the
//! steps) instead of JSON.

use pencilmark::{Card, Error, Field, Puzzle, RateOptions};
use std::fmt::Write;

/// The card fields a report shows; steps come with --explain.
pub fn report_options(mut opts: RateOptions) -> RateOptions {
    let mut fields = vec![
        Field::Band,
        Field::Difficulty,
        Field::Time,
        Field::TimePercentile(SPREAD_PERCENTILE),
        Field::Contains,
        Field::Describe,
        Field::Symmetry,
        Field::Issues,
    ];
    if opts.fields.contains(&Field::Steps) {
        fields.push(Field::Steps);
    }
    opts.fields = fields;
    opts
}

/// The players' percentile the report quotes beside the median ("80% of players within").
const SPREAD_PERCENTILE: u8 = 80;

/// Rates one puzzle and writes its report, followed by a blank line.
pub fn rate(text: &str, line: usize, opts: &RateOptions, out: &mut String) -> Result<(), Error> {
    let puzzle = pencilmark::read(text)?;
    let card = pencilmark::rate(&puzzle, opts)?;
    write_report(&puzzle, &card, line, out);
    Ok(())
}

fn write_report(puzzle: &Puzzle, card: &Card, line: usize, out: &mut String) {
    let kind = card.describe().map_or("Sudoku", |d| d.type_name.as_str());
    let _ = writeln!(out, "Puzzle on line {line}: {kind}");
    out.push_str(&puzzle.grid_text());
    let row = |out: &mut String, label: &str, value: &str| {
        let _ = writeln!(out, "{:<12}{value}", format!("{label}:"));
    };
    row(out, "Band", card.band().unwrap_or("Unknown"));
    let number = |x: Option<f64>| x.map(|v| format!("{v:.1}"));
    row(out, "Difficulty", &number(card.difficulty()).unwrap_or_else(|| "not known".into()));
    let spread = card.time_percentile(SPREAD_PERCENTILE);
    let time = match (number(card.time()), spread) {
        (Some(t), Some(p)) => {
            format!("{t} min for half of the players; {SPREAD_PERCENTILE}% finish within {p:.1} min")
        }
        (Some(t), None) => format!("{t} min for half of the players"),
        (None, _) => "not known".into(),
    };
    row(out, "Time", &time);
    if let Some(contains) = card.contains() {
        let names: Vec<String> = contains
            .iter()
            .map(|c| {
                let mut s = c.name.to_string();
                if let Some(uses) = c.uses {
                    let _ = write!(s, " x{uses}");
                }
                let alts = c.alternatives();
                if !alts.is_empty() {
                    let alts: Vec<&str> =
                        alts.iter().map(|a| pencilmark::technique_name(a).unwrap_or(a)).collect();
                    let _ = write!(s, " (or {})", alts.join(", "));
                }
                s
            })
            .collect();
        row(out, "Techniques", &names.join("; "));
    }
    if let Some(symmetry) = card.symmetry() {
        let named: Vec<String> = symmetry
            .iter()
            .map(|s| match s.axis {
                Some(axis) => format!("{axis} mirror"),
                None => match s.kind {
                    "rot90" => "quarter turn".to_string(),
                    "rot180" => "half turn".to_string(),
                    other => other.to_string(),
                },
            })
            .collect();
        let named = if named.is_empty() { "none".to_string() } else { named.join(", ") };
        row(out, "Symmetry", &named);
    }
    if let Some(issues) = card.issues() {
        if issues.is_empty() {
            row(out, "Issues", "none");
        }
        for (i, issue) in issues.iter().enumerate() {
            let label = if i == 0 { "Issues" } else { "" };
            let text = format!("{} ({}): {}", issue.code, issue.severity, issue.text);
            if label.is_empty() {
                let _ = writeln!(out, "{:<12}{text}", "");
            } else {
                row(out, label, &text);
            }
        }
    }
    if let Some(steps) = card.steps() {
        let _ = writeln!(out, "Steps:");
        for s in steps {
            // The fullest words asked for: the teach text, else the plain sentence, else the notation.
            let what = s
                .explanation
                .as_ref()
                .map(|e| e.teach.clone().or_else(|| e.short.clone()).unwrap_or_else(|| e.notation.clone()))
                .unwrap_or_else(|| {
                    let result = s.placement.clone().or_else(|| s.eliminations.as_ref().map(|e| e.join(" ")));
                    format!("{}: {}", s.name, result.unwrap_or_default())
                });
            let _ = writeln!(out, "{:>5}. {what}", s.n);
        }
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_classic_grid_is_ruled_into_boxes() {
        let p = pencilmark::read(
            "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......",
        )
        .unwrap();
        let out = p.grid_text();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], " . . . | . 4 . | 8 . 3");
        assert_eq!(lines[3], "-------+-------+------");
        assert_eq!(lines[10], " . 9 . | . . . | . . .");
    }

    #[test]
    fn a_report_names_what_a_person_wants_to_know() {
        let text = "....4.8.3.6...8..29.86.5..1235.........7..2.........96..2......8.12..7...9.......";
        let mut opts = RateOptions::default();
        opts.set_explain(&["notation"]).unwrap();
        let opts = report_options(opts);
        let mut out = String::new();
        rate(text, 3, &opts, &mut out).unwrap();
        assert!(out.starts_with("Puzzle on line 3: Sudoku\n . . . | . 4 . | 8 . 3\n"), "{out}");
        assert!(out.contains("\nBand:       Hard\n"), "{out}");
        assert!(out.contains("\nDifficulty: 5.9\n"), "{out}");
        assert!(out.contains("\nTime:       10.7 min for half of the players; 80% finish within "), "{out}");
        assert!(
            out.contains("X-Wing x1 (or 2-String Kite, Simple Colouring, Short chain in the head)"),
            "{out}"
        );
        assert!(out.contains("\nSymmetry:   none\n"), "{out}");
        assert!(out.contains("\nIssues:     none\n"), "{out}");
        assert!(out.contains("X-Wing: 3 r58 c68 => r679c6<>3"), "{out}");
        assert!(out.ends_with("\n\n"));
    }
}
