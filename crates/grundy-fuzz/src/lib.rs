//! Fuzz targets for `grundy`: one function per kind of input a user can
//! give (positions, take-and-break codes, formulas, judge inputs, graph
//! files, checkpoints, scripts, huge numbers, the web playground's JSON
//! bodies), taking arbitrary bytes. None may panic,
//! whatever the bytes: a panic is a bug found.
//!
//! The functions are shared by the cargo-fuzz targets under `fuzz/`, which
//! call them with libFuzzer's inputs, and by this crate's `replay` test,
//! which runs every file of the committed corpora and crash regressions on
//! the stable toolchain, so that `cargo test` replays them.
//!
//! Each function bounds its own work (a search budget, short sequences,
//! a rhai operation budget), so one input takes well under a second.

#![deny(missing_docs)]

use std::time::Duration;

use grundy::api::analyze::AnalyzeOptions;
use grundy::api::formula::{Cell, Expr};
use grundy::api::sequence::{
    checkpoint_values, sequence, Checkpoint, Hooks, SequenceOptions, Values,
};
use grundy::api::{games, judge, Files, Limits, Play, Spec};

mod reach;
pub use reach::{huge_number, web_body, ENDPOINTS, MAX_DIGITS};

/// The catalog's game names, in the catalog's order: the first byte of an
/// input picks one, so the corpora keep their meaning while the catalog
/// keeps its order.
pub fn game_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| games::list().iter().map(|g| g.name).collect())
}

/// A fuzz target: runs one input, panicking only on a bug.
pub type Target = fn(&[u8]);

/// The targets, by name: the name is the directory of the corpus
/// (`fuzz/corpus/NAME`, `fuzz/regressions/NAME`) and of the cargo-fuzz
/// target.
pub const TARGETS: &[(&str, Target)] = &[
    ("analyze", analyze),
    ("heap_code", heap_code),
    ("formula", formula),
    ("judge", judge_input),
    ("graph", graph),
    ("checkpoint", checkpoint_file),
    ("script", script),
    ("huge_number", huge_number),
    ("web_body", web_body),
];

/// A small search budget: 10^4 positions, 8 MiB, 0.2 s.
pub fn small_limits() -> Limits {
    Limits::new(10_000)
        .with_memory(8 << 20)
        .with_time(Duration::from_millis(200))
}

fn options(flags: u8) -> AnalyzeOptions {
    AnalyzeOptions {
        play: if flags & 1 == 0 {
            Play::Normal
        } else {
            Play::Misere
        },
        all_moves: flags & 2 != 0,
        value_only: flags & 4 != 0,
        remoteness: flags & 8 != 0,
        limits: small_limits(),
    }
}

/// Checks that a position printed by the library is read back as the same
/// position. An empty text is left out: the empty rows of `ends` print as
/// nothing, a known gap (issue 17's round trips) fixed elsewhere.
fn reads_back(spec: &Spec, text: &str) {
    if text.trim().is_empty() {
        return;
    }
    let game = spec.build().expect("the game was built once already");
    let words: Vec<&str> = text.split_whitespace().collect();
    match game.parse(&words) {
        Ok(p) => assert_eq!(
            p.to_string(),
            text,
            "{} prints {text:?} differently once read back",
            game.name()
        ),
        Err(e) => panic!(
            "{}: the printed position {text:?} is not read back: {e}",
            game.name()
        ),
    }
}

/// Every catalog game's position parser and `analyze`, under
/// [`small_limits`]. The first byte picks the game (over
/// [`game_names`]) and the play convention; the rest,
/// as UTF-8, is an optional first line `PARAMETER` (for `name:PARAMETER`)
/// and then the position's words. A position that parses must print as
/// text that parses back to it, and so must every move's target.
pub fn analyze(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let names = game_names();
    let name = names[usize::from(first) % names.len()];
    let (param, position) = match text.split_once('\n') {
        Some((p, rest)) if !p.is_empty() => (Some(p), rest),
        Some((_, rest)) => (None, rest),
        None => (None, text),
    };
    let spec = Spec::from(
        match param {
            Some(p) => format!("{name}:{p}"),
            None => name.to_string(),
        }
        .as_str(),
    );
    let Ok(game) = spec.build() else {
        return;
    };
    let words: Vec<&str> = position.split_whitespace().collect();
    let Ok(p) = game.parse(&words) else {
        return;
    };
    reads_back(&spec, &p.to_string());
    let flags = (first as usize / names.len()) as u8;
    if let Ok(a) = p.analyze(&options(flags)) {
        // The first moves: a heap of 10^5 has as many, and reading every
        // one back would time the harness rather than the library.
        for m in a.winning_moves.iter().take(64) {
            reads_back(&spec, &m.to);
        }
    }
}

/// Take-and-break codes: a code whose first values are found prints as a
/// code that gives the same values and prints the same way, and no text
/// given as a rule panics.
pub fn heap_code(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let options = SequenceOptions {
        limits: small_limits(),
        ..SequenceOptions::default()
    };
    let Ok(first) = sequence(&Spec::from(text), 40, &options, Hooks::default()) else {
        return;
    };
    if let Values::Catalog(_) = first.values {
        return; // a catalog game's name, not a code
    }
    let printed = first.rule.clone();
    let again = sequence(
        &Spec::from(printed.as_str()),
        40,
        &options,
        Hooks::default(),
    )
    .unwrap_or_else(|e| panic!("{text:?} prints as {printed:?}, which is refused: {e}"));
    assert_eq!(again, first, "{text:?} prints as {printed:?}, another rule");
}

/// Formulas: one that parses prints as text that parses to the same formula
/// (same value everywhere), and evaluates anywhere without a panic.
pub fn formula(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(e) = text.parse::<Expr>() else {
        return;
    };
    let printed = e.to_string();
    let again: Expr = printed.parse().unwrap_or_else(|err| {
        panic!("{text:?} prints as {printed:?}, which does not parse: {err}")
    });
    let big = [0, 1, 2, 3, 7, 63, 64, 65, u64::MAX - 1, u64::MAX];
    for (k, &n) in big.iter().enumerate() {
        let cell = Cell {
            n,
            i: big[(k + 3) % big.len()],
            j: big[(k + 7) % big.len()],
        };
        assert_eq!(
            e.eval(&cell),
            again.eval(&cell),
            "{text:?} and its printed form {printed:?} differ at {cell:?}"
        );
    }
}

/// Every judge's input: the first byte picks the problem, the rest (UTF-8)
/// is its input. Any text is answered or refused without a panic.
pub fn judge_input(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let problem = &judge::PROBLEMS[usize::from(first) % judge::PROBLEMS.len()];
    let _ = judge::solve(problem, text);
}

/// Geography graph files: the words of a file's text, then the game built
/// on them and analysed under [`small_limits`]. The first byte picks the
/// play convention; the rest is the file.
pub fn graph(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(words) = games::graph_words("geography", text) else {
        return;
    };
    let spec = Spec::from("geography");
    let Ok(game) = spec.build() else {
        return;
    };
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let Ok(p) = game.parse(&words) else {
        return;
    };
    let _ = p.analyze(&options(first));
}

/// The rules whose checkpoints [`checkpoint_file`] reads.
const CHECKPOINT_RULES: [&str; 4] = ["0.6", "0.07", "4.07", "0.137"];

/// Sequence checkpoint files, read as `grundy sequence --checkpoint` reads
/// them. The first byte picks a rule and a mode:
/// - even: the rest is a checkpoint file; whatever is accepted must be
///   saved again, by a run resumed from it, as the identical bytes (nothing
///   is accepted loosely, and no file of an earlier format is accepted);
/// - odd: a real checkpoint of the rule's first values is damaged as the
///   rest says (byte flips at positions, then a truncation), and a damaged
///   file must be refused, never read as other values.
pub fn checkpoint_file(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rule = Spec::from(CHECKPOINT_RULES[usize::from(first >> 1) % CHECKPOINT_RULES.len()]);
    if first & 1 == 0 {
        if let Ok(values) = checkpoint_values(&rule, rest) {
            // Only the current format is read, and only as it is written,
            // but for one case: 16-bit values that all fit in 8 bits (as
            // versions before 8-bit values wrote them) resume in 8 bits,
            // and are saved again so, the same values.
            let saved = saved_by_run(&rule, values.len(), Some(rest));
            if saved != rest {
                let again =
                    checkpoint_values(&rule, &saved).expect("a saved checkpoint reads back");
                assert!(
                    matches!((&values, &again), (Values::Narrow(_), Values::Byte(_)))
                        && again.to_u64() == values.to_u64(),
                    "an accepted checkpoint that does not re-serialise to itself"
                );
            }
        }
        return;
    }
    // The damage: pairs (position, xor mask), and a final odd byte, if
    // any, truncates the file to that fraction of its length.
    let len = 1 + usize::from(first >> 4) * 7;
    let good = saved_by_run(&rule, len, None);
    let values = checkpoint_values(&rule, &good).expect("a checkpoint just saved reads back");
    let mut bad = good.clone();
    let mut pairs = rest.chunks_exact(2);
    for pair in pairs.by_ref().take(2) {
        let at = usize::from(pair[0]) % bad.len();
        bad[at] ^= pair[1];
    }
    if let [cut] = pairs.remainder() {
        bad.truncate(bad.len() * usize::from(*cut) / 256);
    }
    let read: Option<Values> = checkpoint_values(&rule, &bad).ok();
    if bad == good {
        assert_eq!(read, Some(values));
    } else if let Some(read) = read {
        panic!("a damaged checkpoint was read: {read:?} from {bad:?}");
    }
}

/// The last checkpoint a sequence run of `len` values of `rule` saves,
/// resumed from `resume` if given.
fn saved_by_run(rule: &Spec, len: usize, resume: Option<&[u8]>) -> Vec<u8> {
    let mut saved = Vec::new();
    let mut save = |c: &Checkpoint<'_>| {
        saved.clear();
        c.write_to(&mut saved)
    };
    let hooks = Hooks {
        resume,
        save: Some(&mut save),
        ..Hooks::default()
    };
    sequence(rule, len, &SequenceOptions::default(), hooks).expect("short sequences are found");
    saved
}

/// Rhai scripts, as `script:FILE` games: the rest of the input is the
/// script's text and the first byte the heap analysed (0 to 15) and the
/// play convention. A script must fail cleanly (a syntax or runtime error,
/// an operation or search limit), never panic or run past its budget.
pub fn script(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let spec = Spec {
        files: Files::default().with("fuzz.rhai", text),
        ..Spec::from("script:fuzz.rhai")
    };
    let heap = (first & 15).to_string();
    let Ok(game) = spec.build() else {
        return;
    };
    let Ok(p) = game.parse(&[heap.as_str()]) else {
        return;
    };
    let _ = p.analyze(&options(first >> 4));
}
