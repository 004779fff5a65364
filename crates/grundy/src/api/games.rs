//! The catalog as front ends show it: every game with its position syntax and
//! an example; which games take a graph file, and the words of one; which
//! files a spec names, for the front end to read.

use serde::Serialize;

use crate::api::Error;
use crate::catalog::{sum, Entry, Spec, ENTRIES};

/// A game of the catalog, as `grundy list --json` prints it (one object per
/// game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The name typed before any `:PARAMETER`.
    pub name: &'static str,
    /// The parameter after `name:`, if the game takes one, and what it means
    /// (`S: the amounts a move may take, …`).
    pub parameter: Option<&'static str>,
    /// One line on the game.
    pub summary: &'static str,
    /// How to write a position.
    pub position: &'static str,
    /// A full example: the game and a position.
    pub example: &'static str,
}

impl From<&Entry> for GameInfo {
    fn from(e: &Entry) -> GameInfo {
        GameInfo {
            name: e.name,
            parameter: e.parameter,
            summary: e.summary,
            position: e.position,
            example: e.example,
        }
    }
}

/// Every game of the catalog, in the catalog's order.
///
/// ```
/// let games = grundy::api::games::list();
/// assert_eq!(games[0].name, "nim");
/// assert!(games.iter().any(|g| g.name == "geography"));
/// ```
pub fn list() -> Vec<GameInfo> {
    ENTRIES.iter().map(GameInfo::from).collect()
}

/// Checks that the game named by `spec` (`name` or `name:parameter`) takes a
/// graph file: its positions have edges that a file may list, one per line,
/// for the front end to read and pass on as `a-b` words.
///
/// # Errors
/// [`Error::Catalog`] for an unknown game; [`Error::NoGraphFile`] for a game
/// whose catalog entry takes none, naming those that do.
///
/// ```
/// use grundy::api::games::check_graph_file;
/// assert!(check_graph_file("geography").is_ok());
/// assert!(check_graph_file("nim").is_err());
/// ```
pub fn check_graph_file(spec: &str) -> Result<(), Error> {
    if Spec::from(spec).entry()?.graph_file {
        return Ok(());
    }
    let graph_games: Vec<&str> = ENTRIES
        .iter()
        .filter(|e| e.graph_file)
        .map(|e| e.name)
        .collect();
    Err(Error::NoGraphFile {
        game: spec.to_string(),
        graph_games: graph_games.join(", "),
    })
}

/// The spec of a game that takes a whole graph file as its parameter (the
/// loopy `graph` game: `--graph FILE graph v` is `graph:FILE v`), or `None`
/// for any other game, whose graph file is read as position words
/// ([`graph_words`]).
///
/// ```
/// use grundy::api::games::graph_parameter;
/// assert_eq!(graph_parameter("graph", "g.txt").as_deref(), Some("graph:g.txt"));
/// assert_eq!(graph_parameter("geography", "g.txt"), None);
/// ```
pub fn graph_parameter(spec: &str, file: &str) -> Option<String> {
    let name = crate::games::graph::ENTRY.name;
    (Spec::from(spec).name == name).then(|| format!("{name}:{file}"))
}

/// The position words of a graph file's text for the game `spec`: one edge
/// per line, `a b` or `a-b`, as an `a-b` word; a word alone on a line is
/// kept as it is; blank lines and text after `#` are skipped. A front end
/// reads the file and appends these words to the position's.
///
/// # Errors
/// As [`check_graph_file`]; [`Error::GraphLine`] for a line that is not an
/// edge.
///
/// ```
/// let words = grundy::api::games::graph_words("geography", "1 2\n# a comment\n2-3\n").unwrap();
/// assert_eq!(words, ["1-2", "2-3"]);
/// ```
pub fn graph_words(spec: &str, text: &str) -> Result<Vec<String>, Error> {
    check_graph_file(spec)?;
    let mut words = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            [] => {}
            [word] => words.push((*word).to_string()),
            [a, b] => words.push(format!("{a}-{b}")),
            _ => {
                return Err(Error::GraphLine {
                    line: i + 1,
                    text: line.to_string(),
                })
            }
        }
    }
    Ok(words)
}

/// The files a front end must read before the game `spec` with position
/// `words` can be built: the parameter of a game whose parameter is a file
/// (`script:PATH`), in the spec or in a sum's parts. Their text goes in
/// [`Spec::files`], keyed by these paths.
///
/// ```
/// use grundy::api::games::files_named;
/// assert_eq!(files_named("script:a.rhai", &["3"]), ["a.rhai"]);
/// assert_eq!(files_named("sum", &["nim", "3", "+", "script:b.rhai", "4"]), ["b.rhai"]);
/// assert!(files_named("nim", &["3"]).is_empty());
/// ```
pub fn files_named(spec: &str, words: &[&str]) -> Vec<String> {
    let spec = Spec::from(spec);
    let file = |s: &Spec| match (s.entry(), &s.param) {
        (Ok(e), Some(p)) if e.parameter_is_file => Some(p.clone()),
        _ => None,
    };
    if spec.name == sum::ENTRY.name {
        let parts = sum::groups(words).filter_map(|g| g.first().map(|w| Spec::from(*w)));
        return parts.filter_map(|s| file(&s)).collect();
    }
    file(&spec).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CatalogError;

    #[test]
    fn a_listed_game_is_one_json_object_with_its_fields_in_order() {
        let game = GameInfo {
            name: "bash",
            parameter: Some("K: a move takes 1 to K tokens"),
            summary: "the Bash game",
            position: "HEAP...",
            example: "bash:3 10",
        };
        assert_eq!(
            serde_json::to_string(&game).unwrap(),
            r#"{"name":"bash","parameter":"K: a move takes 1 to K tokens","summary":"the Bash game","position":"HEAP...","example":"bash:3 10"}"#
        );
        let listed = list();
        assert_eq!(listed.len(), ENTRIES.len());
        assert_eq!((listed[0].name, listed[0].parameter), ("nim", None));
    }

    #[test]
    fn only_geography_takes_a_graph_file() {
        assert_eq!(check_graph_file("geography"), Ok(()));
        let err = check_graph_file("subtraction:1,2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`subtraction:1,2` takes no graph file; only the graph games do (geography, node-kayles)"
        );
        assert!(matches!(
            check_graph_file("geograpy"),
            Err(Error::Catalog(CatalogError::Unknown { .. }))
        ));
    }

    #[test]
    fn a_graph_line_that_is_no_edge_is_refused_with_its_number() {
        let err = graph_words("geography", "1 2\n1 2 3\n").unwrap_err();
        assert_eq!(
            err,
            Error::GraphLine {
                line: 2,
                text: "1 2 3".into()
            }
        );
        assert_eq!(graph_words("geography", "0\n").unwrap(), ["0"]);
    }
}
