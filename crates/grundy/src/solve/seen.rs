//! The option values a search has seen for one position ([`Seen`]): a
//! bitset of the small values and a sorted list of the others, and their
//! mex. The pruned search and the full search both keep their positions'
//! options here.

/// Option values seen: a bit for each below [`Seen::BITS`], a list of the
/// others (sorted by [`Seen::sort`] once the options are listed). The
/// values below 64, nearly all of them, have a word of their own, which
/// the compiler keeps in a register through a mex of indexed parts: no
/// store to the stack and load back per option.
#[derive(Default)]
pub(crate) struct Seen {
    first: u64,
    low: [u64; 3],
    high: Vec<u64>,
}

impl Seen {
    /// Values below this have a bit: those of Grundy's game's heaps to
    /// 20000 all do.
    const BITS: u64 = 256;

    /// Adds `v`; the bytes this added (a value of the list's).
    #[inline]
    pub(crate) fn insert(&mut self, v: u64) -> usize {
        if v < 64 {
            self.first |= 1 << v;
            0
        } else if v < Seen::BITS {
            self.low[(v / 64 - 1) as usize] |= 1 << (v % 64);
            0
        } else {
            self.high.push(v);
            std::mem::size_of::<u64>()
        }
    }

    /// Sorts the list of large values, for [`mex`](Seen::mex) and
    /// [`contains`](Seen::contains).
    pub(crate) fn sort(&mut self) {
        self.high.sort_unstable();
        self.high.dedup();
    }

    /// The least value not seen.
    pub(crate) fn mex(&self) -> u64 {
        if self.first != u64::MAX {
            return u64::from(self.first.trailing_ones());
        }
        if let Some(w) = self.low.iter().position(|&w| w != u64::MAX) {
            return 64 * (w as u64 + 1) + u64::from(self.low[w].trailing_ones());
        }
        let mut m = Seen::BITS;
        for &v in &self.high {
            if v != m {
                break;
            }
            m += 1;
        }
        m
    }

    pub(crate) fn contains(&self, v: u64) -> bool {
        if v < 64 {
            self.first >> v & 1 == 1
        } else if v < Seen::BITS {
            self.low[(v / 64 - 1) as usize] >> (v % 64) & 1 == 1
        } else {
            self.high.binary_search(&v).is_ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_values_give_the_mex_across_its_words_and_list() {
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
                let mut seen = Seen::default();
                // Backwards, and the list with a repeat, as options come.
                for &v in values
                    .iter()
                    .rev()
                    .chain(values.iter().filter(|&&v| v >= 256))
                {
                    seen.insert(v);
                }
                seen.sort();
                let set: std::collections::BTreeSet<u64> = values.iter().copied().collect();
                let mex = (0..).find(|v| !set.contains(v)).unwrap();
                assert_eq!(seen.mex(), mex, "n {n}, hole {hole:?}");
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
}
