//! Certificates: written by the library, checked by the independent
//! checker (round trips on many small positions of every certified game),
//! and refused once tampered with, each refusal naming the entry.

use grundy::api::analyze::{analyze, position, AnalyzeOptions};
use grundy::api::certificate::write_period;
use grundy::api::period::period;
use grundy::api::sequence::{Hooks, SequenceOptions};
use grundy::api::Limits;
use grundy::api::Spec;

use crate::common::grundy;

/// The certificate of `game words` as text.
fn certificate(game: &str, words: &[&str]) -> String {
    let p = position(&Spec::from(game), words).expect("a position");
    let mut out = Vec::new();
    p.certify(Limits::default(), &mut out)
        .expect("a certificate");
    String::from_utf8(out).expect("text")
}

/// Writes and checks the certificate of `game words`, and compares the
/// value it proves with the analysis's.
fn round_trip(game: &str, words: &[&str]) {
    let text = certificate(game, words);
    let report =
        grundy_check::check_str(&text).unwrap_or_else(|e| panic!("{game} {words:?}: {e}\n{text}"));
    let a = analyze(
        &Spec::from(game),
        words,
        &AnalyzeOptions {
            value_only: true,
            ..AnalyzeOptions::default()
        },
    )
    .expect("analysis");
    let value = a.grundy.expect("a value");
    assert!(
        report.claim.ends_with(&format!(") = {value}")),
        "{game} {words:?}: {report}"
    );
}

#[test]
fn cram_boards_round_trip() {
    // Every shape up to 12 cells, with a spread of blocked cells.
    for rows in 1..=4usize {
        for cols in 1..=12 / rows {
            let cells = rows * cols;
            for k in 0..6u64 {
                let mask = k
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(k as u32 * 7)
                    | 0x5;
                let board: Vec<String> = (0..rows)
                    .map(|r| {
                        (0..cols)
                            .map(|c| {
                                if k > 0 && mask >> ((r * cols + c) % 64) & 3 == 0 {
                                    '#'
                                } else {
                                    '.'
                                }
                            })
                            .collect()
                    })
                    .collect();
                let text = board.join("/");
                if cells >= 2 {
                    round_trip("cram", &[&text]);
                }
            }
        }
    }
    round_trip("cram", &["4x5"]);
}

#[test]
fn chomp_bars_round_trip() {
    for bar in [
        ["4x4"].as_slice(),
        &["3x7"],
        &["5", "4", "4", "2", "1"],
        &["6", "3", "3", "1"],
        &["2", "2"],
        &["7", "1"],
    ] {
        round_trip("chomp", bar);
    }
}

#[test]
fn node_kayles_graphs_round_trip() {
    for graph in [
        ["grid", "3x5"].as_slice(),
        &["grid", "2x6"],
        &["path", "9"],
        &["cycle", "7"],
        &["0-1", "1-2", "2-0", "2-3", "5"],
    ] {
        round_trip("node-kayles", graph);
    }
}

#[test]
fn heap_games_round_trip() {
    round_trip("kayles", &["5", "9", "12"]);
    round_trip("dawsons-chess", &["20", "7"]);
    round_trip("octal:0.07", &["30"]);
    round_trip("octal:4.7", &["11"]);
    round_trip("octal:0.8F", &["9"]);
    round_trip("octal:grundy", &["21"]);
    round_trip("subtraction:1,3,4", &["10", "15"]);
    round_trip("nim", &["3", "4", "5"]);
}

#[test]
fn sums_round_trip() {
    // Parts of every certified game, formula-valued ones among them.
    let sums: [&[&str]; 4] = [
        &["cram", "3x3", "+", "nim", "3", "5"],
        &[
            "chomp",
            "4",
            "4",
            "3",
            "1",
            "+",
            "node-kayles",
            "0-1",
            "1-2",
            "+",
            "kayles",
            "7",
        ],
        &[
            "cram",
            "2x5",
            "+",
            "cram",
            "3x4",
            "+",
            "octal:0.8F",
            "9",
            "+",
            "subtraction:1,3,4",
            "10",
        ],
        &["nim", "0", "+", "cram", "1x1"],
    ];
    for words in sums {
        round_trip("sum", words);
    }
    let text = certificate("sum", sums[0]);
    let report = grundy_check::check_str(&text).unwrap();
    assert_eq!((report.kind, report.value), ("sum", Some(6)));
    // The sum's value changed, and a part's.
    let err = grundy_check::check_str(&text.replace("root 6\n", "root 7\n")).expect_err("root");
    assert!(
        err.to_string().contains("the parts' values add to 6"),
        "{err}"
    );
    let err = grundy_check::check_str(&text.replace("root 6 3 5", "root 7 3 5")).expect_err("part");
    assert!(err.to_string().contains("refused"), "{err}");
}

#[test]
fn a_sum_with_a_part_of_no_certificate_format_is_refused() {
    let p = position(
        &Spec::from("sum"),
        &["cram", "3x3", "+", "staircase", "2", "1"],
    )
    .unwrap();
    let err = p.certify(Limits::default(), &mut Vec::new()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("staircase (part 2 of the sum) has no certificate format yet"),
        "{err}"
    );
}

/// The certificate of Cram 3x4 with `edit` applied to its lines, refused
/// with a message containing `fragment`.
fn refused(edit: impl Fn(&mut Vec<String>), fragment: &str) {
    let mut lines: Vec<String> = certificate("cram", &["3x4"])
        .lines()
        .map(String::from)
        .collect();
    edit(&mut lines);
    let err = grundy_check::check_str(&lines.join("\n")).expect_err("tampered");
    assert!(err.to_string().contains(fragment), "{err}");
    assert!(
        err.to_string().starts_with("line "),
        "names the line: {err}"
    );
}

/// The index of the first line starting with `prefix` after an entry that
/// has a reply.
fn first(lines: &[String], prefix: &str) -> usize {
    lines
        .iter()
        .position(|l| l.starts_with(prefix))
        .expect("such a line")
}

#[test]
fn a_changed_value_is_refused() {
    refused(
        |l| {
            let i = first(l, "c ");
            let words: Vec<&str> = l[i].splitn(3, ' ').collect();
            let v: u64 = words[1].parse().unwrap();
            l[i] = format!("c {} {}", v + 1, words[2]);
        },
        "refused",
    );
}

#[test]
fn a_dropped_reply_is_refused() {
    refused(
        |l| {
            let i = first(l, "r ");
            l.remove(i);
        },
        "no reply answers it",
    );
}

#[test]
fn a_reply_that_is_no_legal_move_is_refused() {
    refused(
        |l| {
            let i = first(l, "r ");
            let (m, _) = l[i].split_once(" > ").unwrap();
            l[i] = format!("{m} > h 9,9");
        },
        "is not a legal move",
    );
}

#[test]
fn a_position_that_is_not_p_is_refused() {
    // The root claims value 0: then 3x4 + *0 would be a P-position.
    refused(|l| l[2] = "root 0 3x4".into(), "add to 1");
    // An entry with a value that an option has: not P with it.
    let text = "grundy-certificate 1 value\ngame cram\nroot 0 1x3\nc 0 1x3\nend 1\n";
    let err = grundy_check::check_str(text).expect_err("1x3 + *0 is not P");
    assert!(
        err.to_string().contains("line 4") && err.to_string().contains("value 0 too"),
        "{err}"
    );
}

#[test]
fn a_truncated_certificate_is_refused() {
    refused(
        |l| {
            l.pop();
        },
        "the file ends",
    );
}

/// The certificate of `code`'s period, proven within 10,000 values.
fn period_certificate(code: &str) -> String {
    let report = period(
        &Spec::from(code),
        10_000,
        &SequenceOptions::default(),
        Hooks::default(),
    )
    .unwrap();
    let mut out = Vec::new();
    write_period(&report, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_proven_period_is_certified_and_a_changed_value_refused() {
    let text = period_certificate("0.07");
    let checked = grundy_check::check_str(&text).unwrap();
    assert!(
        checked.claim.starts_with("preperiod 53, period 34"),
        "{checked}"
    );
    // Heap 20's value changed.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut words: Vec<String> = lines[4].split(' ').map(String::from).collect();
    words[20] = (words[20].parse::<u32>().unwrap() ^ 1).to_string();
    lines[4] = words.join(" ");
    let err = grundy_check::check_str(&lines.join("\n")).expect_err("tampered");
    assert!(err.to_string().contains("g(20)"), "{err}");
}

#[test]
fn periods_of_codes_that_split_in_three_are_certified() {
    for (code, claim) in [
        ("4.8", "preperiod 1, period 2"),
        ("0.F0F", "preperiod 0, period 2"),
        ("4.F", "preperiod 1, period 2"),
        ("subtraction:1,3,4", "preperiod 0, period 7"),
    ] {
        let text = period_certificate(code);
        let checked = grundy_check::check_str(&text).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert!(checked.claim.starts_with(claim), "{code}: {checked}");
        // One value fewer than the bound needs: refused.
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let count: usize = lines[3]["values ".len()..].parse().unwrap();
        lines[3] = format!("values {}", count - 1);
        let last = lines.len() - 2;
        let cut = lines[last].rfind(' ').unwrap_or(0);
        lines[last].truncate(cut);
        let err = grundy_check::check_str(&lines.join("\n")).expect_err("short");
        assert!(err.to_string().contains("bound needs"), "{code}: {err}");
    }
}

#[test]
fn the_command_writes_a_compressed_certificate_and_checks_it() {
    let dir = std::env::temp_dir().join(format!("grundy-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("c.txt.gz");
    let f = file.to_str().unwrap();
    grundy()
        .args(["analyze", "--value-only", "cram", "3x5", "--certificate", f])
        .assert()
        .success();
    let out = grundy().args(["check", f]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("g(3x5) = "));
    std::fs::write(
        &file,
        b"grundy-certificate 1 value\ngame cram\nroot 1 1x3\nend 0\n",
    )
    .unwrap();
    let out = grundy().args(["check", f]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn script_games_are_certified_with_their_script() {
    // The script of Kayles, certified through the command and checked by
    // the checker running the script itself; the value agrees with the
    // built-in Kayles (its own rules and engine), alone and in a sum.
    let dir = std::env::temp_dir().join(format!("grundy-script-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/kayles.rhai");
    let game = format!("script:{script}");
    let value = |words: &[&str]| {
        let out = grundy()
            .args(["analyze", "--value-only", "--json"])
            .args(words)
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["grundy"].as_u64().expect("a value")
    };
    let kayles = value(&["kayles", "30", "17", "4"]);
    for (words, name) in [
        (vec![game.as_str(), "30", "17", "4"], "k.cert"),
        (
            vec!["sum", game.as_str(), "30", "17", "+", "kayles", "4"],
            "s.cert.gz",
        ),
    ] {
        let file = dir.join(name);
        let f = file.to_str().unwrap();
        grundy()
            .args(["analyze", "--value-only", "--certificate", f])
            .args(&words)
            .assert()
            .success();
        let report = grundy_check::check_file(&file).unwrap_or_else(|e| panic!("{words:?}: {e}"));
        assert_eq!(report.value, Some(kayles), "{words:?}: {report}");
    }
    // The script in the certificate changed to knock down one pin only:
    // a row of 2 then has the one option 1 + 0, and no longer value 2.
    let text = std::fs::read_to_string(dir.join("k.cert")).unwrap();
    assert!(text.contains("\ngame script "));
    let changed = text.replacen("for take in [1, 2]", "for take in [1]", 1);
    assert_ne!(changed, text, "the script's loop over the pins taken");
    let err = grundy_check::check_str(&changed).expect_err("other rules");
    assert!(err.to_string().contains("refused"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
