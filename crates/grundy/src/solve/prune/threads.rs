//! The outcomes of many positions at once ([`Pruner::outcomes`]): each
//! position up to symmetry searched once, on up to [`Limits::threads`]
//! threads, each with a pruner of its own whose table this one takes in
//! afterwards; and [`Beside`], other work run on one of those threads.
//!
//! [`Limits::threads`]: crate::solve::Limits::threads

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::{Know, Pruner};
use crate::game::{Game, Outcome};
use crate::hash::FxHashMap;
use crate::solve::limits::{self, SearchError};

impl<G: Game> Pruner<G> {
    /// The normal-play outcome of each of `positions`, as
    /// [`outcome`](Pruner::outcome) gives it, on up to
    /// [`Limits::threads`] threads, and no more than the machine's cores.
    ///
    /// Positions equal up to symmetry ([`Game::canonical`]) are searched
    /// once. With more than one thread, the calling thread and helpers
    /// each take the next position not yet taken, each with a pruner of
    /// its own and an equal share of the memory, positions and work left
    /// (this pruner's table is copied into each helper's within its
    /// share). When they are done, or one of them stops at an error (which
    /// stops the others), this pruner takes in what the helpers stored,
    /// within its whole budget, and counts the moves they looked at, so
    /// the searches that follow use their work. Checkpoint saves made
    /// meanwhile hold this thread's table alone; the save after the call
    /// holds everything.
    ///
    /// The threads share no table, so together they look at more moves
    /// than one thread would. The outcomes of every move of Cram 4x9, 5x7
    /// and 3x14 are found 1.3–1.6 times faster in wall time on two cores
    /// than on one, for 1.2–1.5 times the moves. A game whose parts are
    /// numbered ([`Game::part_at`]: Chomp, heap games) keeps their values
    /// in an array that each thread would fill again (Chomp 12x12 was 0.8
    /// times as fast on two threads), and is searched on this thread
    /// alone.
    ///
    /// # Errors
    /// As [`grundy`](Pruner::grundy): the first error of this thread, else
    /// of a helper.
    ///
    /// [`Limits::threads`]: crate::solve::Limits::threads
    pub fn outcomes(&mut self, positions: &[G]) -> Result<Vec<Outcome>, SearchError> {
        self.outcomes_beside(positions, || ()).0
    }

    /// [`outcomes`](Pruner::outcomes), and `beside` run on one of the
    /// [`Limits::threads`] threads (other work that should share the cores,
    /// as the quick remoteness search of `analyze`): on a thread of its
    /// own where the outcomes are searched on one, else on a helper, which
    /// then takes positions as the others do, so that the threads never
    /// outnumber the limit. On one thread, or where no other thread can
    /// be started, `beside` runs on this one, before the outcomes.
    ///
    /// [`Limits::threads`]: crate::solve::Limits::threads
    pub fn outcomes_beside<T: Send>(
        &mut self,
        positions: &[G],
        beside: impl FnOnce() -> T + Send,
    ) -> (Result<Vec<Outcome>, SearchError>, T) {
        // Each position's class up to symmetry, and one of each class.
        let mut class: FxHashMap<G, usize> = FxHashMap::default();
        let mut distinct = Vec::new();
        let of: Vec<usize> = positions
            .iter()
            .map(|p| {
                *class.entry(p.canonical()).or_insert_with(|| {
                    distinct.push(p);
                    distinct.len() - 1
                })
            })
            .collect();
        drop(class);
        // No more threads than cores: more would not be faster, and each
        // takes a stack outside the memory budget.
        let most = self.budget.limits.threads.clamp(1, limits::cores());
        let numbered = positions.first().is_some_and(|p| p.part_at(0).is_some());
        let threads = match numbered {
            true => 1,
            false => most.min(distinct.len().max(1)),
        };
        let beside = Beside::new(beside);
        let spare = most > 1 && !distinct.is_empty();
        let found = match (threads, spare) {
            (1, false) => {
                beside.run();
                self.outcomes_here(&distinct)
            }
            (1, true) => std::thread::scope(|s| {
                let started = std::thread::Builder::new()
                    .spawn_scoped(s, || beside.run())
                    .is_ok();
                if !started {
                    beside.run();
                }
                self.outcomes_here(&distinct)
            }),
            (n, _) => self.outcomes_on(&distinct, n, &beside),
        };
        let found = found.map(|found| of.into_iter().map(|i| found[i]).collect());
        (found, beside.result())
    }

    /// The outcomes of distinct positions, on this thread.
    fn outcomes_here(&mut self, positions: &[&G]) -> Result<Vec<Outcome>, SearchError> {
        positions.iter().map(|p| self.outcome(p)).collect()
    }

    /// [`outcomes`](Pruner::outcomes) of distinct positions on `threads`
    /// threads (at least 2), the first helper running `beside` first.
    fn outcomes_on<T: Send>(
        &mut self,
        positions: &[&G],
        threads: usize,
        beside: &Beside<T, impl FnOnce() -> T + Send>,
    ) -> Result<Vec<Outcome>, SearchError> {
        let quit = Arc::new(AtomicBool::new(false));
        let budgets = self.budget.split(threads);
        let usable = self.budget.usable_bytes();
        let mut helpers: Vec<Pruner<G>> = budgets
            .into_iter()
            .enumerate()
            .map(|(i, budget)| {
                let mut h = Pruner::new(self.budget.limits);
                h.budget = budget;
                h.table.absorb(&self.table, usable, Know::with_packed);
                h.progress = Arc::clone(&self.progress);
                (h.helper, h.quit) = (i + 1, Some(Arc::clone(&quit)));
                h
            })
            .collect();
        let next = AtomicUsize::new(0);
        let found = Mutex::new(vec![None; positions.len()]);
        // Each thread takes the next position until none is left or one
        // of them fails; a failure stops the helpers at their next count.
        let work = |p: &mut Pruner<G>| -> Result<(), SearchError> {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= positions.len() || quit.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let outcome = p.outcome(positions[i]).inspect_err(|_| {
                    quit.store(true, Ordering::Relaxed);
                })?;
                found.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
            }
        };
        // This thread too stops when a helper fails.
        self.quit = Some(Arc::clone(&quit));
        let work = &work;
        let results = std::thread::scope(|s| {
            let mut running = Vec::new();
            for (i, h) in helpers.iter_mut().enumerate() {
                let run = move || {
                    if i == 0 {
                        beside.run();
                    }
                    work(h)
                };
                match std::thread::Builder::new().spawn_scoped(s, run) {
                    Ok(r) => running.push(r),
                    // Where the system has no more threads to give, the
                    // threads that run take the positions left.
                    Err(_) => break,
                }
            }
            if running.is_empty() {
                beside.run();
            }
            let mut results = vec![work(self)];
            for r in running {
                results.push(r.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
            }
            results
        });
        self.quit = None;
        // This pruner takes in the helpers' work, each helper dropped once
        // taken in, all within the whole budget.
        self.budget
            .rejoin(&helpers.iter().map(|h| &h.budget).collect::<Vec<_>>());
        let usable = self.budget.usable_bytes();
        let mut held: usize = helpers.iter().map(|h| h.table.bytes()).sum();
        for h in helpers {
            held -= h.table.bytes();
            let room = usable.saturating_sub(self.indexed.bytes() + held);
            self.table.absorb(&h.table, room, Know::with_packed);
        }
        self.progress.end_helpers();
        self.publish();
        // A thread stopped by another's failure reports an interruption;
        // the failure is the first other error.
        let mut errors = results.into_iter().filter_map(Result::err);
        if let Some(first) = errors.next() {
            return Err(match first {
                SearchError::Interrupted => errors
                    .find(|e| *e != SearchError::Interrupted)
                    .unwrap_or(first),
                e => e,
            });
        }
        let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(found
            .into_iter()
            .map(|o| o.expect("every position was searched"))
            .collect())
    }
}

/// Work run beside a search, once, on whichever thread gets to it first
/// ([`Pruner::outcomes_beside`]), and what it gave.
struct Beside<T, F> {
    work: Mutex<Option<F>>,
    result: Mutex<Option<T>>,
}

impl<T, F: FnOnce() -> T> Beside<T, F> {
    fn new(work: F) -> Self {
        Beside {
            work: Mutex::new(Some(work)),
            result: Mutex::new(None),
        }
    }

    /// Runs the work unless it has run.
    fn run(&self) {
        let work = self.work.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(work) = work {
            let result = work();
            *self.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
        }
    }

    /// What the work gave, running it now if no thread did.
    fn result(self) -> T {
        self.run();
        let result = self.result.into_inner().unwrap_or_else(|e| e.into_inner());
        result.expect("the work has run")
    }
}
