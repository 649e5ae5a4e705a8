//! The `sudoku-grade` card (grade-card-format.txt): only the requested fields, in the spec's key
//! order, serialised to JSON.

mod derived;
#[cfg(test)]
mod explained_positions;
pub mod issues;
pub mod notation;
pub mod rule_checks;
pub mod se;
mod se_chains;
mod se_exclusion;
mod se_loops;
mod se_wings;
pub mod short;
pub mod symmetry;
pub mod teach;

use crate::board::Board;
use crate::budget::Budget;
use crate::format::{Description, Puzzle};
use crate::model::{self, Numbers};
use crate::route::{Contents, Step};
use crate::techniques::{Tech, band_name};
use serde::Serialize;

pub const FORMAT: &str = "sudoku-grade";
pub const FORMAT_VERSION: u32 = 1;
pub const GRADER_NAME: &str = "pencilmark";
/// The card version this engine implements (grade-card-format.txt).
pub const GRADER_VERSION: &str = "1.1.0";

/// Card fields this version computes. The spec's other keys (issues, se, ...) are refused by name
/// until the engine computes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    Difficulty,
    Time,
    TimeMean,
    /// time_pNN, NN from 1 to 99.
    TimePercentile(u8),
    TimeDist,
    Band,
    BandIndex,
    Contains,
    StoppedAtStep,
    Completed,
    Elapsed,
    /// The publishing checks (section 4) and their two flags.
    Issues,
    Reject,
    Warning,
    /// Sudoku Explainer-style ratings (null but for classic 9x9).
    Se,
    Steps,
    /// The variant name and rule texts (`describe`).
    Describe,
    /// The symmetries of the givens pattern.
    Symmetry,
}

impl Field {
    pub const ALL: [Field; 17] = [
        Field::Difficulty,
        Field::Time,
        Field::TimeMean,
        Field::TimeDist,
        Field::Band,
        Field::BandIndex,
        Field::Contains,
        Field::StoppedAtStep,
        Field::Completed,
        Field::Elapsed,
        Field::Issues,
        Field::Reject,
        Field::Warning,
        Field::Se,
        Field::Steps,
        Field::Describe,
        Field::Symmetry,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Field::Difficulty => "difficulty",
            Field::Time => "time",
            Field::TimeMean => "time_mean",
            Field::TimePercentile(_) => "time_pNN",
            Field::TimeDist => "time_dist",
            Field::Band => "band",
            Field::BandIndex => "band_index",
            Field::Contains => "contains",
            Field::StoppedAtStep => "stopped_at_step",
            Field::Completed => "completed",
            Field::Elapsed => "elapsed",
            Field::Issues => "issues",
            Field::Reject => "reject",
            Field::Warning => "warning",
            Field::Se => "se",
            Field::Steps => "steps",
            Field::Describe => "describe",
            Field::Symmetry => "symmetry",
        }
    }

    /// The default card: the spec's default fields this version computes.
    pub const DEFAULT: [Field; 4] = [Field::Difficulty, Field::Time, Field::Band, Field::Contains];

    pub fn parse(key: &str) -> Result<Field, String> {
        if let Some(f) = Field::ALL.into_iter().find(|f| f.key() == key) {
            return Ok(f);
        }
        let percentile = key
            .strip_prefix("time_p")
            .filter(|n| !n.starts_with('0') && n.chars().all(|c| c.is_ascii_digit()))
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=99).contains(n));
        if let Some(n) = percentile {
            return Ok(Field::TimePercentile(n));
        }
        let known: Vec<&str> = Field::ALL.iter().map(|f| f.key()).chain(["time_p1 .. time_p99"]).collect();
        Err(format!("unknown card field \"{key}\"; available: {}", known.join(", ")))
    }
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Grader {
    pub name: &'static str,
    pub version: &'static str,
}

/// One entry of `contains`.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ContainsEntry {
    pub code: &'static str,
    pub chip: String,
    pub name: &'static str,
    pub band: u8,
    /// Absent when there are none; null when alternatives were not searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) alternatives: Option<Option<Vec<&'static str>>>,
    /// Absent for singles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uses: Option<usize>,
}

impl ContainsEntry {
    /// The other techniques that could stand in for this one (empty when there are none or they
    /// were not searched: see `alternatives_searched`).
    pub fn alternatives(&self) -> &[&'static str] {
        self.alternatives.as_ref().and_then(Option::as_deref).unwrap_or(&[])
    }

    /// False when the rating did not search for alternatives (the card writes them as null).
    pub fn alternatives_searched(&self) -> bool {
        !matches!(self.alternatives, Some(None))
    }
}

/// One step of the route.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct CardStep {
    pub n: usize,
    pub code: &'static str,
    pub name: &'static str,
    pub band: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eliminations: Option<Vec<String>>,
    /// On request (the `explain` option): the step in words, at the levels produced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
}

/// A step's explanation (grade-card-format.txt section 5): the notation level always, the short
/// and teach levels on request.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Explanation {
    /// HoDoKu's one-line form, e.g. "X-Wing: 3 r58 c68 => r679c6<>3".
    pub notation: String,
    /// One plain sentence, result first, e.g. "r6c6, r7c6, r9c6 ≠ 3: X-Wing on 3 (row 5 and row 8
    /// / column 6 and column 8)".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short: Option<String>,
    /// A few sentences for a learner: where to look, why it works, what it achieves. Absent when
    /// not asked for, or for a step the explainer cannot reconstruct.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teach: Option<String>,
}

/// The explanation levels beyond the notation, as asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levels {
    pub short: bool,
    pub teach: bool,
}

/// Adds the notation of every step to a card that carries steps (`givens`: the puzzle's, `rules`
/// its rules beyond houses the route read), within
/// `budget` (a step whose pattern search the budget cut names its digits and result only, and has
/// no teach text), and the other `levels` asked for.
pub fn explain_steps(
    card: &mut Card,
    board: &Board,
    givens: &[u8],
    rules: Option<&crate::techniques::rule_moves::RuleTechniques>,
    contents: &Contents,
    budget: Budget,
    levels: Levels,
) {
    let Some(steps) = card.steps.as_mut() else { return };
    let route = &contents.route.steps;
    let explained = notation::route_explanations(board, givens, rules, route, budget, levels.teach);
    for ((step, e), s) in steps.iter_mut().zip(explained).zip(route) {
        let short = levels.short.then(|| short::short_text(board, s, &e.pattern));
        step.explanation = Some(Explanation { notation: e.notation, short, teach: e.teach });
    }
}

/// The time distribution (time_dist).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct TimeDist {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub sigma_players: f64,
    pub sigma_model: f64,
}

/// The requested percentiles, serialised as `time_pNN` keys in increasing NN.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Percentiles(pub(crate) Vec<(u8, Option<f64>)>);

impl Serialize for Percentiles {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (n, v) in &self.0 {
            m.serialize_entry(&format!("time_p{n}"), v)?;
        }
        m.end()
    }
}

/// A grade card. Keys absent from the request are `None` and not serialised.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Card {
    pub(crate) format: &'static str,
    pub(crate) format_version: u32,
    pub(crate) grader: Grader,
    /// Null (Some(None)) when the band is Unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) difficulty: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) time: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) time_mean: Option<Option<f64>>,
    #[serde(flatten)]
    pub(crate) time_percentiles: Percentiles,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) time_dist: Option<Option<TimeDist>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) band: Option<&'static str>,
    /// Null (Some(None)) for band Unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) band_index: Option<Option<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) contains: Option<Vec<ContainsEntry>>,
    /// The first step human logic could not make (band Unknown with guessing allowed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stopped_at_step: Option<usize>,
    /// Present only when the rating had a time limit (max_seconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) completed: Option<bool>,
    /// Wall-clock seconds of the rating (on request).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) elapsed: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) issues: Option<Vec<issues::Issue>>,
    /// True when an issue has severity reject.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reject: Option<bool>,
    /// True when an issue has severity warning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) warning: Option<bool>,
    /// Null (Some(None)) for anything but classic 9x9.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) se: Option<Option<se::Se>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) steps: Option<Vec<CardStep>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) describe: Option<Description>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) symmetry: Option<Vec<symmetry::Symmetry>>,
}

/// The card's values as plain types. A value is None both when its field was not asked for and
/// when it is null on the card (difficulty and time of band Unknown, se off classic 9x9); a list
/// is None only when it was not asked for (an asked list can be empty).
impl Card {
    /// The card as the format's JSON (only the fields asked for, in the format's order).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a card always serialises")
    }
    pub fn grader(&self) -> &Grader {
        &self.grader
    }
    pub fn difficulty(&self) -> Option<f64> {
        self.difficulty.flatten()
    }
    /// The predicted solving time in minutes (the median).
    pub fn time(&self) -> Option<f64> {
        self.time.flatten()
    }
    pub fn time_mean(&self) -> Option<f64> {
        self.time_mean.flatten()
    }
    /// The NNth percentile of the solving time (`time_pNN`), when asked for.
    pub fn time_percentile(&self, nn: u8) -> Option<f64> {
        self.time_percentiles.0.iter().find(|(n, _)| *n == nn).and_then(|(_, v)| *v)
    }
    pub fn time_dist(&self) -> Option<&TimeDist> {
        self.time_dist.as_ref().and_then(Option::as_ref)
    }
    /// The band's name, "Unknown" when the route did not finish.
    pub fn band(&self) -> Option<&'static str> {
        self.band
    }
    /// 0 (Very Easy) to 6 (Extreme); None for band Unknown.
    pub fn band_index(&self) -> Option<u8> {
        self.band_index.flatten()
    }
    pub fn contains(&self) -> Option<&[ContainsEntry]> {
        self.contains.as_deref()
    }
    /// The first step human logic could not make (band Unknown with guessing allowed).
    pub fn stopped_at_step(&self) -> Option<usize> {
        self.stopped_at_step
    }
    /// Whether the rating finished within its time limit (only when it had one).
    pub fn completed(&self) -> Option<bool> {
        self.completed
    }
    /// Wall-clock seconds of the rating.
    pub fn elapsed(&self) -> Option<f64> {
        self.elapsed
    }
    pub fn issues(&self) -> Option<&[issues::Issue]> {
        self.issues.as_deref()
    }
    /// True when an issue has severity reject.
    pub fn reject(&self) -> Option<bool> {
        self.reject
    }
    /// True when an issue has severity warning.
    pub fn warning(&self) -> Option<bool> {
        self.warning
    }
    /// Sudoku Explainer's ratings (classic 9x9 only).
    pub fn se(&self) -> Option<&se::Se> {
        self.se.as_ref().and_then(Option::as_ref)
    }
    pub fn steps(&self) -> Option<&[CardStep]> {
        self.steps.as_deref()
    }
    pub fn describe(&self) -> Option<&Description> {
        self.describe.as_ref()
    }
    pub fn symmetry(&self) -> Option<&[symmetry::Symmetry]> {
        self.symmetry.as_deref()
    }
}

fn contains_entries(contents: &Contents) -> Vec<ContainsEntry> {
    contents
        .listed
        .iter()
        .map(|l| {
            let alts: Option<Vec<&'static str>> =
                l.alternatives.as_ref().map(|a| a.iter().map(|t: &Tech| t.code()).collect());
            let chip = std::iter::once(l.tech.code())
                .chain(alts.iter().flatten().copied())
                .collect::<Vec<_>>()
                .join("/");
            ContainsEntry {
                code: l.tech.code(),
                chip,
                name: l.tech.name(),
                band: l.tech.band(),
                alternatives: match alts {
                    None => Some(None),
                    Some(a) if a.is_empty() => None,
                    Some(a) => Some(Some(a)),
                },
                uses: (!l.tech.is_single()).then_some(l.uses),
            }
        })
        .collect()
}

fn card_steps(board: &Board, steps: &[Step]) -> Vec<CardStep> {
    let candidate = |c: &crate::techniques::Candidate| (board.cell_name(c.cell), c.digit);
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| CardStep {
            n: i + 1,
            code: s.tech.code(),
            name: s.tech.name(),
            band: s.tech.band(),
            placement: s.placements.first().map(|p| {
                let (cell, d) = candidate(p);
                format!("{cell}={}", Board::digit_symbol(d))
            }),
            eliminations: (!s.eliminations.is_empty()).then(|| {
                s.eliminations
                    .iter()
                    .map(|e| {
                        let (cell, d) = candidate(e);
                        format!("{cell}#{}", Board::digit_symbol(d))
                    })
                    .collect()
            }),
            explanation: None,
        })
        .collect()
}

/// How the rating ran, for the keys that report it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Run {
    /// Some(finished within the limit) when the rating had a time limit.
    pub completed: Option<bool>,
    /// Wall-clock seconds of the rating so far.
    pub elapsed: f64,
}

/// The band name a card shows: "Unknown" when the route did not finish.
pub const UNKNOWN_BAND: &str = "Unknown";

/// Builds the card with the requested fields; `numbers` are the model's difficulty and time (None:
/// null, as for band Unknown).
pub fn build(
    board: &Board,
    contents: &Contents,
    numbers: Option<&Numbers>,
    fields: &[Field],
    run: &Run,
) -> Card {
    let want = |f: Field| fields.contains(&f);
    let one = |x: f64| model::round_to(x, 1);
    let mut pct: Vec<u8> = fields
        .iter()
        .filter_map(|f| if let Field::TimePercentile(n) = f { Some(*n) } else { None })
        .collect();
    pct.sort_unstable();
    pct.dedup();
    Card {
        format: FORMAT,
        format_version: FORMAT_VERSION,
        grader: Grader { name: GRADER_NAME, version: GRADER_VERSION },
        difficulty: want(Field::Difficulty).then(|| numbers.map(|n| one(n.difficulty))),
        time: want(Field::Time).then(|| numbers.map(|n| one(n.time))),
        time_mean: want(Field::TimeMean).then(|| numbers.map(|n| one(model::time_mean(n)))),
        time_percentiles: Percentiles(
            pct.into_iter().map(|p| (p, numbers.map(|n| one(model::time_percentile(n, p))))).collect(),
        ),
        time_dist: want(Field::TimeDist).then(|| {
            numbers.map(|n| TimeDist {
                kind: "lognormal",
                sigma_players: model::round_to(n.sigma_players, 2),
                sigma_model: model::round_to(n.sigma_model, 2),
            })
        }),
        band: want(Field::Band).then(|| contents.band.map_or(UNKNOWN_BAND, band_name)),
        band_index: want(Field::BandIndex).then_some(contents.band),
        contains: want(Field::Contains).then(|| contains_entries(contents)),
        stopped_at_step: contents
            .stopped_at_step
            .filter(|_| want(Field::Contains) || want(Field::StoppedAtStep)),
        completed: run.completed,
        elapsed: want(Field::Elapsed).then_some((run.elapsed * 10_000.0).round() / 10_000.0),
        issues: None,
        reject: None,
        warning: None,
        se: None,
        steps: want(Field::Steps).then(|| card_steps(board, &contents.route.steps)),
        describe: None,
        symmetry: None,
    }
}

/// The fields that run the publishing checks.
const CHECK_FIELDS: [Field; 3] = [Field::Issues, Field::Reject, Field::Warning];

/// True when a card with these fields runs the publishing checks.
pub fn wants_checks(fields: &[Field]) -> bool {
    CHECK_FIELDS.iter().any(|f| fields.contains(f))
}

/// Adds the publishing checks the fields ask for (`issues`, `reject`, `warning`).
pub fn check_publishing(card: &mut Card, facts: &issues::Facts, quality: &issues::Quality, fields: &[Field]) {
    if !wants_checks(fields) {
        return;
    }
    let wanted = CHECK_FIELDS.map(|f| fields.contains(&f));
    let found = issues::issues(facts, quality);
    let any = |severity: &str| found.iter().any(|i| i.severity == severity);
    card.reject = wanted[1].then(|| any("reject"));
    card.warning = wanted[2].then(|| any("warning"));
    card.issues = wanted[0].then_some(found);
}

/// Adds the fields that describe the puzzle itself rather than its solving: `describe` and
/// `symmetry`, when asked for.
pub fn describe_puzzle(card: &mut Card, puzzle: &Puzzle, fields: &[Field]) {
    if fields.contains(&Field::Describe) {
        card.describe = Some(crate::format::describe(&puzzle.to_document()));
    }
    if fields.contains(&Field::Symmetry) {
        card.symmetry = Some(symmetry::symmetries(&puzzle.board, &puzzle.givens));
    }
}
