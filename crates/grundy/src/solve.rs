//! The engines, side by side: exhaustive search ([`search`]) that works on any
//! game, and the take-and-break engine ([`heap`]) that computes Grundy
//! sequences of heap rules to 10^8 heaps.

pub mod heap;
pub mod limits;
pub mod search;
mod table;

pub use limits::{Limits, SearchError};
pub use search::{move_reports, winning, MoveReport, Searcher, Solved};
