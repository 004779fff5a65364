//! The rare/common ("sparse space") method.
//!
//! The values are split into a *common* set `C` that is XOR-sum-free
//! (`x ^ y` is never in `C` for `x, y` in `C`; so `0` is rare) and the
//! *rare* rest. A split of a heap into two common heaps then never has a
//! common value. So the options that can have a common value all involve a
//! heap of rare value, and those heaps are few: if the mex of the options
//! through rare heaps (plus the taking options) is common, it is the value,
//! found in `O(#rare)` instead of `O(n)`. Otherwise the pairs are scanned in
//! full, stopping once the mex is common.
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
use super::naive::{add_takes, pair_range, Seen, VALUE_SPACE};

/// The rare/common split and the heaps of rare value.
#[derive(Clone, Debug)]
pub struct Split {
    common: Vec<u64>,
    /// Positions `n ≥ 1` whose value is rare, increasing.
    pub rare: Vec<u32>,
    /// The values of the rare heaps, beside them: the hot loop reads them contiguously.
    rare_values: Vec<u16>,
    counts: Vec<u64>,
    common_list: Vec<u16>,
    rare_at_rebuild: usize,
    /// Full scans done (the mex through rare heaps was rare).
    pub full_scans: u64,
}

impl Default for Split {
    fn default() -> Self {
        Split {
            common: vec![0; VALUE_SPACE / 64],
            rare: Vec::new(),
            rare_values: Vec::new(),
            counts: vec![0; VALUE_SPACE + 1],
            common_list: Vec::new(),
            rare_at_rebuild: 0,
            full_scans: 0,
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

    /// Chooses `C` greedily, most frequent value first, and lists the rare heaps.
    ///
    /// # Complexity
    /// `O(V²·|C| + n)` for `V` distinct values.
    pub fn rebuild(&mut self, g: &[u16]) {
        self.common.fill(0);
        self.common_list.clear();
        let mut by_count: Vec<u16> = (0..=u16::MAX)
            .filter(|&v| self.counts[usize::from(v)] > 0)
            .collect();
        by_count.sort_by_key(|&v| (std::cmp::Reverse(self.counts[usize::from(v)]), v));
        for v in by_count {
            if self.sum_free_with(v) {
                self.add_common(v);
            }
        }
        self.rare = (1..g.len())
            .filter(|&i| !self.is_common(u32::from(g[i])))
            .map(|i| i as u32)
            .collect();
        self.rare_values = self.rare.iter().map(|&i| g[i as usize]).collect();
        self.rare_at_rebuild = self.rare.len();
    }

    /// Records the value just found for heap `n`.
    pub fn record(&mut self, g: &[u16], n: usize) {
        let v = g[n];
        self.counts[usize::from(v)] += 1;
        if n > 0 && !self.is_common(u32::from(v)) {
            self.rare.push(n as u32);
            self.rare_values.push(v);
        }
        if n.is_power_of_two() || self.rare.len() > 2 * self.rare_at_rebuild + 64 {
            self.rebuild(g);
        }
    }

    /// Whether the method pays for a heap of `n`: far fewer rare heaps than pairs.
    pub fn pays(&self, n: usize) -> bool {
        n >= 256 && self.rare.len() * 8 < n
    }

    /// The value of a heap of `n` (a code whose splits leave two heaps).
    ///
    /// # Complexity
    /// `O(t + s·#rare)` usually; `O(s·n)` when the value is rare.
    pub fn value(
        &mut self,
        code: &HeapCode,
        g: &[u16],
        n: usize,
        max: u16,
        seen: &mut Seen,
    ) -> u32 {
        seen.reset(max);
        add_takes(code, g, n, seen);
        // No allocation per heap: the splits are listed again when needed.
        let splits = || {
            code.digits()
                .iter()
                .enumerate()
                .filter(move |&(k, &d)| d & 4 != 0 && k + 2 <= n)
                .map(move |(k, _)| n - k)
        };
        for r in splits() {
            let end = self.rare.partition_point(|&i| (i as usize) < r);
            let pairs = self.rare[..end].iter().zip(&self.rare_values[..end]);
            if code.unequal() {
                // Grundy's game: the equal split is not a move.
                for (&i, &gi) in pairs.filter(|(&i, _)| 2 * i as usize != r) {
                    seen.add(gi ^ g[r - i as usize]);
                }
            } else {
                for (&i, &gi) in pairs {
                    seen.add(gi ^ g[r - i as usize]);
                }
            }
        }
        let m = seen.mex();
        if self.is_common(m) {
            return m;
        }
        self.full_scans += 1;
        self.scan(code, g, splits(), seen)
    }

    /// Every pair, in blocks, until the mex is common or all are seen.
    fn scan(
        &mut self,
        code: &HeapCode,
        g: &[u16],
        splits: impl Iterator<Item = usize>,
        seen: &mut Seen,
    ) -> u32 {
        // A witness for the candidate usually comes among the first pairs,
        // so blocks start small and double.
        let mut block = 8;
        let mut m = seen.mex();
        for r in splits {
            let (lo, hi) = pair_range(code, r);
            let mut a = lo;
            while a <= hi {
                let b = (a + block - 1).min(hi);
                block = (block * 2).min(4096);
                seen.add_pairs(g, r, a, b);
                a = b + 1;
                if m >= VALUE_SPACE as u32 || seen.has(m as u16) {
                    m = seen.mex();
                    if self.is_common(m) {
                        return m;
                    }
                }
            }
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
