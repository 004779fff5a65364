//! `grundy census` from the outside: the results directory, resuming,
//! shards and merging.

use std::fs;
use std::path::{Path, PathBuf};

use super::common::grundy;
use predicates::prelude::*;

/// A fresh directory under the target dir, removed first if left over.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("census-{name}"));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn census(dir: &Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    grundy()
        .args(["census", "octal:2", "--max", "1000", "--out"])
        .arg(dir)
        .args(extra)
        .assert()
}

fn read(dir: &Path, file: &str) -> String {
    fs::read_to_string(dir.join(file)).unwrap()
}

const FILES: [&str; 4] = ["census.csv", "census.jsonl", "classes.txt", "summary.txt"];

fn same_files(a: &Path, b: &Path) {
    for f in FILES {
        assert_eq!(read(a, f), read(b, f), "{f}");
    }
}

#[test]
fn a_census_writes_its_table_classes_and_summary() {
    let dir = scratch("full");
    census(&dir, &["--jobs", "2"])
        .success()
        .stdout(predicate::str::starts_with(
            "census octal:2, up to 1000 values a rule: 63 rules, ",
        ));
    let csv = read(&dir, "census.csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rule,preperiod,period,saltus,proven,values,largest,largest_at,checksum"
    );
    assert_eq!(lines.len(), 64);
    // OEIS A002186: Kayles (.77) has period 12 from heap 71; A002187: .07
    // is Dawson's Kayles, period 34 from heap 53.
    assert!(csv.contains("\n0.77,71,12,0,true,"), "{csv}");
    assert!(csv.contains("\n0.07,53,34,0,true,"), "{csv}");
    // .6 is unsolved (Winning Ways ch. 4; Flammenkamp): it runs to --max.
    assert!(csv.contains("\n0.6,,,,false,1000,"), "{csv}");
    assert_eq!(read(&dir, "census.jsonl").lines().count(), 63);
    assert_eq!(fs::read_dir(dir.join("rules")).unwrap().count(), 63);
    // 0.3, 0.5 and 0.7 all value a heap n by n mod 2.
    assert!(read(&dir, "classes.txt").contains("0.3 0.5 0.7: preperiod 0, period 2\n"));
}

#[test]
fn an_interrupted_census_resumes_with_the_same_files() {
    let (whole, cut) = (scratch("whole"), scratch("cut"));
    census(&whole, &[]).success();
    census(&cut, &[]).success();
    // As a run killed in the middle leaves it: rules missing, a partial write.
    fs::remove_file(cut.join("rules/0.77.json")).unwrap();
    fs::remove_file(cut.join("rules/0.6.json")).unwrap();
    fs::remove_file(cut.join("census.csv")).unwrap();
    // (Process 1 is init, never a census.)
    fs::write(cut.join("rules/.0.6.json.tmp-1"), "{\"rule\":").unwrap();
    census(&cut, &[])
        .success()
        .stderr(predicate::str::contains("61 rules done, 2 to do"));
    same_files(&whole, &cut);
    // The partial write is gone with the rule written whole.
    let names = |d: &Path| -> Vec<_> {
        let mut v: Vec<_> = fs::read_dir(d.join("rules"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&whole), names(&cut));
}

#[test]
fn shards_and_merged_directories_give_the_whole_census() {
    let (whole, one, two, merged) = (
        scratch("all"),
        scratch("shard1"),
        scratch("shard2"),
        scratch("merged"),
    );
    census(&whole, &[]).success();
    census(&one, &["--shard", "1/2"])
        .success()
        .stdout(predicate::str::contains("incomplete: 32 of 63 rules done"));
    census(&two, &["--shard", "2/2"]).success();
    grundy()
        .args(["census", "merge"])
        .arg(&one)
        .arg(&two)
        .arg("--out")
        .arg(&merged)
        .assert()
        .success();
    same_files(&whole, &merged);
    // Both shards in one directory complete it too.
    census(&one, &["--shard", "2/2"]).success();
    same_files(&whole, &one);
}

#[test]
fn bad_requests_get_one_line_and_exit_2() {
    let dir = scratch("bad");
    for (args, says) in [
        (vec!["octal:9"], "octal families have 1 to 8 digits"),
        (vec!["nim:3"], "neither `octal` nor `subtraction`"),
        (
            vec!["octal:2", "--max", "1000000000"],
            "the limit is 100000000",
        ),
        (vec!["octal:2", "--shard", "3/2"], "1 <= I <= N"),
        (vec!["octal:2", "--leading", "1"], "leading digit 1"),
        (vec!["subtraction:30"], "MAX from 1 to 20"),
    ] {
        grundy()
            .arg("census")
            .args(&args)
            .arg("--out")
            .arg(&dir)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says))
            .stderr(predicate::function(|e: &str| e.lines().count() == 1));
    }
    census(&dir, &["--shard", "1/63"]).success();
    grundy()
        .args(["census", "octal:2", "--max", "999", "--out"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "give another --out or the same flags",
        ));
}

#[test]
fn subtraction_families_name_their_sets() {
    let dir = scratch("subtraction");
    grundy()
        .args(["census", "subtraction:4", "--max", "500", "--out"])
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("15 rules, 15 proven, 0 open"));
    // Winning Ways ch. 4: S = {1, 3, 4} has period 7 (0 1 0 1 2 3 2) from 0.
    assert!(read(&dir, "census.csv").contains("\n\"subtraction:1,3,4\",0,7,0,true,"));
    assert!(dir.join("rules/subtraction-1-3-4.json").exists());
}
