//! HDU 2516 取石子游戏: Fibonacci Nim from a starting heap.

use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::fibonacci::FibonacciNim;
use crate::solution::Solution;
use crate::Outcome;

/// HDU 2516.
pub const HDU_2516: Problem = Problem {
    name: "hdu-2516",
    source: "HDU 2516 取石子游戏 (Fibonacci Nim)",
    solve: solve_2516,
    generate: generate_2516,
};

/// The largest heap: n < 2^31.
const MAX_N: u64 = (1 << 31) - 1;

/// One heap per line, 2 ≤ n < 2^31, until a line `0`; `Second win` iff the
/// first player loses.
fn solve_2516(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let mut out = String::new();
    loop {
        let token = t.word("a heap n, or 0 to end the input")?;
        if token == "0" {
            break;
        }
        let n = t.bounded(token, "n", 2, MAX_N)?;
        let start = FibonacciNim::start(n.into()).map_err(|e| t.invalid(e.to_string()))?;
        let first_wins = start.outcome() == Outcome::Next;
        out.push_str(if first_wins {
            "First win\n"
        } else {
            "Second win\n"
        });
    }
    t.finish()?;
    Ok(out)
}

fn generate_2516(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let (cases, hi) = if max {
        (10_000, MAX_N)
    } else {
        (r.range(1, 8), 40)
    };
    for _ in 0..cases {
        w.line(format_args!("{}", r.range(2, hi)));
    }
    w.line(format_args!("0"));
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Searcher;
    use crate::Play;

    #[test]
    fn sample() {
        // Source: HDU 2516 sample.
        assert_eq!(
            solve_2516("2\n13\n10000\n0\n").unwrap(),
            "Second win\nSecond win\nFirst win\n"
        );
    }

    #[test]
    fn malformed_input_names_the_line() {
        let e = solve_2516("5\nx\n0\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: `x` is not a non-negative integer (n)"
        );
        assert!(matches!(
            solve_2516("1\n0\n"),
            Err(JudgeError::OutOfBounds { line: 1, .. })
        ));
        assert!(matches!(
            solve_2516("5\n"),
            Err(JudgeError::Truncated { .. })
        ));
        assert!(solve_2516("5\n0\n7\n").is_err());
        assert!(solve_2516("2147483648\n0\n").is_err());
    }

    #[test]
    fn random_inputs_agree_with_search() {
        let mut search = Searcher::new(Play::Normal);
        for seed in 0..30 {
            let input = generate_2516(seed, false);
            let out = solve_2516(&input).unwrap();
            let heaps = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
            for (n, line) in heaps.take_while(|&n| n != 0).zip(out.lines()) {
                let start = FibonacciNim::start(n.into()).unwrap();
                let first_wins = search.solve(&start).unwrap().outcome == Outcome::Next;
                assert_eq!(
                    line,
                    if first_wins {
                        "First win"
                    } else {
                        "Second win"
                    },
                    "{n}"
                );
            }
        }
    }

    #[test]
    fn generated_inputs_are_valid() {
        let out = solve_2516(&generate_2516(7, true)).unwrap();
        assert_eq!(out.lines().count(), 10_000);
    }
}
