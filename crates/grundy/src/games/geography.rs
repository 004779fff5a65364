//! Undirected vertex geography `geography`: a token walks a graph and never
//! returns.
//!
//! # Rules
//! A token stands on a vertex of an undirected graph. A move slides it along
//! an edge to a vertex it has never visited; the vertex it leaves is deleted
//! with its edges. Whoever cannot move loses.
//!
//! # Solution
//! The player to move wins iff the token's vertex `v` is in every maximum
//! matching of the graph, i.e. ν(G) > ν(G − v) (Fraenkel, Scheinerman and
//! Ullman 1993, on any graph, not only bipartite ones). If so, moving to `v`'s
//! partner `u` in a maximum matching `M` wins: `M` without `uv` is a maximum
//! matching of `G − v` that leaves `u` exposed. If some maximum matching leaves
//! `v` exposed, every neighbour is matched in it, and the mover's opponent
//! answers along it.
//!
//! So a move to `u` wins iff `u` is *not* in every maximum matching of
//! `G − v`: the winning moves are the neighbours of `v` in the set D of the
//! Gallai–Edmonds decomposition of `G − v`. One blossom search from all
//! exposed vertices finds D; a maximum matching of `G − v` comes from one of
//! `G` by one augmenting path ([`crate::games::geography::matching`]). Positions reached by a
//! move inherit the matching, so analysing every move of a position with
//! 10^4 vertices costs one matching and a few searches, not one matching per
//! move. The Grundy value has no known closed form; search gives it on
//! small graphs.
//!
//! # References
//! A. S. Fraenkel, E. R. Scheinerman, D. Ullman, *Undirected edge
//! geography* and vertex geography, Theoretical Computer Science 112 (1993);
//! J. Edmonds, *Paths, trees, and flowers* (1965).

pub mod matching;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use crate::analysis::erased::{with_formula, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, Game, Outcome, ParseError};
use crate::games::geography::matching::{Graph, Matching, VertexSet};
use crate::hash::FxHasher;
use crate::solution::Solution;

/// Exhaustive search is not started on a token whose part of the graph has
/// more vertices than this, or on a graph of more than [`SEARCH_GRAPH`]
/// vertices: its positions are too many, or too large to store by the million.
pub const SEARCH_COMPONENT: usize = 64;

/// See [`SEARCH_COMPONENT`].
pub const SEARCH_GRAPH: usize = 1024;

/// The graph of a game: its vertex names and its edges, shared by every
/// position of one game.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    /// Vertex names, increasing; vertex `i` of the graph is named `labels[i]`.
    labels: Vec<u64>,
    graph: Graph,
    /// A hash of the two above, so that positions hash in O(V / 64).
    fingerprint: u64,
}

impl Board {
    /// The board of a graph on vertices `0..n`, named by their numbers.
    pub fn from_graph(graph: Graph) -> Board {
        Board::named((0..graph.vertex_count() as u64).collect(), graph)
    }

    fn named(labels: Vec<u64>, graph: Graph) -> Board {
        let mut h = FxHasher::default();
        labels.hash(&mut h);
        graph.hash(&mut h);
        Board {
            labels,
            graph,
            fingerprint: h.finish(),
        }
    }

    /// The graph.
    #[cfg(test)]
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    fn index(&self, label: u64) -> Option<u32> {
        self.labels.binary_search(&label).ok().map(|i| i as u32)
    }
}

/// Maximum matchings known for a position, filled in when the closed form
/// asks; shared by clones.
#[derive(Debug, Default)]
struct Lazy {
    /// A maximum matching of this position's graph.
    here: OnceLock<Arc<Matching>>,
    /// A maximum matching of this graph without the token's vertex: every
    /// position one move away has that graph.
    left: Arc<OnceLock<Arc<Matching>>>,
    /// What the position this one was played from knew.
    seed: Option<Seed>,
}

#[derive(Debug)]
struct Seed {
    /// A maximum matching of this graph plus the vertex the token left.
    parent: Arc<Matching>,
    left_vertex: u32,
    /// Where the parent's other children look for this graph's matching.
    shared: Arc<OnceLock<Arc<Matching>>>,
}

/// A position: the graph that is left and the token's vertex.
#[derive(Clone, Debug)]
pub struct Geography {
    board: Arc<Board>,
    alive: VertexSet,
    token: u32,
    lazy: Arc<Lazy>,
}

impl PartialEq for Geography {
    fn eq(&self, other: &Geography) -> bool {
        self.token == other.token
            && self.alive == other.alive
            && (Arc::ptr_eq(&self.board, &other.board) || self.board == other.board)
    }
}

impl Eq for Geography {}

impl Hash for Geography {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.token.hash(state);
        self.alive.hash(state);
        self.board.fingerprint.hash(state);
    }
}

/// Slides the token to the vertex named `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The vertex the token moves to, by name.
    pub to: u64,
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to {}", self.to)
    }
}

/// Parses `to 3`.
impl FromStr for Slide {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Slide, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let ["to", v] = words.as_slice() else {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "`to 3` to slide the token to vertex 3",
            });
        };
        Ok(Slide {
            to: parse_u64(v, "a vertex")?,
        })
    }
}

impl Geography {
    /// The start of a game on `board` with every vertex present and the
    /// token on vertex `token` (an index into the board's graph).
    ///
    /// # Panics
    /// If `token` is not a vertex of the board.
    pub fn new(board: Arc<Board>, token: u32) -> Geography {
        let n = board.graph.vertex_count();
        assert!((token as usize) < n, "the token is not on the board");
        Geography {
            alive: VertexSet::full(n),
            board,
            token,
            lazy: Arc::default(),
        }
    }

    #[cfg(test)]
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[cfg(test)]
    /// The vertices not yet deleted.
    pub fn alive(&self) -> &VertexSet {
        &self.alive
    }

    fn label(&self, v: u32) -> u64 {
        self.board.labels[v as usize]
    }

    fn graph(&self) -> &Graph {
        &self.board.graph
    }

    fn neighbours(&self) -> impl Iterator<Item = u32> + '_ {
        let g = self.graph().neighbours(self.token);
        g.iter().copied().filter(|&u| self.alive.contains(u))
    }

    /// A maximum matching of the graph that is left, inherited from the
    /// position played from when it knew one.
    pub fn matching(&self) -> Arc<Matching> {
        let lazy = &self.lazy;
        let compute = || match &lazy.seed {
            Some(s) => Arc::clone(s.shared.get_or_init(|| {
                let mut m = Matching::clone(&s.parent);
                m.delete(self.graph(), &self.alive, s.left_vertex);
                Arc::new(m)
            })),
            None => Arc::new(Matching::maximum(self.graph(), &self.alive)),
        };
        Arc::clone(lazy.here.get_or_init(compute))
    }

    /// A maximum matching of the graph without the token's vertex.
    fn matching_left(&self) -> (Arc<Matching>, VertexSet) {
        let mut alive = self.alive.clone();
        alive.remove(self.token);
        let m = self.lazy.left.get_or_init(|| {
            let mut m = Matching::clone(&self.matching());
            m.delete(self.graph(), &alive, self.token);
            Arc::new(m)
        });
        (Arc::clone(m), alive)
    }

    /// The vertices of the token's part of the graph.
    fn component_size(&self, cap: usize) -> usize {
        let mut seen = VertexSet::empty(self.graph().vertex_count());
        let mut stack = vec![self.token];
        seen.insert(self.token);
        let mut count = 0;
        while let Some(v) = stack.pop() {
            count += 1;
            if count > cap {
                break;
            }
            for &u in self.graph().neighbours(v) {
                if self.alive.contains(u) && !seen.contains(u) {
                    seen.insert(u);
                    stack.push(u);
                }
            }
        }
        count
    }
}

/// The edges left, as `a-b` with `a < b`, then the token as `@v`.
impl fmt::Display for Geography {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for a in self.alive.iter() {
            for &b in self.graph().neighbours(a) {
                if a < b && self.alive.contains(b) {
                    write!(f, "{}-{} ", self.label(a), self.label(b))?;
                }
            }
        }
        write!(f, "@{}", self.label(self.token))
    }
}

impl Game for Geography {
    type Move = Slide;

    /// The vertices not yet visited and their edges, with the token.
    fn picture(&self) -> crate::board::Picture {
        if self.alive.len() > crate::board::MAX_VERTICES {
            return crate::board::text(self);
        }
        let left: Vec<u32> = self.alive.iter().collect();
        let at = |v: u32| left.binary_search(&v).ok();
        let edges = left.iter().enumerate().flat_map(|(i, &a)| {
            let n = self.graph().neighbours(a);
            n.iter()
                .filter_map(move |&b| at(b).filter(|&j| j > i).map(|j| [i, j]))
        });
        crate::board::Picture::Graph {
            vertices: left.iter().map(|&v| self.label(v).to_string()).collect(),
            edges: edges.collect(),
            token: at(self.token),
        }
    }

    /// The vertex the token slides to.
    fn spot(&self, m: &Slide) -> crate::board::Spot {
        let left = self.alive.iter().take_while(|&v| self.label(v) < m.to);
        crate::board::Spot::Vertex {
            index: left.count(),
        }
    }

    fn heap_bytes(&self) -> usize {
        self.alive.heap_bytes()
    }

    fn moves(&self) -> Vec<Slide> {
        self.neighbours()
            .map(|u| Slide { to: self.label(u) })
            .collect()
    }

    fn play(&self, m: &Slide) -> Geography {
        let to = self.board.index(m.to).expect("a legal move names a vertex");
        let mut alive = self.alive.clone();
        alive.remove(self.token);
        // Pass on what is known, so that the child's matching costs one
        // search; the rules above do not depend on it.
        let seed = self.lazy.here.get().map(|parent| Seed {
            parent: Arc::clone(parent),
            left_vertex: self.token,
            shared: Arc::clone(&self.lazy.left),
        });
        Geography {
            board: Arc::clone(&self.board),
            alive,
            token: to,
            lazy: Arc::new(Lazy {
                seed,
                ..Lazy::default()
            }),
        }
    }

    fn move_count(&self) -> u128 {
        self.neighbours().count() as u128
    }

    fn legal(&self, m: &Slide) -> bool {
        self.board
            .index(m.to)
            .is_some_and(|u| self.neighbours().any(|w| w == u))
    }

    fn any_move(&self) -> Option<Slide> {
        self.neighbours()
            .next()
            .map(|u| Slide { to: self.label(u) })
    }

    fn too_large_to_search(&self, max_positions: usize) -> bool {
        self.move_count() > max_positions as u128
            || self.graph().vertex_count() > SEARCH_GRAPH
            || self.component_size(SEARCH_COMPONENT) > SEARCH_COMPONENT
    }
}

impl Solution for Geography {
    fn outcome(&self) -> Outcome {
        if self
            .matching()
            .is_essential(self.graph(), &self.alive, self.token)
        {
            Outcome::Next
        } else {
            Outcome::Previous
        }
    }

    fn winning_move(&self) -> Option<Slide> {
        let m = self.matching();
        m.is_essential(self.graph(), &self.alive, self.token)
            .then(|| m.mate(self.token))
            .flatten()
            .map(|u| Slide { to: self.label(u) })
    }

    /// Every move to a vertex that some maximum matching of the graph without
    /// the token's vertex leaves exposed.
    fn winning_moves(&self) -> Vec<Slide> {
        if self.outcome() == Outcome::Previous {
            return Vec::new();
        }
        let (m, alive) = self.matching_left();
        let exposed = m.avoidable(self.graph(), &alive);
        self.neighbours()
            .filter(|&u| exposed.contains(u))
            .map(|u| Slide { to: self.label(u) })
            .collect()
    }

    fn details(&self) -> Vec<(String, String)> {
        let m = self.matching();
        let partner = match m.mate(self.token) {
            Some(u) => self.label(u).to_string(),
            None => "none (a maximum matching leaves the token's vertex exposed)".into(),
        };
        vec![
            ("vertices".into(), self.alive.len().to_string()),
            ("matching".into(), format!("{} edges (maximum)", m.size())),
            ("partner".into(), partner),
        ]
    }
}

/// Every vertex of `board` from which the player to move loses when the
/// whole graph is present: the vertices that some maximum matching leaves
/// exposed (isolated vertices among them), found by one search.
///
/// # Complexity
/// One maximum matching and one blossom search.
pub fn losing_starts(board: &Board) -> VertexSet {
    let alive = VertexSet::full(board.graph.vertex_count());
    Matching::maximum(&board.graph, &alive).avoidable(&board.graph, &alive)
}

/// The rules of vertex geography; positions are edges `a-b` and a token `@v`.
#[derive(Debug)]
pub struct GeographyRules;

fn parse_edge(word: &str) -> Option<Result<(u64, u64), ParseError>> {
    let (a, b) = word.split_once('-')?;
    let parse = || {
        let (a, b) = (parse_u64(a, "a vertex")?, parse_u64(b, "a vertex")?);
        if a == b {
            return Err(ParseError::Inconsistent {
                what: format!("`{word}` is a loop"),
                fix: "an edge joins two different vertices".into(),
            });
        }
        Ok((a, b))
    };
    Some(parse())
}

/// Parses `0-1 1-2 2-0 @0`: edges between numbered vertices and the token.
///
/// # Errors
/// A word that is neither an edge nor `@v`, a loop, no token or two tokens.
pub fn parse_geography(words: &[&str]) -> Result<Geography, ParseError> {
    let mut edges = Vec::new();
    let mut token = None;
    for &w in words {
        if let Some(t) = w.strip_prefix('@') {
            if token.is_some() {
                return Err(ParseError::Repeated {
                    what: format!("the token (here again as `{w}`)"),
                    fix: "write one `@v`".into(),
                });
            }
            token = Some(parse_u64(t, "the token's vertex")?);
        } else if let Some(edge) = parse_edge(w) {
            edges.push(edge?);
        } else {
            return Err(ParseError::Malformed {
                token: w.to_string(),
                expected: "an edge or the token".into(),
                example: "an edge such as `0-1` or the token such as `@0`".into(),
            });
        }
    }
    let token = token.ok_or_else(|| ParseError::Empty {
        hint: "write the edges and the token's vertex, as in `geography 0-1 1-2 2-0 2-3 @0`".into(),
    })?;
    let mut labels: Vec<u64> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    labels.push(token);
    labels.sort_unstable();
    labels.dedup();
    if labels.len() >= u32::MAX as usize {
        return Err(ParseError::TooLarge {
            token: labels.len().to_string(),
            what: "the number of a geography board's vertices".into(),
            max: (u32::MAX - 1).to_string(),
        });
    }
    let index = |l: u64| labels.binary_search(&l).expect("every label listed") as u32;
    let pairs: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (index(a), index(b))).collect();
    let graph = Graph::new(labels.len(), &pairs);
    let token = index(token);
    Ok(Geography::new(Arc::new(Board::named(labels, graph)), token))
}

impl Rules for GeographyRules {
    type Position = Geography;

    fn name(&self) -> String {
        "geography".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<Geography, ParseError> {
        parse_geography(words)
    }

    /// Every graph on 1 to `size` vertices (every set of edges of the
    /// complete graph, not up to isomorphism), with the token on each vertex.
    fn small_positions(&self, size: u64) -> Vec<Geography> {
        let mut all = Vec::new();
        for n in 1..=size.min(7) as u32 {
            let pairs: Vec<(u32, u32)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            for mask in 0u64..1 << pairs.len() {
                let edges: Vec<(u32, u32)> = (0..pairs.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect();
                let board = Arc::new(Board::from_graph(Graph::new(n as usize, &edges)));
                all.extend((0..n).map(|t| Geography::new(Arc::clone(&board), t)));
            }
        }
        all
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(with_formula(GeographyRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "geography",
    "undirected vertex geography: slide a token to an unvisited vertex; N iff its vertex is in every maximum matching",
    "EDGE... @TOKEN (edges a-b between numbered vertices; or --graph FILE)",
    "geography 0-1 1-2 2-0 2-3 @0",
    VerifyPlan {
        size: 6, max_size: 6,
        meaning: "every graph on 1 to N vertices (all edge sets), token on each vertex",
        instances: &["geography"],
    },
    build,
)
.with_graph_file();

#[cfg(test)]
mod tests;
