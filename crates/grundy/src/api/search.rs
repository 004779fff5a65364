//! Search on a game of your own type: implement [`Game`](crate::Game) (its
//! moves and what a move leads to) and these answer for it as they answer
//! for the catalog's games. [`Searcher`] finds the outcome, the Grundy value
//! and the remoteness of every position it meets, in normal or misère play;
//! [`Pruner`] finds a normal-play Grundy value alone and visits far fewer
//! positions. A closed form written as a [`Solution`] is held to search by
//! [`check`].
//!
//! ```
//! use grundy::api::search::{check, Pruner, Searcher, Solution};
//! use grundy::api::{Limits, Play};
//! use grundy::{Game, Nimber, Outcome};
//!
//! /// A heap from which a move takes one or two tokens.
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! struct Heap(u64);
//!
//! impl std::fmt::Display for Heap {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         write!(f, "{}", self.0)
//!     }
//! }
//!
//! impl Game for Heap {
//!     type Move = u64; // tokens taken
//!     fn moves(&self) -> Vec<u64> {
//!         (1..=2).filter(|&k| k <= self.0).collect()
//!     }
//!     fn play(&self, take: &u64) -> Heap {
//!         Heap(self.0 - take)
//!     }
//! }
//!
//! // The closed form: G(n) = n mod 3.
//! impl Solution for Heap {
//!     fn outcome(&self) -> Outcome {
//!         if self.0 % 3 == 0 { Outcome::Previous } else { Outcome::Next }
//!     }
//!     fn winning_move(&self) -> Option<u64> {
//!         Some(self.0 % 3).filter(|&k| k > 0)
//!     }
//!     fn grundy(&self) -> Option<Nimber> {
//!         Some(Nimber(self.0 % 3))
//!     }
//! }
//!
//! let solved = Searcher::new(Play::Normal).solve(&Heap(10)).unwrap();
//! assert_eq!((solved.outcome, solved.remoteness), (Outcome::Next, 7));
//! assert_eq!(Pruner::new(Limits::default()).grundy(&Heap(10)).unwrap(), Nimber(1));
//! // The closed form agrees with search on every heap below 50, in both conventions.
//! assert_eq!(check((0..50).map(Heap), Limits::default()).unwrap().positions, 50);
//! ```
//!
//! Both searches stop at the [`Limits`](crate::api::Limits) they are given
//! with a [`SearchError`](crate::api::SearchError), never with a wrong
//! answer.

pub use crate::solution::{check, CheckError, CheckReport, Solution};
pub use crate::solve::{Pruner, Searcher, Solved};
