//! The `grundy` command: see `grundy --help`.

mod args;
mod checkpoint_file;
mod cli;
mod commands;
mod interrupt;
mod memory;
mod output;
mod pad;

/// Every allocation through grundy's meter, so that a script call's bytes
/// are bounded (`grundy::api::Metered`).
#[global_allocator]
static ALLOCATOR: grundy::api::Metered = grundy::api::Metered;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) if err.is::<interrupt::Saved>() => {
            eprintln!("grundy: {err}");
            ExitCode::from(130)
        }
        Err(err) => {
            eprintln!("grundy: {err:#}");
            ExitCode::from(2)
        }
    }
}
