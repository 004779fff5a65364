//! What the catalog holds of each game: its [`Entry`] (names, help,
//! examples, what `verify` checks, and how to build it), and a game as it is
//! typed, [`Spec`], with the text of the [`Files`] it names. Games declare
//! their entry here; the catalog lists them.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::AnyGame;
use crate::game::ParseError;
use crate::solve::batched::AtomMoves;

/// The moves of a script game given by a front end instead of a script's
/// text (a Python class's `moves`).
pub type Moves = Arc<dyn AtomMoves + Send>;

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

impl Entry {
    /// The entry of a game named `name` that takes no parameter: its line of
    /// help, how a position is written, an example, what `verify` checks and
    /// how it is built. The rest take their defaults (no parameter, no graph
    /// file, no sequence or table), which the `with_` methods change:
    ///
    /// ```text
    /// pub const ENTRY: Entry = Entry::new("nim", "Nim: take any number ...",
    ///     "HEAP...", "nim 3 4 5", PLAN, build)
    /// .with_sequence("{n}")
    /// .with_table("{i} {j}");
    /// ```
    pub const fn new(
        name: &'static str,
        summary: &'static str,
        position: &'static str,
        example: &'static str,
        verify: VerifyPlan,
        build: Build,
    ) -> Entry {
        Entry {
            name,
            parameter: None,
            summary,
            position,
            example,
            parameter_is_file: false,
            graph_file: false,
            verify,
            sequence_position: None,
            table_position: None,
            build,
        }
    }

    /// The game takes a parameter after `name:`, meaning `meaning`.
    pub const fn with_parameter(self, meaning: &'static str) -> Entry {
        Entry {
            parameter: Some(meaning),
            ..self
        }
    }

    /// The game's parameter names a file, whose text the front end reads
    /// (see [`Entry::parameter_is_file`]).
    pub const fn with_file_parameter(self, meaning: &'static str) -> Entry {
        Entry {
            parameter: Some(meaning),
            parameter_is_file: true,
            ..self
        }
    }

    /// The position's edges may also come from a graph file.
    pub const fn with_graph_file(self) -> Entry {
        Entry {
            graph_file: true,
            ..self
        }
    }

    /// A one-number position, written as `words` with `{n}` for the number:
    /// `sequence` lists its values.
    pub const fn with_sequence(self, words: &'static str) -> Entry {
        Entry {
            sequence_position: Some(words),
            ..self
        }
    }

    /// A two-number position, written as `words` with `{i}` and `{j}`:
    /// `table` tabulates its values.
    pub const fn with_table(self, words: &'static str) -> Entry {
        Entry {
            table_position: Some(words),
            ..self
        }
    }
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
    /// use grundy::api::{Atom, AtomMoves, Files, OptionList, Spec};
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
/// let s: grundy::api::Spec = "subtraction:1,3,4".parse().unwrap();
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
    /// The parameter after the `:`, or [`ParseError::NeedsParameter`]
    /// saying it is `what` and showing `example` (how to write the game
    /// with one).
    ///
    /// # Errors
    /// [`ParseError::NeedsParameter`] when there is none.
    pub fn needs_param(&self, what: &str, example: impl Into<String>) -> Result<&str, ParseError> {
        self.param
            .as_deref()
            .ok_or_else(|| ParseError::NeedsParameter {
                game: self.name.clone(),
                what: what.to_string(),
                example: example.into(),
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
