//! The search engines as `grundy analyze` reaches them, through `grundy::api`.
//!
//! - `search/misere subtraction:1,3,4 150 160 170`: the outcome in misère
//!   play of three heaps of the subtraction game S = {1, 3, 4}, asked as
//!   `grundy analyze --misere --value-only --search` asks it: the full
//!   search, which uses no misère theory, stores every position below it,
//!   838,180 of them. The throughput is in
//!   positions stored, as the search's progress counters report them.
//!   `…, theory first` is the same question without `--search`, as a user
//!   asks it: misère theory first (genus, quotient, simplest forms), search
//!   where it fails. Here theory does not answer (the method reported is
//!   search), so the difference of the two is the cost of trying it.
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
    // Without `--search` the analysis tries misère theory first and
    // searches where it fails; a quotient it finds is kept for the process,
    // so were theory to answer, the runs after the first would time that.
    let a = analyze(&spec, &words, &options).expect("within limits");
    eprintln!(
        "misère 150 160 170 without --search: {:?}, by {}",
        a.outcome, a.method
    );
    group.bench_function("misere subtraction:1,3,4 150 160 170, theory first", |b| {
        b.iter(|| analyze(&spec, &words, &options).expect("within limits"))
    });
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
