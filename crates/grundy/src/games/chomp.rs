//! Chomp `chomp`: bite squares off a chocolate bar whose corner is poisoned.
//!
//! # Rules
//! A bar of squares stands in columns of non-increasing height on a common
//! bottom row (a Young diagram); its bottom-left square (row 0, column 0)
//! is poisoned. A move chooses a square `(r, c)` of the bar and eats it with
//! every square above and to the right of it (rows ≥ `r` in columns ≥ `c`).
//! Whoever eats the poisoned square loses. That is the same game as this
//! one, which is written here: the poisoned square may not be chosen, so the
//! bar of the poisoned square alone has no move, and whoever faces it loses
//! (normal play). Its Grundy value is 0; a rectangle's is its nimber.
//!
//! # Solution
//! No closed form is known. Every rectangle but the single square is an
//! N-position (Gale 1974, strategy stealing: if eating the top-right square
//! lost, the answer to it would win from the start, and the start already
//! offers that answer), though no winning move is known in general. Two
//! families are solved: a bar of two rows is a P-position iff its bottom
//! row is one square longer than its top row; an L (one column and one
//! row) iff its arms are equally long. Reflecting a bar in its diagonal
//! (columns ↔ rows, the conjugate partition) gives the same game, so the
//! two are stored as one ([`Game::canonical`]).
//!
//! # Position syntax
//! `6x7` is a full bar of 6 rows and 7 columns; `4 4 3 1` gives the column
//! heights from the left, non-increasing. A move `take 2,1` eats the square
//! in row 2 (from 0 at the bottom) of column 1 (from 0 at the left) and
//! every square above and right of it. A bar's columns plus its rows are at
//! most [`MAX_SPAN`]: its boundary is one bit a step.
//!
//! # References
//! D. Gale, *A curious Nim-type game*, American Mathematical Monthly 81
//! (1974); D. Zeilberger, *Three-rowed Chomp*, Advances in Applied
//! Mathematics 26 (2001); Berlekamp, Conway, Guy, *Winning Ways*, ch. 18.

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{search_only, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, Game, GameError, MoveIter, Outcome, ParseError};
use crate::solution::{check_by_rules, CheckError, CheckReport};
use crate::solve::Limits;

mod rank;

/// The most columns plus rows a bar may have: its boundary, one bit a step,
/// and an end mark fill a `u128`.
pub const MAX_SPAN: usize = 127;

/// A Chomp position: the bar's boundary walked from its top-left corner to
/// its bottom-right, one bit a step (1 a step right along a column's top, 0
/// a step down), lowest bit first, with a 1 past the last step.
///
/// For column heights `h`, column `c` gives a 1 and then `h[c] - h[c+1]`
/// zeros (`h` past the last column is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chomp {
    walk: u128,
}

/// Eat the square in `row` (0 at the bottom) of `col` (0 at the left), and
/// every square above and to the right of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bite {
    /// The row, from 0 at the bottom.
    pub row: u8,
    /// The column, from 0 at the left.
    pub col: u8,
}

impl fmt::Display for Bite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {},{}", self.row, self.col)
    }
}

/// Parses `take 2,1` (row 2, column 1).
impl FromStr for Bite {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Bite, ParseError> {
        let bad = || {
            ParseError::NotAMove {
    text: s.to_string(),
    example: "`take 2,1` to eat row 2 (from the bottom) of column 1 and all above and right of it",
}
        };
        let words: Vec<&str> = s.split_whitespace().collect();
        let ["take", cell] = words.as_slice() else {
            return Err(bad());
        };
        let (r, c) = cell.split_once(',').ok_or_else(bad)?;
        let coordinate =
            |t: &str| u8::try_from(parse_u64(t, "a row or column")?).map_err(|_| bad());
        Ok(Bite {
            row: coordinate(r)?,
            col: coordinate(c)?,
        })
    }
}

impl Chomp {
    /// The bar of columns `heights`, non-increasing from the left.
    ///
    /// # Errors
    /// No column, a column of height 0, a column taller than the one on its
    /// left, or more than [`MAX_SPAN`] columns plus rows.
    pub fn new(heights: &[u64]) -> Result<Chomp, ParseError> {
        let Some(&first) = heights.first() else {
            return Err(ParseError::Empty {
                hint: "write a bar as `chomp 6x7` or as column heights, as in `chomp 4 4 3 1`"
                    .into(),
            });
        };
        if let Some(w) = heights.windows(2).find(|w| w[1] > w[0]) {
            return Err(ParseError::Inconsistent {
                what: format!("a column of {} stands right of one of {}", w[1], w[0]),
                fix: "heights go down (or stay) from left to right, as in `chomp 4 4 3 1`".into(),
            });
        }
        if heights.contains(&0) {
            return Err(ParseError::OutOfRange {
                token: "0".into(),
                what: "a column's height".into(),
                range: "1 or more: list only the columns that have squares".into(),
            });
        }
        let span = (heights.len() as u64).saturating_add(first);
        if span > MAX_SPAN as u64 {
            return Err(ParseError::TooLarge {
                token: format!("{} columns of up to {first}", heights.len()),
                what: "a Chomp bar's columns plus rows (its boundary is one bit a step)".into(),
                max: MAX_SPAN.to_string(),
            });
        }
        let heights: Vec<u8> = heights.iter().map(|&h| h as u8).collect();
        Ok(Chomp::from_heights(&heights))
    }

    /// The full bar of `rows` × `cols`.
    ///
    /// # Errors
    /// As [`Chomp::new`].
    pub fn rectangle(rows: u64, cols: u64) -> Result<Chomp, ParseError> {
        if rows == 0 || cols == 0 {
            return Err(ParseError::Inconsistent {
                what: format!("a {rows}x{cols} bar has no squares"),
                fix: "give at least 1 row and 1 column".into(),
            });
        }
        if rows.saturating_add(cols) > MAX_SPAN as u64 {
            return Err(ParseError::TooLarge {
                token: format!("{rows}x{cols}"),
                what: "a Chomp bar's columns plus rows (its boundary is one bit a step)".into(),
                max: MAX_SPAN.to_string(),
            });
        }
        Chomp::new(&vec![rows; cols as usize])
    }

    fn from_heights(heights: &[u8]) -> Chomp {
        let mut walk = 0u128;
        let mut at = 0;
        for (c, &h) in heights.iter().enumerate() {
            walk |= 1 << at;
            let next = heights.get(c + 1).copied().unwrap_or(0);
            at += 1 + usize::from(h - next);
        }
        Chomp {
            walk: walk | 1 << at,
        }
    }

    /// The column heights, from the left.
    pub fn heights(&self) -> Vec<u8> {
        let (h, n) = self.height_array();
        h[..n].to_vec()
    }

    /// The column heights in an array, and how many columns: no
    /// allocation, for the search's inner loop.
    fn height_array(&self) -> ([u8; MAX_SPAN], usize) {
        let (mut rights, _) = self.body();
        let (downs, _) = self.rows_and_columns();
        let mut heights = [0u8; MAX_SPAN];
        let mut n = 0;
        // Column n is the step right at bit i: as tall as the steps down
        // not yet taken, of which i - n were taken before it.
        while rights != 0 {
            let i = rights.trailing_zeros();
            heights[n] = (downs - (i - n as u32)) as u8;
            n += 1;
            rights &= rights - 1;
        }
        (heights, n)
    }

    pub fn transposed(&self) -> Chomp {
        let steps = 127 - self.walk.leading_zeros();
        let body = self.walk & ((1u128 << steps) - 1);
        // The walk backwards, with right and down swapped.
        let reversed = body.reverse_bits() >> (128 - steps);
        let swapped = !reversed & ((1u128 << steps) - 1);
        Chomp {
            walk: swapped | 1 << steps,
        }
    }

    /// Squares in the bar.
    pub fn squares(&self) -> u64 {
        // Each column (a step right) is as tall as the steps down after it.
        let (body, steps) = self.body();
        let mut columns = body;
        let mut squares = 0;
        while columns != 0 {
            let at = columns.trailing_zeros();
            squares += u64::from(self.downs_after(body, steps, at));
            columns &= columns - 1;
        }
        squares
    }

    /// The walk without its end mark, and its number of steps.
    fn body(&self) -> (u128, u32) {
        let steps = 127 - self.walk.leading_zeros();
        (self.walk & ((1u128 << steps) - 1), steps)
    }

    /// The bar's rows and columns: the walk's steps down and right.
    fn rows_and_columns(&self) -> (u32, u32) {
        let (body, steps) = self.body();
        let columns = body.count_ones();
        (steps - columns, columns)
    }

    /// The steps down after step `at` of a walk of `steps`: the height
    /// of the column whose step right is `at`.
    fn downs_after(&self, body: u128, steps: u32, at: u32) -> u32 {
        (steps - at - 1) - (body >> (at + 1)).count_ones()
    }

    /// The bar's bites, one at a time: the poisoned square, row 0 of
    /// column 0, is not one.
    fn bites(&self) -> Bites {
        let (heights, columns) = self.height_array();
        Bites {
            heights,
            columns,
            next: Bite { row: 1, col: 0 },
        }
    }
}

/// The moves of a bar, column by column from the left, each from the
/// bottom up, handed out one at a time (see [`Game::move_iter`]).
struct Bites {
    heights: [u8; MAX_SPAN],
    columns: usize,
    next: Bite,
}

impl Iterator for Bites {
    type Item = Bite;
    fn next(&mut self) -> Option<Bite> {
        loop {
            let col = usize::from(self.next.col);
            if col >= self.columns {
                return None;
            }
            if self.next.row < self.heights[col] {
                let bite = self.next;
                self.next.row += 1;
                return Some(bite);
            }
            self.next = Bite {
                row: 0,
                col: self.next.col + 1,
            };
        }
    }
}

/// `RxC` for a full bar, else the column heights.
impl fmt::Display for Chomp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.heights();
        if h.iter().all(|&x| x == h[0]) {
            return write!(f, "{}x{}", h[0], h.len());
        }
        let words: Vec<String> = h.iter().map(u8::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

/// Parses `6x7` or column heights such as `4 4 3 1`.
impl FromStr for Chomp {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Chomp, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        parse_chomp(&words)
    }
}

/// Parses the words of a position: `RxC`, or column heights (trailing
/// zeros are dropped).
///
/// # Errors
/// As [`Chomp::new`], and words that are not numbers.
pub fn parse_chomp(words: &[&str]) -> Result<Chomp, ParseError> {
    if let [word] = words {
        if let Some((r, c)) = word.split_once(['x', 'X']) {
            return Chomp::rectangle(
                parse_u64(r, "a number of rows")?,
                parse_u64(c, "a number of columns")?,
            );
        }
    }
    if words.len() > MAX_SPAN {
        return Err(ParseError::TooLarge {
            token: format!("{} columns", words.len()),
            what: "a Chomp bar's columns plus rows".into(),
            max: MAX_SPAN.to_string(),
        });
    }
    let mut heights = words
        .iter()
        .map(|w| parse_u64(w, "a column's height"))
        .collect::<Result<Vec<u64>, _>>()?;
    while heights.len() > 1 && heights.last() == Some(&0) {
        heights.pop();
    }
    Chomp::new(&heights)
}

impl Game for Chomp {
    type Move = Bite;

    /// The bar, row 0 (with the poisoned square) at the bottom.
    fn picture(&self) -> crate::board::Picture {
        let heights = self.heights();
        let rows = heights.first().copied().unwrap_or(0) as usize;
        let square = |r: usize, c: usize| match (r, c) {
            (0, 0) => 'x',
            _ if r < heights[c] as usize => '.',
            _ => ' ',
        };
        match crate::board::grid(rows, heights.len(), square) {
            crate::board::Picture::Grid { cells, .. } => crate::board::Picture::Grid {
                cells,
                bottom_up: true,
            },
            other => other,
        }
    }

    /// The square bitten.
    fn spot(&self, m: &Bite) -> crate::board::Spot {
        crate::board::Spot::Cell {
            row: m.row.into(),
            col: m.col.into(),
        }
    }

    /// Column by column from the left, each from the bottom up.
    fn moves(&self) -> Vec<Bite> {
        self.bites().collect()
    }

    fn move_iter(&self) -> Result<MoveIter<Bite>, GameError> {
        Ok(MoveIter::lazy(self.bites()))
    }

    /// On the walk: the column's step right moves after the steps down
    /// that lower it (and those right of it) to the bite's row, or, for
    /// the first column, those steps go (the walk starts lower). The walk
    /// is unchanged by a bite of no square, and emptied by the poisoned
    /// square's (neither is legal).
    fn play(&self, m: &Bite) -> Chomp {
        let (body, steps) = self.body();
        if usize::from(m.col) >= body.count_ones() as usize {
            return *self;
        }
        // The step right of column `m.col`.
        let mut columns = body;
        for _ in 0..m.col {
            columns &= columns - 1;
        }
        let at = columns.trailing_zeros();
        let height = self.downs_after(body, steps, at);
        let row = u32::from(m.row);
        if row >= height {
            return *self;
        }
        let drop = height - row;
        if row == 0 {
            // The bite's columns go: the walk ends `height` steps down.
            return match at {
                0 => Chomp { walk: 1 },
                _ => Chomp {
                    walk: body & ((1u128 << at) - 1) | 1u128 << (at + drop),
                },
            };
        }
        // The `drop`-th step down after `at` ends the steps that move.
        let mut downs = !body & !((1u128 << (at + 1)) - 1);
        for _ in 1..drop {
            downs &= downs - 1;
        }
        let last = downs.trailing_zeros();
        let len = last - at + 1;
        let moved = ((1u128 << len) - 1) << at;
        let rights = len - drop;
        let walk = match at {
            // The walk starts lower: those steps down are gone.
            0 => (self.walk >> (last + 1)) << rights | ((1u128 << rights) - 1),
            _ => self.walk & !moved | ((1u128 << rights) - 1) << (at + drop),
        };
        Chomp { walk }
    }

    fn legal(&self, m: &Bite) -> bool {
        let h = self.heights();
        (m.row, m.col) != (0, 0) && h.get(usize::from(m.col)).is_some_and(|&x| m.row < x)
    }

    fn move_count(&self) -> u128 {
        u128::from(self.squares() - 1)
    }

    fn any_move(&self) -> Option<Bite> {
        self.moves().pop()
    }

    /// A bar never splits and its values are large: the pruned search
    /// looks at 2.4 times fewer moves on a bar of 8x8 valuing each bar
    /// once than asking it about one value after another.
    fn value_questions_pay(&self) -> bool {
        false
    }

    /// A full rectangle but the lone poisoned square is won (Gale's
    /// strategy stealing: if eating the top-right square lost, the winning
    /// reply would have been a winning first move, as it eats that square
    /// too).
    fn known_outcome(&self) -> Option<Outcome> {
        let (h, n) = self.height_array();
        let rectangle = h[..n].iter().all(|&x| x == h[0]);
        (rectangle && (n, h[0]) != (1, 1)).then_some(Outcome::Next)
    }

    /// The bar's number among all bars, square by square (see the
    /// `rank` module): the bars of an N×N square are numbered below
    /// C(2N, N), so the pruned search values them all, the smallest first,
    /// in an array, each from its bites' numbers (Chomp 12x12: 2.7 million
    /// bars in 1.1 s and an array of 5.4 MB, where the search by positions
    /// took 14 s and 108 MB). `None` for a bar of more
    /// than 32 rows or columns.
    fn index(&self) -> Option<u64> {
        let (h, n) = self.height_array();
        rank::index(&h[..n])
    }

    /// Where the bars numbered below this one are at most
    /// 8 times the bars inside it (those a search of
    /// it may reach): valuing a bar by its bites' numbers costs a fraction
    /// of searching it as a position. A single column of 14 would value all
    /// 20 million bars numbered below it, where 15 are inside it; a bar
    /// that fills part of its square, `13 13 13 9 9 9 8 6 6 5 3 2 2` (3.3
    /// million inside, 8.2 million below), is valued in a few seconds by
    /// the array where searching it took 55 s.
    fn fill_below_pays(&self) -> bool {
        let (h, n) = self.height_array();
        let below = rank::index(&h[..n]).unwrap_or(u64::MAX);
        below <= bars_inside(&h[..n]).saturating_mul(FILL_PER_BAR_INSIDE)
    }

    /// The reflection's number, a bar of the same value, where it is lower
    /// (about half the bars of a square: Chomp 12x12 2.1 s to 1.6 s, half
    /// the bites looked at).
    fn index_of_twin(&self) -> Option<u64> {
        // A bar and its reflection fit the same least square, where the
        // numbers go in the order of the heights (unused columns 0): the
        // heights say which is lower, and only a lower twin is numbered.
        // The first heights are the bar's rows and its columns: where they
        // differ they decide, with no heights listed.
        let (rows, columns) = self.rows_and_columns();
        if columns > rows {
            return None;
        }
        let (t, n) = self.transposed().height_array();
        if columns == rows && t >= self.height_array().0 {
            return None;
        }
        rank::index(&t[..n])
    }

    /// Each bite's bar by its number, column by column from the left.
    fn each_option_indices(&self, mut f: impl FnMut(&[u64]) -> bool) -> bool {
        let (h, n) = self.height_array();
        if rank::shell(&h[..n]) > rank::MAX_SHELL {
            return false;
        }
        rank::each_bite_index(&h[..n], |i| f(&[i]));
        true
    }

    /// The bar numbered `i` (see [`index`](Game::index)), as numbered: not
    /// turned to its canonical form, whose number may be lower.
    fn part_at(&self, i: u64) -> Option<Chomp> {
        let mut h = Vec::with_capacity(rank::MAX_SHELL);
        rank::heights_at(i, &mut h).then(|| Chomp::from_heights(&h))
    }

    /// The next bar in the order of numbers, stepped to from the heights
    /// (see `rank::next_heights`).
    fn next_part(&self) -> Option<Chomp> {
        let (h, n) = self.height_array();
        let mut next = [0u8; rank::MAX_SHELL + 1];
        let m = rank::next_heights(&h[..n], &mut next)?;
        Some(Chomp::from_heights(&next[..m]))
    }

    /// The bar is one component: its canonical form, with no list.
    fn canonical_parts(&self, out: &mut Vec<Chomp>) {
        out.push(self.canonical());
    }

    /// The bar or its reflection in the diagonal, whichever walk is less.
    fn canonical(&self) -> Chomp {
        (*self).min(self.transposed())
    }
}

/// The rules of Chomp.
#[derive(Debug)]
pub struct ChompRules;

/// Every list of non-increasing heights of at most `squares` squares in
/// all, each no taller than `cap`, appended to `prefix`, into `all`
/// (`squares` stays small enough that no bar passes [`MAX_SPAN`]).
fn bars(prefix: &mut Vec<u8>, squares: u64, cap: u8, all: &mut Vec<Chomp>) {
    if !prefix.is_empty() {
        all.push(Chomp::from_heights(prefix));
    }
    let tallest = u64::from(cap).min(squares) as u8;
    for h in 1..=tallest {
        prefix.push(h);
        bars(prefix, squares - u64::from(h), h, all);
        prefix.pop();
    }
}

impl Rules for ChompRules {
    type Position = Chomp;

    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<Chomp>>> {
        Some(Box::new(crate::games::certificate_forms::ChompForm))
    }

    fn name(&self) -> String {
        "chomp".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Chomp, ParseError> {
        parse_chomp(words)
    }

    /// Every bar (Young diagram) of 1 to `size` squares.
    fn small_positions(&self, size: u64) -> Vec<Chomp> {
        let mut all = Vec::new();
        let size = size.min(60);
        bars(&mut Vec::new(), size, size as u8, &mut all);
        all
    }

    fn check_search(
        &self,
        positions: Vec<Chomp>,
        limits: Limits,
    ) -> Option<Result<CheckReport, CheckError>> {
        Some(check_by_rules(positions, limits))
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(search_only(ChompRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "chomp",
    "Chomp: eat a square and all above and right of it; the poisoned corner is left to the loser",
    "RxC (a full bar) or column heights, non-increasing (e.g. 4 4 3 1); columns + rows <= 127; moves `take ROW,COL`",
    "chomp 4 4 3 1",
    VerifyPlan {
        size: 16,
        max_size: 30,
        meaning: "every bar (Young diagram) of 1 to N squares, search against the rules alone",
        instances: &["chomp"],
    },
    build,
);

/// How many bars numbered below a bar may be valued, for each bar inside
/// it, before valuing them costs more than searching the bar (see
/// [`Chomp::fill_below_pays`]).
const FILL_PER_BAR_INSIDE: u64 = 8;

/// The bars inside the bar of column heights `h` (non-increasing), itself
/// and the empty bar included: the lists of non-increasing heights at most
/// `h`, column by column, each count by its last height.
fn bars_inside(h: &[u8]) -> u64 {
    let Some(&first) = h.first() else {
        return 1;
    };
    // ending[v]: the lists of the columns so far whose last height is v.
    let mut ending = vec![1u64; usize::from(first) + 1];
    for &top in &h[1..] {
        let mut next = vec![0u64; usize::from(top) + 1];
        // A column of height v may follow any of height v or more.
        let mut at_least = 0u64;
        for v in (0..ending.len()).rev() {
            at_least = at_least.saturating_add(ending[v]);
            if v < next.len() {
                next[v] = at_least;
            }
        }
        ending = next;
    }
    ending.iter().fold(0, |a, &b| a.saturating_add(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bars inside `h`, one by one: each column at most the one before
    /// it and at most `h`'s.
    fn listed_inside(h: &[u8], below: u8) -> u64 {
        match h.split_first() {
            None => 1,
            Some((&top, rest)) => (0..=top.min(below)).map(|v| listed_inside(rest, v)).sum(),
        }
    }

    #[test]
    fn the_bars_inside_a_bar_are_counted() {
        for h in [
            &[4u8, 4, 3, 1][..],
            &[5, 2, 2, 2, 1],
            &[3],
            &[],
            &[6, 6, 6, 6, 6, 6],
        ] {
            assert_eq!(bars_inside(h), listed_inside(h, u8::MAX), "{h:?}");
        }
        // Every bar of the 12x12 square: C(24, 12).
        assert_eq!(bars_inside(&[12; 12]), 2_704_156);
    }

    #[test]
    fn a_twin_is_the_reflection_where_numbered_lower() {
        // Every bar of the 7×7 square: C(14, 7) = 3432 numbers.
        for i in 0..3432u64 {
            let bar = "1x1".parse::<Chomp>().unwrap().part_at(i).unwrap();
            assert_eq!(bar.index(), Some(i));
            let mirror = bar.transposed().index().unwrap();
            let twin = (mirror < i).then_some(mirror);
            assert_eq!(bar.index_of_twin(), twin, "{bar}");
        }
    }

    #[test]
    fn positions_print_as_they_parse() {
        for text in ["6x7", "4 4 3 1", "1x1", "3 1", "1x5"] {
            assert_eq!(text.parse::<Chomp>().unwrap().to_string(), text);
        }
        assert_eq!("4 4 0".parse::<Chomp>().unwrap().to_string(), "4x2");
        assert!("3 4".parse::<Chomp>().is_err());
        assert!("0".parse::<Chomp>().is_err());
        assert!("".parse::<Chomp>().is_err());
        assert!("64x64".parse::<Chomp>().is_err());
        assert!("63x64".parse::<Chomp>().is_ok());
        let m: Bite = "take 2,1".parse().unwrap();
        assert_eq!(m.to_string(), "take 2,1");
    }

    #[test]
    fn bites_eat_above_and_right() {
        let p: Chomp = "4 4 3 1".parse().unwrap();
        assert_eq!(p.play(&"take 2,1".parse().unwrap()).to_string(), "4 2 2 1");
        assert_eq!(p.play(&"take 0,2".parse().unwrap()).to_string(), "4x2");
        assert_eq!(p.play(&"take 1,0".parse().unwrap()).to_string(), "1x4");
        assert_eq!(p.moves().len(), 11);
        assert!(!p.legal(&"take 0,0".parse().unwrap()));
        assert!(!p.legal(&"take 3,2".parse().unwrap()));
        assert!("1x1".parse::<Chomp>().unwrap().moves().is_empty());
    }

    #[test]
    fn reflection_swaps_rows_and_columns() {
        let p: Chomp = "4 4 3 1".parse().unwrap();
        // Rows from the bottom have 4, 3, 3 and 2 squares.
        assert_eq!(p.transposed().to_string(), "4 3 3 2");
        assert_eq!(p.transposed().transposed(), p);
        assert_eq!(
            "2x5".parse::<Chomp>().unwrap().transposed().to_string(),
            "5x2"
        );
        assert_eq!(p.canonical(), p.transposed().canonical());
    }

    /// A bite on the column heights, as the rules say it.
    fn bite_heights(heights: &[u8], m: Bite) -> Vec<u8> {
        let mut h: Vec<u8> = heights
            .iter()
            .enumerate()
            .map(|(c, &x)| match c >= usize::from(m.col) {
                true => x.min(m.row),
                false => x,
            })
            .collect();
        while h.last() == Some(&0) {
            h.pop();
        }
        h
    }

    #[test]
    fn bites_on_the_walk_are_bites_on_the_heights() {
        for bar in ChompRules.small_positions(12) {
            let h = bar.heights();
            assert_eq!(bar.squares(), h.iter().map(|&x| u64::from(x)).sum::<u64>());
            assert_eq!(bar.move_iter().unwrap().collect::<Vec<_>>(), bar.moves());
            for m in bar.moves() {
                let eaten = bite_heights(&h, m);
                assert_eq!(bar.play(&m).heights(), eaten, "{bar} {m}");
                assert_eq!(bar.play(&m), Chomp::from_heights(&eaten), "{bar} {m}");
            }
        }
        // The widest and tallest bars the walk holds.
        let wide = Chomp::rectangle(1, 126).unwrap();
        assert_eq!(wide.play(&Bite { row: 0, col: 125 }).to_string(), "1x125");
        let tall = Chomp::rectangle(126, 1).unwrap();
        assert_eq!(tall.play(&Bite { row: 125, col: 0 }).to_string(), "125x1");
        let big = Chomp::rectangle(63, 64).unwrap();
        assert_eq!(big.squares(), 63 * 64);
        let bitten = big.play(&Bite { row: 10, col: 5 });
        assert_eq!(
            bitten.heights(),
            bite_heights(&big.heights(), Bite { row: 10, col: 5 })
        );
    }

    #[test]
    fn small_bars_are_all_young_diagrams() {
        // Partitions of 1..=6: 1 + 2 + 3 + 5 + 7 + 11.
        assert_eq!(ChompRules.small_positions(6).len(), 29);
    }
}
