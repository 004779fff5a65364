//! One module per subcommand.

pub mod analyze;
pub mod formula;
pub mod judge;
pub mod list;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod play;
pub mod sequence;
pub mod table;
pub mod verify;

use std::path::Path;

use anyhow::Context;
use grundy::{catalog, AnyPosition};

/// Builds the game named `spec` and parses `words` as its position.
pub fn position(spec: &str, words: &[String]) -> anyhow::Result<Box<dyn AnyPosition>> {
    let game = catalog::game(spec)?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    game.parse(&words)
        .with_context(|| format!("{} position", game.name()))
}

/// The position words given on the command line, followed by the edges of
/// `--graph FILE`: one edge per line, as `a b` or `a-b` (or any one word of
/// the position); blank lines and text
/// after `#` are skipped. Graph games (geography) read them as `a-b` words.
pub fn with_graph_file(words: &[String], file: Option<&Path>) -> anyhow::Result<Vec<String>> {
    let mut words = words.to_vec();
    let Some(file) = file else {
        return Ok(words);
    };
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read the graph file {}", file.display()))?;
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            [] => {}
            [word] => words.push((*word).to_string()),
            [a, b] => words.push(format!("{a}-{b}")),
            _ => anyhow::bail!(
                "{} line {}: `{line}` is not an edge; write two vertex numbers, as `3 7`",
                file.display(),
                i + 1
            ),
        }
    }
    Ok(words)
}
