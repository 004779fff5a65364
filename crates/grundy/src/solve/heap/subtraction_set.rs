//! Subtraction sets, `1,3,4` or `1..K`: the one type for them, parsed here
//! for the catalog's `subtraction:S` and `bash:K` games and handed to the
//! take-and-break engine as a code ([`HeapCode::subtraction`]).
//!
//! [`HeapCode::subtraction`]: super::code::HeapCode::subtraction

use std::fmt;

use crate::game::{parse_u64, ParseError};

/// The largest element of a finite subtraction set, wherever one is used: the
/// catalog's `subtraction:S` (whose period search keeps a window of this many
/// values) and the take-and-break engine's `subtraction:S` (a code of this
/// many digits, [`super::code::HeapCode::subtraction`]).
pub const MAX_SUBTRACTION: u64 = 1_000_000;

/// A subtraction set: the one type for it, parsed here and handed to the
/// take-and-break engine as a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// `{1, …, K}` (the Bash game).
    UpTo(u64),
    /// A finite set, sorted, without repeats.
    Finite(Vec<u64>),
}

impl SubtractionSet {
    /// Parses numbers and ranges (`1,3,4` or `2..5,8`): `{1, …, K}` is
    /// [`UpTo`](SubtractionSet::UpTo), any other set
    /// [`Finite`](SubtractionSet::Finite).
    ///
    /// # Errors
    /// An empty entry, 0, a range that runs backwards, or a number above
    /// [`MAX_SUBTRACTION`].
    pub fn parse(text: &str) -> Result<SubtractionSet, ParseError> {
        let set = parse_set(text)?;
        let k = set.len() as u64;
        Ok(if set.last() == Some(&k) {
            SubtractionSet::UpTo(k)
        } else {
            SubtractionSet::Finite(set)
        })
    }

    /// The elements, increasing.
    pub fn elements(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            SubtractionSet::UpTo(k) => Box::new(1..=*k),
            SubtractionSet::Finite(s) => Box::new(s.iter().copied()),
        }
    }

    /// The largest element.
    pub fn largest(&self) -> u64 {
        match self {
            SubtractionSet::UpTo(k) => *k,
            SubtractionSet::Finite(s) => s.last().copied().unwrap_or(0),
        }
    }
}

/// Numbers and ranges, sorted and without repeats.
fn parse_set(text: &str) -> Result<Vec<u64>, ParseError> {
    let mut set = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(ParseError::Inconsistent {
                what: format!("subtraction set `{text}` has an empty entry"),
                fix: "write it as `subtraction:1,3,4`".into(),
            });
        }
        let (lo, hi) = match part.split_once("..") {
            Some((a, b)) => (parse_amount(a)?, parse_amount(b.trim_start_matches('='))?),
            None => (parse_amount(part)?, parse_amount(part)?),
        };
        if lo > hi {
            return Err(ParseError::Inconsistent {
                what: format!("range `{part}` runs backwards"),
                fix: format!("write the smaller end first: `{hi}..{lo}`"),
            });
        }
        set.extend(lo..=hi);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

fn parse_amount(word: &str) -> Result<u64, ParseError> {
    let n = parse_u64(word.trim(), "a number of tokens to take")?;
    if n == 0 {
        // The docs show this line word for word (reference/exit-codes.md).
        return Err(ParseError::Inconsistent {
            what: "a subtraction set holds positive numbers".into(),
            fix: "0 would let a player pass forever".into(),
        });
    }
    if n > MAX_SUBTRACTION {
        return Err(ParseError::TooLarge {
            token: word.trim().to_string(),
            what: "an element of a finite subtraction set (use bash:K for 1..K)".into(),
            max: MAX_SUBTRACTION.to_string(),
        });
    }
    Ok(n)
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionSet::UpTo(k) => write!(f, "1..{k}"),
            SubtractionSet::Finite(s) => {
                let words: Vec<String> = s.iter().map(u64::to_string).collect();
                f.write_str(&words.join(","))
            }
        }
    }
}
