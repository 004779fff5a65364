//! Replays the fuzz corpora and crash regressions on the stable toolchain:
//! every file under `fuzz/corpus/TARGET/` and `fuzz/regressions/TARGET/`
//! goes through the target's function, which must not panic. `cargo test`
//! thus checks, cheaply, every input the fuzzing campaign kept; one test per
//! target, so that they run in parallel.

use std::path::Path;
use std::time::Instant;

fn replay(name: &str) {
    let (_, target) = grundy_fuzz::TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a target of grundy_fuzz::TARGETS");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let (start, mut files) = (Instant::now(), 0);
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(name)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let run = std::panic::catch_unwind(|| target(&data));
            assert!(run.is_ok(), "{name}: {} panics", path.display());
            files += 1;
        }
    }
    assert!(files > 0, "no corpus for the fuzz target {name}");
    eprintln!("{name}: {files} inputs in {:?}", start.elapsed());
}

macro_rules! replay_tests {
    ($($name:ident),*) => {
        $(#[test]
        fn $name() {
            replay(stringify!($name));
        })*

        #[test]
        fn every_target_is_replayed() {
            let tested = [$(stringify!($name)),*];
            for (name, _) in grundy_fuzz::TARGETS {
                assert!(tested.contains(name), "no replay test for {name}");
            }
        }
    };
}

replay_tests!(
    analyze,
    heap_code,
    formula,
    judge,
    graph,
    checkpoint,
    script,
    huge_number,
    web_body
);
