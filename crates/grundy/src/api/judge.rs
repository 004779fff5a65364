//! Contest problems in their judges' exact formats: find a problem by name,
//! answer an input, or write a random valid input.

use crate::api::Error;
pub use crate::judge::{JudgeError, Problem, PROBLEMS};

/// The problem named `name` (as `luogu-p2197`).
///
/// # Errors
/// [`Error::UnknownProblem`] for a name that is not in [`PROBLEMS`].
pub fn problem(name: &str) -> Result<&'static Problem, Error> {
    crate::judge::problem(name).ok_or_else(|| Error::UnknownProblem {
        name: name.to_string(),
    })
}

/// The judge's whole output for the whole `input`.
///
/// # Errors
/// [`Error::Judge`] for an input that breaks the problem's format or bounds,
/// naming the line and the token.
///
/// ```
/// use grundy::api::judge;
/// let nim = judge::problem("luogu-p2197").unwrap();
/// assert_eq!(judge::solve(nim, "1\n2\n1 2\n").unwrap(), "Yes\n");
/// ```
pub fn solve(problem: &Problem, input: &str) -> Result<String, Error> {
    // A UTF-8 byte-order mark (Windows editors write one) is not input.
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    (problem.solve)(input).map_err(|reason| Error::Judge {
        problem: problem.name.to_string(),
        reason: Box::new(reason),
    })
}

/// A random valid input from `seed`: small, or at the full stated
/// constraints when `max` is set.
pub fn generate(problem: &Problem, seed: u64, max: bool) -> String {
    (problem.generate)(seed, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_before_the_input_is_skipped() {
        let nim = problem("luogu-p2197").unwrap();
        assert_eq!(solve(nim, "\u{feff}1\n2\n1 2\n").unwrap(), "Yes\n");
    }

    #[test]
    fn unknown_names_and_malformed_inputs_are_typed() {
        assert_eq!(
            problem("luogu-p0000").unwrap_err().to_string(),
            "unknown problem `luogu-p0000`; `grundy judge --list` lists them"
        );
        let nim = problem("luogu-p2197").unwrap();
        let err = solve(nim, "1\n2\n1 x\n").unwrap_err();
        assert!(
            matches!(&err, Error::Judge { problem, reason } if problem == "luogu-p2197" && matches!(**reason, JudgeError::BadToken { line: 3, .. })),
            "{err:?}"
        );
        assert!(err
            .to_string()
            .starts_with("luogu-p2197: malformed input: line 3:"));
    }
}
