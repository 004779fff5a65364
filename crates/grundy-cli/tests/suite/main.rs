//! The command's end-to-end tests, in one binary so that the suite links once.

mod board_games;
mod census;
mod checkpoint_kill;
mod cli;
mod coins;
mod common;
mod fibonacci_wythoff;
mod geography;
mod judges;
mod kill;
mod limits;
mod misere_quotient;
mod nimber;
mod pattern;
mod script;
mod search_checkpoint;
mod sequence;
mod serve;
mod table;
