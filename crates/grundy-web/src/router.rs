//! The routes: the JSON api under `/api/`, the page and its files at `/`.

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use tower_http::timeout::RequestBodyDeadlineLayer;

use crate::budget::{Budget, Lanes};
use crate::error::ApiError;
pub use crate::state::{AppState, Config};
use crate::{assets, handlers};

/// The playground's routes, with `config`'s limits.
pub fn router(config: Config) -> Router {
    let state = Arc::new(AppState {
        config,
        budget: Budget::new(Lanes {
            quick: config.concurrency,
            long: config.long_concurrency,
            quick_time: config.quick_time,
            timeout: config.timeout,
        }),
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
        // A body trickled in byte by byte holds nothing past this.
        .layer(RequestBodyDeadlineLayer::new(config.body_timeout))
        .with_state(state);
    Router::new()
        .nest("/api", api)
        .route("/", get(assets::index))
        .route("/static/{file}", get(assets::file))
}
