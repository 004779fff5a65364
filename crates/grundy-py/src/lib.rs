//! `import grundy`: the library's [`grundy::api`] as a Python module.
//!
//! Like the command line, this crate only parses its input (Python values
//! into a [`Spec`] and position words), calls `api` with the interpreter
//! lock released, and renders the result (Python objects whose `to_dict()`
//! is the command line's `--json`). Games defined in Python are script
//! games whose moves come from the object's `moves` method ([`moves`]).

/// Every allocation of the module through grundy's meter, so that a
/// script call's bytes are bounded (`grundy::api::Metered`).
#[global_allocator]
static ALLOCATOR: grundy::api::Metered = grundy::api::Metered;

mod dtypes;
mod errors;
mod grids;
mod input;
mod moves;
mod nimber;
mod record;
mod results;
mod wording;

use std::time::{Duration, Instant};

use grundy::api::{self, sequence::Hooks};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::Raise;
use crate::grids::{Picture, Table};
use crate::input::{count, limits, maybe_count, Game};
use crate::record::to_py;
use crate::results::{Analysis, Period};
use crate::wording::Call;

/// `max_positions` is `grundy::api::Limits::DEFAULT_MAX_POSITIONS` unless given;
/// the signatures write it out so that `help()` shows the number.
const _: () = assert!(grundy::api::Limits::DEFAULT_MAX_POSITIONS == 10_000_000);

/// Everything about one position: who wins, its Grundy value, every
/// winning move and how long the game lasts with perfect play.
///
/// `game` is a catalog spec (`"nim"`, `"subtraction:1,3,4"`,
/// `"script:path.rhai"`) or an object with a `moves(position)` method;
/// `position` is a list of parts (`[3, 4, 5]`), a string in the game's
/// syntax (`"3 4 5"`), an int, or for a Python game a tuple.
#[pyfunction]
#[pyo3(signature = (game, position, *, misere = false, all_moves = false, value_only = false, remoteness = false, max_positions = 10_000_000))]
#[allow(clippy::too_many_arguments)]
fn analyze(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    misere: bool,
    all_moves: bool,
    value_only: bool,
    remoteness: bool,
    max_positions: i128,
) -> PyResult<Analysis> {
    let max_positions = count(max_positions, "max_positions")?;
    let words = input::words(position)?;
    let game = Game::new(game, &words)?;
    let options = api::analyze::AnalyzeOptions {
        play: if misere {
            grundy::api::Play::Misere
        } else {
            grundy::api::Play::Normal
        },
        all_moves,
        value_only,
        remoteness,
        limits: limits(max_positions),
    };
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let result = py.detach(|| api::analyze::analyze(&game.spec, &words, &options));
    Analysis::new(&game.raise(result, Call::Analyze)?)
}

/// Runs `f` with hooks whose interrupt hook looks for Ctrl-C (at most every
/// 50 ms, taking the interpreter lock only then), the lock released.
fn interruptible<T: Send>(
    py: Python<'_>,
    game: &Game,
    call: Call,
    f: impl FnOnce(Hooks<'_>) -> Result<T, api::Error> + Send,
) -> PyResult<T> {
    let mut signal: Option<PyErr> = None;
    let result = py.detach(|| {
        let mut last = Instant::now();
        let mut stop = || {
            if last.elapsed() < Duration::from_millis(50) {
                return false;
            }
            last = Instant::now();
            match Python::attach(|py| py.check_signals()) {
                Ok(()) => false,
                Err(e) => {
                    signal = Some(e);
                    true
                }
            }
        };
        f(Hooks {
            interrupt: Some(&mut stop),
            ..Hooks::default()
        })
    });
    match (result, signal) {
        (Err(api::Error::Interrupted { .. }), Some(e)) => Err(e),
        (result, _) => game.raise(result, call),
    }
}

/// The Grundy values G(0), …, G(length − 1) of a game whose positions are
/// one number, as a NumPy array of `dtype` (`numpy.uint64` unless given,
/// whichever engine answers): the take-and-break engine for codes like
/// `"0.07"`, names like `"kayles"`, `"subtraction:1,2,5"`; search for
/// `"nim"` or a Python game. `dtype="uint16"` (or `uint32`) keeps the
/// engine's own array of a long octal sequence without a copy; a value
/// that does not fit the dtype asked for raises `BadInputError`. Ctrl-C
/// interrupts an engine run.
#[pyfunction]
#[pyo3(signature = (rule, length, *, dtype = None, method = "auto", max_positions = 10_000_000))]
fn sequence<'py>(
    py: Python<'py>,
    rule: &Bound<'py, PyAny>,
    length: i128,
    dtype: Option<&Bound<'py, PyAny>>,
    method: &str,
    max_positions: i128,
) -> PyResult<Bound<'py, PyAny>> {
    let length = count(length, "length")?;
    let game = Game::new(rule, &[])?;
    let mut options = api::sequence::SequenceOptions {
        method: input::method(method)?,
        ..api::sequence::SequenceOptions::default()
    };
    options.limits = limits(count(max_positions, "max_positions")?);
    let result = interruptible(py, &game, Call::Sequence, |hooks| {
        api::sequence::sequence(&game.spec, length, &options, hooks)
    })?;
    dtypes::array(py, result.values, dtype)
}

/// Computes a one-number game's values until a period is proven
/// (Guy–Smith) or `max` values are done; the report's `to_dict()` is
/// `grundy period --json`.
#[pyfunction]
#[pyo3(signature = (rule, max = 10_000_000, *, method = "auto", max_positions = 10_000_000))]
fn period(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    max: i128,
    method: &str,
    max_positions: i128,
) -> PyResult<Period> {
    let max = count(max, "max")?;
    let game = Game::new(rule, &[])?;
    let options = api::sequence::SequenceOptions {
        method: input::method(method)?,
        limits: limits(count(max_positions, "max_positions")?),
        ..api::sequence::SequenceOptions::default()
    };
    let report = interruptible(py, &game, Call::Period, |hooks| {
        api::period::period(&game.spec, max, &options, hooks)
    })?;
    Period::new(&report)
}

/// The Grundy values G(i, j) of a game whose positions are two numbers,
/// for i and j from `first` (0, or 1 where 0 is not a position).
///
/// Every cell must be known: a cell that search cannot reach within
/// `max_positions` raises `SearchLimitError` naming it. The `Table`'s
/// `values` is a 2-D `uint64` array (`numpy.asarray(table)` gives it too)
/// and a notebook shows the table as the command line's heatmap.
#[pyfunction]
#[pyo3(signature = (game, rows = 16, cols = 16, *, first = None, max_positions = 10_000_000))]
fn table(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    rows: i128,
    cols: i128,
    first: Option<i128>,
    max_positions: i128,
) -> PyResult<Table> {
    use api::values::{Defaults, Kind, ShapeRequest};
    let game = Game::new(game, &[])?;
    let asked = ShapeRequest {
        rows: Some(count(rows, "rows")?),
        cols: Some(count(cols, "cols")?),
        len: None,
        from: maybe_count(first, "first")?,
    };
    let max_positions = count(max_positions, "max_positions")?;
    let defaults = Defaults {
        kind: Some(Kind::Table),
        ..Defaults::default()
    };
    let limits = limits(max_positions);
    let grid = py.detach(|| {
        let grid = api::values::grid(&game.spec, &asked, defaults, limits)?;
        let known = grid.known()?;
        Ok((grid, known))
    });
    let (grid, known) = game.raise(grid, Call::Table)?;
    Table::new(py, grid, known)
}

/// A plot of a sequence of values against n (from `first`), P-positions
/// marked: the picture of `grundy sequence --png`.
#[pyfunction]
#[pyo3(signature = (values, first = 0))]
fn plot(values: &Bound<'_, PyAny>, first: i128) -> PyResult<Picture> {
    let values = input::numbers(values, "values")?;
    Ok(Picture::sequence(
        values.into_iter().map(Some).collect(),
        count(first, "first")?,
    ))
}

/// The catalog: one dict per game (`name`, `parameter`, `summary`,
/// `position`, `example`), as `grundy list --json` prints them.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for g in api::games::list() {
        list.append(to_py(py, &g)?)?;
    }
    Ok(list)
}

/// Checks closed forms against exhaustive search, as `grundy verify`
/// does: every game of the catalog, or `game` alone, on every position up
/// to `up_to` (each game's own size by default). One dict per check, with
/// `spec`, `size`, `meaning`, `verdict` (`passed`, `no_formula`,
/// `disagrees`, `failed`), what it covered or where it failed, and
/// `seconds`.
#[pyfunction]
#[pyo3(signature = (game = None, up_to = None, *, max_positions = 10_000_000))]
fn verify<'py>(
    py: Python<'py>,
    game: Option<&str>,
    up_to: Option<i128>,
    max_positions: i128,
) -> PyResult<Bound<'py, PyList>> {
    let up_to = maybe_count(up_to, "up_to")?;
    let jobs = api::verify::jobs(game, up_to).or_raise(Call::Verify)?;
    let limits = limits(count(max_positions, "max_positions")?);
    let reports = py.detach(|| api::verify::run_all(&jobs, limits, &|_| {}));
    let list = PyList::empty(py);
    for r in &reports {
        list.append(to_py(py, r)?)?;
    }
    Ok(list)
}

/// Impartial combinatorial games: Sprague–Grundy values, outcomes, winning
/// moves, sequences, periods and tables, computed by the `grundy` engine.
#[pymodule(name = "grundy")]
fn grundy_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(sequence, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(plot, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_class::<Analysis>()?;
    m.add_class::<results::Move>()?;
    m.add_class::<Period>()?;
    m.add_class::<Table>()?;
    m.add_class::<Picture>()?;
    m.add_class::<nimber::Nimber>()?;
    errors::register(m)?;
    Ok(())
}
