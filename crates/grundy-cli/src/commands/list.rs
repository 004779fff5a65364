//! `grundy list`: the catalog.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::catalog::ENTRIES;
use serde::Serialize;

use crate::output::{json_line, stdout};

#[derive(Args)]
pub struct ListArgs {
    /// Print the catalog as JSON, one object per game.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Listed {
    name: &'static str,
    parameter: Option<&'static str>,
    summary: &'static str,
    position: &'static str,
    example: &'static str,
}

pub fn run(args: &ListArgs) -> anyhow::Result<ExitCode> {
    let mut out = stdout();
    for e in ENTRIES {
        if args.json {
            let listed = Listed {
                name: e.name,
                parameter: e.parameter,
                summary: e.summary,
                position: e.position,
                example: e.example,
            };
            json_line(&mut out, &listed)?;
            continue;
        }
        writeln!(out, "{}", e.name)?;
        writeln!(out, "    {}", e.summary)?;
        if let Some(p) = e.parameter {
            writeln!(out, "    parameter: {}:{p}", e.name)?;
        }
        writeln!(out, "    position:  {}", e.position)?;
        writeln!(out, "    example:   grundy analyze {}", e.example)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
