//! The checkpoint of long sequence runs, so that an interrupted run
//! resumes with identical results.
//!
//! It is a [`container`] of kind `sequence`
//! (version line, content hash, refusal of old formats): these header
//! lines, then the values as little-endian numbers at the width the
//! engine holds them in: 8-bit ones while every value is below 255, 16-bit
//! ones while every value is below 65535, else 32-bit ones:
//!
//! ```text
//! grundy-checkpoint 4
//! kind sequence
//! width 16
//! rule 0.6
//! count 1000000
//! checksum 1A2B3C4D
//!
//! <count × 2 bytes (width / 8 bytes a value)>
//! sha256 <64 hex digits>
//! ```
//!
//! `checksum` is Fletcher-32 over the values (the one `ogsolve` prints and
//! `grundy sequence --checksum` shows), checked again after the values
//! are read. A header is accepted only as [`write()`] writes it (its rule
//! in canonical form); a file of 16-bit values that all fit in 8 bits, as
//! versions before 8-bit values wrote them, resumes in 8 bits. Only the
//! values are stored: the engine's other
//! state (the rare/common split) is rebuilt from them, and the values
//! never depend on it. Files of the earlier formats (`grundy-sequence 1`
//! to `3`, with a CRC-32 at most) are refused: delete them and rerun.

use std::io::{self, Write};

use thiserror::Error;

use super::code::HeapCode;
use super::naive::Value;
use super::sequence::Values;
use crate::solve::container::{self, ContainerError, Kind, Sealer};

/// Why a checkpoint could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckpointError {
    /// Not a checkpoint of this format.
    #[error("not a grundy sequence checkpoint (bad header)")]
    Header,
    /// A checkpoint of another rule.
    #[error("the checkpoint is for rule {found}, not {wanted}; give another file")]
    OtherRule {
        /// The rule in the file.
        found: String,
        /// The rule asked for.
        wanted: String,
    },
    /// Truncated or damaged.
    #[error("the checkpoint is damaged ({0}); delete it to start again")]
    Damaged(String),
    /// Not a checkpoint this version reads: another format or kind, or a
    /// content hash that does not match.
    #[error(transparent)]
    File(#[from] ContainerError),
}

/// Fletcher-32 of the values, as `ogsolve` prints it: a value below 2^16 is
/// one 16-bit word; a larger one is two, its low half first. The checksum
/// does not depend on the width the values are stored in.
pub fn checksum<V: Value>(values: &[V]) -> u32 {
    let (mut a, mut b) = (0u16, 0u16);
    for &v in values {
        let v: u32 = v.into();
        a = a.wrapping_add(v as u16);
        b = b.wrapping_add(a);
        if v > 0xFFFF {
            a = a.wrapping_add((v >> 16) as u16);
            b = b.wrapping_add(a);
        }
    }
    (u32::from(b) << 16) | u32::from(a)
}

/// [`checksum`] of the first `len` values (`len` at most their number).
pub fn checksum_of(values: &Values, len: usize) -> u32 {
    match values {
        Values::Byte(g) => checksum(&g[..len]),
        Values::Narrow(g) => checksum(&g[..len]),
        Values::Wide(g) => checksum(&g[..len]),
    }
}

#[cfg(test)]
/// The bytes of a checkpoint of `values` for `code`.
pub fn encode(code: &HeapCode, values: &Values) -> Vec<u8> {
    let mut bytes = Vec::new();
    write(&mut bytes, code, values).expect("writing to memory does not fail");
    bytes
}

/// The bits a value of `values` is stored in.
fn width(values: &Values) -> usize {
    match values {
        Values::Byte(_) => 8,
        Values::Narrow(_) => 16,
        Values::Wide(_) => 32,
    }
}

/// The engine's header lines, as [`write()`] writes them.
fn header_lines(code: &str, width: usize, count: usize, sum: u32) -> String {
    format!("width {width}\nrule {code}\ncount {count}\nchecksum {sum:08X}\n")
}

/// Hands the values' little-endian bytes to `f`, a piece at a time, so
/// that no second copy of the values is made.
fn pieces(values: &Values, mut f: impl FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
    let mut piece = Vec::with_capacity(1 << 16);
    match values {
        Values::Byte(g) => {
            for c in g.chunks(1 << 16) {
                f(c)?;
            }
        }
        Values::Narrow(g) => {
            for c in g.chunks(1 << 15) {
                piece.clear();
                piece.extend(c.iter().flat_map(|v| v.to_le_bytes()));
                f(&piece)?;
            }
        }
        Values::Wide(g) => {
            for c in g.chunks(1 << 14) {
                piece.clear();
                piece.extend(c.iter().flat_map(|v| v.to_le_bytes()));
                f(&piece)?;
            }
        }
    }
    Ok(())
}

/// Writes a checkpoint of `values` for `code` to `out`: the header, then
/// the values as little-endian bytes, a piece at a time, so that a file is
/// saved without a second copy of the values in memory.
///
/// # Errors
/// What `out` reports.
pub fn write(out: &mut impl Write, code: &HeapCode, values: &Values) -> io::Result<()> {
    let sum = checksum_of(values, values.len());
    let lines = header_lines(&code.to_string(), width(values), values.len(), sum);
    let mut sealer = Sealer::begin(out, Kind::Sequence, &lines)?;
    pieces(values, |p| sealer.write_all(p))?;
    sealer.finish()
}

/// The values of a checkpoint for `code`. The container must be sound
/// (version, hash, kind), the header exactly as [`write()`] writes it (no
/// other spacing, case or leading zeros), the values `count` values of the
/// header's width, and their checksum the header's.
///
/// # Errors
/// [`CheckpointError`] for another format, another rule, or a damaged file.
pub fn decode(code: &HeapCode, bytes: &[u8]) -> Result<Values, CheckpointError> {
    let opened = container::open(bytes, Kind::Sequence)?;
    let mut lines = opened.header.lines();
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .ok_or(CheckpointError::Header)
    };
    let width: usize = match field("width ")? {
        "8" => 8,
        "16" => 16,
        "32" => 32,
        _ => return Err(CheckpointError::Header),
    };
    let rule = field("rule ")?.to_string();
    let count: usize = field("count ")?
        .parse()
        .map_err(|_| CheckpointError::Header)?;
    let sum = u32::from_str_radix(field("checksum ")?, 16).map_err(|_| CheckpointError::Header)?;
    // A rule as `write` writes it: a code printed in its canonical form.
    let printed = rule.parse::<HeapCode>().ok().map(|c| c.to_string());
    if header_lines(&rule, width, count, sum) != opened.header
        || printed.as_deref() != Some(rule.as_str())
    {
        return Err(CheckpointError::Header);
    }
    if rule != code.to_string() {
        return Err(CheckpointError::OtherRule {
            found: rule,
            wanted: code.to_string(),
        });
    }
    let body = opened.body;
    let size = width / 8;
    if Some(body.len()) != count.checked_mul(size) {
        return Err(CheckpointError::Damaged(format!(
            "{} bytes of values, expected {count} values of {size} bytes",
            body.len(),
        )));
    }
    let values = match width {
        32 => {
            let g = body.chunks_exact(4);
            Values::Wide(
                g.map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            )
        }
        16 => {
            let g = body.chunks_exact(2);
            Values::Narrow(g.map(|c| u16::from_le_bytes([c[0], c[1]])).collect())
        }
        _ => Values::Byte(body.to_vec()),
    };
    if checksum_of(&values, count) != sum {
        return Err(CheckpointError::Damaged("checksum mismatch".into()));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let code: HeapCode = "0.6".parse().unwrap();
        // Each width reads back as it was written, under its header.
        for (values, width) in [
            (Values::Byte(vec![0, 0, 1, 0, 2, 1, 254]), 8),
            (Values::Wide(vec![0, 0, 1, 0, 2, 1, 70000]), 32),
        ] {
            let bytes = encode(&code, &values);
            let head = format!("grundy-checkpoint 4\nkind sequence\nwidth {width}\n");
            assert!(bytes.starts_with(head.as_bytes()));
            assert_eq!(decode(&code, &bytes).unwrap(), values);
            assert!(decode(&code, &bytes[..bytes.len() - 1]).is_err());
        }
        let values = Values::Narrow(vec![0u16, 0, 1, 0, 2, 1, 65000]);
        let bytes = encode(&code, &values);
        assert_eq!(decode(&code, &bytes).unwrap(), values);
        let other: HeapCode = "0.07".parse().unwrap();
        assert!(matches!(
            decode(&other, &bytes),
            Err(CheckpointError::OtherRule { .. })
        ));
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() ^= 1;
        assert!(matches!(
            decode(&code, &bad),
            Err(CheckpointError::File(ContainerError::Damaged(_)))
        ));
        assert!(decode(&code, &bytes[..bytes.len() - 1]).is_err());
        assert_eq!(
            decode(&code, b"hello\n\n"),
            Err(ContainerError::NotACheckpoint.into())
        );
    }

    #[test]
    fn every_damaged_byte_is_refused() {
        let code: HeapCode = "0.6".parse().unwrap();
        let bytes = encode(&code, &Values::Narrow(vec![0u16, 0, 1, 0, 2, 1]));
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.starts_with("grundy-checkpoint 4\nkind sequence\nwidth 16\nrule 0.6\ncount 6\n"),
            "{text}"
        );
        for at in 0..bytes.len() {
            for flip in [1u8, 0x20, 0x80] {
                let mut bad = bytes.clone();
                bad[at] ^= flip;
                assert!(
                    decode(&code, &bad).is_err(),
                    "byte {at} ^ {flip:#x} accepted"
                );
            }
        }
    }

    #[test]
    fn a_header_of_other_spelling_is_refused_even_when_sealed() {
        // Sealed as the container does, with a header `write` never writes:
        // what a reader accepts loosely, it accepts damaged too.
        let code: HeapCode = "0.6".parse().unwrap();
        let seal = |header: &str, body: &[u8]| {
            let mut out = Vec::new();
            let mut s = Sealer::begin(&mut out, Kind::Sequence, header).unwrap();
            s.write_all(body).unwrap();
            s.finish().unwrap();
            out
        };
        // Values 0, 1, 2: Fletcher a = 0, 1, 3 and b = 0, 1, 4.
        let body = [0, 0, 1, 0, 2, 0];
        let good = "width 16\nrule 0.6\ncount 3\nchecksum 00040003\n";
        assert_eq!(
            decode(&code, &seal(good, &body)),
            Ok(Values::Narrow(vec![0, 1, 2]))
        );
        for bad in [
            "width 16\nrule  0.6\ncount 3\nchecksum 00040003\n",
            "width 16\nrule .6\ncount 3\nchecksum 00040003\n",
            "width 16\nrule 0.6\ncount 03\nchecksum 00040003\n",
            "width 16\nrule 0.6\ncount 3\nchecksum 40003\n",
            "rule 0.6\ncount 3\nchecksum 00040003\n",
        ] {
            assert_eq!(
                decode(&code, &seal(bad, &body)),
                Err(CheckpointError::Header)
            );
        }
        let sum = "width 16\nrule 0.6\ncount 3\nchecksum 00040004\n";
        assert!(matches!(
            decode(&code, &seal(sum, &body)),
            Err(CheckpointError::Damaged(_))
        ));
    }

    #[test]
    fn earlier_formats_are_refused_with_what_to_do() {
        let code: HeapCode = "0.6".parse().unwrap();
        let mut one = b"grundy-sequence 1\nrule 0.6\ncount 3\nchecksum 00040003\n\n".to_vec();
        one.extend([0, 0, 1, 0, 2, 0]);
        let mut two =
            b"grundy-sequence 2\nwidth 32\nrule 0.6\ncount 3\nchecksum 00040003\n\n".to_vec();
        two.extend([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0]);
        for old in [one, two] {
            let e = decode(&code, &old).unwrap_err();
            assert!(
                matches!(e, CheckpointError::File(ContainerError::OtherFormat { .. })),
                "{e}"
            );
            assert!(e.to_string().contains("delete the file"), "{e}");
        }
    }

    #[test]
    fn fletcher_matches_a_hand_computation() {
        // a: 1, 3, 6; b: 1, 4, 10.
        assert_eq!(checksum(&[1u16, 2, 3]), (10 << 16) | 6);
    }
}
