//! `grundy play`: a game against the perfect opponent.
//!
//! Reads one move per line: on a terminal through a line editor (history
//! on Up and Down, editing keys; see `terminal.rs`), else from stdin, so
//! moves can be piped in. Besides a move, a line may be a number from the
//! `moves` list, `moves`, `hint`, `undo` or `quit`.

use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use grundy::api::analyze::{Analysis, AnalyzeOptions};
use grundy::api::play::computer_move;
use grundy::api::AnyPosition;
use grundy::api::{Outcome, Play};

use crate::args::{ConventionArgs, GraphArgs, SearchArgs};

mod terminal;
use terminal::{drawn, Input, Paint};

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

/// The rule that ends a loopy game that could go on forever.
const REPETITION: &str =
    "A position that comes back a third time with the same player to move is a draw.";

struct Session<W: Write> {
    out: W,
    options: AnalyzeOptions,
    input: Input,
    paint: Paint,
}

/// What the player asked for on their turn.
enum Turn {
    Move(Box<dyn AnyPosition>),
    /// Take back their last move and the reply to it.
    Undo,
    Quit,
}

pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let words = args.graph.words(&args.game, &args.position)?;
    let mut position = super::position(&args.graph.game(&args.game), &words)?;
    let play = args.convention.play();
    let options = AnalyzeOptions {
        play,
        all_moves: false,
        value_only: false,
        remoteness: false,
        limits: args.search.limits(),
    };
    // Check the position can be analysed before the game starts.
    let loopy = position.analyze(&options)?.value.is_some();
    // Unlocked: the line editor writes its prompt to stdout too.
    let mut s = Session {
        out: io::stdout(),
        options,
        input: Input::new()?,
        paint: Paint::for_stdout(),
    };
    let rule = match play {
        Play::Normal => "whoever makes the last move wins",
        Play::Misere => "misère play: whoever makes the last move loses",
    };
    writeln!(s.out, "{} {} ({rule})", position.game(), position)?;
    if loopy {
        writeln!(s.out, "{REPETITION}")?;
    }
    let mut human = !args.computer_first;
    // The positions at which the player moved, latest last, for `undo`.
    let mut earlier: Vec<Box<dyn AnyPosition>> = Vec::new();
    let mut seen: HashMap<(String, bool), u32> = HashMap::new();
    loop {
        let times = seen.entry((position.to_string(), human)).or_insert(0);
        *times += 1;
        if *times == 3 {
            writeln!(s.out, "\nPosition {position} has come back a third time with the same player to move: a draw.")?;
            break;
        }
        if position.any_move().is_none() {
            // The player to move cannot move: they lose in normal play, win in misère.
            let mover_wins = play == Play::Misere;
            let human_wins = human == mover_wins;
            let verdict = if human_wins {
                s.paint.good("You win!")
            } else {
                s.paint.bad("I win.")
            };
            writeln!(s.out, "No moves are left. {verdict}")?;
            break;
        }
        let next = if human {
            s.human_turn(&*position, !earlier.is_empty())?
        } else {
            s.computer_turn(&*position)?.map_or(Turn::Quit, Turn::Move)
        };
        match next {
            Turn::Move(p) => {
                if human {
                    earlier.push(std::mem::replace(&mut position, p));
                } else {
                    position = p;
                }
                human = !human;
            }
            Turn::Undo => {
                // human_turn offers undo only when there is a move to take back.
                if let Some(p) = earlier.pop() {
                    writeln!(s.out, "Taken back: the position is again {p}")?;
                    position = p;
                }
            }
            Turn::Quit => {
                writeln!(s.out, "Bye.")?;
                break;
            }
        }
    }
    s.out.flush()?;
    Ok(ExitCode::SUCCESS)
}

impl<W: Write> Session<W> {
    fn analysis(&self, p: &dyn AnyPosition, all_moves: bool) -> anyhow::Result<Analysis> {
        let mut o = self.options;
        o.all_moves = all_moves;
        Ok(p.analyze(&o)?)
    }

    fn human_turn(&mut self, p: &dyn AnyPosition, can_undo: bool) -> anyhow::Result<Turn> {
        let a = self.analysis(p, false)?;
        let within = a
            .remoteness
            .map(|r| format!(" in {}", count(r)))
            .unwrap_or_default();
        let drawn = drawn(p);
        // A board starts on a line of its own.
        let gap = if drawn.starts_with('\n') { "" } else { " " };
        writeln!(self.out, "\nPosition:{gap}{}", self.paint.bold(&drawn))?;
        match a.outcome {
            Outcome::Next => writeln!(self.out, "You are to move and you should win{within}.")?,
            Outcome::Previous => writeln!(
                self.out,
                "You are to move; with perfect play I win{within}. Make it hard for me."
            )?,
            Outcome::Draw => writeln!(
                self.out,
                "You are to move; with perfect play neither of us can force a win: a draw."
            )?,
        }
        let prompt = if can_undo {
            "your move (or `moves`, `hint`, `undo`, `quit`): "
        } else {
            "your move (or `moves`, `hint`, `quit`): "
        };
        loop {
            self.out.flush()?;
            let Some(line) = self.input.read_line(prompt)? else {
                return Ok(Turn::Quit);
            };
            let line = line.trim();
            match line {
                "" => continue,
                "quit" | "q" | "exit" => return Ok(Turn::Quit),
                "undo" | "u" if can_undo => return Ok(Turn::Undo),
                "undo" | "u" => writeln!(self.out, "Nothing to undo: you have not moved yet.")?,
                "moves" | "m" => self.show_moves(p)?,
                "hint" | "h" => match a.winning_moves.first() {
                    Some(m) => writeln!(self.out, "hint: {}", self.paint.hint(&m.mv))?,
                    None if a.drawing_moves.as_ref().is_some_and(|d| !d.is_empty()) => {
                        let d = a.drawing_moves.as_deref().unwrap_or_default();
                        writeln!(
                            self.out,
                            "hint: {} (it keeps the draw)",
                            self.paint.hint(&d[0].mv)
                        )?
                    }
                    None => writeln!(self.out, "hint: every move loses against perfect play")?,
                },
                _ => match self.parse_move(p, line) {
                    Ok(next) => {
                        writeln!(self.out, "You play: {line} -> {next}")?;
                        return Ok(Turn::Move(next));
                    }
                    Err(reason) => writeln!(self.out, "{} {reason}", self.paint.bad("Illegal:"))?,
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
                (Some(Outcome::Draw), _) => "draws".to_string(),
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
