//! `grundy verify`: every closed form against exhaustive search.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::api::verify::{self, Report, Verdict};

use crate::args::SearchArgs;
use crate::output::{progress, stdout};

#[derive(Args)]
pub struct VerifyArgs {
    /// Verify one game only (with its parameter, e.g. subtraction:1,2,7).
    game: Option<String>,
    /// Check every position up to this size (what size means is printed per game).
    #[arg(long, value_name = "N")]
    up_to: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let jobs = verify::jobs(args.game.as_deref(), args.up_to)?;
    let bar = progress(jobs.len() as u64, "verifying");
    let reports = verify::run_all(&jobs, args.search.limits(), &|_| bar.inc(1));
    bar.finish_and_clear();
    let mut out = stdout();
    for report in &reports {
        print(&mut out, report)?;
    }
    out.flush()?;
    let count = |f: fn(&Verdict) -> bool| reports.iter().filter(|r| f(&r.verdict)).count();
    if count(|v| matches!(v, Verdict::Disagrees { .. })) > 0 {
        return Ok(ExitCode::from(1));
    }
    let failures = count(|v| matches!(v, Verdict::Failed { .. }));
    if failures > 0 {
        anyhow::bail!("{failures} check(s) could not finish; see above");
    }
    Ok(ExitCode::SUCCESS)
}

fn print(out: &mut impl Write, report: &Report) -> anyhow::Result<()> {
    let job = &report.job;
    let head = format!("{:<22} N={:<3}", job.spec, job.size);
    match &report.verdict {
        Verdict::Passed(r) => writeln!(
            out,
            "{head} ok    {} positions ({} Grundy values, {} misère, {} winning moves), {} searched; {}  [{:.2}s]",
            r.positions, r.grundy_checked, r.misere_checked, r.moves_checked, r.searched, job.meaning, report.seconds
        )?,
        Verdict::NoFormula => writeln!(out, "{head} skip  no closed form: analysed by search only")?,
        Verdict::Disagrees { position, what } => {
            writeln!(out, "{head} FAIL  at `{position}`: {what}")?;
        }
        Verdict::Failed { reason } => writeln!(out, "{head} ERROR {reason}")?,
    }
    Ok(())
}
