//! E&D (SDOI2009): groups of two piles; discard one pile, split the other.
//!
//! # Rules
//! Piles come in groups of two. A move picks a group, removes one of its two
//! piles and splits the other into two non-empty piles, which form the group
//! from then on. A pile of 1 cannot be split, so a group `1,1` is dead.
//! Whoever cannot move loses. Every pile has at least one stone.
//!
//! # Solution
//! The groups are independent, so the Grundy value is the XOR of the groups'
//! values. Solutions of SDOI2009 E&D read the value of a group `(i, j)` off a
//! brute-force table and prove it by induction: f(i, j) is the number of
//! trailing 1 bits of `(i − 1) | (j − 1)`. The same proof shows that splitting
//! a pile of `s` reaches exactly the values `h` whose bit is set in `s − 1`;
//! the split `2^h + (s − 2^h)` is one that does (its `(a−1) | (b−1)` ends in
//! `h` ones followed by a 0). So a winning move needs no enumeration of the
//! splits of a pile of 2·10^9: find a group and a pile of it whose `s − 1` has
//! the bit the target value asks for.
//!
//! # References
//! Luogu P2148 \[SDOI2009\] E&D = BZOJ 1228 = SPOJ ED.

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, ParseError};
use crate::nimber::Nimber;
use crate::solution::Solution;

/// An E&D position: groups of two piles, each pile at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ed {
    groups: Vec<(u64, u64)>,
}

/// In group `group` (from 1), discard pile `3 − split` and split pile `split`
/// (1 or 2) into `into.0 + into.1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdMove {
    /// The group, numbered from 1.
    pub group: usize,
    /// The pile of the group that is split (1 or 2); the other is discarded.
    pub split: usize,
    /// The two new piles.
    pub into: (u64, u64),
}

impl fmt::Display for EdMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.into;
        write!(
            f,
            "group {}: split pile {} into {a}+{b}",
            self.group, self.split
        )
    }
}

/// Parses `group 2: split pile 1 into 3+4`.
impl FromStr for EdMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<EdMove, ParseError> {
        let bad = || ParseError::NotAMove {
            text: s.to_string(),
            example: "`group 2: split pile 1 into 3+4`",
        };
        let words: Vec<&str> = s.split_whitespace().collect();
        let ["group", g, "split", "pile", pile, "into", parts] = words.as_slice() else {
            return Err(bad());
        };
        let g = parse_u64(g.trim_end_matches(':'), "a group number")?;
        let pile = parse_u64(pile, "a pile of the group (1 or 2)")?;
        let (a, b) = parts.split_once('+').ok_or_else(bad)?;
        let group = usize::try_from(g).map_err(|_| bad())?;
        if group == 0 || !(1..=2).contains(&pile) {
            return Err(bad());
        }
        Ok(EdMove {
            group,
            split: pile as usize,
            into: (parse_u64(a, "a new pile")?, parse_u64(b, "a new pile")?),
        })
    }
}

/// The value of one group: trailing 1 bits of `(i − 1) | (j − 1)`.
///
/// `i` and `j` must be at least 1.
pub fn group_grundy(i: u64, j: u64) -> Nimber {
    Nimber(u64::from(((i - 1) | (j - 1)).trailing_ones()))
}

/// Piles up to this size have every winning split listed; a larger pile
/// gets one (there can be astronomically many).
pub const LIST_EVERY_SPLIT: u64 = 1 << 16;

/// The split of a pile of `s` whose group then has value `h`, if there is one:
/// `2^h + (s − 2^h)`, which exists iff bit `h` of `s − 1` is set.
pub fn split_to(s: u64, h: u64) -> Option<(u64, u64)> {
    (h < 64 && (s - 1) >> h & 1 == 1).then(|| (1 << h, s - (1 << h)))
}

impl Ed {
    /// A position from its groups.
    ///
    /// # Errors
    /// A pile of 0 stones (the rules have none).
    pub fn new(groups: Vec<(u64, u64)>) -> Result<Ed, ParseError> {
        if let Some((a, b)) = groups.iter().find(|&&(a, b)| a == 0 || b == 0) {
            return Err(ParseError::OutOfRange {
                token: format!("{a},{b}"),
                what: "each E&D pile".into(),
                range: "at least 1 stone".into(),
            });
        }
        Ok(Ed { groups })
    }

    fn total(&self) -> Nimber {
        self.groups.iter().map(|&(a, b)| group_grundy(a, b)).sum()
    }

    fn pile(&self, m: &EdMove) -> Option<u64> {
        let &(a, b) = self.groups.get(m.group.checked_sub(1)?)?;
        match m.split {
            1 => Some(a),
            2 => Some(b),
            _ => None,
        }
    }
}

impl fmt::Display for Ed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self
            .groups
            .iter()
            .map(|(a, b)| format!("{a},{b}"))
            .collect();
        f.write_str(&words.join(" "))
    }
}

impl Game for Ed {
    type Move = EdMove;

    /// Two rows a group: its piles.
    fn picture(&self) -> crate::board::Picture {
        let sizes = self.groups.iter().flat_map(|&(a, b)| [a, b]);
        let names =
            (1..=self.groups.len()).flat_map(|g| [1, 2].map(|p| format!("group {g} pile {p}")));
        crate::board::Picture::Heaps {
            sizes: sizes.map(|n| n.to_string()).collect(),
            names: names.collect(),
            quota: None,
        }
    }

    /// Beside the pile it splits.
    fn spot(&self, m: &EdMove) -> crate::board::Spot {
        crate::board::Spot::Row {
            row: 2 * (m.group - 1) + m.split - 1,
        }
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.groups)
    }

    fn moves(&self) -> Vec<EdMove> {
        let mut moves = Vec::new();
        for (g, &(a, b)) in self.groups.iter().enumerate() {
            for (split, s) in [(1, a), (2, b)] {
                moves.extend((1..s).map(|x| EdMove {
                    group: g + 1,
                    split,
                    into: (x, s - x),
                }));
            }
        }
        moves
    }

    fn play(&self, m: &EdMove) -> Ed {
        let mut groups = self.groups.clone();
        groups[m.group - 1] = m.into;
        Ed { groups }
    }

    fn components(&self) -> Vec<Ed> {
        self.groups
            .iter()
            .map(|&g| Ed { groups: vec![g] })
            .collect()
    }

    fn canonical(&self) -> Ed {
        let mut groups: Vec<(u64, u64)> = self
            .groups
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        groups.sort_unstable();
        Ed { groups }
    }

    fn move_count(&self) -> u128 {
        self.groups
            .iter()
            .map(|&(a, b)| u128::from(a - 1) + u128::from(b - 1))
            .sum()
    }

    fn legal(&self, m: &EdMove) -> bool {
        let (x, y) = m.into;
        self.pile(m)
            .is_some_and(|s| x >= 1 && y >= 1 && x.checked_add(y) == Some(s))
    }

    fn any_move(&self) -> Option<EdMove> {
        self.groups.iter().enumerate().find_map(|(g, &(a, b))| {
            let (split, s) = if a >= 2 { (1, a) } else { (2, b) };
            (s >= 2).then_some(EdMove {
                group: g + 1,
                split,
                into: (1, s - 1),
            })
        })
    }
}

impl Solution for Ed {
    fn outcome(&self) -> crate::Outcome {
        crate::Outcome::from_grundy(self.total())
    }

    fn grundy(&self) -> Option<Nimber> {
        Some(self.total())
    }

    fn winning_move(&self) -> Option<EdMove> {
        self.winning_moves().into_iter().next()
    }

    fn winning_moves(&self) -> Vec<EdMove> {
        self.moves_to_value(Nimber::ZERO).unwrap_or_default()
    }

    /// Every split that reaches `target` when the piles have at most
    /// [`LIST_EVERY_SPLIT`] stones; above that, one split per pile that can
    /// (`2^h + rest`), and [`lists_every_move_to_value`] says so.
    ///
    /// [`lists_every_move_to_value`]: Solution::lists_every_move_to_value
    fn moves_to_value(&self, target: Nimber) -> Option<Vec<EdMove>> {
        let change = self.total() + target;
        let mut moves = Vec::new();
        if change.is_zero() {
            return Some(moves);
        }
        for (g, &(a, b)) in self.groups.iter().enumerate() {
            let h = (group_grundy(a, b) + change).0;
            for (split, s) in [(1, a), (2, b)] {
                let mv = |into| EdMove {
                    group: g + 1,
                    split,
                    into,
                };
                if s <= LIST_EVERY_SPLIT {
                    let hits = (1..s).filter(|&x| group_grundy(x, s - x).0 == h);
                    moves.extend(hits.map(|x| mv((x, s - x))));
                } else if let Some(into) = split_to(s, h) {
                    moves.push(mv(into));
                }
            }
        }
        Some(moves)
    }

    fn lists_every_move_to_value(&self) -> bool {
        self.groups
            .iter()
            .all(|&(a, b)| a.max(b) <= LIST_EVERY_SPLIT)
    }
}

/// The rules of E&D.
#[derive(Debug)]
pub struct EdRules;

impl Rules for EdRules {
    type Position = Ed;

    fn name(&self) -> String {
        "ed".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Ed, ParseError> {
        if words.is_empty() {
            return Err(ParseError::Empty {
                hint: "write the groups as pairs, as in `ed 1,2 3,1`".into(),
            });
        }
        let groups = words
            .iter()
            .map(|w| {
                let (a, b) = w.split_once(',').ok_or_else(|| ParseError::Malformed {
                    token: w.to_string(),
                    expected: "a group".into(),
                    example: "its two piles as `3,1`".into(),
                })?;
                Ok((parse_u64(a, "a pile")?, parse_u64(b, "a pile")?))
            })
            .collect::<Result<_, ParseError>>()?;
        Ed::new(groups)
    }

    /// Every position of 1 or 2 groups of piles 1 to `size`.
    fn small_positions(&self, size: u64) -> Vec<Ed> {
        let pairs: Vec<(u64, u64)> = (1..=size)
            .flat_map(|a| (1..=size).map(move |b| (a, b)))
            .collect();
        let mut all: Vec<Ed> = pairs.iter().map(|&p| Ed { groups: vec![p] }).collect();
        for (i, &p) in pairs.iter().enumerate() {
            all.extend(pairs[i..].iter().map(|&q| Ed { groups: vec![p, q] }));
        }
        all
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(EdRules))
}

/// The catalog entry. Tables of E&D start at 1 (`grundy table ed --from 1`):
/// a pile of 0 is not a position.
pub const ENTRY: Entry = Entry::new(
    "ed",
    "E&D (SDOI2009): groups of two piles; discard one, split the other; G = trailing 1s of (i-1)|(j-1)",
    "I,J... (one word per group: its two piles, each at least 1)",
    "ed 1,2 3,1",
    VerifyPlan { size: 7, max_size: 24, meaning: "1 or 2 groups of piles 1 to N", instances: &["ed"] },
    build,
)
.with_table("{i},{j}");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solution::check;
    use crate::solve::Limits;
    use crate::Outcome;

    #[test]
    fn closed_form_matches_search() {
        check(EdRules.small_positions(7), Limits::default()).unwrap();
    }

    #[test]
    fn moves_to_every_value_match_search() {
        let mut search = crate::solve::Searcher::new(crate::Play::Normal);
        for p in EdRules.small_positions(6) {
            for target in 0..4 {
                let listed = p.moves_to_value(Nimber(target)).unwrap();
                for m in &listed {
                    assert_eq!(
                        search.grundy(&p.play(m)).unwrap(),
                        Nimber(target),
                        "{p}: {m}"
                    );
                }
                // Small piles: every split to the target is listed.
                assert!(p.lists_every_move_to_value());
                for m in p.moves() {
                    if search.grundy(&p.play(&m)).unwrap() == Nimber(target) {
                        assert!(listed.contains(&m), "{p}: {m} is not listed");
                    }
                }
            }
        }
    }

    #[test]
    fn large_piles_list_one_split_each_and_say_so() {
        let big = LIST_EVERY_SPLIT + 5;
        let p = Ed::new(vec![(big, 3), (2, 2)]).unwrap();
        assert!(!p.lists_every_move_to_value());
        for target in 0..4 {
            for m in p.moves_to_value(Nimber(target)).unwrap() {
                // The value after the move, from the formula's group values.
                let after = p.play(&m);
                let total = after
                    .groups
                    .iter()
                    .fold(0, |x, &(a, b)| x ^ group_grundy(a, b).0);
                assert_eq!(total, target, "{p}: {m}");
            }
        }
    }

    #[test]
    fn brute_force_table() {
        let data = include_str!("../../tests/data/ed.txt");
        let rows: Vec<&str> = data.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(rows.len(), 16);
        for (i, row) in rows.iter().enumerate() {
            for (j, v) in row.split_whitespace().enumerate() {
                let g = group_grundy(i as u64 + 1, j as u64 + 1);
                assert_eq!(g.0.to_string(), v, "f({}, {})", i + 1, j + 1);
            }
        }
    }

    #[test]
    fn huge_piles_have_winning_moves() {
        let p = EdRules
            .parse_position(&["2000000000,1999999999", "7,7"])
            .unwrap();
        for m in p.winning_moves() {
            assert!(p.legal(&m));
            assert_eq!(p.play(&m).outcome(), Outcome::Previous);
        }
        assert_eq!(p.outcome(), Outcome::Next);
    }

    #[test]
    fn text_forms_round_trip() {
        let p = EdRules.parse_position(&["1,2", "3,1"]).unwrap();
        assert_eq!(p.to_string(), "1,2 3,1");
        let m = EdMove {
            group: 2,
            split: 1,
            into: (1, 2),
        };
        assert_eq!(m.to_string().parse::<EdMove>().unwrap(), m);
        assert!(EdRules.parse_position(&["0,3"]).is_err());
        assert!(EdRules.parse_position(&["3"]).is_err());
    }
}
