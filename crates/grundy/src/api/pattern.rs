//! The structure of a game's values, as `grundy pattern` reports it: the
//! period of a sequence, or the symmetry, periodic rows and columns, zeros
//! and 2×2 blocks of a table, and a small formula that fits either.

use std::slice::Chunks;

use serde::Serialize;

use crate::api::values::{Defaults, Kind, Shape, ShapeRequest, Source};
use crate::api::Error;
use crate::entry::Spec;
use crate::pattern::{self, GuessOptions};
use crate::solve::Limits;

pub use crate::pattern::{analyze_table, periodicity, Blocks, Periodicity, TableStructure};

/// What [`analyze`] finds; its JSON is `grundy pattern --json`'s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The game, with its parameter.
    pub game: String,
    /// The values looked at.
    pub shape: Shape,
    /// The values, row by row (a sequence is one row).
    pub values: Vec<u64>,
    /// The period of a sequence, if its terms show one twice.
    pub periodicity: Option<Periodicity>,
    /// The structure of a table.
    pub table: Option<TableStructure>,
    /// A formula of size 7 or less equal to the values on every cell.
    pub formula: Option<String>,
}

impl Report {
    /// The values row by row: one row for a sequence.
    pub fn rows(&self) -> Chunks<'_, u64> {
        // A checked shape has at least one column and at most MAX_CELLS.
        let cols = usize::try_from(self.shape.cols()).unwrap_or(usize::MAX);
        self.values.chunks(cols.max(1))
    }
}

/// Looks for structure in the values of the game `spec` over the shape
/// `asked` means for it (by default a sequence of 64 terms where the game
/// has one, else a 16 × 16 table; see [`Source::shape`]).
///
/// ```
/// use grundy::api::{pattern, values::ShapeRequest};
/// let asked = ShapeRequest { len: Some(24), ..ShapeRequest::default() };
/// let r = pattern::analyze(&"bash:3".into(), &asked, grundy::api::Limits::default()).unwrap();
/// assert_eq!(r.periodicity.unwrap().block, [0, 1, 2, 3]);
/// assert_eq!(r.formula.as_deref(), Some("n % 4"));
/// ```
///
/// # Errors
/// Those of [`values::grid`](crate::api::values::grid), and
/// [`Error::Unknown`] for a value that search could not find: every value
/// is needed.
pub fn analyze(spec: &Spec, asked: &ShapeRequest, limits: Limits) -> Result<Report, Error> {
    let source = Source::new(spec)?;
    let shape = source.shape(asked, Defaults::default())?;
    let grid = source.grid(shape, limits)?;
    let values = grid.known()?;
    let (periodicity, table) = match shape.kind() {
        Kind::Sequence => (pattern::periodicity(&values), None),
        Kind::Table => (None, Some(pattern::analyze_table(&values, grid.cols()))),
    };
    Ok(Report {
        game: grid.game().to_string(),
        shape,
        formula: quick_formula(&shape, &values),
        values,
        periodicity,
        table,
    })
}

/// A small formula search (sizes up to 7, a few MiB): "values equal to a
/// simple function of the coordinates". [`formula::guess`](crate::api::formula::guess)
/// goes further.
fn quick_formula(shape: &Shape, values: &[u64]) -> Option<String> {
    let options = GuessOptions {
        max_size: 7,
        max_stored_values: 1 << 21,
        max_results: 1,
        ..GuessOptions::new(shape.vars())
    };
    let report = pattern::guess(&shape.cells(), values, &options, |_| true);
    report.found.first().map(ToString::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_report_keeps_the_json_of_the_command_line() {
        // Two-heap Nim, G(i, j) = i XOR j (Bouton 1901), typed in.
        let asked = ShapeRequest {
            rows: Some(2),
            ..ShapeRequest::default()
        };
        let r = analyze(&"nim".into(), &asked, Limits::default()).unwrap();
        assert_eq!(r.rows().collect::<Vec<_>>(), [[0, 1], [1, 0]]);
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.starts_with(
                r#"{"game":"nim","shape":{"Table":{"from":0,"rows":2,"cols":2}},"values":[0,1,1,0],"periodicity":null,"table":{"rows":2,"cols":2,"symmetric":true,"#
            ),
            "{json}"
        );
        assert!(json.ends_with(r#""formula":"i ^ j"}"#), "{json}");
    }

    #[test]
    fn every_value_is_needed() {
        // Moore's Nim_2 on heaps 1 and 1 has 3 moves, more than a search of
        // 2 positions may look at.
        let asked = ShapeRequest {
            rows: Some(3),
            ..ShapeRequest::default()
        };
        let err = analyze(&"moore:2".into(), &asked, Limits::new(2)).unwrap_err();
        assert_eq!(
            err,
            Error::Unknown {
                game: "moore:2".into(),
                position: "1 1".into()
            }
        );
    }
}
