//! Script games against the same rules given otherwise, all through
//! `grundy::api`. Two games:
//!
//! - `take124`: the subtraction game {1, 2, 4}, a simple game written with
//!   array literals (`examples/take124.rhai`), built in as
//!   `subtraction:1,2,4`;
//! - `take124-or-halve`: the same, or split an even heap into two equal
//!   heaps, written with `push` and `sum` (`examples/take124-or-halve.rhai`);
//!   no built-in game has these rules.
//!
//! Groups:
//! - `sequence-*`: G(0), …, G(N − 1) as `grundy sequence --len N` computes
//!   them (`api::sequence`). `script` is the rhai script, its calls spread
//!   over every core; `given` is the same solver fed by moves written in
//!   Rust (`Files::with_moves`, as the Python package gives a class's
//!   moves), so the ratio of the two is the cost of the script; `built-in`
//!   is `subtraction:1,2,4` on the take-and-break engine.
//! - `misere-take124`: `grundy analyze --misere --search` of the heaps
//!   40 50 60: the generic memoised search (which script games use for
//!   outcomes and remoteness), the script against `subtraction:1,2,4`.
//!
//! The old `moves-calls` group (the script's `moves` alone) is gone: `api`
//! has no call that runs a script's `moves` without a search around it.
//!
//! `cargo bench -p grundy --bench script` prints the time for N positions
//! and the rate in positions per second (`thrpt`); a short run:
//! `-- --quick`.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy::api::analyze::{analyze_by_search, AnalyzeOptions};
use grundy::api::sequence::{sequence, Hooks, SequenceOptions};
use grundy::api::{Atom, AtomMoves, Files, OptionList, Play, Spec};

const TAKE124: &str = include_str!("../../../examples/take124.rhai");
const TAKE124_OR_HALVE: &str = include_str!("../../../examples/take124-or-halve.rhai");

/// The rules in Rust: take 1, 2 or 4, and perhaps halve an even heap.
struct Take124 {
    halve: bool,
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

/// `script:NAME.rhai` with the script's text.
fn script(name: &str, source: &str) -> Spec {
    let path = format!("{name}.rhai");
    Spec {
        files: Files::default().with(&path, source),
        ..Spec::from(format!("script:{path}").as_str())
    }
}

/// `script:NAME` whose moves are `rules`.
fn given(name: &str, rules: Take124) -> Spec {
    Spec {
        files: Files::default().with_moves(name, Arc::new(rules)),
        ..Spec::from(format!("script:{name}").as_str())
    }
}

fn sequences(c: &mut Criterion, name: &str, games: &[(&str, Spec)]) {
    let mut group = c.benchmark_group(format!("sequence-{name}"));
    group.sample_size(10);
    let options = SequenceOptions::default();
    let run = |spec: &Spec, n: u64| {
        sequence(spec, n as usize, &options, Hooks::default()).expect("within limits")
    };
    // The games agree before they are timed.
    let first = run(&games[0].1, 1000).values;
    for (how, spec) in games {
        assert_eq!(run(spec, 1000).values.to_u64(), first.to_u64(), "{how}");
    }
    for n in [100_000u64, 1_000_000] {
        group.throughput(Throughput::Elements(n));
        for (how, spec) in games {
            group.bench_with_input(BenchmarkId::new(*how, n), spec, |b, spec| {
                b.iter(|| run(spec, n))
            });
        }
    }
    group.finish();
}

fn misere_search(c: &mut Criterion) {
    let options = AnalyzeOptions {
        play: Play::Misere,
        value_only: true,
        ..AnalyzeOptions::default()
    };
    let heaps = ["40", "50", "60"];
    let games = [
        ("script", script("take124", TAKE124)),
        ("built-in", Spec::from("subtraction:1,2,4")),
    ];
    let mut group = c.benchmark_group("misere-take124");
    group.sample_size(10);
    for (how, spec) in &games {
        let a = analyze_by_search(spec, &heaps, &options).expect("within limits");
        eprintln!("misère take124 40 50 60, {how}: {:?}", a.outcome);
        group.bench_function(*how, |b| {
            b.iter(|| analyze_by_search(spec, &heaps, &options).expect("within limits"))
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let take124 = [
        ("script", script("take124", TAKE124)),
        ("given", given("take124", Take124 { halve: false })),
        ("built-in", Spec::from("subtraction:1,2,4")),
    ];
    sequences(c, "take124", &take124);
    let halve = [
        ("script", script("take124-or-halve", TAKE124_OR_HALVE)),
        ("given", given("take124-or-halve", Take124 { halve: true })),
    ];
    sequences(c, "take124-or-halve", &halve);
    misere_search(c);
}

criterion_group!(benches, bench);
criterion_main!(benches);
