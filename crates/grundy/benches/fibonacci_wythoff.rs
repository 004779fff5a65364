//! Classification of 100-digit Fibonacci Nim and Wythoff positions, and the
//! Wythoff value table.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::fibonacci::FibonacciNim;
use grundy::games::wythoff::{lower, wythoff_table, Wythoff};
use grundy::Solution;
use num_bigint::BigUint;

fn hundred_digits(seed: char) -> BigUint {
    let digits: String = std::iter::once(seed)
        .chain(
            "31415926535897932384626433832795028841971693993751"
                .chars()
                .cycle(),
        )
        .take(100)
        .collect();
    digits.parse().expect("digits")
}

fn classify(c: &mut Criterion) {
    let n = hundred_digits('7');
    let fib = FibonacciNim::new(n.clone(), BigUint::from(1_000_000u32)).expect("quota ≥ 1");
    c.bench_function("fibonacci: outcome, 100 digits", |b| {
        b.iter(|| black_box(&fib).outcome())
    });
    c.bench_function("fibonacci: winning move, 100 digits", |b| {
        b.iter(|| black_box(&fib).winning_move())
    });
    let k = hundred_digits('5');
    let a = lower(&k);
    let p = Wythoff::new(a.clone(), &a + &k);
    c.bench_function("wythoff: outcome, 100 digits", |b| {
        b.iter(|| black_box(&p).outcome())
    });
    let n = Wythoff::new(&a + 12345u32, &a + &k);
    c.bench_function("wythoff: every winning move, 100 digits", |b| {
        b.iter(|| black_box(&n).winning_moves())
    });
    let small = Wythoff::new(433_494_437u64, 701_408_733u64);
    c.bench_function("wythoff: outcome, heaps below 10^9", |b| {
        b.iter(|| black_box(&small).outcome())
    });
}

fn table(c: &mut Criterion) {
    let mut g = c.benchmark_group("wythoff table");
    g.sample_size(10);
    for n in [512usize, 2048] {
        g.bench_function(format!("{n}x{n}"), |b| b.iter(|| wythoff_table(n, n)));
    }
    g.finish();
}

criterion_group!(benches, classify, table);
criterion_main!(benches);
