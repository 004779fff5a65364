//! Cram: a domino on two free cells side by side; whoever cannot place
//! one loses.
//!
//! A board is `RxC` (every cell free) or its rows top to bottom, `.` free
//! and `#` blocked, joined by `/`. A move `h R,C` covers `(R,C)` and
//! `(R,C+1)`; `v R,C` covers `(R,C)` and `(R+1,C)`; rows and columns count
//! from 0 at the top left. A component is a set of free cells joined by
//! sides, of at least two cells, cropped to its bounding box.

use std::fmt;

use super::Rules;

/// The most cells a board may have.
const MAX_CELLS: usize = 128;

/// A board: cell `(r, c)` is bit `r * cols + c` of `free`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    free: u128,
}

/// A domino: its top-left cell and whether it lies down (`v`) or across.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    down: bool,
    row: usize,
    col: usize,
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = if self.down { 'v' } else { 'h' };
        write!(f, "{d} {},{}", self.row, self.col)
    }
}

impl Board {
    fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.cols + c)
    }

    fn is_free(&self, r: usize, c: usize) -> bool {
        r < self.rows && c < self.cols && self.free & self.bit(r, c) != 0
    }

    /// The free cells joined by sides to the cells of `seed`.
    fn region(&self, seed: u128) -> u128 {
        let mut region = seed;
        loop {
            let mut grown = region;
            for i in ones(region) {
                let (r, c) = (i / self.cols, i % self.cols);
                for (dr, dc) in [(0, 1), (1, 0), (0, usize::MAX), (usize::MAX, 0)] {
                    let (nr, nc) = (r.wrapping_add(dr), c.wrapping_add(dc));
                    if self.is_free(nr, nc) {
                        grown |= self.bit(nr, nc);
                    }
                }
            }
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells of `region` in their bounding box.
    fn cropped(&self, region: u128) -> Board {
        let cells: Vec<(usize, usize)> = ones(region)
            .map(|i| (i / self.cols, i % self.cols))
            .collect();
        let r0 = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
        let c0 = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
        let rows = cells.iter().map(|&(r, _)| r + 1 - r0).max().unwrap_or(0);
        let cols = cells.iter().map(|&(_, c)| c + 1 - c0).max().unwrap_or(0);
        let free = cells
            .iter()
            .fold(0u128, |f, &(r, c)| f | 1 << ((r - r0) * cols + c - c0));
        Board { rows, cols, free }
    }

    /// The board under symmetry `s` (bit 0: mirror left-right, bit 1:
    /// upside down, bit 2: transposed after).
    fn image(&self, s: u8) -> Board {
        let (rows, cols) = match s & 4 {
            0 => (self.rows, self.cols),
            _ => (self.cols, self.rows),
        };
        let mut free = 0u128;
        for i in ones(self.free) {
            let (mut r, mut c) = (i / self.cols, i % self.cols);
            if s & 1 != 0 {
                c = self.cols - 1 - c;
            }
            if s & 2 != 0 {
                r = self.rows - 1 - r;
            }
            if s & 4 != 0 {
                (r, c) = (c, r);
            }
            free |= 1 << (r * cols + c);
        }
        Board { rows, cols, free }
    }
}

/// The indices of the 1 bits of `x`, lowest first.
fn ones(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = x.trailing_zeros() as usize;
        x &= x.wrapping_sub(1);
        (i < 128).then_some(i)
    })
}

/// `R,C` as two numbers.
fn cell(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.split_once(',')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// The rules of Cram.
pub struct Cram;

impl Rules for Cram {
    type Pos = Board;
    type Move = Domino;
    type Key = Board;

    fn position(&self, text: &str) -> Result<Board, String> {
        if let Some((r, c)) = text.split_once('x') {
            let (rows, cols): (usize, usize) = match (r.parse(), c.parse()) {
                (Ok(r), Ok(c)) => (r, c),
                _ => {
                    return Err(format!(
                        "`{text}` is not a board: write `5x7` or rows such as `..#/...`"
                    ))
                }
            };
            if rows * cols > MAX_CELLS || rows == 0 || cols == 0 {
                return Err(format!("`{text}`: a board has 1 to {MAX_CELLS} cells"));
            }
            let free = u128::MAX >> (128 - rows * cols);
            return Ok(Board { rows, cols, free });
        }
        let rows: Vec<&str> = text.split(['/', ' ']).filter(|r| !r.is_empty()).collect();
        let cols = rows.first().map_or(0, |r| r.len());
        if cols == 0 || rows.iter().any(|r| r.len() != cols) || rows.len() * cols > MAX_CELLS {
            return Err(format!(
                "`{text}` is not a board: rows of equal length, at most {MAX_CELLS} cells"
            ));
        }
        let mut free = 0u128;
        for (i, ch) in rows.iter().flat_map(|r| r.chars()).enumerate() {
            match ch {
                '.' => free |= 1 << i,
                '#' => {}
                _ => return Err(format!("`{ch}` in `{text}`: a cell is `.` (free) or `#`")),
            }
        }
        Ok(Board {
            rows: rows.len(),
            cols,
            free,
        })
    }

    fn parse_move(&self, text: &str) -> Result<Domino, String> {
        let bad = || format!("`{text}` is not a domino: write `h 2,3` or `v 2,3`");
        let (d, at) = text.split_once(' ').ok_or_else(bad)?;
        let (row, col) = cell(at.trim()).ok_or_else(bad)?;
        let down = match d {
            "h" => false,
            "v" => true,
            _ => return Err(bad()),
        };
        Ok(Domino { down, row, col })
    }

    fn moves(&self, b: &Board) -> Vec<Domino> {
        let mut all = Vec::new();
        for i in ones(b.free) {
            let (row, col) = (i / b.cols, i % b.cols);
            for down in [false, true] {
                let m = Domino { down, row, col };
                if self.legal(b, &m) {
                    all.push(m);
                }
            }
        }
        all
    }

    fn legal(&self, b: &Board, m: &Domino) -> bool {
        let (r2, c2) = if m.down {
            (m.row + 1, m.col)
        } else {
            (m.row, m.col + 1)
        };
        b.is_free(m.row, m.col) && b.is_free(r2, c2)
    }

    fn play(&self, b: &Board, m: &Domino) -> Board {
        let (r2, c2) = if m.down {
            (m.row + 1, m.col)
        } else {
            (m.row, m.col + 1)
        };
        Board {
            free: b.free & !b.bit(m.row, m.col) & !b.bit(r2, c2),
            ..*b
        }
    }

    fn parts(&self, b: &Board) -> Vec<Board> {
        let mut left = b.free;
        let mut parts = Vec::new();
        while left != 0 {
            let region = b.region(left & left.wrapping_neg());
            left &= !region;
            if region.count_ones() >= 2 {
                parts.push(b.cropped(region));
            }
        }
        parts
    }

    fn images(&self, k: &Board) -> Vec<Board> {
        (0..8).map(|s| k.image(s)).collect()
    }
}
