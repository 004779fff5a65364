//! Shared reading and graph building for the grid judges of vertex geography
//! (Luogu P4055, GCJ 2008 King, Luogu P1971).

use std::sync::Arc;

use super::{JudgeError, Tokens};
use crate::games::geography::matching::Graph;
use crate::games::geography::Board;

/// A board of characters, row by row.
pub struct Grid {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The characters, row-major.
    pub cells: Vec<u8>,
}

impl Grid {
    /// Reads `rows` words of `cols` characters, each one of `allowed`.
    ///
    /// # Errors
    /// A missing row, a row of the wrong length or a character not allowed.
    pub fn read(
        t: &mut Tokens<'_>,
        rows: usize,
        cols: usize,
        allowed: &str,
    ) -> Result<Grid, JudgeError> {
        let mut cells = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            let row = t.word(&format!("row {} of the board", r + 1))?;
            if row.len() != cols || !row.bytes().all(|b| allowed.as_bytes().contains(&b)) {
                return Err(t.invalid(format!(
                    "row {} is `{row}`; expected {cols} characters from `{allowed}`",
                    r + 1
                )));
            }
            cells.extend_from_slice(row.as_bytes());
        }
        Ok(Grid { rows, cols, cells })
    }

    /// The cell at row `r`, column `c` (from 0).
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// The board whose vertex `r·cols + c` is cell (r, c), joining the cells
    /// that `keep` accepts when they are `offsets` apart.
    pub fn board(
        &self,
        offsets: &[(isize, isize)],
        keep: impl Fn(usize, usize) -> bool,
    ) -> Arc<Board> {
        let mut edges = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if !keep(r, c) {
                    continue;
                }
                for &(dr, dc) in offsets {
                    let (Some(r2), Some(c2)) = (r.checked_add_signed(dr), c.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if r2 < self.rows && c2 < self.cols && keep(r2, c2) {
                        edges.push(((r * self.cols + c) as u32, (r2 * self.cols + c2) as u32));
                    }
                }
            }
        }
        Arc::new(Board::from_graph(Graph::new(self.rows * self.cols, &edges)))
    }
}

/// The four edge-adjacent steps.
pub const ROOK_STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The eight steps of a chess king.
pub const KING_STEPS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
