//! The catalog: the one list of games. The command line's names, help,
//! `list`, `verify` and `play` all read it; adding a game is one line here.

pub mod analysis;
pub mod erased;
pub(crate) mod loopy;
pub mod sum;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::catalog::erased::AnyGame;
use crate::game::ParseError;
use crate::games;
use crate::games::script::Moves;

/// Builds a game from its spec: the parameter written after `name:`, if
/// any, and the text of any file the spec names.
pub type Build = fn(&Spec) -> Result<Box<dyn AnyGame>, ParseError>;

/// What `verify` checks for a game.
#[derive(Clone, Copy, Debug)]
pub struct VerifyPlan {
    /// The default size N.
    pub size: u64,
    /// The largest N accepted: the positions checked grow fast with N
    /// (every graph on N vertices, every heap triple), and a size beyond
    /// this one is refused before any position is made.
    pub max_size: u64,
    /// What "every position up to N" means for this game.
    pub meaning: &'static str,
    /// The instances checked (with parameters), e.g. `subtraction:1,3,4`.
    pub instances: &'static [&'static str],
}

/// A game of the catalog.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The name typed on the command line, before any `:PARAMETER`.
    pub name: &'static str,
    /// The parameter after `name:`, if the game takes one, and what it means.
    pub parameter: Option<&'static str>,
    /// One line on the game.
    pub summary: &'static str,
    /// How to write a position.
    pub position: &'static str,
    /// A full example: the game and a position.
    pub example: &'static str,
    /// Whether the parameter names a file (`script:PATH`), whose text the
    /// front end reads and hands over in [`Spec::files`]: the library reads
    /// no files.
    pub parameter_is_file: bool,
    /// Whether the position's edges may also come from a graph file, one
    /// edge per line, which a front end reads and passes on as `a-b` words
    /// (see [`crate::api::games::check_graph_file`]). Only graph games take one.
    pub graph_file: bool,
    /// What `verify` checks.
    pub verify: VerifyPlan,
    /// For games with a one-number position: its words with `{n}` for the
    /// number (`"{n}"` for a heap), so that `sequence` can list G(0), G(1), …
    pub sequence_position: Option<&'static str>,
    /// For games with a two-number position: its words with `{i}` and `{j}`
    /// (`"{i} {j}"` for two heaps), so that `table` can tabulate G(i, j).
    pub table_position: Option<&'static str>,
    /// Builds the game from its parameter.
    pub build: Build,
}

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

/// The text of files named by specs (`script:PATH`), read by the front end
/// and keyed by the path as written: the library reads no files, so a web
/// server decides itself which files a request may name. A front end may
/// also give a script game's moves themselves under a name
/// ([`with_moves`](Files::with_moves)): a Python class is such a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Files(
    Arc<BTreeMap<String, Arc<str>>>,
    Arc<BTreeMap<String, GivenMoves>>,
);

/// Moves a front end gave for `script:NAME`; two are equal when they are
/// the same object.
#[derive(Clone)]
struct GivenMoves(Moves);

impl PartialEq for GivenMoves {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for GivenMoves {}

impl std::hash::Hash for GivenMoves {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).cast::<()>().hash(state);
    }
}

impl fmt::Debug for GivenMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GivenMoves")
    }
}

impl Files {
    /// These files and also `path`, whose text is `text`.
    pub fn with(&self, path: &str, text: &str) -> Files {
        let mut map = (*self.0).clone();
        map.insert(path.to_string(), Arc::from(text));
        Files(Arc::new(map), Arc::clone(&self.1))
    }

    /// These files and also the moves of `script:NAME`, given by the front
    /// end instead of a script's text.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::api::analyze::{analyze, AnalyzeOptions};
    /// use grundy::catalog::{Files, Spec};
    /// use grundy::games::script::{Atom, OptionList};
    /// use grundy::solve::batched::AtomMoves;
    ///
    /// /// Take one or two.
    /// struct Take12;
    /// impl AtomMoves for Take12 {
    ///     fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
    ///         let Atom::Int(n) = *atom else { return Err("a heap is a number".into()) };
    ///         for k in (1..=2).filter(|&k| k <= n) {
    ///             list.atoms.push(Atom::Int(n - k));
    ///             list.ends.push(list.atoms.len());
    ///         }
    ///         Ok(())
    ///     }
    /// }
    /// let mut spec = Spec::from("script:take12");
    /// spec.files = Files::default().with_moves("take12", Arc::new(Take12));
    /// let a = analyze(&spec, &["7"], &AnalyzeOptions::default()).unwrap();
    /// assert_eq!(a.grundy, Some(1)); // 7 mod 3
    /// ```
    pub fn with_moves(&self, name: &str, moves: Moves) -> Files {
        let mut map = (*self.1).clone();
        map.insert(name.to_string(), GivenMoves(moves));
        Files(Arc::clone(&self.0), Arc::new(map))
    }

    /// The moves given for `name`, if any.
    pub fn moves(&self, name: &str) -> Option<&Moves> {
        self.1.get(name).map(|m| &m.0)
    }

    /// The text of `path`, if it was given.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.0.get(path).map(|t| &**t)
    }
}

/// A game as it is typed: a catalog name and the parameter after `name:`
/// (`subtraction:1,3,4`, `script:take.rhai`, `nim`), with the text of the
/// files it names. Every front end splits a spec here and nowhere else.
///
/// ```
/// let s: grundy::catalog::Spec = "subtraction:1,3,4".parse().unwrap();
/// assert_eq!((s.name.as_str(), s.param.as_deref()), ("subtraction", Some("1,3,4")));
/// assert_eq!(s.to_string(), "subtraction:1,3,4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// The catalog name, before any `:`.
    pub name: String,
    /// The parameter after the first `:`, if any.
    pub param: Option<String>,
    /// The text of the files this spec (or, for a sum, its parts) names,
    /// as the front end read them.
    pub files: Files,
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
        (self.entry()?.build)(self).map_err(|reason| CatalogError::Parameter {
            game: self.name.clone(),
            reason,
        })
    }
}

impl FromStr for Spec {
    type Err = std::convert::Infallible;

    fn from_str(spec: &str) -> Result<Spec, Self::Err> {
        let (name, param) = match spec.split_once(':') {
            Some((n, p)) => (n, Some(p.to_string())),
            None => (spec, None),
        };
        Ok(Spec {
            name: name.to_string(),
            param,
            files: Files::default(),
        })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.param {
            Some(p) => write!(f, "{}:{p}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

impl From<&str> for Spec {
    fn from(spec: &str) -> Spec {
        let Ok(s) = spec.parse();
        s
    }
}

/// Builds a game from its spec, `name` or `name:parameter`.
///
/// # Errors
/// [`CatalogError`] for an unknown name or a bad parameter.
///
/// ```
/// let g = grundy::catalog::game("subtraction:1,3,4").unwrap();
/// assert_eq!(g.name(), "subtraction:1,3,4");
/// assert!(grundy::catalog::game("nimm").is_err());
/// ```
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
    fn example(e: &Entry) -> (Box<dyn AnyGame>, Box<dyn crate::AnyPosition>) {
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
        let small = crate::AnalyzeOptions {
            all_moves: true,
            limits: crate::Limits::new(20_000),
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
