//! Periods of Grundy sequences: the one type for a found period
//! ([`Periodicity`]), the one finder on a slice ([`periodicity`]) and the one
//! proof watch ([`PeriodWatch`], Guy–Smith), used by the subtraction games,
//! the take-and-break engine, `grundy pattern` and `grundy period`.
//!
//! # The proof
//! For a finite code whose moves take at most `t` tokens and leave at most
//! `s` heaps, if `G(n + p) = G(n)` for `n0 ≤ n < s·n0 + (s−1)·p + t`, then it
//! holds for every `n ≥ n0`: a heap of `n + p` beyond that range leaves
//! heaps of which one is at least `n0 + p`, and shortening it by `p` gives an
//! option of `n` of the same value, and back (induction on `n`). With `s = 2`
//! this is the theorem of Guy and Smith; with `s = 1` (subtraction games) it
//! says that a window of `t` values that recurs repeats for ever. Grundy's
//! game is not a finite code (its two heaps must differ), so the theorem
//! does not apply to it.
//!
//! [`PeriodWatch`] looks for a candidate period from time to time (every
//! period of a suffix at least twice its length, found where the last values
//! recur), then checks each new value against it, and reports the moment
//! the proof is complete.
//!
//! # References
//! R. K. Guy, C. A. B. Smith, *The G-values of various games*, Proc.
//! Cambridge Philos. Soc. 52 (1956); Winning Ways, ch. 4.

use std::fmt;

use serde::Serialize;

use crate::solve::heap::code::HeapCode;
use crate::solve::heap::sequence::Values;

/// `v(n + period) = v(n) + saltus` for every `n ≥ preperiod`: periodic when
/// `saltus` is 0, arithmetic-periodic otherwise. Found by [`periodicity`]
/// (seen in the values given) or proven by `PeriodWatch` (for every `n`,
/// `saltus` 0); both numbers are the least.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// Terms before the repetition starts (counted from the first term).
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
    /// How much each repetition adds.
    pub saltus: u64,
    /// The first repeating block.
    pub block: Vec<u64>,
}

impl Periodicity {
    /// Whether the values repeat exactly (`saltus` 0).
    pub fn is_periodic(&self) -> bool {
        self.saltus == 0
    }
}

impl fmt::Display for Periodicity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_periodic() {
            "periodic"
        } else {
            "arithmetic-periodic"
        };
        write!(f, "{kind} with period {}", self.period)?;
        if !self.is_periodic() {
            write!(f, " and saltus {}", self.saltus)?;
        }
        if self.preperiod > 0 {
            write!(f, " after a preperiod of {}", self.preperiod)?;
        } else {
            f.write_str(" from the start")?;
        }
        let block: Vec<String> = self.block.iter().map(u64::to_string).collect();
        write!(f, ": ({})", block.join(" "))
    }
}

/// The shortest period (then the shortest preperiod) that the values show,
/// with the repeating part seen at least twice in full and at least twice as
/// long as the preperiod, so that short data do not "repeat" by accident.
/// Nothing is proven: `PeriodWatch` proves periods of codes.
///
/// ```
/// use grundy::api::pattern::periodicity;
/// let p = periodicity(&[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1]).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (0, 7, 0));
/// let a = periodicity(&[0, 0, 1, 1, 2, 2, 3, 3, 4, 4]).unwrap();
/// assert_eq!((a.period, a.saltus), (2, 1));
/// ```
///
/// # Complexity
/// `O(len²)` comparisons at worst: each candidate period is checked from the
/// end, and most fail within a few values.
pub fn periodicity(values: &[u64]) -> Option<Periodicity> {
    let len = values.len();
    (1..=len / 2).find_map(|period| {
        let saltus = values[len - 1].checked_sub(values[len - 1 - period])?;
        // The last index where the relation fails fixes the preperiod.
        let preperiod = (0..len - period)
            .rev()
            .find(|&n| values[n].checked_add(saltus) != Some(values[n + period]))
            .map_or(0, |n| n + 1);
        let repeating = len - preperiod;
        (repeating >= 2 * period && 2 * preperiod <= repeating).then(|| Periodicity {
            preperiod,
            period,
            saltus,
            block: values[preperiod..preperiod + period].to_vec(),
        })
    })
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    start: usize,
    period: usize,
    needed: usize,
}

/// Watches a growing sequence for a proof of periodicity.
#[derive(Clone, Debug)]
pub struct PeriodWatch {
    parts: usize,
    take: usize,
    candidate: Option<Candidate>,
    next_check: usize,
}

impl PeriodWatch {
    /// A watch for `code`; `None` for Grundy's game, where no theorem applies.
    pub fn new(code: &HeapCode) -> Option<PeriodWatch> {
        (!code.unequal()).then(|| PeriodWatch::with_shape(code.max_parts(), code.max_take()))
    }

    /// A watch for a finite code whose moves leave at most `parts` heaps and
    /// take at most `take` tokens (a subtraction set: one heap, its largest
    /// element).
    pub fn with_shape(parts: usize, take: usize) -> PeriodWatch {
        PeriodWatch {
            parts,
            take,
            candidate: None,
            next_check: 0,
        }
    }

    /// How many values the proof of period `p` from `n0` needs: the
    /// values to `k·n0' + k·p + t`, with `n0' = max(n0, 1)` (a part of
    /// exactly `p` tokens taken down by `p` would become an empty heap, a
    /// move of another kind: 0.4 repeats 0, 0, 0 but is not periodic
    /// from 0).
    pub fn needed(&self, n0: usize, p: usize) -> usize {
        self.parts * n0.max(1) + self.parts * p + self.take
    }

    /// To call after each new value of `g`: the period, once proven.
    ///
    /// The values may widen from 8 to 16 or 32 bits between calls: the
    /// watch keeps positions only.
    pub fn observe(&mut self, g: &Values) -> Option<Periodicity> {
        match g {
            Values::Byte(g) => self.observe_slice(g),
            Values::Narrow(g) => self.observe_slice(g),
            Values::Wide(g) => self.observe_slice(g),
        }
    }

    /// [`observe`](PeriodWatch::observe) on values of any width: to call
    /// with `g` one value longer each time.
    pub fn observe_slice<V: Copy + Eq + Into<u64>>(&mut self, g: &[V]) -> Option<Periodicity> {
        let n = g.len();
        if let Some(c) = self.candidate {
            if n > c.start + c.period && g[n - 1] != g[n - 1 - c.period] {
                self.candidate = None;
            } else if n >= c.needed {
                return Some(least(g, c.start, c.period));
            }
        }
        if self.candidate.is_none() && n >= self.next_check {
            self.next_check = n + (n / 16).max(16);
            self.candidate = self.best_candidate(g);
            if self.candidate.is_some_and(|c| n >= c.needed) {
                return self.candidate.map(|c| least(g, c.start, c.period));
            }
        }
        None
    }

    /// The candidate whose proof would complete soonest: over every period
    /// `p` of a suffix at least `2p` long, the one with the least `needed`.
    ///
    /// Short periods are tried one by one. A long period `p` makes the last
    /// [`TAIL`] values recur `p` earlier, so the sequence is searched for
    /// them (a branch-free scan, mostly) and only where they recur is the
    /// periodic stretch followed back.
    ///
    /// # Complexity
    /// `O(n)` comparisons for the scan, plus the length of each stretch
    /// followed back (block comparisons), at most [`FOLLOW_PER_VALUE`]`·n`
    /// in all for the long periods; no memory.
    fn best_candidate<V: Copy + Eq>(&self, g: &[V]) -> Option<Candidate> {
        let n = g.len();
        let mut best: Option<Candidate> = None;
        // Returns how far the stretch was followed back.
        let consider = |p: usize, best: &mut Option<Candidate>| {
            let start = periodic_from(g, p);
            if 2 * p <= n - start {
                let needed = self.needed(start, p);
                if best.is_none_or(|b| needed < b.needed) {
                    *best = Some(Candidate {
                        start,
                        period: p,
                        needed,
                    });
                }
            }
            n - p - start
        };
        for p in 1..=TAIL.min(n / 2) {
            consider(p, &mut best);
        }
        if n >= 2 * (TAIL + 1) {
            // A long periodic stretch makes the tail recur at every multiple
            // of its period; a budget bounds the work of following them all
            // back. Stopping early only delays a proof: each candidate is
            // still checked value by value.
            let mut budget = FOLLOW_PER_VALUE * n + (1 << 20);
            for p in recurrences(g, TAIL + 1, n / 2) {
                // A longer period cannot need fewer values than the best.
                if budget == 0 || best.is_some_and(|b| self.needed(0, p) >= b.needed) {
                    break;
                }
                budget = budget.saturating_sub(consider(p, &mut best));
            }
        }
        best
    }
}

/// How many comparisons per value a candidate search may spend following
/// periodic stretches back.
const FOLLOW_PER_VALUE: usize = 16;

/// Periods up to this are tried one by one; longer ones are found where
/// the last `TAIL` values recur.
const TAIL: usize = 32;

/// The least `s` with `g[i] == g[i + p]` for every `i` in `s..n − p`.
fn periodic_from<V: Copy + Eq>(g: &[V], p: usize) -> usize {
    const BLOCK: usize = 64;
    let mut i = g.len() - p;
    while i >= BLOCK && g[i - BLOCK..i] == g[i - BLOCK + p..i + p] {
        i -= BLOCK;
    }
    while i > 0 && g[i - 1] == g[i - 1 + p] {
        i -= 1;
    }
    i
}

/// The distances `p` in `min..=max` at which the last [`TAIL`] values of
/// `g` occur again earlier, increasing (`min > TAIL`, `2·max ≤ g.len()`).
fn recurrences<V: Copy + Eq>(g: &[V], min: usize, max: usize) -> impl Iterator<Item = usize> + '_ {
    const BLOCK: usize = 256;
    let n = g.len();
    let tail = &g[n - TAIL..];
    let (t1, t2, t3, t4) = (
        tail[TAIL - 1],
        tail[TAIL - 2],
        tail[TAIL - 3],
        tail[TAIL - 4],
    );
    // An earlier copy ends at `e = n − p`; `p` increasing is `e` decreasing.
    let (lo, hi) = (n - max, n - min);
    (0..=(hi - lo) / BLOCK).flat_map(move |b| {
        let top = hi - b * BLOCK;
        let bottom = top.saturating_sub(BLOCK - 1).max(lo);
        // `e` in `bottom..=top`: the four last values first, without a branch.
        let last = |k: usize| &g[bottom - k..=top - k];
        let hit = last(1)
            .iter()
            .zip(last(2))
            .zip(last(3).iter().zip(last(4)))
            .fold(false, |acc, ((&a, &b), (&c, &d))| {
                acc | ((a == t1) & (b == t2) & (c == t3) & (d == t4))
            });
        let ends = (bottom..=top).rev().filter(move |_| hit);
        ends.filter(move |&e| g[e - TAIL..e] == *tail)
            .map(move |e| n - e)
    })
}

/// The least period and preperiod, given a proven period `p` from `n0`.
fn least<V: Copy + Eq + Into<u64>>(g: &[V], n0: usize, p: usize) -> Periodicity {
    let period = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|i| g[i] == g[i + d]))
        .unwrap_or(p);
    let mut start = n0;
    while start > 0 && g[start - 1] == g[start - 1 + period] {
        start -= 1;
    }
    Periodicity {
        preperiod: start,
        period,
        saltus: 0,
        block: g[start..start + period].iter().map(|&v| v.into()).collect(),
    }
}

/// `prefix(period)` notation: `0 0 1 (1 2 0 3)`, eliding values beyond
/// `max_shown` on each side with `…`; `values` holds at least the prefix
/// and one period.
pub fn prefix_period<V: fmt::Display>(values: &[V], p: &Periodicity, max_shown: usize) -> String {
    let show = |v: &[V]| {
        let words: Vec<String> = v.iter().take(max_shown).map(ToString::to_string).collect();
        let mut s = words.join(" ");
        if v.len() > max_shown {
            s.push_str(" …");
        }
        s
    };
    let pre = show(&values[..p.preperiod]);
    let per = show(&values[p.preperiod..p.preperiod + p.period]);
    if pre.is_empty() {
        format!("({per})")
    } else {
        format!("{pre} ({per})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watch(parts: usize, take: usize) -> PeriodWatch {
        PeriodWatch {
            parts,
            take,
            candidate: None,
            next_check: 0,
        }
    }

    fn run(
        w: &mut PeriodWatch,
        seq: &dyn Fn(usize) -> u16,
        max: usize,
    ) -> Option<(Periodicity, usize)> {
        let mut g = Vec::new();
        for i in 0..max {
            g.push(seq(i));
            if let Some(p) = w.observe_slice(&g) {
                return Some((p, g.len()));
            }
        }
        None
    }

    #[test]
    fn known_prefix_and_period_is_found_exactly() {
        // prefix 5 9 2 7, then (1 2 3 1 4) repeated.
        let prefix = [5u16, 9, 2, 7];
        let period = [1u16, 2, 3, 1, 4];
        let seq = |i: usize| {
            if i < 4 {
                prefix[i]
            } else {
                period[(i - 4) % 5]
            }
        };
        let (p, at) = run(&mut watch(2, 3), &seq, 1000).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (4, 5, 0));
        assert_eq!(p.block, [1, 2, 3, 1, 4]);
        // The proof is complete at 2·4 + 2·5 + 3 = 21 values, not later.
        assert_eq!(at, 21);
    }

    #[test]
    fn a_period_from_heap_0_needs_the_bound_of_one_from_heap_1() {
        // A sequence constant from heap 0 (period 1) with a split in two
        // and a take of 1: 2·1 + 2·1 + 1 = 5 values, not the 3 that
        // 2·0 + 2·1 + 1 would count. (0.4 begins 0, 0, 0, 1: three equal
        // values there prove nothing.)
        assert_eq!(watch(2, 1).needed(0, 1), 5);
        assert_eq!(watch(3, 1).needed(0, 2), 10);
        let (p, at) = run(&mut watch(2, 1), &|_| 0, 100).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 1));
        assert!(at >= 5, "{at}");
    }

    #[test]
    fn a_prefix_that_imitates_the_period_is_not_counted() {
        // The last prefix value equals the period's last: preperiod is 3.
        let seq = |i: usize| match i {
            0 => 8,
            1 => 8,
            2 => 5,
            _ => [1u16, 5][(i - 3) % 2],
        };
        let (p, _) = run(&mut watch(2, 1), &seq, 200).unwrap();
        assert_eq!((p.preperiod, p.period), (2, 2));
        let values: Vec<u16> = (0..10).map(seq).collect();
        let shown = prefix_period(&values, &p, 10);
        assert_eq!(shown, "8 8 (5 1)");
    }

    /// The candidate by brute force: every period, followed back value by value.
    fn slow_best(w: &PeriodWatch, g: &[u16]) -> Option<(usize, usize)> {
        let n = g.len();
        (1..=n / 2)
            .filter_map(|p| {
                let mut s = n - p;
                while s > 0 && g[s - 1] == g[s - 1 + p] {
                    s -= 1;
                }
                (2 * p <= n - s).then(|| (w.needed(s, p), s, p))
            })
            .min()
            .map(|(_, s, p)| (s, p))
    }

    #[test]
    fn candidate_search_matches_brute_force() {
        let w = watch(2, 3);
        let mut rng = crate::rng::SplitMix64::new(5);
        for case in 0..300 {
            let n = 2 + (rng.next_u64() % 700) as usize;
            let alphabet = 1 + rng.next_u64() % [2, 3, 8, 1000][case % 4];
            let period = 1 + (rng.next_u64() % 120) as usize;
            let start = (rng.next_u64() % n as u64) as usize;
            let mut g: Vec<u16> = (0..n).map(|_| (rng.next_u64() % alphabet) as u16).collect();
            for i in start..n {
                if i >= period + start {
                    g[i] = g[i - period];
                }
            }
            let fast = w.best_candidate(&g).map(|c| (c.needed, c.start, c.period));
            let slow = slow_best(&w, &g).map(|(s, p)| (w.needed(s, p), s, p));
            // Equal needs prove the same least period: compare the needs.
            assert_eq!(fast.map(|c| c.0), slow.map(|c| c.0), "case {case}: {g:?}");
        }
    }

    #[test]
    fn a_long_stretch_of_a_short_period_is_searched_quickly() {
        // 400,000 varied values, then period 40 for 300,000 values: the last
        // values recur at 7,500 multiples of 40, each as long to follow.
        let mut rng = crate::rng::SplitMix64::new(9);
        let mut g: Vec<u16> = (0..400_000).map(|_| (rng.next_u64() % 50) as u16).collect();
        for i in 0..300_000 {
            g.push(g[400_000 - 40 + i % 40]);
        }
        let c = watch(2, 3).best_candidate(&g).unwrap();
        assert_eq!((c.start, c.period), (400_000 - 40, 40));
    }

    #[test]
    fn a_subtraction_game_is_proven_once_a_window_of_its_largest_take_recurs() {
        // S = {2, 3}: G = 0 0 1 1 2 0 0 1 1 2 … by the mex rule, by hand:
        // period 5 from 0; one heap left, at most 3 taken.
        let seq = |i: usize| [0u16, 0, 1, 1, 2][i % 5];
        let (p, at) = run(&mut watch(1, 3), &seq, 100).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.block.as_slice()),
            (0, 5, &[0, 0, 1, 1, 2][..])
        );
        // Needed: 0 + 5 + 3 = 8 values, but after the first value a
        // candidate is looked for 16 values later.
        assert_eq!(at, 17);
    }

    #[test]
    fn finds_preperiods_and_saltus() {
        let p = periodicity(&[5, 9, 0, 1, 2, 0, 1, 2, 0, 1, 2]).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (2, 3, 0));
        assert_eq!(p.block, [0, 1, 2]);
        let n: Vec<u64> = (0..20).collect();
        let p = periodicity(&n).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
        assert_eq!(
            p.to_string(),
            "arithmetic-periodic with period 1 and saltus 1 from the start: (0)"
        );
    }

    #[test]
    fn refuses_what_is_not_seen_twice() {
        assert_eq!(periodicity(&[0, 1, 2, 0, 1]), None);
        assert_eq!(periodicity(&[3]), None);
        assert_eq!(periodicity(&[]), None);
        assert_eq!(periodicity(&[4, 3, 2, 1, 0, 0]), None);
    }

    #[test]
    fn no_period_no_proof() {
        assert!(run(&mut watch(2, 2), &|i| (i as f64).sqrt() as u16, 3000).is_none());
    }
}
