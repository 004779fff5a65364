//! The checkpoint format of long sequence runs, so that an interrupted run
//! resumes with identical results.
//!
//! A checkpoint is a short text header, then the values as little-endian
//! numbers, 16-bit ones while every value fits, else 32-bit ones:
//!
//! ```text
//! grundy-sequence 3
//! width 16
//! rule 0.6
//! count 1000000
//! checksum 1A2B3C4D
//! crc 5E6F7A8B
//!
//! <count × 2 bytes>
//! ```
//!
//! `checksum` is Fletcher-32 over the values (the one `ogsolve` prints and
//! `grundy sequence --checksum` shows); `crc` is CRC-32 over the rest of
//! the file, the header's lines above it and the values' bytes, so that the
//! rule and the count are checked too, and so is any damage Fletcher-32
//! misses (its 16-bit sums wrap: two flips of a word's top bit an even
//! number of words apart cancel). A damaged or truncated file is refused
//! rather than resumed, and a header is accepted only as [`write()`] writes it.
//! Only the values are stored: the engine's other state (the rare/common
//! split) is rebuilt from them, and the values never depend on it.
//!
//! Files of the two earlier formats (`grundy-sequence 1`, 16-bit values,
//! and `grundy-sequence 2` with `width 32`, both without the `crc` line)
//! are still read.

use std::io::{self, Write};

use thiserror::Error;

use super::code::HeapCode;
use super::naive::Value;
use super::sequence::Values;

/// The first line of the current format.
const MAGIC: &str = "grundy-sequence 3";
/// The first lines of the earlier formats: 16-bit values, and 32-bit ones.
const MAGIC_1: &str = "grundy-sequence 1";
const MAGIC_2: &str = "grundy-sequence 2";

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

/// The header's lines before the `crc` line, as [`write()`] writes them.
fn header_lines(code: &str, wide: bool, count: usize, sum: u32) -> String {
    let width = if wide { 32 } else { 16 };
    format!("{MAGIC}\nwidth {width}\nrule {code}\ncount {count}\nchecksum {sum:08X}\n")
}

/// The header of a checkpoint of an earlier format (1, or 2 when `wide`).
fn legacy_header(code: &str, wide: bool, count: usize, sum: u32) -> String {
    let (magic, width) = if wide {
        (MAGIC_2, "width 32\n")
    } else {
        (MAGIC_1, "")
    };
    format!("{magic}\n{width}rule {code}\ncount {count}\nchecksum {sum:08X}\n\n")
}

/// Hands the values' little-endian bytes to `f`, a piece at a time, so
/// that no second copy of the values is made.
fn pieces(values: &Values, mut f: impl FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
    let mut piece = Vec::with_capacity(1 << 16);
    match values {
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

/// Writes a checkpoint of `values` for `code` to `out`: the text header,
/// then the values as little-endian bytes, a piece at a time, so that a
/// file is saved without a second copy of the values in memory. The values
/// are read twice: once for the CRC, which the header holds, once to write.
///
/// # Errors
/// What `out` reports.
pub fn write(out: &mut impl Write, code: &HeapCode, values: &Values) -> io::Result<()> {
    let wide = matches!(values, Values::Wide(_));
    let sum = checksum_of(values, values.len());
    let lines = header_lines(&code.to_string(), wide, values.len(), sum);
    let mut crc = crc32fast::Hasher::new();
    crc.update(lines.as_bytes());
    pieces(values, |p| {
        crc.update(p);
        Ok(())
    })?;
    write!(out, "{lines}crc {:08X}\n\n", crc.finalize())?;
    pieces(values, |p| out.write_all(p))
}

/// The values of a checkpoint for `code`, of the current format or an
/// earlier one. The header must be exactly as [`write()`] writes it (no
/// other spacing, case or leading zeros), its CRC and the values' checksum
/// must match, and the values must be `count` values of the header's width.
///
/// # Errors
/// [`CheckpointError`] for another format, another rule, or a damaged file.
pub fn decode(code: &HeapCode, bytes: &[u8]) -> Result<Values, CheckpointError> {
    let end = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or(CheckpointError::Header)?
        + 2;
    let head = std::str::from_utf8(&bytes[..end]).map_err(|_| CheckpointError::Header)?;
    let mut lines = head.lines();
    let (current, legacy_wide) = match lines.next() {
        Some(MAGIC) => (true, false),
        Some(MAGIC_1) => (false, false),
        Some(MAGIC_2) => (false, true),
        _ => return Err(CheckpointError::Header),
    };
    let mut crc_read = 0;
    if current {
        // The CRC first: a damaged rule or count is then reported as damage.
        let at = head.rfind("crc ").ok_or(CheckpointError::Header)?;
        let crc = u32::from_str_radix(head[at + 4..].trim_end(), 16)
            .map_err(|_| CheckpointError::Header)?;
        let mut h = crc32fast::Hasher::new();
        h.update(&bytes[..at]);
        h.update(&bytes[end..]);
        if h.finalize() != crc {
            return Err(CheckpointError::Damaged("CRC mismatch".into()));
        }
        crc_read = crc;
    }
    let mut field = |name: &str| {
        lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .ok_or(CheckpointError::Header)
    };
    let wide = match (current, legacy_wide) {
        (true, _) => match field("width ")? {
            "16" => false,
            "32" => true,
            _ => return Err(CheckpointError::Header),
        },
        // Format 2's `width 32` line: its text is checked with the rest.
        (false, true) => field("width ").map(|_| true)?,
        (false, false) => false,
    };
    let rule = field("rule ")?.to_string();
    let count: usize = field("count ")?
        .parse()
        .map_err(|_| CheckpointError::Header)?;
    let sum = u32::from_str_radix(field("checksum ")?, 16).map_err(|_| CheckpointError::Header)?;
    let canonical = if current {
        let lines = header_lines(&rule, wide, count, sum);
        format!("{lines}crc {crc_read:08X}\n\n")
    } else {
        legacy_header(&rule, wide, count, sum)
    };
    // A rule as `write` writes it: a code printed in its canonical form.
    let printed = rule.parse::<HeapCode>().ok().map(|c| c.to_string());
    if canonical != head || printed.as_deref() != Some(rule.as_str()) {
        return Err(CheckpointError::Header);
    }
    if rule != code.to_string() {
        return Err(CheckpointError::OtherRule {
            found: rule,
            wanted: code.to_string(),
        });
    }
    let body = &bytes[end..];
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
    fn every_damaged_header_byte_is_refused() {
        let code: HeapCode = "0.6".parse().unwrap();
        let bytes = encode(&code, &Values::Narrow(vec![0u16, 0, 1, 0, 2, 1]));
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.starts_with("grundy-sequence 3\nwidth 16\nrule 0.6\ncount 6\n"),
            "{text}"
        );
        let end = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
        for at in 0..end {
            for flip in [1u8, 0x20, 0x80] {
                let mut bad = bytes.clone();
                bad[at] ^= flip;
                assert!(
                    decode(&code, &bad).is_err(),
                    "byte {at} ^ {flip:#x} accepted"
                );
            }
        }
        // A header with other spelling but the same meaning is refused too.
        let lower = String::from_utf8(bytes.clone())
            .unwrap()
            .replace("checksum 0", "checksum +");
        assert!(decode(&code, lower.as_bytes()).is_err());
    }

    #[test]
    fn damage_that_fletcher_misses_is_refused_by_the_crc() {
        let code: HeapCode = "0.6".parse().unwrap();
        let values = Values::Narrow(vec![1u16, 2, 3, 4]);
        let bytes = encode(&code, &values);
        let body = bytes.len() - 8;
        // +0x8000 on value 0 and on value 2: Fletcher's sums wrap to the same.
        let mut bad = bytes.clone();
        bad[body + 1] ^= 0x80;
        bad[body + 5] ^= 0x80;
        let moved = Values::Narrow(vec![1 | 0x8000, 2, 3 | 0x8000, 4]);
        assert_eq!(checksum_of(&moved, 4), checksum_of(&values, 4));
        assert_eq!(
            decode(&code, &bad),
            Err(CheckpointError::Damaged("CRC mismatch".into()))
        );
    }

    #[test]
    fn earlier_formats_are_still_read() {
        let code: HeapCode = "0.6".parse().unwrap();
        // Values 0, 1, 2: Fletcher a = 0, 1, 3 and b = 0, 1, 4.
        let mut one = b"grundy-sequence 1\nrule 0.6\ncount 3\nchecksum 00040003\n\n".to_vec();
        one.extend([0, 0, 1, 0, 2, 0]);
        assert_eq!(decode(&code, &one), Ok(Values::Narrow(vec![0, 1, 2])));
        let mut two =
            b"grundy-sequence 2\nwidth 32\nrule 0.6\ncount 3\nchecksum 00040003\n\n".to_vec();
        two.extend([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0]);
        assert_eq!(decode(&code, &two), Ok(Values::Wide(vec![0, 1, 2])));
        let spaced = String::from_utf8_lossy(&one[..one.len() - 6]).replace("rule ", "rule  ");
        let mut spaced = spaced.into_bytes();
        spaced.extend([0, 0, 1, 0, 2, 0]);
        assert_eq!(decode(&code, &spaced), Err(CheckpointError::Header));
    }

    #[test]
    fn fletcher_matches_a_hand_computation() {
        // a: 1, 3, 6; b: 1, 4, 10.
        assert_eq!(checksum(&[1u16, 2, 3]), (10 << 16) | 6);
    }
}
