//! # grundy
//!
//! Impartial combinatorial games: who wins, the Sprague–Grundy value, every
//! winning move and how long the game lasts with perfect play, for the games
//! of the [catalog](api::games) and for any type that implements [`Game`].
//!
//! [`api`] is the library's one door: the command line, the web server and
//! the Python package use nothing else. Beside it are the vocabulary its
//! answers are written in: [`game`] (positions, moves, outcomes, play
//! conventions) and [`nimber`] (Grundy values and nim arithmetic).
//!
//! Any game of the catalog, by name, as the command line uses it:
//!
//! ```
//! use grundy::api::analyze::{analyze, AnalyzeOptions};
//! use grundy::api::Spec;
//!
//! let a = analyze(&Spec::from("subtraction:1,3,4"), &["10", "7"], &AnalyzeOptions::default())
//!     .unwrap();
//! assert_eq!(a.grundy, Some(1 ^ 0)); // G(10) = 1, G(7) = 0 (period 0 1 0 1 2 3 2)
//! ```
//!
//! A game of your own: implement [`Game`] and search it with
//! [`api::search`], in normal or misère play.
//!
//! ```
//! use grundy::api::search::Searcher;
//! use grundy::{Game, Outcome, Play};
//!
//! /// One heap; a move takes 1 or 2 tokens, or halves an even heap.
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
//!     type Move = u64; // the heap left
//!     fn moves(&self) -> Vec<u64> {
//!         let n = self.0;
//!         let halve = (n > 0 && n % 2 == 0).then_some(n / 2);
//!         [n.checked_sub(1), n.checked_sub(2), halve].into_iter().flatten().collect()
//!     }
//!     fn play(&self, to: &u64) -> Heap {
//!         Heap(*to)
//!     }
//! }
//!
//! let mut normal = Searcher::new(Play::Normal);
//! assert_eq!(normal.solve(&Heap(3)).unwrap().outcome, Outcome::Previous);
//! let mut misere = Searcher::new(Play::Misere);
//! assert_eq!(misere.solve(&Heap(1)).unwrap().outcome, Outcome::Previous);
//! ```

pub(crate) mod analysis;
pub mod api;
pub(crate) mod beatty;
pub(crate) mod board;
pub(crate) mod catalog;
pub(crate) mod entry;
pub mod game;
pub(crate) mod games;
pub(crate) mod hash;
pub(crate) mod judge;
pub(crate) mod misere;

pub mod nimber;
pub(crate) mod pattern;
pub(crate) mod rng;
pub(crate) mod solution;
pub(crate) mod solve;
#[cfg(test)]
mod suite;
pub(crate) mod zeckendorf;

pub use game::{
    big_heap_bytes, vec_heap_bytes, Game, GameError, MoveIter, Outcome, ParseError, Play, PlayError,
};
pub use nimber::{mex, Nimber};
