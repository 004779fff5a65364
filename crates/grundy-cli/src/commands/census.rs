//! `grundy census FAMILY --out DIR`: every rule of a family, each until its
//! period is proven or `--max` values are done; `grundy census merge`.
//!
//! `grundy::api::census` lists the rules, computes them and groups the
//! records; this file keeps the results directory (one file per rule,
//! written atomically, so an interrupted census resumes), runs the rules on
//! threads or MPI ranks, and draws the progress.
//!
//! ```text
//! DIR/census.json        the family and --max (a resumed run must agree)
//! DIR/rules/RULE.json    one record per rule, as a JSON line
//! DIR/census.csv         every record present, in the family's order
//! DIR/census.jsonl       the same as JSON lines
//! DIR/classes.txt        rules with identical sequences, one class a line
//! DIR/summary.txt        how many rules, proven, open
//! ```

#[cfg(feature = "mpi")]
mod mpi;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use grundy::api::census::{self, Family, Record, Report, Rule, CSV_HEADER};
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};

use crate::output::{self, progress, stdout};

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CensusArgs {
    #[command(subcommand)]
    pub merge: Option<CensusCommand>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Subcommand, Debug)]
pub enum CensusCommand {
    /// Merge the rule files of several results directories into --out, and
    /// write its CSV, JSON lines, classes and summary.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// The family: octal:D (every code 0.d1…dD), subtraction:MAX (every
    /// non-empty subset of 1..MAX).
    #[arg(required = true)]
    pub family: Option<String>,
    /// Stop a rule after this many values if no period is proven by then.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max: usize,
    /// The results directory: created, or resumed (rules done are skipped).
    #[arg(long, value_name = "DIR", required = true)]
    pub out: Option<PathBuf>,
    /// Run only part I of N (1 ≤ I ≤ N): every N-th rule, for job arrays.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Threads (default: every core).
    #[arg(long, value_name = "K")]
    pub jobs: Option<usize>,
    /// Hexadecimal code digits (0-F: bit 8 splits a heap in three).
    #[arg(long)]
    pub hex: bool,
    /// The digits before the point: 0, 4 (split a heap without taking), 8, C.
    #[arg(long, value_name = "D,…", value_delimiter = ',', default_value = "0", value_parser = hex_digit)]
    pub leading: Vec<u8>,
    /// Order the rules longest first by the values they took in an earlier
    /// census in DIR (else by an estimate from their digits).
    #[arg(long, value_name = "DIR")]
    pub estimates: Option<PathBuf>,
    /// Run under mpirun: rank 0 hands out rules and writes the files, the
    /// other ranks compute (needs a grundy built with --features mpi).
    #[arg(long)]
    pub mpi: bool,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Results directories of the same family and --max.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Where the merged census goes (may be one of DIRS).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

fn hex_digit(text: &str) -> Result<u8, String> {
    u8::from_str_radix(text.trim(), 16)
        .ok()
        .filter(|d| *d < 16)
        .ok_or_else(|| format!("`{text}` is not a digit 0, 4, 8 or C"))
}

/// What a results directory holds a census of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Meta {
    family: Family,
    max: usize,
}

pub fn run(args: &CensusArgs) -> anyhow::Result<ExitCode> {
    match &args.merge {
        Some(CensusCommand::Merge(m)) => merge(m),
        None => run_census(&args.run),
    }
}

fn run_census(args: &RunArgs) -> anyhow::Result<ExitCode> {
    census::check_max(args.max)?;
    let family: Family = args.family.as_deref().unwrap_or_default().parse()?;
    let family = family.with_options(args.hex, &args.leading)?;
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if args.mpi {
        #[cfg(feature = "mpi")]
        return mpi::run(args, family, shard);
        #[cfg(not(feature = "mpi"))]
        bail!("this grundy is built without MPI; build it with `cargo build --release -p grundy-cli --features mpi`");
    }
    let (dir, pending) = prepare(args, &family, shard)?;
    let threads = args.jobs.unwrap_or_else(grundy::api::cores);
    let tracker = Tracker::new(pending.len());
    let events = |e: census::RunEvent<'_>| tracker.event(e);
    let finished = |rule: &Rule, r: Record| {
        write_record(&dir, rule, &r).map_err(|e| format!("{e:#}"))?;
        tracker.finished(&r);
        Ok(())
    };
    let result = census::run(&pending, args.max, threads, &events, &finished);
    tracker.bar.finish_and_clear();
    result?;
    finish(
        &dir,
        &Meta {
            family,
            max: args.max,
        },
    )
}

/// `I/N` with 1 ≤ I ≤ N.
fn parse_shard(text: &str) -> anyhow::Result<(usize, usize)> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((i, n)) if 1 <= i && i <= n => Ok((i, n)),
        _ => bail!("--shard {text}: write I/N with 1 <= I <= N, as in --shard 2/8"),
    }
}

/// Opens or creates the results directory and returns the rules still to
/// do (of the shard), longest first.
fn prepare(
    args: &RunArgs,
    family: &Family,
    shard: Option<(usize, usize)>,
) -> anyhow::Result<(PathBuf, Vec<Rule>)> {
    let dir = args.out.clone().unwrap_or_default();
    let meta = Meta {
        family: family.clone(),
        max: args.max,
    };
    open_dir(&dir, &meta)?;
    let done = records_in(&dir)?;
    let mut pending: Vec<Rule> = family
        .rules()?
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|(k, n)| i % n == k - 1))
        .map(|(_, r)| r)
        .filter(|r| !done.contains_key(r.name()))
        .collect();
    let known = match &args.estimates {
        Some(d) => records_in(d)?,
        None => HashMap::new(),
    };
    census::longest_first(&mut pending, &|name| known.get(name).map(|r| r.values));
    if !done.is_empty() {
        eprintln!(
            "resuming {}: {} rules done, {} to do",
            dir.display(),
            done.len(),
            pending.len()
        );
    }
    Ok((dir, pending))
}

/// Creates `dir` for `meta`, or checks that it holds a census of it.
fn open_dir(dir: &Path, meta: &Meta) -> anyhow::Result<()> {
    let path = dir.join("census.json");
    std::fs::create_dir_all(dir.join("rules"))
        .with_context(|| format!("creating {}", dir.display()))?;
    if path.exists() {
        let found = read_meta(dir)?;
        if &found != meta {
            bail!(
                "{} holds a census of {} with --max {}, not {} with --max {}; give another --out or the same flags",
                dir.display(),
                found.family,
                found.max,
                meta.family,
                meta.max
            );
        }
        return Ok(());
    }
    write_atomic(&path, serde_json::to_string(meta)?.as_bytes())
}

fn read_meta(dir: &Path) -> anyhow::Result<Meta> {
    let path = dir.join("census.json");
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "{} is no census directory: reading {}",
            dir.display(),
            path.display()
        )
    })?;
    serde_json::from_str(&text).with_context(|| format!("{} is damaged", path.display()))
}

/// The records in `dir/rules`, by rule.
fn records_in(dir: &Path) -> anyhow::Result<HashMap<String, Record>> {
    let rules = dir.join("rules");
    let mut records = HashMap::new();
    let entries =
        std::fs::read_dir(&rules).with_context(|| format!("reading {}", rules.display()))?;
    for entry in entries {
        let path = entry?.path();
        // Temporary files of an interrupted write are not records.
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let record: Record = serde_json::from_str(&text).with_context(|| {
            format!(
                "{} is damaged; delete it to compute it again",
                path.display()
            )
        })?;
        records.insert(record.rule.clone(), record);
    }
    Ok(records)
}

fn write_record(dir: &Path, rule: &Rule, record: &Record) -> anyhow::Result<()> {
    let mut line = serde_json::to_string(record)?;
    line.push('\n');
    let path = dir.join("rules").join(format!("{}.json", rule.file_stem()));
    write_atomic(&path, line.as_bytes())
}

/// Replaces the file at `path` by `bytes` through
/// [`output::write_atomically`]: a reader, or a resumed census, sees the old
/// file or the new one, whole.
fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(output::write_atomically(path, |out| out.write_all(bytes))?)
}

/// Writes the census files of every record in `dir` and prints the summary.
fn finish(dir: &Path, meta: &Meta) -> anyhow::Result<ExitCode> {
    // A run killed in a write left its temporary file; the rule has been
    // written since, by this run or another.
    output::remove_leftovers(&dir.join("rules"));
    let mut found = records_in(dir)?;
    let rules = meta.family.rules()?;
    let records: Vec<Record> = rules
        .iter()
        .filter_map(|r| found.remove(r.name()))
        .collect();
    if let Some(stray) = found.keys().next() {
        bail!(
            "{} holds a record of {stray}, no rule of {}",
            dir.display(),
            meta.family
        );
    }
    let report = Report::new(&records);
    let mut csv = format!("{CSV_HEADER}\n");
    let mut jsonl = String::new();
    for r in &records {
        csv.push_str(&r.csv_row());
        csv.push('\n');
        jsonl.push_str(&serde_json::to_string(r)?);
        jsonl.push('\n');
    }
    let mut summary = report.summary(&meta.family.to_string(), meta.max);
    if records.len() < rules.len() {
        summary.push_str(&format!(
            "incomplete: {} of {} rules done (other shards, or an interrupted run)\n",
            records.len(),
            rules.len()
        ));
    }
    write_atomic(&dir.join("census.csv"), csv.as_bytes())?;
    write_atomic(&dir.join("census.jsonl"), jsonl.as_bytes())?;
    write_atomic(&dir.join("classes.txt"), report.classes_text().as_bytes())?;
    write_atomic(&dir.join("summary.txt"), summary.as_bytes())?;
    let mut out = stdout();
    out.write_all(summary.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn merge(args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let meta = read_meta(&args.dirs[0])?;
    open_dir(&args.out, &meta)?;
    let mut have = records_in(&args.out)?;
    for dir in &args.dirs {
        let other = read_meta(dir)?;
        if other != meta {
            bail!(
                "{} holds a census of {} with --max {}, {} one of {} with --max {}; merge censuses of one family and --max",
                dir.display(),
                other.family,
                other.max,
                args.dirs[0].display(),
                meta.family,
                meta.max
            );
        }
        for (name, record) in records_in(dir)? {
            match have.get(&name) {
                Some(r) if r != &record => Err(census::CensusError::Disagree { rule: name })?,
                Some(_) => {}
                None => {
                    let rule: Rule = name.parse()?;
                    write_record(&args.out, &rule, &record)?;
                    have.insert(name, record);
                }
            }
        }
    }
    finish(&args.out, &meta)
}

/// Rules done and open, the rate, and the rule running longest, on a
/// progress bar (hidden when stderr is not a terminal).
struct Tracker {
    bar: ProgressBar,
    state: Mutex<State>,
}

struct State {
    start: Instant,
    done: usize,
    open: usize,
    running: HashMap<String, (Instant, usize)>,
}

impl Tracker {
    fn new(rules: usize) -> Tracker {
        Tracker {
            bar: progress(rules as u64, "rules"),
            state: Mutex::new(State {
                start: Instant::now(),
                done: 0,
                open: 0,
                running: HashMap::new(),
            }),
        }
    }

    fn event(&self, e: census::RunEvent<'_>) {
        match e {
            census::RunEvent::Started { rule } => self.started(rule.name()),
            census::RunEvent::Progress { rule, done } => {
                let mut s = self.lock();
                if let Some(r) = s.running.get_mut(rule.name()) {
                    r.1 = done;
                }
                self.show(&s);
            }
            _ => {}
        }
    }

    fn started(&self, rule: &str) {
        let mut s = self.lock();
        s.running.insert(rule.to_string(), (Instant::now(), 0));
        self.show(&s);
    }

    fn finished(&self, r: &Record) {
        let mut s = self.lock();
        s.running.remove(&r.rule);
        s.done += 1;
        s.open += usize::from(!r.proven);
        self.bar.set_position(s.done as u64);
        self.show(&s);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn show(&self, s: &State) {
        let rate = s.done as f64 / s.start.elapsed().as_secs_f64().max(1e-9);
        let slowest = s
            .running
            .iter()
            .min_by_key(|(name, (t, _))| (*t, name.as_str()))
            .map_or_else(String::new, |(name, (t, done))| {
                let values = if *done > 0 {
                    format!("{done} values, ")
                } else {
                    String::new()
                };
                format!(", slowest {name} ({values}{} s)", t.elapsed().as_secs())
            });
        self.bar.set_message(format!(
            "{} done, {} open, {rate:.2} rules/s{slowest}",
            s.done, s.open
        ));
    }
}
