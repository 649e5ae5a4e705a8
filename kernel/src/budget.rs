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
        Budget::until(seconds.map(|s| start + Duration::from_secs_f64(s.clamp(0.0, 1e9))))
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
