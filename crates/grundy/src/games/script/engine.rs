//! The rhai side of script games: loading a script, calling its `moves`
//! function under operation limits, and reading back what it returns.

use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

use rhai::{
    Array, CallFnOptions, Dynamic, Engine, EvalAltResult, FnPtr, Position, Scope, AST, INT,
};
use thiserror::Error;

pub use crate::solve::atoms::{Atom, OptionList};
use crate::solve::batched::AtomMoves;

use super::{meter, sandbox};
use crate::solve::deadline::{self, Watch};

pub use super::meter::MAX_CALL_BYTES;
pub use super::sandbox::MAX_CALL_LEVELS;

/// Operations between looks at the clock during a call (one operation can
/// re-measure a value of [`MAX_ARRAY_SIZE`] elements: 256 of them take
/// milliseconds).
const CLOCK_EVERY: u64 = 1 << 8;

thread_local! {
    /// What the running script call on this thread stops at: the watch of
    /// the search that made it. A call has no clock of its own: only the
    /// run's time limit (`--max-time`, a server's deadline) stops it by
    /// time, with that limit's error.
    static CALL_WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

/// The token a call stopped by its deadline ends with.
const TIMED_OUT: &str = "grundy: script call timed out";

/// The token a call stopped by its memory bound ends with.
const OUT_OF_MEMORY: &str = "grundy: script call out of memory";

/// An atom as the script sees it.
fn to_dynamic(atom: &Atom) -> Dynamic {
    match atom {
        Atom::Int(n) => Dynamic::from_int(*n),
        Atom::Array(xs) => Dynamic::from_array(xs.iter().map(|&x| x.into()).collect()),
    }
}

/// What `sum([p1, p2, ...])` returns inside a script: a sum of positions.
/// Its atoms are shared by its copies: rhai counts a sum as one element, so
/// a copy must cost no more than one (`pad` makes thousands in one
/// operation, before the memory bound can look).
#[derive(Clone, Debug)]
struct SumOf(Arc<[Atom]>);

/// A script that cannot be loaded or whose `moves` failed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScriptError {
    /// The script does not parse.
    #[error("script `{path}`, line {line}: syntax error: {message}")]
    Syntax {
        /// The file.
        path: String,
        /// The line of the error (0 if unknown).
        line: usize,
        /// What rhai says.
        message: String,
    },
    /// The script defines no `moves` function of one parameter.
    #[error("script `{path}` defines no `fn moves(position)`; write one that returns the array of options of a position")]
    NoMoves {
        /// The file.
        path: String,
    },
}

/// A compiled script game: the engine (with its limits) and the AST,
/// compiled once and shared by every position.
pub struct Script {
    path: String,
    source: Arc<str>,
    engine: Engine,
    ast: AST,
    moves_line: usize,
    title: Option<String>,
    description: Option<String>,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Script({})", self.path)
    }
}

/// An error with the script line where it happened.
fn line_of(pos: Position) -> usize {
    pos.line().unwrap_or(0)
}

fn sandboxed_engine() -> Engine {
    let mut engine = sandbox::engine();
    engine.on_progress(|ops| {
        if meter::over() {
            return Some(Dynamic::from(OUT_OF_MEMORY));
        }
        let ended = ops % CLOCK_EVERY == 0
            && CALL_WATCH.with(|w| w.borrow().as_ref().is_some_and(Watch::ended));
        ended.then(|| Dynamic::from(TIMED_OUT))
    });
    // rhai's `pad` copies its item once per new element in one operation,
    // and counts a function pointer as one element whatever it carries
    // (`curry` can give it arrays): refused, as such copies could pass the
    // memory bound before it is looked at.
    engine.register_fn(
        "pad",
        |_: &mut Array, _: INT, _: FnPtr| -> Result<(), Box<EvalAltResult>> {
            Err("`pad` with a function is not available in a grundy script; push the copies one by one".into())
        },
    );
    engine.register_type_with_name::<SumOf>("sum");
    engine.register_fn("sum", |parts: Array| -> Result<SumOf, Box<EvalAltResult>> {
        let mut atoms = Vec::with_capacity(parts.len());
        for p in parts {
            push_position(p, &mut atoms).map_err(|why| -> Box<EvalAltResult> {
                format!("sum([...]) takes positions: {why}").into()
            })?;
        }
        Ok(SumOf(atoms.into()))
    });
    engine
}

impl Script {
    /// Compiles the script `source`, read from `path`.
    ///
    /// # Errors
    /// [`ScriptError::Syntax`] with the line, or [`ScriptError::NoMoves`].
    pub fn compile(path: &str, source: &str) -> Result<Script, ScriptError> {
        let engine = sandboxed_engine();
        let ast = engine.compile(source).map_err(|e| {
            let message = e.err_type().to_string();
            ScriptError::Syntax {
                path: path.to_string(),
                line: line_of(e.position()),
                message: sandbox::refused(&message).unwrap_or(message),
            }
        })?;
        let defines = |name: &str, params: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == params)
        };
        let (has_name, has_description) = (defines("name", 0), defines("description", 0));
        if !defines("moves", 1) {
            return Err(ScriptError::NoMoves {
                path: path.to_string(),
            });
        }
        let mut script = Script {
            path: path.to_string(),
            source: source.into(),
            moves_line: find_line(source, "fn moves"),
            engine,
            ast,
            title: None,
            description: None,
        };
        if has_name {
            script.title = script.text_of("name");
        }
        if has_description {
            script.description = script.text_of("description");
        }
        Ok(script)
    }

    #[cfg(test)]
    /// The same script with another limit on the operations of one call of
    /// `moves` (the default is [`MAX_OPERATIONS`]).
    pub fn with_max_operations(mut self, operations: u64) -> Script {
        self.engine.set_max_operations(operations);
        self
    }

    /// The script's text, as compiled.
    pub fn source(&self) -> Arc<str> {
        Arc::clone(&self.source)
    }

    /// The file the script came from.
    pub fn path(&self) -> &str {
        &self.path
    }

    #[cfg(test)]
    /// The game's name, if the script defines `fn name()`.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    #[cfg(test)]
    /// The game's description, if the script defines `fn description()`.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    fn text_of(&self, function: &str) -> Option<String> {
        self.call(function, Vec::new())
            .ok()
            .map(|d| d.into_string().unwrap_or_else(|t| format!("({t})")))
    }

    fn call(&self, function: &str, args: Vec<Dynamic>) -> Result<Dynamic, Box<EvalAltResult>> {
        // Top-level statements are not rerun on each call: only functions count.
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let mut scope = Scope::new();
        let outer = CALL_WATCH.with(|c| c.replace(Some(deadline::watch())));
        let result = meter::metered(|| {
            let result = self
                .engine
                .call_fn_with_options(options, &mut scope, &self.ast, function, args);
            // A value built by the call's last operation is looked at too.
            match result {
                Ok(_) if meter::over() => {
                    Err(EvalAltResult::ErrorTerminated(OUT_OF_MEMORY.into(), Position::NONE).into())
                }
                result => result,
            }
        });
        CALL_WATCH.with(|c| *c.borrow_mut() = outer);
        result
    }

    #[cfg(test)]
    /// The options of `position`, each a sum of one or more atoms (a plain
    /// position is a sum of one).
    ///
    /// # Errors
    /// A message naming the script, the line and the position: a runtime
    /// error, an operation limit reached, or a value that is not a position.
    pub fn moves(&self, position: &Atom) -> Result<Vec<Vec<Atom>>, String> {
        let mut list = OptionList::default();
        self.moves_into(position, &mut list)?;
        Ok(list.options().map(<[Atom]>::to_vec).collect())
    }

    /// Appends the options of `position` to `list`, as [`Script::moves`]
    /// gives them but without an allocation per option. On an error `list`
    /// is left as it was.
    ///
    /// # Errors
    /// As [`Script::moves`].
    pub fn moves_into(&self, position: &Atom, list: &mut OptionList) -> Result<(), String> {
        let result = self
            .call("moves", vec![to_dynamic(position)])
            .map_err(|e| self.runtime_error(position, &e))?;
        let (atoms, ends) = (list.atoms.len(), list.ends.len());
        let read = self.read_options(position, result, list);
        if read.is_err() {
            list.atoms.truncate(atoms);
            list.ends.truncate(ends);
        }
        read
    }

    /// Reads what `moves(position)` returned into `list`.
    fn read_options(
        &self,
        position: &Atom,
        result: Dynamic,
        list: &mut OptionList,
    ) -> Result<(), String> {
        let bad = |why: String| {
            format!(
                "script `{}`, line {}: moves({position}) {why}",
                self.path, self.moves_line
            )
        };
        let type_name = result.type_name();
        let options = result
            .try_cast::<Array>()
            .ok_or_else(|| bad(format!("returned {type_name}, not an array of options")))?;
        for (k, option) in options.into_iter().enumerate() {
            push_option(option, &mut list.atoms)
                .map_err(|why| bad(format!("returned a bad option (number {}): {why}", k + 1)))?;
            list.ends.push(list.atoms.len());
        }
        Ok(())
    }

    fn runtime_error(&self, position: &Atom, e: &EvalAltResult) -> String {
        let inner = e.unwrap_inner();
        // Errors without a position (operation limits) point at `fn moves`.
        let line = match line_of(inner.position()) {
            0 => self.moves_line,
            n => n,
        };
        let mut message = inner.to_string();
        if let Some(at) = message.find(" (line ") {
            message.truncate(at);
        }
        if let EvalAltResult::ErrorTerminated(token, _) = inner {
            let watch = deadline::watch();
            message = if token.clone().into_string().as_deref() == Ok(OUT_OF_MEMORY) {
                format!(
                    "stopped: its values took more than {} MiB (a value copied or grown without end?)",
                    MAX_CALL_BYTES >> 20
                )
            } else if watch.late() {
                "stopped at the search's time limit".into()
            } else {
                "stopped: the search was cancelled".into()
            };
        }
        if matches!(inner, EvalAltResult::ErrorStackOverflow(_)) {
            message = format!(
                "functions called each other more than {MAX_CALL_LEVELS} levels deep (a recursion without end?)"
            );
        }
        if matches!(inner, EvalAltResult::ErrorTooManyOperations(_)) {
            message = format!(
                "stopped after {} operations (a runaway loop?)",
                self.engine.max_operations()
            );
        }
        format!(
            "script `{}`, line {line}: in moves({position}): {message}",
            self.path
        )
    }
}

/// Appends the atoms of one option: a position or `sum([...])`.
fn push_option(value: Dynamic, atoms: &mut Vec<Atom>) -> Result<(), String> {
    if value.is::<SumOf>() {
        let sum = value.cast::<SumOf>();
        atoms.extend(sum.0.iter().cloned());
        return Ok(());
    }
    push_position(value, atoms)
}

/// Appends one position: an integer, an array of integers, or a sum.
fn push_position(value: Dynamic, atoms: &mut Vec<Atom>) -> Result<(), String> {
    if let Ok(n) = value.as_int() {
        atoms.push(Atom::Int(n));
        return Ok(());
    }
    if value.is::<SumOf>() {
        atoms.extend(value.cast::<SumOf>().0.iter().cloned());
        return Ok(());
    }
    let type_name = value.type_name();
    let Some(items) = value.try_cast::<Array>() else {
        return Err(format!(
            "{type_name} is not a position (write an integer, an array of integers, or sum([...]))"
        ));
    };
    let mut xs: Vec<INT> = Vec::with_capacity(items.len());
    for item in items {
        let t = item.type_name();
        xs.push(
            item.as_int()
                .map_err(|_| format!("an array position holds only integers, not {t}"))?,
        );
    }
    atoms.push(Atom::Array(xs.into()));
    Ok(())
}

/// The 1-based line where `needle` first appears, or 0.
fn find_line(source: &str, needle: &str) -> usize {
    source
        .lines()
        .position(|l| l.contains(needle))
        .map_or(0, |i| i + 1)
}

impl AtomMoves for Script {
    fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
        Script::moves_into(self, atom, list)
    }
}
