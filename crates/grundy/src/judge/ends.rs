//! Luogu P2599 \[ZJOI2009\] 取石子游戏 (= BZOJ 1413): take from the ends of a row.

use super::{cases, generated, JudgeError, Problem};
use crate::games::ends::Ends;
use crate::solution::Solution;
use crate::Outcome;

/// Luogu P2599.
pub const LUOGU_P2599: Problem = Problem {
    name: "luogu-p2599",
    source:
        "Luogu P2599 [ZJOI2009] 取石子游戏 = BZOJ 1413 (take from the leftmost or rightmost pile)",
    solve: solve_p2599,
    generate: generate_p2599,
};

/// T ≤ 10 rows of n ≤ 1000 piles of 1 to 10^9; `1` iff the first player wins.
fn solve_p2599(input: &str) -> Result<String, JudgeError> {
    cases(input, ("T", 1, 10), |t, _| {
        let piles = t.counted(("n", 1, 1000), ("a pile a_i", 1, 1_000_000_000))?;
        let row = Ends::new(piles).map_err(|e| t.invalid(e.to_string()))?;
        Ok(if row.outcome() == Outcome::Next {
            "1\n"
        } else {
            "0\n"
        })
    })
}

fn generate_p2599(seed: u64, max: bool) -> String {
    generated(seed, max, (10, 4), |r, w, _| {
        let (n, top) = if max {
            (1000, 1_000_000_000)
        } else {
            (r.range(1, 5), r.range(1, 4))
        };
        w.counted((0..n).map(|_| r.range(1, top)));
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
        // Source: Luogu P2599 sample.
        assert_eq!(solve_p2599("1\n4\n3 1 9 4\n").unwrap(), "0\n");
    }

    #[test]
    fn agrees_with_search() {
        let mut search = Searcher::new(Play::Normal);
        agrees_on_generated(&LUOGU_P2599, 60, ("T", 1, 10), |t| {
            let n = t.count("n", 1, 5).unwrap();
            let piles = (0..n).map(|_| t.uint("a", 1, 4).unwrap()).collect();
            let o = search.solve(&Ends::new(piles).unwrap()).unwrap().outcome;
            (if o == Outcome::Next { "1\n" } else { "0\n" }).into()
        });
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_p2599("1\n2\n3 0\n").is_err());
        assert!(solve_p2599("11\n").is_err());
        assert!(solve_p2599("1\n2\n3 4 5\n").is_err());
        solve_p2599(&generate_p2599(4, true)).unwrap();
    }
}
