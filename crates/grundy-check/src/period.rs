//! Period certificates: the values of a take-and-break game's heaps, up
//! to the bound of Guy and Smith's theorem, recomputed from the rules.
//!
//! Guy and Smith (1956; *Winning Ways*, ch. 4), for moves that leave at
//! most `k` heaps and take at most `t` tokens: if `g(n + p) = g(n)` for
//! every `n` with `e <= n < k·e' + (k − 1)·p + t`, where `e' = max(e, 1)`,
//! then for every `n >= e`. (The induction: an option of a heap of
//! `m + p` past that bound has a part of at least `e' + p` tokens; taking
//! `p` from that part gives an option of `m`, non-empty, of the same value;
//! and back.) So the values of heaps `0 .. k·e' + k·p + t` prove the period
//! `p` from `e`. Here `k` is 2 for moves that leave at most two heaps (the
//! theorem as published, and a subtraction game, which needs less) and 3
//! for a hexadecimal digit of 8 or more.

use std::io::BufRead;

use crate::games::heaps::Heaps;
use crate::{Error, Line, Lines, Report};

/// Reads `period E P`, `values N`, the values and `end`, and checks them.
pub(crate) fn check(
    spec: &str,
    at: &Line,
    lines: &mut Lines<impl BufRead>,
) -> Result<Report, Error> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let rules = match words.as_slice() {
        [name @ ("octal" | "subtraction"), param @ ..] => {
            Heaps::new(name, param).map_err(|e| at.bad(e))?
        }
        _ => return Err(at.bad("a period certificate is of `octal CODE` or `subtraction SET`")),
    };
    let k = match &rules {
        Heaps::Code(d) if d.iter().any(|&x| x >= 8) => 3,
        _ => 2,
    };
    let t = rules.largest_take().unwrap_or(0) as usize;
    let line = lines.expect("`period PREPERIOD PERIOD`")?;
    let (e, p) = two_numbers(&line, "period")?;
    if p == 0 {
        return Err(line.bad("a period is at least 1"));
    }
    let values = read_values(lines)?;
    let e1 = e.max(1);
    let need = k * e1 + k * p + t;
    if values.len() < need {
        return Err(line.bad(format!(
            "the Guy–Smith bound needs the values of heaps 0 to {} ({need} values), but {} are given",
            need - 1,
            values.len()
        )));
    }
    let positions = check_values(&rules, &values)?;
    if let Some(n) = (e..need - p).find(|&n| values[n + p] != values[n]) {
        return Err(Error::Refused {
            line: line.number,
            entry: line.text.clone(),
            reason: format!(
                "g({}) = {} but g({n}) = {}",
                n + p,
                values[n + p],
                values[n]
            ),
        });
    }
    Ok(Report {
        kind: "period",
        game: String::new(),
        claim: format!(
            "preperiod {e}, period {p} (values of heaps 0 to {})",
            values.len() - 1
        ),
        entries: values.len() as u64,
        value: None,
        replies: 0,
        positions,
    })
}

/// `WORD A B` as two numbers.
fn two_numbers(line: &Line, word: &str) -> Result<(usize, usize), Error> {
    let w: Vec<&str> = line.text.split_whitespace().collect();
    match w.as_slice() {
        [x, a, b] if *x == word => match (a.parse(), b.parse()) {
            (Ok(a), Ok(b)) => Ok((a, b)),
            _ => Err(line.bad(format!("expected `{word} NUMBER NUMBER`"))),
        },
        _ => Err(line.bad(format!("expected `{word} NUMBER NUMBER`"))),
    }
}

/// `values N`, then lines of values (space-separated) up to `end`.
fn read_values(lines: &mut Lines<impl BufRead>) -> Result<Vec<u32>, Error> {
    let head = lines.expect("`values COUNT`")?;
    let count: usize = head.number_after("values", "COUNT")?;
    let mut values = Vec::with_capacity(count.min(1 << 26));
    loop {
        let line = lines.expect("values or `end`")?;
        if line.text == "end" {
            break;
        }
        for w in line.text.split_whitespace() {
            values.push(
                w.parse::<u32>()
                    .map_err(|_| line.bad(format!("`{w}` is not a value")))?,
            );
        }
    }
    match values.len() == count {
        true => Ok(values),
        false => Err(head.bad(format!("{count} values announced, {} given", values.len()))),
    }
}

/// Checks `values[n]` = the mex of the values of heap `n`'s options, for
/// every `n` (given the list, each `n` on its own: split among threads).
/// The first wrong heap is named; the count of options examined returned.
fn check_values(rules: &Heaps, values: &[u32]) -> Result<u64, Error> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let results: Vec<(Option<usize>, u64)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| s.spawn(move || check_some(rules, values, t, threads)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or((Some(0), 0)))
            .collect()
    });
    let positions = results.iter().map(|r| r.1).sum();
    match results.iter().filter_map(|r| r.0).min() {
        None => Ok(positions),
        Some(n) => Err(Error::Refused {
            line: 0,
            entry: format!("g({n}) = {}", values[n]),
            reason: match mex_at(rules, values, n).0 {
                Some(m) => format!("the mex of heap {n}'s options is {m}"),
                None => format!("heap {n}'s options do not give this value"),
            },
        }),
    }
}

/// [`check_values`] for the heaps `n = first, first + step, ...`: the
/// first wrong one and the options examined.
fn check_some(rules: &Heaps, values: &[u32], first: usize, step: usize) -> (Option<usize>, u64) {
    let mut examined = 0;
    for n in (first..values.len()).step_by(step) {
        let (mex, options) = mex_at(rules, values, n);
        examined += options;
        if mex != Some(values[n]) {
            return (Some(n), examined);
        }
    }
    (None, examined)
}

/// The mex of heap `n`'s options by the listed values (`None` if an
/// option is past the list) and the number of options. A code's options
/// are walked here digit by digit (the inner loop of a period's check,
/// billions of splits for 0.16); other rules through their moves.
fn mex_at(rules: &Heaps, values: &[u32], n: usize) -> (Option<u32>, u64) {
    let digits = match rules {
        Heaps::Code(d) if d.iter().all(|&x| x < 8) => d,
        _ => return mex_by_moves(rules, values, n),
    };
    let mut seen = vec![0u64; values[n] as usize / 64 + 2];
    let mut mark = |x: u32| {
        if let Some(w) = seen.get_mut(x as usize / 64) {
            *w |= 1 << (x % 64);
        }
    };
    let mut options = 0;
    for (k, &d) in digits.iter().enumerate().take(n + 1) {
        let rest = n - k;
        if d & 1 != 0 && rest == 0 {
            mark(0);
            options += 1;
        }
        if d & 2 != 0 && rest >= 1 {
            mark(values[rest]);
            options += 1;
        }
        if d & 4 != 0 && rest >= 2 {
            // Heaps a and rest - a for a = 1 ..= rest / 2: `low` holds the
            // first of each pair, `high` reversed the second.
            let h = rest / 2;
            let (low, high) = (&values[1..=h], &values[rest - h..rest]);
            for (x, y) in low.iter().zip(high.iter().rev()) {
                mark(x ^ y);
            }
            options += h as u64;
        }
    }
    (first_gap(&seen), options)
}

/// The least value not marked in `seen`.
fn first_gap(seen: &[u64]) -> Option<u32> {
    seen.iter()
        .enumerate()
        .find(|(_, w)| **w != u64::MAX)
        .map(|(i, w)| i as u32 * 64 + w.trailing_ones())
}

/// [`mex_at`] through the rule's moves.
fn mex_by_moves(rules: &Heaps, values: &[u32], n: usize) -> (Option<u32>, u64) {
    let mut seen = vec![0u64; values[n] as usize / 64 + 2];
    let mut options = 0;
    let mut outside = false;
    rules.heap_moves(n as u64, |_, after| {
        options += 1;
        let x = after
            .iter()
            .try_fold(0u32, |x, &h| values.get(h as usize).map(|v| x ^ v));
        match x {
            Some(x) => {
                if let Some(w) = seen.get_mut(x as usize / 64) {
                    *w |= 1 << (x % 64);
                }
            }
            None => outside = true,
        }
    });
    (first_gap(&seen).filter(|_| !outside), options)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of `code` computed through its moves, one heap at a time.
    fn by_moves(code: &str, count: usize) -> (Heaps, Vec<u32>) {
        let rules = Heaps::new("octal", &[code]).unwrap();
        let mut values = Vec::new();
        for n in 0..count {
            values.push(0);
            values[n] = (0..)
                .find(|&v| {
                    values[n] = v;
                    let mut hit = false;
                    rules.heap_moves(n as u64, |_, after| {
                        hit |= after.iter().fold(0, |x, &h| x ^ values[h as usize]) == v;
                    });
                    !hit
                })
                .unwrap();
        }
        (rules, values)
    }

    #[test]
    fn the_digit_walk_agrees_with_the_moves() {
        for code in ["0.16", "4.7", "0.137", "0.77", "0.6", "0.3F"] {
            let (rules, values) = by_moves(code, 300);
            for n in 0..values.len() {
                assert_eq!(
                    mex_at(&rules, &values, n).0,
                    Some(values[n]),
                    "{code} heap {n}"
                );
                assert_eq!(
                    mex_by_moves(&rules, &values, n).0,
                    Some(values[n]),
                    "{code} heap {n}"
                );
            }
        }
    }

    /// The period certificate of `code` with `count` values computed here.
    fn certificate(code: &str, e: usize, p: usize, count: usize) -> String {
        let (_, values) = by_moves(code, count);
        let values: Vec<String> = values.iter().map(u32::to_string).collect();
        format!(
            "grundy-certificate 1 period\ngame octal {code}\nperiod {e} {p}\nvalues {count}\n{}\nend\n",
            values.join(" ")
        )
    }

    #[test]
    fn a_code_that_splits_in_three_needs_the_bound_for_three_heaps() {
        // 4.8: a heap may be split in two, or in three after taking one
        // token; values 0, 1, 0, 1, ... from heap 1 (e = 1, p = 2, t = 1):
        // 3·1 + 3·2 + 1 = 10 values.
        let report = crate::check_str(&certificate("4.8", 1, 2, 10)).unwrap();
        assert!(
            report.claim.starts_with("preperiod 1, period 2"),
            "{report}"
        );
        let e = crate::check_str(&certificate("4.8", 1, 2, 9)).unwrap_err();
        assert!(
            e.to_string().contains("needs the values of heaps 0 to 9"),
            "{e}"
        );
        // 0.F0F from heap 0: e' = 1 in the bound, 3 + 6 + 3 = 12 values.
        assert!(crate::check_str(&certificate("0.F0F", 0, 2, 12)).is_ok());
        assert!(crate::check_str(&certificate("0.F0F", 0, 2, 11)).is_err());
    }

    #[test]
    fn a_period_from_heap_0_is_bounded_as_one_from_heap_1() {
        // 0.33 (take 1 or 2): n mod 3 from heap 0; t = 2, so
        // 2·1 + 2·3 + 2 = 10 values, not the 8 of 2e + 2p + t with e = 0.
        assert!(crate::check_str(&certificate("0.33", 0, 3, 10)).is_ok());
        let e = crate::check_str(&certificate("0.33", 0, 3, 8)).unwrap_err();
        assert!(
            e.to_string().contains("needs the values of heaps 0 to 9"),
            "{e}"
        );
    }

    #[test]
    fn kayles_is_periodic_from_71_with_period_12() {
        // Winning Ways ch. 4: Kayles (0.77) has period 12 after the last
        // exceptional value at heap 70.
        let (_, values) = by_moves("0.77", 2 * 71 + 2 * 12 + 2);
        let mut text = String::from("grundy-certificate 1 period\ngame octal 0.77\nperiod 71 12\n");
        text += &format!("values {}\n", values.len());
        text += &values
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        text += "\nend\n";
        let report = crate::check_str(&text).unwrap();
        assert!(
            report.claim.starts_with("preperiod 71, period 12"),
            "{report}"
        );
        let short = text.replace("period 71 12", "period 72 12");
        assert!(crate::check_str(&short)
            .unwrap_err()
            .to_string()
            .contains("Guy–Smith bound needs"));
        let wrong = text.replace("period 71 12", "period 60 12");
        assert!(crate::check_str(&wrong).is_err());
    }
}
