//! `grundy nimber`: results and errors.

use super::common;
use predicates::prelude::*;

fn grundy(args: &[&str]) -> assert_cmd::assert::Assert {
    common::grundy().args(args).assert()
}

#[test]
fn arithmetic() {
    // Source: Conway, On Numbers and Games ch. 6: 2⊗2 = 3, 16⊗16 = 24; 2⁻¹ = 3 since 2⊗3 = 1.
    grundy(&["nimber", "mul", "2", "2"]).success().stdout("3\n");
    grundy(&["nimber", "mul", "*16", "16"])
        .success()
        .stdout("24\n");
    grundy(&["nimber", "add", "3", "5"]).success().stdout("6\n");
    grundy(&["nimber", "inv", "2"]).success().stdout("3\n");
    grundy(&["nimber", "div", "1", "3"]).success().stdout("2\n");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    grundy(&["nimber", "inv", "0"])
        .code(2)
        .stderr(predicate::str::contains("no nim inverse"));
    grundy(&["nimber", "div", "4", "*0"]).code(2);
    grundy(&["nimber", "mul", "x", "2"])
        .code(2)
        .stderr(predicate::str::contains("`x` is not a nimber"));
    grundy(&["nimber", "mul", "-1", "2"]).code(2);
    grundy(&[
        "nimber",
        "add",
        "340282366920938463463374607431768211456",
        "1",
    ])
    .code(2)
    .stderr(predicate::str::contains("too large"));
}
