//! The batched engine ([`crate::solve::batched`]) on script games: against
//! the generic search, the literature, and its limits.

use super::engine::Script;
use super::ScriptRules;
use crate::game::Play;
use crate::solve::atoms::Atom;
use crate::solve::batched::{AtomSolver, ROOTS_PER_ROUND};
use crate::solve::{Limits, SearchError, Searcher};

fn script(source: &str) -> Script {
    Script::compile("test.rhai", source).unwrap()
}

fn heaps(range: std::ops::Range<i64>) -> Vec<Vec<Atom>> {
    range.map(|n| vec![Atom::Int(n)]).collect()
}

/// The solver against the generic search on the same roots.
fn agrees_with_search(source: &str, roots: &[Vec<Atom>]) {
    let rules = ScriptRules::new(script(source));
    let fast = AtomSolver::new(&script(source), Limits::default())
        .values(roots)
        .unwrap();
    let mut search = Searcher::new(Play::Normal);
    for (root, value) in roots.iter().zip(fast) {
        let slow = search.grundy(&rules.position(root.clone())).unwrap();
        assert_eq!(value, Some(slow), "at {root:?}");
    }
}

#[test]
fn agrees_with_the_generic_search() {
    let take124 = include_str!("../../../../../examples/take124-or-halve.rhai");
    // More roots than one round and one batch, asked out of order.
    let mut roots = heaps(0..20_000);
    roots.reverse();
    agrees_with_search(take124, &roots[..ROOTS_PER_ROUND + 700]);
    agrees_with_search(
        include_str!("../../../../../examples/kayles.rhai"),
        &heaps(0..90),
    );
    let nim2: Vec<Vec<Atom>> = (0..12)
        .flat_map(|i| (0..12).map(move |j| vec![Atom::Array(vec![i, j].into())]))
        .collect();
    agrees_with_search(
        include_str!("../../../../../examples/two-heap-nim.rhai"),
        &nim2,
    );
    // Sums as roots and as options, and the empty sum.
    let sums = "fn moves(n) { if n > 2 { [sum([n - 1, n - 2]), sum([]), n - 3] } else { [] } }";
    let roots: Vec<Vec<Atom>> = (0..40)
        .map(|n| vec![Atom::Int(n), Atom::Int(n / 3)])
        .chain([vec![]])
        .collect();
    agrees_with_search(sums, &roots);
}

#[test]
fn kayles_values_from_winning_ways() {
    // Winning Ways, chapter 4: Kayles, heaps 0..=11.
    let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    let s = script(include_str!("../../../../../examples/kayles.rhai"));
    let values = AtomSolver::new(&s, Limits::default())
        .values(&heaps(0..12))
        .unwrap();
    let values: Vec<u64> = values.into_iter().map(|v| v.unwrap().value()).collect();
    assert_eq!(values, expected);
}

#[test]
fn a_repeating_game_is_refused() {
    let s = script("fn moves(n) { if n > 0 { [n - 1] } else { [1] } }");
    let e = AtomSolver::new(&s, Limits::default())
        .values(&heaps(3..4))
        .unwrap_err();
    assert!(matches!(e, SearchError::Cycle { .. }), "{e}");
}

#[test]
fn script_errors_name_the_position_and_line() {
    let s =
        script("fn moves(n) {\n  if n == 700 { [n / 0] } else if n > 0 { [n - 1] } else { [] }\n}");
    let e = AtomSolver::new(&s, Limits::default())
        .values(&heaps(0..1000))
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("moves(700)"), "{e}");
}

#[test]
fn the_limit_leaves_later_roots_unvalued() {
    let s = script(include_str!(
        "../../../../../examples/take124-or-halve.rhai"
    ));
    let mut solver = AtomSolver::new(&s, Limits::new(ROOTS_PER_ROUND + 10));
    let values = solver
        .values(&heaps(0..3 * ROOTS_PER_ROUND as i64))
        .unwrap();
    assert!(values[..ROOTS_PER_ROUND].iter().all(Option::is_some));
    assert!(values[ROOTS_PER_ROUND..].iter().all(Option::is_none));
    // Later calls, even for positions valued before, are not answered
    // by a solver that is full.
    assert_eq!(solver.values(&heaps(0..2)).unwrap(), [None, None]);
    assert!(matches!(
        solver.stopped(),
        Some(SearchError::LimitExceeded { .. })
    ));
}

#[test]
fn the_time_limit_stops_it_and_says_so() {
    let s = script(include_str!(
        "../../../../../examples/take124-or-halve.rhai"
    ));
    let limits = Limits::default().with_time(std::time::Duration::ZERO);
    let mut solver = AtomSolver::new(&s, limits);
    assert_eq!(solver.values(&heaps(0..3)).unwrap(), [None, None, None]);
    assert!(
        matches!(solver.stopped(), Some(SearchError::TimeExceeded { .. })),
        "{:?}",
        solver.stopped()
    );
    // Without a time limit the same roots are valued.
    let mut solver = AtomSolver::new(&s, Limits::default());
    assert!(solver
        .values(&heaps(0..3))
        .unwrap()
        .iter()
        .all(Option::is_some));
    assert!(solver.stopped().is_none());
}
