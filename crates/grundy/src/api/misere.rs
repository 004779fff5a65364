//! Misère play in depth: the genus of heaps and the simplest form of a
//! position, for Nim and any take-and-break code, and the misère quotient of
//! all sums of heaps up to a bound.
//!
//! ```
//! use grundy::api::misere::{canonical, genus, MisereOptions};
//!
//! let rows = genus("kayles", &["0..4"], &MisereOptions::default(), &mut |_| {}).unwrap();
//! let text: Vec<String> = rows.rows.iter().map(|r| r.genus.clone()).collect();
//! assert_eq!(text, ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}"]);
//!
//! let c = canonical("nim", &["2", "2"], None, &MisereOptions::default()).unwrap();
//! assert_eq!((c.form.as_str(), c.outcome.letter()), ("*[32]", "P"));
//! ```

pub use crate::misere::quotient::{DEFAULT_MAX_ORDER, DEFAULT_MAX_STATES};
use serde::Serialize;

use crate::api::Error;
use crate::game::{parse_u64, Outcome, ParseError};
use crate::games::octal;
use crate::misere::canonical::{Form, Forms, FormsError};
use crate::misere::genus::{Genera, Kind};
use crate::misere::heaps::{HeapForms, HeapGame};
use crate::misere::quotient::{Quotient, QuotientError};
use crate::solve::{Limits, ProgressReading};

/// The largest heap whose simplest form is asked for.
pub const MAX_HEAP: u64 = 10_000;

/// The most heaps one request lists (a range counts each heap).
pub const MAX_HEAPS: usize = 10_000;

/// Bounds on the work.
#[derive(Clone, Copy, Debug)]
pub struct MisereOptions {
    /// The most distinct simplest forms held at once (each a few dozen bytes
    /// plus its options).
    pub max_forms: usize,
    /// The most time spent building forms.
    pub max_time: Option<std::time::Duration>,
    /// The most bytes the forms and their memoised sums may hold.
    pub memory: usize,
}

/// The default budget of forms: about a few hundred MiB at most.
pub const DEFAULT_MAX_FORMS: usize = 1 << 20;

impl MisereOptions {
    /// The one budget vocabulary of the engines, [`Limits`], of these bounds.
    fn limits(&self) -> Limits {
        let limits = Limits::new(self.max_forms).with_memory(self.memory);
        match self.max_time {
            Some(t) => limits.with_time(t),
            None => limits,
        }
    }

    fn forms(&self) -> Forms {
        Forms::new(self.limits())
    }
}

impl Default for MisereOptions {
    fn default() -> Self {
        MisereOptions {
            max_forms: DEFAULT_MAX_FORMS,
            max_time: None,
            memory: Limits::DEFAULT_MAX_BYTES,
        }
    }
}

/// The genus of one heap.
#[derive(Clone, Debug, Serialize)]
pub struct GenusRow {
    /// The heap size.
    pub heap: u64,
    /// The genus in Winning Ways' notation, e.g. `0^{120}`.
    pub genus: String,
    /// The normal-play Grundy value `g`.
    pub normal: u32,
    /// `γ0, γ1, …` as computed (`γ0` is the misère Grundy value).
    pub gammas: Vec<u32>,
    /// `fickle`, `firm` (both tame), `restive`, `restless` or `wild`.
    pub kind: Kind,
}

/// What `grundy misere genus` prints.
#[derive(Clone, Debug, Serialize)]
pub struct GenusReport {
    /// The game: `nim` or its canonical code.
    pub game: String,
    /// One row per heap asked.
    pub rows: Vec<GenusRow>,
}

/// The simplest form of one heap of a position.
#[derive(Clone, Debug, Serialize)]
pub struct PartForm {
    /// The heap size.
    pub heap: u64,
    /// Its misère simplest form.
    pub form: String,
    /// Its birthday.
    pub birthday: u32,
}

/// What `grundy misere canonical` prints.
#[derive(Clone, Debug, Serialize)]
pub struct CanonicalReport {
    /// The game: `nim` or its canonical code.
    pub game: String,
    /// The heaps.
    pub position: String,
    /// Each heap's simplest form.
    pub parts: Vec<PartForm>,
    /// The simplest form of the whole sum.
    pub form: String,
    /// Its birthday.
    pub birthday: u32,
    /// Its misère outcome.
    pub outcome: Outcome,
    /// Its misère Grundy value.
    pub misere_grundy: u32,
    /// Its genus.
    pub genus: String,
    /// Tame (fickle or firm), restive, restless or wild.
    pub kind: Kind,
    /// With `--equals`: the other position and whether the two are equal in
    /// misère play (they have the same simplest form).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equals: Option<(String, bool)>,
}

/// The heap game `text` names: `nim`, a code (`0.77`, `octal:0.07`) or a
/// name (`kayles`, `dawsons-kayles`, `dawsons-chess`, `grundys-game`).
///
/// # Errors
/// [`Error::Code`] for anything else.
pub fn heap_game(text: &str) -> Result<HeapGame, Error> {
    if text.trim().eq_ignore_ascii_case("nim") {
        return Ok(HeapGame::Nim);
    }
    Ok(HeapGame::Code(octal::code(text)?))
}

/// Heap sizes written as numbers or inclusive ranges `A..B`.
///
/// # Errors
/// [`Error::Position`] for a word that is neither, a heap past [`MAX_HEAP`]
/// or more than [`MAX_HEAPS`] heaps.
pub fn heap_list(game: &str, words: &[&str]) -> Result<Vec<u64>, Error> {
    let bad = |reason: ParseError| Error::Position {
        game: game.to_string(),
        reason,
    };
    let mut heaps = Vec::new();
    for w in words {
        let (lo, hi) = match w.split_once("..") {
            Some((a, b)) => (
                parse_u64(a, "a heap").map_err(bad)?,
                parse_u64(b, "a heap").map_err(bad)?,
            ),
            None => {
                let n = parse_u64(w, "a heap").map_err(bad)?;
                (n, n)
            }
        };
        if hi > MAX_HEAP {
            return Err(bad(ParseError::TooLarge {
                token: w.to_string(),
                what: "a heap for simplest forms".into(),
                max: MAX_HEAP.to_string(),
            }));
        }
        if lo > hi {
            return Err(bad(ParseError::Malformed {
                token: w.to_string(),
                expected: "a range of heaps".into(),
                example: "`A..B` with A <= B".into(),
            }));
        }
        if heaps.len() + (hi - lo + 1) as usize > MAX_HEAPS {
            return Err(bad(ParseError::Inconsistent {
                what: format!("more than {MAX_HEAPS} heaps asked for"),
                fix: "ask for fewer".into(),
            }));
        }
        heaps.extend(lo..=hi);
    }
    if heaps.is_empty() {
        return Err(bad(ParseError::Empty {
            hint: "write heap sizes such as `3 4` or a range `0..20`".into(),
        }));
    }
    Ok(heaps)
}

/// A budget error as the api's [`Error::TooLarge`].
pub fn too_large(e: FormsError) -> Error {
    match e {
        FormsError::TooManyForms { limit } => Error::TooLarge {
            what: "a misère computation".into(),
            asked: "more distinct simplest forms".into(),
            limit: format!("{limit} forms"),
            fix: "ask for smaller heaps, or raise --max-forms (each form costs some tens of bytes)"
                .into(),
        },
        FormsError::TooDeep { birthday } => Error::TooLarge {
            what: "a sum of simplest forms".into(),
            asked: format!("birthday {birthday}"),
            limit: format!("birthday {}", crate::misere::canonical::MAX_BIRTHDAY),
            fix: "ask for smaller heaps".into(),
        },
        FormsError::OutOfMemory { limit } => Error::TooLarge {
            what: "a misère computation".into(),
            asked: "more memory for its simplest forms".into(),
            limit: crate::solve::limits::Bytes(limit).to_string(),
            fix: "ask for smaller heaps, or raise --memory".into(),
        },
        FormsError::TooLong { len } => Error::TooLarge {
            what: "the text of a simplest form".into(),
            asked: if len == u64::MAX {
                "more than 2^64 characters".into()
            } else {
                format!("{len} characters")
            },
            limit: format!("{} characters", crate::misere::canonical::MAX_FORM_TEXT),
            fix: "ask for smaller heaps".into(),
        },
        FormsError::TimeUp => Error::TooLarge {
            what: "misère work".into(),
            asked: "more than the time given".into(),
            limit: "--max-time".into(),
            fix: "ask for smaller heaps, or raise --max-time".into(),
        },
    }
}

/// The genus of each heap of `words` (numbers or ranges `A..B`) of the game
/// `game`; `on_row` is told each heap as it is done.
///
/// # Errors
/// As [`heap_game`] and [`heap_list`]; [`Error::TooLarge`] past the budget.
pub fn genus(
    game: &str,
    words: &[&str],
    options: &MisereOptions,
    on_row: &mut dyn FnMut(u64),
) -> Result<GenusReport, Error> {
    let rule = heap_game(game)?;
    let heaps = heap_list(game, words)?;
    let mut forms = options.forms();
    let mut genera = Genera::new();
    let mut built = HeapForms::new(rule.clone());
    let mut rows = Vec::with_capacity(heaps.len());
    for n in heaps {
        let f = built.heap(&mut forms, n).map_err(too_large)?;
        let genus = genera.genus(&mut forms, f).map_err(too_large)?;
        let kind = genera.kind(&mut forms, f).map_err(too_large)?;
        rows.push(GenusRow {
            heap: n,
            genus: genus.to_string(),
            normal: genus.normal,
            gammas: genus.gammas,
            kind,
        });
        on_row(n);
    }
    Ok(GenusReport {
        game: rule.to_string(),
        rows,
    })
}

/// The simplest form of the sum of heaps `words` of `game`, its outcome and
/// genus, each heap's form, and with `equals` whether another position is
/// equal to it in misère play.
///
/// # Errors
/// As [`genus`].
pub fn canonical(
    game: &str,
    words: &[&str],
    equals: Option<&[&str]>,
    options: &MisereOptions,
) -> Result<CanonicalReport, Error> {
    let rule = heap_game(game)?;
    let name = rule.to_string();
    let heaps = heap_list(game, words)?;
    let mut forms = options.forms();
    let mut genera = Genera::new();
    let mut built = HeapForms::new(rule);
    let mut parts = Vec::with_capacity(heaps.len());
    let mut part_forms: Vec<Form> = Vec::with_capacity(heaps.len());
    for &n in &heaps {
        let f = built.heap(&mut forms, n).map_err(too_large)?;
        part_forms.push(f);
        parts.push(PartForm {
            heap: n,
            form: forms.try_to_string(f).map_err(too_large)?,
            birthday: forms.birthday(f),
        });
    }
    let f = forms.sum(&part_forms).map_err(too_large)?;
    let equals = match equals {
        Some(other) => {
            let other_heaps = heap_list(game, other)?;
            let g = built.sum(&mut forms, &other_heaps).map_err(too_large)?;
            Some((words_text(&other_heaps), g == f))
        }
        None => None,
    };
    let genus = genera.genus(&mut forms, f).map_err(too_large)?;
    let kind = genera.kind(&mut forms, f).map_err(too_large)?;
    Ok(CanonicalReport {
        game: name,
        position: words_text(&heaps),
        parts,
        form: forms.try_to_string(f).map_err(too_large)?,
        birthday: forms.birthday(f),
        outcome: forms.outcome(f),
        misere_grundy: forms.misere_grundy(f),
        genus: genus.to_string(),
        kind,
        equals,
    })
}

/// The largest heap bound a quotient is asked for.
pub const MAX_QUOTIENT_HEAP: u64 = 1000;

/// Bounds on a quotient computation.
#[derive(Clone, Copy, Debug)]
pub struct QuotientOptions {
    /// The most states of the unreduced monoid.
    pub max_states: usize,
    /// The largest order accepted.
    pub max_order: usize,
    /// The most time spent.
    pub max_time: Option<std::time::Duration>,
}

impl Default for QuotientOptions {
    fn default() -> Self {
        QuotientOptions {
            max_states: DEFAULT_MAX_STATES,
            max_order: DEFAULT_MAX_ORDER,
            max_time: None,
        }
    }
}

impl QuotientOptions {
    /// The one budget vocabulary of the engines, [`Limits`], of these
    /// bounds: the states of the unreduced monoid are the positions it
    /// stores.
    fn limits(&self) -> Limits {
        let limits = Limits::new(self.max_states);
        match self.max_time {
            Some(t) => limits.with_time(t),
            None => limits,
        }
    }
}

/// A generator: its letter and the heap it is the element of.
#[derive(Clone, Debug, Serialize)]
pub struct GeneratorRow {
    /// `a`, `b`, …
    pub name: String,
    /// The smallest heap with that element.
    pub heap: u64,
}

/// One heap's element (the pretending function).
#[derive(Clone, Debug, Serialize)]
pub struct HeapElement {
    /// The heap size.
    pub heap: u64,
    /// Its element, as a normal-form word.
    pub element: String,
    /// Whether a lone heap of this size is a misère P-position.
    pub p: bool,
}

/// What `grundy misere quotient` prints.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The game: `nim` or its canonical code.
    pub game: String,
    /// The heap bound: the quotient is that of all sums of heaps up to it.
    pub max_heap: u64,
    /// The number of elements (always even, but 1 when no heap has a move).
    pub order: usize,
    /// The presentation `<a, b | a^2 = 1, …>`.
    pub presentation: String,
    /// The generators.
    pub generators: Vec<GeneratorRow>,
    /// The relations, `word = word`.
    pub relations: Vec<String>,
    /// Every element, as its normal-form word.
    pub elements: Vec<String>,
    /// The P-portion.
    pub p_portion: Vec<String>,
    /// Heap size → element, for every heap up to the bound.
    pub heaps: Vec<HeapElement>,
    /// A period of heap → element proved for every heap size, if one is:
    /// the quotient then holds for sums of heaps of any size. `null` when
    /// none is proved within the bound (no claim beyond it).
    pub stable: Option<StableReport>,
}

/// A period of the pretending function proved for every heap size (see
/// the misère engine's `prove_period`).
#[derive(Clone, Debug, Serialize)]
pub struct StableReport {
    /// Heaps from `preperiod` on repeat: every heap `n ≥ preperiod +
    /// period` has the element of `n − period`.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The heap bound it was proved at (at most the bound asked): the
    /// quotient of every larger bound is the same.
    pub proved_at: u64,
}

/// A quotient error as the api's [`Error::TooLarge`], naming the flag.
pub fn quotient_too_large(e: QuotientError) -> Error {
    match e {
        QuotientError::TooManyStates {
            heap,
            needed,
            limit,
        } => Error::TooLarge {
            what: format!("the quotient of heaps up to {heap}"),
            asked: format!("{needed} states of the unreduced monoid and its check"),
            limit: format!("{limit} states (--max-states)"),
            fix: "ask for a smaller --max-heap, or raise --max-states (a byte or two per state)"
                .into(),
        },
        QuotientError::TooLargeOrder { heap, order, limit } => Error::TooLarge {
            what: format!("the quotient of heaps up to {heap}"),
            asked: format!("order {order}"),
            limit: format!("order {limit} (--max-order)"),
            fix: "ask for a smaller --max-heap, or raise --max-order".into(),
        },
        QuotientError::OutOfMemory { heap, states } => Error::TooLarge {
            what: format!("the quotient of heaps up to {heap}"),
            asked: format!("tables of {states} states"),
            limit: "the memory available".into(),
            fix: "ask for a smaller --max-heap, or lower --max-states".into(),
        },
        QuotientError::TimeUp { heap } => Error::TooLarge {
            what: format!("the quotient of heaps up to {heap}"),
            asked: "more than the time given".into(),
            limit: "--max-time".into(),
            fix: "ask for a smaller --max-heap, or raise --max-time".into(),
        },
    }
}

/// The misère quotient of all sums of heaps of `game` up to `max_heap`;
/// `progress` is told each heap bound done, with the order so far. Where a
/// period is proved at a smaller bound the work stops there, and the heap
/// map up to `max_heap` (and beyond) follows the period.
///
/// # Errors
/// As [`heap_game`]; [`Error::Position`] for a bound past
/// [`MAX_QUOTIENT_HEAP`]; [`Error::TooLarge`] past the limits.
///
/// # Examples
/// ```
/// use grundy::api::misere::{quotient, QuotientOptions};
///
/// let q = quotient("nim", 3, &QuotientOptions::default(), &mut |_| {}).unwrap();
/// assert_eq!((q.order, q.p_portion.join(" ")), (6, "a b^2".to_string()));
/// ```
pub fn quotient(
    game: &str,
    max_heap: u64,
    options: &QuotientOptions,
    progress: &mut dyn FnMut(&ProgressReading),
) -> Result<QuotientReport, Error> {
    let rule = heap_game(game)?;
    if max_heap > MAX_QUOTIENT_HEAP {
        return Err(Error::Position {
            game: game.to_string(),
            reason: ParseError::Inconsistent {
                what: format!("--max-heap {max_heap} is beyond the limit of {MAX_QUOTIENT_HEAP}"),
                fix: "ask for a smaller bound".into(),
            },
        });
    }
    // A period proved at a smaller bound makes that quotient the one of
    // every bound past it (with the periodic heap map), so the work stops
    // there.
    let (limits, order) = (options.limits(), options.max_order);
    let q = Quotient::compute_until_stable(&rule, max_heap, limits, order, progress)
        .map_err(quotient_too_large)?;
    Ok(report(&rule, &q, max_heap))
}

fn report(rule: &HeapGame, q: &Quotient, max_heap: u64) -> QuotientReport {
    QuotientReport {
        game: rule.to_string(),
        max_heap,
        order: q.order(),
        presentation: q.to_string(),
        generators: q
            .generators()
            .iter()
            .map(|g| GeneratorRow {
                name: g.name.clone(),
                heap: g.heap,
            })
            .collect(),
        relations: q.relation_strings(),
        elements: (0..q.order()).map(|x| q.word(x)).collect(),
        p_portion: q.p_portion(),
        heaps: (0..=max_heap)
            .map(|n| {
                let x = q.heap_element(n).expect("every heap up to the bound");
                HeapElement {
                    heap: n,
                    element: q.word(x),
                    p: q.is_p(x),
                }
            })
            .collect(),
        stable: q.period().map(|per| StableReport {
            preperiod: per.n0,
            period: per.p,
            proved_at: q.max_heap(),
        }),
    }
}

fn words_text(heaps: &[u64]) -> String {
    let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ErrorKind;

    #[test]
    fn bad_words_are_refused_with_the_fix() {
        let o = MisereOptions::default();
        for words in [&["x"][..], &["5..2"], &["0..20000"], &[]] {
            let e = genus("kayles", words, &o, &mut |_| {}).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::BadInput, "{e}");
            // The game as the user wrote it, not its code (0.77).
            assert!(e.to_string().starts_with("kayles position: "), "{e}");
        }
        let e = canonical("kayles", &["20000"], None, &o).unwrap_err();
        assert!(e.to_string().starts_with("kayles position: "), "{e}");
        let q = quotient("kayles", 1 << 40, &QuotientOptions::default(), &mut |_| {});
        assert!(q.unwrap_err().to_string().starts_with("kayles position: "));
        assert!(genus("0.8x", &["1"], &o, &mut |_| {}).is_err());
    }

    #[test]
    fn a_small_budget_is_a_limit_error() {
        let o = MisereOptions {
            max_forms: 50,
            ..MisereOptions::default()
        };
        let e = canonical("kayles", &["30"], None, &o).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
    }

    #[test]
    fn forms_past_the_memory_budget_are_a_limit_error() {
        // Forms of large Kayles heaps have thousands of options each: the
        // count of forms alone let this fill the memory.
        let o = MisereOptions {
            memory: 4 << 20,
            ..MisereOptions::default()
        };
        let e = canonical("kayles", &["60"], None, &o).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
        assert!(e.to_string().contains("--memory"), "{e}");
        // The same budget is enough for a small heap.
        assert_eq!(canonical("kayles", &["6"], None, &o).unwrap().form, {
            canonical("kayles", &["6"], None, &MisereOptions::default())
                .unwrap()
                .form
        });
    }

    #[test]
    fn equality_is_of_simplest_forms() {
        let o = MisereOptions::default();
        // *1 + *1 = 0 in misère play; *2 + *2 is not 0.
        let c = canonical("nim", &["1", "1"], Some(&["0"]), &o).unwrap();
        assert_eq!(c.equals, Some(("0".into(), true)));
        let c = canonical("nim", &["2", "2"], Some(&["0"]), &o).unwrap();
        assert_eq!(c.equals, Some(("0".into(), false)));
    }
}
