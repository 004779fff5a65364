//! `grundy list`: the catalog.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::api;

use crate::args::JsonArgs;
use crate::output::{json_line, stdout};

#[derive(Args)]
#[command(mut_arg("json", |a| a.help("Print the catalog as JSON, one object per game")))]
pub struct ListArgs {
    #[command(flatten)]
    output: JsonArgs,
}

pub fn run(args: &ListArgs) -> anyhow::Result<ExitCode> {
    let mut out = stdout();
    for g in api::games::list() {
        if args.output.json {
            json_line(&mut out, &g)?;
            continue;
        }
        writeln!(out, "{}", g.name)?;
        writeln!(out, "    {}", g.summary)?;
        if let Some(p) = g.parameter {
            writeln!(out, "    parameter: {}:{p}", g.name)?;
        }
        writeln!(out, "    position:  {}", g.position)?;
        writeln!(out, "    example:   grundy analyze {}", g.example)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
