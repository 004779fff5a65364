//! The take-and-break engine: codes, Grundy sequences, checkpoints (their
//! periods are proven by [`crate::solve::period`]).
//!
//! ```
//! use grundy::api::sequence::{sequence, Hooks, SequenceOptions};
//!
//! let kayles = sequence(&"kayles".into(), 12, &SequenceOptions::default(), Hooks::default());
//! let kayles = kayles.unwrap();
//! assert_eq!(kayles.rule, "0.77");
//! // OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, …
//! assert_eq!(kayles.values.to_u64(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! ```

pub mod checkpoint;
pub mod code;
pub mod dispatch;
pub mod infer;
pub mod naive;
pub mod sequence;
pub mod sparse;
pub mod subtraction_set;
pub mod triples;
