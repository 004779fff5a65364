//! A fast non-cryptographic hasher for the search tables.
//!
//! Search memoises millions of small keys; SipHash (std's default) costs more
//! than the work it guards. This is the multiply-rotate scheme of rustc's
//! FxHasher, which is fine here because keys are not chosen by an adversary
//! who could profit from collisions.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher: one multiply and rotate per word.
#[derive(Clone, Copy, Default)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8-byte chunk")));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    /// The state turned so that its best-mixed bits, the high ones (a
    /// multiply carries only upwards), pick the bucket: hashbrown takes the
    /// bucket from the low bits, which would otherwise hang on the low bits
    /// of the last word alone (as rustc-hash 2 does).
    #[inline]
    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

/// A `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with [`FxHasher`].
pub type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

/// The word whose hash, written alone into a fresh [`FxHasher`], is `n` in
/// its low bits (the bucket hashbrown picks) and a mix of `n` in its top 7
/// (the tag it compares first). Keys so written lie in the table in the
/// order of `n`, and a search that meets them in order (the options of a
/// heap of Grundy's game, one part growing and the other shrinking) walks
/// the table's memory in order rather than at random: a cache miss per
/// lookup was the most of the lookup's time.
pub fn in_order(n: u64) -> u64 {
    let tag = n.wrapping_mul(SEED) >> 57;
    let hash = (n & (u64::MAX >> 7)) | tag << 57;
    hash.rotate_right(26).wrapping_mul(SEED_INVERSE)
}

/// The inverse of [`SEED`] modulo 2^64, by Newton's iteration (each step
/// doubles the bits right, from the 3 of an odd number's own inverse).
const SEED_INVERSE: u64 = {
    let mut x = SEED;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(SEED.wrapping_mul(x)));
        i += 1;
    }
    x
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_words_hash_to_their_number_under_a_mixed_tag() {
        assert_eq!(SEED.wrapping_mul(SEED_INVERSE), 1);
        let mut tags = FxHashSet::default();
        for n in (0..1000).chain([123_456_789, 1 << 40]) {
            let mut h = FxHasher::default();
            h.write_u64(in_order(n));
            let hash = h.finish();
            assert_eq!(hash & (u64::MAX >> 7), n);
            tags.insert(hash >> 57);
        }
        // Tags spread over most of the 128, not one for every key.
        assert!(tags.len() > 100, "{}", tags.len());
    }
}
