//! Misère simplest forms and genus against exhaustive misère search (the
//! `Searcher`, which sees only the games' moves), and against the
//! literature's counts and genus tables.

use super::common;
use std::collections::HashMap;
use std::sync::Arc;

use crate::games::heaps::{small_heap_lists, Heaps};
use crate::games::nim::Nim;
use crate::games::octal::{Octal, OctalRule};
use crate::misere::canonical::{Form, Forms};
use crate::misere::genus::{tame_outcome, Genera, Kind};
use crate::misere::heaps::{HeapForms, HeapGame};
use crate::rng::SplitMix64;
use crate::solve::Searcher;
use crate::{Game, Outcome, Play};

const CODES: [&str; 5] = ["0.77", "0.07", "0.137", "0.75", "0.312"];

fn octal(code: &str, heaps: Vec<u64>) -> Octal {
    let rule = Arc::new(OctalRule::new(code.into(), code.parse().unwrap()));
    Heaps::with_rule(rule, heaps)
}

fn random_heaps(rng: &mut SplitMix64, max_heaps: u64, max_heap: u64) -> Vec<u64> {
    let count = rng.range(1, max_heaps);
    (0..count).map(|_| rng.range(0, max_heap)).collect()
}

#[test]
fn canonical_outcomes_of_random_sums_agree_with_search() {
    let mut rng = SplitMix64::new(15);
    for code in CODES {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut built = HeapForms::new(HeapGame::Code(code.parse().unwrap()));
        let mut search = Searcher::new(Play::Misere);
        for _ in 0..60 {
            let heaps = random_heaps(&mut rng, 4, 9);
            let f = built.sum(&mut forms, &heaps).unwrap();
            let searched = search.solve(&octal(code, heaps.clone())).unwrap().outcome;
            assert_eq!(forms.outcome(f), searched, "{code} {heaps:?}");
        }
    }
    let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
    let mut nim = HeapForms::new(HeapGame::Nim);
    let mut search = Searcher::new(Play::Misere);
    for _ in 0..60 {
        let heaps = random_heaps(&mut rng, 4, 6);
        let f = nim.sum(&mut forms, &heaps).unwrap();
        let searched = search.solve(&Nim::new(heaps.clone())).unwrap().outcome;
        assert_eq!(forms.outcome(f), searched, "nim {heaps:?}");
    }
}

#[test]
fn positions_with_one_form_are_told_apart_by_nothing() {
    // Equal simplest forms must give equal outcomes beside any third game.
    // Every sum of up to 3 heaps of 1 to 5 is grouped by its form; each sum
    // is set against the smallest sum of its class beside every third game
    // of up to 2 heaps of 1 to 4, all searched with one table per game.
    // Sums equal once heaps without a move are dropped are left out: the
    // search sees them as one position, so they would prove nothing.
    let thirds = small_heap_lists(4, 2);
    let thirds: Vec<&Vec<u64>> = thirds.iter().filter(|x| !x.contains(&0)).collect();
    for code in ["0.77", "0.07", "0.137"] {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut built = HeapForms::new(HeapGame::Code(code.parse().unwrap()));
        let mut search = Searcher::new(Play::Misere);
        let mut by_form: HashMap<Form, Vec<Vec<u64>>> = HashMap::new();
        for heaps in small_heap_lists(5, 3) {
            if !heaps.contains(&0) {
                let f = built.sum(&mut forms, &heaps).unwrap();
                by_form.entry(f).or_default().push(heaps);
            }
        }
        let (mut pairs, mut told_apart) = (0, 0);
        let mut seen: HashMap<Vec<Outcome>, Form> = HashMap::new();
        for (f, mut class) in by_form {
            class.sort_by_key(|h| (h.iter().sum::<u64>(), h.clone()));
            let outcomes = |search: &mut Searcher<Octal>, heaps: &[u64]| -> Vec<Outcome> {
                thirds
                    .iter()
                    .map(|x| {
                        let sum = [heaps, &x[..]].concat();
                        search.solve(&octal(code, sum)).unwrap().outcome
                    })
                    .collect()
            };
            let first = outcomes(&mut search, &class[0]);
            // Different forms are told apart by some third game here, or the
            // third games would be too weak for the check to mean anything.
            if seen.insert(first.clone(), f).is_none() {
                told_apart += 1;
            }
            let plain = octal(code, class[0].clone()).canonical();
            for heaps in &class[1..] {
                if octal(code, heaps.clone()).canonical() == plain {
                    continue;
                }
                pairs += 1;
                let other = outcomes(&mut search, heaps);
                for (x, (a, b)) in thirds.iter().zip(first.iter().zip(&other)) {
                    assert_eq!(a, b, "{code}: {:?} and {heaps:?} beside {x:?}", class[0]);
                }
            }
        }
        println!("{code}: {pairs} pairs, {told_apart} classes told apart");
        assert!(pairs > 25, "{code}: only {pairs} pairs of equal forms met");
        assert!(
            told_apart > 4,
            "{code}: third games tell only {told_apart} apart"
        );
    }
}

#[test]
fn genus_terms_agree_with_search_of_heaps_of_two() {
    // In Kayles and 0.75 a heap of 2 is the nim heap *2, so γk of a heap
    // is 0 exactly when the heap plus k heaps of 2 is a misère P-position.
    for code in ["0.77", "0.75"] {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut built = HeapForms::new(HeapGame::Code(code.parse().unwrap()));
        let two = built.heap(&mut forms, 2).unwrap();
        assert_eq!(forms.nim_heap(two), Some(2), "{code}");
        let mut genera = Genera::new();
        let mut search = Searcher::new(Play::Misere);
        for n in 0..12 {
            let f = built.heap(&mut forms, n).unwrap();
            let genus = genera.genus(&mut forms, f).unwrap();
            for k in 0..4 {
                let mut heaps = vec![n];
                heaps.extend(std::iter::repeat_n(2, k));
                let p = search.solve(&octal(code, heaps)).unwrap().outcome == Outcome::Previous;
                assert_eq!(genus.gammas[k] == 0, p, "{code} heap {n} + {k} x *2");
            }
        }
    }
}

#[test]
fn tame_sums_follow_the_genus_rule() {
    let mut rng = SplitMix64::new(99);
    for code in CODES {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut built = HeapForms::new(HeapGame::Code(code.parse().unwrap()));
        let mut genera = Genera::new();
        let mut search = Searcher::new(Play::Misere);
        let mut tame = Vec::new();
        for n in 0..12 {
            let f = built.heap(&mut forms, n).unwrap();
            let kind = genera.kind(&mut forms, f).unwrap();
            if kind.is_tame() {
                tame.push((n, forms.normal_grundy(f), kind == Kind::Fickle));
            }
        }
        assert!(tame.len() >= 3, "{code}: {tame:?}");
        for _ in 0..40 {
            let count = rng.range(1, 5) as usize;
            let parts: Vec<_> = (0..count)
                .map(|_| tame[rng.range(0, tame.len() as u64 - 1) as usize])
                .collect();
            let heaps: Vec<u64> = parts.iter().map(|p| p.0).collect();
            let rule = tame_outcome(parts.iter().map(|p| (p.1, p.2)));
            let searched = search.solve(&octal(code, heaps.clone())).unwrap().outcome;
            assert_eq!(rule, searched, "{code} {heaps:?}");
        }
    }
}

#[test]
fn normal_values_of_forms_are_the_grundy_sequence() {
    // The `g` of the genus, read off the forms, against the octal data file.
    let data = include_str!("../../tests/data/octal.txt");
    let kayles: Vec<u32> = data
        .split("rule 0.77")
        .nth(1)
        .and_then(|b| b.lines().nth(2))
        .unwrap()
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect();
    let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
    let mut built = HeapForms::new(HeapGame::Code("0.77".parse().unwrap()));
    for (n, &g) in kayles.iter().enumerate().take(24) {
        let f = built.heap(&mut forms, n as u64).unwrap();
        assert_eq!(forms.normal_grundy(f), g, "kayles {n}");
    }
}

/// The blocks of a data file: (source, rule, lines).
fn blocks(text: &str) -> Vec<(String, String, Vec<String>)> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let source = block.lines().find(|l| l.starts_with("# Source:"));
        let Some(source) = source else { continue };
        let mut rule = String::new();
        let mut lines = Vec::new();
        for l in block.lines().filter(|l| !l.starts_with('#')) {
            match l.strip_prefix("rule ") {
                Some(r) => rule = r.trim().to_string(),
                None => lines.push(l.trim().to_string()),
            }
        }
        out.push((source.to_string(), rule, lines));
    }
    out
}

/// `g^{γ0γ1…}` read as (g, γs).
fn read_genus(text: &str) -> (u32, Vec<u32>) {
    let (g, rest) = text.split_once("^{").unwrap();
    let digits = rest.trim_end_matches('}');
    let gammas = digits.chars().map(|c| c.to_digit(10).unwrap()).collect();
    (g.trim().parse().unwrap(), gammas)
}

#[test]
fn genus_values_from_the_literature() {
    let mut checked = 0;
    for (source, rule, lines) in blocks(include_str!("../../tests/data/misere_genus.txt")) {
        let game = if rule == "nim" {
            HeapGame::Nim
        } else {
            HeapGame::Code(rule.parse().unwrap())
        };
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut built = HeapForms::new(game);
        let mut genera = Genera::new();
        for line in lines {
            let (heap, text) = line.split_once(' ').unwrap();
            let f = built.heap(&mut forms, heap.parse().unwrap()).unwrap();
            let genus = genera.genus(&mut forms, f).unwrap();
            let (g, gammas) = read_genus(text);
            assert_eq!(genus.normal, g, "{source}: {rule} {heap}");
            // The source's superscript, continued by its final pair.
            for (k, &computed) in genus.gammas.iter().enumerate() {
                let m = gammas.len();
                let expected = if k < m {
                    gammas[k]
                } else {
                    gammas[m - 2 + (k - m) % 2]
                };
                assert_eq!(computed, expected, "{source}: {rule} {heap} γ{k}");
            }
            // Printed once, the shortest form of the same sequence.
            assert!(text.starts_with(&genus.to_string()[..genus.to_string().len() - 1]));
            checked += 1;
        }
    }
    assert!(checked >= 7);
}

#[test]
fn games_born_by_each_day_as_conway_counts() {
    let mut forms = Forms::new(crate::solve::Limits::new(1 << 16));
    let mut born = vec![Form::ZERO];
    let mut counts = vec![1usize];
    for _day in 1..=4 {
        let mut next = Vec::new();
        for mask in 0u32..(1 << born.len()) {
            let options = (0..born.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| born[i])
                .collect();
            next.push(forms.simplest(options).unwrap());
        }
        next.sort();
        next.dedup();
        born = next;
        counts.push(born.len());
    }
    for (source, _, lines) in blocks(include_str!("../../tests/data/misere_days.txt")) {
        for line in lines {
            let (day, count) = line.split_once(' ').unwrap();
            let day: usize = day.parse().unwrap();
            assert_eq!(
                counts[day],
                count.parse::<usize>().unwrap(),
                "{source}: day {day}"
            );
        }
    }
}

#[test]
fn theory_first_misere_analysis_agrees_with_search() {
    use crate::analysis::erased::{AnalyzeOptions, Method};
    let misere = AnalyzeOptions {
        play: Play::Misere,
        ..AnalyzeOptions::default()
    };
    let mut rng = SplitMix64::new(3);
    for code in ["0.77", "0.07", "0.137", "0.75"] {
        let game = common::game(&format!("octal:{code}")).unwrap();
        let mut search = Searcher::new(Play::Misere);
        for _ in 0..15 {
            let heaps = random_heaps(&mut rng, 3, 8);
            let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let a = game.parse(&words).unwrap().analyze(&misere).unwrap();
            assert!(
                matches!(
                    a.method,
                    Method::Genus | Method::Quotient | Method::Canonical
                ),
                "{code} {heaps:?}"
            );
            let p = octal(code, heaps.clone());
            assert_eq!(
                a.outcome,
                search.solve(&p).unwrap().outcome,
                "{code} {heaps:?}"
            );
            for m in a.all_moves.iter().flatten().chain(&a.winning_moves) {
                let to: Vec<u64> =
                    m.to.split_whitespace()
                        .map(|w| w.parse().unwrap())
                        .collect();
                let searched = search.solve(&octal(code, to)).unwrap().outcome;
                assert_eq!(m.outcome, Some(searched), "{code} {heaps:?}: {}", m.mv);
            }
            assert!(a.winning_moves_complete);
        }
    }
}

#[test]
fn quaternary_games_with_heaps_that_are_not_nim_heaps_are_the_published_ones() {
    // Every code of up to three quaternary digits (0-3): a heap whose simplest
    // form is not a nim heap, among the heaps up to 30, exactly in the codes the
    // data file lists.
    let data = include_str!("../../tests/data/misere_quaternary.txt");
    let listed: Vec<String> = data
        .lines()
        .filter_map(|l| l.strip_prefix("not-nim "))
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect();
    assert_eq!(listed.len(), 8, "{listed:?}");
    let mut checked = 0;
    for digits in 1..64u32 {
        let code = format!("0.{}{}{}", digits / 16, digits / 4 % 4, digits % 4);
        let canonical = code.trim_end_matches('0').to_string();
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 22));
        let mut built = HeapForms::new(HeapGame::Code(code.parse().unwrap()));
        let not_nim = (0..=30).find(|&n| {
            let f = built.heap(&mut forms, n).unwrap();
            forms.nim_heap(f).is_none()
        });
        assert_eq!(
            not_nim.is_some(),
            listed.contains(&canonical),
            "{canonical}: first heap that is not a nim heap {not_nim:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 63);
}

/// A form in the notation of `misere_forms.txt`: `n`, `x+`, `{x,y}`, `gK`.
fn read_form(text: &str, names: &HashMap<String, Form>, forms: &mut Forms) -> Form {
    fn one(t: &[u8], at: &mut usize, names: &HashMap<String, Form>, forms: &mut Forms) -> Form {
        let start = *at;
        let mut f = if t[*at] == b'{' {
            *at += 1;
            let mut options = Vec::new();
            loop {
                options.push(one(t, at, names, forms));
                *at += 1;
                if t[*at - 1] == b'}' {
                    break;
                }
                assert_eq!(t[*at - 1], b',');
            }
            forms.simplest(options).unwrap()
        } else {
            while *at < t.len() && t[*at].is_ascii_alphanumeric() {
                *at += 1;
            }
            let word = std::str::from_utf8(&t[start..*at]).unwrap();
            match word.parse::<u32>() {
                Ok(n) => forms.nim(n).unwrap(),
                Err(_) => names[word],
            }
        };
        while *at < t.len() && t[*at] == b'+' {
            *at += 1;
            f = forms.simplest(vec![f]).unwrap();
        }
        f
    }
    let mut at = 0;
    let f = one(text.as_bytes(), &mut at, names, forms);
    assert_eq!(at, text.len(), "{text}");
    f
}

#[test]
fn heaps_have_the_published_simplest_forms() {
    let data = include_str!("../../tests/data/misere_forms.txt");
    let mut checked = 0;
    for block in data.split("# Source:").skip(1) {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut names = HashMap::new();
        let mut built = None;
        for line in block.lines().skip(1) {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["rule", code] => {
                    built = Some(HeapForms::new(HeapGame::Code(code.parse().unwrap())));
                }
                ["define", name, form] => {
                    let f = read_form(form, &names, &mut forms);
                    names.insert(name.to_string(), f);
                }
                ["values", values @ ..] => {
                    let built = built.as_mut().unwrap();
                    for (i, text) in values.iter().enumerate() {
                        let heap = i as u64 + 1;
                        let expected = read_form(text, &names, &mut forms);
                        let f = built.heap(&mut forms, heap).unwrap();
                        assert_eq!(
                            f,
                            expected,
                            "heap {heap}: {} against the source's {text} = {}",
                            forms.to_string(f),
                            forms.to_string(expected)
                        );
                        checked += 1;
                    }
                }
                _ => {}
            }
        }
    }
    assert!(checked >= 13);
}

#[test]
fn misere_coin_rows_by_the_subset_array_agree_with_search() {
    // Random rows of up to 11 coins: `analyze` (the subset array) against
    // `analyze_by_search` (exhaustive misère search), outcome, remoteness
    // and every move's outcome and remoteness; `--value-only` the outcome.
    use crate::analysis::erased::AnalyzeOptions;
    let full = AnalyzeOptions {
        play: Play::Misere,
        all_moves: true,
        ..AnalyzeOptions::default()
    };
    let value_only = AnalyzeOptions {
        value_only: true,
        ..full
    };
    let mut rng = SplitMix64::new(45);
    for rule in [
        "mock-turtles",
        "turning-turtles",
        "ruler",
        "moebius",
        "twins",
    ] {
        let game = common::game(&format!("coins:{rule}")).unwrap();
        for _ in 0..12 {
            let heads: Vec<String> = (0..11u64)
                .filter(|_| rng.chance(1, 3))
                .map(|c| c.to_string())
                .collect();
            let words: Vec<&str> = heads.iter().map(String::as_str).collect();
            let p = game.parse(&words).unwrap();
            let a = p.analyze(&full).unwrap();
            let s = p.analyze_by_search(&full).unwrap();
            assert!(a.details.contains_key("engine"), "{rule} {p}");
            assert_eq!(
                (a.outcome, a.remoteness),
                (s.outcome, s.remoteness),
                "{rule} {p}"
            );
            let moves = |x: &crate::analysis::erased::Analysis| -> Vec<(String, Option<Outcome>, Option<u32>)> {
                let mut v: Vec<_> = x
                    .all_moves
                    .iter()
                    .flatten()
                    .map(|m| (m.mv.clone(), m.outcome, m.remoteness))
                    .collect();
                v.sort_by(|a, b| a.0.cmp(&b.0));
                v
            };
            assert_eq!(moves(&a), moves(&s), "{rule} {p}");
            assert_eq!(
                p.analyze(&value_only).unwrap().outcome,
                s.outcome,
                "{rule} {p}"
            );
        }
    }
}
