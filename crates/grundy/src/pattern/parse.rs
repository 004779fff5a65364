//! The formula parser: precedence climbing over a hand-written lexer, with
//! errors that point at the character where the text goes wrong.

use std::str::FromStr;

use thiserror::Error;

use super::expr::{BinOp, Expr, Func, Var};

/// A formula that does not parse, with the 0-based character position of the
/// problem.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormulaError {
    /// A character that starts no token.
    #[error("unexpected character `{ch}` at position {pos}; formulas use numbers, i, j, n, + - * / % ^ & | ~ << >>, parentheses and the functions min max popcount ctz clz lowbit mex")]
    BadChar {
        /// The character.
        ch: char,
        /// Where it is.
        pos: usize,
    },
    /// A name that is neither a variable nor a function.
    #[error("unknown name `{name}` at position {pos}; variables are i, j (tables) and n (sequences), functions min max popcount ctz clz lowbit mex")]
    UnknownName {
        /// The name.
        name: String,
        /// Where it starts.
        pos: usize,
    },
    /// A number too large for 64 bits.
    #[error("number `{text}` at position {pos} does not fit in 64 bits")]
    Overflow {
        /// The digits.
        text: String,
        /// Where they start.
        pos: usize,
    },
    /// Something else was needed here.
    #[error("expected {expected} at position {pos}, found {found}")]
    Expected {
        /// What would have been valid.
        expected: &'static str,
        /// What was there.
        found: String,
        /// Where.
        pos: usize,
    },
    /// A formula nested deeper than [`MAX_DEPTH`] (parentheses, operators,
    /// calls): evaluating and printing it recurse once a level.
    #[error("the formula nests deeper than {max} levels at position {pos}; write it with fewer nested parentheses, operators and calls")]
    TooDeep {
        /// The limit, [`MAX_DEPTH`].
        max: usize,
        /// Where the level past it starts.
        pos: usize,
    },
    /// A function called with the wrong number of arguments.
    #[error("`{name}` at position {pos} takes {takes}, not {given}")]
    Arity {
        /// The function.
        name: &'static str,
        /// What it takes, in words.
        takes: &'static str,
        /// How many were given.
        given: usize,
        /// Where the call starts.
        pos: usize,
    },
}

/// The deepest formula accepted: levels of the tree of operators, calls
/// and `~` (parentheses add none of their own). Far more than a formula
/// of values needs; few enough that evaluating, printing and dropping it
/// recurse safely on any thread's stack.
pub const MAX_DEPTH: usize = 256;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(u64),
    Name(String),
    Op(BinOp),
    Tilde,
    Open,
    Close,
    Comma,
    End,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Num(v) => format!("number `{v}`"),
        Tok::Name(n) => format!("`{n}`"),
        Tok::Op(op) => format!("`{}`", op.symbol()),
        Tok::Tilde => "`~`".into(),
        Tok::Open => "`(`".into(),
        Tok::Close => "`)`".into(),
        Tok::Comma => "`,`".into(),
        Tok::End => "the end of the formula".into(),
    }
}

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, FormulaError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let (c, pos) = (chars[k], k);
        let single = match c {
            '+' => Some(Tok::Op(BinOp::Add)),
            '-' => Some(Tok::Op(BinOp::Sub)),
            '*' => Some(Tok::Op(BinOp::Mul)),
            '/' => Some(Tok::Op(BinOp::Div)),
            '%' => Some(Tok::Op(BinOp::Rem)),
            '^' => Some(Tok::Op(BinOp::Xor)),
            '&' => Some(Tok::Op(BinOp::And)),
            '|' => Some(Tok::Op(BinOp::Or)),
            '~' => Some(Tok::Tilde),
            '(' => Some(Tok::Open),
            ')' => Some(Tok::Close),
            ',' => Some(Tok::Comma),
            _ => None,
        };
        if let Some(t) = single {
            out.push((t, pos));
            k += 1;
        } else if c.is_whitespace() {
            k += 1;
        } else if (c == '<' || c == '>') && chars.get(k + 1) == Some(&c) {
            let op = if c == '<' { BinOp::Shl } else { BinOp::Shr };
            out.push((Tok::Op(op), pos));
            k += 2;
        } else if c.is_ascii_digit() {
            let end = scan(&chars, k, |c| c.is_ascii_digit());
            let digits: String = chars[k..end].iter().collect();
            let v = digits.parse().map_err(|_| FormulaError::Overflow {
                text: digits.clone(),
                pos,
            })?;
            out.push((Tok::Num(v), pos));
            k = end;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = scan(&chars, k, |c| c.is_ascii_alphanumeric() || c == '_');
            out.push((Tok::Name(chars[k..end].iter().collect()), pos));
            k = end;
        } else {
            return Err(FormulaError::BadChar { ch: c, pos });
        }
    }
    out.push((Tok::End, chars.len()));
    Ok(out)
}

fn scan(chars: &[char], from: usize, ok: impl Fn(char) -> bool) -> usize {
    (from..chars.len())
        .find(|&k| !ok(chars[k]))
        .unwrap_or(chars.len())
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    at: usize,
    /// Parentheses, `~` and calls open around the token being read.
    open: usize,
}

/// An expression and the depth of its tree (a leaf is 1).
type Deep = (Expr, usize);

/// The depth of a node over children of depth `below`, refused past
/// [`MAX_DEPTH`] before the node is built.
fn level(below: usize, pos: usize) -> Result<usize, FormulaError> {
    match below + 1 {
        d if d > MAX_DEPTH => Err(FormulaError::TooDeep {
            max: MAX_DEPTH,
            pos,
        }),
        d => Ok(d),
    }
}

impl Parser {
    fn peek(&self) -> &(Tok, usize) {
        &self.toks[self.at.min(self.toks.len() - 1)]
    }

    fn next(&mut self) -> (Tok, usize) {
        let t = self.peek().clone();
        self.at += 1;
        t
    }

    fn expect(&mut self, want: &Tok, expected: &'static str) -> Result<(), FormulaError> {
        let (t, pos) = self.next();
        if &t == want {
            Ok(())
        } else {
            Err(FormulaError::Expected {
                expected,
                found: describe(&t),
                pos,
            })
        }
    }

    /// Operators binding at least as tight as `min_prec`, left-associative.
    /// Parentheses recurse here through [`Parser::unary`], so the parse
    /// stack is as deep as the tree and is cut at [`MAX_DEPTH`] too.
    fn binary(&mut self, min_prec: u8) -> Result<Deep, FormulaError> {
        let (mut left, mut depth) = self.unary()?;
        while let (Tok::Op(op), pos) = self.peek() {
            let (op, pos) = (*op, *pos);
            if op.precedence() < min_prec {
                break;
            }
            self.next();
            let (right, d) = self.binary(op.precedence() + 1)?;
            depth = level(depth.max(d), pos)?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
        Ok((left, depth))
    }

    /// Refuses a parenthesis or prefix that opens a level past
    /// [`MAX_DEPTH`] before recursing into it: each costs a parse frame.
    fn open(&mut self, pos: usize) -> Result<(), FormulaError> {
        self.open += 1;
        level(self.open, pos).map(|_| ())
    }

    fn unary(&mut self) -> Result<Deep, FormulaError> {
        let (t, pos) = self.next();
        let deep = match t {
            Tok::Num(v) => return Ok((Expr::Const(v), 1)),
            Tok::Tilde => {
                self.open(pos)?;
                let (e, d) = self.unary()?;
                (Expr::Call(Func::Not, vec![e]), level(d, pos)?)
            }
            Tok::Open => {
                self.open(pos)?;
                let e = self.binary(0)?;
                self.expect(&Tok::Close, "`)`")?;
                e
            }
            // A variable is a leaf; a call opens a level.
            Tok::Name(name) if matches!(name.as_str(), "n" | "i" | "j") => {
                return self.name(name, pos)
            }
            Tok::Name(name) => {
                self.open(pos)?;
                self.name(name, pos)?
            }
            other => {
                return Err(FormulaError::Expected {
                    expected: "a number, a variable, `~`, `(` or a function",
                    found: describe(&other),
                    pos,
                })
            }
        };
        self.open -= 1;
        Ok(deep)
    }

    fn name(&mut self, name: String, pos: usize) -> Result<Deep, FormulaError> {
        match name.as_str() {
            "n" => return Ok((Expr::Var(Var::N), 1)),
            "i" => return Ok((Expr::Var(Var::I), 1)),
            "j" => return Ok((Expr::Var(Var::J), 1)),
            _ => {}
        }
        let func = Func::by_name(&name).ok_or(FormulaError::UnknownName { name, pos })?;
        self.expect(&Tok::Open, "`(` after a function name")?;
        let (first, mut depth) = self.binary(0)?;
        let mut args = vec![first];
        while self.peek().0 == Tok::Comma {
            self.next();
            let (e, d) = self.binary(0)?;
            depth = depth.max(d);
            args.push(e);
        }
        self.expect(&Tok::Close, "`,` or `)`")?;
        if func.is_unary() && args.len() != 1 {
            let takes = "one argument";
            return Err(FormulaError::Arity {
                name: func.name(),
                takes,
                given: args.len(),
                pos,
            });
        }
        Ok((Expr::Call(func, args), level(depth, pos)?))
    }
}

impl FromStr for Expr {
    type Err = FormulaError;

    /// Parses a formula such as `ctz(~((i-1)|(j-1)))` or `n % 4`.
    ///
    /// # Errors
    /// A [`FormulaError`] giving the position of the first problem.
    fn from_str(text: &str) -> Result<Expr, FormulaError> {
        let mut p = Parser {
            toks: lex(text)?,
            at: 0,
            open: 0,
        };
        let (e, _) = p.binary(0)?;
        let (t, pos) = p.next();
        if t != Tok::End {
            return Err(FormulaError::Expected {
                expected: "an operator or the end of the formula",
                found: describe(&t),
                pos,
            });
        }
        Ok(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::expr::Cell;

    fn eval(text: &str, n: u64, i: u64, j: u64) -> Option<u64> {
        text.parse::<Expr>().unwrap().eval(&Cell { n, i, j })
    }

    #[test]
    fn formulas_past_the_depth_limit_are_refused_not_overflowed() {
        let nested =
            |open: &str, close: &str, k: usize| format!("{}n{}", open.repeat(k), close.repeat(k));
        let too_deep = [
            nested("(", ")", 20_000),
            nested("~", "", 20_000),
            nested("min(", ", 1)", 20_000),
            vec!["n"; 20_000].join(" + "),
            vec!["n"; MAX_DEPTH + 1].join(" - "),
        ];
        for text in too_deep {
            let e = text.parse::<Expr>().unwrap_err();
            assert!(
                matches!(e, FormulaError::TooDeep { max: MAX_DEPTH, .. }),
                "{e}"
            );
        }
        // Up to the limit, the same shapes parse and evaluate.
        assert_eq!(eval(&nested("(", ")", MAX_DEPTH - 1), 7, 0, 0), Some(7));
        assert_eq!(
            eval(&vec!["n"; MAX_DEPTH].join(" + "), 7, 0, 0),
            Some(7 * 256)
        );
        assert_eq!(eval(&nested("~~", "", 100), 7, 0, 0), Some(7));
    }

    #[test]
    fn precedence_follows_the_documented_table() {
        assert_eq!(eval("1 + 2 * 3", 0, 0, 0), Some(7));
        assert_eq!(eval("1 | 6 ^ 3 & 5", 0, 0, 0), Some(7)); // 1 | (6 ^ (3 & 5))
        assert_eq!(eval("1 << 2 + 1", 0, 0, 0), Some(8));
        assert_eq!(eval("10 - 3 - 2", 0, 0, 0), Some(5));
        assert_eq!(eval("~0 >> 63", 0, 0, 0), Some(1));
    }

    #[test]
    fn documented_edge_cases() {
        assert_eq!(eval("ctz(0)", 0, 0, 0), Some(64));
        assert_eq!(eval("clz(0)", 0, 0, 0), Some(64));
        assert_eq!(eval("lowbit(12)", 0, 0, 0), Some(4));
        assert_eq!(eval("n % 0", 5, 0, 0), None);
        assert_eq!(eval("0 - 1", 0, 0, 0), Some(u64::MAX));
        assert_eq!(eval("1 << 64", 0, 0, 0), Some(0));
        assert_eq!(eval("mex(0, 1, 3)", 0, 0, 0), Some(2));
        assert_eq!(eval("min(i, j, 2)", 0, 5, 4), Some(2));
        assert_eq!(eval("ctz(~((i-1)|(j-1)))", 0, 2, 2), Some(1));
    }

    #[test]
    fn errors_name_the_position() {
        let err = |t: &str| t.parse::<Expr>().unwrap_err();
        assert!(matches!(
            err("n + $"),
            FormulaError::BadChar { ch: '$', pos: 4 }
        ));
        assert!(matches!(
            err("n + k"),
            FormulaError::UnknownName { pos: 4, .. }
        ));
        assert!(matches!(
            err("(n + 1"),
            FormulaError::Expected { pos: 6, .. }
        ));
        assert!(matches!(err("n n"), FormulaError::Expected { pos: 2, .. }));
        assert!(matches!(
            err("ctz(i, j)"),
            FormulaError::Arity { given: 2, .. }
        ));
        assert!(matches!(
            err("99999999999999999999"),
            FormulaError::Overflow { .. }
        ));
        assert!(matches!(err(""), FormulaError::Expected { pos: 0, .. }));
        assert!(err("n < 1").to_string().contains("position 2"));
    }

    #[test]
    fn printing_round_trips_with_few_parentheses() {
        for text in [
            "ctz(~(i - 1 | j - 1))",
            "n % 4",
            "i ^ j",
            "n - (n - 1)",
            "(n + n) * 2",
            "~(n & 1) + 2 * n",
            "mex(i, j, 0)",
            "1 << (n >> 2)",
            "lowbit(n + 1)",
        ] {
            let e: Expr = text.parse().unwrap();
            assert_eq!(e.to_string(), text);
            assert_eq!(e.to_string().parse::<Expr>().unwrap(), e);
        }
    }

    #[test]
    fn a_product_of_a_quotient_keeps_its_parentheses() {
        // Integer division does not associate with multiplication: found
        // by the formula fuzzer, printed once as `max(j) * j * j / j * j * j`.
        for (text, printed) in [
            (
                "max(j) * ((j * j / j) * (j * j))",
                "max(j) * (j * j / j * j * j)",
            ),
            ("n * (n / 2)", "n * (n / 2)"),
            ("n * (n * 2)", "n * n * 2"),
            ("n + (n - 1 + n)", "n + (n - 1 + n)"),
        ] {
            let e: Expr = text.parse().unwrap();
            assert_eq!(e.to_string(), printed);
            let again: Expr = printed.parse().unwrap();
            for v in [0, 1, 2, 3, u64::MAX - 1, u64::MAX] {
                let cell = Cell { n: v, i: 3, j: v };
                assert_eq!(e.eval(&cell), again.eval(&cell), "{text} at {v}");
            }
        }
    }
}
