//! The engine's hot loops, compiled for several instruction sets, one of
//! them chosen once at start-up.
//!
//! A default `cargo build --release` targets baseline x86-64 (SSE2): the
//! pair loops of the plain mex need a variable shift per lane, which SSE2
//! lacks, so they ran five times slower than in a `-C target-cpu=native`
//! build. Here each kernel is one generic, safe, `#[inline(always)]` body,
//! compiled three times: for baseline x86-64, for AVX2 (x86-64-v3) and for
//! AVX-512 (x86-64-v4). [`Level::detect`] asks the CPU once which it may
//! run; other architectures get the plain body, which their default target
//! already vectorises (NEON is part of baseline aarch64).
//!
//! # Safety
//!
//! This is the one module of the crate that uses `unsafe`: calling a
//! `#[target_feature]` function is `unsafe` because running its
//! instructions on a CPU without them is undefined behaviour. A [`Level`]
//! can only be obtained from [`Level::detect`], [`Level::available`] or
//! [`Level::baseline`], which hand out only levels whose every feature
//! `is_x86_feature_detected!` confirmed; each `unsafe` call below is
//! guarded by matching on such a level. The kernels' bodies are safe code.
#![allow(unsafe_code)]

use std::fmt;
use std::sync::OnceLock;

/// An instruction set the kernels were compiled for, confirmed available on
/// this CPU (it cannot be made up: see the module's safety note).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Level {
    /// Plain code for the target the crate was built for.
    pub fn baseline() -> Level {
        Level(Kind::Baseline)
    }

    /// The best level this CPU runs, found once and remembered.
    ///
    /// ```
    /// use grundy::api::Level;
    /// assert!(Level::available().contains(&Level::detect()));
    /// ```
    pub fn detect() -> Level {
        static BEST: OnceLock<Level> = OnceLock::new();
        *BEST.get_or_init(|| *Level::available().last().unwrap_or(&Level::baseline()))
    }

    /// Every level this CPU runs, worst first (tests force each in turn).
    pub fn available() -> Vec<Level> {
        let mut levels = vec![Level::baseline()];
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let v3 = has!("avx2")
                && has!("bmi1")
                && has!("bmi2")
                && has!("lzcnt")
                && has!("popcnt")
                && has!("fma")
                && has!("movbe");
            let v4 = v3
                && has!("avx512f")
                && has!("avx512bw")
                && has!("avx512vl")
                && has!("avx512dq")
                && has!("avx512cd");
            if v3 {
                levels.push(Level(Kind::Avx2));
            }
            if v4 {
                levels.push(Level(Kind::Avx512));
            }
        }
        levels
    }

    /// Its name, as `--verbose` and the progress line print it.
    pub fn name(self) -> &'static str {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            Kind::Baseline => "x86-64 baseline (SSE2)",
            #[cfg(not(target_arch = "x86_64"))]
            Kind::Baseline => "baseline",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "AVX2",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => "AVX-512",
        }
    }
}

impl Default for Level {
    /// [`Level::detect`].
    fn default() -> Level {
        Level::detect()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Defines a public kernel `$name(level, args…)` that runs the safe body
/// `$body(args…)` compiled for `level`.
macro_rules! kernel {
    ($(#[$doc:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty => $body:path;) => {
        $(#[$doc])*
        #[inline]
        pub fn $name(level: Level, $($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                // x86-64-v3.
                #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma,movbe")]
                fn avx2($($arg: $ty),*) -> $ret {
                    $body($($arg),*)
                }
                // x86-64-v4.
                #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx2,bmi1,bmi2,lzcnt,popcnt,fma,movbe")]
                fn avx512($($arg: $ty),*) -> $ret {
                    $body($($arg),*)
                }
                match level.0 {
                    // SAFETY: a `Level` of `Avx2` exists only once every v3
                    // feature was detected (see `Level::available`).
                    Kind::Avx2 => return unsafe { avx2($($arg),*) },
                    // SAFETY: as above, for the v4 features.
                    Kind::Avx512 => return unsafe { avx512($($arg),*) },
                    Kind::Baseline => {}
                }
            }
            let _ = level;
            $body($($arg),*)
        }
    };
}

kernel! {
    /// `OR` over `i` of `1 << ((left[i] ^ right[len − 1 − i]) & 63)`: the
    /// pairs of one split when every option is below 64.
    pub fn pair_bits(left: &[u16], right: &[u16]) -> u64 => body::pair_bits;
}

kernel! {
    /// [`pair_bits`] of 8-bit values: twice the pairs per instruction.
    pub fn pair_bits8(left: &[u8], right: &[u8]) -> u64 => body::pair_bits;
}

kernel! {
    /// Whether `left[i] ^ right[len − 1 − i] == v` for some `i`, by blocks
    /// (no branch inside a block; a witness ends the search early).
    pub fn has_pair(left: &[u16], right: &[u16], v: u16) -> bool => body::has_pair;
}

kernel! {
    /// [`has_pair`] of 8-bit values.
    pub fn has_pair8(left: &[u8], right: &[u8], v: u8) -> bool => body::has_pair;
}

/// The kernels' bodies: plain safe code, generic over the lane width and
/// inlined into each compiled copy.
mod body {
    use std::ops::BitXor;

    /// An unsigned lane: `u8` or `u16`.
    pub trait Lane: Copy + Eq + BitXor<Output = Self> + Into<u32> {}
    impl Lane for u8 {}
    impl Lane for u16 {}

    #[inline(always)]
    pub fn pair_bits<L: Lane>(left: &[L], right: &[L]) -> u64 {
        left.iter()
            .zip(right.iter().rev())
            .fold(0u64, |acc, (&x, &y)| acc | 1u64 << ((x ^ y).into() & 63))
    }

    #[inline(always)]
    pub fn has_pair<L: Lane>(left: &[L], right: &[L], v: L) -> bool {
        const FIRST: usize = 64;
        const BLOCK: usize = 256;
        let block = |l: &[L], r: &[L]| {
            l.iter()
                .zip(r.iter().rev())
                .fold(false, |acc, (&x, &y)| acc | (x ^ y == v))
        };
        // Most searches end within the first few pairs: a short first block.
        let first = FIRST.min(left.len());
        let (l0, left) = left.split_at(first);
        let (right, r0) = right.split_at(right.len() - first);
        // Block j of `left` pairs with block j of `right` counted from its end.
        block(l0, r0)
            || left
                .chunks(BLOCK)
                .zip(right.rchunks(BLOCK))
                .any(|(l, r)| block(l, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pairs() -> impl Strategy<Value = (Vec<u16>, Vec<u16>)> {
        (0usize..2000, any::<u64>()).prop_map(|(len, seed)| {
            let mut rng = crate::rng::SplitMix64::new(seed);
            // Small values, so that witnesses exist; sometimes any value.
            let modulus = [64, 300, 1 << 16][(seed % 3) as usize];
            let mut draw = || (rng.next_u64() % modulus) as u16;
            let left = (0..len).map(|_| draw()).collect();
            let right = (0..len).map(|_| draw()).collect();
            (left, right)
        })
    }

    proptest! {
        #[test]
        fn every_level_agrees_with_the_plain_loops((left, right) in pairs(), v in 0u16..400) {
            let reversed = || left.iter().zip(right.iter().rev());
            let bits = reversed().fold(0u64, |b, (&x, &y)| b | 1 << ((x ^ y) % 64));
            let found = reversed().any(|(&x, &y)| x ^ y == v);
            // The same pairs cut to 8 bits, for the 8-bit kernels.
            let (left8, right8): (Vec<u8>, Vec<u8>) =
                (left.iter().map(|&x| x as u8).collect(), right.iter().map(|&x| x as u8).collect());
            let reversed8 = || left8.iter().zip(right8.iter().rev());
            let bits8 = reversed8().fold(0u64, |b, (&x, &y)| b | 1 << ((x ^ y) % 64));
            let found8 = reversed8().any(|(&x, &y)| x ^ y == v as u8);
            for level in Level::available() {
                prop_assert_eq!(pair_bits(level, &left, &right), bits, "{}", level);
                prop_assert_eq!(has_pair(level, &left, &right, v), found, "{}", level);
                prop_assert_eq!(pair_bits8(level, &left8, &right8), bits8, "{}", level);
                prop_assert_eq!(has_pair8(level, &left8, &right8, v as u8), found8, "{}", level);
            }
        }
    }

    #[test]
    fn the_detected_level_is_the_best_available() {
        let levels = Level::available();
        assert_eq!(levels[0], Level::baseline());
        assert_eq!(Level::detect(), *levels.last().unwrap());
        assert!(levels.windows(2).all(|w| w[0] < w[1]));
    }
}
