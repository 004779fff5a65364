//! `grundy period RULE`: computes until a period is proven (Guy–Smith) or
//! `--max` values are done, and reports it in `prefix(period)` notation.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::solve::heap::period::{prefix_period, PeriodWatch, Periodicity};
use grundy::solve::heap::sequence::Sequence;
use serde::Serialize;

use crate::commands::sequence::{compute, parse_rule, EngineArgs};
use crate::output::{json_line, stdout};

#[derive(Args, Debug)]
pub struct PeriodArgs {
    /// The rule: a take-and-break code (0.07, .6, 4.4), a name (kayles), or subtraction:S.
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
}

#[derive(Serialize)]
struct Report {
    rule: String,
    preperiod: Option<usize>,
    period: Option<usize>,
    proven: bool,
    values_computed: usize,
    largest_value: u32,
    largest_at: usize,
    rare_values: Vec<u16>,
    common_values: Vec<u16>,
}

pub fn run(args: &PeriodArgs) -> anyhow::Result<ExitCode> {
    let code = parse_rule(&args.rule)?;
    let mut watch = PeriodWatch::new(&code);
    let (seq, found) = compute(&code, args.max, &args.engine, watch.as_mut())?;
    let (largest_value, largest_at) = seq.largest();
    let (rare_values, common_values) = split_values(&seq);
    let report = Report {
        rule: code.to_string(),
        preperiod: found.map(|p| p.preperiod),
        period: found.map(|p| p.period),
        proven: found.is_some(),
        values_computed: seq.len(),
        largest_value,
        largest_at,
        rare_values,
        common_values,
    };
    let mut out = stdout();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        write_text(&mut out, &report, &seq, found, args.show, watch.is_some())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The rare and common values that occur, where the rare/common split is on
/// (only while the values fit in 16 bits).
fn split_values(seq: &Sequence) -> (Vec<u16>, Vec<u16>) {
    let (Some(common), Some(values)) = (seq.common_values(), seq.values().narrow()) else {
        return (Vec::new(), Vec::new());
    };
    let mut present = vec![false; 1 << 16];
    for &v in values {
        present[usize::from(v)] = true;
    }
    let rare = (0..=u16::MAX)
        .filter(|v| present[usize::from(*v)] && common.binary_search(v).is_err())
        .collect();
    (rare, common)
}

fn write_text(
    out: &mut impl Write,
    r: &Report,
    seq: &Sequence,
    found: Option<Periodicity>,
    show: usize,
    theorem: bool,
) -> anyhow::Result<()> {
    match found {
        Some(p) => {
            writeln!(out, "{}: preperiod {}, period {} (proven by Guy-Smith after {} values)", r.rule, p.preperiod, p.period, r.values_computed)?;
            writeln!(out, "G = {}", prefix_period(seq.values(), p, show))?;
        }
        None if !theorem => writeln!(out, "{}: no period proven: the Guy-Smith theorem does not apply to this rule; {} values computed", r.rule, r.values_computed)?,
        None => writeln!(out, "{}: no period proven in the first {} values", r.rule, r.values_computed)?,
    }
    writeln!(
        out,
        "largest value {} first at n = {}",
        r.largest_value, r.largest_at
    )?;
    if !r.common_values.is_empty() {
        let words = |v: &[u16]| v.iter().map(u16::to_string).collect::<Vec<_>>().join(" ");
        let rare_heaps = seq.rare_count();
        writeln!(
            out,
            "rare values ({rare_heaps} heaps): {}",
            words(&r.rare_values)
        )?;
        writeln!(out, "common values: {}", words(&r.common_values))?;
    }
    Ok(())
}
