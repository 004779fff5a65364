//! Pruned search: Grundy values and outcomes (normal play) without valuing
//! every option.
//!
//! The method is Lemoine and Viennot's: `g(G) = n` exactly when `G + *n` is
//! a P-position, and an outcome search stops at the first winning move.
//! [`Pruner::grundy`] asks "is `g(C) = n`?" for n = 0, 1, 2, ... of each
//! component C. `C + *n` is a P-position when
//!
//! - every smaller value m is excluded (`C + *m` is an N-position: the move
//!   from `*n` to `*m` loses), and
//! - no option of C has value n (the move in C loses).
//!
//! A component's options are played once per question and listed: an
//! option all of whose parts the table values gives its value at once (a
//! value no longer to ask about, or the answer), the others are sorted
//! easiest first (the squares of their parts' [difficulties](Game::difficulty),
//! summed: an option that splits the board is cheap; ties keep the order
//! of [`Game::search_moves`], in which Cram gives the moves likeliest to
//! split first) and the values from the lowest
//! not excluded are asked about in turn, each of the easiest option not
//! yet found to have a smaller one (an option has one value: found for m,
//! it is not asked about again). A value is at most the number of moves, so
//! a question about a larger one is answered at once.
//!
//! Below the top, a component of fewer than 256 moves is asked about a
//! *set* of values at once (Beling and Rogalski's refinement,
//! [`Pruner::grundy`] at the top keeps asking one value at a time, their
//! "aspiration"): "which of these is your value, if any?". Its options are
//! listed once and the values it may still have kept as a set one larger
//! than the options left; each option is asked only about the values of
//! that set that would matter, and the search stops once the set and the
//! question share no value (see `in_set_here`). Two equal parts of an
//! option add to 0 and are dropped unsearched. A part the table does not
//! hold is first offered to its game for a simpler position of the same
//! value ([`Game::value_parts`]: Cram removes its bridges), whose parts
//! take its place; only such parts are stored. A component the table holds
//! nothing of starts from what its game's theorems say of its outcome
//! ([`Game::known_outcome`]: a Cram region that is its own image under the
//! half turn): value 0 at once, or 0 excluded, so that the first value
//! asked about is 1; so does an option's part the table does not hold, so
//! that an option of such parts is valued as it is listed.
//!
//! An option that falls apart into components D1 + ... + Dk has value n when
//! `g(Dk) = n ^ g(D1) ^ ... ^ g(Dk-1)`: the easier components (fewer moves)
//! are valued in full, the hardest is only asked about one value. The table
//! keeps, for each component, what the questions found: its value, or the
//! values it does not have (a floor below which all are excluded, and a
//! mask of 64 above it).
//!
//! A component of more than 256 moves (a heap of Grundy's game) is valued
//! by the plain mex of its options instead, played one at a time: a list
//! of so many options on each level of a deep path would fill the memory,
//! and such games value most options anyway. So is a component of a game
//! whose questions do not pay ([`Game::value_questions_pay`]: Chomp, whose
//! values are large and whose bars never split, where asking value after
//! value lists a bar's options again for each).
//!
//! A game may number its parts ([`Game::index`]: a heap by its size, a
//! Chomp bar by its place among the bars of its square) so that every
//! option's parts have lower numbers. Their values are then kept in an
//! array (an eighth of the memory budget) rather than the table, and a part
//! valued by its options' numbers has every part numbered below them valued
//! first, from the lowest up, each by the mex of its options' numbers alone:
//! no position is built and nothing is stored in the table (Grundy's game
//! of 20000: 0.73 s to 0.42 s; Chomp 12x12, 2.7 million bars: 14 s and
//! 108 MB to 1.1 s and 12 MB). Where the array cannot hold the numbers
//! below, or the game says that valuing them all does not pay
//! ([`Game::fill_below_pays`]: a thin Chomp bar), the part is searched as
//! any other.
//!
//! Beling and Rogalski compare this with plain mex search and its
//! refinements (aspiration sets, move ordering); the questions asked here
//! are theirs (as their solver `igs` orders them), the code is written from
//! the definitions above.
//!
//! The recursion grows its stack on demand (the `stacker` crate), so a game
//! thousands of moves deep cannot overflow it; the path costs its depth
//! times a frame, counted against the memory budget.
//!
//! # Complexity
//! At worst that of the full search ([`Searcher`](super::Searcher)) times the
//! largest value asked about; at best, at a P-position, one winning reply
//! per N-position: the number of positions visited can fall exponentially
//! (Lemoine–Viennot; Beling–Rogalski). Memory as for the full search, one
//! table entry per component met.
//!
//! # References
//! - J. Lemoine, S. Viennot, *Nimbers are inevitable*, Theoretical Computer
//!   Science 462 (2012) 70–79.
//! - P. Beling, M. Rogalski, *On pruning search trees of impartial games*,
//!   Artificial Intelligence 283 (2020) 103262.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::limits::{Budget, Limits, SearchError};
use super::progress::{Progress, ProgressReading};
use super::snapshot::Saver;
use super::table::Table;
use crate::game::{Game, Outcome};
use crate::nimber::Nimber;

mod bounds; // what is known of a value: Know, Packed, theorem
mod indexed; // the array of numbered parts' values, and its fill
mod options; // a component's options, played, looked up and listed
mod search; // the recursive search: settle, in_set, keep
mod threads; // the outcomes of many positions, on several threads
mod values; // sets of small values, as a question asks about them

pub(crate) use bounds::{Know, Packed};
use indexed::Indexed;
use options::Open;

/// A pruned searcher of Grundy values and normal-play outcomes for one game.
///
/// Reuse one for many positions of a game: what it learnt is kept within
/// its [`Limits`], evicting as the full search does.
pub struct Pruner<G: Game> {
    budget: Budget,
    table: Table<G, Packed>,
    /// Buffers of options, one per level of the recursion, kept for reuse.
    pool: Vec<(Vec<G>, Vec<Open>)>,
    /// The parts of one option, as they are played.
    scratch: Vec<G>,
    /// Parts of earlier options found stored, for the next option's parts
    /// to be remade from ([`Game::option_parts_reusing`]).
    spare: Vec<G>,
    /// The simpler parts [`Game::value_parts`] gives, as they are made.
    simpler: Vec<G>,
    /// The values of parts with an [`index`](Game::index), at it.
    indexed: Indexed<G>,
    progress: Arc<Progress>,
    saver: Saver,
    /// 0 for the caller's thread, `i` for the i-th thread helping it
    /// ([`outcomes`](Pruner::outcomes)), which publishes as that helper.
    helper: usize,
    /// Set when a helper is to stop: the other threads' work ended in an
    /// error.
    quit: Option<Arc<AtomicBool>>,
}

/// How often, in moves looked at, the clock is read and progress published.
const CLOCK_EVERY: usize = 1 << 12;

impl<G: Game> Pruner<G> {
    /// A pruner within `limits`.
    pub fn new(limits: Limits) -> Pruner<G> {
        Pruner {
            budget: Budget::new(limits),
            table: Table::new(),
            pool: Vec::new(),
            scratch: Vec::new(),
            spare: Vec::new(),
            simpler: Vec::new(),
            indexed: Indexed::default(),
            progress: Arc::new(Progress::default()),
            saver: Saver::default(),
            helper: 0,
            quit: None,
        }
    }

    /// Publishes to `progress` and saves checkpoints through `saver`.
    pub(crate) fn watch(&mut self, progress: Arc<Progress>, saver: Saver) {
        (self.progress, self.saver) = (progress, saver);
    }

    /// The table, to save.
    pub(crate) fn table(&self) -> &Table<G, Packed> {
        &self.table
    }

    /// The table, to load a checkpoint into.
    pub(crate) fn table_mut(&mut self) -> &mut Table<G, Packed> {
        &mut self.table
    }

    /// The counters this pruner publishes as it goes, for a front end to
    /// show (read them from another thread).
    pub fn progress(&self) -> Arc<Progress> {
        Arc::clone(&self.progress)
    }

    /// Components stored now.
    pub fn positions_stored(&self) -> usize {
        self.table.len()
    }

    /// Stored components evicted to stay within the limits so far.
    pub fn evictions(&self) -> u64 {
        self.table.evicted()
    }

    /// Moves looked at so far.
    pub fn moves_seen(&self) -> usize {
        self.budget.moves_seen
    }

    /// The Sprague–Grundy value of `position`: the XOR of its components'.
    ///
    /// # Errors
    /// [`SearchError`] if a limit is reached, the game repeats a position,
    /// or its rules fail.
    pub fn grundy(&mut self, position: &G) -> Result<Nimber, SearchError> {
        self.timed(|s| {
            let mut parts = Vec::new();
            position.canonical_parts(&mut parts);
            s.indexed.meet(position);
            s.simplify(&mut parts);
            let mut total = 0;
            for c in &parts {
                total ^= s.value(c)?;
            }
            Ok(Nimber(total))
        })
    }

    /// Whether `position` has Grundy value `n`, pruned to that question.
    ///
    /// # Errors
    /// As [`grundy`](Pruner::grundy).
    pub fn has_value(&mut self, position: &G, n: Nimber) -> Result<bool, SearchError> {
        self.timed(|s| {
            let mut parts = Vec::new();
            position.canonical_parts(&mut parts);
            s.indexed.meet(position);
            s.simplify(&mut parts);
            s.parts_have(parts, n.value())
        })
    }

    /// The normal-play outcome of `position`: whether its value is 0, which
    /// prunes more than finding the value.
    ///
    /// # Errors
    /// As [`grundy`](Pruner::grundy).
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, SearchError> {
        Ok(match self.has_value(position, Nimber::ZERO)? {
            true => Outcome::Previous,
            false => Outcome::Next,
        })
    }

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
            self.table.unpin();
        }
        self.publish();
        result
    }

    /// Evicts until `key` can be stored within the limits.
    fn make_room(&mut self, key: &G) -> Result<(), SearchError> {
        loop {
            let (over_bytes, over_count) = self.budget.over(
                self.table.bytes_with(key) + self.indexed.bytes(),
                self.table.len(),
            );
            if !over_bytes && !over_count {
                return Ok(());
            }
            if !self.table.evict() {
                if over_bytes {
                    return Err(self.budget.memory_exceeded());
                }
                return Ok(());
            }
        }
    }

    #[inline(always)]
    fn count_move(&mut self) -> Result<(), SearchError> {
        match self.budget.count_move(CLOCK_EVERY)? {
            true => self.every_so_often(),
            false => Ok(()),
        }
    }

    /// What [`count_move`](Pruner::count_move) does every
    /// [`CLOCK_EVERY`] moves: publish, stop if asked, save if due.
    #[cold]
    fn every_so_often(&mut self) -> Result<(), SearchError> {
        self.publish();
        let quit = self
            .quit
            .as_ref()
            .is_some_and(|q| q.load(Ordering::Relaxed));
        if quit || self.progress.stop_requested() {
            return Err(SearchError::Interrupted);
        }
        if self.saver.due() {
            self.saver.save(&[&self.table])?;
        }
        Ok(())
    }

    fn publish(&self) {
        let (moves, stored) = (self.budget.moves_seen as u64, self.table.len() as u64);
        let bytes = self.table.bytes() as u64;
        match self.helper {
            0 => self.progress.publish(moves, stored, bytes),
            i => self.progress.publish_helper(
                i,
                ProgressReading {
                    moves,
                    stored,
                    bytes,
                    ..ProgressReading::default()
                },
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_pruner() {
        use crate::solve::test_game::Nim;
        use crate::solve::Limits;
        use crate::solve::Pruner;
        use crate::Outcome;
        let mut p = Pruner::new(Limits::default());
        let position: Nim = "1 2 4".parse().unwrap();
        assert_eq!(p.grundy(&position).unwrap().value(), 7);
        assert_eq!(
            p.outcome(&"1 2 3".parse::<Nim>().unwrap()).unwrap(),
            Outcome::Previous
        );
    }
}
