//! The library's integration tests, in one binary so that the suite links once.

mod census;
mod closed_forms;
mod common;
mod drawn_boards;
mod formula_guess;
mod independent;
mod literature;
mod nim_field;
mod value_only;
