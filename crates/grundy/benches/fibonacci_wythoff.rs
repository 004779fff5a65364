//! Fibonacci Nim and Wythoff's game on 100-digit heaps through `grundy::api`,
//! as `grundy analyze` answers them (the closed forms: Zeckendorf and
//! Beatty sequences), and the Wythoff value table as `grundy table wythoff`
//! computes it.
//!
//! - `fibonacci/wythoff: outcome`: `grundy analyze --value-only`;
//! - `every winning move`: `grundy analyze` (parsing the words included);
//! - `wythoff table/NxN`: `api::values::grid`, G(i, j) for i, j < N.
//!
//! `cargo bench -p grundy --bench fibonacci_wythoff` (a short run:
//! `-- --quick`).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::api::analyze::{analyze, AnalyzeOptions};
use grundy::api::values::{grid, Defaults, ShapeRequest};
use grundy::api::{Limits, Outcome, Spec};
use num_bigint::BigUint;

/// 100 decimal digits: `seed` then the digits of π.
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

/// ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋, the smaller heap of Wythoff's `k`-th
/// P-position (Wythoff 1907), in integers: the bench's own, so that the
/// position it times as a P-position is not the library's word for it.
fn lower(k: &BigUint) -> BigUint {
    (k + (BigUint::from(5u32) * k * k).sqrt()) / 2u32
}

fn value_only() -> AnalyzeOptions {
    AnalyzeOptions {
        value_only: true,
        ..AnalyzeOptions::default()
    }
}

fn bench_position(c: &mut Criterion, name: &str, spec: &Spec, words: &[String]) {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (outcome, full) = (value_only(), AnalyzeOptions::default());
    let a = analyze(spec, &words, &full).expect("a closed form");
    eprintln!(
        "{name}: {:?}, {} winning moves, by {}",
        a.outcome,
        a.winning_moves.len(),
        a.method
    );
    c.bench_function(&format!("{name}: outcome"), |b| {
        b.iter(|| analyze(spec, black_box(&words), &outcome).expect("a closed form"))
    });
    c.bench_function(&format!("{name}: every winning move"), |b| {
        b.iter(|| analyze(spec, black_box(&words), &full).expect("a closed form"))
    });
}

fn classify(c: &mut Criterion) {
    let n = hundred_digits('7');
    let fibonacci = Spec::from("fibonacci");
    let words = [n.to_string(), "1000000".to_string()];
    bench_position(c, "fibonacci, 100 digits", &fibonacci, &words);
    let wythoff = Spec::from("wythoff");
    let k = hundred_digits('5');
    let a = lower(&k);
    let p = [a.to_string(), (&a + &k).to_string()];
    let answer = analyze(&wythoff, &[&p[0], &p[1]], &value_only()).expect("a closed form");
    assert_eq!(
        answer.outcome,
        Outcome::Previous,
        "(⌊kφ⌋, ⌊kφ⌋ + k) is lost"
    );
    bench_position(c, "wythoff P, 100 digits", &wythoff, &p);
    let n = [(&a + 12345u32).to_string(), (&a + &k).to_string()];
    bench_position(c, "wythoff N, 100 digits", &wythoff, &n);
    let small = ["433494437".to_string(), "701408733".to_string()];
    bench_position(c, "wythoff, heaps below 10^9", &wythoff, &small);
}

fn table(c: &mut Criterion) {
    let mut g = c.benchmark_group("wythoff table");
    g.sample_size(10);
    let wythoff = Spec::from("wythoff");
    for n in [512u64, 1024] {
        let asked = ShapeRequest {
            rows: Some(n),
            cols: Some(n),
            ..ShapeRequest::default()
        };
        g.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| grid(&wythoff, &asked, Defaults::default(), Limits::default()).expect("fits"))
        });
    }
    g.finish();
}

criterion_group!(benches, classify, table);
criterion_main!(benches);
