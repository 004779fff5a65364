//! Grundy sequences from the literature (tests/data/*.txt, each block citing
//! its source) against the catalog's games.

use crate::common;
use grundy::api::Limits;

struct Block {
    source: String,
    game: String,
    values: Vec<u64>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut source = None;
    let mut game = None;
    for line in text.lines().map(str::trim) {
        if let Some(s) = line.strip_prefix("# Source:") {
            source = Some(s.trim().to_string());
        } else if let Some(g) = line.strip_prefix("game:") {
            game = Some(g.trim().to_string());
        } else if !line.is_empty() && !line.starts_with('#') {
            out.push(Block {
                source: source.take().expect("every block cites its source"),
                game: game.take().expect("every block names its game"),
                values: line
                    .split_whitespace()
                    .map(|v| v.parse().expect("a value"))
                    .collect(),
            });
        }
    }
    out
}

#[test]
fn subtraction_games_match_published_values() {
    let all = blocks(include_str!("../data/subtraction.txt"));
    assert!(all.len() >= 2);
    for b in all {
        let game = common::game(&b.game).unwrap();
        let mut words = (0..b.values.len()).map(|n| vec![n.to_string()]);
        let found = game.values(&mut words, Limits::default()).unwrap();
        for (n, (want, got)) in b.values.iter().zip(found).enumerate() {
            assert_eq!(
                got.map(|g| g.value()),
                Some(*want),
                "{} at n = {n} ({})",
                b.game,
                b.source
            );
        }
    }
}
