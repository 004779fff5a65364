//! Beatty sequences `⌊k·r⌋` for quadratic irrationals `r`, computed exactly
//! in integers, for `k` of any size.
//!
//! A quadratic irrational is `r = (p + q·√d) / s` with integers `p`, `q ≠ 0`,
//! `s > 0` and `d ≥ 2` not a perfect square. For an integer `m`, a real `x`
//! and an integer `s > 0`, `⌊(m + x)/s⌋ = ⌊(m + ⌊x⌋)/s⌋`; and for `k > 0`,
//! `x = q·k·√d` is irrational, so `⌊x⌋ = isqrt(q²k²d)` when `q > 0` and
//! `−isqrt(q²k²d) − 1` when `q < 0`. No floating point is involved: a 64-bit
//! float gets `⌊k·φ⌋` wrong already near `k = 7·10^8` (see the Wythoff tests).
//!
//! Rayleigh's theorem: for irrationals `r, s > 1` with `1/r + 1/s = 1`, the
//! sequences `⌊k·r⌋` and `⌊k·s⌋` (`k ≥ 1`) partition the positive integers.
//! [`QuadraticIrrational::complement`] gives that `s`.
//!
//! # Complexity
//! One integer square root: `O(1)` word operations while `q²k²d` fits in 128
//! bits, else Newton's iteration on big integers, `O(M(n) log n)` for `n`-bit `k`.
//!
//! # References
//! S. Beatty, problem 3173, American Mathematical Monthly 33 (1926);
//! Lord Rayleigh, *The Theory of Sound* (1894); W. A. Wythoff, *A
//! modification of the game of Nim*, Nieuw Archief voor Wiskunde 7 (1907).

use std::fmt;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use thiserror::Error;

/// `⌊√n⌋` for a 128-bit `n`, by Newton's iteration from above.
///
/// # Complexity
/// At most about 8 divisions (the start is within a factor 2 of the root).
pub fn isqrt_u128(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    // 2^⌈bits/2⌉ > √n, and Newton's steps decrease monotonically to ⌊√n⌋.
    let mut x = 1u128 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// `⌊√n⌋` for an integer of any size, by Newton's iteration from above.
///
/// # Complexity
/// `O(log n)` big divisions.
pub fn isqrt(n: &BigUint) -> BigUint {
    if let Some(small) = n.to_u128() {
        return BigUint::from(isqrt_u128(small));
    }
    let bits = n.bits();
    let mut x = BigUint::one() << bits.div_ceil(2);
    loop {
        let y = (&x + n / &x) >> 1u32;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// A number that is not a quadratic irrational, or a result too large.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BeattyError {
    /// `q = 0` or `d` a perfect square: the number is rational.
    #[error("(p + q·√d)/s with q = {q}, d = {d} is rational; Beatty sequences need an irrational (q ≠ 0, d not a square)")]
    Rational {
        /// The coefficient of the root.
        q: i64,
        /// The radicand.
        d: u64,
    },
    /// `s = 0`.
    #[error("the denominator s is 0")]
    ZeroDenominator,
    /// A coefficient of a derived number does not fit in 64 bits.
    #[error("a coefficient of the result does not fit in 64 bits")]
    Overflow,
    /// The complement exists only for `r > 1`.
    #[error("{0} is not greater than 1, so it has no complementary Beatty sequence")]
    NotAboveOne(String),
}

/// A quadratic irrational `(p + q·√d) / s`, kept in lowest terms with `s > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuadraticIrrational {
    p: i64,
    q: i64,
    d: u64,
    s: i64,
}

/// The golden ratio φ = (1 + √5)/2.
pub const PHI: QuadraticIrrational = QuadraticIrrational {
    p: 1,
    q: 1,
    d: 5,
    s: 2,
};

/// φ + 1 = φ² = (3 + √5)/2, the complement of φ.
pub const PHI_SQUARED: QuadraticIrrational = QuadraticIrrational {
    p: 3,
    q: 1,
    d: 5,
    s: 2,
};

#[cfg(test)]
/// √2.
pub const SQRT_2: QuadraticIrrational = QuadraticIrrational {
    p: 0,
    q: 1,
    d: 2,
    s: 1,
};

#[cfg(test)]
/// 2 + √2, the complement of √2.
pub const TWO_PLUS_SQRT_2: QuadraticIrrational = QuadraticIrrational {
    p: 2,
    q: 1,
    d: 2,
    s: 1,
};

impl QuadraticIrrational {
    #[cfg(test)]
    /// `(p + q·√d) / s`, reduced to lowest terms with `s > 0`.
    ///
    /// # Errors
    /// [`BeattyError::Rational`] when `q = 0` or `d` is a perfect square,
    /// [`BeattyError::ZeroDenominator`] when `s = 0`.
    pub fn new(p: i64, q: i64, d: u64, s: i64) -> Result<QuadraticIrrational, BeattyError> {
        Self::reduce(i128::from(p), i128::from(q), d, i128::from(s))
    }

    fn reduce(p: i128, q: i128, d: u64, s: i128) -> Result<QuadraticIrrational, BeattyError> {
        let root = isqrt_u128(u128::from(d));
        if q == 0 || root * root == u128::from(d) {
            return Err(BeattyError::Rational {
                q: i64::try_from(q).unwrap_or(i64::MAX),
                d,
            });
        }
        if s == 0 {
            return Err(BeattyError::ZeroDenominator);
        }
        let sign = s.signum();
        let g = p.gcd(&q).gcd(&s);
        let fit = |v: i128| i64::try_from(v * sign / g).map_err(|_| BeattyError::Overflow);
        Ok(QuadraticIrrational {
            p: fit(p)?,
            q: fit(q)?,
            d,
            s: fit(s)?,
        })
    }

    /// `1/r = s·(p − q√d) / (p² − q²d)`.
    ///
    /// # Errors
    /// [`BeattyError::Overflow`] when a coefficient leaves 64 bits.
    pub fn recip(&self) -> Result<QuadraticIrrational, BeattyError> {
        let (p, q, d, s) = self.wide();
        let den = p * p - q * q * i128::from(d);
        Self::reduce(s * p, -s * q, d, den)
    }

    #[cfg(test)]
    /// `1 − r`.
    ///
    /// # Errors
    /// [`BeattyError::Overflow`] when a coefficient leaves 64 bits.
    pub fn one_minus(&self) -> Result<QuadraticIrrational, BeattyError> {
        let (p, q, d, s) = self.wide();
        Self::reduce(s - p, -q, d, s)
    }

    #[cfg(test)]
    /// For `r > 1`, the `s` with `1/r + 1/s = 1`: `s = r/(r − 1) = 1/(1 − 1/r)`,
    /// so that `⌊k·r⌋` and `⌊k·s⌋` partition the positive integers.
    ///
    /// # Errors
    /// [`BeattyError::NotAboveOne`] for `r < 1`, or an overflow.
    pub fn complement(&self) -> Result<QuadraticIrrational, BeattyError> {
        self.check_above_one()?;
        self.recip()?.one_minus()?.recip()
    }

    fn check_above_one(&self) -> Result<(), BeattyError> {
        // r is irrational, so r > 1 iff ⌊r⌋ ≥ 1.
        if self.floor_mul_u64(1).is_none_or(|v| v < 1) {
            return Err(BeattyError::NotAboveOne(self.to_string()));
        }
        Ok(())
    }

    fn wide(&self) -> (i128, i128, u64, i128) {
        (
            i128::from(self.p),
            i128::from(self.q),
            self.d,
            i128::from(self.s),
        )
    }

    /// `⌊k·r⌋` in machine words; `None` when an intermediate value leaves 128 bits.
    pub fn floor_mul_u64(&self, k: u64) -> Option<i128> {
        let (p, q, d, s) = self.wide();
        let k = i128::from(k);
        if k == 0 {
            return Some(0);
        }
        let qk = q.checked_mul(k)?.unsigned_abs();
        let square = qk.checked_mul(qk)?.checked_mul(u128::from(d))?;
        let root = i128::try_from(isqrt_u128(square)).ok()?;
        let irrational_floor = if q > 0 { root } else { -root - 1 };
        let numerator = p.checked_mul(k)?.checked_add(irrational_floor)?;
        Some(numerator.div_euclid(s))
    }

    /// `⌊k·r⌋`, exactly, for `k` of any size.
    pub fn floor_mul(&self, k: &BigUint) -> BigInt {
        if let Some(v) = k.to_u64().and_then(|k| self.floor_mul_u64(k)) {
            return BigInt::from(v);
        }
        let qk = BigUint::from(self.q.unsigned_abs()) * k;
        let root = BigInt::from(isqrt(&(&qk * &qk * self.d)));
        let irrational_floor = if self.q > 0 { root } else { -root - 1 };
        let numerator =
            BigInt::from(self.p) * BigInt::from_biguint(Sign::Plus, k.clone()) + irrational_floor;
        numerator.div_floor(&BigInt::from(self.s))
    }

    /// `⌊k·r⌋` for a positive `r`, as a natural number.
    ///
    /// # Panics
    /// If `r` is negative (a broken invariant of the caller).
    pub fn floor_mul_natural(&self, k: &BigUint) -> BigUint {
        self.floor_mul(k)
            .to_biguint()
            .expect("r is positive, so ⌊k·r⌋ is not negative")
    }

    /// For `r > 1`, the `k ≥ 1` with `⌊k·r⌋ = n`, if `n` is in the sequence.
    ///
    /// The number of `k ≥ 1` with `⌊k·r⌋ ≤ n` is `⌊(n + 1)/r⌋` (as `k·r < n + 1`,
    /// and `(n+1)/r` is irrational), so `n` is a term iff that count exceeds
    /// the count for `n − 1`, and then it is `n`'s index.
    ///
    /// # Errors
    /// [`BeattyError::NotAboveOne`] for `r < 1`, or an overflow.
    pub fn index_of(&self, n: &BigUint) -> Result<Option<BigUint>, BeattyError> {
        self.check_above_one()?;
        if n.is_zero() {
            return Ok(None);
        }
        let inverse = self.recip()?;
        let up_to = inverse.floor_mul_natural(&(n + 1u32));
        let below = inverse.floor_mul_natural(n);
        Ok((up_to > below).then_some(up_to))
    }

    #[cfg(test)]
    /// Whether `r` is positive.
    pub fn is_positive(&self) -> bool {
        // p + q√d > 0: compare p² with q²d by the signs.
        match (self.p.signum(), self.q.signum()) {
            (0 | 1, 1) => true,
            (-1 | 0, -1) => false,
            _ => {
                let p2 = i128::from(self.p).pow(2);
                let q2d = i128::from(self.q).pow(2) * i128::from(self.d);
                (p2 > q2d) == (self.p > 0)
            }
        }
    }
}

impl fmt::Display for QuadraticIrrational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.q < 0 { '−' } else { '+' };
        let q = self.q.unsigned_abs();
        let q = if q == 1 { String::new() } else { q.to_string() };
        write!(f, "({} {sign} {q}√{})/{}", self.p, self.d, self.s)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_new() {
        use crate::beatty::{QuadraticIrrational, PHI};
        assert_eq!(QuadraticIrrational::new(2, 2, 5, 4).unwrap(), PHI);
        assert!(QuadraticIrrational::new(1, 1, 4, 2).is_err());
    }

    #[test]
    fn example_of_complement() {
        use crate::beatty::{PHI, PHI_SQUARED, SQRT_2, TWO_PLUS_SQRT_2};
        assert_eq!(PHI.complement().unwrap(), PHI_SQUARED);
        assert_eq!(SQRT_2.complement().unwrap(), TWO_PLUS_SQRT_2);
    }

    #[test]
    fn example_of_floor_mul() {
        use crate::beatty::PHI;
        use num_bigint::BigUint;
        // ⌊k·φ⌋ for k = 1..=8: the lower Wythoff sequence (OEIS A000201).
        let lower: Vec<String> = (1u32..=8)
            .map(|k| PHI.floor_mul(&BigUint::from(k)).to_string())
            .collect();
        assert_eq!(lower, ["1", "3", "4", "6", "8", "9", "11", "12"]);
    }

    use super::*;
    use proptest::prelude::*;

    #[test]
    fn roots_are_exact_at_the_edges() {
        for r in [0u128, 1, 2, 3, 1 << 32, u128::from(u64::MAX)] {
            assert_eq!(isqrt_u128(r * r), r);
            if r > 0 {
                assert_eq!(isqrt_u128(r * r - 1), r - 1);
            }
        }
        assert_eq!(isqrt_u128(u128::MAX), u128::from(u64::MAX));
        let big = BigUint::from(10u32).pow(101);
        let root = isqrt(&big);
        assert!(&root * &root <= big && (&root + 1u32) * (&root + 1u32) > big);
    }

    #[test]
    fn known_sequences() {
        // Source: OEIS A000201 (lower Wythoff), A001950 (upper Wythoff), A001951 (⌊n√2⌋).
        let seq = |r: &QuadraticIrrational| -> Vec<i128> {
            (1..=10).map(|k| r.floor_mul_u64(k).unwrap()).collect()
        };
        assert_eq!(seq(&PHI), [1, 3, 4, 6, 8, 9, 11, 12, 14, 16]);
        assert_eq!(seq(&PHI_SQUARED), [2, 5, 7, 10, 13, 15, 18, 20, 23, 26]);
        assert_eq!(seq(&SQRT_2), [1, 2, 4, 5, 7, 8, 9, 11, 12, 14]);
    }

    #[test]
    fn arithmetic_and_errors() {
        assert_eq!(
            PHI.recip().unwrap(),
            QuadraticIrrational::new(-1, 1, 5, 2).unwrap()
        );
        assert_eq!(
            PHI.one_minus().unwrap(),
            QuadraticIrrational::new(1, -1, 5, 2).unwrap()
        );
        assert!(!PHI.one_minus().unwrap().is_positive());
        assert!(PHI.is_positive() && SQRT_2.is_positive());
        assert!(matches!(
            QuadraticIrrational::new(1, 0, 5, 2),
            Err(BeattyError::Rational { .. })
        ));
        assert_eq!(
            QuadraticIrrational::new(1, 1, 5, 0),
            Err(BeattyError::ZeroDenominator)
        );
        assert!(matches!(
            PHI.recip().unwrap().complement(),
            Err(BeattyError::NotAboveOne(_))
        ));
        // A negative root coefficient floors correctly: ⌊3·(1 − φ)⌋ = ⌊−1.854…⌋ = −2.
        assert_eq!(PHI.one_minus().unwrap().floor_mul_u64(3), Some(-2));
    }

    /// Rayleigh's theorem on a long range: every n in 1..=N is in exactly one of the two sequences.
    fn rayleigh(r: QuadraticIrrational, n: usize) {
        let s = r.complement().unwrap();
        let mut hits = vec![0u8; n + 1];
        for seq in [r, s] {
            for k in 1.. {
                let v = seq.floor_mul_u64(k).unwrap() as usize;
                if v > n {
                    break;
                }
                hits[v] += 1;
            }
        }
        assert!(hits[1..].iter().all(|&h| h == 1), "{r} and {s}");
    }

    #[test]
    fn rayleigh_partitions_the_integers() {
        rayleigh(PHI, 200_000);
        rayleigh(SQRT_2, 200_000);
        rayleigh(QuadraticIrrational::new(0, 1, 3, 1).unwrap(), 50_000);
        rayleigh(QuadraticIrrational::new(1, 1, 7, 2).unwrap(), 50_000);
    }

    #[test]
    fn rayleigh_far_out() {
        // A window of 2 000 integers above 10^40: each is hit exactly once,
        // and index_of finds every term's k.
        let start = BigUint::from(10u32).pow(40);
        for r in [PHI, SQRT_2] {
            let s = r.complement().unwrap();
            let mut count = 0;
            for i in 0..2_000u32 {
                let n = &start + i;
                let a = r.index_of(&n).unwrap();
                let b = s.index_of(&n).unwrap();
                assert!(a.is_some() != b.is_some(), "{n}");
                let (seq, k) = if let Some(k) = a {
                    (r, k)
                } else {
                    (s, b.unwrap())
                };
                assert_eq!(seq.floor_mul_natural(&k), n);
                count += 1;
            }
            assert_eq!(count, 2_000);
        }
    }

    proptest! {
        #[test]
        fn big_path_agrees_with_word_path(k in 0u64..(1u64 << 60)) {
            for r in [PHI, PHI_SQUARED, SQRT_2, PHI.recip().unwrap()] {
                let fast = r.floor_mul_u64(k).unwrap();
                // The big path, forced by scaling: ⌊(k·2^64)·r⌋ >> 64 = ⌊k·r⌋ for r>0.
                let big = BigUint::from(k) << 64u32;
                let scaled = r.floor_mul(&big) >> 64u32;
                prop_assert_eq!(BigInt::from(fast), scaled);
            }
        }

        #[test]
        fn isqrt_brackets(n in any::<u128>()) {
            let r = isqrt_u128(n);
            prop_assert!(r * r <= n);
            prop_assert!((r + 1).checked_mul(r + 1).is_none_or(|sq| sq > n));
        }

        #[test]
        fn big_isqrt_brackets(digits in "[1-9][0-9]{30,120}") {
            let n: BigUint = digits.parse().unwrap();
            let r = isqrt(&n);
            prop_assert!(&r * &r <= n);
            prop_assert!((&r + 1u32) * (&r + 1u32) > n);
        }
    }
}
