//! HDU 1846 Brave Game: the Bash game, take 1 to m from one pile.

use std::sync::Arc;

use super::{cases, generated, JudgeError, Problem};
use crate::games::subtraction::{Subtraction, SubtractionRule};
use crate::solution::Solution;
use crate::Outcome;

/// HDU 1846.
pub const HDU_1846: Problem = Problem {
    name: "hdu-1846",
    source: "HDU 1846 Brave Game (Bash game)",
    solve: solve_1846,
    generate: generate_1846,
};

/// C ≤ 100 lines `n m` with 1 ≤ n, m ≤ 1000; `first` iff the first player wins.
fn solve_1846(input: &str) -> Result<String, JudgeError> {
    cases(input, ("C", 0, 100), |t, _| {
        let n = t.uint("n", 1, 1000)?;
        let m = t.uint("m", 1, 1000)?;
        let rule = SubtractionRule::bash(m).map_err(|e| t.invalid(e.to_string()))?;
        let pile = Subtraction::with_rule(Arc::new(rule), vec![n]);
        let first = pile.outcome() == Outcome::Next;
        Ok(if first { "first\n" } else { "second\n" })
    })
}

fn generate_1846(seed: u64, max: bool) -> String {
    let top = if max { 1000 } else { 12 };
    generated(seed, max, (100, 6), |r, w, _| {
        w.numbers([r.range(1, top), r.range(1, top / 2)]);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::agrees_on_generated;
    use crate::solve::Searcher;
    use crate::Play;

    #[test]
    fn sample() {
        // Source: HDU 1846 sample.
        assert_eq!(solve_1846("2\n23 2\n4 3\n").unwrap(), "first\nsecond\n");
    }

    #[test]
    fn agrees_with_search() {
        agrees_on_generated(&HDU_1846, 40, ("C", 0, 100), |t| {
            let n = t.uint("n", 1, 99).unwrap();
            let m = t.uint("m", 1, 99).unwrap();
            let pile = Subtraction::with_rule(Arc::new(SubtractionRule::bash(m).unwrap()), vec![n]);
            let o = Searcher::new(Play::Normal).solve(&pile).unwrap().outcome;
            (if o == Outcome::Next {
                "first\n"
            } else {
                "second\n"
            })
            .into()
        });
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_1846("1\n0 3\n").is_err());
        assert!(solve_1846("2\n1 3\n").is_err());
        solve_1846(&generate_1846(5, true)).unwrap();
    }
}
