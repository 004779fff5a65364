//! Sprague–Grundy values of Wythoff's game, fast, for whole tables.
//!
//! `G(i, j)` is the mex of the values to its left in row `i`, above it in
//! column `j`, and up-left on its diagonal. Filling the table row by row, a
//! bitset per row, column and diagonal holds the values seen so far, so a
//! cell's options need not be listed: its value is the first bit clear in
//! the OR of three bitsets. Each bitset also keeps its own mex, and the
//! cell's mex is at least the largest of the three, so the scan starts there.
//!
//! # Complexity
//! `O(rows · cols · W / 64)` word operations in the worst case, where
//! `W = rows + cols` bounds the values (`G(i, j) ≤ i + j`, as each value
//! below `G(i, j)` needs its own option); far less in practice, as the scan
//! starts near the answer. Memory `O((rows + cols) · W / 64)` words plus the
//! table.
//!
//! # References
//! OEIS A004481 (the table), A317205, A047708 (its diagonal); Berlekamp,
//! Conway, Guy, *Winning Ways*, ch. 3.

use crate::nimber::Mex;

/// `n` empty sets of values below `bound`, each keeping its mex.
fn lines(n: usize, bound: usize) -> Vec<Mex> {
    let mut line = Mex::default();
    line.start(bound);
    vec![line; n]
}

/// The first number at least `from` that is in none of the three sets.
fn first_gap(a: &Mex, b: &Mex, c: &Mex, from: usize) -> usize {
    let mut w = from / 64;
    // Bits below `from` count as present.
    let mut taken = a.word(w) | b.word(w) | c.word(w) | ((1u64 << (from % 64)) - 1);
    while taken == u64::MAX {
        w += 1;
        taken = a.word(w) | b.word(w) | c.word(w);
    }
    w * 64 + taken.trailing_ones() as usize
}

/// The Grundy values `G(i, j)` of Wythoff's game for `i < rows`, `j < cols`:
/// `table[i][j]`.
///
/// # Complexity
/// See the module documentation.
pub fn wythoff_table(rows: usize, cols: usize) -> Vec<Vec<u32>> {
    if rows == 0 || cols == 0 {
        return vec![Vec::new(); rows];
    }
    // Values are at most i + j < rows + cols; a spare word ends every scan.
    let bound = rows + cols + 64;
    let mut row = Mex::default();
    let mut columns = lines(cols, bound);
    // Diagonal j − i, shifted by rows − 1 to be an index.
    let mut diagonals = lines(rows + cols - 1, bound);
    let mut table = Vec::with_capacity(rows);
    for i in 0..rows {
        row.start(bound);
        let mut values = Vec::with_capacity(cols);
        for (j, column) in columns.iter_mut().enumerate() {
            let d = j + rows - 1 - i;
            let from = row.least().max(column.least()).max(diagonals[d].least());
            let g = first_gap(&row, column, &diagonals[d], from as usize);
            for line in [&mut row, column, &mut diagonals[d]] {
                line.insert(g as u64);
            }
            values.push(u32::try_from(g).expect("values are below rows + cols"));
        }
        table.push(values);
    }
    table
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_wythoff_table() {
        use crate::games::wythoff::wythoff_table;
        let t = wythoff_table(3, 4);
        // Source: OEIS A004481: rows 0..2 begin 0 1 2 3 / 1 2 0 4 / 2 0 1 5.
        assert_eq!(
            t,
            vec![vec![0, 1, 2, 3], vec![1, 2, 0, 4], vec![2, 0, 1, 5]]
        );
    }

    use super::*;
    use crate::mex;
    use crate::Nimber;

    /// The cubic definition, written out: mex over the row, column and diagonal.
    fn naive(n: usize) -> Vec<Vec<u32>> {
        let mut t = vec![vec![0u32; n]; n];
        for i in 0..n {
            for j in 0..n {
                let mut opts: Vec<Nimber> = (0..i).map(|a| Nimber(u64::from(t[a][j]))).collect();
                opts.extend((0..j).map(|b| Nimber(u64::from(t[i][b]))));
                opts.extend((1..=i.min(j)).map(|d| Nimber(u64::from(t[i - d][j - d]))));
                t[i][j] = mex(opts).0 as u32;
            }
        }
        t
    }

    #[test]
    fn matches_the_definition() {
        let fast = wythoff_table(70, 70);
        assert_eq!(fast, naive(70));
        // Rectangles agree with the square's corner.
        let r = wythoff_table(13, 70);
        assert_eq!(r[..], fast[..13]);
        let c = wythoff_table(70, 5);
        assert!(c.iter().zip(&fast).all(|(a, b)| a[..] == b[..5]));
        assert!(wythoff_table(0, 5).is_empty());
        assert_eq!(wythoff_table(2, 0), vec![Vec::<u32>::new(); 2]);
    }

    #[test]
    fn zeros_are_the_wythoff_pairs() {
        let t = wythoff_table(400, 400);
        for (i, row) in t.iter().enumerate() {
            for (j, &g) in row.iter().enumerate() {
                let p = crate::games::wythoff::is_p_position(&i.into(), &j.into());
                assert_eq!(g == 0, p, "({i}, {j})");
            }
        }
    }
}
