//! The rare/common ("sparse space") method.
//!
//! The values are split into a *common* set `C` that is XOR-sum-free
//! (`x ^ y` is never in `C` for `x, y` in `C`; so `0` is rare) and the
//! *rare* rest. A split of a heap into two common heaps then never has a
//! common value. So the options that can have a common value all involve a
//! heap of rare value, and those heaps are few: if the mex of the options
//! through rare heaps (plus the taking options) is common, it is the value,
//! found in `O(#rare)` instead of `O(n)`. Otherwise the candidate is rare
//! and may be the XOR of two common values. Where at most a few rare
//! candidates lie below the least common one (0.16, whose rare values are
//! 0, 1, 6 and 7), each is tested by a vectorised search for a witness
//! pair, after one pass over the first pairs that gathers their XORs in a
//! bit set when every value is below 64 (`Split::direct`). Otherwise a
//! first block of pairs (about 8 per common value) is marked, which rules
//! out most rare candidates at once, and each rare candidate left is
//! tested alone by the witness search, which usually stops early. Only a
//! rare value itself costs a search over every pair.
//!
//! The split is the better of a greedy pick from the most frequent values
//! and the best linear functional of the value bits and, where every split
//! takes a count of the same parity, of the heap's parity
//! ([`best_functional`]); it is rebuilt as the counts change. The values
//! found never depend on the split, only the time taken.
//!
//! # References
//! Gangolli, Plambeck, *A note on periodicity in some octal games*, IJGT 18
//! (1989); A. Flammenkamp's octal game tables; P. Beling's `ogs` (the RC
//! methods, read for comparison).

use super::code::HeapCode;
use super::dispatch::Level;
use super::naive::{self, add_takes, pair_range, Small, Value, VALUE_SPACE};
use crate::nimber::Mex;

/// Pairs of each split marked per common value before the rare candidates
/// are tested one by one (measured on 0.6 to 3·10^6 and 10^7: 8 beats 4, 6,
/// 10, 12 and 16 now that the witness search skips the marked pairs).
const FIRST_PAIRS_PER_COMMON: usize = 8;

/// The most rare candidates [`Split::direct`] tests one by one (0.16 to
/// its proof, least task-clock of 20 interleaved runs: 4 and 8 alike, 2
/// slower, 0, the block of marked pairs, 30% slower).
const DIRECT: usize = 4;

/// The pairs of each split whose XORs [`Split::direct`] gathers in a bit set first.
const BITS_FIRST: usize = 64;

/// The pairs of each split marked in the first, short stage.
const SHORT: usize = 32;

/// Pairs whose XORs are computed together before they are marked.
const CHUNK: usize = 128;

/// Heaps whose rare pairs are marked together ([`Split::mark_rare_batch`]):
/// `g[r − i + j]` for `j < AHEAD` are side by side, one row per rare heap
/// (0.6 to 10^6, best of 5 interleaved runs on a loaded machine: 4 and 8
/// 1.30 s, 16 1.42 s, two heaps at a time 1.34 s).
const AHEAD: usize = 8;

/// A mark: the stamp of the heap whose option it records. 16 bits halve
/// the marks' cache footprint against 32; the columns are cleared once
/// every 65,535 stamps ([`Split::issue`]).
type Stamp = u16;

/// A column of marks: one per value, and a cache line more, so that the
/// marks of one value in the [`AHEAD`] columns fall in different cache sets
/// (at a power-of-two stride they shared one set: 16 columns thrashed its
/// 12 ways, 0.6 to 10^6 took 1.86 s instead of 1.43 s).
const COLUMN: usize = VALUE_SPACE + 64 / std::mem::size_of::<Stamp>();

/// [`Split::early_rate`] of a code whose every value is settled early.
const EARLY_ALWAYS: u32 = 1 << 16;

/// The last values the rare loop reads through 16-bit offsets.
const WINDOW: usize = 1 << 16;

/// `WINDOW − i`, if it fits in 16 bits (`1 ≤ i ≤ WINDOW`).
fn back_offset(i: u32) -> Option<u16> {
    WINDOW
        .checked_sub(i as usize)
        .and_then(|b| u16::try_from(b).ok())
}

/// `v` as a 16-bit value (the marks' index).
#[inline(always)]
fn lane<V: Small>(v: V) -> u16 {
    v.into()
}

/// The rare/common split and the heaps of rare value.
#[derive(Clone, Debug)]
pub struct Split {
    /// `common[n % 2]`: the values common at a heap of `n` (one set for
    /// both parities unless the split is a functional of the parity of `n`).
    common: [Vec<u64>; 2],
    /// The parity of every split's take, if they share one: then the
    /// parity of `n` may be part of the functional.
    takes_parity: Option<bool>,
    /// The functional in use, if it takes the parity of `n` (no value
    /// joins `C` on its own then).
    by_parity: Option<Functional>,
    /// Positions `n ≥ 1` whose value is rare, increasing.
    pub rare: Vec<u32>,
    /// The values of the rare heaps, beside them: the hot loop reads them contiguously.
    rare_values: Vec<u16>,
    /// `WINDOW − i` for the rare heaps `i ≤ WINDOW`, the offsets of
    /// `g[r − i]` in the [`WINDOW`] values below `r`.
    rare_back: Vec<u16>,
    /// `counts[p][v]`: heaps of parity `p` with value `v`.
    counts: [Vec<u64>; 2],
    /// The largest value counted: [`Split::rebuild`] reads the counts up to it.
    top: u16,
    common_list: Vec<u16>,
    rare_at_rebuild: usize,
    /// Full scans done (the mex through rare heaps was rare).
    pub full_scans: u64,
    /// Searches for a witness of one rare candidate.
    pub witness_searches: u64,
    /// What [`witnessed`] keeps from one search to the next.
    witnesses: Witnesses,
    /// `marks[column][v] == stamp`: `v` is an option of the heap with that
    /// column and stamp. [`AHEAD`] columns, so that the rare pairs of
    /// [`AHEAD`] heaps in a row can be marked in one pass
    /// ([`Split::mark_rare_batch`]); each column's stamps only grow.
    marks: Box<[[Stamp; COLUMN]; AHEAD]>,
    /// The column of the heap in progress.
    column: usize,
    /// The stamp of the heap in progress.
    stamp: Stamp,
    /// The last stamp handed out (every column's largest).
    issued: Stamp,
    /// Bumped by every [`Split::rebuild`]: marks made ahead are for one rare list.
    epoch: u64,
    /// `(heap, epoch, stamp, skip)`: the rare pairs of heaps `heap + j`
    /// (`j < AHEAD`) with the rare heaps `skip ≤ i < heap − k` (`k` the
    /// take) are marked already, in column `j` under that stamp, with the
    /// rare heaps of that epoch.
    ahead: Option<(usize, u64, Stamp, usize)>,
    /// The rare heaps `AHEAD ≤ i < skipped` are not marked for the heap in
    /// progress: their pairs lie in the first block, which marks them again
    /// when the mex through the rare heaps is rare (for 0.6, nearly always);
    /// [`Split::mark_skipped`] marks them before a common value is trusted.
    skipped: usize,
    /// How often the value is settled before the first block is whole (a
    /// common mex through the rare heaps or after the short stage), a
    /// running mean out of [`EARLY_ALWAYS`], 1/16 per heap: a batch skips
    /// ([`Split::skipped`]) only where that is rare.
    early_rate: u32,
}

impl Default for Split {
    fn default() -> Self {
        Split {
            common: [vec![0; VALUE_SPACE / 64], vec![0; VALUE_SPACE / 64]],
            takes_parity: None,
            by_parity: None,
            rare: Vec::new(),
            rare_values: Vec::new(),
            rare_back: Vec::new(),
            counts: [vec![0; VALUE_SPACE], vec![0; VALUE_SPACE]],
            top: 0,
            common_list: Vec::new(),
            rare_at_rebuild: 0,
            full_scans: 0,
            witness_searches: 0,
            witnesses: Witnesses::default(),
            marks: vec![[0; COLUMN]; AHEAD]
                .into_boxed_slice()
                .try_into()
                .expect("AHEAD columns"),
            column: 0,
            stamp: 0,
            issued: 0,
            epoch: 0,
            ahead: None,
            skipped: 0,
            early_rate: EARLY_ALWAYS,
        }
    }
}

impl Split {
    /// A split for `code` fitted to the values so far.
    pub fn fitted<V: Small>(code: &HeapCode, g: &[V]) -> Split {
        let mut split = Split {
            takes_parity: takes_parity(code),
            ..Split::default()
        };
        for (n, &v) in g.iter().enumerate() {
            split.counts[n % 2][usize::from(lane(v))] += 1;
            split.top = split.top.max(lane(v));
        }
        split.rebuild(g);
        split
    }

    /// The common values: with a functional of the parity of `n`, the
    /// values seen whose every heap so far is common.
    pub fn common_values(&self) -> Vec<u16> {
        if self.by_parity.is_none() {
            return self.common_list.clone();
        }
        (0..=u16::MAX)
            .filter(|&v| {
                let seen = |p: usize| self.counts[p][usize::from(v)] > 0;
                (seen(0) || seen(1)) && (0..2).all(|p| !seen(p) || self.is_common(u32::from(v), p))
            })
            .collect()
    }

    /// How many heaps have value `v`.
    fn count(&self, v: u16) -> u64 {
        self.counts[0][usize::from(v)] + self.counts[1][usize::from(v)]
    }

    /// Whether `v` is common at a heap of `n` (only the parity of `n` matters).
    fn is_common(&self, v: u32, n: usize) -> bool {
        v < VALUE_SPACE as u32 && self.common[n % 2][(v >> 6) as usize] >> (v & 63) & 1 == 1
    }

    /// Whether `C ∪ {v}` is sum-free (for a split by value alone).
    fn sum_free_with(&self, v: u16) -> bool {
        v != 0
            && !self.is_common(u32::from(v), 0)
            && (self.common_list.iter()).all(|&c| !self.is_common(u32::from(c ^ v), 0))
    }

    /// Makes `v` common at every heap (a split by value alone).
    fn add_common(&mut self, v: u16) {
        for common in &mut self.common {
            common[usize::from(v >> 6)] |= 1 << (v & 63);
        }
        self.common_list.push(v);
    }

    /// Chooses the split that leaves fewer rare heaps: the best linear
    /// functional ([`best_functional`]), or a greedy sum-free set, most
    /// frequent value first; then lists the rare heaps.
    ///
    /// # Complexity
    /// `O(V²·|C| + B·2^B + n)` for `V` distinct values below `2^B`, plus
    /// `O(2^16)` for a functional of the parity of `n`.
    pub fn rebuild<V: Small>(&mut self, g: &[V]) {
        for common in &mut self.common {
            common.fill(0);
        }
        self.common_list.clear();
        self.by_parity = None;
        let mut by_count: Vec<u16> = (0..=self.top).filter(|&v| self.count(v) > 0).collect();
        by_count.sort_by_key(|&v| (std::cmp::Reverse(self.count(v)), v));
        for &v in &by_count {
            if self.sum_free_with(v) {
                self.add_common(v);
            }
        }
        let greedy: u64 = self.common_list.iter().map(|&c| self.count(c)).sum();
        let counted = usize::from(self.top) + 1;
        let (functional, linear) = best_functional(
            [&self.counts[0][..counted], &self.counts[1][..counted]],
            self.takes_parity,
        );
        if linear > greedy {
            for common in &mut self.common {
                common.fill(0);
            }
            self.common_list.clear();
            if functional.with_n {
                self.by_parity = Some(functional);
                for (p, common) in self.common.iter_mut().enumerate() {
                    for v in (0..=u16::MAX).filter(|&v| functional.is_common(v, p)) {
                        common[usize::from(v >> 6)] |= 1 << (v & 63);
                    }
                }
            } else {
                for v in by_count {
                    if functional.is_common(v, 0) {
                        self.add_common(v);
                    }
                }
            }
        }
        self.rare = (1..g.len())
            .filter(|&i| !self.is_common(g[i].into(), i))
            .map(|i| i as u32)
            .collect();
        self.rare_values = self.rare.iter().map(|&i| lane(g[i as usize])).collect();
        self.rare_back = self.rare.iter().map_while(|&i| back_offset(i)).collect();
        self.rare_at_rebuild = self.rare.len();
        self.epoch += 1;
    }

    /// Records the value just found for heap `n`.
    pub fn record<V: Small>(&mut self, g: &[V], n: usize) {
        let v = lane(g[n]);
        self.counts[n % 2][usize::from(v)] += 1;
        self.top = self.top.max(v);
        if n > 0 && !self.is_common(u32::from(v), n) {
            self.rare.push(n as u32);
            self.rare_values.push(v);
            if self.rare_back.len() + 1 == self.rare.len() {
                self.rare_back.extend(back_offset(n as u32));
            }
        }
        if n.is_power_of_two() || self.rare.len() > 2 * self.rare_at_rebuild + 64 {
            self.rebuild(g);
        }
    }

    /// Whether the method pays for a heap of `n`: fewer rare heaps than a
    /// share of the pairs. While every value is below 64 the other method
    /// marks a word of pair values per instruction, and a quarter beats an
    /// eighth (instruction counts, 0.6 to 2·10^5); past 64 it searches for
    /// witnesses, and a third pays (user time, best of 3, release: 0.007 to
    /// 10^5 0.75 s at a quarter, 0.68 s at a third, 0.68–0.71 s from a
    /// fifth to a tenth; 0.04 alike; 0.07 and 0.137, whose values stay
    /// below 10, 0.23 s at a quarter and 0.64 s at a third).
    pub fn pays(&self, n: usize) -> bool {
        let share = if self.top < 64 { 4 } else { 3 };
        n >= 256 && self.rare.len() * share < n
    }

    /// The value of a heap of `n` (a code whose splits leave two heaps).
    ///
    /// `seen` holds the taking options; the splits are marked in a stamp
    /// array (one plain store per option, no read-modify-write chain).
    ///
    /// # Complexity
    /// `O(t + s·#rare)` for the options through rare heaps, plus a first
    /// block of pairs and a witness search per rare candidate left: `O(s·n)`
    /// at worst, when the value is rare.
    pub fn value<V: Small>(
        &mut self,
        level: Level,
        code: &HeapCode,
        g: &[V],
        n: usize,
        max: V,
        seen: &mut Mex,
    ) -> u32 {
        naive::reset(seen, max);
        add_takes(code, g, n, seen);
        self.mark_rare(code, g, n);
        let m = self.next_unmarked(seen, 0);
        let m = self.settle(code, g, n, seen, m);
        if self.is_common(m, n) {
            self.note_early(true);
            return m;
        }
        self.full_scans += 1;
        self.scan(level, code, g, n, max, seen, m)
    }

    /// Marks the options of heap `n` through its rare heaps, under a new
    /// stamp or under the one its batch was marked with.
    ///
    /// For a code that splits only after taking a token, and not Grundy's
    /// game ([`marks_ahead`]), the rare pairs of [`AHEAD`] heaps are marked in
    /// one pass ([`Split::mark_rare_batch`]); each heap of the batch then
    /// marks only its rare heaps below [`AHEAD`] and those at or past the
    /// batch's split `n₀ − k` (found since, or not yet paired). The batch
    /// leaves out the rare heaps of the first block ([`Split::skipped`]).
    fn mark_rare<V: Small>(&mut self, code: &HeapCode, g: &[V], n: usize) {
        let batch = match self.ahead {
            Some((first, epoch, stamp, skip))
                if epoch == self.epoch && (first..first + AHEAD).contains(&n) =>
            {
                Some((first, stamp, skip))
            }
            _ => None,
        };
        // The same splits for every heap of the batch (a split needs `k + 2 ≤ n`).
        let same_splits = || splits(code, n).count() == splits(code, n + AHEAD - 1).count();
        let (first, stamp, skip) = match batch {
            Some(batch) => batch,
            None if marks_ahead(code) && same_splits() => {
                let stamp = self.issue();
                // The rare heaps of every split's first block (its pairs
                // `a ≤ block`, `i` or `r − i` being `a`): the block only
                // grows until the next rebuild, a new epoch. Where the mex
                // through the rare heaps is mostly common (0.354: 131 rare
                // heaps, most of them small), marking them again for each
                // heap cost 38% more time: skip only where that is rare.
                let skip = if self.early_rate < EARLY_ALWAYS / 8 {
                    self.first_block() + 1
                } else {
                    0
                };
                for r in splits(code, n) {
                    self.mark_rare_batch(g, r, stamp, skip);
                }
                self.ahead = Some((n, self.epoch, stamp, skip));
                (n, stamp, skip)
            }
            None => {
                self.ahead = None;
                self.skipped = 0;
                (self.column, self.stamp) = (0, self.issue());
                for r in splits(code, n) {
                    self.mark_rare_pairs(g, r, code.unequal());
                }
                return;
            }
        };
        let d = n - first;
        (self.column, self.stamp, self.skipped) = (d, stamp, skip);
        for r in splits(code, n) {
            let below = self.rare_below(AHEAD.min(r));
            self.mark_rare_range(g, r, 0, below);
            let from = self.rare_below((r - d).max(AHEAD));
            let end = self.rare_below(r);
            self.mark_rare_range(g, r, from.clamp(below, end), end);
        }
    }

    /// How many rare heaps are below `x` (`rare.partition_point(|i| i < x)`):
    /// the cuts asked for are nearly always a few heaps from either end of
    /// the list, where a short walk beats a binary search (a chain of
    /// dependent loads, 9% of 0.16's time).
    fn rare_below(&self, x: usize) -> usize {
        const WALK: usize = 4;
        let rare = &self.rare;
        let len = rare.len();
        // Every rare heap from `k` on is at least `x`, by the walk so far.
        for k in (len.saturating_sub(WALK)..=len).rev() {
            if k == 0 || (rare[k - 1] as usize) < x {
                return k;
            }
        }
        // The cut at `AHEAD` (at most `AHEAD − 1` heaps, `0` is never rare) from the front.
        match rare.iter().take(AHEAD).position(|&i| i as usize >= x) {
            Some(k) => k,
            None => rare.partition_point(|&i| (i as usize) < x),
        }
    }

    /// A new stamp, larger than every stamp in every column (the columns
    /// are cleared when the stamps run out).
    fn issue(&mut self) -> Stamp {
        if self.issued == Stamp::MAX {
            for marks in self.marks.iter_mut() {
                marks.fill(0);
            }
            self.issued = 0;
            self.ahead = None;
        }
        self.issued += 1;
        self.issued
    }

    /// The marks of the heap in progress.
    fn marks(&self) -> &[Stamp; COLUMN] {
        &self.marks[self.column]
    }

    /// Marks `g[i] ^ g[r + j − i]` in column `j` under `stamp`, for every
    /// `j < AHEAD` and every rare heap `AHEAD.max(skip) ≤ i < r`: the pairs of split
    /// `r + j` of heap `n + j` through those rare heaps, for `AHEAD` heaps
    /// in a row. Each rare heap reads one row `g[r − i .. r − i + AHEAD]`,
    /// all known (`r − i + AHEAD − 1 < r ≤ n − 1`), and stores a mark per
    /// column with no index check: four instructions per pair (load and
    /// XOR, widen, store), against five for two heaps at a time and six
    /// and a half for one.
    fn mark_rare_batch<V: Small>(&mut self, g: &[V], r: usize, stamp: Stamp, skip: usize) {
        let from = self.rare_below(skip.max(AHEAD));
        let end = self.rare_below(r);
        let marks = &mut *self.marks;
        let pairs =
            (self.rare[from.min(end)..end].iter()).zip(&self.rare_values[from.min(end)..end]);
        for (&i, &gi) in pairs {
            let start = r - i as usize;
            let row: &[V; AHEAD] = g[start..start + AHEAD].try_into().expect("AHEAD values");
            for (column, &h) in marks.iter_mut().zip(row) {
                column[usize::from(gi ^ lane(h))] = stamp;
            }
        }
    }

    /// Marks `g[i] ^ g[r - i]` for every rare heap `i < r`.
    fn mark_rare_pairs<V: Small>(&mut self, g: &[V], r: usize, unequal: bool) {
        let end = self.rare_below(r);
        if end == 0 {
            return;
        }
        // Grundy's game: the equal split is not a move; its rare heap is left out.
        let equal = (unequal && r.is_multiple_of(2))
            .then(|| self.rare[..end].binary_search(&((r / 2) as u32)).ok())
            .flatten();
        match equal {
            Some(k) => {
                self.mark_rare_range(g, r, 0, k);
                self.mark_rare_range(g, r, k + 1, end);
            }
            None => self.mark_rare_range(g, r, 0, end),
        }
    }

    /// Marks `g[i] ^ g[r - i]` for the rare heaps `rare[from..to]`, all below `r`.
    fn mark_rare_range<V: Small>(&mut self, g: &[V], r: usize, from: usize, to: usize) {
        let stamp = self.stamp;
        let marks = &mut self.marks[self.column];
        let mut from = from;
        let near = self.rare_back.len().min(to);
        if r >= WINDOW && from < near {
            // The hot loop: a 16-bit offset into a fixed-size window and a
            // 16-bit value index need no bounds check (a third fewer
            // instructions per rare heap).
            // Grundy's game splits the heap itself: `g[r]` may be unknown.
            let window: &[V; WINDOW] = g[r - WINDOW..r].try_into().expect("WINDOW values");
            let backs = self.rare_back[from..near].iter();
            for (&back, &gi) in backs.zip(&self.rare_values[from..near]) {
                marks[usize::from(gi ^ lane(window[usize::from(back)]))] = stamp;
            }
            from = near;
        }
        let pairs = self.rare[from..to].iter().zip(&self.rare_values[from..to]);
        for (&i, &gi) in pairs {
            marks[usize::from(gi ^ lane(g[r - i as usize]))] = stamp;
        }
    }

    /// `m`, or, if `m` is common while rare heaps were skipped
    /// ([`Split::skipped`]), the least value unmarked once they are marked.
    fn settle<V: Small>(&mut self, code: &HeapCode, g: &[V], n: usize, seen: &Mex, m: u32) -> u32 {
        if self.skipped <= AHEAD || !self.is_common(m, n) {
            return m;
        }
        self.mark_skipped(code, g, n);
        self.next_unmarked(seen, m)
    }

    /// Marks the rare heaps skipped for the heap in progress ([`Split::skipped`]).
    fn mark_skipped<V: Small>(&mut self, code: &HeapCode, g: &[V], n: usize) {
        let skipped = std::mem::take(&mut self.skipped);
        let from = self.rare_below(AHEAD);
        for r in splits(code, n) {
            let to = self.rare_below(skipped.min(r));
            self.mark_rare_range(g, r, from, to.max(from));
        }
    }

    /// Counts a heap settled before the whole first block, or not, in [`Split::early_rate`].
    fn note_early(&mut self, early: bool) {
        let rate = self.early_rate - (self.early_rate >> 4);
        self.early_rate = rate + if early { EARLY_ALWAYS >> 4 } else { 0 };
    }

    /// The pairs `lo..lo + block` of each split that [`Split::scan`] marks
    /// first. Witnesses come from pairs of common values, so the block grows
    /// with their number (a coupon collector's bound; measured).
    fn first_block(&self) -> usize {
        (FIRST_PAIRS_PER_COMMON * self.common_list.len()).max(2 * SHORT)
    }

    /// The least value `≥ from` that is neither a taking option nor marked.
    fn next_unmarked(&self, seen: &Mex, from: u32) -> u32 {
        (from..VALUE_SPACE as u32)
            .find(|&v| self.marks()[v as usize] != self.stamp && !seen.contains(u64::from(v)))
            .unwrap_or(VALUE_SPACE as u32)
    }

    /// Marks `g[a] ^ g[r - a]` for `a` in `lo..=hi`.
    fn mark_pairs<V: Small>(&mut self, g: &[V], r: usize, lo: usize, hi: usize) {
        if lo > hi {
            return;
        }
        let stamp = self.stamp;
        let marks = &mut self.marks[self.column];
        // The XORs of a chunk first (a vectorised loop), then one plain
        // store per pair: half the instructions of a loop doing both.
        let mut xors = [V::default(); CHUNK];
        for (left, right) in g[lo..=hi]
            .chunks(CHUNK)
            .zip(g[r - hi..=r - lo].rchunks(CHUNK))
        {
            let xors = &mut xors[..left.len()];
            for ((x, &a), &b) in xors.iter_mut().zip(left).zip(right.iter().rev()) {
                *x = a ^ b;
            }
            for &x in xors.iter() {
                marks[usize::from(lane(x))] = stamp;
            }
        }
    }

    /// Tests the rare candidates in turn: a candidate with a witness pair
    /// (two common heaps whose values XOR to it) is an option, so the next
    /// unseen value is tried; the first common candidate, or one without a
    /// witness, is the value.
    #[allow(clippy::too_many_arguments)]
    fn scan<V: Small>(
        &mut self,
        level: Level,
        code: &HeapCode,
        g: &[V],
        n: usize,
        max: V,
        seen: &Mex,
        m: u32,
    ) -> u32 {
        if let Some(m) = self.direct(level, code, g, n, max, seen, m) {
            self.note_early(true);
            return self.adopt(m, n);
        }
        // Most rare candidates have a witness among the first pairs: one
        // block of them rules out many candidates at once (a plain store per
        // pair). A first short stage settles games with few common values early.
        let block = self.first_block();
        let mut m = m;
        for (from, to) in [(0, SHORT), (SHORT, block)] {
            let mut covered = usize::MAX;
            for r in splits(code, n) {
                let (lo, hi) = pair_range(code, r);
                self.mark_pairs(g, r, lo + from, hi.min(lo + to - 1));
                covered = covered.min(lo + to);
            }
            // A skipped rare heap `i < covered` is `a` or `r − a` of a pair
            // `a < covered` (and `a ≤ r / 2`), marked by now.
            if self.skipped <= covered {
                self.skipped = 0;
            }
            m = self.next_unmarked(seen, m);
            m = self.settle(code, g, n, seen, m);
            if self.is_common(m, n) {
                self.note_early(to == SHORT);
                return m;
            }
        }
        self.note_early(false);
        if self.skipped > 0 {
            self.mark_skipped(code, g, n);
            m = self.next_unmarked(seen, m);
        }
        while m < VALUE_SPACE as u32 && !self.is_common(m, n) {
            self.witness_searches += 1;
            // The first block's pairs are marked: the witness lies beyond.
            if !witnessed(level, code, g, n, (block, m), &mut self.witnesses) {
                break;
            }
            m = self.next_unmarked(seen, m + 1);
        }
        self.adopt(m, n)
    }

    /// `m`, the value of a heap of `n`: a value never seen before joins C
    /// while it keeps C sum-free (a split by value alone: under a functional
    /// of the parity of `n`, every value already is common at one parity).
    fn adopt(&mut self, m: u32, n: usize) -> u32 {
        if m < VALUE_SPACE as u32
            && self.by_parity.is_none()
            && !self.is_common(m, n)
            && self.sum_free_with(m as u16)
            && self.count(m as u16) == 0
        {
            self.add_common(m as u16);
        }
        m
    }

    /// The value found by a witness search for each rare candidate from
    /// `m` up to the least common candidate, if there are at most
    /// [`DIRECT`] of them (and no rare heap is skipped): with few rare
    /// values (0.16 has four) that beats marking a block of pairs, as most
    /// searches stop within the kernel's first block.
    #[allow(clippy::too_many_arguments)]
    fn direct<V: Small>(
        &mut self,
        level: Level,
        code: &HeapCode,
        g: &[V],
        n: usize,
        max: V,
        seen: &Mex,
        m: u32,
    ) -> Option<u32> {
        if self.skipped > AHEAD {
            return None;
        }
        let mut candidates = [0u16; DIRECT];
        let mut count = 0;
        let mut v = m;
        let common = loop {
            if v >= VALUE_SPACE as u32 {
                return None;
            }
            if self.marks()[v as usize] != self.stamp && !seen.contains(u64::from(v)) {
                if self.is_common(v, n) {
                    break v;
                }
                if count == DIRECT {
                    return None;
                }
                candidates[count] = v as u16;
                count += 1;
            }
            v += 1;
        };
        // Every XOR is below 64: the first pairs of every split in one
        // vectorised pass, as a bit set, rule out most candidates at once.
        let (first, bits) = if lane(max) < 64 && count > 1 {
            let bits = splits(code, n).fold(0u64, |bits, r| {
                let (lo, hi) = pair_range(code, r);
                let hi = hi.min(lo + BITS_FIRST - 1);
                if lo > hi {
                    return bits;
                }
                bits | V::pair_bits(level, &g[lo..=hi], &g[r - hi..=r - lo])
            });
            (BITS_FIRST, bits)
        } else {
            (0, 0)
        };
        for &c in &candidates[..count] {
            // A candidate of 64 (the mex past values all below 64) is no
            // XOR of two of them; the bit set holds only those below 64.
            if c < 64 && bits >> c & 1 == 1 {
                continue;
            }
            self.witness_searches += 1;
            if !witnessed(
                level,
                code,
                g,
                n,
                (first, u32::from(c)),
                &mut self.witnesses,
            ) {
                return Some(u32::from(c));
            }
        }
        Some(common)
    }
}

/// The heaps `r = n − k` that the splitting takes `k` of `code` leave to
/// split, for a heap of `n` (no allocation: listed again when needed).
pub(super) fn splits(code: &HeapCode, n: usize) -> impl Iterator<Item = usize> + '_ {
    (code.digits().iter().enumerate())
        .filter(move |&(k, &d)| d & 4 != 0 && k + 2 <= n)
        .map(move |(k, _)| n - k)
}

/// The pairs of each split that [`witnessed`] looks at before it turns to
/// the next split; each round looks at twice as many.
const WITNESS_CHUNK: usize = 256;

/// Whether some split of a heap of `n` has a pair, past its first `skip`
/// pairs, whose values XOR to `v`.
///
/// A search from the first pair (`skip` 0) tries first the pair that
/// witnessed `v` at the last heap of `n`'s parity ([`Witnesses`]), inline:
/// for 4.7 that pair answers every search, where a call and a vector
/// search cost more than the rest of the heap. The searches past a first
/// block of pairs already marked (`skip` > 0) seldom have their witness at
/// the start of a chunk, and do without (0.6 to 2·10^5 ran about 4% more
/// instructions with it).
///
/// Then the splits are looked at in turn, a chunk of each at a time, so that a
/// witness early in any split is found early: a split with none (for 4.7,
/// an odd heap split without a take pairs an odd heap with an even one,
/// whose values never XOR to 0) would otherwise be read to its end, on
/// every heap, before the next split's first pair (4.7 to 10^6 took 63
/// times ogsolve's time).
#[inline(always)]
pub(super) fn witnessed<V: Value>(
    level: Level,
    code: &HeapCode,
    g: &[V],
    n: usize,
    (skip, v): (usize, u32),
    witnesses: &mut Witnesses,
) -> bool {
    // Values of `V` XOR to values of `V`: a larger `v` has no witness.
    let Ok(v) = V::try_from(v) else {
        return false;
    };
    (skip == 0 && witnesses.recalled(g, n, v)) || search(level, code, g, n, (skip, v), witnesses)
}

/// [`witnessed`] past the remembered pair: every split, a chunk at a time.
fn search<V: Value>(
    level: Level,
    code: &HeapCode,
    g: &[V],
    n: usize,
    (skip, v): (usize, V),
    witnesses: &mut Witnesses,
) -> bool {
    let Witnesses { left, last } = witnesses;
    left.clear();
    left.extend(splits(code, n).map(|r| {
        let (lo, hi) = pair_range(code, r);
        (r, lo + skip, hi)
    }));
    let mut chunk = WITNESS_CHUNK;
    while !left.is_empty() {
        for &mut (r, ref mut lo, hi) in left.iter_mut() {
            let to = hi.min(*lo + chunk - 1);
            if has_pair(level, g, r, *lo, to, v) {
                if skip == 0 {
                    remember(last, g, (n, r), *lo, v);
                }
                return true;
            }
            *lo = to + 1;
        }
        left.retain(|&(_, lo, hi)| lo <= hi);
        chunk = chunk.saturating_mul(2);
    }
    false
}

/// What [`witnessed`] keeps from one search to the next: its scratch space
/// (no search allocates; 4.7: millions of them), and the pair that last
/// witnessed each value at a heap of each parity.
#[derive(Clone, Debug, Default)]
pub struct Witnesses {
    /// The splits still being read: (r, the next pair, the last pair).
    left: Vec<(usize, usize, usize)>,
    /// `last[v][p]`: `(m, k, a)`, the pair `(a, m − k − a)` that witnessed
    /// `v` at heap `m`, the last heap of parity `p` whose search from the
    /// first pair found it as the first pair of a chunk (`a` 0: none; one
    /// found further on is not worth a scalar search for its place).
    /// Values of many codes follow the parity of `n`: 4.7's are 0 then
    /// (1 2), and 0 is witnessed by `(1, n − 1)` at an even heap and
    /// `(1, n − 2)` at an odd one, every time.
    last: Vec<[(usize, usize, usize); 2]>,
}

impl Witnesses {
    /// Whether the pair remembered for `v` at heaps of `n`'s parity is a
    /// witness at a heap of `n`.
    #[inline(always)]
    fn recalled<V: Value>(&self, g: &[V], n: usize, v: V) -> bool {
        let Some(slots) = self.last.get(v.into() as usize) else {
            return false;
        };
        let (m, k, a) = slots[n % 2];
        // A pair of a split of heap `m` after a take of `k` is a pair of
        // that split of every larger heap (`1 ≤ a ≤ hi` only grows).
        a != 0 && m <= n && g[a] ^ g[n - k - a] == v
    }
}

/// The values below which [`remember`] keeps a witness: the values that
/// recur heap after heap are small, and a code whose values grow with the
/// heap (to 10^6 at 32 bits) would otherwise keep 48 bytes a value,
/// twelve times its sequence; 2^12 values take at most 192 KiB.
const REMEMBERED_VALUES: usize = 1 << 12;

/// Remembers pair `a` of the split of `r` as the witness of `v` at a heap
/// of `n` if it is one (and `v` is below [`REMEMBERED_VALUES`]).
fn remember<V: Value>(
    last: &mut Vec<[(usize, usize, usize); 2]>,
    g: &[V],
    (n, r): (usize, usize),
    a: usize,
    v: V,
) {
    if g[a] ^ g[r - a] != v {
        return;
    }
    let i = v.into() as usize;
    if i >= REMEMBERED_VALUES {
        return;
    }
    if last.len() <= i {
        last.resize(i + 1, [(0, 0, 0); 2]);
    }
    last[i][n % 2] = (n, n - r, a);
}

/// Whether the rare pairs of the next heap are marked with this heap's
/// ([`Split::mark_rare_batch`]): every split takes a token first, and
/// every split may be into equal heaps.
fn marks_ahead(code: &HeapCode) -> bool {
    !code.unequal() && code.digits().first().is_none_or(|&d| d & 4 == 0)
}

/// The parity of every splitting take of `code` (`true` for odd), if they
/// share one: `0.6` takes 1, `0.16` takes 2, Grundy's game 0.
pub fn takes_parity(code: &HeapCode) -> Option<bool> {
    let mut splits = (code.digits().iter().enumerate())
        .filter(|&(_, &d)| d & 4 != 0)
        .map(|(k, _)| k % 2 == 1);
    let first = splits.next()?;
    splits.all(|odd| odd == first).then_some(first)
}

/// A linear functional over GF(2) of a heap's value and, optionally, the
/// parity of its size: a heap of `n` with value `v` is common when
/// `|v & mask| + with_n·(n mod 2) + offset` is odd (`|x|` the number of
/// one bits).
///
/// It is a sound split when two common heaps `a`, `b` never split off a
/// heap `n = a + b + k` (`k` the take) whose common values hold
/// `v(a) ^ v(b)`. By value alone (`with_n` false, `offset` 0) the common
/// values are the odd ones, and two odd values XOR to an even one. With the
/// parity of `n` and `offset` the parity of every splitting take `k`:
/// `|v(a) & mask| ≡ 1 + a + k` and likewise for `b`, so
/// `|(v(a) ^ v(b)) & mask| ≡ a + b`, while being common at `n` asks for
/// `1 + n + k ≡ 1 + a + b` (as `2k ≡ 0`): never. Takes of both parities
/// would break this, so the parity of `n` is offered only where the takes
/// share one ([`takes_parity`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Functional {
    /// The value bits it reads.
    pub mask: u16,
    /// Whether it reads the parity of `n`.
    pub with_n: bool,
    /// The constant term: the parity of every splitting take, with `with_n`.
    pub offset: bool,
}

impl Functional {
    /// Whether value `v` is common at a heap of `n` (only `n`'s parity matters).
    pub fn is_common(self, v: u16, n: usize) -> bool {
        let n_bit = self.with_n && n % 2 == 1;
        ((v & self.mask).count_ones() % 2 == 1) ^ n_bit ^ self.offset
    }
}

/// The functional under which most heaps are common, and how many:
/// `counts[p][v]` heaps of parity `p` have value `v`; with `takes` (the
/// parity of every splitting take, [`takes_parity`]) the functionals that
/// read the parity of `n` compete too.
///
/// With `x = (n mod 2, v)` and `W` the Walsh–Hadamard transform of the
/// counts over `x`, the heaps where `|x & (c, mask)|` is odd number
/// `(N − W[c, mask]) / 2` and the rest `(N + W[c, mask]) / 2`: one
/// transform ranks every functional.
///
/// # Complexity
/// `O(B·2^B)` for values below `2^B`.
pub fn best_functional(counts: [&[u64]; 2], takes: Option<bool>) -> (Functional, u64) {
    let top = (counts.iter())
        .filter_map(|c| c.iter().rposition(|&c| c > 0))
        .max()
        .unwrap_or(0);
    let size = (top + 1).next_power_of_two().max(2);
    // Index `p · size + v`: the parity of n is the top bit.
    let mut w: Vec<i64> = vec![0; 2 * size];
    for (p, c) in counts.iter().enumerate() {
        for (x, &c) in w[p * size..][..size].iter_mut().zip(c.iter()) {
            *x = c as i64;
        }
    }
    let mut half = 1;
    while half < 2 * size {
        for block in w.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    let total = w[0];
    let mut best = (
        Functional {
            mask: 1,
            with_n: false,
            offset: false,
        },
        0i64,
    );
    for (x, &coefficient) in w.iter().enumerate().skip(1) {
        let with_n = x >= size;
        let offset = match (with_n, takes) {
            (false, _) => false,
            (true, Some(odd)) => odd,
            (true, None) => break,
        };
        let common = if offset {
            total + coefficient
        } else {
            total - coefficient
        } / 2;
        if common > best.1 {
            let mask = (x % size) as u16;
            best = (
                Functional {
                    mask,
                    with_n,
                    offset,
                },
                common,
            );
        }
    }
    (best.0, best.1 as u64)
}

/// Whether `g[a] ^ g[r - a] == v` for some `a` in `lo..=hi`, with the
/// kernels of `level`.
///
/// # Complexity
/// `O(hi - lo)` at worst; the blocks have no branch inside, so many pairs
/// are compared per instruction ([`Value::has_pair`]), and a witness ends
/// the search early.
pub fn has_pair<V: Value>(level: Level, g: &[V], r: usize, lo: usize, hi: usize, v: V) -> bool {
    if lo > hi {
        return false;
    }
    V::has_pair(level, &g[lo..=hi], &g[r - hi..=r - lo], v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `len` values below `bound`, from the generator seeded with `seed`.
    fn random_values(seed: u64, len: usize, bound: u64) -> Vec<u16> {
        let mut rng = crate::rng::SplitMix64::new(seed);
        (0..len).map(|_| (rng.next_u64() % bound) as u16).collect()
    }

    #[test]
    fn rare_below_is_the_partition_point_at_every_cut() {
        for seed in 0..40 {
            let mut rng = crate::rng::SplitMix64::new(seed);
            let len = (rng.next_u64() % 30) as usize;
            let mut rare: Vec<u32> = (0..len)
                .map(|_| 1 + (rng.next_u64() % 200) as u32)
                .collect();
            rare.sort_unstable();
            rare.dedup();
            let split = Split {
                rare: rare.clone(),
                ..Split::default()
            };
            for x in 0..=210 {
                let expected = rare.iter().filter(|&&i| (i as usize) < x).count();
                assert_eq!(split.rare_below(x), expected, "{rare:?} below {x}");
            }
        }
    }

    #[test]
    fn rare_pairs_through_the_window_are_every_rare_pair() {
        let g = random_values(3, 140_000, 500);
        let mut split = Split::default();
        for i in [1u32, 5, 100, 40_000, 65_534, 65_535, 65_536, 69_000] {
            split.rare.push(i);
            split.rare_values.push(g[i as usize]);
        }
        split.rare_back = split.rare.iter().map_while(|&i| back_offset(i)).collect();
        assert_eq!(split.rare_back.len(), 7);
        // Grundy's game (unequal) leaves out the rare heap r / 2: 40,000
        // (read through the window) at r = 80,000, 69,000 (not) at 138,000.
        let cases = [
            (60_000, false),
            (65_535, false),
            (65_536, false),
            (65_537, true),
        ];
        let more = [
            (69_999, false),
            (80_000, true),
            (80_000, false),
            (138_000, true),
        ];
        for (r, unequal) in cases.into_iter().chain(more) {
            // Only `g[..r]` may be known (Grundy's game splits heap `r` itself).
            let g = &g[..r];
            (split.column, split.stamp) = (0, split.issue());
            split.mark_rare_pairs(g, r, unequal);
            let marked: Vec<usize> = (0..VALUE_SPACE)
                .filter(|&v| split.marks()[v] == split.stamp)
                .collect();
            let mut expected: Vec<usize> = (split.rare.iter())
                .filter(|&&i| (i as usize) < r && !(unequal && 2 * i as usize == r))
                .map(|&i| usize::from(g[i as usize] ^ g[r - i as usize]))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(marked, expected, "r {r}");
        }
    }

    #[test]
    fn rare_pairs_marked_in_batches_are_every_rare_pair_of_each_heap() {
        let g = random_values(7, 140_000, 700);
        // 0.6 (a take of one, then a split) and 0.16 (a take of two).
        // Marks left out until the skipped rare heaps are marked.
        let mut missing = 0;
        for (code, take) in [("0.6", 1), ("0.16", 2)] {
            let code: HeapCode = code.parse().unwrap();
            let mut split = Split::default();
            // Rare heaps below, at and past AHEAD and the window; the rare
            // heaps past 69,000 are "found" while their batch runs.
            for i in [
                1u32, 2, 5, 15, 16, 17, 100, 40_000, 65_535, 65_536, 65_537, 69_000, 69_999,
                70_003, 70_010,
            ] {
                split.rare.push(i);
                split.rare_values.push(g[i as usize]);
            }
            split.rare_back = split.rare.iter().map_while(|&i| back_offset(i)).collect();
            let all = split.rare.clone();
            // Batches from below, at and past the window and around rare heaps.
            for first in [
                3, 6, 18, 60_000, 65_530, 65_537, 65_540, 69_990, 70_000, 80_000, 138_000,
            ] {
                split.ahead = None;
                for n in first..first + 2 * AHEAD + 3 {
                    // Only `g[..n]` is known, and the rare heaps below `n`.
                    let g = &g[..n];
                    let known = all.partition_point(|&i| (i as usize) < n);
                    split.rare.truncate(known.min(split.rare.len()));
                    while split.rare.len() < known {
                        let i = all[split.rare.len()];
                        split.rare.push(i);
                        split.rare_values.truncate(split.rare.len() - 1);
                        split.rare_values.push(g[i as usize]);
                    }
                    // A batch skips where values are rarely settled early: both happen.
                    split.early_rate = if n % 3 == 0 { EARLY_ALWAYS } else { 0 };
                    split.mark_rare(&code, g, n);
                    let marked = |split: &Split| -> Vec<usize> {
                        (0..VALUE_SPACE)
                            .filter(|&v| split.marks()[v] == split.stamp)
                            .collect()
                    };
                    let r = n - take;
                    let pairs = |&&i: &&u32| (i as usize) < r;
                    let xor = |&i: &u32| usize::from(g[i as usize] ^ g[r - i as usize]);
                    let mut expected: Vec<usize> = all.iter().filter(pairs).map(xor).collect();
                    expected.sort_unstable();
                    expected.dedup();
                    // Only the pairs of the skipped rare heaps (in a batch,
                    // AHEAD ≤ i < 65: no common values, a first block of 64
                    // pairs) may be missing until they are marked.
                    let skip = split.skipped;
                    assert!(skip == 0 || skip == 65, "{code} heap {n}: {skip}");
                    let before = marked(&split);
                    let skipped: Vec<usize> = (all.iter())
                        .filter(|&&i| (AHEAD..skip).contains(&(i as usize)) && (i as usize) < r)
                        .map(xor)
                        .collect();
                    for v in &expected {
                        assert!(before.contains(v) || skipped.contains(v), "{code} heap {n}");
                    }
                    assert!(before.iter().all(|v| expected.contains(v)));
                    missing += expected.len() - before.len();
                    split.mark_skipped(&code, g, n);
                    assert_eq!(
                        marked(&split),
                        expected,
                        "{code} heap {n} (batch from {first})"
                    );
                }
                assert!(split.ahead.is_some());
            }
        }
        assert!(missing > 0, "no batch skipped a rare heap");
        // When the stamps run out, every column is cleared and the stamps
        // start again at 1.
        let mut split = Split::default();
        split.marks[3][7] = Stamp::MAX;
        split.issued = Stamp::MAX;
        assert_eq!(split.issue(), 1);
        assert!(split.marks.iter().all(|m| m.iter().all(|&s| s == 0)));
        assert!(marks_ahead(&"0.6".parse().unwrap()));
        assert!(!marks_ahead(&"4.07".parse().unwrap()));
        assert!(!marks_ahead(&HeapCode::Grundy));
    }

    #[test]
    fn values_across_a_reset_of_the_stamps_are_the_plain_mex() {
        use super::super::sequence::{Method, Sequence};
        // The columns are cleared when the stamps run out: start them just
        // short of that, twice (the second time stale marks of the first
        // round's stamps would be read as options), and compare with the
        // plain mex engine.
        for text in ["0.6", "0.16"] {
            let code: HeapCode = text.parse().unwrap();
            let len = 2500;
            let mut naive = Sequence::new(code.clone(), Method::Naive);
            naive.extend_to(len).unwrap();
            let expected = naive.values().to_u16().unwrap();
            let start = 300;
            let mut g = expected[..start].to_vec();
            let mut split = Split::fitted(&code, &g);
            let mut seen = Mex::default();
            let mut resets = 0;
            for (n, &want) in expected.iter().enumerate().skip(start) {
                if n == start || n == 1500 {
                    split.issued = Stamp::MAX - 40;
                }
                let before = split.issued;
                let max = *g.iter().max().unwrap();
                let v = split.value(Level::detect(), &code, &g, n, max, &mut seen);
                resets += usize::from(split.issued < before);
                assert_eq!(v, u32::from(want), "{text} heap {n}");
                g.push(v as u16);
                split.record(&g, n);
            }
            assert_eq!(resets, 2, "{text}");
        }
    }

    #[test]
    fn the_best_functional_is_the_best_of_every_mask() {
        let mut rng = crate::rng::SplitMix64::new(5);
        for top in [1usize, 2, 7, 100, 1000] {
            let counts: [Vec<u64>; 2] =
                [0, 1].map(|_| (0..=top).map(|_| rng.next_u64() % 50).collect());
            // Heaps common under: odd |v & m|, or |v & m| + p + d odd.
            let common = |m: usize, with_n: Option<usize>| -> u64 {
                let mut sum = 0;
                for (p, c) in counts.iter().enumerate() {
                    for (v, &c) in c.iter().enumerate() {
                        let bits = (v & m).count_ones() as usize + with_n.map_or(0, |d| p + d);
                        sum += if bits % 2 == 1 { c } else { 0 };
                    }
                }
                sum
            };
            let size = (top + 1).next_power_of_two().max(2);
            let by_value = (1..size).map(|m| common(m, None)).max().unwrap();
            for takes in [None, Some(false), Some(true)] {
                let d = takes.map(usize::from);
                let by_parity = (0..size).map(|m| common(m, d)).max().unwrap();
                let best = if takes.is_some() {
                    by_value.max(by_parity)
                } else {
                    by_value
                };
                let (f, heaps) = best_functional([&counts[0], &counts[1]], takes);
                let again = common(
                    usize::from(f.mask),
                    f.with_n.then_some(usize::from(f.offset)),
                );
                assert_eq!((heaps, again), (best, best), "top {top} {takes:?}");
                assert!(!f.with_n || f.offset == (takes == Some(true)));
            }
        }
    }

    #[test]
    fn the_parity_of_n_pays_where_the_takes_share_one() {
        // 0.106 splits only when taking 3. Its values follow the parity of
        // n so closely that most heaps are rare under every functional of
        // the value alone (measured: 9,898 of 20,000), and almost none
        // under one that reads n's parity too (15).
        let code: HeapCode = "0.106".parse().unwrap();
        assert_eq!(takes_parity(&code), Some(true));
        let len = 6000;
        let mut naive = super::super::sequence::Sequence::new(
            code.clone(),
            super::super::sequence::Method::Naive,
        );
        naive.extend_to(len).unwrap();
        let mut sparse = super::super::sequence::Sequence::new(
            code.clone(),
            super::super::sequence::Method::Sparse,
        );
        sparse.extend_to(len).unwrap();
        assert_eq!(sparse.values(), naive.values());
        let g = &naive.values().to_u16().unwrap()[..];
        let split = Split::fitted(&code, g);
        assert!(split.by_parity.is_some());
        assert!(split.rare.len() < 100, "{} rare heaps", split.rare.len());
        // The same counts without the parity of n: most heaps rare.
        let mut by_value = split.clone();
        by_value.takes_parity = None;
        by_value.rebuild(g);
        assert!(
            by_value.rare.len() > len / 3,
            "{} rare heaps",
            by_value.rare.len()
        );
        // Mixed takes (0.354 takes 2 and 3) never read the parity of n.
        assert_eq!(takes_parity(&"0.354".parse().unwrap()), None);
        assert_eq!(takes_parity(&HeapCode::Grundy), Some(false));
    }

    #[test]
    fn a_remembered_witness_counts_only_where_it_is_a_pair_of_the_heap() {
        // Heaps in a random order, so that the pairs remembered at one heap
        // would be tried at larger and smaller ones (where some are no pair
        // at all, or Grundy's equal split); codes with one split, two (4.7
        // splits n and n − 1), and Grundy's game (unequal heaps only).
        let mut rng = crate::rng::SplitMix64::new(17);
        for text in ["4.7", "0.6", "0.44", "4.4", "0.16", "grundy"] {
            let code: HeapCode = text.parse().unwrap();
            let g: Vec<u8> = (0..600).map(|_| (rng.next_u64() % 6) as u8).collect();
            let level = Level::detect();
            let mut witnesses = Witnesses::default();
            let mut recalled = 0;
            for _ in 0..3000 {
                // Small heaps half the time, where a value often has no witness.
                let top = [40, 600][(rng.next_u64() % 2) as usize];
                let n = 2 + (rng.next_u64() % (top - 2)) as usize;
                let v = (rng.next_u64() % 8) as u8;
                let skip = [0, 0, 3][(rng.next_u64() % 3) as usize];
                // Every pair of every split, from the rules: (r, a) with
                // n − r a take the code splits after, 1 ≤ a ≤ r − a.
                let pairs = |from: usize| {
                    (0..n.saturating_sub(1))
                        .filter(|&k| code.digit(k) & 4 != 0)
                        .flat_map(|k| (from.max(1)..=(n - k) / 2).map(move |a| (n - k, a)))
                        .filter(|&(r, a)| !code.unequal() || 2 * a != r)
                        .any(|(r, a)| g[a] ^ g[r - a] == v)
                };
                recalled += usize::from(skip == 0 && witnesses.recalled(&g, n, v));
                let got = witnessed(level, &code, &g, n, (skip, u32::from(v)), &mut witnesses);
                assert_eq!(
                    got,
                    pairs(1 + skip),
                    "{text} heap {n} value {v} skip {skip}"
                );
            }
            assert!(recalled > 100, "{text}: {recalled} witnesses recalled");
        }
    }

    #[test]
    fn has_pair_matches_every_pair() {
        let g = random_values(11, 1500, 40);
        for r in [2, 3, 100, 513, 1499] {
            for v in 0..64 {
                let all = (1..=r / 2).any(|a| g[a] ^ g[r - a] == v);
                for level in Level::available() {
                    assert_eq!(
                        has_pair(level, &g, r, 1, r / 2, v),
                        all,
                        "r {r} v {v} {level}"
                    );
                }
            }
        }
    }
}
