//! `grundy pattern`: the structure of a game's sequence or table of values.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::api::pattern::{self, Periodicity, Report, TableStructure};
use grundy::api::values::{Shape, ShapeRequest};

use crate::args::SearchArgs;
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

impl ShapeArgs {
    /// The values asked for, for the api to decide the shape.
    pub fn request(&self) -> ShapeRequest {
        ShapeRequest {
            rows: self.rows,
            cols: self.cols,
            len: self.len,
            from: self.from,
        }
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

pub fn run(args: &PatternArgs) -> anyhow::Result<ExitCode> {
    let report = pattern::analyze(
        &super::spec(&args.game, &[])?,
        &args.shape.request(),
        args.shape.search.limits(),
    )?;
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        print(&mut out, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn print(out: &mut impl Write, r: &Report) -> anyhow::Result<()> {
    match r.shape {
        Shape::Table { from, rows, cols } => {
            let (last_r, last_c) = (from + rows - 1, from + cols - 1);
            writeln!(
                out,
                "{}: G(i, j) for i = {from}..{last_r}, j = {from}..{last_c}",
                r.game
            )?;
            write_rows(out, r.rows())?;
            if let Some(s) = &r.table {
                print_table(out, from, s)?;
            }
        }
        Shape::Sequence { from, len } => {
            writeln!(out, "{}: G(n) for n = {from}..{}", r.game, from + len - 1)?;
            write_rows(out, r.rows())?;
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

fn write_rows<'a>(
    out: &mut impl Write,
    rows: impl Iterator<Item = &'a [u64]> + Clone,
) -> anyhow::Result<()> {
    let width = rows
        .clone()
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

fn print_table(out: &mut impl Write, from: u64, s: &TableStructure) -> anyhow::Result<()> {
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
        write_rows(out, b.compressed.iter().map(Vec::as_slice))?;
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
    periods: &[Option<Periodicity>],
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
