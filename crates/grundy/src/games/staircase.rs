//! Staircase Nim: coins on steps move down the stairs.
//!
//! # Rules
//! Coins lie on steps 1, 2, …, n. A move takes one or more coins from a
//! step `i` and moves them down to step `i − 1`; from step 1 they leave the
//! staircase. Whoever cannot move loses.
//!
//! # Solution
//! The position is a P-position iff the XOR of the odd-numbered
//! steps is 0; coins moved from an even step to an odd one can be moved on
//! at once, so the odd steps are a game of Nim. The Grundy value is that XOR
//! (checked against search by `verify`).
//!
//! Winning moves: from an odd step `i` with `a_i XOR X < a_i`, move
//! `a_i − (a_i XOR X)` coins down; or from an even step `i` onto odd step
//! `i − 1` when `a_{i−1} XOR X > a_{i−1}` and step `i` holds the difference.
//!
//! # References
//! Berlekamp, Conway, Guy, *Winning Ways*; POJ 1704 (Georgia and Bob).

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, Outcome, ParseError};
use crate::nimber::Nimber;
use crate::solution::Solution;

/// Coins on the steps of a staircase, step 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Staircase {
    steps: Vec<u64>,
}

/// Moves `count` coins from `step` down one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StairMove {
    /// The step the coins leave, numbered from 1.
    pub step: usize,
    /// How many coins move.
    pub count: u64,
}

impl fmt::Display for StairMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} from step {}", self.count, self.step)
    }
}

/// Parses `move 2 from step 3`.
impl FromStr for StairMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<StairMove, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let ["move", count, "from", "step", step] = words.as_slice() else {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "`move 2 from step 3`",
            });
        };
        let count = parse_u64(count, "the number of coins moved")?;
        let step = parse_u64(step, "a step number")?;
        Ok(StairMove {
            step: usize::try_from(step).map_err(|_| ParseError::TooLarge {
                token: step.to_string(),
                what: "a step number".into(),
                max: usize::MAX.to_string(),
            })?,
            count,
        })
    }
}

impl Staircase {
    /// Coins on steps 1, 2, … in order.
    ///
    /// # Errors
    /// If the total number of coins does not fit in a `u64` (moves gather them).
    pub fn new(steps: Vec<u64>) -> Result<Staircase, ParseError> {
        if steps
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            .is_none()
        {
            return Err(ParseError::Inconsistent {
                what: "the staircase holds more than 2^64-1 coins in all".into(),
                fix: "moves gather coins onto lower steps, so the total must fit: give fewer coins"
                    .into(),
            });
        }
        Ok(Staircase { steps })
    }

    fn odd_xor(&self) -> u64 {
        self.steps.iter().step_by(2).fold(0, |a, &b| a ^ b)
    }
}

impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.steps.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl Game for Staircase {
    type Move = StairMove;

    fn picture(&self) -> crate::board::Picture {
        crate::board::heaps(self.steps.iter(), "step")
    }

    /// The token the step is taken down to.
    fn spot(&self, m: &StairMove) -> crate::board::Spot {
        let row = m.step - 1;
        crate::board::leaves(row, &[self.steps[row] - m.count])
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.steps)
    }

    fn moves(&self) -> Vec<StairMove> {
        let mut moves = Vec::new();
        for (i, &a) in self.steps.iter().enumerate() {
            moves.extend((1..=a).map(|count| StairMove { step: i + 1, count }));
        }
        moves
    }

    fn play(&self, m: &StairMove) -> Staircase {
        let mut steps = self.steps.clone();
        steps[m.step - 1] -= m.count;
        if m.step >= 2 {
            steps[m.step - 2] += m.count;
        }
        Staircase { steps }
    }

    fn canonical(&self) -> Staircase {
        let mut steps = self.steps.clone();
        while steps.last() == Some(&0) {
            steps.pop();
        }
        Staircase { steps }
    }

    fn move_count(&self) -> u128 {
        self.steps.iter().map(|&a| u128::from(a)).sum()
    }

    fn legal(&self, m: &StairMove) -> bool {
        m.step >= 1 && m.step <= self.steps.len() && (1..=self.steps[m.step - 1]).contains(&m.count)
    }

    fn any_move(&self) -> Option<StairMove> {
        let i = self.steps.iter().position(|&a| a > 0)?;
        Some(StairMove {
            step: i + 1,
            count: 1,
        })
    }
}

impl Solution for Staircase {
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(Nimber(self.odd_xor()))
    }

    fn grundy(&self) -> Option<Nimber> {
        Some(Nimber(self.odd_xor()))
    }

    fn winning_move(&self) -> Option<StairMove> {
        self.winning_moves().into_iter().next()
    }

    fn winning_moves(&self) -> Vec<StairMove> {
        self.moves_to_value(Nimber::ZERO).unwrap_or_default()
    }

    /// Moves that change the odd steps' XOR by `x = X XOR target`: lower an
    /// odd step `a` to `a XOR x`, or raise an odd step `b` to `b XOR x` with
    /// coins from the even step above it.
    fn moves_to_value(&self, target: Nimber) -> Option<Vec<StairMove>> {
        let x = self.odd_xor() ^ target.0;
        let mut moves = Vec::new();
        if x == 0 {
            return Some(moves);
        }
        for (i, &a) in self.steps.iter().enumerate() {
            let step = i + 1;
            if step % 2 == 1 && a ^ x < a {
                moves.push(StairMove {
                    step,
                    count: a - (a ^ x),
                });
            }
            if step % 2 == 0 {
                let below = self.steps[i - 1];
                if below ^ x > below && (below ^ x) - below <= a {
                    moves.push(StairMove {
                        step,
                        count: (below ^ x) - below,
                    });
                }
            }
        }
        Some(moves)
    }
}

/// The rules of Staircase Nim.
#[derive(Debug)]
pub struct StaircaseRules;

impl Rules for StaircaseRules {
    type Position = Staircase;

    fn name(&self) -> String {
        "staircase".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Staircase, ParseError> {
        if words.is_empty() {
            return Err(ParseError::Empty {
                hint: "write the coins on steps 1, 2, …, as in `staircase 3 0 2`".into(),
            });
        }
        let steps = words
            .iter()
            .map(|w| parse_u64(w, "a number of coins"))
            .collect::<Result<_, _>>()?;
        Staircase::new(steps)
    }

    /// Every staircase of 1 to 4 steps of 0 to `size` coins each.
    fn small_positions(&self, size: u64) -> Vec<Staircase> {
        let mut all = Vec::new();
        for len in 1..=4usize {
            let count = (size + 1).pow(len as u32);
            for code in 0..count {
                let steps = (0..len)
                    .map(|d| code / (size + 1).pow(d as u32) % (size + 1))
                    .collect();
                all.push(Staircase { steps });
            }
        }
        all
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(StaircaseRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "staircase",
    "Staircase Nim: move coins from a step to the one below; P iff XOR of odd steps is 0",
    "COINS... (coins on steps 1, 2, ...)",
    "staircase 3 0 2 5",
    VerifyPlan {
        size: 4,
        max_size: 10,
        meaning: "1 to 4 steps of 0 to N coins",
        instances: &["staircase"],
    },
    build,
)
.with_sequence("{n}")
.with_table("{i} {j}");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_steps_decide() {
        let p = Staircase::new(vec![3, 7, 3]).unwrap();
        assert_eq!(p.outcome(), Outcome::Previous);
        let p = Staircase::new(vec![1, 2]).unwrap();
        // X = 1: take the coin on step 1 off, or move 1 from step 2... onto step 1 makes 2: not winning.
        let w = p.winning_moves();
        assert_eq!(w, vec![StairMove { step: 1, count: 1 }]);
    }

    #[test]
    fn moves_round_trip() {
        let m = StairMove { step: 3, count: 2 };
        assert_eq!(m.to_string().parse::<StairMove>().unwrap(), m);
    }
}
