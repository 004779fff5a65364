//! The take-and-break engine: codes, Grundy sequences, checkpoints (their
//! periods are proven by [`crate::solve::period`]).
//!
//! ```
//! use grundy::api::sequence::{sequence, Hooks, SequenceOptions};
//!
//! let kayles = sequence(&"kayles".into(), 12, &SequenceOptions::default(), Hooks::default());
//! let kayles = kayles.unwrap();
//! assert_eq!(kayles.rule, "0.77");
//! // OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, …
//! assert_eq!(kayles.values.to_u64(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! ```

pub mod checkpoint;
pub mod code;
pub mod dispatch;
pub mod infer;
pub mod naive;
pub mod sequence;
pub mod sparse;
pub mod subtraction_set;
pub mod triples;

/// The rules of a code, for tests: the mex of heap `n`'s options under
/// `digits` (digit `k` for a take of `k`), every heap a move leaves listed
/// from the rules alone, sharing nothing with the engine.
#[cfg(test)]
pub(crate) fn mex_by_rules(digits: &[usize], g: &[u32], n: usize) -> u32 {
    let mut options = std::collections::BTreeSet::new();
    for (k, &d) in digits.iter().enumerate().take(n + 1) {
        let r = n - k;
        if k > 0 && r == 0 && d & 1 != 0 {
            options.insert(0);
        }
        if k > 0 && r > 0 && d & 2 != 0 {
            options.insert(g[r]);
        }
        for a in (1..r).filter(|&a| d & 4 != 0 && a <= r - a) {
            options.insert(g[a] ^ g[r - a]);
        }
        for a in (1..r).filter(|_| d & 8 != 0) {
            for b in (a..r).filter(|&b| r > a + b && b <= r - a - b) {
                options.insert(g[a] ^ g[b] ^ g[r - a - b]);
            }
        }
    }
    (0..).find(|v| !options.contains(v)).unwrap()
}
