//! A game on any directed graph read from a file, `graph:FILE`: tokens slide
//! along its edges, and the graph may have cycles (a loopy game).
//!
//! # Rules
//! A position is one or more tokens on vertices of a finite directed graph.
//! A move slides one token along an edge `u → v`. Whoever cannot move loses;
//! a play that never ends is a draw. With several tokens the game is the sum
//! of one-token games on the same graph.
//!
//! # Solution
//! Smith's generalized Sprague–Grundy value γ of every vertex, by Fraenkel's
//! labelling ([`crate::solve::loopy`]); the tokens' values add by Smith's
//! rule (finite values by XOR, a + ∞(K) = ∞(K ⊕ a), ∞ + ∞ a draw). Misère
//! play is not supported.
//!
//! # The file
//! Either a plain edge list — one move `u v` a line (from `u` to `v`), a
//! line with one name declaring a vertex, `#` starting a comment; names are
//! any words without spaces — or JSON, `{"edges": [["u", "v"], …]}` with an
//! optional `"vertices": ["w", …]`. The library reads no files: the front end
//! reads `FILE` and passes its text in the spec's files, as for `script:FILE`.
//!
//! # References
//! - C. A. B. Smith, *Graphs and composite games*, J. Combin. Theory 1 (1966).
//! - A. S. Fraenkel and Y. Yesha, *Theory of annihilation games — I* (1982).
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 12.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use thiserror::Error;

use crate::analysis::erased::{AnyGame, AnyPosition};
use crate::analysis::loopy::{write_up, LoopyMove};
use crate::analysis::{Analysis, AnalyzeError, AnalyzeOptions, Method, MoveInfo};
use crate::entry::{Entry, Spec, VerifyPlan};
use crate::game::{ParseError, Play, PlayError};
use crate::nimber::Nimber;
use crate::solution::{CheckError, CheckReport};
use crate::solve::loopy::{label, Graph, GraphError, Labels, Ranked};
use crate::solve::Limits;

/// A graph file that cannot be read as a game graph.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphFileError {
    /// A line of an edge list with more than two names.
    #[error("line {line}: `{text}` is not an edge; write `u v` (a move from u to v) or one name to declare a vertex")]
    Line {
        /// The line, from 1.
        line: usize,
        /// Its text.
        text: String,
    },
    /// JSON that is not `{"edges": [["u","v"], …]}`.
    #[error("not a graph in JSON: {reason}; write {{\"edges\": [[\"u\", \"v\"], ...]}}")]
    Json {
        /// What the JSON reader said.
        reason: String,
    },
    /// No vertex at all.
    #[error("the graph file names no vertex; write one move `u v` a line")]
    Empty,
    /// Too many vertices.
    #[error(transparent)]
    Graph(#[from] GraphError),
}

/// The JSON form of a graph file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGraph {
    #[serde(default)]
    vertices: Vec<String>,
    edges: Vec<(String, String)>,
}

/// A graph with its vertex names, labelled on first use.
#[derive(Debug)]
pub struct Board {
    names: Vec<String>,
    index: HashMap<String, u32>,
    graph: Graph,
    labels: OnceLock<Labels>,
}

impl Board {
    /// The board of a graph file's text (an edge list, or JSON when it
    /// starts with `{`).
    ///
    /// # Errors
    /// [`GraphFileError`] naming the bad line or the JSON fault.
    pub fn parse(text: &str) -> Result<Board, GraphFileError> {
        let mut b = Builder::default();
        if text.trim_start().starts_with('{') {
            let g: JsonGraph = serde_json::from_str(text).map_err(|e| GraphFileError::Json {
                reason: e.to_string(),
            })?;
            for v in &g.vertices {
                b.vertex(v);
            }
            for (u, v) in &g.edges {
                b.edge(u, v);
            }
        } else {
            for (i, line) in text.lines().enumerate() {
                let line = line.split('#').next().unwrap_or("");
                match line.split_whitespace().collect::<Vec<_>>().as_slice() {
                    [] => {}
                    [v] => {
                        b.vertex(v);
                    }
                    [u, v] => b.edge(u, v),
                    _ => {
                        return Err(GraphFileError::Line {
                            line: i + 1,
                            text: line.trim().to_string(),
                        })
                    }
                }
            }
        }
        b.finish()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    fn labels(&self) -> &Labels {
        self.labels.get_or_init(|| label(&self.graph))
    }

    fn ranked(&self, v: u32) -> Ranked {
        Ranked::of(&self.graph, self.labels(), v)
    }
}

/// Names to numbers, in the order they first appear.
#[derive(Default)]
struct Builder {
    names: Vec<String>,
    index: HashMap<String, u32>,
    edges: Vec<(u32, u32)>,
}

impl Builder {
    fn vertex(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), i);
        i
    }

    fn edge(&mut self, u: &str, v: &str) {
        let (u, v) = (self.vertex(u), self.vertex(v));
        self.edges.push((u, v));
    }

    fn finish(self) -> Result<Board, GraphFileError> {
        if self.names.is_empty() {
            return Err(GraphFileError::Empty);
        }
        let graph = Graph::from_edges(self.names.len(), &self.edges)?;
        Ok(Board {
            names: self.names,
            index: self.index,
            graph,
            labels: OnceLock::new(),
        })
    }
}

/// The game of one graph file.
struct GraphGame {
    name: String,
    board: Arc<Board>,
}

/// A position: tokens on vertices of one board.
#[derive(Clone)]
struct Tokens {
    game: Arc<GraphGame>,
    tokens: Vec<u32>,
}

impl AnyGame for Arc<GraphGame> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse(&self, words: &[&str]) -> Result<Box<dyn AnyPosition>, ParseError> {
        if words.is_empty() {
            return Err(ParseError::Empty {
                hint: format!("write the vertex of each token, as in `{} v`", self.name),
            });
        }
        let tokens = words
            .iter()
            .map(|w| {
                self.board
                    .index
                    .get(*w)
                    .copied()
                    .ok_or_else(|| ParseError::Malformed {
                        token: w.to_string(),
                        expected: "a vertex of the graph".into(),
                        example: format!("one of its {} vertices", self.board.len()),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Box::new(Tokens {
            game: Arc::clone(self),
            tokens,
        }))
    }

    fn has_formula(&self) -> bool {
        true
    }

    fn verify(&self, _size: u64, _limits: Limits) -> Option<Result<CheckReport, CheckError>> {
        None
    }
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.tokens.iter().map(|&t| self.name(t)).collect();
        f.write_str(&names.join(" "))
    }
}

impl Tokens {
    fn digraph(&self) -> &Board {
        &self.game.board
    }

    fn name(&self, v: u32) -> &str {
        &self.game.board.names[v as usize]
    }

    /// The value of the sum of the tokens.
    fn value(&self) -> Ranked {
        let mut parts = self.tokens.iter().map(|&t| self.digraph().ranked(t));
        let first = parts.next().expect("a position has a token");
        parts.fold(first, |sum, part| sum + part)
    }

    /// Each move's name and the position it leads to: token by token, each
    /// vertex it can reach once (a repeated edge is one move).
    fn moves(&self) -> Vec<(String, Tokens)> {
        let mut out = Vec::new();
        for (i, &t) in self.tokens.iter().enumerate() {
            // A set, not a list: a vertex may have a million options.
            let mut seen = std::collections::HashSet::new();
            for &w in self.digraph().graph.options(t) {
                if !seen.insert(w) {
                    continue;
                }
                let mut to = self.clone();
                to.tokens[i] = w;
                out.push((self.move_name(i, w), to));
            }
        }
        out
    }

    fn move_name(&self, i: usize, w: u32) -> String {
        match self.tokens.len() {
            1 => format!("to {}", self.name(w)),
            _ => format!("token {}: to {}", i + 1, self.name(w)),
        }
    }
}

impl AnyPosition for Tokens {
    fn game(&self) -> String {
        self.game.name.clone()
    }

    /// The graph with a target on each vertex a token can move to, where the
    /// graph is small enough to draw and one token moves; else the position
    /// as text with its moves beside it.
    fn board(&self) -> crate::board::Board {
        use crate::board::{Board as Drawn, Picture, Spot, Target, MAX_TARGETS, MAX_VERTICES};
        let g = self.digraph();
        let mut moves = self.moves();
        let complete = moves.len() as u128 <= MAX_TARGETS;
        if !complete {
            moves.clear();
        }
        let drawable = g.len() <= MAX_VERTICES && self.tokens.len() == 1;
        let picture = match drawable {
            true => Picture::Graph {
                vertices: g.names.clone(),
                edges: (0..g.len() as u32)
                    .flat_map(|u| {
                        g.graph
                            .options(u)
                            .iter()
                            .map(move |&w| [u as usize, w as usize])
                    })
                    .collect(),
                token: Some(self.tokens[0] as usize),
            },
            false => Picture::Text {
                text: self.to_string(),
            },
        };
        let targets: Vec<Target> = moves
            .iter()
            .map(|(mv, to)| Target {
                mv: mv.clone(),
                spot: match drawable {
                    true => Spot::Vertex {
                        index: to.tokens[0] as usize,
                    },
                    false => Spot::Aside,
                },
            })
            .collect();
        Drawn {
            game: self.game(),
            position: self.to_string(),
            how: format!(
                "{} A position that comes back a third time with the same player to move is a draw.",
                picture.how(&targets)
            ),
            picture,
            targets,
            complete,
        }
    }

    fn analyze(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        if o.play == Play::Misere {
            return Err(AnalyzeError::LoopyMisere {
                position: self.to_string(),
            });
        }
        let moves = self
            .moves()
            .into_iter()
            .map(|(mv, to)| LoopyMove {
                mv,
                value: to.value(),
                to: to.to_string(),
            })
            .collect();
        Ok(write_up(
            self.game(),
            self.to_string(),
            &self.value(),
            moves,
            o,
        ))
    }

    fn grundy(&self, _limits: Limits) -> Result<(Option<Nimber>, Method), AnalyzeError> {
        let value = self.value().value.finite().map(Nimber);
        Ok((value, Method::Labelling))
    }

    fn is_loopy(&self) -> bool {
        true
    }

    fn loopy(&self, _limits: Limits) -> Result<Option<Ranked>, AnalyzeError> {
        Ok(Some(self.value()))
    }

    fn moves_to_value(
        &self,
        target: Nimber,
        _limits: Limits,
    ) -> Result<(Vec<MoveInfo>, bool), AnalyzeError> {
        let mut found: Vec<(Ranked, MoveInfo)> = Vec::new();
        for (mv, to) in self.moves() {
            let value = to.value();
            if value.value.finite() == Some(target.value()) {
                let info = MoveInfo::new(mv, &to, None, None);
                found.push((value, info));
            }
        }
        found.sort_by_key(|(v, _)| v.rank);
        Ok((found.into_iter().map(|(_, m)| m).collect(), true))
    }

    fn move_names(&self) -> Result<Vec<String>, AnalyzeError> {
        Ok(self.moves().into_iter().map(|(mv, _)| mv).collect())
    }

    fn play_named(&self, mv: &str) -> Result<Box<dyn AnyPosition>, PlayError> {
        let wanted = mv.split_whitespace().collect::<Vec<_>>().join(" ");
        // One token: `to v`, or the vertex's name alone.
        let alone = |name: &str| self.tokens.len() == 1 && format!("to {wanted}") == name;
        match self
            .moves()
            .into_iter()
            .find(|(name, _)| *name == wanted || alone(name))
        {
            Some((_, to)) => Ok(Box::new(to)),
            None => Err(PlayError {
                mv: mv.to_string(),
                position: self.to_string(),
                reason: "not a legal move here (type `moves` in play to see them)".into(),
            }),
        }
    }

    fn any_move(&self) -> Option<(String, Box<dyn AnyPosition>)> {
        let (mv, to) = self.moves().into_iter().next()?;
        Some((mv, Box::new(to)))
    }

    fn clone_box(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }
}

fn build(spec: &Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    let path = spec.param.as_deref().filter(|p| !p.is_empty());
    let path = path.ok_or_else(|| ParseError::NeedsParameter {
        game: "graph".into(),
        what: "its file".into(),
        example: "`graph:examples/loopy/exit.txt`, or use --graph FILE".into(),
    })?;
    let text = spec
        .files
        .get(path)
        .ok_or_else(|| ParseError::FileNotGiven {
            path: path.into(),
            what: "the graph file".into(),
        })?;
    let board = Board::parse(text).map_err(|e| ParseError::BadRule {
        rule: path.into(),
        reason: format!("{path}: {e}"),
    })?;
    Ok(Box::new(Arc::new(GraphGame {
        name: format!("graph:{path}"),
        board: Arc::new(board),
    })))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "graph",
    "tokens slide along the edges of a directed graph read from a file; cycles allowed (draws)",
    "VERTEX... (one token per vertex named, played as a sum)",
    "graph:examples/loopy/exit.txt a",
    VerifyPlan {
        size: 0,
        max_size: 0,
        meaning: "nothing to check here: the labelling is checked against retrograde analysis by the test suite",
        instances: &[],
    },
    build,
)
.with_file_parameter("FILE: a directed graph, one move `u v` a line (or JSON {\"edges\": [[\"u\",\"v\"]]}); cycles allowed");

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str, words: &[&str]) -> Box<dyn AnyPosition> {
        let mut spec = Spec::from("graph:g.txt");
        spec.files = spec.files.with("g.txt", text);
        spec.build().unwrap().parse(words).unwrap()
    }

    #[test]
    fn edge_lists_and_json_give_the_same_game() {
        let list = "# a cycle with an exit\na b\nb c\nc a\nc end\nlonely\n";
        let json =
            r#"{"vertices": ["lonely"], "edges": [["a","b"],["b","c"],["c","a"],["c","end"]]}"#;
        let o = AnalyzeOptions::default();
        for text in [list, json] {
            let a = position(text, &["a"]).analyze(&o).unwrap();
            assert_eq!((a.value.as_deref(), a.grundy), (Some("1"), Some(1)));
            assert_eq!(a.winning_moves[0].mv, "to b");
            let a = position(text, &["lonely"]).analyze(&o).unwrap();
            assert_eq!(a.outcome, crate::Outcome::Previous);
        }
    }

    #[test]
    fn tokens_add_by_smiths_rule() {
        // x = ∞{0} (x → x, x → s); two tokens on x: ∞ + ∞, a draw.
        let text = "x x\nx s\n";
        let o = AnalyzeOptions::default();
        let a = position(text, &["x"]).analyze(&o).unwrap();
        assert_eq!(
            (a.value.as_deref(), a.outcome),
            (Some("∞{0}"), crate::Outcome::Next)
        );
        let a = position(text, &["x", "x"]).analyze(&o).unwrap();
        assert_eq!(
            (a.value.as_deref(), a.outcome),
            (Some("∞{}"), crate::Outcome::Draw)
        );
        assert_eq!(a.drawing_moves.unwrap().len(), 2);
        assert!(a.winning_moves.is_empty());
    }

    #[test]
    fn bad_files_and_positions_are_refused() {
        assert_eq!(
            Board::parse("a b\na b c\n").unwrap_err(),
            GraphFileError::Line {
                line: 2,
                text: "a b c".into()
            }
        );
        assert_eq!(
            Board::parse("# nothing\n").unwrap_err(),
            GraphFileError::Empty
        );
        assert!(matches!(
            Board::parse("{\"edges\": 3}"),
            Err(GraphFileError::Json { .. })
        ));
        let mut spec = Spec::from("graph:g.txt");
        spec.files = spec.files.with("g.txt", "a b\n");
        let game = spec.build().unwrap();
        assert!(game
            .parse(&["z"])
            .unwrap_err()
            .to_string()
            .contains("`z` is not a vertex"));
        let p = game.parse(&["a"]).unwrap();
        let misere = AnalyzeOptions {
            play: Play::Misere,
            ..AnalyzeOptions::default()
        };
        assert!(matches!(
            p.analyze(&misere),
            Err(AnalyzeError::LoopyMisere { .. })
        ));
    }
}
