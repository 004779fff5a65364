//! Sequences and tables of Grundy values of catalog games, through the
//! catalog entries' position templates and [`AnyGame::values`].

use serde::Serialize;
use thiserror::Error;

use super::expr::Cell;
use super::table::Table;
use crate::catalog::erased::{AnyGame, ValuesError};
use crate::catalog::{self, CatalogError, Entry};
use crate::Limits;

/// Which values: a sequence `G(n)` or a table `G(i, j)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Shape {
    /// `len` terms from `n = from`.
    Sequence {
        /// The first index.
        from: u64,
        /// How many terms.
        len: u64,
    },
    /// `rows × cols` cells from `(from, from)`.
    Table {
        /// The first row and column index.
        from: u64,
        /// How many rows.
        rows: u64,
        /// How many columns.
        cols: u64,
    },
}

impl Shape {
    /// The cells, row by row.
    pub fn cells(&self) -> Vec<Cell> {
        match *self {
            Shape::Sequence { from, len } => (from..from + len)
                .map(|n| Cell {
                    n,
                    ..Cell::default()
                })
                .collect(),
            Shape::Table { from, rows, cols } => (from..from + rows)
                .flat_map(|i| (from..from + cols).map(move |j| Cell { n: 0, i, j }))
                .collect(),
        }
    }

    /// The number of cells.
    pub fn cells_count(&self) -> u64 {
        match *self {
            Shape::Sequence { len, .. } => len,
            Shape::Table { rows, cols, .. } => rows.saturating_mul(cols),
        }
    }

    /// The same shape, `factor` times longer (or wider and taller).
    pub fn scaled(&self, factor: u64) -> Shape {
        match *self {
            Shape::Sequence { from, len } => Shape::Sequence {
                from,
                len: len * factor,
            },
            Shape::Table { from, rows, cols } => Shape::Table {
                from,
                rows: rows * factor,
                cols: cols * factor,
            },
        }
    }
}

/// Why values could not be computed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SourceError {
    /// The game is not in the catalog.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// The game's positions are not one (or two) numbers.
    #[error(
        "{game} has no {kind}: its positions are not {what}; try a game whose positions are {what}"
    )]
    NoTemplate {
        /// The game.
        game: String,
        /// `sequence` or `table`.
        kind: &'static str,
        /// What the positions would need to be.
        what: &'static str,
    },
    /// A position failed to parse or to search.
    #[error(transparent)]
    Values(#[from] ValuesError),
    /// A position is too large to search.
    #[error(
        "{game} {position} is too large to search; ask for fewer values or raise --max-positions"
    )]
    TooLarge {
        /// The game.
        game: String,
        /// The position.
        position: String,
    },
}

/// The catalog game named by `spec` with its entry.
///
/// # Errors
/// [`SourceError::Catalog`] for an unknown game or bad parameter.
pub fn game(spec: &catalog::Spec) -> Result<(Box<dyn AnyGame>, &'static Entry), SourceError> {
    Ok((spec.build()?, spec.entry()?))
}

fn template(entry: &Entry, game: &dyn AnyGame, table: bool) -> Result<&'static str, SourceError> {
    let (t, kind, what) = if table {
        (entry.table_position, "table", "two numbers")
    } else {
        (entry.sequence_position, "sequence", "one number")
    };
    t.ok_or(SourceError::NoTemplate {
        game: game.name(),
        kind,
        what,
    })
}

/// The first index with a legal position: 0, or 1 for games (like E&D)
/// whose heaps start at 1.
///
/// # Errors
/// [`SourceError::NoTemplate`] when the game has no such positions.
pub fn first_index(game: &dyn AnyGame, entry: &Entry, table: bool) -> Result<u64, SourceError> {
    Ok(catalog::first_index(game, template(entry, game, table)?))
}

/// The values on the cells of `shape`, in [`Shape::cells`] order.
///
/// # Errors
/// [`SourceError`] when the game has no template of that shape, a position
/// does not parse, or one is too large to search within `limits`.
pub fn values(
    game: &dyn AnyGame,
    entry: &Entry,
    shape: Shape,
    limits: Limits,
) -> Result<Vec<u64>, SourceError> {
    let t = template(entry, game, matches!(shape, Shape::Table { .. }))?;
    let positions: Vec<String> = shape
        .cells()
        .iter()
        .map(|c| catalog::fill(t, c.n, c.i, c.j))
        .collect();
    let mut words = positions
        .iter()
        .map(|p| p.split_whitespace().map(str::to_string).collect());
    let values = game.values(&mut words, limits)?;
    values
        .into_iter()
        .zip(&positions)
        .map(|(v, p)| {
            v.map(|g| g.0).ok_or_else(|| SourceError::TooLarge {
                game: game.name(),
                position: p.clone(),
            })
        })
        .collect()
}

/// The values of a table shape as a [`Table`].
pub fn to_table(shape: Shape, values: &[u64]) -> Option<Table> {
    match shape {
        Shape::Table { from, cols, .. } if cols > 0 => Some(Table {
            from,
            values: values.chunks(cols as usize).map(<[u64]>::to_vec).collect(),
        }),
        _ => None,
    }
}
