//! The one container of every checkpoint an engine saves: the take-and-break
//! engine's values ([`heap::checkpoint`](super::heap::checkpoint)) and a
//! search's tables ([`snapshot`](super::snapshot)) are written and read
//! through it, so that both are versioned, hashed and refused alike.
//!
//! ```text
//! grundy-checkpoint 4
//! kind sequence                 (or `search`)
//! <the engine's header lines>
//!                               (an empty line)
//! <the engine's body: values or records>
//! sha256 <64 lowercase hex digits>
//! ```
//!
//! The last line is SHA-256 of every byte before it. A file is read only
//! when its first line is this version's, its hash matches, its kind is
//! the one asked for and (the engine checks) its header is byte for byte
//! what the writer writes. Files of the earlier formats (`grundy-sequence
//! 1`–`3`, `grundy-search 1`: a Fletcher sum or a CRC-32, which anyone who
//! edits a file can fix up in a moment) are refused with a message that
//! says to delete the file and run again: a run from scratch gives the
//! same values.
//!
//! What the hash does and does not do: it catches every accidental change
//! (a flipped bit, a truncation, a file of another run) and an edit by
//! someone who does not recompute it. It is keyless, so someone who edits a
//! file on purpose and recomputes the hash (one `sha256sum`) can still make
//! a file that is read; a checkpoint is as trustworthy as the directory it
//! is kept in. The engines guard what they read all the same: values are
//! within their width, a search's keys are parsed by the game's rules.
//!
//! Writing a file atomically (a temporary file, then a rename) is the front
//! end's part, as the library opens no file: the command line's
//! `checkpoint_file` module does it for every command that checkpoints.

use std::io::{self, Write};

use sha2::{Digest, Sha256};
use thiserror::Error;

/// The first line of the format.
const MAGIC: &str = "grundy-checkpoint 4";

/// The first lines of files this build refuses as too old to trust.
const OLD_MAGICS: [&str; 2] = ["grundy-sequence ", "grundy-search "];

/// The last line: `sha256 `, 64 hex digits, a newline.
const TRAILER: usize = 7 + 64 + 1;

/// What a checkpoint holds: each engine reads only its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A take-and-break sequence's values (`sequence`, `period`).
    Sequence,
    /// A search's tables (`analyze --checkpoint`).
    Search,
}

impl Kind {
    /// The word on the `kind` line.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Sequence => "sequence",
            Kind::Search => "search",
        }
    }
}

/// Why a file is not read as a checkpoint.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContainerError {
    /// Not a checkpoint of any version.
    #[error("not a grundy checkpoint (its first line is not `{MAGIC}`); give another file")]
    NotACheckpoint,
    /// A checkpoint of an earlier (or later) format.
    #[error("a checkpoint of another format (`{found}`; this version reads `{MAGIC}` only, with its content hash); delete the file and run the command again")]
    OtherFormat {
        /// Its first line.
        found: String,
    },
    /// A checkpoint of the other engine.
    #[error("a checkpoint of a {found} run, not of a {wanted} run; give another file")]
    OtherKind {
        /// The kind in the file.
        found: String,
        /// The kind asked for.
        wanted: &'static str,
    },
    /// Truncated, damaged or edited.
    #[error("the checkpoint is damaged ({0}); delete it and run the command again")]
    Damaged(String),
}

/// Writes a checkpoint a piece at a time, hashing as it goes: [`Sealer::begin`],
/// then the body through [`Sealer::write_all`], then [`Sealer::finish`].
pub(crate) struct Sealer<'a> {
    out: &'a mut dyn Write,
    hash: Sha256,
}

impl<'a> Sealer<'a> {
    /// Writes the first lines: the version, the kind, `header` (the
    /// engine's lines, each ended by a newline, none empty) and the empty
    /// line that ends them.
    ///
    /// # Errors
    /// What `out` reports.
    pub(crate) fn begin(out: &'a mut dyn Write, kind: Kind, header: &str) -> io::Result<Self> {
        debug_assert!(header.ends_with('\n') && !header.contains("\n\n"));
        let mut s = Sealer {
            out,
            hash: Sha256::new(),
        };
        let head = format!("{MAGIC}\nkind {}\n{header}\n", kind.word());
        s.write_all(head.as_bytes())?;
        Ok(s)
    }

    /// Writes a piece of the body.
    ///
    /// # Errors
    /// What `out` reports.
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hash.update(bytes);
        self.out.write_all(bytes)
    }

    /// Writes the hash line.
    ///
    /// # Errors
    /// What `out` reports.
    pub(crate) fn finish(self) -> io::Result<()> {
        let digest = self.hash.finalize();
        writeln!(self.out, "sha256 {}", hex(&digest))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A checkpoint whose version, hash and kind are checked: the engine's
/// header lines (each ended by a newline) and its body.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Opened<'a> {
    /// The engine's header lines, as written.
    pub header: &'a str,
    /// The body, between the empty line and the hash line.
    pub body: &'a [u8],
}

/// Checks `bytes` as a checkpoint of `kind`: the version first (so an old
/// file gets the message that says what to do), then the hash over every
/// byte before its line (so a damaged kind or header reads as damage), then
/// the kind.
///
/// # Errors
/// [`ContainerError`] for a file of another format or kind, or one whose
/// hash does not match.
pub(crate) fn open(bytes: &[u8], kind: Kind) -> Result<Opened<'_>, ContainerError> {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(&first[..first.len().min(64)]);
    if first != MAGIC {
        let known = first.starts_with("grundy-checkpoint ")
            || OLD_MAGICS.iter().any(|m| first.starts_with(m));
        return Err(match known {
            true => ContainerError::OtherFormat {
                found: first.into_owned(),
            },
            false => ContainerError::NotACheckpoint,
        });
    }
    let damaged = |what: &str| ContainerError::Damaged(what.to_string());
    let at = bytes
        .len()
        .checked_sub(TRAILER)
        .ok_or_else(|| damaged("too short: truncated?"))?;
    let (rest, trailer) = bytes.split_at(at);
    let written = trailer
        .strip_prefix(b"sha256 ")
        .and_then(|t| t.strip_suffix(b"\n"))
        .filter(|t| {
            t.iter()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        })
        .ok_or_else(|| damaged("no content hash at its end: truncated?"))?;
    if hex(&Sha256::digest(rest)).as_bytes() != written {
        return Err(damaged("its content hash does not match"));
    }
    let after_magic = rest
        .get(MAGIC.len() + 1..)
        .ok_or_else(|| damaged("no header"))?;
    let end = after_magic
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or_else(|| damaged("no end of header"))?;
    let head = std::str::from_utf8(&after_magic[..=end]).map_err(|_| damaged("header not text"))?;
    let (kind_line, header) = head.split_once('\n').unwrap_or((head, ""));
    let found = kind_line.strip_prefix("kind ").unwrap_or(kind_line);
    if found != kind.word() {
        return Err(ContainerError::OtherKind {
            found: found.chars().take(40).collect(),
            wanted: kind.word(),
        });
    }
    Ok(Opened {
        header,
        body: &after_magic[end + 2..],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealed(kind: Kind, header: &str, body: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut s = Sealer::begin(&mut out, kind, header).unwrap();
        s.write_all(body).unwrap();
        s.finish().unwrap();
        out
    }

    #[test]
    fn a_sealed_file_opens_to_its_header_and_body() {
        let bytes = sealed(Kind::Search, "game nim\nentries 2\n", b"\x00\x01\n\nxy");
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("grundy-checkpoint 4\nkind search\ngame nim\nentries 2\n\n"));
        // SHA-256 of everything before the last line, by the standard's
        // definition: the hex of the digest of those bytes.
        let at = bytes.len() - TRAILER;
        let line = format!("sha256 {}\n", hex(&Sha256::digest(&bytes[..at])));
        assert_eq!(&bytes[at..], line.as_bytes());
        let opened = open(&bytes, Kind::Search).unwrap();
        assert_eq!(opened.header, "game nim\nentries 2\n");
        assert_eq!(opened.body, b"\x00\x01\n\nxy");
    }

    #[test]
    fn the_hash_is_sha_256() {
        // FIPS 180-2, appendix B.1: SHA-256("abc").
        assert_eq!(
            hex(&Sha256::digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn every_flipped_byte_and_every_cut_is_refused() {
        let bytes = sealed(Kind::Sequence, "rule 0.6\n", &[7; 40]);
        for at in 0..bytes.len() {
            for flip in [0x01, 0x20, 0x80] {
                let mut bad = bytes.clone();
                bad[at] ^= flip;
                assert!(open(&bad, Kind::Sequence).is_err(), "byte {at} ^ {flip:#x}");
            }
        }
        for len in 0..bytes.len() {
            assert!(open(&bytes[..len], Kind::Sequence).is_err(), "cut at {len}");
        }
    }

    #[test]
    fn other_kinds_formats_and_files_are_refused_with_what_to_do() {
        let bytes = sealed(Kind::Sequence, "rule 0.6\n", b"");
        let e = open(&bytes, Kind::Search).unwrap_err();
        assert_eq!(
            e,
            ContainerError::OtherKind {
                found: "sequence".into(),
                wanted: "search"
            }
        );
        for old in [
            &b"grundy-sequence 1\nrule 0.6\ncount 0\nchecksum 00000000\n\n"[..],
            b"grundy-sequence 3\nwidth 16\n",
            b"grundy-search 1\ngame nim\n",
            b"grundy-checkpoint 5\nkind search\n",
        ] {
            let e = open(old, Kind::Sequence).unwrap_err();
            assert!(matches!(e, ContainerError::OtherFormat { .. }), "{e}");
            assert!(e
                .to_string()
                .contains("delete the file and run the command again"));
        }
        assert_eq!(
            open(b"hello\n\n", Kind::Sequence),
            Err(ContainerError::NotACheckpoint)
        );
        assert_eq!(open(b"", Kind::Search), Err(ContainerError::NotACheckpoint));
        assert!(open(MAGIC.as_bytes(), Kind::Search).is_err());
    }
}
