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
//! XORed with `G(c)`. Taking that union whole costs `O(r · w)` word
//! operations a heap (`w` the words of a bitset: the values' bits over
//! 64), a sequence `O(n² · w)`: still cubic where the values grow with the
//! heap (0.8's are about `n / 3`), and 0.8 to 20,000 values took 35 s.
//!
//! So the mex is found a word of 64 values at a time
//! ([`Triples::least_missing`]): for word `j`, the heaps `c` are read,
//! each adding the values of word `j` that `G(c)` XORs into its pair set
//! of total `r − c` (one load and a bit permutation), until the word is
//! full. Two orders make a word below the mex fill within a few dozen
//! heaps:
//!
//! - each heap `c` is read beside every split of the heap at once (a
//!   split of `n` and one of `n − 1` often give the values of one parity
//!   each, and read one after the other, every word waited for the first
//!   split to be read whole);
//! - the heaps whose value lies in word `j` come first: two equal heaps
//!   give the pair value 0, so `G(c)` itself is an option whenever `r − c`
//!   is even, and these heaps alone often fill the word.
//!
//! Only the mex's word reads every heap: a heap costs `O(r)` lookups, a
//! sequence `O(n²)`; at worst `O(r · w)`, as the union.
//!
//! Measured (`grundy period CODE --max N`, release build, best of 3):
//!
//! | code | values | union | word by word | both orders |
//! | --- | --- | --- | --- | --- |
//! | 0.8 | 20,000 | 35 s | 11.6 s | 3.2 s |
//! | 8.A (`G(n) = n − 1`) | 10,000 | | 48.8 s | 1.2 s |
//! | C.F | 10,000 | | 6.3 s | 2.9 s |
//!
//! The census of every one-digit hexadecimal code with leading digits 0,
//! 4, 8 and C to 20,000 values went from over half an hour to 3 minutes.

use crate::nimber::Mex;

/// The most bytes the pair sets may take, whatever the budget; beyond them
/// the heaps are split one triple at a time (a sequence that long would
/// take days at either speed).
pub const MAX_PAIR_BYTES: usize = 256 << 20;

/// The pair values of every total seen so far, as bitsets, word-major: the
/// heaps `c` read one after the other for one word of values mostly read
/// the same word of neighbouring totals, side by side in memory.
#[derive(Clone, Debug, Default)]
pub struct Triples {
    /// `pairs[w * room + s]`: word `w` of the set of values
    /// `G(a) ^ G(s − a)`, `1 ≤ a ≤ s / 2`, of total `s` (empty for `s < 2`).
    pairs: Vec<u64>,
    /// Words of each bitset: every value, and so every XOR of values, is
    /// below `64 · words`.
    words: usize,
    /// The totals each word has room for.
    room: usize,
    /// The totals whose pair sets are in `pairs`.
    totals: usize,
    /// The heaps split into three for the heap in progress
    /// ([`Triples::least_missing`]).
    heaps: Vec<usize>,
    /// `by_word[w]`: the heaps from 1 to `indexed - 1` whose value is in
    /// word `w` (values `64w .. 64w + 63`), least first.
    by_word: Vec<Vec<u32>>,
    /// The heaps listed in `by_word`, 0 included.
    indexed: usize,
    /// The most bytes the pair sets may take, below [`MAX_PAIR_BYTES`]
    /// ([`Triples::limit`]); `None`: that constant.
    cap: Option<usize>,
}

impl Triples {
    /// Keeps the pair sets within `bytes` (and [`MAX_PAIR_BYTES`]): past
    /// them the heaps are split one triple at a time, with the same values.
    pub fn limit(&mut self, bytes: usize) {
        self.cap = Some(bytes.min(MAX_PAIR_BYTES));
    }

    /// The bytes the pair sets take.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.pairs.len() * std::mem::size_of::<u64>()
    }

    /// The least value that is neither in `seen` nor the value of a split
    /// into three non-empty heaps of any of `heaps`, the values of the
    /// heaps below them in `g`, every one at most `top`: the mex of a heap
    /// whose other options are in `seen`.
    ///
    /// `None` where the pair sets would pass their cap ([`MAX_PAIR_BYTES`]
    /// or [`Triples::limit`]; the caller then lists the triples one by one).
    ///
    /// # Complexity
    /// `O(Σ_j ℓ_j)` lookups for `ℓ_j` the heaps read until word `j` is
    /// full, over the words up to the mex's: `O(Σ r)` for the mex's word,
    /// `O(Σ r · w)` at most. The pair sets take `O(r · w)` words, at most
    /// their cap.
    pub fn least_missing<V: Copy + Into<u32>>(
        &mut self,
        g: &[V],
        heaps: impl Iterator<Item = usize>,
        top: u32,
        seen: &Mex,
    ) -> Option<u32> {
        let mut list = std::mem::take(&mut self.heaps);
        list.clear();
        list.extend(heaps.filter(|&r| r >= 3));
        let found = self.search(g, &list, top, seen);
        self.heaps = list;
        found
    }

    fn search<V: Copy + Into<u32>>(
        &mut self,
        g: &[V],
        heaps: &[usize],
        top: u32,
        seen: &Mex,
    ) -> Option<u32> {
        let Some(largest) = heaps.iter().copied().max() else {
            return u32::try_from(seen.mex()).ok();
        };
        if !self.fit(top, largest - 1) {
            return None;
        }
        self.extend(g, largest - 1);
        self.index(g, largest - 2);
        let (words, room) = (self.words, self.room);
        let seen_words = (seen.bound() / 64) as usize;
        // The options of word `j` (values `64j .. 64j + 63`), until all 64
        // are found. Each heap `c` is read beside every split at once: the
        // splits of one heap may give only half the values (those of one
        // parity, say), and a word read split after split would wait for
        // the last one.
        for j in 0..words {
            let mut found = if j < seen_words { seen.word(j) } else { 0 };
            // Heap `c` of value `v`, beside word `w` of the pair sets.
            let read = |c: usize, v: u32, w: usize, found: &mut u64| {
                let bits = v % 64;
                for &r in heaps {
                    if c + 1 < r {
                        *found |= xor_bits(self.pairs[w * room + r - c], bits);
                    }
                }
            };
            // First the heaps whose value lies in word `j`, beside the
            // pair sets' word 0: two equal heaps give the pair value 0, so
            // these alone often fill the word.
            for &c in self.by_word.get(j).map_or(&[][..], Vec::as_slice) {
                if found == u64::MAX {
                    break;
                }
                let c = c as usize;
                read(c, g[c].into(), 0, &mut found);
            }
            // Then every heap, with the pair values `p` that `G(c)` XORs
            // into word `j`.
            for (c, &gc) in g.iter().enumerate().take(largest - 1).skip(1) {
                if found == u64::MAX {
                    break;
                }
                let v = gc.into();
                let w = j ^ (v as usize / 64);
                if w < words {
                    read(c, v, w, &mut found);
                }
            }
            if found != u64::MAX {
                return Some((64 * j) as u32 + found.trailing_ones());
            }
        }
        // Every value below `64 · words`, a power of two above every value
        // and so above every option, is an option.
        Some((64 * words) as u32)
    }

    /// Whether the pair sets of totals up to `total` fit in their cap at a
    /// width for values up to `top`, given that
    /// width and room if so (the room at least doubles when it grows).
    fn fit(&mut self, top: u32, total: usize) -> bool {
        let words = (top as usize + 1).next_power_of_two().div_ceil(64);
        let words = words.max(self.words).max(1);
        if words == self.words && total < self.room {
            return true;
        }
        let cap = self.cap.unwrap_or(MAX_PAIR_BYTES);
        let bytes = |room: usize| room.saturating_mul(words).saturating_mul(8);
        let need = total + 1;
        // Doubled, or as many totals as the bytes allow: growing by one
        // total at a time near the cap would copy every set each heap.
        let most = cap / (words * 8);
        let room = match need.max(2 * self.room).max(64) {
            doubled if bytes(doubled) <= cap => doubled,
            _ if need <= most => most,
            _ => return false,
        };
        let mut pairs = vec![0u64; room * words];
        for w in 0..self.words {
            let old = &self.pairs[w * self.room..][..self.totals];
            pairs[w * room..][..self.totals].copy_from_slice(old);
        }
        (self.pairs, self.words, self.room) = (pairs, words, room);
        true
    }

    /// Lists every heap from 1 to `last` by the word of its value.
    fn index<V: Copy + Into<u32>>(&mut self, g: &[V], last: usize) {
        let first = self.indexed.max(1);
        for (c, &gc) in g.iter().enumerate().take(last + 1).skip(first) {
            let w = (gc.into() / 64) as usize;
            if self.by_word.len() <= w {
                self.by_word.resize(w + 1, Vec::new());
            }
            self.by_word[w].push(c as u32);
        }
        self.indexed = self.indexed.max((last + 1).min(g.len()));
    }

    /// Finds the pair sets of every total up to `total`.
    fn extend<V: Copy + Into<u32>>(&mut self, g: &[V], total: usize) {
        while self.totals <= total {
            let s = self.totals;
            for a in 1..=s / 2 {
                let x = (g[a].into() ^ g[s - a].into()) as usize;
                self.pairs[(x / 64) * self.room + s] |= 1 << (x % 64);
            }
            self.totals += 1;
        }
    }
}

/// The word whose bit `i ^ m` is `word`'s bit `i`, for `m < 64`: a swap
/// of neighbouring blocks of `2^j` bits for each bit `j` of `m`, done or
/// not by a mask, with no branch on `m` (which changes from one heap to
/// the next).
#[inline]
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
        let k = 1 << j;
        let swapped = ((word & low) << k) | ((word >> k) & low);
        let keep = 0u64.wrapping_sub(u64::from(m >> j & 1));
        word = (swapped & keep) | (word & !keep);
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
    fn the_least_missing_value_is_the_mex_of_every_triple_and_the_rest() {
        // Values small and spread out (a mex past the first word), one heap
        // or two, other options in `seen`.
        let mut rng = crate::rng::SplitMix64::new(29);
        let mut high = 0;
        for bound in [2u64, 7, 100, 3000] {
            let g: Vec<u32> = (0..200).map(|_| (rng.next_u64() % bound) as u32).collect();
            let top = *g.iter().max().unwrap();
            let mut triples = Triples::default();
            for r in 0..g.len() {
                for heaps in [vec![r], vec![r, r.saturating_sub(2)]] {
                    let mut options: Vec<u32> = heaps.iter().flat_map(|&h| listed(&g, h)).collect();
                    let mut seen = Mex::default();
                    seen.reset(u64::from(top + 1).next_power_of_two().max(64));
                    // Some other options: every third value below the bound.
                    for v in (0..top.min(40)).step_by(3) {
                        seen.mark(v as usize);
                        options.push(v);
                    }
                    let mex = (0..).find(|v| !options.contains(v)).unwrap();
                    let got = triples.least_missing(&g, heaps.iter().copied(), top, &seen);
                    assert_eq!(got, Some(mex), "r = {r}, {heaps:?}, values below {bound}");
                    high += usize::from(mex >= 64);
                }
            }
        }
        assert!(high > 0, "no mex past the first word");
    }
}
