//! Misère analysis of a sum of take-and-break heaps by theory first: when
//! every heap is tame, the genus rule (misère Nim on the heaps' normal
//! values); else the misère quotient of all sums of heaps up to the
//! largest heap, or up to a smaller bound where a period is proved for
//! every heap size: shipped as data for the classic games (Kayles) and
//! proved when loaded, else found heap by heap
//! ([`crate::misere::incremental`]) within [`THEORY_INCREMENTAL_WORK`],
//! once per game and bound in the process, else by the unreduced monoid
//! within [`THEORY_QUOTIENT_STATES`]; else the
//! simplest form of the whole sum, where it can be built within a budget;
//! else nothing, and the caller searches.
//!
//! Every move's outcome is found the same way, so the winning moves are
//! all of them; remoteness comes from a quick search, `None` beyond it.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use super::erased::Rules;
use super::{
    quick_limits_for, remoteness_search_within, AnalyzeOptions, Found, Method, MoveInfo,
    MOVE_LIST_LIMIT,
};
use crate::game::{Game, Outcome};
use crate::misere::canonical::{Form, Forms};
use crate::misere::genus::{tame_outcome, Genera, Kind};
use crate::misere::heaps::{HeapForms, HeapGame};
use crate::misere::incremental::{self, IncrementalQuotient};
use crate::misere::quotient::{self as quotient, Quotient};
use crate::solve::{Limits, SearchError};

/// The forms an analysis may build before it gives up and search takes over.
pub const THEORY_FORMS: usize = 1 << 18;

/// The largest heap whose simplest form an analysis tries to build.
pub const THEORY_MAX_HEAP: u64 = 200;

/// The most states of the unreduced monoid an analysis builds a quotient
/// from.
pub const THEORY_QUOTIENT_STATES: usize = 1 << 21;

/// The share of the quick search's positions that the remoteness of a sum
/// answered by theory may take.
pub const THEORY_SEARCH_SHARE: usize = 64;

/// The most work (elements and pairs visited) the heap-by-heap quotient
/// may take in an analysis, for a game not shipped as data: about a second.
pub const THEORY_INCREMENTAL_WORK: usize = 1 << 20;

/// Heap-by-heap quotients found in this process, by game and heap bound
/// (`None`: not within the budget), so that each is computed once.
type Cache = Mutex<HashMap<(String, u64), Option<Arc<IncrementalQuotient>>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

/// The misère quotient of `game` covering heaps up to `max_heap`: the
/// shipped one, else the one found heap by heap within
/// [`THEORY_INCREMENTAL_WORK`]; computed once per process.
fn incremental_quotient(game: &HeapGame, max_heap: u64) -> Option<Arc<IncrementalQuotient>> {
    let key = (game.to_string(), max_heap);
    // Held while computing: a second thread asking for the same waits for
    // the first's answer rather than computing it again.
    let mut map = cache().lock().unwrap_or_else(|e| e.into_inner());
    map.entry(key)
        .or_insert_with(|| {
            let limits = incremental::limits(THEORY_INCREMENTAL_WORK);
            let order = incremental::DEFAULT_MAX_ORDER;
            let q = incremental::shipped(game)
                .or_else(|| IncrementalQuotient::until_stable(game, max_heap, limits, order).ok());
            q.map(Arc::new)
        })
        .clone()
}

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
    /// The heap-by-heap quotient, looked up at the first sum that needs it.
    incremental: Option<Option<Arc<IncrementalQuotient>>>,
    /// The smallest heap whose simplest form was past the budget.
    no_form_from: Option<u64>,
}

impl Theory {
    fn new(game: HeapGame, limits: Limits) -> Theory {
        let deadline = limits.deadline_from(std::time::Instant::now());
        Theory {
            forms: Forms::new(Limits::new(THEORY_FORMS)).with_deadline(deadline),
            heaps: HeapForms::new(game.clone()),
            genera: Genera::new(),
            game,
            deadline,
            quotient: None,
            incremental: None,
            no_form_from: None,
        }
    }

    /// The quotient of sums of heaps up to `max_heap`, or of a smaller
    /// bound where a period is proved (it then covers every heap),
    /// computed once.
    fn quotient(&mut self, max_heap: u64) -> Option<&Quotient> {
        if self.quotient.is_none() {
            // The run's time left, from its one deadline.
            let limits = Limits::new(THEORY_QUOTIENT_STATES);
            let limits = match self.deadline {
                Some(d) => limits.with_time(d.saturating_duration_since(std::time::Instant::now())),
                None => limits,
            };
            let order = quotient::DEFAULT_MAX_ORDER;
            let q =
                Quotient::compute_until_stable(&self.game, max_heap, limits, order, &mut |_| {});
            let q = q.ok();
            self.quotient = Some(q);
        }
        self.quotient.as_ref().and_then(Option::as_ref)
    }

    /// The heap-by-heap quotient covering heaps up to `max_heap`.
    fn incremental(&mut self, max_heap: u64) -> Option<&IncrementalQuotient> {
        if self.incremental.is_none() {
            self.incremental = Some(incremental_quotient(&self.game, max_heap));
        }
        self.incremental.as_ref().and_then(|q| q.as_deref())
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
        let beyond = self.no_form_from.unwrap_or(THEORY_MAX_HEAP + 1);
        if heaps.iter().any(|&h| h >= beyond) {
            return None;
        }
        let mut parts = Vec::with_capacity(heaps.len());
        for &h in heaps {
            match self.heaps.heap(&mut self.forms, h) {
                Ok(f) => parts.push(f),
                Err(_) => {
                    // Past the forms' budget: every later sum with a heap
                    // this large fails the same way, so it is not retried
                    // (Kayles 40 40: 17 s of retries, one per option).
                    self.no_form_from = Some(h);
                    return None;
                }
            }
        }
        Some(parts)
    }

    /// The misère outcome of the sum of `heaps` and the method that found
    /// it; `largest` is the heap bound of the quotient to use.
    fn verdict(&mut self, heaps: &[u64], largest: u64) -> Option<(Outcome, Method)> {
        // A shipped quotient first: it answers at once, where the genus
        // rule would first build the simplest forms of wild heaps (Kayles
        // to heap 60: seconds) only to find them wild.
        let shipped = incremental::is_shipped(&self.game);
        if shipped {
            if let Some(o) = self.incremental(largest).and_then(|q| q.outcome(heaps)) {
                return Some((o, Method::Quotient));
            }
        }
        if let Some(o) = self.by_genus(heaps) {
            return Some((o, Method::Genus));
        }
        if let Some(o) = self.incremental(largest).and_then(|q| q.outcome(heaps)) {
            return Some((o, Method::Quotient));
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
    // Remoteness by a search a sixty-fourth of the quick one: theory
    // answers in milliseconds, and the quick search spent seconds finding
    // no remoteness for wild sums (Kayles 40 40: 10 s), so its smaller
    // share still finds it for small sums; none for `--value-only`.
    let quick = quick_limits_for(p, o.limits);
    let budget = Limits {
        max_positions: quick.max_positions / THEORY_SEARCH_SHARE,
        ..quick
    };
    let (search, remoteness) = remoteness_search_within(p, o, budget, None)?;
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
        Method::Quotient if theory.incremental(largest).is_some() => {
            let q = theory.incremental(largest).expect("the quotient answered");
            let x = q.element(&heaps).expect("the quotient covers the sum");
            let scope = match q.period() {
                Some(per) => format!(
                    "of all sums of heaps of any size (proved to heap {}, then period {} from heap {})",
                    q.max_heap(),
                    per.p,
                    per.n0
                ),
                None => format!("of all sums of heaps up to {}", q.max_heap()),
            };
            let side = if q.is_p(x) { "in" } else { "not in" };
            format!(
                "the misère quotient {scope}, order {}, P-portion of {}: the sum is element {x}, {side} the P-portion; every option valued the same way",
                q.order(),
                q.p_portion_size()
            )
        }
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
