//! `grundy misere genus|canonical`: misère play in depth. The work is in
//! `grundy::api::misere`; this file parses and prints.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Subcommand};
use grundy::api::misere::{
    self, CanonicalReport, GenusReport, MisereOptions, QuotientOptions, QuotientReport,
    DEFAULT_MAX_FORMS, DEFAULT_MAX_ORDER, DEFAULT_MAX_STATES,
};

use crate::memory;
use crate::output::{json_line, progress, stdout};

#[derive(Args, Debug)]
pub struct MisereArgs {
    #[command(subcommand)]
    command: MisereCommand,
}

#[derive(Subcommand, Debug)]
enum MisereCommand {
    /// The genus g^{γ0γ1…} of each heap, and whether it is tame or wild.
    Genus(GenusArgs),
    /// The misère simplest form of a position (a sum of heaps), its outcome and genus.
    Canonical(CanonicalArgs),
    /// The misère quotient of all sums of heaps up to --max-heap: presentation, P-portion, heap → element.
    Quotient(QuotientArgs),
}

/// Flags shared by the misère commands.
#[derive(Args, Debug)]
struct Common {
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// The most distinct simplest forms held at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_FORMS)]
    max_forms: usize,
    /// The most time spent building forms, in seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    max_time: Option<Duration>,
    /// The memory the forms and their sums may hold, e.g. `512M` or `2G`
    /// (default: as for a search, a quarter of this machine's memory
    /// within 256M and 16G, and at most a third of `ulimit -v`).
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    memory: Option<usize>,
}

impl Common {
    fn options(&self) -> MisereOptions {
        MisereOptions {
            max_forms: self.max_forms,
            max_time: self.max_time,
            memory: self.memory.unwrap_or_else(memory::default_budget),
        }
    }
}

fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    Duration::try_from_secs_f64(s)
        .map_err(|_| format!("`{text}` is not a positive number of seconds"))
}

#[derive(Args, Debug)]
struct GenusArgs {
    /// The game: nim, a take-and-break code (0.77, 0.07, 0.137) or a name (kayles).
    game: String,
    /// Heap sizes or inclusive ranges, e.g. `0..20` or `3 5 8`.
    #[arg(required = true)]
    heaps: Vec<String>,
    #[command(flatten)]
    common: Common,
}

#[derive(Args, Debug)]
struct CanonicalArgs {
    /// The game: nim, a take-and-break code or a name (kayles).
    game: String,
    /// The heaps of the position.
    #[arg(required = true)]
    heaps: Vec<String>,
    /// Another position (its heaps, one argument, e.g. "1 2"): are the two equal in misère play?
    #[arg(long, value_name = "HEAPS")]
    equals: Option<String>,
    #[command(flatten)]
    common: Common,
}

#[derive(Args, Debug)]
struct QuotientArgs {
    /// The game: nim, a take-and-break code (0.77, 0.07, 0.75, 0.137) or a name (kayles).
    game: String,
    /// The heap bound: the quotient is that of all sums of heaps up to it.
    #[arg(long, value_name = "N")]
    max_heap: u64,
    /// The most states of the unreduced monoid the quotient is reduced from.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
    max_states: usize,
    /// The largest quotient order accepted.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_ORDER)]
    max_order: usize,
    /// The most time spent, in seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    max_time: Option<Duration>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &MisereArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        MisereCommand::Genus(a) => genus(a),
        MisereCommand::Canonical(a) => canonical(a),
        MisereCommand::Quotient(a) => quotient(a),
    }
}

fn words(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

fn genus(a: &GenusArgs) -> anyhow::Result<ExitCode> {
    let options = a.common.options();
    let heaps = words(&a.heaps);
    let count = misere::heap_list(&a.game, &heaps).map_or(0, |h| h.len());
    let bar = progress(count as u64, "genus");
    let report = misere::genus(&a.game, &heaps, &options, &mut |_| bar.inc(1));
    bar.finish_and_clear();
    let report = report?;
    let mut out = stdout();
    if a.common.json {
        json_line(&mut out, &report)?;
    } else {
        write_genus(&mut out, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_genus(out: &mut impl Write, r: &GenusReport) -> anyhow::Result<()> {
    let width = r.rows.iter().map(|row| row.genus.len()).max().unwrap_or(0);
    for row in &r.rows {
        let genus = crate::pad::Left(&row.genus, width);
        writeln!(out, "{:>4}  {genus}  {}", row.heap, row.kind)?;
    }
    Ok(())
}

fn canonical(a: &CanonicalArgs) -> anyhow::Result<ExitCode> {
    let options = a.common.options();
    let other: Option<Vec<&str>> = a.equals.as_deref().map(|t| t.split_whitespace().collect());
    let report = misere::canonical(&a.game, &words(&a.heaps), other.as_deref(), &options)?;
    let mut out = stdout();
    if a.common.json {
        json_line(&mut out, &report)?;
    } else {
        write_canonical(&mut out, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_canonical(out: &mut impl Write, r: &CanonicalReport) -> anyhow::Result<()> {
    writeln!(out, "{} {} (misère play)", r.game, r.position)?;
    if r.parts.len() > 1 {
        for p in &r.parts {
            writeln!(
                out,
                "heap {:<5} {}  (birthday {})",
                p.heap, p.form, p.birthday
            )?;
        }
    }
    writeln!(out, "form        {}", r.form)?;
    writeln!(out, "birthday    {}", r.birthday)?;
    let who = match r.outcome {
        grundy::api::Outcome::Next => "the player to move wins",
        grundy::api::Outcome::Previous => "the player to move loses",
        grundy::api::Outcome::Draw => "a draw",
    };
    writeln!(out, "outcome     {} ({who})", r.outcome)?;
    writeln!(out, "G⁻          {} (misère Grundy value)", r.misere_grundy)?;
    writeln!(out, "genus       {}  {}", r.genus, r.kind)?;
    if let Some((other, equal)) = &r.equals {
        let verdict = if *equal { "equal" } else { "not equal" };
        writeln!(out, "{verdict} to {} {other} in misère play", r.game)?;
    }
    Ok(())
}

fn quotient(a: &QuotientArgs) -> anyhow::Result<ExitCode> {
    let options = QuotientOptions {
        max_states: a.max_states,
        max_order: a.max_order,
        max_time: a.max_time,
    };
    let bar = progress(a.max_heap + 1, "quotient, heaps up to");
    let report = misere::quotient(&a.game, a.max_heap, &options, &mut |p| {
        bar.set_position(p.done);
        bar.set_message(format!("quotient (order {})", p.largest));
    });
    bar.finish_and_clear();
    let report = report?;
    let mut out = stdout();
    if a.json {
        json_line(&mut out, &report)?;
    } else {
        write_quotient(&mut out, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_quotient(out: &mut impl Write, r: &QuotientReport) -> anyhow::Result<()> {
    writeln!(
        out,
        "misère quotient of {}, all sums of heaps up to {}",
        r.game, r.max_heap
    )?;
    writeln!(
        out,
        "order       {} (even, as every misère quotient is)",
        r.order
    )?;
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    writeln!(out, "generators  {}", gens.join(", "))?;
    writeln!(out, "relations   {}", r.relations.join(", "))?;
    writeln!(out, "elements    {}", r.elements.join(" "))?;
    writeln!(out, "P-portion   {}", r.p_portion.join(" "))?;
    writeln!(
        out,
        "heaps (heap: element, * marks a lone heap that is a P-position)"
    )?;
    let cells: Vec<String> = r
        .heaps
        .iter()
        .map(|h| format!("{}:{}{}", h.heap, h.element, if h.p { "*" } else { "" }))
        .collect();
    for line in cells.chunks(10) {
        writeln!(out, "  {}", line.join("  "))?;
    }
    match &r.stable {
        Some(st) => writeln!(
            out,
            "stable      heaps n ≥ {} map like n − {} (period {} from heap {}, proved at heaps up to {}): holds for sums of heaps of every size",
            st.preperiod + st.period,
            st.period,
            st.period,
            st.preperiod,
            st.proved_at
        )?,
        None => writeln!(
            out,
            "no period proven within heaps up to {}: holds for every sum of heaps up to {} (no claim beyond it)",
            r.max_heap, r.max_heap
        )?,
    }
    Ok(())
}
