//! `api::census` against the published tables of one- and two-digit octal
//! games, and its classes against values computed here from the rules.

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use grundy::api::census::{self, Family, Record, Report, Rule};

use crate::common::brute::mex;

const DATA: &str = include_str!("../data/census_octal2.txt");

/// Values a rule of the data file should reach: `None` for an open game.
fn published() -> Vec<(String, Option<(usize, usize)>)> {
    DATA.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let period = match w[1..] {
                ["open"] => None,
                [pre, p] => Some((pre.parse().unwrap(), p.parse().unwrap())),
                _ => panic!("bad line {l}"),
            };
            (w[0].to_string(), period)
        })
        .collect()
}

fn census(family: &str, max: usize, threads: usize) -> Vec<Record> {
    let rules = family.parse::<Family>().unwrap().rules().unwrap();
    let done = Mutex::new(HashMap::new());
    census::run(&rules, max, threads, &|_| {}, &|rule, r| {
        done.lock().unwrap().insert(rule.name().to_string(), r);
        Ok(())
    })
    .unwrap();
    let mut done = done.into_inner().unwrap();
    rules
        .iter()
        .map(|r| done.remove(r.name()).unwrap())
        .collect()
}

/// `G(0..len)` of an octal code `0.d1d2…` from the rules alone: taking `k`
/// tokens may leave nothing (bit 1, the heap had `k`), one heap (bit 2) or
/// two non-empty heaps (bit 4).
fn octal_values(code: &str, len: usize) -> Vec<u64> {
    let digits: Vec<u32> = code[2..].chars().map(|c| c.to_digit(8).unwrap()).collect();
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut options = BTreeSet::new();
        for (i, &d) in digits.iter().enumerate() {
            let k = i + 1;
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                options.insert(0);
            }
            if d & 2 != 0 && rest > 0 {
                options.insert(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    options.insert(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push(mex(&options));
    }
    g
}

#[test]
fn the_two_digit_census_agrees_with_the_published_tables() {
    let max = 4000;
    let records = census("octal:2", max, 2);
    assert_eq!(records.len(), 63);
    let by_rule: HashMap<&str, &Record> = records.iter().map(|r| (r.rule.as_str(), r)).collect();
    let table = published();
    assert!(table.len() > 30, "the data file lost its lines");
    for (code, period) in table {
        let r = by_rule[code.as_str()];
        match period {
            None => assert!(
                !r.proven,
                "{code} is listed unsolved but reported proven: {r:?}"
            ),
            Some((pre, p)) => {
                if r.proven {
                    assert_eq!((r.preperiod, r.period), (Some(pre), Some(p)), "{code}");
                    assert_eq!(r.saltus, Some(0), "{code}");
                } else {
                    // Guy–Smith needs about 2·preperiod + period values.
                    assert!(
                        2 * pre + p + 4 > max,
                        "{code}: ({pre}, {p}) not proven in {max}"
                    );
                    assert_eq!(r.values, max, "{code}");
                }
            }
        }
    }
}

#[test]
fn records_hold_the_values_computed_from_the_rules() {
    let records = census("octal:2", 600, 1);
    for r in &records {
        let g = octal_values(&r.rule, r.values);
        let largest = *g.iter().max().unwrap();
        assert_eq!(u64::from(r.largest), largest, "{}", r.rule);
        assert_eq!(g[r.largest_at], largest, "{}", r.rule);
        assert!(g[..r.largest_at].iter().all(|&v| v < largest), "{}", r.rule);
        let head: Vec<u64> = r.head.iter().map(|&v| u64::from(v)).collect();
        assert_eq!(head, g[..head.len()], "{}", r.rule);
        if let (Some(pre), Some(p)) = (r.preperiod, r.period) {
            assert!(
                (pre..r.values.saturating_sub(p)).all(|n| g[n + p] == g[n]),
                "{}",
                r.rule
            );
        }
    }
}

#[test]
fn classes_are_the_rules_with_identical_values() {
    let records = census("octal:2", 600, 2);
    let report = Report::new(&records);
    let values: HashMap<&str, Vec<u64>> = records
        .iter()
        .map(|r| (r.rule.as_str(), octal_values(&r.rule, 600)))
        .collect();
    let mut class_of = HashMap::new();
    for (k, c) in report.classes.iter().enumerate() {
        for rule in &c.rules {
            class_of.insert(rule.as_str(), k);
        }
    }
    // Two proven rules share a class exactly when their first 600 values agree.
    let proven: Vec<&Record> = records.iter().filter(|r| r.proven).collect();
    for a in &proven {
        for b in &proven {
            if a.rule < b.rule {
                let same = values[a.rule.as_str()] == values[b.rule.as_str()];
                let grouped = class_of.contains_key(a.rule.as_str())
                    && class_of.get(a.rule.as_str()) == class_of.get(b.rule.as_str());
                assert_eq!(same, grouped, "{} {}", a.rule, b.rule);
            }
        }
    }
    assert!(!report.classes.is_empty());
    assert_eq!(report.proven + report.open, 63);
}

#[test]
fn threads_do_not_change_the_records() {
    assert_eq!(census("octal:2", 1500, 1), census("octal:2", 1500, 2));
}

#[test]
fn subtraction_sets_are_periodic_from_the_rules() {
    let records = census("subtraction:4", 200, 2);
    assert_eq!(records.len(), 15);
    for r in &records {
        assert!(
            r.proven,
            "{}: every finite subtraction game is periodic",
            r.rule
        );
        let set: Vec<usize> = r.rule["subtraction:".len()..]
            .split(',')
            .map(|s| s.parse().unwrap())
            .collect();
        let mut g: Vec<u64> = Vec::new();
        for n in 0..r.values {
            let options = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
            g.push(mex(&options));
        }
        let head: Vec<u64> = r.head.iter().map(|&v| u64::from(v)).collect();
        assert_eq!(head, g[..head.len()], "{}", r.rule);
    }
    // Winning Ways ch. 4: S = {1, 3, 4} has period 7 from 0.
    let r = records
        .iter()
        .find(|r| r.rule == "subtraction:1,3,4")
        .unwrap();
    assert_eq!((r.preperiod, r.period), (Some(0), Some(7)));
}

#[test]
fn degenerate_and_oversized_requests_are_refused_or_handled() {
    // 0.0, 0.00, … allow no move: left out, not a crash.
    let rules = "octal:3".parse::<Family>().unwrap().rules().unwrap();
    assert!(rules.iter().all(|r| r.name() != "0.0"));
    // 0.1 takes a heap of one only: 0 1 0 0 0 …
    let r = census::compute(&"0.1".parse::<Rule>().unwrap(), 100, &mut |_| {}).unwrap();
    assert_eq!((r.preperiod, r.period, r.proven), (Some(2), Some(1), true));
    let too_many = census::compute(&rules[0], census::MAX_VALUES + 1, &mut |_| {});
    assert!(matches!(
        too_many,
        Err(census::CensusError::TooLarge { .. })
    ));
    assert!("0.0".parse::<Rule>().is_err());
    assert!("octal:8"
        .parse::<Family>()
        .unwrap()
        .with_options(true, &[0])
        .unwrap()
        .rules()
        .is_err());
}

#[test]
fn three_digit_games_solved_late_are_proven_with_their_published_periods() {
    let data = include_str!("../data/census_octal3.txt");
    let rules: Vec<(Rule, usize, usize)> = data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (
                w[0].parse().unwrap(),
                w[1].parse().unwrap(),
                w[2].parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(rules.len(), 5);
    for (rule, pre, p) in rules {
        let r = census::compute(&rule, 200_000, &mut |_| {}).unwrap();
        assert_eq!(
            (r.preperiod, r.period, r.proven),
            (Some(pre), Some(p), true),
            "{}",
            r.rule
        );
        assert_eq!(r.head.len(), pre + p);
    }
}
