//! A component's options as the search meets them: each played and its
//! parts looked up (the table's values XORed together, a part its game
//! makes simpler replaced, two equal parts dropped), the rest listed
//! easiest first as an [`Open`] option for the questions; or, for the plain
//! mex, each option valued in full as it is played.

use super::bounds::theorem;
use super::search::ASK_VALUE;
use super::{Know, Pruner};
use crate::game::Game;
use crate::nimber::Mex;
use crate::solve::limits::SearchError;
use crate::solve::table::Slot;

/// An option of the component being searched, as [`Pruner::gather`] lists
/// it: its parts not valued yet at `parts[start..start + len]`, the
/// hardest first; the XOR of the values of the others; how hard it looks;
/// whether it was found to have a value already.
pub(super) struct Open {
    pub(super) start: u32,
    pub(super) len: u32,
    pub(super) x: u64,
    pub(super) cost: u128,
    pub(super) done: bool,
}

/// What [`Pruner::list_option`] finds of an option.
pub(super) enum Listed {
    /// The table values every part: the option's value.
    Valued(u64),
    /// Parts left to search, at the end of the buffer.
    Open(Open),
}

impl<G: Game> Pruner<G> {
    /// Each of `parts` that its game makes simpler for its value
    /// ([`Game::value_parts`]) replaced by the simpler parts.
    pub(super) fn simplify(&mut self, parts: &mut Vec<G>) {
        let mut simpler = std::mem::take(&mut self.simpler);
        parts.retain(|p| !p.value_parts(&mut simpler));
        parts.append(&mut simpler);
        self.simpler = simpler;
    }

    /// What the table knows of `c`, or else what its game's theorem says
    /// of its outcome ([`Game::known_outcome`]); a cycle if `c` is on the
    /// path.
    pub(super) fn know(&mut self, c: &G) -> Result<Know, SearchError> {
        Ok(match self.stored(c)? {
            Some(k) => k,
            None => theorem(c),
        })
    }

    /// What the game has at hand for `c` ([`Game::known_value`]) or the
    /// table holds, `None` when neither has anything; a cycle if `c` is on
    /// the path.
    fn stored(&mut self, c: &G) -> Result<Option<Know>, SearchError> {
        if let Some(v) = c.known_value().or_else(|| self.indexed.get(c)) {
            return Ok(Some(Know::exactly(v)));
        }
        match self.table.get(c) {
            Some((Slot::Done(k), _)) => Ok(Some(k.unpack())),
            Some((Slot::Busy, _)) => Err(SearchError::Cycle {
                position: c.to_string(),
            }),
            None => Ok(None),
        }
    }

    /// Adds the part `p` of an option, of which `k` is known, to the
    /// option's parts from `start` on, or its value to `x` where `k` has
    /// it; two equal parts add to 0, and neither is searched.
    fn add_part(&mut self, p: G, k: Know, parts: &mut Vec<G>, start: usize, x: &mut u64) {
        if k.exact {
            *x ^= k.floor;
            self.spare.push(p);
            return;
        }
        match parts[start..].iter().position(|q| *q == p) {
            Some(i) => {
                self.spare.push(parts.swap_remove(start + i));
                self.spare.push(p);
            }
            None => parts.push(p),
        }
    }

    /// Lists the options of `c`: an option all of whose parts the table
    /// values goes into `seen` as its value, the others into `open` with
    /// their unvalued parts in `parts`, sorted easiest first.
    /// `true`, stopping there, when an option is known to have value `n`.
    pub(super) fn gather(
        &mut self,
        c: &G,
        n: u64,
        parts: &mut Vec<G>,
        open: &mut Vec<Open>,
        seen: &mut Mex,
    ) -> Result<bool, SearchError> {
        for m in c.search_moves()? {
            self.count_move()?;
            let start = parts.len();
            match self.list_option(c, &m, parts)? {
                Listed::Valued(x) if x == n => return Ok(true),
                Listed::Valued(x) => {
                    seen.add(x);
                }
                Listed::Open(o) => {
                    // One part left, whose stored knowledge may answer.
                    if o.len == 1
                        && n != ASK_VALUE
                        && self.know(&parts[start])?.decides(n ^ o.x) == Some(true)
                    {
                        return Ok(true);
                    }
                    open.push(o);
                }
            }
        }
        open.sort_by_key(|o| o.cost);
        seen.sort();
        Ok(false)
    }

    /// Plays `m` in `c` and sorts the option's parts: those the table
    /// values are XORed together, the others appended to `parts`, the
    /// hardest (of the greatest [difficulty](Game::difficulty)) first.
    pub(super) fn list_option(
        &mut self,
        c: &G,
        m: &G::Move,
        parts: &mut Vec<G>,
    ) -> Result<Listed, SearchError> {
        let mut buffer = std::mem::take(&mut self.scratch);
        let mut spare = std::mem::take(&mut self.spare);
        buffer.clear();
        let played = c.option_parts_reusing(m, &mut buffer, &mut spare);
        self.spare = spare;
        if let Err(e) = played {
            self.scratch = buffer;
            return Err(e.into());
        }
        let start = parts.len();
        let mut x = 0;
        // A part the table holds is one the game had no simpler form of
        // (only those are stored); the others are asked for one
        // ([`Game::value_parts`]), and its parts looked up in turn.
        let mut simpler = std::mem::take(&mut self.simpler);
        let mut looked_up = Ok(());
        for p in buffer.drain(..) {
            match self.stored(&p) {
                Err(e) => {
                    looked_up = Err(e);
                    break;
                }
                Ok(Some(k)) => self.add_part(p, k, parts, start, &mut x),
                Ok(None) if p.value_parts(&mut simpler) => self.spare.push(p),
                Ok(None) => {
                    let k = theorem(&p);
                    self.add_part(p, k, parts, start, &mut x)
                }
            }
        }
        if looked_up.is_ok() {
            for p in simpler.drain(..) {
                match self.know(&p) {
                    Err(e) => {
                        looked_up = Err(e);
                        break;
                    }
                    Ok(k) => self.add_part(p, k, parts, start, &mut x),
                }
            }
        }
        simpler.clear();
        self.simpler = simpler;
        buffer.clear();
        self.scratch = buffer;
        looked_up?;
        let mut hardest: Option<(u128, usize)> = None;
        let mut cost = 0u128;
        for (i, p) in parts.iter().enumerate().skip(start) {
            let d = p.difficulty();
            cost = cost.saturating_add(d.saturating_mul(d));
            if hardest.is_none_or(|(h, _)| d > h) {
                hardest = Some((d, i));
            }
        }
        let Some((_, i)) = hardest else {
            return Ok(Listed::Valued(x));
        };
        parts.swap(start, i);
        Ok(Listed::Open(Open {
            start: start as u32,
            len: (parts.len() - start) as u32,
            x,
            cost,
            done: false,
        }))
    }

    /// The plain mex search for a position with too many options to keep
    /// listed, or of a game whose questions do not pay: each option valued
    /// in full as it is played, its value put in
    /// `seen`. `true`, stopping there, when one has value `n`.
    pub(super) fn mex_of_options(
        &mut self,
        c: &G,
        n: u64,
        parts: &mut Vec<G>,
        seen: &mut Mex,
    ) -> Result<bool, SearchError> {
        // A walk over listed moves holds the list while the options are
        // valued below it: counted, so that a deep path of such walks
        // evicts or stops instead of filling the memory.
        let moves = c.move_iter()?;
        let held = moves.held_bytes();
        self.budget.path_bytes += held;
        let valued = self.mex_of_walk(c, n, moves, parts, seen);
        self.budget.path_bytes -= held;
        valued
    }

    /// [`mex_of_options`](Pruner::mex_of_options) over the walk `moves`.
    fn mex_of_walk(
        &mut self,
        c: &G,
        n: u64,
        moves: crate::game::MoveIter<G::Move>,
        parts: &mut Vec<G>,
        seen: &mut Mex,
    ) -> Result<bool, SearchError> {
        self.make_room(c)?;
        for mv in moves {
            self.count_move()?;
            parts.clear();
            let x = match self.list_option(c, &mv, parts)? {
                Listed::Valued(x) => x,
                Listed::Open(o) => {
                    let mut x = o.x;
                    for p in parts.iter() {
                        x ^= self.value(p)?;
                    }
                    x
                }
            };
            if x == n {
                return Ok(true);
            }
            seen.add(x);
        }
        seen.sort();
        Ok(false)
    }
}
