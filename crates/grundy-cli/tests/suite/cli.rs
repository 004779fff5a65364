//! The `grundy` binary end to end: output shapes, round trips, bad input.

use super::common::{grundy, json};
use serde_json::Value;

#[test]
fn analyze_json_has_the_documented_keys() {
    let a = json(&["analyze", "--json", "nim", "3", "4", "5"]);
    for key in [
        "game",
        "position",
        "play",
        "outcome",
        "grundy",
        "method",
        "winning_moves",
        "remoteness",
    ] {
        assert!(a.get(key).is_some(), "missing {key}");
    }
    assert_eq!(a["game"], "nim");
    assert_eq!(a["position"], "3 4 5");
    assert_eq!(a["play"], "normal");
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["grundy"], 2);
    assert_eq!(a["method"], "formula");
    assert_eq!(a["winning_moves"][0]["to"], "1 4 5");
}

#[test]
fn every_winning_move_leads_to_a_p_position() {
    for (game, position) in [
        ("subtraction:1,3,4", "10 7"),
        ("nim", "3 4 5 9"),
        ("moore:2", "3 5 6 1"),
        ("staircase", "3 1 4 1 5"),
        ("sum", "nim 3 + bash:3 10 + staircase 2 1"),
    ] {
        let mut args = vec!["analyze", "--json", game];
        args.extend(position.split_whitespace());
        let a = json(&args);
        let moves = a["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{game} {position}");
        for m in moves {
            let mut next = vec!["analyze", "--json", game];
            next.extend(m["to"].as_str().unwrap().split_whitespace());
            assert_eq!(
                json(&next)["outcome"],
                "P",
                "{game}: {} -> {}",
                m["move"],
                m["to"]
            );
        }
    }
}

#[test]
fn misere_nim_by_formula_and_search_by_search() {
    let a = json(&["analyze", "--json", "--misere", "nim", "1", "1", "4"]);
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["grundy"], Value::Null);
    assert_eq!(a["winning_moves"][0]["to"], "1 1 1");
    let s = json(&[
        "analyze",
        "--json",
        "--misere",
        "subtraction:1,3,4",
        "5",
        "6",
    ]);
    assert_eq!(s["method"], "search");
    assert!(s["remoteness"].is_u64());
}

#[test]
fn all_moves_lists_every_move() {
    let a = json(&["analyze", "--json", "--all-moves", "nim", "2", "3"]);
    assert_eq!(a["all_moves"].as_array().unwrap().len(), 5);
}

#[test]
fn list_shows_every_game() {
    let out = grundy().arg("list").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for e in grundy::api::games::list() {
        assert!(text.contains(e.example), "{} missing", e.name);
    }
}

#[test]
fn verify_passes() {
    let out = grundy()
        .args(["verify", "nim", "--up-to", "5"])
        .output()
        .unwrap();
    assert!(out.status.success());
    // 1 to 3 heaps of 0 to 5 tokens, as multisets: 6 + C(7,2) + C(8,3) = 83
    // positions, each with its Grundy value and misère outcome (Bouton 1901).
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "nim                    N=5   ok    83 positions (83 Grundy values, 83 misère, "
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1, "{text}");
}

#[test]
fn play_against_the_computer_with_piped_moves() {
    // 1 2: the human wins by leaving 1 1, then takes the last token.
    let out = grundy()
        .args(["play", "nim", "1", "2"])
        .write_stdin("moves\nheap 1: take 5\nheap 2: take 1\nhint\n1\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("you should win"), "{text}");
    assert!(text.contains("Illegal"), "{text}");
    assert!(text.contains("I play"), "{text}");
    assert!(text.contains("You win!"), "{text}");
}

#[test]
fn computer_first_wins_a_won_position() {
    let out = grundy()
        .args(["play", "--computer-first", "nim", "3", "4", "5"])
        .write_stdin("1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("I win."), "{text}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["analyze", "nimm", "3"],
        &["analyze", "nim", "3", "x"],
        &["analyze", "nim", "-3"],
        &["analyze", "nim"],
        &["analyze", "subtraction:0", "5"],
        &["analyze", "subtraction", "5"],
        &["analyze", "subtraction:1,,2", "5"],
        &["analyze", "nim", "18446744073709551616"],
        &["analyze", "bash:0", "4"],
        &["analyze", "moore:0", "4"],
        &["analyze", "--all-moves", "nim", "1000000000"],
        &["analyze", "sum", "nim", "3", "+"],
        &[
            "analyze",
            "--misere",
            "subtraction:1,2,4",
            "200000",
            "200000",
            "200000",
            "--max-positions",
            "1000",
        ],
        &["analyze", "--frobnicate", "nim", "3"],
        &["verify", "nosuchgame"],
        &["play", "nim"],
        &["judge", "no-such-problem"],
        // Issue 17's list: a sign, a limit of nothing, sequences past memory.
        &["analyze", "nim", "+3"],
        &["analyze", "nim", "3", "--max-positions", "0"],
        &["sequence", "nim", "--len", "1000000000000"],
        &["sequence", "0.07", "--len", "1000000000000"],
        &[
            "sequence",
            "kayles",
            "--len",
            "100000000",
            "--memory",
            "64M",
        ],
        &["analyze", "octal:0.6", "2000000"],
    ];
    for args in cases {
        let out = grundy().args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn judge_reads_stdin_and_writes_exact_output() {
    grundy()
        .args(["judge", "luogu-p2197"])
        .write_stdin("2\n2\n1 1\n2\n1 0\n")
        .assert()
        .success()
        .stdout("No\nYes\n");
    let out = grundy()
        .args(["judge", "luogu-p2197"])
        .write_stdin("2\n2\n1 1\n2\n1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_sum_says_whether_its_winning_moves_are_all_of_them() {
    // Small E&D piles: every winning split is listed, as many as --all-moves
    // finds moves to P-positions.
    let v = json(&[
        "analyze",
        "--json",
        "--all-moves",
        "sum",
        "ed",
        "3,5",
        "+",
        "ed",
        "7,6",
        "+",
        "nim",
        "1",
    ]);
    assert_eq!(v["winning_moves_complete"], true);
    let to_p = v["all_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["outcome"] == "P")
        .count();
    assert!(to_p > 0);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), to_p);
    // A pile of 70,000 has too many splits to list: one per pile, said so.
    // Its quick remoteness search gives up at the limit on moves looked at
    // (256 per position of the limit) instead of running on.
    let v = json(&[
        "analyze",
        "--json",
        "--max-positions",
        "1000",
        "sum",
        "ed",
        "3,5",
        "+",
        "ed",
        "70000,6",
    ]);
    assert_eq!(v["winning_moves_complete"], false);
    assert!(v["remoteness"].is_null());
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn a_command_without_its_subcommand_is_one_line_naming_them() {
    for (args, needs) in [
        (&[][..], "`grundy` needs a command: list, analyze,"),
        (
            &["formula"][..],
            "`grundy formula` needs a command: check, guess;",
        ),
        (
            &["nimber"][..],
            "`grundy nimber` needs a command: add, mul, inv, div;",
        ),
    ] {
        let out = grundy().args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needs), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_code_with_more_than_a_digit_before_its_point_says_so() {
    for code in ["octal:10.7", "octal:-0.7"] {
        let out = grundy().args(["analyze", code, "3"]).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(err.contains("before its point, where one digit"), "{err}");
    }
}

#[test]
fn play_lists_each_move_with_its_value_for_the_mover() {
    // Nim 1 2 (Bouton): only heap 2: take 1, to 1 1, wins, and the game
    // then lasts two more moves; the others leave one heap, taken at once.
    let out = grundy()
        .args(["play", "nim", "1", "2"])
        .write_stdin("moves\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you should win in 3 moves"), "{text}");
    assert!(
        text.contains("1. heap 1: take 1  -> 0 2   (loses, 1 more move)"),
        "{text}"
    );
    assert!(
        text.contains("2. heap 2: take 1  -> 1 1   (wins, 2 more moves)"),
        "{text}"
    );
    assert!(
        text.contains("3. heap 2: take 2  -> 1 0   (loses, 1 more move)"),
        "{text}"
    );
}

#[test]
fn an_emptied_row_of_ends_is_written_so_that_it_parses_back() {
    let a = json(&["analyze", "--json", "ends", "3"]);
    assert_eq!(a["winning_moves"][0]["to"], "empty");
    let back = json(&["analyze", "--json", "ends", "empty"]);
    assert_eq!(
        (back["outcome"].as_str(), back["remoteness"].as_u64()),
        (Some("P"), Some(0))
    );
}

#[test]
fn verify_past_a_games_limit_is_one_line_and_exit_2() {
    for (game, n) in [
        ("nim", "1000000000000"),
        ("geography", "8"),
        ("kayles", "100000"),
    ] {
        let out = grundy()
            .args(["verify", game, "--up-to", n])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{game}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("is refused: the limit is"), "{err}");
    }
}

#[test]
fn search_limits_take_sizes_and_seconds_and_stop_with_one_line() {
    for bad in [
        ["--memory", "12X"],
        ["--memory", "0"],
        ["--max-time", "-1"],
        ["--max-time", "soon"],
    ] {
        let out = grundy()
            .args(["analyze", "nim", "3"])
            .args(bad)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{bad:?}: {err}");
    }
    let v = json(&[
        "analyze",
        "--json",
        "--memory",
        "64M",
        "--max-time",
        "5",
        "nim",
        "1",
        "2",
    ]);
    assert_eq!(v["outcome"], "N");
    // Misère play of these heaps has no formula: 4.5 million positions to
    // search, far more than 0.3 s allows.
    let out = grundy()
        .args([
            "analyze",
            "--misere",
            "--max-time",
            "0.3",
            "subtraction:1,2,4",
            "300",
            "300",
            "300",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--max-time"), "{err}");
}

#[test]
fn a_negative_heap_is_called_negative() {
    let out = grundy().args(["analyze", "nim", "-1"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("`-1` is negative"), "{err}");
}

#[test]
fn huge_inputs_are_answered_without_listing_what_cannot_be_listed() {
    // Luogu P2599 allows piles of 10^9: the middle pile's 10^9 moves are
    // walked lazily by the quick remoteness search, not listed.
    let v = json(&["analyze", "--json", "ends", "7", "1000000000", "7"]);
    assert_eq!(v["outcome"], "P");
    // 0.16's period is proven after 509,622 values, when a heap past the
    // computed values asks for it.
    let v = json(&["analyze", "--json", "octal:0.16", "100001"]);
    let seq = json(&["sequence", "--json", "0.16", "--len", "100002"]);
    assert_eq!(v["grundy"], seq["values"][100001]);
    assert_eq!(v["method"], "formula");
}

#[test]
fn a_period_search_stops_at_what_the_memory_holds() {
    let out = grundy()
        .args([
            "period",
            "0.6",
            "--max",
            "18446744073709551615",
            "--memory",
            "256K",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.contains(
            "no period proven in the first 131072 values (as many as the memory budget holds"
        ),
        "{text}"
    );
}

#[test]
fn a_heap_valued_by_search_alone_claims_no_sequence() {
    // With --search no Grundy sequence is computed, and none is reported
    // (it said "no period proven in the first 0 values").
    let text = |args: &[&str]| {
        let out = grundy().arg("analyze").args(args).output().unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let searched = text(&["--search", "grundys-game", "200"]);
    assert!(!searched.contains("grundy sequence"), "{searched}");
    assert!(searched.contains("method      search"), "{searched}");
    let by_sequence = text(&["grundys-game", "200"]);
    assert!(
        by_sequence.contains("grundy sequence no period proven in the first 201 values"),
        "{by_sequence}"
    );
}
