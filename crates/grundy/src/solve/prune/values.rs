//! Sets of small Grundy values, as the pruned search asks about them.

/// A set of values below [`Values::LIMIT`], a bit each.
///
/// A position of fewer than `LIMIT` moves has a value below `LIMIT` (a mex
/// of fewer than `LIMIT` values), so these sets hold every value such a
/// position can have; a value at or past `LIMIT` is in none of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Values([u64; 4]);

/// For bit `b` of an XOR within a word: the lower half of each block of
/// `2^(b+1)` bits, the half that swaps with the upper.
const HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

impl Values {
    /// One more than the largest value a set can hold.
    pub(crate) const LIMIT: u64 = 256;

    /// The values `0..=n` (those below [`Values::LIMIT`]).
    pub(crate) fn up_to(n: u64) -> Values {
        let mut words = [0u64; 4];
        for (i, w) in words.iter_mut().enumerate() {
            let lo = 64 * i as u64;
            *w = match n.checked_sub(lo) {
                None => 0,
                Some(d) if d >= 63 => u64::MAX,
                Some(d) => (1u64 << (d + 1)) - 1,
            };
        }
        Values(words)
    }

    /// The set of `n` alone, or no value when `n` is past the limit.
    pub(crate) fn single(n: u64) -> Values {
        let mut s = Values::default();
        s.insert(n);
        s
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    pub(crate) fn contains(self, v: u64) -> bool {
        v < Values::LIMIT && self.0[v as usize / 64] >> (v % 64) & 1 == 1
    }

    /// Adds `v`; a value past the limit is not kept.
    pub(crate) fn insert(&mut self, v: u64) {
        if v < Values::LIMIT {
            self.0[v as usize / 64] |= 1 << (v % 64);
        }
    }

    pub(crate) fn remove(&mut self, v: u64) {
        if v < Values::LIMIT {
            self.0[v as usize / 64] &= !(1 << (v % 64));
        }
    }

    /// The values below the limit not in this set.
    pub(crate) fn complement(self) -> Values {
        Values(self.0.map(|w| !w))
    }

    /// The values in both.
    pub(crate) fn and(self, other: Values) -> Values {
        let mut w = self.0;
        for (a, b) in w.iter_mut().zip(other.0) {
            *a &= b;
        }
        Values(w)
    }

    pub(crate) fn min(self) -> Option<u64> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(64 * i as u64 + u64::from(self.0[i].trailing_zeros()))
    }

    pub(crate) fn max(self) -> Option<u64> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some(64 * i as u64 + 63 - u64::from(self.0[i].leading_zeros()))
    }

    /// The set without its largest value.
    pub(crate) fn without_max(mut self) -> Values {
        if let Some(m) = self.max() {
            self.remove(m);
        }
        self
    }

    /// Removes `v` if it is here, else the largest value.
    pub(crate) fn remove_or_max(&mut self, v: u64) {
        match self.contains(v) {
            true => self.remove(v),
            false => *self = self.without_max(),
        }
    }

    /// `{v ^ x : v in self}`, those below the limit: no value when `x` is
    /// at or past it (every `v ^ x` is then past it too).
    pub(crate) fn xor(self, x: u64) -> Values {
        if x >= Values::LIMIT {
            return Values::default();
        }
        // The high bits of x swap words; the low six permute the bits of
        // each word, one butterfly step per bit.
        let mut out = [0u64; 4];
        for (i, &w) in self.0.iter().enumerate() {
            let mut w = w;
            for (b, half) in HALVES.iter().enumerate() {
                if x >> b & 1 == 1 {
                    let s = 1 << b;
                    w = ((w & half) << s) | ((w >> s) & half);
                }
            }
            out[i ^ (x as usize >> 6)] = w;
        }
        Values(out)
    }

    /// The values, least first.
    pub(crate) fn iter(self) -> impl Iterator<Item = u64> {
        (0..4usize).flat_map(move |i| {
            let mut w = self.0[i];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    64 * i as u64 + u64::from(b)
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn random(rng: &mut SplitMix64) -> Values {
        Values([
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
        ])
    }

    #[test]
    fn xor_moves_each_value_as_a_plain_loop_does() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..200 {
            let s = random(&mut rng);
            let x = rng.next_u64() % 300;
            let mut want = Values::default();
            for v in 0..256u64 {
                if s.0[v as usize / 64] >> (v % 64) & 1 == 1 {
                    want.insert(v ^ x);
                }
            }
            assert_eq!(s.xor(x), want, "x = {x}");
        }
    }

    #[test]
    fn bounds_and_removals() {
        assert_eq!(Values::up_to(0).iter().collect::<Vec<_>>(), [0]);
        assert_eq!(Values::up_to(63).iter().count(), 64);
        assert_eq!(Values::up_to(64).max(), Some(64));
        assert_eq!(Values::up_to(500).iter().count(), 256);
        assert!(Values::single(256).is_empty());
        let mut s = Values::up_to(130);
        s.remove_or_max(5);
        assert!(!s.contains(5));
        s.remove_or_max(5);
        assert_eq!(s.max(), Some(129));
        assert_eq!(s.min(), Some(0));
        assert_eq!(s.without_max().max(), Some(128));
        assert_eq!(s.and(Values::single(128)).iter().collect::<Vec<_>>(), [128]);
        assert_eq!(Values::default().min(), None);
        assert_eq!(Values::up_to(199).complement().iter().count(), 56);
    }
}
