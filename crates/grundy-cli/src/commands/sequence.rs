//! `grundy sequence RULE --len N`: the Grundy values G(0), …, G(N−1).
//!
//! Take-and-break rules (codes, names, `subtraction:S`) run on the fast
//! engine of `grundy::heap`, with a progress bar and checkpoints for long
//! runs; any other catalog game whose positions are one number is valued
//! through the catalog (`AnyGame::values`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Args;
use grundy::catalog;
use grundy::games::subtraction;
use grundy::solve::heap::checkpoint;
use grundy::solve::heap::code::HeapCode;
use grundy::solve::heap::period::{PeriodWatch, Periodicity};
use grundy::solve::heap::sequence::{Method, Sequence, Values};
use serde::Serialize;

use crate::cli::SearchArgs;
use crate::output::{json_line, progress, stdout};
use crate::plot::{sequence_plot, Format};

#[derive(Args, Debug)]
pub struct SequenceArgs {
    /// The rule: a take-and-break code (0.07, .6, 4.4, 0.8F), a name (kayles,
    /// dawsons-kayles, dawsons-chess, grundys-game), subtraction:S, or any
    /// catalog game whose positions are one number (nim, bash:3).
    pub rule: String,
    /// How many values: G(0) to G(N-1).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub len: usize,
    /// Print JSON: {"rule": ..., "values": [...]}.
    #[arg(long)]
    pub json: bool,
    /// Print only the Fletcher-32 checksum of the values (as `ogsolve` prints it).
    #[arg(long, conflicts_with = "json")]
    pub checksum: bool,
    /// Write a plot of value against n as PNG to FILE (P-positions marked) instead of printing.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "checksum"])]
    pub png: Option<PathBuf>,
    /// Write the plot as SVG to FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "checksum"])]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Flags of the take-and-break engine, shared with `period`.
#[derive(Args, Clone, Debug)]
pub struct EngineArgs {
    /// Save the values to FILE from time to time, and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "S", default_value_t = 60)]
    pub checkpoint_every: u64,
    /// The algorithm: auto (rare/common where it pays), naive or sparse.
    #[arg(long, value_name = "M", default_value = "auto", value_parser = ["auto", "naive", "sparse"])]
    pub method: String,
}

impl EngineArgs {
    fn method(&self) -> Method {
        match self.method.as_str() {
            "naive" => Method::Naive,
            "sparse" => Method::Sparse,
            _ => Method::Auto,
        }
    }
}

#[derive(Serialize)]
struct Json<'a, T: Serialize> {
    rule: String,
    values: &'a [T],
}

/// A take-and-break rule: a code, a name, or `subtraction:S`.
///
/// # Errors
/// The code's own parse error when `text` is none of these.
pub fn parse_rule(text: &str) -> anyhow::Result<HeapCode> {
    if let Some(set) = text.strip_prefix("subtraction:") {
        return Ok(HeapCode::subtraction(&subtraction::parse_set(set)?)?);
    }
    Ok(text.parse::<HeapCode>()?)
}

pub fn run(args: &SequenceArgs) -> anyhow::Result<ExitCode> {
    match parse_rule(&args.rule) {
        Ok(code) => {
            let (seq, _) = compute(&code, args.len, &args.engine, None)?;
            if args.checksum {
                let sum = checkpoint::checksum_of(seq.values(), args.len);
                writeln!(stdout(), "checksum {sum:X}")?;
                return Ok(ExitCode::SUCCESS);
            }
            match seq.values() {
                Values::Narrow(g) => print(args, &code.to_string(), &g[..args.len]),
                Values::Wide(g) => print(args, &code.to_string(), &g[..args.len]),
            }
        }
        Err(code_error) => by_catalog(args, &code_error),
    }
}

/// Prints the values (text or JSON), or writes the plots asked for.
fn print<T: Serialize + ToString + Copy + Into<u64>>(
    args: &SequenceArgs,
    rule: &str,
    values: &[T],
) -> anyhow::Result<ExitCode> {
    let plots = [(&args.png, Format::Png), (&args.svg, Format::Svg)];
    if plots.iter().any(|(p, _)| p.is_some()) {
        let values: Vec<Option<u64>> = values.iter().map(|&v| Some(v.into())).collect();
        for (path, format) in plots {
            if let Some(path) = path {
                sequence_plot(&values, 0, path, format)?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = stdout();
    if args.json {
        json_line(
            &mut out,
            &Json {
                rule: rule.to_string(),
                values,
            },
        )?;
    } else {
        let words: Vec<String> = values.iter().map(ToString::to_string).collect();
        writeln!(out, "{}", words.join(" "))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A one-number catalog game, valued position by position.
fn by_catalog(args: &SequenceArgs, code_error: &anyhow::Error) -> anyhow::Result<ExitCode> {
    let game = match super::spec(&args.rule, &[])?.build() {
        Ok(g) => g,
        Err(catalog::CatalogError::Unknown { .. }) => {
            bail!(
                "`{}` is neither a take-and-break rule ({code_error}) nor a catalog game",
                args.rule
            )
        }
        Err(e) => return Err(e.into()),
    };
    let name = args.rule.split(':').next().unwrap_or(&args.rule);
    let template = catalog::entry(name)
        .and_then(|e| e.sequence_position)
        .with_context(|| {
            format!("{name}: its positions are not one number, so it has no sequence")
        })?;
    let mut positions = (0..args.len as u64).map(|n| catalog::position_words(template, n, 0, 0));
    let values = game.values(&mut positions, args.search.limits())?;
    let values: Vec<u64> = values
        .into_iter()
        .enumerate()
        .map(|(n, v)| {
            v.map(|v| v.0)
                .with_context(|| format!("G({n}) is too large to search; raise --max-positions"))
        })
        .collect::<anyhow::Result<_>>()?;
    if args.checksum {
        let narrow: Vec<u32> = values
            .iter()
            .map(|&v| u32::try_from(v))
            .collect::<Result<_, _>>()
            .context("the checksum is defined for values below 2^32; drop --checksum")?;
        writeln!(stdout(), "checksum {:X}", checkpoint::checksum(&narrow))?;
        return Ok(ExitCode::SUCCESS);
    }
    print(args, &game.name(), &values)
}

/// Computes at least `len` values of `code` (fewer if `watch` proves a
/// period first), with a progress bar and checkpoints.
///
/// # Errors
/// A damaged or foreign checkpoint, a value past 32 bits, a failed save.
pub fn compute(
    code: &HeapCode,
    len: usize,
    engine: &EngineArgs,
    mut watch: Option<&mut PeriodWatch>,
) -> anyhow::Result<(Sequence, Option<Periodicity>)> {
    let mut seq = match &engine.checkpoint {
        Some(path) if path.exists() => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let values =
                checkpoint::decode(code, &bytes).with_context(|| path.display().to_string())?;
            eprintln!(
                "resuming from {} values in {}",
                values.len(),
                path.display()
            );
            Sequence::resume(code.clone(), engine.method(), values)
        }
        _ => Sequence::new(code.clone(), engine.method()),
    };
    if len >= 1 << 20 {
        eprintln!(
            "memory: up to about {} MB (2 bytes per value, plus the rare heaps; twice that while a checkpoint is read back; 4 bytes per value once a value passes 65534)",
            (len * 2) >> 20
        );
    }
    let bar = progress(len as u64, "values");
    let (start, done_before) = (Instant::now(), seq.len());
    let mut saved = Instant::now();
    let every = Duration::from_secs(engine.checkpoint_every);
    if let (Some(w), false) = (watch.as_deref_mut(), seq.is_empty()) {
        if let Some(p) = w.observe(seq.values()) {
            return Ok((seq, Some(p)));
        }
    }
    while seq.len() < len {
        seq.push()?;
        if let Some(p) = watch.as_deref_mut().and_then(|w| w.observe(seq.values())) {
            bar.finish_and_clear();
            save(engine.checkpoint.as_deref(), &seq)?;
            return Ok((seq, Some(p)));
        }
        if seq.len() % (1 << 14) == 0 {
            report(&bar, &seq, start, done_before);
            if engine.checkpoint.is_some() && saved.elapsed() >= every {
                save(engine.checkpoint.as_deref(), &seq)?;
                saved = Instant::now();
            }
        }
    }
    bar.finish_and_clear();
    save(engine.checkpoint.as_deref(), &seq)?;
    Ok((seq, None))
}

fn report(bar: &indicatif::ProgressBar, seq: &Sequence, start: Instant, before: usize) {
    let rate = (seq.len() - before) as f64 / start.elapsed().as_secs_f64().max(1e-9);
    let (max, at) = seq.largest();
    bar.set_position(seq.len() as u64);
    bar.set_message(format!(
        "{:.0} values/s, largest G({at}) = {max}, {} rare",
        rate,
        seq.rare_count()
    ));
}

/// Writes the checkpoint atomically (a temporary file, then a rename).
fn save(path: Option<&Path>, seq: &Sequence) -> anyhow::Result<()> {
    let Some(path) = path else { return Ok(()) };
    let tmp = path.with_extension("tmp");
    let write = || -> std::io::Result<()> {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        checkpoint::write(&mut file, seq.code(), seq.values())?;
        file.into_inner().map_err(|e| e.into_error())?.sync_all()
    };
    write().with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}
