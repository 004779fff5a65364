//! Structure in a table of values `G(i, j)`: periodic rows and columns,
//! symmetry, 2×2 block structure (with the compressed table), and tables that
//! are the XOR of their first row and column.
//!
//! A table is its values row by row and its number of columns, as
//! [`Grid::known`](crate::api::values::Grid::known) and
//! [`Grid::cols`](crate::api::values::Grid::cols) give them: these functions
//! only look, and never need the game.

use serde::Serialize;

use crate::solve::period::{periodicity, Periodicity};

/// The block structure of the E&D table (Luogu P2148): the table cut into 2×2
/// blocks, each with the same value in its upper-left corner and three equal
/// values elsewhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Blocks {
    /// The value every upper-left corner holds.
    pub corner: u64,
    /// Each block replaced by its three equal values.
    pub compressed: Vec<Vec<u64>>,
    /// `Some(d)` when the compressed table is the table itself plus `d`, on
    /// the cells both have.
    pub compressed_is_table_plus: Option<u64>,
}

/// What [`analyze_table`] finds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableStructure {
    /// Rows and columns examined.
    pub rows: usize,
    /// Columns examined.
    pub cols: usize,
    /// Whether `G(i, j) = G(j, i)` on the square part.
    pub symmetric: bool,
    /// The periodicity of each row, if any.
    pub row_periods: Vec<Option<Periodicity>>,
    /// The periodicity of each column, if any.
    pub col_periods: Vec<Option<Periodicity>>,
    /// 2×2 block structure, if the table has one.
    pub blocks: Option<Blocks>,
    /// Whether `G(i, j) = G(i, first) ^ G(first, j)`: the game is the sum of
    /// two independent parts.
    pub xor_of_edges: bool,
    /// How many cells hold 0 (P-positions).
    pub zeros: usize,
    /// Whether the zeros are exactly the diagonal cells `i = j`.
    pub zeros_on_diagonal: bool,
}

/// Looks for structure in the table of `values`, row by row with `cols`
/// columns (a last incomplete row is ignored).
///
/// ```
/// use grundy::api::pattern::analyze_table;
/// let values: Vec<u64> = (0..64).map(|k| (k / 8) ^ (k % 8)).collect();
/// let s = analyze_table(&values, 8);
/// assert!(s.symmetric && s.xor_of_edges && s.zeros_on_diagonal);
/// ```
///
/// # Complexity
/// O(rows · cols · (rows + cols)) for the periods, linear for the rest.
pub fn analyze_table(values: &[u64], cols: usize) -> TableStructure {
    let v = rows_of(values, cols);
    let rows = v.len();
    let cols = if rows == 0 { 0 } else { cols };
    let square = rows.min(cols);
    let symmetric = (0..square).all(|r| (0..square).all(|c| v[r][c] == v[c][r]));
    let xor_of_edges = rows > 0
        && cols > 0
        && (0..rows).all(|r| (0..cols).all(|c| v[r][c] == v[r][0] ^ v[0][c] ^ v[0][0]))
        && v[0][0] == 0;
    let zeros = v.iter().copied().flatten().filter(|&&x| x == 0).count();
    let zeros_on_diagonal = (0..rows).all(|r| (0..cols).all(|c| (v[r][c] == 0) == (r == c)));
    TableStructure {
        rows,
        cols,
        symmetric,
        row_periods: v.iter().map(|row| periodicity(row)).collect(),
        col_periods: (0..cols)
            .map(|c| periodicity(&v.iter().map(|row| row[c]).collect::<Vec<_>>()))
            .collect(),
        blocks: blocks_of(&v),
        xor_of_edges,
        zeros,
        zeros_on_diagonal,
    }
}

/// The complete rows of `values`, `cols` long each.
fn rows_of(values: &[u64], cols: usize) -> Vec<&[u64]> {
    if cols == 0 {
        return Vec::new();
    }
    values.chunks_exact(cols).collect()
}

/// The 2×2 block structure of the table `v`, if every block has the same
/// corner and three equal other values (at least one block needed; a last
/// odd row or column is ignored).
fn blocks_of(v: &[&[u64]]) -> Option<Blocks> {
    let (br, bc) = (v.len() / 2, v.first().map_or(0, |r| r.len()) / 2);
    if br == 0 || bc == 0 {
        return None;
    }
    let corner = v[0][0];
    let mut compressed = vec![vec![0; bc]; br];
    for (a, row) in compressed.iter_mut().enumerate() {
        for (b, cell) in row.iter_mut().enumerate() {
            let (r, c) = (2 * a, 2 * b);
            let other = v[r][c + 1];
            if v[r][c] != corner || v[r + 1][c] != other || v[r + 1][c + 1] != other {
                return None;
            }
            *cell = other;
        }
    }
    // Blocks that are all one value say nothing.
    if compressed.iter().flatten().all(|&x| x == corner) {
        return None;
    }
    let offset = compressed[0][0].checked_sub(v[0][0]);
    let plus = offset.filter(|&d| {
        (0..br).all(|a| (0..bc).all(|b| v[a][b].checked_add(d) == Some(compressed[a][b])))
    });
    Some(Blocks {
        corner,
        compressed,
        compressed_is_table_plus: plus,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 16×16 E&D table published with solutions of Luogu P2148
    /// \[SDOI2009\], rows and columns from 1, typed in from that text.
    const ED: &str = "0 1 0 2 0 1 0 3 0 1 0 2 0 1 0 4
1 1 2 2 1 1 3 3 1 1 2 2 1 1 4 4
0 2 0 2 0 3 0 3 0 2 0 2 0 4 0 4
2 2 2 2 3 3 3 3 2 2 2 2 4 4 4 4
0 1 0 3 0 1 0 3 0 1 0 4 0 1 0 4
1 1 3 3 1 1 3 3 1 1 4 4 1 1 4 4
0 3 0 3 0 3 0 3 0 4 0 4 0 4 0 4
3 3 3 3 3 3 3 3 4 4 4 4 4 4 4 4
0 1 0 2 0 1 0 4 0 1 0 2 0 1 0 4
1 1 2 2 1 1 4 4 1 1 2 2 1 1 4 4
0 2 0 2 0 4 0 4 0 2 0 2 0 4 0 4
2 2 2 2 4 4 4 4 2 2 2 2 4 4 4 4
0 1 0 4 0 1 0 4 0 1 0 4 0 1 0 4
1 1 4 4 1 1 4 4 1 1 4 4 1 1 4 4
0 4 0 4 0 4 0 4 0 4 0 4 0 4 0 4
4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4";

    fn ed() -> Vec<u64> {
        ED.split_whitespace().map(|w| w.parse().unwrap()).collect()
    }

    #[test]
    fn ed_has_2x2_blocks_and_a_compressed_table() {
        let s = analyze_table(&ed(), 16);
        let b = s.blocks.expect("2x2 blocks");
        assert_eq!(b.corner, 0);
        // E&D's compressed table starts 1 2 1 3 1 2 1 4 / 2 2 3 3 2 2 4 4.
        assert_eq!(b.compressed[0], [1, 2, 1, 3, 1, 2, 1, 4]);
        assert_eq!(b.compressed[1], [2, 2, 3, 3, 2, 2, 4, 4]);
        assert_eq!(b.compressed_is_table_plus, Some(1));
        assert!(s.symmetric);
        assert!(!s.xor_of_edges);
        assert!(!s.zeros_on_diagonal);
        // Row 1 of E&D, 0 1 0 2 0 1 0 3 ..., is the ruler sequence: not periodic.
        assert_eq!(s.row_periods[0], None);
        // Row 16 is constant 4 on these columns.
        assert_eq!(s.row_periods[15].as_ref().map(|p| p.period), Some(1));
    }

    #[test]
    fn a_table_without_blocks_has_none() {
        let values: Vec<u64> = (0..36).map(|k| (k / 6 + k % 6) % 3).collect();
        let s = analyze_table(&values, 6);
        assert!(s.blocks.is_none());
        assert!(s.symmetric);
        assert_eq!(s.row_periods[2].as_ref().map(|p| p.period), Some(3));
        assert_eq!(
            s.col_periods[0].as_ref().map(|p| p.block.clone()),
            Some(vec![0, 1, 2])
        );
    }
}
