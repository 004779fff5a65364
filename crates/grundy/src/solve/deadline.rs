//! The deadline of the search running on this thread, for the callbacks it
//! makes (a script's `moves`) that run long between two of its own looks at
//! the clock: they stop at the search's deadline too, so `--max-time` and a
//! server's deadline hold inside a call as well as between calls.

use std::cell::Cell;
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Runs `f` with `deadline` as this thread's search deadline (none for
/// `None`), and restores the one before after it.
pub fn scoped<R>(deadline: Option<Instant>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Instant>);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEADLINE.with(|d| d.set(self.0));
        }
    }
    let _restore = Restore(DEADLINE.with(|d| d.replace(deadline)));
    f()
}

/// The deadline of the search running on this thread, if it has one.
pub fn current() -> Option<Instant> {
    DEADLINE.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_scope_sets_the_deadline_and_restores_the_outer_one() {
        let outer = Instant::now() + Duration::from_secs(5);
        let inner = Instant::now() + Duration::from_secs(1);
        assert_eq!(current(), None);
        scoped(Some(outer), || {
            assert_eq!(current(), Some(outer));
            scoped(Some(inner), || assert_eq!(current(), Some(inner)));
            assert_eq!(current(), Some(outer));
        });
        assert_eq!(current(), None);
    }
}
