//! A row of coins as a set of cells, so that misère play (where the
//! coin-turning theorem gives no value) is answered by an array over every
//! set of coins up to the position's ([`crate::solve::subsets`]) rather
//! than by search.

use super::values::RowRule;
use super::{companion_count, companions, Coins};
use crate::analysis::erased::Subsets;
use crate::solve::subsets::{SubsetRules, MAX_CELLS};

/// The coins `0..cells` under a rule: a move choosing coin `c` toggles it
/// with the companions the rule allows.
struct Row {
    rule: RowRule,
    cells: u32,
}

impl SubsetRules for Row {
    fn cells(&self) -> u32 {
        self.cells
    }

    fn toggles(&self, cell: u32) -> Vec<u32> {
        companions(self.rule, u64::from(cell))
            .into_iter()
            .map(|others| others.iter().fold(1u32 << cell, |m, &c| m | 1 << c))
            .collect()
    }

    fn toggle_count(&self, cell: u32) -> u128 {
        companion_count(self.rule, u64::from(cell))
    }
}

/// `coins` as a set of cells (bit `i` for coin `i`), over the coins up to
/// its last head; `None` past [`MAX_CELLS`] coins.
pub(super) fn subsets(coins: &Coins) -> Option<Subsets> {
    let cells = coins.heads().last().map_or(0, |&h| h + 1);
    if cells > u64::from(MAX_CELLS) {
        return None;
    }
    let set = coins.heads().iter().fold(0u32, |s, &h| s | 1 << h);
    Some(Subsets {
        rules: Box::new(Row {
            rule: coins.values.rule(),
            cells: cells as u32,
        }),
        set,
    })
}
