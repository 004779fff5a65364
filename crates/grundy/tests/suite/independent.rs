//! Random positions of every Nim-family game against brute force written here
//! from the rules alone: plain recursive functions over heap tuples that share
//! nothing with the library (not even its `Game` impls), so a wrong move
//! generator and a wrong formula cannot hide each other.

use crate::common;
use std::collections::HashMap;

use grundy::api::analyze::AnalyzeOptions;
use grundy::api::{Outcome, Play};
use proptest::prelude::*;

/// Whether the player to move wins, by the definition: some move reaches a
/// losing position; with no move, the mover loses (normal) or wins (misère).
fn wins(
    p: Vec<u64>,
    moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    misere: bool,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&w) = memo.get(&p) {
        return w;
    }
    let next = moves(&p);
    let w = if next.is_empty() {
        misere
    } else {
        next.into_iter().any(|q| !wins(q, moves, misere, memo))
    };
    memo.insert(p, w);
    w
}

fn take_from_one(p: &[u64], allowed: &dyn Fn(u64) -> bool) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for k in 1..=p[i] {
            if allowed(k) {
                let mut q = p.to_vec();
                q[i] -= k;
                out.push(q);
            }
        }
    }
    out
}

fn moore_moves(p: &[u64], k: usize) -> Vec<Vec<u64>> {
    // Every non-empty choice of at most k heaps, and every way to lower each.
    let mut out = Vec::new();
    let n = p.len();
    for mask in 1u32..(1 << n) {
        if mask.count_ones() as usize > k || (0..n).any(|i| mask >> i & 1 == 1 && p[i] == 0) {
            continue;
        }
        let chosen: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        let mut q = p.to_vec();
        fn lower(d: usize, chosen: &[usize], p: &[u64], q: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if d == chosen.len() {
                out.push(q.clone());
                return;
            }
            let i = chosen[d];
            for v in 0..p[i] {
                q[i] = v;
                lower(d + 1, chosen, p, q, out);
            }
            q[i] = p[i];
        }
        lower(0, &chosen, p, &mut q, &mut out);
    }
    out
}

fn staircase_moves(p: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for k in 1..=p[i] {
            let mut q = p.to_vec();
            q[i] -= k;
            if i > 0 {
                q[i - 1] += k;
            }
            out.push(q);
        }
    }
    out
}

fn library_outcome(spec: &str, p: &[u64], play: Play) -> Outcome {
    let words: Vec<String> = p.iter().map(u64::to_string).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let pos = common::game(spec).unwrap().parse(&words).unwrap();
    let options = AnalyzeOptions {
        play,
        ..AnalyzeOptions::default()
    };
    pos.analyze(&options).unwrap().outcome
}

fn expect(spec: &str, p: &[u64], play: Play, moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>) {
    let w = wins(p.to_vec(), moves, play == Play::Misere, &mut HashMap::new());
    let expected = if w { Outcome::Next } else { Outcome::Previous };
    assert_eq!(
        library_outcome(spec, p, play),
        expected,
        "{spec} {p:?} {play}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nim_normal_and_misere(p in prop::collection::vec(0u64..7, 1..4)) {
        expect("nim", &p, Play::Normal, &|p| take_from_one(p, &|_| true));
        expect("nim", &p, Play::Misere, &|p| take_from_one(p, &|_| true));
    }

    #[test]
    fn subtraction_1_3_4(p in prop::collection::vec(0u64..40, 1..3)) {
        expect("subtraction:1,3,4", &p, Play::Normal, &|p| take_from_one(p, &|k| [1, 3, 4].contains(&k)));
        expect("subtraction:1,3,4", &p, Play::Misere, &|p| take_from_one(p, &|k| [1, 3, 4].contains(&k)));
    }

    #[test]
    fn bash_5(p in prop::collection::vec(0u64..40, 1..3)) {
        expect("bash:5", &p, Play::Normal, &|p| take_from_one(p, &|k| k <= 5));
    }

    #[test]
    fn moore_2_and_3(p in prop::collection::vec(0u64..5, 1..5), k in 2usize..4) {
        let spec = format!("moore:{k}");
        expect(&spec, &p, Play::Normal, &|p| moore_moves(p, k));
    }

    #[test]
    fn staircase(p in prop::collection::vec(0u64..4, 1..5)) {
        expect("staircase", &p, Play::Normal, &staircase_moves);
    }
}
