//! `Table` (the values G(i, j) of a two-number game, as a NumPy array)
//! and `Picture` (the command line's heatmap and sequence plot).

use std::hash::{Hash, Hasher};

use grundy::api::values::Grid;
use grundy_plot::Format;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};
use pyo3::IntoPyObjectExt;

use crate::errors::{bad_input, Raise};
use crate::results::repr;
use crate::wording::Call;

/// What a picture shows.
enum Drawing {
    Sequence {
        values: Vec<Option<u64>>,
        first: u64,
    },
    Heatmap(Grid),
}

/// A picture of values, the command line's: PNG bytes with `png()`, SVG
/// text with `svg()`, a file with `save(path)`, shown by notebooks.
#[pyclass(frozen, module = "grundy")]
pub struct Picture {
    drawing: Drawing,
}

impl Picture {
    pub fn sequence(values: Vec<Option<u64>>, first: u64) -> Picture {
        Picture {
            drawing: Drawing::Sequence { values, first },
        }
    }

    fn bytes(&self, py: Python<'_>, format: Format) -> PyResult<Vec<u8>> {
        let drawn = py.detach(|| match &self.drawing {
            Drawing::Sequence { values, first } => {
                grundy_plot::sequence_plot(values, *first, format)
            }
            Drawing::Heatmap(grid) => grundy_plot::heatmap(grid, format),
        });
        drawn.map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
    }
}

#[pymethods]
impl Picture {
    /// The picture as PNG bytes.
    fn png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        Ok(PyBytes::new(py, &self.bytes(py, Format::Png)?))
    }

    /// The picture as SVG text.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        String::from_utf8(self.bytes(py, Format::Svg)?)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
    }

    /// Writes the picture to `path`: SVG if it ends in `.svg`, else PNG.
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        let svg = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
        let bytes = self.bytes(py, if svg { Format::Svg } else { Format::Png })?;
        std::fs::write(&path, bytes).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("writing {}: {e}", path.display()))
        })
    }

    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.png(py)
    }
}

/// A table of Grundy values G(i, j), as `grundy table` computes it.
#[pyclass(frozen, module = "grundy")]
pub struct Table {
    grid: Grid,
    values: Py<PyArray2<u64>>,
}

impl Table {
    /// The table of `grid`, whose cells are all `known`.
    pub fn new(py: Python<'_>, grid: Grid, known: Vec<u64>) -> PyResult<Table> {
        let shape = [grid.rows(), grid.cols()];
        // The vector's buffer becomes the array's, reshaped in place.
        let values = PyArray1::from_vec(py, known).reshape(shape)?.unbind();
        Ok(Table { grid, values })
    }
}

#[pymethods]
impl Table {
    /// The game, with its parameter.
    #[getter]
    fn game(&self) -> &str {
        self.grid.game()
    }

    /// The first i and j (row 0 is i = first).
    #[getter]
    fn first(&self) -> u64 {
        self.grid.shape().first()
    }

    /// The values as a 2-D `uint64` array: `values[r, c]` is
    /// G(first + r, first + c).
    #[getter]
    fn values(&self, py: Python<'_>) -> Py<PyArray2<u64>> {
        self.values.clone_ref(py)
    }

    /// (rows, cols).
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.grid.rows(), self.grid.cols())
    }

    /// `numpy.asarray(table)`.
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = self.values.bind(py).clone().into_any();
        match (dtype, copy) {
            (Some(d), _) => values.call_method1("astype", (d,)),
            (None, Some(true)) => values.call_method0("copy"),
            _ => Ok(values),
        }
    }

    /// The heatmap of `grundy table --png`: P-positions black, a legend.
    fn plot(&self) -> Picture {
        Picture {
            drawing: Drawing::Heatmap(self.grid.clone()),
        }
    }

    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.plot().png(py)
    }

    /// `Table(game='nim', shape=(16, 16), first=0)`.
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Table(game={}, shape={:?}, first={})",
            repr(py, self.grid.game()),
            (self.grid.rows(), self.grid.cols()),
            self.grid.shape().first()
        )
    }

    /// Equal game, first index and values.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<Table>() else {
            return py.NotImplemented();
        };
        // Not `Grid`'s own `==`, which also compares how a cell is named.
        let (a, b) = (&self.grid, &other.get().grid);
        let equal = a.game() == b.game() && a.shape() == b.shape() && a.values() == b.values();
        match op {
            CompareOp::Eq => equal.into_pyobject(py),
            CompareOp::Ne => (!equal).into_pyobject(py),
            _ => return py.NotImplemented(),
        }
        .map_or_else(
            |_| py.NotImplemented(),
            |b| b.to_owned().into_any().unbind(),
        )
    }

    fn __hash__(&self) -> isize {
        let mut h = std::hash::DefaultHasher::new();
        (
            self.grid.game(),
            self.grid.shape().first(),
            self.grid.cols(),
        )
            .hash(&mut h);
        self.grid.values().hash(&mut h);
        h.finish() as isize
    }

    /// A pickle by game, first index and values (the array's rows).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let me = slf.get();
        let restore = slf.get_type().getattr("_from_state")?;
        let values = me.values.bind(slf.py()).call_method0("tolist")?;
        let state = (me.grid.game(), me.grid.shape().first(), values);
        Ok((restore, state.into_bound_py_any(slf.py())?))
    }

    /// A table from its pickled state: the game, the first index and the
    /// rows of values.
    #[classmethod]
    fn _from_state(
        cls: &Bound<'_, PyType>,
        game: String,
        first: u64,
        rows: Vec<Vec<u64>>,
    ) -> PyResult<Table> {
        let cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != cols) {
            return Err(bad_input("a table's rows must all be as long"));
        }
        let (r, c) = (rows.len() as u64, cols as u64);
        let values: Vec<u64> = rows.into_iter().flatten().collect();
        let grid = Grid::known_table(game, first, r, c, values.clone()).or_raise(Call::Table)?;
        Table::new(cls.py(), grid, values)
    }
}
