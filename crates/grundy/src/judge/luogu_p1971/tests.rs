//! The samples, and random games against a search over whole boards that
//! knows only the sliding rules (not the matching, nor the graph model).

use super::*;
use crate::hash::FxHashMap;

#[test]
fn samples() {
    // Source: Luogu P1971 samples, trailing spaces kept.
    let one = "1 6 \nXO.OXO \n1 \n1 2 \n1 1 \n";
    assert_eq!(solve(one).unwrap(), "1\n1\n");
    let two = "3 3 \nXOX \nO.O \nXOX \n4 \n2 3 \n1 3 \n1 2 \n1 1 \n2 1 \n3 1 \n3 2 \n3 3 \n";
    assert_eq!(solve(two).unwrap(), "0\n");
    let three = "4 4 \nOOXX \nOXXO \nOO.O \nXXXO \n2 \n3 2 \n2 2 \n1 2 \n1 3 \n";
    assert_eq!(solve(three).unwrap(), "2\n1\n2\n");
}

/// Whether the player to move (Tutu slides `O`, Dandan `X`) wins on this
/// board, by trying every sequence of slides.
fn wins(
    cells: &mut Vec<u8>,
    cols: usize,
    tutu: bool,
    memo: &mut FxHashMap<(Vec<u8>, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(cells.clone(), tutu)) {
        return w;
    }
    let piece = if tutu { b'O' } else { b'X' };
    let gap = cells.iter().position(|&c| c == b'.').unwrap();
    let mut result = false;
    for c in 0..cells.len() {
        let near = (c / cols).abs_diff(gap / cols) + (c % cols).abs_diff(gap % cols) == 1;
        if near && cells[c] == piece {
            cells.swap(c, gap);
            let opponent = wins(cells, cols, !tutu, memo);
            cells.swap(c, gap);
            if !opponent {
                result = true;
                break;
            }
        }
    }
    memo.insert((cells.clone(), tutu), result);
    result
}

fn brute_force(input: &str) -> String {
    let words: Vec<&str> = input.split_whitespace().collect();
    let (n, m): (usize, usize) = (words[0].parse().unwrap(), words[1].parse().unwrap());
    let mut cells: Vec<u8> = words[2..2 + n].concat().into_bytes();
    let moves: Vec<usize> = words[3 + n..]
        .chunks(2)
        .map(|xy| (xy[0].parse::<usize>().unwrap() - 1) * m + xy[1].parse::<usize>().unwrap() - 1)
        .collect();
    let mut memo = FxHashMap::default();
    let mut mistakes = Vec::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        let before = wins(&mut cells, m, true, &mut memo);
        let gap = cells.iter().position(|&c| c == b'.').unwrap();
        cells.swap(pair[0], gap);
        if before && wins(&mut cells, m, false, &mut memo) {
            mistakes.push(i + 1);
        }
        let gap = cells.iter().position(|&c| c == b'.').unwrap();
        cells.swap(pair[1], gap);
    }
    let mut out = format!("{}\n", mistakes.len());
    mistakes
        .iter()
        .for_each(|r| out.push_str(&format!("{r}\n")));
    out
}

#[test]
fn random_games_agree_with_a_search_over_boards() {
    for seed in 0..120 {
        let input = generate(seed, false);
        assert_eq!(solve(&input).unwrap(), brute_force(&input), "{input}");
    }
}

#[test]
fn the_full_size_game_is_valid() {
    for seed in 0..2 {
        let input = generate(seed, true);
        let out = solve(&input).unwrap();
        assert!(out.lines().count() >= 1);
    }
}

#[test]
fn illegal_moves_are_refused() {
    let err = solve("1 6\nXO.OXO\n1\n1 1\n1 2\n").unwrap_err().to_string();
    assert!(err.contains("Tutu must slide a white"), "{err}");
    assert!(solve("1 6\nXO.O.O\n1\n1 2\n1 1\n").is_err());
    assert!(solve("1 6\nXO.OXO\n1\n1 2\n").is_err());
    assert!(solve("1 6\nXO.OXO\n1\n1 9\n1 1\n").is_err());
}
