//! The words of an exception: the library's message, except where it tells
//! the reader to change a command-line flag. Those errors are matched by
//! type here and said again with the Python argument that changes the
//! answer (`max_positions`, `length`, `rows` and `cols`, `up_to`), so a
//! Python user never reads `--max-positions`.

use grundy::api::analyze::AnalyzeError;
use grundy::api::Error;
use grundy::api::SearchError;
use grundy::api::ValuesError;

/// The Python function that raised: which arguments a fix can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `analyze(game, position, …)`.
    Analyze,
    /// `sequence(rule, length, …)`.
    Sequence,
    /// `period(rule, max, …)`.
    Period,
    /// `table(game, rows, cols, first=…)`.
    Table,
    /// `verify(game, up_to, …)`.
    Verify,
    /// Nimber arithmetic.
    Nimber,
}

impl Call {
    /// How to ask for less, in this function's arguments.
    fn smaller(self) -> &'static str {
        match self {
            Call::Analyze => "ask for smaller heaps or a smaller position",
            Call::Sequence => "ask for a smaller length",
            Call::Period => "ask for a smaller max",
            Call::Table => "ask for fewer rows and cols, or a smaller first",
            Call::Verify => "choose a smaller up_to",
            Call::Nimber => "use a smaller value",
        }
    }
}

/// The message of `e` as `call` raises it.
pub fn message(e: &Error, call: Call) -> String {
    match e {
        Error::TooLarge {
            what, asked, limit, ..
        } => format!(
            "{what} of {asked} is refused: the limit is {limit}; {}",
            call.smaller()
        ),
        Error::Unknown { game, position } => format!(
            "{game} {position} is too large to search within max_positions; raise max_positions, or {}",
            call.smaller()
        ),
        Error::Unsearched { n } => {
            format!("G({n}) is too large to search within max_positions; raise max_positions")
        }
        Error::Analyze(a) | Error::Values(ValuesError::Analyze(a)) => analysis(a, call),
        _ => e.to_string(),
    }
}

fn analysis(e: &AnalyzeError, call: Call) -> String {
    match e {
        AnalyzeError::Search(s) => search(s, call),
        AnalyzeError::TooManyMoves { count, limit } => format!(
            "this position has {count} moves, more than the {limit} that can be listed; \
             choose a smaller position, or leave out all_moves"
        ),
        _ => e.to_string(),
    }
}

fn search(e: &SearchError, call: Call) -> String {
    match e {
        SearchError::LimitExceeded { limit } => format!(
            "search stopped at its limit of {limit} positions (max_positions, \
             or 256 moves looked at per position of it); raise max_positions, or {}",
            call.smaller()
        ),
        SearchError::TooLarge { limit } => format!(
            "position too large to search within max_positions={limit}: it has more moves than \
             that, or more below it than a search could look at; raise max_positions, or {}",
            call.smaller()
        ),
        SearchError::MemoryExceeded { .. } => format!(
            "search stopped at the engine's memory budget: the positions on its path fill it; {}",
            call.smaller()
        ),
        _ => e.to_string(),
    }
}
