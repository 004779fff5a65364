//! `grundy pattern` and `grundy formula` from the outside.

use super::common::grundy;
use predicates::str::contains;

#[test]
fn pattern_finds_the_period_of_bash() {
    grundy()
        .args(["pattern", "bash:3", "--len", "24"])
        .assert()
        .success()
        .stdout(contains("periodic with period 4 from the start: (0 1 2 3)"))
        .stdout(contains("formula     G = n % 4"));
}

#[test]
fn pattern_describes_the_nim_table() {
    grundy()
        .args(["pattern", "nim", "--rows", "8", "--cols", "8"])
        .assert()
        .success()
        .stdout(contains("symmetric   yes"))
        .stdout(contains("exactly the diagonal i = j"))
        .stdout(contains("G = i ^ j"));
}

#[test]
fn pattern_json_has_the_period() {
    let out = grundy()
        .args(["pattern", "subtraction:1,3,4", "--len", "40", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Subtraction {1, 3, 4}: 0 1 0 1 2 3 2, period 7 (Winning Ways ch. 4).
    assert_eq!(v["periodicity"]["period"], 7);
    assert_eq!(
        v["periodicity"]["block"],
        serde_json::json!([0, 1, 0, 1, 2, 3, 2])
    );
}

#[test]
fn formula_check_holds_or_gives_the_counterexample() {
    grundy()
        .args(["formula", "check", "i ^ j", "--game", "nim"])
        .assert()
        .code(0)
        .stdout(contains("holds on all 256 cells"));
    grundy()
        .args(["formula", "check", "n % 3", "--game", "bash:3"])
        .assert()
        .code(1)
        .stdout(contains(
            "fails at n = 3: the game's value is 3, the formula gives 0",
        ));
    grundy()
        .args([
            "formula",
            "check",
            "n % (n - 2)",
            "--game",
            "bash:3",
            "--len",
            "8",
        ])
        .assert()
        .code(1)
        .stdout(contains(
            "fails at n = 2: the game's value is 2, the formula gives nothing (division by zero)",
        ));
}

#[test]
fn formula_errors_exit_2_with_the_position() {
    grundy()
        .args(["formula", "check", "n + * 2", "--game", "bash:3"])
        .assert()
        .code(2)
        .stderr(contains("at position 4"));
    grundy()
        .args(["formula", "check", "i + n", "--game", "nim"])
        .assert()
        .code(2)
        .stderr(contains("mixes n with i or j"));
    grundy()
        .args(["formula", "check", "n", "--game", "nim", "--rows", "4"])
        .assert()
        .code(2)
        .stderr(contains("uses n"));
}

#[test]
fn formula_guess_finds_nim_and_bash() {
    let out = grundy()
        .args(["formula", "guess", "--game", "nim", "--rows", "8", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["formula"], "i ^ j");
    assert_eq!(v["checked_cells"], 256);
    grundy()
        .args(["formula", "guess", "--game", "bash:3"])
        .assert()
        .success()
        .stdout(contains("bash:3: G(n) = n % 4"));
}

#[test]
fn formula_guess_says_how_far_it_searched() {
    grundy()
        .args([
            "formula",
            "guess",
            "--game",
            "subtraction:1,3,4",
            "--max-size",
            "4",
        ])
        .assert()
        .code(1)
        .stdout(contains(
            "no formula found; searched every expression of size 4 or less",
        ));
}

#[test]
fn pattern_and_formula_share_the_grid_limit() {
    // One limit for every grid: 2^24 cells, a 4096 × 4096 table.
    for args in [
        &["pattern", "nim", "--len", "16777217"][..],
        &[
            "formula", "check", "n", "--game", "nim", "--len", "16777217",
        ],
    ] {
        grundy().args(args).assert().code(2).stderr(contains(
            "a sequence of 16777217 terms is refused: the limit is 16777216 terms",
        ));
    }
    // The larger range a guess is confirmed on is held to it too: 8 times 2^22 terms.
    grundy()
        .args(["formula", "guess", "--game", "nim", "--len", "4194304"])
        .assert()
        .code(2)
        .stderr(contains("a sequence of 33554432 terms is refused"));
}

#[test]
fn pattern_overflowing_indices_exit_2() {
    grundy()
        .args([
            "pattern",
            "bash:3",
            "--len",
            "2",
            "--from",
            "18446744073709551615",
        ])
        .assert()
        .code(2)
        .stderr(contains("last index of 18446744073709551615"));
}

#[test]
fn pattern_starts_e_and_d_at_1() {
    // E&D piles are never empty (Luogu P2148): the table starts at 1.
    grundy()
        .args(["pattern", "ed", "--rows", "2", "--cols", "4"])
        .assert()
        .success()
        .stdout(contains(
            "ed: G(i, j) for i = 1..2, j = 1..4\n0 1 0 2\n1 1 2 2\n",
        ));
}
