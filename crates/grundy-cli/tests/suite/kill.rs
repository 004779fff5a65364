//! Runs killed with SIGKILL at random moments, for the checkpoint tests: the
//! moments come from a seed that every failure message names.

use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

/// A source of kill moments: xorshift64* from a seed taken from the clock.
pub struct RandomKills {
    state: u64,
    seed: u64,
}

impl RandomKills {
    /// Kill moments from a seed taken from the clock.
    pub fn new() -> RandomKills {
        let seed = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
            | 1;
        RandomKills { state: seed, seed }
    }

    /// The seed, to name in a failure.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    fn next(&mut self) -> u64 {
        let s = &mut self.state;
        *s ^= *s >> 12;
        *s ^= *s << 25;
        *s ^= *s >> 27;
        s.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Starts `command` with its output discarded, kills it with SIGKILL (no
    /// handler runs, nothing is flushed) after a random part of `span`, and
    /// waits for it. Returns how long it ran.
    pub fn run_and_kill(&mut self, command: &mut Command, span: Duration) -> Duration {
        let mut child = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let wait = span.mul_f64((self.next() % 1000) as f64 / 1000.0);
        std::thread::sleep(wait);
        child.kill().unwrap();
        child.wait().unwrap();
        wait
    }
}
