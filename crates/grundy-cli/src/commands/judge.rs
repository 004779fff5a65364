//! `grundy judge`: contest problems in their judges' exact formats.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;
use grundy::api::judge::{self, PROBLEMS};

use crate::output::stdout;

#[derive(Args)]
pub struct JudgeArgs {
    /// The problem, e.g. luogu-p2197 (see --list).
    problem: Option<String>,
    /// List the problems with their sources.
    #[arg(long)]
    list: bool,
    /// Write a random valid input from this seed instead of solving.
    #[arg(long, value_name = "SEED")]
    generate: Option<u64>,
    /// With --generate: an input at the full stated constraints.
    #[arg(long, requires = "generate")]
    max: bool,
}

pub fn run(args: &JudgeArgs) -> anyhow::Result<ExitCode> {
    let mut out = stdout();
    if args.list {
        for p in PROBLEMS {
            writeln!(out, "{:<18} {}", p.name, p.source)?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(name) = &args.problem else {
        bail!("name a problem, e.g. `grundy judge luogu-p2197 < input.txt`; `grundy judge --list` lists them");
    };
    let problem = judge::problem(name)?;
    let text = match args.generate {
        Some(seed) => judge::generate(problem, seed, args.max),
        None => {
            let mut input = String::new();
            io::stdin()
                .read_to_string(&mut input)
                .context("reading the input on stdin (it must be UTF-8 text)")?;
            judge::solve(problem, &input)?
        }
    };
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
