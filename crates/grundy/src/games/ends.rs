//! Take from the ends (ZJOI2009): a row of piles, played only at its two ends.
//!
//! # Rules
//! Piles of stones stand in a row. A move takes any positive number of
//! stones, possibly all, from the leftmost or the rightmost pile. An emptied
//! pile disappears and its neighbour becomes the new end. Whoever cannot
//! move loses.
//!
//! # Solution
//! Not a sum of independent parts, so no Grundy value is claimed; the
//! outcome comes from the interval method of the known solution of ZJOI2009
//! 取石子游戏 (Luogu P2599). For a row `a[i..=j]` let
//! `L(i, j)` be the unique `x ≥ 0` such that putting a pile of `x` on its left
//! makes a P-position (`x = 0`: nothing added), and `R(i, j)` the same on the
//! right. `L(i, i) = R(i, i) = a_i`, and with `x = a_j`, `l = L(i, j−1)`,
//! `r = R(i, j−1)`:
//! `L(i, j)` = 0 if `x = r`; `x` if `x` is below both or above both of `l, r`;
//! else `x − 1` if `l > r`, and `x + 1` if `l < r` (note `x = l > r` gives
//! `x − 1`: one public solution gets that case wrong). `R` is the mirror
//! image. A row of two or more piles is a P-position iff
//! `L(2, n) = a_1`; from an N-position, reduce the left pile to `L(2, n)`
//! or the right pile to `R(1, n−1)`, whichever is smaller than the pile.
//!
//! # References
//! Luogu P2599 \[ZJOI2009\] 取石子游戏 = BZOJ 1413.

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, GameError, MoveIter, Outcome, ParseError};
use crate::solution::Solution;

/// The largest pile: the interval values exceed the piles by at most the
/// row's length, and must fit in a `u64`.
pub const MAX_PILE: u64 = 1 << 62;

/// A row of piles, each at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ends {
    piles: Vec<u64>,
}

/// Which end a move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The leftmost pile.
    Left,
    /// The rightmost pile.
    Right,
}

/// Take `count` stones from one end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndsMove {
    /// The end.
    pub end: End,
    /// How many stones.
    pub count: u64,
}

impl fmt::Display for EndsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = match self.end {
            End::Left => "left",
            End::Right => "right",
        };
        write!(f, "{end}: take {}", self.count)
    }
}

/// Parses `left: take 3` or `right: take 1`.
impl FromStr for EndsMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<EndsMove, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let [end, "take", count] = words.as_slice() else {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "`left: take 3` or `right: take 1`",
            });
        };
        let end = match end.trim_end_matches(':') {
            "left" => End::Left,
            "right" => End::Right,
            other => {
                return Err(ParseError::Malformed {
                    token: other.to_string(),
                    expected: "an end".into(),
                    example: "`left` or `right`".into(),
                })
            }
        };
        Ok(EndsMove {
            end,
            count: parse_u64(count, "the number of stones taken")?,
        })
    }
}

impl Ends {
    /// A row from its piles, left to right.
    ///
    /// # Errors
    /// A pile of 0 (emptied piles disappear) or above [`MAX_PILE`].
    pub fn new(piles: Vec<u64>) -> Result<Ends, ParseError> {
        if let Some(&p) = piles.iter().find(|&&p| p == 0 || p > MAX_PILE) {
            return Err(ParseError::OutOfRange {
                token: p.to_string(),
                what: "a pile".into(),
                range: "from 1 to 2^62 stones (an emptied pile disappears)".into(),
            });
        }
        Ok(Ends { piles })
    }

    /// `(L(2, n), R(1, n−1))` of a row of `n ≥ 2` piles: the left pile and
    /// the right pile that would make the row a P-position.
    ///
    /// # Complexity
    /// O(n²) time, O(n) memory.
    pub fn targets(&self) -> Option<(u64, u64)> {
        let a = &self.piles;
        let n = a.len();
        if n < 2 {
            return None;
        }
        // l[i], r[i]: L and R of the interval of the current length starting at i.
        let mut l: Vec<u64> = a.clone();
        let mut r: Vec<u64> = a.clone();
        for d in 1..n - 1 {
            for i in 0..n - d {
                let new_l = extend(a[i + d], l[i], r[i]);
                let new_r = extend(a[i], r[i + 1], l[i + 1]);
                l[i] = new_l;
                r[i] = new_r;
            }
        }
        Some((l[1], r[0]))
    }
}

/// One step of the interval recurrence of the module docs:
/// `L(i, j) = extend(a_j, L(i, j−1), R(i, j−1))` and
/// `R(i, j) = extend(a_i, R(i+1, j), L(i+1, j))`.
fn extend(x: u64, l: u64, r: u64) -> u64 {
    if x == r {
        0
    } else if (x < l && x < r) || (x > l && x > r) {
        x
    } else if l > r {
        x - 1
    } else {
        x + 1
    }
}

/// How a row with no piles left is written.
pub const EMPTY: &str = "empty";

impl fmt::Display for Ends {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.piles.is_empty() {
            // A word, not nothing: the text of a position must parse back.
            return f.write_str(EMPTY);
        }
        let words: Vec<String> = self.piles.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl Game for Ends {
    type Move = EndsMove;

    fn picture(&self) -> crate::board::Picture {
        crate::board::heaps(self.piles.iter(), "pile")
    }

    /// The token its end pile is taken down to.
    fn spot(&self, m: &EndsMove) -> crate::board::Spot {
        let row = match m.end {
            End::Left => 0,
            End::Right => self.piles.len() - 1,
        };
        crate::board::leaves(row, &[self.piles[row] - m.count])
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.piles)
    }

    fn moves(&self) -> Vec<EndsMove> {
        let mut moves = Vec::new();
        if let Some(&first) = self.piles.first() {
            moves.extend((1..=first).map(|count| EndsMove {
                end: End::Left,
                count,
            }));
        }
        if self.piles.len() >= 2 {
            let last = self.piles[self.piles.len() - 1];
            moves.extend((1..=last).map(|count| EndsMove {
                end: End::Right,
                count,
            }));
        }
        moves
    }

    /// Lazily: a pile of 10^9 at an end is 10^9 moves, which search walks
    /// one at a time rather than listing.
    fn move_iter(&self) -> Result<MoveIter<EndsMove>, GameError> {
        let first = self.piles.first().copied().unwrap_or(0);
        let last = match self.piles.as_slice() {
            [_, .., b] => *b,
            _ => 0,
        };
        let take = |end| move |count| EndsMove { end, count };
        Ok(MoveIter::lazy(
            (1..=first)
                .map(take(End::Left))
                .chain((1..=last).map(take(End::Right))),
        ))
    }

    fn play(&self, m: &EndsMove) -> Ends {
        let mut piles = self.piles.clone();
        let i = match m.end {
            End::Left => 0,
            End::Right => piles.len() - 1,
        };
        piles[i] -= m.count;
        if piles[i] == 0 {
            piles.remove(i);
        }
        Ends { piles }
    }

    fn canonical(&self) -> Ends {
        let mut reversed = self.piles.clone();
        reversed.reverse();
        Ends {
            piles: reversed.min(self.piles.clone()),
        }
    }

    fn move_count(&self) -> u128 {
        match self.piles.as_slice() {
            [] => 0,
            [a] => u128::from(*a),
            [a, .., b] => u128::from(*a) + u128::from(*b),
        }
    }

    fn legal(&self, m: &EndsMove) -> bool {
        let pile = match (m.end, self.piles.len()) {
            (_, 0) | (End::Right, 1) => return false,
            (End::Left, _) => self.piles[0],
            (End::Right, n) => self.piles[n - 1],
        };
        (1..=pile).contains(&m.count)
    }

    fn any_move(&self) -> Option<EndsMove> {
        (!self.piles.is_empty()).then_some(EndsMove {
            end: End::Left,
            count: 1,
        })
    }
}

impl Solution for Ends {
    fn outcome(&self) -> Outcome {
        match (self.piles.as_slice(), self.targets()) {
            ([], _) => Outcome::Previous,
            (_, None) => Outcome::Next,
            (a, Some((left, _))) if left == a[0] => Outcome::Previous,
            _ => Outcome::Next,
        }
    }

    fn winning_move(&self) -> Option<EndsMove> {
        let a = &self.piles;
        let Some((left, right)) = self.targets() else {
            return a.first().map(|&p| EndsMove {
                end: End::Left,
                count: p,
            });
        };
        let (first, last) = (a[0], a[a.len() - 1]);
        if left < first {
            Some(EndsMove {
                end: End::Left,
                count: first - left,
            })
        } else if right < last {
            Some(EndsMove {
                end: End::Right,
                count: last - right,
            })
        } else {
            None
        }
    }
}

/// The rules of the game.
#[derive(Debug)]
pub struct EndsRules;

impl Rules for EndsRules {
    type Position = Ends;

    fn name(&self) -> String {
        "ends".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Ends, ParseError> {
        if words.is_empty() {
            return Err(ParseError::Empty {
                hint: format!(
                    "write the piles left to right, as in `ends 3 1 9 4`, or `{EMPTY}` for none"
                ),
            });
        }
        if words == [EMPTY] {
            return Ends::new(Vec::new());
        }
        let piles = words
            .iter()
            .map(|w| parse_u64(w, "a pile"))
            .collect::<Result<_, _>>()?;
        Ends::new(piles)
    }

    /// Every row of 1 to 4 piles of 1 to `size` stones.
    fn small_positions(&self, size: u64) -> Vec<Ends> {
        let mut all = Vec::new();
        let mut rows: Vec<Vec<u64>> = vec![Vec::new()];
        for _ in 0..4 {
            rows = rows
                .iter()
                .flat_map(|row| {
                    (1..=size).map(move |p| {
                        let mut next = row.clone();
                        next.push(p);
                        next
                    })
                })
                .collect();
            all.extend(rows.iter().map(|r| Ends { piles: r.clone() }));
        }
        all
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(EndsRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "ends",
    "take from the ends (ZJOI2009): take stones from the leftmost or rightmost pile of a row",
    "PILE... (the row, left to right, each pile at least 1)",
    "ends 3 1 9 4",
    VerifyPlan {
        size: 5,
        max_size: 12,
        meaning: "rows of 1 to 4 piles of 1 to N",
        instances: &["ends"],
    },
    build,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solution::check;
    use crate::solve::{Limits, Searcher};
    use crate::Play;

    #[test]
    fn closed_form_matches_search() {
        check(EndsRules.small_positions(5), Limits::default()).unwrap();
    }

    #[test]
    fn the_pitfall_row() {
        // `1 1 2 2`, where x = l > r, trips a public solution of Luogu P2599.
        let p = Ends::new(vec![1, 1, 2, 2]).unwrap();
        let searched = Searcher::new(Play::Normal).solve(&p).unwrap().outcome;
        assert_eq!(p.outcome(), searched);
    }

    #[test]
    fn longer_rows_match_search() {
        let mut search = Searcher::new(Play::Normal);
        let mut rng = crate::rng::SplitMix64::new(7);
        for _ in 0..40 {
            let n = rng.range(5, 7) as usize;
            let p = Ends::new((0..n).map(|_| rng.range(1, 4)).collect()).unwrap();
            assert_eq!(p.outcome(), search.solve(&p).unwrap().outcome, "{p}");
            if let Some(m) = p.winning_move() {
                assert_eq!(
                    search.solve(&p.play(&m)).unwrap().outcome,
                    Outcome::Previous,
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn text_forms() {
        let m = EndsMove {
            end: End::Right,
            count: 4,
        };
        assert_eq!(m.to_string().parse::<EndsMove>().unwrap(), m);
        assert!(EndsRules.parse_position(&["3", "0"]).is_err());
        assert_eq!(
            EndsRules.parse_position(&["3", "1"]).unwrap().to_string(),
            "3 1"
        );
    }
}
