//! The formula guesser: enumerates expressions by size over the formula
//! grammar and returns the smallest that give the wanted values.
//!
//! # Algorithm
//! Bottom-up enumeration with observational equivalence: every expression is
//! evaluated as a whole vector over the sample cells, and an expression whose
//! vector was already produced by one no larger is dropped, so each size level
//! keeps one representative per distinct function on the samples. Levels are
//! stored while they fit in [`GuessOptions::max_stored_values`]; the level after
//! the last stored one, and the one after that, are then only *checked*: each
//! candidate is compared with the target cell by cell and dropped at the
//! first mismatch, in parallel (rayon), without being stored. Every expression
//! that matches the samples is handed to the caller's `accept` (in practice
//! a check on a larger table) before it is reported.
//!
//! Vectors are deduplicated by a 64-bit hash; a collision could hide one
//! function (odds about 10⁻⁶ at ten million vectors) but never yields a wrong
//! answer, since answers are checked.
//!
//! # Complexity
//! Level `s` costs about `Σ N_p · N_q · 13` vector operations over the pairs of
//! sizes with `p + q = s − 1`, where `N_p` is the number of distinct functions
//! of size `p`; memory is `stride · Σ N_p` words.

use std::hash::Hasher;
use std::ops::Range;

use rayon::prelude::*;
use serde::Serialize;

use super::expr::{BinOp, Cell, Expr, Func, Var};
use crate::hash::{FxHashSet, FxHasher};

/// What to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuessOptions {
    /// The variables leaves may use (`n`, or `i` and `j`).
    pub vars: Vec<Var>,
    /// The constants leaves may use.
    pub constants: Vec<u64>,
    /// The largest expression size (node count) tried.
    pub max_size: usize,
    /// How many vector words may be stored (8 bytes each).
    pub max_stored_values: usize,
    /// Stop after this many accepted formulas of the smallest size.
    pub max_results: usize,
}

impl GuessOptions {
    /// Defaults for the given variables: constants 1 to 4 for sequences, 1
    /// and 2 for tables (two variables already double the leaves), sizes up
    /// to 12, 256 MiB of vectors.
    pub fn new(vars: Vec<Var>) -> GuessOptions {
        let constants = if vars.len() > 1 {
            vec![1, 2]
        } else {
            vec![1, 2, 3, 4]
        };
        GuessOptions {
            vars,
            constants,
            max_size: 12,
            max_stored_values: 1 << 25,
            max_results: 5,
        }
    }
}

/// What the search found, and how far it went.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GuessReport {
    /// The smallest formulas that match the samples and were accepted.
    pub found: Vec<Expr>,
    /// Formulas that matched the samples but failed `accept`.
    pub rejected: Vec<Expr>,
    /// Every expression of this size or less was tried.
    pub complete_size: usize,
    /// Distinct functions stored (one per value vector).
    pub distinct: usize,
    /// Candidate expressions evaluated.
    pub candidates: u64,
}

/// Either kind of two-argument operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op2 {
    Bin(BinOp),
    Fn(Func),
}

impl Op2 {
    fn all() -> Vec<Op2> {
        let bins = BinOp::ALL.iter().map(|&b| Op2::Bin(b));
        bins.chain(Func::VARIADIC.iter().map(|&f| Op2::Fn(f)))
            .collect()
    }

    #[inline]
    fn apply(self, a: u64, b: u64) -> Option<u64> {
        match self {
            Op2::Bin(op) => op.apply(a, b),
            Op2::Fn(f) => Some(f.apply2(a, b)),
        }
    }

    fn commutative(self) -> bool {
        match self {
            Op2::Bin(op) => op.commutative(),
            Op2::Fn(f) => f.commutative(),
        }
    }

    fn expr(self, a: Expr, b: Expr) -> Expr {
        match self {
            Op2::Bin(op) => Expr::Bin(op, Box::new(a), Box::new(b)),
            Op2::Fn(f) => Expr::Call(f, vec![a, b]),
        }
    }
}

#[derive(Clone, Debug)]
enum Node {
    Leaf(Expr),
    Un(Func, u32),
    Two(Op2, u32, u32),
}

/// The stored levels: one vector of `stride` words per distinct function.
struct Bank {
    stride: usize,
    data: Vec<u64>,
    nodes: Vec<Node>,
    /// `levels[s]`: the ids of size `s` (index 0 unused).
    levels: Vec<Range<u32>>,
    seen: FxHashSet<u64>,
}

impl Bank {
    fn vector(&self, id: u32) -> &[u64] {
        let start = id as usize * self.stride;
        &self.data[start..start + self.stride]
    }

    fn expr(&self, id: u32) -> Expr {
        match &self.nodes[id as usize] {
            Node::Leaf(e) => e.clone(),
            Node::Un(f, a) => Expr::Call(*f, vec![self.expr(*a)]),
            Node::Two(op, a, b) => op.expr(self.expr(*a), self.expr(*b)),
        }
    }

    fn ids(&self, size: usize) -> Range<u32> {
        self.levels.get(size).cloned().unwrap_or(0..0)
    }
}

/// FxHash in four independent lanes, so that the multiplications of
/// neighbouring words overlap instead of waiting on each other: hashing
/// every candidate vector is the guesser's inner loop.
fn hash(v: &[u64]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut lanes = [1u64, 2, 3, 4];
    let mut chunks = v.chunks_exact(4);
    for c in &mut chunks {
        for (h, &w) in lanes.iter_mut().zip(c) {
            *h = (h.rotate_left(5) ^ w).wrapping_mul(K);
        }
    }
    let mut h = FxHasher::default();
    lanes
        .iter()
        .chain(chunks.remainder())
        .for_each(|&w| h.write_u64(w));
    h.finish()
}

/// Searches for the smallest formulas equal to `target` on `cells`.
///
/// `accept` is called on every formula that matches the samples (typically a
/// check on a larger table); only accepted ones are reported. The search stops
/// after the first size at which some formula is accepted.
///
/// ```
/// use grundy::api::formula::{guess_values as guess, Cell, GuessOptions, Var};
/// let cells: Vec<Cell> = (0..24).map(|n| Cell { n, ..Cell::default() }).collect();
/// let target: Vec<u64> = (0..24).map(|n| n % 4).collect();
/// let report = guess(&cells, &target, &GuessOptions::new(vec![Var::N]), |_| true);
/// assert_eq!(report.found[0].to_string(), "n % 4");
/// ```
///
/// # Complexity
/// See the module documentation: exponential in the formula size, kept in
/// hand by deduplication and by the memory bound of `options`.
pub fn guess(
    cells: &[Cell],
    target: &[u64],
    options: &GuessOptions,
    accept: impl Fn(&Expr) -> bool + Sync,
) -> GuessReport {
    let mut search = Search::new(cells, target, options, &accept);
    search.run();
    search.report
}

struct Search<'a, F> {
    bank: Bank,
    target: &'a [u64],
    target_hash: u64,
    options: &'a GuessOptions,
    accept: &'a F,
    ops: Vec<Op2>,
    report: GuessReport,
}

impl<'a, F: Fn(&Expr) -> bool + Sync> Search<'a, F> {
    fn new(cells: &[Cell], target: &'a [u64], options: &'a GuessOptions, accept: &'a F) -> Self {
        let bank = Bank {
            stride: cells.len(),
            data: Vec::new(),
            nodes: Vec::new(),
            levels: std::iter::once(0..0).collect(),
            seen: FxHashSet::default(),
        };
        let mut s = Search {
            bank,
            target,
            target_hash: hash(target),
            options,
            accept,
            ops: Op2::all(),
            report: GuessReport::default(),
        };
        s.leaves(cells);
        s
    }

    fn leaves(&mut self, cells: &[Cell]) {
        let vars = self.options.vars.iter().map(|&v| Expr::Var(v));
        let consts = self.options.constants.iter().map(|&c| Expr::Const(c));
        let mut buf = vec![0; cells.len()];
        for e in vars.chain(consts).collect::<Vec<_>>() {
            for (b, c) in buf.iter_mut().zip(cells) {
                *b = e.eval(c).unwrap_or(0);
            }
            self.offer(&buf, Node::Leaf(e), true);
        }
        self.close_level();
    }

    fn close_level(&mut self) {
        let start = self.bank.levels.last().map_or(0, |r| r.end);
        let end = self.bank.nodes.len() as u32;
        self.bank.levels.push(start..end);
        self.report.complete_size = self.bank.levels.len() - 1;
        self.report.distinct = self.bank.nodes.len();
    }

    fn done(&self) -> bool {
        !self.report.found.is_empty() || self.bank.stride == 0
    }

    /// Considers one computed vector: stores it if new (and `store`), and
    /// tests it against the target.
    fn offer(&mut self, v: &[u64], node: Node, store: bool) {
        self.report.candidates += 1;
        let h = hash(v);
        // Once memory is full, stop growing the set too.
        let new = if store {
            self.bank.seen.insert(h)
        } else {
            !self.bank.seen.contains(&h)
        };
        if !new {
            return;
        }
        if store {
            self.bank.data.extend_from_slice(v);
            self.bank.nodes.push(node.clone());
        }
        if h == self.target_hash && v == self.target {
            let e = match node {
                Node::Leaf(e) => e,
                Node::Un(f, a) => Expr::Call(f, vec![self.bank.expr(a)]),
                Node::Two(op, a, b) => op.expr(self.bank.expr(a), self.bank.expr(b)),
            };
            self.consider(e);
        }
    }

    fn consider(&mut self, e: Expr) {
        if self.report.found.len() >= self.options.max_results {
            return;
        }
        if (self.accept)(&e) {
            self.report.found.push(e);
        } else if self.report.rejected.len() < 10 {
            self.report.rejected.push(e);
        }
    }

    fn run(&mut self) {
        let mut size = 1;
        while !self.done() && size < self.options.max_size {
            size += 1;
            if !self.stored_level(size) {
                // The level was checked but not all stored: one more level
                // can still be checked from the stored ones.
                if !self.done() && size < self.options.max_size {
                    self.checked_level(size + 1);
                }
                return;
            }
            self.close_level();
        }
    }

    fn room(&self) -> bool {
        self.bank.data.len() + self.bank.stride <= self.options.max_stored_values
    }

    /// Builds level `size` from the stored levels; false if memory ran out
    /// (every candidate is still tested against the target).
    fn stored_level(&mut self, size: usize) -> bool {
        let mut buf = vec![0; self.bank.stride];
        let mut complete = true;
        for f in Func::UNARY {
            for a in self.bank.ids(size - 1) {
                for (o, &x) in buf.iter_mut().zip(self.bank.vector(a)) {
                    *o = f.apply1(x);
                }
                complete &= self.room();
                self.offer(&buf, Node::Un(f, a), complete);
            }
        }
        let blocks = blocks(&self.ops, &self.bank, size - 1);
        for (op, a, b) in pairs(&blocks) {
            let ok = fill2(op, self.bank.vector(a), self.bank.vector(b), &mut buf);
            if ok {
                complete &= self.room();
                self.offer(&buf, Node::Two(op, a, b), complete);
            }
        }
        complete
    }

    /// Checks every expression of `size` = last stored + 2 without storing:
    /// unary or binary on top of a level-(size−1) candidate built lazily.
    fn checked_level(&mut self, size: usize) {
        let (bank, ops, target) = (&self.bank, &self.ops, self.target);
        let last = size - 2;
        let mut found: Vec<Expr> = Vec::new();
        // f(g(a)) with a stored at `last`.
        for f in Func::UNARY {
            for g in Func::UNARY {
                found.extend(bank.ids(last).filter_map(|a| {
                    let v = bank.vector(a);
                    let hit = v
                        .iter()
                        .zip(target)
                        .all(|(&x, &t)| f.apply1(g.apply1(x)) == t);
                    hit.then(|| Expr::Call(f, vec![Expr::Call(g, vec![bank.expr(a)])]))
                }));
            }
        }
        // f(a op b) with |a| + |b| = last.
        let (top, flat) = (blocks(ops, bank, last), Func::UNARY);
        found.par_extend(rows(&top).into_par_iter().flat_map_iter(|(k, a)| {
            let (op, _, rb, tri) = &top[k];
            let from = if *tri { a } else { rb.start };
            (from..rb.end).flat_map(move |b| {
                let (va, vb) = (bank.vector(a), bank.vector(b));
                flat.into_iter()
                    .filter(move |f| {
                        let mut cells = va.iter().zip(vb).zip(target);
                        cells.all(|((&x, &y), &t)| op.apply(x, y).map(|z| f.apply1(z)) == Some(t))
                    })
                    .map(move |f| Expr::Call(f, vec![op.expr(bank.expr(a), bank.expr(b))]))
            })
        }));
        // a op b with |a| + |b| = size − 1, both stored.
        let top2 = blocks(ops, bank, size - 1);
        found.par_extend(rows(&top2).into_par_iter().flat_map_iter(|(k, a)| {
            let (op, _, rb, tri) = &top2[k];
            let from = if *tri { a } else { rb.start };
            (from..rb.end).filter_map(move |b| {
                let (va, vb) = (bank.vector(a), bank.vector(b));
                let mut cells = va.iter().zip(vb).zip(target);
                let hit = cells.all(|((&x, &y), &t)| op.apply(x, y) == Some(t));
                hit.then(|| op.expr(bank.expr(a), bank.expr(b)))
            })
        }));
        self.report.candidates += count(&top) * flat.len() as u64 + count(&top2);
        found.dedup();
        for e in found {
            self.consider(e);
        }
        if self.done() || self.report.found.is_empty() {
            self.report.complete_size = size;
        }
    }
}

/// The blocks of `(op, a, b)` with stored sizes summing to `total`: the
/// operation, the ids of `a`, the ids of `b`, and whether only `b >= a` is
/// needed (a commutative operation on two operands of the same size). Mirror
/// images of commutative operations on different sizes are left out.
fn blocks(ops: &[Op2], bank: &Bank, total: usize) -> Vec<Block> {
    let mut out = Vec::new();
    for p in 1..total {
        let q = total - p;
        for &op in ops {
            if op.commutative() && p > q {
                continue;
            }
            out.push((op, bank.ids(p), bank.ids(q), op.commutative() && p == q));
        }
    }
    out
}

/// Every `(op, a, b)` of [`blocks`], one by one.
fn pairs(blocks: &[Block]) -> impl Iterator<Item = (Op2, u32, u32)> + '_ {
    blocks.iter().flat_map(|(op, ra, rb, tri)| {
        ra.clone().flat_map(move |a| {
            let from = if *tri { a } else { rb.start };
            (from..rb.end).map(move |b| (*op, a, b))
        })
    })
}

type Block = (Op2, Range<u32>, Range<u32>, bool);

/// The `(block, a)` rows of some blocks, the unit of parallel work.
fn rows(blocks: &[Block]) -> Vec<(usize, u32)> {
    let rows = blocks.iter().enumerate();
    rows.flat_map(|(k, (_, ra, _, _))| ra.clone().map(move |a| (k, a)))
        .collect()
}

/// The number of pairs in some blocks.
fn count(blocks: &[Block]) -> u64 {
    let size = |(_, ra, rb, tri): &Block| {
        let (n, m) = (u64::from(ra.end - ra.start), u64::from(rb.end - rb.start));
        if *tri {
            n * (n + 1) / 2
        } else {
            n * m
        }
    };
    blocks.iter().map(size).sum()
}

/// `out = a op b` cell by cell; false if some cell is undefined.
fn fill2(op: Op2, a: &[u64], b: &[u64], out: &mut [u64]) -> bool {
    fn map(a: &[u64], b: &[u64], out: &mut [u64], f: impl Fn(u64, u64) -> u64) -> bool {
        for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
            *o = f(x, y);
        }
        true
    }
    match op {
        Op2::Bin(BinOp::Add) => map(a, b, out, u64::wrapping_add),
        Op2::Bin(BinOp::Sub) => map(a, b, out, u64::wrapping_sub),
        Op2::Bin(BinOp::Mul) => map(a, b, out, u64::wrapping_mul),
        Op2::Bin(BinOp::Xor) => map(a, b, out, |x, y| x ^ y),
        Op2::Bin(BinOp::And) => map(a, b, out, |x, y| x & y),
        Op2::Bin(BinOp::Or) => map(a, b, out, |x, y| x | y),
        Op2::Bin(BinOp::Div | BinOp::Rem) if b.contains(&0) => false,
        _ => map(a, b, out, |x, y| op.apply(x, y).unwrap_or(0)),
    }
}
