//! `grundy period RULE`: computes until a period is proven (Guy–Smith) or
//! `--max` values are done, and reports it in `prefix(period)` notation.
//! Any one-number game: `grundy::api::period` chooses the engine or the
//! catalog and the theorem; this file prints.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::api::period::{self, PeriodReport};
use grundy::api::sequence;

use crate::args::SearchArgs;
use crate::commands::sequence::EngineArgs;
use crate::output::{json_line, stdout};

#[derive(Args, Debug)]
pub struct PeriodArgs {
    /// The rule: a take-and-break code (0.07, .6, 4.4), a name (kayles),
    /// subtraction:S, or any catalog game whose positions are one number
    /// (bash:3, script:FILE).
    pub rule: String,
    /// Stop after this many values if no period is proven by then.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max: usize,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// How many values of the prefix and of the period to print.
    #[arg(long, value_name = "K", default_value_t = 200)]
    pub show: usize,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Also write a certificate of the proven period to FILE (FILE.gz: compressed), for `grundy check`.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<std::path::PathBuf>,
}

pub fn run(args: &PeriodArgs) -> anyhow::Result<ExitCode> {
    let options = args.engine.options(Some(&args.search));
    let spec = super::spec(&args.rule, &[])?;
    // The run stops at what the memory budget holds, if a proof does not
    // stop it first.
    let most = args.max.min(sequence::engine_room(options.limits));
    let report = args.engine.with_hooks(&spec, most, &options, |hooks| {
        period::period(&spec, args.max, &options, hooks)
    })?;
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        write_text(&mut out, &report, args.show)?;
    }
    out.flush()?;
    if let Some(file) = &args.certificate {
        super::check::write_certificate(file, |out| {
            grundy::api::certificate::write_period(&report, out)
        })?;
    }
    Ok(ExitCode::SUCCESS)
}

fn write_text(out: &mut impl Write, r: &PeriodReport, show: usize) -> anyhow::Result<()> {
    let shown = r.notation(show).unwrap_or_default();
    match (r.preperiod, r.period) {
        (Some(pre), Some(p)) if r.proven => {
            let theorem = r.theorem.as_deref().unwrap_or_default();
            let assumes = r
                .assumes
                .as_ref()
                .map_or_else(String::new, |a| format!(", {a}"));
            writeln!(
                out,
                "{}: preperiod {pre}, period {p} (proven by {theorem} after {} values{assumes})",
                r.rule, r.values_computed
            )?;
            writeln!(out, "G = {shown}")?;
        }
        _ => {
            let reason = r.reason.as_deref().unwrap_or_default();
            if let Some(theorem) = &r.theorem {
                writeln!(out, "{}: {reason}", r.rule)?;
                if let Some(a) = &r.assumes {
                    writeln!(
                        out,
                        "(the moves agree with {theorem} on every heap computed, {a})"
                    )?;
                }
            } else {
                writeln!(
                    out,
                    "{}: no period proven: {reason}; {} values computed",
                    r.rule, r.values_computed
                )?;
            }
            if let (Some(pre), Some(p)) = (r.preperiod, r.period) {
                let saltus = r
                    .saltus
                    .filter(|&s| s > 0)
                    .map_or_else(String::new, |s| format!(", saltus {s}"));
                writeln!(
                    out,
                    "seen, not proven: preperiod {pre}, period {p}{saltus}: G = {shown}"
                )?;
            }
        }
    }
    writeln!(
        out,
        "largest value {} first at n = {}",
        r.largest_value, r.largest_at
    )?;
    if !r.common_values.is_empty() {
        let words = |v: &[u16]| v.iter().map(u16::to_string).collect::<Vec<_>>().join(" ");
        writeln!(
            out,
            "rare values ({} heaps): {}",
            r.rare_heaps,
            words(&r.rare_values)
        )?;
        writeln!(out, "common values: {}", words(&r.common_values))?;
    }
    Ok(())
}
