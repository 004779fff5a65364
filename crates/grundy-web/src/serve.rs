//! Serving the router on a socket until Ctrl-C, with the connection limits
//! a public server needs: at most [`Config::max_connections`] open at once
//! (the rest wait in the listen queue, costing nothing), at most
//! [`Config::max_connections_per_address`] of them from one client address
//! (more are closed as soon as they are accepted), headers within
//! [`Config::header_timeout`] (also the idle time allowed between two
//! requests of a kept-alive connection), and no connection open longer than
//! [`Config::connection_time`] (a client that reads its answer slowly).
//! Bodies have their own deadline, in the router.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use crate::addresses::Addresses;
use crate::router::{router, Config};

/// Told once the server listens: the address it is bound to.
pub type Ready<'a> = &'a mut dyn FnMut(SocketAddr);

/// Listens on `addr` (port 0 for any free one), calls `ready` with the bound
/// address, and serves until Ctrl-C, on a runtime of its own.
///
/// # Errors
/// The runtime cannot start, or the address cannot be bound.
pub fn run(addr: SocketAddr, config: Config, ready: Ready<'_>) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, config, async {
            // Without a signal handler the server runs until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
    })
}

/// Serves `listener` with `config`'s limits until `shutdown` completes.
///
/// # Errors
/// The listener fails.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let app = router(config);
    let open = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let addresses = Addresses::new(config.max_connections_per_address);
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = Arc::clone(&open).acquire_owned() => p.expect("the semaphore is never closed"),
            () = &mut shutdown => return Ok(()),
        };
        let (stream, held) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => match addresses.admit(peer.ip()) {
                    Some(held) => (stream, held),
                    // An address past its cap: the connection is closed
                    // (dropped) at once and its global place given back.
                    None => continue,
                },
                // A connection that failed before it was accepted (reset,
                // out of descriptors for a moment) ends only itself.
                Err(_) => continue,
            },
            () = &mut shutdown => return Ok(()),
        };
        let app = app.clone();
        tokio::spawn(async move {
            let _places = (permit, held);
            connection(stream, app, &config).await;
        });
    }
}

/// One connection, served until it closes, fails or reaches its time.
async fn connection(stream: TcpStream, app: Router, config: &Config) {
    let _ = stream.set_nodelay(true);
    let service = TowerToHyperService::new(app);
    let served = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .keep_alive(true)
        .serve_connection(TokioIo::new(stream), service);
    // A connection past its time is dropped, which closes its socket.
    let _ = tokio::time::timeout(config.connection_time, served).await;
}
