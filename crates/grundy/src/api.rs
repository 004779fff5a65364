//! The one door for front ends: the command line, the web server and the
//! Python package each parse their input, call a function here and render
//! its result. Every result is a serde type whose JSON is the same in every
//! front end (the command line's `--json`), and every failure is an
//! [`Error`] whose [`kind`](Error::kind) maps to an exit code, an HTTP
//! status or an exception. Nothing here reads files or the terminal:
//! progress and checkpoints go through values the caller passes.

pub mod analyze;
pub mod board;
pub mod census;
pub mod error;
pub mod formula;
pub mod games;
pub mod judge;
pub mod misere;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod play;
pub mod sequence;
pub mod values;
pub mod verify;

pub use crate::catalog::erased::AnyPosition;
pub use crate::catalog::{Files, Spec};
pub use error::{Error, ErrorKind};
