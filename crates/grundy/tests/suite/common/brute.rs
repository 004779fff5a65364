//! Values of six games by brute force from their rules alone, for testing and
//! measuring the formula guesser: none of this knows the formulas.

use std::collections::{BTreeSet, HashMap};

/// The least value not in `set`.
pub fn mex(set: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !set.contains(v)).expect("finite set")
}

/// E&D (Eat and Divide): two heaps `i, j >= 1`; a move eats one heap and
/// splits the other into two non-empty heaps. Values for `1 <= i, j <= size`.
pub fn ed_table(size: u64) -> Vec<Vec<u64>> {
    let mut memo = HashMap::new();
    (1..=size)
        .map(|i| (1..=size).map(|j| ed(i, j, &mut memo)).collect())
        .collect()
}

fn ed(i: u64, j: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&v) = memo.get(&(i, j)) {
        return v;
    }
    let mut options = BTreeSet::new();
    for heap in [i, j] {
        for a in 1..heap {
            options.insert(ed(a, heap - a, memo));
        }
    }
    let v = mex(&options);
    memo.insert((i, j), v);
    v
}

/// Two-heap Nim: take any positive number from one heap.
pub fn nim_table(size: u64) -> Vec<Vec<u64>> {
    let size = size as usize;
    let mut g = vec![vec![0u64; size]; size];
    for i in 0..size {
        for j in 0..size {
            let mut options: BTreeSet<u64> = (0..i).map(|a| g[a][j]).collect();
            options.extend((0..j).map(|b| g[i][b]));
            g[i][j] = mex(&options);
        }
    }
    g
}

/// Bash with K: take 1 to K from a heap.
pub fn bash_sequence(k: u64, len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options = (1..=k as usize)
            .filter(|&t| t <= n)
            .map(|t| g[n - t])
            .collect();
        g.push(mex(&options));
    }
    g
}

/// The coin-turning games: a row of coins numbered from 0, a position is the
/// set of heads (bit `c` for coin `c`); every move turns a set of coins whose
/// highest member goes from heads to tails.
#[derive(Clone, Copy, Debug)]
pub enum Coins {
    /// Turn one or two coins.
    TurningTurtles,
    /// Turn one, two or three coins.
    MockTurtles,
    /// Turn any run of consecutive coins.
    Ruler,
}

impl Coins {
    /// The other coins (below `r`) a move whose highest coin is `r` may turn.
    fn companions(self, r: u32) -> Vec<u64> {
        let below = 0..r;
        match self {
            Coins::TurningTurtles => std::iter::once(0).chain(below.map(|l| 1 << l)).collect(),
            Coins::MockTurtles => {
                let mut sets = vec![0];
                for a in 0..r {
                    sets.push(1 << a);
                    sets.extend((a + 1..r).map(|b| (1 << a) | (1 << b)));
                }
                sets
            }
            Coins::Ruler => (0..=r).map(|k| ((1u64 << k) - 1) << (r - k)).collect(),
        }
    }

    /// The value of a single heads coin `c`, for `c < coins`, from the values
    /// of every position of `coins` coins.
    pub fn single_coin_values(self, coins: u32) -> Vec<u64> {
        let moves: Vec<Vec<u64>> = (0..coins).map(|r| self.companions(r)).collect();
        let mut g = vec![0u64; 1 << coins];
        // A move clears the highest turned bit, so it leads to a smaller mask.
        for mask in 1u64..1 << coins {
            let mut options = BTreeSet::new();
            for r in (0..coins).filter(|&r| mask >> r & 1 == 1) {
                for &others in &moves[r as usize] {
                    options.insert(g[(mask ^ (1 << r) ^ others) as usize]);
                }
            }
            g[mask as usize] = mex(&options);
        }
        (0..coins).map(|c| g[1 << c]).collect()
    }
}
