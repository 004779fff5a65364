//! The page and its files, compiled into the binary: no build step, no CDN.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The files under `static/`, with their content types.
const FILES: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/app.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/api.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/board.js"),
    ),
    (
        "charts.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/charts.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../static/style.css"),
    ),
];

/// `GET /`: the page.
pub async fn index() -> Html<&'static str> {
    Html(include_str!("../static/index.html"))
}

/// `GET /static/FILE`: a file of the page.
pub async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
