//! One module per subcommand.

pub mod analyze;
pub mod census;
pub mod check;
pub mod formula;
pub mod judge;
pub mod list;
pub mod misere;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod play;
pub mod sequence;
pub mod serve;
pub mod shell;
pub mod table;
pub mod verify;

use anyhow::Context;
use grundy::api::{self, AnyPosition, Spec};

/// The game `text` names (`nim`, `script:take.rhai`), with the text of every
/// file it or the position's sum parts name, read here: the library reads
/// no files.
///
/// # Errors
/// A file that cannot be read.
pub fn spec(text: &str, words: &[String]) -> anyhow::Result<Spec> {
    let mut spec = Spec::from(text);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    for path in api::games::files_named(text, &words) {
        let what = match api::games::graph_parameter(text, "") {
            Some(_) => "the graph file",
            None => "script",
        };
        let source = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {what} `{path}`"))?;
        spec.files = spec.files.with(&path, &source);
    }
    Ok(spec)
}

/// Builds the game named `text` and parses `words` as its position.
pub fn position(text: &str, words: &[String]) -> anyhow::Result<Box<dyn AnyPosition>> {
    let spec = spec(text, words)?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    Ok(api::analyze::position(&spec, &words)?)
}
