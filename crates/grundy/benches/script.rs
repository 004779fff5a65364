//! Script games against the same games written in Rust: Grundy values of
//! heaps 0..N, every position's moves asked once. Two games:
//!
//! - `take124`: the subtraction game {1, 2, 4}, a simple game written with
//!   array literals (`examples/take124.rhai`);
//! - `take124-or-halve`: the same, or split an even heap into two equal
//!   heaps, written with `push` and `sum` (`examples/take124-or-halve.rhai`).
//!
//! Groups:
//! - `solver-*/script` is what `grundy sequence`, `table` and `analyze` use
//!   for Grundy values of script games: [`AtomSolver`], script calls spread
//!   over every core; `solver-*/native` is the same solver fed by the game
//!   written in Rust, so the ratio of the two is the cost of the script.
//! - `searcher/*` is the generic memoised search (which script games use for
//!   outcomes and remoteness), for comparison.
//! - `moves-calls/*` times the calls of `moves` alone, on one core.
//!
//! `cargo bench -p grundy --bench script` prints the time for N positions
//! and the rate in positions per second (`thrpt`).

use std::fmt;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy::games::heaps::{HeapRule, Heaps};
use grundy::games::script::{Atom, OptionList, Script, ScriptRules};
use grundy::solve::batched::{AtomMoves, AtomSolver};
use grundy::{Limits, Play, Searcher};

const TAKE124: &str = include_str!("../../../examples/take124.rhai");
const TAKE124_OR_HALVE: &str = include_str!("../../../examples/take124-or-halve.rhai");

/// The native games: take 1, 2 or 4, and perhaps halve an even heap.
#[derive(Debug, PartialEq)]
struct Take124 {
    halve: bool,
}

/// A move: the heaps it leaves.
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

impl HeapRule for Take124 {
    type Move = To;
    fn name(&self) -> String {
        "take124".into()
    }
    fn heap_moves(&self, n: u64) -> Vec<To> {
        let mut m: Vec<To> = [1, 2, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| To(vec![n - k]))
            .collect();
        if self.halve && n >= 2 && n.is_multiple_of(2) {
            m.push(To(vec![n / 2, n / 2]));
        }
        m
    }
    fn after(&self, _: u64, m: &To) -> Vec<u64> {
        m.0.clone()
    }
}

impl AtomMoves for Take124 {
    fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
        let Atom::Int(n) = *atom else {
            return Err("a heap is one number".to_string());
        };
        for k in [1, 2, 4] {
            if k <= n {
                list.atoms.push(Atom::Int(n - k));
                list.ends.push(list.atoms.len());
            }
        }
        if self.halve && n >= 2 && n % 2 == 0 {
            list.atoms.extend([Atom::Int(n / 2), Atom::Int(n / 2)]);
            list.ends.push(list.atoms.len());
        }
        Ok(())
    }
}

fn heaps(n: u64) -> Vec<Vec<Atom>> {
    (0..n as i64).map(|k| vec![Atom::Int(k)]).collect()
}

fn solver(c: &mut Criterion, name: &str, source: &str, native: &Take124) {
    let script = Script::compile(name, source).unwrap();
    let mut group = c.benchmark_group(format!("solver-{name}"));
    group.sample_size(10);
    for n in [100_000u64, 1_000_000] {
        group.throughput(Throughput::Elements(n));
        let roots = heaps(n);
        group.bench_with_input(BenchmarkId::new("script", n), &roots, |b, roots| {
            b.iter(|| AtomSolver::new(&script, Limits::default()).values(roots))
        });
        group.bench_with_input(BenchmarkId::new("native", n), &roots, |b, roots| {
            b.iter(|| AtomSolver::new(native, Limits::default()).values(roots))
        });
    }
    group.finish();
}

fn searcher(c: &mut Criterion) {
    let rules = ScriptRules::new(Script::compile("h.rhai", TAKE124_OR_HALVE).unwrap());
    let native = Arc::new(Take124 { halve: true });
    let n = 100_000u64;
    let mut group = c.benchmark_group("searcher-take124-or-halve");
    group.sample_size(10);
    group.throughput(Throughput::Elements(n));
    group.bench_function(BenchmarkId::new("script", n), |b| {
        b.iter(|| {
            let mut s = Searcher::new(Play::Normal);
            for k in 0..n {
                s.grundy(&rules.position(vec![Atom::Int(k as i64)]))
                    .unwrap();
            }
        })
    });
    group.bench_function(BenchmarkId::new("native", n), |b| {
        b.iter(|| {
            let mut s = Searcher::new(Play::Normal);
            for k in 0..n {
                s.grundy(&Heaps::with_rule(Arc::clone(&native), vec![k]))
                    .unwrap();
            }
        })
    });
    group.finish();
}

fn calls(c: &mut Criterion) {
    let mut group = c.benchmark_group("moves-calls");
    group.sample_size(10);
    group.throughput(Throughput::Elements(100_000));
    for (name, source) in [("take124", TAKE124), ("take124-or-halve", TAKE124_OR_HALVE)] {
        let script = Script::compile(name, source).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| {
                for k in 0..100_000 {
                    script.moves(&Atom::Int(k)).unwrap();
                }
            })
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    solver(c, "take124", TAKE124, &Take124 { halve: false });
    solver(
        c,
        "take124-or-halve",
        TAKE124_OR_HALVE,
        &Take124 { halve: true },
    );
    searcher(c);
    calls(c);
}

criterion_group!(benches, bench);
criterion_main!(benches);
