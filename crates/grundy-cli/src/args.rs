//! Flag groups, each declared once and flattened into the commands that take
//! it (`#[command(flatten)]`), so a flag means the same and is spelt the same
//! everywhere. A command whose flag needs other help text says so with
//! `#[command(mut_arg("json", |a| a.help("...")))]` on its own arguments.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use grundy::api;
use grundy::{Limits, Play};

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

/// `--max-positions`: bounds on search, shared by the commands that search.
#[derive(Args, Clone, Copy, Debug)]
pub struct SearchArgs {
    /// The most distinct positions a search may store before it stops with an error.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT_MAX_POSITIONS)]
    pub max_positions: usize,
}

impl SearchArgs {
    pub fn limits(&self) -> Limits {
        Limits::new(self.max_positions)
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
        api::games::check_graph_file(game)?;
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read the graph file {}", file.display()))?;
        let edges =
            api::games::graph_words(game, &text).with_context(|| file.display().to_string())?;
        words.extend(edges);
        Ok(words)
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
