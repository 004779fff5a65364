//! The type-erased layer that every front end goes through.
//!
//! A game of the catalog is a [`Rules`] value (the game with its parameters,
//! e.g. the subtraction set) whose positions are a [`Game`]. Wrapped with
//! [`with_formula`] or [`search_only`], it becomes a [`dyn AnyGame`](AnyGame)
//! that parses positions into [`dyn AnyPosition`](AnyPosition)s, which
//! analyse themselves: by the closed form where the game has one for the play
//! convention asked, else by exhaustive search.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use thiserror::Error;

pub use super::subsets::Subsets;
use super::{by_search, remoteness_search, Found};
pub use super::{
    quick_limits_for, Analysis, AnalyzeError, AnalyzeOptions, Method, MoveInfo, NoRemoteness,
    MOVE_LIST_LIMIT, QUICK_SEARCH,
};
use crate::game::{Game, GameError, Outcome, ParseError, Play, PlayError};
use crate::misere::heaps::HeapGame;
use crate::nimber::Nimber;
use crate::solution::{check, CheckError, CheckReport, Solution};
use crate::solve::certificate::{CertificateError, Summary};
use crate::solve::loopy::Ranked;
use crate::solve::snapshot::{self, Header, Opened, Saver, SearchHooks, Stored};
use crate::solve::table::Table;
use crate::solve::{Limits, Progress, Pruner, SearchError, Searcher, Solved, Stage};

/// A game with its parameters: it parses positions and lists small ones.
pub trait Rules: Send + Sync + 'static {
    /// Its positions.
    type Position: Game + 'static;

    /// The name as the catalog spells it, with parameters: `subtraction:1,3,4`.
    fn name(&self) -> String;

    /// Parses a position from the words that follow the game's name on the
    /// command line. `Display` of the position gives words this accepts.
    ///
    /// # Errors
    /// A [`ParseError`] that names the bad word.
    fn parse_position(&self, words: &[&str]) -> Result<Self::Position, ParseError>;

    /// Every position up to `size`, whatever size means for this game (the
    /// catalog says), for checking the closed form against search.
    fn small_positions(&self, size: u64) -> Vec<Self::Position>;

    /// A Grundy search of the game's own, faster than the generic
    /// [`Searcher`] (script games batch their calls into the script and use
    /// every core), or `None` (the default) to use the generic one.
    fn value_search(&self, limits: Limits) -> Option<Box<dyn ValueSearch<Self::Position> + '_>> {
        let _ = limits;
        None
    }

    /// What `verify` checks for a game without a closed form: its search
    /// (with the game's [components](Game::components) and
    /// [canonical forms](Game::canonical)) against a search of the rules
    /// alone, on `positions` (see `solution::check_by_rules`).
    /// `None`, the default, for a game with nothing to check this way.
    fn check_search(
        &self,
        positions: Vec<Self::Position>,
        limits: Limits,
    ) -> Option<Result<CheckReport, CheckError>> {
        let _ = (positions, limits);
        None
    }

    /// The position as heaps of a take-and-break game, so that misère play
    /// is answered by theory first (the genus rule, the misère quotient,
    /// simplest forms; see `api::misere`); `None`, the default, for a
    /// game whose positions are not such heaps.
    fn misere_heaps(&self, position: &Self::Position) -> Option<(HeapGame, Vec<u64>)> {
        let _ = position;
        None
    }

    /// The position as a set of cells of a game in the coin-turning shape
    /// ([`crate::solve::subsets`]), with those rules, so that misère play
    /// may be answered by an array over every set where that costs little;
    /// `None`, the default, for a game of another shape. The set's bit `i`
    /// is cell `i`, the same for every position of the game.
    fn subsets(&self, position: &Self::Position) -> Option<Subsets> {
        let _ = position;
        None
    }

    /// How a certificate writes this game's positions
    /// ([`crate::solve::certificate`]); `None`, the default, for a game with no
    /// certificate form.
    fn certificate_form(&self) -> Option<Box<dyn crate::solve::certificate::Form<Self::Position>>> {
        None
    }
}

/// A Grundy search that a game provides for itself (see
/// [`Rules::value_search`]). It keeps what it learnt from one call to the
/// next, so positions can be given a part at a time.
pub trait ValueSearch<P> {
    /// The Grundy values of `positions`, in order; `None` for those the
    /// search could not reach within its limit.
    ///
    /// # Errors
    /// A search that fails for a reason other than its size.
    fn values(&mut self, positions: &[P]) -> Result<Vec<Option<Nimber>>, SearchError>;

    /// The limit that made [`values`](ValueSearch::values) leave positions
    /// unvalued, once one did: positions, memory or time.
    fn stopped(&self) -> Option<&SearchError>;
}

/// A game of the catalog, type-erased.
pub trait AnyGame: Send + Sync {
    /// The name, with parameters.
    fn name(&self) -> String;

    /// Parses a position.
    ///
    /// # Errors
    /// A [`ParseError`] naming the bad word.
    fn parse(&self, words: &[&str]) -> Result<Box<dyn AnyPosition>, ParseError>;

    /// Whether the game has a closed form.
    fn has_formula(&self) -> bool;

    /// Checks the closed form against search on every position up to `size`
    /// (for a game without one, its search against the rules alone, see
    /// `Rules::check_search`); `None` for a game with nothing to check.
    fn verify(&self, size: u64, limits: Limits) -> Option<Result<CheckReport, CheckError>>;

    /// The Grundy values of many positions (each given as its words), by
    /// formula where known, else by one search shared by all of them, so that
    /// tables and sequences cost no more than their largest position. `None`
    /// for a position too large to search. The positions are read as they
    /// are needed, so a million of them need not be written out first.
    ///
    /// # Errors
    /// A position that does not parse, or a search that fails for a reason
    /// other than its size.
    fn values(
        &self,
        positions: &mut dyn Iterator<Item = Vec<String>>,
        limits: Limits,
    ) -> Result<Vec<Option<Nimber>>, ValuesError> {
        let mut values = Vec::new();
        for words in positions {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            values.push(self.parse(&words)?.grundy(limits)?.0);
        }
        Ok(values)
    }
}

/// Why [`AnyGame::values`] failed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValuesError {
    /// A position did not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A search failed.
    #[error(transparent)]
    Analyze(#[from] AnalyzeError),
}

/// A position of a catalog game, type-erased.
pub trait AnyPosition: fmt::Display + Send + Sync {
    /// The game's name, with parameters.
    fn game(&self) -> String;

    /// Who wins, the value, the winning moves, remoteness: everything.
    ///
    /// # Errors
    /// [`AnalyzeError`] when search cannot finish or moves cannot be listed.
    fn analyze(&self, options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError>;

    /// Like [`analyze`](AnyPosition::analyze), by search even where a
    /// closed form is known: to time the search or check it. Normal play
    /// by the pruned search ([`Pruner`]), misère by the full one. The
    /// default analyses as [`analyze`](AnyPosition::analyze) does (a sum of
    /// different games, whose parts choose their own methods).
    ///
    /// # Errors
    /// As [`analyze`](AnyPosition::analyze).
    fn analyze_by_search(&self, options: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        self.analyze(options)
    }

    /// [`analyze_by_search`](AnyPosition::analyze_by_search) when
    /// `by_search`, else [`analyze`](AnyPosition::analyze), with any long
    /// search watched by `hooks`: it publishes its progress there, stops
    /// when asked, resumes from a checkpoint and saves them. The default
    /// (a sum of different games) analyses unwatched.
    ///
    /// # Errors
    /// As [`analyze`](AnyPosition::analyze); a checkpoint that is damaged,
    /// of another search or too large for the budget.
    fn analyze_watched(
        &self,
        options: &AnalyzeOptions,
        by_search: bool,
        hooks: SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        let _ = hooks;
        match by_search {
            true => self.analyze_by_search(options),
            false => self.analyze(options),
        }
    }

    /// The Grundy value (normal play) and how it was found; `None` where no
    /// formula gives it and search cannot.
    ///
    /// # Errors
    /// A search that fails for a reason other than its size (a cycle, a script error).
    fn grundy(&self, limits: Limits) -> Result<(Option<Nimber>, Method), AnalyzeError>;

    /// The generalized Sprague–Grundy value (normal play, `crate::solve::loopy`)
    /// with its rank, for sums with loopy games; `None` where unknown. The
    /// default is the Grundy value, finite: a game whose positions repeat
    /// says otherwise.
    ///
    /// # Errors
    /// As [`grundy`](AnyPosition::grundy).
    fn loopy(&self, limits: Limits) -> Result<Option<Ranked>, AnalyzeError> {
        Ok(self.grundy(limits)?.0.map(|g| Ranked::finite(g.value())))
    }

    /// Whether the position is of a game whose positions may repeat (a
    /// graph game), so that a sum holding it is valued by Smith's rule.
    /// The default, `false`, holds for every game the searches value: a
    /// script game that turns out to repeat says so by a
    /// [`SearchError::Cycle`].
    fn is_loopy(&self) -> bool {
        false
    }

    /// The moves to positions of Grundy value `target` (normal play), and
    /// whether that is every such move (`false` when a closed form lists
    /// only some because there are too many).
    ///
    /// # Errors
    /// [`AnalyzeError`] when values are unknown or moves cannot be listed.
    fn moves_to_value(
        &self,
        target: Nimber,
        limits: Limits,
    ) -> Result<(Vec<MoveInfo>, bool), AnalyzeError>;

    /// Every move's name.
    ///
    /// # Errors
    /// Too many moves, or a game whose rules fail.
    fn move_names(&self) -> Result<Vec<String>, AnalyzeError>;

    /// The position after the move typed as `mv`.
    ///
    /// # Errors
    /// [`PlayError`] for text that is not a legal move here.
    fn play_named(&self, mv: &str) -> Result<Box<dyn AnyPosition>, PlayError>;

    /// Some legal move and where it leads, `None` at the end of the game.
    fn any_move(&self) -> Option<(String, Box<dyn AnyPosition>)>;

    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn AnyPosition>;

    /// Writes a certificate of the position's normal-play Grundy value to
    /// `out` (`crate::solve::certificate`), its values found within `limits`.
    ///
    /// # Errors
    /// [`CertificateError::Unsupported`] for a game with no certificate
    /// form; as `crate::solve::certificate::write_value`.
    fn certify(
        &self,
        limits: Limits,
        out: &mut dyn std::io::Write,
    ) -> Result<Summary, CertificateError> {
        let _ = (limits, out);
        Err(CertificateError::Unsupported { game: self.game() })
    }

    /// The position's picture with its moves on it (see `api::board`).
    fn board(&self) -> crate::board::Board;
}

impl Clone for Box<dyn AnyPosition> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl fmt::Debug for dyn AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game(), self)
    }
}

/// The closed form of `P`, kept as plain function pointers so that one
/// adapter serves games with and without a [`Solution`].
struct Formula<P: Game> {
    outcome: fn(&P) -> Outcome,
    grundy: fn(&P) -> Option<Nimber>,
    winning_moves: fn(&P) -> Vec<P::Move>,
    moves_to_value: fn(&P, Nimber) -> Option<Vec<P::Move>>,
    lists_every_move_to_value: fn(&P) -> bool,
    misere_outcome: fn(&P) -> Option<Outcome>,
    misere_winning_move: fn(&P) -> Option<P::Move>,
    details: fn(&P) -> Vec<(String, String)>,
    check: fn(Vec<P>, Limits) -> Result<CheckReport, CheckError>,
}

impl<P: Solution + 'static> Formula<P> {
    fn of() -> Formula<P> {
        Formula {
            outcome: <P as Solution>::outcome,
            grundy: <P as Solution>::grundy,
            winning_moves: <P as Solution>::winning_moves,
            moves_to_value: <P as Solution>::moves_to_value,
            lists_every_move_to_value: <P as Solution>::lists_every_move_to_value,
            misere_outcome: <P as Solution>::misere_outcome,
            misere_winning_move: <P as Solution>::misere_winning_move,
            details: <P as Solution>::details,
            check: |positions, limits| check(positions, limits),
        }
    }
}

impl<P: Game> Formula<P> {
    fn outcome_in(&self, p: &P, play: Play) -> Option<Outcome> {
        match play {
            Play::Normal => Some((self.outcome)(p)),
            Play::Misere => (self.misere_outcome)(p),
        }
    }
}

struct Inner<R: Rules> {
    rules: R,
    formula: Option<Formula<R::Position>>,
}

struct Adapter<R: Rules>(Arc<Inner<R>>);

/// Grundy values of many positions of one game, learnt once and kept from
/// call to call: by formula where it gives one, else by the game's own
/// search if it has one ([`Rules::value_search`]), else by one pruned
/// search ([`Pruner`]) shared by all. `None` where a search reached its limit.
struct ValueSource<'a, R: Rules> {
    inner: &'a Inner<R>,
    own: Option<Box<dyn ValueSearch<R::Position> + 'a>>,
    search: Pruner<R::Position>,
    limits: Limits,
}

impl<'a, R: Rules> ValueSource<'a, R> {
    fn new(inner: &'a Inner<R>, limits: Limits) -> ValueSource<'a, R> {
        let own = match inner.formula {
            Some(_) => None,
            None => inner.rules.value_search(limits),
        };
        ValueSource {
            inner,
            own,
            search: Pruner::new(limits),
            limits,
        }
    }

    fn values(&mut self, positions: &[R::Position]) -> Result<Vec<Option<Nimber>>, AnalyzeError> {
        if let Some(own) = &mut self.own {
            return Ok(own.values(positions)?);
        }
        let formula = self.inner.formula.as_ref();
        let mut values = Vec::with_capacity(positions.len());
        for p in positions {
            values.push(match formula.and_then(|f| (f.grundy)(p)) {
                Some(g) => Some(g),
                // Refused before its moves are listed: two Wythoff heaps of
                // 2^64 − 1 have more moves than memory holds.
                None if too_big(p, self.limits.max_positions) => None,
                None => match self.search.grundy(p) {
                    Ok(g) => Some(g),
                    Err(e) if e.is_limit() => None,
                    Err(e) => return Err(e.into()),
                },
            });
        }
        Ok(values)
    }
}

struct Position<R: Rules> {
    game: Arc<Inner<R>>,
    pos: R::Position,
}

/// A catalog game with a closed form.
pub fn with_formula<R: Rules>(rules: R) -> Box<dyn AnyGame>
where
    R::Position: Solution,
{
    Box::new(Adapter(Arc::new(Inner {
        rules,
        formula: Some(Formula::of()),
    })))
}

/// A catalog game analysed by search alone.
pub fn search_only<R: Rules>(rules: R) -> Box<dyn AnyGame> {
    Box::new(Adapter(Arc::new(Inner {
        rules,
        formula: None,
    })))
}

impl<R: Rules> AnyGame for Adapter<R> {
    fn name(&self) -> String {
        self.0.rules.name()
    }

    fn parse(&self, words: &[&str]) -> Result<Box<dyn AnyPosition>, ParseError> {
        let pos = self.0.rules.parse_position(words)?;
        Ok(Box::new(Position {
            game: Arc::clone(&self.0),
            pos,
        }))
    }

    fn has_formula(&self) -> bool {
        self.0.formula.is_some()
    }

    fn verify(&self, size: u64, limits: Limits) -> Option<Result<CheckReport, CheckError>> {
        let positions = self.0.rules.small_positions(size);
        match self.0.formula.as_ref() {
            Some(f) => Some((f.check)(positions, limits)),
            None => self.0.rules.check_search(positions, limits),
        }
    }

    fn values(
        &self,
        positions: &mut dyn Iterator<Item = Vec<String>>,
        limits: Limits,
    ) -> Result<Vec<Option<Nimber>>, ValuesError> {
        let parse = |words: Vec<String>| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            self.0.rules.parse_position(&words)
        };
        let mut source = ValueSource::new(&self.0, limits);
        let mut values = Vec::new();
        // A part at a time, so that only one part's positions exist at once.
        loop {
            let part = (&mut *positions)
                .take(1 << 14)
                .map(parse)
                .collect::<Result<Vec<_>, _>>()?;
            if part.is_empty() {
                return Ok(values);
            }
            values.extend(source.values(&part)?);
        }
    }
}

impl<R: Rules> fmt::Display for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pos.fmt(f)
    }
}

fn too_big<G: Game>(p: &G, limit: usize) -> bool {
    p.too_large_to_search(limit)
}

/// [`SearchError::TooLarge`] for a position [`too_big`] for `limits`,
/// before a search that would only stop at its bound starts.
fn searchable<G: Game>(p: &G, limits: Limits) -> Result<(), SearchError> {
    match too_big(p, limits.max_positions) {
        true => Err(SearchError::TooLarge {
            limit: limits.max_positions,
        }),
        false => Ok(()),
    }
}

impl<R: Rules> Position<R> {
    fn wrap(&self, pos: R::Position) -> Box<dyn AnyPosition> {
        Box::new(Position {
            game: Arc::clone(&self.game),
            pos,
        })
    }

    fn listable(&self) -> Result<(), AnalyzeError> {
        let count = self.pos.move_count();
        if count > MOVE_LIST_LIMIT {
            return Err(AnalyzeError::TooManyMoves {
                count,
                limit: MOVE_LIST_LIMIT,
            });
        }
        Ok(())
    }

    fn details(&self) -> BTreeMap<String, String> {
        match &self.game.formula {
            Some(f) => (f.details)(&self.pos).into_iter().collect(),
            None => BTreeMap::new(),
        }
    }

    fn by_formula(
        &self,
        f: &Formula<R::Position>,
        outcome: Outcome,
        o: &AnalyzeOptions,
    ) -> Result<Analysis, AnalyzeError> {
        let p = &self.pos;
        let budget = quick_limits_for(p, o.limits);
        let (search, remoteness) = remoteness_search(p, o, None)?;
        let (all, winning) = if o.value_only {
            (None, Some((Vec::new(), false)))
        } else if p.move_count() <= MOVE_LIST_LIMIT {
            let all: Vec<MoveInfo> = p
                .moves()
                .iter()
                .map(|m| {
                    let to = p.play(m);
                    let remoteness = search.known(&to).map(|s| s.remoteness);
                    MoveInfo::new(m, &to, f.outcome_in(&to, o.play), remoteness)
                })
                .collect();
            (Some(all), None)
        } else {
            if o.all_moves {
                self.listable()?;
            }
            let listed = match o.play {
                Play::Normal => (f.winning_moves)(p),
                Play::Misere => (f.misere_winning_move)(p).into_iter().collect(),
            };
            let infos = listed
                .iter()
                .map(|m| MoveInfo::new(m, p.play(m), Some(Outcome::Previous), None))
                .collect();
            (None, Some((infos, false)))
        };
        let grundy = match o.play {
            Play::Normal => self.quick_grundy(f, budget),
            Play::Misere => None,
        };
        let found = Found {
            outcome,
            grundy,
            method: Method::Formula,
            remoteness,
            all,
            winning,
            details: self.details(),
        };
        Ok(self.write_up(o, found))
    }

    fn write_up(&self, o: &AnalyzeOptions, found: Found) -> Analysis {
        Analysis::new(self.game(), self.pos.to_string(), o.play, found, o)
    }

    /// The formula's Grundy value, or else search's within the quick budget.
    fn quick_grundy(&self, f: &Formula<R::Position>, budget: Limits) -> Option<u64> {
        if let Some(g) = (f.grundy)(&self.pos) {
            return Some(g.value());
        }
        if too_big(&self.pos, budget.max_positions) {
            return None;
        }
        Pruner::new(budget)
            .grundy(&self.pos)
            .ok()
            .map(Nimber::value)
    }

    /// Normal play by the game's own Grundy search (see
    /// [`Rules::value_search`]), one search for the position and all its
    /// options; remoteness by a quick outcome search, `None` beyond it.
    /// `Ok(None)` when the game has no search of its own.
    fn by_values(&self, o: &AnalyzeOptions) -> Result<Option<Analysis>, AnalyzeError> {
        let p = &self.pos;
        let Some(mut own) = self.game.rules.value_search(o.limits) else {
            return Ok(None);
        };
        let moves = match o.value_only {
            true => Vec::new(),
            false => {
                self.listable()?;
                p.try_moves().map_err(SearchError::from)?
            }
        };
        let mut positions: Vec<R::Position> = moves.iter().map(|m| p.play(m)).collect();
        positions.push(p.clone());
        let values = own.values(&positions)?;
        // The limit the search itself reached, so that a time limit is
        // reported as one.
        let stop = || {
            own.stopped()
                .cloned()
                .unwrap_or(SearchError::LimitExceeded {
                    limit: o.limits.max_positions,
                })
        };
        let value_of = |k: usize| values[k].ok_or_else(stop);
        let grundy = value_of(moves.len())?;
        let (search, remoteness) = remoteness_search(p, o, None)?;
        let mut all = Vec::with_capacity(moves.len());
        for (k, (m, to)) in moves.iter().zip(&positions).enumerate() {
            let outcome = match value_of(k)?.value() {
                0 => Outcome::Previous,
                _ => Outcome::Next,
            };
            let remoteness = search.known(to).map(|s| s.remoteness);
            all.push(MoveInfo::new(m, to, Some(outcome), remoteness));
        }
        let found = Found {
            outcome: Outcome::from_grundy(grundy),
            grundy: Some(grundy.value()),
            method: Method::Search,
            remoteness,
            all: Some(all),
            winning: None,
            details: self.details(),
        };
        Ok(Some(self.write_up(o, found)))
    }

    /// Normal play by the pruned search: each move's outcome by an
    /// outcome-only question, then the value by the same search, whose
    /// table the outcomes filled (that order looks at fewer moves than the
    /// value first: the value's set questions leave little that the
    /// outcomes can use, while the outcomes answer the value's first
    /// question, and settle many of its options: Cram 4x9 2.37 s to
    /// 2.04 s); remoteness by a quick search, `None` beyond it, so that
    /// the value never waits on it.
    fn by_pruned(
        &self,
        o: &AnalyzeOptions,
        hooks: &mut SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        let p = &self.pos;
        if !o.value_only {
            self.listable()?;
        }
        // Refused as the full search and the value search refuse it: the
        // pruned search would run to its work bound (Moore's Nim_3 of 50..90:
        // 7 minutes) before it stopped.
        searchable(p, o.limits)?;
        let mut w = self.watching(o, "pruned", hooks);
        let opened = w.open_checkpoint()?;
        let mut pruner = Pruner::new(o.limits);
        pruner.watch(Arc::clone(&w.progress), w.saver.clone());
        self.resume_into(&w, opened.as_ref(), pruner.table_mut(), o)?;
        // The file's bytes are not needed once loaded.
        w.resume = None;
        let stop = Arc::clone(&w.progress);
        let quick_search = move || remoteness_search(p, o, Some(&stop));
        let mut all = Vec::new();
        let moves = match o.value_only {
            true => Vec::new(),
            false => p.try_moves().map_err(SearchError::from)?,
        };
        if !moves.is_empty() {
            w.progress.set_stage(Stage::Outcomes);
        }
        let tos = moves
            .iter()
            .map(|m| p.try_play(m))
            .collect::<Result<Vec<_>, _>>()
            .map_err(SearchError::from)?;
        // On `o.limits.threads` threads, the quick remoteness search (a
        // few tenths of a second at most) on one of them.
        let (outcomes, quick) = pruner.outcomes_beside(&tos, quick_search);
        let outcomes = w.saved(outcomes, |s| s.save(&[pruner.table()]))?;
        let (quick, remoteness) = quick?;
        for ((m, to), outcome) in moves.iter().zip(&tos).zip(outcomes) {
            let remoteness = quick.known(to).map(|s| s.remoteness);
            all.push(MoveInfo::new(m, to, Some(outcome), remoteness));
        }
        w.progress.set_stage(Stage::Value);
        let grundy = w.saved(pruner.grundy(p), |s| s.save(&[pruner.table()]))?;
        w.saver.save(&[pruner.table()])?;
        let found = Found {
            outcome: Outcome::from_grundy(grundy),
            grundy: Some(grundy.value()),
            method: Method::Search,
            remoteness,
            all: Some(all),
            winning: None,
            details: self.details(),
        };
        Ok(self.write_up(o, found))
    }

    fn by_search(
        &self,
        o: &AnalyzeOptions,
        hooks: &mut SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        let p = &self.pos;
        searchable(p, o.limits)?;
        let mut w = self.watching(o, "full", hooks);
        // The full search, for the remoteness of the position and of every
        // move (`analyze_by_search` answers by the pruned search alone).
        let mut search = Searcher::with_limits(o.play, o.limits);
        search.watch(Arc::clone(&w.progress), w.saver.clone());
        w.progress.set_stage(Stage::Remoteness);
        let opened = w.open_checkpoint()?;
        self.resume_into(&w, opened.as_ref(), search.solved_table_mut(), o)?;
        let found = by_search(&mut search, p);
        let (outcome, remoteness, all) = w.saved(found, |s| s.save(&[search.solved_table()]))?;
        // What the value search below needs of this one, kept in its
        // checkpoints: the answers for the position and its moves.
        let mut keys = vec![p.canonical()];
        for m in p.try_moves().map_err(SearchError::from)? {
            keys.push(p.try_play(&m).map_err(SearchError::from)?.canonical());
        }
        w.saver.carry(search.solved_table(), &keys);
        w.saver.save(&[])?;
        // The value search below has the whole budget to itself.
        drop(search);
        let grundy = match o.play {
            Play::Normal => {
                w.progress.set_stage(Stage::Value);
                let mut source = ValueSource::new(&self.game, o.limits);
                source
                    .search
                    .watch(Arc::clone(&w.progress), w.saver.clone());
                self.resume_into(&w, opened.as_ref(), source.search.table_mut(), o)?;
                w.resume = None;
                let values = source.values(std::slice::from_ref(p));
                let save = |s: &Saver| s.save(&[source.search.table()]);
                let value = match values {
                    Ok(v) if v[0].is_none() => {
                        save(&w.saver)?;
                        v[0]
                    }
                    Ok(v) => v[0],
                    Err(e) => {
                        save(&w.saver)?;
                        return Err(e);
                    }
                };
                let limit = o.limits.max_positions;
                let value = value.ok_or(SearchError::LimitExceeded { limit })?.value();
                save(&w.saver)?;
                Some(value)
            }
            // Misère play has no Grundy value.
            Play::Misere => None,
        };
        let found = Found {
            outcome,
            grundy,
            method: Method::Search,
            remoteness: Some(remoteness),
            all: Some(all),
            winning: None,
            details: self.details(),
        };
        Ok(self.write_up(o, found))
    }

    /// How a search of this position under `o` is watched: `hooks`'
    /// counters (or its own), and checkpoints of `search` if asked for.
    fn watching(
        &self,
        o: &AnalyzeOptions,
        search: &'static str,
        hooks: &mut SearchHooks,
    ) -> Watching {
        let progress = hooks.progress.clone().unwrap_or_default();
        let header = Header {
            game: self.game(),
            position: self.pos.to_string(),
            play: o.play,
            search,
        };
        let (saver, resume) = match hooks.checkpoint.take() {
            Some(c) => (Saver::new(header.clone(), c.every, c.save), c.resume),
            None => (Saver::default(), None),
        };
        Watching {
            progress,
            saver,
            resume,
            header,
            max_bytes: o.limits.max_bytes,
        }
    }

    /// Loads the entries of `table`'s kind of the checkpoint `opened` into
    /// `table`, within the memory budget, keys parsed by the game's rules.
    fn resume_into<T: Stored>(
        &self,
        w: &Watching,
        opened: Option<&Opened<'_>>,
        table: &mut Table<R::Position, T>,
        o: &AnalyzeOptions,
    ) -> Result<(), AnalyzeError> {
        let Some(opened) = opened else {
            return Ok(());
        };
        let rules = &self.game.rules;
        let parse = |text: &str| {
            let words: Vec<&str> = text.split_whitespace().collect();
            rules.parse_position(&words).ok().map(|p| p.canonical())
        };
        // The search's share of the budget, less the file's bytes, held
        // until every table is loaded.
        let usable = crate::solve::limits::usable(o.limits.max_bytes);
        let budget = usable.saturating_sub(w.resume.as_ref().map_or(0, Vec::len));
        let loaded = opened.load(table, budget, parse)?;
        w.progress.add_resumed(loaded);
        Ok(())
    }

    /// The Grundy values of `positions`, by one [`ValueSource`].
    fn search_grundy(
        &self,
        positions: &[R::Position],
        limits: Limits,
    ) -> Result<Vec<Option<Nimber>>, AnalyzeError> {
        ValueSource::new(&self.game, limits).values(positions)
    }
}

/// The analysis of a game whose positions never repeat (a cycle is an error here).
impl<R: Rules> Position<R> {
    /// Normal play where no formula answers: the value and every move's
    /// outcome by the pruned search, the fastest engine that gives them
    /// (Cram 4x9: 1.5 s), remoteness within the default budget; the full
    /// search (Cram 4x9: 3.5 minutes) only when exact remoteness is asked
    /// for ([`AnalyzeOptions::remoteness`]). Misère play has no pruned
    /// search: the full one.
    fn by_cost(
        &self,
        o: &AnalyzeOptions,
        hooks: &mut SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        match (o.play, o.remoteness) {
            (Play::Normal, false) => self.by_pruned(o, hooks),
            _ => self.by_search(o, hooks),
        }
    }

    /// The analysis, a game whose positions repeat going to the loopy
    /// engine.
    fn analyze_unscoped(
        &self,
        o: &AnalyzeOptions,
        by_search: bool,
        hooks: SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        match self.analyze_finite(o, by_search, hooks) {
            Err(AnalyzeError::Search(SearchError::Cycle { .. })) => match o.play {
                Play::Normal => super::loopy::analyze_game(self.game(), &self.pos, o),
                Play::Misere => Err(AnalyzeError::LoopyMisere {
                    position: self.pos.to_string(),
                }),
            },
            result => result,
        }
    }

    fn analyze_finite(
        &self,
        o: &AnalyzeOptions,
        by_search: bool,
        mut hooks: SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        let hooks = &mut hooks;
        if by_search {
            return match o.play {
                Play::Normal => self.by_pruned(o, hooks),
                Play::Misere => self.by_search(o, hooks),
            };
        }
        let formula = self.game.formula.as_ref();
        match formula.and_then(|f| f.outcome_in(&self.pos, o.play).map(|out| (f, out))) {
            Some((f, outcome)) => self.by_formula(f, outcome, o),
            None if o.play == Play::Normal && formula.is_none() => match self.by_values(o)? {
                Some(analysis) => Ok(analysis),
                None => self.by_cost(o, hooks),
            },
            // Theory before search in misère play (take-and-break sums).
            None if o.play == Play::Misere => {
                let rules = &self.game.rules;
                let found = match super::misere::misere_found(rules, &self.pos, o)? {
                    Some(found) => Some(found),
                    None => super::subsets::subsets_found(rules, &self.pos, o),
                };
                match found {
                    Some(found) => Ok(self.write_up(o, found)),
                    None => self.by_search(o, hooks),
                }
            }
            None => self.by_cost(o, hooks),
        }
    }
}

impl<R: Rules> AnyPosition for Position<R> {
    fn certify(
        &self,
        limits: Limits,
        out: &mut dyn std::io::Write,
    ) -> Result<Summary, CertificateError> {
        match self.game.rules.certificate_form() {
            Some(form) => {
                crate::solve::certificate::write_value(&self.pos, form.as_ref(), limits, out)
            }
            None => Err(CertificateError::Unsupported { game: self.game() }),
        }
    }

    fn game(&self) -> String {
        self.game.rules.name()
    }

    fn analyze(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        self.analyze_watched(o, false, SearchHooks::default())
    }

    fn analyze_by_search(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        self.analyze_watched(o, true, SearchHooks::default())
    }

    fn analyze_watched(
        &self,
        o: &AnalyzeOptions,
        by_search: bool,
        hooks: SearchHooks,
    ) -> Result<Analysis, AnalyzeError> {
        // The run's time limit holds inside the game's own calls too (a
        // script's `moves`), whoever calls: a front end's watch is only
        // tightened by it.
        let deadline = o.limits.deadline_from(std::time::Instant::now());
        crate::solve::deadline::scoped(deadline, || self.analyze_unscoped(o, by_search, hooks))
    }

    fn loopy(&self, limits: Limits) -> Result<Option<Ranked>, AnalyzeError> {
        match self.grundy(limits) {
            Ok((g, _)) => Ok(g.map(|g| Ranked::finite(g.value()))),
            Err(AnalyzeError::Search(SearchError::Cycle { .. })) => {
                Ok(super::loopy::explore(&self.pos, limits)?.ranked(&self.pos))
            }
            Err(e) => Err(e),
        }
    }

    fn grundy(&self, limits: Limits) -> Result<(Option<Nimber>, Method), AnalyzeError> {
        if let Some(g) = self
            .game
            .formula
            .as_ref()
            .and_then(|f| (f.grundy)(&self.pos))
        {
            return Ok((Some(g), Method::Formula));
        }
        if too_big(&self.pos, limits.max_positions) {
            return Ok((None, Method::Search));
        }
        let value = self.search_grundy(std::slice::from_ref(&self.pos), limits)?[0];
        Ok((value, Method::Search))
    }

    fn moves_to_value(
        &self,
        target: Nimber,
        limits: Limits,
    ) -> Result<(Vec<MoveInfo>, bool), AnalyzeError> {
        let p = &self.pos;
        let info = |m: &<R::Position as Game>::Move| MoveInfo::new(m, p.play(m), None, None);
        if let Some(f) = self.game.formula.as_ref() {
            if let Some(moves) = (f.moves_to_value)(p, target) {
                let every = (f.lists_every_move_to_value)(p);
                return Ok((moves.iter().map(info).collect(), every));
            }
        }
        self.listable()?;
        let moves = p.try_moves().map_err(SearchError::from)?;
        let options: Vec<R::Position> = moves.iter().map(|m| p.play(m)).collect();
        let values = self.search_grundy(&options, limits)?;
        let mut found = Vec::new();
        for ((m, to), value) in moves.iter().zip(&options).zip(values) {
            match value {
                Some(g) if g == target => found.push(info(m)),
                Some(_) => {}
                None => {
                    return Err(AnalyzeError::NoValue {
                        position: to.to_string(),
                    })
                }
            }
        }
        Ok((found, true))
    }

    fn move_names(&self) -> Result<Vec<String>, AnalyzeError> {
        self.listable()?;
        let moves = self.pos.try_moves().map_err(SearchError::from)?;
        Ok(moves.iter().map(ToString::to_string).collect())
    }

    fn play_named(&self, mv: &str) -> Result<Box<dyn AnyPosition>, PlayError> {
        let refuse = |reason: String| PlayError {
            mv: mv.to_string(),
            position: self.pos.to_string(),
            reason,
        };
        let m: <R::Position as Game>::Move = mv.trim().parse().map_err(|_| {
            refuse("not a move of this game (type `moves` in play to see them)".into())
        })?;
        if !self.pos.legal(&m) {
            return Err(refuse("not a legal move here".into()));
        }
        let next = self
            .pos
            .try_play(&m)
            .map_err(|e: GameError| refuse(e.message))?;
        Ok(self.wrap(next))
    }

    fn any_move(&self) -> Option<(String, Box<dyn AnyPosition>)> {
        let m = self.pos.any_move()?;
        Some((m.to_string(), self.wrap(self.pos.play(&m))))
    }

    fn clone_box(&self) -> Box<dyn AnyPosition> {
        self.wrap(self.pos.clone())
    }

    fn board(&self) -> crate::board::Board {
        super::draw(self.game(), &self.pos)
    }
}

/// How one analysis's searches are watched (see
/// [`AnyPosition::analyze_watched`]).
struct Watching {
    progress: Arc<Progress>,
    saver: Saver,
    resume: Option<Vec<u8>>,
    header: Header,
    max_bytes: usize,
}

impl Watching {
    /// The checkpoint to resume from, checked, if there is one.
    fn open_checkpoint(&self) -> Result<Option<Opened<'_>>, AnalyzeError> {
        let Some(bytes) = &self.resume else {
            return Ok(None);
        };
        // The smallest entry: a position of a few bytes and a value.
        let min = snapshot::min_entry::<u64, Solved>();
        Ok(Some(snapshot::open(
            bytes,
            &self.header,
            self.max_bytes,
            min,
        )?))
    }

    /// `result`, after saving the table with `save` when the search stopped
    /// at a limit or was interrupted, so that a resume goes on from there.
    fn saved<T>(
        &self,
        result: Result<T, SearchError>,
        save: impl FnOnce(&Saver) -> Result<(), SearchError>,
    ) -> Result<T, AnalyzeError> {
        match result {
            Err(e) if e.is_limit() || e == SearchError::Interrupted => {
                save(&self.saver)?;
                Err(e.into())
            }
            r => Ok(r?),
        }
    }
}
