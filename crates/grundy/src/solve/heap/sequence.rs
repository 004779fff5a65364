//! The Grundy sequence of a heap rule, computed one heap at a time.

use thiserror::Error;

use super::code::HeapCode;
use super::dispatch::Level;
use super::naive::{self, Small, Value};
use super::sparse::{Split, Witnesses};
use super::triples::Triples;
use crate::nimber::Mex;

/// Which algorithm computes the values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// Rare/common where it pays, else the plain mex (the default).
    #[default]
    Auto,
    /// The plain mex over every option.
    Naive,
    /// Rare/common for every heap where the rule allows it.
    Sparse,
}

impl Method {
    /// The names front ends accept, as [`FromStr`](std::str::FromStr) reads them.
    pub const NAMES: [&'static str; 3] = ["auto", "naive", "sparse"];
}

/// Reads `auto`, `naive` or `sparse`.
///
/// ```
/// use grundy::api::sequence::Method;
/// assert_eq!("sparse".parse::<Method>().unwrap(), Method::Sparse);
/// assert!("fast".parse::<Method>().unwrap_err().contains("auto, naive or sparse"));
/// ```
impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Method, String> {
        match s {
            "auto" => Ok(Method::Auto),
            "naive" => Ok(Method::Naive),
            "sparse" => Ok(Method::Sparse),
            _ => Err(format!("method `{s}`: write auto, naive or sparse")),
        }
    }
}

/// Why the sequence could not go on.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SequenceError {
    /// A value does not fit in 32 bits.
    #[error(
        "G({n}) is at least {}, beyond the 32-bit values this engine stores",
        u32::MAX
    )]
    ValueTooLarge {
        /// The heap.
        n: usize,
    },
}

/// G(0), G(1), … stored as 8-bit numbers while they fit, then 16-bit, then
/// 32-bit: a byte per value for the many codes whose values stay small
/// (0.354's 20 million values to its proven period are below 114).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is at most [`Value::LIMIT`] of `u8` (254).
    Byte(Vec<u8>),
    /// Every value is at most [`Value::LIMIT`] of `u16` (65534).
    Narrow(Vec<u16>),
    /// Some value did not fit in 16 bits.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::Byte(Vec::new())
    }
}

impl From<Vec<u8>> for Values {
    fn from(v: Vec<u8>) -> Self {
        Values::Byte(v)
    }
}

impl From<Vec<u16>> for Values {
    fn from(v: Vec<u16>) -> Self {
        Values::Narrow(v)
    }
}

impl From<Vec<u32>> for Values {
    fn from(v: Vec<u32>) -> Self {
        Values::Wide(v)
    }
}

impl Values {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Values::Byte(g) => g.len(),
            Values::Narrow(g) => g.len(),
            Values::Wide(g) => g.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n), if known.
    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            Values::Byte(g) => g.get(n).map(|&v| u32::from(v)),
            Values::Narrow(g) => g.get(n).map(|&v| u32::from(v)),
            Values::Wide(g) => g.get(n).copied(),
        }
    }

    /// The values as 32-bit numbers (a copy).
    pub fn to_u32(&self) -> Vec<u32> {
        match self {
            Values::Byte(g) => g.iter().map(|&v| u32::from(v)).collect(),
            Values::Narrow(g) => g.iter().map(|&v| u32::from(v)).collect(),
            Values::Wide(g) => g.clone(),
        }
    }

    /// The values as 16-bit numbers (a copy), if they all fit.
    pub fn to_u16(&self) -> Option<Vec<u16>> {
        match self {
            Values::Byte(g) => Some(g.iter().map(|&v| u16::from(v)).collect()),
            Values::Narrow(g) => Some(g.clone()),
            Values::Wide(_) => None,
        }
    }

    /// The same values in bytes if 16-bit values all fit there: a
    /// checkpoint of small values written before values were stored in
    /// bytes resumes in bytes (and is saved again in bytes).
    pub fn narrowest(self) -> Values {
        match self {
            Values::Narrow(g) if g.iter().all(|&v| u32::from(v) <= <u8 as Value>::LIMIT) => {
                Values::Byte(g.into_iter().map(|v| v as u8).collect())
            }
            other => other,
        }
    }

    /// How many values fit without a new allocation.
    fn capacity(&self) -> usize {
        match self {
            Values::Byte(g) => g.capacity(),
            Values::Narrow(g) => g.capacity(),
            Values::Wide(g) => g.capacity(),
        }
    }

    fn reserve(&mut self, more: usize) {
        match self {
            Values::Byte(g) => g.reserve(more),
            Values::Narrow(g) => g.reserve(more),
            Values::Wide(g) => g.reserve(more),
        }
    }
}

/// The values found so far and what the engine knows about them.
///
/// Values are stored in 8 bits while they fit, then in 16; the first value
/// past 254 turns the values found into 16-bit numbers, the first past
/// 65534 into 32-bit numbers, and the run goes on in 32 bits with the plain
/// mex (the rare/common split is for values below 2^16).
#[derive(Clone, Debug)]
pub struct Sequence {
    code: HeapCode,
    method: Method,
    values: Values,
    seen: Mex,
    split: Option<Split>,
    /// The pair sets of a code that splits into three heaps.
    triples: Triples,
    /// The witness search's scratch space, for the plain mex (the split has its own).
    witnesses: Witnesses,
    max: u32,
    max_at: usize,
    /// The largest value stored in 16 bits: [`Value::LIMIT`] of `u16`,
    /// lower in tests, to widen early. (Values past 254 always leave 8 bits.)
    narrow_limit: u32,
    /// The instruction set of the hot loops.
    level: Level,
}

impl Sequence {
    /// An empty sequence for `code`.
    pub fn new(code: HeapCode, method: Method) -> Sequence {
        Sequence::resume(code, method, Values::default())
    }

    /// Goes on from values already found (a checkpoint): the same values
    /// come out as if the run had not stopped.
    pub fn resume(code: HeapCode, method: Method, values: impl Into<Values>) -> Sequence {
        let values = values.into().narrowest();
        Sequence::with_narrow_limit(code, method, values, <u16 as Value>::LIMIT)
    }

    /// As [`resume`](Sequence::resume), widening past `narrow_limit`
    /// (at most 65534) instead of 65534, and at the width `values` have:
    /// tests reach the 32-bit path early, and run the 16-bit path on small
    /// values.
    pub(crate) fn with_narrow_limit(
        code: HeapCode,
        method: Method,
        values: Values,
        narrow_limit: u32,
    ) -> Sequence {
        let narrow_limit = narrow_limit.min(<u16 as Value>::LIMIT);
        let sparse_ok = code.max_parts() == 2 && method != Method::Naive;
        let split = match &values {
            Values::Byte(g) if sparse_ok => Some(Split::fitted(&code, g)),
            Values::Narrow(g) if sparse_ok => Some(Split::fitted(&code, g)),
            _ => None,
        };
        let (max_at, max) = largest(&values);
        Sequence {
            code,
            method,
            values,
            seen: Mex::default(),
            split,
            triples: Triples::default(),
            witnesses: Witnesses::default(),
            max,
            max_at,
            narrow_limit,
            level: Level::detect(),
        }
    }

    #[cfg(test)]
    /// The same sequence with its hot loops run at `level` instead of the
    /// best this CPU has (tests compare the levels).
    pub fn with_level(mut self, level: Level) -> Sequence {
        self.level = level;
        self
    }

    /// The rule.
    pub fn code(&self) -> &HeapCode {
        &self.code
    }

    /// G(0), G(1), … so far.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// How many values are known.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest value so far and the first heap that has it.
    pub fn largest(&self) -> (u32, usize) {
        (self.max, self.max_at)
    }

    /// How many heaps have a rare value (0 when the sparse method is off).
    pub fn rare_count(&self) -> usize {
        self.split.as_ref().map_or(0, |s| s.rare.len())
    }

    /// The common values of the current split, if the sparse method is on
    /// (never after the values outgrew 16 bits).
    pub fn common_values(&self) -> Option<Vec<u16>> {
        let split = self.split.as_ref()?;
        let mut common = split.common_values();
        common.sort_unstable();
        Some(common)
    }

    /// Keeps the pair sets of a code that splits into three heaps within
    /// `bytes` (at most [`MAX_PAIR_BYTES`](super::triples::MAX_PAIR_BYTES)
    /// whatever is asked): past them each split is listed triple by triple,
    /// slower, with the same values.
    pub fn limit_pair_bytes(&mut self, bytes: usize) {
        self.triples.limit(bytes);
    }

    /// Computes the next value.
    ///
    /// # Errors
    /// [`SequenceError::ValueTooLarge`] past 32 bits.
    pub fn push(&mut self) -> Result<u32, SequenceError> {
        let n = self.values.len();
        // Out of `self` while the engine reads them (no allocation: the
        // default is an empty vector).
        let mut values = std::mem::take(&mut self.values);
        let found = match &mut values {
            Values::Byte(g) => self.push_small(g, n, self.narrow_limit.min(<u8 as Value>::LIMIT)),
            Values::Narrow(g) => self.push_small(g, n, self.narrow_limit),
            Values::Wide(g) => {
                let (seen, triples, witnesses) =
                    (&mut self.seen, &mut self.triples, &mut self.witnesses);
                let v = naive::value(
                    self.level, &self.code, g, n, self.max, seen, triples, witnesses,
                );
                if v <= <u32 as Value>::LIMIT {
                    g.push(v);
                }
                Ok(v)
            }
        };
        self.values = values;
        let v = match found {
            Ok(v) if v > <u32 as Value>::LIMIT => return Err(SequenceError::ValueTooLarge { n }),
            Ok(v) => v,
            Err(v) => {
                self.widen(v);
                v
            }
        };
        if v > self.max {
            (self.max, self.max_at) = (v, n);
        }
        Ok(v)
    }

    /// Finds the value of heap `n` from 8- or 16-bit values `g` (the fast
    /// paths; `max` fits their width here) and appends it if it is at most
    /// `limit`, else hands it back as `Err` to be [widened](Sequence::widen).
    fn push_small<V: Small>(&mut self, g: &mut Vec<V>, n: usize, limit: u32) -> Result<u32, u32> {
        let max = V::try_from(self.max).unwrap_or_default();
        let v = match &mut self.split {
            Some(split) if self.method == Method::Sparse || split.pays(n) => {
                split.value(self.level, &self.code, g, n, max, &mut self.seen)
            }
            _ => {
                let (seen, triples, witnesses) =
                    (&mut self.seen, &mut self.triples, &mut self.witnesses);
                naive::value(self.level, &self.code, g, n, max, seen, triples, witnesses)
            }
        };
        match V::try_from(v) {
            Ok(w) if v <= limit => {
                g.push(w);
                if let Some(split) = &mut self.split {
                    split.record(g, n);
                }
                Ok(v)
            }
            _ => Err(v),
        }
    }

    /// Appends `v`, the first value past the width in use: 8-bit values
    /// turn into 16-bit ones while `v` fits there (the split goes on, as it
    /// reads values, not their width), else into 32-bit ones, where the
    /// sparse method stops.
    fn widen(&mut self, v: u32) {
        let n = self.values.len();
        // The room reserved for the run, kept at the new width.
        let room = self.values.capacity();
        // Only bytes widen to 16 bits: 16-bit values are not copied for nothing.
        let bytes = matches!(self.values, Values::Byte(_)) && v <= self.narrow_limit;
        match bytes.then(|| self.values.to_u16()).flatten() {
            Some(mut g) => {
                g.reserve(room.saturating_sub(g.len()));
                g.push(v as u16);
                if let Some(split) = &mut self.split {
                    split.record(&g, n);
                }
                self.values = Values::Narrow(g);
            }
            _ => {
                let mut wide = self.values.to_u32();
                wide.reserve(wide.len() / 2);
                wide.push(v);
                self.values = Values::Wide(wide);
                self.split = None;
                self.seen = Mex::default();
            }
        }
    }

    /// The values, giving the sequence up.
    pub fn into_values(self) -> Values {
        self.values
    }

    /// Computes values until `len` are known.
    ///
    /// # Errors
    /// As [`push`](Sequence::push).
    pub fn extend_to(&mut self, len: usize) -> Result<(), SequenceError> {
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            self.push()?;
        }
        Ok(())
    }
}

/// The first heap with the largest value, and that value.
fn largest(values: &Values) -> (usize, u32) {
    fn first_max<V: Value>(g: &[V]) -> (usize, u32) {
        g.iter()
            .enumerate()
            .max_by_key(|&(i, &v)| (v, std::cmp::Reverse(i)))
            .map_or((0, 0), |(i, &v)| (i, v.into()))
    }
    match values {
        Values::Byte(g) => first_max(g),
        Values::Narrow(g) => first_max(g),
        Values::Wide(g) => first_max(g),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::heap::checkpoint;
    use crate::solve::period::PeriodWatch;

    /// G(0..len) of the code `text` from its rules alone: every heap a move
    /// leaves is listed, and the mex taken over a plain set.
    fn brute_force(text: &str, len: usize) -> Vec<u32> {
        let (head, tail) = text.split_once('.').unwrap();
        let digit = |c: char| c.to_digit(16).unwrap() as usize;
        let digits: Vec<usize> = head.chars().chain(tail.chars()).map(digit).collect();
        let mut g: Vec<u32> = Vec::new();
        for n in 0..len {
            g.push(super::super::mex_by_rules(&digits, &g, n));
        }
        g
    }

    fn run(text: &str, method: Method, limit: u32, len: usize) -> Sequence {
        let code: HeapCode = text.parse().unwrap();
        let mut s = Sequence::with_narrow_limit(code, method, Values::default(), limit);
        s.extend_to(len).unwrap();
        s
    }

    /// Forty sevens: take 1 to 40 tokens in a row, leaving 0, 1 or 2 rows.
    fn sevens() -> String {
        format!("0.{}", "7".repeat(40))
    }

    #[test]
    fn widened_runs_match_the_rules_for_every_method() {
        // The values grow about linearly: past the limit of 300 near n = 330.
        let (code, len, limit) = (sevens(), 700, 300);
        let expected = brute_force(&code, len);
        assert!(expected.iter().any(|&v| v > limit), "no value past {limit}");
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            let s = run(&code, method, limit, len);
            assert!(matches!(s.values(), Values::Wide(_)), "{method:?}");
            assert_eq!(s.values().to_u32(), expected, "{method:?}");
            let max = *expected.iter().max().unwrap();
            assert_eq!(s.largest().0, max);
        }
        // Without the injected limit the same values go from 8 to 16 bits
        // (past 254), not to 32.
        let s = run(&code, Method::Auto, u32::MAX, len);
        assert!(matches!(s.values(), Values::Narrow(g) if g.len() == len));
        assert_eq!(s.values().to_u32(), expected);
        // Values that stay below 255 stay in bytes.
        let s = run("0.07", Method::Auto, u32::MAX, 700);
        assert!(matches!(s.values(), Values::Byte(g) if g.len() == 700));
        assert_eq!(s.values().to_u32(), brute_force("0.07", 700));
    }

    #[test]
    fn every_instruction_set_gives_the_values_of_the_rules() {
        // 0.07 takes the one-word pair loop, 0.6 and 0.16 the witness
        // search, 0.106 a split that reads the parity of n, 4.7 two splits
        // whose witnesses of 0 are remembered from one heap to the next.
        for (text, len) in [
            ("0.07", 700),
            ("0.6", 2500),
            ("0.16", 1200),
            ("0.106", 1500),
            ("4.7", 1200),
        ] {
            let expected = brute_force(text, len);
            for level in crate::solve::heap::dispatch::Level::available() {
                for method in [Method::Naive, Method::Sparse, Method::Auto] {
                    // At 8 bits (the width these values start in) and at 16.
                    for (width, empty) in [
                        (8, Values::Byte(Vec::new())),
                        (16, Values::Narrow(Vec::new())),
                    ] {
                        let code: HeapCode = text.parse().unwrap();
                        let mut s = Sequence::with_narrow_limit(code, method, empty, u32::MAX)
                            .with_level(level);
                        s.extend_to(len).unwrap();
                        let got = s.values().to_u32();
                        assert_eq!(got, expected, "{text} {method:?} {level} {width}-bit");
                    }
                }
            }
        }
    }

    #[test]
    fn splits_into_three_heaps_give_the_values_of_the_rules() {
        // Three-heap digits alone, beside takes and splits in two, with and
        // without a take, and values that pass 64 (a bitset of two words).
        for (text, len) in [
            ("0.8", 260),
            ("8.1", 200),
            ("0.C", 200),
            ("4.8", 200),
            ("0.48", 220),
            ("0.F", 150),
            ("C.F", 150),
            ("0.8F", 150),
        ] {
            let expected = brute_force(text, len);
            let s = run(text, Method::Auto, u32::MAX, len);
            assert_eq!(s.values().to_u32(), expected, "{text}");
        }
    }

    #[test]
    fn pair_sets_past_their_budget_give_way_to_triples_listed_one_by_one() {
        // No room at all, and room for a few totals only (the sets then
        // stop growing part way): the values of the rules either way.
        for (text, len) in [("0.8", 200), ("C.F", 120), ("8.A", 150)] {
            let expected = brute_force(text, len);
            for bytes in [0, 64 * 8 * 2] {
                let mut s = Sequence::new(text.parse().unwrap(), Method::Auto);
                s.limit_pair_bytes(bytes);
                s.extend_to(len).unwrap();
                assert_eq!(s.values().to_u32(), expected, "{text} in {bytes} bytes");
                assert!(
                    s.triples.bytes() <= bytes,
                    "{text}: {} bytes",
                    s.triples.bytes()
                );
            }
        }
    }

    #[test]
    fn a_hexadecimal_code_widens_too() {
        // C.F: split in two or three, or take one leaving 0 to 3 heaps; its
        // values grow as about 5n/3.
        let expected = brute_force("C.F", 90);
        let s = run("C.F", Method::Auto, 60, 90);
        assert!(matches!(s.values(), Values::Wide(_)));
        assert_eq!(s.values().to_u32(), expected);
    }

    #[test]
    fn a_checkpointed_run_across_the_widening_resumes_identically() {
        let (code, limit) = (sevens(), 300);
        let rule: HeapCode = code.parse().unwrap();
        let straight = run(&code, Method::Auto, limit, 800).values().to_u32();
        // A 16-bit checkpoint before the widening, a 32-bit one after.
        for stop in [200, 500] {
            let first = run(&code, Method::Auto, limit, stop);
            let bytes = checkpoint::encode(&rule, first.values());
            let wide = bytes.starts_with(b"grundy-checkpoint 4\nkind sequence\nwidth 32\n");
            assert_eq!(wide, stop == 500);
            let values = checkpoint::decode(&rule, &bytes).unwrap();
            assert_eq!(&values, first.values());
            let mut resumed =
                Sequence::with_narrow_limit(rule.clone(), Method::Auto, values, limit);
            resumed.extend_to(800).unwrap();
            assert_eq!(resumed.values().to_u32(), straight, "stop {stop}");
        }
    }

    #[test]
    fn the_checksum_does_not_depend_on_the_width() {
        let narrow = run("0.07", Method::Auto, u32::MAX, 300);
        let wide = run("0.07", Method::Auto, 2, 300);
        assert!(matches!(wide.values(), Values::Wide(_)));
        let sum = |s: &Sequence| checkpoint::checksum_of(s.values(), 300);
        assert_eq!(sum(&narrow), sum(&wide));
        // 70000 is two words, 4464 (its low half) then 1: a 4465, b 4464 + 4465.
        assert_eq!(checkpoint::checksum(&[70_000u32]), (8929 << 16) | 4465);
    }

    #[test]
    fn a_period_is_proven_across_the_widening() {
        // OEIS A002187: .07 has preperiod 53, period 34; its values reach 4
        // early, so a limit of 2 widens within the first heaps.
        let rule: HeapCode = "0.07".parse().unwrap();
        let mut watch = PeriodWatch::new(&rule).unwrap();
        let mut s = Sequence::with_narrow_limit(rule, Method::Auto, Values::default(), 2);
        let proven = loop {
            s.push().unwrap();
            if let Some(p) = watch.observe(s.values()) {
                break p;
            }
        };
        assert!(matches!(s.values(), Values::Wide(_)));
        assert_eq!((proven.preperiod, proven.period), (53, 34));
    }
}
