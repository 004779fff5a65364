//! `grundy analyze/play` on Cram, Chomp and Node Kayles: their syntax, a
//! graph file, and boards past the documented limits refused in one line.

use super::common::grundy;
use predicates::prelude::*;

#[test]
fn cram_boards_with_blocked_cells() {
    // A 3 × 4 board: the horizontal domino in the middle of a long row wins.
    grundy()
        .args(["analyze", "cram", "3x4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("grundy      1\n"))
        .stdout(predicate::str::contains(
            "h 1,1  -> ..../.##./....   (P, remoteness 4)",
        ));
    let out = grundy()
        .args(["analyze", "--json", "cram", "..#./..../...."])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grundy"], 3);
}

#[test]
fn chomp_leaves_the_poison_to_the_loser() {
    // Two rows of 4 and 3 are lost for the player to move; 4 4 3 1 is won by
    // moving there or to the L of arms 4 and 4.
    grundy()
        .args(["analyze", "chomp", "4", "4", "3", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("take 2,0  -> 2 2 2 1   (P"))
        .stdout(predicate::str::contains("take 1,1  -> 4 1 1 1   (P"));
    grundy()
        .args(["play", "chomp", "1x1"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("No moves are left"));
}

#[test]
fn node_kayles_reads_a_graph_file() {
    let dir = std::env::temp_dir().join(format!("grundy-node-kayles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("square.txt");
    std::fs::write(&file, "0 1\n1 2\n2 3\n3 0\n# and a lone vertex\n7\n").unwrap();
    grundy()
        .args(["analyze", "node-kayles", "--graph", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "node-kayles 0-1 0-3 1-2 2-3 7 (normal play)",
        ))
        .stdout(predicate::str::contains("grundy      1\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn boards_past_the_limits_are_refused_in_one_line() {
    for (args, message) in [
        (&["cram", "12x12"][..], "must be at most 128"),
        (&["chomp", "64x64"][..], "must be at most 127"),
        (&["node-kayles", "grid", "12x12"][..], "must be at most 128"),
        (&["chomp", "3", "4"][..], "heights go down"),
        (&["cram", "../..."][..], "every row of a board is as long"),
    ] {
        grundy()
            .arg("analyze")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message))
            .stderr(predicate::function(|e: &str| e.lines().count() == 1));
    }
}

#[test]
fn value_only_gives_the_nimber_and_nothing_else() {
    for search in [&[][..], &["--search"][..]] {
        let json = |extra: &[&str]| -> serde_json::Value {
            let out = grundy()
                .args(["analyze", "--json"])
                .args(search)
                .args(extra)
                .args(["cram", "4x5"])
                .output()
                .unwrap();
            assert!(out.status.success());
            serde_json::from_slice(&out.stdout).unwrap()
        };
        let (whole, alone) = (json(&[]), json(&["--value-only"]));
        // Cram 4x5 has value 2 (crates/grundy/tests/data/cram.txt, from
        // the literature).
        assert_eq!(
            (&alone["grundy"], &alone["outcome"]),
            (&whole["grundy"], &whole["outcome"])
        );
        assert_eq!(alone["grundy"], 2);
        assert_eq!(alone["winning_moves"], serde_json::json!([]));
        assert_eq!(alone["winning_moves_complete"], false);
        assert!(alone["remoteness"].is_null());
        assert_ne!(whole["winning_moves"], serde_json::json!([]));
    }
    grundy()
        .args(["analyze", "--value-only", "chomp", "3x3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "remoteness  not looked for (--value-only)",
        ))
        .stdout(predicate::str::contains(
            "winning moves: not looked for (--value-only)",
        ));
    grundy()
        .args(["analyze", "--value-only", "--all-moves", "nim", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "'--value-only' cannot be used with '--all-moves'",
        ))
        .stderr(predicate::function(|e: &str| e.lines().count() == 1));
}

#[test]
fn each_moves_outcome_is_the_same_on_one_thread_or_three() {
    // `--search` on Cram 4x5 and Node Kayles on a 3x5 grid: the whole
    // analysis (every move's outcome, the winning moves, the value) does
    // not depend on how many threads searched the moves.
    fn json_of(position: &[&str], jobs: &str) -> serde_json::Value {
        let out = grundy()
            .args([
                "analyze",
                "--json",
                "--all-moves",
                "--search",
                "--jobs",
                jobs,
            ])
            .args(position)
            .output()
            .unwrap();
        assert!(out.status.success(), "{position:?} --jobs {jobs}");
        serde_json::from_slice(&out.stdout).unwrap()
    }
    for position in [&["cram", "4x5"][..], &["node-kayles", "grid", "3x5"][..]] {
        let one = json_of(position, "1");
        assert!(one["all_moves"].as_array().is_some_and(|a| a.len() > 10));
        assert_eq!(one, json_of(position, "3"), "{position:?}");
    }
    // Far more threads than cores, under a tight `ulimit -v` (64 stacks
    // of 2 MiB would pass it): no more threads than cores start, and the
    // answer is the same. (Not its remoteness: the quick search has a
    // quarter of a second, and under so tight a limit glibc gives a second
    // thread no heap of its own, so that each of its allocations is a
    // system call.)
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 100000 && exec '{}' analyze --json --all-moves --search --jobs 64 cram 4x5",
            bin.display()
        ))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    fn without_remoteness(v: serde_json::Value) -> serde_json::Value {
        match v {
            serde_json::Value::Object(o) => o
                .into_iter()
                .filter(|(k, _)| k != "remoteness")
                .map(|(k, v)| (k, without_remoteness(v)))
                .collect(),
            serde_json::Value::Array(a) => a.into_iter().map(without_remoteness).collect(),
            v => v,
        }
    }
    let crowded: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        without_remoteness(crowded),
        without_remoteness(json_of(&["cram", "4x5"], "1"))
    );
    // A thread count is a whole number of at least 1, and needs --search.
    for bad in [&["--search", "--jobs", "0"][..], &["--jobs", "2"][..]] {
        grundy()
            .arg("analyze")
            .args(bad)
            .args(["cram", "3x3"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--jobs").or(predicate::str::contains("--search")));
    }
}
