//! The catalog as front ends show it: every game with its position syntax and
//! an example, and which games take a graph file.

use serde::Serialize;

use crate::api::Error;
use crate::catalog::{Entry, Spec, ENTRIES};

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
            "`subtraction:1,2` takes no graph file; only the graph games do (geography)"
        );
        assert!(matches!(
            check_graph_file("geograpy"),
            Err(Error::Catalog(CatalogError::Unknown { .. }))
        ));
    }
}
