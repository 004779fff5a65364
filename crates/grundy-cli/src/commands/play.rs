//! `grundy play`: a game against the perfect opponent.
//!
//! Reads one move per line from stdin, so it works on a terminal and with
//! moves piped in. Besides a move, a line may be a number from the `moves`
//! list, `moves`, `hint` or `quit`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use grundy::api::analyze::{Analysis, AnalyzeOptions};
use grundy::api::play::computer_move;
use grundy::api::AnyPosition;
use grundy::{Outcome, Play};

use crate::args::{ConventionArgs, GraphArgs, SearchArgs};
use crate::output::stdout;

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    convention: ConventionArgs,
    /// Let the computer make the first move.
    #[arg(long)]
    computer_first: bool,
    #[command(flatten)]
    graph: GraphArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// The game, with its parameter if it takes one.
    game: String,
    /// The starting position.
    // A negative number is read as one, so that the game says "negative".
    #[arg(allow_negative_numbers = true)]
    position: Vec<String>,
}

struct Session<'a, W: Write> {
    out: W,
    options: AnalyzeOptions,
    lines: io::Lines<io::StdinLock<'a>>,
}

pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let mut position = super::position(&args.game, &args.graph.words(&args.game, &args.position)?)?;
    let play = args.convention.play();
    let options = AnalyzeOptions {
        play,
        all_moves: false,
        value_only: false,
        limits: args.search.limits(),
    };
    // Check the position can be analysed before the game starts.
    position.analyze(&options)?;
    let mut s = Session {
        out: stdout(),
        options,
        lines: io::stdin().lock().lines(),
    };
    let rule = match play {
        Play::Normal => "whoever makes the last move wins",
        Play::Misere => "misère play: whoever makes the last move loses",
    };
    writeln!(s.out, "{} {} ({rule})", position.game(), position)?;
    let mut human = !args.computer_first;
    loop {
        if position.any_move().is_none() {
            // The player to move cannot move: they lose in normal play, win in misère.
            let mover_wins = play == Play::Misere;
            let human_wins = human == mover_wins;
            writeln!(
                s.out,
                "No moves are left. {}",
                if human_wins { "You win!" } else { "I win." }
            )?;
            break;
        }
        let next = if human {
            s.human_turn(&*position)?
        } else {
            s.computer_turn(&*position)?
        };
        match next {
            Some(p) => position = p,
            None => {
                writeln!(s.out, "Bye.")?;
                break;
            }
        }
        human = !human;
    }
    s.out.flush()?;
    Ok(ExitCode::SUCCESS)
}

impl<W: Write> Session<'_, W> {
    fn analysis(&self, p: &dyn AnyPosition, all_moves: bool) -> anyhow::Result<Analysis> {
        let mut o = self.options;
        o.all_moves = all_moves;
        Ok(p.analyze(&o)?)
    }

    fn human_turn(&mut self, p: &dyn AnyPosition) -> anyhow::Result<Option<Box<dyn AnyPosition>>> {
        let a = self.analysis(p, false)?;
        let within = a
            .remoteness
            .map(|r| format!(" in {}", count(r)))
            .unwrap_or_default();
        writeln!(self.out, "\nPosition: {p}")?;
        match a.outcome {
            Outcome::Next => writeln!(self.out, "You are to move and you should win{within}.")?,
            Outcome::Previous => writeln!(
                self.out,
                "You are to move; with perfect play I win{within}. Make it hard for me."
            )?,
        }
        loop {
            write!(self.out, "your move (or `moves`, `hint`, `quit`): ")?;
            self.out.flush()?;
            let Some(line) = self.lines.next() else {
                return Ok(None);
            };
            let line = line?;
            let line = line.trim();
            match line {
                "" => continue,
                "quit" | "q" | "exit" => return Ok(None),
                "moves" | "m" => self.show_moves(p)?,
                "hint" | "h" => match a.winning_moves.first() {
                    Some(m) => writeln!(self.out, "hint: {}", m.mv)?,
                    None => writeln!(self.out, "hint: every move loses against perfect play")?,
                },
                _ => match self.parse_move(p, line) {
                    Ok(next) => {
                        writeln!(self.out, "You play: {line} -> {next}")?;
                        return Ok(Some(next));
                    }
                    Err(reason) => writeln!(self.out, "Illegal: {reason}")?,
                },
            }
        }
    }

    /// Every move, numbered, with what it is worth to the mover (as
    /// Gamesman shows it): a win or a loss against perfect play, and in how
    /// many moves where search found it.
    fn show_moves(&mut self, p: &dyn AnyPosition) -> anyhow::Result<()> {
        let all = match self.analysis(p, true) {
            Ok(a) => a.all_moves.unwrap_or_default(),
            Err(e) => {
                writeln!(self.out, "{e}; type a move such as the hint's")?;
                return Ok(());
            }
        };
        let width = all.iter().map(|m| m.mv.len()).max().unwrap_or(0);
        for (i, m) in all.iter().enumerate() {
            // The outcome is the next player's: a P-position after the move is a win for the mover.
            let value = match (m.outcome, m.remoteness) {
                (Some(Outcome::Previous), Some(0)) => "wins: the last move".to_string(),
                (Some(Outcome::Previous), Some(r)) => format!("wins, {r} more {}", plural(r)),
                (Some(Outcome::Next), Some(r)) => format!("loses, {r} more {}", plural(r)),
                (Some(Outcome::Previous), None) => "wins".to_string(),
                (Some(Outcome::Next), None) => "loses".to_string(),
                (None, _) => "value unknown".to_string(),
            };
            writeln!(
                self.out,
                "  {:>3}. {}  -> {}   ({value})",
                i + 1,
                crate::pad::Left(&m.mv, width),
                m.to
            )?;
        }
        Ok(())
    }

    fn parse_move(&self, p: &dyn AnyPosition, line: &str) -> Result<Box<dyn AnyPosition>, String> {
        if let Ok(i) = line.parse::<usize>() {
            let names = p.move_names().map_err(|e| e.to_string())?;
            let name = i
                .checked_sub(1)
                .and_then(|i| names.get(i))
                .ok_or_else(|| format!("there is no move {i}; `moves` lists {}", names.len()))?;
            return p.play_named(name).map_err(|e| e.to_string());
        }
        p.play_named(line).map_err(|e| e.to_string())
    }

    fn computer_turn(
        &mut self,
        p: &dyn AnyPosition,
    ) -> anyhow::Result<Option<Box<dyn AnyPosition>>> {
        let Some(reply) = computer_move(p, self.options.play, self.options.limits)? else {
            return Ok(None);
        };
        writeln!(
            self.out,
            "\nI play: {} -> {}",
            reply.choice.mv, reply.position
        )?;
        Ok(Some(reply.position))
    }
}

/// `1 move`, `3 moves`.
fn count(moves: u32) -> String {
    format!("{moves} {}", plural(moves))
}

fn plural(moves: u32) -> &'static str {
    if moves == 1 {
        "move"
    } else {
        "moves"
    }
}
