//! The one set of option values of the library, [`Mex`]: every engine that
//! takes a minimum excludant keeps its options here.

/// A set of nimbers and its minimum excludant.
///
/// Values below the set's bound have a bit; larger ones are kept in a list.
/// Three ways in, each for one kind of caller:
///
/// - [`add`](Mex::add) takes any value, with no bound set beforehand: the
///   searches list a position's options this way. Values below 64 land in a
///   word of their own, which the compiler keeps in a register while the
///   options are listed; values below 256 get a bit, larger ones go to the
///   list (call [`sort`](Mex::sort) before [`mex`](Mex::mex) and
///   [`contains`](Mex::contains)).
/// - [`reset`](Mex::reset) then [`mark`](Mex::mark) or
///   [`mark_all`](Mex::mark_all): every value is known to be below a bound,
///   so each is a bit set without a test, as the take-and-break engines
///   need for millions of options per heap.
/// - [`start`](Mex::start) then [`insert`](Mex::insert): a set that grows one
///   value at a time with its mex kept up to date; and [`of`](Mex::of), the
///   mex of a slice.
///
/// The memory is kept from one use to the next: a solver's loop allocates
/// nothing once the set is large enough.
///
/// ```
/// let mut m = grundy::nimber::Mex::default();
/// assert_eq!(m.of(&[0u64, 1, 3]), 2);
/// m.start(3);
/// assert_eq!([1, 0, 2].map(|v| m.insert(v)), [0, 2, 3]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Mex {
    /// Bits of the values below 64 given to [`add`](Mex::add). The set's
    /// word 0 is `first | words[0]`.
    first: u64,
    /// Word `i` holds the bits of `64·i .. 64·i + 63`.
    words: Vec<u64>,
    /// The values at or above `64 · words.len()`, sorted by
    /// [`sort`](Mex::sort).
    high: Vec<u64>,
    /// A byte per value below the bound, for [`mark_all`](Mex::mark_all).
    bytes: Vec<u8>,
    /// The mex kept by [`insert`](Mex::insert).
    least: u64,
}

/// Values below this get a bit from [`Mex::add`]; those of Grundy's game's
/// heaps to 20000 all do.
const ADD_BITS: u64 = 256;

/// Runs of at least this many values are marked a byte per value by
/// [`Mex::mark_all`] and folded into the bits after.
const BYTE_RUN: usize = 256;

impl Mex {
    /// Adds `v`, of any size, and returns the bytes this added to the set's
    /// list (8 for a value listed, 0 for a bit).
    #[inline]
    pub fn add(&mut self, v: u64) -> usize {
        if v < 64 {
            self.first |= 1 << v;
            return 0;
        }
        let w = (v / 64) as usize;
        if v < ADD_BITS && w >= self.words.len() {
            self.words.resize((ADD_BITS / 64) as usize, 0);
        }
        if w < self.words.len() {
            self.words[w] |= 1 << (v % 64);
            0
        } else {
            self.high.push(v);
            std::mem::size_of::<u64>()
        }
    }

    /// Sorts the list of large values, for [`mex`](Mex::mex) and
    /// [`contains`](Mex::contains) after [`add`](Mex::add).
    pub fn sort(&mut self) {
        self.high.sort_unstable();
        self.high.dedup();
    }

    /// Empties the set and gives a bit to every value below `bound`
    /// (rounded up to a whole word of 64), for [`mark`](Mex::mark) and
    /// [`mark_all`](Mex::mark_all).
    ///
    /// # Complexity
    /// `O(bound / 64)`.
    pub fn reset(&mut self, bound: u64) {
        let words = bound.max(1).div_ceil(64) as usize;
        self.first = 0;
        self.words.clear();
        self.words.resize(words, 0);
        self.high.clear();
    }

    /// The bound of [`reset`](Mex::reset), as rounded: every value marked
    /// must be below it.
    pub fn bound(&self) -> u64 {
        64 * self.words.len() as u64
    }

    /// Marks `v`, which must be below the [`bound`](Mex::bound).
    ///
    /// # Panics
    /// If `v` is not below the bound.
    #[inline]
    pub fn mark(&mut self, v: usize) {
        self.words[v / 64] |= 1 << (v % 64);
    }

    /// Marks the bits of `bits` among the values below 64.
    #[inline]
    pub fn mark_word(&mut self, bits: u64) {
        self.first |= bits;
    }

    /// Marks every value of `values` (`len` of them), each below the
    /// [`bound`](Mex::bound) (a caller's bug otherwise: checked in debug
    /// builds, and by [`mark`](Mex::mark) in a short run). A long run is stored a byte per value and
    /// folded into the bits after: a plain store per value, where setting a
    /// bit is a read, an OR and a write, which wait on one another when
    /// values hit one word in a row.
    #[inline]
    pub fn mark_all(&mut self, len: usize, values: impl Iterator<Item = usize>) {
        let words = self.words.len();
        if len < BYTE_RUN.max(words * 16) {
            for v in values {
                self.mark(v);
            }
            return;
        }
        // The bytes span a power of two: masking an index with it keeps the
        // index in the slice for the compiler (no bounds check per value),
        // and changes no value below the bound.
        let span = (64 * words).next_power_of_two();
        if self.bytes.len() < span {
            self.bytes.resize(span, 0);
        }
        let bytes = &mut self.bytes[..span];
        bytes[..64 * words].fill(0);
        for v in values {
            debug_assert!(v < 64 * words, "value {v} past the bound");
            bytes[v & (span - 1)] = 1;
        }
        for (w, chunk) in self.words.iter_mut().zip(bytes.chunks_exact(64)) {
            *w |= chunk
                .iter()
                .enumerate()
                .fold(0, |bits, (j, &b)| bits | u64::from(b) << j);
        }
    }

    /// The least value not in the set.
    pub fn mex(&self) -> u64 {
        let mut m = self.first_clear(0);
        if m < 64 * self.words.len().max(1) as u64 {
            return m;
        }
        for &v in &self.high {
            if v != m {
                break;
            }
            m += 1;
        }
        m
    }

    /// The least value at or after `from` whose bit is clear, a word at a
    /// time, or the end of the bits (`64 · max(words, 1)`) if every bit
    /// from there on is set; `from` must be below that end.
    fn first_clear(&self, from: u64) -> u64 {
        let words = self.words.len().max(1);
        let mut i = (from / 64) as usize;
        let mut taken = self.word(i) | ((1 << (from % 64)) - 1);
        while taken == u64::MAX && i + 1 < words {
            i += 1;
            taken = self.words[i];
        }
        64 * i as u64 + u64::from(taken.trailing_ones())
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: u64) -> bool {
        let w = v / 64;
        let bit = 1 << (v % 64);
        if w == 0 {
            (self.first | self.words.first().copied().unwrap_or(0)) & bit != 0
        } else if w < self.words.len() as u64 {
            self.words[w as usize] & bit != 0
        } else {
            self.high.binary_search(&v).is_ok()
        }
    }

    /// The mex of `values`.
    ///
    /// # Complexity
    /// O(k) for k values: the mex of k values is at most k, so larger values
    /// are not stored.
    pub fn of<V: Copy + Into<u64>>(&mut self, values: &[V]) -> u64 {
        self.start(values.len());
        for &v in values {
            let v = v.into();
            if v < self.bound() {
                self.mark(v as usize);
            }
        }
        self.mex()
    }

    /// Starts an empty set that will be given at most `count` values by
    /// [`insert`](Mex::insert).
    pub fn start(&mut self, count: usize) {
        self.reset(count as u64 + 1);
        self.least = 0;
    }

    /// The mex kept by [`insert`](Mex::insert) since [`start`](Mex::start).
    pub fn least(&self) -> u64 {
        self.least
    }

    /// The bits of the values `64·i .. 64·i + 63`.
    ///
    /// # Panics
    /// If the set's bits end before word `i`.
    #[inline]
    pub(crate) fn word(&self, i: usize) -> u64 {
        if i == 0 {
            self.first | self.words.first().copied().unwrap_or(0)
        } else {
            self.words[i]
        }
    }

    /// Adds `v` to the set and returns the set's mex.
    ///
    /// # Complexity
    /// Amortised `O(1)`: the mex only grows.
    pub fn insert(&mut self, v: u64) -> u64 {
        // With at most `count` values the mex is at most `count`: a larger
        // value never matters.
        if v < self.bound() {
            self.mark(v as usize);
        }
        if v == self.least && v < self.bound() {
            self.least = self.first_clear(v);
        }
        self.least
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn plain_mex(set: &BTreeSet<u64>) -> u64 {
        (0..).find(|v| !set.contains(v)).unwrap()
    }

    #[test]
    fn added_values_give_the_mex_across_the_words_and_the_list() {
        // Runs of values 0..n with holes at the edges of the words (63,
        // 64, 127, 255, 256) and in the list above them, against a plain
        // set of the values.
        for n in [0u64, 1, 63, 64, 65, 128, 255, 256, 257, 300] {
            for hole in [
                None,
                Some(0),
                Some(63),
                Some(64),
                Some(127),
                Some(255),
                Some(256),
            ] {
                let values: Vec<u64> = (0..n).filter(|&v| Some(v) != hole).collect();
                let mut seen = Mex::default();
                // Backwards, and the list with a repeat, as options come.
                let mut listed = 0;
                for &v in values
                    .iter()
                    .rev()
                    .chain(values.iter().filter(|&&v| v >= 256))
                {
                    listed += seen.add(v);
                }
                seen.sort();
                let set: BTreeSet<u64> = values.iter().copied().collect();
                assert_eq!(listed, 8 * 2 * values.iter().filter(|&&v| v >= 256).count());
                assert_eq!(seen.mex(), plain_mex(&set), "n {n}, hole {hole:?}");
                for v in 0..n + 2 {
                    assert_eq!(
                        seen.contains(v),
                        set.contains(&v),
                        "n {n}, hole {hole:?}, v {v}"
                    );
                }
            }
        }
    }

    #[test]
    fn marked_values_by_bits_bytes_or_word_give_the_same_set() {
        // Sets drawn by a fixed xorshift, marked one at a time, as a run
        // (bytes when long), and the small ones as a word.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for bound in [1u64, 64, 65, 200, 1000, 5000] {
            for len in [0usize, 3, 255, 256, 300, 5000, 20000] {
                let values: Vec<usize> = (0..len)
                    .map(|_| (next() % (bound.div_ceil(64).max(1) * 64)) as usize)
                    .filter(|&v| v % 7 != 3)
                    .collect();
                let set: BTreeSet<u64> = values.iter().map(|&v| v as u64).collect();
                let mut one = Mex::default();
                one.reset(bound);
                for &v in &values {
                    one.mark(v);
                }
                let mut run = Mex::default();
                run.reset(bound);
                run.mark_all(values.len(), values.iter().copied());
                let mut word = Mex::default();
                word.reset(bound);
                for &v in &values {
                    if v < 64 {
                        word.mark_word(1 << v);
                    } else {
                        word.mark(v);
                    }
                }
                for m in [&one, &run, &word] {
                    assert_eq!(m.mex(), plain_mex(&set), "bound {bound}, len {len}");
                    for v in 0..m.bound() + 2 {
                        assert_eq!(m.contains(v), set.contains(&v), "bound {bound}, v {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_full_bound_gives_the_bound_as_mex() {
        let mut m = Mex::default();
        m.reset(100);
        assert_eq!(m.bound(), 128);
        for v in 0..128 {
            m.mark(v);
        }
        assert_eq!(m.mex(), 128);
    }

    #[test]
    fn a_growing_set_keeps_its_mex() {
        let mut m = Mex::default();
        m.start(5);
        assert_eq!([4, 0, 9, 1, 2].map(|v| m.insert(v)), [0, 1, 1, 2, 3]);
        assert_eq!(m.of(&[5u64, 0, 2, 1]), 3);
        assert_eq!(m.of::<u64>(&[]), 0);
    }
}
