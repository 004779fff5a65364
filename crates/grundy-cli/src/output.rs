//! Writing to stdout without panicking on a closed pipe, progress bars, and
//! files replaced atomically.

use std::io::{self, Write};
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::api::{Progress, Stage};

use indicatif::{ProgressBar, ProgressStyle};

/// Whether an error is stdout closing under us (`grundy ... | head`): not a failure.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Stdout, buffered and locked.
pub fn stdout() -> io::BufWriter<io::StdoutLock<'static>> {
    io::BufWriter::new(io::stdout().lock())
}

/// Writes one JSON value on a line.
pub fn json_line(out: &mut impl Write, value: &impl serde::Serialize) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// A progress bar on stderr towards `len` steps of `what`; indicatif hides
/// it when stderr is not a terminal. What is done and the estimated time
/// left come first, then the caller's message, cut to the terminal's width
/// (`wide_msg`): a line longer than the terminal wraps, and indicatif then
/// clears only its last row, leaving stale copies above.
pub fn progress(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(bar_style());
    bar.set_prefix(what.to_string());
    bar
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{prefix} [{bar:20}] {percent:>3}% eta {eta:<3} {wide_msg}")
        .expect("valid template")
        .progress_chars("=> ")
}

/// A spinner on stderr for a search, drawn from its counters by a thread
/// of its own once the search has run for half a second: what it is
/// searching for ([`stage_text`]), positions stored
/// (and resumed from a checkpoint), the table's bytes against the budget
/// `max_bytes`, moves looked at per second, elapsed time. Hidden when
/// stderr is not a terminal (indicatif's rule); cleared when dropped.
pub fn search_progress(progress: Arc<Progress>, max_bytes: usize) -> SearchBar {
    let (done, wait) = mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        let start = Instant::now();
        // The rate is of the last half second or more: a stage's new search
        // counts its moves from 0 again.
        let (mut since, mut moves_then, mut rate) = (start, progress.read().moves, 0.0);
        if wait.recv_timeout(Duration::from_millis(500)) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        let bar = ProgressBar::new_spinner().with_elapsed(start.elapsed());
        bar.set_style(spinner_style());
        let mib = |b: u64| b as f64 / f64::from(1 << 20);
        loop {
            let r = progress.read();
            let window = since.elapsed().as_secs_f64();
            if window >= 0.5 {
                rate = r.moves.saturating_sub(moves_then) as f64 / window;
                (since, moves_then) = (Instant::now(), r.moves);
            }
            let resumed = match progress.resumed() {
                0 => String::new(),
                n => format!(" ({n} resumed)"),
            };
            bar.set_message(format!(
                "{}: {} positions stored{resumed}, table {:.0}/{:.0} MiB ({:.0}%), {:.2e} moves/s",
                stage_text(progress.stage()),
                r.stored,
                mib(r.bytes),
                mib(max_bytes as u64),
                100.0 * r.bytes as f64 / max_bytes.max(1) as f64,
                rate
            ));
            bar.tick();
            if wait.recv_timeout(Duration::from_millis(200)) != Err(RecvTimeoutError::Timeout) {
                break;
            }
        }
        bar.finish_and_clear();
    });
    SearchBar {
        done: Some(done),
        thread: Some(thread),
    }
}

/// A search's spinner: the elapsed time first, then what it is doing, cut
/// to the terminal's width (see [`progress`]). A search's total work is not
/// known beforehand, so it has no bar and no estimate of the time left.
fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {elapsed:>4} {wide_msg}").expect("valid template")
}

/// What the spinner says a search is working on. The full search for the
/// exact remoteness, which `analyze --remoteness` runs (and misère play
/// where theory does not answer), costs orders of magnitude more than the
/// rest (Cram 4x9: 3.5 minutes against 1.5 s without it), so it says so.
pub fn stage_text(stage: Option<Stage>) -> &'static str {
    match stage {
        Some(Stage::Remoteness) => {
            "exact remoteness by full search (normal play without --remoteness skips it)"
        }
        Some(Stage::Outcomes) => "each move's outcome by pruned search",
        Some(Stage::Value) => "the value by pruned search",
        _ => "search",
    }
}

/// The spinner of [`search_progress`]; dropping it clears it.
pub struct SearchBar {
    done: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for SearchBar {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Writes a picture's bytes to `path`, or to stdout when `path` is `-`
/// (`grundy sequence kayles --png - | display`); the error names the file.
pub fn write_picture(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context;
    if path == Path::new("-") {
        let mut out = io::stdout().lock();
        out.write_all(bytes)?;
        return Ok(out.flush()?);
    }
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// Replaces the file at `path` with what `write` writes, so that a crash at
/// any moment leaves either the old file or the new one, whole: the bytes go
/// to a temporary file in the same directory (a rename is atomic only
/// within one file system), which is synced, renamed over `path`, and the
/// directory is then synced so that the rename itself survives a power cut.
/// The error names the file that failed.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_os_string());
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(&name);
    tmp_name.push(format!(".tmp-{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let named = |what: &Path, e: io::Error| {
        io::Error::new(e.kind(), format!("writing {}: {e}", what.display()))
    };
    let result = (|| {
        let mut file = io::BufWriter::new(std::fs::File::create(&tmp)?);
        write(&mut file)?;
        file.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(named(&tmp, e));
    }
    std::fs::rename(&tmp, path).map_err(|e| named(path, e))?;
    sync_directory(path).map_err(|e| named(path, e))
}

/// The file a temporary file of [`write_atomically`] was for, if `name` is
/// one (`.NAME.tmp-PID`) written by another process than this one.
fn leftover_of(name: &str) -> Option<&str> {
    let (stem, pid) = name.strip_prefix('.')?.rsplit_once(".tmp-")?;
    let pid: u32 = pid.parse().ok()?;
    (pid != std::process::id() && !stem.is_empty()).then_some(stem)
}

/// Removes, in `dir`, the temporary files that [`write_atomically`] left
/// when its process was killed between writing and renaming, for files
/// that have since been written whole. A temporary file whose file does not
/// exist yet is kept: another process may be writing it for the first time
/// (census shards share a directory). Returns how many were removed; a file
/// that cannot be removed is left, as it harms nothing.
pub fn remove_leftovers(dir: &Path) -> usize {
    remove_leftovers_where(dir, |_| true)
}

/// Removes the leftovers of killed writes of `path` alone (see
/// [`remove_leftovers`]), for a file written again and again, like a
/// checkpoint, in a directory that may hold other processes' files.
pub fn remove_leftovers_of(path: &Path) -> usize {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return 0;
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    remove_leftovers_where(dir, |stem| stem == name)
}

fn remove_leftovers_where(dir: &Path, wanted: impl Fn(&str) -> bool) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let Some(stem) = name.to_str().and_then(leftover_of) else {
                return false;
            };
            wanted(stem) && dir.join(stem).exists() && std::fs::remove_file(entry.path()).is_ok()
        })
        .count()
}

/// Syncs the directory holding `path`, which makes a rename into it durable.
#[cfg(unix)]
fn sync_directory(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::File::open(dir)?.sync_all()
}

/// Directories cannot be opened as files here: the rename is left to the
/// file system.
#[cfg(not(unix))]
fn sync_directory(_: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A terminal 80 columns wide that keeps what is written on it.
    #[derive(Debug, Clone, Default)]
    struct Narrow(Arc<std::sync::Mutex<Vec<String>>>);

    impl indicatif::TermLike for Narrow {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn bars_fit_80_columns_and_show_the_time_left() {
        use indicatif::ProgressDrawTarget;
        let long = "123456 values/s, largest G(4194303) = 65535, 1234 rare, AVX-512, and more words to overflow";
        for (style, with_eta) in [(bar_style(), true), (spinner_style(), false)] {
            let term = Narrow::default();
            let bar = ProgressBar::with_draw_target(
                Some(1_000_000),
                ProgressDrawTarget::term_like(Box::new(term.clone())),
            );
            bar.set_style(style);
            bar.set_prefix("values");
            bar.set_message(long);
            bar.set_position(400_000);
            bar.tick();
            let lines = term.0.lock().unwrap().clone();
            assert!(!lines.is_empty());
            for line in lines.iter().flat_map(|l| l.lines()) {
                let width = line.chars().count();
                assert!(width <= 80, "{width} columns: {line}");
            }
            let drawn = lines
                .iter()
                .rfind(|l| l.contains("123456 values/s"))
                .unwrap_or_else(|| panic!("the message is drawn: {lines:?}"));
            assert_eq!(drawn.contains(" eta "), with_eta, "{drawn}");
            assert_eq!(drawn.contains("40%"), with_eta, "{drawn}");
        }
    }

    #[test]
    fn leftovers_of_killed_writes_are_removed_once_their_file_is_whole() {
        let dir = std::env::temp_dir().join(format!("grundy-leftovers-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str| dir.join(name);
        // Process 1 (init) is never this test: these are other processes' files.
        for name in [".a.json.tmp-1", ".b.json.tmp-1", ".c.tmp-1", "d.json"] {
            std::fs::write(file(name), "partial").unwrap();
        }
        let own = format!(".d.json.tmp-{}", std::process::id());
        std::fs::write(file(&own), "mine").unwrap();
        write_atomically(&file("a.json"), |out| out.write_all(b"whole")).unwrap();
        write_atomically(&file("c"), |out| out.write_all(b"whole")).unwrap();
        assert_eq!(remove_leftovers_of(&file("c")), 1);
        assert!(!file(".c.tmp-1").exists());
        assert!(file(".a.json.tmp-1").exists(), "another file's leftover");
        assert_eq!(remove_leftovers(&dir), 1);
        assert!(!file(".a.json.tmp-1").exists());
        // b.json is not written yet: its writer may be at work.
        assert!(file(".b.json.tmp-1").exists());
        // This process's own temporary file is its business.
        assert!(file(&own).exists());
        assert_eq!(std::fs::read_to_string(file("a.json")).unwrap(), "whole");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_names_of_temporary_files_are_leftovers() {
        assert_eq!(leftover_of(".x.json.tmp-42"), Some("x.json"));
        assert_eq!(leftover_of(".0.6.json.tmp-7"), Some("0.6.json"));
        for name in [
            "x.json.tmp-42",
            ".x.json.tmp-",
            ".x.json.tmp-4a",
            "..tmp-3",
            ".x.json",
        ] {
            assert_eq!(leftover_of(name), None, "{name}");
        }
    }
}
