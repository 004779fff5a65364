//! The mex over every option, made fast: a bitset of seen values and
//! branch-free loops over the pairs of heaps a split leaves.
//!
//! The functions are generic over the width of the stored values
//! ([`Value`]): 16 bits (the fast path, a fixed-size bitset without bounds
//! checks) or 32 bits (a bitset that grows with the values), each compiled
//! on its own.

use std::fmt::{Debug, Display};
use std::ops::BitXor;

use super::code::HeapCode;
use super::dispatch::{self, Level};
use super::triples::Triples;

/// 16-bit values make options (XORs of values) below 2^16.
pub const VALUE_SPACE: usize = 1 << 16;

/// A width of stored Grundy values: `u16` or `u32`.
pub trait Value:
    Copy + Eq + Ord + Default + Debug + Display + BitXor<Output = Self> + Into<u32> + 'static
{
    /// The largest value stored at this width (one below the type's
    /// maximum, so that every mex of stored values is representable).
    const LIMIT: u32;
    /// The set of option values seen for one heap.
    type Seen: SeenSet<Self> + Default + Clone + Debug;
    /// `v` at this width; `v` must be at most [`LIMIT`](Value::LIMIT).
    fn narrow(v: u32) -> Self;
}

impl Value for u16 {
    const LIMIT: u32 = u16::MAX as u32 - 1;
    type Seen = Seen;
    fn narrow(v: u32) -> u16 {
        v as u16
    }
}

impl Value for u32 {
    const LIMIT: u32 = u32::MAX - 1;
    type Seen = WideSeen;
    fn narrow(v: u32) -> u32 {
        v
    }
}

/// A set of option values, cleared for each heap.
pub trait SeenSet<V> {
    /// Clears the set and sizes it for options of values up to `max`
    /// (XORs stay below the next power of two).
    fn reset(&mut self, max: V);
    /// Marks `v` as seen.
    fn add(&mut self, v: V);
    /// The least value not seen.
    fn mex(&self) -> u32;
    /// Adds `g[a] ^ g[r - a]` for `a` in `lo..=hi`, with the kernels of `level`.
    fn add_pairs(&mut self, level: Level, g: &[V], r: usize, lo: usize, hi: usize);
}

/// A bitset of the 16-bit option values seen for one heap.
#[derive(Clone, Debug)]
pub struct Seen {
    // A fixed-size array: `v >> 6` of a u16 is always in bounds, so the
    // compiler drops the bounds checks in the hot loops.
    words: Box<[u64; VALUE_SPACE / 64]>,
    /// Words in use: every option is below `64 * used`.
    used: usize,
    /// A byte per value, for the long runs of pairs of
    /// [`add_pairs`](Seen::add_pairs): a plain store per pair, where a bit
    /// set is a read, an OR and a write, which wait on one another when
    /// pairs hit one word in a row (small values).
    bytes: Box<[u8; VALUE_SPACE]>,
}

impl Default for Seen {
    fn default() -> Self {
        Seen {
            words: Box::new([0; VALUE_SPACE / 64]),
            used: 1,
            bytes: vec![0; VALUE_SPACE]
                .into_boxed_slice()
                .try_into()
                .expect("VALUE_SPACE bytes"),
        }
    }
}

/// Runs of at least this many pairs are marked a byte per value
/// ([`Seen::bytes`]) and folded into the bit set after.
const BYTE_RUN: usize = 256;

impl Seen {
    /// Sizes the set for values up to `max` (XORs stay below the next power of two).
    pub fn reset(&mut self, max: u16) {
        let bound = (u32::from(max) + 1).next_power_of_two().max(64) as usize;
        self.used = bound / 64;
        self.words[..self.used].fill(0);
    }

    /// Marks `v` as seen.
    #[inline]
    pub fn add(&mut self, v: u16) {
        self.words[usize::from(v >> 6)] |= 1 << (v & 63);
    }

    /// Whether `v` was seen.
    #[inline]
    pub fn has(&self, v: u16) -> bool {
        self.words[usize::from(v >> 6)] >> (v & 63) & 1 == 1
    }

    /// The least value not seen.
    pub fn mex(&self) -> u32 {
        for (i, w) in self.words[..self.used].iter().enumerate() {
            if *w != u64::MAX {
                return i as u32 * 64 + w.trailing_ones();
            }
        }
        self.used as u32 * 64
    }

    /// Adds `g[a] ^ g[r - a]` for `a` in `lo..=hi`, with the kernels of `level`.
    ///
    /// # Complexity
    /// `O(hi - lo)`; with one word in use the loop has no branch and no
    /// memory write, so it is vectorised ([`dispatch::pair_bits`]).
    pub fn add_pairs(&mut self, level: Level, g: &[u16], r: usize, lo: usize, hi: usize) {
        if lo > hi {
            return;
        }
        let left = &g[lo..=hi];
        let right = &g[r - hi..=r - lo];
        if self.used == 1 {
            self.words[0] |= dispatch::pair_bits(level, left, right);
        } else if left.len() >= BYTE_RUN.max(self.used * 16) {
            // Options are below `64 * used` (reset): only those bytes are
            // cleared, written and read.
            let bound = 64 * self.used;
            self.bytes[..bound].fill(0);
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                self.bytes[usize::from(x ^ y)] = 1;
            }
            for (w, chunk) in self.words[..self.used]
                .iter_mut()
                .zip(self.bytes[..bound].chunks_exact(64))
            {
                *w |= chunk
                    .iter()
                    .enumerate()
                    .fold(0, |bits, (j, &b)| bits | u64::from(b) << j);
            }
        } else {
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                self.add(x ^ y);
            }
        }
    }
}

impl SeenSet<u16> for Seen {
    #[inline]
    fn reset(&mut self, max: u16) {
        Seen::reset(self, max);
    }
    #[inline]
    fn add(&mut self, v: u16) {
        Seen::add(self, v);
    }
    #[inline]
    fn mex(&self) -> u32 {
        Seen::mex(self)
    }
    #[inline]
    fn add_pairs(&mut self, level: Level, g: &[u16], r: usize, lo: usize, hi: usize) {
        Seen::add_pairs(self, level, g, r, lo, hi);
    }
}

/// A bitset of 32-bit option values, as long as the largest value needs.
#[derive(Clone, Debug, Default)]
pub struct WideSeen {
    words: Vec<u64>,
    /// Words in use: every option is below `64 * used`.
    used: usize,
}

impl SeenSet<u32> for WideSeen {
    fn reset(&mut self, max: u32) {
        let bound = (u64::from(max) + 1).next_power_of_two().max(64);
        self.used = (bound / 64) as usize;
        if self.words.len() < self.used {
            self.words.resize(self.used, 0);
        }
        self.words[..self.used].fill(0);
    }

    #[inline]
    fn add(&mut self, v: u32) {
        self.words[(v >> 6) as usize] |= 1 << (v & 63);
    }

    fn mex(&self) -> u32 {
        for (i, w) in self.words[..self.used].iter().enumerate() {
            if *w != u64::MAX {
                return i as u32 * 64 + w.trailing_ones();
            }
        }
        // Values are at most `u32::MAX − 1`: `used` is at most 2^26.
        (self.used as u64 * 64).min(u64::from(u32::MAX)) as u32
    }

    fn add_pairs(&mut self, _: Level, g: &[u32], r: usize, lo: usize, hi: usize) {
        if lo > hi {
            return;
        }
        let pairs = g[lo..=hi].iter().zip(g[r - hi..=r - lo].iter().rev());
        for (&x, &y) in pairs {
            self.add(x ^ y);
        }
    }
}

/// The options of a heap of `n` that take tokens and leave at most one heap.
pub fn add_takes<V: Value>(code: &HeapCode, g: &[V], n: usize, seen: &mut V::Seen) {
    for (k, &d) in code.digits().iter().enumerate().skip(1).take(n) {
        if d & 1 != 0 && k == n {
            seen.add(V::default());
        }
        if d & 2 != 0 && k < n {
            seen.add(g[n - k]);
        }
    }
}

/// The range of `a` in the pairs `(a, r - a)` a split of `r` leaves.
pub fn pair_range(code: &HeapCode, r: usize) -> (usize, usize) {
    let hi = if code.unequal() { (r - 1) / 2 } else { r / 2 };
    (1, hi)
}

/// The value of a heap of `n` from the values `g[..n]` of smaller heaps,
/// over every option, with the kernels of `level`.
///
/// # Complexity
/// `O(t + s·n)` for a code with `s` splitting digits, `O(n · w)` for each
/// three-heap (hexadecimal) digit with `triples` (`w` the words of a
/// bitset of values, see [`Triples`]), `O(n²)` beyond its memory.
pub fn value<V: Value>(
    level: Level,
    code: &HeapCode,
    g: &[V],
    n: usize,
    max: V,
    seen: &mut V::Seen,
    triples: &mut Triples,
) -> u32 {
    seen.reset(max);
    add_takes(code, g, n, seen);
    for (k, &d) in code.digits().iter().enumerate().take(n + 1) {
        let r = n - k;
        if d & 4 != 0 && r >= 2 {
            let (lo, hi) = pair_range(code, r);
            seen.add_pairs(level, g, r, lo, hi);
        }
        if d & 8 != 0 && r >= 3 && !triples.each_option(g, r, |v| seen.add(V::narrow(v))) {
            for a in 1..=r / 3 {
                let ga = g[a];
                for b in a..=(r - a) / 2 {
                    seen.add(ga ^ g[b] ^ g[r - a - b]);
                }
            }
        }
    }
    seen.mex()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn pairs_marked_by_bytes_or_bits_give_the_same_set() {
        // Runs short and long (the byte marks from BYTE_RUN pairs on), with
        // options in one word and in many, against a plain set.
        let mut rng = SplitMix64::new(7);
        for (len, modulus) in [
            (10, 300),
            (255, 300),
            (256, 300),
            (3000, 300),
            (3000, 40),
            (5000, 5000),
        ] {
            let g: Vec<u16> = (0..len)
                .map(|_| (rng.next_u64() % modulus) as u16)
                .collect();
            let max = g.iter().copied().max().unwrap_or(0);
            let r = len - 1;
            let (lo, hi) = (1, r / 2);
            let mut want = std::collections::BTreeSet::new();
            for a in lo..=hi {
                want.insert(g[a] ^ g[r - a]);
            }
            for level in Level::available() {
                let mut seen = Seen::default();
                seen.reset(max);
                seen.add_pairs(level, &g, r, lo, hi);
                let got: Vec<u16> = (0..=u16::MAX).filter(|&v| seen.has(v)).collect();
                assert_eq!(
                    got,
                    want.iter().copied().collect::<Vec<_>>(),
                    "{len} {modulus}"
                );
                let mex = (0..).find(|v| !want.contains(v)).unwrap();
                assert_eq!(seen.mex(), u32::from(mex));
            }
        }
    }
}
