//! Counters a long search publishes as it goes, for a front end to show
//! (a progress bar) or to stop it (Ctrl-C), from another thread. The
//! library only counts: drawing is the front end's.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

/// What an analysis is searching for, for a front end to say: its stages
/// differ in cost by orders of magnitude (Cram 4x9: the value alone 0.4 s,
/// each move's outcome 1 s more, the exact remoteness 3.5 minutes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stage {
    /// The outcome and remoteness of the position and of each move, by
    /// the full search (every position valued, none pruned).
    Remoteness,
    /// The outcome of each move, by the pruned search.
    Outcomes,
    /// The Grundy value, by the pruned search.
    Value,
}

impl Stage {
    /// Every stage, in the order of their discriminants.
    const ALL: [Stage; 3] = [Stage::Remoteness, Stage::Outcomes, Stage::Value];
}

/// What a search has done so far, updated every few thousand moves.
#[derive(Debug, Default)]
pub struct Progress {
    moves: AtomicU64,
    stored: AtomicU64,
    bytes: AtomicU64,
    resumed: AtomicU64,
    /// Shared with its [`follower`](Progress::follower)s.
    stop: Arc<AtomicBool>,
    /// One more than the [`Stage`]'s discriminant (its index in
    /// [`Stage::ALL`]); 0 for none yet.
    stage: AtomicU8,
    /// The counters of the threads that help the search, each its own
    /// (helper `i` at `i - 1`), summed into [`read`](Progress::read).
    /// They publish every few thousand moves, so a lock costs nothing.
    helpers: Mutex<Vec<ProgressReading>>,
}

/// What a run has done so far: the one progress type of every engine. A
/// search's is read from its [`Progress`] counters (moves, positions
/// stored, bytes); a counted run (a sequence's values, a quotient's heap
/// bounds) hands one to its caller as it goes. What a run does not count
/// stays 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressReading {
    /// Moves looked at (a search).
    pub moves: u64,
    /// Positions stored in the table (a search).
    pub stored: u64,
    /// Estimated bytes of the table (a search).
    pub bytes: u64,
    /// Steps of a counted run done: values of a sequence known, heap bounds
    /// of a quotient finished.
    pub done: u64,
    /// Steps asked for.
    pub total: u64,
    /// The largest value so far: a sequence's largest `G(n)`, a quotient's
    /// order.
    pub largest: u64,
    /// Where it was reached: the first `n` with that `G(n)`, the heap bound.
    pub at: u64,
    /// Heaps with a rare value (a sequence with the rare/common split on).
    pub rare: u64,
}

impl Progress {
    /// The counters now, summed over the search's threads.
    pub fn read(&self) -> ProgressReading {
        let own = ProgressReading {
            moves: self.moves.load(Ordering::Relaxed),
            stored: self.stored.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
            ..ProgressReading::default()
        };
        self.lock_helpers()
            .iter()
            .fold(own, |a, h| ProgressReading {
                moves: a.moves + h.moves,
                stored: a.stored + h.stored,
                bytes: a.bytes + h.bytes,
                ..a
            })
    }

    fn lock_helpers(&self) -> std::sync::MutexGuard<'_, Vec<ProgressReading>> {
        self.helpers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Asks the search to stop at its next count; it returns
    /// [`SearchError::Interrupted`](super::SearchError::Interrupted).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A progress with counters of its own that stops when this one is
    /// asked to stop: for a search beside the watched one (an analysis's
    /// quick remoteness search), which a front end stops with it but does
    /// not draw.
    pub(crate) fn follower(&self) -> Progress {
        Progress {
            stop: Arc::clone(&self.stop),
            ..Progress::default()
        }
    }

    /// Positions loaded from a checkpoint when the search resumed (0 for
    /// a search that started afresh).
    pub fn resumed(&self) -> u64 {
        self.resumed.load(Ordering::Relaxed)
    }

    pub(crate) fn add_resumed(&self, positions: u64) {
        self.resumed.fetch_add(positions, Ordering::Relaxed);
    }

    /// What the search is working on now; `None` before it says.
    pub fn stage(&self) -> Option<Stage> {
        match self.stage.load(Ordering::Relaxed) {
            0 => None,
            i => Stage::ALL.get(usize::from(i) - 1).copied(),
        }
    }

    pub(crate) fn set_stage(&self, stage: Stage) {
        self.stage.store(stage as u8 + 1, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub(crate) fn publish(&self, moves: u64, stored: u64, bytes: u64) {
        self.moves.store(moves, Ordering::Relaxed);
        self.stored.store(stored, Ordering::Relaxed);
        self.bytes.store(bytes, Ordering::Relaxed);
    }

    /// [`publish`](Progress::publish) for the helper thread `helper` (from
    /// 1), whose counters are its own.
    pub(crate) fn publish_helper(&self, helper: usize, reading: ProgressReading) {
        let mut helpers = self.lock_helpers();
        if helpers.len() < helper {
            helpers.resize(helper, ProgressReading::default());
        }
        helpers[helper - 1] = reading;
    }

    /// Forgets the helpers' counters: their work is the caller's now.
    pub(crate) fn end_helpers(&self) {
        self.lock_helpers().clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_counters_add_to_the_searchs_until_they_end() {
        let p = Progress::default();
        p.publish(10, 2, 100);
        let h = |moves, stored, bytes| ProgressReading {
            moves,
            stored,
            bytes,
            ..ProgressReading::default()
        };
        p.publish_helper(2, h(5, 1, 50));
        assert_eq!(p.read(), h(15, 3, 150));
        p.publish_helper(1, h(1, 1, 1));
        p.publish_helper(2, h(7, 1, 50));
        assert_eq!(p.read(), h(18, 4, 151));
        p.end_helpers();
        assert_eq!(p.read(), h(10, 2, 100));
    }

    #[test]
    fn the_stage_is_none_until_set_and_then_the_last_set() {
        let p = Progress::default();
        assert_eq!(p.stage(), None);
        for stage in Stage::ALL {
            p.set_stage(stage);
            assert_eq!(p.stage(), Some(stage));
        }
    }
}
