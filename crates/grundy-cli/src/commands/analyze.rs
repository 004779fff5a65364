//! `grundy analyze`: everything about one position.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use grundy::api::analyze::{
    self, Analysis, AnalyzeOptions, CheckpointHooks, MoveInfo, SearchHooks,
};
use grundy::api::{Outcome, Play, Progress, SearchError};

use crate::args::{CheckpointArgs, ConventionArgs, EngineArgs, GraphArgs, JsonArgs, SearchArgs};
use crate::output::{json_line, search_progress, stdout};

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    convention: ConventionArgs,
    #[command(flatten)]
    output: JsonArgs,
    /// List every move with the outcome it leads to.
    #[arg(long)]
    all_moves: bool,
    /// The outcome and the Grundy value alone, as fast as they can be found: no moves, no remoteness (the nimber of a large board by the pruned search)
    #[arg(long, conflicts_with = "all_moves")]
    value_only: bool,
    /// Exact remoteness of the position and of every move, by full search however long it takes (within --max-positions, --memory, --max-time); without it remoteness is given where a search within a fixed work budget finds it (Cram 4x9: 3.5 minutes with it, about 2 s without)
    #[arg(long, conflicts_with = "value_only")]
    remoteness: bool,
    #[command(flatten)]
    graph: GraphArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    checkpoint: CheckpointArgs,
    /// Also write a certificate of the Grundy value to FILE (FILE.gz: compressed), for `grundy check` (normal play).
    #[arg(long, value_name = "FILE")]
    certificate: Option<std::path::PathBuf>,
    /// The game, with its parameter if it takes one: nim, subtraction:1,3,4, bash:3, ...
    game: String,
    /// The position, in the game's syntax (see `grundy list`).
    // A negative number is read as one, so that the game says "negative".
    #[arg(allow_negative_numbers = true)]
    position: Vec<String>,
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let words = args.graph.words(&args.game, &args.position)?;
    let spec = super::spec(&args.graph.game(&args.game), &words)?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let options = AnalyzeOptions {
        play: args.convention.play(),
        all_moves: args.all_moves,
        value_only: args.value_only,
        remoteness: args.remoteness,
        limits: args.search.limits().with_threads(args.engine.threads()),
    };
    let progress = Arc::new(Progress::default());
    let path = args.checkpoint.checkpoint.as_deref();
    let hooks = SearchHooks {
        progress: Some(Arc::clone(&progress)),
        checkpoint: path
            .map(|p| checkpoint_hooks(p, &args.checkpoint, &options))
            .transpose()?,
    };
    if path.is_some() {
        // The first Ctrl-C stops the search, which saves its table.
        crate::interrupt::stop_on_ctrl_c(&progress)?;
    }
    let bar = search_progress(Arc::clone(&progress), options.limits.max_bytes);
    // The run's time limit and Ctrl-C reach a script game's calls made
    // before any search starts (its moves, counted first), not only the
    // searches' own.
    let deadline = options.limits.max_time.map(|t| Instant::now() + t);
    let watch = analyze::Watch::new(deadline, Some(Arc::clone(&progress)));
    let result = analyze::within(watch, || {
        analyze::analyze_watched(&spec, &words, &options, args.engine.search, hooks)
    });
    drop(bar);
    let analysis = match (result, path) {
        (Err(grundy::api::Error::Analyze(analyze::AnalyzeError::Checkpoint(e))), Some(p)) => {
            return Err(anyhow::Error::new(e).context(p.display().to_string()));
        }
        (Err(grundy::api::Error::Analyze(analyze::AnalyzeError::Search(e))), Some(p))
            if e == SearchError::Interrupted
                || (e.is_limit() && !matches!(e, SearchError::TooLarge { .. })) =>
        {
            let how = match &e {
                SearchError::Interrupted => "interrupted".to_string(),
                e => e.to_string(),
            };
            eprintln!(
                "grundy: {how}; the search so far is saved in {}: run the same command again to resume",
                p.display()
            );
            return Ok(ExitCode::from(if e.is_limit() { 2 } else { 130 }));
        }
        (result, _) => result?,
    };
    if progress.resumed() > 0 {
        if let Some(p) = path {
            eprintln!(
                "resumed from {} positions saved in {}",
                progress.resumed(),
                p.display()
            );
        }
    }
    let mut out = stdout();
    if args.output.json {
        json_line(&mut out, &analysis)?;
    } else {
        print(&mut out, &analysis, args.value_only)?;
    }
    out.flush()?;
    if let Some(file) = &args.certificate {
        certify(&spec, &words, &options, file)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the certificate of the position's value to `file`.
fn certify(
    spec: &grundy::api::Spec,
    words: &[&str],
    options: &AnalyzeOptions,
    file: &Path,
) -> anyhow::Result<()> {
    if options.play == Play::Misere {
        return Err(grundy::api::certificate::CertificateError::Misere.into());
    }
    let position = analyze::position(spec, words)?;
    super::check::write_certificate(file, |out| position.certify(options.limits, out))
}

/// Resume from `path` if it exists, and save to it atomically every
/// `--checkpoint-every`: a run killed at any moment leaves the previous
/// checkpoint or the new one, whole.
fn checkpoint_hooks(
    path: &Path,
    args: &CheckpointArgs,
    options: &AnalyzeOptions,
) -> anyhow::Result<CheckpointHooks> {
    let resume = crate::checkpoint_file::resume(path, options.limits.max_bytes)?;
    let to = path.to_path_buf();
    Ok(CheckpointHooks {
        resume,
        every: args.checkpoint_every,
        save: Box::new(move |snapshot| {
            crate::checkpoint_file::save(&to, |out| snapshot.write_to(out))
        }),
    })
}

/// The outcome in words, for the player to move.
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Next => "N (the player to move wins)",
        Outcome::Previous => "P (the player to move loses)",
        Outcome::Draw => "D (a draw: neither player can force a win)",
    }
}

fn print(out: &mut impl Write, a: &Analysis, value_only: bool) -> anyhow::Result<()> {
    let play = match a.play {
        Play::Normal => "normal play",
        Play::Misere => "misère play",
    };
    writeln!(out, "{} {} ({play})", a.game, a.position)?;
    writeln!(out, "outcome     {}", outcome_words(a.outcome))?;
    if let Some(value) = &a.value {
        // A loopy game: γ, and no remoteness where play may not end.
        writeln!(out, "value       {value} (generalized Sprague-Grundy)")?;
    }
    match a.grundy {
        Some(g) => writeln!(out, "grundy      {g}")?,
        None if a.value.is_some() => writeln!(out, "grundy      none (an infinite value)")?,
        None if a.play == Play::Misere => writeln!(out, "grundy      none (misère play)")?,
        None => writeln!(
            out,
            "grundy      unknown (no formula, and too large to search)"
        )?,
    }
    match a.remoteness {
        Some(r) => writeln!(out, "remoteness  {r} (moves left with perfect play)")?,
        None if a.value.is_some() => {}
        None if value_only => writeln!(out, "remoteness  not looked for (--value-only)")?,
        None => writeln!(
            out,
            "remoteness  not computed: more search than the default budget (--remoteness computes it)"
        )?,
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
    if value_only {
        writeln!(out, "winning moves: not looked for (--value-only)")?;
    } else if a.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves ({}{every}):", a.winning_moves.len())?;
        print_moves(out, &a.winning_moves)?;
    }
    if let Some(drawing) = &a.drawing_moves {
        writeln!(out, "drawing moves ({}):", drawing.len())?;
        print_moves(out, drawing)?;
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
        let mv = crate::pad::Left(&m.mv, width);
        writeln!(out, "  {mv}  -> {}   ({outcome}{remote})", m.to)?;
    }
    Ok(())
}
