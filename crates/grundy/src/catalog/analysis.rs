//! The answer of `grundy analyze`, [`Analysis`], and the one place it is
//! written up from what a method found (`Found`): by formula, by a game's
//! own value search, by exhaustive search, or from a sum's parts.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

use crate::game::{Game, Outcome, Play};
use crate::solve::{move_reports, Limits, SearchError, Searcher};

/// How to analyse a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnalyzeOptions {
    /// Normal or misère play.
    pub play: Play,
    /// List every move with the outcome it leads to.
    pub all_moves: bool,
    /// The outcome and the Grundy value alone, as fast as they can be found:
    /// no move is listed or searched and no remoteness is looked for (the
    /// answer's `winning_moves` is empty and not complete, its remoteness
    /// unknown). In normal play a position no formula answers is valued by
    /// the game's own value search where it has one, else by the pruned
    /// search ([`Pruner`](crate::solve::Pruner)); misère play by the full
    /// search, which the outcome needs.
    pub value_only: bool,
    /// Bounds on any search.
    pub limits: Limits,
}

/// Which method answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// A closed form (checked against search by `verify`).
    Formula,
    /// Exhaustive search.
    Search,
    /// Misère play: every part is tame, and the genus rule answers
    /// ([`crate::misere::genus`]).
    Genus,
    /// Misère play: misère simplest forms ([`crate::misere::canonical`]).
    Canonical,
    /// Misère play: the misère quotient of the heaps' closure
    /// ([`crate::misere::quotient`]).
    Quotient,
    /// A loopy game: Fraenkel's labelling of the game graph
    /// ([`crate::solve::loopy`]).
    Labelling,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Formula => "formula",
            Method::Search => "search",
            Method::Genus => "genus",
            Method::Canonical => "canonical",
            Method::Quotient => "quotient",
            Method::Labelling => "labelling",
        })
    }
}

/// A move, the position it leads to and what is known of that position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// The move, as a player types it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move, in the text form the game parses.
    pub to: String,
    /// The outcome of that position, for the player then to move.
    pub outcome: Option<Outcome>,
    /// Its remoteness, where search found it.
    pub remoteness: Option<u32>,
}

/// Everything known about a position: the answer of `grundy analyze`.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The game, with its parameters.
    pub game: String,
    /// The position, as the game parses it.
    pub position: String,
    /// Normal or misère play.
    pub play: Play,
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague–Grundy value (normal play only; `None` where unknown).
    pub grundy: Option<u64>,
    /// Which method answered.
    pub method: Method,
    /// The winning moves, fastest win first where remoteness is known.
    pub winning_moves: Vec<MoveInfo>,
    /// Whether `winning_moves` is every winning move (it is all but for
    /// positions with too many moves to list, where the formula's are given).
    pub winning_moves_complete: bool,
    /// Moves left with perfect play, where search found it.
    pub remoteness: Option<u32>,
    /// Every move, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_moves: Option<Vec<MoveInfo>>,
    /// A loopy game's generalized Sprague–Grundy value (Smith's γ), `3` or
    /// `∞{0,2}`; absent for a game whose positions never repeat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A drawn position of a loopy game: the moves that keep the draw (the
    /// others lose).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<MoveInfo>>,
    /// Facts found on the way (e.g. a Zeckendorf representation).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub details: BTreeMap<String, String>,
}

/// Why an analysis could not be given.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnalyzeError {
    /// The search could not finish.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A checkpoint that cannot be resumed from.
    #[error(transparent)]
    Checkpoint(#[from] crate::solve::snapshot::SnapshotError),
    /// Too many moves to list.
    #[error("this position has {count} moves, more than the {limit} that can be listed; choose a smaller position, or leave out --search and --all-moves where the game has a formula")]
    TooManyMoves {
        /// How many moves there are.
        count: u128,
        /// The most that are listed.
        limit: u128,
    },
    /// [`AnalyzeOptions::value_only`] and [`AnalyzeOptions::all_moves`]
    /// together: the one lists no move, the other every move.
    #[error("value_only lists no move: it cannot be asked together with all_moves (every move's outcome)")]
    ValueOnlyWithAllMoves,
    /// Misère play of a game whose positions can repeat.
    #[error("`{position}` is a position of a loopy game (its positions can repeat): misère play of loopy games is not supported; analyse it in normal play (leave out --misere)")]
    LoopyMisere {
        /// The position.
        position: String,
    },
    /// A Grundy value that a sum needs is unknown.
    #[error("the Grundy value of `{position}` is not known (no formula, and too large to search); a sum needs the value of each part")]
    NoValue {
        /// The part without a value.
        position: String,
    },
}

/// The most moves listed one by one.
pub const MOVE_LIST_LIMIT: u128 = 100_000;

/// The search budget spent on remoteness when a formula already answered:
/// positions stored.
pub const QUICK_SEARCH: usize = 100_000;

/// The quick search's memory budget: a few MiB.
pub const QUICK_MEMORY: usize = 8 << 20;

/// The quick search's time budget, so that an answer that a formula gave
/// at once never waits long for its remoteness.
pub const QUICK_TIME: Duration = Duration::from_millis(250);

/// The limits of the quick remoteness search that follows a formula's
/// answer: [`QUICK_SEARCH`], [`QUICK_MEMORY`] and [`QUICK_TIME`], or
/// `limits` where they are tighter.
pub fn quick_limits(limits: Limits) -> Limits {
    let quick = Limits::new(QUICK_SEARCH)
        .with_memory(QUICK_MEMORY)
        .with_time(QUICK_TIME);
    quick.within(limits)
}

/// What one method found about a position, before it is written up as an
/// [`Analysis`] by [`Analysis::new`].
pub(crate) struct Found {
    /// Who wins.
    pub outcome: Outcome,
    /// The Grundy value, where known (normal play).
    pub grundy: Option<u64>,
    /// Which method answered.
    pub method: Method,
    /// Moves left with perfect play, where known.
    pub remoteness: Option<u32>,
    /// Every move, where they could be listed.
    pub all: Option<Vec<MoveInfo>>,
    /// The winning moves and whether they are all of them, where a method
    /// found them apart from `all`; `None` to take the moves of `all` that
    /// lead to P-positions.
    pub winning: Option<(Vec<MoveInfo>, bool)>,
    /// Facts found on the way.
    pub details: BTreeMap<String, String>,
}

impl Analysis {
    /// Writes up what a method found about `position` of `game` as `o`
    /// asks: the winning moves fastest win first, every move only when
    /// asked for, no move and no remoteness for [`AnalyzeOptions::value_only`].
    pub(crate) fn new(
        game: String,
        position: String,
        play: Play,
        mut found: Found,
        o: &AnalyzeOptions,
    ) -> Analysis {
        if o.value_only {
            found.all = None;
            found.winning = Some((Vec::new(), false));
            found.remoteness = None;
        }
        let (mut winning_moves, complete) = match found.winning {
            Some(w) => w,
            None => {
                let all = found.all.as_deref().unwrap_or_default();
                let to_p = all.iter().filter(|m| m.outcome == Some(Outcome::Previous));
                (to_p.cloned().collect(), found.all.is_some())
            }
        };
        winning_moves.sort_by_key(|m| m.remoteness.unwrap_or(u32::MAX));
        Analysis {
            game,
            position,
            play,
            outcome: found.outcome,
            grundy: found.grundy,
            method: found.method,
            winning_moves,
            winning_moves_complete: complete,
            remoteness: found.remoteness,
            all_moves: if o.all_moves { found.all } else { None },
            value: None,
            drawing_moves: None,
            details: found.details,
        }
    }
}

/// What exhaustive search finds of `p` under `play`: its outcome and
/// remoteness and every move with the outcome and remoteness it leads to.
///
/// # Errors
/// As [`Searcher::solve`].
pub(crate) fn by_search<G: Game>(
    search: &mut Searcher<G>,
    p: &G,
) -> Result<(Outcome, u32, Vec<MoveInfo>), SearchError> {
    let solved = search.solve(p)?;
    let all = move_reports(search, p)?
        .into_iter()
        .map(|r| MoveInfo {
            mv: r.mv.to_string(),
            to: r.to.to_string(),
            outcome: Some(r.solved.outcome),
            remoteness: Some(r.solved.remoteness),
        })
        .collect();
    Ok((solved.outcome, solved.remoteness, all))
}
