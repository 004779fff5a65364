//! The same command prints the same bytes on every run, however loaded the
//! machine: every budget that shapes an answer counts work, not time. Eight
//! copies of each analysis run at once (as many as a loaded CI machine's
//! worth of contention) and must agree byte for byte with a run alone.

use std::process::Output;
use std::thread;

use crate::common::grundy;

/// Analyses whose remoteness or move list once depended on a quarter-second
/// clock (the quick remoteness search of a formula's answer, a sum's parts,
/// a wide position).
const ANALYSES: &[&[&str]] = &[
    &[
        "analyze",
        "--json",
        "--all-moves",
        "coins:mock-turtles",
        "5",
        "11",
        "14",
    ],
    &[
        "analyze", "--json", "sum", "nim", "3", "4", "+", "kayles", "7", "+", "chomp", "2x3",
    ],
    &[
        "analyze",
        "--json",
        "--all-moves",
        "nim",
        "3",
        "4",
        "5",
        "9",
    ],
    &["analyze", "--json", "--misere", "kayles", "4", "7", "9"],
];

fn run(args: &[&str]) -> Output {
    let out = grundy().args(args).output().expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// 4,000 Nim heaps: the quick remoteness search of such a wide position ran
/// for seconds past its quarter second; its budget now shrinks with the
/// position's size.
fn wide_nim() -> Vec<String> {
    let heaps = (0..4000).map(|i| (1 + i % 7).to_string());
    ["analyze", "--json", "nim"]
        .map(String::from)
        .into_iter()
        .chain(heaps)
        .collect()
}

#[test]
fn analyses_print_the_same_bytes_alone_and_eight_at_a_time() {
    let wide = wide_nim();
    let wide: Vec<&str> = wide.iter().map(String::as_str).collect();
    for args in ANALYSES.iter().copied().chain([wide.as_slice()]) {
        let alone = run(args).stdout;
        let crowd: Vec<Vec<u8>> = thread::scope(|s| {
            let runs: Vec<_> = (0..8).map(|_| s.spawn(|| run(args).stdout)).collect();
            runs.into_iter()
                .map(|r| r.join().expect("no panic"))
                .collect()
        });
        for (i, out) in crowd.iter().enumerate() {
            assert_eq!(
                String::from_utf8_lossy(out),
                String::from_utf8_lossy(&alone),
                "{args:?}: run {i} of 8 differs from the run alone"
            );
        }
    }
}
