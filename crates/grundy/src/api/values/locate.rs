//! Where one position sits among its game's values: its cell of the game's
//! table G(i, j) or sequence G(n), and the grid around it to show, so that a
//! front end can draw the values near a position without knowing how a
//! game writes its positions.

use serde::Serialize;

use super::{Kind, ShapeRequest, Source};
use crate::api::{analyze, Error};
use crate::catalog::{self, Spec};

/// A position's cell among its game's values, and a window of cells around
/// it (the request for [`grid`](super::grid) that shows it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Located {
    /// A sequence G(n) or a table G(i, j).
    pub kind: Kind,
    /// The cell: `[n]` for a sequence, `[i, j]` for a table.
    pub at: Vec<u64>,
    /// The grid to ask for: `side` terms (or `side × side` cells) around
    /// the cell, widened (up to four times) so that a table shows both i and j.
    pub window: ShapeRequest,
}

/// Where the position `words` of the game `spec` sits: its cell of the
/// game's table where it is a two-number position, else of its sequence
/// where it is a one-number position; `None` for other positions (three
/// heaps of Nim, a graph).
///
/// # Errors
/// As [`analyze::position`]: an unknown game, words that are not a position.
///
/// ```
/// use grundy::api::values::{locate, Kind};
/// let l = locate(&"nim".into(), &["3", "4"], 16).unwrap().unwrap();
/// assert_eq!((l.kind, l.at.as_slice()), (Kind::Table, &[3, 4][..]));
/// assert_eq!(l.window.from, Some(0));
/// assert!(locate(&"nim".into(), &["3", "4", "5"], 16).unwrap().is_none());
/// ```
pub fn locate(spec: &Spec, words: &[&str], side: u64) -> Result<Option<Located>, Error> {
    let text = analyze::position(spec, words)?.to_string();
    let source = Source::new(spec)?;
    let side = side.max(1);
    for kind in [Kind::Table, Kind::Sequence] {
        let Ok(template) = source.template(kind) else {
            continue;
        };
        let Some(at) = cell_of(template, &text) else {
            continue;
        };
        let first = catalog::first_index(source.game.as_ref(), template);
        let window = window(kind, &at, first, side);
        return Ok(Some(Located { kind, at, window }));
    }
    Ok(None)
}

/// The numbers that fill `template`'s `{n}`, `{i}`, `{j}` (in that order of
/// appearance) to give `text`, if some do.
fn cell_of(template: &str, text: &str) -> Option<Vec<u64>> {
    let mut numbers = Vec::new();
    let (mut t, mut s) = (template, text.trim());
    while !t.is_empty() {
        if let Some(rest) = ["{n}", "{i}", "{j}"].iter().find_map(|p| t.strip_prefix(p)) {
            let digits = s.bytes().take_while(u8::is_ascii_digit).count();
            numbers.push(s[..digits].parse().ok()?);
            (t, s) = (rest, &s[digits..]);
        } else {
            let c = t.chars().next()?;
            s = s.strip_prefix(c)?;
            t = &t[c.len_utf8()..];
        }
    }
    s.is_empty().then_some(numbers)
}

/// `side` cells around `at` from no lower than `first`; a table widens up
/// to `4 × side` to hold both numbers.
fn window(kind: Kind, at: &[u64], first: u64, side: u64) -> ShapeRequest {
    let lo = at.iter().copied().min().unwrap_or(first);
    let hi = at.iter().copied().max().unwrap_or(first);
    let span = hi - lo + 1;
    let side = if kind == Kind::Table && span > side {
        (span + 2).min(side.saturating_mul(4))
    } else {
        side
    };
    // Centre the span, keep the start at or above `first` and the end in range.
    let from = lo
        .saturating_sub(side.saturating_sub(span) / 2)
        .max(first)
        .min(u64::MAX - (side - 1));
    match kind {
        Kind::Table => ShapeRequest {
            rows: Some(side),
            cols: Some(side),
            len: None,
            from: Some(from),
        },
        Kind::Sequence => ShapeRequest {
            rows: None,
            cols: None,
            len: Some(side),
            from: Some(from),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::values::{grid, Defaults};
    use crate::solve::Limits;

    fn located(spec: &str, words: &[&str]) -> Option<Located> {
        locate(&spec.into(), words, 16).unwrap()
    }

    #[test]
    fn templates_are_read_back_into_their_numbers() {
        assert_eq!(cell_of("{i} {j}", "3 14"), Some(vec![3, 14]));
        assert_eq!(cell_of("[{i},{j}]", "[2,7]"), Some(vec![2, 7]));
        assert_eq!(cell_of("{n}", "12"), Some(vec![12]));
        assert_eq!(cell_of("{i} {j}", "3 4 5"), None);
        assert_eq!(cell_of("{n}", "3 4"), None);
        assert_eq!(cell_of("{i},{j}", "3 4"), None);
        assert_eq!(cell_of("{n}", ""), None);
    }

    #[test]
    fn a_two_heap_position_is_a_cell_of_the_table_shown_around_it() {
        let l = located("wythoff", &["3", "5"]).unwrap();
        assert_eq!((l.kind, l.at.clone()), (Kind::Table, vec![3, 5]));
        // 16 cells from 0 hold 3 and 5; G(3, 5) = 0 (Wythoff's pair (3, 5)).
        let asked = ShapeRequest {
            rows: Some(16),
            cols: Some(16),
            len: None,
            from: Some(0),
        };
        assert_eq!(l.window, asked);
        let g = grid(
            &"wythoff".into(),
            &l.window,
            Defaults::default(),
            Limits::default(),
        );
        assert_eq!(g.unwrap().value(3, 5), Some(0));
    }

    #[test]
    fn far_numbers_move_and_widen_the_window() {
        let l = located("nim", &["100", "110"]).unwrap();
        // A span of 11 centred in 16: from 100 - 2.
        assert_eq!((l.window.from, l.window.rows), (Some(98), Some(16)));
        let l = located("nim", &["0", "40"]).unwrap();
        assert_eq!((l.window.from, l.window.rows), (Some(0), Some(43)));
        let l = located("nim", &["0", "1000"]).unwrap();
        assert_eq!(l.window.rows, Some(64));
    }

    #[test]
    fn one_number_positions_are_terms_of_the_sequence_from_the_first_index() {
        let l = located("subtraction:1,2", &["5"]).unwrap();
        assert_eq!((l.kind, l.at.clone()), (Kind::Sequence, vec![5]));
        assert_eq!((l.window.len, l.window.from), (Some(16), Some(0)));
        // E&D has no 0 pile: its table starts at 1.
        let l = located("ed", &["1,2"]).unwrap();
        assert_eq!((l.at.clone(), l.window.from), (vec![1, 2], Some(1)));
        let big = u64::MAX.to_string();
        let l = located("nim", &[&big]).unwrap();
        assert_eq!(l.window.from, Some(u64::MAX - 15));
    }

    #[test]
    fn other_positions_have_no_cell_and_bad_ones_are_errors() {
        assert_eq!(located("nim", &["1", "2", "3"]), None);
        let err = locate(&"nim".into(), &["x"], 16).unwrap_err();
        assert_eq!(err.kind(), crate::api::ErrorKind::BadInput);
    }
}
