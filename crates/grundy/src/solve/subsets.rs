//! Games on the subsets of a few cells, solved by a dense array over all of
//! them: the shape of coin-turning games, where a position is the set of
//! heads-up coins and a move turns one head `c` tails up with some coins
//! below it.
//!
//! A game here is a number of cells `n` (at most [`MAX_CELLS`]) and, for
//! each cell `c`, the *toggles* of the moves that choose it: bit masks whose
//! highest bit is `c`. A move is legal from a set `S` holding `c`, and
//! leads to `S ^ mask`. That set is smaller than `S` as a number (bit `c`
//! goes, only lower bits change), so one pass over the sets in increasing
//! order values every set from sets already valued: no recursion, no hash
//! table, one byte or two per set.
//!
//! Two passes are offered: [`outcomes`] (who wins, stopping at a set's
//! first move to a P-set) and [`solve`] (outcome and remoteness, every move
//! looked at), in either play convention; both fill only the sets up to
//! the one asked about, since no move leads above it.
//!
//! # Complexity
//! Time: the sum over the sets `S ≤ top` of the toggles of the cells in `S`,
//! about `top / 2 × Σ_c |toggles(c)|` mask lookups ([`work`] bounds it).
//! Memory: `top + 1` bytes ([`outcomes`]) or twice that ([`solve`]),
//! checked against the limits before it is allocated.

use thiserror::Error;

use crate::game::{Outcome, Play};

/// The most cells a game here may have: an array of `2^24` sets is 16 MiB
/// of outcomes, 32 MiB with remoteness.
pub const MAX_CELLS: u32 = 24;

/// A game on the subsets of cells `0..cells()`, in the coin-turning shape
/// (see the [module docs](self)).
pub trait SubsetRules {
    /// The number of cells, at most [`MAX_CELLS`].
    fn cells(&self) -> u32;

    /// The toggles of the moves choosing cell `cell`: each mask's highest
    /// set bit is `cell`, and the move leads from `S` to `S ^ mask`.
    fn toggles(&self, cell: u32) -> Vec<u32>;

    /// How many toggles [`toggles`](SubsetRules::toggles) gives for `cell`,
    /// for costing a pass without listing them (the default lists them).
    fn toggle_count(&self, cell: u32) -> u128 {
        self.toggles(cell).len() as u128
    }
}

/// Why a subset array was not built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SubsetError {
    /// The game has more cells than [`MAX_CELLS`].
    #[error(
        "{cells} cells are more than the {max} a subset array covers; search the position instead"
    )]
    TooManyCells {
        /// The cells asked for.
        cells: u32,
        /// The most allowed.
        max: u32,
    },
    /// The set asked about uses a cell past the game's cells.
    #[error("the set {set:#x} names a cell past the game's {cells} cells")]
    OutOfRange {
        /// The set.
        set: u32,
        /// The game's cells.
        cells: u32,
    },
    /// A toggle of cell `cell` has a different highest bit: the rules break
    /// the shape the array relies on.
    #[error("a move choosing cell {cell} toggles {mask:#x}, whose highest cell is not {cell}")]
    BadToggle {
        /// The cell.
        cell: u32,
        /// The mask.
        mask: u32,
    },
    /// The array would pass the memory budget.
    #[error("an array over {sets} sets needs {bytes} bytes, more than the {limit} allowed; raise --memory")]
    TooMuchMemory {
        /// The sets.
        sets: u64,
        /// The bytes needed.
        bytes: u64,
        /// The budget.
        limit: u64,
    },
    /// A remoteness passed what the array stores.
    #[error("a remoteness passed {max}, the most a subset array stores")]
    TooRemote {
        /// The most stored.
        max: u32,
    },
}

/// Each cell's toggles, checked against the shape.
fn toggle_table(rules: &dyn SubsetRules) -> Result<Vec<Vec<u32>>, SubsetError> {
    let cells = rules.cells();
    if cells > MAX_CELLS {
        return Err(SubsetError::TooManyCells {
            cells,
            max: MAX_CELLS,
        });
    }
    (0..cells)
        .map(|c| {
            let masks = rules.toggles(c);
            match masks.iter().find(|&&m| m >> c != 1) {
                Some(&mask) => Err(SubsetError::BadToggle { cell: c, mask }),
                None => Ok(masks),
            }
        })
        .collect()
}

/// The mask lookups a pass up to `top` costs at most: every set below
/// `2^cells` holds each cell half the time. For choosing the array by cost.
pub fn work(rules: &dyn SubsetRules, top: u32) -> u128 {
    let moves: u128 = (0..rules.cells().min(MAX_CELLS))
        .map(|c| rules.toggle_count(c))
        .fold(0u128, u128::saturating_add);
    (u128::from(top) + 1).saturating_mul(moves) / 2
}

/// The bytes a pass up to `top` allocates, `per_set` bytes a set.
pub fn bytes(top: u32, per_set: u64) -> u64 {
    (u64::from(top) + 1) * per_set
}

fn checked(
    rules: &dyn SubsetRules,
    top: u32,
    per_set: u64,
    max_bytes: usize,
) -> Result<Vec<Vec<u32>>, SubsetError> {
    let toggles = toggle_table(rules)?;
    let cells = rules.cells();
    if u64::from(top) >> cells != 0 {
        return Err(SubsetError::OutOfRange { set: top, cells });
    }
    let need = bytes(top, per_set);
    if need > max_bytes as u64 {
        return Err(SubsetError::TooMuchMemory {
            sets: u64::from(top) + 1,
            bytes: need,
            limit: max_bytes as u64,
        });
    }
    Ok(toggles)
}

/// Whether each set up to `top` is a P-position (`true`) under `play`.
///
/// # Errors
/// [`SubsetError`] for rules outside the shape, a `top` past the cells, or
/// an array past `max_bytes`.
pub fn outcomes(
    rules: &dyn SubsetRules,
    top: u32,
    play: Play,
    max_bytes: usize,
) -> Result<Vec<bool>, SubsetError> {
    let toggles = checked(rules, top, 1, max_bytes)?;
    let mut p = vec![false; top as usize + 1];
    for s in 0..=top {
        let mut any = false;
        let mut to_p = false;
        'cells: for (c, masks) in toggles.iter().enumerate() {
            if s >> c & 1 == 0 {
                continue;
            }
            any |= !masks.is_empty();
            for &m in masks {
                if p[(s ^ m) as usize] {
                    to_p = true;
                    break 'cells;
                }
            }
        }
        p[s as usize] = match any {
            true => !to_p,
            false => play == Play::Normal,
        };
    }
    Ok(p)
}

/// The outcomes and remoteness of every set up to `top`.
#[derive(Clone, Debug)]
pub struct Solved {
    /// Per set: bit 15 set for a P-position, the remoteness below it.
    cells: Vec<u16>,
}

/// The largest remoteness [`solve`] stores.
pub const MAX_REMOTENESS: u32 = (1 << 15) - 1;

const P_BIT: u16 = 1 << 15;

impl Solved {
    /// The outcome of set `s` (within the pass's `top`).
    pub fn outcome(&self, s: u32) -> Outcome {
        match self.cells[s as usize] & P_BIT {
            0 => Outcome::Next,
            _ => Outcome::Previous,
        }
    }

    /// The remoteness of set `s` (within the pass's `top`): moves left
    /// when the winner hurries and the loser stalls.
    pub fn remoteness(&self, s: u32) -> u32 {
        u32::from(self.cells[s as usize] & !P_BIT)
    }
}

/// Outcome and remoteness of every set up to `top` under `play`: a
/// position without a move has remoteness 0; an N-position one more than
/// its quickest move to a P-position, a P-position one more than its
/// slowest move.
///
/// # Errors
/// As [`outcomes`], and [`SubsetError::TooRemote`] past
/// [`MAX_REMOTENESS`].
pub fn solve(
    rules: &dyn SubsetRules,
    top: u32,
    play: Play,
    max_bytes: usize,
) -> Result<Solved, SubsetError> {
    let toggles = checked(rules, top, 2, max_bytes)?;
    let mut cells = vec![0u16; top as usize + 1];
    for s in 0..=top {
        let mut any = false;
        let mut win = u16::MAX;
        let mut stall = 0u16;
        for (c, masks) in toggles.iter().enumerate() {
            if s >> c & 1 == 0 {
                continue;
            }
            any |= !masks.is_empty();
            for &m in masks {
                let t = cells[(s ^ m) as usize];
                if t & P_BIT != 0 {
                    win = win.min(t & !P_BIT);
                } else {
                    stall = stall.max(t);
                }
            }
        }
        cells[s as usize] = match (any, win) {
            (false, _) if play == Play::Normal => P_BIT,
            (false, _) => 0,
            (true, u16::MAX) => P_BIT | next(stall)?,
            (true, w) => next(w)?,
        };
    }
    Ok(Solved { cells })
}

fn next(r: u16) -> Result<u16, SubsetError> {
    match u32::from(r) + 1 {
        n if n > MAX_REMOTENESS => Err(SubsetError::TooRemote {
            max: MAX_REMOTENESS,
        }),
        n => Ok(n as u16),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_outcomes() {
        use crate::game::Play;
        use crate::solve::subsets::{outcomes, SubsetRules};

        // One coin per move (a Nim heap of 1 per head): P when the heads are even.
        struct Single(u32);
        impl SubsetRules for Single {
            fn cells(&self) -> u32 {
                self.0
            }
            fn toggles(&self, cell: u32) -> Vec<u32> {
                vec![1 << cell]
            }
        }
        let p = outcomes(&Single(4), 15, Play::Normal, 1 << 20).unwrap();
        assert!(p[0b0110] && !p[0b0111]);
    }

    use super::*;

    /// Moves in the coin-turning shape from explicit toggles.
    struct Toggles(Vec<Vec<u32>>);

    impl SubsetRules for Toggles {
        fn cells(&self) -> u32 {
            self.0.len() as u32
        }
        fn toggles(&self, cell: u32) -> Vec<u32> {
            self.0[cell as usize].clone()
        }
    }

    /// Outcome and remoteness by plain recursion on the definition.
    fn naive(g: &Toggles, s: u32, play: Play) -> (bool, u32) {
        let opts: Vec<(bool, u32)> = (0..g.cells())
            .filter(|&c| s >> c & 1 == 1)
            .flat_map(|c| g.toggles(c))
            .map(|m| naive(g, s ^ m, play))
            .collect();
        if opts.is_empty() {
            return (play == Play::Normal, 0);
        }
        match opts.iter().filter(|o| o.0).map(|o| o.1).min() {
            Some(w) => (false, w + 1),
            None => (true, opts.iter().map(|o| o.1).max().unwrap() + 1),
        }
    }

    #[test]
    fn both_passes_agree_with_the_definition() {
        // Turn 1 or 2 coins, the second anywhere below (turning turtles),
        // and a cell with no move.
        let mut t: Vec<Vec<u32>> = (0..6u32)
            .map(|c| {
                (0..=c)
                    .map(|d| (1 << c) | if d < c { 1 << d } else { 0 })
                    .collect()
            })
            .collect();
        t[3].clear();
        let g = Toggles(t);
        for play in [Play::Normal, Play::Misere] {
            let p = outcomes(&g, 63, play, 1 << 20).unwrap();
            let full = solve(&g, 63, play, 1 << 20).unwrap();
            for s in 0..64 {
                let (is_p, r) = naive(&g, s, play);
                assert_eq!(p[s as usize], is_p, "{s} {play:?}");
                assert_eq!(full.outcome(s) == Outcome::Previous, is_p);
                assert_eq!(full.remoteness(s), r, "{s} {play:?}");
            }
        }
    }

    #[test]
    fn bad_rules_and_budgets_are_refused() {
        let g = Toggles(vec![vec![0b11]]);
        assert!(matches!(
            outcomes(&g, 1, Play::Normal, 64),
            Err(SubsetError::BadToggle { cell: 0, .. })
        ));
        let g = Toggles(vec![vec![1], vec![2]]);
        assert!(matches!(
            solve(&g, 4, Play::Normal, 64),
            Err(SubsetError::OutOfRange { .. })
        ));
        assert!(matches!(
            solve(&g, 3, Play::Normal, 7),
            Err(SubsetError::TooMuchMemory { bytes: 8, .. })
        ));
        assert_eq!(work(&g, 3), 4);
    }
}
