//! Python values into what `api` takes: a [`Spec`] with the files and
//! moves it names, position words, limits.

use std::sync::Arc;

use grundy::api::sequence::Method;
use grundy::api::Limits;
use grundy::api::{self, Files, Spec};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::errors::{to_py, BadInputError};
use crate::moves::PyMoves;

/// The game a request names, built into a spec once.
pub struct Game {
    /// What `api` takes.
    pub spec: Spec,
    /// The Python object whose `moves` the game calls, if it is one.
    moves: Option<Arc<PyMoves>>,
}

impl Game {
    /// A catalog spec (reading the script files it names, with `words`
    /// for a sum's parts) or an object with a `moves` method.
    pub fn new(game: &Bound<'_, PyAny>, words: &[String]) -> PyResult<Game> {
        if let Ok(text) = game.cast::<PyString>() {
            let text = text.to_cow()?;
            let text: &str = &text;
            let mut spec = Spec::from(text);
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            for path in api::games::files_named(text, &words) {
                let source = std::fs::read_to_string(&path).map_err(|e| {
                    BadInputError::new_err(format!("cannot read the script {path}: {e}"))
                })?;
                spec.files = spec.files.with(&path, &source);
            }
            return Ok(Game { spec, moves: None });
        }
        if !game.hasattr("moves")? {
            return Err(BadInputError::new_err(format!(
                "a game is a catalog name such as \"nim\" or an object with a moves(position) method, not {}",
                game.get_type().name()?
            )));
        }
        let moves = Arc::new(PyMoves::new(game)?);
        let mut spec = Spec::from(format!("script:{}", moves.name()).as_str());
        spec.files = Files::default().with_moves(moves.name(), moves.clone());
        Ok(Game {
            spec,
            moves: Some(moves),
        })
    }

    /// The value, or the exception: the one a Python game's `moves` raised
    /// (with its traceback), else the one for the library's error.
    pub fn raise<T>(&self, result: Result<T, api::Error>) -> PyResult<T> {
        result.map_err(|e| {
            self.moves
                .as_ref()
                .and_then(|m| m.take_error())
                .unwrap_or_else(|| to_py(&e))
        })
    }
}

/// The words of a position: a string is split at spaces; an int is one
/// word; a tuple of ints is one array part, `[3,4]`; a list holds parts.
pub fn words(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = position.cast::<PyString>() {
        return Ok(text
            .to_cow()?
            .split_whitespace()
            .map(str::to_string)
            .collect());
    }
    if let Ok(list) = position.cast::<PyList>() {
        let mut words = Vec::new();
        for part in list.iter() {
            words.extend(words_of_part(&part)?);
        }
        return Ok(words);
    }
    words_of_part(position)
}

fn words_of_part(part: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = part.cast::<PyString>() {
        return Ok(text
            .to_cow()?
            .split_whitespace()
            .map(str::to_string)
            .collect());
    }
    if let Ok(tuple) = part.cast::<PyTuple>() {
        let items: Vec<i64> = tuple.extract()?;
        let items: Vec<String> = items.iter().map(i64::to_string).collect();
        return Ok(vec![format!("[{}]", items.join(","))]);
    }
    match part.extract::<i128>() {
        Ok(n) => Ok(vec![n.to_string()]),
        Err(_) => Err(BadInputError::new_err(format!(
            "a position part is an int, a tuple of ints or a string, not {}",
            part.get_type().name()?
        ))),
    }
}

/// Search bounds.
pub fn limits(max_positions: usize) -> Limits {
    Limits::new(max_positions)
}

/// The take-and-break engine's algorithm, by name.
pub fn method(name: &str) -> PyResult<Method> {
    name.parse().map_err(BadInputError::new_err)
}
