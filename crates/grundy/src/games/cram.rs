//! Cram `cram`: players take turns placing dominoes on a board.
//!
//! # Rules
//! A rectangular board of cells, some of them blocked. A move places a
//! domino on two free cells side by side (in a row or in a column); they are
//! no longer free. Whoever cannot place a domino loses. Unlike Domineering,
//! both players may place dominoes either way, so the game is impartial.
//!
//! # Solution
//! No closed form is known; search gives the value. Two facts are easy
//! (Gardner 1974): on a board with an even number of rows and of columns
//! the second player wins, answering every domino with its image under the
//! half turn about the centre (a domino never meets its own image there); on
//! an even × odd board the first player wins, placing the domino across the
//! centre first and answering the same way after. A board falls apart into
//! regions of free cells that no domino joins; its value is the XOR of
//! theirs ([`Game::components`]). A free cell with no free neighbour can
//! never be covered and is dropped. Each region is stored cropped to its
//! bounding box in the least of its 8 orientations (4 when a region's box is
//! not square, the other 4 giving its transposed shape), and the regions of
//! a board are stacked in sorted order ([`Game::canonical`]). Of the tufts
//! (cells with one free neighbour) that hang on one cell, one is kept. For
//! the normal-play value alone, a *bridge* (a cell, not a tuft, each of
//! whose free neighbours has a tuft) is removed too, and a region is cut
//! across a 2×2 square two opposite corners of which are *twins* (no
//! neighbour outside the square) where that splits it
//! ([`Game::value_parts`]; the proofs are at `bridges` and `twin_cuts`). A
//! board of up to 64 cells is worked on in a `u64`, whose shifts cost half
//! a `u128`'s; one of up to 52 is stored in a search's table as one word
//! ([`Game::word`]). The pruned search tries the
//! dominoes across a region's middle first ([`Game::search_moves`]), which
//! cut it in two. A region whose box has at most 20 cells is not searched:
//! an endgame table holds the value of every set of free cells of each such
//! box, filled from the rules the first time a region of that box is met
//! ([`Game::known_value`]; 4×5, the largest, in about 20 ms). Such a region
//! is kept only turned no taller than wide, not in its least orientation.
//!
//! # Position syntax
//! `5x7` is an empty board of 5 rows and 7 columns; `..#./..../....` gives
//! the rows top to bottom, `.` free and `#` blocked (rows may also be
//! separate words). Rows and columns count from 0 at the top left. A move
//! `h 2,3` covers row 2's cells in columns 3 and 4; `v 2,3` covers column 3's
//! cells in rows 2 and 3. A board has at most [`MAX_CELLS`] cells, one bit
//! each.
//!
//! # References
//! M. Gardner, *Mathematical Games*, Scientific American 230 (1974);
//! E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 3;
//! J. W. H. M. Uiterwijk, *Solving Cram using combinatorial game theory*
//! (Advances in Computer Games 2019).

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{search_only, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, Game, MoveIter, Outcome, ParseError};
use crate::solution::{check_by_rules, CheckError, CheckReport};
use crate::solve::Limits;

mod endgame;
mod word;
use word::Word;

/// The most cells a board may have: one bit of a `u128` each.
pub const MAX_CELLS: usize = 128;

/// The most cells of a board written as one [`word`](Game::word): its
/// cells, and 6 bits for each side, fill 64 bits.
const WORD_CELLS: usize = 52;

/// A Cram position: a board of `rows` × `cols` cells, the free ones as
/// bits of [`free`](Cram::free) in row-major order (cell `(r, c)` is bit
/// `r * cols + c`).
///
/// The derived order (shape first, then cells) picks canonical forms. The
/// cells are kept as two `u64` words, the high one first (the same order
/// as a `u128`'s), which a `u128`'s 16-byte alignment would pad to 32
/// bytes: 24, and a search table's entry 48 -> 40 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram {
    rows: u8,
    cols: u8,
    words: [u64; 2],
}

/// `free` as [`Cram`] keeps it: the high word first.
const fn words(free: u128) -> [u64; 2] {
    [(free >> 64) as u64, free as u64]
}

/// Which way a domino lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Across: the cell and its right neighbour.
    Horizontal,
    /// Down: the cell and the one below it.
    Vertical,
}

/// A domino on cell `(row, col)` and its right (`h`) or lower (`v`) neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    /// Which way it lies.
    pub direction: Direction,
    /// The row of its top-left cell, from 0 at the top.
    pub row: u8,
    /// The column of its top-left cell, from 0 at the left.
    pub col: u8,
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = match self.direction {
            Direction::Horizontal => 'h',
            Direction::Vertical => 'v',
        };
        write!(f, "{d} {},{}", self.row, self.col)
    }
}

/// Parses `h 2,3` or `v 0,1`.
impl FromStr for Domino {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Domino, ParseError> {
        let bad = || ParseError::NotAMove {
            text: s.to_string(),
            example: "`h 2,3` for a domino on (2,3) and (2,4), `v 2,3` for (2,3) and (3,3)",
        };
        let words: Vec<&str> = s.split_whitespace().collect();
        let [d, cell] = words.as_slice() else {
            return Err(bad());
        };
        let direction = match *d {
            "h" => Direction::Horizontal,
            "v" => Direction::Vertical,
            _ => return Err(bad()),
        };
        let (r, c) = cell.split_once(',').ok_or_else(bad)?;
        let coordinate = |t: &str| {
            let n = parse_u64(t, "a row or column")?;
            u8::try_from(n).map_err(|_| bad())
        };
        Ok(Domino {
            direction,
            row: coordinate(r)?,
            col: coordinate(c)?,
        })
    }
}

/// For each width w, the bits 0, w, 2w, ... of a `u128`: the first column
/// of a board w cells wide (the search works out a board's shape for
/// every option it plays, so this is looked up, not summed row by row).
const FIRST_COLUMN: [u128; MAX_CELLS + 1] = {
    let mut masks = [0u128; MAX_CELLS + 1];
    let mut w = 1;
    while w <= MAX_CELLS {
        let mut i = 0;
        while i < 128 {
            masks[w] |= 1 << i;
            i += w;
        }
        w += 1;
    }
    masks
};

/// For each width w, 2^16 / w rounded up: `row_of` divides by w with a
/// multiplication (a division was a sixth of the time of `normal_in`).
const RECIPROCAL: [u32; MAX_CELLS + 1] = {
    let mut r = [0u32; MAX_CELLS + 1];
    let mut w = 1;
    while w <= MAX_CELLS {
        r[w] = (1u32 << 16).div_ceil(w as u32);
        w += 1;
    }
    r
};

/// The row of bit `i` (below [`MAX_CELLS`]) of a board `cols` wide:
/// `i / cols`, exactly, for `i · (2^16 / cols rounded up)` exceeds
/// `2^16 · i / cols` by less than `i / 2^16 < 1 / 512`, too little to
/// reach the next multiple of `1 / cols`.
fn row_of(i: u32, cols: usize) -> usize {
    ((i * RECIPROCAL[cols]) >> 16) as usize
}

/// Bits `i..j` of a `u128`.
fn bit_range(i: usize, j: usize) -> u128 {
    let upto = |k: usize| match k {
        128.. => u128::MAX,
        k => (1u128 << k) - 1,
    };
    upto(j) & !upto(i)
}

impl Cram {
    /// The board with no free cell (written `#`).
    pub const EMPTY: Cram = Cram {
        rows: 1,
        cols: 1,
        words: [0, 0],
    };

    /// An empty board of `rows` × `cols` cells, every one free.
    ///
    /// # Errors
    /// [`ParseError::TooLarge`] beyond [`MAX_CELLS`] cells, or
    /// [`ParseError::Inconsistent`] for no rows or no columns.
    pub fn rectangle(rows: u64, cols: u64) -> Result<Cram, ParseError> {
        if rows == 0 || cols == 0 {
            return Err(ParseError::Inconsistent {
                what: format!("a {rows}x{cols} board has no cells"),
                fix: "give at least 1 row and 1 column".into(),
            });
        }
        let cells = rows.saturating_mul(cols);
        if cells > MAX_CELLS as u64 {
            return Err(too_large(&format!("{rows}x{cols}")));
        }
        Ok(Cram {
            rows: rows as u8,
            cols: cols as u8,
            words: words(bit_range(0, cells as usize)),
        })
    }

    /// A board of `rows` × `cols` with the free cells `free` (row-major
    /// bits), or `None` for a shape of no cells or more than [`MAX_CELLS`],
    /// or free bits outside the board.
    pub fn new(rows: usize, cols: usize, free: u128) -> Option<Cram> {
        let cells = rows.checked_mul(cols)?;
        if cells == 0 || cells > MAX_CELLS || free & !bit_range(0, cells) != 0 {
            return None;
        }
        Some(Cram {
            rows: rows as u8,
            cols: cols as u8,
            words: words(free),
        })
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The free cells, as row-major bits.
    pub fn free(&self) -> u128 {
        u128::from(self.words[0]) << 64 | u128::from(self.words[1])
    }

    /// Whether cell `(r, c)` is free.
    pub fn is_free(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.free() >> (r * self.cols() + c) & 1 == 1
    }

    fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    fn with(&self, free: u128) -> Cram {
        Cram {
            words: words(free),
            ..*self
        }
    }

    /// The board's shape as masks, worked out once for many flood steps.
    fn shape(&self) -> Shape<u128> {
        self.shape_in()
    }

    /// [`shape`](Cram::shape) in a word of `W` (which holds the board).
    fn shape_in<W: Word>(&self) -> Shape<W> {
        let board = W::low(self.cells() as u32);
        let first = W::from_u128(FIRST_COLUMN[self.cols()] & bit_range(0, self.cells()));
        let last = first.shl_or_zero(u32::from(self.cols) - 1) & board;
        Shape {
            cols: u32::from(self.cols),
            inner: board & !last,
            board,
        }
    }

    /// Cells where a horizontal domino may start (the cell and its right
    /// neighbour free), and where a vertical one may.
    fn starts(&self) -> (u128, u128) {
        self.starts_in(self.free(), &self.shape())
    }

    /// [`starts`](Cram::starts) of `free`, the free cells in `W`.
    fn starts_in<W: Word>(&self, f: W, shape: &Shape<W>) -> (W, W) {
        let h = f & (f >> 1) & shape.inner;
        let v = f & f.shr_or_zero(u32::from(self.cols));
        (h, v)
    }

    /// Whether the board fits in a `u64`, for the search's hot paths.
    fn small(&self) -> bool {
        self.cells() <= 64
    }

    /// The free cells a domino can still cover.
    fn live(&self, shape: &Shape<u128>) -> u128 {
        self.free() & shape.next_to(self.free())
    }

    /// The regions of `cells` that no domino joins, each as a bit set.
    fn regions(&self, cells: u128, shape: &Shape<u128>) -> Vec<u128> {
        let mut regions = Vec::new();
        each_region(cells, shape, |r| regions.push(r));
        regions
    }

    /// `free`'s cells cropped to their bounding box, in the least of the
    /// board's 8 orientations: the 4 that keep the box's shape are mirrors
    /// of its rows, the 4 that transpose it mirrors of its columns'. A box
    /// of at most 20 cells, which the endgame table values, is only
    /// transposed when it is taller than wide.
    pub(crate) fn normal(&self, free: u128) -> Cram {
        self.normal_in(free)
    }

    /// `free`'s cells cropped to their bounding box in the least of the
    /// board's 8 orientations, however small the box: for a certificate,
    /// whose entries for mirror images of a small region should be one.
    pub(crate) fn least(&self, free: u128) -> Cram {
        self.oriented(free, false)
    }

    /// [`normal`](Cram::normal) of cells held in `W` (which holds the board).
    fn normal_in<W: Word>(&self, free: W) -> Cram {
        self.oriented(free, true)
    }

    /// [`normal`](Cram::normal) where `tabled_as_is`, else
    /// [`least`](Cram::least).
    fn oriented<W: Word>(&self, free: W, tabled_as_is: bool) -> Cram {
        if free == W::ZERO {
            return Cram::EMPTY;
        }
        let cols = self.cols();
        let top = (W::BITS - 1) as usize;
        let (r0, r1) = (
            row_of(free.trailing_zeros(), cols),
            row_of(top as u32 - free.leading_zeros(), cols),
        );
        let mask = W::low(cols as u32);
        let row = |r: usize| (free >> (r * cols) as u32) & mask;
        let spread = (r0..=r1).fold(W::ZERO, |acc, r| acc | row(r));
        let c0 = spread.trailing_zeros();
        let w = top - spread.leading_zeros() as usize + 1 - c0 as usize;
        let h = r1 - r0 + 1;
        // The shorter side is at most 11 (h · w <= 128), so the shape-keeping
        // images are needed only when h <= w, the transposing ones when w <= h.
        // A box the endgame table holds is only turned no taller than wide:
        // its value is looked up, never searched or stored, so its mirror
        // images need not meet.
        const SIDE: usize = 11;
        let tabled = tabled_as_is && h * w <= endgame::MAX_CELLS;
        let mut best = None;
        if h <= w {
            let mut rows = [W::ZERO; SIDE];
            for (r, slot) in rows[..h].iter_mut().enumerate() {
                *slot = row(r0 + r) >> c0;
            }
            if tabled {
                return as_is(&rows[..h], w);
            }
            best = Some(least_mirror(&rows[..h], w));
        }
        if w <= h {
            let mut columns = [W::ZERO; SIDE];
            if h <= 8 {
                // The box in an 8×8 matrix of bits, transposed at once.
                let mut m = 0u64;
                for r in 0..h {
                    m |= ((row(r0 + r) >> c0).to_u128() as u64) << (8 * r);
                }
                let t = transpose8(m);
                for (c, slot) in columns[..w].iter_mut().enumerate() {
                    *slot = W::from_u128(u128::from(t >> (8 * c) & 0xff));
                }
            } else {
                // Row by row, no division per cell.
                for r in 0..h {
                    let mut cells = row(r0 + r) >> c0;
                    while cells != W::ZERO {
                        columns[cells.trailing_zeros() as usize] |= W::ONE << r as u32;
                        cells = cells.without_lowest();
                    }
                }
            }
            if tabled {
                return as_is(&columns[..w], h);
            }
            let t = least_mirror(&columns[..w], h);
            best = Some(best.map_or(t, |b: Cram| b.min(t)));
        }
        best.expect("h <= w or w <= h")
    }

    /// [`canonical_parts`](Game::canonical_parts) in words of `W`.
    fn parts_in<W: Word>(&self, out: &mut Vec<Cram>) {
        let shape = self.shape_in::<W>();
        let free = W::from_u128(self.free());
        each_region(free & shape.next_to(free), &shape, |r| {
            out.push(self.normal_in(reduce_stars(r, &shape)))
        });
    }

    /// [`value_parts`](Game::value_parts) in words of `W`.
    fn value_parts_in<W: Word>(&self, out: &mut Vec<Cram>) -> bool {
        let shape = self.shape_in::<W>();
        let mut cells = W::from_u128(self.free());
        let mut b = bridges(cells, &shape);
        let bridged = b != W::ZERO;
        while b != W::ZERO {
            let rest = cells & !b;
            cells = reduce_stars(rest & shape.next_to(rest), &shape);
            b = bridges(cells, &shape);
        }
        let cut = twin_cuts(cells, &shape);
        if cut == W::ZERO {
            if bridged {
                each_region(cells, &shape, |r| out.push(self.normal_in(r)));
            }
            return bridged;
        }
        // A piece with a free neighbour outside it was cut off from it.
        let (start, mut split) = (out.len(), false);
        each_region_cut(cells, &shape, cut, |r| {
            split |= shape.next_to(r) & cells & !r != W::ZERO;
            out.push(self.normal_in(reduce_stars(r, &shape)))
        });
        if !bridged && !split {
            // The cuts split nothing.
            out.truncate(start);
            return false;
        }
        true
    }

    /// The regions' normal forms stacked top to bottom in sorted order, a
    /// blocked row between two; `None` when that does not fit in
    /// [`MAX_CELLS`].
    fn stacked(parts: &[Cram]) -> Option<Cram> {
        let w = parts.iter().map(Cram::cols).max()?;
        let h = parts.iter().map(Cram::rows).sum::<usize>() + parts.len() - 1;
        if h * w > MAX_CELLS {
            return None;
        }
        let mut free = 0u128;
        let mut top = 0;
        for p in parts {
            for i in bits(p.free()) {
                let (r, c) = (i / p.cols(), i % p.cols());
                free |= 1u128 << ((top + r) * w + c);
            }
            top += p.rows() + 1;
        }
        Cram::new(h, w, free)
    }
}

/// Calls `f` with each region of `cells` that no domino joins, as a bit
/// set, the one of the lowest cell first.
fn each_region<W: Word>(cells: W, shape: &Shape<W>, f: impl FnMut(W)) {
    each_region_cut(cells, shape, W::ZERO, f)
}

/// [`each_region`] with the cells of `cut` not joined to their right
/// neighbours (see [`twin_cuts`]).
fn each_region_cut<W: Word>(mut cells: W, shape: &Shape<W>, cut: W, mut f: impl FnMut(W)) {
    while cells != W::ZERO {
        let mut region = cells.lowest();
        loop {
            let grown = region | (shape.next_to_but(region, cut) & cells);
            if grown == region {
                break;
            }
            region = grown;
        }
        cells &= !region;
        f(region);
    }
}

/// `cells` (one region) with its stars reduced: of the tufts (cells with
/// one free neighbour) that hang on the same cell, all but one dropped.
///
/// The position is equivalent to the one it came from under every
/// convention (same value, outcome in normal and misère play, and
/// remoteness): a domino on a tuft and its centre leaves the other tufts
/// of that centre dead, as does any domino on the centre, so the options
/// of the two positions are the same up to dead cells and duplicates, and
/// a domino elsewhere leaves the same star on both sides. Beling's Cram
/// solver (igs) reduces stars so; this is written from the argument above.
fn reduce_stars<W: Word>(cells: W, shape: &Shape<W>) -> W {
    let [left, right, up, down] = shape.sides(cells);
    let tufts = tufts([left, right, up, down]);
    if tufts.count_ones() < 2 {
        return cells;
    }
    // `left` holds the cells whose left neighbour is free, and so on. A
    // centre keeps its tuft on the left, else the one on the right, else
    // the one above, else the one below: each direction's tufts drop where
    // their centre has one from a direction before. (A lone domino keeps
    // both cells: each is the other's centre.)
    let cols = shape.cols;
    // Centre at t + 1.
    let on_left = tufts & right;
    let mut taken = on_left << 1;
    // Centre at t − 1.
    let on_right = tufts & left & !(taken << 1);
    taken |= on_right >> 1;
    // Centre at t + cols.
    let above = tufts & down & !taken.shr_or_zero(cols);
    taken |= above.shl_or_zero(cols);
    // Centre at t − cols.
    let below = tufts & up & !taken.shl_or_zero(cols);
    let kept = on_left | on_right | above | below;
    cells & !(tufts & !kept)
}

/// Where *twins* let a region be cut: the left cells of the horizontal
/// dominoes across 2×2 squares of free cells two opposite corners of which
/// have no free neighbour outside the square (twins: the same two
/// neighbours, the square's other corners). Cut there (both rows of the
/// square), a region keeps its normal-play value, so where the cuts
/// split it, its value is the XOR of the pieces'.
///
/// Proof. Think of Cram on any graph: a move deletes both ends of an
/// edge. Let A and B be non-adjacent with the same neighbours X and Y,
/// and G' be G without the edges AX and BY. By induction on the vertices,
/// G and G' have the same options' values, so the same value:
/// - a move away from A, B, X, Y leaves the same situation, smaller;
/// - AX and BX, and AY and BY, give images of each other under the
///   symmetry swapping A and B; G' keeps BX and AY, and each leaves the
///   same graph in G and G' (the edges cut touch the cells taken);
/// - a move on X and another neighbour Z of it (Z is Y, or neither twin)
///   leaves A and B both tufts on Y in G, and in G' a tuft A on Y and B
///   isolated: one star with its tufts reduced (see [`reduce_stars`]:
///   the tufts of a centre count once), and so the same value; likewise
///   a move on Y.
///
/// Squares cut one after another keep their twins (a cut touches the
/// twins of no other square: a twin's two edges are in its own square),
/// and a square's two cut edges join the same two pieces (A stays joined
/// to Y, and B to X), so where a piece holds both ends of one, it holds
/// both of the other, and the square may be left whole: each piece is
/// the board's cells in it, with all their dominoes. Beling's Cram solver
/// (igs) splits regions at such squares; this is written from the
/// argument above.
fn twin_cuts<W: Word>(cells: W, shape: &Shape<W>) -> W {
    let [left, right, up, down] = shape.sides(cells);
    let cols = shape.cols;
    // Corners of a square whose only neighbours are the square's.
    let top_left = right & down & !left & !up;
    let top_right = left & down & !right & !up;
    let bottom_left = right & up & !left & !down;
    let bottom_right = left & up & !right & !down;
    // The square's top-left cell, for twins on either diagonal.
    let main = top_left & bottom_right.shr_or_zero(cols + 1);
    let anti = (top_right >> 1) & bottom_left.shr_or_zero(cols);
    let corner = main | anti;
    corner | corner.shl_or_zero(cols)
}

/// The cells of `cells` with exactly one neighbour in it, from the sides
/// of [`Shape::sides`].
fn tufts<W: Word>([left, right, up, down]: [W; 4]) -> W {
    let two = (left & right) | ((left | right) & (up | down)) | (up & down);
    (left | right | up | down) & !two
}

/// The *bridges* of `cells` (its stars reduced): the cells, not tufts,
/// every free neighbour of which has a tuft. Removing every bridge keeps
/// the board's normal-play value (not its misère outcome nor its
/// remoteness).
///
/// Proof, for one bridge b: the sum P + (P − b) is a second-player win.
/// The second player copies each move into the other board while the two
/// agree off b; a domino on b and a neighbour c, possible in P alone, is
/// answered in P − b by the domino on c and c's tuft t (t is not b, which
/// is no tuft, and not next to b, whose neighbour it would be). Then b, c
/// are covered in P and c, t in P − b, and t, whose one free neighbour was
/// c, is dead in P: the boards agree up to dead cells, and copying goes on.
/// Until then every free neighbour of b keeps its tuft, for a tuft is only
/// covered together with its centre. Removing a bridge leaves every tuft
/// and its centre (a centre is next to its tuft, which has no tuft of its
/// own, so it is no bridge) and can only take neighbours from the other
/// bridges, so they stay bridges: all go at once.
fn bridges<W: Word>(cells: W, shape: &Shape<W>) -> W {
    let tufts = tufts(shape.sides(cells));
    let centres = shape.next_to(tufts) & cells;
    cells & !tufts & !shape.next_to(cells & !centres)
}

/// The 8×8 matrix of bits `x` (row r in byte r, column c at bit c of its
/// byte) transposed: bit 8r + c goes to 8c + r. Three exchanges of bit
/// blocks across the diagonal, of 1×1, 2×2 and 4×4 cells.
fn transpose8(mut x: u64) -> u64 {
    // Each step swaps the blocks below the diagonal (at shift s · 7 to the
    // left of their place above it) with those above.
    for (mask, shift) in [
        (0x00AA_00AA_00AA_00AA_u64, 7),
        (0x0000_CCCC_0000_CCCC, 14),
        (0x0000_0000_F0F0_F0F0, 28),
    ] {
        let t = (x ^ (x >> shift)) & mask;
        x ^= t ^ (t << shift);
    }
    x
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = x.trailing_zeros() as usize;
        x &= x.wrapping_sub(1);
        (i < 128).then_some(i)
    })
}

/// The board whose rows (each `w` cells, lowest bit at the left) are `rows`.
fn as_is<W: Word>(rows: &[W], w: usize) -> Cram {
    let free = rows
        .iter()
        .enumerate()
        .fold(W::ZERO, |acc, (i, &r)| acc | r << (i * w) as u32);
    Cram {
        rows: rows.len() as u8,
        cols: w as u8,
        words: words(free.to_u128()),
    }
}

/// The least of the 4 mirror images of the board whose rows (each `w`
/// cells, lowest bit at the left) are `rows`: as it is, with each row
/// reversed, with the rows in reverse order, and both.
fn least_mirror<W: Word>(rows: &[W], w: usize) -> Cram {
    // Two of the images are packed row by row; the other two are those
    // read backwards (all of the box's bits reversed turns it half round,
    // or mirrors a box whose rows were stacked in reverse order), so the
    // search reverses two words per region, not each row.
    let last = rows.len().saturating_sub(1);
    let (mut as_is, mut upside_down) = (W::ZERO, W::ZERO);
    for (i, &r) in rows.iter().enumerate() {
        as_is |= r << (i * w) as u32;
        upside_down |= r << ((last - i) * w) as u32;
    }
    let backwards = |x: W| x.reverse_bits() >> (W::BITS - (rows.len() * w) as u32);
    let images = [as_is, upside_down, backwards(as_is), backwards(upside_down)];
    Cram {
        rows: rows.len() as u8,
        cols: w as u8,
        words: words(images.into_iter().min().expect("four images").to_u128()),
    }
}

/// The moves of [`Cram::search_moves`]: the vertical ones by rings of
/// columns around the middle one, then the horizontal ones by rings of
/// rows around the middle one, each ring's in row-major order.
struct MiddleOut {
    cols: u32,
    /// Starts of vertical and of horizontal dominoes not yet handed out.
    vertical: u128,
    horizontal: u128,
    /// The ring handed out now, as a mask of cells, and its distance from
    /// the middle.
    ring: u128,
    distance: u32,
    /// The middle column and the middle row.
    middle: (u32, u32),
    /// The board's first column and first row, as masks.
    column: u128,
    row: u128,
}

impl MiddleOut {
    fn new(board: &Cram, h: u128, v: u128) -> MiddleOut {
        let (rows, cols) = (board.rows() as u32, board.cols() as u32);
        let cells = board.cells();
        let column = FIRST_COLUMN[board.cols()] & bit_range(0, cells);
        let middle = ((cols - 1) / 2, (rows - 1) / 2);
        let mut out = MiddleOut {
            cols,
            vertical: v,
            horizontal: h,
            ring: 0,
            distance: 0,
            middle,
            column,
            row: bit_range(0, board.cols()),
        };
        out.ring = out.ring_at(v != 0, 0);
        out
    }

    /// The ring at `distance` around the middle column (vertical) or row.
    fn ring_at(&self, vertical: bool, distance: u32) -> u128 {
        let (unit, step, mid) = match vertical {
            true => (self.column, 1, self.middle.0),
            false => (self.row, self.cols, self.middle.1),
        };
        let at = |k: u32| match k.checked_mul(step) {
            Some(s) if s < 128 => unit << s,
            _ => 0,
        };
        let low = mid.checked_sub(distance).map_or(0, at);
        low | at(mid + distance)
    }
}

impl Iterator for MiddleOut {
    type Item = Domino;

    fn next(&mut self) -> Option<Domino> {
        let vertical = self.vertical != 0;
        let left = match vertical {
            true => self.vertical,
            false => self.horizontal,
        };
        if left == 0 {
            return None;
        }
        // Rings grow outwards until one holds a move; a ring past the
        // board's edge is empty, and every move lies in some ring.
        while left & self.ring == 0 {
            self.distance += 1;
            self.ring = self.ring_at(vertical, self.distance);
        }
        let i = (left & self.ring).trailing_zeros();
        let bit = 1u128 << i;
        let direction = match vertical {
            true => {
                self.vertical &= !bit;
                if self.vertical == 0 {
                    // On to the horizontal dominoes, from the middle row.
                    self.distance = 0;
                    self.ring = self.ring_at(false, 0);
                }
                Direction::Vertical
            }
            false => {
                self.horizontal &= !bit;
                Direction::Horizontal
            }
        };
        Some(Domino {
            direction,
            row: (i / self.cols) as u8,
            col: (i % self.cols) as u8,
        })
    }
}

/// A board's shape as masks (see [`Cram::shape`]).
struct Shape<W> {
    cols: u32,
    /// The cells of every column but the last.
    inner: W,
    /// Every cell.
    board: W,
}

impl<W: Word> Shape<W> {
    /// The cells of `x` whose left neighbour is in `x`, whose right one
    /// is, whose upper one is, and whose lower one is.
    fn sides(&self, x: W) -> [W; 4] {
        let left = (x & self.inner) << 1 & x;
        let right = (x >> 1) & self.inner & x;
        let up = x.shl_or_zero(self.cols) & x;
        let down = x.shr_or_zero(self.cols) & x;
        [left, right, up, down]
    }

    /// The cells next to a cell of `x` (in row or column), on the board.
    fn next_to(&self, x: W) -> W {
        self.next_to_but(x, W::ZERO)
    }

    /// [`next_to`](Shape::next_to), but a cell of `cut` and its right
    /// neighbour are not next to each other.
    fn next_to_but(&self, x: W, cut: W) -> W {
        let joined = self.inner & !cut;
        let left_of = (x >> 1) & joined;
        let right_of = (x & joined) << 1;
        let above = x.shr_or_zero(self.cols);
        let below = x.shl_or_zero(self.cols);
        (left_of | right_of | above | below) & self.board
    }
}

fn too_large(token: &str) -> ParseError {
    ParseError::TooLarge {
        token: token.to_string(),
        what: "a Cram board's cells (rows × columns, one bit each)".into(),
        max: MAX_CELLS.to_string(),
    }
}

/// `RxC` for a board with every cell free, else its rows, `.` free and
/// `#` blocked, joined by `/`.
impl fmt::Display for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.free() == bit_range(0, self.cells()) {
            return write!(f, "{}x{}", self.rows, self.cols);
        }
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.is_free(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// Parses `5x7` (every cell free) or rows such as `..#./..../....`.
impl FromStr for Cram {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Cram, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        parse_cram(&words)
    }
}

/// Parses the words of a position: `RxC`, or rows of `.` and `#`
/// separated by `/` or spaces.
///
/// # Errors
/// No words, a size that is not `RxC`, rows of different lengths, a
/// character other than `.` and `#`, or more than [`MAX_CELLS`] cells.
pub fn parse_cram(words: &[&str]) -> Result<Cram, ParseError> {
    let example = "`cram 5x7` for an empty board or rows such as `cram ..#./..../....` (`.` free, `#` blocked)";
    if let [word] = words {
        if let Some((r, c)) = word.split_once(['x', 'X']) {
            return Cram::rectangle(
                parse_u64(r, "a number of rows")?,
                parse_u64(c, "a number of columns")?,
            );
        }
    }
    let rows: Vec<&str> = words.iter().flat_map(|w| w.split('/')).collect();
    let Some(first) = rows.first().filter(|r| !r.is_empty()) else {
        return Err(ParseError::Empty {
            hint: format!("write {example}"),
        });
    };
    let cols = first.len();
    if rows.len().saturating_mul(cols) > MAX_CELLS {
        return Err(too_large(&words.join(" ")));
    }
    let mut free = 0u128;
    for (r, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return Err(ParseError::Inconsistent {
                what: format!("row {r} `{row}` has {} cells, row 0 has {cols}", row.len()),
                fix: "every row of a board is as long".into(),
            });
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => free |= 1u128 << (r * cols + c),
                '#' => {}
                _ => {
                    return Err(ParseError::Malformed {
                        token: ch.to_string(),
                        expected: format!("a cell (in row {r})"),
                        example: example.into(),
                    })
                }
            }
        }
    }
    Ok(Cram::new(rows.len(), cols, free).expect("the shape was checked"))
}

impl Game for Cram {
    type Move = Domino;

    fn picture(&self) -> crate::board::Picture {
        crate::board::grid(self.rows(), self.cols(), |r, c| match self.is_free(r, c) {
            true => '.',
            false => '#',
        })
    }

    /// The domino's slot.
    fn spot(&self, m: &Domino) -> crate::board::Spot {
        crate::board::Spot::Domino {
            row: m.row.into(),
            col: m.col.into(),
            down: m.direction == Direction::Vertical,
        }
    }

    fn moves(&self) -> Vec<Domino> {
        self.move_iter()
            .expect("Cram's rules do not fail")
            .collect()
    }

    /// A board of up to 52 cells: its cells in the low bits,
    /// its rows and columns above them, 6 bits each.
    fn word(&self) -> Option<u64> {
        (self.rows() * self.cols() <= WORD_CELLS).then(|| {
            self.words[1]
                | (self.rows as u64) << WORD_CELLS
                | (self.cols as u64) << (WORD_CELLS + 6)
        })
    }

    fn from_word(word: u64) -> Option<Cram> {
        let side = |at: usize| (word >> at & 0x3f) as usize;
        let (rows, cols) = (side(WORD_CELLS), side(WORD_CELLS + 6));
        if rows * cols > WORD_CELLS {
            return None;
        }
        Cram::new(rows, cols, u128::from(word & ((1 << WORD_CELLS) - 1)))
    }

    /// The horizontal dominoes, then the vertical ones, each in row-major
    /// order of their top-left cell: two bit sets are all the iterator holds.
    fn move_iter(&self) -> Result<MoveIter<Domino>, crate::GameError> {
        let (h, v) = self.starts();
        let cols = self.cols();
        let domino = move |direction, i: usize| Domino {
            direction,
            row: (i / cols) as u8,
            col: (i % cols) as u8,
        };
        let across = bits(h).map(move |i| domino(Direction::Horizontal, i));
        let down = bits(v).map(move |i| domino(Direction::Vertical, i));
        Ok(MoveIter::lazy(across.chain(down)))
    }

    fn play(&self, m: &Domino) -> Cram {
        let i = usize::from(m.row) * self.cols() + usize::from(m.col);
        let j = match m.direction {
            Direction::Horizontal => i + 1,
            Direction::Vertical => i + self.cols(),
        };
        self.with(self.free() & !(1u128 << i) & !(1u128 << j))
    }

    fn legal(&self, m: &Domino) -> bool {
        let (r, c) = (usize::from(m.row), usize::from(m.col));
        let (h, v) = self.starts();
        let starts = match m.direction {
            Direction::Horizontal => h,
            Direction::Vertical => v,
        };
        r < self.rows() && c < self.cols() && starts >> (r * self.cols() + c) & 1 == 1
    }

    fn move_count(&self) -> u128 {
        let (h, v) = match self.small() {
            true => {
                let (h, v) = self.starts_in(u64::from_u128(self.free()), &self.shape_in());
                (h.count_ones(), v.count_ones())
            }
            false => {
                let (h, v) = self.starts();
                (h.count_ones(), v.count_ones())
            }
        };
        u128::from(h + v)
    }

    fn any_move(&self) -> Option<Domino> {
        self.move_iter().ok()?.next()
    }

    /// The free cells.
    fn difficulty(&self) -> u128 {
        u128::from(self.words[0].count_ones() + self.words[1].count_ones())
    }

    /// The vertical dominoes column by column outwards from the middle
    /// column (the two beside it together, the upper of two cells first),
    /// then the horizontal ones row by row outwards from the middle row.
    /// A region is kept no higher than it is wide, so a vertical domino in
    /// the middle column is the one most likely to cut it in two halves,
    /// each searched apart; the pruned search looks at half the moves on
    /// Cram 4x9 with this order, and at 0.55 of them on 3x14.
    fn search_moves(&self) -> Result<MoveIter<Domino>, crate::GameError> {
        let (h, v) = self.starts();
        Ok(MoveIter::lazy(MiddleOut::new(self, h, v)))
    }

    /// One position per region of free cells that a domino can cover; none
    /// for a board with no move.
    fn components(&self) -> Vec<Cram> {
        let shape = self.shape();
        self.regions(self.live(&shape), &shape)
            .into_iter()
            .map(|r| self.with(r))
            .collect()
    }

    /// The regions found once, each with its stars reduced, cropped and
    /// turned to its least orientation as it is found: no list of regions
    /// in between.
    fn canonical_parts(&self, out: &mut Vec<Cram>) {
        match self.small() {
            true => self.parts_in::<u64>(out),
            false => self.parts_in::<u128>(out),
        }
    }

    /// The board without its bridges (see `bridges`: free cells, not
    /// tufts, each of whose free neighbours has a tuft), which has the same
    /// normal-play value, and again while removing them makes new ones;
    /// its regions in their normal forms. `false` when there is no bridge.
    fn value_parts(&self, out: &mut Vec<Cram>) -> bool {
        match self.small() {
            true => self.value_parts_in::<u64>(out),
            false => self.value_parts_in::<u128>(out),
        }
    }

    /// A board whose free cells are symmetric under the half turn about its
    /// centre is decided by the symmetry strategy (Gardner; Winning Ways,
    /// ch. 22, for empty boards with an even side). The second player
    /// answers each domino by its image, which is free and apart from it
    /// unless the domino covers a cell that is its own image (the centre
    /// cell, when both sides are odd) or is its own image (the two middle
    /// cells, when one side is odd and the other even): so the board is
    /// lost for the player to move when no such cell or domino is free, and
    /// won when the middle two cells are free (the first player covers
    /// them, then answers so). Both sides even: lost. A free centre cell
    /// decides nothing. The half turn keeps blocked cells blocked, so the
    /// answer is always free. A canonical part's board is its region's
    /// bounding box, so the pruned search asks this of the region itself;
    /// the test is one reversal of the cells' bits and a comparison.
    fn known_outcome(&self) -> Option<Outcome> {
        let (h, w) = (self.rows(), self.cols());
        let cells = h * w;
        let free = self.free();
        if cells == 0 || free == 0 {
            return Some(Outcome::Previous);
        }
        let turned = match self.small() {
            true => u128::from((free as u64).reverse_bits() >> (64 - cells)),
            false => free.reverse_bits() >> (128 - cells),
        };
        if turned != free {
            return None;
        }
        let is_free = |r: usize, c: usize| free >> (r * w + c) & 1 == 1;
        let (mid_r, mid_c) = (h / 2, w / 2);
        match (h % 2, w % 2) {
            (0, 0) => Some(Outcome::Previous),
            (1, 1) if is_free(mid_r, mid_c) => None,
            (1, 1) => Some(Outcome::Previous),
            // The middle two cells are each other's images: both free or
            // both blocked.
            _ if is_free(mid_r, mid_c) => Some(Outcome::Next),
            _ => Some(Outcome::Previous),
        }
    }

    /// A board of at most 20 cells, no taller than wide (every canonical
    /// part that small), is looked up in the endgame table (`endgame`):
    /// the value of every set of free cells of its box, found once per
    /// process from the rules.
    fn known_value(&self) -> Option<u64> {
        if self.cells() > endgame::MAX_CELLS {
            return None;
        }
        endgame::value(self.rows(), self.cols(), self.free() as u64)
    }

    /// Cells no domino can cover dropped, each region's stars reduced (one
    /// tuft kept per cell they hang on: an equivalent board) and the region
    /// cropped and turned to its least orientation, the regions stacked in
    /// sorted order (or, when the stack would pass [`MAX_CELLS`], the whole
    /// board cropped and turned).
    fn canonical(&self) -> Cram {
        let shape = self.shape();
        let live = self.live(&shape);
        let regions = self.regions(live, &shape);
        let reduced: Vec<u128> = regions.iter().map(|&r| reduce_stars(r, &shape)).collect();
        if reduced.len() <= 1 {
            return self.normal(reduced.first().copied().unwrap_or(0));
        }
        let mut parts: Vec<Cram> = reduced.iter().map(|&r| self.normal(r)).collect();
        parts.sort_unstable();
        let whole = reduced.iter().fold(0, |a, &r| a | r);
        Cram::stacked(&parts).unwrap_or_else(|| self.normal(whole))
    }
}

/// The rules of Cram.
#[derive(Debug)]
pub struct CramRules;

impl Rules for CramRules {
    type Position = Cram;

    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<Cram>>> {
        Some(Box::new(crate::games::certificate_forms::CramForm))
    }

    fn name(&self) -> String {
        "cram".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Cram, ParseError> {
        parse_cram(words)
    }

    /// Every board of `size` cells or fewer: each shape `R`×`C` with
    /// `R·C <= size`, with every set of free cells.
    fn small_positions(&self, size: u64) -> Vec<Cram> {
        let size = size.min(MAX_CELLS as u64) as usize;
        let mut all = Vec::new();
        for rows in 1..=size {
            for cols in 1..=size / rows {
                let cells = rows * cols;
                all.extend((0..1u128 << cells).filter_map(|free| Cram::new(rows, cols, free)));
            }
        }
        all
    }

    fn check_search(
        &self,
        positions: Vec<Cram>,
        limits: Limits,
    ) -> Option<Result<CheckReport, CheckError>> {
        Some(check_by_rules(positions, limits))
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(search_only(CramRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "cram",
    "Cram: place a domino on two free adjacent cells, either way; regions add",
    "RxC (an empty board) or ROW/ROW/... (`.` free, `#` blocked), at most 128 cells; moves `h R,C` / `v R,C`",
    "cram ..#./..../....",
    VerifyPlan {
        size: 10,
        max_size: 14,
        meaning: "every board of at most N cells (every shape R×C with R·C <= N, every set of blocked cells), search against the rules alone",
        instances: &["cram"],
    },
    build,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Searcher;
    use crate::{Nimber, Play};

    fn grundy(text: &str) -> u64 {
        let p: Cram = text.parse().unwrap();
        Searcher::new(Play::Normal).grundy(&p).unwrap().value()
    }

    #[test]
    fn boards_of_up_to_52_cells_are_one_word_that_gives_them_back() {
        let boards = [
            "#",
            "1x1",
            "3x4",
            "..#./..../....",
            "4x13",
            "13x4",
            "52x1",
            "#./.#",
        ];
        let mut words = std::collections::HashSet::new();
        for text in boards {
            let p: Cram = text.parse().unwrap();
            let w = p.word().unwrap_or_else(|| panic!("{text} has a word"));
            assert_eq!(Cram::from_word(w), Some(p), "{text}");
            assert!(words.insert(w), "{text}'s word is another board's");
        }
        // Every board of a shape, each cell and the sides in their bits.
        for free in 0..1u128 << 6 {
            for (rows, cols) in [(2, 3), (3, 2), (1, 6), (6, 1)] {
                let p = Cram::new(rows, cols, free).unwrap();
                assert!(words.insert(p.word().unwrap()), "{p} shares a word");
                assert_eq!(Cram::from_word(p.word().unwrap()), Some(p));
            }
        }
        for text in ["5x11", "53x1", "8x8"] {
            assert_eq!(text.parse::<Cram>().unwrap().word(), None, "{text}");
        }
        // Words no board has: no rows, too many cells, cells off the board.
        let word = |rows: u64, cols: u64, free: u64| free | rows << 52 | cols << 58;
        for w in [word(0, 3, 0), word(6, 9, 1), word(2, 2, 1 << 4), u64::MAX] {
            assert_eq!(Cram::from_word(w), None, "{w:#x}");
        }
    }

    #[test]
    fn positions_print_as_they_parse() {
        for text in ["3x4", "..#./..../....", "#", "1x1", "#./.#"] {
            assert_eq!(text.parse::<Cram>().unwrap().to_string(), text);
        }
        assert_eq!(". . .".parse::<Cram>().unwrap().to_string(), "3x1");
        assert!("12x11".parse::<Cram>().is_err());
        assert!("0x3".parse::<Cram>().is_err());
        assert!("../...".parse::<Cram>().is_err());
        assert!("..x".parse::<Cram>().is_err());
        assert!("99999999999999999999x2".parse::<Cram>().is_err());
        let m: Domino = "v 2,3".parse().unwrap();
        assert_eq!(m.to_string(), "v 2,3");
        assert!("d 1,1".parse::<Domino>().is_err());
    }

    #[test]
    fn moves_cover_two_free_neighbours() {
        // A 2×2 board with (0,1) blocked: one domino each way.
        let p: Cram = ".#/..".parse().unwrap();
        let moves: Vec<String> = p.moves().iter().map(ToString::to_string).collect();
        assert_eq!(moves, ["h 1,0", "v 0,0"]);
        assert_eq!(p.play(&"h 1,0".parse().unwrap()).to_string(), ".#/##");
        assert!(!p.legal(&"h 0,0".parse().unwrap()));
        assert!(!p.legal(&"h 1,1".parse().unwrap()));
    }

    #[test]
    fn regions_and_symmetries() {
        let p: Cram = "..#../#####/.#...".parse().unwrap();
        let parts = p.components();
        // Two dominoes' worth at the top, a strip of 3 at the bottom; the
        // lone cell at (2,0) is dead.
        assert_eq!(parts.len(), 3);
        let c = p.canonical();
        assert_eq!(c.canonical(), c);
        let mirrored: Cram = "..#../#####/...#.".parse().unwrap();
        assert_eq!(mirrored.canonical(), c);
        assert_eq!(
            "3x4".parse::<Cram>().unwrap().canonical().to_string(),
            "3x4"
        );
        assert_eq!(
            "4x3".parse::<Cram>().unwrap().canonical().to_string(),
            "3x4"
        );
        assert_eq!(Cram::EMPTY.components(), []);
    }

    /// The board `text` with the free cells `f` makes of its free cells.
    fn cells_after(text: &str, f: fn(u128, &Shape<u128>) -> u128) -> String {
        let p: Cram = text.parse().unwrap();
        p.with(f(p.free(), &p.shape())).to_string()
    }

    #[test]
    fn rows_of_bits_are_their_quotients() {
        for cols in 1..=MAX_CELLS {
            for i in 0..MAX_CELLS as u32 {
                assert_eq!(row_of(i, cols), i as usize / cols, "{i} / {cols}");
            }
        }
    }

    #[test]
    fn twins_cut_a_square_across_its_rows() {
        let cut = |text: &str| cells_after(text, |free, shape| twin_cuts(free, shape) & free);
        // Twins on the main diagonal of the square at (1,1): (1,1) and
        // (2,2), whose neighbours are (1,2) and (2,1) alone; the cut cells
        // (free below) are the square's left column. An arm leaves the
        // square from each of the other corners.
        let twins = "#####/#..../#..##/#.###/#.###";
        assert_eq!(cut(twins), "#####/#.###/#.###/#####/#####");
        // On the other diagonal: (0,1) and (1,0), around (0,0) and (1,1);
        // and (1,2) and (2,1), around (1,1) and (2,2).
        assert_eq!(cut("..#/.../#.."), ".##/..#/#.#");
        // A lone square: twins on both diagonals, one cut.
        assert_eq!(cut("2x2"), ".#/.#");
        // A strip of 2 by 4: its corners have three neighbours.
        assert_eq!(cut("2x4"), "####/####");
        // A cell more next to a twin: no twins.
        assert_eq!(
            cut("#####/#..../#..##/#..##/#.###"),
            "#####/#####/#####/#####/#####"
        );
        // Cut, the board falls in two pieces: the column (1,1) to (4,1),
        // and the L of (1,2) to (1,4) and (2,2).
        let mut parts = Vec::new();
        assert!(twins.parse::<Cram>().unwrap().value_parts(&mut parts));
        let mut texts: Vec<String> = parts.iter().map(ToString::to_string).collect();
        texts.sort();
        assert_eq!(texts, [".../.##", "1x4"], "{parts:?}");
        // A square whose arms meet is left whole: its cuts split nothing.
        parts.clear();
        let ring = "#####/#..../#..#./#.##./#....";
        assert_eq!(cut(ring), "#####/#.###/#.###/#####/#####");
        assert!(!ring.parse::<Cram>().unwrap().value_parts(&mut parts));
        assert!(parts.is_empty());
    }

    #[test]
    fn stars_keep_one_tuft_of_each_centre() {
        let reduced = |text: &str| cells_after(text, reduce_stars);
        // A plus: four tufts on the centre, one kept (the left one).
        assert_eq!(reduced("#.#/.../#.#"), "###/..#/###");
        // A lone domino, either way, and a strip of 4 (two centres) stay.
        assert_eq!(reduced(".."), "1x2");
        assert_eq!(reduced("./."), "2x1");
        assert_eq!(reduced("1x4"), "1x4");
        // A strip of 3: both ends hang on the middle.
        assert_eq!(reduced("1x3"), "..#");
        // A T: the stem and both arms hang on the middle of the bar.
        assert_eq!(reduced(".../#.#"), "..#/###");
    }

    #[test]
    fn bridges_join_centres_of_tufts() {
        let bridges_of = |text: &str| cells_after(text, bridges);
        // A strip of 5: the middle cell joins the centres of the two ends.
        assert_eq!(bridges_of("1x5"), "##.##");
        // A strip of 4: the inner cells are centres, next to tufts.
        assert_eq!(bridges_of("1x4"), "####");
        // A lone domino: each cell is the other's tuft, so neither is a bridge.
        assert_eq!(bridges_of("1x2"), "##");
        // An H: the middle of its bar joins the centres of its legs' tufts.
        assert_eq!(bridges_of(".#./.../.#."), "###/#.#/###");
        let mut parts = Vec::new();
        assert!(".#./.../.#."
            .parse::<Cram>()
            .unwrap()
            .value_parts(&mut parts));
        assert_eq!(parts, [Cram::rectangle(1, 2).unwrap(); 2]);
        // Without its bridge, a strip of 5 is two dominoes (0, as is 1x5).
        parts.clear();
        assert!("1x5".parse::<Cram>().unwrap().value_parts(&mut parts));
        assert_eq!(parts, [Cram::rectangle(1, 2).unwrap(); 2]);
        assert!(!"1x4".parse::<Cram>().unwrap().value_parts(&mut parts));
        assert_eq!(parts.len(), 2);
    }

    /// `each` boards of each shape, a cell blocked with chance `blocked`
    /// (a numerator and a denominator), from the seed `seed`.
    fn random_boards(
        seed: u64,
        shapes: &[(usize, usize)],
        each: usize,
        blocked: (u64, u64),
    ) -> Vec<Cram> {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut boards = Vec::new();
        for &(rows, cols) in shapes {
            for _ in 0..each {
                let free = (0..rows * cols).fold(0u128, |f, i| {
                    f | u128::from(!rng.chance(blocked.0, blocked.1)) << i
                });
                boards.push(Cram::new(rows, cols, free).unwrap());
            }
        }
        boards
    }

    #[test]
    fn small_boards_get_the_same_parts_in_either_word() {
        let shapes = [
            (1, 64),
            (64, 1),
            (8, 8),
            (4, 9),
            (5, 7),
            (3, 14),
            (2, 32),
            (7, 9),
        ];
        for p in random_boards(7, &shapes, 300, (1, 4)) {
            let (mut narrow, mut wide) = (Vec::new(), Vec::new());
            p.parts_in::<u64>(&mut narrow);
            p.parts_in::<u128>(&mut wide);
            assert_eq!(narrow, wide, "{p}");
            let (mut narrow, mut wide) = (Vec::new(), Vec::new());
            assert_eq!(
                p.value_parts_in::<u64>(&mut narrow),
                p.value_parts_in::<u128>(&mut wide)
            );
            assert_eq!(narrow, wide, "{p}");
        }
    }

    /// The normal form from the rules: of the 8 images of the free cells
    /// of `p` cropped to their box, each built cell by cell from its
    /// definition, the least, or where `small_as_is` and the box has at
    /// most 20 cells, the box as it is, transposed when taller than wide.
    fn least_image(p: &Cram, small_as_is: bool) -> Cram {
        let cells: Vec<(usize, usize)> = (0..p.rows())
            .flat_map(|r| (0..p.cols()).map(move |c| (r, c)))
            .filter(|&(r, c)| p.is_free(r, c))
            .collect();
        let (r0, c0) = cells
            .iter()
            .fold((usize::MAX, usize::MAX), |(a, b), &(r, c)| {
                (a.min(r), b.min(c))
            });
        let h = cells.iter().map(|&(r, _)| r - r0 + 1).max().unwrap();
        let w = cells.iter().map(|&(_, c)| c - c0 + 1).max().unwrap();
        let mut images = Vec::new();
        for turn in 0..8 {
            let (rows, cols) = if turn < 4 { (h, w) } else { (w, h) };
            let mut free = 0u128;
            for &(r, c) in &cells {
                let (r, c) = (r - r0, c - c0);
                let (r, c) = if turn < 4 { (r, c) } else { (c, r) };
                let r = if turn & 1 == 1 { rows - 1 - r } else { r };
                let c = if turn & 2 == 2 { cols - 1 - c } else { c };
                free |= 1 << (r * cols + c);
            }
            images.push(Cram::new(rows, cols, free).unwrap());
        }
        if small_as_is && h * w <= 20 {
            return images[if h <= w { 0 } else { 4 }];
        }
        images.into_iter().min().unwrap()
    }

    #[test]
    fn normal_forms_are_the_least_of_the_eight_images_or_small_boxes() {
        let shapes = [
            (4, 9),
            (9, 4),
            (5, 7),
            (8, 8),
            (3, 14),
            (11, 11),
            (10, 12),
            (2, 64),
        ];
        for p in random_boards(11, &shapes, 300, (2, 3)) {
            let free = p.free();
            if free == 0 {
                continue;
            }
            assert_eq!(p.normal(free), least_image(&p, true), "{p}");
            assert_eq!(p.least(free), least_image(&p, false), "{p}");
            if p.cells() <= 64 {
                assert_eq!(p.normal_in(free as u64), least_image(&p, true), "{p}");
            }
        }
    }

    #[test]
    fn search_order_holds_every_move_once() {
        let shapes = [(1, 9), (4, 9), (5, 7), (7, 5), (3, 14), (11, 11), (8, 16)];
        for p in random_boards(5, &shapes, 100, (1, 4)) {
            let key = |d: &Domino| (d.direction == Direction::Vertical, d.row, d.col);
            let mut ordered: Vec<Domino> = p.search_moves().unwrap().collect();
            let mut listed = p.moves();
            ordered.sort_by_key(key);
            listed.sort_by_key(key);
            assert_eq!(ordered, listed, "{p}");
        }
        // On an empty 4x9 board the middle column's dominoes come first.
        let first: Vec<String> = "4x9"
            .parse::<Cram>()
            .unwrap()
            .search_moves()
            .unwrap()
            .take(4)
            .map(|d| d.to_string())
            .collect();
        assert_eq!(first, ["v 0,4", "v 1,4", "v 2,4", "v 0,3"]);
    }

    #[test]
    fn strips_are_dawsons_kayles() {
        // 1×n Cram is octal 0.07: G(1..=10) = 0 1 1 2 0 3 1 1 0 3 (OEIS A002187 shifted).
        let values: Vec<u64> = (1..=10).map(|n| grundy(&format!("1x{n}"))).collect();
        assert_eq!(values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
        assert_eq!(grundy("2x2"), Nimber::ZERO.value());
    }

    #[test]
    fn boards_kept_as_words_and_as_positions_are_one_table() {
        use crate::solve::table::{Slot, Table};
        let board = |text: &str| text.parse::<Cram>().unwrap();
        // 3x4 is kept as a word, 8x8 (64 cells) as itself.
        let (small, large) = (board("3x4"), board("8x8"));
        assert!(small.word().is_some() && large.word().is_none());
        let mut t: Table<Cram, u32> = Table::new();
        let before = t.bytes();
        t.open(small);
        let words_only = t.bytes();
        assert!(words_only > before);
        assert_eq!(t.bytes_with(&board("2x2")), words_only);
        assert!(t.bytes_with(&large) > words_only);
        t.open(large);
        assert_eq!((t.len(), t.solved_len()), (2, 0));
        assert_eq!(t.peek(&small), Some(Slot::Busy));
        t.finish(&small, 7, 4);
        t.finish(&large, 9, 1);
        assert_eq!(t.get(&small), Some((Slot::Done(7), 4)));
        assert_eq!(t.solved_entry(&large), Some((9, 1)));
        let mut solved: Vec<(String, u32, u8)> =
            t.solved().map(|(k, v, l)| (k.to_string(), v, l)).collect();
        solved.sort();
        assert_eq!(solved, [("3x4".into(), 7, 3), ("8x8".into(), 9, 1)]);
        // A busy word is forgotten; the cheaper board is evicted first.
        t.open(board("2x2"));
        t.forget(&board("2x2"));
        assert_eq!((t.len(), t.peek(&board("2x2"))), (2, None));
        assert!(t.evict());
        assert_eq!(
            (t.peek(&large), t.peek(&small)),
            (None, Some(Slot::Done(7)))
        );
        assert!(!t.insert_solved(small, 1, 1));
        assert!(t.insert_solved(large, 9, 1));
        assert_eq!(t.solved_len(), 2);
    }
}
