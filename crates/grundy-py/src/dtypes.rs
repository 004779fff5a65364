//! One dtype per kind of array, whichever engine answers: a sequence is
//! `numpy.uint64` unless the caller asks for another integer dtype. The
//! engine's own array is handed to NumPy without a copy when it already
//! has the dtype asked for (`uint16` or `uint32` for a long octal run).

use grundy::api::sequence::Values;
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::errors::bad_input;

/// The dtype of every sequence unless `dtype=` says otherwise.
pub const DEFAULT: &str = "uint64";

/// The first value and its index among the largest of `values`.
fn largest<T: Copy + Into<u64>>(values: &[T]) -> Option<(usize, u64)> {
    let mut best: Option<(usize, u64)> = None;
    for (n, v) in values.iter().enumerate() {
        let v: u64 = (*v).into();
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((n, v));
        }
    }
    best
}

/// `values` as a NumPy array of `dtype` (`numpy.uint64` when `None`).
///
/// # Errors
/// `BadInputError` for a dtype that is not an integer type, or one too
/// narrow for the largest value.
pub fn array<'py>(
    py: Python<'py>,
    values: Values,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let wanted = match dtype {
        Some(d) if !d.is_none() => numpy.getattr("dtype")?.call1((d,)).map_err(|_| {
            bad_input(format!(
                "dtype={d} is not a NumPy dtype; use e.g. numpy.uint64"
            ))
        })?,
        _ => numpy.getattr("dtype")?.call1((DEFAULT,))?,
    };
    let kind: String = wanted.getattr("kind")?.extract()?;
    if kind != "u" && kind != "i" {
        return Err(bad_input(format!(
            "dtype={wanted} is not an integer type; Grundy values are integers: use e.g. numpy.uint64"
        )));
    }
    // `from_vec` hands the vector's buffer to NumPy: no copy.
    let (largest, native) = match values {
        Values::Byte(v) => (largest(&v), PyArray1::from_vec(py, v).into_any()),
        Values::Narrow(v) => (largest(&v), PyArray1::from_vec(py, v).into_any()),
        Values::Wide(v) => (largest(&v), PyArray1::from_vec(py, v).into_any()),
        Values::Catalog(v) => (largest(&v), PyArray1::from_vec(py, v).into_any()),
    };
    if native.getattr("dtype")?.eq(&wanted)? {
        return Ok(native);
    }
    if let Some((n, v)) = largest {
        let top: u128 = numpy
            .getattr("iinfo")?
            .call1((&wanted,))?
            .getattr("max")?
            .extract()?;
        if u128::from(v) > top {
            return Err(bad_input(format!(
                "G({n}) = {v} does not fit dtype={wanted} (at most {top}); ask for a wider dtype such as numpy.uint64"
            )));
        }
    }
    native.call_method1("astype", (wanted,))
}
