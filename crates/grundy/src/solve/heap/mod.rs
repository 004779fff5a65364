//! The take-and-break engine: codes, Grundy sequences, checkpoints (their
//! periods are proven by [`crate::solve::period`]).
//!
//! ```
//! use grundy::solve::heap::{code::HeapCode, sequence};
//!
//! let kayles: HeapCode = "0.77".parse().unwrap();
//! assert_eq!(kayles.to_string(), "0.77");
//! // OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, …
//! assert_eq!(sequence::values(&kayles, 12).unwrap().to_u32(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
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
