//! Prices (how-a-card-is-computed.txt sections 6-7): the grader model's fitted numbers
//! ([`params`]), the features of a step ([`features`]), the price of a step from them ([`step`]),
//! and the order in which the band route weighs the moves of one technique ([`band_order`]).
//! The route reads prices to order its moves; the model reads them to value the written route.

pub mod band_order;
pub mod features;
pub mod params;
pub mod step;

#[cfg(any(test, feature = "internals"))]
pub use params::OVERRIDE_FACTOR;
pub use params::{GraderModel, PriceSet};
pub use step::price;
