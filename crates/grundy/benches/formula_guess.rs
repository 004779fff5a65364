//! The six formula discoveries of the formula_guess tests, timed: values by
//! brute force from the rules (tests/suite/common/brute.rs), then
//! `api::formula::guess_values` with the default options and the same
//! search ranges as the tests.
//!
//! `cargo bench -p grundy --bench formula_guess`

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::api::formula::{guess_values as guess, Cell, GuessOptions, Var};

#[path = "../tests/suite/common/brute.rs"]
#[allow(dead_code)]
mod brute;

use brute::Coins;

fn seq(values: &[u64]) -> (Vec<Cell>, Vec<u64>, GuessOptions) {
    let cells = (0..values.len() as u64)
        .map(|n| Cell {
            n,
            ..Cell::default()
        })
        .collect();
    (cells, values.to_vec(), GuessOptions::new(vec![Var::N]))
}

fn table(t: &[Vec<u64>], from: u64) -> (Vec<Cell>, Vec<u64>, GuessOptions) {
    let size = t.len() as u64;
    let coords = (from..from + size).flat_map(|i| (from..from + size).map(move |j| (i, j)));
    let cells = coords.map(|(i, j)| Cell { i, j, n: 0 }).collect();
    (cells, t.concat(), GuessOptions::new(vec![Var::I, Var::J]))
}

fn bench(c: &mut Criterion) {
    let odious: Vec<u64> = (0..128u64)
        .filter(|m| m.count_ones() % 2 == 1)
        .take(32)
        .collect();
    let cases = [
        ("nim i ^ j", table(&brute::nim_table(8), 0)),
        ("bash:3 n % 4", seq(&brute::bash_sequence(3, 32))),
        (
            "turning turtles n + 1",
            seq(&Coins::TurningTurtles.single_coin_values(8)),
        ),
        (
            "ruler lowbit(~n)",
            seq(&Coins::Ruler.single_coin_values(10)),
        ),
        ("mock turtles odious", seq(&odious)),
        ("e&d ctz(~(i - 1 | j - 1))", table(&brute::ed_table(8), 1)),
    ];
    let mut group = c.benchmark_group("formula_guess");
    group.sample_size(10);
    for (name, (cells, target, options)) in &cases {
        group.bench_function(*name, |b| {
            b.iter(|| {
                let report = guess(cells, target, options, |_| true);
                assert!(!report.found.is_empty(), "{name}");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
