//! What the batched engine ([`super::batched`]) works on: positions as sums
//! of atoms, and the options of positions in one flat list.

use std::fmt;
use std::sync::Arc;

/// One part of a position: an integer or an array of integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// An integer, e.g. a heap size.
    Int(i64),
    /// Several integers, e.g. two heaps `[3,4]` or a row of coins.
    Array(Arc<[i64]>),
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Int(n) => write!(f, "{n}"),
            Atom::Array(xs) => {
                let items: Vec<String> = xs.iter().map(i64::to_string).collect();
                write!(f, "[{}]", items.join(","))
            }
        }
    }
}

/// Options of positions, flat: option `k` is the sum of
/// `atoms[ends[k - 1]..ends[k]]` (from 0 for the first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionList {
    /// The atoms of every option, one after another.
    pub atoms: Vec<Atom>,
    /// Where each option ends in `atoms`.
    pub ends: Vec<usize>,
}

impl OptionList {
    /// How many options the list holds.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Option `k`: the atoms of its sum.
    pub fn option(&self, k: usize) -> &[Atom] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.atoms[start..self.ends[k]]
    }

    /// The options in order.
    pub fn options(&self) -> impl Iterator<Item = &[Atom]> {
        (0..self.len()).map(|k| self.option(k))
    }

    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.atoms.clear();
        self.ends.clear();
    }
}
