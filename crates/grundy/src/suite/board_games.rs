//! Cram, Chomp and Node Kayles: the catalog's games, valued by the generic
//! search with their components and canonical forms, against brute forces
//! written here from the rules alone (each its own plain representation, a
//! memo and a mex, no components, no symmetries), on every small board;
//! then against facts and published values (tests/data/cram.txt,
//! tests/data/node_kayles.txt).

use super::common;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::games::chomp::Chomp;
use crate::games::cram::Cram;
use crate::games::node_kayles::{Graph, NodeKayles};
use crate::rng::SplitMix64;
use crate::solve::Pruner;
use crate::solve::{Limits, Searcher};
use crate::{Game, Play};

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..)
        .find(|v| !seen.contains(v))
        .expect("some value is missing")
}

/// `(board, value)` lines of a data file, blocks of comments skipped.
fn data(text: &str) -> Vec<(String, u64)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (board, value) = l.rsplit_once(' ').expect("`board value`");
            (board.to_string(), value.parse().expect("a value"))
        })
        .collect()
}

// ---- Cram ----

/// A Cram board: `true` is free.
type Board = Vec<Vec<bool>>;

fn cram_brute(b: &Board, memo: &mut HashMap<Board, u64>) -> u64 {
    if let Some(&g) = memo.get(b) {
        return g;
    }
    let mut options = Vec::new();
    for r in 0..b.len() {
        for c in 0..b[r].len() {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if b[r][c] && r2 < b.len() && c2 < b[r].len() && b[r2][c2] {
                    let mut next = b.clone();
                    next[r][c] = false;
                    next[r2][c2] = false;
                    options.push(cram_brute(&next, memo));
                }
            }
        }
    }
    let g = mex(options);
    memo.insert(b.clone(), g);
    g
}

fn board_text(b: &Board) -> String {
    let rows: Vec<String> = b
        .iter()
        .map(|row| row.iter().map(|&f| if f { '.' } else { '#' }).collect())
        .collect();
    rows.join("/")
}

fn board_of(rows: usize, cols: usize, free: u64) -> Board {
    (0..rows)
        .map(|r| (0..cols).map(|c| free >> (r * cols + c) & 1 == 1).collect())
        .collect()
}

/// Calls `f` with every board of at most 12 cells (every shape, every set
/// of free cells), as a [`Board`] and as a position.
fn every_board_to_12_cells(mut f: impl FnMut(&Board, Cram)) {
    for rows in 1..=12 {
        for cols in 1..=12 / rows {
            for free in 0..1u64 << (rows * cols) {
                let b = board_of(rows, cols, free);
                let p: Cram = board_text(&b).parse().unwrap();
                f(&b, p);
            }
        }
    }
}

#[test]
fn cram_agrees_with_brute_force_on_every_board_to_12_cells() {
    let mut memo = HashMap::new();
    let mut search = Searcher::<Cram>::new(Play::Normal);
    let mut checked = 0;
    every_board_to_12_cells(|b, p| {
        let g = search.grundy(&p).unwrap().value();
        assert_eq!(g, cram_brute(b, &mut memo), "{p}");
        checked += 1;
    });
    assert_eq!(checked, 35_978);
}

#[test]
fn pruned_cram_agrees_with_brute_force_on_every_board_to_12_cells() {
    // The pruned search removes bridges (Game::value_parts), which keeps the
    // value alone: its values against the rules, and enough boards with a
    // bridge to say that the removal was tried.
    let mut memo = HashMap::new();
    let mut pruned = Pruner::<Cram>::new(Limits::default());
    let mut bridged = 0;
    every_board_to_12_cells(|b, p| {
        let mut parts = Vec::new();
        p.canonical_parts(&mut parts);
        if parts.iter().any(|q| q.value_parts(&mut Vec::new())) {
            bridged += 1;
        }
        let g = pruned.grundy(&p).unwrap().value();
        assert_eq!(g, cram_brute(b, &mut memo), "{p}");
    });
    assert!(bridged > 1000, "only {bridged} boards with a bridge");
}

#[test]
fn cram_value_parts_add_to_the_value_on_every_board_to_12_cells_and_4x4() {
    // Game::value_parts (bridges removed, regions cut at twin squares)
    // against the rules: the XOR of the parts' values is the board's, on
    // every board of a shape of at most 12 cells and on every 4x4 board,
    // and enough boards are cut at twins alone to say the cut was tried.
    let mut memo = HashMap::new();
    let mut brute = |p: &Cram| {
        let b: Board = (0..p.rows())
            .map(|r| (0..p.cols()).map(|c| p.is_free(r, c)).collect())
            .collect();
        cram_brute(&b, &mut memo)
    };
    let mut boards = Vec::new();
    every_board_to_12_cells(|_, p| boards.push(p));
    boards.extend((0..1u128 << 16).map(|free| Cram::new(4, 4, free).unwrap()));
    let (mut valued, mut twins_only) = (0, 0);
    for board in boards {
        let mut parts = Vec::new();
        if !board.value_parts(&mut parts) {
            continue;
        }
        valued += 1;
        let xor = parts.iter().fold(0, |x, q| x ^ brute(q));
        assert_eq!(xor, brute(&board), "{board}: {parts:?}");
        // Cells are only dropped with a bridge; a cut keeps them all.
        let cells = |q: &Cram| q.free().count_ones();
        if parts.iter().map(cells).sum::<u32>() == cells(&board) {
            twins_only += 1;
        }
    }
    assert!(
        valued > 10_000 && twins_only > 1000,
        "{valued} boards, {twins_only} cut"
    );
}

#[test]
fn cram_agrees_with_brute_force_on_random_boards_of_13_to_16_cells() {
    let mut rng = SplitMix64::new(12);
    let mut memo = HashMap::new();
    let mut search = Searcher::<Cram>::new(Play::Normal);
    for (rows, cols) in [(4, 4), (2, 8), (3, 5), (5, 3), (1, 16), (2, 7), (3, 4)] {
        for _ in 0..40 {
            let cells = rows * cols;
            // About one cell in five blocked.
            let free = (0..cells).fold(0u64, |f, i| f | u64::from(!rng.chance(1, 5)) << i);
            let b = board_of(rows, cols, free);
            let p: Cram = board_text(&b).parse().unwrap();
            assert_eq!(
                search.grundy(&p).unwrap().value(),
                cram_brute(&b, &mut memo),
                "{p}"
            );
        }
    }
}

#[test]
fn cram_endgame_table_agrees_with_brute_force() {
    // Game::known_value (the endgame table, which the pruned search takes
    // before its own) against the rules: on every board of at most 12
    // cells and every 4x4 board, wherever it speaks, and on random boards
    // of the largest boxes it holds. It speaks for every board no taller
    // than wide of at most 20 cells, and for no other.
    let mut memo = HashMap::new();
    let mut known = 0;
    let mut check = |b: &Board, p: &Cram| {
        let small = p.rows() <= p.cols() && p.rows() * p.cols() <= 20;
        match p.known_value() {
            Some(v) => {
                assert!(small, "{p} is not in the table");
                assert_eq!(v, cram_brute(b, &mut memo), "{p}");
                known += 1;
            }
            None => assert!(!small, "{p} is in the table"),
        }
    };
    every_board_to_12_cells(|b, p| check(b, &p));
    for free in 0..1u64 << 16 {
        let b = board_of(4, 4, free);
        check(&b, &Cram::new(4, 4, u128::from(free)).unwrap());
    }
    let mut rng = SplitMix64::new(45);
    for (rows, cols) in [(4, 5), (3, 6), (2, 10), (1, 20), (2, 9), (5, 4), (4, 6)] {
        for _ in 0..30 {
            // About one cell in three blocked, for a brute force of a few
            // thousand boards each.
            let free = (0..rows * cols).fold(0u64, |f, i| f | u64::from(!rng.chance(1, 3)) << i);
            let b = board_of(rows, cols, free);
            check(&b, &Cram::new(rows, cols, u128::from(free)).unwrap());
        }
    }
    // The shapes of at most 12 cells no taller than wide hold 18,254 boards.
    assert_eq!(known, 18_254 + 65_536 + 5 * 30, "boards the table valued");
}

#[test]
fn cram_known_outcomes_agree_with_brute_force_on_every_board_to_12_cells_and_4x4() {
    // Game::known_outcome (the half-turn symmetry strategies, which the
    // pruned search trusts) against the rules, wherever it speaks, on every
    // board of a shape of at most 12 cells and every 4x4 board.
    let mut memo = HashMap::new();
    let (mut lost, mut won, mut full) = (0, 0, BTreeSet::new());
    let mut check = |b: &Board, p: &Cram| {
        if let Some(outcome) = p.known_outcome() {
            let g = cram_brute(b, &mut memo);
            assert_eq!(
                outcome == crate::Outcome::Previous,
                g == 0,
                "{p}: value {g}"
            );
            match outcome {
                crate::Outcome::Previous => lost += 1,
                _ => won += 1,
            }
            if b.iter().flatten().all(|&f| f) {
                full.insert((b.len(), b[0].len()));
            }
        }
    };
    // Each board, and each of its regions as the search meets it (a
    // canonical part, cropped to its bounding box).
    let board = |p: &Cram| -> Board {
        (0..p.rows())
            .map(|r| (0..p.cols()).map(|c| p.is_free(r, c)).collect())
            .collect()
    };
    let mut with_parts = |p: Cram| {
        check(&board(&p), &p);
        let mut parts = Vec::new();
        p.canonical_parts(&mut parts);
        for q in parts {
            check(&board(&q), &q);
        }
    };
    every_board_to_12_cells(|_, p| with_parts(p));
    for free in 0..1u128 << 16 {
        with_parts(Cram::new(4, 4, free).unwrap());
    }
    // Of the full boards, it speaks of those with an even side: a full
    // board with both sides odd has its centre free.
    let even: BTreeSet<(usize, usize)> = (1..=12)
        .flat_map(|r| (1..=12 / r).map(move |c| (r, c)))
        .filter(|(r, c)| r * c % 2 == 0)
        .chain([(4, 4)])
        .collect();
    assert_eq!(full, even);
    assert!(lost > 2_000 && won > 5_000, "{lost} lost, {won} won");
}

#[test]
fn cram_symmetry_strategies_decide_even_boards() {
    // Even × even: the second player answers with the half-turn image;
    // even × odd: the first player takes the centre, then does the same.
    let mut search = Searcher::<Cram>::new(Play::Normal);
    for (rows, cols) in [
        (2, 2),
        (2, 4),
        (2, 6),
        (2, 8),
        (2, 10),
        (4, 4),
        (2, 3),
        (2, 5),
        (2, 7),
        (2, 9),
        (2, 11),
        (4, 3),
        (4, 5),
    ] {
        let p = Cram::rectangle(rows, cols).unwrap();
        let g = search.grundy(&p).unwrap().value();
        assert_eq!(g == 0, cols % 2 == 0, "{p} has value {g}");
        let said = p.known_outcome().expect("an even side decides");
        assert_eq!(said == crate::Outcome::Previous, g == 0, "{p}");
    }
}

#[test]
fn cram_published_values() {
    let mut search = Searcher::<Cram>::new(Play::Normal);
    let mut checked = 0;
    for (board, value) in data(include_str!("../../tests/data/cram.txt")) {
        let p: Cram = board.parse().unwrap();
        // The rest are for the benchmark: minutes, not a test's seconds.
        if p.rows() * p.cols() <= 20 || p.rows() == 1 {
            assert_eq!(search.grundy(&p).unwrap().value(), value, "{board}");
            checked += 1;
        }
    }
    assert_eq!(checked, 32);
}

// ---- Chomp ----

/// Column heights, non-increasing, no zeros; `[1]` is the poisoned square alone.
fn chomp_brute(h: &[u32], memo: &mut HashMap<Vec<u32>, u64>) -> u64 {
    if let Some(&g) = memo.get(h) {
        return g;
    }
    let mut options = Vec::new();
    for c in 0..h.len() {
        for r in 0..h[c] {
            if (r, c) == (0, 0) {
                continue;
            }
            let mut next: Vec<u32> = h.to_vec();
            for x in &mut next[c..] {
                *x = (*x).min(r);
            }
            next.retain(|&x| x > 0);
            options.push(chomp_brute(&next, memo));
        }
    }
    let g = mex(options);
    memo.insert(h.to_vec(), g);
    g
}

fn partitions(max: u32, left: u32, prefix: &mut Vec<u32>, all: &mut Vec<Vec<u32>>) {
    if !prefix.is_empty() {
        all.push(prefix.clone());
    }
    for h in 1..=max.min(left) {
        prefix.push(h);
        partitions(h, left - h, prefix, all);
        prefix.pop();
    }
}

fn chomp(h: &[u32]) -> Chomp {
    let words: Vec<String> = h.iter().map(u32::to_string).collect();
    words.join(" ").parse().unwrap()
}

#[test]
fn chomp_agrees_with_brute_force_on_every_bar_to_20_squares() {
    let mut all = Vec::new();
    partitions(20, 20, &mut Vec::new(), &mut all);
    // Partitions of 1 to 20: OEIS A000070(20) - 1.
    assert_eq!(all.len(), 2713);
    let mut memo = HashMap::new();
    let mut search = Searcher::<Chomp>::new(Play::Normal);
    let mut decided = 0;
    for h in &all {
        let g = search.grundy(&chomp(h)).unwrap().value();
        assert_eq!(g, chomp_brute(h, &mut memo), "{h:?}");
        // What the pruned search takes on trust (Game::known_outcome).
        if let Some(outcome) = chomp(h).known_outcome() {
            assert_eq!(outcome == crate::Outcome::Previous, g == 0, "{h:?}");
            decided += 1;
        }
    }
    // The rectangles of 2 to 20 squares: sum over n of its divisors, less 1x1.
    let rectangles: usize = (2..=20)
        .map(|n| (1..=n).filter(|d| n % d == 0).count())
        .sum();
    assert_eq!(decided, rectangles);
}

#[test]
fn chomp_rectangles_are_first_player_wins() {
    // Gale's strategy stealing: every bar R × C but 1 × 1 is an N-position.
    let mut search = Searcher::<Chomp>::new(Play::Normal);
    for rows in 1..=8 {
        for cols in 1..=8 {
            let g = search
                .grundy(&Chomp::rectangle(rows, cols).unwrap())
                .unwrap();
            assert_eq!(g.value() == 0, (rows, cols) == (1, 1), "{rows}x{cols}");
        }
    }
}

#[test]
fn chomp_two_rows_and_ells_in_closed_form() {
    let mut search = Searcher::<Chomp>::new(Play::Normal);
    // Two rows, `a` squares below and `b` above: P iff a = b + 1.
    for a in 1..=30u32 {
        for b in 0..=a {
            let h: Vec<u32> = (0..a).map(|c| if c < b { 2 } else { 1 }).collect();
            let g = search.grundy(&chomp(&h)).unwrap().value();
            assert_eq!(g == 0, a == b + 1, "two rows {a} and {b}");
        }
    }
    // An L: a column of `m` and a bottom row of `n`: P iff m = n
    // (the second player mirrors).
    for m in 1..=30u32 {
        for n in 1..=30u32 {
            let h: Vec<u32> = (0..n).map(|c| if c == 0 { m } else { 1 }).collect();
            let g = search.grundy(&chomp(&h)).unwrap().value();
            assert_eq!(g == 0, m == n, "L of {m} and {n}");
        }
    }
}

// ---- Node Kayles ----

/// The value of the graph on the vertices of `alive`, `adj[v]` the neighbours of `v`.
fn kayles_brute(alive: u8, adj: &[u8], memo: &mut HashMap<u8, u64>) -> u64 {
    if let Some(&g) = memo.get(&alive) {
        return g;
    }
    let options: Vec<u64> = (0..adj.len())
        .filter(|&v| alive >> v & 1 == 1)
        .map(|v| kayles_brute(alive & !(1 << v) & !adj[v], adj, memo))
        .collect();
    let g = mex(options);
    memo.insert(alive, g);
    g
}

#[test]
fn node_kayles_agrees_with_brute_force_on_every_graph_to_6_vertices() {
    let mut search = Searcher::<NodeKayles>::new(Play::Normal);
    let mut graphs = 0;
    for n in 0..=6usize {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            let mut adj = vec![0u8; n];
            for &(a, b) in &edges {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
            let brute = kayles_brute(((1u16 << n) - 1) as u8, &adj, &mut HashMap::new());
            let p = NodeKayles::new(Arc::new(Graph::from_edges(n, &edges)));
            assert_eq!(search.grundy(&p).unwrap().value(), brute, "{p}");
            graphs += 1;
        }
    }
    assert_eq!(graphs, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
}

#[test]
fn node_kayles_on_a_path_is_dawsons_chess() {
    // Octal 0.137, valued by the take-and-break engine.
    let chess = common::game("octal:0.137").unwrap();
    let mut search = Searcher::<NodeKayles>::new(Play::Normal);
    for n in 1..=60u64 {
        let heap = chess.parse(&[&n.to_string()]).unwrap();
        let (octal, _) = heap.grundy(crate::solve::Limits::default()).unwrap();
        let path: NodeKayles = format!("path {n}").parse().unwrap();
        assert_eq!(search.grundy(&path).unwrap(), octal.unwrap(), "path {n}");
    }
}

#[test]
fn node_kayles_published_values() {
    let mut search = Searcher::<NodeKayles>::new(Play::Normal);
    let mut checked = 0;
    for (graph, value) in data(include_str!("../../tests/data/node_kayles.txt")) {
        let p: NodeKayles = graph.parse().unwrap();
        // Grids past 24 vertices are for the benchmark.
        if p.graph().vertex_count() <= 24 {
            assert_eq!(search.grundy(&p).unwrap().value(), value, "{graph}");
            checked += 1;
        }
    }
    assert_eq!(checked, 8 + 8 + 5);
}
