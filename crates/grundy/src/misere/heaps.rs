//! Misère simplest forms of heaps of a take-and-break code or of Nim, built
//! from the rules: a heap's options are the sums of the heaps a move leaves.
//!
//! # Complexity
//! Heap `n` costs one sum per move (a code's moves grow as `n`, or `n²`
//! for three-way splits), each sum at most the product of the parts'
//! follower counts; the forms' budgets of forms ([`Forms::new`]) and of
//! bytes ([`Forms::with_memory`]) bound the memory.

use std::fmt;

use super::canonical::{Form, Forms, FormsError};
use crate::solve::heap::code::HeapCode;

/// A rule for one heap whose misère forms can be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapGame {
    /// A take-and-break code (or Grundy's game).
    Code(HeapCode),
    /// Nim: take any number from one heap.
    Nim,
}

impl fmt::Display for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapGame::Code(c) => c.fmt(f),
            HeapGame::Nim => f.write_str("nim"),
        }
    }
}

impl HeapGame {
    /// What each move from a heap of `n` leaves: a list of non-empty heaps.
    pub fn options(&self, n: u64) -> Vec<Vec<u64>> {
        match self {
            HeapGame::Nim => (0..n)
                .map(|m| if m == 0 { vec![] } else { vec![m] })
                .collect(),
            HeapGame::Code(code) => code_options(code, n),
        }
    }
}

fn code_options(code: &HeapCode, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let unequal = code.unequal();
    for (k, &d) in code.digits().iter().enumerate() {
        let k = k as u64;
        if k > n {
            break;
        }
        let r = n - k;
        if k > 0 && d & 1 != 0 && r == 0 {
            out.push(vec![]);
        }
        if k > 0 && d & 2 != 0 && r > 0 {
            out.push(vec![r]);
        }
        if d & 4 != 0 {
            for a in 1..=r / 2 {
                if !(unequal && 2 * a == r) {
                    out.push(vec![a, r - a]);
                }
            }
        }
        if d & 8 != 0 {
            for a in 1..=r / 3 {
                for b in a..=(r - a) / 2 {
                    out.push(vec![a, b, r - a - b]);
                }
            }
        }
    }
    out
}

/// The simplest forms of the heaps of one game, built heap by heap.
#[derive(Debug)]
pub struct HeapForms {
    game: HeapGame,
    heaps: Vec<Form>,
}

impl HeapForms {
    /// No heap built yet.
    pub fn new(game: HeapGame) -> HeapForms {
        HeapForms {
            game,
            heaps: Vec::new(),
        }
    }

    /// The simplest form of a heap of `n`, and of every smaller heap.
    ///
    /// # Errors
    /// [`FormsError`] past the forms' budget.
    pub fn heap(&mut self, forms: &mut Forms, n: u64) -> Result<Form, FormsError> {
        while self.heaps.len() as u64 <= n {
            let m = self.heaps.len() as u64;
            let mut options = Vec::new();
            for parts in self.game.options(m) {
                options.push(self.sum(forms, &parts)?);
            }
            let f = forms.simplest(options)?;
            self.heaps.push(f);
        }
        Ok(self.heaps[n as usize])
    }

    /// The simplest form of the sum of heaps `heaps`.
    ///
    /// # Errors
    /// As [`heap`](HeapForms::heap).
    pub fn sum(&mut self, forms: &mut Forms, heaps: &[u64]) -> Result<Form, FormsError> {
        let mut parts = Vec::with_capacity(heaps.len());
        for &h in heaps {
            parts.push(self.heap(forms, h)?);
        }
        forms.sum(&parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_moves_from_the_rules() {
        let kayles = HeapGame::Code("0.77".parse().unwrap());
        // A row of 4 pins: knock 1 (leave 3, or 1+2) or 2 (leave 2, or 1+1).
        let mut o = kayles.options(4);
        o.sort();
        assert_eq!(o, vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]);
        let grundy = HeapGame::Code(HeapCode::Grundy);
        assert_eq!(grundy.options(4), vec![vec![1, 3]]);
        assert_eq!(HeapGame::Nim.options(2), vec![vec![], vec![1]]);
    }

    #[test]
    fn nim_heaps_are_nim_heaps() {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 12));
        let mut nim = HeapForms::new(HeapGame::Nim);
        for n in 0..8 {
            let f = nim.heap(&mut forms, n).unwrap();
            assert_eq!(forms.nim_heap(f), Some(n as u32));
        }
    }
}
