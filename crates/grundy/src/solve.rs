//! The engines, side by side: exhaustive search ([`search`]) that works on any
//! game and is the reference the others are tested against; pruned search
//! ([`prune`]) that finds Grundy values and outcomes without valuing every
//! option (Lemoine–Viennot), tested against it; the batched
//! engine ([`batched`]) that values script games with their calls spread over
//! every core; the take-and-break engine ([`heap`]) that computes Grundy
//! sequences of heap rules to 10^8 heaps; and periods ([`period`]): found in
//! values, and proven for codes (Guy–Smith), for subtraction games, the heap
//! engine and `pattern` alike.

pub mod atoms;
pub mod batched;
pub mod certificate;
pub mod container;
pub mod deadline;
pub mod heap;
pub mod limits;
pub mod loopy;
pub mod period;
pub mod progress;
pub mod prune;
pub mod search;
pub mod snapshot;
pub mod subsets;
pub(crate) mod table;
#[cfg(test)]
pub(crate) mod test_game;

pub use limits::{Limits, SearchError};
pub use progress::{Progress, ProgressReading, Stage};
pub use prune::Pruner;
pub use search::{move_reports, Searcher, Solved};
