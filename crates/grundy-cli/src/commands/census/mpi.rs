//! `mpirun -np K grundy census … --mpi`: rank 0 manages, the other ranks
//! compute.
//!
//! Rank 0 keeps the results directory as a single-process run does (the
//! same files, written by it alone), hands rules out one at a time, longest
//! first, to whichever worker asks, and computes rules itself on one thread
//! between messages (polling, so that it does not spin on a core). A worker
//! asks with `READY`, or with the `RESULT` of its last rule (a record as a
//! JSON line), and is answered with a `TASK` (a rule's name) or `STOP`.
//! Killed in the middle, the run leaves the rules finished so far; run it
//! again to resume.

use std::collections::{HashMap, VecDeque};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context};
use grundy::api::census::{self, Family, Record, Rule};
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, Rank, SimpleCommunicator};
use mpi::Tag;

use super::{finish, prepare, write_record, Meta, RunArgs, Tracker};

const READY: Tag = 1;
const RESULT: Tag = 2;
const FAILED: Tag = 3;
const TASK: Tag = 4;
const STOP: Tag = 5;

/// How long the manager sleeps when no message and no result is waiting.
const POLL: Duration = Duration::from_millis(2);

pub fn run(
    args: &RunArgs,
    family: Family,
    shard: Option<(usize, usize)>,
) -> anyhow::Result<ExitCode> {
    let Some(universe) = mpi::initialize() else {
        bail!("MPI could not be initialised (was it already?)");
    };
    let world = universe.world();
    if world.rank() != 0 {
        worker(&world, args.max);
        return Ok(ExitCode::SUCCESS);
    }
    let (dir, pending) = match prepare(args, &family, shard) {
        Ok(p) => p,
        Err(e) => {
            stop_workers(&world);
            return Err(e);
        }
    };
    // Alone (one rank), the manager must compute.
    let local = args.jobs.unwrap_or(1).max(usize::from(world.size() == 1));
    manage(&world, &dir, pending, args.max, local)?;
    finish(
        &dir,
        &Meta {
            family,
            max: args.max,
        },
    )
}

/// Asks for rules until told to stop.
fn worker(world: &SimpleCommunicator, max: usize) {
    let manager = world.process_at_rank(0);
    manager.send_with_tag(&[0u8][..], READY);
    loop {
        let (bytes, status) = manager.receive_vec::<u8>();
        if status.tag() != TASK {
            return;
        }
        let name = String::from_utf8_lossy(&bytes).into_owned();
        let record = name
            .parse::<Rule>()
            .and_then(|rule| census::compute(&rule, max, &mut |_| {}))
            .map_err(|e| e.to_string())
            .and_then(|r| serde_json::to_string(&r).map_err(|e| e.to_string()));
        match record {
            Ok(json) => manager.send_with_tag(json.as_bytes(), RESULT),
            Err(e) => manager.send_with_tag(e.as_bytes(), FAILED),
        }
    }
}

/// Answers every worker's first message with `STOP`.
fn stop_workers(world: &SimpleCommunicator) {
    for _ in 1..world.size() {
        let (_, status) = world.any_process().receive_vec::<u8>();
        world
            .process_at_rank(status.source_rank())
            .send_with_tag(&[0u8][..], STOP);
    }
}

/// Hands out `pending` until every rule is done, writing each record.
fn manage(
    world: &SimpleCommunicator,
    dir: &std::path::Path,
    pending: Vec<Rule>,
    max: usize,
    local: usize,
) -> anyhow::Result<()> {
    let tracker = Tracker::new(pending.len());
    let queue = Mutex::new(VecDeque::from(pending));
    let failed = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<Record, String>>();
    let mut failure: Option<String> = None;
    let mut running: HashMap<Rank, String> = HashMap::new();
    let mut workers = world.size() - 1;
    let take = || {
        if failed.load(Ordering::Relaxed) {
            None
        } else {
            queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front()
        }
    };
    std::thread::scope(|s| -> anyhow::Result<()> {
        let threads: Vec<_> = (0..local)
            .map(|_| {
                let tx = tx.clone();
                let (take, tracker) = (&take, &tracker);
                s.spawn(move || {
                    while let Some(rule) = take() {
                        tracker.started(rule.name());
                        let mut progress =
                            |done| tracker.event(census::RunEvent::Progress { rule: &rule, done });
                        let r =
                            census::compute(&rule, max, &mut progress).map_err(|e| e.to_string());
                        if tx.send(r).is_err() {
                            return;
                        }
                    }
                })
            })
            .collect();
        drop(tx);
        let handle = |r: Result<Record, String>, failure: &mut Option<String>| match r {
            Ok(record) => {
                let rule: Rule = record.rule.parse()?;
                write_record(dir, &rule, &record)?;
                tracker.finished(&record);
                anyhow::Ok(())
            }
            Err(e) => {
                failed.store(true, Ordering::Relaxed);
                failure.get_or_insert(e);
                Ok(())
            }
        };
        loop {
            let mut idle = true;
            if let Some(probed) = world.any_process().immediate_matched_probe() {
                idle = false;
                let (bytes, status) = probed.matched_receive_vec::<u8>();
                let from = status.source_rank();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                running.remove(&from);
                match status.tag() {
                    RESULT => {
                        let record: Record = serde_json::from_str(&text)
                            .with_context(|| format!("rank {from} sent a bad record"))?;
                        handle(Ok(record), &mut failure)?;
                    }
                    FAILED => handle(Err(text), &mut failure)?,
                    _ => {}
                }
                let to = world.process_at_rank(from);
                match take() {
                    Some(rule) => {
                        tracker.started(rule.name());
                        to.send_with_tag(rule.name().as_bytes(), TASK);
                        running.insert(from, rule.name().to_string());
                    }
                    None => {
                        to.send_with_tag(&[0u8][..], STOP);
                        workers -= 1;
                    }
                }
            }
            for r in rx.try_iter() {
                idle = false;
                handle(r, &mut failure)?;
            }
            let local_done = threads.iter().all(|t| t.is_finished());
            if workers == 0 && local_done {
                break;
            }
            if idle {
                std::thread::sleep(POLL);
            }
        }
        for r in rx.try_iter() {
            handle(r, &mut failure)?;
        }
        Ok(())
    })?;
    tracker.bar.finish_and_clear();
    match failure {
        Some(e) => bail!("{e}"),
        None => Ok(()),
    }
}
