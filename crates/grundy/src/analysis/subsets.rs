//! The choice of the subset array ([`crate::solve::subsets`]) for a
//! position of a game in the coin-turning shape: taken when its work, the
//! mask lookups of one pass up to the position, is within
//! [`SUBSET_WORK`] and its memory within the run's budget; else `None`,
//! and the caller searches.
//!
//! The array values every set below the position's, where search values
//! only those the position reaches; but it does so with one array lookup a
//! move and no hashing, so a coin-turning position of some twenty coins is
//! answered in a fraction of a second where search takes minutes
//! (`coins:mock-turtles 6 17 19` in misère play: see `bench/misere.sh`).

use std::collections::BTreeMap;

use super::erased::Rules;
use super::{AnalyzeOptions, Found, Method, MoveInfo, MOVE_LIST_LIMIT};
use crate::game::{Game, Outcome};
use crate::solve::limits::usable;
use crate::solve::subsets::{self, SubsetRules};

/// The most mask lookups a pass may cost for the array to be chosen: some
/// seconds of work at most (mock turtles on 20 coins: under 2^30).
pub const SUBSET_WORK: u128 = 1 << 32;

/// A position as a set of cells, with the rules of its game (see
/// [`Rules::subsets`]).
pub struct Subsets {
    /// The rules, over at least the cells the set uses.
    pub rules: Box<dyn SubsetRules>,
    /// The position: bit `i` set when cell `i` is in it.
    pub set: u32,
}

/// What the subset array finds of `p` under `o`, if `p`'s game has the
/// shape and the array's cost is within [`SUBSET_WORK`] and the memory
/// budget: the outcome alone for `--value-only`, else the outcome and
/// remoteness of `p` and of every move.
pub(crate) fn subsets_found<R: Rules>(
    rules: &R,
    p: &R::Position,
    o: &AnalyzeOptions,
) -> Option<Found> {
    let view = rules.subsets(p)?;
    let game = view.rules.as_ref();
    if subsets::work(game, view.set) > SUBSET_WORK {
        return None;
    }
    let budget = usable(o.limits.max_bytes);
    let sets = u64::from(view.set) + 1;
    let mut details = BTreeMap::new();
    if o.value_only {
        let p_sets = subsets::outcomes(game, view.set, o.play, budget).ok()?;
        let outcome = outcome_of(p_sets[view.set as usize]);
        details.insert("engine".to_string(), describe(sets, game, false));
        return Some(found(outcome, None, Vec::new(), details));
    }
    if p.move_count() > MOVE_LIST_LIMIT {
        return None;
    }
    let solved = subsets::solve(game, view.set, o.play, budget).ok()?;
    let mut all = Vec::new();
    for m in p.moves() {
        let to = p.play(&m);
        let s = rules.subsets(&to)?.set;
        if s >= view.set {
            // Not the shape promised: let search answer.
            return None;
        }
        let r = solved.remoteness(s);
        all.push(MoveInfo::new(&m, &to, Some(solved.outcome(s)), Some(r)));
    }
    details.insert("engine".to_string(), describe(sets, game, true));
    let remoteness = Some(solved.remoteness(view.set));
    Some(found(solved.outcome(view.set), remoteness, all, details))
}

fn outcome_of(is_p: bool) -> Outcome {
    match is_p {
        true => Outcome::Previous,
        false => Outcome::Next,
    }
}

fn describe(sets: u64, game: &dyn SubsetRules, remoteness: bool) -> String {
    let what = match remoteness {
        true => "outcome and remoteness",
        false => "outcome",
    };
    format!(
        "an array over the sets of cells 0..{}: the {what} of each of the {sets} sets up to the position's, from its moves",
        game.cells().saturating_sub(1)
    )
}

fn found(
    outcome: Outcome,
    remoteness: Option<u32>,
    all: Vec<MoveInfo>,
    details: BTreeMap<String, String>,
) -> Found {
    Found {
        outcome,
        grundy: None,
        method: Method::Search,
        remoteness,
        all: Some(all),
        winning: None,
        details,
    }
}
