use super::*;
use crate::api::ErrorKind;

fn request(rows: Option<u64>, cols: Option<u64>, len: Option<u64>) -> ShapeRequest {
    ShapeRequest {
        rows,
        cols,
        len,
        from: None,
    }
}

fn shape(spec: &str, asked: ShapeRequest) -> Result<Shape, Error> {
    Source::new(&spec.into())?.shape(&asked, Defaults::default())
}

#[test]
fn the_game_decides_between_sequence_and_table_and_the_first_index() {
    let none = ShapeRequest::default();
    // Nim has one-heap positions: a sequence from 0 by default.
    assert_eq!(shape("nim", none), Ok(Shape::Sequence { from: 0, len: 64 }));
    // E&D (Luogu P2148) has only pairs of piles, never empty: a table from 1.
    assert_eq!(
        shape("ed", none),
        Ok(Shape::Table {
            from: 1,
            rows: 16,
            cols: 16
        })
    );
    // Wythoff has only two-number positions, from 0.
    assert_eq!(shape("wythoff", none).map(|s| s.kind()), Ok(Kind::Table));
    assert_eq!(shape("wythoff", none).map(|s| s.first()), Ok(0));
    // The default kind counts only when the request does not say.
    let table = Defaults {
        kind: Some(Kind::Table),
        side: 3,
        len: 5,
    };
    let nim = Source::new(&"nim".into()).unwrap();
    assert_eq!(
        nim.shape(&none, table),
        Ok(Shape::Table {
            from: 0,
            rows: 3,
            cols: 3
        })
    );
    assert_eq!(
        nim.shape(&request(None, None, Some(7)), table),
        Ok(Shape::Sequence { from: 0, len: 7 })
    );
}

#[test]
fn rows_or_columns_ask_for_a_table_and_a_missing_side_copies_the_other() {
    let table = |rows, cols| Shape::Table {
        from: 0,
        rows,
        cols,
    };
    assert_eq!(shape("nim", request(Some(3), None, None)), Ok(table(3, 3)));
    assert_eq!(shape("nim", request(None, Some(5), None)), Ok(table(5, 5)));
    assert_eq!(
        shape("nim", request(Some(2), Some(7), None)),
        Ok(table(2, 7))
    );
    let from = ShapeRequest {
        from: Some(9),
        ..request(None, None, Some(4))
    };
    assert_eq!(shape("ed", from), Err(no_sequence("ed")));
    assert_eq!(shape("nim", from), Ok(Shape::Sequence { from: 9, len: 4 }));
}

fn no_sequence(game: &str) -> Error {
    Error::NoGrid {
        game: game.into(),
        kind: "sequence",
        numbers: "one number",
        with: games_with(Kind::Sequence).join(", "),
    }
}

#[test]
fn games_without_such_positions_are_refused_naming_those_with() {
    let err = shape("sum", ShapeRequest::default()).unwrap_err();
    assert!(matches!(err, Error::NoGrid { kind: "table", .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.starts_with(
            "`sum` has no table: its positions are not two numbers; games with tables: nim, "
        ),
        "{text}"
    );
    assert!(!text.contains("geography"), "{text}");
    assert_eq!(err.kind(), ErrorKind::BadInput);
}

#[test]
fn too_large_grids_are_refused_naming_the_limit() {
    let err = shape("nim", request(Some(5000), Some(5000), None)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Limit);
    assert_eq!(
        err.to_string(),
        "a table of 5000 × 5000 cells is refused: the limit is 16777216 cells (4096 × 4096); ask for fewer with --rows and --cols"
    );
    let err = shape("nim", request(None, None, Some(MAX_CELLS + 1))).unwrap_err();
    assert!(
        err.to_string().contains("the limit is 16777216 terms"),
        "{err}"
    );
    // Sizes whose product does not fit in 64 bits are refused, not wrapped.
    let huge = shape("nim", request(Some(1 << 32), Some((1 << 32) + 1), None));
    assert!(matches!(huge, Err(Error::TooLarge { .. })), "{huge:?}");
    // Exactly the limit is a shape (nothing is computed here).
    assert_eq!(
        Shape::Sequence {
            from: 0,
            len: MAX_CELLS
        }
        .check(),
        Ok(())
    );
    let source = Source::new(&"nim".into()).unwrap();
    let scaled = Shape::Table {
        from: 0,
        rows: 4096,
        cols: 4096,
    }
    .scaled(2);
    assert!(matches!(
        source.grid(scaled, Limits::default()),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn indices_past_2_to_the_64_are_refused_not_wrapped() {
    let from = |from, rows| ShapeRequest {
        from: Some(from),
        ..request(Some(rows), Some(rows), None)
    };
    let err = shape("wythoff", from(u64::MAX, 2)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a table of 2 × 2 cells from 18446744073709551615 is refused: the limit is a last index of 18446744073709551615 (2^64 - 1); start lower with --from, or ask for fewer with --rows and --cols"
    );
    // The last index may be u64::MAX itself.
    let t = grid(
        &"nim".into(),
        &from(u64::MAX - 1, 2),
        Defaults::default(),
        Limits::default(),
    )
    .unwrap();
    assert_eq!(t.value(u64::MAX, u64::MAX - 1), Some(1));
    let seq = ShapeRequest {
        from: Some(u64::MAX - 1),
        ..request(None, None, Some(3))
    };
    assert!(matches!(shape("nim", seq), Err(Error::TooLarge { .. })));
}

#[test]
fn no_cell_is_bad_input() {
    let err = shape("nim", request(Some(0), Some(16), None)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadInput);
    assert_eq!(
        err.to_string(),
        "a table of 0 × 16 cells has no cell; ask for at least one row and column, or one term"
    );
    assert!(matches!(
        shape("nim", request(None, None, Some(0))),
        Err(Error::Empty { .. })
    ));
}

/// G(0..len) of the subtraction game with moves `s`, by the mex rule on the
/// definition: the least value no move reaches.
fn brute_subtraction(s: &[u64], len: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let options: Vec<u64> = s
            .iter()
            .filter(|&&m| m <= n)
            .map(|&m| g[(n - m) as usize])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn a_sequence_is_one_row_of_terms() {
    let asked = request(None, None, Some(40));
    let s = grid(
        &"subtraction:1,3,4".into(),
        &asked,
        Defaults::default(),
        Limits::default(),
    )
    .unwrap();
    let expected = brute_subtraction(&[1, 3, 4], 40);
    assert_eq!(s.known(), Ok(expected.clone()));
    assert_eq!((s.rows(), s.cols()), (1, 40));
    assert_eq!(s.term(10), Some(expected[10]));
    assert_eq!((s.term(40), s.value(0, 10)), (None, None));
    assert_eq!(s.max_value(), 3);
    let from = ShapeRequest {
        from: Some(5),
        ..request(None, None, Some(3))
    };
    let s = grid(
        &"subtraction:1,3,4".into(),
        &from,
        Defaults::default(),
        Limits::default(),
    )
    .unwrap();
    assert_eq!(s.known(), Ok(expected[5..8].to_vec()));
}

#[test]
fn a_table_is_indexed_by_the_numbers_of_its_positions() {
    // The E&D table of Luogu P2148, its first three rows and five columns,
    // piles from 1.
    let asked = request(Some(3), Some(5), None);
    let t = grid(&"ed".into(), &asked, Defaults::default(), Limits::default()).unwrap();
    let rows: Vec<Vec<Option<u64>>> = t.iter_rows().map(<[_]>::to_vec).collect();
    let typed = [[0, 1, 0, 2, 0], [1, 1, 2, 2, 1], [0, 2, 0, 2, 0]];
    assert_eq!(rows, typed.map(|r| r.map(Some)));
    assert_eq!((t.rows(), t.cols(), t.shape().first()), (3, 5, 1));
    assert_eq!(
        (t.value(1, 4), t.value(3, 2), t.value(0, 0)),
        (Some(2), Some(2), None)
    );
    assert_eq!(t.value(4, 1), None);
    assert_eq!(t.column(3), [Some(2), Some(2), Some(2)]);
    assert!(t.column(5).is_empty());
    assert_eq!(t.max_value(), 2);
    assert_eq!(
        serde_json::to_string(&t).unwrap(),
        r#"{"game":"ed","shape":{"Table":{"from":1,"rows":3,"cols":5}},"values":[0,1,0,2,0,1,1,2,2,1,0,2,0,2,0]}"#
    );
}

#[test]
fn values_search_cannot_find_are_unknown_and_named() {
    // Moore's Nim_2 (a move takes from one or two heaps): G(0, j) = j, and
    // heaps 1 and 1 have 3 moves, more than a search of 2 positions may
    // look at (a full table evicts and goes on, so only that refuses them).
    let asked = request(Some(3), None, None);
    let t = grid(
        &"moore:2".into(),
        &asked,
        Defaults::default(),
        Limits::new(2),
    )
    .unwrap();
    assert_eq!(t.iter_rows().next(), Some(&[Some(0), Some(1), Some(2)][..]));
    assert_eq!(t.value(1, 1), None);
    assert_eq!(
        t.known().unwrap_err().to_string(),
        "moore:2 1 1 is too large to search; ask for fewer values or raise --max-positions"
    );
}

#[test]
fn a_known_table_is_made_again_from_its_numbers() {
    let g = Grid::known_table("nim".into(), 1, 2, 3, vec![10, 11, 12, 20, 21, 22]).unwrap();
    assert_eq!((g.rows(), g.cols(), g.shape().first()), (2, 3, 1));
    assert_eq!(
        (g.value(1, 1), g.value(1, 3), g.value(2, 1), g.value(2, 3)),
        (Some(10), Some(12), Some(20), Some(22))
    );
    assert_eq!(g.known().unwrap(), vec![10, 11, 12, 20, 21, 22]);
    assert!(matches!(
        Grid::known_table("nim".into(), 0, 0, 3, vec![]),
        Err(Error::Empty { .. })
    ));
}
