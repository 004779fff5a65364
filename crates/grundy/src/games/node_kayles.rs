//! Node Kayles `node-kayles`: choose a vertex; it and its neighbours go.
//!
//! # Rules
//! A finite simple graph. A move chooses a vertex and deletes it together
//! with every vertex next to it (and their edges). Whoever cannot move,
//! because no vertex is left, loses. Equivalently the players build an
//! independent set one vertex at a time, and whoever cannot extend it loses.
//!
//! # Solution
//! Deciding who wins is PSPACE-complete on general graphs (Schaefer 1978),
//! so search gives the value. On a path of `n` vertices the game is Dawson's
//! chess, octal 0.137 (Winning Ways ch. 4): choosing an end deletes 2
//! vertices from an end, an inner vertex 3, possibly splitting the path in
//! two. A graph's connected parts are independent games whose values add
//! ([`Game::components`]). Each part is stored relabelled in an order that
//! does not depend on the names of its vertices where it can help it: the
//! least adjacency over breadth-first orders started from the vertices of
//! the rarest colour of a colour refinement (degrees, then neighbours'
//! colours), neighbours visited by colour ([`Game::canonical`]). Two
//! isomorphic graphs usually, though not always, meet in one table entry;
//! a relabelling is always the same game.
//!
//! # Position syntax
//! Geography's edge words: `0-1 1-2 2-0 2-3`, with a lone vertex as a bare
//! number (`0-1 5`), `empty` for the graph with no vertex; or a graph by
//! name: `grid 3x12`, `path 10`, `cycle 9`, `complete 5`. A move `take 2`
//! chooses vertex 2. The edges can also come from a file (`--graph FILE`,
//! one edge `a b` per line). A graph has at most [`MAX_VERTICES`] vertices.
//!
//! # References
//! T. J. Schaefer, *On the complexity of some two-person perfect-information
//! games*, J. Computer and System Sciences 16 (1978); Berlekamp, Conway,
//! Guy, *Winning Ways*, ch. 4; S. Brown et al., *Nimber sequences of
//! Node-Kayles games*, J. Integer Sequences 23 (2020), Article 20.3.5.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::{search_only, AnyGame, Rules};
use crate::entry::{Entry, VerifyPlan};
use crate::game::{parse_u64, vec_heap_bytes, Game, MoveIter, ParseError};
use crate::hash::FxHasher;
use crate::solution::{check_by_rules, CheckError, CheckReport};
use crate::solve::Limits;

/// The most vertices a graph may have: one bit of a `u128` each.
pub const MAX_VERTICES: usize = 128;

/// A graph of at most [`MAX_VERTICES`] vertices, shared by the positions of
/// one game: vertex `i` is named `labels[i]` and its neighbours are the
/// bits of `adjacent[i]`.
#[derive(Debug)]
pub struct Graph {
    labels: Vec<u64>,
    adjacent: Vec<u128>,
    /// How it was written when named (`grid 3x8`), printed while every
    /// vertex is left.
    name: Option<String>,
    fingerprint: u64,
}

impl PartialEq for Graph {
    fn eq(&self, other: &Graph) -> bool {
        self.labels == other.labels && self.adjacent == other.adjacent
    }
}

impl Eq for Graph {}

impl Graph {
    fn new(labels: Vec<u64>, adjacent: Vec<u128>, name: Option<String>) -> Graph {
        let mut h = FxHasher::default();
        labels.hash(&mut h);
        adjacent.hash(&mut h);
        Graph {
            labels,
            adjacent,
            name,
            fingerprint: h.finish(),
        }
    }

    /// The graph on vertices `0..n` with these edges.
    ///
    /// # Panics
    /// If `n` passes [`MAX_VERTICES`] or an edge names a vertex past `n`.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Graph {
        assert!(n <= MAX_VERTICES, "at most {MAX_VERTICES} vertices");
        let mut adjacent = vec![0u128; n];
        for &(a, b) in edges {
            if a != b {
                adjacent[a] |= 1 << b;
                adjacent[b] |= 1 << a;
            }
        }
        Graph::new((0..n as u64).collect(), adjacent, None)
    }

    #[cfg(test)]
    /// Vertices.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    fn all(&self) -> u128 {
        low_bits(self.labels.len())
    }

    fn index(&self, label: u64) -> Option<usize> {
        self.labels.binary_search(&label).ok()
    }

    fn bytes(&self) -> usize {
        vec_heap_bytes(&self.labels)
            + vec_heap_bytes(&self.adjacent)
            + self.name.as_ref().map_or(0, |n| n.capacity() + 16)
            + 16
    }
}

fn low_bits(n: usize) -> u128 {
    match n {
        128.. => u128::MAX,
        n => (1u128 << n) - 1,
    }
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = x.trailing_zeros() as usize;
        x &= x.wrapping_sub(1);
        (i < 128).then_some(i)
    })
}

/// A position: the vertices of a graph still there.
#[derive(Clone, Debug)]
pub struct NodeKayles {
    graph: Arc<Graph>,
    alive: u128,
}

impl PartialEq for NodeKayles {
    fn eq(&self, other: &NodeKayles) -> bool {
        self.alive == other.alive
            && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}

impl Eq for NodeKayles {}

impl Hash for NodeKayles {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.alive.hash(state);
        self.graph.fingerprint.hash(state);
    }
}

/// Choose the vertex named `vertex`: it and its neighbours go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pick {
    /// The vertex, by name.
    pub vertex: u64,
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.vertex)
    }
}

/// Parses `take 3`.
impl FromStr for Pick {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Pick, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let ["take", v] = words.as_slice() else {
            return Err(ParseError::NotAMove {
                text: s.to_string(),
                example: "`take 3` to delete vertex 3 and its neighbours",
            });
        };
        Ok(Pick {
            vertex: parse_u64(v, "a vertex")?,
        })
    }
}

impl NodeKayles {
    /// The start of a game on `graph`: every vertex there.
    pub fn new(graph: Arc<Graph>) -> NodeKayles {
        NodeKayles {
            alive: graph.all(),
            graph,
        }
    }

    #[cfg(test)]
    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    fn neighbours(&self, v: usize) -> u128 {
        self.graph.adjacent[v] & self.alive
    }

    /// The rows and columns of a graph named `grid RxC`, drawn as its grid.
    fn grid_shape(&self) -> Option<(usize, usize)> {
        let size = self.graph.name.as_deref()?.strip_prefix("grid ")?;
        let (r, c) = size.split_once(['x', 'X'])?;
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        (r * c == self.graph.labels.len()).then_some((r, c))
    }

    /// The connected parts of the graph left, each as a set of vertices.
    fn parts(&self) -> Vec<u128> {
        let mut left = self.alive;
        let mut parts = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let reach = bits(frontier).fold(0, |acc, v| acc | self.neighbours(v));
                frontier = reach & !part;
                part |= reach;
            }
            left &= !part;
            parts.push(part);
        }
        parts
    }

    /// The part `part` relabelled `0..k` in the order that gives the least
    /// adjacency among those tried (see the module docs).
    fn relabelled(&self, part: u128) -> Vec<u128> {
        let colour = self.colours(part);
        let mut sorted: Vec<u64> = bits(part).map(|v| colour[v]).collect();
        sorted.sort_unstable();
        // The rarest colour (the least of those as rare), by runs of the sorted list.
        let mut rarest = (usize::MAX, 0);
        let mut i = 0;
        while i < sorted.len() {
            let run = sorted[i..].iter().take_while(|&&c| c == sorted[i]).count();
            rarest = rarest.min((run, sorted[i]));
            i += run;
        }
        let starts = bits(part).filter(|&v| colour[v] == rarest.1);
        // Every start on small parts, a few on large ones: any order is
        // correct, trying more only makes equal parts meet more often.
        let tries = if sorted.len() <= 24 { usize::MAX } else { 4 };
        starts
            .take(tries)
            .map(|s| self.adjacency_in(&self.bfs_order(s, part, &colour)))
            .min()
            .unwrap_or_default()
    }

    /// Colour refinement on `part`: degrees first, then each colour mixed
    /// with the sum of its neighbours' mixed colours, until no class
    /// splits. Colours depend only on the graph's shape, not on the labels
    /// (two classes that collide in the mix only make the order less
    /// canonical, never wrong).
    fn colours(&self, part: u128) -> [u64; 128] {
        let mix = |x: u64| {
            let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            x ^ (x >> 29)
        };
        let classes = |c: &[u64; 128]| {
            let mut seen: Vec<u64> = bits(part).map(|v| c[v]).collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len()
        };
        let mut colour = [0u64; 128];
        for v in bits(part) {
            colour[v] = u64::from(self.neighbours(v).count_ones());
        }
        let mut count = classes(&colour);
        for _ in 0..part.count_ones() {
            let mut next = [0u64; 128];
            for v in bits(part) {
                let around =
                    bits(self.neighbours(v)).fold(0u64, |a, u| a.wrapping_add(mix(colour[u])));
                next[v] = mix(colour[v] ^ mix(around));
            }
            let split = classes(&next);
            if split <= count {
                break;
            }
            (colour, count) = (next, split);
        }
        colour
    }

    fn bfs_order(&self, start: usize, part: u128, colour: &[u64; 128]) -> Vec<usize> {
        let mut order = Vec::with_capacity(part.count_ones() as usize);
        order.push(start);
        let mut seen = 1u128 << start;
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            let from = order.len();
            order.extend(bits(self.neighbours(v) & part & !seen));
            order[from..].sort_by_key(|&u| colour[u]);
            seen |= self.neighbours(v) & part;
        }
        order
    }

    /// The adjacency rows of the vertices of `order`, renamed by their place in it.
    fn adjacency_in(&self, order: &[usize]) -> Vec<u128> {
        let mut place = [0u8; 128];
        for (i, &v) in order.iter().enumerate() {
            place[v] = i as u8;
        }
        order
            .iter()
            .map(|&v| bits(self.neighbours(v)).fold(0, |acc, u| acc | 1 << place[u]))
            .collect()
    }
}

/// The edges left as `a-b`, then the vertices left with no edge, `empty`
/// when none is left; a named graph by its name while it is whole.
impl fmt::Display for NodeKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(name), true) = (&self.graph.name, self.alive == self.graph.all()) {
            return f.write_str(name);
        }
        let mut words = Vec::new();
        let mut lone = Vec::new();
        for a in bits(self.alive) {
            let n = self.neighbours(a);
            if n == 0 {
                lone.push(self.graph.labels[a].to_string());
            }
            for b in bits(n).filter(|&b| b > a) {
                words.push(format!("{}-{}", self.graph.labels[a], self.graph.labels[b]));
            }
        }
        words.extend(lone);
        if words.is_empty() {
            return f.write_str("empty");
        }
        f.write_str(&words.join(" "))
    }
}

fn too_many(token: &str) -> ParseError {
    ParseError::TooLarge {
        token: token.to_string(),
        what: "a Node Kayles graph's vertices (one bit each)".into(),
        max: MAX_VERTICES.to_string(),
    }
}

/// A graph by name: `grid RxC`, `path N`, `cycle N`, `complete N`.
fn named(kind: &str, size: &str) -> Result<NodeKayles, ParseError> {
    let count = |n: u64| match n {
        0 => Err(ParseError::Inconsistent {
            what: format!("`{kind} {size}` has no vertex"),
            fix: "give at least 1".into(),
        }),
        n if n > MAX_VERTICES as u64 => Err(too_many(&format!("{kind} {size}"))),
        n => Ok(n as usize),
    };
    let edges: Vec<(usize, usize)>;
    let n;
    match kind {
        "grid" => {
            let (r, c) = size
                .split_once(['x', 'X'])
                .ok_or_else(|| ParseError::Malformed {
                    token: format!("grid {size}"),
                    expected: "a grid with its size".into(),
                    example: "the grid's size as `grid 3x12`".into(),
                })?;
            let (r, c) = (
                parse_u64(r, "a number of rows")?,
                parse_u64(c, "a number of columns")?,
            );
            n = count(r.saturating_mul(c))?;
            let (r, c) = (r as usize, c as usize);
            edges = (0..n)
                .flat_map(|v| {
                    let right = (v % c + 1 < c).then_some((v, v + 1));
                    let down = (v / c + 1 < r).then_some((v, v + c));
                    right.into_iter().chain(down)
                })
                .collect();
        }
        "path" | "cycle" | "complete" => {
            n = count(parse_u64(size, "a number of vertices")?)?;
            edges = match kind {
                "path" => (1..n).map(|v| (v - 1, v)).collect(),
                "cycle" if n < 3 => {
                    return Err(ParseError::OutOfRange {
                        token: format!("cycle {n}"),
                        what: "the number of a cycle's vertices".into(),
                        range: "3 or more, as in `cycle 3`".into(),
                    })
                }
                "cycle" => (0..n).map(|v| (v, (v + 1) % n)).collect(),
                _ => (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .collect(),
            };
        }
        _ => unreachable!("only the names above are passed"),
    }
    let g = Graph::from_edges(n, &edges);
    Ok(NodeKayles::new(Arc::new(Graph::new(
        g.labels,
        g.adjacent,
        Some(format!("{kind} {size}")),
    ))))
}

/// Parses a position: edges `a-b` and lone vertices `v`, `empty`, or a
/// named graph (`grid 3x12`, `path 10`, `cycle 9`, `complete 5`).
///
/// # Errors
/// A word that is neither, a loop, or more than [`MAX_VERTICES`] vertices.
pub fn parse_node_kayles(words: &[&str]) -> Result<NodeKayles, ParseError> {
    match words {
        [] => {
            return Err(ParseError::Empty {
                hint: "write edges such as `node-kayles 0-1 1-2 2-3`, `node-kayles grid 3x12` or `--graph FILE`"
                    .into(),
            })
        }
        ["empty"] => return Ok(NodeKayles::new(Arc::new(Graph::from_edges(0, &[])))),
        [kind @ ("grid" | "path" | "cycle" | "complete"), size] => return named(kind, size),
        _ => {}
    }
    let mut labels = Vec::new();
    let mut edges = Vec::new();
    for &w in words {
        match w.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (parse_u64(a, "a vertex")?, parse_u64(b, "a vertex")?);
                if a == b {
                    return Err(ParseError::Inconsistent {
                        what: format!("`{w}` is a loop"),
                        fix: "an edge joins two different vertices".into(),
                    });
                }
                labels.extend([a, b]);
                edges.push((a, b));
            }
            None => labels.push(parse_u64(w, "a vertex, or an edge such as `0-1`")?),
        }
    }
    labels.sort_unstable();
    labels.dedup();
    if labels.len() > MAX_VERTICES {
        return Err(too_many(&format!("{} vertices", labels.len())));
    }
    let index = |l: u64| labels.binary_search(&l).expect("every label listed");
    let pairs: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (index(a), index(b))).collect();
    let g = Graph::from_edges(labels.len(), &pairs);
    Ok(NodeKayles::new(Arc::new(Graph::new(
        labels, g.adjacent, None,
    ))))
}

impl FromStr for NodeKayles {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<NodeKayles, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        parse_node_kayles(&words)
    }
}

impl Game for NodeKayles {
    type Move = Pick;

    /// A grid graph (`grid RxC`) as its grid, the vertices left free;
    /// any other graph as the graph left.
    fn picture(&self) -> crate::board::Picture {
        if let Some((rows, cols)) = self.grid_shape() {
            let alive = |r: usize, c: usize| self.alive >> (r * cols + c) & 1 == 1;
            return crate::board::grid(rows, cols, |r, c| if alive(r, c) { '.' } else { '#' });
        }
        let left: Vec<usize> = bits(self.alive).collect();
        let edges = left.iter().enumerate().flat_map(|(i, &a)| {
            let n = self.neighbours(a);
            left.iter()
                .enumerate()
                .filter(move |&(j, &b)| j > i && n >> b & 1 == 1)
                .map(move |(j, _)| [i, j])
        });
        crate::board::Picture::Graph {
            vertices: left
                .iter()
                .map(|&v| self.graph.labels[v].to_string())
                .collect(),
            edges: edges.collect(),
            token: None,
        }
    }

    /// The vertex chosen: a cell of a grid graph.
    fn spot(&self, m: &Pick) -> crate::board::Spot {
        let index = self.graph.labels.iter().position(|&l| l == m.vertex);
        match (self.grid_shape(), index) {
            (Some((_, cols)), Some(v)) => crate::board::Spot::Cell {
                row: v / cols,
                col: v % cols,
            },
            (None, Some(v)) => {
                let before = self.alive & ((1u128 << v) - 1);
                crate::board::Spot::Vertex {
                    index: before.count_ones() as usize,
                }
            }
            _ => crate::board::Spot::Aside,
        }
    }

    fn moves(&self) -> Vec<Pick> {
        bits(self.alive)
            .map(|v| Pick {
                vertex: self.graph.labels[v],
            })
            .collect()
    }

    /// The vertices left in order: the set of them is all it holds.
    fn move_iter(&self) -> Result<MoveIter<Pick>, crate::GameError> {
        let graph = Arc::clone(&self.graph);
        Ok(MoveIter::lazy(bits(self.alive).map(move |v| Pick {
            vertex: graph.labels[v],
        })))
    }

    /// The graph, counted in full: the positions the search stores are
    /// canonical ones, each with a graph of its own.
    fn heap_bytes(&self) -> usize {
        self.graph.bytes()
    }

    fn play(&self, m: &Pick) -> NodeKayles {
        let v = self
            .graph
            .index(m.vertex)
            .expect("a legal move names a vertex");
        NodeKayles {
            graph: Arc::clone(&self.graph),
            alive: self.alive & !(1u128 << v) & !self.graph.adjacent[v],
        }
    }

    fn legal(&self, m: &Pick) -> bool {
        self.graph
            .index(m.vertex)
            .is_some_and(|v| self.alive >> v & 1 == 1)
    }

    fn move_count(&self) -> u128 {
        u128::from(self.alive.count_ones())
    }

    fn any_move(&self) -> Option<Pick> {
        self.moves().into_iter().next()
    }

    /// One position per connected part of the graph left.
    fn components(&self) -> Vec<NodeKayles> {
        self.parts()
            .into_iter()
            .map(|alive| NodeKayles {
                graph: Arc::clone(&self.graph),
                alive,
            })
            .collect()
    }

    /// The parts relabelled (see the module docs), sorted, and put side by
    /// side in one graph on `0..n`.
    fn canonical(&self) -> NodeKayles {
        let mut parts: Vec<Vec<u128>> = self
            .parts()
            .into_iter()
            .map(|p| self.relabelled(p))
            .collect();
        parts.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        let mut adjacent = Vec::with_capacity(self.alive.count_ones() as usize);
        for part in parts {
            let base = adjacent.len();
            adjacent.extend(part.into_iter().map(|row| row << base));
        }
        let labels = (0..adjacent.len() as u64).collect();
        NodeKayles::new(Arc::new(Graph::new(labels, adjacent, None)))
    }
}

/// The rules of Node Kayles.
#[derive(Debug)]
pub struct NodeKaylesRules;

impl Rules for NodeKaylesRules {
    type Position = NodeKayles;

    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<NodeKayles>>> {
        Some(Box::new(crate::games::certificate_forms::NodeKaylesForm))
    }

    fn name(&self) -> String {
        "node-kayles".into()
    }

    fn parse_position(&self, words: &[&str]) -> Result<NodeKayles, ParseError> {
        parse_node_kayles(words)
    }

    /// Every graph on 0 to `size` vertices: every set of edges of the
    /// complete graph, not up to isomorphism.
    fn small_positions(&self, size: u64) -> Vec<NodeKayles> {
        let mut all = Vec::new();
        for n in 0..=size.min(7) as usize {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            for mask in 0u32..1 << pairs.len() {
                let edges: Vec<(usize, usize)> = (0..pairs.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect();
                all.push(NodeKayles::new(Arc::new(Graph::from_edges(n, &edges))));
            }
        }
        all
    }

    fn check_search(
        &self,
        positions: Vec<NodeKayles>,
        limits: Limits,
    ) -> Option<Result<CheckReport, CheckError>> {
        Some(check_by_rules(positions, limits))
    }
}

fn build(_spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(search_only(NodeKaylesRules))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "node-kayles",
    "Node Kayles: choose a vertex, delete it and its neighbours; connected parts add",
    "EDGE... VERTEX... (a-b, lone v; `empty`), or grid RxC, path N, cycle N, complete N, or --graph FILE; at most 128 vertices; moves `take V`",
    "node-kayles 0-1 1-2 2-3 3-4 4-0 2-5",
    VerifyPlan {
        size: 5,
        max_size: 6,
        meaning: "every graph on 0 to N vertices (all edge sets), search against the rules alone",
        instances: &["node-kayles"],
    },
    build,
)
.with_graph_file();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Searcher;
    use crate::Play;

    fn grundy(text: &str) -> u64 {
        let p: NodeKayles = text.parse().unwrap();
        Searcher::new(Play::Normal).grundy(&p).unwrap().value()
    }

    #[test]
    fn positions_print_as_they_parse() {
        for text in [
            "0-1 1-2 5",
            "grid 3x4",
            "path 5",
            "cycle 4",
            "complete 3",
            "empty",
            "7",
        ] {
            assert_eq!(text.parse::<NodeKayles>().unwrap().to_string(), text);
        }
        assert!("grid 12x11".parse::<NodeKayles>().is_err());
        assert!("cycle 2".parse::<NodeKayles>().is_err());
        assert!("1-1".parse::<NodeKayles>().is_err());
        assert!("a-1".parse::<NodeKayles>().is_err());
        assert_eq!("take 3".parse::<Pick>().unwrap().to_string(), "take 3");
    }

    #[test]
    fn a_move_deletes_the_vertex_and_its_neighbours() {
        let p: NodeKayles = "0-1 1-2 2-3 3-4 7".parse().unwrap();
        assert_eq!(p.play(&"take 2".parse().unwrap()).to_string(), "0 4 7");
        assert_eq!(
            p.play(&"take 7".parse().unwrap()).to_string(),
            "0-1 1-2 2-3 3-4"
        );
        assert!(!p.legal(&"take 5".parse().unwrap()));
        assert_eq!(p.components().len(), 2);
    }

    #[test]
    fn relabelled_graphs_meet() {
        let a: NodeKayles = "0-1 1-2 2-3 9".parse().unwrap();
        let b: NodeKayles = "5-3 3-8 1-8 4".parse().unwrap();
        assert_eq!(a.canonical(), b.canonical());
        assert_eq!(a.canonical().canonical(), a.canonical());
    }

    #[test]
    fn small_graphs_by_hand() {
        // A star: every move leaves nothing or two lone vertices, so *1; a
        // triangle and a vertex are *1 + *1.
        assert_eq!(grundy("0-1 0-2 0-3"), 1);
        assert_eq!(grundy("0-1 1-2 2-0 3"), 0);
        assert_eq!(grundy("complete 6"), 1);
        assert_eq!(grundy("empty"), 0);
    }
}
