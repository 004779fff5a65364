//! Command-line definition: every flag once, help generated from the catalog.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use grundy::api;

use crate::commands;

/// Impartial combinatorial games: who wins, the Sprague-Grundy value, every
/// winning move, and how long the game lasts with perfect play.
#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    about,
    propagate_version = true,
    allow_negative_numbers = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every game of the catalog with its position syntax and an example.
    List(commands::list::ListArgs),
    /// Analyse a position: outcome, Grundy value, winning moves, remoteness.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Check every closed form against exhaustive search on all small positions.
    Verify(commands::verify::VerifyArgs),
    /// Play against the perfect opponent in the terminal (moves may be piped on stdin).
    Play(commands::play::PlayArgs),
    /// Answer a contest problem: judge's input on stdin, judge's exact output on stdout.
    Judge(commands::judge::JudgeArgs),
    /// Tabulate G(i, j) for a game whose positions have two numbers: text, CSV, PNG or SVG.
    Table(commands::table::TableArgs),
    /// Nim arithmetic: add, mul, inv, div of nimbers (below 2^128).
    Nimber(commands::nimber::NimberArgs),
    /// Find structure in a game's values: periods, symmetry, 2x2 blocks, a simple formula.
    Pattern(commands::pattern::PatternArgs),
    /// Check or guess a formula for a game's values over n, or i and j.
    Formula(commands::formula::FormulaArgs),
    /// Print the Grundy values G(0..N-1) of a heap rule or one-number game.
    Sequence(commands::sequence::SequenceArgs),
    /// Compute a take-and-break game's values until their period is proven.
    Period(commands::period::PeriodArgs),
    /// Every rule of a family (octal:3, subtraction:8) until its period is proven: results directory, shards, MPI.
    Census(commands::census::CensusArgs),
    /// Misère play in depth: genus, simplest forms.
    Misere(commands::misere::MisereArgs),
    /// Serve the web playground: play and study every game in a browser.
    Serve(commands::serve::ServeArgs),
    /// Verify a certificate of a value or a period with the independent checker.
    Check(commands::check::CheckArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(commands::shell::CompletionsArgs),
    /// Print the man page (roff), of grundy or of one command: `grundy man | man -l -`.
    Man(commands::shell::ManArgs),
}

/// The catalog as help text: the names, in one paragraph that wraps to the terminal;
/// `grundy list` has each game's rules, position syntax and an example.
fn games_help() -> String {
    let names: Vec<String> = api::games::list()
        .into_iter()
        .map(|g| match g.parameter {
            Some(p) => format!("{}:{}", g.name, p.split(':').next().unwrap_or(p)),
            None => g.name.to_string(),
        })
        .collect();
    format!(
        "Games (`grundy list` gives the rules, position syntax and an example of each): {}\n",
        names.join(", ")
    )
}

/// The book's front page, named by `grundy --help`.
const BOOK_HOME: &str = "docs/src/introduction.md";

/// The book chapter that says more about each command: its help ends with it.
/// `tests/book.rs` checks that each named file exists.
const BOOK_CHAPTERS: &[(&str, &str)] = &[
    ("list", "docs/src/reference/games.md"),
    ("analyze", "docs/src/guide/analyze.md"),
    ("verify", "docs/src/guide/tables.md"),
    ("play", "docs/src/guide/play.md"),
    ("judge", "docs/src/guide/judge.md"),
    ("table", "docs/src/guide/tables.md"),
    ("nimber", "docs/src/theory/coins.md"),
    ("pattern", "docs/src/guide/tables.md"),
    ("formula", "docs/src/guide/tables.md"),
    ("sequence", "docs/src/guide/sequences.md"),
    ("period", "docs/src/guide/sequences.md"),
    ("census", "docs/src/guide/sequences.md"),
    ("misere", "docs/src/guide/misere.md"),
    ("serve", "docs/src/guide/playground.md"),
    ("check", "docs/src/reference/certificate-format.md"),
    ("completions", "docs/src/reference/shell.md"),
    ("man", "docs/src/reference/shell.md"),
];

/// The last line of a help text: where the book says more (`mdbook serve docs` shows it).
fn book_pointer(chapter: &str) -> String {
    format!("More in the book (`mdbook serve docs`): {chapter}")
}

/// The command line's definition, with the catalog in the help of the
/// commands that take a game: what parses, and what the completions and
/// the man page are generated from.
pub fn command() -> clap::Command {
    let help = games_help();
    let mut command = Cli::command().after_help(book_pointer(BOOK_HOME));
    for &(name, chapter) in BOOK_CHAPTERS {
        let games = ["analyze", "play", "verify", "table"].contains(&name);
        let text = match games {
            true => format!("{help}\n{}", book_pointer(chapter)),
            false => book_pointer(chapter),
        };
        // `misere genus`, `census merge`, ... name their command's chapter too.
        let pointer = book_pointer(chapter);
        command = command.mut_subcommand(name, |c| {
            c.mut_subcommands(|s| s.after_help(pointer.clone()))
                .after_help(text)
        });
    }
    command
}

/// Parses the command line and runs the command.
pub fn run() -> anyhow::Result<ExitCode> {
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => return Ok(usage_error(e)),
    };
    let cli = Cli::from_arg_matches(&matches)
        .map_err(|e| anyhow::anyhow!("{}", first_line(&e.to_string())))?;
    match cli.command {
        Command::List(a) => commands::list::run(&a),
        Command::Analyze(a) => commands::analyze::run(&a),
        Command::Verify(a) => commands::verify::run(&a),
        Command::Play(a) => commands::play::run(&a),
        Command::Judge(a) => commands::judge::run(&a),
        Command::Table(a) => commands::table::run(&a),
        Command::Nimber(a) => commands::nimber::run(&a),
        Command::Pattern(a) => commands::pattern::run(&a),
        Command::Formula(a) => commands::formula::run(&a),
        Command::Sequence(a) => commands::sequence::run(&a),
        Command::Period(a) => commands::period::run(&a),
        Command::Census(a) => commands::census::run(&a),
        Command::Misere(a) => commands::misere::run(&a),
        Command::Serve(a) => commands::serve::run(&a),
        Command::Check(a) => commands::check::run(&a),
        Command::Completions(a) => commands::shell::completions(&a, command()),
        Command::Man(a) => commands::shell::man(&a, command()),
    }
}

/// Help and version print in full; a usage error is one line and exit 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("grundy: {}", missing_command(&e.render().to_string()));
            ExitCode::from(2)
        }
        _ => {
            // clap puts details (the missing argument's name) on lines of their
            // own before "Usage:"; join them into the one line we print.
            let text = e.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("tip:"))
                .filter(|l| !l.is_empty())
                .collect();
            let message = message.join(" ");
            eprintln!(
                "grundy: {} (see `grundy --help`)",
                message.trim_start_matches("error: ")
            );
            ExitCode::from(2)
        }
    }
}

/// One line for a command given without its subcommand, from clap's help
/// text: which command, its subcommands, and where the help is.
fn missing_command(help: &str) -> String {
    let usage = help
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage:"))
        .unwrap_or("grundy");
    let path: Vec<&str> = usage
        .split_whitespace()
        .take_while(|w| !w.starts_with('<') && !w.starts_with('['))
        .collect();
    let path = path.join(" ");
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // Help wraps to the terminal: a deeper indent continues the line above.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    format!(
        "`{path}` needs a command: {}; `{path} --help` says what each does",
        commands.join(", ")
    )
}

fn first_line(text: &str) -> &str {
    text.lines().find(|l| !l.trim().is_empty()).unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::stage_text;
    use grundy::api::Stage;

    #[test]
    fn the_spinner_names_flags_that_analyze_has() {
        let cli = Cli::command();
        let analyze = cli
            .find_subcommand("analyze")
            .expect("analyze is a command");
        let hint = stage_text(Some(Stage::Remoteness));
        let flag = "remoteness";
        assert!(hint.contains(&format!("--{flag}")), "{hint}");
        assert!(
            analyze.get_arguments().any(|a| a.get_long() == Some(flag)),
            "analyze has no --{flag}"
        );
        assert_ne!(stage_text(Some(Stage::Value)), stage_text(None));
    }
}
