//! POJ 1067 (= HDU 1527) 取石子游戏: Wythoff's game, many lines until EOF.

use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::wythoff::is_p_position;

/// POJ 1067.
pub const POJ_1067: Problem = Problem {
    name: "poj-1067",
    source: "POJ 1067 (= HDU 1527) 取石子游戏 (Wythoff's game)",
    solve: solve_1067,
    generate: generate_1067,
};

/// The largest heap.
pub(super) const MAX_HEAP: u64 = 1_000_000_000;

/// Reads one pair `a b` and answers `1` if the first player wins, else `0`.
pub(super) fn wythoff_line(t: &mut Tokens<'_>, out: &mut String) -> Result<(), JudgeError> {
    let a = t.uint("a", 0, MAX_HEAP)?;
    let b = t.uint("b", 0, MAX_HEAP)?;
    let first_wins = !is_p_position(&a.into(), &b.into());
    out.push_str(if first_wins { "1\n" } else { "0\n" });
    Ok(())
}

/// Lines `a b` (0 ≤ a, b ≤ 10^9) until the end of the input.
fn solve_1067(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let mut out = String::new();
    while !t.at_end() {
        wythoff_line(&mut t, &mut out)?;
    }
    Ok(out)
}

/// Random pairs, with a share of P-positions (which random pairs hardly hit).
pub(super) fn random_pair(r: &mut crate::rng::SplitMix64, hi: u64) -> (u64, u64) {
    if r.chance(1, 3) {
        // A Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) with k up to hi / 2.62.
        let k = r.range(0, hi * 100 / 262);
        let a = crate::beatty::PHI
            .floor_mul_u64(k)
            .and_then(|v| u64::try_from(v).ok())
            .expect("k is small");
        if r.chance(1, 2) {
            (a, a + k)
        } else {
            (a + k, a)
        }
    } else {
        (r.range(0, hi), r.range(0, hi))
    }
}

fn generate_1067(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let (lines, hi) = if max {
        (100_000, MAX_HEAP)
    } else {
        (r.range(1, 10), 12)
    };
    for _ in 0..lines {
        let (a, b) = random_pair(&mut r, hi);
        w.line(format_args!("{a} {b}"));
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wythoff::Wythoff;
    use crate::solve::Searcher;
    use crate::{Outcome, Play};

    #[test]
    fn sample() {
        // Source: POJ 1067 sample.
        assert_eq!(solve_1067("2 1\n8 4\n4 7\n").unwrap(), "0\n1\n0\n");
        assert_eq!(solve_1067("").unwrap(), "");
    }

    #[test]
    fn malformed_input_names_the_line() {
        let e = solve_1067("2 1\n8 four\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: `four` is not a non-negative integer (b)"
        );
        assert!(matches!(
            solve_1067("2 1\n8\n"),
            Err(JudgeError::Truncated { .. })
        ));
        assert!(matches!(
            solve_1067("1000000001 0\n"),
            Err(JudgeError::OutOfBounds { line: 1, .. })
        ));
    }

    #[test]
    fn near_the_top_fibonacci_pairs_are_exact() {
        // (F(43) − 1, F(44) − 1) is a P-position: k = F(42) puts k·φ just below an integer.
        assert_eq!(solve_1067("433494436 701408732\n").unwrap(), "0\n");
        assert_eq!(solve_1067("433494437 701408733\n").unwrap(), "1\n");
    }

    #[test]
    fn random_inputs_agree_with_search() {
        let mut search = Searcher::new(Play::Normal);
        for seed in 0..40 {
            let input = generate_1067(seed, false);
            let out = solve_1067(&input).unwrap();
            let nums: Vec<u64> = input
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            for (pair, line) in nums.chunks(2).zip(out.lines()) {
                let p = Wythoff::new(pair[0], pair[1]);
                let wins = search.solve(&p).unwrap().outcome == Outcome::Next;
                assert_eq!(line, if wins { "1" } else { "0" }, "{p}");
            }
        }
    }

    #[test]
    fn generated_inputs_are_valid() {
        let out = solve_1067(&generate_1067(3, true)).unwrap();
        assert_eq!(out.lines().count(), 100_000);
    }
}
