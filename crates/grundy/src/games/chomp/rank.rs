//! Numbering of bars ([`Game::index`](crate::game::Game::index)): every
//! bar that fits in an N×N square gets a number below C(2N, N), the count
//! of such bars, and a bar eaten into gets a smaller number than the bar
//! it came from. The pruned search then keeps a bar's value in an array at
//! its number, and values the bars of a square from the smallest up, each
//! from its options' numbers, with no position built and no table entry.
//!
//! # The order
//! A bar's *shell* is the side of the least square it fits in: the larger
//! of its height (its first column's) and its number of columns. Bars come
//! shell by shell, so those of the N×N square come first, whatever square a
//! search starts from; within a shell, in the lexicographic order of the
//! column heights padded with zeros to N columns. Eating squares lowers
//! heights and never raises one, so it leads to a smaller shell, or to the
//! same shell and a lexicographically smaller list: a smaller number.
//!
//! # The arithmetic
//! The lists of `len` non-increasing heights, none above `m`, number
//! `C(len + m, len)`. The lists of N heights, none above N, lexicographically
//! below `h` number `Σ_j Σ_{v < h_j} C(N−1−j + v, v)`: the lists that agree
//! with `h` before column j and are lower at j, whose columns after j are at
//! most that lower height. The bars of smaller shells among them are
//! subtracted: all of them when `h_0 = N` (each is lower in its first
//! column); otherwise (then `h` has N columns) those whose first N−1 heights
//! are at most `h`'s first N−1, counted the same way one size down.

/// The largest shell numbered: C(64, 32) bars fit in a `u64`, C(66, 33)
/// too, but 32 leaves room to add to a number.
pub(super) const MAX_SHELL: usize = 32;

/// `C(len + m, len)` for `len, m ≤ MAX_SHELL`: the lists of `len`
/// non-increasing heights none above `m`.
const LISTS: [[u64; MAX_SHELL + 1]; MAX_SHELL + 1] = {
    let mut t = [[0u64; MAX_SHELL + 1]; MAX_SHELL + 1];
    let mut len = 0;
    while len <= MAX_SHELL {
        let mut m = 0;
        while m <= MAX_SHELL {
            t[len][m] = match (len, m) {
                (0, _) | (_, 0) => 1,
                _ => t[len - 1][m] + t[len][m - 1],
            };
            m += 1;
        }
        len += 1;
    }
    t
};

/// `BELOW[len][h]`: the lists of `len` non-increasing heights with each
/// height below `h`, `Σ_{v < h} C(len + v, v)` (what a column followed by
/// `len` more contributes to a rank when its height is `h`).
const BELOW: [[u64; MAX_SHELL + 1]; MAX_SHELL + 1] = {
    let mut t = [[0u64; MAX_SHELL + 1]; MAX_SHELL + 1];
    let mut len = 0;
    while len <= MAX_SHELL {
        let mut h = 1;
        while h <= MAX_SHELL {
            t[len][h] = t[len][h - 1] + LISTS[len][h - 1];
            h += 1;
        }
        len += 1;
    }
    t
};

/// `CUM[l][r]`: `Σ_{len < l} BELOW[len][r]`, what columns of height `r`
/// followed by `0..l` columns contribute, for runs of columns summed at once.
const CUM: [[u64; MAX_SHELL + 1]; MAX_SHELL + 2] = {
    let mut t = [[0u64; MAX_SHELL + 1]; MAX_SHELL + 2];
    let mut l = 1;
    while l <= MAX_SHELL + 1 {
        let mut r = 0;
        while r <= MAX_SHELL {
            t[l][r] = t[l - 1][r] + BELOW[l - 1][r];
            r += 1;
        }
        l += 1;
    }
    t
};

/// The bars of shell below `n` (those in an (n−1)×(n−1) square, the bar
/// of no square among them).
fn before_shell(n: usize) -> u64 {
    LISTS[n - 1][n - 1]
}

/// The shell of the bar of column heights `h` (non-increasing, no zero).
pub(super) fn shell(h: &[u8]) -> usize {
    usize::from(h.first().copied().unwrap_or(0)).max(h.len())
}

/// The lexicographic rank of `h` among the lists of `len` heights (`h`
/// padded with zeros), none above the first's bound.
fn lex_rank(h: &[u8], len: usize) -> u64 {
    h.iter()
        .take(len)
        .enumerate()
        .map(|(j, &x)| BELOW[len - 1 - j][usize::from(x)])
        .sum()
}

/// The number of the bar of column heights `h` (non-increasing, no
/// zero, at least one column), counting the bar of one square as 0;
/// `None` past [`MAX_SHELL`].
pub(super) fn index(h: &[u8]) -> Option<u64> {
    let n = shell(h);
    if n == 0 || n > MAX_SHELL {
        return None;
    }
    let smaller_shells = match usize::from(h[0]) == n {
        true => before_shell(n),
        false => lex_rank(h, n - 1) + 1,
    };
    // Less one: the bar of no square, number 0 of shell 0, is no position.
    Some(before_shell(n) + lex_rank(h, n) - smaller_shells - 1)
}

/// Calls `f` with the number of each bar a bite leaves of the bar of
/// heights `h` (shell at most [`MAX_SHELL`]), column by column from the
/// left and each from the bottom up, the poisoned square's bite left out,
/// until `f` returns `false`.
///
/// A bite at row `r > 0` of column `c > 0` (or of column 0, in a bar as
/// wide as its shell) leaves the shell as it is and lowers columns `c..e`
/// (those taller than `r`) to `r`: its number is the bar's less what those
/// columns gave to the two ranks of [`index`], each run of columns summed
/// from prefix sums in O(1). The other bites, 2N at most, are numbered in
/// full.
pub(super) fn each_bite_index(h: &[u8], mut f: impl FnMut(u64) -> bool) {
    let n = h.len();
    let shell = shell(h);
    debug_assert!((1..=MAX_SHELL).contains(&shell));
    // Prefix sums of what each column gives to the rank among lists of
    // `shell` columns, and of `shell - 1`.
    let mut whole = [0u64; MAX_SHELL + 1];
    let mut short = [0u64; MAX_SHELL + 1];
    for (j, &x) in h.iter().enumerate() {
        let x = usize::from(x);
        whole[j + 1] = whole[j] + BELOW[shell - 1 - j][x];
        short[j + 1] = short[j]
            + if j + 1 < shell {
                BELOW[shell - 2 - j][x]
            } else {
                0
            };
    }
    let tall = usize::from(h[0]) == shell;
    let full_short = short[n.min(shell - 1)];
    let base = before_shell(shell) + whole[n] - 1;
    // taller[r]: the columns taller than r, fewer as r grows.
    let mut taller = [0usize; MAX_SHELL + 1];
    let mut j = n;
    for (r, t) in taller[..usize::from(h[0])].iter_mut().enumerate() {
        while j > 0 && usize::from(h[j - 1]) <= r {
            j -= 1;
        }
        *t = j;
    }
    let mut eaten = [0u8; MAX_SHELL];
    for c in 0..n {
        for r in 0..usize::from(h[c]) {
            let i = match (c, r) {
                (0, 0) => continue,
                // The columns from c on go: in a bar as tall as its shell
                // the rest stays in it, and its number is its rank there.
                (_, 0) if tall => whole[c] - 1,
                (_, 0) => index(&h[..c]).expect("a bite leaves a smaller bar"),
                // The first column lowered, a bar as wide as its shell
                // stays in it (as tall as it no more).
                (0, _) if n < shell => {
                    eaten[..n].copy_from_slice(h);
                    for x in &mut eaten[c..n] {
                        *x = (*x).min(r as u8);
                    }
                    index(&eaten[..n]).expect("a bite leaves a smaller bar")
                }
                _ => {
                    let e = taller[r];
                    let lex =
                        base - (whole[e] - whole[c]) + (CUM[shell - c][r] - CUM[shell - e][r]);
                    let smaller_shells = match tall && c > 0 {
                        true => before_shell(shell),
                        false => {
                            let e = e.min(shell - 1);
                            let lowered = match c < e {
                                true => {
                                    (short[e] - short[c])
                                        - (CUM[shell - 1 - c][r] - CUM[shell - 1 - e][r])
                                }
                                false => 0,
                            };
                            full_short - lowered + 1
                        }
                    };
                    lex - smaller_shells
                }
            };
            if !f(i) {
                return;
            }
        }
    }
}

/// The heights of the bar numbered one more than the bar of heights `h`
/// (see [`index`]) into `out`, with how many columns it has; `None` past
/// [`MAX_SHELL`]. The lists of a shell of side n are the non-increasing
/// lists of n heights up to n, in lexicographic order, less those of a
/// smaller shell (first height below n, last 0), which are stepped over;
/// after the last, all n, comes the least of the next shell, all 1.
pub(super) fn next_heights(h: &[u8], out: &mut [u8; MAX_SHELL + 1]) -> Option<usize> {
    let n = shell(h);
    if n > MAX_SHELL {
        return None;
    }
    out.fill(0);
    out[..h.len()].copy_from_slice(h);
    let len = |out: &[u8; MAX_SHELL + 1]| out.iter().take_while(|&&x| x > 0).count();
    loop {
        // The last column that can grow, the rest then as low as can be.
        let grows = (0..n).rev().find(|&j| {
            let cap = if j == 0 { n as u8 } else { out[j - 1] };
            out[j] < cap
        });
        let Some(j) = grows else {
            if n + 1 > MAX_SHELL {
                return None;
            }
            out.fill(0);
            out[..=n].fill(1);
            return Some(n + 1);
        };
        out[j] += 1;
        out[j + 1..n].fill(0);
        if usize::from(out[0]) == n || out[n - 1] > 0 {
            return Some(len(out));
        }
    }
}

/// The column heights of the bar numbered `i` (see [`index`]), into
/// `out` (cleared first); `false` past [`MAX_SHELL`].
pub(super) fn heights_at(i: u64, out: &mut Vec<u8>) -> bool {
    out.clear();
    let Some(g) = i.checked_add(1) else {
        return false;
    };
    let Some(n) = (1..=MAX_SHELL).find(|&n| g < LISTS[n][n]) else {
        return false;
    };
    // The rank among the shell's bars, found column by column: at each,
    // the lowest height whose lists (of this shell) reach past it.
    let mut left = g - before_shell(n);
    let mut cap = n;
    for j in 0..n {
        let rest = n - 1 - j;
        let mut chosen = None;
        for (v, &all) in LISTS[rest][..=cap].iter().enumerate() {
            let lists = all - in_smaller_shell(out, j, v, n);
            if left < lists {
                chosen = Some(v);
                break;
            }
            left -= lists;
        }
        let Some(v) = chosen else {
            return false;
        };
        out.push(v as u8);
        cap = v;
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    true
}

/// Of the lists of shell `n` that begin with `prefix` (columns `0..j`)
/// and then height `v`, those of a smaller shell: first height below `n`
/// and last column empty.
fn in_smaller_shell(prefix: &[u8], j: usize, v: usize, n: usize) -> u64 {
    let first = prefix.first().map_or(v, |&x| usize::from(x));
    if first >= n {
        return 0;
    }
    match j + 1 == n {
        // `v` is the last column's height.
        true => u64::from(v == 0),
        // The columns after j, at most v, the last of them 0.
        false => LISTS[n - 2 - j][v],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every list of non-increasing heights in an n×n square, empty
    /// columns dropped, written from the definition alone.
    fn square(n: u8) -> Vec<Vec<u8>> {
        fn grow(prefix: &mut Vec<u8>, cap: u8, cols: usize, all: &mut Vec<Vec<u8>>) {
            all.push(prefix.clone());
            if prefix.len() == cols {
                return;
            }
            for h in 1..=cap {
                prefix.push(h);
                grow(prefix, h, cols, all);
                prefix.pop();
            }
        }
        let mut all = Vec::new();
        grow(&mut Vec::new(), n, usize::from(n), &mut all);
        all
    }

    #[test]
    fn the_bars_of_a_square_are_numbered_from_0_without_gaps() {
        for n in 1..=7u8 {
            let mut numbers: Vec<u64> = square(n)
                .iter()
                .filter(|h| !h.is_empty())
                .map(|h| index(h).expect("a small bar is numbered"))
                .collect();
            numbers.sort_unstable();
            let expected: Vec<u64> = (0..numbers.len() as u64).collect();
            assert_eq!(numbers, expected, "the bars of the {n}x{n} square");
        }
    }

    #[test]
    fn numbers_name_the_bars_they_came_from() {
        let mut back = Vec::new();
        for h in square(7).into_iter().filter(|h| !h.is_empty()) {
            let i = index(&h).expect("numbered");
            assert!(heights_at(i, &mut back), "bar {i} exists");
            assert_eq!(back, h, "bar number {i}");
        }
    }

    /// The bars the bites of `h` leave, column by column from the left,
    /// each from the bottom up, written from the rules alone.
    fn bitten(h: &[u8]) -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        for (c, &height) in h.iter().enumerate() {
            for r in 0..height {
                if (r, c) == (0, 0) {
                    continue;
                }
                all.push(
                    h.iter()
                        .enumerate()
                        .map(|(j, &x)| if j >= c { x.min(r) } else { x })
                        .filter(|&x| x > 0)
                        .collect(),
                );
            }
        }
        all
    }

    #[test]
    fn each_bar_steps_to_the_bar_numbered_next() {
        // Bars by number, from 0 up through the 8×8 square and into the
        // 9×9 one, each stepped to from the one before, against the bar
        // each number names.
        let mut h = vec![1u8];
        let mut next = [0u8; MAX_SHELL + 1];
        let mut expected = Vec::new();
        for i in 1..13_000u64 {
            assert!(heights_at(i, &mut expected));
            let m = next_heights(&h, &mut next).expect("within the largest shell");
            assert_eq!(&next[..m], &expected[..], "after {h:?}, number {i}");
            h = expected.clone();
        }
        // The last bar of the largest shell has no next.
        let full = vec![MAX_SHELL as u8; MAX_SHELL];
        assert_eq!(next_heights(&full, &mut next), None);
    }

    #[test]
    fn a_bite_lowers_the_number() {
        for h in square(6).into_iter().filter(|h| !h.is_empty()) {
            let i = index(&h).expect("numbered");
            for eaten in bitten(&h) {
                let o = index(&eaten).expect("numbered");
                assert!(o < i, "{eaten:?} ({o}) is eaten from {h:?} ({i})");
            }
        }
    }

    #[test]
    fn bites_are_numbered_as_the_bars_they_leave() {
        for h in square(8).into_iter().filter(|h| !h.is_empty()) {
            let expected: Vec<u64> = bitten(&h)
                .iter()
                .map(|eaten| index(eaten).expect("numbered"))
                .collect();
            let mut got = Vec::new();
            each_bite_index(&h, |i| {
                got.push(i);
                true
            });
            assert_eq!(got, expected, "the bites of {h:?}");
        }
    }

    #[test]
    fn large_squares_are_numbered_to_the_count_of_their_bars() {
        // C(2n, n) bars in an n×n square; the full square is the last.
        let binomial =
            |n: u64, k: u64| (0..k).fold(1u128, |a, i| a * u128::from(n - i) / u128::from(i + 1));
        for n in [10usize, 12, 20, MAX_SHELL] {
            let full = vec![n as u8; n];
            let last = binomial(2 * n as u64, n as u64) - 2;
            assert_eq!(index(&full).map(u128::from), Some(last), "{n}x{n}");
            let mut back = Vec::new();
            assert!(heights_at(last as u64, &mut back));
            assert_eq!(back, full);
        }
        assert_eq!(index(&[1; MAX_SHELL + 1]), None);
        let mut back = Vec::new();
        assert!(!heights_at(u64::MAX, &mut back));
    }
}
