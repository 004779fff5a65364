//! A small deterministic random generator (SplitMix64) for test inputs that
//! must be the same for the same seed on every machine.

/// SplitMix64 (Steele, Lea, Flood 2014): fast, 64-bit state, good enough for
/// generating test inputs; not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (nearly uniform; the bias is below 2^-32 for ranges under 2^32).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "empty range");
        match (hi - lo).checked_add(1) {
            Some(span) => lo + ((u128::from(self.next_u64()) * u128::from(span)) >> 64) as u64,
            None => self.next_u64(),
        }
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.range(0, den - 1) < num
    }
}
