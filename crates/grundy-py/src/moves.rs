//! A game defined in Python: an object whose `moves(position)` returns the
//! options of a position, solved by the engine as a script game is.
//!
//! A position part is an int or a tuple of ints; an option is a part, or a
//! list of parts (a sum: a heap split in two is `[a, b]`; `[]` is the end
//! of the game). An exception raised by `moves` stops the search and is
//! raised again, with its traceback, by the function that searched.

use std::sync::{Arc, Mutex, PoisonError};

use grundy::api::{Atom, AtomMoves, OptionList};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The object, its name, and the first exception its `moves` raised.
pub struct PyMoves {
    object: Py<PyAny>,
    name: String,
    error: Mutex<Option<PyErr>>,
}

impl PyMoves {
    /// Wraps `object`; its name is its `name` attribute if it has one,
    /// else its class's name.
    pub fn new(object: &Bound<'_, PyAny>) -> PyResult<PyMoves> {
        let name = match object.getattr("name") {
            Ok(n) if !n.is_callable() => n.str()?.to_string(),
            _ => object.get_type().name()?.to_string(),
        };
        Ok(PyMoves {
            object: object.clone().unbind(),
            name,
            error: Mutex::new(None),
        })
    }

    /// The game's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The exception `moves` raised, if it raised one.
    pub fn take_error(&self) -> Option<PyErr> {
        self.error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    fn keep(&self, e: PyErr) {
        let mut slot = self.error.lock().unwrap_or_else(PoisonError::into_inner);
        slot.get_or_insert(e);
    }

    fn options(&self, py: Python<'_>, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
        let arg: Bound<'_, PyAny> = match atom {
            Atom::Int(n) => n.into_pyobject(py).map_err(|e| e.to_string())?.into_any(),
            Atom::Array(xs) => PyTuple::new(py, xs.iter())
                .map_err(|e| e.to_string())?
                .into_any(),
        };
        let returned = self
            .object
            .bind(py)
            .call_method1("moves", (arg,))
            .map_err(|e| {
                let message = format!("{}.moves({atom}) raised {e}", self.name);
                self.keep(e);
                message
            })?;
        let bad = |why: String| format!("{}.moves({atom}) {why}", self.name);
        let options = returned.try_iter().map_err(|_| {
            bad(format!(
                "returned {}, not a list of options",
                type_name(&returned)
            ))
        })?;
        for (k, option) in options.enumerate() {
            let option = option.map_err(|e| bad(format!("could not be read: {e}")))?;
            push_option(&option, &mut list.atoms)
                .map_err(|why| bad(format!("returned a bad option (number {}): {why}", k + 1)))?;
            list.ends.push(list.atoms.len());
        }
        Ok(())
    }
}

impl AtomMoves for PyMoves {
    fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
        let (atoms, ends) = (list.atoms.len(), list.ends.len());
        let read = Python::attach(|py| self.options(py, atom, list));
        if read.is_err() {
            list.atoms.truncate(atoms);
            list.ends.truncate(ends);
        }
        read
    }

    /// The interpreter runs one call at a time anyway; asking from one
    /// thread also lets Ctrl-C reach `moves` as `KeyboardInterrupt`.
    fn parallel(&self) -> bool {
        false
    }
}

/// Appends the atoms of one option: a part, or a list of parts (a sum).
fn push_option(option: &Bound<'_, PyAny>, atoms: &mut Vec<Atom>) -> Result<(), String> {
    if let Ok(sum) = option.cast::<PyList>() {
        for part in sum.iter() {
            atoms.push(atom(&part)?);
        }
        return Ok(());
    }
    atoms.push(atom(option)?);
    Ok(())
}

fn atom(part: &Bound<'_, PyAny>) -> Result<Atom, String> {
    if let Ok(tuple) = part.cast::<PyTuple>() {
        let items: Vec<i64> = tuple
            .extract()
            .map_err(|_| format!("{part} is not a tuple of ints"))?;
        return Ok(Atom::Array(Arc::from(items)));
    }
    part.extract::<i64>().map(Atom::Int).map_err(|_| {
        format!(
            "{} is not a position: a position is an int, a tuple of ints, or a list of them (a sum)",
            type_name(part)
        )
    })
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}
