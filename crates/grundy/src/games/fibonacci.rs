//! Fibonacci Nim: take at most twice what the opponent just took.
//!
//! # Rules
//! One heap of `n` tokens. The first move takes any number of tokens but not
//! all of them (quota `n − 1`). After that, a move takes between 1 and
//! twice what the previous move took. Whoever takes the last token wins.
//! A position is `N` (a starting heap of `N ≥ 2` tokens) or `N Q` (`N`
//! tokens left, at most `Q ≥ 1` may be taken).
//!
//! # Solution
//! Whinihan (1963): let `f` be the smallest term of the
//! Zeckendorf representation of `n`. The position is an N-position iff
//! `q ≥ f`. The winning move takes everything when `q ≥ n`, else `f`:
//! what is left has smallest term above `2f`, out of the opponent's reach.
//! From a start (`q = n − 1`) the first player loses iff `n` is a Fibonacci
//! number.
//!
//! Grundy values have no such formula here; for heaps up to
//! [`GRUNDY_LIMIT`] they come from a table filled by dynamic programming over
//! `(n, q)` (checked against search by `verify`), and are unknown above.
//!
//! # References
//! M. J. Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1 (1963);
//! HDU 2516.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{big_heap_bytes, parse_biguint, Game, Outcome, ParseError};
use crate::games::heaps::Take;
use crate::nimber::Nimber;
use crate::solution::Solution;
use crate::zeckendorf::{
    index_text, indices_text, smallest_term, smallest_term_after_taking, smallest_term_u64,
    sum_text, zeckendorf, zeckendorf_indices, LowTerms, MAX_TAKE,
};

/// Heaps of up to this many bits have their Zeckendorf terms written out
/// in [`Solution::details`] (about 1,200 digits).
pub const SUM_SHOWN_BITS: u64 = 4096;

/// Heaps up to this size get their Grundy value from the table.
pub const GRUNDY_LIMIT: usize = 2048;

/// A Fibonacci Nim position: tokens left and the most that may be taken.
#[derive(Clone)]
pub struct FibonacciNim {
    tokens: BigUint,
    quota: BigUint,
    /// What the positions this one's moves reach share about it.
    heap: Arc<Heap>,
    /// The position a move came from, and what it took: the smallest term
    /// and the text of this heap follow from that heap's without a walk or
    /// a conversion of their own.
    from: Option<(Arc<Heap>, u64)>,
}

/// A heap's work that each position its moves reach would repeat, done
/// once: a walk over its Zeckendorf representation and its decimal text
/// each cost time quadratic in its digits, and a heap of 9,000 digits
/// has up to 10^5 moves listed.
#[derive(Default)]
struct Heap {
    low: OnceLock<LowTerms>,
    text: OnceLock<String>,
}

/// The decimal text of `n − k`, from that of `n > k`: the digits change
/// only as far as the borrow runs.
fn decimal_minus(n: &str, k: u64) -> String {
    let mut digits = n.as_bytes().to_vec();
    let (mut take, mut borrow) = (k, 0u8);
    for d in digits.iter_mut().rev() {
        if take == 0 && borrow == 0 {
            break;
        }
        let sub = (take % 10) as u8 + borrow;
        take /= 10;
        let value = *d - b'0';
        (*d, borrow) = if value >= sub {
            (b'0' + value - sub, 0)
        } else {
            (b'0' + value + 10 - sub, 1)
        };
    }
    let first = digits
        .iter()
        .position(|&d| d != b'0')
        .unwrap_or(digits.len() - 1);
    String::from_utf8(digits.split_off(first)).expect("decimal digits")
}

/// Positions are equal by tokens and quota; what they share to answer
/// faster is no part of them.
impl PartialEq for FibonacciNim {
    fn eq(&self, other: &FibonacciNim) -> bool {
        (&self.tokens, &self.quota) == (&other.tokens, &other.quota)
    }
}

impl Eq for FibonacciNim {}

impl Hash for FibonacciNim {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (&self.tokens, &self.quota).hash(state);
    }
}

impl fmt::Debug for FibonacciNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FibonacciNim")
            .field("tokens", &self.tokens)
            .field("quota", &self.quota)
            .finish()
    }
}

impl FibonacciNim {
    /// `tokens` left, at most `quota` may be taken.
    ///
    /// # Errors
    /// A quota of 0 (no reachable position has one).
    pub fn new(tokens: BigUint, quota: BigUint) -> Result<FibonacciNim, ParseError> {
        if quota.is_zero() {
            return Err(ParseError::OutOfRange {
                token: "0".into(),
                what: "the quota".into(),
                range: "1 or more, as in `fibonacci 10 3` (a quota of 0 allows no move and no position of the game has it)".into(),
            });
        }
        Ok(FibonacciNim::of(tokens, quota))
    }

    fn of(tokens: BigUint, quota: BigUint) -> FibonacciNim {
        FibonacciNim {
            tokens,
            quota,
            heap: Arc::default(),
            from: None,
        }
    }

    /// The smallest term of the Zeckendorf representation of the heap,
    /// `None` for 0. After a move from a big heap it follows from that
    /// heap's [`LowTerms`], found once for all its moves; otherwise it
    /// takes a walk over the heap.
    fn smallest(&self) -> Option<BigUint> {
        if let Some(n) = self.tokens.to_u64() {
            return smallest_term_u64(n).map(BigUint::from);
        }
        if let Some((heap, k)) = &self.from {
            let low = heap
                .low
                .get_or_init(|| LowTerms::of(&zeckendorf_indices(&(&self.tokens + *k)).0));
            if let Some(f) = smallest_term_after_taking(*low, *k) {
                return Some(f.into());
            }
        }
        smallest_term(&self.tokens)
    }

    /// A starting heap of `n` tokens: the first move may take all but one.
    ///
    /// # Errors
    /// A heap of fewer than 2 tokens (the first move could take nothing).
    pub fn start(n: BigUint) -> Result<FibonacciNim, ParseError> {
        if n < BigUint::from(2u32) {
            return Err(ParseError::OutOfRange {
                token: n.to_string(),
                what: "a starting heap".into(),
                range: format!("2 tokens or more (the first move takes at least 1 and not all), or give the quota: `fibonacci {n} 1`"),
            });
        }
        let quota = &n - 1u32;
        Ok(FibonacciNim::of(n, quota))
    }

    #[cfg(test)]
    /// The most that may be taken now.
    pub fn quota(&self) -> &BigUint {
        &self.quota
    }

    /// The most that may be taken now, counting the heap's size.
    fn limit(&self) -> &BigUint {
        (&self.quota).min(&self.tokens)
    }

    fn small(&self) -> Option<(usize, usize)> {
        let n = self.tokens.to_usize().filter(|&n| n <= GRUNDY_LIMIT)?;
        let q = self.limit().to_usize()?;
        Some((n, q))
    }
}

impl fmt::Display for FibonacciNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((heap, k)) = &self.from {
            let text = heap.text.get_or_init(|| (&self.tokens + *k).to_string());
            return write!(f, "{} {}", decimal_minus(text, *k), self.quota);
        }
        write!(f, "{} {}", self.tokens, self.quota)
    }
}

impl Game for FibonacciNim {
    type Move = Take<BigUint>;

    /// One heap, with the quota of the next take.
    fn picture(&self) -> crate::board::Picture {
        crate::board::Picture::Heaps {
            sizes: vec![self.tokens.to_string()],
            names: vec!["heap".into()],
            quota: Some(self.quota.to_string()),
        }
    }

    /// The token the heap is taken down to.
    fn spot(&self, m: &Take<BigUint>) -> crate::board::Spot {
        match u64::try_from(&self.tokens - &m.0) {
            Ok(left) => crate::board::leaves(0, &[left]),
            Err(_) => crate::board::Spot::Aside,
        }
    }

    fn heap_bytes(&self) -> usize {
        big_heap_bytes(&self.tokens) + big_heap_bytes(&self.quota)
    }

    fn moves(&self) -> Vec<Take<BigUint>> {
        let limit = self
            .limit()
            .to_u64()
            .expect("moves are listed only for small positions");
        (1..=limit).map(|t| Take(BigUint::from(t))).collect()
    }

    fn play(&self, m: &Take<BigUint>) -> FibonacciNim {
        let mut next = FibonacciNim::of(&self.tokens - &m.0, &m.0 * 2u32);
        next.from =
            m.0.to_u64()
                .filter(|&k| k <= MAX_TAKE && next.tokens.to_u64().is_none())
                .map(|k| (Arc::clone(&self.heap), k));
        next
    }

    /// A quota above the heap allows the same moves as a quota of the heap.
    fn canonical(&self) -> FibonacciNim {
        FibonacciNim {
            quota: self.limit().max(&BigUint::one()).clone(),
            ..self.clone()
        }
    }

    fn move_count(&self) -> u128 {
        self.limit().to_u128().unwrap_or(u128::MAX)
    }

    fn legal(&self, m: &Take<BigUint>) -> bool {
        !m.0.is_zero() && &m.0 <= self.limit()
    }

    /// At most `(n + 1)²` positions (tokens and quota at most `n`), each
    /// with at most the current limit of moves.
    /// Too large when that work is far past the budget.
    fn too_large_to_search(&self, max_positions: usize) -> bool {
        let n1 = &self.tokens + 1u32;
        let work = &n1 * &n1 * (self.limit() + 1u32);
        // A search averaging more than 16 moves a position is refused early.
        work.to_u128().unwrap_or(u128::MAX) > (max_positions as u128).saturating_mul(16)
    }

    fn any_move(&self) -> Option<Take<BigUint>> {
        (!self.tokens.is_zero()).then(|| Take(BigUint::one()))
    }
}

impl Solution for FibonacciNim {
    fn outcome(&self) -> Outcome {
        match self.smallest() {
            Some(f) if self.quota >= f => Outcome::Next,
            _ => Outcome::Previous,
        }
    }

    fn winning_move(&self) -> Option<Take<BigUint>> {
        if self.tokens.is_zero() {
            return None;
        }
        if self.quota >= self.tokens {
            return Some(Take(self.tokens.clone()));
        }
        let f = self.smallest()?;
        (self.quota >= f).then_some(Take(f))
    }

    fn grundy(&self) -> Option<Nimber> {
        let (n, q) = self.small()?;
        Some(Nimber(u64::from(grundy_table()[n][q])))
    }

    fn moves_to_value(&self, target: Nimber) -> Option<Vec<Take<BigUint>>> {
        let (n, q) = self.small()?;
        let table = grundy_table();
        let moves = (1..=q)
            .filter(|&t| {
                let left = n - t;
                u64::from(table[left][(2 * t).min(left)]) == target.0
            })
            .map(|t| Take(BigUint::from(t)))
            .collect();
        Some(moves)
    }

    /// Past [`SUM_SHOWN_BITS`] the terms are not written out: their digits
    /// together can grow with the square of the heap's (see
    /// `zeckendorf_indices`); the indices and the smallest term are.
    fn details(&self) -> Vec<(String, String)> {
        if self.tokens.bits() > SUM_SHOWN_BITS {
            let (indices, smallest) = zeckendorf_indices(&self.tokens);
            let sum = format!(
                "{} terms (too long to write out; their indices follow)",
                indices.len()
            );
            let smallest = smallest.map_or("none".into(), |s| s.to_string());
            return vec![
                ("zeckendorf".into(), sum),
                ("fibonacci indices".into(), indices_text(&indices)),
                ("smallest term".into(), smallest),
            ];
        }
        let terms = zeckendorf(&self.tokens);
        let smallest = terms.last().map_or("none".into(), |t| t.value.to_string());
        vec![
            ("zeckendorf".into(), sum_text(&terms)),
            ("fibonacci indices".into(), index_text(&terms)),
            ("smallest term".into(), smallest),
        ]
    }
}

/// `table[n][q]`: the Grundy value of `n` tokens with quota `q ≤ n`, for
/// `n ≤ GRUNDY_LIMIT` (filled once, on first use).
fn grundy_table() -> &'static [Vec<u16>] {
    static TABLE: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    TABLE.get_or_init(|| fibonacci_grundy_table(GRUNDY_LIMIT))
}

/// The Grundy values of Fibonacci Nim: `table[n][q]` for `0 ≤ q ≤ n ≤ max`
/// (a quota above `n` has the value at `q = n`; `table[n][0]` is 0).
///
/// Raising the quota from `q − 1` to `q` adds one option, taking `q`, so
/// each row's mex is found incrementally.
///
/// # Complexity
/// `O(max²)` time and memory.
pub fn fibonacci_grundy_table(max: usize) -> Vec<Vec<u16>> {
    let mut table: Vec<Vec<u16>> = Vec::with_capacity(max + 1);
    for n in 0..=max {
        let mut mex = crate::nimber::Mex::default();
        mex.start(n);
        let mut row = vec![0u16; n + 1];
        for q in 1..=n {
            let left = n - q;
            // At most q options, so every value is at most q ≤ n.
            let least = mex.insert(u64::from(table[left][(2 * q).min(left)]));
            row[q] = u16::try_from(least).expect("values stay below the heap size");
        }
        table.push(row);
    }
    table
}

/// The rules of Fibonacci Nim.
#[derive(Debug)]
pub struct FibonacciRules;

impl Rules for FibonacciRules {
    type Position = FibonacciNim;

    fn name(&self) -> String {
        "fibonacci".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<FibonacciNim, ParseError> {
        match words {
            [] => Err(ParseError::Empty {
                hint: "write the heap, as in `fibonacci 10`, or the tokens and quota, as in `fibonacci 10 3`".into(),
            }),
            [n] => FibonacciNim::start(parse_biguint(n, "the number of tokens")?),
            [n, q] => FibonacciNim::new(
                parse_biguint(n, "the number of tokens")?,
                parse_biguint(q, "the quota, the most that may be taken")?,
            ),
            _ => Err(ParseError::WordCount {
                expected: "fibonacci takes one or two numbers (tokens, then quota)".into(),
                given: words.len(),
                example: "`fibonacci 10 3`".into(),
            }),
        }
    }

    /// Every `n ≤ size` tokens with every quota from 1 to `max(n, 1)`.
    fn small_positions(&self, size: u64) -> Vec<FibonacciNim> {
        let mut all = Vec::new();
        for n in 0..=size {
            for q in 1..=n.max(1) {
                all.push(FibonacciNim::of(n.into(), q.into()));
            }
        }
        all
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(FibonacciRules))
}

/// The catalog entry.
// Starting heaps of 0 and 1, and a quota of 0, are not positions, so
// sequences and tables from 0 do not apply.
pub const ENTRY: Entry = Entry::new(
    "fibonacci",
    "Fibonacci Nim: take up to twice the last take; P iff quota < smallest Zeckendorf term",
    "N [Q] (N tokens, any size; quota Q ≥ 1, default N-1 for a starting heap)",
    "fibonacci 10000",
    VerifyPlan {
        size: 60,
        max_size: 200,
        meaning: "0 to N tokens with every quota from 1 to the heap",
        instances: &["fibonacci"],
    },
    build,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Limits;

    fn pos(n: u64, q: u64) -> FibonacciNim {
        FibonacciNim::new(n.into(), q.into()).unwrap()
    }

    #[test]
    fn starts_lose_exactly_on_fibonacci_numbers() {
        // Source: HDU 2516 sample: 2 and 13 lose, 10000 wins.
        for (n, outcome) in [
            (2u32, Outcome::Previous),
            (13, Outcome::Previous),
            (10_000, Outcome::Next),
        ] {
            assert_eq!(FibonacciNim::start(n.into()).unwrap().outcome(), outcome);
        }
        let p = FibonacciNim::start(10_000u32.into()).unwrap();
        assert_eq!(p.winning_move(), Some(Take(2u32.into())));
    }

    #[test]
    fn details_show_the_representation() {
        let p = FibonacciNim::start(10_000u32.into()).unwrap();
        let d = p.details();
        assert_eq!(d[0].1, "6765 + 2584 + 610 + 34 + 5 + 2");
        assert_eq!(d[1].1, "F(20) + F(18) + F(15) + F(9) + F(5) + F(3)");
        assert_eq!(d[2].1, "2");
    }

    #[test]
    fn bad_positions_are_refused() {
        let r = FibonacciRules;
        assert!(r.parse_position(&["10", "0"]).is_err());
        assert!(r.parse_position(&["1"]).is_err());
        assert!(r.parse_position(&["0"]).is_err());
        assert!(matches!(
            r.parse_position(&["ten"]),
            Err(ParseError::NotANumber { .. })
        ));
        assert!(matches!(
            r.parse_position(&["-5"]),
            Err(ParseError::Negative { .. })
        ));
        assert!(r.parse_position(&["1", "2", "3"]).is_err());
        assert!("take 0".parse::<Take<BigUint>>().is_err());
        assert!("grab 2".parse::<Take<BigUint>>().is_err());
        assert_eq!(r.parse_position(&["0", "4"]).unwrap().to_string(), "0 4");
    }

    #[test]
    fn the_moves_of_a_huge_heap_share_one_walk() {
        // Defect (found by fuzzing): listing the moves of a heap of 9,000
        // digits walked the Zeckendorf representation of every child, each
        // walk quadratic in the digits: over 10 s for 100 moves. Bounded
        // here by the walks made, not by time.
        let n: BigUint = format!("7{}", "31".repeat(600)).parse().unwrap();
        let heap = FibonacciNim::new(n.clone(), 300u32.into()).unwrap();
        let before = crate::zeckendorf::WALKS.with(std::cell::Cell::get);
        let outcomes: Vec<Outcome> = heap
            .moves()
            .iter()
            .map(|m| heap.play(m).outcome())
            .collect();
        let walks = crate::zeckendorf::WALKS.with(std::cell::Cell::get) - before;
        // Two for the heap's own indices, one at most for the take that
        // leaves exactly its high terms.
        assert!(walks <= 3, "{walks} walks for 300 moves");
        // The same outcomes and texts as positions that share nothing.
        for k in [1u32, 2, 77, 150, 299, 300] {
            let alone = FibonacciNim::new(&n - k, (2 * k).into()).unwrap();
            assert_eq!(alone.outcome(), outcomes[k as usize - 1], "take {k}");
            let played = heap.play(&Take(k.into()));
            assert_eq!(played.to_string(), format!("{} {}", &n - k, 2 * k));
        }
    }

    proptest::proptest! {
        #[test]
        fn the_text_after_a_take_is_the_heaps_less_the_take(
            digits in "[1-9][0-9]{0,40}",
            k in 1u64..=u64::MAX,
        ) {
            let n: BigUint = digits.parse::<BigUint>().unwrap() * 1_000_000_000_000_000_000u64 + k;
            proptest::prop_assert_eq!(decimal_minus(&n.to_string(), k), (&n - k).to_string());
        }
    }

    #[test]
    fn huge_heaps_never_list_moves() {
        let n: BigUint = "1".repeat(120).parse().unwrap();
        let p = FibonacciNim::start(n.clone()).unwrap();
        assert_eq!(p.move_count(), u128::MAX);
        assert!(p.legal(&Take(&n - 1u32)) && !p.legal(&Take(n.clone())));
        assert_eq!(p.grundy(), None);
        assert_eq!(p.any_move(), Some(Take(BigUint::one())));
    }

    #[test]
    fn table_matches_its_definition_on_a_corner() {
        // G(n, q) = mex over t ≤ min(q, n) of G(n − t, min(2t, n − t)), written out.
        let t = fibonacci_grundy_table(60);
        for n in 0..=60usize {
            for q in 1..=n {
                let options: Vec<u16> = (1..=q).map(|k| t[n - k][(2 * k).min(n - k)]).collect();
                let mex = (0u16..).find(|v| !options.contains(v)).unwrap();
                assert_eq!(t[n][q], mex, "({n}, {q})");
            }
        }
    }

    #[test]
    fn closed_form_matches_search() {
        let report =
            crate::solution::check(FibonacciRules.small_positions(45), Limits::default()).unwrap();
        assert_eq!(report.grundy_checked, report.positions);
        assert_eq!(pos(8, 8).outcome(), Outcome::Next);
        assert_eq!(pos(8, 7).outcome(), Outcome::Previous);
    }
}
