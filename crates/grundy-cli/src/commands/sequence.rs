//! `grundy sequence RULE --len N`: the Grundy values G(0), …, G(N−1).
//!
//! `grundy::api::sequence` chooses where the values come from (the
//! take-and-break engine for codes, names and `subtraction:S`, the catalog
//! for any other one-number game); this file reads and writes the
//! checkpoint files (atomically) and draws the progress bar.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::api::sequence::{self, Checkpoint, Event, Hooks, Method, SequenceOptions};
use grundy::api::Progress;

use crate::args::SearchArgs;
use grundy_plot::{Format, Period, SequenceChart};

use crate::output::{json_line, progress, stdout, write_picture};

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
    /// Write a scatter plot of G(n) against n as PNG to FILE (`-`: stdout) instead of printing;
    /// a proven period is marked.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "checksum"])]
    pub png: Option<PathBuf>,
    /// Write the plot as SVG to FILE (`-`: stdout).
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
    #[arg(long, value_name = "M", default_value = "auto", value_parser = Method::NAMES)]
    pub method: String,
    /// Say on stderr which instruction set the engine's hot loops run with.
    #[arg(long)]
    pub verbose: bool,
}

impl EngineArgs {
    fn method(&self) -> Method {
        // clap accepts only Method::NAMES.
        self.method.parse().unwrap_or_default()
    }

    /// The options of a run, with the search bound of catalog games.
    pub fn options(&self, search: Option<&SearchArgs>) -> SequenceOptions {
        SequenceOptions {
            method: self.method(),
            limits: search.map(SearchArgs::limits).unwrap_or_default(),
            checkpoint_every: Duration::from_secs(self.checkpoint_every),
        }
    }

    /// Runs `f` with hooks that resume from and save to `--checkpoint`
    /// (atomically: a temporary file, then a rename) and draw a progress
    /// bar towards `len` values, saying first what memory `len` values of
    /// `spec` with `options` take.
    ///
    /// # Errors
    /// A checkpoint that cannot be read, or what `f` returns.
    pub fn with_hooks<T>(
        &self,
        spec: &grundy::api::Spec,
        len: usize,
        options: &SequenceOptions,
        f: impl FnOnce(Hooks<'_>) -> Result<T, grundy::api::Error>,
    ) -> anyhow::Result<T> {
        let path = self.checkpoint.as_deref();
        let bytes = match path {
            Some(p) => crate::checkpoint_file::resume(p, options.limits.max_bytes)?,
            None => None,
        };
        // Past the budget the library refuses the run: no estimate then.
        if len >= 1 << 20 && len <= sequence::engine_room(options.limits) {
            let pairs = match sequence::pair_set_room(spec, len, options.limits) {
                0 => String::new(),
                bytes => format!(
                    "; plus up to {} MB for the pair sets of splits into three heaps",
                    bytes >> 20
                ),
            };
            eprintln!(
                "memory: up to about {} MB (2 bytes per value, 1 while every value is below 255, plus the rare heaps; twice that while a checkpoint is read back; 4 bytes per value once a value passes 65534){pairs}",
                (len * 2) >> 20
            );
        }
        let level = grundy::api::Level::detect();
        if self.verbose {
            eprintln!("engine: {level} (chosen at start-up from what this CPU runs)");
        }
        let bar = progress(len as u64, "values");
        // The rate of this run: values resumed are not counted.
        let (start, mut resumed) = (Instant::now(), 0);
        let mut events = |e: &Event| match e {
            Event::Resumed { values } => {
                resumed = *values as u64;
                let shown = path.map_or_else(String::new, |p| p.display().to_string());
                eprintln!("resuming from {values} values in {shown}");
            }
            Event::Progress(p) => {
                let rate =
                    p.done.saturating_sub(resumed) as f64 / start.elapsed().as_secs_f64().max(1e-9);
                bar.set_position(p.done);
                bar.set_message(format!(
                    "{rate:.0} values/s, largest G({}) = {}, {} rare, {level}",
                    p.at, p.largest, p.rare
                ));
            }
            _ => {}
        };
        let mut save = |c: &Checkpoint<'_>| {
            path.map_or(Ok(()), |p| {
                crate::checkpoint_file::save(p, |out| c.write_to(out))
            })
        };
        // With a checkpoint, the first Ctrl-C stops the run, which saves
        // its values; without one it ends the process (nothing to save).
        let progress = Arc::new(Progress::default());
        if path.is_some() {
            crate::interrupt::stop_on_ctrl_c(&progress)?;
        }
        let mut stop = || progress.stop_requested();
        let hooks = Hooks {
            events: Some(&mut events),
            resume: bytes.as_deref(),
            save: path.is_some().then_some(&mut save as _),
            interrupt: Some(&mut stop),
        };
        let result = f(hooks);
        bar.finish_and_clear();
        match (result, path) {
            (Err(grundy::api::Error::Checkpoint(e)), Some(p)) => {
                Err(anyhow::Error::new(e).context(p.display().to_string()))
            }
            (Err(grundy::api::Error::Interrupted { done }), Some(p)) => {
                Err(crate::interrupt::Saved {
                    done: format!("{done} values"),
                    file: p.display().to_string(),
                }
                .into())
            }
            (r, _) => Ok(r?),
        }
    }
}

/// The period of `values` if a theorem proves it within them, for a
/// picture to mark; a rule no theorem covers, or an error, marks nothing.
fn proven_period(
    spec: &grundy::api::Spec,
    values: &[u64],
    options: &SequenceOptions,
) -> Option<Period> {
    let (pre, p) = grundy::api::period::proven_in(spec, values, options).ok()??;
    Some(Period {
        preperiod: pre as u64,
        period: p as u64,
    })
}

pub fn run(args: &SequenceArgs) -> anyhow::Result<ExitCode> {
    let options = args.engine.options(Some(&args.search));
    let spec = super::spec(&args.rule, &[])?;
    let result = args.engine.with_hooks(&spec, args.len, &options, |hooks| {
        sequence::sequence(&spec, args.len, &options, hooks)
    })?;
    let mut out = stdout();
    if args.checksum {
        writeln!(out, "checksum {:X}", result.checksum()?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let plots = [(&args.png, Format::Png), (&args.svg, Format::Svg)];
    if plots.iter().any(|(p, _)| p.is_some()) {
        let plain = result.values.to_u64();
        let period = proven_period(&spec, &plain, &options);
        let values: Vec<Option<u64>> = plain.into_iter().map(Some).collect();
        let chart = SequenceChart {
            values: &values,
            first: 0,
            name: &args.rule,
            period,
        };
        for (path, format) in plots {
            if let Some(path) = path {
                write_picture(path, &chart.render(format)?)?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.json {
        json_line(&mut out, &result)?;
    } else {
        // Streamed: the text of 10^8 values would not fit beside them.
        result.values.write_words(&mut out)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
