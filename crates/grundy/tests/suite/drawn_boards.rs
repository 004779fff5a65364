//! Boards (`grundy::api::board`): every target is a legal move named as the
//! command line names it, each legal move has one, and each lies on its
//! picture.

use grundy::api::analyze::position;
use grundy::api::board::{board, Board, Picture, Spot};
use grundy::api::Spec;

/// Every target of every part, with its move.
fn moves(b: &Board) -> Vec<String> {
    let mut out: Vec<String> = b.targets.iter().map(|t| t.mv.clone()).collect();
    if let Picture::Sum { parts } = &b.picture {
        out.extend(parts.iter().flat_map(moves));
    }
    out
}

#[test]
fn a_sums_targets_are_its_parts_moves_named_as_the_sum_names_them() {
    let words = ["nim", "2", "+", "wythoff", "1", "1"];
    let b = board(&Spec::from("sum"), &words).unwrap();
    let Picture::Sum { parts } = &b.picture else {
        panic!("{b:?}")
    };
    assert_eq!(parts.len(), 2);
    assert_eq!(
        moves(&b),
        [
            "part 1: heap 1: take 1",
            "part 1: heap 1: take 2",
            "part 2: heap 1: take 1",
            "part 2: heap 2: take 1",
            "part 2: both: take 1",
        ]
    );
}

/// Whether `spot` lies on `picture`.
fn on(picture: &Picture, spot: &Spot) -> bool {
    let cell =
        |cells: &[String], r: usize, c: usize| cells.get(r).and_then(|row| row.chars().nth(c));
    match (picture, spot) {
        (_, Spot::Aside) => true,
        (Picture::Heaps { sizes, .. }, Spot::Token { row, index }) => sizes
            .get(*row)
            .is_some_and(|n| n.parse::<u64>().unwrap() > *index),
        (Picture::Heaps { sizes, .. }, Spot::Row { row }) => *row < sizes.len(),
        (Picture::Grid { cells, .. }, Spot::Cell { row, col }) => {
            cell(cells, *row, *col).is_some_and(|c| c != ' ' && c != '#')
        }
        (Picture::Grid { cells, .. }, Spot::Domino { row, col, down }) => {
            let (r2, c2) = if *down {
                (row + 1, *col)
            } else {
                (*row, col + 1)
            };
            cell(cells, *row, *col) == Some('.') && cell(cells, r2, c2) == Some('.')
        }
        (Picture::Graph { vertices, .. }, Spot::Vertex { index }) => *index < vertices.len(),
        (Picture::Queen { x, y }, Spot::Cell { row, col }) => {
            *row <= y.parse().unwrap() && *col <= x.parse().unwrap()
        }
        _ => false,
    }
}

/// Every target of every game's example: the legal moves, each once,
/// each on its picture.
#[test]
fn every_example_has_a_target_per_legal_move_on_its_picture() {
    for game in grundy::api::games::list() {
        if game.name == "script" {
            continue;
        }
        let words: Vec<&str> = game.example.split(' ').skip(1).collect();
        let mut spec = Spec::from(game.example.split(' ').next().unwrap());
        // A game whose parameter names a file (a graph) gets the file's
        // text, as a front end reads it (examples name files from the root).
        let first = game.example.split(' ').next().unwrap();
        for path in grundy::api::games::files_named(first, &words) {
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
            let text = std::fs::read_to_string(format!("{root}{path}")).unwrap();
            spec.files = spec.files.with(&path, &text);
        }
        let p = position(&spec, &words).unwrap();
        let b = p.board();
        if !b.complete {
            continue;
        }
        let mut legal = p.move_names().unwrap();
        let mut shown = moves(&b);
        legal.sort();
        shown.sort();
        assert_eq!(shown, legal, "{}", game.example);
        for t in &b.targets {
            assert!(on(&b.picture, &t.spot), "{}: {t:?}", game.example);
        }
    }
}

#[test]
fn positions_with_too_many_moves_are_drawn_without_targets() {
    let b = board(&Spec::from("nim"), &["5000"]).unwrap();
    assert!(!b.complete);
    assert!(b.targets.is_empty());
    assert!(matches!(&b.picture, Picture::Heaps { sizes, .. } if sizes == &["5000"]));
}
