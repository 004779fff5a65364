//! What `grundy play` does differently on a terminal: a line editor with
//! history, colour (unless `NO_COLOR` is set), and boards drawn a row per
//! line. Piped in and out, it reads and writes plain lines.

use std::io::{self, BufRead, IsTerminal};

use grundy::api::board::Picture;
use grundy::api::AnyPosition;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Config, Editor};

/// Where the player's lines come from.
pub enum Input {
    /// A terminal: rustyline's editor, every line entered kept in its
    /// history (Up and Down recall them; Left, Right, Home, End, Ctrl-W...
    /// edit), Ctrl-C and Ctrl-D quit.
    Editor(Box<Editor<(), DefaultHistory>>),
    /// Moves piped in, one a line; the prompt is still printed, so that a
    /// transcript reads as a game.
    Piped(io::Lines<io::StdinLock<'static>>),
}

impl Input {
    /// The line editor when stdin and stdout are terminals, stdin's lines
    /// otherwise.
    ///
    /// # Errors
    /// The terminal cannot be set up for editing.
    pub fn new() -> anyhow::Result<Input> {
        if io::stdin().is_terminal() && io::stdout().is_terminal() {
            let config = Config::builder()
                .auto_add_history(true)
                .history_ignore_dups(true)?
                .max_history_size(1000)?
                .build();
            return Ok(Input::Editor(Box::new(Editor::with_config(config)?)));
        }
        Ok(Input::Piped(io::stdin().lock().lines()))
    }

    /// The next line after `prompt`; `None` at the end of input or when the
    /// player presses Ctrl-C or Ctrl-D.
    ///
    /// # Errors
    /// Reading stdin or the terminal fails.
    pub fn read_line(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => Ok(Some(line)),
                Err(ReadlineError::Interrupted | ReadlineError::Eof) => Ok(None),
                Err(e) => Err(e.into()),
            },
            Input::Piped(lines) => {
                use std::io::Write;
                let mut out = io::stdout();
                write!(out, "{prompt}")?;
                out.flush()?;
                Ok(lines.next().transpose()?)
            }
        }
    }
}

/// ANSI colour for the few words that matter (the position, the verdict,
/// an illegal move, a hint), when stdout is a terminal and `NO_COLOR` is
/// not set to a non-empty value (<https://no-color.org>).
#[derive(Clone, Copy)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Colour on for a terminal, unless `NO_COLOR` says otherwise.
    pub fn for_stdout() -> Paint {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Paint {
            on: io::stdout().is_terminal() && !no_color,
        }
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    pub fn good(self, text: &str) -> String {
        self.paint("1;32", text)
    }

    pub fn bad(self, text: &str) -> String {
        self.paint("1;31", text)
    }

    pub fn hint(self, text: &str) -> String {
        self.paint("33", text)
    }
}

/// A position's text as a board: a text whose rows are separated by `/`
/// (a Cram board, `..#./..../....`) is drawn a row per line under the
/// label, each word of a sum as its own block; any other text stays on
/// the line.
/// How `p` is printed: a position the library draws as a grid (Cram,
/// Chomp, a Node Kayles or coin grid) row by row, top row first; anything
/// else by its text, [`board`].
pub fn drawn(p: &dyn AnyPosition) -> String {
    match p.board().picture {
        Picture::Grid {
            mut cells,
            bottom_up,
        } => {
            if bottom_up {
                cells.reverse();
            }
            let rows: Vec<String> = cells.iter().map(|row| format!("  {row}")).collect();
            format!("\n{}", rows.join("\n"))
        }
        _ => board(&p.to_string()),
    }
}

pub fn board(text: &str) -> String {
    if !text.contains('/') {
        return text.to_string();
    }
    let blocks: Vec<String> = text
        .split_whitespace()
        .map(|word| {
            word.split('/')
                .map(|row| format!("  {row}"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    format!("\n{}", blocks.join("\n\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_separated_by_slashes_are_drawn_one_per_line() {
        assert_eq!(board("..#./...."), "\n  ..#.\n  ....");
        assert_eq!(board("../.. ..."), "\n  ..\n  ..\n\n  ...");
        assert_eq!(board("3 4 5"), "3 4 5");
    }

    #[test]
    fn grids_the_library_draws_are_printed_one_row_per_line() {
        let at = |game: &str, words: &[&str]| {
            grundy::api::analyze::position(&game.into(), words).expect("a position")
        };
        assert_eq!(drawn(&*at("cram", &["2x3"])), "\n  ...\n  ...");
        // Chomp's bar, its rows counted up from the poisoned corner: drawn
        // top row first, so the poisoned square is on the last line.
        let chomp = drawn(&*at("chomp", &["4", "4", "3", "1"]));
        let rows: Vec<&str> = chomp.trim_start_matches('\n').lines().collect();
        assert!(rows.len() > 1, "{chomp}");
        assert!(
            rows[rows.len() - 1].contains('x') && !rows[0].contains('x'),
            "{chomp}"
        );
        assert_eq!(drawn(&*at("nim", &["3", "4"])), "3 4");
    }

    #[test]
    fn colour_is_only_escape_codes_when_on() {
        let (on, off) = (Paint { on: true }, Paint { on: false });
        assert_eq!(off.good("You win!"), "You win!");
        assert_eq!(on.good("You win!"), "\x1b[1;32mYou win!\x1b[0m");
    }
}
