//! The catalog: the one list of games. The command line's names, help,
//! `list`, `verify` and `play` all read it; adding a game is one line here.

pub mod sum;

use thiserror::Error;

use crate::analysis::erased::AnyGame;
pub use crate::entry::{Entry, Files, Spec, VerifyPlan};
use crate::game::ParseError;
use crate::games;

/// Every game, in the order `grundy list` shows them.
pub const ENTRIES: &[Entry] = &[
    games::nim::ENTRY,
    games::subtraction::ENTRY,
    games::subtraction::BASH,
    games::moore::ENTRY,
    games::staircase::ENTRY,
    games::octal::ENTRY,
    games::octal::KAYLES,
    games::octal::DAWSONS_KAYLES,
    games::octal::DAWSONS_CHESS,
    games::octal::GRUNDYS_GAME,
    games::fibonacci::ENTRY,
    games::wythoff::ENTRY,
    games::coins::ENTRY,
    games::geography::ENTRY,
    games::graph::ENTRY,
    games::cram::ENTRY,
    games::chomp::ENTRY,
    games::node_kayles::ENTRY,
    games::ed::ENTRY,
    games::ends::ENTRY,
    games::mimo_yuyu::ENTRY,
    games::script::ENTRY,
    crate::catalog::sum::ENTRY,
];

/// A game name that is not in the catalog, or a bad parameter.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogError {
    /// No game of that name.
    #[error("unknown game `{name}`{}; `grundy list` shows every game", suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    Unknown {
        /// The name given.
        name: String,
        /// The closest name in the catalog, if one is close.
        suggestion: Option<String>,
    },
    /// A parameter given to a game that takes none.
    #[error("{game} takes no parameter: write `{example}`")]
    NoParameter {
        /// The game.
        game: String,
        /// A position of it, written in full.
        example: &'static str,
    },
    /// The game's parameter is wrong.
    // `reason`, not `source`: as a source, anyhow would print it twice.
    #[error("{game}: {reason}")]
    Parameter {
        /// The game.
        game: String,
        /// What is wrong.
        reason: ParseError,
    },
}

/// Fills a position template: `{n}`, `{i}` and `{j}` become the numbers.
pub fn fill(template: &str, n: u64, i: u64, j: u64) -> String {
    template
        .replace("{n}", &n.to_string())
        .replace("{i}", &i.to_string())
        .replace("{j}", &j.to_string())
}

/// The words of a position template filled with `n`, `i` and `j`, as
/// [`AnyGame::parse`] takes them.
pub fn position_words(template: &str, n: u64, i: u64, j: u64) -> Vec<String> {
    fill(template, n, i, j)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The first number a template's positions start at: 0, or 1 for games
/// where 0 is not a position (E&D piles).
pub fn first_index(game: &dyn AnyGame, template: &str) -> u64 {
    let words = position_words(template, 0, 0, 0);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    u64::from(game.parse(&words).is_err())
}

/// The catalog entry named `name` (without parameter).
pub fn entry(name: &str) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.name == name)
}

impl Spec {
    /// The catalog entry this spec names.
    ///
    /// # Errors
    /// [`CatalogError::Unknown`], with the closest name as a suggestion.
    pub fn entry(&self) -> Result<&'static Entry, CatalogError> {
        entry(&self.name).ok_or_else(|| CatalogError::Unknown {
            name: self.name.clone(),
            suggestion: closest(&self.name),
        })
    }

    /// Builds the game.
    ///
    /// # Errors
    /// [`CatalogError`] for an unknown name or a bad parameter.
    pub fn build(&self) -> Result<Box<dyn AnyGame>, CatalogError> {
        let entry = self.entry()?;
        // Refused here for every game without a parameter, so that no
        // game's builder repeats it.
        if entry.parameter.is_none() && self.param.is_some() {
            return Err(CatalogError::NoParameter {
                game: self.name.clone(),
                example: entry.example,
            });
        }
        (entry.build)(self).map_err(|reason| CatalogError::Parameter {
            game: self.name.clone(),
            reason,
        })
    }
}

/// Builds a game from its spec, `name` or `name:parameter`.
///
/// # Errors
/// [`CatalogError`] for an unknown name or a bad parameter.
///
pub fn game(spec: &str) -> Result<Box<dyn AnyGame>, CatalogError> {
    Spec::from(spec).build()
}

fn closest(name: &str) -> Option<String> {
    ENTRIES
        .iter()
        .map(|e| (edit_distance(name, e.name), e.name))
        .filter(|&(d, n)| d <= 2.max(n.len() / 3))
        .min()
        .map(|(_, n)| n.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game and position of an entry's example, with the text of the
    /// file it names (examples name files relative to the repository's root).
    fn example(
        e: &Entry,
    ) -> (
        Box<dyn AnyGame>,
        Box<dyn crate::analysis::erased::AnyPosition>,
    ) {
        let mut words = e.example.split_whitespace();
        let mut spec = Spec::from(words.next().unwrap());
        if let (true, Some(path)) = (e.parameter_is_file, &spec.param) {
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
            let text = std::fs::read_to_string(format!("{root}{path}")).unwrap();
            spec.files = spec.files.with(path, &text);
        }
        let game = spec.build().unwrap();
        let rest: Vec<&str> = words.collect();
        let position = game
            .parse(&rest)
            .unwrap_or_else(|err| panic!("{}: {err}", e.example));
        (game, position)
    }

    #[test]
    fn names_are_unique_and_examples_parse() {
        for (i, e) in ENTRIES.iter().enumerate() {
            assert!(
                ENTRIES[..i].iter().all(|o| o.name != e.name),
                "{} twice",
                e.name
            );
            example(e);
            for inst in e.verify.instances {
                game(inst).unwrap();
            }
        }
    }

    /// Every position a move leads to prints as words its game parses back
    /// to the same position: the `to` of an analysis can be typed again.
    #[test]
    fn positions_after_moves_parse_back() {
        let small = crate::analysis::erased::AnalyzeOptions {
            all_moves: true,
            limits: crate::solve::Limits::new(20_000),
            ..Default::default()
        };
        let mut checked = 0;
        for e in ENTRIES {
            let (game, start) = example(e);
            let mut frontier = vec![start];
            // The example and the positions two moves on, down to the end of the game.
            for _ in 0..20 {
                let Some(p) = frontier.pop() else { break };
                let Ok(a) = p.analyze(&small) else { continue };
                for m in a.all_moves.unwrap_or_default() {
                    let words: Vec<&str> = m.to.split_whitespace().collect();
                    let back = game.parse(&words).unwrap_or_else(|err| {
                        panic!("{}: `{}` does not parse back: {err}", e.name, m.to)
                    });
                    assert_eq!(back.to_string(), m.to, "{}", e.name);
                    checked += 1;
                    if frontier.len() < 4 {
                        frontier.push(back);
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn unknown_names_get_suggestions() {
        let Err(CatalogError::Unknown { suggestion, .. }) = game("nmi") else {
            panic!("nmi is not a game");
        };
        assert_eq!(suggestion.as_deref(), Some("nim"));
        assert!(game("subtraction").is_err());
        assert!(game("nim:3").is_err());
    }
}
