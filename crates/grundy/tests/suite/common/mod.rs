//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod brute;

/// The catalog's game written as `spec` (`subtraction:1,3,4`), through the
/// library's door.
pub fn game(spec: &str) -> Result<Box<dyn grundy::api::AnyGame>, grundy::api::Error> {
    grundy::api::analyze::game(&grundy::api::Spec::from(spec))
}
