//! The checkpoint format of long sequence runs, so that an interrupted run
//! resumes with identical results.
//!
//! A checkpoint is a short text header, then the values as little-endian
//! numbers: 16-bit ones (format 1) while every value fits, else 32-bit ones
//! (format 2, whose header says `width 32`):
//!
//! ```text
//! grundy-sequence 1
//! rule 0.6
//! count 1000000
//! checksum 1A2B3C4D
//!
//! <count × 2 bytes>
//! ```
//!
//! The checksum is Fletcher-32 over the values (the one `ogsolve` prints),
//! so a damaged or truncated file is refused rather than resumed. Only the
//! values are stored: the engine's other state (the rare/common split) is
//! rebuilt from them, and the values never depend on it.

use std::io::{self, Write};

use thiserror::Error;

use super::code::HeapCode;
use super::naive::Value;
use super::sequence::Values;

const MAGIC: &str = "grundy-sequence 1";
const MAGIC_WIDE: &str = "grundy-sequence 2";

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
        Values::Narrow(g) => checksum(&g[..len]),
        Values::Wide(g) => checksum(&g[..len]),
    }
}

/// The bytes of a checkpoint of `values` for `code`.
pub fn encode(code: &HeapCode, values: &Values) -> Vec<u8> {
    let mut bytes = Vec::new();
    write(&mut bytes, code, values).expect("writing to memory does not fail");
    bytes
}

/// Writes a checkpoint of `values` for `code` to `out`: the text header,
/// then the values as little-endian bytes, a piece at a time, so that a
/// file is saved without a second copy of the values in memory.
///
/// # Errors
/// What `out` reports.
pub fn write(out: &mut impl Write, code: &HeapCode, values: &Values) -> io::Result<()> {
    let (magic, width) = match values {
        Values::Narrow(_) => (MAGIC, ""),
        Values::Wide(_) => (MAGIC_WIDE, "width 32\n"),
    };
    write!(
        out,
        "{magic}\n{width}rule {code}\ncount {}\nchecksum {:08X}\n\n",
        values.len(),
        checksum_of(values, values.len())
    )?;
    let mut piece = Vec::with_capacity(1 << 16);
    match values {
        Values::Narrow(g) => {
            for c in g.chunks(1 << 15) {
                piece.clear();
                piece.extend(c.iter().flat_map(|v| v.to_le_bytes()));
                out.write_all(&piece)?;
            }
        }
        Values::Wide(g) => {
            for c in g.chunks(1 << 14) {
                piece.clear();
                piece.extend(c.iter().flat_map(|v| v.to_le_bytes()));
                out.write_all(&piece)?;
            }
        }
    }
    Ok(())
}

/// The values of a checkpoint for `code`, 16-bit (format 1, as older
/// versions wrote) or 32-bit (format 2).
///
/// # Errors
/// [`CheckpointError`] for another format, another rule, or a damaged file.
pub fn decode(code: &HeapCode, bytes: &[u8]) -> Result<Values, CheckpointError> {
    let end = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or(CheckpointError::Header)?;
    let header = std::str::from_utf8(&bytes[..end]).map_err(|_| CheckpointError::Header)?;
    let mut lines = header.lines();
    let wide = match lines.next() {
        Some(MAGIC) => false,
        Some(MAGIC_WIDE) => true,
        _ => return Err(CheckpointError::Header),
    };
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .map(str::trim)
            .ok_or(CheckpointError::Header)
    };
    if wide && field("width ")? != "32" {
        return Err(CheckpointError::Header);
    }
    let rule = field("rule ")?.to_string();
    let count: usize = field("count ")?
        .parse()
        .map_err(|_| CheckpointError::Header)?;
    let sum = u32::from_str_radix(field("checksum ")?, 16).map_err(|_| CheckpointError::Header)?;
    if rule != code.to_string() {
        return Err(CheckpointError::OtherRule {
            found: rule,
            wanted: code.to_string(),
        });
    }
    let body = &bytes[end + 2..];
    let size = if wide { 4 } else { 2 };
    if Some(body.len()) != count.checked_mul(size) {
        return Err(CheckpointError::Damaged(format!(
            "{} bytes of values, expected {count} values of {size} bytes",
            body.len(),
        )));
    }
    let values = if wide {
        let g = body.chunks_exact(4);
        Values::Wide(
            g.map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        )
    } else {
        let g = body.chunks_exact(2);
        Values::Narrow(g.map(|c| u16::from_le_bytes([c[0], c[1]])).collect())
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
            Err(CheckpointError::Damaged(_))
        ));
        assert!(decode(&code, &bytes[..bytes.len() - 1]).is_err());
        assert_eq!(decode(&code, b"hello\n\n"), Err(CheckpointError::Header));
    }

    #[test]
    fn fletcher_matches_a_hand_computation() {
        // a: 1, 3, 6; b: 1, 4, 10.
        assert_eq!(checksum(&[1u16, 2, 3]), (10 << 16) | 6);
    }
}
