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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::{Outcome, Play};
    use crate::games::coins::values::{NamedRule, RowValues};
    use crate::solve::subsets::solve;
    use crate::solve::Searcher;

    /// The array's outcome and remoteness of every set of heads among the
    /// first coins, in both plays, against exhaustive search of the game.
    #[test]
    fn the_array_agrees_with_search_on_every_small_row() {
        for (rule, coins) in [
            ("turning-turtles", 9),
            ("twins", 9),
            ("mock-turtles", 8),
            ("ruler", 9),
            ("moebius", 7),
            ("run-up-to-2", 9),
        ] {
            let values = Arc::new(RowValues::new(NamedRule::parse(rule).unwrap().rule));
            let all = Coins::new(Arc::clone(&values), (0..coins).collect());
            let view = subsets(&all).unwrap();
            for play in [Play::Normal, Play::Misere] {
                let array = solve(view.rules.as_ref(), view.set, play, 1 << 24).unwrap();
                let mut search = Searcher::new(play);
                for set in 0..=view.set {
                    let heads = (0..coins).filter(|&i| set >> i & 1 == 1).collect();
                    let p = Coins::new(Arc::clone(&values), heads);
                    assert_eq!(subsets(&p).unwrap().set, set);
                    let s = search.solve(&p).unwrap();
                    let o = array.outcome(set);
                    assert_eq!(
                        (o, array.remoteness(set)),
                        (s.outcome, s.remoteness),
                        "{rule} {p} {play:?}"
                    );
                    assert_ne!(o, Outcome::Draw);
                }
            }
        }
    }

    #[test]
    fn rows_past_the_array_are_left_to_search() {
        let values = Arc::new(RowValues::new(NamedRule::parse("twins").unwrap().rule));
        assert!(subsets(&Coins::new(
            Arc::clone(&values),
            vec![3, MAX_CELLS as u64 - 1]
        ))
        .is_some());
        assert!(subsets(&Coins::new(values, vec![MAX_CELLS as u64])).is_none());
    }
}
