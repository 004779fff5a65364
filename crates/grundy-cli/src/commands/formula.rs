//! `grundy formula check` and `grundy formula guess`: formulas for a game's
//! values over the coordinates `n` or `i`, `j`.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Subcommand};
use grundy::api::formula::{self, GuessRequest, Guessed};
use grundy::api::values::Shape;
use indicatif::ProgressBar;

use super::pattern::ShapeArgs;
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
    /// Memory for the guess's stored value vectors, in MiB (`--memory` is
    /// the budget of the search that finds the values).
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    guess_memory: usize,
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

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let report = formula::check(
        &args.expr,
        &super::spec(&args.game, &[])?,
        &args.shape.request(),
        args.shape.search.limits(),
    )?;
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        match &report.counterexample {
            None => writeln!(
                out,
                "{}: {} holds on all {} cells",
                report.game, report.formula, report.checked_cells
            )?,
            Some(m) => writeln!(
                out,
                "{}: {} fails at {}: the game's value is {}, the formula gives {}",
                report.game,
                report.formula,
                cell_words(&report.shape, m.cell),
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

fn guess(args: &GuessArgs) -> anyhow::Result<ExitCode> {
    let request = GuessRequest {
        max_size: args.max_size,
        constants: args.constants.clone(),
        memory_mib: args.guess_memory,
    };
    let spinner = ProgressBar::new_spinner().with_message("searching formulas");
    spinner.enable_steady_tick(Duration::from_millis(120));
    let report = formula::guess(
        &super::spec(&args.game, &[])?,
        &args.shape.request(),
        &request,
        args.shape.search.limits(),
    );
    spinner.finish_and_clear();
    let report = report?;
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        print_guess(&mut out, &report)?;
    }
    out.flush()?;
    Ok(if report.formula.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_guess(out: &mut impl Write, r: &Guessed) -> anyhow::Result<()> {
    let game = &r.game;
    let g = match r.shape {
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
