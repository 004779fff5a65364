//! Misère canonical forms of impartial games: Conway's simplest form.
//!
//! Two impartial games are equal in misère play when no third game tells
//! them apart: `o⁻(G + X) = o⁻(H + X)` for every `X`. Conway proved that
//! every game has a unique simplest form, reached by one rule (Grundy and
//! Smith's): `G` equals a game `H` whose options are some of `G`'s when
//! every other option of `G` has `H` as an option, with the proviso that
//! when `H` is 0 (no options) `G` must be a misère N-position (it must have
//! a misère P-option). A game none of whose options' options `H` qualifies
//! is in simplest form, and two simplest forms are equal only when they are
//! the same (ONAG ch. 12; Siegel, *Combinatorial Game Theory*, ch. V).
//!
//! [`Forms`] interns simplest forms: a [`Form`] is an index, equal games
//! have the same index, so equality is `==`. Sums are memoised.
//!
//! # Complexity
//! Building a form from its options looks at each option's options once:
//! O(Σ|G''| · log) per new form. A sum `G + H` builds at most one form per
//! pair of followers of `G` and `H`.

use std::collections::HashMap;
use std::fmt::Write;
use std::time::Instant;

use thiserror::Error;

use crate::game::{vec_heap_bytes, Outcome};
use crate::nimber::{mex, Nimber};
use crate::solve::Limits;

/// A game in misère simplest form: an index into the [`Forms`] that built it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(u32);

impl Form {
    /// The game with no move, 0.
    pub const ZERO: Form = Form(0);

    /// Its index in its [`Forms`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most a birthday may be in a sum: sums recurse once per birthday.
pub const MAX_BIRTHDAY: u32 = 2_000;

/// What one form costs besides its options: its node, its index entry and
/// the tables' spare room.
const FORM_BYTES: usize = 128;

/// The longest text [`Forms::try_to_string`] writes, in bytes: a form is a
/// DAG, and written out as a tree its text can be exponentially long.
pub const MAX_FORM_TEXT: u64 = 1 << 20;

/// What one memoised sum costs in its table, spare room included.
const SUM_BYTES: usize = 32;

/// Why a form could not be built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormsError {
    /// More distinct forms than the budget allows.
    #[error("the misère canonical forms needed exceed {limit} distinct games; ask for smaller heaps or raise --max-forms")]
    TooManyForms {
        /// The budget.
        limit: usize,
    },
    /// A sum whose birthday is beyond [`MAX_BIRTHDAY`].
    #[error(
        "a sum of birthday {birthday} is beyond the limit of {MAX_BIRTHDAY}; ask for smaller heaps"
    )]
    TooDeep {
        /// The birthday asked for.
        birthday: u32,
    },
    /// The time allowed ran out.
    #[error("the misère computation ran out of time; ask for smaller heaps or raise --max-time")]
    TimeUp,
    /// The form's text would be longer than [`MAX_FORM_TEXT`].
    #[error("the simplest form takes {len} characters to write, more than the limit of {MAX_FORM_TEXT}; ask for smaller heaps")]
    TooLong {
        /// The length of the text.
        len: u64,
    },
    /// The forms and memoised sums would hold more bytes than the budget.
    #[error("the misère canonical forms need more than {}; ask for smaller heaps or raise --memory", crate::solve::limits::Bytes(*limit))]
    OutOfMemory {
        /// The budget in bytes.
        limit: usize,
    },
}

#[derive(Debug)]
struct Node {
    options: Vec<Form>,
    birthday: u32,
    /// Conway's misère Grundy value: 1 for 0, else the mex of the options'.
    misere: u32,
    /// The normal-play Grundy value.
    normal: u32,
    /// `Some(n)` when the form is the nim heap `*n`.
    nim: Option<u32>,
    /// The length of the form's word as an option (see `Forms::word`),
    /// saturating.
    word_len: u64,
}

/// An arena of misère simplest forms, with memoised sums.
#[derive(Debug)]
pub struct Forms {
    nodes: Vec<Node>,
    index: HashMap<Vec<Form>, Form>,
    sums: HashMap<(Form, Form), Form>,
    heaps: Vec<Form>,
    limit: usize,
    deadline: Option<Instant>,
    /// The bytes held by the nodes, the index and the memoised sums, as
    /// counted when each is added.
    bytes: usize,
    max_bytes: usize,
}

impl Forms {
    /// An arena within `limits`, the budget vocabulary of every engine: at
    /// most [`max_positions`](Limits::max_positions) distinct forms, about
    /// [`max_bytes`](Limits::max_bytes) bytes of forms and memoised sums (the
    /// count of forms alone does not bound the memory, since a form of a
    /// large heap has thousands of options), and no new form after
    /// [`max_time`](Limits::max_time) from now.
    pub fn new(limits: Limits) -> Forms {
        let zero = Node {
            options: Vec::new(),
            birthday: 0,
            misere: 1,
            normal: 0,
            nim: Some(0),
            word_len: 1,
        };
        let mut index = HashMap::new();
        index.insert(Vec::new(), Form::ZERO);
        Forms {
            nodes: vec![zero],
            index,
            sums: HashMap::new(),
            heaps: vec![Form::ZERO],
            limit: limits.max_positions.max(1),
            deadline: limits.deadline_from(Instant::now()),
            bytes: FORM_BYTES,
            max_bytes: limits.max_bytes,
        }
    }

    /// Counts `more` bytes, or refuses them past the budget.
    fn hold(&mut self, more: usize) -> Result<(), FormsError> {
        let bytes = self.bytes.saturating_add(more);
        if bytes > self.max_bytes {
            return Err(FormsError::OutOfMemory {
                limit: self.max_bytes,
            });
        }
        self.bytes = bytes;
        Ok(())
    }

    /// The same arena, refusing to build new forms after `deadline` too:
    /// for a run whose clock started before the arena was made.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Forms {
        self.deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self
    }

    fn node(&self, f: Form) -> &Node {
        &self.nodes[f.index()]
    }

    /// The options of `f`'s simplest form, in index order.
    pub fn options(&self, f: Form) -> &[Form] {
        &self.node(f).options
    }

    /// The birthday: 0 for 0, else one more than the largest option's.
    pub fn birthday(&self, f: Form) -> u32 {
        self.node(f).birthday
    }

    /// Conway's misère Grundy value `G⁻`: 0 exactly for misère P-positions.
    pub fn misere_grundy(&self, f: Form) -> u32 {
        self.node(f).misere
    }

    /// The normal-play Grundy value (misère-equal games have the same one).
    pub fn normal_grundy(&self, f: Form) -> u32 {
        self.node(f).normal
    }

    /// The misère outcome.
    pub fn outcome(&self, f: Form) -> Outcome {
        match self.misere_grundy(f) {
            0 => Outcome::Previous,
            _ => Outcome::Next,
        }
    }

    /// `Some(n)` when `f` is the nim heap `*n`.
    pub fn nim_heap(&self, f: Form) -> Option<u32> {
        self.node(f).nim
    }

    /// The nim heap `*n`.
    ///
    /// # Errors
    /// [`FormsError::TooManyForms`] past the budget.
    pub fn nim(&mut self, n: u32) -> Result<Form, FormsError> {
        while self.heaps.len() <= n as usize {
            let options = self.heaps.clone();
            let f = self.simplest(options)?;
            self.heaps.push(f);
        }
        Ok(self.heaps[n as usize])
    }

    /// The simplest form of the game whose options are `options`.
    ///
    /// # Errors
    /// [`FormsError::TooManyForms`] past the budget.
    pub fn simplest(&mut self, mut options: Vec<Form>) -> Result<Form, FormsError> {
        options.sort_unstable();
        options.dedup();
        if let Some(&f) = self.index.get(&options) {
            return Ok(f);
        }
        let mut candidates: Vec<Form> = options
            .iter()
            .flat_map(|&o| self.options(o).iter().copied())
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        if let Some(h) = candidates
            .into_iter()
            .find(|&h| self.reduces_to(&options, h))
        {
            return Ok(h);
        }
        self.intern(options)
    }

    /// Grundy and Smith's rule: whether the game with `options` equals `h`.
    fn reduces_to(&self, options: &[Form], h: Form) -> bool {
        let kept = self.options(h);
        if !kept.iter().all(|k| options.binary_search(k).is_ok()) {
            return false;
        }
        let mut bypassed = options.iter().filter(|o| kept.binary_search(o).is_err());
        if !bypassed.all(|&o| self.options(o).binary_search(&h).is_ok()) {
            return false;
        }
        // The proviso: reducing to 0 needs a misère P-option.
        h != Form::ZERO || options.iter().any(|&o| self.misere_grundy(o) == 0)
    }

    fn intern(&mut self, options: Vec<Form>) -> Result<Form, FormsError> {
        if self.nodes.len() >= self.limit || self.nodes.len() >= u32::MAX as usize {
            return Err(FormsError::TooManyForms { limit: self.limit });
        }
        // The clock is read once every 1024 new forms.
        if self.nodes.len().is_multiple_of(1024)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return Err(FormsError::TimeUp);
        }
        // The options are held twice: by the node and as the index's key.
        self.hold(FORM_BYTES + 2 * vec_heap_bytes(&options))?;
        let values = |pick: fn(&Node) -> u32| {
            mex(options
                .iter()
                .map(|&o| Nimber(u64::from(pick(self.node(o))))))
            .value() as u32
        };
        let misere = values(|n| n.misere);
        let normal = values(|n| n.normal);
        let birthday = 1 + options.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let mut heaps: Vec<u32> = options.iter().filter_map(|&o| self.nim_heap(o)).collect();
        heaps.sort_unstable();
        let is_nim =
            heaps.len() == options.len() && heaps.iter().enumerate().all(|(i, &h)| h as usize == i);
        let word_len = if is_nim {
            decimal_digits(options.len() as u64)
        } else {
            let wide = heaps.last().is_some_and(|&h| h >= 10);
            let commas = if wide { options.len() as u64 - 1 } else { 0 };
            options
                .iter()
                .fold(2 + commas, |n, &o| n.saturating_add(self.node(o).word_len))
        };
        let f = Form(self.nodes.len() as u32);
        self.nodes.push(Node {
            word_len,
            nim: is_nim.then_some(options.len() as u32),
            options: options.clone(),
            birthday,
            misere,
            normal,
        });
        self.index.insert(options, f);
        Ok(f)
    }

    /// The simplest form of `a + b`.
    ///
    /// # Errors
    /// [`FormsError`] past the budget or [`MAX_BIRTHDAY`].
    pub fn add(&mut self, a: Form, b: Form) -> Result<Form, FormsError> {
        let birthday = self.birthday(a) + self.birthday(b);
        if birthday > MAX_BIRTHDAY {
            return Err(FormsError::TooDeep { birthday });
        }
        self.add_within(a, b)
    }

    fn add_within(&mut self, a: Form, b: Form) -> Result<Form, FormsError> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == Form::ZERO {
            return Ok(b);
        }
        if let Some(&s) = self.sums.get(&(a, b)) {
            return Ok(s);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(FormsError::TimeUp);
        }
        let mut options = Vec::new();
        for i in 0..self.options(a).len() {
            let a2 = self.options(a)[i];
            options.push(self.add_within(a2, b)?);
        }
        for i in 0..self.options(b).len() {
            let b2 = self.options(b)[i];
            options.push(self.add_within(a, b2)?);
        }
        let s = self.simplest(options)?;
        self.hold(SUM_BYTES)?;
        self.sums.insert((a, b), s);
        Ok(s)
    }

    /// The simplest form of a sum of several forms.
    ///
    /// # Errors
    /// As [`add`](Forms::add).
    pub fn sum(&mut self, parts: &[Form]) -> Result<Form, FormsError> {
        parts
            .iter()
            .try_fold(Form::ZERO, |acc, &p| self.add(acc, p))
    }

    /// `f` in the `*[…]` notation of CGSuite and Winning Ways: a nim heap as
    /// `0`, `*1`, `*2`; any other game as `*[…]` listing its options, a nim
    /// heap `*n` as `n` and any other option as `[…]` of its own options
    /// (so `*[2[2]]` is the game with options `*2` and `{*2}`). Options are
    /// separated by commas when a heap of two digits is among them.
    ///
    /// The text is written out as a tree, so it can be exponentially longer
    /// than the form: [`text_len`](Forms::text_len) says how long it is,
    /// and [`try_to_string`](Forms::try_to_string) refuses past
    /// [`MAX_FORM_TEXT`].
    pub fn to_string(&self, f: Form) -> String {
        match self.nim_heap(f) {
            Some(0) => "0".into(),
            Some(n) => format!("*{n}"),
            None => format!("*{}", self.bracketed(f)),
        }
    }

    /// The length in bytes of [`to_string`](Forms::to_string)'s text,
    /// found without writing it (saturating).
    pub fn text_len(&self, f: Form) -> u64 {
        match self.nim_heap(f) {
            Some(0) => 1,
            _ => self.node(f).word_len.saturating_add(1),
        }
    }

    /// [`to_string`](Forms::to_string), or [`FormsError::TooLong`] when
    /// the text would be longer than [`MAX_FORM_TEXT`].
    ///
    /// # Errors
    /// [`FormsError::TooLong`].
    pub fn try_to_string(&self, f: Form) -> Result<String, FormsError> {
        let len = self.text_len(f);
        if len > MAX_FORM_TEXT {
            return Err(FormsError::TooLong { len });
        }
        Ok(self.to_string(f))
    }

    fn word(&self, f: Form) -> String {
        match self.nim_heap(f) {
            Some(n) => n.to_string(),
            None => self.bracketed(f),
        }
    }

    fn bracketed(&self, f: Form) -> String {
        let mut options: Vec<Form> = self.options(f).to_vec();
        // Largest first, as CGSuite writes `*[42]`.
        options.sort_by_key(|&o| {
            (
                std::cmp::Reverse(self.birthday(o)),
                std::cmp::Reverse(self.nim_heap(o)),
                o,
            )
        });
        let words: Vec<String> = options.iter().map(|&o| self.word(o)).collect();
        let wide = options
            .iter()
            .any(|&o| self.nim_heap(o).is_some_and(|n| n >= 10));
        let mut text = String::from("[");
        for (i, w) in words.iter().enumerate() {
            if wide && i > 0 {
                text.push(',');
            }
            let _ = write!(text, "{w}");
        }
        text.push(']');
        text
    }
}

fn decimal_digits(n: u64) -> u64 {
    u64::from(n.checked_ilog10().unwrap_or(0)) + 1
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_module() {
        use crate::misere::canonical::Forms;
        use crate::Outcome;

        let mut forms = Forms::new(crate::solve::Limits::new(1 << 16));
        let one = forms.nim(1).unwrap();
        let two = forms.nim(2).unwrap();
        // *1 + *1 = 0 in misère play, but *2 + *2 is a game of its own.
        assert_eq!(forms.add(one, one).unwrap(), forms.nim(0).unwrap());
        let four = forms.add(two, two).unwrap();
        assert_eq!(forms.to_string(four), "*[32]");
        assert_eq!(forms.outcome(four), Outcome::Previous);
        // {*1} simplifies to 0 (the proviso holds: *1 is a misère P-position).
        assert_eq!(forms.simplest(vec![one]).unwrap(), forms.nim(0).unwrap());
    }

    use super::*;

    #[test]
    fn text_len_is_the_length_of_the_text() {
        // Nim heaps, and games of several options, some nim heaps of two
        // digits (written with commas).
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 12));
        let mut made = vec![Form::ZERO];
        for n in [1, 2, 3, 11, 12] {
            made.push(forms.nim(n).unwrap());
        }
        for i in 0..made.len() {
            for j in 0..made.len() {
                let f = forms.simplest(vec![made[i], made[j]]).unwrap();
                made.push(f);
            }
        }
        for &f in &made {
            assert_eq!(
                forms.text_len(f),
                forms.to_string(f).len() as u64,
                "{}",
                forms.to_string(f)
            );
        }
    }

    #[test]
    fn small_nim_heaps_and_their_values() {
        let mut forms = Forms::new(crate::solve::Limits::new(1000));
        for n in 0..6 {
            let f = forms.nim(n).unwrap();
            assert_eq!(forms.nim_heap(f), Some(n));
            assert_eq!(forms.normal_grundy(f), n);
            // Misère Nim: a single heap of n is P only for n = 1.
            assert_eq!(forms.misere_grundy(f), if n < 2 { 1 - n } else { n });
        }
    }

    #[test]
    fn misere_nim_sums_follow_bouton() {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 16));
        for a in 0..5u32 {
            for b in 0..5u32 {
                for c in 0..4u32 {
                    let parts = [
                        forms.nim(a).unwrap(),
                        forms.nim(b).unwrap(),
                        forms.nim(c).unwrap(),
                    ];
                    let s = forms.sum(&parts).unwrap();
                    let fickle = a < 2 && b < 2 && c < 2;
                    let p = if fickle {
                        a ^ b ^ c == 1
                    } else {
                        a ^ b ^ c == 0
                    };
                    assert_eq!(forms.outcome(s) == Outcome::Previous, p, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn a_budget_is_an_error_not_an_abort() {
        let mut forms = Forms::new(crate::solve::Limits::new(4));
        assert!(matches!(
            forms.nim(6),
            Err(FormsError::TooManyForms { limit: 4 })
        ));
    }
}
