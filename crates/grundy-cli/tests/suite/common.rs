//! What every file of the suite uses: the built `grundy` binary, and its
//! JSON output.

use assert_cmd::Command;
use serde_json::Value;

/// A command that runs the built `grundy` binary.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// What `grundy ARGS` prints as JSON, after checking that it succeeded
/// (ARGS include `--json` where the subcommand needs it).
pub fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).output().expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Checks that `grundy ARGS` is refused as bad input or a limit should
/// be: exit code 2, nothing on stdout, one line on stderr containing
/// `fragment`.
pub fn refused_in_one_line(args: &[&str], fragment: &str) {
    let out = grundy().args(args).output().expect("the binary runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(out.stderr).expect("UTF-8 on stderr");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(fragment), "{args:?}: {err}");
}
