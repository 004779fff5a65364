//! Serving the router on a socket until Ctrl-C.

use std::io;
use std::net::SocketAddr;

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
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(config))
            .with_graceful_shutdown(async {
                // Without a signal handler the server runs until killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
    })
}
