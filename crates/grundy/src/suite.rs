//! The library's tests of its engines through their own types, kept inside
//! the crate because those types are the crate's own: misère simplest forms,
//! genus and quotients against exhaustive misère search and the literature.
//! The other integration tests, which need nothing but `api` and the
//! vocabulary, are in `tests/suite`.

mod misere;
mod misere_quotient;

/// Helpers the tests share.
mod common {
    use crate::analysis::erased::AnyGame;
    use crate::api::{analyze, Error, Spec};

    /// The catalog's game written as `spec` (`octal:0.07`).
    pub fn game(spec: &str) -> Result<Box<dyn AnyGame>, Error> {
        analyze::game(&Spec::from(spec))
    }
}
