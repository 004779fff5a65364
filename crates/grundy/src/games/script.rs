//! Games written by the user in a small [rhai](https://rhai.rs) script.
//!
//! # Rules
//! The script says them. A position is an integer or an array of integers;
//! the script defines `fn moves(position)` returning the array of options of
//! a position, each a position or a sum of positions written
//! `sum([p1, p2, ...])` (a heap split into two heaps is `sum([a, b])`; the
//! empty sum `sum([])` is a position with no move). It may also define
//! `fn name()` and `fn description()` returning text. Only functions are
//! used: top-level statements are not run.
//!
//! ```text
//! fn name() { "take 1, 2 or 4, or halve" }
//! fn moves(n) {
//!     let options = [];
//!     for k in [1, 2, 4] { if k <= n { options.push(n - k); } }
//!     if n > 0 && n % 2 == 0 { options.push(sum([n / 2, n / 2])); }
//!     options
//! }
//! ```
//!
//! On the command line a position is one or more parts separated by spaces,
//! played as a sum: `7`, `3 4 5` (three heaps), `[3,4]` (one array
//! position; spaces inside brackets are allowed, `[3, 4]`). A move is written
//! `part K: to OPTION`, e.g. `part 1: to 3 3`; `part K:` may be left out for
//! the first part.
//!
//! # Solution
//! None is known in advance: values come from exhaustive search, and a sum
//! of parts is valued by Sprague–Grundy (the XOR of its parts' values).
//!
//! # Other sources of moves
//! A front end may give the moves itself, in place of a script's text:
//! [`Files::with_moves`](crate::entry::Files::with_moves) names an
//! [`AtomMoves`] (the Python package's game classes), and `script:NAME` is
//! then that game, searched and checked for cycles as a script is.
//!
//! # Sandbox
//! Scripts import nothing, read no file, no environment and no clock, and
//! cannot sleep or print ([`sandbox`] is the contract). Each call of `moves`
//! may take at most [`engine::MAX_OPERATIONS`] operations and nest
//! [`engine::MAX_CALL_LEVELS`] calls, within bounds on memory, so a runaway
//! script stops with an error naming its line. A game
//! where a position can come back is refused by the search
//! ([`crate::solve::SearchError::Cycle`]).
//!
//! # References
//! - Berlekamp, Conway, Guy, *Winning Ways*, chapter 4 (sums of games, splitting heaps).

#[cfg(test)]
mod batched_tests;
pub mod engine;
pub mod meter;
pub mod sandbox;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::{self, AnyGame, Rules, ValueSearch};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{Game, GameError, ParseError};
use crate::nimber::Nimber;
use crate::solve::batched::AtomMoves;
use crate::solve::{batched, Limits, SearchError};

#[cfg(test)]
pub use engine::ScriptError;
pub use engine::{Atom, Script};

pub use crate::entry::Moves;

/// A position of a script game: a sum of parts.
#[derive(Clone)]
pub struct ScriptGame {
    script: Moves,
    parts: Vec<Atom>,
}

impl ScriptGame {
    /// A position of the game whose moves come from `script`, made of
    /// `parts` (a sum when there are several).
    pub fn new(script: Moves, parts: Vec<Atom>) -> ScriptGame {
        ScriptGame { script, parts }
    }

    fn with(&self, parts: Vec<Atom>) -> ScriptGame {
        ScriptGame {
            script: Arc::clone(&self.script),
            parts,
        }
    }
}

impl AsRef<[Atom]> for ScriptGame {
    fn as_ref(&self) -> &[Atom] {
        &self.parts
    }
}

impl ValueSearch<ScriptGame> for batched::AtomSolver<'_, dyn AtomMoves + Send> {
    fn values(&mut self, positions: &[ScriptGame]) -> Result<Vec<Option<Nimber>>, SearchError> {
        batched::AtomSolver::values(self, positions)
    }

    fn stopped(&self) -> Option<&SearchError> {
        batched::AtomSolver::stopped(self)
    }
}

impl PartialEq for ScriptGame {
    fn eq(&self, other: &Self) -> bool {
        self.parts == other.parts
    }
}

impl Eq for ScriptGame {}

impl Hash for ScriptGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.parts.hash(state);
    }
}

impl fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScriptGame({self})")
    }
}

/// Parts separated by spaces; `nothing` for the empty sum.
fn write_parts(f: &mut fmt::Formatter<'_>, parts: &[Atom]) -> fmt::Result {
    if parts.is_empty() {
        return f.write_str("nothing");
    }
    for (k, a) in parts.iter().enumerate() {
        if k > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{a}")?;
    }
    Ok(())
}

impl fmt::Display for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_parts(f, &self.parts)
    }
}

/// A move: which part (numbered from 1) and the option it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptMove {
    /// The part moved in, numbered from 1.
    pub part: usize,
    /// What the part becomes: one position, or several (a sum).
    pub to: Vec<Atom>,
}

impl fmt::Display for ScriptMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "part {}: to ", self.part)?;
        write_parts(f, &self.to)
    }
}

/// Parses `part 2: to 3 3`, `2: 3 3` or `3 3` (part 1).
impl FromStr for ScriptMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let (part, rest) = match s.split_once(':') {
            Some((head, rest)) => {
                let head = head.trim();
                let n = head.strip_prefix("part").unwrap_or(head).trim();
                let part = crate::game::parse_u64(n, "a part number")?;
                let part = usize::try_from(part)
                    .ok()
                    .filter(|&p| p >= 1)
                    .ok_or_else(|| ParseError::OutOfRange {
                        token: n.to_string(),
                        what: "a part number".into(),
                        range: "1 or more (parts are numbered from 1)".into(),
                    })?;
                (part, rest)
            }
            None => (1, s),
        };
        let rest = rest.trim();
        let rest = rest.strip_prefix("to ").unwrap_or(rest);
        let to = if rest.trim() == "nothing" {
            Vec::new()
        } else {
            parse_parts(rest)?
        };
        Ok(ScriptMove { part, to })
    }
}

/// Parses parts: integers and bracketed arrays, separated by spaces.
///
/// # Errors
/// [`ParseError`] naming the bad text.
pub fn parse_parts(text: &str) -> Result<Vec<Atom>, ParseError> {
    let mut parts = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('[') {
            let end = inner.find(']').ok_or_else(|| ParseError::Malformed {
                token: rest.to_string(),
                expected: "an array with its closing `]`".into(),
                example: "arrays as `[3,4]`".into(),
            })?;
            let items = inner[..end]
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(parse_int)
                .collect::<Result<Vec<i64>, _>>()?;
            parts.push(Atom::Array(items.into()));
            rest = inner[end + 1..].trim_start();
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '[')
                .unwrap_or(rest.len());
            parts.push(Atom::Int(parse_int(&rest[..end])?));
            rest = rest[end..].trim_start();
        }
    }
    Ok(parts)
}

fn parse_int(token: &str) -> Result<i64, ParseError> {
    token.parse().map_err(|_| ParseError::NotANumber {
        token: token.to_string(),
        hint: " (a script position is an integer or an array like `[3,4]`)".into(),
    })
}

impl Game for ScriptGame {
    type Move = ScriptMove;

    /// The moves, or none if the script fails (search uses
    /// [`try_moves`](Game::try_moves), which reports the failure).
    fn moves(&self) -> Vec<ScriptMove> {
        self.try_moves().unwrap_or_default()
    }

    fn play(&self, m: &ScriptMove) -> ScriptGame {
        let i = m.part - 1;
        let mut parts = Vec::with_capacity(self.parts.len() + m.to.len());
        parts.extend_from_slice(&self.parts[..i]);
        parts.extend(m.to.iter().cloned());
        parts.extend_from_slice(&self.parts[i + 1..]);
        self.with(parts)
    }

    fn try_moves(&self) -> Result<Vec<ScriptMove>, GameError> {
        let mut moves = Vec::new();
        for (i, part) in self.parts.iter().enumerate() {
            for to in self.script.moves(part).map_err(GameError::new)? {
                moves.push(ScriptMove { part: i + 1, to });
            }
        }
        Ok(moves)
    }

    fn try_play(&self, m: &ScriptMove) -> Result<ScriptGame, GameError> {
        if m.part == 0 || m.part > self.parts.len() {
            return Err(GameError::new(format!(
                "there is no part {} in `{self}`",
                m.part
            )));
        }
        Ok(self.play(m))
    }

    fn components(&self) -> Vec<ScriptGame> {
        self.parts
            .iter()
            .map(|a| self.with(vec![a.clone()]))
            .collect()
    }

    /// Parts sorted: a sum does not depend on their order.
    fn canonical(&self) -> ScriptGame {
        let mut parts = self.parts.clone();
        parts.sort_unstable();
        self.with(parts)
    }

    fn move_count(&self) -> u128 {
        self.try_moves().map_or(0, |m| m.len() as u128)
    }

    fn legal(&self, m: &ScriptMove) -> bool {
        let mut to = m.to.clone();
        to.sort_unstable();
        self.try_moves().is_ok_and(|all| {
            all.into_iter().any(|mut o| {
                o.to.sort_unstable();
                o.part == m.part && o.to == to
            })
        })
    }
}

/// A script game's rules: where its moves come from, and its name.
pub struct ScriptRules {
    script: Moves,
    name: String,
    /// The script's text, written into certificates (`None` for moves a
    /// front end gives, which a checker cannot run).
    source: Option<Arc<str>>,
}

impl ScriptRules {
    /// Rules from a compiled script, named `script:PATH`.
    pub fn new(script: Script) -> ScriptRules {
        let name = format!("script:{}", script.path());
        let source = script.source();
        ScriptRules {
            source: Some(source),
            ..ScriptRules::from_moves(name, Arc::new(script))
        }
    }

    /// Rules whose moves come from `moves` (a front end's callback), named
    /// `name` as the catalog spells it.
    pub fn from_moves(name: String, moves: Moves) -> ScriptRules {
        ScriptRules {
            script: moves,
            name,
            source: None,
        }
    }

    /// The position made of `parts`.
    pub fn position(&self, parts: Vec<Atom>) -> ScriptGame {
        ScriptGame::new(Arc::clone(&self.script), parts)
    }
}

impl Rules for ScriptRules {
    type Position = ScriptGame;

    /// The script's text goes into the certificate, for the checker to run.
    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<ScriptGame>>> {
        let source = Arc::clone(self.source.as_ref()?);
        Some(Box::new(crate::games::certificate_forms::ScriptForm::new(
            source,
        )))
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_position(&self, words: &[&str]) -> Result<ScriptGame, ParseError> {
        let parts = parse_parts(&words.join(" "))?;
        if parts.is_empty() {
            return Err(ParseError::Empty {
                hint: "write the parts of the position, as in `7`, `3 4` or `[3,4]`".into(),
            });
        }
        Ok(self.position(parts))
    }

    /// Single integer positions 0 to `size` (there is no formula to check).
    fn small_positions(&self, size: u64) -> Vec<ScriptGame> {
        (0..=size.min(i64::MAX as u64))
            .map(|n| self.position(vec![Atom::Int(n as i64)]))
            .collect()
    }

    /// Values by [`batched::AtomSolver`]: script calls on every core.
    fn value_search(&self, limits: Limits) -> Option<Box<dyn ValueSearch<ScriptGame> + '_>> {
        Some(Box::new(batched::AtomSolver::new(&*self.script, limits)))
    }
}

/// Builds `script:FILE`: from the moves the front end gave for `FILE`, else
/// from the script text it read.
///
/// # Errors
/// No file given, a file whose text was not given, or a script that does
/// not compile.
fn build(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let path = spec
        .param
        .as_deref()
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ParseError::NeedsParameter {
            game: "script".into(),
            what: "its file".into(),
            example: "`script:examples/take124-or-halve.rhai`".into(),
        })?;
    if let Some(moves) = spec.files.moves(path) {
        let rules = ScriptRules::from_moves(format!("script:{path}"), Arc::clone(moves));
        return Ok(erased::search_only(rules));
    }
    let source = spec
        .files
        .get(path)
        .ok_or_else(|| ParseError::FileNotGiven {
            path: path.into(),
            what: "the script".into(),
        })?;
    let script = Script::compile(path, source).map_err(|e| ParseError::BadRule {
        rule: path.into(),
        reason: e.to_string(),
    })?;
    Ok(erased::search_only(ScriptRules::new(script)))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "script",
    "a game written in a rhai script: fn moves(position) returns its options",
    "PART... (integers or arrays like [3,4], played as a sum)",
    "script:examples/take124-or-halve.rhai 10",
    VerifyPlan {
        size: 0,
        max_size: 0,
        meaning: "nothing to check: script games have no closed form",
        instances: &[],
    },
    build,
)
.with_file_parameter("FILE: a rhai script that defines fn moves(position)")
.with_sequence("{n}")
.with_table("[{i},{j}]");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heaps::{HeapRule, Heaps};
    use crate::solve::{SearchError, Searcher};
    use crate::Play;

    const TAKE124_OR_HALVE: &str = include_str!("../../../../examples/take124-or-halve.rhai");
    const KAYLES: &str = include_str!("../../../../examples/kayles.rhai");

    fn rules(source: &str) -> ScriptRules {
        ScriptRules::new(Script::compile("test.rhai", source).unwrap())
    }

    fn heap(r: &ScriptRules, n: i64) -> ScriptGame {
        r.position(vec![Atom::Int(n)])
    }

    /// The same game written in Rust: a move is the heaps it leaves.
    #[derive(Debug, PartialEq)]
    struct Take124OrHalve;

    impl HeapRule for Take124OrHalve {
        type Move = ScriptMove;
        fn name(&self) -> String {
            "take124-or-halve".into()
        }
        fn heap_moves(&self, n: u64) -> Vec<ScriptMove> {
            let to = |hs: &[u64]| ScriptMove {
                part: 1,
                to: hs.iter().map(|&h| Atom::Int(h as i64)).collect(),
            };
            let mut moves: Vec<ScriptMove> = [1, 2, 4]
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| to(&[n - k]))
                .collect();
            if n >= 2 && n.is_multiple_of(2) {
                moves.push(to(&[n / 2, n / 2]));
            }
            moves
        }
        fn after(&self, _: u64, m: &ScriptMove) -> Vec<u64> {
            m.to.iter()
                .map(|a| match a {
                    Atom::Int(h) => *h as u64,
                    Atom::Array(_) => unreachable!("heaps only"),
                })
                .collect()
        }
    }

    #[test]
    fn script_game_equals_the_same_game_in_rust() {
        let r = rules(TAKE124_OR_HALVE);
        let native = std::sync::Arc::new(Take124OrHalve);
        let mut by_script = Searcher::new(Play::Normal);
        let mut by_rust = Searcher::new(Play::Normal);
        for n in 0..3000u64 {
            let s = by_script.grundy(&heap(&r, n as i64)).unwrap();
            let h = Heaps::with_rule(std::sync::Arc::clone(&native), vec![n]);
            assert_eq!(s, by_rust.grundy(&h).unwrap(), "heap {n}");
        }
        let script = Script::compile("test.rhai", TAKE124_OR_HALVE).unwrap();
        assert_eq!(script.title(), Some("take 1, 2 or 4, or halve"));
        assert!(script.description().is_some());
    }

    #[test]
    fn kayles_matches_winning_ways() {
        // Source: Winning Ways, ch. 4, Kayles: G(0..=11) = 0 1 2 3 1 4 3 2 1 4 2 6.
        let r = rules(KAYLES);
        let mut s = Searcher::new(Play::Normal);
        let values: Vec<u64> = (0..12)
            .map(|n| s.grundy(&heap(&r, n)).unwrap().value())
            .collect();
        assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // A sum is valued by Sprague–Grundy: 3 XOR 1 XOR 6.
        let p = r.parse_position(&["3", "4", "11"]).unwrap();
        assert_eq!(s.grundy(&p).unwrap().value(), 3 ^ 1 ^ 6);
    }

    #[test]
    fn positions_and_moves_read_back() {
        let r = rules(TAKE124_OR_HALVE);
        let p = r.parse_position(&["3", "[1,", "2]", "[]"]).unwrap();
        assert_eq!(p.to_string(), "3 [1,2] []");
        assert_eq!(r.parse_position(&[&p.to_string()]).unwrap(), p);
        assert!(r.parse_position(&[]).is_err());
        assert!(r.parse_position(&["x"]).is_err());
        assert!(r.parse_position(&["[1,2"]).is_err());
        let six = heap(&r, 6);
        let moves = six.try_moves().unwrap();
        let split: ScriptMove = "part 1: to 3 3".parse().unwrap();
        assert!(moves.contains(&split) && six.legal(&split));
        assert_eq!(split.to_string(), "part 1: to 3 3");
        assert_eq!(six.try_play(&split).unwrap().to_string(), "3 3");
        assert!(six.legal(&"5".parse().unwrap()));
        assert!(!six.legal(&"3".parse().unwrap()));
        assert!(six.try_play(&"part 2: to 1".parse().unwrap()).is_err());
    }

    fn error_of(source: &str) -> String {
        let r = ScriptRules::new(
            Script::compile("bad.rhai", source)
                .unwrap()
                .with_max_operations(10_000),
        );
        let mut s = Searcher::new(Play::Normal);
        s.grundy(&heap(&r, 3)).unwrap_err().to_string()
    }

    #[test]
    fn script_errors_name_the_line() {
        let e = Script::compile("bad.rhai", "fn moves(n) {\n let x = ;\n}").unwrap_err();
        assert!(matches!(e, ScriptError::Syntax { line: 2, .. }), "{e}");
        let e = Script::compile("bad.rhai", "fn name() { 1 }").unwrap_err();
        assert!(matches!(e, ScriptError::NoMoves { .. }), "{e}");
        let e = error_of("fn moves(n) {\n  [n / 0]\n}");
        assert!(e.contains("line 2") && e.contains("moves(3)"), "{e}");
        let e = error_of("fn moves(n) {\n  [\"x\"]\n}");
        assert!(e.contains("line 1") && e.contains("not a position"), "{e}");
        let e = error_of("fn moves(n) {\n  [[1, \"x\"]]\n}");
        assert!(e.contains("only integers"), "{e}");
        let e = error_of("fn moves(n) { 5 }");
        assert!(e.contains("not an array"), "{e}");
        let e = error_of("// loops\nfn moves(n) {\n  loop { }\n}");
        assert!(
            e.contains("line 2") && e.contains("10000 operations"),
            "{e}"
        );
        let e = error_of("fn moves(n) { moves(n) }");
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn a_repeating_game_is_refused() {
        let r = rules("fn moves(n) { if n > 0 { [n - 1] } else { [1] } }");
        let mut s = Searcher::new(Play::Normal);
        let e = s.grundy(&heap(&r, 3)).unwrap_err();
        assert!(matches!(e, SearchError::Cycle { .. }), "{e}");
    }

    /// Kayles in Rust, given as moves the way a front end gives its own.
    #[test]
    fn array_positions_and_sums() {
        let r = rules(include_str!("../../../../examples/two-heap-nim.rhai"));
        let mut s = Searcher::new(Play::Normal);
        for (i, j) in [(0, 0), (3, 5), (7, 7), (6, 9)] {
            let p = r.position(vec![Atom::Array(vec![i, j].into())]);
            assert_eq!(s.grundy(&p).unwrap().value(), (i ^ j) as u64);
        }
        let r =
            rules("fn moves(n) { if n > 1 { [sum([n - 1, sum([1, []])]), sum([])] } else { [] } }");
        let moves = heap(&r, 2).try_moves().unwrap();
        assert_eq!(moves[0].to.len(), 3);
        assert!(moves[1].to.is_empty());
        assert_eq!(moves[1].to_string(), "part 1: to nothing");
    }
}
