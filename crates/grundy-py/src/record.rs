//! A result kept as its JSON, the command line's `--json`: one mechanism
//! for every result class. The getters read it, `==` and `hash()` compare
//! it, `to_dict()` returns it and a pickle carries its text.

use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use serde::Serialize;
use serde_json::Value;

use crate::errors::bad_input;

/// The JSON of one result: its text as the library wrote it (fields in
/// their order, for `to_dict`), and its value (keys sorted, for reading,
/// comparing and hashing).
#[derive(Clone, Debug)]
pub struct Record {
    text: String,
    value: Value,
}

impl Record {
    /// The record of a library result.
    pub fn of(result: &impl Serialize) -> PyResult<Record> {
        let text = serde_json::to_string(result)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        Record::parse(text)
    }

    /// The record of one element of a list field (a move of an analysis).
    pub fn of_value(value: &Value) -> Record {
        Record {
            text: value.to_string(),
            value: value.clone(),
        }
    }

    /// A record from its text (a pickle's); a `BadInputError` if it is not
    /// a JSON object.
    pub fn parse(text: String) -> PyResult<Record> {
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| bad_input(format!("not a grundy result's JSON: {e}")))?;
        if !value.is_object() {
            return Err(bad_input("not a grundy result's JSON: not an object"));
        }
        Ok(Record { text, value })
    }

    /// The text, for a pickle.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The field `key`.
    pub fn get(&self, key: &str) -> &Value {
        self.value.get(key).unwrap_or(&Value::Null)
    }

    /// A string field (`""` if absent).
    pub fn str(&self, key: &str) -> &str {
        self.get(key).as_str().unwrap_or_default()
    }

    /// A number field, `None` if absent or null.
    pub fn u64(&self, key: &str) -> Option<u64> {
        self.get(key).as_u64()
    }

    /// A true-or-false field (false if absent).
    pub fn bool(&self, key: &str) -> bool {
        self.get(key).as_bool().unwrap_or_default()
    }

    /// The fields as Python objects: a dict, in the library's order.
    pub fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.text)
    }

    /// A hash of the value, the same for equal records (keys sorted) and in
    /// every process (SipHash with fixed keys).
    pub fn hash(&self) -> isize {
        let mut h = std::hash::DefaultHasher::new();
        self.value.to_string().hash(&mut h);
        h.finish() as isize
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.value == other.value
    }
}

/// JSON text as Python objects, read by `json.loads`.
pub fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// `value` as Python objects, through its JSON.
pub fn to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    json_to_py(py, &text)
}
