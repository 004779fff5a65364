//! Flag groups, each declared once and flattened into the commands that take
//! it (`#[command(flatten)]`), so a flag means the same and is spelt the same
//! everywhere. A command whose flag needs other help text says so with
//! `#[command(mut_arg("json", |a| a.help("...")))]` on its own arguments.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use grundy::api;
use grundy::api::{Limits, Play};

use crate::memory;

/// `--misere`: the play convention.
#[derive(Args, Clone, Copy, Debug)]
pub struct ConventionArgs {
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    misere: bool,
}

impl ConventionArgs {
    /// Normal play unless `--misere`.
    pub fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }
}

/// `--json`: one JSON value instead of text.
#[derive(Args, Clone, Copy, Debug)]
pub struct JsonArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `--max-positions`, `--memory`, `--max-time`: bounds on search, shared by
/// the commands that search.
#[derive(Args, Clone, Copy, Debug)]
pub struct SearchArgs {
    /// The most positions a search stores at once (it forgets the cheapest
    /// to find again beyond that); it may look at 256 moves per position of
    /// it, then stops with an error.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT_MAX_POSITIONS,
          value_parser = parse_positions)]
    pub max_positions: usize,
    /// The memory a search may use for what it stores and its path, e.g.
    /// 512M or 4G; past it, it forgets positions and goes on [default: a
    /// quarter of this machine's memory, between 256M and 16G, at most a
    /// third of the address space under `ulimit -v`].
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub memory: Option<usize>,
    /// The most time, in seconds, a search may take before it stops with an
    /// error [default: no limit].
    #[arg(long, value_name = "SECONDS", value_parser = memory::parse_seconds)]
    pub max_time: Option<Duration>,
}

/// `--max-positions`: a whole number of at least 1 (a search that may store
/// nothing could answer nothing).
fn parse_positions(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a search needs room for at least 1 position".into()),
        Ok(n) if !text.starts_with('+') => Ok(n),
        _ => Err(format!("`{text}` is not a whole number of positions")),
    }
}

impl SearchArgs {
    /// The limits these flags give, the memory budget read from the machine
    /// where not given.
    pub fn limits(&self) -> Limits {
        let limits = Limits::new(self.max_positions)
            .with_memory(self.memory.unwrap_or_else(memory::default_budget));
        match self.max_time {
            Some(t) => limits.with_time(t),
            None => limits,
        }
    }
}

/// `--checkpoint FILE` and `--checkpoint-every`: save a long search's table
/// and resume from it (`analyze`; `sequence` has its own, of values).
#[derive(Args, Clone, Debug)]
pub struct CheckpointArgs {
    /// Save the search's table to FILE from time to time, when it ends and
    /// when it stops (a limit, Ctrl-C); if FILE exists and is of the same
    /// game, position, convention and search, resume from it.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = memory::parse_seconds,
          requires = "checkpoint")]
    pub checkpoint_every: Duration,
}

/// `--search`: answer by search where a formula would.
#[derive(Args, Clone, Debug)]
pub struct EngineArgs {
    /// Answer by the pruned search even where the game has a formula (to
    /// time the search or check it): the Grundy value and each move's
    /// outcome by the pruned search, remoteness only where a quick search
    /// finds it; misère play by the full search.
    #[arg(long)]
    pub search: bool,
    /// Threads for the quick remoteness search and the outcome of each move
    /// by the pruned search, each with an equal share of `--memory` (Cram:
    /// 1.2-1.5 times faster on two cores; Chomp and heap games search the
    /// outcomes on one); at most the machine's cores [default: every core].
    #[arg(long, value_name = "K", value_parser = parse_jobs, requires = "search")]
    pub jobs: Option<usize>,
}

impl EngineArgs {
    /// The threads `--jobs` asks for, else every core.
    pub fn threads(&self) -> usize {
        self.jobs.unwrap_or_else(grundy::api::cores)
    }
}

/// `--jobs`: a whole number of at least 1.
fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a search needs at least 1 thread".into()),
        Ok(n) if !text.starts_with('+') => Ok(n),
        _ => Err(format!("`{text}` is not a whole number of threads")),
    }
}

/// `--graph FILE`: edges for the games whose catalog entry takes a graph file.
#[derive(Args, Clone, Debug)]
pub struct GraphArgs {
    /// Add the edges listed in FILE to the position (graph games such as
    /// geography): one edge per line, `a b` or `a-b`; `#` starts a comment.
    #[arg(long, value_name = "FILE")]
    graph: Option<PathBuf>,
}

impl GraphArgs {
    /// The position words given on the command line, followed by the edges
    /// of `--graph FILE` as `a-b` words (one word alone on a line is kept as
    /// it is); blank lines and text after `#` are skipped.
    ///
    /// # Errors
    /// A game that takes no graph file (its catalog entry says so), a file
    /// that cannot be read, or a line that is not an edge.
    pub fn words(&self, game: &str, words: &[String]) -> anyhow::Result<Vec<String>> {
        let mut words = words.to_vec();
        let Some(file) = &self.graph else {
            return Ok(words);
        };
        if api::games::graph_parameter(game, "").is_some() {
            // The file is the game's parameter (see `game`), read with the spec.
            std::fs::metadata(file)
                .with_context(|| format!("cannot read the graph file {}", file.display()))?;
            return Ok(words);
        }
        api::games::check_graph_file(game)?;
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read the graph file {}", file.display()))?;
        let edges =
            api::games::graph_words(game, &text).with_context(|| file.display().to_string())?;
        words.extend(edges);
        Ok(words)
    }
}

impl GraphArgs {
    /// The game as typed, or, for a game that takes the whole graph file as
    /// its parameter (`graph`), `graph:FILE`.
    pub fn game(&self, game: &str) -> String {
        let file = self.graph.as_ref().map(|f| f.display().to_string());
        let spec = file.and_then(|f| api::games::graph_parameter(game, &f));
        spec.unwrap_or_else(|| game.to_string())
    }
}

/// `--png FILE` and `--svg FILE`: pictures instead of text (`sequence`'s
/// plot, `table`'s heatmap; each command words the help its own way).
#[derive(Args, Clone, Debug)]
pub struct PictureArgs {
    /// Write the picture as PNG to FILE.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the picture as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}
