//! Coin-turning judges: HDU 3537 (Mock Turtles) and Luogu P2594 (the
//! connected-block grid game), answered by [`crate::games::coins`].

use super::{rng, InputWriter, JudgeError, Problem, Tokens};
use crate::games::coins::grid::block_exponent;
use crate::games::coins::values::{NamedRule, RowValues};

/// HDU 3537 Daizhenyang's Coin.
pub const HDU_3537: Problem = Problem {
    name: "hdu-3537",
    source: "HDU 3537 Daizhenyang's Coin (Mock Turtles)",
    solve: solve_3537,
    generate: generate_3537,
};

/// Luogu P2594 \[ZJOI2009\] 染色游戏.
pub const LUOGU_P2594: Problem = Problem {
    name: "luogu-p2594",
    source: "Luogu P2594 [ZJOI2009] 染色游戏 (2-D coin turning, connected blocks)",
    solve: solve_2594,
    generate: generate_2594,
};

/// Cases until end of input: n ≤ 100 listed heads below 10^8, repeats
/// allowed (a coin is heads once however often it is listed). `Yes` iff the
/// first player loses.
fn solve_3537(input: &str) -> Result<String, JudgeError> {
    let rule = NamedRule::parse("mock-turtles").expect("a catalog rule");
    let values = RowValues::new(rule.rule);
    let mut t = Tokens::new(input);
    let mut out = String::new();
    while !t.at_end() {
        let n = t.count("n", 0, 100)?;
        let mut heads = (0..n)
            .map(|_| t.uint("a head-up coin", 0, 99_999_999))
            .collect::<Result<Vec<_>, _>>()?;
        heads.sort_unstable();
        heads.dedup();
        let total = heads.iter().fold(0, |x, &c| x ^ values.value(c));
        out.push_str(if total == 0 { "Yes\n" } else { "No\n" });
    }
    Ok(out)
}

fn generate_3537(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let (cases, n, coin) = if max {
        (1000, 100, 99_999_999)
    } else {
        (r.range(1, 6), 5, 7)
    };
    for _ in 0..cases {
        let n = if max { n } else { r.range(0, n) };
        w.counted((0..n).map(|_| r.range(0, coin)));
    }
    w.finish()
}

/// T ≤ 50 boards of n × m ≤ 100 × 100; `T` cells are the active coins (a
/// move's pivot goes from T to H). `-_-` iff the first player wins.
fn solve_2594(input: &str) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let cases = t.count("T", 1, 50)?;
    let mut out = String::new();
    for _ in 0..cases {
        let n = t.uint("n", 1, 100)?;
        let m = t.uint("m", 1, 100)?;
        // Every value is a power of 2, up to 2^198: one parity bit per exponent.
        let mut parity = [false; 200];
        for r in 0..n {
            let row = t.word("a row of the board")?;
            if row.chars().count() as u64 != m {
                return Err(t.invalid(format!("row `{row}` should have {m} characters")));
            }
            for (c, ch) in row.chars().enumerate() {
                if ch != 'H' {
                    parity[block_exponent(r, c as u64) as usize] ^= true;
                }
            }
        }
        let wins = parity.iter().any(|&p| p);
        out.push_str(if wins { "-_-\n" } else { "=_=\n" });
    }
    t.finish()?;
    Ok(out)
}

fn generate_2594(seed: u64, max: bool) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let cases = if max { 50 } else { r.range(1, 5) };
    w.line(format_args!("{cases}"));
    for _ in 0..cases {
        let (n, m) = if max {
            (100, 100)
        } else {
            (r.range(1, 3), r.range(1, 3))
        };
        w.line(format_args!("{n} {m}"));
        for _ in 0..n {
            let row: String = (0..m)
                .map(|_| if r.chance(1, 2) { 'H' } else { 'T' })
                .collect();
            w.line(format_args!("{row}"));
        }
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::erased::Rules;
    use crate::games::coins::grid::GridRules;
    use crate::games::coins::RowRules;
    use crate::solve::Searcher;
    use crate::{Outcome, Play};

    #[test]
    fn samples() {
        // Source: HDU 3537 sample.
        assert_eq!(
            solve_3537("0\n1\n0\n4\n0 1 2 3\n").unwrap(),
            "Yes\nNo\nYes\n"
        );
        // Source: Luogu P2594 sample.
        let input = "3\n2 3\nHHH\nHHH\n2 3\nHHH\nTTH\n2 1\nT\nH\n";
        assert_eq!(solve_2594(input).unwrap(), "=_=\n-_-\n-_-\n");
    }

    #[test]
    fn repeated_coins_count_once_and_bad_input_is_named() {
        // Coin 0 listed twice is one head: a first-player win.
        assert_eq!(solve_3537("2\n0 0\n").unwrap(), "No\n");
        assert!(solve_3537("2\n0\n").is_err());
        assert!(solve_3537("1\n100000000\n").is_err());
        assert!(solve_2594("1\n2 2\nHH\nH\n").is_err());
    }

    #[test]
    fn hdu_3537_agrees_with_search_on_random_rows() {
        let rules = RowRules::new(NamedRule::parse("mock-turtles").unwrap());
        let mut search = Searcher::new(Play::Normal);
        for seed in 0..40 {
            let input = generate_3537(seed, false);
            let answers = solve_3537(&input).unwrap();
            let mut t = Tokens::new(&input);
            for answer in answers.lines() {
                let n = t.count("n", 0, 100).unwrap();
                let mut coins: Vec<String> =
                    (0..n).map(|_| t.word("c").unwrap().to_string()).collect();
                coins.sort();
                coins.dedup();
                let words: Vec<&str> = coins.iter().map(String::as_str).collect();
                let p = rules.parse_position(&words).unwrap();
                let lost = search.solve(&p).unwrap().outcome == Outcome::Previous;
                assert_eq!(answer == "Yes", lost, "{input}");
            }
        }
    }

    #[test]
    fn luogu_p2594_agrees_with_search_on_random_boards() {
        let rules = GridRules::parse("block").unwrap().unwrap();
        let mut search = Searcher::new(Play::Normal);
        for seed in 0..40 {
            let input = generate_2594(seed, false);
            let output = solve_2594(&input).unwrap();
            let mut t = Tokens::new(&input);
            t.word("T").unwrap();
            for answer in output.lines() {
                let (n, _m) = (t.uint("n", 1, 3).unwrap(), t.uint("m", 1, 3).unwrap());
                let mut cells = Vec::new();
                for r in 0..n {
                    for (c, ch) in t.word("row").unwrap().chars().enumerate() {
                        if ch != 'H' {
                            cells.push(format!("{r},{c}"));
                        }
                    }
                }
                let words: Vec<&str> = cells.iter().map(String::as_str).collect();
                let p = rules.parse_position(&words).unwrap();
                let wins = search.solve(&p).unwrap().outcome == Outcome::Next;
                assert_eq!(answer == "-_-", wins, "{input}");
            }
        }
    }

    #[test]
    fn generated_inputs_are_valid() {
        for seed in 0..10 {
            solve_3537(&generate_3537(seed, false)).unwrap();
            solve_2594(&generate_2594(seed, false)).unwrap();
        }
        solve_3537(&generate_3537(1, true)).unwrap();
        solve_2594(&generate_2594(1, true)).unwrap();
    }
}
