//! Every closed form of the catalog against exhaustive search, on every small
//! position of every instance that `grundy verify` checks (at its default
//! sizes), plus larger sizes for the cheap games.

use crate::common;
use grundy::api::Limits;
use rayon::prelude::*;

fn verify(spec: &str, size: u64) {
    let game = common::game(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
    if let Some(result) = game.verify(size, Limits::default()) {
        let report = result.unwrap_or_else(|e| panic!("{spec} up to {size}: {e}"));
        assert!(report.positions > 0, "{spec}: nothing checked");
    }
}

#[test]
fn every_catalog_closed_form_matches_search() {
    // Instances are independent; both cores share them.
    let jobs = grundy::api::verify::jobs(None, None).unwrap();
    jobs.par_iter().for_each(|job| verify(&job.spec, job.size));
}

#[test]
fn more_subtraction_sets() {
    // Sets with a preperiod and long periods exercise the period finder.
    for spec in [
        "subtraction:2,3",
        "subtraction:3,7,8",
        "subtraction:1,5,6,11",
        "subtraction:4,9,10",
        "bash:7",
    ] {
        verify(spec, 30);
    }
}
