//! The budget of one solve: a place among the few that run at once (so one
//! heavy request cannot starve the rest), a blocking thread off the async
//! workers, and a wall-clock deadline after which the request is answered
//! with an error while the thread, bounded by its position limit, finishes
//! alone.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Runs blocking solves within a concurrency bound and a deadline.
#[derive(Clone, Debug)]
pub struct Budget {
    slots: Arc<Semaphore>,
    timeout: Duration,
}

impl Budget {
    /// At most `concurrency` solves at once, each answered within `timeout`.
    pub fn new(concurrency: usize, timeout: Duration) -> Budget {
        Budget {
            slots: Arc::new(Semaphore::new(concurrency.max(1))),
            timeout,
        }
    }

    /// `work` on a blocking thread once a slot is free; the time waiting for
    /// the slot counts against the deadline.
    ///
    /// # Errors
    /// `work`'s own error; a limit error past the deadline; an internal one
    /// if the work panicked.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let slots = Arc::clone(&self.slots);
        let job = async move {
            let permit = slots
                .acquire_owned()
                .await
                .map_err(|_| ApiError::internal("the server is shutting down"))?;
            let handle = tokio::task::spawn_blocking(move || {
                // The slot stays taken until the work ends, even past the deadline.
                let _permit = permit;
                work()
            });
            handle
                .await
                .map_err(|e| ApiError::internal(format!("the solver failed: {e}")))?
        };
        match tokio::time::timeout(self.timeout, job).await {
            Ok(result) => result,
            Err(_) => Err(ApiError::limit(format!(
                "the request took longer than the {} s the server allows; try a smaller position",
                self.timeout.as_secs_f64()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_past_the_deadline_is_answered_with_a_limit_error() {
        let budget = Budget::new(1, Duration::from_millis(50));
        let slow = budget.run(|| {
            std::thread::sleep(Duration::from_millis(300));
            Ok(1)
        });
        let err = slow.await.unwrap_err();
        assert_eq!(err.kind, "limit");
        assert!(err.message.contains("0.05 s"), "{}", err.message);
        assert_eq!(
            budget.run(|| Ok(2)).await.ok(),
            None,
            "the slot is still taken"
        );
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(budget.run(|| Ok(3)).await, Ok(3));
    }

    #[tokio::test]
    async fn a_panic_in_the_work_is_an_internal_error() {
        let budget = Budget::new(2, Duration::from_secs(5));
        let err = budget.run::<(), _>(|| panic!("boom")).await.unwrap_err();
        assert_eq!((err.kind, err.status.as_u16()), ("internal", 500));
    }
}
