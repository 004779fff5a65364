//! Formulas for a game's values over the coordinates `n` or `i`, `j`:
//! [`check`] one on every cell, or [`guess`] the smallest that fit, as
//! `grundy formula check` and `grundy formula guess` do.

use serde::Serialize;

use crate::api::values::{Defaults, Kind, Shape, ShapeRequest, Source};
use crate::api::Error;
use crate::entry::Spec;
use crate::pattern;
use crate::solve::Limits;

pub use crate::pattern::Mismatch;
// The formula language, and its check and guess on values of the caller's
// own (a table computed elsewhere, a sequence from the literature) rather
// than a game's.
pub use crate::pattern::parse::MAX_DEPTH;
pub use crate::pattern::{
    check as check_values, guess as guess_values, BinOp, Cell, Expr, FormulaError, Func,
    GuessOptions, GuessReport, Var,
};

/// What [`check`] found; its JSON is `grundy formula check --json`'s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Checked {
    /// The game, with its parameter (not in the JSON).
    #[serde(skip)]
    pub game: String,
    /// The cells checked (not in the JSON).
    #[serde(skip)]
    pub shape: Shape,
    /// The formula, as the parser prints it back.
    pub formula: String,
    /// How many cells were checked.
    pub checked_cells: usize,
    /// Whether the formula holds on every one.
    pub holds: bool,
    /// The first cell where it does not.
    pub counterexample: Option<Mismatch>,
}

/// Checks the formula `text` against the values of the game `spec` on every
/// cell of the shape `asked` means for it (see [`Source::shape`]); without
/// rows, columns or a length, the formula's variables say whether that is a
/// sequence (`n`) or a table (`i`, `j`).
///
/// ```
/// use grundy::api::{formula, values::ShapeRequest};
/// let asked = ShapeRequest::default();
/// let c = formula::check("n % 3", &"bash:3".into(), &asked, grundy::api::Limits::default()).unwrap();
/// assert!(!c.holds);
/// assert_eq!(c.counterexample.unwrap().cell, [3, 0, 0]); // G(3) = 3
/// ```
///
/// # Errors
/// [`Error::Formula`] for text that does not parse;
/// [`Error::MixedVariables`] for a formula over both `n` and `i`, `j`;
/// [`Error::WrongVariables`] for one whose variables are not the shape's;
/// those of [`values::grid`](crate::api::values::grid); [`Error::Unknown`]
/// for a value that search could not find.
pub fn check(
    text: &str,
    spec: &Spec,
    asked: &ShapeRequest,
    limits: Limits,
) -> Result<Checked, Error> {
    let e: Expr = text.parse().map_err(|reason| Error::Formula {
        formula: text.to_string(),
        reason,
    })?;
    let kind = kind_of(&e, text)?;
    let source = Source::new(spec)?;
    let defaults = Defaults {
        kind,
        ..Defaults::default()
    };
    let shape = source.shape(asked, defaults)?;
    if let Some(kind) = kind.filter(|&k| k != shape.kind()) {
        let (uses, asked) = match kind {
            Kind::Table => ("i, j", "sequence (drop --len)"),
            Kind::Sequence => ("n", "table (drop --rows/--cols)"),
        };
        return Err(Error::WrongVariables {
            formula: text.to_string(),
            uses,
            asked,
        });
    }
    let grid = source.grid(shape, limits)?;
    let values = grid.known()?;
    let cells = shape.cells();
    let mismatch = pattern::check(&e, &cells, &values);
    Ok(Checked {
        game: grid.game().to_string(),
        shape,
        formula: e.to_string(),
        checked_cells: cells.len(),
        holds: mismatch.is_none(),
        counterexample: mismatch,
    })
}

/// The kind of grid a formula's variables are about, if they say.
fn kind_of(e: &Expr, text: &str) -> Result<Option<Kind>, Error> {
    let used = e.vars();
    let n = used.contains(&Var::N);
    let ij = used.contains(&Var::I) || used.contains(&Var::J);
    match (n, ij) {
        (true, true) => Err(Error::MixedVariables {
            formula: text.to_string(),
        }),
        (true, false) => Ok(Some(Kind::Sequence)),
        (false, true) => Ok(Some(Kind::Table)),
        (false, false) => Ok(None),
    }
}

/// How far [`guess`] searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuessRequest {
    /// The largest formula size (node count) to try.
    pub max_size: usize,
    /// The constants formulas may use; `None` for 1 to 4 on sequences and 1,
    /// 2 on tables, whose two variables already make the search wide.
    pub constants: Option<Vec<u64>>,
    /// Memory for stored value vectors, in MiB.
    pub memory_mib: usize,
}

impl Default for GuessRequest {
    /// Sizes up to 12, the default constants, 256 MiB.
    fn default() -> GuessRequest {
        GuessRequest {
            max_size: 12,
            constants: None,
            memory_mib: 256,
        }
    }
}

/// What [`guess`] found; its JSON is `grundy formula guess --json`'s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Guessed {
    /// The game, with its parameter (not in the JSON).
    #[serde(skip)]
    pub game: String,
    /// The cells searched on (not in the JSON).
    #[serde(skip)]
    pub shape: Shape,
    /// The smallest formula found, if any.
    pub formula: Option<String>,
    /// How many cells of the larger range it was confirmed on.
    pub checked_cells: u64,
    /// Its size (node count).
    pub size: Option<usize>,
    /// Other formulas of the same size that also hold.
    pub alternatives: Vec<String>,
    /// How many cells the search ran on.
    pub searched_cells: u64,
    /// Every expression of this size or less was tried.
    pub complete_size: usize,
    /// Distinct functions on the searched cells seen.
    pub distinct_functions: usize,
    /// Candidates evaluated.
    pub candidates: u64,
    /// Formulas that fit the searched cells but not the larger range.
    pub rejected: Vec<String>,
}

/// Searches for the smallest formulas equal to the values of the game
/// `spec` on the shape `asked` means for it (by default 32 terms, or an 8 ×
/// 8 table where the game has no sequence), each confirmed on a larger
/// range: 8 times as long (one-number values are cheap, and long runs catch
/// formulas that only fit small n), or twice as wide and tall.
///
/// # Errors
/// Those of [`values::grid`](crate::api::values::grid) for either range
/// (the larger one too is held to [`MAX_CELLS`](crate::api::values::MAX_CELLS));
/// [`Error::Unknown`] for a value that search could not find.
///
/// # Complexity
/// Exponential in the formula size, bounded by `request.memory_mib`: see
/// [`pattern::guess()`].
pub fn guess(
    spec: &Spec,
    asked: &ShapeRequest,
    request: &GuessRequest,
    limits: Limits,
) -> Result<Guessed, Error> {
    let source = Source::new(spec)?;
    let defaults = Defaults {
        kind: None,
        side: 8,
        len: 32,
    };
    let small = source.shape(asked, defaults)?;
    let large = small.scaled(match small.kind() {
        Kind::Sequence => 8,
        Kind::Table => 2,
    });
    let large_values = source.grid(large, limits)?.known()?;
    let small_values = source.grid(small, limits)?.known()?;
    let large_cells = large.cells();
    let defaults = GuessOptions::new(small.vars());
    let options = GuessOptions {
        constants: request.constants.clone().unwrap_or(defaults.constants),
        max_size: request.max_size,
        // MiB of 8-byte words.
        max_stored_values: request.memory_mib.saturating_mul(1 << 17),
        max_results: 5,
        vars: defaults.vars,
    };
    let found = pattern::guess(&small.cells(), &small_values, &options, |e| {
        pattern::check(e, &large_cells, &large_values).is_none()
    });
    let strings: Vec<String> = found.found.iter().map(ToString::to_string).collect();
    Ok(Guessed {
        game: source.name(),
        shape: small,
        formula: strings.first().cloned(),
        checked_cells: large.cells_count(),
        size: found.found.first().map(Expr::size),
        alternatives: strings.iter().skip(1).cloned().collect(),
        searched_cells: small.cells_count(),
        complete_size: found.complete_size,
        distinct_functions: found.distinct,
        candidates: found.candidates,
        rejected: found.rejected.iter().map(ToString::to_string).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_over_the_wrong_variables_is_refused_before_any_work() {
        let table = ShapeRequest {
            rows: Some(4),
            ..ShapeRequest::default()
        };
        let err = check("n", &"nim".into(), &table, Limits::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "formula `n` uses n but the values asked for are a table (drop --rows/--cols)"
        );
        let err = check("i + n", &"nim".into(), &table, Limits::default()).unwrap_err();
        assert!(matches!(err, Error::MixedVariables { .. }), "{err}");
        let err = check("n +", &"nim".into(), &table, Limits::default()).unwrap_err();
        assert!(matches!(err, Error::Formula { .. }), "{err}");
    }

    #[test]
    fn the_variables_choose_the_shape() {
        // i ^ j on Nim: a table although Nim has a sequence (Bouton 1901).
        let c = check(
            "i ^ j",
            &"nim".into(),
            &ShapeRequest::default(),
            Limits::default(),
        )
        .unwrap();
        assert_eq!(
            c.shape,
            Shape::Table {
                from: 0,
                rows: 16,
                cols: 16
            }
        );
        assert_eq!((c.holds, c.checked_cells), (true, 256));
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"formula":"i ^ j","checked_cells":256,"holds":true,"counterexample":null}"#
        );
    }

    #[test]
    fn guess_confirms_on_a_larger_range() {
        // The Bash game with K = 3: G(n) = n mod 4 (Bouton's argument for
        // one heap with moves of 1 to K tokens).
        let asked = ShapeRequest::default();
        let g = guess(
            &"bash:3".into(),
            &asked,
            &GuessRequest::default(),
            Limits::default(),
        )
        .unwrap();
        assert_eq!(g.formula.as_deref(), Some("n % 4"));
        assert_eq!((g.searched_cells, g.checked_cells), (32, 256));
    }
}
