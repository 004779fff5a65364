//! `grundy completions SHELL` and `grundy man`: a completion script and a
//! man page, both generated from the one clap definition of the command
//! line, which the caller passes in, so they cannot fall out of step with it.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use clap_complete::Shell;

use crate::output::stdout;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: Shell,
}

/// Prints the completion script of `shell`, to be sourced, e.g.
/// `grundy completions bash > ~/.local/share/bash-completion/completions/grundy`.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> anyhow::Result<ExitCode> {
    // Into memory first: clap_complete panics on a write error, and stdout
    // may be a pipe that closes (`grundy completions bash | head`).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "grundy", &mut script);
    let mut out = stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct ManArgs {
    /// The page of one command (`grundy man analyze` is grundy-analyze(1)); the main page without.
    command: Option<String>,
}

/// Prints a man page in roff: `grundy man | man -l -`, or
/// `grundy man > grundy.1` to install it.
pub fn man(args: &ManArgs, mut command: clap::Command) -> anyhow::Result<ExitCode> {
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => {
            let Some(sub) = command.find_subcommand(name) else {
                let names: Vec<&str> = command
                    .get_subcommands()
                    .map(|c| c.get_name())
                    .filter(|&n| n != "help")
                    .collect();
                anyhow::bail!("no command `{name}`: one of {}", names.join(", "));
            };
            // The page's title is grundy-NAME, as man(1) looks it up.
            sub.clone().name(format!("grundy-{name}"))
        }
    };
    let mut out = stdout();
    clap_mangen::Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
