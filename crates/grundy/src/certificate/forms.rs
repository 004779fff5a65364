//! The certificate forms of the games that have one: how their
//! components are cut out and written for the checker.

use crate::game::Game;
use crate::games::chomp::Chomp;
use crate::games::cram::Cram;
use crate::games::heaps::{HeapRule, Heaps};
use crate::games::node_kayles::NodeKayles;

use super::Form;

/// Cram: each region of free cells cropped to its bounding box and turned
/// to the least of its 8 images (by rows, columns, then cells), so that a
/// region met turned or reflected is listed once. Nothing more is done to
/// it (the search's tuft and bridge reductions are theorems the checker
/// does not know).
pub struct CramForm;

/// The cells `free` of a `rows` × `cols` board under symmetry `s` (bit 0:
/// mirrored left-right, bit 1: upside down, bit 2: transposed after).
fn image(rows: usize, cols: usize, free: u128, s: u8) -> (usize, usize, u128) {
    let (r2, c2) = if s & 4 == 0 { (rows, cols) } else { (cols, rows) };
    let mut out = 0u128;
    for i in (0..rows * cols).filter(|&i| free >> i & 1 == 1) {
        let (mut r, mut c) = (i / cols, i % cols);
        if s & 1 != 0 {
            c = cols - 1 - c;
        }
        if s & 2 != 0 {
            r = rows - 1 - r;
        }
        if s & 4 != 0 {
            (r, c) = (c, r);
        }
        out |= 1 << (r * c2 + c);
    }
    (r2, c2, out)
}

/// The region `region` of a board cropped to its bounding box, in its
/// least image.
fn cram_part(board: &Cram, region: u128) -> Option<Cram> {
    let cols = board.cols();
    let cells = (0..board.rows() * cols).filter(|&i| region >> i & 1 == 1);
    let (r0, r1, c0, c1) = cells.fold((usize::MAX, 0, usize::MAX, 0), |(a, b, c, d), i| {
        (a.min(i / cols), b.max(i / cols), c.min(i % cols), d.max(i % cols))
    });
    let (h, w) = (r1 + 1 - r0, c1 + 1 - c0);
    let mut crop = 0u128;
    for r in 0..h {
        for c in 0..w {
            if region >> ((r + r0) * cols + c + c0) & 1 == 1 {
                crop |= 1 << (r * w + c);
            }
        }
    }
    let (rows, cols, free) = (0..8).map(|s| image(h, w, crop, s)).min()?;
    Cram::new(rows, cols, free)
}

impl Form<Cram> for CramForm {
    fn game_line(&self, _: &Cram) -> String {
        "cram".into()
    }

    fn parts(&self, p: &Cram, out: &mut Vec<Cram>) {
        out.extend(
            p.components()
                .iter()
                .filter(|region| region.free().count_ones() >= 2)
                .filter_map(|region| cram_part(region, region.free())),
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
    p.moves()
        .iter()
        .map(|m| m.vertex.to_string())
        .collect()
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
