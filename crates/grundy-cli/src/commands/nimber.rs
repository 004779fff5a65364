//! `grundy nimber`: nim arithmetic for teaching and for checking hand computations.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use grundy::api::nimber;

use crate::output::stdout;

#[derive(Args)]
pub struct NimberArgs {
    #[command(subcommand)]
    op: Op,
}

/// Operands are whole numbers below 2^128, written `5` or `*5`.
#[derive(Subcommand)]
enum Op {
    /// Nim sum A ⊕ B (bitwise XOR).
    Add { a: String, b: String },
    /// Nim product A ⊗ B.
    Mul { a: String, b: String },
    /// Nim inverse: the B with A ⊗ B = 1 (0 has none).
    Inv { a: String },
    /// Nim quotient A ⊘ B = A ⊗ B⁻¹ (B must not be 0).
    Div { a: String, b: String },
}

pub fn run(args: &NimberArgs) -> anyhow::Result<ExitCode> {
    let value = match &args.op {
        Op::Add { a, b } => nimber::add(a, b)?,
        Op::Mul { a, b } => nimber::mul(a, b)?,
        Op::Inv { a } => nimber::inv(a)?,
        Op::Div { a, b } => nimber::div(a, b)?,
    };
    let mut out = stdout();
    writeln!(out, "{value}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
