//! Closed forms against exhaustive search over whole coin rows and grids.

use super::*;
use crate::solve::Limits;

fn row(rule: &str) -> RowRules {
    RowRules::new(NamedRule::parse(rule).unwrap())
}

#[test]
fn row_games_match_search_on_every_small_row() {
    for (rule, coins) in [
        ("turning-turtles", 10),
        ("twins", 10),
        ("mock-turtles", 9),
        ("ruler", 10),
        ("moebius", 8),
        ("up-to-1", 8),
        ("up-to-4", 8),
        ("run-up-to-2", 10),
        ("run-up-to-3", 10),
    ] {
        let r = row(rule);
        let report = crate::solution::check(r.small_positions(coins), Limits::default())
            .unwrap_or_else(|e| panic!("{rule}: {e}"));
        assert_eq!(report.positions, 1 << coins);
    }
}

#[test]
fn grid_games_match_search_on_every_small_grid() {
    for (rule, size) in [
        ("turning-corners", 4),
        ("product:ruler,mock-turtles", 3),
        ("product:turning-turtles,run-up-to-2", 3),
        ("block", 3),
    ] {
        let g = grid::GridRules::parse(rule).unwrap().unwrap();
        crate::solution::check(g.small_positions(size), Limits::default())
            .unwrap_or_else(|e| panic!("{rule}: {e}"));
    }
}

/// Reads `# Source:` blocks of `n value` lines.
fn data(text: &str) -> Vec<(u64, u64)> {
    assert!(
        text.starts_with("# Source:"),
        "data files cite their source"
    );
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect()
}

#[test]
fn single_coin_values_from_the_literature() {
    for (rule, text) in [
        (
            "mock-turtles",
            include_str!("../../../tests/data/coins_mock_turtles.txt"),
        ),
        ("ruler", include_str!("../../../tests/data/coins_ruler.txt")),
        (
            "turning-turtles",
            include_str!("../../../tests/data/coins_turning_turtles.txt"),
        ),
    ] {
        let r = row(rule);
        let values = data(text);
        assert!(values.len() >= 16);
        for (n, g) in values {
            assert_eq!(r.values().value(n), g, "{rule}, coin {n}");
            // The table the stones-game recursion gives agrees too.
            assert_eq!(
                RowValues::by_recursion(r.values().rule(), n + 1)[n as usize],
                g
            );
        }
    }
}

#[test]
fn examples_from_the_command_line() {
    let r = row("mock-turtles");
    let p = r.parse_position(&["1", "4", "6"]).unwrap();
    // g(1) ⊕ g(4) ⊕ g(6) = 2 ⊕ 8 ⊕ 13 = 7.
    assert_eq!(p.grundy(), Some(Nimber(7)));
    let m = p.winning_move().unwrap();
    assert!(p.legal(&m), "{m}");
    assert_eq!(p.play(&m).grundy(), Some(Nimber(0)));
    let corners = grid::GridRules::parse("turning-corners").unwrap().unwrap();
    let q = corners.parse_position(&["2,3", "5,1"]).unwrap();
    // 2 ⊗ 3 ⊕ 5 ⊗ 1 = 1 ⊕ 5 (OEIS A051775).
    assert_eq!(q.grundy(), Some(Nimber(4)));
    let m = q.winning_move().unwrap();
    assert!(q.legal(&m), "{m}");
    assert_eq!(q.play(&m).grundy(), Some(Nimber(0)));
}

#[test]
fn moves_print_and_parse_back() {
    let p = row("ruler").parse_position(&["3", "7"]).unwrap();
    for m in p.moves() {
        assert_eq!(m.to_string().parse::<Turn>().unwrap(), m);
    }
    assert_eq!(
        "turn 9..6 2".parse::<Turn>().unwrap().to_string(),
        "turn 9..6 2"
    );
    assert_eq!("turn 1 4 6".parse::<Turn>().unwrap(), Turn(vec![6, 4, 1]));
    assert!("turn 4 4".parse::<Turn>().is_err());
    assert!("flip 4".parse::<Turn>().is_err());
    let g = grid::GridRules::parse("product:ruler,twins")
        .unwrap()
        .unwrap();
    let q = g.parse_position(&["2,3"]).unwrap();
    for m in q.moves() {
        assert_eq!(m.to_string().parse::<grid::GridTurn>().unwrap(), m);
        assert!(q.legal(&m));
    }
    assert_eq!(q.move_count(), q.moves().len() as u128);
}

#[test]
fn big_positions_use_the_formula() {
    let p = row("mock-turtles")
        .parse_position(&["1000000", "3", "999"])
        .unwrap();
    let m = p.winning_move().unwrap();
    assert!(p.legal(&m));
    assert_eq!(p.play(&m).grundy(), Some(Nimber(0)));
    let p = row("ruler").parse_position(&["1048575", "5"]).unwrap();
    let m = p.winning_move().unwrap();
    assert!(p.legal(&m));
    assert_eq!(p.play(&m).grundy(), Some(Nimber(0)));
    let moebius = row("moebius");
    let last = (moebius.values().coin_limit() - 1).to_string();
    assert!(moebius.values().coin_limit() >= 64, "{last}");
    let p = moebius.parse_position(&[&last, "17", "50"]).unwrap();
    let m = p.winning_move().unwrap();
    assert!(p.legal(&m));
    assert_eq!(p.play(&m).grundy(), Some(Nimber(0)));
    let g = grid::GridRules::parse("product:mock-turtles,ruler")
        .unwrap()
        .unwrap();
    let q = g.parse_position(&["700,300", "5,9", "1000,2"]).unwrap();
    let m = q.winning_move().unwrap();
    assert!(q.legal(&m), "{m}");
    assert_eq!(q.play(&m).grundy(), Some(Nimber(0)));
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let r = row("moebius");
    let err = r.parse_position(&["100000"]).unwrap_err().to_string();
    assert!(err.contains("at most"), "{err}");
    assert!(r.parse_position(&["3", "3"]).is_err());
    assert!(r.parse_position(&["x"]).is_err());
    let g = grid::GridRules::parse("block").unwrap().unwrap();
    assert!(g.parse_position(&["4,0"]).is_err());
    assert!(g.parse_position(&["1;2"]).is_err());
    assert!(grid::GridRules::parse("product:ruler").is_err());
    assert!(grid::GridRules::parse("product:ruler,nope").is_err());
}

mod properties {
    use super::*;
    use crate::nimber::mex;
    use proptest::prelude::*;

    const RULES: [&str; 6] = [
        "mock-turtles",
        "ruler",
        "twins",
        "moebius",
        "run-up-to-3",
        "up-to-4",
    ];

    /// The rules, built once (tables without a formula cost a moment in debug builds).
    fn rules(i: usize) -> &'static RowRules {
        static ALL: std::sync::OnceLock<Vec<RowRules>> = std::sync::OnceLock::new();
        &ALL.get_or_init(|| RULES.iter().map(|r| row(r)).collect())[i]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Beyond search: the formula's value is the mex of the formula's values of the options.
        #[test]
        fn value_is_mex_of_options(rule in 0..RULES.len(), heads in proptest::collection::btree_set(0u64..24, 0..4)) {
            let r = rules(rule);
            let words: Vec<String> = heads.iter().map(u64::to_string).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let p = r.parse_position(&words).unwrap();
            let moves = p.moves();
            let options = moves.iter().map(|m| p.play(m).grundy().unwrap());
            prop_assert_eq!(p.grundy().unwrap(), mex(options));
        }

        /// Far beyond search: winning moves are legal and reach value 0.
        #[test]
        fn winning_moves_reach_zero(rule in 0..3usize, heads in proptest::collection::btree_set(0u64..1_000_000, 1..6)) {
            let r = rules(rule);
            let words: Vec<String> = heads.iter().map(u64::to_string).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let p = r.parse_position(&words).unwrap();
            match p.winning_move() {
                Some(m) => {
                    prop_assert!(p.legal(&m));
                    prop_assert_eq!(p.play(&m).grundy(), Some(Nimber(0)));
                }
                None => prop_assert_eq!(p.grundy(), Some(Nimber(0))),
            }
        }

        #[test]
        fn product_winning_moves_reach_zero(cells in proptest::collection::btree_set((0u64..3000, 0u64..3000), 1..5)) {
            let g = grid::GridRules::parse("product:mock-turtles,twins").unwrap().unwrap();
            let words: Vec<String> = cells.iter().map(|(r, c)| format!("{r},{c}")).collect();
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let q = g.parse_position(&words).unwrap();
            match q.winning_move() {
                Some(m) => {
                    prop_assert!(q.legal(&m));
                    prop_assert_eq!(q.play(&m).grundy(), Some(Nimber(0)));
                }
                None => prop_assert_eq!(q.grundy(), Some(Nimber(0))),
            }
        }
    }
}
