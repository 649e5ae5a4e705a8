//! The exchange-format fixtures made with the reference release (data/fixtures/exchange, see
//! generate.py there): our canonical text and fingerprint must equal the reference's byte for byte.

use pencilmark::export::canonical_text;
use pencilmark::format::{fingerprint, read_document};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/fixtures/exchange")
}

/// Fixtures whose canonical text does not match yet.
const TEXT_PENDING: &[&str] = &[];
/// Fixtures whose fingerprint does not match yet.
const FINGERPRINT_PENDING: &[&str] = &[];

fn cases() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("fixture dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json") && !n.ends_with(".canonical.json"))
        .map(|n| n.trim_end_matches(".json").to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn fingerprints_match_the_reference() {
    let mut bad = Vec::new();
    let all = cases();
    assert!(all.len() >= 30, "{} fixtures", all.len());
    for name in &all {
        let input = std::fs::read_to_string(dir().join(format!("{name}.json"))).unwrap();
        let want = std::fs::read_to_string(dir().join(format!("{name}.fingerprint"))).unwrap();
        let doc = read_document(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = fingerprint(&doc).unwrap();
        // The canonical output has the same fingerprint, or the one the reference gives it when its
        // writing is not a fixed point (NAME.canonical.fingerprint).
        let canon = std::fs::read_to_string(dir().join(format!("{name}.canonical.json"))).unwrap();
        let want2 = std::fs::read_to_string(dir().join(format!("{name}.canonical.fingerprint")))
            .unwrap_or_else(|_| want.clone());
        let got2 =
            fingerprint(&read_document(&canon).unwrap_or_else(|e| panic!("{name} canonical: {e}"))).unwrap();
        if got != want.trim() || got2 != want2.trim() {
            bad.push(name.clone());
        }
    }
    let unexpected: Vec<&String> =
        bad.iter().filter(|n| !FINGERPRINT_PENDING.contains(&n.as_str())).collect();
    eprintln!("fingerprints: {} of {} match", all.len() - bad.len(), all.len());
    assert!(unexpected.is_empty(), "fingerprint differs: {unexpected:?}");
}

#[test]
fn canonical_text_matches_the_reference() {
    let mut bad = Vec::new();
    let all = cases();
    for name in &all {
        let input = std::fs::read_to_string(dir().join(format!("{name}.json"))).unwrap();
        let want = std::fs::read_to_string(dir().join(format!("{name}.canonical.json"))).unwrap();
        let got = canonical_text(&read_document(&input).unwrap()).unwrap();
        if got != want {
            if std::env::var_os("SHOW_DIFF").is_some() {
                eprintln!("== {name}\n-- want\n{want}-- got\n{got}");
            }
            bad.push(name.clone());
        }
    }
    let unexpected: Vec<&String> = bad.iter().filter(|n| !TEXT_PENDING.contains(&n.as_str())).collect();
    eprintln!("canonical texts: {} of {} match", all.len() - bad.len(), all.len());
    assert!(unexpected.is_empty(), "canonical text differs: {unexpected:?}");
}
