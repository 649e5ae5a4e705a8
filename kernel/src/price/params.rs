//! The grader model: every fitted parameter the card's difficulty and time use, loaded once from
//! `data/grader_model/` (compiled in), with named overrides (card-reference.txt, grader_model).
//!
//! Names: `<set>.<key>` for a top-level value of `route` / `price` / `score` / `time`,
//! `<set>.<key>.<subkey>` inside a mapping (`score.map.A`) and `<set>.<list>.<index>` for one
//! entry of a list (`price.theta.3`). A value is a number, or `"x<factor>"` to scale the current one.

use serde_json::Value;
use std::sync::OnceLock;

/// Number of structural step features a price is linear in (section 6).
pub const N_FEATURES: usize = 18;

const PARAMS_JSON: &str = include_str!("../../data/grader_model/params.json");
const PRICE_PARAMS_JSON: &str = include_str!("../../data/grader_model/price_params.json");
const CARD_SCORE_JSON: &str = include_str!("../../data/grader_model/card_score.json");
const TIME_MODEL_JSON: &str = include_str!("../../data/grader_model/time_model.json");
const SPREAD_JSON: &str = include_str!("../../data/grader_model/spread.json");

/// One set of step prices (section 7).
#[derive(Clone, Debug, PartialEq)]
pub struct PriceSet {
    /// theta: weights of the 18 step features.
    pub theta: [f64; N_FEATURES],
    /// lambda: log depth x (log cells, links, log branches).
    pub lambda: [f64; 3],
    /// Scan-cover weights per kind of scan (placements without notes).
    pub k: [f64; 9],
    /// Exponent of a scanned group's shape in its cover cost.
    pub gamma: f64,
    /// Price of writing the notes (the TakeNotes step).
    pub take_notes: f64,
    /// Price of a guess: above it a step's price grows only logarithmically.
    pub guess: f64,
    /// Cap of the log price (ln 1000).
    pub log_cap: f64,
    /// How much nearer moves are seen first: the written route takes the move whose price times
    /// exp(locality x log2(1 + d)) is least, d the Chebyshev distance from the last move (a
    /// solver looks near where they just wrote, and a few cells further matter less than the
    /// first).
    pub locality: f64,
}

/// The card-score configuration (section 8 and 9).
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub beta: f64,
    pub beta_time: f64,
    pub enum_w: f64,
    pub refute_w: f64,
    pub map_a: f64,
    pub map_r0: f64,
    pub map_w: f64,
    /// Difficulty where the map turns gentler (square-root-like below it).
    pub map_low: f64,
}

/// The time model (section 10) and the spread of solve times (grade-card-format.txt section 1).
#[derive(Clone, Debug, PartialEq)]
pub struct TimeModel {
    pub constant: f64,
    pub k_effort: f64,
    pub k_empty: f64,
    pub k_blob_cells: f64,
    pub k_extra_area_pc: f64,
    pub t0: f64,
    pub compress_k: f64,
    pub compress_c: f64,
    pub minutes_per_unit: f64,
    pub size_curve_q: f64,
    pub size_curve_c: f64,
    pub sigma_players_classic: f64,
    pub sigma_players_other: f64,
    pub sigma_model_classic: f64,
    pub sigma_model_other: f64,
}

/// Every fitted parameter the card uses.
#[derive(Clone, Debug, PartialEq)]
pub struct GraderModel {
    /// Production prices: the time effort and the written route they produce.
    pub route: PriceSet,
    /// Difficulty prices (card-fit weights), on the written route they produce.
    pub price: PriceSet,
    pub score: Score,
    pub time: TimeModel,
}

fn num(v: &Value, path: &[&str]) -> Result<f64, String> {
    let mut cur = v;
    for p in path {
        cur = cur.get(p).ok_or_else(|| format!("grader model: missing {}", path.join(".")))?;
    }
    cur.as_f64().ok_or_else(|| format!("grader model: {} is not a number", path.join(".")))
}

fn list<const N: usize>(v: &Value, key: &str) -> Result<[f64; N], String> {
    let a =
        v.get(key).and_then(Value::as_array).ok_or_else(|| format!("grader model: missing list {key}"))?;
    let mut out = [0.0; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = a.get(i).and_then(Value::as_f64).ok_or_else(|| format!("grader model: {key}[{i}] missing"))?;
    }
    Ok(out)
}

fn price_set(v: &Value) -> Result<PriceSet, String> {
    Ok(PriceSet {
        theta: list(v, "meta_theta_full")?,
        lambda: list(v, "meta_theta_interact")?,
        k: list(v, "K")?,
        gamma: num(v, &["gamma"])?,
        // Engine technique ids of the reference release: 10 = TakeNotes, 27 = Guess.
        take_notes: num(v, &["B", "10"])?,
        guess: num(v, &["B", "27"])?,
        log_cap: 1000f64.ln(),
        locality: num(v, &["locality"])?,
    })
}

fn parse(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("grader model: {e}"))
}

impl GraderModel {
    /// The shipped model from the compiled-in files.
    fn load() -> Result<GraderModel, String> {
        let route = parse(PARAMS_JSON)?;
        let price = parse(PRICE_PARAMS_JSON)?;
        let cs = parse(CARD_SCORE_JSON)?;
        let tm = parse(TIME_MODEL_JSON)?;
        let sp = parse(SPREAD_JSON)?;
        Ok(GraderModel {
            route: price_set(&route)?,
            price: price_set(&price)?,
            score: Score {
                beta: num(&cs, &["beta"])?,
                beta_time: num(&cs, &["beta_time"])?,
                enum_w: num(&cs, &["enum_w"])?,
                refute_w: num(&cs, &["refute_w"])?,
                map_a: num(&cs, &["map", "A"])?,
                map_r0: num(&cs, &["map", "r0"])?,
                map_w: num(&cs, &["map", "w"])?,
                map_low: num(&sp, &["map_low"])?,
            },
            time: TimeModel {
                constant: num(&tm, &["const"])?,
                k_effort: num(&tm, &["k_effort"])?,
                k_empty: num(&tm, &["k_empty"])?,
                k_blob_cells: num(&tm, &["k_geometry", "blob_cells"])?,
                k_extra_area_pc: num(&tm, &["k_geometry", "extra_area_pc"])?,
                t0: num(&tm, &["t0"])?,
                compress_k: num(&tm, &["compress", "k"])?,
                compress_c: num(&tm, &["compress", "c"])?,
                minutes_per_unit: num(&tm, &["minutes_per_unit"])?,
                size_curve_q: num(&tm, &["size_curve", "q"])?,
                size_curve_c: num(&tm, &["size_curve", "c"])?,
                sigma_players_classic: num(&sp, &["sigma_players", "classic"])?,
                sigma_players_other: num(&sp, &["sigma_players", "other"])?,
                sigma_model_classic: num(&sp, &["sigma_model", "classic"])?,
                sigma_model_other: num(&sp, &["sigma_model", "other"])?,
            },
        })
    }

    /// The shipped model, loaded on first use.
    pub fn shipped() -> &'static GraderModel {
        static MODEL: OnceLock<GraderModel> = OnceLock::new();
        MODEL.get_or_init(|| GraderModel::load().expect("the compiled-in grader model parses (tested)"))
    }

    /// Calls `f` with every named scalar parameter.
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut f64)) {
        for (set, p) in [("route", &mut self.route), ("price", &mut self.price)] {
            for (i, t) in p.theta.iter_mut().enumerate() {
                f(&format!("{set}.theta.{i}"), t);
            }
            for (i, t) in p.lambda.iter_mut().enumerate() {
                f(&format!("{set}.lambda.{i}"), t);
            }
            for (i, t) in p.k.iter_mut().enumerate() {
                f(&format!("{set}.K.{i}"), t);
            }
            f(&format!("{set}.gamma"), &mut p.gamma);
            f(&format!("{set}.price.TakeNotes"), &mut p.take_notes);
            f(&format!("{set}.price.Guess"), &mut p.guess);
            f(&format!("{set}.log_cap"), &mut p.log_cap);
            f(&format!("{set}.locality"), &mut p.locality);
        }
        let s = &mut self.score;
        f("score.beta", &mut s.beta);
        f("score.beta_time", &mut s.beta_time);
        f("score.enum_w", &mut s.enum_w);
        f("score.refute_w", &mut s.refute_w);
        f("score.map.A", &mut s.map_a);
        f("score.map.r0", &mut s.map_r0);
        f("score.map.w", &mut s.map_w);
        f("score.map.low", &mut s.map_low);
        let t = &mut self.time;
        f("time.const", &mut t.constant);
        f("time.k_effort", &mut t.k_effort);
        f("time.k_empty", &mut t.k_empty);
        f("time.k_geometry.blob_cells", &mut t.k_blob_cells);
        f("time.k_geometry.extra_area_pc", &mut t.k_extra_area_pc);
        f("time.t0", &mut t.t0);
        f("time.compress.k", &mut t.compress_k);
        f("time.compress.c", &mut t.compress_c);
        f("time.minutes_per_unit", &mut t.minutes_per_unit);
        f("time.size_curve.q", &mut t.size_curve_q);
        f("time.size_curve.c", &mut t.size_curve_c);
        f("time.sigma_players.classic", &mut t.sigma_players_classic);
        f("time.sigma_players.other", &mut t.sigma_players_other);
        f("time.sigma_model.classic", &mut t.sigma_model_classic);
        f("time.sigma_model.other", &mut t.sigma_model_other);
    }

    /// Every named scalar parameter with its value, in a stable order.
    #[cfg(any(test, feature = "internals"))]
    pub fn names(&self) -> Vec<(String, f64)> {
        let mut copy = self.clone();
        let mut out = Vec::new();
        copy.visit(&mut |n, v| out.push((n.to_string(), *v)));
        out
    }

    /// The value of one named parameter.
    #[cfg(any(test, feature = "internals"))]
    pub fn get(&self, name: &str) -> Option<f64> {
        self.names().into_iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// A copy with named parameters changed: a number sets it, `"x<factor>"` scales it. Unknown
    /// names and malformed values are an error.
    pub fn with_overrides<'a>(
        &self,
        overrides: impl IntoIterator<Item = (&'a str, &'a Value)>,
    ) -> Result<GraderModel, String> {
        let mut m = self.clone();
        for (name, value) in overrides {
            let change: Box<dyn Fn(f64) -> f64> = match value {
                Value::Number(n) => {
                    let x = n.as_f64().ok_or_else(|| format!("grader_model \"{name}\": not a number"))?;
                    Box::new(move |_| x)
                }
                Value::String(s) => {
                    let f: f64 =
                        s.strip_prefix('x').and_then(|f| f.trim().parse().ok()).ok_or_else(|| {
                            format!("grader_model \"{name}\": \"{s}\" is neither a number nor \"x<factor>\"")
                        })?;
                    Box::new(move |v| v * f)
                }
                _ => return Err(format!("grader_model \"{name}\": a number or \"x<factor>\"")),
            };
            let mut found = None;
            m.visit(&mut |n, v| {
                if n == name {
                    let fitted = *v;
                    *v = change(fitted);
                    found = Some((fitted, *v));
                }
            });
            let Some((fitted, new)) = found else {
                return Err(format!("grader_model: unknown parameter \"{name}\""));
            };
            check_range(name, fitted, new)?;
        }
        Ok(m)
    }
}

/// How far an override may move a parameter from its fitted value, as a factor either way.
pub const OVERRIDE_FACTOR: f64 = 10.0;

/// An override keeps the fitted value's sign and stays within [`OVERRIDE_FACTOR`] of it either
/// way: the model's terms are fitted in those ranges, and beyond them a card's numbers overflow
/// or collapse to zero (a what-if that answers nothing).
fn check_range(name: &str, fitted: f64, new: f64) -> Result<(), String> {
    if !new.is_finite() {
        return Err(format!("grader_model \"{name}\": {new} is not a finite number"));
    }
    if fitted == 0.0 {
        // Nothing to scale from: only the fitted value itself.
        return if new == 0.0 {
            Ok(())
        } else {
            Err(format!("grader_model \"{name}\": this parameter is 0 in the fitted model and stays 0"))
        };
    }
    // The ends themselves are in range ("x0.01" lands a rounding error below them).
    let slack = 1.0 + 1e-9;
    let ratio = new / fitted;
    if !(1.0 / (OVERRIDE_FACTOR * slack)..=OVERRIDE_FACTOR * slack).contains(&ratio) {
        let (lo, hi) = {
            let (a, b) = (fitted / OVERRIDE_FACTOR, fitted * OVERRIDE_FACTOR);
            (a.min(b), a.max(b))
        };
        return Err(format!(
            "grader_model \"{name}\": {new} is out of range (fitted {fitted}; allowed {lo} to {hi}, the same sign \
             within a factor of {OVERRIDE_FACTOR})"
        ));
    }
    Ok(())
}
