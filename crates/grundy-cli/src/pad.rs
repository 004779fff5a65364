//! Columns padded by hand: `format!("{:<width$}")` panics once `width`
//! passes 65,535 (the formatter holds it in 16 bits), and a move's text can
//! be longer than that (`analyze wythoff 10^70000 1`).

use std::fmt;

/// Columns wider than this are not aligned: the text is written whole and
/// the padding stops, so that one huge move does not pad every other line
/// to its width.
pub const MAX_ALIGNED: usize = 1024;

/// `text` left-aligned in `width` characters (at most [`MAX_ALIGNED`]).
pub struct Left<'a>(pub &'a str, pub usize);

/// The spaces that pad `text` to `width` characters (at most [`MAX_ALIGNED`]).
fn spaces(f: &mut fmt::Formatter<'_>, text: &str, width: usize) -> fmt::Result {
    let wanted = width.min(MAX_ALIGNED);
    let have = text.chars().take(wanted).count();
    for _ in have..wanted {
        f.write_str(" ")?;
    }
    Ok(())
}

impl fmt::Display for Left<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)?;
        spaces(f, self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_as_the_formatter_does_below_the_cap() {
        for text in ["", "a", "take 3", "é∞"] {
            for width in [0, 1, 5, 12] {
                assert_eq!(Left(text, width).to_string(), format!("{text:<width$}"));
            }
        }
    }

    #[test]
    fn text_wider_than_the_formatter_allows_is_written_whole() {
        let huge = "9".repeat(70_000);
        assert_eq!(Left(&huge, 70_000).to_string(), huge);
        let short = Left("x", 70_000).to_string();
        assert_eq!(short.len(), MAX_ALIGNED);
    }
}
