//! Nim: heaps of tokens; a move takes any positive number from one heap.
//!
//! # Rules
//! Several heaps of tokens. A move takes one or more tokens from a single
//! heap. In normal play whoever takes the last token wins; in misère play
//! whoever takes it loses.
//!
//! # Solution
//! Bouton (1901): a position is a P-position iff the XOR (nim-sum) `X` of the
//! heaps is 0; the Grundy value of a heap of `n` is `n`. From an N-position,
//! a winning move reduces a heap `a` with `a XOR X < a` to `a XOR X`: the
//! heap whose binary digit at the highest set bit of `X` is 1 always
//! qualifies.
//!
//! Misère Nim (Bouton 1901): if some heap has 2 or more tokens, the
//! P-positions are those of normal play; if every heap has 0 or 1, the
//! P-positions are those with an odd number of 1-heaps. A winning move plays
//! as in normal Nim unless it would leave only heaps of 0 and 1; then it
//! leaves an odd number of 1-heaps.
//!
//! # References
//! C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals of
//! Mathematics 3 (1901). Berlekamp, Conway, Guy, *Winning Ways*, ch. 2 and 13.

use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::{with_formula, AnyGame};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{MoveIter, Outcome, ParseError};
use crate::games::heaps::{
    parse_heaps, HeapRule, HeapRules, HeapSolution, Heaps, MisereVerdict, Take,
};
use crate::nimber::Nimber;

/// The rule of Nim: take any positive number from one heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NimRule;

/// A Nim position: heaps of tokens.
pub type Nim = Heaps<NimRule>;

impl Heaps<NimRule> {
    /// Nim heaps of the given sizes.
    pub fn new(heaps: Vec<u64>) -> Nim {
        Heaps::with_rule(Arc::new(NimRule), heaps)
    }
}

/// Parses heap sizes separated by spaces: `3 4 5`.
impl FromStr for Heaps<NimRule> {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Nim, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        Ok(Nim::new(parse_heaps(&words, "nim 3 4 5")?))
    }
}

impl HeapRule for NimRule {
    fn certificate_game(&self) -> Option<String> {
        Some("nim".into())
    }

    type Move = Take;

    /// Every move takes at least one token.
    fn shrinks(&self) -> bool {
        true
    }

    fn name(&self) -> String {
        "nim".into()
    }

    fn heap_moves(&self, n: u64) -> Vec<Take> {
        (1..=n).map(Take).collect()
    }

    fn heap_move_iter(&self, n: u64) -> MoveIter<Take> {
        MoveIter::lazy((1..=n).map(Take))
    }

    fn after(&self, n: u64, m: &Take) -> Vec<u64> {
        vec![n - m.0]
    }

    fn heap_move_count(&self, n: u64) -> u128 {
        u128::from(n)
    }

    fn heap_legal(&self, n: u64, m: &Take) -> bool {
        (1..=n).contains(&m.0)
    }

    fn any_heap_move(&self, n: u64) -> Option<Take> {
        (n > 0).then_some(Take(1))
    }
}

impl HeapSolution for NimRule {
    fn heap_grundy(&self, n: u64) -> Nimber {
        Nimber(n)
    }

    fn moves_to(&self, n: u64, target: Nimber) -> Vec<Take> {
        if target.0 < n {
            vec![Take(n - target.0)]
        } else {
            Vec::new()
        }
    }

    fn misere(&self, heaps: &[u64]) -> Option<MisereVerdict<Take>> {
        Some(misere_nim(heaps))
    }
}

/// Misère Nim by Bouton's theorem: the outcome and a winning move (heap index from 0).
pub fn misere_nim(heaps: &[u64]) -> MisereVerdict<Take> {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    match big.as_slice() {
        [] if ones % 2 == 1 => (Outcome::Previous, None),
        [] => {
            let one = heaps.iter().position(|&h| h == 1).map(|i| (i, Take(1)));
            (Outcome::Next, one)
        }
        // One big heap: reduce it to 0 or 1 so that an odd number of 1-heaps remain.
        [i] => {
            let keep = if ones % 2 == 0 { 1 } else { 0 };
            (Outcome::Next, Some((*i, Take(heaps[*i] - keep))))
        }
        _ => {
            let x = heaps.iter().fold(0, |a, &h| a ^ h);
            if x == 0 {
                return (Outcome::Previous, None);
            }
            let i = (0..heaps.len())
                .find(|&i| heaps[i] ^ x < heaps[i])
                .expect("a heap has the top bit of x");
            (Outcome::Next, Some((i, Take(heaps[i] - (heaps[i] ^ x)))))
        }
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(HeapRules {
        rule: Arc::new(NimRule),
        example: "nim 3 4 5",
        max_heaps: 3,
    }))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "nim",
    "Nim: take any number of tokens from one heap (Bouton; misère too)",
    "HEAP... (heap sizes, 0 to 2^64-1)",
    "nim 3 4 5",
    VerifyPlan {
        size: 12,
        max_size: 60,
        meaning: "1 to 3 heaps of 0 to N tokens, normal and misère play",
        instances: &["nim"],
    },
    build,
)
.with_sequence("{n}")
.with_table("{i} {j}");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::solution::Solution;
    use crate::solve::Limits;

    #[test]
    fn bouton_example() {
        // 3 ^ 4 ^ 5 = 2: the only winning move takes 2 from the heap of 3.
        let p: Nim = "3 4 5".parse().unwrap();
        assert_eq!(p.grundy(), Some(Nimber(2)));
        let w = p.winning_moves();
        assert_eq!(w.len(), 1);
        assert_eq!(p.play(&w[0]).to_string(), "1 4 5");
    }

    #[test]
    fn misere_examples() {
        // POJ 3480 sample: 3 5 1 is won by the first player, 1 is lost.
        assert_eq!(misere_nim(&[3, 5, 1]).0, Outcome::Next);
        assert_eq!(misere_nim(&[1]).0, Outcome::Previous);
        assert_eq!(misere_nim(&[1, 1]).0, Outcome::Next);
        assert_eq!(misere_nim(&[0]).0, Outcome::Next);
    }

    #[test]
    fn huge_heaps_use_the_formula() {
        let p = Nim::new(vec![u64::MAX, 1 << 63, 12345]);
        let w = p.winning_moves();
        assert!(!w.is_empty());
        for m in w {
            assert_eq!(p.play(&m).outcome(), Outcome::Previous);
        }
    }

    #[test]
    fn closed_form_matches_search() {
        let rules = HeapRules {
            rule: Arc::new(NimRule),
            example: "nim 3 4 5",
            max_heaps: 3,
        };
        let r = crate::solution::check(
            crate::analysis::erased::Rules::small_positions(&rules, 6),
            Limits::default(),
        )
        .unwrap();
        assert!(r.misere_checked > 0 && r.grundy_checked == r.positions);
    }
}
