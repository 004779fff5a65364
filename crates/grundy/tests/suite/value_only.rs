//! `AnalyzeOptions::value_only` against the whole analysis: on every path
//! an analysis can take (a formula, a script's own value search, the pruned
//! search, the full search in misère play, a sum, `--search`), the same
//! outcome, value and method, and no move or remoteness.

use grundy::api::analyze::{analyze, analyze_by_search, AnalyzeOptions};
use grundy::api::{Files, Spec};
use grundy::Play;

/// Subtract 1 or 2, as a script: its values come from its own search.
const TAKE12: &str =
    "fn moves(n) { if n >= 2 { [n - 1, n - 2] } else if n == 1 { [0] } else { [] } }";

fn spec(name: &str) -> Spec {
    let mut spec = Spec::from(name);
    spec.files = Files::default().with("take12.rhai", TAKE12);
    spec
}

#[test]
fn the_value_alone_agrees_with_the_whole_analysis_on_every_path() {
    let cases: &[(&str, &str, Play, bool)] = &[
        ("nim", "3 4 5", Play::Normal, false),
        ("nim", "1 1 4", Play::Misere, false),
        ("kayles", "1000", Play::Normal, false),
        ("script:take12.rhai", "3", Play::Normal, false),
        ("script:take12.rhai", "7", Play::Normal, false),
        ("cram", "3x5", Play::Normal, false),
        ("cram", "3x4", Play::Misere, false),
        ("chomp", "4x4", Play::Normal, false),
        ("node-kayles", "grid 3x4", Play::Normal, false),
        ("sum", "nim 3 + cram 3x3 + kayles 5", Play::Normal, false),
        ("cram", "4x4", Play::Normal, true),
        ("grundys-game", "40", Play::Normal, true),
        ("cram", "2x5", Play::Misere, true),
    ];
    for &(game, position, play, by_search) in cases {
        let words: Vec<&str> = position.split_whitespace().collect();
        let run = |value_only| {
            let o = AnalyzeOptions {
                play,
                value_only,
                ..AnalyzeOptions::default()
            };
            let spec = spec(game);
            match by_search {
                true => analyze_by_search(&spec, &words, &o),
                false => analyze(&spec, &words, &o),
            }
            .unwrap()
        };
        let (whole, alone) = (run(false), run(true));
        let case = format!("{game} {position} ({play:?}, by search: {by_search})");
        assert_eq!(alone.outcome, whole.outcome, "{case}");
        assert_eq!(alone.grundy, whole.grundy, "{case}");
        assert_eq!(alone.method, whole.method, "{case}");
        assert!(alone.winning_moves.is_empty(), "{case}");
        assert!(!alone.winning_moves_complete, "{case}");
        assert_eq!(
            (alone.remoteness, &alone.all_moves),
            (None, &None),
            "{case}"
        );
        // The whole analysis did list them: the cases are not vacuous.
        assert!(whole.winning_moves_complete, "{case}");
    }
}
