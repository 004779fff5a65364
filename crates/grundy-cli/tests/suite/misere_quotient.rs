//! `grundy misere quotient`, `genus` and `canonical` end to end: the text, the JSON, and bad input
//! (one line on stderr, exit 2).

use super::common::{grundy, refused_in_one_line};
use serde_json::Value;

/// What `grundy ARGS` prints, after checking that it succeeded.
fn stdout(args: &[&str]) -> Vec<u8> {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn text(args: &[&str]) -> String {
    String::from_utf8(stdout(args)).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_slice(&stdout(args)).unwrap()
}

#[test]
fn genus_names_each_heap_tame_restive_restless_or_wild() {
    let text = text(&["misere", "genus", "kayles", "4..7"]);
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    assert_eq!(
        lines,
        [
            "4  1^{031}  tame (fickle)",
            "5  4^{146}  restless",
            "6  3^{31}   tame (firm)",
            "7  2^{20}   wild",
        ],
        "{text}"
    );
    let kinds = |args: &[&str]| -> Vec<String> {
        let v = json(args);
        let rows = v["rows"].as_array().unwrap();
        rows.iter()
            .map(|r| r["kind"].as_str().unwrap().to_string())
            .collect()
    };
    // 0.75's heap of 5 is 1^{431}: its options are tame, its g is 1.
    assert_eq!(
        kinds(&["misere", "genus", "0.75", "4..5", "--json"]),
        ["firm", "restive"]
    );
}

#[test]
fn misere_nim_up_to_three_is_t6() {
    let text = text(&["misere", "quotient", "nim", "--max-heap", "3"]);
    assert!(text.contains("order       6"), "{text}");
    assert!(text.contains("relations   a^2 = 1, b^3 = b"), "{text}");
    assert!(text.contains("P-portion   a b^2"), "{text}");
    assert!(text.contains("3:ab"), "{text}");
}

#[test]
fn json_has_the_documented_keys() {
    let v = json(&["misere", "quotient", "kayles", "--max-heap", "6", "--json"]);
    for key in [
        "game",
        "max_heap",
        "order",
        "presentation",
        "generators",
        "relations",
        "elements",
        "p_portion",
        "heaps",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["order"].as_u64().unwrap() % 2, 0);
    assert_eq!(v["heaps"].as_array().unwrap().len(), 7);
    assert_eq!(v["generators"][0]["heap"], 1);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    // (arguments after `misere quotient`, a fragment of the one line).
    let cases: [(&[&str], &str); 7] = [
        (&["0.8x", "--max-heap", "3"], "not a digit"),
        (&["kayles"], "--max-heap"),
        (&["kayles", "--max-heap", "-1"], "'-1'"),
        (
            &["kayles", "--max-heap", "5000"],
            "beyond the limit of 1000",
        ),
        (
            &["kayles", "--max-heap", "30", "--max-states", "1000"],
            "--max-states",
        ),
        (
            &["nim", "--max-heap", "3", "--max-order", "4"],
            "--max-order",
        ),
        (
            &["kayles", "--max-heap", "40", "--max-time", "0.01"],
            "--max-time",
        ),
    ];
    for (args, fragment) in cases {
        refused_in_one_line(&[&["misere", "quotient"], args].concat(), fragment);
    }
}

#[test]
fn analyze_names_the_quotient() {
    let out = grundy()
        .args(["analyze", "--json", "--misere", "kayles"])
        .args(["8", "6"].repeat(10))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["method"], "quotient");
    assert_eq!(v["outcome"], "P");
}

#[test]
fn a_proven_period_is_printed_and_in_the_json() {
    let text = text(&["misere", "quotient", "0.312", "--max-heap", "12"]);
    assert!(text.contains("stable      heaps n ≥ "), "{text}");
    assert!(text.contains("sums of heaps of every size"), "{text}");
    let v = json(&["misere", "quotient", "0.312", "--max-heap", "12", "--json"]);
    let n0 = v["stable"]["preperiod"].as_u64().unwrap();
    let p = v["stable"]["period"].as_u64().unwrap();
    // The heap table repeats as claimed within the bound.
    let heaps = v["heaps"].as_array().unwrap();
    for n in (n0 + p) as usize..heaps.len() {
        assert_eq!(heaps[n]["element"], heaps[n - p as usize]["element"], "{n}");
    }
}

#[test]
fn without_a_proven_period_there_is_no_claim_beyond_the_bound() {
    let text = text(&["misere", "quotient", "kayles", "--max-heap", "8"]);
    assert!(
        text.contains("no period proven within heaps up to 8"),
        "{text}"
    );
    assert!(!text.contains("stable"), "{text}");
    let v = json(&["misere", "quotient", "kayles", "--max-heap", "8", "--json"]);
    assert!(v["stable"].is_null(), "{v}");
}

#[test]
fn analyze_answers_large_heaps_from_a_stable_quotient() {
    let v = json(&[
        "analyze",
        "--json",
        "--misere",
        "octal:0.312",
        "4",
        "40",
        "25",
    ]);
    assert_eq!(v["method"], "quotient", "{v}");
    let why = v.to_string();
    assert!(why.contains("heaps of any size"), "{why}");
}

#[test]
fn a_period_proved_early_covers_a_large_bound() {
    // The quotient stops at the bound the period is proved at; the heap
    // map up to the bound asked follows the period.
    let v = json(&["misere", "quotient", "0.31", "--max-heap", "200", "--json"]);
    assert_eq!(v["max_heap"], 200);
    assert_eq!(v["heaps"].as_array().unwrap().len(), 201);
    assert!(v["stable"]["proved_at"].as_u64().unwrap() < 200, "{v}");
}

#[test]
fn simplest_forms_past_their_limits_are_refused_in_one_line() {
    // A form is a DAG; written out as a tree, Kayles 20's is over 10^9
    // characters long. Kayles 60's forms fill any memory before that.
    let cases: [(&[&str], &str); 2] = [
        (&["kayles", "20"], "characters"),
        (&["kayles", "60", "--memory", "16M"], "--memory"),
    ];
    for (args, fragment) in cases {
        refused_in_one_line(&[&["misere", "canonical"], args].concat(), fragment);
    }
    let out = grundy()
        .args(["misere", "canonical", "kayles", "7", "--memory", "16M"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("form        *["), "{text}");
}

#[test]
fn analyze_answers_large_misere_kayles_sums_by_the_shipped_quotient() {
    // Sums the search cannot finish (issue 45): by the shipped quotient,
    // every move valued.
    for heaps in [
        &["40", "40"][..],
        &[
            "5", "9", "12", "17", "20", "25", "30", "33", "40", "41", "50", "60",
        ],
    ] {
        let v = json(&[&["analyze", "--json", "--misere", "kayles"], heaps].concat());
        assert_eq!(v["method"], "quotient", "{heaps:?}");
        assert_eq!(v["winning_moves_complete"], true, "{heaps:?}");
    }
}

#[test]
fn misere_coin_rows_by_the_array_match_the_search() {
    // The subset array (`analyze`) against exhaustive search (`--search`):
    // outcome, remoteness and every winning move.
    for heads in [&["3", "9", "11"][..], &["0", "4", "5", "10"], &["12"]] {
        let args = [
            &["analyze", "--json", "--misere", "coins:mock-turtles"],
            heads,
        ]
        .concat();
        let by_array = json(&args);
        let by_search = json(&[&args[..], &["--search"]].concat());
        for key in ["outcome", "remoteness", "winning_moves"] {
            assert_eq!(by_array[key], by_search[key], "{heads:?} {key}");
        }
    }
}
