//! The batched engine: Grundy values of script positions, fast.
//!
//! The generic [`Searcher`](crate::solve::Searcher) asks a game for the moves of one
//! position at a time and keeps every position as an owned value. For a
//! script game both costs dominate: a call from Rust into the script costs
//! more than a simple `moves` itself, and the positions are small sums of
//! [`Atom`]s. This solver works differently, in three steps per group of
//! roots:
//!
//! 1. **Closure.** Starting from the roots' atoms, it asks for the options of
//!    every atom not yet valued, a whole frontier at a time, in batches
//!    spread over all cores (the script is pure, so its calls can run in
//!    parallel). Atoms get dense ids (small integers without hashing);
//!    options are stored as flat lists of ids.
//! 2. **Values.** A depth-first pass over the stored graph, with no script
//!    calls: an atom's value is the mex over its options of the XOR of their
//!    atoms' values. An atom met again while it is being valued means the game
//!    is not finite, and the error names it.
//! 3. **Forget.** Once every atom of the closure is valued its options are no
//!    longer needed and are dropped; only the values stay.
//!
//! Roots are taken in groups of [`ROOTS_PER_ROUND`], so a sequence of a
//! million heaps never holds more than a few thousand heaps' options at once.
//!
//! The solver sees only the moves, like the generic search, and agrees with
//! it: the tests compare both on several games.
//!
//! # Complexity
//! One script call per distinct atom reached, time O(V + E) for V
//! atoms and E option parts, memory O(V) for the values plus the options of
//! one round's closure. [`Limits::max_positions`] bounds V, and
//! [`MAX_PARTS_PER_POSITION`] times it bounds the stored option parts.

use rayon::prelude::*;

use crate::game::GameError;
use crate::hash::FxHashMap;
use crate::nimber::{Mex, Nimber};
use crate::solve::atoms::{Atom, OptionList};
use crate::solve::deadline;
use crate::solve::limits::Budget;
use crate::solve::{Limits, SearchError};

/// Where the options of atoms come from: a rhai script, a front end's own
/// callback (a Python class's `moves`), or (to measure the script's cost)
/// the same game in Rust. Script games are built on it
/// (`ScriptRules::from_moves`),
/// so every source is searched, valued and checked for cycles alike.
pub trait AtomMoves: Sync {
    /// Appends the options of `atom` to `list`, each a sum of atoms, and
    /// leaves `list` as it was on an error.
    ///
    /// # Errors
    /// A message naming what went wrong.
    fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String>;

    /// The options of `atom`, each a sum of one or more atoms.
    ///
    /// # Errors
    /// As [`moves_into`](AtomMoves::moves_into).
    fn moves(&self, atom: &Atom) -> Result<Vec<Vec<Atom>>, String> {
        let mut list = OptionList::default();
        self.moves_into(atom, &mut list)?;
        Ok(list.options().map(<[Atom]>::to_vec).collect())
    }

    /// Whether options may be asked for from several threads at once. A
    /// source that serialises its calls anyway (Python's interpreter lock)
    /// says no, and is asked from the caller's thread alone.
    fn parallel(&self) -> bool {
        true
    }
}

/// The answers for one batch of atoms: their options one after another, and
/// per atom how many options it has (or why it failed; the batch stops at
/// the first failure).
struct Answer {
    list: OptionList,
    counts: Vec<Result<usize, String>>,
}

/// Roots valued per round: each round's closure is kept until its values
/// are known, then dropped.
pub const ROOTS_PER_ROUND: usize = 1 << 14;

/// Atoms per script call.
const BATCH: usize = 256;

/// Stored option parts allowed per position of the limit: the stored graph
/// is bounded by this times [`Limits::max_positions`] ids (4 bytes each).
pub const MAX_PARTS_PER_POSITION: usize = 16;

/// An atom's value before it is known, and while it is being computed.
const UNKNOWN: u32 = u32::MAX;
const BUSY: u32 = u32::MAX - 1;

/// The solver: atoms met so far, their values, and the options of the
/// current round's atoms.
pub struct AtomSolver<'a, M: AtomMoves + ?Sized> {
    source: &'a M,
    limits: Limits,
    /// Ids of the integers `0..dense.len()` (`u32::MAX` for none yet), and
    /// of every other atom.
    dense: Vec<u32>,
    ids: FxHashMap<Atom, u32>,
    atoms: Vec<Atom>,
    values: Vec<u32>,
    /// Per atom: the range of its options in `option_starts`, if expanded
    /// in this round.
    options: Vec<Option<(u32, u32)>>,
    /// The atoms expanded in this round.
    expanded: Vec<u32>,
    /// Where each option's atoms start in `parts`; option `k` ends where
    /// `k + 1` starts (each atom's options end with a sentinel).
    option_starts: Vec<u32>,
    parts: Vec<u32>,
    /// The limit that stopped the solver (atoms, parts or time), once one
    /// was reached.
    stopped: Option<SearchError>,
    /// The clock of [`Limits::max_time`], started when the solver is made.
    clock: Budget,
    /// The value pass's buffers, kept from one root to the next.
    walk: Walk,
}

/// The buffers of one depth-first value pass.
#[derive(Default)]
struct Walk {
    stack: Vec<(u32, u32)>,
    seen: Vec<u32>,
    bases: Vec<usize>,
    scratch: Mex,
}

impl<'a, M: AtomMoves + ?Sized> AtomSolver<'a, M> {
    /// A solver asking `source` for moves, storing at most
    /// `limits.max_positions` atoms.
    pub fn new(source: &'a M, limits: Limits) -> AtomSolver<'a, M> {
        AtomSolver {
            source,
            limits,
            dense: Vec::new(),
            ids: FxHashMap::default(),
            atoms: Vec::new(),
            values: Vec::new(),
            options: Vec::new(),
            expanded: Vec::new(),
            option_starts: Vec::new(),
            parts: Vec::new(),
            stopped: None,
            clock: {
                let mut clock = Budget::new(limits);
                clock.start();
                clock
            },
            walk: Walk::default(),
        }
    }

    /// The limit that stopped the solver, once one did ([`SearchError::LimitExceeded`]
    /// for atoms or parts, [`SearchError::TimeExceeded`] for time).
    pub fn stopped(&self) -> Option<&SearchError> {
        self.stopped.as_ref()
    }

    /// The Grundy values of the sums `roots` (each the XOR of its atoms'
    /// values), in order. Once a limit is reached (atoms, parts, or the
    /// time since the solver was made), the roots not yet valued get
    /// `None`, in this call and every later one, and
    /// [`stopped`](AtomSolver::stopped) says which limit it was.
    ///
    /// # Errors
    /// [`SearchError::Cycle`] if an atom can be reached from itself,
    /// [`SearchError::Game`] if the script fails. After an error the solver
    /// must not be used again.
    pub fn values<R: AsRef<[Atom]>>(
        &mut self,
        roots: &[R],
    ) -> Result<Vec<Option<Nimber>>, SearchError> {
        let mut out = Vec::with_capacity(roots.len());
        // Room for one new atom per root at least, at once rather than by
        // doubling (each doubling copies, and touches fresh memory).
        let more = roots.len().min(self.limits.max_positions);
        self.atoms.reserve(more);
        self.values.reserve(more);
        self.options.reserve(more);
        for group in roots.chunks(ROOTS_PER_ROUND) {
            if self.stopped.is_some() {
                break;
            }
            match self.round(group) {
                Ok(values) => out.extend(values.into_iter().map(Some)),
                Err(e) if e.is_limit() => self.stopped = Some(e),
                Err(e) => return Err(e),
            }
        }
        out.resize(roots.len(), None);
        Ok(out)
    }

    /// One round: closure, values, forget.
    fn round<R: AsRef<[Atom]>>(&mut self, roots: &[R]) -> Result<Vec<Nimber>, SearchError> {
        // Every atom met in an earlier round is valued, so only new ones
        // need their options.
        let mut frontier = Vec::new();
        let mut ids = Vec::with_capacity(roots.len() + 1);
        for sum in roots {
            for atom in sum.as_ref() {
                let (id, new) = self.intern(atom)?;
                if new {
                    frontier.push(id);
                }
                ids.push(id);
            }
            ids.push(u32::MAX);
        }
        self.close(frontier)?;
        let mut out = Vec::with_capacity(roots.len());
        let mut total = 0u32;
        for &id in &ids {
            if id == u32::MAX {
                out.push(Nimber(u64::from(total)));
                total = 0;
            } else {
                total ^= self.value_of(id)?;
            }
        }
        self.forget();
        Ok(out)
    }

    /// The id of `atom`, and whether it is new.
    fn intern(&mut self, atom: &Atom) -> Result<(u32, bool), SearchError> {
        let slot = self.dense_slot(atom);
        let known = match slot {
            Some(k) => self.dense[k],
            None => self.ids.get(atom).copied().unwrap_or(u32::MAX),
        };
        if known != u32::MAX {
            return Ok((known, false));
        }
        if self.atoms.len() >= self.limits.max_positions {
            return Err(SearchError::LimitExceeded {
                limit: self.limits.max_positions,
            });
        }
        let id = self.atoms.len() as u32;
        match slot {
            Some(k) => self.dense[k] = id,
            None => {
                self.ids.insert(atom.clone(), id);
            }
        }
        self.atoms.push(atom.clone());
        self.values.push(UNKNOWN);
        self.options.push(None);
        Ok((id, true))
    }

    /// The slot of a small non-negative integer in `dense`, growing it as
    /// needed up to four slots per position of the limit.
    fn dense_slot(&mut self, atom: &Atom) -> Option<usize> {
        let Atom::Int(n) = *atom else { return None };
        let k = usize::try_from(n).ok()?;
        if k >= self.dense.len() {
            let cap = self.limits.max_positions.saturating_mul(4);
            if k >= cap {
                return None;
            }
            let len = (k + 1).next_power_of_two().max(1024).min(cap);
            self.dense.resize(len, u32::MAX);
        }
        Some(k)
    }

    /// Expands `frontier` and every atom it reaches that is not valued.
    fn close(&mut self, mut frontier: Vec<u32>) -> Result<(), SearchError> {
        while !frontier.is_empty() {
            // Once per frontier: one round of parallel script calls.
            self.clock.check_time()?;
            let answers = self.ask(&frontier);
            // A call cut short by the deadline fails: the time limit is
            // what stopped it, not the game.
            self.clock.check_time()?;
            if cut_short(&answers, &frontier) {
                // The run's own deadline (a front end's watch over the whole
                // run, which began before this search) is its time limit too.
                return Err(
                    match (deadline::watch().late(), self.clock.limits.max_time) {
                        (true, Some(limit)) => SearchError::TimeExceeded { limit },
                        _ => SearchError::Interrupted,
                    },
                );
            }
            let mut next = Vec::new();
            let mut ids = frontier.iter();
            for answer in answers {
                let mut first = 0;
                // Counts first: `zip` takes from its left side first, and
                // must not take an id past the end of this batch.
                for (count, &id) in answer.counts.into_iter().zip(ids.by_ref()) {
                    let count = count.map_err(|e| SearchError::Game(GameError::new(e)))?;
                    self.store(id, &answer.list, first..first + count, &mut next)?;
                    first += count;
                }
            }
            frontier = next;
        }
        Ok(())
    }

    /// Asks for the options of the atoms `ids`, in parallel batches when
    /// they are many.
    fn ask(&self, ids: &[u32]) -> Vec<Answer> {
        let (source, atoms) = (self.source, &self.atoms);
        // The workers watch what this thread watches, and the solver's clock.
        let watch = deadline::watch().tighter(self.clock.deadline());
        let batch = |ids: &[u32]| {
            let mut list = OptionList::default();
            let mut counts = Vec::with_capacity(ids.len());
            for &id in ids {
                if watch.ended() {
                    // `close` reports the time limit and reads no answer.
                    break;
                }
                let before = list.len();
                let atom = &atoms[id as usize];
                let result = deadline::within(watch.clone(), || source.moves_into(atom, &mut list));
                let failed = result.is_err();
                counts.push(result.map(|()| list.len() - before));
                if failed {
                    break;
                }
            }
            Answer { list, counts }
        };
        if ids.len() <= BATCH || !source.parallel() {
            return vec![batch(ids)];
        }
        ids.par_chunks(BATCH).map(batch).collect()
    }

    /// Stores options `range` of `list` as the options of `id`; atoms seen
    /// for the first time go to `next`.
    fn store(
        &mut self,
        id: u32,
        list: &OptionList,
        range: std::ops::Range<usize>,
        next: &mut Vec<u32>,
    ) -> Result<(), SearchError> {
        let part_limit = self
            .limits
            .max_positions
            .saturating_mul(MAX_PARTS_PER_POSITION)
            .min(u32::MAX as usize - 1);
        let first = self.option_starts.len() as u32;
        let count = range.len() as u32;
        for k in range {
            self.option_starts.push(self.parts.len() as u32);
            for atom in list.option(k) {
                let (part, new) = self.intern(atom)?;
                if new {
                    next.push(part);
                }
                self.parts.push(part);
            }
            if self.parts.len() > part_limit {
                return Err(SearchError::LimitExceeded {
                    limit: self.limits.max_positions,
                });
            }
        }
        self.option_starts.push(self.parts.len() as u32);
        self.options[id as usize] = Some((first, count));
        self.expanded.push(id);
        Ok(())
    }

    /// The atoms of option `k` of an atom whose options start at `first`.
    fn option(&self, first: u32, k: u32) -> &[u32] {
        let at = (first + k) as usize;
        let (start, end) = (self.option_starts[at], self.option_starts[at + 1]);
        &self.parts[start as usize..end as usize]
    }

    /// The value of an expanded atom, by a depth-first pass over the stored
    /// options with an explicit stack.
    fn value_of(&mut self, root: u32) -> Result<u32, SearchError> {
        if self.values[root as usize] < BUSY {
            return Ok(self.values[root as usize]);
        }
        // Frames: (atom, next option); `seen` holds the option values of
        // every open frame, `bases` where each frame's begin. The buffers
        // are the solver's, reused from root to root.
        let Walk {
            mut stack,
            mut seen,
            mut bases,
            mut scratch,
        } = std::mem::take(&mut self.walk);
        stack.clear();
        seen.clear();
        bases.clear();
        stack.push((root, 0u32));
        bases.push(0);
        self.values[root as usize] = BUSY;
        while let Some(&mut (id, ref mut next)) = stack.last_mut() {
            let (first, count) = self.options[id as usize].expect("the closure expanded it");
            if *next < count {
                let mut x = 0u32;
                let mut missing = None;
                for &part in self.option(first, *next) {
                    match self.values[part as usize] {
                        UNKNOWN => {
                            missing = Some(part);
                            break;
                        }
                        BUSY => return Err(self.cycle(part)),
                        v => x ^= v,
                    }
                }
                match missing {
                    Some(part) => {
                        self.values[part as usize] = BUSY;
                        stack.push((part, 0));
                        bases.push(seen.len());
                    }
                    None => {
                        *next += 1;
                        seen.push(x);
                    }
                }
                continue;
            }
            stack.pop();
            let base = bases.pop().expect("one base per frame");
            let v = scratch.of(&seen[base..]) as u32;
            seen.truncate(base);
            self.values[id as usize] = v;
        }
        self.walk = Walk {
            stack,
            seen,
            bases,
            scratch,
        };
        Ok(self.values[root as usize])
    }

    fn cycle(&self, id: u32) -> SearchError {
        SearchError::Cycle {
            position: self.atoms[id as usize].to_string(),
        }
    }

    /// Drops the options of this round: every atom they reach is valued.
    fn forget(&mut self) {
        for id in self.expanded.drain(..) {
            self.options[id as usize] = None;
        }
        self.option_starts.clear();
        self.parts.clear();
    }
}

/// Whether a batch of `answers` to `frontier` stopped before its last atom
/// without a failed call: its watch ended (a deadline, or a stop asked for
/// by a front end), so the closure is incomplete and no answer may be read
/// as if it were whole (a later batch's counts would pair with this one's
/// atoms).
fn cut_short(answers: &[Answer], frontier: &[u32]) -> bool {
    let sizes: Vec<usize> = match answers.len() {
        1 => vec![frontier.len()],
        _ => frontier.chunks(BATCH).map(<[u32]>::len).collect(),
    };
    answers.iter().zip(sizes).any(|(a, size)| {
        let failed = a.counts.last().is_some_and(Result::is_err);
        a.counts.len() < size && !failed
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use super::*;
    use crate::solve::deadline::{within, Watch};
    use crate::solve::Progress;

    /// Take one or two from a heap; the source asks its run to stop on its
    /// `after`-th call, as a server does with a request past its deadline.
    struct StopsAfter {
        after: usize,
        calls: AtomicUsize,
        progress: Arc<Progress>,
    }

    impl AtomMoves for StopsAfter {
        fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
            if self.calls.fetch_add(1, Ordering::SeqCst) + 1 == self.after {
                self.progress.request_stop();
            }
            let Atom::Int(n) = *atom else {
                return Err("a heap is a number".into());
            };
            for k in 1..=n.min(2) {
                list.atoms.push(Atom::Int(n - k));
                list.ends.push(list.atoms.len());
            }
            Ok(())
        }

        fn parallel(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_closure_stopped_midway_is_an_interruption_not_a_half_read_answer() {
        let progress = Arc::new(Progress::default());
        let source = StopsAfter {
            after: 10,
            calls: AtomicUsize::new(0),
            progress: Arc::clone(&progress),
        };
        // Far more new atoms in the first frontier than calls before the stop.
        let roots: Vec<Vec<Atom>> = (0..600).map(|n| vec![Atom::Int(n)]).collect();
        let mut solver = AtomSolver::new(&source, Limits::default());
        let watch = Watch::new(None, Some(progress));
        let got = within(watch, || solver.values(&roots));
        assert!(matches!(got, Err(SearchError::Interrupted)), "{got:?}");
    }
}
