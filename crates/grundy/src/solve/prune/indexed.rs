//! The side array of the values of numbered parts ([`Game::index`]: a heap
//! by its size, a Chomp bar by its place) and the search that uses it: a
//! plain mex by the indices of the options' parts, and the fill of every
//! part numbered below one asked about, from the lowest up, with no
//! position built and nothing stored in the table.

use std::mem::size_of;

use super::{Pruner, CLOCK_EVERY};
use crate::game::Game;
use crate::nimber::Mex;
use crate::solve::limits::SearchError;

/// A value in the array of [`Indexed`]: 16 bits, half a `u32`'s cache
/// footprint (the fill of Chomp 10x10 waits on these loads); a value of
/// 2^16 - 1 or more is not put in the array, and the search then values
/// the part as any other.
type Cell = u16;

/// The values of the parts that have an [`index`](Game::index), at it
/// (`Cell::MAX` where not known), for the game of the part it was first
/// given (`owner`): an array lookup instead of a hash table's.
pub(super) struct Indexed<G> {
    values: Vec<Cell>,
    /// Every index below this has its value.
    filled: u64,
    owner: Option<G>,
}

impl<G> Default for Indexed<G> {
    fn default() -> Self {
        Indexed {
            values: Vec::new(),
            filled: 0,
            owner: None,
        }
    }
}

impl<G: Game> Indexed<G> {
    /// Forgets every value if `position` is of another game than the
    /// values were found in (its index 0 part differs from the owner's).
    pub(super) fn meet(&mut self, position: &G) {
        let Some(zero) = position.part_at(0) else {
            return;
        };
        if self.owner.as_ref() != Some(&zero) {
            self.values.clear();
            self.filled = 0;
            self.owner = Some(zero);
        }
    }

    #[inline]
    fn at(&self, i: u64) -> Option<u64> {
        match *self.values.get(usize::try_from(i).ok()?)? {
            Cell::MAX => None,
            v => Some(u64::from(v)),
        }
    }

    pub(super) fn get(&self, c: &G) -> Option<u64> {
        self.at(c.index()?)
    }

    /// Records that `c` has value `v`, if `c` has an index and the array
    /// that holds it stays within `bytes` and at most twice as long as the
    /// values below it need (a lone heap of 10^9 stays in the table).
    pub(super) fn set(&mut self, c: &G, v: u64, bytes: usize) {
        if let Some(i) = c.index() {
            self.put(i, v, bytes);
        }
    }

    /// Records value `v` at index `i` within the bounds of
    /// [`set`](Indexed::set); whether it did.
    fn put(&mut self, i: u64, v: u64, bytes: usize) -> bool {
        let (Ok(i), Ok(v)) = (usize::try_from(i), Cell::try_from(v)) else {
            return false;
        };
        let dense = i < (2 * self.values.len()).max(1 << 12);
        if v == Cell::MAX || !dense || !self.can_hold(i as u64, bytes) {
            return false;
        }
        if i >= self.values.len() {
            self.values.resize(i + 1, Cell::MAX);
        }
        self.values[i] = v;
        true
    }

    /// Whether an array of `bytes` holds a value at index `i`.
    fn can_hold(&self, i: u64, bytes: usize) -> bool {
        i < (bytes / size_of::<Cell>()) as u64
    }

    pub(super) fn bytes(&self) -> usize {
        self.values.capacity() * size_of::<Cell>()
    }
}

/// The share of the memory budget the array of indexed values may take:
/// an eighth.
pub(super) const INDEXED_SHARE: usize = 8;

impl<G: Game> Pruner<G> {
    /// [`mex_of_options`](Pruner::mex_of_options) by the indices of the
    /// options' parts ([`Game::each_option_indices`]), their values looked
    /// up in an array: no position is built for an option whose parts are
    /// all valued. `None` when the game gives no indices for `c`.
    pub(super) fn mex_of_indices(
        &mut self,
        c: &G,
        n: u64,
        seen: &mut Mex,
    ) -> Result<Option<bool>, SearchError> {
        // Room for `c` was made when it was pinned, and nothing is held
        // here besides.
        if c.index().is_none() {
            return Ok(None);
        }
        let mut outcome = Ok(false);
        let given = c.each_option_indices(|parts| {
            let mut x = 0;
            let valued = self.count_move().and_then(|()| {
                for &i in parts {
                    x ^= match self.indexed.at(i) {
                        Some(v) => v,
                        None => self.value_at(c, i)?,
                    };
                }
                Ok(())
            });
            outcome = match valued {
                Err(e) => Err(e),
                Ok(()) if x == n => Ok(true),
                Ok(()) => {
                    seen.add(x);
                    return true;
                }
            };
            false
        });
        if !given {
            return Ok(None);
        }
        seen.sort();
        outcome.map(Some)
    }

    /// The value of the part of `c`'s game whose index is `i`. The parts
    /// below it not valued yet are valued first, from the lowest (by
    /// [`fill_at`](Pruner::fill_at) where their options' parts are all in
    /// the array): this is asked in a plain mex, which values every option,
    /// and where a part's options are lower parts (a heap's) each is then
    /// valued without going deeper, so the path stays short (Grundy's game
    /// of 20000: 26 MB of stack, one level a heap, otherwise).
    #[inline(never)]
    fn value_at(&mut self, c: &G, i: u64) -> Result<u64, SearchError> {
        let part_at = |j: u64| {
            c.part_at(j).ok_or_else(|| {
                SearchError::Game(crate::game::GameError::new(format!(
                    "position `{c}` names a part by index {j}, but its game has no part there"
                )))
            })
        };
        // Filled only where the array can hold every value up to `i` (not
        // Chomp on a square of 16) and the game says filling pays for `c`
        // (not for a thin Chomp bar): otherwise the part is searched as a
        // position is, its options by their numbers where those are held.
        let fill = c.fill_below_pays() && self.indexed.can_hold(i, self.indexed_bytes());
        // The parts are walked in order, each from the one before.
        let mut part: Option<G> = None;
        while fill && self.indexed.filled < i {
            let j = self.indexed.filled;
            let p = match part.take().and_then(|q| q.next_part()) {
                Some(p) => p,
                None => part_at(j)?,
            };
            if self.indexed.at(j).is_none() && !self.fill_at(&p, j)? {
                self.value(&p)?;
                if self.indexed.at(j).is_none() {
                    // Not kept in the array: no lower part is valued first.
                    break;
                }
            }
            part = Some(p);
            self.indexed.filled = j + 1;
        }
        match self.indexed.at(i) {
            Some(v) => Ok(v),
            None => self.value(&part_at(i)?),
        }
    }

    /// Values the part `p`, whose number is `j`, from the values of its
    /// options' parts where the array holds all of them (as it does when
    /// every number below `j` is valued): a mex with no position built and
    /// nothing stored in the table; or copies the value of its twin
    /// ([`Game::index_of_twin`]). `false` where it cannot.
    fn fill_at(&mut self, p: &G, j: u64) -> Result<bool, SearchError> {
        let bytes = self.indexed_bytes();
        if let Some(v) = p
            .index_of_twin()
            .filter(|&k| k < j)
            .and_then(|k| self.indexed.at(k))
        {
            return Ok(self.indexed.put(j, v, bytes));
        }
        let mut seen = Mex::default();
        let (mut whole, mut options) = (true, 0);
        let given = p.each_option_indices(|parts| {
            options += 1;
            let mut x = 0;
            for &i in parts {
                match self.indexed.at(i) {
                    Some(v) => x ^= v,
                    None => {
                        whole = false;
                        return false;
                    }
                }
            }
            seen.add(x);
            true
        });
        if !given || !whole {
            return Ok(false);
        }
        // Counted after the walk, for the walk borrows `self.indexed`.
        if self.budget.count_moves(options, CLOCK_EVERY)? {
            self.every_so_often()?;
        }
        seen.sort();
        Ok(self.indexed.put(j, seen.mex(), bytes))
    }

    /// The bytes the array of indexed values may take.
    fn indexed_bytes(&self) -> usize {
        self.budget.limits.max_bytes / INDEXED_SHARE
    }
}
