//! The routes: the JSON api under `/api/`, the page and its files at `/`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use grundy::api::Limits;

use crate::budget::Budget;
use crate::error::ApiError;
use crate::{assets, handlers};

/// What the server allows each request.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Whether `script:NAME` games are played (their text from the body).
    pub allow_scripts: bool,
    /// The positions one search may store.
    pub limits: Limits,
    /// The wall-clock time one request may take.
    pub timeout: Duration,
    /// How many solves run at once (the others wait for a slot).
    pub concurrency: usize,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// The most cells one `/api/table` request may ask for.
    pub max_cells: u64,
}

impl Default for Config {
    /// No scripts; 2·10^6 positions (a few tens of MiB) and 10 s per
    /// request; one solve per core; bodies of 256 KiB; tables of 65,536 cells.
    fn default() -> Config {
        Config {
            allow_scripts: false,
            limits: Limits::new(2_000_000),
            timeout: Duration::from_secs(10),
            concurrency: std::thread::available_parallelism().map_or(2, usize::from),
            body_limit: 256 * 1024,
            max_cells: 1 << 16,
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

/// The playground's routes, with `config`'s limits.
pub fn router(config: Config) -> Router {
    let state = Arc::new(AppState {
        config,
        budget: Budget::new(config.concurrency, config.timeout),
    });
    let api = Router::new()
        .route("/games", get(handlers::games))
        .route("/analyze", post(handlers::analyze))
        .route("/moves", post(handlers::moves))
        .route("/play", post(handlers::play))
        .route("/table", post(handlers::table))
        .route("/locate", post(handlers::locate))
        .route("/board", post(handlers::board))
        .fallback(|| async {
            ApiError {
                status: StatusCode::NOT_FOUND,
                ..ApiError::bad_input("no such endpoint; the README's Web playground lists them")
            }
        })
        .layer(DefaultBodyLimit::max(config.body_limit))
        .with_state(state);
    Router::new()
        .nest("/api", api)
        .route("/", get(assets::index))
        .route("/static/{file}", get(assets::file))
}
