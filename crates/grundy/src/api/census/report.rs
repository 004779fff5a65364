//! A census's records gathered: classes of identical sequences, a summary,
//! CSV rows.

use std::collections::HashMap;
use std::fmt::Write;

use serde::Serialize;

use super::Record;
use crate::solve::heap::checkpoint::checksum;

/// The header of the census CSV, the fields of [`Record::csv_row`].
pub const CSV_HEADER: &str =
    "rule,preperiod,period,saltus,proven,values,largest,largest_at,checksum";

impl Record {
    /// The record as a CSV row (no line end): empty fields where no period
    /// is proven; a rule with a comma (`subtraction:1,3`) in quotes.
    pub fn csv_row(&self) -> String {
        let opt = |v: Option<u64>| v.map_or_else(String::new, |v| v.to_string());
        let rule = if self.rule.contains(',') {
            format!("\"{}\"", self.rule)
        } else {
            self.rule.clone()
        };
        format!(
            "{rule},{},{},{},{},{},{},{},{}",
            opt(self.preperiod.map(|p| p as u64)),
            opt(self.period.map(|p| p as u64)),
            opt(self.saltus),
            self.proven,
            self.values,
            self.largest,
            self.largest_at,
            self.checksum
        )
    }
}

/// Rules with identical sequences: the equivalent games of the literature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Class {
    /// The rules, in the order of the records.
    pub rules: Vec<String>,
    /// Whether the sequences are proven identical (both periods proven,
    /// same preperiod, period and values up to them), rather than equal on
    /// every value computed.
    pub proven: bool,
    /// The preperiod, when proven.
    pub preperiod: Option<usize>,
    /// The period, when proven.
    pub period: Option<usize>,
}

/// A census's classes and summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// How many rules.
    pub rules: usize,
    /// How many with a proven period.
    pub proven: usize,
    /// How many without (no period proven within `max` values).
    pub open: usize,
    /// Every class of identical sequences with more than one rule, ordered
    /// by their first rule.
    pub classes: Vec<Class>,
    /// How many different sequences (classes, counting single rules).
    pub distinct: usize,
}

impl Report {
    /// Groups `records` (in the order given, which orders the classes):
    /// proven rules by preperiod, period, saltus and the checksum of the
    /// values that fix the sequence, confirmed by those values; open rules
    /// by the number and checksum of the values computed, confirmed by the
    /// first values they keep. A proven rule is never grouped with an open
    /// one (their sequences differ, or the open one would be proven).
    pub fn new(records: &[Record]) -> Report {
        type Key = (bool, Option<usize>, Option<usize>, Option<u64>, usize, u32);
        let mut buckets: HashMap<Key, Vec<Vec<usize>>> = HashMap::new();
        let mut order: Vec<(Key, usize)> = Vec::new();
        for (i, r) in records.iter().enumerate() {
            let key = if r.proven {
                (true, r.preperiod, r.period, r.saltus, 0, checksum(&r.head))
            } else {
                let sum = u32::from_str_radix(&r.checksum, 16).unwrap_or(0);
                (false, None, None, None, r.values, sum)
            };
            let groups = buckets.entry(key).or_default();
            // Confirmed by the values kept: a checksum may collide.
            match groups.iter_mut().find(|g| records[g[0]].head == r.head) {
                Some(g) => g.push(i),
                None => {
                    order.push((key, groups.len()));
                    groups.push(vec![i]);
                }
            }
        }
        let distinct = order.len();
        let mut classes: Vec<Class> = order
            .into_iter()
            .map(|(key, k)| &buckets[&key][k])
            .filter(|g| g.len() > 1)
            .map(|g| {
                let first = &records[g[0]];
                Class {
                    rules: g.iter().map(|&i| records[i].rule.clone()).collect(),
                    proven: first.proven,
                    preperiod: first.preperiod,
                    period: first.period,
                }
            })
            .collect();
        classes.sort_by_key(|c| {
            records
                .iter()
                .position(|r| r.rule == c.rules[0])
                .unwrap_or(usize::MAX)
        });
        let proven = records.iter().filter(|r| r.proven).count();
        Report {
            rules: records.len(),
            proven,
            open: records.len() - proven,
            classes,
            distinct,
        }
    }

    /// The summary in a few lines of text.
    pub fn summary(&self, family: &str, max: usize) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "census {family}, up to {max} values a rule: {} rules, {} proven, {} open (no period proven in {max} values)",
            self.rules, self.proven, self.open
        );
        let _ = writeln!(
            s,
            "{} different sequences; {} classes of rules with identical sequences",
            self.distinct,
            self.classes.len()
        );
        s
    }

    /// The classes as text, one a line: `0.16 0.36: preperiod …, period …`
    /// or `… : equal on every value computed`.
    pub fn classes_text(&self) -> String {
        let mut s = String::new();
        for c in &self.classes {
            let what = match (c.preperiod, c.period) {
                (Some(pre), Some(p)) if c.proven => format!("preperiod {pre}, period {p}"),
                _ => "open, equal on every value computed".to_string(),
            };
            let _ = writeln!(s, "{}: {what}", c.rules.join(" "));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(rule: &str, period: Option<(usize, usize)>, head: &[u32], values: usize) -> Record {
        Record {
            rule: rule.into(),
            preperiod: period.map(|p| p.0),
            period: period.map(|p| p.1),
            saltus: period.map(|_| 0),
            proven: period.is_some(),
            values,
            largest: head.iter().copied().max().unwrap_or(0),
            largest_at: 0,
            checksum: format!("{:08X}", checksum(head)),
            head: head.to_vec(),
        }
    }

    #[test]
    fn classes_hold_identical_sequences_only() {
        let records = [
            record("0.a", Some((0, 2)), &[0, 1], 10),
            record("0.b", Some((0, 2)), &[0, 1], 12),
            record("0.c", Some((0, 2)), &[1, 0], 10),
            record("0.d", None, &[0, 1, 0, 1], 4),
            record("0.e", None, &[0, 1, 0, 1], 4),
            record("0.f", None, &[0, 1, 0, 1], 5),
        ];
        let r = Report::new(&records);
        assert_eq!((r.rules, r.proven, r.open, r.distinct), (6, 3, 3, 4));
        let rules: Vec<Vec<String>> = r.classes.iter().map(|c| c.rules.clone()).collect();
        assert_eq!(rules, [vec!["0.a", "0.b"], vec!["0.d", "0.e"]]);
        assert!(r.classes[0].proven && !r.classes[1].proven);
        assert_eq!(
            r.classes_text(),
            "0.a 0.b: preperiod 0, period 2\n0.d 0.e: open, equal on every value computed\n"
        );
    }

    #[test]
    fn a_colliding_checksum_is_told_apart_by_the_values() {
        // Fletcher sums: a = 1 + 0 + 1 = 0 + 2 + 0, b = 3·1 + 1 = 2·2.
        let (a, b) = ([1u32, 0, 1], [0u32, 2, 0]);
        assert_eq!(checksum(&a), checksum(&b));
        let records = [
            record("0.a", Some((0, 3)), &a, 9),
            record("0.b", Some((0, 3)), &b, 9),
        ];
        let r = Report::new(&records);
        assert_eq!(r.classes.len(), 0);
        assert_eq!(r.distinct, 2);
    }

    #[test]
    fn csv_rows_quote_sets() {
        let r = record("subtraction:1,3", Some((0, 2)), &[0, 1], 8);
        assert!(r
            .csv_row()
            .starts_with("\"subtraction:1,3\",0,2,0,true,8,1,0,"));
        let open = record("0.6", None, &[0, 1], 2);
        assert!(
            open.csv_row().starts_with("0.6,,,,false,2,"),
            "{}",
            open.csv_row()
        );
    }
}
