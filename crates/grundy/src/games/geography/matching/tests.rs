//! The blossom search against petgraph's independent `maximum_matching` and
//! against a brute-force matching number on small graphs.

use petgraph::graph::UnGraph;

use super::*;
use crate::rng::SplitMix64;

fn random_graph(r: &mut SplitMix64, n: usize, num: u64, den: u64) -> (Graph, Vec<(u32, u32)>) {
    let mut edges = Vec::new();
    for a in 0..n as u32 {
        for b in a + 1..n as u32 {
            if r.chance(num, den) {
                edges.push((a, b));
            }
        }
    }
    (Graph::new(n, &edges), edges)
}

/// ν of the subgraph on the vertex mask `alive`, by trying every way to
/// match (or skip) its lowest vertex.
fn brute_nu(g: &Graph, alive: u32) -> usize {
    if alive == 0 {
        return 0;
    }
    let v = alive.trailing_zeros();
    let rest = alive & !(1 << v);
    let mut best = brute_nu(g, rest);
    for &u in g.neighbours(v) {
        if rest >> u & 1 == 1 {
            best = best.max(1 + brute_nu(g, rest & !(1 << u)));
        }
    }
    best
}

fn set_of(mask: u32, n: usize) -> VertexSet {
    let mut s = VertexSet::empty(n);
    (0..n as u32)
        .filter(|v| mask >> v & 1 == 1)
        .for_each(|v| s.insert(v));
    s
}

fn assert_valid(g: &Graph, alive: &VertexSet, m: &Matching) {
    let mut count = 0;
    for v in 0..g.vertex_count() as u32 {
        if let Some(u) = m.mate(v) {
            assert!(alive.contains(v) && alive.contains(u));
            assert_eq!(m.mate(u), Some(v));
            assert!(g.neighbours(v).contains(&u), "{v}-{u} is not an edge");
            count += 1;
        }
    }
    assert_eq!(count, 2 * m.size());
}

#[test]
fn small_graphs_match_brute_force() {
    let mut r = SplitMix64::new(7);
    for round in 0..400 {
        let n = 1 + round % 9;
        let (g, _) = random_graph(&mut r, n, 1 + round as u64 % 3, 4);
        let mask = r.range(0, (1 << n) - 1) as u32;
        let alive = set_of(mask, n);
        let m = Matching::maximum(&g, &alive);
        assert_valid(&g, &alive, &m);
        let nu = brute_nu(&g, mask);
        assert_eq!(m.size(), nu);
        let avoidable = m.avoidable(&g, &alive);
        for v in alive.iter() {
            let essential = brute_nu(&g, mask & !(1 << v)) < nu;
            assert_eq!(m.is_essential(&g, &alive, v), essential, "vertex {v}");
            assert_eq!(avoidable.contains(v), !essential, "vertex {v}");
        }
        assert!(avoidable.iter().all(|v| alive.contains(v)));
    }
}

#[test]
fn deleting_vertices_keeps_the_matching_maximum() {
    let mut r = SplitMix64::new(11);
    for round in 0..60 {
        let n = 5 + round % 40;
        let (g, _) = random_graph(&mut r, n, 3, n as u64);
        let mut alive = VertexSet::full(n);
        let mut m = Matching::maximum(&g, &alive);
        for _ in 0..n / 2 {
            let v = r.range(0, n as u64 - 1) as u32;
            if !alive.contains(v) {
                continue;
            }
            alive.remove(v);
            m.delete(&g, &alive, v);
            assert_valid(&g, &alive, &m);
            assert_eq!(m.size(), Matching::maximum(&g, &alive).size());
        }
    }
}

#[test]
fn sizes_agree_with_petgraph() {
    let mut r = SplitMix64::new(3);
    for round in 0..40 {
        let n = 20 + round * 7;
        let (g, edges) = random_graph(&mut r, n, 3, n as u64);
        let mut pg: UnGraph<(), ()> = UnGraph::new_undirected();
        let nodes: Vec<_> = (0..n).map(|_| pg.add_node(())).collect();
        for &(a, b) in &edges {
            pg.add_edge(nodes[a as usize], nodes[b as usize], ());
        }
        let theirs = petgraph::algo::maximum_matching(&pg);
        let ours = Matching::maximum(&g, &VertexSet::full(n));
        assert_eq!(ours.size(), theirs.len(), "graph {round}");
    }
}

#[test]
fn odd_cycles_need_blossoms() {
    // A triangle with a pendant path: 0-1-2-0, 2-3, 3-4. ν = 2; the
    // triangle's far vertices 0 and 1 can each be left out, 3 cannot.
    let g = Graph::new(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]);
    let alive = VertexSet::full(5);
    let m = Matching::maximum(&g, &alive);
    assert_eq!(m.size(), 2);
    let d: Vec<u32> = m.avoidable(&g, &alive).iter().collect();
    assert_eq!(d, vec![0, 1, 2, 4]);
    assert!(m.is_essential(&g, &alive, 3));
}
