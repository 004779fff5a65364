//! Counters a long search publishes as it goes, for a front end to show
//! (a progress bar) or to stop it (Ctrl-C), from another thread. The
//! library only counts: drawing is the front end's.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What a search has done so far, updated every few thousand moves.
#[derive(Debug, Default)]
pub struct Progress {
    moves: AtomicU64,
    stored: AtomicU64,
    bytes: AtomicU64,
    resumed: AtomicU64,
    stop: AtomicBool,
}

/// A reading of [`Progress`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressReading {
    /// Moves looked at.
    pub moves: u64,
    /// Positions stored in the table.
    pub stored: u64,
    /// Estimated bytes of the table.
    pub bytes: u64,
}

impl Progress {
    /// The counters now.
    pub fn read(&self) -> ProgressReading {
        ProgressReading {
            moves: self.moves.load(Ordering::Relaxed),
            stored: self.stored.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
        }
    }

    /// Asks the search to stop at its next count; it returns
    /// [`SearchError::Interrupted`](super::SearchError::Interrupted).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Positions loaded from a checkpoint when the search resumed (0 for
    /// a search that started afresh).
    pub fn resumed(&self) -> u64 {
        self.resumed.load(Ordering::Relaxed)
    }

    pub(crate) fn add_resumed(&self, positions: u64) {
        self.resumed.fetch_add(positions, Ordering::Relaxed);
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
}
