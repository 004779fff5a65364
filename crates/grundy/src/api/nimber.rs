//! Nim arithmetic on nimbers below 2^128, with operands as a player writes
//! them (`5` or `*5`): the sum is XOR, the product is Conway's nim product
//! (J. H. Conway, *On Numbers and Games*, 1976, ch. 6), under which the
//! nimbers below 2^128 form a field.

use thiserror::Error;

use crate::api::Error;
use crate::nimber::field::{nim_inv128, nim_mul128};

/// An operand that is not a nimber below 2^128, or a division by zero.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum NimberError {
    /// Not a whole number.
    #[error("`{word}` is not a nimber: write a whole number such as `5` or `*5`")]
    NotANimber {
        /// The operand as given.
        word: String,
    },
    /// A whole number of 2^128 or more.
    #[error("`{word}` is too large: nimbers here must be below 2^128")]
    TooLarge {
        /// The operand as given.
        word: String,
    },
    /// Zero, where its inverse is needed.
    #[error("`{word}` is 0, which has no nim inverse")]
    NoInverse {
        /// The operand as given.
        word: String,
    },
}

/// Reads `5` or `*5` as the nimber 5.
///
/// # Errors
/// [`NimberError::NotANimber`] or [`NimberError::TooLarge`], naming the word.
pub fn parse(word: &str) -> Result<u128, NimberError> {
    let digits = word.strip_prefix('*').unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NimberError::NotANimber {
            word: word.to_string(),
        });
    }
    digits.parse().map_err(|_| NimberError::TooLarge {
        word: word.to_string(),
    })
}

/// The nim sum `a ⊕ b` (bitwise XOR).
///
/// # Errors
/// [`Error::Nimber`] for an operand that is not a nimber below 2^128.
///
/// ```
/// assert_eq!(grundy::api::nimber::add("3", "*5").unwrap(), 6);
/// ```
pub fn add(a: &str, b: &str) -> Result<u128, Error> {
    Ok(parse(a)? ^ parse(b)?)
}

/// The nim product `a ⊗ b`.
///
/// # Errors
/// [`Error::Nimber`] for an operand that is not a nimber below 2^128.
///
/// ```
/// assert_eq!(grundy::api::nimber::mul("2", "2").unwrap(), 3);
/// ```
pub fn mul(a: &str, b: &str) -> Result<u128, Error> {
    Ok(nim_mul128(parse(a)?, parse(b)?))
}

/// The nim inverse: the `b` with `a ⊗ b = 1`.
///
/// # Errors
/// [`Error::Nimber`] for an operand that is not a nimber below 2^128, or 0.
///
/// ```
/// assert_eq!(grundy::api::nimber::inv("2").unwrap(), 3);
/// ```
pub fn inv(a: &str) -> Result<u128, Error> {
    Ok(inverse(a, parse(a)?)?)
}

/// The nim quotient `a ⊘ b = a ⊗ b⁻¹`.
///
/// # Errors
/// [`Error::Nimber`] for an operand that is not a nimber below 2^128, or a
/// divisor of 0.
///
/// ```
/// assert_eq!(grundy::api::nimber::div("1", "3").unwrap(), 2);
/// ```
pub fn div(a: &str, b: &str) -> Result<u128, Error> {
    let a = parse(a)?;
    Ok(nim_mul128(a, inverse(b, parse(b)?)?))
}

/// The nim product of two nimbers already read, for front ends whose
/// operands are numbers (the Python package's `Nimber`).
///
/// ```
/// assert_eq!(grundy::api::nimber::product(4, 4), 6);
/// ```
pub fn product(a: u128, b: u128) -> u128 {
    nim_mul128(a, b)
}

/// The nim quotient `a ⊘ b` of two nimbers already read.
///
/// # Errors
/// [`Error::Nimber`] ([`NimberError::NoInverse`]) for `b = 0`.
///
/// ```
/// assert_eq!(grundy::api::nimber::quotient(1, 3).unwrap(), 2);
/// assert!(grundy::api::nimber::quotient(1, 0).is_err());
/// ```
pub fn quotient(a: u128, b: u128) -> Result<u128, Error> {
    Ok(nim_mul128(a, inverse(&b.to_string(), b)?))
}

fn inverse(word: &str, a: u128) -> Result<u128, NimberError> {
    nim_inv128(a).ok_or_else(|| NimberError::NoInverse {
        word: word.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_of_four_by_hand() {
        // The nimbers 0..4 form GF(4) (Conway, ONAG ch. 6): 2 ⊗ 3 = 1, 3 ⊗ 3 = 2.
        assert_eq!(mul("*2", "3"), Ok(1));
        assert_eq!(mul("3", "3"), Ok(2));
        assert_eq!(div("2", "3"), Ok(3));
        assert_eq!(inv("3"), Ok(2));
        assert_eq!(add("6", "3"), Ok(5));
        // 2^127 ⊕ 2^127 = 0 at the top of the range.
        let top = (1u128 << 127).to_string();
        assert_eq!(add(&top, &top), Ok(0));
    }

    #[test]
    fn bad_operands_are_named() {
        let not = |w: &str| Error::Nimber(NimberError::NotANimber { word: w.into() });
        assert_eq!(add("x", "3"), Err(not("x")));
        assert_eq!(mul("12", "*"), Err(not("*")));
        assert_eq!(add("-1", "3"), Err(not("-1")));
        let big = "340282366920938463463374607431768211456"; // 2^128
        assert_eq!(
            inv(big),
            Err(Error::Nimber(NimberError::TooLarge { word: big.into() }))
        );
        assert_eq!(
            div("5", "*0"),
            Err(Error::Nimber(NimberError::NoInverse { word: "*0".into() }))
        );
        assert_eq!(
            inv("0").unwrap_err().to_string(),
            "`0` is 0, which has no nim inverse"
        );
    }
}
