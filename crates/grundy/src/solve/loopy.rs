//! Loopy impartial games: the generalized Sprague–Grundy function γ of a
//! finite directed game graph whose positions may repeat.
//!
//! A vertex is a position, an edge `u → v` a move from `u` to `v`; whoever
//! cannot move loses (normal play), and a play that never ends is a draw.
//! Smith's γ gives every vertex either a finite value or ∞(K), K the finite
//! values among its options ([`Value`]). With a counter `c` on the finite
//! vertices, γ is characterised by:
//!
//! 1. a finite γ(u) is the mex of the finite values of u's options;
//! 2. if γ(u) is finite and an option v of u has an infinite value or a
//!    larger finite one, then v has an option w with γ(w) = γ(u) and
//!    c(w) < c(u) (the move to v can be reversed, and the reversals end);
//! 3. an infinite γ(u) has an infinite option v = ∞(L) with mex γ(u's
//!    options) ∉ L.
//!
//! Outcomes follow: γ = 0 is a P-position, a finite γ > 0 an N-position,
//! ∞(K) an N-position when 0 ∈ K and a draw (D) otherwise. In a sum, finite
//! values add by XOR, a + ∞(K) = ∞(K ⊕ a), and ∞ + ∞ = ∞(∅), a draw
//! ([`Value`]'s `+`).
//!
//! # The labelling algorithm
//! Fraenkel and Yesha's labelling ([`label`]), one stage per value m = 0, 1,
//! …: label m, one at a time, every unlabelled vertex none of whose options
//! is labelled m and each of whose unlabelled or ∞ options already has an
//! option labelled m; its counter is its place in that order. Then label ∞
//! every vertex still unlabelled that has no option labelled m. The counter
//! makes the winner's moves end: from a P-position, the winner answers every
//! move by a move back to value 0 of smaller counter (see
//! [`Labels::counter`]).
//!
//! # Complexity
//! O(V + E) time per stage, and a stage per value up to the largest finite
//! value plus one (at most the largest out-degree plus two stages); memory
//! of the graph and its reverse (8 bytes per edge, 16 per vertex) and 16
//! bytes per vertex of labels and work space.
//!
//! # References
//! - C. A. B. Smith, *Graphs and composite games*, J. Combin. Theory 1 (1966) 51–81.
//! - A. S. Fraenkel and Y. Yesha, *Theory of annihilation games — I*, J.
//!   Combin. Theory B 33 (1982) 60–86 (the labelling algorithm and its counter).
//! - A. S. Fraenkel, *Complexity, appeal and challenges of combinatorial
//!   games*, Theoret. Comput. Sci. 313 (2004) 393–415 (a survey; γ, its
//!   counter function and sums).
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 12, "Games
//!   Eternal — Games Entailed" (loopy impartial games and their sums).

use std::fmt;
use std::ops::Add;
use std::str::FromStr;

use thiserror::Error;

use crate::game::Outcome;

/// A generalized Sprague–Grundy value: a finite nimber, or ∞(K) with K the
/// finite values of the options, written `3` and `∞{0,2}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A finite value: the position plays like a Nim heap of that size.
    Finite(u64),
    /// ∞(K): K, increasing, is the set of finite values among the options.
    Infinite(Vec<u64>),
}

impl Value {
    /// ∞(K) for the values `k` (in any order, repeats allowed).
    pub fn infinite(k: impl IntoIterator<Item = u64>) -> Value {
        let mut k: Vec<u64> = k.into_iter().collect();
        k.sort_unstable();
        k.dedup();
        Value::Infinite(k)
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<u64> {
        match self {
            Value::Finite(g) => Some(*g),
            Value::Infinite(_) => None,
        }
    }

    /// Who wins: P for 0, N for another finite value or ∞(K) with 0 ∈ K,
    /// a draw for ∞(K) with 0 ∉ K.
    pub fn outcome(&self) -> Outcome {
        match self {
            Value::Finite(0) => Outcome::Previous,
            Value::Finite(_) => Outcome::Next,
            Value::Infinite(k) if k.first() == Some(&0) => Outcome::Next,
            Value::Infinite(_) => Outcome::Draw,
        }
    }
}

/// The value of a sum (Smith 1966): a ⊕ b; a + ∞(K) = ∞(K ⊕ a); two
/// infinite values make ∞(∅), since every move of such a sum leaves an
/// infinite part.
// Nim addition is XOR.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Value {
    type Output = Value;
    fn add(self, other: Value) -> Value {
        match (self, other) {
            (Value::Finite(a), Value::Finite(b)) => Value::Finite(a ^ b),
            (Value::Finite(a), Value::Infinite(k)) | (Value::Infinite(k), Value::Finite(a)) => {
                Value::infinite(k.into_iter().map(|x| x ^ a))
            }
            (Value::Infinite(_), Value::Infinite(_)) => Value::Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(g) => write!(f, "{g}"),
            Value::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

/// Text that is not a value: `3`, `∞{0,2}` or `inf{0,2}`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("`{text}` is not a loopy value; write a whole number such as `3`, or `∞{{0,2}}` (or `inf{{0,2}}`)")]
pub struct ParseValueError {
    /// The text given.
    pub text: String,
}

impl FromStr for Value {
    type Err = ParseValueError;
    fn from_str(s: &str) -> Result<Value, ParseValueError> {
        let bad = || ParseValueError { text: s.into() };
        let t = s.trim();
        let Some(rest) = t.strip_prefix('∞').or_else(|| t.strip_prefix("inf")) else {
            return t.parse().map(Value::Finite).map_err(|_| bad());
        };
        let inner = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}'));
        let inner = inner.ok_or_else(bad)?;
        let k = inner
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(|w| w.parse::<u64>().map_err(|_| bad()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Value::infinite(k))
    }
}

/// A finite directed graph in compressed sparse row form: the options of
/// vertex `v` are `targets[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

/// Edges that do not make a graph.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphError {
    /// An edge names a vertex that is not in the graph.
    #[error("edge {from} -> {to} names a vertex beyond the graph's {vertices}")]
    NoSuchVertex {
        /// The edge's tail.
        from: u64,
        /// The edge's head.
        to: u64,
        /// The number of vertices.
        vertices: usize,
    },
    /// More vertices than a `u32` numbers.
    #[error("{vertices} vertices are more than the {} a graph may have", u32::MAX - 1)]
    TooManyVertices {
        /// The number asked for.
        vertices: usize,
    },
}

impl Graph {
    /// The graph on vertices `0..n` with these edges, options listed in
    /// the order the edges are given.
    ///
    /// # Errors
    /// [`GraphError`] for an edge beyond `n`, or `n` beyond `u32`.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Graph, GraphError> {
        if n >= u32::MAX as usize - 1 {
            return Err(GraphError::TooManyVertices { vertices: n });
        }
        let mut offsets = vec![0usize; n + 1];
        for &(u, v) in edges {
            if u as usize >= n || v as usize >= n {
                return Err(GraphError::NoSuchVertex {
                    from: u.into(),
                    to: v.into(),
                    vertices: n,
                });
            }
            offsets[u as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(u, v) in edges {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
        Ok(Graph { offsets, targets })
    }

    /// A graph grown a vertex at a time ([`push_vertex`](Graph::push_vertex)).
    pub fn new() -> Graph {
        Graph {
            offsets: vec![0],
            targets: Vec::new(),
        }
    }

    /// Adds the next vertex with these options (which may name vertices
    /// not yet pushed; [`label`] needs them all pushed by then).
    pub fn push_vertex(&mut self, options: impl IntoIterator<Item = u32>) {
        self.targets.extend(options);
        self.offsets.push(self.targets.len());
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The options of `v`.
    pub fn options(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }

    /// The same vertices with every edge reversed.
    pub fn reversed(&self) -> Graph {
        let n = self.len();
        let mut offsets = vec![0usize; n + 1];
        for &v in &self.targets {
            offsets[v as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for u in 0..n as u32 {
            for &v in self.options(u) {
                targets[fill[v as usize]] = u;
                fill[v as usize] += 1;
            }
        }
        Graph { offsets, targets }
    }

    /// Bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.offsets.capacity() * 8 + self.targets.capacity() * 4
    }
}

/// Marks the label of an infinite vertex.
const INFINITE: u32 = u32::MAX;
/// Marks a vertex not yet labelled.
const OPEN: u32 = u32::MAX - 1;

/// γ of every vertex of a graph, with Fraenkel's counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    label: Vec<u32>,
    counter: Vec<u32>,
}

impl Labels {
    /// The finite value of `v`, or `None` for ∞.
    pub fn finite(&self, v: u32) -> Option<u64> {
        match self.label[v as usize] {
            INFINITE => None,
            g => Some(g.into()),
        }
    }

    /// γ(v) of graph `g` (the graph these labels are of): its finite value,
    /// or ∞(K) with K read from its options.
    pub fn value(&self, g: &Graph, v: u32) -> Value {
        match self.finite(v) {
            Some(x) => Value::Finite(x),
            None => Value::infinite(g.options(v).iter().filter_map(|&w| self.finite(w))),
        }
    }

    /// The counter of a finite vertex: its place among the vertices of its
    /// value in the order they were labelled (0 for an infinite one). A
    /// winner who, from a position of value 0, answers each move by a move
    /// to value 0 of the smallest counter makes every play end: condition 2
    /// of γ guarantees the reversal has a smaller counter than the vertex
    /// it returns to.
    pub fn counter(&self, v: u32) -> u32 {
        self.counter[v as usize]
    }

    /// The number of vertices labelled.
    pub fn len(&self) -> usize {
        self.label.len()
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.label.is_empty()
    }
}

/// Work space of one labelling.
struct Labeller<'g> {
    graph: &'g Graph,
    reverse: Graph,
    label: Vec<u32>,
    counter: Vec<u32>,
    /// `stamp[v] == m`: `v` has an option labelled `m` (this stage).
    stamp: Vec<u32>,
    /// The open or ∞ options of an open vertex without an option labelled m yet.
    pending: Vec<u32>,
    queue: Vec<u32>,
}

/// Smith's γ of every vertex of `graph`, by Fraenkel and Yesha's labelling
/// with its counter (see the [module](self) documentation).
///
/// # Complexity
/// O(V + E) per stage; as many stages as the largest finite value plus
/// one or two.
pub fn label(graph: &Graph) -> Labels {
    let n = graph.len();
    let mut l = Labeller {
        graph,
        reverse: graph.reversed(),
        label: vec![OPEN; n],
        counter: vec![0; n],
        stamp: vec![OPEN; n],
        pending: vec![0; n],
        queue: Vec::new(),
    };
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut m = 0;
    while !open.is_empty() {
        l.stage(m, &open);
        open.retain(|&u| l.label[u as usize] == OPEN);
        m += 1;
    }
    Labels {
        label: l.label,
        counter: l.counter,
    }
}

impl Labeller<'_> {
    fn finite(&self, v: u32) -> bool {
        self.label[v as usize] < OPEN
    }

    /// Labels m what can be, in counter order, then ∞ the open vertices
    /// that have no option labelled m.
    fn stage(&mut self, m: u32, open: &[u32]) {
        for &u in open {
            let options = self.graph.options(u);
            let pending = options.iter().filter(|&&v| !self.finite(v)).count();
            self.pending[u as usize] = pending as u32;
            if pending == 0 {
                self.queue.push(u);
            }
        }
        let mut next = 0;
        while let Some(u) = self.queue.pop() {
            let i = u as usize;
            if self.label[i] != OPEN || self.stamp[i] == m {
                continue;
            }
            self.label[i] = m;
            self.counter[i] = next;
            next += 1;
            self.reached(u, m);
        }
        for &u in open {
            let i = u as usize;
            if self.label[i] == OPEN && self.stamp[i] != m {
                self.label[i] = INFINITE;
            }
        }
    }

    /// `u` is labelled m: its predecessors have an option labelled m, and
    /// those of them that are open or ∞ count as settled for theirs.
    fn reached(&mut self, u: u32, m: u32) {
        for k in self.reverse.offsets[u as usize]..self.reverse.offsets[u as usize + 1] {
            let p = self.reverse.targets[k];
            if self.stamp[p as usize] == m {
                continue;
            }
            self.stamp[p as usize] = m;
            if self.finite(p) {
                continue;
            }
            for j in self.reverse.offsets[p as usize]..self.reverse.offsets[p as usize + 1] {
                let q = self.reverse.targets[j] as usize;
                if self.label[q] == OPEN && self.stamp[q] != m {
                    self.pending[q] -= 1;
                    if self.pending[q] == 0 {
                        self.queue.push(q as u32);
                    }
                }
            }
        }
    }
}

/// The order in which a winner prefers moves to value 0 of a sum: the
/// smallest sum of the parts' values, then the smallest sum of their
/// counters. From a P-position every move of the loser can be answered by
/// a move of smaller rank (a lower value in some part, or a reversal in
/// the part moved to the same value with a smaller counter), so a winner
/// who always takes the smallest rank never repeats a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rank {
    /// The sum of the parts' finite values.
    pub values: u128,
    /// The sum of the parts' counters.
    pub counters: u64,
}

/// A position's value with the rank its winner's moves are chosen by:
/// what a sum of loopy parts needs of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// γ.
    pub value: Value,
    /// The rank (a finite value and a counter; zero for ∞).
    pub rank: Rank,
}

impl Ranked {
    /// A finite value of a game whose positions never repeat: its rank is
    /// the value alone (a finite game ends by itself).
    pub fn finite(g: u64) -> Ranked {
        Ranked {
            value: Value::Finite(g),
            rank: Rank {
                values: g.into(),
                counters: 0,
            },
        }
    }

    /// Vertex `v` of `graph`, labelled `labels`.
    pub fn of(graph: &Graph, labels: &Labels, v: u32) -> Ranked {
        let value = labels.value(graph, v);
        let rank = Rank {
            values: value.finite().unwrap_or(0).into(),
            counters: labels.counter(v).into(),
        };
        Ranked { value, rank }
    }
}

/// A sum: values by Smith's rule, ranks added.
impl Add for Ranked {
    type Output = Ranked;
    fn add(self, other: Ranked) -> Ranked {
        Ranked {
            value: self.value + other.value,
            rank: Rank {
                values: self.rank.values + other.rank.values,
                counters: self.rank.counters + other.rank.counters,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_value() {
        use crate::solve::loopy::Value;
        let a = Value::Finite(3);
        let k = Value::infinite([0, 2]);
        assert_eq!((a.clone() + k.clone()).to_string(), "∞{1,3}");
        assert_eq!((k.clone() + k).to_string(), "∞{}");
        assert_eq!((a.clone() + a).to_string(), "0");
    }

    #[test]
    fn example_of_label() {
        use crate::solve::loopy::{label, Graph, Value};
        // 0 ⇄ 1, 1 → 2: vertex 2 is lost (0), 1 wins by moving there (1), and
        // 0, whose one option is 1, is lost (0): its move to 1 is answered at 2.
        let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
        let l = label(&g);
        assert_eq!(
            [l.value(&g, 0), l.value(&g, 1), l.value(&g, 2)],
            [Value::Finite(0), Value::Finite(1), Value::Finite(0)]
        );
        // A cycle with no way out is a draw.
        let g = Graph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
        assert_eq!(label(&g).value(&g, 0).to_string(), "∞{}");
    }

    use super::*;

    fn values(n: usize, edges: &[(u32, u32)]) -> Vec<String> {
        let g = Graph::from_edges(n, edges).unwrap();
        let l = label(&g);
        (0..n as u32).map(|v| l.value(&g, v).to_string()).collect()
    }

    #[test]
    fn a_path_is_nim_and_a_lone_cycle_is_a_draw() {
        // 2 → 1 → 0: values 0, 1, 0.
        assert_eq!(values(3, &[(2, 1), (1, 0)]), ["0", "1", "0"]);
        assert_eq!(values(1, &[(0, 0)]), ["∞{}"]);
        assert_eq!(values(3, &[(0, 1), (1, 2), (2, 0)]), ["∞{}", "∞{}", "∞{}"]);
    }

    #[test]
    fn an_exit_from_a_cycle() {
        // 0 → 1 → 2 → 0 and 2 → 3 (a sink): 3 is 0; 1 has the one option
        // 2, and a move there is answered at 3, so 1 is 0; 0's one option
        // is 1, so 0 is 1; 2's options are 0 (1) and 3 (0), so 2 is 2.
        assert_eq!(
            values(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]),
            ["1", "0", "2", "0"]
        );
        // A self-loop beside a sink: u → u, u → s. u moves to s and wins.
        assert_eq!(values(2, &[(0, 0), (0, 1)]), ["∞{0}", "0"]);
    }

    #[test]
    fn values_add_and_print_and_parse_back() {
        let k = Value::infinite([2, 0, 2]);
        assert_eq!(k.to_string(), "∞{0,2}");
        assert_eq!("∞{0,2}".parse::<Value>().unwrap(), k);
        assert_eq!("inf{}".parse::<Value>().unwrap(), Value::Infinite(vec![]));
        assert_eq!("7".parse::<Value>().unwrap(), Value::Finite(7));
        assert!("∞{a}".parse::<Value>().is_err());
        assert_eq!((Value::Finite(2) + k.clone()).to_string(), "∞{0,2}");
        assert_eq!((Value::Finite(1) + k.clone()).outcome(), Outcome::Draw);
        assert_eq!(k.outcome(), Outcome::Next);
    }

    #[test]
    fn bad_edges_are_refused() {
        assert!(matches!(
            Graph::from_edges(2, &[(0, 2)]),
            Err(GraphError::NoSuchVertex { to: 2, .. })
        ));
    }
}
