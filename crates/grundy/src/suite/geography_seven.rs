//! Undirected vertex geography: the matching theorem against brute force on
//! every graph with 7 vertices (all 2^21 edge sets). The token starts on
//! vertex 0; since every labelling is enumerated, that covers every graph
//! with the token on any vertex, up to isomorphism.
//!
//! The brute force is written here from the rules alone over bitmasks: the
//! token at `v` with unvisited set `r` is won iff some neighbour `u` in `r`
//! gives a lost position at `u` with `r - u`.

use std::sync::Arc;

use crate::games::geography::matching::Graph;
use crate::games::geography::{Board, Geography};
use crate::solution::Solution;
use crate::Outcome;

const N: usize = 7;

fn wins(v: usize, r: u8, adj: &[u8; N], memo: &mut [[u8; 128]; N]) -> bool {
    if memo[v][r as usize] != 0 {
        return memo[v][r as usize] == 2;
    }
    let mut options = adj[v] & r;
    let mut w = false;
    while options != 0 {
        let u = options.trailing_zeros() as usize;
        options &= options - 1;
        if !wins(u, r & !(1 << u), adj, memo) {
            w = true;
            break;
        }
    }
    memo[v][r as usize] = if w { 2 } else { 1 };
    w
}

fn check_range(masks: impl Iterator<Item = u32>) -> usize {
    let pairs: Vec<(u32, u32)> = (0..N as u32)
        .flat_map(|a| (a + 1..N as u32).map(move |b| (a, b)))
        .collect();
    let mut checked = 0;
    for mask in masks {
        let edges: Vec<(u32, u32)> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &e)| e)
            .collect();
        let mut adj = [0u8; N];
        for &(a, b) in &edges {
            adj[a as usize] |= 1 << b;
            adj[b as usize] |= 1 << a;
        }
        let brute = wins(0, 0x7f & !1, &adj, &mut [[0; 128]; N]);
        let board = Arc::new(Board::from_graph(Graph::new(N, &edges)));
        let formula = Geography::new(board, 0).outcome() == Outcome::Next;
        assert_eq!(formula, brute, "edge set {mask:#x}: {edges:?}");
        checked += 1;
    }
    checked
}

/// All 2 097 152 edge sets (about four seconds).
#[test]
fn every_graph_on_seven_vertices() {
    assert_eq!(check_range(0..1u32 << 21), 1 << 21);
}
