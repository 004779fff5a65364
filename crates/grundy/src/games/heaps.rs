//! Sums of heaps of one heap game: Nim, subtraction games, take-and-break games.
//!
//! A [`HeapRule`] says what a move does to one heap (it may leave zero, one
//! or several heaps). [`Heaps`] is a position of several heaps under that
//! rule; it is a [`Game`] whose [components](Game::components) are its heaps,
//! so search values each heap once and adds the values. Where the rule knows
//! each heap's Grundy value ([`HeapSolution`]), [`Heaps`] is a [`Solution`]
//! whose winning moves come from the heaps' values (Sprague–Grundy), never
//! from searching the sum.

use std::convert::Infallible;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::Rules;
use smallvec::{smallvec, SmallVec};

use crate::game::{parse_biguint, parse_u64, Game, GameError, MoveIter, Outcome, ParseError};
use crate::nimber::Nimber;
use crate::solution::{sum_moves_to_value, Solution};

/// What a move does to one heap.
pub trait HeapRule: fmt::Debug + PartialEq + Send + Sync + 'static {
    /// A move on one heap, e.g. `take 3`.
    type Move: Clone + Eq + fmt::Debug + fmt::Display + FromStr + Send + Sync + 'static;

    /// The rule's name as the catalog spells it, e.g. `subtraction:1,3,4`.
    fn name(&self) -> String;

    /// The words after `game` in a certificate of this rule
    /// ([`crate::solve::certificate`]): `octal 0.137`, `subtraction 1,3,4`;
    /// `None`, the default, for a rule with no certificate form.
    fn certificate_game(&self) -> Option<String> {
        None
    }

    /// Every move from a heap of `n`.
    fn heap_moves(&self, n: u64) -> Vec<Self::Move>;

    /// The moves from a heap of `n` one at a time, the same as
    /// [`heap_moves`](HeapRule::heap_moves) in the same order: what
    /// [`Heaps`] walks for [`Game::move_iter`]. The default lists them;
    /// rules whose heaps have many moves override it.
    fn heap_move_iter(&self, n: u64) -> MoveIter<Self::Move> {
        MoveIter::listed(self.heap_moves(n))
    }

    /// The heaps left after move `m` on a heap of `n` (none, one or several).
    fn after(&self, n: u64, m: &Self::Move) -> Vec<u64>;

    /// Calls `f` with each heap that [`after`](HeapRule::after) lists, in
    /// order: the default lists them; a rule that can say them without a
    /// list overrides it, for search's inner loop.
    fn each_after(&self, n: u64, m: &Self::Move, f: &mut dyn FnMut(u64)) {
        for h in self.after(n, m) {
            f(h);
        }
    }

    /// How many moves a heap of `n` has, without listing them.
    /// Whether every heap a move leaves is smaller than the heap moved in
    /// (so for take-and-break, subtraction and Nim rules): then heap sizes
    /// order positions as play does, and a lone heap is named to the
    /// pruned search by its size ([`Game::index`]). The default, `false`,
    /// makes no such promise.
    fn shrinks(&self) -> bool {
        false
    }

    /// Calls `f` with the heaps each move from a heap of `n` leaves, in
    /// any order, until it returns `false`. The default walks
    /// [`heap_move_iter`](HeapRule::heap_move_iter) and
    /// [`each_after`](HeapRule::each_after); a rule whose moves are
    /// numbers overrides it to build no move (the pruned search values a
    /// heap of Grundy's game so, 10^4 options a heap).
    fn each_heap_option(&self, n: u64, f: &mut dyn FnMut(&[u64]) -> bool) {
        let mut left: SmallVec<[u64; 4]> = SmallVec::new();
        for mv in self.heap_move_iter(n) {
            left.clear();
            self.each_after(n, &mv, &mut |h| left.push(h));
            if !f(&left) {
                return;
            }
        }
    }

    fn heap_move_count(&self, n: u64) -> u128 {
        self.heap_moves(n).len() as u128
    }

    /// Whether `m` is legal on a heap of `n`.
    fn heap_legal(&self, n: u64, m: &Self::Move) -> bool {
        self.heap_moves(n).contains(m)
    }

    /// Some move from a heap of `n`, without listing them all.
    fn any_heap_move(&self, n: u64) -> Option<Self::Move> {
        self.heap_moves(n).into_iter().next()
    }
}

/// A misère verdict on a sum of heaps: the outcome and, for an N-position
/// with a move, a winning move as (heap index from 0, move).
pub type MisereVerdict<M> = (Outcome, Option<(usize, M)>);

/// A heap rule whose single-heap Grundy values are known in closed form.
pub trait HeapSolution: HeapRule {
    /// The Grundy value of one heap of `n`.
    fn heap_grundy(&self, n: u64) -> Nimber;

    /// The moves from a heap of `n` to heaps of total value `target`.
    /// The default lists every move; rules with huge heaps override it.
    fn moves_to(&self, n: u64, target: Nimber) -> Vec<Self::Move> {
        self.heap_moves(n)
            .into_iter()
            .filter(|m| {
                self.after(n, m)
                    .iter()
                    .map(|&h| self.heap_grundy(h))
                    .sum::<Nimber>()
                    == target
            })
            .collect()
    }

    /// Whether [`moves_to`](HeapSolution::moves_to) lists every move of a
    /// heap of `n` to its target (the default), or only the first it finds,
    /// for a heap with too many moves to look through.
    fn lists_every_move_to(&self, n: u64) -> bool {
        let _ = n;
        true
    }

    /// Facts about the rule for people to read (e.g. its period).
    fn rule_details(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Misère play of a whole sum, where a formula is known: the outcome and
    /// a winning move (heap index from 0, move).
    fn misere(&self, heaps: &[u64]) -> Option<MisereVerdict<Self::Move>> {
        let _ = heaps;
        None
    }
}

/// A move in a sum of heaps: which heap (numbered from 1) and what is done to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove<M> {
    /// The heap, numbered from 1 as players count.
    pub heap: usize,
    /// The move on that heap.
    pub mv: M,
}

impl<M: fmt::Display> fmt::Display for HeapMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}: {}", self.heap, self.mv)
    }
}

/// Parses `heap 2: take 3` (or `2: take 3`).
impl<M: FromStr> FromStr for HeapMove<M> {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let bad = || ParseError::NotAMove {
            text: s.to_string(),
            example: "it as `heap 2: take 3`",
        };
        let (head, rest) = s.split_once(':').ok_or_else(bad)?;
        let head = head.trim();
        let number = head.strip_prefix("heap").unwrap_or(head).trim();
        let heap = parse_u64(number, "a heap number")?;
        if heap == 0 {
            return Err(ParseError::OutOfRange {
                token: number.to_string(),
                what: "a heap number".into(),
                range: "1 or more (heaps are numbered from 1)".into(),
            });
        }
        let mv = rest.trim().parse().map_err(|_| bad())?;
        Ok(HeapMove {
            heap: usize::try_from(heap).map_err(|_| bad())?,
            mv,
        })
    }
}

/// Several heaps under one rule, played as a sum.
#[derive(Debug)]
pub struct Heaps<R> {
    rule: Arc<R>,
    /// Up to two heaps inline: the single heaps that search stores as
    /// parts allocate nothing.
    heaps: SmallVec<[u64; 2]>,
}

impl<R: HeapRule> Heaps<R> {
    /// Heaps of the given sizes under `rule`.
    pub fn with_rule(rule: Arc<R>, heaps: Vec<u64>) -> Heaps<R> {
        Heaps {
            rule,
            heaps: SmallVec::from_vec(heaps),
        }
    }

    /// The heap sizes, in order.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The rule.
    pub fn rule(&self) -> &Arc<R> {
        &self.rule
    }

    fn with(&self, heaps: SmallVec<[u64; 2]>) -> Heaps<R> {
        Heaps {
            rule: Arc::clone(&self.rule),
            heaps,
        }
    }

    /// The single heap `n`, or nothing for a heap with no move: a spare
    /// position of the same rule remade, if there is one, else a new one.
    fn push_part(&self, n: u64, out: &mut Vec<Heaps<R>>, spare: &mut Vec<Heaps<R>>) {
        if self.rule.heap_move_count(n) == 0 {
            return;
        }
        match spare.pop() {
            Some(mut p) if Arc::ptr_eq(&p.rule, &self.rule) => {
                p.heaps = smallvec![n];
                out.push(p);
            }
            _ => out.push(self.with(smallvec![n])),
        }
    }
}

impl<R> Clone for Heaps<R> {
    fn clone(&self) -> Self {
        Heaps {
            rule: Arc::clone(&self.rule),
            heaps: self.heaps.clone(),
        }
    }
}

impl<R: PartialEq> PartialEq for Heaps<R> {
    fn eq(&self, other: &Self) -> bool {
        // Heap by heap rather than `==` on the slices, which calls memcmp:
        // the table compares keys of a heap or two at every lookup, and the
        // call cost Grundy's game 7% of its search.
        let (a, b) = (&self.heaps[..], &other.heaps[..]);
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| x == y)
            && (Arc::ptr_eq(&self.rule, &other.rule) || self.rule == other.rule)
    }
}

impl<R: PartialEq> Eq for Heaps<R> {}

impl<R> Hash for Heaps<R> {
    /// A single heap, every part that search stores, as one word that the
    /// tables' hasher turns into a bucket in the order of heap sizes
    /// (`hash::in_order`); other positions as their list.
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self.heaps[..] {
            [n] => state.write_u64(crate::hash::in_order(n)),
            _ => self.heaps.hash(state),
        }
    }
}

impl<R> fmt::Display for Heaps<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

/// Parses heap sizes, one per word.
///
/// # Errors
/// [`ParseError::Empty`] for no words, or the first word that is not a size.
pub fn parse_heaps(words: &[&str], example: &str) -> Result<Vec<u64>, ParseError> {
    if words.is_empty() {
        return Err(ParseError::Empty {
            hint: format!("write the heap sizes, as in `{example}`"),
        });
    }
    words.iter().map(|w| parse_u64(w, "a heap size")).collect()
}

impl<R: HeapRule> Game for Heaps<R> {
    type Move = HeapMove<R::Move>;

    fn moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        for (i, &n) in self.heaps.iter().enumerate() {
            for mv in self.rule.heap_moves(n) {
                moves.push(HeapMove { heap: i + 1, mv });
            }
        }
        moves
    }

    /// Heap by heap, each heap's moves one at a time: the walk holds the
    /// heap sizes and one heap's place, never a list of moves.
    fn move_iter(&self) -> Result<MoveIter<Self::Move>, crate::game::GameError> {
        // A single heap (every part search stores) without the walk over
        // heaps, a layer of adapters per move.
        if let [n] = self.heaps[..] {
            let moves = self.rule.heap_move_iter(n);
            return Ok(MoveIter::lazy(moves.map(|mv| HeapMove { heap: 1, mv })));
        }
        let rule = Arc::clone(&self.rule);
        let heaps = self.heaps.clone();
        Ok(MoveIter::lazy(heaps.into_iter().enumerate().flat_map(
            move |(i, n)| {
                rule.heap_move_iter(n)
                    .map(move |mv| HeapMove { heap: i + 1, mv })
            },
        )))
    }

    /// Nothing for up to two heaps (held inline), else the buffer and the
    /// allocator's bookkeeping, as [`vec_heap_bytes`](crate::game::vec_heap_bytes).
    fn heap_bytes(&self) -> usize {
        match self.heaps.spilled() {
            true => self.heaps.capacity() * std::mem::size_of::<u64>() + 16,
            false => 0,
        }
    }

    fn picture(&self) -> crate::board::Picture {
        crate::board::heaps(self.heaps.iter(), "heap")
    }

    /// A move that leaves its heap smaller and whole is the token it takes
    /// the heap down to; one that splits it sits beside the heap.
    fn spot(&self, m: &Self::Move) -> crate::board::Spot {
        let row = m.heap - 1;
        crate::board::leaves(row, &self.rule.after(self.heaps[row], &m.mv))
    }

    fn play(&self, m: &Self::Move) -> Self {
        let i = m.heap - 1;
        let mut heaps: SmallVec<[u64; 2]> = SmallVec::from_slice(&self.heaps[..i]);
        self.rule
            .each_after(self.heaps[i], &m.mv, &mut |h| heaps.push(h));
        heaps.extend_from_slice(&self.heaps[i + 1..]);
        if heaps.is_empty() {
            heaps.push(0);
        }
        self.with(heaps)
    }

    fn components(&self) -> Vec<Self> {
        self.heaps
            .iter()
            .map(|&n| self.with(smallvec![n]))
            .collect()
    }

    /// One single-heap position per heap that has a move (a heap alone is
    /// already in normal form), held inline: no allocation.
    fn canonical_parts(&self, out: &mut Vec<Self>) {
        for &n in &self.heaps {
            self.push_part(n, out, &mut Vec::new());
        }
    }

    /// The heaps left and those the move leaves, each pushed as a part: no
    /// position in between.
    fn option_parts(&self, m: &Self::Move, out: &mut Vec<Self>) -> Result<(), GameError> {
        self.option_parts_reusing(m, out, &mut Vec::new())
    }

    /// As [`option_parts`](Game::option_parts), each part a spare remade
    /// where one is left: no reference count touched.
    fn option_parts_reusing(
        &self,
        m: &Self::Move,
        out: &mut Vec<Self>,
        spare: &mut Vec<Self>,
    ) -> Result<(), GameError> {
        let i = m.heap - 1;
        for (j, &n) in self.heaps.iter().enumerate() {
            match j == i {
                true => self
                    .rule
                    .each_after(n, &m.mv, &mut |h| self.push_part(h, out, spare)),
                false => self.push_part(n, out, spare),
            }
        }
        Ok(())
    }

    /// A lone heap's size, where the rule's moves leave smaller heaps
    /// ([`HeapRule::shrinks`]).
    fn index(&self) -> Option<u64> {
        match self.heaps[..] {
            [n] if self.rule.shrinks() => Some(n),
            _ => None,
        }
    }

    /// The heaps each move of a lone heap leaves.
    fn each_option_indices(&self, mut f: impl FnMut(&[u64]) -> bool) -> bool {
        let ([n], true) = (&self.heaps[..], self.rule.shrinks()) else {
            return false;
        };
        self.rule.each_heap_option(*n, &mut f);
        true
    }

    /// The lone heap `i`.
    fn part_at(&self, i: u64) -> Option<Self> {
        self.rule.shrinks().then(|| self.with(smallvec![i]))
    }

    /// Sorted, without heaps that have no move (they change nothing, in
    /// normal or misère play).
    fn canonical(&self) -> Self {
        let mut heaps: SmallVec<[u64; 2]> = self
            .heaps
            .iter()
            .copied()
            .filter(|&n| self.rule.heap_move_count(n) > 0)
            .collect();
        heaps.sort_unstable();
        self.with(heaps)
    }

    fn move_count(&self) -> u128 {
        self.heaps
            .iter()
            .map(|&n| self.rule.heap_move_count(n))
            .fold(0u128, u128::saturating_add)
    }

    fn legal(&self, m: &Self::Move) -> bool {
        m.heap >= 1
            && m.heap <= self.heaps.len()
            && self.rule.heap_legal(self.heaps[m.heap - 1], &m.mv)
    }

    fn any_move(&self) -> Option<Self::Move> {
        self.heaps.iter().enumerate().find_map(|(i, &n)| {
            let mv = self.rule.any_heap_move(n)?;
            Some(HeapMove { heap: i + 1, mv })
        })
    }
}

impl<R: HeapSolution> Solution for Heaps<R> {
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.total())
    }

    fn grundy(&self) -> Option<Nimber> {
        Some(self.total())
    }

    fn winning_move(&self) -> Option<Self::Move> {
        self.winning_moves().into_iter().next()
    }

    fn winning_moves(&self) -> Vec<Self::Move> {
        self.moves_to_value(Nimber::ZERO).unwrap_or_default()
    }

    fn moves_to_value(&self, target: Nimber) -> Option<Vec<Self::Move>> {
        let values = self.heap_values();
        let found = sum_moves_to_value(&values, target, |i, v| {
            Ok::<_, Infallible>(self.rule.moves_to(self.heaps[i], v))
        });
        let Ok(found) = found;
        Some(
            found
                .into_iter()
                .map(|(i, mv)| HeapMove { heap: i + 1, mv })
                .collect(),
        )
    }

    fn lists_every_move_to_value(&self) -> bool {
        self.heaps.iter().all(|&n| self.rule.lists_every_move_to(n))
    }

    fn misere_outcome(&self) -> Option<Outcome> {
        self.rule.misere(&self.heaps).map(|(o, _)| o)
    }

    fn misere_winning_move(&self) -> Option<Self::Move> {
        let (_, mv) = self.rule.misere(&self.heaps)?;
        mv.map(|(i, mv)| HeapMove { heap: i + 1, mv })
    }

    fn details(&self) -> Vec<(String, String)> {
        self.rule.rule_details()
    }
}

impl<R: HeapSolution> Heaps<R> {
    fn heap_values(&self) -> Vec<Nimber> {
        self.heaps
            .iter()
            .map(|&n| self.rule.heap_grundy(n))
            .collect()
    }

    fn total(&self) -> Nimber {
        self.heap_values().into_iter().sum()
    }
}

/// The [`Rules`] of a heap game: positions are heap sizes, one per word.
#[derive(Debug)]
pub struct HeapRules<R> {
    /// The rule.
    pub rule: Arc<R>,
    /// An example position with the game's name, for error messages.
    pub example: &'static str,
    /// How many heaps `verify` puts in a position.
    pub max_heaps: usize,
}

impl<R: HeapRule> Rules for HeapRules<R> {
    type Position = Heaps<R>;

    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<Heaps<R>>>> {
        let line = self.rule.certificate_game()?;
        Some(Box::new(crate::games::certificate_forms::HeapForm::new(
            line,
        )))
    }

    fn name(&self) -> String {
        self.rule.name()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Heaps<R>, ParseError> {
        Ok(Heaps::with_rule(
            Arc::clone(&self.rule),
            parse_heaps(words, self.example)?,
        ))
    }

    fn small_positions(&self, size: u64) -> Vec<Heaps<R>> {
        small_heap_lists(size, self.max_heaps)
            .into_iter()
            .map(|h| Heaps::with_rule(Arc::clone(&self.rule), h))
            .collect()
    }
}

/// Taking some tokens from a heap: the move of Nim, subtraction games and
/// Fibonacci Nim, whose heaps may be of any size (`Take<BigUint>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take<N = u64>(pub N);

impl<N: fmt::Display> fmt::Display for Take<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

/// A number of tokens a [`Take`] can hold: read from a word, and zero or not.
pub trait Tokens: Sized {
    /// The number written as `token`.
    ///
    /// # Errors
    /// A word that is not a number of this kind.
    fn read(token: &str) -> Result<Self, ParseError>;

    /// Whether this is no token at all.
    fn is_zero(&self) -> bool;
}

impl Tokens for u64 {
    fn read(token: &str) -> Result<u64, ParseError> {
        parse_u64(token, "the number of tokens taken")
    }

    fn is_zero(&self) -> bool {
        *self == 0
    }
}

impl Tokens for num_bigint::BigUint {
    fn read(token: &str) -> Result<num_bigint::BigUint, ParseError> {
        parse_biguint(token, "the number of tokens taken")
    }

    fn is_zero(&self) -> bool {
        num_traits::Zero::is_zero(self)
    }
}

/// Parses `take 3`.
impl<N: Tokens> FromStr for Take<N> {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Take<N>, ParseError> {
        let n = s
            .trim()
            .strip_prefix("take")
            .ok_or_else(|| ParseError::NotAMove {
                text: s.to_string(),
                example: "`take 3`",
            })?;
        let k = N::read(n.trim())?;
        if k.is_zero() {
            return Err(ParseError::OutOfRange {
                token: n.trim().to_string(),
                what: "the number of tokens taken".into(),
                range: "1 or more (a move takes at least 1 token)".into(),
            });
        }
        Ok(Take(k))
    }
}

/// Every sorted list of 1 to `max_heaps` heaps of sizes 0 to `size`: the
/// small positions that `verify` checks.
pub fn small_heap_lists(size: u64, max_heaps: usize) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut current = Vec::new();
    fn extend(from: u64, size: u64, left: usize, current: &mut Vec<u64>, all: &mut Vec<Vec<u64>>) {
        if !current.is_empty() {
            all.push(current.clone());
        }
        if left == 0 {
            return;
        }
        for n in from..=size {
            current.push(n);
            extend(n, size, left - 1, current, all);
            current.pop();
        }
    }
    extend(0, size, max_heaps, &mut current, &mut all);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_lists_are_sorted_multisets() {
        let lists = small_heap_lists(2, 2);
        // 3 single heaps and 6 sorted pairs.
        assert_eq!(lists.len(), 9);
        assert!(lists.iter().all(|l| l.windows(2).all(|w| w[0] <= w[1])));
    }

    #[test]
    fn heap_moves_parse() {
        let m: HeapMove<u64> = "heap 2: 7".parse().unwrap();
        assert_eq!(m, HeapMove { heap: 2, mv: 7 });
        let m: HeapMove<u64> = "3:1".parse().unwrap();
        assert_eq!(m.heap, 3);
        assert!("heap 0: 1".parse::<HeapMove<u64>>().is_err());
        assert!("take".parse::<HeapMove<u64>>().is_err());
    }
}
