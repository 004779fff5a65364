//! `grundy sequence` and `grundy period` from the outside.

use std::process::Stdio;
use std::time::{Duration, Instant};

use super::common::grundy;
use assert_cmd::Command;
use predicates::prelude::*;

#[test]
fn sequence_of_a_code_and_of_catalog_games() {
    // OEIS A002187 shifted by one: Dawson's Kayles.
    grundy()
        .args(["sequence", "0.07", "--len", "10"])
        .assert()
        .success()
        .stdout("0 0 1 1 2 0 3 1 1 0\n");
    grundy()
        .args(["sequence", "kayles", "--len", "6", "--json"])
        .assert()
        .success()
        .stdout("{\"rule\":\"0.77\",\"values\":[0,1,2,3,1,4]}\n");
    grundy()
        .args(["sequence", "bash:3", "--len", "6"])
        .assert()
        .success()
        .stdout("0 1 2 3 0 1\n");
    grundy()
        .args(["sequence", "nim", "--len", "4", "--json"])
        .assert()
        .success()
        .stdout("{\"rule\":\"nim\",\"values\":[0,1,2,3]}\n");
}

#[test]
fn subtraction_sets_with_ranges_run_on_the_take_and_break_engine() {
    // {2, 3, 4, 5, 9} by the mex rule, written here from the rules.
    let set = [2usize, 3, 4, 5, 9];
    let mut g = Vec::new();
    for n in 0..40 {
        let seen: Vec<usize> = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let want: Vec<String> = g.iter().map(ToString::to_string).collect();
    grundy()
        .args(["sequence", "subtraction:2..5,9", "--len", "40", "--json"])
        .assert()
        .success()
        // The engine's rule (the code with digit 3 at each element), not the catalog's name.
        .stdout(format!(
            "{{\"rule\":\"0.033330003\",\"values\":[{}]}}\n",
            want.join(",")
        ));
    grundy()
        .args(["sequence", "subtraction:5..2", "--len", "4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("runs backwards"));
}

#[test]
fn period_of_dawsons_kayles_is_proven() {
    grundy()
        .args(["period", "0.07", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "\"rule\":\"0.07\",\"preperiod\":53,\"period\":34,\"proven\":true,\"values_computed\":176",
        ));
    grundy()
        .args(["period", "grundys-game", "--max", "500"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no period proven"));
}

#[test]
fn the_memory_announced_counts_the_pair_sets_of_splits_into_three() {
    // 2^20 values in a budget of 64 MiB: 2 MiB of values, and the pair
    // sets of 0.8's splits into three heaps get the other 62.
    let memory = |code: &str| {
        let out = grundy()
            .args(["period", code, "--max", "1048576", "--memory", "64M"])
            .args(["--max-time", "0.2"])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        err.lines().next().unwrap_or_default().to_string()
    };
    let hex = memory("0.8");
    assert!(hex.starts_with("memory: up to about 2 MB"), "{hex}");
    assert!(
        hex.ends_with("; plus up to 62 MB for the pair sets of splits into three heaps"),
        "{hex}"
    );
    let octal = memory("0.07");
    assert!(octal.starts_with("memory: up to about 2 MB"), "{octal}");
    assert!(!octal.contains("pair sets"), "{octal}");
}

#[test]
fn bad_codes_exit_2_with_one_line() {
    for bad in ["0.8x", "1.2.3", ""] {
        grundy().args(["sequence", bad]).assert().code(2).stderr(
            predicate::str::contains("take-and-break rule")
                .and(predicate::str::contains('\n').count(1)),
        );
        grundy().args(["period", bad]).assert().code(2);
    }
    grundy()
        .args(["analyze", "octal:0.8x", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`x`"));
}

#[test]
fn analyze_a_sum_of_heaps() {
    grundy()
        .args(["analyze", "octal:0.07", "5", "8", "13"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("grundy      3")
                .and(predicate::str::contains("take 2 split 2 9")),
        );
}

#[test]
fn killed_run_resumes_from_its_checkpoint_with_identical_values() {
    let dir = std::env::temp_dir().join(format!("grundy-ckpt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seq.ckpt");
    let _ = std::fs::remove_file(&file);
    let args = [
        "sequence",
        "0.6",
        "--len",
        "60000",
        "--checkpoint-every",
        "0",
    ];
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let mut child = std::process::Command::new(&bin)
        .args(args)
        .arg("--checkpoint")
        .arg(&file)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !file.exists() && start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(file.exists(), "no checkpoint written");
    // What a kill between writing and renaming leaves (process 1 is init).
    let partial = dir.join(".seq.ckpt.tmp-1");
    std::fs::write(&partial, "partial").unwrap();
    let resumed = grundy()
        .args(args)
        .arg("--checkpoint")
        .arg(&file)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resuming from"));
    let fresh = grundy().args(args).output().unwrap();
    assert!(fresh.status.success() && resumed.status.success());
    assert_eq!(resumed.stdout, fresh.stdout);
    assert!(!partial.exists(), "a killed save's temporary file stays");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The least (preperiod, period) of `g` whose periodic part is seen at
/// least three times, by trying every pair: the test's own oracle.
fn least_period(g: &[usize]) -> (usize, usize) {
    (1..g.len() / 3)
        .find_map(|p| {
            let pre = (0..g.len() - 3 * p).find(|&s| (s..g.len() - p).all(|i| g[i] == g[i + p]))?;
            Some((pre, p))
        })
        .unwrap()
}

#[test]
fn period_of_a_subtraction_game_is_proven() {
    // {2, 3, 4, 5, 9} by the mex rule, written here from the rules.
    let set = [2usize, 3, 4, 5, 9];
    let mut g = Vec::new();
    for n in 0..300 {
        let seen: Vec<usize> = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let (pre, p) = least_period(&g);
    grundy()
        .args(["period", "subtraction:2..5,9", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "\"preperiod\":{pre},\"period\":{p},\"proven\":true"
        )));
    // bash:3 goes through the catalog: its moves are inferred to be 0.333.
    grundy()
        .args(["period", "bash:3", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "\"preperiod\":0,\"period\":4,\"proven\":true",
        ));
}

/// `grundy` run from the workspace root, where the example scripts are.
fn at_root() -> Command {
    let mut c = grundy();
    c.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    c
}

#[test]
fn period_of_a_script_game_is_proven_for_the_code_its_moves_agree_with() {
    // Take 1, 2 or 4: G(n) = n mod 3 (n mod 3 is never 0 after taking 1, 2 or 4).
    at_root()
        .args(["period", "script:examples/take124.rhai", "--json"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\"preperiod\":0,\"period\":3,\"proven\":true").and(
                predicate::str::contains("\"theorem\":\"Guy-Smith for the code 0.3303\""),
            ),
        );
    at_root()
        .args(["period", "script:examples/take124.rhai"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "assuming the moves keep the shape seen on heaps up to",
        ));
}

#[test]
fn period_of_a_script_that_is_no_code_is_not_proven() {
    // Halving an even heap: a heap of 4 may become 2 + 2, a heap of 3 never 1 + 2.
    at_root()
        .args([
            "period",
            "script:examples/take124-or-halve.rhai",
            "--max",
            "2000",
            "--json",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("\"proven\":false").and(predicate::str::contains(
                "a heap of 3 are not those of the take-and-break code",
            )),
        );
}
