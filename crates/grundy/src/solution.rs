//! Closed forms ([`Solution`]) and the harness that checks them against search.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

use crate::game::{Game, Outcome, Play};
use crate::nimber::Nimber;
use crate::solve::{Limits, SearchError, Searcher};

/// A game whose solution is known in closed form.
///
/// Each method answers from a formula, never by searching; [`check`] holds
/// them to exhaustive search.
pub trait Solution: Game {
    /// Who wins in normal play.
    fn outcome(&self) -> Outcome;

    /// A winning move in normal play, or `None` for a P-position.
    fn winning_move(&self) -> Option<Self::Move>;

    /// The Sprague–Grundy value, where a formula gives it.
    fn grundy(&self) -> Option<Nimber> {
        None
    }

    /// Every winning move the formula can list without enumerating all moves
    /// (for positions with too many moves to list). The default is
    /// [`winning_move`](Solution::winning_move) alone.
    fn winning_moves(&self) -> Vec<Self::Move> {
        self.winning_move().into_iter().collect()
    }

    /// The moves to positions of Grundy value `target`, where the formula can
    /// find them without listing every move (a Nim heap of 2^60 has 2^60
    /// moves). `None` where it cannot; callers then list the moves.
    fn moves_to_value(&self, target: Nimber) -> Option<Vec<Self::Move>> {
        let _ = target;
        None
    }

    /// Whether [`moves_to_value`](Solution::moves_to_value) gives every move
    /// to the target (the default), or only some because this position has
    /// too many to list.
    fn lists_every_move_to_value(&self) -> bool {
        true
    }

    /// Who wins in misère play, where a formula gives it.
    fn misere_outcome(&self) -> Option<Outcome> {
        None
    }

    /// A winning move in misère play, where a formula gives it.
    /// Only consulted when [`misere_outcome`](Solution::misere_outcome) is `Some`.
    fn misere_winning_move(&self) -> Option<Self::Move> {
        None
    }

    /// Facts the formula computes on the way (e.g. a Zeckendorf
    /// representation), as name and text, for people to read.
    fn details(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// What a [`check`] covered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Positions checked.
    pub positions: usize,
    /// Of those, positions whose Grundy formula was compared.
    pub grundy_checked: usize,
    /// Of those, positions whose misère formula was compared.
    pub misere_checked: usize,
    /// Winning moves checked to lead to P-positions.
    pub moves_checked: usize,
    /// Distinct positions the normal-play search solved on the way.
    pub searched: usize,
}

/// A closed form that disagrees with exhaustive search, or a search that failed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckError {
    /// The formula and the search disagree at a position.
    #[error("closed form disagrees with search at `{position}`: {what}")]
    Disagreement {
        /// The position, in its text form.
        position: String,
        /// What differs.
        what: String,
    },
    /// The search could not finish.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// The Sprague–Grundy rule for a sum, written once for every kind of sum
/// (heaps of one rule, parts of different games): a move to total value
/// `target` is a move in one part, of value `g`, to value `g ⊕ X ⊕ target`,
/// where `X` is the XOR of the parts' `values`. `part_moves(i, v)` lists
/// part `i`'s moves to value `v`; each found move comes with its part's
/// index. There are none when `X` is `target` already.
///
/// # Errors
/// The first error of `part_moves`.
pub fn sum_moves_to_value<M, E>(
    values: &[Nimber],
    target: Nimber,
    mut part_moves: impl FnMut(usize, Nimber) -> Result<Vec<M>, E>,
) -> Result<Vec<(usize, M)>, E> {
    let change = values.iter().copied().sum::<Nimber>() + target;
    let mut moves = Vec::new();
    if change.is_zero() {
        return Ok(moves);
    }
    for (i, &g) in values.iter().enumerate() {
        moves.extend(part_moves(i, g + change)?.into_iter().map(|m| (i, m)));
    }
    Ok(moves)
}

/// Checks `G`'s closed form against exhaustive search on every position given:
/// the outcome; the Grundy value where the formula gives one; that the
/// winning move is legal and leads to a P-position (and that there is none
/// from a P-position); that every listed winning move does; and the same for
/// misère play where the formula covers it.
///
/// # Errors
/// The first [`CheckError::Disagreement`], or a search failure.
pub fn check<G: Solution>(
    positions: impl IntoIterator<Item = G>,
    limits: Limits,
) -> Result<CheckReport, CheckError> {
    let mut normal = Searcher::with_limits(Play::Normal, limits);
    let mut misere = Searcher::with_limits(Play::Misere, limits);
    let mut report = CheckReport::default();
    for p in positions {
        check_normal(&p, &mut normal, &mut report)?;
        if let Some(outcome) = p.misere_outcome() {
            let winning = p.misere_winning_move();
            check_one(&p, &mut misere, outcome, winning.into_iter(), "misère ")?;
            report.misere_checked += 1;
        }
        report.positions += 1;
    }
    report.searched = normal.positions_solved();
    Ok(report)
}

fn check_normal<G: Solution>(
    p: &G,
    search: &mut Searcher<G>,
    report: &mut CheckReport,
) -> Result<(), CheckError> {
    if let Some(g) = Solution::grundy(p) {
        let found = search.grundy(p)?;
        if g != found {
            return Err(disagree(
                p,
                format!("formula gives Grundy value {}, search {}", g.0, found.0),
            ));
        }
        report.grundy_checked += 1;
    }
    let listed = p.winning_moves();
    report.moves_checked += listed.len();
    let moves = p.winning_move().into_iter().chain(listed);
    check_one(p, search, p.outcome(), moves, "")
}

fn check_one<G: Game>(
    p: &G,
    search: &mut Searcher<G>,
    outcome: Outcome,
    winning: impl Iterator<Item = G::Move>,
    play: &str,
) -> Result<(), CheckError> {
    let found = search.solve(p)?.outcome;
    if outcome != found {
        return Err(disagree(
            p,
            format!("{play}formula says {outcome}, search says {found}"),
        ));
    }
    let legal = p.moves();
    let mut any = false;
    for m in winning {
        any = true;
        if outcome == Outcome::Previous {
            return Err(disagree(
                p,
                format!("{play}winning move `{m}` offered from a P-position"),
            ));
        }
        if !legal.contains(&m) {
            return Err(disagree(
                p,
                format!("{play}winning move `{m}` is not legal"),
            ));
        }
        let to = p.play(&m);
        if search.solve(&to)?.outcome != Outcome::Previous {
            return Err(disagree(
                p,
                format!("{play}move `{m}` leads to `{to}`, an N-position"),
            ));
        }
    }
    // In misère play a position without moves is an N-position with no move to make.
    if outcome == Outcome::Next && !any && !legal.is_empty() {
        return Err(disagree(
            p,
            format!("{play}formula gives no winning move from an N-position"),
        ));
    }
    Ok(())
}

fn disagree<G: Game>(p: &G, what: String) -> CheckError {
    CheckError::Disagreement {
        position: p.to_string(),
        what,
    }
}

/// A position searched by its rules alone: the same moves, but one
/// component and no canonical form, so that a search of it shares none of
/// the shortcuts [`check_by_rules`] holds to account.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Plain<G>(G);

impl<G: fmt::Display> fmt::Display for Plain<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: Game> Game for Plain<G> {
    type Move = G::Move;

    fn moves(&self) -> Vec<G::Move> {
        self.0.moves()
    }

    fn move_iter(&self) -> Result<crate::game::MoveIter<G::Move>, crate::GameError> {
        self.0.move_iter()
    }

    fn heap_bytes(&self) -> usize {
        self.0.heap_bytes()
    }

    fn play(&self, m: &G::Move) -> Plain<G> {
        Plain(self.0.play(m))
    }

    fn try_moves(&self) -> Result<Vec<G::Move>, crate::GameError> {
        self.0.try_moves()
    }

    fn try_play(&self, m: &G::Move) -> Result<Plain<G>, crate::GameError> {
        self.0.try_play(m).map(Plain)
    }
}

/// Checks a game without a closed form: on every position given, the
/// Grundy value and the outcome the generic search finds with the game's
/// [components](Game::components) and [canonical forms](Game::canonical)
/// equal those of a search that sees only its moves (one component, no
/// normal form), in normal and misère play. Symmetries that are not
/// symmetries, or parts that are not independent, show up here.
///
/// # Errors
/// The first [`CheckError::Disagreement`], or a search failure.
pub fn check_by_rules<G: Game>(
    positions: impl IntoIterator<Item = G>,
    limits: Limits,
) -> Result<CheckReport, CheckError> {
    let mut fast = Searcher::with_limits(Play::Normal, limits);
    let mut plain = Searcher::with_limits(Play::Normal, limits);
    let mut fast_misere = Searcher::with_limits(Play::Misere, limits);
    let mut plain_misere = Searcher::with_limits(Play::Misere, limits);
    let mut report = CheckReport::default();
    for p in positions {
        let q = Plain(p.clone());
        let (g, h) = (fast.grundy(&p)?, plain.grundy(&q)?);
        if g != h {
            return Err(disagree(
                &p,
                format!("search gives Grundy value {}, the rules alone {}", g.0, h.0),
            ));
        }
        for (play, fast, plain) in [
            ("", &mut fast, &mut plain),
            ("misère ", &mut fast_misere, &mut plain_misere),
        ] {
            let (a, b) = (fast.solve(&p)?, plain.solve(&q)?);
            if a != b {
                return Err(disagree(
                    &p,
                    format!("{play}search gives {a}, the rules alone {b}"),
                ));
            }
        }
        report.grundy_checked += 1;
        report.misere_checked += 1;
        report.positions += 1;
    }
    report.searched = plain.positions_solved();
    Ok(report)
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_sum_moves_to_value() {
        use crate::solution::sum_moves_to_value;
        use crate::Nimber;

        // Nim 3 4 5 (X = 2): only heap 1 has a move to 3 ⊕ 2 = 1 below it.
        let values = [3, 4, 5].map(Nimber);
        let moves = sum_moves_to_value(&values, Nimber(0), |i, v| {
            Ok::<_, ()>((v < values[i]).then_some(v).into_iter().collect())
        });
        assert_eq!(moves, Ok(vec![(0, Nimber(1))]));
    }

    #[test]
    fn example_of_check_by_rules() {
        use crate::solution::check_by_rules;
        use crate::solve::test_game::Nim;
        use crate::solve::Limits;
        let all: Vec<Nim> = (0..5u64).map(|a| Nim(vec![a, 3, a / 2])).collect();
        assert_eq!(
            check_by_rules(all, Limits::default())
                .unwrap()
                .grundy_checked,
            5
        );
    }
}
