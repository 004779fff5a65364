//! Periodic and arithmetic-periodic sequences.

use std::fmt;

use serde::Serialize;

/// `v(n + period) = v(n) + saltus` for every `n >= preperiod` (of the terms
/// given): periodic when `saltus` is 0, arithmetic-periodic otherwise.
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
///
/// ```
/// use grundy::pattern::periodicity;
/// let p = periodicity(&[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1]).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (0, 7, 0));
/// let a = periodicity(&[0, 0, 1, 1, 2, 2, 3, 3, 4, 4]).unwrap();
/// assert_eq!((a.period, a.saltus), (2, 1));
/// ```
///
/// # Complexity
/// O(len²): each candidate period is checked from the end.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_preperiods_and_saltus() {
        // Values of take-1-or-2-or-split... here simply hand-made.
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
}
