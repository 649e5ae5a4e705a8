//! Step price (how-a-card-is-computed.txt section 7).

use super::features::{F_BRANCHES, F_CELLS, F_DEPTH, F_LINKS, Features};
use super::params::PriceSet;

/// The price of a step from its features: ln d = theta . x + lambda . (depth x (ln cells, links,
/// ln branches)), ln d capped at `log_cap`; a placement made without notes adds the cost of the
/// scan that finds it (K per scanned group, times its shape^gamma, times the items it still had to
/// explain); above the price of a guess the price grows only logarithmically.
pub fn price(set: &PriceSet, f: &Features) -> f64 {
    let x = &f.x;
    let mut z: f64 = set.theta.iter().zip(x.iter()).map(|(a, b)| a * b).sum();
    let depth = x[F_DEPTH];
    z += set.lambda[0] * depth * x[F_CELLS]
        + set.lambda[1] * depth * x[F_LINKS]
        + set.lambda[2] * depth * x[F_BRANCHES];
    let mut d = z.min(set.log_cap).exp();
    d += f
        .cover
        .iter()
        .map(|&(kind, shape, u)| set.k[kind] * shape.powf(set.gamma) * f64::from(u))
        .sum::<f64>();
    soft_cap(set, d)
}

/// No step costs more than a guess would: above its price, growth is logarithmic.
pub fn soft_cap(set: &PriceSet, d: f64) -> f64 {
    if d > set.guess { set.guess + (d - set.guess).ln_1p() } else { d }
}
