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
//! An option that falls apart into components D1 + ... + Dk has value n when
//! `g(Dk) = n ^ g(D1) ^ ... ^ g(Dk-1)`: the easier components (fewer moves)
//! are valued in full, the hardest is only asked about one value. The table
//! keeps, for each component, what the questions found: its value, or the
//! values it does not have (a floor below which all are excluded, and a
//! mask of 64 above it). Options whose answer the table already holds are
//! looked at first, so that a stored winning move prunes before any search.
//!
//! Beling and Rogalski compare this with plain mex search and its
//! refinements (aspiration sets, move ordering); the questions asked here
//! are theirs, the code is written from the definitions above.
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

use std::mem::size_of;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::limits::{Limits, SearchError};
use super::progress::Progress;
use super::snapshot::Saver;
use super::table::{Slot, Table};
use crate::game::{Game, Outcome};
use crate::nimber::Nimber;

/// What the pruned search knows of a component's value `g`: `g >= floor`,
/// `g != floor + 1 + i` for each bit i of `mask`, and `g == floor` when
/// `exact`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Know {
    pub(crate) floor: u64,
    pub(crate) mask: u64,
    pub(crate) exact: bool,
}

impl Know {
    /// Whether `g == n`, where this says.
    fn decides(self, n: u64) -> Option<bool> {
        if self.exact {
            return Some(n == self.floor);
        }
        if n < self.floor {
            return Some(false);
        }
        match n - self.floor {
            0 => None,
            d if d <= 64 && self.mask >> (d - 1) & 1 == 1 => Some(false),
            _ => None,
        }
    }

    /// Records `g != n`.
    fn exclude(&mut self, n: u64) {
        if self.exact || n < self.floor {
            return;
        }
        if n > self.floor {
            if n - self.floor <= 64 {
                self.mask |= 1 << (n - self.floor - 1);
            }
            return;
        }
        // The floor rises past every excluded value above it.
        self.floor += 1;
        while self.mask & 1 == 1 {
            self.floor += 1;
            self.mask >>= 1;
        }
        self.mask >>= 1;
    }

    fn exactly(n: u64) -> Know {
        Know {
            floor: n,
            mask: 0,
            exact: true,
        }
    }
}

/// A pruned searcher of Grundy values and normal-play outcomes for one game.
///
/// Reuse one for many positions of a game: what it learnt is kept within
/// its [`Limits`], evicting as the full search does.
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::Pruner;
/// use grundy::{Limits, Outcome};
/// let mut p = Pruner::new(Limits::default());
/// let position: Nim = "1 2 4".parse().unwrap();
/// assert_eq!(p.grundy(&position).unwrap().value(), 7);
/// assert_eq!(p.outcome(&"1 2 3".parse::<Nim>().unwrap()).unwrap(), Outcome::Previous);
/// ```
pub struct Pruner<G: Game> {
    limits: Limits,
    table: Table<G, Know>,
    moves_seen: usize,
    spent: Duration,
    deadline: Option<Instant>,
    path_bytes: usize,
    progress: Arc<Progress>,
    saver: Saver,
}

/// How often, in moves looked at, the clock is read and progress published.
const CLOCK_EVERY: usize = 1 << 12;

/// Stack grown by this much when less than [`RED_ZONE`] is left.
const STACK_GROWTH: usize = 1 << 20;
const RED_ZONE: usize = 64 << 10;

/// Stack bytes a level of the recursion is taken to use (its frames of
/// `has` and the option walk, measured by the stack's growth on a deep
/// subtraction game: about 400 bytes), besides its position.
const LEVEL_BYTES: usize = 512;

impl<G: Game> Pruner<G> {
    /// A pruner within `limits`.
    pub fn new(limits: Limits) -> Pruner<G> {
        Pruner {
            limits,
            table: Table::new(),
            moves_seen: 0,
            spent: Duration::ZERO,
            deadline: None,
            path_bytes: 0,
            progress: Arc::new(Progress::default()),
            saver: Saver::default(),
        }
    }

    /// Publishes to `progress` and saves checkpoints through `saver`.
    pub(crate) fn watch(&mut self, progress: Arc<Progress>, saver: Saver) {
        (self.progress, self.saver) = (progress, saver);
    }

    /// The table, to save.
    pub(crate) fn table(&self) -> &Table<G, Know> {
        &self.table
    }

    /// The table, to load a checkpoint into.
    pub(crate) fn table_mut(&mut self) -> &mut Table<G, Know> {
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
        self.moves_seen
    }

    /// The Sprague–Grundy value of `position`: the XOR of its components'.
    ///
    /// # Errors
    /// [`SearchError`] if a limit is reached, the game repeats a position,
    /// or its rules fail.
    pub fn grundy(&mut self, position: &G) -> Result<Nimber, SearchError> {
        self.timed(|s| {
            let mut total = 0;
            for c in position.components() {
                total ^= s.value(&c.canonical())?;
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
            let parts: Vec<G> = position.components().iter().map(Game::canonical).collect();
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
        let start = Instant::now();
        self.deadline = self
            .limits
            .max_time
            .map(|t| start + t.saturating_sub(self.spent));
        let result = search(self);
        self.spent += start.elapsed();
        self.deadline = None;
        self.path_bytes = 0;
        if result.is_err() {
            self.table.unpin();
        }
        self.publish();
        result
    }

    /// What the table knows of `c`; a cycle if `c` is on the path.
    fn know(&mut self, c: &G) -> Result<Know, SearchError> {
        match self.table.get(c) {
            Some((Slot::Done(k), _)) => Ok(k),
            Some((Slot::Busy, _)) => Err(SearchError::Cycle {
                position: c.to_string(),
            }),
            None => Ok(Know::default()),
        }
    }

    /// The value of the component `c` (canonical).
    fn value(&mut self, c: &G) -> Result<u64, SearchError> {
        Ok(self
            .value_below(c, u64::MAX)?
            .expect("a value is below u64::MAX"))
    }

    /// The value of the component `c` (canonical) if it is below `n`:
    /// each value from the lowest not excluded asked about in turn, unless
    /// the table values every option, when the mex answers at once (a game
    /// of large values, Grundy's game say, would otherwise ask about each
    /// value below its own).
    fn value_below(&mut self, c: &G, n: u64) -> Result<Option<u64>, SearchError> {
        loop {
            let k = self.know(c)?;
            if k.exact {
                return Ok((k.floor < n).then_some(k.floor));
            }
            if k.floor >= n {
                return Ok(None);
            }
            if let Some(v) = self.stored_mex(c)? {
                self.make_room(c)?;
                self.table.pin(c);
                self.table.finish(c, Know::exactly(v), 0);
                continue;
            }
            if self.has(c, k.floor)? {
                return Ok(Some(k.floor));
            }
        }
    }

    /// The mex of the values of `c`'s options, if the table holds every one.
    fn stored_mex(&mut self, c: &G) -> Result<Option<u64>, SearchError> {
        let mut seen = Seen::default();
        for m in c.move_iter()? {
            self.count_move()?;
            let mut x = 0;
            for p in self.parts_of(c, &m)? {
                match self.table.get(&p) {
                    Some((Slot::Done(k), _)) if k.exact => x ^= k.floor,
                    _ => return Ok(None),
                }
            }
            seen.insert(x);
        }
        Ok(Some(seen.mex()))
    }

    /// Whether the component `c` (canonical) has value `n`.
    fn has(&mut self, c: &G, n: u64) -> Result<bool, SearchError> {
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.has_here(c, n))
    }

    fn has_here(&mut self, c: &G, n: u64) -> Result<bool, SearchError> {
        let mut k = self.know(c)?;
        if let Some(answer) = k.decides(n) {
            return Ok(answer);
        }
        // Moves of `*n` to `*m`: each `c + *m` must be an N-position, so
        // the value must not be below n.
        if self.value_below(c, n)?.is_some() {
            return Ok(false);
        }
        k = self.know(c)?;
        if let Some(answer) = k.decides(n) {
            return Ok(answer);
        }
        // Moves in `c`: none may lead to a position of value n.
        let bytes = LEVEL_BYTES + size_of::<G>() + 2 * c.heap_bytes();
        self.path_bytes += bytes;
        self.make_room(c)?;
        let stored = self.table.pin(c);
        debug_assert!(stored.is_none_or(|s| s == k));
        let before = self.moves_seen;
        let found = self.option_of_value(c, n)?;
        match found {
            true => k.exclude(n),
            false => k = Know::exactly(n),
        }
        let work = (self.moves_seen - before) as u64;
        self.table.finish(c, k, work);
        self.path_bytes -= bytes;
        Ok(!found)
    }

    /// Whether some option of `c` has value `n`: first among the options
    /// the table answers for, then by search.
    fn option_of_value(&mut self, c: &G, n: u64) -> Result<bool, SearchError> {
        let mut open = 0usize;
        for m in c.move_iter()? {
            self.count_move()?;
            let parts = self.parts_of(c, &m)?;
            match self.stored_answer(&parts, n) {
                Some(true) => return Ok(true),
                Some(false) => {}
                None => open += 1,
            }
        }
        if open == 0 {
            return Ok(false);
        }
        for m in c.move_iter()? {
            let parts = self.parts_of(c, &m)?;
            match self.stored_answer(&parts, n) {
                Some(true) => return Ok(true),
                Some(false) => continue,
                None => {}
            }
            if self.parts_have(parts, n)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn parts_of(&self, c: &G, m: &G::Move) -> Result<Vec<G>, SearchError> {
        let to = c.try_play(m)?;
        Ok(to.components().iter().map(Game::canonical).collect())
    }

    /// Whether the sum of `parts` has value `n`, where the table alone says.
    fn stored_answer(&mut self, parts: &[G], n: u64) -> Option<bool> {
        let mut x = 0;
        let mut open = None;
        for p in parts {
            match self.table.get(p) {
                Some((Slot::Done(k), _)) if k.exact => x ^= k.floor,
                Some((Slot::Done(k), _)) if open.is_none() => open = Some(k),
                _ => return None,
            }
        }
        match open {
            None => Some(x == n),
            Some(k) => k.decides(n ^ x),
        }
    }

    /// Whether the sum of `parts` has value `n`: all but the hardest part
    /// (the one with most moves) valued in full, the hardest asked about
    /// the one value that would make the sum's `n`.
    fn parts_have(&mut self, mut parts: Vec<G>, n: u64) -> Result<bool, SearchError> {
        let Some(hardest) = self.hardest(&mut parts)? else {
            return Ok(n == 0);
        };
        let mut x = 0;
        for p in &parts {
            x ^= self.value(p)?;
        }
        self.has(&hardest, n ^ x)
    }

    /// Takes the part to ask about out of `parts`: one whose value is not
    /// stored, the most moves first; `None` when there are no parts.
    fn hardest(&mut self, parts: &mut Vec<G>) -> Result<Option<G>, SearchError> {
        if parts.len() <= 1 {
            return Ok(parts.pop());
        }
        let mut best: Option<(bool, u128, usize)> = None;
        for (i, p) in parts.iter().enumerate() {
            let unknown = !self.know(p)?.exact;
            let key = (unknown, if unknown { p.move_count() } else { 0 }, i);
            if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                best = Some(key);
            }
        }
        let (_, _, i) = best.expect("there are parts");
        Ok(Some(parts.swap_remove(i)))
    }

    /// Evicts until `key` can be stored within the limits.
    fn make_room(&mut self, key: &G) -> Result<(), SearchError> {
        loop {
            let over_bytes =
                self.table.bytes_with(key) + self.path_bytes > usable(self.limits.max_bytes);
            let over_count = self.table.len() >= self.limits.max_positions;
            if !over_bytes && !over_count {
                return Ok(());
            }
            if !self.table.evict() {
                if over_bytes {
                    return Err(SearchError::MemoryExceeded {
                        limit: self.limits.max_bytes,
                    });
                }
                return Ok(());
            }
        }
    }

    fn count_move(&mut self) -> Result<(), SearchError> {
        self.moves_seen += 1;
        if self.moves_seen > self.limits.max_moves() {
            return Err(SearchError::LimitExceeded {
                limit: self.limits.max_positions,
            });
        }
        if self.moves_seen.is_multiple_of(CLOCK_EVERY) {
            self.publish();
            if self.progress.stop_requested() {
                return Err(SearchError::Interrupted);
            }
            if self.saver.due() {
                self.saver.save(&[&self.table])?;
            }
            if let (Some(deadline), Some(limit)) = (self.deadline, self.limits.max_time) {
                if Instant::now() >= deadline {
                    return Err(SearchError::TimeExceeded { limit });
                }
            }
        }
        Ok(())
    }

    fn publish(&self) {
        self.progress.publish(
            self.moves_seen as u64,
            self.table.len() as u64,
            self.table.bytes() as u64,
        );
    }
}

/// Option values seen: a bit for each below 64, a list of the others.
#[derive(Default)]
struct Seen {
    low: u64,
    high: Vec<u64>,
}

impl Seen {
    fn insert(&mut self, v: u64) {
        match v {
            0..=63 => self.low |= 1 << v,
            _ => self.high.push(v),
        }
    }

    fn mex(&mut self) -> u64 {
        if self.low != u64::MAX {
            return u64::from(self.low.trailing_ones());
        }
        self.high.sort_unstable();
        self.high.dedup();
        let mut m = 64;
        for &v in &self.high {
            if v != m {
                break;
            }
            m += 1;
        }
        m
    }
}

/// As the full search: a quarter of the budget is the allocator's slack.
fn usable(max_bytes: usize) -> usize {
    max_bytes - max_bytes / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knowledge_raises_its_floor_past_excluded_values() {
        let mut k = Know::default();
        k.exclude(2);
        k.exclude(3);
        assert_eq!(k.decides(2), Some(false));
        assert_eq!(k.decides(0), None);
        k.exclude(0);
        assert_eq!(k.floor, 1);
        k.exclude(1);
        // 1 excluded, and 2 and 3 were: the floor is 4.
        assert_eq!((k.floor, k.mask), (4, 0));
        assert_eq!(k.decides(4), None);
        assert_eq!(k.decides(3), Some(false));
        // The mask holds 64 values above the floor (4): 60 is kept, 70 is
        // past it and forgotten, which leaves it unknown (sound, not wrong).
        k.exclude(60);
        assert_eq!(k.decides(59), None);
        assert_eq!(k.decides(60), Some(false));
        k.exclude(70);
        assert_eq!(k.decides(70), None);
        assert_eq!(Know::exactly(5).decides(5), Some(true));
    }
}
