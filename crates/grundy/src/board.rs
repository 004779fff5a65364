//! The picture of a position and where each of its moves is played on it,
//! for front ends that draw a board (the web playground).
//!
//! A game describes its positions with a few generic kinds of [`Picture`]
//! (rows of tokens, a grid of cells, a graph, a queen on a quarter board,
//! text, a sum of parts) and ties each legal move to a [`Spot`] on that
//! picture, through [`Game::picture`](crate::game::Game::picture) and [`Game::spot`](crate::game::Game::spot). Every target
//! carries the move as the command line names it, so a front end plays a
//! click with the same words a user would type. A front end draws each kind
//! once, for every game: no game is known by name below the picture.
//!
//! ```
//! use grundy::api::board::{board, Picture, Spot};
//! use grundy::api::Spec;
//!
//! let b = board(&Spec::from("nim"), &["3", "1"]).unwrap();
//! assert!(matches!(b.picture, Picture::Heaps { .. }));
//! // One target per legal move: take 1, 2 or 3 from heap 1, 1 from heap 2.
//! assert_eq!(b.targets.len(), 4);
//! assert_eq!(b.targets[0].mv, "heap 1: take 1");
//! assert_eq!(b.targets[0].spot, Spot::Token { row: 0, index: 2 });
//! ```

use serde::Serialize;

/// The most moves a board shows as targets: more could not be told apart on
/// a screen, and would cost the page more than the analysis does. A
/// position with more moves is drawn without targets
/// ([`Board::complete`] is `false`), and its moves are typed.
pub const MAX_TARGETS: u128 = 1000;

/// The most cells a grid picture has (a coin row of a million coins is
/// written, not drawn).
pub const MAX_CELLS: u64 = 4096;

/// The most vertices a graph picture has.
pub const MAX_VERTICES: usize = 400;

/// A position's picture with its moves as targets on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The game, with its parameter (`subtraction:1,3,4`).
    pub game: String,
    /// The position as the command line writes it.
    pub position: String,
    /// What to draw.
    pub picture: Picture,
    /// Every legal move (when [`complete`](Board::complete)), in the order
    /// the game lists them, each with its place on the picture. A sum's
    /// targets are those of its parts, inside [`Picture::Sum`].
    pub targets: Vec<Target>,
    /// Whether the targets are every legal move: `false` for a position with
    /// more than [`MAX_TARGETS`] moves, or whose moves could not be listed.
    pub complete: bool,
    /// How a move is made on this picture, in a sentence for the player.
    pub how: String,
}

/// A legal move and where it is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The move as the command line names it (`heap 2: take 3`).
    #[serde(rename = "move")]
    pub mv: String,
    /// Where it is played.
    pub spot: Spot,
}

/// What a position looks like, in one of a few kinds every front end draws
/// the same way for every game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Picture {
    /// Rows of tokens: heaps, steps of a staircase, piles of a row.
    Heaps {
        /// Each row's size, in decimal (sizes may exceed a JSON number).
        sizes: Vec<String>,
        /// Each row's name (`heap 1`, `step 2`).
        names: Vec<String>,
        /// The most tokens the next move may take, where the rules limit it
        /// (Fibonacci Nim's quota).
        quota: Option<String>,
    },
    /// A grid of cells, row 0 at the top unless `bottom_up`.
    Grid {
        /// The rows, one character a cell: `.` free, `#` taken or blocked,
        /// `o` a coin heads up, `x` a poisoned square, `1`–`9` that many
        /// tokens, ` ` no cell at all.
        cells: Vec<String>,
        /// Whether row 0 is drawn at the bottom (Chomp's bar, whose rows
        /// are counted up from the poisoned corner).
        bottom_up: bool,
    },
    /// An undirected graph, with a token on one vertex in geography.
    Graph {
        /// The vertices' names.
        vertices: Vec<String>,
        /// The edges, as indices into `vertices`.
        edges: Vec<[usize; 2]>,
        /// The vertex holding the token, if any.
        token: Option<usize>,
    },
    /// A queen on a quarter-infinite board that moves left, down or
    /// diagonally down-left towards the corner (Wythoff's game).
    Queen {
        /// Its column, counted from the corner.
        x: String,
        /// Its row, counted from the corner.
        y: String,
    },
    /// The position as text, with its moves beside it.
    Text {
        /// The text.
        text: String,
    },
    /// A sum: its parts side by side, each a board whose targets name the
    /// sum's moves (`part 2: heap 1: take 3`).
    Sum {
        /// The parts.
        parts: Vec<Board>,
    },
}

/// Where on its picture a move is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "at", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Spot {
    /// Token `index` (from 0) of row `row`: the move leaves the row with
    /// `index` tokens.
    Token {
        /// The row, from 0.
        row: usize,
        /// The token, from 0.
        index: u64,
    },
    /// Beside row `row`: a move on that row that no single token names (a
    /// heap split in two).
    Row {
        /// The row, from 0.
        row: usize,
    },
    /// A cell of a grid, or a square of the queen's board (`row` counted
    /// up from the corner).
    Cell {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// A domino on a cell and its right neighbour, or the one below it.
    Domino {
        /// The first cell's row.
        row: usize,
        /// The first cell's column.
        col: usize,
        /// Whether the second cell is below the first (else to its right).
        down: bool,
    },
    /// A vertex of a graph, by index.
    Vertex {
        /// The vertex.
        index: usize,
    },
    /// Nowhere in particular: a button beside the picture, labelled with
    /// the move.
    Aside,
}

impl Picture {
    /// How a move is made on this kind of picture, with these targets.
    pub fn how(&self, targets: &[Target]) -> &'static str {
        let dominoes = targets
            .iter()
            .any(|t| matches!(t.spot, Spot::Domino { .. }));
        match self {
            Picture::Heaps { .. } => "Click a token: the row keeps the tokens before it. Moves that no single token names are the buttons beside the row.",
            Picture::Grid { .. } if dominoes => "Click a slot between two free cells to place a domino on them.",
            Picture::Grid { .. } => "Click a marked cell to play there; moves that no single cell names are the buttons below.",
            Picture::Graph { .. } => "Click a marked vertex to play there.",
            Picture::Queen { .. } => "Click a marked square: the queen moves left, down or diagonally towards the corner.",
            Picture::Text { .. } => "Click a move below the position.",
            Picture::Sum { .. } => "Play in any one part: the parts are played side by side.",
        }
    }
}

/// The board of a sum of `parts`: each part's targets renamed as the sum
/// names its moves (`part 2: heap 1: take 3`).
pub fn sum(parts: impl Iterator<Item = Board>, position: String) -> Board {
    let parts: Vec<Board> = parts
        .enumerate()
        .map(|(i, mut part)| {
            for t in &mut part.targets {
                t.mv = format!("part {}: {}", i + 1, t.mv);
            }
            part
        })
        .collect();
    let picture = Picture::Sum { parts };
    Board {
        game: "sum".into(),
        position,
        how: picture.how(&[]).to_string(),
        complete: matches!(&picture, Picture::Sum { parts } if parts.iter().all(|p| p.complete)),
        picture,
        targets: Vec::new(),
    }
}

/// Rows of tokens named `name 1`, `name 2`, ….
pub fn heaps<'a>(sizes: impl IntoIterator<Item = &'a u64>, name: &str) -> Picture {
    let sizes: Vec<String> = sizes.into_iter().map(u64::to_string).collect();
    let names = (1..=sizes.len()).map(|i| format!("{name} {i}")).collect();
    Picture::Heaps {
        sizes,
        names,
        quota: None,
    }
}

/// The spot of a move on row `row` that leaves the heaps `after` in its
/// place: the token it takes the row down to when it leaves one heap (or
/// none), else beside the row.
pub fn leaves(row: usize, after: &[u64]) -> Spot {
    match after {
        [] => Spot::Token { row, index: 0 },
        [index] => Spot::Token { row, index: *index },
        _ => Spot::Row { row },
    }
}

/// A grid of `rows` rows and `cols` columns whose cell characters are
/// `cell(row, col)`.
pub fn grid(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> char) -> Picture {
    Picture::Grid {
        cells: (0..rows)
            .map(|r| (0..cols).map(|c| cell(r, c)).collect())
            .collect(),
        bottom_up: false,
    }
}

/// The text picture: the default of [`Game::picture`](crate::game::Game::picture).
pub fn text(p: &dyn std::fmt::Display) -> Picture {
    Picture::Text {
        text: p.to_string(),
    }
}
