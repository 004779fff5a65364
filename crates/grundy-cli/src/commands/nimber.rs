//! `grundy nimber`: nim arithmetic for teaching and for checking hand computations.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{anyhow, bail};
use clap::{Args, Subcommand};
use grundy::nim_field::{nim_inv128, nim_mul128};

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

/// Parses `5` or `*5` into a 128-bit nimber, naming the word on failure.
fn nimber(word: &str) -> anyhow::Result<u128> {
    let digits = word.strip_prefix('*').unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        bail!("`{word}` is not a nimber: write a whole number such as `5` or `*5`");
    }
    digits
        .parse()
        .map_err(|_| anyhow!("`{word}` is too large: nimbers here must be below 2^128"))
}

fn inverse(word: &str, a: u128) -> anyhow::Result<u128> {
    nim_inv128(a).ok_or_else(|| anyhow!("`{word}` is 0, which has no nim inverse"))
}

pub fn run(args: &NimberArgs) -> anyhow::Result<ExitCode> {
    let value = match &args.op {
        Op::Add { a, b } => nimber(a)? ^ nimber(b)?,
        Op::Mul { a, b } => nim_mul128(nimber(a)?, nimber(b)?),
        Op::Inv { a } => inverse(a, nimber(a)?)?,
        Op::Div { a, b } => nim_mul128(nimber(a)?, inverse(b, nimber(b)?)?),
    };
    let mut out = stdout();
    writeln!(out, "{value}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
