//! Misère analysis of a sum of take-and-break heaps by theory first: when
//! every heap is tame, the genus rule (misère Nim on the heaps' normal
//! values); else the simplest form of the whole sum, where it can be built
//! within a budget; else nothing, and the caller searches.
//!
//! Every move's outcome is found the same way, so the winning moves are
//! all of them; remoteness comes from a quick search, `None` beyond it.

use std::any::Any;
use std::collections::BTreeMap;

use super::canonical::{Form, Forms};
use super::genus::{tame_outcome, Genera, Kind};
use super::heaps::{HeapForms, HeapGame};
use crate::catalog::analysis::{quick_limits, Found, Method, MoveInfo, MOVE_LIST_LIMIT};
use crate::game::{Game, Outcome, Play};
use crate::games::octal::Octal;
use crate::solve::{Limits, Searcher};

/// The forms an analysis may build before it gives up and search takes over.
pub const THEORY_FORMS: usize = 1 << 18;

/// The most time an analysis spends on forms before search takes over.
pub const THEORY_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The largest heap whose simplest form an analysis tries to build.
pub const THEORY_MAX_HEAP: u64 = 200;

struct Theory {
    forms: Forms,
    heaps: HeapForms,
    genera: Genera,
}

impl Theory {
    fn new(game: HeapGame, limits: Limits) -> Theory {
        let time = limits.max_time.map_or(THEORY_TIME, |t| t.min(THEORY_TIME));
        let deadline = std::time::Instant::now() + time;
        Theory {
            forms: Forms::new(THEORY_FORMS).with_deadline(Some(deadline)),
            heaps: HeapForms::new(game),
            genera: Genera::new(),
        }
    }

    fn parts(&mut self, heaps: &[u64]) -> Option<Vec<Form>> {
        if heaps.iter().any(|&h| h > THEORY_MAX_HEAP) {
            return None;
        }
        heaps
            .iter()
            .map(|&h| self.heaps.heap(&mut self.forms, h).ok())
            .collect()
    }

    /// The misère outcome of the sum of `heaps` and the method that found it.
    fn verdict(&mut self, heaps: &[u64]) -> Option<(Outcome, Method)> {
        let parts = self.parts(heaps)?;
        let mut tame = Vec::with_capacity(parts.len());
        for &f in &parts {
            match self.genera.kind(&mut self.forms, f).ok()? {
                Kind::Wild => break,
                k => tame.push((self.forms.normal_grundy(f), k == Kind::Fickle)),
            }
        }
        if tame.len() == parts.len() {
            return Some((tame_outcome(tame), Method::Genus));
        }
        let sum = self.forms.sum(&parts).ok()?;
        Some((self.forms.outcome(sum), Method::Canonical))
    }
}

/// What theory finds of `p` in misère play, if `p` is a sum of
/// take-and-break heaps it can answer with every move's outcome.
pub(crate) fn misere_found<P: Game + 'static>(p: &P, limits: Limits) -> Option<Found> {
    let octal = (p as &dyn Any).downcast_ref::<Octal>()?;
    if p.move_count() > MOVE_LIST_LIMIT {
        return None;
    }
    let mut theory = Theory::new(HeapGame::Code(octal.rule().code().clone()), limits);
    let (outcome, mut method) = theory.verdict(octal.heaps())?;
    let mut search = Searcher::with_limits(Play::Misere, quick_limits(limits));
    let remoteness = search.solve(p).ok().map(|s| s.remoteness);
    let mut all = Vec::new();
    for m in p.moves() {
        let to = p.play(&m);
        let to_octal = (&to as &dyn Any).downcast_ref::<Octal>()?;
        let (o, how) = theory.verdict(to_octal.heaps())?;
        if how == Method::Canonical {
            method = Method::Canonical;
        }
        all.push(MoveInfo {
            mv: m.to_string(),
            to: to.to_string(),
            outcome: Some(o),
            remoteness: search.known(&to).map(|s| s.remoteness),
        });
    }
    let why = match method {
        Method::Genus => "every heap, and every heap a move leaves, is tame: misère Nim on their normal values (the genus rule)",
        _ => "misère simplest forms of the sum and of every option",
    };
    let mut details = BTreeMap::new();
    details.insert("misère theory".to_string(), why.to_string());
    Some(Found {
        outcome,
        grundy: None,
        method,
        remoteness,
        all: Some(all),
        winning: None,
        details,
    })
}
