//! The certificate forms of the games that have one: how their
//! components are cut out and written for the checker.

use std::sync::Arc;

use crate::game::Game;
use crate::games::chomp::Chomp;
use crate::games::cram::Cram;
use crate::games::heaps::{HeapRule, Heaps};
use crate::games::node_kayles::NodeKayles;
use crate::games::script::ScriptGame;
use crate::solve::certificate::Form;

/// Cram: each region of free cells cropped to its bounding box and turned
/// to the least of its 8 images (the game's own normal form), so that a
/// region met turned or reflected is listed once. Nothing more is done to
/// it (the search's tuft and bridge reductions are theorems the checker
/// does not know).
pub struct CramForm;

impl Form<Cram> for CramForm {
    fn game_line(&self, _: &Cram) -> String {
        "cram".into()
    }

    fn parts(&self, p: &Cram, out: &mut Vec<Cram>) {
        out.extend(
            p.components()
                .iter()
                .filter(|region| region.free().count_ones() >= 2)
                .map(|region| region.least(region.free())),
        );
    }
}

/// Chomp: the bar, or its reflection in the diagonal, whichever the game
/// calls canonical (the checker knows the reflection too).
pub struct ChompForm;

impl Form<Chomp> for ChompForm {
    fn game_line(&self, _: &Chomp) -> String {
        "chomp".into()
    }

    fn parts(&self, p: &Chomp, out: &mut Vec<Chomp>) {
        if p.squares() > 1 {
            out.push(p.canonical());
        }
    }
}

/// Node Kayles: the connected parts of the vertices left, as sets of
/// vertices of the one graph the certificate names (no relabelling: the
/// checker knows no isomorphism).
pub struct NodeKaylesForm;

/// The names of the vertices left in `p`.
fn vertices(p: &NodeKayles) -> Vec<String> {
    p.moves().iter().map(|m| m.vertex.to_string()).collect()
}

impl Form<NodeKayles> for NodeKaylesForm {
    /// The graph of `root` as edge words: a vertex's neighbours are the
    /// vertices its move deletes besides itself.
    fn game_line(&self, root: &NodeKayles) -> String {
        let mut words = vec!["node-kayles".to_string()];
        for m in root.moves() {
            let after = root.play(&m);
            let kept: Vec<u64> = after.moves().iter().map(|k| k.vertex).collect();
            let gone = root
                .moves()
                .into_iter()
                .filter(|n| n.vertex != m.vertex && !kept.contains(&n.vertex));
            let mut edges: Vec<String> = gone
                .filter(|n| n.vertex > m.vertex)
                .map(|n| format!("{}-{}", m.vertex, n.vertex))
                .collect();
            if edges.is_empty() && kept.len() + 1 == root.moves().len() {
                edges.push(m.vertex.to_string());
            }
            words.extend(edges);
        }
        words.join(" ")
    }

    fn parts(&self, p: &NodeKayles, out: &mut Vec<NodeKayles>) {
        out.extend(p.components());
    }

    /// `all`: the game line gives the root's graph, every vertex of it.
    fn root_text(&self, _: &NodeKayles) -> String {
        "all".into()
    }

    fn text(&self, p: &NodeKayles) -> String {
        match vertices(p).join(",") {
            none if none.is_empty() => "-".into(),
            some => some,
        }
    }
}

/// A heap game: each heap with a move; the game line is given by the
/// rules (`octal 0.137`, `subtraction 1,3,4`, `grundy`, `nim`).
pub struct HeapForm {
    line: String,
}

impl HeapForm {
    /// The form of a heap game whose certificate's game line is `line`.
    pub fn new(line: String) -> HeapForm {
        HeapForm { line }
    }
}

impl<R: HeapRule> Form<Heaps<R>> for HeapForm {
    fn game_line(&self, _: &Heaps<R>) -> String {
        self.line.clone()
    }

    fn parts(&self, p: &Heaps<R>, out: &mut Vec<Heaps<R>>) {
        out.extend(p.components().into_iter().filter(|h| !h.moves().is_empty()));
    }
}

/// A script game: each part with a move. The game line carries the
/// script's text, a line `| TEXT` for each of its lines, so that the
/// checker runs the very rules the search ran.
pub struct ScriptForm {
    source: Arc<str>,
}

impl ScriptForm {
    /// The form of the script whose text is `source`.
    pub fn new(source: Arc<str>) -> ScriptForm {
        ScriptForm { source }
    }
}

impl Form<ScriptGame> for ScriptForm {
    fn game_line(&self, _: &ScriptGame) -> String {
        let lines: Vec<&str> = self.source.lines().collect();
        let mut line = format!("script {}", lines.len());
        for l in lines {
            line.push_str("\n|");
            if !l.is_empty() {
                line.push(' ');
                line.push_str(l);
            }
        }
        line
    }

    fn parts(&self, p: &ScriptGame, out: &mut Vec<ScriptGame>) {
        out.extend(p.components().into_iter().filter(|c| !c.moves().is_empty()));
    }
}
