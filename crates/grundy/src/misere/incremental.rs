//! Misère quotients heap by heap: the quotient of sums of heaps up to `n`
//! found from the one up to `n − 1`, each proved before it is used, so that
//! games whose quotient settles only at large heaps (misère Kayles: order
//! 48, period 12) are in reach, where the unreduced monoid of
//! [`quotient`](super::quotient) grows as the product over all heap types.
//!
//! # The step
//! Let `Q` be the quotient of `A_{n−1}` (all sums of heaps below `n`),
//! with its P-portion and the element of each heap. For `t = 0, 1, …` the
//! *trial* monoid is `M = Q × ⟨x | x^(t+2) = x^t⟩`, heap `n` being `x`:
//!
//! 1. Every element of `M` a sum of heaps reaches is given the outcome of
//!    the sum with the fewest tokens that reaches it, found from that sum's
//!    options in token order (each option has fewer tokens, so its element
//!    already has one).
//! 2. `M` is reduced by indistinguishability (Moore's refinement, the
//!    letters being the heaps' elements): the classes are the candidate.
//! 3. The candidate is *proved*, or the next `t` is tried (see below).
//!
//! # The proof
//! For a sum `G` let `x(G)` be its element and `O(G)` the set of the
//! elements of its options. Adding a heap `h` gives `x(G + h) = x(G)·a_h`
//! and `O(G + h) = O(G)·a_h ∪ x(G)·T_h`, where `a_h` is `h`'s element and
//! `T_h` the set of the elements of `h`'s options: the pair `(x, O)` of a
//! sum follows from the pair of a smaller sum and the added heap alone.
//! Walking every pair that sums reach (finitely many: `x` is in the finite
//! candidate, `O` a subset of it), the candidate is proved when each pair
//! but the empty sum's has `x` in the P-portion exactly when no element of
//! `O` is, and the empty sum's `x` is not: by induction on sums, every sum
//! `G` is then a misère P-position exactly when `x(G)` is in the P-portion
//! (its options are, by induction, P exactly at the elements of `O(G)` in
//! the P-portion). The candidate's classes are moreover told apart by some
//! sum (step 2), so it is the quotient itself.
//!
//! A period of the heaps' elements, found by
//! [`prove_period`](super::quotient::prove_period)'s test and argument,
//! carries the quotient to heaps of every size.
//!
//! # Complexity
//! Each step walks the trial monoid (`|Q|·(t + 2)` elements, one push per
//! element and heap kind) and the reachable pairs `(x, O)` times the heap
//! kinds; the work allowed, the [`max_moves`](Limits::max_moves) of the
//! engines' one budget type [`Limits`], bounds their sum over all steps,
//! so the answer never depends on the machine's speed.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use thiserror::Error;

mod text;

pub use text::{is_shipped, shipped};

use super::heaps::HeapGame;
use super::quotient::{period_of_elements, Period};
use crate::game::Outcome;
use crate::solve::Limits;

/// The default bound on a heap-by-heap quotient's order.
pub const DEFAULT_MAX_ORDER: usize = 1024;

/// The largest `t` tried for a new heap's exponents.
pub const MAX_T: u32 = 6;

/// Limits allowing `work` steps of work: elements pushed and pairs visited
/// count as the moves a search looks at.
pub fn limits(work: usize) -> Limits {
    Limits::new(work).with_moves_per_position(1)
}

/// What a computation may spend, read from its [`Limits`].
#[derive(Clone, Copy, Debug)]
struct Bounds {
    max_work: u64,
    max_order: usize,
}

/// Why a heap-by-heap quotient was not found.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum IncrementalError {
    /// The work passed the limit ([`Limits::max_moves`]).
    #[error("the misère quotient needed more than {limit} steps of work by heap {heap}")]
    TooMuchWork {
        /// The heap being added.
        heap: u64,
        /// The limit.
        limit: u64,
    },
    /// A candidate's order passed the largest accepted.
    #[error("the misère quotient of heaps up to {heap} has order {order}, more than the limit of {limit}")]
    TooLargeOrder {
        /// The heap being added.
        heap: u64,
        /// The order found.
        order: usize,
        /// The limit.
        limit: usize,
    },
    /// No trial up to [`MAX_T`] was proved.
    #[error("no extension of the misère quotient to heap {heap} was proved (tried exponents up to {max_t})")]
    NoExtension {
        /// The heap being added.
        heap: u64,
        /// The largest `t` tried.
        max_t: u32,
    },
}

/// A commutative monoid with a P-portion; element 0 is the identity.
#[derive(Clone, Debug)]
struct Monoid {
    order: usize,
    mul: Vec<u32>,
    p: Vec<bool>,
}

impl Monoid {
    fn mul(&self, a: usize, b: usize) -> usize {
        self.mul[a * self.order + b] as usize
    }
}

/// A heap kind: its element and the elements of its options, with the
/// fewest tokens of a heap of that kind.
struct Kind {
    a: usize,
    t: Vec<usize>,
    tokens: u64,
}

/// The distinct kinds of heaps `1..=n` in a monoid where heap `h` is
/// `a[h]`; heaps without a move are left out (they are the identity).
fn kinds(a: &[usize], opts: &[Vec<Vec<u64>>], mul: impl Fn(usize, usize) -> usize) -> Vec<Kind> {
    let mut seen: HashMap<(usize, Vec<usize>), usize> = HashMap::new();
    let mut out: Vec<Kind> = Vec::new();
    for (h, o) in opts.iter().enumerate().skip(1) {
        if o.is_empty() {
            continue;
        }
        let mut t: Vec<usize> = o
            .iter()
            .map(|parts| parts.iter().fold(0, |x, &p| mul(x, a[p as usize])))
            .collect();
        t.sort_unstable();
        t.dedup();
        seen.entry((a[h], t.clone())).or_insert_with(|| {
            out.push(Kind {
                a: a[h],
                t,
                tokens: h as u64,
            });
            out.len() - 1
        });
    }
    out
}

/// The element of an earlier heap whose options have the same elements
/// in `q` as those of the last heap of `opts`, if there is one.
fn same_kind(q: &Monoid, elem: &[u32], opts: &[Vec<Vec<u64>>]) -> Option<usize> {
    let t_of = |h: usize| {
        let mut t: Vec<usize> = opts[h]
            .iter()
            .map(|parts| {
                parts
                    .iter()
                    .fold(0, |x, &p| q.mul(x, elem[p as usize] as usize))
            })
            .collect();
        t.sort_unstable();
        t.dedup();
        t
    };
    let n = opts.len() - 1;
    let t = t_of(n);
    (1..n)
        .rev()
        .find(|&h| !opts[h].is_empty() && t_of(h) == t)
        .map(|h| elem[h] as usize)
}

/// A set of elements, as bits.
type Bits = Vec<u64>;

/// The words of a set of `size` elements, at least one: the unit of work
/// of a step that builds or reads one.
fn words(size: usize) -> u64 {
    size.div_ceil(64).max(1) as u64
}

fn bits(size: usize) -> Bits {
    vec![0; size.div_ceil(64)]
}

fn set(b: &mut Bits, i: usize) {
    b[i / 64] |= 1 << (i % 64);
}

fn members(b: &Bits) -> impl Iterator<Item = usize> + '_ {
    b.iter().enumerate().flat_map(|(w, &word)| {
        (0..64)
            .filter(move |i| word >> i & 1 == 1)
            .map(move |i| w * 64 + i)
    })
}

/// The pair of `G + k` from the pair `(x, o)` of `G`.
fn add(x: usize, o: &Bits, k: &Kind, size: usize, mul: &impl Fn(usize, usize) -> usize) -> Bits {
    let mut next = bits(size);
    for e in members(o) {
        set(&mut next, mul(e, k.a));
    }
    for &y in &k.t {
        set(&mut next, mul(x, y));
    }
    next
}

/// Work counted against the limit.
struct Work {
    done: u64,
    limit: u64,
    heap: u64,
}

impl Work {
    fn add(&mut self, n: u64) -> Result<(), IncrementalError> {
        self.done += n;
        match self.done > self.limit {
            true => Err(IncrementalError::TooMuchWork {
                heap: self.heap,
                limit: self.limit,
            }),
            false => Ok(()),
        }
    }
}

/// Step 1: the outcome of each element of the trial monoid `0..size`
/// reached by a sum, from its fewest-token sum; `None` where unreached.
fn mark(
    size: usize,
    kinds: &[Kind],
    mul: &impl Fn(usize, usize) -> usize,
    work: &mut Work,
) -> Result<Vec<Option<bool>>, IncrementalError> {
    let mut p: Vec<Option<bool>> = vec![None; size];
    let mut store: Vec<(usize, Bits)> = vec![(0, bits(size))];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0usize)));
    while let Some(Reverse((d, i))) = queue.pop() {
        let (x, o) = std::mem::take(&mut store[i]);
        if p[x].is_some() {
            continue;
        }
        // Every option has fewer tokens, so its element is marked.
        let to_p = members(&o).any(|e| p[e] == Some(true));
        p[x] = Some(i != 0 && !to_p);
        // Each kind builds a set of `size` bits: its words are the work.
        work.add(kinds.len() as u64 * words(size))?;
        for k in kinds {
            let y = mul(x, k.a);
            if p[y].is_none() {
                store.push((y, add(x, &o, k, size, mul)));
                queue.push(Reverse((d + k.tokens, store.len() - 1)));
            }
        }
    }
    Ok(p)
}

/// Step 2: Moore's refinement of the reached elements; the classes, with
/// the identity's class 0, and their number.
fn reduce(
    p: &[Option<bool>],
    letters: &[usize],
    mul: &impl Fn(usize, usize) -> usize,
    work: &mut Work,
) -> Result<(Vec<u32>, usize), IncrementalError> {
    let reached = p.iter().filter(|b| b.is_some()).count() as u64;
    let mut class: Vec<u32> = p.iter().map(|&b| u32::from(b == Some(true))).collect();
    let mut count = 0;
    loop {
        // One signature of the letters' classes per reached element.
        work.add(reached * (letters.len() as u64 + 1))?;
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        // The identity's signature first, so that its class is 0.
        let order = std::iter::once(0).chain(1..p.len());
        let mut next = vec![u32::MAX; p.len()];
        for e in order.filter(|&e| p[e].is_some()) {
            let mut sig = vec![class[e]];
            sig.extend(letters.iter().map(|&l| class[mul(e, l)]));
            let n = ids.len() as u32;
            next[e] = *ids.entry(sig).or_insert(n);
        }
        class = next;
        if ids.len() == count {
            return Ok((class, count));
        }
        count = ids.len();
    }
}

/// Step 3: whether every pair `(x, O)` that sums reach in `q` (heap kinds
/// `kinds`) agrees with `q`'s P-portion.
fn proved(q: &Monoid, kinds: &[Kind], work: &mut Work) -> Result<bool, IncrementalError> {
    if q.p[0] {
        return Ok(false);
    }
    let mul = |a: usize, b: usize| q.mul(a, b);
    let start = (0usize, bits(q.order));
    let mut seen: HashSet<(usize, Bits)> = HashSet::new();
    seen.insert(start.clone());
    let mut stack = vec![start];
    let mut p_bits = bits(q.order);
    for x in (0..q.order).filter(|&x| q.p[x]) {
        set(&mut p_bits, x);
    }
    while let Some((x, o)) = stack.pop() {
        work.add(kinds.len() as u64 * words(q.order))?;
        for k in kinds {
            let y = mul(x, k.a);
            let next = add(x, &o, k, q.order, &mul);
            let to_p = next.iter().zip(&p_bits).any(|(a, b)| a & b != 0);
            if q.p[y] == to_p {
                return Ok(false);
            }
            let pair = (y, next);
            if !seen.contains(&pair) {
                seen.insert(pair.clone());
                stack.push(pair);
            }
        }
    }
    Ok(true)
}

/// The most heaps made free again when the quotient of the heaps below
/// does not extend (see `step`).
const MAX_BACK: usize = 8;

/// The most elements of a trial monoid.
const MAX_TRIAL: usize = 1 << 16;

/// A trial monoid: the quotient `q` of heaps up to `m` times `free`
/// cyclic monoids `⟨x | x^(t+2) = x^t⟩`, one for each heap `m+1..=m+free`.
/// An element is `q`'s element times `w^free`, plus one digit base
/// `w = t + 2` per free heap.
struct Base<'a> {
    q: &'a Monoid,
    elem: &'a [u32],
    t: u32,
    free: usize,
}

impl Base<'_> {
    fn width(&self) -> usize {
        (self.t as usize + 2).pow(self.free as u32)
    }

    fn size(&self) -> usize {
        self.q.order * self.width()
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        let (wd, w) = (self.t as usize + 2, self.width());
        let t = self.t as usize;
        let (mut da, mut db, mut out, mut place) = (a % w, b % w, 0, 1);
        for _ in 0..self.free {
            let c = da % wd + db % wd;
            let c = if c < wd { c } else { t + (c - t) % 2 };
            out += c * place;
            place *= wd;
            da /= wd;
            db /= wd;
        }
        self.q.mul(a / w, b / w) * w + out
    }

    /// Heap `h`'s element: `q`'s for a heap of `q`, else its free digit.
    fn letter(&self, h: usize) -> usize {
        let m = self.elem.len() - 1;
        match h.checked_sub(m + 1) {
            None => self.elem[h] as usize * self.width(),
            Some(i) => (self.t as usize + 2).pow(i as u32),
        }
    }
}

/// The misère quotient of all sums of heaps up to a bound, found heap by
/// heap and proved (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct IncrementalQuotient {
    q: Monoid,
    /// Each heap's element, heaps `0..=max_heap`.
    elem: Vec<u32>,
    period: Option<Period>,
}

impl IncrementalQuotient {
    /// The quotient of sums of heaps of `game` up to `max_heap`, or of the
    /// first smaller bound at which a period is proved for every heap
    /// size (it then answers sums of heaps of any size).
    ///
    /// # Errors
    /// [`IncrementalError`] past `limits` (the work, its
    /// [`max_moves`](Limits::max_moves)) or `max_order`, or where no trial
    /// is proved.
    pub fn until_stable(
        game: &HeapGame,
        max_heap: u64,
        limits: Limits,
        max_order: usize,
    ) -> Result<IncrementalQuotient, IncrementalError> {
        let limits = Bounds {
            max_work: limits.max_moves() as u64,
            max_order,
        };
        let mut q = Monoid {
            order: 1,
            mul: vec![0],
            p: vec![false],
        };
        let mut elem: Vec<u32> = vec![0];
        let mut opts: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
        let mut work = Work {
            done: 0,
            limit: limits.max_work,
            heap: 0,
        };
        let mut period = None;
        let mut history = vec![(q.clone(), elem.clone())];
        for n in 1..=max_heap {
            work.heap = n;
            opts.push(game.options(n));
            if opts[n as usize].is_empty() {
                elem.push(0);
            } else if let Some(a) = same_kind(&q, &elem, &opts) {
                // Heap n has the options' elements of an earlier heap: with
                // its element it adds no kind, so the proof and the
                // quotient stand as they are.
                elem.push(a as u32);
            } else {
                (q, elem) = Self::step(&history, &opts, limits, &mut work)?;
            }
            history.push((q.clone(), elem.clone()));
            let as_usize: Vec<usize> = elem.iter().map(|&e| e as usize).collect();
            period = period_of_elements(game, &as_usize);
            if period.is_some() {
                break;
            }
        }
        Ok(IncrementalQuotient { q, elem, period })
    }

    /// Adds the last heap `n` of `opts`: the first trial proved, over the
    /// quotient at heap `n − 1`, else at `n − 2` with heaps `n − 1` and `n`
    /// free, and so on back (the quotient of fewer heaps tells more sums
    /// apart: the one at `n − 1` may have merged sums that heap `n` tells
    /// apart, Kayles' at heap 9 among them).
    fn step(
        history: &[(Monoid, Vec<u32>)],
        opts: &[Vec<Vec<u64>>],
        limits: Bounds,
        work: &mut Work,
    ) -> Result<(Monoid, Vec<u32>), IncrementalError> {
        let n = opts.len() - 1;
        // Every (heaps made free, exponent) within MAX_TRIAL, smallest
        // trial monoid first: a failed large trial costs more than all
        // the small ones.
        let mut trials: Vec<(usize, usize, u32)> = Vec::new();
        for back in 1..=n.min(MAX_BACK) {
            for t in 0..=MAX_T {
                let size = (t as usize + 2)
                    .checked_pow(back as u32)
                    .and_then(|f| f.checked_mul(history[n - back].0.order));
                match size {
                    Some(size) if size <= MAX_TRIAL => trials.push((size, back, t)),
                    _ => break,
                }
            }
        }
        trials.sort_unstable();
        for (_, back, t) in trials {
            let (q, elem) = &history[n - back];
            let base = Base {
                q,
                elem,
                t,
                free: back,
            };
            if let Some(found) = Self::trial(&base, opts, limits, work)? {
                return Ok(found);
            }
        }
        Err(IncrementalError::NoExtension {
            heap: work.heap,
            max_t: MAX_T,
        })
    }

    fn trial(
        base: &Base<'_>,
        opts: &[Vec<Vec<u64>>],
        limits: Bounds,
        work: &mut Work,
    ) -> Result<Option<(Monoid, Vec<u32>)>, IncrementalError> {
        let mul = |a: usize, b: usize| base.mul(a, b);
        // A heap without a move is the identity, free or not.
        let a: Vec<usize> = (0..opts.len())
            .map(|h| match opts[h].is_empty() {
                true => 0,
                false => base.letter(h),
            })
            .collect();
        let trial_kinds = kinds(&a, opts, mul);
        let p = mark(base.size(), &trial_kinds, &mul, work)?;
        let mut letters: Vec<usize> = trial_kinds.iter().map(|k| k.a).collect();
        letters.sort_unstable();
        letters.dedup();
        let (class, order) = reduce(&p, &letters, &mul, work)?;
        if order > limits.max_order {
            return Err(IncrementalError::TooLargeOrder {
                heap: work.heap,
                order,
                limit: limits.max_order,
            });
        }
        let mut rep = vec![usize::MAX; order];
        for (e, &c) in class.iter().enumerate() {
            if c != u32::MAX && rep[c as usize] == usize::MAX {
                rep[c as usize] = e;
            }
        }
        let mut table = Vec::with_capacity(order * order);
        for &x in &rep {
            table.extend(rep.iter().map(|&y| class[mul(x, y)]));
        }
        let candidate = Monoid {
            order,
            mul: table,
            p: rep.iter().map(|&e| p[e] == Some(true)).collect(),
        };
        let new_elem: Vec<u32> = a.iter().map(|&e| class[e]).collect();
        let as_usize: Vec<usize> = new_elem.iter().map(|&e| e as usize).collect();
        let proof_kinds = kinds(&as_usize, opts, |x, y| candidate.mul(x, y));
        Ok(proved(&candidate, &proof_kinds, work)?.then_some((candidate, new_elem)))
    }

    /// The largest heap computed.
    pub fn max_heap(&self) -> u64 {
        self.elem.len() as u64 - 1
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.q.order
    }

    /// The size of the P-portion.
    pub fn p_portion_size(&self) -> usize {
        self.q.p.iter().filter(|&&p| p).count()
    }

    /// The period proved for every heap size, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The element of a heap of `n`, if `n` is within the bound or a
    /// period is proved.
    pub fn heap_element(&self, n: u64) -> Option<usize> {
        let max = self.max_heap();
        let m = match (n <= max, self.period) {
            (true, _) => n,
            (false, Some(per)) => n - (n - max).div_ceil(per.p) * per.p,
            (false, None) => return None,
        };
        Some(self.elem[m as usize] as usize)
    }

    /// The element of the sum of heaps `heaps`, if every heap has one.
    pub fn element(&self, heaps: &[u64]) -> Option<usize> {
        heaps
            .iter()
            .try_fold(0, |x, &h| Some(self.q.mul(x, self.heap_element(h)?)))
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: usize) -> bool {
        self.q.p[x]
    }

    /// The misère outcome of the sum of heaps `heaps`, if every heap has
    /// an element.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        Some(match self.is_p(self.element(heaps)?) {
            true => Outcome::Previous,
            false => Outcome::Next,
        })
    }
}

#[cfg(test)]
mod tests;
