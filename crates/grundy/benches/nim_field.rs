//! Nim arithmetic and coin-turning values through `grundy::api`.
//!
//! - `nim product`: `api::nimber::product` on 1024 pseudo-random operands
//!   below 2^16, 2^64 and 2^128 (the cost grows with the operands' width);
//! - `nim quotient`: `api::nimber::quotient`, an inverse and a product, on
//!   64 operands below 2^64 and 2^128;
//! - `moebius values`: the values of Möbius coin-turning for every coin
//!   the game takes (0 to 120), as `grundy sequence coins:moebius --len 121`
//!   computes them (`api::values::grid`): the game is built each time, so
//!   this is its whole table by the recursion, not a lookup.
//!
//! `cargo bench -p grundy --bench nim_field` (a short run: `-- --quick`).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::api::nimber::{product, quotient};
use grundy::api::values::{grid, Defaults, ShapeRequest};
use grundy::api::{Limits, Spec};

mod common;

/// 1024 operands of 128 bits from SplitMix64 (Steele, Lea and Flood 2014):
/// test data, any well-mixed numbers do.
fn inputs() -> Vec<u128> {
    let mut next = common::splitmix64(7);
    (0..1024)
        .map(|_| u128::from(next()) << 64 | u128::from(next()))
        .collect()
}

/// The XOR of the products of neighbours, operands cut to `mask`.
fn products(xs: &[u128], mask: u128) -> u128 {
    xs.windows(2).fold(0, |acc, w| {
        acc ^ product(black_box(w[0] & mask), w[1] & mask)
    })
}

fn field(c: &mut Criterion) {
    let xs = inputs();
    let mut g = c.benchmark_group("nim product x1023");
    for (bits, mask) in [(16, 0xFFFF), (64, u128::from(u64::MAX)), (128, u128::MAX)] {
        g.bench_function(format!("{bits}-bit"), |b| b.iter(|| products(&xs, mask)));
    }
    g.finish();
    let mut g = c.benchmark_group("nim quotient x64");
    for (bits, mask) in [(64, u128::from(u64::MAX)), (128, u128::MAX)] {
        g.bench_function(format!("{bits}-bit"), |b| {
            b.iter(|| {
                xs[..64].iter().fold(0, |acc, &x| {
                    let divisor = x & mask | 1;
                    acc ^ quotient(black_box(x.rotate_left(17) & mask), divisor).expect("not 0")
                })
            })
        });
    }
    g.finish();
}

fn coins(c: &mut Criterion) {
    let moebius = Spec::from("coins:moebius");
    let asked = ShapeRequest {
        len: Some(121),
        ..ShapeRequest::default()
    };
    c.bench_function("moebius values, 121 coins", |b| {
        b.iter(|| grid(&moebius, &asked, Defaults::default(), Limits::default()).expect("fits"))
    });
}

criterion_group!(benches, field, coins);
criterion_main!(benches);
