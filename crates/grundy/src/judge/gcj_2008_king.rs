//! Google Code Jam 2008 Americas Semifinal "King" (Luogu P13481): vertex
//! geography with king moves, a graph with odd cycles, so the matching must
//! be a general one.

use std::sync::Arc;

use super::geography_grid::{Grid, KING_STEPS};
use super::{cases, generated, JudgeError, Problem};
use crate::games::geography::Geography;
use crate::solution::Solution;
use crate::Outcome;

/// GCJ 2008 King.
pub const GCJ_2008_KING: Problem = Problem {
    name: "gcj-2008-king",
    source: "Google Code Jam 2008 AMER Semifinal, King (Luogu P13481): geography with king moves",
    solve,
    generate,
};

/// N cases of an R×C board with one `K`; `Case #x: A` if Alice, to move, wins.
fn solve(input: &str) -> Result<String, JudgeError> {
    cases(input, ("N", 1, 100), |t, case| {
        let r = t.count("R", 1, 15)?;
        let c = t.count("C", 1, 15)?;
        let grid = Grid::read(t, r, c, ".#K")?;
        let kings: Vec<usize> = (0..r * c).filter(|&i| grid.cells[i] == b'K').collect();
        let [king] = kings[..] else {
            return Err(t.invalid(format!(
                "case {case} has {} `K` cells; the board holds exactly one king",
                kings.len()
            )));
        };
        let board = grid.board(&KING_STEPS, |r, c| grid.at(r, c) != b'#');
        let start = Geography::new(Arc::clone(&board), king as u32);
        let winner = match start.outcome() {
            Outcome::Next => 'A',
            Outcome::Previous => 'B',
            Outcome::Draw => unreachable!("vertex geography is finite: no draw"),
        };
        Ok(format!("Case #{case}: {winner}\n"))
    })
}

fn generate(seed: u64, max: bool) -> String {
    let side = if max { 15 } else { 4 };
    generated(seed, max, (100, 6), |r, w, _| {
        let (rows, cols) = if max {
            (side, side)
        } else {
            (r.range(1, side), r.range(1, side))
        };
        let king = r.range(0, rows * cols - 1);
        let burnt = r.range(0, 5);
        w.line(format_args!("{rows} {cols}"));
        for i in 0..rows {
            let row: String = (0..cols)
                .map(|j| match i * cols + j {
                    k if k == king => 'K',
                    _ if r.chance(burnt, 10) => '#',
                    _ => '.',
                })
                .collect();
            w.line(format_args!("{row}"));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::FxHashMap;

    #[test]
    fn sample() {
        // Source: GCJ 2008 AMER Semifinal "King" sample.
        let input = "2\n2 2\nK.\n.#\n4 2\nK#\n.#\n.#\n.#\n";
        assert_eq!(solve(input).unwrap(), "Case #1: B\nCase #2: A\n");
    }

    /// Whether the player to move wins with the king on `cell`, by trying
    /// every king walk.
    fn mover_wins(
        b: &[Vec<u8>],
        cell: usize,
        visited: u32,
        memo: &mut FxHashMap<(usize, u32), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(cell, visited)) {
            return w;
        }
        let cols = b[0].len();
        let (r, c) = (cell / cols, cell % cols);
        let wins = KING_STEPS.iter().any(|&(dr, dc)| {
            let (Some(r2), Some(c2)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                return false;
            };
            let next = r2 * cols + c2;
            r2 < b.len()
                && c2 < cols
                && b[r2][c2] != b'#'
                && visited >> next & 1 == 0
                && !mover_wins(b, next, visited | 1 << next, memo)
        });
        memo.insert((cell, visited), wins);
        wins
    }

    #[test]
    fn random_boards_agree_with_brute_force() {
        for seed in 0..60 {
            let input = generate(seed, false);
            let mut lines = input.lines().skip(1);
            let mut expected = String::new();
            let mut case = 0;
            while let Some(dims) = lines.next() {
                case += 1;
                let rows: usize = dims.split(' ').next().unwrap().parse().unwrap();
                let b: Vec<Vec<u8>> = (0..rows)
                    .map(|_| lines.next().unwrap().bytes().collect())
                    .collect();
                let cols = b[0].len();
                let king = b.concat().iter().position(|&x| x == b'K').unwrap();
                let wins = mover_wins(&b, king, 1 << king, &mut FxHashMap::default());
                expected.push_str(&format!("Case #{case}: {}\n", if wins { 'A' } else { 'B' }));
                assert!(cols <= 4);
            }
            assert_eq!(solve(&input).unwrap(), expected, "{input}");
        }
    }

    #[test]
    fn full_size_inputs_solve_and_bad_ones_are_refused() {
        solve(&generate(1, true)).unwrap();
        let err = solve("1\n2 2\nK.\n.K\n").unwrap_err().to_string();
        assert!(err.contains("2 `K` cells"), "{err}");
        assert!(solve("1\n2 2\nK.\n").is_err());
        assert!(solve("1\n16 2\n").is_err());
    }
}
