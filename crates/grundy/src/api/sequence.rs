//! Grundy sequences `G(0), …, G(len − 1)` of any game whose positions are
//! one number: take-and-break codes, their names and `subtraction:S` on the
//! take-and-break engine, any other catalog game (`nim`, `bash:3`,
//! `script:FILE`) through the catalog.
//!
//! Long engine runs report progress and save checkpoints through the
//! [`Hooks`] the caller passes: the caller reads a checkpoint's bytes and
//! says where a new one goes; nothing here opens a file or prints.
//!
//! ```
//! use grundy::api::sequence::{sequence, Hooks, SequenceOptions};
//!
//! let s = sequence(&"0.07".into(), 10, &SequenceOptions::default(), Hooks::default()).unwrap();
//! assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"rule":"0.07","values":[0,0,1,1,2,0,3,1,1,0]}"#);
//! let nim = sequence(&"nim".into(), 4, &SequenceOptions::default(), Hooks::default()).unwrap();
//! assert_eq!(nim.values.to_u64(), [0, 1, 2, 3]);
//! ```

use std::io;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::analysis::erased::AnyGame;
use crate::api::Error;
use crate::catalog::{self, CatalogError, Spec};
use crate::games::octal;
use crate::games::subtraction::SubtractionSet;
use crate::solve::heap::checkpoint;
use crate::solve::heap::code::HeapCode;
use crate::solve::heap::sequence::{self as engine, Sequence};
use crate::solve::heap::triples::MAX_PAIR_BYTES;
use crate::solve::period::{PeriodWatch, Periodicity};
use crate::solve::{Limits, ProgressReading};

pub use crate::solve::heap::sequence::Method;

/// How often (in values) the engine reports progress and may save.
pub const REPORT_EVERY: usize = 1 << 14;

/// How often (in values) the engine asks [`Hooks::interrupt`] whether to
/// stop: often enough that a long heap still stops within a fraction of a
/// second, and the hook is free to look at a clock before doing more.
pub const INTERRUPT_EVERY: usize = 1 << 6;

/// How a sequence is computed.
#[derive(Clone, Debug)]
pub struct SequenceOptions {
    /// The take-and-break engine's algorithm.
    pub method: Method,
    /// The search bound for games valued through the catalog.
    pub limits: Limits,
    /// The least time between two checkpoint saves of an engine run.
    pub checkpoint_every: Duration,
}

impl Default for SequenceOptions {
    fn default() -> Self {
        SequenceOptions {
            method: Method::Auto,
            limits: Limits::default(),
            checkpoint_every: Duration::from_secs(60),
        }
    }
}

/// What an engine run tells its caller as it goes.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Event {
    /// The run goes on from a checkpoint holding this many values.
    Resumed {
        /// Values read back.
        values: usize,
    },
    /// The run's progress: values known ([`done`](ProgressReading::done))
    /// of those asked for, the largest value and the first heap with it,
    /// the heaps with a rare value; reported every [`REPORT_EVERY`]
    /// values.
    Progress(ProgressReading),
}

/// A checkpoint ready to be saved: the caller writes it where it likes.
pub struct Checkpoint<'a> {
    code: &'a HeapCode,
    values: &'a engine::Values,
}

impl Checkpoint<'_> {
    /// Writes the checkpoint (a text header, then the values), a piece at
    /// a time; the bytes are those that [`Hooks::resume`] reads back.
    ///
    /// # Errors
    /// What `out` reports.
    pub fn write_to(&self, out: &mut dyn io::Write) -> io::Result<()> {
        let mut out = out;
        checkpoint::write(&mut out, self.code, self.values)
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// A save function: called with each checkpoint to keep.
pub type Save<'a> = &'a mut dyn FnMut(&Checkpoint<'_>) -> io::Result<()>;

/// What the caller passes to a long run; the default is a quiet run that
/// starts afresh, saves nothing and runs to the end.
#[derive(Default)]
pub struct Hooks<'a> {
    /// Called with each [`Event`].
    pub events: Option<&'a mut dyn FnMut(&Event)>,
    /// Asked every [`INTERRUPT_EVERY`] values of an engine run whether to
    /// stop (a user's Ctrl-C): `true` saves the values so far through
    /// `save`, if given, and ends the run with
    /// [`Error::Interrupted`].
    pub interrupt: Option<&'a mut dyn FnMut() -> bool>,
    /// The bytes of a checkpoint to resume from (take-and-break rules only).
    pub resume: Option<&'a [u8]>,
    /// Where to save checkpoints: every
    /// [`checkpoint_every`](SequenceOptions::checkpoint_every), and at the end.
    pub save: Option<Save<'a>>,
}

impl Hooks<'_> {
    fn interrupted(&mut self, seq: &Sequence) -> Result<(), Error> {
        let stop = self.interrupt.as_mut().is_some_and(|stop| stop());
        if stop {
            self.save(seq)?;
            return Err(Error::Interrupted { done: seq.len() });
        }
        Ok(())
    }

    fn event(&mut self, e: &Event) {
        if let Some(f) = self.events.as_mut() {
            f(e);
        }
    }

    fn save(&mut self, seq: &Sequence) -> Result<(), Error> {
        let Some(save) = self.save.as_mut() else {
            return Ok(());
        };
        let c = Checkpoint {
            code: seq.code(),
            values: seq.values(),
        };
        save(&c).map_err(|e| Error::Save {
            reason: e.to_string(),
        })
    }
}

/// The values of a sequence at the narrowest width that holds them; JSON
/// writes each as a plain array of numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Values {
    /// Every value below 2^8 − 1 (the engine's fastest path).
    Byte(Vec<u8>),
    /// Every value below 2^16 − 1 (the engine's fast path).
    Narrow(Vec<u16>),
    /// Values below 2^32 − 1 (the engine's wide path).
    Wide(Vec<u32>),
    /// Values of a catalog game.
    Catalog(Vec<u64>),
}

impl Values {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Values::Byte(g) => g.len(),
            Values::Narrow(g) => g.len(),
            Values::Wide(g) => g.len(),
            Values::Catalog(g) => g.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values as 64-bit numbers (a copy).
    pub fn to_u64(&self) -> Vec<u64> {
        match self {
            Values::Byte(g) => g.iter().map(|&v| u64::from(v)).collect(),
            Values::Narrow(g) => g.iter().map(|&v| u64::from(v)).collect(),
            Values::Wide(g) => g.iter().map(|&v| u64::from(v)).collect(),
            Values::Catalog(g) => g.clone(),
        }
    }

    /// The values as text, separated by spaces (see [`Values::write_words`]
    /// for long sequences).
    pub fn words(&self) -> String {
        let mut text = Vec::new();
        self.write_words(&mut text)
            .expect("writing to memory does not fail");
        String::from_utf8(text).expect("digits and spaces")
    }

    /// Writes the values as text, separated by spaces, a piece at a time:
    /// 10^8 values are about a gigabyte of text, which [`Values::words`]
    /// would hold whole (and a `String` per value on the way).
    ///
    /// # Errors
    /// What `out` reports.
    pub fn write_words(&self, out: &mut dyn io::Write) -> io::Result<()> {
        fn write<T: std::fmt::Display>(out: &mut dyn io::Write, g: &[T]) -> io::Result<()> {
            let mut piece = String::with_capacity(1 << 16);
            for (k, v) in g.iter().enumerate() {
                use std::fmt::Write;
                let space = if k == 0 { "" } else { " " };
                // Writing to a String does not fail.
                let _ = write!(piece, "{space}{v}");
                if piece.len() >= 1 << 16 {
                    out.write_all(piece.as_bytes())?;
                    piece.clear();
                }
            }
            out.write_all(piece.as_bytes())
        }
        match self {
            Values::Byte(g) => write(out, g),
            Values::Narrow(g) => write(out, g),
            Values::Wide(g) => write(out, g),
            Values::Catalog(g) => write(out, g),
        }
    }

    fn from_engine(values: engine::Values, len: usize) -> Values {
        match values {
            engine::Values::Byte(mut g) => {
                g.truncate(len);
                Values::Byte(g)
            }
            engine::Values::Narrow(mut g) => {
                g.truncate(len);
                Values::Narrow(g)
            }
            engine::Values::Wide(mut g) => {
                g.truncate(len);
                Values::Wide(g)
            }
        }
    }
}

/// A sequence: `{"rule": ..., "values": [...]}` in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SequenceResult {
    /// The rule: the canonical code on the engine (`0.77` for `kayles`),
    /// the game's name through the catalog.
    pub rule: String,
    /// `G(0), …, G(len − 1)`.
    pub values: Values,
}

impl SequenceResult {
    /// The Fletcher-32 checksum of the values, as `ogsolve` prints it.
    ///
    /// # Errors
    /// [`Error::ChecksumRange`] for a value of 2^32 or more, where the
    /// checksum is not defined.
    pub fn checksum(&self) -> Result<u32, Error> {
        match &self.values {
            Values::Byte(g) => Ok(checkpoint::checksum(g)),
            Values::Narrow(g) => Ok(checkpoint::checksum(g)),
            Values::Wide(g) => Ok(checkpoint::checksum(g)),
            Values::Catalog(g) => {
                let narrow: Vec<u32> = g
                    .iter()
                    .enumerate()
                    .map(|(n, &v)| {
                        u32::try_from(v).map_err(|_| Error::ChecksumRange { n, value: v })
                    })
                    .collect::<Result<_, _>>()?;
                Ok(checkpoint::checksum(&narrow))
            }
        }
    }
}

/// `G(0), …, G(len − 1)` of `rule`: a take-and-break code, a name
/// (`kayles`), `subtraction:S`, or a catalog game whose positions are one
/// number.
///
/// # Errors
/// A rule that is neither ([`Error::NotARule`], [`Error::NotOneNumber`],
/// [`Error::Catalog`]); a checkpoint of another rule or damaged; a value
/// past 32 bits on the engine; a value too large to search
/// ([`Error::Unsearched`]); a failed save ([`Error::Save`]).
pub fn sequence(
    rule: &Spec,
    len: usize,
    options: &SequenceOptions,
    mut hooks: Hooks<'_>,
) -> Result<SequenceResult, Error> {
    let rule = Rule::resolve(rule)?;
    let per_value = match rule {
        Rule::Engine(_) => ENGINE_VALUE_BYTES,
        // The search's values, then their copy as numbers.
        Rule::Catalog { .. } => size_of::<Option<crate::nimber::Nimber>>() + size_of::<u64>(),
    };
    fits_memory(len, per_value, options.limits)?;
    match rule {
        Rule::Engine(code) => {
            let (seq, _) = run_engine(&code, len, options, &mut hooks, None)?;
            Ok(SequenceResult {
                rule: code.to_string(),
                values: Values::from_engine(seq.into_values(), len),
            })
        }
        Rule::Catalog { game, template } => Ok(SequenceResult {
            rule: game.name(),
            values: Values::Catalog(catalog_values(
                game.as_ref(),
                template,
                len,
                options.limits,
            )?),
        }),
    }
}

/// The values a checkpoint of `rule` (a take-and-break code, a name or
/// `subtraction:S`) holds: what a run resumed from it starts with, for a
/// caller that looks into a checkpoint file without running anything.
///
/// ```
/// use grundy::api::sequence::{checkpoint_values, sequence, Hooks, SequenceOptions};
///
/// let mut saved = Vec::new();
/// {
///     let mut save = |c: &grundy::api::sequence::Checkpoint<'_>| {
///         saved.clear();
///         c.write_to(&mut saved)
///     };
///     let hooks = Hooks { save: Some(&mut save), ..Hooks::default() };
///     sequence(&"kayles".into(), 8, &SequenceOptions::default(), hooks).unwrap();
/// }
/// let held = checkpoint_values(&"0.77".into(), &saved).unwrap();
/// assert_eq!(held.to_u64(), [0, 1, 2, 3, 1, 4, 3, 2]);
/// // Damaged, or of another rule: refused.
/// assert!(checkpoint_values(&"0.07".into(), &saved).is_err());
/// let last = saved.len() - 1;
/// saved[last] ^= 1;
/// assert!(checkpoint_values(&"0.77".into(), &saved).is_err());
/// ```
///
/// # Errors
/// A rule that is not on the take-and-break engine ([`Error::NotARule`],
/// [`Error::NoCheckpoint`]); a checkpoint of another rule, damaged, or of
/// another format ([`Error::Checkpoint`]).
pub fn checkpoint_values(rule: &Spec, bytes: &[u8]) -> Result<Values, Error> {
    let Rule::Engine(code) = Rule::resolve(rule)? else {
        return Err(Error::NoCheckpoint {
            rule: rule.to_string(),
        });
    };
    let values = checkpoint::decode(&code, bytes)?;
    let len = values.len();
    Ok(Values::from_engine(values, len))
}

/// The most bytes the pair sets of a rule's splits into three heaps may
/// take in a run of `len` values within `limits`: what the values leave of
/// the budget, at most 256 MiB; 0 for a rule that never splits a heap in
/// three (every octal code) or that is not a take-and-break code.
///
/// # Examples
/// ```
/// use grundy::api::sequence::pair_set_room;
/// use grundy::api::{Limits, Spec};
///
/// let limits = Limits::default();
/// assert_eq!(pair_set_room(&Spec::from("0.07"), 1000, limits), 0);
/// assert_eq!(pair_set_room(&Spec::from("0.8"), 1000, limits), 256 << 20);
/// ```
pub fn pair_set_room(rule: &Spec, len: usize, limits: Limits) -> usize {
    match Rule::resolve(rule) {
        Ok(Rule::Engine(code)) if code.max_parts() >= 3 => {
            pair_budget(len, limits).min(MAX_PAIR_BYTES)
        }
        _ => 0,
    }
}

/// What `len` values leave of the memory budget of `limits`, for the pair
/// sets of splits into three heaps (which also stay within
/// [`MAX_PAIR_BYTES`]): the one sum [`run_engine`] enforces and
/// [`pair_set_room`] announces.
fn pair_budget(len: usize, limits: Limits) -> usize {
    let values = len.saturating_mul(ENGINE_VALUE_BYTES);
    limits.max_bytes.saturating_sub(values)
}

/// The bytes the engine stores per value at least (16-bit values; twice
/// that once a value passes 16 bits).
pub(crate) const ENGINE_VALUE_BYTES: usize = 2;

/// The most values of a take-and-break rule that the memory budget of
/// `limits` holds (at 16 bits a value).
pub fn engine_room(limits: Limits) -> usize {
    limits.max_bytes / ENGINE_VALUE_BYTES
}

/// Refuses `len` values of `per_value` bytes each past the memory budget,
/// before anything is allocated.
///
/// # Errors
/// [`Error::TooLarge`], naming the bytes and the flags that change them.
pub(crate) fn fits_memory(len: usize, per_value: usize, limits: Limits) -> Result<(), Error> {
    let mib = |bytes: u128| bytes.div_ceil(1 << 20);
    let needed = len as u128 * per_value as u128;
    if needed <= limits.max_bytes as u128 {
        return Ok(());
    }
    Err(Error::TooLarge {
        what: "a sequence".into(),
        asked: format!(
            "{len} values ({} MiB at {per_value} bytes a value)",
            mib(needed)
        ),
        limit: format!("the memory budget of {} MiB", mib(limits.max_bytes as u128)),
        fix: "ask for fewer values with --len, or raise the budget with --memory".into(),
    })
}

/// A one-number rule, resolved to the place its values come from.
pub(crate) enum Rule {
    /// A take-and-break code, on the engine.
    Engine(HeapCode),
    /// A catalog game, with its one-number position template.
    Catalog {
        game: Box<dyn AnyGame>,
        template: &'static str,
    },
}

impl Rule {
    /// Codes, names and `subtraction:S` go to the engine, anything else to
    /// the catalog (which also reports what is wrong with a bad set).
    pub(crate) fn resolve(spec: &Spec) -> Result<Rule, Error> {
        let text = spec.to_string();
        let text = text.as_str();
        let code = match text.strip_prefix("subtraction:") {
            Some(set) => SubtractionSet::parse(set)
                .ok()
                .and_then(|s| HeapCode::subtraction(&s).ok())
                .ok_or(None),
            None => octal::code(text).map_err(Some),
        };
        let code_error = match code {
            Ok(code) => return Ok(Rule::Engine(code)),
            Err(e) => e,
        };
        let game = match spec.build() {
            Ok(g) => g,
            Err(CatalogError::Unknown { .. }) => {
                return Err(Error::NotARule {
                    rule: text.to_string(),
                    reason: code_error.map_or_else(String::new, |e| e.to_string()),
                })
            }
            Err(e) => return Err(e.into()),
        };
        let name = spec.name.clone();
        let template = catalog::entry(&name)
            .and_then(|e| e.sequence_position)
            .ok_or(Error::NotOneNumber { game: name })?;
        Ok(Rule::Catalog { game, template })
    }
}

/// `G(0..len)` of a catalog game, through [`AnyGame::values`].
pub(crate) fn catalog_values(
    game: &dyn AnyGame,
    template: &str,
    len: usize,
    limits: Limits,
) -> Result<Vec<u64>, Error> {
    let mut positions = (0..len as u64).map(|n| catalog::position_words(template, n, 0, 0));
    let values = game.values(&mut positions, limits)?;
    values
        .into_iter()
        .enumerate()
        .map(|(n, v)| v.map(|v| v.0).ok_or(Error::Unsearched { n }))
        .collect()
}

/// Computes at least `len` values of `code` (fewer if `watch` proves a
/// period first), resuming from and saving checkpoints through `hooks`.
pub(crate) fn run_engine(
    code: &HeapCode,
    len: usize,
    options: &SequenceOptions,
    hooks: &mut Hooks<'_>,
    mut watch: Option<&mut PeriodWatch>,
) -> Result<(Sequence, Option<Periodicity>), Error> {
    let mut seq = match hooks.resume {
        Some(bytes) => {
            let values = checkpoint::decode(code, bytes)?;
            hooks.event(&Event::Resumed {
                values: values.len(),
            });
            Sequence::resume(code.clone(), options.method, values)
        }
        None => Sequence::new(code.clone(), options.method),
    };
    // The pair sets of three-way splits get what the values leave of the
    // budget.
    seq.limit_pair_bytes(pair_budget(len, options.limits));
    let start = Instant::now();
    let mut saved = Instant::now();
    if let (Some(w), false) = (watch.as_deref_mut(), seq.is_empty()) {
        if let Some(p) = w.observe(seq.values()) {
            return Ok((seq, Some(p)));
        }
    }
    while seq.len() < len {
        seq.push()?;
        if seq.len() % INTERRUPT_EVERY == 0 {
            hooks.interrupted(&seq)?;
            // A time limit only stops the run (saving what it has): the
            // values never depend on it.
            if let Some(limit) = options.limits.max_time.filter(|&t| start.elapsed() >= t) {
                hooks.save(&seq)?;
                let done = seq.len();
                return Err(Error::TimeLimit { done, limit });
            }
        }
        if let Some(p) = watch.as_deref_mut().and_then(|w| w.observe(seq.values())) {
            hooks.save(&seq)?;
            return Ok((seq, Some(p)));
        }
        if seq.len() % REPORT_EVERY == 0 {
            hooks.event(&Event::Progress(progress(&seq, len)));
            if saved.elapsed() >= options.checkpoint_every {
                hooks.save(&seq)?;
                saved = Instant::now();
            }
        }
    }
    hooks.save(&seq)?;
    Ok((seq, None))
}

fn progress(seq: &Sequence, total: usize) -> ProgressReading {
    let (largest, at) = seq.largest();
    ProgressReading {
        done: seq.len() as u64,
        total: total as u64,
        largest: u64::from(largest),
        at: at as u64,
        rare: seq.rare_count() as u64,
        ..ProgressReading::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ErrorKind;

    #[test]
    fn an_interrupt_stops_an_engine_run() {
        let mut asked = 0;
        let mut stop = || {
            asked += 1;
            asked == 3
        };
        let hooks = Hooks {
            interrupt: Some(&mut stop),
            ..Hooks::default()
        };
        let e = sequence(&"0.6".into(), 1 << 20, &SequenceOptions::default(), hooks).unwrap_err();
        assert_eq!(
            e,
            Error::Interrupted {
                done: 3 * INTERRUPT_EVERY
            }
        );
        assert_eq!(e.kind(), ErrorKind::Interrupted);
    }

    #[test]
    fn a_time_limit_stops_an_engine_run_with_its_error_and_saves() {
        let mut saved = 0;
        let mut save = |c: &Checkpoint<'_>| {
            saved = c.len();
            Ok(())
        };
        let hooks = Hooks {
            save: Some(&mut save),
            ..Hooks::default()
        };
        let options = SequenceOptions {
            limits: Limits::default().with_time(Duration::ZERO),
            ..SequenceOptions::default()
        };
        let e = sequence(&"0.6".into(), 1 << 20, &options, hooks).unwrap_err();
        let limit = Duration::ZERO;
        assert_eq!(
            e,
            Error::TimeLimit {
                done: INTERRUPT_EVERY,
                limit
            }
        );
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert_eq!(saved, INTERRUPT_EVERY);
        let period =
            crate::api::period::period(&"0.6".into(), usize::MAX, &options, Hooks::default());
        assert!(matches!(period, Err(Error::TimeLimit { .. })), "{period:?}");
    }

    #[test]
    fn words_are_written_as_they_are_joined() {
        let v = Values::Catalog(vec![0, 1, 20, 3]);
        assert_eq!(v.words(), "0 1 20 3");
        assert_eq!(Values::Narrow(Vec::new()).words(), "");
        let long = Values::Narrow((0..50_000u16).collect());
        let joined: Vec<String> = (0..50_000u16).map(|v| v.to_string()).collect();
        assert_eq!(long.words(), joined.join(" "));
    }

    #[test]
    fn a_hook_that_never_stops_changes_nothing() {
        let mut never = || false;
        let hooks = Hooks {
            interrupt: Some(&mut never),
            ..Hooks::default()
        };
        let options = SequenceOptions::default();
        let with = sequence(&"0.6".into(), 1000, &options, hooks).unwrap();
        let without = sequence(&"0.6".into(), 1000, &options, Hooks::default()).unwrap();
        assert_eq!(with, without);
    }
}
