//! The card's publishing checks (grade-card-format.txt section 4): `issues`, `reject`, `warning`,
//! and the quality object that adjusts them. The checks read what the card already knows (band,
//! difficulty, time, the technique list, the givens); none of them changes the grade.

use super::rule_checks::FamilyUse;
use crate::model::Numbers;
use crate::techniques::{Tech, band_name, code};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// One publishing check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Check {
    Spike,
    Decorative,
    BarelyUsed,
    Redundant,
    Trivial,
    Tedious,
    Uniqueness,
    Trial,
    Unusual,
}

/// How a check reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Reject,
    Warning,
    Off,
}

impl Severity {
    fn name(self) -> &'static str {
        match self {
            Severity::Reject => "reject",
            Severity::Warning => "warning",
            Severity::Off => "off",
        }
    }

    fn parse(s: &str) -> Option<Severity> {
        [Severity::Reject, Severity::Warning, Severity::Off].into_iter().find(|v| v.name() == s)
    }
}

impl Check {
    /// Every check, in the spec's order (the order of a card's issues).
    pub const ALL: [Check; 9] = [
        Check::Spike,
        Check::Decorative,
        Check::BarelyUsed,
        Check::Redundant,
        Check::Trivial,
        Check::Tedious,
        Check::Uniqueness,
        Check::Trial,
        Check::Unusual,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Check::Spike => "spike",
            Check::Decorative => "decorative",
            Check::BarelyUsed => "barely_used",
            Check::Redundant => "redundant",
            Check::Trivial => "trivial",
            Check::Tedious => "tedious",
            Check::Uniqueness => "uniqueness",
            Check::Trial => "trial",
            Check::Unusual => "unusual",
        }
    }

    /// The spec's severity when asked for (barely_used: reject when the family is never used).
    fn severity(self) -> Severity {
        match self {
            Check::Decorative | Check::BarelyUsed | Check::Trivial | Check::Unusual => Severity::Reject,
            _ => Severity::Warning,
        }
    }

    /// The default limit of the checks that have one.
    fn limit(self) -> Option<f64> {
        match self {
            Check::Spike => Some(0.6),
            Check::BarelyUsed => Some(3.0),
            Check::Trivial => Some(0.6),
            Check::Tedious => Some(60.0),
            _ => None,
        }
    }

    fn parse(code: &str) -> Result<Check, String> {
        Check::ALL.into_iter().find(|c| c.code() == code).ok_or_else(|| {
            let known: Vec<&str> = Check::ALL.iter().map(|c| c.code()).collect();
            format!("unknown quality check \"{code}\" (checks: {})", known.join(", "))
        })
    }
}

/// The quality object: per check, a limit (checks that have one) and / or a severity ("off"
/// turns the check off). Empty = the spec's defaults.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Quality {
    overrides: BTreeMap<Check, (Option<f64>, Option<Severity>)>,
}

impl Quality {
    /// Sets one key of one check ("limit" or "severity"), checking the value.
    pub fn set(&mut self, check: &str, key: &str, value: &str) -> Result<(), String> {
        let c = Check::parse(check)?;
        let entry = self.overrides.entry(c).or_default();
        match key {
            "limit" => {
                if c.limit().is_none() {
                    return Err(format!("quality check \"{check}\" has no limit (only a severity)"));
                }
                let x: f64 =
                    value.trim().parse().ok().filter(|x: &f64| x.is_finite() && *x >= 0.0).ok_or_else(
                        || format!("quality {check}.limit must be a number at least 0, not \"{value}\""),
                    )?;
                entry.0 = Some(x);
            }
            "severity" => {
                entry.1 = Some(Severity::parse(value.trim()).ok_or_else(|| {
                    format!("quality {check}.severity must be reject, warning or off, not \"{value}\"")
                })?);
            }
            other => return Err(format!("unknown quality key \"{check}.{other}\" (keys: limit, severity)")),
        }
        Ok(())
    }

    /// The CLI form: `trivial.limit=0.5,trial.severity=reject,tedious.severity=off`.
    pub fn parse_cli(text: &str) -> Result<Quality, String> {
        let mut q = Quality::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (path, value) =
                item.split_once('=').ok_or_else(|| format!("quality \"{item}\" is not check.key=value"))?;
            let (check, key) =
                path.split_once('.').ok_or_else(|| format!("quality \"{item}\" is not check.key=value"))?;
            q.set(check.trim(), key.trim(), value)?;
        }
        Ok(q)
    }

    /// The JSON form: `{"trivial": {"limit": 0.5}, "trial": {"severity": "reject"}}`.
    pub fn from_json(v: &serde_json::Value) -> Result<Quality, String> {
        let obj = v.as_object().ok_or("\"quality\" must be an object keyed by check")?;
        let mut q = Quality::default();
        for (check, entry) in obj {
            let entry = entry.as_object().ok_or_else(|| {
                format!("quality \"{check}\" must be an object with limit and / or severity")
            })?;
            for (key, value) in entry {
                let text = match (key.as_str(), value) {
                    ("limit", serde_json::Value::Number(n)) => n.to_string(),
                    ("severity", serde_json::Value::String(s)) => s.clone(),
                    ("limit" | "severity", other) => {
                        return Err(format!("quality {check}.{key}: {other} is not a valid value"));
                    }
                    _ => String::new(),
                };
                q.set(check, key, &text)?;
            }
        }
        Ok(q)
    }

    fn limit(&self, c: Check) -> f64 {
        self.overrides.get(&c).and_then(|o| o.0).or(c.limit()).unwrap_or(0.0)
    }

    fn severity(&self, c: Check, default: Severity) -> Severity {
        self.overrides.get(&c).and_then(|o| o.1).unwrap_or(default)
    }
}

/// One publishing issue: `{"code", "severity", "text", "rules"?, "ids"?}`.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Issue {
    pub code: &'static str,
    pub severity: &'static str,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ids: Option<Vec<String>>,
}

/// What the checks read.
pub struct Facts<'a> {
    /// The band index; None for Unknown (then the checks that read band or numbers are silent).
    pub band: Option<u8>,
    pub numbers: Option<&'a Numbers>,
    /// The techniques of the shortest list.
    pub techniques: &'a [Tech],
    pub givens: usize,
    pub cells: usize,
    /// A classic 9x9 (houses only): the boards the `unusual` ranges were measured on.
    pub classic9: bool,
    /// The rule families beyond the houses and their use (empty for a puzzle without them, or
    /// when no check was asked for).
    pub families: &'a [FamilyUse],
}

/// Techniques that assume the puzzle has one solution.
const UNIQUENESS: [Tech; 3] = [code::URC, code::BUG, code::GSY];
/// Trial and error and forcing chains: computer-strength logic.
const TRIAL: [Tech; 9] =
    [code::STR, code::EWY, code::WIF, code::FCH, code::FNT, code::NFC, code::NIS, code::POM, code::TRL];

/// The publishing issues of a card, in the spec's order of checks.
pub fn issues(facts: &Facts, quality: &Quality) -> Vec<Issue> {
    let mut out = Vec::new();
    let mut report_on = |c: Check, severity: Severity, text: String, family: Option<&FamilyUse>| {
        let severity = quality.severity(c, severity);
        if severity != Severity::Off {
            let rules = family.map(|f| f.rules.clone());
            let ids = family.map(|f| f.ids.clone()).filter(|ids| !ids.is_empty());
            out.push(Issue { code: c.code(), severity: severity.name(), text, rules, ids });
        }
    };
    let mut report = |c: Check, severity: Severity, text: String| report_on(c, severity, text, None);
    let band = facts.band;
    let n = facts.numbers;
    if let (Some(b), Some(n)) = (band, n)
        && b >= 2
        && n.hardest_three_share > quality.limit(Check::Spike)
    {
        report(
            Check::Spike,
            Check::Spike.severity(),
            format!(
                "a {} puzzle whose 3 hardest steps carry {:.0}% of its effort (limit {:.0}%)",
                band_name(b),
                100.0 * n.hardest_three_share,
                100.0 * quality.limit(Check::Spike)
            ),
        );
    }
    rule_checks(facts.families, quality, &mut report_on);
    let mut report = |c: Check, severity: Severity, text: String| report_on(c, severity, text, None);
    let share = facts.givens as f64 / facts.cells.max(1) as f64;
    if share > quality.limit(Check::Trivial) {
        report(
            Check::Trivial,
            Check::Trivial.severity(),
            format!(
                "{:.0}% of the cells are given (limit {:.0}%)",
                100.0 * share,
                100.0 * quality.limit(Check::Trivial)
            ),
        );
    }
    if let (Some(b @ 0..=1), Some(n)) = (band, n)
        && n.time > quality.limit(Check::Tedious)
    {
        report(
            Check::Tedious,
            Check::Tedious.severity(),
            format!(
                "{} but about {:.0} minutes of routine work (limit {:.0})",
                band_name(b),
                n.time,
                quality.limit(Check::Tedious)
            ),
        );
    }
    let named = |set: &[Tech]| -> Vec<&str> {
        facts.techniques.iter().filter(|t| set.contains(t)).map(|t| t.name()).collect()
    };
    let assumed = named(&UNIQUENESS);
    if !assumed.is_empty() {
        report(
            Check::Uniqueness,
            Check::Uniqueness.severity(),
            format!("relies on assuming one solution ({})", assumed.join(", ")),
        );
    }
    let trial = named(&TRIAL);
    if !trial.is_empty() {
        report(
            Check::Trial,
            Check::Trial.severity(),
            format!("needs trial and error or forcing chains ({})", trial.join(", ")),
        );
    }
    if let (Some(b), Some(n), true) = (band, n, facts.classic9)
        && let Some(&(low, high)) = published_ranges().get(b as usize)
    {
        let d = crate::model::round_to(n.difficulty, 1);
        if low.is_some_and(|l| d < l) || high.is_some_and(|h| d > h) {
            let bound = |x: Option<f64>, none: &str| x.map_or(none.to_string(), |v| format!("{v:.1}"));
            report(
                Check::Unusual,
                Check::Unusual.severity(),
                format!(
                    "difficulty {d:.1} is outside the middle 80% of published {} puzzles ({} to {})",
                    band_name(b),
                    bound(low, "any"),
                    bound(high, "any")
                ),
            );
        }
    }
    out
}

/// The three checks on rule families, each over every family in turn (the spec's order of
/// checks): a family neither needed for uniqueness nor read by any step is decorative; one the
/// puzzle is unique without but the solve reads is redundant; any other read in fewer than the
/// limit's steps is barely used (a reject when no step reads it). A family whose necessity the
/// time limit left undecided counts as needed.
fn rule_checks(
    families: &[FamilyUse],
    quality: &Quality,
    report: &mut impl FnMut(Check, Severity, String, Option<&FamilyUse>),
) {
    let named = |f: &FamilyUse| {
        let list: Vec<String> = f.rules.iter().map(usize::to_string).collect();
        format!("{} (rule{} {})", f.name, if f.rules.len() == 1 { "" } else { "s" }, list.join(", "))
    };
    let steps = |n: usize| format!("{n} step{}", if n == 1 { "" } else { "s" });
    for f in families.iter().filter(|f| f.needed == Some(false) && f.steps == 0) {
        let text = format!("{}: not needed for uniqueness and used in no step of the solve", named(f));
        report(Check::Decorative, Check::Decorative.severity(), text, Some(f));
    }
    let limit = quality.limit(Check::BarelyUsed);
    for f in families.iter().filter(|f| f.needed != Some(false) && (f.steps as f64) < limit) {
        let severity = if f.steps == 0 { Severity::Reject } else { Severity::Warning };
        let text = format!("{}: used in only {} of the solve (limit {limit})", named(f), steps(f.steps));
        report(Check::BarelyUsed, severity, text, Some(f));
    }
    for f in families.iter().filter(|f| f.needed == Some(false) && f.steps > 0) {
        let text = format!(
            "{}: used in {} of the solve, but the puzzle is unique without it",
            named(f),
            steps(f.steps)
        );
        report(Check::Redundant, Check::Redundant.severity(), text, Some(f));
    }
}

/// Per band index: the middle 80% of difficulty over published classic 9x9 puzzles (low: none
/// for Very Easy, high: none for Extreme), from kernel/data/published_ranges.csv.
fn published_ranges() -> &'static [(Option<f64>, Option<f64>)] {
    static RANGES: OnceLock<Vec<(Option<f64>, Option<f64>)>> = OnceLock::new();
    RANGES.get_or_init(|| parse_ranges(include_str!("../../data/published_ranges.csv")))
}

fn parse_ranges(text: &str) -> Vec<(Option<f64>, Option<f64>)> {
    let mut out = vec![(None, None); crate::techniques::BAND_NAMES.len()];
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let band = crate::techniques::BAND_NAMES
            .iter()
            .position(|b| *b == f[1])
            .expect("published_ranges.csv names a band (tested)");
        out[band] = (f[2].parse().ok(), f[3].parse().ok());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_ranges_cover_every_band_and_widen_upward() {
        let r = published_ranges();
        assert_eq!(r.len(), 7);
        assert!(r[0].0.is_none() && r[6].1.is_none(), "{r:?}");
        for (b, (low, high)) in r.iter().enumerate() {
            assert!(b == 0 || low.is_some(), "band {b}: {r:?}");
            assert!(b == 6 || high.is_some(), "band {b}: {r:?}");
            if let (Some(l), Some(h)) = (low, high) {
                assert!(l < h, "band {b}: {r:?}");
            }
        }
    }

    #[test]
    fn quality_is_checked() {
        let q = Quality::parse_cli("trivial.limit=0.5, trial.severity=reject,tedious.severity=off").unwrap();
        assert_eq!(q.limit(Check::Trivial), 0.5);
        assert_eq!(q.severity(Check::Trial, Severity::Warning), Severity::Reject);
        assert_eq!(q.severity(Check::Tedious, Severity::Warning), Severity::Off);
        assert_eq!(q.limit(Check::Spike), 0.6);
        for bad in [
            "trivia.limit=1",
            "trivial.limt=1",
            "trivial.limit=-1",
            "trivial.limit=x",
            "trial.limit=1",
            "trial.severity=loud",
            "trivial",
        ] {
            assert!(Quality::parse_cli(bad).is_err(), "{bad}");
        }
        let json: serde_json::Value =
            serde_json::json!({"trivial": {"limit": 0.5}, "trial": {"severity": "reject"}});
        assert_eq!(
            Quality::from_json(&json).unwrap(),
            Quality::parse_cli("trivial.limit=0.5,trial.severity=reject").unwrap()
        );
        for bad in [
            serde_json::json!({"trivial": 0.5}),
            serde_json::json!({"trivial": {"limit": "0.5"}}),
            serde_json::json!({"trivial": {"colour": "red"}}),
            serde_json::json!([1]),
        ] {
            assert!(Quality::from_json(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn each_family_gets_the_one_rule_check_its_use_and_necessity_call_for() {
        let family = |name: &str, steps: usize, needed: Option<bool>| FamilyUse {
            name: name.into(),
            rules: vec![1, 2],
            ids: vec!["a".into()],
            steps,
            needed,
        };
        let families = [
            family("never read, not needed", 0, Some(false)),
            family("read, not needed", 5, Some(false)),
            family("never read, needed", 0, Some(true)),
            family("read twice, undecided", 2, None),
            family("read enough", 3, Some(true)),
        ];
        let facts = Facts {
            band: None,
            numbers: None,
            techniques: &[],
            givens: 20,
            cells: 81,
            classic9: false,
            families: &families,
        };
        let found: Vec<(&str, &str, String)> = issues(&facts, &Quality::default())
            .into_iter()
            .map(|i| (i.code, i.severity, i.text.split(':').next().unwrap().to_string()))
            .collect();
        let named = |n: &str| format!("{n} (rules 1, 2)");
        assert_eq!(
            found,
            [
                ("decorative", "reject", named("never read, not needed")),
                ("barely_used", "reject", named("never read, needed")),
                ("barely_used", "warning", named("read twice, undecided")),
                ("redundant", "warning", named("read, not needed")),
            ]
        );
        let all = issues(&facts, &Quality::default());
        assert!(all.iter().all(|i| i.rules == Some(vec![1, 2]) && i.ids == Some(vec!["a".to_string()])));
    }
}
