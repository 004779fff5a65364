//! The rare/common ("sparse space") method.
//!
//! The values are split into a *common* set `C` that is XOR-sum-free
//! (`x ^ y` is never in `C` for `x, y` in `C`; so `0` is rare) and the
//! *rare* rest. A split of a heap into two common heaps then never has a
//! common value. So the options that can have a common value all involve a
//! heap of rare value, and those heaps are few: if the mex of the options
//! through rare heaps (plus the taking options) is common, it is the value,
//! found in `O(#rare)` instead of `O(n)`. Otherwise the candidate is rare
//! and may be the XOR of two common values: a first block of pairs (about
//! 16 per common value) is marked, which rules out most rare candidates at
//! once, and each rare candidate left is tested alone by a vectorised search
//! for a witness pair, which usually stops early. Only a rare value itself
//! costs a search over every pair.
//!
//! The split is chosen greedily from the most frequent values and rebuilt as
//! the counts change; the values found never depend on the split, only the
//! time taken.
//!
//! # References
//! Gangolli, Plambeck, *A note on periodicity in some octal games*, IJGT 18
//! (1989); A. Flammenkamp's octal game tables; P. Beling's `ogs` (the RC
//! methods, read for comparison).

use super::code::HeapCode;
use super::dispatch::{self, Level};
use super::naive::{add_takes, pair_range, Seen, VALUE_SPACE};

/// Pairs of each split marked per common value before the rare candidates
/// are tested one by one (measured on 0.6 to 3·10^6 and 10^7: 8 beats 4, 6,
/// 10, 12 and 16 now that the witness search skips the marked pairs).
const FIRST_PAIRS_PER_COMMON: usize = 8;

/// The pairs of each split marked in the first, short stage.
const SHORT: usize = 32;

/// Pairs whose XORs are computed together before they are marked.
const CHUNK: usize = 128;

/// The last values the rare loop reads through 16-bit offsets.
const WINDOW: usize = 1 << 16;

/// `WINDOW − i`, if it fits in 16 bits (`1 ≤ i ≤ WINDOW`).
fn back_offset(i: u32) -> Option<u16> {
    WINDOW
        .checked_sub(i as usize)
        .and_then(|b| u16::try_from(b).ok())
}

/// The rare/common split and the heaps of rare value.
#[derive(Clone, Debug)]
pub struct Split {
    common: Vec<u64>,
    /// Positions `n ≥ 1` whose value is rare, increasing.
    pub rare: Vec<u32>,
    /// The values of the rare heaps, beside them: the hot loop reads them contiguously.
    rare_values: Vec<u16>,
    /// `WINDOW − i` for the rare heaps `i ≤ WINDOW`, the offsets of
    /// `g[r − i]` in the [`WINDOW`] values below `r`.
    rare_back: Vec<u16>,
    counts: Vec<u64>,
    common_list: Vec<u16>,
    rare_at_rebuild: usize,
    /// Full scans done (the mex through rare heaps was rare).
    pub full_scans: u64,
    /// Searches for a witness of one rare candidate.
    pub witness_searches: u64,
    /// `marks[v] == stamp`: `v` is an option of the current heap.
    marks: Box<[u32; VALUE_SPACE]>,
    stamp: u32,
}

impl Default for Split {
    fn default() -> Self {
        Split {
            common: vec![0; VALUE_SPACE / 64],
            rare: Vec::new(),
            rare_values: Vec::new(),
            rare_back: Vec::new(),
            counts: vec![0; VALUE_SPACE + 1],
            common_list: Vec::new(),
            rare_at_rebuild: 0,
            full_scans: 0,
            witness_searches: 0,
            marks: Box::new([0; VALUE_SPACE]),
            stamp: 0,
        }
    }
}

impl Split {
    /// A split fitted to the values so far.
    pub fn fitted(g: &[u16]) -> Split {
        let mut split = Split::default();
        for &v in g {
            split.counts[usize::from(v)] += 1;
        }
        split.rebuild(g);
        split
    }

    /// The common values.
    pub fn common_values(&self) -> Vec<u16> {
        self.common_list.clone()
    }

    fn is_common(&self, v: u32) -> bool {
        v < VALUE_SPACE as u32 && self.common[(v >> 6) as usize] >> (v & 63) & 1 == 1
    }

    fn sum_free_with(&self, v: u16) -> bool {
        v != 0
            && !self.is_common(u32::from(v))
            && self
                .common_list
                .iter()
                .all(|&c| !self.is_common(u32::from(c ^ v)))
    }

    fn add_common(&mut self, v: u16) {
        self.common[usize::from(v >> 6)] |= 1 << (v & 63);
        self.common_list.push(v);
    }

    /// Chooses `C`, the better of two sum-free sets (the one that leaves
    /// fewer rare heaps): the values of odd parity under the best linear
    /// functional ([`best_functional`]), or a greedy pick, most frequent value
    /// first; then lists the rare heaps.
    ///
    /// # Complexity
    /// `O(V²·|C| + B·2^B + n)` for `V` distinct values below `2^B`.
    pub fn rebuild(&mut self, g: &[u16]) {
        self.common.fill(0);
        self.common_list.clear();
        let mut by_count: Vec<u16> = (0..=u16::MAX)
            .filter(|&v| self.counts[usize::from(v)] > 0)
            .collect();
        by_count.sort_by_key(|&v| (std::cmp::Reverse(self.counts[usize::from(v)]), v));
        for &v in &by_count {
            if self.sum_free_with(v) {
                self.add_common(v);
            }
        }
        let greedy: u64 = (self.common_list.iter())
            .map(|&c| self.counts[usize::from(c)])
            .sum();
        let (mask, linear) = best_functional(&self.counts[..VALUE_SPACE]);
        if linear > greedy {
            self.common.fill(0);
            self.common_list.clear();
            for v in by_count {
                if (v & mask).count_ones() % 2 == 1 {
                    self.add_common(v);
                }
            }
        }
        self.rare = (1..g.len())
            .filter(|&i| !self.is_common(u32::from(g[i])))
            .map(|i| i as u32)
            .collect();
        self.rare_values = self.rare.iter().map(|&i| g[i as usize]).collect();
        self.rare_back = self.rare.iter().map_while(|&i| back_offset(i)).collect();
        self.rare_at_rebuild = self.rare.len();
    }

    /// Records the value just found for heap `n`.
    pub fn record(&mut self, g: &[u16], n: usize) {
        let v = g[n];
        self.counts[usize::from(v)] += 1;
        if n > 0 && !self.is_common(u32::from(v)) {
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

    /// Whether the method pays for a heap of `n`: far fewer rare heaps than
    /// pairs (measured by instruction counts on 0.6 to 2·10^5: a quarter beats
    /// an eighth).
    pub fn pays(&self, n: usize) -> bool {
        n >= 256 && self.rare.len() * 4 < n
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
    pub fn value(
        &mut self,
        level: Level,
        code: &HeapCode,
        g: &[u16],
        n: usize,
        max: u16,
        seen: &mut Seen,
    ) -> u32 {
        seen.reset(max);
        add_takes(code, g, n, seen);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        // No allocation per heap: the splits are listed again when needed.
        let splits = || {
            code.digits()
                .iter()
                .enumerate()
                .filter(move |&(k, &d)| d & 4 != 0 && k + 2 <= n)
                .map(move |(k, _)| n - k)
        };
        for r in splits() {
            self.mark_rare_pairs(g, r, code.unequal());
        }
        let m = self.next_unmarked(seen, 0);
        if self.is_common(m) {
            return m;
        }
        self.full_scans += 1;
        self.scan(level, code, g, splits(), seen, m)
    }

    /// Marks `g[i] ^ g[r - i]` for every rare heap `i < r`.
    fn mark_rare_pairs(&mut self, g: &[u16], r: usize, unequal: bool) {
        let end = self.rare.partition_point(|&i| (i as usize) < r);
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
    fn mark_rare_range(&mut self, g: &[u16], r: usize, from: usize, to: usize) {
        let stamp = self.stamp;
        let marks = &mut *self.marks;
        let mut from = from;
        let near = self.rare_back.len().min(to);
        if r >= WINDOW && from < near {
            // The hot loop: a 16-bit offset into a fixed-size window and a
            // 16-bit value index need no bounds check (a third fewer
            // instructions per rare heap).
            // Grundy's game splits the heap itself: `g[r]` may be unknown.
            let window: &[u16; WINDOW] = g[r - WINDOW..r].try_into().expect("WINDOW values");
            let backs = self.rare_back[from..near].iter();
            for (&back, &gi) in backs.zip(&self.rare_values[from..near]) {
                marks[usize::from(gi ^ window[usize::from(back)])] = stamp;
            }
            from = near;
        }
        let pairs = self.rare[from..to].iter().zip(&self.rare_values[from..to]);
        for (&i, &gi) in pairs {
            marks[usize::from(gi ^ g[r - i as usize])] = stamp;
        }
    }

    /// The least value `≥ from` that is neither a taking option nor marked.
    fn next_unmarked(&self, seen: &Seen, from: u32) -> u32 {
        (from..VALUE_SPACE as u32)
            .find(|&v| self.marks[v as usize] != self.stamp && !seen.has(v as u16))
            .unwrap_or(VALUE_SPACE as u32)
    }

    /// Marks `g[a] ^ g[r - a]` for `a` in `lo..=hi`.
    fn mark_pairs(&mut self, g: &[u16], r: usize, lo: usize, hi: usize) {
        if lo > hi {
            return;
        }
        let (marks, stamp) = (&mut *self.marks, self.stamp);
        // The XORs of a chunk first (a vectorised loop), then one plain
        // store per pair: half the instructions of a loop doing both.
        let mut xors = [0u16; CHUNK];
        for (left, right) in g[lo..=hi]
            .chunks(CHUNK)
            .zip(g[r - hi..=r - lo].rchunks(CHUNK))
        {
            let xors = &mut xors[..left.len()];
            for ((x, &a), &b) in xors.iter_mut().zip(left).zip(right.iter().rev()) {
                *x = a ^ b;
            }
            for &x in xors.iter() {
                marks[usize::from(x)] = stamp;
            }
        }
    }

    /// Tests the rare candidates in turn: a candidate with a witness pair
    /// (two common heaps whose values XOR to it) is an option, so the next
    /// unseen value is tried; the first common candidate, or one without a
    /// witness, is the value.
    fn scan(
        &mut self,
        level: Level,
        code: &HeapCode,
        g: &[u16],
        splits: impl Iterator<Item = usize> + Clone,
        seen: &Seen,
        m: u32,
    ) -> u32 {
        // Most rare candidates have a witness among the first pairs: one
        // block of them rules out many candidates at once (a plain store per
        // pair). Witnesses come from pairs of common values, so the block
        // grows with their number (a coupon collector's bound; measured).
        // A first short stage settles games with few common values early.
        let block = (FIRST_PAIRS_PER_COMMON * self.common_list.len()).max(2 * SHORT);
        let mut m = m;
        for (from, to) in [(0, SHORT), (SHORT, block)] {
            for r in splits.clone() {
                let (lo, hi) = pair_range(code, r);
                self.mark_pairs(g, r, lo + from, hi.min(lo + to - 1));
            }
            m = self.next_unmarked(seen, m);
            if self.is_common(m) {
                return m;
            }
        }
        while m < VALUE_SPACE as u32 && !self.is_common(m) {
            self.witness_searches += 1;
            let witnessed = splits.clone().any(|r| {
                // The first block's pairs are marked: the witness lies beyond.
                let (lo, hi) = pair_range(code, r);
                has_pair(level, g, r, lo + block, hi, m as u16)
            });
            if !witnessed {
                break;
            }
            m = self.next_unmarked(seen, m + 1);
        }
        if m < VALUE_SPACE as u32
            && !self.is_common(m)
            && self.sum_free_with(m as u16)
            && self.counts[m as usize] == 0
        {
            // A value never seen before joins C while it keeps C sum-free.
            self.add_common(m as u16);
        }
        m
    }
}

/// The mask `m` for which most heaps have a value `v` with `v & m` of odd
/// parity, and how many: `counts[v]` heaps have value `v`.
///
/// The values of odd parity under `m` are sum-free (two of them XOR to even
/// parity). The heaps of even parity number `(N + W[m]) / 2`, with `W` the
/// Walsh–Hadamard transform of the counts, so the best mask is the one whose
/// coefficient is least.
///
/// # Complexity
/// `O(B·2^B)` for values below `2^B`.
pub fn best_functional(counts: &[u64]) -> (u16, u64) {
    let top = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    let size = (top + 1).next_power_of_two().max(2);
    let mut w: Vec<i64> = counts[..size.min(counts.len())]
        .iter()
        .map(|&c| c as i64)
        .collect();
    w.resize(size, 0);
    let mut half = 1;
    while half < size {
        for block in w.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    let total = w[0];
    let (mask, &least) = (w.iter().enumerate().skip(1))
        .min_by_key(|&(m, &x)| (x, m))
        .unwrap_or((1, &total));
    (mask as u16, ((total - least) / 2) as u64)
}

/// Whether `g[a] ^ g[r - a] == v` for some `a` in `lo..=hi`, with the
/// kernels of `level`.
///
/// # Complexity
/// `O(hi - lo)` at worst; the blocks have no branch inside, so many pairs
/// are compared per instruction ([`dispatch::has_pair`]), and a witness ends
/// the search early.
pub fn has_pair(level: Level, g: &[u16], r: usize, lo: usize, hi: usize, v: u16) -> bool {
    if lo > hi {
        return false;
    }
    dispatch::has_pair(level, &g[lo..=hi], &g[r - hi..=r - lo], v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rare_pairs_through_the_window_are_every_rare_pair() {
        let mut rng = crate::rng::SplitMix64::new(3);
        let g: Vec<u16> = (0..140_000)
            .map(|_| (rng.next_u64() % 500) as u16)
            .collect();
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
            split.stamp += 1;
            split.mark_rare_pairs(g, r, unequal);
            let marked: Vec<usize> = (0..VALUE_SPACE)
                .filter(|&v| split.marks[v] == split.stamp)
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
    fn the_best_functional_is_the_best_of_every_mask() {
        let mut rng = crate::rng::SplitMix64::new(5);
        for top in [1usize, 2, 7, 100, 1000] {
            let counts: Vec<u64> = (0..=top).map(|_| rng.next_u64() % 50).collect();
            let odd = |m: usize| -> u64 {
                (counts.iter().enumerate())
                    .filter(|&(v, _)| (v & m).count_ones() % 2 == 1)
                    .map(|(_, &c)| c)
                    .sum()
            };
            let size = (top + 1).next_power_of_two().max(2);
            let best = (1..size).map(odd).max().unwrap();
            let (mask, heaps) = best_functional(&counts);
            assert_eq!((heaps, odd(usize::from(mask))), (best, best), "top {top}");
        }
    }

    #[test]
    fn has_pair_matches_every_pair() {
        let mut rng = crate::rng::SplitMix64::new(11);
        let g: Vec<u16> = (0..1500).map(|_| (rng.next_u64() % 40) as u16).collect();
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
