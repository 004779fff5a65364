//! Luogu P4055 \[JSOI2009\] 游戏: vertex geography on a grid maze. The placer
//! wins from exactly the cells that some maximum matching leaves exposed.

use super::geography_grid::{Grid, ROOK_STEPS};
use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::geography::losing_starts;

/// Luogu P4055.
pub const LUOGU_P4055: Problem = Problem {
    name: "luogu-p4055",
    source: "Luogu P4055 [JSOI2009] 游戏 (vertex geography on a grid: every winning start cell)",
    solve,
    generate,
};

/// `N M` and the maze; `WIN` and every winning start cell, or `LOSE`.
fn solve(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let n = t.count("N", 1, 100)?;
    let m = t.count("M", 1, 100)?;
    let grid = Grid::read(&mut t, n, m, ".#")?;
    t.finish()?;
    let free = |r: usize, c: usize| grid.at(r, c) == b'.';
    let board = grid.board(&ROOK_STEPS, free);
    // The opponent moves first, so the placer wins where the mover loses.
    let losing = losing_starts(&board);
    let mut out = String::new();
    for v in losing.iter() {
        let (r, c) = (v as usize / m, v as usize % m);
        if free(r, c) {
            out.push_str(&format!("{} {}\n", r + 1, c + 1));
        }
    }
    Ok(if out.is_empty() {
        "LOSE\n".to_string()
    } else {
        format!("WIN\n{out}")
    })
}

fn generate(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let (n, m) = if max {
        (100, 100)
    } else {
        (r.range(1, 5), r.range(1, 5))
    };
    let wall = r.range(0, 4);
    let mut w = InputWriter::default();
    w.line(format_args!("{n} {m}"));
    for _ in 0..n {
        let row: String = (0..m)
            .map(|_| if r.chance(wall, 10) { '#' } else { '.' })
            .collect();
        w.line(format_args!("{row}"));
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::FxHashMap;

    #[test]
    fn sample() {
        // Source: Luogu P4055 sample.
        assert_eq!(solve("3 3\n.##\n...\n#.#\n").unwrap(), "WIN\n2 3\n3 2\n");
    }

    /// Whether the player to move loses from `cell`, by trying every path.
    fn mover_loses(
        g: &[Vec<bool>],
        cell: usize,
        visited: u32,
        memo: &mut FxHashMap<(usize, u32), bool>,
    ) -> bool {
        if let Some(&l) = memo.get(&(cell, visited)) {
            return l;
        }
        let m = g[0].len();
        let (r, c) = (cell / m, cell % m);
        let mut loses = true;
        for (dr, dc) in ROOK_STEPS {
            let (Some(r2), Some(c2)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            let next = r2 * m + c2;
            if r2 < g.len()
                && c2 < m
                && g[r2][c2]
                && visited >> next & 1 == 0
                && mover_loses(g, next, visited | 1 << next, memo)
            {
                loses = false;
                break;
            }
        }
        memo.insert((cell, visited), loses);
        loses
    }

    #[test]
    fn random_mazes_agree_with_brute_force() {
        for seed in 0..150 {
            let input = generate(seed, false);
            let lines: Vec<&str> = input.lines().collect();
            let g: Vec<Vec<bool>> = lines[1..]
                .iter()
                .map(|l| l.bytes().map(|b| b == b'.').collect())
                .collect();
            let m = g[0].len();
            let mut memo = FxHashMap::default();
            let mut expected = String::new();
            for (r, row) in g.iter().enumerate() {
                for (c, &free) in row.iter().enumerate() {
                    if free && mover_loses(&g, r * m + c, 1 << (r * m + c), &mut memo) {
                        expected.push_str(&format!("{} {}\n", r + 1, c + 1));
                    }
                }
            }
            let expected = if expected.is_empty() {
                "LOSE\n".into()
            } else {
                format!("WIN\n{expected}")
            };
            assert_eq!(solve(&input).unwrap(), expected, "{input}");
        }
    }

    #[test]
    fn full_size_inputs_solve_and_bad_ones_are_refused() {
        solve(&generate(1, true)).unwrap();
        assert!(solve("2 2\n..\n.x\n")
            .unwrap_err()
            .to_string()
            .contains("line 3"));
        assert!(solve("2 2\n..\n").is_err());
        assert!(solve("101 2\n").is_err());
    }
}
