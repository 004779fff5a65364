//! `grundy serve`: the web playground on a local port.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

use clap::Args;
use grundy_web::Config;

use crate::args::SearchArgs;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0 for any free one).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,
    /// The address to listen on; another than 127.0.0.1 lets other machines in.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Open the page in a browser (with xdg-open).
    #[arg(long)]
    open: bool,
    /// Play script games (`script:NAME`), whose text a request carries; the
    /// server reads no files either way.
    #[arg(long)]
    allow_scripts: bool,
    /// Seconds one request may take before it is answered with an error
    /// (its solve is then cancelled).
    #[arg(long, value_name = "S", default_value_t = 10)]
    timeout: u64,
    /// Milliseconds a solve may run in the quick lane before it moves to the
    /// long one (or is refused as busy when that is full).
    #[arg(long, value_name = "MS", default_value_t = 200)]
    quick_ms: u64,
    /// Solves at once in the long lane (default: one per two cores).
    #[arg(long, value_name = "N")]
    long_solves: Option<usize>,
    /// Connections open at once; more wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = 1024)]
    max_connections: usize,
    /// Connections one client address may have open at once; more are
    /// closed at once (raise it behind a proxy, whose connections all come
    /// from one address).
    #[arg(long = "max-per-address", value_name = "N", default_value_t = 32)]
    max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers (and the idle time
    /// allowed between requests on one connection).
    #[arg(long, value_name = "S", default_value_t = 5)]
    header_timeout: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, value_name = "S", default_value_t = 10)]
    body_timeout: u64,
    /// Seconds a connection may stay open, however busy.
    #[arg(long, value_name = "S", default_value_t = 120)]
    connection_time: u64,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    let secs = |s: u64| Duration::from_secs(s.max(1));
    let defaults = Config::default();
    let config = Config {
        allow_scripts: args.allow_scripts,
        limits: args.search.limits(),
        timeout: secs(args.timeout),
        quick_time: Duration::from_millis(args.quick_ms.max(1)),
        long_concurrency: args.long_solves.unwrap_or(defaults.long_concurrency),
        max_connections: args.max_connections.max(1),
        max_connections_per_address: args.max_connections_per_address.max(1),
        header_timeout: secs(args.header_timeout),
        body_timeout: secs(args.body_timeout),
        connection_time: secs(args.connection_time),
        ..defaults
    };
    let open = args.open;
    let mut ready = |addr: SocketAddr| {
        let url = format!("http://{addr}/");
        println!("grundy serve: the playground is at {url} (Ctrl-C stops it)");
        if open {
            open_browser(&url);
        }
    };
    grundy_web::run(SocketAddr::new(args.host, args.port), config, &mut ready)
        .map_err(|e| anyhow::anyhow!("cannot serve on {}:{}: {e}", args.host, args.port))?;
    Ok(ExitCode::SUCCESS)
}

/// Asks the desktop to open `url`, and says so when it cannot.
fn open_browser(url: &str) {
    let opened = Command::new("xdg-open")
        .arg(url)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    match opened {
        Ok(s) if s.success() => {}
        Ok(s) => eprintln!("grundy serve: xdg-open failed ({s}); open {url} yourself"),
        Err(e) => eprintln!("grundy serve: cannot run xdg-open ({e}); open {url} yourself"),
    }
}
