//! Solves an empty Cram board (`ROWS COLS`) with igsolve's library, the
//! way `igsolve cram` does with `--tt hash-map -m br-asp-set`, and prints
//! its event counters: table reads, nodes searched recursively, cuts.
//! Compare with the `moves` and `stored` that `grundy` reports.

use std::collections::HashMap;

use igs::games::cram::{Cram, SmallerComponentsFirst};
use igs::solver::br::BRDecomposableGameSolver;
use igs::solver::Solver;
use igs::stats::EventStats;

fn main() {
    let size: Vec<u8> = std::env::args()
        .skip(1)
        .map(|s| s.parse().expect("ROWS COLS, two small numbers"))
        .collect();
    let [rows, cols] = size[..] else {
        eprintln!("usage: igs-counters ROWS COLS");
        std::process::exit(2);
    };
    let game = Cram::new(cols, rows);
    let mut solver = Solver::new(
        &game,
        HashMap::new(),
        (),
        SmallerComponentsFirst {},
        EventStats::default(),
    );
    let started = std::time::Instant::now();
    let nimber = solver.nimber_of_initial_br_aspset();
    println!(
        "cram {rows}x{cols}: nimber {nimber}, {:?}, table {} entries",
        started.elapsed(),
        solver.transposition_table.len()
    );
    println!("{}", solver.stats);
}
