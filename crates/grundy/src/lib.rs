//! # grundy
//!
//! Impartial combinatorial games: who wins, the Sprague–Grundy value, every
//! winning move and how long the game lasts with perfect play, for the games
//! of the [catalog](api::games) and for any type that implements [`Game`].
//!
//! Exhaustive search ([`Searcher`]) works on any game; closed forms
//! ([`Solution`]) answer for positions far beyond search, and [`check`]
//! holds every closed form to search.
//!
//! ```
//! use grundy::games::nim::Nim;
//! use grundy::{Game, Outcome, Solution};
//!
//! let p: Nim = "3 4 5".parse().unwrap();
//! assert_eq!(p.outcome(), Outcome::Next);
//! let m = p.winning_move().unwrap();
//! assert_eq!(m.to_string(), "heap 1: take 2");
//! assert_eq!(p.play(&m).to_string(), "1 4 5");
//! ```
//!
//! Any game of the catalog, by name, as the command line uses it:
//!
//! ```
//! use grundy::api::{analyze::game, Spec};
//! use grundy::AnalyzeOptions;
//!
//! let game = game(&Spec::from("subtraction:1,3,4")).unwrap();
//! let position = game.parse(&["10", "7"]).unwrap();
//! let a = position.analyze(&AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.grundy, Some(1 ^ 0)); // G(10) = 1, G(7) = 0 (period 0 1 0 1 2 3 2)
//! ```
//!
//! Search on a game defined here, with misère play:
//!
//! ```
//! use grundy::games::nim::Nim;
//! use grundy::{Outcome, Play, Searcher};
//!
//! let mut misere = Searcher::new(Play::Misere);
//! assert_eq!(misere.solve(&Nim::new(vec![1, 1, 1])).unwrap().outcome, Outcome::Previous);
//! ```

pub(crate) mod analysis;
pub mod api;
pub(crate) mod beatty;
pub(crate) mod board;
pub(crate) mod catalog;
pub(crate) mod entry;
pub mod game;
pub mod games;
pub(crate) mod hash;
pub(crate) mod judge;
pub(crate) mod misere;

pub mod nimber;
pub(crate) mod pattern;
pub mod rng;
pub(crate) mod solution;
pub mod solve;
#[cfg(test)]
mod suite;
pub(crate) mod zeckendorf;

pub use analysis::erased::{
    Analysis, AnalyzeError, AnalyzeOptions, AnyGame, AnyPosition, Method, MoveInfo, Rules,
    ValueSearch,
};
pub use game::{
    big_heap_bytes, vec_heap_bytes, Game, GameError, MoveIter, Outcome, ParseError, Play, PlayError,
};
pub use nimber::{mex, Nimber};
pub use solution::{check, CheckError, CheckReport, Solution};
pub use solve::{Limits, SearchError, Searcher, Solved};
