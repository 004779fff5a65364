//! `grundy analyze`: everything about one position.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::api::analyze::{self, Analysis, AnalyzeOptions, MoveInfo};
use grundy::{Outcome, Play};

use crate::args::{ConventionArgs, EngineArgs, GraphArgs, JsonArgs, SearchArgs};
use crate::output::{json_line, stdout};

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    convention: ConventionArgs,
    #[command(flatten)]
    output: JsonArgs,
    /// List every move with the outcome it leads to.
    #[arg(long)]
    all_moves: bool,
    #[command(flatten)]
    graph: GraphArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// The game, with its parameter if it takes one: nim, subtraction:1,3,4, bash:3, ...
    game: String,
    /// The position, in the game's syntax (see `grundy list`).
    // A negative number is read as one, so that the game says "negative".
    #[arg(allow_negative_numbers = true)]
    position: Vec<String>,
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let words = args.graph.words(&args.game, &args.position)?;
    let spec = super::spec(&args.game, &words)?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let options = AnalyzeOptions {
        play: args.convention.play(),
        all_moves: args.all_moves,
        limits: args.search.limits(),
    };
    let analysis = match args.engine.search {
        true => analyze::analyze_by_search(&spec, &words, &options)?,
        false => analyze::analyze(&spec, &words, &options)?,
    };
    let mut out = stdout();
    if args.output.json {
        json_line(&mut out, &analysis)?;
    } else {
        print(&mut out, &analysis)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The outcome in words, for the player to move.
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Next => "N (the player to move wins)",
        Outcome::Previous => "P (the player to move loses)",
    }
}

fn print(out: &mut impl Write, a: &Analysis) -> anyhow::Result<()> {
    let play = match a.play {
        Play::Normal => "normal play",
        Play::Misere => "misère play",
    };
    writeln!(out, "{} {} ({play})", a.game, a.position)?;
    writeln!(out, "outcome     {}", outcome_words(a.outcome))?;
    match a.grundy {
        Some(g) => writeln!(out, "grundy      {g}")?,
        None if a.play == Play::Misere => writeln!(out, "grundy      none (misère play)")?,
        None => writeln!(
            out,
            "grundy      unknown (no formula, and too large to search)"
        )?,
    }
    match a.remoteness {
        Some(r) => writeln!(out, "remoteness  {r} (moves left with perfect play)")?,
        None => writeln!(out, "remoteness  unknown (too large to search)")?,
    }
    writeln!(out, "method      {}", a.method)?;
    for (k, v) in &a.details {
        writeln!(out, "{k:<11} {v}")?;
    }
    let every = if a.winning_moves_complete {
        ""
    } else {
        ", some of them"
    };
    if a.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves ({}{every}):", a.winning_moves.len())?;
        print_moves(out, &a.winning_moves)?;
    }
    if let Some(all) = &a.all_moves {
        writeln!(out, "all moves ({}):", all.len())?;
        print_moves(out, all)?;
    }
    Ok(())
}

fn print_moves(out: &mut impl Write, moves: &[MoveInfo]) -> anyhow::Result<()> {
    let width = moves.iter().map(|m| m.mv.len()).max().unwrap_or(0);
    for m in moves {
        let outcome = m.outcome.map_or("?", Outcome::letter);
        let remote = m
            .remoteness
            .map(|r| format!(", remoteness {r}"))
            .unwrap_or_default();
        writeln!(out, "  {:<width$}  -> {}   ({outcome}{remote})", m.mv, m.to)?;
    }
    Ok(())
}
