//! Formulas: expressions over the coordinates of a sequence (`n`) or a table
//! (`i`, `j`), their printer and their evaluator.
//!
//! # Semantics
//! Every value is an unsigned 64-bit integer.
//! - `+ - *` wrap modulo 2^64 (so `0 - 1` is 2^64 − 1, and `~x` is 2^64 − 1 − x).
//! - `/` and `%` truncate; dividing by zero makes the cell *fail*: the formula
//!   is undefined there and cannot match it (no panic).
//! - `^` is XOR, `&` AND, `|` OR, `~` NOT; `a << b` and `a >> b` give 0 when
//!   `b >= 64` (the bits are shifted out).
//! - `popcount(x)` counts one bits; `ctz(x)` / `clz(x)` count trailing /
//!   leading zero bits, with `ctz(0) = clz(0) = 64`; `lowbit(x)` is the lowest
//!   set bit as a value (`x & -x`, so `lowbit(0) = 0`).
//! - `min`, `max` and `mex` take one or more arguments; `mex(a, b, …)` is the
//!   least value not among its arguments.
//!
//! Precedence, loosest first, as in C except that `^` sits with C's XOR:
//! `|`, `^`, `&`, `<< >>`, `+ -`, `* / %`, then unary `~` and calls.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A variable: the coordinates of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Var {
    /// The index of a sequence term.
    N,
    /// The row of a table.
    I,
    /// The column of a table.
    J,
}

impl Var {
    /// The variable's name in formulas.
    pub fn name(self) -> &'static str {
        match self {
            Var::N => "n",
            Var::I => "i",
            Var::J => "j",
        }
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Xor,
    And,
    Or,
    Shl,
    Shr,
}

impl BinOp {
    /// Every binary operator.
    pub const ALL: [BinOp; 10] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::Xor,
        BinOp::And,
        BinOp::Or,
        BinOp::Shl,
        BinOp::Shr,
    ];

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Xor => "^",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
        }
    }

    /// Binding strength: higher binds tighter.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::Xor => 2,
            BinOp::And => 3,
            BinOp::Shl | BinOp::Shr => 4,
            BinOp::Add | BinOp::Sub => 5,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 6,
        }
    }

    /// Whether `a op b == b op a` always.
    pub fn commutative(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Mul | BinOp::Xor | BinOp::And | BinOp::Or
        )
    }

    /// Whether `(a op b) op c == a op (b op c)` always, so that the printer
    /// may drop the parentheses of a right operand with the same operator.
    fn associative(self) -> bool {
        self.commutative()
    }

    /// Applies the operator; `None` where it is undefined (division by zero).
    #[inline]
    pub fn apply(self, a: u64, b: u64) -> Option<u64> {
        Some(match self {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div => a.checked_div(b)?,
            BinOp::Rem => a.checked_rem(b)?,
            BinOp::Xor => a ^ b,
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Shl => u32::try_from(b)
                .ok()
                .and_then(|b| a.checked_shl(b))
                .unwrap_or(0),
            BinOp::Shr => u32::try_from(b)
                .ok()
                .and_then(|b| a.checked_shr(b))
                .unwrap_or(0),
        })
    }
}

/// A function of one or more arguments, or the unary `~`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Func {
    Not,
    Popcount,
    Ctz,
    Clz,
    Lowbit,
    Min,
    Max,
    Mex,
}

impl Func {
    /// The functions of one argument (with `~`).
    pub const UNARY: [Func; 5] = [
        Func::Not,
        Func::Popcount,
        Func::Ctz,
        Func::Clz,
        Func::Lowbit,
    ];
    /// The functions of several arguments, tried with two by the guesser.
    pub const VARIADIC: [Func; 3] = [Func::Min, Func::Max, Func::Mex];

    /// The name as written (`~` for NOT).
    pub fn name(self) -> &'static str {
        match self {
            Func::Not => "~",
            Func::Popcount => "popcount",
            Func::Ctz => "ctz",
            Func::Clz => "clz",
            Func::Lowbit => "lowbit",
            Func::Min => "min",
            Func::Max => "max",
            Func::Mex => "mex",
        }
    }

    /// The function called `name`, if any (`~` is not a name).
    pub fn by_name(name: &str) -> Option<Func> {
        Self::UNARY[1..]
            .iter()
            .chain(&Self::VARIADIC)
            .copied()
            .find(|f| f.name() == name)
    }

    /// Whether the function takes exactly one argument.
    pub fn is_unary(self) -> bool {
        !Self::VARIADIC.contains(&self)
    }

    /// Applies a function of one argument.
    #[inline]
    pub fn apply1(self, x: u64) -> u64 {
        match self {
            Func::Not => !x,
            Func::Popcount => u64::from(x.count_ones()),
            Func::Ctz => u64::from(x.trailing_zeros()),
            Func::Clz => u64::from(x.leading_zeros()),
            Func::Lowbit => x & x.wrapping_neg(),
            Func::Min | Func::Max | Func::Mex => x,
        }
    }

    /// Applies a function of two arguments (the variadic ones).
    #[inline]
    pub fn apply2(self, a: u64, b: u64) -> u64 {
        match self {
            Func::Min => a.min(b),
            Func::Max => a.max(b),
            Func::Mex => {
                let (lo, hi) = (a.min(b), a.max(b));
                match (lo, hi) {
                    (0, 1) => 2,
                    (0, _) => 1,
                    _ => 0,
                }
            }
            _ => self.apply1(a),
        }
    }

    fn apply(self, args: &[u64]) -> u64 {
        match self {
            Func::Min => args.iter().copied().min().unwrap_or(0),
            Func::Max => args.iter().copied().max().unwrap_or(0),
            Func::Mex => crate::nimber::mex(args.iter().map(|&v| crate::Nimber(v))).0,
            f => f.apply1(args.first().copied().unwrap_or(0)),
        }
    }

    /// Whether the order of the arguments does not matter.
    pub fn commutative(self) -> bool {
        !self.is_unary()
    }
}

/// An expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Expr {
    /// A constant.
    Const(u64),
    /// A coordinate.
    Var(Var),
    /// `a op b`.
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `f(a, …)`, or `~a`.
    Call(Func, Vec<Expr>),
}

/// The values of the variables at one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// `n`.
    pub n: u64,
    /// `i`.
    pub i: u64,
    /// `j`.
    pub j: u64,
}

impl Cell {
    /// The value of a variable here.
    pub fn get(&self, v: Var) -> u64 {
        match v {
            Var::N => self.n,
            Var::I => self.i,
            Var::J => self.j,
        }
    }
}

impl Expr {
    /// The value at a cell, `None` where the formula is undefined (a
    /// division or remainder by zero).
    ///
    /// ```
    /// use grundy::api::formula::{Cell, Expr};
    /// let e: Expr = "ctz(~((i-1)|(j-1)))".parse().unwrap();
    /// assert_eq!(e.eval(&Cell { i: 4, j: 8, n: 0 }), Some(3));
    /// let d: Expr = "n / (n - 3)".parse().unwrap();
    /// assert_eq!(d.eval(&Cell { n: 3, ..Cell::default() }), None);
    /// ```
    pub fn eval(&self, cell: &Cell) -> Option<u64> {
        match self {
            Expr::Const(c) => Some(*c),
            Expr::Var(v) => Some(cell.get(*v)),
            Expr::Bin(op, a, b) => op.apply(a.eval(cell)?, b.eval(cell)?),
            Expr::Call(f, args) => {
                let vals: Option<Vec<u64>> = args.iter().map(|a| a.eval(cell)).collect();
                Some(f.apply(&vals?))
            }
        }
    }

    /// The number of nodes: the size the guesser counts.
    pub fn size(&self) -> usize {
        match self {
            Expr::Const(_) | Expr::Var(_) => 1,
            Expr::Bin(_, a, b) => 1 + a.size() + b.size(),
            Expr::Call(_, args) => 1 + args.iter().map(Expr::size).sum::<usize>(),
        }
    }

    /// The variables the expression uses.
    pub fn vars(&self) -> Vec<Var> {
        let mut out = Vec::new();
        self.collect_vars(&mut out);
        out.sort();
        out.dedup();
        out
    }

    fn collect_vars(&self, out: &mut Vec<Var>) {
        match self {
            Expr::Const(_) => {}
            Expr::Var(v) => out.push(*v),
            Expr::Bin(_, a, b) => {
                a.collect_vars(out);
                b.collect_vars(out);
            }
            Expr::Call(_, args) => args.iter().for_each(|a| a.collect_vars(out)),
        }
    }

    fn precedence(&self) -> u8 {
        match self {
            Expr::Bin(op, _, _) => op.precedence(),
            _ => u8::MAX,
        }
    }
}

/// Prints with the fewest parentheses that parse back to the same tree.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Const(c) => write!(f, "{c}"),
            Expr::Var(v) => f.write_str(v.name()),
            Expr::Call(Func::Not, args) => match args.first() {
                Some(a) if a.precedence() == u8::MAX => write!(f, "~{a}"),
                Some(a) => write!(f, "~({a})"),
                None => f.write_str("~"),
            },
            Expr::Call(func, args) => {
                write!(f, "{}(", func.name())?;
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
            Expr::Bin(op, a, b) => {
                let p = op.precedence();
                let left_paren = a.precedence() < p;
                let right_paren = match b.as_ref() {
                    // `a * (x * y)` may be written `a * x * y` only if
                    // nothing of `x`'s own chain at this precedence then
                    // joins `a` instead: `a * (j / j * k)` may not.
                    Expr::Bin(bop, _, _) => {
                        bop.precedence() < p
                            || (bop.precedence() == p
                                && !(bop == op && op.associative() && chain_of(b, *op)))
                    }
                    _ => false,
                };
                paren(f, a, left_paren)?;
                write!(f, " {} ", op.symbol())?;
                paren(f, b, right_paren)
            }
        }
    }
}

/// Whether the operators down `e`'s left side at `op`'s precedence are all
/// `op`: the operands a printed chain would join to the left.
fn chain_of(e: &Expr, op: BinOp) -> bool {
    match e {
        Expr::Bin(o, left, _) if o.precedence() == op.precedence() => {
            *o == op && chain_of(left, op)
        }
        _ => true,
    }
}

fn paren(f: &mut fmt::Formatter<'_>, e: &Expr, wrap: bool) -> fmt::Result {
    if wrap {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}
