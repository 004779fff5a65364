//! Periods of any one-number game, proven where a theorem applies.
//!
//! * Take-and-break codes, their names and `subtraction:S` run on the
//!   engine until the Guy–Smith theorem proves a period
//!   (`crate::solve::period::PeriodWatch`).
//! * A catalog game (`bash:3`, `script:FILE`) is valued through the catalog
//!   in doubling runs. The code its moves agree with on every heap computed
//!   is inferred (`crate::solve::heap::infer`), its sums are checked to be
//!   valued as XORs, and the period is proven by Guy–Smith for that code: a
//!   proof that assumes the moves keep the shape seen, as the report says.
//! * Where no theorem applies (Grundy's game, moves that are no finite
//!   code) the report gives the period seen in the values, unproven, and why.
//!
//! ```
//! use grundy::api::period::period;
//! use grundy::api::sequence::{Hooks, SequenceOptions};
//!
//! let r = period(&"0.07".into(), 1000, &SequenceOptions::default(), Hooks::default()).unwrap();
//! assert_eq!((r.preperiod, r.period, r.proven), (Some(53), Some(34), true));
//! ```

use serde::Serialize;

use crate::analysis::erased::AnyGame;
use crate::api::sequence::{catalog_values, engine_room, run_engine, Hooks, Rule, SequenceOptions};
use crate::api::Error;
use crate::catalog::{position_words, Spec};
use crate::solve::heap::code::HeapCode;
use crate::solve::heap::infer::Inference;
use crate::solve::heap::sequence::{Sequence, Values};
use crate::solve::period::{periodicity, prefix_period, PeriodWatch, Periodicity};

/// The most values computed for a catalog game (search is far slower than
/// the engine), whatever `max` asks.
pub const MAX_CATALOG_VALUES: usize = 1 << 16;

/// The most options read while inferring a catalog game's code; a game
/// with more (Nim takes any number) is not inferred further.
pub const MAX_INFERRED_OPTIONS: usize = 1 << 20;

/// What `grundy period` reports; its JSON is the command line's `--json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeriodReport {
    /// The rule: the canonical code on the engine, the game's name through
    /// the catalog.
    pub rule: String,
    /// The preperiod, proven or (when `proven` is false) seen.
    pub preperiod: Option<usize>,
    /// The period, proven or seen.
    pub period: Option<usize>,
    /// Whether a theorem proves the period for every heap.
    pub proven: bool,
    /// How many values were computed.
    pub values_computed: usize,
    /// The largest value computed.
    pub largest_value: u64,
    /// The first heap with the largest value.
    pub largest_at: usize,
    /// The rare values that occur (engine runs with the rare/common split).
    pub rare_values: Vec<u16>,
    /// The common values of the split.
    pub common_values: Vec<u16>,
    /// How much each period adds (0: periodic), with a period.
    pub saltus: Option<u64>,
    /// The theorem that applies (`Guy-Smith`, or `Guy-Smith for the code
    /// …` when the code is inferred from a game's moves).
    pub theorem: Option<String>,
    /// What the proof assumes beyond the values computed, if anything.
    pub assumes: Option<String>,
    /// Why no period is proven, when none is.
    pub reason: Option<String>,
    /// How many heaps have a rare value.
    #[serde(skip)]
    pub rare_heaps: usize,
    #[serde(skip)]
    found: Option<(Periodicity, Head)>,
}

/// The values a report with a period keeps, as the run stored them: the
/// engine's (16 bits a value while they fit, all of them, moved, not
/// copied: 0.354's head is 10 million values), or a catalog game's.
#[derive(Clone, Debug, PartialEq)]
enum Head {
    Engine(Values),
    Numbers(Vec<u64>),
}

impl Head {
    fn len(&self) -> usize {
        match self {
            Head::Engine(v) => v.len(),
            Head::Numbers(v) => v.len(),
        }
    }

    fn get(&self, n: usize) -> u64 {
        match self {
            Head::Engine(v) => v.get(n).map_or(0, u64::from),
            Head::Numbers(v) => v[n],
        }
    }

    /// The first `len` values, as numbers (a copy).
    fn numbers(&self, len: usize) -> Vec<u64> {
        (0..len).map(|n| self.get(n)).collect()
    }

    /// [`prefix_period`] of the values, read in place.
    fn notation(&self, p: &Periodicity, max_shown: usize) -> String {
        match self {
            Head::Engine(Values::Byte(v)) => prefix_period(v, p, max_shown),
            Head::Engine(Values::Narrow(v)) => prefix_period(v, p, max_shown),
            Head::Engine(Values::Wide(v)) => prefix_period(v, p, max_shown),
            Head::Numbers(v) => prefix_period(v, p, max_shown),
        }
    }
}

impl PeriodReport {
    /// The values in `prefix(period)` notation (`0 0 1 (1 2 0 3)`), at most
    /// `max_shown` of each part; `None` without a period.
    pub fn notation(&self, max_shown: usize) -> Option<String> {
        let (p, head) = self.found.as_ref()?;
        Some(head.notation(p, max_shown))
    }

    /// The preperiod, the period and the values of one preperiod and one
    /// period, where the Guy–Smith theorem proved them for the code
    /// [`rule`](PeriodReport::rule) itself (not for a code inferred from
    /// a game's moves) with no saltus: what a period certificate states.
    pub fn proven_values(&self) -> Option<(usize, usize, Vec<u64>)> {
        let (p, head) = self.found.as_ref()?;
        let plain = self.proven && self.assumes.is_none() && p.saltus == 0;
        plain.then(|| (p.preperiod, p.period, head.numbers(p.preperiod + p.period)))
    }

    /// The values through the end of the first period (the preperiod and
    /// one period), with a period: what [`notation`](Self::notation) shows,
    /// for a front end that keeps the report without it (a Python pickle).
    pub fn head(&self) -> Option<Vec<u64>> {
        let (p, head) = self.found.as_ref()?;
        Some(head.numbers(p.preperiod + p.period))
    }

    /// The report on `values`, kept (not copied) where a period is found:
    /// a copy of a run's values would take several times the memory the
    /// run announced (0.354's proof: 276 MiB for 38 MB announced).
    fn new(rule: String, values: Head, found: Option<Periodicity>, proven: bool) -> PeriodReport {
        let len = values.len();
        // The first heap of the largest value.
        let (mut largest_at, mut largest_value) = (0, 0);
        for i in 0..len {
            let v = values.get(i);
            if v > largest_value {
                (largest_at, largest_value) = (i, v);
            }
        }
        PeriodReport {
            rule,
            preperiod: found.as_ref().map(|p| p.preperiod),
            period: found.as_ref().map(|p| p.period),
            proven,
            values_computed: len,
            largest_value,
            largest_at,
            rare_values: Vec::new(),
            common_values: Vec::new(),
            saltus: found.as_ref().map(|p| p.saltus),
            theorem: None,
            assumes: None,
            reason: None,
            rare_heaps: 0,
            found: found.map(|p| (p, values)),
        }
    }
}

/// `head` (a preperiod of `preperiod` values, then one period, as
/// [`PeriodReport::head`] gives them) in `prefix(period)` notation, at most
/// `max_shown` of each part, as [`PeriodReport::notation`] writes it.
///
/// # Panics
/// If `preperiod` is larger than `head` is long.
pub fn notation(head: &[u64], preperiod: usize, max_shown: usize) -> String {
    let p = Periodicity {
        preperiod,
        period: head.len() - preperiod,
        saltus: 0,
        block: Vec::new(),
    };
    prefix_period(head, &p, max_shown)
}

/// The preperiod and period that the Guy–Smith theorem proves from
/// `values`, G(0), G(1), … of `rule` as [`sequence`](crate::api::sequence::sequence)
/// gave them: a take-and-break code's proof reads them, with no engine run
/// again; a catalog game, whose code is read from its moves, is run as
/// [`period`] runs it, to `values.len()`. `None` where no period is proven
/// within them.
///
/// # Errors
/// As [`period`].
pub fn proven_in(
    rule: &Spec,
    values: &[u64],
    options: &SequenceOptions,
) -> Result<Option<(usize, usize)>, Error> {
    let found = match Rule::resolve(rule)? {
        Rule::Engine(code) => prove(&code, values),
        Rule::Catalog { game, template } => {
            let r = by_catalog(game.as_ref(), template, values.len(), options)?;
            match (r.proven, r.found) {
                (true, Some((p, _))) => Some(p),
                _ => None,
            }
        }
    };
    Ok(found
        .filter(|p| p.saltus == 0 && p.preperiod + p.period <= values.len())
        .map(|p| (p.preperiod, p.period)))
}

/// Computes `rule`'s values until a period is proven or `max` values are
/// done (at most [`MAX_CATALOG_VALUES`] through the catalog).
///
/// # Errors
/// As [`crate::api::sequence::sequence`]; for a catalog game, a search that
/// fails or a position that does not parse.
pub fn period(
    rule: &Spec,
    max: usize,
    options: &SequenceOptions,
    mut hooks: Hooks<'_>,
) -> Result<PeriodReport, Error> {
    match Rule::resolve(rule)? {
        Rule::Engine(code) => by_engine(&code, max, options, &mut hooks),
        Rule::Catalog { game, template } => by_catalog(game.as_ref(), template, max, options),
    }
}

fn by_engine(
    code: &HeapCode,
    max: usize,
    options: &SequenceOptions,
    hooks: &mut Hooks<'_>,
) -> Result<PeriodReport, Error> {
    let mut watch = PeriodWatch::new(code);
    // A proof may come long before `max` (2^64 − 1, say): the values stop at
    // what the memory budget holds instead of being refused up front.
    let room = engine_room(options.limits);
    let (seq, found) = run_engine(code, max.min(room), options, hooks, watch.as_mut())?;
    let proven = found.is_some();
    let (rare_values, common_values) = split_values(&seq);
    let rare_heaps = seq.rare_count();
    let values = Head::Engine(seq.into_values());
    let mut r = PeriodReport::new(code.to_string(), values, found, proven);
    (r.rare_values, r.common_values, r.rare_heaps) = (rare_values, common_values, rare_heaps);
    if watch.is_some() {
        r.theorem = Some("Guy-Smith".into());
        if !proven {
            let stop = if max > room && r.values_computed >= room {
                " (as many as the memory budget holds; raise it with --memory)"
            } else {
                ""
            };
            r.reason = Some(format!(
                "no period proven in the first {} values{stop}",
                r.values_computed
            ));
        }
    } else {
        r.reason = Some("the Guy-Smith theorem does not apply to this rule".into());
    }
    Ok(r)
}

/// The rare and common values that occur, where the rare/common split is on
/// (only while the values fit in 16 bits).
fn split_values(seq: &Sequence) -> (Vec<u16>, Vec<u16>) {
    let Some(common) = seq.common_values() else {
        return (Vec::new(), Vec::new());
    };
    fn mark<V: Copy + Into<u32>>(present: &mut [bool], g: &[V]) {
        for &v in g {
            present[v.into() as usize] = true;
        }
    }
    let mut present = vec![false; 1 << 16];
    match seq.values() {
        Values::Byte(g) => mark(&mut present, g),
        Values::Narrow(g) => mark(&mut present, g),
        Values::Wide(_) => return (Vec::new(), Vec::new()),
    }
    let rare = (0..=u16::MAX)
        .filter(|v| present[usize::from(*v)] && common.binary_search(v).is_err())
        .collect();
    (rare, common)
}

fn by_catalog(
    game: &dyn AnyGame,
    template: &str,
    max: usize,
    options: &SequenceOptions,
) -> Result<PeriodReport, Error> {
    let cap = max.clamp(1, MAX_CATALOG_VALUES);
    let mut len = cap.min(64);
    let mut shape = Shape::new();
    loop {
        let values = catalog_values(game, template, len, options.limits)?;
        shape.extend(game, template, &values, options)?;
        let code = shape.code();
        let proof = code.as_ref().ok().and_then(|c| prove(c, &values));
        if proof.is_some() || len == cap {
            let proven = proof.is_some();
            let found = proof.or_else(|| periodicity(&values));
            let mut r = PeriodReport::new(game.name(), Head::Numbers(values), found, proven);
            match code {
                Ok(code) => {
                    r.theorem = Some(format!("Guy-Smith for the code {}", show_code(&code)));
                    r.assumes = Some(format!(
                        "assuming the moves keep the shape seen on heaps up to {}",
                        shape.inferred.heaps() - 1
                    ));
                    if !proven {
                        r.reason = Some(format!("no period proven in the first {len} values"));
                    }
                }
                Err(why) => r.reason = Some(why),
            }
            return Ok(r);
        }
        len = (2 * len).min(cap);
    }
}

/// The proof for `code` on `values`, value by value as the engine does.
fn prove(code: &HeapCode, values: &[u64]) -> Option<Periodicity> {
    let mut watch = PeriodWatch::new(code)?;
    (1..=values.len()).find_map(|n| watch.observe_slice(&values[..n]))
}

/// A long code is named by its length, not written out.
fn show_code(code: &HeapCode) -> String {
    if code.max_take() <= 32 {
        code.to_string()
    } else {
        format!("taking up to {} tokens", code.max_take())
    }
}

/// The moves of a catalog game's heaps, as far as they are read.
struct Shape {
    inferred: Inference,
    read: usize,
    failed: Option<String>,
}

impl Shape {
    fn new() -> Shape {
        Shape {
            inferred: Inference::new(),
            read: 0,
            failed: None,
        }
    }

    fn code(&self) -> Result<HeapCode, String> {
        if let Some(why) = &self.failed {
            return Err(why.clone());
        }
        self.inferred.code().map_err(|e| e.to_string())
    }

    /// Reads the moves of the heaps with a value and not yet read, and
    /// holds the options of several heaps to the XOR of their values, as
    /// Guy–Smith values them (one search for all of them).
    fn extend(
        &mut self,
        game: &dyn AnyGame,
        template: &str,
        values: &[u64],
        options: &SequenceOptions,
    ) -> Result<(), Error> {
        let mut sums: Vec<(usize, Vec<u64>)> = Vec::new();
        for n in self.inferred.heaps()..values.len() {
            if self.failed.is_some() {
                break;
            }
            match heap_options(game, template, n as u64)? {
                None => self.failed = Some(format!("an option of a heap of {n} is not heaps")),
                Some(o) if self.read + o.len() > MAX_INFERRED_OPTIONS => {
                    self.failed = Some(format!(
                        "more than {MAX_INFERRED_OPTIONS} moves to read to infer a take-and-break code"
                    ));
                }
                Some(o) => {
                    self.read += o.len();
                    let several = o
                        .iter()
                        .filter(|h| h.iter().filter(|&&x| x > 0).count() > 1);
                    sums.extend(several.map(|h| (n, h.clone())));
                    if let Err(e) = self.inferred.record(o) {
                        self.failed = Some(e.to_string());
                    }
                }
            }
        }
        if self.failed.is_some() || sums.is_empty() {
            return Ok(());
        }
        let mut words = sums.iter().map(|(_, h)| {
            h.iter()
                .flat_map(|&x| position_words(template, x, 0, 0))
                .collect::<Vec<String>>()
        });
        let got = game.values(&mut words, options.limits)?;
        // Recorded options leave fewer tokens than their heap: known values.
        if let Some(((n, _), _)) = sums.iter().zip(got).find(|((_, h), v)| {
            let xor = h.iter().fold(0, |a, &x| a ^ values[x as usize]);
            v.map(|v| v.0) != Some(xor)
        }) {
            self.failed = Some(format!(
                "an option of a heap of {n} is not valued as the sum of its heaps"
            ));
        }
        Ok(())
    }
}

/// The options of the position `n`, each as the heaps it leaves; `None`
/// when one is not a list of numbers.
fn heap_options(
    game: &dyn AnyGame,
    template: &str,
    n: u64,
) -> Result<Option<Vec<Vec<u64>>>, Error> {
    let words = position_words(template, n, 0, 0);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let position = game.parse(&words).map_err(|reason| Error::Position {
        game: game.name(),
        reason,
    })?;
    let mut options = Vec::new();
    for name in position.move_names()? {
        let text = position.play_named(&name)?.to_string();
        // The empty sum is written `nothing`.
        let heaps: Option<Vec<u64>> = text
            .split_whitespace()
            .filter(|w| *w != "nothing")
            .map(|w| w.parse().ok())
            .collect();
        match heaps {
            Some(h) => options.push(h),
            None => return Ok(None),
        }
    }
    Ok(Some(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_proven_from_values_already_computed() {
        let o = SequenceOptions::default();
        // Dawson's Kayles: period 34 (Guy and Smith, 1956).
        let spec = Spec::from("0.07");
        let seq = crate::api::sequence::sequence(&spec, 400, &o, Hooks::default()).unwrap();
        let values = seq.values.to_u64();
        let report = period(&spec, 400, &o, Hooks::default()).unwrap();
        let found = proven_in(&spec, &values, &o).unwrap();
        assert_eq!(found, report.preperiod.zip(report.period));
        assert_eq!(found.map(|(_, p)| p), Some(34));
        // Too few values for the proof: nothing is proven.
        assert_eq!(proven_in(&spec, &values[..60], &o).unwrap(), None);
        // A catalog game whose code is read from its moves.
        let kayles: Vec<u64> =
            crate::api::sequence::sequence(&Spec::from("kayles"), 200, &o, Hooks::default())
                .unwrap()
                .values
                .to_u64();
        assert_eq!(
            proven_in(&Spec::from("kayles"), &kayles, &o)
                .unwrap()
                .map(|(_, p)| p),
            Some(12)
        );
    }

    #[test]
    fn notation_of_a_head_writes_the_preperiod_then_the_period_in_brackets() {
        assert_eq!(notation(&[0, 1, 1, 2, 1, 2], 1, 9), "0 (1 1 2 1 2)");
        assert_eq!(notation(&[0, 1, 1, 2, 1, 2], 1, 2), "0 (1 1 …)");
        assert_eq!(notation(&[3, 4], 0, 9), "(3 4)");
    }

    #[test]
    fn a_report_head_gives_its_notation_back() {
        // Source: Winning Ways, ch. 4: Dawson's Kayles (0.07) has period 34 from n = 53.
        let r = period(
            &Spec::from("0.07"),
            1 << 12,
            &SequenceOptions::default(),
            Hooks::default(),
        )
        .unwrap();
        let head = r.head().unwrap();
        assert_eq!(head.len(), 53 + 34);
        assert_eq!(Some(notation(&head, 53, 200)), r.notation(200));
        assert_eq!(Some(notation(&head, 53, 3)), r.notation(3));
    }
}
