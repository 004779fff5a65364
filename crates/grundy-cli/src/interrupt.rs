//! The command's one Ctrl-C policy, for every run that saves a checkpoint
//! (`analyze`, `sequence`, `period`): the first Ctrl-C asks the run to stop
//! through the library's one progress channel, [`Progress`]; the run saves
//! what it has and the command says where, exiting 130. A second Ctrl-C
//! ends the process at once. Runs without a checkpoint keep the default:
//! Ctrl-C ends them, as there is nothing to save.

use std::sync::Arc;

use anyhow::Context;
use grundy::api::Progress;

/// Stops the run watched by `progress` at the first Ctrl-C, and the
/// process at the second.
///
/// # Errors
/// A handler that cannot be installed.
pub fn stop_on_ctrl_c(progress: &Arc<Progress>) -> anyhow::Result<()> {
    let stop = Arc::clone(progress);
    ctrlc::set_handler(move || match stop.stop_requested() {
        true => std::process::exit(130),
        false => stop.request_stop(),
    })
    .context("cannot catch Ctrl-C")
}

/// A run stopped by Ctrl-C after saving its work: `main` says so and exits
/// 130.
#[derive(Debug)]
pub struct Saved {
    /// What was done, as the run counts it (`12288 values`).
    pub done: String,
    /// Where it is saved.
    pub file: String,
}

impl std::fmt::Display for Saved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "interrupted after {}; they are saved in {}: run the same command again to resume",
            self.done, self.file
        )
    }
}

impl std::error::Error for Saved {}
