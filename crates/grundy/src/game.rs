//! The [`Game`] trait, outcomes, play conventions and the errors of playing.

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A position of an impartial game: both players have the same moves.
///
/// Implementations are written from the rules alone; closed forms live in
/// [`Solution`](crate::solution::Solution) so that search can check them.
/// `Display` prints the position in the text form its `Rules`
/// parse, so that a printed position can be typed back.
pub trait Game: Clone + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync {
    /// A move as a player names it, e.g. `heap 2: take 3`.
    type Move: Clone + Eq + fmt::Debug + fmt::Display + FromStr + Send + Sync + 'static;

    /// Every legal move.
    fn moves(&self) -> Vec<Self::Move>;

    /// The legal moves one at a time, the same as [`try_moves`](Game::try_moves)
    /// in the same order. Search walks a position's moves with this, so that
    /// each position on its path holds its place among the moves rather than
    /// the list of them (a heap of 20000 in Grundy's game has 10^4 moves, and
    /// a path through it thousands of positions). The default lists the moves
    /// and hands them out; games whose moves can be produced one by one
    /// override it.
    ///
    /// # Errors
    /// As [`try_moves`](Game::try_moves).
    fn move_iter(&self) -> Result<MoveIter<Self::Move>, GameError> {
        Ok(MoveIter::listed(self.try_moves()?))
    }

    /// Bytes this position owns on the heap (a vector of heaps, say),
    /// allocator overhead included, beyond `size_of::<Self>()`. Search
    /// counts them against its memory budget; the default, 0, suits
    /// positions stored inline. Shared data (an `Arc` of the rules) is not
    /// counted: it is paid for once.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// The position as one word, where the game can write it so: a search
    /// table keeps such a position in 8 bytes, hashed and compared as one
    /// integer (Cram writes a region of up to 52 cells so, whose position
    /// takes 24 bytes; its entry in the pruned search's table is 16
    /// bytes). Two positions with a word are equal exactly when their
    /// words are, and [`from_word`](Game::from_word) gives the position
    /// back. `None`, the default, where it does not fit.
    fn word(&self) -> Option<u64> {
        None
    }

    /// The position whose [`word`](Game::word) is `word`; `None` for a word
    /// no position has (and for every word, by default).
    fn from_word(word: u64) -> Option<Self> {
        let _ = word;
        None
    }

    /// The position after a legal move.
    fn play(&self, m: &Self::Move) -> Self;

    /// Like [`moves`](Game::moves), for games whose rules run code that can
    /// fail (user scripts). Search calls this one.
    ///
    /// # Errors
    /// The game's own failure, as [`GameError`].
    fn try_moves(&self) -> Result<Vec<Self::Move>, GameError> {
        Ok(self.moves())
    }

    /// Like [`play`](Game::play), for games whose rules can fail.
    ///
    /// # Errors
    /// The game's own failure, as [`GameError`].
    fn try_play(&self, m: &Self::Move) -> Result<Self, GameError> {
        Ok(self.play(m))
    }

    /// The independent parts of this position, whose Grundy values add
    /// (Sprague–Grundy). The default is the position itself; a sum of heaps
    /// returns one position per heap.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// An equivalent position in a normal form (heaps sorted, say), so that
    /// memoised search meets fewer distinct positions.
    fn canonical(&self) -> Self {
        self.clone()
    }

    /// The canonical forms of this position's components, appended to
    /// `out`: the same as `components()` each made
    /// [`canonical`](Game::canonical), which the default does, except that
    /// parts with no move (value 0 in a sum) may be left out. Search
    /// calls it for every move it looks at, into a buffer it reuses; a
    /// game whose components and normal forms come from the same work (a
    /// board's regions, found once) overrides it to do that work once and
    /// allocate nothing.
    fn canonical_parts(&self, out: &mut Vec<Self>) {
        out.extend(self.components().iter().map(Game::canonical));
    }

    /// The canonical parts of the position after the legal move `m`,
    /// appended to `out`: the same as [`canonical_parts`](Game::canonical_parts)
    /// of [`try_play`](Game::try_play), which the default does. A game
    /// whose positions own heap memory (a list of heaps) overrides it to
    /// build only the parts, not the position in between.
    ///
    /// # Errors
    /// As [`try_play`](Game::try_play).
    fn option_parts(&self, m: &Self::Move, out: &mut Vec<Self>) -> Result<(), GameError> {
        self.try_play(m)?.canonical_parts(out);
        Ok(())
    }

    /// [`option_parts`](Game::option_parts), free to remake positions
    /// taken from the end of `spare` (parts of earlier options the caller
    /// is done with) rather than make new ones. The pruned search calls it
    /// for every option it lists and hands back the parts it found stored:
    /// a game whose positions share their rules behind an `Arc` (heaps)
    /// overrides it to spare the reference count's atomic increment and
    /// decrement, a fifth of Grundy's game's search. The default drops the
    /// spares, so that they never pile up.
    ///
    /// # Errors
    /// As [`try_play`](Game::try_play).
    fn option_parts_reusing(
        &self,
        m: &Self::Move,
        out: &mut Vec<Self>,
        spare: &mut Vec<Self>,
    ) -> Result<(), GameError> {
        spare.clear();
        self.option_parts(m, out)
    }

    /// The canonical parts of a simpler position with the same normal-play
    /// Grundy value as this one (a canonical part), appended to `out`,
    /// and `true`; `false`, appending nothing, when the game knows none.
    /// Only the value is kept, not the misère outcome nor the remoteness:
    /// the pruned search ([`Pruner`](crate::solve::Pruner)), which finds
    /// normal-play values and outcomes alone, calls it for each part its
    /// table does not hold, and only it; the parts given should have no
    /// simpler form again (they are not asked). Cram removes its
    /// *bridges* so; the default knows nothing.
    fn value_parts(&self, out: &mut Vec<Self>) -> bool {
        let _ = out;
        false
    }

    /// A number that names this canonical part among every part of its
    /// game (a lone heap: its size), for the pruned search
    /// ([`Pruner`](crate::solve::Pruner)) to keep the part's value in an
    /// array at that place rather than in its table; `None`, the default,
    /// for a game or part that has none. A game that gives one gives
    /// [`each_option_indices`](Game::each_option_indices) and
    /// [`part_at`](Game::part_at) too, and its indices fall as play goes
    /// on: every part of an option has a lower index than the part moved
    /// in (a heap's moves leave smaller heaps), for the search values the
    /// lower parts first.
    fn index(&self) -> Option<u64> {
        None
    }

    /// Whether the pruned search, valuing this part (one with an
    /// [`index`](Game::index)) by its options' indices, should value every
    /// part numbered below an option first, from the lowest up, each by its
    /// options' indices alone (no position searched, nothing stored in the
    /// table), rather than search the option as a position. The default,
    /// `true`, suits a game whose parts below a part are nearly all
    /// reached from it (heaps); Chomp says `false` for a thin bar, most of
    /// whose square's bars are not inside it.
    fn fill_below_pays(&self) -> bool {
        true
    }

    /// The lower [`index`](Game::index) of a part with the same value as
    /// this one, where the game knows one (a Chomp bar's reflection in its
    /// diagonal, when that is numbered lower), for the pruned search to
    /// copy a value rather than find it again; `None`, the default,
    /// otherwise.
    fn index_of_twin(&self) -> Option<u64> {
        None
    }

    /// Calls `f` with each option of this part (one with an
    /// [`index`](Game::index)) as the indices of the option's parts, in
    /// any order (the search takes their mex), until `f` returns
    /// `false`; `false` when the game cannot (the default). A part with no
    /// move may be named or left out. The search values a heap of Grundy's
    /// game so, with no position built for its 10^4 options. `f` is a type
    /// parameter, not a `dyn`, so that a game's walk and the search's mex
    /// compile into one loop with no call per option.
    fn each_option_indices(&self, f: impl FnMut(&[u64]) -> bool) -> bool {
        let _ = f;
        false
    }

    /// The canonical part whose [`index`](Game::index) is `i`, of the
    /// same game as this one; `None` where indices are not given.
    fn part_at(&self, i: u64) -> Option<Self> {
        let _ = i;
        None
    }

    /// The part whose [`index`](Game::index) is one more than this one's
    /// (as [`part_at`](Game::part_at) gives it), for the pruned search to
    /// walk the parts in order without finding each from its number; the
    /// default finds it so. Chomp steps its heights to the next in order.
    fn next_part(&self) -> Option<Self> {
        self.part_at(self.index()?.checked_add(1)?)
    }

    /// Whether the pruned search ([`Pruner`](crate::solve::Pruner)) should
    /// ask of this position whether its value is one number at a time (the
    /// default), or value it in full whenever it is asked. Asking prunes
    /// where values are small and positions split (Cram: 3 times fewer
    /// moves looked at), but each question lists the position's options
    /// again: a game of large values that never splits (Chomp, whose
    /// values grow with the board) asks each position about value after
    /// value, and looks at 3 times more moves than valuing it once.
    fn value_questions_pay(&self) -> bool {
        true
    }

    /// The normal-play outcome of this position where a theorem gives it
    /// without search (Cram: a board that is its own image under the half
    /// turn, by symmetry strategies), else `None`, the default. The pruned
    /// search ([`Pruner`](crate::solve::Pruner)) takes a component or an
    /// option's part it holds nothing of to have value 0 for `Previous`,
    /// and not 0 for `Next`: it then asks about 1 first. `grundy verify`
    /// does not see this: each game's tests hold it to exhaustive search.
    fn known_outcome(&self) -> Option<Outcome> {
        None
    }

    /// The normal-play Grundy value of this position where the game has it
    /// at hand without search (Cram: a table of every board of at most 20
    /// cells), else `None`, the default. The pruned search
    /// ([`Pruner`](crate::solve::Pruner)) takes it before its own table,
    /// so such a part is neither searched nor stored. Each game's tests
    /// hold it to exhaustive search.
    fn known_value(&self) -> Option<u64> {
        None
    }

    /// How hard the part looks to search: the pruned search
    /// ([`Pruner`](crate::solve::Pruner)) tries first the options whose
    /// parts' difficulties, squared and summed, are least. The default is
    /// the move count; Cram gives its free cells, which orders boards as
    /// well and costs one instruction.
    fn difficulty(&self) -> u128 {
        self.move_count()
    }

    /// The moves in the order a pruned search should try them where it
    /// finds no other reason to prefer one (options of equal
    /// [`difficulty`](Game::difficulty)): the default is
    /// [`move_iter`](Game::move_iter)'s. Cram gives the dominoes across
    /// its middle first, which cut the board in two.
    ///
    /// # Errors
    /// As [`move_iter`](Game::move_iter).
    fn search_moves(&self) -> Result<MoveIter<Self::Move>, GameError> {
        self.move_iter()
    }

    /// How many moves there are, without listing them (a heap of 2^60 has
    /// 2^60 moves). Used to refuse listing moves that cannot be listed.
    fn move_count(&self) -> u128 {
        self.moves().len() as u128
    }

    /// Whether `m` is legal here. The default looks it up among all moves.
    fn legal(&self, m: &Self::Move) -> bool {
        self.moves().contains(m)
    }

    /// Whether exhaustive search from here should not even start within a
    /// budget of `max_positions`: too many moves, or (as the game may say)
    /// positions too many or too large to store (two Wythoff heaps of 1000
    /// have only 3000 moves, but a search would meet two million positions).
    /// The default compares the move count with the budget.
    fn too_large_to_search(&self, max_positions: usize) -> bool {
        self.move_count() > max_positions as u128
    }

    /// Some legal move, without listing them all; `None` at the end of the game.
    fn any_move(&self) -> Option<Self::Move> {
        self.moves().into_iter().next()
    }

    /// What the position looks like on a board (see `api::board`): by
    /// default its text, with the moves beside it.
    fn picture(&self) -> crate::board::Picture {
        crate::board::text(self)
    }

    /// Where on [`picture`](Game::picture) the legal move `m` is played: by
    /// default beside it, labelled with the move.
    fn spot(&self, m: &Self::Move) -> crate::board::Spot {
        let _ = m;
        crate::board::Spot::Aside
    }
}

/// The moves of a position one at a time (see [`Game::move_iter`]). It owns
/// what it needs, so a search can keep it beside the position it walks, and
/// says what it holds, so the search can count it against its memory budget
/// (a walk over a listed E&D pile of 70000 holds 70000 moves; a thousand
/// such walks on a path, gigabytes).
///
/// ```
/// use grundy::MoveIter;
/// let listed = MoveIter::listed(vec![1u64, 2, 3]);
/// assert!(listed.held_bytes() >= 24);
/// let lazy = MoveIter::lazy(1..=3u64);
/// assert_eq!(lazy.held_bytes(), 0);
/// assert_eq!(listed.collect::<Vec<_>>(), lazy.collect::<Vec<_>>());
/// ```
pub struct MoveIter<M> {
    moves: Box<dyn Iterator<Item = M> + Send>,
    held: usize,
}

impl<M: Send + 'static> MoveIter<M> {
    /// A walk over moves listed in full: it holds the list.
    pub fn listed(moves: Vec<M>) -> MoveIter<M> {
        let held = vec_heap_bytes(&moves);
        MoveIter {
            moves: Box::new(moves.into_iter()),
            held,
        }
    }

    /// A walk that makes its moves one at a time and holds next to nothing
    /// beyond what it captured (a copy of the position, counted by the
    /// search as the position's [`heap_bytes`](Game::heap_bytes)).
    pub fn lazy(moves: impl Iterator<Item = M> + Send + 'static) -> MoveIter<M> {
        MoveIter {
            moves: Box::new(moves),
            held: 0,
        }
    }
}

impl<M> MoveIter<M> {
    /// The heap bytes the walk holds, as [`vec_heap_bytes`] counts them:
    /// its list's, for [`listed`](MoveIter::listed) moves, else 0.
    pub fn held_bytes(&self) -> usize {
        self.held
    }
}

impl<M> Iterator for MoveIter<M> {
    type Item = M;

    fn next(&mut self) -> Option<M> {
        self.moves.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

/// The heap bytes of a vector, as [`Game::heap_bytes`] counts them: the
/// buffer (its capacity, not only its length) and the allocator's
/// bookkeeping (16 bytes per allocation, as glibc's malloc keeps), nothing
/// for an empty vector, which allocates nothing.
pub fn vec_heap_bytes<T>(v: &Vec<T>) -> usize {
    match v.capacity() * std::mem::size_of::<T>() {
        0 => 0,
        bytes => bytes + 16,
    }
}

/// The heap bytes of a big number, as [`Game::heap_bytes`] counts them: its
/// 64-bit digits and the allocator's bookkeeping; nothing for zero.
pub fn big_heap_bytes(n: &num_bigint::BigUint) -> usize {
    match n.bits().div_ceil(64) {
        0 => 0,
        words => words as usize * 8 + 16,
    }
}

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// An N-position: the player to move (the **n**ext player) wins.
    #[serde(rename = "N")]
    Next,
    /// A P-position: the **p**revious player, who just moved, wins.
    #[serde(rename = "P")]
    Previous,
    /// A D-position of a loopy game: neither player can force a win, and
    /// with perfect play the game never ends (a draw).
    #[serde(rename = "D")]
    Draw,
}

impl Outcome {
    /// `N`, `P` or `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::Next => "N",
            Outcome::Previous => "P",
            Outcome::Draw => "D",
        }
    }

    /// The outcome of a position whose Grundy value is `g`, in normal play.
    pub fn from_grundy(g: crate::Nimber) -> Outcome {
        if g.is_zero() {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// The play convention: who wins when no move is left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins: whoever makes the last move loses.
    Misere,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        })
    }
}

/// A failure inside a game's own rules (a user script that errs).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{message}")]
pub struct GameError {
    /// What went wrong, in the game's words.
    pub message: String,
}

impl GameError {
    /// A game error with this message.
    pub fn new(message: impl Into<String>) -> GameError {
        GameError {
            message: message.into(),
        }
    }
}

/// A move that cannot be played here; hands back the move's text and the position.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{reason} (move `{mv}` in position `{position}`)")]
pub struct PlayError {
    /// The move as typed.
    pub mv: String,
    /// The position, in its text form.
    pub position: String,
    /// Why the move is refused.
    pub reason: String,
}

/// Text that is not a position, a move or a rule of the game.
///
/// Each variant names the word or part at fault, what was expected and how
/// to write it, so that a front end prints one line a user can act on: a
/// number that is not one ([`NotANumber`](Self::NotANumber),
/// [`Negative`](Self::Negative), [`TooLarge`](Self::TooLarge),
/// [`OutOfRange`](Self::OutOfRange)), a word of the wrong shape
/// ([`Malformed`](Self::Malformed), [`NotAMove`](Self::NotAMove)), too many or
/// too few words ([`Empty`](Self::Empty), [`WordCount`](Self::WordCount)),
/// something given twice ([`Repeated`](Self::Repeated)), words that together
/// break a rule of the position ([`Inconsistent`](Self::Inconsistent)), a
/// part of a sum ([`InPart`](Self::InPart)), or a game's rule that does not
/// load ([`NeedsParameter`](Self::NeedsParameter),
/// [`FileNotGiven`](Self::FileNotGiven), [`BadRule`](Self::BadRule),
/// [`NoPeriod`](Self::NoPeriod)).
///
/// ```
/// use grundy::game::ParseError;
///
/// let e = ParseError::Malformed {
///     token: "2;3".into(),
///     expected: "a cell".into(),
///     example: "ROW,COL as in `2,3`".into(),
/// };
/// assert_eq!(e.to_string(), "`2;3` is not a cell; write ROW,COL as in `2,3`");
/// ```
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing was given where a position was expected.
    #[error("no position given: {hint}")]
    Empty {
        /// What to write instead, e.g. "write the heap sizes, as in `nim 3 4 5`".
        hint: String,
    },
    /// A word that should be a whole number is not one.
    #[error("`{token}` is not a whole number{hint}")]
    NotANumber {
        /// The offending word.
        token: String,
        /// Extra advice, starting with a separator, or empty.
        hint: String,
    },
    /// A negative number where only non-negative ones make sense.
    #[error("`{token}` is negative; {what} must be 0 or more")]
    Negative {
        /// The offending word.
        token: String,
        /// What the number stands for.
        what: String,
    },
    /// A number too large for the game.
    #[error("`{token}` is too large: {what} must be at most {max}")]
    TooLarge {
        /// The offending word.
        token: String,
        /// What the number stands for.
        what: String,
        /// The largest allowed value, as text.
        max: String,
    },
    /// A game that needs a parameter (`octal:0.07`) was named without one.
    #[error("{game} needs {what}: write {example}")]
    NeedsParameter {
        /// The game's name.
        game: String,
        /// What the parameter is, e.g. "its code".
        what: String,
        /// How to write the game with one, e.g. "`octal:0.07 5 8 13`".
        example: String,
    },
    /// A move that is not written as the game's moves are.
    #[error("`{text}` is not a move; write {example}")]
    NotAMove {
        /// The text given.
        text: String,
        /// How a move of the game is written, e.g. "`take 3`".
        example: &'static str,
    },
    /// A word that is not of the shape expected: a cell that is not
    /// `ROW,COL`, an end that is neither `left` nor `right`.
    #[error("`{token}` is not {expected}; write {example}")]
    Malformed {
        /// The word at fault.
        token: String,
        /// What it should have been, e.g. "a cell".
        expected: String,
        /// How to write one, e.g. "ROW,COL as in `2,3`".
        example: String,
    },
    /// A number outside what the position or rule allows: a heap numbered
    /// 0, a cell outside the grid, a quota of 0.
    #[error("`{token}` is out of range: {what} must be {range}")]
    OutOfRange {
        /// The word (or number) at fault.
        token: String,
        /// What it stands for, e.g. "a heap number".
        what: String,
        /// What it may be, with the reason where it helps, e.g. "1 or more
        /// (heaps are numbered from 1)".
        range: String,
    },
    /// Something that may be given once, given twice: a coin, a cell, the
    /// token.
    #[error("{what} is listed twice; {fix}")]
    Repeated {
        /// The thing given twice, with the word that names it, e.g. "coin 3".
        what: String,
        /// How to write it once, e.g. "list each heads-up coin once".
        fix: String,
    },
    /// Words well formed one by one that together break a rule of the
    /// position or the game: rows of different lengths, heights that go up,
    /// a board with no cells, an edge from a vertex to itself.
    #[error("{what}; {fix}")]
    Inconsistent {
        /// What is wrong (naming the part at fault), or the rule broken.
        what: String,
        /// How to write it right, or why the rule holds.
        fix: String,
    },
    /// A game whose position is a fixed number of words, given another
    /// number.
    #[error("{expected}, not {given}: write {example}")]
    WordCount {
        /// How many words the game takes, e.g. "wythoff has exactly two heaps".
        expected: String,
        /// How many were given.
        given: usize,
        /// A position written right, e.g. "`wythoff 3 5`".
        example: String,
    },
    /// A part of a sum that is not a game or not a position of it.
    #[error("part {part}: {reason}")]
    InPart {
        /// The part, numbered from 1.
        part: usize,
        /// What is wrong with it, in that part's own words.
        reason: String,
    },
    /// A rule given by a file (a graph, a script) or a code that does not
    /// load; `reason` is the rule's own error, which names the fault and the
    /// fix.
    #[error("{reason}")]
    BadRule {
        /// The rule as named: a file's path, or a code.
        rule: String,
        /// Why it does not load, with the rule's name where it helps.
        reason: String,
    },
    /// A game's file named in the spec whose text the front end did not
    /// pass in (a front end's mistake: the library reads no files).
    #[error("the text of `{path}` was not given: the front end reads {what} and passes it in the spec's files")]
    FileNotGiven {
        /// The file's path.
        path: String,
        /// What the file is, e.g. "the graph file".
        what: String,
    },
    /// A rule whose values show no period within the search's limit, so its
    /// closed form cannot be built.
    #[error("no period found in the first {searched} values of {game}")]
    NoPeriod {
        /// The game, e.g. "this subtraction game".
        game: String,
        /// How many values were computed.
        searched: usize,
    },
}

/// Parses a non-negative integer that fits in a `u64`, with errors that name
/// the word and what it stands for.
///
/// # Errors
/// [`ParseError::NotANumber`], [`ParseError::Negative`] or [`ParseError::TooLarge`].
pub fn parse_u64(token: &str, what: &str) -> Result<u64, ParseError> {
    let digits = token;
    if token.len() > 1 && token.starts_with('+') {
        return Err(ParseError::NotANumber {
            token: token.to_string(),
            hint: format!(" (expected {what}, written without a sign: drop the `+`)"),
        });
    }
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::Negative {
                token: token.to_string(),
                what: what.to_string(),
            });
        }
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::NotANumber {
            token: token.to_string(),
            hint: format!(" (expected {what})"),
        });
    }
    digits.parse().map_err(|_| ParseError::TooLarge {
        token: token.to_string(),
        what: what.to_string(),
        max: u64::MAX.to_string(),
    })
}

/// Parses a non-negative integer of any size, with errors that name the
/// word and what it stands for.
///
/// # Errors
/// [`ParseError::NotANumber`] or [`ParseError::Negative`].
pub fn parse_biguint(token: &str, what: &str) -> Result<num_bigint::BigUint, ParseError> {
    if let Some(rest) = token.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::Negative {
                token: token.to_string(),
                what: what.to_string(),
            });
        }
    }
    let digits = token.strip_prefix('+').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::NotANumber {
            token: token.to_string(),
            hint: format!(" (expected {what})"),
        });
    }
    digits.parse().map_err(|_| ParseError::NotANumber {
        token: token.to_string(),
        hint: format!(" (expected {what})"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_with_clear_errors() {
        assert_eq!(parse_u64("42", "a heap").unwrap(), 42);
        // `nim +3` is a typo as likely as a sign: refused, saying why.
        let plus = parse_u64("+7", "a heap").unwrap_err().to_string();
        assert!(plus.contains("drop the `+`"), "{plus}");
        assert_eq!(
            parse_u64("18446744073709551615", "a heap").unwrap(),
            u64::MAX
        );
        assert!(matches!(
            parse_u64("-3", "a heap"),
            Err(ParseError::Negative { .. })
        ));
        assert!(matches!(
            parse_u64("18446744073709551616", "a heap"),
            Err(ParseError::TooLarge { .. })
        ));
        assert!(matches!(
            parse_u64("x1", "a heap"),
            Err(ParseError::NotANumber { .. })
        ));
        assert!(matches!(
            parse_u64("", "a heap"),
            Err(ParseError::NotANumber { .. })
        ));
        assert!(matches!(
            parse_u64("-", "a heap"),
            Err(ParseError::NotANumber { .. })
        ));
    }

    /// Each typed variant says the word at fault, what was expected and the
    /// fix, in one line (texts written out by hand from the `#[error]`s).
    #[test]
    fn typed_parse_errors_name_the_word_and_the_fix() {
        let cases = [
            (
                ParseError::Malformed {
                    token: "left:".into(),
                    expected: "an end".into(),
                    example: "`left` or `right`".into(),
                },
                "`left:` is not an end; write `left` or `right`",
            ),
            (
                ParseError::OutOfRange {
                    token: "0".into(),
                    what: "a heap number".into(),
                    range: "1 or more (heaps are numbered from 1)".into(),
                },
                "`0` is out of range: a heap number must be 1 or more (heaps are numbered from 1)",
            ),
            (
                ParseError::Repeated {
                    what: "coin 3".into(),
                    fix: "list each heads-up coin once".into(),
                },
                "coin 3 is listed twice; list each heads-up coin once",
            ),
            (
                ParseError::Inconsistent {
                    what: "a 0x4 board has no cells".into(),
                    fix: "give at least 1 row and 1 column".into(),
                },
                "a 0x4 board has no cells; give at least 1 row and 1 column",
            ),
            (
                ParseError::WordCount {
                    expected: "wythoff has exactly two heaps".into(),
                    given: 3,
                    example: "`wythoff 3 5`".into(),
                },
                "wythoff has exactly two heaps, not 3: write `wythoff 3 5`",
            ),
            (
                ParseError::InPart {
                    part: 2,
                    reason: "`x` is not a whole number".into(),
                },
                "part 2: `x` is not a whole number",
            ),
            (
                ParseError::FileNotGiven {
                    path: "g.txt".into(),
                    what: "the graph file".into(),
                },
                "the text of `g.txt` was not given: the front end reads the graph file and passes it in the spec's files",
            ),
            (
                ParseError::NoPeriod {
                    game: "this subtraction game".into(),
                    searched: 100,
                },
                "no period found in the first 100 values of this subtraction game",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
        }
    }

    /// A rule that does not load keeps its own message whole (it already
    /// names the fault), and the rule's name stays in a field for callers.
    #[test]
    fn a_bad_rule_prints_its_own_reason() {
        let e = ParseError::BadRule {
            rule: "0.9".into(),
            reason: "`9` in `0.9` is not an octal digit".into(),
        };
        assert_eq!(e.to_string(), "`9` in `0.9` is not an octal digit");
        assert!(matches!(e, ParseError::BadRule { rule, .. } if rule == "0.9"));
    }
}
