//! Take-and-break codes: `0.07`, `.6`, `4.0`, `0.8`, Grundy's game, subtraction sets.
//!
//! In a code `d0.d1d2d3…` the digit `dk` says what a move that takes `k`
//! tokens from one heap may leave: bit 1 nothing (the heap had exactly `k`),
//! bit 2 one heap, bit 4 two non-empty heaps, bit 8 three non-empty heaps
//! (hexadecimal digits 8–F). `d0` (before the point) concerns splitting
//! without taking; only its bits 4 and 8 mean anything, so it is 0, 4, 8 or C.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::subtraction_set::{SubtractionSet, MAX_SUBTRACTION};

/// The most digits after the point of a code written out (the most tokens
/// a move may take): as many as a subtraction set may take
/// ([`MAX_SUBTRACTION`]), so that the code a set prints as reads back.
pub const MAX_DIGITS: usize = MAX_SUBTRACTION as usize;

/// A rule for one heap: a take-and-break code or Grundy's game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapCode {
    /// A take-and-break code; `digits[k]` is the digit for taking `k` tokens.
    Code(Vec<u8>),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    Grundy,
}

/// Why a code did not parse.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseCodeError {
    /// Nothing was given.
    #[error("empty rule; write an octal code such as `0.07`, or a name such as `kayles`")]
    Empty,
    /// A character that is not a hexadecimal digit.
    #[error("`{digit}` in `{code}` is not a digit 0-9 or A-F; write codes as `0.07` or `0.8F`")]
    BadDigit {
        /// The code given.
        code: String,
        /// The bad character.
        digit: char,
    },
    /// More than one point, or none.
    #[error("`{code}` needs exactly one point, as in `0.137` or `.6`")]
    Points {
        /// The code given.
        code: String,
    },
    /// More than one digit before the point, or a sign.
    #[error("`{code}` has `{head}` before its point, where one digit (0, 4, 8 or C) or none goes, as in `0.137`, `4.4` or `.6`")]
    Head {
        /// The code given.
        code: String,
        /// What stands before the point.
        head: String,
    },
    /// A digit before the point other than 0, 4, 8, C.
    #[error("the digit `{digit}` before the point of `{code}` must be 0, 4, 8 or C (splitting without taking)")]
    BadLeading {
        /// The code given.
        code: String,
        /// The digit.
        digit: char,
    },
    /// A code with no move at all.
    #[error("`{code}` allows no move at all; give at least one non-zero digit")]
    NoMove {
        /// The code given.
        code: String,
    },
    /// Too many digits.
    #[error("`{code}` has more than {MAX_DIGITS} digits after the point")]
    TooLong {
        /// The code given.
        code: String,
    },
    /// A subtraction set that takes more than [`MAX_SUBTRACTION`] tokens.
    #[error(
        "a subtraction set taking up to {largest} tokens is beyond the limit of {MAX_SUBTRACTION}"
    )]
    SetTooLarge {
        /// The set's largest element.
        largest: u64,
    },
}

impl HeapCode {
    /// The subtraction game with set `set` as the code with digit 3 at each
    /// element (take `s`, leaving one heap or none).
    ///
    /// # Errors
    /// [`ParseCodeError::SetTooLarge`] for an element above
    /// [`MAX_SUBTRACTION`] (a `bash:K` set; parsed sets never have one).
    pub fn subtraction(set: &SubtractionSet) -> Result<HeapCode, ParseCodeError> {
        let largest = set.largest();
        if largest > MAX_SUBTRACTION {
            return Err(ParseCodeError::SetTooLarge { largest });
        }
        let mut digits = vec![0u8; largest as usize + 1];
        for s in set.elements() {
            digits[s as usize] = 3;
        }
        Ok(HeapCode::Code(digits))
    }

    /// The digit for taking `k` tokens (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        match self {
            HeapCode::Code(d) => d.get(k).copied().unwrap_or(0),
            HeapCode::Grundy => u8::from(k == 0) * 4,
        }
    }

    /// The digits, index `k` for taking `k`.
    pub fn digits(&self) -> &[u8] {
        match self {
            HeapCode::Code(d) => d,
            HeapCode::Grundy => &[4],
        }
    }

    /// The most tokens a move takes (`t` of the Guy–Smith theorem).
    pub fn max_take(&self) -> usize {
        self.digits().len() - 1
    }

    /// The most heaps a move leaves (1, 2 or 3).
    pub fn max_parts(&self) -> usize {
        let all = self.digits().iter().fold(0, |a, d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether Grundy's game's rule "the two heaps must differ" applies.
    pub fn unequal(&self) -> bool {
        matches!(self, HeapCode::Grundy)
    }
}

impl FromStr for HeapCode {
    type Err = ParseCodeError;

    /// Parses a code (`0.07`, `.07`, `4.0`, `0.8F`, `grundy`), with or
    /// without `octal:` before it; names such as `kayles` are the
    /// catalog's (the octal game resolves them before it asks for a code).
    fn from_str(text: &str) -> Result<HeapCode, ParseCodeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseCodeError::Empty);
        }
        let lower = text.to_ascii_lowercase();
        let name = lower.strip_prefix("octal:").unwrap_or(&lower);
        if name == "grundy" {
            return Ok(HeapCode::Grundy);
        }
        parse_digits(text, name)
    }
}

fn parse_digits(text: &str, code: &str) -> Result<HeapCode, ParseCodeError> {
    let mut parts = code.split('.');
    let (Some(head), Some(tail), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(ParseCodeError::Points { code: text.into() });
    };
    if tail.len() > MAX_DIGITS {
        return Err(ParseCodeError::TooLong { code: text.into() });
    }
    // The error is built only for a bad digit: built eagerly it copied the
    // whole text once per digit, quadratic in a long code.
    let digit = |c: char| {
        c.to_digit(16)
            .map(|d| d as u8)
            .ok_or_else(|| ParseCodeError::BadDigit {
                code: text.into(),
                digit: c,
            })
    };
    let lead = match head {
        "" => 0,
        h if h.chars().count() == 1 => digit(h.chars().next().unwrap_or('0'))?,
        h => {
            return Err(ParseCodeError::Head {
                code: text.into(),
                head: h.into(),
            })
        }
    };
    if lead & 3 != 0 {
        return Err(ParseCodeError::BadLeading {
            code: text.into(),
            digit: head.chars().next().unwrap_or('?'),
        });
    }
    let mut digits = vec![lead];
    for c in tail.chars() {
        digits.push(digit(c)?);
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.iter().all(|&d| d == 0) {
        return Err(ParseCodeError::NoMove { code: text.into() });
    }
    Ok(HeapCode::Code(digits))
}

/// Canonical form: `0.07` (leading digit always written, upper-case hex),
/// `grundy` for Grundy's game.
impl fmt::Display for HeapCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapCode::Grundy => f.write_str("grundy"),
            HeapCode::Code(d) => {
                write!(f, "{:X}.", d[0])?;
                if d.len() == 1 {
                    f.write_str("0")?;
                }
                d[1..].iter().try_for_each(|x| write!(f, "{x:X}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subtraction_set_as_large_as_allowed_prints_as_a_code_that_reads_back() {
        for largest in [4097, 22768, MAX_SUBTRACTION] {
            let set = SubtractionSet::parse(&format!("1,{largest}")).unwrap();
            let code = HeapCode::subtraction(&set).unwrap();
            let text = code.to_string();
            assert_eq!(text.len(), 2 + largest as usize);
            assert_eq!(text.parse::<HeapCode>().unwrap(), code);
        }
        let past = format!("0.{}3", "0".repeat(MAX_DIGITS));
        assert!(matches!(
            past.parse::<HeapCode>(),
            Err(ParseCodeError::TooLong { .. })
        ));
    }

    #[test]
    fn codes_print_back_canonically() {
        for (text, canon) in [
            ("0.07", "0.07"),
            (".07", "0.07"),
            ("0.770", "0.77"),
            ("4.0", "4.0"),
            ("4.", "4.0"),
            ("0.8f", "0.8F"),
            ("octal:grundy", "grundy"),
        ] {
            assert_eq!(text.parse::<HeapCode>().unwrap().to_string(), canon);
        }
    }

    #[test]
    fn what_stands_before_the_point_is_named() {
        for (code, head) in [("10.7", "10"), ("-0.7", "-0")] {
            let err = code.parse::<HeapCode>().unwrap_err();
            assert_eq!(
                err,
                ParseCodeError::Head {
                    code: code.into(),
                    head: head.into()
                }
            );
            assert!(
                err.to_string().contains("one digit (0, 4, 8 or C) or none"),
                "{err}"
            );
        }
        assert!(matches!(
            "0.1.2".parse::<HeapCode>(),
            Err(ParseCodeError::Points { .. })
        ));
    }

    #[test]
    fn bad_codes_are_refused() {
        assert!(matches!(
            "0.8x".parse::<HeapCode>(),
            Err(ParseCodeError::BadDigit { digit: 'x', .. })
        ));
        assert!(matches!(
            "1.2.3".parse::<HeapCode>(),
            Err(ParseCodeError::Points { .. })
        ));
        assert_eq!("".parse::<HeapCode>(), Err(ParseCodeError::Empty));
        assert!(matches!(
            "1.2".parse::<HeapCode>(),
            Err(ParseCodeError::BadLeading { .. })
        ));
        assert!(matches!(
            "0.000".parse::<HeapCode>(),
            Err(ParseCodeError::NoMove { .. })
        ));
        assert!(matches!(
            "07".parse::<HeapCode>(),
            Err(ParseCodeError::Points { .. })
        ));
    }

    #[test]
    fn shape_of_a_code() {
        let c: HeapCode = "0.137".parse().unwrap();
        assert_eq!((c.max_take(), c.max_parts()), (3, 2));
        let s = HeapCode::subtraction(&SubtractionSet::Finite(vec![1, 3, 4])).unwrap();
        assert_eq!(s.to_string(), "0.3033");
        assert_eq!(s.max_parts(), 1);
        assert_eq!("0.8".parse::<HeapCode>().unwrap().max_parts(), 3);
    }
}
