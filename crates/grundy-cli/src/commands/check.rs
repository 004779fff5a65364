//! `grundy check FILE`: verifies a certificate with the independent
//! checker (the `grundy-check` crate, which shares no code with the
//! engine); and the writing of certificates for `analyze` and `period`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use grundy::api::certificate::{CertificateError, Summary};

use crate::output::write_atomically;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The certificate, as written by `analyze --certificate` or `period --certificate` (gzip-compressed or not).
    pub file: PathBuf,
}

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    match grundy_check::check_file(&args.file) {
        Ok(report) => {
            println!("{report}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("grundy: {}: {e}", args.file.display());
            Ok(ExitCode::from(match e.exit_code() {
                1 => 1,
                _ => 2,
            }))
        }
    }
}

/// Writes a certificate to `path` with `write`, atomically (a killed run
/// leaves no half file), gzip-compressed when the name ends in `.gz`, and
/// says on stderr what it holds and its size on disk.
///
/// # Errors
/// The certificate's own error, or the file's.
pub fn write_certificate(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<Summary, CertificateError>,
) -> anyhow::Result<()> {
    let gzip = path.extension().is_some_and(|e| e == "gz");
    let mut summary = None;
    let mut failure = None;
    write_atomically(path, |file| {
        let result = match gzip {
            true => {
                let mut z = flate2::write::GzEncoder::new(file, flate2::Compression::default());
                let r = write(&mut z);
                z.finish()?;
                r
            }
            false => write(file),
        };
        match result {
            Ok(s) => summary = Some(s),
            Err(e) => {
                failure = Some(e);
                return Err(std::io::Error::other("no certificate"));
            }
        }
        Ok(())
    })
    .map_err(|e| match failure.take() {
        Some(f) => anyhow::Error::new(f),
        None => e.into(),
    })?;
    let on_disk = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if let Some(s) = summary {
        eprintln!("{s}; {} written ({on_disk} bytes)", path.display());
    }
    Ok(())
}
