//! Subtraction games `subtraction:S` and the Bash game `bash:K`.
//!
//! # Rules
//! Heaps of tokens and a set `S` of positive numbers. A move takes `s`
//! tokens from one heap, for some `s` in `S` with `s` at most the heap.
//! `bash:K` is `S = {1, …, K}`.
//!
//! # Solution
//! The Grundy value `G(n)` of a heap is the mex of `G(n − s)`; a position's
//! value is the XOR of its heaps' values.
//!
//! * Bash: `G(n) = n mod (K + 1)`.
//! * Finite `S` with largest element `t`: `G(n)` depends only on the `t`
//!   values before it, and those windows take finitely many values, so the
//!   sequence is eventually periodic. The rule computes values until the
//!   proof watch of [`crate::solve::period`] sees a window of `t` values
//!   recur (the Guy–Smith argument with one heap left), which gives the
//!   least preperiod and period. Heaps of any size are then valued by table
//!   lookup.
//!
//! # References
//! Berlekamp, Conway, Guy, *Winning Ways*, ch. 4 (subtraction games; the
//! Bash game is `S = 1..k`); HDU 1846 Brave Game (the Bash game).

use std::sync::Arc;

use crate::analysis::erased::{with_formula, AnyGame};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, MoveIter, ParseError};
use crate::games::heaps::{HeapRule, HeapRules, HeapSolution, Heaps, Take};
use crate::nimber::{mex, Nimber};
pub use crate::solve::heap::subtraction_set::SubtractionSet;
use crate::solve::period::{PeriodWatch, Periodicity};

/// The most values computed while looking for the period.
pub const MAX_PERIOD_SEARCH: usize = 20_000_000;

/// A subtraction rule with its solved Grundy sequence.
#[derive(Clone, Debug)]
pub struct SubtractionRule {
    name: String,
    set: SubtractionSet,
    solved: Option<Solved>,
}

/// The proven period of a finite set and the values up to its end.
#[derive(Clone, Debug)]
struct Solved {
    period: Periodicity,
    /// The preperiod followed by one period.
    values: Vec<u32>,
}

impl Solved {
    fn at(&self, n: u64) -> u32 {
        let (pre, p) = (self.period.preperiod as u64, self.period.period as u64);
        let i = if n < pre { n } else { pre + (n - pre) % p };
        self.values[i as usize]
    }
}

impl PartialEq for SubtractionRule {
    fn eq(&self, other: &Self) -> bool {
        self.set == other.set
    }
}

/// A position of a subtraction game.
pub type Subtraction = Heaps<SubtractionRule>;

impl SubtractionRule {
    /// The Bash game: take 1 to `k` tokens.
    ///
    /// # Errors
    /// `k = 0`.
    pub fn bash(k: u64) -> Result<SubtractionRule, ParseError> {
        if k == 0 {
            return Err(ParseError::OutOfRange {
                token: k.to_string(),
                what: "K in `bash:K`".into(),
                range: "at least 1, as in `bash:3`".into(),
            });
        }
        if k == u64::MAX {
            return Err(ParseError::TooLarge {
                token: k.to_string(),
                what: "K".into(),
                max: (u64::MAX - 1).to_string(),
            });
        }
        Ok(SubtractionRule {
            name: format!("bash:{k}"),
            set: SubtractionSet::UpTo(k),
            solved: None,
        })
    }

    /// A finite subtraction set, given as numbers and ranges: `1,3,4` or `2..5,8`.
    ///
    /// # Errors
    /// As [`SubtractionSet::parse`]; a period not found within
    /// [`MAX_PERIOD_SEARCH`] values.
    pub fn parse(text: &str) -> Result<SubtractionRule, ParseError> {
        let set = SubtractionSet::parse(text)?;
        let name = format!(
            "subtraction:{}",
            set.elements()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let solved = match &set {
            // {1, …, K}: the Bash game, solved by n mod (K + 1).
            SubtractionSet::UpTo(_) => None,
            SubtractionSet::Finite(s) => Some(solve(s)?),
        };
        Ok(SubtractionRule { name, set, solved })
    }

    #[cfg(test)]
    /// The set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    #[cfg(test)]
    /// The proven period of the Grundy sequence (`None` for Bash, whose
    /// period is K + 1 from 0).
    pub fn period(&self) -> Option<&Periodicity> {
        self.solved.as_ref().map(|s| &s.period)
    }
}

/// Computes Grundy values (the mex over the set, `O(|S|)` a value) until
/// the proof watch (one heap left, at most `max(S)` taken) proves the period.
fn solve(set: &[u64]) -> Result<Solved, ParseError> {
    let t = *set.last().expect("set is not empty") as usize;
    let mut watch = PeriodWatch::with_shape(1, t);
    let mut values: Vec<u32> = Vec::new();
    while values.len() < MAX_PERIOD_SEARCH {
        let n = values.len() as u64;
        let options = set
            .iter()
            .take_while(|&&s| s <= n)
            .map(|&s| Nimber(u64::from(values[(n - s) as usize])));
        values.push(mex(options).0 as u32);
        if let Some(period) = watch.observe_slice(&values) {
            values.truncate(period.preperiod + period.period);
            return Ok(Solved { period, values });
        }
    }
    Err(ParseError::NoPeriod {
        game: "this subtraction game".into(),
        searched: MAX_PERIOD_SEARCH,
    })
}

impl HeapRule for SubtractionRule {
    fn certificate_game(&self) -> Option<String> {
        let set: Vec<String> = self.set.elements().map(|s| s.to_string()).collect();
        Some(format!("subtraction {}", set.join(",")))
    }

    type Move = Take;

    /// Every move takes at least one token (a set holds positive numbers).
    fn shrinks(&self) -> bool {
        true
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn heap_moves(&self, n: u64) -> Vec<Take> {
        match &self.set {
            SubtractionSet::UpTo(k) => (1..=n.min(*k)).map(Take).collect(),
            SubtractionSet::Finite(s) => s
                .iter()
                .take_while(|&&x| x <= n)
                .map(|&x| Take(x))
                .collect(),
        }
    }

    fn heap_move_iter(&self, n: u64) -> MoveIter<Take> {
        match &self.set {
            SubtractionSet::UpTo(k) => MoveIter::lazy((1..=n.min(*k)).map(Take)),
            SubtractionSet::Finite(s) => {
                // Copies only the part of the set that a heap of n can use.
                let usable = s[..s.partition_point(|&x| x <= n)].to_vec();
                MoveIter::lazy(usable.into_iter().map(Take))
            }
        }
    }

    fn after(&self, n: u64, m: &Take) -> Vec<u64> {
        vec![n - m.0]
    }

    fn heap_move_count(&self, n: u64) -> u128 {
        match &self.set {
            SubtractionSet::UpTo(k) => u128::from(n.min(*k)),
            SubtractionSet::Finite(s) => s.partition_point(|&x| x <= n) as u128,
        }
    }

    fn heap_legal(&self, n: u64, m: &Take) -> bool {
        m.0 <= n
            && match &self.set {
                SubtractionSet::UpTo(k) => (1..=*k).contains(&m.0),
                SubtractionSet::Finite(s) => s.binary_search(&m.0).is_ok(),
            }
    }

    fn any_heap_move(&self, n: u64) -> Option<Take> {
        match &self.set {
            SubtractionSet::UpTo(_) => (n > 0).then_some(Take(1)),
            SubtractionSet::Finite(s) => s.first().filter(|&&x| x <= n).map(|&x| Take(x)),
        }
    }
}

impl HeapSolution for SubtractionRule {
    fn heap_grundy(&self, n: u64) -> Nimber {
        match (&self.set, &self.solved) {
            (SubtractionSet::UpTo(k), _) => Nimber(n % (k + 1)),
            (_, Some(p)) => Nimber(u64::from(p.at(n))),
            (SubtractionSet::Finite(_), None) => unreachable!("finite sets are solved when built"),
        }
    }

    fn moves_to(&self, n: u64, target: Nimber) -> Vec<Take> {
        match &self.set {
            // Bash: the only move to value t takes (n - t) mod (K + 1), when that is a legal move.
            SubtractionSet::UpTo(k) => {
                let m = u128::from(*k) + 1;
                let take = (u128::from(n) % m + m - u128::from(target.0) % m) % m;
                if target.0 <= *k && take >= 1 && take <= u128::from(n) {
                    vec![Take(take as u64)]
                } else {
                    Vec::new()
                }
            }
            SubtractionSet::Finite(s) => s
                .iter()
                .take_while(|&&x| x <= n)
                .filter(|&&x| self.heap_grundy(n - x) == target)
                .map(|&x| Take(x))
                .collect(),
        }
    }

    fn rule_details(&self) -> Vec<(String, String)> {
        let (pre, values): (usize, Vec<u32>) = match (&self.set, &self.solved) {
            (SubtractionSet::UpTo(k), _) if *k <= 64 => (0, (0..=*k as u32).collect()),
            (SubtractionSet::UpTo(k), _) => {
                return vec![(
                    "period".into(),
                    format!("{} from 0 (n mod {})", k + 1, k + 1),
                )]
            }
            (_, Some(p)) => (p.period.preperiod, p.values.clone()),
            _ => return Vec::new(),
        };
        let show = |v: &[u32]| {
            v.iter()
                .take(200)
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let period = values.len() - pre;
        let text = if pre == 0 {
            format!("period {period} from 0: ({})", show(&values))
        } else {
            format!(
                "preperiod {pre}, period {period}: {} ({})",
                show(&values[..pre]),
                show(&values[pre..])
            )
        };
        vec![("grundy sequence".into(), text)]
    }
}

fn rules(rule: SubtractionRule, example: &'static str) -> Box<dyn AnyGame> {
    with_formula(HeapRules {
        rule: Arc::new(rule),
        example,
        max_heaps: 3,
    })
}

fn build(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let set = spec.needs_param("its set", "`subtraction:1,3,4 10 7` (take 1, 3 or 4)")?;
    Ok(rules(
        SubtractionRule::parse(set)?,
        "subtraction:1,3,4 10 7",
    ))
}

fn build_bash(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let k = spec.needs_param("K", "`bash:3 10` (take 1 to 3)")?;
    let k = parse_u64(k, "K, the most tokens one move takes")?;
    Ok(rules(SubtractionRule::bash(k)?, "bash:3 10"))
}

/// The catalog entry of finite subtraction games.
pub const ENTRY: Entry = Entry::new(
    "subtraction",
    "take s tokens from one heap, s in S; Grundy sequence periodic, found from the rules",
    "HEAP... (heap sizes)",
    "subtraction:1,3,4 10 7",
    VerifyPlan {
        size: 40,
        max_size: 120,
        meaning: "1 to 3 heaps of 0 to N tokens",
        instances: &[
            "subtraction:1,3,4",
            "subtraction:2,5,6",
            "subtraction:1,4,9,16",
            "subtraction:3..5",
        ],
    },
    build,
)
.with_parameter("S: the amounts a move may take, e.g. 1,3,4 or 2..5,9")
.with_sequence("{n}")
.with_table("{i} {j}");

/// The catalog entry of the Bash game.
pub const BASH: Entry = Entry::new(
    "bash",
    "the Bash game: take 1 to K tokens from one heap; G(n) = n mod (K+1)",
    "HEAP... (heap sizes)",
    "bash:3 10",
    VerifyPlan {
        size: 40,
        max_size: 120,
        meaning: "1 to 3 heaps of 0 to N tokens",
        instances: &["bash:1", "bash:3", "bash:5"],
    },
    build_bash,
)
.with_parameter("K: a move takes 1 to K tokens")
.with_sequence("{n}")
.with_table("{i} {j}");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_ways_subtraction_1_3_4() {
        // Winning Ways ch. 4: S = {1,3,4} has period 7: 0 1 0 1 2 3 2.
        let r = SubtractionRule::parse("1,3,4").unwrap();
        let p = r.period().unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(p.block, vec![0, 1, 0, 1, 2, 3, 2]);
        // By hand: 10^6 ≡ 1 (mod 7) (Fermat), so 10^12 + 7 ≡ 1 and
        // 10^12 + 11 ≡ 5: the values 1 and 3 of the period.
        assert_eq!(r.heap_grundy(1_000_000_000_007), Nimber(1));
        assert_eq!(r.heap_grundy(1_000_000_000_011), Nimber(3));
    }

    #[test]
    fn bash_by_formula() {
        let r = SubtractionRule::bash(3).unwrap();
        assert_eq!(r.heap_grundy(10), Nimber(2));
        assert_eq!(r.moves_to(10, Nimber(0)), vec![Take(2)]);
        assert_eq!(
            SubtractionRule::parse("1..3").unwrap().set(),
            &SubtractionSet::UpTo(3)
        );
    }

    #[test]
    fn bad_sets_are_refused() {
        assert!(SubtractionRule::parse("0").is_err());
        assert!(SubtractionRule::parse("").is_err());
        assert!(SubtractionRule::parse("5..2").is_err());
        assert!(SubtractionRule::parse("1,,2").is_err());
        assert!(SubtractionRule::bash(0).is_err());
    }
}
