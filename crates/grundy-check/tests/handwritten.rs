//! Certificates written by hand from the rules, and each broken on
//! purpose: the checker alone, with no grundy library.

use grundy_check::check_str;

fn cert(game: &str, body: &str) -> String {
    format!("grundy-certificate 1 value\ngame {game}\n{body}")
}

/// Chomp 2x2: eating the top right square leaves the P-position `2 1`;
/// the other two moves leave a bar of value 1 (`1 1` and its reflection `2`).
const CHOMP: &str = "root 2 2x2\nc 2 2x2\nc 0 2 1\nc 1 1 1\nend 3\n";

#[test]
fn chomp_2x2_is_2() {
    let r = check_str(&cert("chomp", CHOMP)).unwrap();
    assert_eq!(r.claim, "g(2x2) = 2");
    assert_eq!(r.entries, 3);
}

#[test]
fn a_wrong_value_names_its_line() {
    // `2 1` claimed 1: then 2x2 has no option of value 0 (the first entry
    // in the file that fails is named).
    let e = check_str(&cert("chomp", &CHOMP.replace("c 0 2 1", "c 1 2 1"))).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 4: entry `c 2 2x2` refused: no listed option has value 0"),
        "{e}"
    );
    // Claimed 1 after the root's entry: `2 1` is the first to fail.
    let swapped = "root 2 2x2\nc 1 2 1\nc 2 2x2\nc 1 1 1\nend 3\n";
    let e = check_str(&cert("chomp", swapped)).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 4: entry `c 1 2 1` refused: the option `take 1,0` has value 1 too"),
        "{e}"
    );
}

#[test]
fn a_missing_component_is_named() {
    let body = "root 2 all\nc 2 0,1,2\nc 1 2\nend 2\n";
    let e = check_str(&cert("node-kayles 0-1 1-2", body)).unwrap_err();
    assert!(
        e.to_string()
            .contains("`take 2` leads to a component not listed"),
        "{e}"
    );
    let body = "root 2 all\nc 2 0,1,2\nc 1 2\nc 1 0\nend 3\n";
    assert_eq!(
        check_str(&cert("node-kayles 0-1 1-2", body)).unwrap().claim,
        "g(all) = 2"
    );
}

#[test]
fn a_reply_must_lead_to_the_value() {
    // Nim 3 = *3: a reply to taking 1 must reach value 3; taking the
    // other 2 reaches 0.
    let body = "root 3 3\nc 3 3\nr heap 1: take 1 > heap 1: take 2\nc 1 1\nend 2\n";
    let e = check_str(&cert("nim", body)).unwrap_err();
    assert!(e.to_string().contains("leads to value 0, not 3"), "{e}");
}

#[test]
fn heap_moves_follow_the_code() {
    // Kayles (0.77): g(1) = 1, g(2) = 2, g(3) = 3 (a heap of 3 goes to
    // 2, 1, 1 + 1 or 1).
    let body = "root 3 3\nc 3 3\nc 2 2\nc 1 1\nend 3\n";
    assert_eq!(
        check_str(&cert("octal 0.77", body)).unwrap().claim,
        "g(3) = 3"
    );
    // A reply that is no move of 0.07 (which takes exactly two).
    let body = "root 1 3\nc 1 3\nr heap 1: take 2 > heap 1: take 1\nend 1\n";
    let e = check_str(&cert("octal 0.07", body)).unwrap_err();
    assert!(e.to_string().contains("is not a legal move"), "{e}");
}

#[test]
fn versions_and_truncation_are_refused() {
    let e = check_str("grundy-certificate 2 value\ngame nim\n").unwrap_err();
    assert!(e.to_string().contains("version 2"), "{e}");
    let e = check_str(&cert("chomp", &CHOMP.replace("end 3\n", ""))).unwrap_err();
    assert!(e.to_string().contains("ends where"), "{e}");
    let e = check_str(&cert("chomp", &CHOMP.replace("end 3", "end 4"))).unwrap_err();
    assert!(e.to_string().contains("counts 4 entries"), "{e}");
}

/// Chomp 2x2 (value 2) plus Nim 3 (value 3): a sum of value 1.
fn sum(root: &str) -> String {
    format!(
        "grundy-certificate 1 sum\nparts 2\n{}{}root {root}\nend\n",
        cert("chomp", CHOMP),
        cert("nim", "root 3 3\nc 3 3\nc 2 2\nc 1 1\nend 3\n")
    )
}

#[test]
fn a_sum_is_the_xor_of_its_parts_certified_each() {
    let r = check_str(&sum("1")).unwrap();
    assert_eq!(r.kind, "sum");
    assert_eq!(r.value, Some(1));
    assert_eq!(r.claim, "g(2x2) = 2, g(3) = 3; g(sum) = 1");
    assert_eq!(r.entries, 6);
    // The parts' XOR is 1, not 0 (2 + 3 read as a sum of values).
    let e = check_str(&sum("5")).unwrap_err();
    assert!(
        e.to_string()
            .contains("entry `root 5` refused: the parts' values add to 1"),
        "{e}"
    );
    // A part that does not hold fails the sum.
    let e = check_str(&sum("1").replace("c 0 2 1", "c 1 2 1")).unwrap_err();
    assert!(e.to_string().contains("refused"), "{e}");
    // A part must be a value certificate, and the count must be met.
    let e = check_str(&sum("1").replace("parts 2", "parts 3")).unwrap_err();
    assert!(
        e.to_string().contains("part 3 of 3: expected its header"),
        "{e}"
    );
    let bad = sum("1").replacen("1 value\ngame nim", "1 period\ngame nim", 1);
    let e = check_str(&bad).unwrap_err();
    assert!(e.to_string().contains("must be a value certificate"), "{e}");
    let e = check_str(&sum("1").replace("root 1\nend\n", "root 1\n")).unwrap_err();
    assert!(e.to_string().contains("ends where"), "{e}");
}

/// A script game as its certificate carries it: `game script N` and the
/// script's lines, each after `| `.
fn script_cert(script: &str, body: &str) -> String {
    let lines: Vec<&str> = script.lines().collect();
    let mut text = format!("grundy-certificate 1 value\ngame script {}\n", lines.len());
    for l in lines {
        text.push_str(&format!("| {l}\n"));
    }
    text + body
}

/// Take 1 or 2 (values n mod 3), written as a script.
const TAKE12: &str = "fn moves(n) {\n    let o = [];\n    if n >= 1 { o.push(n - 1); }\n    if n >= 2 { o.push(n - 2); }\n    o\n}";

/// g(4) = 1: 4 goes to 3 (value 0) and 2 (value 2).
const TAKE12_4: &str = "root 1 4\nc 1 4\nc 0 3\nc 2 2\nc 1 1\nend 4\n";

#[test]
fn a_script_certificate_runs_the_script_it_carries() {
    let r = check_str(&script_cert(TAKE12, TAKE12_4)).unwrap();
    assert_eq!((r.claim.as_str(), r.entries), ("g(4) = 1", 4));
    // A changed value, a reply to a move the script does not have (3 goes
    // to 2 or 1, not 0), and a reply that is no move (2 goes to 1 or 0).
    let e = check_str(&script_cert(TAKE12, &TAKE12_4.replace("c 2 2", "c 1 2"))).unwrap_err();
    assert!(
        e.to_string()
            .contains("the option `part 1: to 2` has value 1 too"),
        "{e}"
    );
    let body = TAKE12_4.replace("c 0 3\n", "c 0 3\nr part 1: to 0 > part 1: to 0\n");
    let e = check_str(&script_cert(TAKE12, &body)).unwrap_err();
    assert!(
        e.to_string()
            .contains("answers `part 1: to 0`, not a legal move"),
        "{e}"
    );
    let body = TAKE12_4.replace("c 0 3\n", "c 0 3\nr part 1: to 2 > part 1: to 2\n");
    let e = check_str(&script_cert(TAKE12, &body)).unwrap_err();
    assert!(
        e.to_string()
            .contains("the reply `part 1: to 2` to `part 1: to 2` (line 12) is not a legal move"),
        "{e}"
    );
    // The same entries under other rules: with take 1 only, 2 has the
    // single option 1, of value 1, so its value is 0, not 2.
    let take1 = "fn moves(n) { if n >= 1 { [n - 1] } else { [] } }";
    let e = check_str(&script_cert(take1, TAKE12_4)).unwrap_err();
    assert!(e.to_string().contains("refused"), "{e}");
}

#[test]
fn a_script_game_that_does_not_end_is_refused() {
    // A heap that may stay as it is: every claim of a value is circular,
    // and `c 0 5` answered by the same move would pass the local checks.
    let body = "root 0 5\nc 0 5\nr part 1: to 5 > part 1: to 5\nend 1\n";
    let e = check_str(&script_cert("fn moves(n) { [n] }", body)).unwrap_err();
    assert!(e.to_string().contains("the game does not end"), "{e}");
}

#[test]
fn a_failing_or_unsafe_script_is_refused() {
    let failing = "fn moves(n) { if n == 2 { throw \"no\"; } if n >= 1 { [n - 1] } else { [] } }";
    let body = "root 1 3\nc 1 3\nc 0 2\nc 1 1\nend 3\n";
    let e = check_str(&script_cert(failing, body)).unwrap_err();
    assert!(e.to_string().contains("moves(2) failed"), "{e}");
    let importing = "import \"x\" as x;\nfn moves(n) { [] }";
    let e = check_str(&script_cert(importing, "root 0 1\nend 0\n")).unwrap_err();
    assert!(e.to_string().contains("does not compile"), "{e}");
    // A script line without its `| `.
    let text = script_cert(TAKE12, TAKE12_4).replacen("| fn moves", "fn moves", 1);
    let e = check_str(&text).unwrap_err();
    assert!(e.to_string().contains("must start with `| `"), "{e}");
}
