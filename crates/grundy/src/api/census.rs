//! Censuses of rule families: every rule of a family (`octal:3` for all
//! `0.d1d2d3`, `subtraction:8` for every subset of `1..8`), each computed on
//! the take-and-break engine until the Guy–Smith theorem proves its period
//! or `max` values are done.
//!
//! A census is a list of independent tasks, one per rule ([`Family::rules`]),
//! each giving one [`Record`]. The front end stores the records where it
//! likes (the command line: one file per rule, so an interrupted census
//! resumes and several can be merged); [`Report`] groups a set of records
//! into the equivalent games of the literature (rules with identical
//! sequences) and a summary. Nothing here reads or writes files.
//!
//! ```
//! use grundy::api::census::{compute, Family, Report};
//!
//! let family: Family = "octal:1".parse().unwrap();
//! let rules = family.rules().unwrap();
//! let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
//! assert_eq!(names, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
//! let records: Vec<_> = rules.iter().map(|r| compute(r, 2000, &mut |_| {}).unwrap()).collect();
//! let report = Report::new(&records);
//! assert_eq!((report.proven, report.open), (6, 1)); // 0.6 is open
//! ```
//!
//! # Complexity
//! One engine run per rule: `O(n · t)` values for a code taking up to `t`
//! tokens without splitting, `O(n²)` at worst for codes that split (the
//! rare/common split makes most of them far cheaper), with `n` at most
//! `max`.

mod family;
mod report;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::api::sequence::{run_engine, Event, Hooks, SequenceOptions};
use crate::solve::heap::checkpoint::checksum;
use crate::solve::heap::code::HeapCode;
use crate::solve::period::PeriodWatch;

pub use family::{Family, Rule, MAX_OCTAL_DIGITS, MAX_RULES, MAX_SUBTRACTION_SET};
pub use report::{Class, Report, CSV_HEADER};

/// The most values a census computes for one rule (`--max`): 4 bytes a
/// value at worst, for each rule running at once.
pub const MAX_VALUES: usize = 100_000_000;

/// How many values of an open rule its record keeps (the prefix that
/// confirms two open rules alike once their checksums agree).
pub const OPEN_HEAD: usize = 1024;

/// Why a census could not be run.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CensusError {
    /// A family that does not parse.
    #[error("family `{family}`: {reason}; write `octal:3` (all codes 0.d1d2d3) or `subtraction:8` (every subset of 1..8)")]
    BadFamily {
        /// The family, as given.
        family: String,
        /// What is wrong.
        reason: String,
    },
    /// A family or a run larger than a documented limit.
    #[error("{what} is refused: the limit is {limit}; {fix}")]
    TooLarge {
        /// What was asked for.
        what: String,
        /// The limit.
        limit: String,
        /// How to get an answer anyway.
        fix: String,
    },
    /// A rule name that is no rule of a census.
    #[error("`{rule}` is not a census rule: {reason}")]
    BadRule {
        /// The name.
        rule: String,
        /// Why.
        reason: String,
    },
    /// Two records of one rule that disagree (merging censuses of other
    /// `--max`, or a damaged file).
    #[error("two records of {rule} disagree; merge only censuses run with the same --max")]
    Disagree {
        /// The rule.
        rule: String,
    },
    /// The engine failed on a rule.
    #[error("{rule}: {source}")]
    Engine {
        /// The rule.
        rule: String,
        /// What the engine reported.
        #[source]
        source: Box<crate::api::Error>,
    },
    /// The caller's handler of a finished rule failed (a file not written).
    #[error("{0}")]
    Handler(String),
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {reason}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
}

/// One rule's result: a line of the census's CSV and JSON lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The rule: a canonical code (`0.137`, `4.3`) or `subtraction:1,3,4`.
    pub rule: String,
    /// The least preperiod, when a period is proven.
    pub preperiod: Option<usize>,
    /// The least period, when proven.
    pub period: Option<usize>,
    /// How much each period adds (0: purely periodic), when proven.
    pub saltus: Option<u64>,
    /// Whether the Guy–Smith theorem proves the period for every heap.
    pub proven: bool,
    /// How many values were computed: `G(0)` to `G(values − 1)`.
    pub values: usize,
    /// The largest value computed.
    pub largest: u32,
    /// The first heap with the largest value.
    pub largest_at: usize,
    /// Fletcher-32 of all the values computed (as `grundy sequence
    /// --checksum` prints it), upper-case hexadecimal.
    pub checksum: String,
    /// The values that fix the sequence: `G(0)` to `G(preperiod + period −
    /// 1)` when proven, else the first [`OPEN_HEAD`] (or all) values.
    pub head: Vec<u32>,
}

/// Computes `rule` until its period is proven or `max` values are done;
/// `progress` hears how many values are known from time to time.
///
/// # Errors
/// [`CensusError::TooLarge`] for `max` above [`MAX_VALUES`];
/// [`CensusError::Engine`] when the engine cannot go on (a value past 32
/// bits).
pub fn compute(
    rule: &Rule,
    max: usize,
    progress: &mut dyn FnMut(usize),
) -> Result<Record, CensusError> {
    check_max(max)?;
    let code = rule.code();
    let mut watch = PeriodWatch::new(code);
    let mut events = |e: &Event| {
        if let Event::Progress(p) = e {
            progress(p.done as usize);
        }
    };
    let hooks = Hooks {
        events: Some(&mut events),
        ..Hooks::default()
    };
    let mut hooks = hooks;
    let options = SequenceOptions::default();
    let (seq, found) =
        run_engine(code, max, &options, &mut hooks, watch.as_mut()).map_err(|source| {
            CensusError::Engine {
                rule: rule.name().to_string(),
                source: Box::new(source),
            }
        })?;
    let values = seq.values().to_u32();
    let values = &values[..values.len().min(max)];
    let (largest_at, largest) = values
        .iter()
        .enumerate()
        .max_by_key(|&(i, &v)| (v, std::cmp::Reverse(i)))
        .map_or((0, 0), |(i, &v)| (i, v));
    let head = match &found {
        Some(p) => values[..p.preperiod + p.period].to_vec(),
        None => values[..values.len().min(OPEN_HEAD)].to_vec(),
    };
    Ok(Record {
        rule: rule.name().to_string(),
        preperiod: found.as_ref().map(|p| p.preperiod),
        period: found.as_ref().map(|p| p.period),
        saltus: found.as_ref().map(|p| p.saltus),
        proven: found.is_some(),
        values: values.len(),
        largest,
        largest_at,
        checksum: format!("{:08X}", checksum(values)),
        head,
    })
}

/// Refuses a `max` above [`MAX_VALUES`] before anything is allocated.
///
/// # Errors
/// [`CensusError::TooLarge`].
pub fn check_max(max: usize) -> Result<(), CensusError> {
    if max > MAX_VALUES {
        return Err(CensusError::TooLarge {
            what: format!("--max {max} values per rule"),
            limit: MAX_VALUES.to_string(),
            fix: "ask for fewer values".into(),
        });
    }
    Ok(())
}

/// What [`run`] tells its caller, from any of its threads.
#[derive(Debug)]
#[non_exhaustive]
pub enum RunEvent<'a> {
    /// A rule is started.
    Started {
        /// The rule.
        rule: &'a Rule,
    },
    /// A running rule's progress.
    Progress {
        /// The rule.
        rule: &'a Rule,
        /// Values known.
        done: usize,
    },
}

/// Computes every rule of `rules` on `threads` threads (rayon), taking them
/// in the order given (give the long ones first: [`longest_first`]); each
/// record goes to `finished` as soon as it is done, and `events` hears the
/// rest. The first error stops the run (the rules already running finish).
///
/// # Errors
/// The first [`compute`] error, or the first error `finished` returns (as
/// [`CensusError::Handler`]).
pub fn run(
    rules: &[Rule],
    max: usize,
    threads: usize,
    events: &(dyn Fn(RunEvent<'_>) + Sync),
    finished: &(dyn Fn(&Rule, Record) -> Result<(), String> + Sync),
) -> Result<(), CensusError> {
    check_max(max)?;
    let threads = threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CensusError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error = std::sync::Mutex::new(None);
    let worker = || {
        while !failed.load(Ordering::Relaxed) {
            let Some(rule) = rules.get(next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            events(RunEvent::Started { rule });
            let mut progress = |done| events(RunEvent::Progress { rule, done });
            let result = compute(rule, max, &mut progress)
                .and_then(|r| finished(rule, r).map_err(CensusError::Handler));
            if let Err(e) = result {
                failed.store(true, Ordering::Relaxed);
                let mut slot = first_error.lock().unwrap_or_else(|p| p.into_inner());
                slot.get_or_insert(e);
            }
        }
    };
    pool.scope(|s| {
        for _ in 0..threads {
            s.spawn(|_| worker());
        }
    });
    let error = first_error.into_inner().unwrap_or_else(|p| p.into_inner());
    error.map_or(Ok(()), Err)
}

/// Sorts rules so that the ones likely to take longest come first, so that
/// a run is not held up at its end by one long rule: by `known` values
/// computed in an earlier census where given (an open rule ran to its
/// `max`), else by an estimate from the digits (codes that split a heap
/// cost up to `O(n²)`, the others `O(n · t)`).
pub fn longest_first(rules: &mut [Rule], known: &dyn Fn(&str) -> Option<usize>) {
    rules.sort_by_cached_key(|r| {
        let estimate = known(r.name()).map_or_else(|| estimate(r.code()), |v| v as u64);
        (std::cmp::Reverse(estimate), r.name().to_string())
    });
}

/// A rough cost: codes that split dwarf those that do not, and more digits
/// (a larger `t`) take longer.
fn estimate(code: &HeapCode) -> u64 {
    let splits = code.digits().iter().filter(|&&d| d & 12 != 0).count() as u64;
    let parts = code.max_parts() as u64;
    // Splitting codes first (by how many digits split), then by length.
    (parts - 1) * 1_000_000 + splits * 1_000 + code.max_take() as u64
}
