//! The generic search engine: positions solved per second.
//!
//! Misère play of a three-heap subtraction game (S = {1, 3, 4}) from heaps of
//! 150, 160 and 170: search must visit every sorted triple below, about
//! 0.7 million positions, since no theorem shortcuts misère play.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use grundy::games::heaps::Heaps;
use grundy::games::subtraction::SubtractionRule;
use grundy::{Play, Searcher};

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

criterion_group!(benches, misere_subtraction);
criterion_main!(benches);
