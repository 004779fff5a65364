//! Rules of one-row coin-turning games and their single-coin values.
//!
//! A row rule says which sets of coins a move may turn; the chosen coin is the
//! rightmost one turned and must go from heads to tails. By the coin-turning
//! theorem (Lenstra; *Winning Ways*, ch. 14) a row's value is the XOR of the
//! values of its heads, and the value `g(n)` of a single head at coin `n` is
//! the Grundy value of one stone at `n` in the equivalent stones game:
//! `g(n) = mex { ⊕_{t ∈ T∖{n}} g(t) : T a set the rule lets coin n turn }`.
//!
//! [`RowValues`] computes `g` by that recursion for every rule (the stones
//! game search), and by formula where one is known:
//!
//! | rule | sets turned | g(n), coins from 0 |
//! | --- | --- | --- |
//! | `up-to-1` | `{n}` | 1 |
//! | `turning-turtles` = `up-to-2` | 1 or 2 coins | n + 1 |
//! | `twins` | exactly 2 coins | n |
//! | `mock-turtles` = `up-to-3` | 1 to 3 coins | the n-th odious number: 2n + [popcount(n) even] |
//! | `ruler` | a run `m..=n` | the largest power of 2 dividing n + 1 |
//! | `moebius` = `up-to-5`, `up-to-K`, `run-up-to-K` | | by the recursion, for coins below [`TABLE_COINS`] and values below [`VALUE_CAP`] |

use std::fmt;

use crate::game::{parse_u64, ParseError};
use crate::nimber::{mex, Nimber};

/// Coins beyond this are refused for rules with no formula (the recursion
/// costs O(coins · K · values)).
pub const TABLE_COINS: u64 = 256;

/// The recursion for `Count` rules also stops before a value reaches this
/// (values of `up-to-K` grow like 2^n while n < K), so tables stay small.
pub const VALUE_CAP: u64 = 1 << 16;

/// Coins beyond this are refused for rules with a formula: a move of Ruler
/// may turn every coin to the left, and a position stores its heads.
pub const FORMULA_COINS: u64 = 1 << 20;

/// Which sets of coins one move may turn (the chosen coin included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RowRule {
    /// Between `min` and `max` coins, anywhere at or left of the chosen one.
    Count {
        /// The fewest coins turned (1 or more).
        min: u64,
        /// The most coins turned.
        max: u64,
    },
    /// A run of consecutive coins ending at the chosen one, of at most
    /// `max` coins (`None`: any length, the Ruler game).
    Run {
        /// The longest run.
        max: Option<u64>,
    },
}

/// A row rule with the name it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedRule {
    /// The rule.
    pub rule: RowRule,
    /// The name as typed (`mock-turtles`, `up-to-4`, …).
    name: &'static str,
    k: u64,
}

impl fmt::Display for NamedRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name {
            "up-to" | "run-up-to" => write!(f, "{}-{}", self.name, self.k),
            name => f.write_str(name),
        }
    }
}

/// The rule names `coins:RULE` accepts, for error messages.
pub const RULE_NAMES: &str =
    "turning-turtles, twins, mock-turtles, ruler, moebius, up-to-K, run-up-to-K";

impl NamedRule {
    /// Parses a rule name: `mock-turtles`, `up-to-4`, `run-up-to-3`, ….
    ///
    /// # Errors
    /// [`ParseError`] naming the word and listing the rules.
    pub fn parse(word: &str) -> Result<NamedRule, ParseError> {
        let named = |name, rule| Ok(NamedRule { rule, name, k: 0 });
        match word {
            "turning-turtles" => named("turning-turtles", RowRule::Count { min: 1, max: 2 }),
            "twins" => named("twins", RowRule::Count { min: 2, max: 2 }),
            "mock-turtles" => named("mock-turtles", RowRule::Count { min: 1, max: 3 }),
            "moebius" => named("moebius", RowRule::Count { min: 1, max: 5 }),
            "ruler" => named("ruler", RowRule::Run { max: None }),
            _ => {
                let (name, k) = if let Some(k) = word.strip_prefix("run-up-to-") {
                    ("run-up-to", k)
                } else if let Some(k) = word.strip_prefix("up-to-") {
                    ("up-to", k)
                } else {
                    return Err(ParseError::Malformed {
                        token: word.to_string(),
                        expected: "a coin-turning rule".into(),
                        example: format!("one of {RULE_NAMES}"),
                    });
                };
                let k = parse_u64(k, "K, the most coins one move turns")?;
                if !(1..=64).contains(&k) {
                    return Err(ParseError::OutOfRange {
                        token: k.to_string(),
                        what: format!("K in `{word}`"),
                        range: "from 1 to 64".into(),
                    });
                }
                let rule = if name == "up-to" {
                    RowRule::Count { min: 1, max: k }
                } else {
                    RowRule::Run { max: Some(k) }
                };
                Ok(NamedRule { rule, name, k })
            }
        }
    }
}

/// A closed form for single-coin values, where one is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Formula {
    One,
    Succ,
    Identity,
    Odious,
    Ruler,
}

fn formula(rule: RowRule) -> Option<Formula> {
    match rule {
        RowRule::Count { min: 1, max: 1 } | RowRule::Run { max: Some(1) } => Some(Formula::One),
        RowRule::Count { min: 1, max: 2 } => Some(Formula::Succ),
        RowRule::Count { min: 2, max: 2 } => Some(Formula::Identity),
        RowRule::Count { min: 1, max: 3 } => Some(Formula::Odious),
        RowRule::Run { max: None } => Some(Formula::Ruler),
        _ => None,
    }
}

/// The n-th odious number (coins from 0): the value of a Mock Turtles head.
pub fn odious(n: u64) -> u64 {
    2 * n + u64::from(n.count_ones().is_multiple_of(2))
}

/// The largest power of 2 dividing `n + 1`: the value of a Ruler head.
pub fn ruler(n: u64) -> u64 {
    let m = n + 1;
    m & m.wrapping_neg()
}

fn gray(k: u64) -> u64 {
    k ^ (k >> 1)
}

fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// Single-coin values of a row rule, with a way back from a value to a move.
#[derive(Clone, Debug)]
pub struct RowValues {
    rule: RowRule,
    formula: Option<Formula>,
    /// g(0), g(1), … for rules without a formula.
    table: Vec<u64>,
    /// For `Count` rules: `first[j][v]` = the least i such that some j
    /// distinct coins among 0..i have values XOR-ing to v.
    first: Vec<Vec<Option<u32>>>,
}

impl RowValues {
    /// The values of `rule`: its formula, or the recursion up to [`TABLE_COINS`].
    ///
    /// # Complexity
    /// With no formula: O(TABLE_COINS · K · V) for `Count` rules, V the
    /// largest value rounded up to a power of 2; O(TABLE_COINS · K) for runs.
    pub fn new(rule: RowRule) -> RowValues {
        let formula = formula(rule);
        let mut v = RowValues {
            rule,
            formula,
            table: Vec::new(),
            first: Vec::new(),
        };
        if formula.is_none() {
            match rule {
                RowRule::Count { min, max } => v.tabulate_count(min, max, TABLE_COINS),
                RowRule::Run { max } => v.tabulate_run(max.unwrap_or(u64::MAX), TABLE_COINS),
            }
        }
        v
    }

    #[cfg(test)]
    /// The values by the stones-game recursion alone, ignoring any formula,
    /// for `coins` coins: the reference the formulas are tested against.
    pub fn by_recursion(rule: RowRule, coins: u64) -> Vec<u64> {
        let mut v = RowValues {
            rule,
            formula: None,
            table: Vec::new(),
            first: Vec::new(),
        };
        match rule {
            RowRule::Count { min, max } => v.tabulate_count(min, max, coins),
            RowRule::Run { max } => v.tabulate_run(max.unwrap_or(u64::MAX), coins),
        }
        v.table
    }

    /// The rule.
    pub fn rule(&self) -> RowRule {
        self.rule
    }

    #[cfg(test)]
    /// Whether single-coin values come from a closed form.
    pub fn has_formula(&self) -> bool {
        self.formula.is_some()
    }

    /// The largest coin a position may hold, plus one.
    pub fn coin_limit(&self) -> u64 {
        if self.formula.is_some() {
            FORMULA_COINS
        } else {
            self.table.len() as u64
        }
    }

    /// The value of a single head at coin `n` (below [`coin_limit`](Self::coin_limit)).
    pub fn value(&self, n: u64) -> u64 {
        match self.formula {
            Some(Formula::One) => 1,
            Some(Formula::Succ) => n + 1,
            Some(Formula::Identity) => n,
            Some(Formula::Odious) => odious(n),
            Some(Formula::Ruler) => ruler(n),
            None => self.table[n as usize],
        }
    }

    fn tabulate_count(&mut self, min: u64, max: u64, coins: u64) {
        let (lo, hi) = ((min - 1) as usize, (max - 1) as usize);
        let mut size = 1usize;
        self.first = vec![vec![None; size]; hi + 1];
        self.first[0][0] = Some(0);
        for n in 0..coins as usize {
            if size as u64 > VALUE_CAP {
                // The last value pushed may exceed the cap: drop it.
                self.table.pop();
                break;
            }
            let options = (0..size).filter(|&x| (lo..=hi).any(|j| self.first[j][x].is_some()));
            let g = mex(options.map(|x| Nimber(x as u64))).0;
            self.table.push(g);
            while g as usize >= size {
                size *= 2;
                self.first.iter_mut().for_each(|f| f.resize(size, None));
            }
            // Coin n joins: sets of j coins with n are sets of j-1 coins before n, plus n.
            for j in (1..=hi).rev() {
                for x in 0..size {
                    if self.first[j - 1][x].is_some() && self.first[j][x ^ g as usize].is_none() {
                        self.first[j][x ^ g as usize] = Some(n as u32 + 1);
                    }
                }
            }
        }
    }

    fn tabulate_run(&mut self, max: u64, coins: u64) {
        for n in 0..coins as usize {
            let longest = max.min(n as u64 + 1) as usize;
            let mut acc = 0;
            let mut options = vec![Nimber(0)];
            for m in (n + 1 - longest..n).rev() {
                acc ^= self.table[m];
                options.push(Nimber(acc));
            }
            self.table.push(mex(options).0);
        }
    }

    /// Coins left of `n` that a move choosing `n` turns so that its option
    /// has value `v` (the other coins' values XOR to `v`), if there are such.
    /// Every `v < value(n)` has some (that is what mex means).
    pub fn realize(&self, n: u64, v: u64) -> Option<Vec<u64>> {
        match (self.formula, self.rule) {
            (Some(f), _) => realize_formula(f, n, v),
            (None, RowRule::Count { min, max }) => self.realize_count(n, v, min - 1, max - 1),
            (None, RowRule::Run { max }) => {
                let mut acc = 0;
                let longest = max.unwrap_or(u64::MAX).min(n + 1);
                for m in (n + 1 - longest..=n).rev() {
                    if m < n {
                        acc ^= self.table[m as usize];
                    }
                    if acc == v {
                        return Some((m..n).rev().collect());
                    }
                }
                None
            }
        }
    }

    fn realize_count(&self, n: u64, v: u64, lo: u64, hi: u64) -> Option<Vec<u64>> {
        let j = (lo..=hi).find(|&j| self.reachable(j as usize, v, n))?;
        let (mut j, mut v, mut below) = (j as usize, v, n);
        let mut coins = Vec::new();
        while j > 0 {
            // The coin whose arrival first made v reachable with j coins.
            let i = self.first[j][v as usize].expect("reachable") as u64;
            debug_assert!(i <= below);
            let coin = i - 1;
            coins.push(coin);
            v ^= self.table[coin as usize];
            j -= 1;
            below = coin;
        }
        Some(coins)
    }

    fn reachable(&self, j: usize, v: u64, below: u64) -> bool {
        self.first
            .get(j)
            .and_then(|f| f.get(v as usize))
            .copied()
            .flatten()
            .is_some_and(|i| u64::from(i) <= below)
    }
}

/// Realizes option value `v < g(n)` for the rules with a formula.
fn realize_formula(f: Formula, n: u64, v: u64) -> Option<Vec<u64>> {
    match f {
        Formula::One => (v == 0).then(Vec::new),
        Formula::Succ => match v {
            0 => Some(Vec::new()),
            _ => (v <= n).then(|| vec![v - 1]),
        },
        Formula::Identity => (v < n).then(|| vec![v]),
        Formula::Odious => realize_odious(n, v),
        Formula::Ruler => {
            // Prefix XORs of ruler values are Gray codes: g(0) ⊕ … ⊕ g(k−1) = gray(k).
            let m = gray_inverse(gray(n) ^ v);
            (m <= n).then(|| (m..n).rev().collect())
        }
    }
}

/// Mock Turtles: an odious v is one coin; an evil v is coin 0 (value 1)
/// and the coin of value v ⊕ 1, or, when that coin is n itself, two coins
/// whose indices XOR to n.
fn realize_odious(n: u64, v: u64) -> Option<Vec<u64>> {
    if v == 0 {
        return Some(Vec::new());
    }
    if v.count_ones() % 2 == 1 {
        return (v / 2 < n).then(|| vec![v / 2]);
    }
    let b = v / 2;
    if b < n {
        return Some(vec![b, 0]);
    }
    // v = 2n with n evil: 2n = g(a) ⊕ g(b) for any a ⊕ b = n, a ≠ b.
    if v == 2 * n && n.count_ones() >= 2 {
        let top = 1u64 << (63 - n.leading_zeros());
        let a = n ^ top;
        return Some(vec![a.max(top), a.min(top)]);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_match_the_recursion() {
        for name in [
            "up-to-1",
            "turning-turtles",
            "twins",
            "mock-turtles",
            "ruler",
            "run-up-to-1",
        ] {
            let rule = NamedRule::parse(name).unwrap().rule;
            let values = RowValues::new(rule);
            assert!(values.has_formula(), "{name}");
            let slow = RowValues::by_recursion(rule, 300);
            for (n, &g) in slow.iter().enumerate() {
                assert_eq!(values.value(n as u64), g, "{name} coin {n}");
            }
        }
    }

    #[test]
    fn every_smaller_value_is_realized() {
        for name in [
            "turning-turtles",
            "twins",
            "mock-turtles",
            "ruler",
            "moebius",
            "up-to-4",
            "run-up-to-3",
            "up-to-7",
        ] {
            let values = RowValues::new(NamedRule::parse(name).unwrap().rule);
            for n in 0..values.coin_limit().min(40) {
                for v in 0..values.value(n) {
                    let coins = values
                        .realize(n, v)
                        .unwrap_or_else(|| panic!("{name}: coin {n}, value {v}"));
                    let x = coins.iter().fold(0, |a, &c| a ^ values.value(c));
                    assert_eq!(x, v, "{name}: coin {n}, coins {coins:?}");
                    assert!(coins.iter().all(|&c| c < n));
                    assert!(coins.windows(2).all(|w| w[0] > w[1]), "{coins:?}");
                }
            }
        }
    }

    #[test]
    fn rule_names_round_trip_and_errors_are_clear() {
        for name in ["ruler", "moebius", "up-to-4", "run-up-to-7"] {
            assert_eq!(NamedRule::parse(name).unwrap().to_string(), name);
        }
        assert!(NamedRule::parse("up-to-0").is_err());
        let err = NamedRule::parse("mocks").unwrap_err().to_string();
        assert!(err.contains("mock-turtles"), "{err}");
    }
}
