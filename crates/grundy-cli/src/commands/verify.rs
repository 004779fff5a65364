//! `grundy verify`: every closed form against exhaustive search.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use grundy::catalog::{self, Entry, ENTRIES};
use grundy::{CheckError, CheckReport};
use rayon::prelude::*;

use crate::cli::SearchArgs;
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

struct Job {
    spec: String,
    size: u64,
    meaning: &'static str,
}

enum Verdict {
    Passed(CheckReport),
    NoFormula,
    Disagrees(String),
    Failed(String),
}

pub fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let jobs = jobs(args)?;
    let bar = progress(jobs.len() as u64, "verifying");
    let limits = args.search.limits();
    let results: Vec<(Verdict, f64)> = jobs
        .par_iter()
        .map(|job| {
            let start = Instant::now();
            let verdict = match catalog::game(&job.spec) {
                Err(e) => Verdict::Failed(e.to_string()),
                Ok(game) => match game.verify(job.size, limits) {
                    None => Verdict::NoFormula,
                    Some(Ok(r)) => Verdict::Passed(r),
                    Some(Err(CheckError::Disagreement { position, what })) => {
                        Verdict::Disagrees(format!("at `{position}`: {what}"))
                    }
                    Some(Err(e)) => Verdict::Failed(e.to_string()),
                },
            };
            bar.inc(1);
            (verdict, start.elapsed().as_secs_f64())
        })
        .collect();
    bar.finish_and_clear();
    let mut out = stdout();
    let (mut disagreements, mut failures) = (0, 0);
    for (job, (verdict, secs)) in jobs.iter().zip(results) {
        let head = format!("{:<22} N={:<3}", job.spec, job.size);
        match verdict {
            Verdict::Passed(r) => writeln!(
                out,
                "{head} ok    {} positions ({} Grundy values, {} misère, {} winning moves), {} searched; {}  [{secs:.2}s]",
                r.positions, r.grundy_checked, r.misere_checked, r.moves_checked, r.searched, job.meaning
            )?,
            Verdict::NoFormula => writeln!(out, "{head} skip  no closed form: analysed by search only")?,
            Verdict::Disagrees(what) => {
                disagreements += 1;
                writeln!(out, "{head} FAIL  {what}")?;
            }
            Verdict::Failed(what) => {
                failures += 1;
                writeln!(out, "{head} ERROR {what}")?;
            }
        }
    }
    out.flush()?;
    if disagreements > 0 {
        return Ok(ExitCode::from(1));
    }
    if failures > 0 {
        anyhow::bail!("{failures} check(s) could not finish; see above");
    }
    Ok(ExitCode::SUCCESS)
}

fn jobs(args: &VerifyArgs) -> anyhow::Result<Vec<Job>> {
    let job = |spec: &str, e: &Entry| Job {
        spec: spec.to_string(),
        size: args.up_to.unwrap_or(e.verify.size),
        meaning: e.verify.meaning,
    };
    match &args.game {
        None => Ok(ENTRIES
            .iter()
            .flat_map(|e| e.verify.instances.iter().map(move |s| (s, e)))
            .map(|(s, e)| job(s, e))
            .collect()),
        Some(spec) => {
            let name = spec.split(':').next().unwrap_or(spec);
            match catalog::entry(name) {
                Some(e) if !spec.contains(':') && e.parameter.is_some() => {
                    Ok(e.verify.instances.iter().map(|s| job(s, e)).collect())
                }
                Some(e) => {
                    catalog::game(spec)?;
                    Ok(vec![job(spec, e)])
                }
                None => Err(catalog::game(spec).err().expect("no such entry").into()),
            }
        }
    }
}
