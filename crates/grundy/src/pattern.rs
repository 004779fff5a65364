//! Patterns and formulas: the structure of a sequence or table of values,
//! and formulas over its coordinates (parse, print, evaluate, guess), for the
//! experimenter's workflow: tabulate, look, conjecture, check.
//!
//! ```
//! use grundy::api::formula::{check_values as check, Cell, Expr};
//! let cells: Vec<Cell> = (0..8).map(|n| Cell { n, ..Cell::default() }).collect();
//! let values = [0, 1, 2, 3, 0, 1, 2, 3];
//! let e: Expr = "n % 4".parse().unwrap();
//! assert_eq!(check(&e, &cells, &values), None);
//! let wrong: Expr = "n % 3".parse().unwrap();
//! assert_eq!(check(&wrong, &cells, &values).map(|m| m.index), Some(3));
//! ```

pub mod expr;
pub mod guess;
pub mod parse;
pub mod table;

use serde::Serialize;

pub use crate::solve::period::{periodicity, Periodicity};
pub use expr::{BinOp, Cell, Expr, Func, Var};
pub use guess::{guess, GuessOptions, GuessReport};
pub use parse::FormulaError;
pub use table::{analyze_table, Blocks, TableStructure};

/// A cell where a formula and the values disagree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// Its index among the cells.
    pub index: usize,
    /// The cell.
    pub cell: [u64; 3],
    /// The true value.
    pub expected: u64,
    /// The formula's value; `None` where it is undefined (division by zero).
    pub formula: Option<u64>,
}

/// The first cell where `e` differs from `values`, or `None` if it holds on
/// every cell.
pub fn check(e: &Expr, cells: &[Cell], values: &[u64]) -> Option<Mismatch> {
    cells
        .iter()
        .zip(values)
        .enumerate()
        .find_map(|(index, (c, &v))| {
            let got = e.eval(c);
            (got != Some(v)).then_some(Mismatch {
                index,
                cell: [c.n, c.i, c.j],
                expected: v,
                formula: got,
            })
        })
}
