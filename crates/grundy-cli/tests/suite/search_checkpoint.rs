//! `grundy analyze --checkpoint`: a search stopped at its time limit, or
//! killed with SIGKILL, resumes from its table to the answer of a run never
//! stopped; a damaged file, or one of another position, is refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::prelude::*;

use super::kill::RandomKills;

fn grundy() -> Command {
    let mut c = Command::cargo_bin("grundy").unwrap();
    c.stdin(Stdio::null());
    c
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// What an answer must agree on: outcome, value, the set of winning moves
/// and every move's outcome (a resumed run's quick remoteness search may
/// find what the whole run's did not: it is bounded by work, and its table
/// is not saved).
fn answer(out: &Output) -> (String, String, Vec<String>, Vec<String>) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut wins: Vec<String> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].to_string())
        .collect();
    wins.sort();
    let mut all: Vec<String> = v["all_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{} {}", m["move"], m["outcome"]))
        .collect();
    all.sort();
    (v["outcome"].to_string(), v["grundy"].to_string(), wins, all)
}

fn analyze(args: &[&str], file: Option<&Path>) -> Command {
    let mut c = grundy();
    c.arg("analyze").args(["--json", "--all-moves"]).args(args);
    if let Some(f) = file {
        c.arg("--checkpoint").arg(f);
    }
    c
}

/// Runs `args` with `--max-time` in slices of `slice` seconds until it
/// answers, and says how many slices it took and whether a resumed run
/// said so.
fn in_slices(args: &[&str], file: &Path, slice: &str) -> (Output, usize) {
    for round in 1..=200 {
        let out = analyze(args, Some(file))
            .args(["--max-time", slice, "--checkpoint-every", "0.05"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        if out.status.success() {
            return (out, round);
        }
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("time limit"), "{err}");
        assert!(
            err.contains("the search so far is saved in") && err.contains("to resume"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "one line: {err}");
    }
    panic!("200 slices of {slice} s did not finish {args:?}");
}

#[test]
fn a_pruned_search_stopped_at_its_time_limit_resumes_to_the_same_answer() {
    let d = dir("ckpt-pruned");
    let args = ["--search", "cram", "5x7"];
    let whole = answer(&analyze(&args, None).output().unwrap());
    let file = d.join("cram.ckpt");
    // What a kill between writing and renaming leaves (process 1 is init).
    let partial = d.join(".cram.ckpt.tmp-1");
    std::fs::write(&partial, "partial").unwrap();
    let (out, rounds) = in_slices(&args, &file, "0.2");
    assert_eq!(answer(&out), whole);
    assert!(!partial.exists(), "a killed save's temporary file stays");
    assert!(
        rounds > 1,
        "the search finished in one slice: make it larger"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("resumed from"), "{err}");
    // The file now holds the whole table: a run from it is told so and
    // agrees again.
    let again = analyze(&args, Some(&file)).output().unwrap();
    assert_eq!(answer(&again), whole);
    assert!(String::from_utf8_lossy(&again.stderr).contains("resumed from"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_full_search_resumes_to_the_same_answer_in_either_convention() {
    let d = dir("ckpt-full");
    for args in [&["cram", "3x7"][..], &["--misere", "cram", "3x5"][..]] {
        let file = d.join("full.ckpt");
        let _ = std::fs::remove_file(&file);
        let whole = answer(&analyze(args, None).output().unwrap());
        let first = analyze(args, Some(&file)).output().unwrap();
        assert_eq!(answer(&first), whole, "{args:?}");
        let again = analyze(args, Some(&file)).output().unwrap();
        assert_eq!(answer(&again), whole, "{args:?}");
        let err = String::from_utf8_lossy(&again.stderr);
        assert!(err.contains("resumed from"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_search_killed_at_random_moments_resumes_to_the_same_answer() {
    let d = dir("ckpt-kill");
    let args = ["--search", "node-kayles", "grid", "5x6"];
    let start = Instant::now();
    let whole = answer(&analyze(&args, None).output().unwrap());
    let took = start.elapsed().max(Duration::from_millis(200));
    let mut kills = RandomKills::new();
    let file = d.join("killed.ckpt");
    let mut left = 0;
    for kill in 0..6 {
        let _ = std::fs::remove_file(&file);
        let mut run = analyze(&args, Some(&file));
        run.args(["--checkpoint-every", "0.02"]);
        let wait = kills.run_and_kill(&mut run, took);
        left += usize::from(file.exists());
        let why = format!("kill {kill} after {wait:?} (seed {})", kills.seed());
        let out = analyze(&args, Some(&file)).output().unwrap();
        assert_eq!(answer(&out), whole, "{why}");
    }
    eprintln!("{left} of 6 kills left a checkpoint to resume from");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn damaged_and_mismatched_checkpoints_are_refused_in_one_line() {
    let d = dir("ckpt-refused");
    let file = d.join("cram.ckpt");
    let ok = analyze(&["--search", "cram", "3x4"], Some(&file))
        .output()
        .unwrap();
    assert!(ok.status.success());
    let refused = |args: &[&str], f: &Path, what: &str| {
        let out = analyze(args, Some(f)).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.contains(what), "{args:?}: {err}");
        assert!(err.contains(&f.display().to_string()), "{err}");
        assert!(out.stdout.is_empty());
    };
    // Another position, convention or search.
    let found = "for cram 3x4 (normal play, pruned search), not";
    refused(&["--search", "cram", "4x3"], &file, found);
    refused(&["--search", "--misere", "cram", "3x4"], &file, found);
    refused(&["--remoteness", "cram", "3x4"], &file, found);
    // A flipped byte in the middle, and a file cut short.
    let bytes = std::fs::read(&file).unwrap();
    let flipped = d.join("flipped.ckpt");
    let mut bad = bytes.clone();
    let at = bad.len() / 2;
    bad[at] ^= 0x01;
    std::fs::write(&flipped, &bad).unwrap();
    refused(&["--search", "cram", "3x4"], &flipped, "damaged");
    let cut = d.join("cut.ckpt");
    std::fs::write(&cut, &bytes[..bytes.len() - 30]).unwrap();
    refused(&["--search", "cram", "3x4"], &cut, "damaged");
    // A file of an earlier format (its CRC anyone could fix up) is refused
    // with what to do; so is a sequence's checkpoint and a file that is no
    // checkpoint at all.
    let other = d.join("other.ckpt");
    std::fs::write(&other, "grundy-sequence 3\nwidth 16\n").unwrap();
    refused(
        &["--search", "cram", "3x4"],
        &other,
        "delete the file and run the command again",
    );
    std::fs::write(&other, "hello\n").unwrap();
    refused(
        &["--search", "cram", "3x4"],
        &other,
        "not a grundy checkpoint",
    );
    // A file larger than the memory budget is not read.
    let big = d.join("big.ckpt");
    std::fs::write(&big, vec![b'x'; 2 << 20]).unwrap();
    refused(
        &["--search", "--memory", "1M", "cram", "3x4"],
        &big,
        "raise it with --memory",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_position_too_large_to_search_is_refused_before_any_search_and_saves_nothing() {
    // Issue 12's Moore's Nim_3 of 50..90 in misère play: 3.7 million moves a
    // position and about 2 * 10^9 positions, past the default limit of 10^7.
    // It is refused at once, saying that it was never searched, not that a
    // search stopped at its limit; with --checkpoint no file claims to hold
    // a search so far.
    let d = dir("too-large");
    let file = d.join("moore.ckpt");
    let moore = ["moore:3", "50", "60", "70", "80", "90"];
    // Misère play by the full search, and the value alone by the pruned
    // search (which ran for 7 minutes, to its work bound, before it was
    // refused up front as the others are).
    let misere = |f| analyze(&[&["--misere"][..], &moore].concat(), f);
    let mut value = grundy();
    value
        .args(["analyze", "--search", "--value-only"])
        .args(moore)
        .arg("--checkpoint")
        .arg(&file);
    for mut command in [misere(None), misere(Some(&file)), value] {
        let out = command.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(
            err.contains("too large to search within the limit of 10000000 positions"),
            "{err}"
        );
        assert!(!err.contains("saved"), "{err}");
        assert!(out.stdout.is_empty());
    }
    assert!(!file.exists());
    // A search that starts and then reaches the limit says so.
    let out = analyze(
        &[
            "--misere",
            "--max-positions",
            "1000",
            "moore:2",
            "8",
            "9",
            "10",
            "11",
        ],
        None,
    )
    .output()
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("search stopped at its limit of 1000 positions"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).ok();
}
