//! Failures as HTTP answers: a status chosen by the api error's kind, and a
//! JSON body `{"error": message, "kind": kind}`.

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::api::{self, ErrorKind};
use serde::Serialize;

/// A request that could not be answered, with the status it is answered with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// `bad_input`, `limit`, `busy`, `game_failed`, `io` or `internal`.
    pub kind: &'static str,
    /// What went wrong, and how to fix it.
    pub message: String,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    kind: &'a str,
}

impl ApiError {
    /// A bad request (400) with `message`.
    pub fn bad_input(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            kind: "bad_input",
            message: message.into(),
        }
    }

    /// A request beyond a limit of the server (422).
    pub fn limit(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            kind: "limit",
            message: message.into(),
        }
    }

    /// A request the server has no room for now (503): every slot for long
    /// solves is taken.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            kind: "busy",
            message: message.into(),
        }
    }

    /// A failure of the server itself (500).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            kind: "internal",
            message: message.into(),
        }
    }
}

impl From<api::Error> for ApiError {
    fn from(e: api::Error) -> ApiError {
        let (status, kind) = match e.kind() {
            ErrorKind::BadInput => (StatusCode::BAD_REQUEST, "bad_input"),
            ErrorKind::Limit => (StatusCode::UNPROCESSABLE_ENTITY, "limit"),
            ErrorKind::GameFailed => (StatusCode::UNPROCESSABLE_ENTITY, "game_failed"),
            // `ErrorKind` may grow; anything else is the server's own failure.
            _ => (StatusCode::INTERNAL_SERVER_ERROR, "io"),
        };
        ApiError {
            status,
            kind,
            message: e.to_string(),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        match r {
            // The body was refused before it was read whole: too large.
            JsonRejection::BytesRejection(b) if b.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError {
                    status: StatusCode::PAYLOAD_TOO_LARGE,
                    kind: "limit",
                    message: format!("the request body is too large: {}", b.body_text()),
                }
            }
            other => ApiError::bad_input(other.body_text()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: &self.message,
            kind: self.kind,
        };
        (self.status, Json(body)).into_response()
    }
}
