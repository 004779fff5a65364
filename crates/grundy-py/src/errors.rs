//! The library's typed errors as Python exceptions, chosen by
//! [`ErrorKind`] alone: the message is the library's.

use grundy::api::nimber::NimberError;
use grundy::api::{Error, ErrorKind};
use pyo3::exceptions::{
    PyException, PyKeyboardInterrupt, PyOSError, PyValueError, PyZeroDivisionError,
};
use pyo3::prelude::*;

pyo3::create_exception!(
    grundy,
    GrundyError,
    PyException,
    "A request the engine could not answer; the subclasses say why."
);
pyo3::create_exception!(
    grundy,
    BadInputError,
    PyValueError,
    "The request is wrong: an unknown game, a bad parameter, position or move."
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

/// Adds the exception types to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("BadInputError", py.get_type::<BadInputError>())?;
    m.add("SearchLimitError", py.get_type::<SearchLimitError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    Ok(())
}

/// The exception for `e`.
pub fn to_py(e: &Error) -> PyErr {
    let message = e.to_string();
    if let Error::Nimber(NimberError::NoInverse { .. }) = e {
        return PyZeroDivisionError::new_err(message);
    }
    match e.kind() {
        ErrorKind::BadInput => BadInputError::new_err(message),
        ErrorKind::Limit => SearchLimitError::new_err(message),
        ErrorKind::GameFailed => GameError::new_err(message),
        ErrorKind::Io => PyOSError::new_err(message),
        ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(message),
        _ => GrundyError::new_err(message),
    }
}

/// `?` for the library's results.
pub trait Raise<T> {
    /// The value, or the exception for the error.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> Raise<T> for Result<T, Error> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(|e| to_py(&e))
    }
}
