//! The budget of one solve, in two lanes so that cheap requests never wait
//! behind expensive ones.
//!
//! Every solve starts in the **quick lane**, whose few slots are each held
//! for at most [`Lanes::quick_time`]. A solve still running then moves to
//! the **long lane** (fewer slots, one per two cores) and gives its quick
//! slot back; if every long slot is taken it is stopped and answered
//! `503 busy`. So a quick slot frees within `quick_time` whatever the mix,
//! and a cheap request waits at most that long for one.
//!
//! A solve past its deadline is **cancelled**: its [`Progress`] is asked to
//! stop (the searches stop at their next count), its limits carry the
//! deadline as a time bound (for the searches that do not watch a progress),
//! a script's calls stop at the deadline or the stop, and the request is
//! answered at once. Its slot frees when the thread returns, a few
//! milliseconds later. A request dropped before its answer (the client
//! left, a layer's timeout, `503 busy`) cancels its solve the same way. No answer is given after the deadline, so time
//! stops a request with its error but never shapes an answer.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use grundy::api::analyze::{within, Progress, SearchHooks, Watch};
use grundy::api::Limits;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::error::ApiError;

/// The lanes' sizes and times.
#[derive(Clone, Copy, Debug)]
pub struct Lanes {
    /// Solves in the quick lane at once.
    pub quick: usize,
    /// Solves in the long lane at once.
    pub long: usize,
    /// How long a solve may hold a quick slot.
    pub quick_time: Duration,
    /// The wall-clock time one request may take, waiting included.
    pub timeout: Duration,
}

/// How a solve learns that it must stop, and the limits that stop it.
#[derive(Clone, Debug)]
pub struct Cancel {
    progress: Arc<Progress>,
    deadline: Instant,
}

impl Cancel {
    /// `limits` with the time left before the deadline as their time bound:
    /// a search stopped by it is past the deadline (a search counts only its
    /// own time), and its answer is never given.
    pub fn limits(&self, limits: Limits) -> Limits {
        let left = self.deadline.saturating_duration_since(Instant::now());
        let time = left;
        Limits {
            max_time: Some(limits.max_time.map_or(time, |t| t.min(time))),
            ..limits
        }
    }

    /// Hooks that publish the search's counters to the progress this
    /// request stops through.
    pub fn hooks(&self) -> SearchHooks {
        SearchHooks {
            progress: Some(Arc::clone(&self.progress)),
            checkpoint: None,
        }
    }

    /// Whether the solve was asked to stop.
    #[cfg(test)]
    fn stopped(&self) -> bool {
        self.progress.stop_requested()
    }
}

/// Asks the solve to stop when the request is answered or dropped.
struct StopOnDrop(Arc<Progress>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.request_stop();
    }
}

/// The slot a solve holds: given back by the solve's thread when it
/// returns, or swapped by the request when it moves lanes.
type Slot = Arc<Mutex<Option<OwnedSemaphorePermit>>>;

fn set(slot: &Slot, permit: Option<OwnedSemaphorePermit>) {
    *slot.lock().unwrap_or_else(PoisonError::into_inner) = permit;
}

/// Runs blocking solves in the two lanes.
#[derive(Clone, Debug)]
pub struct Budget {
    quick: Arc<Semaphore>,
    long: Arc<Semaphore>,
    lanes: Lanes,
}

impl Budget {
    /// Lanes of `lanes`' sizes (0 is taken as 1).
    pub fn new(lanes: Lanes) -> Budget {
        Budget {
            quick: Arc::new(Semaphore::new(lanes.quick.max(1))),
            long: Arc::new(Semaphore::new(lanes.long.max(1))),
            lanes,
        }
    }

    /// `work` on a blocking thread once a quick slot is free, moved to the
    /// long lane after `quick_time`, cancelled at the deadline.
    ///
    /// # Errors
    /// `work`'s own error; a limit error past the deadline; `busy` when the
    /// long lane is full; an internal one if the work panicked.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let deadline = Instant::now() + self.lanes.timeout;
        let cancel = Cancel {
            progress: Arc::new(Progress::default()),
            deadline,
        };
        let _stop = StopOnDrop(Arc::clone(&cancel.progress));
        let quick = Arc::clone(&self.quick).acquire_owned();
        let permit = match tokio::time::timeout_at(deadline, quick).await {
            Ok(permit) => permit.map_err(|_| ApiError::internal("the server is shutting down"))?,
            Err(_) => return Err(self.late()),
        };
        let slot: Slot = Arc::new(Mutex::new(Some(permit)));
        let held = Arc::clone(&slot);
        let (started, start) = tokio::sync::oneshot::channel();
        let mut job = tokio::task::spawn_blocking(move || {
            let _ = started.send(Instant::now());
            let watch = Watch::new(
                Some(deadline.into_std()),
                Some(Arc::clone(&cancel.progress)),
            );
            let result = within(watch, || work(&cancel));
            set(&held, None);
            result
        });
        // The quick lane's time counts from the work's start: a thread slow
        // to start on a busy machine does not push a cheap solve out.
        let began = match tokio::time::timeout_at(deadline, start).await {
            Ok(Ok(began)) => began,
            Ok(Err(_)) => return self.answer(job.await, deadline),
            Err(_) => return Err(self.late()),
        };
        let quick_end = (began + self.lanes.quick_time).min(deadline);
        tokio::select! {
            done = &mut job => return self.answer(done, deadline),
            () = tokio::time::sleep_until(quick_end) => {}
        }
        if Instant::now() < deadline {
            let long = Arc::clone(&self.long)
                .try_acquire_owned()
                .map_err(|_| busy())?;
            set(&slot, Some(long));
        }
        tokio::select! {
            done = &mut job => self.answer(done, deadline),
            () = tokio::time::sleep_until(deadline) => Err(self.late()),
        }
    }

    /// The work's answer, unless it came past the deadline: an answer
    /// shaped by the deadline (a search stopped by it) is never given.
    fn answer<T>(
        &self,
        done: Result<Result<T, ApiError>, tokio::task::JoinError>,
        deadline: Instant,
    ) -> Result<T, ApiError> {
        if Instant::now() >= deadline {
            return Err(self.late());
        }
        done.map_err(|e| ApiError::internal(format!("the solver failed: {e}")))?
    }

    fn late(&self) -> ApiError {
        ApiError::limit(format!(
            "the request took longer than the {} s the server allows; try a smaller position",
            self.lanes.timeout.as_secs_f64()
        ))
    }
}

fn busy() -> ApiError {
    ApiError::busy("the server is busy with long solves; try again in a few seconds")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(quick: usize, long: usize, quick_ms: u64, timeout_ms: u64) -> Budget {
        Budget::new(Lanes {
            quick,
            long,
            quick_time: Duration::from_millis(quick_ms),
            timeout: Duration::from_millis(timeout_ms),
        })
    }

    /// Work that runs until it is asked to stop, and says so.
    fn until_stopped(cancel: &Cancel) -> Result<u32, ApiError> {
        while !cancel.stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
        Err(ApiError::internal("stopped"))
    }

    #[tokio::test]
    async fn work_past_the_deadline_is_stopped_and_frees_its_slot() {
        let b = budget(1, 1, 20, 100);
        let err = b.run(until_stopped).await.unwrap_err();
        assert_eq!(err.kind, "limit");
        assert!(err.message.contains("0.1 s"), "{}", err.message);
        // The stopped work gave its long slot back: more long work gets it
        // (and is stopped in turn), rather than being refused as busy.
        let err = b.run(until_stopped).await.unwrap_err();
        assert_eq!(err.kind, "limit");
        assert_eq!(b.run(|_| Ok(3)).await, Ok(3));
    }

    #[tokio::test]
    async fn a_long_solve_leaves_the_quick_lane_to_cheap_ones() {
        let b = budget(1, 1, 20, 2_000);
        let long = tokio::spawn({
            let b = b.clone();
            async move { b.run(until_stopped).await }
        });
        tokio::time::sleep(Duration::from_millis(60)).await;
        // The one quick slot is free again: a cheap solve runs.
        assert_eq!(b.run(|_| Ok(1)).await, Ok(1));
        // The one long slot is taken: a second long solve is refused.
        let err = b.run(until_stopped).await.unwrap_err();
        assert_eq!((err.kind, err.status.as_u16()), ("busy", 503));
        long.abort();
    }

    #[tokio::test]
    async fn a_dropped_request_stops_its_solve() {
        let b = budget(1, 1, 1_000, 5_000);
        let (tx, rx) = std::sync::mpsc::channel();
        let request = b.run(move |cancel| {
            let r = until_stopped(cancel);
            tx.send(()).unwrap();
            r
        });
        let _ = tokio::time::timeout(Duration::from_millis(30), request).await;
        rx.recv_timeout(Duration::from_secs(5))
            .expect("the solve saw the stop");
    }

    #[tokio::test]
    async fn a_panic_in_the_work_is_an_internal_error() {
        let b = budget(2, 1, 1_000, 5_000);
        let err = b.run::<(), _>(|_| panic!("boom")).await.unwrap_err();
        assert_eq!((err.kind, err.status.as_u16()), ("internal", 500));
    }

    #[test]
    fn the_limits_carry_the_time_left() {
        let cancel = Cancel {
            progress: Arc::default(),
            deadline: Instant::now() + Duration::from_secs(2),
        };
        let limits = cancel.limits(Limits::new(1_000));
        assert_eq!(limits.max_positions, 1_000);
        let t = limits.max_time.unwrap();
        assert!(
            t > Duration::from_secs(1) && t <= Duration::from_secs(2),
            "{t:?}"
        );
    }
}
