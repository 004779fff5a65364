//! The writer of value certificates (see the module above for the proof
//! they carry and the book's page for the format).

use std::collections::{HashMap, VecDeque};
use std::io::Write;

use crate::game::Game;
use crate::solve::{Limits, Pruner};

use super::{CertificateError, Form, Summary};

/// The entries found so far and the values known, with the search that
/// gives values.
struct Writer<'f, G: Game> {
    form: &'f dyn Form<G>,
    pruner: Pruner<G>,
    /// Values found, listed or not.
    values: HashMap<G, u64>,
    /// The entries, with their values.
    listed: HashMap<G, u64>,
    /// Entries whose options are still to be proved, in the order listed.
    queue: VecDeque<G>,
}

/// A reply: a move of an entry, and the answer to it.
type Reply<G> = (<G as Game>::Move, <G as Game>::Move);

/// An option of an entry: its move, the position it leads to and its
/// components.
struct Opt<G: Game> {
    mv: G::Move,
    to: G,
    parts: Vec<G>,
    value: u64,
}

impl<G: Game> Writer<'_, G> {
    fn parts(&self, p: &G) -> Vec<G> {
        let mut out = Vec::new();
        self.form.parts(p, &mut out);
        out
    }

    /// The value of component `p`, by the pruned search, asked once.
    fn value(&mut self, p: &G) -> Result<u64, CertificateError> {
        if let Some(&v) = self.values.get(p) {
            return Ok(v);
        }
        let v = self.pruner.grundy(p)?.value();
        self.values.insert(p.clone(), v);
        Ok(v)
    }

    fn sum(&mut self, parts: &[G]) -> Result<u64, CertificateError> {
        parts.iter().try_fold(0, |x, p| Ok(x ^ self.value(p)?))
    }

    /// The XOR of the listed values of `parts`, `None` if one is not listed.
    fn listed_sum(&self, parts: &[G]) -> Option<u64> {
        parts
            .iter()
            .try_fold(0, |x, p| self.listed.get(p).map(|v| x ^ v))
    }

    fn unlisted(&self, parts: &[G]) -> usize {
        parts
            .iter()
            .filter(|p| !self.listed.contains_key(*p))
            .count()
    }

    /// Lists `parts` as entries (those not listed yet).
    fn list(&mut self, parts: &[G]) -> Result<(), CertificateError> {
        for p in parts {
            if !self.listed.contains_key(p) {
                let v = self.value(p)?;
                self.listed.insert(p.clone(), v);
                self.queue.push_back(p.clone());
            }
        }
        Ok(())
    }

    /// Every option of `entry`, with its components and value.
    fn options(&mut self, entry: &G) -> Result<Vec<Opt<G>>, CertificateError> {
        let moves = entry.try_moves().map_err(crate::solve::SearchError::from)?;
        let mut all = Vec::with_capacity(moves.len());
        for mv in moves {
            let to = entry
                .try_play(&mv)
                .map_err(crate::solve::SearchError::from)?;
            let parts = self.parts(&to);
            let value = self.sum(&parts)?;
            all.push(Opt {
                mv,
                to,
                parts,
                value,
            });
        }
        Ok(all)
    }

    /// A move from `to` into listed components of total value `v`.
    fn reply_among_listed(&self, to: &G, v: u64) -> Option<G::Move> {
        to.moves()
            .into_iter()
            .find(|r| self.listed_sum(&self.parts(&to.play(r))) == Some(v))
    }

    /// A move from `to` to components of total value `v`, the first found.
    fn reply(&mut self, to: &G, v: u64) -> Result<(G::Move, Vec<G>), CertificateError> {
        for r in to.moves() {
            let parts = self.parts(&to.play(&r));
            if self.sum(&parts)? == v {
                return Ok((r, parts));
            }
        }
        // An option of a larger value has one of value v (mex): only a
        // wrong value from the search brings us here.
        Err(CertificateError::Inconsistent(format!(
            "no move from {to} reaches value {v}"
        )))
    }

    /// Proves `entry + *v` is a P-position: lists what its options need,
    /// and returns the replies (move, answer).
    fn prove(&mut self, entry: &G, v: u64) -> Result<Vec<Reply<G>>, CertificateError> {
        let options = self.options(entry)?;
        // One option of each smaller value, the one with the fewest
        // components not yet listed.
        let mut witness: Vec<Option<usize>> = vec![None; v as usize];
        for (i, o) in options.iter().enumerate() {
            if let Some(w) = witness.get_mut(o.value as usize) {
                let better =
                    w.is_none_or(|j| self.unlisted(&o.parts) < self.unlisted(&options[j].parts));
                if better {
                    *w = Some(i);
                }
            }
        }
        for &i in witness.iter().flatten() {
            self.list(&options[i].parts)?;
        }
        let mut replies = Vec::new();
        for (i, o) in options.iter().enumerate() {
            if witness.contains(&Some(i)) || self.listed_sum(&o.parts).is_some() {
                continue;
            }
            if let Some(r) = self.reply_among_listed(&o.to, v) {
                replies.push((o.mv.clone(), r));
            } else if o.value < v {
                self.list(&o.parts)?;
            } else {
                let (r, parts) = self.reply(&o.to, v)?;
                self.list(&parts)?;
                replies.push((o.mv.clone(), r));
            }
        }
        Ok(replies)
    }
}

/// Counts the bytes written through it.
struct Counting<W> {
    out: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Writes a certificate of `root`'s Grundy value to `out`, in `form`,
/// with values from a pruned search within `limits`.
///
/// # Errors
/// [`CertificateError::Search`] when the search stops at its limits;
/// [`CertificateError::Io`] when writing fails.
pub fn write_value<G: Game>(
    root: &G,
    form: &dyn Form<G>,
    limits: Limits,
    out: &mut dyn Write,
) -> Result<Summary, CertificateError> {
    let mut w = Writer {
        form,
        pruner: Pruner::new(limits),
        values: HashMap::new(),
        listed: HashMap::new(),
        queue: VecDeque::new(),
    };
    let mut out = Counting { out, bytes: 0 };
    let parts = w.parts(root);
    w.list(&parts)?;
    let value = w.listed_sum(&parts).unwrap_or(0);
    let root_text = form.root_text(root);
    writeln!(out, "grundy-certificate 1 value")?;
    writeln!(out, "game {}", form.game_line(root))?;
    writeln!(out, "root {value} {root_text}")?;
    let (mut entries, mut replies) = (0, 0);
    while let Some(entry) = w.queue.pop_front() {
        let v = w.listed[&entry];
        writeln!(out, "c {v} {}", form.text(&entry))?;
        for (m, r) in w.prove(&entry, v)? {
            writeln!(out, "r {m} > {r}")?;
            replies += 1;
        }
        entries += 1;
    }
    writeln!(out, "end {entries}")?;
    out.flush()?;
    Ok(Summary {
        claim: format!("g({root_text}) = {value}"),
        value: Some(value),
        entries,
        replies,
        bytes: out.bytes,
    })
}
