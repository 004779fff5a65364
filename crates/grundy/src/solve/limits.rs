//! What bounds a search, and the errors of reaching a bound: see
//! [`Limits`].

use std::fmt;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::game::GameError;

/// Bounds on a search.
///
/// Three bounds, each saying what it limits:
///
/// - **memory** ([`Limits::max_bytes`]): the transposition table and the
///   positions on the search's path, estimated in bytes, filled to three
///   quarters (the rest is the allocator's slack). When the table
///   would pass it, the search evicts solved positions and goes on; only a
///   path that fills most of it (three quarters of the stored positions)
///   stops it ([`SearchError::MemoryExceeded`]).
/// - **positions** ([`Limits::max_positions`]): positions stored at once;
///   at this many the search evicts as for memory. It also sets the work a
///   search may do: [`Limits::MOVES_PER_POSITION`] moves looked at per
///   position of it, counted over the searcher's life, evicted positions
///   found again included ([`SearchError::LimitExceeded`]).
/// - **time** ([`Limits::max_time`]): time spent searching, summed over the
///   searcher's calls ([`SearchError::TimeExceeded`]).
///
/// `Limits` is the one budget type of every engine: the misère engines read
/// the same bounds, the simplest forms of an arena and the states of a
/// quotient's unreduced monoid as positions stored, the steps of the
/// heap-by-heap quotient as moves looked at, and their memory and time as a
/// search's.
///
/// And one of means, not a bound: **threads** ([`Limits::threads`]), where
/// a search can split its work (the pruned search's outcomes of several
/// positions). The threads share the bounds on memory, positions and
/// work, each with an equal part; each has the time left, as they run at
/// once.
///
/// ```
/// use std::time::Duration;
/// use grundy::api::Limits;
/// let l = Limits::new(1_000).with_memory(64 << 20).with_time(Duration::from_secs(2));
/// assert_eq!(l.max_moves(), 256_000);
/// assert_eq!(l.max_bytes, 64 << 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions stored at once, besides those on the search's
    /// path; it also scales the work limit, [`Limits::max_moves`].
    pub max_positions: usize,
    /// The most bytes, estimated, of the table and the search's path.
    pub max_bytes: usize,
    /// The most time spent searching, summed over a searcher's calls; `None`
    /// for no bound.
    pub max_time: Option<Duration>,
    /// The most threads a search may run at once (see above); 1, the
    /// default, for the caller's thread alone.
    pub threads: usize,
    /// Moves a search may look at per position of `max_positions`
    /// ([`Limits::MOVES_PER_POSITION`] by default): a budget of work
    /// smaller than the positions it may store (the quick remoteness
    /// search of an analysis) gives fewer.
    pub moves_per_position: usize,
}

impl Limits {
    /// The default bound on positions: 10^7.
    pub const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

    /// The library's default memory budget, 1 GiB. Front ends pass their
    /// own (the command line's default is a quarter of the machine's
    /// memory, at least 256 MiB and at most 16 GiB).
    pub const DEFAULT_MAX_BYTES: usize = 1 << 30;

    /// Moves a search may look at per position of its limit.
    pub const MOVES_PER_POSITION: usize = 256;

    /// When a run started at `now` must stop: `now` plus
    /// [`max_time`](Limits::max_time), `None` without one or when the sum
    /// passes what the clock can hold (a time limit that long never ends a
    /// run, and adding it must not panic).
    pub fn deadline_from(&self, now: Instant) -> Option<Instant> {
        self.max_time.and_then(|t| now.checked_add(t))
    }

    /// The most moves a search may look at.
    pub fn max_moves(&self) -> usize {
        self.max_positions.saturating_mul(self.moves_per_position)
    }

    /// A limit of `max_positions`, with the default memory budget and no
    /// time bound.
    pub fn new(max_positions: usize) -> Limits {
        Limits {
            max_positions,
            max_bytes: Limits::DEFAULT_MAX_BYTES,
            max_time: None,
            threads: 1,
            moves_per_position: Limits::MOVES_PER_POSITION,
        }
    }

    /// These limits with `moves` moves looked at per position of
    /// `max_positions` (0 is taken as 1).
    pub fn with_moves_per_position(self, moves: usize) -> Limits {
        Limits {
            moves_per_position: moves.max(1),
            ..self
        }
    }

    /// These limits with a memory budget of `bytes`.
    pub fn with_memory(self, bytes: usize) -> Limits {
        Limits {
            max_bytes: bytes,
            ..self
        }
    }

    /// These limits with a time bound.
    pub fn with_time(self, time: Duration) -> Limits {
        Limits {
            max_time: Some(time),
            ..self
        }
    }

    /// These limits with up to `threads` threads (0 is taken as 1).
    pub fn with_threads(self, threads: usize) -> Limits {
        Limits {
            threads: threads.max(1),
            ..self
        }
    }

    /// The tighter of these limits and `other`, bound by bound.
    pub fn within(self, other: Limits) -> Limits {
        let max_time = match (self.max_time, other.max_time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            max_positions: self.max_positions.min(other.max_positions),
            max_bytes: self.max_bytes.min(other.max_bytes),
            max_time,
            threads: self.threads.min(other.threads),
            moves_per_position: self.moves_per_position.min(other.moves_per_position),
        }
    }
}

/// The machine's cores (1 where the system does not say): the threads
/// that front ends give a search by default, and the most
/// [`Pruner::outcomes`](super::Pruner::outcomes) runs.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The bytes of a budget of `bytes` that tables and the path may fill:
/// three quarters, the rest kept back for the allocator (see
/// [`Budget::over`]).
pub(crate) fn usable(bytes: usize) -> usize {
    bytes - bytes / 4
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new(Limits::DEFAULT_MAX_POSITIONS)
    }
}

/// What a searcher has spent of its [`Limits`]: moves looked at and time
/// over its life, and the bytes of the current search's path. The one
/// place where the searches ([`Searcher`](super::Searcher),
/// [`Pruner`](super::Pruner)) count against their limits.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// The limits counted against, and named in their errors.
    pub(crate) limits: Limits,
    /// The bounds this budget counts against: the limits' own, or one
    /// thread's share of them ([`Budget::split`]).
    share: Share,
    /// Moves looked at so far, against [`Limits::max_moves`] (or a
    /// thread's share of it).
    pub(crate) moves_seen: usize,
    /// Estimated bytes of the current search's path.
    pub(crate) path_bytes: usize,
    /// Time spent in searches so far, against [`Limits::max_time`].
    spent: Duration,
    /// When the current search started and must stop.
    running: Option<(Instant, Option<Instant>)>,
}

/// What of its [`Limits`] a [`Budget`] may use.
#[derive(Clone, Copy, Debug)]
struct Share {
    /// Moves looked at, counted from the budget's start.
    moves: usize,
    /// Positions stored at once.
    stored: usize,
    /// Bytes of the tables and the path.
    bytes: usize,
}

impl Share {
    fn whole(limits: Limits) -> Share {
        Share {
            moves: limits.max_moves(),
            stored: limits.max_positions,
            bytes: limits.max_bytes,
        }
    }
}

impl Budget {
    pub(crate) fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            share: Share::whole(limits),
            moves_seen: 0,
            path_bytes: 0,
            spent: Duration::ZERO,
            running: None,
        }
    }

    /// Splits this budget between `n` threads (this one and `n - 1` given
    /// back): each may store a `1/n` share of the positions and bytes, and
    /// look at a `1/n` share of the moves left; each has the time left.
    /// [`rejoin`](Budget::rejoin) gives this one the whole again.
    pub(crate) fn split(&mut self, n: usize) -> Vec<Budget> {
        let n = n.max(1);
        let left = self.share.moves.saturating_sub(self.moves_seen) / n;
        let share = Share {
            moves: left,
            stored: (self.limits.max_positions / n).max(1),
            bytes: self.limits.max_bytes / n,
        };
        self.share = Share {
            moves: self.moves_seen + left,
            ..share
        };
        (1..n)
            .map(|_| Budget {
                share,
                spent: self.spent,
                ..Budget::new(self.limits)
            })
            .collect()
    }

    /// Ends a [`split`](Budget::split): the whole limits again, and the
    /// moves the other threads looked at counted as this one's.
    pub(crate) fn rejoin(&mut self, others: &[&Budget]) {
        self.share = Share::whole(self.limits);
        self.moves_seen += others.iter().map(|b| b.moves_seen).sum::<usize>();
    }

    /// The bytes this budget's tables and path may fill: [`usable`] of
    /// [`Limits::max_bytes`], or of a share of it.
    pub(crate) fn usable_bytes(&self) -> usize {
        usable(self.share.bytes)
    }

    /// Starts a search's clock against the time left.
    pub(crate) fn start(&mut self) {
        let now = Instant::now();
        let deadline = self
            .limits
            .max_time
            .and_then(|t| now.checked_add(t.saturating_sub(self.spent)));
        self.running = Some((now, deadline));
    }

    /// Stops the clock; the search's path is gone.
    pub(crate) fn stop(&mut self) {
        if let Some((start, _)) = self.running.take() {
            self.spent += start.elapsed();
        }
        self.path_bytes = 0;
    }

    /// Counts a move looked at: an error past the work limit, or, on every
    /// `every`-th move, past the deadline. `true` on those moves, for the
    /// caller's own periodic work (publishing progress).
    #[inline(always)]
    pub(crate) fn count_move(&mut self, every: usize) -> Result<bool, SearchError> {
        self.moves_seen += 1;
        if self.moves_seen > self.share.moves {
            return Err(SearchError::LimitExceeded {
                limit: self.limits.max_positions,
            });
        }
        if !self.moves_seen.is_multiple_of(every) {
            return Ok(false);
        }
        self.check_time()?;
        Ok(true)
    }

    /// [`count_move`](Budget::count_move) for `n` moves at once: `true`
    /// when they pass a multiple of `every`.
    pub(crate) fn count_moves(&mut self, n: usize, every: usize) -> Result<bool, SearchError> {
        let before = self.moves_seen;
        self.moves_seen += n;
        if self.moves_seen > self.share.moves {
            return Err(SearchError::LimitExceeded {
                limit: self.limits.max_positions,
            });
        }
        if before / every == self.moves_seen / every {
            return Ok(false);
        }
        self.check_time()?;
        Ok(true)
    }

    /// When the running search must stop, if it has a time limit.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.running.and_then(|(_, deadline)| deadline)
    }

    /// An error once the running search's deadline has passed.
    pub(crate) fn check_time(&self) -> Result<(), SearchError> {
        if let (Some((_, Some(deadline))), Some(limit)) = (self.running, self.limits.max_time) {
            if Instant::now() >= deadline {
                return Err(SearchError::TimeExceeded { limit });
            }
        }
        Ok(())
    }

    /// Whether tables of `table_bytes` with `stored` entries, and the path,
    /// pass the memory budget and whether they reach the position limit.
    /// The estimate may fill three quarters of the budget: a quarter is
    /// kept back for the allocator, which keeps freed small blocks (evicted
    /// positions, finished move walks) scattered among live ones. Measured
    /// with glibc: resident memory crept to 1.16 times the estimate over a
    /// 20 s search that evicted all along.
    pub(crate) fn over(&self, table_bytes: usize, stored: usize) -> (bool, bool) {
        (
            table_bytes + self.path_bytes > self.usable_bytes(),
            stored >= self.share.stored,
        )
    }

    /// The error of a path that fills the memory budget.
    pub(crate) fn memory_exceeded(&self) -> SearchError {
        SearchError::MemoryExceeded {
            limit: self.limits.max_bytes,
        }
    }
}

/// A number of bytes as a person reads it: in the largest binary unit it
/// reaches, whole where it is whole (`64 KiB`, `512 MiB`, `1.5 GiB`, `100
/// bytes`), so that a budget below a MiB is not shown as 0 MiB.
///
/// ```
/// use grundy::api::Bytes;
/// assert_eq!(Bytes(64 << 10).to_string(), "64 KiB");
/// assert_eq!(Bytes(3 << 29).to_string(), "1.5 GiB");
/// assert_eq!(Bytes(100).to_string(), "100 bytes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
        let mut unit = 0;
        while unit + 1 < UNITS.len() && self.0 >> (10 * (unit + 1)) > 0 {
            unit += 1;
        }
        let whole = self.0 >> (10 * unit);
        match self.0 & ((1 << (10 * unit)) - 1) {
            0 => write!(f, "{whole} {}", UNITS[unit]),
            _ => {
                let value = self.0 as f64 / (1u64 << (10 * unit)) as f64;
                write!(f, "{value:.1} {}", UNITS[unit])
            }
        }
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// More positions, or more work, than the position limit allows.
    #[error("search stopped at its limit of {limit} positions (or of 256 moves looked at per position of it); raise it with --max-positions, or analyse a smaller position")]
    LimitExceeded {
        /// The limit that was reached.
        limit: usize,
    },
    /// The search was not started: the position has more moves than the
    /// position limit, or its game says it would meet more positions than
    /// that ([`Game::too_large_to_search`](crate::Game::too_large_to_search)).
    #[error("position too large to search within the limit of {limit} positions: it has more moves than that, or more below it than a search could look at within it; raise it with --max-positions, or analyse a smaller position")]
    TooLarge {
        /// The position limit.
        limit: usize,
    },
    /// The time limit was reached.
    #[error("search stopped at its time limit of {} s; raise it with --max-time", limit.as_secs_f64())]
    TimeExceeded {
        /// The limit that was reached.
        limit: Duration,
    },
    /// The positions on the search's path fill the memory budget: they are
    /// three quarters or more of what is stored, so that evicting the rest
    /// would not make room for long.
    #[error("search stopped at its memory budget of {}: the positions on its path fill it; raise it with --memory", Bytes(*limit))]
    MemoryExceeded {
        /// The budget, in bytes.
        limit: usize,
    },
    /// The search was asked to stop (Ctrl-C, through
    /// [`Progress::request_stop`](super::Progress::request_stop)).
    #[error("search interrupted")]
    Interrupted,
    /// A checkpoint could not be saved.
    #[error("cannot save the checkpoint: {reason}")]
    Checkpoint {
        /// What went wrong, with the file.
        reason: String,
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

impl SearchError {
    /// Whether the search stopped at one of its [`Limits`] (so that a larger
    /// limit might answer), not at a fault of the game.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            SearchError::LimitExceeded { .. }
                | SearchError::TooLarge { .. }
                | SearchError::TimeExceeded { .. }
                | SearchError::MemoryExceeded { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_budget_shares_what_is_left_and_rejoins_whole() {
        let limits = Limits::new(10).with_memory(1000);
        let mut main = Budget::new(limits);
        main.count_moves(1500, 1 << 20).unwrap();
        // 2560 moves allowed, 1500 seen: 1060 left, 530 for each.
        let mut helpers = main.split(2);
        assert_eq!(helpers.len(), 1);
        let helper = &mut helpers[0];
        assert_eq!((main.usable_bytes(), helper.usable_bytes()), (375, 375));
        assert_eq!(main.over(0, 4), (false, false));
        assert_eq!(main.over(0, 5), (false, true));
        assert_eq!(helper.over(376, 0), (true, false));
        assert!(helper.count_moves(530, 1 << 20).is_ok());
        assert_eq!(
            helper.count_move(1 << 20),
            Err(SearchError::LimitExceeded { limit: 10 })
        );
        assert!(main.count_moves(530, 1 << 20).is_ok());
        assert!(main.count_move(1 << 20).is_err());
        main.rejoin(&[&helpers[0]]);
        assert_eq!(main.moves_seen, 1500 + 531 + 531);
        assert_eq!(main.usable_bytes(), 750);
        assert_eq!(main.over(0, 9), (false, false));
    }

    #[test]
    fn errors_name_the_flag_that_raises_the_limit() {
        let time = SearchError::TimeExceeded {
            limit: Duration::from_millis(1500),
        };
        assert!(time.to_string().contains("1.5 s; raise it with --max-time"));
        let memory = SearchError::MemoryExceeded { limit: 100 << 20 };
        assert!(memory.to_string().contains("100 MiB"));
        let small = SearchError::MemoryExceeded { limit: 4 << 10 };
        assert!(small.to_string().contains("budget of 4 KiB:"), "{small}");
        assert!(memory.to_string().contains("--memory"));
        assert!(time.is_limit() && memory.is_limit());
        assert!(!SearchError::Cycle {
            position: "1".into()
        }
        .is_limit());
    }

    #[test]
    fn the_budget_counts_moves_time_and_bytes() {
        let mut b = Budget::new(Limits::new(1).with_memory(400));
        b.start();
        for k in 1..=256 {
            assert_eq!(b.count_move(16).unwrap(), k % 16 == 0);
        }
        assert!(matches!(
            b.count_move(16),
            Err(SearchError::LimitExceeded { limit: 1 })
        ));
        b.path_bytes = 100;
        // Three quarters of 400 usable: 200 of table and 100 of path fit.
        assert_eq!(b.over(200, 0), (false, false));
        assert_eq!(b.over(201, 1), (true, true));
        b.stop();
        assert_eq!(b.path_bytes, 0);
        let mut timed = Budget::new(Limits::default().with_time(Duration::ZERO));
        timed.start();
        assert!(matches!(
            timed.count_move(1),
            Err(SearchError::TimeExceeded { .. })
        ));
    }

    #[test]
    fn within_takes_the_tighter_bound_of_each() {
        let a = Limits::new(10).with_time(Duration::from_secs(3));
        let b = Limits::new(100).with_memory(5);
        let c = a.within(b);
        assert_eq!(c.max_positions, 10);
        assert_eq!(c.max_bytes, 5);
        assert_eq!(c.max_time, Some(Duration::from_secs(3)));
    }
}
