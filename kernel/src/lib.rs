//! pencilmark: a sudoku grader that rates puzzles the way people experience them, on an exact
//! bitboard solver.
//!
//! Data flows one way: text -> [`Puzzle`] -> board and rules -> [`solve`] / [`count`] (the
//! uniqueness proof) -> techniques -> route -> model -> [`Card`] (docs/architecture.md).
//!
//! ```
//! let card = pencilmark::rate_str(
//!     "4.3.....6.8....29..9.5.4..8..61.94......5......56.78..1..7.2.5..34....8.2.....7.1",
//!     &pencilmark::RateOptions::default(),
//! ).unwrap();
//! assert_eq!(card.band(), Some("Very Easy"));
//! ```

// README.md's Rust examples run as doc tests (only in a doctest build: the packaged crate has
// no README beside it).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

pub mod batch;

// The engine's stages, in the order data flows through them (docs/architecture.md). They are
// crate-private: the facade below is the API. The `internals` feature makes them public for the
// kernel's own integration tests, the benchmarks and the research tools, which look inside.
#[cfg(feature = "internals")]
pub mod bits;
#[cfg(not(feature = "internals"))]
mod bits;
#[cfg(feature = "internals")]
pub mod board;
#[cfg(not(feature = "internals"))]
mod board;
#[cfg(feature = "internals")]
pub mod budget;
#[cfg(not(feature = "internals"))]
mod budget;
#[cfg(feature = "internals")]
pub mod card;
#[cfg(not(feature = "internals"))]
mod card;
#[cfg(feature = "internals")]
pub mod count;
#[cfg(not(feature = "internals"))]
mod count;
#[cfg(feature = "internals")]
pub mod error;
#[cfg(not(feature = "internals"))]
mod error;
#[cfg(feature = "internals")]
pub mod export;
#[cfg(not(feature = "internals"))]
mod export;
#[cfg(feature = "internals")]
pub mod format;
#[cfg(not(feature = "internals"))]
mod format;
#[cfg(feature = "internals")]
pub mod model;
#[cfg(not(feature = "internals"))]
mod model;
#[cfg(feature = "internals")]
pub mod price;
#[cfg(not(feature = "internals"))]
mod price;
#[cfg(feature = "internals")]
pub mod route;
#[cfg(not(feature = "internals"))]
mod route;
#[cfg(feature = "internals")]
pub mod rules;
#[cfg(not(feature = "internals"))]
mod rules;
#[cfg(feature = "internals")]
pub mod solve;
#[cfg(not(feature = "internals"))]
mod solve;
#[cfg(feature = "internals")]
pub mod techniques;
#[cfg(not(feature = "internals"))]
mod techniques;

use board::Board;
use price::GraderModel;
use serde::Deserialize;
use solve::AnyGeometry;
use std::collections::BTreeMap;
use techniques::State;

// The facade: reading, rating, counting and solving, the card, and the error type.
pub use card::issues::{Check, Issue, Quality, Severity};
pub use card::se::Se;
pub use card::symmetry::Symmetry;
pub use card::{Card, CardStep, ContainsEntry, Explanation, Field, Grader, TimeDist};
pub use count::{CountOptions, Counted, count_json, count_str};
pub use error::{Error, ErrorKind, FormatError, error_object};
pub use export::EXPORT_MAX_NODES;
pub use format::{Description, MAX_INPUT_BYTES, Puzzle};
pub use solve::{CellsError, count_cells, count_cells_until};

/// The SIMD level the exact 9x9 solver runs at on this CPU ("avx512f", "avx2", "sse2", "neon" on
/// ARM64, or "scalar" for the portable path); other work uses the compiler's baseline
/// vectorisation.
pub fn simd_level() -> &'static str {
    solve::classic9::isa_name()
}

/// The engine's version (the grader version its cards carry).
pub const VERSION: &str = card::GRADER_VERSION;

/// The most cells a one-line puzzle or a cell array may have (25x25).
pub const MAX_LINE_CELLS: usize = 625;

/// What a card should hold.
#[derive(Clone, Debug, PartialEq)]
pub struct RateOptions {
    /// Card fields to compute (grade-card-format.txt section 2).
    pub fields: Vec<Field>,
    /// Search the alternatives of each listed technique (the chips).
    pub alternatives: bool,
    /// Worker threads for batch calls (None = available cores); single ratings ignore it.
    pub jobs: Option<usize>,
    /// Explain each step (grade-card-format.txt section 5) with its notation. Implies the steps
    /// field.
    pub explain: bool,
    /// With `explain`, add the short level: one plain sentence per step, result first.
    pub explain_short: bool,
    /// With `explain`, add the teach level: a few sentences per step for a learner.
    pub explain_teach: bool,
    /// Where no technique applies, stop (band "Unknown", stopped_at_step) instead of proving an
    /// elimination by full search (Trial and error, Extreme).
    pub allow_guessing: bool,
    /// A time limit for the whole rating (uniqueness proof, route, technique list); the card then
    /// carries `completed` (grade-card-format.txt section 1). None = no limit.
    pub max_seconds: Option<f64>,
    /// Named grader-model overrides (card-reference.txt, grader_model): a number sets the
    /// parameter, `"x<factor>"` scales it, e.g. `{"score.map.A": "x1.2"}`. Empty = the shipped model.
    /// Each value keeps the fitted value's sign within a factor of 10 of it (`price::OVERRIDE_FACTOR`);
    /// anything else is an `Invalid` error.
    pub grader_model: BTreeMap<String, serde_json::Value>,
    /// Adjusts the publishing checks (the `issues` field): per check a limit and / or a severity.
    pub quality: Quality,
    /// Development only: route up to this band even where the engine does not yet search every
    /// technique of the bands below it (cards may then be incomplete). None = the fully searched bands.
    #[doc(hidden)]
    pub max_band_override: Option<u8>,
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            fields: Field::DEFAULT.to_vec(),
            alternatives: true,
            jobs: None,
            explain: false,
            explain_short: false,
            explain_teach: false,
            allow_guessing: false,
            max_seconds: None,
            grader_model: BTreeMap::new(),
            quality: Quality::default(),
            max_band_override: None,
        }
    }
}

/// The options object of the C ABI and `rate_json` (keys mirror `RateOptions`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawOptions {
    fields: Option<Vec<String>>,
    alternatives: Option<bool>,
    /// Worker threads for batch calls; accepted everywhere, used by batch entry points only.
    jobs: Option<usize>,
    allow_guessing: Option<bool>,
    max_seconds: Option<serde_json::Value>,
    explain: Option<serde_json::Value>,
    grader_model: Option<BTreeMap<String, serde_json::Value>>,
    quality: Option<serde_json::Value>,
    /// Shorthand: the steps field with every explanation level (grade-card-format.txt 2).
    steps: Option<bool>,
    /// Shorthand: the se field.
    se: Option<bool>,
}

impl RateOptions {
    /// Options from a list of field names (unknown or not yet computed names are an error).
    pub fn with_fields<S: AsRef<str>>(names: &[S]) -> Result<RateOptions, Error> {
        let mut fields = Vec::new();
        for n in names {
            let f = Field::parse(n.as_ref().trim()).map_err(Error::Options)?;
            if !fields.contains(&f) {
                fields.push(f);
            }
        }
        Ok(RateOptions { fields, ..RateOptions::default() })
    }

    /// Asks for step explanations at these levels ("notation", "short", "teach"); an empty list
    /// turns them off. Explanations come with the steps, so the steps field is added; the notation
    /// level comes with any other.
    pub fn set_explain<S: AsRef<str>>(&mut self, levels: &[S]) -> Result<(), Error> {
        self.explain_short = false;
        self.explain_teach = false;
        for level in levels {
            match level.as_ref().trim() {
                "notation" => {}
                "short" => self.explain_short = true,
                "teach" => self.explain_teach = true,
                l => {
                    return Err(Error::Options(format!(
                        "unknown explanation level \"{l}\" (levels: notation, short, teach)"
                    )));
                }
            }
        }
        self.explain = !levels.is_empty();
        if self.explain && !self.fields.contains(&Field::Steps) {
            self.fields.push(Field::Steps);
        }
        Ok(())
    }

    /// The shorthand `steps=True` (grade-card-format.txt section 2): the steps field with every
    /// explanation level, beside the fields already asked for.
    pub fn with_steps(mut self) -> RateOptions {
        self.set_explain(&["notation", "short", "teach"]).expect("the levels this build explains");
        self
    }

    /// The shorthand `se=True`: the se field beside the fields already asked for.
    pub fn with_se(mut self) -> RateOptions {
        if !self.fields.contains(&Field::Se) {
            self.fields.push(Field::Se);
        }
        self
    }

    /// Options from the JSON object of the C ABI: NULL or "" means the defaults.
    pub fn from_json(text: &str) -> Result<RateOptions, Error> {
        if text.trim().is_empty() {
            return Ok(RateOptions::default());
        }
        let raw: RawOptions = serde_json::from_str(text).map_err(|e| Error::Options(e.to_string()))?;
        let max_seconds = budget::seconds_option(raw.max_seconds.as_ref())?;
        if raw.jobs == Some(0) {
            return Err(Error::Options("\"jobs\" must be at least 1".into()));
        }
        let mut opts = match raw.fields {
            Some(names) => RateOptions::with_fields(&names)?,
            None => RateOptions::default(),
        };
        if let Some(a) = raw.alternatives {
            opts.alternatives = a;
        }
        opts.jobs = raw.jobs;
        if let Some(explain) = raw.explain {
            opts.set_explain(&explain_levels(&explain)?)?;
        }
        if raw.steps == Some(true) {
            opts = opts.with_steps();
        }
        if raw.se == Some(true) {
            opts = opts.with_se();
        }
        opts.allow_guessing = raw.allow_guessing.unwrap_or(false);
        opts.max_seconds = max_seconds;
        if let Some(q) = &raw.quality {
            opts.quality = Quality::from_json(q).map_err(Error::Options)?;
        }
        if let Some(g) = raw.grader_model {
            GraderModel::shipped()
                .with_overrides(g.iter().map(|(k, v)| (k.as_str(), v)))
                .map_err(Error::Options)?;
            opts.grader_model = g;
        }
        Ok(opts)
    }
}

/// The levels an `explain` option names: true = every level this build produces, false = none,
/// a level name, or a list of them.
fn explain_levels(v: &serde_json::Value) -> Result<Vec<String>, Error> {
    use serde_json::Value;
    let bad = || Error::Options("\"explain\" must be true, false, a level name or a list of them".into());
    match v {
        Value::Bool(true) => Ok(vec!["notation".into(), "short".into(), "teach".into()]),
        Value::Bool(false) => Ok(Vec::new()),
        Value::String(s) => Ok(vec![s.clone()]),
        Value::Array(a) => a.iter().map(|x| x.as_str().map(String::from).ok_or_else(bad)).collect(),
        _ => Err(bad()),
    }
}

/// Reads a puzzle for the engine: a one-line classic (any size from 4x4 to 25x25, a packed
/// sudokuwiki.org string, a grid over several lines), or a `sudoku-puzzle` document (a text
/// starting with `{`). A document with rules the engine does not solve (vendor rules, `custom`)
/// is refused with an error naming them; [`validate_str`] checks every document.
pub fn read(text: &str) -> Result<Puzzle, Error> {
    let p = format::read(text)?;
    let unsolved = p.unsolved_families();
    if !unsolved.is_empty() {
        return Err(Error::Unsupported(format!(
            "this build of pencilmark does not solve these rules yet: {} (solved: every rule family of the exchange format but vendor rules and custom)",
            unsolved.join(", ")
        )));
    }
    Ok(p)
}

/// Checks a puzzle text against the exchange format (puzzle-format.md), rules the engine does not
/// solve included: `Ok` or the first problem, with its column where it has one.
pub fn validate_str(text: &str) -> Result<(), Error> {
    format::read(text)?;
    Ok(())
}

/// The canonical text of a puzzle (puzzle-format.md 5.3): one spelling per mechanic, rules in
/// canonical order, `meta.type` and `meta.rules_text` filled in, and the unique solution where the
/// engine proves one within `max_nodes` search nodes ([`EXPORT_MAX_NODES`] is a few seconds at
/// most on the largest boards).
pub fn export_str(text: &str, max_nodes: u64) -> Result<String, Error> {
    export::canonical_text_with_budget(&format::read(text)?.to_document(), max_nodes)
}

/// The fingerprint of a puzzle (puzzle-format.md 5.5): `sha256:` and 64 hex digits, the same for
/// every spelling of the same puzzle.
pub fn fingerprint_str(text: &str) -> Result<String, Error> {
    Ok(format::fingerprint(&format::read(text)?.to_document())?)
}

/// The symbol a digit is written with: 1-9, then A-Z for 10 and up (16x16 and larger boards);
/// '?' for anything else.
pub fn digit_symbol(digit: u8) -> char {
    Board::digit_symbol(digit)
}

/// The name of a technique by its code ("XWG" -> "X-Wing"), from the technique table.
pub fn technique_name(code: &str) -> Option<&'static str> {
    techniques::Tech::from_code(code).map(|t| t.name())
}

/// Counts the solutions of a puzzle up to `opts.limit`, with the first solution if asked, within
/// `opts.max_seconds` (every rule family, exactly; no node limit).
pub fn count(p: &Puzzle, opts: &CountOptions) -> Result<Counted, Error> {
    count::count_puzzle(p, opts)
}

/// The unique solution of a puzzle, one digit per cell in reading order: `NoSolution` (naming
/// two givens in conflict where they are), `NotUnique`, or `Undecided` when `max_seconds` passes
/// first.
pub fn solve(p: &Puzzle, max_seconds: Option<f64>) -> Result<Vec<u8>, Error> {
    budget::check_seconds(max_seconds)?;
    unique_solution_until(p, budget::Budget::seconds_from(std::time::Instant::now(), max_seconds).deadline())
}

/// Two givens that share a house and a digit, named for an error message.
fn direct_conflict(p: &Puzzle) -> Option<String> {
    for h in &p.board.houses {
        for (i, &a) in h.cells.iter().enumerate() {
            let v = p.givens[a];
            if v == 0 {
                continue;
            }
            if let Some(&b) = h.cells[i + 1..].iter().find(|&&b| p.givens[b] == v) {
                return Some(format!(
                    "the givens {} and {} both hold {}",
                    p.board.cell_name(a),
                    p.board.cell_name(b),
                    Board::digit_symbol(v)
                ));
            }
        }
    }
    None
}

/// As [`solve`], giving up at `deadline` with `Undecided` (large boards can take long).
pub(crate) fn unique_solution_until(
    p: &Puzzle,
    deadline: Option<std::time::Instant>,
) -> Result<Vec<u8>, Error> {
    let c = solve::count_until(p, 2, deadline)?.ok_or(Error::Undecided)?;
    match c.count {
        0 => Err(Error::NoSolution { conflict: direct_conflict(p) }),
        1 => Ok(c.solution.expect("a count of 1 carries its solution")),
        _ => {
            // Two solutions name where the puzzle is ambiguous (a generator author's next clue).
            let first = c.solution.expect("a count of 2 carries its first solution");
            let examples = solve::another_solution(p, &first, deadline)?.map(|second| {
                let text = |g: &[u8]| g.iter().map(|&v| Board::digit_symbol(v)).collect::<String>();
                Box::new([text(&first), text(&second)])
            });
            Err(Error::NotUnique { examples })
        }
    }
}

/// True when a card with these fields needs difficulty or time (the publishing checks read them).
fn wants_model(fields: &[Field]) -> bool {
    fields.iter().any(|f| {
        matches!(
            f,
            Field::Difficulty
                | Field::Time
                | Field::TimeMean
                | Field::TimeDist
                | Field::TimePercentile(_)
                | Field::Issues
                | Field::Reject
                | Field::Warning
        )
    })
}

/// True when a card with these fields reads the shortest technique list.
fn wants_list(fields: &[Field]) -> bool {
    fields.iter().any(|f| matches!(f, Field::Contains | Field::Issues | Field::Reject | Field::Warning))
}

/// Rates a puzzle: proves it unique, solves it the way a person would, and builds the card.
/// With `max_seconds`, the whole call is bounded: uniqueness not proven in time raises
/// `Undecided`; a band route cut by the limit gives band "Unknown" with the techniques found so
/// far; a technique list cut by it keeps the band (`completed` false either way).
pub fn rate(p: &Puzzle, opts: &RateOptions) -> Result<Card, Error> {
    let started = std::time::Instant::now();
    budget::check_seconds(opts.max_seconds)?;
    let budget = budget::Budget::seconds_from(started, opts.max_seconds);
    let solution = unique_solution_until(p, budget.deadline())?;
    if budget.passed() {
        return Err(Error::Undecided);
    }
    let overridden;
    let grader_model = if opts.grader_model.is_empty() {
        GraderModel::shipped()
    } else {
        overridden = GraderModel::shipped()
            .with_overrides(opts.grader_model.iter().map(|(k, v)| (k.as_str(), v)))
            .map_err(Error::Options)?;
        &overridden
    };
    // The techniques also read the houses the board implies (a windoku's hidden groups).
    let board = p.board.with_implied_houses();
    let geometry = AnyGeometry::new(&board).map_err(Error::Board)?;
    let max_band = opts.max_band_override.unwrap_or_else(techniques::rated_max_band);
    let route_opts = route::RouteOptions {
        alternatives: opts.alternatives,
        max_band,
        allow_guessing: opts.allow_guessing,
        // Only the technique list needs the shrink; the steps then walk its route.
        shrink: wants_list(&opts.fields),
    };
    let want_model = wants_model(&opts.fields);
    // Owned by this call: the band route and the written routes share its entries, and it is
    // dropped when the card is built.
    let memo = techniques::Memo::default();
    let houses_only = p.document.as_ref().is_none_or(|d| d.rules.iter().all(|r| r.kind.is_house()));
    // Rules beyond houses (and given candidates): the variant techniques read them.
    let rules = match p.document.as_deref() {
        Some(doc) if solve::has_variant_rules(p) => Some(
            techniques::rule_moves::RuleTechniques::new(
                rules::RuleSolver::new(doc, &p.board).map_err(Error::Rule)?,
            )
            .with_solution(solution.clone()),
        ),
        _ => None,
    };
    let result = on_geometry!(&geometry, geo => {
        let mut search = techniques::SearchContext::plain(geo).with_budget(budget).with_memo(&memo);
        let mut start = State::new(geo, &p.givens).expect("a unique puzzle's givens do not conflict");
        if let Some(r) = &rules {
            search = search.with_rules(r);
            let stated = r.start_eliminations(geo, &start);
            start.apply_step(geo, &[], &stated);
        }
        let cx = route::RouteContext { search, prices: &grader_model.route };
        // The written routes read the band route's moves where they meet its positions.
        let mut moves = route::MoveCache::default();
        route::contents_cached(&cx, &start, &route_opts, &mut moves).map(|c| {
            // A card with band Unknown has null difficulty and time.
            let numbers = (want_model && c.band.is_some())
                .then(|| model::compute_cached(&search, &board, &start, &solution, grader_model, moves))
                .flatten();
            // The limit passed while the numbers were computed: they are null, the card not complete.
            let model_cut = want_model && c.band.is_some() && numbers.is_none() && budget.passed();
            // SE's own way through the puzzle (null but for classic 9x9, or when the limit cut it).
            let se = opts.fields.contains(&Field::Se).then(|| card::se::rate((geo, &board), &start, houses_only, budget));
            let cut = model_cut || (se == Some(None) && budget.passed());
            // The rule checks read which rules each step of the route reads.
            let rules_read = match p.document.as_deref() {
                Some(doc) if card::wants_checks(&opts.fields) && card::rule_checks::has_families(doc) => {
                    Some(card::rule_checks::rules_read(geo, &board, doc, rules.as_ref(), &start, &c.route.steps))
                }
                _ => None,
            };
            (c, numbers, cut, se, rules_read)
        })
    });
    match result {
        Ok((c, numbers, model_cut, se, rules_read)) => {
            let run = card::Run {
                completed: opts.max_seconds.map(|_| c.completed && !model_cut),
                elapsed: started.elapsed().as_secs_f64(),
            };
            let mut card = card::build(&board, &c, numbers.as_ref(), &opts.fields, &run);
            if opts.explain {
                let levels = card::Levels { short: opts.explain_short, teach: opts.explain_teach };
                card::explain_steps(&mut card, &board, &p.givens, rules.as_ref(), &c, budget, levels);
            }
            card.se = se;
            let techniques: Vec<techniques::Tech> = c.listed.iter().map(|l| l.tech).collect();
            let families = match (p.document.as_deref(), &rules_read) {
                (Some(doc), Some(read)) => card::rule_checks::family_uses(doc, read, budget.deadline()),
                _ => Vec::new(),
            };
            let facts = card::issues::Facts {
                band: c.band,
                numbers: numbers.as_ref(),
                techniques: &techniques,
                givens: p.givens.iter().filter(|&&v| v != 0).count(),
                cells: p.board.cell_count(),
                classic9: houses_only && p.board.is_classic9(),
                families: &families,
            };
            card::check_publishing(&mut card, &facts, &opts.quality, &opts.fields);
            card::describe_puzzle(&mut card, p, &opts.fields);
            Ok(card)
        }
        Err(stuck) => Err(Error::Unsupported(format!(
            "needs a technique above {} (band {max_band}), the hardest band this build of pencilmark rates: \
             the easiest route is stuck after {} steps with {} of {} cells open",
            techniques::band_name(max_band),
            stuck.steps.len(),
            stuck.open_left,
            p.board.cell_count()
        ))),
    }
}

/// Reads and rates a puzzle text.
pub fn rate_str(text: &str, opts: &RateOptions) -> Result<Card, Error> {
    rate(&read(text)?, opts)
}

/// Rates a puzzle text with options given as JSON (None or "" = defaults): the card's JSON, or an
/// `{"error": ..., "kind": ...}` object. Never panics on bad input.
pub fn rate_json(text: &str, options_json: Option<&str>) -> String {
    let result = RateOptions::from_json(options_json.unwrap_or("")).and_then(|o| rate_str(text, &o));
    match result {
        Ok(card) => card.to_json(),
        Err(e) => e.to_json(),
    }
}
