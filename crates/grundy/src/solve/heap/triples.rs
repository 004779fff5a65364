//! The options of a split into three heaps (a hexadecimal digit's bit 8)
//! in less than cubic time.
//!
//! A heap of `r` split into three non-empty heaps has the options
//! `G(a) ^ G(b) ^ G(c)` for every `a + b + c = r`. Read one heap at a
//! time, that is `O(r²)` options for each heap, `O(n³)` for a sequence:
//! `period 0.8 --max 5000` took 7 s, and a census of hexadecimal codes to
//! 20,000 values was out of reach.
//!
//! Instead, every triple is a heap `c` beside a pair of total `s = r − c`,
//! so the options are the union, over `c`, of the pair values of total
//! `s` ([`Triples`] keeps them, a bitset for each total, found once) each
//! XORed with `G(c)`. The heaps `c` of one value share that XOR: their
//! pair sets are ORed together first, then the union is XORed once per
//! value. A heap then costs `O(r · w)` word operations (`w` the words of a
//! bitset: the values' bits over 64), a sequence `O(n² · w)`.

/// The most bytes the pair sets may take; beyond them the heaps are split
/// one triple at a time (a sequence that long would take days at either
/// speed).
pub const MAX_PAIR_BYTES: usize = 64 << 20;

/// The pair values of every total seen so far, as bitsets, and the scratch
/// space of one heap's options.
#[derive(Clone, Debug, Default)]
pub struct Triples {
    /// `pairs[s * words..][..words]`: the values `G(a) ^ G(s − a)`,
    /// `1 ≤ a ≤ s / 2`, of total `s` (empty for `s < 2`).
    pairs: Vec<u64>,
    /// Words of each bitset: every value, and so every XOR of values, is
    /// below `64 · words`.
    words: usize,
    /// The totals whose pair sets are in `pairs`.
    totals: usize,
    /// For each value `v`, the union of the pair sets beside a heap of
    /// value `v` (one heap's options).
    by_value: Vec<u64>,
    /// The values whose union in `by_value` is not empty.
    touched: Vec<usize>,
    /// The options of the heap in progress.
    options: Vec<u64>,
}

impl Triples {
    /// Calls `add` with every value `G(a) ^ G(b) ^ G(c)`, `a + b + c = r`
    /// (all three non-empty), of `g` (the values of the heaps below `r` at
    /// least); `false`, with nothing added, where the pair sets would pass
    /// [`MAX_PAIR_BYTES`].
    pub fn each_option<V: Copy + Into<u32>>(
        &mut self,
        g: &[V],
        r: usize,
        mut add: impl FnMut(u32),
    ) -> bool {
        if r < 3 {
            return true;
        }
        let top = g[1..r].iter().map(|&v| v.into()).max().unwrap_or(0);
        if !self.fit(top, r - 1) {
            return false;
        }
        self.extend(g, r - 1);
        let words = self.words;
        self.union_by_value(g, r);
        self.options.clear();
        self.options.resize(words, 0);
        for &v in &self.touched {
            let union = &self.by_value[v * words..][..words];
            xor_into(&mut self.options, union, v);
        }
        for (w, &word) in self.options.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                add((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        true
    }

    /// Whether the pair sets of totals up to `total`, and the unions of
    /// each value, fit in [`MAX_PAIR_BYTES`] at a width for values up to
    /// `top`, made that wide if so.
    fn fit(&mut self, top: u32, total: usize) -> bool {
        let words = (top as usize + 1).next_power_of_two().div_ceil(64);
        let words = words.max(self.words).max(1);
        let sets = (total + 1).saturating_add(64 * words);
        let bytes = sets.saturating_mul(words).saturating_mul(8);
        if bytes > MAX_PAIR_BYTES {
            return false;
        }
        if words != self.words {
            self.widen(words);
        }
        true
    }

    /// Copies the pair sets into bitsets of `words` words.
    fn widen(&mut self, words: usize) {
        let mut wide = vec![0u64; self.totals * words];
        if self.words > 0 {
            for (s, set) in self.pairs.chunks_exact(self.words).enumerate() {
                wide[s * words..][..self.words].copy_from_slice(set);
            }
        }
        self.pairs = wide;
        self.words = words;
        // The unions are laid out at the old width: started again.
        self.by_value.clear();
        self.touched.clear();
    }

    /// Finds the pair sets of every total up to `total`.
    fn extend<V: Copy + Into<u32>>(&mut self, g: &[V], total: usize) {
        let words = self.words;
        while self.totals <= total {
            let s = self.totals;
            self.pairs.resize((s + 1) * words, 0);
            let set = &mut self.pairs[s * words..];
            for a in 1..=s / 2 {
                let x = (g[a].into() ^ g[s - a].into()) as usize;
                set[x / 64] |= 1 << (x % 64);
            }
            self.totals += 1;
        }
    }

    /// ORs the pair set of total `r − c` into the union of `G(c)`'s value,
    /// for every heap `c` of a split of `r`.
    fn union_by_value<V: Copy + Into<u32>>(&mut self, g: &[V], r: usize) {
        let words = self.words;
        for &v in &self.touched {
            self.by_value[v * words..][..words].fill(0);
        }
        self.touched.clear();
        let values = 64 * words;
        if self.by_value.len() < values * words {
            self.by_value.resize(values * words, 0);
        }
        for (c, &value) in g.iter().enumerate().take(r - 1).skip(1) {
            let v = value.into() as usize;
            let union = &mut self.by_value[v * words..][..words];
            let pairs = &self.pairs[(r - c) * words..][..words];
            if union.iter().all(|&w| w == 0) {
                self.touched.push(v);
            }
            for (u, p) in union.iter_mut().zip(pairs) {
                *u |= p;
            }
        }
    }
}

/// ORs into `into` the set `from` with every member XORed with `v`.
fn xor_into(into: &mut [u64], from: &[u64], v: usize) {
    let (high, low) = (v / 64, (v % 64) as u32);
    for (w, &word) in from.iter().enumerate() {
        if word != 0 {
            into[w ^ high] |= xor_bits(word, low);
        }
    }
}

/// The word whose bit `i ^ m` is `word`'s bit `i`, for `m < 64`: a swap
/// of neighbouring blocks of `2^j` bits for each bit `j` of `m`.
fn xor_bits(mut word: u64, m: u32) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (j, low) in LOW.iter().enumerate() {
        if m & (1 << j) != 0 {
            let k = 1 << j;
            word = ((word & low) << k) | ((word >> k) & low);
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_xored_moves_each_bit_to_its_xor() {
        let mut rng = crate::rng::SplitMix64::new(5);
        for _ in 0..200 {
            let word = rng.next_u64();
            let m = (rng.next_u64() % 64) as u32;
            let moved = xor_bits(word, m);
            for i in 0..64 {
                assert_eq!((moved >> (i ^ m)) & 1, (word >> i) & 1, "{word:x} ^ {m}");
            }
        }
    }

    /// Every triple of `g` of total `r`, one by one.
    fn listed(g: &[u32], r: usize) -> Vec<u32> {
        let mut all = Vec::new();
        for a in 1..r {
            for b in 1..r - a {
                all.push(g[a] ^ g[b] ^ g[r - a - b]);
            }
        }
        all.sort_unstable();
        all.dedup();
        all
    }

    #[test]
    fn the_options_of_a_split_into_three_are_every_triple() {
        let mut rng = crate::rng::SplitMix64::new(17);
        for bound in [2u64, 7, 100, 300] {
            let g: Vec<u32> = (0..160).map(|_| (rng.next_u64() % bound) as u32).collect();
            let mut triples = Triples::default();
            for r in 0..g.len() {
                let mut found = Vec::new();
                assert!(triples.each_option(&g, r, |v| found.push(v)));
                found.sort_unstable();
                assert_eq!(found, listed(&g, r), "r = {r}, values below {bound}");
            }
        }
    }
}
