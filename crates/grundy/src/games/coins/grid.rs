//! Two-dimensional coin-turning games: products of row games, Turning
//! Corners, and the connected-block game of Luogu P2594.
//!
//! # Rules
//! Coins on a grid, cell `ROW,COL` numbered from 0 at the top left. The
//! chosen coin (the bottom-right one of the coins turned) goes from heads to
//! tails.
//! - `product:A,B`: a move turns `({x} ∪ S) × ({y} ∪ T)` where `S` is a set
//!   row rule `A` lets coin `x` turn and `T` one rule `B` lets coin `y` turn.
//! - `turning-corners` = `product:twins,twins`: the four corners of a
//!   rectangle whose bottom-right corner is the chosen coin.
//! - `block` (Luogu P2594, ZJOI 2009): a 4-connected set of coins, all in
//!   rows ≤ r and columns ≤ c of the chosen coin (r, c), containing it.
//!
//! # Solution
//! Tartan theorem (Winning Ways ch. 14): a head at (x, y) of a product game
//! is worth `g_A(x) ⊗ g_B(y)` (nim product), so Turning Corners gives
//! `x ⊗ y`. Block game (P2594, checked here by search): a head at (r, c) is
//! worth `lowbit(r + c + 1)` on the top row or left column, else `2^(r+c)`.
//! The position's value is the XOR over the heads.
//!
//! Winning move in a product: choose a head with `w = G ⊕ X⊗Y < X⊗Y`
//! (`X = g_A(x)`, `Y = g_B(y)`); find `a < X`, `b < Y` with
//! `a⊗Y ⊕ b⊗(X ⊕ a) = w` by trying each `a` and dividing; turn the coins
//! that realize `a` in row game A and `b` in row game B.
//!
//! # References
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 14; Luogu P2594.

use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use super::values::{NamedRule, RowValues};
use super::{allowed, companion_count, companions};
use crate::analysis::erased::Rules;
use crate::game::{parse_u64, Game, Outcome, ParseError};
use crate::nimber::field::{nim_div, nim_mul};
use crate::nimber::Nimber;
use crate::solution::Solution;

/// The block game's grid side: its moves are listed from a table of every
/// connected block, which grows as 2^(side²).
pub const BLOCK_SIDE: u64 = 4;

/// A cell, row then column.
pub type Cell = (u64, u64);

/// Which grid game.
#[derive(Debug)]
enum Kind {
    Product(Arc<RowValues>, Arc<RowValues>),
    Block,
}

/// A grid coin-turning game with its rule.
#[derive(Debug)]
pub struct GridRules {
    name: String,
    kind: Arc<Kind>,
}

impl GridRules {
    /// The grid game named by `param` (`turning-corners`, `product:A,B`,
    /// `block`), or `None` if `param` names no grid game.
    ///
    /// # Errors
    /// A bad row rule inside `product:`.
    pub fn parse(param: &str) -> Result<Option<GridRules>, ParseError> {
        let product = |a: NamedRule, b: NamedRule, name: String| GridRules {
            name,
            kind: Arc::new(Kind::Product(
                Arc::new(RowValues::new(a.rule)),
                Arc::new(RowValues::new(b.rule)),
            )),
        };
        if param == "turning-corners" {
            let twins = NamedRule::parse("twins")?;
            return Ok(Some(product(twins, twins, param.into())));
        }
        if param == "block" {
            let kind = Arc::new(Kind::Block);
            return Ok(Some(GridRules {
                name: param.into(),
                kind,
            }));
        }
        let Some(rules) = param.strip_prefix("product:") else {
            return Ok(None);
        };
        let Some((a, b)) = rules.split_once(',') else {
            return Err(ParseError::Malformed {
                token: param.to_string(),
                expected: "a product of two row rules".into(),
                example: "the two rules, as in `product:ruler,mock-turtles`".into(),
            });
        };
        let (a, b) = (NamedRule::parse(a)?, NamedRule::parse(b)?);
        Ok(Some(product(a, b, format!("product:{a},{b}"))))
    }
}

/// A move: the coins turned, the chosen (bottom-right) one first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GridTurn(pub Vec<Cell>);

impl fmt::Display for GridTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("turn")?;
        self.0.iter().try_for_each(|(r, c)| write!(f, " {r},{c}"))
    }
}

fn cell(word: &str) -> Result<Cell, ParseError> {
    let Some((r, c)) = word.split_once(',') else {
        return Err(ParseError::Malformed {
            token: word.to_string(),
            expected: "a cell".into(),
            example: "ROW,COL as in `2,3`".into(),
        });
    };
    Ok((
        parse_u64(r, "a row (from 0)")?,
        parse_u64(c, "a column (from 0)")?,
    ))
}

/// Parses `turn 3,3 3,0 0,3 0,0`, in any order.
impl FromStr for GridTurn {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<GridTurn, ParseError> {
        let mut words = s.split_whitespace();
        if words.next() != Some("turn") {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "the cells turned, as in `turn 3,3 3,0 0,3 0,0`",
            });
        }
        let mut cells = BTreeSet::new();
        for w in words {
            if !cells.insert(cell(w)?) {
                return Err(ParseError::Repeated {
                    what: format!("cell {w}"),
                    fix: "a move turns each coin once".into(),
                });
            }
        }
        if cells.is_empty() {
            return Err(ParseError::Inconsistent {
                what: format!("`{}` turns no coin", s.trim()),
                fix: "a move turns at least one coin, as in `turn 3,3 3,0 0,3 0,0`".into(),
            });
        }
        Ok(GridTurn(cells.into_iter().rev().collect()))
    }
}

/// Heads on a grid, under a grid rule.
#[derive(Clone, Debug)]
pub struct Grid {
    kind: Arc<Kind>,
    heads: Vec<Cell>,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.heads == other.heads && Arc::ptr_eq(&self.kind, &other.kind)
    }
}

impl Eq for Grid {}

impl Hash for Grid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.heads.hash(state);
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.heads.iter().map(|(r, c)| format!("{r},{c}")).collect();
        f.write_str(&words.join(" "))
    }
}

/// The value of a head at (r, c) in the block game, as a power of 2: the exponent.
pub fn block_exponent(r: u64, c: u64) -> u32 {
    if r == 0 || c == 0 {
        (r + c + 1).trailing_zeros()
    } else {
        (r + c) as u32
    }
}

/// Every connected block whose bottom-right cell is (r, c), cells descending.
fn blocks(r: u64, c: u64) -> &'static [Vec<Cell>] {
    static TABLE: OnceLock<Vec<Vec<Vec<Cell>>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..BLOCK_SIDE * BLOCK_SIDE)
            .map(|p| blocks_of(p / BLOCK_SIDE, p % BLOCK_SIDE))
            .collect()
    });
    &table[(r * BLOCK_SIDE + c) as usize]
}

fn blocks_of(r: u64, c: u64) -> Vec<Vec<Cell>> {
    let (h, w) = (r + 1, c + 1);
    let pivot = 1u32 << (h * w - 1);
    (0..1u32 << (h * w))
        .filter(|mask| mask & pivot != 0)
        .map(|mask| {
            let mut cells: Vec<Cell> = (0..h * w)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| (i / w, i % w))
                .collect();
            cells.reverse();
            cells
        })
        .filter(|cells| connected(cells))
        .collect()
}

/// Whether the cells are 4-connected (flood fill from the first).
fn connected(cells: &[Cell]) -> bool {
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut seen = BTreeSet::from([cells[0]]);
    let mut stack = vec![cells[0]];
    while let Some((r, c)) = stack.pop() {
        let near = [
            (r + 1, c),
            (r, c + 1),
            (r.wrapping_sub(1), c),
            (r, c.wrapping_sub(1)),
        ];
        for n in near {
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

impl Grid {
    fn cell_value(&self, (r, c): Cell) -> u64 {
        match &*self.kind {
            Kind::Product(a, b) => nim_mul(a.value(r), b.value(c)),
            Kind::Block => 1 << block_exponent(r, c),
        }
    }

    fn value(&self) -> u64 {
        self.heads.iter().fold(0, |x, &p| x ^ self.cell_value(p))
    }

    fn sets(&self, (r, c): Cell) -> Vec<Vec<Cell>> {
        match &*self.kind {
            Kind::Block => blocks(r, c).to_vec(),
            Kind::Product(a, b) => {
                let rows = companions(a.rule(), r);
                let cols = companions(b.rule(), c);
                let mut out = Vec::new();
                for s in &rows {
                    for t in &cols {
                        out.push(product_cells(r, s, c, t));
                    }
                }
                out
            }
        }
    }
}

/// `({r} ∪ s) × ({c} ∪ t)`, descending.
fn product_cells(r: u64, s: &[u64], c: u64, t: &[u64]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for &x in std::iter::once(&r).chain(s) {
        for &y in std::iter::once(&c).chain(t) {
            cells.push((x, y));
        }
    }
    cells
}

impl Game for Grid {
    type Move = GridTurn;

    /// The grid of coins up to the last row and column with a head.
    fn picture(&self) -> crate::board::Picture {
        let rows = self.heads.iter().map(|h| h.0 + 1).max().unwrap_or(0);
        let cols = self.heads.iter().map(|h| h.1 + 1).max().unwrap_or(0);
        match rows.saturating_mul(cols) <= crate::board::MAX_CELLS {
            true => crate::board::grid(rows as usize, cols as usize, |r, c| {
                if self.heads.contains(&(r as u64, c as u64)) {
                    'o'
                } else {
                    '.'
                }
            }),
            false => crate::board::text(self),
        }
    }

    /// The coin turned tails up (the first named, bottom right).
    fn spot(&self, m: &GridTurn) -> crate::board::Spot {
        match m
            .0
            .first()
            .map(|&(r, c)| (usize::try_from(r), usize::try_from(c)))
        {
            Some((Ok(row), Ok(col))) => crate::board::Spot::Cell { row, col },
            _ => crate::board::Spot::Aside,
        }
    }

    fn moves(&self) -> Vec<GridTurn> {
        self.heads
            .iter()
            .flat_map(|&p| self.sets(p).into_iter().map(GridTurn))
            .collect()
    }

    fn play(&self, m: &GridTurn) -> Grid {
        let mut heads: BTreeSet<Cell> = self.heads.iter().copied().collect();
        for p in &m.0 {
            if !heads.remove(p) {
                heads.insert(*p);
            }
        }
        Grid {
            kind: Arc::clone(&self.kind),
            heads: heads.into_iter().collect(),
        }
    }

    fn move_count(&self) -> u128 {
        let count = |&(r, c): &Cell| match &*self.kind {
            Kind::Block => blocks(r, c).len() as u128,
            Kind::Product(a, b) => {
                companion_count(a.rule(), r).saturating_mul(companion_count(b.rule(), c))
            }
        };
        self.heads.iter().map(count).fold(0, u128::saturating_add)
    }

    fn legal(&self, m: &GridTurn) -> bool {
        let Some(&(r, c)) = m.0.first() else {
            return false;
        };
        if self.heads.binary_search(&(r, c)).is_err() {
            return false;
        }
        match &*self.kind {
            Kind::Block => blocks(r, c).contains(&m.0),
            Kind::Product(a, b) => {
                let rows: BTreeSet<u64> = m.0.iter().map(|p| p.0).collect();
                let cols: BTreeSet<u64> = m.0.iter().map(|p| p.1).collect();
                let s: Vec<u64> = rows.iter().rev().skip(1).copied().collect();
                let t: Vec<u64> = cols.iter().rev().skip(1).copied().collect();
                rows.last() == Some(&r)
                    && cols.last() == Some(&c)
                    && allowed(a.rule(), r, &s)
                    && allowed(b.rule(), c, &t)
                    && m.0 == product_cells(r, &s, c, &t)
            }
        }
    }
}

impl Solution for Grid {
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(Nimber(self.value()))
    }

    fn grundy(&self) -> Option<Nimber> {
        Some(Nimber(self.value()))
    }

    fn winning_move(&self) -> Option<GridTurn> {
        let total = self.value();
        if total == 0 {
            return None;
        }
        let &p = self
            .heads
            .iter()
            .find(|&&p| self.cell_value(p) ^ total < self.cell_value(p))?;
        let w = self.cell_value(p) ^ total;
        match &*self.kind {
            Kind::Block => blocks(p.0, p.1)
                .iter()
                .find(|b| b[1..].iter().fold(0, |x, &q| x ^ self.cell_value(q)) == w)
                .map(|b| GridTurn(b.clone())),
            Kind::Product(a, b) => product_move(a, b, p, w),
        }
    }
}

/// The move from head `p` whose option is worth `w < g_A(x) ⊗ g_B(y)`.
fn product_move(a: &RowValues, b: &RowValues, (r, c): Cell, w: u64) -> Option<GridTurn> {
    let (x, y) = (a.value(r), b.value(c));
    for ra in 0..x {
        // a⊗Y ⊕ b⊗(X ⊕ a) = w, solved for b.
        let rb = nim_div(w ^ nim_mul(ra, y), x ^ ra)?;
        if rb < y {
            let s = a.realize(r, ra)?;
            let t = b.realize(c, rb)?;
            return Some(GridTurn(product_cells(r, &s, c, &t)));
        }
    }
    None
}

impl Rules for GridRules {
    type Position = Grid;

    fn name(&self) -> String {
        format!("coins:{}", self.name)
    }

    fn parse_position(&self, words: &[&str]) -> Result<Grid, ParseError> {
        let (rows, cols) = match &*self.kind {
            Kind::Product(a, b) => (a.coin_limit(), b.coin_limit()),
            Kind::Block => (BLOCK_SIDE, BLOCK_SIDE),
        };
        let mut heads = BTreeSet::new();
        for w in words {
            let (r, c) = cell(w)?;
            if r >= rows || c >= cols {
                return Err(ParseError::OutOfRange {
                    token: w.to_string(),
                    what: "a cell of the grid this game allows".into(),
                    range: format!("within rows 0..{rows}, columns 0..{cols}"),
                });
            }
            if !heads.insert((r, c)) {
                return Err(ParseError::Repeated {
                    what: format!("cell {w}"),
                    fix: "list each heads-up cell once".into(),
                });
            }
        }
        Ok(Grid {
            kind: Arc::clone(&self.kind),
            heads: heads.into_iter().collect(),
        })
    }

    /// Every set of heads in the top-left min(N,3) × min(N,4) cells.
    fn small_positions(&self, size: u64) -> Vec<Grid> {
        let (h, w) = (size.min(3), size.min(4));
        (0..1u64 << (h * w))
            .map(|mask| Grid {
                kind: Arc::clone(&self.kind),
                heads: (0..h * w)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| (i / w, i % w))
                    .collect(),
            })
            .collect()
    }
}
