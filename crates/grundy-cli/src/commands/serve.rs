//! `grundy serve`: the web playground on a local port.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, ExitCode, Stdio};

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
    /// Seconds one request may take before it is answered with an error.
    #[arg(long, value_name = "S", default_value_t = 10)]
    timeout: u64,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    let config = Config {
        allow_scripts: args.allow_scripts,
        limits: args.search.limits(),
        timeout: std::time::Duration::from_secs(args.timeout.max(1)),
        ..Config::default()
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
