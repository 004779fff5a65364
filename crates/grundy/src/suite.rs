//! The library's tests of its engines and games through their own types,
//! kept inside the crate because those types are the crate's own: the
//! searches (full, pruned, within budgets) against brute force, the board
//! games and heap games against their rules and the literature, Fibonacci
//! Nim and Wythoff against their closed forms, octal values by both engines,
//! loopy labelling, misère simplest forms, genus and quotients. The other
//! integration tests, which need nothing but `api` and the vocabulary, are
//! in `tests/suite`.

mod board_games;
mod fibonacci_wythoff;
mod geography_seven;
mod loopy;
mod misere;
mod misere_quotient;
mod octal_values;
mod properties;
mod pruned;
mod search_budget;

/// Helpers the tests share.
mod common {
    use crate::analysis::erased::AnyGame;
    use crate::api::{analyze, Error, Spec};

    /// The catalog's game written as `spec` (`octal:0.07`).
    pub fn game(spec: &str) -> Result<Box<dyn AnyGame>, Error> {
        analyze::game(&Spec::from(spec))
    }
}
