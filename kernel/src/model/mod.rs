//! Difficulty and time (how-a-card-is-computed.txt sections 5-10): the written route, its step
//! features and prices, step values, the technique-free search term and the time model.
//!
//! Data flow: [`written::route`] (one per price set) -> [`crate::price::features`] ->
//! [`crate::price::price`] -> step values -> difficulty ([`difficulty_from_effort`]) and time
//! ([`time_units`]); the refutation profile ([`refute`]) adds the technique-free search term.

pub mod refute;
pub mod written;

use crate::board::{Board, Geometry, HouseKind};
pub use crate::price::GraderModel;
use crate::techniques::{SearchContext, State};
use written::WrittenStep;

/// The model's numbers for one puzzle, unrounded.
#[derive(Clone, Debug, PartialEq)]
pub struct Numbers {
    pub difficulty: f64,
    /// Predicted median solve time in minutes.
    pub time: f64,
    /// Spread of log solve time over players (time_mean, time_pNN).
    pub sigma_players: f64,
    /// Typical error of the predicted median.
    pub sigma_model: f64,
    /// ln of the priced step sum the time model reads (the card reference's effort_l1).
    pub effort_l1: f64,
    /// The search-effort term (before its weight).
    pub search_effort: f64,
    /// The share of the difficulty's step values carried by the three hardest steps (the
    /// publishing check `spike`).
    pub hardest_three_share: f64,
}

/// Sum over steps of d^beta x F / moves on offer x e^(enum_w x cage term); cages are not yet
/// read by this engine, so the cage enumeration term is 0.
fn value_sum<const W: usize>(geo: &Geometry<W>, steps: &[WrittenStep], beta: f64) -> f64 {
    step_values(geo, steps, beta).sum()
}

/// Each step's value: d^beta x F / moves on offer.
fn step_values<'a, const W: usize>(
    geo: &'a Geometry<W>,
    steps: &'a [WrittenStep],
    beta: f64,
) -> impl Iterator<Item = f64> + 'a {
    steps.iter().map(move |s| {
        let f = written::density(geo, s.candidates) / s.on_offer.max(1) as f64;
        (beta * s.price.max(1e-3).ln()).exp() * f
    })
}

/// The share of the total carried by the three largest values (0 for no values).
fn hardest_three_share(values: impl Iterator<Item = f64>) -> f64 {
    let mut all: Vec<f64> = values.collect();
    let total: f64 = all.iter().sum();
    if total <= 0.0 {
        return 0.0;
    }
    all.sort_by(|a, b| b.total_cmp(a));
    all.iter().take(3).sum::<f64>() / total
}

/// The difficulty map: r = 2 l / ln 5, difficulty = A (r - r0) from `low` upward (one point =
/// about 2.6 times the effort per cell), and below it low x exp(A (r - r2) / low), which meets the
/// line with the same slope at `low` and makes difficulty about the square root of effort, never
/// below 0.
pub fn difficulty_from_effort(model: &GraderModel, l: f64) -> f64 {
    let s = &model.score;
    let r = 2.0 * l / 5f64.ln();
    let lin = s.map_a * (r - s.map_r0);
    if lin >= s.map_low || s.map_low <= 0.0 {
        lin
    } else {
        let r2 = s.map_r0 + s.map_low / s.map_a;
        s.map_low * (s.map_a * (r - r2) / s.map_low).exp()
    }
}

/// Region geometry the time model reads: (share of cells in 2-D houses that are not rectangles,
/// 2-D houses per cell beyond one). 0 / 0 on a standard grid.
pub fn region_geometry(board: &Board) -> (f64, f64) {
    let n = board.cell_count().max(1) as f64;
    let mut blob = vec![false; board.cell_count()];
    let mut area = 0usize;
    for h in &board.houses {
        if !matches!(h.kind, HouseKind::Box | HouseKind::Region) || h.cells.len() != board.digits {
            continue;
        }
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for &c in &h.cells {
            let (r, cc) = board.cell_pos[c];
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(cc), c1.max(cc));
        }
        let (hh, ww) = (r1 + 1 - r0, c1 + 1 - c0);
        // Lines (one row or column, diagonals) are not 2-D groups.
        if hh == 1 || ww == 1 || (hh == board.digits && ww == board.digits) {
            continue;
        }
        area += h.cells.len();
        if hh * ww != h.cells.len() {
            for &c in &h.cells {
                blob[c] = true;
            }
        }
    }
    let blob_share = blob.iter().filter(|&&b| b).count() as f64 / n;
    let extra = (area as f64 / n - 1.0).max(0.0);
    (blob_share, extra)
}

/// True for a classic board (rows, columns and rectangular boxes only; multi-grid layouts too):
/// its players spread like classics' (sigma_players 0.79 rather than 0.62).
pub fn is_classic_family(board: &Board) -> bool {
    let (blob, extra) = region_geometry(board);
    blob == 0.0 && extra == 0.0 && board.houses.iter().all(|h| h.kind != HouseKind::Region)
}

/// Time in classic units from the effort L (section 10).
pub fn time_units(model: &GraderModel, effort_l1: f64, empty_cells: usize, geometry: (f64, f64)) -> f64 {
    let t = &model.time;
    let g = t.k_blob_cells * geometry.0 + t.k_extra_area_pc * geometry.1;
    let n = empty_cells.max(1) as f64;
    let mut u = (t.constant + t.k_effort * effort_l1 + t.k_empty * n.ln() + g).exp() + t.t0;
    // Long predictions grow more slowly.
    let lt = u.ln();
    u = (lt - t.compress_k * (lt - t.compress_c).max(0.0)).exp();
    // Boards with more than about 92 empty cells are slower per cell than the power law.
    u * (t.size_curve_q * (n.ln() - t.size_curve_c).max(0.0).powi(2)).exp()
}

/// The model's numbers for a puzzle from its start position; None when the written route cannot
/// finish it.
#[cfg(any(test, feature = "internals"))]
pub fn compute<const W: usize>(
    cx: &SearchContext<W>,
    board: &Board,
    start: &State<W>,
    solution: &[u8],
    model: &GraderModel,
) -> Option<Numbers> {
    compute_cached(cx, board, start, solution, model, crate::route::MoveCache::default())
}

/// `compute` reading the moves the band route of the same puzzle kept in `band` (see
/// `route::contents_cached`) where its written routes meet that route's positions.
pub fn compute_cached<const W: usize>(
    cx: &SearchContext<W>,
    board: &Board,
    start: &State<W>,
    solution: &[u8],
    model: &GraderModel,
    band: crate::route::MoveCache<W>,
) -> Option<Numbers> {
    let geo = cx.geo;
    let empty = start.open_cells(geo).len() as usize;
    // The routes share many positions: their finders' moves are found once.
    let mut cache = written::FinderCache::with_band_moves(band);
    let mut route_of = |set| {
        written::route_cached(cx, start, set, false, &mut cache)
            .or_else(|| written::route_cached(cx, start, set, true, &mut cache))
    };
    let by_price = route_of(&model.price)?;
    let by_route = if model.route == model.price { by_price.clone() } else { route_of(&model.route)? };
    let points = refute::profile(geo, cx.budget, start, solution, refute::DEFAULT_LIMIT);
    // Cut by the budget: no numbers rather than numbers of a partial route or profile.
    if cx.budget.passed() {
        return None;
    }
    let search_effort = refute::search_effort(&points, empty);
    let v = value_sum(geo, &by_price, model.score.beta);
    let l = (v / empty.max(1) as f64).max(1e-9).ln() + model.score.refute_w * search_effort;
    // Difficulty is positive (grade-card-format.txt): a complete grid, with nothing to solve,
    // gets the least value a card shows, below a grid with one open cell (about 0.2).
    let difficulty =
        if empty == 0 { COMPLETE_GRID_DIFFICULTY } else { difficulty_from_effort(model, l).max(0.0) };
    let effort_l1 = value_sum(geo, &by_route, model.score.beta_time).max(1e-9).ln();
    let geometry = region_geometry(board);
    let units = time_units(model, effort_l1, empty, geometry);
    // Players of puzzles with rules beyond houses spread like other variants'.
    let classic = is_classic_family(board) && cx.rules.is_none();
    let t = &model.time;
    Some(Numbers {
        difficulty,
        time: units * t.minutes_per_unit,
        sigma_players: if classic { t.sigma_players_classic } else { t.sigma_players_other },
        sigma_model: if classic { t.sigma_model_classic } else { t.sigma_model_other },
        effort_l1,
        search_effort,
        hardest_three_share: hardest_three_share(step_values(geo, &by_price, model.score.beta)),
    })
}

/// The difficulty of a complete grid: the least positive value a card shows (one decimal).
const COMPLETE_GRID_DIFFICULTY: f64 = 0.1;

/// The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -39.696_830_286_653_76,
        220.946_098_424_520_5,
        -275.928_510_446_968_7,
        138.357_751_867_269,
        -30.664_798_066_147_16,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -54.476_098_798_224_06,
        161.585_836_858_040_9,
        -155.698_979_859_886_6,
        66.801_311_887_719_72,
        -13.280_681_552_885_72,
    ];
    const C: [f64; 6] = [
        -0.007_784_894_002_430_293,
        -0.322_396_458_041_136_5,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] =
        [0.007_784_695_709_041_462, 0.322_467_129_070_039_8, 2.445_134_137_142_996, 3.754_408_661_907_416];
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    let plow = 0.02425;
    if p < plow {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - plow {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        -normal_quantile(1.0 - p)
    }
}

/// The NN-th percentile of solve times: median x exp(sigma_players x z(NN/100)).
pub fn time_percentile(n: &Numbers, nn: u8) -> f64 {
    n.time * (n.sigma_players * normal_quantile(f64::from(nn) / 100.0)).exp()
}

/// The mean solve time of the log-normal: median x exp(sigma_players^2 / 2).
pub fn time_mean(n: &Numbers) -> f64 {
    n.time * (n.sigma_players * n.sigma_players / 2.0).exp()
}

/// Rounds to `places` decimals, as the card emits numbers.
pub fn round_to(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}
