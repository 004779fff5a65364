//! Fibonacci Nim and Wythoff's game against the literature (tests/data) and,
//! by property tests, at sizes far beyond search.

use super::common;
use crate::games::fibonacci::FibonacciNim;
use crate::games::heaps::Take;
use crate::games::wythoff::{lower, wythoff_table, Side, Wythoff, WythoffMove};
use crate::solution::Solution;
use crate::{mex, Game, Nimber, Outcome};
use num_bigint::BigUint;
use proptest::prelude::*;

/// The numbers of the line `name: ...` of a data file.
fn data(file: &str, name: &str) -> Vec<u64> {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("data file");
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name}:")))
        .unwrap_or_else(|| panic!("no `{name}` in {file}"));
    line.split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

#[test]
fn lower_wythoff_sequence() {
    for (k, &a) in data("wythoff.txt", "lower").iter().enumerate() {
        assert_eq!(lower(&(k as u64 + 1).into()), a.into());
    }
}

#[test]
fn grundy_values_from_the_literature() {
    let triangle = data("wythoff.txt", "triangle");
    let diagonal = data("wythoff.txt", "diagonal");
    let t = wythoff_table(71, 71);
    let mut it = triangle.iter();
    for (n, row) in t.iter().enumerate().take(12) {
        for (k, &value) in row.iter().enumerate().take(n + 1) {
            let expected = *it.next().unwrap();
            assert_eq!(u64::from(value), expected, "G({n}, {k})");
            assert_eq!(
                Wythoff::new(k as u64, n as u64).grundy(),
                Some(Nimber(expected))
            );
        }
    }
    for (n, &g) in diagonal.iter().enumerate() {
        assert_eq!(u64::from(t[n][n]), g, "G({n}, {n})");
    }
}

#[test]
fn fibonacci_starts_from_the_literature() {
    let losing = data("fibonacci_nim.txt", "losing_starts");
    for &n in losing.iter().skip(1) {
        let p = FibonacciNim::start(n.into()).unwrap();
        assert_eq!(p.outcome(), Outcome::Previous, "{n}");
        if !losing.contains(&(n + 1)) {
            let q = FibonacciNim::start((n + 1).into()).unwrap();
            assert_eq!(q.outcome(), Outcome::Next, "{}", n + 1);
        }
    }
    for n in data("fibonacci_nim.txt", "winning_starts") {
        assert_eq!(
            FibonacciNim::start(n.into()).unwrap().outcome(),
            Outcome::Next
        );
    }
}

/// F(i) by plain addition, independent of the library.
fn fib(i: usize) -> BigUint {
    let (mut a, mut b) = (BigUint::from(0u32), BigUint::from(1u32));
    for _ in 0..i {
        let c = &a + &b;
        a = b;
        b = c;
    }
    a
}

/// Whether a = ⌊k·φ⌋, by squaring, without square roots:
/// 2a − k < k√5 < 2a + 2 − k.
fn is_floor_k_phi(a: &BigUint, k: &BigUint) -> bool {
    let five_k2 = BigUint::from(5u32) * k * k;
    let below = {
        let two_a = a * 2u32;
        two_a < *k || {
            let d = &two_a - k;
            &d * &d < five_k2
        }
    };
    let top = a * 2u32 + 2u32 - k; // positive whenever a ≥ k/2, as ⌊kφ⌋ is
    below && top.clone() * top > five_k2
}

fn big(digits: &str) -> BigUint {
    digits.parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn huge_fibonacci_starts_lose(i in 100usize..1200) {
        let n = fib(i);
        prop_assert_eq!(FibonacciNim::start(n.clone()).unwrap().outcome(), Outcome::Previous);
        prop_assert_eq!(FibonacciNim::start(n + 1u32).unwrap().outcome(), Outcome::Next);
    }

    #[test]
    fn fibonacci_winning_moves_lead_to_p(n in "[1-9][0-9]{100,140}", q in "[1-9][0-9]{0,60}", t in 1u64..1000) {
        let p = FibonacciNim::new(big(&n), big(&q)).unwrap();
        match p.winning_move() {
            Some(m) => {
                prop_assert_eq!(p.outcome(), Outcome::Next);
                prop_assert!(p.legal(&m));
                prop_assert_eq!(p.play(&m).outcome(), Outcome::Previous);
            }
            None => {
                // A P-position: sampled moves, and the largest one, all lead to N.
                prop_assert_eq!(p.outcome(), Outcome::Previous);
                let top = p.quota().clone();
                for m in [Take(t.into()), Take(top)] {
                    if p.legal(&m) {
                        prop_assert_eq!(p.play(&m).outcome(), Outcome::Next);
                    }
                }
            }
        }
    }

    #[test]
    fn huge_wythoff_pairs_are_p(k in "[1-9][0-9]{100,150}") {
        let k = big(&k);
        let a = lower(&k);
        prop_assert!(is_floor_k_phi(&a, &k));
        let b = &a + &k;
        prop_assert_eq!(Wythoff::new(a.clone(), b.clone()).outcome(), Outcome::Previous);
        prop_assert_eq!(Wythoff::new(b.clone(), a.clone()).outcome(), Outcome::Previous);
        prop_assert_eq!(Wythoff::new(&a + 1u32, b.clone()).outcome(), Outcome::Next);
        prop_assert_eq!(Wythoff::new(a, b - 1u32).outcome(), Outcome::Next);
    }

    #[test]
    fn wythoff_moves_by_formula(a in "[0-9]{1,120}", b in "[0-9]{1,120}", t in 1u64..10_000, side in 0usize..3) {
        let p = Wythoff::new(big(&a), big(&b));
        let winning = p.winning_moves();
        prop_assert_eq!(winning.is_empty(), p.outcome() == Outcome::Previous);
        for m in &winning {
            prop_assert!(p.legal(m));
            prop_assert_eq!(p.play(m).outcome(), Outcome::Previous);
        }
        // A sampled move: P-positions only lead to N-positions.
        let side = [Side::First, Side::Second, Side::Both][side];
        let m = WythoffMove { from: side, count: t.into() };
        if p.outcome() == Outcome::Previous && p.legal(&m) {
            prop_assert_eq!(p.play(&m).outcome(), Outcome::Next);
        }
    }

    #[test]
    fn wythoff_value_is_the_mex_of_its_options(a in 0u64..120, b in 0u64..120) {
        let p = Wythoff::new(a, b);
        let options: Vec<Nimber> = p.moves().iter().map(|m| p.play(m).grundy().unwrap()).collect();
        prop_assert_eq!(p.grundy(), Some(mex(options)));
    }

    #[test]
    fn positions_print_as_they_parse(a in "[0-9]{1,80}", b in "[1-9][0-9]{0,80}") {
        for (game, words) in [("wythoff", vec![a.as_str(), b.as_str()]), ("fibonacci", vec![a.as_str(), b.as_str()])] {
            let g = common::game(game).unwrap();
            let p = g.parse(&words).unwrap();
            let again: Vec<String> = p.to_string().split_whitespace().map(String::from).collect();
            let again: Vec<&str> = again.iter().map(String::as_str).collect();
            prop_assert_eq!(g.parse(&again).unwrap().to_string(), p.to_string());
        }
    }
}
