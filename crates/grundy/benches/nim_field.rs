//! Nim multiplication and inverse, and single-coin value tables.
//!
//! Run: `cargo bench -p grundy --bench nim_field`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::coins::values::{NamedRule, RowValues};
use grundy::nimber::field::{nim_inv, nim_mul, nim_mul128, nim_mul_table_by_definition};

fn inputs() -> Vec<u64> {
    let mut rng = grundy::rng::SplitMix64::new(7);
    (0..1024).map(|_| rng.next_u64()).collect()
}

fn field(c: &mut Criterion) {
    let xs = inputs();
    c.bench_function("nim_mul 64-bit x1024", |b| {
        b.iter(|| {
            xs.windows(2)
                .fold(0, |acc, w| acc ^ nim_mul(black_box(w[0]), w[1]))
        })
    });
    c.bench_function("nim_mul 16-bit x1024", |b| {
        b.iter(|| {
            xs.windows(2).fold(0, |acc, w| {
                acc ^ nim_mul(black_box(w[0] & 0xFFFF), w[1] & 0xFFFF)
            })
        })
    });
    c.bench_function("nim_mul128 x1024", |b| {
        b.iter(|| {
            xs.windows(2).fold(0, |acc, w| {
                let a = u128::from(w[0]) << 64 | u128::from(w[1]);
                acc ^ nim_mul128(black_box(a), a.rotate_left(17))
            })
        })
    });
    c.bench_function("nim_inv 64-bit x64", |b| {
        b.iter(|| {
            xs[..64]
                .iter()
                .fold(0, |acc, &x| acc ^ nim_inv(black_box(x | 1)).unwrap())
        })
    });
    c.bench_function("nim products by definition, 32x32", |b| {
        b.iter(|| nim_mul_table_by_definition(black_box(32)))
    });
}

fn coins(c: &mut Criterion) {
    let moebius = NamedRule::parse("moebius").unwrap().rule;
    c.bench_function("moebius single-coin values, whole table", |b| {
        b.iter(|| RowValues::new(black_box(moebius)))
    });
}

criterion_group!(benches, field, coins);
criterion_main!(benches);
