//! Script games against the same game written in Rust: Grundy values of
//! heaps 0..N of "take 1, 2 or 4, or split an even heap into two equal
//! heaps", one memoised search each, so every position's moves are asked once.
//!
//! `cargo bench -p grundy --bench script` prints the time for N positions;
//! positions per second = N / time.

use std::fmt;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy::games::script::{Atom, Script, ScriptRules};
use grundy::heaps::{HeapRule, Heaps};
use grundy::{Play, Searcher};

const SOURCE: &str = include_str!("../../../examples/take124-or-halve.rhai");

/// The native game: a move is the heaps it leaves.
#[derive(Debug, PartialEq)]
struct Take124OrHalve;

#[derive(Clone, Debug, PartialEq, Eq)]
struct To(Vec<u64>);

impl fmt::Display for To {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl std::str::FromStr for To {
    type Err = String;
    fn from_str(_: &str) -> Result<To, String> {
        Err("not parsed in benchmarks".into())
    }
}

impl HeapRule for Take124OrHalve {
    type Move = To;
    fn name(&self) -> String {
        "take124-or-halve".into()
    }
    fn heap_moves(&self, n: u64) -> Vec<To> {
        let mut m: Vec<To> = [1, 2, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| To(vec![n - k]))
            .collect();
        if n >= 2 && n % 2 == 0 {
            m.push(To(vec![n / 2, n / 2]));
        }
        m
    }
    fn after(&self, _: u64, m: &To) -> Vec<u64> {
        m.0.clone()
    }
}

fn bench(c: &mut Criterion) {
    let rules = ScriptRules::new(Script::compile("take124-or-halve.rhai", SOURCE).unwrap());
    let native = Arc::new(Take124OrHalve);
    let mut group = c.benchmark_group("take124-or-halve");
    group.sample_size(10);
    for n in [10_000u64, 100_000] {
        group.throughput(Throughput::Elements(n));
        group.bench_with_input(BenchmarkId::new("script", n), &n, |b, &n| {
            b.iter(|| {
                let mut s = Searcher::new(Play::Normal);
                for k in 0..n {
                    s.grundy(&rules.position(vec![Atom::Int(k as i64)]))
                        .unwrap();
                }
            })
        });
        group.bench_with_input(BenchmarkId::new("native", n), &n, |b, &n| {
            b.iter(|| {
                let mut s = Searcher::new(Play::Normal);
                for k in 0..n {
                    s.grundy(&Heaps::with_rule(Arc::clone(&native), vec![k]))
                        .unwrap();
                }
            })
        });
    }
    group.finish();
    // The script engine alone: one call of `moves` per position, no search.
    let script = rules.script();
    let mut calls = c.benchmark_group("take124-or-halve-moves-calls");
    calls.sample_size(10);
    calls.throughput(Throughput::Elements(100_000));
    calls.bench_function("script", |b| {
        b.iter(|| {
            for k in 0..100_000 {
                script.moves(&Atom::Int(k)).unwrap();
            }
        })
    });
    calls.bench_function("native", |b| {
        b.iter(|| {
            for k in 0..100_000 {
                criterion::black_box(native.heap_moves(k));
            }
        })
    });
    calls.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
