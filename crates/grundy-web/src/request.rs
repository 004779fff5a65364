//! The bodies the endpoints accept, and the one place they become a
//! [`Spec`] and position words: script games are refused unless the server
//! allows them, and even then their text comes from the body, never from a
//! file the request names.

use grundy::api::games::files_named;
use grundy::api::Play;
use grundy::api::Spec;
use serde::Deserialize;

use crate::error::ApiError;

/// The longest position text accepted, in bytes.
pub const MAX_POSITION_BYTES: usize = 4096;
/// The longest game text accepted, in bytes.
pub const MAX_GAME_BYTES: usize = 256;

/// `/api/analyze` and `/api/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeBody {
    /// The game, with its parameter.
    pub game: String,
    /// The position, in the game's syntax: `3 4 5`.
    #[serde(default)]
    pub position: String,
    /// Misère play.
    #[serde(default)]
    pub misere: bool,
    /// Every move with its outcome (always on for `/api/moves`).
    #[serde(default)]
    pub all_moves: bool,
    /// The outcome and the value alone, by the pruned search where no
    /// formula answers: no winning move, no remoteness (`grundy analyze
    /// --value-only`). Not with `all_moves`, nor on `/api/moves`.
    #[serde(default)]
    pub value_only: bool,
    /// Exact remoteness by full search, within the server's limits and
    /// deadline (`grundy analyze --remoteness`); without it remoteness is
    /// given where a search within a fixed work budget finds it. Not with
    /// `value_only`.
    #[serde(default)]
    pub remoteness: bool,
    /// The script's text, for `script:NAME` games.
    #[serde(default)]
    pub script_source: Option<String>,
}

/// `/api/play`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayBody {
    /// The game, with its parameter.
    pub game: String,
    /// The position before the move.
    #[serde(default)]
    pub position: String,
    /// Misère play.
    #[serde(default)]
    pub misere: bool,
    /// The player's move, if the player moves.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// Whether the computer replies (default yes; no for two players).
    #[serde(default = "yes")]
    pub reply: bool,
    /// The script's text, for `script:NAME` games.
    #[serde(default)]
    pub script_source: Option<String>,
}

fn yes() -> bool {
    true
}

/// `/api/table`: the shape of `grundy table` (or of `grundy sequence`, with `len`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableBody {
    /// The game, with its parameter.
    pub game: String,
    /// Rows of a table.
    pub rows: Option<u64>,
    /// Columns of a table.
    pub cols: Option<u64>,
    /// Terms of a sequence.
    pub len: Option<u64>,
    /// The first index.
    pub from: Option<u64>,
    /// The script's text, for `script:NAME` games.
    #[serde(default)]
    pub script_source: Option<String>,
}

/// `/api/locate`: where a position sits in its game's table or sequence.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocateBody {
    /// The game, with its parameter.
    pub game: String,
    /// The position.
    #[serde(default)]
    pub position: String,
    /// Cells a side of the window (default 16).
    pub side: Option<u64>,
    /// The script's text, for `script:NAME` games.
    #[serde(default)]
    pub script_source: Option<String>,
}

/// `/api/board`: the picture of a position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardBody {
    /// The game, with its parameter.
    pub game: String,
    /// The position.
    #[serde(default)]
    pub position: String,
    /// The script's text, for `script:NAME` games.
    #[serde(default)]
    pub script_source: Option<String>,
}

/// The play convention of a `misere` flag.
pub fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// The words of a position, refused when too long.
///
/// # Errors
/// A bad-input error for more than [`MAX_POSITION_BYTES`] bytes.
pub fn words(position: &str) -> Result<Vec<String>, ApiError> {
    if position.len() > MAX_POSITION_BYTES {
        return Err(ApiError::bad_input(format!(
            "the position is {} bytes long; the server accepts at most {MAX_POSITION_BYTES}",
            position.len()
        )));
    }
    Ok(position.split_whitespace().map(str::to_string).collect())
}

/// The spec of `game` with position `words`: a script game only when
/// `allow_scripts`, with `script_source` as the text of the file it names.
///
/// # Errors
/// Bad input for a game text that is too long, a script game the server
/// refuses, one without its source, or one naming several files.
pub fn spec(
    game: &str,
    words: &[String],
    script_source: Option<&str>,
    allow_scripts: bool,
) -> Result<Spec, ApiError> {
    if game.len() > MAX_GAME_BYTES {
        return Err(ApiError::bad_input(format!(
            "the game is {} bytes long; the server accepts at most {MAX_GAME_BYTES}",
            game.len()
        )));
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let files = files_named(game, &words);
    let mut spec = Spec::from(game);
    if files.is_empty() {
        return Ok(spec);
    }
    // A graph file is data, not code: the `graph` game takes its text in
    // `script_source` without --allow-scripts.
    let graph = grundy::api::games::graph_parameter(game, "").is_some();
    if !allow_scripts && !graph {
        return Err(ApiError::bad_input(format!(
            "script games are refused: this server was started without --allow-scripts ({} names the script `{}`)",
            game, files[0]
        )));
    }
    let mut distinct = files.clone();
    distinct.dedup();
    let (Some(source), [path]) = (script_source, distinct.as_slice()) else {
        return Err(ApiError::bad_input(
            "a script game needs its text in `script_source`, and one script per request; the server reads no files",
        ));
    };
    spec.files = spec.files.with(path, source);
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_are_refused_or_take_their_text_from_the_body() {
        let words = vec!["3".to_string()];
        let err = spec("script:/etc/passwd", &words, None, false).unwrap_err();
        assert!(err.message.contains("--allow-scripts"), "{}", err.message);
        let err = spec("script:a.rhai", &words, None, true).unwrap_err();
        assert!(err.message.contains("script_source"), "{}", err.message);
        let s = spec("script:a.rhai", &words, Some("fn moves(n) { [] }"), true).unwrap();
        assert_eq!(s.files.get("a.rhai"), Some("fn moves(n) { [] }"));
        assert!(spec("nim", &words, None, false).is_ok());
    }

    #[test]
    fn long_positions_and_games_are_refused() {
        let long = "1 ".repeat(MAX_POSITION_BYTES);
        assert_eq!(words(&long).unwrap_err().kind, "bad_input");
        assert_eq!(words(" 3  4\t5 ").unwrap(), ["3", "4", "5"]);
        assert!(spec(&"n".repeat(300), &[], None, false).is_err());
    }
}
