//! Geography's closed form against search (through `check`) and against a
//! direct brute force on random graphs of up to 12 vertices.

use super::*;
use crate::rng::SplitMix64;
use crate::solve::Limits;

fn pos(text: &str) -> Geography {
    let words: Vec<&str> = text.split_whitespace().collect();
    parse_geography(&words).unwrap()
}

#[test]
fn a_triangle_with_a_tail() {
    // Worked by hand: triangle 0-1-2 with 3 hanging from 2. The only maximum
    // matching is {0-1, 2-3}, so 0 is essential and the winning move goes to
    // its partner 1. The path 1-2-3 left has ν = 1 with 1 exposable: P.
    // Moving to 2 instead leaves 2 in the middle of 1-2-3, essential: N.
    let p = pos("0-1 1-2 2-0 2-3 @0");
    assert_eq!(p.outcome(), Outcome::Next);
    assert_eq!(p.winning_move(), Some(Slide { to: 1 }));
    assert_eq!(p.winning_moves(), vec![Slide { to: 1 }]);
    let to = p.play(&Slide { to: 1 });
    assert_eq!(to.to_string(), "1-2 2-3 @1");
    assert_eq!(to.outcome(), Outcome::Previous);
}

#[test]
fn closed_form_matches_search_on_every_graph_up_to_5_vertices() {
    let report =
        crate::solution::check(GeographyRules.small_positions(5), Limits::default()).unwrap();
    assert_eq!(report.positions, 1 + 2 * 2 + 3 * 8 + 4 * 64 + 5 * 1024);
}

/// Whether the player to move wins, from the rules alone: the token on `v`,
/// the vertices in `alive` not yet visited (a bit mask), `adj` as masks.
fn brute(adj: &[u32], alive: u32, v: usize, memo: &mut [Option<bool>]) -> bool {
    let key = (alive as usize) * adj.len() + v;
    if let Some(w) = memo[key] {
        return w;
    }
    let rest = alive & !(1 << v);
    let mut moves = adj[v] & rest;
    let mut wins = false;
    while moves != 0 {
        let u = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        if !brute(adj, rest, u, memo) {
            wins = true;
            break;
        }
    }
    memo[key] = Some(wins);
    wins
}

#[test]
fn random_graphs_up_to_12_vertices_agree_with_brute_force() {
    let mut r = SplitMix64::new(2024);
    for round in 0..60 {
        let n = 7 + round % 6;
        let mut adj = vec![0u32; n];
        let mut words = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if r.chance(3, 2 * n as u64 / 3 + 1) {
                    adj[a] |= 1 << b;
                    adj[b] |= 1 << a;
                    words.push(format!("{a}-{b}"));
                }
            }
        }
        let mut memo = vec![None; (1 << n) * n];
        let all = (1u32 << n) - 1;
        for v in 0..n {
            words.push(format!("@{v}"));
            let p = pos(&words.join(" "));
            words.pop();
            if p.board().graph().vertex_count() != n {
                continue; // an isolated vertex other than the token is not named
            }
            let wins = brute(&adj, all, v, &mut memo);
            assert_eq!(p.outcome() == Outcome::Next, wins, "{p}");
            let listed: Vec<u64> = p.winning_moves().iter().map(|m| m.to).collect();
            let expected: Vec<u64> = (0..n)
                .filter(|&u| adj[v] >> u & 1 == 1 && !brute(&adj, all & !(1 << v), u, &mut memo))
                .map(|u| u as u64)
                .collect();
            assert_eq!(listed, expected, "{p}");
            for m in p.moves() {
                let to = p.play(&m);
                let u = m.to as usize;
                assert_eq!(
                    to.outcome() == Outcome::Next,
                    brute(&adj, all & !(1 << v), u, &mut memo)
                );
            }
        }
    }
}

#[test]
fn children_inherit_a_maximum_matching() {
    let p = pos("0-1 1-2 2-3 3-4 4-0 0-5 5-6 6-7 7-5 @0");
    let m = p.matching();
    assert_eq!(m.size(), 4);
    for mv in p.moves() {
        let child = p.play(&mv);
        let fresh = Matching::maximum(child.board().graph(), child.alive());
        assert_eq!(child.matching().size(), fresh.size());
    }
}

#[test]
fn positions_print_what_parses() {
    for text in ["0-1 0-2 1-2 2-3 @0", "@7", "3-10 10-200 @200"] {
        let p = pos(text);
        assert_eq!(p.to_string(), text);
        assert_eq!(pos(&p.to_string()), p);
    }
    let m: Slide = "to 4".parse().unwrap();
    assert_eq!(m.to_string().parse::<Slide>().unwrap(), m);
}

#[test]
fn bad_positions_are_refused_with_the_word() {
    let err = |t: &str| {
        let words: Vec<&str> = t.split_whitespace().collect();
        parse_geography(&words).unwrap_err().to_string()
    };
    assert!(err("0-1 1-2").contains("@"));
    assert!(err("0-1 @0 @1").contains("twice"));
    assert!(err("0-0 @0").contains("loop"));
    assert!(err("0-x @0").contains("`x`"));
    assert!(err("01 @0").contains("`01`"));
    assert!("go 3".parse::<Slide>().is_err());
}
