//! The time budget of one call (`max_seconds`): a leaf that every stage reads between pieces of
//! work, handed down as a value so that two ratings on one thread never see each other's limit.

use std::time::{Duration, Instant};

/// When the work of one call must stop; `Budget::UNLIMITED` never does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    deadline: Option<Instant>,
}

impl Budget {
    /// No limit.
    pub const UNLIMITED: Budget = Budget { deadline: None };

    /// A budget that passes at `deadline` (None = no limit).
    pub fn until(deadline: Option<Instant>) -> Budget {
        Budget { deadline }
    }

    /// A budget of `seconds` from `start` (None = no limit); absurdly long limits are capped at
    /// about 30 years, which `Instant` can always represent.
    pub fn seconds_from(start: Instant, seconds: Option<f64>) -> Budget {
        // NaN (refused by the callers' option checks) counts as no time at all, never a panic.
        Budget::until(
            seconds
                .map(|s| start + Duration::from_secs_f64(if s.is_nan() { 0.0 } else { s.clamp(0.0, 1e9) })),
        )
    }

    /// The instant the budget passes, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// True once the budget has passed (never for an unlimited one).
    pub fn passed(&self) -> bool {
        self.deadline.is_some_and(|t| Instant::now() >= t)
    }
}

/// Whether `seconds` is a time limit: finite and at least 0.
pub(crate) fn valid_seconds(seconds: f64) -> bool {
    seconds.is_finite() && seconds >= 0.0
}

/// A caller's `max_seconds`: none, or a valid time limit; anything else is an options error.
pub(crate) fn check_seconds(seconds: Option<f64>) -> Result<(), crate::Error> {
    match seconds {
        Some(s) if !valid_seconds(s) => {
            Err(crate::Error::Options("max_seconds must be a number of seconds, at least 0".into()))
        }
        _ => Ok(()),
    }
}

/// The `max_seconds` of a JSON options object (count and rate read it alike): absent or null is
/// no limit; anything but a number of seconds, at least 0, is refused.
pub(crate) fn seconds_option(value: Option<&serde_json::Value>) -> Result<Option<f64>, crate::Error> {
    match value {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => v.as_f64().filter(|s| valid_seconds(*s)).map(Some).ok_or_else(|| {
            crate::Error::Options("\"max_seconds\" must be a number of seconds, at least 0".into())
        }),
    }
}
