//! `grundy analyze/play geography`, `--graph FILE` and the geography judges.

use super::common::grundy;
use predicates::prelude::*;

#[test]
fn analyze_names_the_winning_move_and_every_outcome() {
    grundy()
        .args([
            "analyze",
            "geography",
            "0-1",
            "1-2",
            "2-0",
            "2-3",
            "@0",
            "--all-moves",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome     N"))
        .stdout(predicate::str::contains(
            "to 1  -> 1-2 2-3 @1   (P, remoteness 2)",
        ))
        .stdout(predicate::str::contains(
            "to 2  -> 1-2 2-3 @2   (N, remoteness 1)",
        ));
}

#[test]
fn json_output_parses() {
    let out = grundy()
        .args(["analyze", "geography", "--json", "0-1", "@1"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "@0");
}

#[test]
fn a_graph_file_adds_edges() {
    let dir = std::env::temp_dir().join(format!("grundy-geo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cycle.txt");
    // A 5-cycle: every vertex is avoided by some maximum matching, so P.
    std::fs::write(&file, "# a pentagon\n0 1\n1 2\n2-3\n\n3 4\n4 0\n").unwrap();
    grundy()
        .args(["analyze", "geography", "@0", "--graph"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome     P"));
    std::fs::write(&file, "0 1 2\n").unwrap();
    grundy()
        .args(["analyze", "geography", "@0", "--graph"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 1: `0 1 2` is not an edge"));
    grundy()
        .args([
            "analyze",
            "geography",
            "@0",
            "--graph",
            "/nonexistent/graph.txt",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read the graph file"));
}

#[test]
fn a_graph_file_is_refused_for_a_game_without_edges() {
    // The file is never read: the game is refused first.
    for command in ["analyze", "play"] {
        grundy()
            .args([command, "nim", "3", "--graph", "/nonexistent/graph.txt"])
            .assert()
            .code(2)
            .stdout("")
            .stderr("grundy: `nim` takes no graph file; only the graph games do (geography, node-kayles)\n");
    }
}

#[test]
fn bad_positions_fail_with_one_line() {
    grundy()
        .args(["analyze", "geography", "0-1", "1-x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`x`"));
    grundy()
        .args(["analyze", "geography", "0-1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("@0"));
}

#[test]
fn play_against_the_computer() {
    // On the path 0-1-2 from 0 the mover loses: the human moves to 1, the
    // computer answers to 2 and wins.
    grundy()
        .args(["play", "geography", "0-1", "1-2", "@0"])
        .write_stdin("to 1\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("I play: to 2 -> @2"))
        .stdout(predicate::str::contains("I win."));
}

#[test]
fn judges_answer_their_samples() {
    let cases = [
        ("luogu-p4055", "3 3\n.##\n...\n#.#\n", "WIN\n2 3\n3 2\n"),
        (
            "gcj-2008-king",
            "2\n2 2\nK.\n.#\n4 2\nK#\n.#\n.#\n.#\n",
            "Case #1: B\nCase #2: A\n",
        ),
        ("luogu-p1971", "1 6 \nXO.OXO \n1 \n1 2 \n1 1 \n", "1\n1\n"),
    ];
    for (name, input, output) in cases {
        grundy()
            .args(["judge", name])
            .write_stdin(input)
            .assert()
            .success()
            .stdout(output);
    }
}

#[test]
fn verify_covers_geography() {
    grundy()
        .args(["verify", "geography", "--up-to", "4"])
        .assert()
        .success()
        // Every graph on 1 to 4 vertices, token on each vertex:
        // 1·1 + 2·2 + 2^3·3 + 2^6·4 = 285 positions.
        .stdout(predicate::str::starts_with(
            "geography              N=4   ok    285 positions (",
        ));
}
