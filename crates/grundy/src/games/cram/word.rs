//! The word a board's cells are held in while the search works on it:
//! `u64` for a board of up to 64 cells (nearly every board a search of a
//! board that size meets), `u128` for the rest. A shift of a `u128` by a
//! variable amount is several instructions where a `u64`'s is one, and the
//! flood fills and normal forms are mostly shifts: on `u64` they cost half.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// A word of board bits, cell i at bit i.
pub(super) trait Word:
    Copy
    + Eq
    + Ord
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bit.
    const ZERO: Self;
    /// Bit 0.
    const ONE: Self;
    /// The bits of a word.
    const BITS: u32;

    /// The low `x` bits of a `u128` that fits (a board of at most
    /// [`BITS`](Word::BITS) cells).
    fn from_u128(x: u128) -> Self;
    /// The bits as a `u128`.
    fn to_u128(self) -> u128;
    /// `self << k`, or no bit when `k` is the width or more.
    fn shl_or_zero(self, k: u32) -> Self;
    /// `self >> k`, or no bit when `k` is the width or more.
    fn shr_or_zero(self, k: u32) -> Self;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    /// Without its lowest set bit.
    fn without_lowest(self) -> Self;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// Zero bits below the lowest set one.
    fn trailing_zeros(self) -> u32;
    /// Zero bits above the highest set one.
    fn leading_zeros(self) -> u32;
    /// Set bits.
    fn count_ones(self) -> u32;

    /// Bits `0..n`, all of them when `n` is the width or more.
    fn low(n: u32) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const BITS: u32 = <$t>::BITS;

            fn from_u128(x: u128) -> $t {
                debug_assert!(x <= u128::from(<$t>::MAX));
                x as $t
            }
            fn to_u128(self) -> u128 {
                u128::from(self)
            }
            fn shl_or_zero(self, k: u32) -> $t {
                self.checked_shl(k).unwrap_or(0)
            }
            fn shr_or_zero(self, k: u32) -> $t {
                self.checked_shr(k).unwrap_or(0)
            }
            fn lowest(self) -> $t {
                self & self.wrapping_neg()
            }
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            fn reverse_bits(self) -> $t {
                <$t>::reverse_bits(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn low(n: u32) -> $t {
                match n >= <$t>::BITS {
                    true => <$t>::MAX,
                    false => (1 << n) - 1,
                }
            }
        }
    };
}

word!(u64);
word!(u128);
