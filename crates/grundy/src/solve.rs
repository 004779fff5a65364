//! The engines, side by side: exhaustive search ([`search`]) that works on any
//! game, and the take-and-break engine ([`heap`]) that computes Grundy
//! sequences of heap rules to 10^8 heaps.

pub mod heap;
pub mod search;

pub use search::{move_reports, winning, Limits, MoveReport, SearchError, Searcher, Solved};
