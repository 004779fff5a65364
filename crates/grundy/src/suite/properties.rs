//! Properties of the closed forms far beyond the reach of search.

use super::common;
use std::sync::Arc;

use crate::analysis::erased::AnalyzeOptions;
use crate::games::heaps::{HeapRule, HeapSolution, Heaps};
use crate::games::moore::Moore;
use crate::games::nim::{misere_nim, Nim};
use crate::games::staircase::Staircase;
use crate::games::subtraction::SubtractionRule;
use crate::solution::Solution;
use crate::solve::Limits;
use crate::{mex, Game, Nimber, Outcome};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Bouton: every winning move leads to a zero nim-sum, and from a zero
    /// nim-sum any move leaves a non-zero one.
    #[test]
    fn nim_winning_moves_reach_p(heaps in prop::collection::vec(any::<u64>(), 1..6)) {
        let p = Nim::new(heaps);
        let wins = p.winning_moves();
        prop_assert_eq!(wins.is_empty(), p.outcome() == Outcome::Previous);
        for m in &wins {
            prop_assert!(p.legal(m));
            let q = p.play(m);
            prop_assert_eq!(q.outcome(), Outcome::Previous);
            if let Some(any) = q.any_move() {
                prop_assert_eq!(q.play(&any).outcome(), Outcome::Next);
            }
        }
    }

    /// Misère Nim's winning move reaches a misère P-position.
    #[test]
    fn misere_nim_moves_reach_p(heaps in prop::collection::vec(0u64..1_000_000, 1..6)) {
        let (outcome, mv) = misere_nim(&heaps);
        if let Some((i, take)) = mv {
            let mut after = heaps.clone();
            after[i] -= take.0;
            prop_assert_eq!(misere_nim(&after).0, Outcome::Previous);
        } else {
            prop_assert!(outcome == Outcome::Previous || heaps.iter().all(|&h| h == 0));
        }
    }

    /// The periodic formula of a subtraction game satisfies the mex recurrence
    /// at heaps far past the computed table.
    #[test]
    fn subtraction_formula_is_a_fixed_point(n in 1_000_000u64..u64::MAX / 2, set in prop::sample::select(vec!["1,3,4", "2,5,6", "3,7,8", "1,4,9,16", "2..4,9"])) {
        let r = SubtractionRule::parse(set).unwrap();
        let options = r.heap_moves(n).iter().map(|m| r.heap_grundy(r.after(n, m)[0])).collect::<Vec<_>>();
        prop_assert_eq!(r.heap_grundy(n), mex(options));
    }

    /// Bash: G(n) = n mod (k+1) satisfies the recurrence at any size.
    #[test]
    fn bash_formula_is_a_fixed_point(n in 0u64..u64::MAX / 2, k in 1u64..50) {
        let r = SubtractionRule::bash(k).unwrap();
        let options = (1..=k.min(n)).map(|t| r.heap_grundy(n - t)).collect::<Vec<_>>();
        prop_assert_eq!(r.heap_grundy(n), mex(options));
    }

    /// Moore's winning move is legal and reaches a P-position, for any heaps.
    #[test]
    fn moore_winning_move(heaps in prop::collection::vec(any::<u64>(), 1..8), k in 1usize..6) {
        let p = Moore::new(k, heaps);
        match p.winning_move() {
            Some(m) => {
                prop_assert_eq!(p.outcome(), Outcome::Next);
                prop_assert!(p.legal(&m));
                prop_assert_eq!(p.play(&m).outcome(), Outcome::Previous);
            }
            None => prop_assert_eq!(p.outcome(), Outcome::Previous),
        }
    }

    /// Staircase Nim's winning moves reach P-positions.
    #[test]
    fn staircase_winning_moves(steps in prop::collection::vec(0u64..1 << 40, 1..8)) {
        let p = Staircase::new(steps).unwrap();
        for m in p.winning_moves() {
            prop_assert!(p.legal(&m));
            prop_assert_eq!(p.play(&m).outcome(), Outcome::Previous);
        }
    }

    /// A sum's value is the XOR of its parts' values.
    #[test]
    fn sum_value_is_xor(a in 0u64..1 << 50, b in 0u64..1 << 50, c in 0u64..1 << 30) {
        let text = format!("nim {a} + subtraction:1,3,4 {b} + staircase {c} 5");
        let words: Vec<&str> = text.split_whitespace().collect();
        let sum = common::game("sum").unwrap().parse(&words).unwrap();
        let (g, _) = sum.grundy(Limits::default()).unwrap();
        // Subtraction {1,3,4} has values 0 1 0 1 2 3 2 with period 7 from 0
        // (Winning Ways, ch. 4); staircase `c 5` is worth its odd step, c.
        let subtraction_134 = [0, 1, 0, 1, 2, 3, 2][(b % 7) as usize];
        prop_assert_eq!(g, Some(Nimber(a) + Nimber(subtraction_134) + Nimber(c)));
        let analysis = sum.analyze(&AnalyzeOptions::default()).unwrap();
        for m in analysis.winning_moves {
            let to: Vec<&str> = m.to.split_whitespace().collect();
            let next = common::game("sum").unwrap().parse(&to).unwrap();
            prop_assert_eq!(next.grundy(Limits::default()).unwrap().0, Some(Nimber::ZERO));
        }
    }

    /// Positions and moves print as text that parses back to the same thing.
    #[test]
    fn text_round_trips(heaps in prop::collection::vec(any::<u64>(), 1..6)) {
        let p = Nim::new(heaps);
        prop_assert_eq!(p.to_string().parse::<Nim>().unwrap(), p.clone());
        for m in p.winning_moves() {
            prop_assert_eq!(m.to_string().parse::<<Nim as Game>::Move>().unwrap(), m);
        }
        let rule = Arc::new(SubtractionRule::parse("2,5,6").unwrap());
        let s = Heaps::with_rule(rule, p.heaps().iter().map(|h| h % 1000).collect());
        for m in s.moves() {
            prop_assert_eq!(m.to_string().parse::<<Nim as Game>::Move>().unwrap(), m);
        }
    }
}
