//! Heap games: take-and-break codes, subtraction sets, Grundy's game, Nim.
//!
//! - `octal CODE`: a code `d0.d1d2d3...` of octal or hexadecimal digits;
//!   digit `dk` says what may be left after taking `k` tokens from a heap:
//!   bit 1 nothing (the whole heap was `k`), bit 2 one heap, bit 4 two
//!   heaps, bit 8 three heaps (every heap left non-empty). `d0` may have
//!   only bits 4 and 8 (a move must change something).
//! - `subtraction S1,S2,...`: take `s` tokens for an `s` of the set.
//! - `grundy`: split a heap into two non-empty heaps of different sizes.
//! - `nim`: take any number of tokens from one heap.
//!
//! A position is heap sizes separated by spaces. A move is `heap I: take
//! K`, `heap I: take K split A B` or `heap I: split A B` (heaps numbered
//! from 1; with no `split`, what is left of the heap after taking `K` is
//! one heap, or nothing). A component is a heap with a move.

use std::fmt;

use super::Rules;

/// The largest heap a position may hold.
const MAX_HEAP: u64 = 1 << 40;

/// A move on heap `heap` (from 1): take `take` and leave `parts` when
/// two or more heaps are left (sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    heap: usize,
    take: u64,
    parts: Vec<u64>,
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}:", self.heap)?;
        if self.take > 0 {
            write!(f, " take {}", self.take)?;
        }
        if !self.parts.is_empty() {
            f.write_str(" split")?;
            self.parts.iter().try_for_each(|p| write!(f, " {p}"))?;
        }
        Ok(())
    }
}

/// A heap game's rules.
pub enum Heaps {
    /// `digits[k]` for taking `k`.
    Code(Vec<u8>),
    /// The amounts that may be taken.
    Subtraction(Vec<u64>),
    /// Grundy's game.
    Grundy,
    /// Nim.
    Nim,
}

impl Heaps {
    /// Whether `name` is one of the heap games.
    pub fn knows(name: &str) -> bool {
        matches!(name, "octal" | "subtraction" | "grundy" | "nim")
    }

    /// The rules `name` with its parameter words.
    ///
    /// # Errors
    /// A code or set that cannot be read.
    pub fn new(name: &str, param: &[&str]) -> Result<Heaps, String> {
        match (name, param) {
            ("octal", [code]) => code_digits(code).map(Heaps::Code),
            ("subtraction", [set]) => set
                .split(',')
                .map(|s| s.parse::<u64>().ok().filter(|&s| s > 0))
                .collect::<Option<Vec<u64>>>()
                .map(Heaps::Subtraction)
                .ok_or_else(|| format!("`{set}` is not a subtraction set such as `1,3,4`")),
            ("grundy", []) => Ok(Heaps::Grundy),
            ("nim", []) => Ok(Heaps::Nim),
            _ => Err(format!(
                "`{name} {}`: write `octal 0.137`, `subtraction 1,3,4`, `grundy` or `nim`",
                param.join(" ")
            )),
        }
    }

    /// Every way to leave heaps from a heap of `n`: (taken, heaps left).
    pub fn heap_moves(&self, n: u64, mut f: impl FnMut(u64, &[u64])) {
        match self {
            // What is left of the heap, or nothing when all is taken.
            Heaps::Nim => (1..=n).for_each(|k| f(k, &[n - k][..usize::from(k < n)])),
            Heaps::Subtraction(set) => set
                .iter()
                .filter(|&&s| s <= n)
                .for_each(|&s| f(s, &[n - s][..usize::from(s < n)])),
            Heaps::Grundy => (1..n.div_ceil(2)).for_each(|a| f(0, &[a, n - a])),
            Heaps::Code(digits) => {
                for (k, &d) in digits.iter().enumerate() {
                    let k = k as u64;
                    if k > n {
                        break;
                    }
                    let rest = n - k;
                    if d & 1 != 0 && rest == 0 {
                        f(k, &[]);
                    }
                    if d & 2 != 0 && rest >= 1 {
                        f(k, &[rest]);
                    }
                    for a in (1..).take_while(|a| d & 4 != 0 && 2 * a <= rest) {
                        f(k, &[a, rest - a]);
                    }
                    for a in (1..).take_while(|a| d & 8 != 0 && 3 * a <= rest) {
                        for b in (a..).take_while(|b| a + 2 * b <= rest) {
                            f(k, &[a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
    }

    /// Whether a heap of `n` has a move.
    pub fn has_move(&self, n: u64) -> bool {
        match self {
            Heaps::Nim => n > 0,
            Heaps::Subtraction(set) => set.iter().any(|&s| s <= n),
            Heaps::Grundy => n >= 3,
            Heaps::Code(digits) => digits.iter().enumerate().any(|(k, &d)| {
                let Some(rest) = n.checked_sub(k as u64) else {
                    return false;
                };
                (d & 1 != 0 && rest == 0)
                    || (d & 2 != 0 && rest >= 1)
                    || (d & 4 != 0 && rest >= 2)
                    || (d & 8 != 0 && rest >= 3)
            }),
        }
    }

    /// The largest number a move takes (for the Guy–Smith bound).
    pub fn largest_take(&self) -> Option<u64> {
        match self {
            Heaps::Code(d) => d.iter().rposition(|&x| x != 0).map(|k| k as u64),
            Heaps::Subtraction(set) => set.iter().max().copied(),
            _ => None,
        }
    }
}

/// The digits of a code such as `0.137` or `4.7`.
fn code_digits(code: &str) -> Result<Vec<u8>, String> {
    let bad = || format!("`{code}` is not a take-and-break code such as `0.137`");
    let (d0, rest) = code.split_once('.').ok_or_else(bad)?;
    let digits: Vec<u8> = d0
        .chars()
        .chain(rest.chars())
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    if d0.len() != 1 || digits[0] & 3 != 0 {
        return Err(format!(
            "`{code}`: the digit before the point may only allow splitting (0, 4, 8 or C)"
        ));
    }
    Ok(digits)
}

/// What a heap becomes: the parts as the move text gives them.
fn left(n: u64, take: u64, parts: &[u64]) -> Vec<u64> {
    match parts {
        [] if n > take => vec![n - take],
        [] => Vec::new(),
        _ => parts.to_vec(),
    }
}

impl Rules for Heaps {
    type Pos = Vec<u64>;
    type Move = HeapMove;
    type Key = u64;

    fn position(&self, text: &str) -> Result<Vec<u64>, String> {
        text.split_whitespace()
            .map(|w| match w.parse::<u64>() {
                Ok(n) if n <= MAX_HEAP => Ok(n),
                _ => Err(format!("`{w}` is not a heap size (0 to {MAX_HEAP})")),
            })
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<HeapMove, String> {
        let bad = || {
            format!("`{text}` is not a move: write `heap 2: take 3`, `heap 1: take 1 split 2 4` or `heap 1: split 2 5`")
        };
        let (head, rest) = text.split_once(':').ok_or_else(bad)?;
        let heap: usize = head
            .trim()
            .strip_prefix("heap ")
            .ok_or_else(bad)?
            .trim()
            .parse()
            .map_err(|_| bad())?;
        let mut words = rest.split_whitespace().peekable();
        let mut take = 0;
        if words.peek() == Some(&"take") {
            words.next();
            take = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        }
        let mut parts = Vec::new();
        if words.next_if_eq(&"split").is_some() {
            parts = words
                .by_ref()
                .map(|w| w.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            if parts.len() < 2 {
                return Err(bad());
            }
        }
        if words.next().is_some() || (take == 0 && parts.is_empty()) {
            return Err(bad());
        }
        parts.sort_unstable();
        Ok(HeapMove { heap, take, parts })
    }

    fn moves(&self, heaps: &Vec<u64>) -> Vec<HeapMove> {
        let mut all = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            self.heap_moves(n, |take, after| {
                let parts = match after.len() {
                    0 | 1 => Vec::new(),
                    _ => after.to_vec(),
                };
                all.push(HeapMove {
                    heap: i + 1,
                    take,
                    parts,
                });
            });
        }
        all
    }

    fn legal(&self, heaps: &Vec<u64>, m: &HeapMove) -> bool {
        let Some(&n) = m.heap.checked_sub(1).and_then(|i| heaps.get(i)) else {
            return false;
        };
        let want = left(n, m.take, &m.parts);
        let mut found = false;
        self.heap_moves(n, |take, after| {
            let mut after = after.to_vec();
            after.sort_unstable();
            found |= take == m.take && after == want;
        });
        found
    }

    fn play(&self, heaps: &Vec<u64>, m: &HeapMove) -> Vec<u64> {
        let i = m.heap - 1;
        let mut after = heaps[..i].to_vec();
        after.extend(left(heaps[i], m.take, &m.parts));
        after.extend_from_slice(&heaps[i + 1..]);
        after
    }

    fn parts(&self, heaps: &Vec<u64>) -> Vec<u64> {
        heaps
            .iter()
            .copied()
            .filter(|&n| self.has_move(n))
            .collect()
    }
}
