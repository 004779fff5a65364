//! Writing to stdout without panicking on a closed pipe, and progress bars.

use std::io::{self, Write};

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

/// A progress bar on stderr; indicatif hides it when stderr is not a terminal.
pub fn progress(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({elapsed})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Writes a picture's bytes to `path`; the error names the file.
pub fn write_picture(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context;
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}
