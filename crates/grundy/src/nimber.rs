//! Nimbers: the values of impartial games.
//!
//! A position of an impartial game is equivalent to a single Nim heap `*n`
//! (Sprague–Grundy theorem); [`Nimber`] is that `n`. Adding games adds their
//! nimbers, and nimber addition is bitwise XOR.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub mod field;
mod mex;

pub use mex::Mex;

/// The value `*n` of an impartial game. `+` is nim addition (XOR).
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(3) + Nimber(5), Nimber(6));
/// assert_eq!(Nimber(7) + Nimber(7), Nimber::ZERO);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// `*0`, the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// The value as an integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `*0`.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

// Nim addition is XOR by definition.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

/// Nim multiplication (see [`field`]): `*2 ⊗ *2 = *3`.
impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(crate::nimber::field::nim_mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// Parses `5` or `*5`.
impl FromStr for Nimber {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<Nimber, Self::Err> {
        s.strip_prefix('*').unwrap_or(s).parse().map(Nimber)
    }
}

/// The minimum excludant: the least nimber not among `values`.
///
/// # Complexity
/// O(k) time and memory for k values.
///
/// ```
/// use grundy::{mex, Nimber};
/// assert_eq!(mex([0, 1, 3].map(Nimber)), Nimber(2));
/// assert_eq!(mex([]), Nimber(0));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let values: Vec<u64> = values.into_iter().map(|v| v.0).collect();
    Nimber(Mex::default().of(&values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_examples() {
        assert_eq!(mex([Nimber(1), Nimber(2)]), Nimber(0));
        assert_eq!(mex([Nimber(0), Nimber(0), Nimber(1)]), Nimber(2));
        assert_eq!(mex([Nimber(u64::MAX), Nimber(0)]), Nimber(1));
    }

    #[test]
    fn parse_and_show() {
        assert_eq!("*7".parse::<Nimber>().unwrap(), Nimber(7));
        assert_eq!("12".parse::<Nimber>().unwrap(), Nimber(12));
        assert_eq!(Nimber(4).to_string(), "*4");
    }
}
