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
pub mod certificate;
pub mod error;
pub mod formula;
pub mod games;
#[cfg(test)]
mod given_moves_tests;
pub mod judge;
pub mod misere;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod play;
pub mod search;
pub mod sequence;
pub mod values;
pub mod verify;

pub use crate::analysis::erased::{AnyGame, AnyPosition, ValuesError};
pub use crate::catalog::CatalogError;
pub use crate::entry::{Entry, Files, Spec, VerifyPlan};
pub use error::{Error, ErrorKind};

// What a front end needs from below `api` comes through here, so that it
// names nothing of the library but `api`: the play convention and outcome,
// the search's limits and the channel that reports its progress and takes
// its cancellation, the machine's cores and the engine's instruction set,
// and what a front end implements to give a script game's moves itself.
pub use crate::game::{Outcome, Play};
pub use crate::solve::atoms::{Atom, OptionList};
pub use crate::solve::batched::AtomMoves;
pub use crate::solve::heap::dispatch::Level;
pub use crate::solve::limits::{cores, Bytes};
pub use crate::solve::{Limits, Progress, ProgressReading, SearchError, Stage};
// The allocator a program installs so that a script call's bytes are
// bounded (see its docs).
pub use crate::games::script::meter::{Metered, MAX_CALL_BYTES};
