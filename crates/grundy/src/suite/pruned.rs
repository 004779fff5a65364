//! The pruned search ([`Pruner`]) against the plain mex search
//! ([`Searcher`], the reference): the same Grundy value and normal-play
//! outcome on random positions of heap games (Kayles, Dawson's chess,
//! Grundy's game, subtraction sums), on geography boards, on the board
//! games (Cram, Chomp, Node Kayles, whose components and canonical forms
//! the pruned search leans on), and under a memory budget small enough that
//! it must evict.

use std::sync::Arc;

use crate::games::chomp::Chomp;
use crate::games::cram::Cram;
use crate::games::geography::matching::Graph;
use crate::games::geography::{Board, Geography};
use crate::games::heaps::Heaps;
use crate::games::node_kayles::NodeKayles;
use crate::games::octal::{code, OctalRule};
use crate::games::subtraction::SubtractionRule;
use crate::solve::Pruner;
use crate::solve::{Limits, Searcher};
use crate::{Game, Nimber, Play};
use proptest::prelude::*;

/// The plain search's value and outcome, the pruned search's, and the
/// pruned search's answer to "is the value `probe`?".
fn agree<G: Game>(p: &G, limits: Limits, probe: u64) -> Result<(), TestCaseError> {
    let mut plain = Searcher::new(Play::Normal);
    let value = plain.grundy(p).unwrap();
    let outcome = plain.solve(p).unwrap().outcome;
    let mut pruned = Pruner::new(limits);
    prop_assert_eq!(pruned.outcome(p).unwrap(), outcome, "outcome of {}", p);
    prop_assert_eq!(
        pruned.has_value(p, Nimber(probe)).unwrap(),
        value.value() == probe,
        "is {} of value {}",
        p,
        probe
    );
    prop_assert_eq!(pruned.grundy(p).unwrap(), value, "value of {}", p);
    // Asked again, from what it stored.
    prop_assert_eq!(pruned.grundy(p).unwrap(), value);
    Ok(())
}

/// The pruned search's outcomes of every move of `p` at once, on the
/// threads of `limits` (duplicates up to symmetry among them), and then
/// the value of `p` from what the threads stored, against the plain
/// search's.
fn outcomes_agree<G: Game>(p: &G, limits: Limits) -> Result<(), TestCaseError> {
    let mut plain = Searcher::new(Play::Normal);
    let targets: Vec<G> = p.moves().iter().map(|m| p.play(m)).collect();
    let mut pruned = Pruner::new(limits);
    let outcomes = pruned.outcomes(&targets).unwrap();
    prop_assert_eq!(outcomes.len(), targets.len());
    for (t, o) in targets.iter().zip(outcomes) {
        prop_assert_eq!(o, plain.solve(t).unwrap().outcome, "outcome of {}", t);
    }
    prop_assert_eq!(
        pruned.grundy(p).unwrap(),
        plain.grundy(p).unwrap(),
        "value of {}",
        p
    );
    Ok(())
}

fn heap_game(which: usize) -> Arc<OctalRule> {
    let (name, text) = [
        ("kayles", "kayles"),
        ("dawsons-chess", "dawsons-chess"),
        ("grundys-game", "grundys-game"),
        ("octal", "0.156"),
    ][which];
    Arc::new(OctalRule::new(name.into(), code(text).unwrap()))
}

fn squeeze(tight: bool) -> Limits {
    match tight {
        // Room for a few hundred entries: it must evict.
        true => Limits::default().with_memory(96 << 10),
        false => Limits::default(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pruned_values_of_heap_games_are_the_plain_search_values(
        heaps in proptest::collection::vec(0u64..14, 1..4),
        which in 0usize..4,
        probe in 0u64..6,
        tight in any::<bool>(),
    ) {
        let p = Heaps::with_rule(heap_game(which), heaps);
        agree(&p, squeeze(tight), probe)?;
    }

    #[test]
    fn pruned_values_of_subtraction_sums_are_the_plain_search_values(
        heaps in proptest::collection::vec(0u64..40, 1..4),
        set in proptest::sample::select(vec!["1,3,4", "2,5,6", "1,2,3", "3,5,8,13"]),
        probe in 0u64..6,
        tight in any::<bool>(),
    ) {
        let rule = Arc::new(SubtractionRule::parse(set).unwrap());
        agree(&Heaps::with_rule(rule, heaps), squeeze(tight), probe)?;
    }

    #[test]
    fn pruned_values_of_geography_are_the_plain_search_values(
        edges in proptest::collection::vec((0u32..9, 0u32..9), 0..20),
        token in 0u32..9,
        probe in 0u64..4,
    ) {
        let edges: Vec<(u32, u32)> = edges.into_iter().filter(|(a, b)| a != b).collect();
        let board = Arc::new(Board::from_graph(Graph::new(9, &edges)));
        agree(&Geography::new(board, token), Limits::default(), probe)?;
    }

    #[test]
    fn pruned_values_of_cram_boards_are_the_plain_search_values(
        rows in 1usize..4,
        cols in 1usize..5,
        free in any::<u16>(),
        probe in 0u64..4,
        tight in any::<bool>(),
    ) {
        let cells = rows * cols;
        let free = u128::from(free) & ((1u128 << cells) - 1);
        let board = Cram::new(rows, cols, free).unwrap();
        agree(&board, squeeze(tight), probe)?;
    }

    #[test]
    fn pruned_values_of_chomp_bars_are_the_plain_search_values(
        mut heights in proptest::collection::vec(1u64..6, 1..6),
        probe in 0u64..8,
        tight in any::<bool>(),
    ) {
        heights.sort_unstable_by(|a, b| b.cmp(a));
        agree(&Chomp::new(&heights).unwrap(), squeeze(tight), probe)?;
    }

    #[test]
    fn outcomes_of_every_move_on_threads_are_the_plain_search_outcomes(
        rows in 1usize..4,
        cols in 2usize..6,
        free in any::<u16>(),
        mut heights in proptest::collection::vec(1u64..6, 1..6),
        heaps in proptest::collection::vec(0u64..14, 1..4),
        which in 0usize..4,
        threads in 1usize..4,
        tight in any::<bool>(),
    ) {
        let limits = squeeze(tight).with_threads(threads);
        let free = u128::from(free) & ((1u128 << (rows * cols)) - 1);
        outcomes_agree(&Cram::new(rows, cols, free).unwrap(), limits)?;
        heights.sort_unstable_by(|a, b| b.cmp(a));
        outcomes_agree(&Chomp::new(&heights).unwrap(), limits)?;
        outcomes_agree(&Heaps::with_rule(heap_game(which), heaps), limits)?;
    }

    #[test]
    fn pruned_values_of_node_kayles_graphs_are_the_plain_search_values(
        edges in proptest::collection::vec((0u32..10, 0u32..10), 1..16),
        probe in 0u64..4,
        tight in any::<bool>(),
    ) {
        let words: Vec<String> = edges
            .iter()
            .map(|(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
            .collect();
        let graph: NodeKayles = words.join(" ").parse().unwrap();
        agree(&graph, squeeze(tight), probe)?;
    }
}

#[test]
fn a_deep_game_does_not_overflow_the_stack() {
    // Take 1 or 2 from 10^5: the recursion goes 10^5 levels deep, as the
    // values 0 1 2 0 1 2 ... say.
    let rule = Arc::new(SubtractionRule::parse("1,2").unwrap());
    let p = Heaps::with_rule(rule, vec![100_000]);
    let mut pruned = Pruner::new(Limits::default());
    assert_eq!(pruned.grundy(&p).unwrap(), Nimber(100_000 % 3));
}

#[test]
fn a_path_longer_than_the_budget_stops_cleanly() {
    let rule = Arc::new(SubtractionRule::parse("1,2").unwrap());
    let p = Heaps::with_rule(rule, vec![100_000]);
    let mut pruned = Pruner::new(Limits::default().with_memory(64 << 10));
    let e = pruned.grundy(&p).unwrap_err();
    assert_eq!(
        e,
        crate::solve::SearchError::MemoryExceeded { limit: 64 << 10 }
    );
    assert_eq!(pruned.positions_stored(), 0);
}

#[test]
fn outcomes_on_threads_stop_together_at_a_limit_and_when_asked() {
    // Odd sides: no symmetry decides it; 35 cells, more than the endgame
    // table holds.
    let board: Cram = "5x7".parse().unwrap();
    let targets: Vec<Cram> = board.moves().iter().map(|m| board.play(m)).collect();
    // Work for 64 positions, split between two threads: both stop, the
    // error is the limit's (as given, not a thread's share of it), not the
    // interruption of the one stopped by the other, and the moves both
    // looked at are counted.
    let mut pruned = Pruner::new(Limits::new(64).with_threads(2));
    let e = pruned.outcomes(&targets).unwrap_err();
    assert_eq!(e, crate::solve::SearchError::LimitExceeded { limit: 64 });
    let share = 32 * Limits::MOVES_PER_POSITION;
    assert!((share + 1..=2 * share + 2).contains(&pruned.moves_seen()));
    // Asked to stop, every thread stops; the progress counts every thread's
    // moves and, once they end, this pruner's table alone.
    let mut pruned = Pruner::new(Limits::default().with_threads(2));
    let progress = pruned.progress();
    progress.request_stop();
    let e = pruned.outcomes(&targets).unwrap_err();
    assert_eq!(e, crate::solve::SearchError::Interrupted);
    assert_eq!(progress.read().moves, pruned.moves_seen() as u64);
    assert_eq!(progress.read().stored, pruned.positions_stored() as u64);
}

#[test]
fn work_beside_the_outcomes_runs_once_on_any_number_of_threads() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let cram: Cram = "3x5".parse().unwrap();
    let chomp = Chomp::new(&[4, 4, 3]).unwrap();
    for threads in [1, 2, 4] {
        let limits = Limits::default().with_threads(threads);
        let runs = AtomicUsize::new(0);
        let beside = || runs.fetch_add(1, Ordering::Relaxed) + 40;
        let to: Vec<Cram> = cram.moves().iter().map(|m| cram.play(m)).collect();
        let (found, got) = Pruner::new(limits).outcomes_beside(&to, beside);
        assert_eq!(
            found.unwrap(),
            Pruner::new(Limits::default()).outcomes(&to).unwrap()
        );
        assert_eq!(got, 40);
        // Chomp's outcomes are searched on one thread, the work on another.
        let to: Vec<Chomp> = chomp.moves().iter().map(|m| chomp.play(m)).collect();
        let (found, got) =
            Pruner::new(limits).outcomes_beside(&to, || runs.fetch_add(1, Ordering::Relaxed));
        assert_eq!(found.unwrap().len(), to.len());
        assert_eq!(got, 1);
        // No position: the work runs all the same.
        let (found, got) = Pruner::<Cram>::new(limits).outcomes_beside(&[], || 7);
        assert_eq!((found.unwrap(), got), (vec![], 7));
        assert_eq!(runs.load(Ordering::Relaxed), 2);
    }
}

/// The search's fast hook ([`Game::canonical_parts`]) against what it
/// stands for: the components, each made canonical, parts with no move
/// aside (the hook may leave them out), as a multiset.
fn parts_agree<G: Game>(p: &G) -> Result<(), TestCaseError> {
    let texts = |parts: Vec<G>| {
        let mut t: Vec<String> = parts
            .iter()
            .filter(|q| q.move_count() > 0)
            .map(ToString::to_string)
            .collect();
        t.sort();
        t
    };
    let mut fast = Vec::new();
    p.canonical_parts(&mut fast);
    let slow: Vec<G> = p.components().iter().map(Game::canonical).collect();
    prop_assert_eq!(texts(fast), texts(slow), "parts of {}", p);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn cram_parts_are_the_canonical_components(
        rows in 1usize..8,
        cols in 1usize..12,
        free in any::<u128>(),
    ) {
        let cells = rows * cols;
        let board = Cram::new(rows, cols, free & ((1u128 << cells) - 1)).unwrap();
        parts_agree(&board)?;
        for m in board.moves() {
            parts_agree(&board.play(&m))?;
        }
    }

    #[test]
    fn chomp_parts_are_the_canonical_components(
        mut heights in proptest::collection::vec(1u64..20, 1..20),
    ) {
        heights.sort_unstable_by(|a, b| b.cmp(a));
        let bar = Chomp::new(&heights).unwrap();
        parts_agree(&bar)?;
        for m in bar.moves() {
            let to = bar.play(&m);
            parts_agree(&to)?;
            // Played without lists, as the listed heights say.
            let mut h = bar.heights();
            for x in &mut h[usize::from(m.col)..] {
                *x = (*x).min(m.row);
            }
            h.retain(|&x| x > 0);
            prop_assert_eq!(to.heights(), h);
        }
    }

    #[test]
    fn heap_parts_are_the_canonical_components(
        heaps in proptest::collection::vec(0u64..30, 1..6),
        which in 0usize..4,
    ) {
        let p = Heaps::with_rule(heap_game(which), heaps);
        parts_agree(&p)?;
        for m in p.moves() {
            // Built without the position in between, as played.
            let texts = |parts: &[Heaps<OctalRule>]| {
                let mut t: Vec<String> = parts.iter().map(ToString::to_string).collect();
                t.sort();
                t
            };
            let mut fast = Vec::new();
            p.option_parts(&m, &mut fast).unwrap();
            let mut slow = Vec::new();
            p.play(&m).canonical_parts(&mut slow);
            prop_assert_eq!(texts(&fast), texts(&slow), "{} after {}", p, m);
            parts_agree(&p.play(&m))?;
        }
    }
}

#[test]
fn heap_values_kept_by_index_are_of_the_rule_they_were_found_for() {
    // Lone heaps' values are kept in an array at their sizes: a pruner
    // asked of Grundy's game, then of Kayles, then squeezed so that its
    // table evicts, still gives each rule's own values (the plain search's)
    // for heaps past 512, which have more options than it keeps listed.
    let mut plain = [Searcher::new(Play::Normal), Searcher::new(Play::Normal)];
    let rules = [heap_game(2), heap_game(0)];
    for limits in [Limits::default(), Limits::default().with_memory(256 << 10)] {
        let mut pruned = Pruner::new(limits);
        for n in [530, 610] {
            for (rule, plain) in rules.iter().zip(&mut plain) {
                let p = Heaps::with_rule(Arc::clone(rule), vec![n, 7]);
                assert_eq!(pruned.grundy(&p).unwrap(), plain.grundy(&p).unwrap(), "{p}");
            }
        }
    }
}

#[test]
fn heaps_with_too_many_options_to_keep_are_valued_by_their_mex_and_agree() {
    // Grundy's game heaps of 520 to 600 have 259 to 299 moves, more than
    // the pruner keeps listed (256): those are valued by the plain mex of
    // their options, the smaller heaps by pruning.
    let rule = heap_game(2);
    let mut plain = Searcher::new(Play::Normal);
    let mut pruned = Pruner::new(Limits::default());
    for n in (520..=600).step_by(8) {
        let p = Heaps::with_rule(Arc::clone(&rule), vec![n]);
        let value = plain.grundy(&p).unwrap();
        assert_eq!(pruned.grundy(&p).unwrap(), value, "heap {n}");
        let sum = Heaps::with_rule(Arc::clone(&rule), vec![n, n - 3]);
        let probe = Nimber(value.value() ^ 1);
        assert_eq!(
            pruned.has_value(&sum, probe).unwrap(),
            plain.grundy(&sum).unwrap() == probe,
            "heaps {n} and {}",
            n - 3
        );
    }
}

#[test]
fn chomp_bars_valued_by_their_numbers_and_by_search_agree() {
    // A bar that fills most of its square is valued with every bar of the
    // square, smallest number first, in an array. Under a budget of 192 KiB,
    // whose array (an eighth, two bytes a value) holds 12288 values, the
    // square of 8 (12870 bars) is valued so only in part, the rest by
    // searching positions; a thin bar is searched as a position either
    // way. The plain search is the reference.
    let bars: [&[u64]; 7] = [
        &[5, 5, 5, 5, 5],
        &[6, 6, 6, 5, 4, 2],
        &[8, 8, 8, 8, 8, 8, 8, 8],
        &[8, 8, 8, 8, 8, 8, 8, 7],
        &[8, 8, 8, 8, 8, 8, 6, 6],
        &[8, 2, 1],
        &[7, 7, 2, 2, 2],
    ];
    let mut filled = Pruner::new(Limits::default());
    let mut small = Pruner::new(Limits::default().with_memory(192 << 10));
    let mut plain = Searcher::new(Play::Normal);
    for heights in bars {
        let bar = Chomp::new(heights).unwrap();
        let value = plain.grundy(&bar).unwrap();
        assert_eq!(filled.grundy(&bar).unwrap(), value, "{bar}");
        assert_eq!(
            small.grundy(&bar).unwrap(),
            value,
            "{bar} in a small budget"
        );
    }
    // The array holds what the small budget's table had to.
    assert!(2 * filled.positions_stored() < small.positions_stored() + small.evictions() as usize);
}
