//! One exception tree: `GrundyError` is the base of every error the module
//! raises. The class is chosen by the library's [`ErrorKind`]; the words by
//! [`crate::wording`], which names Python arguments, not the command
//! line's flags.
//!
//! ```text
//! GrundyError(Exception)
//! ├── BadInputError(GrundyError, ValueError)
//! │   └── DivisionByZeroError(BadInputError, ZeroDivisionError)
//! ├── SearchLimitError(GrundyError)
//! └── GameError(GrundyError)
//! ```

use grundy::api::nimber::NimberError;
use grundy::api::{Error, ErrorKind};
use pyo3::exceptions::{PyException, PyKeyboardInterrupt, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::wording::{message, Call};

pyo3::create_exception!(
    grundy,
    GrundyError,
    PyException,
    "The base of every error grundy raises; the subclasses say why."
);
pyo3::create_exception!(
    grundy,
    SearchLimitError,
    GrundyError,
    "The request is right but exceeds a limit: raise max_positions or ask for less."
);
pyo3::create_exception!(
    grundy,
    GameError,
    GrundyError,
    "The game itself failed: a script error, or a position that recurs."
);

/// The classes with two bases, which `create_exception!` cannot make.
static BAD_INPUT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DIVISION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

const BAD_INPUT_DOC: &str =
    "The request is wrong: an unknown game, a bad parameter, position or argument.";
const DIVISION_DOC: &str = "A nimber divided by zero.";

/// `class name(*bases)` made by `type()`, in module `grundy`.
fn class(
    py: Python<'_>,
    name: &str,
    doc: &str,
    bases: &[Bound<'_, PyType>],
) -> PyResult<Py<PyType>> {
    let namespace = PyDict::new(py);
    namespace.set_item("__module__", "grundy")?;
    namespace.set_item("__doc__", doc)?;
    let bases = PyTuple::new(py, bases)?;
    let made = py.get_type::<PyType>().call1((name, bases, namespace))?;
    Ok(made.cast_into::<PyType>()?.unbind())
}

fn bad_input_type(py: Python<'_>) -> PyResult<&Py<PyType>> {
    BAD_INPUT.get_or_try_init(py, || {
        let bases = [py.get_type::<GrundyError>(), py.get_type::<PyValueError>()];
        class(py, "BadInputError", BAD_INPUT_DOC, &bases)
    })
}

fn division_type(py: Python<'_>) -> PyResult<&Py<PyType>> {
    DIVISION.get_or_try_init(py, || {
        let bases = [
            bad_input_type(py)?.bind(py).clone(),
            py.get_type::<PyZeroDivisionError>(),
        ];
        class(py, "DivisionByZeroError", DIVISION_DOC, &bases)
    })
}

/// A `BadInputError` saying `message`.
pub fn bad_input(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| match bad_input_type(py) {
        Ok(t) => PyErr::from_type(t.bind(py).clone(), message),
        Err(e) => e,
    })
}

/// Adds the exception types to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("BadInputError", bad_input_type(py)?.bind(py))?;
    m.add("DivisionByZeroError", division_type(py)?.bind(py))?;
    m.add("SearchLimitError", py.get_type::<SearchLimitError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    Ok(())
}

/// The exception for `e`, raised by the Python function `call`.
pub fn to_py(e: &Error, call: Call) -> PyErr {
    let text = message(e, call);
    if let Error::Nimber(NimberError::NoInverse { .. }) = e {
        return Python::attach(|py| match division_type(py) {
            Ok(t) => PyErr::from_type(t.bind(py).clone(), text),
            Err(e) => e,
        });
    }
    match e.kind() {
        ErrorKind::BadInput => bad_input(text),
        ErrorKind::Limit => SearchLimitError::new_err(text),
        ErrorKind::GameFailed => GameError::new_err(text),
        // Only Ctrl-C stops a run from Python, and Python says so this way.
        ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(text),
        _ => GrundyError::new_err(text),
    }
}

/// `?` for the library's results.
pub trait Raise<T> {
    /// The value, or the exception for the error, raised by `call`.
    fn or_raise(self, call: Call) -> PyResult<T>;
}

impl<T> Raise<T> for Result<T, Error> {
    fn or_raise(self, call: Call) -> PyResult<T> {
        self.map_err(|e| to_py(&e, call))
    }
}
