//! Contest problems in their judges' exact formats.
//!
//! Each [`Problem`] reads the judge's input and writes exactly the judge's
//! output, by calling the library's game modules (never a stand-alone
//! formula of its own). Input is read by tokens, so line breaks and extra
//! spaces do not matter unless the format depends on them; a malformed input
//! is a [`JudgeError`] naming the line and the token, and no output at all.
//!
//! `generate` writes a random valid input from a seed: small, or at the full
//! stated constraints, for stress tests and benchmarks.

use std::fmt::Write as _;

use thiserror::Error;

use crate::rng::SplitMix64;

pub mod bash;
pub mod coins;
pub mod designated_nim;
pub mod ed;
pub mod ends;
pub mod football;
pub mod gcj_2008_king;
pub mod geography_grid;
pub mod hdu2516;
pub mod luogu_p1971;
pub mod luogu_p2252;
pub mod luogu_p4055;
pub mod mimo_yuyu;
pub mod misere_nim;
pub mod nim;
pub mod poj1067;
pub mod staircase;

/// A contest problem that `grundy judge` answers.
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    /// The name typed on the command line, e.g. `luogu-p2197`.
    pub name: &'static str,
    /// The problem's title and where it is from.
    pub source: &'static str,
    /// Reads the whole input, returns the whole output.
    pub solve: fn(&str) -> Result<String, JudgeError>,
    /// A random valid input from a seed; `max` asks for the full constraints.
    pub generate: fn(seed: u64, max: bool) -> String,
}

/// Every problem, in the order `grundy judge --list` shows them.
pub const PROBLEMS: &[Problem] = &[
    nim::LUOGU_P2197,
    misere_nim::LUOGU_P4279,
    staircase::POJ_1704,
    bash::HDU_1846,
    ed::LUOGU_P2148,
    ends::LUOGU_P2599,
    designated_nim::LUOGU_P5675,
    mimo_yuyu::CODEFORCES_2155E,
    football::POJ_2315,
    hdu2516::HDU_2516,
    poj1067::POJ_1067,
    luogu_p2252::LUOGU_P2252,
    coins::HDU_3537,
    coins::LUOGU_P2594,
    luogu_p4055::LUOGU_P4055,
    gcj_2008_king::GCJ_2008_KING,
    luogu_p1971::LUOGU_P1971,
];

/// The problem named `name`.
pub fn problem(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|p| p.name == name)
}

/// A malformed input.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum JudgeError {
    /// The input ended where more was expected.
    #[error("input ended early: expected {expected}")]
    Truncated {
        /// What was expected.
        expected: String,
    },
    /// A token that is not what the format says.
    #[error("line {line}: `{token}` is not {expected}")]
    BadToken {
        /// The line, from 1.
        line: usize,
        /// The token.
        token: String,
        /// What was expected.
        expected: String,
    },
    /// A number outside the stated bounds.
    #[error("line {line}: {what} = {value} is outside the problem's bounds {lo}..={hi}")]
    OutOfBounds {
        /// The line, from 1.
        line: usize,
        /// What the number is.
        what: String,
        /// The number, as text.
        value: String,
        /// The least allowed.
        lo: String,
        /// The largest allowed.
        hi: String,
    },
    /// Anything else the format forbids.
    #[error("line {line}: {message}")]
    Invalid {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// The scaffold of a judge whose input is a count of cases and then the
/// cases: reads the count (`what` in `lo..=hi`), gives each case's tokens
/// and its number (from 1) to `answer`, joins the answers, and refuses
/// anything after the last case.
///
/// # Errors
/// A count out of bounds, the first error of `answer`, or text after the
/// last case.
pub(crate) fn cases<S: AsRef<str>>(
    input: &str,
    (what, lo, hi): (&str, usize, usize),
    mut answer: impl FnMut(&mut Tokens<'_>, usize) -> Result<S, JudgeError>,
) -> Result<String, JudgeError> {
    let mut t = Tokens::new(input);
    let count = t.count(what, lo, hi)?;
    let mut out = String::new();
    for case in 1..=count {
        out.push_str(answer(&mut t, case)?.as_ref());
    }
    t.finish()?;
    Ok(out)
}

/// The scaffold of a generator whose input is a count of cases and then the
/// cases: `max` cases at the full constraints, else 1 to `few`; the count
/// on the first line, then each case as `case` writes it (given the rng,
/// the writer and the count).
pub(crate) fn generated(
    seed: u64,
    max: bool,
    (max_cases, few): (u64, u64),
    mut case: impl FnMut(&mut SplitMix64, &mut InputWriter, u64),
) -> String {
    let mut r = rng(seed);
    let mut w = InputWriter::default();
    let cases = if max { max_cases } else { r.range(1, few) };
    w.line(format_args!("{cases}"));
    for _ in 0..cases {
        case(&mut r, &mut w, cases);
    }
    w.finish()
}

/// The judge's answers to the small inputs its generator makes from seeds
/// `0..seeds`, against `expected`: it reads one case from the tokens
/// (after the count, `what` in `lo..=hi`) and answers it from the game's
/// rules (an exhaustive search), as the judge's output writes it.
#[cfg(test)]
pub(crate) fn agrees_on_generated(
    problem: &Problem,
    seeds: u64,
    count: (&str, usize, usize),
    mut expected: impl FnMut(&mut Tokens<'_>) -> String,
) {
    for seed in 0..seeds {
        let input = (problem.generate)(seed, false);
        let want = cases(&input, count, |t, _| Ok(expected(t))).unwrap();
        assert_eq!((problem.solve)(&input).unwrap(), want, "{input}");
    }
}

/// Reads an input token by token, remembering lines for error messages.
pub struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    /// A reader over the whole input.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.pos..];
        let skipped = rest.len() - rest.trim_start().len();
        self.line += rest[..skipped].matches('\n').count();
        self.pos += skipped;
    }

    /// Whether only white space is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos == self.text.len()
    }

    /// The next token, if any.
    pub fn next_token(&mut self) -> Option<&'a str> {
        self.skip_space();
        let rest = &self.text[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.pos += len;
        Some(&rest[..len])
    }

    /// The next token, or [`JudgeError::Truncated`].
    ///
    /// # Errors
    /// The input has ended.
    pub fn word(&mut self, expected: &str) -> Result<&'a str, JudgeError> {
        self.next_token().ok_or_else(|| JudgeError::Truncated {
            expected: expected.to_string(),
        })
    }

    /// The next token as a non-negative integer in `lo..=hi`.
    ///
    /// # Errors
    /// [`JudgeError::Truncated`] when the input has ended, else as
    /// [`Tokens::bounded`].
    pub fn uint(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64, JudgeError> {
        let token = self.word(what)?;
        self.bounded(token, what, lo, hi)
    }

    /// `token`, read on the current line, as a non-negative integer in
    /// `lo..=hi`.
    ///
    /// # Errors
    /// [`JudgeError::BadToken`] when it is not a number;
    /// [`JudgeError::OutOfBounds`] when it is outside `lo..=hi`, however
    /// many digits it has.
    pub fn bounded(&self, token: &str, what: &str, lo: u64, hi: u64) -> Result<u64, JudgeError> {
        let out_of_bounds = || JudgeError::OutOfBounds {
            line: self.line,
            what: what.to_string(),
            value: token.to_string(),
            lo: lo.to_string(),
            hi: hi.to_string(),
        };
        let value: u64 = match token.parse() {
            Ok(v) => v,
            // Too many digits for a u64: far past any bound.
            Err(_) if token.bytes().all(|b| b.is_ascii_digit()) => return Err(out_of_bounds()),
            Err(_) => {
                return Err(JudgeError::BadToken {
                    line: self.line,
                    token: token.to_string(),
                    expected: format!("a non-negative integer ({what})"),
                })
            }
        };
        if value < lo || value > hi {
            return Err(out_of_bounds());
        }
        Ok(value)
    }

    /// The next token as a count (`usize`) in `lo..=hi`.
    ///
    /// # Errors
    /// As [`Tokens::uint`].
    pub fn count(&mut self, what: &str, lo: usize, hi: usize) -> Result<usize, JudgeError> {
        Ok(self.uint(what, lo as u64, hi as u64)? as usize)
    }

    /// A count within `count = (what, lo, hi)`, then that many integers
    /// within `item = (what, lo, hi)`: the "n, then n numbers" shape of most
    /// judges' inputs.
    ///
    /// # Errors
    /// As [`Tokens::uint`], for the count or any item.
    pub fn counted(
        &mut self,
        count: (&str, usize, usize),
        item: (&str, u64, u64),
    ) -> Result<Vec<u64>, JudgeError> {
        let n = self.count(count.0, count.1, count.2)?;
        (0..n).map(|_| self.uint(item.0, item.1, item.2)).collect()
    }

    /// An error at the current line.
    pub fn invalid(&self, message: impl Into<String>) -> JudgeError {
        JudgeError::Invalid {
            line: self.line,
            message: message.into(),
        }
    }

    /// Fails unless only white space is left.
    ///
    /// # Errors
    /// [`JudgeError::Invalid`] naming the first extra token.
    pub fn finish(&mut self) -> Result<(), JudgeError> {
        match self.next_token() {
            None => Ok(()),
            Some(t) => Err(self.invalid(format!("unexpected `{t}` after the last test case"))),
        }
    }
}

/// Builds an input text line by line: `lines.line(format_args!(...))`.
#[derive(Default)]
pub struct InputWriter {
    text: String,
}

impl InputWriter {
    /// Appends one line.
    pub fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.text.write_fmt(args).expect("writing to a String");
        self.text.push('\n');
    }

    /// Appends numbers separated by spaces, as one line.
    pub fn numbers<T: std::fmt::Display>(&mut self, values: impl IntoIterator<Item = T>) {
        let words: Vec<String> = values.into_iter().map(|v| v.to_string()).collect();
        self.text.push_str(&words.join(" "));
        self.text.push('\n');
    }

    /// A line with how many values there are, then a line of the values.
    pub fn counted<T: std::fmt::Display>(&mut self, values: impl IntoIterator<Item = T>) {
        let values: Vec<T> = values.into_iter().collect();
        self.line(format_args!("{}", values.len()));
        self.numbers(values);
    }

    /// The text.
    pub fn finish(self) -> String {
        self.text
    }
}

/// A generator seeded for a problem.
pub fn rng(seed: u64) -> SplitMix64 {
    SplitMix64::new(seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_track_lines() {
        let mut t = Tokens::new("3\n 4  5\n\nx");
        assert_eq!(t.uint("a", 0, 9).unwrap(), 3);
        assert_eq!(t.uint("b", 0, 9).unwrap(), 4);
        assert_eq!(t.line, 2);
        assert_eq!(
            t.uint("c", 0, 4),
            Err(JudgeError::OutOfBounds {
                line: 2,
                what: "c".into(),
                value: "5".into(),
                lo: "0".into(),
                hi: "4".into()
            })
        );
        let err = t.uint("d", 0, 9).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 4: `x` is not a non-negative integer (d)"
        );
        assert!(matches!(
            t.uint("e", 0, 9),
            Err(JudgeError::Truncated { .. })
        ));
    }

    #[test]
    fn a_number_of_too_many_digits_is_out_of_bounds_not_malformed() {
        let mut t = Tokens::new("99999999999999999999999 -5 1e3");
        assert_eq!(
            t.uint("T", 1, 10).unwrap_err().to_string(),
            "line 1: T = 99999999999999999999999 is outside the problem's bounds 1..=10"
        );
        for bad in ["-5", "1e3"] {
            assert_eq!(
                t.uint("n", 0, 9).unwrap_err().to_string(),
                format!("line 1: `{bad}` is not a non-negative integer (n)")
            );
        }
    }

    #[test]
    fn problem_names_are_unique() {
        for (i, p) in PROBLEMS.iter().enumerate() {
            assert!(PROBLEMS[..i].iter().all(|q| q.name != p.name));
        }
    }
}
