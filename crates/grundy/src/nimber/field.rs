//! The nimber field: nim multiplication, inverse and division.
//!
//! The nimbers below `2^(2^k)` form a field under nim addition (XOR) and nim
//! multiplication (Conway, *On Numbers and Games*, ch. 6). Multiplication is
//! defined as `a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }`; the
//! value of Turning Corners and of every product of coin-turning games
//! (Tartan theorem) is such a product.
//!
//! # Algorithm
//! Write a `2w`-bit nimber as `a = a₁·X ⊕ a₀` with `X = 2^w` a Fermat 2-power
//! and `a₀, a₁ < X`. Then `X ⊗ X = X ⊕ X/2` (ordinary half), so
//! `a ⊗ b = ((a₀⊕a₁)⊗(b₀⊕b₁) ⊕ a₀⊗b₀)·X ⊕ (a₀⊗b₀ ⊕ (a₁⊗b₁)⊗(X/2))`:
//! three half-size products (Karatsuba) and one product by a constant. The
//! recursion stops at 16 bits, where products are read from logarithm and
//! exponential tables of the 16-bit subfield (built once from a generator of
//! its multiplicative group, using a 256 × 256 table of 8-bit products).
//! The inverse is `a^(2^n − 2)` in the field of `2^n` elements (Lagrange).
//!
//! # References
//! J. H. Conway, *On Numbers and Games* (1976), ch. 6; Berlekamp, Conway and
//! Guy, *Winning Ways*, ch. 14; H. W. Lenstra, *Nim multiplication* (1978).

use std::sync::OnceLock;

use crate::nimber::Nimber;

/// The 8-bit products: `TABLE[a << 8 | b] = a ⊗ b`.
fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 1 << 16];
        for a in 0..256u32 {
            for b in 0..256u32 {
                t[(a << 8 | b) as usize] = mul_bits(a.into(), b.into(), 8) as u8;
            }
        }
        t
    })
}

/// The product of two nimbers below `2^bits` (`bits` a power of two), by the
/// half-splitting recursion down to single bits; builds the table.
fn mul_bits(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> h, b & mask, b >> h);
    let low = mul_bits(a0, b0, h);
    let mid = mul_bits(a0 ^ a1, b0 ^ b1, h);
    let top = mul_bits(a1, b1, h);
    (mid ^ low) << h | low ^ mul_bits(top, 1 << (h - 1), h)
}

fn mul8(a: u64, b: u64) -> u64 {
    u64::from(table()[(a << 8 | b) as usize])
}

/// Logarithms in the 16-bit subfield, whose 65535 non-zero elements are the
/// powers of one generator: `a ⊗ b = exp(log a + log b)`.
struct Logs {
    log: Vec<u32>,
    /// Twice around the group, so that a sum of two logs needs no reduction.
    exp: Vec<u16>,
}

const GROUP: u64 = 65535;

fn logs() -> &'static Logs {
    static LOGS: OnceLock<Logs> = OnceLock::new();
    LOGS.get_or_init(|| {
        let slow = |a, b| mul_u64(a, b, 16);
        let pow = |a: u64, mut e: u64| {
            let (mut base, mut acc) = (a, 1);
            while e > 0 {
                if e & 1 == 1 {
                    acc = slow(acc, base);
                }
                base = slow(base, base);
                e >>= 1;
            }
            acc
        };
        // 65535 = 3 · 5 · 17 · 257: g generates iff no g^(65535/p) is 1.
        let g = (2..GROUP)
            .find(|&g| [3, 5, 17, 257].iter().all(|p| pow(g, GROUP / p) != 1))
            .expect("the multiplicative group of a finite field is cyclic");
        let mut exp = vec![0u16; 2 * GROUP as usize];
        let mut log = vec![0u32; GROUP as usize + 1];
        let mut x = 1u64;
        for i in 0..GROUP as usize {
            exp[i] = x as u16;
            exp[i + GROUP as usize] = x as u16;
            log[x as usize] = i as u32;
            x = slow(x, g);
        }
        Logs { log, exp }
    })
}

fn mul16(a: u64, b: u64) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    let t = logs();
    u64::from(t.exp[(t.log[a as usize] + t.log[b as usize]) as usize])
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` in 8, 16, 32, 64, by the table
/// recursion alone (it builds the logarithm table).
fn mul_u64(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 8 {
        return mul8(a, b);
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> h, b & mask, b >> h);
    let low = mul_u64(a0, b0, h);
    let mid = mul_u64(a0 ^ a1, b0 ^ b1, h);
    let top = mul_u64(a1, b1, h);
    (mid ^ low) << h | low ^ mul_u64(top, 1 << (h - 1), h)
}

/// The smallest field width (8, 16, 32 or 64 bits) holding both values:
/// products of small nimbers never touch the wide recursion.
fn width(x: u64) -> u32 {
    match x {
        0..=0xFF => 8,
        0x100..=0xFFFF => 16,
        0x1_0000..=0xFFFF_FFFF => 32,
        _ => 64,
    }
}

/// The nim product of two 64-bit nimbers.
///
/// # Complexity
/// Sixteen 16-bit products (three log/exp lookups each) for 64-bit operands;
/// one for operands below 2^16.
///
/// ```
/// use grundy::nimber::field::nim_mul;
/// assert_eq!(nim_mul(2, 2), 3);
/// assert_eq!(nim_mul(16, 16), 24);
/// ```
pub fn nim_mul(a: u64, b: u64) -> u64 {
    match width(a | b) {
        8 => mul8(a, b),
        16 => mul16(a, b),
        bits => mul_logs(a, b, bits),
    }
}

/// The half-splitting recursion down to the 16-bit logarithm tables.
fn mul_logs(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 16 {
        return mul16(a, b);
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> h, b & mask, b >> h);
    let low = mul_logs(a0, b0, h);
    let mid = mul_logs(a0 ^ a1, b0 ^ b1, h);
    let top = mul_logs(a1, b1, h);
    (mid ^ low) << h | low ^ mul_logs(top, 1 << (h - 1), h)
}

/// The nim product of two 128-bit nimbers (one more level of the same recursion).
///
/// ```
/// use grundy::nimber::field::nim_mul128;
/// // The Fermat 2-power 2^64 squares to 2^64 ⊕ 2^63.
/// assert_eq!(nim_mul128(1 << 64, 1 << 64), (1 << 64) | (1 << 63));
/// ```
pub fn nim_mul128(a: u128, b: u128) -> u128 {
    let (a0, a1) = (a as u64, (a >> 64) as u64);
    let (b0, b1) = (b as u64, (b >> 64) as u64);
    if a1 == 0 && b1 == 0 {
        return nim_mul(a0, b0).into();
    }
    let low = nim_mul(a0, b0);
    let mid = nim_mul(a0 ^ a1, b0 ^ b1);
    let top = nim_mul(a1, b1);
    u128::from(mid ^ low) << 64 | u128::from(low ^ nim_mul(top, 1 << 63))
}

/// `a^e` in the nimber field, by squaring.
fn pow_u64(a: u64, mut e: u64) -> u64 {
    let (mut base, mut acc) = (a, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            acc = nim_mul(acc, base);
        }
        base = nim_mul(base, base);
        e >>= 1;
    }
    acc
}

/// The nim inverse of `a`: the `b` with `a ⊗ b = 1`; `None` for 0, which has none.
///
/// # Complexity
/// About 2 log₂ of the field size products (≤ 128 for 64 bits).
///
/// ```
/// use grundy::nimber::field::{nim_inv, nim_mul};
/// assert_eq!(nim_inv(2), Some(3));
/// assert_eq!(nim_inv(0), None);
/// assert_eq!(nim_mul(12345, nim_inv(12345).unwrap()), 1);
/// ```
pub fn nim_inv(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    // The smallest subfield holding `a` has 2^w elements; a^(2^w - 2) = a^-1.
    let w = width(a);
    let e = if w == 64 {
        u64::MAX - 1
    } else {
        (1u64 << w) - 2
    };
    Some(pow_u64(a, e))
}

/// The nim inverse of a 128-bit nimber; `None` for 0.
pub fn nim_inv128(a: u128) -> Option<u128> {
    if a == 0 {
        return None;
    }
    if let Ok(small) = u64::try_from(a) {
        return nim_inv(small).map(u128::from);
    }
    let (mut base, mut acc, mut e) = (a, 1u128, u128::MAX - 1);
    while e > 0 {
        if e & 1 == 1 {
            acc = nim_mul128(acc, base);
        }
        base = nim_mul128(base, base);
        e >>= 1;
    }
    Some(acc)
}

/// `a ⊘ b = a ⊗ b⁻¹`; `None` when `b` is 0.
///
/// ```
/// use grundy::nimber::field::{nim_div, nim_mul};
/// assert_eq!(nim_div(nim_mul(7, 9), 9), Some(7));
/// assert_eq!(nim_div(5, 0), None);
/// ```
pub fn nim_div(a: u64, b: u64) -> Option<u64> {
    nim_inv(b).map(|inv| nim_mul(a, inv))
}

impl Nimber {
    /// The nim inverse; `None` for `*0`.
    ///
    /// ```
    /// use grundy::Nimber;
    /// assert_eq!(Nimber(2).inverse(), Some(Nimber(3)));
    /// assert_eq!(Nimber(0).inverse(), None);
    /// ```
    pub fn inverse(self) -> Option<Nimber> {
        nim_inv(self.0).map(Nimber)
    }

    /// Nim division; `None` when dividing by `*0`.
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        nim_div(self.0, rhs.0).map(Nimber)
    }
}

/// Nim products of all pairs below `n`, straight from the definition
/// (`mex` over `a'⊗b ⊕ a⊗b' ⊕ a'⊗b'`): the independent reference the fast
/// product is tested against.
///
/// # Complexity
/// O(n⁴) time, O(n²) memory; meant for `n` up to a few dozen.
pub fn nim_mul_table_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options = Vec::with_capacity(a * b);
            for x in 0..a {
                for y in 0..b {
                    options.push(Nimber(t[x][b] ^ t[a][y] ^ t[x][y]));
                }
            }
            t[a][b] = crate::nimber::mex(options).0;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fast_product_matches_the_definition() {
        let slow = nim_mul_table_by_definition(64);
        for (a, row) in slow.iter().enumerate() {
            for (b, &v) in row.iter().enumerate() {
                assert_eq!(nim_mul(a as u64, b as u64), v, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn logarithms_agree_with_bitwise_recursion_at_16_bits() {
        for (a, b) in [
            (300u64, 4464u64),
            (0xFFFF, 0xFFFF),
            (256, 256),
            (0x8000, 0x1234),
        ] {
            assert_eq!(nim_mul(a, b), mul_bits(a, b, 16));
        }
    }

    proptest! {
        #[test]
        fn logarithms_agree_with_the_8_bit_table(a in 0u64..1 << 32, b in 0u64..1 << 32) {
            prop_assert_eq!(nim_mul(a, b), mul_u64(a, b, 32));
        }
    }

    #[test]
    fn fermat_powers_square_to_three_halves() {
        for k in [1u32, 2, 4, 8, 16, 32] {
            let f = 1u64 << k;
            assert_eq!(nim_mul(f, f), f | f >> 1, "2^{k}");
        }
    }

    proptest! {
        #[test]
        fn field_laws(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            prop_assert_eq!(nim_mul(a, 1), a);
        }

        #[test]
        fn inverses(a in 1u64..) {
            let inv = nim_inv(a).unwrap();
            prop_assert_eq!(nim_mul(a, inv), 1);
            prop_assert_eq!(nim_div(a, a), Some(1));
        }

        #[test]
        fn field_laws_128(a: u128, b: u128, c: u128) {
            prop_assert_eq!(nim_mul128(a, b), nim_mul128(b, a));
            prop_assert_eq!(nim_mul128(nim_mul128(a, b), c), nim_mul128(a, nim_mul128(b, c)));
            prop_assert_eq!(nim_mul128(a, b ^ c), nim_mul128(a, b) ^ nim_mul128(a, c));
        }

        #[test]
        fn u128_agrees_with_u64(a: u64, b: u64) {
            prop_assert_eq!(nim_mul128(a.into(), b.into()), u128::from(nim_mul(a, b)));
        }
    }

    #[test]
    fn inverse_128() {
        for a in [(1u128 << 64) | 5, u128::MAX, 1 << 100] {
            assert_eq!(nim_mul128(a, nim_inv128(a).unwrap()), 1);
        }
        assert_eq!(nim_inv128(0), None);
    }
}
