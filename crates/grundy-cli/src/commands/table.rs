//! `grundy table`: the Grundy values G(i, j) of a game whose positions have
//! two numbers, as text (like a hand-made table), CSV, or a PNG/SVG heatmap.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use grundy::api::values::{self, Defaults, Grid, Kind, ShapeRequest};
use indicatif::ProgressBar;

use crate::args::JsonArgs;
use crate::args::SearchArgs;
use grundy_plot::{heatmap, Format};

use crate::output::{json_line, stdout, write_picture};

#[derive(Args)]
pub struct TableArgs {
    /// Number of rows (values of i).
    #[arg(long, value_name = "R", default_value_t = 16)]
    rows: u64,
    /// Number of columns (values of j).
    #[arg(long, value_name = "C", default_value_t = 16)]
    cols: u64,
    /// The first value of i and of j (default 0, or 1 where 0 is not a position).
    #[arg(long, value_name = "N")]
    from: Option<u64>,
    /// Print comma-separated values with a header row and column of i and j.
    #[arg(long, conflicts_with_all = ["png", "svg", "json"])]
    csv: bool,
    #[command(flatten)]
    output: JsonArgs,
    /// Write a heatmap as PNG to FILE (`-`: stdout), titled, with a colour bar.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Write a heatmap as SVG to FILE (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
    /// A game whose positions are two numbers: nim, subtraction:1,3,4, script:FILE, ...
    game: String,
}

pub fn run(args: &TableArgs) -> anyhow::Result<ExitCode> {
    let spinner = ProgressBar::new_spinner();
    spinner.set_message(format!("computing {} × {} values", args.rows, args.cols));
    spinner.enable_steady_tick(Duration::from_millis(120));
    let asked = ShapeRequest {
        rows: Some(args.rows),
        cols: Some(args.cols),
        len: None,
        from: args.from,
    };
    let defaults = Defaults {
        kind: Some(Kind::Table),
        ..Defaults::default()
    };
    let result = values::grid(
        &super::spec(&args.game, &[])?,
        &asked,
        defaults,
        args.search.limits(),
    );
    spinner.finish_and_clear();
    let t = result?;
    let mut pictures = false;
    for (path, format) in [(&args.png, Format::Png), (&args.svg, Format::Svg)] {
        if let Some(path) = path {
            write_picture(path, &heatmap(&t, format)?)?;
            pictures = true;
        }
    }
    if !pictures {
        let mut out = stdout();
        if args.output.json {
            json_line(&mut out, &t)?;
        } else if args.csv {
            write_csv(&mut out, &t)?;
        } else {
            write_text(&mut out, &t)?;
        }
        out.flush()?;
    }
    let unknown = t.values().iter().filter(|v| v.is_none()).count();
    if unknown > 0 {
        eprintln!(
            "grundy: {unknown} of {} values unknown (`?`): too large to search within --max-positions {}",
            t.values().len(),
            args.search.max_positions
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn cell(v: Option<u64>) -> String {
    v.map_or_else(|| "?".to_string(), |v| v.to_string())
}

/// One row per i, values separated by spaces and right-aligned to the
/// widest; `?` where search could not finish.
fn write_text(out: &mut impl Write, t: &Grid) -> anyhow::Result<()> {
    let width = t.values().iter().map(|&v| cell(v).len()).max().unwrap_or(1);
    for row in t.iter_rows() {
        let cells: Vec<String> = row
            .iter()
            .map(|&v| format!("{:>width$}", cell(v)))
            .collect();
        writeln!(out, "{}", cells.join(" "))?;
    }
    Ok(())
}

/// A header row `i\j,first,...`, then one row per i starting with i; an
/// empty field where search could not finish.
fn write_csv(out: &mut impl Write, t: &Grid) -> anyhow::Result<()> {
    let first = t.shape().first();
    let header: Vec<String> = (0..t.cols() as u64)
        .map(|c| (first + c).to_string())
        .collect();
    writeln!(out, "i\\j,{}", header.join(","))?;
    for (r, row) in t.iter_rows().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .map(|v| v.map(|v| v.to_string()).unwrap_or_default())
            .collect();
        writeln!(out, "{},{}", first + r as u64, cells.join(","))?;
    }
    Ok(())
}
