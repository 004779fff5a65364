//! One position of any game of the catalog: who wins, its Grundy value,
//! every winning move and how long the game lasts with perfect play.
//!
//! ```
//! use grundy::api::analyze::{analyze, AnalyzeOptions};
//! use grundy::api::Spec;
//!
//! let a = analyze(&Spec::from("nim"), &["3", "4", "5"], &AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.grundy, Some(2)); // 3 XOR 4 XOR 5
//! assert_eq!(a.winning_moves[0].to, "1 4 5");
//! ```

pub use crate::analysis::erased::{
    Analysis, AnalyzeError, AnalyzeOptions, Method, MoveInfo, NoRemoteness, QUICK_SEARCH,
};
use crate::analysis::erased::{AnyGame, AnyPosition};
use crate::api::Error;
use crate::entry::Spec;
/// [`within`] runs a closure whose script calls on this thread (and on the
/// threads its searches start) stop at a [`Watch`]'s deadline or when its
/// progress is asked to stop, as the searches' own calls stop at theirs:
/// for a front end that must end a request's work, whichever engine the
/// work reaches.
pub use crate::solve::deadline::{within, Watch};
pub use crate::solve::snapshot::{CheckpointHooks, SaveHook, SearchHooks, Snapshot, SnapshotError};
/// The counters a watched search publishes, and the way to stop it: a
/// front end needs it to fill [`SearchHooks::progress`].
pub use crate::solve::Progress;

/// The game `spec` names, built.
///
/// # Errors
/// [`Error::Catalog`] for an unknown game, a bad parameter, or a file the
/// spec names whose text is not in [`Spec::files`].
pub fn game(spec: &Spec) -> Result<Box<dyn AnyGame>, Error> {
    Ok(spec.build()?)
}

/// The position of `spec`'s game written as `words`.
///
/// # Errors
/// As [`game`]; [`Error::Position`] for words that are not a position.
pub fn position(spec: &Spec, words: &[&str]) -> Result<Box<dyn AnyPosition>, Error> {
    let game = game(spec)?;
    game.parse(words).map_err(|reason| Error::Position {
        game: game.name(),
        reason,
    })
}

/// Everything about one position: outcome, Grundy value, the winning moves
/// (every move with `all_moves`), remoteness, and how they were found: by
/// the game's closed form where it has one for the play convention asked,
/// else by search within `options.limits`.
///
/// # Errors
/// As [`position`]; [`Error::Analyze`] when a search cannot finish within
/// its limits, the moves asked for are too many to list, or the options ask
/// for `value_only` and `all_moves` together.
pub fn analyze(spec: &Spec, words: &[&str], options: &AnalyzeOptions) -> Result<Analysis, Error> {
    consistent(options)?;
    Ok(position(spec, words)?.analyze(options)?)
}

/// Refuses options that ask for two things that exclude each other, for
/// every front end alike.
fn consistent(options: &AnalyzeOptions) -> Result<(), Error> {
    match (options.value_only, options.all_moves, options.remoteness) {
        (true, true, _) => Err(AnalyzeError::ValueOnlyWithAllMoves.into()),
        (true, _, true) => Err(AnalyzeError::ValueOnlyWithRemoteness.into()),
        _ => Ok(()),
    }
}

/// Like [`analyze`], by search even where the game has a closed form: to
/// time the search or check it against the formula. Normal play by the
/// pruned search, misère by the full one; remoteness where a quick search
/// finds it.
///
/// # Errors
/// As [`analyze`].
pub fn analyze_by_search(
    spec: &Spec,
    words: &[&str],
    options: &AnalyzeOptions,
) -> Result<Analysis, Error> {
    consistent(options)?;
    Ok(position(spec, words)?.analyze_by_search(options)?)
}

/// [`analyze_by_search`] when `by_search`, else [`analyze`], with the
/// search watched by `hooks`: it publishes its counters to
/// `hooks.progress` (a front end draws them, and stops the search with
/// [`Progress::request_stop`](crate::solve::Progress::request_stop)), and
/// with `hooks.checkpoint` it resumes from the checkpoint given, if it is
/// of the same game, position, convention and search, and saves its table
/// every so often, when it finishes, and when it stops at a limit or is
/// interrupted. Searches other than the full and the pruned one (a formula's
/// quick remoteness search, a script game's own) are not watched.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use std::time::Duration;
/// use grundy::api::analyze::{analyze_watched, AnalyzeOptions, CheckpointHooks, SearchHooks};
/// use grundy::api::Spec;
///
/// let saved = Arc::new(Mutex::new(Vec::new()));
/// let file = Arc::clone(&saved);
/// let hooks = |resume| SearchHooks {
///     progress: None,
///     checkpoint: Some(CheckpointHooks {
///         resume,
///         every: Duration::from_secs(30),
///         save: Box::new({
///             let file = Arc::clone(&file);
///             move |s| {
///                 let mut file = file.lock().unwrap();
///                 file.clear();
///                 s.write_to(&mut *file)
///             }
///         }),
///     }),
/// };
/// let (spec, o) = (Spec::from("cram"), AnalyzeOptions::default());
/// let first = analyze_watched(&spec, &["3x4"], &o, true, hooks(None)).unwrap();
/// let bytes = std::mem::take(&mut *saved.lock().unwrap());
/// let again = analyze_watched(&spec, &["3x4"], &o, true, hooks(Some(bytes))).unwrap();
/// assert_eq!((first.grundy, again.grundy), (Some(1), Some(1)));
/// // A checkpoint of 3x4 is refused for 4x3.
/// let bytes = std::mem::take(&mut *saved.lock().unwrap());
/// assert!(analyze_watched(&spec, &["4x3"], &o, true, hooks(Some(bytes))).is_err());
/// ```
///
/// # Errors
/// As [`analyze`]; [`Error::Analyze`] with a [`SnapshotError`] for a
/// checkpoint that is damaged, of another search, or too large for the
/// memory budget.
pub fn analyze_watched(
    spec: &Spec,
    words: &[&str],
    options: &AnalyzeOptions,
    by_search: bool,
    hooks: SearchHooks,
) -> Result<Analysis, Error> {
    consistent(options)?;
    Ok(position(spec, words)?.analyze_watched(options, by_search, hooks)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ErrorKind;
    use crate::entry::Files;
    use crate::game::Outcome;

    #[test]
    fn a_bad_position_names_the_game() {
        let err = position(&Spec::from("nim"), &["3", "x"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BadInput);
        assert!(err.to_string().starts_with("nim position: "), "{err}");
    }

    #[test]
    fn a_watched_analysis_says_what_it_searched_for_last() {
        use crate::game::Play;
        use crate::solve::{Progress, Stage};
        use std::sync::Arc;
        let run = |game: &str, words: &[&str], o: &AnalyzeOptions, by_search: bool| {
            let progress = Arc::new(Progress::default());
            let hooks = SearchHooks {
                progress: Some(Arc::clone(&progress)),
                checkpoint: None,
            };
            analyze_watched(&Spec::from(game), words, o, by_search, hooks).unwrap();
            progress.stage()
        };
        let normal = AnalyzeOptions::default();
        let misere = AnalyzeOptions {
            play: Play::Misere,
            ..AnalyzeOptions::default()
        };
        // The full search for the remoteness, then the value.
        assert_eq!(run("cram", &["3x4"], &normal, false), Some(Stage::Value));
        // Each move's outcome, then the value, both pruned.
        assert_eq!(run("cram", &["3x4"], &normal, true), Some(Stage::Value));
        // Misère play has no value: the full search is the whole analysis.
        assert_eq!(
            run("cram", &["3x4"], &misere, false),
            Some(Stage::Remoteness)
        );
        // A formula searches nothing that is watched.
        assert_eq!(run("nim", &["3", "4"], &normal, false), None);
    }

    #[test]
    fn value_only_with_all_moves_is_refused_by_every_entry_point() {
        let o = AnalyzeOptions {
            value_only: true,
            all_moves: true,
            ..AnalyzeOptions::default()
        };
        let spec = Spec::from("nim");
        for err in [
            analyze(&spec, &["3"], &o).unwrap_err(),
            analyze_by_search(&spec, &["3"], &o).unwrap_err(),
            analyze_watched(&spec, &["3"], &o, false, SearchHooks::default()).unwrap_err(),
        ] {
            assert_eq!(err.kind(), ErrorKind::BadInput);
            assert!(
                err.to_string().starts_with("value_only lists no move"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_script_is_built_from_the_text_the_front_end_read() {
        let text =
            "fn moves(n) { if n >= 2 { [n - 1, n - 2] } else if n == 1 { [0] } else { [] } }";
        let mut spec = Spec::from("script:take12.rhai");
        let Err(missing) = game(&spec) else {
            panic!("a script is built from its text, not its path");
        };
        assert_eq!(missing.kind(), ErrorKind::BadInput);
        spec.files = Files::default().with("take12.rhai", text);
        // Take 1 or 2: G(n) = n mod 3, so a heap of 3 is lost for the mover.
        let a = analyze(&spec, &["3"], &AnalyzeOptions::default()).unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::Previous, Some(0)));
    }

    #[test]
    fn the_options_time_limit_stops_a_scripts_call_without_a_front_ends_watch() {
        // Each push re-measures the array, so this call alone runs for
        // seconds before its array passes the sandbox's size bound; the
        // analysis's own time limit ends it first, as a front end's does.
        let spec = Spec {
            files: Files::default().with(
                "push.rhai",
                "fn moves(n) { let a = []; loop { a.push(a.len()); } }",
            ),
            ..Spec::from("script:push.rhai")
        };
        let options = AnalyzeOptions {
            limits: crate::solve::Limits::default().with_time(std::time::Duration::from_millis(20)),
            ..AnalyzeOptions::default()
        };
        let err = analyze(&spec, &["5"], &options).unwrap_err().to_string();
        assert!(err.contains("stopped at the search's time limit"), "{err}");
    }

    #[test]
    fn a_time_limit_past_what_the_clock_holds_is_no_limit() {
        let options = AnalyzeOptions {
            limits: crate::solve::Limits::default().with_time(std::time::Duration::MAX),
            ..AnalyzeOptions::default()
        };
        for (game, words) in [("cram", ["3x3"]), ("kayles", ["7"])] {
            let a = analyze(&Spec::from(game), &words, &options).unwrap();
            assert!(a.grundy.is_some(), "{game}");
        }
        let misere = AnalyzeOptions {
            play: crate::game::Play::Misere,
            ..options
        };
        assert!(analyze(&Spec::from("kayles"), &["3", "4"], &misere).is_ok());
    }
}
