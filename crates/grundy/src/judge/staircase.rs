//! POJ 1704 Georgia and Bob: chessmen sliding left on a row, as Staircase Nim.
//!
//! The gaps between neighbouring chessmen, read from the right, are the steps
//! of a staircase: moving a chessman left by `d` takes `d` from the gap before
//! it and adds `d` to the gap after it, which is the step below. The gap after
//! the last chessman is not counted, so coins moved there leave the staircase.

use super::{cases, generated, JudgeError, Problem};
use crate::games::staircase::Staircase;
use crate::solution::Solution;
use crate::Outcome;

/// POJ 1704.
pub const POJ_1704: Problem = Problem {
    name: "poj-1704",
    source: "POJ 1704 Georgia and Bob (Staircase Nim)",
    solve: solve_1704,
    generate: generate_1704,
};

/// The staircase of a row of chessmen at distinct cells (numbered from 1):
/// step 1 is the gap before the rightmost chessman, the last step the gap
/// between the leftmost one and the edge.
pub fn chessmen_staircase(cells: &[u64]) -> Staircase {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut steps: Vec<u64> = Vec::with_capacity(sorted.len());
    let mut prev = 0;
    for &c in &sorted {
        steps.push(c - prev - 1);
        prev = c;
    }
    steps.reverse();
    Staircase::new(steps).expect("cells below 2^32 cannot overflow a u64 total")
}

/// T ≤ 20 cases of N ≤ 1000 distinct cells in 1..=10000.
fn solve_1704(input: &str) -> Result<String, JudgeError> {
    cases(input, ("T", 1, 20), |t, _| {
        let cells = t.counted(("N", 1, 1000), ("a position P_i", 1, 10_000))?;
        let mut seen = cells.clone();
        seen.sort_unstable();
        if let Some(w) = seen.windows(2).find(|w| w[0] == w[1]) {
            return Err(t.invalid(format!("two chessmen on cell {}", w[0])));
        }
        let georgia = chessmen_staircase(&cells).outcome() == Outcome::Next;
        Ok(if georgia {
            "Georgia will win\n"
        } else {
            "Bob will win\n"
        })
    })
}

fn generate_1704(seed: u64, max: bool) -> String {
    let width = if max { 10_000 } else { 9 };
    generated(seed, max, (20, 5), |r, w, _| {
        let n = if max { 1000 } else { r.range(1, 4) };
        let mut cells: Vec<u64> = Vec::new();
        while (cells.len() as u64) < n {
            let c = r.range(1, width);
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        w.line(format_args!("{n}"));
        w.numbers(cells);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::agrees_on_generated;
    use std::collections::HashMap;

    #[test]
    fn sample() {
        // Source: POJ 1704 sample.
        let input = "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n";
        assert_eq!(
            solve_1704(input).unwrap(),
            "Bob will win\nGeorgia will win\n"
        );
    }

    /// Whether the player to move wins, by trying every slide of the rules.
    fn wins(cells: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&cells) {
            return w;
        }
        let mut win = false;
        for i in 0..cells.len() {
            let floor = if i == 0 { 1 } else { cells[i - 1] + 1 };
            for to in floor..cells[i] {
                let mut next = cells.clone();
                next[i] = to;
                if !wins(next, memo) {
                    win = true;
                }
            }
        }
        memo.insert(cells, win);
        win
    }

    #[test]
    fn agrees_with_search_of_the_chessmen() {
        let mut memo = HashMap::new();
        agrees_on_generated(&POJ_1704, 80, ("T", 1, 20), |t| {
            let n = t.count("N", 1, 1000).unwrap();
            let mut cells: Vec<u64> = (0..n).map(|_| t.uint("P", 1, 99).unwrap()).collect();
            cells.sort_unstable();
            let georgia = wins(cells, &mut memo);
            (if georgia {
                "Georgia will win\n"
            } else {
                "Bob will win\n"
            })
            .into()
        });
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_1704("1\n2\n3 3\n").is_err());
        assert!(solve_1704("1\n2\n3 x\n").is_err());
        assert!(solve_1704("1\n2\n3 10001\n").is_err());
        solve_1704(&generate_1704(2, true)).unwrap();
    }
}
