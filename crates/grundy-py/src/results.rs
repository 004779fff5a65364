//! What the functions return: Python objects over the library's result
//! types, each with `to_dict()` equal to the command line's `--json` (the
//! same serde types, through JSON), and notebook displays.

use grundy::api::analyze::MoveInfo;
use grundy::api::period::PeriodReport;
use grundy::api::values::Grid;
use grundy_plot::Format;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde::Serialize;

/// `value` as Python objects: its JSON, read by `json.loads`.
pub fn json_to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A serde value's JSON text, unquoted: `"N"`, `"normal"`.
fn word(value: &impl Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One move, the position it leads to, and what is known of that position.
#[pyclass(frozen, module = "grundy")]
pub struct Move {
    info: MoveInfo,
}

#[pymethods]
impl Move {
    /// The move, as a player types it (`take 2 from heap 1`).
    #[getter(r#move)]
    fn mv(&self) -> &str {
        &self.info.mv
    }

    /// The position after the move.
    #[getter]
    fn to(&self) -> &str {
        &self.info.to
    }

    /// `"N"` or `"P"`: the outcome of the position after the move.
    #[getter]
    fn outcome(&self) -> Option<String> {
        self.info.outcome.as_ref().map(word)
    }

    /// Moves left with perfect play after this one, if known.
    #[getter]
    fn remoteness(&self) -> Option<u32> {
        self.info.remoteness
    }

    /// The move as `grundy analyze --json` writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.info)
    }

    fn __repr__(&self) -> String {
        format!("Move({:?} -> {:?})", self.info.mv, self.info.to)
    }
}

fn moves(list: &[MoveInfo]) -> Vec<Move> {
    list.iter().map(|m| Move { info: m.clone() }).collect()
}

/// Everything about one position, as `grundy analyze` reports it.
#[pyclass(frozen, module = "grundy")]
pub struct Analysis {
    inner: grundy::api::analyze::Analysis,
}

impl Analysis {
    pub fn new(inner: grundy::api::analyze::Analysis) -> Analysis {
        Analysis { inner }
    }
}

#[pymethods]
impl Analysis {
    /// The game, with its parameter.
    #[getter]
    fn game(&self) -> &str {
        &self.inner.game
    }

    /// The position, as the game writes it.
    #[getter]
    fn position(&self) -> &str {
        &self.inner.position
    }

    /// `"normal"` or `"misere"`.
    #[getter]
    fn play(&self) -> String {
        word(&self.inner.play)
    }

    /// `"N"` (the player to move wins) or `"P"`.
    #[getter]
    fn outcome(&self) -> String {
        word(&self.inner.outcome)
    }

    /// The Grundy value; `None` in misère play or when unknown.
    #[getter]
    fn grundy(&self) -> Option<u64> {
        self.inner.grundy
    }

    /// Moves left with perfect play, if known.
    #[getter]
    fn remoteness(&self) -> Option<u32> {
        self.inner.remoteness
    }

    /// `"formula"` or `"search"`.
    #[getter]
    fn method(&self) -> String {
        self.inner.method.to_string()
    }

    /// The winning moves (all of them if `winning_moves_complete`).
    #[getter]
    fn winning_moves(&self) -> Vec<Move> {
        moves(&self.inner.winning_moves)
    }

    /// A loopy game's generalized Sprague-Grundy value, `"3"` or
    /// `"∞{0,2}"`; `None` for a game whose positions never repeat.
    #[getter]
    fn value(&self) -> Option<String> {
        self.inner.value.clone()
    }

    /// Whether `winning_moves` lists every winning move.
    #[getter]
    fn winning_moves_complete(&self) -> bool {
        self.inner.winning_moves_complete
    }

    /// Every move, when asked for with `all_moves=True`.
    #[getter]
    fn all_moves(&self) -> Option<Vec<Move>> {
        self.inner.all_moves.as_deref().map(moves)
    }

    /// The analysis as `grundy analyze --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        let a = &self.inner;
        let grundy = a
            .grundy
            .map_or_else(|| "None".to_string(), |g| g.to_string());
        format!(
            "Analysis(game={:?}, position={:?}, outcome={:?}, grundy={grundy}, winning_moves={})",
            a.game,
            a.position,
            word(&a.outcome),
            a.winning_moves.len()
        )
    }

    /// A small table for notebooks.
    fn _repr_html_(&self) -> String {
        let a = &self.inner;
        let unknown = || "?".to_string();
        let mut rows = vec![
            ("game", a.game.clone()),
            ("position", a.position.clone()),
            ("play", word(&a.play)),
            ("outcome", word(&a.outcome)),
            ("grundy", a.grundy.map_or_else(unknown, |g| g.to_string())),
            (
                "remoteness",
                a.remoteness.map_or_else(unknown, |r| r.to_string()),
            ),
            ("method", a.method.to_string()),
        ];
        let winning: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| format!("{} → {}", m.mv, m.to))
            .collect();
        rows.push((
            "winning moves",
            if winning.is_empty() {
                "none".to_string()
            } else {
                winning.join("<br>")
            },
        ));
        let body: String = rows
            .iter()
            .map(|(k, v)| {
                let v = if *k == "winning moves" {
                    v.split("<br>").map(escape).collect::<Vec<_>>().join("<br>")
                } else {
                    escape(v)
                };
                format!("<tr><th style=\"text-align:left\">{k}</th><td style=\"text-align:left\">{v}</td></tr>")
            })
            .collect();
        format!("<table>{body}</table>")
    }
}

/// The period of a one-number game, as `grundy period` reports it.
#[pyclass(frozen, module = "grundy")]
pub struct Period {
    inner: PeriodReport,
}

impl Period {
    pub fn new(inner: PeriodReport) -> Period {
        Period { inner }
    }
}

#[pymethods]
impl Period {
    /// The rule: its canonical code, or the game's name.
    #[getter]
    fn rule(&self) -> &str {
        &self.inner.rule
    }

    /// The preperiod, proven or (when `proven` is false) seen.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.inner.preperiod
    }

    /// The period, proven or seen.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.inner.period
    }

    /// Whether a theorem proves the period for every heap.
    #[getter]
    fn proven(&self) -> bool {
        self.inner.proven
    }

    /// How much each period adds (0: purely periodic).
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.inner.saltus
    }

    /// How many values were computed.
    #[getter]
    fn values_computed(&self) -> usize {
        self.inner.values_computed
    }

    /// The theorem that applies, if any.
    #[getter]
    fn theorem(&self) -> Option<&str> {
        self.inner.theorem.as_deref()
    }

    /// Why no period is proven, when none is.
    #[getter]
    fn reason(&self) -> Option<&str> {
        self.inner.reason.as_deref()
    }

    /// The values in `prefix(period)` notation, at most `max_shown` of each part.
    #[pyo3(signature = (max_shown = 200))]
    fn notation(&self, max_shown: usize) -> Option<String> {
        self.inner.notation(max_shown)
    }

    /// The report as `grundy period --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "Period(rule={:?}, preperiod={:?}, period={:?}, proven={})",
            r.rule,
            r.preperiod,
            r.period,
            if r.proven { "True" } else { "False" }
        )
    }
}

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

    fn __repr__(&self) -> String {
        format!(
            "Table(game={:?}, shape={:?}, first={})",
            self.grid.game(),
            (self.grid.rows(), self.grid.cols()),
            self.grid.shape().first()
        )
    }
}
