//! Misère analysis of a sum of take-and-break heaps by theory first: when
//! every heap is tame, the genus rule (misère Nim on the heaps' normal
//! values); else the misère quotient of all sums of heaps up to the
//! largest heap, or up to a smaller bound where a period is proved for
//! every heap size, where it can be computed within a small budget; else the
//! simplest form of the whole sum, where it can be built within a budget;
//! else nothing, and the caller searches.
//!
//! Every move's outcome is found the same way, so the winning moves are
//! all of them; remoteness comes from a quick search, `None` beyond it.

use std::collections::BTreeMap;

use super::erased::Rules;
use super::{remoteness_search, AnalyzeOptions, Found, Method, MoveInfo, MOVE_LIST_LIMIT};
use crate::game::{Game, Outcome};
use crate::misere::canonical::{Form, Forms};
use crate::misere::genus::{tame_outcome, Genera, Kind};
use crate::misere::heaps::{HeapForms, HeapGame};
use crate::misere::quotient::{Quotient, QuotientLimits};
use crate::solve::{Limits, SearchError};

/// The forms an analysis may build before it gives up and search takes over.
pub const THEORY_FORMS: usize = 1 << 18;

/// The largest heap whose simplest form an analysis tries to build.
pub const THEORY_MAX_HEAP: u64 = 200;

/// The most states of the unreduced monoid an analysis builds a quotient
/// from.
pub const THEORY_QUOTIENT_STATES: usize = 1 << 21;

struct Theory {
    forms: Forms,
    heaps: HeapForms,
    genera: Genera,
    game: HeapGame,
    /// The run's own time limit, if it has one: theory is bounded by its work
    /// ([`THEORY_FORMS`], [`THEORY_QUOTIENT_STATES`]), never by a clock of
    /// its own, so its answer does not depend on the machine's load.
    deadline: Option<std::time::Instant>,
    /// Computed at the first sum that needs it; `Some(None)` when it could
    /// not be within the budget.
    quotient: Option<Option<Quotient>>,
}

impl Theory {
    fn new(game: HeapGame, limits: Limits) -> Theory {
        let deadline = limits.max_time.map(|t| std::time::Instant::now() + t);
        Theory {
            forms: Forms::new(THEORY_FORMS).with_deadline(deadline),
            heaps: HeapForms::new(game.clone()),
            genera: Genera::new(),
            game,
            deadline,
            quotient: None,
        }
    }

    /// The quotient of sums of heaps up to `max_heap`, or of a smaller
    /// bound where a period is proved (it then covers every heap),
    /// computed once.
    fn quotient(&mut self, max_heap: u64) -> Option<&Quotient> {
        if self.quotient.is_none() {
            let limits = QuotientLimits {
                max_states: THEORY_QUOTIENT_STATES,
                deadline: self.deadline,
                ..QuotientLimits::default()
            };
            let q = Quotient::compute_until_stable(&self.game, max_heap, limits, &mut |_| {}).ok();
            self.quotient = Some(q);
        }
        self.quotient.as_ref().and_then(Option::as_ref)
    }

    /// The sum's outcome by the genus rule, if every part is tame.
    fn by_genus(&mut self, heaps: &[u64]) -> Option<Outcome> {
        let parts = self.parts(heaps)?;
        let mut tame = Vec::with_capacity(parts.len());
        for &f in &parts {
            if !self.genera.is_tame(&mut self.forms, f).ok()? {
                return None;
            }
            let fickle = self.genera.kind(&mut self.forms, f).ok()? == Kind::Fickle;
            tame.push((self.forms.normal_grundy(f), fickle));
        }
        Some(tame_outcome(tame))
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

    /// The misère outcome of the sum of `heaps` and the method that found
    /// it; `largest` is the heap bound of the quotient to use.
    fn verdict(&mut self, heaps: &[u64], largest: u64) -> Option<(Outcome, Method)> {
        if let Some(o) = self.by_genus(heaps) {
            return Some((o, Method::Genus));
        }
        if let Some(o) = self.quotient(largest).and_then(|q| q.outcome(heaps)) {
            return Some((o, Method::Quotient));
        }
        let parts = self.parts(heaps)?;
        let sum = self.forms.sum(&parts).ok()?;
        Some((self.forms.outcome(sum), Method::Canonical))
    }
}

fn rank(m: Method) -> u8 {
    match m {
        Method::Genus => 0,
        Method::Quotient => 1,
        _ => 2,
    }
}

/// What theory finds of `p` in misère play, if `p` is a sum of
/// take-and-break heaps it can answer with every move's outcome.
///
/// # Errors
/// As [`remoteness_search`], which gives the remoteness.
pub(crate) fn misere_found<R: Rules>(
    rules: &R,
    p: &R::Position,
    o: &AnalyzeOptions,
) -> Result<Option<Found>, SearchError> {
    let Some((game, heaps)) = rules.misere_heaps(p) else {
        return Ok(None);
    };
    if p.move_count() > MOVE_LIST_LIMIT {
        return Ok(None);
    }
    let mut theory = Theory::new(game, o.limits);
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let Some((outcome, mut method)) = theory.verdict(&heaps, largest) else {
        return Ok(None);
    };
    let (search, remoteness) = remoteness_search(p, o, None)?;
    let mut all = Vec::new();
    for m in p.moves() {
        let to = p.play(&m);
        let Some((_, to_heaps)) = rules.misere_heaps(&to) else {
            return Ok(None);
        };
        let Some((o, how)) = theory.verdict(&to_heaps, largest) else {
            return Ok(None);
        };
        // The method named is the least special one any sum needed.
        if rank(how) > rank(method) {
            method = how;
        }
        let remoteness = search.known(&to).map(|s| s.remoteness);
        all.push(MoveInfo::new(m, &to, Some(o), remoteness));
    }
    let why = match method {
        Method::Genus => "every heap, and every heap a move leaves, is tame: misère Nim on their normal values (the genus rule)".to_string(),
        Method::Quotient => {
            let q = theory.quotient(largest).expect("the quotient answered");
            let x = q.element(&heaps).expect("the quotient covers the sum");
            let scope = match q.period() {
                Some(per) => format!(
                    "of all sums of heaps of any size (heaps up to {}, then period {} from heap {}, proved)",
                    q.max_heap(),
                    per.p,
                    per.n0
                ),
                None => format!("of all sums of heaps up to {largest}"),
            };
            format!(
                "the misère quotient {scope} (order {}): the sum is {}, P-portion {{{}}}; every option valued the same way",
                q.order(),
                q.word(x),
                q.p_portion().join(", ")
            )
        }
        _ => "misère simplest forms of the sum and of every option".to_string(),
    };
    let mut details = BTreeMap::new();
    details.insert("misère theory".to_string(), why);
    Ok(Some(Found {
        outcome,
        grundy: None,
        method,
        remoteness,
        all: Some(all),
        winning: None,
        details,
    }))
}
