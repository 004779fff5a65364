//! The generalized Sprague–Grundy values of the labelling algorithm
//! (`solve::loopy`) against a retrograde analysis written from the
//! definitions of win, loss and draw alone: on the graph of every
//! (vertex + *k), a position with no move is lost, one with a move to a lost
//! position is won, one whose every move leads to a won position is lost,
//! and every position left undecided is a draw. Nothing here is shared with
//! the labelling code.

use crate::solve::loopy::{label, Graph, Value};
use crate::Outcome;
use proptest::prelude::*;

/// Win, loss or draw of every (v, k): vertex v beside a Nim heap of k,
/// for k = 0..=heaps, by retrograde analysis of the product graph.
fn retrograde(n: usize, edges: &[(u32, u32)], heaps: usize) -> Vec<Vec<Outcome>> {
    let id = |v: usize, k: usize| v * (heaps + 1) + k;
    let total = n * (heaps + 1);
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); total];
    for v in 0..n {
        for k in 0..=heaps {
            for &(a, b) in edges {
                if a as usize == v {
                    succ[id(v, k)].push(id(b as usize, k));
                }
            }
            for j in 0..k {
                succ[id(v, k)].push(id(v, j));
            }
        }
    }
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); total];
    for (p, s) in succ.iter().enumerate() {
        for &q in s {
            pred[q].push(p);
        }
    }
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut known: Vec<Option<Outcome>> = vec![None; total];
    let mut todo: Vec<usize> = (0..total).filter(|&p| left[p] == 0).collect();
    for &p in &todo {
        known[p] = Some(Outcome::Previous);
    }
    while let Some(p) = todo.pop() {
        for &q in &pred[p] {
            if known[q].is_some() {
                continue;
            }
            if known[p] == Some(Outcome::Previous) {
                known[q] = Some(Outcome::Next);
                todo.push(q);
            } else {
                left[q] -= 1;
                if left[q] == 0 {
                    known[q] = Some(Outcome::Previous);
                    todo.push(q);
                }
            }
        }
    }
    (0..n)
        .map(|v| {
            (0..=heaps)
                .map(|k| known[id(v, k)].unwrap_or(Outcome::Draw))
                .collect()
        })
        .collect()
}

/// What γ(v) says of v + *k.
fn predicted(value: &Value, k: u64) -> Outcome {
    match value {
        Value::Finite(g) if *g == k => Outcome::Previous,
        Value::Finite(_) => Outcome::Next,
        Value::Infinite(set) if set.contains(&k) => Outcome::Next,
        Value::Infinite(_) => Outcome::Draw,
    }
}

fn check(n: usize, edges: &[(u32, u32)]) {
    let g = Graph::from_edges(n, edges).unwrap();
    let labels = label(&g);
    let heaps = (0..n as u32).map(|v| g.options(v).len()).max().unwrap_or(0) + 2;
    let truth = retrograde(n, edges, heaps);
    for (v, row) in truth.iter().enumerate() {
        let value = labels.value(&g, v as u32);
        for (k, &outcome) in row.iter().enumerate() {
            assert_eq!(
                predicted(&value, k as u64),
                outcome,
                "vertex {v} (value {value}) + *{k}, edges {edges:?}"
            );
        }
    }
    reversals_end(&g, &labels);
}

/// Condition 2 of γ, from its definition: a move from a finite u to an
/// infinite or larger value can be answered by a move back to γ(u) with a
/// smaller counter.
fn reversals_end(g: &Graph, labels: &crate::solve::loopy::Labels) {
    for u in 0..g.len() as u32 {
        let Some(a) = labels.finite(u) else { continue };
        for &v in g.options(u) {
            if labels.finite(v).is_some_and(|b| b < a) {
                continue;
            }
            let back = g
                .options(v)
                .iter()
                .any(|&w| labels.finite(w) == Some(a) && labels.counter(w) < labels.counter(u));
            assert!(back, "no reversal of {u} -> {v}");
        }
    }
}

fn graphs() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..24).prop_flat_map(|n| {
        let edge = (0..n as u32, 0..n as u32);
        (Just(n), prop::collection::vec(edge, 0..3 * n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn labels_agree_with_retrograde_analysis((n, edges) in graphs()) {
        check(n, &edges);
    }
}

#[test]
fn hand_made_graphs_agree_with_retrograde_analysis() {
    // A long cycle with one exit, a two-cycle, a vertex with only a self-loop.
    check(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 2)]);
    check(6, &[(0, 1), (1, 0), (1, 2), (2, 3), (3, 2), (3, 4), (5, 5)]);
    // A dense graph: every arc i -> j with i != j, on 7 vertices.
    let all: Vec<(u32, u32)> = (0..7)
        .flat_map(|i| (0..7).filter(move |&j| j != i).map(move |j| (i, j)))
        .collect();
    check(7, &all);
}

/// Loopy games from the literature, as edge lists with the values their
/// sources give (`tests/data/loopy.txt`, each block citing its source).
#[test]
fn literature_examples() {
    let text = include_str!("../../tests/data/loopy.txt");
    let mut blocks = 0;
    for block in text.split("\n\n").filter(|b| b.contains("# Source:")) {
        let mut names: Vec<String> = Vec::new();
        let mut edges = Vec::new();
        let mut expected = Vec::new();
        let index = |names: &mut Vec<String>, w: &str| match names.iter().position(|n| n == w) {
            Some(i) => i as u32,
            None => {
                names.push(w.to_string());
                names.len() as u32 - 1
            }
        };
        for line in block.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("edges:") {
                for e in rest.split(',').map(str::trim).filter(|e| !e.is_empty()) {
                    let (a, b) = e.split_once('>').expect("an edge a>b");
                    let a = index(&mut names, a.trim());
                    let b = index(&mut names, b.trim());
                    edges.push((a, b));
                }
            } else if let Some(rest) = line.strip_prefix("values:") {
                for e in rest.split(';').map(str::trim).filter(|e| !e.is_empty()) {
                    let (v, value) = e.split_once('=').expect("vertex=value");
                    expected.push((v.trim().to_string(), value.trim().parse::<Value>().unwrap()));
                }
            }
        }
        let g = Graph::from_edges(names.len(), &edges).unwrap();
        let labels = label(&g);
        for (v, value) in expected {
            let i = names.iter().position(|n| *n == v).expect("a named vertex");
            assert_eq!(labels.value(&g, i as u32), value, "vertex {v} in\n{block}");
        }
        check(names.len(), &edges);
        blocks += 1;
    }
    assert!(blocks >= 2, "{blocks}");
}

/// The product of two graphs: a token on each, a move moves one of them.
fn product(n: usize, a: &[(u32, u32)], m: usize, b: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let id = |u: u32, v: u32| u * m as u32 + v;
    let mut edges = Vec::new();
    for u in 0..n as u32 {
        for v in 0..m as u32 {
            for &(x, y) in a.iter().filter(|e| e.0 == u) {
                edges.push((id(x, v), id(y, v)));
            }
            for &(x, y) in b.iter().filter(|e| e.0 == v) {
                edges.push((id(u, x), id(u, y)));
            }
        }
    }
    edges
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Smith's sum rule (`Value`'s `+`) against retrograde analysis of the
    /// sum itself: the outcome of every pair of tokens on two graphs.
    #[test]
    fn sums_follow_smiths_rule((n, a) in graphs(), (m, b) in graphs()) {
        prop_assume!(n * m <= 200);
        let (ga, gb) = (Graph::from_edges(n, &a).unwrap(), Graph::from_edges(m, &b).unwrap());
        let (la, lb) = (label(&ga), label(&gb));
        let truth = retrograde(n * m, &product(n, &a, m, &b), 0);
        for u in 0..n {
            for v in 0..m {
                let sum = la.value(&ga, u as u32) + lb.value(&gb, v as u32);
                prop_assert_eq!(sum.outcome(), truth[u * m + v][0], "{} + {}", u, v);
            }
        }
    }
}
