//! The mex over every option, made fast: a bitset of seen values and
//! branch-free loops over the pairs of heaps a split leaves.

use super::code::HeapCode;

/// Values are 16 bits, so options (XORs of values) are below 2^16.
pub const VALUE_SPACE: usize = 1 << 16;

/// A bitset of the option values seen for one heap.
#[derive(Clone, Debug)]
pub struct Seen {
    // A fixed-size array: `v >> 6` of a u16 is always in bounds, so the
    // compiler drops the bounds checks in the hot loops.
    words: Box<[u64; VALUE_SPACE / 64]>,
    /// Words in use: every option is below `64 * used`.
    used: usize,
}

impl Default for Seen {
    fn default() -> Self {
        Seen {
            words: Box::new([0; VALUE_SPACE / 64]),
            used: 1,
        }
    }
}

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

    /// Adds `g[a] ^ g[r - a]` for `a` in `lo..=hi`.
    ///
    /// # Complexity
    /// `O(hi - lo)`; with one word in use the loop has no branch and no
    /// memory write, so the compiler vectorises it.
    pub fn add_pairs(&mut self, g: &[u16], r: usize, lo: usize, hi: usize) {
        if lo > hi {
            return;
        }
        let left = &g[lo..=hi];
        let right = &g[r - hi..=r - lo];
        if self.used == 1 {
            let bits = left
                .iter()
                .zip(right.iter().rev())
                .fold(0u64, |acc, (&x, &y)| acc | 1u64 << ((x ^ y) & 63));
            self.words[0] |= bits;
        } else {
            for (&x, &y) in left.iter().zip(right.iter().rev()) {
                self.add(x ^ y);
            }
        }
    }
}

/// The options of a heap of `n` that take tokens and leave at most one heap.
pub fn add_takes(code: &HeapCode, g: &[u16], n: usize, seen: &mut Seen) {
    for (k, &d) in code.digits().iter().enumerate().skip(1).take(n) {
        if d & 1 != 0 && k == n {
            seen.add(0);
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
/// over every option.
///
/// # Complexity
/// `O(t + s·n)` for a code with `s` splitting digits, `O(n²)` with
/// three-heap (hexadecimal) digits.
pub fn value(code: &HeapCode, g: &[u16], n: usize, max: u16, seen: &mut Seen) -> u32 {
    seen.reset(max);
    add_takes(code, g, n, seen);
    for (k, &d) in code.digits().iter().enumerate().take(n + 1) {
        let r = n - k;
        if d & 4 != 0 && r >= 2 {
            let (lo, hi) = pair_range(code, r);
            seen.add_pairs(g, r, lo, hi);
        }
        if d & 8 != 0 && r >= 3 {
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
