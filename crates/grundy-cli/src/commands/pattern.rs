//! `grundy pattern`: the structure of a game's sequence or table of values.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use grundy::catalog::Entry;
use grundy::pattern::{self, source, GuessOptions, Shape, Var};
use grundy::AnyGame;
use serde::Serialize;

use crate::cli::SearchArgs;
use crate::output::{json_line, stdout};

/// Which values to compute, shared by `pattern` and `formula`.
#[derive(Args, Clone, Debug)]
pub struct ShapeArgs {
    /// Tabulate G(i, j) with this many rows (positions of two numbers).
    #[arg(long, value_name = "R", conflicts_with = "len")]
    pub rows: Option<u64>,
    /// Tabulate G(i, j) with this many columns.
    #[arg(long, value_name = "C", conflicts_with = "len")]
    pub cols: Option<u64>,
    /// List G(n) for this many n (positions of one number).
    #[arg(long, value_name = "N")]
    pub len: Option<u64>,
    /// The first index (default: 0, or 1 for games whose positions start at 1).
    #[arg(long, value_name = "F")]
    pub from: Option<u64>,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// The most cells a table or sequence may have: values are searched.
pub const MAX_CELLS: u64 = 1 << 20;

impl ShapeArgs {
    /// The shape asked for; `table` decides when neither `--rows`/`--cols`
    /// nor `--len` is given, with `default_size` rows and columns or terms.
    pub fn shape(
        &self,
        game: &dyn AnyGame,
        entry: &Entry,
        table: Option<bool>,
        default_size: (u64, u64),
    ) -> anyhow::Result<Shape> {
        let asked_table = self.rows.is_some() || self.cols.is_some();
        let table = match (asked_table, self.len.is_some(), table) {
            (true, _, _) => true,
            (_, true, _) => false,
            (_, _, Some(t)) => t,
            _ => entry.sequence_position.is_none(),
        };
        let from = match self.from {
            Some(f) => f,
            None => source::first_index(game, entry, table)?,
        };
        let shape = if table {
            let (rows, cols) = match (self.rows, self.cols) {
                (Some(r), c) => (r, c.unwrap_or(r)),
                (None, Some(c)) => (c, c),
                (None, None) => (default_size.0, default_size.0),
            };
            Shape::Table { from, rows, cols }
        } else {
            Shape::Sequence {
                from,
                len: self.len.unwrap_or(default_size.1),
            }
        };
        let cells = shape.cells_count();
        if cells == 0 || cells > MAX_CELLS {
            bail!("{cells} cells asked for; --rows × --cols or --len must be between 1 and {MAX_CELLS}");
        }
        Ok(shape)
    }
}

/// The variables of a shape.
pub fn vars(shape: &Shape) -> Vec<Var> {
    match shape {
        Shape::Sequence { .. } => vec![Var::N],
        Shape::Table { .. } => vec![Var::I, Var::J],
    }
}

#[derive(Args)]
pub struct PatternArgs {
    /// The game, with its parameter: nim, bash:3, subtraction:1,3,4, ...
    game: String,
    #[command(flatten)]
    shape: ShapeArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    game: String,
    shape: Shape,
    values: Vec<u64>,
    periodicity: Option<pattern::Periodicity>,
    table: Option<pattern::TableStructure>,
    formula: Option<String>,
}

pub fn run(args: &PatternArgs) -> anyhow::Result<ExitCode> {
    let (game, entry) = source::game(&super::spec(&args.game, &[])?)?;
    let shape = args.shape.shape(game.as_ref(), entry, None, (16, 64))?;
    let values = source::values(game.as_ref(), entry, shape, args.shape.search.limits())?;
    let table = source::to_table(shape, &values);
    let report = Report {
        game: game.name(),
        shape,
        periodicity: table
            .is_none()
            .then(|| pattern::periodicity(&values))
            .flatten(),
        table: table.as_ref().map(pattern::analyze_table),
        formula: quick_formula(&shape, &values),
        values,
    };
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        print(&mut out, &report, table.as_ref())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A small formula search (sizes up to 7, a few MiB): "values equal to a
/// simple function of the coordinates". `grundy formula guess` goes further.
fn quick_formula(shape: &Shape, values: &[u64]) -> Option<String> {
    let options = GuessOptions {
        max_size: 7,
        max_stored_values: 1 << 21,
        max_results: 1,
        ..GuessOptions::new(vars(shape))
    };
    let report = pattern::guess(&shape.cells(), values, &options, |_| true);
    report.found.first().map(ToString::to_string)
}

fn print(out: &mut impl Write, r: &Report, table: Option<&pattern::Table>) -> anyhow::Result<()> {
    match (r.shape, table) {
        (Shape::Table { from, rows, cols }, Some(t)) => {
            let (last_r, last_c) = (from + rows - 1, from + cols - 1);
            writeln!(
                out,
                "{}: G(i, j) for i = {from}..{last_r}, j = {from}..{last_c}",
                r.game
            )?;
            write_rows(out, &t.values)?;
            if let Some(s) = &r.table {
                print_table(out, from, s)?;
            }
        }
        (Shape::Sequence { from, len }, _)
        | (
            Shape::Table {
                from, rows: len, ..
            },
            None,
        ) => {
            writeln!(out, "{}: G(n) for n = {from}..{}", r.game, from + len - 1)?;
            write_rows(out, std::slice::from_ref(&r.values))?;
            match &r.periodicity {
                Some(p) => writeln!(out, "sequence    {p}")?,
                None => writeln!(out, "sequence    no period seen twice in these {len} terms")?,
            }
        }
    }
    match &r.formula {
        Some(f) => writeln!(out, "formula     G = {f} on every cell shown")?,
        None => writeln!(
            out,
            "formula     none of size 7 or less (try `grundy formula guess`)"
        )?,
    }
    Ok(())
}

fn write_rows(out: &mut impl Write, rows: &[Vec<u64>]) -> anyhow::Result<()> {
    let width = rows
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    for row in rows {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        writeln!(out, "{}", cells.join(" "))?;
    }
    Ok(())
}

fn print_table(out: &mut impl Write, from: u64, s: &pattern::TableStructure) -> anyhow::Result<()> {
    let yes = |b: bool| if b { "yes" } else { "no" };
    writeln!(out, "symmetric   {}", yes(s.symmetric))?;
    writeln!(
        out,
        "zeros       {} P-positions{}",
        s.zeros,
        if s.zeros_on_diagonal {
            ", exactly the diagonal i = j"
        } else {
            ""
        }
    )?;
    if s.xor_of_edges {
        writeln!(
            out,
            "sum         G(i, j) = G(i, first) ^ G(first, j): two independent parts"
        )?;
    }
    print_periods(out, ("rows", "i"), from, &s.row_periods)?;
    print_periods(out, ("columns", "j"), from, &s.col_periods)?;
    if let Some(b) = &s.blocks {
        writeln!(
            out,
            "blocks      2x2 blocks with {} in the upper-left corner and three equal values",
            b.corner
        )?;
        writeln!(
            out,
            "compressed table (each block replaced by its three equal values):"
        )?;
        write_rows(out, &b.compressed)?;
        if let Some(d) = b.compressed_is_table_plus {
            writeln!(
                out,
                "compressed  the compressed table is the table itself plus {d}"
            )?;
        }
    }
    Ok(())
}

fn print_periods(
    out: &mut impl Write,
    (what, var): (&str, &str),
    from: u64,
    periods: &[Option<pattern::Periodicity>],
) -> anyhow::Result<()> {
    let periodic = periods.iter().flatten().count();
    writeln!(
        out,
        "{what:<11} {periodic} of {} periodic or arithmetic-periodic",
        periods.len()
    )?;
    let shown = periods
        .iter()
        .enumerate()
        .filter_map(|(k, p)| Some((k, p.as_ref()?)));
    for (k, p) in shown.take(4) {
        writeln!(out, "  {var} = {}: {p}", from + k as u64)?;
    }
    Ok(())
}
