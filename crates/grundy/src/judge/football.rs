//! POJ 2315 Football Game: the judge's accepted model, which is not the true game.
//!
//! The statement: N balls at distances S_i from the goal; a turn shoots 1 to
//! M balls, each by a whole number of girths 2πR, at most L in length; whoever
//! cannot move loses. As a game this is Moore's Nim_M on the piles
//! `a_i = ⌈S_i / 2πR⌉` with a cap `r = ⌊L / 2πR⌋` on what one move takes from
//! each pile.
//!
//! The judge's data follow the model that accepted solutions use, which this
//! solver reproduces: compute `a_i` and `r` in double precision as they do
//! (`(int)(S/(2πR)) + 1`, `(int)(L/(2πR))`), reduce each pile to its Bash
//! value `a_i mod (r+1)` ([`SubtractionRule::bash`]), then apply Moore's test
//! ([`Moore`]): Bob wins iff every binary digit is set in a multiple of M+1
//! of the reduced piles.
//!
//! **Where the model is wrong.** Reducing by `mod (r+1)` and then applying
//! Moore's theorem is exact for M = 1 (Nim of Bash games) but not for M ≥ 2:
//! with M = 2 and r = 3 the piles (1, 1, 4, 6) are a loss for the player to
//! move (exhaustive search), while the model reduces them to (1, 1, 0, 2) and
//! calls them a win. The test `model_differs_from_the_true_game` shows it.
//! No mismatch occurs with three piles or fewer of up to 8.

use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::heaps::HeapSolution;
use crate::games::moore::Moore;
use crate::games::subtraction::SubtractionRule;
use crate::solution::Solution;
use crate::Outcome;

/// POJ 2315.
pub const POJ_2315: Problem = Problem {
    name: "poj-2315",
    source: "POJ 2315 Football Game (Moore's Nim_M with a cap; the judge's model)",
    solve: solve_2315,
    generate: generate_2315,
};

/// The piles and the per-pile cap as the accepted solutions compute them.
pub fn judge_piles(distances: &[u64], shot: u64, radius: u64) -> (Vec<u64>, u64) {
    let girth = 2.0 * std::f64::consts::PI * radius as f64;
    let piles = distances
        .iter()
        .map(|&s| (s as f64 / girth) as u64 + 1)
        .collect();
    (piles, (shot as f64 / girth) as u64)
}

/// Whether Alice (the first player) wins in the judge's model.
pub fn alice_wins(m: usize, piles: &[u64], cap: u64) -> bool {
    let Ok(bash) = SubtractionRule::bash(cap) else {
        return false; // cap 0: no ball can move
    };
    let reduced = piles.iter().map(|&a| bash.heap_grundy(a).0).collect();
    Moore::new(m, reduced).outcome() == Outcome::Next
}

/// Cases until the end of input: `N M L R` (1 ≤ M ≤ N ≤ 30, 0 < L < 10^8,
/// 0 < R < 10^4) then N distances 0 < S_i < 10^8.
fn solve_2315(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let mut out = String::new();
    while !t.at_end() {
        let n = t.count("N", 1, 30)?;
        let m = t.count("M", 1, n)?;
        let shot = t.uint("L", 1, 99_999_999)?;
        let radius = t.uint("R", 1, 9_999)?;
        let distances = (0..n)
            .map(|_| t.uint("a distance S_i", 1, 99_999_999))
            .collect::<Result<Vec<_>, _>>()?;
        let (piles, cap) = judge_piles(&distances, shot, radius);
        out.push_str(if alice_wins(m, &piles, cap) {
            "Alice\n"
        } else {
            "Bob\n"
        });
    }
    Ok(out)
}

fn generate_2315(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let cases = if max { 1000 } else { r.range(1, 5) };
    for _ in 0..cases {
        if max {
            let n = r.range(1, 30);
            let (l, rad) = (r.range(1, 99_999_999), r.range(1, 9_999));
            w.numbers([n, r.range(1, n), l, rad]);
            w.numbers((0..n).map(|_| r.range(1, 99_999_999)));
        } else {
            // R = 1: piles of up to 8 girths, caps of up to 7.
            let n = r.range(1, 3);
            w.numbers([n, r.range(1, n), r.range(1, 50), 1]);
            w.numbers((0..n).map(|_| r.range(1, 50)));
        }
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn sample() {
        // Source: POJ 2315 sample.
        let input = "2 1 30 1\n8 14\n2 1 30 1\n8 12\n2 1 30 1\n8 10\n2 1 30 1\n40 200\n";
        assert_eq!(solve_2315(input).unwrap(), "Alice\nBob\nBob\nBob\n");
    }

    /// Whether the player to move wins the true game: take 1 to `cap` from
    /// each of 1 to `k` non-empty piles, by exhaustive search.
    fn true_game_wins(
        piles: Vec<u64>,
        k: usize,
        cap: u64,
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&piles) {
            return w;
        }
        let mut win = false;
        let n = piles.len();
        for set in 1u32..1 << n {
            let chosen: Vec<usize> = (0..n).filter(|&i| set >> i & 1 == 1).collect();
            if chosen.len() > k || chosen.iter().any(|&i| piles[i] == 0) {
                continue;
            }
            // Every combination of amounts 1..=cap (bounded by the pile) on the chosen piles.
            let mut amounts = vec![1u64; chosen.len()];
            loop {
                let mut next = piles.clone();
                chosen
                    .iter()
                    .zip(&amounts)
                    .for_each(|(&i, &d)| next[i] -= d);
                next.sort_unstable();
                if !true_game_wins(next, k, cap, memo) {
                    win = true;
                }
                let Some(pos) = (0..chosen.len()).find(|&j| amounts[j] < cap.min(piles[chosen[j]]))
                else {
                    break;
                };
                amounts[pos] += 1;
                amounts[..pos].iter_mut().for_each(|a| *a = 1);
            }
        }
        memo.insert(piles, win);
        win
    }

    #[test]
    fn model_differs_from_the_true_game() {
        // R = 1, L = 20 gives r = 3; the distances give piles 1, 1, 4, 6.
        let input = "4 2 20 1\n1 1 20 33\n";
        let (piles, cap) = judge_piles(&[1, 1, 20, 33], 20, 1);
        assert_eq!((piles.clone(), cap), (vec![1, 1, 4, 6], 3));
        assert_eq!(solve_2315(input).unwrap(), "Alice\n");
        let mut memo = HashMap::new();
        assert!(
            !true_game_wins(piles, 2, 3, &mut memo),
            "search: a loss for Alice"
        );
    }

    #[test]
    fn agrees_with_the_true_game_where_the_model_is_exact() {
        // M = 1 always, and up to three balls for any M.
        for seed in 0..40 {
            let input = generate_2315(seed, false);
            let mut t = Tokens::new(&input);
            let mut expected = String::new();
            while !t.at_end() {
                let n = t.count("N", 1, 3).unwrap();
                let m = t.count("M", 1, n).unwrap();
                let (l, rad) = (t.uint("L", 1, 50).unwrap(), t.uint("R", 1, 1).unwrap());
                let s: Vec<u64> = (0..n).map(|_| t.uint("S", 1, 50).unwrap()).collect();
                let (mut piles, cap) = judge_piles(&s, l, rad);
                piles.sort_unstable();
                let wins = cap > 0 && true_game_wins(piles, m, cap, &mut HashMap::new());
                expected.push_str(if wins { "Alice\n" } else { "Bob\n" });
            }
            assert_eq!(solve_2315(&input).unwrap(), expected, "{input}");
        }
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_2315("2 3 30 1\n8 14\n").is_err());
        assert!(solve_2315("2 1 30 1\n8\n").is_err());
        assert!(solve_2315("2 1 30 0\n8 9\n").is_err());
        assert_eq!(solve_2315("").unwrap(), "");
        solve_2315(&generate_2315(8, true)).unwrap();
    }
}
