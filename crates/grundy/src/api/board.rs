//! The board of a position: its picture and a target for each legal move,
//! for a front end that draws it (see [`Board`]).

use crate::api::analyze::position;
use crate::api::{Error, Spec};
pub use crate::board::{Board, Picture, Spot, Target, MAX_TARGETS};

/// The board of the position of `spec`'s game written as `words`.
///
/// ```
/// use grundy::api::board::{board, Spot};
/// use grundy::api::Spec;
///
/// let b = board(&Spec::from("cram"), &["1x3"]).unwrap();
/// let spots: Vec<&Spot> = b.targets.iter().map(|t| &t.spot).collect();
/// assert_eq!(spots, [
///     &Spot::Domino { row: 0, col: 0, down: false },
///     &Spot::Domino { row: 0, col: 1, down: false },
/// ]);
/// ```
///
/// # Errors
/// As [`position`]: an unknown game, or words that are not a position.
pub fn board(spec: &Spec, words: &[&str]) -> Result<Board, Error> {
    Ok(position(spec, words)?.board())
}
