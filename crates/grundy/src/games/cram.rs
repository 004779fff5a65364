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
//! a board are stacked in sorted order ([`Game::canonical`]).
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

use crate::catalog::erased::{search_only, AnyGame, Rules};
use crate::catalog::{Entry, VerifyPlan};
use crate::game::{parse_u64, Game, MoveIter, ParseError};
use crate::solution::{check_by_rules, CheckError, CheckReport};
use crate::solve::Limits;

/// The most cells a board may have: one bit of a `u128` each.
pub const MAX_CELLS: usize = 128;

/// A Cram position: a board of `rows` × `cols` cells, the free ones as
/// bits of `free` in row-major order (cell `(r, c)` is bit `r * cols + c`).
///
/// The derived order (shape first, then cells) picks canonical forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram {
    rows: u8,
    cols: u8,
    free: u128,
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
        let bad = || {
            ParseError::invalid(format!(
                "`{s}` is not a move; write `h 2,3` for a domino on (2,3) and (2,4), `v 2,3` for (2,3) and (3,3)"
            ))
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
        free: 0,
    };

    /// An empty board of `rows` × `cols` cells, every one free.
    ///
    /// # Errors
    /// [`ParseError::TooLarge`] beyond [`MAX_CELLS`] cells, or
    /// [`ParseError::Invalid`] for no rows or no columns.
    pub fn rectangle(rows: u64, cols: u64) -> Result<Cram, ParseError> {
        if rows == 0 || cols == 0 {
            return Err(ParseError::invalid(format!(
                "a {rows}x{cols} board has no cells; give at least 1 row and 1 column"
            )));
        }
        let cells = rows.saturating_mul(cols);
        if cells > MAX_CELLS as u64 {
            return Err(too_large(&format!("{rows}x{cols}")));
        }
        Ok(Cram {
            rows: rows as u8,
            cols: cols as u8,
            free: bit_range(0, cells as usize),
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
            free,
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
        self.free
    }

    /// Whether cell `(r, c)` is free.
    pub fn is_free(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.free >> (r * self.cols() + c) & 1 == 1
    }

    fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    fn with(&self, free: u128) -> Cram {
        Cram { free, ..*self }
    }

    /// The board's shape as masks, worked out once for many flood steps.
    fn shape(&self) -> Shape {
        let last: u128 = (0..self.rows())
            .map(|r| 1u128 << (r * self.cols() + self.cols() - 1))
            .sum();
        let board = bit_range(0, self.cells());
        Shape {
            cols: u32::from(self.cols),
            inner: board & !last,
            board,
        }
    }

    /// Cells where a horizontal domino may start (the cell and its right
    /// neighbour free), and where a vertical one may.
    fn starts(&self) -> (u128, u128) {
        let f = self.free;
        let h = f & (f >> 1) & self.shape().inner;
        let v = f & f.checked_shr(u32::from(self.cols)).unwrap_or(0);
        (h, v)
    }

    /// The free cells a domino can still cover.
    fn live(&self, shape: &Shape) -> u128 {
        self.free & shape.next_to(self.free)
    }

    /// The regions of `cells` that no domino joins, each as a bit set.
    fn regions(&self, cells: u128, shape: &Shape) -> Vec<u128> {
        let mut regions = Vec::new();
        each_region(cells, shape, |r| regions.push(r));
        regions
    }

    /// `free`'s cells cropped to their bounding box, in the least of the
    /// board's 8 orientations: the 4 that keep the box's shape are mirrors
    /// of its rows, the 4 that transpose it mirrors of its columns'.
    fn normal(&self, free: u128) -> Cram {
        if free == 0 {
            return Cram::EMPTY;
        }
        let cols = self.cols();
        let (r0, r1) = (
            free.trailing_zeros() as usize / cols,
            (127 - free.leading_zeros()) as usize / cols,
        );
        let row = |r: usize| (free >> (r * cols)) & bit_range(0, cols);
        let spread = (r0..=r1).fold(0, |acc, r| acc | row(r));
        let c0 = spread.trailing_zeros() as usize;
        let w = (127 - spread.leading_zeros()) as usize + 1 - c0;
        let h = r1 - r0 + 1;
        // The shorter side is at most 11 (h · w <= 128), so the shape-keeping
        // images are needed only when h <= w, the transposing ones when w <= h.
        const SIDE: usize = 11;
        let mut best = None;
        if h <= w {
            let mut rows = [0u128; SIDE];
            for (r, slot) in rows[..h].iter_mut().enumerate() {
                *slot = row(r0 + r) >> c0;
            }
            best = Some(least_mirror(&rows[..h], w));
        }
        if w <= h {
            let mut columns = [0u128; SIDE];
            for i in bits(free) {
                columns[i % cols - c0] |= 1 << (i / cols - r0);
            }
            let t = least_mirror(&columns[..w], h);
            best = Some(best.map_or(t, |b: Cram| b.min(t)));
        }
        best.expect("h <= w or w <= h")
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
            for i in bits(p.free) {
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
fn each_region(mut cells: u128, shape: &Shape, mut f: impl FnMut(u128)) {
    while cells != 0 {
        let mut region = cells & cells.wrapping_neg();
        loop {
            let grown = region | (shape.next_to(region) & cells);
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
fn reduce_stars(cells: u128, shape: &Shape) -> u128 {
    let left = (cells & shape.inner) << 1;
    let right = (cells >> 1) & shape.inner;
    let up = cells.checked_shl(shape.cols).unwrap_or(0) & shape.board;
    let down = cells.checked_shr(shape.cols).unwrap_or(0);
    let two = (left & right) | ((left | right) & (up | down)) | (up & down);
    let tufts = cells & (left | right | up | down) & !two;
    if tufts.count_ones() < 2 {
        return cells;
    }
    // `left` holds the cells whose left neighbour is free, and so on. A
    // centre keeps its tuft on the left, else the one on the right, else
    // the one above, else the one below: each direction's tufts drop where
    // their centre has one from a direction before. (A lone domino keeps
    // both cells: each is the other's centre.)
    let shl = |x: u128, k: u32| x.checked_shl(k).unwrap_or(0);
    let shr = |x: u128, k: u32| x.checked_shr(k).unwrap_or(0);
    let cols = shape.cols;
    // Centre at t + 1.
    let on_left = tufts & right;
    let mut taken = on_left << 1;
    // Centre at t − 1.
    let on_right = tufts & left & !(taken << 1);
    taken |= on_right >> 1;
    // Centre at t + cols.
    let above = tufts & down & !shr(taken, cols);
    taken |= shl(above, cols);
    // Centre at t − cols.
    let below = tufts & up & !shl(taken, cols);
    let kept = on_left | on_right | above | below;
    cells & !(tufts & !kept)
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = x.trailing_zeros() as usize;
        x &= x.wrapping_sub(1);
        (i < 128).then_some(i)
    })
}

/// The least of the 4 mirror images of the board whose rows (each `w`
/// cells, lowest bit at the left) are `rows`: as it is, with each row
/// reversed, with the rows in reverse order, and both.
fn least_mirror(rows: &[u128], w: usize) -> Cram {
    // One pass, each row reversed once (the search calls this for every
    // region of every option: a `dyn` walk per image, reversing each row
    // twice, showed as a sixth of Cram's search).
    let last = rows.len().saturating_sub(1);
    let mut images = [0u128; 4];
    for (i, &r) in rows.iter().enumerate() {
        let f = r.reverse_bits() >> (128 - w);
        let (down, up) = (i * w, (last - i) * w);
        images[0] |= r << down;
        images[1] |= f << down;
        images[2] |= r << up;
        images[3] |= f << up;
    }
    Cram {
        rows: rows.len() as u8,
        cols: w as u8,
        free: images.into_iter().min().expect("four images"),
    }
}

/// A board's shape as masks (see [`Cram::shape`]).
struct Shape {
    cols: u32,
    /// The cells of every column but the last.
    inner: u128,
    /// Every cell.
    board: u128,
}

impl Shape {
    /// The cells next to a cell of `x` (in row or column), on the board.
    fn next_to(&self, x: u128) -> u128 {
        let left_of = (x >> 1) & self.inner;
        let right_of = (x & self.inner) << 1;
        let above = x.checked_shr(self.cols).unwrap_or(0);
        let below = x.checked_shl(self.cols).unwrap_or(0);
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
        if self.free == bit_range(0, self.cells()) {
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
    let hint = "write `cram 5x7` for an empty board or rows such as `cram ..#./..../....` (`.` free, `#` blocked)";
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
        return Err(ParseError::Empty { hint: hint.into() });
    };
    let cols = first.len();
    if rows.len().saturating_mul(cols) > MAX_CELLS {
        return Err(too_large(&words.join(" ")));
    }
    let mut free = 0u128;
    for (r, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return Err(ParseError::invalid(format!(
                "row {r} `{row}` has {} cells, row 0 has {cols}; every row of a board is as long",
                row.len()
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => free |= 1u128 << (r * cols + c),
                '#' => {}
                _ => {
                    return Err(ParseError::invalid(format!(
                        "`{ch}` in row {r} is not a cell: {hint}"
                    )))
                }
            }
        }
    }
    Ok(Cram::new(rows.len(), cols, free).expect("the shape was checked"))
}

impl Game for Cram {
    type Move = Domino;

    fn moves(&self) -> Vec<Domino> {
        self.move_iter()
            .expect("Cram's rules do not fail")
            .collect()
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
        self.with(self.free & !(1u128 << i) & !(1u128 << j))
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
        let (h, v) = self.starts();
        u128::from(h.count_ones() + v.count_ones())
    }

    fn any_move(&self) -> Option<Domino> {
        self.move_iter().ok()?.next()
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
        let shape = self.shape();
        each_region(self.live(&shape), &shape, |r| {
            out.push(self.normal(reduce_stars(r, &shape)))
        });
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

fn build(spec: &crate::catalog::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    if spec.param.is_some() {
        return Err(ParseError::invalid(
            "cram takes no parameter: write `cram 5x7` or `cram ..#./..../....`",
        ));
    }
    Ok(search_only(CramRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry {
    name: "cram",
    parameter: None,
    summary: "Cram: place a domino on two free adjacent cells, either way; regions add",
    position: "RxC (an empty board) or ROW/ROW/... (`.` free, `#` blocked), at most 128 cells; moves `h R,C` / `v R,C`",
    example: "cram ..#./..../....",
    parameter_is_file: false,
    graph_file: false,
    verify: VerifyPlan {
        size: 10,
        max_size: 14,
        meaning: "every board of at most N cells (every shape R×C with R·C <= N, every set of blocked cells), search against the rules alone",
        instances: &["cram"],
    },
    sequence_position: None,
    table_position: None,
    build,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Nimber, Play, Searcher};

    fn grundy(text: &str) -> u64 {
        let p: Cram = text.parse().unwrap();
        Searcher::new(Play::Normal).grundy(&p).unwrap().value()
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

    #[test]
    fn stars_keep_one_tuft_of_each_centre() {
        let reduced = |text: &str| {
            let p: Cram = text.parse().unwrap();
            let shape = p.shape();
            p.with(reduce_stars(p.free(), &shape)).to_string()
        };
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
    fn strips_are_dawsons_kayles() {
        // 1×n Cram is octal 0.07: G(1..=10) = 0 1 1 2 0 3 1 1 0 3 (OEIS A002187 shifted).
        let values: Vec<u64> = (1..=10).map(|n| grundy(&format!("1x{n}"))).collect();
        assert_eq!(values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
        assert_eq!(grundy("2x2"), Nimber::ZERO.value());
    }
}
