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

use anyhow::Context;
use grundy::{catalog, AnyPosition};

/// Builds the game named `spec` and parses `words` as its position.
pub fn position(spec: &str, words: &[String]) -> anyhow::Result<Box<dyn AnyPosition>> {
    let game = catalog::game(spec)?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    game.parse(&words)
        .with_context(|| format!("{} position", game.name()))
}
