//! `grundy judge` on the contest problems of the judges branch: samples from
//! stdin to stdout, exactly; malformed input exits 2 with nothing on stdout.

use assert_cmd::Command;
use predicates::prelude::*;

fn judge(problem: &str, input: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", problem])
        .write_stdin(input)
        .assert()
}

#[test]
fn samples_through_the_binary() {
    // Sources: the samples of Luogu P2148, Luogu P2599, Luogu P5675 and POJ 2315.
    judge("luogu-p2148", "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n")
        .success()
        .stdout("YES\nNO\n");
    judge("luogu-p2599", "1\n4\n3 1 9 4\n")
        .success()
        .stdout("0\n");
    judge("luogu-p5675", "3\n1 2 2\n").success().stdout("6\n");
    judge("poj-2315", "2 1 30 1\n8 14\n2 1 30 1\n8 12\n")
        .success()
        .stdout("Alice\nBob\n");
}

#[test]
fn malformed_input_exits_2_with_empty_stdout() {
    judge("luogu-p2148", "2\n4\n1 2 3 1\n6\n1 1 x 1 1 1\n")
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 5").and(predicate::str::contains("`x`")));
    judge("codeforces-2155e", "1\n2 2 1\n3 1\n")
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("line 3"));
    judge("luogu-p5675", "3\n1 2\n").code(2).stdout("");
}

#[test]
fn generated_inputs_are_answered() {
    let input = Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", "luogu-p2599", "--generate", "7"])
        .output()
        .unwrap()
        .stdout;
    let rows = String::from_utf8(input.clone())
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .parse::<usize>()
        .unwrap();
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", "luogu-p2599"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), rows);
}

#[test]
fn catalog_games_analyze() {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["analyze", "ed", "1,2", "3,1"])
        .assert()
        .success();
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["analyze", "mimo-yuyu", "6x4", "2,3", "4,2", "6,4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("path"));
}
