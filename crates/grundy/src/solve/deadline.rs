//! What the calls a search makes into its game (a script's `moves`) stop at,
//! for calls that run long between two of the search's own looks at the
//! clock: the search's deadline, and a stop asked for through a
//! [`Progress`]. So `--max-time`, a server's deadline and its cancellation
//! hold inside a call as well as between calls.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

use super::Progress;

/// A deadline and a stop a call watches; the default watches nothing.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    deadline: Option<Instant>,
    stop: Option<Arc<Progress>>,
}

impl Watch {
    /// A watch of `deadline` and of `stop`'s requests to stop.
    pub fn new(deadline: Option<Instant>, stop: Option<Arc<Progress>>) -> Watch {
        Watch { deadline, stop }
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline has passed.
    pub fn late(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether a call must stop now: past the deadline, or asked to stop.
    pub fn ended(&self) -> bool {
        self.late() || self.stop.as_ref().is_some_and(|p| p.stop_requested())
    }

    /// This watch with the earlier of its deadline and `deadline`.
    pub fn tighter(&self, deadline: Option<Instant>) -> Watch {
        let deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Watch {
            deadline,
            stop: self.stop.clone(),
        }
    }
}

thread_local! {
    static WATCH: RefCell<Watch> = RefCell::new(Watch::default());
}

/// Runs `f` with `watch` as this thread's watch, and restores the one
/// before after it.
pub fn within<R>(watch: Watch, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Watch>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(w) = self.0.take() {
                WATCH.with(|c| *c.borrow_mut() = w);
            }
        }
    }
    let before = WATCH.with(|c| std::mem::replace(&mut *c.borrow_mut(), watch));
    let _restore = Restore(Some(before));
    f()
}

/// Runs `f` with this thread's watch tightened to `deadline` (the earlier
/// of the two deadlines, the same stop).
pub fn scoped<R>(deadline: Option<Instant>, f: impl FnOnce() -> R) -> R {
    within(watch().tighter(deadline), f)
}

/// This thread's watch.
pub fn watch() -> Watch {
    WATCH.with(|c| c.borrow().clone())
}

#[cfg(test)]
/// This thread's deadline, if it has one.
pub fn current() -> Option<Instant> {
    WATCH.with(|c| c.borrow().deadline)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_scope_tightens_the_deadline_and_restores_the_outer_one() {
        let outer = Instant::now() + Duration::from_secs(5);
        let inner = Instant::now() + Duration::from_secs(1);
        assert_eq!(current(), None);
        scoped(Some(outer), || {
            assert_eq!(current(), Some(outer));
            scoped(Some(inner), || assert_eq!(current(), Some(inner)));
            // A later deadline does not loosen the outer one.
            scoped(Some(outer + Duration::from_secs(9)), || {
                assert_eq!(current(), Some(outer));
            });
            assert_eq!(current(), Some(outer));
        });
        assert_eq!(current(), None);
    }

    #[test]
    fn a_stop_asked_for_ends_the_watch_in_every_inner_scope() {
        let progress = Arc::new(Progress::default());
        within(Watch::new(None, Some(Arc::clone(&progress))), || {
            scoped(Some(Instant::now() + Duration::from_secs(60)), || {
                assert!(!watch().ended());
                progress.request_stop();
                assert!(watch().ended() && !watch().late());
            });
        });
        assert!(!watch().ended());
    }
}
