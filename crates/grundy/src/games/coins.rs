//! Coin-turning games: one row of coins, or a grid, and a rule for which
//! coins one move may turn.
//!
//! # Rules
//! Coins lie in a row, numbered from 0 at the left (as in HDU 3537), some
//! heads up. A move turns over a set of coins that the game's rule allows;
//! the rightmost coin turned (the chosen coin) must go from heads to tails,
//! the others may go either way. Whoever cannot move loses. `coins:RULE`
//! names the rule (see [`values`]): `turning-turtles` (1 or 2 coins),
//! `twins` (exactly 2), `mock-turtles` (1 to 3), `ruler` (a run of
//! consecutive coins ending at the chosen one), `moebius` (1 to 5),
//! `up-to-K` and `run-up-to-K`. Grid games are in [`grid`]:
//! `turning-corners`, `product:RULE,RULE` and `block` (Luogu P2594).
//!
//! # Solution
//! The coin-turning theorem (Lenstra; *Winning Ways*, ch. 14): a position is
//! equivalent to the stones game in which each head is one stone, so its Grundy
//! value is the XOR over the heads of the single-coin values `g(n)`
//! ([`values::RowValues`]: a formula where one is known, else the stones-game
//! recursion). A winning move chooses a head `n` with `g(n) ⊕ G < g(n)` and
//! turns, with it, coins whose values XOR to `g(n) ⊕ G`.
//!
//! # References
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 14 ("Turn and turn
//! about"); H. W. Lenstra, *Nim multiplication* (1978); HDU 3537.

mod cells;
pub mod grid;
pub mod values;

use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, Outcome, ParseError};
use crate::nimber::Nimber;
use crate::solution::Solution;
use values::{NamedRule, RowRule, RowValues, FORMULA_COINS};

/// A move: the coins turned, the chosen (rightmost) one first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn(pub Vec<u64>);

impl fmt::Display for Turn {
    /// `turn 6 4 1`; runs of three or more coins as `9..5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("turn")?;
        let mut i = 0;
        while i < self.0.len() {
            let mut j = i;
            while j + 1 < self.0.len() && self.0[j + 1] + 1 == self.0[j] {
                j += 1;
            }
            if j >= i + 2 {
                write!(f, " {}..{}", self.0[i], self.0[j])?;
                i = j + 1;
            } else {
                write!(f, " {}", self.0[i])?;
                i += 1;
            }
        }
        Ok(())
    }
}

fn coin(word: &str) -> Result<u64, ParseError> {
    let c = parse_u64(word, "a coin number (from 0 at the left)")?;
    if c >= FORMULA_COINS {
        return Err(ParseError::TooLarge {
            token: word.to_string(),
            what: "a coin number".into(),
            max: (FORMULA_COINS - 1).to_string(),
        });
    }
    Ok(c)
}

/// Parses `turn 6 4 1` or `turn 9..5 2`, in any order.
impl FromStr for Turn {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Turn, ParseError> {
        let mut words = s.split_whitespace();
        if words.next() != Some("turn") {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "the coins turned, as in `turn 6 4 1`",
            });
        }
        let mut coins = BTreeSet::new();
        for w in words {
            let (a, b) = match w.split_once("..") {
                Some((a, b)) => (coin(a)?, coin(b)?),
                None => (coin(w)?, coin(w)?),
            };
            for c in a.min(b)..=a.max(b) {
                if !coins.insert(c) {
                    return Err(ParseError::Repeated {
                        what: format!("coin {c} of `{s}`"),
                        fix: "a move turns each coin once".into(),
                    });
                }
            }
        }
        if coins.is_empty() {
            return Err(ParseError::Inconsistent {
                what: format!("`{}` turns no coin", s.trim()),
                fix: "a move turns at least one coin: `turn 6 4 1`".into(),
            });
        }
        Ok(Turn(coins.into_iter().rev().collect()))
    }
}

/// A row of coins: the heads, under a rule.
#[derive(Clone, Debug)]
pub struct Coins {
    values: Arc<RowValues>,
    heads: Vec<u64>,
}

impl PartialEq for Coins {
    fn eq(&self, other: &Coins) -> bool {
        self.heads == other.heads && self.values.rule() == other.values.rule()
    }
}

impl Eq for Coins {}

impl Hash for Coins {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.heads.hash(state);
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.heads.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl Coins {
    /// The heads `heads` (any order, no repeats) under the rule `values` was built for.
    pub fn new(values: Arc<RowValues>, mut heads: Vec<u64>) -> Coins {
        heads.sort_unstable();
        heads.dedup();
        Coins { values, heads }
    }

    /// The heads-up coins, left to right.
    pub fn heads(&self) -> &[u64] {
        &self.heads
    }
}

/// The sets of other coins (descending) that a move choosing `n` may turn.
pub(crate) fn companions(rule: RowRule, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    match rule {
        RowRule::Count { min, max } => {
            for j in min - 1..=max - 1 {
                subsets(n, j, &mut Vec::new(), &mut out);
            }
        }
        RowRule::Run { max } => {
            let longest = max.unwrap_or(u64::MAX).min(n + 1);
            for len in 1..=longest {
                out.push((n + 1 - len..n).rev().collect());
            }
        }
    }
    out
}

/// Whether a move choosing `n` may turn `others` (descending, all below `n`) with it.
pub(crate) fn allowed(rule: RowRule, n: u64, others: &[u64]) -> bool {
    let len = others.len() as u64 + 1;
    let mut prev = n;
    for &c in others {
        if c >= prev {
            return false;
        }
        prev = c;
    }
    match rule {
        RowRule::Count { min, max } => (min..=max).contains(&len),
        RowRule::Run { max } => {
            others
                .iter()
                .enumerate()
                .all(|(i, &c)| c + i as u64 + 1 == n)
                && len <= max.unwrap_or(u64::MAX)
        }
    }
}

/// How many sets a move choosing `n` may turn.
pub(crate) fn companion_count(rule: RowRule, n: u64) -> u128 {
    match rule {
        RowRule::Count { min, max } => (min - 1..=max - 1)
            .map(|j| binomial(n, j))
            .fold(0u128, u128::saturating_add),
        RowRule::Run { max } => u128::from(max.unwrap_or(u64::MAX).min(n + 1)),
    }
}

/// Every descending `j`-subset of `0..below`, appended to `out`.
fn subsets(below: u64, j: u64, chosen: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    if j == 0 {
        out.push(chosen.clone());
        return;
    }
    for c in (j - 1..below).rev() {
        chosen.push(c);
        subsets(c, j - 1, chosen, out);
        chosen.pop();
    }
}

fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| {
        acc.saturating_mul(u128::from(n - i)) / u128::from(i + 1)
    })
}

impl Game for Coins {
    type Move = Turn;

    /// The row of coins up to the last one heads up.
    fn picture(&self) -> crate::board::Picture {
        let len = self.heads.iter().max().map_or(0, |&h| h + 1);
        match len <= crate::board::MAX_CELLS {
            true => crate::board::grid(1, len as usize, |_, c| {
                if self.heads.contains(&(c as u64)) {
                    'o'
                } else {
                    '.'
                }
            }),
            false => crate::board::text(self),
        }
    }

    /// The coin turned tails up (the first named); the other coins the
    /// move turns tell moves on the same coin apart.
    fn spot(&self, m: &Turn) -> crate::board::Spot {
        match m.0.first().map(|&c| usize::try_from(c)) {
            Some(Ok(col)) => crate::board::Spot::Cell { row: 0, col },
            _ => crate::board::Spot::Aside,
        }
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.heads)
    }

    fn moves(&self) -> Vec<Turn> {
        let mut moves = Vec::new();
        for &n in &self.heads {
            for others in companions(self.values.rule(), n) {
                moves.push(Turn(std::iter::once(n).chain(others).collect()));
            }
        }
        moves
    }

    fn play(&self, m: &Turn) -> Coins {
        let mut heads: BTreeSet<u64> = self.heads.iter().copied().collect();
        for c in &m.0 {
            if !heads.remove(c) {
                heads.insert(*c);
            }
        }
        Coins {
            values: Arc::clone(&self.values),
            heads: heads.into_iter().collect(),
        }
    }

    fn move_count(&self) -> u128 {
        self.heads
            .iter()
            .map(|&n| companion_count(self.values.rule(), n))
            .fold(0, u128::saturating_add)
    }

    fn legal(&self, m: &Turn) -> bool {
        match m.0.split_first() {
            Some((&n, others)) => {
                self.heads.binary_search(&n).is_ok() && allowed(self.values.rule(), n, others)
            }
            None => false,
        }
    }

    fn any_move(&self) -> Option<Turn> {
        self.heads.iter().find_map(|&n| {
            let others = match self.values.rule() {
                RowRule::Count { min, .. } if n + 1 >= min => (0..min - 1).rev().collect(),
                RowRule::Count { .. } => return None,
                RowRule::Run { .. } => Vec::new(),
            };
            Some(Turn(std::iter::once(n).chain(others).collect()))
        })
    }
}

impl Coins {
    fn value(&self) -> u64 {
        self.heads.iter().fold(0, |x, &n| x ^ self.values.value(n))
    }
}

impl Solution for Coins {
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(Nimber(self.value()))
    }

    fn grundy(&self) -> Option<Nimber> {
        Some(Nimber(self.value()))
    }

    fn winning_move(&self) -> Option<Turn> {
        let total = self.value();
        if total == 0 {
            return None;
        }
        let n = *self
            .heads
            .iter()
            .find(|&&n| self.values.value(n) ^ total < self.values.value(n))?;
        let others = self.values.realize(n, self.values.value(n) ^ total)?;
        Some(Turn(std::iter::once(n).chain(others).collect()))
    }

    fn details(&self) -> Vec<(String, String)> {
        let parts: Vec<String> = self
            .heads
            .iter()
            .map(|&n| format!("g({n}) = {}", self.values.value(n)))
            .collect();
        vec![("single-coin values".into(), parts.join(", "))]
    }
}

/// A one-row coin-turning game with its rule.
#[derive(Debug)]
pub struct RowRules {
    name: NamedRule,
    values: Arc<RowValues>,
}

impl RowRules {
    /// The game under `name`'s rule.
    pub fn new(name: NamedRule) -> RowRules {
        RowRules {
            name,
            values: Arc::new(RowValues::new(name.rule)),
        }
    }

    #[cfg(test)]
    /// The single-coin values.
    pub fn values(&self) -> &Arc<RowValues> {
        &self.values
    }
}

/// Parses the heads `1 4 6`, refusing repeats and coins past the limit.
fn parse_heads(words: &[&str], limit: u64) -> Result<Vec<u64>, ParseError> {
    let mut heads = BTreeSet::new();
    for w in words {
        let c = parse_u64(w, "a heads-up coin (numbered from 0 at the left)")?;
        if c >= limit {
            return Err(ParseError::TooLarge {
                token: w.to_string(),
                what: "a coin number for this rule".into(),
                max: (limit - 1).to_string(),
            });
        }
        if !heads.insert(c) {
            return Err(ParseError::Repeated {
                what: format!("coin {c}"),
                fix: "list each heads-up coin once".into(),
            });
        }
    }
    Ok(heads.into_iter().collect())
}

impl Rules for RowRules {
    type Position = Coins;

    fn name(&self) -> String {
        format!("coins:{}", self.name)
    }

    fn parse_position(&self, words: &[&str]) -> Result<Coins, ParseError> {
        let heads = parse_heads(words, self.values.coin_limit())?;
        Ok(Coins::new(Arc::clone(&self.values), heads))
    }

    /// The heads as a set of coins, for the subset array in misère play.
    fn subsets(&self, position: &Coins) -> Option<crate::analysis::erased::Subsets> {
        cells::subsets(position)
    }

    /// Every set of heads among coins `0..size`.
    fn small_positions(&self, size: u64) -> Vec<Coins> {
        let size = size.min(20);
        (0..1u64 << size)
            .map(|mask| {
                let heads = (0..size).filter(|i| mask >> i & 1 == 1).collect();
                Coins::new(Arc::clone(&self.values), heads)
            })
            .collect()
    }
}

fn build(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let param = spec.needs_param(
        "a rule",
        format!(
            "`coins:mock-turtles 1 4 6`; rules: {}, turning-corners, product:RULE,RULE, block",
            values::RULE_NAMES
        ),
    )?;
    match grid::GridRules::parse(param)? {
        Some(grid) => Ok(with_formula(grid)),
        None => Ok(with_formula(RowRules::new(NamedRule::parse(param)?))),
    }
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "coins",
    "coin-turning games: value = XOR of single-coin values (grids: nim products)",
    "COIN... (heads-up coins, from 0 at the left); grids: ROW,COL ...",
    "coins:mock-turtles 1 4 6",
    VerifyPlan {
        size: 9,
        max_size: 12,
        meaning: "every set of heads among the first N coins \
                  (grids: every set in the top-left min(N,3) × min(N,4) cells)",
        instances: &[
            "coins:turning-turtles",
            "coins:twins",
            "coins:mock-turtles",
            "coins:ruler",
            "coins:moebius",
            "coins:up-to-4",
            "coins:run-up-to-3",
            "coins:turning-corners",
            "coins:product:ruler,mock-turtles",
            "coins:block",
        ],
    },
    build,
)
.with_parameter(
    "RULE: turning-turtles, twins, mock-turtles, ruler, moebius, up-to-K, run-up-to-K; \
     grids: turning-corners, product:RULE,RULE, block",
)
.with_sequence("{n}")
.with_table("{i},{j}");

#[cfg(test)]
mod tests;
