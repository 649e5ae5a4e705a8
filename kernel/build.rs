//! Compiles the technique table (kernel/data/techniques.csv), the band names (kernel/data/bands.csv)
//! and the technique explanations (kernel/data/teach.csv) into Rust statics, so that names, bands,
//! study order and wording have one source and every code a technique module names is checked at
//! compile time.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// Splits one CSV line; fields may be double-quoted with "" as an escaped quote.
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut cur)),
            _ => cur.push(ch),
        }
    }
    fields.push(cur);
    fields
}

/// Data rows of a CSV file: comment lines (#) and the header skipped.
fn rows(path: &PathBuf) -> Vec<Vec<String>> {
    println!("cargo:rerun-if-changed={}", path.display());
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).skip(1).map(split_csv).collect()
}

fn const_name(code: &str) -> String {
    if code.starts_with(|c: char| c.is_ascii_digit()) { format!("C{code}") } else { code.to_string() }
}

fn main() {
    let data = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("data");
    let techniques = rows(&data.join("techniques.csv"));
    let bands = rows(&data.join("bands.csv"));

    let codes: Vec<&str> = techniques.iter().map(|r| r[0].as_str()).collect();
    let mut out = String::new();
    writeln!(out, "/// Band names by index (kernel/data/bands.csv).").unwrap();
    writeln!(out, "pub static BAND_NAMES: [&str; {}] = [", bands.len()).unwrap();
    for (i, r) in bands.iter().enumerate() {
        assert_eq!(r[0].parse::<usize>().unwrap(), i, "bands.csv rows in index order");
        writeln!(out, "    {:?},", r[1]).unwrap();
    }
    writeln!(out, "];").unwrap();

    writeln!(out, "/// The technique table (kernel/data/techniques.csv), in study order.").unwrap();
    writeln!(out, "pub static TECHNIQUES: [TechniqueInfo; {}] = [", techniques.len()).unwrap();
    let mut last_band = 0;
    for (i, r) in techniques.iter().enumerate() {
        assert_eq!(r.len(), 6, "techniques.csv row {}: 6 fields", i + 1);
        let se = match r[5].trim() {
            "" => "None".to_string(),
            v => {
                let x: f64 = v.parse().unwrap_or_else(|_| panic!("techniques.csv {}: se {v:?}", r[0]));
                assert!((1.0..=12.0).contains(&x), "techniques.csv {}: se {x} off the SE scale", r[0]);
                format!("Some({x:?})")
            }
        };
        let band: u8 = r[2].parse().expect("band");
        assert!(band >= last_band, "techniques.csv: rows sorted by band ({})", r[0]);
        assert!((band as usize) < bands.len(), "band {band} has a name");
        last_band = band;
        let special: Vec<String> = r[4]
            .split_whitespace()
            .map(|c| {
                let j = codes
                    .iter()
                    .position(|k| *k == c)
                    .unwrap_or_else(|| panic!("unknown code {c} in row {}", r[0]));
                format!("Tech({j})")
            })
            .collect();
        writeln!(
            out,
            "    TechniqueInfo {{ code: {:?}, name: {:?}, band: {band}, classic: {}, special_case_of: &[{}], se: {se} }},",
            r[0],
            r[1],
            r[3] == "C",
            special.join(", ")
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "/// One constant per technique code (a leading digit gets a `C` prefix: `C3DM`).")
        .unwrap();
    // Every code has its constant; the variant codes have no finder yet, so some go unused.
    writeln!(out, "#[allow(dead_code)]\npub mod code {{\n    use super::Tech;").unwrap();
    for (i, c) in codes.iter().enumerate() {
        writeln!(out, "    pub const {}: Tech = Tech({i});", const_name(c)).unwrap();
    }
    writeln!(out, "}}").unwrap();
    // Why each technique works (the teach level's middle part), by technique index.
    let teach = rows(&data.join("teach.csv"));
    let mut why: Vec<Option<String>> = vec![None; techniques.len()];
    for r in &teach {
        assert_eq!(r.len(), 2, "teach.csv row {}: 2 fields", r[0]);
        let j = codes
            .iter()
            .position(|k| *k == r[0])
            .unwrap_or_else(|| panic!("teach.csv: unknown code {}", r[0]));
        assert!(why[j].is_none(), "teach.csv: {} twice", r[0]);
        assert!(!r[1].trim().is_empty(), "teach.csv: {} has no text", r[0]);
        why[j] = Some(r[1].clone());
    }
    writeln!(out, "/// Why each technique works, by technique index (kernel/data/teach.csv).").unwrap();
    writeln!(out, "pub static TEACH_WHY: [&str; {}] = [", why.len()).unwrap();
    for (w, r) in why.iter().zip(&techniques) {
        let w = w.as_ref().unwrap_or_else(|| panic!("teach.csv: no row for {}", r[0]));
        writeln!(out, "    {w:?},").unwrap();
    }
    writeln!(out, "];").unwrap();
    let dest = PathBuf::from(env::var("OUT_DIR").unwrap()).join("technique_table.rs");
    fs::write(dest, out).unwrap();
}
