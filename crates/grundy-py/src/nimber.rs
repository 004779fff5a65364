//! `grundy.Nimber`: nim arithmetic on nimbers below 2^128.

use grundy::api::nimber;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyType};

use crate::errors::{bad_input, Raise};
use crate::wording::Call;

/// A nimber *n below 2^128: `+` is the nim sum (XOR), `*` Conway's nim
/// product and `/` the nim quotient, under which the nimbers form a field.
/// Ints mix with nimbers: `Nimber(2) * 3 == Nimber(1)`.
#[pyclass(frozen, module = "grundy")]
#[derive(Clone, Copy)]
pub struct Nimber {
    value: u128,
}

/// An operand: a nimber, or an int below 2^128.
#[derive(FromPyObject)]
enum Operand {
    Nimber(Nimber),
    Int(u128),
}

impl Operand {
    fn value(&self) -> u128 {
        match self {
            Operand::Nimber(n) => n.value,
            Operand::Int(v) => *v,
        }
    }
}

fn nim(value: u128) -> Nimber {
    Nimber { value }
}

#[pymethods]
impl Nimber {
    /// The nimber `*value`; `BadInputError` for an int below 0 or from
    /// 2^128 on.
    #[new]
    fn py_new(value: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        if let Ok(v) = value.extract::<u128>() {
            return Ok(nim(v));
        }
        if !value.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "a nimber is made of an int, not {}",
                value.get_type().name()?
            )));
        }
        Err(bad_input(format!(
            "a nimber is an int from 0 below 2**128, not {value}"
        )))
    }

    /// Pickled as `Nimber(value)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u128,)) {
        (slf.get_type(), (slf.get().value,))
    }

    /// Its value as an int.
    #[getter]
    fn value(&self) -> u128 {
        self.value
    }

    fn __add__(&self, other: Operand) -> Nimber {
        nim(self.value ^ other.value())
    }

    fn __radd__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    /// In characteristic 2, subtraction is addition.
    fn __sub__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __rsub__(&self, other: Operand) -> Nimber {
        self.__add__(other)
    }

    fn __mul__(&self, other: Operand) -> Nimber {
        nim(nimber::product(self.value, other.value()))
    }

    fn __rmul__(&self, other: Operand) -> Nimber {
        self.__mul__(other)
    }

    /// The nim quotient; `ZeroDivisionError` for a divisor of 0.
    fn __truediv__(&self, other: Operand) -> PyResult<Nimber> {
        nimber::quotient(self.value, other.value())
            .map(nim)
            .or_raise(Call::Nimber)
    }

    fn __rtruediv__(&self, other: Operand) -> PyResult<Nimber> {
        nimber::quotient(other.value(), self.value)
            .map(nim)
            .or_raise(Call::Nimber)
    }

    /// The nim inverse, `1 / self`.
    fn inverse(&self) -> PyResult<Nimber> {
        self.__rtruediv__(Operand::Int(1))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.extract::<Operand>() else {
            return py.NotImplemented();
        };
        match op {
            CompareOp::Eq => (self.value == other.value()).into_pyobject(py),
            CompareOp::Ne => (self.value != other.value()).into_pyobject(py),
            _ => return py.NotImplemented(),
        }
        .map_or_else(
            |_| py.NotImplemented(),
            |b| b.to_owned().into_any().unbind(),
        )
    }

    /// `hash(int(self))`, as a nimber equals its int: CPython hashes a
    /// non-negative int to its value modulo 2^61 − 1 (and −1 to −2).
    fn __hash__(&self) -> isize {
        let h = (self.value % ((1u128 << 61) - 1)) as isize;
        if h == -1 {
            -2
        } else {
            h
        }
    }

    fn __int__(&self) -> u128 {
        self.value
    }

    fn __index__(&self) -> u128 {
        self.value
    }

    fn __bool__(&self) -> bool {
        self.value != 0
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.value)
    }

    /// `*5`, as nimbers are written.
    fn __str__(&self) -> String {
        format!("*{}", self.value)
    }
}
