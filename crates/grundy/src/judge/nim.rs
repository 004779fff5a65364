//! Luogu P2197 【模板】nim 游戏: plain Nim.

use super::{cases, generated, JudgeError, Problem};
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
    cases(input, ("T", 1, 10), |t, _| {
        let heaps = t.counted(("n", 1, 10_000), ("a pile", 0, 9_999))?;
        let wins = Nim::new(heaps).outcome() == Outcome::Next;
        Ok(if wins { "Yes\n" } else { "No\n" })
    })
}

fn generate_p2197(seed: u64, max: bool) -> String {
    let (n, a) = if max { (10_000, 9_999) } else { (6, 7) };
    generated(seed, max, (10, 5), |r, w, _| {
        let n = if max { n } else { r.range(1, n) };
        w.counted((0..n).map(|_| r.range(0, a)));
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
        // Source: Luogu P2197 sample.
        assert_eq!(solve_p2197("2\n2\n1 1\n2\n1 0\n").unwrap(), "No\nYes\n");
    }

    #[test]
    fn hand_checked_cases() {
        // An empty heap leaves no move: the first player loses. 1 ⊕ 2 ⊕ 3 = 0
        // loses; 1 ⊕ 2 ⊕ 4 = 7 wins; one heap is taken whole.
        let input = "4\n1\n0\n3\n1 2 3\n3\n1 2 4\n1\n9999\n";
        assert_eq!(solve_p2197(input).unwrap(), "No\nNo\nYes\nYes\n");
    }

    #[test]
    fn generated_inputs_agree_with_search() {
        let mut search = Searcher::new(Play::Normal);
        agrees_on_generated(&LUOGU_P2197, 20, ("T", 1, 10), |t| {
            let n = t.count("n", 1, 10_000).unwrap();
            let heaps = (0..n).map(|_| t.uint("a", 0, 9_999).unwrap()).collect();
            let o = search.solve(&Nim::new(heaps)).unwrap().outcome;
            (if o == Outcome::Next { "Yes\n" } else { "No\n" }).into()
        });
        // At the full constraints: ten cases, one answer each.
        let out = solve_p2197(&generate_p2197(1, true)).unwrap();
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), 10);
        assert!(answers.iter().all(|a| *a == "Yes" || *a == "No"), "{out}");
    }
}
