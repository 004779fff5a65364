//! Quotients as text: written by the engine, read back and proved, and
//! shipped for the classic games whose computation passes an analysis's
//! budget.

use std::collections::HashMap;

use super::{kinds, proved, IncrementalQuotient, Monoid, Work};
use crate::misere::heaps::HeapGame;
use crate::misere::quotient::{period_of_elements, Period};

impl IncrementalQuotient {
    #[cfg(test)]
    /// The quotient as text that [`from_text`](IncrementalQuotient::from_text)
    /// reads back: `rule`, `max-heap`, `period N0 P` (or `period none`),
    /// `order`, `p-portion`, `heaps` (each heap's element) and `table`
    /// (one row of products per element), one a line.
    pub fn to_text(&self, game: &HeapGame) -> String {
        let join = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(" ");
        let mut out = format!("rule {game}\nmax-heap {}\n", self.max_heap());
        match self.period {
            Some(per) => out.push_str(&format!("period {} {}\n", per.n0, per.p)),
            None => out.push_str("period none\n"),
        }
        out.push_str(&format!("order {}\n", self.order()));
        let p = (0..self.order()).filter(|&x| self.is_p(x));
        out.push_str(&format!(
            "p-portion {}\n",
            join(&mut p.map(|x| x.to_string()))
        ));
        out.push_str(&format!(
            "heaps {}\n",
            join(&mut self.elem.iter().map(u32::to_string))
        ));
        out.push_str("table\n");
        for row in self.q.mul.chunks(self.order()) {
            out.push_str(&join(&mut row.iter().map(u32::to_string)));
            out.push('\n');
        }
        out
    }

    /// Reads a quotient written by [`to_text`](IncrementalQuotient::to_text)
    /// (`#` lines are comments) and *proves* it for `game`: the table is a
    /// commutative monoid with identity 0, the pairs `(x, O)` that sums of
    /// heaps up to `max-heap` reach agree with the P-portion (see the
    /// [module docs](super)), and the period is the one
    /// [`prove_period`](crate::misere::quotient::prove_period)'s test finds. Text
    /// that fails any of these is refused, so shipped data is never
    /// trusted.
    ///
    /// # Errors
    /// A line saying what is wrong.
    pub fn from_text(game: &HeapGame, text: &str) -> Result<IncrementalQuotient, String> {
        let mut fields: HashMap<&str, &str> = HashMap::new();
        let mut rows: Vec<Vec<u32>> = Vec::new();
        let mut in_table = false;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if in_table {
                rows.push(numbers(line)?);
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            in_table = key == "table";
            fields.insert(key, value);
        }
        let field = |k: &str| fields.get(k).copied().ok_or(format!("no `{k}` line"));
        if field("rule")? != game.to_string() {
            return Err(format!("the data is for {}, not {game}", field("rule")?));
        }
        let order: usize = field("order")?.parse().map_err(|_| "a bad order")?;
        let elem = numbers(field("heaps")?)?;
        let mut p = vec![false; order];
        for x in numbers(field("p-portion")?)? {
            *p.get_mut(x as usize).ok_or("a P-element past the order")? = true;
        }
        let q = monoid(order, rows, p)?;
        if elem.iter().any(|&e| e as usize >= order) || elem.first() != Some(&0) {
            return Err("a heap element past the order, or heap 0 not the identity".into());
        }
        let opts: Vec<Vec<Vec<u64>>> = (0..elem.len() as u64).map(|n| game.options(n)).collect();
        let as_usize: Vec<usize> = elem.iter().map(|&e| e as usize).collect();
        let mut work = Work {
            done: 0,
            limit: u64::MAX,
            heap: elem.len() as u64 - 1,
        };
        let kinds = kinds(&as_usize, &opts, |x, y| q.mul(x, y));
        if !proved(&q, &kinds, &mut work).map_err(|e| e.to_string())? {
            return Err("the P-portion does not give the outcome of every sum".into());
        }
        let period = period_of_elements(game, &as_usize);
        let stated = match field("period")? {
            "none" => None,
            v => match numbers(v)?.as_slice() {
                [n0, p] => Some(Period {
                    n0: u64::from(*n0),
                    p: u64::from(*p),
                }),
                _ => return Err("`period` needs N0 P".into()),
            },
        };
        if period != stated {
            return Err(format!("the period is {period:?}, not {stated:?}"));
        }
        Ok(IncrementalQuotient { q, elem, period })
    }
}

/// Quotients shipped as data, by rule, each proved when loaded
/// ([`IncrementalQuotient::from_text`], 12 ms for Kayles): those whose
/// computation passes the work an analysis allows itself (Kayles: order
/// 40, to heap 166, 0.6 s of computing).
pub(super) const SHIPPED: &[(&str, &str)] = &[("0.77", include_str!("../data/kayles.txt"))];

/// Whether a quotient of `game` is shipped as data.
pub fn is_shipped(game: &HeapGame) -> bool {
    let name = game.to_string();
    SHIPPED.iter().any(|(rule, _)| *rule == name)
}

/// The shipped quotient of `game`, proved, if there is one.
pub fn shipped(game: &HeapGame) -> Option<IncrementalQuotient> {
    let name = game.to_string();
    let (_, text) = SHIPPED.iter().find(|(rule, _)| *rule == name)?;
    IncrementalQuotient::from_text(game, text).ok()
}

fn numbers(line: &str) -> Result<Vec<u32>, String> {
    line.split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("`{w}` is not a number")))
        .collect()
}

/// The monoid of a table, checked: square, closed, commutative,
/// associative, with identity 0.
fn monoid(order: usize, rows: Vec<Vec<u32>>, p: Vec<bool>) -> Result<Monoid, String> {
    if rows.len() != order || rows.iter().any(|r| r.len() != order) {
        return Err(format!("the table is not {order} by {order}"));
    }
    let mul: Vec<u32> = rows.concat();
    if mul.iter().any(|&x| x as usize >= order) {
        return Err("a product past the order".into());
    }
    let q = Monoid { order, mul, p };
    for a in 0..order {
        if q.mul(0, a) != a {
            return Err("element 0 is not the identity".into());
        }
        for b in 0..order {
            if q.mul(a, b) != q.mul(b, a) {
                return Err("the table is not commutative".into());
            }
            for c in 0..order {
                if q.mul(q.mul(a, b), c) != q.mul(a, q.mul(b, c)) {
                    return Err("the table is not associative".into());
                }
            }
        }
    }
    Ok(q)
}
