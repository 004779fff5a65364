//! The errors of the [`api`](crate::api): one enum that front ends map to an
//! exit code, an HTTP status or an exception by its [`ErrorKind`].

use thiserror::Error;

use crate::analysis::erased::{AnalyzeError, ValuesError};
use crate::api::nimber::NimberError;
use crate::catalog::CatalogError;
use crate::game::{ParseError, PlayError};
use crate::games::script::engine::ScriptError;
use crate::judge::JudgeError;
use crate::pattern::FormulaError;
use crate::solve::heap::checkpoint::CheckpointError;
use crate::solve::heap::code::ParseCodeError;
use crate::solve::heap::sequence::SequenceError;

/// Why a request to the [`api`](crate::api) could not be answered. Each
/// message names the bad input (the token, the position, the limit) and
/// says how to fix it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An unknown game, or a bad parameter.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// Words that are not a position of the game.
    // `reason`, not `source`: as a source, anyhow would print it twice.
    #[error("{game} position: {reason}")]
    Position {
        /// The game, with its parameter.
        game: String,
        /// What is wrong with the words.
        reason: ParseError,
    },
    /// A rule that is not a take-and-break code.
    #[error(transparent)]
    Code(#[from] ParseCodeError),
    /// A user script that does not load.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// A move that is not legal in the position.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A search that could not finish, or moves that cannot be listed.
    #[error(transparent)]
    Analyze(#[from] AnalyzeError),
    /// Values of many positions that could not be found.
    #[error(transparent)]
    Values(#[from] ValuesError),
    /// A sequence that cannot go on (values beyond the engine's width).
    #[error(transparent)]
    Sequence(#[from] SequenceError),
    /// A checkpoint that cannot be resumed from.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// A request larger than a documented limit, refused before any work.
    #[error("{what} of {asked} is refused: the limit is {limit}; {fix}")]
    TooLarge {
        /// What was asked for (`a sequence of`, `a table of`).
        what: String,
        /// How much, as asked.
        asked: String,
        /// The largest accepted.
        limit: String,
        /// How to get an answer anyway (a smaller request, or the flag that raises the limit).
        fix: String,
    },
    /// A grid of values with no cell in it (no row, column or term).
    #[error("{asked} has no cell; ask for at least one row and column, or one term")]
    Empty {
        /// What was asked for (`a table of 0 × 16 cells`).
        asked: String,
    },
    /// A sequence or table asked of a game whose positions are not one (or
    /// two) numbers.
    #[error("`{game}` has no {kind}: its positions are not {numbers}; games with {kind}s: {with}")]
    NoGrid {
        /// The game, with its parameter.
        game: String,
        /// `sequence` or `table`.
        kind: &'static str,
        /// What its positions would need to be (`one number`, `two numbers`).
        numbers: &'static str,
        /// The games that have one, comma-separated.
        with: String,
    },
    /// A value that search could not find within its limits, where every
    /// value is needed (patterns and formulas look at all of them).
    #[error(
        "{game} {position} is too large to search; ask for fewer values or raise --max-positions"
    )]
    Unknown {
        /// The game, with its parameter.
        game: String,
        /// The position, as the game writes it.
        position: String,
    },
    /// A formula that does not parse.
    // `reason`, not `source`: as a source, anyhow would print it twice.
    #[error("formula `{formula}`: {reason}")]
    Formula {
        /// The formula, as given.
        formula: String,
        /// What is wrong, and where.
        reason: FormulaError,
    },
    /// A formula over both `n` and `i`, `j`: no grid has all three.
    #[error("formula `{formula}` mixes n with i or j; use n for sequences, i and j for tables")]
    MixedVariables {
        /// The formula, as given.
        formula: String,
    },
    /// A formula whose variables are not the grid's (`n` on a table).
    #[error("formula `{formula}` uses {uses} but the values asked for are a {asked}")]
    WrongVariables {
        /// The formula, as given.
        formula: String,
        /// The variables it uses (`n`, or `i, j`).
        uses: &'static str,
        /// The grid asked for, and how to get the other (`table (drop --rows/--cols)`).
        asked: &'static str,
    },
    /// A graph file given for a game whose positions have no edges.
    #[error("`{game}` takes no graph file; only the graph games do ({graph_games})")]
    NoGraphFile {
        /// The game, as given.
        game: String,
        /// The games that take one, comma-separated.
        graph_games: String,
    },
    /// A line of a graph file that is not an edge.
    #[error("line {line}: `{text}` is not an edge; write two vertex numbers, as `3 7`")]
    GraphLine {
        /// The line's number, from 1.
        line: usize,
        /// The line, without its comment.
        text: String,
    },
    /// A contest problem that is not in the list.
    #[error("unknown problem `{name}`; `grundy judge --list` lists them")]
    UnknownProblem {
        /// The name given.
        name: String,
    },
    /// A judge's input that does not follow the problem's format.
    // `reason`, not `source`: as a source, anyhow would print it twice.
    #[error("{problem}: malformed input: {reason}")]
    Judge {
        /// The problem.
        problem: String,
        /// What is wrong, and where (boxed: it is the largest of the reasons).
        reason: Box<JudgeError>,
    },
    /// A nimber operand that is not one, or a division by zero.
    #[error(transparent)]
    Nimber(#[from] NimberError),
    /// A rule that is neither a take-and-break rule nor a catalog game.
    #[error("`{rule}` is neither a take-and-break rule ({reason}) nor a catalog game")]
    NotARule {
        /// The rule, as given.
        rule: String,
        /// Why it is not a take-and-break code.
        reason: String,
    },
    /// A checkpoint asked of a rule valued through the catalog: only the
    /// take-and-break engine's runs save checkpoints.
    #[error("`{rule}` is valued through the catalog, whose sequences save no checkpoint; checkpoints are of take-and-break rules (a code such as 0.07, a name such as kayles, or subtraction:S)")]
    NoCheckpoint {
        /// The rule, as given.
        rule: String,
    },
    /// A catalog game whose positions are not one number.
    #[error("{game}: its positions are not one number, so it has no sequence")]
    NotOneNumber {
        /// The game's catalog name.
        game: String,
    },
    /// A value of a sequence that search could not reach within its limit.
    #[error("G({n}) is too large to search; raise the position limit (--max-positions)")]
    Unsearched {
        /// The position.
        n: usize,
    },
    /// A checksum asked of values it is not defined for.
    #[error(
        "the checksum is defined for values below 2^32, and G({n}) = {value}; drop --checksum"
    )]
    ChecksumRange {
        /// The first position with such a value.
        n: usize,
        /// Its value.
        value: u64,
    },
    /// The caller asked a run to stop ([`Hooks::interrupt`](crate::api::sequence::Hooks::interrupt)).
    #[error("interrupted after {done} values")]
    Interrupted {
        /// Values computed when it stopped.
        done: usize,
    },
    /// A run stopped at its time limit (`--max-time`); a checkpoint, if
    /// one was asked for, holds the values so far.
    #[error("stopped at the time limit of {} s after {done} values; raise it with --max-time (with --checkpoint, a rerun goes on from there)", limit.as_secs_f64())]
    TimeLimit {
        /// Values computed when it stopped.
        done: usize,
        /// The limit.
        limit: std::time::Duration,
    },
    /// The caller's save function failed.
    #[error("{reason}")]
    Save {
        /// What the save function reported.
        reason: String,
    },
}

/// What kind of failure an [`Error`](enum@Error) is, for front ends that answer each
/// kind differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The request is wrong: an unknown game, a bad position or move.
    BadInput,
    /// The request is right but exceeds a limit (positions, memory, size).
    Limit,
    /// The game itself failed (a script error, a cycle in a game's moves).
    GameFailed,
    /// The caller's own reading or writing failed (a checkpoint save).
    Io,
    /// The caller stopped the run.
    Interrupted,
}

impl Error {
    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        use crate::solve::snapshot::SnapshotError;
        use crate::solve::SearchError;
        match self {
            Error::Catalog(_)
            | Error::Position { .. }
            | Error::Code(_)
            | Error::Play(_)
            | Error::Checkpoint(_)
            | Error::NoGraphFile { .. }
            | Error::GraphLine { .. }
            | Error::UnknownProblem { .. }
            | Error::Judge { .. }
            | Error::Nimber(_)
            | Error::Empty { .. }
            | Error::NoGrid { .. }
            | Error::Formula { .. }
            | Error::MixedVariables { .. }
            | Error::WrongVariables { .. }
            | Error::NotARule { .. }
            | Error::NoCheckpoint { .. }
            | Error::NotOneNumber { .. } => ErrorKind::BadInput,
            Error::Save { .. } => ErrorKind::Io,
            Error::Interrupted { .. } => ErrorKind::Interrupted,
            Error::Unsearched { .. } | Error::ChecksumRange { .. } | Error::TimeLimit { .. } => {
                ErrorKind::Limit
            }
            Error::Script(_) => ErrorKind::GameFailed,
            Error::TooLarge { .. } | Error::Sequence(_) | Error::Unknown { .. } => ErrorKind::Limit,
            Error::Analyze(e) | Error::Values(ValuesError::Analyze(e)) => match e {
                AnalyzeError::Search(SearchError::Interrupted) => ErrorKind::Interrupted,
                AnalyzeError::Search(SearchError::Checkpoint { .. }) => ErrorKind::Io,
                AnalyzeError::Search(e) if e.is_limit() => ErrorKind::Limit,
                AnalyzeError::Search(_) => ErrorKind::GameFailed,
                // Only a file too large for the memory budget would load
                // with a larger limit; the others are the wrong file.
                AnalyzeError::Checkpoint(SnapshotError::TooLarge { .. }) => ErrorKind::Limit,
                AnalyzeError::Checkpoint(_)
                | AnalyzeError::ValueOnlyWithAllMoves
                | AnalyzeError::ValueOnlyWithRemoteness
                | AnalyzeError::LoopyMisere { .. } => ErrorKind::BadInput,
                AnalyzeError::TooManyMoves { .. } | AnalyzeError::NoValue { .. } => {
                    ErrorKind::Limit
                }
            },
            Error::Values(ValuesError::Parse(_)) => ErrorKind::BadInput,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::snapshot::SnapshotError;
    use crate::solve::SearchError;
    use std::time::Duration;

    fn kind_of(e: AnalyzeError) -> ErrorKind {
        Error::Analyze(e).kind()
    }

    #[test]
    fn checkpoint_failures_are_told_apart_from_limits() {
        assert_eq!(kind_of(SnapshotError::Header.into()), ErrorKind::BadInput);
        assert_eq!(
            kind_of(SnapshotError::Damaged("crc".into()).into()),
            ErrorKind::BadInput
        );
        let other = SnapshotError::OtherSearch {
            found: "cram 4x4".into(),
            wanted: "cram 5x5".into(),
        };
        assert_eq!(kind_of(other.into()), ErrorKind::BadInput);
        let large = SnapshotError::TooLarge {
            entries: 9,
            budget: 1 << 20,
        };
        assert_eq!(kind_of(large.into()), ErrorKind::Limit);
        let save = SearchError::Checkpoint {
            reason: "disk full".into(),
        };
        assert_eq!(kind_of(save.into()), ErrorKind::Io);
    }

    #[test]
    fn every_search_limit_is_a_limit() {
        let time = SearchError::TimeExceeded {
            limit: Duration::from_secs(1),
        };
        assert_eq!(kind_of(time.into()), ErrorKind::Limit);
        let memory = SearchError::MemoryExceeded { limit: 1 << 20 };
        assert_eq!(kind_of(memory.into()), ErrorKind::Limit);
        assert_eq!(
            kind_of(SearchError::Interrupted.into()),
            ErrorKind::Interrupted
        );
        let cycle = SearchError::Cycle {
            position: "x".into(),
        };
        assert_eq!(kind_of(cycle.into()), ErrorKind::GameFailed);
    }
}
