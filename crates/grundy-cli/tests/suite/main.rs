//! The command's end-to-end tests, in one binary so that the suite links once.

mod board_games;
mod census;
mod certificates;
mod checkpoint_kill;
mod cli;
mod coins;
mod common;
mod determinism;
mod fibonacci_wythoff;
mod front;
mod geography;
mod judges;
mod kill;
mod limits;
mod loopy;
mod misere_quotient;
mod nimber;
mod pattern;
mod sandbox;
mod script;
mod search_checkpoint;
mod sequence;
mod serve;
mod table;
