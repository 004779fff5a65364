//! Families of rules and their members.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::CensusError;
use crate::games::subtraction::SubtractionSet;
use crate::solve::heap::code::HeapCode;

/// The most rules in one census (each is a file of the results directory).
pub const MAX_RULES: usize = 1 << 20;

/// The most code digits after the point of an `octal:D` family.
pub const MAX_OCTAL_DIGITS: usize = 8;

/// The largest `MAX` of a `subtraction:MAX` family (2^MAX − 1 sets).
pub const MAX_SUBTRACTION_SET: u64 = 20;

/// A family of rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    /// Every take-and-break code `d0.d1…dD` with `D` digits after the point
    /// (trailing zeros dropped, so shorter codes are members too), `d0`
    /// among `leading`, the other digits octal (0–7) or, with `hex`,
    /// hexadecimal (0–F: bit 8 splits a heap in three). The code with no
    /// move at all (`0.000`) is left out.
    Octal {
        /// `D`.
        digits: usize,
        /// Digits up to F instead of 7.
        hex: bool,
        /// The digits before the point: 0, 4 (split a heap in two without
        /// taking), 8, C.
        leading: Vec<u8>,
    },
    /// Every non-empty subtraction set within `1..=max`.
    Subtraction {
        /// The largest number a set may hold.
        max: u64,
    },
}

/// One rule of a census: its name and its code on the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    name: String,
    code: HeapCode,
}

impl Rule {
    /// The name records and files carry: the canonical code (`0.137`), or
    /// `subtraction:1,3,4`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The code the engine runs.
    pub fn code(&self) -> &HeapCode {
        &self.code
    }

    /// A name safe as a file name (`0.137`, `subtraction-1-3-4`).
    pub fn file_stem(&self) -> String {
        self.name.replace([':', ','], "-")
    }

    fn subtraction(set: Vec<u64>) -> Rule {
        let name = format!(
            "subtraction:{}",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let mut digits = vec![0u8; set.last().map_or(1, |&t| t as usize + 1)];
        for &s in &set {
            digits[s as usize] = 3;
        }
        Rule {
            name,
            code: HeapCode::Code(digits),
        }
    }
}

impl FromStr for Rule {
    type Err = CensusError;

    /// Parses a name as [`Rule::name`] writes it.
    fn from_str(text: &str) -> Result<Rule, CensusError> {
        let bad = |reason: String| CensusError::BadRule {
            rule: text.to_string(),
            reason,
        };
        if let Some(set) = text.strip_prefix("subtraction:") {
            let set = SubtractionSet::parse(set).map_err(|e| bad(e.to_string()))?;
            if set.largest() > MAX_SUBTRACTION_SET {
                return Err(bad(format!(
                    "a census set holds numbers up to {MAX_SUBTRACTION_SET}"
                )));
            }
            return Ok(Rule::subtraction(set.elements().collect()));
        }
        let code: HeapCode = text
            .parse()
            .map_err(|e: crate::solve::heap::code::ParseCodeError| bad(e.to_string()))?;
        if code.unequal() || code.max_take() > MAX_OCTAL_DIGITS {
            return Err(bad(format!(
                "a census code has at most {MAX_OCTAL_DIGITS} digits after the point"
            )));
        }
        Ok(Rule {
            name: code.to_string(),
            code,
        })
    }
}

impl Family {
    /// How many rules the family has (before any is built).
    pub fn len(&self) -> u128 {
        match self {
            Family::Octal {
                digits,
                hex,
                leading,
            } => {
                let base: u128 = if *hex { 16 } else { 8 };
                let all = base.pow(*digits as u32) * leading.len() as u128;
                // 0.00…0 allows no move.
                all - u128::from(leading.contains(&0))
            }
            Family::Subtraction { max } => (1u128 << max) - 1,
        }
    }

    /// Whether the family has no rule.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every rule of the family, in the family's order (codes as numbers,
    /// sets by their bits).
    ///
    /// # Errors
    /// [`CensusError::TooLarge`] for more than [`MAX_RULES`] rules.
    pub fn rules(&self) -> Result<Vec<Rule>, CensusError> {
        let n = self.len();
        if n > MAX_RULES as u128 {
            return Err(CensusError::TooLarge {
                what: format!("a census of {n} rules ({self})"),
                limit: format!("{MAX_RULES} rules"),
                fix: "take fewer digits, or split the family".into(),
            });
        }
        Ok(match self {
            Family::Octal {
                digits,
                hex,
                leading,
            } => octal_rules(*digits, if *hex { 16 } else { 8 }, leading),
            Family::Subtraction { max } => (1u64..1 << max)
                .map(|bits| {
                    Rule::subtraction((1..=*max).filter(|s| bits >> (s - 1) & 1 == 1).collect())
                })
                .collect(),
        })
    }
}

fn octal_rules(digits: usize, base: u8, leading: &[u8]) -> Vec<Rule> {
    let mut rules = Vec::new();
    for &lead in leading {
        let mut tail = vec![0u8; digits];
        loop {
            let mut code = vec![lead];
            code.extend(&tail);
            while code.len() > 1 && code.last() == Some(&0) {
                code.pop();
            }
            if code.iter().any(|&d| d != 0) {
                let code = HeapCode::Code(code);
                rules.push(Rule {
                    name: code.to_string(),
                    code,
                });
            }
            // The next tail, as a number in `base` with its last digit lowest.
            let Some(k) = tail.iter().rposition(|&d| d + 1 < base) else {
                break;
            };
            tail[k] += 1;
            tail[k + 1..].fill(0);
        }
    }
    rules
}

impl FromStr for Family {
    type Err = CensusError;

    /// `octal:D` (octal digits, leading 0: add others with
    /// [`Family::with_options`]) or `subtraction:MAX`.
    fn from_str(text: &str) -> Result<Family, CensusError> {
        let bad = |reason: &str| CensusError::BadFamily {
            family: text.to_string(),
            reason: reason.to_string(),
        };
        let (kind, n) = text
            .split_once(':')
            .ok_or_else(|| bad("no `:` between the kind and its size"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| bad("the size after `:` is not a number"))?;
        match kind.trim() {
            "octal" => {
                if n == 0 || n > MAX_OCTAL_DIGITS as u64 {
                    return Err(bad(&format!(
                        "octal families have 1 to {MAX_OCTAL_DIGITS} digits"
                    )));
                }
                Ok(Family::Octal {
                    digits: n as usize,
                    hex: false,
                    leading: vec![0],
                })
            }
            "subtraction" => {
                if n == 0 || n > MAX_SUBTRACTION_SET {
                    return Err(bad(&format!(
                        "subtraction families take sets within 1..MAX, MAX from 1 to {MAX_SUBTRACTION_SET}"
                    )));
                }
                Ok(Family::Subtraction { max: n })
            }
            _ => Err(bad("the kind is neither `octal` nor `subtraction`")),
        }
    }
}

impl Family {
    /// The family with hexadecimal digits and/or other leading digits (an
    /// octal family; a subtraction family is returned unchanged when both
    /// are the defaults).
    ///
    /// # Errors
    /// [`CensusError::BadFamily`] for a leading digit other than 0, 4, 8,
    /// C (8 and C only with `hex`), or options on a subtraction family.
    pub fn with_options(self, hex: bool, leading: &[u8]) -> Result<Family, CensusError> {
        let bad = |reason: String| CensusError::BadFamily {
            family: self.to_string(),
            reason,
        };
        match &self {
            Family::Octal { digits, .. } => {
                if let Some(d) = leading
                    .iter()
                    .find(|&&d| d & 3 != 0 || d > 15 || (!hex && d > 7))
                {
                    return Err(bad(format!(
                        "leading digit {d:X}: it must be 0 or 4 (8 or C with --hex)"
                    )));
                }
                let mut leading = leading.to_vec();
                leading.sort_unstable();
                leading.dedup();
                if leading.is_empty() {
                    leading.push(0);
                }
                Ok(Family::Octal {
                    digits: *digits,
                    hex,
                    leading,
                })
            }
            Family::Subtraction { .. } if hex || leading.iter().any(|&d| d != 0) => Err(bad(
                "--hex and --leading apply to octal families only".into(),
            )),
            Family::Subtraction { .. } => Ok(self),
        }
    }
}

/// `octal:3`, `octal:3 hex leading 0,4`, `subtraction:8`.
impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Octal {
                digits,
                hex,
                leading,
            } => {
                write!(f, "octal:{digits}")?;
                if *hex {
                    f.write_str(" hex")?;
                }
                if leading != &[0] {
                    let l: Vec<String> = leading.iter().map(|d| format!("{d:X}")).collect();
                    write!(f, " leading {}", l.join(","))?;
                }
                Ok(())
            }
            Family::Subtraction { max } => write!(f, "subtraction:{max}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_families_count_their_codes() {
        for (family, hex, leading, n) in [
            ("octal:1", false, vec![0], 7),
            ("octal:2", false, vec![0], 63),
            ("octal:3", false, vec![0], 511),
            ("octal:2", false, vec![0, 4], 127),
            ("octal:1", true, vec![0], 15),
        ] {
            let f: Family = family
                .parse::<Family>()
                .unwrap()
                .with_options(hex, &leading)
                .unwrap();
            let rules = f.rules().unwrap();
            assert_eq!(rules.len() as u128, f.len(), "{f}");
            assert_eq!(rules.len(), n, "{f}");
            let mut names: Vec<&str> = rules.iter().map(Rule::name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), n, "{f}: a code twice");
        }
    }

    #[test]
    fn shorter_codes_are_members_once() {
        let rules = "octal:2".parse::<Family>().unwrap().rules().unwrap();
        let names: Vec<&str> = rules.iter().map(Rule::name).collect();
        assert_eq!(&names[..3], ["0.01", "0.02", "0.03"]);
        assert!(names.contains(&"0.7") && names.contains(&"0.77"));
        assert!(!names.iter().any(|n| n.ends_with('0')));
    }

    #[test]
    fn subtraction_families_hold_every_set() {
        let rules = "subtraction:3".parse::<Family>().unwrap().rules().unwrap();
        let names: Vec<&str> = rules.iter().map(Rule::name).collect();
        assert_eq!(
            names,
            [
                "subtraction:1",
                "subtraction:2",
                "subtraction:1,2",
                "subtraction:3",
                "subtraction:1,3",
                "subtraction:2,3",
                "subtraction:1,2,3"
            ]
        );
        assert_eq!(rules[4].code().to_string(), "0.303");
        assert_eq!(rules[4].file_stem(), "subtraction-1-3");
        assert_eq!("subtraction:1,3".parse::<Rule>().unwrap(), rules[4]);
    }

    #[test]
    fn bad_families_say_what_to_write() {
        for bad in [
            "octal",
            "octal:0",
            "octal:9",
            "octal:x",
            "nim:3",
            "subtraction:21",
        ] {
            let e = bad.parse::<Family>().unwrap_err();
            assert!(matches!(e, CensusError::BadFamily { .. }), "{bad}: {e}");
            assert!(e.to_string().contains("octal:3"), "{e}");
        }
        let f: Family = "octal:2".parse().unwrap();
        assert!(f.clone().with_options(false, &[1]).is_err());
        assert!(f.with_options(false, &[8]).is_err());
        assert!("octal:8"
            .parse::<Family>()
            .unwrap()
            .with_options(true, &[0])
            .unwrap()
            .rules()
            .is_err());
    }
}
