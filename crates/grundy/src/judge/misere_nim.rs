//! Luogu P4279 \[SHOI2008\] 小约翰的游戏 (= POJ 3480 / HDU 1907 "John"): misère Nim.

use super::{cases, generated, JudgeError, Problem};
use crate::games::nim::Nim;
use crate::solution::Solution;
use crate::Outcome;

/// Luogu P4279 (same format as POJ 3480 and HDU 1907).
pub const LUOGU_P4279: Problem = Problem {
    name: "luogu-p4279",
    source: "Luogu P4279 [SHOI2008] 小约翰的游戏 = POJ 3480 / HDU 1907 John (misère Nim)",
    solve: solve_p4279,
    generate: generate_p4279,
};

/// T ≤ 500 cases of N ≤ 50 piles of 1 to 5000; `John` iff the first player
/// wins misère Nim (whoever takes the last stone loses).
fn solve_p4279(input: &str) -> Result<String, JudgeError> {
    cases(input, ("T", 1, 500), |t, _| {
        let piles = t.counted(("N", 1, 50), ("a pile", 1, 5_000))?;
        let first_wins = Nim::new(piles).misere_outcome() == Some(Outcome::Next);
        Ok(if first_wins { "John\n" } else { "Brother\n" })
    })
}

fn generate_p4279(seed: u64, max: bool) -> String {
    generated(seed, max, (500, 6), |r, w, _| {
        let n = if max { 50 } else { r.range(1, 4) };
        // Small inputs lean on 1-stone piles, where the misère rule differs.
        let top = if max { 5_000 } else { r.range(1, 4) };
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
        // Source: Luogu P4279 / POJ 3480 sample.
        assert_eq!(
            solve_p4279("2\n3\n3 5 1\n1\n1\n").unwrap(),
            "John\nBrother\n"
        );
    }

    #[test]
    fn agrees_with_misere_search() {
        let mut search = Searcher::new(Play::Misere);
        agrees_on_generated(&LUOGU_P4279, 60, ("T", 1, 500), |t| {
            let n = t.count("N", 1, 50).unwrap();
            let piles = (0..n).map(|_| t.uint("a", 1, 9).unwrap()).collect();
            let o = search.solve(&Nim::new(piles)).unwrap().outcome;
            (if o == Outcome::Next {
                "John\n"
            } else {
                "Brother\n"
            })
            .into()
        });
    }

    #[test]
    fn bad_input_names_the_token() {
        let err = solve_p4279("1\n2\n3 0\n").unwrap_err();
        assert!(err.to_string().starts_with("line 3:"), "{err}");
        assert!(matches!(
            solve_p4279("1\n2\n3"),
            Err(JudgeError::Truncated { .. })
        ));
        solve_p4279(&generate_p4279(3, true)).unwrap();
    }
}
