//! Replays the fuzz corpora and crash regressions on the stable toolchain:
//! every file under `fuzz/corpus/TARGET/` and `fuzz/regressions/TARGET/`
//! goes through the target's function, which must not panic. `cargo test`
//! thus checks, cheaply, every input the fuzzing campaign kept.

use std::path::Path;

#[test]
fn every_corpus_and_regression_file_runs_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut replayed = 0;
    for (name, target) in grundy_fuzz::TARGETS {
        let mut files = 0;
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
        replayed += files;
    }
    eprintln!("replayed {replayed} fuzz inputs");
}
