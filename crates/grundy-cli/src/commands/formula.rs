//! `grundy formula check` and `grundy formula guess`: formulas for a game's
//! values over the coordinates `n` or `i`, `j`.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use grundy::pattern::{self, source, Expr, GuessOptions, Shape, Var};
use indicatif::ProgressBar;
use serde::Serialize;

use super::pattern::{vars, ShapeArgs};
use crate::output::{json_line, stdout};

#[derive(Args)]
pub struct FormulaArgs {
    #[command(subcommand)]
    command: FormulaCommand,
}

#[derive(Subcommand)]
enum FormulaCommand {
    /// Check a formula on every cell: exit 0 if it holds, 1 with the first counterexample.
    Check(CheckArgs),
    /// Search for the smallest formulas that give the game's values.
    Guess(GuessArgs),
}

#[derive(Args)]
pub struct CheckArgs {
    /// The formula, over n (sequences) or i and j (tables), e.g. "i ^ j" or "n % 4".
    expr: String,
    /// The game, with its parameter: nim, bash:3, subtraction:1,3,4, ...
    #[arg(long)]
    game: String,
    #[command(flatten)]
    shape: ShapeArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The memory for stored value vectors when `--memory` is not given.
const GUESS_MEMORY: usize = 256 << 20;

#[derive(Args)]
pub struct GuessArgs {
    /// The game, with its parameter: nim, bash:3, subtraction:1,3,4, ...
    #[arg(long)]
    game: String,
    #[command(flatten)]
    shape: ShapeArgs,
    /// The largest formula size (node count) to try.
    #[arg(long, value_name = "S", default_value_t = 12)]
    max_size: usize,
    /// The constants formulas may use [default: 1,2,3,4 for sequences; 1,2 for
    /// tables, whose two variables already make the search wide enough to fill
    /// the memory at size 9].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    constants: Option<Vec<u64>>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &FormulaArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        FormulaCommand::Check(a) => check(a),
        FormulaCommand::Guess(a) => guess(a),
    }
}

#[derive(Serialize)]
struct CheckReport {
    formula: String,
    checked_cells: usize,
    holds: bool,
    counterexample: Option<pattern::Mismatch>,
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let e: Expr = args
        .expr
        .parse()
        .with_context(|| format!("formula `{}`", args.expr))?;
    let used = e.vars();
    let table = match (
        used.contains(&Var::N),
        used.contains(&Var::I) || used.contains(&Var::J),
    ) {
        (true, true) => bail!(
            "formula `{}` mixes n with i or j; use n for sequences, i and j for tables",
            args.expr
        ),
        (true, false) => Some(false),
        (false, true) => Some(true),
        (false, false) => None,
    };
    let (game, entry) = source::game(&super::spec(&args.game, &[])?)?;
    let shape = args.shape.shape(game.as_ref(), entry, table, (16, 64))?;
    if matches!(shape, Shape::Table { .. }) == (table == Some(false)) && table.is_some() {
        bail!(
            "formula `{}` uses {} but the values asked for are a {}",
            args.expr,
            if table == Some(true) { "i, j" } else { "n" },
            if table == Some(true) {
                "sequence (drop --len)"
            } else {
                "table (drop --rows/--cols)"
            }
        );
    }
    let values = source::values(game.as_ref(), entry, shape, args.shape.search.limits())?;
    let cells = shape.cells();
    let mismatch = pattern::check(&e, &cells, &values);
    let report = CheckReport {
        formula: e.to_string(),
        checked_cells: cells.len(),
        holds: mismatch.is_none(),
        counterexample: mismatch,
    };
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        match &report.counterexample {
            None => writeln!(
                out,
                "{}: {} holds on all {} cells",
                game.name(),
                report.formula,
                report.checked_cells
            )?,
            Some(m) => writeln!(
                out,
                "{}: {} fails at {}: the game's value is {}, the formula gives {}",
                game.name(),
                report.formula,
                cell_words(&shape, m.cell),
                m.expected,
                m.formula
                    .map_or("nothing (division by zero)".to_string(), |v| v.to_string())
            )?,
        }
    }
    out.flush()?;
    Ok(if report.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn cell_words(shape: &Shape, [n, i, j]: [u64; 3]) -> String {
    match shape {
        Shape::Sequence { .. } => format!("n = {n}"),
        Shape::Table { .. } => format!("i = {i}, j = {j}"),
    }
}

#[derive(Serialize)]
struct GuessReport {
    formula: Option<String>,
    checked_cells: u64,
    size: Option<usize>,
    alternatives: Vec<String>,
    searched_cells: u64,
    complete_size: usize,
    distinct_functions: usize,
    candidates: u64,
    rejected: Vec<String>,
}

fn guess(args: &GuessArgs) -> anyhow::Result<ExitCode> {
    let (game, entry) = source::game(&super::spec(&args.game, &[])?)?;
    let small = args.shape.shape(game.as_ref(), entry, None, (8, 32))?;
    // Found on the small shape, confirmed on a larger one: 8 times as long
    // (one-number values are cheap, and long runs catch formulas that only
    // fit small n), or twice as wide and tall.
    let large = match small {
        Shape::Sequence { .. } => small.scaled(8),
        Shape::Table { .. } => small.scaled(2),
    };
    let limits = args.shape.search.limits();
    let large_values = source::values(game.as_ref(), entry, large, limits)?;
    let small_values = source::values(game.as_ref(), entry, small, limits)?;
    let large_cells = large.cells();
    let options = GuessOptions {
        constants: args.constants.clone().unwrap_or_else(|| match small {
            Shape::Sequence { .. } => vec![1, 2, 3, 4],
            Shape::Table { .. } => vec![1, 2],
        }),
        max_size: args.max_size,
        // The shared --memory bounds the stored value vectors too (8 bytes a
        // value); without it the guess keeps its own default of 256 MiB.
        max_stored_values: args.shape.search.memory.unwrap_or(GUESS_MEMORY) / 8,
        max_results: 5,
        vars: vars(&small),
    };
    let spinner = ProgressBar::new_spinner().with_message("searching formulas");
    spinner.enable_steady_tick(Duration::from_millis(120));
    let found = pattern::guess(&small.cells(), &small_values, &options, |e| {
        pattern::check(e, &large_cells, &large_values).is_none()
    });
    spinner.finish_and_clear();
    let strings: Vec<String> = found.found.iter().map(ToString::to_string).collect();
    let report = GuessReport {
        formula: strings.first().cloned(),
        checked_cells: large.cells_count(),
        size: found.found.first().map(Expr::size),
        alternatives: strings.iter().skip(1).cloned().collect(),
        searched_cells: small.cells_count(),
        complete_size: found.complete_size,
        distinct_functions: found.distinct,
        candidates: found.candidates,
        rejected: found.rejected.iter().map(ToString::to_string).collect(),
    };
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        print_guess(&mut out, &game.name(), &small, &report)?;
    }
    out.flush()?;
    Ok(if report.formula.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_guess(
    out: &mut impl Write,
    game: &str,
    shape: &Shape,
    r: &GuessReport,
) -> anyhow::Result<()> {
    let g = match shape {
        Shape::Sequence { .. } => "G(n)",
        Shape::Table { .. } => "G(i, j)",
    };
    match &r.formula {
        Some(f) => {
            writeln!(out, "{game}: {g} = {f}")?;
            writeln!(out, "size {} (nodes); found on {} cells, holds on all {} cells of a larger range", r.size.unwrap_or(0), r.searched_cells, r.checked_cells)?;
            for a in &r.alternatives {
                writeln!(out, "also        {g} = {a}")?;
            }
        }
        None => writeln!(
            out,
            "{game}: no formula found; searched every expression of size {} or less ({} distinct functions on {} cells, {} candidates){}",
            r.complete_size, r.distinct_functions, r.searched_cells, r.candidates,
            if r.rejected.is_empty() { String::new() } else { format!("; {} matched the small range but failed the larger one, e.g. {}", r.rejected.len(), r.rejected[0]) }
        )?,
    }
    Ok(())
}
