//! Exhaustive search: Grundy values, outcomes and remoteness of any [`Game`].
//!
//! The search is memoised and uses an explicit stack, so a game that lasts a
//! million moves (a subtraction game on a heap of 10^6) cannot overflow the
//! call stack. It sees only [`Game::moves`] and [`Game::play`]: it is the
//! oracle that closed forms are checked against.
//!
//! # Complexity
//! Each distinct position reached is expanded once: time O(V + E) over the
//! positions V and moves E reachable from the root, memory O(V). The number
//! of positions stored is capped by [`Limits::max_positions`].
//!
//! # Remoteness
//! Remoteness is the number of moves left with perfect play when the winner
//! hurries and the loser delays (Steinhaus; as GamesCrafters' Gamesman shows
//! it): 0 for a position with no move, else `1 + min` over the moves to
//! losing positions if there is one, else `1 + max` over all moves.

use std::fmt;

use thiserror::Error;

use crate::game::{Game, GameError, Outcome, Play};
use crate::hash::FxHashMap;
use crate::nimber::{mex, Nimber};

/// Bounds on a search.
///
/// A search stores at most `max_positions` positions, and looks at no more
/// than [`Limits::MOVES_PER_POSITION`] moves per position of that limit, so
/// that positions with very many moves each (an E&D pile of 10^5 stones)
/// cannot keep a search running for hours within its position limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most distinct positions one search may store.
    pub max_positions: usize,
}

impl Limits {
    /// The default bound: 10^7 positions, a few hundred MiB at most.
    pub const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

    /// Moves a search may look at per position of its limit.
    pub const MOVES_PER_POSITION: usize = 256;

    /// The most moves a search may look at.
    pub fn max_moves(&self) -> usize {
        self.max_positions
            .saturating_mul(Limits::MOVES_PER_POSITION)
    }

    /// A limit of `max_positions`.
    pub fn new(max_positions: usize) -> Limits {
        Limits { max_positions }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new(Limits::DEFAULT_MAX_POSITIONS)
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// More positions than the limit allows.
    #[error("search stopped at its limit of {limit} positions (or of 256 moves looked at per position of it); raise it with --max-positions, or analyse a smaller position")]
    LimitExceeded {
        /// The limit that was reached.
        limit: usize,
    },
    /// A position can be reached from itself, so the game can go on forever.
    #[error("the game is not finite: position `{position}` can be reached from itself")]
    Cycle {
        /// The repeating position, in its text form.
        position: String,
    },
    /// The game's rules failed (a user script).
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The outcome of a position under one play convention, and how long it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solved {
    /// Who wins.
    pub outcome: Outcome,
    /// Moves left with perfect play (see the module docs).
    pub remoteness: u32,
}

impl fmt::Display for Solved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.outcome, self.remoteness)
    }
}

#[derive(Clone, Copy)]
enum Slot<T> {
    Busy,
    Done(T),
}

/// A memoised searcher for one game and one play convention.
///
/// Reuse one searcher for many positions of a game: what it learnt for one
/// is reused for the next.
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::{Outcome, Play, Searcher};
/// let mut s = Searcher::new(Play::Normal);
/// let p: Nim = "1 2 3".parse().unwrap();
/// assert_eq!(s.solve(&p).unwrap().outcome, Outcome::Previous);
/// assert_eq!(s.grundy(&"1 2".parse::<Nim>().unwrap()).unwrap().value(), 3);
/// ```
pub struct Searcher<G: Game> {
    play: Play,
    limits: Limits,
    solved: FxHashMap<G, Slot<Solved>>,
    values: FxHashMap<G, Slot<Nimber>>,
    /// Moves looked at so far, against [`Limits::max_moves`].
    moves_seen: usize,
}

struct SolveFrame<G> {
    position: G,
    children: Vec<G>,
    next: usize,
    fastest_win: Option<u32>,
    slowest_loss: u32,
}

struct GrundyFrame<G> {
    component: G,
    options: Vec<Vec<G>>,
    next: usize,
    seen: Vec<Nimber>,
}

impl<G: Game> Searcher<G> {
    /// A searcher with the default [`Limits`].
    pub fn new(play: Play) -> Searcher<G> {
        Searcher::with_limits(play, Limits::default())
    }

    /// A searcher with the given limits.
    pub fn with_limits(play: Play, limits: Limits) -> Searcher<G> {
        Searcher {
            play,
            limits,
            solved: FxHashMap::default(),
            values: FxHashMap::default(),
            moves_seen: 0,
        }
    }

    /// The play convention of this searcher.
    pub fn play_convention(&self) -> Play {
        self.play
    }

    /// How many positions the outcome search has stored.
    pub fn positions_solved(&self) -> usize {
        self.solved.len()
    }

    /// How many components the Grundy search has stored.
    pub fn components_valued(&self) -> usize {
        self.values.len()
    }

    /// The outcome and remoteness of `position` under this searcher's convention.
    ///
    /// # Errors
    /// [`SearchError`] if the limit is reached, the game repeats a position,
    /// or its rules fail.
    pub fn solve(&mut self, position: &G) -> Result<Solved, SearchError> {
        let root = position.canonical();
        if let Some(Slot::Done(s)) = self.solved.get(&root) {
            return Ok(*s);
        }
        let mut stack = vec![self.open_solve(root)?];
        while let Some(top) = stack.last_mut() {
            if let Some(child) = top.children.get(top.next) {
                match self.solved.get(child) {
                    Some(Slot::Done(s)) => {
                        let s = *s;
                        top.fold(s);
                        top.next += 1;
                    }
                    Some(Slot::Busy) => return Err(self.cycle(child)),
                    None => {
                        let child = child.clone();
                        let frame = self.open_solve(child)?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            let result = frame.result(self.play);
            self.solved.insert(frame.position, Slot::Done(result));
            if stack.is_empty() {
                return Ok(result);
            }
        }
        unreachable!("the loop returns when the root is solved")
    }

    /// The outcome and remoteness of a position already solved (for example a
    /// child of a solved position), without searching.
    pub fn known(&self, position: &G) -> Option<Solved> {
        match self.solved.get(&position.canonical()) {
            Some(Slot::Done(s)) => Some(*s),
            _ => None,
        }
    }

    fn open_solve(&mut self, position: G) -> Result<SolveFrame<G>, SearchError> {
        self.reserve(self.solved.len())?;
        let children = expand(&position)?;
        self.count_moves(children.len())?;
        self.solved.insert(position.clone(), Slot::Busy);
        Ok(SolveFrame {
            position,
            children,
            next: 0,
            fastest_win: None,
            slowest_loss: 0,
        })
    }

    /// The Sprague–Grundy value of `position` (normal play), computed as the
    /// XOR of its [components](Game::components)' values, each the mex of
    /// its options' values.
    ///
    /// # Errors
    /// [`SearchError`] if the limit is reached, the game repeats a position,
    /// or its rules fail.
    pub fn grundy(&mut self, position: &G) -> Result<Nimber, SearchError> {
        let mut total = Nimber::ZERO;
        for c in position.components() {
            total += self.component_grundy(c.canonical())?;
        }
        Ok(total)
    }

    fn component_grundy(&mut self, root: G) -> Result<Nimber, SearchError> {
        if let Some(Slot::Done(v)) = self.values.get(&root) {
            return Ok(*v);
        }
        let mut stack = vec![self.open_grundy(root)?];
        while let Some(top) = stack.last_mut() {
            if let Some(option) = top.options.get(top.next) {
                let mut value = Nimber::ZERO;
                let mut missing = None;
                for c in option {
                    match self.values.get(c) {
                        Some(Slot::Done(v)) => value += *v,
                        Some(Slot::Busy) => return Err(self.cycle(c)),
                        None => {
                            missing = Some(c.clone());
                            break;
                        }
                    }
                }
                match missing {
                    Some(c) => {
                        let frame = self.open_grundy(c)?;
                        stack.push(frame);
                    }
                    None => {
                        top.seen.push(value);
                        top.next += 1;
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            let value = mex(frame.seen);
            self.values.insert(frame.component, Slot::Done(value));
            if stack.is_empty() {
                return Ok(value);
            }
        }
        unreachable!("the loop returns when the root is valued")
    }

    fn open_grundy(&mut self, component: G) -> Result<GrundyFrame<G>, SearchError> {
        self.reserve(self.values.len())?;
        let options = expand(&component)?;
        self.count_moves(options.len())?;
        let options = options
            .into_iter()
            .map(|o| o.components().iter().map(Game::canonical).collect())
            .collect();
        self.values.insert(component.clone(), Slot::Busy);
        Ok(GrundyFrame {
            component,
            options,
            next: 0,
            seen: Vec::new(),
        })
    }

    fn count_moves(&mut self, moves: usize) -> Result<(), SearchError> {
        self.moves_seen = self.moves_seen.saturating_add(moves);
        if self.moves_seen > self.limits.max_moves() {
            return Err(SearchError::LimitExceeded {
                limit: self.limits.max_positions,
            });
        }
        Ok(())
    }

    fn reserve(&self, stored: usize) -> Result<(), SearchError> {
        if stored >= self.limits.max_positions {
            Err(SearchError::LimitExceeded {
                limit: self.limits.max_positions,
            })
        } else {
            Ok(())
        }
    }

    fn cycle(&self, position: &G) -> SearchError {
        SearchError::Cycle {
            position: position.to_string(),
        }
    }
}

/// The positions reachable in one move, in canonical form.
fn expand<G: Game>(position: &G) -> Result<Vec<G>, SearchError> {
    position
        .try_moves()?
        .iter()
        .map(|m| Ok(position.try_play(m)?.canonical()))
        .collect()
}

impl<G> SolveFrame<G> {
    fn fold(&mut self, child: Solved) {
        match child.outcome {
            Outcome::Previous => {
                let r = self
                    .fastest_win
                    .map_or(child.remoteness, |w| w.min(child.remoteness));
                self.fastest_win = Some(r);
            }
            Outcome::Next => self.slowest_loss = self.slowest_loss.max(child.remoteness),
        }
    }

    fn result(&self, play: Play) -> Solved {
        if self.children.is_empty() {
            let outcome = match play {
                Play::Normal => Outcome::Previous,
                Play::Misere => Outcome::Next,
            };
            return Solved {
                outcome,
                remoteness: 0,
            };
        }
        match self.fastest_win {
            Some(r) => Solved {
                outcome: Outcome::Next,
                remoteness: r + 1,
            },
            None => Solved {
                outcome: Outcome::Previous,
                remoteness: self.slowest_loss + 1,
            },
        }
    }
}

/// A move with the solved position it leads to.
#[derive(Clone, Debug)]
pub struct MoveReport<G: Game> {
    /// The move.
    pub mv: G::Move,
    /// The position after it.
    pub to: G,
    /// Its outcome for the player who moves next, and remoteness.
    pub solved: Solved,
}

/// Every move from `position` with the outcome it leads to, solving as needed.
///
/// # Errors
/// As [`Searcher::solve`].
pub fn move_reports<G: Game>(
    searcher: &mut Searcher<G>,
    position: &G,
) -> Result<Vec<MoveReport<G>>, SearchError> {
    let mut reports = Vec::new();
    for mv in position.try_moves()? {
        let to = position.try_play(&mv)?;
        let solved = searcher.solve(&to)?;
        reports.push(MoveReport { mv, to, solved });
    }
    Ok(reports)
}

/// The winning moves among `reports`, fastest win first (moves to P-positions).
pub fn winning<G: Game>(reports: &[MoveReport<G>]) -> Vec<&MoveReport<G>> {
    let mut wins: Vec<&MoveReport<G>> = reports
        .iter()
        .filter(|r| r.solved.outcome == Outcome::Previous)
        .collect();
    wins.sort_by_key(|r| r.solved.remoteness);
    wins
}
