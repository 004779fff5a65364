//! Mimo & Yuyu (Codeforces 2155E): tokens on a grid walk to the left edge.
//!
//! # Rules
//! An `n × m` grid (rows 1..n top to bottom, columns 1..m left to right)
//! holds tokens; a cell may hold several. A move picks a token at
//! `(a_1, b_1)` and a path of pairwise distinct cells `(a_1, b_1), …,
//! (a_p, b_p)`, `p ≥ 2`, whose consecutive cells are edge-adjacent, whose
//! columns never increase, whose first step goes left (`b_2 = b_1 − 1`) and
//! which ends in column 1. The token is removed and one token is added to
//! each of the cells `(a_2, b_2) … (a_p, b_p)`. Whoever cannot move loses.
//!
//! # Solution
//! After the problem's editorial: each token is an independent game (a move
//! depends on no other token). With `n ≥ 2` rows the P-positions are those
//! where every column `2..m` holds an even number of tokens, and a token in
//! column `y ≥ 2` has Grundy value `2^(y−2)`. The winning move takes a token
//! from the largest column `J` of odd count and snakes through its row `r` and
//! a neighbouring row `s`: in each column `c` from `J − 1` down to 2 it visits
//! one cell if column `c` is odd (making it even) and two cells, switching
//! rows, if it is even; then it steps into column 1. With one row the path is
//! forced, a token in column `y ≥ 3` leaves one token in each column below
//! (values XOR to 0), so only column 2 counts: value 1 there, 0 elsewhere.
//! Tokens in column 1 never move.
//!
//! Search sees the rules only, with two reductions that hold in every
//! impartial game: column-1 tokens are dropped, and two tokens in the same
//! cell cancel (`G + G` is a P-position by the mirror strategy, the
//! Tweedledum and Tweedledee argument of *Winning Ways*).
//!
//! # References
//! Codeforces Round 1056 (Div. 2), problem 2155E, and its editorial,
//! <https://codeforces.com/blog/entry/147174>.

use std::fmt;
use std::str::FromStr;

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, Outcome, ParseError};
use crate::nimber::Nimber;
use crate::solution::Solution;

/// A board: its size and its tokens as `(row, column)`, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MimoYuyu {
    rows: u32,
    cols: u32,
    tokens: Vec<(u32, u32)>,
}

/// A move: the path of cells, starting at the token that is moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MimoPath(pub Vec<(u32, u32)>);

impl fmt::Display for MimoPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("path")?;
        for (r, c) in &self.0 {
            write!(f, " {r},{c}")?;
        }
        Ok(())
    }
}

/// Parses `path 2,3 2,2 2,1` (the first cell holds the token moved).
impl FromStr for MimoPath {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<MimoPath, ParseError> {
        let mut words = s.split_whitespace();
        if words.next() != Some("path") {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "the path as `path 2,3 2,2 2,1`",
            });
        }
        words
            .map(parse_cell)
            .collect::<Result<_, _>>()
            .map(MimoPath)
    }
}

fn parse_cell(word: &str) -> Result<(u32, u32), ParseError> {
    let (r, c) = word.split_once(',').ok_or_else(|| ParseError::Malformed {
        token: word.to_string(),
        expected: "a cell".into(),
        example: "`row,column`, as in `2,3`".into(),
    })?;
    let small = |t: &str, what: &str| {
        u32::try_from(parse_u64(t, what)?).map_err(|_| ParseError::TooLarge {
            token: t.to_string(),
            what: what.to_string(),
            max: u32::MAX.to_string(),
        })
    };
    Ok((small(r, "a row")?, small(c, "a column")?))
}

impl MimoYuyu {
    /// A board of `rows × cols` with tokens at `(row, column)` cells (from 1).
    ///
    /// # Errors
    /// An empty grid or a token outside it.
    pub fn new(rows: u32, cols: u32, mut tokens: Vec<(u32, u32)>) -> Result<MimoYuyu, ParseError> {
        if rows == 0 || cols == 0 {
            return Err(ParseError::Inconsistent {
                what: format!("a {rows}x{cols} grid has no cells"),
                fix: "the grid needs at least 1 row and 1 column".into(),
            });
        }
        if let Some(&(r, c)) = tokens
            .iter()
            .find(|&&(r, c)| !(1..=rows).contains(&r) || !(1..=cols).contains(&c))
        {
            return Err(ParseError::OutOfRange {
                token: format!("{r},{c}"),
                what: "a token's cell".into(),
                range: format!(
                    "inside the {rows}x{cols} grid (rows 1 to {rows}, columns 1 to {cols})"
                ),
            });
        }
        tokens.sort_unstable();
        Ok(MimoYuyu { rows, cols, tokens })
    }

    /// The columns (≥ 2, or only 2 with one row) holding an odd number of tokens, ascending.
    pub fn odd_columns(&self) -> Vec<u32> {
        let mut cols: Vec<u32> = self
            .tokens
            .iter()
            .map(|&(_, c)| c)
            .filter(|&c| if self.rows == 1 { c == 2 } else { c >= 2 })
            .collect();
        cols.sort_unstable();
        let mut odd = Vec::new();
        for run in cols.chunk_by(|a, b| a == b) {
            if run.len() % 2 == 1 {
                odd.push(run[0]);
            }
        }
        odd
    }

    /// The editorial's snake path from a token in column `j`, row `r`, that
    /// leaves every column below `j` even.
    fn snake(&self, r: u32, j: u32, odd: &[u32]) -> MimoPath {
        let other = if r < self.rows { r + 1 } else { r - 1 };
        let mut path = vec![(r, j)];
        let mut cur = r;
        for c in (2..j).rev() {
            path.push((cur, c));
            if odd.binary_search(&c).is_err() {
                cur = if cur == r { other } else { r };
                path.push((cur, c));
            }
        }
        path.push((cur, 1));
        MimoPath(path)
    }

    /// Whether `path` obeys the rules from this board.
    fn path_ok(&self, path: &[(u32, u32)]) -> bool {
        let (Some(&(r0, c0)), Some(&(_, last))) = (path.first(), path.last()) else {
            return false;
        };
        let inside =
            |&(r, c): &(u32, u32)| (1..=self.rows).contains(&r) && (1..=self.cols).contains(&c);
        let steps_ok = path.windows(2).all(|w| {
            let ((r1, c1), (r2, c2)) = (w[0], w[1]);
            (c2 + 1 == c1 && r1 == r2) || (c1 == c2 && r1.abs_diff(r2) == 1)
        });
        let mut seen = path.to_vec();
        seen.sort_unstable();
        seen.dedup();
        path.len() >= 2
            && path[1].1 + 1 == c0
            && last == 1
            && steps_ok
            && seen.len() == path.len()
            && path.iter().all(inside)
            && self.tokens.binary_search(&(r0, c0)).is_ok()
    }

    /// Every path that starts with a step left from `(r, c)`: in each column
    /// the path walks up or down a segment from where it entered, then steps
    /// left; in column 1 it ends anywhere along such a segment.
    fn paths_from(&self, r: u32, c: u32) -> Vec<MimoPath> {
        let mut done = Vec::new();
        let mut partial = vec![vec![(r, c)]];
        while let Some(path) = partial.pop() {
            let &(row, col) = path.last().expect("paths are never empty");
            let mut entered = path.clone();
            entered.push((row, col - 1));
            for exit in 1..=self.rows {
                let mut p = entered.clone();
                let mut x = row;
                while x != exit {
                    x = if exit > x { x + 1 } else { x - 1 };
                    p.push((x, col - 1));
                }
                if col - 1 == 1 {
                    done.push(MimoPath(p));
                } else {
                    partial.push(p);
                }
            }
        }
        done
    }
}

impl fmt::Display for MimoYuyu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)?;
        for (r, c) in &self.tokens {
            write!(f, " {r},{c}")?;
        }
        Ok(())
    }
}

impl Game for MimoYuyu {
    type Move = MimoPath;

    /// The grid with the number of tokens on each cell.
    fn picture(&self) -> crate::board::Picture {
        let (rows, cols) = (self.rows as u64, self.cols as u64);
        if rows * cols > crate::board::MAX_CELLS {
            return crate::board::text(self);
        }
        let count = |r: usize, c: usize| {
            let n = self
                .tokens
                .iter()
                .filter(|&&t| t == (r as u32 + 1, c as u32 + 1))
                .count();
            char::from_digit(n.min(9) as u32, 10)
                .filter(|&d| d != '0')
                .unwrap_or('.')
        };
        crate::board::grid(rows as usize, cols as usize, count)
    }

    /// The token moved (the path's first cell; the paths from one token
    /// are told apart beside the board).
    fn spot(&self, m: &MimoPath) -> crate::board::Spot {
        match m.0.first() {
            Some(&(r, c)) => crate::board::Spot::Cell {
                row: r as usize - 1,
                col: c as usize - 1,
            },
            None => crate::board::Spot::Aside,
        }
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.tokens)
    }

    fn moves(&self) -> Vec<MimoPath> {
        let mut cells = self.tokens.clone();
        cells.dedup();
        cells
            .iter()
            .filter(|&&(_, c)| c >= 2)
            .flat_map(|&(r, c)| self.paths_from(r, c))
            .collect()
    }

    fn play(&self, m: &MimoPath) -> MimoYuyu {
        let mut tokens = self.tokens.clone();
        let at = tokens
            .binary_search(&m.0[0])
            .expect("a legal move starts at a token");
        tokens.remove(at);
        tokens.extend_from_slice(&m.0[1..]);
        tokens.sort_unstable();
        MimoYuyu { tokens, ..*self }
    }

    fn components(&self) -> Vec<MimoYuyu> {
        self.tokens
            .iter()
            .map(|&t| MimoYuyu {
                tokens: vec![t],
                ..*self
            })
            .collect()
    }

    /// Drops column-1 tokens and cancels pairs of tokens in one cell.
    fn canonical(&self) -> MimoYuyu {
        let mut tokens = Vec::new();
        for run in self.tokens.chunk_by(|a, b| a == b) {
            if run[0].1 >= 2 && run.len() % 2 == 1 {
                tokens.push(run[0]);
            }
        }
        MimoYuyu { tokens, ..*self }
    }

    /// A token in column `c` has `n^(c−1)` paths: one per exit row in each column.
    fn move_count(&self) -> u128 {
        let mut cells = self.tokens.clone();
        cells.dedup();
        cells
            .iter()
            .filter(|&&(_, c)| c >= 2)
            .map(|&(_, c)| {
                u128::from(self.rows)
                    .checked_pow(c - 1)
                    .unwrap_or(u128::MAX)
            })
            .fold(0u128, u128::saturating_add)
    }

    fn legal(&self, m: &MimoPath) -> bool {
        self.path_ok(&m.0)
    }

    fn any_move(&self) -> Option<MimoPath> {
        let &(r, c) = self.tokens.iter().find(|&&(_, c)| c >= 2)?;
        Some(MimoPath((1..=c).rev().map(|col| (r, col)).collect()))
    }
}

impl Solution for MimoYuyu {
    fn outcome(&self) -> Outcome {
        if self.odd_columns().is_empty() {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// `2^(y−2)` per odd column `y` (column 2 alone with one row); `None`
    /// past column 65, whose values do not fit in 64 bits.
    fn grundy(&self) -> Option<Nimber> {
        let odd = self.odd_columns();
        if odd.last().is_some_and(|&c| c > 65) {
            return None;
        }
        Some(Nimber(odd.iter().fold(0, |x, &c| x | 1 << (c - 2))))
    }

    fn winning_move(&self) -> Option<MimoPath> {
        let odd = self.odd_columns();
        let &j = odd.last()?;
        if self.rows == 1 {
            return Some(MimoPath(vec![(1, 2), (1, 1)]));
        }
        let &(r, _) = self.tokens.iter().find(|&&(_, c)| c == j)?;
        Some(self.snake(r, j, &odd))
    }
}

/// The rules of Mimo & Yuyu.
#[derive(Debug)]
pub struct MimoYuyuRules;

impl Rules for MimoYuyuRules {
    type Position = MimoYuyu;

    fn name(&self) -> String {
        "mimo-yuyu".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<MimoYuyu, ParseError> {
        let Some((size, cells)) = words.split_first() else {
            return Err(ParseError::Empty {
                hint: "write the grid size, then the tokens as row,column: `mimo-yuyu 3x4 2,3 1,2`"
                    .into(),
            });
        };
        let (n, m) = size.split_once('x').ok_or_else(|| ParseError::Malformed {
            token: size.to_string(),
            expected: "a grid size".into(),
            example: "ROWSxCOLUMNS, as in `3x4`".into(),
        })?;
        let dim = |t: &str, what: &str| {
            u32::try_from(parse_u64(t, what)?).map_err(|_| ParseError::TooLarge {
                token: t.to_string(),
                what: what.to_string(),
                max: u32::MAX.to_string(),
            })
        };
        let tokens = cells
            .iter()
            .map(|w| parse_cell(w))
            .collect::<Result<_, _>>()?;
        MimoYuyu::new(
            dim(n, "the number of rows")?,
            dim(m, "the number of columns")?,
            tokens,
        )
    }

    /// Every grid of 1 to 3 rows and 1 to 4 columns with up to `size` tokens.
    fn small_positions(&self, size: u64) -> Vec<MimoYuyu> {
        let mut all = Vec::new();
        for (n, m) in (1..=3).flat_map(|n| (1..=4).map(move |m| (n, m))) {
            let cells: Vec<(u32, u32)> =
                (1..=n).flat_map(|r| (1..=m).map(move |c| (r, c))).collect();
            let mut boards: Vec<Vec<usize>> = vec![Vec::new()];
            for _ in 0..=size {
                let mut next = Vec::new();
                for b in &boards {
                    let tokens = b.iter().map(|&i| cells[i]).collect();
                    all.push(MimoYuyu {
                        rows: n,
                        cols: m,
                        tokens,
                    });
                    let from = b.last().copied().unwrap_or(0);
                    next.extend((from..cells.len()).map(|i| [b.as_slice(), &[i]].concat()));
                }
                boards = next;
            }
        }
        all
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(MimoYuyuRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "mimo-yuyu",
    "Mimo & Yuyu (CF 2155E): tokens walk left along paths, leaving tokens; P iff every column >= 2 is even",
    "NxM ROW,COL... (grid size, then one word per token)",
    "mimo-yuyu 6x4 2,3 4,2 6,4",
    VerifyPlan {
        size: 3, max_size: 4,
        meaning: "grids of 1-3 rows and 1-4 columns with up to N tokens",
        instances: &["mimo-yuyu"],
    },
    build,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solution::check;
    use crate::solve::Limits;

    #[test]
    fn closed_form_matches_search() {
        check(MimoYuyuRules.small_positions(2), Limits::default()).unwrap();
    }

    #[test]
    fn three_tokens_on_the_largest_grids() {
        let big: Vec<MimoYuyu> = MimoYuyuRules
            .small_positions(3)
            .into_iter()
            .filter(|p| p.rows >= 2 && p.cols == 4 && p.tokens.len() == 3)
            .collect();
        check(big, Limits::default()).unwrap();
    }

    #[test]
    fn statement_figure_move_is_legal() {
        // Codeforces 2155E, Figure 1 to Figure 4: the (6,4) token's example path.
        let p = MimoYuyuRules
            .parse_position(&["6x4", "2,3", "4,2", "6,4"])
            .unwrap();
        let m: MimoPath = "path 6,4 6,3 5,3 4,3 3,3 2,3 2,2 3,2 4,2 4,1"
            .parse()
            .unwrap();
        assert!(p.legal(&m));
        assert_eq!(p.move_count(), 6u128.pow(2) + 6 + 6u128.pow(3));
        assert!(!p.legal(&"path 6,4 6,3 6,4".parse().unwrap()));
        let w = p.winning_move().unwrap();
        assert!(p.legal(&w));
        assert_eq!(p.play(&w).outcome(), Outcome::Previous);
    }

    #[test]
    fn huge_boards_by_formula() {
        let p = MimoYuyu::new(200_000, 200_000, vec![(5, 200_000), (7, 3)]).unwrap();
        assert_eq!(p.grundy(), None);
        let w = p.winning_move().unwrap();
        assert!(p.legal(&w));
        assert_eq!(p.play(&w).outcome(), Outcome::Previous);
        assert_eq!(p.move_count(), u128::MAX);
    }

    #[test]
    fn text_forms_round_trip() {
        let p = MimoYuyuRules
            .parse_position(&["3x4", "2,3", "1,2", "2,3"])
            .unwrap();
        assert_eq!(p.to_string(), "3x4 1,2 2,3 2,3");
        let m = MimoPath(vec![(2, 3), (2, 2), (2, 1)]);
        assert_eq!(m.to_string().parse::<MimoPath>().unwrap(), m);
        assert!(MimoYuyuRules.parse_position(&["3x4", "4,1"]).is_err());
        assert!(MimoYuyuRules.parse_position(&["3by4"]).is_err());
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Beyond search: the snake path is legal and leaves every column even.
        #[test]
        fn snake_paths_win(rows in 1u32..6, cols in 1u32..40, cells in prop::collection::vec((1u32..6, 1u32..40), 0..12)) {
            let tokens = cells.into_iter().map(|(r, c)| (r.min(rows), c.min(cols))).collect();
            let p = MimoYuyu::new(rows, cols, tokens).unwrap();
            match p.winning_move() {
                Some(m) => {
                    prop_assert!(p.legal(&m));
                    prop_assert_eq!(p.play(&m).outcome(), Outcome::Previous);
                }
                None => prop_assert_eq!(p.outcome(), Outcome::Previous),
            }
        }
    }
}
