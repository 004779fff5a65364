//! `grundy analyze/verify/judge` on coin-turning games.

use super::common;
use assert_cmd::Command;
use predicates::prelude::*;

fn grundy(args: &[&str]) -> assert_cmd::assert::Assert {
    common::grundy().args(args).assert()
}

fn judge(problem: &str, input: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", problem])
        .write_stdin(input)
        .assert()
}

#[test]
fn analyze_rows_and_grids() {
    // Mock Turtles: g(1) ⊕ g(4) ⊕ g(6) = 2 ⊕ 8 ⊕ 13 = 7 (odious numbers, OEIS A000069).
    grundy(&["analyze", "--json", "coins:mock-turtles", "1", "4", "6"])
        .success()
        .stdout(predicate::str::contains("\"grundy\":7"));
    // Turning Corners: 2⊗3 ⊕ 5⊗1 = 1 ⊕ 5 = 4 (OEIS A051775).
    grundy(&["analyze", "--json", "coins:turning-corners", "2,3", "5,1"])
        .success()
        .stdout(predicate::str::contains("\"grundy\":4"));
    grundy(&[
        "analyze",
        "--json",
        "coins:product:ruler,mock-turtles",
        "1,2",
    ])
    .success();
}

#[test]
fn bad_positions_exit_2() {
    grundy(&["analyze", "coins:mock-turtles", "1", "1"])
        .code(2)
        .stderr(predicate::str::contains("listed twice"));
    grundy(&["analyze", "coins:flip", "1"])
        .code(2)
        .stderr(predicate::str::contains("mock-turtles"));
    grundy(&["analyze", "coins:block", "9,9"]).code(2);
}

#[test]
fn judges_answer_their_samples() {
    judge("hdu-3537", "0\n1\n0\n4\n0 1 2 3\n")
        .success()
        .stdout("Yes\nNo\nYes\n");
    judge(
        "luogu-p2594",
        "3\n2 3\nHHH\nHHH\n2 3\nHHH\nTTH\n2 1\nT\nH\n",
    )
    .success()
    .stdout("=_=\n-_-\n-_-\n");
}
