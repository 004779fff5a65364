//! Python values into what `api` takes: a [`Spec`] with the files and
//! moves it names, position words, limits.

use std::sync::Arc;

use grundy::api::sequence::Method;
use grundy::api::Limits;
use grundy::api::{self, Files, Spec};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::errors::{bad_input, to_py};
use crate::moves::PyMoves;
use crate::wording::Call;

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
                let source = std::fs::read_to_string(&path)
                    .map_err(|e| bad_input(format!("cannot read the script {path}: {e}")))?;
                spec.files = spec.files.with(&path, &source);
            }
            return Ok(Game { spec, moves: None });
        }
        if !game.hasattr("moves")? {
            return Err(bad_input(format!(
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
    /// (with its traceback), else the one for the library's error, in the
    /// words of the Python function `call`.
    pub fn raise<T>(&self, result: Result<T, api::Error>, call: Call) -> PyResult<T> {
        result.map_err(|e| {
            self.moves
                .as_ref()
                .and_then(|m| m.take_error())
                .unwrap_or_else(|| to_py(&e, call))
        })
    }
}

/// The words of a position: a string is split at spaces; an int is one
/// word; a tuple of ints is one array part, `[3,4]`; a list holds parts; a
/// NumPy array (or anything with `tolist()`) is read as its list, each row
/// of a 2-D array one array part.
pub fn words(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(list) = position.cast::<PyList>() {
        let mut words = Vec::new();
        for part in list.iter() {
            words.extend(words_of_part(&part)?);
        }
        return Ok(words);
    }
    if let Some(listed) = as_list(position)? {
        return words(&listed);
    }
    words_of_part(position)
}

/// `value.tolist()` for a NumPy array or scalar (not for a string, a tuple
/// or an int, which say what they are themselves).
fn as_list<'py>(value: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let plain = value.is_instance_of::<PyString>()
        || value.is_instance_of::<PyTuple>()
        || value.is_instance_of::<PyList>();
    if plain || !value.hasattr("tolist")? {
        return Ok(None);
    }
    value.call_method0("tolist").map(Some)
}

fn words_of_part(part: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = part.cast::<PyString>() {
        return Ok(text
            .to_cow()?
            .split_whitespace()
            .map(str::to_string)
            .collect());
    }
    // A tuple, or a row of a 2-D array: one part of several numbers.
    if part.is_instance_of::<PyTuple>() || part.is_instance_of::<PyList>() {
        let items: Vec<i128> = part.extract().map_err(|_| {
            bad_input(format!(
                "a position part of several numbers holds ints only, not {part}"
            ))
        })?;
        let items: Vec<String> = items.iter().map(i128::to_string).collect();
        return Ok(vec![format!("[{}]", items.join(","))]);
    }
    if let Some(listed) = as_list(part)? {
        return words_of_part(&listed);
    }
    match part.extract::<i128>() {
        Ok(n) => Ok(vec![n.to_string()]),
        Err(_) => Err(bad_input(format!(
            "a position part is an int, a tuple of ints or a string, not {}",
            part.get_type().name()?
        ))),
    }
}

/// A count argument (`length`, `rows`, `max_positions`), taken as any int:
/// a negative or too large one is a `BadInputError` naming `name`, where an
/// unsigned parameter would raise a bare `OverflowError`.
pub fn count<T: TryFrom<i128>>(n: i128, name: &str) -> PyResult<T> {
    if n < 0 {
        return Err(bad_input(format!("{name} must be 0 or more, not {n}")));
    }
    T::try_from(n).map_err(|_| bad_input(format!("{name}={n} is larger than grundy can count")))
}

/// [`count`] of an optional argument.
pub fn maybe_count<T: TryFrom<i128>>(n: Option<i128>, name: &str) -> PyResult<Option<T>> {
    n.map(|n| count(n, name)).transpose()
}

/// A list of counts (`values` of `plot`): a list, a tuple or a NumPy array.
pub fn numbers(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u64>> {
    let listed = as_list(value)?.unwrap_or_else(|| value.clone());
    if listed.is_instance_of::<PyString>() {
        return Err(bad_input(format!("{name} is a list of ints, not a string")));
    }
    let items: Vec<i128> = listed.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!("{name} must be a list of ints"))
    })?;
    items.into_iter().map(|n| count(n, name)).collect()
}

/// Search bounds.
pub fn limits(max_positions: usize) -> Limits {
    Limits::new(max_positions)
}

/// The take-and-break engine's algorithm, by name.
pub fn method(name: &str) -> PyResult<Method> {
    name.parse().map_err(|e: String| bad_input(e))
}
