//! The script sandbox from the command line: every escape a script could
//! try fails with one clear line and exit code 2, and `--max-time` holds
//! inside a script's calls. The book's `reference/script-language.md` is
//! the contract these check.

use std::path::PathBuf;
use std::time::Duration;

use super::common;

/// A script file with `source`, written for this test alone.
fn script(name: &str, source: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sandbox");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path
}

/// `grundy analyze script:FILE 3` fails with exit code 2 and one line on
/// stderr that says `says` and does not say `hidden`.
fn escape_fails(name: &str, source: &str, says: &str, hidden: &str) {
    let spec = format!("script:{}", script(name, source).display());
    let out = common::grundy()
        .args(["analyze", &spec, "3"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert_eq!(err.lines().count(), 1, "{name}: {err}");
    assert!(err.contains(says), "{name}: `{err}` should say `{says}`");
    assert!(!err.contains(hidden), "{name}: `{err}` shows `{hidden}`");
}

#[test]
fn an_import_of_an_existing_file_is_refused_before_anything_runs() {
    // Defect: `import "x"` opened x.rhai anywhere on disk.
    let secret = script(
        "secret.rhai",
        "fn leak() { \"SECRET-314\" }\nfn moves(n) { [] }",
    );
    let stem = secret.with_extension("");
    let import = format!(
        "fn moves(n) {{ import \"{}\" as s; [s::leak()] }}",
        stem.display()
    );
    escape_fails(
        "import.rhai",
        &import,
        "`import` is not available",
        "SECRET",
    );
    let top = format!("import \"{}\" as s;\nfn moves(n) {{ [] }}", stem.display());
    escape_fails(
        "import-top.rhai",
        &top,
        "`import` is not available",
        "SECRET",
    );
}

#[test]
fn no_function_reads_a_file_the_environment_or_the_clock() {
    for (name, call) in [
        ("file.rhai", "read_file(\"/etc/passwd\")"),
        ("env.rhai", "env(\"HOME\")"),
        ("sleep.rhai", "sleep(30)"),
        ("sleep-float.rhai", "sleep(30.0)"),
        ("clock.rhai", "timestamp()"),
    ] {
        let source = format!("fn moves(n) {{ let x = {call}; [] }}");
        escape_fails(name, &source, "Function not found", "root:");
    }
}

#[test]
fn huge_values_deep_recursion_and_loops_stop_at_their_bounds() {
    for (name, source, says) in [
        (
            "string.rhai",
            "fn moves(n) { let s = \"ab\"; loop { s += s; } }",
            "Length of string",
        ),
        (
            "array.rhai",
            "fn moves(n) { let a = []; a.pad(1000000000, 0); a }",
            "Size of array",
        ),
        (
            "recursion.rhai",
            "fn f(n) { 1 + f(n + 1) }\nfn moves(n) { [f(0)] }",
            "levels deep",
        ),
        ("loop.rhai", "fn moves(n) { loop { } }", "operations"),
        (
            "eval.rhai",
            "fn moves(n) { eval(\"[1]\") }",
            "`eval` is not available",
        ),
    ] {
        escape_fails(name, source, says, "panicked");
    }
}

#[test]
fn max_time_holds_inside_a_scripts_calls() {
    // Defect: the script solver looked at the clock between rounds of calls
    // only, so a round of calls that each ran long went on far past
    // --max-time (here 600 calls of about 0.1 s: tens of seconds).
    let slow = script(
        "slow.rhai",
        "fn moves(n) { let i = 0; while i < 150000 { i += 1; } if n > 0 { [n - 1] } else { [] } }",
    );
    let spec = format!("script:{}", slow.display());
    let parts: Vec<String> = (1000..1600).map(|n| n.to_string()).collect();
    let mut args = vec!["analyze", "--value-only", "--max-time", "1", &spec];
    args.extend(parts.iter().map(String::as_str));
    let out = common::grundy()
        .args(&args)
        .timeout(Duration::from_secs(15))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("time limit of 1 s"), "{err}");
}

#[test]
fn max_time_holds_in_a_call_made_before_any_search() {
    // Defect: the position's moves are counted by a script call before the
    // search starts, and --max-time started with the search, so one long
    // call ran to its operation bound (copies of a large array, each one
    // operation: over 10 s).
    let slow = script(
        "before.rhai",
        "fn moves(n) { let a = []; a.pad(90000, 0); for i in 0..200000 { let b = a; b.push(1); } if n > 0 { [n - 1] } else { [] } }",
    );
    let spec = format!("script:{}", slow.display());
    let out = common::grundy()
        .args(["analyze", "--max-time", "1", &spec, "1"])
        .timeout(Duration::from_secs(15))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("time limit"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

// The script-language page's examples are console blocks, run with every
// other page's by the book's test (`tests/book.rs`, trycmd).

#[test]
fn copies_of_a_large_value_stop_at_the_calls_bytes_under_a_memory_limit() {
    // Defect: a call's memory was bounded per value, not in bytes: 52
    // copies of an array of 90,000 elements at each of 30 levels of a
    // recursion take over 2 GiB, and the process died out of memory. Now
    // the call stops at 24 MiB, with one line and exit code 2, in a
    // process the system allows 1 GiB of address space.
    let copies: String = (0..52).map(|i| format!("let v{i} = a; ")).collect();
    let source = format!(
        "fn f(d) {{ let a = []; a.pad(90000, 0); {copies}if d < 30 {{ f(d + 1) }} [] }}\nfn moves(n) {{ f(0) }}"
    );
    let spec = format!("script:{}", script("copies.rhai", &source).display());
    let out = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 1048576 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", &spec, "3"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("more than 24 MiB"), "{err}");
}
