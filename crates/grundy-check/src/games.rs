//! The games the checker knows, each written from its rules alone.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::io::BufRead;

use crate::{value, Error, Line, Lines, Report};

pub mod board;
pub mod chomp;
pub mod graph;
pub mod heaps;
pub mod script;

/// A game's rules as the checker needs them: positions and moves read
/// from their text, the moves of a position, and its independent parts.
pub trait Rules {
    /// A position, in the frame its text gives it (moves name cells or
    /// heaps of that text).
    type Pos;
    /// A move.
    type Move: Clone + Eq + Hash + Debug + Display;
    /// A component in a normal form: two components with equal keys are
    /// the same game (a board turned or reflected, say).
    type Key: Clone + Eq + Hash;

    /// The position written `text`.
    ///
    /// # Errors
    /// What is wrong with the text.
    fn position(&self, text: &str) -> Result<Self::Pos, String>;

    /// The move written `text` (legal or not: see [`Rules::legal`]).
    ///
    /// # Errors
    /// What is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// Every legal move of `p`, each once.
    fn moves(&self, p: &Self::Pos) -> Vec<Self::Move>;

    /// Whether `m` is a legal move of `p`.
    fn legal(&self, p: &Self::Pos, m: &Self::Move) -> bool;

    /// The position after the legal move `m`, in the same frame.
    fn play(&self, p: &Self::Pos, m: &Self::Move) -> Self::Pos;

    /// The keys of `p`'s independent components that have a move (a
    /// component with no move has value 0 and is left out).
    fn parts(&self, p: &Self::Pos) -> Vec<Self::Key>;

    /// Every key of a component equal to `k` by a symmetry of the game
    /// (a board's 8 images), `k` among them. An entry is filed under each,
    /// so that [`Rules::parts`] need not bring a component to a normal
    /// form. The default is `k` alone.
    fn images(&self, k: &Self::Key) -> Vec<Self::Key> {
        vec![k.clone()]
    }

    /// Proves that every play from `p` ends, which the argument needs.
    /// The built-in games end by their rules (each move removes cells,
    /// squares, vertices or tokens); a script game is explored.
    ///
    /// # Errors
    /// Why the game may not end, or a failure of the rules.
    fn ends(&self, p: &Self::Pos) -> Result<(), String> {
        let _ = p;
        Ok(())
    }

    /// The first failure of rules that can fail (a script's `moves`), met
    /// in any call above; `None` for the built-in games. A call that failed
    /// answered as if the position had no move, so whatever was checked
    /// since must be refused with this.
    fn failure(&self) -> Option<String> {
        None
    }
}

/// Checks a value certificate of the game `spec` (the words after `game`).
pub(crate) fn check_value(
    spec: &str,
    at: &Line,
    lines: &mut Lines<impl BufRead>,
) -> Result<Report, Error> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    match words.as_slice() {
        ["cram"] => value::check(&board::Cram, lines),
        ["chomp"] => value::check(&chomp::Chomp, lines),
        ["script", count] => {
            let source = script_lines(count, at, lines)?;
            value::check(&script::Script::new(&source).map_err(|e| at.bad(e))?, lines)
        }
        ["node-kayles", edges @ ..] => value::check(&graph::NodeKayles::new(edges).map_err(|e| at.bad(e))?, lines),
        [name, param @ ..] if heaps::Heaps::knows(name) => {
            value::check(&heaps::Heaps::new(name, param).map_err(|e| at.bad(e))?, lines)
        }
        _ => Err(at.bad(format!(
            "`{spec}` is not a game this checker knows: cram, chomp, node-kayles EDGES, octal CODE, subtraction SET, grundy, nim, script LINES"
        ))),
    }
}

/// The `count` lines `| TEXT` of a script that follow its game line.
fn script_lines(count: &str, at: &Line, lines: &mut Lines<impl BufRead>) -> Result<String, Error> {
    let count: usize = count
        .parse()
        .map_err(|_| at.bad("expected `game script LINES`, LINES the number of script lines"))?;
    let mut source = String::new();
    for _ in 0..count {
        let line = lines.expect("a line of the script, `| TEXT`")?;
        let text = match line.text.as_str() {
            "|" => "",
            t => t
                .strip_prefix("| ")
                .ok_or_else(|| line.bad("a line of the script must start with `| `"))?,
        };
        source.push_str(text);
        source.push('\n');
    }
    Ok(source)
}
