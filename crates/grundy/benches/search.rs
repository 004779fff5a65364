//! The generic search engine: positions solved per second.
//!
//! Misère play of a three-heap subtraction game (S = {1, 3, 4}) from heaps of
//! 150, 160 and 170: search must visit every sorted triple below, about
//! 0.7 million positions, since no theorem shortcuts misère play.
//!
//! The pruned search's Grundy value of empty Cram boards (4×9, 5×7), from
//! an empty table each time: the value alone, as `igsolve` computes it
//! (`grundy analyze` goes on to every move's outcome and a remoteness).
//! `cargo bench -p grundy --bench search -- cram`.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use grundy::games::cram::Cram;
use grundy::games::heaps::Heaps;
use grundy::games::subtraction::SubtractionRule;
use grundy::solve::Pruner;
use grundy::{Limits, Play, Searcher};

fn misere_subtraction(c: &mut Criterion) {
    let rule = Arc::new(SubtractionRule::parse("1,3,4").expect("valid set"));
    let root = Heaps::with_rule(rule, vec![150, 160, 170]);
    let positions = {
        let mut s = Searcher::new(Play::Misere);
        s.solve(&root).expect("within limits");
        s.positions_solved() as u64
    };
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions));
    group.bench_function(
        format!("misere subtraction:1,3,4 150 160 170 ({positions} positions)"),
        |b| {
            b.iter_batched(
                || Searcher::new(Play::Misere),
                |mut s| s.solve(&root).expect("within limits"),
                BatchSize::PerIteration,
            )
        },
    );
    group.finish();
}

fn pruned_cram(c: &mut Criterion) {
    let mut group = c.benchmark_group("pruned value");
    group.sample_size(10);
    for board in ["4x9", "5x7"] {
        let p: Cram = board.parse().expect("a board");
        group.bench_function(format!("cram {board}"), |b| {
            b.iter_batched(
                || Pruner::new(Limits::default()),
                |mut s| s.grundy(&p).expect("within limits"),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, misere_subtraction, pruned_cram);
criterion_main!(benches);
