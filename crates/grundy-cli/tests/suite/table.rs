//! `grundy table`: text, CSV and pictures.

use super::common::grundy;
use predicates::prelude::*;

#[test]
fn two_heap_nim_as_text() {
    // Bouton: G(i, j) = i XOR j.
    grundy()
        .args(["table", "nim", "--rows", "4", "--cols", "4"])
        .assert()
        .success()
        .stdout("0 1 2 3\n1 0 3 2\n2 3 0 1\n3 2 1 0\n");
    grundy()
        .args(["table", "nim", "--rows", "2", "--cols", "3", "--from", "7"])
        .assert()
        .success()
        .stdout(" 0 15 14\n15  0  1\n");
}

#[test]
fn csv_has_a_header_row_and_column() {
    let out = grundy()
        .args(["table", "nim", "--rows", "5", "--cols", "7", "--csv"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().all(|l| l.split(',').count() == 8));
    assert_eq!(lines[0], "i\\j,0,1,2,3,4,5,6");
    assert_eq!(lines[4], "3,3,2,1,0,7,6,5");
}

#[test]
fn json_is_the_grid_the_web_playground_answers() {
    grundy()
        .args(["table", "nim", "--rows", "2", "--cols", "3", "--json"])
        .assert()
        .success()
        .stdout(
            r#"{"game":"nim","shape":{"Table":{"from":0,"rows":2,"cols":3}},"values":[0,1,2,1,0,3]}"#
                .to_owned()
                + "\n",
        );
    grundy()
        .args(["table", "nim", "--json", "--csv"])
        .assert()
        .code(2);
}

#[test]
fn games_without_tables_are_named() {
    grundy()
        .args(["table", "sum"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no table").and(predicate::str::contains("nim")));
    grundy()
        .args(["table", "nim", "--rows", "0"])
        .assert()
        .code(2);
}

#[test]
fn pictures_are_written() {
    let dir = std::env::temp_dir().join(format!("grundy-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("t.png");
    let svg = dir.join("t.svg");
    grundy()
        .args(["table", "subtraction:1,3,4", "--rows", "40", "--cols", "30"])
        .arg("--png")
        .arg(&png)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success()
        .stdout("");
    let png = std::fs::read(&png).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 2000,
        "{}",
        png.len()
    );
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.matches("<rect").count() > 100);
    // P-positions are viridis' darkest colour, #440154.
    assert!(svg.contains("#440154"), "no P-position cell");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn indices_past_2_to_the_64_are_one_line_and_exit_2() {
    let out = grundy()
        .args(["table", "wythoff", "--rows", "2", "--cols", "2"])
        .args(["--from", "18446744073709551615"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("grundy: a table of 2 × 2 cells from 18446744073709551615 is refused")
            && err.contains("last index of 18446744073709551615"),
        "{err}"
    );
    // Ending exactly at 2^64 - 1 is a table: Nim's G(i, j) = i XOR j.
    grundy()
        .args(["table", "nim", "--rows", "2", "--cols", "2"])
        .args(["--from", "18446744073709551614"])
        .assert()
        .success()
        .stdout("0 1\n1 0\n");
}

#[test]
fn too_large_tables_are_refused_naming_the_limit() {
    grundy()
        .args(["table", "nim", "--rows", "4097", "--cols", "4096"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "a table of 4097 × 4096 cells is refused: the limit is 16777216 cells",
        ));
}

#[test]
fn cells_too_large_to_search_are_unknown_and_said_so() {
    // Wythoff's Grundy values have no closed form; two heaps of 2^64 − 1
    // have more moves than memory holds, so the cell is refused unsearched.
    let out = grundy()
        .args(["table", "wythoff", "--rows", "1", "--cols", "1"])
        .args(["--from", "18446744073709551615"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "?\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("1 of 1 values unknown"), "{err}");
}
