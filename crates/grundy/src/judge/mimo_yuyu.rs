//! Codeforces 2155E Mimo & Yuyu: tokens walking left on a grid.

use super::{cases, generated, JudgeError, Problem};
use crate::games::mimo_yuyu::MimoYuyu;
use crate::solution::Solution;
use crate::Outcome;

/// The bound on n, m, k and on the sum of k.
const LIMIT: u64 = 200_000;

/// Codeforces 2155E.
pub const CODEFORCES_2155E: Problem = Problem {
    name: "codeforces-2155e",
    source: "Codeforces 2155E Mimo & Yuyu (Round 1056, Div. 2)",
    solve: solve_2155e,
    generate: generate_2155e,
};

/// t ≤ 10^4 boards, each `n m k` (≤ 2·10^5) then k tokens `x y`; the sum of
/// k is at most 2·10^5. `Mimo` iff the first player wins.
fn solve_2155e(input: &str) -> Result<String, JudgeError> {
    let mut total = 0;
    cases(input, ("t", 1, 10_000), |t, _| {
        let n = t.uint("n", 1, LIMIT)? as u32;
        let m = t.uint("m", 1, LIMIT)? as u32;
        let k = t.count("k", 1, LIMIT as usize)?;
        total += k;
        if total > LIMIT as usize {
            return Err(t.invalid(format!("the sum of k exceeds {LIMIT}")));
        }
        let mut tokens = Vec::with_capacity(k);
        for _ in 0..k {
            let x = t.uint("a row x_i", 1, u64::from(n))? as u32;
            let y = t.uint("a column y_i", 1, u64::from(m))? as u32;
            tokens.push((x, y));
        }
        let board = MimoYuyu::new(n, m, tokens).map_err(|e| t.invalid(e.to_string()))?;
        let mimo = board.outcome() == Outcome::Next;
        Ok(if mimo { "Mimo\n" } else { "Yuyu\n" })
    })
}

fn generate_2155e(seed: u64, max: bool) -> String {
    // Full constraints: a few big boards and many small ones, 2·10^5 tokens in all.
    generated(seed, max, (1000, 4), |r, w, cases| {
        let (n, m, k) = if max {
            (r.range(1, LIMIT), r.range(1, LIMIT), LIMIT / cases)
        } else {
            (r.range(1, 3), r.range(1, 4), r.range(1, 3))
        };
        w.line(format_args!("{n} {m} {k}"));
        for _ in 0..k {
            w.numbers([r.range(1, n), r.range(1, m)]);
        }
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
        // Source: Codeforces 2155E sample, partly
        // reconstructed (the last two tokens of test 7, in some order) and
        // with derived outputs; the answer depends only on the multiset of tokens.
        let input = "7\n6 4 3\n2 3\n4 2\n6 4\n1 1 1\n1 1\n3 2 4\n1 1\n1 2\n2 2\n3 2\n\
                     20 4 3\n10 4\n20 2\n1 3\n1 5 1\n1 3\n2 3 5\n2 1\n1 2\n1 2\n2 3\n1 3\n\
                     6 4 11\n6 3\n5 3\n4 3\n3 3\n2 3\n2 3\n2 2\n3 2\n4 2\n4 2\n4 1\n";
        assert_eq!(
            solve_2155e(input).unwrap(),
            "Mimo\nYuyu\nMimo\nMimo\nYuyu\nYuyu\nYuyu\n"
        );
    }

    #[test]
    fn agrees_with_search() {
        let mut search = Searcher::new(Play::Normal);
        agrees_on_generated(&CODEFORCES_2155E, 60, ("t", 1, 9), |t| {
            let n = t.uint("n", 1, 3).unwrap() as u32;
            let m = t.uint("m", 1, 4).unwrap() as u32;
            let k = t.count("k", 1, 3).unwrap();
            let mut cell = || {
                let x = t.uint("x", 1, 3).unwrap() as u32;
                (x, t.uint("y", 1, 4).unwrap() as u32)
            };
            let tokens = (0..k).map(|_| cell()).collect();
            let board = MimoYuyu::new(n, m, tokens).unwrap();
            let o = search.solve(&board).unwrap().outcome;
            (if o == Outcome::Next {
                "Mimo\n"
            } else {
                "Yuyu\n"
            })
            .into()
        });
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_2155e("1\n2 2 1\n3 1\n").is_err());
        assert!(solve_2155e("1\n2 2 2\n1 1\n").is_err());
        assert!(solve_2155e("1\n2 2 1\n1 y\n").is_err());
        solve_2155e(&generate_2155e(3, true)).unwrap();
    }
}
