//! The guesser rediscovers six known closed forms from values computed by
//! brute force over the rules (tests/common/brute.rs), each then checked on
//! more values than it was found on.
//!
//! Sources of the expected formulas: solutions of Luogu P2148 [SDOI2009] E&D (
//! `ctz(~(i | j))` with indices from 0, so `(i-1)` and `(j-1)` for heaps
//! from 1); Nim (Bouton 1901); Bash (take 1 to 3: `n mod 4`); Winning Ways
//! ch. 14 for Turning Turtles (coin n from 0: n + 1), Ruler (the largest
//! power of 2 dividing n + 1) and Mock Turtles (the odious numbers, OEIS
//! A000069).

use crate::common;

use common::brute::{self, Coins};
use grundy::api::formula::{guess_values as guess, Cell, Expr, GuessOptions, Var};

fn table_cells(size: u64, from: u64) -> Vec<Cell> {
    let coords = (from..from + size).flat_map(|i| (from..from + size).map(move |j| (i, j)));
    coords.map(|(i, j)| Cell { i, j, n: 0 }).collect()
}

fn seq_cells(len: u64) -> Vec<Cell> {
    (0..len)
        .map(|n| Cell {
            n,
            ..Cell::default()
        })
        .collect()
}

fn holds(e: &Expr, cells: &[Cell], values: &[u64]) -> bool {
    cells.iter().zip(values).all(|(c, &v)| e.eval(c) == Some(v))
}

/// Guesses from the first `small` terms, accepting only formulas that also
/// hold on all of `values`.
fn guess_sequence(values: &[u64], small: usize) -> Vec<String> {
    let all = seq_cells(values.len() as u64);
    let options = GuessOptions::new(vec![Var::N]);
    let report = guess(&all[..small], &values[..small], &options, |e| {
        holds(e, &all, values)
    });
    let found: Vec<String> = report.found.iter().map(Expr::to_string).collect();
    eprintln!("found {found:?}");
    found
}

fn guess_table(table: &[Vec<u64>], small: usize, from: u64) -> Vec<String> {
    let size = table.len() as u64;
    let all = table_cells(size, from);
    let values: Vec<u64> = table.iter().flatten().copied().collect();
    let sub: Vec<Vec<u64>> = table[..small].iter().map(|r| r[..small].to_vec()).collect();
    let cells = table_cells(small as u64, from);
    let target: Vec<u64> = sub.iter().flatten().copied().collect();
    let options = GuessOptions::new(vec![Var::I, Var::J]);
    let report = guess(&cells, &target, &options, |e| holds(e, &all, &values));
    let found: Vec<String> = report.found.iter().map(Expr::to_string).collect();
    eprintln!("found {found:?}");
    found
}

#[test]
fn two_heap_nim_is_xor() {
    let found = guess_table(&brute::nim_table(16), 8, 0);
    assert_eq!(found, ["i ^ j"]);
}

#[test]
fn bash_three_is_n_mod_four() {
    let found = guess_sequence(&brute::bash_sequence(3, 64), 24);
    assert!(
        found.iter().any(|f| f == "n & 3" || f == "n % 4"),
        "{found:?}"
    );
}

#[test]
fn turning_turtles_coin_n_is_n_plus_one() {
    let found = guess_sequence(&Coins::TurningTurtles.single_coin_values(12), 8);
    assert!(found.contains(&"n + 1".to_string()), "{found:?}");
}

#[test]
fn ruler_coin_n_is_the_largest_power_of_two_dividing_n_plus_one() {
    let found = guess_sequence(&Coins::Ruler.single_coin_values(14), 10);
    assert!(!found.is_empty());
    for f in found {
        let e: Expr = f.parse().unwrap();
        // lowbit(n + 1) and lowbit(~n) are both right; check beyond brute force.
        let ok = (0..500u64).all(|n| {
            e.eval(&Cell {
                n,
                ..Cell::default()
            }) == Some(1 << (n + 1).trailing_zeros())
        });
        assert!(ok, "{f}");
    }
}

/// About 2.5 s of CPU in release (a size-9 formula), a minute in debug.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; run with --release")]
fn mock_turtles_coin_n_is_the_nth_odious_number() {
    // The odious numbers (OEIS A000069): odd popcount, by definition.
    let odious: Vec<u64> = (0..4096u64)
        .filter(|m| m.count_ones() % 2 == 1)
        .take(1024)
        .collect();
    // Brute force over the rules agrees on the first coins...
    assert_eq!(Coins::MockTurtles.single_coin_values(13), odious[..13]);
    // ... and formulas found on 32 terms must hold on 1024: a formula such as
    // 2n + popcount(ctz(popcount(n))) fits every brute-force value and fails at n = 255.
    let found = guess_sequence(&odious, 32);
    assert!(!found.is_empty());
}

/// About 5 s of CPU in release, far longer in debug: runs with
/// `cargo test --release -p grundy --test suite formula_guess -- --include-ignored`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; run with --release")]
fn ed_is_the_trailing_ones_formula() {
    let table = brute::ed_table(16);
    let found = guess_table(&table, 8, 1);
    assert!(!found.is_empty());
    let published: Expr = "ctz(~((i - 1) | (j - 1)))".parse().unwrap();
    assert!(holds(&published, &table_cells(16, 1), &table.concat()));
    for f in found {
        assert_eq!(f.parse::<Expr>().unwrap().size(), published.size(), "{f}");
    }
}
