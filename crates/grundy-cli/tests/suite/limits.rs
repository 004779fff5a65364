//! Every limit kept (issue 42): a time limit stops every long command with
//! its error, huge inputs are refused or answered within memory, and no
//! output panics or allocates its whole text at once.

use std::process::Command as Std;

use crate::common::{grundy, refused_in_one_line};

/// Checks that `grundy ARGS` stops at its limit: exit code 2, nothing on
/// stdout, its last line on stderr (after the memory estimate) containing
/// `fragment`.
fn stopped_at_limit(args: &[&str], fragment: &str) {
    let out = grundy().args(args).output().expect("the binary runs");
    let err = String::from_utf8(out.stderr).expect("UTF-8 on stderr");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let last = err.trim_end().lines().last().unwrap_or_default();
    assert!(last.contains(fragment), "{args:?}: {err}");
}

#[test]
fn max_time_stops_sequence_and_period_with_their_error() {
    let max = u64::MAX.to_string();
    stopped_at_limit(
        &["period", "grundys-game", "--max", &max, "--max-time", "1"],
        "stopped at the time limit of 1 s",
    );
    stopped_at_limit(
        &[
            "sequence",
            "grundys-game",
            "--len",
            "100000000",
            "--max-time",
            "1",
        ],
        "raise it with --max-time",
    );
}

#[test]
fn a_move_text_past_64_kib_is_printed_whole() {
    let heap = format!("1{}", "0".repeat(70_000));
    let out = grundy()
        .args(["analyze", "wythoff", &heap, "1"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // The winning move takes 10^70000 - 1 from heap 1: its text is past
    // the 65,535 characters a format width holds.
    let nines = "9".repeat(69_999);
    assert!(text
        .lines()
        .any(|l| l.contains("take") && l.contains(&nines) && l.contains("->")));
}

#[test]
fn formulas_nested_past_the_limit_are_refused_in_one_line() {
    let deep = format!("{}n{}", "(".repeat(20_000), ")".repeat(20_000));
    refused_in_one_line(
        &["formula", "check", "--game", "nim", "--len", "10", &deep],
        "nests deeper than 256 levels",
    );
}

/// `grundy ARGS` under an address-space cap of `kb` KiB, through the shell's
/// `ulimit -v` (as tests/huge-inputs.sh runs them).
fn capped(kb: u64, args: &[&str]) -> std::process::Output {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    Std::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(bin)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn fibonacci_nim_of_a_huge_heap_answers_in_linear_memory() {
    // 20,000 digits: the list of every Fibonacci number below the heap took
    // about 400 MB; two at a time take a few hundred kilobytes.
    let heap = format!("7{}", "3".repeat(19_999));
    let out = capped(250_000, &["analyze", "fibonacci", &heap]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("terms (too long to write out"),
        "{}",
        &text[..400]
    );
}

#[test]
fn a_long_sequence_is_printed_without_its_whole_text_in_memory() {
    // 2 million values: their text as a String for each value and then one
    // joined text took 150 to 200 MB of address space here; streamed, the
    // run peaks at about 40 MB resident.
    let out = capped(
        120_000,
        &["sequence", "bash:3", "--len", "2000000", "--memory", "64M"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.split_ascii_whitespace().count(), 2_000_000);
    assert!(text.starts_with("0 1 2 3 0 1 2 3 0"));
}

#[test]
fn checkpoints_of_earlier_formats_or_the_other_engine_are_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("old.ckpt");
    let file_arg = file.to_str().unwrap();
    // Format 3, whose CRC-32 anyone who edits the file can fix up: refused
    // whatever its CRC says, with what to do.
    let old = "grundy-sequence 3\nwidth 16\nrule 0.6\ncount 0\nchecksum 00000000\ncrc 00000000\n\n";
    std::fs::write(&file, old).unwrap();
    let seq = ["sequence", "0.6", "--len", "100", "--checkpoint", file_arg];
    stopped_at_limit(&seq, "delete the file and run the command again");
    // A search's checkpoint, sealed and sound, is not a sequence's.
    std::fs::remove_file(&file).unwrap();
    let search = [
        "analyze",
        "--search",
        "cram",
        "3x3",
        "--checkpoint",
        file_arg,
    ];
    assert!(grundy().args(search).output().unwrap().status.success());
    assert!(std::fs::read(&file)
        .unwrap()
        .starts_with(b"grundy-checkpoint 4\nkind search\n"));
    stopped_at_limit(&seq, "a checkpoint of a search run, not of a sequence run");
    let _ = std::fs::remove_dir_all(&dir);
}
