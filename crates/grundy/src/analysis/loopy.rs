//! Loopy games in the analysis: the write-up of a position valued by
//! Smith's γ ([`crate::solve::loopy`]), and the exploration that turns a game
//! whose positions repeat (a script game with cycles) into the graph the
//! labelling reads.
//!
//! A loopy analysis lists the winning moves (to a position of value 0)
//! smallest [`Rank`](crate::solve::loopy::Rank) first, so that a player who
//! always takes the first one never repeats a position and wins in a finite
//! number of moves; and, for a drawn position, the moves that keep the
//! draw. Remoteness is not defined where play can go on forever and is not
//! given.

use std::collections::HashMap;
use std::time::Instant;

use crate::analysis::{Analysis, AnalyzeError, AnalyzeOptions, Found, Method, MoveInfo};
use crate::game::{Game, Outcome, Play};
use crate::solve::deadline;
use crate::solve::loopy::{label, Graph, Labels, Ranked};
use crate::solve::{Limits, SearchError};

/// A move of a loopy position and the value it leads to.
pub(crate) struct LoopyMove {
    /// The move, as a player types it.
    pub mv: String,
    /// The position after it.
    pub to: String,
    /// Its value and rank.
    pub value: Ranked,
}

/// The analysis of `position` of `game`, of value `value`, with these
/// moves: outcome by γ, winning moves smallest rank first, drawing moves
/// where the position is drawn.
pub(crate) fn write_up(
    game: String,
    position: String,
    value: &Ranked,
    moves: Vec<LoopyMove>,
    o: &AnalyzeOptions,
) -> Analysis {
    let info = |m: &LoopyMove| MoveInfo::new(&m.mv, &m.to, Some(m.value.value.outcome()), None);
    let mut winning: Vec<&LoopyMove> = moves
        .iter()
        .filter(|m| m.value.value.outcome() == Outcome::Previous)
        .collect();
    winning.sort_by_key(|m| m.value.rank);
    let outcome = value.value.outcome();
    let drawing: Vec<MoveInfo> = moves
        .iter()
        .filter(|m| m.value.value.outcome() == Outcome::Draw)
        .map(info)
        .collect();
    let found = Found {
        outcome,
        grundy: value.value.finite(),
        method: Method::Labelling,
        remoteness: None,
        all: Some(moves.iter().map(info).collect()),
        winning: Some((winning.into_iter().map(info).collect(), true)),
        details: Default::default(),
    };
    let mut a = Analysis::new(game, position, Play::Normal, found, o);
    a.value = Some(value.value.to_string());
    // Play from a loopy position may never end: no remoteness is missing.
    a.remoteness_missing = None;
    if outcome == Outcome::Draw && !o.value_only {
        a.drawing_moves = Some(drawing);
    }
    a
}

/// The positions reachable from a root, numbered in the order they were
/// found (the root is 0), as a graph, labelled.
pub(crate) struct Explored<G> {
    index: HashMap<G, u32>,
    graph: Graph,
    labels: Labels,
}

/// Explores every position reachable from `root` (by canonical form) and
/// labels the graph they make.
///
/// # Errors
/// [`SearchError::LimitExceeded`] beyond `limits.max_positions` positions,
/// [`SearchError::MemoryExceeded`] beyond the memory budget (counted as the
/// positions' bytes and the graph's) and beyond [`Limits::max_moves`]
/// moves looked at (a position's options can grow with the position, so
/// positions alone do not bound the work), [`SearchError::TimeExceeded`]
/// past `limits.max_time`, [`SearchError::Interrupted`] when this thread's
/// watch ends, and the game's own failures.
pub(crate) fn explore<G: Game>(root: &G, limits: Limits) -> Result<Explored<G>, SearchError> {
    let deadline = limits
        .max_time
        .zip(limits.deadline_from(Instant::now()))
        .map(|(t, at)| (at, t));
    let watch = deadline::watch();
    let mut moves_seen = 0usize;
    let mut index: HashMap<G, u32> = HashMap::new();
    let mut order: Vec<G> = vec![root.canonical()];
    index.insert(order[0].clone(), 0);
    let mut graph = Graph::new();
    let mut bytes = 0usize;
    let mut next = 0;
    while next < order.len() {
        let p = order[next].clone();
        next += 1;
        // Once a position: its moves cost more than a look at the clock.
        if let Some((at, limit)) = deadline {
            if Instant::now() >= at {
                return Err(SearchError::TimeExceeded { limit });
            }
        }
        if watch.ended() {
            return Err(SearchError::Interrupted);
        }
        let mut options = Vec::new();
        for m in p.try_moves()? {
            moves_seen += 1;
            if moves_seen > limits.max_moves() {
                return Err(SearchError::LimitExceeded {
                    limit: limits.max_positions,
                });
            }
            let to = p.try_play(&m)?.canonical();
            let id = match index.get(&to) {
                Some(&id) => id,
                None => {
                    if order.len() >= limits.max_positions {
                        return Err(SearchError::LimitExceeded {
                            limit: limits.max_positions,
                        });
                    }
                    bytes += 2 * (std::mem::size_of::<G>() + to.heap_bytes()) + 48;
                    if bytes > limits.max_bytes {
                        return Err(SearchError::MemoryExceeded {
                            limit: limits.max_bytes,
                        });
                    }
                    let id = order.len() as u32;
                    index.insert(to.clone(), id);
                    order.push(to);
                    id
                }
            };
            options.push(id);
        }
        graph.push_vertex(options);
    }
    let labels = label(&graph);
    Ok(Explored {
        index,
        graph,
        labels,
    })
}

impl<G: Game> Explored<G> {
    /// The value and rank of a position found by the exploration.
    pub(crate) fn ranked(&self, p: &G) -> Option<Ranked> {
        let &v = self.index.get(&p.canonical())?;
        Some(Ranked::of(&self.graph, &self.labels, v))
    }
}

/// The analysis of `root`, a position of `game` that can repeat, by the
/// labelling of every position reachable from it.
///
/// # Errors
/// As [`explore`].
pub(crate) fn analyze_game<G: Game>(
    game: String,
    root: &G,
    o: &AnalyzeOptions,
) -> Result<Analysis, AnalyzeError> {
    let explored = explore(root, o.limits)?;
    let value = explored.ranked(root).expect("the root was explored");
    let mut moves = Vec::new();
    for m in root.try_moves().map_err(SearchError::from)? {
        let to = root.try_play(&m).map_err(SearchError::from)?;
        let value = explored.ranked(&to).expect("an option was explored");
        moves.push(LoopyMove {
            mv: m.to_string(),
            to: to.to_string(),
            value,
        });
    }
    Ok(write_up(game, root.to_string(), &value, moves, o))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::solve::Limits;

    #[test]
    fn the_exploration_stops_at_its_time_limit() {
        // Any game can be explored: Nim 3 3 has at most 16 positions.
        let nim = crate::solve::test_game::Nim(vec![3, 3]);
        assert!(super::explore(&nim, Limits::new(100)).is_ok());
        let late = super::explore(&nim, Limits::new(100).with_time(Duration::ZERO));
        assert!(matches!(
            late,
            Err(crate::solve::SearchError::TimeExceeded { .. })
        ));
    }

    #[test]
    fn the_exploration_counts_moves_as_well_as_positions() {
        // Nim 3 3's at most 16 positions fit a limit of 20, but not their
        // 30 or more moves within one move per position.
        let nim = crate::solve::test_game::Nim(vec![3, 3]);
        assert!(super::explore(&nim, Limits::new(20)).is_ok());
        let few = Limits::new(20).with_moves_per_position(1);
        assert!(matches!(
            super::explore(&nim, few),
            Err(crate::solve::SearchError::LimitExceeded { limit: 20 })
        ));
    }
}
