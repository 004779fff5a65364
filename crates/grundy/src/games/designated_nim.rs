//! Nim with a designated first pile (GZOI2017): counting the losing schemes.
//!
//! # Rules
//! Normal-play Nim. Of `N` numbered piles, a *scheme* picks a non-empty set
//! `S` of them to play with and a pile `d ∈ S` from which the first player
//! must take on her first move (any positive number of stones). Afterwards
//! the game is plain Nim. [`losing_schemes`] counts the schemes that the
//! first player cannot win.
//!
//! # Solution
//! The first player must leave pile `d` at the XOR `x` of the other piles of
//! `S` (Bouton), which she can iff `x < a_d`. So the count is
//! `Σ_d #{T ⊆ [N] ∖ {d} : XOR(T) ≥ a_d}`. The usual solution counts the subsets
//! by a DP over XOR values, O(N²·V) for values below V. Here the count comes
//! from linear algebra over GF(2): the subsets of a list of `m` vectors whose
//! span has rank `r` hit every vector of the span exactly `2^(m−r)` times. With
//! prefix and suffix bases, the span without pile `d` costs O(B²) for B-bit
//! values, and the span's elements `≥ a_d` are counted in O(B²) on its reduced
//! basis, whose elements in increasing order are the binary numbers
//! `0, 1, 2, …` read on the basis.
//!
//! # References
//! Luogu P5675 \[GZOI2017\] 取石子游戏.

/// A reduced linear basis over GF(2): `rows[b]` is the vector with leading
/// bit `b`, or 0; no other row has bit `b` set.
#[derive(Clone, Debug)]
struct Basis {
    rows: [u64; 64],
    rank: u32,
}

impl Default for Basis {
    fn default() -> Basis {
        Basis {
            rows: [0; 64],
            rank: 0,
        }
    }
}

impl Basis {
    fn insert(&mut self, mut v: u64) {
        for b in (0..64).rev() {
            if v >> b & 1 == 0 {
                continue;
            }
            if self.rows[b] == 0 {
                self.place(b, v);
                return;
            }
            v ^= self.rows[b];
        }
    }

    /// Puts `v` (leading bit `b`, reduced by the rows above) and keeps the basis reduced.
    fn place(&mut self, b: usize, mut v: u64) {
        for lower in (0..b).rev() {
            if v >> lower & 1 == 1 && self.rows[lower] != 0 {
                v ^= self.rows[lower];
            }
        }
        for row in self.rows[b + 1..].iter_mut() {
            if *row >> b & 1 == 1 {
                *row ^= v;
            }
        }
        self.rows[b] = v;
        self.rank += 1;
    }

    fn merged(&self, other: &Basis) -> Basis {
        let mut out = self.clone();
        for &v in other.rows.iter().filter(|&&v| v != 0) {
            out.insert(v);
        }
        out
    }

    /// How many vectors of the span are below `a`.
    fn count_below(&self, a: u64) -> u128 {
        let leads: Vec<u64> = self.rows.iter().copied().filter(|&v| v != 0).collect();
        // The span in increasing order is k ↦ XOR of leads[j] for the bits j of k.
        let value = |k: u128| {
            (0..leads.len())
                .filter(|&j| k >> j & 1 == 1)
                .fold(0, |x, j| x ^ leads[j])
        };
        if a == 0 {
            return 0;
        }
        let mut k: u128 = 0;
        for j in (0..leads.len()).rev() {
            if value(k | 1 << j) < a {
                k |= 1 << j;
            }
        }
        k + 1
    }
}

/// The number of schemes (set `S`, designated pile `d ∈ S`) that the first
/// player loses, modulo `modulus`.
///
/// # Complexity
/// O(N·B²) for N piles of B-bit values (B = 64 here).
///
/// # Panics
/// If `modulus` is 0.
pub fn losing_schemes(piles: &[u64], modulus: u64) -> u64 {
    assert!(modulus > 0, "a modulus of 0");
    let n = piles.len();
    let mut suffix = vec![Basis::default(); n + 1];
    for i in (0..n).rev() {
        suffix[i] = suffix[i + 1].clone();
        suffix[i].insert(piles[i]);
    }
    let m = u128::from(modulus);
    let mut prefix = Basis::default();
    let mut total: u128 = 0;
    for (d, &a) in piles.iter().enumerate() {
        let others = prefix.merged(&suffix[d + 1]);
        let span = 1u128 << others.rank;
        let at_least = (span - others.count_below(a)) % m;
        let copies = pow2_mod((n - 1) as u64 - u64::from(others.rank), modulus);
        total = (total + at_least * u128::from(copies)) % m;
        prefix.insert(a);
    }
    total as u64
}

fn pow2_mod(mut e: u64, modulus: u64) -> u64 {
    let m = u128::from(modulus);
    let (mut base, mut acc) = (2 % m, 1 % m);
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * base % m;
        }
        base = base * base % m;
        e >>= 1;
    }
    acc as u64
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_losing_schemes() {
        use crate::games::designated_nim::losing_schemes;
        // Luogu P5675 sample 1.
        assert_eq!(losing_schemes(&[2, 4, 5], 1_000_000_007), 5);
    }

    use super::*;
    use crate::games::nim::Nim;
    use crate::solve::Searcher;
    use crate::{Outcome, Play};

    /// Counts by playing every scheme: the first player wins iff some
    /// reduction of pile d leaves a P-position, found by search.
    fn by_search(piles: &[u64], search: &mut Searcher<Nim>) -> u64 {
        let n = piles.len();
        let mut losing = 0;
        for set in 1u32..1 << n {
            let members: Vec<usize> = (0..n).filter(|&i| set >> i & 1 == 1).collect();
            for &d in &members {
                let wins = (0..piles[d]).any(|left| {
                    let after = members
                        .iter()
                        .map(|&i| if i == d { left } else { piles[i] })
                        .collect();
                    search.solve(&Nim::new(after)).unwrap().outcome == Outcome::Previous
                });
                losing += u64::from(!wins);
            }
        }
        losing
    }

    /// The usual solution's subset-XOR DP per designated pile, for values below 512.
    fn by_dp(piles: &[u64], modulus: u64) -> u64 {
        let mut total = 0;
        for d in 0..piles.len() {
            let mut f = vec![0u64; 512];
            f[0] = 1;
            for (_, &a) in piles.iter().enumerate().filter(|&(j, _)| j != d) {
                f = (0..512)
                    .map(|v| (f[v] + f[v ^ a as usize]) % modulus)
                    .collect();
            }
            total = (total + f[piles[d] as usize..].iter().sum::<u64>()) % modulus;
        }
        total
    }

    #[test]
    fn matches_every_scheme_played_by_search() {
        let mut search = Searcher::new(Play::Normal);
        let mut rng = crate::rng::SplitMix64::new(11);
        for _ in 0..150 {
            let n = rng.range(1, 5) as usize;
            let piles: Vec<u64> = (0..n).map(|_| rng.range(1, 7)).collect();
            assert_eq!(
                losing_schemes(&piles, u64::MAX),
                by_search(&piles, &mut search),
                "{piles:?}"
            );
        }
    }

    #[test]
    fn matches_the_subset_xor_dp_on_larger_inputs() {
        let mut rng = crate::rng::SplitMix64::new(5);
        for _ in 0..20 {
            let n = rng.range(1, 40) as usize;
            let piles: Vec<u64> = (0..n).map(|_| rng.range(1, 511)).collect();
            assert_eq!(
                losing_schemes(&piles, 1_000_000_007),
                by_dp(&piles, 1_000_000_007),
                "{piles:?}"
            );
        }
    }

    #[test]
    fn samples() {
        // Source: Luogu P5675 samples.
        assert_eq!(losing_schemes(&[2, 4, 5], 1_000_000_007), 5);
        assert_eq!(losing_schemes(&[1, 2, 2], 1_000_000_007), 6);
    }
}
