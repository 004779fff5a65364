//! Moore's Nim_K: take from up to K heaps at once.
//!
//! # Rules
//! Several heaps. A move chooses between 1 and `K` non-empty heaps and takes
//! a positive number of tokens from each of them (different amounts allowed).
//! `moore:1` is Nim.
//!
//! # Solution
//! Moore (1910): write the heaps in binary; the position is a
//! P-position iff for every binary digit the number of heaps with a 1 there
//! is divisible by `K + 1`.
//!
//! Winning move: go through the digits from the
//! top, keeping a set of chosen heaps (at most `K`) that have already been
//! lowered, so that their remaining digits are free. At a digit whose count
//! among the unchosen heaps is `c ≡ r (mod K+1)`: if `K + 1 − r` chosen heaps
//! are free, set this digit to 1 in that many of them; otherwise choose `r`
//! new heaps with a 1 here and clear it (then `|chosen| + r ≤ K`). Free
//! heaps not set get 0. Every chosen heap ends lower than it began.
//!
//! This theorem covers the unbounded game only; a per-heap cap on the amount
//! taken breaks it (see the `poj-2315` judge).
//!
//! # References
//! E. H. Moore, *A generalization of the game called Nim*, Annals of
//! Mathematics 11 (1910).

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, GameError, MoveIter, Outcome, ParseError};
use crate::games::heaps::{parse_heaps, small_heap_lists, HeapMove, Take};
use crate::nimber::Nimber;
use crate::solution::Solution;
use crate::solve::Limits;

/// A position of Moore's Nim_K.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Moore {
    k: usize,
    heaps: Vec<u64>,
}

/// A move of Moore's Nim: up to K heaps, each with the amount taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MooreMove(pub Vec<HeapMove<Take>>);

impl fmt::Display for MooreMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join(", "))
    }
}

/// Parses `heap 1: take 2, heap 3: take 4`.
impl FromStr for MooreMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<MooreMove, ParseError> {
        let mut parts: Vec<HeapMove<Take>> =
            s.split(',').map(str::parse).collect::<Result<_, _>>()?;
        parts.sort_by_key(|m| m.heap);
        Ok(MooreMove(parts))
    }
}

impl Moore {
    /// Heaps under Moore's Nim_k.
    ///
    /// # Panics
    /// If `k` is 0 (no move could be made).
    pub fn new(k: usize, heaps: Vec<u64>) -> Moore {
        assert!(k >= 1, "Moore's Nim needs K >= 1");
        Moore { k, heaps }
    }

    fn chosen_sets(&self, from: usize, chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if !chosen.is_empty() {
            out.push(chosen.clone());
        }
        if chosen.len() == self.k {
            return;
        }
        for i in from..self.heaps.len() {
            if self.heaps[i] > 0 {
                chosen.push(i);
                self.chosen_sets(i + 1, chosen, out);
                chosen.pop();
            }
        }
    }
}

impl fmt::Display for Moore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl Game for Moore {
    type Move = MooreMove;

    fn picture(&self) -> crate::board::Picture {
        crate::board::heaps(self.heaps.iter(), "heap")
    }

    /// A take from one heap is the token it takes the heap down to; a take
    /// from several sits beside the first heap it takes from.
    fn spot(&self, m: &MooreMove) -> crate::board::Spot {
        match m.0.as_slice() {
            [one] => {
                let row = one.heap - 1;
                crate::board::leaves(row, &[self.heaps[row] - one.mv.0])
            }
            [first, ..] => crate::board::Spot::Row {
                row: first.heap - 1,
            },
            [] => crate::board::Spot::Aside,
        }
    }

    fn moves(&self) -> Vec<MooreMove> {
        let mut sets = Vec::new();
        self.chosen_sets(0, &mut Vec::new(), &mut sets);
        let mut moves = Vec::new();
        for set in sets {
            // Every combination of amounts, like an odometer.
            let mut takes: Vec<u64> = vec![1; set.len()];
            loop {
                let parts = set
                    .iter()
                    .zip(&takes)
                    .map(|(&i, &t)| HeapMove {
                        heap: i + 1,
                        mv: Take(t),
                    })
                    .collect();
                moves.push(MooreMove(parts));
                let Some(d) = (0..set.len()).find(|&d| takes[d] < self.heaps[set[d]]) else {
                    break;
                };
                takes[d] += 1;
                takes[..d].fill(1);
            }
        }
        moves
    }

    /// Sets of heaps in the order of `moves`, and for each set every
    /// combination of amounts, made one at a time from the current set and
    /// amounts (the heaps 50 60 70 80 90 under K = 3 have 3.7 million moves).
    fn move_iter(&self) -> Result<MoveIter<MooreMove>, GameError> {
        Ok(MoveIter::lazy(MooreMoves {
            k: self.k,
            heaps: self.heaps.clone(),
            set: Vec::new(),
            takes: Vec::new(),
        }))
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.heaps)
    }

    /// Too large when the work, estimated as the sorted positions below this
    /// one (`∏(h + 1) / n!`) times the moves of a position with every heap
    /// halved, is past the search's limit on moves looked at: such a search
    /// could only stop at that limit, after minutes.
    fn too_large_to_search(&self, max_positions: usize) -> bool {
        let n = self.heaps.len();
        let positions: f64 = self.heaps.iter().map(|&h| h as f64 + 1.0).product::<f64>()
            / (1..=n).map(|i| i as f64).product::<f64>();
        let halved = Moore {
            k: self.k,
            heaps: self.heaps.iter().map(|&h| h / 2).collect(),
        };
        let work = positions * halved.move_count() as f64;
        let limit = max_positions as f64 * Limits::MOVES_PER_POSITION as f64;
        self.move_count() > max_positions as u128 || work > limit
    }

    fn play(&self, m: &MooreMove) -> Moore {
        let mut heaps = self.heaps.clone();
        for part in &m.0 {
            heaps[part.heap - 1] -= part.mv.0;
        }
        Moore { k: self.k, heaps }
    }

    fn canonical(&self) -> Moore {
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Moore { k: self.k, heaps }
    }

    /// The sum over sets of at most K heaps of the product of their sizes.
    fn move_count(&self) -> u128 {
        // e[j] = sum of products over j-element sets (elementary symmetric polynomials).
        let mut e = vec![0u128; self.k + 1];
        e[0] = 1;
        for &h in &self.heaps {
            for j in (1..=self.k).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(u128::from(h)));
            }
        }
        e[1..].iter().fold(0u128, |a, &b| a.saturating_add(b))
    }

    fn legal(&self, m: &MooreMove) -> bool {
        let n = m.0.len();
        n >= 1
            && n <= self.k
            && m.0.windows(2).all(|w| w[0].heap < w[1].heap)
            && m.0.iter().all(|p| {
                p.heap >= 1
                    && p.heap <= self.heaps.len()
                    && (1..=self.heaps[p.heap - 1]).contains(&p.mv.0)
            })
    }

    fn any_move(&self) -> Option<MooreMove> {
        let i = self.heaps.iter().position(|&h| h > 0)?;
        Some(MooreMove(vec![HeapMove {
            heap: i + 1,
            mv: Take(1),
        }]))
    }
}

/// The moves of a Moore position one at a time: the current set of heaps
/// (as `chosen_sets` orders them, depth first) and the amounts taken from
/// each, counted like an odometer.
struct MooreMoves {
    k: usize,
    heaps: Vec<u64>,
    set: Vec<usize>,
    takes: Vec<u64>,
}

impl MooreMoves {
    /// Moves to the next set of at most K non-empty heaps, depth first: a
    /// larger set extending this one if there is room, else the next
    /// sibling of the deepest heap that has one.
    fn next_set(&mut self) -> bool {
        let heaps = &self.heaps;
        let non_empty_from = |i: usize| (i..heaps.len()).find(|&j| heaps[j] > 0);
        if self.set.len() < self.k {
            let from = self.set.last().map_or(0, |&i| i + 1);
            if let Some(j) = non_empty_from(from) {
                self.set.push(j);
                return true;
            }
        }
        while let Some(last) = self.set.pop() {
            if let Some(j) = non_empty_from(last + 1) {
                self.set.push(j);
                return true;
            }
        }
        false
    }
}

impl Iterator for MooreMoves {
    type Item = MooreMove;

    fn next(&mut self) -> Option<MooreMove> {
        let advanced = (0..self.takes.len()).find(|&d| self.takes[d] < self.heaps[self.set[d]]);
        match advanced {
            Some(d) => {
                self.takes[d] += 1;
                self.takes[..d].fill(1);
            }
            None => {
                if !self.next_set() {
                    return None;
                }
                self.takes = vec![1; self.set.len()];
            }
        }
        let parts = self
            .set
            .iter()
            .zip(&self.takes)
            .map(|(&i, &t)| HeapMove {
                heap: i + 1,
                mv: Take(t),
            })
            .collect();
        Some(MooreMove(parts))
    }
}

impl Solution for Moore {
    fn outcome(&self) -> Outcome {
        let m = self.k as u64 + 1;
        let balanced = (0..64).all(|d| {
            (self.heaps.iter().filter(|&&h| h >> d & 1 == 1).count() as u64).is_multiple_of(m)
        });
        if balanced {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    fn grundy(&self) -> Option<Nimber> {
        // Nim_1 is Nim; for K >= 2 the game is not a sum of its heaps.
        (self.k == 1).then(|| self.heaps.iter().map(|&h| Nimber(h)).sum())
    }

    fn winning_move(&self) -> Option<MooreMove> {
        let m = self.k + 1;
        let mut chosen: Vec<usize> = Vec::new();
        let mut new = self.heaps.clone();
        for d in (0..64).rev() {
            let bit = 1u64 << d;
            let c = (0..self.heaps.len())
                .filter(|i| !chosen.contains(i) && self.heaps[*i] & bit != 0)
                .count();
            let r = c % m;
            let set = (m - r) % m;
            if set <= chosen.len() {
                for (j, &i) in chosen.iter().enumerate() {
                    new[i] = if j < set { new[i] | bit } else { new[i] & !bit };
                }
            } else {
                for &i in &chosen {
                    new[i] &= !bit;
                }
                let fresh: Vec<usize> = (0..self.heaps.len())
                    .filter(|i| !chosen.contains(i) && self.heaps[*i] & bit != 0)
                    .take(r)
                    .collect();
                for &i in &fresh {
                    new[i] &= !bit;
                }
                chosen.extend(fresh);
            }
        }
        if chosen.is_empty() {
            return None;
        }
        chosen.sort_unstable();
        let parts = chosen
            .iter()
            .map(|&i| HeapMove {
                heap: i + 1,
                mv: Take(self.heaps[i] - new[i]),
            })
            .collect();
        Some(MooreMove(parts))
    }
}

/// Moore's Nim with a given K.
#[derive(Debug)]
pub struct MooreRules {
    k: usize,
}

impl Rules for MooreRules {
    type Position = Moore;

    fn name(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn parse_position(&self, words: &[&str]) -> Result<Moore, ParseError> {
        Ok(Moore::new(self.k, parse_heaps(words, "moore:2 3 5 6")?))
    }

    fn small_positions(&self, size: u64) -> Vec<Moore> {
        small_heap_lists(size, self.k + 2)
            .into_iter()
            .map(|h| Moore::new(self.k, h))
            .collect()
    }
}

fn build(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let k = spec.needs_param("K", "`moore:2 3 5 6` (take from up to 2 heaps)")?;
    let k = parse_u64(k, "K, the most heaps one move touches")?;
    if k == 0 || k > 64 {
        return Err(ParseError::OutOfRange {
            token: k.to_string(),
            what: "K in `moore:K`".into(),
            range: "from 1 to 64".into(),
        });
    }
    Ok(with_formula(MooreRules { k: k as usize }))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "moore",
    "Moore's Nim_K: take from up to K heaps at once; P iff every bit count is 0 mod K+1",
    "HEAP... (heap sizes)",
    "moore:2 3 5 6",
    VerifyPlan {
        size: 5,
        max_size: 10,
        meaning: "1 to K+2 heaps of 0 to N tokens",
        instances: &["moore:1", "moore:2", "moore:3"],
    },
    build,
)
.with_parameter("K: a move takes from 1 to K heaps")
.with_sequence("{n}")
.with_table("{i} {j}");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moore_examples() {
        // With K = 2, three heaps of 1 are a P-position (count 3 ≡ 0 mod 3).
        assert_eq!(Moore::new(2, vec![1, 1, 1]).outcome(), Outcome::Previous);
        let p = Moore::new(2, vec![3, 5, 6, 9]);
        let m = p.winning_move().unwrap();
        assert!(p.legal(&m));
        assert_eq!(p.play(&m).outcome(), Outcome::Previous);
    }

    #[test]
    fn move_count_matches_listing() {
        let p = Moore::new(2, vec![2, 3, 1]);
        assert_eq!(p.move_count(), p.moves().len() as u128);
    }

    #[test]
    fn moves_parse_back() {
        let p = Moore::new(2, vec![3, 5, 6]);
        for m in p.moves() {
            assert_eq!(m.to_string().parse::<MooreMove>().unwrap(), m);
        }
    }
}
