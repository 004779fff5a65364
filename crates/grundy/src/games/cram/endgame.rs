//! The endgame table: the value of every set of free cells in each small
//! box, so that the pruned search looks a small region up instead of
//! searching it or keeping it in its table.
//!
//! A canonical part of a Cram board is its region cropped to its bounding
//! box of `rows` × `cols` cells, with `rows <= cols`, its cells the low
//! bits of a word in row-major order. For each such box of at most
//! [`MAX_CELLS`] cells the table holds, at index `cells`, the value of the
//! board of that box whose free cells are `cells`, for every one of the
//! `2^(rows · cols)` sets (connected or not: the value of a set that falls
//! apart is the XOR of its regions', and a move's option is such a set).
//! Removing a domino's two cells gives a smaller index, so one pass in
//! increasing order values every set from values already found:
//! `value(cells) = mex { value(cells − d) : d a domino inside cells }`.
//!
//! A box's values are found the first time a part of that box is asked
//! about and kept for the life of the process (a [`OnceLock`] each): the
//! same numbers on every run, found from the rules alone. The largest
//! boxes, 4 × 5, 2 × 10 and 1 × 20, have 2^20 sets of half a byte each;
//! 4 × 5 takes about 20 ms to fill (each set's dominoes found from its
//! bits, 8 on average of the box's 31). A search of a board of 4 rows
//! meets boxes of up to 4 × 5, 3 × 6 and 2 × 9: about 0.9 MB of values.

use std::sync::OnceLock;

/// The most cells of a box whose every set is valued.
pub(super) const MAX_CELLS: usize = 20;

/// The shorter side of a box of at most [`MAX_CELLS`] cells: at most 4.
const MAX_ROWS: usize = 4;

/// The boxes: for `rows` in `1..=MAX_ROWS` and `cols` in `rows..=MAX_CELLS / rows`,
/// one slot each, in that order.
const BOXES: usize = boxes();

const fn boxes() -> usize {
    let mut n = 0;
    let mut rows = 1;
    while rows <= MAX_ROWS {
        n += MAX_CELLS / rows + 1 - rows;
        rows += 1;
    }
    n
}

/// The values of a box, two to a byte (the set of even index in the low
/// half): Cram's values on 20 cells are far below [`UNKNOWN`], so 4 bits
/// each halve the table.
type Nibbles = Box<[u8]>;

/// A value of [`UNKNOWN`] or more is not kept: the set is marked so, and
/// so is every set with an option so marked, and the search values them
/// as it does any other board.
const UNKNOWN: u8 = 15;

static TABLES: [OnceLock<Nibbles>; BOXES] = [const { OnceLock::new() }; BOXES];

/// The slot of the box `rows` × `cols`, `None` when it is not in the table
/// (more than [`MAX_CELLS`] cells, or more rows than columns).
fn slot(rows: usize, cols: usize) -> Option<usize> {
    if rows == 0 || rows > cols || rows * cols > MAX_CELLS {
        return None;
    }
    let before: usize = (1..rows).map(|r| MAX_CELLS / r + 1 - r).sum();
    Some(before + cols - rows)
}

/// The value of the board of `rows` × `cols` cells whose free cells are
/// `cells` (bit `r · cols + c` for cell `(r, c)`), where the box is small
/// enough to be in the table; `None` otherwise.
pub(super) fn value(rows: usize, cols: usize, cells: u64) -> Option<u64> {
    let table = TABLES[slot(rows, cols)?].get_or_init(|| fill(rows, cols));
    let i = usize::try_from(cells).ok()?;
    let v = nibble(table.get(i / 2)?, i);
    (v != UNKNOWN).then_some(u64::from(v))
}

/// The value at index `i` of the byte holding it.
#[inline]
fn nibble(byte: &u8, i: usize) -> u8 {
    byte >> (4 * (i & 1)) & 0xf
}

/// The values of every set of cells of a `rows` × `cols` box, by index.
/// Each set's dominoes are found from its bits (a cell whose right or lower
/// neighbour is free starts one), about a quarter of the box's on average.
fn fill(rows: usize, cols: usize) -> Nibbles {
    let cells = rows * cols;
    // Cells with a right neighbour in the box: every column but the last.
    let left_of_right = (0..rows).fold(0u64, |m, r| m | ((1 << (cols - 1)) - 1) << (r * cols));
    let sets = 1usize << cells;
    let mut values = vec![0u8; sets.div_ceil(2)];
    for set in 0..sets {
        let free = set as u64;
        let across = free & free >> 1 & left_of_right;
        let down = free & free >> cols;
        // A value is at most the number of moves, here at most 31: a mask
        // of the values seen fits in a u32.
        let mut seen = 0u32;
        for (mut starts, other) in [(across, 1), (down, cols)] {
            while starts != 0 {
                let i = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let option = set ^ (1 << i | 1 << (i + other));
                seen |= 1 << nibble(&values[option / 2], option);
            }
        }
        let v = match seen & 1 << UNKNOWN {
            0 => ((!seen).trailing_zeros() as u8).min(UNKNOWN),
            _ => UNKNOWN,
        };
        values[set / 2] |= v << (4 * (set & 1));
    }
    values.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_box_has_its_own_slot() {
        let mut seen = [false; BOXES];
        for rows in 1..=MAX_CELLS {
            for cols in 1..=MAX_CELLS {
                let small = rows <= cols && rows * cols <= MAX_CELLS;
                match slot(rows, cols) {
                    Some(s) => {
                        assert!(small, "{rows}x{cols}");
                        assert!(!seen[s], "{rows}x{cols} shares slot {s}");
                        seen[s] = true;
                    }
                    None => assert!(!small, "{rows}x{cols}"),
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "every slot is used");
    }

    #[test]
    fn every_set_of_every_box_is_valued_in_four_bits() {
        // No value reaches UNKNOWN, so no board the table holds is left to
        // the search; the largest is small.
        let mut largest = 0;
        for rows in 1..=MAX_ROWS {
            for cols in rows..=MAX_CELLS / rows {
                for cells in 0..1u64 << (rows * cols) {
                    let v = value(rows, cols, cells).expect("valued");
                    largest = largest.max(v);
                }
            }
        }
        assert!(largest < u64::from(UNKNOWN), "{largest}");
    }

    #[test]
    fn strips_and_squares_by_hand() {
        // Strips of 1 to 4 cells: 0, 1, 1, 2 (a strip of 4: an end domino
        // leaves a strip of 2, the middle one two single cells).
        let strip = |n: usize| value(1, n, (1 << n) - 1).unwrap();
        assert_eq!([strip(1), strip(2), strip(3), strip(4)], [0, 1, 1, 2]);
        // 2x2: either domino leaves the one beside it: value 0.
        assert_eq!(value(2, 2, 0b1111), Some(0));
        // A box too large, or taller than wide, is not in the table.
        assert_eq!(value(4, 6, 1), None);
        assert_eq!(value(5, 4, 1), None);
        assert_eq!(value(3, 2, 1), None);
    }
}
