//! Misère quotients of take-and-break games (Plambeck, "Taming the wild in
//! impartial combinatorial games", Integers 5 (2005) G05; Plambeck and
//! Siegel, "Misère quotients for impartial games", JCTA 115 (2008)
//! 593–622; Siegel, *Combinatorial Game Theory*, ch. V).
//!
//! Let `A` be the set of all sums of heaps of size at most `N`. Two sums
//! `X`, `Y` are *indistinguishable* when `X + Z` and `Y + Z` have the same
//! misère outcome for every `Z` in `A`. The classes form a commutative
//! monoid, the *misère quotient* `Q`, with its *P-portion* (the classes of
//! the P-positions) and the *pretending function* sending each heap to its
//! class. The outcome of any sum is then read off `Q`: multiply the heaps'
//! elements and look the product up in the P-portion.
//!
//! # How it is computed
//!
//! Heaps that are equal games (the same misère simplest form, see
//! [`canonical`](super::canonical); past the forms' budget, the same
//! options heap for heap) are one *type*; heaps with no move are the
//! identity. Each type `i` gets a
//! threshold `T_i`, and counts of that type are folded by the rule
//! `x^(T_i+2) = x^(T_i)`, giving a finite monoid `M` of count vectors
//! (counts `0..=T_i+1`). Outcomes on `M` follow from the rules: an element
//! is P when it has a move and every move leads (folded) to an N-element;
//! moves remove one heap and add what the move leaves, so they go down in
//! the order with the last type most significant, and one pass in index
//! order fills the table.
//!
//! The fold is then *proved* right, not assumed: every count vector whose
//! counts are at most `T_i+2` and which reaches `T_i+2` somewhere is
//! valued from its own moves and compared with the value of its fold.
//! When all agree, induction on positions shows that every sum of heaps,
//! of any size, has the outcome of its fold (a sum with `c_i ≥ T_i+2`
//! heaps of type `i` has the same folded moves as the vector with
//! `T_i+1` or `T_i+2` of them, whichever has its parity). When one
//! disagrees, the thresholds of the coordinates at `T_i+2` grow and the
//! table is rebuilt. Finally `M` is reduced by indistinguishability (Moore's
//! partition refinement, the letters being the heap types): the classes are
//! `Q`. Every misère quotient has even order (Plambeck–Siegel); an odd one
//! here is a bug and panics.
//!
//! # Periodicity
//! For a code, [`prove_period`] looks for `n0`, `p` with heap `n + p`
//! pretending to be heap `n` for all `n0 ≤ n ≤ N − p`, where `N` is big
//! enough beside `n0`, `p` and the code's length for an argument like
//! Guy and Smith's to carry the period to every heap; the quotient then
//! answers sums of heaps of any size ([`Quotient::period`]).
//!
//! This is the "unreduced monoid, then reduce" method: simple and proved,
//! but `M` grows as the product of the `T_i + 2`, so it reaches smaller
//! heap bounds than Siegel's incremental MisereSolver.
//!
//! # Complexity
//! `|M| = ∏ (T_i + 2)` states, each valued from its moves (a heap of `n`
//! has `O(n)` moves, `O(n²)` with three-way splits); the check visits
//! `∏ (T_i + 3) − |M|` more; the reduction costs `|M| × types` per round.
//! The engines' one budget type, [`Limits`], bounds `|M|` (its
//! [`max_positions`](Limits::max_positions): the states stored) and the
//! time; the order accepted is bounded apart, as a property of the answer.

use std::collections::HashMap;
use std::fmt;
use std::time::Instant;

use thiserror::Error;

use super::canonical::{Form, Forms};
use super::heaps::{HeapForms, HeapGame};
use crate::game::Outcome;
use crate::solve::{Limits, ProgressReading};

impl Bounds {
    fn of(limits: Limits, max_order: usize) -> Bounds {
        Bounds {
            max_states: limits.max_positions,
            max_order,
            deadline: limits.deadline_from(Instant::now()),
        }
    }
}

/// The default bound on `M`'s states (the [`Limits::max_positions`] of a
/// quotient): 2^24 (some 100 MiB of tables).
pub const DEFAULT_MAX_STATES: usize = 1 << 24;

/// The default bound on the quotient's order.
pub const DEFAULT_MAX_ORDER: usize = 4096;

/// What a computation may spend, read from its [`Limits`] when it starts.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    max_states: usize,
    max_order: usize,
    deadline: Option<Instant>,
}

/// Why a quotient was not found.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum QuotientError {
    /// The unreduced monoid and its check would pass the states allowed
    /// ([`Limits::max_positions`]).
    #[error("the quotient of heaps up to {heap} needs {needed} states of the unreduced monoid and its check, more than the limit of {limit}")]
    TooManyStates {
        /// The heap bound being computed.
        heap: u64,
        /// The states needed.
        needed: u128,
        /// The limit.
        limit: usize,
    },
    /// The quotient's order passed the largest accepted.
    #[error(
        "the quotient of heaps up to {heap} has order {order}, more than the limit of {limit}"
    )]
    TooLargeOrder {
        /// The heap bound being computed.
        heap: u64,
        /// The order found.
        order: usize,
        /// The limit.
        limit: usize,
    },
    /// The memory for the unreduced monoid could not be had.
    #[error("the quotient of heaps up to {heap} needs tables of {states} states, and the memory is not there")]
    OutOfMemory {
        /// The heap bound being computed.
        heap: u64,
        /// The states asked for.
        states: u128,
    },
    /// The deadline passed.
    #[error("time ran out computing the quotient of heaps up to {heap}")]
    TimeUp {
        /// The heap bound being computed when time ran out.
        heap: u64,
    },
}

/// A generator of a quotient's presentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    /// Its letter: `a`, `b`, … (`g27`, … past `z`).
    pub name: String,
    /// The smallest heap whose element it is.
    pub heap: u64,
}

/// The misère quotient of all sums of heaps up to a bound.
#[derive(Clone, Debug)]
pub struct Quotient {
    max_heap: u64,
    /// Heap size → its type (0: no move, the identity; else type index + 1).
    heap_type: Vec<usize>,
    /// Element × type → element (the identity is element 0).
    act: Vec<Vec<u32>>,
    /// Whether each element is in the P-portion.
    p: Vec<bool>,
    generators: Vec<Generator>,
    /// Each element's normal-form word: an exponent per generator.
    words: Vec<Vec<u32>>,
    relations: Vec<(Vec<u32>, Vec<u32>)>,
    period: Option<Period>,
}

/// A period of the pretending function proved for every heap size (see
/// [`prove_period`]): every heap `n ≥ n0 + p` has the element of `n − p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The preperiod `n0`: heaps from `n0` on repeat.
    pub n0: u64,
    /// The period `p`.
    pub p: u64,
}

/// One heap type: its options as sparse counts of lower types.
type Options = Vec<Vec<(usize, u32)>>;

/// What makes two heaps one type: the same misère simplest form (equal
/// games), or where forms are past their budget, the same options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Form(Form),
    Options(Options),
}

/// Heap types of a game up to a bound.
struct Types {
    heap_type: Vec<usize>,
    options: Vec<Options>,
    first_heap: Vec<u64>,
    keys: HashMap<Key, usize>,
    forms: Option<(Forms, HeapForms)>,
}

/// The simplest forms built to tell equal heaps apart, at most.
const TYPE_FORMS: usize = 1 << 18;

impl Types {
    fn new(game: &HeapGame, deadline: Option<Instant>) -> Types {
        Types {
            heap_type: vec![0],
            options: Vec::new(),
            first_heap: Vec::new(),
            keys: HashMap::new(),
            forms: Some((
                Forms::new(crate::solve::Limits::new(TYPE_FORMS)).with_deadline(deadline),
                HeapForms::new(game.clone()),
            )),
        }
    }

    fn extend(&mut self, game: &HeapGame, n: u64) {
        while self.heap_type.len() as u64 <= n {
            let m = self.heap_type.len() as u64;
            let form = match &mut self.forms {
                Some((forms, heaps)) => heaps.heap(forms, m).ok(),
                None => None,
            };
            if form.is_none() {
                // Past the forms' budget: options from here on.
                self.forms = None;
            }
            let mut opts: Options = game
                .options(m)
                .into_iter()
                .map(|parts| {
                    let mut counts: Vec<(usize, u32)> = Vec::new();
                    for h in parts {
                        let t = self.heap_type[h as usize];
                        if t == 0 {
                            continue;
                        }
                        match counts.iter_mut().find(|(u, _)| *u == t - 1) {
                            Some(c) => c.1 += 1,
                            None => counts.push((t - 1, 1)),
                        }
                    }
                    counts.sort_unstable();
                    counts
                })
                .collect();
            opts.sort();
            opts.dedup();
            let key = match form {
                Some(f) => Key::Form(f),
                None => Key::Options(opts.clone()),
            };
            let t = if opts.is_empty() {
                0
            } else if let Some(&t) = self.keys.get(&key) {
                t + 1
            } else {
                let t = self.options.len();
                self.keys.insert(key, t);
                self.options.push(opts);
                self.first_heap.push(m);
                t + 1
            };
            self.heap_type.push(t);
        }
    }
}

/// The unreduced monoid: counts folded by thresholds.
struct Folded<'a> {
    types: &'a Types,
    t: Vec<u32>,
    stride: Vec<usize>,
    len: usize,
}

impl<'a> Folded<'a> {
    fn new(types: &'a Types, t: Vec<u32>, heap: u64, limit: usize) -> Result<Self, QuotientError> {
        // The check walks the box of counts up to T+2, which holds M (the
        // table): the box is what is bounded.
        let needed: u128 = t
            .iter()
            .fold(1u128, |n, &ti| n.saturating_mul(ti as u128 + 3));
        if needed > limit as u128 {
            return Err(QuotientError::TooManyStates {
                heap,
                needed,
                limit,
            });
        }
        let mut stride = Vec::with_capacity(t.len());
        let mut s = 1usize;
        for &ti in &t {
            stride.push(s);
            s *= ti as usize + 2;
        }
        Ok(Folded {
            types,
            t,
            stride,
            len: s,
        })
    }

    fn fold(&self, j: usize, c: u32) -> u32 {
        let t = self.t[j];
        if c <= t + 1 {
            c
        } else {
            t + (c - t) % 2
        }
    }

    /// Whether the vector `c` (counts up to `T+2`) has a move to a folded
    /// P-element of `table`.
    fn has_p_option(&self, c: &[u32], table: &[bool]) -> bool {
        let base: usize = c
            .iter()
            .enumerate()
            .map(|(j, &cj)| self.fold(j, cj) as usize * self.stride[j])
            .sum();
        for (i, &ci) in c.iter().enumerate() {
            if ci == 0 {
                continue;
            }
            let here = self.fold(i, ci) as usize * self.stride[i];
            let less = self.fold(i, ci - 1) as usize * self.stride[i];
            let without = base - here + less;
            for w in &self.types.options[i] {
                let mut idx = without;
                for &(j, a) in w {
                    let old = self.fold(j, c[j]) as usize;
                    let new = self.fold(j, c[j] + a) as usize;
                    idx = idx + new * self.stride[j] - old * self.stride[j];
                }
                if table[idx] {
                    return true;
                }
            }
        }
        false
    }

    /// P or not for every element of `M`, in index order.
    fn table(&self, deadline: Option<Instant>, heap: u64) -> Result<Vec<bool>, QuotientError> {
        let k = self.t.len();
        let mut table = alloc(self.len, false, heap)?;
        let mut c = vec![0u32; k];
        for idx in 0..self.len {
            if idx & 0xffff == 0xffff && deadline.is_some_and(|d| Instant::now() > d) {
                return Err(QuotientError::TimeUp { heap });
            }
            if idx > 0 {
                table[idx] = !self.has_p_option(&c, &table);
            }
            for (cj, &tj) in c.iter_mut().zip(&self.t) {
                *cj += 1;
                if *cj <= tj + 1 {
                    break;
                }
                *cj = 0;
            }
        }
        Ok(table)
    }

    /// The coordinates at `T+2` of every vector of the box (counts up to
    /// `T+2`, some at `T+2`) whose outcome from its moves differs from its
    /// fold's; `None` when there is none.
    fn failure(
        &self,
        table: &[bool],
        deadline: Option<Instant>,
        heap: u64,
    ) -> Result<Option<Vec<usize>>, QuotientError> {
        let k = self.t.len();
        let mut c = vec![0u32; k];
        let mut steps = 0u64;
        let mut failed = vec![false; k];
        loop {
            let mut j = 0;
            loop {
                if j == k {
                    let top: Vec<usize> = (0..k).filter(|&j| failed[j]).collect();
                    return Ok(if top.is_empty() { None } else { Some(top) });
                }
                c[j] += 1;
                if c[j] <= self.t[j] + 2 {
                    break;
                }
                c[j] = 0;
                j += 1;
            }
            steps += 1;
            if steps & 0xffff == 0 && deadline.is_some_and(|d| Instant::now() > d) {
                return Err(QuotientError::TimeUp { heap });
            }
            let top: Vec<usize> = (0..k).filter(|&j| c[j] == self.t[j] + 2).collect();
            if top.is_empty() {
                continue;
            }
            let folded: usize = (0..k)
                .map(|j| self.fold(j, c[j]) as usize * self.stride[j])
                .sum();
            let p = !self.has_p_option(&c, table);
            if p != table[folded] {
                for j in top {
                    failed[j] = true;
                }
            }
        }
    }

    /// Moore's refinement: the class of every element of `M`.
    fn reduce(
        &self,
        table: &[bool],
        deadline: Option<Instant>,
        heap: u64,
    ) -> Result<(Vec<u32>, usize), QuotientError> {
        let k = self.t.len();
        let next = |idx: usize, j: usize| -> usize {
            let c = (idx / self.stride[j]) % (self.t[j] as usize + 2);
            let f = self.fold(j, c as u32 + 1) as usize;
            idx + f * self.stride[j] - c * self.stride[j]
        };
        let mut class: Vec<u32> = alloc(self.len, 0, heap)?;
        for (c, &p) in class.iter_mut().zip(table) {
            *c = p as u32;
        }
        let mut count = if table.iter().any(|&p| p) { 2 } else { 1 };
        loop {
            if deadline.is_some_and(|d| Instant::now() > d) {
                return Err(QuotientError::TimeUp { heap });
            }
            let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut new: Vec<u32> = alloc(self.len, 0, heap)?;
            let mut sig = Vec::with_capacity(k + 1);
            for idx in 0..self.len {
                sig.clear();
                sig.push(class[idx]);
                sig.extend((0..k).map(|j| class[next(idx, j)]));
                let n = ids.len() as u32;
                new[idx] = *ids.entry(sig.clone()).or_insert(n);
            }
            let n = ids.len();
            class = new;
            if n == count {
                return Ok((class, n));
            }
            count = n;
        }
    }
}

impl Quotient {
    #[cfg(test)]
    /// The misère quotient of all sums of heaps of `game` up to `max_heap`,
    /// built for each bound `1, 2, …, max_heap` in turn (each seeds the
    /// next), within `limits` (states of `M` and time) and of order at most
    /// `max_order`; `progress` is told each bound done (the bounds done of
    /// `max_heap + 1`, the order as the largest value, the bound as where).
    ///
    /// # Errors
    /// [`QuotientError`] when a bound is reached.
    ///
    /// # Panics
    /// On an odd order, which a theorem rules out: a bug.
    pub fn compute(
        game: &HeapGame,
        max_heap: u64,
        limits: Limits,
        max_order: usize,
        progress: &mut dyn FnMut(&ProgressReading),
    ) -> Result<Quotient, QuotientError> {
        Self::build(
            game,
            max_heap,
            false,
            Bounds::of(limits, max_order),
            progress,
        )
    }

    /// As [`compute`](Quotient::compute), but stops at the first bound
    /// whose quotient has a period proved for every heap size
    /// ([`period`](Quotient::period)): that quotient answers sums of heaps
    /// of any size. Without one, the quotient of heaps up to `max_heap`.
    ///
    /// # Errors
    /// As [`compute`](Quotient::compute).
    pub fn compute_until_stable(
        game: &HeapGame,
        max_heap: u64,
        limits: Limits,
        max_order: usize,
        progress: &mut dyn FnMut(&ProgressReading),
    ) -> Result<Quotient, QuotientError> {
        Self::build(
            game,
            max_heap,
            true,
            Bounds::of(limits, max_order),
            progress,
        )
    }

    fn build(
        game: &HeapGame,
        max_heap: u64,
        until_stable: bool,
        limits: Bounds,
        progress: &mut dyn FnMut(&ProgressReading),
    ) -> Result<Quotient, QuotientError> {
        let mut types = Types::new(game, limits.deadline);
        let mut t: Vec<u32> = Vec::new();
        let mut done = None;
        for n in 0..=max_heap {
            types.extend(game, n);
            t.resize(types.options.len(), 0);
            let mut q = Self::at(&types, &mut t, n, limits)?;
            progress(&ProgressReading {
                done: n + 1,
                total: max_heap + 1,
                largest: q.order() as u64,
                at: n,
                ..ProgressReading::default()
            });
            if until_stable || n == max_heap {
                q.period = prove_period(game, &q);
            }
            let stable = q.period.is_some();
            done = Some(q);
            if until_stable && stable {
                break;
            }
        }
        Ok(done.expect("the loop runs at least once"))
    }

    fn at(types: &Types, t: &mut [u32], n: u64, limits: Bounds) -> Result<Quotient, QuotientError> {
        let (m, table) = loop {
            let m = Folded::new(types, t.to_vec(), n, limits.max_states)?;
            let table = m.table(limits.deadline, n)?;
            match m.failure(&table, limits.deadline, n)? {
                None => break (m, table),
                Some(top) => {
                    for j in top {
                        t[j] += 1;
                    }
                }
            }
        };
        let (class, order) = m.reduce(&table, limits.deadline, n)?;
        if order > limits.max_order {
            return Err(QuotientError::TooLargeOrder {
                heap: n,
                order,
                limit: limits.max_order,
            });
        }
        // The quotient of {0} alone is the trivial monoid; any other has
        // even order (Plambeck–Siegel).
        assert!(
            m.t.is_empty() || order % 2 == 0,
            "internal error: the misère quotient of heaps up to {n} came out of odd order {order}; every misère quotient has even order, so this is a bug"
        );
        Ok(Self::present(types, &m, &table, &class, order, n))
    }

    /// The quotient's structure from `M`'s classes: renumbered so that the
    /// identity is 0, with generators, normal forms and relations.
    fn present(
        types: &Types,
        m: &Folded<'_>,
        table: &[bool],
        class: &[u32],
        order: usize,
        n: u64,
    ) -> Quotient {
        let k = m.t.len();
        // One representative per class, and the class of each successor.
        let mut rep = vec![usize::MAX; order];
        for (idx, &c) in class.iter().enumerate() {
            if rep[c as usize] == usize::MAX {
                rep[c as usize] = idx;
            }
        }
        let step = |idx: usize, j: usize| -> usize {
            let c = (idx / m.stride[j]) % (m.t[j] as usize + 2);
            let f = m.fold(j, c as u32 + 1) as usize;
            idx + f * m.stride[j] - c * m.stride[j]
        };
        let act0: Vec<Vec<u32>> = (0..order)
            .map(|c| (0..k).map(|j| class[step(rep[c], j)]).collect())
            .collect();
        let p0: Vec<bool> = (0..order).map(|c| table[rep[c]]).collect();
        let id0 = class[0] as usize;
        let heap_type = types.heap_type[..=n as usize].to_vec();

        // Generators: heaps, in order, whose element the earlier ones do
        // not reach. Normal forms: the first word found, degree by degree.
        let mut gens: Vec<(u64, usize)> = Vec::new();
        let mut reached = vec![false; order];
        reached[id0] = true;
        let mut word: Vec<Option<Vec<u32>>> = vec![None; order];
        for (h, &ty) in heap_type.iter().enumerate() {
            if ty == 0 || reached[act0[id0][ty - 1] as usize] {
                continue;
            }
            gens.push((h as u64, ty - 1));
            // The closure of the generators so far.
            let mut frontier: Vec<usize> = (0..order).filter(|&c| reached[c]).collect();
            while let Some(c) = frontier.pop() {
                for &(_, j) in &gens {
                    let d = act0[c][j] as usize;
                    if !reached[d] {
                        reached[d] = true;
                        frontier.push(d);
                    }
                }
            }
        }
        let g = gens.len();
        word[id0] = Some(vec![0; g]);
        let mut level = vec![id0];
        while !level.is_empty() {
            let mut next: Vec<(Vec<u32>, usize)> = Vec::new();
            for &c in &level {
                let w = word[c].clone().expect("a word for each element reached");
                for (gi, &(_, j)) in gens.iter().enumerate() {
                    let d = act0[c][j] as usize;
                    if word[d].is_none() {
                        let mut u = w.clone();
                        u[gi] += 1;
                        next.push((u, d));
                    }
                }
            }
            next.sort_by(|a, b| a.0.iter().rev().cmp(b.0.iter().rev()));
            level.clear();
            for (u, d) in next {
                if word[d].is_none() {
                    word[d] = Some(u);
                    level.push(d);
                }
            }
        }
        // Renumber: elements in the order of their words.
        let mut order_by: Vec<usize> = (0..order).collect();
        let key = |c: &usize| {
            let w = word[*c].as_ref().expect("every element has a word");
            (
                w.iter().sum::<u32>(),
                w.iter().rev().cloned().collect::<Vec<_>>(),
            )
        };
        order_by.sort_by_key(key);
        let mut new_id = vec![0u32; order];
        for (i, &c) in order_by.iter().enumerate() {
            new_id[c] = i as u32;
        }
        let act: Vec<Vec<u32>> = order_by
            .iter()
            .map(|&c| act0[c].iter().map(|&d| new_id[d as usize]).collect())
            .collect();
        let p: Vec<bool> = order_by.iter().map(|&c| p0[c]).collect();
        let words: Vec<Vec<u32>> = order_by
            .iter()
            .map(|&c| word[c].clone().expect("every element has a word"))
            .collect();
        let nf: HashMap<&[u32], usize> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.as_slice(), i))
            .collect();
        // Relations: the minimal words that are not normal forms (every
        // word one letter shorter is one), each set equal to its normal
        // form. Together they rewrite any word to its normal form.
        let mut relations = Vec::new();
        for (x, w) in words.iter().enumerate() {
            for (gi, &(_, j)) in gens.iter().enumerate() {
                let mut u = w.clone();
                u[gi] += 1;
                if nf.contains_key(u.as_slice()) {
                    continue;
                }
                let minimal = (0..g).filter(|&l| u[l] > 0).all(|l| {
                    let mut v = u.clone();
                    v[l] -= 1;
                    nf.contains_key(v.as_slice())
                });
                let rhs = words[act[x][j] as usize].clone();
                if minimal && !relations.iter().any(|(l, _)| *l == u) {
                    relations.push((u, rhs));
                }
            }
        }
        relations.sort_by_key(|(l, _)| {
            (
                l.iter().sum::<u32>(),
                l.iter().rev().cloned().collect::<Vec<_>>(),
            )
        });
        let generators = gens
            .iter()
            .enumerate()
            .map(|(i, &(heap, _))| Generator {
                name: letter(i),
                heap,
            })
            .collect();
        Quotient {
            max_heap: n,
            heap_type,
            act,
            p,
            generators,
            words,
            relations,
            period: None,
        }
    }

    /// The heap bound.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The generators, with the heaps they come from.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// Whether element `x` (an index below [`order`](Quotient::order)) is
    /// in the P-portion.
    pub fn is_p(&self, x: usize) -> bool {
        self.p[x]
    }

    /// The period of the pretending function proved for every heap size,
    /// if there is one: then the quotient answers sums of heaps of any
    /// size, not only those up to [`max_heap`](Quotient::max_heap).
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The heap up to the bound that `n` pretends to be: `n` itself within
    /// the bound, else `n` less a multiple of the period, if one is proved.
    fn within(&self, n: u64) -> Option<usize> {
        let m = if n <= self.max_heap {
            n
        } else {
            let per = self.period?;
            n - (n - self.max_heap).div_ceil(per.p) * per.p
        };
        usize::try_from(m).ok()
    }

    /// The element of a heap of `n`, if `n` is within the bound or a
    /// period is proved ([`period`](Quotient::period)).
    pub fn heap_element(&self, n: u64) -> Option<usize> {
        let t = self.heap_type[self.within(n)?];
        Some(if t == 0 {
            0
        } else {
            self.act[0][t - 1] as usize
        })
    }

    /// The element of the sum of heaps `heaps`, if every heap is within the
    /// bound or a period is proved.
    pub fn element(&self, heaps: &[u64]) -> Option<usize> {
        let mut x = 0usize;
        for &h in heaps {
            let t = self.heap_type[self.within(h)?];
            if t > 0 {
                x = self.act[x][t - 1] as usize;
            }
        }
        Some(x)
    }

    /// The misère outcome of the sum of heaps `heaps`, if every heap is
    /// within the bound or a period is proved.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let x = self.element(heaps)?;
        Some(if self.p[x] {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    /// Element `x`'s normal form, e.g. `ab^2` (`1` for the identity).
    pub fn word(&self, x: usize) -> String {
        self.word_of(&self.words[x])
    }

    fn word_of(&self, w: &[u32]) -> String {
        let mut s = String::new();
        for (g, &e) in self.generators.iter().zip(w) {
            match e {
                0 => {}
                1 => s.push_str(&g.name),
                e => s.push_str(&format!("{}^{e}", g.name)),
            }
        }
        if s.is_empty() {
            s.push('1');
        }
        s
    }

    /// The relations, as `word = word`.
    pub fn relation_strings(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(l, r)| format!("{} = {}", self.word_of(l), self.word_of(r)))
            .collect()
    }

    /// The P-portion, as normal forms.
    pub fn p_portion(&self) -> Vec<String> {
        (0..self.order())
            .filter(|&x| self.p[x])
            .map(|x| self.word(x))
            .collect()
    }
}

impl fmt::Display for Quotient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gens: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        write!(
            f,
            "<{} | {}>",
            gens.join(", "),
            self.relation_strings().join(", ")
        )
    }
}

/// The heap bound `N` a period `(n0, p)` must be checked to, for a code
/// whose moves take at most `k` tokens and leave at most `r` heaps:
/// `r·(max(n0, 1) + p − 1) + k` (see [`prove_period`]).
pub fn period_bound(n0: u64, p: u64, k: u64, r: u64) -> u64 {
    r.max(1)
        .saturating_mul((n0.max(1) + p).saturating_sub(1))
        .saturating_add(k)
}

/// A period of `q`'s pretending function that holds for every heap size,
/// if its hypotheses can be checked within `q`'s bound `N`: the smallest
/// period `p`, then the smallest preperiod `n0`, such that
///
/// 1. `N ≥ n0 + p`, and `N ≥ r·(max(n0, 1) + p − 1) + k`
///    ([`period_bound`]), where `k` is the index of the code's last
///    non-zero digit and `r` the most heaps a move leaves (1, 2 or 3);
/// 2. in `Q_N`, heap `m + p` has the element of heap `m` for every
///    `n0 ≤ m ≤ N − p`.
///
/// Nim (no bound on a move), Grundy's game (its "unequal" rule breaks the
/// pairing below) and codes with no move are never given a period.
///
/// # Why it holds for every heap
/// The Guy–Smith argument carried to the quotient. Let `Ψ` be `Q_N`'s
/// pretending function on heaps up to `N` and `Ψ(n) = Ψ(n − p)` beyond,
/// so that `Ψ(m + p) = Ψ(m)` for all `m ≥ n0`. Claim: every sum `G` of
/// heaps of any size is a misère P-position exactly when `Ψ(G)` is in
/// the P-portion. By induction on `G`'s tokens: for sums of heaps up to
/// `N` this is what `Q_N` is. Else `G = H_n + X` with `n > N`; let
/// `G* = H_{n−p} + X`, smaller, with `Ψ(G*) = Ψ(G)`. The options `H_n +
/// X'` and `H_{n−p} + X'` have equal elements. A move in `H_n` taking `j
/// ≤ k` tokens leaves `n − j ≥ N + 1 − k` tokens in at most `r` heaps; the
/// largest is at least `⌈(N + 1 − k)/r⌉ ≥ max(n0, 1) + p` by (1), so
/// taking `p` from it gives a move of `H_{n−p}` (same `j`, all heaps still
/// non-empty) with the same element, since that heap is `≥ n0 + p`.
/// Conversely the largest heap a move of `H_{n−p}` leaves is `≥ n0`
/// (implied by (1)), and adding `p` to it gives a move of `H_n` with the
/// same element. Neither `n` nor `n − p ≥ N + 1 − p > k` can be taken
/// whole. So `G` and `G*` have the same set of option elements; by
/// induction each option's outcome is read off its element, so `G` and
/// `G*` have the same outcome, which is `Ψ(G*) = Ψ(G)`'s. Hence `Q_N` is
/// the quotient of all sums of heaps, with pretending function `Ψ`.
///
/// This is a check proved here, not a transcription of Plambeck and
/// Siegel's periodicity theorem (JCTA 2008), whose exact bound we could
/// not consult; theirs may need fewer heaps.
pub fn prove_period(game: &HeapGame, q: &Quotient) -> Option<Period> {
    let elem: Vec<usize> = (0..=q.max_heap)
        .map(|h| q.heap_element(h).expect("every heap up to the bound"))
        .collect();
    period_of_elements(game, &elem)
}

/// The period [`prove_period`] finds, from the element of each heap
/// `0..=N` in a monoid whose P-portion is proved to give the outcome of
/// every sum of heaps up to `N` (the argument needs no more of it).
pub(crate) fn period_of_elements(game: &HeapGame, elem: &[usize]) -> Option<Period> {
    let HeapGame::Code(code) = game else {
        return None;
    };
    if code.unequal() {
        return None;
    }
    let k = code.digits().iter().rposition(|&d| d != 0)? as u64;
    let r = code.max_parts() as u64;
    let n = elem.len().checked_sub(1)? as u64;
    for p in 1..=n {
        for n0 in 0..=n - p {
            if period_bound(n0, p, k, r) > n {
                break;
            }
            let repeats = (n0..=n - p).all(|m| elem[(m + p) as usize] == elem[m as usize]);
            if repeats {
                return Some(Period { n0, p });
            }
        }
    }
    None
}

/// `n` copies of `v`, or [`QuotientError::OutOfMemory`] when the memory
/// is not there (checked, not aborted on).
fn alloc<T: Clone>(n: usize, v: T, heap: u64) -> Result<Vec<T>, QuotientError> {
    let mut x = Vec::new();
    x.try_reserve_exact(n)
        .map_err(|_| QuotientError::OutOfMemory {
            heap,
            states: n as u128,
        })?;
    x.resize(n, v);
    Ok(x)
}

fn letter(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_compute() {
        use crate::misere::heaps::HeapGame;
        use crate::misere::quotient::{Quotient, DEFAULT_MAX_ORDER, DEFAULT_MAX_STATES};
        use crate::solve::Limits;

        let q = Quotient::compute(
            &HeapGame::Nim,
            3,
            Limits::new(DEFAULT_MAX_STATES),
            DEFAULT_MAX_ORDER,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(q.order(), 6);
        assert_eq!(q.relation_strings(), ["a^2 = 1", "b^3 = b"]);
    }

    use super::*;

    fn q(game: &str, n: u64) -> Quotient {
        let g = if game == "nim" {
            HeapGame::Nim
        } else {
            HeapGame::Code(game.parse().unwrap())
        };
        Quotient::compute(
            &g,
            n,
            Limits::new(DEFAULT_MAX_STATES),
            DEFAULT_MAX_ORDER,
            &mut |_| {},
        )
        .unwrap()
    }

    #[test]
    fn misere_nim_quotients_t2_and_t6() {
        // Plambeck–Siegel: T2 = <a | a^2 = 1>, P = {a}; heaps up to 2 or
        // 3 give T6 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}.
        let t2 = q("nim", 1);
        assert_eq!(t2.order(), 2);
        assert_eq!(t2.p_portion(), ["a"]);
        for n in [2, 3] {
            let t6 = q("nim", n);
            assert_eq!(t6.order(), 6);
            assert_eq!(t6.relation_strings(), ["a^2 = 1", "b^3 = b"]);
            assert_eq!(t6.p_portion(), ["a", "b^2"]);
        }
        assert_eq!(q("nim", 3).heap_element(3), q("nim", 3).element(&[1, 2]));
    }

    #[test]
    fn heaps_without_moves_are_the_identity() {
        // Dawson's Kayles (0.07): a heap of 1 has no move.
        let d = q("0.07", 1);
        assert_eq!(d.order(), 1);
        assert_eq!(d.heap_element(1), Some(0));
    }
}
