//! Certificates: a Grundy value found by search, or a take-and-break
//! period, written so that a small independent checker (the
//! `grundy-check` crate) can verify it from the rules alone.
//!
//! A value certificate rests on `g(G) = v` exactly when `G + *v` is a
//! P-position. It lists components `C` with values `v` (its *entries*),
//! each claiming `C + *v` is a P-position, closed under replies: every
//! option of an entry either falls apart into listed components whose
//! values add (XOR) to something other than `v`, or the certificate gives
//! a reply from it to listed components that add to `v`; and each value
//! below `v` is that of a listed option. The format is public and
//! specified in the book (`docs/src/reference/certificate-format.md`).
//!
//! The writer keeps the entries to what the proof needs: the components of
//! the position, then, for each entry, one option of each smaller value
//! (the one whose components are listed already, if any), and for each
//! option of a larger value one reply, into listed components where there
//! is such a reply. Equal components (a board's region turned, a Chomp bar
//! reflected) are listed once. Values come from the pruned search
//! ([`Pruner`](crate::solve::Pruner)), asked once per component.

use std::fmt;

use thiserror::Error;

use crate::game::Game;
use crate::solve::SearchError;

mod value;

pub use value::write_value;

/// How a game's positions are written in a certificate, in the words the
/// checker reads (the format's page gives them for each game).
pub trait Form<G: Game>: Send + Sync {
    /// The words after `game` on the certificate's second line, for a
    /// certificate about `root`; a game whose rules the checker cannot
    /// know (a script) follows them with the lines that give the rules.
    fn game_line(&self, root: &G) -> String;

    /// The independent components of `p` that have a move, appended to
    /// `out`, each as a position of its own whose text
    /// ([`text`](Form::text)) the checker reads and whose moves' names
    /// are in its frame. Components equal under a symmetry the checker
    /// knows should come out equal, so that they are listed once.
    fn parts(&self, p: &G, out: &mut Vec<G>);

    /// The text of a position in the certificate: its `Display`, by
    /// default.
    fn text(&self, p: &G) -> String {
        p.to_string()
    }

    /// The text of the position the certificate is about: its
    /// [`text`](Form::text), by default.
    fn root_text(&self, root: &G) -> String {
        self.text(root)
    }
}

/// What a certificate holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The value, or the period, proven.
    pub claim: String,
    /// The Grundy value proven (`None` for a period).
    pub value: Option<u64>,
    /// Entries (components with their values), or values for a period.
    pub entries: u64,
    /// Replies given.
    pub replies: u64,
    /// Bytes of text written (before any compression).
    pub bytes: u64,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "certificate of {}: {} entries, {} replies, {} bytes of text",
            self.claim, self.entries, self.replies, self.bytes
        )
    }
}

/// Why no certificate was written.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// The game has no certificate form.
    #[error("{game} has no certificate format yet; certificates are written for cram, chomp, node-kayles, take-and-break codes, subtraction games, grundy, nim, script files and sums of these")]
    Unsupported {
        /// The game.
        game: String,
    },
    /// Misère play, which has no Grundy value to certify.
    #[error("certificates prove normal-play Grundy values; drop --misere")]
    Misere,
    /// The search for a value stopped.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The period is not one a certificate can prove.
    #[error("no certificate: {0}")]
    NoPeriod(String),
    /// The values found do not make a proof (a bug of the search).
    #[error("the values found do not make a proof: {0}")]
    Inconsistent(String),
    /// Writing failed.
    #[error("cannot write the certificate: {0}")]
    Io(#[from] std::io::Error),
}
