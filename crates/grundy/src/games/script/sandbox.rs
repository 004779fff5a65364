//! The sandbox a script game runs in: what a script may use, and the bounds
//! of one call. This is the script language's contract (the book's
//! `reference/script-language.md` says it for users); a test tries every
//! escape it closes.
//!
//! A script is pure computation on integers, strings, arrays and maps:
//!
//! - **no module**: `import` and `export` are refused when the script is
//!   compiled, and the engine has no module resolver, so no text but the
//!   script's own is ever read (an `import` of a file that exists on disk
//!   and of one that does not fail alike, so files cannot be probed);
//! - **no file, no environment, no output**: rhai's standard library has
//!   none of the first two, and `print` and `debug` go nowhere;
//! - **no clock**: no `sleep`, no `timestamp` (the packages that hold them,
//!   rhai's language core and time packages, are left out), so a call
//!   cannot wait outside the operation count and cannot read the time;
//! - **no `eval`**: code is the script's own text, compiled once.
//!
//! Every call is bounded in work ([`MAX_OPERATIONS`]), in depth
//! ([`MAX_CALL_LEVELS`], [`MAX_EXPR_DEPTH`]) and in memory, in bytes: the
//! values it holds at once are counted by the allocator and the call stops
//! past [`super::meter::MAX_CALL_BYTES`] (24 MiB). rhai's own bounds keep
//! each value small, so that one operation cannot build much past the
//! count: at most [`MAX_ARRAY_SIZE`] array elements (nested arrays counted
//! whole; under 80 bytes each with their boxes), [`MAX_STRING_SIZE`] bytes
//! of text and [`MAX_MAP_SIZE`] map entries (under 128 bytes each), about
//! 8 MiB in all. A call holds at most 56 MiB at its peak (see
//! [`super::meter`]).
//!
//! Both bounds count work, not time, so a call fails or succeeds the same
//! way on every run and every machine. The only clock is the run's: a call
//! also stops at the deadline of the search that made it
//! ([`crate::solve::deadline`]: `--max-time`, a server's deadline), with
//! that limit's error; time never shapes an answer.

use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicFnPackage, BasicIteratorPackage, BasicMapPackage,
    BasicMathPackage, BasicStringPackage, BitFieldPackage, LogicPackage, MoreStringPackage,
    Package,
};
use rhai::Engine;

/// The most rhai operations one call of `moves` may take before it is
/// stopped as runaway (enough to list some 10^5 options of one position).
/// An operation costs at most a walk over one value (rhai re-measures an
/// array after each change to it: a `moves` that pushes N options one by
/// one costs O(N²), seconds for 10^5), so the bound also ends every call,
/// at the same operation on every run.
pub const MAX_OPERATIONS: u64 = 1_000_000;

/// How deep script functions may call each other. Each level costs the
/// thread tens of KiB of stack in a debug build: 32 levels fit the 2 MiB
/// of a worker thread with room to spare, in every build alike (a script
/// must not run in one build and fail in another).
pub const MAX_CALL_LEVELS: usize = 32;

/// How deep expressions may nest, at the top level and in functions alike
/// (the parser recurses once per level).
pub const MAX_EXPR_DEPTH: usize = 32;

/// The most array elements one value may hold, nested arrays counted
/// whole: a position, or a list of options.
pub const MAX_ARRAY_SIZE: usize = 100_000;

/// The most bytes one string (or all the strings inside one value) may hold.
pub const MAX_STRING_SIZE: usize = 65_536;

/// The most entries one object map may hold.
pub const MAX_MAP_SIZE: usize = 10_000;

/// The most variables alive at once in one function call.
pub const MAX_VARIABLES: usize = 64;

/// The most functions a script may define.
pub const MAX_FUNCTIONS: usize = 1_000;

/// Keywords refused when a script is compiled: each would reach past the
/// script's own text.
pub const REFUSED_KEYWORDS: [&str; 3] = ["import", "export", "eval"];

/// An engine with the sandbox's library and bounds, and nothing else.
pub fn engine() -> Engine {
    // `new_raw` has no module resolver, no print, no package: only what is
    // registered below.
    let mut engine = Engine::new_raw();
    let packages = [
        ArithmeticPackage::new().as_shared_module(),
        LogicPackage::new().as_shared_module(),
        BitFieldPackage::new().as_shared_module(),
        BasicMathPackage::new().as_shared_module(),
        BasicStringPackage::new().as_shared_module(),
        MoreStringPackage::new().as_shared_module(),
        BasicIteratorPackage::new().as_shared_module(),
        BasicArrayPackage::new().as_shared_module(),
        BasicMapPackage::new().as_shared_module(),
        BasicFnPackage::new().as_shared_module(),
    ];
    for package in packages {
        engine.register_global_module(package);
    }
    for keyword in REFUSED_KEYWORDS {
        engine.disable_symbol(keyword);
    }
    engine
        .set_max_operations(MAX_OPERATIONS)
        .set_max_call_levels(MAX_CALL_LEVELS)
        .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_EXPR_DEPTH)
        .set_max_string_size(MAX_STRING_SIZE)
        .set_max_array_size(MAX_ARRAY_SIZE)
        .set_max_map_size(MAX_MAP_SIZE)
        .set_max_variables(MAX_VARIABLES)
        .set_max_functions(MAX_FUNCTIONS)
        .set_max_modules(0);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine
}

/// The message for a syntax error that is a refused keyword, if it is one:
/// what is refused and what to do instead.
pub fn refused(message: &str) -> Option<String> {
    let keyword = REFUSED_KEYWORDS
        .into_iter()
        .find(|k| message.contains(&format!("'{k}' is")))?;
    Some(match keyword {
        "eval" => "`eval` is not available in a grundy script: write the code itself".into(),
        k => format!(
            "`{k}` is not available in a grundy script: a script is one file and reads no other; \
             write the functions it needs in it"
        ),
    })
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::super::engine::{Atom, Script};
    use super::MAX_VARIABLES;
    use crate::solve::deadline;

    /// What `moves(3)` of a script with this body says: its options'
    /// count, or its compile or runtime error.
    fn run(source: &str) -> Result<usize, String> {
        let script = Script::compile("escape.rhai", source).map_err(|e| e.to_string())?;
        script.moves(&Atom::Int(3)).map(|m| m.len())
    }

    /// [`run`] on a thread with the 2 MiB stack of a worker thread (rayon's,
    /// tokio's blocking pool), where deep recursion would overflow first.
    fn run_on_worker(source: &str) -> Result<usize, String> {
        let source = source.to_string();
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || run(&source))
            .unwrap()
            .join()
            .expect("the script's thread does not crash")
    }

    fn refused(source: &str, says: &str) {
        let err = run(source).expect_err(source);
        assert!(err.contains(says), "`{err}` should say `{says}`");
    }

    #[test]
    fn an_import_of_a_file_that_exists_is_refused_and_reads_nothing() {
        let dir = std::env::temp_dir().join(format!("grundy-sandbox-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let secret = dir.join("secret.rhai");
        std::fs::write(&secret, "fn moves(n) { [] }\nfn leak() { \"SECRET-42\" }\n").unwrap();
        let stem = secret.with_extension("");
        for source in [
            format!(
                "fn moves(n) {{ import \"{}\" as s; [s::leak()] }}",
                stem.display()
            ),
            format!("import \"{}\" as s;\nfn moves(n) {{ [] }}", stem.display()),
        ] {
            let err = run(&source).unwrap_err();
            assert!(err.contains("`import` is not available"), "{err}");
            assert!(!err.contains("SECRET"), "{err}");
        }
        // A file that does not exist fails with the same words: no probing.
        let missing = run("fn moves(n) { import \"/nonexistent/x\" as s; [] }").unwrap_err();
        assert_eq!(
            missing.replace("/nonexistent/x", "P"),
            run(&format!(
                "fn moves(n) {{ import \"{}\" as s; [] }}",
                stem.display()
            ))
            .unwrap_err()
            .replace(&stem.display().to_string(), "P")
        );
        refused(
            "export const x = 1;\nfn moves(n) { [] }",
            "`export` is not available",
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn no_function_reads_files_the_environment_or_the_clock() {
        for call in [
            "read_file(\"/etc/passwd\")",
            "open_file(\"/etc/passwd\")",
            "env(\"HOME\")",
            "sleep(2)",
            "sleep(0.5)",
            "timestamp()",
            "parse_json(\"{}\")",
            "exit()",
        ] {
            refused(
                &format!("fn moves(n) {{ let x = {call}; [] }}"),
                "Function not found",
            );
        }
        refused("fn moves(n) { eval(\"[1]\") }", "`eval` is not available");
    }

    #[test]
    fn huge_values_stop_at_their_bounds() {
        refused(
            "fn moves(n) { let s = \"ab\"; loop { s += s; } }",
            "Length of string",
        );
        refused(
            "fn moves(n) { let a = []; a.pad(10000000, 0); a }",
            "Size of array",
        );
        refused(
            "fn moves(n) { let a = []; a.pad(60000, 0); [a, a] }",
            "Size of array",
        );
        // A map grown key by key stops at its operations (rhai measures it
        // anew after each key), on every run alike.
        let err = run("fn moves(n) { let m = #{}; let i = 0; loop { m[`k${i}`] = i; i += 1; } }")
            .unwrap_err();
        assert!(err.contains("stopped after 1000000 operations"), "{err}");
    }

    #[test]
    fn copies_of_values_within_their_bounds_stop_at_the_calls_bytes() {
        // Defect: rhai bounds each value, not a call: copies of one array
        // in every variable of every level of a recursion (or in the
        // arguments of one call, or a sum padded into an array) multiplied
        // its bound to gigabytes.
        let big = "let a = []; a.pad(90000, 0);";
        for source in [
            format!("fn f(d) {{ {big} let b = a; let c = a; let e = a; if d < 30 {{ f(d + 1) }} [] }}\nfn moves(n) {{ f(0) }}"),
            format!("fn g(d, a, b, c, e, f) {{ if d < 30 {{ g(d + 1, a, b, c, e, f) }} else {{ [] }} }}\nfn moves(n) {{ {big} g(0, a, a, a, a, a) }}"),
            format!("fn moves(n) {{ {big} let s = sum(a); let m = #{{}}; let i = 0; loop {{ m[`k${{i}}`] = sum(a); i += 1; }} }}"),
        ] {
            let err = run_on_worker(&source).unwrap_err();
            assert!(err.contains("more than 24 MiB"), "{err}");
        }
        // A sum copied ninety thousand times in one operation shares its
        // atoms: a few MiB, not 90,000 copies of 90,000 atoms.
        let padded =
            format!("fn moves(n) {{ {big} let s = sum(a); let b = []; b.pad(90000, s); [] }}");
        assert_eq!(run(&padded), Ok(0));
        refused(
            &format!("fn moves(n) {{ {big} let f = Fn(\"moves\").curry(a); let b = []; b.pad(90000, f); [] }}"),
            "`pad` with a function is not available",
        );
    }

    #[test]
    fn a_call_slower_than_a_second_ends_the_same_way() {
        // Defect: a call also stopped after 1 s of wall-clock time, so
        // whether a slow call failed depended on the machine's load. Here
        // each push re-measures an array of 100,000 elements: seconds of
        // work (about 2.5 s here), well within the operations.
        let source = "fn moves(n) { let a = []; a.pad(99990, 0); \
            for i in 0..20000 { a.push(i); a.pop(); } [n - 1] }";
        assert_eq!(run(source), Ok(1));
    }

    #[test]
    fn deep_recursion_and_nesting_stop_without_crashing_a_worker_thread() {
        let deep = run_on_worker("fn f(n) { 1 + f(n + 1) }\nfn moves(n) { f(0); [] }").unwrap_err();
        assert!(deep.contains("more than 32 levels deep"), "{deep}");
        let nested = format!(
            "fn moves(n) {{ {}1{}; [] }}",
            "(".repeat(5000),
            ")".repeat(5000)
        );
        let err = run_on_worker(&nested).unwrap_err();
        assert!(err.contains("syntax error"), "{err}");
        let many = format!(
            "fn moves(n) {{ {} [] }}",
            (0..=MAX_VARIABLES)
                .map(|i| format!("let v{i} = {i};"))
                .collect::<String>()
        );
        let err = run_on_worker(&many).unwrap_err();
        assert!(err.contains("Too many variables"), "{err}");
    }

    #[test]
    fn a_loop_stops_at_its_operations_and_at_the_searchs_deadline() {
        // Without a deadline a loop ends at its operations, whatever the
        // clock says.
        refused(
            "fn moves(n) { loop { } }",
            "stopped after 1000000 operations",
        );
        let script = Script::compile("loop.rhai", "fn moves(n) { loop { } }")
            .unwrap()
            .with_max_operations(0);
        let deadline = Instant::now() + Duration::from_millis(50);
        let err = deadline::scoped(Some(deadline), || script.moves(&Atom::Int(3))).unwrap_err();
        assert!(err.contains("stopped at the search's time limit"), "{err}");
    }

    #[test]
    fn the_library_a_game_needs_is_there() {
        let source = "fn moves(n) {
            let opts = [];
            for k in 1..=n { if (n & k) != 0 { opts.push(n - k); } }
            let m = #{ a: 1 };
            let s = `${n}`.len() + \"x\".to_upper().len() + m.len();
            opts.sort();
            opts.map(|x| x + s - s).filter(|x| x >= 0).reduce(|a, x| { a.push(x); a }, [])
        }";
        assert_eq!(run(source), Ok(3));
    }
}
