//! Luogu P1971 \[NOI2011\] 兔兔与蛋蛋游戏: replay a game of sliding pieces
//! into the gap and list the loser's mistakes.
//!
//! The gap walks a bipartite graph: its own cell, the `X` cells of its
//! chessboard colour and the `O` cells of the other colour. A cell the gap
//! has left holds a piece neither player may move back, so the game is vertex
//! geography on that graph, replayed with [`Geography::play`], which repairs
//! the maximum matching by one augmenting path per move.

use std::sync::Arc;

use super::geography_grid::{Grid, ROOK_STEPS};
use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::game::Game;
use crate::games::geography::{Geography, Slide};
use crate::solution::Solution;
use crate::Outcome;

/// Luogu P1971.
pub const LUOGU_P1971: Problem = Problem {
    name: "luogu-p1971",
    source: "Luogu P1971 [NOI2011] 兔兔与蛋蛋游戏 (geography with history: the loser's mistakes)",
    solve,
    generate,
};

/// The board as the players see it, to check that each move is legal.
struct Play {
    grid: Grid,
    gap: usize,
}

impl Play {
    /// Slides the piece at `cell`, which must be `piece` and next to the gap.
    fn slide(&mut self, cell: usize, piece: u8) -> bool {
        let cols = self.grid.cols;
        let (r, c, gr, gc) = (cell / cols, cell % cols, self.gap / cols, self.gap % cols);
        if r.abs_diff(gr) + c.abs_diff(gc) != 1 || self.grid.cells[cell] != piece {
            return false;
        }
        self.grid.cells[self.gap] = piece;
        self.grid.cells[cell] = b'.';
        self.gap = cell;
        true
    }
}

fn read_move(t: &mut Tokens<'_>, grid: &Grid, who: &str) -> Result<usize, JudgeError> {
    let x = t.count(&format!("{who}'s row"), 1, grid.rows)?;
    let y = t.count(&format!("{who}'s column"), 1, grid.cols)?;
    Ok((x - 1) * grid.cols + y - 1)
}

/// Plays `who`'s move to `cell`, on the board and in the geography position.
fn step(
    t: &Tokens<'_>,
    board: &mut Play,
    p: &Geography,
    cell: usize,
    piece: u8,
    who: &str,
) -> Result<Geography, JudgeError> {
    if !board.slide(cell, piece) {
        let name = if piece == b'O' {
            "white (O)"
        } else {
            "black (X)"
        };
        return Err(t.invalid(format!(
            "{who} must slide a {name} piece next to the gap into it"
        )));
    }
    let m = Slide { to: cell as u64 };
    if !p.legal(&m) {
        return Err(t.invalid("the gap returns to a cell it has visited (impossible by the rules)"));
    }
    Ok(p.play(&m))
}

/// The board, k rounds of moves; the number of Tutu's mistakes and which.
fn solve(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let n = t.count("n", 1, 40)?;
    let m = t.count("m", 1, 40)?;
    let grid = Grid::read(&mut t, n, m, "XO.")?;
    let gaps: Vec<usize> = (0..n * m).filter(|&i| grid.cells[i] == b'.').collect();
    let [gap] = gaps[..] else {
        return Err(t.invalid(format!(
            "the board has {} empty cells; it must have exactly one",
            gaps.len()
        )));
    };
    let k = t.count("k", 1, 1000)?;
    let parity = (gap / m + gap % m) % 2;
    let keep = |r: usize, c: usize| match grid.at(r, c) {
        b'.' => true,
        b'X' => (r + c) % 2 == parity,
        _ => (r + c) % 2 != parity,
    };
    let graph = grid.board(&ROOK_STEPS, keep);
    let mut p = Geography::new(Arc::clone(&graph), gap as u32);
    let mut board = Play { grid, gap };
    let mut mistakes = Vec::new();
    for round in 1..=k {
        let cell = read_move(&mut t, &board.grid, "Tutu")?;
        let could_win = p.outcome() == Outcome::Next;
        p = step(&t, &mut board, &p, cell, b'O', "Tutu")?;
        if could_win && p.outcome() == Outcome::Next {
            mistakes.push(round);
        }
        let cell = read_move(&mut t, &board.grid, "Dandan")?;
        p = step(&t, &mut board, &p, cell, b'X', "Dandan")?;
    }
    t.finish()?;
    let mut out = format!("{}\n", mistakes.len());
    for r in mistakes {
        out.push_str(&format!("{r}\n"));
    }
    Ok(out)
}

fn generate(seed: u64, max: bool) -> String {
    if max {
        return snake(seed);
    }
    let mut r = rng(seed);
    loop {
        let (n, m) = if r.chance(1, 3) {
            (1, r.range(2, 8))
        } else {
            (r.range(2, 3), r.range(2, 4))
        };
        let mut grid: Vec<u8> = (0..n * m)
            .map(|_| if r.chance(1, 2) { b'X' } else { b'O' })
            .collect();
        let gap = r.range(0, n * m - 1) as usize;
        grid[gap] = b'.';
        if let Some(text) = random_game(&mut r, n as usize, m as usize, grid) {
            return text;
        }
    }
}

/// Plays random legal moves to the end; the input text if Dandan won.
fn random_game(
    r: &mut crate::rng::SplitMix64,
    n: usize,
    m: usize,
    cells: Vec<u8>,
) -> Option<String> {
    let mut w = InputWriter::default();
    w.line(format_args!("{n} {m}"));
    for row in cells.chunks(m) {
        w.line(format_args!("{}", String::from_utf8_lossy(row)));
    }
    let gap = cells.iter().position(|&c| c == b'.')?;
    let mut play = Play {
        grid: Grid {
            rows: n,
            cols: m,
            cells,
        },
        gap,
    };
    let mut moves = Vec::new();
    for turn in 0.. {
        let piece = if turn % 2 == 0 { b'O' } else { b'X' };
        let options: Vec<usize> = (0..n * m)
            .filter(|&c| {
                let (a, b, g) = (c / m, c % m, play.gap);
                a.abs_diff(g / m) + b.abs_diff(g % m) == 1 && play.grid.cells[c] == piece
            })
            .collect();
        if options.is_empty() {
            // Tutu is stuck after a whole number of rounds: Dandan won.
            return (turn % 2 == 0 && turn > 0).then(|| {
                w.line(format_args!("{}", turn / 2));
                for c in moves {
                    w.line(format_args!("{} {}", c / m + 1, c % m + 1));
                }
                w.finish()
            });
        }
        let c = options[r.range(0, options.len() as u64 - 1) as usize];
        play.slide(c, piece);
        moves.push(c);
    }
    None
}

/// A 40×40 chessboard pattern the gap crosses row by row, a snake of 1598
/// moves (799 rounds, the longest game on 1600 cells that Dandan can win),
/// ending where Tutu's last neighbour is black.
fn snake(seed: u64) -> String {
    let side = 40;
    let mut w = InputWriter::default();
    w.line(format_args!("{side} {side}"));
    let path: Vec<usize> = (0..side)
        .flat_map(|r| (0..side).map(move |c| r * side + if r % 2 == 0 { c } else { side - 1 - c }))
        .collect();
    let transpose = seed % 2 == 1;
    let cell = |i: usize| {
        if transpose {
            i % side * side + i / side
        } else {
            i
        }
    };
    let mut cells = vec![b'X'; side * side];
    for (i, &c) in path.iter().enumerate() {
        cells[cell(c)] = if i % 2 == 1 { b'O' } else { b'X' };
    }
    cells[cell(path[0])] = b'.';
    cells[cell(path[side * side - 1])] = b'X';
    for row in cells.chunks(side) {
        w.line(format_args!("{}", String::from_utf8_lossy(row)));
    }
    let rounds = (side * side - 2) / 2;
    w.line(format_args!("{rounds}"));
    for &c in &path[1..=2 * rounds] {
        let c = cell(c);
        w.line(format_args!("{} {}", c / side + 1, c % side + 1));
    }
    w.finish()
}

#[cfg(test)]
mod tests;
