//! Vertex geography on graphs of 10^4 vertices: the maximum matching (ours
//! against petgraph's), and every move's outcome with the matching inherited
//! from the position against recomputing it for every move.
//!
//! Run: `cargo bench -p grundy --bench geography`.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::geography::matching::{Graph, Matching, VertexSet};
use grundy::games::geography::{losing_starts, Board, Geography};
use grundy::rng::SplitMix64;
use grundy::{Game, Outcome, Solution};
use petgraph::graph::UnGraph;

const N: usize = 10_000;

/// 10^4 vertices, 3·10^4 random edges: odd cycles everywhere.
fn random_edges() -> Vec<(u32, u32)> {
    let mut r = SplitMix64::new(1);
    (0..3 * N)
        .map(|_| {
            (
                r.range(0, N as u64 - 1) as u32,
                r.range(0, N as u64 - 1) as u32,
            )
        })
        .filter(|(a, b)| a != b)
        .collect()
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

fn petgraph_of(edges: &[(u32, u32)]) -> UnGraph<(), ()> {
    let mut g = UnGraph::new_undirected();
    let nodes: Vec<_> = (0..N).map(|_| g.add_node(())).collect();
    for &(a, b) in edges {
        g.update_edge(nodes[a as usize], nodes[b as usize], ());
    }
    g
}

/// Every move's outcome, each child computing its matching from scratch.
fn outcomes_from_scratch(p: &Geography) -> Vec<Outcome> {
    p.moves()
        .iter()
        .map(|m| {
            let child = p.play(m);
            let g = child.board().graph();
            let fresh = Matching::maximum(g, child.alive());
            match fresh.is_essential(g, child.alive(), child.token()) {
                true => Outcome::Next,
                false => Outcome::Previous,
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("geography");
    group.sample_size(10);
    for (name, edges) in [("random", random_edges()), ("king", king_edges())] {
        let graph = Graph::new(N, &edges);
        let all = VertexSet::full(N);
        let pg = petgraph_of(&edges);
        group.bench_function(format!("{name}/matching/ours"), |b| {
            b.iter(|| Matching::maximum(black_box(&graph), &all).size())
        });
        group.bench_function(format!("{name}/matching/petgraph"), |b| {
            b.iter(|| petgraph::algo::maximum_matching(black_box(&pg)).len())
        });
        let board = Arc::new(Board::from_graph(graph.clone()));
        let token = (0..N as u32)
            .max_by_key(|&v| graph.neighbours(v).len())
            .unwrap_or(0);
        group.bench_function(format!("{name}/all-moves/inherited"), |b| {
            b.iter(|| {
                let p = Geography::new(Arc::clone(&board), token);
                p.outcome();
                let moves = p.moves();
                moves
                    .iter()
                    .map(|m| p.play(m).outcome())
                    .collect::<Vec<_>>()
            })
        });
        group.bench_function(format!("{name}/all-moves/from-scratch"), |b| {
            b.iter(|| {
                let p = Geography::new(Arc::clone(&board), token);
                outcomes_from_scratch(&p)
            })
        });
        group.bench_function(format!("{name}/losing-starts"), |b| {
            b.iter(|| losing_starts(black_box(&board)).len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
