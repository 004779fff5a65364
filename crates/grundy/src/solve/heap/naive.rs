//! The mex over every option, made fast: the options go into the library's
//! one set of values ([`Mex`]), with branch-free loops over the pairs of
//! heaps a split leaves.
//!
//! The functions are generic over the width of the stored values
//! ([`Value`]): 8 or 16 bits (the fast paths, with vectorised pair
//! kernels) or 32 bits, each compiled on its own.

use std::fmt::{Debug, Display};
use std::ops::BitXor;

use super::code::HeapCode;
use super::dispatch::{self, Level};
use super::sparse::{splits, witnessed, Witnesses};
use super::triples::Triples;
use crate::nimber::Mex;

/// 16-bit values make options (XORs of values) below 2^16.
pub const VALUE_SPACE: usize = 1 << 16;

/// A width of stored Grundy values: `u8`, `u16` or `u32`.
pub trait Value:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + Display
    + BitXor<Output = Self>
    + Into<u32>
    + TryFrom<u32>
    + 'static
{
    /// The largest value stored at this width (one below the type's
    /// maximum, so that every mex of stored values is representable).
    const LIMIT: u32;
    /// The bits of `left[i] ^ right[len − 1 − i]` over every `i`, each
    /// below 64, with the kernels of `level`.
    fn pair_bits(level: Level, left: &[Self], right: &[Self]) -> u64;
    /// Whether `left[i] ^ right[len − 1 − i] == v` for some `i`, with the
    /// kernels of `level`.
    fn has_pair(level: Level, left: &[Self], right: &[Self], v: Self) -> bool;
}

impl Value for u8 {
    const LIMIT: u32 = u8::MAX as u32 - 1;
    fn pair_bits(level: Level, left: &[u8], right: &[u8]) -> u64 {
        dispatch::pair_bits8(level, left, right)
    }
    fn has_pair(level: Level, left: &[u8], right: &[u8], v: u8) -> bool {
        dispatch::has_pair8(level, left, right, v)
    }
}

impl Value for u16 {
    const LIMIT: u32 = u16::MAX as u32 - 1;
    fn pair_bits(level: Level, left: &[u16], right: &[u16]) -> u64 {
        dispatch::pair_bits(level, left, right)
    }
    fn has_pair(level: Level, left: &[u16], right: &[u16], v: u16) -> bool {
        dispatch::has_pair(level, left, right, v)
    }
}

impl Value for u32 {
    const LIMIT: u32 = u32::MAX - 1;
    fn pair_bits(_: Level, left: &[u32], right: &[u32]) -> u64 {
        left.iter()
            .zip(right.iter().rev())
            .fold(0, |bits, (&x, &y)| bits | 1 << (x ^ y))
    }
    fn has_pair(_: Level, left: &[u32], right: &[u32], v: u32) -> bool {
        left.iter()
            .zip(right.iter().rev())
            .any(|(&x, &y)| x ^ y == v)
    }
}

/// A width the rare/common method runs at: `u8` or `u16`, whose values
/// index its 2^16 marks.
pub trait Small: Value + Into<u16> {}
impl Small for u8 {}
impl Small for u16 {}

/// Empties `seen` for the options of a heap whose smaller heaps' values
/// are at most `max`: XORs of them stay below the next power of two.
#[inline]
pub fn reset<V: Value>(seen: &mut Mex, max: V) {
    seen.reset((u64::from(max.into()) + 1).next_power_of_two());
}

/// Marks `v` in `seen`.
#[inline]
pub fn mark<V: Value>(seen: &mut Mex, v: V) {
    seen.mark(v.into() as usize);
}

/// Adds `g[a] ^ g[r - a]` for `a` in `lo..=hi` to `seen`, with the kernels
/// of `level`.
///
/// # Complexity
/// `O(hi - lo)`; with options below 64 the loop has no branch and no
/// memory write, so it is vectorised ([`dispatch::pair_bits`]).
pub fn add_pairs<V: Value>(seen: &mut Mex, level: Level, g: &[V], r: usize, lo: usize, hi: usize) {
    if lo > hi {
        return;
    }
    let left = &g[lo..=hi];
    let right = &g[r - hi..=r - lo];
    if seen.bound() == 64 {
        seen.mark_word(V::pair_bits(level, left, right));
    } else {
        let pairs = left.iter().zip(right.iter().rev());
        seen.mark_all(left.len(), pairs.map(|(&x, &y)| (x ^ y).into() as usize));
    }
}

/// The mex of `seen` at the width of stored values.
#[inline]
pub fn mex(seen: &Mex) -> u32 {
    // Stored values are at most `LIMIT`, so the mex fits.
    u32::try_from(seen.mex()).unwrap_or(u32::MAX)
}

/// The options of a heap of `n` that take tokens and leave at most one heap.
pub fn add_takes<V: Value>(code: &HeapCode, g: &[V], n: usize, seen: &mut Mex) {
    for (k, &d) in code.digits().iter().enumerate().skip(1).take(n) {
        if d & 1 != 0 && k == n {
            mark(seen, V::default());
        }
        if d & 2 != 0 && k < n {
            mark(seen, g[n - k]);
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
/// `O(t + s·n)` for a code with `s` splitting digits; for the
/// three-heap (hexadecimal) digits, about `O(n + m)` lookups for a heap of
/// mex `m` when witnesses come early, `O(n · w)` at most (`w` the words of
/// a bitset of values, see [`Triples`]), `O(n²)` beyond its memory.
#[allow(clippy::too_many_arguments)]
pub fn value<V: Value>(
    level: Level,
    code: &HeapCode,
    g: &[V],
    n: usize,
    max: V,
    seen: &mut Mex,
    triples: &mut Triples,
    witnesses: &mut Witnesses,
) -> u32 {
    reset(seen, max);
    add_takes(code, g, n, seen);
    let digits = code.digits().iter().enumerate().take(n + 1);
    // Options past one word, many pairs: a first block and witnesses.
    if code.max_parts() == 2 && seen.bound() > 64 {
        let block = FIRST_PAIRS_PER_VALUE * seen.bound() as usize;
        if n > 4 * block {
            return by_witnesses(level, code, g, n, (seen, witnesses), block);
        }
    }
    for (k, &d) in digits.clone() {
        let r = n - k;
        if d & 4 != 0 && r >= 2 {
            let (lo, hi) = pair_range(code, r);
            add_pairs(seen, level, g, r, lo, hi);
        }
    }
    // The heaps split into three: by witnesses first, where they are cheaper.
    let mut threes = digits
        .filter(|&(_, &d)| d & 8 != 0)
        .map(|(k, _)| n - k)
        .peekable();
    if threes.peek().is_none() {
        return mex(seen);
    }
    if let Some(m) = triples.least_missing(g, threes, max.into(), seen) {
        return m;
    }
    // Past the pair sets' memory: one triple at a time.
    for (k, &d) in code.digits().iter().enumerate().take(n + 1) {
        let r = n - k;
        if d & 8 != 0 && r >= 3 {
            for a in 1..=r / 3 {
                let ga = g[a];
                for b in a..=(r - a) / 2 {
                    mark(seen, ga ^ g[b] ^ g[r - a - b]);
                }
            }
        }
    }
    mex(seen)
}

/// Pairs of each split marked per value below the bound before the mex is
/// looked for by witnesses ([`by_witnesses`]). Treblecross (0.007) to 10^5
/// values, best of 3 (release): 2 1.08 s, 4 0.82 s, 6 0.75–0.80 s, 8 0.76–0.77
/// s, 12 0.85 s, 16 0.92 s, and 0.95–1.08 s marking every pair.
const FIRST_PAIRS_PER_VALUE: usize = 8;

/// The value of a heap of `n` whose takes are in `seen`, for a code that
/// splits into two heaps at most: the first `block` pairs of each split are
/// marked (a store per pair), then each value left unmarked, least first,
/// is searched for among the other pairs by the vectorised witness search
/// ([`Value::has_pair`], many pairs per instruction, stopping at the first
/// witness). The first value without a witness is the mex. Most values
/// below the mex are among the first pairs, so only a few are searched
/// for, and only the mex reads every pair.
///
/// # Complexity
/// `O(block + c · n)` for `c` values searched for, at worst; about
/// `O(block + n / L)` for `L` lanes a vector when the values searched for
/// have early witnesses.
fn by_witnesses<V: Value>(
    level: Level,
    code: &HeapCode,
    g: &[V],
    n: usize,
    (seen, witnesses): (&mut Mex, &mut Witnesses),
    block: usize,
) -> u32 {
    for r in splits(code, n) {
        let (lo, hi) = pair_range(code, r);
        add_pairs(seen, level, g, r, lo, hi.min(lo + block - 1));
    }
    loop {
        let m = mex(seen);
        if !witnessed(level, code, g, n, (block, m), witnesses) {
            return m;
        }
        seen.mark(m as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn witnesses_agree<V: Value>(code: &HeapCode, g: &[V]) {
        let max = *g.iter().max().unwrap();
        let digits: Vec<usize> = code.digits().iter().map(|&d| usize::from(d)).collect();
        let values: Vec<u32> = g.iter().map(|&v| v.into()).collect();
        let heaps: Vec<(usize, u32)> = (g.len() / 2..g.len())
            .step_by(37)
            .map(|n| (n, super::super::mex_by_rules(&digits, &values, n)))
            .collect();
        for block in [1, 16, 200] {
            for level in Level::available() {
                // One scratch space for every heap, as a sequence keeps it.
                let mut witnesses = Witnesses::default();
                for &(n, mex) in &heaps {
                    let mut seen = Mex::default();
                    reset(&mut seen, max);
                    add_takes(code, g, n, &mut seen);
                    let scratch = (&mut seen, &mut witnesses);
                    let got = by_witnesses(level, code, g, n, scratch, block);
                    assert_eq!(got, mex, "{code} heap {n} block {block} {level}");
                }
            }
        }
    }

    #[test]
    fn witnesses_after_a_first_block_give_the_mex_of_every_option() {
        // Random values, few (witnesses early) or many (late, or none),
        // at both narrow widths; takes that leave one heap or none.
        let mut rng = SplitMix64::new(11);
        for text in ["0.007", "0.6", "4.07", "0.75", "0.37"] {
            let code: HeapCode = text.parse().unwrap();
            for modulus in [100u64, 300, 3000] {
                let g: Vec<u16> = (0..1500)
                    .map(|_| (rng.next_u64() % modulus) as u16)
                    .collect();
                witnesses_agree(&code, &g);
            }
            let g: Vec<u8> = (0..1500).map(|_| (rng.next_u64() % 200) as u8).collect();
            witnesses_agree(&code, &g);
        }
    }

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
                let mut seen = Mex::default();
                reset(&mut seen, max);
                add_pairs(&mut seen, level, &g, r, lo, hi);
                let got: Vec<u16> = (0..=u16::MAX)
                    .filter(|&v| seen.contains(u64::from(v)))
                    .collect();
                assert_eq!(
                    got,
                    want.iter().copied().collect::<Vec<_>>(),
                    "{len} {modulus}"
                );
                let mex = (0..).find(|v| !want.contains(v)).unwrap();
                assert_eq!(super::mex(&seen), u32::from(mex));
            }
        }
    }
}
