//! The library's integration tests, in one binary so that the suite links once.

mod board_games;
mod census;
mod closed_forms;
mod common;
mod drawn_boards;
mod fibonacci_wythoff;
mod formula_guess;
mod geography_seven;
mod independent;
mod literature;
mod loopy;
mod nim_field;
mod octal_values;
mod properties;
mod pruned;
mod search_budget;
mod value_only;
