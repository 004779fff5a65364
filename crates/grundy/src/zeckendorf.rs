//! Fibonacci numbers and Zeckendorf representations, for numbers of any size.
//!
//! Zeckendorf's theorem: every positive integer is, in exactly one way, a
//! sum of non-consecutive Fibonacci numbers `F(i)`, `i ≥ 2` (with `F(1) =
//! F(2) = 1`, so the terms are 1, 2, 3, 5, 8, …). The greedy algorithm finds
//! it: take the largest Fibonacci number not above `n`, and repeat on the
//! rest (the rest is below the next smaller Fibonacci number, so no two
//! consecutive terms are taken).
//!
//! Numbers below 2^64 use a table of the 92 Fibonacci numbers that fit in a
//! word; larger ones use big integers.
//!
//! # Complexity
//! `O(log n)` Fibonacci numbers, each an addition of `O(log n)` bits.
//!
//! # References
//! E. Zeckendorf, *Représentation des nombres naturels par une somme de
//! nombres de Fibonacci ou de nombres de Lucas*, Bull. Soc. Roy. Sci. Liège
//! 41 (1972); M. J. Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1 (1963).

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

/// How many Fibonacci numbers `F(2), F(3), …` fit in a `u64`.
pub const WORD_FIBONACCI: usize = 92;

/// `F(2) = 1, F(3) = 2, …, F(93)`: the Fibonacci numbers that fit in a `u64`.
pub const FIBONACCI_U64: [u64; WORD_FIBONACCI] = fibonacci_table();

const fn fibonacci_table() -> [u64; WORD_FIBONACCI] {
    let mut t = [0u64; WORD_FIBONACCI];
    t[0] = 1;
    t[1] = 2;
    let mut i = 2;
    while i < WORD_FIBONACCI {
        t[i] = t[i - 1] + t[i - 2];
        i += 1;
    }
    t
}

/// One term of a Zeckendorf representation: `F(index) = value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The index `i ≥ 2` of `F(i)`, with `F(1) = F(2) = 1`.
    pub index: u32,
    /// `F(index)`.
    pub value: BigUint,
}

/// The Zeckendorf representation of `n < 2^64`: its terms, largest first.
pub fn zeckendorf_u64(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in FIBONACCI_U64.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The smallest term of the Zeckendorf representation of `n < 2^64`, `None` for 0.
pub fn smallest_term_u64(n: u64) -> Option<u64> {
    zeckendorf_u64(n).last().copied()
}

/// The Fibonacci numbers `F(2), F(3), …` up to and including the largest
/// not above `n`: the tests' reference for [`greedy`].
#[cfg(test)]
fn fibonacci_up_to(n: &BigUint) -> Vec<BigUint> {
    let mut fibs = vec![BigUint::from(1u32), BigUint::from(2u32)];
    loop {
        let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
        if &next > n {
            break;
        }
        fibs.push(next);
    }
    fibs
}

/// What the smallest term of `n − k` depends on, for every `k` up to
/// [`MAX_TAKE`]: the sum of `n`'s terms up to `F(LOW)` and the index of its
/// next larger term. Found once from `n`'s indices, it gives each
/// [`smallest_term_after_taking`] in constant time, where a walk over `n`
/// costs time quadratic in its digits (Fibonacci Nim lists up to 10^5
/// moves of a heap of thousands of digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowTerms {
    low: u64,
    above: Option<u32>,
}

/// Terms up to `F(LOW)` are summed in a word: their sum is below `F(LOW + 1)
/// < 2^63`.
const LOW: u32 = 88;

/// The largest take [`smallest_term_after_taking`] answers: below `F(LOW − 1)`,
/// so that what is taken past the low terms is always within one of
/// `F(LOW − 1)`, `F(LOW)`.
pub const MAX_TAKE: u64 = 1 << 59;

impl LowTerms {
    /// From the indices of `n`'s Zeckendorf terms (any order).
    pub fn of(indices: &[u32]) -> LowTerms {
        let low = indices
            .iter()
            .filter(|&&i| i <= LOW)
            .map(|&i| FIBONACCI_U64[(i - 2) as usize])
            .sum();
        let above = indices.iter().copied().filter(|&i| i > LOW).min();
        LowTerms { low, above }
    }
}

/// The smallest Zeckendorf term of `n − k`, from `n`'s [`LowTerms`], when it
/// fits in a word: `None` when `k` is 0, above [`MAX_TAKE`], not below `n`,
/// or takes exactly `n`'s low terms (the answer is then a term of the high
/// part; walk `n − k` for it).
///
/// Why: write `n = H + L`, `L` the terms up to `F(88)`. If `k < L`, the
/// representation of `n − k` is `H`'s terms and `L − k`'s (all below
/// `F(89)`, so still not consecutive with `H`'s). If `k > L`, take `d = k −
/// L` from `H`'s smallest term `F(h)`, `h ≥ 89`: `F(h) = F(h−1) + F(h−3) + …
/// + F(g+1) + F(g)` for the `g ∈ {87, 88}` of `h`'s parity, and `F(g) > d`,
/// so `n − k` ends with `F(g+1)` and then `F(g) − d`'s terms, which are
/// below `F(g)`.
pub fn smallest_term_after_taking(n: LowTerms, k: u64) -> Option<u64> {
    if k == 0 || k > MAX_TAKE {
        return None;
    }
    if n.low > k {
        return smallest_term_u64(n.low - k);
    }
    if n.low == k {
        return None;
    }
    let h = n.above?;
    let g = if h % 2 == LOW % 2 { LOW } else { LOW - 1 };
    smallest_term_u64(FIBONACCI_U64[(g - 2) as usize] - (k - n.low))
}

/// The Zeckendorf representation of `n`: its terms, largest first.
///
/// The terms' digits together can grow with the square of `n`'s digits
/// (a sum of every other Fibonacci number); [`zeckendorf_indices`] gives
/// the same representation in memory linear in them.
pub fn zeckendorf(n: &BigUint) -> Vec<Term> {
    if let Some(small) = n.to_u64() {
        return zeckendorf_u64(small)
            .into_iter()
            .map(|f| Term {
                index: FIBONACCI_U64.partition_point(|&x| x < f) as u32 + 2,
                value: BigUint::from(f),
            })
            .collect();
    }
    let mut terms = Vec::new();
    greedy(n, |index, value| {
        terms.push(Term {
            index,
            value: value.clone(),
        });
    });
    terms
}

/// The greedy algorithm over two Fibonacci numbers at a time, climbing by
/// sums and stepping down by differences, so that memory stays linear in
/// the digits of `n` (a list of every `F(i) ≤ n` holds their square).
/// Calls `term` with each term's index and value, largest first.
fn greedy(n: &BigUint, mut term: impl FnMut(u32, &BigUint)) {
    #[cfg(test)]
    WALKS.with(|w| w.set(w.get() + 1));
    if n.is_zero() {
        return;
    }
    // (a, b) = (F(index), F(index − 1)).
    let (mut a, mut b, mut index) = (BigUint::from(1u32), BigUint::from(1u32), 2u32);
    while &a + &b <= *n {
        let next = &a + &b;
        b = std::mem::replace(&mut a, next);
        index += 1;
    }
    let mut rest = n.clone();
    loop {
        if a <= rest {
            rest -= &a;
            term(index, &a);
        }
        if index == 2 || rest.is_zero() {
            return;
        }
        let below = &a - &b;
        a = std::mem::replace(&mut b, below);
        index -= 1;
    }
}

#[cfg(test)]
thread_local! {
    /// The walks over big numbers this thread made: what the tests bound
    /// instead of time.
    pub(crate) static WALKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The indices of the Zeckendorf terms of `n`, largest first, and its
/// smallest term (`None` for 0), in memory linear in the digits of `n`.
pub fn zeckendorf_indices(n: &BigUint) -> (Vec<u32>, Option<BigUint>) {
    let (mut indices, mut smallest) = (Vec::new(), None);
    if n.to_u64().is_some() {
        for t in zeckendorf(n) {
            indices.push(t.index);
            smallest = Some(t.value);
        }
        return (indices, smallest);
    }
    let mut last = None;
    greedy(n, |index, _| {
        indices.push(index);
        last = Some(index);
    });
    // The smallest term once, by a second walk: cloning every term's value
    // would cost time quadratic in the digits.
    greedy(n, |index, value| {
        if Some(index) == last {
            smallest = Some(value.clone());
        }
    });
    (indices, smallest)
}

/// The smallest term of the Zeckendorf representation of `n`, `None` for 0.
pub fn smallest_term(n: &BigUint) -> Option<BigUint> {
    if let Some(small) = n.to_u64() {
        return smallest_term_u64(small).map(BigUint::from);
    }
    zeckendorf_indices(n).1
}

/// The representation as a sum: `6765 + 2584 + 610 + 34 + 5 + 2`, or `0`.
pub fn sum_text(terms: &[Term]) -> String {
    if terms.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = terms.iter().map(|t| t.value.to_string()).collect();
    parts.join(" + ")
}

/// The representation by indices: `F(20) + F(18) + F(15) + F(9) + F(5) + F(3)`.
pub fn index_text(terms: &[Term]) -> String {
    let indices: Vec<u32> = terms.iter().map(|t| t.index).collect();
    indices_text(&indices)
}

/// [`index_text`] of the indices alone (from [`zeckendorf_indices`]).
pub fn indices_text(indices: &[u32]) -> String {
    if indices.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = indices.iter().map(|i| format!("F({i})")).collect();
    parts.join(" + ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_zeckendorf_u64() {
        use crate::zeckendorf::zeckendorf_u64;
        assert_eq!(zeckendorf_u64(100), vec![89, 8, 3]);
        assert!(zeckendorf_u64(0).is_empty());
    }

    #[test]
    fn example_of_zeckendorf() {
        use crate::zeckendorf::zeckendorf;
        let terms = zeckendorf(&10_000u32.into());
        let values: Vec<String> = terms.iter().map(|t| t.value.to_string()).collect();
        assert_eq!(values, ["6765", "2584", "610", "34", "5", "2"]);
        assert_eq!(terms[0].index, 20);
    }

    #[test]
    fn example_of_zeckendorf_indices() {
        use crate::zeckendorf::zeckendorf_indices;
        let (indices, smallest) = zeckendorf_indices(&10_000u32.into());
        assert_eq!(indices, [20, 18, 15, 9, 5, 3]);
        assert_eq!(smallest, Some(2u32.into()));
    }

    use super::*;
    use crate::beatty::isqrt;
    use proptest::prelude::*;

    /// Gessel's test, independent of the greedy algorithm: n is a Fibonacci
    /// number iff 5n² + 4 or 5n² − 4 is a perfect square.
    fn gessel(n: &BigUint) -> bool {
        let five = BigUint::from(5u32) * n * n;
        let square = |m: &BigUint| &isqrt(m) * &isqrt(m) == *m;
        square(&(&five + 4u32)) || (five >= BigUint::from(4u32) && square(&(&five - 4u32)))
    }

    #[test]
    fn table_holds_the_fibonacci_numbers() {
        // Source: OEIS A000045 (F(2) .. F(12)); F(93) is the largest below 2^64.
        assert_eq!(
            FIBONACCI_U64[..11],
            [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]
        );
        assert_eq!(FIBONACCI_U64[91], 12_200_160_415_121_876_738);
        assert!(FIBONACCI_U64[91].checked_add(FIBONACCI_U64[90]).is_none());
    }

    #[test]
    fn every_small_number_has_its_unique_representation() {
        for n in 1..2_000u64 {
            let t = zeckendorf_u64(n);
            assert_eq!(t.iter().sum::<u64>(), n);
            // No two consecutive Fibonacci numbers: each term exceeds the next by more than a factor 1.5.
            for w in t.windows(2) {
                let i = FIBONACCI_U64.iter().position(|&f| f == w[0]).unwrap();
                let j = FIBONACCI_U64.iter().position(|&f| f == w[1]).unwrap();
                assert!(i >= j + 2, "{n}: {t:?}");
            }
            assert_eq!(t.len() == 1, gessel(&BigUint::from(n)), "{n}");
        }
    }

    #[test]
    fn indices_and_text() {
        let t = zeckendorf(&BigUint::from(100u32));
        assert_eq!(sum_text(&t), "89 + 8 + 3");
        assert_eq!(index_text(&t), "F(11) + F(6) + F(4)");
        assert_eq!(sum_text(&[]), "0");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn big_representations_sum_back(digits in "[1-9][0-9]{20,150}") {
            let n: BigUint = digits.parse().unwrap();
            let t = zeckendorf(&n);
            let total: BigUint = t.iter().map(|x| &x.value).sum();
            prop_assert_eq!(&total, &n);
            for w in t.windows(2) {
                prop_assert!(w[0].index >= w[1].index + 2);
            }
            // The largest and smallest terms are Fibonacci numbers by an independent test.
            prop_assert!(gessel(&t[0].value) && gessel(&t[t.len() - 1].value));
            prop_assert_eq!(smallest_term(&n), t.last().map(|x| x.value.clone()));
        }

        #[test]
        fn the_linear_walk_agrees_with_the_list_of_fibonacci_numbers(digits in "[1-9][0-9]{19,120}") {
            let n: BigUint = digits.parse().unwrap();
            let mut rest = n.clone();
            let mut slow = Vec::new();
            for (i, f) in fibonacci_up_to(&n).iter().enumerate().rev() {
                if *f <= rest {
                    rest -= f;
                    slow.push((i as u32 + 2, f.clone()));
                }
            }
            let fast: Vec<(u32, BigUint)> = zeckendorf(&n).into_iter().map(|t| (t.index, t.value)).collect();
            prop_assert_eq!(&fast, &slow);
            let (indices, smallest) = zeckendorf_indices(&n);
            prop_assert_eq!(indices, slow.iter().map(|s| s.0).collect::<Vec<_>>());
            prop_assert_eq!(smallest, slow.last().map(|s| s.1.clone()));
        }

        #[test]
        fn the_smallest_term_after_a_take_agrees_with_the_list(
            digits in "[1-9][0-9]{19,45}",
            small in 1u64..5000,
            word in 1u64..=MAX_TAKE,
            near in 0u64..4,
        ) {
            let n: BigUint = digits.parse().unwrap();
            let terms = LowTerms::of(&zeckendorf_indices(&n).0);
            // Takes around the low terms' sum too, where the borrow starts.
            for k in [small, word, terms.low.saturating_sub(near), terms.low + near] {
                let left = &n - k;
                let mut rest = left.clone();
                let mut slow = None;
                for f in fibonacci_up_to(&left).iter().rev() {
                    if *f <= rest {
                        rest -= f;
                        slow = Some(f.clone());
                    }
                }
                match smallest_term_after_taking(terms, k) {
                    Some(fast) => prop_assert_eq!(Some(BigUint::from(fast)), slow, "n {} k {}", n, k),
                    None => prop_assert!(k == 0 || k > MAX_TAKE || k == terms.low),
                }
            }
        }

        #[test]
        fn word_path_agrees_with_big_path(n in 1u64..) {
            let big = zeckendorf(&BigUint::from(n));
            let fibs = fibonacci_up_to(&BigUint::from(n));
            // Recompute through the big-integer greedy loop.
            let mut rest = BigUint::from(n);
            let mut slow = Vec::new();
            for f in fibs.iter().rev() {
                if *f <= rest {
                    rest -= f;
                    slow.push(f.clone());
                }
            }
            let fast: Vec<BigUint> = big.into_iter().map(|t| t.value).collect();
            prop_assert_eq!(fast, slow);
        }
    }
}
