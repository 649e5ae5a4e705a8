//! The one error type of the library, and the kind a program branches on.
//!
//! A leaf: every stage returns these, none of them is needed to define them. The message is for
//! people; [`ErrorKind`] is for programs (and the `"kind"` of every error object, so that C and Go
//! callers never match message text).

use std::fmt;

/// What kind of failure an error is.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input is not a puzzle, or an option is not valid.
    Invalid,
    /// No grid completes the givens under the rules.
    NoSolution,
    /// More than one grid completes the givens.
    NotUnique,
    /// The time or search limit passed before the answer was known.
    Undecided,
    /// A valid puzzle this build does not handle (a rule family, a board size, a technique).
    Unsupported,
    /// The engine failed on this input (a bug, caught); other inputs are unaffected.
    Internal,
}

impl ErrorKind {
    /// The name in error objects: "invalid", "no_solution", "not_unique", "undecided",
    /// "unsupported", "internal".
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Invalid => "invalid",
            ErrorKind::NoSolution => "no_solution",
            ErrorKind::NotUnique => "not_unique",
            ErrorKind::Undecided => "undecided",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a puzzle text could not be read; `column` is 1-based in the input text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub message: String,
    pub column: Option<usize>,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "{} (column {c})", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FormatError {}

/// Why a call has no result. [`Error::kind`] says which kind of failure it is.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text is not a puzzle.
    Format(FormatError),
    /// The board is larger than the engine handles.
    Board(String),
    /// No grid completes the givens; `conflict` names two givens that clash directly.
    NoSolution { conflict: Option<String> },
    /// More than one grid completes the givens; `examples` holds two of them (one symbol per
    /// cell in reading order) when they were found within the call's time limit.
    NotUnique { examples: Option<Box<[String; 2]>> },
    /// A valid puzzle this build does not handle (rules, or a technique above the rated bands).
    Unsupported(String),
    /// The options are not valid.
    Options(String),
    /// A rule's parameters cannot be used as written ("rule N (family): why").
    Rule(String),
    /// The search (a uniqueness proof, a count) did not finish within max_seconds.
    Undecided,
    /// Uniqueness was not decided within this many search nodes (the export's proof).
    SearchLimit { max_nodes: u64 },
    /// The engine failed on this input (a caught panic).
    Internal,
}

impl Error {
    /// The kind of failure, for programs to branch on.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Format(_) | Error::Options(_) | Error::Rule(_) => ErrorKind::Invalid,
            Error::Board(_) | Error::Unsupported(_) => ErrorKind::Unsupported,
            Error::NoSolution { .. } => ErrorKind::NoSolution,
            Error::NotUnique { .. } => ErrorKind::NotUnique,
            Error::Undecided | Error::SearchLimit { .. } => ErrorKind::Undecided,
            Error::Internal => ErrorKind::Internal,
        }
    }

    /// The `{"error": message, "kind": kind}` object; a puzzle with several solutions adds
    /// `"solutions"`: the two it names.
    pub fn to_json(&self) -> String {
        match self {
            Error::NotUnique { examples: Some(two) } => serde_json::json!({
                "error": self.to_string(),
                "kind": self.kind().as_str(),
                "solutions": [two[0], two[1]],
            })
            .to_string(),
            _ => error_object(self.kind(), &self.to_string()),
        }
    }

    /// The two solutions a `NotUnique` error names, when it names them.
    pub fn solutions(&self) -> Option<&[String; 2]> {
        match self {
            Error::NotUnique { examples: Some(two) } => Some(two),
            _ => None,
        }
    }
}

/// `{"error": message, "kind": kind}` as JSON text, for errors that are not an [`Error`] value
/// (a NULL argument at the C ABI, a line that is not UTF-8 in a batch).
pub fn error_object(kind: ErrorKind, message: &str) -> String {
    serde_json::json!({ "error": message, "kind": kind.as_str() }).to_string()
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Format(e) => write!(f, "unreadable puzzle: {e}"),
            Error::Board(m) => write!(f, "unsupported board: {m}"),
            Error::NoSolution { conflict: Some(c) } => write!(f, "no solution: {c}"),
            Error::NoSolution { conflict: None } => f.write_str("no solution"),
            Error::NotUnique { examples: None } => {
                f.write_str("not unique: the puzzle has more than one solution")
            }
            Error::NotUnique { examples: Some(two) } => write!(
                f,
                "not unique: the puzzle has more than one solution, for example {} and {}",
                two[0], two[1]
            ),
            Error::Unsupported(m) => f.write_str(m),
            Error::Options(m) => write!(f, "invalid options: {m}"),
            Error::Rule(m) => write!(f, "invalid {m}"),
            Error::Undecided => f.write_str("undecided: the search did not finish within max_seconds"),
            Error::SearchLimit { max_nodes } => write!(
                f,
                "undecided: uniqueness not decided within {max_nodes} search nodes (the canonical text holds the \
                 solution only when the puzzle has exactly one)"
            ),
            Error::Internal => f.write_str("internal error while handling this puzzle"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Format(e) => Some(e),
            _ => None,
        }
    }
}

impl From<FormatError> for Error {
    fn from(e: FormatError) -> Self {
        Error::Format(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_names_its_kind_in_json() {
        let cases = [
            (Error::NotUnique { examples: None }, "not_unique"),
            (Error::NoSolution { conflict: None }, "no_solution"),
            (Error::Undecided, "undecided"),
            (Error::SearchLimit { max_nodes: 5 }, "undecided"),
            (Error::Options("x".into()), "invalid"),
            (Error::Rule("rule 2 (cage): x".into()), "invalid"),
            (Error::Format(FormatError { message: "bad".into(), column: Some(3) }), "invalid"),
            (Error::Unsupported("rules".into()), "unsupported"),
            (Error::Board("big".into()), "unsupported"),
            (Error::Internal, "internal"),
        ];
        for (e, kind) in cases {
            let v: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
            assert_eq!(v["kind"], kind);
            assert_eq!(v["error"], e.to_string());
            // The message comes first, as before the kind was added.
            assert!(e.to_json().starts_with("{\"error\":"));
        }
    }
}
