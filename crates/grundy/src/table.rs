//! Tables of Grundy values G(i, j) for games whose positions have two
//! numbers (two heaps, E&D groups, Wythoff, script games on `[i,j]`), the
//! first step of finding a game's pattern by hand.
//!
//! The catalog says how a two-number position is written
//! ([`Entry::table_position`](crate::catalog::Entry::table_position)); the
//! values come from [`AnyGame::values`](crate::AnyGame::values), by formula where the game has one,
//! else by one memoised search shared by every cell.
//!
//! ```
//! let t = grundy::table::table(&"nim".into(), 4, 4, None, grundy::Limits::default()).unwrap();
//! assert_eq!(t.value(2, 3), Some(1)); // 2 XOR 3
//! ```

use thiserror::Error;

use crate::catalog::erased::ValuesError;
use crate::catalog::{self, CatalogError, ENTRIES};
use crate::solve::Limits;

/// The most cells one table may have (4096 × 4096).
pub const MAX_CELLS: u64 = 1 << 24;

/// A table of Grundy values: row `r`, column `c` is G(first + r, first + c).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The game, with its parameters.
    pub game: String,
    /// The number of the first row and of the first column.
    pub first: u64,
    /// Values row by row; `None` where search could not finish.
    pub rows: Vec<Vec<Option<u64>>>,
}

impl Table {
    /// G(i, j), by the numbers of the positions (not the indices); `None`
    /// outside the table or where unknown.
    pub fn value(&self, i: u64, j: u64) -> Option<u64> {
        let r = usize::try_from(i.checked_sub(self.first)?).ok()?;
        let c = usize::try_from(j.checked_sub(self.first)?).ok()?;
        *self.rows.get(r)?.get(c)?
    }

    /// The largest value in the table (0 for an empty one).
    pub fn max_value(&self) -> u64 {
        self.rows
            .iter()
            .flatten()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0)
    }
}

/// Why a table could not be made.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The game is not in the catalog, or its parameter is wrong.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// The game's positions are not two numbers.
    #[error("`{game}` has no table: its positions are not two numbers; games with tables: {}", with.join(", "))]
    NoTable {
        /// The game asked for.
        game: String,
        /// The games that have tables.
        with: Vec<&'static str>,
    },
    /// More cells than [`MAX_CELLS`], or no cell at all.
    #[error("a table of {rows} × {cols} cells is refused: ask for 1 to {MAX_CELLS} cells (e.g. --rows 1024 --cols 1024)")]
    Size {
        /// Rows asked for.
        rows: u64,
        /// Columns asked for.
        cols: u64,
    },
    /// A position did not parse or the search failed.
    #[error(transparent)]
    Values(#[from] ValuesError),
}

/// The games of the catalog that have tables.
pub fn games_with_tables() -> Vec<&'static str> {
    ENTRIES
        .iter()
        .filter(|e| e.table_position.is_some())
        .map(|e| e.name)
        .collect()
}

/// The table of G(i, j) for `rows` × `cols` cells of the game `spec`,
/// starting at `first` for both numbers. Without `first`, it starts at 0, or
/// at 1 for games where a number cannot be 0 (such as E&D, whose piles are
/// never empty).
///
/// # Errors
/// [`TableError`]: an unknown game, one without two-number positions, a
/// size out of range, or a failing search (a script error, say).
///
/// # Complexity
/// One search shared by all cells: no more than the largest cell costs
/// alone, for games without a formula.
pub fn table(
    spec: &catalog::Spec,
    rows: u64,
    cols: u64,
    first: Option<u64>,
    limits: Limits,
) -> Result<Table, TableError> {
    let game = spec.build()?;
    let template = spec
        .entry()?
        .table_position
        .ok_or_else(|| TableError::NoTable {
            game: game.name(),
            with: games_with_tables(),
        })?;
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(TableError::Size { rows, cols });
    }
    let words = |i: u64, j: u64| catalog::position_words(template, 0, i, j);
    let first = first.unwrap_or_else(|| catalog::first_index(game.as_ref(), template));
    let mut positions = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| words(first.saturating_add(r), first.saturating_add(c)));
    let values = game.values(&mut positions, limits)?;
    let width = usize::try_from(cols).unwrap_or(usize::MAX);
    Ok(Table {
        game: game.name(),
        first,
        rows: values
            .chunks(width)
            .map(|row| row.iter().map(|v| v.map(|g| g.value())).collect())
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_heap_nim_is_xor() {
        // Bouton (1901): G(i, j) = i XOR j.
        let t = table(&"nim".into(), 8, 6, None, Limits::default()).unwrap();
        assert_eq!((t.first, t.rows.len(), t.rows[0].len()), (0, 8, 6));
        for i in 0..8 {
            for j in 0..6 {
                assert_eq!(t.value(i, j), Some(i ^ j));
            }
        }
        let t = table(&"nim".into(), 2, 2, Some(5), Limits::default()).unwrap();
        assert_eq!(t.value(5, 6), Some(3));
        assert_eq!(t.value(0, 0), None);
    }

    #[test]
    fn refuses_games_and_sizes_without_tables() {
        let err = table(&"sum".into(), 4, 4, None, Limits::default()).unwrap_err();
        assert!(matches!(err, TableError::NoTable { .. }));
        assert!(err.to_string().contains("nim"), "{err}");
        assert!(matches!(
            table(&"nim".into(), 0, 4, None, Limits::default()),
            Err(TableError::Size { .. })
        ));
        assert!(matches!(
            table(&"nim".into(), 1 << 13, 1 << 13, None, Limits::default()),
            Err(TableError::Size { .. })
        ));
    }
}
