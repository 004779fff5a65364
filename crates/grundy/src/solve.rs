//! The engines, side by side: exhaustive search ([`search`]) that works on any
//! game, the take-and-break engine ([`heap`]) that computes Grundy
//! sequences of heap rules to 10^8 heaps, and periods ([`period`]): found in
//! values, and proven for codes (Guy–Smith).

pub mod heap;
pub mod period;
pub mod search;

pub use search::{move_reports, winning, Limits, MoveReport, SearchError, Searcher, Solved};
