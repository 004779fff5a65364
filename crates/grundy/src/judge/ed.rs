//! Luogu P2148 \[SDOI2009\] E&D (= BZOJ 1228): groups of two piles.

use super::{cases, generated, JudgeError, Problem};
use crate::games::ed::Ed;
use crate::solution::Solution;
use crate::Outcome;

/// Luogu P2148.
pub const LUOGU_P2148: Problem = Problem {
    name: "luogu-p2148",
    source: "Luogu P2148 [SDOI2009] E&D = BZOJ 1228",
    solve: solve_p2148,
    generate: generate_p2148,
};

/// T ≤ 20 cases of an even N ≤ 2·10^4 piles of 1 to 2·10^9, paired in
/// order; `YES` iff the first player wins.
fn solve_p2148(input: &str) -> Result<String, JudgeError> {
    cases(input, ("T", 1, 20), |t, _| {
        let n = t.count("N", 1, 20_000)?;
        if n % 2 == 1 {
            return Err(t.invalid(format!("N = {n} is odd; the piles come in pairs")));
        }
        let mut groups = Vec::with_capacity(n / 2);
        for _ in 0..n / 2 {
            let a = t.uint("a pile S_i", 1, 2_000_000_000)?;
            let b = t.uint("a pile S_i", 1, 2_000_000_000)?;
            groups.push((a, b));
        }
        let game = Ed::new(groups).map_err(|e| t.invalid(e.to_string()))?;
        let first = game.outcome() == Outcome::Next;
        Ok(if first { "YES\n" } else { "NO\n" })
    })
}

fn generate_p2148(seed: u64, max: bool) -> String {
    generated(seed, max, (20, 4), |r, w, _| {
        let (n, top) = if max {
            (20_000, 2_000_000_000)
        } else {
            (2 * r.range(1, 2), r.range(1, 9))
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
        // Source: Luogu P2148 sample.
        let input = "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n";
        assert_eq!(solve_p2148(input).unwrap(), "YES\nNO\n");
    }

    #[test]
    fn agrees_with_search() {
        let mut search = Searcher::new(Play::Normal);
        agrees_on_generated(&LUOGU_P2148, 60, ("T", 1, 20), |t| {
            let n = t.count("N", 1, 4).unwrap();
            let piles: Vec<u64> = (0..n).map(|_| t.uint("S", 1, 9).unwrap()).collect();
            let game = Ed::new(piles.chunks(2).map(|c| (c[0], c[1])).collect()).unwrap();
            let o = search.solve(&game).unwrap().outcome;
            (if o == Outcome::Next { "YES\n" } else { "NO\n" }).into()
        });
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_p2148("1\n3\n1 2 3\n").is_err());
        assert!(solve_p2148("1\n2\n1 0\n").is_err());
        assert!(solve_p2148("1\n2\n1 2000000001\n").is_err());
        assert!(solve_p2148("1\n2\n1\n").is_err());
        solve_p2148(&generate_p2148(1, true)).unwrap();
    }
}
