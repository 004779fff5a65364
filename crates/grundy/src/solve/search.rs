//! Exhaustive search: Grundy values, outcomes and remoteness of any [`Game`].
//!
//! The search is memoised and uses an explicit stack, so a game that lasts a
//! million moves (a subtraction game on a heap of 10^6) cannot overflow the
//! call stack. It sees only [`Game::move_iter`] and [`Game::play`]: it is the
//! oracle that closed forms are checked against.
//!
//! Each position on the path holds its place among its moves
//! ([`Game::move_iter`]), not a list of them, so the path costs its depth
//! times the size of a position. The memo is a transposition table within a
//! budget of bytes ([`Limits`]); when it is full the search evicts the
//! positions that were cheapest to solve and goes on, and finds them again if
//! it meets them again. Positions on the path are never evicted.
//!
//! # Complexity
//! With room for every position: each distinct position reached is
//! expanded once, time O(V + E) over the positions V and moves E reachable
//! from the root; memory O(V) for the table and O(D · S) for the path, D its
//! depth and S the size of a position. With less room, positions evicted
//! are searched again, which costs time, never memory; the work limit
//! ([`Limits::max_moves`]) and the time limit bound the time.
//!
//! # Remoteness
//! Remoteness is the number of moves left with perfect play when the winner
//! hurries and the loser delays (Steinhaus; as GamesCrafters' Gamesman shows
//! it): 0 for a position with no move, else `1 + min` over the moves to
//! losing positions if there is one, else `1 + max` over all moves.

use std::fmt;
use std::mem::size_of;
use std::sync::Arc;

use super::limits::{Budget, Limits, SearchError};
use super::progress::Progress;

use super::snapshot::Saver;
use super::table::{Slot, Table};
use crate::game::{Game, MoveIter, Outcome, Play};
use crate::nimber::{Mex, Nimber};

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

/// A memoised searcher for one game and one play convention.
///
/// Reuse one searcher for many positions of a game: what it learnt for one
/// is reused for the next, within its [`Limits`].
pub struct Searcher<G: Game> {
    play: Play,
    solved: Table<G, Solved>,
    values: Table<G, Nimber>,
    /// Moves, time and path bytes spent against the limits.
    budget: Budget,
    progress: Arc<Progress>,
    saver: Saver,
}

/// How often, in moves looked at, the clock is read.
const CLOCK_EVERY: usize = 1 << 10;

/// Bytes a move walk is taken to hold beyond a copy of its position (its
/// box and a place or two).
const WALK_BYTES: usize = 64;

struct SolveFrame<G: Game> {
    position: G,
    moves: MoveIter<G::Move>,
    any_move: bool,
    fastest_win: Option<u32>,
    slowest_loss: u32,
    /// The work to search it from nothing: moves looked at here and the
    /// work of each child, searched or found stored.
    work: u64,
    /// Its estimated bytes, counted in `path_bytes`.
    bytes: usize,
}

struct GrundyFrame<G: Game> {
    component: G,
    moves: MoveIter<G::Move>,
    /// The option being valued: its components, how many are valued, and
    /// the XOR of their values so far.
    option: Option<(Vec<G>, usize, Nimber)>,
    seen: Mex,
    /// As for [`SolveFrame`].
    work: u64,
    bytes: usize,
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
            solved: Table::new(),
            values: Table::new(),
            budget: Budget::new(limits),
            progress: Arc::new(Progress::default()),
            saver: Saver::default(),
        }
    }

    /// Publishes to `progress` and saves checkpoints through `saver`.
    pub(crate) fn watch(&mut self, progress: Arc<Progress>, saver: Saver) {
        (self.progress, self.saver) = (progress, saver);
    }

    /// The outcome table, to save.
    pub(crate) fn solved_table(&self) -> &Table<G, Solved> {
        &self.solved
    }

    /// The outcome table, to load a checkpoint into.
    pub(crate) fn solved_table_mut(&mut self) -> &mut Table<G, Solved> {
        &mut self.solved
    }

    /// The play convention of this searcher.
    pub fn play_convention(&self) -> Play {
        self.play
    }

    /// How many positions the outcome search has stored now.
    pub fn positions_solved(&self) -> usize {
        self.solved.len()
    }

    /// How many components the Grundy search has stored now.
    pub fn components_valued(&self) -> usize {
        self.values.len()
    }

    /// How many stored positions have been evicted to stay within the
    /// limits, over the searcher's life (0 when everything fitted).
    pub fn evictions(&self) -> u64 {
        self.solved.evicted() + self.values.evicted()
    }

    /// The estimated bytes of the searcher's tables now (see
    /// [`Limits::max_bytes`]; between searches there is no path).
    pub fn table_bytes(&self) -> usize {
        self.solved.bytes() + self.values.bytes()
    }

    /// Moves looked at so far, over the searcher's life.
    pub fn moves_seen(&self) -> usize {
        self.budget.moves_seen
    }

    /// The outcome and remoteness of `position` under this searcher's convention.
    ///
    /// # Errors
    /// [`SearchError`] if a limit is reached, the game repeats a position,
    /// or its rules fail.
    pub fn solve(&mut self, position: &G) -> Result<Solved, SearchError> {
        self.timed(|s| s.solve_from(position.canonical()))
    }

    /// The outcome and remoteness of a position already solved (for example a
    /// child of a solved position) and still stored, without searching.
    pub fn known(&self, position: &G) -> Option<Solved> {
        match self.solved.peek(&position.canonical()) {
            Some(Slot::Done(s)) => Some(s),
            _ => None,
        }
    }

    /// The Sprague–Grundy value of `position` (normal play), computed as the
    /// XOR of its [components](Game::components)' values, each the mex of
    /// its options' values.
    ///
    /// # Errors
    /// [`SearchError`] if a limit is reached, the game repeats a position,
    /// or its rules fail.
    pub fn grundy(&mut self, position: &G) -> Result<Nimber, SearchError> {
        self.timed(|s| {
            let mut total = Nimber::ZERO;
            for c in position.components() {
                total += s.component_grundy(c.canonical())?;
            }
            Ok(total)
        })
    }

    /// Runs one search against the time left, and cleans up after it: a
    /// search that stopped early leaves its path pinned in the tables.
    fn timed<T>(
        &mut self,
        search: impl FnOnce(&mut Self) -> Result<T, SearchError>,
    ) -> Result<T, SearchError> {
        self.budget.start();
        // The game's own calls (a script's) stop at the deadline too.
        let deadline = self.budget.deadline();
        let result = crate::solve::deadline::scoped(deadline, || search(self)).or_else(|e| {
            // A game call cut short by the deadline: the time limit stopped it.
            match e {
                SearchError::Game(_) => self.budget.check_time().and(Err(e)),
                e => Err(e),
            }
        });
        self.budget.stop();
        if result.is_err() {
            self.solved.unpin();
            self.values.unpin();
        }
        result
    }

    fn solve_from(&mut self, root: G) -> Result<Solved, SearchError> {
        if let Some((Slot::Done(s), _)) = self.solved.get(&root) {
            return Ok(s);
        }
        let mut stack = vec![self.open_solve(root)?];
        loop {
            let top = stack.last_mut().expect("the stack is not empty");
            if let Some(m) = top.moves.next() {
                self.count_move()?;
                top.any_move = true;
                top.work = top.work.saturating_add(1);
                let child = top.position.try_play(&m)?.canonical();
                match self.solved.get(&child) {
                    Some((Slot::Done(s), work)) => {
                        top.fold(s);
                        top.work = top.work.saturating_add(work);
                    }
                    Some((Slot::Busy, _)) => return Err(cycle(&child)),
                    None => {
                        let frame = self.open_solve(child)?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("the stack is not empty");
            let result = frame.result(self.play);
            self.solved.finish(&frame.position, result, frame.work);
            self.budget.path_bytes -= frame.bytes;
            // The parent takes the result from here, not from the table,
            // which may evict it before the parent looks.
            match stack.last_mut() {
                Some(parent) => {
                    parent.fold(result);
                    parent.work = parent.work.saturating_add(frame.work);
                }
                None => return Ok(result),
            }
        }
    }

    fn open_solve(&mut self, position: G) -> Result<SolveFrame<G>, SearchError> {
        let moves = position.move_iter()?;
        let bytes = frame_bytes::<SolveFrame<G>, G>(&position) + moves.held_bytes();
        self.budget.path_bytes += bytes;
        self.make_room(true, &position)?;
        self.solved.open(position.clone());
        Ok(SolveFrame {
            position,
            moves,
            any_move: false,
            fastest_win: None,
            slowest_loss: 0,
            work: 0,
            bytes,
        })
    }

    fn component_grundy(&mut self, root: G) -> Result<Nimber, SearchError> {
        if let Some((Slot::Done(v), _)) = self.values.get(&root) {
            return Ok(v);
        }
        let mut stack = vec![self.open_grundy(root)?];
        loop {
            let top = stack.last_mut().expect("the stack is not empty");
            if top.option.is_none() {
                let Some(m) = top.moves.next() else {
                    let mut frame = stack.pop().expect("the stack is not empty");
                    frame.seen.sort();
                    let value = Nimber(frame.seen.mex());
                    self.values.finish(&frame.component, value, frame.work);
                    self.budget.path_bytes -= frame.bytes;
                    let Some(parent) = stack.last_mut() else {
                        return Ok(value);
                    };
                    parent.work = parent.work.saturating_add(frame.work);
                    let (_, valued, xor) =
                        parent.option.as_mut().expect("the parent values an option");
                    *xor += value;
                    *valued += 1;
                    continue;
                };
                self.count_move()?;
                top.work = top.work.saturating_add(1);
                let to = top.component.try_play(&m)?;
                let parts: Vec<G> = to.components().iter().map(Game::canonical).collect();
                let bytes = parts_bytes(&parts);
                top.bytes += bytes;
                self.budget.path_bytes += bytes;
                top.option = Some((parts, 0, Nimber::ZERO));
            }
            let (parts, valued, xor) = top.option.as_mut().expect("an option is being valued");
            while let Some(part) = parts.get(*valued) {
                match self.values.get(part) {
                    Some((Slot::Done(v), work)) => {
                        *xor += v;
                        *valued += 1;
                        top.work = top.work.saturating_add(work);
                    }
                    Some((Slot::Busy, _)) => return Err(cycle(part)),
                    None => break,
                }
            }
            if let Some(part) = parts.get(*valued) {
                let part = part.clone();
                let frame = self.open_grundy(part)?;
                stack.push(frame);
                continue;
            }
            let value = *xor;
            let freed = parts_bytes(parts);
            top.option = None;
            let added = top.seen.add(value.value());
            top.bytes = top.bytes + added - freed;
            self.budget.path_bytes = self.budget.path_bytes + added - freed;
        }
    }

    fn open_grundy(&mut self, component: G) -> Result<GrundyFrame<G>, SearchError> {
        let moves = component.move_iter()?;
        let bytes = frame_bytes::<GrundyFrame<G>, G>(&component) + moves.held_bytes();
        self.budget.path_bytes += bytes;
        self.make_room(false, &component)?;
        self.values.open(component.clone());
        Ok(GrundyFrame {
            component,
            moves,
            option: None,
            seen: Mex::default(),
            work: 0,
            bytes,
        })
    }

    /// Evicts until `key` can be stored in the outcome table (`solving`) or
    /// the value table within the limits.
    ///
    /// # Errors
    /// [`SearchError::MemoryExceeded`] when only the path is left and it
    /// does not fit.
    fn make_room(&mut self, solving: bool, key: &G) -> Result<(), SearchError> {
        loop {
            let (used, stored) = if solving {
                (
                    self.solved.bytes_with(key) + self.values.bytes(),
                    self.solved.len(),
                )
            } else {
                (
                    self.values.bytes_with(key) + self.solved.bytes(),
                    self.values.len(),
                )
            };
            let (over_bytes, over_count) = self.budget.over(used, stored);
            if !over_bytes && !over_count {
                return Ok(());
            }
            // For bytes the other table goes first: it is not this search's memo.
            let evicted = if solving {
                (over_bytes && self.values.evict()) || self.solved.evict()
            } else {
                (over_bytes && self.solved.evict()) || self.values.evict()
            };
            if !evicted {
                if over_bytes {
                    return Err(self.budget.memory_exceeded());
                }
                // Only the path is stored: it may pass the position limit.
                return Ok(());
            }
        }
    }

    /// Counts one move looked at, against the work and time limits.
    fn count_move(&mut self) -> Result<(), SearchError> {
        if self.budget.count_move(CLOCK_EVERY)? {
            let stored = (self.solved.len() + self.values.len()) as u64;
            let bytes = self.table_bytes() as u64;
            self.progress
                .publish(self.budget.moves_seen as u64, stored, bytes);
            if self.progress.stop_requested() {
                return Err(SearchError::Interrupted);
            }
            if self.saver.due() {
                self.saver.save(&[&self.solved, &self.values])?;
            }
        }
        Ok(())
    }
}

/// The estimated bytes of a frame of type `F` for `position`: the frame
/// (twice, for the stack's spare room), the position's heap bytes twice
/// (the frame's copy and its move walk's) and the walk's own, besides the
/// list of moves a walk may hold ([`MoveIter::held_bytes`], added by the
/// caller).
fn frame_bytes<F, G: Game>(position: &G) -> usize {
    2 * size_of::<F>() + 2 * position.heap_bytes() + WALK_BYTES
}

/// The estimated bytes of an option's components held by a frame.
fn parts_bytes<G: Game>(parts: &[G]) -> usize {
    parts.iter().map(|p| size_of::<G>() + p.heap_bytes()).sum()
}

fn cycle<G: Game>(position: &G) -> SearchError {
    SearchError::Cycle {
        position: position.to_string(),
    }
}

impl<G: Game> SolveFrame<G> {
    fn fold(&mut self, child: Solved) {
        match child.outcome {
            Outcome::Previous => {
                let r = self
                    .fastest_win
                    .map_or(child.remoteness, |w| w.min(child.remoteness));
                self.fastest_win = Some(r);
            }
            Outcome::Next => self.slowest_loss = self.slowest_loss.max(child.remoteness),
            // The search refuses a cycle, so it never finds a draw.
            Outcome::Draw => unreachable!("a finite game has no draw"),
        }
    }

    fn result(&self, play: Play) -> Solved {
        if !self.any_move {
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

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_searcher() {
        use crate::solve::test_game::Nim;
        use crate::solve::Searcher;
        use crate::{Outcome, Play};
        let mut s = Searcher::new(Play::Normal);
        let p: Nim = "1 2 3".parse().unwrap();
        assert_eq!(s.solve(&p).unwrap().outcome, Outcome::Previous);
        assert_eq!(s.grundy(&"1 2".parse::<Nim>().unwrap()).unwrap().value(), 3);
    }
}
