//! What `analyze` and `period` return: Python objects over the library's
//! result types, each kept as its [`Record`] (the command line's `--json`),
//! with reprs that read as Python, `==`, `hash()`, pickling, and notebook
//! displays.

use grundy::api::period::PeriodReport;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use pyo3::IntoPyObjectExt;

use crate::record::Record;

/// Python's `repr` of a string: `'nim'`.
pub fn repr(py: Python<'_>, text: &str) -> String {
    PyString::new(py, text)
        .repr()
        .map_or_else(|_| format!("{text:?}"), |r| r.to_string())
}

/// Python's `repr` of an optional number: `53` or `None`.
fn number(n: Option<u64>) -> String {
    n.map_or_else(|| "None".to_string(), |n| n.to_string())
}

fn boolean(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// `==` and `!=` of two records; `NotImplemented` for anything else.
fn compare(a: &Record, b: Option<&Record>, op: CompareOp, py: Python<'_>) -> Py<PyAny> {
    let equal = match b {
        Some(b) => a == b,
        None => return py.NotImplemented(),
    };
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

/// `(type(value)._from_json, (text,))`: a pickle by the record's text.
fn reduce<'py>(
    value: &Bound<'py, PyAny>,
    state: impl IntoPyObject<'py>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let restore = value.get_type().getattr("_from_json")?;
    let state = state.into_bound_py_any(value.py())?;
    Ok((restore, state))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One move, the position it leads to, and what is known of that position.
#[pyclass(frozen, module = "grundy")]
pub struct Move {
    record: Record,
}

#[pymethods]
impl Move {
    /// The move, as a player types it (`take 2 from heap 1`).
    #[getter(r#move)]
    fn mv(&self) -> &str {
        self.record.str("move")
    }

    /// The position after the move.
    #[getter]
    fn to(&self) -> &str {
        self.record.str("to")
    }

    /// `"N"` or `"P"`: the outcome of the position after the move.
    #[getter]
    fn outcome(&self) -> Option<&str> {
        self.record.get("outcome").as_str()
    }

    /// Moves left with perfect play after this one, if known.
    #[getter]
    fn remoteness(&self) -> Option<u64> {
        self.record.u64("remoteness")
    }

    /// The move as `grundy analyze --json` writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.record.to_py(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Move(move={}, to={})",
            repr(py, self.mv()),
            repr(py, self.to())
        )
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let theirs = other.cast::<Move>().ok();
        compare(
            &self.record,
            theirs.map(|o| &o.get().record),
            op,
            other.py(),
        )
    }

    fn __hash__(&self) -> isize {
        self.record.hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        reduce(slf.as_any(), (slf.get().record.text().to_string(),))
    }

    /// A move from its pickled JSON.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, text: String) -> PyResult<Move> {
        Ok(Move {
            record: Record::parse(text)?,
        })
    }
}

/// The moves of a list field.
fn moves(record: &Record, key: &str) -> Option<Vec<Move>> {
    let list = record.get(key).as_array()?;
    Some(
        list.iter()
            .map(|m| Move {
                record: Record::of_value(m),
            })
            .collect(),
    )
}

/// Everything about one position, as `grundy analyze` reports it.
#[pyclass(frozen, module = "grundy")]
pub struct Analysis {
    record: Record,
}

impl Analysis {
    pub fn new(inner: &grundy::api::analyze::Analysis) -> PyResult<Analysis> {
        Ok(Analysis {
            record: Record::of(inner)?,
        })
    }
}

#[pymethods]
impl Analysis {
    /// The game, with its parameter.
    #[getter]
    fn game(&self) -> &str {
        self.record.str("game")
    }

    /// The position, as the game writes it.
    #[getter]
    fn position(&self) -> &str {
        self.record.str("position")
    }

    /// `"normal"` or `"misere"`.
    #[getter]
    fn play(&self) -> &str {
        self.record.str("play")
    }

    /// `"N"` (the player to move wins) or `"P"`.
    #[getter]
    fn outcome(&self) -> &str {
        self.record.str("outcome")
    }

    /// The Grundy value; `None` in misère play or when unknown.
    #[getter]
    fn grundy(&self) -> Option<u64> {
        self.record.u64("grundy")
    }

    /// Moves left with perfect play, if known.
    #[getter]
    fn remoteness(&self) -> Option<u64> {
        self.record.u64("remoteness")
    }

    /// Why `remoteness` is `None`: `"value_only"` (not looked for), or
    /// `"over_budget"` (more search than the default budget:
    /// `remoteness=True` computes it); `None` when it is given, or for a
    /// loopy game's value.
    #[getter]
    fn remoteness_missing(&self) -> Option<&str> {
        self.record.get("remoteness_missing").as_str()
    }

    /// `"formula"` or `"search"` (in misère play also `"genus"`,
    /// `"canonical"` or `"quotient"`).
    #[getter]
    fn method(&self) -> &str {
        self.record.str("method")
    }

    /// The winning moves (all of them if `winning_moves_complete`).
    #[getter]
    fn winning_moves(&self) -> Vec<Move> {
        moves(&self.record, "winning_moves").unwrap_or_default()
    }

    /// A loopy game's generalized Sprague-Grundy value, `"3"` or
    /// `"∞{0,2}"`; `None` for a game whose positions never repeat.
    #[getter]
    fn value(&self) -> Option<String> {
        self.record.get("value").as_str().map(str::to_string)
    }

    /// Whether `winning_moves` lists every winning move.
    #[getter]
    fn winning_moves_complete(&self) -> bool {
        self.record.bool("winning_moves_complete")
    }

    /// Every move, when asked for with `all_moves=True`.
    #[getter]
    fn all_moves(&self) -> Option<Vec<Move>> {
        moves(&self.record, "all_moves")
    }

    /// The analysis as `grundy analyze --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.record.to_py(py)
    }

    /// `Analysis(game='nim', position='3 4 5', outcome='N', grundy=2,
    /// len(winning_moves)=3)`: the attributes a reader looks at first.
    fn __repr__(&self, py: Python<'_>) -> String {
        let winning = self
            .record
            .get("winning_moves")
            .as_array()
            .map_or(0, Vec::len);
        format!(
            "Analysis(game={}, position={}, outcome={}, grundy={}, len(winning_moves)={winning})",
            repr(py, self.game()),
            repr(py, self.position()),
            repr(py, self.outcome()),
            number(self.grundy()),
        )
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let theirs = other.cast::<Analysis>().ok();
        compare(
            &self.record,
            theirs.map(|o| &o.get().record),
            op,
            other.py(),
        )
    }

    fn __hash__(&self) -> isize {
        self.record.hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        reduce(slf.as_any(), (slf.get().record.text().to_string(),))
    }

    /// An analysis from its pickled JSON.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, text: String) -> PyResult<Analysis> {
        Ok(Analysis {
            record: Record::parse(text)?,
        })
    }

    /// A small table for notebooks.
    fn _repr_html_(&self) -> String {
        let known = |n: Option<u64>| n.map_or_else(|| "?".to_string(), |n| n.to_string());
        let winning: Vec<String> = self
            .winning_moves()
            .iter()
            .map(|m| escape(&format!("{} → {}", m.mv(), m.to())))
            .collect();
        let rows = [
            ("game", escape(self.game())),
            ("position", escape(self.position())),
            ("play", escape(self.play())),
            ("outcome", escape(self.outcome())),
            ("grundy", known(self.grundy())),
            ("remoteness", known(self.remoteness())),
            ("method", escape(self.method())),
            (
                "winning moves",
                if winning.is_empty() {
                    "none".to_string()
                } else {
                    winning.join("<br>")
                },
            ),
        ];
        let body: String = rows
            .iter()
            .map(|(k, v)| {
                format!("<tr><th style=\"text-align:left\">{k}</th><td style=\"text-align:left\">{v}</td></tr>")
            })
            .collect();
        format!("<table>{body}</table>")
    }
}

/// The period of a one-number game, as `grundy period` reports it.
#[pyclass(frozen, module = "grundy")]
pub struct Period {
    record: Record,
    /// The values through the first period, for `notation` (none without a
    /// period).
    head: Vec<u64>,
}

impl Period {
    pub fn new(report: &PeriodReport) -> PyResult<Period> {
        Ok(Period {
            record: Record::of(report)?,
            head: report.head().unwrap_or_default(),
        })
    }
}

#[pymethods]
impl Period {
    /// The rule: its canonical code, or the game's name.
    #[getter]
    fn rule(&self) -> &str {
        self.record.str("rule")
    }

    /// The preperiod, proven or (when `proven` is false) seen.
    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.record.u64("preperiod")
    }

    /// The period, proven or seen.
    #[getter]
    fn period(&self) -> Option<u64> {
        self.record.u64("period")
    }

    /// Whether a theorem proves the period for every heap.
    #[getter]
    fn proven(&self) -> bool {
        self.record.bool("proven")
    }

    /// How much each period adds (0: purely periodic).
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.record.u64("saltus")
    }

    /// How many values were computed.
    #[getter]
    fn values_computed(&self) -> u64 {
        self.record.u64("values_computed").unwrap_or_default()
    }

    /// The theorem that applies, if any.
    #[getter]
    fn theorem(&self) -> Option<&str> {
        self.record.get("theorem").as_str()
    }

    /// Why no period is proven, when none is.
    #[getter]
    fn reason(&self) -> Option<&str> {
        self.record.get("reason").as_str()
    }

    /// The values in `prefix(period)` notation, at most `max_shown` of each part.
    #[pyo3(signature = (max_shown = 200))]
    fn notation(&self, max_shown: usize) -> Option<String> {
        let preperiod = usize::try_from(self.preperiod()?).ok()?;
        (preperiod <= self.head.len())
            .then(|| grundy::api::period::notation(&self.head, preperiod, max_shown))
    }

    /// The report as `grundy period --json` prints it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.record.to_py(py)
    }

    /// `Period(rule='0.07', preperiod=53, period=34, proven=True)`.
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Period(rule={}, preperiod={}, period={}, proven={})",
            repr(py, self.rule()),
            number(self.preperiod()),
            number(self.period()),
            boolean(self.proven())
        )
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let theirs = other.cast::<Period>().ok();
        compare(
            &self.record,
            theirs.map(|o| &o.get().record),
            op,
            other.py(),
        )
    }

    fn __hash__(&self) -> isize {
        self.record.hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let me = slf.get();
        reduce(
            slf.as_any(),
            (me.record.text().to_string(), me.head.clone()),
        )
    }

    /// A report from its pickled JSON and head values.
    #[classmethod]
    #[pyo3(signature = (text, head = Vec::new()))]
    fn _from_json(_cls: &Bound<'_, PyType>, text: String, head: Vec<u64>) -> PyResult<Period> {
        Ok(Period {
            record: Record::parse(text)?,
            head,
        })
    }
}
