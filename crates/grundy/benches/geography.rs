//! Undirected vertex geography on graphs of 10^4 vertices: our analysis
//! through `grundy::api` against a peer solver written here from the rules
//! with petgraph's maximum matching.
//!
//! - `NAME/outcome/ours`: `grundy analyze geography EDGES @V` (who wins and
//!   the winning moves), the 3·10^4 words parsed each time, as a user's are;
//! - `NAME/all-moves/ours`: the same with `--all-moves`, every move's
//!   outcome; our analysis matches once and inherits the matching in every
//!   move's position;
//! - `NAME/all-moves/petgraph`: the same answers by the theorem alone (the
//!   mover loses iff some maximum matching leaves the token's vertex
//!   unmatched: ν(G) = ν(G − v); Fraenkel, Scheinerman and Ullman 1993),
//!   one petgraph matching per graph it asks about: ν(G), ν(G − v) and
//!   ν(G − v − u) for every neighbour u.
//!
//! Two graphs: 3·10^4 random edges (odd cycles everywhere) and a 100×100
//! board with king moves; the token on a vertex of largest degree. The two
//! solvers' answers are compared once before timing.
//!
//! `cargo bench -p grundy --bench geography` (a short run: `-- --quick`).

use std::collections::BTreeMap;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::api::analyze::{analyze, Analysis, AnalyzeOptions};
use grundy::api::{Outcome, Spec};
use petgraph::graph::UnGraph;

mod common;

const N: usize = 10_000;

/// 3·10^4 random edges on 10^4 vertices by SplitMix64 (Steele, Lea and
/// Flood 2014), each once: test data.
fn random_edges() -> Vec<(u32, u32)> {
    let mut next = common::splitmix64(1);
    let mut vertex = move || (next() % N as u64) as u32;
    let mut edges: Vec<(u32, u32)> = (0..3 * N)
        .map(|_| (vertex(), vertex()))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    edges
}

/// A 100×100 board with king moves.
fn king_edges() -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    for r in 0..100u32 {
        for c in 0..100u32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (r2, c2) = (r + dr, c as i32 + dc);
                if r2 < 100 && (0..100).contains(&c2) {
                    edges.push((r * 100 + c, r2 * 100 + c2 as u32));
                }
            }
        }
    }
    edges
}

/// The size of a maximum matching of the graph without `removed`.
fn nu(edges: &[(u32, u32)], removed: &[u32]) -> usize {
    let mut g = UnGraph::<(), ()>::with_capacity(N, edges.len());
    let nodes: Vec<_> = (0..N).map(|_| g.add_node(())).collect();
    for &(a, b) in edges {
        if !removed.contains(&a) && !removed.contains(&b) {
            g.add_edge(nodes[a as usize], nodes[b as usize], ());
        }
    }
    petgraph::algo::maximum_matching(&g).len()
}

fn neighbours(edges: &[(u32, u32)], v: u32) -> Vec<u32> {
    let other = |&(a, b): &(u32, u32)| (a == v).then_some(b).or((b == v).then_some(a));
    edges.iter().filter_map(other).collect()
}

/// The peer's answer: who wins from `token`, and the outcome of each move,
/// for the player then to move.
fn peer(edges: &[(u32, u32)], token: u32) -> (Outcome, BTreeMap<u32, Outcome>) {
    let outcome = |before: usize, after: usize| match before > after {
        true => Outcome::Next,
        false => Outcome::Previous,
    };
    let left = nu(edges, &[token]);
    let here = outcome(nu(edges, &[]), left);
    let moves = neighbours(edges, token)
        .into_iter()
        .map(|u| (u, outcome(left, nu(edges, &[token, u]))))
        .collect();
    (here, moves)
}

/// Our answer in the peer's terms.
fn ours(a: &Analysis) -> (Outcome, BTreeMap<u32, Outcome>) {
    let moves = a.all_moves.as_deref().unwrap_or_default().iter();
    let to = |mv: &str| mv.strip_prefix("to ")?.parse().ok();
    let moves = moves
        .map(|m| (to(&m.mv).expect("`to V`"), m.outcome.expect("known")))
        .collect();
    (a.outcome, moves)
}

fn bench(c: &mut Criterion) {
    let spec = Spec::from("geography");
    let all_moves = AnalyzeOptions {
        all_moves: true,
        ..AnalyzeOptions::default()
    };
    let mut group = c.benchmark_group("geography");
    group.sample_size(10);
    for (name, edges) in [("random", random_edges()), ("king", king_edges())] {
        let token = (0..N as u32)
            .max_by_key(|&v| neighbours(&edges, v).len())
            .unwrap_or(0);
        let mut words: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        words.push(format!("@{token}"));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let a = analyze(&spec, &words, &all_moves).expect("a closed form");
        assert_eq!(
            ours(&a),
            peer(&edges, token),
            "{name}: the two solvers differ"
        );
        eprintln!(
            "{name} @{token}: {:?}, {} moves",
            a.outcome,
            ours(&a).1.len()
        );
        group.bench_function(format!("{name}/outcome/ours"), |b| {
            b.iter(|| analyze(&spec, &words, &AnalyzeOptions::default()).expect("a closed form"))
        });
        group.bench_function(format!("{name}/all-moves/ours"), |b| {
            b.iter(|| analyze(&spec, &words, &all_moves).expect("a closed form"))
        });
        group.bench_function(format!("{name}/all-moves/petgraph"), |b| {
            b.iter(|| peer(&edges, token))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
