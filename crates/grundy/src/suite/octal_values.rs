//! Grundy sequences of take-and-break games against published values
//! (`tests/data/octal.txt`, each block citing its source), by both engines;
//! and the naive and rare/common engines against each other.

use crate::solve::heap::code::HeapCode;
use crate::solve::heap::sequence::{Method, Sequence};
use crate::solve::period::PeriodWatch;

struct Block {
    source: String,
    rule: HeapCode,
    /// (heap, value) pairs.
    known: Vec<(usize, u32)>,
}

fn blocks() -> Vec<Block> {
    let text = include_str!("../../tests/data/octal.txt");
    let mut out = Vec::new();
    for chunk in text.split("\n\n") {
        let mut source = None;
        let mut rule = None;
        let mut offset = 0;
        let mut known = Vec::new();
        for line in chunk.lines() {
            if let Some(s) = line.strip_prefix("# Source:") {
                source = Some(s.trim().to_string());
            } else if line.starts_with('#') {
            } else if let Some(r) = line.strip_prefix("rule ") {
                rule = Some(r.parse::<HeapCode>().expect("rule parses"));
            } else if let Some(o) = line.strip_prefix("offset ") {
                offset = o.parse().unwrap();
            } else if let Some(a) = line.strip_prefix("at ") {
                let (n, v) = a.split_once(' ').unwrap();
                known.push((n.parse().unwrap(), v.parse().unwrap()));
            } else {
                for (i, v) in line
                    .split(',')
                    .map(str::trim)
                    .filter(|v| !v.is_empty())
                    .enumerate()
                {
                    known.push((offset + i, v.parse().unwrap()));
                }
            }
        }
        if let (Some(source), Some(rule)) = (source, rule) {
            out.push(Block {
                source,
                rule,
                known,
            });
        }
    }
    out
}

fn computed(rule: &HeapCode, method: Method, len: usize) -> Vec<u32> {
    let mut s = Sequence::new(rule.clone(), method);
    s.extend_to(len).unwrap();
    s.values().to_u32()
}

#[test]
fn published_values_hold_for_both_engines() {
    let blocks = blocks();
    assert!(blocks.len() >= 12, "data file has {} blocks", blocks.len());
    for b in &blocks {
        let len = b.known.iter().map(|&(n, _)| n + 1).max().unwrap();
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            let g = computed(&b.rule, method, len);
            for &(n, v) in &b.known {
                assert_eq!(
                    g[n], v,
                    "{} G({n}) by {method:?}; source: {}",
                    b.rule, b.source
                );
            }
        }
    }
}

#[test]
fn naive_and_sparse_agree_on_long_runs() {
    let codes = [
        "0.6", "0.16", "0.07", "0.77", "0.137", "0.4", "0.54", "0.354", "0.127", "0.56", "0.14",
        "0.165", "0.36", "0.72", "0.753", "4.4", "4.07", "0.106", "0.6111", "grundy",
    ];
    for code in codes {
        let rule: HeapCode = code.parse().unwrap();
        let naive = computed(&rule, Method::Naive, 3000);
        let sparse = computed(&rule, Method::Sparse, 3000);
        let first_diff = naive.iter().zip(&sparse).position(|(a, b)| a != b);
        assert_eq!(first_diff, None, "{code}: naive and sparse differ");
    }
}

/// Past the first block of pairs the sparse engine tests rare candidates one
/// by one (witness search); these runs are long enough to reach that path
/// for codes with many common values.
#[test]
fn naive_and_sparse_agree_past_the_first_block() {
    for (code, len) in [
        ("0.6", 12_000),
        ("grundy", 12_000),
        ("0.354", 8_000),
        ("0.16", 8_000),
    ] {
        let rule: HeapCode = code.parse().unwrap();
        let naive = computed(&rule, Method::Naive, len);
        let sparse = computed(&rule, Method::Sparse, len);
        let first_diff = naive.iter().zip(&sparse).position(|(a, b)| a != b);
        assert_eq!(first_diff, None, "{code}: naive and sparse differ");
    }
}

#[test]
fn long_runs_match_an_independent_program() {
    // Source: Fletcher-32 checksums of G(0..100000) printed by the peer
    // program ogsolve 0.0.7 (crates.io), `ogsolve -m rc2 -n 99999 CODE`.
    // Past 65,536 heaps the rare loop reads through its 16-bit window; 4.4
    // splits the heap itself, so the window ends below it.
    let sums = [
        ("0.6", 0x80F2_8C6C),
        ("0.16", 0xCE5F_1675),
        ("4.4", 0xF383_F9D6),
    ];
    for (code, sum) in sums {
        let g = computed(&code.parse().unwrap(), Method::Sparse, 100_000);
        assert_eq!(crate::solve::heap::checkpoint::checksum(&g), sum, "{code}");
    }
}

/// The proven (preperiod, period).
fn proven(code: &str, max: usize) -> Option<(usize, usize)> {
    let rule: HeapCode = crate::games::octal::code(code).unwrap();
    let mut watch = PeriodWatch::new(&rule)?;
    let mut s = Sequence::new(rule, Method::Auto);
    while s.len() < max {
        s.push().unwrap();
        if let Some(p) = watch.observe(s.values()) {
            return Some((p.preperiod, p.period));
        }
    }
    None
}

#[test]
fn published_periods_are_proven() {
    // OEIS A002187: .137 has period 34, last exception at n = 51; .07 is
    // shifted by one (last exception 52, so preperiod 53).
    assert_eq!(proven("0.137", 1000), Some((52, 34)));
    assert_eq!(proven("0.07", 1000), Some((53, 34)));
    // OEIS A002186: Kayles is periodic with period 12 from n = 71 (last exception 70).
    assert_eq!(proven("kayles", 1000), Some((71, 12)));
    // OEIS A071434: .1377 has period 24, last exception at n = 140.
    assert_eq!(proven("0.1377", 2000), Some((141, 24)));
    // OEIS A071435: .177 has period 20, last exception at n = 496.
    assert_eq!(proven("0.177", 3000), Some((497, 20)));
    // Winning Ways ch. 4: S = {1,3,4} has period 7 from 0.
    assert_eq!(proven("0.3033", 100), Some((0, 7)));
    // Grundy's game is not a finite code: no proof is attempted.
    assert_eq!(proven("grundy", 100), None);
}
