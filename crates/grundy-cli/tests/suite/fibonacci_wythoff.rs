//! `grundy` on Fibonacci Nim and Wythoff's game: analysis, JSON, play, judges, errors.

use super::common::{self, grundy};
use predicates::prelude::*;

/// `grundy ARGS --json`, parsed.
fn json(args: &[&str]) -> serde_json::Value {
    common::json(&[args, &["--json"]].concat())
}

/// F(i) with F(1) = F(2) = 1, by addition.
fn fib(i: u32) -> u128 {
    let (mut a, mut b) = (0u128, 1u128);
    for _ in 0..i {
        (a, b) = (b, a + b);
    }
    a
}

#[test]
fn fibonacci_start_shows_zeckendorf() {
    let v = json(&["analyze", "fibonacci", "10000"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["position"], "10000 9999");
    assert_eq!(v["details"]["zeckendorf"], "6765 + 2584 + 610 + 34 + 5 + 2");
    assert_eq!(v["details"]["smallest term"], "2");
    assert!(v["grundy"].is_null());
    // `to` round-trips: the position after the winning move analyses as P.
    let to = v["winning_moves"][0]["to"].as_str().unwrap().to_string();
    let mut args = vec!["analyze", "fibonacci"];
    args.extend(to.split_whitespace());
    assert_eq!(json(&args)["outcome"], "P");
}

#[test]
fn small_fibonacci_has_a_grundy_value() {
    let v = json(&["analyze", "fibonacci", "13"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 0);
    assert!(v["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn huge_fibonacci_is_classified() {
    let n = fib(180);
    assert_eq!(
        json(&["analyze", "fibonacci", &n.to_string()])["outcome"],
        "P"
    );
    let v = json(&["analyze", "fibonacci", &(n + 1).to_string()]);
    assert_eq!(v["outcome"], "N");
    assert!(v["grundy"].is_null());
    assert_eq!(v["winning_moves"][0]["move"], "take 1");
}

#[test]
fn wythoff_lists_every_winning_move() {
    let v = json(&["analyze", "wythoff", "5", "5"]);
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 3);
    assert!(moves.contains(&"both: take 5"));
    assert_eq!(json(&["analyze", "wythoff", "40", "65"])["grundy"], 0);
    assert!(json(&["analyze", "wythoff", "3000", "5"])["grundy"].is_null());
}

#[test]
fn huge_wythoff_pair() {
    // k = F(100): k·φ = F(101) − ψ^100, just below F(101), so (F(101) − 1, F(102) − 1) is P.
    let (a, b) = (fib(101) - 1, fib(102) - 1);
    let v = json(&["analyze", "wythoff", &a.to_string(), &b.to_string()]);
    assert_eq!(v["outcome"], "P");
    assert!(v["grundy"].is_null());
    let v = json(&["analyze", "wythoff", &(a + 1).to_string(), &b.to_string()]);
    assert_eq!(v["outcome"], "N");
    // Both down by 2 (⌊(k − 1)φ⌋ = F(101) − 2); heap 2 down to F(100), as
    // (F(100), F(101)) is P (odd index 99: F(99)·φ is just above F(100)); heap 1 back to a.
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    let heap2 = format!("heap 2: take {}", b - fib(100));
    assert_eq!(moves, ["both: take 2", heap2.as_str(), "heap 1: take 1"]);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["analyze", "fibonacci", "10", "0"],
        vec!["analyze", "fibonacci", "1"],
        vec!["analyze", "fibonacci", "ten"],
        vec!["analyze", "wythoff", "3"],
        vec!["analyze", "wythoff", "3", "-4"],
        vec!["analyze", "wythoff:2", "3", "4"],
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::function(|s: &str| {
                s.trim_end().lines().count() == 1
            }));
    }
}

#[test]
fn play_against_the_computer() {
    // From (1, 2), a P-position: we take heap 1, the computer takes the rest.
    grundy()
        .args(["play", "wythoff", "1", "2"])
        .write_stdin("heap 1: take 1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("I play: heap 2: take 2"))
        .stdout(predicate::str::contains("I win."));
    grundy()
        .args(["play", "fibonacci", "3"])
        .write_stdin("take 1\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("I play: take 2"));
}

#[test]
fn judges() {
    grundy()
        .args(["judge", "hdu-2516"])
        .write_stdin("2\n13\n10000\n0\n")
        .assert()
        .success()
        .stdout("Second win\nSecond win\nFirst win\n");
    grundy()
        .args(["judge", "poj-1067"])
        .write_stdin("2 1\n8 4\n4 7\n")
        .assert()
        .success()
        .stdout("0\n1\n0\n");
    grundy()
        .args(["judge", "luogu-p2252"])
        .write_stdin("8 4\n")
        .assert()
        .success()
        .stdout("1\n");
    grundy()
        .args(["judge", "poj-1067"])
        .write_stdin("2 1\n8 x\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2"));
}

#[test]
fn verify_covers_both() {
    // Wythoff: both heaps from 0 to 12, 13 × 13 = 169 positions. Fibonacci
    // Nim: 0 tokens (quota 1), then n tokens with quotas 1 to n for n = 1 to
    // 25, 1 + 325 = 326 positions.
    for (game, size, verdict) in [
        (
            "wythoff",
            "12",
            "wythoff                N=12  ok    169 positions (169 Grundy values, ",
        ),
        (
            "fibonacci",
            "25",
            "fibonacci              N=25  ok    326 positions (326 Grundy values, ",
        ),
    ] {
        grundy()
            .args(["verify", game, "--up-to", size])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(verdict));
    }
}
