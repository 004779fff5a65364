//! An independent checker of grundy's certificates.
//!
//! A certificate is a text file (gzip-compressed or not) that proves a
//! Grundy value, or a take-and-break period, to someone who trusts only
//! the rules of the game. The format is specified in the grundy book,
//! `docs/src/reference/certificate-format.md`; in short:
//!
//! ```text
//! grundy-certificate 1 value
//! game cram
//! root 1 3x4
//! c 1 3x4
//! r v 0,1 > h 2,0
//! ...
//! end 57
//! ```
//!
//! Each `c V PART` line (an *entry*) claims that the component `PART` has
//! Grundy value `V`, that is, that `PART + *V` is a P-position. The checker
//! plays every move of `PART` with its own move generator, splits the
//! option into independent components and looks each up among the entries
//! (the Sprague–Grundy theorem gives the option's value as their XOR). An
//! option either has all its components listed, and then its value must
//! differ from `V`, or the entry gives a *reply* (`r MOVE > REPLY`) that
//! leads to components of total value `V`. Every value below `V` must be
//! the value of a listed option. By induction on the game, every entry
//! that passes is true, and so is the root's value, the XOR of its parts'.
//!
//! This crate shares no code with the grundy library: its move generators
//! are written from the rules alone. A script game's rules are the script,
//! which its certificate carries: the checker runs it in a rhai sandbox of
//! its own, and first explores the atoms a position can reach to refuse a
//! game that does not end ([`games::Rules::ends`]).

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use thiserror::Error;

pub mod games;
mod period;
mod value;

/// What a certificate proved, and how much was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// `value`, `sum` or `period`.
    pub kind: &'static str,
    /// The game line, as written after `game`.
    pub game: String,
    /// What was proved, e.g. `g(5x7) = 2`.
    pub claim: String,
    /// The Grundy value proved (`None` for a period).
    pub value: Option<u64>,
    /// Entries checked (claims for a value, values for a period).
    pub entries: u64,
    /// Replies checked.
    pub replies: u64,
    /// Positions the checker generated (options and replies played).
    pub positions: u64,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "verified {} certificate of {}: {} ({} entries, {} replies, {} positions generated)",
            self.kind, self.game, self.claim, self.entries, self.replies, self.positions
        )
    }
}

/// Why a certificate was refused.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read the certificate: {0}")]
    Io(#[from] std::io::Error),
    /// A line is not in the format; the certificate proves nothing.
    #[error("line {line}: {reason}")]
    Format {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// An entry does not hold: the first one found, named.
    #[error("line {line}: entry `{entry}` refused: {reason}")]
    Refused {
        /// The entry's line, from 1.
        line: usize,
        /// The entry as written.
        entry: String,
        /// What does not hold.
        reason: String,
    },
}

impl Error {
    /// The exit code for a command line: 2 for a file that cannot be
    /// read, 1 for a certificate that is refused.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io(_) => 2,
            _ => 1,
        }
    }
}

/// A line of the certificate, numbered from 1, comments and blank lines
/// left out.
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) text: String,
}

impl Line {
    /// The number in a line `WORD NUMBER`, or a [`Error::Format`] that
    /// says the line `WORD WHAT` was expected.
    pub(crate) fn number_after<T: std::str::FromStr>(
        &self,
        word: &str,
        what: &str,
    ) -> Result<T, Error> {
        self.text
            .strip_prefix(word)
            .and_then(|rest| rest.strip_prefix(' '))
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| self.bad(format!("expected `{word} {what}`")))
    }

    /// A [`Error::Format`] at this line.
    pub(crate) fn bad(&self, reason: impl Into<String>) -> Error {
        Error::Format {
            line: self.number,
            reason: reason.into(),
        }
    }
}

/// The lines of `input`, one at a time.
pub(crate) struct Lines<R> {
    input: R,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    /// The next line that is not blank nor a `#` comment, trailing blanks
    /// removed; `None` at the end.
    pub(crate) fn next_line(&mut self) -> Result<Option<Line>, Error> {
        let mut text = String::new();
        loop {
            text.clear();
            self.number += 1;
            if self.input.read_line(&mut text)? == 0 {
                return Ok(None);
            }
            let t = text.trim_end();
            if !t.is_empty() && !t.starts_with('#') {
                return Ok(Some(Line {
                    number: self.number,
                    text: t.to_string(),
                }));
            }
        }
    }

    /// The next line, which must be there.
    pub(crate) fn expect(&mut self, what: &str) -> Result<Line, Error> {
        self.next_line()?.ok_or_else(|| Error::Format {
            line: self.number,
            reason: format!("the file ends where {what} was expected (a truncated certificate?)"),
        })
    }
}

/// Checks the certificate in the file at `path` (gzip-compressed or not).
///
/// # Errors
/// [`Error::Io`] when the file cannot be read; [`Error::Format`] or
/// [`Error::Refused`] for the first line that does not hold.
pub fn check_file(path: &Path) -> Result<Report, Error> {
    check_reader(File::open(path)?)
}

/// Checks the certificate read from `input`, gzip-compressed or not (told
/// apart by gzip's first two bytes).
///
/// # Errors
/// As [`check_file`].
pub fn check_reader(input: impl Read) -> Result<Report, Error> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let gzip = input.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    match gzip {
        true => check_text(BufReader::new(flate2::read::MultiGzDecoder::new(input))),
        false => check_text(input),
    }
}

/// Checks an uncompressed certificate.
///
/// # Errors
/// As [`check_file`].
pub fn check_text(input: impl BufRead) -> Result<Report, Error> {
    let mut lines = Lines { input, number: 0 };
    let head = lines.expect("the header `grundy-certificate 1 value`")?;
    let kind = kind(&head)?;
    match kind {
        "sum" => check_sum(&mut lines),
        _ => check_one(kind, &mut lines),
    }
}

/// The kind a header line `grundy-certificate 1 KIND` names.
fn kind(head: &Line) -> Result<&'static str, Error> {
    let words: Vec<&str> = head.text.split_whitespace().collect();
    match words.as_slice() {
        ["grundy-certificate", "1", "value"] => Ok("value"),
        ["grundy-certificate", "1", "period"] => Ok("period"),
        ["grundy-certificate", "1", "sum"] => Ok("sum"),
        ["grundy-certificate", v, _] if *v != "1" => Err(head.bad(format!(
            "version {v} is not known to this checker, which reads version 1"
        ))),
        _ => Err(head.bad(
            "not a certificate: the first line must be `grundy-certificate 1 value`, `grundy-certificate 1 period` or `grundy-certificate 1 sum`",
        )),
    }
}

/// The rest of a value or period certificate, from its `game` line.
fn check_one(kind: &'static str, lines: &mut Lines<impl BufRead>) -> Result<Report, Error> {
    let game = lines.expect("the line `game ...`")?;
    let Some(spec) = game.text.strip_prefix("game ") else {
        return Err(
            game.bad("the second line must name the game: `game cram`, `game octal 0.137`, ...")
        );
    };
    let spec = spec.trim().to_string();
    let mut report = match kind {
        "value" => games::check_value(&spec, &game, lines)?,
        _ => period::check(&spec, &game, lines)?,
    };
    report.game = match spec.strip_prefix("script ") {
        Some(n) => format!("a script of {n} lines"),
        None => spec,
    };
    Ok(report)
}

/// The rest of a sum certificate: `parts N`, N value certificates (each
/// from its header line to its `end`), `root V` with V the XOR of the
/// parts' values (the Sprague–Grundy theorem), and `end`.
fn check_sum(lines: &mut Lines<impl BufRead>) -> Result<Report, Error> {
    let n: usize = lines
        .expect("`parts COUNT`")?
        .number_after("parts", "COUNT")?;
    let mut value = 0;
    let mut sum = Report {
        kind: "sum",
        game: String::new(),
        claim: String::new(),
        value: None,
        entries: 0,
        replies: 0,
        positions: 0,
    };
    let (mut games, mut claims) = (Vec::new(), Vec::new());
    for i in 1..=n {
        let head = lines.expect(&format!("part {i}'s header `grundy-certificate 1 value`"))?;
        match kind(&head) {
            Ok("value") => {}
            Ok(_) => return Err(head.bad(format!("part {i} of a sum must be a value certificate"))),
            Err(_) => {
                return Err(head.bad(format!(
                    "part {i} of {n}: expected its header `grundy-certificate 1 value`, found `{}`",
                    head.text
                )))
            }
        }
        let part = check_one("value", lines)?;
        value ^= part.value.unwrap_or(0);
        sum.entries += part.entries;
        sum.replies += part.replies;
        sum.positions += part.positions;
        games.push(part.game);
        claims.push(part.claim);
    }
    let root = lines.expect("`root VALUE`")?;
    let claimed: u64 = root.number_after("root", "VALUE")?;
    if claimed != value {
        return Err(Error::Refused {
            line: root.number,
            entry: root.text.clone(),
            reason: format!("the parts' values add to {value}"),
        });
    }
    sum.value = Some(value);
    let end = lines.expect("`end`")?;
    if end.text != "end" {
        return Err(end.bad("expected `end` after the sum's root"));
    }
    sum.game = games.join(" + ");
    sum.claim = format!("{}; g(sum) = {claimed}", claims.join(", "));
    Ok(sum)
}

/// Checks a certificate held in a string (uncompressed).
///
/// # Errors
/// As [`check_file`].
pub fn check_str(text: &str) -> Result<Report, Error> {
    check_text(text.as_bytes())
}
