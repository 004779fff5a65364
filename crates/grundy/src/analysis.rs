//! The answer of `grundy analyze`, [`Analysis`], and the one place it is
//! written up from what a method found (`Found`): by formula, by a game's
//! own value search, by exhaustive search, or from a sum's parts.

pub mod erased;
pub(crate) mod loopy;
pub(crate) mod misere;
pub(crate) mod subsets;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;

use crate::board::{Board, Target, MAX_TARGETS};
use crate::game::{Game, Outcome, Play};
use crate::solve::snapshot::Saver;
use crate::solve::{move_reports, Limits, Progress, SearchError, Searcher};

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
    /// Exact remoteness, however much search it takes within `limits`: the
    /// full search of the position and of every move. Without it the value
    /// and the winning moves come from the fastest engine that gives them
    /// (a formula, the game's own value search, the pruned search), and
    /// remoteness from a search within a fixed work budget
    /// ([`QUICK_SEARCH`] positions), absent beyond it with
    /// [`NoRemoteness::OverBudget`] saying so: Cram 4x9 answers in seconds
    /// instead of minutes.
    pub remoteness: bool,
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
    /// (`api::misere::genus`).
    Genus,
    /// Misère play: misère simplest forms (`api::misere::canonical`).
    Canonical,
    /// Misère play: the misère quotient of the heaps' closure
    /// (`api::misere::quotient`).
    Quotient,
    /// A loopy game: Fraenkel's labelling of the game graph
    /// (`crate::solve::loopy`).
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

impl MoveInfo {
    /// The entry of move `mv` to position `to`, with what is known of `to`:
    /// the one place a move's entry is made, for every method.
    pub fn new(
        mv: impl fmt::Display,
        to: impl fmt::Display,
        outcome: Option<Outcome>,
        remoteness: Option<u32>,
    ) -> MoveInfo {
        MoveInfo {
            mv: mv.to_string(),
            to: to.to_string(),
            outcome,
            remoteness,
        }
    }
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
    /// Why `remoteness` is absent, and so how to get it (absent where the
    /// remoteness is given, and for a loopy game's value, where play may
    /// never end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness_missing: Option<NoRemoteness>,
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

/// Why an [`Analysis`] gives no remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoRemoteness {
    /// Not looked for: the value alone was asked for
    /// ([`AnalyzeOptions::value_only`]).
    ValueOnly,
    /// The search for it needs more than the default work budget
    /// ([`QUICK_SEARCH`] positions); [`AnalyzeOptions::remoteness`] asks for it.
    OverBudget,
}

impl fmt::Display for NoRemoteness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoRemoteness::ValueOnly => "not looked for (the value alone was asked for)",
            NoRemoteness::OverBudget => {
                "not computed: its search needs more than the default work budget (ask for exact remoteness: --remoteness)"
            }
        })
    }
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
    /// [`AnalyzeOptions::value_only`] and [`AnalyzeOptions::remoteness`]
    /// together: the one looks for no remoteness, the other for the exact one.
    #[error("value_only looks for no remoteness: it cannot be asked together with remoteness (the exact remoteness by full search)")]
    ValueOnlyWithRemoteness,
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

/// Bytes of a position that count as one more position of the quick
/// search's budget: a move of a wide position (4,000 Nim heaps) copies all of
/// it, so such a position gets proportionally fewer positions.
pub const QUICK_BYTES_PER_POSITION: usize = 64;

/// The quick search's work per position of its budget: moves looked at.
/// Each costs a move made and put in canonical form, so this, more than
/// the positions stored, bounds its time: 2 million moves for
/// [`QUICK_SEARCH`] positions (Cram 4x9, 59 moves a position: the 256 moves
/// per position a search may otherwise look at took 9 s, and did not reach
/// the end of the game).
pub const QUICK_MOVES_PER_POSITION: usize = 20;

/// The limits of the quick remoteness search that follows an answer found
/// another way: [`QUICK_SEARCH`] positions, [`QUICK_MOVES_PER_POSITION`]
/// and [`QUICK_MEMORY`], or `limits` where they are tighter. Work, not
/// time: the same position gets the same remoteness (or none) on every
/// machine and under any load; a time limit in `limits` still stops the
/// run with its error.
pub fn quick_limits(limits: Limits) -> Limits {
    Limits::new(QUICK_SEARCH)
        .with_memory(QUICK_MEMORY)
        .with_moves_per_position(QUICK_MOVES_PER_POSITION)
        .within(limits)
}

/// [`quick_limits`] for `p`: the positions of the budget divided by its
/// size, one more share for every [`QUICK_BYTES_PER_POSITION`] bytes it
/// holds, so the quick search costs about as much on a wide position as
/// on a small one.
pub fn quick_limits_for<G: Game>(p: &G, limits: Limits) -> Limits {
    let quick = quick_limits(limits);
    let shares = 1 + p.heap_bytes() / QUICK_BYTES_PER_POSITION;
    Limits {
        max_positions: quick.max_positions / shares,
        ..quick
    }
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
        let remoteness = found
            .remoteness
            .or_else(|| implied_remoteness(found.outcome, &winning_moves, complete));
        let remoteness_missing = match (remoteness, o.value_only) {
            (Some(_), _) => None,
            (None, true) => Some(NoRemoteness::ValueOnly),
            (None, false) => Some(NoRemoteness::OverBudget),
        };
        Analysis {
            game,
            position,
            play,
            outcome: found.outcome,
            grundy: found.grundy,
            method: found.method,
            winning_moves,
            winning_moves_complete: complete,
            remoteness,
            remoteness_missing,
            all_moves: if o.all_moves { found.all } else { None },
            value: None,
            drawing_moves: None,
            details: found.details,
        }
    }
}

/// The remoteness search every method runs beside its answer: the full
/// search of `p` under `o.play`, whose table also holds the remoteness of
/// the moves it reached ([`Searcher::known`]). Within the default work
/// budget ([`quick_limits_for`]), `None` beyond it; with
/// [`AnalyzeOptions::remoteness`] within the run's limits, an error beyond
/// them; not run at all for [`AnalyzeOptions::value_only`]. It stops when
/// `stop` is asked to (the watched search's progress: a front end's
/// Ctrl-C or deadline).
///
/// Within the default budget the run's time limit does not apply: the
/// budget bounds the search's work (a second or two), and whether a
/// remoteness is given must not depend on the machine's speed, nor keep a
/// run resumed in short slices from its end.
///
/// # Errors
/// An interruption; with [`AnalyzeOptions::remoteness`], any limit the
/// search reaches.
pub(crate) fn remoteness_search<G: Game>(
    p: &G,
    o: &AnalyzeOptions,
    stop: Option<&Progress>,
) -> Result<(Searcher<G>, Option<u32>), SearchError> {
    remoteness_search_within(p, o, quick_limits_for(p, o.limits), stop)
}

/// [`remoteness_search`] with `budget` as the default work budget.
///
/// # Errors
/// As [`remoteness_search`].
pub(crate) fn remoteness_search_within<G: Game>(
    p: &G,
    o: &AnalyzeOptions,
    budget: Limits,
    stop: Option<&Progress>,
) -> Result<(Searcher<G>, Option<u32>), SearchError> {
    let limits = match o.remoteness {
        true => o.limits,
        false => Limits {
            max_time: None,
            ..budget
        },
    };
    let mut search = Searcher::with_limits(o.play, limits);
    if let Some(progress) = stop {
        search.watch(Arc::new(progress.follower()), Saver::default());
    }
    if o.value_only {
        return Ok((search, None));
    }
    if p.too_large_to_search(limits.max_positions) {
        return match o.remoteness {
            true => Err(SearchError::TooLarge {
                limit: limits.max_positions,
            }),
            false => Ok((search, None)),
        };
    }
    match search.solve(p) {
        Ok(s) => Ok((search, Some(s.remoteness))),
        Err(e @ (SearchError::TimeExceeded { .. } | SearchError::Interrupted)) => Err(e),
        Err(e) if o.remoteness => Err(e),
        Err(_) => Ok((search, None)),
    }
}

/// The remoteness of an N-position that follows from its winning moves,
/// where no search gave it: the winner takes the fastest win, so it is one
/// more than the least remoteness of a winning move, when every winning
/// move is listed with its remoteness, or 1 when a listed winning move ends
/// the game at once (1 is the least an N-position can have).
fn implied_remoteness(outcome: Outcome, winning: &[MoveInfo], complete: bool) -> Option<u32> {
    if outcome != Outcome::Next || winning.is_empty() {
        return None;
    }
    if winning.iter().any(|m| m.remoteness == Some(0)) {
        return Some(1);
    }
    let all: Option<Vec<u32>> = winning.iter().map(|m| m.remoteness).collect();
    match (complete, all) {
        (true, Some(r)) => r.iter().min().map(|least| least + 1),
        _ => None,
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
        .map(|r| {
            MoveInfo::new(
                &r.mv,
                &r.to,
                Some(r.solved.outcome),
                Some(r.solved.remoteness),
            )
        })
        .collect();
    Ok((solved.outcome, solved.remoteness, all))
}

/// The board of `p`: its picture, and a target for each legal move when they
/// are at most [`MAX_TARGETS`](crate::board::MAX_TARGETS).
pub(crate) fn draw<G: Game>(game: String, p: &G) -> Board {
    let picture = p.picture();
    let listed = match p.move_count() <= MAX_TARGETS {
        true => p.try_moves().ok(),
        false => None,
    };
    let complete = listed.is_some();
    let targets: Vec<Target> = listed
        .unwrap_or_default()
        .iter()
        .map(|m| Target {
            mv: m.to_string(),
            spot: p.spot(m),
        })
        .collect();
    Board {
        game,
        position: p.to_string(),
        how: picture.how(&targets).to_string(),
        picture,
        targets,
        complete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::test_game::Nim;

    fn to(remoteness: Option<u32>) -> MoveInfo {
        MoveInfo::new("m", "p", Some(Outcome::Previous), remoteness)
    }

    #[test]
    fn a_remoteness_follows_from_the_winning_moves_only_where_they_decide_it() {
        let next = Outcome::Next;
        // A winning move that ends the game: the least an N-position can have.
        assert_eq!(
            implied_remoteness(next, &[to(None), to(Some(0))], false),
            Some(1)
        );
        // Every winning move known: one more than the fastest.
        assert_eq!(
            implied_remoteness(next, &[to(Some(4)), to(Some(2))], true),
            Some(3)
        );
        // One unknown, or a list that is not all of them: not decided.
        assert_eq!(
            implied_remoteness(next, &[to(Some(4)), to(None)], true),
            None
        );
        assert_eq!(implied_remoteness(next, &[to(Some(2))], false), None);
        assert_eq!(implied_remoteness(Outcome::Previous, &[], true), None);
    }

    #[test]
    fn the_quick_budget_counts_work_and_shrinks_with_the_position() {
        let l = quick_limits(Limits::default());
        assert_eq!((l.max_positions, l.max_time), (QUICK_SEARCH, None));
        // Work is moves looked at: a few per position of the budget.
        assert_eq!(l.max_moves(), QUICK_SEARCH * QUICK_MOVES_PER_POSITION);
        // A time limit of the run is kept: it stops the run, it shapes nothing.
        let timed = Limits::default().with_time(std::time::Duration::from_secs(3));
        assert_eq!(quick_limits(timed).max_time, timed.max_time);
        let small = quick_limits_for(&Nim(vec![3, 4]), Limits::default());
        let wide = quick_limits_for(&Nim(vec![5; 4000]), Limits::default());
        assert_eq!(small.max_positions, QUICK_SEARCH);
        assert!(
            wide.max_positions * 400 < QUICK_SEARCH,
            "{}",
            wide.max_positions
        );
    }

    fn asked(remoteness: bool, value_only: bool) -> AnalyzeOptions {
        AnalyzeOptions {
            remoteness,
            value_only,
            ..AnalyzeOptions::default()
        }
    }

    #[test]
    fn remoteness_is_searched_within_the_budget_unless_asked_for() {
        // Nim 2 2 (a P-position): each move takes one heap down; the winner
        // answers by making the heaps equal, so play lasts 2 to 4 moves and
        // the loser makes it last 4 (take 1, take 1, take 1, take 1).
        let small = Nim(vec![2, 2]);
        assert_eq!(
            remoteness_search(&small, &asked(false, false), None)
                .unwrap()
                .1,
            Some(4)
        );
        assert_eq!(
            remoteness_search(&small, &asked(false, true), None)
                .unwrap()
                .1,
            None
        );
        // Four heaps of 3 within a budget of 10 positions, too few.
        let big = Nim(vec![3; 4]);
        let within = |limits, remoteness| {
            let o = AnalyzeOptions {
                limits,
                ..asked(remoteness, false)
            };
            remoteness_search(&big, &o, None).map(|(_, r)| r)
        };
        assert_eq!(within(Limits::new(10), false).unwrap(), None);
        // Asked for, a limit is an error, not a silent `None`.
        let e = within(Limits::new(10), true).unwrap_err();
        assert!(e.is_limit(), "{e}");
        // Every move takes at least one of the 12 counters, and the loser
        // can take one at a time: the winner then must too, to keep the
        // heaps' XOR 0 (from 2 3 3 3 only 3 -> 2 does).
        assert_eq!(within(Limits::default(), true).unwrap(), Some(12));
    }

    #[test]
    fn a_missing_remoteness_says_why() {
        let found = |remoteness| Found {
            outcome: Outcome::Previous,
            grundy: Some(0),
            method: Method::Search,
            remoteness,
            all: Some(Vec::new()),
            winning: None,
            details: BTreeMap::new(),
        };
        let write = |remoteness, o: &AnalyzeOptions| {
            Analysis::new("g".into(), "p".into(), Play::Normal, found(remoteness), o)
                .remoteness_missing
        };
        assert_eq!(write(Some(3), &asked(false, false)), None);
        assert_eq!(
            write(None, &asked(false, false)),
            Some(NoRemoteness::OverBudget)
        );
        assert_eq!(
            write(None, &asked(false, true)),
            Some(NoRemoteness::ValueOnly)
        );
        let text = NoRemoteness::OverBudget.to_string();
        assert!(text.contains("--remoteness"), "{text}");
    }
}
