//! Value certificates: entries `c V PART` with their replies, checked
//! against the rules (see the crate docs for the argument).

use std::collections::HashMap;
use std::io::BufRead;

use crate::games::Rules;
use crate::{Error, Line, Lines, Report};

/// One entry: `PART + *value` is claimed to be a P-position.
struct Entry<R: Rules> {
    line: usize,
    text: String,
    value: u64,
    pos: R::Pos,
    /// Each reply: the move of the entry, the answer to it, and its line.
    replies: Vec<(R::Move, R::Move, usize)>,
}

impl<R: Rules> Entry<R> {
    fn refuse(&self, reason: String) -> Error {
        Error::Refused {
            line: self.line,
            entry: self.text.clone(),
            reason,
        }
    }
}

/// Reads the rest of a value certificate and checks every entry, then the
/// root.
pub(crate) fn check<R: Rules>(rules: &R, lines: &mut Lines<impl BufRead>) -> Result<Report, Error> {
    let root = lines.expect("the line `root VALUE POSITION`")?;
    let (root_value, root_text) = root
        .text
        .strip_prefix("root ")
        .and_then(|rest| value_and_text(rest))
        .ok_or_else(|| root.bad("the third line must be `root VALUE POSITION`"))?;
    let root_pos = rules.position(root_text).map_err(|e| root.bad(e))?;
    let refuse = |reason: String| Error::Refused {
        line: root.number,
        entry: root.text.clone(),
        reason,
    };
    rules.ends(&root_pos).map_err(refuse)?;
    let entries = read_entries(rules, lines)?;
    let mut known: HashMap<R::Key, (u64, usize)> = HashMap::with_capacity(entries.len());
    for e in &entries {
        rules.ends(&e.pos).map_err(|why| e.refuse(why))?;
        for key in rules.images(&single_part(rules, e)?) {
            match known.get(&key) {
                Some(&(v, line)) if v != e.value => {
                    return Err(
                        e.refuse(format!("the same component as line {line}, with value {v}"))
                    )
                }
                Some(_) => {}
                None => {
                    known.insert(key, (e.value, e.line));
                }
            }
        }
    }
    let mut report = Report {
        kind: "value",
        game: String::new(),
        claim: String::new(),
        value: Some(root_value),
        entries: entries.len() as u64,
        replies: 0,
        positions: 0,
    };
    for e in &entries {
        let checked = check_entry(rules, e, &known, &mut report);
        // A failed call answered "no move": nothing checked since holds.
        if let Some(failure) = rules.failure() {
            return Err(e.refuse(failure));
        }
        checked?;
    }
    match value_of(&rules.parts(&root_pos), &known) {
        Some(v) if v == root_value => {}
        Some(v) => return Err(refuse(format!("its parts' values add to {v}"))),
        None => return Err(refuse("a part of the position is not listed".into())),
    }
    report.claim = format!("g({root_text}) = {root_value}");
    Ok(report)
}

/// `VALUE TEXT` split: the value and the rest.
fn value_and_text(rest: &str) -> Option<(u64, &str)> {
    let (v, text) = rest.trim().split_once(' ')?;
    Some((v.parse().ok()?, text.trim()))
}

/// The entries and their replies, up to `end COUNT`.
fn read_entries<R: Rules>(
    rules: &R,
    lines: &mut Lines<impl BufRead>,
) -> Result<Vec<Entry<R>>, Error> {
    let mut entries: Vec<Entry<R>> = Vec::new();
    loop {
        let line = lines.expect("an entry `c ...`, a reply `r ...` or `end COUNT`")?;
        if let Some(rest) = line.text.strip_prefix("c ") {
            let (value, text) =
                value_and_text(rest).ok_or_else(|| line.bad("an entry is `c VALUE PART`"))?;
            let pos = rules.position(text).map_err(|e| line.bad(e))?;
            entries.push(Entry {
                line: line.number,
                text: line.text.clone(),
                value,
                pos,
                replies: Vec::new(),
            });
        } else if let Some(rest) = line.text.strip_prefix("r ") {
            let reply = read_reply(rules, &line, rest)?;
            let last = entries
                .last_mut()
                .ok_or_else(|| line.bad("a reply before any entry"))?;
            last.replies.push(reply);
        } else if let Some(count) = line.text.strip_prefix("end ") {
            return match count.trim().parse::<usize>() {
                Ok(n) if n == entries.len() => Ok(entries),
                _ => Err(line.bad(format!(
                    "`end` counts {} entries, but {} were read (a damaged certificate?)",
                    count.trim(),
                    entries.len()
                ))),
            };
        } else {
            return Err(line.bad("expected `c VALUE PART`, `r MOVE > REPLY` or `end COUNT`"));
        }
    }
}

/// `MOVE > REPLY`, both parsed.
fn read_reply<R: Rules>(
    rules: &R,
    line: &Line,
    rest: &str,
) -> Result<(R::Move, R::Move, usize), Error> {
    let (m, r) = rest
        .split_once(" > ")
        .ok_or_else(|| line.bad("a reply is `r MOVE > REPLY`"))?;
    let m = rules.parse_move(m.trim()).map_err(|e| line.bad(e))?;
    let r = rules.parse_move(r.trim()).map_err(|e| line.bad(e))?;
    Ok((m, r, line.number))
}

/// The key of an entry's position, which must be one component with a move.
fn single_part<R: Rules>(rules: &R, e: &Entry<R>) -> Result<R::Key, Error> {
    let mut parts = rules.parts(&e.pos);
    match parts.len() {
        1 => Ok(parts.remove(0)),
        0 => Err(e.refuse("the position has no move: list only components with a move".into())),
        n => Err(e.refuse(format!(
            "the position falls apart into {n} components: list each as an entry of its own"
        ))),
    }
}

/// The XOR of the parts' listed values; `None` if one is not listed.
fn value_of<K: Eq + std::hash::Hash>(parts: &[K], known: &HashMap<K, (u64, usize)>) -> Option<u64> {
    parts
        .iter()
        .try_fold(0, |x, k| known.get(k).map(|&(v, _)| x ^ v))
}

/// Checks that `e.pos + *e.value` is a P-position, given the entries.
fn check_entry<R: Rules>(
    rules: &R,
    e: &Entry<R>,
    known: &HashMap<R::Key, (u64, usize)>,
    report: &mut Report,
) -> Result<(), Error> {
    let mut replies: HashMap<&R::Move, (&R::Move, usize)> = HashMap::new();
    for (m, r, line) in &e.replies {
        if !rules.legal(&e.pos, m) {
            return Err(e.refuse(format!(
                "the reply at line {line} answers `{m}`, not a legal move here"
            )));
        }
        if replies.insert(m, (r, *line)).is_some() {
            return Err(e.refuse(format!("two replies to `{m}` (line {line})")));
        }
    }
    let v = e.value;
    let mut seen = vec![false; usize::try_from(v).unwrap_or(usize::MAX).min(1 << 20)];
    for m in rules.moves(&e.pos) {
        let option = rules.play(&e.pos, &m);
        report.positions += 1;
        match replies.get(&m) {
            Some(&(r, line)) => {
                if !rules.legal(&option, r) {
                    return Err(e.refuse(format!(
                        "the reply `{r}` to `{m}` (line {line}) is not a legal move"
                    )));
                }
                let after = rules.play(&option, r);
                report.positions += 1;
                report.replies += 1;
                match value_of(&rules.parts(&after), known) {
                    Some(x) if x == v => {}
                    Some(x) => {
                        return Err(e.refuse(format!(
                            "the reply `{r}` to `{m}` (line {line}) leads to value {x}, not {v}"
                        )))
                    }
                    None => {
                        return Err(e.refuse(format!(
                            "the reply `{r}` to `{m}` (line {line}) leads to a component not listed"
                        )))
                    }
                }
            }
            None => match value_of(&rules.parts(&option), known) {
                Some(x) if x == v => {
                    return Err(e.refuse(format!(
                        "the option `{m}` has value {v} too: this is not a P-position with *{v}"
                    )))
                }
                Some(x) => {
                    if let Some(s) = usize::try_from(x).ok().and_then(|x| seen.get_mut(x)) {
                        *s = true;
                    }
                }
                None => {
                    return Err(e.refuse(format!(
                        "the option `{m}` leads to a component not listed, and no reply answers it"
                    )))
                }
            },
        }
    }
    match seen.iter().position(|&s| !s) {
        Some(j) => Err(e.refuse(format!(
            "no listed option has value {j}, so the value is not {v}"
        ))),
        None if (seen.len() as u64) < v => {
            Err(e.refuse(format!("a value of {v} is too large to check")))
        }
        None => Ok(()),
    }
}
