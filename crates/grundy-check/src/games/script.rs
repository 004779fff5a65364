//! Script games: the rules are a rhai script, carried in the certificate,
//! that defines `fn moves(position)`.
//!
//! A position of the script is an integer or an array of integers (an
//! *atom*); `moves` returns the array of its options, each an atom or
//! `sum([a, b, ...])`, the sum of several atoms (`sum([])` is the empty
//! sum). A position of the certificate is a sum of atoms written with
//! spaces between them (`7`, `3 4`, `[3,4] 2`), or `nothing`. A move is
//! `part K: to OPTION`: part `K` (from 1) becomes the atoms of `OPTION`,
//! which take its place in the order written. A component is one atom
//! with a move.
//!
//! The checker runs the script in its own rhai engine, with no access to
//! files, modules or `eval`, and bounds on each call's operations and
//! memory. A call that fails refuses the certificate.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::rc::Rc;

use rhai::{Array, Dynamic, Engine, EvalAltResult, Scope, AST};

use super::Rules;

/// Operations one call of `moves` may take (the engine allows fewer: a
/// certificate it wrote never needs more).
const MAX_OPERATIONS: u64 = 10_000_000;

/// The most atoms the checker explores to prove that a script game ends.
const MAX_ATOMS: usize = 1 << 18;

/// An atom: an integer or an array of integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// An integer position.
    Int(i64),
    /// An array position.
    Array(Vec<i64>),
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Int(n) => write!(f, "{n}"),
            Atom::Array(xs) => {
                let items: Vec<String> = xs.iter().map(i64::to_string).collect();
                write!(f, "[{}]", items.join(","))
            }
        }
    }
}

/// `atoms` with spaces between them, or `nothing`.
fn write_atoms(f: &mut fmt::Formatter<'_>, atoms: &[Atom]) -> fmt::Result {
    if atoms.is_empty() {
        return f.write_str("nothing");
    }
    let words: Vec<String> = atoms.iter().map(Atom::to_string).collect();
    f.write_str(&words.join(" "))
}

/// A move: part `part` (from 1) becomes the atoms `to`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScriptMove {
    part: usize,
    to: Vec<Atom>,
}

impl fmt::Display for ScriptMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "part {}: to ", self.part)?;
        write_atoms(f, &self.to)
    }
}

/// What `sum([...])` gives inside the script.
#[derive(Clone, Debug)]
struct Sum(Vec<Atom>);

/// The atoms of one option, or of one item of a sum.
fn atoms_of(value: Dynamic, out: &mut Vec<Atom>) -> Result<(), String> {
    if let Ok(n) = value.as_int() {
        out.push(Atom::Int(n));
        return Ok(());
    }
    if value.is::<Sum>() {
        out.extend(value.cast::<Sum>().0);
        return Ok(());
    }
    let name = value.type_name();
    let items = value
        .try_cast::<Array>()
        .ok_or_else(|| format!("{name} is not a position"))?;
    let xs = items
        .into_iter()
        .map(|x| {
            x.as_int()
                .map_err(|t| format!("an array position holds {t}"))
        })
        .collect::<Result<Vec<i64>, String>>()?;
    out.push(Atom::Array(xs));
    Ok(())
}

/// The rules a script gives.
pub struct Script {
    engine: Engine,
    ast: AST,
    /// The options of each atom met, in the order the script lists them,
    /// each once.
    options: RefCell<HashMap<Atom, Rc<Vec<Vec<Atom>>>>>,
    /// The first call of `moves` that failed.
    failure: RefCell<Option<String>>,
    /// Atoms from which every play is proven to end.
    ending: RefCell<HashSet<Atom>>,
}

impl Script {
    /// The rules of the script `source`.
    ///
    /// # Errors
    /// A script that does not compile or defines no `moves(position)`.
    pub fn new(source: &str) -> Result<Script, String> {
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(64)
            .set_max_expr_depths(64, 64)
            .set_max_string_size(1 << 20)
            .set_max_array_size(1 << 20)
            .set_max_map_size(1 << 16)
            .set_max_modules(0);
        for keyword in ["import", "export", "eval"] {
            engine.disable_symbol(keyword);
        }
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        engine.register_type_with_name::<Sum>("sum");
        engine.register_fn("sum", |items: Array| -> Result<Sum, Box<EvalAltResult>> {
            let mut atoms = Vec::new();
            for item in items {
                atoms_of(item, &mut atoms).map_err(|e| -> Box<EvalAltResult> { e.into() })?;
            }
            Ok(Sum(atoms))
        });
        let ast = engine
            .compile(source)
            .map_err(|e| format!("the script does not compile: {e}"))?;
        if !ast
            .iter_functions()
            .any(|f| f.name == "moves" && f.params.len() == 1)
        {
            return Err("the script defines no `fn moves(position)`".into());
        }
        Ok(Script {
            engine,
            ast,
            options: RefCell::new(HashMap::new()),
            failure: RefCell::new(None),
            ending: RefCell::new(HashSet::new()),
        })
    }

    /// The options of `atom`; none if the script fails (the failure is
    /// kept for [`Rules::failure`]).
    fn options(&self, atom: &Atom) -> Rc<Vec<Vec<Atom>>> {
        if let Some(o) = self.options.borrow().get(atom) {
            return Rc::clone(o);
        }
        let options = Rc::new(self.call(atom).unwrap_or_else(|e| {
            self.failure.borrow_mut().get_or_insert(e);
            Vec::new()
        }));
        self.options
            .borrow_mut()
            .insert(atom.clone(), Rc::clone(&options));
        options
    }

    /// Runs `moves(atom)`.
    fn call(&self, atom: &Atom) -> Result<Vec<Vec<Atom>>, String> {
        let arg = match atom {
            Atom::Int(n) => Dynamic::from_int(*n),
            Atom::Array(xs) => Dynamic::from_array(xs.iter().map(|&x| x.into()).collect()),
        };
        let bad = |why: String| format!("the script's moves({atom}) {why}");
        let result: Dynamic = self
            .engine
            .call_fn(&mut Scope::new(), &self.ast, "moves", (arg,))
            .map_err(|e| bad(format!("failed: {e}")))?;
        let name = result.type_name();
        let list = result
            .try_cast::<Array>()
            .ok_or_else(|| bad(format!("returned {name}, not an array")))?;
        let mut options: Vec<Vec<Atom>> = Vec::with_capacity(list.len());
        for item in list {
            let mut atoms = Vec::new();
            atoms_of(item, &mut atoms).map_err(|e| bad(format!("returned an option that {e}")))?;
            if !options.contains(&atoms) {
                options.push(atoms);
            }
        }
        Ok(options)
    }
}

/// The atoms of a position's text.
fn parse_atoms(text: &str) -> Result<Vec<Atom>, String> {
    if text.trim() == "nothing" {
        return Ok(Vec::new());
    }
    text.split_whitespace()
        .map(
            |w| match w.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
                Some("") => Ok(Atom::Array(Vec::new())),
                Some(items) => items
                    .split(',')
                    .map(|x| {
                        x.parse()
                            .map_err(|_| format!("`{w}` is not an array of integers"))
                    })
                    .collect::<Result<_, _>>()
                    .map(Atom::Array),
                None => w
                    .parse()
                    .map(Atom::Int)
                    .map_err(|_| format!("`{w}` is not an integer nor an array `[A,B,...]`")),
            },
        )
        .collect()
}

impl Rules for Script {
    type Pos = Vec<Atom>;
    type Move = ScriptMove;
    type Key = Atom;

    fn position(&self, text: &str) -> Result<Vec<Atom>, String> {
        parse_atoms(text)
    }

    fn parse_move(&self, text: &str) -> Result<ScriptMove, String> {
        let bad = || format!("`{text}` is not a move `part K: to OPTION`");
        let (head, to) = text.split_once(':').ok_or_else(bad)?;
        let part = head
            .trim()
            .strip_prefix("part ")
            .and_then(|k| k.trim().parse().ok())
            .filter(|&k| k >= 1)
            .ok_or_else(bad)?;
        let to = to.trim().strip_prefix("to ").ok_or_else(bad)?;
        Ok(ScriptMove {
            part,
            to: parse_atoms(to)?,
        })
    }

    fn moves(&self, p: &Vec<Atom>) -> Vec<ScriptMove> {
        let mut moves = Vec::new();
        for (i, atom) in p.iter().enumerate() {
            for to in self.options(atom).iter() {
                moves.push(ScriptMove {
                    part: i + 1,
                    to: to.clone(),
                });
            }
        }
        moves
    }

    fn legal(&self, p: &Vec<Atom>, m: &ScriptMove) -> bool {
        m.part <= p.len() && self.options(&p[m.part - 1]).contains(&m.to)
    }

    fn play(&self, p: &Vec<Atom>, m: &ScriptMove) -> Vec<Atom> {
        let mut after = p[..m.part - 1].to_vec();
        after.extend(m.to.iter().cloned());
        after.extend_from_slice(&p[m.part..]);
        after
    }

    fn parts(&self, p: &Vec<Atom>) -> Vec<Atom> {
        p.iter()
            .filter(|a| !self.options(a).is_empty())
            .cloned()
            .collect()
    }

    /// Explores every atom reachable from `p` (depth first) and refuses a
    /// cycle: a script may describe a game that never ends, where the
    /// argument of a certificate does not hold. An acyclic, finite graph of
    /// atoms makes every play end (each move replaces an atom by atoms
    /// after it).
    fn ends(&self, p: &Vec<Atom>) -> Result<(), String> {
        // Each frame: an atom and the atoms of its options still to visit.
        let mut path: Vec<(Atom, Vec<Atom>)> = Vec::new();
        let mut on_path: HashSet<Atom> = HashSet::new();
        for start in p {
            if self.ending.borrow().contains(start) {
                continue;
            }
            let next = self.options(start).iter().flatten().cloned().collect();
            on_path.insert(start.clone());
            path.push((start.clone(), next));
            while let Some((atom, next)) = path.last_mut() {
                let Some(b) = next.pop() else {
                    on_path.remove(atom);
                    let (atom, _) = path.pop().expect("a frame");
                    self.ending.borrow_mut().insert(atom);
                    continue;
                };
                if self.ending.borrow().contains(&b) {
                    continue;
                }
                if on_path.contains(&b) {
                    return Err(format!(
                        "the game does not end: {b} can come back after moves from itself, so it has no Grundy value"
                    ));
                }
                if self.options.borrow().len() > MAX_ATOMS {
                    return Err(format!(
                        "more than {MAX_ATOMS} positions can be reached: too many to prove that the game ends"
                    ));
                }
                let after = self.options(&b).iter().flatten().cloned().collect();
                on_path.insert(b.clone());
                path.push((b, after));
            }
        }
        match self.failure() {
            Some(f) => Err(f),
            None => Ok(()),
        }
    }

    fn failure(&self) -> Option<String> {
        self.failure.borrow().clone()
    }
}
