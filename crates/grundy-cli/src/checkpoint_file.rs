//! The one place the command reads and saves checkpoint files, for every
//! command that checkpoints (`analyze`, `sequence`, `period`): resume from
//! the file if it is there, save atomically, clean up after killed saves.
//! What is inside is the library's one container format (a version, a
//! content hash and the kind of run), which the library reads and checks.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Context;
use grundy::api::Bytes;

use crate::output::{remove_leftovers_of, write_atomically};

/// The bytes of the checkpoint at `path` to resume from, `None` when there
/// is none yet. A file larger than `max_bytes` (the memory budget) is
/// refused before it is read: what it holds would not fit either.
///
/// # Errors
/// A file too large, or one that cannot be read; the message names it.
pub fn resume(path: &Path, max_bytes: usize) -> anyhow::Result<Option<Vec<u8>>> {
    match std::fs::metadata(path) {
        Ok(m) if m.len() > max_bytes as u64 => anyhow::bail!(
            "{}: the checkpoint is {}, more than the memory budget of {}; raise it with --memory",
            path.display(),
            Bytes(usize::try_from(m.len()).unwrap_or(usize::MAX)),
            Bytes(max_bytes)
        ),
        Ok(_) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            Ok(Some(bytes))
        }
        Err(_) => Ok(None),
    }
}

/// Saves what `write` writes to `path` through [`write_atomically`]: a run
/// killed at any moment leaves the previous checkpoint or this one, whole,
/// never half of one. The temporary files of earlier killed saves of the
/// same file go once a checkpoint is whole again.
///
/// # Errors
/// The write's, naming the file.
pub fn save(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    write_atomically(path, write)?;
    remove_leftovers_of(path);
    Ok(())
}
