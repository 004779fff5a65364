//! The Grundy sequence of a heap rule, computed one heap at a time.

use thiserror::Error;

use super::code::HeapCode;
use super::naive::{self, Seen};
use super::sparse::Split;

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

/// Why the sequence could not go on.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SequenceError {
    /// A value does not fit in 16 bits.
    #[error("G({n}) is at least 65535, beyond the 16-bit values this engine stores")]
    ValueTooLarge {
        /// The heap.
        n: usize,
    },
}

/// The values found so far and what the engine knows about them.
#[derive(Clone, Debug)]
pub struct Sequence {
    code: HeapCode,
    method: Method,
    values: Vec<u16>,
    seen: Seen,
    split: Option<Split>,
    max: u16,
    max_at: usize,
}

impl Sequence {
    /// An empty sequence for `code`.
    pub fn new(code: HeapCode, method: Method) -> Sequence {
        Sequence::resume(code, method, Vec::new())
    }

    /// Goes on from values already found (a checkpoint): the same values
    /// come out as if the run had not stopped.
    pub fn resume(code: HeapCode, method: Method, values: Vec<u16>) -> Sequence {
        let sparse_ok = code.max_parts() == 2 && method != Method::Naive;
        let split = sparse_ok.then(|| Split::fitted(&values));
        let (max_at, max) = values
            .iter()
            .enumerate()
            .max_by_key(|&(i, &v)| (v, std::cmp::Reverse(i)))
            .map_or((0, 0), |(i, &v)| (i, v));
        Sequence {
            code,
            method,
            values,
            seen: Seen::default(),
            split,
            max,
            max_at,
        }
    }

    /// The rule.
    pub fn code(&self) -> &HeapCode {
        &self.code
    }

    /// G(0), G(1), … so far.
    pub fn values(&self) -> &[u16] {
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
    pub fn largest(&self) -> (u16, usize) {
        (self.max, self.max_at)
    }

    /// How many heaps have a rare value (0 when the sparse method is off).
    pub fn rare_count(&self) -> usize {
        self.split.as_ref().map_or(0, |s| s.rare.len())
    }

    /// The common values of the current split, if the sparse method is on.
    pub fn common_values(&self) -> Option<Vec<u16>> {
        let split = self.split.as_ref()?;
        let mut common = split.common_values();
        common.sort_unstable();
        Some(common)
    }

    /// Computes the next value.
    ///
    /// # Errors
    /// [`SequenceError::ValueTooLarge`] past 16 bits.
    pub fn push(&mut self) -> Result<u16, SequenceError> {
        let n = self.values.len();
        let g = &self.values;
        let v = match &mut self.split {
            Some(split) if self.method == Method::Sparse || split.pays(n) => {
                split.value(&self.code, g, n, self.max, &mut self.seen)
            }
            _ => naive::value(&self.code, g, n, self.max, &mut self.seen),
        };
        let v = u16::try_from(v)
            .ok()
            .filter(|&v| v < u16::MAX)
            .ok_or(SequenceError::ValueTooLarge { n })?;
        self.values.push(v);
        if v > self.max {
            (self.max, self.max_at) = (v, n);
        }
        if let Some(split) = &mut self.split {
            split.record(&self.values, n);
        }
        Ok(v)
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

/// G(0..len) for `code`.
///
/// # Errors
/// As [`Sequence::push`].
///
/// # Complexity
/// `O(len²)` by the plain mex; near `O(len·#rare)` where the rare/common
/// split pays.
pub fn values(code: &HeapCode, len: usize) -> Result<Vec<u16>, SequenceError> {
    let mut s = Sequence::new(code.clone(), Method::Auto);
    s.extend_to(len)?;
    Ok(s.values)
}
