//! [`Grid`]: the values of one shape, cell by cell.

use std::slice::Chunks;

use serde::Serialize;

use super::Shape;
use crate::api::Error;
use crate::catalog;

/// The values of a game over a [`Shape`], row by row (a sequence is one
/// row), `None` where search could not finish. Made by
/// [`Source::grid`](super::Source::grid), which checked the shape.
///
/// Its JSON is `{"game":…,"shape":…,"values":[…]}`, `null` for unknown
/// values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grid {
    game: String,
    shape: Shape,
    values: Vec<Option<u64>>,
    // How a cell's position is written, to name one whose value is unknown.
    #[serde(skip)]
    template: &'static str,
    #[serde(skip)]
    cols: usize,
}

impl Grid {
    /// A grid of `values` on the cells of a checked `shape`.
    pub(super) fn new(
        game: String,
        shape: Shape,
        template: &'static str,
        values: Vec<Option<u64>>,
    ) -> Grid {
        // A checked shape has at most MAX_CELLS cells, so its width fits.
        let cols = usize::try_from(shape.cols()).expect("a checked shape's width fits in usize");
        assert_eq!(
            values.len() as u64,
            shape.cells_count(),
            "one value per cell"
        );
        Grid {
            game,
            shape,
            values,
            template,
            cols,
        }
    }

    /// A table of known values, row by row from `(first, first)`: a grid a
    /// front end kept as numbers (a Python pickle), made again.
    ///
    /// # Errors
    /// As [`Shape::check`] (no cell, too many, an index past 2^64 − 1).
    ///
    /// # Panics
    /// If `values` is not `rows × cols` long.
    pub fn known_table(
        game: String,
        first: u64,
        rows: u64,
        cols: u64,
        values: Vec<u64>,
    ) -> Result<Grid, Error> {
        let shape = Shape::Table {
            from: first,
            rows,
            cols,
        };
        shape.check()?;
        let values = values.into_iter().map(Some).collect();
        Ok(Grid::new(game, shape, "", values))
    }

    /// The game, with its parameter.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The shape the values cover.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every value, row by row.
    pub fn values(&self) -> &[Option<u64>] {
        &self.values
    }

    /// The number of rows (1 for a sequence).
    pub fn rows(&self) -> usize {
        self.values.len() / self.cols
    }

    /// The number of columns (the terms of a sequence).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The rows, first to last; row `r` holds the values of `i = first + r`.
    pub fn iter_rows(&self) -> Chunks<'_, Option<u64>> {
        self.values.chunks(self.cols)
    }

    /// Column `c`, top to bottom: the values of `j = first + c`; empty past
    /// the last column.
    pub fn column(&self, c: usize) -> Vec<Option<u64>> {
        if c >= self.cols {
            return Vec::new();
        }
        self.iter_rows().map(|row| row[c]).collect()
    }

    /// G(i, j) of a table, by the numbers of the position (not the
    /// indices); `None` outside the table, where unknown, or for a sequence.
    pub fn value(&self, i: u64, j: u64) -> Option<u64> {
        if !matches!(self.shape, Shape::Table { .. }) {
            return None;
        }
        let first = self.shape.first();
        let r = usize::try_from(i.checked_sub(first)?).ok()?;
        let c = usize::try_from(j.checked_sub(first)?).ok()?;
        if c >= self.cols {
            return None;
        }
        *self.values.get(r.checked_mul(self.cols)?.checked_add(c)?)?
    }

    /// G(n) of a sequence; `None` outside it, where unknown, or for a table.
    pub fn term(&self, n: u64) -> Option<u64> {
        if !matches!(self.shape, Shape::Sequence { .. }) {
            return None;
        }
        let k = usize::try_from(n.checked_sub(self.shape.first())?).ok()?;
        *self.values.get(k)?
    }

    /// The largest known value (0 for a grid with none).
    pub fn max_value(&self) -> u64 {
        self.values.iter().flatten().copied().max().unwrap_or(0)
    }

    /// Every value, row by row, for analyses that need them all (periods,
    /// block structure, formulas: [`crate::api::pattern`] takes these with
    /// [`cols`](Grid::cols)).
    ///
    /// # Errors
    /// [`Error::Unknown`], naming the first position whose value search
    /// could not find.
    pub fn known(&self) -> Result<Vec<u64>, Error> {
        self.values
            .iter()
            .zip(self.shape.cell_iter())
            .map(|(v, c)| {
                v.ok_or_else(|| Error::Unknown {
                    game: self.game.clone(),
                    position: catalog::fill(self.template, c.n, c.i, c.j),
                })
            })
            .collect()
    }
}
