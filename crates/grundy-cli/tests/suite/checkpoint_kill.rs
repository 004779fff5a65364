//! A `grundy sequence` run killed with SIGKILL at random moments: every
//! checkpoint it leaves is whole (it reads back as a prefix of the true
//! values), and every resume ends with the checksum of a run never stopped.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::kill::RandomKills;

use grundy::api::sequence::checkpoint_values;
use grundy::api::Spec;

/// The octal game `0.6` to 70000 values: four checkpoints (one
/// each 16384 values with `--checkpoint-every 0`) and the last, within a
/// second of the debug build.
const RULE: &str = "0.6";
const LEN: &str = "70000";
const KILLS: usize = 10;

fn sequence(file: &Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    c.args([
        "sequence",
        RULE,
        "--len",
        LEN,
        "--checksum",
        "--checkpoint-every",
        "0",
        "--checkpoint",
    ])
    .arg(file)
    .stdin(Stdio::null());
    c
}

#[test]
fn runs_killed_at_random_moments_resume_to_the_same_checksum() {
    let dir = std::env::temp_dir().join(format!("grundy-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rule = Spec::from(RULE);

    // The run never stopped: its checksum, its time, and its last
    // checkpoint, which holds every value.
    let whole = dir.join("whole.ckpt");
    let start = Instant::now();
    let out = sequence(&whole).output().unwrap();
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checksum = String::from_utf8(out.stdout).unwrap();
    let values = checkpoint_values(&rule, &std::fs::read(&whole).unwrap())
        .unwrap()
        .to_u64();
    assert_eq!(values.len().to_string(), LEN);

    let mut kills = RandomKills::new();
    let file = dir.join("killed.ckpt");
    let mut resumed_from_a_file = 0;
    for kill in 0..KILLS {
        let _ = std::fs::remove_file(&file);
        let wait = kills.run_and_kill(&mut sequence(&file), took);
        let why = format!("kill {kill} after {wait:?} (seed {})", kills.seed());
        if let Ok(bytes) = std::fs::read(&file) {
            let saved = checkpoint_values(&rule, &bytes)
                .unwrap_or_else(|e| panic!("{why}: the checkpoint left is not whole: {e}"))
                .to_u64();
            assert_eq!(
                saved[..],
                values[..saved.len()],
                "{why}: other values saved"
            );
            resumed_from_a_file += 1;
        }
        let out = sequence(&file).output().unwrap();
        assert!(
            out.status.success(),
            "{why}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8(out.stdout).unwrap(), checksum, "{why}");
    }
    eprintln!("{resumed_from_a_file} of {KILLS} kills left a checkpoint to resume from");
    // Most kills land after the first save, so most resumes read a file.
    assert!(
        resumed_from_a_file > 0,
        "no kill left a checkpoint (seed {})",
        kills.seed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C (SIGINT) during a run with a checkpoint stops it as it stops a
/// search: the values so far are saved, the command says where and exits
/// 130, and the same command goes on from them to the same checksum.
#[test]
fn ctrl_c_saves_the_values_and_a_rerun_goes_on() {
    let dir = std::env::temp_dir().join(format!("grundy-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stopped.ckpt");
    let rule = Spec::from(RULE);
    let run = |len: &str| {
        let mut c = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
        c.args(["sequence", RULE, "--len", len, "--checksum"])
            .args(["--checkpoint-every", "0", "--checkpoint"])
            .arg(&file)
            .stdin(Stdio::null());
        c
    };
    // Long enough that the signal lands within the run: 10^7 values.
    let child = run("10000000")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first save (16384 values) shows the run is under way.
    let start = Instant::now();
    while !file.exists() && start.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(file.exists(), "no checkpoint within 60 s");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("interrupted after") && stderr.contains("run the same command again"),
        "{stderr}"
    );
    let saved = checkpoint_values(&rule, &std::fs::read(&file).unwrap())
        .unwrap()
        .to_u64();
    assert!(saved.len() >= 16384, "{} values saved", saved.len());

    // The rerun, to a length past what was saved, ends as a run never
    // stopped does.
    let len = (saved.len() + 1000).to_string();
    let resumed = run(&len).output().unwrap();
    assert!(resumed.status.success());
    let _ = std::fs::remove_file(&file);
    let fresh = run(&len).output().unwrap();
    assert_eq!(resumed.stdout, fresh.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}
