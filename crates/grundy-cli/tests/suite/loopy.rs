//! `grundy analyze/play graph`: loopy games read from a graph file (an edge
//! list or JSON), their sums with catalog games, script games with cycles,
//! and bad graph files refused in one line.

use super::common::{grundy, json, refused_in_one_line};
use predicates::prelude::*;

const EXIT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/loopy/exit.txt");
const DRAW: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/loopy/draw.json"
);
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

#[test]
fn an_edge_list_gives_values_and_winning_moves() {
    // a -> b -> c -> a, c -> end: a = 1, and its move to b (value 0) wins.
    grundy()
        .args(["analyze", "--graph", EXIT, "graph", "a"])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome     N"))
        .stdout(predicate::str::contains(
            "value       1 (generalized Sprague-Grundy)",
        ))
        .stdout(predicate::str::contains("to b  -> b   (P)"));
    let v = json(&["analyze", "--json", &format!("graph:{EXIT}"), "c"]);
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].as_u64()),
        (Some("N"), Some(2))
    );
    assert_eq!(v["value"], "2");
    assert_eq!(v["method"], "labelling");
}

#[test]
fn json_graphs_draw_and_tokens_add() {
    // y <-> z with no way out: a draw, held by the one move to z.
    let v = json(&["analyze", "--json", "--graph", DRAW, "graph", "y"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("D"), Some("∞{}"))
    );
    assert!(v["grundy"].is_null());
    assert_eq!(v["drawing_moves"][0]["to"], "z");
    // x = ∞{0} (x -> x, x -> s) is won by moving to s; x + y is ∞ + ∞, a draw.
    let v = json(&["analyze", "--json", "--graph", DRAW, "graph", "x"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("N"), Some("∞{0}"))
    );
    assert_eq!(v["winning_moves"][0]["to"], "s");
    let v = json(&["analyze", "--json", "--graph", DRAW, "graph", "x", "y"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("D"), Some("∞{}"))
    );
}

#[test]
fn sums_with_catalog_games() {
    // a = 1 beside a Nim heap of 1: 1 xor 1 = 0, a P-position.
    let spec = format!("graph:{EXIT}");
    let v = json(&["analyze", "--json", "sum", &spec, "a", "+", "nim", "1"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("P"), Some("0"))
    );
    // x = ∞{0} beside *3: ∞{3}, a draw.
    let spec = format!("graph:{DRAW}");
    let v = json(&["analyze", "--json", "sum", &spec, "x", "+", "nim", "3"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("D"), Some("∞{3}"))
    );
    let v = json(&[
        "analyze",
        "--json",
        "sum",
        &spec,
        "x",
        "+",
        "subtraction:1,2",
        "1",
    ]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("D"), Some("∞{1}"))
    );
    assert_eq!(v["drawing_moves"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_script_game_with_cycles_is_analysed_and_misere_refused() {
    // 3 -> 2 -> 1 -> 0 -> 1: the game never ends, a draw.
    let spec = &format!("script:{DATA}/cycle.rhai");
    let v = json(&["analyze", "--json", spec, "3"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("D"), Some("∞{}"))
    );
    refused_in_one_line(
        &["analyze", "--misere", spec, "3"],
        "misère play of loopy games",
    );
    refused_in_one_line(
        &["analyze", "--misere", "--graph", EXIT, "graph", "a"],
        "misère play of loopy games",
    );
}

#[test]
fn bad_graph_files_are_refused_in_one_line() {
    let bad = &format!("{DATA}/bad-graph.txt");
    refused_in_one_line(&["analyze", "--graph", bad, "graph", "a"], "line 3");
    refused_in_one_line(
        &["analyze", "--graph", EXIT, "graph", "q"],
        "`q` is not a vertex",
    );
    refused_in_one_line(
        &["analyze", "--graph", "no/such/file.txt", "graph", "a"],
        "cannot read the graph file",
    );
}

#[test]
fn play_holds_the_draw_and_stops_at_the_third_repetition() {
    grundy()
        .args(["play", "--graph", DRAW, "graph", "y"])
        .write_stdin("to z\nto z\nto z\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("comes back a third time"))
        .stdout(predicate::str::contains("I play: to y -> y"));
    grundy()
        .args(["play", "--graph", DRAW, "graph", "x"])
        .write_stdin("to s\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("You win!"));
}
