//! The recursive search: a component asked whether its value is n
//! ([`settle`](Pruner::settle)), or which of a set of values it has
//! ([`in_set`](Pruner::in_set), Beling and Rogalski's question), its options
//! asked in turn, easiest first; what was found kept in the table; the
//! stack grown on demand and the path's bytes counted against the budget.

use std::mem::size_of;

use super::indexed::INDEXED_SHARE;
use super::options::{Listed, Open};
use super::values::Values;
use super::{Know, Pruner};
use crate::game::Game;
use crate::nimber::Mex;
use crate::solve::limits::SearchError;

/// Stack grown by this much when less than [`RED_ZONE`] is left.
const STACK_GROWTH: usize = 1 << 20;
const RED_ZONE: usize = 64 << 10;

/// Stack bytes a level of the recursion is taken to use (its frames of
/// `has` and the option walk, measured by the stack's growth on a deep
/// subtraction game: about 400 bytes), besides its position.
const LEVEL_BYTES: usize = 512;

impl<G: Game> Pruner<G> {
    /// The value of the component `c` (canonical).
    pub(super) fn value(&mut self, c: &G) -> Result<u64, SearchError> {
        let k = self.settle(c, ASK_VALUE)?;
        debug_assert!(k.exact, "settling for the value finds it");
        Ok(k.floor)
    }

    /// Whether the component `c` (canonical) has value `n`.
    fn has(&mut self, c: &G, n: u64) -> Result<bool, SearchError> {
        if n < Values::LIMIT && sets_apply(c) {
            return Ok(self.in_set(c, Values::single(n))? == Some(n));
        }
        Ok(self.settle(c, n)?.decides(n) == Some(true))
    }

    /// The value of the component `c` (canonical), a part of an option:
    /// asked about every value it can have at once where that applies
    /// ([`in_set`](Pruner::in_set)), else by [`value`](Pruner::value).
    fn part_value(&mut self, c: &G) -> Result<u64, SearchError> {
        if sets_apply(c) {
            let found = self.in_set(c, Values::up_to(Values::LIMIT - 1))?;
            return Ok(found.expect("a value is in the set of every value it can be"));
        }
        self.value(c)
    }

    /// The value of the component `c` (canonical) if it is in `r`, or
    /// found on the way (it may then lie outside `r`); `None` only when it
    /// is not in `r`. For a component with fewer than [`Values::LIMIT`]
    /// moves whose questions pay ([`sets_apply`]).
    fn in_set(&mut self, c: &G, r: Values) -> Result<Option<u64>, SearchError> {
        if !sets_apply(c) {
            return self.in_set_by_settling(c, r);
        }
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.in_set_here(c, r))
    }

    /// [`in_set`](Pruner::in_set) for a component sets do not apply to (a
    /// heap of 10^9 in a game of taking from the ends): a question of one
    /// value asked as one, a larger one by valuing it.
    fn in_set_by_settling(&mut self, c: &G, r: Values) -> Result<Option<u64>, SearchError> {
        let n = match (r.min(), r.max()) {
            (None, _) => return Ok(None),
            (Some(a), Some(b)) if a == b => a,
            _ => ASK_VALUE,
        };
        // Settled for n, the value is known, or known not to be n.
        let k = self.settle(c, n)?;
        Ok(k.exact.then_some(k.floor))
    }

    /// The search behind [`in_set`](Pruner::in_set), Beling and Rogalski's
    /// question of a set. The values `c` may still have are kept as a set
    /// `p` of one more value than options left, `0..=moves` at first: an
    /// option of value v takes v out of it, or, when v is not in it, the
    /// largest (which the value then cannot be: the values below it in `p`
    /// outnumber the options left to have them). So one value is left at
    /// the end, the value. Each option is asked only about the values that
    /// would matter: those of `p` but its largest, up to the largest of
    /// `r`; an option whose value is not among them takes out the largest,
    /// which leaves the answer right for the values up to the largest of
    /// `r`. The search stops as soon as `p` and `r` share no value.
    fn in_set_here(&mut self, c: &G, r: Values) -> Result<Option<u64>, SearchError> {
        let mut k = self.know(c)?;
        if k.exact {
            return Ok(Some(k.floor));
        }
        let moves = c.move_count();
        debug_assert!(moves < u128::from(Values::LIMIT));
        // A value is at most the number of moves; those known not to be
        // the value are not asked about.
        let r = k.allowed(r.and(Values::up_to(moves as u64)));
        if r.is_empty() {
            return Ok(None);
        }
        let part = size_of::<G>() + c.heap_bytes();
        let listed = moves as usize * (2 * part + size_of::<Open>());
        let base = LEVEL_BYTES + part + c.heap_bytes() + listed;
        self.budget.path_bytes += base;
        if let Err(e) = self.make_room(c) {
            self.budget.path_bytes -= base;
            return Err(e);
        }
        let stored = self.table.pin(c);
        debug_assert!(stored.is_none_or(|s| s.unpack() == k));
        let before = self.budget.moves_seen;
        let (mut parts, mut open) = self.pool.pop().unwrap_or_default();
        let result = self.sift(c, moves as u64, r, &mut parts, &mut open);
        parts.clear();
        open.clear();
        self.pool.push((parts, open));
        if result.is_err() {
            self.budget.path_bytes -= base;
        }
        let found = result?;
        match found {
            Some(v) => k = Know::exactly(v),
            None => r.iter().for_each(|v| k.exclude(v)),
        }
        self.keep(c, k, before, moves);
        self.budget.path_bytes -= base;
        Ok(found)
    }

    /// The walk of [`in_set_here`](Pruner::in_set_here) over the options
    /// of `c`, of which there are `moves`: those the table values first,
    /// then the others, easiest first.
    fn sift(
        &mut self,
        c: &G,
        moves: u64,
        r: Values,
        parts: &mut Vec<G>,
        open: &mut Vec<Open>,
    ) -> Result<Option<u64>, SearchError> {
        let mut p = Values::up_to(moves);
        let mut listed = 0u64;
        for m in c.search_moves()? {
            if p.and(r).is_empty() {
                return Ok(None);
            }
            self.count_move()?;
            listed += 1;
            if listed > moves {
                return Err(SearchError::Game(crate::game::GameError::new(format!(
                    "position `{c}` has more moves than its move count ({moves}) says"
                ))));
            }
            match self.list_option(c, &m, parts)? {
                Listed::Valued(x) => p.remove_or_max(x),
                Listed::Open(o) => open.push(o),
            }
        }
        open.sort_by_key(|o| o.cost);
        let upto = Values::up_to(r.max().expect("r is not empty"));
        let mut exact = true;
        for o in open.iter_mut() {
            if p.and(r).is_empty() {
                return Ok(None);
            }
            let ask = p.without_max().and(upto);
            let start = o.start as usize;
            while o.len > 1 {
                let last = start + o.len as usize - 1;
                o.x ^= self.part_value(&parts[last])?;
                o.len -= 1;
            }
            match self.in_set(&parts[start], ask.xor(o.x))? {
                Some(v) => p.remove_or_max(v ^ o.x),
                None => {
                    p = p.without_max();
                    exact = false;
                }
            }
        }
        match exact || !p.and(upto).is_empty() {
            true => Ok(Some(p.min().expect("one value is left"))),
            false => Ok(None),
        }
    }

    /// What is known of `c` (canonical) once it is settled whether its
    /// value is `n`, or, for [`ASK_VALUE`], what its value is.
    fn settle(&mut self, c: &G, n: u64) -> Result<Know, SearchError> {
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.settle_here(c, n))
    }

    /// The search behind [`settle`](Pruner::settle). `c + *n` is a
    /// P-position when every smaller value is excluded and no option has
    /// value n. The options are generated once: those the table values
    /// (or answers for) are looked at first, the others are sorted by how
    /// hard they look (the squares of their parts' difficulties, summed),
    /// and the values from the lowest not excluded are asked about in
    /// turn, each of the easiest option not yet found to have a smaller
    /// one (an option has one value: found for m, it is not asked about
    /// again).
    fn settle_here(&mut self, c: &G, n: u64) -> Result<Know, SearchError> {
        let mut k = self.know(c)?;
        if k.exact || (n != ASK_VALUE && k.decides(n).is_some()) {
            return Ok(k);
        }
        // A value is at most the number of moves.
        if n != ASK_VALUE && u128::from(n) > c.move_count() {
            return Ok(k);
        }
        // A game whose questions do not pay is valued in full when asked,
        // by the plain mex of its options.
        let ask = c.value_questions_pay();
        let n = if ask { n } else { ASK_VALUE };
        let moves = c.move_count();
        let keep = moves <= KEEP_MOVES && ask;
        // The level's frames and position, and its options' parts (each
        // taken to be two parts the size of `c`) where they are kept.
        let part = size_of::<G>() + c.heap_bytes();
        let listed = match keep {
            true => moves as usize * (2 * part + size_of::<Open>()),
            false => 4 * part,
        };
        let base = LEVEL_BYTES + part + c.heap_bytes() + listed;
        self.budget.path_bytes += base;
        self.make_room(c)?;
        let stored = self.table.pin(c);
        debug_assert!(stored.is_none_or(|s| s.unpack() == k));
        let before = self.budget.moves_seen;
        let (mut parts, mut open) = self.pool.pop().unwrap_or_default();
        let mut seen = Mex::default();
        let result = if !keep {
            // Too many options to keep listed, or questions that do not
            // pay: each valued in full, once; by the indices of their parts
            // where the game gives them.
            self.mex_of_indices(c, n, &mut seen)
                .and_then(|done| match done {
                    Some(found) => Ok(found),
                    None => self.mex_of_options(c, n, &mut parts, &mut seen),
                })
                .map(|found| {
                    k = match found {
                        true => {
                            k.exclude(n);
                            k
                        }
                        false => Know::exactly(seen.mex()),
                    }
                })
        } else {
            self.gather(c, n, &mut parts, &mut open, &mut seen)
                .and_then(|found_n| match found_n {
                    true => {
                        k.exclude(n);
                        Ok(())
                    }
                    false => self.walk(&mut k, n, &mut parts, &mut open, &seen),
                })
        };
        parts.clear();
        open.clear();
        self.pool.push((parts, open));
        result?;
        self.keep(c, k, before, moves);
        self.budget.path_bytes -= base;
        Ok(k)
    }

    /// Stores `k` for `c`, on the path, found since `before` moves were
    /// seen; or forgets `c` when `k` only excludes values and was found by
    /// one walk over its `moves` options, answered by the table alone: such
    /// knowledge is found again at the cost of that walk, and past a table
    /// the processor's caches hold it is not worth its room (Cram 3x14 twice
    /// as fast without it; Chomp 10x10, whose table stays small, twice as
    /// slow).
    fn keep(&mut self, c: &G, k: Know, before: usize, moves: u128) {
        let work = (self.budget.moves_seen - before) as u64;
        if k.exact {
            self.indexed
                .set(c, k.floor, self.budget.limits.max_bytes / INDEXED_SHARE);
        }
        let cheap = u128::from(work) <= moves && self.table.bytes() > FORGET_PAST;
        match k.pack() {
            Some(k) if k.exact || !cheap => self.table.finish(c, k, work),
            _ => self.table.forget(c),
        }
    }

    /// The values from `k`'s floor up to `n` (or up to the value, for
    /// [`ASK_VALUE`]) asked about in turn, as [`settle_here`](Pruner::settle_here)
    /// says; `k` holds what was found.
    fn walk(
        &mut self,
        k: &mut Know,
        n: u64,
        parts: &mut [G],
        open: &mut [Open],
        seen: &Mex,
    ) -> Result<(), SearchError> {
        let mut m = k.floor;
        loop {
            if m == n && n != ASK_VALUE {
                // Every smaller value is excluded: the value is at least n.
                if self.some_option_has(n, parts, open)? {
                    k.exclude(n);
                } else {
                    *k = Know::exactly(n);
                }
                return Ok(());
            }
            if seen.contains(m) || k.decides(m) == Some(false) {
                m += 1;
                continue;
            }
            if self.some_option_has(m, parts, open)? {
                k.exclude(m);
                m += 1;
            } else {
                *k = Know::exactly(m);
                return Ok(());
            }
        }
    }

    /// Whether an option not yet used has value `m`, trying them in order;
    /// the one found is marked used.
    fn some_option_has(
        &mut self,
        m: u64,
        parts: &mut [G],
        open: &mut [Open],
    ) -> Result<bool, SearchError> {
        for o in open.iter_mut().filter(|o| !o.done) {
            if self.option_has(o, parts, m)? {
                o.done = true;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the option `o` has value `m`: its parts but the hardest
    /// valued in full (once: their values join `o.x`), the hardest asked
    /// about the one value that would make the sum's `m`.
    fn option_has(&mut self, o: &mut Open, parts: &mut [G], m: u64) -> Result<bool, SearchError> {
        let start = o.start as usize;
        while o.len > 1 {
            let last = start + o.len as usize - 1;
            o.x ^= self.part_value(&parts[last])?;
            o.len -= 1;
        }
        self.has(&parts[start], m ^ o.x)
    }

    /// Whether the sum of `parts` has value `n`: all but the hardest part
    /// (the one with most moves) valued in full, the hardest asked about
    /// the one value that would make the sum's `n`.
    pub(super) fn parts_have(&mut self, mut parts: Vec<G>, n: u64) -> Result<bool, SearchError> {
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
}

/// A position with more moves than this is valued by the plain mex of its
/// options, played one at a time and valued in full, rather than pruned
/// over a list of them: a heap of 20000 in Grundy's game has 10^4 options,
/// and a path through thousands of such heaps would hold them all (and a
/// game of so many options per position, Grundy's game, values most of
/// them anyway).
const KEEP_MOVES: u128 = 256;

/// Whether `c` is asked about sets of values ([`Pruner::in_set`]): its
/// questions pay and its values fit a [`Values`].
fn sets_apply<G: Game>(c: &G) -> bool {
    c.value_questions_pay() && c.move_count() < u128::from(Values::LIMIT)
}

/// The table's estimated bytes past which cheap knowledge is not stored:
/// as many Cram regions as 16 MiB held before they were kept as
/// [words](Game::word) (Cram 4x9 and 5x7 store the same entries as then,
/// in 12 MB resident instead of 18, and 4-7% faster; at 16 MiB they would
/// keep more and search 3-10% fewer moves, in 21 MB).
const FORGET_PAST: usize = 8 << 20;

/// The question "what is the value" rather than "is the value n".
pub(super) const ASK_VALUE: u64 = u64::MAX;
