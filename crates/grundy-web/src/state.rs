//! What the server is configured with and what every handler shares: the
//! routes (`router`) and the handlers both read it, neither the other.

use std::time::Duration;

use grundy::api::Limits;

use crate::budget::Budget;

/// What the server allows each request and each connection.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Whether `script:NAME` games are played (their text from the body).
    pub allow_scripts: bool,
    /// The positions one search may store.
    pub limits: Limits,
    /// The wall-clock time one request may take (waiting for a slot, reading
    /// its body and solving); a solve past it is cancelled.
    pub timeout: Duration,
    /// How many solves run at once in the quick lane.
    pub concurrency: usize,
    /// How many solves run at once in the long lane, where a solve goes
    /// once it has run [`Config::quick_time`].
    pub long_concurrency: usize,
    /// How long a solve may hold a quick slot.
    pub quick_time: Duration,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// The most cells one `/api/table` request may ask for.
    pub max_cells: u64,
    /// The most connections open at once; more wait to be accepted.
    pub max_connections: usize,
    /// The most connections one client address may have open at once;
    /// more are closed as soon as they are accepted.
    pub max_connections_per_address: usize,
    /// The time a client has to send a request's headers, counted from the
    /// end of its last answer on a kept-alive connection (so also the idle
    /// time allowed between requests).
    pub header_timeout: Duration,
    /// The time a client has to send a request's whole body.
    pub body_timeout: Duration,
    /// The longest a connection stays open, however busy.
    pub connection_time: Duration,
}

impl Default for Config {
    /// No scripts; 2·10^6 positions (a few tens of MiB) and 10 s per
    /// request; a quick lane of two solves per core, each for 200 ms, and a
    /// long lane of one per two cores; bodies of 256 KiB within 10 s,
    /// headers within 5 s; 1,024 connections (32 per client address) of at
    /// most 2 minutes.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Config {
            allow_scripts: false,
            limits: Limits::new(2_000_000),
            timeout: Duration::from_secs(10),
            concurrency: 2 * cores,
            long_concurrency: (cores / 2).max(1),
            quick_time: Duration::from_millis(200),
            body_limit: 256 * 1024,
            max_cells: 1 << 16,
            max_connections: 1024,
            max_connections_per_address: 32,
            header_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(10),
            connection_time: Duration::from_secs(120),
        }
    }
}

/// What every handler shares.
pub struct AppState {
    /// The limits.
    pub config: Config,
    /// The slots and deadline of solves.
    pub budget: Budget,
}
