//! The computer's side of a game: a perfect player that wins as fast as it
//! can and, when it cannot win, makes the game last as long as it can, the
//! play that remoteness describes (C. A. B. Smith, *Graphs and composite
//! games*, J. Combin. Theory 1, 1966; Berlekamp, Conway, Guy, *Winning Ways*,
//! ch. 9, "Remoteness").

use serde::Serialize;

use crate::analysis::erased::{AnalyzeOptions, AnyPosition};
use crate::api::Error;
use crate::game::{Outcome, Play};
use crate::solve::Limits;

/// Why the computer chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A move to a P-position: the fastest win, where remoteness is known.
    Win,
    /// No winning move: the move after which the game lasts longest, where
    /// remoteness is known; among equals, the last the game lists.
    LongestDefence,
    /// A loopy game with no winning move: a move to a drawn position, which
    /// keeps the draw.
    Draw,
    /// No winning move, and too many moves to list and compare: the first
    /// legal move the game gives.
    AnyMove,
}

/// The move the computer chose, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The move, as a player types it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move, in the text form the game parses.
    pub to: String,
    /// Why this move.
    pub reason: Reason,
    /// The remoteness of the position after the move, where known.
    pub remoteness: Option<u32>,
}

/// The computer's move and the position it leads to.
pub struct Reply {
    /// The move and why.
    pub choice: Choice,
    /// The position after the move, to play on from.
    pub position: Box<dyn AnyPosition>,
}

/// The computer's move in `position` under `play`: a winning move, the
/// fastest where remoteness is known; else the longest defence; else, where
/// the moves are too many to compare, any legal move. `None` when the game
/// is over.
///
/// # Errors
/// [`Error::Analyze`] when the position cannot be analysed within `limits`;
/// [`Error::Play`] if the game refuses a move it listed.
///
/// ```
/// use grundy::api::play::{computer_move, Reason};
/// use grundy::api::{analyze::position, Spec};
/// use grundy::api::{Limits, Play};
///
/// let p = position(&Spec::from("nim"), &["1", "2"]).unwrap();
/// let reply = computer_move(&*p, Play::Normal, Limits::default()).unwrap().unwrap();
/// assert_eq!((reply.choice.mv.as_str(), reply.choice.reason), ("heap 2: take 1", Reason::Win));
/// assert_eq!(reply.position.to_string(), "1 1");
/// ```
pub fn computer_move(
    position: &dyn AnyPosition,
    play: Play,
    limits: Limits,
) -> Result<Option<Reply>, Error> {
    // Every move and its remoteness, to choose the longest defence, unless
    // there are too many moves to list.
    let listable = position.move_names().is_ok();
    let options = AnalyzeOptions {
        play,
        all_moves: listable,
        value_only: false,
        // The longest defence by the remoteness the default budget finds:
        // a reply never waits minutes for it.
        remoteness: false,
        limits,
    };
    let analysis = position.analyze(&options)?;
    let chosen = match analysis.winning_moves.first() {
        Some(m) => Some((m, Reason::Win)),
        None => analysis.all_moves.as_ref().and_then(|all| {
            let draw = all.iter().find(|m| m.outcome == Some(Outcome::Draw));
            let draw = draw.map(|m| (m, Reason::Draw));
            draw.or_else(|| {
                all.iter()
                    .max_by_key(|m| m.remoteness.unwrap_or(0))
                    .map(|m| (m, Reason::LongestDefence))
            })
        }),
    };
    let (mv, next, reason, remoteness) = match chosen {
        Some((m, reason)) => (
            m.mv.clone(),
            position.play_named(&m.mv)?,
            reason,
            m.remoteness,
        ),
        None => match position.any_move() {
            Some((mv, next)) => (mv, next, Reason::AnyMove, None),
            None => return Ok(None),
        },
    };
    Ok(Some(Reply {
        choice: Choice {
            mv,
            to: next.to_string(),
            reason,
            remoteness,
        },
        position: next,
    }))
}

/// A move a player made, and the position it led to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The move, as the player named it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move.
    pub to: String,
}

/// One turn as a front end without a session plays it: the player's move,
/// if any, then the computer's reply, if asked for and the game goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The player's move, when one was given.
    pub played: Option<Played>,
    /// The computer's reply, when asked for and a move was left.
    pub reply: Option<Choice>,
    /// The position now, in the text form the game parses.
    pub position: String,
    /// Whether the player to move now has no move: the game is over.
    pub over: bool,
    /// For a loopy game (a `graph` game, or a sum with one), the position's
    /// generalized Sprague–Grundy value now, `3` or `∞{0,2}`; `∞` with no 0
    /// in its set is a draw. A front end declares a play drawn when a
    /// position comes back for the third time with the same player to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// Plays the player's move `mv` (named as [`AnyPosition::move_names`] or
/// the game's own syntax) in `position`, if given, then, with `reply`, the
/// computer's [`computer_move`] in the position that leaves.
///
/// # Errors
/// [`Error::Play`] for a move that is not legal (nothing is played); those
/// of [`computer_move`] for the reply.
///
/// ```
/// use grundy::api::play::turn;
/// use grundy::api::{analyze::position, Spec};
/// use grundy::api::{Limits, Play};
///
/// let p = position(&Spec::from("nim"), &["3", "4", "5"]).unwrap();
/// let t = turn(&*p, Some("heap 1: take 1"), true, Play::Normal, Limits::default()).unwrap();
/// assert_eq!(t.played.unwrap().to, "2 4 5");
/// assert_eq!(t.reply.unwrap().to, "1 4 5"); // back to a zero nim sum: 1 ⊕ 4 ⊕ 5 = 0
/// ```
pub fn turn(
    position: &dyn AnyPosition,
    mv: Option<&str>,
    reply: bool,
    play: Play,
    limits: Limits,
) -> Result<Turn, Error> {
    let mut now: Option<Box<dyn AnyPosition>> = None;
    let played = match mv {
        Some(mv) => {
            let next = position.play_named(mv)?;
            let to = next.to_string();
            now = Some(next);
            Some(Played {
                mv: mv.to_string(),
                to,
            })
        }
        None => None,
    };
    let mut current: &dyn AnyPosition = now.as_deref().unwrap_or(position);
    let mut answer = None;
    let computer;
    if reply {
        computer = computer_move(current, play, limits)?;
        if let Some(r) = &computer {
            current = &*r.position;
            answer = Some(r.choice.clone());
        }
    }
    let value = match current.is_loopy() {
        true => current.loopy(limits)?.map(|v| v.value.to_string()),
        false => None,
    };
    Ok(Turn {
        played,
        reply: answer,
        position: current.to_string(),
        over: current.any_move().is_none(),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog;

    fn reply(spec: &str, words: &[&str], play: Play) -> Option<Choice> {
        let p = catalog::game(spec).unwrap().parse(words).unwrap();
        computer_move(&*p, play, Limits::default())
            .unwrap()
            .map(|r| r.choice)
    }

    #[test]
    fn a_winning_move_when_there_is_one() {
        // 1 ⊕ 2 = 3: the one move to a zero nim sum leaves 1 1, lost in two moves.
        let choice = reply("nim", &["1", "2"], Play::Normal).unwrap();
        assert_eq!(
            choice,
            Choice {
                mv: "heap 2: take 1".into(),
                to: "1 1".into(),
                reason: Reason::Win,
                remoteness: Some(2),
            }
        );
    }

    #[test]
    fn the_longest_defence_when_lost() {
        // 1 2 3 is a P-position. By hand: after 0 2 3 or 1 2 2 the winner
        // moves to 0 2 2, which the loser stretches to four more moves (0 1 2,
        // 0 1 1, 0 0 1, 0 0 0): five in all. Every other move is answered by
        // 1 1 0 or 1 0 1, over two moves later: three in all. Of the two
        // longest, the later listed is heap 3's.
        let choice = reply("nim", &["1", "2", "3"], Play::Normal).unwrap();
        assert_eq!(
            (choice.mv.as_str(), choice.to.as_str()),
            ("heap 3: take 1", "1 2 2")
        );
        assert_eq!(
            (choice.reason, choice.remoteness),
            (Reason::LongestDefence, Some(5))
        );
    }

    #[test]
    fn any_move_when_the_moves_are_too_many_to_compare() {
        // Two equal heaps of 10^12: lost, with 2·10^12 moves, too many to list.
        let big = "1000000000000";
        let choice = reply("nim", &[big, big], Play::Normal).unwrap();
        assert_eq!(choice.reason, Reason::AnyMove);
        assert_eq!(choice.remoteness, None);
        assert_eq!(choice.to, "999999999999 1000000000000");
    }

    #[test]
    fn misere_play_and_the_end_of_the_game() {
        // Misère Nim (Bouton 1901): 3 1 is won by leaving a single heap of one
        // token, 0 1; the normal-play move to 1 1 would lose (the opponent
        // takes one token and leaves us the last).
        let choice = reply("nim", &["3", "1"], Play::Misere).unwrap();
        assert_eq!((choice.to.as_str(), choice.reason), ("0 1", Reason::Win));
        assert_eq!(reply("nim", &["0", "0"], Play::Normal), None);
    }

    fn nim(words: &[&str]) -> Box<dyn AnyPosition> {
        catalog::game("nim").unwrap().parse(words).unwrap()
    }

    #[test]
    fn a_turn_plays_the_move_then_the_reply() {
        // 2 ⊕ 4 ⊕ 5 = 3; only heap 1 shrinks under ⊕ 3 (2 → 1; 4 → 7 and
        // 5 → 6 grow), so the one winning reply leaves 1 4 5.
        let t = turn(
            &*nim(&["3", "4", "5"]),
            Some("heap 1: take 1"),
            true,
            Play::Normal,
            Limits::default(),
        )
        .unwrap();
        assert_eq!(
            t.played,
            Some(Played {
                mv: "heap 1: take 1".into(),
                to: "2 4 5".into()
            })
        );
        let reply = t.reply.unwrap();
        assert_eq!(
            (reply.mv.as_str(), reply.reason),
            ("heap 1: take 1", Reason::Win)
        );
        assert_eq!((t.position.as_str(), t.over), ("1 4 5", false));
    }

    #[test]
    fn a_turn_without_a_reply_or_without_a_move() {
        let t = turn(
            &*nim(&["1", "0"]),
            Some("heap 1: take 1"),
            false,
            Play::Normal,
            Limits::default(),
        )
        .unwrap();
        assert_eq!((t.reply, t.position.as_str(), t.over), (None, "0 0", true));
        // The winning move takes the last token; then nothing is left to reply.
        let t = turn(
            &*nim(&["0", "2"]),
            None,
            true,
            Play::Normal,
            Limits::default(),
        )
        .unwrap();
        assert_eq!((t.played, t.position.as_str(), t.over), (None, "0 0", true));
        let t = turn(
            &*nim(&["0", "0"]),
            None,
            true,
            Play::Normal,
            Limits::default(),
        )
        .unwrap();
        assert_eq!((t.reply, t.over), (None, true));
    }

    #[test]
    fn an_illegal_move_is_refused_and_nothing_is_played() {
        let err = turn(
            &*nim(&["3"]),
            Some("heap 1: take 4"),
            true,
            Play::Normal,
            Limits::default(),
        )
        .unwrap_err();
        assert_eq!(err.kind(), crate::api::ErrorKind::BadInput);
    }
}
