//! Luogu P5675 \[GZOI2017\] 取石子游戏: count the schemes the first player loses.
//!
//! Both published bounds are accepted: Luogu's (N ≤ 200, piles ≤ 200) and the
//! contest's (N ≤ 1000, piles below 512), i.e. N ≤ 1000 and 1 ≤ a_i ≤ 511.

use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::designated_nim::losing_schemes;

/// The answer's modulus.
const MODULUS: u64 = 1_000_000_007;

/// Luogu P5675.
pub const LUOGU_P5675: Problem = Problem {
    name: "luogu-p5675",
    source:
        "Luogu P5675 [GZOI2017] 取石子游戏 (Nim with a designated first pile; count mod 10^9+7)",
    solve: solve_p5675,
    generate: generate_p5675,
};

/// N ≤ 1000 piles of 1 to 511; the number of losing schemes mod 10^9+7.
fn solve_p5675(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let piles = t.counted(("N", 1, 1000), ("a pile a_i", 1, 511))?;
    t.finish()?;
    Ok(format!("{}\n", losing_schemes(&piles, MODULUS)))
}

fn generate_p5675(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let (n, top) = if max {
        (1000, 511)
    } else {
        (r.range(1, 5), r.range(1, 7))
    };
    w.counted((0..n).map(|_| r.range(1, top)));
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;
    use crate::solve::Searcher;
    use crate::{Outcome, Play};

    #[test]
    fn samples() {
        // Source: Luogu P5675 samples.
        assert_eq!(solve_p5675("3\n2 4 5\n").unwrap(), "5\n");
        assert_eq!(solve_p5675("3\n1 2 2\n").unwrap(), "6\n");
    }

    #[test]
    fn agrees_with_every_scheme_searched() {
        let mut search = Searcher::new(Play::Normal);
        for seed in 0..40 {
            let input = generate_p5675(seed, false);
            let mut t = Tokens::new(&input);
            let n = t.count("N", 1, 9).unwrap();
            let piles: Vec<u64> = (0..n).map(|_| t.uint("a", 1, 9).unwrap()).collect();
            let mut losing = 0;
            for set in 1u32..1 << n {
                for d in (0..n).filter(|&d| set >> d & 1 == 1) {
                    let wins = (0..piles[d]).any(|left| {
                        let after = (0..n)
                            .filter(|&i| set >> i & 1 == 1)
                            .map(|i| if i == d { left } else { piles[i] })
                            .collect();
                        search.solve(&Nim::new(after)).unwrap().outcome == Outcome::Previous
                    });
                    losing += u64::from(!wins);
                }
            }
            assert_eq!(
                solve_p5675(&input).unwrap(),
                format!("{losing}\n"),
                "{input}"
            );
        }
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(solve_p5675("2\n1 512\n").is_err());
        assert!(solve_p5675("2\n1 0\n").is_err());
        assert!(solve_p5675("3\n1 2\n").is_err());
        assert!(solve_p5675("1001\n").is_err());
        solve_p5675(&generate_p5675(9, true)).unwrap();
    }
}
