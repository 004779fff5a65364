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
