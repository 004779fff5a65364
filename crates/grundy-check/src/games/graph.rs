//! Node Kayles: choose a vertex; it and its neighbours are deleted.
//!
//! The game line gives the graph: `node-kayles 0-1 1-2 5` has the edges
//! 0–1 and 1–2 and the lone vertex 5 (vertices are numbers). A position is
//! the set of vertices left, written as their numbers joined by commas
//! (`0,1,5`), `all` for every vertex or `-` for none. A move `take V`
//! chooses vertex `V`. A component is a connected set of vertices left.

use std::collections::HashMap;
use std::fmt;

use super::Rules;

/// The most vertices a graph may have.
const MAX_VERTICES: usize = 128;

/// Choose the vertex with index `0` (the graph's numbering, by label).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take(usize, u64);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.1)
    }
}

/// The rules on one graph: vertex `i` is labelled `labels[i]`, its
/// neighbours are the bits of `adjacent[i]`.
pub struct NodeKayles {
    labels: Vec<u64>,
    index: HashMap<u64, usize>,
    adjacent: Vec<u128>,
}

impl NodeKayles {
    /// The graph of the edge words `a-b` and lone vertices `a`.
    ///
    /// # Errors
    /// A word that is neither, a loop, or too many vertices.
    pub fn new(words: &[&str]) -> Result<NodeKayles, String> {
        let mut g = NodeKayles {
            labels: Vec::new(),
            index: HashMap::new(),
            adjacent: Vec::new(),
        };
        for w in words {
            let ends: Vec<&str> = w.split('-').collect();
            let ids = ends
                .iter()
                .map(|e| {
                    e.parse::<u64>()
                        .map_err(|_| format!("`{w}` is not an edge `3-4` nor a vertex `5`"))
                })
                .collect::<Result<Vec<u64>, String>>()?;
            let vs = ids
                .iter()
                .map(|&l| g.vertex(l))
                .collect::<Result<Vec<usize>, String>>()?;
            match vs.as_slice() {
                [_] => {}
                [a, b] if a != b => {
                    g.adjacent[*a] |= 1 << b;
                    g.adjacent[*b] |= 1 << a;
                }
                _ => return Err(format!("`{w}` is not an edge between two vertices")),
            }
        }
        Ok(g)
    }

    fn vertex(&mut self, label: u64) -> Result<usize, String> {
        if let Some(&i) = self.index.get(&label) {
            return Ok(i);
        }
        if self.labels.len() == MAX_VERTICES {
            return Err(format!("a graph has at most {MAX_VERTICES} vertices"));
        }
        self.labels.push(label);
        self.adjacent.push(0);
        self.index.insert(label, self.labels.len() - 1);
        Ok(self.labels.len() - 1)
    }

    fn all(&self) -> u128 {
        match self.labels.len() {
            0 => 0,
            n => u128::MAX >> (128 - n),
        }
    }
}

/// The indices of the 1 bits of `x`, lowest first.
fn ones(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = x.trailing_zeros() as usize;
        x &= x.wrapping_sub(1);
        (i < 128).then_some(i)
    })
}

impl Rules for NodeKayles {
    type Pos = u128;
    type Move = Take;
    type Key = u128;

    fn position(&self, text: &str) -> Result<u128, String> {
        match text {
            "all" => return Ok(self.all()),
            "-" => return Ok(0),
            _ => {}
        }
        text.split(',').try_fold(0u128, |set, w| {
            let label: u64 = w
                .trim()
                .parse()
                .map_err(|_| format!("`{w}` is not a vertex number"))?;
            let i = self
                .index
                .get(&label)
                .ok_or_else(|| format!("vertex {label} is not in the graph"))?;
            Ok(set | 1 << i)
        })
    }

    fn parse_move(&self, text: &str) -> Result<Take, String> {
        let bad = || format!("`{text}` is not a move of the graph: write `take 3`");
        let label: u64 = text
            .strip_prefix("take ")
            .ok_or_else(bad)?
            .trim()
            .parse()
            .map_err(|_| bad())?;
        let i = self.index.get(&label).ok_or_else(bad)?;
        Ok(Take(*i, label))
    }

    fn moves(&self, alive: &u128) -> Vec<Take> {
        ones(*alive).map(|i| Take(i, self.labels[i])).collect()
    }

    fn legal(&self, alive: &u128, m: &Take) -> bool {
        alive >> m.0 & 1 == 1
    }

    fn play(&self, alive: &u128, m: &Take) -> u128 {
        alive & !(1 << m.0) & !self.adjacent[m.0]
    }

    fn parts(&self, alive: &u128) -> Vec<u128> {
        let mut left = *alive;
        let mut parts = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let grown = ones(part).fold(part, |p, i| p | (self.adjacent[i] & alive));
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            parts.push(part);
        }
        parts
    }
}
