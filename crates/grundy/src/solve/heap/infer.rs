//! The take-and-break code that a game's moves on single heaps agree with,
//! so that a game given only by its moves (a script) can have its period
//! proven by Guy–Smith ([`crate::solve::period`]).
//!
//! Each option of a heap of `n` that leaves heaps `h1, …, hm` (empty heaps
//! dropped) takes `k = n − Σh` tokens and sets bit 1, 2, 4 or 8 of digit
//! `k` as `m` is 0, 1, 2 or 3. The code so built is then held to every heap
//! seen: its option set for that heap must be the game's. What the code
//! says of larger heaps is an assumption the caller must state.
//!
//! # Complexity
//! `O(options)` to record the heaps; [`Inference::code`] lists the code's
//! options of every heap recorded, `O(n²)` for a code that splits heaps of
//! up to `n`.

use std::collections::BTreeSet;
use std::fmt;

use super::code::HeapCode;

/// An option: the heaps it leaves, sorted, without empty ones.
type Leaves = Vec<u64>;

/// Why no take-and-break code describes the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotACode {
    /// An option that no code has: more tokens than the heap had, more
    /// than three heaps, or a heap left as it was.
    Shape {
        /// The heap.
        heap: u64,
        /// The heaps the option leaves.
        option: Vec<u64>,
    },
    /// The moves of this heap differ from those of the code the other
    /// heaps imply.
    Mismatch {
        /// The heap.
        heap: u64,
    },
    /// No heap has a move.
    NoMove,
}

impl fmt::Display for NotACode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotACode::Shape { heap, option } => {
                let words: Vec<String> = option.iter().map(u64::to_string).collect();
                write!(f, "the option `{}` of a heap of {heap} is not a take-and-break move", words.join(" "))
            }
            NotACode::Mismatch { heap } => write!(
                f,
                "the moves of a heap of {heap} are not those of the take-and-break code the other heaps' moves imply"
            ),
            NotACode::NoMove => f.write_str("no heap has a move"),
        }
    }
}

/// The moves of heaps `0, 1, …`, recorded one heap at a time.
#[derive(Clone, Debug, Default)]
pub struct Inference {
    digits: Vec<u8>,
    heaps: Vec<BTreeSet<Leaves>>,
}

impl Inference {
    /// Nothing recorded.
    pub fn new() -> Inference {
        Inference::default()
    }

    /// How many heaps are recorded.
    pub fn heaps(&self) -> usize {
        self.heaps.len()
    }

    /// Records the options of the next heap (`heaps()` tokens), each given
    /// as the heaps it leaves.
    ///
    /// # Errors
    /// [`NotACode::Shape`] for an option no code has.
    pub fn record(&mut self, options: impl IntoIterator<Item = Vec<u64>>) -> Result<(), NotACode> {
        let n = self.heaps.len() as u64;
        let mut set = BTreeSet::new();
        for mut option in options {
            option.retain(|&h| h > 0);
            option.sort_unstable();
            let left = option.iter().try_fold(0u64, |a, &h| a.checked_add(h));
            let bad = || NotACode::Shape {
                heap: n,
                option: option.clone(),
            };
            let k = left.and_then(|left| n.checked_sub(left)).ok_or_else(bad)?;
            let bit = [1u8, 2, 4, 8].get(option.len()).copied().ok_or_else(bad)?;
            if k == 0 && option.len() < 2 {
                return Err(bad());
            }
            let k = k as usize;
            if self.digits.len() <= k {
                self.digits.resize(k + 1, 0);
            }
            self.digits[k] |= bit;
            set.insert(option);
        }
        self.heaps.push(set);
        Ok(())
    }

    /// The code the recorded moves imply, once it is checked to give every
    /// recorded heap exactly its options.
    ///
    /// # Errors
    /// [`NotACode::Mismatch`] at the first heap whose options differ;
    /// [`NotACode::NoMove`] when no heap has a move.
    pub fn code(&self) -> Result<HeapCode, NotACode> {
        let mut digits = self.digits.clone();
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(NotACode::NoMove);
        }
        let code = HeapCode::Code(digits);
        for (n, seen) in self.heaps.iter().enumerate() {
            if options_of(&code, n as u64) != *seen {
                return Err(NotACode::Mismatch { heap: n as u64 });
            }
        }
        Ok(code)
    }
}

/// The options of a heap of `n` under `code`, written from the code's
/// definition.
fn options_of(code: &HeapCode, n: u64) -> BTreeSet<Leaves> {
    let mut set = BTreeSet::new();
    for (k, &d) in code.digits().iter().enumerate() {
        let Some(r) = n.checked_sub(k as u64) else {
            break;
        };
        if k > 0 && r == 0 && d & 1 != 0 {
            set.insert(Vec::new());
        }
        if k > 0 && r > 0 && d & 2 != 0 {
            set.insert(vec![r]);
        }
        if d & 4 != 0 {
            set.extend((1..=r / 2).map(|a| vec![a, r - a]));
        }
        if d & 8 != 0 {
            for a in 1..=r / 3 {
                set.extend((a..=(r - a) / 2).map(|b| vec![a, b, r - a - b]));
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records heaps `0..len` whose options `moves` lists.
    fn infer(len: u64, moves: impl Fn(u64) -> Vec<Vec<u64>>) -> Result<HeapCode, NotACode> {
        let mut inf = Inference::new();
        for n in 0..len {
            inf.record(moves(n))?;
        }
        inf.code()
    }

    #[test]
    fn kayles_written_as_moves_is_the_code_0_77() {
        // Knock down one or two adjacent pins, leaving a pins and the rest.
        let kayles = |n: u64| {
            let mut o = Vec::new();
            for take in (1..=2).filter(|&t| t <= n) {
                o.extend((0..=(n - take) / 2).map(|a| vec![a, n - take - a]));
            }
            o
        };
        assert_eq!(infer(30, kayles).unwrap().to_string(), "0.77");
    }

    #[test]
    fn take_1_2_4_is_0_3303() {
        let take = |n: u64| {
            [1, 2, 4]
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| vec![n - k])
                .collect()
        };
        assert_eq!(infer(20, take).unwrap().to_string(), "0.3303");
    }

    #[test]
    fn halving_is_no_code() {
        // A heap of 4 may become 2 + 2, but a heap of 5 cannot become 1 + 4.
        let halve = |n: u64| {
            let mut o: Vec<Vec<u64>> = [1, 2, 4]
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| vec![n - k])
                .collect();
            if n >= 2 && n.is_multiple_of(2) {
                o.push(vec![n / 2, n / 2]);
            }
            o
        };
        assert_eq!(infer(20, halve), Err(NotACode::Mismatch { heap: 3 }));
    }

    #[test]
    fn shapes_no_code_has_are_refused() {
        assert!(matches!(
            infer(5, |n| vec![vec![n]]),
            Err(NotACode::Shape { heap: 0, .. })
        ));
        assert!(matches!(
            infer(5, |n| vec![vec![n + 1]]),
            Err(NotACode::Shape { .. })
        ));
        assert_eq!(infer(5, |_| Vec::new()), Err(NotACode::NoMove));
    }
}
