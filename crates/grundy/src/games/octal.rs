//! Take-and-break games `octal:CODE` and the named ones: `kayles` (0.77),
//! `dawsons-kayles` (0.07), `dawsons-chess` (0.137), `grundys-game`.
//!
//! # Rules
//! Heaps of tokens and a code `d0.d1d2…` (octal digits, or hexadecimal ones
//! 8–F for splits into three heaps). A move chooses one heap and a `k` with
//! `dk ≠ 0`, takes `k` tokens from it and leaves what remains as: nothing
//! (bit 1 of `dk`, when the heap had exactly `k`), one heap (bit 2), two
//! non-empty heaps (bit 4) or three (bit 8). `d0` is for splitting without
//! taking. In Grundy's game a move splits one heap into two unequal heaps.
//!
//! # Solution
//! A heap's Grundy value is the mex over its options, each option's value the
//! XOR of the heaps it leaves; the engine of [`crate::solve::heap`] computes the
//! sequence. Where the Guy–Smith theorem proves a period (found while the
//! rule is built), heaps of any size are valued by the period; otherwise the
//! sequence is computed as far as the largest heap asked for, up to a limit.
//! A sum's value is the XOR of its heaps' values and its winning moves move
//! one heap to the value that cancels the rest. Misère play is by search.
//!
//! # References
//! Berlekamp, Conway, Guy, *Winning Ways*, ch. 4; Guy and Smith, *The
//! G-values of various games* (1956); OEIS A002186, A002187, A002188.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, RwLock};

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, MoveIter, ParseError};
use crate::games::heaps::{parse_heaps, HeapRule, HeapRules, HeapSolution, Heaps};
use crate::misere::heaps::HeapGame;
use crate::nimber::Nimber;
use crate::solve::heap::code::{HeapCode, ParseCodeError};
use crate::solve::heap::sequence::{Method, Sequence, Values};
use crate::solve::period::{prefix_period, PeriodWatch, Periodicity};
use smallvec::{smallvec, SmallVec};

/// Values computed when the rule is built, looking for a proven period.
pub const BUILD_VALUES: usize = 2_000;

/// The values computed to look for a proven period when a heap past
/// [`MAX_HEAP`] is asked for (a second or two for the hardest codes).
pub const PROOF_VALUES: usize = 1 << 20;

/// The largest heap of a game whose period is not proven (its values are computed up to it).
pub const MAX_HEAP: u64 = 100_000;

/// The largest heap of a game with three-heap splits (its moves grow as the square).
pub const MAX_HEAP_HEX: u64 = 300;

/// A move on one heap: take `take` tokens and leave `parts` (when two or
/// three heaps are left), e.g. `take 1 split 3 4`, `split 2 5`, `take 2`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// Tokens taken.
    pub take: u64,
    /// The heaps left when there are two or more, in increasing order
    /// (inline: the search makes one move per option, and a list on the
    /// heap for each cost Grundy's game a tenth of its time in the allocator).
    pub parts: SmallVec<[u64; 3]>,
}

impl fmt::Display for TakeBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.take > 0 {
            write!(f, "take {}", self.take)?;
            if !self.parts.is_empty() {
                f.write_str(" ")?;
            }
        }
        if !self.parts.is_empty() {
            let words: Vec<String> = self.parts.iter().map(u64::to_string).collect();
            write!(f, "split {}", words.join(" "))?;
        }
        Ok(())
    }
}

/// Parses `take 2`, `take 1 split 3 4` or `split 2 5`.
impl FromStr for TakeBreak {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<TakeBreak, ParseError> {
        let bad = || ParseError::NotAMove {
            text: s.to_string(),
            example: "`take 2`, `take 1 split 3 4` or `split 2 5`",
        };
        let mut words = s.split_whitespace().peekable();
        let mut take = 0;
        if words.peek() == Some(&"take") {
            words.next();
            take = parse_u64(words.next().ok_or_else(bad)?, "the number taken")?;
        }
        let mut parts = SmallVec::new();
        let split = words.peek() == Some(&"split");
        if split {
            words.next();
            for w in words.by_ref() {
                parts.push(parse_u64(w, "a heap left")?);
            }
        }
        if words.next().is_some() || ((split || take == 0) && parts.len() < 2) {
            return Err(bad());
        }
        parts.sort_unstable();
        Ok(TakeBreak { take, parts })
    }
}

#[derive(Debug)]
struct Known {
    sequence: Sequence,
    period: Option<Periodicity>,
}

/// A take-and-break rule with the values found so far.
#[derive(Debug)]
pub struct OctalRule {
    name: String,
    code: HeapCode,
    known: RwLock<Known>,
}

impl PartialEq for OctalRule {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

/// A position: heaps under a take-and-break rule.
pub type Octal = Heaps<OctalRule>;

impl OctalRule {
    /// The rule of `code`, named `name` in the catalog, with its period
    /// looked for in the first [`BUILD_VALUES`] values.
    pub fn new(name: String, code: HeapCode) -> OctalRule {
        let mut sequence = Sequence::new(code.clone(), Method::Auto);
        let mut period = None;
        if let Some(mut watch) = PeriodWatch::new(&code) {
            while period.is_none() && sequence.len() < BUILD_VALUES {
                // No value reaches 32 bits this early; stop rather than fail.
                if sequence.push().is_err() {
                    break;
                }
                period = watch.observe(sequence.values());
            }
        }
        OctalRule {
            name,
            code,
            known: RwLock::new(Known { sequence, period }),
        }
    }

    /// The code.
    pub fn code(&self) -> &HeapCode {
        &self.code
    }

    /// The proven period, if one was found.
    pub fn period(&self) -> Option<Periodicity> {
        self.known.read().map(|k| k.period.clone()).unwrap_or(None)
    }

    /// Looks for a proven period further, up to [`PROOF_VALUES`] values,
    /// when no period is known yet: asked for a heap past [`MAX_HEAP`], a
    /// proof is the only way to answer (0.16's comes after 509,622 values,
    /// in a tenth of a second). `true` if a period is proven.
    pub fn prove_further(&self) -> bool {
        if self.code.max_parts() == 3 {
            return false;
        }
        let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
        if known.period.is_some() {
            return true;
        }
        let Some(mut watch) = PeriodWatch::new(&self.code) else {
            return false;
        };
        let Known { sequence, period } = &mut *known;
        *period = watch.observe(sequence.values());
        while period.is_none() && sequence.len() < PROOF_VALUES {
            if sequence.push().is_err() {
                break;
            }
            *period = watch.observe(sequence.values());
        }
        period.is_some()
    }

    /// The largest heap a position may have.
    pub fn max_heap(&self) -> u64 {
        if self.code.max_parts() == 3 {
            MAX_HEAP_HEX
        } else if self.period().is_some() {
            u64::MAX
        } else {
            // Values computed past MAX_HEAP (by prove_further) answer too.
            let computed = self.known.read().map_or(0, |k| k.sequence.len() as u64);
            MAX_HEAP.max(computed.saturating_sub(1))
        }
    }

    fn value(&self, n: u64) -> u32 {
        let read = self.known.read().unwrap_or_else(|e| e.into_inner());
        let n = match &read.period {
            Some(p) if n as usize >= p.preperiod => {
                (p.preperiod as u64 + (n - p.preperiod as u64) % p.period as u64) as usize
            }
            _ => n as usize,
        };
        if let Some(v) = read.sequence.values().get(n) {
            return v;
        }
        drop(read);
        let mut write = self.known.write().unwrap_or_else(|e| e.into_inner());
        // Heaps are at most MAX_HEAP, or computed already: values that fit in 32 bits.
        let _ = write.sequence.extend_to(n + 1);
        write.sequence.values().get(n).unwrap_or(0)
    }

    fn digits(&self, n: u64) -> impl Iterator<Item = (u64, u8)> + '_ {
        self.code
            .digits()
            .iter()
            .enumerate()
            .map(|(k, &d)| (k as u64, d))
            .take_while(move |&(k, _)| k <= n)
    }
}

impl HeapRule for OctalRule {
    type Move = TakeBreak;

    /// Every move takes at least one token, or splits into smaller heaps.
    fn shrinks(&self) -> bool {
        true
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn heap_moves(&self, n: u64) -> Vec<TakeBreak> {
        self.heap_move_iter(n).collect()
    }

    /// Digit by digit, each split made as it is needed (a heap of 20000 in
    /// Grundy's game has 10^4 splits, and three-way splits grow as n²).
    fn heap_move_iter(&self, n: u64) -> MoveIter<TakeBreak> {
        MoveIter::lazy(HeapMoves {
            n,
            digits: self.digits(n).map(|(_, d)| d).collect(),
            unequal: self.code.unequal(),
            k: 0,
            step: Step::Remove,
            a: 1,
            b: 1,
        })
    }

    fn after(&self, n: u64, m: &TakeBreak) -> Vec<u64> {
        if m.parts.is_empty() {
            (n > m.take).then_some(n - m.take).into_iter().collect()
        } else {
            m.parts.to_vec()
        }
    }

    fn each_after(&self, n: u64, m: &TakeBreak, f: &mut dyn FnMut(u64)) {
        if m.parts.is_empty() {
            if n > m.take {
                f(n - m.take);
            }
        } else {
            m.parts.iter().for_each(|&h| f(h));
        }
    }

    /// The heaps left, digit by digit as [`heap_move_iter`](HeapRule::heap_move_iter)
    /// walks them, with no move built.
    fn each_heap_option(&self, n: u64, f: &mut dyn FnMut(&[u64]) -> bool) {
        let unequal = self.code.unequal();
        for (k, d) in self.digits(n) {
            let r = n - k;
            if takes(d, k, r) {
                let left = [r];
                if !f(&left[..usize::from(r > 0)]) {
                    return;
                }
            }
            if d & 4 != 0 {
                let most = if unequal {
                    r.saturating_sub(1) / 2
                } else {
                    r / 2
                };
                for a in 1..=most {
                    if !f(&[a, r - a]) {
                        return;
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=r / 3 {
                    for b in a..=(r - a) / 2 {
                        if !f(&[a, b, r - a - b]) {
                            return;
                        }
                    }
                }
            }
        }
    }

    fn heap_move_count(&self, n: u64) -> u128 {
        let mut count = 0u128;
        for (k, d) in self.digits(n) {
            let r = u128::from(n - k);
            if takes(d, k, n - k) {
                count += 1;
            }
            if d & 4 != 0 && r >= 2 {
                count += if self.code.unequal() {
                    (r - 1) / 2
                } else {
                    r / 2
                };
            }
            if d & 8 != 0 && r >= 3 {
                // Partitions of r into three positive parts: round(r² / 12).
                count += (r * r + 6) / 12;
            }
        }
        count
    }

    fn heap_legal(&self, n: u64, m: &TakeBreak) -> bool {
        let d = self.code.digit(m.take as usize);
        let Some(r) = n.checked_sub(m.take) else {
            return false;
        };
        match m.parts.len() {
            0 => takes(d, m.take, r),
            p @ (2 | 3) => {
                let bit = if p == 2 { 4 } else { 8 };
                let sum = m.parts.iter().try_fold(0u64, |a, &x| a.checked_add(x));
                d & bit != 0
                    && sum == Some(r)
                    && m.parts.iter().all(|&x| x > 0)
                    && !(self.code.unequal() && m.parts[0] == m.parts[1])
            }
            _ => false,
        }
    }

    fn any_heap_move(&self, n: u64) -> Option<TakeBreak> {
        for (k, d) in self.digits(n) {
            let r = n - k;
            if takes(d, k, r) {
                return Some(TakeBreak {
                    take: k,
                    parts: SmallVec::new(),
                });
            }
            let min_two = if self.code.unequal() { 3 } else { 2 };
            if d & 4 != 0 && r >= min_two {
                return Some(TakeBreak {
                    take: k,
                    parts: smallvec![1, r - 1],
                });
            }
            if d & 8 != 0 && r >= 3 {
                return Some(TakeBreak {
                    take: k,
                    parts: smallvec![1, 1, r - 2],
                });
            }
        }
        None
    }
}

/// Whether digit `d` lets a player take `k` tokens from a heap and leave
/// `r` in one heap (or none, for `r = 0`): the digit's bits 1 (take the
/// whole heap) and 2 (leave one heap), written once for every walk of the
/// moves.
fn takes(d: u8, k: u64, r: u64) -> bool {
    k > 0 && ((d & 1 != 0 && r == 0) || (d & 2 != 0 && r > 0))
}

/// The most moves of one heap looked through for moves to a value: a heap
/// of 10^13 tokens has trillions of splits. Beyond it the moves found are
/// listed as some of them, not all.
pub const MOVES_SCANNED: u128 = 1 << 16;

/// The moves of a heap of `n`, one at a time, digit by digit: for each
/// `k`, taking `k` (leaving one heap or none), then the splits of the rest
/// into two heaps (sorted, the smaller growing), then into three. A state
/// machine rather than nested `flat_map`s, whose adapters cost Grundy's game
/// a sixth of its search.
struct HeapMoves {
    n: u64,
    digits: Vec<u8>,
    /// Grundy's game: the two heaps must differ.
    unequal: bool,
    /// The digit being walked.
    k: usize,
    step: Step,
    /// The next split's smallest heap, and its middle one for three.
    a: u64,
    b: u64,
}

/// Where [`HeapMoves`] is in a digit's moves.
#[derive(Clone, Copy)]
enum Step {
    Remove,
    Two,
    Three,
}

impl Iterator for HeapMoves {
    type Item = TakeBreak;

    fn next(&mut self) -> Option<TakeBreak> {
        loop {
            let d = *self.digits.get(self.k)?;
            let k = self.k as u64;
            let r = self.n - k;
            match self.step {
                Step::Remove => {
                    self.step = Step::Two;
                    self.a = 1;
                    if takes(d, k, r) {
                        return Some(TakeBreak {
                            take: k,
                            parts: SmallVec::new(),
                        });
                    }
                }
                Step::Two => {
                    let most = match self.unequal {
                        true => r.saturating_sub(1) / 2,
                        false => r / 2,
                    };
                    if d & 4 != 0 && self.a <= most {
                        let a = self.a;
                        self.a += 1;
                        return Some(TakeBreak {
                            take: k,
                            parts: smallvec![a, r - a],
                        });
                    }
                    self.step = Step::Three;
                    (self.a, self.b) = (1, 1);
                }
                Step::Three => {
                    while d & 8 != 0 && self.a <= r / 3 {
                        let (a, b) = (self.a, self.b);
                        if b <= (r - a) / 2 {
                            self.b += 1;
                            return Some(TakeBreak {
                                take: k,
                                parts: smallvec![a, b, r - a - b],
                            });
                        }
                        self.a += 1;
                        self.b = self.a;
                    }
                    self.step = Step::Remove;
                    self.k += 1;
                }
            }
        }
    }
}

impl HeapSolution for OctalRule {
    fn heap_grundy(&self, n: u64) -> Nimber {
        Nimber(u64::from(self.value(n)))
    }

    fn moves_to(&self, n: u64, target: Nimber) -> Vec<TakeBreak> {
        let scanned = usize::try_from(MOVES_SCANNED).unwrap_or(usize::MAX);
        self.heap_move_iter(n)
            .take(scanned)
            .filter(|m| {
                let after = self.after(n, m);
                after.iter().map(|&h| self.heap_grundy(h)).sum::<Nimber>() == target
            })
            .collect()
    }

    fn lists_every_move_to(&self, n: u64) -> bool {
        self.heap_move_count(n) <= MOVES_SCANNED
    }

    fn rule_details(&self) -> Vec<(String, String)> {
        let known = self.known.read().unwrap_or_else(|e| e.into_inner());
        let text = match &known.period {
            // Valued by search alone: no sequence to speak of.
            None if known.sequence.is_empty() => {
                return vec![("code".into(), self.code.to_string())];
            }
            Some(p) => format!(
                "preperiod {}, period {}: {}",
                p.preperiod,
                p.period,
                match known.sequence.values() {
                    Values::Byte(g) => prefix_period(g, p, 40),
                    Values::Narrow(g) => prefix_period(g, p, 40),
                    Values::Wide(g) => prefix_period(g, p, 40),
                }
            ),
            None => format!(
                "no period proven in the first {} values",
                known.sequence.len()
            ),
        };
        vec![
            ("grundy sequence".into(), text),
            ("code".into(), self.code.to_string()),
        ]
    }
}

/// The catalog's rules of a take-and-break game: heaps, with a size limit
/// where values must be computed.
#[derive(Debug)]
pub struct OctalRules(HeapRules<OctalRule>);

impl Rules for OctalRules {
    type Position = Octal;

    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<Octal>>> {
        let line = match self.0.rule.code() {
            HeapCode::Grundy => "grundy".to_string(),
            code => format!("octal {code}"),
        };
        Some(Box::new(crate::games::certificate_forms::HeapForm::new(
            line,
        )))
    }

    fn name(&self) -> String {
        self.0.rule.name()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Octal, ParseError> {
        let heaps = parse_heaps(words, self.0.example)?;
        let mut max = self.0.rule.max_heap();
        if heaps.iter().any(|&h| h > max) {
            self.0.rule.prove_further();
            max = self.0.rule.max_heap();
        }
        if let Some(i) = heaps.iter().position(|&h| h > max) {
            return Err(ParseError::TooLarge {
                token: words[i].to_string(),
                what: format!(
                    "a heap of {} (no period proven in its first {PROOF_VALUES} values, so its values are computed)",
                    self.0.rule.code()
                ),
                max: max.to_string(),
            });
        }
        Ok(Heaps::with_rule(Arc::clone(&self.0.rule), heaps))
    }

    fn small_positions(&self, size: u64) -> Vec<Octal> {
        self.0.small_positions(size)
    }

    fn misere_heaps(&self, position: &Octal) -> Option<(HeapGame, Vec<u64>)> {
        let code = position.rule().code().clone();
        Some((HeapGame::Code(code), position.heaps().to_vec()))
    }
}

/// The game of `code`, named `name`.
pub fn game(name: String, code: HeapCode, example: &'static str) -> Box<dyn AnyGame> {
    with_formula(OctalRules(HeapRules {
        rule: Arc::new(OctalRule::new(name, code)),
        example,
        max_heaps: 3,
    }))
}

fn build(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let text = spec.needs_param("its code", "`octal:0.07 5 8 13` (Dawson's Kayles)")?;
    let code = code(text).map_err(|e| ParseError::BadRule {
        rule: text.into(),
        reason: e.to_string(),
    })?;
    Ok(game(format!("octal:{code}"), code, "octal:0.07 5 8 13"))
}

/// The take-and-break games known by a name: the name, the code it stands
/// for, a summary and an example. The catalog's entries and [`code`] read
/// this one table.
const NAMED: [(&str, &str, &str, &str); 4] = [
    (
        "kayles",
        "0.77",
        "Kayles, octal 0.77: knock down one pin or two adjacent",
        "kayles 5 8 13",
    ),
    (
        "dawsons-kayles",
        "0.07",
        "Dawson's Kayles, octal 0.07: knock down two adjacent pins",
        "dawsons-kayles 5 8 13",
    ),
    (
        "dawsons-chess",
        "0.137",
        "Dawson's chess, octal 0.137",
        "dawsons-chess 5 8 13",
    ),
    (
        "grundys-game",
        "grundy",
        "Grundy's game: split one heap into two unequal heaps",
        "grundys-game 5 8 13",
    ),
];

/// A take-and-break rule written as a code (`0.07`, `octal:4.4`,
/// `grundy`) or by its name (`kayles`, `dawsons-kayles`, `dawsons-chess`,
/// `grundys-game`).
///
/// # Errors
/// The code's [`ParseCodeError`] for text that is neither.
pub fn code(text: &str) -> Result<HeapCode, ParseCodeError> {
    let lower = text.trim().to_ascii_lowercase();
    let name = lower.strip_prefix("octal:").unwrap_or(&lower);
    match NAMED.iter().find(|(n, ..)| *n == name) {
        Some((_, code, ..)) => code.parse(),
        None => text.parse(),
    }
}

macro_rules! named {
    ($fn:ident, $k:literal) => {
        fn $fn(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
            let (name, code, _, example) = NAMED[$k];
            let code: HeapCode = code.parse().map_err(|e| ParseError::BadRule {
                rule: code.into(),
                reason: format!("{e}"),
            })?;
            Ok(game(name.to_string(), code, example))
        }
    };
}

named!(build_kayles, 0);
named!(build_dawsons_kayles, 1);
named!(build_dawsons_chess, 2);
named!(build_grundys_game, 3);

const PLAN: VerifyPlan = VerifyPlan {
    size: 10,
    max_size: 16,
    meaning: "1 to 3 heaps of 0 to N tokens",
    instances: &[
        "octal:0.07",
        "octal:0.6",
        "octal:0.137",
        "octal:4.4",
        "octal:0.8",
        "octal:grundy",
    ],
};

const fn named_entry(k: usize, build: crate::entry::Build) -> Entry {
    let verify = VerifyPlan {
        instances: &[],
        ..PLAN
    };
    let (name, _, summary, example) = NAMED[k];
    Entry::new(
        name,
        summary,
        "HEAP... (heap sizes)",
        example,
        verify,
        build,
    )
    .with_sequence("{n}")
    .with_table("{i} {j}")
}

/// The catalog entry of every take-and-break code.
pub const ENTRY: Entry = Entry::new(
    "octal",
    "take-and-break games by code (Winning Ways ch. 4); periods proven by Guy-Smith",
    "HEAP... (heap sizes)",
    "octal:0.07 5 8 13",
    PLAN,
    build,
)
.with_parameter("CODE: a take-and-break code such as 0.07, .6, 4.4 or 0.8F, or grundy")
.with_sequence("{n}")
.with_table("{i} {j}");

/// Kayles (0.77).
pub const KAYLES: Entry = named_entry(0, build_kayles);
/// Dawson's Kayles (0.07).
pub const DAWSONS_KAYLES: Entry = named_entry(1, build_dawsons_kayles);
/// Dawson's chess (0.137).
pub const DAWSONS_CHESS: Entry = named_entry(2, build_dawsons_chess);
/// Grundy's game.
pub const GRUNDYS_GAME: Entry = named_entry(3, build_grundys_game);

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_code() {
        use crate::games::octal::code;
        assert_eq!(code("kayles").unwrap().to_string(), "0.77");
        assert_eq!(code("octal:.07").unwrap().to_string(), "0.07");
    }

    use super::*;
    use crate::analysis::erased::AnalyzeOptions;
    use crate::solution::check;
    use crate::solve::Limits;
    use crate::{Outcome, Play};

    #[test]
    fn names_stand_for_their_codes() {
        // Winning Ways, ch. 4: Kayles is 0.77, Dawson's Kayles 0.07,
        // Dawson's chess 0.137.
        for (name, canon) in [
            ("kayles", "0.77"),
            ("Dawsons-Kayles", "0.07"),
            ("dawsons-chess", "0.137"),
            ("grundys-game", "grundy"),
            ("0.6", "0.6"),
        ] {
            assert_eq!(code(name).unwrap().to_string(), canon);
        }
        assert!(code("kayle").is_err());
    }

    #[test]
    fn solution_matches_search_on_small_positions() {
        for code in [
            "0.07", "0.6", "0.137", "4.4", "0.8", "grundy", "0.77", "0.3033",
        ] {
            let rules = OctalRules(HeapRules {
                rule: Arc::new(OctalRule::new(code.into(), code.parse().unwrap())),
                example: "",
                max_heaps: 3,
            });
            check(rules.small_positions(9), Limits::default())
                .unwrap_or_else(|e| panic!("{code}: {e}"));
        }
    }

    /// Codes with every kind of digit, for the tests of the move walks.
    const WALKED: [&str; 8] = [
        "0.07", "4.4", "0.8", "grundy", "0.77", "0.F", "4.C", "0.3033",
    ];

    #[test]
    fn heap_moves_are_the_legal_ones_each_once() {
        // Legality is checked by the rules' `heap_legal` and the count by
        // `heap_move_count`, both written from the code's digits apart from
        // the walk: distinct legal moves as many as counted are all of them.
        for code in WALKED {
            let rule = OctalRule::new(code.into(), code.parse().unwrap());
            for n in 0..30 {
                let moves = rule.heap_moves(n);
                assert!(moves.iter().all(|m| rule.heap_legal(n, m)), "{code} {n}");
                let distinct: std::collections::HashSet<_> = moves.iter().collect();
                assert_eq!(distinct.len(), moves.len(), "{code} {n}");
                assert_eq!(moves.len() as u128, rule.heap_move_count(n), "{code} {n}");
            }
        }
    }

    #[test]
    fn each_heap_option_leaves_the_heaps_of_every_move() {
        // The walk that builds no move against the moves and what each
        // leaves, as lists sorted so that order does not matter.
        for code in WALKED {
            let rule = OctalRule::new(code.into(), code.parse().unwrap());
            for n in 0..30 {
                let mut want: Vec<Vec<u64>> = rule
                    .heap_moves(n)
                    .iter()
                    .map(|m| rule.after(n, m))
                    .collect();
                let mut got = Vec::new();
                rule.each_heap_option(n, &mut |left| {
                    got.push(left.to_vec());
                    true
                });
                want.sort();
                got.sort();
                assert_eq!(got, want, "{code} {n}");
            }
        }
    }

    /// The game a spec names, built by this file's entries alone.
    fn game(spec: &str) -> Result<Box<dyn AnyGame>, ParseError> {
        let spec = crate::entry::Spec::from(spec);
        let entries = [ENTRY, KAYLES, DAWSONS_KAYLES, DAWSONS_CHESS, GRUNDYS_GAME];
        let entry = entries
            .iter()
            .find(|e| e.name == spec.name)
            .expect("an octal game");
        (entry.build)(&spec)
    }

    #[test]
    fn dawsons_kayles_sum_has_winning_moves() {
        // .07 has G(n) = A002187(n - 1): G(5) = 0, G(8) = 1, G(13) = 2.
        let g = game("octal:0.07").unwrap();
        let a = g
            .parse(&["5", "8", "13"])
            .unwrap()
            .analyze(&AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.grundy, Some(1 ^ 2));
        assert_eq!(a.outcome, Outcome::Next);
        assert!(!a.winning_moves.is_empty());
        // Each winning move leaves a P-position.
        for m in &a.winning_moves {
            let to: Vec<&str> = m.to.split_whitespace().collect();
            let after = g
                .parse(&to)
                .unwrap()
                .analyze(&AnalyzeOptions::default())
                .unwrap();
            assert_eq!(after.grundy, Some(0), "{}", m.mv);
        }
    }

    #[test]
    fn a_heap_with_trillions_of_splits_lists_some_winning_moves_and_says_so() {
        // Kayles, 0.77, has period 12 from 71 (Guy and Smith 1956): G(n) for
        // n = 12345678901234 ≡ 10 (mod 12) is 2, and splitting it into 1 and
        // n − 2 ≡ 8 (value 1) leaves 1 ⊕ 1 = 0.
        let g = game("kayles").unwrap();
        let a = g
            .parse(&["12345678901234"])
            .unwrap()
            .analyze(&AnalyzeOptions::default())
            .unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::Next, Some(2)));
        assert!(!a.winning_moves_complete);
        assert!(a.winning_moves.len() as u128 <= MOVES_SCANNED);
        assert_eq!(a.winning_moves[0].to, "1 12345678901232");
    }

    #[test]
    fn misere_by_search_and_huge_heaps_by_period() {
        let g = game("kayles").unwrap();
        let misere = AnalyzeOptions {
            play: Play::Misere,
            ..AnalyzeOptions::default()
        };
        // Misère Kayles: a single pin is lost for the player to move.
        let a = g.parse(&["1"]).unwrap().analyze(&misere).unwrap();
        assert_eq!(a.outcome, Outcome::Previous);
        // Kayles' period 12 from 71: 10^12 + 4 ≡ 80, and A002186(80) = 1.
        let big = g.parse(&["1000000000004"]).unwrap();
        assert_eq!(big.grundy(Limits::default()).unwrap().0, Some(Nimber(1)));
        assert!(game("octal:grundy").unwrap().parse(&["100000000"]).is_err());
    }

    #[test]
    fn moves_print_and_parse() {
        for text in ["take 2", "take 1 split 3 4", "split 2 5"] {
            assert_eq!(text.parse::<TakeBreak>().unwrap().to_string(), text);
        }
        for bad in ["", "take", "split 3", "take 1 split", "jump 3"] {
            assert!(bad.parse::<TakeBreak>().is_err(), "{bad}");
        }
        assert!(game("octal:0.8x").is_err());
        assert!(game("octal:1.2.3").is_err());
        assert!(game("octal:").is_err());
    }
}
