//! The search engines as `grundy analyze` reaches them, through `grundy::api`.
//!
//! - `search/misere subtraction:1,3,4 150 160 170`: the outcome in misère
//!   play of three heaps of the subtraction game S = {1, 3, 4}, asked as
//!   `grundy analyze --misere --value-only --search` asks it: the full
//!   search visits every sorted triple below, about 0.7 million positions,
//!   since no theorem shortcuts misère play here. The throughput is in
//!   positions stored, as the search's progress counters report them.
//! - `pruned value/cram RxC`: the Grundy value of an empty Cram board, as
//!   `grundy analyze cram 4x9 --value-only` asks it (the pruned search, from
//!   an empty table each time; `igsolve` computes the same). Without
//!   `--value-only` the analysis goes on to every move's outcome and a
//!   remoteness.
//!
//! `cargo bench -p grundy --bench search` (one group: `-- cram`; a short
//! run: `-- --quick`).

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::api::analyze::{analyze, analyze_watched, AnalyzeOptions, SearchHooks};
use grundy::api::{Play, Progress, Spec};

/// What `--misere --value-only` sets.
fn misere_value_only() -> AnalyzeOptions {
    AnalyzeOptions {
        play: Play::Misere,
        value_only: true,
        ..AnalyzeOptions::default()
    }
}

fn misere_subtraction(c: &mut Criterion) {
    let spec = Spec::from("subtraction:1,3,4");
    let words = ["150", "160", "170"];
    let options = misere_value_only();
    // One watched run, for the positions the search stores (the answer is
    // the same in every run: the search counts work, not time).
    let progress = Arc::new(Progress::default());
    let hooks = SearchHooks {
        progress: Some(Arc::clone(&progress)),
        checkpoint: None,
    };
    let a = analyze_watched(&spec, &words, &options, true, hooks).expect("within limits");
    let positions = progress.read().stored;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions.max(1)));
    eprintln!("misère 150 160 170: {:?}, by {}", a.outcome, a.method);
    group.bench_function(
        format!("misere subtraction:1,3,4 150 160 170 ({positions} positions)"),
        |b| {
            b.iter(|| {
                let hooks = SearchHooks::default();
                analyze_watched(&spec, &words, &options, true, hooks).expect("within limits")
            })
        },
    );
    group.finish();
}

fn pruned_cram(c: &mut Criterion) {
    let spec = Spec::from("cram");
    // What `--value-only` sets; `--search` is not needed: Cram's formula
    // covers only some boards, and these two are valued by the pruned search.
    let options = AnalyzeOptions {
        value_only: true,
        ..AnalyzeOptions::default()
    };
    let mut group = c.benchmark_group("pruned value");
    group.sample_size(10);
    for board in ["4x9", "5x7"] {
        let a = analyze(&spec, &[board], &options).expect("within limits");
        eprintln!("cram {board}: G = {:?}, by {}", a.grundy, a.method);
        group.bench_function(format!("cram {board}"), |b| {
            b.iter(|| analyze(&spec, &[board], &options).expect("within limits"))
        });
    }
    group.finish();
}

criterion_group!(benches, misere_subtraction, pruned_cram);
criterion_main!(benches);
