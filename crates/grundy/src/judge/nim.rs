//! Luogu P2197 【模板】nim 游戏: plain Nim.

use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::nim::Nim;
use crate::solution::Solution;
use crate::Outcome;

/// Luogu P2197.
pub const LUOGU_P2197: Problem = Problem {
    name: "luogu-p2197",
    source: "Luogu P2197 【模板】nim 游戏 (Nim)",
    solve: solve_p2197,
    generate: generate_p2197,
};

/// T ≤ 10 cases of n ≤ 10^4 heaps below 10^4; `Yes` iff the first player wins.
fn solve_p2197(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let cases = t.count("T", 1, 10)?;
    let mut out = String::new();
    for _ in 0..cases {
        let heaps = t.counted(("n", 1, 10_000), ("a pile", 0, 9_999))?;
        let wins = Nim::new(heaps).outcome() == Outcome::Next;
        out.push_str(if wins { "Yes\n" } else { "No\n" });
    }
    t.finish()?;
    Ok(out)
}

fn generate_p2197(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let (cases, n, a) = if max {
        (10, 10_000, 9_999)
    } else {
        (r.range(1, 5), 6, 7)
    };
    w.line(format_args!("{cases}"));
    for _ in 0..cases {
        let n = if max { n } else { r.range(1, n) };
        w.counted((0..n).map(|_| r.range(0, a)));
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample() {
        // Source: Luogu P2197 sample (shared/problems.md §5l).
        assert_eq!(solve_p2197("2\n2\n1 1\n2\n1 0\n").unwrap(), "No\nYes\n");
    }

    #[test]
    fn generated_inputs_are_valid() {
        for seed in 0..20 {
            solve_p2197(&generate_p2197(seed, false)).unwrap();
        }
        solve_p2197(&generate_p2197(1, true)).unwrap();
    }
}
