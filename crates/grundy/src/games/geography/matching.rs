//! Maximum matchings in general (not only bipartite) graphs, kept up to date
//! as vertices are deleted.
//!
//! Undirected vertex geography is decided by matchings: the player to move
//! wins iff the token's vertex is in every maximum matching. A game deletes
//! one vertex per move, so the matching is repaired by at most one
//! augmenting path per move instead of being recomputed.
//!
//! The search for augmenting paths is Edmonds' blossom algorithm (labels,
//! shrinking odd cycles onto their base), grown from one root or from every
//! exposed vertex at once. Grown from every exposed vertex of a maximum
//! matching, its even ("outer") vertices are exactly the vertices that some
//! maximum matching leaves exposed: the set D of the Gallai–Edmonds
//! decomposition.
//!
//! # Complexity
//! One search costs O((V + E)·α) plus O(V) to clear it: blossoms are kept
//! in a union-find structure, so shrinking one costs only the length of its
//! cycle. [`Matching::maximum`] runs one search per vertex left exposed by a
//! greedy start: O(V·E·α) in the worst case.
//!
//! # References
//! J. Edmonds, *Paths, trees, and flowers* (1965); L. Lovász and
//! M. D. Plummer, *Matching Theory* (1986), ch. 3 (Gallai–Edmonds).

use std::collections::VecDeque;

/// "No vertex" in mate and parent arrays.
const NONE: u32 = u32::MAX;

/// An undirected simple graph on vertices `0..n`, stored as adjacency arrays.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// The graph on `n` vertices with these edges. Loops are dropped and
    /// repeated edges kept once.
    ///
    /// # Panics
    /// If an endpoint is `n` or more, or `n` does not fit in a `u32` (callers
    /// build graphs from checked input).
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Graph {
        assert!(
            u32::try_from(n).is_ok_and(|n| n < NONE),
            "too many vertices"
        );
        let mut lists = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a != b {
                lists[a as usize].push(b);
                lists[b as usize].push(a);
            }
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for mut list in lists {
            list.sort_unstable();
            list.dedup();
            targets.extend(list);
            offsets.push(targets.len() as u32);
        }
        Graph { offsets, targets }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The neighbours of `v`, in increasing order.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let (a, b) = (self.offsets[v as usize], self.offsets[v as usize + 1]);
        &self.targets[a as usize..b as usize]
    }
}

/// A set of vertices `0..n`, as a bit set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VertexSet {
    words: Vec<u64>,
}

impl VertexSet {
    /// Bytes the set owns on the heap (see [`Game::heap_bytes`](crate::Game::heap_bytes)).
    pub fn heap_bytes(&self) -> usize {
        crate::game::vec_heap_bytes(&self.words)
    }

    /// The empty set over `0..n`.
    pub fn empty(n: usize) -> VertexSet {
        VertexSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// Every vertex of `0..n`.
    pub fn full(n: usize) -> VertexSet {
        let mut s = VertexSet::empty(n);
        for v in 0..n {
            s.insert(v as u32);
        }
        s
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: u32) -> bool {
        self.words
            .get(v as usize / 64)
            .is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// Adds `v`.
    pub fn insert(&mut self, v: u32) {
        self.words[v as usize / 64] |= 1 << (v % 64);
    }

    /// Removes `v`.
    pub fn remove(&mut self, v: u32) {
        self.words[v as usize / 64] &= !(1 << (v % 64));
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64u32)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| i as u32 * 64 + b)
        })
    }

    /// How many members.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// A matching of the subgraph of a [`Graph`] induced by a set of live vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    mate: Vec<u32>,
    size: usize,
}

impl Matching {
    /// A maximum matching of the subgraph induced by `alive`: a greedy start,
    /// then one blossom search from each vertex it leaves exposed.
    ///
    /// # Complexity
    /// O(V·E) in the worst case (see the module docs).
    pub fn maximum(g: &Graph, alive: &VertexSet) -> Matching {
        let n = g.vertex_count();
        let mut m = Matching {
            mate: vec![NONE; n],
            size: 0,
        };
        for v in alive.iter() {
            if m.mate[v as usize] == NONE {
                let free = g
                    .neighbours(v)
                    .iter()
                    .find(|&&u| alive.contains(u) && m.mate[u as usize] == NONE);
                if let Some(&u) = free {
                    m.join(v, u);
                }
            }
        }
        let mut search = Search::new(g, alive, None);
        for v in alive.iter() {
            if m.mate[v as usize] == NONE && search.augment(&mut m, v) {
                m.size += 1;
            }
        }
        m
    }

    /// The number of edges in the matching.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The partner of `v`, if `v` is matched.
    pub fn mate(&self, v: u32) -> Option<u32> {
        Some(self.mate[v as usize]).filter(|&u| u != NONE)
    }

    fn join(&mut self, a: u32, b: u32) {
        self.mate[a as usize] = b;
        self.mate[b as usize] = a;
        self.size += 1;
    }

    /// Repairs a maximum matching of `alive ∪ {v}` into one of `alive` (which
    /// must no longer hold `v`): `v` leaves, and its partner, if any, looks
    /// for an augmenting path. Returns whether the size was kept.
    ///
    /// Any augmenting path after `v` leaves must end at `v`'s old partner,
    /// the only newly exposed vertex, so one search suffices.
    ///
    /// # Complexity
    /// One search.
    pub fn delete(&mut self, g: &Graph, alive: &VertexSet, v: u32) -> bool {
        let Some(w) = self.mate(v) else {
            return true;
        };
        self.mate[v as usize] = NONE;
        self.mate[w as usize] = NONE;
        self.size -= 1;
        let found = Search::new(g, alive, None).augment(self, w);
        if found {
            self.size += 1;
        }
        found
    }

    /// Whether `v` is in every maximum matching of the subgraph induced by
    /// `alive`, given that `self` is one: `v` is matched, and its partner
    /// finds no augmenting path once `v` is gone.
    ///
    /// # Complexity
    /// One search.
    pub fn is_essential(&self, g: &Graph, alive: &VertexSet, v: u32) -> bool {
        match self.mate(v) {
            None => false,
            Some(w) => !Search::new(g, alive, Some(v)).grow(&self.mate, &[w], true),
        }
    }

    /// The vertices of `alive` that some maximum matching leaves exposed (the
    /// Gallai–Edmonds set D), given that `self` is a maximum matching: the
    /// even vertices of the alternating forest grown from every exposed vertex.
    ///
    /// # Complexity
    /// One search.
    pub fn avoidable(&self, g: &Graph, alive: &VertexSet) -> VertexSet {
        let roots: Vec<u32> = alive.iter().filter(|&v| self.mate(v).is_none()).collect();
        let mut search = Search::new(g, alive, None);
        let augmenting = search.grow(&self.mate, &roots, false);
        assert!(!augmenting, "the matching given was not maximum");
        let mut even = VertexSet::empty(g.vertex_count());
        for &v in &search.visited {
            if search.even[v as usize] {
                even.insert(v);
            }
        }
        even
    }
}

/// The scratch state of Edmonds' search: labels, tree parents, blossom bases.
struct Search<'a> {
    g: &'a Graph,
    alive: &'a VertexSet,
    /// A vertex treated as deleted although `alive` holds it.
    excluded: Option<u32>,
    even: Vec<bool>,
    parent: Vec<u32>,
    /// Union-find over blossoms: a vertex's set leads to its blossom's base.
    set: Vec<u32>,
    /// The base of the blossom whose union-find root this is.
    base_of: Vec<u32>,
    root: Vec<u32>,
    /// The blossom bases found on the paths of a blossom being shrunk.
    marked: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    queue: VecDeque<u32>,
    visited: Vec<u32>,
    /// The exposed vertex an augmenting path reached.
    end: u32,
}

impl<'a> Search<'a> {
    fn new(g: &'a Graph, alive: &'a VertexSet, excluded: Option<u32>) -> Search<'a> {
        let n = g.vertex_count();
        Search {
            g,
            alive,
            excluded,
            even: vec![false; n],
            parent: vec![NONE; n],
            set: (0..n as u32).collect(),
            base_of: (0..n as u32).collect(),
            root: vec![NONE; n],
            marked: Vec::new(),
            seen: vec![0; n],
            stamp: 0,
            queue: VecDeque::new(),
            visited: Vec::new(),
            end: NONE,
        }
    }

    fn live(&self, v: u32) -> bool {
        self.alive.contains(v) && self.excluded != Some(v)
    }

    /// Searches from `root` and flips the augmenting path if one is found.
    fn augment(&mut self, m: &mut Matching, root: u32) -> bool {
        let found = self.grow(&m.mate, &[root], true);
        if found {
            let mut v = self.end;
            while v != NONE {
                let pv = self.parent[v as usize];
                let next = m.mate[pv as usize];
                m.mate[v as usize] = pv;
                m.mate[pv as usize] = v;
                v = next;
            }
        }
        self.reset();
        found
    }

    fn label(&mut self, v: u32, root: u32, even: bool) {
        self.visited.push(v);
        self.root[v as usize] = root;
        if even {
            self.even[v as usize] = true;
            self.queue.push_back(v);
        }
    }

    /// Grows alternating trees from `roots`. With `stop`, returns true at the
    /// first augmenting path (its end in `self.end`); without, grows the
    /// whole forest and returns whether two trees met (an augmenting path).
    fn grow(&mut self, mate: &[u32], roots: &[u32], stop: bool) -> bool {
        self.reset();
        for &r in roots {
            self.label(r, r, true);
        }
        while let Some(v) = self.queue.pop_front() {
            for &to in self.g.neighbours(v) {
                let (vi, ti) = (v as usize, to as usize);
                if !self.live(to) || mate[vi] == to || self.base(v) == self.base(to) {
                    continue;
                }
                if self.even[ti] {
                    if self.root[ti] != self.root[vi] {
                        return true;
                    }
                    self.shrink(mate, v, to);
                } else if self.root[ti] == NONE {
                    self.parent[ti] = v;
                    self.label(to, self.root[vi], false);
                    let m = mate[ti];
                    if m == NONE {
                        self.end = to;
                        if stop {
                            return true;
                        }
                        continue;
                    }
                    self.label(m, self.root[vi], true);
                }
            }
        }
        false
    }

    /// The base of the blossom holding `v` (`v` itself outside blossoms).
    fn base(&mut self, v: u32) -> u32 {
        let r = self.find(v);
        self.base_of[r as usize]
    }

    /// Shrinks the odd cycle closed by the edge `v`–`to` onto its base: the
    /// blossoms and odd vertices on both tree paths join the base's set, and
    /// the odd ones become even.
    fn shrink(&mut self, mate: &[u32], v: u32, to: u32) {
        let b = self.common_base(mate, v, to);
        self.stamp += 1;
        self.seen[b as usize] = self.stamp;
        self.marked.clear();
        self.mark_path(mate, v, b, to);
        self.mark_path(mate, to, b, v);
        for i in 0..self.marked.len() {
            let x = self.marked[i];
            if !self.even[x as usize] {
                self.even[x as usize] = true;
                self.queue.push_back(x);
            }
            let (rx, rb) = (self.find(x), self.find(b));
            if rx != rb {
                self.set[rx as usize] = rb;
            }
        }
        let rb = self.find(b);
        self.base_of[rb as usize] = b;
    }

    fn find(&mut self, v: u32) -> u32 {
        let mut x = v as usize;
        while self.set[x] as usize != x {
            let up = self.set[self.set[x] as usize];
            self.set[x] = up;
            x = up as usize;
        }
        x as u32
    }

    fn mark(&mut self, base: u32) {
        if self.seen[base as usize] != self.stamp {
            self.seen[base as usize] = self.stamp;
            self.marked.push(base);
        }
    }

    /// Marks the blossom bases from `v` up to base `b`, and turns the tree
    /// edges around so that paths through the blossom can be traced.
    fn mark_path(&mut self, mate: &[u32], mut v: u32, b: u32, mut child: u32) {
        while self.base(v) != b {
            let m = mate[v as usize];
            let bv = self.base(v);
            let bm = self.base(m);
            self.mark(bv);
            self.mark(bm);
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// The base where the tree paths of `a` and `b` meet.
    fn common_base(&mut self, mate: &[u32], mut a: u32, mut b: u32) -> u32 {
        self.stamp += 1;
        loop {
            a = self.base(a);
            self.seen[a as usize] = self.stamp;
            if a == self.root[a as usize] {
                break;
            }
            a = self.parent[mate[a as usize] as usize];
        }
        loop {
            b = self.base(b);
            if self.seen[b as usize] == self.stamp {
                return b;
            }
            b = self.parent[mate[b as usize] as usize];
        }
    }

    fn reset(&mut self) {
        for &v in &self.visited {
            let i = v as usize;
            self.even[i] = false;
            self.parent[i] = NONE;
            self.set[i] = v;
            self.base_of[i] = v;
            self.root[i] = NONE;
        }
        self.visited.clear();
        self.queue.clear();
        self.end = NONE;
    }
}

#[cfg(test)]
mod tests;
