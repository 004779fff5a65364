//! Chomp: eat a square and every square above and right of it; the
//! poisoned square (row 0, column 0) may not be eaten, so the bar of that
//! square alone has no move.
//!
//! A bar is `RxC` (R rows, C columns) or its column heights from the left,
//! non-increasing, separated by spaces. A move `take R,C` eats the square
//! in row `R` (from 0 at the bottom) of column `C` (from 0 at the left).
//! The bar is one component; it and its reflection in the diagonal (rows
//! as columns) are the same game.

use std::fmt;

use super::Rules;

/// The most squares a bar may have along a side.
const MAX_SIDE: usize = 255;

/// Eat square `(row, col)` and all above and right of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bite {
    row: usize,
    col: usize,
}

impl fmt::Display for Bite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {},{}", self.row, self.col)
    }
}

/// The rules of Chomp; a bar is its column heights, without empty columns.
pub struct Chomp;

/// The bar reflected in its diagonal: its row lengths, bottom first.
fn transposed(h: &[u8]) -> Vec<u8> {
    let rows = h.first().copied().unwrap_or(0);
    (0..rows)
        .map(|r| h.iter().filter(|&&x| x > r).count() as u8)
        .collect()
}

impl Rules for Chomp {
    type Pos = Vec<u8>;
    type Move = Bite;
    type Key = Vec<u8>;

    fn position(&self, text: &str) -> Result<Vec<u8>, String> {
        let bad =
            || format!("`{text}` is not a bar: write `6x7` or column heights such as `4 4 3 1`");
        let heights: Vec<usize> = match text.split_once('x') {
            Some((r, c)) => {
                let (r, c): (usize, usize) =
                    (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
                vec![r; c.min(MAX_SIDE + 1)]
            }
            None => text
                .split_whitespace()
                .map(|w| w.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?,
        };
        let mut h: Vec<usize> = heights;
        while h.last() == Some(&0) {
            h.pop();
        }
        if h.is_empty()
            || h.len() > MAX_SIDE
            || h[0] > MAX_SIDE
            || h.windows(2).any(|w| w[1] > w[0])
        {
            return Err(bad());
        }
        Ok(h.into_iter().map(|x| x as u8).collect())
    }

    fn parse_move(&self, text: &str) -> Result<Bite, String> {
        let bad = || format!("`{text}` is not a move: write `take 2,1`");
        let at = text.strip_prefix("take ").ok_or_else(bad)?;
        let (r, c) = at.trim().split_once(',').ok_or_else(bad)?;
        Ok(Bite {
            row: r.parse().map_err(|_| bad())?,
            col: c.parse().map_err(|_| bad())?,
        })
    }

    fn moves(&self, h: &Vec<u8>) -> Vec<Bite> {
        let mut all = Vec::new();
        for (col, &height) in h.iter().enumerate() {
            for row in 0..usize::from(height) {
                if (row, col) != (0, 0) {
                    all.push(Bite { row, col });
                }
            }
        }
        all
    }

    fn legal(&self, h: &Vec<u8>, m: &Bite) -> bool {
        (m.row, m.col) != (0, 0) && h.get(m.col).is_some_and(|&x| m.row < usize::from(x))
    }

    fn play(&self, h: &Vec<u8>, m: &Bite) -> Vec<u8> {
        let mut after: Vec<u8> = h
            .iter()
            .enumerate()
            .map(|(c, &x)| if c >= m.col { x.min(m.row as u8) } else { x })
            .collect();
        while after.last() == Some(&0) {
            after.pop();
        }
        after
    }

    fn parts(&self, h: &Vec<u8>) -> Vec<Vec<u8>> {
        let squares: usize = h.iter().map(|&x| usize::from(x)).sum();
        match squares > 1 {
            true => vec![h.clone()],
            false => Vec::new(),
        }
    }

    fn images(&self, h: &Vec<u8>) -> Vec<Vec<u8>> {
        vec![h.clone(), transposed(h)]
    }
}
