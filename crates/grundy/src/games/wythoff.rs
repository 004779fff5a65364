//! Wythoff's game: take from one heap, or the same amount from both.
//!
//! # Rules
//! Two heaps. A move takes any positive number of tokens from one heap, or
//! the same positive number from both. Whoever takes the last token wins.
//!
//! # Solution
//! Wythoff (1907): with `a ≤ b` and `k = b − a`, the
//! position is a P-position iff `a = ⌊k·φ⌋` (then `b = ⌊k·φ²⌋`). The lower
//! and upper Wythoff sequences `⌊k·φ⌋`, `⌊k·φ²⌋` are complementary Beatty
//! sequences (Rayleigh), so every `x ≥ 1` lies in exactly one P-position
//! `{x, partner(x)}`, and every difference `k` in exactly one.
//! `⌊k·φ⌋ = ⌊(k + √(5k²))/2⌋` is computed with an integer square root
//! (the `beatty` module), for heaps of any size.
//!
//! Winning moves, every one of them (Wythoff's construction, completed):
//! * from both heaps: if `min(a, b) > ⌊k·φ⌋`, take `min(a, b) − ⌊k·φ⌋`
//!   (the only P-position with difference `k`);
//! * from heap 2: if `partner(a) < b`, reduce heap 2 to `partner(a)`;
//! * from heap 1: if `partner(b) < a`, reduce heap 1 to `partner(b)`.
//!
//!   A move keeps one heap or the difference, and each of those lies in
//!   exactly one P-position, so there are no others.
//!
//! Sprague–Grundy values have no known formula. [`wythoff_table`] computes
//! them by a bitset mex over row, column and diagonal; positions with both
//! heaps up to [`GRUNDY_LIMIT`] get their value from it.
//!
//! # References
//! W. A. Wythoff, *A modification of the game of Nim*, Nieuw Archief voor
//! Wiskunde 7 (1907); Berlekamp, Conway, Guy, *Winning Ways*, ch. 3;
//! OEIS A000201, A001950, A004481.

pub mod table;

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::beatty::{PHI, PHI_SQUARED};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{big_heap_bytes, parse_biguint, Game, Outcome, ParseError};
use crate::nimber::Nimber;
use crate::solution::Solution;

pub use crate::games::wythoff::table::wythoff_table;

/// Heaps up to this size get their Grundy value from [`wythoff_table`].
pub const GRUNDY_LIMIT: usize = 2048;

/// Two heaps of Wythoff's game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    a: BigUint,
    b: BigUint,
}

/// Which heaps a move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Heap 1 only.
    First,
    /// Heap 2 only.
    Second,
    /// The same amount from both.
    Both,
}

/// A move: `count` tokens from `from`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WythoffMove {
    /// The heaps it takes from.
    pub from: Side,
    /// How many tokens (from each heap, for `Both`).
    pub count: BigUint,
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps = match self.from {
            Side::First => "heap 1",
            Side::Second => "heap 2",
            Side::Both => "both",
        };
        write!(f, "{heaps}: take {}", self.count)
    }
}

/// Parses `heap 1: take 3`, `heap 2: take 3` or `both: take 3`.
impl FromStr for WythoffMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<WythoffMove, ParseError> {
        let bad = || ParseError::NotAMove {
            text: s.to_string(),
            example: "`heap 1: take 3`, `heap 2: take 3` or `both: take 3`",
        };
        let (heaps, take) = s.split_once(':').ok_or_else(bad)?;
        let from = match heaps.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["heap", "1"] => Side::First,
            ["heap", "2"] => Side::Second,
            ["both"] | ["both", "heaps"] => Side::Both,
            _ => return Err(bad()),
        };
        let count = take.trim().strip_prefix("take").ok_or_else(bad)?;
        let count = parse_biguint(count.trim(), "the number of tokens taken")?;
        if count.is_zero() {
            return Err(ParseError::OutOfRange {
                token: count.to_string(),
                what: "the number of tokens taken".into(),
                range: "1 or more (a move takes at least 1 token)".into(),
            });
        }
        Ok(WythoffMove { from, count })
    }
}

/// `⌊k·φ⌋`, exactly.
pub fn lower(k: &BigUint) -> BigUint {
    PHI.floor_mul_natural(k)
}

/// The other heap of the one P-position that has a heap of `x` (0 for 0):
/// `x + j` if `x = ⌊j·φ⌋`, else `x − j` where `x = ⌊j·φ²⌋`.
pub fn partner(x: &BigUint) -> BigUint {
    if x.is_zero() {
        return BigUint::zero();
    }
    if let Some(j) = PHI.index_of(x).expect("φ > 1") {
        return x + j;
    }
    let j = PHI_SQUARED
        .index_of(x)
        .expect("φ² > 1")
        .expect("Rayleigh: x is in the lower or the upper Wythoff sequence");
    x - j
}

/// Whether `(a, b)` is a P-position: with `a ≤ b`, `a = ⌊(b − a)·φ⌋`.
pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if let Some(k) = (hi - lo).to_u64() {
        if let Some(l) = PHI.floor_mul_u64(k) {
            return lo.to_u128().is_some_and(|lo| i128::try_from(lo) == Ok(l));
        }
    }
    *lo == lower(&(hi - lo))
}

impl Wythoff {
    /// Heaps of `a` and `b`.
    pub fn new(a: impl Into<BigUint>, b: impl Into<BigUint>) -> Wythoff {
        Wythoff {
            a: a.into(),
            b: b.into(),
        }
    }

    fn small(&self) -> Option<(usize, usize)> {
        let fit = |x: &BigUint| x.to_usize().filter(|&x| x <= GRUNDY_LIMIT);
        Some((fit(&self.a)?, fit(&self.b)?))
    }

    fn take(from: Side, count: BigUint) -> WythoffMove {
        WythoffMove { from, count }
    }
}

impl fmt::Display for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.a, self.b)
    }
}

impl Game for Wythoff {
    type Move = WythoffMove;

    /// The queen at column `a`, row `b`.
    fn picture(&self) -> crate::board::Picture {
        crate::board::Picture::Queen {
            x: self.a.to_string(),
            y: self.b.to_string(),
        }
    }

    /// The square the queen moves to.
    fn spot(&self, m: &WythoffMove) -> crate::board::Spot {
        let to = self.play(m);
        match (usize::try_from(&to.b), usize::try_from(&to.a)) {
            (Ok(row), Ok(col)) => crate::board::Spot::Cell { row, col },
            _ => crate::board::Spot::Aside,
        }
    }

    fn heap_bytes(&self) -> usize {
        big_heap_bytes(&self.a) + big_heap_bytes(&self.b)
    }

    fn moves(&self) -> Vec<WythoffMove> {
        let small = |x: &BigUint| {
            x.to_u64()
                .expect("moves are listed only for small positions")
        };
        let (a, b) = (small(&self.a), small(&self.b));
        let each = |from: Side, n: u64| (1..=n).map(move |t| Self::take(from, t.into()));
        each(Side::First, a)
            .chain(each(Side::Second, b))
            .chain(each(Side::Both, a.min(b)))
            .collect()
    }

    fn play(&self, m: &WythoffMove) -> Wythoff {
        let (mut a, mut b) = (self.a.clone(), self.b.clone());
        if m.from != Side::Second {
            a -= &m.count;
        }
        if m.from != Side::First {
            b -= &m.count;
        }
        Wythoff { a, b }
    }

    /// The heaps in order: `(a, b)` and `(b, a)` are the same game.
    fn canonical(&self) -> Wythoff {
        let (a, b) = if self.a <= self.b {
            (&self.a, &self.b)
        } else {
            (&self.b, &self.a)
        };
        Wythoff::new(a.clone(), b.clone())
    }

    fn move_count(&self) -> u128 {
        let count = &self.a + &self.b + (&self.a).min(&self.b);
        count.to_u128().unwrap_or(u128::MAX)
    }

    fn legal(&self, m: &WythoffMove) -> bool {
        let limit = match m.from {
            Side::First => &self.a,
            Side::Second => &self.b,
            Side::Both => (&self.a).min(&self.b),
        };
        !m.count.is_zero() && &m.count <= limit
    }

    /// Too large when, with at most `(a + 1)(b + 1)` positions, each with at most `a + b + min(a, b)` moves, the work is far past the budget.
    fn too_large_to_search(&self, max_positions: usize) -> bool {
        let positions = (&self.a + 1u32) * (&self.b + 1u32);
        let work = positions * (&self.a + &self.b + (&self.a).min(&self.b));
        // A search averaging more than 16 moves a position is refused early.
        work.to_u128().unwrap_or(u128::MAX) > (max_positions as u128).saturating_mul(16)
    }

    fn any_move(&self) -> Option<WythoffMove> {
        let from = if !self.a.is_zero() {
            Side::First
        } else if !self.b.is_zero() {
            Side::Second
        } else {
            return None;
        };
        Some(Self::take(from, BigUint::one()))
    }
}

impl Solution for Wythoff {
    fn outcome(&self) -> Outcome {
        if is_p_position(&self.a, &self.b) {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    fn winning_move(&self) -> Option<WythoffMove> {
        self.winning_moves().into_iter().next()
    }

    fn winning_moves(&self) -> Vec<WythoffMove> {
        if self.outcome() == Outcome::Previous {
            return Vec::new();
        }
        let (a, b) = (&self.a, &self.b);
        let mut moves = Vec::new();
        let lo = a.min(b);
        let target = lower(&(a.max(b) - lo));
        if *lo > target {
            moves.push(Self::take(Side::Both, lo - &target));
        }
        let pb = partner(a);
        if pb < *b {
            moves.push(Self::take(Side::Second, b - pb));
        }
        let pa = partner(b);
        if pa < *a {
            moves.push(Self::take(Side::First, a - pa));
        }
        moves
    }

    fn grundy(&self) -> Option<Nimber> {
        let (a, b) = self.small()?;
        Some(Nimber(u64::from(values_covering(a, b)[a][b])))
    }

    fn moves_to_value(&self, target: Nimber) -> Option<Vec<WythoffMove>> {
        let (a, b) = self.small()?;
        let t = values_covering(a, b);
        let hit = |v: u32| u64::from(v) == target.0;
        let mut moves = Vec::new();
        moves.extend(
            (0..a)
                .filter(|&i| hit(t[i][b]))
                .map(|i| (Side::First, a - i)),
        );
        moves.extend(
            (0..b)
                .filter(|&j| hit(t[a][j]))
                .map(|j| (Side::Second, b - j)),
        );
        moves.extend(
            (1..=a.min(b))
                .filter(|&d| hit(t[a - d][b - d]))
                .map(|d| (Side::Both, d)),
        );
        Some(
            moves
                .into_iter()
                .map(|(f, n)| Self::take(f, n.into()))
                .collect(),
        )
    }

    fn details(&self) -> Vec<(String, String)> {
        let (lo, hi) = if self.a <= self.b {
            (&self.a, &self.b)
        } else {
            (&self.b, &self.a)
        };
        let k = hi - lo;
        let l = lower(&k);
        vec![
            ("difference".into(), k.to_string()),
            ("p-position".into(), format!("{} {}", l, &l + &k)),
        ]
    }
}

/// A square table of values with both heaps up to at least `a` and `b`.
///
/// One table is kept for the whole process and grown by doubling, so that
/// valuing many positions (a `table`, a sum, a game of `play`) costs about
/// as much as the largest of them, not one table each.
fn values_covering(a: usize, b: usize) -> Arc<Vec<Vec<u32>>> {
    static CACHE: Mutex<Option<Arc<Vec<Vec<u32>>>>> = Mutex::new(None);
    let need = a.max(b) + 1;
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(t) = cache.as_ref().filter(|t| t.len() >= need) {
        return Arc::clone(t);
    }
    let size = need
        .next_power_of_two()
        .clamp(64, GRUNDY_LIMIT + 1)
        .max(need);
    let t = Arc::new(wythoff_table(size, size));
    *cache = Some(Arc::clone(&t));
    t
}

/// The rules of Wythoff's game.
#[derive(Debug)]
pub struct WythoffRules;

impl Rules for WythoffRules {
    type Position = Wythoff;

    fn name(&self) -> String {
        "wythoff".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Wythoff, ParseError> {
        match words {
            [] => Err(ParseError::Empty {
                hint: "write the two heaps, as in `wythoff 3 5`".into(),
            }),
            [a, b] => Ok(Wythoff::new(
                parse_biguint(a, "heap 1")?,
                parse_biguint(b, "heap 2")?,
            )),
            _ => Err(ParseError::WordCount {
                expected: "wythoff has exactly two heaps".into(),
                given: words.len(),
                example: "`wythoff 3 5`".into(),
            }),
        }
    }

    /// Every pair of heaps from 0 to `size`.
    fn small_positions(&self, size: u64) -> Vec<Wythoff> {
        (0..=size)
            .flat_map(|a| (0..=size).map(move |b| Wythoff::new(a, b)))
            .collect()
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(WythoffRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "wythoff",
    "Wythoff's game: take from one heap or the same from both; P iff a = ⌊(b−a)φ⌋",
    "A B (two heaps, any size)",
    "wythoff 3 5",
    VerifyPlan {
        size: 24,
        max_size: 100,
        meaning: "both heaps from 0 to N",
        instances: &["wythoff"],
    },
    build,
)
.with_table("{i} {j}");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Limits;

    #[test]
    fn first_p_positions() {
        // Source: OEIS A000201 / A001950: (1,2), (3,5), (4,7), (6,10), (8,13).
        for (a, b) in [(0u32, 0u32), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)] {
            assert_eq!(Wythoff::new(a, b).outcome(), Outcome::Previous);
            assert_eq!(Wythoff::new(b, a).outcome(), Outcome::Previous);
        }
        assert_eq!(Wythoff::new(8u32, 4u32).outcome(), Outcome::Next);
    }

    #[test]
    fn every_winning_move_is_listed() {
        // From (5, 5): both to (0, 0); heap 2 to 5's partner 3; heap 1 to 3.
        let p = Wythoff::new(5u32, 5u32);
        let w: Vec<String> = p.winning_moves().iter().map(ToString::to_string).collect();
        assert_eq!(w, ["both: take 5", "heap 2: take 2", "heap 1: take 2"]);
        for m in p.moves() {
            let winning = p.play(&m).outcome() == Outcome::Previous;
            assert_eq!(winning, p.winning_moves().contains(&m), "{m}");
        }
    }

    #[test]
    fn moves_parse_back_and_bad_input_is_refused() {
        for m in Wythoff::new(2u32, 3u32).moves() {
            assert_eq!(m.to_string().parse::<WythoffMove>().unwrap(), m);
        }
        assert!("heap 3: take 1".parse::<WythoffMove>().is_err());
        assert!("both: take 0".parse::<WythoffMove>().is_err());
        let r = WythoffRules;
        assert!(r.parse_position(&["3"]).is_err());
        assert!(matches!(
            r.parse_position(&["3", "x"]),
            Err(ParseError::NotANumber { .. })
        ));
        assert!(matches!(
            r.parse_position(&["-3", "1"]),
            Err(ParseError::Negative { .. })
        ));
    }

    #[test]
    fn f64_gets_fibonacci_differences_wrong() {
        // For k = F(44) = 701408733, k·φ lies
        // about 6·10^-10 below F(45) = 1134903170, closer than f64's spacing.
        let k = 701_408_733u64;
        let float = (k as f64 * (1.0 + 5f64.sqrt()) / 2.0).floor() as u64;
        let exact = lower(&k.into());
        assert_eq!(exact, BigUint::from(1_134_903_169u64)); // F(45) − 1
        assert_ne!(BigUint::from(float), exact, "f64 happens to be right here");
        // So (F(45) − 1, F(46) − 1) is a P-position that f64 misses.
        let p = Wythoff::new(1_134_903_169u64, 1_836_311_902u64);
        assert_eq!(p.outcome(), Outcome::Previous);
        let float_says_p = (1_836_311_902u64 - 1_134_903_169) as f64 * (1.0 + 5f64.sqrt()) / 2.0;
        assert_ne!(float_says_p.floor() as u64, 1_134_903_169);
    }

    #[test]
    fn huge_heaps_never_list_moves() {
        let k: BigUint = "9".repeat(110).parse().unwrap();
        let a = lower(&k);
        let p = Wythoff::new(a.clone(), &a + &k);
        assert_eq!(p.outcome(), Outcome::Previous);
        assert_eq!(p.move_count(), u128::MAX);
        assert_eq!(p.grundy(), None);
        let q = Wythoff::new(&a + 1u32, &a + &k);
        let w = q.winning_moves();
        assert!(!w.is_empty());
        assert!(w
            .iter()
            .all(|m| q.legal(m) && q.play(m).outcome() == Outcome::Previous));
    }

    #[test]
    fn closed_form_matches_search() {
        let report =
            crate::solution::check(WythoffRules.small_positions(20), Limits::default()).unwrap();
        assert_eq!(report.grundy_checked, report.positions);
    }
}
