//! Values over a shape: the Grundy values G(n) of a game whose positions are
//! one number, or G(i, j) of one whose positions are two numbers, as one
//! [`Grid`]. `table`, `pattern` and `formula` all get their values here, so
//! they agree on the shape a request means, on the first index and on the
//! size limit ([`MAX_CELLS`]).
//!
//! The catalog says how such a position is written
//! ([`Entry::sequence_position`], [`Entry::table_position`]); the values
//! come from [`AnyGame::values`], by formula where the game has one, else by
//! one memoised search shared by every cell.
//!
//! ```
//! use grundy::api::values::{grid, Defaults, ShapeRequest};
//! let asked = ShapeRequest { rows: Some(4), cols: Some(4), ..ShapeRequest::default() };
//! let t = grid(&"nim".into(), &asked, Defaults::default(), grundy::api::Limits::default()).unwrap();
//! assert_eq!(t.value(2, 3), Some(1)); // Bouton: 2 XOR 3
//! ```

use serde::Serialize;

use crate::analysis::erased::AnyGame;
use crate::api::Error;
use crate::catalog::{self, Entry, Spec, ENTRIES};
use crate::pattern::{Cell, Var};
use crate::solve::Limits;

mod grid;
mod locate;

pub use grid::Grid;
pub use locate::{locate, Located};

/// The most cells one grid may have: 2^24, a 4096 × 4096 table.
///
/// A cell costs 16 bytes (`Option<u64>`), so a full grid is 256 MiB: as much
/// as a front end should hold for one request. It is the largest table the
/// `table` command always drew (a heatmap has one pixel per cell from about
/// 900 cells on, so 4096 is more than a picture can show), and it leaves
/// sequences room for long runs. Patterns and formula searches cost more per
/// cell, but their time is bounded by their own options, not by this.
pub const MAX_CELLS: u64 = 1 << 24;

/// Whether values are a sequence G(n) or a table G(i, j).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// G(n), for positions of one number.
    Sequence,
    /// G(i, j), for positions of two numbers.
    Table,
}

impl Kind {
    /// `sequence` or `table`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sequence => "sequence",
            Kind::Table => "table",
        }
    }

    /// What the game's positions must be: `one number` or `two numbers`.
    pub fn numbers(self) -> &'static str {
        match self {
            Kind::Sequence => "one number",
            Kind::Table => "two numbers",
        }
    }

    /// The position template of `entry` for this kind, if it has one.
    fn template(self, entry: &Entry) -> Option<&'static str> {
        match self {
            Kind::Sequence => entry.sequence_position,
            Kind::Table => entry.table_position,
        }
    }
}

/// Which values: a sequence `G(n)` or a table `G(i, j)`. Its JSON is the
/// `shape` of `grundy pattern --json`, e.g. `{"Sequence":{"from":0,"len":24}}`.
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
    /// A sequence or a table.
    pub fn kind(&self) -> Kind {
        match self {
            Shape::Sequence { .. } => Kind::Sequence,
            Shape::Table { .. } => Kind::Table,
        }
    }

    /// The first index (of `n`, or of `i` and of `j`).
    pub fn first(&self) -> u64 {
        match *self {
            Shape::Sequence { from, .. } | Shape::Table { from, .. } => from,
        }
    }

    /// The number of rows: a sequence is one row.
    pub fn rows(&self) -> u64 {
        match *self {
            Shape::Sequence { .. } => 1,
            Shape::Table { rows, .. } => rows,
        }
    }

    /// The number of columns: a sequence's terms are its columns.
    pub fn cols(&self) -> u64 {
        match *self {
            Shape::Sequence { len, .. } => len,
            Shape::Table { cols, .. } => cols,
        }
    }

    /// The number of cells (saturating: [`check`](Shape::check) refuses
    /// anything near `u64::MAX`).
    pub fn cells_count(&self) -> u64 {
        self.rows().saturating_mul(self.cols())
    }

    /// The cells, row by row, as [`Cell`]s for formulas (`n` for
    /// sequences, `i` and `j` for tables). Indices past `u64::MAX` are left
    /// out; [`check`](Shape::check) refuses shapes that would have them.
    pub fn cells(&self) -> Vec<Cell> {
        self.cell_iter().collect()
    }

    /// [`cells`](Shape::cells) one at a time, so that a grid's positions
    /// need not all exist at once.
    fn cell_iter(&self) -> impl Iterator<Item = Cell> + '_ {
        let from = self.first();
        let indices = move |count: u64| (0..count).map_while(move |k| from.checked_add(k));
        let table = matches!(self, Shape::Table { .. });
        indices(self.rows()).flat_map(move |i| {
            indices(self.cols()).map(move |j| {
                if table {
                    Cell { n: 0, i, j }
                } else {
                    Cell { n: j, i: 0, j: 0 }
                }
            })
        })
    }

    /// The same shape, `factor` times longer (or wider and taller); sizes
    /// saturate, for [`check`](Shape::check) to refuse.
    pub fn scaled(&self, factor: u64) -> Shape {
        match *self {
            Shape::Sequence { from, len } => Shape::Sequence {
                from,
                len: len.saturating_mul(factor),
            },
            Shape::Table { from, rows, cols } => Shape::Table {
                from,
                rows: rows.saturating_mul(factor),
                cols: cols.saturating_mul(factor),
            },
        }
    }

    /// The variables of a formula over this shape: `n`, or `i` and `j`.
    pub fn vars(&self) -> Vec<Var> {
        match self {
            Shape::Sequence { .. } => vec![Var::N],
            Shape::Table { .. } => vec![Var::I, Var::J],
        }
    }

    /// What the shape asks for, in words: `a table of 4 × 4 cells`.
    fn asked(&self) -> String {
        match *self {
            Shape::Sequence { len, .. } => format!("a sequence of {len} terms"),
            Shape::Table { rows, cols, .. } => format!("a table of {rows} × {cols} cells"),
        }
    }

    /// Checks that the shape can be computed: at least one cell, at most
    /// [`MAX_CELLS`], and a last index that fits in 64 bits.
    ///
    /// # Errors
    /// [`Error::Empty`] for no cell; [`Error::TooLarge`] for more than
    /// [`MAX_CELLS`] cells, or indices past `u64::MAX`.
    pub fn check(&self) -> Result<(), Error> {
        let cells = self.cells_count();
        if cells == 0 {
            return Err(Error::Empty {
                asked: self.asked(),
            });
        }
        let (what, asked, limit, fix) = match *self {
            Shape::Sequence { len, .. } => (
                "a sequence",
                format!("{len} terms"),
                format!("{MAX_CELLS} terms"),
                "--len",
            ),
            Shape::Table { rows, cols, .. } => (
                "a table",
                format!("{rows} × {cols} cells"),
                format!("{MAX_CELLS} cells (4096 × 4096)"),
                "--rows and --cols",
            ),
        };
        if cells > MAX_CELLS {
            return Err(Error::TooLarge {
                what: what.to_string(),
                asked,
                limit,
                fix: format!("ask for fewer with {fix}"),
            });
        }
        let extent = self.rows().max(self.cols());
        if self.first().checked_add(extent - 1).is_none() {
            return Err(Error::TooLarge {
                what: what.to_string(),
                asked: format!("{asked} from {}", self.first()),
                limit: format!("a last index of {} (2^64 - 1)", u64::MAX),
                fix: format!("start lower with --from, or ask for fewer with {fix}"),
            });
        }
        Ok(())
    }
}

/// What a front end was asked for; every field may be left out. Rows or
/// columns ask for a table (a missing one is as many as the other), a
/// length for a sequence; without either, [`Defaults`] and the game decide.
/// Its JSON is the body of the web playground's `/api/table`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ShapeRequest {
    /// Rows of a table.
    pub rows: Option<u64>,
    /// Columns of a table.
    pub cols: Option<u64>,
    /// Terms of a sequence.
    pub len: Option<u64>,
    /// The first index; without it 0, or 1 for games (like E&D) where 0 is
    /// not a position.
    pub from: Option<u64>,
}

/// What a request that does not say gets: the kind, and the size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// The kind; `None` for a sequence where the game has one, else a table.
    pub kind: Option<Kind>,
    /// Rows and columns of a table.
    pub side: u64,
    /// Terms of a sequence.
    pub len: u64,
}

impl Default for Defaults {
    /// The game decides; 16 × 16 cells or 64 terms.
    fn default() -> Defaults {
        Defaults {
            kind: None,
            side: 16,
            len: 64,
        }
    }
}

/// A catalog game whose values a grid holds, built once from its spec.
pub struct Source {
    game: Box<dyn AnyGame>,
    entry: &'static Entry,
}

impl Source {
    /// The game named by `spec` (`nim`, `subtraction:1,3,4`, `ed`).
    ///
    /// # Errors
    /// [`Error::Catalog`] for an unknown game or a bad parameter.
    pub fn new(spec: &Spec) -> Result<Source, Error> {
        Ok(Source {
            game: spec.build()?,
            entry: spec.entry()?,
        })
    }

    /// The game's name, with its parameter.
    pub fn name(&self) -> String {
        self.game.name()
    }

    fn template(&self, kind: Kind) -> Result<&'static str, Error> {
        kind.template(self.entry).ok_or_else(|| Error::NoGrid {
            game: self.name(),
            kind: kind.name(),
            numbers: kind.numbers(),
            with: games_with(kind).join(", "),
        })
    }

    /// The shape `asked` means for this game: rows or columns make a table,
    /// a length a sequence, else `defaults.kind`, else a sequence where the
    /// game has one; the first index is 0, or 1 where 0 is not a position.
    ///
    /// # Errors
    /// [`Error::NoGrid`] when the game's positions are not of that kind;
    /// those of [`Shape::check`] for a shape that cannot be computed.
    pub fn shape(&self, asked: &ShapeRequest, defaults: Defaults) -> Result<Shape, Error> {
        let kind = if asked.rows.is_some() || asked.cols.is_some() {
            Kind::Table
        } else if asked.len.is_some() {
            Kind::Sequence
        } else {
            defaults.kind.unwrap_or(match self.entry.sequence_position {
                Some(_) => Kind::Sequence,
                None => Kind::Table,
            })
        };
        let template = self.template(kind)?;
        let from = asked
            .from
            .unwrap_or_else(|| catalog::first_index(self.game.as_ref(), template));
        let shape = match kind {
            Kind::Sequence => Shape::Sequence {
                from,
                len: asked.len.unwrap_or(defaults.len),
            },
            Kind::Table => {
                let rows = asked.rows.or(asked.cols).unwrap_or(defaults.side);
                let cols = asked.cols.unwrap_or(rows);
                Shape::Table { from, rows, cols }
            }
        };
        shape.check()?;
        Ok(shape)
    }

    /// The values on the cells of `shape`; `None` where search could not
    /// finish within `limits`.
    ///
    /// # Errors
    /// [`Error::NoGrid`] when the game's positions are not of the shape's
    /// kind; those of [`Shape::check`], before anything is computed;
    /// [`Error::Values`] for a position that does not parse or a search that
    /// fails (a script error, say).
    ///
    /// # Complexity
    /// One search shared by all cells: no more than the largest cell costs
    /// alone, for games without a formula.
    pub fn grid(&self, shape: Shape, limits: Limits) -> Result<Grid, Error> {
        let template = self.template(shape.kind())?;
        shape.check()?;
        let mut words = shape
            .cell_iter()
            .map(|c| catalog::position_words(template, c.n, c.i, c.j));
        let values = self.game.values(&mut words, limits)?;
        Ok(Grid::new(
            self.name(),
            shape,
            template,
            values.into_iter().map(|v| v.map(|g| g.value())).collect(),
        ))
    }
}

/// The games of the catalog whose positions are of `kind`.
pub fn games_with(kind: Kind) -> Vec<&'static str> {
    ENTRIES
        .iter()
        .filter(|e| kind.template(e).is_some())
        .map(|e| e.name)
        .collect()
}

/// The grid of values of the game `spec` over the shape `asked` means for
/// it (see [`Source::shape`]).
///
/// # Errors
/// Those of [`Source::new`], [`Source::shape`] and [`Source::grid`]: an
/// unknown game, one without positions of that kind, a shape out of range
/// (refused before any work), a failing search.
pub fn grid(
    spec: &Spec,
    asked: &ShapeRequest,
    defaults: Defaults,
    limits: Limits,
) -> Result<Grid, Error> {
    let source = Source::new(spec)?;
    let shape = source.shape(asked, defaults)?;
    source.grid(shape, limits)
}

#[cfg(test)]
mod tests;
