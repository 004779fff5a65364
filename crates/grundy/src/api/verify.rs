//! Every closed form of the catalog held to exhaustive search on all small
//! positions: the list of checks ([`jobs`]), one check ([`run`]), all of them
//! in parallel ([`run_all`]), and what each found ([`Report`]).

use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use crate::api::Error;
use crate::catalog::{Entry, Spec, ENTRIES};
use crate::solution::{CheckError, CheckReport};
use crate::solve::Limits;

/// One check: a game, with its parameter, on every position up to `size`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Job {
    /// The game, as `name` or `name:parameter`.
    pub spec: String,
    /// The size N up to which every position is checked.
    pub size: u64,
    /// What "every position up to N" means for this game.
    pub meaning: &'static str,
}

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// The closed form agrees with search everywhere; what was covered.
    Passed(CheckReport),
    /// The game has no closed form: search alone analyses it.
    NoFormula,
    /// The closed form and search disagree.
    Disagrees {
        /// The first position where they differ, in its text form.
        position: String,
        /// What differs.
        what: String,
    },
    /// The check could not finish (a search limit, a game that fails).
    Failed {
        /// Why.
        reason: String,
    },
}

/// A job and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The check.
    #[serde(flatten)]
    pub job: Job,
    /// What it found.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Wall-clock time of the check.
    pub seconds: f64,
}

/// The checks to run: every instance that the catalog lists for `verify`,
/// or, for `game`, the catalog's instances of a game named without its
/// parameter (`subtraction`), else that one game (`subtraction:1,2,7`,
/// `nim`). `up_to` replaces each game's default size.
///
/// # Errors
/// [`Error::Catalog`] for an unknown game or a bad parameter;
/// [`Error::TooLarge`] for an `up_to` beyond a game's
/// [`max_size`](crate::entry::VerifyPlan::max_size), refused before any
/// position is made.
///
/// ```
/// use grundy::api::verify::jobs;
/// let bash = jobs(Some("bash"), Some(9)).unwrap();
/// assert!(bash.len() > 1 && bash.iter().all(|j| j.spec.starts_with("bash:") && j.size == 9));
/// assert_eq!(jobs(Some("bash:4"), None).unwrap().len(), 1);
/// ```
pub fn jobs(game: Option<&str>, up_to: Option<u64>) -> Result<Vec<Job>, Error> {
    let jobs = listed(game, up_to)?;
    for job in &jobs {
        let plan = Spec::from(job.spec.as_str()).entry()?.verify;
        if job.size > plan.max_size {
            return Err(Error::TooLarge {
                what: format!("verify {} with N", job.spec),
                asked: job.size.to_string(),
                limit: plan.max_size.to_string(),
                fix: format!(
                    "N counts {}, and the positions grow fast with it; choose a smaller --up-to",
                    plan.meaning
                ),
            });
        }
    }
    Ok(jobs)
}

fn listed(game: Option<&str>, up_to: Option<u64>) -> Result<Vec<Job>, Error> {
    let job = |spec: &str, e: &Entry| Job {
        spec: spec.to_string(),
        size: up_to.unwrap_or(e.verify.size),
        meaning: e.verify.meaning,
    };
    let Some(game) = game else {
        return Ok(ENTRIES
            .iter()
            .flat_map(|e| e.verify.instances.iter().map(move |s| job(s, e)))
            .collect());
    };
    let spec = Spec::from(game);
    let entry = spec.entry()?;
    if spec.param.is_none() && entry.parameter.is_some() {
        return Ok(entry
            .verify
            .instances
            .iter()
            .map(|s| job(s, entry))
            .collect());
    }
    spec.build()?;
    Ok(vec![job(game, entry)])
}

/// Runs one check: the game's closed form against search on every position
/// up to the job's size.
pub fn run(job: &Job, limits: Limits) -> Report {
    let start = Instant::now();
    let verdict = match Spec::from(job.spec.as_str()).build() {
        Err(e) => Verdict::Failed {
            reason: e.to_string(),
        },
        Ok(game) => match game.verify(job.size, limits) {
            None => Verdict::NoFormula,
            Some(Ok(report)) => Verdict::Passed(report),
            Some(Err(CheckError::Disagreement { position, what })) => {
                Verdict::Disagrees { position, what }
            }
            Some(Err(e)) => Verdict::Failed {
                reason: e.to_string(),
            },
        },
    };
    Report {
        job: job.clone(),
        verdict,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Runs every check on all cores, calling `done` as each one finishes (for
/// a progress bar); the reports come back in the order of `jobs`.
pub fn run_all(jobs: &[Job], limits: Limits, done: &(dyn Fn(&Report) + Sync)) -> Vec<Report> {
    jobs.par_iter()
        .map(|job| {
            let report = run(job, limits);
            done(&report);
            report
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::catalog::CatalogError;
    use crate::solve::SearchError;

    #[test]
    fn sizes_past_a_games_limit_are_refused_before_any_position_is_made() {
        for (game, n) in [
            ("nim", 1_000_000_000_000),
            ("geography", 8),
            ("kayles", 100_000),
        ] {
            let err = jobs(Some(game), Some(n)).unwrap_err();
            assert!(matches!(err, Error::TooLarge { .. }), "{game}: {err}");
            assert_eq!(err.kind(), crate::api::ErrorKind::Limit);
        }
        let plan = Spec::from("geography").entry().unwrap().verify;
        assert_eq!(
            jobs(Some("geography"), Some(plan.max_size)).unwrap()[0].size,
            6
        );
        // Every default is within its game's limit.
        assert!(ENTRIES.iter().all(|e| e.verify.size <= e.verify.max_size));
    }

    #[test]
    fn nim_passes_on_every_position_counted_by_hand() {
        let jobs = jobs(Some("nim"), Some(5)).unwrap();
        assert_eq!(jobs.len(), 1);
        let report = run(&jobs[0], Limits::default());
        // 1 to 3 heaps of 0 to 5 tokens, as multisets: 6 + C(7,2) + C(8,3) = 6 + 21 + 56.
        let Verdict::Passed(r) = &report.verdict else {
            panic!("{report:?}");
        };
        assert_eq!(
            (r.positions, r.grundy_checked, r.misere_checked),
            (83, 83, 83)
        );
    }

    #[test]
    fn a_search_over_its_limit_fails_the_check() {
        let nim = &jobs(Some("nim"), Some(5)).unwrap()[0];
        let report = run(nim, Limits::new(3));
        let limit = SearchError::LimitExceeded { limit: 3 }.to_string();
        assert_eq!(report.verdict, Verdict::Failed { reason: limit });
    }

    #[test]
    fn every_instance_runs_once_in_order() {
        let all = jobs(None, Some(2)).unwrap();
        let listed: usize = ENTRIES.iter().map(|e| e.verify.instances.len()).sum();
        assert_eq!(all.len(), listed);
        let count = AtomicUsize::new(0);
        let sub = jobs(Some("subtraction"), Some(4)).unwrap();
        let reports = run_all(&sub, Limits::default(), &|_| {
            count.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(count.into_inner(), sub.len());
        let specs: Vec<&str> = reports.iter().map(|r| r.job.spec.as_str()).collect();
        let expected: Vec<&str> = sub.iter().map(|j| j.spec.as_str()).collect();
        assert_eq!(specs, expected);
    }

    #[test]
    fn unknown_games_and_bad_parameters_are_refused() {
        assert!(matches!(
            jobs(Some("nimm"), None),
            Err(Error::Catalog(CatalogError::Unknown { .. }))
        ));
        assert!(matches!(
            jobs(Some("nim:3"), None),
            Err(Error::Catalog(CatalogError::NoParameter { .. }))
        ));
        assert!(matches!(
            jobs(Some("bash:x"), None),
            Err(Error::Catalog(CatalogError::Parameter { .. }))
        ));
    }

    #[test]
    fn a_report_is_one_flat_json_object() {
        let report = Report {
            job: Job {
                spec: "bash:3".into(),
                size: 4,
                meaning: "heaps",
            },
            verdict: Verdict::Disagrees {
                position: "4".into(),
                what: "grundy".into(),
            },
            seconds: 0.5,
        };
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"spec":"bash:3","size":4,"meaning":"heaps","verdict":"disagrees","position":"4","what":"grundy","seconds":0.5}"#
        );
    }
}
