//! What the pruned search knows of a component's value: [`Know`] (a floor,
//! values excluded above it, or the value), [`Packed`] (the same in the
//! table's 6 bytes) and [`theorem`] (what a game's theorems say before any
//! search).

use super::values::Values;
use crate::game::{Game, Outcome};

/// What the pruned search knows of a component's value `g`: `g >= floor`,
/// `g != floor + 1 + i` for each bit i of `mask`, and `g == floor` when
/// `exact`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Know {
    pub(crate) floor: u64,
    pub(crate) mask: u64,
    pub(crate) exact: bool,
}

impl Know {
    /// Whether `g == n`, where this says.
    pub(super) fn decides(self, n: u64) -> Option<bool> {
        if self.exact {
            return Some(n == self.floor);
        }
        if n < self.floor {
            return Some(false);
        }
        match n - self.floor {
            0 => None,
            d if d <= 64 && self.mask >> (d - 1) & 1 == 1 => Some(false),
            _ => None,
        }
    }

    /// Records `g != n`.
    pub(super) fn exclude(&mut self, n: u64) {
        if self.exact || n < self.floor {
            return;
        }
        if n > self.floor {
            if n - self.floor <= 64 {
                self.mask |= 1 << (n - self.floor - 1);
            }
            return;
        }
        // The floor rises past every excluded value above it.
        self.floor += 1;
        while self.mask & 1 == 1 {
            self.floor += 1;
            self.mask >>= 1;
        }
        self.mask >>= 1;
    }

    /// The values of `r` this does not exclude.
    pub(super) fn allowed(self, r: Values) -> Values {
        if self.exact {
            return r.and(Values::single(self.floor));
        }
        let mut out = match self.floor {
            0 => r,
            f => r.and(Values::up_to(f - 1).complement()),
        };
        let mut mask = self.mask;
        while mask != 0 {
            out.remove(self.floor + 1 + u64::from(mask.trailing_zeros()));
            mask &= mask - 1;
        }
        out
    }

    /// What `self` and `other`, both true, say together.
    fn with(self, other: Know) -> Know {
        if self.exact || other.exact {
            return if self.exact { self } else { other };
        }
        // The higher floor excludes every value below the lower one.
        let (mut k, low) = match self.floor >= other.floor {
            true => (self, other),
            false => (other, self),
        };
        let mut mask = low.mask;
        while mask != 0 {
            k.exclude(low.floor + 1 + u64::from(mask.trailing_zeros()));
            mask &= mask - 1;
        }
        k
    }

    pub(super) fn exactly(n: u64) -> Know {
        Know {
            floor: n,
            mask: 0,
            exact: true,
        }
    }
}

/// [`Know`] as the table stores it, in 6 bytes of 2-byte alignment: a
/// floor below 2^32 and the 8 values above it (more are rarely excluded:
/// Cram 4x9 looks at 16 more moves of 1.6 million than with 32; and
/// forgetting that a value is excluded is sound). With the table's 2 bytes
/// besides, a Cram region's entry is 16 bytes (its word and this), a
/// quarter of a cache line, where 4-byte fields made it 24.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed {
    /// The floor's low and high halves.
    floor: [u16; 2],
    mask: u8,
    pub(super) exact: bool,
}

impl Know {
    /// `self` in a table's form; `None` for a floor of 2^32 or more (a
    /// position of so many options is not stored).
    pub(crate) fn pack(self) -> Option<Packed> {
        let floor = u32::try_from(self.floor).ok()?;
        Some(Packed {
            floor: [floor as u16, (floor >> 16) as u16],
            mask: self.mask as u8,
            exact: self.exact,
        })
    }

    /// [`with`](Know::with) of two packed knowledges, packed.
    pub(super) fn with_packed(a: Packed, b: Packed) -> Packed {
        a.unpack().with(b.unpack()).pack().unwrap_or(a)
    }
}

impl Packed {
    pub(crate) fn unpack(self) -> Know {
        Know {
            floor: u64::from(self.floor[0]) | u64::from(self.floor[1]) << 16,
            mask: u64::from(self.mask),
            exact: self.exact,
        }
    }
}

/// What its game's theorems say of the component `c`'s outcome
/// ([`Game::known_outcome`]): value 0, or 0 excluded, or nothing.
pub(super) fn theorem<G: Game>(c: &G) -> Know {
    match c.known_outcome() {
        Some(Outcome::Previous) => Know::exactly(0),
        Some(Outcome::Next) => Know {
            floor: 1,
            ..Know::default()
        },
        // A finite game has no draw.
        Some(Outcome::Draw) | None => Know::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knowledge_raises_its_floor_past_excluded_values() {
        let mut k = Know::default();
        k.exclude(2);
        k.exclude(3);
        assert_eq!(k.decides(2), Some(false));
        assert_eq!(k.decides(0), None);
        k.exclude(0);
        assert_eq!(k.floor, 1);
        k.exclude(1);
        // 1 excluded, and 2 and 3 were: the floor is 4.
        assert_eq!((k.floor, k.mask), (4, 0));
        assert_eq!(k.decides(4), None);
        assert_eq!(k.decides(3), Some(false));
        // The mask holds 64 values above the floor (4): 60 is kept, 70 is
        // past it and forgotten, which leaves it unknown (sound, not wrong).
        k.exclude(60);
        assert_eq!(k.decides(59), None);
        assert_eq!(k.decides(60), Some(false));
        k.exclude(70);
        assert_eq!(k.decides(70), None);
        assert_eq!(Know::exactly(5).decides(5), Some(true));
    }

    #[test]
    fn knowledge_of_two_threads_together_excludes_what_either_does() {
        // Every pair of sets of excluded values below 12 (a few thousand
        // pairs, by a fixed pseudo-random walk), and exact values.
        let mut x = 0x9E37_79B9_u64;
        let mut set = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & 0xfff
        };
        let know = |bits: u64| {
            let mut k = Know::default();
            (0..12)
                .filter(|v| bits >> v & 1 == 1)
                .for_each(|v| k.exclude(v));
            k
        };
        for _ in 0..4000 {
            let (a, b) = (set(), set());
            let k = know(a).with(know(b));
            for v in 0..14 {
                let excluded = (a | b) >> v & 1 == 1;
                assert_eq!(k.decides(v) == Some(false), excluded, "{a:b} {b:b} {v}");
            }
            assert_eq!(know(a).with(Know::exactly(5)), Know::exactly(5));
            assert_eq!(Know::exactly(3).with(know(b)), Know::exactly(3));
        }
    }

    #[test]
    fn packed_knowledge_keeps_the_floor_and_the_8_values_above_it() {
        let mut k = Know::default();
        for v in [0, 1, 3, 10, 11, 40] {
            k.exclude(v);
        }
        let back = k.pack().unwrap().unpack();
        assert_eq!((back.floor, back.exact), (2, false));
        // 3 and 10 are within 8 of the floor and stay excluded; 11 and 40
        // are forgotten: unknown again, which is sound.
        assert_eq!(
            [3, 10, 11, 40].map(|v| back.decides(v)),
            [Some(false), Some(false), None, None]
        );
        let far = Know::exactly(u64::from(u32::MAX));
        assert_eq!(far.pack().unwrap().unpack(), far);
        assert_eq!(Know::exactly(1 << 32).pack(), None);
        // Six bytes of 2-byte alignment: with the table's level and flag,
        // an entry and its word key take 16 bytes.
        assert_eq!(
            (size_of::<Packed>(), std::mem::align_of::<Packed>()),
            (6, 2)
        );
    }

    #[test]
    fn allowed_values_are_those_not_decided_against() {
        let mut k = Know::default();
        for v in [0, 1, 3, 9, 40, 70, 200] {
            k.exclude(v);
            for r in [Values::up_to(255), Values::up_to(20), Values::single(9)] {
                let want: Vec<u64> = r.iter().filter(|&v| k.decides(v) != Some(false)).collect();
                assert_eq!(k.allowed(r).iter().collect::<Vec<_>>(), want);
            }
        }
        let r = Values::up_to(10);
        assert_eq!(Know::exactly(4).allowed(r).iter().collect::<Vec<_>>(), [4]);
    }
}
