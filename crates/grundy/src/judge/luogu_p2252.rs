//! Luogu P2252 \[SHOI2002\] 取石子游戏 (【模板】威佐夫博弈): Wythoff's game, one line.

use super::poj1067::{random_pair, wythoff_line, MAX_HEAP};
use super::{rng, InputWriter, JudgeError, Problem, Tokens};

/// Luogu P2252.
pub const LUOGU_P2252: Problem = Problem {
    name: "luogu-p2252",
    source: "Luogu P2252 [SHOI2002] 取石子游戏 (Wythoff's game)",
    solve: solve_p2252,
    generate: generate_p2252,
};

/// One line `a b` (a, b ≤ 10^9): `1` if the first player wins, else `0`
/// (the statement's `-1`, "cannot be determined", never applies).
fn solve_p2252(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let mut out = String::new();
    wythoff_line(&mut t, &mut out)?;
    t.finish()?;
    Ok(out)
}

fn generate_p2252(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let (a, b) = random_pair(&mut r, if max { MAX_HEAP } else { 12 });
    w.line(format_args!("{a} {b}"));
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
        // Source: Luogu P2252 sample.
        assert_eq!(solve_p2252("8 4\n").unwrap(), "1\n");
    }

    #[test]
    fn malformed_input_names_the_token() {
        assert!(matches!(
            solve_p2252("8\n"),
            Err(JudgeError::Truncated { .. })
        ));
        let e = solve_p2252("8 4\n1 2\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: unexpected `1` after the last test case"
        );
        assert!(matches!(
            solve_p2252("-1 4"),
            Err(JudgeError::BadToken { line: 1, .. })
        ));
    }

    #[test]
    fn random_inputs_agree_with_search() {
        let mut search = Searcher::new(Play::Normal);
        for seed in 0..60 {
            let input = generate_p2252(seed, false);
            let nums: Vec<u64> = input
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            let p = Wythoff::new(nums[0], nums[1]);
            let wins = search.solve(&p).unwrap().outcome == Outcome::Next;
            assert_eq!(
                solve_p2252(&input).unwrap(),
                if wins { "1\n" } else { "0\n" }
            );
        }
        solve_p2252(&generate_p2252(1, true)).unwrap();
    }
}
