//! Script games end to end through the `grundy` binary.

use super::common;
use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    let mut c = common::grundy();
    // Script paths in these tests are relative to the workspace root.
    c.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    c
}

const GAME: &str = "script:examples/take124-or-halve.rhai";

/// `grundy analyze --json GAME position...`, which must succeed.
fn analysis(position: &str) -> serde_json::Value {
    let mut words = vec!["analyze", "--json", GAME];
    words.extend(position.split(' '));
    let out = grundy().args(&words).output().unwrap();
    assert!(out.status.success(), "{position}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Where the winning moves of an analysis lead.
fn winning_targets(v: &serde_json::Value) -> Vec<String> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn analyze_reports_search_results_as_json() {
    let v = analysis("10");
    // By hand from the rules (halving an even heap gives G(n/2) XOR G(n/2) = 0):
    // G(0..=10) = 0 1 2 0 1 2 3 1 2 0 1, so from 10 the winning moves go to
    // 9 and to 5 5.
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["method"], "search");
    assert_eq!(v["outcome"], "N");
    let moves = winning_targets(&v);
    assert!(
        moves.contains(&"9".into()) && moves.contains(&"5 5".into()),
        "{moves:?}"
    );
}

#[test]
fn large_heaps_are_valued_by_the_script_solver() {
    // G(n) = n mod 3 for the subtraction game {1, 2, 4}: by induction, from
    // n the options n-1, n-2, n-4 cover the two other residues and never n's.
    let out = grundy()
        .args([
            "sequence",
            "script:examples/take124.rhai",
            "--len",
            "200000",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let values: Vec<u64> = text
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 200_000);
    assert!(values.iter().enumerate().all(|(n, &v)| v == n as u64 % 3));
    // A heap of 10^5 whose outcome search over sums is hopeless: the value,
    // outcome and winning moves come from the values; remoteness is unknown.
    let v = analysis("100000");
    assert_eq!(v["outcome"], "N");
    assert!(v["remoteness"].is_null());
    // Every winning move leads to a P-position, checked again from scratch.
    for to in winning_targets(&v) {
        assert_eq!(analysis(&to)["grundy"], 0, "{to}");
    }
}

#[test]
fn sums_of_script_positions_add_by_sprague_grundy() {
    // Kayles: G(3) = 3, G(4) = 1, G(11) = 6 (Winning Ways, ch. 4).
    grundy()
        .args([
            "analyze",
            "--json",
            "script:examples/kayles.rhai",
            "3",
            "4",
            "11",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"grundy\":4"));
}

#[test]
fn tables_of_array_positions() {
    grundy()
        .args([
            "table",
            "script:examples/two-heap-nim.rhai",
            "--rows",
            "3",
            "--cols",
            "4",
        ])
        .assert()
        .success()
        .stdout("0 1 2 3\n1 0 3 2\n2 3 0 1\n");
}

#[test]
fn play_against_a_script_game() {
    grundy()
        .args(["play", GAME, "3"])
        .write_stdin("part 1: to 2\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("I win"));
}

fn fails_with(script: &str, words: &[&str]) {
    let spec = format!("script:crates/grundy-cli/tests/data/{script}");
    let mut c = grundy();
    c.args(["analyze", &spec, "3"]).assert().code(2).stderr(
        words
            .iter()
            .fold(predicate::str::is_empty().not().boxed(), |p, w| {
                p.and(predicate::str::contains(*w)).boxed()
            }),
    );
}

#[test]
fn script_errors_name_the_line_and_exit_2() {
    fails_with("syntax.rhai", &["line 2", "syntax error"]);
    fails_with("div0.rhai", &["line 3", "moves(3)", "Division by zero"]);
    fails_with(
        "not-a-position.rhai",
        &["line 1", "not a position", "string"],
    );
    // cycle.rhai, whose positions repeat, is analysed as a loopy game (tests/suite/loopy.rs).
    fails_with("missing.rhai", &["cannot read script"]);
}

#[test]
fn a_runaway_script_stops() {
    fails_with("loop.rhai", &["line 2", "operations", "runaway"]);
}

#[test]
fn kayles_in_a_script_has_the_take_and_break_engines_checksum() {
    // The same game two ways: the script's sums through the script solver,
    // and the octal code 0.77 through the take-and-break engine.
    let checksum = |rule: &str| {
        let out = grundy()
            .args(["sequence", rule, "--len", "400", "--checksum"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{rule}");
        String::from_utf8(out.stdout).unwrap()
    };
    let script = checksum("script:examples/kayles.rhai");
    assert!(script.starts_with("checksum "), "{script}");
    assert_eq!(script, checksum("kayles"));
}
